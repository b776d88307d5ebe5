"""Issue 11, random-play speed (round 4): the shortcuts agree with the plain computation at the states of seeded
random games (the units at a port, an area bound for port or a group, found from the index's (kind, side) tuples
and kept beside them; a unit's reach and the air placing menu kept beside a shared control dict)."""
from __future__ import annotations

import pytest

from kaisen.games.victory_in_the_pacific import movement
from kaisen.games.victory_in_the_pacific.common import Ctx, Labels
from kaisen.games.victory_in_the_pacific.state import SIDES, Locs
from tests.victory_in_the_pacific.test_speed_round3 import ALL_RULES, D, GAME, states


@pytest.mark.parametrize("seed, options", [(5, None), (6, ALL_RULES)])
def test_the_shortcuts_agree_with_the_plain_computation(seed, options):
    checked = 0
    for s in states(seed, options):
        c = Ctx(s, D)
        c.by()
        for where in set(s.loc.values()) | {"port:truk", "home:marshall-islands", "group:W"}:
            want = sorted(u for u, w in s.loc.items() if w == where)
            assert s.at(where) == want and s.at(where) == want, where        # then the kept answer
            checked += 1
        fresh = Ctx(s, D)
        fresh.labels = Labels(D)                                            # nothing kept yet
        for u, where in s.loc.items():
            if where.startswith("port:") and D.units[u].kind in ("ship", "amph"):
                for raid in (False, True):
                    want = movement.reach(fresh, u, raid)
                    assert movement.reach(c, u, raid) == want and movement.reach(c, u, raid) == want
        for side in SIDES:
            want = movement.air_options(fresh, side)
            assert movement.air_options(c, side) == want and movement.air_options(c, side) == want
    assert checked > 100


def test_a_moved_unit_is_found_at_its_new_port():
    s = GAME.new_state()
    c = Ctx(s, D)
    c.by()
    u = next(u for u, w in s.loc.items() if w == "port:yokosuka")
    assert u in s.at("port:yokosuka")
    t = s.copy()
    t.place(u, "port:saipan")
    assert u not in t.at("port:yokosuka") and u in t.at("port:saipan")
    assert u in s.at("port:yokosuka") and u not in s.at("port:saipan")           # the state copied from is as it was
    assert type(t.loc) is Locs
