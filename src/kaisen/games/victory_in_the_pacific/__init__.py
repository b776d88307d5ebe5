"""Victory in the Pacific (Avalon Hill, 2nd edition rules). Rules: ../shared/rules/victory-in-the-pacific.md."""
import os

from kaisen.games.victory_in_the_pacific.game import VictoryInThePacific


def _load():
    from kaisen.games.victory_in_the_pacific.data import load
    # Owners of the physical game may point KAISEN_VITP_DATA at a folder of their own TOML (same format).
    return load(os.environ.get("KAISEN_VITP_DATA") or None)


GAME = VictoryInThePacific(_load())

__all__ = ["GAME", "VictoryInThePacific"]

from kaisen.games.victory_in_the_pacific import ai  # registers the heuristic agent  # noqa: E402,F401
