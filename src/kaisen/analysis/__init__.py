"""Studying games: Monte Carlo simulation and odds."""
