"""Issue 11, random-play speed (round 2): the shortcuts agree with the plain computation at the states of seeded
random games (the unit index without its "home" key, homeward, repairable, in_area, the optional rules)."""
from __future__ import annotations

from kaisen.engine.testing import random_game
from kaisen.games.victory_in_the_pacific import end_turn, flow
from kaisen.games.victory_in_the_pacific.battle import in_area
from kaisen.games.victory_in_the_pacific.common import Ctx
from kaisen.games.victory_in_the_pacific.game import VictoryInThePacific
from kaisen.games.victory_in_the_pacific.state import SIDES, Locs

GAME = VictoryInThePacific()
D = GAME.data


def states(seed: int, options: dict | None = None, every: int = 3):
    """Every `every`-th state of a seeded random game."""
    return (s for n, (s, _, _) in enumerate(random_game(GAME, seed, options)) if n % every == 0)


def plain_repairable(c: Ctx, side: str) -> list[str]:
    """11.1-11.24 as written before the shortcut (end_turn.repairable)."""
    s = c.s
    out = []
    for u in s.damage:
        sp = D.units[u] if u in D.units else None
        if sp is None or sp.kind != "ship" or sp.side != side or not s.damage[u] or u in s.raider:
            continue
        where = s.loc.get(u)
        if where is None or not where.startswith("port:"):
            continue
        if u in s.moved and u not in s.done:
            continue
        port = where[5:]
        if D.bases[port].repair_side == side and end_turn.points_left(c, port) > 0:
            out.append(u)
    return sorted(out)


def test_the_shortcuts_agree_with_the_plain_computation_over_random_games():
    checked = 0
    for seed, options in ((0, None), (1, None), (2, {o.id: True for o in GAME.options})):
        for s in states(seed, options):
            c = Ctx(s, D)
            by = c.by()
            fresh = Locs(dict(s.loc)).index(D.units)
            assert {k: v for k, v in by.items() if v} == {k: v for k, v in fresh.items() if v}
            assert "home" not in by
            home = sorted(u for u, where in s.loc.items() if where.startswith("home:"))
            assert flow.homeward(c) == home
            for side in SIDES:
                assert flow.homeward(c, side) == [u for u in home if D.units[u].side == side]
                assert end_turn.repairable(c, side) == plain_repairable(c, side)
            for area in D.areas:
                here = sorted(u for u, where in s.loc.items() if where == "sea:" + area)
                assert in_area(c, area) == [u for u in here if D.units[u].kind != "sub"]
                for side in SIDES:
                    assert in_area(c, area, side) == [u for u in here if D.units[u].kind != "sub"
                                                      and D.units[u].side == side]
            for o in GAME.options:
                assert s.option(o.id) == dict(s.options).get(o.id, False)
            checked += 1
    assert checked > 500
