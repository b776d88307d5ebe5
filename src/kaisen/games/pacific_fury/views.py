"""8.4 Fog of War: what each side may know, built from an allow-list (never by deleting secrets).

The public view (viewer PUBLIC, a spectator's) owns no side: every base, operation box and task force face
down unless revealed (counts only), the type of a concealed task force withheld, off-board units only where
6.3 or a landing made them public, a combat's face-down ships dropped, the submarine's pick among hidden
ships only as "dice are rolled", and a decision only as "<side> is deciding". A side's view also holds its
memory (memory.py) of the enemy counters it saw and cannot see now; the public view and the other side's do not."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Callable

from kaisen.engine.core import Chance, Decision, End, LazyView
from kaisen.games.pacific_fury.common import Ctx
from kaisen.games.pacific_fury.state import BOXES, SIDES, PFState

PUBLIC = "public"       # the viewer who owns no side: what neither side's view hides (Game.public_view)


class _Seen:
    """What every part of one side's view is made from (`_PARTS`); `lazy`: parts made when first read."""

    __slots__ = ("s", "d", "c", "side", "pause", "lazy")

    def __init__(self, s: PFState, d, side: str | None, pause, lazy: bool = False):
        if side not in (None, PUBLIC, *SIDES):
            raise ValueError(f"unknown viewer {side!r}")
        self.s, self.d, self.c, self.side, self.pause, self.lazy = s, d, Ctx(s, d), side, pause, lazy

    def knows(self, unit_side: str) -> bool:
        return self.side is None or self.side == unit_side


def _at(v: _Seen, sd: str, where: str) -> list[str]:
    """`sd`'s units at `where` ("base", "reserve", ...) in the order of the counter list."""
    s, d = v.s, v.d
    return [u for u in d.order if s.loc[u] == where and d.ships[u].side == sd]


def _sunk(v: _Seen, sd: str) -> list[str]:
    d = v.d
    return [u for u in _at(v, sd, "sunk") if d.ships[u].type != "TE"]


def _track(v: _Seen, sd: str) -> dict[str, list[str]]:
    s, d = v.s, v.d
    return {str(t): [u for u in d.order if s.returns.get(u) == t and d.ships[u].side == sd]
            for t in sorted(set(s.returns.values()))}


def _offboard(v: _Seen, sd: str) -> list[str]:
    own = v.knows(sd)
    return [u for u in _at(v, sd, "offboard") if own or public_offboard(v.s, v.d, u)]


def _boxes(v: _Seen, sd: str) -> list[dict[str, Any]]:
    own = v.knows(sd)
    return [{"box": tf.box, "tf": tf.id, "count": len(tf.ships), "ships": list(tf.ships) if own else None}
            for tf in v.s.in_boxes(sd)]


def _base(v: _Seen, sd: str) -> list[str] | None:
    return _at(v, sd, "base") if v.knows(sd) or v.s.base_revealed == sd else None


# One side's part of `sides`, in order, each made from the viewer's `_Seen` and that side
_SIDE_PARTS: dict[str, Callable[[_Seen, str], Any]] = {
    "base_name": lambda v, sd: v.d.bases[sd].name,
    "base_count": lambda v, sd: len(_at(v, sd, "base")),
    "base": _base,
    "reserve": lambda v, sd: _at(v, sd, "reserve"),
    "boxes": _boxes,
    "sunk": _sunk,
    "removed": lambda v, sd: _at(v, sd, "removed"),
    "track": _track,
    "offboard": _offboard,
}
_SIDE_KEYS = dict.fromkeys(SIDES)


def _sides(v: _Seen) -> dict[str, Any]:
    if v.lazy:
        return LazyView(_SIDE_KEYS, lambda sd: LazyView(_SIDE_PARTS, lambda key: _SIDE_PARTS[key](v, sd)))
    return {sd: {key: part(v, sd) for key, part in _SIDE_PARTS.items()} for sd in SIDES}


def _zones(v: _Seen) -> list[dict[str, Any]]:
    s, c = v.s, v.c
    zones = []
    for z in v.d.zones.values():
        tfs = []
        for tf in sorted(s.in_zone(z.id), key=lambda t: t.id):
            seen = v.knows(tf.side) or tf.revealed
            tfs.append({"tf": tf.id, "side": tf.side, "count": len(tf.ships), "revealed": tf.revealed,
                        "type": c.tf_type(tf) if seen else None, "ships": list(tf.ships) if seen else None})
        zones.append({"id": z.id, "name": z.name, "task_forces": tfs})
    return zones


def _pending(v: _Seen) -> dict[str, Any]:
    pause, side = v.pause, v.side
    if isinstance(pause, End):
        return {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    if isinstance(pause, Chance):
        return {"kind": "chance", "reason": pause.reason if side is None or pause_public(v.s) else "dice are rolled",
                "dice": len(pause.dice)}
    return {"kind": "decision", "side": pause.side,
            "prompt": pause.prompt if side in (None, pause.side) else f"{pause.side} is deciding"}


def _control(v: _Seen) -> dict[str, Any]:
    s = v.s
    return {"step": s.step, "forming_box": s.forming_box, "event_rolls": s.event_rolls,
            "transport_sunk": s.transport_sunk, "base_revealed": s.base_revealed,
            "phasing": s.phasing, "returns": {u: t for u, t in s.returns.items()},
            "gone_public": list(s.gone_public)}


def _units(d) -> dict[str, dict[str, Any]]:
    """Every counter's printed values (public): a view's own copy."""
    return {u: {"side": sp.side, "type": sp.type, "cf": sp.cf, "icons": sp.icons, "df": sp.df}
            for u, sp in d.ships.items()}


_PRINTED: dict = {}      # id(data) -> (the data, `_units` read-only): a policy view's units, made once per data set


def _printed_units(d) -> Mapping[str, Mapping[str, Any]]:
    """`_units` made once per data set and shared by every policy view, read-only (a policy never writes a view)."""
    got = _PRINTED.get(id(d))
    if got is None or got[0] is not d:
        got = _PRINTED[id(d)] = (d, MappingProxyType({u: MappingProxyType(x) for u, x in _units(d).items()}))
    return got[1]


# A view's parts in order (8.4), each made from the viewer's `_Seen`: `view` makes them all, `policy_view` each one
# when it is first read. A side (not the omniscient or public viewer) has one more: its `memory` (memory.py).
_PARTS: dict[str, Callable[[_Seen], Any]] = {
    "game": lambda v: "pacific-fury",
    "side": lambda v: v.side,
    "turn": lambda v: v.s.turn,
    "phase": lambda v: v.s.phase,
    "initiative": lambda v: v.s.initiative,
    "marker": lambda v: v.s.marker,
    "marker_label": lambda v: v.c.box_label(),
    "track_max": lambda v: v.d.max_box,
    "henderson": lambda v: "operational" if v.s.hf_operational else "disrupted",
    "operations": lambda v: dict(v.s.ops),
    "events_used": lambda v: list(v.s.events_used),
    "options": lambda v: dict(v.s.options),
    "names": lambda v: {u: sp.name for u, sp in v.d.ships.items()},
    "units": lambda v: _printed_units(v.d) if v.lazy else _units(v.d),
    "sides": _sides,
    "zones": _zones,
    "combat": lambda v: None if v.s.combat is None else combat_view(v.s, v.d, v.side),
    "pending": _pending,
    "forming": lambda v: {"side": v.s.phasing, "box": v.s.forming_box} if v.s.phase == "task-force" else None,
    "phasing": lambda v: v.s.phasing if v.s.phase == "operations" else None,
    "result": lambda v: None if v.s.result is None else {"winner": v.s.result[0], "score": v.s.result[1]},
    "control": _control,
}
# what this side remembers of enemy counters it cannot see now (memory.py); its own view only
_SIDE_VIEW_PARTS: dict[str, Callable[[_Seen], Any]] = {
    **_PARTS, "memory": lambda v: {u: sorted(p) for u, p in v.s.memory[v.side].items()}}


def view(s: PFState, d, side: str | None, pause) -> dict[str, Any]:
    """Public facts for everyone; a side's own units in full; the enemy's only where revealed."""
    v = _Seen(s, d, side, pause)
    return {key: part(v) for key, part in (_SIDE_VIEW_PARTS if side in SIDES else _PARTS).items()}


def policy_view(s: PFState, d, side: str, pause) -> LazyView:
    """`view`, each part (and each side's part of `sides`) made when first read (`Game.policy_view`)."""
    v = _Seen(s, d, side, pause, lazy=True)
    parts = _SIDE_VIEW_PARTS if side in SIDES else _PARTS
    return LazyView(parts, lambda key: parts[key](v))


COMBAT_FIELDS = ("kind", "attacker", "zone", "mover", "round", "target", "targets", "pools", "applied",
                 "hit_tfs", "hf_hits", "declared", "rtb_asked", "stage", "after", "rounds", "fire", "engaged")


def combat_view(s: PFState, d, side: str | None) -> dict[str, Any]:
    """A combat in progress is fought face up; ships that have since gone home face down drop out."""
    cb = s.combat

    def seen(u: str) -> bool:
        if u == "henderson" or side is None or d.ships[u].side == side:
            return True
        where = s.loc[u]
        return (where in ("sunk", "removed", "track") or (where == "base" and s.base_revealed == d.ships[u].side)
                or where.startswith("tf:") and s.tfs[where[3:]].revealed)

    out = {f: getattr(cb, f) for f in COMBAT_FIELDS}
    out["pools"] = [[p[0], p[1], [u for u in p[2] if seen(u)]] for p in cb.pools]
    out["applied"] = {u: n for u, n in cb.applied.items() if seen(u)}
    out["fire"] = {k: [f for f in v if seen(f[0])] for k, v in cb.fire.items()}
    return out


def public_offboard(s: PFState, d, unit: str) -> bool:
    """Off-board units the other side knows of: the initiative side's Transports (6.3), and Transports
    and the Tokyo Express once they have landed or been turned back in plain view."""
    sp = d.ships[unit]
    if sp.type == "AP" and sp.side == s.initiative:
        return True
    return unit in s.gone_public


def pause_public(s: PFState) -> bool:
    """Dice reasons name ships; they are public except the submarine's pick among hidden ships."""
    return s.step != "sub-pick"


def hidden_units(v: dict[str, Any], side: str) -> set[str]:
    """The enemy units whose place `side` cannot know from its view (for the sampler and leak tests)."""
    foe = "usa" if side == "japan" else "japan"
    known: set[str] = set()
    fs = v["sides"][foe]
    for key in ("reserve", "sunk", "removed"):
        known.update(fs[key])
    for units in fs["track"].values():
        known.update(units)
    if fs["base"] is not None:
        known.update(fs["base"])
    for z in v["zones"]:
        for tf in z["task_forces"]:
            if tf["ships"] is not None and tf["side"] == foe:
                known.update(tf["ships"])
    return {u for u, spec in v["units"].items() if spec["side"] == foe} - known


__all__ = ["PUBLIC", "view", "hidden_units", "BOXES"]
