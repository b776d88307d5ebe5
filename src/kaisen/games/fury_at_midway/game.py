"""Fury at Midway as a kaisen Game (the engine contract of DESIGN.md)."""
from __future__ import annotations

import random
from typing import Any

from kaisen.engine.core import Answer, Event, Game, GameOption, Pause, Scenario
from kaisen.games.fury_at_midway import flow, views
from kaisen.games.fury_at_midway.data import FaMData, load
from kaisen.games.fury_at_midway.state import FaMState


class FuryAtMidway(Game[FaMState]):
    """Seven turns of carrier war on a hex map: secret plots, searches, air operations, the landing."""

    id = "fury-at-midway"
    title = "Fury at Midway: 4-5 June 1942"
    sides = ("japan", "usa")
    scenarios = (Scenario("campaign", "Midway, 4-5 June 1942", "The full game: Day 1 (turns 1-3), the night, Day 2"),)
    options = (GameOption("b17", "Optional rule 9.4(4): Midway's B-17s fly (three dice a step, a hit on three 1s)"),)

    def __init__(self, data: FaMData | None = None):
        self.data = data or load()

    def new_state(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> FaMState:
        self.scenario(scenario)
        return flow.new_game(self.data, self.resolve_options(options))

    def pause(self, state: FaMState) -> Pause:
        return flow.pause(state, self.data)

    def apply(self, state: FaMState, answer: Answer) -> FaMState:
        return flow.apply(state, self.data, answer)

    def events(self, state: FaMState) -> tuple[Event, ...]:
        return state.last_events

    def view(self, state: FaMState, side: str | None) -> dict[str, Any]:
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        return views.view(state, self.data, side, self.pause(state))

    def public_view(self, state: FaMState) -> dict[str, Any]:
        """What neither side's view hides (the spectator's view): see views.PUBLIC."""
        return views.view(state, self.data, views.PUBLIC, self.pause(state))

    def render(self, view: dict[str, Any]) -> Any: from kaisen.games.fury_at_midway.board import render_board; return render_board(view)  # noqa: E501,E701,E702
    def sample_state(self, view: dict[str, Any], rng: random.Random) -> FaMState:
        from kaisen.games.fury_at_midway import sampler
        return sampler.sample(self, view, rng)

    def to_json(self, state: FaMState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> FaMState:
        return FaMState.from_json(data)
