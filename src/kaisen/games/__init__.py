"""The titles: one package per game, each depending only on the engine."""
