"""8.4 Fog of War: what each side may know, built from an allow-list (never by deleting secrets)."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Chance, Decision, End
from kaisen.games.pacific_fury.common import Ctx
from kaisen.games.pacific_fury.state import BOXES, SIDES, PFState


def view(s: PFState, d, side: str | None, pause) -> dict[str, Any]:
    """Public facts for everyone; a side's own units in full; the enemy's only where revealed."""
    c = Ctx(s, d)

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
    if s.combat is not None and s.combat.kind != "torpedo":
        combat = {"kind": s.combat.kind, "attacker": s.combat.attacker, "zone": s.combat.zone,
                  "round": s.combat.round, "target": s.combat.target or None}
    return {
        "game": "pacific-fury", "side": side, "turn": s.turn, "phase": s.phase,
        "initiative": s.initiative, "marker": s.marker, "marker_label": c.box_label(),
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
    }


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


__all__ = ["view", "hidden_units", "BOXES"]
