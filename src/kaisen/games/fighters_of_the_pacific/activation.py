"""Phase 2, Activation (rulebook): the sides take turns activating one air group or one AA at a time. The side
with the initiative begins and may always pass its turn (so it may let the enemy activate everything first), but
it activates only one group at a time. In an air group each airplane in turn moves and then attacks; the owner
picks the order. Airplanes already activated (a dodge activates) are skipped. When every airplane and AA of both
sides has been activated the phase is over."""
from __future__ import annotations

from kaisen.engine.core import Decision, Option
from kaisen.games.fighters_of_the_pacific import aa, flight, shooting
from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name
from kaisen.games.fighters_of_the_pacific.flight import FACING_NAME
from kaisen.games.fighters_of_the_pacific.groups import air_groups
from kaisen.games.fighters_of_the_pacific.state import SIDE_NAME, other


def start(c: Ctx) -> None:
    """Form this turn's air groups; the side with the initiative has the first turn."""
    s = c.s
    s.groups = air_groups(s.planes)
    s.turn_side = s.initiative
    _next(c)


def waiting(c: Ctx, group: tuple[str, ...]) -> list[str]:
    """The airplanes of a group still to be activated."""
    planes = c.s.planes
    return [k for k in group if k in planes and not planes[k].activated]


def groups_ready(c: Ctx, side: str) -> list[tuple[str, ...]]:
    """A side's air groups with an airplane still to activate (an airplane id begins with its side)."""
    return [g for g in c.s.groups if g[0].split("-", 1)[0] == side and waiting(c, g)]


def has_work(c: Ctx, side: str) -> bool:
    return bool(groups_ready(c, side) or aa.ready(c, side))


def _next(c: Ctx) -> None:
    s = c.s
    if not has_work(c, s.turn_side):
        if not has_work(c, other(s.turn_side)):
            s.step = ""
            c.finish()
            return
        s.turn_side = other(s.turn_side)
    s.step = "activate"


def activate_decision(c: Ctx, arg: str) -> Decision:
    s = c.s
    side = s.turn_side
    opts = []
    for g in groups_ready(c, side):
        left = waiting(c, g)
        p = s.planes[left[0]]
        opts.append(Option("activate:" + g[0], None, {
            "verb": "activate", "group": g[0], "planes": left, "hexes": [hex_name(s.planes[k].hex) for k in left],
            "alt": p.alt, "facing": p.facing, "types": sorted({s.planes[k].type for k in left})}, _label))
    for a in aa.ready(c, side):
        opts.append(Option("aa:" + a, None, {"verb": "aa", "aa": a, "hex": hex_name(aa.where(c, a)),
                                             "name": aa.name(c, a),
                                             "targets": len(shooting.targets(c, shooting.geometry(c, a), side))},
                           _label))
    if side == s.initiative and has_work(c, other(side)):
        opts.append(Option("pass", None, {"verb": "pass", "side": side}, _label))
    return Decision(side, f"Turn {s.turn}, activation: {SIDE_NAME[side]} activates an air group or an AA",
                    tuple(opts), "Phase 2", "activate")


def _label(o: Option) -> str:
    f = o.fields
    if f["verb"] == "activate":
        n = len(f["planes"])
        kinds = "/".join(t.capitalize() for t in f["types"])
        return (f"Air group of {n} {kinds} at {', '.join(f['hexes'])} ({f['alt']}, facing {FACING_NAME[f['facing']]})")
    if f["verb"] == "aa":
        return f"Activate the {f['name']}" + (f": {f['targets']} target(s) in reach" if f["targets"] else "")
    return "Pass: let the enemy activate first (initiative)"


def activate_answer(c: Ctx, arg: str, a: str) -> None:
    s = c.s
    if a == "pass":
        c.note("pass", "Phase 2", _passed, SIDE_NAME[s.turn_side])
        s.turn_side = other(s.turn_side)
        _next(c)
        return
    verb, _, what = a.partition(":")
    if verb == "aa":
        s.aa_done += (what,)
        c.note("activate", "AA", _aa, aa.name(c, what))
        s.group = ()
        shooting.attack(c, what)
        return
    s.group = next(g for g in s.groups if g[0] == what)
    _next_plane(c)


def _next_plane(c: Ctx) -> None:
    s = c.s
    left = waiting(c, s.group)
    if not left:
        after_activation(c)
    elif len(left) == 1:
        flight.begin(c, left[0], "move")
    else:
        s.step = "pick"


def pick_decision(c: Ctx, arg: str) -> Decision:
    s = c.s
    left = waiting(c, s.group)
    opts = tuple(Option("plane:" + k, None, {"verb": "plane", "plane": k, "hex": hex_name(s.planes[k].hex),
                                             "type": s.planes[k].type},
                        lambda o: f"{o.fields['type'].capitalize()} at {o.fields['hex']}") for k in left)
    return Decision(s.planes[left[0]].side, "Which airplane of the group moves next?", opts, "Phase 2",
                    "pick-airplane")


def pick_answer(c: Ctx, arg: str, a: str) -> None:
    flight.begin(c, a.split(":", 1)[1], "move")


def after_attack(c: Ctx) -> None:
    """An airplane's or an AA's attack is over: the next airplane of the group, or the other side's turn."""
    if c.s.group:
        _next_plane(c)
    else:
        after_activation(c)


def after_activation(c: Ctx) -> None:
    s = c.s
    s.group = ()
    s.turn_side = other(s.turn_side)
    _next(c)


def _passed(side):
    return f"{side} passes (initiative)"


def _aa(name):
    return f"The {name} is activated"


PAUSES = {"activate": activate_decision, "pick": pick_decision}
ANSWERS = {"activate": activate_answer, "pick": pick_answer}
