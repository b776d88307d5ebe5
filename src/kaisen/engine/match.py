"""A match: a game in progress with its record, its log and the dice source that answers chance."""
from __future__ import annotations

from typing import Any, Callable

from kaisen.engine.core import Answer, Chance, Decision, End, Event, Game, Pause
from kaisen.engine.dice import DiceSource, SeededDice
from kaisen.engine.record import Record


class Match:
    """Drives one game: applies answers, rolls chance nodes from the dice source, keeps record and log."""

    def __init__(self, game: Game, scenario: str | None = None, options: dict[str, Any] | None = None,
                 seed: int | None = 0, dice: DiceSource | None = None, agents: dict[str, str] | None = None):
        self.game = game
        sc = game.scenario(scenario)
        opts = game.resolve_options(options)
        self.state = game.new_state(sc.id, opts)
        self.record = Record(game=game.id, scenario=sc.id, options=opts, seed=seed, agents=dict(agents or {}))
        self.dice = dice if dice is not None else SeededDice(seed)
        self.log: list[Event] = list(game.events(self.state))
        self.steps = 0

    @classmethod
    def from_record(cls, game: Game, record: Record, dice: DiceSource | None = None) -> "Match":
        from kaisen.engine.record import replay
        match = cls.__new__(cls)
        match.game = game
        match.state, match.log = replay(game, record, collect_events=True)
        match.record = Record(game=record.game, scenario=record.scenario, options=dict(record.options),
                              seed=record.seed, answers=list(record.answers), agents=dict(record.agents))
        # continue the dice stream after the dice already in the record
        match.dice = dice if dice is not None else SeededDice((record.seed or 0) + 7919 * len(record.answers))
        match.steps = len(record.answers)
        return match

    def pause(self) -> Pause:
        return self.game.pause(self.state)

    @property
    def over(self) -> bool:
        return isinstance(self.pause(), End)

    def answer(self, answer: Answer) -> list[Event]:
        """Apply one answer (raises IllegalAction, leaving the match unchanged, if refused)."""
        self.state = self.game.apply(self.state, answer)
        self.record.answers.append(answer)
        self.steps += 1
        new = list(self.game.events(self.state))
        self.log.extend(new)
        return new

    def roll(self) -> list[Event]:
        pause = self.pause()
        assert isinstance(pause, Chance)
        return self.answer(self.dice.roll(pause))

    def run(self, choose: Callable[[Decision], str], on_events: Callable[[list[Event]], None] | None = None,
            max_steps: int = 1_000_000) -> End:
        """Play to the end: chance from the dice source, decisions from `choose`."""
        for _ in range(max_steps):
            pause = self.pause()
            if isinstance(pause, End):
                return pause
            new = self.roll() if isinstance(pause, Chance) else self.answer(choose(pause))
            if on_events:
                on_events(new)
        raise RuntimeError(f"game did not end within {max_steps} steps")
