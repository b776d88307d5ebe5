"""The game-agnostic engine: the game protocol, decisions, chance, events, records and dice.

The engine never imports a game; games import the engine.
"""
from kaisen.engine.core import (
    Answer, Chance, Decision, End, Event, Game, IllegalAction, Option, Pause, check_dice,
)
from kaisen.engine.dice import DiceSource, ManualDice, ScriptedDice, SeededDice
from kaisen.engine.record import Record, RecordError, replay
from kaisen.engine.match import Match

__all__ = [
    "Answer", "Chance", "Decision", "End", "Event", "Game", "IllegalAction", "Option", "Pause",
    "check_dice", "DiceSource", "ManualDice", "ScriptedDice", "SeededDice", "Record", "RecordError",
    "replay", "Match",
]
