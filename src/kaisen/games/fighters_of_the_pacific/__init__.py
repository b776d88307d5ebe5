"""Fighters of the Pacific (Don't Panic Games / Capsicum, 2021): diceless hex air combat over the 1942 carrier battles.

Rules: ../shared/rules/fighters-of-the-pacific.md; RULES.md maps each rule to its code and tests; DATA.md says how
every value the rulebook prints only as a picture was designed."""
from kaisen.games.fighters_of_the_pacific.game import FightersOfThePacific

GAME = FightersOfThePacific()

from kaisen.games.fighters_of_the_pacific import ai  # registers the heuristic agent  # noqa: E402,F401
