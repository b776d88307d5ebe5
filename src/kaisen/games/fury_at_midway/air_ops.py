"""8.0 Air operations: the carrier display (8.3), launch and strike groups (8.4), flight on the map (8.5),
return (9.5) and the CAP's landing after the enemy's strikes (9.2(4))."""
from __future__ import annotations

from operator import itemgetter

from kaisen.engine.core import Option
from kaisen.games.fury_at_midway.common import (DMCV_GROUPS, Ctx, lazy_label, live_groups, narrate, return_group,
                                                  unit_name)
from kaisen.games.fury_at_midway.movement import JAPAN_ORDER, US_ORDER, enemies_on_map
from kaisen.games.fury_at_midway.state import MIDWAY, StrikeGroup, other


# -- where a squadron is --------------------------------------------------------------------
def carrier_of_box(box: str) -> str:
    """'deck:akagi:1' / 'hangar:akagi' -> 'akagi'."""
    return box.split(":")[1]


def group_of_box(box: str) -> str:
    return box.split(":")[1]


def fleet_hex_of_carrier(c: Ctx, carrier: str) -> str | None:
    return c.group_hex(c.group_of(carrier))


def max_group(c: Ctx, side: str, origin_carrier: str) -> int:
    sp = c.d.sides[side]
    return sp.midway_strike_group_max if origin_carrier == MIDWAY else sp.strike_group_max


# -- the start of an air operation: mandatory moves (8.3(1)) --------------------------------------
def begin(c: Ctx, side: str, kind: str) -> None:
    """Start one air operation of `side`: Return 2 -> Return 1 for all, then Return 1 -> hangars."""
    s = c.s
    s.op_side, s.op_kind, s.moved, s.forming = side, kind, frozenset(), ()
    s.op_count += 1
    for gid, g in list(s.groups.items()):
        if g.side == side:
            frozen = kind == "midway" and not g.midway_strike
            if g.moved != frozen:       # else the group stays as it is (an equal value)
                # g._replace(moved=frozen), written out (namedtuple's _replace is slow)
                s.groups[gid] = StrikeGroup(g.id, g.side, g.hex, g.units, g.origin, g.launch_hex, g.flights, frozen,
                                            g.midway_strike)
    moved = set()
    air = s.air
    st = c.st
    for q in _unmoved_in(air.index().by_box, st.box_names["ret2"], side, st.side_of, ()):   # id order
        v = air[q]
        air[q] = ("ret1:" + group_of_box(v[0]), v[1])
        moved.add(q)
    if moved:
        c.tellf(side, "air", "8.3(1)", narrate, "Return 2 -> Return 1: {}", c.lazy_names(sorted(moved)))
    s.moved = frozenset(moved)
    next_landing(c)


def landing_tiers(c: Ctx, q: str) -> tuple[list[list[str]], list[str]]:
    """8.3(1): the carriers a Return 1 unit may land on, best tier first, and Midway where US carrier
    aircraft may always turn to it (8.3(1) exception); room is not counted here."""
    group = group_of_box(c.s.box(q))
    if c.from_midway(q):
        return [[MIDWAY]], []
    own = list(c.carriers_of(group)) if group != MIDWAY else []
    side = c.side_of(q)
    others = list(_fleet_others(c, side, group))
    if side == "japan":
        return ([[c.parent(q)]] if c.parent_ok(q) else []) + [own, others], []
    if group == MIDWAY:       # carrier aircraft in Midway's box: Midway, or the CSF when it is near (9.5(2))
        h = c.group_hex("tf16") or c.group_hex("tf17")
        near = h is not None and c.d.hex_distance(h, c.d.midway.hex) <= c.d.midway.carrier_landing_range
        return [[MIDWAY]] + ([others] if near else []), []
    h = c.group_hex(group)
    near = h is not None and c.d.hex_distance(h, c.d.midway.hex) <= c.d.midway.carrier_landing_range
    return [own, others], [MIDWAY] if near else []


def _fleet_others(c: Ctx, side: str, group: str) -> tuple[str, ...]:
    """`landing_tiers`' second tier: the carriers of the side's other groups in the same fleet as `group` (Midway's
    box: the CSF's; Japan: the 1AF's). It depends on the groups and their carriers alone, which only the DMCVs
    change: kept per data set by side, group and DMCVs."""
    dmcv = c.s.dmcv
    key = ("others", side, group, tuple(sorted(dmcv.items())) if dmcv else ())
    cache = c.st.options
    got = cache.get(key)
    if got is None:
        if side == "japan":
            fleet = c.fleet_of_group(group) if group != MIDWAY else "1af"
            got = tuple(k for g in c.groups_of_side("japan") if g != group and c.fleet_of_group(g) == fleet
                        for k in c.carriers_of(g))
        else:
            fleet = c.fleet_of_group(group) if group != MIDWAY else "csf"
            got = tuple(k for g in c.groups_of_side("usa")
                        if g not in (group, MIDWAY) and c.fleet_of_group(g) == fleet for k in c.carriers_of(g))
        cache[key] = got
    return got


def landing_choices(c: Ctx, q: str, tiers=None) -> list[str]:
    """8.3(1): where a Return 1 unit may land now (the first tier with room); empty when it has nowhere.
    `tiers`: `landing_tiers(c, q)`, when known."""
    tiers, extra = tiers or landing_tiers(c, q)
    spare = [k for k in extra if c.room_for(k, q, f"hangar:{k}")]
    for tier in tiers:
        ok = [k for k in tier if c.room_for(k, q, f"hangar:{k}")]
        if ok:
            return ok + [k for k in spare if k not in ok]
    return spare


def landing_places(c: Ctx, q: str, tiers=None) -> list[str]:
    """Every carrier that could ever take the unit this operation (room aside): for the room count.
    `tiers`: `landing_tiers(c, q)`, when known."""
    tiers, extra = tiers or landing_tiers(c, q)
    out: list[str] = []
    for k in [k for tier in tiers for k in tier] + extra:
        if k not in out and c.operational(k):
            out.append(k)
    return out


def max_landings(c: Ctx, units: list[str], fixed: tuple[str, str] | None = None, places_of=None,
                 places: dict[str, list[str]] | None = None) -> int:
    """8.3(3): how many of `units` can land at once: free hangar room (capacity less aircraft aboard), plus
    one place beside each one-step unit already aboard that a one-step unit of its type may combine with.
    `fixed` (unit, carrier): that unit is taken to land there first. `places_of(c, unit)`: the carriers a
    unit may take (default: a Return 1 unit's, `landing_places`; 9.2(4) CAP: `cap_places`); or `places`, those
    carriers already worked out (unit -> carriers, for every unit of `units` at least)."""
    if places is None:
        places = {q: (places_of or landing_places)(c, q) for q in units}
    if _all_fit(c, units, places, fixed):
        return len(units) - (fixed is not None and fixed[0] in units)
    slots: list[tuple[str, str | None]] = []       # (carrier, partner it combines with or None)
    free: dict[str, int] = {}
    for q in units:
        for k in places[q]:
            if k not in free:
                free[k] = max(0, c.capacity(k) - c.load(k))
                slots += [(k, None)] * free[k]
                slots += [(k, p) for p in c.s.at(f"hangar:{k}") if c.s.air[p][1] == 1 and p not in units]
    if fixed is not None:
        q, k = fixed
        units = [u for u in units if u != q]
        partner = c.combine_partner(q, f"hangar:{k}") if free.get(k, 0) == 0 else None
        drop = (k, partner)
        if drop in slots:
            slots.remove(drop)

    def fits(q: str, slot: tuple[str, str | None]) -> bool:
        k, p = slot
        if k not in places[q]:
            return False
        if p is None:
            return True
        return (c.s.air[q][1] == 1 and c.d.squadrons[p].type == c.d.squadrons[q].type
                and c.from_midway(p) == c.from_midway(q))

    owner: dict[int, str] = {}

    def augment(q: str, seen: set[int]) -> bool:
        for i, slot in enumerate(slots):
            if i in seen or not fits(q, slot):
                continue
            seen.add(i)
            if i not in owner or augment(owner[i], seen):
                owner[i] = q
                return True
        return False

    return sum(1 for q in units if augment(q, set()))


def _all_fit(c: Ctx, units: list[str], places: dict[str, list[str]], fixed: tuple[str, str] | None) -> bool:
    """A quick look before the matching of `max_landings`: True when every unit (but `fixed`'s) finds free
    hangar room by taking, in turn, the first of its places with room left (`fixed`'s unit first takes one at
    its carrier when it has free room). That is a landing for all of them, so the most that can land is all;
    False says nothing (the matching decides)."""
    cap = c.capacity
    load = c.load
    free: dict[str, int] = {}
    for q in units:
        for k in places[q]:
            if k not in free:
                free[k] = cap(k) - load(k)
    skip = None
    if fixed is not None:
        skip, k = fixed
        if free.get(k, 0) > 0:
            free[k] -= 1
    for q in units:
        if q == skip:
            continue
        for k in places[q]:
            if free[k] > 0:
                free[k] -= 1
                break
        else:
            return False
    return True


def to_land(c: Ctx) -> list[str]:
    """Return 1 units of the operating side that have not moved this operation, in id order; at night, once
    Return 1 is empty, the CAP (10.2(2)). The Return 1 (CAP) boxes are looked up by name (`Static.box_names`)."""
    s = c.s
    st = c.st
    by_box = s.air.index().by_box
    ret1 = _unmoved_in(by_box, st.box_names["ret1"], s.op_side, st.side_of, s.moved)
    if ret1 or s.op_kind != "night":
        return ret1
    return _unmoved_in(by_box, st.box_names["cap"], s.op_side, st.side_of, s.moved)


def _unmoved_in(by_box: dict, names: tuple[str, ...], side: str, side_of: dict, moved) -> list[str]:
    """The side's units not in `moved` in the boxes `names`, in id order (each box's units are)."""
    out: list[str] = []
    n = 0
    for name in names:
        units = by_box.get(name)
        if units is not None:
            got = [q for q in units if side_of[q] == side and q not in moved]
            if got:
                out += got
                n += 1
    if n > 1:
        out.sort()
    return out


def parent_crowds(c: Ctx, units: list[str]) -> dict[str, list[str]]:
    """8.3(1): Japanese units bound for their own undamaged parent carrier, by carrier (they land first)."""
    out: dict[str, list[str]] = {}
    for q in units:
        k = c.parent(q)
        if c.side_of(q) == "japan" and c.parent_ok(q) and c.room_for(k, q, f"hangar:{k}"):
            out.setdefault(k, []).append(q)
    return out


def land_on_parents(c: Ctx, units: list[str]) -> str | None:
    """8.3(1): units whose parent is undamaged land on it before anyone else takes its room; when the parent
    has room for only some of them, the owner picks (returns that carrier)."""
    for k, crowd in sorted(parent_crowds(c, units).items()):
        if len(crowd) > 1 and len(crowd) > c.capacity(k) - c.load(k):
            return k
        for q in crowd:
            if c.room_for(k, q, f"hangar:{k}"):
                land(c, q, k)
    return None


def landing_offer(c: Ctx, q: str, places: dict[str, list[str]] | None = None, tiers=None,
                  units: list[str] | None = None) -> list[str]:
    """The carriers offered to a unit: those that still let every other returning unit land (8.3(1): a unit
    is lost only when it cannot land). `places`: `landing_places` of the returning units (at least), when
    known; `tiers`: the unit's `landing_tiers`, when known; `units`: `to_land`, when known."""
    where = landing_choices(c, q, tiers)
    if len(where) < 2:
        return where                    # `keep or where` is `where` whatever keeps
    rest = [u for u in (to_land(c) if units is None else units) if u != q]
    if places is None:
        places = {u: landing_places(c, u) for u in [q] + rest}
    keep = [k for k in where if max_landings(c, [q] + rest, fixed=(q, k), places=places) == len(rest)]
    return keep or where


def spare_units(c: Ctx, units: list[str]) -> list[str]:
    """8.3(3): when not every unit can land, those whose loss costs no other landing: the owner picks."""
    places = {q: landing_places(c, q) for q in units}
    most = max_landings(c, units, places=places)
    return [q for q in units if max_landings(c, [u for u in units if u != q], places=places) == most]


def next_landing(c: Ctx) -> None:
    """8.3(1), 10.2(2): land the returning units: own undamaged parents first, then the rest; pause when the
    owner must choose a carrier, which unit takes a parent's last room, or which unit is lost."""
    s = c.s
    night = s.op_kind == "night"
    # Where each returning unit may land (`landing_tiers`, `landing_places`) is worked out once: it depends on
    # its box, parent, groups, fleets, damage and DMCVs, none of which landing, losing or combining units changes
    # (only the room aboard, which is counted apart).
    tiers: dict[str, tuple] = {}
    places: dict[str, list[str]] = {}
    while True:
        units = to_land(c)
        if not units:
            break
        before = s.moved
        k = land_on_parents(c, units)
        if k is not None:
            s.step = "parent:" + k
            return
        if s.moved is not before:       # some landed on their parents (a landing takes a new moved set)
            units = to_land(c)
            if not units:
                break
        for q in units:
            if q not in places:
                t = tiers[q] = landing_tiers(c, q)
                places[q] = landing_places(c, q, t)
        nowhere = [q for q in units if not places[q]]
        if nowhere:
            for q in nowhere:
                c.eliminate(q, "nowhere to land", "10.2(2)" if night else "8.3(1)", private=True)
            continue
        most = max_landings(c, units, places=places)
        if most < len(units):
            opts = shortage_options(c)
            if len(opts) > 1 and any(o.id.startswith("combine:") for o in opts) or len(opts) > len(units) - most:
                s.step = "short:" + s.op_side
                return
            for o in opts:          # no choice: every unit that could be spared must be
                lose_or_combine(c, o.id)
            continue
        q = units[0]
        where = landing_offer(c, q, places, tiers[q], units)
        if not where:
            c.eliminate(q, "nowhere to land", "10.2(2)" if night else "8.3(1)", private=True)
        elif len(where) == 1:
            land(c, q, where[0])
        else:
            s.step = ("nland:" if night else "land:") + q
            s.landing = (q, where, s.air.tok, s.sunk, dict(s.damage), dict(s.dmcv), dict(s.fleet))
            return
    if night:
        c.finish("night-landing")      # flow.py: on to readying the decks (night.night_landed)
    else:
        s.step = "op"


def landing_options(c: Ctx, q: str) -> list[Option]:
    """The landing question's options: the offer `next_landing` worked out on pausing, while the state holds
    what it was worked out from (else worked out again)."""
    s = c.s
    name = c.unit_name(q)
    got = s.landing
    if (got is not None and got[0] == q and got[2] == s.air.tok and got[3] == s.sunk and got[4] == s.damage
            and got[5] == s.dmcv and got[6] == s.fleet):
        where = got[1]
    else:
        where = landing_offer(c, q)
    return [Option(f"land:{k}", None, {"verb": "land", "unit": q, "carrier": k, "box": f"hangar:{k}"},
                   lazy_label("{} lands in the hangar of {}", name, c.carrier_name(k)))
            for k in where]


def parent_options(c: Ctx, k: str) -> list[Option]:
    """8.3(1), 8.3(3): the parent has room for fewer of its returning aircraft than wait: who lands next."""
    crowd = parent_crowds(c, to_land(c)).get(k, [])
    return [Option(f"first:{q}", None, {"verb": "land", "unit": q, "carrier": k},
                   lazy_label("{} lands on {} (its parent)", c.unit_name(q), c.carrier_name(k))) for q in crowd]


def on_parent(c: Ctx, k: str, answer: str) -> None:
    land(c, answer[6:], k)
    next_landing(c)


def shortage_options(c: Ctx) -> list[Option]:
    """8.3(3)-(4): not every returning unit can land: the owner names the one lost, or combines two
    one-step units of a type in a Return box to save room."""
    units = to_land(c)
    opts = [Option(f"lose:{q}", None, {"verb": "lose", "unit": q},
                   lazy_label("{} finds no room and is lost", c.unit_name(q)))
            for q in spare_units(c, units)]
    for a, b in combinable(c, units):
        opts.append(Option(f"combine:{a}:{b}", None, {"verb": "combine", "unit": a, "units": [a, b]},
                           lazy_label("Combine {} into {} to save room", c.unit_name(b), c.unit_name(a))))
    return opts


def lose_or_combine(c: Ctx, answer: str) -> None:
    verb, _, rest = answer.partition(":")
    if verb == "lose":
        c.eliminate(rest, "no room to land", "8.3(3)", private=True)
    else:
        a, b = rest.split(":")
        c.combine(a, b)


def on_shortage(c: Ctx, answer: str) -> None:
    lose_or_combine(c, answer)
    next_landing(c)


def land(c: Ctx, q: str, carrier: str) -> None:
    """Return 1 -> hangar (8.3(1)); a one-step unit combines at once if that is what makes room (8.3(3))."""
    s = c.s
    box = f"hangar:{carrier}"
    full = len(c.aboard(carrier)) >= c.capacity(carrier)
    s.air[q] = (box, s.air[q][1])
    s.moved = s.moved | {q}
    c.tellf(c.side_of(q), "air", "8.3(1)", _ev_land, c.d, q, s.air[q][1], carrier)
    if full:
        partner = c.combine_partner(q, box)
        if partner is not None:
            c.combine(partner, q, "8.3(3)")


def on_land(c: Ctx, q: str, answer: str) -> None:
    land(c, q, answer[5:])
    next_landing(c)


# -- the free moves, launch and flight --------------------------------------------------------
def movable(c: Ctx, q: str) -> bool:
    return q not in c.s.moved and c.side_of(q) == c.s.op_side


def launch_origin(c: Ctx, q: str) -> str:
    return carrier_of_box(c.s.box(q))


def can_join(c: Ctx, q: str) -> bool:
    """8.4(2)-(3): who may join the strike group being formed (attack aircraft first, fighters as escort)."""
    return _carrier_may_join(c, launch_origin(c, q)) and _unit_may_join(c, q)


def _carrier_may_join(c: Ctx, k: str) -> bool:
    """can_join's part that depends on the unit's carrier only (8.4(2)-(3), 6.4(3))."""
    s = c.s
    if k != MIDWAY and fleet_hex_of_carrier(c, k) is None:
        return False
    if s.op_kind == "midway" and (k == MIDWAY or c.group_of(k) not in c.st.fleet_group_set["1af"]):
        return False
    if not s.forming:
        return True
    first = s.forming[0]
    k0 = launch_origin(c, first)
    if len(s.forming) >= max_group(c, s.op_side, k0):
        return False
    if s.op_side == "japan":
        if fleet_hex_of_carrier(c, k) != fleet_hex_of_carrier(c, k0):
            return False      # 8.4(3): mid-air assembly over one fleet
    elif k != k0:
        return False
    return True


def _unit_may_join(c: Ctx, q: str) -> bool:
    """can_join's part that depends on the unit itself, once `_carrier_may_join` holds."""
    spec = c.st.spec[q]
    s = c.s
    if not s.forming:
        return spec.role == "attack"
    if spec.role == "attack":
        sp = c.st.spec
        if spec.hit_rule == "three-ones" or any(sp[u].hit_rule == "three-ones" for u in s.forming):
            return False      # 9.4(4): the B-17 never flies with other attack aircraft
    return True


def group_ma(c: Ctx, g: StrikeGroup) -> int:
    """8.5(2): the slowest unit's printed movement allowance."""
    return min(c.spec(q).ma for q in g.units)


def targets_at(c: Ctx, side: str, hex_id: str, midway_strike: bool) -> str | None:
    """The enemy a strike group entering `hex_id` attacks: a fleet there, or Midway for a Midway strike."""
    if midway_strike:
        return MIDWAY if hex_id == c.d.midway.hex else None
    for f in enemies_on_map(c, side):
        if c.s.fleet[f] == hex_id:
            return f
    return None


def launch_hexes(c: Ctx) -> list[str]:
    """8.4(1), 8.4(4): a just-launched group moves up to two hexes (straight onto a target within two)."""
    s = c.s
    k = launch_origin(c, s.forming[0])
    mid = c.d.midway.hex
    here = mid if k == MIDWAY else fleet_hex_of_carrier(c, k)
    near = c.st.within2[here]
    if s.op_kind == "midway":
        return list(near)
    return [h for h in near if h != mid]


def flight_targets(c: Ctx, g: StrikeGroup) -> list[str]:
    """8.5(3): hexes of targets the group can reach this operation."""
    ma = group_ma(c, g)
    if g.midway_strike:
        hexes = [c.d.midway.hex]
    else:
        hexes = [c.s.fleet[f] for f in enemies_on_map(c, g.side)]
    return [h for h in hexes if c.d.hex_distance(g.hex, h) <= ma]


def must_fly(c: Ctx) -> list[StrikeGroup]:
    """Strike groups of the operating side still to move this operation (8.5(3), 8.5(5))."""
    return [g for g in sorted(c.s.groups.values(), key=lambda g: g.id) if g.side == c.s.op_side and not g.moved]


def midway_launch_due(c: Ctx) -> bool:
    """6.4(3): the Midway attack needs at least one aircraft; due while none launched and one could."""
    s = c.s
    if s.op_kind != "midway" or s.midway_launched or s.forming:
        return False
    if s.attack is not None:
        return False
    # the units on decks, looked up by the deck boxes' names (every carrier's, Midway's runway too), not by reading
    # every squadron
    by_box = s.air.index().by_box
    st = c.st
    for names in st.side_decks.values():
        for name in names:
            units = by_box.get(name)
            if units is not None:
                for q in units:
                    if movable(c, q) and can_join(c, q):
                        return True
    return False


def _make(fn, *args):
    """A label made on demand (Option(make=...)) from values taken now."""
    return lambda _o: fn(*args)


def _deck_label(d, q: str, n: int, k: str) -> str:
    return f"{unit_name(d, q, n)}: hangar -> deck of {carrier_name(d, k)}"


def _cap_label(d, q: str, n: int, gname: str) -> str:
    return f"{unit_name(d, q, n)}: deck -> CAP of {gname}"


def _add_label(d, q: str, n: int, joining: bool) -> str:
    return f"{unit_name(d, q, n)}: {'join the strike group' if joining else 'launch in a new strike group'}"


def _uncap_label(d, q: str, n: int, k: str) -> str:
    return f"{unit_name(d, q, n)}: CAP -> deck of {carrier_name(d, k)}"


def _combine_label(d, a: str, na: int, b: str, nb: int) -> str:
    return f"Combine {unit_name(d, b, nb)} into {unit_name(d, a, na)}"


def _go_label(d, units: tuple[str, ...], steps: tuple[int, ...], h: str, tgt: str | None) -> str:
    names = ", ".join(unit_name(d, q, n) for q, n in zip(units, steps)) or "no aircraft"
    what = f" and attack {fleet_name(d, tgt)}" if tgt else ""
    return f"Launch {names} to {h}{what}"


def _move_label(d, gid: str, frm: str, h: str, tgt: str | None) -> str:
    return f"Strike {gid} flies {frm} -> {h} and attacks {fleet_name(d, tgt)}"


def _return_label(gid: str) -> str:
    return f"Strike {gid} finds no target in reach and turns for home"


def carrier_name(d, k: str) -> str:
    return "Midway" if k == MIDWAY else d.carriers[k].name


def fleet_name(d, f: str) -> str:
    return d.fleets[f].name if f != MIDWAY else "Midway"


def _ev_deck(d, q: str, n: int, k: str) -> str:
    return f"{unit_name(d, q, n)} to the deck of {carrier_name(d, k)}"


def _ev_cap(d, q: str, n: int, gname: str) -> str:
    return f"{unit_name(d, q, n)} flies CAP over {gname}"


def _ev_uncap(d, q: str, n: int, k: str) -> str:
    return f"{unit_name(d, q, n)} lands from CAP on {carrier_name(d, k)}"


def _ev_land(d, q: str, n: int, k: str) -> str:
    return f"{unit_name(d, q, n)} lands on {carrier_name(d, k)}"


def _ev_launch(d, gid: str, k: str, origin: str, units: tuple[str, ...], steps: tuple[int, ...], here: str,
               h: str) -> str:
    names = ", ".join(unit_name(d, q, n) for q, n in zip(units, steps)) or "no aircraft"
    where = carrier_name(d, k) if k == MIDWAY else fleet_name(d, origin)
    return f"Strike {gid} launched from {where}: {names}; flies {here} -> {h}"


def _ev_no_target(gid: str, ma: int) -> str:
    return f"Strike {gid} finds no target within {ma} hexes and heads home"


def _ev_fly(gid: str, frm: str, h: str) -> str:
    return f"Strike {gid} flies {frm} -> {h}"


END_OPTION = Option("end", "End this air operation", {"verb": "end"})
_END = (END_OPTION,)


def op_options(c: Ctx) -> tuple[Option, ...]:
    """Every legal move of the operating side in this air operation (8.2-8.5). The options are made once per
    data set for what they say (`fast.Static.options`) and shared; their labels are made when read.

    The menu is kept from one move to the next (issue 11, item 4): each squadron's own options (its segment:
    to the deck, to CAP, into the strike group, from CAP to a deck) are kept in `_Menu`, saved on the state;
    the state copied from it keeps it as `opbase`, and a move of the air operation (`on_op`) says in `optouch`
    which squadrons it may have changed (the one moved, those sharing its carrier's boxes or its group's CAP, the
    deck when the strike group grows). Only those are worked out again, once it is checked that nothing else the
    segments depend on changed (the aircraft since the move, damage, sunk carriers, DMCVs, fleets). The moves of
    the whole side (combining, launching, flying on, ending) are worked out every time."""
    s, d, st = c.s, c.d, c.st
    side = s.op_side
    air = s.air
    forming = s.forming
    cache = st.options
    memo = None
    kept = False
    touch = s.optouch
    base = s.opbase
    if touch is not None and base is not None:
        # same_pairs: True (the combine pairs are as they were), False (all to work out again), or the boxes
        # whose pairs the move changed (`_pairs_in`)
        dirty, tok, moved, formed, same_pairs = touch
        if (tok == air.tok and moved is s.moved and formed is forming and base.side == side
                and base.kind == s.op_kind and base.sunk == s.sunk and base.damage == s.damage
                and base.dmcv == s.dmcv and base.fleet == s.fleet):
            segs = base.segs.copy()
            pos = st.side_pos[side]
            facts = None
            now_moved = s.moved
            for q in dirty:
                at = _menu_box(st, air, now_moved, forming, q)
                if at is None:
                    segs[pos[q]] = ()       # no options, and no facts asked for them
                    continue
                if facts is None:
                    facts = _Facts(c, base.places)
                segs[pos[q]] = facts.seg_at(q, *at)
            if same_pairs is True:
                pairs = base.pairs
            elif same_pairs is False:
                pairs = _pairs(c, side)
            else:                       # the boxes whose pairs the move may have changed
                pairs = _pairs_in(c, side, base.pairs, same_pairs)
            memo = _Menu(side, s.op_kind, segs, pairs, base.sunk, base.damage, base.dmcv, base.fleet, base.places)
            kept = True
    if memo is None:
        if base is not None and base.dmcv == s.dmcv and base.fleet == s.fleet:
            # the carriers' places (group, hex) hold while the DMCVs and fleets are those of the last menu
            facts = _Facts(c, base.places)
            if base.side == side and base.kind == s.op_kind and base.air.tok == base.tok:
                dirty, boxes = _changed_since(c, base, facts)
                segs = base.segs.copy()
                pos = st.side_pos[side]
                for q in dirty:
                    segs[pos[q]] = facts.seg(q)
                memo = _Menu(side, s.op_kind, segs, _pairs_in(c, side, base.pairs, boxes), s.sunk,
                             dict(s.damage), base.dmcv, base.fleet, base.places)
        else:
            facts = _Facts(c, {})
        if memo is None:
            memo = _Menu(side, s.op_kind, facts.all_segs(side), _pairs(c, side), s.sunk,
                         dict(s.damage), dict(s.dmcv), dict(s.fleet), facts.places)
    memo.air = air
    memo.tok = air.tok
    memo.moved = s.moved
    memo.formed = forming
    s.opmemo = memo
    # the segments joined in id order: most are empty, and a tuple plus an empty one is the same tuple (quicker than
    # chaining them into a list)
    opts: tuple[Option, ...] = sum(memo.segs, ())
    pairs = memo.pairs
    if pairs:
        more = []
        for a, b in pairs:
            na, nb = air[a][1], air[b][1]
            key = ("combine", a, na, b, nb)
            o = cache.get(key)
            if o is None:
                o = cache[key] = Option(f"combine:{a}:{b}", None, {"verb": "combine", "unit": a, "units": [a, b]},
                                        _make(_combine_label, d, a, na, b, nb))
            more.append(o)
        opts += tuple(more)
    if forming:
        if kept and base.forming is forming:    # the same group on the same carrier, the fleets where they were
            launch = memo.launch = base.launch
        else:
            launch = memo.launch = _launch_options(c, forming)
        memo.forming = forming
        opts += launch
    groups = s.groups
    if base is not None and base.side == side and base.kind == s.op_kind and base.fleet == s.fleet:
        if base.groups == groups:
            memo.groups = base.groups   # the strike groups' moves are as they were (same groups, same fleets)
            memo.flyby = base.flyby
            fly = memo.fly = base.fly
        else:                           # a group unchanged (the same StrikeGroup) keeps its moves
            memo.groups = dict(groups)
            fly, memo.flyby = _fly_options(c, side, cache, d, base.flyby) if groups else ((), {})
            memo.fly = fly
    else:
        memo.groups = dict(groups)
        fly, memo.flyby = _fly_options(c, side, cache, d) if groups else ((), {})
        memo.fly = fly
    if fly:
        opts += fly
    if not forming and not fly and not midway_launch_due(c):
        opts += _END
    return opts


def offered(c: Ctx, answer: str) -> bool:
    """Whether the air-operation menu (`op_options`) offers `answer`, found from the part of the menu that can hold
    it: the named unit's own segment (to the deck, to CAP, from CAP, into the strike group), the forming group's
    launch moves, the strike groups' moves, or the end. True only when the menu offers it; False when it does not
    or cannot be told here (combining): the whole menu then decides (flow.apply)."""
    s = c.s
    verb, _, rest = answer.partition(":")
    if verb in _UNIT_VERBS:
        q, _, k = rest.partition(":")
        st = c.st
        if q not in st.side_pos[s.op_side]:
            return False                # only the operating side's units have segments (`op_options`)
        v = s.air.get(q)
        if v is None or q in s.moved or q in s.forming:
            return False                # `_Facts.seg`: no options
        box = v[0]
        info = st.boxinfo.get(box)
        if info is None:
            info = _box_info(st, box)
        if verb == "cap":               # `_Facts._deck_seg`: every fighter on a deck may fly CAP
            return rest == q and info[0] == "deck" and st.spec[q].role == "fighter"
        if verb == "deck":              # `_Facts.seg`: a hangar unit while its carrier has a free deck box
            return rest == q and info[0] == "hangar" and bool(c.free_boxes(info[1]))
        if verb == "uncap":             # `_Facts._cap_seg`: `uncap_carriers`, asked of the one carrier
            if info[0] != "cap":
                return False
            group = info[1]
            cands = c.carriers_of(group)
            if st.side_of[q] == "japan" and c.parent_ok(q):
                p = st.parent[q]
                if p in cands:
                    cands = (p,)
            return (k in cands and bool(c.free_boxes(k))
                    and len(s.air.index().aboard.get(k, ())) < c.d.carriers[k].capacity)
        # into the strike group (`_Facts._deck_seg`): the unit's own rule (`_unit_may_join`), then its carrier's
        # (`_carrier_may_join`, which `_Facts.joins` works out from the carriers' places)
        return rest == q and info[0] == "deck" and _unit_may_join(c, q) and _carrier_may_join(c, info[1])
    if verb == "sg-go":                 # `_launch_options`: one move per hex of `launch_hexes`
        if not s.forming:
            return False
        k = launch_origin(c, s.forming[0])
        mid = c.d.midway.hex
        here = mid if k == MIDWAY else fleet_hex_of_carrier(c, k)
        return rest in c.st.within2[here] and (s.op_kind == "midway" or rest != mid)
    if verb == "sg-move" or verb == "sg-return":    # `_fly_options`: a group of the side still to fly this operation
        gid, _, h = rest.partition(":")
        g = s.groups.get(gid)
        if g is None or g.id != gid or g.side != s.op_side or g.moved:
            return False
        hexes = flight_targets(c, g)    # `_group_fly_options`: a move to each target in reach, else home
        return h in hexes if verb == "sg-move" else rest == gid and not hexes
    if answer == "end":                 # no group forming, none still to fly (each has a move), no launch due
        if s.forming:
            return False
        side = s.op_side
        for g in s.groups.values():
            if g.side == side and not g.moved:
                return False
        return not midway_launch_due(c)
    return False


_UNIT_VERBS = frozenset({"deck", "cap", "uncap", "sg-add"})
_GROUP_ID = itemgetter(0)      # StrikeGroup.id


def _fly_options(c: Ctx, side: str, cache: dict, d, kept: dict | None = None) -> tuple[tuple[Option, ...], dict]:
    """The moves of the side's strike groups still to fly this operation (8.5): on to a target in reach, or
    home when none is (`must_fly`, `flight_targets`); a group that must fly always has one. A group's moves are
    kept per data set for what they are worked out from: the group's id, hex, aircraft and kind, and where the
    enemy's fleets are. Also each group's moves by id, with the group (`_Menu.flyby`); `kept`: those of the last
    menu of the side, its fleets where they are now: a group that is the very same StrikeGroup has the same moves."""
    out: list[Option] = []
    by: dict = {}
    enemy = None
    for g in sorted(c.s.groups.values(), key=_GROUP_ID):      # `must_fly`
        if g.side != side or g.moved:
            continue
        if kept is not None:
            got = kept.get(g.id)
            if got is not None and got[0] is g:
                by[g.id] = got
                out += got[1]
                continue
        if enemy is None:
            fleet = c.s.fleet
            enemy = tuple([fleet.get(f, "") for f in (US_ORDER if side == "japan" else JAPAN_ORDER)])
        whole = ("fly*", g.id, g.hex, g.units, g.midway_strike, side, enemy)
        got = cache.get(whole)
        if got is None:
            got = cache[whole] = _group_fly_options(c, side, cache, d, g)
        by[g.id] = (g, got)
        out += got
    return tuple(out), by


def _group_fly_options(c: Ctx, side: str, cache: dict, d, g: StrikeGroup) -> tuple[Option, ...]:
    out = []
    hexes = flight_targets(c, g)
    for h in hexes:
        tgt = targets_at(c, side, h, g.midway_strike)
        key = ("sg-move", g.id, g.hex, h, tgt)
        o = cache.get(key)
        if o is None:
            o = cache[key] = Option(f"sg-move:{g.id}:{h}", None,
                                    {"verb": "move", "group": g.id, "hex": h, "from": g.hex, "target": tgt},
                                    _make(_move_label, d, g.id, g.hex, h, tgt))
        out.append(o)
    if not hexes:
        key = ("sg-return", g.id, g.hex)
        o = cache.get(key)
        if o is None:
            o = cache[key] = Option(f"sg-return:{g.id}", None, {"verb": "return", "group": g.id, "hex": g.hex},
                                    _make(_return_label, g.id))
        out.append(o)
    return tuple(out)


def _launch_options(c: Ctx, forming: tuple[str, ...]) -> tuple[Option, ...]:
    """The launch moves of the forming strike group (8.4): one per hex within two of its carrier's hex, kept per
    data set for the group, its steps, that hex and where the targets are."""
    s, d = c.s, c.d
    air = s.air
    steps = tuple([air[q][1] for q in forming])
    midway_op = s.op_kind == "midway"
    if midway_op:
        at_hex = {d.midway.hex: MIDWAY}
    else:
        at_hex = {}
        fleet = s.fleet
        for f in enemies_on_map(c, s.op_side):
            at_hex.setdefault(fleet[f], f)
    k = launch_origin(c, forming[0])
    here = d.midway.hex if k == MIDWAY else fleet_hex_of_carrier(c, k)
    cache = c.st.options
    whole = ("sg-go*", forming, steps, here, midway_op, tuple(at_hex.items()))
    got = cache.get(whole)
    if got is not None:
        return got
    out = []
    for h in launch_hexes(c):
        tgt = at_hex.get(h)
        key = ("sg-go", h, forming, steps, tgt)
        o = cache.get(key)
        if o is None:
            fields = {"verb": "launch", "units": list(forming), "hex": h}
            if tgt:
                fields["target"] = tgt
            o = cache[key] = Option(f"sg-go:{h}", None, fields, _make(_go_label, d, forming, steps, h, tgt))
        out.append(o)
    got = cache[whole] = tuple(out)
    return got


class _Menu:
    """The kept part of an air-operation menu (`op_options`): each squadron's segment, and what they were worked
    out from besides the aircraft, the moved set and the forming group (which `optouch` vouches for)."""

    __slots__ = ("side", "kind", "segs", "pairs", "sunk", "damage", "dmcv", "fleet", "places", "groups", "fly",
                 "flyby", "forming", "launch", "air", "tok", "moved", "formed")

    def __init__(self, side, kind, segs, pairs, sunk, damage, dmcv, fleet, places):
        self.places = places      # `_Facts.place` of each carrier asked so far: the same while fleets and DMCVs are
        self.side = side
        self.kind = kind
        self.segs = segs          # the segment of each squadron of the side, in id order (`Static.side_pos`)
        self.pairs = pairs        # `_pairs`
        self.sunk = sunk
        self.damage = damage
        self.dmcv = dmcv
        self.fleet = fleet
        self.groups = None        # the strike groups `fly` was worked out from (a copy), set by op_options
        self.fly = ()             # `_fly_options`
        self.flyby = {}           # `_fly_options`: each group's moves by id, with the group
        self.forming = None       # the forming strike group `launch` was worked out for, set by op_options
        self.launch = ()          # `_launch_options`
        self.air = None           # the aircraft, their token, moved set and forming group the segments were worked out
        self.tok = 0              # from (set by op_options; `_changed_since` compares a later state's with them)
        self.moved = None
        self.formed = None


def _changed_since(c: Ctx, base: _Menu, facts: _Facts) -> tuple[set[str], tuple[str, ...]]:
    """For a menu of the operating side worked out from the last one of the same side and kind (`base`, its DMCVs
    and fleets as now) when no move vouches for what changed since (`optouch`): the squadrons whose segments may
    differ, and the boxes whose contents changed (for `_pairs_in`). A segment depends on the unit's box and steps,
    the moved set and the forming group, and its carriers' facts: free deck boxes and load (8.3(3), (5)), damage
    (a Japanese parent's, 8.3(1)), sunk; so the units changed, those moved or forming now or then, every unit on a
    deck when the forming group changed, and those in the hangar or the group's CAP box of each carrier whose
    boxes, damage or sinking changed."""
    s, st = c.s, c.st
    side = s.op_side
    air = s.air
    old = base.air
    get, oget = air.get, old.get
    dirty: set[str] = set()
    boxes: set[str] = set()
    for q in st.side_squadrons[side]:
        v = get(q)
        w = oget(q)
        if v != w:
            dirty.add(q)
            if w is not None:
                boxes.add(w[0])
            if v is not None:
                boxes.add(v[0])
    pos = st.side_pos[side]
    if s.moved is not base.moved:
        dirty.update(q for q in s.moved ^ base.moved if q in pos)
    by_box = facts.by_box
    if s.forming != base.formed:
        dirty.update(q for q in set(s.forming) ^ set(base.formed) if q in pos)
        for name in st.side_decks[side]:        # joining, or a new group, on every deck (`_Facts.joins`, b17)
            got = by_box.get(name)
            if got:
                dirty.update(got)
    carriers: set[str] = set()
    for box in boxes:
        k = _aboard_carrier_of(box)
        if k is not None:
            carriers.add(k)
    damage, odamage = s.damage, base.damage
    if damage != odamage:
        carriers.update(k for k in set(damage) | set(odamage) if damage.get(k) != odamage.get(k))
    if s.sunk != base.sunk:
        carriers.update(set(s.sunk) ^ set(base.sunk))
    for k in carriers:
        got = by_box.get("hangar:" + k)
        if got:
            dirty.update(got)
        got = by_box.get("cap:" + facts.place(k)[0])
        if got:
            dirty.update(got)
    return {q for q in dirty if q in pos}, tuple(boxes)     # the enemy's carriers' units have no segment here


def _aboard_carrier_of(box: str) -> str | None:
    """'deck:akagi:1', 'hangar:akagi' -> 'akagi'; any other box -> None."""
    kind, _, rest = box.partition(":")
    return rest.partition(":")[0] if kind in ("deck", "hangar") else None


def _box_info(st, box: str) -> tuple[str, str]:
    """(kind, carrier or group) of a box name, kept per data set: 'deck:akagi:1' -> ('deck', 'akagi')."""
    kind, _, rest = box.partition(":")
    info = st.boxinfo[box] = (kind, rest.partition(":")[0])
    return info


class _Facts:
    """What one menu's segments are worked out from, each fact on first use: a carrier's free deck boxes
    (`Ctx.free_boxes`), its group (`Ctx.group_of`), whether its deck may launch or join now (`_carrier_may_join`),
    where a CAP unit of a kind may land on deck (CAP -> deck, 6.4(3) 'and vice versa').

    Speed: the state's parts every segment reads (aircraft, their box index, the moved set, the forming group, the
    option cache) are taken once here; `free` is `Ctx.free_boxes` on that index (the same boxes, in order)."""

    __slots__ = ("c", "s", "st", "air", "by_box", "moved", "forming", "cache", "_free", "places", "_joins",
                 "_uncaps", "b17")

    def __init__(self, c: Ctx, places: dict[str, tuple[str, str | None]]):
        s = c.s
        st = c.st
        self.c = c
        self.s = s
        self.st = st
        air = self.air = s.air
        self.by_box = air.index().by_box
        self.moved = s.moved
        forming = self.forming = s.forming
        self.cache = st.options
        self._free: dict[str, list[int]] = {}
        self.places = places
        self._joins: dict[str, bool] = {}
        self._uncaps: dict[tuple, list[str]] = {}
        if forming:
            spec = st.spec
            self.b17 = any(spec[u].hit_rule == "three-ones" for u in forming)
        else:
            self.b17 = False

    def free(self, k: str) -> list[int]:
        """`Ctx.free_boxes(k)`: undamaged deck boxes with no aircraft in them (8.3(5)), none on a carrier sunk
        (Midway: destroyed)."""
        got = self._free.get(k)
        if got is None:
            s = self.s
            if k in s.sunk if k != MIDWAY else self.c.midway_destroyed():
                got = []
            else:
                by_box = self.by_box
                bad = s.damage.get(k)
                if bad:
                    got = [n for n, name in self.st.deck_names[k] if name not in by_box and n not in bad]
                else:
                    got = [n for n, name in self.st.deck_names[k] if name not in by_box]
            self._free[k] = got
        return got

    def place(self, k: str) -> tuple[str, str | None]:
        """Carrier `k`'s group (`Ctx.group_of`) and where its ships are (`fleet_hex_of_carrier`; Midway's hex)."""
        got = self.places.get(k)
        if got is None:
            c = self.c
            gr = c.group_of(k)
            got = self.places[k] = (gr, c.group_hex(gr))
        return got

    def joins(self, k: str) -> bool:
        """`_carrier_may_join` from the carriers' places."""
        got = self._joins.get(k)
        if got is not None:
            return got
        s = self.s
        gr, here = self.place(k)
        if k != MIDWAY and here is None:
            got = False
        elif s.op_kind == "midway" and (k == MIDWAY or gr not in self.st.fleet_group_set["1af"]):
            got = False
        elif not self.forming:
            got = True
        else:
            k0 = carrier_of_box(self.air[self.forming[0]][0])
            if len(self.forming) >= max_group(self.c, s.op_side, k0):
                got = False
            elif s.op_side == "japan":
                got = here == self.place(k0)[1]     # 8.4(3): mid-air assembly over one fleet
            else:
                got = k == k0
        self._joins[k] = got
        return got

    def seg(self, q: str) -> tuple[Option, ...]:
        """The options of squadron `q` alone (none once it has moved, is forming a strike or is elsewhere)."""
        at = _menu_box(self.st, self.air, self.moved, self.forming, q)
        return () if at is None else self.seg_at(q, *at)

    def seg_at(self, q: str, v: tuple[str, int], info: tuple[str, str]) -> tuple[Option, ...]:
        """`seg` of a unit neither moved nor forming, at `v` (its box and steps) with `info` (`_box_info` of the
        box)."""
        box, n = v
        kind = info[0]
        if kind == "hangar":
            k = info[1]
            free = self._free.get(k)        # `free(k)`, asked once per menu
            if free is None:
                free = self.free(k)
            if not free:
                return ()
            cache = self.cache
            key = ("deck1", q, n, k)
            got = cache.get(key)        # the segment itself (one option) is kept per data set
            if got is None:
                got = cache[key] = (Option(f"deck:{q}", None, {"verb": "deck", "unit": q, "carrier": k},
                                           _make(_deck_label, self.c.d, q, n, k)),)
            return got
        if kind == "deck":
            return self._deck_seg(q, n, info[1])
        if kind == "cap":
            return self._cap_seg(q, n, box, info[1])
        return ()

    def _deck_seg(self, q: str, n: int, k: str) -> tuple[Option, ...]:
        """A unit on deck: to CAP (a fighter), into the strike group (8.3(2), 8.4). The segment is kept per data set
        for what it says: the unit, its steps and carrier, the CAP box a fighter goes to, and whether it may join
        (and joins a group or begins one)."""
        st = self.st
        sp = st.spec[q]
        role = sp.role
        if role == "fighter":
            got = self.places.get(k)        # `place(k)`, asked once per menu
            gr = (got if got is not None else self.place(k))[0]
            dm = self.s.dmcv.get(self.s.op_side) if gr in DMCV_GROUPS else None
        else:
            gr = dm = None
        forming = self.forming
        joins = self._joins.get(k)          # `joins(k)`, asked once per menu
        if joins is None:
            joins = self.joins(k)
        if joins and (role != "attack" or not self.b17 and sp.hit_rule != "three-ones" if forming
                              else role == "attack"):     # `_unit_may_join`
            joining = bool(forming)
        else:
            joining = None
        cache = self.cache
        whole = ("dseg", q, n, k, gr, dm, joining)
        got = cache.get(whole)
        if got is not None:
            return got
        out = ()
        if gr is not None:
            key = ("cap", q, n, k, gr, dm)
            o = cache.get(key)
            if o is None:
                o = cache[key] = Option(f"cap:{q}", None,
                                        {"verb": "cap", "unit": q, "carrier": k, "box": f"cap:{gr}"},
                                        _make(_cap_label, self.c.d, q, n, self.c.group_name(gr)))
            out = (o,)
        if joining is not None:
            key = ("sg-add", q, n, k, joining)
            o = cache.get(key)
            if o is None:
                o = cache[key] = Option(f"sg-add:{q}", None, {"verb": "add", "unit": q, "carrier": k},
                                        _make(_add_label, self.c.d, q, n, joining))
            out += (o,)
        cache[whole] = out
        return out

    def _cap_seg(self, q: str, n: int, box: str, group: str) -> tuple[Option, ...]:
        """A unit in CAP: back onto a deck (6.4(3) 'and vice versa'); the segment kept per data set for the unit, its
        steps and the carriers it may land on."""
        st = self.st
        ukey = (box, st.parent[q], st.type[q], n)
        got = self._uncaps.get(ukey)
        if got is None:
            got = self._uncaps[ukey] = tuple(self._uncap_carriers(q, group))
        if not got:
            return ()
        cache = self.cache
        whole = ("cseg", q, n, got)
        seg = cache.get(whole)
        if seg is not None:
            return seg
        out = []
        for k in got:
            key = ("uncap", q, n, k)
            o = cache.get(key)
            if o is None:
                o = cache[key] = Option(f"uncap:{q}:{k}", None, {"verb": "uncap", "unit": q, "carrier": k},
                                        _make(_uncap_label, self.c.d, q, n, k))
            out.append(o)
        seg = cache[whole] = tuple(out)
        return seg

    def _uncap_carriers(self, q: str, group: str) -> list[str]:
        """`uncap_carriers` with this menu's free deck boxes."""
        return uncap_carriers(self.c, q, group, self.free)

    def all_segs(self, side: str) -> list[tuple[Option, ...]]:
        """Every squadron's segment of the side, in id order: only those in a hangar, on a deck or in CAP have
        options (`seg`), so only those boxes are looked at (the box index holds each box's units in id order)."""
        st = self.st
        segs: list[tuple[Option, ...]] = [()] * len(st.side_squadrons[side])
        pos = st.side_pos[side]
        side_of = st.side_of
        boxinfo = st.boxinfo
        seg_at = self.seg_at
        air = self.air
        moved = self.moved
        forming = self.forming
        for box, units in self.by_box.items():
            info = boxinfo.get(box)
            if info is None:
                info = _box_info(st, box)
            if info[0] in _MENU_BOXES and side_of[units[0]] == side:
                for q in units:
                    if q not in moved and q not in forming:     # (`seg`: none for those)
                        segs[pos[q]] = seg_at(q, air[q], info)
        return segs


_MENU_BOXES = frozenset({"hangar", "deck", "cap"})


def _menu_box(st, air, moved, forming, q: str) -> tuple[tuple[str, int], tuple] | None:
    """Squadron `q`'s (box, steps) and what its box is (`_box_info`) where it may have options: neither moved nor
    forming a strike, in a hangar, on a deck or in CAP (`_MENU_BOXES`); None where it has none."""
    v = air.get(q)
    if v is None or q in moved or q in forming:
        return None
    info = st.boxinfo.get(v[0]) or _box_info(st, v[0])
    return (v, info) if info[0] in _MENU_BOXES else None


def uncap_carriers(c: Ctx, q: str, group: str, free) -> list[str]:
    """CAP -> deck (6.4(3) 'and vice versa'): a carrier of the group with a free deck box (`free(k)`: its free deck
    boxes); a Japanese fighter goes to its parent when the parent is undamaged. A free deck box always has room for
    the unit (no aircraft in it to combine with), so room is the load under capacity (8.3(3))."""
    if c.st.side_of[q] == "japan" and c.parent_ok(q):
        p = c.st.parent[q]
        cands = c.carriers_of(group)
        if p in cands:
            cands = (p,)
    else:
        cands = c.carriers_of(group)
    aboard = c.s.air.index().aboard
    carriers = c.d.carriers
    return [k for k in cands if free(k) and len(aboard.get(k, ())) < carriers[k].capacity]


def _pairs(c: Ctx, side: str) -> list[tuple[str, str]]:
    """`combinable` over all of the side's aircraft, from the box index: in each box (not a deck, a strike group
    or spent CAP), the first two one-step units of a type and home kind, ordered by the first."""
    st = c.st
    air = c.s.air
    side_of = st.side_of
    out: list[tuple[str, str]] = []
    for box, units in air.index().by_box.items():
        if len(units) >= 2 and side_of[units[0]] == side:
            _box_pairs(st, air, box, units, out)
    if len(out) > 1:
        out.sort()
    return out


def _pairs_in(c: Ctx, side: str, pairs: list[tuple[str, str]], boxes: tuple[str, ...]) -> list[tuple[str, str]]:
    """`_pairs` after a move that changed only what `boxes` hold (the box a unit left and the one it entered):
    the pairs `pairs` had in the other boxes, and those of `boxes` worked out again; the same list."""
    st = c.st
    air = c.s.air
    out = [pr for pr in pairs if air[pr[0]][0] not in boxes and air[pr[1]][0] not in boxes]
    by_box = air.index().by_box
    side_of = st.side_of
    for box in boxes:
        units = by_box.get(box)
        if units is not None and len(units) >= 2 and side_of[units[0]] == side:
            _box_pairs(st, air, box, units, out)
    if len(out) > 1:
        out.sort()
    return out


def _box_pairs(st, air, box: str, units: list[str], out: list[tuple[str, str]]) -> None:
    """`_pairs` of one box of the side (its units in id order), added to `out`."""
    info = st.boxinfo.get(box)
    if info is None:
        info = _box_info(st, box)
    if info[0] in _NO_COMBINE:
        return
    ones = [q for q in units if air[q][1] == 1]
    if len(ones) < 2:
        return
    kinds: dict[tuple, list[str]] = {}
    for q in ones:
        key = (st.type[q], st.parent[q] == MIDWAY)
        got = kinds.get(key)
        if got is None:
            kinds[key] = [q]
        elif len(got) == 1:
            got.append(q)
            out.append((got[0], q))


_NO_COMBINE = frozenset({"deck", "sg", "spent", "lost"})


def combinable(c: Ctx, mine: list[str]) -> list[tuple[str, str]]:
    """8.3(4): two one-step units of one type (and of the same home kind) in one box."""
    by_box: dict[tuple[str, str, bool], list[str]] = {}
    for q in mine:
        box, n = c.s.air[q]
        if n != 1 or box.startswith(("deck:", "sg:", "spent:")) or q in c.s.forming:
            continue
        by_box.setdefault((box, c.d.squadrons[q].type, c.from_midway(q)), []).append(q)
    out = []
    for units in by_box.values():
        if len(units) >= 2:
            out.append((units[0], units[1]))
    return out


def on_op(c: Ctx, answer: str) -> None:
    """Apply one move of the air operation. A move that leaves the state at the next move of the same operation
    says which squadrons' menu segments it may have changed (`optouch`, see `op_options`), unless nobody keeps
    the menu (`Ctx.keep` false: flow.apply's quick check, which drops `optouch`)."""
    s = c.s
    side = s.op_side
    verb, _, rest = answer.partition(":")
    if verb == "deck":
        q = rest
        air = s.air
        box, n = air[q]
        k = box[7:]                         # 'hangar:<carrier>'
        free = c.free_boxes(k)
        air[q] = (c.st.deck_names[k][free[0] - 1][1], n)     # the box named f"deck:{k}:{free[0]}", kept per data set
        s.moved = s.moved | {q}
        c.tellf(side, "air", "8.3(5)", _ev_deck, c.d, q, n, k)
        if not c.keep:
            return                          # the step stays "op"; no kept menu to tell
        load_ok = c.load(k) < c.capacity(k)     # hangar and deck count alike: as before the move
        # hangar -> deck of one carrier: the load is as it was, the deck has one free box fewer (`_room` after)
        dirty = _near(c, q, k, c.group_of(k), (True, load_ok), (len(free) > 1, load_ok))
        same_pairs = n == 2 or _out_of_pairs(s.opbase, q) or (box, air[q][0])
    elif verb == "cap":
        q = rest
        air = s.air
        box, n = air[q]
        k = box.split(":")[1]               # 'deck:<carrier>:<box>'
        g = c.group_of(k)
        keep = c.keep
        was = _room(c, k) if keep else None
        air[q] = ("cap:" + g, n)
        s.moved = s.moved | {q}
        c.tellf(side, "air", "8.3(2)", _ev_cap, c.d, q, n, c.group_name(g))
        if not keep:
            return
        # `_room` after the move, from before: the other deck boxes are as they were, so a free box is one still or
        # the box it left, now empty, where undamaged on a carrier afloat; one aircraft fewer aboard
        idx = air.index()
        bad = s.damage.get(k)
        left_free = (box not in idx.by_box and not (bad and int(box[box.rindex(":") + 1:]) in bad)
                     and not (k in s.sunk if k != MIDWAY else c.midway_destroyed()))
        now = (was[0] or left_free, len(idx.aboard.get(k, ())) < c.d.carriers[k].capacity)
        dirty = _near(c, q, k, g, was, now)
        same_pairs = n == 2 or (box, air[q][0])
    elif verb == "uncap":
        q, k = rest.split(":")
        air = s.air
        box, n = air[q]
        free = c.free_boxes(k)
        air[q] = (c.st.deck_names[k][free[0] - 1][1], n)     # the box named f"deck:{k}:{free[0]}", kept per data set
        s.moved = s.moved | {q}
        c.tellf(side, "air", "8.3", _ev_uncap, c.d, q, n, k)
        if not c.keep:
            return
        load = c.load(k) - 1                # before the move
        cap = c.capacity(k)
        # CAP -> a free deck box: one aircraft more aboard, one free box fewer (`_room` after)
        dirty = _near(c, q, k, c.group_of(k), (True, load < cap), (len(free) > 1, load + 1 < cap))
        same_pairs = n == 2 or _out_of_pairs(s.opbase, q) or (box, air[q][0])
    elif verb == "combine":
        a, b = rest.split(":")
        c.combine(a, b)
        dirty = None
    elif verb == "sg-add":
        before = s.forming
        s.forming = before + (rest,)
        if not c.keep:
            return
        dirty = [rest]
        if not (before and len(s.forming) < max_group(c, side, carrier_of_box(s.air[before[0]][0]))
                and c.st.spec[rest].hit_rule != "three-ones"):
            # the group begins, is full, or takes a B-17: every deck's say on joining changes (else none does:
            # the carrier it assembles over and the one attack rule stay as they were)
            by_box = s.air.index().by_box
            for name in c.st.side_decks[side]:
                got = by_box.get(name)
                if got:
                    dirty += got
        same_pairs = True
    elif verb == "sg-go":
        units = s.forming
        if not c.keep:
            launch(c, rest)
            return
        origins = {k: _room(c, k) for k in sorted({carrier_of_box(s.air[q][0]) for q in units})}
        launch(c, rest)
        if s.step == "op" and not c.done:      # no attack: the strike's carriers' decks are free again
            dirty = list(units)
            by_box = s.air.index().by_box
            for name in c.st.side_decks[side]:
                got = by_box.get(name)
                if got:
                    dirty += got
            for k, was in origins.items():
                dirty += _near(c, k, k, c.group_of(k), was)[1:]
            s.optouch = (dirty, s.air.tok, s.moved, s.forming, True)
        return
    elif verb == "sg-move":
        gid, h = rest.split(":", 1)
        fly(c, gid, h)
        if s.step == "op" and not c.done:
            s.optouch = ((), s.air.tok, s.moved, s.forming, True)    # only the strike groups' moves changed
        return
    elif verb == "sg-return":
        g = s.groups[rest]
        s.groups[rest] = StrikeGroup(g.id, g.side, g.hex, g.units, g.origin, g.launch_hex, g.flights + 1, True,
                                     g.midway_strike)     # g._replace(moved=True, flights=g.flights + 1)
        c.tellf(side, "air", "8.5(3)", _ev_no_target, rest, group_ma(c, g))
        head_home(c, rest, "ret2")
        # strike -> Return boxes (or to choose one, `on_return`): the pairs change only in the boxes the survivors
        # entered (a strike group's box holds no pair)
        s.optouch = (g.units, s.air.tok, s.moved, s.forming,
                     _boxes_of(s.air, g.units) if s.step == "op" else True)
        return
    elif verb == "end":
        end(c)
        return
    s.step = "op"
    if dirty is not None:
        s.optouch = (dirty, s.air.tok, s.moved, s.forming, same_pairs)


def _out_of_pairs(base, q: str) -> bool:
    """A one-step unit that moves onto a deck (where nothing combines) out of a box where it was not one of the two
    first one-step units of its type and home (`_pairs`) leaves the pairs of the kept menu `base` as they were."""
    if base is None:
        return False
    for a, b in base.pairs:
        if a == q or b == q:
            return False
    return True


def _room(c: Ctx, k: str) -> tuple[bool, bool]:
    """What the menu segments of others read of carrier `k`: a free deck box (`Ctx.free_boxes` not empty), room
    under capacity."""
    s = c.s
    idx = s.air.index()
    free = False
    if not (k in s.sunk if k != MIDWAY else c.midway_destroyed()):
        by_box = idx.by_box
        bad = s.damage.get(k)
        for n, name in c.st.deck_names[k]:
            if name not in by_box and not (bad and n in bad):
                free = True
                break
    return free, len(idx.aboard.get(k, ())) < c.d.carriers[k].capacity


def _near(c: Ctx, q: str, k: str, group: str, was: tuple[bool, bool],
          now: tuple[bool, bool] | None = None) -> list[str]:
    """The squadrons whose menu segments a move of `q` to or from carrier `k` (of `group`) may change: `q`, and
    when `k` now has a free deck box or room where it had not (`was`: `_room` before the move) or the reverse,
    the units in `k`'s hangar (to the deck) and in the group's CAP box (from CAP to a deck). `now`: `_room` after
    the move, when the move itself tells it."""
    out = [q]
    if (_room(c, k) if now is None else now) == was:
        return out
    by_box = c.s.air.index().by_box
    got = by_box.get("hangar:" + k)
    if got:
        out += got
    got = by_box.get("cap:" + group)
    if got:
        out += got
    return out


def launch(c: Ctx, h: str) -> None:
    """8.4: the forming group takes off from its carrier's (or Midway's) hex and flies up to two hexes."""
    s = c.s
    side = s.op_side
    units = s.forming
    k = launch_origin(c, units[0])
    origin = MIDWAY if k == MIDWAY else c.fleet_of_group(c.group_of(k))
    here = c.d.midway.hex if k == MIDWAY else fleet_hex_of_carrier(c, k)
    prefix = "J" if side == "japan" else "U"
    n = 1
    while prefix + str(n) in s.groups:     # the lowest free number: ids tell nothing of the enemy's strikes
        n += 1
    gid = prefix + str(n)
    g = StrikeGroup(gid, side, h, units, origin, here, 1, True, s.op_kind == "midway")
    if s.op_kind == "midway":
        s.midway_launched = True
    s.groups[gid] = g
    for q in units:
        s.air[q] = ("sg:" + gid, s.air[q][1])
    s.moved = s.moved | set(units)
    s.forming = ()
    c.tellf(side, "air", "8.4", _ev_launch, c.d, gid, k, origin, units, tuple([s.air[q][1] for q in units]), here, h)
    arrive(c, gid)


def fly(c: Ctx, gid: str, h: str) -> None:
    """8.5: a group on the map flies to a target hex within its allowance."""
    s = c.s
    g = s.groups[gid]
    s.groups[gid] = StrikeGroup(g.id, g.side, h, g.units, g.origin, g.launch_hex, g.flights + 1, True,
                                g.midway_strike)          # g._replace(hex=h, moved=True, flights=g.flights + 1)
    c.tellf(g.side, "air", "8.5", _ev_fly, gid, g.hex, h)
    arrive(c, gid)


def arrive(c: Ctx, gid: str) -> None:
    """9.0: a strike group entering a target's hex attacks at once (flow.py starts air_attack)."""
    g = c.s.groups[gid]
    tgt = targets_at(c, g.side, g.hex, g.midway_strike)
    if tgt is None:
        c.s.step = "op"
        return
    c.finish("strike-arrives", gid, tgt)


def after_attack(c: Ctx, gid: str) -> None:
    """9.5: the survivors go to a Return box (Return 1 after a Midway strike or in the launching operation)."""
    c.fleet_check()
    c.s.step = "op"
    if gid in c.s.groups:
        g = c.s.groups[gid]
        head_home(c, gid, "ret1" if g.midway_strike or g.flights <= 1 else "ret2")


def head_home(c: Ctx, gid: str, box: str) -> None:
    """9.5: pick the Return box when the owner has a choice, else go straight there."""
    g = c.s.groups[gid]
    live = live_groups(c, g.side)
    if len(return_choices(c, g, live)) > 1:
        c.s.step = f"ret:{gid}:{box}"
        return
    recover(c, gid, box, live=live)
    c.s.step = "op"


def free_returners(c: Ctx, g: StrikeGroup) -> list[str]:
    """Survivors whose Return box is the owner's choice (not Midway's own aircraft, not a Japanese unit
    whose parent carrier is undamaged)."""
    return [q for q in g.units if c.s.air[q][0] != "lost" and not c.from_midway(q)
            and not (c.side_of(q) == "japan" and c.parent_ok(q))]


def return_choices(c: Ctx, g: StrikeGroup, live: list[str] | None = None) -> list[str]:
    """9.5(1)-(2): any group of the side with a carrier that can take aircraft; Midway for US carrier
    aircraft when the strike's hex is within 5 of Midway. `live`: `live_groups` of the side, when known."""
    if not free_returners(c, g):
        return []
    out = live_groups(c, g.side) if live is None else list(live)
    if g.side == "usa" and c.operational(MIDWAY) and \
            c.d.hex_distance(g.hex, c.d.midway.hex) <= c.d.midway.divert_range:
        out.append(MIDWAY)
    return out


def return_options(c: Ctx, gid: str, box: str) -> list[Option]:
    g = c.s.groups[gid]
    which = "Return 1" if box == "ret1" else "Return 2"
    names = c.lazy_names(free_returners(c, g))
    return [Option(f"to:{gr}", None, {"verb": "return", "group": gid, "box": f"{box}:{gr}", "home": gr},
                   lazy_label("Strike {} ({}) heads for the {} box of {}", gid, names, which, c.group_name(gr)))
            for gr in return_choices(c, g)]


def on_return(c: Ctx, gid: str, box: str, answer: str) -> None:
    s = c.s
    units = s.groups[gid].units
    touch = s.optouch
    if touch is not None and touch[1] != s.air.tok:
        touch = None            # the aircraft changed since the kept menu otherwise too (an attack)
    recover(c, gid, box, choice=answer[3:])
    s.step = "op"
    if touch is not None:       # since the kept menu: the strike's survivors to a Return box, nothing else
        same = touch[4]
        if same is not False:   # the pairs change in the boxes the survivors entered too (`_pairs_in`)
            entered = _boxes_of(s.air, units)
            same = entered if same is True else tuple(set(same).union(entered))
        s.optouch = (tuple(touch[0]) + units, s.air.tok, touch[2], touch[3], same)


def _boxes_of(air, units: tuple[str, ...]) -> tuple[str, ...]:
    """The boxes `units` are in now (for `_pairs_in`)."""
    return tuple({air[q][0] for q in units})


def recover(c: Ctx, gid: str, box: str, choice: str = "", live: list[str] | None = None) -> None:
    """9.5: the strike's survivors to the Return box `box` of their group (`choice`: the owner's pick for those it
    may send anywhere). `live`: `live_groups` of the side, when known."""
    s = c.s
    g = s.groups.pop(gid)
    chosen = set(free_returners(c, g)) if choice else set()
    parts = []
    # `live_groups` of the side, worked out at most once: survivors entering Return boxes do not change it
    for q in g.units:
        if s.air[q][0] == "lost":
            continue
        if q in chosen:
            gr = choice
        else:
            if live is None:
                live = live_groups(c, g.side)
            gr = return_group(c, q, g, live)
        s.air[q] = (f"{box}:{gr}", s.air[q][1])
        parts.append((c.unit_name(q), c.group_name(gr)))
    if parts:
        c.tellf(g.side, "air", "9.5", _ev_home, gid, 'Return 1' if box == 'ret1' else 'Return 2', tuple(parts))


def _ev_home(gid: str, which: str, parts: tuple[tuple[str, str], ...]) -> str:
    return f"Strike {gid} heads home: " + "; ".join(f"{name} -> {which} of {group}" for name, group in parts)


# -- the end of the operation -----------------------------------------------------------------------
def end(c: Ctx) -> None:
    """9.2(4): the CAP that intercepted lands now (the enemy's first); then the next air operation."""
    s = c.s
    s.moved = frozenset()
    s.forming = ()
    next_cap_return(c)


def spent_cap(c: Ctx, side: str) -> list[str]:
    """9.2(4): the side's fighters that intercepted this air operation, in id order."""
    out: list[str] = []
    n = 0
    st = c.st
    side_of = st.side_of
    by_box = c.s.air.index().by_box
    for name in st.box_names["spent"]:      # the spent CAP boxes, looked up by name; units in id order in each
        units = by_box.get(name)
        if units is not None and side_of[units[0]] == side:
            out += units
            n += 1
    if n > 1:
        out.sort()
    return out


def cap_candidates(c: Ctx, q: str) -> list[str]:
    """9.2(4): the carriers a returning CAP fighter may use (room aside): a Japanese fighter its parent while
    that is undamaged (and of the group it flew CAP over), else any carrier afloat of that group."""
    group = group_of_box(c.s.box(q))
    if c.side_of(q) == "japan" and c.parent_ok(q) and c.parent(q) in c.carriers_of(group):
        return [c.parent(q)]
    return [k for k in c.carriers_of(group) if c.afloat(k)]


def cap_places(c: Ctx, q: str) -> list[str]:
    """The carriers that could take the fighter at all (for the room count, `max_landings`)."""
    return [k for k in cap_candidates(c, q) if c.operational(k)]


def cap_return_choices(c: Ctx, q: str) -> list[tuple[str, str]]:
    """9.2(4): (carrier, "deck" | "hangar") a returning CAP fighter may take: a carrier of its group (a Japanese
    fighter its parent while that is undamaged); a free undamaged deck box, or the hangar while a deck box is
    undamaged; capacity 5 with the combine exception (8.3(3))."""
    out = []
    for k in cap_candidates(c, q):
        free = c.free_boxes(k)
        if free and c.room_for(k, q, f"deck:{k}:{free[0]}"):
            out.append((k, "deck"))
        if c.room_for(k, q, f"hangar:{k}"):
            out.append((k, "hangar"))
    return out


def cap_offer(c: Ctx, side: str) -> list[tuple[str, str]]:
    """9.2(4) with 8.3(1)'s "lost only when it cannot land": the places offered to the side's first returning
    fighter are those that leave room for as many of its other returning fighters as any place would (a deck
    box or the hangar takes the same room; what decides is the carrier, or the one-step partner a fighter
    combines with in a full hangar)."""
    units = spent_cap(c, side)
    q, rest = units[0], units[1:]
    where = cap_return_choices(c, q)
    if not rest or len(where) < 2:
        return where
    score = {kw: max_landings(c, units, fixed=(q, kw[0]), places_of=cap_places) for kw in where}
    best = max(score.values())
    return [kw for kw in where if score[kw] == best]


def next_cap_return(c: Ctx) -> None:
    """9.2(4): place the spent CAP of the enemy, then of the operating side. Which fighters intercepted is public
    (2.6: the attack is flown in the open), so the owner is asked once for every one of them, even when only one
    place (or none: the fighter is lost) is left: whether it had a choice is its own display's secret."""
    s = c.s
    for side in (other(s.op_side), s.op_side):
        if spent_cap(c, side):
            s.step = "caprt:" + side
            return
    c.finish("air-operation")


def cap_lands(c: Ctx, q: str, k: str, where: str) -> None:
    """9.2(4): the fighter goes to the lowest free deck box or the hangar; combining if that makes room."""
    s = c.s
    n = s.air[q][1]
    box = f"deck:{k}:{c.free_boxes(k)[0]}" if where == "deck" else f"hangar:{k}"
    full = len(c.aboard(k)) >= c.capacity(k)
    partner = c.combine_partner(q, box) if full and where == "hangar" else None
    s.air[q] = (box, n)
    c.tellf(c.side_of(q), "air", "9.2(4)", narrate, "{} lands after intercepting: {} of {}", c.unit_name(q), where,
            c.carrier_name(k))
    if partner:
        c.combine(partner, q, "8.3(3)")


CAP_LOST = "cap-lost"


def cap_return_options(c: Ctx, side: str) -> list[Option]:
    """The returning fighter's places (`cap_offer`); one left is offered all the same, marked as the only one;
    none: the one option is its loss."""
    q = spent_cap(c, side)[0]
    where = cap_offer(c, side)
    if not where:
        return [Option(CAP_LOST, None, {"verb": "lose", "unit": q},
                       lazy_label("{} finds no carrier that can take it and is lost (the only option)",
                                  c.unit_name(q)))]
    only = " (the only place left)" if len(where) == 1 else ""
    name = c.unit_name(q)
    return [Option(f"cap-{w}:{k}", None, {"verb": "land", "unit": q, "carrier": k, "to": w},
                   lazy_label("{} lands after intercepting: {} of {}{}", name, w, c.carrier_name(k), only))
            for k, w in where]


def on_cap_return(c: Ctx, side: str, answer: str) -> None:
    q = spent_cap(c, side)[0]
    if answer == CAP_LOST:
        c.eliminate(q, "CAP with nowhere to land", "9.2(4)", private=True)
    else:
        verb, _, k = answer.partition(":")
        cap_lands(c, q, k, verb[4:])
    next_cap_return(c)
