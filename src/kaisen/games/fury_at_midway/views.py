"""2.6 Concealment: what each side may know, built from an allow-list (never by deleting secrets)."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Chance, End
from kaisen.games.fury_at_midway.common import Ctx
from kaisen.games.fury_at_midway.state import SIDES, FaMState


def display(c: Ctx, side: str) -> dict[str, Any]:
    """One side's carrier display (8.3): every box and what is in it, and its strike groups on the map."""
    s = c.s
    boxes: dict[str, list[list]] = {}
    for q, (box, n) in sorted(s.air.items()):
        if c.side_of(q) == side and box != "lost":
            boxes.setdefault(box, []).append([q, n])
    groups = {g.id: {"hex": g.hex, "units": list(g.units), "origin": g.origin, "flights": g.flights,
                     "moved": g.moved, "midway_strike": g.midway_strike}
              for g in s.groups.values() if g.side == side}
    lost = sorted(q for q, (b, _) in s.air.items() if b == "lost" and c.side_of(q) == side)
    return {"boxes": boxes, "strike_groups": groups, "lost": lost, "forming": list(s.forming) if s.op_side == side else []}


def view(s: FaMState, d, side: str | None, pause) -> dict[str, Any]:
    """Public facts for everyone; a side's own display, plot and hand in full; the enemy's only as told."""
    c = Ctx(s, d)

    def own(sd: str) -> bool:
        return side is None or side == sd

    fleets = {}
    for f, sp in d.fleets.items():
        fleets[f] = s.fleet[f] if own(sp.side) else s.shown.get(f, "unknown")
    carriers = {k: {"name": c.carrier_name(k), "side": d.carriers[k].side, "damaged": list(s.damage.get(k, ())),
                    "sunk": k in s.sunk, "towed": k in s.towed}
                for k in d.carriers}
    if isinstance(pause, End):
        pending = {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    elif isinstance(pause, Chance):
        pending = {"kind": "chance", "reason": pause.reason if side is None or public_chance(s) else "dice are rolled",
                   "dice": len(pause.dice)}
    else:
        pending = {"kind": "decision", "side": pause.side,
                   "prompt": pause.prompt if side in (None, pause.side) else f"{pause.side} is deciding"}
    return {
        "game": "fury-at-midway", "side": side, "turn": s.turn, "night": d.turn(s.turn).night,
        "time": f"{d.turn(s.turn).date}, {d.turn(s.turn).time}",
        "fleets": fleets, "exits": list(s.exits),
        "plot": {f: list(p) for f, p in s.plot.items()} if own("usa") else None,
        "garrison": s.garrison, "invasion": s.invasion, "midway_control": s.midway_control,
        "midway_hits_this_turn": s.midway_hits,
        "aop": dict(s.aop), "declared": s.declared, "midway_ops": s.midway_ops,
        "carriers": carriers, "dmcv": dict(s.dmcv),
        "displays": {sd: display(c, sd) if own(sd) else None for sd in SIDES},
        "hands": {sd: list(s.hands[sd]) if own(sd) else None for sd in SIDES},
        "hand_sizes": {sd: len(s.hands[sd]) for sd in SIDES},
        "dead_cards": {sd: list(s.dead[sd]) if own(sd) else None for sd in SIDES},
        "played": list(s.played), "deck_size": len(s.deck),
        "air_op": {"side": s.op_side, "kind": s.op_kind} if s.op_side else None,
        "attack": attack_view(c, side),
        "pending": pending,
        "options": dict(s.options),
        "result": None if s.result is None else {"winner": s.result[0], "score": s.result[1]},
        "names": {q: c.unit_name(q) for q in d.squadrons},
        "midway_hex": d.midway.hex,
    }


def public_chance(s: FaMState) -> bool:
    """Dice everyone sees rolled: not the card draws' faces nor a side's private night landings."""
    return not s.step.startswith(("deal", "draw"))


def attack_view(c: Ctx, side: str | None) -> dict[str, Any] | None:
    """An attack is flown in the open (2.6): the strike and the defending group are shown while it lasts."""
    a = c.s.attack
    if a is None:
        return None
    g = c.s.groups.get(a.group)
    return {"group": a.group, "side": a.side, "target": a.target,
            "units": [[q, c.s.steps(q)] for q in g.units] if g else [],
            "hex": g.hex if g else None, "stage": getattr(a, "stage", "")}



