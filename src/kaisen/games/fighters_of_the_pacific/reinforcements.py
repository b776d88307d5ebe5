"""Phase 3, step 5: reinforcements (rulebook: Scenario; Ships): the airplanes a scenario brings in at the end of
this turn are placed, each by its owner on a hex of its zone (an edge of the board, or a carrier's hexes and
their neighbours) where no airplane is at its altitude, with the scenario's facing, altitude and ordnance. A
carrier whose front or centre segment is destroyed launches nothing. The initiative side places first."""
from __future__ import annotations

from kaisen.engine.core import Decision, Option
from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name, plane_name, roster
from kaisen.games.fighters_of_the_pacific.state import Plane


def start(c: Ctx) -> None:
    s = c.s
    due = [e for e in roster(c.d, s.scenario) if e.turn == s.turn]
    s.todo = tuple(e.id for e in sorted(due, key=lambda e: e.side != s.initiative))
    _next(c)


def _entry(c: Ctx, plane: str):
    return next(e for e in roster(c.d, c.s.scenario) if e.id == plane)


def can_launch(c: Ctx, ship: str) -> bool:
    x = c.s.ships.get(ship)
    if x is None:
        return False
    segs = c.d.ship_classes[x.cls].segments
    return not any(x.hit[segs.index(seg)] for seg in c.d.ship_classes[x.cls].launch_needs)


def places(c: Ctx, plane: str) -> list:
    e = _entry(c, plane)
    if e.zone.startswith("carrier:"):
        ship = e.zone.split(":", 1)[1]
        if not can_launch(c, ship):
            return []
    zone = c.d.zone_hexes(c.s.scenario, e.zone, {k: x.hexes for k, x in c.s.ships.items()})
    taken = {p.hex for p in c.s.planes.values() if p.alt == e.alt}
    return sorted((h for h in zone if h not in taken), key=lambda h: (h[0], h[1]))


def _next(c: Ctx) -> None:
    s = c.s
    while s.todo:
        plane = s.todo[0]
        spots = places(c, plane)
        if not spots:
            s.todo = s.todo[1:]
            e = _entry(c, plane)
            c.note("reinforcement", "Scenario", _none, plane_name(plane, c.d.aircraft[e.type].name), e.zone)
            continue
        if len(spots) == 1:
            s.todo = s.todo[1:]
            _place(c, plane, spots[0])
            continue
        s.step = "place:" + plane
        return
    s.step = ""
    c.finish()


def _place(c: Ctx, plane: str, h) -> None:
    e = _entry(c, plane)
    c.s.planes[plane] = Plane(e.side, e.type, h, e.facing, e.alt, 0, e.ordnance, False)
    c.note("reinforcement", "Scenario", _placed, plane_name(plane, c.d.aircraft[e.type].name), hex_name(h), e.alt)


def decision(c: Ctx, plane: str) -> Decision:
    e = _entry(c, plane)
    opts = tuple(Option("place:" + hex_name(h), None, {"verb": "place", "plane": plane, "hex": hex_name(h),
                                                        "alt": e.alt, "facing": e.facing},
                        lambda o: f"Place it at {o.fields['hex']}") for h in places(c, plane))
    return Decision(e.side, f"Reinforcement: where does {plane_name(plane, c.d.aircraft[e.type].name)} enter "
                            f"({e.zone})?", opts, "Scenario, reinforcements", "place-reinforcement")


def answer(c: Ctx, plane: str, a: str) -> None:
    c.s.todo = c.s.todo[1:]
    h = next(x for x in places(c, plane) if hex_name(x) == a.split(":", 1)[1])
    _place(c, plane, h)
    _next(c)


def _none(plane, zone):
    return f"{plane} cannot enter ({zone}: no launch or no free hex)"


def _placed(plane, where, alt):
    return f"{plane} arrives at {where} ({alt})"


PAUSES = {"place": decision}
ANSWERS = {"place": answer}
