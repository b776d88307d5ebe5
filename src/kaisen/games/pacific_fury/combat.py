"""10.0 Combat: surface (10.3), bombardment (10.4), carrier combat (10.5), air strikes (10.6), hits and
the Sunk Table (10.7), return to base (10.8). Every die is a chance node; every choice a decision."""
from __future__ import annotations

from functools import partial

from kaisen.engine.core import Chance, Option
from kaisen.games.pacific_fury.air_targets import strike_fields, strike_makers_of, strike_target_makers
from kaisen.games.pacific_fury.common import (_TF_ID, DONE_COMBAT, Ctx, as_aa_bonus, cap_of, carriers, describe,
                                              hits_for, sink_threshold, tf_type)
from kaisen.games.pacific_fury.landing import land
from kaisen.games.pacific_fury.state import LAST_TURN, SIDE_NAME, Combat, TaskForce, other

IBS = "ironbottom"


# -- starting combats ------------------------------------------------------------------------------
def begin(c: Ctx) -> None:
    """Fight the combat an operation (or the Torpedo Hit(s) event) set up in state.combat. When it is over
    the combat signals DONE_COMBAT and the sequence of play (flow.py) goes on."""
    cb = c.s.combat
    kind = cb.kind
    if kind == "torpedo":          # 7.1: Japan allocates the hits at once, then the Sunk Table
        allocate_or_roll(c)
    elif kind == "carrier":
        start_carrier_combat(c)
    elif kind == "air":
        c.note("operation", "9.5", _launch_text, cb.attacker, cb.mover, cb.target)
        start_round(c)
    elif kind == "bombard":
        _open_bombardment(c)
    else:
        start_round(c)


def start_carrier_combat(c: Ctx) -> None:
    """10.5: both sides with a TF-C must fight; if only one has, that side decides; else nothing."""
    cb = c.s.combat
    have = [side for side in (cb.attacker, other(cb.attacker)) if tfcs(c, side)]
    if len(have) == 2:
        choose_targets(c)
    elif len(have) == 1:
        c.s.step = "cc-declare:" + have[0]
    else:
        c.note("combat", "10.5", "No carriers on either side in {}: no combat".format, c.d.zones[cb.zone].name)
        c.finish(DONE_COMBAT)


def start_bombardment(c: Ctx, tf: TaskForce, rounds_left: int) -> None:
    """10.3: the bombardment that follows a surface combat which cleared Ironbottom Sound (one round)."""
    c.s.combat = Combat(kind="bombard", attacker=tf.side, zone=IBS, mover=tf.id, rounds=rounds_left)
    _open_bombardment(c)


def _open_bombardment(c: Ctx) -> None:
    """10.4: only the bombarding TF-B fires; enough hits disrupt Henderson Field."""
    c.reveal(c.s.tfs[c.s.combat.mover], "naval bombardment", "8.4")
    start_round(c)


def _launch_text(side: str, tid: str, target: str) -> str:
    return f"{SIDE_NAME[side]} {tid} launches an air strike on {target_name(None, target)}"


def tfcs(c: Ctx, side: str) -> list[TaskForce]:
    """A side's TF-Cs in the combat's zone, by id."""
    zone, d = c.s.combat.zone, c.d
    out = [t for t in c.s.tfs.values() if t[4] == zone and t[1] == side and tf_type(d, t) == "TF-C"]   # (in_zone)
    if len(out) > 1:
        out.sort(key=_TF_ID)
    return out


def target_name(c: Ctx, target: str) -> str:
    if target == "henderson":
        return "Henderson Field"
    if target == IBS:
        return "the task forces in Ironbottom Sound"
    return target


def target_units(c: Ctx, target: str, side: str) -> list[str]:
    """The ships an air strike target consists of (Ironbottom Sound: every task force there, 8.2)."""
    if target == IBS:
        return [u for t in sorted(c.s.in_zone(IBS, side), key=_TF_ID) for u in t.ships]
    tf = c.s.tfs.get(target)
    return list(tf.ships) if tf else []


# -- a round ----------------------------------------------------------------------------------------
def start_round(c: Ctx) -> None:
    s, d = c.s, c.d
    cb = s.combat
    cb.pools, cb.applied, cb.fire, cb.hf_hits = [], {}, {}, 0
    cb.declared, cb.rtb_asked, cb.stage = [], [], "start"
    a, dfn = cb.attacker, other(cb.attacker)
    c.note("round", "10.1", "{}: round {}".format, KIND_NAME[cb.kind], cb.round)
    if cb.kind == "surface":
        engage(c, s.in_zone(cb.zone))            # 10.3: every ship in the zone takes part
        for side, foe in ((a, dfn), (dfn, a)):
            mine = [u for t in sorted(s.in_zone(cb.zone, side), key=_TF_ID) for u in t.ships]
            theirs = [u for t in sorted(s.in_zone(cb.zone, foe), key=_TF_ID) for u in t.ships]
            add_fire(c, side, [(u, cf_of(c, u), 0) for u in mine], theirs)
    elif cb.kind == "bombard":
        tf = s.tfs[cb.mover]
        engage(c, [tf])
        add_fire(c, a, [(u, cf_of(c, u), 0) for u in tf.ships], None)
    elif cb.kind == "air":
        atk = s.tfs[cb.mover]
        engage(c, [atk] + ([] if cb.target == "henderson" else defender_targets(c)))
        c.reveal(atk, "air strike", "8.4")
        if cb.target == "henderson":
            icons = d.icons[c.hf_value()]
            add_fire(c, a, [(u, d.ships[u].cf, icons) for u in carriers(d, atk.ships)], None)
            if s.hf_operational and c.hf_value() > 0:
                add_fire(c, dfn, [("henderson", c.hf_value(), cap_of(d, atk.ships))], list(atk.ships))
        else:
            for t in ([s.tfs[cb.target]] if cb.target != IBS else s.in_zone(IBS, dfn)):
                c.reveal(t, "target of an air strike", "8.4")
            units = target_units(c, cb.target, dfn)
            bonus, cap = as_aa_bonus(d, atk.ships, units), cap_of(d, units)
            add_fire(c, a, [(u, d.ships[u].cf + bonus, cap) for u in carriers(d, atk.ships)], units)
            target_cvs = carriers(d, units)
            if target_cvs:   # a TF-C target fires back at the attacking TF-C only
                bonus, cap = as_aa_bonus(d, units, atk.ships), cap_of(d, atk.ships)
                add_fire(c, dfn, [(u, d.ships[u].cf + bonus, cap) for u in target_cvs], list(atk.ships))
    elif cb.kind == "carrier":
        fighting = {a: tfcs(c, a), dfn: tfcs(c, dfn)}      # (no task force moves while the fire is queued)
        if len(cb.targets) < len(fighting[a]) + len(fighting[dfn]):
            choose_targets(c)
            return
        engage(c, [s.tfs[cb.mover]] if cb.mover in s.tfs else [])
        for side in (a, dfn):
            for tf in fighting[side]:
                engage(c, [tf, s.tfs[cb.targets[tf.id]]])     # 10.5: the firing TF-C and its target
                units = list(s.tfs[cb.targets[tf.id]].ships)
                bonus, cap = as_aa_bonus(d, tf.ships, units), cap_of(d, units)
                add_fire(c, side, [(u, d.ships[u].cf + bonus, cap) for u in carriers(d, tf.ships)], units)
    next_fire(c)


def engage(c: Ctx, tfs) -> None:
    """Note the task forces that take part in this combat (10.8: a return to base takes these home)."""
    cb = c.s.combat
    cb.engaged.extend(t.id for t in sorted(tfs, key=_TF_ID) if t.id not in cb.engaged)


def engaged(c: Ctx, side: str) -> list[TaskForce]:
    """A side's task forces in the combat's zone that took part in it (interpretation 23): in surface
    combat every task force there; in carrier combat the moving task force, the TF-Cs that fired and the
    task forces they fired at, not a task force of either side that merely shares the zone."""
    cb = c.s.combat
    zone, took_part = cb.zone, cb.engaged
    out = [t for t in c.s.tfs.values() if t[4] == zone and t[1] == side and t[0] in took_part]    # (in_zone)
    if len(out) > 1:
        out.sort(key=_TF_ID)
    return out


KIND_NAME = {"surface": "Surface combat", "bombard": "Naval bombardment", "carrier": "Carrier combat",
             "air": "Air strike", "torpedo": "Torpedo hits"}


def kind_name(cb: Combat) -> str:
    return KIND_NAME[cb.kind]


def cf_of(c: Ctx, unit: str) -> int:
    """A unit's combat factor; the Tokyo Express has 1 under the optional rule of 9.6."""
    if unit == "tokyo-express":
        return 1 if c.s.option("tokyo-express-combat") else 0
    return c.d.ships[unit].cf


def add_fire(c: Ctx, side: str, shooters: list[tuple[str, int, int]], targets: list[str] | None) -> None:
    """Queue one side's dice: each shooter with its combat factor and the CAP cutting its hits."""
    cb = c.s.combat
    shooters = [sh for sh in shooters if sh[1] > 0]
    if not shooters:
        return
    if targets is None:
        pool = -1          # hits on Henderson Field
    else:
        for i, p in enumerate(cb.pools):
            if p[0] == side and p[2] == targets:
                pool = i
                break
        else:
            cb.pools.append([side, 0, list(targets)])
            pool = len(cb.pools) - 1
    cb.fire.setdefault(side, []).extend([u, cf, pool, cap] for u, cf, cap in shooters)


def next_fire(c: Ctx) -> None:
    cb = c.s.combat
    a, dfn = cb.attacker, other(cb.attacker)
    if cb.stage == "start" and cb.fire.get(a):
        c.s.step = "fire:" + a
    elif cb.stage != "fired:" + dfn and cb.fire.get(dfn):
        c.s.step = "fire:" + dfn
    else:
        allocate_or_roll(c)


def fire_chance(c: Ctx, side: str) -> Chance:
    cb = c.s.combat
    d = c.d
    labels = []
    for u, cf, _, cap in cb.fire[side]:
        key = (id(d), u, cf, cap)
        text = _DIE_LABELS.get(key)
        if text is None:
            text = _DIE_LABELS[key] = f"{unit_label(c, u)} (CF {cf}{', CAP -' + str(cap) if cap else ''})"
        labels.append(text)
    labels = tuple(labels)
    return Chance((6,) * len(labels), _FIRES[side] + "; ".join(labels), "10.2", labels)


# The dice's labels say only what their keys hold: made once per value (a few hundred in all).
_DIE_LABELS: dict[tuple, str] = {}
_FIRES = {side: f"{name} fires: " for side, name in SIDE_NAME.items()}


def unit_label(c: Ctx, unit: str) -> str:
    return "Henderson Field" if unit == "henderson" else c.name(unit)


def on_fire(c: Ctx, side: str, faces: tuple[int, ...]) -> None:
    """10.2: roll at or under the combat factor scores that many hits (less CAP, at least 1)."""
    cb = c.s.combat
    parts = []
    for (u, cf, pool, cap), face in zip(cb.fire[side], faces):
        h = hits_for(face, cf, cap)
        parts.append((u, face, h))
        if pool == -1:
            cb.hf_hits += h
        else:
            cb.pools[pool][1] += h
    c.note("fire", "10.2", _fire_text, c.d, side, tuple(parts))
    cb.stage = "fired:" + side
    next_fire(c)


def _fire_text(d, side: str, parts: tuple) -> str:
    return f"{SIDE_NAME[side]} fires: " + "; ".join(
        f"{'Henderson Field' if u == 'henderson' else d.ships[u].name} rolls {face}: {h} hit{'s' if h != 1 else ''}"
        for u, face, h in parts)


# -- applying hits -------------------------------------------------------------------------------
def eligible(c: Ctx, pool: list) -> list[str]:
    """10.7: hits go freely to the pool's ships; in surface combat a task force's Transports only once
    every other ship of it has taken a hit."""
    cb = c.s.combat
    ships = pool[2]
    if cb.kind != "surface":
        return list(ships)
    combined = cb.zone == IBS           # 8.2: a side's task forces in Ironbottom Sound fight as one
    out = []
    for u in ships:
        if c.d.ships[u].is_transport:
            tf = c.s.loc.get(u, "")
            mates = [m for m in ships if (combined or c.s.loc.get(m) == tf) and not c.d.ships[m].is_transport]
            if any(cb.applied.get(m, 0) == 0 for m in mates):
                continue
        out.append(u)
    return out


def allocate_or_roll(c: Ctx) -> None:
    """Apply hits pool by pool (attacker's first); a hit with only one possible ship applies itself."""
    cb = c.s.combat
    for pool in cb.pools:
        while pool[1] > 0:
            ok = eligible(c, pool)
            if not ok:
                pool[1] = 0
                break
            if len(ok) > 1:
                c.s.step = "alloc"
                return
            apply_hit(c, pool, ok[0])
    if sunk_rolls(c):
        c.s.step = "sunk"
    else:
        resolve_damage(c, ())


def alloc_pool(c: Ctx) -> list:
    for p in c.s.combat.pools:
        if p[1] > 0:
            return p
    raise StopIteration      # (as next() of an empty generator)


def alloc_options(c: Ctx, pool: list | None = None) -> list[Option]:
    """10.7: a hit on each eligible ship of the first pool with hits left (`pool`, when the caller has it)."""
    if pool is None:
        pool = alloc_pool(c)
    loc = c.s.loc
    d = c.d
    applied = c.s.combat.applied
    made = _HIT_OPTIONS.get(id(d))
    if made is None or len(made) > 50_000:
        made = _HIT_OPTIONS[id(d)] = {}
    out = []
    for u in eligible(c, pool):
        key = (u, applied.get(u, 0), loc[u])
        o = made.get(key)
        if o is None:
            o = made[key] = Option("hit:" + u, None, hit_fields(u, key[1], key[2]), partial(_hit_label, d))
        out.append(o)
    return out


# A hit option says only what its key holds (the ship, its hits so far, where it is): made once per value, per
# data set.
_HIT_OPTIONS: dict[int, dict[tuple, Option]] = {}


def _hit_label(d, o: Option) -> str:
    sp = d.ships[o.fields["unit"]]
    return f"{sp.name} (DF {sp.df}, {o.fields['applied']} hit(s) so far)"


def hit_fields(unit: str, applied: int, where: str) -> dict:
    """A hit option's fields: the ship, the hits it has taken this round, its task force (none in base)."""
    if where.startswith("tf:"):
        return {"verb": "hit", "unit": unit, "applied": applied, "tf": where[3:]}
    return {"verb": "hit", "unit": unit, "applied": applied}


def apply_hit(c: Ctx, pool: list, unit: str) -> None:
    cb = c.s.combat
    cb.applied[unit] = cb.applied.get(unit, 0) + 1
    pool[1] -= 1


def on_alloc(c: Ctx, oid: str) -> None:
    apply_hit(c, alloc_pool(c), oid[4:])
    allocate_or_roll(c)


def sunk_rolls(c: Ctx) -> list[str]:
    """Ships that roll on the Sunk Table (Transports and the Tokyo Express sink without a roll)."""
    cb = c.s.combat
    ships = c.d.ships
    return [u for u in hit_in_order(c.d, cb.applied) if ships[u].type not in _TRANSPORTS]


_TRANSPORTS = ("AP", "TE")      # ShipSpec.is_transport's types, read without a property call


_ORDER: dict[int, dict[str, int]] = {}


def hit_in_order(d, applied: dict[str, int]) -> list[str]:
    """The ships that took hits this round, in the data's order (sorting the few hit ships instead of
    scanning every ship)."""
    index = _ORDER.get(id(d))
    if index is None:
        index = _ORDER[id(d)] = {u: i for i, u in enumerate(d.order)}
    hit = [u for u, n in applied.items() if n and u in index]
    if len(hit) > 1:
        hit.sort(key=index.__getitem__)
    return hit


def sunk_chance(c: Ctx) -> Chance:
    cb = c.s.combat
    d = c.d
    labels = []
    for u in sunk_rolls(c):
        key = (id(d), u, cb.applied[u])
        text = _DIE_LABELS.get(key)
        if text is None:
            text = _DIE_LABELS[key] = (f"{c.name(u)}: {cb.applied[u]} hit(s) vs DF {d.ships[u].df}, sinks on "
                                       f"{sink_threshold(cb.applied[u], d.ships[u].df)}-6")
        labels.append(text)
    labels = tuple(labels)
    return Chance((6,) * len(labels), "Sunk Table: " + "; ".join(labels), "10.7", labels)


def resolve_damage(c: Ctx, faces: tuple[int, ...]) -> None:
    """10.7: sink or damage each hit ship; damaged ships go to the Turn Record Track at once."""
    s, d = c.s, c.d
    cb = s.combat
    hit = hit_in_order(d, cb.applied)
    ships = d.ships
    rolls = dict(zip([u for u in hit if ships[u].type not in _TRANSPORTS], faces))     # (sunk_rolls)
    for u in hit:
        sp = d.ships[u]
        n = cb.applied[u]
        where = s.loc[u]
        if where.startswith("tf:"):
            tf_id = where[3:]
            tf = s.tfs[tf_id]
            hit_tfs = cb.hit_tfs
            if tf.zone == IBS:        # 8.2: the side's task forces in Ironbottom Sound are one
                hit_tfs.extend(h for h in [t.id for t in s.in_zone(IBS, tf.side)] if h not in hit_tfs)
            elif tf_id not in hit_tfs:
                hit_tfs.append(tf_id)
            if sp.type == "AP" and c.tf_type(tf) == "TF-A":
                s.transport_sunk = True
        if sp.type == "TE":   # the marker leaves play in plain view and is used again next turn (9.6)
            s.loc[u] = "offboard"
            s.gone_public += (u,)
            c.note("sunk", "10.7", _one_hit_text, sp.name, n)
        elif sp.is_transport:
            s.loc[u] = "sunk"
            c.note("sunk", "10.7", _one_hit_text, sp.name, n)
        elif rolls[u] >= sink_threshold(n, sp.df):
            s.loc[u] = "sunk"
            c.note("sunk", "10.7", "{}: {} hit(s) vs DF {}, rolls {}: SUNK".format, sp.name, n, sp.df, rolls[u])
        else:
            back = s.turn + (2 if sp.side == "japan" or n >= 2 else 1)
            if back > LAST_TURN:
                s.loc[u] = "removed"
                c.note("damaged", "10.7", "{}: {} hit(s) vs DF {}, rolls {}: damaged, cannot return by turn {} and is "
                       "removed".format, sp.name, n, sp.df, rolls[u], LAST_TURN)
            else:
                s.loc[u] = "track"
                s.returns[u] = back
                c.note("damaged", "10.7", "{}: {} hit(s) vs DF {}, rolls {}: damaged, returns on turn {}".format,
                       sp.name, n, sp.df, rolls[u], back)
    c.drop_ships(hit)
    if cb.kind in ("bombard", "air") and (cb.kind == "bombard" or cb.target == "henderson"):
        need = max(1, c.hf_value())
        if not s.hf_operational:
            pass
        elif cb.hf_hits >= need:
            s.hf_operational = False    # (Ctx.disrupt, its text made from the hits when read)
            c.note("henderson", "10.4" if cb.kind == "bombard" else "10.6", _disrupted_by_hits_text, cb.hf_hits, need)
        else:
            c.note("henderson", "10.4" if cb.kind == "bombard" else "10.6",
                   "{} hit(s) on Henderson Field, {} needed: no effect".format, cb.hf_hits, need)
    round_end(c)


def _disrupted_by_hits_text(hits: int, need: int) -> str:
    return f"Henderson Field is disrupted ({hits} hit(s), {need} needed)"


def _one_hit_text(name: str, n: int) -> str:
    return f"{name} is sunk ({n} hit{'s' if n > 1 else ''}; one hit sinks it)"


# -- after a round -----------------------------------------------------------------------------
def round_end(c: Ctx) -> None:
    s = c.s
    cb = s.combat
    cb.rtb_asked = []
    if cb.kind == "torpedo":
        s.combat = None
        c.finish(DONE_COMBAT)
        return
    if cb.kind == "bombard":
        tf = s.tfs.get(cb.mover)
        if tf is None or not s.hf_operational or cb.round >= cb.rounds:
            if tf is not None:
                c.to_base(tf, "bombardment over", "10.4")
            c.finish(DONE_COMBAT)
        else:
            cb.round += 1
            start_round(c)
        return
    if cb.round == 1:
        ask_rtb(c)
    else:
        ask_final_rtb(c)


def staying_defenders(c: Ctx) -> list[TaskForce]:
    """The defending task forces that took no hit and so may stay after the last round (10.8)."""
    s = c.s
    cb = s.combat
    dfn = other(cb.attacker)
    fighting = defender_targets(c) if cb.kind == "air" else engaged(c, dfn)
    return [tf for tf in fighting if tf.id not in cb.hit_tfs]


def ask_final_rtb(c: Ctx) -> None:
    """10.8: after the last round the attacker must go home; an unhit defender may still declare its return."""
    cb = c.s.combat
    dfn = other(cb.attacker)
    if dfn not in cb.rtb_asked:
        cb.rtb_asked.append(dfn)
        if staying_defenders(c):
            c.s.step = "rtb:" + dfn
            return
    end_combat(c)


def ask_rtb(c: Ctx) -> None:
    """10.8: after round 1 the defender, then the attacker, may declare a return to base."""
    s = c.s
    cb = s.combat
    dfn = other(cb.attacker)
    if cb.round >= 2:
        ask_final_rtb(c)
        return
    if cb.kind == "air":
        if dfn not in cb.rtb_asked:
            cb.rtb_asked.append(dfn)
            if cb.target != "henderson" and defender_targets(c):
                s.step = "rtb:" + dfn
                return
        if _second_round_possible(c):
            s.step = "strike-next"
        else:
            end_combat(c)
        return
    for side in (dfn, cb.attacker):
        if side not in cb.rtb_asked:
            cb.rtb_asked.append(side)
            if engaged(c, side) and s.in_zone(cb.zone, other(side)):
                s.step = "rtb:" + side
                return
    continue_after_round1(c)


def defender_targets(c: Ctx) -> list[TaskForce]:
    cb = c.s.combat
    dfn = other(cb.attacker)
    if cb.target == IBS:
        return c.s.in_zone(IBS, dfn)
    tf = c.s.tfs.get(cb.target)
    return [tf] if tf else []


def rtb_fields(c: Ctx, side: str) -> tuple[dict, dict]:
    """The fields of "stay" and "return" (10.8): the task forces a return would take home, the combat's
    zone (none for an air strike: its target's task forces are named) and the round just fought."""
    cb = c.s.combat
    going = [t.id for t in sorted(defender_targets(c) if cb.kind == "air" else engaged(c, side), key=_TF_ID)]
    stay = {"verb": "stay", "tfs": going, "round": cb.round}
    back = {"verb": "return", "tfs": going, "round": cb.round}
    if cb.zone is not None:
        stay["zone"] = back["zone"] = cb.zone
    return stay, back


def on_rtb(c: Ctx, side: str, oid: str) -> None:
    s = c.s
    cb = s.combat
    if oid == "return":
        cb.declared.append(side)
        going = defender_targets(c) if cb.kind == "air" else engaged(c, side)
        for tf in sorted(going, key=_TF_ID):
            c.to_base(tf, "declared return to base", "10.8")
    else:
        c.note("combat", "10.8", "{} stays".format, SIDE_NAME[side])
    ask_rtb(c)


def continue_after_round1(c: Ctx) -> None:
    """A second round if both sides are still there; else Ironbottom Sound's bombardment or landing."""
    s = c.s
    cb = s.combat
    a, dfn = cb.attacker, other(cb.attacker)
    both = s.in_zone(cb.zone, a) and s.in_zone(cb.zone, dfn)
    if cb.kind == "surface":
        if both:
            cb.round = 2
            start_round(c)
            return
        mover = s.tfs.get(cb.mover)
        if mover is not None and cb.zone == IBS and not s.in_zone(IBS, dfn) and mover.zone == IBS:
            kind = c.tf_type(mover)
            if kind == "TF-B" and a == s.non_initiative and s.hf_operational:
                for tf in s.in_zone(IBS, a):
                    if tf.id != mover.id:
                        c.to_base(tf, "forced return after combat", "10.8")
                start_bombardment(c, mover, rounds_left=1)
                return
            if kind == "TF-A" and not s.hf_operational:
                land(c, mover)
        end_combat(c)
        return
    # carrier combat
    if both:
        have = [side for side in (a, dfn) if tfcs(c, side)]
        if have:
            cb.round = 2
            cb.targets = {}
            if len(have) == 2:
                start_round(c)
            else:
                s.step = "cc-declare:" + have[0]
            return
    end_combat(c)


def end_combat(c: Ctx) -> None:
    """10.8 forced return: the attacker goes home; a defending task force that took hits goes home."""
    s = c.s
    cb = s.combat
    a = cb.attacker
    if cb.kind == "air":
        tf = s.tfs.get(cb.mover)
        if tf is not None:
            c.to_base(tf, "attacker's forced return after the strike", "10.8")
    else:
        for tf in engaged(c, a):
            c.to_base(tf, "attacker's forced return", "10.8")
    for tid in cb.hit_tfs:
        tf = s.tfs.get(tid)
        if tf is not None and tf.side != a:
            c.to_base(tf, "took hits: forced return", "10.8")
    c.finish(DONE_COMBAT)


# -- carrier combat choices --------------------------------------------------------------------
def choose_targets(c: Ctx) -> None:
    """10.5: each TF-C picks one enemy task force in the zone (attacker's first); one choice picks itself."""
    s = c.s
    cb = s.combat
    for side in (cb.attacker, other(cb.attacker)):
        enemy = None
        for tf in tfcs(c, side):
            if tf.id in cb.targets:
                continue
            if enemy is None:        # (the same for each of the side's TF-Cs: no task force moves here)
                enemy = sorted(s.in_zone(cb.zone, other(side)), key=_TF_ID)
            if len(enemy) == 1:
                cb.targets[tf.id] = enemy[0].id
            else:
                s.step = "target:" + tf.id
                return
    start_round(c)


def target_options(c: Ctx, tf_id: str) -> list[Option]:
    s = c.s
    tf = s.tfs[tf_id]
    return [Option(f"target:{t.id}", None, {"verb": "target", "tf": tf_id, "target": t.id, "zone": tf.zone},
                   partial(_target_label, c.d, t))
            for t in sorted(s.in_zone(tf.zone, other(tf.side)), key=_TF_ID)]


def _target_label(d, t: TaskForce, o: Option) -> str:
    return f"{o.fields['tf']} targets {describe(d, t, False)}"


def on_target(c: Ctx, tf_id: str, oid: str) -> None:
    c.s.combat.targets[tf_id] = oid[7:]
    choose_targets(c)


def on_declare(c: Ctx, side: str, oid: str) -> None:
    cb = c.s.combat
    if oid == "carrier-combat":
        c.note("combat", "10.5", "{} opens carrier combat in {}".format, SIDE_NAME[side], c.d.zones[cb.zone].name)
        choose_targets(c)
    elif cb.round == 1:
        c.note("combat", "10.5", "{} declines carrier combat; both sides stay revealed".format, SIDE_NAME[side])
        c.finish(DONE_COMBAT)
    else:
        end_combat(c)


# -- the air strike's second round -------------------------------------------------------------
def strike_next_options(c: Ctx) -> list[Option]:
    """10.6: a second round if the striking TF-C still has a carrier, at the same or another target."""
    s = c.s
    cb = s.combat
    tf = s.tfs.get(cb.mover)
    if tf is None or not carriers(c.d, tf.ships):
        return []
    opts = [Option(f"strike:{t}", None, strike_fields(tf.id, t, zone), partial(_second_round_label, make, args))
            for t, zone, make, args in strike_target_makers(c, tf, tf.side)]
    if not opts:
        return []
    return opts + [Option("end", "No second round: the strike returns to base", {"verb": "end", "tf": tf.id})]


def _second_round_possible(c: Ctx) -> bool:
    """Whether strike_next_options offers anything (the same test, without making the options)."""
    s = c.s
    tf = s.tfs.get(s.combat.mover)
    if tf is None or not carriers(c.d, tf.ships):
        return False
    return bool(strike_makers_of(s, c.d, tf, tf.side))


def _second_round_label(make, args: tuple, o: Option) -> str:
    return f"Second round on {make(*args)}"


def on_strike_next(c: Ctx, oid: str) -> None:
    cb = c.s.combat
    if oid == "end":
        end_combat(c)
        return
    cb.round = 2
    cb.target = oid[7:]
    c.note("operation", "10.6", "Second round of the air strike on {}".format, target_name(c, cb.target))
    start_round(c)
