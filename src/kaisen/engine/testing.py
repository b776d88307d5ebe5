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


def random_answer(pause, rng) -> Any:
    """A uniformly random legal answer: faces for a Chance node, an option id for a Decision."""
    from kaisen.engine.core import Chance
    if isinstance(pause, Chance):
        return tuple(rng.randint(1, k) for k in pause.dice)
    return rng.choice(pause.options).id


def random_game(game: Game, seed: int, options: dict | None = None):
    """Yield (state, answer, next_state) along a random legal game from a new state."""
    import random

    from kaisen.engine.core import End
    rng = random.Random(seed)
    s = game.new_state(options=options)
    while not isinstance(p := game.pause(s), End):
        a = random_answer(p, rng)
        nxt = game.apply(s, a)
        yield s, a, nxt
        s = nxt


def play_out(game: Game, s: Any, rng) -> Any:
    """Random legal play from `s` to the end; the final state."""
    from kaisen.engine.core import End
    while not isinstance(p := game.pause(s), End):
        s = game.apply(s, random_answer(p, rng))
    return s


def assert_round_trip(game: Game, s: Any) -> None:
    """The state survives JSON text unchanged, pause included."""
    back = game.from_json(json.loads(json.dumps(game.to_json(s))))
    assert back == s
    assert game.pause(back) == game.pause(s)


def assert_replay_identity(game: Game, seed: int) -> None:
    """A random game's record, saved and loaded, replays to the identical state and narration."""
    import random

    from kaisen.engine.match import Match
    from kaisen.engine.record import Record, replay
    m = Match(game, seed=seed)
    rng = random.Random(seed)
    m.run(lambda d: rng.choice(d.options).id)
    rec = Record.loads(m.record.dumps(), expect_game=game.id)
    state, events = replay(game, rec, collect_events=True)
    assert game.to_json(state) == game.to_json(m.state)
    assert [e.text for e in events] == [e.text for e in m.log]


def play_agents(game: Game, agents: dict, seed: int, on_decision=None):
    """One full seeded game (a Match) in which each agent is handed only its own side's view;
    `on_decision(match, decision, view, answer)` sees every answer."""
    from kaisen.engine.match import Match
    m = Match(game, seed=seed)

    def choose(d):
        view = game.view(m.state, d.side)
        answer = agents[d.side].choose(view, d)
        if on_decision:
            on_decision(m, d, view, answer)
        return answer

    m.run(choose)
    return m
