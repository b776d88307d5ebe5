"""Fighters of the Pacific (Don't Panic Games / Capsicum, 2021): diceless hex air combat over the 1942 carrier battles.

Rules: ../shared/rules/fighters-of-the-pacific.md. This package holds, so far, only the game's data: data/*.toml,
loaded and checked by data.py; DATA.md says how every value the rulebook prints only as a picture was designed.
The game is not registered yet (issue 13: the rules engine comes next)."""
