"""9.0 Air Attack: target (9.1), CAP and escorts (9.2), AAA (9.3), resolution and damage (9.4, 9.6)."""
# An attack runs through the stages of `Attack.order`; a stage is skipped, done at once, or waits for one
# answer. Hits waiting to be allocated and deck / runway hits waiting to be placed are served before the
# next stage. The last stage marks the attack finished (`c.finish("attack")`); flow.py hands the strike group
# back to the air operation (9.5, air_ops.after_attack).
from __future__ import annotations

from math import ceil

from kaisen.engine.core import Chance, Decision, Option, Pause
from kaisen.games.fury_at_midway import cards
from kaisen.games.fury_at_midway.common import DMCV, Ctx, Later, lazy_label, lazy_make, narrate
from kaisen.games.fury_at_midway.state import ESCORTS_FIRST, MIDWAY, SIDE_NAME, Attack, other  # noqa: F401
from kaisen.games.fury_at_midway.strike import (  # noqa: F401  (tests reach these through air_attack)
    _cap_fighters, advance, attackers, carrier_hit, escorts, fire_escorts_first, live_interceptors, midway_hit,
    needs_location_die, units)

# "k-..." stages are the event-card windows (cards.py): target determination (11), before the CAP intercepts
# (09, 12), as the fighters meet (12) and hits on a carrier (13). "k09" / "k13" are the cards' own choices.
HOLD_PLACE = frozenset({"k-bomb", "k13"})   # hits wait to be placed while card 13 may add one
D3A, B5N = "d3a", "b5n"
MIDWAY_MINUS = frozenset({D3A, B5N})       # 9.6(2): one less against Midway
# Who allocates a pending hit, what it is called in the narration, and the rule.
ALLOC = {"strike": ("attacker", "CAP fire", "9.2(3)"),
         "attack": ("attacker", "anti-aircraft fire", "9.3(2)"),
         "cap": ("defender", "escort fire", "9.2(3)"),
         "lost": ("attacker", "US Strike Lost", "12.0")}


# -- the flow ------------------------------------------------------------------------------------------
def start(c: Ctx, group_id: str, target: str) -> None:
    """9.0: the strike group has entered the target's hex; resolve its attack now."""
    g = c.s.groups[group_id]
    c.s.attack = Attack(group_id, g.side, target)
    c.s.step = "atk"
    c.sayf("attack", "9.0", narrate, "{} strike group {} ({}) attacks {}", SIDE_NAME[g.side], group_id,
           c.lazy_names(g.units), c.fleet_name(target))
    if not attackers(c, c.s.attack):
        c.say("attack", "Fighters alone cannot attack: the strike turns back", "9.0")
        c.s.attack.stage = "end"
    _run(c)


def pause(c: Ctx) -> Pause:
    """The Decision or Chance the attack waits for."""
    a = c.s.attack
    if a.hits:
        return _alloc_decision(c, a)
    if a.place and a.stage not in HOLD_PLACE:
        return _place_chance(c, a.place[0])
    return PAUSE[a.stage](c, a)


def answer(c: Ctx, ans) -> None:
    """Apply a validated answer (an option id or the faces) and run to the next pause."""
    a = c.s.attack
    if a.hits:
        _on_alloc(c, a, ans)
    elif a.place and a.stage not in HOLD_PLACE:
        _place_next(c, ans[0])
    else:
        ANSWER[a.stage](c, a, ans)
    _run(c)


def _run(c: Ctx) -> None:
    while True:
        a = c.s.attack
        if a.hits:
            if _auto_alloc(c, a):
                continue
            return
        if a.place and a.stage not in HOLD_PLACE:
            if needs_location_die(c, a.place[0]):
                return
            _place_next(c, None)
            continue
        if a.stage == "end":
            c.s.attack = None
            c.sayf("attack", "9.0", narrate, "Strike group {}'s attack is over", a.gid)
            _finish(c, a.gid)
            return
        stage = a.stage
        if ENTER[stage](c, a):
            return
        if a.stage == stage:
            advance(a)


def _finish(c: Ctx, gid: str) -> None:
    """The attack is over; 9.5 is the air operation's (flow.py hands the group back to air_ops.after_attack)."""
    c.finish("attack", gid)


# -- who is where ----------------------------------------------------------------------------------------
def kind_of(c: Ctx, target: str) -> str:
    """What a target (or hit group) is: "midway", "invasion" (the MIF) or "carriers"."""
    if target == MIDWAY:
        return MIDWAY
    fl = c.d.fleets.get(target)
    return "invasion" if fl is not None and fl.kind == "invasion" else "carriers"


def live_groups(c: Ctx, fleet: str) -> list[str]:
    """The groups of a fleet with a carrier afloat (9.1)."""
    return [g for g in c.groups_of_fleet(fleet) if any(c.afloat(k) for k in c.carriers_of(g))]


def afloat_carriers(c: Ctx, group: str) -> list[str]:
    return [k for k in c.carriers_of(group) if c.afloat(k)]


def attack_on_deck(c: Ctx, carrier: str) -> bool:
    """An attack aircraft sits in one of the carrier's deck boxes (9.4(1))."""
    pre = f"deck:{carrier}:"
    return any(b.startswith(pre) and not c.is_fighter(q) for q, (b, _) in c.s.air.items())


# -- 9.1 target determination ----------------------------------------------------------------------------
def _enter_aim(c: Ctx, a: Attack) -> bool:
    if a.group:
        return False
    if kind_of(c, a.target) != "carriers" or a.target in DMCV.values():
        a.group = a.target
        return False
    live = live_groups(c, a.target)
    if len(live) == 2:
        return True
    if live:
        a.group = live[0]
        c.sayf("attack", "9.1", narrate, "Only {} has a carrier afloat: it is the target", c.group_name(a.group))
    else:
        c.sayf("attack", "9.1", narrate, "{} has no carrier afloat to attack", c.fleet_name(a.target))
        a.stage = "end"
    return False


def _pause_aim(c: Ctx, a: Attack) -> Pause:
    if not a.aimed:
        opts = tuple(Option(f"aim:{g}", None, {"verb": "aim", "group": a.gid, "target": g, "fleet": a.target},
                            lazy_make(_aim_label, c.group_name(g), tuple(map(c.carrier_name, afloat_carriers(c, g)))))
                     for g in live_groups(c, a.target))
        return Decision(a.side, f"Strike group {a.gid}: which group of {c.fleet_name(a.target)} to attack?",
                        opts, "9.1", "choose-target")
    n = c.d.sides[a.side].on_target_max
    return Chance((6,), f"Strike group {a.gid} on target on 1-{n} ({c.group_name(a.aimed)}), "
                        f"else the other group", "9.1", ("on-target die",))


def _aim_label(group: str, carriers: tuple[str, ...]) -> str:
    return f"{group} ({', '.join(carriers)})"


def _on_aim(c: Ctx, a: Attack, ans) -> None:
    if not a.aimed:
        a.aimed = ans.partition(":")[2]
        c.sayf("attack", "9.1", narrate, "Strike group {} aims at {}", a.gid, c.group_name(a.aimed))
        return
    face, n = ans[0], c.d.sides[a.side].on_target_max
    a.group = a.aimed if face <= n else next(g for g in live_groups(c, a.target) if g != a.aimed)
    c.sayf("attack", "9.1", narrate, "Strike group {} rolls {} (on target on 1-{}): it attacks {}", a.gid, face, n,
           c.group_name(a.group))
    advance(a)


# -- 9.2 CAP interception and escort counter-fire ---------------------------------------------------------
def _enter_intercept(c: Ctx, a: Attack) -> bool:
    return bool(_cap_fighters(c, a))


def _pause_intercept(c: Ctx, a: Attack) -> Pause:
    opts = [Option(f"intercept:{q}", None,
                   {"verb": "intercept", "unit": q, "steps": c.s.air[q][1], "group": a.gid, "target": a.group},
                   lazy_label("Intercept with {} ({} step(s))", c.unit_name(q), c.s.air[q][1]))
            for q in _cap_fighters(c, a)]
    done = "No more interceptors" if a.interceptors else "Do not intercept"
    opts.append(Option("no-more", done, {"verb": "done", "group": a.gid, "target": a.group}))
    return Decision(a.defender, f"Strike group {a.gid} ({c.names(units(c, a))}) attacks "
                                f"{c.group_name(a.group)}: intercept with CAP?", tuple(opts), "9.2", "intercept")


def _on_intercept(c: Ctx, a: Attack, ans: str) -> None:
    if ans == "no-more":
        if not a.interceptors:
            c.sayf("attack", "9.2", narrate, "{}'s CAP does not intercept", c.group_name(a.group))
        advance(a)
        return
    q = ans.partition(":")[2]
    c.s.air[q] = (f"spent:{a.group}", c.s.air[q][1])
    a.interceptors += (q,)
    c.sayf("attack", "9.2", narrate, "{} intercepts strike group {}", c.unit_name(q), a.gid)
    if not _cap_fighters(c, a):
        advance(a)


def _fighter_dice(c: Ctx, shooters: list[str], plus: int) -> list[tuple[str, int]]:
    """One die per step: (unit, hits on or below)."""
    return [(q, c.spec(q).strength + plus) for q in shooters for _ in range(c.s.air[q][1])]


def _cap_dice(c: Ctx, a: Attack) -> list[tuple[str, int]]:
    plus = (0 if escorts(c, a) else 1) + a.bonus.get(a.defender, 0)
    return _fighter_dice(c, live_interceptors(c, a), plus)


def _escort_dice(c: Ctx, a: Attack) -> list[tuple[str, int]]:
    return _fighter_dice(c, escorts(c, a), a.bonus.get(a.side, 0))


def _enter_cap(c: Ctx, a: Attack) -> bool:
    return bool(live_interceptors(c, a) and units(c, a))


def _enter_escort(c: Ctx, a: Attack) -> bool:
    return bool(live_interceptors(c, a) and escorts(c, a))


def _dice_chance(c: Ctx, dice: list[tuple[str, int]], who: str, rule: str) -> Chance:
    labels = tuple(f"{c.unit_name(q)} (hits on {_range(n)})" for q, n in dice)
    return Chance((6,) * len(dice), f"{who}: {len(dice)} dice", rule, labels)


def _range(n: int) -> str:
    return "nothing" if n < 1 else ("1" if n == 1 else f"1-{min(n, 6)}")


def _pause_cap(c: Ctx, a: Attack) -> Pause:
    return _dice_chance(c, _cap_dice(c, a), f"{c.group_name(a.group)} CAP fires at strike group {a.gid}", "9.2(1)")


def _pause_escort(c: Ctx, a: Attack) -> Pause:
    return _dice_chance(c, _escort_dice(c, a), f"Strike group {a.gid}'s escorts fire at the interceptors", "9.2(2)")


def _score(c: Ctx, dice: list[tuple[str, int]], faces, who: str, rule: str) -> int:
    """Count the hits (a face at or below the number) and narrate the roll unit by unit."""
    hits = sum(1 for (_, n), f in zip(dice, faces) if f <= n)
    parts: dict[str, list] = {}
    for (q, n), f in zip(dice, faces):
        parts.setdefault(q, [n, []])[1].append(f)
    c.sayf("fire", rule, _ev_score, who, tuple([(c.unit_name(q) if q else "", tuple(fs), n)
                                               for q, (n, fs) in parts.items()]), hits)
    return hits


def _ev_score(who, parts: tuple, hits: int) -> str:
    text = "; ".join(f"{name + ' ' if name else ''}rolls {', '.join(map(str, fs))} (hits on {_range(n)})"
                     for name, fs, n in parts)
    return f"{who} fire: {text}: {hits} hit{'' if hits == 1 else 's'}"


def _on_cap(c: Ctx, a: Attack, faces) -> None:
    a.hits = _score(c, _cap_dice(c, a), faces, Later(narrate, "{} CAP", c.group_name(a.group)), "9.2(1)")
    a.alloc = "strike"
    advance(a)


def _on_escort(c: Ctx, a: Attack, faces) -> None:
    a.hits = _score(c, _escort_dice(c, a), faces, Later(narrate, "Strike group {}'s escorts", a.gid), "9.2(2)")
    a.alloc = "cap"
    advance(a)


# -- allocating hits (9.2(3), 9.3(2)) ----------------------------------------------------------------------
def _pool(c: Ctx, a: Attack) -> list[str]:
    if a.alloc == "cap":
        return live_interceptors(c, a)
    return attackers(c, a) if a.alloc == "attack" else list(units(c, a))


def _hit(c: Ctx, a: Attack, q: str) -> None:
    _, why, rule = ALLOC[a.alloc]
    a.hits -= 1
    c.lose_step(q, why, rule)


def _auto_alloc(c: Ctx, a: Attack) -> bool:
    """A hit applies itself when one unit can take it, or when the hits kill every unit anyway."""
    pool = _pool(c, a)
    if not pool:
        a.hits = 0
        return True
    if len(pool) == 1 or a.hits >= c.step_count(pool):
        _hit(c, a, pool[0])
        return True
    return False


def _alloc_decision(c: Ctx, a: Attack) -> Decision:
    who, why, rule = ALLOC[a.alloc]
    side = a.side if who == "attacker" else a.defender
    opts = tuple(Option(f"hit:{q}", None, {"verb": "hit", "unit": q, "steps": c.s.air[q][1], "hits": a.hits},
                        lazy_label("{} ({} step(s))", c.unit_name(q), c.s.air[q][1])) for q in _pool(c, a))
    return Decision(side, f"A hit from {why} ({a.hits} to apply): which unit loses a step?", opts, rule,
                    "allocate-hit")


def _on_alloc(c: Ctx, a: Attack, ans: str) -> None:
    _hit(c, a, ans.partition(":")[2])


# -- 9.3 anti-aircraft fire ------------------------------------------------------------------------------
def aaa_dice(c: Ctx, a: Attack) -> int:
    """Two dice a division / task force (a DMCV: its fleet's dice); half the track for Midway and the MIF."""
    kind = kind_of(c, a.group)
    if kind == MIDWAY:
        return ceil(c.s.garrison / 2)
    if kind == "invasion":
        return ceil(c.s.invasion / 2)
    if a.group in c.d.fleets:
        return c.d.fleets[a.group].aaa_dice
    return c.d.groups[a.group].aaa_dice


def _enter_aaa(c: Ctx, a: Attack) -> bool:
    if not attackers(c, a):
        c.sayf("attack", "9.3", narrate, "No attack aircraft of strike group {} are left", a.gid)
        a.stage = "end"
        return False
    return aaa_dice(c, a) > 0


def _pause_aaa(c: Ctx, a: Attack) -> Pause:
    n = aaa_dice(c, a)
    return Chance((6,) * n, f"{c.group_name(a.group)} anti-aircraft fire: {n} dice, each 1 hits", "9.3",
                  tuple(f"AAA die {i + 1}" for i in range(n)))


def _on_aaa(c: Ctx, a: Attack, faces) -> None:
    a.hits = _score(c, [("", 1)] * len(faces), faces, Later(narrate, "{} AAA", c.group_name(a.group)), "9.3")
    a.alloc = "attack"
    advance(a)


# -- 9.4 attack resolution ------------------------------------------------------------------------------
def _enter_assign(c: Ctx, a: Attack) -> bool:
    att = attackers(c, a)
    if not att:
        c.sayf("attack", "9.4", narrate, "No attack aircraft of strike group {} are left", a.gid)
        a.stage = "end"
        return False
    if kind_of(c, a.group) != "carriers":
        return False
    cvs = afloat_carriers(c, a.group)
    if not cvs:
        a.stage = "end"
        return False
    if len(cvs) == 1:
        for q in att:
            a.assign.setdefault(q, cvs[0])
        return False
    return any(q not in a.assign for q in att)


def _pause_assign(c: Ctx, a: Attack) -> Pause:
    q = next(q for q in attackers(c, a) if q not in a.assign)
    opts = []
    steps = c.s.air[q][1]
    for k in afloat_carriers(c, a.group):
        on_deck = attack_on_deck(c, k)
        opts.append(Option(f"carrier:{k}", None,
                           {"verb": "target", "carrier": k, "unit": q, "steps": steps, "hits": c.s.hits(k),
                            "attack_on_deck": on_deck, "group": a.gid},
                           lazy_label("{} ({} hit(s), attack aircraft on deck)" if on_deck else "{} ({} hit(s))",
                                      c.carrier_name(k), c.s.hits(k))))
    return Decision(a.side, f"Which carrier does {c.unit_name(q)} attack?", tuple(opts), "9.4", "assign-attack")


def _on_assign(c: Ctx, a: Attack, ans: str) -> None:
    q = next(q for q in attackers(c, a) if q not in a.assign)
    a.assign[q] = ans.partition(":")[2]
    c.sayf("attack", "9.4", narrate, "{} attacks {}", c.unit_name(q), c.carrier_name(a.assign[q]))


def strength(c: Ctx, a: Attack, q: str, target: str) -> int:
    """The roll a step of `q` hits on: 9.4(1) modifiers against a carrier, 9.6(2) against Midway."""
    sp, t = c.spec(q), c.d.squadrons[q].type
    if sp.hit_rule == "three-ones":
        return 1
    n = sp.strength
    if target == MIDWAY:
        return n - 1 if t in MIDWAY_MINUS else n
    if target not in c.d.carriers:
        return n
    if sp.bomb_icon and attack_on_deck(c, target):
        n += 1
    if t == B5N and any(c.d.squadrons[u].type == D3A and a.assign.get(u) == target for u in attackers(c, a)):
        n += 1
    return n


def bomb_plan(c: Ctx, a: Attack) -> list[tuple[str, str, int, int]]:
    """Per attacking step: (unit, its target, hits on or below, dice for the step)."""
    out = []
    for q in attackers(c, a):
        tgt = a.assign.get(q, a.group)
        n = strength(c, a, q, tgt)
        k = 3 if c.spec(q).hit_rule == "three-ones" else 1
        out.extend((q, tgt, n, k) for _ in range(c.s.air[q][1]))
    return out


def _target_name(c: Ctx, tgt: str) -> str:
    return c.carrier_name(tgt) if tgt in c.d.carriers else c.fleet_name(tgt)


def _pause_bomb(c: Ctx, a: Attack) -> Pause:
    labels = []
    for q, tgt, n, k in bomb_plan(c, a):
        need = "all three 1" if k == 3 else f"hits on {_range(n)}"
        labels.extend([f"{c.unit_name(q)} vs {_target_name(c, tgt)} ({need})"] * k)
    return Chance((6,) * len(labels), f"Strike group {a.gid} attacks: {len(labels)} dice", "9.4", tuple(labels))


def _on_bomb(c: Ctx, a: Attack, faces) -> None:
    per: dict[str, int] = {}
    rolled: dict[str, list[int]] = {}
    scored: dict[str, int] = {}
    i = 0
    for q, tgt, n, k in bomb_plan(c, a):
        f, i = faces[i:i + k], i + k
        rolled.setdefault(q, []).extend(f)
        if all(x <= n for x in f):
            per[tgt] = per.get(tgt, 0) + 1
            scored[q] = scored.get(q, 0) + 1
    for q in attackers(c, a):
        tgt = a.assign.get(q, a.group)
        h = scored.get(q, 0)
        n = None if c.spec(q).hit_rule == "three-ones" else strength(c, a, q, tgt)
        c.sayf("fire", "9.4", _ev_bomb, c.unit_name(q), _target_name(c, tgt), tuple(rolled[q]), n, h)
    kind = kind_of(c, a.group)
    if kind == "invasion":
        for _ in range(per.get(a.group, 0)):
            invasion_hit(c)
    elif kind == MIDWAY:
        a.place += (MIDWAY,) * per.get(MIDWAY, 0)
    else:
        for k in c.carriers_of(a.group):
            a.place += (k,) * per.get(k, 0)
    advance(a)


# -- placing hits: carriers (9.4(2)), Midway (9.6), the MIF (9.4(3)) ---------------------------------------
def _place_chance(c: Ctx, carrier: str) -> Chance:
    n = len(c.open_boxes(carrier))
    if carrier == MIDWAY:
        spans = ["1-2", "3-4", "5-6"] if n == 3 else ["1-3", "4-6"]
        where = ", ".join(f"{sp}: runway {b}" for sp, b in zip(spans, c.open_boxes(carrier)))
        return Chance((6,), f"Which runway of Midway the hit closes ({where})", "9.6(2)", ("runway die",))
    return Chance((6,), f"Where the hit on {c.carrier_name(carrier)} lands (1-3 bow, 4-6 stern)", "9.4(2)",
                  ("location die",))


def _place_next(c: Ctx, face: int | None) -> None:
    a = c.s.attack
    k, a.place = a.place[0], a.place[1:]
    if k == MIDWAY:
        midway_hit(c, face)
    else:
        carrier_hit(c, k, face)


def invasion_hit(c: Ctx) -> None:
    """9.4(3): a hit moves the Invasion marker one box left; at X the Invasion Force is destroyed."""
    if c.s.invasion <= 0:
        return
    c.s.invasion -= 1
    c.sayf("damage", "9.4(3)", narrate, "Midway Invasion Force strength falls to {}", c.s.invasion or 'X')
    if c.s.invasion == 0:
        c.s.fleet["mif"] = "gone"
        c.say("damage", "The Midway Invasion Force is destroyed", "6.1(3)")


def _ev_bomb(name: str, target: str, rolled: tuple[int, ...], n: int | None, h: int) -> str:
    need = "three 1s" if n is None else _range(n)      # None: a B-17 (three 1s)
    rolls = ", ".join(map(str, rolled))
    return f"{name} attacks {target}: rolls {rolls} (needs {need}): {h} hit{'' if h == 1 else 's'}"


def _pause_end(c: Ctx, a: Attack) -> Pause:
    raise AssertionError("an attack at its end stage is finished at once")


def _enter_bomb(c: Ctx, a: Attack) -> bool:
    return bool(attackers(c, a))


ENTER = {"aim": _enter_aim, "intercept": _enter_intercept, "cap": _enter_cap, "escort": _enter_escort,
         "aaa": _enter_aaa, "assign": _enter_assign, "bomb": _enter_bomb}
PAUSE = {"aim": _pause_aim, "intercept": _pause_intercept, "cap": _pause_cap, "escort": _pause_escort,
         "aaa": _pause_aaa, "assign": _pause_assign, "bomb": _pause_bomb, "end": _pause_end}
ANSWER = {"aim": _on_aim, "intercept": _on_intercept, "cap": _on_cap, "escort": _on_escort,
          "aaa": _on_aaa, "assign": _on_assign, "bomb": _on_bomb}


# -- the event-card windows (cards.py) -------------------------------------------------------------------
def _enter_card(c: Ctx, a: Attack) -> bool:
    return cards.attack_enter(c, a)


def _pause_card(c: Ctx, a: Attack) -> Pause:
    return cards.attack_pause(c, a)


def _on_card(c: Ctx, a: Attack, ans: str) -> None:
    cards.attack_answer(c, a, ans)


def _pause_card_choice(c: Ctx, a: Attack) -> Pause:
    return cards.sub_stage_pause(c, a)


def _on_card_choice(c: Ctx, a: Attack, ans: str) -> None:
    cards.sub_stage_answer(c, a, ans)


for _k in ("k-aim", "k-icpt", "k-fight", "k-bomb"):
    ENTER[_k], PAUSE[_k], ANSWER[_k] = _enter_card, _pause_card, _on_card
for _k in ("k09", "k13"):
    ENTER[_k], PAUSE[_k], ANSWER[_k] = (lambda c, a: True), _pause_card_choice, _on_card_choice
