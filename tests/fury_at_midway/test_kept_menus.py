"""Issue 11, item 4, for Fury at Midway: the air-operation menu kept from one move to the next (`air_ops.op_options`
with `FaMState.opbase`/`optouch`) is the menu worked out from scratch, at every step of seeded random games (with
and without the optional B-17s), and a state changed in place after a move (as tests and tools do) gets the menu
of what it now holds."""
from __future__ import annotations

import random

import pytest

from kaisen.engine import testing
from kaisen.engine.core import End
from kaisen.games.fury_at_midway import GAME, air_ops
from kaisen.games.fury_at_midway.common import Ctx
from kaisen.games.fury_at_midway.fast import static

D = GAME.data


def fresh_menu(s):
    """The menu of `s` worked out from scratch: no kept menu to start from, and none of the options, launch or
    flight moves kept per data set (`Static.options`, keyed by what they are worked out from) either."""
    t = s.copy()
    t.opbase = None
    st = static(D)
    kept = st.options
    st.options = {}
    try:
        return air_ops.op_options(Ctx(t, D, frozen=True))
    finally:
        st.options = kept


def same(a, b) -> bool:
    return [(o.id, o.fields, o.label) for o in a] == [(o.id, o.fields, o.label) for o in b]


@pytest.mark.parametrize("seed,options", [(1, None), (2, None), (3, {"b17": True}), (4, None), (5, {"b17": True})])
def test_the_kept_menu_is_the_menu_from_scratch(seed, options):
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    kept = 0
    while not isinstance(p := GAME.pause(s), End):
        if s.step == "op":
            kept += s.optouch is not None
            assert same(p.options, fresh_menu(s)), (seed, s.optouch)
        s = GAME.apply(s, testing.random_answer(p, rng))
    assert kept > 20        # the kept menu was used, not only the one from scratch


def test_a_state_changed_in_place_after_a_move_gets_its_own_menu():
    rng = random.Random(7)
    s = GAME.new_state()
    checked = 0
    while not isinstance(p := GAME.pause(s), End) and checked < 40:
        if s.step == "op":
            for o in p.options:
                if o.id.startswith(("deck:", "cap:", "uncap:", "sg-add:")):
                    t = GAME.apply(s, o.id)
                    if t.step != "op" or t.optouch is None:
                        continue
                    # in place: a hangar unit of the other carriers to the deck, a damage marker, a step lost
                    for q, (box, n) in sorted(t.air.items()):
                        if box.startswith("hangar:") and q not in t.moved:
                            t.air[q] = (box, 1) if n == 2 else ("lost", 0)
                            break
                    t.cache = None
                    assert same(GAME.pause(t).options, fresh_menu(t))
                    u = GAME.apply(s, o.id)
                    k = next((k for k in ("enterprise", "hornet", "yorktown", "akagi", "kaga", "hiryu", "soryu")
                              if k not in u.sunk and not u.damage.get(k)), None)
                    if k is not None:
                        u.damage[k] = (1,)
                        u.cache = None
                        assert same(GAME.pause(u).options, fresh_menu(u))
                    checked += 1
                    break
        s = GAME.apply(s, testing.random_answer(p, rng))
    assert checked >= 10


@pytest.mark.parametrize("seed,options", [(21, None), (22, {"b17": True}), (23, None), (24, None)])
def test_the_landing_offer_kept_from_the_move_is_the_offer_from_scratch(seed, options):
    """`next_landing` works out each returning unit's places once and keeps the offer it pauses at
    (`FaMState.landing`): the landing question offers what a from-scratch look at the state offers."""
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    kept = 0
    while not isinstance(p := GAME.pause(s), End):
        step, _, q = s.step.partition(":")
        if step in ("land", "nland"):
            kept += s.landing is not None
            t = s.copy()
            assert t.landing is None
            assert same(p.options, air_ops.landing_options(Ctx(t, D, frozen=True), q)), (seed, s.step)
        s = GAME.apply(s, testing.random_answer(p, rng))
    assert kept > 0


def test_a_paired_unit_moved_onto_a_deck_takes_its_pair_out_of_the_kept_menu():
    """A one-step unit that could combine (one of a `combine:` pair) moving onto a deck changes the pairs; one
    that could not leaves them (`air_ops._out_of_pairs`): the menu after either is the menu from scratch."""
    paired = unpaired = 0
    for seed in range(1, 60):
        rng = random.Random(seed)
        s = GAME.new_state()
        while not isinstance(p := GAME.pause(s), End):
            if s.step == "op":
                pairs = s.opmemo.pairs
                for o in p.options:
                    if o.id.startswith(("deck:", "uncap:")):
                        q = o.id.split(":")[1]
                        if s.air[q][1] != 1:
                            continue
                        t = GAME.apply(s, o.id)
                        if t.step != "op":
                            continue
                        if any(q in pr for pr in pairs):
                            paired += 1
                        else:
                            unpaired += 1
                        assert same(GAME.pause(t).options, fresh_menu(t)), (seed, o.id)
            s = GAME.apply(s, testing.random_answer(p, rng))
        if paired >= 3 and unpaired >= 20:
            break
    assert paired >= 3 and unpaired >= 20
