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
    """What every part of one side's view is made from (_PARTS): `control`, the state's JSON (`control_state`), the
    combat in it as this viewer sees it; `lazy`: that JSON made field by field as read."""

    __slots__ = ("s", "d", "side", "pause", "control", "_combat")

    def __init__(self, s: VPState, d, side: str | None, pause, lazy: bool = False):
        if side not in (None, PUBLIC, *SIDES):
            raise ValueError(f"unknown viewer {side!r}")
        self.s, self.d, self.side, self.pause = s, d, side, pause
        if lazy:
            self._combat: Any = _UNMADE
            self.control: Mapping[str, Any] = LazyView(JSON_FIELDS, self._field)
        else:
            self.control = s.to_json()
            self._combat = _hide_choice(self.control["combat"], side)     # in place: the view shows it twice

    def _field(self, name: str) -> Any:
        """One field of the state's JSON (state.JSON_FIELDS), the combat as this viewer sees it."""
        return self.combat() if name == "combat" else JSON_FIELDS[name](self.s)

    def combat(self) -> dict[str, Any] | None:
        """The combat's JSON as this viewer sees it (made once: `combat` and `control_state` hold the same dict)."""
        if self._combat is _UNMADE:
            self._combat = _hide_choice(None if self.s.combat is None else self.s.combat.to_json(), self.side)
        return self._combat


_UNMADE = object()


def _hide_choice(combat: dict[str, Any] | None, side: str | None) -> dict[str, Any] | None:
    """`combat` (a combat's JSON, changed in place) with the day/night choices this viewer may not see yet withheld
    (7.3): a spectator sees none while they are being made, a side not the other's before it has chosen too."""
    if combat is not None and side is not None:
        stage, choice = combat["stage"], combat["choice"]
        if side == PUBLIC:
            if stage.startswith("choose:"):
                choice.clear()
        elif stage == f"choose:{side}":
            for sd in [sd for sd in choice if sd != side]:
                del choice[sd]
    return combat


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


_PARTS: dict[str, Callable[[_Seen], Any]] = {
    "game": lambda v: "victory-in-the-pacific", "side": lambda v: v.side, "turn": lambda v: v.s.turn,
    "poc": lambda v: v.s.poc, "poc_log": lambda v: [list(x) for x in v.s.poc_log],
    "control": lambda v: dict(v.s.control), "base_control": lambda v: dict(v.s.base_control),
    "surrounded": lambda v: dict(v.s.surrounded), "units": _units, "back": lambda v: dict(v.s.back),
    "repaired": lambda v: dict(v.s.repaired), "combat": _Seen.combat, "pending": _pending,
    "options": lambda v: dict(v.s.options),
    "result": lambda v: None if v.s.result is None else {"winner": v.s.result[0], "score": v.s.result[1]},
    "names": lambda v: dict(labels(v.d).names), "sides": lambda v: list(SIDES), "control_state": lambda v: v.control,
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
