"""Airplane groups (rulebook: Phase 2, Airplane Group): a side's airplanes that are adjacent in one connected
whole, at the same altitude and facing the same direction; a lone airplane is a group of its own. Groups are
formed anew each turn from where the airplanes are."""
from __future__ import annotations

from typing import Mapping

from kaisen.games.fighters_of_the_pacific.data import neighbours
from kaisen.games.fighters_of_the_pacific.state import Plane


def air_groups(planes: Mapping[str, Plane], side: str | None = None) -> tuple[tuple[str, ...], ...]:
    """The air groups of one side (or of both), each sorted by airplane id, in order of their first id."""
    by_key: dict[tuple, list[str]] = {}            # several only where rule of flight 4 was waived (flight.py)
    for k, p in planes.items():
        if side is None or p.side == side:
            by_key.setdefault((p.side, p.alt, p.facing, p.hex), []).append(k)
    seen: set[str] = set()
    groups = []
    for k in sorted(x for ks in by_key.values() for x in ks):
        if k in seen:
            continue
        p = planes[k]
        group, todo = [], [k]
        seen.add(k)
        while todo:
            x = todo.pop()
            group.append(x)
            q = planes[x]
            for h in (q.hex, *neighbours(q.hex)):
                for y in by_key.get((p.side, p.alt, p.facing, h), ()):
                    if y not in seen:
                        seen.add(y)
                        todo.append(y)
        groups.append(tuple(sorted(group)))
    return tuple(sorted(groups))
