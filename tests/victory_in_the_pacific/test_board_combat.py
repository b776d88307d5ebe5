"""The terminal board names the battle in progress in words (issue 14: no raw combat record on the board)."""
from __future__ import annotations

import random

from kaisen.engine.core import Chance, End
from kaisen.registry import get_game

GAME = get_game("victory-in-the-pacific")


def test_the_battle_in_progress_is_words_not_the_combat_record():
    rng = random.Random(1)
    s = GAME.new_state()
    lines = []
    while not isinstance(p := GAME.pause(s), End) and len(lines) < 60:
        v = GAME.view(s, "allies")
        if v.get("combat"):
            text = GAME.render(v)
            assert "{'" not in text and "'stage'" not in text
            battle = [ln for ln in text.splitlines() if ln.startswith("Battle in ")]
            assert len(battle) == 1
            lines.append(battle[0])
        s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)
    assert lines and all(", round " in ln for ln in lines)
    assert any("Hawaiian Islands" in ln for ln in lines)                  # turn 1: Pearl Harbor
