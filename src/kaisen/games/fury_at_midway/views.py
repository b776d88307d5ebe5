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

from typing import Any, Callable

from kaisen.engine.core import Chance, End, LazyView
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


class _Seen:
    """What every part of one side's view is made from (`_PARTS`)."""

    __slots__ = ("s", "d", "c", "side", "pause")

    def __init__(self, s: FaMState, d, side: str | None, pause):
        if side not in (None, PUBLIC, *SIDES):
            raise ValueError(f"unknown viewer {side!r}")
        self.s, self.d, self.c, self.side, self.pause = s, d, Ctx(s, d), side, pause

    def own(self, sd: str) -> bool:
        return self.side is None or self.side == sd


def _fleets(v: _Seen) -> dict[str, str]:
    s = v.s
    return {f: s.fleet[f] if v.own(sp.side) else fleet_seen(s, f) for f, sp in v.d.fleets.items()}


def _carriers(v: _Seen) -> dict[str, dict[str, Any]]:
    s, d, c = v.s, v.d, v.c
    return {k: {"name": c.carrier_name(k), "side": d.carriers[k].side, "damaged": list(s.damage.get(k, ())),
                "sunk": k in s.sunk, "towed": k in s.towed}
            for k in d.carriers}


def _pending(v: _Seen) -> dict[str, Any]:
    pause, side = v.pause, v.side
    if isinstance(pause, End):
        return {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    if isinstance(pause, Chance):
        open_ = side is None or public_chance(v.s, side)
        return {"kind": "chance", "reason": pause.reason if open_ else "dice are rolled",
                "dice": len(pause.dice) if open_ else None}
    mine = side in (None, pause.side)
    return {"kind": "decision", "side": pause.side,
            "prompt": pause.prompt if mine else f"{pause.side} is deciding",
            "options": [[o.id, o.label] for o in pause.options] if mine else None}


# A view's parts in order, each made from the side's `_Seen` (2.6): `view` makes them all, `policy_view` each one
# when it is first read.
_PARTS: dict[str, Callable[[_Seen], Any]] = {
    "game": lambda v: "fury-at-midway",
    "side": lambda v: v.side,
    "turn": lambda v: v.s.turn,
    "night": lambda v: v.d.turn(v.s.turn).night,
    "time": lambda v: f"{v.d.turn(v.s.turn).date}, {v.d.turn(v.s.turn).time}",
    "fleets": _fleets,
    "exits": lambda v: list(v.s.exits),
    "plot": lambda v: {f: list(p) for f, p in v.s.plot.items()} if v.own("usa") else None,
    "garrison": lambda v: v.s.garrison,
    "invasion": lambda v: v.s.invasion,
    "midway_control": lambda v: v.s.midway_control,
    "midway_hits_this_turn": lambda v: v.s.midway_hits,
    "aop": lambda v: dict(v.s.aop),
    "declared": lambda v: v.s.declared,
    "midway_ops": lambda v: v.s.midway_ops,
    "carriers": _carriers,
    "dmcv": lambda v: {sd: (v.s.dmcv.get(sd) if v.own(sd) else dmcv_seen(v.s, sd)) for sd in SIDES},
    "displays": lambda v: {sd: display(v.c, sd) if v.own(sd) else None for sd in SIDES},
    "hands": lambda v: {sd: list(v.s.hands[sd]) if v.own(sd) else None for sd in SIDES},
    "hand_sizes": lambda v: {sd: len(v.s.hands[sd]) for sd in SIDES},
    "dead_cards": lambda v: {sd: list(v.s.dead[sd]) if v.own(sd) else None for sd in SIDES},
    "played": lambda v: list(v.s.played),
    "active": lambda v: list(v.s.active),
    "deck_size": lambda v: len(v.s.deck),
    "air_op": lambda v: {"side": v.s.op_side, "kind": v.s.op_kind, "count": v.s.op_count} if v.s.op_side else None,
    "attack": lambda v: attack_view(v.c, v.side),
    "seen_left": lambda v: dict(v.s.seen_left),     # losses both sides saw (2.6): public
    "pending": _pending,
    "options": lambda v: dict(v.s.options),
    "result": lambda v: None if v.s.result is None else {"winner": v.s.result[0], "score": v.s.result[1]},
    "names": lambda v: dict(_printed(v.c)[0]),
    "midway_hex": lambda v: v.d.midway.hex,
    "card_titles": lambda v: dict(_printed(v.c)[1]),
    "control": lambda v: control(v.s, v.c, v.side),
}


def view(s: FaMState, d, side: str | None, pause) -> dict[str, Any]:
    """Public facts for everyone; a side's own display, plot and hand in full; the enemy's only as told."""
    v = _Seen(s, d, side, pause)
    return {key: part(v) for key, part in _PARTS.items()}


def policy_view(s: FaMState, d, side: str, pause) -> LazyView:
    """`view`, each part made when first read (`Game.policy_view`: a heuristic in a search reads a few)."""
    v = _Seen(s, d, side, pause)
    return LazyView(_PARTS, lambda key: _PARTS[key](v))


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
            "decks": {k: _on_deck(c, k) for k in (c.carriers_of(a.group) if a.group else ())},
            "state": a.to_json()}


def _on_deck(c: Ctx, k: str) -> list[list]:
    """The squadrons on carrier `k`'s deck boxes in id order, with their box and steps (from the box index)."""
    by_box = c.s.air.index().by_box
    air = c.s.air
    return [[q, air[q][0], air[q][1]] for q in sorted(q for _, name in c.st.deck_names[k] for q in by_box.get(name, ()))]
