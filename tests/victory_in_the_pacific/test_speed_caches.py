"""Issues 11 and 15, for Victory in the Pacific: what is kept or written out by hand for speed says what the plain
computation says, over the views and states of seeded random games (with and without the optional rules):

- the heuristic's kept values (ai.py: a unit's fighting values per (unit, damage), `reach` per control, area values)
  and the parts of its `Board` worked out on first use (units at sea, threat, gain) are the ones worked out from
  scratch from the view;
- `VPState.to_json`, written field by field, is the generic loop over the dataclass fields it replaced;
- the view's units, made with the common values and then the few exceptions, are each unit asked for each value."""
from __future__ import annotations

import random
from dataclasses import fields

import pytest

from kaisen.engine.core import Decision, End
from kaisen.engine.testing import assert_refused_alike
from kaisen.games.victory_in_the_pacific import GAME, ai
from kaisen.games.victory_in_the_pacific.state import _DERIVED

D = GAME.data
ALL = {"air-strike-damage": True, "us-battleship-bonus": True, "turn-9": True}
HIT = ai.HIT


def _answer(p, rng):
    return tuple(rng.randint(1, k) for k in p.dice) if hasattr(p, "dice") else rng.choice(p.options).id


def states(seed: int, options=None, every: int = 9):
    """Every `every`-th state of a seeded random game, and its pause."""
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    i = 0
    while not isinstance(p := GAME.pause(s), End):
        if i % every == 0:
            yield s, p
        s = GAME.apply(s, _answer(p, rng))
        i += 1
    yield s, p


# -- the heuristic's values, from scratch (the formulas as they were before they were kept) -------------------------
def day_fire(v, u):
    sp, dm = D.units[u], v["units"][u]["damage"]
    if sp.kind not in ("ship", "lba") or sp.airstrike <= 0:
        return 0.0
    if sp.kind == "ship" and dm >= sp.armor:
        return 0.0
    return sp.airstrike * HIT * (2 if sp.airstrike_bonus else 1)


def night_fire(v, u):
    sp, dm = D.units[u], v["units"][u]["damage"]
    if sp.kind != "ship" or sp.gunnery <= 0 or sp.airstrike > 0:
        return 0.0
    guns = min(sp.gunnery, 1) if dm >= sp.armor else sp.gunnery
    return guns * HIT * (2 if sp.gunnery_bonus and not dm else 1)


def toughness(v, u):
    sp, dm = D.units[u], v["units"][u]["damage"]
    return max(1.0, sp.defense - dm) if sp.kind == "lba" else max(1.0, sp.armor + 1 - dm)


def strength(v, u):
    if D.units[u].kind == "sub":
        return 0.0
    return 1.5 * max(day_fire(v, u), night_fire(v, u)) + 0.4 * toughness(v, u)


def sea(v):
    out: dict = {}
    for u, x in v["units"].items():
        if x["loc"].startswith("sea:") and D.units[u].kind != "sub":
            out.setdefault(x["loc"][4:], {"japan": [], "allies": []})[D.units[u].side].append(u)
    return out


def threat(b):
    t: dict = {}
    v = b.v
    for u, x in v["units"].items():
        sp = D.units[u]
        if sp.side != b.foe or sp.kind != "ship" or u in b.moved or b.frozen(u):
            continue
        if not x["loc"].startswith("port:") or x["damage"] > sp.armor:
            continue
        areas = ai.reach(v, x["loc"][5:], b.foe, 3)
        share = 2.0 / max(2, len(areas)) * (1.5 if x["raider"] else 1.0)
        for a in areas:
            t[a] = t.get(a, 0) + strength(v, u) * share
    return t


def aims(side, turn):
    if side == "japan":
        return ai.JAPAN_AIMS
    out = dict(ai.ALLIED_DEFENCE)
    if turn >= ai.OFFENSIVE_TURN:
        for a, w in ai.ALLIED_OFFENCE.items():
            out[a] = out.get(a, 0) + w
    return out


def gain(b, area, add, threat_w=1.0):
    m = sum(strength(b.v, u) for u in sea(b.v).get(area, {}).get(b.side, []))
    e = sum(strength(b.v, u) for u in sea(b.v).get(area, {}).get(b.foe, [])) + threat_w * threat(b).get(area, 0.0)

    def share(x):
        return x / (x + e) if x + e > 0 else 0.0
    sp = D.areas[area]
    return (sp.poc_japan + sp.poc_allies + aims(b.side, b.turn).get(area, 0)) * (share(m + add) - share(m))


@pytest.mark.parametrize("seed,options", [(1, None), (2, ALL)])
def test_the_heuristics_kept_values_are_the_values_from_scratch(seed, options):
    checked = 0
    for s, p in states(seed, options, every=23):
        if not isinstance(p, Decision):
            continue
        v = GAME.view(s, p.side)
        b = ai.Board(v, p.side)
        for u in v["units"]:
            assert ai.values(v, u) == (day_fire(v, u), night_fire(v, u), toughness(v, u), strength(v, u)), u
        assert b.sea == sea(v)
        for base in D.bases:
            for side in ("japan", "allies"):
                for limit in (2, 3):
                    assert b.reach(base, side, limit) == ai.reach(v, base, side, limit), (base, side, limit)
        assert all(b.threat(a) == threat(b).get(a, 0.0) for a in D.areas)
        for a in D.areas:
            assert ai.area_value(p.side, b.turn, a) == \
                D.areas[a].poc_japan + D.areas[a].poc_allies + aims(p.side, b.turn).get(a, 0)
            for w in (1.0, 0.6, 0.0):
                assert b.gain(a, 2.5, w) == gain(b, a, 2.5, w), (a, w)
                assert b.gain(a, 0.7, w) == gain(b, a, 0.7, w), (a, w)
        checked += 1
    assert checked > 20


# -- to_json and the view's units, from scratch -------------------------------------------------------------------
def to_json_generic(s):
    out = {}
    for f in fields(s):
        if f.name in _DERIVED:
            continue
        v = getattr(s, f.name)
        if f.name == "combat":
            v = v.to_json() if v is not None else None
        elif isinstance(v, frozenset):
            v = sorted(v)
        elif f.name in ("options", "loc"):
            v = dict(v)
        elif f.name == "poc_log":
            v = [list(x) for x in v]
        elif isinstance(v, tuple):
            v = list(v)
        out[f.name] = v
    return out


@pytest.mark.parametrize("seed,options", [(3, None), (4, ALL)])
def test_to_json_and_the_views_units_are_the_generic_ones(seed, options):
    checked = 0
    for s, _ in states(seed, options, every=5):
        got, want = s.to_json(), to_json_generic(s)
        assert list(got) == list(want) and got == want
        units = {u: {"loc": loc, "mode": s.mode.get(u), "damage": s.damage.get(u, 0), "raider": u in s.raider}
                 for u, loc in sorted(s.loc.items())}
        for side in (None, "japan", "allies"):
            v = GAME.view(s, side)
            assert list(v["units"]) == list(units) and v["units"] == units
            assert all(list(v["units"][u]) == ["loc", "mode", "damage", "raider"] for u in units)
            assert v["names"] == {u: sp.name for u, sp in D.units.items()}
        checked += 1
    assert checked > 100


# -- the night targets, from scratch (7.422-7.424, combat.target_options) -----------------------------------------
def target_options_from_scratch(c, cb, u):
    from kaisen.games.victory_in_the_pacific import air_strikes, task_forces
    from kaisen.games.victory_in_the_pacific.battle import fighting
    from kaisen.games.victory_in_the_pacific.combat import HOLD
    from kaisen.games.victory_in_the_pacific.state import other
    side = c.side_of(u)
    foes = [f for f in fighting(c, cb, other(side)) if task_forces.can_be_hit(c, cb, f)]
    if cb.phase == "defend":
        return [f for f in air_strikes.attacking_strikes(c, cb, other(side)) if task_forces.can_be_hit(c, cb, f)]
    if cb.cur.startswith("raid:") or cb.actions[cb.act] == "day":
        return foes
    kind = {f: D.units[f].kind for f in foes}
    foes = [f for f in foes if kind[f] != "lba"]
    ships = [f for f in foes if kind[f] == "ship"]
    nc = {f for f in ships if not c.is_carrier(f)}
    allc = set(ships)
    firing, taken, left = set(cb.firing), set(cb.assign.values()), len(cb.ask) - 1
    out = []
    for t in foes:
        tt = taken | {t}
        need = set()
        if any(x in allc and x not in nc and x not in firing for x in tt):
            need |= nc
        if any(D.units[x].kind == "amph" for x in tt if x != HOLD):
            need |= allc
        if len(need - tt) <= left:
            out.append(t)
    if side == "japan" and c.is_carrier(u):
        out.append(HOLD)
    return out


@pytest.mark.parametrize("seed,options", [(5, None), (6, {"task-forces": True, "air-strike-damage": True})])
def test_the_targets_offered_are_the_targets_from_scratch(seed, options):
    from kaisen.games.victory_in_the_pacific import combat
    from kaisen.games.victory_in_the_pacific.common import Ctx
    checked = nights = 0
    for _ in range(3):
        for s, _p in states(seed, options, every=1):
            cb = s.combat
            if cb is None or not cb.stage.startswith("assign") or not cb.ask:
                continue
            c = Ctx(s.copy(), D)
            cb = c.s.combat
            assert combat.target_options(c, cb, cb.ask[0]) == target_options_from_scratch(c, cb, cb.ask[0])
            checked += 1
            nights += bool(cb.actions) and cb.actions[cb.act] == "night"
        seed += 100
    assert checked > 50 and nights > 10


# -- a replay without menus (flow.vouch) ----------------------------------------------------------------------------
def _events(s):
    return [(e.kind, e.text, e.private_to, e.rule) for e in GAME.events(s)]


@pytest.mark.parametrize("seed,options", [(7, None), (8, ALL)])
def test_a_replay_without_menus_is_the_game_with_menus_step_by_step(seed, options):
    from kaisen.games.victory_in_the_pacific import flow, movement
    from kaisen.games.victory_in_the_pacific.common import Ctx
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    answers, played = [], []
    while not isinstance(p := GAME.pause(s), End):
        if s.step.startswith("patrol:"):
            side = s.step[7:]
            ready = movement.ready_ships(Ctx(s, D), side)
            assert sorted(u for u in D.units if movement.is_ready(Ctx(s, D), side, u)) == sorted(ready)
        if s.step.startswith("air:"):
            side = s.step[4:]
            ready = movement.air_ready(Ctx(s, D), side)
            assert sorted(u for u in D.units if movement.is_air_ready(Ctx(s, D), side, u)) == sorted(ready)
        a = _answer(p, rng)
        answers.append(a)
        s = GAME.apply(s, a)
        played.append((s.to_json(), _events(s)))
    r = GAME.new_state(options=options)
    vouched = 0
    for a, (state, events) in zip(answers, played):
        vouched += type(a) is str and flow.vouch(Ctx(r, D), a)
        r = GAME.apply(r, a)                 # nobody asks for the menu
        assert r.to_json() == state and _events(r) == events
    assert vouched > 500


@pytest.mark.parametrize("seed", [9, 10])
def test_answers_not_offered_are_refused_alike_without_menus(seed):
    """Near misses at the steps a replay vouches for (another area, port or ship, another verb) are refused with
    the same rule, reason and allowed answers whether or not the menu was asked for first."""
    rng = random.Random(seed)
    tries = [f"to:{a}" for a in D.areas] + [f"to:{b}" for b in D.bases] + \
        [f"{v}:{u}" for v in ("sortie", "raider", "repair") for u in D.units] + ["to:", "sortie:", "place::"] + \
        [f"place:{u}:{a}" for u in D.units for a in D.areas]
    refused: dict = {}
    for s, p in states(seed, every=1):
        step = s.step.partition(":")[0]
        if not isinstance(p, Decision) or step not in ("patrol", "dest", "home", "air"):
            continue
        offered = set(p.ids())
        near = [o.id.replace(o.get("unit", "?"), u) for o in p.options[:3] for u in rng.sample(list(D.units), 3)]
        for t in rng.sample(tries, 8) + near:
            if t in offered:
                continue
            assert_refused_alike(GAME, s, t)
            refused[step] = refused.get(step, 0) + 1
    assert all(refused.get(k, 0) > 50 for k in ("patrol", "dest", "home", "air")), refused
