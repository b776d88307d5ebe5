"""Speed (issue 11): the boxes of a kind looked up by name (`fast.Static.box_names`) find what reading every box
finds, at every step of seeded random games: the units to land (`air_ops.to_land`), the spent CAP
(`air_ops.spent_cap`) and the Return 2 units an air operation's start moves on (`air_ops.begin`)."""
from __future__ import annotations

import random

from kaisen.engine import testing
from kaisen.engine.core import End
from kaisen.games.fury_at_midway import GAME, air_ops
from kaisen.games.fury_at_midway.common import Ctx
from kaisen.games.fury_at_midway.fast import static

D = GAME.data


def scan(s, kind: str, side: str, skip=()) -> list[str]:
    """The side's units in boxes '<kind>:...', not in `skip`, in id order, read from every squadron."""
    st = static(D)
    return [q for q in st.side_squadrons[side]
            if q in s.air and s.air[q][0].split(":")[0] == kind and q not in skip]


def to_land_by_scan(s) -> list[str]:
    ret1 = scan(s, "ret1", s.op_side, s.moved)
    if ret1 or s.op_kind != "night":
        return ret1
    return scan(s, "cap", s.op_side, s.moved)


def spent_by_scan(s, side: str) -> list[str]:
    st = static(D)
    return sorted(q for box, units in s.air.index().by_box.items()
                  if box.startswith("spent:") and st.side_of[units[0]] == side for q in units)


def test_boxes_looked_up_by_name_hold_what_every_box_holds():
    seen = {"land": 0, "spent": 0, "ret2": 0}
    for seed, options in [(1, None), (2, {"b17": True}), (3, None), (6, None), (7, None)]:
        rng = random.Random(seed)
        s = GAME.new_state(options=options)
        while not isinstance(p := GAME.pause(s), End):
            c = Ctx(s, D, frozen=True)
            if s.op_side:
                got = air_ops.to_land(c)
                assert got == to_land_by_scan(s), seed
                seen["land"] += bool(got)
                seen["ret2"] += bool(scan(s, "ret2", s.op_side))
            for side in ("japan", "usa"):
                got = air_ops.spent_cap(c, side)
                assert got == spent_by_scan(s, side), seed
                seen["spent"] += bool(got)
            s = GAME.apply(s, testing.random_answer(p, rng))
    assert all(seen.values()), seen          # each lookup found units somewhere in these games
