"""Sampling a full state consistent with a side's view, for search agents. The game is played face up, so
the view carries the whole state (`control_state`); the only unknown is the enemy's day/night choice made
before this side's (7.3), drawn at random."""
from __future__ import annotations

import random
from typing import Any

from kaisen.games.victory_in_the_pacific.state import VPState, other


def sample(game, view: dict[str, Any], rng: random.Random) -> VPState:
    s = VPState.from_json(view["control_state"])
    side = view["side"]
    cb = s.combat
    if cb is not None and side is not None and cb.stage == f"choose:{side}" and other(side) not in cb.choice:
        cb.choice[other(side)] = rng.choice(("day", "night"))
    return s
