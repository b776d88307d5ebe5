"""Sampling a full state consistent with one side's view, for search agents (DESIGN.md, Sampler).

What the view shows is copied; the enemy counters the side cannot identify are dealt at random into
the places where face-down enemy counters are known to be (base, Operation Boxes, concealed task
forces), respecting what the rules make certain: no carrier in a task force with Transports (8.2), no
carrier in Ironbottom Sound or The Slot (9.2), the Tokyo Express alone and never in base (9.6); and what the
side remembers (the view's "memory", memory.py): a remembered counter only into a place its memory allows."""
from __future__ import annotations

import random
from typing import Any

from kaisen.games.pacific_fury.memory import BASE
from kaisen.games.pacific_fury.state import NOTHING, Combat, PFState, TaskForce
from kaisen.games.pacific_fury.views import COMBAT_FIELDS, hidden_units

TRIES = 200
TRIES_DIRECT = 20


def sample(game, view: dict[str, Any], rng: random.Random) -> PFState:
    side = view["side"]
    if side is None:
        raise ValueError("sample_state needs a side's view, not the omniscient one")
    d = game.data
    foe = "usa" if side == "japan" else "japan"
    ctl = view["control"]
    s = PFState(turn=view["turn"], phase=view["phase"], step=ctl["step"], initiative=view["initiative"],
                marker=view["marker"], hf_operational=view["henderson"] == "operational",
                events_used=tuple(view["events_used"]), ops=dict(view["operations"]), phasing=ctl["phasing"],
                forming_box=ctl["forming_box"], transport_sunk=ctl["transport_sunk"],
                base_revealed=ctl["base_revealed"], event_rolls=ctl["event_rolls"],
                options=tuple(sorted(view["options"].items())),
                returns={u: int(t) for u, t in ctl["returns"].items()}, gone_public=tuple(ctl["gone_public"]))
    if view["result"] is not None:
        s.result = (view["result"]["winner"], view["result"]["score"])
    if view["combat"] is not None:
        cb = view["combat"]
        s.combat = Combat(**{f: cb[f] for f in COMBAT_FIELDS}).copy()
    for u in d.order:
        s.loc[u] = "offboard"
    slots: list[tuple[str, int, str | None]] = []      # (place, how many, zone) still to fill
    for sd in ("japan", "usa"):
        part = view["sides"][sd]
        for key, where in (("reserve", "reserve"), ("sunk", "sunk"), ("removed", "removed")):
            for u in part[key]:
                s.loc[u] = where
        for units in part["track"].values():
            for u in units:
                s.loc[u] = "track"
        if part["base"] is not None:
            for u in part["base"]:
                s.loc[u] = "base"
        else:
            slots.append(("base", part["base_count"], None))
        for b in part["boxes"]:
            ships = tuple(b["ships"]) if b["ships"] is not None else ()
            s.tfs[b["tf"]] = TaskForce(b["tf"], sd, ships, b["box"], None, False)
            if b["ships"] is None:
                slots.append(("tf:" + b["tf"], b["count"], None))
    for z in view["zones"]:
        for t in z["task_forces"]:
            ships = tuple(t["ships"]) if t["ships"] is not None else ()
            s.tfs[t["tf"]] = TaskForce(t["tf"], t["side"], ships, None, z["id"], t["revealed"])
            if t["ships"] is None:
                slots.append(("tf:" + t["tf"], t["count"], z["id"]))
    for tf in s.tfs.values():
        for u in tf.ships:
            s.loc[u] = "tf:" + tf.id
    remembered = view.get("memory") or {}
    if remembered:      # the side's memory (memory.py) goes into the sample, which deals by it
        s.memory = {side: {u: frozenset(p) for u, p in remembered.items()}, foe: {}}
    else:
        s.memory = NOTHING
    deal(s, d, foe, hidden_units(view, side) - set(view["sides"][foe]["offboard"]), slots, rng, remembered)
    # 9.6: formed this turn if the marker is in play, or has left play in plain view (landed, turned back, sunk)
    s.te_formed = s.loc["tokyo-express"] != "offboard" or "tokyo-express" in ctl["gone_public"]
    return s


def deal(s: PFState, d, foe: str, hidden: set[str], slots, rng: random.Random, remembered=None) -> None:
    """Deal the hidden enemy counters into the slots: built directly so that every rule below holds and every
    counter lands where the side's memory allows (see `construct`); a deal it cannot build falls back to
    rejection sampling, then to a search that always finds one if any exists."""
    order = _order(d)
    hidden_sorted = sorted(hidden, key=order.__getitem__)
    pins = pinned(d, hidden_sorted, slots, remembered) if remembered else {}
    must = [u for u in hidden_sorted if d.ships[u].type not in ("AP", "TE")]
    flex = [u for u in hidden_sorted if d.ships[u].type in ("AP", "TE")]
    placed = None
    for attempt in range(TRIES_DIRECT):
        placed = construct(d, s, foe, must, flex, slots, rng, carriers_first=bool(attempt % 2), pins=pins)
        if placed is not None:
            break
    else:
        placed = by_rejection(s, d, foe, must, flex, slots, rng, pins)
    for place, units in placed.items():
        for u in units:
            s.loc[u] = place
        if place.startswith("tf:"):
            tf = s.tfs[place[3:]]
            s.tfs[tf.id] = tf._replace(ships=tuple(units))


def pinned(d, hidden: list[str], slots, remembered: dict[str, Any]) -> dict[str, tuple[int, ...]]:
    """Memory (memory.py) as slot indices: unit -> the slots it may be dealt into. Kept only where it narrows
    the deal: a ship allowed fewer places than all, a remembered Transports unit (it is on the board)."""
    index = {place: i for i, (place, _, _) in enumerate(slots)}
    every = len(slots)
    pins: dict[str, tuple[int, ...]] = {}
    for u in hidden:
        places = remembered.get(u)
        if places is None:
            continue
        idx = tuple(sorted(index[p] for p in (q if q == BASE else "tf:" + q for q in places) if p in index))
        if not idx:
            raise ValueError(f"the view's memory puts {u} in {sorted(places)}: no face-down place of the view; "
                             f"allowed places: {', '.join(sorted(index)) or 'none'}")
        if len(idx) < every or d.ships[u].type in ("AP", "TE"):
            pins[u] = idx
    return pins


_ORDERS: dict[int, tuple] = {}


def _order(d) -> dict[str, int]:
    """Each unit's position in the data's order (static, built once per data set)."""
    entry = _ORDERS.get(id(d))
    if entry is None or entry[0] is not d:
        entry = _ORDERS[id(d)] = (d, {u: i for i, u in enumerate(d.order)})
    return entry[1]


def construct(d, s: PFState, foe: str, must: list[str], flex: list[str], slots,
              rng: random.Random, carriers_first: bool = False, pins=None) -> dict[str, list[str]] | None:
    """One deal built to satisfy the rules at once: the Tokyo Express alone in a task force in a box or The
    Slot (9.6), no Transports when the enemy holds the initiative (6.3) and never with a carrier in a task force
    (8.2; in base they lie side by side), no
    carrier in Ironbottom Sound or The Slot (9.2), at most two of the Transports and the marker; every counter
    the side remembers (`pins`: unit -> slot indices) only where its memory allows. The marker is seated first,
    then the remembered counters (fewest places first), then the Transports and the carriers (or the carriers and
    the Transports), then the rest, each on a random free seat it may take. None: no such deal found this way."""
    pins = pins or {}
    kept = [u for u in flex if u in pins]        # remembered Transports are on the board
    extra = sum(n for _, n, _ in slots) - len(must) - len(kept)
    if extra < 0 or extra + len(kept) > 2:
        return None
    ships = d.ships
    fits = [i for i, (place, n, z) in enumerate(slots) if n == 1 and place != "base" and z in (None, "slot")]
    candidates = [u for u in flex if u not in pins and (ships[u].type != "AP" or foe != s.initiative)
                  and (ships[u].type != "TE" or fits)]
    if extra > len(candidates):
        return None
    pool = rng.sample(candidates, k=extra) if extra else []
    cap = [n for _, n, _ in slots]
    content: list[list[str]] = [[] for _ in slots]
    no_carrier = [z in ("slot", "ironbottom") for _, _, z in slots]
    te = [u for u in pool if ships[u].type == "TE"]
    aps = [u for u in pool if ships[u].type == "AP"]
    if te:
        i = rng.choice(fits)
        content[i].append(te[0])
        cap[i] = 0
    in_tf = [place != "base" for place, _, _ in slots]
    if pins:
        for u in sorted(kept + [u for u in must if u in pins], key=lambda u: len(pins[u])):
            carrier = u in d.carriers
            open_ = [i for i in pins[u]
                     if cap[i] and not (carrier and no_carrier[i]) and not (in_tf[i] and _clash(d, u, content[i]))
                     and (ships[u].type != "TE" or (i in fits and not content[i]))]
            if not open_:
                return None
            i = _seat(open_, cap, rng)
            content[i].append(u)
            cap[i] -= 1
        must = [u for u in must if u not in pins]
    cv = d.carriers
    rest = [u for u in must if u not in cv]
    groups = [(aps, None), ([u for u in must if u in cv], lambda i: not no_carrier[i])]
    if carriers_first:
        groups.reverse()
    for group, allowed in groups:
        for u in group:
            open_ = [i for i in range(len(slots))
                     if cap[i] and (allowed is None or allowed(i)) and not (in_tf[i] and _clash(d, u, content[i]))]
            if not open_:
                return None
            i = _seat(open_, cap, rng)
            content[i].append(u)
            cap[i] -= 1
    free = [i for i in range(len(slots)) for _ in range(cap[i])]     # the rest go anywhere: a random matching
    if len(free) < len(rest):
        return None
    if free and free[0] != free[-1]:      # more than one place left: which goes where is random
        rng.shuffle(rest)
    for u, i in zip(rest, free):
        content[i].append(u)
    out: dict[str, list[str]] = {}
    for (place, _, _), units in zip(slots, content):
        if len(units) > 1 and place != "base":    # a task force's order is its counters' order; a base has none
            rng.shuffle(units)
        out[place] = units
    return out


def _seat(open_: list[int], cap: list[int], rng: random.Random) -> int:
    """A free seat at random among the open slots (each slot by its room): the slot's index."""
    seat = rng.randrange(sum(cap[i] for i in open_))
    for i in open_:
        if seat < cap[i]:
            return i
        seat -= cap[i]
    raise AssertionError("no seat")


def _clash(d, unit: str, there: list[str]) -> bool:
    """8.2: a carrier and Transports never share a task force (in base they may)."""
    cv = d.carriers
    if unit in cv:
        ships = d.ships
        return any(ships[u].type == "AP" for u in there)
    if d.ships[unit].type == "AP":
        return any(u in cv for u in there)
    return False


def by_rejection(s: PFState, d, foe: str, must: list[str], flex: list[str], slots, rng: random.Random,
                 pins=None):
    """Rejection sampling of random deals; then a search over deals (`search`) that keeps every rule and the
    memory; if no deal keeps the rules, one that keeps the memory at least (the old last resort, carriers and
    Transports first into base, where nothing is remembered)."""
    pins = pins or {}
    total = sum(n for _, n, _ in slots)
    kept = [u for u in flex if u in pins]
    free_flex = [u for u in flex if u not in pins]
    extra = total - len(must) - len(kept)
    for attempt in range(TRIES):
        pool = rng.sample(free_flex, k=min(max(extra, 0), len(free_flex)))
        units = must + kept + pool
        rng.shuffle(units)
        placed = fill(units, slots)
        if placed is not None and ok(placed, d, s, foe) and remembered_ok(placed, slots, pins):
            return placed
    for rules in (True, False):
        placed = search(d, s, foe, must, flex, slots, pins, rng, rules)
        if placed is not None:
            return placed
    if pins:
        raise ValueError("no deal of the hidden counters fits the view's counts and its memory")
    units = must + rng.sample(flex, k=min(max(extra, 0), len(flex)))
    units.sort(key=lambda u: (not d.ships[u].is_carrier, d.ships[u].type != "AP"))
    return fill(units, slots) or {}


def remembered_ok(placed: dict[str, list[str]], slots, pins) -> bool:
    """Every remembered counter in a slot its memory allows."""
    if not pins:
        return True
    where = {u: i for i, (place, _, _) in enumerate(slots) for u in placed[place]}
    return all(where.get(u) in idx for u, idx in pins.items())


def search(d, s: PFState, foe: str, must: list[str], flex: list[str], slots, pins, rng: random.Random,
           rules: bool = True) -> dict[str, list[str]] | None:
    """A depth-first search over deals, choices in random order: counters with the fewest places first, each
    into a slot with room that its memory (and, with `rules`, the rules of `construct`) allows; Transports and
    the marker not remembered may stay off the board. The first deal found, or None if there is none."""
    ships = d.ships
    n = len(slots)
    cap = [c for _, c, _ in slots]
    content: list[list[str]] = [[] for _ in slots]
    no_carrier = [z in ("slot", "ironbottom") for _, _, z in slots]
    in_tf = [place != "base" for place, _, _ in slots]
    te_fit = [c == 1 and place != "base" and z in (None, "slot") for place, c, z in slots]
    units = sorted(must + flex, key=lambda u: (len(pins.get(u, slots)), ships[u].type not in ("TE", "AP"),
                                                not ships[u].is_carrier))
    left_out = len(units) - sum(cap)
    if left_out < 0:
        return None

    def fits(u: str, i: int) -> bool:
        if not cap[i]:
            return False
        if not rules:
            return True
        sp = ships[u]
        if sp.type == "TE":
            return te_fit[i] and not content[i]
        if content[i] and ships[content[i][0]].type == "TE":
            return False
        if sp.type == "AP" and foe == s.initiative:
            return False
        return not (sp.is_carrier and no_carrier[i]) and not (in_tf[i] and _clash(d, u, content[i]))

    def go(k: int, out: int) -> bool:
        if k == len(units):
            return out == 0         # every seat taken
        u = units[k]
        choices = [i for i in pins.get(u, range(n)) if fits(u, i)]
        choices.sort(key=lambda i: rng.random() ** (1.0 / cap[i]), reverse=True)    # a slot by its room
        if out and u not in pins and ships[u].type in ("AP", "TE"):
            choices.insert(rng.randrange(len(choices) + 1), -1)      # stays off the board
        for i in choices:
            if i < 0:
                if go(k + 1, out - 1):
                    return True
                continue
            content[i].append(u)
            cap[i] -= 1
            if go(k + 1, out):
                return True
            content[i].pop()
            cap[i] += 1
        return False

    if not go(0, left_out):
        return None
    return {place: units_ for (place, _, _), units_ in zip(slots, content)}


def fill(units: list[str], slots) -> dict[str, list[str]] | None:
    out: dict[str, list[str]] = {}
    i = 0
    for place, n, _zone in slots:
        out[place] = units[i:i + n]
        i += n
    return out


def ok(placed: dict[str, list[str]], d, s: PFState, foe: str) -> bool:
    for place, units in placed.items():
        types = {d.ships[u].type for u in units}
        carrier = bool(types & {"CV", "CVL"})
        if "TE" in types and (place == "base" or len(units) != 1):
            return False
        if "AP" in types and (carrier or foe == s.initiative):
            return False
        if place.startswith("tf:"):
            zone = s.tfs[place[3:]].zone
            if zone in ("slot", "ironbottom") and carrier:
                return False
            if "TE" in types and zone not in (None, "slot"):
                return False
    if sum(1 for units in placed.values() for u in units if d.ships[u].type in ("AP", "TE")) > 2:
        return False
    return True
