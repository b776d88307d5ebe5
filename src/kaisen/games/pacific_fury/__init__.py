"""Pacific Fury: Guadalcanal 1942 (Nakaguro). Rules: ../shared/rules/pacific-fury.md; map: RULES.md."""
import os

from kaisen.games.pacific_fury.data import load
from kaisen.games.pacific_fury.game import PacificFury

# Owners of the physical game may point KAISEN_PF_SHIPS at their own ships.toml (same format).
GAME = PacificFury(load(os.environ.get("KAISEN_PF_SHIPS") or None))

from kaisen.games.pacific_fury import ai  # registers the heuristic agent  # noqa: E402

__all__ = ["GAME", "PacificFury"]
