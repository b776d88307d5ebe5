"""A heuristic Fury at Midway agent: search before striking, keep CAP, full escorted strikes, concentrate hits.

It decides from its side's view and the decision's options alone (never the state), plus the public rules
data (map, aircraft values). Every decision is a few dictionary look-ups and hex distances: no search, no
simulation. Ties are broken by the agent's seeded generator, so it is deterministic given its seed.
"""
from __future__ import annotations

import math
import random
import re
from functools import lru_cache
from typing import Any, Callable

from kaisen.agents.base import Agent, register_agent
from kaisen.engine.core import Decision

MIDWAY = "midway"
CAP_KEEP = 2                 # fighters kept flying CAP over each carrier group (13.0's set-up flies two)
US_START = "G-3"             # 3.2(1): far enough from the 1AF's entry that Japan's first search is poor
JAPAN_OPENING = "C-3"        # where the 1AF heads while the CSF has not been seen
MIDWAY_FAR = 6               # the CSF this far from the 1AF cannot punish a Midway strike
LATE_US_MAX = 2              # from turn 5, soften the garrison for the landing when the US is down to this
FLEET_NAMES = (("1st Air Fleet", "1af"), ("Midway Invasion Force", "mif"), ("Carrier Strike Force", "csf"))


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
        self.names = {v.removesuffix(" (reduced)"): k for k, v in view["names"].items()}

    # fleets
    def hex_of(self, fleet: str) -> str | None:
        h = self.fleets.get(fleet)
        return h if on_map(h) else None

    @property
    def main_fleet(self) -> str:
        return "1af" if self.side == "japan" else "csf"

    @property
    def enemy_main(self) -> str:
        return "csf" if self.side == "japan" else "1af"

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


# -- movement: the 1AF, the MIF, the CSF and the DMCVs ---------------------------------------------------
def fleet_in_prompt(prompt: str) -> str:
    for name, fid in FLEET_NAMES:
        if name in prompt:
            return fid
    return "dmcv"


def japan_goal(b: Board, fleet: str) -> tuple[str, int]:
    """(target hex, wanted distance) for a Japanese fleet."""
    midway = b.view["midway_hex"]
    csf = b.hex_of("csf")
    if fleet == "mif":
        return midway, 1             # 11.0: adjacent to Midway by the end of turn 7
    if fleet == "dmcv":
        return "A-" + (b.hex_of("ijn-dmcv") or "A-3").split("-")[1], 0    # west, out of harm's way
    if b.view["declared"]:
        return midway, 2             # 6.4(2)-(3): within 5 of Midway; within 2 it costs one AOP, not two
    if csf:
        if b.night:
            return csf, 0            # 10.1(2): a night sea battle favours Japan (die - 2 against die - 4)
        return csf, 2                # close in: a strike on launch and a better search
    if not b.afloat("usa"):
        return midway, 2
    return JAPAN_OPENING, 0


def jmove(b: Board, decision: Decision, rng: random.Random) -> str:
    fleet = fleet_in_prompt(decision.prompt)
    fid = {"dmcv": "ijn-dmcv"}.get(fleet, fleet)
    here = b.hex_of(fid)
    ids = decision.ids()
    if "exit" in ids and (fleet == "dmcv" or (fleet == "1af" and b.losing_badly())):
        return "exit"
    target, want = japan_goal(b, fleet)
    must_midway = fleet == "1af" and b.view["declared"]
    midway = b.view["midway_hex"]

    def score(oid: str) -> tuple:
        h = here if oid == "stop" else oid.partition(":")[2]
        if not on_map(h):
            return (-99, 0)
        bad = must_midway and dist(h, midway) > 5
        return (-bad, -abs(dist(h, target) - want), oid == "stop")
    cands = [o for o in ids if o == "stop" or o.startswith(("to:", "enter:"))]
    return best(cands, score, rng)


def us_goal(b: Board) -> tuple[str | None, int]:
    jp = b.hex_of("1af")
    if jp is None:
        jp = "B-2" if b.turn <= 1 else None
    return jp, (6 if b.night else 5)


def plot(b: Board, decision: Decision, rng: random.Random) -> str:
    fleet = fleet_in_prompt(decision.prompt)
    ids = decision.ids()
    fid = "csf" if fleet == "csf" else "us-dmcv"
    path = (b.view.get("plot") or {}).get(fid) or []
    here = path[-1] if path else b.hex_of(fid)
    if "off" in ids and (fleet != "csf" or b.losing_badly()):
        return "off"
    jp, want = us_goal(b)
    if fleet != "csf":
        want = 9
    if jp is None or not on_map(here):
        return "end" if "end" in ids else ids[0]
    mif = b.hex_of("mif")
    midway = b.view["midway_hex"]

    def score(oid: str) -> tuple:
        h = here if oid == "end" else oid.partition(":")[2]
        if not on_map(h):
            return (-99,)
        d = dist(h, jp)
        s = -abs(d - want) if fleet == "csf" else d
        near_midway = -dist(h, midway) * 0.1       # keep Midway within reach of a diversion
        near_mif = -0.2 * dist(h, mif) if mif and b.turn >= 5 else 0
        return (s + near_midway + near_mif, oid == "end")
    cands = [o for o in ids if o == "end" or o.startswith("to:")]
    return best(cands, score, rng)


def csf_setup(b: Board, decision: Decision, rng: random.Random) -> str:
    ids = decision.ids()
    if f"start:{US_START}" in ids:
        return f"start:{US_START}"
    return best(ids, lambda o: -abs(dist(o[6:], "B-2") - 5), rng)


def fall_back(b: Board, decision: Decision, rng: random.Random) -> str:
    jp = b.hex_of("1af")
    return best(decision.ids(), lambda o: dist(o[5:], jp) if jp else 0, rng)


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


def air_op(b: Board, decision: Decision, rng: random.Random) -> str:
    ids = decision.ids()
    idset = set(ids)
    midway_op = (b.view.get("air_op") or {}).get("kind") == "midway"
    # strike groups already flying must move or go home (8.5(3))
    moves = [o for o in ids if o.startswith("sg-move:")]
    if moves:
        return best(moves, lambda o: target_value(b, o.split(":")[2]), rng)
    rets = [o for o in ids if o.startswith("sg-return:")]
    if rets:
        return rets[0]
    for o in ids:
        if o.startswith("combine:"):
            return o
    if b.forming:
        return forming(b, ids, midway_op, rng)
    start = start_strike(b, ids, midway_op, rng)
    if start:
        return start
    # CAP first (a fighter on deck to CAP while a group is short), then fill the decks from the hangars
    for g in b.my_groups():
        if b.cap_count(g) < CAP_KEEP:
            caps = [o for o in ids if o.startswith("cap:") and cap_group(b, o[4:]) == g]
            if caps:
                return best(caps, lambda o: b.where[o[4:]][1], rng)
    decks = [o for o in ids if o.startswith("deck:")]
    if decks:
        # attack aircraft first; fighters to deck only when a group's CAP is short (they then go up)
        att = [o for o in decks if not is_fighter(o[5:])]
        if att:
            return best(att, lambda o: (hit_value(o[5:], b.where[o[5:]][1]), o), rng)
        short = [o for o in decks if b.cap_count(cap_group(b, o[5:]) or "") < CAP_KEEP + 1]
        if short:
            return best(short, lambda o: b.where[o[5:]][1], rng)
    # spare fighters on deck beyond the escort need go up too
    caps = [o for o in ids if o.startswith("cap:")]
    if caps and not b.enemy_targets():
        return caps[0]
    if "end" in idset:
        return "end"
    return ids[0] if not moves else moves[0]


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


def start_strike(b: Board, ids: list[str], midway_op: bool, rng: random.Random) -> str | None:
    """Launch the best attack aircraft on deck when a known target is within reach."""
    adds = [o for o in ids if o.startswith("sg-add:") and not is_fighter(o[7:])]
    if not adds:
        return None
    if midway_op:
        return best(adds, lambda o: hit_value(o[7:], b.where[o[7:]][1]), rng)

    def reachable(o: str) -> bool:
        q = o[7:]
        lh = b.launch_hex(q)
        if lh is None:
            return False
        ma = spec(q).ma
        targets = strike_reach(b, lh, ma, False)
        return bool(targets)
    ok = [o for o in adds if reachable(o)]
    if not ok:
        return None
    return best(ok, lambda o: hit_value(o[7:], b.where[o[7:]][1]), rng)


def forming(b: Board, ids: list[str], midway_op: bool, rng: random.Random) -> str:
    """Fill the strike group: attack aircraft up to the group limit less room for escorts (two for Japan,
    one for a US carrier's pair), the escorts from fighters on deck (never from the CAP box), then
    launch straight at the target when it is within two hexes, else as close to it as possible."""
    adds = [o for o in ids if o.startswith("sg-add:")]
    att = [o for o in adds if not is_fighter(o[7:])]
    fa = [o for o in adds if is_fighter(o[7:])]
    from_midway = any(parent(q) == MIDWAY for q in b.forming)
    side_max = 8 if b.side == "japan" else (3 if from_midway else 2)
    n = len(b.forming)
    escorts_in = sum(1 for q in b.forming if is_fighter(q))
    escort_want = min(escorts_in + len(fa), 2 if b.side == "japan" else 1)
    if att and side_max - n - max(0, escort_want - escorts_in) > 0:
        return best(att, lambda o: hit_value(o[7:], b.where[o[7:]][1]), rng)
    if fa and escorts_in < escort_want and n < side_max:
        return best(fa, lambda o: b.where[o[7:]][1], rng)
    gos = [o for o in ids if o.startswith("sg-go:")]
    if not gos:
        return ids[0]
    lh = b.launch_hex(b.forming[0]) or b.view["midway_hex"]
    targets = [b.view["midway_hex"]] if midway_op else strike_reach(b, lh, 3, False) or b.enemy_targets()
    if not targets:
        return best(gos, lambda o: -dist(o[6:], lh), rng)
    tgt = max(targets, key=lambda h: (target_value(b, h), -dist(lh, h)))
    return best(gos, lambda o: (-dist(o[6:], tgt), -dist(o[6:], lh)), rng)


# -- landing (8.3(1), 10.2) --------------------------------------------------------------------------
def unit_in_prompt(b: Board, prompt: str) -> str | None:
    m = re.match(r"Where does (.+?)( \(reduced\))? land\?", prompt)
    return b.names.get(m.group(1)) if m else None


def land(b: Board, decision: Decision, rng: random.Random) -> str:
    q = unit_in_prompt(b, decision.prompt)

    def score(o: str) -> tuple:
        k = o[5:]
        cap = _data().carriers[k].capacity
        room = cap - b.carrier_load(k)
        undamaged = 2 - len(b.carriers[k]["damaged"]) if k in b.carriers else 0
        return (k != MIDWAY, room > 0, q is not None and parent(q) == k, room, undamaged)
    return best(decision.ids(), score, rng)


def unit_worth(b: Board, q: str) -> tuple:
    """What a unit is worth keeping: full strength first, then its bombs (fighters count as one hit)."""
    steps = b.where.get(q, ("", spec(q).steps))[1]
    return (steps, hit_value(q, steps) if not is_fighter(q) else steps * 0.5)


def parent_first(b: Board, decision: Decision, rng: random.Random) -> str:
    """8.3(1): the parent's last room goes to its most valuable returning aircraft."""
    return best(decision.ids(), lambda o: unit_worth(b, o.partition(":")[2]), rng)


def give_up(b: Board, decision: Decision, rng: random.Random) -> str:
    """8.3(3): combine one-step units to save room; else lose the least valuable (a reduced unit first)."""
    ids = decision.ids()
    combos = [o for o in ids if o.startswith("combine:")]
    if combos:
        return combos[0]
    return best(ids, lambda o: tuple(-x for x in unit_worth(b, o.partition(":")[2])), rng)


def cap_return(b: Board, decision: Decision, rng: random.Random) -> str:
    """9.2(4): back on deck (one move from CAP again) while the group is short of CAP or no attack aircraft
    waits below for the deck; otherwise the hangar, leaving the deck to the strike. A fighter with nowhere to
    go has the one answer, its loss."""
    if decision.ids() == ["cap-lost"]:
        return "cap-lost"

    def score(o: str) -> tuple:
        where, _, k = o.partition(":")
        g = group_of_carrier(k)
        need_cap = b.cap_count(g) < CAP_KEEP
        strikers_below = any(not is_fighter(q) for q, _ in b.units_in(f"hangar:{k}"))
        want_deck = need_cap or not strikers_below
        room = _data().carriers[k].capacity - b.carrier_load(k)
        return ((where == "cap-deck") == want_deck, parent_room_first(b, k), room)
    return best(decision.ids(), score, rng)


def parent_room_first(b: Board, k: str) -> int:
    """Undamaged carriers first: they can take more aircraft later."""
    return 2 - len(b.carriers[k]["damaged"]) if k in b.carriers else 0


def return_box(b: Board, decision: Decision, rng: random.Random) -> str:
    """9.5(1)-(2): home to the carrier group with the most room, Midway only when the carriers are full."""
    def score(o: str) -> tuple:
        g = o.partition(":")[2]
        if g == MIDWAY:
            ks = [MIDWAY]
        else:
            ks = [k for k in _data().group_carriers(g) if k in b.carriers and not b.carriers[k]["sunk"]
                  and len(b.carriers[k]["damaged"]) < 2]
        room = sum(_data().carriers[k].capacity - b.carrier_load(k) for k in ks)
        waiting = len(b.units_in(f"ret1:{g}")) + len(b.units_in(f"ret2:{g}"))
        return (g != MIDWAY and room > waiting, room - waiting)
    return best(decision.ids(), score, rng)


def night_place(b: Board, decision: Decision, rng: random.Random) -> str:
    ids = decision.ids()
    for g in b.my_groups():
        if b.cap_count(g) < CAP_KEEP:
            caps = [o for o in ids if o.startswith("cap:") and cap_group(b, o[4:]) == g]
            if caps:
                return caps[0]
    decks = [o for o in ids if o.startswith("deck:") and not is_fighter(o[5:])]
    if decks:
        return best(decks, lambda o: hit_value(o[5:], b.where[o[5:]][1]), rng)
    return "done" if "done" in ids else ids[0]


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


def attack_key(b: Board, prompt: str) -> Any:
    """One strike's attack: the turn, the AOP still to spend (one operation) and the strike's own prompt."""
    return (b.turn, tuple(sorted((b.view.get("aop") or {}).items())), prompt.partition(":")[0])


def strike_units(b: Board, prompt: str) -> list[tuple[str, int]]:
    """The units of the strike named in the prompt ("Strike group J5 (Akagi D3A-1, ...) attacks ...")."""
    m = re.match(r"Strike group \S+ \((.*)\) attacks", prompt)
    if not m:
        return [(q, n) for q, n in (b.view.get("attack") or {}).get("units") or []]
    out = []
    for part in m.group(1).split(", "):
        reduced = part.endswith(" (reduced)")
        q = b.names.get(part[:-len(" (reduced)")] if reduced else part)
        if q:
            out.append((q, 1 if reduced else spec(q).steps))
    return out


def aim(b: Board, decision: Decision, rng: random.Random) -> str:
    """9.1: the group whose carriers are nearest to sinking, then the one with more carriers."""
    def score(o: str) -> tuple:
        g = o[4:]
        cvs = [k for k in _data().group_carriers(g) if k in b.carriers and not b.carriers[k]["sunk"]]
        return (max((b.hits(k) for k in cvs), default=0), len(cvs))
    return best(decision.ids(), score, rng)


def assign(b: Board, decision: Decision, mem: AttackMemory, rng: random.Random) -> str:
    """9.4: concentrate on the carrier closest to sinking until the expected hits should sink it."""
    m = re.match(r"Which carrier does (.+?)( \(reduced\))? attack\?", decision.prompt)
    q = b.names.get(m.group(1)) if m else None
    ev = hit_value(q, 1 if m.group(2) else spec(q).steps) if q else 1.0
    opts = decision.ids()
    a = b.view.get("attack") or {}
    mem.on_bomb((b.turn, tuple(sorted((b.view.get("aop") or {}).items())), a.get("group"), a.get("target"),
                 tuple((o, b.hits(o[8:])) for o in opts)), q)

    def need(k: str) -> float:
        return 3 - b.hits(k) - mem.assigned.get(k, 0.0)

    def score(o: str) -> tuple:
        k = o[8:]
        left = need(k)
        deck = "attack aircraft on deck" in decision.option(o).label and q is not None and spec(q).bomb_icon
        return (left > 0.25, -left, deck)
    choice = best(opts, score, rng)
    k = choice[8:]
    mem.assigned[k] = mem.assigned.get(k, 0.0) + ev
    return choice


def intercept(b: Board, decision: Decision, mem: AttackMemory, rng: random.Random) -> str:
    """9.2: everything against an unescorted strike; against an escorted one about half the CAP."""
    ints = [o for o in decision.ids() if o.startswith("intercept:")]
    if not ints:
        return "no-more"
    if mem.cap0 == 0:
        mem.cap0 = len(ints)
    units = strike_units(b, decision.prompt)
    escorted = any(is_fighter(q) for q, _ in units)
    attackers = sum(n for q, n in units if not is_fighter(q))
    if not escorted or "attacks Midway" in decision.prompt or attackers >= 4:
        want = mem.cap0
    else:
        want = max(1, math.ceil(mem.cap0 / 2))
    if mem.sent >= want:
        return "no-more"
    mem.sent += 1
    return best(ints, lambda o: b.where.get(o[10:], ("", 0))[1], rng)


def take_hit(b: Board, decision: Decision, rng: random.Random) -> str:
    """9.2(3), 9.3(2): fighters and reduced units take losses first, the best bombers last; on a night
    sea battle (10.1(2)) Japan piles hits on one US carrier and spreads its own."""
    ids = decision.ids()
    d = _data()
    if all(o[4:] in d.carriers for o in ids):
        ks = [o[4:] for o in ids]
        if d.carriers[ks[0]].side == b.side:
            return best(ids, lambda o: -b.hits(o[4:]), rng)
        return best(ids, lambda o: b.hits(o[4:]), rng)
    def score(o: str) -> tuple:
        q = o[4:]
        sp = spec(q)
        m = re.search(r"\((\d+) step", decision.option(o).label)
        n = int(m.group(1)) if m else sp.steps
        return (sp.role == "fighter", n < sp.steps, -hit_value(q, 1))
    return best(ids, score, rng)


# -- event cards (12.0) ------------------------------------------------------------------------------
def card_choice(b: Board, decision: Decision, rng: random.Random) -> str | None:
    """Every card helps its owner, so a playable card is played at its first window; its choices go
    where they matter most: damage off the carrier nearest to sinking, extra or submarine hits on the
    enemy carrier nearest to sinking, losses on fighters and reduced units."""
    ids = decision.ids()
    kinds = {o.partition(":")[0] for o in ids}
    d = _data()
    if "play" in kinds:
        return sorted(o for o in ids if o.startswith("play:"))[0]
    if kinds == {"pass"}:
        return "pass"
    if kinds <= {"crit", "sub"}:
        return best(ids, lambda o: b.hits(o.partition(":")[2]) if o.partition(":")[2] in b.carriers else 0, rng)
    if kinds <= {"tow"}:
        return sorted(ids)[0]
    if kinds <= {"ditch"}:
        return best(ids, lambda o: (is_fighter(o[6:]), -hit_value(o[6:], 1)), rng)
    if kinds <= {"sep"}:
        return sorted(ids)[0]
    if "Damage Control" in decision.prompt:
        return best(ids, lambda o: b.hits(o.split(":")[1]) if o.split(":")[1] in b.carriers else 0, rng)
    if "Air Replacements" in decision.prompt:
        def worth(o: str) -> tuple:
            q = o.split(":")[1]
            return (q in d.squadrons and not is_fighter(q), hit_value(q, 1) if q in d.squadrons else 0)
        return best(ids, worth, rng)
    return None


class HeuristicAgent(Agent):
    """Searches before striking, keeps CAP over each group, launches full escorted strikes at known
    fleets in reach, concentrates hits on one carrier. Decides from the side's view and the options only."""

    name = "heuristic"

    def __init__(self, side: str, seed: int | None = None):
        super().__init__(side, seed)
        self.mem = AttackMemory()

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        ids = {o.id for o in decision.options}
        try:
            oid = self.decide(view, decision)
        except (KeyError, ValueError, IndexError, AttributeError, TypeError):
            oid = None
        if oid is None or oid not in ids:
            oid = self.rng.choice(decision.options).id     # a safety net: never an illegal answer
        return oid

    def decide(self, view: dict[str, Any], decision: Decision) -> str | None:
        b = Board(view, decision.side)
        ids = decision.ids()
        kinds = {o.partition(":")[0] for o in ids}
        rng = self.rng
        if "play an event card" in decision.prompt or kinds & {"play", "crit", "sub", "tow", "ditch", "sep"} \
                or decision.prompt.startswith(("Damage Control", "Air Replacements")):
            return card_choice(b, decision, rng)
        if "rest-default" in kinds:
            return "rest-default"     # 3.1(2), 3.2(2)-(3): the set-up of 13.0 (two CAP fighters a division)
        if "attack-midway" in kinds:
            return declare(b)
        if "start" in kinds:
            return csf_setup(b, decision, rng)
        if "back" in kinds:
            return fall_back(b, decision, rng)
        if kinds & {"dmcv", "no-dmcv"}:
            return next((o for o in ids if o.startswith("dmcv:")), "no-dmcv")
        if "Return box" in decision.prompt or (kinds == {"to"} and decision.prompt.startswith("Strike")):
            return return_box(b, decision, rng)
        if decision.prompt.startswith("Plot"):
            return plot(b, decision, rng)
        if decision.prompt.startswith("Move") or kinds & {"enter", "stop"}:
            return jmove(b, decision, rng)
        if kinds <= {"land"}:
            return land(b, decision, rng)
        if kinds <= {"cap-deck", "cap-hangar", "cap-lost"}:
            return cap_return(b, decision, rng)
        if kinds <= {"first"}:
            return parent_first(b, decision, rng)
        if "lose" in kinds:
            return give_up(b, decision, rng)
        if "done" in kinds and kinds <= {"deck", "deck-on", "cap", "done"}:
            return night_place(b, decision, rng)
        if kinds & {"aim", "intercept", "no-more", "carrier", "hit"}:
            if decision.prompt.startswith("Strike group"):
                self.mem.on(attack_key(b, decision.prompt))
            if "aim" in kinds:
                return aim(b, decision, rng)
            if "carrier" in kinds:
                return assign(b, decision, self.mem, rng)
            if kinds & {"intercept", "no-more"}:
                return intercept(b, decision, self.mem, rng)
            return take_hit(b, decision, rng)
        if kinds & {"deck", "cap", "uncap", "sg-add", "sg-go", "sg-move", "sg-return", "end", "combine"}:
            return air_op(b, decision, rng)
        return None


register_agent("fury-at-midway", "heuristic", HeuristicAgent)
