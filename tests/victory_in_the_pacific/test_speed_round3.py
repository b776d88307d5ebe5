"""Issue 11, random-play speed (round 3): the shortcuts agree with the plain computation at the states of seeded
random games (the units that fight in an area and the places each side holds at sea, kept beside the index's
tuples; ready air units and submarines from the sides' static unit lists; home ports kept beside a shared
base-control dict; destination options shared per rules data; the unit index's keys per side)."""
from __future__ import annotations

import pytest

from kaisen.engine.testing import random_game
from kaisen.games.victory_in_the_pacific import flow, movement
from kaisen.games.victory_in_the_pacific.battle import in_area
from kaisen.games.victory_in_the_pacific.common import Ctx, _home_candidates
from kaisen.games.victory_in_the_pacific.game import VictoryInThePacific
from kaisen.games.victory_in_the_pacific.state import SIDES, Locs

GAME = VictoryInThePacific()
D = GAME.data
ALL_RULES = {"turn-9": True, "task-forces": True, "invasion-combat": True, "air-strike-damage": True,
             "us-battleship-bonus": True}


def states(seed: int, options: dict | None = None, every: int = 3):
    """Every `every`-th state of a seeded random game."""
    return (s for n, (s, _, _) in enumerate(random_game(GAME, seed, options)) if n % every == 0)


def plain_air_ready(c: Ctx, side: str) -> list[str]:
    """movement.air_ready as written before the shortcut (the side's units in port, filtered)."""
    units = D.units
    return [u for u in c.by().get(("port", side), ()) if units[u].kind == "lba" and u not in c.s.moved
            and not movement.frozen(c, u)]


def plain_subs_ready(c: Ctx, side: str) -> list[str]:
    return [u for u in c.by().get(("port", side), ()) if D.units[u].kind == "sub"]


def plain_home_ports(c: Ctx, u: str, area: str | None) -> list[str]:
    side = D.units[u].side
    return [b for b in _home_candidates(D, u, area) if c.s.base_control[b] == side]


@pytest.mark.parametrize("seed, options", [(3, None), (4, ALL_RULES)])
def test_the_shortcuts_agree_with_the_plain_computation(seed, options):
    checked = 0
    for s in states(seed, options):
        c = Ctx(s, D)
        for side in SIDES:
            assert movement.air_ready(c, side) == plain_air_ready(c, side), (s.step, side)
            assert movement.subs_ready(c, side) == plain_subs_ready(c, side), (s.step, side)
        for u, where in s.loc.items():
            if where.startswith(("sea:", "home:")):
                area = where.partition(":")[2]
                assert c.home_ports(u, area) == plain_home_ports(c, u, area)
                assert c.home_ports(u, area) == plain_home_ports(c, u, area)      # the kept answer, read again
                checked += 1
        for area in D.areas:
            here = [u for u, w in s.loc.items() if w == "sea:" + area and D.units[u].kind != "sub"]
            for side in (None,) + SIDES:
                want = sorted(u for u in here if side is None or D.units[u].side == side)
                assert in_area(c, area, side) == want and in_area(c, area, side) == want     # then the kept answer
        for _ in range(2):                                                  # then the kept answer
            assert flow._present(c) == tuple({w for u, w in s.loc.items() if w.startswith("sea:")
                                              and D.units[u].side == side and D.units[u].kind != "sub"}
                                             for side in SIDES)
        kept = {k: t for k, t in s.loc.index(D.units).items() if t}     # (a place emptied keeps an empty entry)
        assert kept == Locs(dict(s.loc)).index(D.units)                     # the index kept as units move
        p = GAME.pause(s)
        if s.step.startswith("dest:"):
            kind, u = s.step.split(":")[1:]
            best = movement.reach(c, u, kind == "raid")
            want = sorted(best.items(), key=lambda x: (x[1], x[0]))
            assert [(o.fields["area"], o.fields["n"]) for o in p.options] == want
            assert all(o.fields["unit"] == u and o.fields["raid"] == (kind == "raid") for o in p.options)
    assert checked > 100
