"""What never changes during a game, made once per data set (issue 11, item 4): squadron facts by id, each side's
squadrons in id order, the hexes near each hex, the carriers of each group, and the menus' options themselves
(an option is made once for what it says and shared by every decision that offers it; its label is made only
when read)."""
from __future__ import annotations

from typing import Any

from kaisen.games.fury_at_midway.data import FaMData
from kaisen.games.fury_at_midway.state import MIDWAY


class Static:
    __slots__ = ("side_of", "spec", "parent", "type", "side_squadrons", "within2", "group_carriers",
                 "fleet_groups", "fleet_group_set", "options", "deck_range", "boxinfo", "side_decks", "side_pos",
                 "deck_names", "windows", "side_groups", "box_names")

    def __init__(self, d: FaMData):
        sq = d.squadrons
        self.side_of = {q: d.aircraft[sp.type].side for q, sp in sq.items()}
        self.spec = {q: d.aircraft[sp.type] for q, sp in sq.items()}
        self.parent = {q: sp.parent for q, sp in sq.items()}
        self.type = {q: sp.type for q, sp in sq.items()}
        sides = sorted({self.side_of[q] for q in sq})
        self.side_squadrons = {side: tuple(sorted(q for q in sq if self.side_of[q] == side)) for side in sides}
        self.side_pos = {side: {q: i for i, q in enumerate(qs)} for side, qs in self.side_squadrons.items()}
        self.within2 = {h: tuple(x for x in d.hexes if d.hex_distance(h, x) <= 2) for h in d.hexes}
        self.group_carriers = {g: d.group_carriers(g) for g in d.groups}
        self.fleet_groups = {f: d.fleet_groups(f) for f in d.fleets}
        self.fleet_group_set = {f: frozenset(v) for f, v in self.fleet_groups.items()}
        self.options: dict[tuple, Any] = {}
        self.boxinfo: dict[str, tuple[str, str]] = {}   # box name -> (kind, carrier or group): air_ops
        self.deck_range = {k: tuple(range(1, sp.deck_boxes + 1)) for k, sp in d.carriers.items()}
        self.deck_names = {k: tuple((n, f"deck:{k}:{n}") for n in range(1, sp.deck_boxes + 1))
                           for k, sp in d.carriers.items()}    # (box number, box name) of each deck box
        self.windows: dict[str, tuple[str, ...]] = {}   # card window -> the sides that may play in it: cards
        self.side_groups = {side: tuple(g for g, sp in d.groups.items() if d.fleets[sp.fleet].side == side)
                            for side in ("japan", "usa")}    # each side's divisions / task forces, in file order
        self.side_decks = {side: tuple(f"deck:{k}:{n}" for k, sp in d.carriers.items() if sp.side == side
                                       for n in range(1, sp.deck_boxes + 1)) for side in sides}
        # the boxes of a kind ("cap", "ret1", "spent", ...) of every group one can be named after: a division or task
        # force, a fleet (a DMCV's group is its fleet), Midway; for looking them up instead of reading every box
        named = tuple(dict.fromkeys([*d.groups, *d.fleets, MIDWAY]))
        self.box_names = {kind: tuple(f"{kind}:{g}" for g in named) for kind in ("cap", "ret1", "ret2", "spent")}


LAST_ASKED: list = [None, None]   # the data set asked last and its Static (a game's steps ask for one all the time)


def static(d: FaMData) -> Static:
    last = LAST_ASKED
    if last[0] is d:
        return last[1]
    st = d.__dict__.get("_static")
    if st is None:
        st = Static(d)
        object.__setattr__(d, "_static", st)
    last[0] = d
    last[1] = st
    return st
