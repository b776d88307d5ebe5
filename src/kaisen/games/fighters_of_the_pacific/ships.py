"""Phase 3, step 1: ships move (rulebook: Ships). Each ship not stopped by a hit on its back segment must move if
it can: the front one hex ahead, front-left or front-right (a destroyer) or ahead or turning a notch and
advancing (a carrier), each other segment into the hex the one before it left; never onto another ship or an
island, never off the board. With no legal move it stays. The owner chooses among the moves; the initiative
side's ships move first. In a scenario without the ship rules, ships lie at anchor."""
from __future__ import annotations

from functools import partial

from kaisen.engine.core import Decision, Option
from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name, ship_name
from kaisen.games.fighters_of_the_pacific.data import ship_step

MOVE_NAME = {0: "ahead", -1: "left", 1: "right"}
MOVE_OF = {v: k for k, v in MOVE_NAME.items()}


def start(c: Ctx) -> None:
    s = c.s
    if not c.sc.uses("ships"):
        c.finish()
        return
    s.todo = tuple(sorted(s.ships, key=lambda k: (s.ships[k].side != s.initiative, k)))
    _next(c)


def stationary(c: Ctx, ship: str) -> bool:
    """A ship whose back segment has been hit never moves again."""
    x = c.s.ships[ship]
    segs = c.d.ship_classes[x.cls].segments
    return any(x.hit[segs.index(seg)] for seg in c.d.ship_classes[x.cls].stops_when_hit)


def moves(c: Ctx, ship: str) -> list[tuple[int, tuple]]:
    """The legal moves of a ship now: (turn, its segments' new hexes)."""
    x = c.s.ships[ship]
    others = {h for k, y in c.s.ships.items() if k != ship for h in y.hexes}
    out = []
    for turn in c.d.ship_classes[x.cls].moves:
        new = ship_step(x.hexes, turn)
        if all(c.layout.is_water(h) and h not in others for h in new):
            out.append((turn, new))
    return out


def _next(c: Ctx) -> None:
    s = c.s
    while s.todo:
        ship, s.todo = s.todo[0], s.todo[1:]
        x = s.ships[ship]
        name = ship_name(c.d, ship, x.token)
        if stationary(c, ship):
            c.note("ship", "Ships", _still, name, "its back segment is destroyed")
            continue
        legal = moves(c, ship)
        if not legal:
            c.note("ship", "Ships", _still, name, "it has no legal move")
        elif len(legal) == 1:
            _move(c, ship, *legal[0])
        else:
            s.step = "ship:" + ship
            return
    s.step = ""
    c.finish()


def _move(c: Ctx, ship: str, turn: int, new: tuple) -> None:
    x = c.s.ships[ship]
    c.s.ships[ship] = x._replace(hexes=new)
    c.note("ship", "Ships", _moved, ship_name(c.d, ship, x.token), MOVE_NAME[turn], hex_name(new[0]))


def decision(c: Ctx, ship: str) -> Decision:
    x = c.s.ships[ship]
    name = ship_name(c.d, ship, x.token)
    opts = tuple(Option("ship:" + MOVE_NAME[t], None, {"verb": "ship-move", "ship": ship, "turn": t,
                                                        "hexes": [hex_name(h) for h in new]},
                        partial(_move_label, name))
                 for t, new in moves(c, ship))
    return Decision(x.side, f"{name} must move", opts, "Phase 3, Ships", "ship-move")


def _move_label(name: str, o: Option) -> str:
    return f"{name}: {MOVE_NAME[o.fields['turn']]}, bow to {o.fields['hexes'][0]}"


def answer(c: Ctx, ship: str, a: str) -> None:
    turn = MOVE_OF[a.split(":", 1)[1]]
    _move(c, ship, *next(m for m in moves(c, ship) if m[0] == turn))
    _next(c)


def _still(name, why):
    return f"{name} stays in place: {why}"


def _moved(name, how, where):
    return f"{name} moves {how}; its bow is at {where}"


PAUSES = {"ship": decision}
ANSWERS = {"ship": answer}
