"""5.0 Sequence of Play: where a state is paused, and which procedure takes each answer."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, End, IllegalAction, Option, Pause, check_answer
from kaisen.games.pacific_fury import combat, event_phase, operations, refusals, return_phase, task_forces
from kaisen.games.pacific_fury.common import Ctx
from kaisen.games.pacific_fury.data import PFData
from kaisen.games.pacific_fury.state import SIDE_NAME, PFState

# The questions of the sequence of play (contract v2): every Decision this game creates has one of these
# kinds, named after the rulebook's step. (kind, rule, the state's step, what is asked.) The agents
# dispatch on the kind; RULES.md ("Contract v2") cites this table.
DECISION_KINDS: tuple[tuple[str, str, str, str], ...] = (
    ("revive-carrier", "7.2", "overestimated", "IJN Overestimated: which sunk US CV returns to play"),
    ("form-task-force", "8.2", "form", "add a ship to the open box, form the Tokyo Express, close the box or finish"),
    ("operation", "9.0", "op", "one operation: sortie, move, air strike, return to base, or pass"),
    ("declare-carrier-combat", "10.5", "cc-declare", "the only side with carriers in the zone: fight or not"),
    ("carrier-target", "10.5", "target", "the enemy task force a TF-C aims at"),
    ("air-strike-round", "10.6", "strike-next", "a second round of an air strike (and its target) or none"),
    ("allocate-hit", "10.7", "alloc", "the ship that takes the next hit"),
    ("return-to-base", "10.8", "rtb", "declare a return to base, or stay"),
)
KIND = {step: kind for kind, _, step, _ in DECISION_KINDS}


def pause(s: PFState, d: PFData) -> Pause:
    """The Decision, Chance node or End the state waits at (computed once, cached on the state)."""
    if s.cache is None:
        s.cache = _pause(Ctx(s, d))
    return s.cache


def _pause(c: Ctx) -> Pause:
    s, d = c.s, c.d
    step, _, arg = s.step.partition(":")
    cb = s.combat
    if step == "over":
        winner, score = s.result
        return End(winner, score, return_phase.summary(c))
    if step == "event-roll":
        side = s.non_initiative
        return Chance((6,), f"{SIDE_NAME[side]} rolls on the Event Table", "7.0")
    if step == "sub-pick":
        n = len(event_phase.sub_candidates(c))
        return Chance((n,), f"Submarine attack: pick one of {n} Japanese ships in Truk at random", "7.2",
                      tuple(f"Japanese ship #{i + 1} in Truk" for i in range(n)))
    if step == "overestimated":
        return Decision("usa", "Which sunk US CV returns to play?",
                        tuple(Option(f"revive:{u}", c.name(u), {"verb": "revive", "unit": u})
                              for u in event_phase.overestimated_candidates(c)), "7.2", "revive-carrier")
    if step == "form":
        tf_word = f"box {s.forming_box}" if s.forming_box <= 7 else "no boxes left"
        return Decision(s.phasing, f"Form task forces ({tf_word})", tuple(task_forces.options(c)), "8.2",
                        "form-task-force")
    if step == "op":
        n = s.ops[s.phasing] + 1
        return Decision(s.phasing, f"Operation {n} of 7", tuple(operations.options(c)), "9.0", "operation")
    if step == "te-detect":
        return Chance((6,), "US tries to detect the Tokyo Express (1 detected; 2 if Henderson Field is operational)", "9.6")
    if step == "cc-declare":
        return Decision(arg, f"Only you have carriers in {d.zones[cb.zone].name}: fight a carrier combat?",
                        (Option("carrier-combat", "Carrier combat", {"verb": "fight", "zone": cb.zone}),
                         Option("no-combat", "No combat", {"verb": "decline", "zone": cb.zone})),
                        "10.5", "declare-carrier-combat")
    if step == "target":
        return Decision(s.tfs[arg].side, f"Choose the target of {arg}", tuple(combat.target_options(c, arg)), "10.5",
                        "carrier-target")
    if step == "fire":
        return combat.fire_chance(c, arg)
    if step == "alloc":
        pool = combat.alloc_pool(c)
        return Decision(pool[0], f"Apply a hit ({pool[1]} left to apply)", tuple(combat.alloc_options(c)), "10.7",
                        "allocate-hit")
    if step == "sunk":
        return combat.sunk_chance(c)
    if step == "rtb":
        stay, back = combat.rtb_fields(c, arg)
        if cb.round >= 2:
            return Decision(arg, f"{combat.kind_name(cb)} is over: return to base or stay in the zone?",
                            (Option("stay", "Stay in the zone", stay), Option("return", "Return to base", back)),
                            "10.8", "return-to-base")
        return Decision(arg, f"{combat.kind_name(cb)} round 1 is over: return to base?",
                        (Option("stay", "Stay and fight on", stay), Option("return", "Return to base", back)),
                        "10.8", "return-to-base")
    if step == "strike-next":
        return Decision(cb.attacker, "Air strike: a second round?", tuple(combat.strike_next_options(c)), "10.6",
                        "air-strike-round")
    raise AssertionError(f"state paused at an unknown step {s.step!r}")


def apply(s: PFState, d: PFData, answer) -> PFState:
    """Check the answer against the pause, then apply it to a copy (the given state never changes). A refused
    option that names a real ship, zone, box or task force is refused under the rule that forbids it
    (`refusals.explain`), in words the answering side may read."""
    p = s.cache
    if p is None:
        p = s.cache = _pause(Ctx(s, d))
    # the common case checked inline (an offered option id); anything else goes through check_answer
    offered = False
    if type(p) is Decision and type(answer) is str:
        for o in p.options:
            if o.id == answer:
                offered = True
                break
    if not offered:
        try:
            answer = check_answer(p, answer, "4.0")
        except IllegalAction:
            why = refusals.explain(Ctx(s, d), answer) if isinstance(p, Decision) and isinstance(answer, str) else None
            if why is None:
                raise
            raise IllegalAction(why[0], why[1], answer, p.ids()) from None
    new = s.copy()
    c = Ctx(new, d)
    step, _, arg = new.step.partition(":")
    if offered:
        if step == "form":
            task_forces.on_answer(c, answer)
            new.cache = task_forces.menu_after_add(s, new, d, p, answer)
        else:
            DECIDE[step](c, arg, answer)
    elif type(p) is Chance:
        CHANCE[step](c, arg, answer)
    else:
        DECIDE[step](c, arg, answer)
        if step == "form":
            new.cache = task_forces.menu_after_add(s, new, d, p, answer)
    new.last_events = tuple(c.ev)
    return new


CHANCE = {
    "event-roll": lambda c, arg, f: event_phase.on_roll(c, f[0]),
    "sub-pick": lambda c, arg, f: event_phase.on_sub_pick(c, f[0]),
    "te-detect": lambda c, arg, f: operations.on_te_detect(c, f[0]),
    "fire": lambda c, arg, f: combat.on_fire(c, arg, f),
    "sunk": lambda c, arg, f: combat.resolve_damage(c, f),
}

DECIDE = {
    "overestimated": lambda c, arg, a: event_phase.revive(c, a[7:]),
    "form": lambda c, arg, a: task_forces.on_answer(c, a),
    "op": lambda c, arg, a: operations.on_answer(c, a),
    "cc-declare": lambda c, arg, a: combat.on_declare(c, arg, a),
    "target": lambda c, arg, a: combat.on_target(c, arg, a),
    "alloc": lambda c, arg, a: combat.on_alloc(c, a),
    "rtb": lambda c, arg, a: combat.on_rtb(c, arg, a),
    "strike-next": lambda c, arg, a: combat.on_strike_next(c, a),
}


def new_game(d: PFData, options: dict) -> PFState:
    """3.0 Set-up: units to Truk, Espiritu Santo, the Reserve and the Turn Record Track; marker on US 1."""
    from kaisen.games.pacific_fury import initiative
    s = PFState(marker=d.marker_start, options=tuple(sorted(options.items())))
    c = Ctx(s, d)
    for u in d.order:
        sp = d.ships[u]
        if sp.start.startswith("track:"):
            s.loc[u] = "track"
            s.returns[u] = int(sp.start[6:])
        elif sp.start in ("transports", "marker"):
            s.loc[u] = "offboard"
        else:
            s.loc[u] = sp.start
    c.say("setup", "Set-up: Japanese ships in Truk (Yamato, Junyo, Hiyo in Reserve); US ships in Espiritu Santo "
                   "(Hornet on the Turn Record Track for turn 2); Initiative marker on US 1", "3.0")
    initiative.start_turn(c)
    s.last_events = tuple(c.ev)
    return s
