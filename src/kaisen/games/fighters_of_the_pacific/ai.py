"""The Fighters of the Pacific solo bot (BOT.md): an attitude taken each turn from the situation, then, for every
decision kind, the attitude's priorities in a fixed order.

It plays by the rules and sees what a player sees: it decides from its side's view (the game hides nothing, so it
rebuilds the position from `view["position"]`) and the decision's kind and option fields, never a prompt or a
label. A movement is planned whole when it starts: every legal path is enumerated with the engine's flight
functions (`flight.step`, `split_s`, `can_end`, `completable`), each end scored by the attitude, and the plan is
followed one maneuver at a time (re-planned if an offered option no longer matches). No dice: ties go to the
option offered first."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from kaisen.agents.base import Agent, register_agent
from kaisen.engine.core import Decision
from kaisen.games.fighters_of_the_pacific import flight
from kaisen.games.fighters_of_the_pacific.common import hex_of, hex_name
from kaisen.games.fighters_of_the_pacific.data import (ORDNANCE_RULE, ahead, hex_distance, hex_to_cell, rotate,
                                                       ship_step)
from kaisen.games.fighters_of_the_pacific.state import FotPState, other

GAME_ID = "fighters-of-the-pacific"

# The attitudes (BOT.md), in the order the attitude rule tests them.
EVASIVE, MISSION, INTERCEPT, AGGRESSIVE = "evasive", "mission", "intercept", "aggressive"
ATTITUDES = (EVASIVE, MISSION, INTERCEPT, AGGRESSIVE)

OFF_BOARD_LOSS = -1000.0          # flying off a non-exit edge: the enemy scores the airplane
DODGE_HIT = 0.35                  # how often a shot at an airplane that may still dodge is counted to land
PRESS_THREAT = 0.5                # an armed bomber on its mission weighs the enemy's guns at half
PRESS_DIST = 1.0                  # and loses this much per hex between it and its nearest strike target
FORMATION = 0.15                  # ending in one air group with an airplane of its own (smaller handicap)
LOW_HANDICAP = 0.4                # ending at low altitude (a group there counts 2 handicap points, not 1)
REACH_P = 0.6                     # how often an enemy that can bring its guns to bear is counted to shoot
REACH_ACTIVATED = 0.15            # the same for an enemy already activated (next turn, after everyone moved)
ORDNANCE_WORTH = 3.0              # what an armed bomber is worth beyond its VP (the strike it still carries)
TORPEDO_ODDS = 0.25               # a torpedo run that may miss is taken if worth this share of its best target


@lru_cache(maxsize=1)
def _data():
    from kaisen.games.fighters_of_the_pacific import GAME
    return GAME.data


@lru_cache(maxsize=None)
def _field_offsets(aircraft: str, facing: int) -> tuple[tuple[int, int], ...]:
    """An airplane type's field of fire from (0, 0) at a facing, nearest first (data.field_of_fire)."""
    d = _data()
    offs = sorted(d.aircraft[aircraft].field_of_fire, key=lambda o: hex_distance((0, 0), tuple(o)))
    return tuple(rotate(tuple(o), facing) for o in offs)


_SQ3 = math.sqrt(3.0)
_DIR_VEC = tuple((math.sin(math.radians(60 * f)), -math.cos(math.radians(60 * f))) for f in range(6))


def _xy(h) -> tuple[float, float]:
    """Flat-topped axial hex -> a plane point (facing 0 points to -y)."""
    q, r = h
    return 1.5 * q / _SQ3, r + q / 2.0


def in_front(frm, facing: int, to) -> bool:
    """Whether `to` lies in the front half-plane of an airplane at `frm` facing `facing`."""
    ax, ay = _xy(frm)
    bx, by = _xy(to)
    vx, vy = _DIR_VEC[facing]
    return (bx - ax) * vx + (by - ay) * vy > 0.01


# -- the position, rebuilt from the view -----------------------------------------------------------------------
class Pos:
    """What the bot reads from a view: the state, the scenario data, and indexes it uses often."""

    def __init__(self, view: dict[str, Any], side: str):
        d = _data()
        self.view = view
        self.d = d
        self.side = side
        self.s = s = FotPState.from_json(view["position"])
        self.sc = d.scenarios[s.scenario]
        self.lay = d.layouts[s.scenario]
        self.exits = {e.side: set() for e in self.sc.exit}
        for e in self.sc.exit:
            self.exits[e.side].add(e.edge)
        self.at = {(p.hex, p.alt): k for k, p in s.planes.items()}

    def vp_of(self, plane: str) -> float:
        p = self.s.planes[plane]
        spec = self.d.aircraft[p.type]
        return float(self.sc.vp.fighter if spec.is_fighter else self.sc.vp.bomber)

    def armed(self, plane: str) -> bool:
        """An airplane still carrying ordnance the scenario lets it use."""
        p = self.s.planes[plane]
        return bool(p.ordnance) and self.sc.uses(ORDNANCE_RULE[p.ordnance])

    def edge_of(self, h) -> str:
        col, row = hex_to_cell(h)
        if row < 0:
            return "north"
        if row >= self.lay.rows:
            return "south"
        return "west" if col < 0 else "east"

    def edge_distance(self, h, edge: str) -> int:
        col, row = hex_to_cell(h)
        return {"north": row, "south": self.lay.rows - 1 - row, "west": col, "east": self.lay.cols - 1 - col}[edge]

    # targets of ordnance ------------------------------------------------------------------------------------
    @property
    def strike_targets(self) -> dict[str, dict[tuple[int, int], float]]:
        """For each ordnance, the enemy hexes worth striking and their VP (unhit ship segments; for bombs also
        island hexes with an enemy AA or objective still standing)."""
        got = getattr(self, "_targets", None)
        if got is None:
            enemy = other(self.side)
            ships: dict = {}
            for x in self.s.ships.values():
                if x.side == enemy:
                    pts = getattr(self.sc.vp, f"{x.cls}_segment")
                    for h, hit in zip(x.hexes, x.hit):
                        if not hit:
                            ships[h] = float(pts)
            ruins = {st.hex for k, st in self.s.sites.items() if k.startswith("ruin@")}
            isles: dict = {}
            for st in self.s.sites.values():
                if st.side == enemy and st.kind in ("aa", "objective") and not st.destroyed and st.hex not in ruins:
                    pts = self.sc.vp.ground_aa if st.kind == "aa" else self.sc.vp.objective
                    isles[st.hex] = isles.get(st.hex, 0.0) + pts
            got = self._targets = {"torpedo": ships, "dive_bomb": {**isles, **ships}, "bomb": {**isles, **ships}}
        return got


def aims(pos: Pos, ordnance: str, h, speed: int) -> dict[tuple[int, int], float]:
    """The strike targets an armed bomber at `h` goes for: its ordnance's targets less the ship segments worth less
    than the best segment it can still reach before the game ends (speed hexes a turn), the best weighing each
    segment's VP against the hexes to fly to it (PRESS_DIST a hex). Island hexes are all kept."""
    tg = pos.strike_targets.get(ordnance, {})
    ships = pos.strike_targets["torpedo"]          # the enemy ship segments still unhit
    reach = speed * (pos.sc.end_turn - pos.s.turn + 1)
    near = [(v - PRESS_DIST * hex_distance(h, t), v) for t, v in ships.items()
            if t in tg and hex_distance(h, t) <= reach]
    if not near:
        return tg
    top = max(near)[1]
    return {t: v for t, v in tg.items() if t not in ships or v >= top}


def attitude(view: dict[str, Any], side: str) -> str:
    """The attitude the bot takes this turn (BOT.md, the attitude rule), the first that applies:
    1. Evasive: it has lost at least as many airplanes as it still has on the board and the enemy has more on
       the board than it has, or it leads on VP in the last turn;
    2. Mission: one of its airplanes carries ordnance the scenario uses, or it may score by leaving the board
       and still has an airplane on it;
    3. Intercept: the enemy carries such ordnance or may score by leaving the board;
    4. Aggressive otherwise."""
    enemy = other(side)
    planes = view["planes"]
    mine = [p for p in planes if p["side"] == side]
    theirs = [p for p in planes if p["side"] == enemy]
    vp = view["vp"]
    lost = sum(1 for x in view["scored"] if x[0] == enemy and x[1] in ("fighter", "bomber"))
    if lost >= len(mine) and len(theirs) > len(mine):
        return EVASIVE
    if view["turn"] >= view["end_turn"] and vp[side] > vp[enemy]:
        return EVASIVE
    rules = set(view["rules"])
    exits = {e["side"] for e in view["exits"]}

    def usable(p):
        return p["ordnance"] and ORDNANCE_RULE[p["ordnance"]] in rules

    if any(usable(p) for p in mine) or (side in exits and mine):
        return MISSION
    if any(usable(p) for p in theirs) or (enemy in exits and theirs):
        return INTERCEPT
    return AGGRESSIVE


# -- shooting, seen from a hypothetical end position ------------------------------------------------------------
def nearest_targets(pos: Pos, plane_type: str, h, facing: int, alt: str, side: str, skip: str = "") -> list[str]:
    """The enemy airplanes an airplane of `plane_type` at (h, facing, alt) may shoot, the nearest (as
    shooting.targets, with the other airplanes where they are and `skip` moved away)."""
    lay = pos.lay
    if alt == "high" and h in lay.clouds:
        return []
    found: list[str] = []
    near = None
    planes = pos.s.planes
    for off in _field_offsets(plane_type, facing):
        x = (h[0] + off[0], h[1] + off[1])
        dist = hex_distance(h, x)
        if near is not None and dist > near:
            break
        k = pos.at.get((x, alt))
        if k is None or k == skip or planes[k].side == side:
            continue
        if alt == "high" and x in lay.clouds:
            continue
        if dist > 1 and x == ahead(h, facing, dist):
            blocked = False
            for i in range(1, dist):
                y = ahead(h, facing, i)
                if (alt == "high" and y in lay.clouds) or (pos.at.get((y, alt)) not in (None, skip)):
                    blocked = True
                    break
            if blocked:
                continue
        found.append(k)
        near = dist
    return sorted(found)


def shot_damage(pos: Pos, shooter_type: str, h, facing: int, target: str, target_hex=None) -> int:
    """shooting.damage_of for a shot from (h, facing) at `target` (at `target_hex` if given)."""
    d = pos.d
    spec = d.aircraft[shooter_type]
    t = pos.s.planes[target]
    n = 1
    if (target_hex or t.hex) == ahead(h, facing):
        if spec.has("gun_20mm"):
            n *= 2
        if spec.is_fighter and d.aircraft[t.type].has("flammable"):
            n *= 2
    return n


def loss_value(pos: Pos, plane: str) -> float:
    """What losing an airplane costs: the VP the enemy scores, more while it still carries its strike."""
    return pos.vp_of(plane) + (ORDNANCE_WORTH if pos.armed(plane) else 0.0)


def shot_value(pos: Pos, me: str, my_type: str, h, facing: int, alt: str, my_damage: int) -> float:
    """The worth of the best shot from an end position: a kill or damage, surer on a target that cannot dodge,
    less the response it may draw."""
    best = 0.0
    side = pos.side
    armor = pos.d.aircraft[my_type].armor
    for k in nearest_targets(pos, my_type, h, facing, alt, side, skip=me):
        t = pos.s.planes[k]
        tspec = pos.d.aircraft[t.type]
        dmg = shot_damage(pos, my_type, h, facing, k)
        left = tspec.armor - t.damage
        kill = dmg >= left
        worth = loss_value(pos, k)
        v = worth if kill else worth * 0.45 * dmg / tspec.armor
        p = DODGE_HIT if not t.activated else 1.0
        v = p * v + (0.4 if not t.activated else 0.0)     # a forced dodge spends the enemy's activation
        if not kill and _sees_from(pos, t.type, t.hex, t.facing, t.alt, h):
            back = shot_damage(pos, t.type, t.hex, t.facing, me, h)     # the response it draws
            v -= p * (1.0 if back >= armor - my_damage else 0.4) * loss_value(pos, me)
        best = max(best, v)
    return best


def _sees_from(pos: Pos, t_type: str, t_hex, t_facing: int, t_alt: str, h) -> bool:
    if t_alt == "high" and (t_hex in pos.lay.clouds or h in pos.lay.clouds):
        return False
    return any((t_hex[0] + o[0], t_hex[1] + o[1]) == h for o in _field_offsets(t_type, t_facing))


def threat(pos: Pos, me: str, h, alt: str, my_damage: int, armor: int, worth: float) -> float:
    """(see _threat) capped at the airplane's worth: it can be lost only once."""
    return min(worth, _threat(pos, me, h, alt, my_damage, armor, worth))


def _threat(pos: Pos, me: str, h, alt: str, my_damage: int, armor: int, worth: float) -> float:
    """The expected loss at an end position before this airplane moves again: enemy airplanes with a movement
    that brings it into their field of fire (gun_reach; less if already activated this turn, half for a bomber's
    guns), enemy AA next to it at low altitude, a barrage next turn at high altitude within reach of enemy flak."""
    side = pos.side
    total = 0.0
    left = armor - my_damage
    for k, e in pos.s.planes.items():
        if e.side == side:
            continue
        dmg = gun_reach(pos, e).get((h, alt))
        if dmg is None:
            continue
        p = REACH_P * (REACH_ACTIVATED if e.activated else 1.0)
        if not pos.d.aircraft[e.type].is_fighter:
            p *= 0.5
        total += p * (worth if dmg >= left else worth * 0.4)
    if alt == "low" and pos.sc.uses("aa"):
        for a, ah in _enemy_aa(pos):
            if hex_distance(a, h) <= 1:
                total += (0.7 if ah else 0.3) * (worth if pos.d.aa.damage >= left else worth * 0.4)
    elif alt == "high" and pos.sc.uses("barrages"):
        for a, _ in _enemy_aa(pos):
            if hex_distance(a, h) <= pos.d.barrage.range:
                total += 0.12 * (worth if pos.d.barrage.damage >= left else worth * 0.4)
                break
    return total


_REACH: dict = {}


def gun_reach(pos: Pos, e) -> dict:
    """Every (hex, altitude) an enemy airplane could shoot into after one movement from where it is (the rules of
    flight from the engine; other airplanes, clouds and lines of fire ignored), with the damage it would do."""
    key = (pos.s.scenario, e.type, e.hex, e.facing, e.alt)
    got = _REACH.get(key)
    if got is not None:
        return got
    d = pos.d
    spec = d.aircraft[e.type]
    r = flight.Rules("move", spec.is_fighter, pos.lay.hexes, frozenset(), True)
    ends = set()
    seen = set()

    def walk(n):
        if n in seen:
            return
        seen.add(n)
        if n.mp == 0:
            ends.add((n.hex, n.facing, n.alt))
            if spec.has("agile"):
                ends.add((n.hex, (n.facing + 1) % 6, n.alt))
                ends.add((n.hex, (n.facing + 5) % 6, n.alt))
        for m in flight.MANEUVERS:
            x = flight.step(r, n, m)
            if x is not None and x.hex in r.board:
                walk(x)

    n0 = flight.Node(e.hex, e.facing, e.alt, spec.speed, "", "", False, False)
    walk(n0)
    for k in range(6):
        x = flight.split_s(r, n0, k)
        if x is not None and x.hex in r.board:
            ends.add((x.hex, x.facing, x.alt))
    got = {}
    base = 2 if spec.has("gun_20mm") else 1
    for hx, f, alt in ends:
        near = ahead(hx, f)
        for off in _field_offsets(e.type, f):
            t = (hx[0] + off[0], hx[1] + off[1])
            dmg = base if t == near else 1
            if got.get((t, alt), 0) < dmg:
                got[(t, alt)] = dmg
    if len(_REACH) > 50000:
        _REACH.clear()
    _REACH[key] = got
    return got


def _enemy_aa(pos: Pos) -> list:
    """Enemy AA in action: (hex, not yet activated this turn)."""
    got = getattr(pos, "_aa", None)
    if got is None:
        enemy = other(pos.side)
        done = set(pos.s.aa_done)
        got = []
        if pos.sc.uses("aa"):
            for k, x in pos.s.ships.items():
                if x.side == enemy:
                    segs = pos.d.ship_classes[x.cls].segments
                    got += [(h, f"{k}/{segs[i]}" not in done) for i, (h, hit) in enumerate(zip(x.hexes, x.hit))
                            if not hit]
            got += [(st.hex, k not in done) for k, st in pos.s.sites.items()
                    if st.kind == "aa" and st.side == enemy and not st.destroyed]
        pos._aa = got
    return got


# -- movement planning ----------------------------------------------------------------------------------------
class Plan:
    """The best path found for the airplane now moving: the option ids in order and its score."""

    __slots__ = ("plane", "turn", "ids", "score")

    def __init__(self, plane, turn, ids, score):
        self.plane, self.turn, self.ids, self.score = plane, turn, list(ids), score


def _torpedo_value(pos: Pos, drop_hex, facing: int, aimed) -> float:
    """Expected VP of a torpedo dropped onto `drop_hex` running `facing`: the segments it would strike this end
    of turn (after the ships' move, each legal move counted alike) and, at half weight, the next end of turn (the
    ship going on ahead; none after the last turn). A ship of its own side in the way counts against it, an enemy
    ship with no segment among the bomber's `aimed` targets not at all."""
    d = pos.d
    speed = d.torpedo_speed(pos.side)
    run1 = [drop_hex] + [ahead(drop_hex, facing, i) for i in range(1, speed + 1)]
    run2 = [ahead(drop_hex, facing, i) for i in range(speed + 1, 2 * speed + 1)] \
        if pos.s.turn < pos.sc.end_turn else []
    total = 0.0
    for k, x in pos.s.ships.items():
        sign = 1.0 if x.side != pos.side else -1.0
        if sign > 0 and not any(h in aimed for h in x.hexes):
            continue
        pts = getattr(pos.sc.vp, f"{x.cls}_segment")
        cls = d.ship_classes[x.cls]
        still = not pos.sc.uses("ships") or any(x.hit[cls.segments.index(sg)] for sg in cls.stops_when_hit)

        def legal(hexes):
            return all(pos.lay.is_water(h) for h in hexes)
        futures = [x.hexes] if still else [f for f in (ship_step(x.hexes, t) for t in cls.moves) if legal(f)]
        futures = futures or [x.hexes]
        hit1 = hit2 = 0.0
        for f in futures:
            live = {h for h, hit in zip(f, x.hit) if not hit}
            first = next((h for h in run1 if h in f), None)
            if first is not None:
                hit1 += 1.0 if first in live else 0.0
                continue
            g = f if still else ship_step(f, 0)
            g = g if legal(g) else f
            live2 = {h for h, hit in zip(g, x.hit) if not hit}
            first = next((h for h in run2 if h in g), None)
            hit2 += 1.0 if first is not None and first in live2 else 0.0
        n = len(futures)
        total += sign * pts * (hit1 / n + 0.5 * hit2 / n)
    return total


def plan_movement(pos: Pos, plane: str, mode: str, att: str, shot=None, rng=None) -> Plan:
    """Enumerate the legal movements of `plane` from where it stands (its movement or its dodge) and keep the
    best by the attitude's scoring; `shot` is the shot being dodged (a state Shot) in a dodge."""
    from kaisen.games.fighters_of_the_pacific.common import Ctx
    s = pos.s
    c = Ctx(s, pos.d)
    mv = s.move
    p = s.planes[plane]
    spec = pos.d.aircraft[p.type]
    r = flight.rules_for(c, plane, mode, mv.relaxed if mv else False)
    n0 = flight.node_of(c) if mv is not None and mv.plane == plane else flight.Node(
        p.hex, p.facing, p.alt, spec.speed if mode == "move" else 1, "", "", False, False)
    low0 = tuple(mv.low_advances) if mv is not None and mv.plane == plane else ()
    last0 = mv.path[-1] if mv is not None and mv.plane == plane and mv.path else ""
    agile = spec.has("agile")
    ordn = p.ordnance if pos.armed(plane) else ""
    targets = aims(pos, ordn, p.hex, spec.speed) if ordn else {}
    # a torpedo is kept for a better run (until the last turn) unless this one is worth TORPEDO_ODDS of the best
    # segment it goes for (a run that strikes it whatever the ship does always is)
    keep = TORPEDO_ODDS * max(targets.values(), default=0.0) if s.turn < pos.sc.end_turn else 0.0
    barr = {b.hex for b in s.barrages} if s.barrages else set()
    bdmg = pos.d.barrage.damage
    armor = spec.armor
    memo: dict = {}
    ends: dict = {}
    seen: set = set()
    ctx = _Scorer(pos, plane, p, spec, att, mode, shot)

    def consider(ids, node, dmg, dropped, gain):
        key = (node.hex, node.facing, node.alt, ordn and not dropped)
        v = gain + ctx.end_value(node, p.damage + dmg, armed=bool(ordn) and not dropped)
        old = ends.get(key)
        if old is None or v > old[0]:
            ends[key] = (v, ids)

    def drops(ids, node, last, low, dmg, dropped, gain):
        """The drops open here (as flight.options offers them) and the best of them taken."""
        if not ordn or dropped:
            return
        best = None
        if ordn == "torpedo" and last == "advance" and node.alt == "low":
            to = ahead(node.hex, node.facing)
            if pos.lay.is_water(to) and c.ship_at(to) is None:
                v = _torpedo_value(pos, to, node.facing, targets)
                if v > 0 and v >= keep:
                    best = (v, "torpedo")
        elif ordn == "dive_bomb" and last == "dive":
            v = targets.get(node.hex, 0.0)
            if v > 0:
                best = (v, "dive-bomb")
        elif ordn == "bomb" and last == "advance" and node.alt == "low" and len(low) >= 2:
            for h in dict.fromkeys(low):
                v = targets.get(h, 0.0)
                if v > 0 and h in r.board and (best is None or v > best[0]):
                    best = (v, "level-bomb:" + hex_name(h))
        if best is not None:
            walk(ids + [best[1]], node, last, low, dmg, True, gain + best[0] * 1.5)

    def walk(ids, node, last, low, dmg, dropped, gain):
        key = (node, last, low if ordn == "bomb" and not dropped else (), dmg, dropped)
        if key in seen:
            return
        seen.add(key)
        if not dropped:
            drops(ids, node, last, low, dmg, dropped, gain)
        if flight.can_end(r, node):
            consider(ids + ["end"], node, dmg, dropped, gain)
            if agile:
                for side, turn, name in (("L", -1, "pivot-left"), ("R", 1, "pivot-right")):
                    if node.lateral in ("", side):
                        consider(ids + [name], node._replace(facing=(node.facing + turn) % 6), dmg, dropped, gain)
        for m in flight.MANEUVERS:
            x = flight.step(r, node, m)
            if x is None:
                continue
            if x.hex not in r.board:
                ctx.off_board(ends, ids + [m.name], x, dropped)
                continue
            if not flight.completable(r, x, memo):
                continue
            nd = dmg + (bdmg if x.alt == "high" and x.hex in barr else 0)
            if nd >= armor - p.damage:
                ends.setdefault(("dead", len(ends)), (OFF_BOARD_LOSS / 2, ids + [m.name]))
                continue
            nl = low + (x.hex,) if m.name == "advance" and node.alt == "low" else low
            walk(ids + [m.name], x, m.name, nl, nd, dropped, gain)
        if not node.started:
            for k in range(6):
                x = flight.split_s(r, node, k)
                if x is None:
                    continue
                oid = f"split-s:{k}"
                if x.hex not in r.board:
                    ctx.off_board(ends, [oid], x, dropped)
                elif flight.can_end(r, x):
                    consider(ids + [oid], x, dmg, dropped, gain)

    walk([], n0, last0, low0, 0, False, 0.0)
    if not ends:
        return Plan(plane, s.turn, ["no-dodge"] if mode == "dodge" else ["end"], 0.0)
    v = max(e[0] for e in ends.values())
    tied = [e[1] for e in ends.values() if e[0] >= v - 1e-9]     # exact ties: in the order found, or by the seed
    ids = rng.choice(tied) if rng is not None and len(tied) > 1 else tied[0]
    return Plan(plane, s.turn, ids, v)


class _Scorer:
    """Scores where a movement ends, by the attitude (BOT.md, movement priorities)."""

    def __init__(self, pos: Pos, plane: str, p, spec, att: str, mode: str, shot):
        self.pos, self.plane, self.p, self.spec, self.att, self.mode, self.shot = pos, plane, p, spec, att, mode, shot
        self._ends: dict = {}      # (hex, facing, altitude, damage, armed) -> end_value
        self._threats: dict = {}   # (hex, altitude, damage, worth) -> threat
        s = pos.s
        side = pos.side
        self.worth = loss_value(pos, plane)
        self.enemies = [(k, e) for k, e in s.planes.items() if e.side != side]
        self.friends = [(k, e) for k, e in s.planes.items() if e.side == side and k != plane]
        self.exit_edges = pos.exits.get(side, set())
        ordn = p.ordnance if pos.armed(plane) else ""
        self.ordn = ordn
        self.targets = aims(pos, ordn, p.hex, spec.speed) if ordn else {}
        # its charges: the airplanes of its own on a mission (armed, or bombers that score by leaving the board)
        self.armed_friends = [e for k, e in self.friends if pos.armed(k) or (
            self.exit_edges and not pos.d.aircraft[e.type].is_fighter)]
        # the airplanes it goes after (its focus), by attitude and role
        focus = self.enemies
        if att == INTERCEPT or (att == MISSION and spec.is_fighter):
            bombers = [(k, e) for k, e in self.enemies if pos.armed(k) or
                       (not pos.d.aircraft[e.type].is_fighter and other(side) in pos.exits)]
            if att == MISSION and self.armed_friends:
                near = [(k, e) for k, e in self.enemies
                        if any(hex_distance(e.hex, f.hex) <= 4 for f in self.armed_friends)]
                focus = near
            elif bombers:
                focus = bombers
        self.focus = focus
        self.leave = self._wants_exit()
        self.final = s.turn >= pos.sc.end_turn

    def _wants_exit(self) -> bool:
        pos = self.pos
        if not self.exit_edges or self.ordn:
            return False
        if not self.spec.is_fighter or self.att == EVASIVE:
            return True
        return not self.armed_friends or pos.s.turn >= pos.sc.end_turn

    def off_board(self, ends: dict, ids, x, dropped) -> None:
        pos = self.pos
        edge = pos.edge_of(x.hex)
        if edge in self.exit_edges:
            v = pos.sc.vp.exit + (3.0 if self.leave else -2.0) - (ORDNANCE_WORTH if self.ordn and not dropped else 0)
        else:
            v = OFF_BOARD_LOSS
        key = ("off", x.hex, x.facing, x.alt)
        if key not in ends or ends[key][0] < v:
            ends[key] = (v, ids)

    def end_value(self, n, damage: int, armed: bool) -> float:
        """The score of ending at node `n` with `damage` taken, `armed` or not: it reads only the node's hex, facing
        and altitude, so each such end is scored once per plan however many paths reach it (`_ends`)."""
        key = (n.hex, n.facing, n.alt, damage, armed)
        got = self._ends.get(key)
        if got is None:
            got = self._ends[key] = self._end_value(n.hex, n.facing, n.alt, damage, armed)
        return got

    def _end_value(self, h, f: int, alt: str, damage: int, armed: bool) -> float:
        pos, att, spec = self.pos, self.att, self.spec
        v = 0.0
        # a dodge: out of the shooter's field first
        if self.mode == "dodge" and self.shot is not None:
            g = self.shot
            if g.alt == alt and (g.type == "aa" and hex_distance(g.hex, h) <= 1 or g.type != "aa" and _sees_from(
                    pos, g.type, g.hex, g.facing, g.alt, h)):
                hit = pos.d.aa.damage if g.type == "aa" else shot_damage(pos, g.type, g.hex, g.facing, self.plane, h)
                v -= 6.0 * (1.0 if damage + hit >= spec.armor else 0.5)
        # 1. the shot it has from here
        v += 2.0 * shot_value(pos, self.plane, self.p.type, h, f, alt, damage)
        # 2. not ending where the enemy can shoot it
        worth = self.worth if armed or not self.ordn else self.worth - ORDNANCE_WORTH
        key = (h, alt, damage, worth)          # the threat does not hang on the facing: once per hex and altitude
        th = self._threats.get(key)
        if th is None:
            th = self._threats[key] = threat(pos, self.plane, h, alt, damage, spec.armor, worth)
        pressing = (armed and self.targets) or (self.leave and not spec.is_fighter)
        v -= th * (2.0 if att == EVASIVE else PRESS_THREAT if pressing else
                   1.0 if att != AGGRESSIVE else 0.7)
        # 3. the objective: a strike target, an exit edge, the focus enemy, the escorted bombers
        if armed and self.targets:
            dist = min(hex_distance(h, t) for t in self.targets)
            v -= PRESS_DIST * dist
            if self.ordn == "dive_bomb":
                v += 1.2 if alt == "high" else 0.0
            elif dist <= 6:
                v += 1.2 if alt == "low" else 0.0
            t = min(self.targets, key=lambda t: hex_distance(h, t))
            if dist and in_front(h, f, t):
                v += 0.5
        elif self.leave:
            edge_d = min(pos.edge_distance(h, e) for e in self.exit_edges)
            v -= PRESS_DIST * edge_d
        elif not spec.is_fighter:
            # a bomber with nothing left to do keeps clear of enemy fighters (the threat above) and of the edges
            pass
        else:
            if att == EVASIVE:
                pass
            elif att == MISSION and self.armed_friends and not self.focus:
                dist = min(hex_distance(h, e.hex) for e in self.armed_friends)
                v -= 0.3 * max(0, dist - 1)
                v += 0.3 if any(e.alt == alt for e in self.armed_friends) else 0.0
            elif self.focus:
                best = None
                for k, e in self.focus:
                    dist = hex_distance(h, e.hex) + (0 if in_front(h, f, e.hex) else 2) + (0 if e.alt == alt else 1)
                    if not in_front(e.hex, e.facing, h):
                        dist -= 0.5
                    if best is None or dist < best:
                        best = dist
                v -= (0.35 if att == AGGRESSIVE else 0.25) * best
        # 4. formation: next to an airplane of its own with the same facing and altitude (one group)
        for k, e in self.friends:
            if e.alt == alt and e.facing == f and hex_distance(e.hex, h) == 1:
                v += FORMATION
                break
        if alt == "low":
            v -= LOW_HANDICAP                                # a group at low altitude adds to the handicap
        # 5. keep away from the board edges it may not leave (room to turn)
        col, row = hex_to_cell(h)
        room = min(col, row, pos.lay.cols - 1 - col, pos.lay.rows - 1 - row)
        if room < 3 and not self.final and not can_escape(pos, h, f, alt, spec.speed, spec.is_fighter):
            v -= 2.0 * self.worth + 5.0                     # trapped: it would be lost off the edge next turn
        if room < 2:
            edge = min(("north", "south", "west", "east"), key=lambda e: pos.edge_distance(h, e))
            if edge not in self.exit_edges:
                v -= 0.6 * (2 - room) * (1.5 if _heads_out(pos, h, f, edge) else 0.5)
        return v


_ESCAPE: dict = {}


def can_escape(pos: Pos, h, facing: int, alt: str, speed: int, fighter: bool) -> bool:
    """Whether an airplane at (h, facing, alt) has a movement next turn that stays on the board or leaves by one
    of its side's exit edges (other airplanes ignored): a plane with none is lost off the edge."""
    key = (pos.s.scenario, pos.side, h, facing, alt, speed, fighter)
    got = _ESCAPE.get(key)
    if got is not None:
        return got
    r = flight.Rules("move", fighter, pos.lay.hexes, frozenset(), True)
    exits = pos.exits.get(pos.side, set())
    seen: set = set()

    def ok(n) -> bool:
        if n.mp == 0:
            return True
        if n in seen:
            return False
        seen.add(n)
        for m in flight.MANEUVERS:
            x = flight.step(r, n, m)
            if x is None:
                continue
            if x.hex not in r.board:
                if pos.edge_of(x.hex) in exits:
                    return True
                continue
            if ok(x):
                return True
        return False

    n0 = flight.Node(h, facing, alt, speed, "", "", False, False)
    got = ok(n0) or (fighter and alt == "high" and any(
        (x := flight.split_s(r, n0, k)) is not None and (x.hex in r.board or pos.edge_of(x.hex) in exits)
        for k in range(6)))
    if len(_ESCAPE) > 200000:
        _ESCAPE.clear()
    _ESCAPE[key] = got
    return got


def _heads_out(pos: Pos, h, f: int, edge: str) -> bool:
    col, row = hex_to_cell(ahead(h, f, 2))
    return {"north": row < 0, "south": row >= pos.lay.rows, "west": col < 0, "east": col >= pos.lay.cols}[edge]


# -- the agent --------------------------------------------------------------------------------------------------
class SoloBot(Agent):
    """The solo mode's bot (BOT.md)."""

    name = "heuristic"

    def __init__(self, side: str, seed: int | None = None):
        super().__init__(side, seed)
        self.plan: Plan | None = None
        self.last_attitude: str | None = None

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        att = attitude(view, self.side)
        self.last_attitude = att
        kind = decision.kind
        handler = getattr(self, "_" + kind.replace("-", "_"))
        return handler(view, decision, att)

    # barrage --------------------------------------------------------------------------------------------------
    def _barrage(self, view, decision, att) -> str:
        """1. the hex with the most enemy airplanes under it now (more than own ones); 2. with no enemy airplane
        at low altitude within 3 hexes of the AA, the hex just ahead of the nearest enemy airplane at high
        altitude (a bomber first) in reach; 3. no barrage (keep the low fire)."""
        pos = Pos(view, self.side)
        s = pos.s
        opts = decision.options
        best, best_n = None, 0
        for o in opts:
            f = o.fields
            if f["verb"] != "barrage":
                continue
            n = sum(1 if s.planes[k].side != self.side else -1 for k in f["hits"])
            if n > best_n:
                best, best_n = o.id, n
        if best is not None:
            return best
        unit = opts[-1].fields["aa"]
        from kaisen.games.fighters_of_the_pacific import aa
        from kaisen.games.fighters_of_the_pacific.common import Ctx
        at = aa.where(Ctx(s, pos.d), unit)
        if any(e.side != self.side and e.alt == "low" and hex_distance(e.hex, at) <= 3 for e in s.planes.values()):
            return "no-barrage"
        offered = {o.fields["hex"]: o.id for o in opts if o.fields["verb"] == "barrage"}
        cands = []
        for k, e in sorted(s.planes.items()):
            if e.side == self.side or e.alt != "high" or e.activated:
                continue
            h = hex_name(ahead(e.hex, e.facing))
            if h in offered:
                bomber = not pos.d.aircraft[e.type].is_fighter
                cands.append((not bomber, hex_distance(e.hex, at), k, offered[h]))
        if cands:
            return min(cands)[3]
        return "no-barrage"

    # activate -------------------------------------------------------------------------------------------------
    def _activate(self, view, decision, att) -> str:
        """1. an AA with a target in reach; 2. (Mission) a group with an armed bomber that can strike this
        activation; 3. a group that can shoot an enemy airplane already activated (it cannot dodge); 4. pass, if it
        holds the initiative and may; 5. the group farthest from the enemy (the engaged ones move last)."""
        pos = Pos(view, self.side)
        s = pos.s
        opts = decision.options
        for o in opts:
            if o.fields["verb"] == "aa" and o.fields["targets"]:
                return o.id
        groups = [o for o in opts if o.fields["verb"] == "activate"]
        if att == MISSION:
            for o in groups:
                if any(pos.armed(k) and self._can_strike(pos, k) for k in o.fields["planes"]):
                    return o.id
        for o in groups:
            if any(self._sure_shot(pos, k) for k in o.fields["planes"]):
                return o.id
        passing = next((o.id for o in opts if o.fields["verb"] == "pass"), None)
        if passing is not None:
            return passing
        if not groups:
            return next(o.id for o in opts if o.fields["verb"] == "aa")
        enemies = [e for e in s.planes.values() if e.side != self.side]

        def far(o):
            if not enemies:
                return 0
            return min(hex_distance(s.planes[k].hex, e.hex) for k in o.fields["planes"] for e in enemies)
        best = max(groups, key=far)
        return best.id

    def _can_strike(self, pos: Pos, plane: str) -> bool:
        p = pos.s.planes[plane]
        spec = pos.d.aircraft[p.type]
        tg = aims(pos, p.ordnance, p.hex, spec.speed)
        return any(hex_distance(p.hex, t) <= spec.speed + 1 for t in tg)

    def _sure_shot(self, pos: Pos, plane: str) -> bool:
        p = pos.s.planes[plane]
        spec = pos.d.aircraft[p.type]
        reach = spec.speed + spec.forward_range
        return any(e.side != self.side and e.activated and e.alt == p.alt and hex_distance(e.hex, p.hex) <= reach
                   and spec.is_fighter for e in pos.s.planes.values())

    # pick-airplane --------------------------------------------------------------------------------------------
    def _pick_airplane(self, view, decision, att) -> str:
        """1. an armed bomber that can strike; 2. the airplane furthest ahead along the group's facing (it does not
        block the others); ties: the first offered."""
        pos = Pos(view, self.side)
        s = pos.s
        opts = decision.options
        for o in opts:
            k = o.fields["plane"]
            if pos.armed(k) and self._can_strike(pos, k):
                return o.id

        def lead(o):
            p = s.planes[o.fields["plane"]]
            x, y = _xy(p.hex)
            vx, vy = _DIR_VEC[p.facing]
            return x * vx + y * vy
        return max(opts, key=lead).id

    # maneuver / dodge -----------------------------------------------------------------------------------------
    def _maneuver(self, view, decision, att) -> str:
        ids = [o.id for o in decision.options]
        mv = view["move"]
        plan = self.plan
        if plan is None or plan.plane != mv["plane"] or plan.turn != view["turn"] or not plan.ids \
                or plan.ids[0] not in ids:
            pos = Pos(view, self.side)
            plan = self.plan = plan_movement(pos, mv["plane"], mv["mode"], att, self._shot_at(pos, mv), self.rng)
        nxt = plan.ids[0] if plan.ids else None
        if nxt not in ids:                                   # the engine ended it for us or the plan is stale
            pos = Pos(view, self.side)
            plan = self.plan = plan_movement(pos, mv["plane"], mv["mode"], att, self._shot_at(pos, mv), self.rng)
            nxt = plan.ids[0] if plan.ids else None
            if nxt not in ids:
                nxt = self._fallback(decision)
                self.plan = None
                return nxt
        plan.ids.pop(0)
        if not plan.ids:
            self.plan = None
        return nxt

    def _dodge(self, view, decision, att) -> str:
        return self._maneuver(view, decision, att)

    def _shot_at(self, pos: Pos, mv) -> Any:
        if mv["mode"] != "dodge":
            return None
        for sh in reversed(pos.s.chain):
            if sh.target == mv["plane"]:
                return sh
        return None

    def _fallback(self, decision) -> str:
        """Never off a non-exit edge when anything else is offered: the first on-board option."""
        for o in decision.options:
            if not o.fields.get("off_board"):
                return o.id
        return decision.options[0].id

    # shoot / respond ------------------------------------------------------------------------------------------
    def _shoot(self, view, decision, att) -> str:
        """Always shoot when offered: 1. a kill; 2. the higher-value target (a bomber, an armed one); 3. double
        damage; 4. a target that cannot dodge; ties: the first offered."""
        pos = Pos(view, self.side)
        best, key = None, None
        for o in decision.options:
            f = o.fields
            if f["verb"] != "shoot":
                continue
            t = pos.s.planes[f["target"]]
            left = pos.d.aircraft[t.type].armor - t.damage
            k = (f["damage"] >= left, loss_value(pos, f["target"]), f["damage"], not f["dodges"])
            if key is None or k > key:
                best, key = o.id, k
        return best if best is not None else "hold"

    def _respond(self, view, decision, att) -> str:
        """Always fire back: a response costs nothing."""
        return "respond"

    # ships ----------------------------------------------------------------------------------------------------
    def _ship_move(self, view, decision, att) -> str:
        """1. out of the path of torpedoes running; 2. furthest from the enemy's armed bombers; 3. the most room
        (legal moves next turn, distance from the edges); ties: ahead, left, right as offered."""
        pos = Pos(view, self.side)
        s = pos.s
        runs = set()
        for t in s.torpedoes:
            for i in range(0, pos.d.torpedo_speed(t.side) + 1):
                runs.add(ahead(t.hex, t.facing, i))
        bombers = [e.hex for k, e in s.planes.items() if e.side != self.side and pos.armed(k)]
        best, key = None, None
        for o in decision.options:
            hexes = [hex_of(h) for h in o.fields["hexes"]]
            hit = sum(h in runs for h in hexes)
            far = min((hex_distance(h, b) for h in hexes for b in bombers), default=0)
            room = min(min(pos.edge_distance(h, e) for e in ("north", "south", "west", "east")) for h in hexes)
            k = (-hit, min(far, 6), min(room, 3))
            if key is None or k > key:
                best, key = o.id, k
        return best

    # reinforcements -------------------------------------------------------------------------------------------
    def _place_reinforcement(self, view, decision, att) -> str:
        """An airplane arriving with ordnance the scenario uses: the offered hex nearest the targets it will go for
        (aims), whatever the attitude. Others: the offered hex nearest its attitude's focus (Mission: its armed
        bombers; Intercept: the enemy's armed bombers; Aggressive: the nearest enemy); Evasive: the hex furthest
        from the enemy. Either way out of reach of enemy guns where it can. Ties: the first offered."""
        pos = Pos(view, self.side)
        s = pos.s
        plane = decision.options[0].fields["plane"]
        entry = next(e for e in view["reinforcements"] if e["id"] == plane)
        spec = pos.d.aircraft[entry["type"]]
        worth = float(pos.sc.vp.fighter if spec.is_fighter else pos.sc.vp.bomber)
        ordn = entry["ordnance"] if entry["ordnance"] and pos.sc.uses(ORDNANCE_RULE[entry["ordnance"]]) else ""
        armed = bool(ordn and pos.strike_targets.get(ordn))
        if armed:
            worth += ORDNANCE_WORTH
        enemies = [(k, e) for k, e in s.planes.items() if e.side != self.side]
        if att == INTERCEPT:
            focus = [e.hex for k, e in enemies if pos.armed(k)] or [e.hex for k, e in enemies]
        elif att == MISSION:
            focus = [e.hex for k, e in s.planes.items() if e.side == self.side and pos.armed(k)] or [
                e.hex for k, e in enemies]
        else:
            focus = [e.hex for k, e in enemies]
        best, key = None, None
        for o in decision.options:
            h = hex_of(o.fields["hex"])
            th = threat(pos, plane, h, o.fields["alt"], 0, spec.armor, worth)
            if armed:
                k = -min(hex_distance(h, t) for t in aims(pos, ordn, h, spec.speed)) - 2.0 * th
            else:
                dist = min((hex_distance(h, x) for x in focus), default=0)
                k = (dist if att == EVASIVE else -dist) - 2.0 * th
            if key is None or k > key:
                best, key = o.id, k
        return best


register_agent(GAME_ID, "heuristic", SoloBot)
