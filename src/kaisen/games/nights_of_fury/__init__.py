"""Nights of Fury: Guadalcanal Naval Battles (NWS, 2005): night surface battles in ten range bands.

Rules: ../shared/rules/nights-of-fury.md. So far only the data (data/*.toml, loaded by data.py and
documented in DATA.md) exists; the game is not registered yet.
"""
