"""A whole movement typed in one line (Fighters of the Pacific): short forms of the maneuvers and the airplane a
movement decision is about."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Decision

PATH_KINDS = ("maneuver", "dodge")
"""Decision kinds whose answer may be typed as a whole path (a game with `check_path`: Fighters of the Pacific)."""
PATH_SHORT = {"a": "advance", "sl": "slide-left", "sr": "slide-right", "tl": "turn-left", "tr": "turn-right",
              "d": "dive", "c": "climb", "pl": "pivot-left", "pr": "pivot-right", "t": "torpedo", "db": "dive-bomb"}


def path_ids(words: list[str]) -> list[str]:
    """The option ids of a typed path: maneuver ids as they are, short forms expanded ("ss3" -> "split-s:3"); a
    closing "end" is left out (the movement is ended after the path anyway)."""
    out = []
    for w in words:
        w = w.lower()
        if w.startswith("ss") and w[2:].lstrip(":").isdigit():
            w = "split-s:" + w[2:].lstrip(":")
        elif w.startswith("lb:"):
            w = "level-bomb:" + w[3:]
        if w.startswith("level-bomb:"):
            w = "level-bomb:" + w.split(":", 1)[1].upper()
        out.append(PATH_SHORT.get(w, w))
    while out and out[-1] in ("end", "e"):
        out.pop()
    return out


def path_plane(decision: Decision) -> Any:
    """The airplane a movement or dodge decision is about (its options' `plane` field)."""
    return next((o.get("plane") for o in decision.options if o.get("plane") is not None), None)
