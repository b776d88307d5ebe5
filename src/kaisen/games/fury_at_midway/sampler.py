"""Sampling a full state consistent with one side's view, for search agents (DESIGN.md, Sampler).

Meant for the viewer's own decisions (the root of a search): at an enemy decision the pending choice may
hang on secrets (which unit it lands, its DMCV's plot) that no view can supply.

What the view shows is copied. What it hides is dealt plausibly:

* enemy fleets stand at their announced hexes; one never announced yet is put where the rules allow it to
  be (the CSF anywhere in its set-up area, the 1AF / MIF in their entry hexes);
* the enemy's aircraft not seen in an attack in progress are put back aboard their own carriers (deck boxes
  free and undamaged, then the hangar up to capacity 8.3(3)), fighters that do not fit fly CAP, the rest
  are lost; the enemy's strike groups in flight are not known, so none is drawn (8.5(4)); each keeps the steps
  it was left with when both sides last saw it lose some (`seen_left`: attacks are flown in the open, 2.6), and
  one seen eliminated stays lost: the losses the side inflicted are remembered, not dealt back;
* the enemy hand is drawn from the cards the side has not seen that the enemy may play; the enemy's dead
  cards (wrong-side draws) are as many as the deck's public size implies; the deck is the rest;
* the US plot Japan cannot see, once made and until carried out (6.2), is a random legal route for each US
  fleet on the map (`deal_plot`);
* what the side's own options imply is honoured: whether a Midway strike has taken off this turn (6.4(3): the
  Japanese `end` option is offered only then). (Card 10 is offered to Japan whatever the US Return boxes hold,
  so its offer implies nothing.)
"""
from __future__ import annotations

import random
from typing import Any

from kaisen.games.fury_at_midway import movement
from kaisen.games.fury_at_midway.air_attack import Attack
from kaisen.games.fury_at_midway.common import DMCV, MAIN_FLEET, Ctx
from kaisen.games.fury_at_midway.state import MIDWAY, FaMState, StrikeGroup, other

UNSEEN_HEX = {"csf": "csf-setup", "1af": "1af-entry", "mif": "mif-entry"}


def sample(game, view: dict[str, Any], rng: random.Random) -> FaMState:
    side = view["side"]
    if side is None:
        raise ValueError("sample_state needs a side's view, not the omniscient one")
    d = game.data
    foe = other(side)
    ctl = view["control"]
    s = FaMState(turn=view["turn"], step=ctl["step"], garrison=view["garrison"], invasion=view["invasion"],
                 midway_control=view["midway_control"], aop=dict(view["aop"]), declared=view["declared"],
                 midway_ops=view["midway_ops"], search_value=dict(ctl["search_value"]),
                 midway_hits=view["midway_hits_this_turn"], exits=tuple(view["exits"]),
                 played=tuple(view["played"]), active=tuple(view["active"]), pending=tuple(ctl["pending"] or ()),
                 init_rolls=tuple(ctl["init_rolls"]), towed=tuple(ctl["towed"]),
                 options=tuple(sorted(view["options"].items())),
                 path={f: tuple(p) for f, p in ctl["path"].items()})
    s.seen_left = {q: int(n) for q, n in view.get("seen_left", {}).items()}
    if view["result"] is not None:
        s.result = (view["result"]["winner"], view["result"]["score"])
    op = view["air_op"]
    if op:
        s.op_side, s.op_kind, s.op_count = op["side"], op["kind"], op["count"]
    # carriers: damage and sinkings are public
    s.damage = {k: tuple(cv["damaged"]) for k, cv in view["carriers"].items() if cv["damaged"]}
    s.sunk = tuple(k for k, cv in view["carriers"].items() if cv["sunk"])
    s.dmcv = {sd: k for sd, k in view["dmcv"].items() if k}
    # fleets
    taken = {h for h in view["fleets"].values() if "-" in h}
    for f, seen in view["fleets"].items():
        h = seen
        if h == "unknown":
            free = sorted(x for x in d.area(UNSEEN_HEX[f]) if x not in taken) if f in UNSEEN_HEX else []
            h = rng.choice(free) if free else "waiting"
            taken.add(h)
        s.fleet[f] = h
        if d.fleets[f].side == foe and ("-" in seen or seen in ("exited", "gone")):
            s.shown[f] = seen
    for f, sp in d.fleets.items():        # own fleets: what the enemy was told is not in the view; assume current
        if sp.side == side and (s.fleet[f] != "unformed" or f in s.shown):
            if "-" in s.fleet[f] or s.fleet[f] in ("exited", "gone"):
                s.shown[f] = s.fleet[f]
    if view["plot"] is not None:
        s.plot = {f: tuple(p) for f, p in view["plot"].items()}
    # own display
    mine = view["displays"][side]
    for box, units in mine["boxes"].items():
        for q, n in units:
            s.air[q] = (box, n)
    for q in mine["lost"]:
        s.air[q] = ("lost", 0)
    for gid, g in mine["strike_groups"].items():
        s.groups[gid] = StrikeGroup(gid, side, g["hex"], tuple(g["units"]), g["origin"], g["launch_hex"],
                                    g["flights"], g["moved"], g["midway_strike"])
    s.forming = tuple(mine["forming"])
    s.moved = frozenset(mine["moved"])
    # the attack in progress: its strike and the defending CAP are known
    atk = view["attack"]
    if atk is not None:
        s.attack = Attack.from_json(atk["state"])
        for q, n in atk["units"]:
            if q not in s.air:
                s.air[q] = ("sg:" + atk["gid"], n)
        if atk["side"] == foe and atk["units"]:
            s.groups[atk["gid"]] = StrikeGroup(atk["gid"], foe, atk["hex"], tuple(q for q, _ in atk["units"]),
                                               MAIN_FLEET[foe], atk["hex"], 1, True, False)
        for q, n in atk["cap"]:
            s.air.setdefault(q, ("cap:" + atk["group"], n))
        for q, n in atk["interceptors"]:
            s.air.setdefault(q, ("spent:" + atk["group"], n))
        for units in atk["decks"].values():
            for q, box, n in units:
                s.air.setdefault(q, (box, n))
    if ctl["pending"] is None:        # the enemy is placing its aircraft in secret: how far it has come is
        # its secret too (issue 10), so the sample has it place them all from the start
        todo = sorted(q for q in d.squadrons if d.aircraft[d.squadrons[q].type].side == foe and q not in s.air
                      and not (d.aircraft[d.squadrons[q].type].optional and not s.option("b17")))
        s.pending = tuple(todo)
        for q in s.pending:
            s.air[q] = ("setup:" + d.squadrons[q].parent, d.aircraft[d.squadrons[q].type].steps)
    seen_decks = set(atk["decks"]) if atk is not None else set()
    seen_caps = {atk["group"]} if atk is not None and atk.get("group") else set()
    deal_aircraft(s, d, foe, rng, seen_decks, seen_caps)
    deal_cards(s, d, view, side, foe, rng)
    hidden_step(s, d, foe, rng)
    offered = {o[0] for o in view["pending"].get("options") or ()}
    s.midway_launched = midway_launched(s, view, offered)
    if side == "japan" and us_plot_made(view):
        deal_plot(s, d, rng)
    return s


def deal_aircraft(s: FaMState, d, foe: str, rng: random.Random, seen_decks: set[str] = frozenset(),
                  seen_caps: set[str] = frozenset()) -> None:
    """Unseen enemy aircraft back aboard (decks and CAP boxes seen in an attack are left as seen)."""
    c = Ctx(s, d)
    unknown = [q for q in d.squadrons if q not in s.air]
    rng.shuffle(unknown)
    seen = s.seen_left
    for q in unknown:
        ac = d.aircraft[d.squadrons[q].type]
        steps = seen.get(q, ac.steps)     # the steps it was left with when last seen losing some (2.6)
        if (ac.optional and not s.option("b17")) or steps <= 0:
            s.air[q] = ("lost", 0)
            continue
        s.air[q] = ("lost", steps)        # placeholder while looking for room
        home = d.squadrons[q].parent
        group = c.group_of(home)
        cands = [home] + [k for k in c.carriers_of(group) if k != home] if home != MIDWAY else [MIDWAY]
        placed = False
        for k in cands:
            if not c.operational(k):
                continue
            free = c.free_boxes(k) if k not in seen_decks else []
            if free and rng.random() < 0.5:
                s.air[q] = (f"deck:{k}:{rng.choice(free)}", steps)
                placed = True
            elif len(c.aboard(k)) < c.capacity(k):
                s.air[q] = (f"hangar:{k}", steps)
                placed = True
            elif free and len(c.aboard(k)) < c.capacity(k):
                s.air[q] = (f"deck:{k}:{free[0]}", steps)
                placed = True
            if placed:
                break
        if not placed and ac.role == "fighter" and c.afloat(home) and group not in seen_caps:
            s.air[q] = (f"cap:{group}", steps)
            placed = True
        if not placed:
            s.air[q] = ("lost", 0)


def deal_cards(s: FaMState, d, view: dict[str, Any], side: str, foe: str, rng: random.Random) -> None:
    own_hand = tuple(view["hands"][side])
    own_dead = tuple(view["dead_cards"][side])
    s.hands = {side: own_hand, foe: ()}
    s.dead = {side: own_dead, foe: ()}
    unseen = sorted(set(d.cards) - set(own_hand) - set(own_dead) - set(s.played))
    n_hand = view["hand_sizes"][foe]
    playable = [n for n in unseen if d.cards[n].playable_by(foe)]
    hand = rng.sample(playable, min(n_hand, len(playable)))
    if len(hand) < n_hand:
        hand += rng.sample([n for n in unseen if n not in hand], n_hand - len(hand))
    rest = [n for n in unseen if n not in hand]
    if s.step.startswith("deal:"):       # the deck is made up once both hands are dealt (3.2(4))
        s.hands[foe], s.deck = tuple(hand), tuple(sorted(d.cards))
        return
    n_dead = max(0, len(rest) - view["deck_size"])
    wrong = [n for n in rest if not d.cards[n].playable_by(foe)]
    dead = rng.sample(wrong, min(n_dead, len(wrong)))
    if len(dead) < n_dead:
        dead += rng.sample([n for n in rest if n not in dead], n_dead - len(dead))
    s.hands[foe] = tuple(hand)
    s.dead[foe] = tuple(dead)
    s.deck = tuple(sorted(n for n in rest if n not in dead))


def hidden_step(s: FaMState, d, foe: str, rng: random.Random) -> None:
    """The enemy lands CAP fighters the side cannot name (9.2(4)): invent one."""
    step, _, arg = s.step.partition(":")
    if step == "caprt" and arg == foe:       # the enemy lands its spent CAP (9.2(4)): which fighters is its secret
        c = Ctx(s, d)
        if not any(b.startswith("spent:") and c.side_of(q) == foe for q, (b, _) in s.air.items()):
            fighters = [q for q, (b, _) in sorted(s.air.items()) if c.side_of(q) == foe and c.is_fighter(q)
                        and b.startswith(("cap:", "hangar:", "deck:")) and not c.from_midway(q)]
            if fighters:
                q = rng.choice(fighters)
                s.air[q] = ("spent:" + c.group_of(c.parent(q)), s.air[q][1])
            else:
                s.step = "op" if s.op_side == foe else s.step
        return
    # the enemy's landings and Return-box choices are shown as its `op` / `nplace` pause (views.folded): the
    # sample simply stands at that pause


def midway_launched(s: FaMState, view: dict[str, Any], offered: set[str]) -> bool:
    """6.4(3): a Midway strike has taken off this turn: one flies or attacks now, or Japan's own air operation
    offers `end` (a launch is no longer due). Hits on Midway this turn prove nothing (cards hit it too)."""
    if s.op_kind != "midway":
        return False
    atk = view["attack"]
    if any(g.midway_strike for g in s.groups.values()) or (atk is not None and atk["target"] == MIDWAY):
        return True
    return view["side"] == "japan" and s.step == "op" and "end" in offered


def us_plot_made(view: dict[str, Any]) -> bool:
    """The US has plotted and not yet moved (6.2, 6.4(5)): the IJN Movement and the Midway Base Attack phases."""
    step = view["control"]["step"].partition(":")
    in_phase = step[0] == "jmove" or (step[0] == "dmcv" and step[2] == "japan") or \
        (view["air_op"] is not None and view["air_op"]["kind"] == "midway")
    return in_phase and any(view["fleets"][f] not in ("waiting", "unformed", "exited", "gone")
                            for f in movement.US_ORDER)


def deal_plot(s: FaMState, d, rng: random.Random) -> None:
    """6.2(1): for each US fleet on the map a route of up to its allowance, one hex at a time; no two plots end
    in one hex (`movement.plot_options` offers the end of a plot only then)."""
    c = Ctx(s, d)
    s.plot = {}
    ends: set[str] = set()
    for f in movement.us_fleets(c):
        for _ in range(8):
            route: list[str] = []
            here = s.fleet[f]
            for _ in range(rng.randint(0, movement.allowance(c, f))):
                if here in movement.exit_area(c, f) and rng.random() < 0.25:
                    route.append("off")
                    break
                here = rng.choice(movement.steps_into(c, here))
                route.append(here)
            end = route[-1] if route else s.fleet[f]
            if end == "off" or end not in ends:
                break
        ends.add(end)
        s.plot[f] = tuple(route)


__all__ = ["sample", "DMCV"]
