"""The menus name each ship with its counter's printed type and factors (issue 14: the review found no ship
factors anywhere in the terminal), so a player picks a raid force or a sortie without looking them up."""
from __future__ import annotations

import random

from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.registry import get_game

GAME = get_game("victory-in-the-pacific")
SHIP_VERBS = {"add", "sortie", "raider"}
KINDS = {"pearl-harbor-raid", "move-patrollers", "move-raiders"}


def test_4_2_and_5_2_ship_options_show_type_and_printed_factors():
    rng = random.Random(4)
    s = GAME.new_state()
    seen = set()
    for _ in range(400):
        p = GAME.pause(s)
        if isinstance(p, End):
            break
        if isinstance(p, Decision) and p.kind in KINDS:
            for o in p.options:
                if o.get("verb") in SHIP_VERBS and GAME.data.units[o.get("unit")].kind == "ship":
                    sp = GAME.data.units[o.get("unit")]
                    assert f"{sp.name} ({sp.type} {sp.code})" in o.label, o.label
                    seen.add(o.get("verb"))
        s = GAME.apply(s, testing.random_answer(p, rng))
    assert seen == SHIP_VERBS, seen
