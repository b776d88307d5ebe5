"""6.0 Movement: patrollers and raiders (6.1-6.3), speed rolls (6.4), land-based air (6.5, 12.1), amphibious
units (13.1), submarines (6.6), nation limits (17.x) and the frozen units of turn 1 (18.2)."""
from __future__ import annotations

from kaisen.engine.core import Chance, Option
from kaisen.games.victory_in_the_pacific.common import Ctx, narrate, lazy_label
from kaisen.games.victory_in_the_pacific.shared import Shared
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, kept_drop, kept_valid, other

FIRST_TURN_MOVERS = ("australia", "singapore", "the-philippines")   # 18.22: the five cruisers there may move


# -- who may move ---------------------------------------------------------------------------------
def frozen(c: Ctx, u: str) -> bool:
    """18.21-18.22: on turn 1 only Japan's Yokosuka units and the Allied cruisers in Australia, Singapore
    and the Philippines may move."""
    if c.s.turn != 1:
        return False
    sp = c.spec(u)
    loc = c.s.loc[u]
    if sp.side == "japan":
        return loc != "port:yokosuka"
    return not (sp.type in ("CA", "CL") and loc.startswith("port:") and loc[5:] in FIRST_TURN_MOVERS)


def in_port(c: Ctx, u: str) -> str | None:
    loc = c.s.loc[u]
    return loc[5:] if loc.startswith("port:") else None


def ready_ships(c: Ctx, side: str) -> list[str]:
    """Ships of `side` in port that may still act this turn (not moved, not repairing, able to sail)."""
    s = c.s
    moved, raider = s.moved, s.raider
    here = c.by().get(("port", side), ())
    ships = c.labels.ships
    if s.turn != 1:
        damage = s.damage
        return [u for u in here if u in ships and u not in moved and u not in raider
                and (u not in damage or c.can_sail(u))]
    return [u for u in here if u in ships and u not in moved and u not in raider and c.can_sail(u)
            and not frozen(c, u)]


def is_ready(c: Ctx, side: str, u: str) -> bool:
    """Whether `u` is one of `ready_ships(c, side)` (the same tests, for the one unit)."""
    s = c.s
    if u not in c.labels.ships or c.d.units[u].side != side or not s.loc.get(u, "").startswith("port:") \
            or u in s.moved or u in s.raider:
        return False
    if s.turn != 1:
        return u not in s.damage or c.can_sail(u)
    return c.can_sail(u) and not frozen(c, u)


# -- how far (6.2, 6.3, 13.1, 17.x) ---------------------------------------------------------------------
def max_areas(c: Ctx, u: str, raid: bool) -> int:
    """Sea areas a unit may enter: patrollers 2, amphibious 2, raiders 3 (Japan, US) or 2 (British,
    Australian, Dutch)."""
    sp = c.spec(u)
    if sp.kind == "amph" or not raid:
        return 2
    return 3 if sp.nation in ("japan", "us") else 2


def rolled_from(c: Ctx, u: str, raid: bool) -> int:
    """The first sea area count that needs a speed roll (6.221-6.223, 17.13, 17.24); 0: never."""
    sp = c.spec(u)
    if sp.kind == "amph":
        return 0
    if not raid:
        return 2
    return 3 if sp.nation in ("japan", "us") else 2


def enemy_held(c: Ctx, area: str, side: str) -> bool:
    return c.s.control.get(area) == other(side)


def reach(c: Ctx, u: str, raid: bool) -> dict[str, int]:
    """Every sea area the unit can end in, with the fewest areas entered (6.21-6.3: from a touching area
    onward; it must stop on entering an enemy-controlled area; amphibious units stop in their second). Kept per
    rules data for the port, side, reach and control of the sea areas: shared, so read it, never change it."""
    return _reach_entry(c, u, raid)[0]


def _reach_entry(c: Ctx, u: str, raid: bool) -> tuple[dict[str, int], dict, tuple]:
    """`reach` and, beside it, the destination menus made from it (`dest_options`) and its areas nearest first
    (then by id), kept together."""
    base = in_port(c, u)
    side = c.side_of(u)
    limit = max_areas(c, u, raid)
    control = c.s.control
    lab = c.labels
    # A shared control dict never changes (copy on write, shared.py): the entry found with it is kept beside it,
    # so the key of every area's control is made once per such dict, not on every call
    at = (base, side, limit)
    got = lab.reach_at.get(at)
    if got is not None and got[0] is control:
        return got[1]
    key = (base, side, limit, tuple(control.items()))
    cache = lab.reach
    got = cache.get(key)
    if got is None:
        if len(cache) > 20000:
            cache.clear()
        best = _reach(c, base, side, limit)
        got = cache[key] = (best, {}, tuple(sorted(best.items(), key=lambda x: (x[1], x[0]))))
    if type(control) is Shared:
        lab.reach_at[at] = (control, got)
    return got


def _reach(c: Ctx, base: str, side: str, limit: int) -> dict[str, int]:
    best: dict[str, int] = {}
    frontier = []
    for a in c.d.bases[base].touches:
        best[a] = 1
        frontier.append(a)
    n = 1
    while frontier and n < limit:
        n += 1
        nxt = []
        for a in frontier:
            if enemy_held(c, a, side):
                continue
            for b in c.d.neighbours(a):
                if b not in best:
                    best[b] = n
                    nxt.append(b)
        frontier = nxt
    return best


def dest_options(c: Ctx, u: str, raid: bool) -> tuple[Option, ...]:
    """The sea areas the unit may sail to (6.2), nearest first; the menu is made once for the unit, its reach,
    speed and speed-roll distance, and kept with its reach (the options are shared: read them, never change
    them). Each option is made once per rules data for what it says (`Labels.dests`: the unit, area, areas
    entered, raid, and the speed its label notes) and shared by every menu that offers it."""
    roll = rolled_from(c, u, raid)
    speed = c.speed(u)
    slow = roll if roll and speed < 7 else 0          # from this many areas on, the label notes the speed roll
    _, menus, nearest = _reach_entry(c, u, raid)
    key = (u, raid, slow, speed)
    got = menus.get(key)
    if got is not None:
        return got
    made = c.labels.dests
    if len(made) > 20000:
        made.clear()
    out = []
    for a, n in nearest:
        noted = speed if slow and n >= slow else 0    # the speed the label notes (0: no speed roll)
        k = (u, a, n, raid, noted)
        o = made.get(k)
        if o is None:
            if noted:
                make = lazy_label("{} to {}, {} area(s) (speed roll: speed {})", c.name(u), c.d.areas[a].name, n,
                                  speed)
            else:
                make = lazy_label("{} to {}, {} area(s)", c.name(u), c.d.areas[a].name, n)
            o = made[k] = Option("to:" + a, None, {"verb": "move", "unit": u, "area": a, "n": n, "raid": raid}, make)
        out.append(o)
    got = menus[key] = tuple(out)
    return got


def sail(c: Ctx, u: str, area: str, raid: bool) -> None:
    """Put the unit at sea; queue its speed roll if it went far enough to need one (6.43)."""
    s = c.s
    n = reach(c, u, raid)[area]
    ok = kept_valid(s)
    s.place(u, "sea:" + area)
    s.edit("mode")[u] = "raid" if raid else "patrol"
    s.moved = s.moved | {u}
    s.raider = s.raider - {u}
    if ok:
        kept_drop(s, u)              # flow.patrol_pairs: her options out of the kept patrol menu
    roll = rolled_from(c, u, raid)
    if roll and n >= roll and c.speed(u) < 7:
        s.moving = s.moving + (f"{u}>{area}",)
    c.say_later("move", "6.2", _sailed, c.d, u, area, raid)


def _sailed(d, u: str, area: str, raid: bool) -> str:
    sp = d.units[u]
    kind = {"ship": "raiding" if raid else "patrolling", "amph": "amphibious"}.get(sp.kind, "")
    return f"{SIDE_NAME[sp.side]} {kind} {sp.name} to {d.areas[area].name}"


# -- speed rolls (6.4) -------------------------------------------------------------------------------
def speed_chance(c: Ctx) -> Chance:
    labels = tuple(f"{c.name(x.split('>')[0])} (speed {c.speed(x.split('>')[0])})" for x in c.s.moving)
    return Chance((6,) * len(c.s.moving), "Speed rolls: a ship passes when its speed is above the roll", "6.4",
                  labels)


def on_speed(c: Ctx, faces: tuple[int, ...]) -> None:
    """6.41: a failed patroller stays but turns raider; 6.42: a failed raider returns to port at once."""
    s = c.s
    for x, f in zip(s.moving, faces):
        u = x.split(">")[0]
        if c.speed(u) > f:
            c.say_later("speed", "6.4", narrate, "{} passes its speed roll ({} against speed {})", c.name(u), f,
                        c.speed(u))
            continue
        if s.mode.get(u) == "patrol":
            s.edit("mode")[u] = "raid"
            c.say_later("speed", "6.41", narrate, "{} fails its speed roll ({}): it arrives as a raider",
                        c.name(u), f)
        else:
            c.say_later("speed", "6.42", narrate, "{} fails its speed roll ({}) and turns back", c.name(u), f)
            c.send_home(u, "failed speed roll", "6.42")
    s.moving = ()


# -- land-based air (6.5, 12.1) ------------------------------------------------------------------------
def air_ready(c: Ctx, side: str) -> list[str]:
    """`side`'s land-based air units in port that have not moved (nor are frozen on turn 1), in id order: the
    side's few air units (a static id-ordered tuple) tested for a port, not every unit in port for air."""
    s = c.s
    loc, moved, turn1 = s.loc, s.moved, s.turn == 1
    return [u for u in c.labels.side_air[side] if loc.get(u, "")[:5] == "port:" and u not in moved
            and not (turn1 and frozen(c, u))]


def is_air_ready(c: Ctx, side: str, u: str) -> bool:
    """Whether `u` is one of `air_ready(c, side)` (the same tests, for the one unit)."""
    sp = c.d.units.get(u)
    return sp is not None and sp.side == side and sp.kind == "lba" and c.s.loc.get(u, "").startswith("port:") \
        and u not in c.s.moved and not frozen(c, u)


def air_areas(c: Ctx, side: str) -> list[str]:
    """12.13: any sea area a friendly port or base touches."""
    return [a for a in c.d.areas if c.touches_friendly(a, side)]


def air_options(c: Ctx, side: str) -> tuple[Option, ...]:
    """12.1: each ready land-based air unit over each sea area a friendly port or base touches, or pass. The menu
    is kept per rules data for the ready units and who holds each port and base (shared: never change it)."""
    lab = c.labels
    make, made = lab.air, lab.placings
    ready = tuple(air_ready(c, side))
    control = c.s.base_control
    # a shared base-control dict never changes (copy on write, shared.py): the menu found with it is kept beside
    # it (Labels.placings_at), so the key of every base's control is made once per such dict
    got = lab.placings_at.get((side, ready))
    if got is not None and got[0] is control:
        return got[1]
    key = (side, ready, tuple(control.items()))
    got = made.get(key)
    if got is not None:
        if type(control) is Shared:
            lab.placings_at[(side, ready)] = (control, got)
        return got
    out = []
    areas = air_areas(c, side)
    for u in ready:
        for a in areas:
            o = made.get((u, a))        # an option made once per rules data and shared (its label from its fields)
            if o is None:
                o = made[(u, a)] = Option(f"place:{u}:{a}", None, {"verb": "place", "unit": u, "area": a}, make)
            out.append(o)
    out.append(PASS_AIR)
    if len(made) > 20000:
        made.clear()
    got = made[key] = tuple(out)
    if type(control) is Shared:
        if len(lab.placings_at) > 20000:
            lab.placings_at.clear()
        lab.placings_at[(side, ready)] = (control, got)
    return got


PASS_AIR = Option("pass", "Place no more air units this turn", {"verb": "pass"})


def place_air(c: Ctx, u: str, area: str) -> None:
    s = c.s
    s.place(u, "sea:" + area)
    s.edit("mode")[u] = "patrol"
    s.moved = s.moved | {u}
    c.say_later("move", "12.1", _air_placed, c.d, u, area)


def _air_placed(d, u: str, area: str) -> str:
    sp = d.units[u]
    return f"{SIDE_NAME[sp.side]} air unit {sp.name} placed over {d.areas[area].name}"


# -- submarines (6.6, 16) -------------------------------------------------------------------------------
def subs_ready(c: Ctx, side: str) -> list[str]:
    """`side`'s submarines in port, in id order (as `air_ready`: the side's submarines tested for a port)."""
    loc = c.s.loc
    return [u for u in c.labels.side_subs[side] if loc.get(u, "")[:5] == "port:"]


def sub_options(c: Ctx, side: str) -> list[Option]:
    make = c.labels.sub
    out = [Option(f"sub:{u}:{a}", None, {"verb": "place", "unit": u, "area": a}, make)
           for u in subs_ready(c, side) for a in c.d.areas]
    out.append(Option("keep", "Keep the submarine in port this turn", {"verb": "keep"}))
    return out
