"""3.0 Set-up: fleets waiting to enter, aircraft in their default boxes, the tracks, the card deck."""
from __future__ import annotations

from kaisen.engine.core import Option
from kaisen.games.fury_at_midway.common import box_words, lazy_label, narrate
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


# -- placing the aircraft (3.1(2), 3.2(2)-(3)) ------------------------------------------------------
def start_placement(c, side: str) -> None:
    """Each side places its aircraft in secret: every unit in turn goes to a deck box, the hangar or CAP."""
    s = c.s
    todo = tuple(q for q in sorted(s.air) if c.side_of(q) == side and s.air[q][0] != "lost")
    for q in todo:
        s.air[q] = ("setup:" + c.parent(q), s.air[q][1])
    s.pending = todo
    s.step = "place:" + side


def placement_options(c, side: str):
    s = c.s
    q = s.pending[0]
    k = c.parent(q)
    name = c.unit_name(q)
    out = []
    free = c.free_boxes(k)
    if free:
        out.append(Option("deck", None, {"verb": "deck", "unit": q, "carrier": k, "box": f"deck:{k}:{free[0]}"},
                          lazy_label("{} on the {} of {}", name, 'runway' if k == MIDWAY else 'deck',
                                     c.carrier_name(k))))
    out.append(Option("hangar", None, {"verb": "hangar", "unit": q, "carrier": k, "box": f"hangar:{k}"},
                      lazy_label("{} in the hangar of {}", name, c.carrier_name(k))))
    if c.is_fighter(q):
        out.append(Option("cap", None, {"verb": "cap", "unit": q, "carrier": k, "box": f"cap:{c.group_of(k)}"},
                          lazy_label("{} in the CAP box of {}", name, c.group_name(c.group_of(k)))))
    out.append(Option("rest-default", "Place this and every remaining unit as in the standard set-up",
                      {"verb": "default", "units": list(s.pending)}))
    return out


def place(c, side: str, answer: str) -> None:
    """Put the next unit where the owner chose; 'rest-default' uses the standard boxes (hangar if taken)."""
    s = c.s
    todo = list(s.pending)
    if answer == "rest-default":
        for q in todo:
            box = box_of(c.d, q)
            if box.startswith("deck:") and box in s.air.index().by_box:     # some unit holds that box now
                free = c.free_boxes(c.parent(q))       # its standard box was taken: another, or the hangar
                box = f"deck:{c.parent(q)}:{free[0]}" if free else f"hangar:{c.parent(q)}"
            s.air[q] = (box, s.air[q][1])
        todo = []
    else:
        q = todo.pop(0)
        k = c.parent(q)
        if answer == "deck":
            box = f"deck:{k}:{c.free_boxes(k)[0]}"
        elif answer == "hangar":
            box = f"hangar:{k}"
        elif answer == "cap":
            box = f"cap:{c.group_of(k)}"
        else:
            raise KeyError(answer)
        s.air[q] = (box, s.air[q][1])
    s.pending = tuple(todo)
    if todo:
        return
    c.tellf(side, "setup", "3.1(2)" if side == "japan" else "3.2(2)", _ev_placed, c.d, c.side_name(side),
            tuple([(c.unit_name(q), s.air[q][0]) for q in sorted(s.air)
                   if c.side_of(q) == side and s.air[q][0] != "lost"]))
    c.sayf("setup", "3.0", narrate, "{} has placed its aircraft", c.side_name(side))
    if side == "japan":
        start_placement(c, "usa")
    else:
        s.step = "csf-setup"


def _ev_placed(d, side: str, placed: tuple[tuple[str, str], ...]) -> str:
    return f"{side} aircraft placed: " + "; ".join(f"{name} {box_words(d, box)}" for name, box in placed)
