"""Pacific Fury: Guadalcanal 1942 (Nakaguro). Rules: ../shared/rules/pacific-fury.md; map: RULES.md."""
from kaisen.games.pacific_fury.game import PacificFury

GAME = PacificFury()

__all__ = ["GAME", "PacificFury"]
