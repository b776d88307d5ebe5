"""D.8 Disengage Phase (and C): a division or detached ship at range band 1 or 10 may try to leave the battle; each
ship trying rolls on the Disengagement Table and a ship that succeeds is removed."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option
from kaisen.games.nights_of_fury import conditions
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.gunnery import public_name
from kaisen.games.nights_of_fury.state import BANDS, other


def at_edge(c: Ctx, side: str) -> list:
    return [div for div in c.divisions_of(side) if div.band in (1, BANDS)]


def start(c: Ctx) -> None:
    s = c.s
    order = (s.initiative, other(s.initiative))
    todo: list[str] = []
    for side in order:
        for div in at_edge(c, side):
            if div.detached == "disengage" and div.band == div.heading:
                # C: a ship detached to disengage cannot be recalled: at her edge she tries every turn
                c.replace_division(div.id, disengaging=True)
                todo.extend(c.afloat(div))
            else:
                todo.append(div.id)
    s.todo = tuple(todo)
    _next(c)


def _next(c: Ctx) -> None:
    s = c.s
    if s.todo:
        item = s.todo[0]
        s.step = ("leave:" if item in s.divisions else "leave-roll:") + item
        return
    s.step = ""
    c.finish()


def pause_leave(c: Ctx, div_id: str) -> Decision:
    div = c.s.divisions[div_id]
    return Decision(div.side, f"{div.name} is at range band {div.band}: try to disengage?",
                    (Option("disengage", f"{div.name} tries to disengage", {"verb": "disengage", "division": div_id}),
                     Option("stay", f"{div.name} stays in the battle", {"verb": "stay", "division": div_id})),
                    "D.8", "disengage")


def on_leave(c: Ctx, div_id: str, answer: str) -> None:
    s = c.s
    div = s.divisions[div_id]
    s.todo = s.todo[1:]
    if answer == "disengage":
        c.replace_division(div_id, disengaging=True)
        c.note("disengage", "D.8", _tries, div.side, div.name)
        s.todo = tuple(c.afloat(div)) + s.todo
    else:
        c.replace_division(div_id, disengaging=False)
    _next(c)


def modifiers(c: Ctx, q: str) -> list[tuple[str, int]]:
    return [(label, v) for label, v in conditions.disengage(c, q) if v]


def pause_roll(c: Ctx, q: str) -> Chance:
    mods = modifiers(c, q)
    need = c.d.disengage_needed(c.division_speed(c.division_of(q)))
    return Chance((6,), f"Disengagement Table for {public_name(c, q)} (leaves on "
                        f"{'no roll' if need is None else str(need) + '+'}"
                        + (f"; {', '.join(f'{label} {v:+d}' for label, v in mods)}" if mods else "") + ")",
                  "D.8", ("disengage",))


def on_roll(c: Ctx, q: str, faces) -> None:
    s = c.s
    total = faces[0] + sum(v for _, v in modifiers(c, q))
    who = public_name(c, q)
    s.todo = s.todo[1:]
    need = c.d.disengage_needed(c.division_speed(c.division_of(q)))
    if need is not None and total >= need:
        c.replace_ship(q, status="disengaged", fire=False, left_at=c.division_of(q).band)
        c.note("disengage", "D.8", _left, who, faces[0], total)
    else:
        c.note("disengage", "D.8", _held, who, faces[0], total)
    _next(c)


def _tries(side, name) -> str:
    return f"{side_name(side)} {name} tries to disengage"


def _left(who, f, total) -> str:
    return f"{who} rolls {f} ({total}): disengaged, out of the battle"


def _held(who, f, total) -> str:
    return f"{who} rolls {f} ({total}): not yet clear"


PAUSES = {"leave": pause_leave, "leave-roll": pause_roll}
ANSWERS = {"leave": on_leave, "leave-roll": on_roll}
