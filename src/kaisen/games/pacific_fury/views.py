"""8.4 Fog of War: what each side may know, built from an allow-list (never by deleting secrets).

The public view (viewer PUBLIC, a spectator's) owns no side: every base, operation box and task force face
down unless revealed (counts only), the type of a concealed task force withheld, off-board units only where
6.3 or a landing made them public, a combat's face-down ships dropped, the submarine's pick among hidden
ships only as "dice are rolled", and a decision only as "<side> is deciding". A side's view also holds its
memory (memory.py) of the enemy counters it saw and cannot see now; the public view and the other side's do not."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Chance, Decision, End
from kaisen.games.pacific_fury.common import Ctx
from kaisen.games.pacific_fury.state import BOXES, SIDES, PFState

PUBLIC = "public"       # the viewer who owns no side: what neither side's view hides (Game.public_view)


def view(s: PFState, d, side: str | None, pause) -> dict[str, Any]:
    """Public facts for everyone; a side's own units in full; the enemy's only where revealed."""
    c = Ctx(s, d)
    if side not in (None, PUBLIC, *SIDES):
        raise ValueError(f"unknown viewer {side!r}")

    def knows(unit_side: str) -> bool:
        return side is None or side == unit_side

    sides: dict[str, Any] = {}
    for sd in SIDES:
        own = knows(sd)
        base = [u for u in d.order if s.loc[u] == "base" and d.ships[u].side == sd]
        sides[sd] = {
            "base_name": d.bases[sd].name,
            "base_count": len(base),
            "base": base if own or s.base_revealed == sd else None,
            "reserve": [u for u in d.order if s.loc[u] == "reserve" and d.ships[u].side == sd],
            "boxes": [{"box": tf.box, "tf": tf.id, "count": len(tf.ships),
                       "ships": list(tf.ships) if own else None} for tf in s.in_boxes(sd)],
            "sunk": [u for u in d.order if s.loc[u] == "sunk" and d.ships[u].side == sd and d.ships[u].type != "TE"],
            "removed": [u for u in d.order if s.loc[u] == "removed" and d.ships[u].side == sd],
            "track": {str(t): [u for u in d.order if s.returns.get(u) == t and d.ships[u].side == sd]
                      for t in sorted(set(s.returns.values()))},
            "offboard": [u for u in d.order if s.loc[u] == "offboard" and d.ships[u].side == sd
                         and (own or public_offboard(s, d, u))],
        }
    zones = []
    for z in d.zones.values():
        tfs = []
        for tf in sorted(s.in_zone(z.id), key=lambda t: t.id):
            seen = knows(tf.side) or tf.revealed
            tfs.append({"tf": tf.id, "side": tf.side, "count": len(tf.ships), "revealed": tf.revealed,
                        "type": c.tf_type(tf) if seen else None, "ships": list(tf.ships) if seen else None})
        zones.append({"id": z.id, "name": z.name, "task_forces": tfs})
    if isinstance(pause, End):
        pending = {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    elif isinstance(pause, Chance):
        pending = {"kind": "chance", "reason": pause.reason if side is None or pause_public(s) else "dice are rolled",
                   "dice": len(pause.dice)}
    else:
        pending = {"kind": "decision", "side": pause.side,
                   "prompt": pause.prompt if side in (None, pause.side) else f"{pause.side} is deciding"}
    combat = None
    if s.combat is not None:
        combat = combat_view(s, d, side)
    out = {
        "game": "pacific-fury", "side": side, "turn": s.turn, "phase": s.phase,
        "initiative": s.initiative, "marker": s.marker, "marker_label": c.box_label(), "track_max": d.max_box,
        "henderson": "operational" if s.hf_operational else "disrupted",
        "operations": dict(s.ops), "events_used": list(s.events_used),
        "options": dict(s.options),
        "names": {u: sp.name for u, sp in d.ships.items()},
        "units": {u: {"side": sp.side, "type": sp.type, "cf": sp.cf, "icons": sp.icons, "df": sp.df}
                  for u, sp in d.ships.items()},
        "sides": sides, "zones": zones, "combat": combat, "pending": pending,
        "forming": {"side": s.phasing, "box": s.forming_box} if s.phase == "task-force" else None,
        "phasing": s.phasing if s.phase == "operations" else None,
        "result": None if s.result is None else {"winner": s.result[0], "score": s.result[1]},
        "control": {"step": s.step, "forming_box": s.forming_box, "event_rolls": s.event_rolls,
                    "transport_sunk": s.transport_sunk, "base_revealed": s.base_revealed,
                    "phasing": s.phasing, "returns": {u: t for u, t in s.returns.items()},
                    "gone_public": list(s.gone_public)},
    }
    if side in SIDES:       # what this side remembers of enemy counters it cannot see now (memory.py); its own only
        out["memory"] = {u: sorted(p) for u, p in s.memory[side].items()}
    return out


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
