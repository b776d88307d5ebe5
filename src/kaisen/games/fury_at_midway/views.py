"""2.6 Concealment: what each side may know, built from an allow-list (never by deleting secrets).

A side sees: its own fleets' true hexes, the enemy's only as last announced (6.2(2)); its own US plot
(Japan never does); its own carrier display, every box, and its own strike groups (the enemy's strike
groups are invisible, 8.5(4)); its own hand and dead cards (the enemy's hand only as a count). Public:
carrier damage and sinkings, the tracks, AOP, declarations, played cards, the deck's size.

While an attack is flown (9.0) both sides see the attacking strike group and the defending group's CAP
(2.6: "the only time you can see the enemy's carrier display is when attacking"). That is the precise rule
the no-leak tests check: outside the static `names` table, an enemy squadron id appears in a side's view
only in `attack` while that attack lasts, as one of the strike's units or the target group's CAP.

The public view (viewer PUBLIC, a spectator's) owns no side: every fleet only as announced, no plot, no
display, hand or dead cards of either side (hand sizes only), no DMCV not yet told, no squadron being landed,
no strike group in flight, no side's set-up queue, no movement paths, card and night-landing dice only as
"dice are rolled", a decision only as "<side> is deciding"; the attack display is public as 2.6 has it.

The operating side's landings and Return-box choices are folded, for everyone else, into its next pause whose
occurrence is public (`folded`): the enemy sees the step `op` (by day) or `nplace:<side>` (at night) from the
moment the operation begins, however many landing choices the owner had (none, one or several).
"""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Chance, End
from kaisen.games.fury_at_midway.common import DMCV, Ctx
from kaisen.games.fury_at_midway.state import MIDWAY, SIDES, FaMState, other

# fleet places the enemy may know without an announcement: not yet entered, gone (in plain view)
PUBLIC_PLACES = ("waiting", "exited", "gone")
LANDING_STEPS = ("land", "nland", "parent", "short")     # the owner's landing choices (8.3(1), 8.3(3), 10.2(2))
PUBLIC = "public"       # the viewer who owns no side: what neither side's view hides (Game.public_view)


def display(c: Ctx, side: str) -> dict[str, Any]:
    """One side's carrier display (8.3): every box and what is in it, and its strike groups on the map."""
    s = c.s
    air = s.air
    boxes: dict[str, list[list]] = {}
    lost = []
    for q in _squadrons_of(c, side):         # the side's squadrons in id order (as sorting the display gave)
        got = air.get(q)
        if got is None:
            continue
        box, n = got
        if box != "lost":
            boxes.setdefault(box, []).append([q, n])
        elif not (c.spec(q).optional and not s.option("b17")):      # never in play: not a loss
            lost.append(q)
    groups = {g.id: {"hex": g.hex, "units": list(g.units), "origin": g.origin, "launch_hex": g.launch_hex,
                     "flights": g.flights, "moved": g.moved, "midway_strike": g.midway_strike}
              for g in s.groups.values() if g.side == side}
    return {"boxes": boxes, "strike_groups": groups, "lost": lost,
            "forming": list(s.forming) if s.op_side == side else [],
            "moved": sorted(q for q in s.moved if c.side_of(q) == side)}


_SQUADRONS_OF: dict = {}     # (id(data), side) -> (the data, that side's squadrons in id order)


def _squadrons_of(c: Ctx, side: str) -> tuple[str, ...]:
    """A side's squadrons in id order, made once per data set."""
    key = (id(c.d), side)
    got = _SQUADRONS_OF.get(key)
    if got is None or got[0] is not c.d:
        got = _SQUADRONS_OF[key] = (c.d, tuple(sorted(q for q in c.d.squadrons if c.side_of(q) == side)))
    return got[1]


def fleet_seen(s: FaMState, f: str) -> str:
    """Where the enemy believes fleet `f` is: its announced hex, or a place everyone knows."""
    true = s.fleet.get(f, "")
    if true in PUBLIC_PLACES:
        return true
    shown = s.shown.get(f, "")
    if shown:
        return shown
    return "unformed" if f in DMCV.values() else "unknown"


def dmcv_seen(s: FaMState, side: str) -> str | None:
    """Which carrier is in a side's DMCV, once the enemy has been told (Japan's is formed in the open)."""
    k = s.dmcv.get(side)
    if k is None:
        return None
    return k if side == "japan" or s.shown.get(DMCV[side]) else None


def view(s: FaMState, d, side: str | None, pause) -> dict[str, Any]:
    """Public facts for everyone; a side's own display, plot and hand in full; the enemy's only as told."""
    c = Ctx(s, d)

    def own(sd: str) -> bool:
        return side is None or side == sd

    if side not in (None, PUBLIC, *SIDES):
        raise ValueError(f"unknown viewer {side!r}")
    fleets = {f: s.fleet[f] if own(sp.side) else fleet_seen(s, f) for f, sp in d.fleets.items()}
    carriers = {k: {"name": c.carrier_name(k), "side": d.carriers[k].side, "damaged": list(s.damage.get(k, ())),
                    "sunk": k in s.sunk, "towed": k in s.towed}
                for k in d.carriers}
    if isinstance(pause, End):
        pending = {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    elif isinstance(pause, Chance):
        open_ = side is None or public_chance(s, side)
        pending = {"kind": "chance", "reason": pause.reason if open_ else "dice are rolled",
                   "dice": len(pause.dice) if open_ else None}
    else:
        mine = side in (None, pause.side)
        pending = {"kind": "decision", "side": pause.side,
                   "prompt": pause.prompt if mine else f"{pause.side} is deciding",
                   "options": [[o.id, o.label] for o in pause.options] if mine else None}
    return {
        "game": "fury-at-midway", "side": side, "turn": s.turn, "night": d.turn(s.turn).night,
        "time": f"{d.turn(s.turn).date}, {d.turn(s.turn).time}",
        "fleets": fleets, "exits": list(s.exits),
        "plot": {f: list(p) for f, p in s.plot.items()} if own("usa") else None,
        "garrison": s.garrison, "invasion": s.invasion, "midway_control": s.midway_control,
        "midway_hits_this_turn": s.midway_hits,
        "aop": dict(s.aop), "declared": s.declared, "midway_ops": s.midway_ops,
        "carriers": carriers, "dmcv": {sd: (s.dmcv.get(sd) if own(sd) else dmcv_seen(s, sd)) for sd in SIDES},
        "displays": {sd: display(c, sd) if own(sd) else None for sd in SIDES},
        "hands": {sd: list(s.hands[sd]) if own(sd) else None for sd in SIDES},
        "hand_sizes": {sd: len(s.hands[sd]) for sd in SIDES},
        "dead_cards": {sd: list(s.dead[sd]) if own(sd) else None for sd in SIDES},
        "played": list(s.played), "active": list(s.active), "deck_size": len(s.deck),
        "air_op": {"side": s.op_side, "kind": s.op_kind, "count": s.op_count} if s.op_side else None,
        "attack": attack_view(c, side),
        "seen_left": dict(s.seen_left),     # losses both sides saw (2.6): public
        "pending": pending,
        "options": dict(s.options),
        "result": None if s.result is None else {"winner": s.result[0], "score": s.result[1]},
        "names": dict(_printed(c)[0]),
        "midway_hex": d.midway.hex,
        "card_titles": dict(_printed(c)[1]),
        "control": control(s, c, side),
    }


def folded(s: FaMState, side: str | None) -> str | None:
    """The step an enemy (or a spectator) is shown while the operating side lands its aircraft or picks a strike's
    Return box: whether those pauses happen at all, and how often, hangs on the owner's hidden display (its room,
    its Return boxes, its strike groups in flight), so they are folded into the owner's pause that always follows
    and whose occurrence is public: the operation's `op` by day, the night readying `nplace:<side>` at night.
    None: the step is shown as it is."""
    if side is None or not s.op_side or side == s.op_side:
        return None
    step, _, arg = s.step.partition(":")
    if step == "ret":
        g = s.groups.get(arg.partition(":")[0])
        if g is None or g.side != s.op_side:
            return None
    elif step not in LANDING_STEPS:
        return None
    return "nplace:" + s.op_side if s.op_kind == "night" else "op"


def control(s: FaMState, c: Ctx, side: str | None) -> dict[str, Any]:
    """The sequence-of-play bookkeeping a side may know (for the sampler): the step, the queue, the rolls."""
    step, _, arg = s.step.partition(":")
    # the enemy lands its aircraft: which unit, which carrier, and whether it had a choice at all are its secret
    shown_step = folded(s, side)
    if shown_step is None and step == "ret" and side is not None and arg.partition(":")[0] not in own_groups(s, side):
        shown_step = "ret::" + arg.partition(":")[2]     # an enemy strike group in flight (8.5(4))
    elif shown_step is None:
        shown_step = s.step
    foe = None if side in (None, PUBLIC) else other(side)
    secret_queue = step == "place" and side not in (None, arg)     # the enemy's set-up: units still to place
    # how far the enemy's secret set-up has come is its secret too: neither the queue nor its length is shown
    return {"step": shown_step, "pending": None if secret_queue else list(s.pending),
            "pending_count": None if secret_queue else len(s.pending), "init_rolls": list(s.init_rolls),
            "search_value": dict(s.search_value), "towed": list(s.towed),
            "path": {f: list(p) for f, p in s.path.items()
                     if side is None or side != PUBLIC and f in c.d.fleets
                     and (d_side(c, f) == side or foe == "usa")}}


def own_groups(s: FaMState, side: str) -> set[str]:
    return {g for g, sg in s.groups.items() if sg.side == side}


def d_side(c: Ctx, fleet: str) -> str:
    return c.d.fleets[fleet].side


_PRINTED: dict = {}      # id(data) -> (the data, squadron -> printed name, card number -> title): never change


def _printed(c: Ctx) -> tuple:
    """What every view prints the same for the data set: the squadrons' names and the cards' titles, made once
    per data set (a view hands out copies of them, so no reader can change another's)."""
    d = c.d
    got = _PRINTED.get(id(d))
    if got is None or got[0] is not d:
        got = _PRINTED[id(d)] = (d, {q: static_name(c, q) for q in d.squadrons},
                                 {str(n): sp.title for n, sp in d.cards.items()})
    return got[1], got[2]


def static_name(c: Ctx, q: str) -> str:
    """A squadron's printed name, without its current steps (those are the owner's to know)."""
    sp = c.d.squadrons[q]
    home = "Midway" if sp.parent == MIDWAY else c.d.carriers[sp.parent].name
    tail = q.rsplit("-", 1)[-1]
    return f"{home} {c.d.aircraft[sp.type].model}" + (f" #{tail}" if tail.isdigit() else "")


def public_chance(s: FaMState, side: str | None = None) -> bool:
    """Dice everyone sees rolled: not the card draws' faces nor a side's night landings (their count of
    dice would tell how many steps wait in Return 2)."""
    step, _, arg = s.step.partition(":")
    if step in ("deal", "draw"):
        return side is None or side == arg
    if step == "nret":
        return side is None or side == arg
    return True


def attack_view(c: Ctx, side: str | None) -> dict[str, Any] | None:
    """An attack is flown in the open (2.6): the strike and the defending group's CAP are shown while it lasts."""
    a = c.s.attack
    if a is None:
        return None
    g = c.s.groups.get(a.gid)
    cap = c.s.at("cap:" + a.group) if a.group else []
    return {"gid": a.gid, "side": a.side, "target": a.target, "group": a.group,
            "units": [[q, c.s.steps(q)] for q in g.units] if g else [],
            "hex": g.hex if g else None, "stage": a.stage,
            "cap": [[q, c.s.steps(q)] for q in cap],
            "interceptors": [[q, c.s.steps(q)] for q in a.interceptors if q in c.s.air],
            "decks": {k: [[q, c.s.box(q), c.s.steps(q)] for q in sorted(c.s.air)
                          if c.s.box(q).startswith(f"deck:{k}:")] for k in (c.carriers_of(a.group) if a.group else ())},
            "state": a.to_json()}
