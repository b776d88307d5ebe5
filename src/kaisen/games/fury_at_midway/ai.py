"""A heuristic Fury at Midway agent: search before striking, keep CAP, full escorted strikes, concentrate hits.

It decides from its side's view, the decision's kind and its options' structured fields alone (never the
state, a prompt or a label: contract v2), plus the public rules data (map, aircraft values). Every decision
is a few dictionary look-ups and hex distances: no search, no simulation. Ties are broken by the agent's
seeded generator, so it is deterministic given its seed.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Callable

from kaisen.agents.base import Agent, register_agent
from kaisen.engine.core import Decision, Option

MIDWAY = "midway"
CAP_KEEP = 2                 # fighters kept flying CAP over each carrier group (13.0's set-up flies two)
US_START = "G-3"             # 3.2(1): far enough from the 1AF's entry that Japan's first search is poor
JAPAN_OPENING = "C-3"        # where the 1AF heads while the CSF has not been seen
STRIKE_REACH = 5             # 8.4(1), 8.5(1): two hexes on launch, then a printed allowance of up to 3
MIDWAY_FAR = 6               # the CSF this far from the 1AF cannot punish a Midway strike
LATE_US_MAX = 2              # from turn 5, soften the garrison for the landing when the US is down to this
MAIN_FLEETS = ("1af", "mif", "csf")   # a DMCV is planned as "dmcv"
CARD_KINDS = frozenset({"play-card", "cancel-card", "towed-carrier", "damage-control", "air-replacement",
                        "submarine-target", "ditch-unit", "separate-escort", "critical-hit"})


def best(items, key: Callable, rng: random.Random):
    """The item with the highest key; a tie is broken by the agent's seeded generator."""
    items = list(items)
    scored = [(key(i), i) for i in items]
    top = max(k for k, _ in scored)
    tied = [i for k, i in scored if k == top]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


# -- public rules data (the map and the counters), never state ---------------------------------------
@lru_cache(maxsize=1)
def _data():
    from kaisen.games.fury_at_midway import GAME
    return GAME.data


def dist(a: str, b: str) -> int:
    return _data().hex_distance(a, b)


def on_map(h: Any) -> bool:
    return isinstance(h, str) and _data().on_map(h)


def spec(q: str):
    d = _data()
    return d.aircraft[d.squadrons[q].type]


def parent(q: str) -> str:
    return _data().squadrons[q].parent


def is_fighter(q: str) -> bool:
    return spec(q).role == "fighter"


def group_of_carrier(k: str) -> str:
    return MIDWAY if k == MIDWAY else _data().carriers[k].group


def fleet_groups(fleet: str) -> tuple[str, ...]:
    return _data().fleet_groups(fleet)


def group_ma(units) -> int:
    """8.5(2): a strike group flies at its slowest unit's printed allowance."""
    return min(spec(q).ma for q in units)


def day1_ahead(turn: int) -> bool:
    """4.1: the Day 1 check (after turn 3) is still to come; it counts only carriers afloat on the map."""
    return turn <= _data().victory.day1_turn


def hit_value(q: str, steps: int) -> float:
    """Expected hits of an attack unit on a carrier (rolls at or below strength, one die a step)."""
    sp = spec(q)
    if sp.role != "attack" or sp.hit_rule != "at-or-below":
        return 0.0
    return steps * min(6, sp.strength + (1 if sp.bomb_icon else 0)) / 6


# -- what a side knows, digested from its view --------------------------------------------------------
class Board:
    """One side's view read into fleets, carriers and its own carrier display."""

    def __init__(self, view: dict[str, Any], side: str):
        self.view = view
        self.side = side
        self.foe = "usa" if side == "japan" else "japan"
        self.turn: int = view["turn"]
        self.night: bool = view["night"]
        self.fleets: dict[str, str] = view["fleets"]
        self.carriers: dict[str, dict] = view["carriers"]
        disp = view["displays"][side] or {"boxes": {}, "strike_groups": {}, "forming": []}
        self.boxes: dict[str, list] = disp["boxes"]
        self.groups: dict[str, dict] = disp["strike_groups"]
        self.forming: list[str] = list(disp.get("forming") or [])
        self.where: dict[str, tuple[str, int]] = {q: (box, n) for box, units in self.boxes.items() for q, n in units}
        self.aop_left: int = (view.get("aop") or {}).get(side, 0)

    # fleets
    def hex_of(self, fleet: str) -> str | None:
        h = self.fleets.get(fleet)
        return h if on_map(h) else None

    @property
    def main_fleet(self) -> str:
        return "1af" if self.side == "japan" else "csf"

    def enemy_targets(self) -> list[str]:
        """Hexes of enemy fleets on the map, carrier fleets first."""
        fl = ("csf", "us-dmcv") if self.side == "japan" else ("1af", "mif", "ijn-dmcv")
        return [h for h in (self.hex_of(f) for f in fl) if h]

    # carriers
    def afloat(self, side: str) -> list[str]:
        return [k for k, c in self.carriers.items() if c["side"] == side and k != MIDWAY
                and not c["sunk"] and not c["towed"]]

    def hits(self, k: str) -> int:
        return len(self.carriers[k]["damaged"])

    def losing_badly(self) -> bool:
        mine, theirs = len(self.afloat(self.side)), len(self.afloat(self.foe))
        return self.turn >= 5 and mine >= 1 and theirs >= 2 * mine + 1

    # own display
    def units_in(self, prefix: str) -> list[tuple[str, int]]:
        return [(q, n) for box, units in self.boxes.items() if box.startswith(prefix) for q, n in units]

    def cap_count(self, group: str) -> int:
        return sum(1 for _ in self.units_in(f"cap:{group}"))

    def carrier_load(self, k: str) -> int:
        return len(self.units_in(f"hangar:{k}")) + len(self.units_in(f"deck:{k}:"))

    def my_groups(self) -> list[str]:
        out = [g for g in fleet_groups(self.main_fleet)
               if any(not self.carriers[k]["sunk"] for k in _data().group_carriers(g))]
        if self.side == "usa" and self.carriers.get(MIDWAY) and len(self.carriers[MIDWAY]["damaged"]) < 3:
            out.append(MIDWAY)
        return out

    def launch_hex(self, q: str) -> str | None:
        """The hex a unit on deck would launch from: its carrier's fleet, or Midway."""
        box = self.where.get(q, ("", 0))[0]
        k = box.split(":")[1] if box.startswith("deck:") else parent(q)
        if k == MIDWAY:
            return self.view["midway_hex"]
        g = group_of_carrier(k)
        for fleet in ("1af", "csf", "ijn-dmcv", "us-dmcv"):
            if g in fleet_groups(fleet) if fleet in ("1af", "csf") else False:
                return self.hex_of(fleet)
        return None


# -- reading a decision's options (contract v2: fields, never labels) -----------------------------------
def verb(o: Option) -> str:
    return o.fields["verb"]


def with_verb(decision: Decision, *verbs: str) -> list[Option]:
    return [o for o in decision.options if o.fields["verb"] in verbs]


def oid(o: Option | None) -> str | None:
    return None if o is None else o.id


# -- movement: the 1AF, the MIF, the CSF and the DMCVs ---------------------------------------------------
def fleet_of(decision: Decision) -> str:
    """The fleet a movement decision is about: the 1AF, the MIF, the CSF, or "dmcv"."""
    f = decision.options[0].fields["fleet"]
    return f if f in MAIN_FLEETS else "dmcv"


def japan_goal(b: Board, fleet: str) -> tuple[str, int]:
    """(target hex, wanted distance) for a Japanese fleet."""
    midway = b.view["midway_hex"]
    csf = b.hex_of("csf")
    if fleet == "mif":
        return midway, 1             # 11.0: adjacent to Midway by the end of turn 7
    if fleet == "dmcv":
        return "A-" + (b.hex_of("ijn-dmcv") or "A-3").split("-")[1], 0    # west, away from the US carriers
    if b.view["declared"]:
        return midway, 2             # 6.4(2)-(3): within 5 of Midway; within 2 it costs one AOP, not two
    if csf:
        if b.night:
            return csf, 0            # 10.1(2): a night sea battle favours Japan (die - 2 against die - 4)
        return csf, 2                # close in: a strike on launch and a better search
    if not b.afloat("usa"):
        return midway, 2
    return JAPAN_OPENING, 0


def dmcv_may_exit(b: Board) -> bool:
    """A DMCV leaves the map only once Day 1 is checked: off the map its carrier no longer counts as afloat for
    4.1's ratio (a loss as sure as a sinking), while after turn 3 leaving costs nothing (4.2: no VP for a DMCV
    that leaves) and takes the crippled carrier, sunk by any further hit (9.4(2)), out of reach."""
    return not day1_ahead(b.turn)


def threat_distance(b: Board, h: str) -> int:
    """How far `h` is from the nearest US fleet, capped at a strike's reach over two operations (8.4(1), 8.5)."""
    ds = [dist(h, f) for f in (b.hex_of("csf"), b.hex_of("us-dmcv")) if f]
    return min(ds + [STRIKE_REACH + 1])


def jmove(b: Board, decision: Decision, rng: random.Random) -> str:
    fleet = fleet_of(decision)
    fid = {"dmcv": "ijn-dmcv"}.get(fleet, fleet)
    here = b.hex_of(fid)
    exits = with_verb(decision, "exit")
    if exits and ((fleet == "dmcv" and dmcv_may_exit(b)) or (fleet == "1af" and b.losing_badly())):
        return exits[0].id
    target, want = japan_goal(b, fleet)
    must_midway = fleet == "1af" and b.view["declared"]
    midway = b.view["midway_hex"]
    others = {b.hex_of(f) for f in ("1af", "mif", "ijn-dmcv") if f != fid} - {None}

    def score(o: Option) -> tuple:
        stop = verb(o) == "stop"
        h = here if stop else o.fields["hex"]
        if not on_map(h):
            return (-99, 0)
        bad = must_midway and dist(h, midway) > 5
        crowded = h in others and not stop          # 6.1(2): never two fleets in one hex
        safe = threat_distance(b, h) if fleet == "dmcv" else 0
        return (-bad, -crowded, safe, -abs(dist(h, target) - want), stop)
    return best(with_verb(decision, "stop", "move", "enter"), score, rng).id


def us_goal(b: Board) -> tuple[str | None, int]:
    """(hex, wanted distance) for the CSF: five hexes from the 1AF by day (it searches 7 to the 1AF's 6, 7.1),
    six at night. With the 1AF gone no Japanese aircraft can strike back, so the CSF closes to three hexes of
    the Invasion Force (Midway's 2 VP, 4.2(2), 11.0), else of the Japanese DMCV (1 VP if sunk, 4.2(1)),
    where every strike reaches it and the search gives the most AOP (7.2); at night five, out of reach of a
    sea battle (10.1(2): Japan deals die - 2 hits, even from the Invasion Force)."""
    jp = b.hex_of("1af")
    if jp is not None:
        return jp, (6 if b.night else 5)
    if b.turn <= 1:
        return "B-2", 5
    return b.hex_of("mif") or b.hex_of("ijn-dmcv"), (5 if b.night else 3)


def plot(b: Board, decision: Decision, rng: random.Random) -> str:
    fleet = fleet_of(decision)
    fid = "csf" if fleet == "csf" else "us-dmcv"
    path = (b.view.get("plot") or {}).get(fid) or []
    here = path[-1] if path else b.hex_of(fid)
    offs = with_verb(decision, "exit")
    if offs and ((fleet != "csf" and dmcv_may_exit(b)) or (fleet == "csf" and b.losing_badly())):
        return offs[0].id
    jp, want = us_goal(b)
    if fleet != "csf":
        want = 9
    ends = with_verb(decision, "end")
    if jp is None or not on_map(here):
        return ends[0].id if ends else decision.options[0].id
    mif = b.hex_of("mif")
    midway = b.view["midway_hex"]
    csf_path = (b.view.get("plot") or {}).get("csf") or []
    csf_end = csf_path[-1] if csf_path else b.hex_of("csf")

    def score(o: Option) -> tuple:
        end = verb(o) == "end"
        h = here if end else o.fields["hex"]
        if not on_map(h):
            return (-99,)
        crowded = fleet != "csf" and h == csf_end and not end     # 6.1(2): never two fleets in one hex
        d = dist(h, jp)
        s = -abs(d - want) if fleet == "csf" else d
        near_midway = -dist(h, midway) * 0.1       # keep Midway within reach of a diversion
        near_mif = -0.2 * dist(h, mif) if mif and b.turn >= 5 else 0
        return (-crowded, s + near_midway + near_mif, end)
    return best(with_verb(decision, "end", "move"), score, rng).id


def csf_setup(b: Board, decision: Decision, rng: random.Random) -> str:
    for o in decision.options:
        if o.fields["hex"] == US_START:
            return o.id
    return best(decision.options, lambda o: -abs(dist(o.fields["hex"], "B-2") - 5), rng).id


def fall_back(b: Board, decision: Decision, rng: random.Random) -> str:
    jp = b.hex_of("1af")
    return best(decision.options, lambda o: dist(o.fields["hex"], jp) if jp else 0, rng).id


# -- the Midway attack declaration (6.4(1)) ---------------------------------------------------------------
def declare(b: Board) -> str:
    """Search before striking: no Midway attack while the US carriers are unseen or close; attack when the
    carriers are dealt with, far away, or to soften the garrison for the landing."""
    if b.turn <= 1 or b.view["garrison"] <= 2 or b.view["midway_control"] != "usa":
        return "no-attack"
    us = b.afloat("usa")
    csf = b.hex_of("csf")
    jp = b.hex_of("1af")
    if jp is None:
        return "no-attack"
    if not us or b.fleets.get("csf") in ("off", "exited") or (csf is None and b.turn >= 5):
        return "attack-midway"
    if csf and dist(csf, jp) >= MIDWAY_FAR and dist(jp, b.view["midway_hex"]) <= 7:
        return "attack-midway"
    if b.turn >= 5 and len(us) <= LATE_US_MAX and len(b.afloat("japan")) >= 2 and b.hex_of("mif"):
        return "attack-midway"
    return "no-attack"


# -- air operations (8.2-8.5) ---------------------------------------------------------------------------
def strike_reach(b: Board, launch_hex: str, ma: int, midway_op: bool) -> list[str]:
    """Enemy hexes a strike launched now can reach: two hexes on launch plus its next operation's move."""
    if midway_op:
        return [b.view["midway_hex"]]
    reach = 2 + (ma if b.aop_left > 0 else 0)
    return [h for h in b.enemy_targets() if dist(launch_hex, h) <= reach]


def unit(o: Option) -> str:
    return o.fields["unit"]


def air_op(b: Board, decision: Decision, rng: random.Random) -> str:
    opts = decision.options
    midway_op = (b.view.get("air_op") or {}).get("kind") == "midway"
    # strike groups already flying must move or go home (8.5(3))
    moves = with_verb(decision, "move")
    if moves:
        return best(moves, lambda o: target_value(b, o.fields["hex"]), rng).id
    rets = with_verb(decision, "return")
    if rets:
        return rets[0].id
    for o in opts:
        if verb(o) == "combine":
            return o.id
    if b.forming:
        return forming(b, decision, midway_op, rng)
    start = start_strike(b, decision, midway_op, rng)
    if start:
        return start
    # CAP first (a fighter on deck to CAP while a group is short), then fill the decks from the hangars
    for g in b.my_groups():
        if b.cap_count(g) < CAP_KEEP:
            caps = [o for o in opts if verb(o) == "cap" and cap_group(b, unit(o)) == g]
            if caps:
                return best(caps, lambda o: b.where[unit(o)][1], rng).id
    decks = with_verb(decision, "deck")
    if decks:
        # attack aircraft first; fighters to deck only when a group's CAP is short (they then go up)
        att = [o for o in decks if not is_fighter(unit(o))]
        if att:
            return best(att, lambda o: (hit_value(unit(o), b.where[unit(o)][1]), o.id), rng).id
        short = [o for o in decks if b.cap_count(cap_group(b, unit(o)) or "") < CAP_KEEP + 1]
        if short:
            return best(short, lambda o: b.where[unit(o)][1], rng).id
    # spare fighters on deck beyond the escort need go up too
    caps = with_verb(decision, "cap")
    if caps and not b.enemy_targets():
        return caps[0].id
    ends = with_verb(decision, "end")
    if ends:
        return ends[0].id
    return opts[0].id


def cap_group(b: Board, q: str) -> str | None:
    box = b.where.get(q, ("", 0))[0]
    parts = box.split(":")
    if parts[0] in ("deck", "hangar") and len(parts) > 1:
        return group_of_carrier(parts[1])
    return None


def target_value(b: Board, h: str) -> float:
    """Carrier fleets before the invasion force; Midway for a Midway strike."""
    if h == b.view["midway_hex"]:
        return 1.0
    fl = {v: k for k, v in b.fleets.items() if on_map(v)}.get(h)
    return {"csf": 3, "1af": 3, "us-dmcv": 2, "ijn-dmcv": 2, "mif": 1.5}.get(fl or "", 0)


def start_strike(b: Board, decision: Decision, midway_op: bool, rng: random.Random) -> str | None:
    """Launch the best attack aircraft on deck when a known target is within reach."""
    adds = [o for o in with_verb(decision, "add") if not is_fighter(unit(o))]
    if not adds:
        return None
    if midway_op:
        return best(adds, lambda o: hit_value(unit(o), b.where[unit(o)][1]), rng).id

    def reachable(o: Option) -> bool:
        q = unit(o)
        lh = b.launch_hex(q)
        if lh is None:
            return False
        ma = spec(q).ma
        targets = strike_reach(b, lh, ma, False)
        return bool(targets)
    ok = [o for o in adds if reachable(o)]
    if not ok:
        return None
    return best(ok, lambda o: hit_value(unit(o), b.where[unit(o)][1]), rng).id


def forming(b: Board, decision: Decision, midway_op: bool, rng: random.Random) -> str:
    """Fill the strike group: attack aircraft up to the group limit less room for escorts (two for Japan,
    one for a US carrier's pair), the escorts from fighters on deck (never from the CAP box), then
    launch straight at the target when it is within two hexes, else as close to it as possible. A unit
    joins only if the group, flying at its slowest unit's allowance (8.5(2)), still reaches a known target:
    a slow Midway TBF or SBD-2 would otherwise hold a B-26's strike short of the carriers (8.5(3))."""
    lh = b.launch_hex(b.forming[0]) or b.view["midway_hex"]

    def keeps_reach(o: Option) -> bool:
        return midway_op or bool(strike_reach(b, lh, group_ma(b.forming + [unit(o)]), False))
    adds = [o for o in with_verb(decision, "add") if keeps_reach(o)]
    att = [o for o in adds if not is_fighter(unit(o))]
    fa = [o for o in adds if is_fighter(unit(o))]
    from_midway = any(parent(q) == MIDWAY for q in b.forming)
    side_max = 8 if b.side == "japan" else (3 if from_midway else 2)
    n = len(b.forming)
    escorts_in = sum(1 for q in b.forming if is_fighter(q))
    escort_want = min(escorts_in + len(fa), 2 if b.side == "japan" else 1)
    if att and side_max - n - max(0, escort_want - escorts_in) > 0:
        return best(att, lambda o: hit_value(unit(o), b.where[unit(o)][1]), rng).id
    if fa and escorts_in < escort_want and n < side_max:
        return best(fa, lambda o: b.where[unit(o)][1], rng).id
    gos = with_verb(decision, "launch")
    if not gos:
        return decision.options[0].id
    targets = ([b.view["midway_hex"]] if midway_op
               else strike_reach(b, lh, group_ma(b.forming), False) or b.enemy_targets())
    if not targets:
        return best(gos, lambda o: -dist(o.fields["hex"], lh), rng).id
    tgt = max(targets, key=lambda h: (target_value(b, h), -dist(lh, h)))
    return best(gos, lambda o: (-dist(o.fields["hex"], tgt), -dist(o.fields["hex"], lh)), rng).id


# -- landing (8.3(1), 10.2) --------------------------------------------------------------------------
def land(b: Board, decision: Decision, rng: random.Random) -> str:
    q = unit(decision.options[0])

    def score(o: Option) -> tuple:
        k = o.fields["carrier"]
        cap = _data().carriers[k].capacity
        room = cap - b.carrier_load(k)
        return (k != MIDWAY, room > 0, q is not None and parent(q) == k, room, parent_room_first(b, k))
    return best(decision.options, score, rng).id


def unit_worth(b: Board, q: str) -> tuple:
    """What a unit is worth keeping: full strength first, then its bombs (fighters count as one hit)."""
    steps = b.where.get(q, ("", spec(q).steps))[1]
    return (steps, hit_value(q, steps) if not is_fighter(q) else steps * 0.5)


def parent_first(b: Board, decision: Decision, rng: random.Random) -> str:
    """8.3(1): the parent's last room goes to its most valuable returning aircraft."""
    return best(decision.options, lambda o: unit_worth(b, unit(o)), rng).id


def give_up(b: Board, decision: Decision, rng: random.Random) -> str:
    """8.3(3): combine one-step units to save room; else lose the least valuable (a reduced unit first)."""
    combos = with_verb(decision, "combine")
    if combos:
        return combos[0].id
    return best(decision.options, lambda o: tuple(-x for x in unit_worth(b, unit(o))), rng).id


def cap_return(b: Board, decision: Decision, rng: random.Random) -> str:
    """9.2(4): back on deck (one move from CAP again) while the group is short of CAP or no attack aircraft
    waits below for the deck; otherwise the hangar, leaving the deck to the strike. A fighter with nowhere to
    go has the one answer, its loss."""
    if len(decision.options) == 1 and verb(decision.options[0]) == "lose":
        return decision.options[0].id

    def score(o: Option) -> tuple:
        k = o.fields["carrier"]
        g = group_of_carrier(k)
        need_cap = b.cap_count(g) < CAP_KEEP
        strikers_below = any(not is_fighter(q) for q, _ in b.units_in(f"hangar:{k}"))
        want_deck = need_cap or not strikers_below
        room = _data().carriers[k].capacity - b.carrier_load(k)
        return ((o.fields["to"] == "deck") == want_deck, parent_room_first(b, k), room)
    return best(decision.options, score, rng).id


def parent_room_first(b: Board, k: str) -> int:
    """Undamaged carriers first: they can take more aircraft later."""
    return 2 - len(b.carriers[k]["damaged"]) if k in b.carriers else 0


def return_box(b: Board, decision: Decision, rng: random.Random) -> str:
    """9.5(1)-(2): home to the carrier group with the most room, Midway only when the carriers are full."""
    def score(o: Option) -> tuple:
        g = o.fields["home"]
        if g == MIDWAY:
            ks = [MIDWAY]
        else:
            ks = [k for k in _data().group_carriers(g) if k in b.carriers and not b.carriers[k]["sunk"]
                  and len(b.carriers[k]["damaged"]) < 2]
        room = sum(_data().carriers[k].capacity - b.carrier_load(k) for k in ks)
        waiting = len(b.units_in(f"ret1:{g}")) + len(b.units_in(f"ret2:{g}"))
        return (g != MIDWAY and room > waiting, room - waiting)
    return best(decision.options, score, rng).id


def night_place(b: Board, decision: Decision, rng: random.Random) -> str:
    for g in b.my_groups():
        if b.cap_count(g) < CAP_KEEP:
            caps = [o for o in decision.options if verb(o) == "cap" and cap_group(b, unit(o)) == g]
            if caps:
                return caps[0].id
    # a fighter readied on another carrier's deck ("from") is never an attack aircraft
    decks = [o for o in with_verb(decision, "deck") if "from" not in o.fields and not is_fighter(unit(o))]
    if decks:
        return best(decks, lambda o: hit_value(unit(o), b.where[unit(o)][1]), rng).id
    dones = with_verb(decision, "done")
    return dones[0].id if dones else decision.options[0].id


# -- air attacks (9.1-9.4) ----------------------------------------------------------------------------
class AttackMemory:
    """What the agent has decided during the current attack (its own choices, not hidden state)."""

    def __init__(self):
        self.key: Any = None
        self.cap0 = 0
        self.sent = 0
        self.assigned: dict[str, float] = {}
        self.bomb_key: Any = None
        self.bombers: set[str] = set()

    def on(self, key: Any) -> None:
        if key != self.key:
            self.key, self.cap0, self.sent = key, 0, 0

    def on_bomb(self, key: Any, q: str | None) -> None:
        """A new strike's assignments: another attack, new damage, or a unit that was already assigned."""
        if key != self.bomb_key or q in self.bombers:
            self.bomb_key, self.assigned, self.bombers = key, {}, set()
        if q:
            self.bombers.add(q)


def attack_key(b: Board, decision: Decision) -> Any:
    """One strike's attack: the turn, the AOP still to spend (one operation) and the strike's own question (its
    step, its group id and, once intercepted, its units and the group it attacks)."""
    a = b.view.get("attack") or {}
    aop = tuple(sorted((b.view.get("aop") or {}).items()))
    if decision.kind == "choose-target":
        return (b.turn, aop, decision.kind, decision.options[0].fields["group"])
    return (b.turn, aop, decision.kind, decision.options[0].fields["group"],
            tuple(tuple(u) for u in a.get("units") or ()), decision.options[0].fields["target"])


def strike_units(b: Board) -> list[tuple[str, int]]:
    """The units of the attacking strike and their steps (an attack is flown in the open, 2.6)."""
    return [(q, n) for q, n in (b.view.get("attack") or {}).get("units") or []]


def aim(b: Board, decision: Decision, rng: random.Random) -> str:
    """9.1: the group whose carriers are nearest to sinking, then the one with more carriers."""
    def score(o: Option) -> tuple:
        g = o.fields["target"]
        cvs = [k for k in _data().group_carriers(g) if k in b.carriers and not b.carriers[k]["sunk"]]
        return (max((b.hits(k) for k in cvs), default=0), len(cvs))
    return best(decision.options, score, rng).id


def assign(b: Board, decision: Decision, mem: AttackMemory, rng: random.Random) -> str:
    """9.4: concentrate on the carrier closest to sinking until the expected hits should sink it."""
    first = decision.options[0].fields
    q = first["unit"]
    ev = hit_value(q, first["steps"]) if q else 1.0
    opts = decision.options
    a = b.view.get("attack") or {}
    mem.on_bomb((b.turn, tuple(sorted((b.view.get("aop") or {}).items())), a.get("group"), a.get("target"),
                 tuple((o.id, b.hits(o.fields["carrier"])) for o in opts)), q)

    def need(k: str) -> float:
        return 3 - b.hits(k) - mem.assigned.get(k, 0.0)

    def score(o: Option) -> tuple:
        k = o.fields["carrier"]
        left = need(k)
        deck = o.fields["attack_on_deck"] and q is not None and spec(q).bomb_icon
        return (left > 0.25, -left, deck)
    choice = best(opts, score, rng)
    k = choice.fields["carrier"]
    mem.assigned[k] = mem.assigned.get(k, 0.0) + ev
    return choice.id


def intercept(b: Board, decision: Decision, mem: AttackMemory, rng: random.Random) -> str:
    """9.2: everything against an unescorted strike; against an escorted one about half the CAP."""
    ints = with_verb(decision, "intercept")
    done = with_verb(decision, "done")[0].id
    if not ints:
        return done
    if mem.cap0 == 0:
        mem.cap0 = len(ints)
    units = strike_units(b)
    escorted = any(is_fighter(q) for q, _ in units)
    attackers = sum(n for q, n in units if not is_fighter(q))
    # against Midway (or the Invasion Force, which has no CAP) every fighter goes up
    if not escorted or decision.options[0].fields["target"] in (MIDWAY, "mif") or attackers >= 4:
        want = mem.cap0
    else:
        want = max(1, math.ceil(mem.cap0 / 2))
    if mem.sent >= want:
        return done
    mem.sent += 1
    return best(ints, lambda o: b.where.get(unit(o), ("", 0))[1], rng).id


def take_hit(b: Board, decision: Decision, rng: random.Random) -> str:
    """9.2(3), 9.3(2): fighters and reduced units take losses first, the best bombers last; on a night
    sea battle (10.1(2)) Japan piles hits on one US carrier and spreads its own."""
    opts = decision.options
    d = _data()
    if decision.kind == "sea-battle-hit":
        if d.carriers[opts[0].fields["carrier"]].side == b.side:
            return best(opts, lambda o: -b.hits(o.fields["carrier"]), rng).id
        return best(opts, lambda o: b.hits(o.fields["carrier"]), rng).id

    def score(o: Option) -> tuple:
        q = unit(o)
        sp = spec(q)
        n = o.fields["steps"]
        return (sp.role == "fighter", n < sp.steps, -hit_value(q, 1))
    return best(opts, score, rng).id


# -- event cards (12.0) ------------------------------------------------------------------------------
def card_choice(b: Board, decision: Decision, rng: random.Random, hold: tuple[int, ...] = ()) -> str | None:
    """Every card helps its owner, so a playable card is played at its first window; its choices go
    where they matter most: damage off the carrier nearest to sinking, extra or submarine hits on the
    enemy carrier nearest to sinking, losses on fighters and reduced units."""
    opts = decision.options
    kind = decision.kind
    d = _data()
    plays = [o for o in with_verb(decision, "play") if o.fields["card"] not in hold]     # `hold`: cards kept
    if plays:
        return min(plays, key=lambda o: o.fields["card"]).id
    if kind in ("play-card", "cancel-card"):
        return with_verb(decision, "pass")[0].id
    if kind in ("critical-hit", "submarine-target", "damage-control"):
        return best(opts, lambda o: b.hits(o.fields["carrier"]) if o.fields["carrier"] in b.carriers else 0, rng).id
    if kind == "towed-carrier":
        return min(opts, key=lambda o: o.fields["carrier"]).id
    if kind == "ditch-unit":
        return best(opts, lambda o: (is_fighter(unit(o)), -hit_value(unit(o), 1)), rng).id
    if kind == "separate-escort":
        return min(opts, key=unit).id
    if kind == "air-replacement":
        def worth(o: Option) -> tuple:
            q = unit(o)
            return (q in d.squadrons and not is_fighter(q), hit_value(q, 1) if q in d.squadrons else 0)
        return best(opts, worth, rng).id
    return None


class HeuristicAgent(Agent):
    """Searches before striking, keeps CAP over each group, launches full escorted strikes at known
    fleets in reach, concentrates hits on one carrier. Decides from the side's view and the options only."""

    name = "heuristic"

    def __init__(self, side: str, seed: int | None = None):
        super().__init__(side, seed)
        self.mem = AttackMemory()
        self.us_struck = False          # a US strike attacked since the last card-10 window (what Japan saw)
        self.own_hits: int | None = None
        self.hold: tuple[int, ...] = ()  # cards kept back at this decision

    def note_strikes(self, view: dict[str, Any]) -> None:
        """Card 10 hits a unit in a US carrier Return box, where a strike goes after it attacks (9.5): remember
        whether one attacked since the window, from what the side saw (the attack flown in the open, 2.6, or new
        hits or sinkings on its own carriers)."""
        a = view.get("attack")
        if a and a.get("side") == "usa":
            self.us_struck = True
        hits = sum(len(c["damaged"]) + 9 * c["sunk"] for c in view.get("carriers", {}).values()
                   if c.get("side") == self.side)
        if self.own_hits is not None and hits > self.own_hits:
            self.us_struck = True
        self.own_hits = hits

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        ids = {o.id for o in decision.options}
        self.hold = ()
        if self.side == "japan":
            self.note_strikes(view)
            if decision.kind == "play-card" and any(o.get("window") == "opend" for o in decision.options):
                if not self.us_struck:      # 12.0 (10): no strike came back this operation: keep the card
                    self.hold = (10,)
                self.us_struck = False
        try:
            oid = self.decide(view, decision)
        except (KeyError, ValueError, IndexError, AttributeError, TypeError):
            oid = None
        if oid is None or oid not in ids:
            oid = self.rng.choice(decision.options).id     # a safety net: never an illegal answer
        return oid

    def decide(self, view: dict[str, Any], decision: Decision) -> str | None:
        b = Board(view, decision.side)
        kind = decision.kind
        rng = self.rng
        if kind in CARD_KINDS:
            return card_choice(b, decision, rng, self.hold)
        if kind == "place-aircraft":
            # 3.1(2), 3.2(2)-(3): the set-up of 13.0 (two CAP fighters a division)
            return oid(next(iter(with_verb(decision, "default")), None))
        if kind == "declare-midway-attack":
            return declare(b) if with_verb(decision, "attack") else None
        if kind == "set-up-csf":
            return csf_setup(b, decision, rng)
        if kind == "step-back":
            return fall_back(b, decision, rng)
        if kind == "form-dmcv":
            return (with_verb(decision, "dmcv") or with_verb(decision, "pass"))[0].id
        if kind == "return-box":
            return return_box(b, decision, rng)
        if kind == "plot-move":
            return plot(b, decision, rng)
        if kind == "move-fleet":
            return jmove(b, decision, rng)
        if kind == "land-aircraft":
            return land(b, decision, rng)
        if kind == "cap-return":
            return cap_return(b, decision, rng)
        if kind == "parent-landing":
            return parent_first(b, decision, rng)
        if kind == "no-room":
            return give_up(b, decision, rng)
        if kind == "ready-aircraft":
            return night_place(b, decision, rng)
        if kind in ("choose-target", "intercept"):
            self.mem.on(attack_key(b, decision))
            if kind == "choose-target":
                return aim(b, decision, rng)
            return intercept(b, decision, self.mem, rng)
        if kind == "assign-attack":
            return assign(b, decision, self.mem, rng)
        if kind in ("allocate-hit", "sea-battle-hit"):
            return take_hit(b, decision, rng)
        if kind == "air-operation":
            return air_op(b, decision, rng)
        return None


register_agent("fury-at-midway", "heuristic", HeuristicAgent)
