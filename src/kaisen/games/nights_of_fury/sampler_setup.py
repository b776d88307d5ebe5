"""Sampling the rolled set-up of a generated battle or campaign mission (A, G) from one side's view, for
sampler.py: the side's own part is copied from the view (`set_up`, `campaign`); the enemy's is dealt the way
the generator makes it, never read from the true state.

* The generator's rolls, the missions, the commanders found, the campaign's mission, month and totals are public
  and copied.
* The enemy's ship limits are rolled on the Campaign Charts for its mission (G), as the generator rolls them.
* The enemy's force, before a battle, is every ship its limits allow (as the rulebook's assign step and the
  heuristic take them), drawn at random from its navy. In a battle it is dealt to fit what the view shows: one
  division marker per group the generator forms (battleships and heavy cruisers; light cruisers; destroyers in
  fours; PT boats), each stack at least as big as the ships shown or counted under its markers, every class
  identified there, the enemy's losses (sunk and disengaged, in number) and what intelligence tells (H: ships,
  capital ships, ships of each type); the kinds of division and the sizes the view leaves open follow the
  limits rolled for its mission (a kind the view rules out gives way to one it allows, at random).
* The enemy's flagship (E) is one of its ships at random; in a campaign, its pool is its navy less as many
  ships as the side's log says it sank, its commanders' cards those of the data (their experience is the
  enemy's), its log the side's own log seen from the other chair."""
from __future__ import annotations

import random
from typing import Any

from kaisen.games.nights_of_fury import generator
from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.data import SHIP_TYPES
from kaisen.games.nights_of_fury.own import CAMPAIGN, DD_PER_DIVISION, Setup
from kaisen.games.nights_of_fury.state import SIDES, NoFState, other

KIND = {"BB": "heavy", "CA": "heavy", "CL": "light", "DD": "destroyers", "PT": "pt"}
TRIES = 200


def base(div_id: str) -> str:
    """The scenario division a marker comes from (a detached ship's division is "<division>/<n>", C)."""
    return div_id.split("/", 1)[0]


def limits(d, side: str, mission: str, have: dict[str, int], rng: random.Random) -> dict[str, int]:
    """G: each type's limit rolled for the mission, never above the ships of the type in the pool."""
    out = {}
    for t in SHIP_TYPES:
        row = d.data.ship_limit(side, mission, t)
        out[t] = min(have.get(t, 0), row.limit(tuple(rng.randint(1, 6) for _ in range(row.dice))))
    return out


def _have(d, pool: list[str]) -> dict[str, int]:
    out = {t: 0 for t in SHIP_TYPES}
    for q in pool:
        out[d.ships[q].type] += 1
    return out


def record(d, view: dict[str, Any], rng: random.Random, enemy_groups=None) -> Setup:
    """The set-up record (own.Setup) as the view's side may believe it: its own part from the view, the enemy's
    dealt (`enemy_groups`: its force in the battle under way, else every ship its limits allow)."""
    part, side = view["set_up"], view["side"]
    foe = other(side)
    mine = part[side]
    camp = view.get("campaign")
    pool = _pools(d, view, foe, enemy_groups, rng) if camp else {}
    repair = [q["id"] for q in camp[side]["ships"] if q["repair"]] if camp else []
    foe_pool = pool[foe] if camp else generator.navy_ships(d, foe)
    lim = {side: dict(mine["limits"])} if side in part["rolled"] else {}
    chosen = {side: list(mine["chosen"])} if side in part["rolled"] else {}
    mission = part["missions"].get(foe)
    if foe in part["rolled"]:
        lim[foe] = limits(d, foe, mission, _have(d, foe_pool), rng)
        if enemy_groups is not None:
            chosen[foe] = [q for g in enemy_groups for q in _heavy_first(d, g)]
        elif foe in part["sailed"]:
            chosen[foe] = [q for t in SHIP_TYPES
                           for q in rng.sample([x for x in foe_pool if d.ships[x].type == t], lim[foe][t])]
        else:
            chosen[foe] = []
        have = _have(d, chosen[foe])
        lim[foe] = {t: max(n, have[t]) for t, n in lim[foe].items()}
    commander = {x: k for x, k in part["commanders"].items() if x != side}
    if mine["commander"] is not None:
        commander[side] = mine["commander"]
    flagship = {side: mine["flagship"]} if mine["flagship"] else {}
    if commander.get(foe) and part["step"] != "flagship:" + foe and chosen.get(foe):
        flagship[foe] = rng.choice(chosen[foe])
    out = Setup(part["kind"], env=dict(part["env"]), intelligence=dict(part["intelligence"]),
                bands=dict(part["bands"]), land=[(m, b) for m, b in part["land"]], missions=dict(part["missions"]),
                limits=lim, chosen=chosen, commander=commander, flagship=flagship,
                tried={x: list(v) for x, v in part["tried"].items()})
    if not camp:
        return out
    import msgspec
    cards = {k: (cm.combat, cm.cohesion, cm.detection) for k, cm in d.data.commanders.items()
             if cm.navy == foe}
    cid = commander.get(foe, "")
    if "|" in cid and not cid.startswith("stand-in"):
        k, *ratings = cid.split("|")
        cards[k] = tuple(int(v) for v in ratings)
    cards.update({k: tuple(v) for k, v in camp[side]["commanders"].items()})
    log = {side: [dict(e) for e in camp[side]["log"]], foe: [_mirror(e) for e in camp[side]["log"]]}
    verdict = camp["verdict"]
    totals = dict(camp["totals"])
    return msgspec.structs.replace(
        out, mission=camp["mission"], pool=pool, repair=repair, cards=cards, dead=list(camp[side]["dead"]),
        totals=totals, log=log,
        verdict=None if verdict is None else (verdict["winner"], verdict["level"],
                                              abs(totals["usn"] - totals["ijn"])))


def _heavy_first(d, group: list[str]) -> list[str]:
    """The order the generator's grouping keeps (battleships before heavy cruisers in one division)."""
    return sorted(group, key=lambda q: d.ships[q].type != "BB")


def _mirror(entry: dict[str, Any]) -> dict[str, Any]:
    """The enemy's campaign log entry for a mission, as far as the side's own entry tells it (G)."""
    result = {"won": "lost", "lost": "won"}.get(entry["result"], entry["result"])
    return {"mission": entry["mission"], "month": entry["month"], "task": entry["enemy_task"],
            "enemy_task": entry["task"], "ships": [], "commander": "", "commander_killed": False, "lost": [],
            "repair": [], "enemy_lost": len(entry["lost"]), "vp": entry["enemy_vp"], "enemy_vp": entry["vp"],
            "result": result, "verdict": entry["verdict"], "experience": ""}


def _pools(d, view: dict[str, Any], foe: str, groups, rng: random.Random) -> dict[str, list[str]]:
    """G: the side's own surviving ships; the enemy's navy less as many ships as the side sank (its own log),
    never a ship at sea now."""
    side = view["side"]
    camp = view["campaign"]
    at_sea = {q for g in groups or () for q in g}
    navy = generator.navy_ships(d, foe)
    sank = sum(e["enemy_lost"] for e in camp[side]["log"])
    lost = set(rng.sample([q for q in navy if q not in at_sea], min(sank, len(navy) - len(at_sea))))
    return {side: [q["id"] for q in camp[side]["ships"]], foe: [q for q in navy if q not in lost]}


# -- the enemy's force in a battle -----------------------------------------------------------------------------
def enemy_groups(d, view: dict[str, Any], rng: random.Random) -> list[list[str]]:
    """The enemy's ships, one list per division marker of the generated battle (foe-1, foe-2, ...), consistent with
    everything the view shows of them."""
    side = view["side"]
    foe = other(side)
    entries = [v for v in view["divisions"] if v["side"] == foe]
    bases = sorted({base(v["id"]) for v in entries}, key=lambda b: int(b.rpartition("-")[2]))
    lo = {b: 0 for b in bases}
    seen = {b: [] for b in bases}
    open_ = set()
    for v in entries:
        b = base(v["id"])
        if not v["in_battle"]:
            continue
        if v["ships"]:
            lo[b] += len(v["ships"])
            seen[b] += [(x["class"], x["type"]) for x in v["ships"] if x.get("class")]
        elif v["count"] is not None:
            lo[b] += v["count"]
        else:
            lo[b] += 1
            if "/" not in v["id"]:
                open_.add(b)
    force = view["sides"][foe]["force"]
    lost = view["sides"][foe]["sunk"] + view["sides"][foe]["disengaged"]
    mission = view["set_up"]["missions"][foe]
    pool = generator.navy_ships(d, foe)
    have = _have(d, pool)
    patterns = _patterns(len(bases), [seen[b] for b in bases], force, have)
    if not patterns:
        raise ValueError(f"no {foe} force of {len(bases)} divisions fits the view (types {force.get('types')})")
    for _ in range(TRIES):
        lim = limits(d, foe, mission, have, rng)
        kinds = _kinds(lim)             # the divisions a force of these limits makes, where the view allows them
        if kinds not in patterns:
            kinds = rng.choice(patterns)
        sizes = _sizes(kinds, [lo[b] for b in bases], [b in open_ for b in bases], lost, force, lim, have, rng)
        if sizes is None:
            continue
        groups = _deal(d, kinds, sizes, [seen[b] for b in bases], force, lim, pool, rng)
        if groups is not None:
            return groups
    raise ValueError(f"could not deal a {foe} force that fits the view in {TRIES} tries")


def _patterns(k: int, seen: list[list[tuple[str, str]]], force: dict[str, Any], have: dict[str, int]):
    """The kinds of division, in the generator's order, that k markers may be: every identified type under a
    marker belongs to its kind, and the types intelligence tells (H) give each kind's presence."""
    out = []
    types = force.get("types")
    for heavy in (0, 1):
        for light in (0, 1):
            for pt in (0, 1):
                dd = k - heavy - light - pt
                if dd < 0:
                    continue
                kinds = ["heavy"] * heavy + ["light"] * light + ["destroyers"] * dd + ["pt"] * pt
                if any(KIND[t] != kinds[i] for i, xs in enumerate(seen) for _, t in xs):
                    continue
                if types is not None:
                    want = (bool(types.get("BB", 0) + types.get("CA", 0)), bool(types.get("CL", 0)),
                            -(-types.get("DD", 0) // DD_PER_DIVISION), bool(types.get("PT", 0)))
                    if want != (bool(heavy), bool(light), dd, bool(pt)):
                        continue
                elif "capital" in force and bool(force["capital"]) != bool(heavy):
                    continue
                if (heavy and not have["BB"] + have["CA"]) or (light and not have["CL"]) or (pt and not have["PT"]) \
                        or dd * DD_PER_DIVISION - (DD_PER_DIVISION - 1) > have["DD"]:
                    continue
                out.append(kinds)
    return out


def _kinds(lim: dict[str, int]) -> list[str]:
    """The kinds of division the generator forms from a force of every ship these limits allow."""
    return (["heavy"] * bool(lim["BB"] + lim["CA"]) + ["light"] * bool(lim["CL"])
            + ["destroyers"] * -(-lim["DD"] // DD_PER_DIVISION) + ["pt"] * bool(lim["PT"]))


def _sizes(kinds, lo, open_, lost, force, lim, have, rng) -> list[int] | None:
    """How many ships each marker's division had at the start: at least what is shown under it; destroyers in
    fours (only the last division short); the enemy's losses fit where no count is shown; intelligence's totals
    (H) met; the rest as the rolled limits say."""
    types = force.get("types")
    dd_at = [i for i, x in enumerate(kinds) if x == "destroyers"]
    fixed: dict[int, int] = {}
    target: dict[int, int] = {}
    for i, kind in enumerate(kinds):
        if kind == "destroyers":
            n = len(dd_at)
            total = types["DD"] if types is not None else max(lim["DD"], (n - 1) * DD_PER_DIVISION + 1)
            j = dd_at.index(i)
            size = DD_PER_DIVISION if j < n - 1 else total - (n - 1) * DD_PER_DIVISION
            if j < n - 1 or types is not None:
                fixed[i] = size
            target[i] = min(DD_PER_DIVISION, max(1, size))
        elif kind == "heavy":
            if types is not None:
                fixed[i] = types.get("BB", 0) + types.get("CA", 0)
            elif "capital" in force:
                fixed[i] = force["capital"]
            target[i] = fixed.get(i, lim["BB"] + lim["CA"])
        else:
            t = "CL" if kind == "light" else "PT"
            if types is not None:
                fixed[i] = types[t]
            target[i] = fixed.get(i, lim[t])
    cap = {i: DD_PER_DIVISION if k == "destroyers" else
           (have["BB"] + have["CA"] if k == "heavy" else have["CL" if k == "light" else "PT"])
           for i, k in enumerate(kinds)}
    sizes = [max(target[i], lo[i], 1) for i in range(len(kinds))]
    if any(fixed.get(i, sizes[i]) < max(lo[i], 1) or sizes[i] > cap[i] for i in range(len(kinds))):
        return None
    sizes = [fixed.get(i, s) for i, s in enumerate(sizes)]
    # the ships lost where a count is shown (closed) must be exactly the slack there; open markers absorb the rest
    free = [i for i in range(len(kinds)) if i not in fixed]
    counted = "ships" in force
    for _ in range(64):
        closed = sum(sizes[i] - lo[i] for i in range(len(kinds)) if not open_[i])
        room = sum(sizes[i] - lo[i] for i in range(len(kinds)) if open_[i])
        total_ok = not counted or sum(sizes) == force["ships"]
        if closed <= lost <= closed + room and total_ok:
            return sizes
        grow = closed + room < lost or (counted and sum(sizes) < force["ships"])
        shrink = closed > lost or (counted and sum(sizes) > force["ships"])
        if grow == shrink:
            return None
        cand = [i for i in free if (sizes[i] < cap[i] if grow else sizes[i] > max(lo[i], 1))]
        if shrink:
            cand = [i for i in cand if not open_[i] or counted]
        if not cand:
            return None
        sizes[rng.choice(cand)] += 1 if grow else -1
    return None


def _deal(d, kinds, sizes, seen, force, lim, pool, rng) -> list[list[str]] | None:
    """The ships of each division: the classes identified under its markers first, then ships of its kind's types
    (heavy divisions: battleships and heavy cruisers as intelligence or the limits have them)."""
    free = list(pool)
    rng.shuffle(free)
    types = force.get("types")
    heavy_types: list[str] = []
    if "heavy" in kinds:
        i = kinds.index("heavy")
        shown = [t for _, t in seen[i]]
        need = sizes[i] - len(shown)
        if types is not None:
            bag = ["BB"] * (types.get("BB", 0) - shown.count("BB")) + ["CA"] * (types.get("CA", 0) - shown.count("CA"))
        else:
            bag = ["BB"] * max(0, lim["BB"] - shown.count("BB")) + ["CA"] * max(0, lim["CA"] - shown.count("CA"))
            rng.shuffle(bag)
            bag += [d.ships[q].type for q in free if d.ships[q].type in ("BB", "CA")]
        heavy_types = shown + bag[:max(0, need)]
        if need < 0 or len(heavy_types) != sizes[i]:
            return None
    groups = []
    for i, kind in enumerate(kinds):
        group = []
        for cls, t in seen[i]:
            q = next((x for x in free if d.ships[x].class_name == cls and d.ships[x].type == t), None)
            if q is None:
                return None
            free.remove(q)
            group.append(q)
        if kind == "heavy":
            rest = heavy_types[len(seen[i]):]
        else:
            t = {"light": "CL", "destroyers": "DD", "pt": "PT"}[kind]
            rest = [t] * (sizes[i] - len(group))
        for t in rest:
            q = next((x for x in free if d.ships[x].type == t), None)
            if q is None:
                return None
            free.remove(q)
            group.append(q)
        groups.append(group)
    return groups


def state(game, view: dict[str, Any], rng: random.Random) -> NoFState:
    """A state at a set-up step or between missions (A, G): the record as the side may believe it, no battle."""
    part = view["set_up"]
    own = record(game.data, view, rng)
    s = NoFState(scenario=view["scenario"], turn=view.get("turn", 1), phase=view["phase"], step=part["step"],
                 options=tuple(sorted(view["options"].items())), own=own)
    s.todo = tuple(part["todo"])
    if view["result"] is not None:
        s.result = (view["result"]["winner"], view["result"]["score"])
    return s


def spec(game, view: dict[str, Any], rng: random.Random):
    """The battle's own scenario as the side may believe it (generator.make_spec on the record dealt), and the
    record; the enemy's divisions in the view's order of markers."""
    d = game.data
    groups = enemy_groups(d, view, rng)
    own = record(d, view, rng, groups)
    scratch = NoFState(scenario=view["set_up"]["kind"], own=own)
    made = generator.make_spec(Ctx(scratch, d))
    import msgspec
    return msgspec.structs.replace(own, spec=made), made


__all__ = ["state", "spec", "base", "limits", "SIDES"]
