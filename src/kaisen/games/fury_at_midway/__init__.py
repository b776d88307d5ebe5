"""Fury at Midway (Nakaguro / Revolution Games). Rules: ../shared/rules/fury-at-midway.md; map: RULES.md."""
from kaisen.games.fury_at_midway.data import load
from kaisen.games.fury_at_midway.game import FuryAtMidway

GAME = FuryAtMidway(load())

__all__ = ["GAME", "FuryAtMidway"]

from kaisen.games.fury_at_midway import ai  # registers the heuristic agent  # noqa: E402,F401
