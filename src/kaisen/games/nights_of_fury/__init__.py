"""Nights of Fury: Guadalcanal Naval Battles (NWS, 2005): night surface battles in ten range bands.

Rules: ../shared/rules/nights-of-fury.md; RULES.md maps each rule to its code and tests; DATA.md says how the
unprinted tables were designed."""
from kaisen.games.nights_of_fury.game import NightsOfFury

GAME = NightsOfFury()

from kaisen.games.nights_of_fury import ai  # registers the heuristic agent  # noqa: E402,F401
