"""Barrage (rulebook): after the initiative and before the first activation, each flak unit with the barrage
option may place a barrage marker within 2 hexes instead of firing low this turn (it counts as activated). The US
option is on every ship segment and ground flak; the Japanese on ground flak and one segment per ship, chosen each
turn. An airplane at high altitude under a marker when it is placed takes one damage at once, without reacting;
one entering the hex at high altitude later takes one damage (flight.py). Markers come off at the end of the turn."""
from __future__ import annotations

from kaisen.engine.core import Decision, Option
from kaisen.games.fighters_of_the_pacific import aa
from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name, plane_name
from kaisen.games.fighters_of_the_pacific.data import hex_distance
from kaisen.games.fighters_of_the_pacific.state import SIDES, Barrage


def start(c: Ctx) -> None:
    """Every flak unit with the option is asked in turn, the initiative side's first."""
    s = c.s
    if not c.sc.uses("barrages"):
        c.finish()
        return
    order = (s.initiative, *[sd for sd in SIDES if sd != s.initiative])
    s.todo = tuple(a for sd in order for a in aa.units(c, sd))
    _next(c)


def _eligible(c: Ctx, unit: str) -> bool:
    side = aa.side_of(c, unit)
    ship = aa.ship_of(unit)
    if ship is None:
        return c.d.barrage.ground
    if getattr(c.d.barrage, side) == "every_segment":
        return True
    return not any(aa.ship_of(b.source) == ship for b in c.s.barrages)    # one segment per ship


def _next(c: Ctx) -> None:
    s = c.s
    while s.todo:
        unit, s.todo = s.todo[0], s.todo[1:]
        if unit in aa.units(c) and _eligible(c, unit):
            s.step = "barrage:" + unit
            return
    s.step = ""
    c.finish()


def reach(c: Ctx, unit: str) -> list:
    """The hexes within 2 of the flak unit, on the board."""
    at, n = aa.where(c, unit), c.d.barrage.range
    near = ((at[0] + dq, at[1] + dr) for dq in range(-n, n + 1) for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1))
    return sorted((h for h in near if c.layout.contains(h)), key=lambda h: (hex_distance(at, h), h))


def decision(c: Ctx, unit: str) -> Decision:
    s = c.s
    opts = [Option("barrage:" + hex_name(h), None, {
        "verb": "barrage", "aa": unit, "hex": hex_name(h),
        "hits": sorted(k for k, p in s.planes.items() if p.hex == h and p.alt == "high")}, _label)
        for h in reach(c, unit)]
    opts.append(Option("no-barrage", None, {"verb": "no-barrage", "aa": unit}, _label))
    return Decision(aa.side_of(c, unit), f"The {aa.name(c, unit)} may fire a barrage within 2 hexes",
                    tuple(opts), "Barrage", "barrage")


def _label(o: Option) -> str:
    f = o.fields
    if f["verb"] == "no-barrage":
        return "No barrage: keep the AA for low-altitude fire"
    hits = f" (damages {len(f['hits'])} airplane(s) there now)" if f["hits"] else ""
    return f"Barrage on {f['hex']}{hits}"


def answer(c: Ctx, unit: str, a: str) -> None:
    s = c.s
    if a != "no-barrage":
        h = next(x for x in reach(c, unit) if hex_name(x) == a.split(":", 1)[1])
        side = aa.side_of(c, unit)
        s.barrages += (Barrage(side, h, unit),)
        s.aa_done += (unit,)
        c.note("barrage", "Barrage", _placed, aa.name(c, unit), hex_name(h))
        for k in sorted(k for k, p in s.planes.items() if p.hex == h and p.alt == "high"):
            c.note("hit", "Barrage", _under, plane_name(k, c.d.aircraft[s.planes[k].type].name))
            c.damage(k, c.d.barrage.damage, "Barrage")
    _next(c)


def _placed(name, where):
    return f"The {name} fires a barrage on {where}"


def _under(plane):
    return f"{plane} is caught under the barrage"


PAUSES = {"barrage": decision}
ANSWERS = {"barrage": answer}
