"""What each side may know (an allow-list). VITP is an open game except for a few secrets: which ships in
port are turned to raid (5.21), a side's day/night choice before the other has chosen (7.3), and the
submarine's station until it attacks."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Chance, End
from kaisen.games.victory_in_the_pacific.common import Ctx
from kaisen.games.victory_in_the_pacific.state import SIDES, VPState


def view(s: VPState, d, side: str | None, pause) -> dict[str, Any]:
    c = Ctx(s, d)

    def own(sd: str) -> bool:
        return side is None or side == sd

    units = {}
    for u, loc in sorted(s.loc.items()):
        sp = d.units[u]
        if sp.kind == "sub" and loc.startswith("sea:") and not own(sp.side):
            loc = "at sea (position unknown)"
        units[u] = {"loc": loc, "mode": s.mode.get(u), "damage": s.damage.get(u, 0),
                    "raider": (u in s.raider) if own(sp.side) else None}
    if isinstance(pause, End):
        pending = {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    elif isinstance(pause, Chance):
        pending = {"kind": "chance", "reason": pause.reason, "dice": len(pause.dice)}
    else:
        pending = {"kind": "decision", "side": pause.side,
                   "prompt": pause.prompt if side in (None, pause.side) else f"{pause.side} is deciding"}
    combat = None
    if s.combat is not None:
        from kaisen.games.victory_in_the_pacific import combat as cb
        combat = cb.public(c, side) if hasattr(cb, "public") else {"area": getattr(s.combat, "area", None)}
    return {
        "game": "victory-in-the-pacific", "side": side, "turn": s.turn, "poc": s.poc,
        "poc_log": [list(x) for x in s.poc_log], "control": dict(s.control), "base_control": dict(s.base_control),
        "surrounded": dict(s.surrounded), "units": units, "back": dict(s.back), "repaired": dict(s.repaired),
        "combat": combat, "pending": pending, "options": dict(s.options),
        "result": None if s.result is None else {"winner": s.result[0], "score": s.result[1]},
        "names": {u: sp.name for u, sp in d.units.items()},
        "sides": list(SIDES),
    }
