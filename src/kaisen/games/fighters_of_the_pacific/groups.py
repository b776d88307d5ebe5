"""Airplane groups (rulebook: Phase 2, Airplane Group): a side's airplanes that are adjacent in one connected
whole, at the same altitude and facing the same direction; a lone airplane is a group of its own. Groups are
formed anew each turn from where the airplanes are."""
from __future__ import annotations

from typing import Mapping

from kaisen.games.fighters_of_the_pacific.data import neighbours
from kaisen.games.fighters_of_the_pacific.state import Plane


def air_groups(planes: Mapping[str, Plane], side: str | None = None) -> tuple[tuple[str, ...], ...]:
    """The air groups of one side (or of both), each sorted by airplane id, in order of their first id."""
    by_key: dict[tuple, str] = {}
    for k, p in planes.items():
        if side is None or p.side == side:
            by_key[(p.side, p.alt, p.facing, p.hex)] = k
    seen: set[str] = set()
    groups = []
    for k in sorted(by_key.values()):
        if k in seen:
            continue
        p = planes[k]
        group, todo = [], [k]
        seen.add(k)
        while todo:
            x = todo.pop()
            group.append(x)
            q = planes[x]
            for h in neighbours(q.hex):
                y = by_key.get((p.side, p.alt, p.facing, h))
                if y is not None and y not in seen:
                    seen.add(y)
                    todo.append(y)
        groups.append(tuple(sorted(group)))
    return tuple(sorted(groups))
