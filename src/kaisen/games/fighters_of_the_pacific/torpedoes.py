"""Phase 3, step 2: torpedoes run (rulebook: Torpedoes): each runs straight ahead, 2 hexes for a Japanese
torpedo and 1 for a US one. A torpedo that is on a ship's hex (the ship moved onto it) or runs into one hits that
segment; one that reaches an island or leaves the board is gone."""
from __future__ import annotations

from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name
from kaisen.games.fighters_of_the_pacific.data import ahead


def start(c: Ctx) -> None:
    s = c.s
    left = []
    for t in s.torpedoes:
        h = t.hex
        done = False
        for i in range(c.d.torpedo_speed(t.side) + 1):
            if i:
                h = ahead(h, t.facing)
            if c.ship_at(h) is not None:
                c.strike(h, t.side, "torpedo", "Torpedoes")
                done = True
                break
            if not c.layout.is_water(h):
                c.note("torpedo", "Torpedoes", _gone, hex_name(t.hex))
                done = True
                break
        if not done:
            left.append(t._replace(hex=h))
            c.note("torpedo", "Torpedoes", _runs, hex_name(t.hex), hex_name(h))
    s.torpedoes = tuple(left)
    c.finish()


def _gone(where):
    return f"The torpedo from {where} runs out of the water it can cross"


def _runs(start, end):
    return f"A torpedo runs from {start} to {end}"
