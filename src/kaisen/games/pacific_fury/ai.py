"""A heuristic Pacific Fury agent that plays the rulebook's Players Notes (keys to winning, TF sequencing)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kaisen.agents.base import Agent, register_agent
from kaisen.engine.core import Decision

IBS, SLOT = "ironbottom", "slot"
OPERATIONS = 7
BOXES = 7
CARRIERS = ("CV", "CVL")
UNSEEN_SHIP_FIRE = 0.7       # expected surface hits of an enemy ship we have not seen (about CF 2.5)


def best(items, key, rng: random.Random):
    """The item with the highest key; a tie is broken by the agent's seeded generator."""
    scored = [(key(i), i) for i in items]
    top = max(k for k, _ in scored)
    tied = [i for k, i in scored if k == top]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


class Menu:
    """A decision's options read through their fields (contract v2): the agent finds the option that does
    what it wants (a verb and the task force, zone, target or unit it names) and answers with its id; it
    never reads what an id or a label says."""

    def __init__(self, decision: Decision):
        self.options = decision.options

    def find(self, verb: str, **want: Any) -> str | None:
        """The id of the option with this verb whose fields hold every wanted value; None if none is offered."""
        for o in self.options:
            f = o.fields
            if f["verb"] == verb and all(f.get(k) == v for k, v in want.items()):
                return o.id
        return None

    def having(self, verb: str, **want: Any) -> list:
        """Every option with this verb whose fields hold every wanted value, in menu order."""
        return [o for o in self.options
                if o.fields["verb"] == verb and all(o.fields.get(k) == v for k, v in want.items())]


# -- the map (public rules data, never state) --------------------------------------------------------
@lru_cache(maxsize=1)
def _map() -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    from kaisen.games.pacific_fury import GAME
    d = GAME.data
    return dict(d.adjacent), {side: b.sortie_zone for side, b in d.bases.items()}


def adjacent(zone: str) -> frozenset[str]:
    return _map()[0][zone]


def sortie_zone(side: str) -> str:
    return _map()[1][side]


# -- what a side knows, digested from its view --------------------------------------------------------
@dataclass(frozen=True)
class SeenTF:
    """A task force as this side sees it: ships is None while it is concealed."""

    id: str
    side: str
    zone: str | None
    box: int | None
    count: int
    ships: tuple[str, ...] | None
    kind: str | None          # TF-A / TF-B / TF-C (the Tokyo Express is a TF-B) or None if unknown

    @property
    def is_tokyo_express(self) -> bool:
        return self.ships == ("tokyo-express",)


class Board:
    """The view of one side, read into task forces, Henderson Field and operations left."""

    def __init__(self, view: dict[str, Any], side: str):
        self.view = view
        self.side = side
        self.foe = "usa" if side == "japan" else "japan"
        self.units: dict[str, dict[str, Any]] = view["units"]
        self.initiative: str = view["initiative"]
        self.henderson_operational = view["henderson"] == "operational"
        self.my_ops: int = view["operations"][side]
        self.combat: dict[str, Any] = view.get("combat") or {}
        self.on_map: list[SeenTF] = [
            SeenTF(t["tf"], t["side"], z["id"], None, t["count"],
                   tuple(t["ships"]) if t["ships"] is not None else None, t["type"])
            for z in view["zones"] for t in z["task_forces"]]
        mine = view["sides"][side]
        self.base: list[str] = list(mine["base"] or [])
        self.boxes: list[SeenTF] = sorted(
            (SeenTF(b["tf"], side, None, b["box"], b["count"], tuple(b["ships"] or ()), None) for b in mine["boxes"]),
            key=lambda t: t.box)

    # roles
    @property
    def attacking(self) -> bool:
        """The non-initiative side goes for Henderson Field (keys to winning 1)."""
        return self.side != self.initiative

    @property
    def ops_left(self) -> int:
        return OPERATIONS - self.my_ops

    # task forces
    def mine(self, zone: str | None = None) -> list[SeenTF]:
        return [t for t in self.on_map if t.side == self.side and (zone is None or t.zone == zone)]

    def enemy(self, zone: str | None = None) -> list[SeenTF]:
        return [t for t in self.on_map if t.side == self.foe and (zone is None or t.zone == zone)]

    def kind(self, tf: SeenTF) -> str | None:
        if tf.kind is not None:
            return tf.kind
        return task_force_type(self.units, tf.ships) if tf.ships else None

    def mine_of(self, kind: str) -> list[SeenTF]:
        return [t for t in self.mine() if self.kind(t) == kind and not t.is_tokyo_express]

    def tokyo_express(self) -> SeenTF | None:
        return next((t for t in self.mine() if t.is_tokyo_express), None)

    def next_to_sortie(self) -> SeenTF | None:
        return self.boxes[0] if self.boxes else None

    def guarded(self) -> bool:
        return bool(self.mine(IBS))

    def landing_pending(self) -> bool:
        """A TF-A or the Tokyo Express still to land this turn (on the map or waiting in a box)."""
        tfs = self.mine() + self.boxes
        return any(t.is_tokyo_express or self.kind_of_ships(t.ships) == "TF-A" for t in tfs)

    def landing_ready(self) -> bool:
        """A TF-A of ours on the map next to Ironbottom Sound (it may land on our next operation)."""
        return any(self.kind(t) == "TF-A" and t.zone != IBS and IBS in adjacent(t.zone) for t in self.mine())

    def landing_possible(self) -> bool:
        """A TF-A sortied now could still land this turn (9.3): an operation after this one to land with and
        Henderson Field disrupted, or a second one and a TF-B next to the Sound or a TF-C at sea of ours to
        disrupt it first."""
        if not self.henderson_operational:
            return self.ops_left >= 2
        disrupter = any(self.kind(t) == "TF-B" and not t.is_tokyo_express and t.zone != IBS
                        and IBS in adjacent(t.zone) or self.kind(t) == "TF-C" for t in self.mine())
        return disrupter and self.ops_left >= 3

    def amphibious_pending(self) -> bool:
        """A TF-A still to land: carriers next to its sortie zone could sink its Transports."""
        return any(self.kind_of_ships(t.ships) == "TF-A" for t in self.mine() + self.boxes)

    def air_threat(self, zone: str) -> list[SeenTF]:
        """Enemy task forces that may be carrier groups within air-strike reach of a zone."""
        return [t for t in self.enemy() if t.zone in adjacent(zone) and t.zone not in (IBS, SLOT)
                and self.kind(t) in ("TF-C", None)]

    def kind_of_ships(self, ships) -> str | None:
        return task_force_type(self.units, ships) if ships else None

    def fire(self, tf: SeenTF) -> float:
        """Expected hits of a task force in one round of surface combat."""
        if tf.ships is None:
            return tf.count * UNSEEN_SHIP_FIRE
        return surface_fire(self.units, tf.ships)

    def zone_fire(self, zone: str, side: str) -> float:
        return sum(self.fire(t) for t in self.on_map if t.zone == zone and t.side == side)


def task_force_type(units: dict[str, dict[str, Any]], ships) -> str:
    """8.3: Transports make a TF-A, a carrier a TF-C, anything else is a TF-B."""
    types = {units[u]["type"] for u in ships}
    if "AP" in types:
        return "TF-A"
    if types & set(CARRIERS):
        return "TF-C"
    return "TF-B"


def expected_hits(cf: int) -> float:
    """10.2: a roll r <= CF scores r hits, so one die is worth (1 + ... + CF) / 6."""
    cf = max(0, min(cf, 6))
    return cf * (cf + 1) / 12


def surface_fire(units, ships) -> float:
    return sum(expected_hits(units[u]["cf"]) for u in ships)


def air_power(units, ships) -> float:
    return sum(expected_hits(units[u]["cf"]) for u in ships if units[u]["type"] in CARRIERS)


def ship_worth(units, u: str) -> float:
    """How much a ship matters for later turns: carriers most, then battleships, then cruisers."""
    spec = units[u]
    if spec["type"] in ("AP", "TE"):
        return 2.0
    return spec["cf"] + spec["df"] + 3 * spec["icons"]


# -- forming task forces (8.2): the plan ------------------------------------------------------------
@dataclass(frozen=True)
class BoxPlan:
    role: str                  # strike | tokyo-express | amphibious | bombardment | guard
    ships: tuple[str, ...]     # Transports of an amphibious task force are added as they come


def strength_order(units, ships) -> list[str]:
    return sorted(ships, key=lambda u: (-units[u]["cf"], -units[u]["df"], u))


def plan_task_forces(b: Board) -> tuple[BoxPlan, ...]:
    """The task forces of this turn, box by box; a function of the ships available, so stable while forming."""
    formed = [u for t in b.boxes for u in t.ships if u != "tokyo-express"]
    roster = tuple((u, b.units[u]["type"], b.units[u]["cf"], b.units[u]["df"], b.units[u]["icons"])
                   for u in sorted(set(b.base) | set(formed)))
    te_formed = any(t.is_tokyo_express for t in b.boxes)
    return _plan(b.side, b.attacking, te_formed, roster)


@lru_cache(maxsize=256)
def _plan(side: str, attacking: bool, te_formed: bool, roster: tuple) -> tuple[BoxPlan, ...]:
    units = {u: {"type": t, "cf": cf, "df": df, "icons": icons} for u, t, cf, df, icons in roster}
    carriers = strength_order(units, [u for u in units if units[u]["type"] in CARRIERS])
    surface = strength_order(units, [u for u in units if units[u]["type"] not in CARRIERS + ("AP", "TE")])
    transports = [u for u in units if units[u]["type"] == "AP"]
    if attacking:
        return tuple(attack_plan(side, carriers, surface, transports, te_formed))
    return tuple(defence_plan(carriers, surface))


def attack_plan(side: str, carriers, surface, transports, te_formed) -> list[BoxPlan]:
    """Non-initiative: a carrier strike on Henderson Field first, then the Tokyo Express, the bombardment
    group, and the Transports last (Operations Sequencing: land late, after the way is clear). 9.1 sorties
    only the lowest box, so a TF-A waiting for Henderson Field to fall must not sit in front of the group
    that is to knock it out: it would hold the group in its box until 9.7 pushes it out of box 7. Every
    escort goes to the bombardment group, which must clear a guarded Sound in its first round (9.4, 10.3);
    the TF-A lands only once the way is clear, and if it cannot land its escort would sit the turn out."""
    plan: list[BoxPlan] = []
    escorts = list(surface)
    if carriers:
        screen = escorts[-3:] if len(escorts) > 8 else []     # a few light cruisers for AA
        escorts = [u for u in escorts if u not in screen]
        plan.append(BoxPlan("strike", tuple(carriers) + tuple(screen)))
    tokyo_express = side == "japan" and (te_formed or bool(transports))
    if tokyo_express:
        plan.append(BoxPlan("tokyo-express", ()))
    if escorts:
        plan.append(BoxPlan("bombardment", tuple(escorts)))
    if len(transports) - (0 if te_formed or not tokyo_express else 1) > 0:
        plan.append(BoxPlan("amphibious", ()))
    return plan


def defence_plan(carriers, surface) -> list[BoxPlan]:
    """Initiative: several small surface groups to hold Ironbottom Sound one after another, and one
    carrier group to hit whatever the enemy sorties (3 to 5 ships a group, US Surface TF notes)."""
    groups: list[list[str]] = []
    n_groups = max(1, min(5, len(surface) // 4))
    for i, u in enumerate(surface):        # deal strongest first, round robin: balanced groups
        if i < n_groups:
            groups.append([u])
        else:
            groups[i % n_groups].append(u)
    plan = [BoxPlan("guard", tuple(g)) for g in groups if g]
    if carriers:
        screen = tuple(plan.pop().ships) if len(plan) > 2 else ()
        plan.insert(0, BoxPlan("strike", tuple(carriers) + screen))
    return plan[:BOXES]


def forming_choice(b: Board, menu: Menu) -> str | None:
    """Fill the open box from the plan, then close it; finish when the plan is done."""
    plan = plan_task_forces(b)
    box = b.view["control"]["forming_box"]
    current = next((t for t in b.boxes if t.box == box), None)
    have = set(current.ships) if current else set()
    i = box - 1
    if i < len(plan):
        spec = plan[i]
        if spec.role == "tokyo-express":
            te = menu.find("tokyo-express")
            if te:
                return te
        else:
            want = list(spec.ships)
            if spec.role == "amphibious":
                want += [u for u in b.base if b.units[u]["type"] == "AP"]
            for u in want:
                add = menu.find("add", unit=u) if u not in have else None
                if add:
                    return add
        close = menu.find("close") if current is not None and i + 1 < len(plan) else None
        if close:
            return close
    return menu.find("done")


# -- operations (9.0) -------------------------------------------------------------------------------
def attack_operation(b: Board, menu: Menu) -> str | None:
    """Non-initiative: disrupt Henderson Field, clear Ironbottom Sound, then land (keys to winning 1).
    Each rule returns an offered option's id or None (then the next rule is asked)."""
    for rule in (carrier_strike, tokyo_express_run, amphibious_landing, save_the_last_box, bombardment,
                 sortie_for_attack, cover_the_landing):
        oid = rule(b, menu)
        if oid:
            return oid
    return menu.find("pass")


def save_the_last_box(b: Board, menu: Menu) -> str | None:
    """9.7: any operation but a sortie pushes a task force in box 7 out for the turn; the side whose next
    task force waits there sorties it first, if its sortie serves a purpose (the sortie rules decide)."""
    if not b.boxes or b.boxes[-1].box < BOXES:
        return None
    return sortie_for_attack(b, menu) if b.attacking else guard_sortie(b, menu)


def carrier_strike(b: Board, menu: Menu) -> str | None:
    """9.5: a TF-C on the map strikes Henderson Field while it is operational, else what guards the Sound."""
    for tf in b.mine_of("TF-C"):
        henderson = menu.find("strike", tf=tf.id, target="henderson")
        if henderson:
            return henderson
        target = best_strike_target(b, tf, menu)
        if target:
            return target
    return None


def best_strike_target(b: Board, tf: SeenTF, menu: Menu) -> str | None:
    """The offered air strike of `tf` worth most (a tie goes to the greater id, a fixed order)."""
    scored = []
    for o in menu.having("strike", tf=tf.id):
        score = strike_value(b, o.fields["target"])
        if score > 0:
            scored.append((score, o.id))
    return max(scored)[1] if scored else None


def strike_value(b: Board, target: str) -> float:
    """How much an air strike on a target helps. Attacking: Henderson Field first, then the carriers
    that could sink our Transports on their way in, then the guard of Ironbottom Sound. Defending:
    Transports first, then whatever sits in the Sound, carriers, and task forces not yet seen."""
    if target == "henderson":
        return 100.0 if b.henderson_operational else 0.0
    if target == IBS:
        if b.attacking:
            return 50.0 if b.landing_pending() else 0.0
        return 60.0      # an enemy in the Sound while we hold the field: it is there to land or bombard
    tf = next((t for t in b.enemy() if t.id == target), None)
    if tf is None:
        return 0.0
    kind = b.kind(tf)
    if kind == "TF-A":
        return 90.0
    if b.attacking:
        if kind in ("TF-C", None) and b.amphibious_pending():
            return 70.0 if kind == "TF-C" else 55.0
        return 0.0
    return {"TF-C": 40.0, None: 30.0}.get(kind, 3.0)


def tokyo_express_run(b: Board, menu: Menu) -> str | None:
    """9.6: the Tokyo Express runs from The Slot as soon as it is there (detection is a 1, or 1-2)."""
    te = b.tokyo_express()
    if te is not None and te.zone == SLOT:
        return menu.find("move", tf=te.id, zone=IBS)
    return None


def amphibious_landing(b: Board, menu: Menu) -> str | None:
    """9.3: land once Henderson Field is disrupted. Through a guard the TF-A lands only if its first round
    clears the Sound, which takes a hit on every enemy ship there (10.3, 10.7); its escort must expect that
    many hits. A weaker attempt, even with time running out, only feeds the Transports to the guard
    (10.7 lets hits reach them once each escort is hit) and a sunk one shifts the marker to the enemy (11.0)."""
    if b.henderson_operational:
        return None
    guard_ships = sum(t.count for t in b.enemy(IBS))
    for tf in b.mine_of("TF-A"):
        if tf.zone not in adjacent(IBS) or tf.zone == IBS:
            continue
        if guard_ships == 0 or b.fire(tf) >= guard_ships:
            return menu.find("move", tf=tf.id, zone=IBS)
    return None


def bombardment(b: Board, menu: Menu) -> str | None:
    """9.4: a TF-B next to the Sound bombards while the field is operational; afterwards it attacks the
    Sound's guard when a TF-A is ready to land behind it (9.3: a guard left in the Sound stops the landing)."""
    for tf in b.mine_of("TF-B"):
        if tf.zone in (None, IBS) or IBS not in adjacent(tf.zone):
            continue
        if b.henderson_operational or (b.enemy(IBS) and b.landing_ready()):
            return menu.find("move", tf=tf.id, zone=IBS)
    return None


def cover_the_landing(b: Board, menu: Menu) -> str | None:
    """With nothing better to do, a TF-B next to the Sound moves in ahead of a landing still to come."""
    for tf in b.mine_of("TF-B"):
        if tf.zone not in (None, IBS) and IBS in adjacent(tf.zone) and b.landing_pending():
            return menu.find("move", tf=tf.id, zone=IBS)
    return None


def sortie_for_attack(b: Board, menu: Menu) -> str | None:
    """9.1: the next box sorties; a TF-B to The Slot (Japan) or its sortie zone, the Tokyo Express to the
    Slot. A TF-A sorties only if it can still land this turn (9.3: Henderson Field disrupted, or a
    bombardment or strike of ours still to come, and an operation left to land with); it waits while
    enemy carriers could strike it in the sortie zone, unless time runs out. A TF-A that cannot land
    stays home: sunk Transports shift the marker to the enemy even with the field disrupted (11.0)."""
    tf = b.next_to_sortie()
    if tf is None:
        return None
    if tf.is_tokyo_express:
        return menu.find("sortie", tf=tf.id, zone=SLOT)
    kind = b.kind_of_ships(tf.ships)
    to_slot = menu.find("sortie", tf=tf.id, zone=SLOT) if kind == "TF-B" else None
    if to_slot:
        if not b.henderson_operational and not b.landing_pending():
            return None
        return to_slot
    if kind == "TF-A":
        if not b.landing_possible():
            return None
        if b.air_threat(sortie_zone(b.side)):
            return None
    return menu.find("sortie", tf=tf.id, zone=sortie_zone(b.side))


def defence_operation(b: Board, menu: Menu) -> str | None:
    """Initiative: keep a TF-B in Ironbottom Sound, strike whatever threatens Henderson Field."""
    for rule in (strike_the_threat, save_the_last_box, guard_ironbottom, sweep_the_slot, sortie_carriers,
                 sortie_the_guards):
        oid = rule(b, menu)
        if oid:
            return oid
    return menu.find("pass")


def guard_sortie(b: Board, menu: Menu) -> str | None:
    """The initiative side's next box sorties where it serves: a TF-B to Ironbottom Sound (9.1 exception),
    a TF-C to its sortie zone, in reach of the enemy's sortie zone."""
    nxt = b.next_to_sortie()
    if nxt is None:
        return None
    kind = b.kind_of_ships(nxt.ships)
    zone = IBS if kind == "TF-B" else sortie_zone(b.side)
    return menu.find("sortie", tf=nxt.id, zone=zone)


def strike_the_threat(b: Board, menu: Menu) -> str | None:
    """A TF-C hits a TF-A, a carrier group or an unknown task force next to it (one strike per sortie)."""
    for tf in b.mine_of("TF-C"):
        target = best_strike_target(b, tf, menu)
        if target:
            return target
    return None


def guard_ironbottom(b: Board, menu: Menu) -> str | None:
    """The US player must always consider having a TF-B in Ironbottom Sound (Operations Sequencing)."""
    enemy_in_sound = b.enemy(IBS)
    if b.guarded() and not enemy_in_sound:
        return None
    nxt = b.next_to_sortie()
    guard = nxt is not None and b.kind_of_ships(nxt.ships) == "TF-B"
    sortie = menu.find("sortie", tf=nxt.id, zone=IBS) if guard else None
    if sortie:
        return sortie
    for tf in b.mine_of("TF-B"):
        move = menu.find("move", tf=tf.id, zone=IBS) if tf.zone != IBS else None
        if move:
            return move
    return None


def sweep_the_slot(b: Board, menu: Menu) -> str | None:
    """A lone task force in The Slot is likely the Tokyo Express: a guard sinks it, if another guard
    or a waiting TF-B can hold the Sound afterwards."""
    lone = [t for t in b.enemy(SLOT) if t.count <= 2]
    if not lone:
        return None
    guards = b.mine(IBS)
    reserve = b.next_to_sortie()
    cover = len(guards) > 1 or (reserve is not None and b.kind_of_ships(reserve.ships) == "TF-B")
    if guards and cover:
        strongest = max(guards, key=b.fire)
        return menu.find("move", tf=strongest.id, zone=SLOT)
    return None


def sortie_carriers(b: Board, menu: Menu) -> str | None:
    nxt = b.next_to_sortie()
    if nxt is not None and b.kind_of_ships(nxt.ships) == "TF-C":
        return menu.find("sortie", tf=nxt.id, zone=sortie_zone(b.side))
    return None


def sortie_the_guards(b: Board, menu: Menu) -> str | None:
    """The next TF-B sorties straight to Ironbottom Sound (9.1 exception) instead of a pass: small groups
    sortied on the early operations (Players Notes, Operations Sequencing) join the guard, and 8.2 makes
    the task forces there one force, which a bombardment or landing must clear in its first round
    (9.3, 9.4, 10.3). Kept in its box it only waits, and every pass (9.7) pushes it towards box 7."""
    nxt = b.next_to_sortie()
    if nxt is None or b.kind_of_ships(nxt.ships) != "TF-B":
        return None
    return menu.find("sortie", tf=nxt.id, zone=IBS)


# -- combat decisions (10.x) -----------------------------------------------------------------------
def allocate_hit(b: Board, decision: Decision, rng: random.Random) -> str:
    """10.7: one hit takes a ship out of this fight, more hits may sink it; Transports sink to one hit.
    Each hit goes where it buys the most: a ship not yet hit, else the best sinking chance per hit."""
    applied = b.combat.get("applied", {})
    units = b.units

    def gain(u: str) -> float:
        a = applied.get(u, 0)
        spec = units[u]
        if spec["type"] in ("AP", "TE"):
            return 200.0 if a == 0 else -1.0
        presence = 10.0 + expected_hits(spec["cf"]) * 4 if a == 0 else 0.0
        now = sink_chance(a, spec["df"])
        best_rate = max((sink_chance(a + k, spec["df"]) - now) / k for k in range(1, spec["df"] + 3))
        return presence + best_rate * ship_worth(units, u)

    return best(decision.options, lambda o: gain(o.fields["unit"]), rng).id


def sink_chance(hits: int, df: int) -> float:
    """10.7 Sunk Table: hits > DF sinks on 2-6, hits = DF on 4-6, fewer on a 6."""
    if hits <= 0:
        return 0.0
    return 5 / 6 if hits > df else 3 / 6 if hits == df else 1 / 6


def return_to_base(b: Board) -> str:
    """The verb of the answer, "stay" or "return". 10.8: hold Ironbottom Sound at any price (a cleared Sound
    lets the enemy bombard or land); a TF-A that failed to clear the Sound in round 1 cannot land and saves
    its Transports; the Tokyo Express has nothing to lose; elsewhere stay while we are at least as strong as
    what is left of the enemy."""
    cb = b.combat
    zone, attacker = cb.get("zone"), cb.get("attacker")
    if cb.get("kind") == "air":
        return air_strike_return(b, cb)
    if zone is None:
        return "stay"
    here = b.mine(zone)
    if zone == IBS and attacker == b.foe or any(t.is_tokyo_express for t in here):
        return "stay"
    if attacker == b.side and any(b.kind(t) == "TF-A" for t in here):
        return "return"
    if cb.get("kind") == "carrier":
        mine = sum(air_power(b.units, t.ships) for t in here if t.ships)
        theirs = sum(air_power(b.units, t.ships) for t in b.enemy(zone) if t.ships)
        return "stay" if mine >= 0.8 * theirs else "return"
    return "stay" if b.zone_fire(zone, b.side) >= 0.8 * b.zone_fire(zone, b.foe) else "return"


def air_strike_return(b: Board, cb: dict[str, Any]) -> str:
    """10.8 for the target of an air strike: the Sound's guard and a TF-A on its way stay; a carrier
    group stays if its return fire matches the strike; anything else gets out of the way."""
    target = cb.get("target")
    if target == IBS:
        return "stay"
    mine = next((t for t in b.mine() if t.id == target), None)
    if mine is None:
        return "return"
    kind = b.kind(mine)
    if kind == "TF-A":
        return "stay"
    if kind == "TF-C":
        striker = next((t for t in b.enemy() if t.id == cb.get("mover")), None)
        theirs = air_power(b.units, striker.ships) if striker and striker.ships else 2.0
        return "stay" if air_power(b.units, mine.ships) >= theirs else "return"
    return "return"


def carrier_target(b: Board, decision: Decision, rng: random.Random) -> str:
    """10.5: a TF-C aims at Transports first, then at enemy carriers, then at the biggest task force."""
    def score(target: str) -> tuple:
        tf = next((t for t in b.enemy() if t.id == target), None)
        kind = b.kind(tf) if tf else None
        rank = {"TF-A": 3, "TF-C": 2}.get(kind or "", 1)
        return rank, tf.count if tf else 0
    return best(decision.options, lambda o: score(o.fields["target"]), rng).id


def declare_carrier_combat(b: Board, menu: Menu) -> str | None:
    """10.5: with the only carriers in the zone, fighting costs nothing but the strike we might have made."""
    return menu.find("fight")


def second_strike(b: Board, menu: Menu) -> str | None:
    """10.6: a second round on Henderson Field if it still stands, else the best target in reach."""
    scored = [(strike_value(b, o.fields["target"]), o.id) for o in menu.having("strike")]
    scored = [s for s in scored if s[0] > 0]
    return max(scored)[1] if scored else menu.find("end")


def revive_carrier(b: Board, decision: Decision) -> str:
    return max(decision.options, key=lambda o: (ship_worth(b.units, o.fields["unit"]), o.id)).id


class HeuristicAgent(Agent):
    """Plays the rulebook's Players Notes: the non-initiative side strikes Henderson Field, runs the
    Tokyo Express and lands late; the initiative side guards Ironbottom Sound and hits the Transports.
    Works from the side's view and the decision alone; ties are broken by its seeded generator."""

    name = "heuristic"

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        oid = self.decide(view, decision)
        if oid is None or oid not in {o.id for o in decision.options}:
            oid = self.rng.choice(decision.options).id     # a safety net: never an illegal answer
        return oid

    def decide(self, view: dict[str, Any], decision: Decision) -> str | None:
        """The heuristic's own answer (None if it has no opinion), before the safety net. It dispatches on
        the decision's kind (flow.DECISION_KINDS) and reads options through their fields."""
        b = Board(view, decision.side)
        kind = decision.kind
        menu = Menu(decision)
        if kind == "form-task-force":
            return forming_choice(b, menu)
        if kind == "operation":
            return attack_operation(b, menu) if b.attacking else defence_operation(b, menu)
        if kind == "allocate-hit":
            return allocate_hit(b, decision, self.rng)
        if kind == "return-to-base":
            return menu.find(return_to_base(b))
        if kind == "carrier-target":
            return carrier_target(b, decision, self.rng)
        if kind == "declare-carrier-combat":
            return declare_carrier_combat(b, menu)
        if kind == "air-strike-round":
            return second_strike(b, menu)
        if kind == "revive-carrier":
            return revive_carrier(b, decision)
        return None


register_agent("pacific-fury", "heuristic", HeuristicAgent)
