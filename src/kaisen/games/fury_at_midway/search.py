"""7.0 Search: search values, the closest enemy fleet, the best of two searchers, 1..4, the Midway attack's cost."""
from __future__ import annotations

from kaisen.games.fury_at_midway.common import Ctx
from kaisen.games.fury_at_midway.movement import JAPAN_ORDER, US_ORDER
from kaisen.games.fury_at_midway.state import MIDWAY


def search_value(c: Ctx, searcher: str) -> int:
    """7.1: 1AF 6 (cards 06/07 may change it this turn), CSF 7, Midway 8 (0 once its airbase is destroyed)."""
    if searcher == MIDWAY:
        return 0 if c.midway_destroyed() else c.d.midway.search
    return c.s.search_value.get(searcher, c.d.fleets[searcher].search)


def searchers(c: Ctx, side: str) -> list[str]:
    """Who searches (7.1): fleets on the map with a search value, and Midway for the US."""
    order = JAPAN_ORDER if side == "japan" else US_ORDER
    out = [f for f in order if c.s.on_map(f) and c.d.fleets[f].search > 0]
    if side == "usa":
        out.append(MIDWAY)
    return out


def where(c: Ctx, unit: str) -> str:
    return c.d.midway.hex if unit == MIDWAY else c.s.fleet[unit]


def raw_result(c: Ctx, side: str, searcher: str) -> int | None:
    """7.2: search value less the distance to the closest enemy fleet; Japan may count to Midway when no
    US fleet is on the map. None when there is nothing to find."""
    targets = [c.s.fleet[f] for f in (US_ORDER if side == "japan" else JAPAN_ORDER) if c.s.on_map(f)]
    if not targets and side == "japan":
        targets = [c.d.midway.hex]
    if not targets:
        return None
    here = where(c, searcher)
    return search_value(c, searcher) - min(c.d.hex_distance(here, t) for t in targets)


def result(c: Ctx, side: str) -> int:
    """7.2: the best searcher's result, never below 1 nor above 4."""
    raws = [r for r in (raw_result(c, side, u) for u in searchers(c, side)) if r is not None]
    best = max(raws) if raws else c.d.search.min_result
    return max(c.d.search.min_result, min(c.d.search.max_result, best))


def search_phase(c: Ctx) -> None:
    """7.3-7.4: AOP equal to the search result; Japan loses what its Midway attack used (down to 0)."""
    s = c.s
    for side in ("japan", "usa"):
        parts = []
        for u in searchers(c, side):
            r = raw_result(c, side, u)
            if r is not None:
                parts.append(('Midway' if u == MIDWAY else c.fleet_name(u), search_value(c, u), r))
        res = result(c, side)
        aop = res
        used = 0
        if side == "japan" and s.midway_ops:
            aop = max(0, res - s.midway_ops)
            used = s.midway_ops
        s.aop[side] = aop
        c.sayf("search", "7.2", _ev_search, c.side_name(side), tuple(parts), res, used, aop)


def _ev_search(side: str, parts: tuple[tuple[str, int, int], ...], res: int, used: int, aop: int) -> str:
    searched = "; ".join(f"{name} {value} -> {r}" for name, value, r in parts)
    note = f", less {used} used attacking Midway" if used else ""
    return f"{side} search: {searched or 'no searcher'}; result {res}{note}: {aop} AOP"
