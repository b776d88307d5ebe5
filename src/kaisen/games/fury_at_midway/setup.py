"""3.0 Set-up: fleets waiting to enter, aircraft in their default boxes, the tracks, the card deck."""
from __future__ import annotations

from kaisen.games.fury_at_midway.data import FaMData
from kaisen.games.fury_at_midway.state import MIDWAY, FaMState


def box_of(d: FaMData, q: str) -> str:
    """The state box name for a squadron's default start (`carriers.toml`: cap / deck:n / hangar)."""
    sp = d.squadrons[q]
    where, n = sp.start_box
    carrier = sp.parent
    group = MIDWAY if carrier == MIDWAY else d.carriers[carrier].group
    if where == "cap":
        return f"cap:{group}"
    if where == "deck":
        return f"deck:{carrier}:{n}"
    return f"hangar:{carrier}"


def initial_state(d: FaMData, options: dict[str, bool] | None = None) -> FaMState:
    """The position after 3.1-3.3 with every aircraft in its default box and no cards dealt yet.

    The optional B-17 (9.4(4)) starts in Midway's hangar only when the option `b17` is on; otherwise it
    is out of play."""
    options = dict(options or {})
    s = FaMState(options=tuple(sorted(options.items())))
    for f, sp in d.fleets.items():
        s.fleet[f] = {"entry": "waiting", "setup": "waiting", "formed": "unformed"}[sp.start]
    for q in d.squadrons:
        ac = d.aircraft[d.squadrons[q].type]
        if ac.optional and not options.get("b17", False):
            s.air[q] = ("lost", 0)
            continue
        s.air[q] = (box_of(d, q), ac.steps)
    s.garrison = d.tracks["garrison"].start
    s.invasion = d.tracks["invasion"].start
    s.midway_control = d.victory.midway_start
    s.deck = tuple(sorted(d.cards))
    return s
