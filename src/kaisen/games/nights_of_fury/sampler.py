"""Sampling a full Nights of Fury state consistent with one side's view, for search agents (DESIGN.md, Sampler).

Built from the view alone (never the true state):

* the side's own divisions and ships are copied from the view (bands, formation, manoeuvres, damage, torpedoes);
* enemy division markers stand on their bands (public); the ships under each are the scenario's members of that
  division (the scenario's forces are public, B; a detached ship's division names it, C), dealt at random:
  in a Spotted stack the positions are filled at random, an Identified position only by a ship of the class it
  shows (D.4); how many ships are still afloat in a stack is the count the view shows (H), and where it shows
  none, dealt so that the side's sunk and disengaged totals come out right; the rest are sunk or disengaged at random in those numbers;
* damage the view shows lies on the ship dealt to that position; an unseen ship is undamaged, its torpedo mounts
  full (nothing tells otherwise);
* what each side has detected this turn is as the view says (own divisions: what the enemy has of them);
* the commander of the enemy rides the scenario's flagship if she is afloat, else a random afloat ship.

Where the turn stands: at every decision a search starts from, the view's `control` entry (views.control) gives
the step: the Movement Phase's order and divisions still to move, the searchlight choice (J), alternating fire
(D.5, D.6: whose turn, who ceased, quotas, own ships fired and the shot being aimed, how many enemy ships fired:
which ones is dealt at random) and the disengagement choices (D.8). Where the view has no control entry (dice
being rolled on ships), the sample starts the view's phase afresh.

Generated battles and the campaign (A, G): the view's `set_up` part gives the public rolls and the side's own
record; sampler_setup.py deals the enemy's limits and force the way the generator makes them and builds the
battle's own scenario from that, and the battle is then sampled as above."""
from __future__ import annotations

import random
from typing import Any

from kaisen.games.nights_of_fury import flow, sampler_setup
from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.own import OwnScenario
from kaisen.games.nights_of_fury.state import (BANDS, IDENTIFIED, LEVEL_NAME, SIDES, Division, Fire, NoFState,
                                               Ship, other)

LEVEL = {name: level for level, name in LEVEL_NAME.items()}


def sample(game, view: dict[str, Any], rng: random.Random) -> NoFState:
    """A full state the side of `view` cannot tell from the true one by anything its view shows."""
    side = view["side"]
    if side not in SIDES:
        raise ValueError("sample_state needs a side's view, not the omniscient or the public one")
    d = game.data
    scenario, own = view["scenario"], None
    if "set_up" in view:                            # A, G: a generated battle or a campaign mission
        if view["phase"] in ("setup", "campaign") or not view["divisions"]:
            return sampler_setup.state(game, view, rng)
        own, spec = sampler_setup.spec(game, view, rng)
        scenario = OwnScenario(view["set_up"]["kind"], spec)
    elif scenario not in d.data.scenarios:
        raise ValueError(f"sample_state: unknown scenario {scenario!r} in the view; the historical ones are "
                         f"{sorted(d.data.scenarios)}, and a generated battle's or campaign's view carries 'set_up'")
    foe = other(side)
    s = NoFState(scenario=scenario, turn=view["turn"], phase=view["phase"], initiative=view["initiative"],
                 options=tuple(sorted(view["options"].items())), own=own)
    for unit in view["land_units"]:
        s.land[unit["id"]] = unit["damage"]
    s.effects = tuple((k, v, last, on) for k, v, last, on in view["events"])
    own_home = view["sides"][side]["home_edge"]
    for v in view["divisions"]:
        if v["side"] == side:
            _own_division(s, d, v, own_home)
    _deal_enemy(s, d, view, foe, rng)
    s.divisions = {v["id"]: s.divisions[v["id"]] for v in view["divisions"]}     # the map's order, as shown
    _commanders(s, d, view, side, foe, rng)
    if view["result"] is not None:
        s.result = (view["result"]["winner"], view["result"]["score"])
        s.vp = dict(view["vp"])
        s.step = s.phase = "over"
        return s
    _place_in_turn(s, d, view, rng)
    return s


def _own_division(s: NoFState, d, v: dict[str, Any], home: int) -> None:
    """B, C: the side's own division as its view shows it: its heading, move, supply turns, whether its guns gave
    it away this turn, and each ship's damage, torpedoes, reloads, searchlight and the events on her."""
    s.divisions[v["id"]] = Division(v["id"], v["side"], v["name"], v["band"], tuple(q["id"] for q in v["ships"]),
                                    v["formation"], v["evasive"], v["smoke"], v["searchlight"], v["detached"],
                                    v["heading"], v["disengaging"], v["role"], v["moved"], v["supplied"])
    if v["gave_away"]:
        s.fired_spotted += (v["id"],)
    if LEVEL[v["detected"]]:                          # what the enemy has of it (D.4), public
        s.detected[other(v["side"]) + ">" + v["id"]] = LEVEL[v["detected"]]
    for q in v["ships"]:
        s.effects += tuple((k, val, last, q["id"]) for k, val, last in q["events"])
        s.ships[q["id"]] = Ship(v["id"], q["structure"], q["flotation"], q["fire"], q["status"],
                                tuple(q["torpedoes"]), q["reloads"], q["searchlight"], tuple(q["ready"]),
                                q["left_at"])


_base = sampler_setup.base


def _deal_enemy(s: NoFState, d, view: dict[str, Any], foe: str, rng: random.Random) -> None:
    """D.4, H: deal the enemy's ships under its division markers so that every position, class and damage the
    view shows holds and the enemy's sunk and disengaged totals are right. A division and the ships detached
    from it (which the enemy cannot name) draw on one pool: the scenario division's ships."""
    side = other(foe)
    sc = d.scenario(s.scenario)
    entries = [v for v in view["divisions"] if v["side"] == foe]
    pools = {x.id: list(x.ships) for x in sc.division if x.navy == foe}
    markers: dict[str, list[str]] = {}
    for v in entries:
        markers.setdefault(_base(v["id"]), []).append(v["id"])
    sunk, gone = view["sides"][foe]["sunk"], view["sides"][foe]["disengaged"]
    total = sum(len(p) for p in pools.values())
    # how many ships are afloat under each marker
    afloat: dict[str, int] = {}
    unseen = []
    for v in entries:
        if not v["in_battle"]:
            afloat[v["id"]] = 0
        elif v["ships"]:
            afloat[v["id"]] = len(v["ships"])
        elif v["count"] is not None:                # H: the side knows how many cards lie in the stack
            afloat[v["id"]] = v["count"]
        else:
            afloat[v["id"]] = 1
            unseen.append(v["id"])
    room = {b: len(pools[b]) - sum(afloat[k] for k in ks) for b, ks in markers.items()}
    spare = [k for k in unseen if "/" not in k for _ in range(max(0, room[_base(k)]))]
    more = max(0, min(len(spare), total - sunk - gone - sum(afloat.values())))
    for k in rng.sample(spare, more):
        afloat[k] += 1
    # which ships, in which order
    out: list[str] = []
    identified: list[str] = []
    for b in pools:
        rng.shuffle(pools[b])
    shown_at: dict[str, list[dict[str, Any]]] = {}
    placed_at: dict[str, list[str | None]] = {}
    for v in entries:                             # identified positions first, under every marker: the class must match
        pool = pools[_base(v["id"])]
        seen = shown_at[v["id"]] = v["ships"] if v["ships"] else [{} for _ in range(afloat[v["id"]])]
        placed = placed_at[v["id"]] = [None] * len(seen)
        for i, shown in enumerate(seen):
            if shown.get("class") and pool:
                q = next((x for x in pool if d.ships[x].class_name == shown["class"]
                          and d.ships[x].type == shown.get("type", d.ships[x].type)), pool[0])
                pool.remove(q)
                placed[i] = q
                identified.append(q)
    for v in entries:
        pool = pools[_base(v["id"])]
        seen, placed = shown_at[v["id"]], placed_at[v["id"]]
        for i in range(len(seen)):
            if placed[i] is None and pool:
                placed[i] = pool.pop()
        ships = [q for q in placed if q is not None]
        s.divisions[v["id"]] = Division(v["id"], foe, v["name"], v["band"], tuple(ships), "column", v["evasive"],
                                        v["smoke"], v["searchlight"], v["detached"], _heading(v, foe, d, view),
                                        v["disengaging"], _role(sc, v["id"]))
        for q, shown in zip(placed, seen):
            if q is None:
                continue
            card = d.ships[q]
            s.ships[q] = Ship(v["id"], shown.get("structure", 0), shown.get("flotation", 0),
                              shown.get("fire", False), "afloat", tuple(m.torpedoes for m in card.mounts),
                              card.reloads, shown.get("structure", 0) < d.data.damage_effects.searchlight_lost_structure,
                              tuple(0 for _ in card.mounts))
        level = LEVEL[v["detected"]]
        if level:
            s.detected[side + ">" + v["id"]] = level
        elif v["ships"] and v["id"] not in s.fired_spotted:
            s.fired_spotted += (v["id"],)           # D.4: shown by position undetected: its guns gave it away
    for b, pool in pools.items():                 # the ships no longer under any marker, in their division's order
        home_div = b if b in s.divisions else markers.get(b, [b])[0]
        if home_div not in s.divisions:
            continue
        div = s.divisions[home_div]
        ships = list(div.ships)
        for q in pool:
            ships.insert(rng.randrange(len(ships) + 1), q)
            out.append(q)
        s.divisions[home_div] = div._replace(ships=tuple(ships))
    rng.shuffle(out)
    home = view["sides"][foe]["home_edge"]
    for n, q in enumerate(out):
        card = d.ships[q]
        div = s.divisions[_division_of(s, q)]
        if n < sunk:
            st = Ship(div.id, 0, card.flotation, False, "sunk", tuple(0 for _ in card.mounts), 0, True,
                      tuple(0 for _ in card.mounts))
        else:
            st = Ship(div.id, 0, 0, False, "disengaged", tuple(m.torpedoes for m in card.mounts), card.reloads, True,
                      tuple(0 for _ in card.mounts), div.band if div.band in (1, BANDS) else home)
        s.ships[q] = st
    s.identified[side] = tuple(identified)


def _division_of(s: NoFState, q: str) -> str:
    return next(k for k, v in s.divisions.items() if q in v.ships)


def _heading(v: dict[str, Any], foe: str, d, view) -> int:
    """C: an enemy ship detached to disengage heads for an edge; its own home edge is the likelier."""
    return view["sides"][foe]["home_edge"] if v["detached"] == "disengage" else 0


def _role(sc, div_id: str) -> str:
    if "/" in div_id:
        return ""
    return next((x.role for x in sc.division if x.id == div_id), "")


def _commanders(s: NoFState, d, view: dict[str, Any], side: str, foe: str, rng: random.Random) -> None:
    """E: the own commander where the view says; the enemy's on the scenario's flagship if she is afloat (a
    commander still alive cannot be on a lost ship), else on a random afloat ship."""
    for sd in SIDES:
        cmd = view["sides"][sd]["commander"]
        if cmd is None:
            continue
        ship = cmd["ship"]
        if sd == foe:
            ship = d.side_setup(s.scenario, foe).commander_ship
            afloat = sorted(q for q, st in s.ships.items() if d.ships[q].side == foe and st.status == "afloat")
            if cmd["alive"] and ship not in afloat and afloat:
                ship = rng.choice(afloat)
        s.commanders[sd] = (cmd["id"], ship, cmd["alive"])


def _place_in_turn(s: NoFState, d, view: dict[str, Any], rng: random.Random) -> None:
    """Where the turn stands: the view's control entry if it has one, else the view's phase started afresh
    (what the phase start changes of divisions and detection is put back as the view shows it)."""
    ctl = view.get("control")
    if ctl:
        s.step = ctl["step"]
        s.todo = tuple(_todo(s, item, rng) for item in ctl.get("todo", ()))
        s.first_mover, s.moving = ctl.get("first_mover", ""), ctl.get("moving", "")
        if "turn_side" in ctl:
            _fire(s, d, view, ctl, rng)
        return
    divisions, detected, initiative = dict(s.divisions), dict(s.detected), s.initiative
    c = Ctx(s, d)
    phase = next(p for p in flow.SEQUENCE if p.phase == s.phase)
    s.step = ""
    phase.start(c)
    if c.done is not None:
        flow._advance(c)
    for k, div in divisions.items():
        s.divisions[k] = s.divisions[k]._replace(evasive=div.evasive, smoke=div.smoke, searchlight=div.searchlight,
                                                 disengaging=div.disengaging)
    s.detected.update(detected)
    if initiative:
        s.initiative = initiative
    s.last_events = ()
    s.cache = None


def _todo(s: NoFState, item: str, rng: random.Random) -> str:
    """D.8: a detached ship's disengagement roll still to come is shown by her division's marker."""
    if not item.startswith("roll:"):
        return item
    afloat = [q for q in s.divisions[item[5:]].ships if s.ships[q].status == "afloat"]
    return rng.choice(afloat)


def _fire(s: NoFState, d, view: dict[str, Any], ctl: dict[str, Any], rng: random.Random) -> None:
    """D.5, D.6: alternating fire where the view's control leaves it: the side's own ships that have fired, as many
    enemy ships as it saw fire (which ones is hidden: dealt at random among those afloat or sunk since), its shot being aimed, the divisions whose
    guns gave them away, its ships that took a friend for the enemy (I)."""
    side = view["side"]
    kind = ctl["step"].partition(":")[2]
    enemy = [q for q, st in s.ships.items() if st.status != "disengaged" and d.ships[q].side != side]   # sunk too
    fired = tuple(ctl["fired"]) + tuple(rng.sample(enemy, min(len(enemy), ctl["enemy_fired"])))
    s.fire = Fire(kind, ctl["turn_side"], fired, tuple(ctl["passed"]), dict(ctl["quota"]), ctl.get("shooter", ""),
                  tuple(ctl.get("left", ())), "", ctl.get("weapon", 0))
    s.fired_spotted = tuple(ctl["gave_away"])
    s.mistaken = dict(ctl["mistaken"])
