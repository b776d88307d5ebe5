"""A match: a game in progress with its record, its log and the dice source that answers chance."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from kaisen.engine.core import Answer, Chance, Decision, End, Event, Game, IllegalAction, Pause
from kaisen.engine.dice import DiceSource, SeededDice
from kaisen.engine.record import Record, RecordError


class Step(NamedTuple):
    """Who gave one answer of the record (None: the dice) and whether its events, as that side read them,
    revealed something hidden (`Game.reveals`)."""

    side: str | None
    revealed: bool


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
        self.history: list[Step] = []

    @classmethod
    def from_record(cls, game: Game, record: Record, dice: DiceSource | None = None) -> "Match":
        match = cls.__new__(cls)
        match.game = game
        match.replay(record, len(record.answers))
        match.record = Record(game=record.game, scenario=record.scenario, options=dict(record.options),
                              seed=record.seed, answers=list(record.answers), agents=dict(record.agents))
        # continue the dice stream after the dice already in the record
        match.dice = dice if dice is not None else SeededDice((record.seed or 0) + 7919 * len(record.answers))
        return match

    def replay(self, record: Record, upto: int) -> None:
        """Rebuild state, log and history from the first `upto` answers of a record."""
        if record.game != self.game.id:
            raise RecordError(f"this record is a {record.game!r} game, not {self.game.id!r}")
        try:
            state = self.game.new_state(record.scenario, record.options)
        except IllegalAction as err:
            raise RecordError(f"record setup refused: {err.one_line()}") from None
        self.state, self.log, self.history, self.steps = state, list(self.game.events(state)), [], 0
        for i, answer in enumerate(record.answers[:upto]):
            try:
                self._apply(answer)
            except IllegalAction as err:
                raise RecordError(f"answer #{i} ({answer!r}) does not fit the game: {err.one_line()}") from None

    def pause(self) -> Pause:
        return self.game.pause(self.state)

    @property
    def over(self) -> bool:
        return isinstance(self.pause(), End)

    def _apply(self, answer: Answer, pause: Pause | None = None) -> list[Event]:
        pause = self.pause() if pause is None else pause
        self.state = self.game.apply(self.state, answer)
        self.steps += 1
        new = list(self.game.events(self.state))
        self.log.extend(new)
        side = pause.side if isinstance(pause, Decision) else None
        self.history.append(Step(side, side is not None and any(e.visible_to(side) and self.game.reveals(e)
                                                                 for e in new)))
        return new

    def answer(self, answer: Answer, pause: Pause | None = None) -> list[Event]:
        """Apply one answer (raises IllegalAction, leaving the match unchanged, if refused); `pause`: where the
        match stands, when the caller has it already."""
        new = self._apply(answer, pause)
        self.record.answers.append(answer)
        return new

    def roll(self) -> list[Event]:
        pause = self.pause()
        assert isinstance(pause, Chance)
        return self.answer(self.dice.roll(pause), pause)

    def run(self, choose: Callable[[Decision], str], on_events: Callable[[list[Event]], None] | None = None,
            max_steps: int = 1_000_000) -> End:
        """Play to the end: chance from the dice source, decisions from `choose`."""
        for _ in range(max_steps):
            pause = self.pause()
            if isinstance(pause, End):
                return pause
            new = (self.answer(self.dice.roll(pause), pause) if isinstance(pause, Chance)
                   else self.answer(choose(pause), pause))
            if on_events:
                on_events(new)
        raise RuntimeError(f"game did not end within {max_steps} steps")

    # -- undo -----------------------------------------------------------------------------------
    def undo_point(self, side: str) -> tuple[int, Step | None]:
        """How far back `side` may take its answers: the record length to go back to, and the answer that stops
        it there (None: the start of the game). Undo stops at new information: a roll of the dice (no die is
        ever rolled again), an answer by another side, or an own answer whose events revealed something hidden
        to it (`Game.reveals`)."""
        i = len(self.history)
        while i > 0 and self.history[i - 1].side == side and not self.history[i - 1].revealed:
            i -= 1
        return i, (self.history[i - 1] if i > 0 else None)

    def undo(self, side: str, count: int | None = 1) -> list[tuple[Pause, Answer]]:
        """Take back the last `count` answers of `side` (None: all it may), rebuilding the match from the
        shortened record; the dice source goes on as it was. Returns each undone answer with the decision it
        answered, first to last; raises IllegalAction (naming what stops it) when there is none to take back."""
        point, stop = self.undo_point(side)
        n = len(self.record.answers)
        available = n - point
        if available == 0 or (count is not None and count < 1):
            why = ("no answer yet" if stop is None else "the dice were rolled after it" if stop.side is None
                   else f"{stop.side} answered after it" if stop.side != side else "it revealed something hidden")
            raise IllegalAction("undo", f"nothing of {side}'s can be taken back ({why})", count,
                                f"1..{available}" if available else "nothing")
        keep = point if count is None else n - min(count, available)
        undone = self.record.answers[keep:]
        self.replay(self.record, keep)
        self.record.answers = self.record.answers[:keep]
        taken = []
        state = self.state
        for a in undone:
            taken.append((self.game.pause(state), a))
            state = self.game.apply(state, a)
        return taken
