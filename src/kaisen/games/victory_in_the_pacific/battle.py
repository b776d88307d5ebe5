"""Who fights where, and the moves of a fight that the rule add-ons and the end of the turn share (7.4, 7.53,
8.2, 13.4, 13.42, 14.3, 19.2): the helpers of combat, below combat.py, its add-ons (task_forces, air_strikes,
island_combat, turn1) and end_turn (a submarine's last shot, 5.73 invasions), so that every import points down
(RULES.md, "Sequence of play")."""
from __future__ import annotations

from kaisen.games.victory_in_the_pacific.combat_state import Combat
from kaisen.games.victory_in_the_pacific.common import Ctx, narrate
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, Locs, other

SURPRISE = "surprise"   # `cur` of the Indonesia surprise raids (18.4)


def _kind(c: Ctx, u: str) -> str:
    return c.d.units[u].kind


def in_area(c: Ctx, area: str, side: str | None = None) -> list[str]:
    """Units that fight in the area: at sea there, submarines left out (16.4)."""
    loc = c.s.loc                               # c.by(), without the call where the index is there
    by = loc.by if type(loc) is Locs else None
    here = (by if by is not None else c.by()).get("sea:" + area, ())
    lab = c.labels
    key = (area, side)
    got = lab.in_area.get(key)
    if got is not None and got[0] is here:      # the same units at sea there (the index's tuple never changes)
        return list(got[1])
    # the same tests, as membership of the static sets of units that fight (per side)
    fight = lab.fighters if side is None else lab.side_fighters.get(side, ())
    out = [u for u in here if u in fight]
    lab.in_area[key] = (here, tuple(out))       # kept beside the index's tuple it was found from
    return out


def fighting(c: Ctx, cb: Combat, side: str) -> list[str]:
    """`side`'s units in the battle being fought (the whole area, a fleeing group and its pursuers, a raid)."""
    here = in_area(c, cb.area, side)
    if cb.cur == "":
        if not cb.groups and not cb.detached:
            return here                 # nobody fled nor stays apart: the whole area (a new list, as below)
        grouped = {u for us in cb.groups.values() for u in us}
        return [u for u in here if u not in grouped and u not in cb.detached]
    if cb.cur == SURPRISE:
        # 18.4: Japan's airstrikes at sea against the Allied ships at sea; nothing else takes part
        return here if side == "japan" else [u for u in here if _kind(c, u) == "ship"]
    if cb.cur.startswith("raid:"):
        rside = raid_side(c, cb)
        if side == rside:
            return [u for u in here if cb.pursuers.get(u) == cb.cur]
        return port_targets(c, cb.cur[5:], rside) if rside else []
    return [u for u in here if u in cb.groups.get(cb.cur, ()) or cb.pursuers.get(u) == cb.cur]


def raid_side(c: Ctx, cb: Combat, raid: str = "") -> str:
    """The side of the ships making the raid `raid` (default: the one being fought)."""
    raid = raid or cb.cur
    raiders = [u for u in in_area(c, cb.area) if cb.pursuers.get(u) == raid]
    return c.side_of(raiders[0]) if raiders else ""


def port_targets(c: Ctx, base: str, side: str) -> list[str]:
    """Enemy (of `side`) units in a port or base that an air raid may attack (9.11)."""
    return [u for u in c.s.at("port:" + base) if c.side_of(u) != side and _kind(c, u) != "sub"]


def main_in_area(c: Ctx, area: str, side: str | None = None) -> list[str]:
    """in_area less the pursuers of a partial retreat, who never rejoin the main battle (20.8)."""
    cb = c.s.combat
    if cb is None or cb.area != area or not cb.detached:
        return in_area(c, area, side)          # nobody stays apart: in_area's own fresh list
    gone = set(cb.detached)
    return [u for u in in_area(c, area, side) if u not in gone]


def settled(c: Ctx, area: str) -> bool:
    """5.5: at most one side still has units at sea in the area."""
    return not (main_in_area(c, area, "japan") and main_in_area(c, area, "allies"))


def group_speed(c: Ctx, units) -> int:
    """8.23: a group flees at the speed of its slowest member."""
    return min(c.speed(u) for u in units)


def kamikaze_turn(c: Ctx) -> bool:
    """19.2: the kamikaze rules apply on turn 9 only (the optional turn of rule 19)."""
    return c.s.option("turn-9") and c.s.turn >= 9


def is_kamikaze(c: Ctx, cb: Combat, u: str) -> bool:
    """19.21: every Japanese land-based air unit attacks as a kamikaze on turn 9; 19.22: declared carriers."""
    if not kamikaze_turn(c) or c.side_of(u) != "japan":
        return False
    return _kind(c, u) == "lba" or u in cb.kamikaze


def flee(c: Ctx, cb: Combat, side: str, units) -> None:
    """8.2: the retreating units: land-based air escapes, the rest form a group that may be split."""
    cb.fleeing = side
    for u in units:
        if _kind(c, u) == "lba":
            c.send_home(u, "land-based air escapes at once", "8.21")
    rest = tuple(u for u in units if _kind(c, u) != "lba")
    if rest:
        g = _new_group(cb, rest)
        cb.family = (g,)
        if len(rest) > 1:
            cb.split = (g, "")
            cb.stage = "split"
            return
    _begin_pursue(c, cb)


def _new_group(cb: Combat, units: tuple[str, ...]) -> str:
    cb.count += 1
    g = f"g{cb.count}"
    cb.groups[g] = units
    return g


def _begin_pursue(c: Ctx, cb: Combat) -> None:
    side = other(cb.fleeing)
    cb.ask = tuple(u for u in fighting(c, cb, side) if _kind(c, u) == "ship" and u not in cb.stopped)
    cb.stage = "pursue"


def capture(c: Ctx, base: str, side: str) -> None:
    """13.42, 14.3: the base changes hands; ships and air there leave for another port, amphibious units are
    eliminated, and air units in areas where it was their side's only base are disabled."""
    old = c.s.base_control.get(base)
    c.s.edit("base_control")[base] = side
    c.s.edit("surrounded").pop(base, None)
    c.say_later("capture", "13.42", narrate, "{} is now held by {}", c.d.bases[base].name, SIDE_NAME[side])
    touches = sorted(c.d.bases[base].touches)
    for u in c.s.at("port:" + base):
        if c.side_of(u) == side:
            continue
        if _kind(c, u) == "amph":
            c.sink(u, "its base was captured", "14.32")
        elif touches:
            c.s.place(u, "home:" + touches[0])
            c.say_later("return", "14.31", narrate, "{} must leave {} for another port", c.name(u),
                        c.d.bases[base].name)
    if old is None:
        return
    for area in touches:
        if not c.touches_friendly(area, old):
            for u in c.at_sea(area, old):
                if _kind(c, u) == "lba":
                    c.send_home(u, "no friendly base left in the area", "14.33")


def shot_result(c: Ctx, target: str, face: int, bonus: bool) -> str:
    """7.531-7.532: "hit", "disable" or "" for one shot."""
    roll = face + bonus
    if roll >= 6:
        return "hit"
    if roll == 5 and _kind(c, target) != "lba":
        return "disable"
    return ""


def sinks(c: Ctx, u: str, dmg: int, in_port: bool = False) -> bool:
    """7.533-7.534, 9.4: ships and amphibious units sink when damage exceeds armor (a ship in port: twice its
    armor), land-based air when damage reaches its defense."""
    sp = c.spec(u)
    if sp.kind == "lba":
        return dmg >= sp.defense
    if in_port and sp.kind == "ship":
        return dmg > 2 * sp.armor
    return dmg > sp.armor


def invade(c: Ctx, base: str, units) -> None:
    """13.4-13.43: the invaders go in one at a time: each first trades itself for a defending amphibious unit,
    the next one lost takes the base, the rest land safely. Callable from the end of the turn (5.73)."""
    units = list(units)
    if not units:
        return
    side = c.side_of(units[0])
    name = c.d.bases[base].name
    c.say_later("invade", "13.3", narrate, "{} invades {} with {}", SIDE_NAME[side], name, c.names(units))
    for u in units:
        if c.s.base_control.get(base) == side:
            c.put_in_port(u, base, "lands safely", "13.43")
            continue
        defenders = [x for x in c.s.at("port:" + base) if _kind(c, x) == "amph" and c.side_of(x) != side]
        c.sink(u, f"invading {name}", "13.4")
        if defenders:
            c.sink(defenders[0], f"defending {name}", "13.41")
        else:
            capture(c, base, side)
