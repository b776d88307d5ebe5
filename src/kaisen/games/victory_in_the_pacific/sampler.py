"""Sampling a full state consistent with a side's view, for search agents. The game is played face up, so
the view carries the whole state (`control_state`); the only unknown is Japan's day/night choice while the
Allies make theirs (7.3: Japan chooses first), drawn at random."""
from __future__ import annotations

import random
from typing import Any

from kaisen.games.victory_in_the_pacific.state import VPState


def sample(game, view: dict[str, Any], rng: random.Random) -> VPState:
    s = VPState.from_json(view["control_state"])
    cb = s.combat
    if cb is not None and view["side"] == "allies" and cb.stage == "choose:allies" and "japan" not in cb.choice:
        cb.choice["japan"] = rng.choice(("day", "night"))
    return s
