"""Issue 11, item 4: the aircraft box index (`state.AirIndex`), kept up to date move by move as `FaMState.air`
changes (and shared between a state and its copies until either changes), is the index built from scratch, at
every step of seeded random games; and the state a step came from keeps the index it had."""
from __future__ import annotations

import random

import pytest

from kaisen.engine import testing
from kaisen.engine.core import End
from kaisen.games.fury_at_midway import GAME
from kaisen.games.fury_at_midway.state import AirIndex


def snapshot(idx: AirIndex) -> tuple[dict, dict]:
    return ({b: list(v) for b, v in idx.by_box.items()}, {k: list(v) for k, v in idx.aboard.items()})


@pytest.mark.parametrize("seed,options", [(31, None), (32, {"b17": True}), (33, None)])
def test_the_kept_box_index_is_the_index_from_scratch(seed, options):
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    kept = 0
    while not isinstance(p := GAME.pause(s), End):
        before = snapshot(s.air.index())
        t = GAME.apply(s, testing.random_answer(p, rng))
        kept += t.air._idx is not None
        assert snapshot(t.air.index()) == snapshot(AirIndex(dict(t.air))), (seed, s.step)
        assert snapshot(s.air.index()) == before == snapshot(AirIndex(dict(s.air)))    # the original is untouched
        s = t
    assert kept > 100       # the index was carried from step to step, not only built from scratch
