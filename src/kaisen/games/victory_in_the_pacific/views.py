"""What each side may know. Victory in the Pacific is played face up (raiders turned white side up in port and
the submarines are in plain sight); the one secret is a side's day/night choice before the other side has
chosen (7.3), which the combat view withholds. The public view (viewer PUBLIC, a spectator's) withholds every
choice while one is still being made, and shows a decision only as "<side> is deciding"."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kaisen.engine.core import Chance, End, LazyView
from kaisen.games.victory_in_the_pacific.common import labels
from kaisen.games.victory_in_the_pacific.state import JSON_FIELDS, SIDES, VPState

PUBLIC = "public"       # the viewer who owns no side: what neither side's view hides (Game.public_view)
_UNIT = {"loc": "", "mode": None, "damage": 0, "raider": False}     # a unit's entry in a view, before its values


class _Seen:
    """What every part of one side's view is made from (_PARTS); `lazy`: the state's JSON (`control_state`) made
    field by field as read, too."""

    __slots__ = ("s", "d", "side", "pause", "lazy", "_combat")

    def __init__(self, s: VPState, d, side: str | None, pause, lazy: bool = False):
        if side not in (None, PUBLIC, *SIDES):
            raise ValueError(f"unknown viewer {side!r}")
        self.s, self.d, self.side, self.pause, self.lazy = s, d, side, pause, lazy
        self._combat: Any = _UNMADE

    def combat(self) -> dict[str, Any] | None:
        """The combat's JSON as this viewer sees it (made once: `combat` and `control_state` hold the same dict)."""
        combat = self._combat
        if combat is _UNMADE:
            combat = self._combat = None if self.s.combat is None else self.s.combat.to_json()
            side = self.side
            if combat is not None and side == PUBLIC:
                if combat["stage"].startswith("choose:"):
                    combat["choice"].clear()          # 7.3: no choice is public until both sides have chosen
            elif combat is not None and side is not None:
                for sd in list(combat["choice"]):
                    if sd != side and combat["stage"] == f"choose:{side}":
                        del combat["choice"][sd]      # 7.3: not seen until this side has chosen too
        return combat


_UNMADE = object()


def _units(v: _Seen) -> dict[str, dict[str, Any]]:
    """Each unit's location, mode, damage and raider flag, in id order."""
    # Each entry made with the values most units have (a copy of _UNIT), then the few at sea, damaged or turned
    # raider set (the same dicts, keys in the same order, as asking every unit for each).
    s = v.s
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
    return units


def _pending(v: _Seen) -> dict[str, Any]:
    pause, side = v.pause, v.side
    if isinstance(pause, End):
        return {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    if isinstance(pause, Chance):
        return {"kind": "chance", "reason": pause.reason, "dice": len(pause.dice)}
    return {"kind": "decision", "side": pause.side,
            "prompt": pause.prompt if side in (None, pause.side) else f"{pause.side} is deciding"}


# the state's JSON field by field (state.JSON_FIELDS), the combat as this viewer sees it
_STATE_PARTS: dict[str, Callable[[_Seen], Any]] = {
    name: (_Seen.combat if name == "combat" else (lambda v, _w=write: _w(v.s))) for name, write in JSON_FIELDS.items()}


def _control_state(v: _Seen) -> Mapping[str, Any]:
    if v.lazy:
        return LazyView(_STATE_PARTS, lambda key: _STATE_PARTS[key](v))
    return {name: part(v) for name, part in _STATE_PARTS.items()}


_PARTS: dict[str, Callable[[_Seen], Any]] = {
    "game": lambda v: "victory-in-the-pacific", "side": lambda v: v.side, "turn": lambda v: v.s.turn,
    "poc": lambda v: v.s.poc, "poc_log": lambda v: [list(x) for x in v.s.poc_log],
    "control": lambda v: dict(v.s.control), "base_control": lambda v: dict(v.s.base_control),
    "surrounded": lambda v: dict(v.s.surrounded), "units": _units, "back": lambda v: dict(v.s.back),
    "repaired": lambda v: dict(v.s.repaired), "combat": _Seen.combat, "pending": _pending,
    "options": lambda v: dict(v.s.options),
    "result": lambda v: None if v.s.result is None else {"winner": v.s.result[0], "score": v.s.result[1]},
    "names": lambda v: dict(labels(v.d).names), "sides": lambda v: list(SIDES), "control_state": _control_state,
}


def view(s: VPState, d, side: str | None, pause) -> dict[str, Any]:
    """The whole board face up; the combat's day/night choice withheld as 7.3 says (module docstring)."""
    v = _Seen(s, d, side, pause)
    return {key: part(v) for key, part in _PARTS.items()}


def policy_view(s: VPState, d, side: str, pause) -> LazyView:
    """`view`, each part made when first read, the state's JSON field by field (`Game.policy_view`: a heuristic
    in a rollout reads a few)."""
    v = _Seen(s, d, side, pause, lazy=True)
    return LazyView(_PARTS, lambda key: _PARTS[key](v))
