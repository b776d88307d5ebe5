"""What each side may know. Victory in the Pacific is played face up (raiders turned white side up in port and
the submarines are in plain sight); the one secret is a side's day/night choice before the other side has
chosen (7.3), which the combat view withholds. The public view (viewer PUBLIC, a spectator's) withholds every
choice while one is still being made, and shows a decision only as "<side> is deciding"."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Chance, End
from kaisen.games.victory_in_the_pacific.common import labels
from kaisen.games.victory_in_the_pacific.state import SIDES, VPState

PUBLIC = "public"       # the viewer who owns no side: what neither side's view hides (Game.public_view)
_UNIT = {"loc": "", "mode": None, "damage": 0, "raider": False}     # a unit's entry in a view, before its values


def view(s: VPState, d, side: str | None, pause) -> dict[str, Any]:
    if side not in (None, PUBLIC, *SIDES):
        raise ValueError(f"unknown viewer {side!r}")
    # Each unit's entry made with the values most units have (a copy of _UNIT, in id order), then the few at sea,
    # damaged or turned raider set (the same dicts, keys in the same order, as asking every unit for each).
    loc = s.loc
    units = {}
    fresh = _UNIT.copy
    for u in sorted(loc):
        units[u] = x = fresh()
        x["loc"] = loc[u]
    for u, m in s.mode.items():
        if u in units:
            units[u]["mode"] = m
    for u, n in s.damage.items():
        if u in units:
            units[u]["damage"] = n
    for u in s.raider:
        if u in units:
            units[u]["raider"] = True
    if isinstance(pause, End):
        pending = {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    elif isinstance(pause, Chance):
        pending = {"kind": "chance", "reason": pause.reason, "dice": len(pause.dice)}
    else:
        pending = {"kind": "decision", "side": pause.side,
                   "prompt": pause.prompt if side in (None, pause.side) else f"{pause.side} is deciding"}
    control = s.to_json()
    combat = control["combat"]
    if combat is not None and side == PUBLIC:
        if combat["stage"].startswith("choose:"):
            combat["choice"].clear()              # 7.3: no choice is public until both sides have chosen
    elif combat is not None and side is not None:
        for sd, ch in list(combat["choice"].items()):
            if sd != side and combat["stage"] == f"choose:{side}":
                del combat["choice"][sd]          # 7.3: not seen until this side has chosen too
    return {
        "game": "victory-in-the-pacific", "side": side, "turn": s.turn, "poc": s.poc,
        "poc_log": [list(x) for x in s.poc_log], "control": dict(s.control), "base_control": dict(s.base_control),
        "surrounded": dict(s.surrounded), "units": units, "back": dict(s.back), "repaired": dict(s.repaired),
        "combat": combat, "pending": pending, "options": dict(s.options),
        "result": None if s.result is None else {"winner": s.result[0], "score": s.result[1]},
        "names": dict(labels(d).names),
        "sides": list(SIDES),
        "control_state": control,
    }
