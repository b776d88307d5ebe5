"""Damage (D.5, D.6, Damage Effects Table, E): damage levels rolled into Structure and Flotation Damage Points,
fires, sinking, searchlights lost (J), the commander's death roll (E) and damage that forces a ship to detach.

A shot's follow-up rolls wait in `state.checks`; when they are done the procedure that fired goes on from its
continuation (registered in CONTINUE by gunnery, torpedoes, random_events and damage_control)."""
from __future__ import annotations

from typing import Callable

from kaisen.engine.core import Chance
from kaisen.games.nights_of_fury.common import Ctx, side_name

CONTINUE: dict[str, Callable[[Ctx], None]] = {}


def then(c: Ctx, resume: str) -> None:
    """Go on with the pending checks, and afterwards with the continuation `resume`."""
    s = c.s
    s.resume = resume
    if s.checks:
        s.step = "check:" + s.checks[0]
        return
    CONTINUE[resume](c)


def _queue(c: Ctx, check: str) -> None:
    c.s.checks = c.s.checks + (check,)


def split(c: Ctx, faces, torpedo: bool) -> tuple[int, int, bool]:
    """Gunnery Damage Allocation (D.5): 1-4 one Structure point, 5 one Flotation, 6 one of each; a torpedo's
    damage the other way round (D.6): 1-4 Flotation, 5 Structure, 6 both. Returns (structure, flotation, a 6)."""
    st = fl = 0
    six = False
    for f in faces:
        if f == 6:
            st += 1
            fl += 1
            six = True
        elif f == 5:
            if torpedo:
                st += 1
            else:
                fl += 1
        elif torpedo:
            fl += 1
        else:
            st += 1
    return st, fl, six


def apply_points(c: Ctx, ship: str, structure: int, flotation: int, rule: str, six: bool = False) -> None:
    """Mark the damage points on a ship and queue what follows: the fire roll after a 6, the commander's death
    roll, the effects of the total damage (sinking, a forced detachment)."""
    s, d = c.s, c.d
    st = s.ships[ship]
    if st.status != "afloat":
        return
    new = st._replace(structure=st.structure + structure, flotation=st.flotation + flotation,
                      searchlight=st.searchlight and structure < 2)
    s.ships[ship] = new
    side = c.side_of(ship)
    c.note("damage", rule, _damage_text, c.public(ship), structure, flotation, new.structure, new.flotation)
    c.note_to(side, "damage", rule, _own_damage_text, c.name(ship))
    if d.is_sunk(c.spec(ship), new.structure, new.flotation):
        sink(c, ship, rule)
        return
    if six:
        _queue(c, "fire:" + ship)
    cmd = s.commanders.get(side)
    if cmd and cmd[1] == ship and cmd[2] and structure >= 2:
        _queue(c, f"death:{ship}:{structure}")
    if d.forces_detach(c.spec(ship), new.structure, new.flotation) and len(c.afloat(c.division_of(ship))) > 1:
        _queue(c, "detach:" + ship)


def start_fire(c: Ctx, ship: str, rule: str) -> None:
    st = c.s.ships[ship]
    if st.status == "afloat" and not st.fire:
        c.replace_ship(ship, fire=True)
        c.note("damage", rule, _fire_text, c.public(ship))


def sink(c: Ctx, ship: str, rule: str) -> None:
    """A ship goes down: out of the battle; a commander aboard dies with her (E); the enemy scores her points."""
    s = c.s
    who = c.public(ship)
    c.replace_ship(ship, status="sunk", fire=False)
    side = c.side_of(ship)
    c.note("sunk", rule, _sunk_text, who)
    c.note_to(side, "sunk", rule, _own_sunk_text, c.name(ship))
    cmd = s.commanders.get(side)
    if cmd and cmd[1] == ship and cmd[2]:
        s.commanders[side] = (cmd[0], cmd[1], False)
        c.note("commander", "E", _killed_text, side, cmd[0])


def pause_check(c: Ctx, arg: str) -> Chance:
    kind, _, rest = arg.partition(":")
    if kind == "fire":
        return Chance((6,), f"Does a fire break out on {c.public(rest)}? ({c.d.fire_text})", "D.5", ("fire",))
    if kind == "death":
        ship, _, points = rest.partition(":")
        worst = c.d.death_chance(int(points))
        return Chance((6,), f"{c.public(ship)} took {points} structure points with the commander aboard: killed on "
                            f"1-{worst}", "E", ("commander",))
    return Chance((6,), f"Does damage force {c.public(rest)} out of her division? (Cohesion "
                        f"{c.rating(c.side_of(rest), 'cohesion'):+d}; {c.d.detach_text})", "Damage Effects Table",
                  ("detach",))


def on_check(c: Ctx, arg: str, faces) -> None:
    s = c.s
    kind, _, rest = arg.partition(":")
    s.checks = s.checks[1:]
    f = faces[0]
    if kind == "fire":
        if c.d.fire_starts(f):
            start_fire(c, rest, "D.5")
        else:
            c.note("damage", "D.5", _no_fire_text, c.public(rest), f)
    elif kind == "death":
        ship, _, points = rest.partition(":")
        side = c.side_of(ship)
        cmd = s.commanders.get(side)
        if cmd and cmd[2] and f <= c.d.death_chance(int(points)):
            s.commanders[side] = (cmd[0], cmd[1], False)
            c.note("commander", "E", _killed_text, side, cmd[0])
        else:
            c.note("commander", "E", _survives_text, side, f)
    elif kind == "detach":
        side = c.side_of(rest)
        if c.s.ships[rest].status == "afloat" and c.d.detach_roll_fails(f + c.rating(side, "cohesion")):
            from kaisen.games.nights_of_fury.movement import detach
            detach(c, rest, "damage")
    then(c, s.resume)


def _damage_text(who, st, fl, total_st, total_fl) -> str:
    return f"{who} takes {st} structure and {fl} flotation damage (now {total_st} and {total_fl})"


def _own_damage_text(name) -> str:
    return f"(the ship hit is {name})"


def _fire_text(ship) -> str:
    return f"Fire breaks out on {ship}"


def _no_fire_text(ship, f) -> str:
    return f"Fire roll {f}: no fire on {ship}"


def _sunk_text(who) -> str:
    return f"{who} sinks"


def _own_sunk_text(name) -> str:
    return f"(the ship lost is {name})"


def _killed_text(side, cmd) -> str:
    return f"{side_name(side)} commander {cmd} is killed: the side's ratings fall to -1"


def _survives_text(side, f) -> str:
    return f"{side_name(side)} commander's death roll {f}: he survives"


PAUSES = {"check": pause_check}
ANSWERS = {"check": on_check}
