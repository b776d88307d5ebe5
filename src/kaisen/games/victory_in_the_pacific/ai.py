"""A heuristic Victory in the Pacific agent.

Japan raids Pearl Harbor with the fast carriers on turn 1, takes Indonesia (patrols and land-based air over
it) and holds the defensive perimeter (Japanese Islands, Marianas, Marshalls, South Pacific) to keep its POC
lead. The Allies hold the Hawaii-Australia line (Hawaiian Islands, U.S. Mandate, Coral Sea), keep their
carriers out of fights they would lose, and go over to the offensive once their carriers arrive (turn 5+).

Every choice comes from the side's view (VITP is face up; the opponent's day/night choice is withheld), the
decision's kind (flow.KINDS) and its options' fields (contract v2: never a prompt, a label or a parsed id),
scored with the public rules data (unit factors, the map). A decision the agent
does not recognise (new steps added to the engine) gets a seeded random legal option and is counted in
`fallbacks`. Ties are broken by option order, so an answer depends only on the view and the options.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from kaisen.agents.base import Agent, register_agent
from kaisen.engine.core import Decision

HIT = 3.5 / 6            # expected damage of one shot without the bonus (a 6 hits, 1d6 damage)
PEARL_RAID = ("CV",)     # 4.2: the fast carriers go to Pearl Harbor ...
PEARL_ESCORT = ("hiei", "kirishima", "tone", "chikuma")   # ... with Kido Butai's historical escort
VALUE = {"CV": 10.0, "CVL": 6.0, "CVE": 3.0, "BB": 6.0, "BC": 5.0, "CA": 2.5, "CL": 1.5}

# strategic weight of a sea area for each side, added to the POC it is worth to both sides
JAPAN_AIMS = {"japanese-islands": 4, "marianas-islands": 4, "indonesia": 4, "marshall-islands": 3,
              "south-pacific": 3, "central-pacific": 1, "bay-of-bengal": 1}
ALLIED_DEFENCE = {"hawaiian-islands": 4, "us-mandate": 4, "coral-sea": 4, "indian-ocean": 1, "north-pacific": 1}
ALLIED_OFFENCE = {"south-pacific": 3, "marshall-islands": 3, "central-pacific": 2, "marianas-islands": 2,
                  "indonesia": 2, "bay-of-bengal": 1}
OFFENSIVE_TURN = 5
STALEMATE = 20           # rounds of one fight after which the agent breaks it off
FIRST_TURN_ALLIED_PORTS = ("australia", "singapore", "the-philippines")   # 18.22


# -- the rules data (public, never state) --------------------------------------------------------------
@lru_cache(maxsize=1)
def data():
    from kaisen.games.victory_in_the_pacific import GAME
    return GAME.data


_UNITS: dict = {}       # unit id -> spec (data().units, filled on first use: spec() is called very often)


def spec(u: str):
    try:
        return _UNITS[u]
    except KeyError:
        _UNITS.update(data().units)
        return _UNITS[u]


def foe_of(side: str) -> str:
    return "allies" if side == "japan" else "japan"


def _aims(side: str, offensive: bool) -> dict[str, float]:
    if side == "japan":
        return JAPAN_AIMS
    out = dict(ALLIED_DEFENCE)
    if offensive:
        for a, w in ALLIED_OFFENCE.items():
            out[a] = out.get(a, 0) + w
    return out


_AIMS = {(side, offensive): _aims(side, offensive) for side in ("japan", "allies") for offensive in (False, True)}


def aims(side: str, turn: int) -> dict[str, float]:
    """`side`'s strategic weights on turn `turn` (made once per side and stance: read only)."""
    return _AIMS[(side, turn >= OFFENSIVE_TURN)]


_AREA_VALUES: dict[tuple[str, bool, str], float] = {}    # (side, offensive, area) -> area_value (data() alone)


def area_value(side: str, turn: int, area: str) -> float:
    """What holding an area is worth to `side`: the POC swing (its POC plus the enemy's denied) and its aim."""
    key = (side, turn >= OFFENSIVE_TURN, area)
    got = _AREA_VALUES.get(key)
    if got is None:
        sp = data().areas[area]
        got = _AREA_VALUES[key] = sp.poc_japan + sp.poc_allies + aims(side, turn).get(area, 0)
    return got


# -- unit values ---------------------------------------------------------------------------------------
def dmg(v: dict[str, Any], u: str) -> int:
    return v["units"][u]["damage"]


def speed(v, u: str) -> int:
    sp = spec(u)
    return max(1, sp.speed - dmg(v, u)) if dmg(v, u) else sp.speed


# A unit's fighting values are pure functions of its printed factors (the one rules data set, data()) and its
# damage: worked out once per (unit, damage) and kept (`_VALUES`; a few hundred entries at most), so a decision
# that weighs the same ships over and over reads them instead of working them out again. The formulas are the
# ones below, unchanged: the same numbers come out.
_VALUES: dict[tuple[str, int], tuple[float, float, float, float]] = {}


def _values(u: str, damage: int) -> tuple[float, float, float, float]:
    """(day fire, night fire, toughness, strength) of unit `u` with `damage` points of damage."""
    sp = spec(u)
    if sp.kind not in ("ship", "lba") or sp.airstrike <= 0:
        day = 0.0
    elif sp.kind == "ship" and damage >= sp.armor:
        day = 0.0
    else:
        day = sp.airstrike * HIT * (2 if sp.airstrike_bonus else 1)
    if sp.kind != "ship" or sp.gunnery <= 0 or sp.airstrike > 0:
        night = 0.0       # carriers keep their guns out of night actions (7.424)
    else:
        guns = min(sp.gunnery, 1) if damage >= sp.armor else sp.gunnery          # 7.73: crippled
        night = guns * HIT * (2 if sp.gunnery_bonus and not damage else 1)
    if sp.kind == "lba":
        tough = max(1.0, sp.defense - damage)
    else:
        tough = max(1.0, sp.armor + 1 - damage)
    # one number for how much a unit adds to a fight (hitting power and staying power)
    strong = 0.0 if sp.kind == "sub" else 1.5 * max(day, night) + 0.4 * tough
    out = _VALUES[(u, damage)] = (day, night, tough, strong)
    return out


def values(v, u: str) -> tuple[float, float, float, float]:
    damage = v["units"][u]["damage"]
    got = _VALUES.get((u, damage))
    return got if got is not None else _values(u, damage)


def day_fire(v, u: str) -> float:
    return values(v, u)[0]


def night_fire(v, u: str) -> float:
    return values(v, u)[1]


def toughness(v, u: str) -> float:
    return values(v, u)[2]


def strength(v, u: str) -> float:
    """One number for how much a unit adds to a fight (hitting power and staying power)."""
    return values(v, u)[3]


def worth(v, u: str) -> float:
    """How much sinking (or saving) a unit matters."""
    got = _WORTH.get(u)
    if got is None:
        got = _WORTH[u] = _worth(u)
    return got


_WORTH: dict[str, float] = {}        # unit -> worth (its printed factors alone)


def _worth(u: str) -> float:
    sp = spec(u)
    if sp.kind == "lba":
        return 4.0
    if sp.kind == "amph":
        return 5.0
    if sp.kind == "sub":
        return 1.0
    return VALUE.get(sp.type, 2.0) + 0.5 * sp.airstrike


def side_power(v, units) -> float:
    """Lanchester-like strength of a force: the better of its day and night fire times its staying power."""
    units = list(units)
    if not units:
        return 0.0
    vals = [values(v, u) for u in units]
    f = max(sum(x[0] for x in vals), sum(x[1] for x in vals))
    t = sum(x[2] for x in vals)
    return (f + 0.1) * t


# -- the map -------------------------------------------------------------------------------------------
def reach(v, base: str, side: str, limit: int) -> dict[str, int]:
    """Areas a ship sailing from `base` may end in (6.21-6.3: it stops on entering an enemy-held area)."""
    d = data()
    foe = foe_of(side)
    best = {a: 1 for a in d.bases[base].touches}
    frontier = list(best)
    n = 1
    while frontier and n < limit:
        n += 1
        nxt = []
        for a in frontier:
            if v["control"].get(a) == foe:
                continue
            for b in d.neighbours(a):
                if b not in best:
                    best[b] = n
                    nxt.append(b)
        frontier = nxt
    return best


# `reach` depends on the map (data()) and on who controls each sea area alone: kept per (base, side, limit, the
# control of every area), read only by its callers, at most _REACHES_KEPT entries (then started afresh).
_REACHES: dict[tuple, dict[str, int]] = {}
_REACHES_KEPT = 20000
_NEAREST: dict[int, tuple[dict[str, int], list[str]]] = {}   # id of a kept reach -> (it, its areas nearest first)


def pass_chance(v, u: str, n: int, raid: bool) -> float:
    """Chance of arriving as intended (6.4: a roll is needed from the 2nd area patrolling, the 3rd raiding)."""
    key = (u, v["units"][u]["damage"], n, raid)
    got = _PASS.get(key)
    if got is None:
        got = _PASS[key] = _pass_chance(v, u, n, raid)
    return got


_PASS: dict[tuple[str, int, int, bool], float] = {}   # (unit, damage, areas, raid) -> pass_chance (data() alone)


def _pass_chance(v, u: str, n: int, raid: bool) -> float:
    sp = spec(u)
    need = 3 if raid and sp.nation in ("japan", "us") else 2
    if sp.kind != "ship" or n < need or speed(v, u) >= 7:
        return 1.0
    return max(0.0, (speed(v, u) - 1) / 6)


# -- reading the view ----------------------------------------------------------------------------------
_FIGHTERS: dict[str, str] = {}     # unit -> its side, for every unit that fights at sea (not the submarines)
_SHIPS: dict[str, tuple[tuple[str, int], ...]] = {}   # side -> (ship, armor) of its ships, in id order (the view's)


def _static() -> None:
    units = data().units
    for u in sorted(units):
        sp = units[u]
        if sp.kind != "sub":
            _FIGHTERS[u] = sp.side
    for side in ("japan", "allies"):
        _SHIPS[side] = tuple((u, units[u].armor) for u in sorted(units)
                             if units[u].side == side and units[u].kind == "ship")


class Board:
    """One side's view digested: units at sea per area, threats from ports, the combat in progress (each worked
    out the first time a decision asks for it)."""

    def __init__(self, view: dict[str, Any], side: str):
        self.v = view
        self.side = side
        self.foe = foe_of(side)
        self.turn: int = view["turn"]
        self.cs: dict[str, Any] = view["control_state"]
        self._sea: dict[str, dict[str, list[str]]] | None = None
        self._threat: dict[str, float] | None = None
        self._at: dict[tuple[str, str], float] = {}
        self._gain: dict[tuple[str, float], tuple[float, float, float, float]] = {}
        self._enemy: dict[str, tuple[float, float]] = {}
        self._reach: dict[tuple[str, str, int], dict[str, int]] = {}
        self._control: tuple | None = None
        self._moved: set[str] | None = None

    @property
    def moved(self) -> set[str]:
        """The units that left port this turn (made when first asked)."""
        moved = self._moved
        if moved is None:
            moved = self._moved = set(self.cs.get("moved", ()))
        return moved

    @property
    def sea(self) -> dict[str, dict[str, list[str]]]:
        """Sea area -> side -> its units at sea there that fight (not submarines), in id order."""
        sea = self._sea
        if sea is None:
            if not _FIGHTERS:
                _static()
            sea = self._sea = {}
            fighters = _FIGHTERS
            for u, x in self.v["units"].items():
                loc = x["loc"]
                if loc[0] == "s" and loc[1] == "e":          # "sea:<area>" (the one location spelt "se...")
                    sd = fighters.get(u)
                    if sd is not None:
                        here = sea.get(loc[4:])
                        if here is None:
                            here = sea[loc[4:]] = {"japan": [], "allies": []}
                        here[sd].append(u)
        return sea

    def strength(self, u: str) -> float:
        return values(self.v, u)[3]

    def reach(self, base: str, side: str, limit: int) -> dict[str, int]:
        """`reach` from this view (kept: see _REACHES); the caller only reads it."""
        key = (base, side, limit)
        got = self._reach.get(key)
        if got is None:
            control = self._control
            if control is None:
                control = self._control = tuple(sorted(self.v["control"].items()))
            full = (base, side, limit, control)
            got = _REACHES.get(full)
            if got is None:
                if len(_REACHES) >= _REACHES_KEPT:
                    _REACHES.clear()
                    _NEAREST.clear()
                got = _REACHES[full] = reach(self.v, base, side, limit)
            self._reach[key] = got
        return got

    def nearest(self, areas: dict[str, int]) -> list[str]:
        """The areas of a `reach` result, nearest first, then by id (sorted once per result: see reach)."""
        got = _NEAREST.get(id(areas))
        if got is None or got[0] is not areas:
            got = _NEAREST[id(areas)] = (areas, sorted(areas, key=lambda a: (areas[a], a)))
        return got[1]

    def enemy_at(self, area: str) -> tuple[float, float]:
        """side_power of the enemy at sea in `area` and the sum of their worth (the same sums, made once per area)."""
        got = self._enemy.get(area)
        if got is None:
            theirs = self.at_sea(area, self.foe)
            v = self.v
            got = self._enemy[area] = (side_power(v, theirs), sum(worth(v, x) for x in theirs))
        return got

    def at_sea(self, area: str, side: str) -> list[str]:
        sea = self._sea
        if sea is None:
            sea = self.sea
        here = sea.get(area)
        return here[side] if here is not None else []

    def in_port(self, u: str) -> str | None:
        loc = self.v["units"][u]["loc"]
        return loc[5:] if loc.startswith("port:") else None

    def strength_at(self, area: str, side: str) -> float:
        x = self._at.get((area, side))
        if x is None:
            v = self.v
            x = self._at[(area, side)] = sum(values(v, u)[3] for u in self.at_sea(area, side))
        return x

    def frozen(self, u: str) -> bool:
        if self.turn != 1:
            return False
        sp = spec(u)
        loc = self.v["units"][u]["loc"]
        if sp.side == "japan":
            return loc != "port:yokosuka"
        return not (sp.type in ("CA", "CL") and loc[5:] in FIRST_TURN_ALLIED_PORTS)

    def threat(self, area: str) -> float:
        """Enemy ships still in port that could reach the area this turn, each spread over where it could go."""
        threat = self._threat
        if threat is None:
            if not _SHIPS:
                _static()
            t: dict[str, float] = {}        # a plain dict summed in the same order as a Counter would
            get = t.get
            foe, moved, v = self.foe, self.moved, self.v
            units = v["units"]
            first = self.turn == 1
            spread: dict[str, tuple] = {}   # port location -> (its reach, the share of a ship's strength per area)
            for u, armor in _SHIPS[foe]:    # the enemy's ships in the view's order (id order)
                x = units.get(u)
                if x is None or u in moved:
                    continue
                loc = x["loc"]
                damage = x["damage"]
                if not loc.startswith("port:") or damage > armor or (first and self.frozen(u)):
                    continue
                got = spread.get(loc)
                if got is None:
                    areas = self.reach(loc[5:], foe, 3)
                    got = spread[loc] = (areas, 2.0 / max(2, len(areas)))
                areas, share = got
                if x["raider"]:
                    share = share * 1.5
                got = _VALUES.get((u, damage))
                add = (got if got is not None else _values(u, damage))[3] * share    # the same product each area
                for a in areas:
                    t[a] = get(a, 0) + add
            threat = self._threat = t
        return threat.get(area, 0.0)

    def gain(self, area: str, add: float, threat_w: float = 1.0) -> float:
        """Value of adding `add` strength to our side in an area: its worth times the rise in our share (what
        does not depend on `add` is worked out once per area and threat weight)."""
        key = (area, threat_w)
        got = self._gain.get(key)
        if got is None:
            m = self.strength_at(area, self.side)
            e = self.strength_at(area, self.foe) + threat_w * self.threat(area)
            got = self._gain[key] = (m, e, area_value(self.side, self.turn, area), m / (m + e) if m + e > 0 else 0.0)
        m, e, worth_, share = got
        x = m + add
        return worth_ * ((x / (x + e) if x + e > 0 else 0.0) - share)

    # -- combat -------------------------------------------------------------------------------------
    def fighting(self, side: str) -> list[str]:
        cb = self.v["combat"] or {}
        area = cb.get("area")
        here = self.at_sea(area, side) if area else []
        cur = cb.get("cur", "")
        groups = cb.get("groups", {})
        pursuers = cb.get("pursuers", {})
        if cur == "":
            grouped = {u for us in groups.values() for u in us}
            return [u for u in here if u not in grouped]
        if cur.startswith("raid:"):
            if any(pursuers.get(u) == cur for u in here):
                return [u for u in here if pursuers.get(u) == cur]
            return [u for u, x in self.v["units"].items() if x["loc"] == "port:" + cur[5:]
                    and spec(u).side == side and spec(u).kind != "sub"]
        return [u for u in here if u in groups.get(cur, ()) or pursuers.get(u) == cur]


# -- deciding ------------------------------------------------------------------------------------------
def best(options, key):
    """The option with the highest key (the first listed among equals)."""
    top, pick = None, None
    for o in options:
        k = key(o)
        if top is None or k > top:
            top, pick = k, o
    return pick


def yard_points(b: Board, u: str, port: str) -> tuple[int, int]:
    """Damage points the yard at `port` could take off ship `u` next turn (11.1-11.24): the port's points for
    that turn less the damage of our ships already waiting there (the points are shared, 11.24); and the
    points it offers in all, waiting ships or not."""
    d = data()
    damage = dmg(b.v, u)
    if not damage or spec(u).kind != "ship" or d.bases[port].repair_side != b.side:
        return 0, 0
    last = d.optional_turn if b.v["options"].get("turn-9") else d.last_turn
    points = d.repair(port, b.turn + 1) if b.turn < last else 0
    here = "port:" + port
    queued = sum(x["damage"] for w, x in b.v["units"].items()
                 if w != u and x["loc"] == here and x["damage"] and spec(w).kind == "ship"
                 and spec(w).side == b.side)
    return min(damage, max(0, points - queued)), min(damage, points)


def port_score(b: Board, u: str, port: str) -> float:
    """Where to go home (10.1): a damaged ship to the yard that repairs the most of its damage next turn
    (Pearl Harbor's 3-15 points or Yokosuka's 6, not Australia's or Ceylon's single point, and never a port
    with no yard such as Truk: 11.2x); else close to next turn's aims."""
    d = data()
    sp = spec(u)
    bs = d.bases[port]
    score = 0.0
    free, offered = yard_points(b, u, port)
    if free or offered:
        score += 4.0 + (3.0 + 0.2 * worth(b.v, u)) * free + 0.5 * offered
    if sp.kind == "ship":
        for a, n in b.reach(port, b.side, 2).items():
            score += aims(b.side, b.turn + 1).get(a, 0) * (1.0 if n == 1 else 0.4)
    if bs.kind == "port":
        score += 1.0
    if b.v["surrounded"].get(port):
        score -= 5.0
    return score


def verb(o) -> str:
    return o.get("verb", "")


def of_verb(opts, *verbs: str) -> list:
    """The options whose verb is one of `verbs` (o.get("verb"), read from the fields directly: a patrol menu has
    dozens of options and is scanned once per verb)."""
    return [o for o in opts if (o.fields.get("verb") if o.fields else None) in verbs]


def pick_id(o) -> str | None:
    return o.id if o is not None else None


def raid_setup(b: Board, opts) -> str:
    for o in of_verb(opts, "add"):
        u = o.get("unit")
        if spec(u).type in PEARL_RAID or u in PEARL_ESCORT:
            return o.id
    return "done"


def signature(b: Board, u: str) -> tuple:
    """Ships alike in port, factors and damage are scored alike: score each kind once."""
    x = b.v["units"][u]
    loc = x["loc"]
    factors = _FACTORS.get(u)
    if factors is None:
        sp = spec(u)
        factors = _FACTORS[u] = (sp.kind, sp.type, sp.nation, sp.gunnery, sp.gunnery_bonus, sp.airstrike,
                                 sp.airstrike_bonus, sp.armor, sp.speed, sp.defense)
    return (loc[5:] if loc.startswith("port:") else None, factors, x["damage"])


_FACTORS: dict[str, tuple] = {}     # unit -> its printed factors (signature: units alike have equal tuples)


def sortie_gains(b: Board, opts, target, least: float) -> list[tuple[float, str]]:
    """(gain, option id) of each "sortie" option whose best area (`target`) gains more than `least`; units alike
    (signature) are scored once."""
    memo: dict[tuple, float] = {}
    scored = []
    for o in of_verb(opts, "sortie"):
        u = o.get("unit")
        k = signature(b, u)
        if k not in memo:
            memo[k] = target(b, u, None)[1]
        scored.append((memo[k], o.id))
    return [(g, o) for g, o in scored if g > least]


def patrol_step(b: Board, opts) -> str:
    """5.21: repairs first (every point), then patrollers to where they add most, then the rest raiders."""
    v = b.v
    repairs = of_verb(opts, "repair")
    if repairs:
        return best(repairs, lambda o: worth(v, o.get("unit"))).id
    scored = sortie_gains(b, opts, patrol_target, 0.12)
    if scored:
        return best(scored, lambda x: x[0])[1]
    raiders = of_verb(opts, "raider")
    if raiders:
        return raiders[0].id
    return "done"


def patrol_target(b: Board, u: str, options: list[str] | None) -> tuple[str | None, float]:
    """The sea area where a patroller (or a land-based air unit) adds the most, and that gain (`options`: the
    sea areas offered, None for all in reach)."""
    base = b.in_port(u)
    if base is None:
        return None, 0.0
    if options is None:
        areas = b.reach(base, b.side, 2)
    else:
        ours = b.reach(base, b.side, 2)
        areas = {a: ours.get(a, 2) for a in options}
    s = b.strength(u)
    careful = b.side == "allies" and b.turn < OFFENSIVE_TURN and spec(u).airstrike > 0 and spec(u).kind == "ship"
    top, pick = 0.0, None
    for a in (b.nearest(areas) if options is None else sorted(areas, key=lambda a: (areas[a], a))):
        if careful and b.strength_at(a, b.foe) + b.threat(a) > b.strength_at(a, b.side) + s:
            continue          # early on an Allied carrier patrols only where it is not outmatched
        n = areas[a]
        p = pass_chance(b.v, u, n, False)
        g = b.gain(a, s) * (p + (1 - p) * 0.3) - 0.05 * n
        if pick is None or g > top:
            top, pick = g, a
    return pick, top


def raid_target(b: Board, u: str, options: list[str] | None) -> tuple[str | None, float]:
    """Raiders go where the enemy is at sea and a fight can be won (the Allies need a clear edge early)."""
    base = b.in_port(u)
    if base is None:
        return None, 0.0
    ours = b.reach(base, b.side, 3 if spec(u).nation in ("japan", "us") else 2)
    areas = ours if options is None else {a: ours.get(a, 3) for a in options}
    s = b.strength(u)
    need = 1.3 if b.side == "allies" and b.turn < OFFENSIVE_TURN else 1.0
    top, pick = 0.0, None
    for a in (b.nearest(areas) if options is None else sorted(areas, key=lambda a: (areas[a], a))):
        mine = b.at_sea(a, b.side)
        theirs = b.at_sea(a, b.foe)
        if not theirs and not mine:
            continue
        g = b.gain(a, s, threat_w=0.6 if b.side == "japan" else 0.0)
        if theirs:
            power, worths = b.enemy_at(a)
            ratio = (side_power(b.v, mine + [u]) + 0.1) / (power + 0.1)
            if ratio < need and not mine:
                continue
            g += 0.2 * worths * min(1.0, s / (b.strength_at(a, b.foe) + 1))
        g *= pass_chance(b.v, u, areas[a], True)
        if pick is None or g > top:
            top, pick = g, a
    return pick, top


def raid_step(b: Board, opts) -> str:
    scored = sortie_gains(b, opts, raid_target, 0.3)
    return best(scored, lambda x: x[0])[1] if scored else "done"


def amph_target(b: Board, u: str, options: list[str] | None) -> tuple[str | None, float]:
    """13: an amphibious unit heads for an area touching a lightly held enemy base under friendly cover."""
    d = data()
    base = b.in_port(u)
    if base is None:
        return None, 0.0
    ours = b.reach(base, b.side, 2)
    areas = ours if options is None else {a: ours.get(a, 2) for a in options}
    top, pick = 0.0, None
    for a in (b.nearest(areas) if options is None else sorted(areas, key=lambda a: (areas[a], a))):
        mine, theirs = b.strength_at(a, b.side), b.strength_at(a, b.foe)
        if mine <= 0 or mine < 1.5 * theirs:
            continue
        for t in d.touching(a):
            if b.v["base_control"].get(t) != b.foe or d.bases[t].kind == "port":
                continue
            if defenders(b, t):
                continue
            g = sum(area_value(b.side, b.turn, x) for x in d.bases[t].touches) + 1
            if g > top:
                top, pick = g, a
    return pick, top


def defenders(b: Board, base: str) -> list[str]:
    return [u for u, x in b.v["units"].items() if x["loc"] == "port:" + base and spec(u).kind == "amph"
            and spec(u).side != b.side]


def amph_step(b: Board, opts) -> str:
    scored = [(amph_target(b, o.get("unit"), None)[1], o.id) for o in of_verb(opts, "sortie")]
    scored = [(g, o) for g, o in scored if g > 0]
    return best(scored, lambda x: x[0])[1] if scored else "done"


def destination(b: Board, opts) -> str | None:
    moves = of_verb(opts, "move")
    if not moves:
        return None
    u = moves[0].get("unit")
    areas = [o.get("area") for o in moves]
    if spec(u).kind == "amph":
        a, _ = amph_target(b, u, areas)
    elif moves[0].get("raid"):
        a, _ = raid_target(b, u, areas)
        if a is None:
            a, _ = patrol_target(b, u, areas)
    else:
        a, _ = patrol_target(b, u, areas)
    return next(o.id for o in moves if o.get("area") == a) if a else moves[0].id


def air_step(b: Board, opts) -> str:
    """12.1: each air unit over the area where it adds most (Japan: Indonesia early)."""
    top, pick = 0.15, "pass"
    for o in of_verb(opts, "place"):
        u, a = o.get("unit"), o.get("area")
        g = b.gain(a, strength(b.v, u))
        if b.side == "japan" and a == "indonesia" and b.turn <= 3:
            g += 1.0
        if g > top:
            top, pick = g, o.id
    return pick


def sub_step(b: Board, opts) -> str:
    top, pick = 0.0, "keep"
    for o in of_verb(opts, "place"):
        a = o.get("area")
        g = sum(worth(b.v, x) for x in b.at_sea(a, b.foe) if spec(x).kind == "ship")
        if g > top:
            top, pick = g, o.id
    return pick


def to_port(b: Board, opts, verb_: str) -> str | None:
    """10.1 (verb "move"), 4.4 (verb "place"): the best port for the unit the options name."""
    moves = of_verb(opts, verb_)
    return best(moves, lambda o: port_score(b, o.get("unit"), o.get("port"))).id if moves else None


def invade_choice(b: Board, opts) -> str | None:
    """13.3: invade an undefended enemy base (the most valuable); else land at a friendly base; else stay."""
    d = data()
    inv = [o for o in of_verb(opts, "invade") if not defenders(b, o.get("base"))]
    if inv:
        return best(inv, lambda o: sum(area_value(b.side, b.turn, x) for x in d.bases[o.get("base")].touches)).id
    lands = of_verb(opts, "land")
    if lands:
        return best(lands, lambda o: -len(d.bases[o.get("base")].touches) if d.bases[o.get("base")].kind
                    == "port" else len(d.bases[o.get("base")].touches)).id
    return next((o.id for o in opts if verb(o) == "stay"), None)


# -- combat --------------------------------------------------------------------------------------------
def night_fire_at(v, attackers, targets) -> float:
    """Night fire of `attackers` that has something to hit: land-based air cannot be attacked at night (7.422),
    so guns against air units alone fire at nothing."""
    if not any(spec(u).kind != "lba" for u in targets):
        return 0.0
    return sum(night_fire(v, u) for u in attackers)


def action_scores(b: Board) -> tuple[float, float]:
    v = b.v
    mine, theirs = b.fighting(b.side), b.fighting(b.foe)
    mt = sum(toughness(v, u) for u in mine) or 1.0
    et = sum(toughness(v, u) for u in theirs) or 1.0
    day = sum(day_fire(v, u) for u in mine) / et - sum(day_fire(v, u) for u in theirs) / mt
    night = night_fire_at(v, mine, theirs) / et - night_fire_at(v, theirs, mine) / mt
    return day, night


def day_or_night(b: Board) -> str:
    """7.3: the action that favours us; on a tie the one where shots are fired (no endless empty rounds)."""
    day, night = action_scores(b)
    if day == night:
        units = b.fighting(b.side) + b.fighting(b.foe)
        return "day" if sum(day_fire(b.v, u) for u in units) >= sum(night_fire(b.v, u) for u in units) else "night"
    return "day" if day > night else "night"


def retreat(b: Board) -> str:
    """8.1: retreat when clearly outmatched (staying keeps the area, so a close fight is fought out)."""
    v = b.v
    mine, theirs = b.fighting(b.side), b.fighting(b.foe)
    if not any(spec(u).kind in ("ship", "lba") for u in mine):
        return "retreat"
    if (v["combat"] or {}).get("round", 1) > STALEMATE:
        return "retreat"      # a fight nobody can finish: break it off
    if side_power(v, mine) < 0.45 * side_power(v, theirs) and max(action_scores(b)) < 0:
        return "retreat"
    return "stay"


def target(b: Board, opts) -> str | None:
    """7.43: concentrate on the most valuable target until it is expected to sink, damaged ships first;
    a Japanese carrier holds its guns at night when enemy guns could answer."""
    v = b.v
    cb = v["combat"] or {}
    night = bool(cb.get("actions")) and cb["actions"][cb.get("act", 0)] == "night" \
        and not cb.get("cur", "").startswith("raid:")
    assigned = cb.get("assign", {})
    opts = of_verb(opts, "target", "hold")
    if not opts:
        return None
    u = opts[0].get("unit")
    hold = next((o for o in opts if verb(o) == "hold"), None)
    if night and hold is not None:
        if sum(night_fire(v, x) for x in b.fighting(b.foe)) > 0:
            return hold.id
    sp = spec(u)
    factor = sp.gunnery if night else sp.airstrike
    bonus = sp.gunnery_bonus if night else sp.airstrike_bonus

    def expected(att: str, t: str) -> float:
        s = spec(att)
        f = s.gunnery if night else s.airstrike
        bon = (s.gunnery_bonus if night else s.airstrike_bonus) and spec(t).kind != "lba" and not dmg(v, att)
        return f * HIT * (2 if bon else 1)

    def score(o) -> float:
        if verb(o) == "hold":
            return -1.0
        t = o.get("target")
        ts = spec(t)
        need = (ts.defense if ts.kind == "lba" else ts.armor + 1) - dmg(v, t) + cb.get("dmg", {}).get(t, 0) * 0
        need = max(0.5, need)
        have = sum(expected(a, x) for a, x in assigned.items() if x == t)
        mine = factor * HIT * (2 if bonus and ts.kind != "lba" else 1)
        w = worth(v, t)
        if ts.kind == "ship" and not night and ts.airstrike > 0:
            w *= 1.3          # day: carriers first
        return w * (min(1.0, (have + mine) / need) - min(1.0, have / need)) + 0.01 * dmg(v, t)
    return best(opts, score).id


def group_power(b: Board, units) -> float:
    return side_power(b.v, units)


def group_speed(v, units) -> int:
    """8.23: a group flees at the speed of its slowest member."""
    return min(speed(v, u) for u in units)


def chase_force(b: Board, p: str, g_id: str, grp: list[str]) -> list[str]:
    """The ships that can pursue group `g_id` together with `p` (8.32, 8.33): those already after it, and
    those still to be asked (the view lists them) that are fast enough for it."""
    cb = b.v["combat"] or {}
    pursuers = cb.get("pursuers", {})
    pace = group_speed(b.v, grp)
    force = [x for x, gg in pursuers.items() if gg == g_id and x != p]
    force += [x for x in cb.get("ask", ()) if x != p and x not in force and x not in cb.get("stopped", ())
              and pursuers.get(x) is None and spec(x).kind == "ship" and speed(b.v, x) >= pace]
    return force + [p]


def can_fight(v, u: str) -> bool:
    return day_fire(v, u) > 0 or night_fire(v, u) > 0


def pursue(b: Board, opts) -> str | None:
    """8.3-8.53, 9.1: a ship joins the pursuit of a fleeing group that the ships able to chase it together
    outmatch (each is asked alone, so judging it alone, as before, let a fleeing group escape five cruisers
    that could each only match it); the richest such group, or an air raid on a port full of ships (ships in
    port do not fire back, 9.12). A pursuer keeps on while the chase is still won (8.53: it may stop after any
    round), and a ship with nothing left to fire with stays out."""
    v = b.v
    cb = v["combat"] or {}
    groups = cb.get("groups", {})
    pursuers = cb.get("pursuers", {})
    keep_on = any(verb(o) == "stop" for o in opts)       # 8.53: already pursuing, asked whether to go on
    best_o, top = None, 0.0
    for o in opts:
        kind, p = verb(o), o.get("unit")
        if kind == "raid":
            targets = [u for u, x in v["units"].items() if x["loc"] == "port:" + o.get("base")
                       and spec(u).side == b.foe and spec(u).kind != "sub"]
            g = sum(worth(v, t) for t in targets) * 0.5
        elif kind == "pursue":
            if not can_fight(v, p):
                continue
            g_id = o.get("group")
            grp = list(groups.get(g_id, ()))
            if not grp:
                continue
            if keep_on:
                mine = [x for x, gg in pursuers.items() if gg == g_id and x != p] + [p]
            else:
                mine = chase_force(b, p, g_id, grp)
            ratio = group_power(b, mine) / max(0.1, group_power(b, grp))
            if ratio < (0.8 if keep_on else 1.0):
                continue
            g = sum(worth(v, t) for t in grp) * 0.4 * min(1.0, ratio / 2)
        else:
            continue
        if g > top:
            best_o, top = o, g
    if best_o and cb.get("bround", 0) <= STALEMATE:
        return best_o.id
    return next((o.id for o in opts if verb(o) in ("stay", "stop")), None)


def split(opts) -> str:
    done = of_verb(opts, "done")
    return done[0].id if done else opts[-1].id


def announce(b: Board, opts) -> str | None:
    """7.424: an Allied carrier fires its guns at night only when no Japanese guns could answer."""
    fire = next((o.id for o in opts if verb(o) == "fire"), None)
    hold = next((o.id for o in opts if verb(o) == "hold"), None)
    if sum(night_fire(b.v, x) for x in b.fighting(b.foe)) > 0:
        return hold
    return fire


def first_turn(b: Board, kind: str, opts) -> str | None:
    """18.31-18.35: the Pearl Harbor Raid stays only with a crushing edge; the Allied survivors sortie only
    into an empty Hawaiian Islands; the Allies leave a fight they would lose."""
    verbs = {verb(o) for o in opts}
    v = b.v
    area = v["combat"]["area"]
    pearl = [u for u, x in v["units"].items() if x["loc"] == "port:pearl-harbor" and spec(u).kind == "ship"
             and dmg(v, u) <= spec(u).armor]
    if kind == "pearl-harbor-withdraw" and verbs == {"withdraw", "stay"}:
        mine = b.at_sea(area, b.side)
        theirs = b.at_sea(area, b.foe) + pearl
        return "stay" if side_power(v, mine) >= 3 * side_power(v, theirs) else "withdraw"
    if kind == "pearl-harbor-sortie":
        theirs = b.at_sea(area, b.foe)
        mine = b.at_sea(area, b.side) + pearl
        if not theirs or side_power(v, mine) >= 1.5 * side_power(v, theirs):
            everyone = of_verb(opts, "all")
            if everyone:
                return everyone[0].id
            return next((o.id for o in opts if verb(o) == "sortie"), "done")
        return "done"
    if kind == "pearl-harbor-retreat" and verbs == {"stay", "retreat"}:
        return retreat(b)
    return None


def fight_order(b: Board, opts) -> str | None:
    return pick_id(best(opts, lambda o: area_value(b.side, b.turn, o.get("area")) if verb(o) == "fight" else -1))


def substitute(b: Board, opts) -> str | None:
    return pick_id(best(opts, lambda o: -worth(b.v, o.get("unit"))))




class HeuristicAgent(Agent):
    """Plays the strategy in the module docstring from its side's view; counts decisions it had to guess."""

    name = "heuristic"

    def __init__(self, side: str, seed: int | None = None):
        super().__init__(side, seed)
        self.fallbacks: Counter = Counter()
        self.decisions = 0

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        self.decisions += 1
        ids = [o.id for o in decision.options]
        try:
            oid = self.decide(view, decision)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            oid = None
        if oid is None or oid not in ids:
            self.fallbacks[self.step_of(view)] += 1
            oid = self.rng.choice(ids)          # a safety net: an unknown decision gets a legal answer
        return oid

    @staticmethod
    def step_of(view: dict[str, Any]) -> str:
        step = view["control_state"]["step"].partition(":")[0]
        if step == "cbt" and view.get("combat"):
            step = "cbt/" + view["combat"]["stage"].partition(":")[0]
        return step

    def decide(self, view: dict[str, Any], decision: Decision) -> str | None:
        """The heuristic's own answer (None if it does not recognise the decision): the rule for the decision's
        kind (flow.KINDS), reading the options' fields."""
        rule = BY_KIND.get(decision.kind)
        return rule(Board(view, decision.side), decision.options) if rule else None


def stay_or_retreat(b: Board, opts) -> str | None:
    """8.1 (a partial retreat, 20.8, is not weighed: the fallback answers it)."""
    return retreat(b) if {verb(o) for o in opts} == {"stay", "retreat"} else None


def sub_attack(b: Board, opts, otherwise: str | None = None) -> str | None:
    """16.1, 5.6: a submarine attacks the most valuable ship it can reach (else waits or goes home)."""
    subs = of_verb(opts, "attack")
    if subs:
        return best(subs, lambda o: worth(b.v, o.get("target"))).id
    return otherwise if otherwise is not None else opts[-1].id


BY_KIND = {
    "pearl-harbor-raid": raid_setup,
    "move-patrollers": patrol_step,
    "move-amphibious": amph_step,
    "move-raiders": raid_step,
    "destination": destination,
    "place-air": air_step,
    "place-submarine": sub_step,
    "return-to-port": lambda b, opts: to_port(b, opts, "move"),
    "return-to-play": lambda b, opts: to_port(b, opts, "place"),
    "substitute": substitute,
    "order-combats": fight_order,
    "end-of-turn-invasion": invade_choice,
    "submarine-last-attack": lambda b, opts: sub_attack(b, opts, "home"),
    "pearl-harbor-withdraw": lambda b, opts: first_turn(b, "pearl-harbor-withdraw", opts),
    "pearl-harbor-sortie": lambda b, opts: first_turn(b, "pearl-harbor-sortie", opts),
    "pearl-harbor-retreat": lambda b, opts: first_turn(b, "pearl-harbor-retreat", opts),
    "day-or-night": lambda b, opts: day_or_night(b),
    "announce-night-fire": announce,
    "choose-target": target,
    "submarine-attack": sub_attack,
    "retreat": stay_or_retreat,
    "split-group": lambda b, opts: split(opts),
    "pursuit": pursue,
    "continue-pursuit": pursue,
    "air-raid": pursue,
    "land-or-invade": invade_choice,
}
"""The rule for each kind of decision (flow.KINDS), as rule(board, options). Kinds not named here (kamikaze, the
task force steps, airstrike stances, anti-aircraft fire, island targets) get the seeded fallback."""


register_agent("victory-in-the-pacific", "heuristic", HeuristicAgent)
