"""6.0 Fleet movement: the secret US plot, Japanese movement and entry, exits, DMCVs, no day sea battle."""
from __future__ import annotations

from kaisen.engine.core import Option
from kaisen.games.fury_at_midway.common import DMCV, MAIN_FLEET, Ctx, lazy_label, narrate
from kaisen.games.fury_at_midway.state import NIGHT_TURN

US_ORDER = ("csf", "us-dmcv")
JAPAN_ORDER = ("1af", "mif", "ijn-dmcv")


def night(c: Ctx) -> bool:
    return c.d.turn(c.s.turn).night


def allowance(c: Ctx, fleet: str) -> int:
    """6.1(1), 10.1(1): movement points by day / at night."""
    return c.d.fleets[fleet].ma(night(c))


def exit_area(c: Ctx, fleet: str) -> frozenset[str]:
    return c.d.area(c.d.fleets[fleet].exit)


def steps_into(c: Ctx, here: str) -> list[str]:
    """Hexes a fleet may move into from `here` (6.1(2)): on the map, never Midway's hex."""
    return [h for h in c.d.neighbours(here) if h != c.d.midway.hex]


def arriving(c: Ctx, fleet: str) -> bool:
    """6.3, 10.1(3): the fleet enters the map this turn (1AF turn 1, MIF turn 4)."""
    return c.s.fleet.get(fleet) == "waiting" and fleet in c.d.turn(c.s.turn).arrivals


def reach(c: Ctx, start: str, mp: int) -> dict[str, int]:
    """Every hex reachable from `start` with `mp` points, with the fewest points used."""
    best = {start: 0}
    frontier = [start]
    for used in range(1, mp + 1):
        nxt = []
        for h in frontier:
            for n in steps_into(c, h):
                if n not in best:
                    best[n] = used
                    nxt.append(n)
        frontier = nxt
    return best


def can_end_in_range(c: Ctx, here: str, mp: int) -> bool:
    """Whether a fleet at `here` with `mp` points left can still finish within Midway attack range."""
    rng = c.d.midway.attack_range
    return any(c.d.hex_distance(h, c.d.midway.hex) <= rng for h in reach(c, here, mp))


# -- DMCV formation (6.0) ------------------------------------------------------------------
def dmcv_candidates(c: Ctx, side: str) -> list[str]:
    """Carriers of `side` afloat with exactly two damage markers, when no DMCV was formed yet (6.0)."""
    f = DMCV[side]
    main = MAIN_FLEET[side]
    if c.s.fleet.get(f) != "unformed" or not c.s.on_map(main):
        return []
    return [k for k, sp in c.d.carriers.items()
            if sp.side == side and sp.kind == "carrier" and k not in c.s.sunk and len(c.s.damage.get(k, ())) == 2]


def dmcv_options(c: Ctx, side: str) -> list[Option]:
    f = DMCV[side]
    return ([Option(f"dmcv:{k}", None, {"verb": "dmcv", "carrier": k, "fleet": f},
                    lazy_label("Form a DMCV around {} (once a game)", c.carrier_name(k)))
             for k in dmcv_candidates(c, side)]
            + [Option("no-dmcv", "Keep the damaged carrier with the fleet", {"verb": "pass", "fleet": f})])


def form_dmcv(c: Ctx, side: str, carrier: str) -> None:
    """6.0: the damaged carrier leaves its division / task force as a DMCV in the main fleet's hex."""
    f = DMCV[side]
    c.s.dmcv[side] = carrier
    c.s.fleet[f] = c.s.fleet[MAIN_FLEET[side]]
    c.tellf(side, "fleet", "6.0", narrate, "{} forms a DMCV around {} in {}", c.side_name(side),
            c.carrier_name(carrier), c.s.fleet[f])     # the enemy learns of it when the fleets are announced (6.2(2))
    c.fleet_check()   # 6.1(3): the DMCV may have taken the main fleet's last carrier


# -- the US plot (6.2(1)) -------------------------------------------------------------------
def us_fleets(c: Ctx) -> list[str]:
    return [f for f in US_ORDER if c.s.on_map(f)]


def plot_end(c: Ctx, fleet: str) -> str:
    p = c.s.plot.get(fleet, ())
    return p[-1] if p else c.s.fleet[fleet]


def plot_options(c: Ctx, fleet: str) -> list[Option]:
    """Next hex of the plot, off the east edge from column I, or the end of the plot."""
    p = c.s.plot.get(fleet, ())
    here = plot_end(c, fleet)
    out = []
    if here != "off" and len(p) < allowance(c, fleet):
        name = c.fleet_name(fleet)
        out = [Option(f"to:{h}", None, {"verb": "move", "fleet": fleet, "hex": h, "from": here},
                      lazy_label("{}: plot {} -> {}", name, here, h)) for h in steps_into(c, here)]
        if here in exit_area(c, fleet):
            out.append(Option("off", None, {"verb": "exit", "fleet": fleet, "from": here},
                              lazy_label("{}: plot leaving the map east of {}", name, here)))
    others = {plot_end(c, f) for f in us_fleets(c) if f != fleet and (f in c.s.plot or US_ORDER.index(f) < US_ORDER.index(fleet))}
    if here == "off" or here not in others or not out:
        if here != "off":
            out.append(Option("end", None, {"verb": "end", "fleet": fleet, "hex": here},
                              lazy_label("{}: the plot ends in {}", c.fleet_name(fleet), here)))
        else:
            out.append(Option("end", None, {"verb": "end", "fleet": fleet},
                              lazy_label("{}: the plot ends off the map", c.fleet_name(fleet))))
    return out


def on_plot(c: Ctx, fleet: str, answer: str) -> bool:
    """Record one step of the plot; True when this fleet's plot is finished."""
    if answer == "end":
        c.s.plot.setdefault(fleet, ())
        c.tellf("usa", "plot", "6.2(1)", _ev_plot, c.fleet_name(fleet), (c.s.fleet[fleet],) + c.s.plot[fleet])
        return True
    h = "off" if answer == "off" else answer[3:]
    c.s.plot[fleet] = c.s.plot.get(fleet, ()) + (h,)
    return False


# -- Japanese movement (6.2(2), 6.3) ---------------------------------------------------------
def japan_fleets(c: Ctx) -> list[str]:
    return [f for f in JAPAN_ORDER if c.s.on_map(f) or arriving(c, f)]


def mp_left(c: Ctx, fleet: str) -> int:
    return allowance(c, fleet) - len(c.s.path.get(fleet, ()))


def move_options(c: Ctx, fleet: str) -> list[Option]:
    """Enter (an arriving fleet must), move one hex, leave by the west edge, or stop."""
    s = c.s
    name = c.fleet_name(fleet)
    must_range = fleet == "1af" and s.declared
    if arriving(c, fleet):
        hexes = sorted(c.d.area(c.d.fleets[fleet].entry))
        ok = [h for h in hexes if not must_range or can_end_in_range(c, h, allowance(c, fleet) - 1)]
        return [Option(f"enter:{h}", None, {"verb": "enter", "fleet": fleet, "hex": h},
                       lazy_label("{} enters the map at {}", name, h)) for h in ok]
    here = s.fleet[fleet]
    left = mp_left(c, fleet)
    taken = {s.fleet[f] for f in s.pending if f != fleet and s.on_map(f)}   # fleets done moving (6.1(2))
    out = []
    if left > 0:
        for h in steps_into(c, here):
            if must_range and not can_end_in_range(c, h, left - 1):
                continue
            out.append(Option(f"to:{h}", None, {"verb": "move", "fleet": fleet, "hex": h, "from": here},
                              lazy_label("{}: {} -> {}", name, here, h)))
        if here in exit_area(c, fleet) and not must_range:
            out.append(Option("exit", None, {"verb": "exit", "fleet": fleet, "from": here},
                              lazy_label("{} leaves the map west of {} (for good)", name, here)))
    in_range = c.d.hex_distance(here, c.d.midway.hex) <= c.d.midway.attack_range
    if (here not in taken and (not must_range or in_range)) or not out:
        # (not out: hemmed in, it stays where it is; cannot happen on this map, kept for safety)
        out.append(Option("stop", None, {"verb": "stop", "fleet": fleet, "hex": here},
                          lazy_label("{} ends its move in {}", name, here)))
    return out


def on_move(c: Ctx, fleet: str, answer: str) -> bool:
    """Apply one Japanese movement answer; True when the fleet has finished moving."""
    s = c.s
    if answer.startswith("enter:"):
        h = answer[6:]
        s.fleet[fleet] = h
        s.path[fleet] = (h,)
        c.tellf("japan", "fleet", "6.3", narrate, "{} enters the map at {}", c.fleet_name(fleet), h)
        return False
    if answer.startswith("to:"):
        h = answer[3:]
        s.fleet[fleet] = h
        s.path[fleet] = s.path.get(fleet, ()) + (h,)
        return False
    if answer == "exit":
        leave(c, fleet)
        return True
    return True


def leave(c: Ctx, fleet: str) -> None:
    """6.1(2): a fleet leaves the map for good (4.2 scores the 1AF's and the CSF's exit)."""
    c.s.fleet[fleet] = "exited"
    c.s.shown[fleet] = "exited"
    c.s.exits += (fleet,)
    c.sayf("fleet", "6.1(2)", narrate, "{} leaves the map", c.fleet_name(fleet))


def announce(c: Ctx, side: str) -> None:
    """6.2(2): a side tells the other where its fleets are after movement."""
    order = JAPAN_ORDER if side == "japan" else US_ORDER
    parts = []
    for f in order:
        h = c.s.fleet.get(f, "")
        if "-" in h:
            c.s.shown[f] = h
            parts.append((c.fleet_name(f), h))
    if parts:
        c.sayf("fleet", "6.2(2)", _ev_fleets, c.side_name(side), tuple(parts))


def _ev_plot(name: str, route: tuple[str, ...]) -> str:
    return f"US plots {name}: {' -> '.join(route)}"


def _ev_fleets(side: str, parts: tuple[tuple[str, str], ...]) -> str:
    return f"{side} fleets: " + "; ".join(f"{name} in {h}" for name, h in parts)


def _ev_reveal(name: str, route: tuple[str, ...]) -> str:
    return f"US reveals its plot: {name} {' -> '.join(route)}"


# -- executing the plot (6.2(2), 6.1(4), 10.1(2)) -----------------------------------------------
def execute_plot(c: Ctx) -> list[str]:
    """Move the US fleets along their plots; returns the fleets that must step back (6.1(4))."""
    s = c.s
    back = []
    for f in us_fleets(c):
        route = s.plot.get(f, ())
        start = s.fleet[f]
        s.path[f] = (start,) + route
        if route and route[-1] == "off":
            leave(c, f)
            continue
        if route:
            s.fleet[f] = route[-1]
        c.sayf("fleet", "6.2(2)", _ev_reveal, c.fleet_name(f), (start,) + route)
    if s.turn != NIGHT_TURN:
        for f in us_fleets(c):
            if any(s.fleet[j] == s.fleet[f] for j in JAPAN_ORDER if s.on_map(j)):
                back.append(f)
    s.plot = {}
    return back


def step_back_options(c: Ctx, fleet: str) -> list[Option]:
    """6.1(4): back to the hex it came from, or any free adjacent hex if it did not move."""
    s = c.s
    path = s.path.get(fleet, ())
    if len(path) >= 2:
        return [Option(f"back:{path[-2]}", None, {"verb": "back", "fleet": fleet, "hex": path[-2]},
                       lazy_label("{} falls back to {}", c.fleet_name(fleet), path[-2]))]
    busy = {s.fleet[f] for f in s.fleet if s.on_map(f) and f != fleet}
    name = c.fleet_name(fleet)
    hexes = [h for h in steps_into(c, s.fleet[fleet]) if h not in busy] or steps_into(c, s.fleet[fleet])
    return [Option(f"back:{h}", None, {"verb": "back", "fleet": fleet, "hex": h},
                   lazy_label("{} moves off to {}", name, h)) for h in hexes]


def step_back(c: Ctx, fleet: str, answer: str) -> None:
    h = answer[5:]
    c.s.fleet[fleet] = h
    c.sayf("fleet", "6.1(4)", narrate, "No day battle between carriers: {} steps back to {}", c.fleet_name(fleet), h)


def enemies_on_map(c: Ctx, side: str) -> list[str]:
    order = US_ORDER if side == "japan" else JAPAN_ORDER
    return [f for f in order if c.s.on_map(f)]

