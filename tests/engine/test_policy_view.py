"""`Game.policy_view`: the view a policy reads inside a search (issue 15: rollouts and priors read a side's view at
every decision). It must be the very view `view` gives, key for key and in the same order, for every game, side and
state; a game may make its parts only when read (`LazyView`), which is all it may change."""
from __future__ import annotations

import json
from collections.abc import Mapping

import pytest

from kaisen.agents.ismcts import ISMCTSAgent, LEVELS
from kaisen.engine.core import Decision, LazyView
from kaisen.engine.testing import random_game
from kaisen.registry import all_games, get_game


def plain(x):
    """A view read through every Mapping it holds into plain dicts (what a reader can see of it)."""
    if isinstance(x, Mapping):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [plain(v) for v in x]
    return x


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_the_policy_view_is_the_view_at_every_state_of_seeded_games(game_id):
    game = get_game(game_id)
    compared = 0
    for seed in range(2):
        for i, (s, _, _) in enumerate(random_game(game, seed)):
            if i % 3:
                continue
            for side in game.sides:
                full = game.view(s, side)
                lazy = game.policy_view(s, side)
                assert list(lazy) == list(full), (seed, i, side)
                assert json.dumps(plain(lazy)) == json.dumps(full), (seed, i, side)
                compared += 1
    assert compared > 20


@pytest.mark.parametrize("game_id", ["pacific-fury", "fury-at-midway", "victory-in-the-pacific"])
def test_a_lazy_policy_view_makes_only_the_parts_read(game_id, monkeypatch):
    """The games whose rollouts spend most on views make a part only when it is read, and each part once."""
    game = get_game(game_id)
    s = game.new_state()
    side = game.sides[0]
    lazy = game.policy_view(s, side)
    assert isinstance(lazy, LazyView)
    assert repr(lazy).startswith("LazyView(0 of ")
    first = lazy["turn"]
    assert lazy["turn"] is first and lazy.get("turn") is first
    assert repr(lazy).startswith("LazyView(1 of ")
    assert "pending" in lazy and "no-such-part" not in lazy
    assert lazy.get("no-such-part", "absent") == "absent"
    with pytest.raises(KeyError):
        lazy["no-such-part"]


def test_victory_in_the_pacific_makes_the_state_json_of_its_policy_view_field_by_field():
    """VITP's heuristic reads one field of `control_state` (the units that left port) at most decisions: the rest of
    the state's JSON, the locations above all, is not written for it; read whole, it is the view's."""
    game = get_game("victory-in-the-pacific")
    s = game.new_state()
    lazy = game.policy_view(s, "japan")
    cs = lazy["control_state"]
    assert isinstance(cs, LazyView) and repr(cs).startswith("LazyView(0 of ")
    assert cs["moved"] == [] and repr(cs).startswith("LazyView(1 of ")
    assert repr(lazy).startswith("LazyView(1 of ")          # the units were not made either
    assert json.dumps(plain(cs)) == json.dumps(game.view(s, "japan")["control_state"])


def test_lazy_view_makes_each_part_once_and_keeps_the_order_of_its_keys():
    made = []

    def part(key):
        made.append(key)
        return {"a": [1], "b": 2, "c": None}[key]

    lazy = LazyView(dict.fromkeys("cab"), part)
    assert list(lazy) == ["c", "a", "b"] and len(lazy) == 3
    assert lazy["a"] == [1] and lazy["a"] is lazy["a"]
    assert lazy.get("c", "default") is None     # a part worth None is a part, not a missing key
    assert made == ["a", "c"]
    assert lazy == {"c": None, "a": [1], "b": 2} and made == ["a", "c", "b"]
    assert dict(lazy) == {"c": None, "a": [1], "b": 2}


def test_rollouts_read_the_policy_view_not_the_full_view(monkeypatch):
    """The search's rollouts and priors ask `policy_view`; only a re-determinisation (the sampler) reads `view`."""
    game = get_game("pacific-fury")
    asked = {"view": 0, "policy_view": 0}
    real_view, real_policy = type(game).view, type(game).policy_view

    def view(self, state, side):
        asked["view"] += 1
        return real_view(self, state, side)

    def policy_view(self, state, side):
        asked["policy_view"] += 1
        return real_policy(self, state, side)

    s = game.new_state()
    while not isinstance(p := game.pause(s), Decision) or len(p.options) < 3:
        s = game.apply(s, p.options[0].id if isinstance(p, Decision) else tuple(1 for _ in p.dice))
    v = game.view(s, p.side)
    monkeypatch.setattr(type(game), "view", view)
    monkeypatch.setattr(type(game), "policy_view", policy_view)
    agent = ISMCTSAgent(game, p.side, seed=1, budget=LEVELS["easy"])
    agent.untimed()
    agent.choose(v, p)
    assert asked["policy_view"] > 10 * max(1, asked["view"])
