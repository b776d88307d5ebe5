"""A. Setup and B. Placement: the scenario's divisions on their start bands (ship cards face down, in column
order), the commanders on their ships, the environment, land markers and missions noted; options switched on."""
from __future__ import annotations

from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.state import NoFState, Division, Ship


def initial_state(d, scenario: str, options: dict) -> NoFState:
    sc = d.scenario(scenario)
    s = NoFState(scenario=scenario, options=tuple(sorted(options.items())))
    for div in sc.division:
        name = d.division_name(sc, div)
        s.divisions[div.id] = Division(div.id, div.navy, name, div.band, tuple(div.ships), role=div.role)
        for q in div.ships:
            spec = d.ships[q]
            s.ships[q] = Ship(div.id, torpedoes=tuple(m.torpedoes for m in spec.mounts), reloads=spec.reloads,
                              ready=tuple(0 for _ in spec.mounts))
    for side in sc.side:
        if side.commander:
            s.commanders[side.navy] = (side.commander, side.commander_ship, True)
    for unit in sc.land_unit:
        s.land[unit.unit] = 0
    return s


def announce(c: Ctx) -> None:
    """B: what both players note before play: environment, land markers, missions, the commanders."""
    d, s = c.d, c.s
    sc = d.scenario(s.scenario)
    c.note("setup", "B", _setup_text, sc.name, sc.light, sc.weather, sc.visibility, sc.sea,
           tuple((m.name, band) for m, band in d.land_markers(s.scenario)))
    for side in sc.side:
        c.note("setup", "E", _side_text, side.navy, c.commander_name(side.navy), side.mission, side.intelligence)
        for who in (side.navy,):
            for div in c.divisions_of(who):
                c.note_to(who, "setup", "B", _div_text, div.name, div.band, tuple(c.name(q) for q in div.ships))


def _setup_text(name, light, weather, visibility, sea, land) -> str:
    where = "; ".join(f"{m} at range band {b}" for m, b in land) or "none"
    return (f"{name}: {light}, {weather} weather, {visibility} visibility, {sea} sea; land markers: {where}")


def _side_text(side, cmd, mission, intel) -> str:
    return (f"{side_name(side)}: commander {cmd}; mission {mission or 'standard victory'}; "
            f"intelligence {intel}")


def _div_text(name, band, ships) -> str:
    return f"{name} at range band {band}: {', '.join(ships)}"
