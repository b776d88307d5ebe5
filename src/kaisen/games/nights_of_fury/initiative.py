"""D.2 Initiative Phase: a side that has detected the enemy without being detected takes the initiative;
otherwise each side rolls a die plus its commander's Cohesion and the scenario's Surprise, ties rolled again."""
from __future__ import annotations

from kaisen.engine.core import Chance
from kaisen.games.nights_of_fury import conditions
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.state import UNSEEN, other


def detects_any(c: Ctx, side: str) -> bool:
    """Whether `side` has detected (Spotted or Identified) any enemy division still in the battle."""
    s = c.s
    return any(s.level(side, div.id) > UNSEEN for div in c.divisions_of(other(side)))


def start(c: Ctx) -> None:
    s = c.s
    a, b = c.d.side_order(s.scenario)
    for side in (a, b):
        if detects_any(c, side) and not detects_any(c, other(side)):
            s.initiative = side
            c.note("initiative", "D.2", _automatic, side)
            c.finish()
            return
    s.step = "initiative"


def modifier(c: Ctx, side: str) -> int:
    """Cohesion of the side's commander plus the scenario's Surprise modifier (D.2), plus a Random Event's
    initiative bonus in force this turn (D.1)."""
    return (c.rating(side, "cohesion") + c.d.surprise(c.s.scenario, side, c.s.turn)
            + conditions.effect(c, "initiative", side))


def pause_roll(c: Ctx, arg: str) -> Chance:
    a, b = c.d.side_order(c.s.scenario)
    return Chance((6, 6), f"Initiative: {side_name(a)} rolls {_mod(modifier(c, a))}, {side_name(b)} rolls "
                          f"{_mod(modifier(c, b))}", "D.2", (side_name(a), side_name(b)))


def on_roll(c: Ctx, arg: str, faces) -> None:
    s = c.s
    a, b = c.d.side_order(s.scenario)
    ta, tb = faces[0] + modifier(c, a), faces[1] + modifier(c, b)
    if ta == tb:
        c.note("initiative", "D.2", _tie, a, faces[0], ta, b, faces[1], tb)
        return                     # the same step again: roll once more
    s.initiative = a if ta > tb else b
    c.note("initiative", "D.2", _won, a, faces[0], ta, b, faces[1], tb, s.initiative)
    c.finish()


def _mod(m: int) -> str:
    return f"+ {m}" if m >= 0 else f"- {-m}"


def _automatic(side) -> str:
    return (f"{side_name(side)} has detected the enemy without being detected: {side_name(side)} has the "
            f"initiative")


def _tie(a, fa, ta, b, fb, tb) -> str:
    return f"Initiative: {side_name(a)} {fa} -> {ta}, {side_name(b)} {fb} -> {tb}: a tie, roll again"


def _won(a, fa, ta, b, fb, tb, winner) -> str:
    return f"Initiative: {side_name(a)} {fa} -> {ta}, {side_name(b)} {fb} -> {tb}: {side_name(winner)} wins"


PAUSES = {"initiative": pause_roll}
ANSWERS = {"initiative": on_roll}
