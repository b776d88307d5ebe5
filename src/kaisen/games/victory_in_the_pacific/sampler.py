"""Sampling a full state consistent with a side's view, for search agents. The game is played face up, so
the view carries the whole state (`control_state`); the only unknown is Japan's day/night choice while the
Allies make theirs (7.3: Japan chooses first).

That choice is drawn as a player would guess it: Japan most likely took the action that favours its forces in
this fight (the heuristic's own rule, `ai.day_or_night`, read from Japan's view of the sample, which shows both
sides' forces as the Allies' view does), with probability `LIKELY`, else the other. A uniform draw made the Allies'
search plan for a day action half the time against a Japanese force that wants night, and overrule its
heuristic on it (docs/ladder.md)."""
from __future__ import annotations

import random
from typing import Any

from kaisen.games.victory_in_the_pacific.state import VPState

LIKELY = 0.8
"""The chance a sample gives Japan the action its forces favour (7.3); the rest, the other one."""


def sample(game, view: dict[str, Any], rng: random.Random) -> VPState:
    s = VPState.from_json(view["control_state"])
    cb = s.combat
    if cb is not None and view["side"] == "allies" and cb.stage == "choose:allies" and "japan" not in cb.choice:
        cb.choice["japan"] = japan_guess(game, s, rng)
    return s


def japan_guess(game, s: VPState, rng: random.Random) -> str:
    """Japan's hidden day/night pick as the Allies may guess it from what they see (module docstring)."""
    from kaisen.games.victory_in_the_pacific.ai import Board, day_or_night
    favoured = day_or_night(Board(game.view(s, "japan"), "japan"))
    if rng.random() < LIKELY:
        return favoured
    return "night" if favoured == "day" else "day"
