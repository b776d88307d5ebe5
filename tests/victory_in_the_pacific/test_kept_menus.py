"""Issue 11, item 4, for Victory in the Pacific: the patrol step's menu kept from one move to the next
(`flow.patrol_pairs` with `VPState.kept`, `state.kept_drop`) is the menu worked out from scratch at every patrol step of
seeded random games (with and without the optional rules), and a state changed in place after a move (as tests and
tools do) gets the menu of what it now holds."""
from __future__ import annotations

import random

import pytest

from kaisen.engine.core import End
from kaisen.games.victory_in_the_pacific import GAME, flow
from kaisen.games.victory_in_the_pacific.common import Ctx

D = GAME.data
ALL = {"air-strike-damage": True, "us-battleship-bonus": True}


def fresh_menu(s):
    """The patrol menu of `s` worked out from scratch (no kept menu to start from)."""
    t = s.copy()
    t.kept = None
    return flow.move_options(Ctx(t, D), "patrol", s.step.partition(":")[2])


def menu(s):
    t = s.copy()
    return flow.move_options(Ctx(t, D), "patrol", s.step.partition(":")[2])


def same(a, b) -> bool:
    return [(o.id, o.fields, o.label) for o in a] == [(o.id, o.fields, o.label) for o in b]


def _answer(p, rng):
    return tuple(rng.randint(1, k) for k in p.dice) if hasattr(p, "dice") else rng.choice(p.options).id


@pytest.mark.parametrize("seed,options", [(1, None), (2, ALL), (3, None)])
def test_the_kept_menu_is_the_menu_from_scratch(seed, options):
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    kept = 0
    while True:
        before = s.kept
        if isinstance(p := GAME.pause(s), End):
            break
        if s.step.startswith("patrol:"):
            kept += before is not None and s.kept is before       # the menu came from the kept one
            assert same(p.options, fresh_menu(s)), (seed, s.turn, s.step)
        s = GAME.apply(s, _answer(p, rng))
    assert kept > 50        # the kept menu was used, not only the one from scratch


def test_a_state_changed_in_place_after_a_move_gets_its_own_menu():
    rng = random.Random(7)
    s = GAME.new_state()
    checked = 0
    while not isinstance(p := GAME.pause(s), End) and checked < 60:
        if s.step.startswith("patrol:") and s.turn > 1:
            for o in p.options:
                if o.id.startswith(("raider:", "repair:")):
                    t = GAME.apply(s, o.id)
                    if not t.step.startswith("patrol:"):
                        continue
                    side = t.step[7:]
                    ships = [u for u in t.loc.by[("port", side)] if D.units[u].kind == "ship"]
                    other = next((u for u in ships if u != o.fields["unit"] and u not in t.raider), None)
                    if other is None:
                        continue
                    for change in ("damage", "moved", "raider", "port"):
                        u = t.copy()
                        assert u.kept is not None
                        if change == "damage":
                            u.edit("damage")[other] = D.units[other].armor + 1
                        elif change == "moved":
                            u.moved = u.moved | {other}
                        elif change == "raider":
                            u.raider = u.raider | {other}
                        else:
                            ports = [b for b in D.bases if "port:" + b != u.loc[other]]
                            u.place(other, "port:" + ports[0])
                        assert same(menu(u), fresh_menu(u)), change
                        checked += 1
                    break
        s = GAME.apply(s, _answer(p, rng))
    assert checked >= 20
