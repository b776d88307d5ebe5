"""Sampling a full state consistent with one side's view, for search agents (DESIGN.md, Sampler).

What the view shows is copied; the enemy counters the side cannot identify are dealt at random into
the places where face-down enemy counters are known to be (base, Operation Boxes, concealed task
forces), respecting what the rules make certain: no carrier in a task force with Transports (8.2), no
carrier in Ironbottom Sound or The Slot (9.2), the Tokyo Express alone and never in base (9.6)."""
from __future__ import annotations

import random
from typing import Any

from kaisen.games.pacific_fury.state import Combat, PFState, TaskForce
from kaisen.games.pacific_fury.views import COMBAT_FIELDS, hidden_units

TRIES = 200


def sample(game, view: dict[str, Any], rng: random.Random) -> PFState:
    side = view["side"]
    if side is None:
        raise ValueError("sample_state needs a side's view, not the omniscient one")
    d = game.data
    foe = "usa" if side == "japan" else "japan"
    ctl = view["control"]
    s = PFState(turn=view["turn"], phase=view["phase"], step=ctl["step"], initiative=view["initiative"],
                marker=view["marker"], hf_operational=view["henderson"] == "operational",
                events_used=tuple(view["events_used"]), ops=dict(view["operations"]), phasing=ctl["phasing"],
                forming_box=ctl["forming_box"], transport_sunk=ctl["transport_sunk"],
                base_revealed=ctl["base_revealed"], event_rolls=ctl["event_rolls"],
                options=tuple(sorted(view["options"].items())),
                returns={u: int(t) for u, t in ctl["returns"].items()}, gone_public=tuple(ctl["gone_public"]))
    if view["result"] is not None:
        s.result = (view["result"]["winner"], view["result"]["score"])
    if view["combat"] is not None:
        cb = view["combat"]
        s.combat = Combat(**{f: cb[f] for f in COMBAT_FIELDS}).copy()
    for u in d.order:
        s.loc[u] = "offboard"
    slots: list[tuple[str, int, str | None]] = []      # (place, how many, zone) still to fill
    for sd in ("japan", "usa"):
        part = view["sides"][sd]
        for key, where in (("reserve", "reserve"), ("sunk", "sunk"), ("removed", "removed")):
            for u in part[key]:
                s.loc[u] = where
        for units in part["track"].values():
            for u in units:
                s.loc[u] = "track"
        if part["base"] is not None:
            for u in part["base"]:
                s.loc[u] = "base"
        else:
            slots.append(("base", part["base_count"], None))
        for b in part["boxes"]:
            ships = tuple(b["ships"]) if b["ships"] is not None else ()
            s.tfs[b["tf"]] = TaskForce(b["tf"], sd, ships, b["box"], None, False)
            if b["ships"] is None:
                slots.append(("tf:" + b["tf"], b["count"], None))
    for z in view["zones"]:
        for t in z["task_forces"]:
            ships = tuple(t["ships"]) if t["ships"] is not None else ()
            s.tfs[t["tf"]] = TaskForce(t["tf"], t["side"], ships, None, z["id"], t["revealed"])
            if t["ships"] is None:
                slots.append(("tf:" + t["tf"], t["count"], z["id"]))
    for tf in s.tfs.values():
        for u in tf.ships:
            s.loc[u] = "tf:" + tf.id
    deal(s, d, foe, hidden_units(view, side) - set(view["sides"][foe]["offboard"]), slots, rng)
    # 9.6: formed this turn if the marker is in play, or has left play in plain view (landed, turned back, sunk)
    s.te_formed = s.loc["tokyo-express"] != "offboard" or "tokyo-express" in ctl["gone_public"]
    return s


def deal(s: PFState, d, foe: str, hidden: set[str], slots, rng: random.Random) -> None:
    """Deal the hidden enemy counters into the slots; rejection sampling, then a careful fallback."""
    order = {u: i for i, u in enumerate(d.order)}
    hidden_sorted = sorted(hidden, key=order.get)
    must = [u for u in hidden_sorted if d.ships[u].type not in ("AP", "TE")]
    flex = [u for u in hidden_sorted if d.ships[u].type in ("AP", "TE")]
    total = sum(n for _, n, _ in slots)
    best = None
    for attempt in range(TRIES):
        extra = total - len(must)
        pool = rng.sample(flex, k=min(max(extra, 0), len(flex)))
        units = must + pool
        rng.shuffle(units)
        if attempt == TRIES - 1:    # fallback: carriers and Transports first into base
            units.sort(key=lambda u: (not d.ships[u].is_carrier, d.ships[u].type != "AP"))
        placed = fill(units, slots)
        if placed is not None and (ok(placed, d, s, foe) or attempt == TRIES - 1):
            best = placed
            break
    for place, units in (best or {}).items():
        for u in units:
            s.loc[u] = place
        if place.startswith("tf:"):
            tf = s.tfs[place[3:]]
            s.tfs[tf.id] = tf._replace(ships=tuple(units))


def fill(units: list[str], slots) -> dict[str, list[str]] | None:
    out: dict[str, list[str]] = {}
    i = 0
    for place, n, _zone in slots:
        out[place] = units[i:i + n]
        i += n
    return out


def ok(placed: dict[str, list[str]], d, s: PFState, foe: str) -> bool:
    for place, units in placed.items():
        types = {d.ships[u].type for u in units}
        carrier = bool(types & {"CV", "CVL"})
        if "TE" in types and (place == "base" or len(units) != 1):
            return False
        if "AP" in types and (carrier or foe == s.initiative):
            return False
        if place.startswith("tf:"):
            zone = s.tfs[place[3:]].zone
            if zone in ("slot", "ironbottom") and carrier:
                return False
            if "TE" in types and zone not in (None, "slot"):
                return False
    if sum(1 for units in placed.values() for u in units if d.ships[u].type in ("AP", "TE")) > 2:
        return False
    return True
