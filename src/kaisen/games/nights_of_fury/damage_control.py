"""D.7 Damage Control Phase: every damaged or burning ship rolls for a Damage Control Check (USN 1-3, IJN 1-2,
Damage Control Table); the check repairs a structure point on 1-2, a flotation point on 3, puts out a fire on
4-6, and repairs nothing while the ship burns."""
from __future__ import annotations

from kaisen.engine.core import Chance
from kaisen.games.nights_of_fury import damage
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.gunnery import public_name
from kaisen.games.nights_of_fury.state import other


def start(c: Ctx) -> None:
    s = c.s
    order = (s.initiative, other(s.initiative))
    s.todo = tuple(q for side in order for div in c.divisions_of(side) for q in c.afloat(div)
                   if s.ships[q].structure or s.ships[q].flotation or s.ships[q].fire)
    _next(c)


def _next(c: Ctx) -> None:
    s = c.s
    if s.todo:
        s.step = "dc:" + s.todo[0]
        return
    s.step = ""
    c.finish()


def pause_dc(c: Ctx, q: str) -> Chance:
    side = c.side_of(q)
    return Chance((6,), f"Damage control: may {public_name(c, q)} make a check? ({side_name(side)} on "
                        f"1-{c.d.dc_chance(side)})", "D.7", ("eligible",))


def on_dc(c: Ctx, q: str, faces) -> None:
    s = c.s
    side = c.side_of(q)
    if faces[0] <= c.d.dc_chance(side):
        s.step = "dc-check:" + q
        return
    c.note("damage-control", "D.7", _no_check, public_name(c, q), faces[0])
    _ship_done(c, q)


def pause_check(c: Ctx, q: str) -> Chance:
    return Chance((6,), f"Damage Control Check for {public_name(c, q)}: 1-2 a structure point, 3 a flotation point, "
                        f"4-6 puts out a fire (no repair while burning)", "D.7", ("check",))


def on_check(c: Ctx, q: str, faces) -> None:
    s = c.s
    st = s.ships[q]
    f = faces[0]
    who = public_name(c, q)
    if f >= 4:
        if st.fire:
            c.replace_ship(q, fire=False)
            c.note("damage-control", "D.7", _text, who, f, "the fire is put out")
        else:
            c.note("damage-control", "D.7", _text, who, f, "no fire to fight")
    elif st.fire:
        c.note("damage-control", "D.7", _text, who, f, "no repair while the ship burns")
    elif f <= 2 and st.structure:
        c.replace_ship(q, structure=st.structure - 1)
        c.note("damage-control", "D.7", _text, who, f, "one structure point repaired")
    elif f == 3 and st.flotation:
        c.replace_ship(q, flotation=st.flotation - 1)
        c.note("damage-control", "D.7", _text, who, f, "one flotation point repaired")
    else:
        c.note("damage-control", "D.7", _text, who, f, "nothing of that kind to repair")
    _ship_done(c, q)


def _ship_done(c: Ctx, q: str) -> None:
    """The ship's damage control is over: a fire still burning does its damage, then the next ship."""
    s = c.s
    s.todo = s.todo[1:]
    if s.ships[q].fire:
        burn(c, q)
        if s.checks:
            damage.then(c, "dc")
            return
    _next(c)


def burn(c: Ctx, q: str) -> None:
    """Damage Effects Table: a fire still burning after damage control does its damage (designed)."""
    st, fl = c.d.fire_damage
    if st or fl:
        damage.apply_points(c, q, st, fl, "D.7")


def _no_check(who, f) -> str:
    return f"Damage control roll {f} for {who}: no check this turn"


def _text(who, f, what) -> str:
    return f"Damage Control Check {f} for {who}: {what}"


damage.CONTINUE["dc"] = _next

PAUSES = {"dc": pause_dc, "dc-check": pause_check}
ANSWERS = {"dc": on_dc, "dc-check": on_check}
