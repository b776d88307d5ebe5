"""2.6 views and the terminal board, at several points of a seeded random game."""
from __future__ import annotations

import random

from kaisen.engine.core import Chance, End
from kaisen.games.fury_at_midway import GAME


def states(seed=1, every=40):
    rng = random.Random(seed)
    s = GAME.new_state()
    i = 0
    while True:
        p = GAME.pause(s)
        if i % every == 0 or isinstance(p, End):
            yield s
        if isinstance(p, End):
            return
        s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)
        i += 1


def test_board_renders_for_both_sides_and_omniscient():
    for s in states():
        for side in (None, "japan", "usa"):
            text = GAME.render(GAME.view(s, side))
            assert "Turn" in text and "Midway Garrison" in text and "AOP" in text and "Carriers:" in text
            assert "  6  " in text and " A " in text and "M" in text
            if side is not None:
                foe = "US" if side == "japan" else "Japan"
                assert f"{foe} display:" not in text
                assert f"{foe} hand: {len(s.hands['usa' if side == 'japan' else 'japan'])} card(s)" in text


def test_enemy_fleets_only_as_announced_and_plot_only_to_the_us():
    for s in states(2, 25):
        j, u = GAME.view(s, "japan"), GAME.view(s, "usa")
        assert j["plot"] is None and u["plot"] is not None
        assert j["fleets"]["1af"] == s.fleet["1af"] and u["fleets"]["csf"] == s.fleet["csf"]
        if "-" in s.fleet["csf"]:
            assert j["fleets"]["csf"] in (s.shown.get("csf"), "unknown")
        assert j["displays"]["usa"] is None and u["displays"]["japan"] is None


def test_enemy_decisions_show_no_prompt_or_options():
    for s in states(3, 7):
        p = GAME.pause(s)
        if isinstance(p, (Chance, End)):
            continue
        foe = "usa" if p.side == "japan" else "japan"
        v = GAME.view(s, foe)["pending"]
        assert v["prompt"] == f"{p.side} is deciding" and v["options"] is None
