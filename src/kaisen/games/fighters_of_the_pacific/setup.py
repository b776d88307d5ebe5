"""Game setup (rulebook: Game Setup, Scenario): the board is built from the scenario's modules; airplanes,
ships, ground AA and objective markers are placed as the scenario says; the initiative marker comes later."""
from __future__ import annotations

from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name, roster
from kaisen.games.fighters_of_the_pacific.data import FotPData
from kaisen.games.fighters_of_the_pacific.state import FotPState, Plane, Ship, Site


def initial_state(d: FotPData, scenario: str) -> FotPState:
    sc = d.scenarios[scenario]
    s = FotPState(scenario=scenario)
    for e in roster(d, scenario):
        if e.turn == 0:
            s.planes[e.id] = Plane(e.side, e.type, e.hex, e.facing, e.alt, 0, e.ordnance, False)
    for sh in sc.ship:
        cls = d.ship_class_of(sh)
        s.ships[sh.id] = Ship(sh.side, sh.token, cls.id, sh.hexes, (False,) * len(sh.hexes))
    for g in sc.ground_aa:
        s.sites["aa@" + hex_name(g.hex)] = Site("aa", g.side, g.hex)
    for o in sc.objective:
        s.sites["obj@" + hex_name(o.hex)] = Site("objective", o.side, o.hex)
    return s


def announce(c: Ctx) -> None:
    sc = c.sc
    c.note("setup", "Game Setup", _setup, sc.number, sc.name, sc.setting, sc.end_turn, len(c.s.planes),
           len(c.s.ships))


def _setup(n, name, setting, end, planes, ships):
    more = f", {ships} ship(s)" if ships else ""
    return f"Scenario {n}, {name} ({setting}): {planes} airplanes{more} on the board; the game ends after turn {end}"
