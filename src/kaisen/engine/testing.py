"""Test helpers for any game on the contract: play answers in a row, list the options, check a refusal."""
from __future__ import annotations

import json
from typing import Any

from kaisen.engine.core import Event, Game, IllegalAction


class GameDriver:
    """Bound to one game: `play`, `ids` and `refused` as tests of that game use them."""

    def __init__(self, game: Game):
        self.game = game

    def play(self, s: Any, *answers) -> tuple[Any, list[Event]]:
        """Apply the answers in turn; return the final state and every event they produced."""
        events: list[Event] = []
        for a in answers:
            s = self.game.apply(s, a)
            events.extend(self.game.events(s))
        return s, events

    def ids(self, s: Any) -> list[str]:
        """The ids of the options at the current pause."""
        return [o.id for o in self.game.pause(s).options]

    def refused(self, s: Any, answer, rule: str) -> IllegalAction:
        """The answer is refused under `rule` and the state is left exactly as it was."""
        before = json.dumps(self.game.to_json(s), sort_keys=True)
        try:
            self.game.apply(s, answer)
        except IllegalAction as err:
            assert err.rule == rule, f"refused under {err.rule!r}, expected {rule!r}: {err}"
            assert json.dumps(self.game.to_json(s), sort_keys=True) == before, "the refused answer changed the state"
            return err
        raise AssertionError(f"{answer!r} was accepted; expected a refusal under {rule!r}")
