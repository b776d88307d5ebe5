"""The registry of titles: adding a game is one line here plus its folder under kaisen/games."""
from __future__ import annotations

import importlib

from kaisen.engine.core import Game, IllegalAction

GAMES: dict[str, str] = {
    "pacific-fury": "kaisen.games.pacific_fury:GAME",
    "fury-at-midway": "kaisen.games.fury_at_midway:GAME",
    "victory-in-the-pacific": "kaisen.games.victory_in_the_pacific:GAME",
    "nights-of-fury": "kaisen.games.nights_of_fury:GAME",
    "fighters-of-the-pacific": "kaisen.games.fighters_of_the_pacific:GAME",
}

_loaded: dict[str, Game] = {}


def get_game(game_id: str) -> Game:
    """The Game object for an id; a clear error names the ids there are."""
    if game_id not in GAMES:
        raise IllegalAction("registry", "unknown game", game_id, sorted(GAMES))
    if game_id not in _loaded:
        module, attr = GAMES[game_id].split(":")
        game = _loaded[game_id] = getattr(importlib.import_module(module), attr)
        from kaisen.agents.ismcts import register_levels
        register_levels(game)           # ismcts-easy, -normal, -hard: wherever an agent name is taken
    return _loaded[game_id]


def all_games() -> list[Game]:
    return [get_game(g) for g in GAMES]
