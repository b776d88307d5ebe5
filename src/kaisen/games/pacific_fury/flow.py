"""5.0 Sequence of Play, declared once (SEQUENCE), and the only place that moves from one procedure to the
next: where a state is paused, which procedure takes each answer, and what comes after a procedure is over.

The procedures (initiative, event_phase, task_forces, operations, combat, return_phase) are leaves: each
changes the state and, when it is over, says so with `Ctx.finish(...)` (common.DONE_PHASE, DONE_OPERATION,
COMBAT_READY, DONE_COMBAT) and returns. `_advance` reads that marker and, from SEQUENCE, starts what comes
next. No procedure imports this module or starts another procedure."""
from __future__ import annotations

from typing import Callable, NamedTuple

from kaisen.engine.core import Chance, Decision, End, IllegalAction, Option, Pause, check_answer
from kaisen.games.pacific_fury import (combat, event_phase, initiative, operations, refusals, return_phase,
                                       task_forces)
from kaisen.games.pacific_fury.common import COMBAT_READY, DONE_COMBAT, DONE_OPERATION, DONE_PHASE, Ctx
from kaisen.games.pacific_fury.data import PFData
from kaisen.games.pacific_fury.state import LAST_TURN, SIDE_NAME, PFState, other


# -- 5.0 the sequence of play -------------------------------------------------------------------------
class Phase(NamedTuple):
    """One phase of a game turn: its rule section, the rulebook's name, the state's `phase` value while it
    runs, the procedure that starts it, when it takes place (None: every turn), and its steps (rule, name)."""

    rule: str
    name: str
    phase: str
    start: Callable[[Ctx], None]
    when: Callable[[PFState], bool] | None
    steps: tuple[tuple[str, str], ...]


def _not_on_turn_1(s: PFState) -> bool:
    return s.turn > 1     # 5.0 II / 7.0: "Skip on Turn 1"


# 5.0: the game is four turns (LAST_TURN); each turn is these phases in this order. After the last phase of
# the last turn, 4.0 (How to Win) ends the game. Phases I-VI of the outline in 5.0: IV and V (each side's
# operation, alternating, seven times) are the one Operations Phase of 9.0; combat (10.0) is fought inside an
# operation (and for the Torpedo Hit(s) event of 7.1) and returns to it.
SEQUENCE: tuple[Phase, ...] = (
    Phase("6.0", "Initiative Phase", "initiative", initiative.start_turn, None,
          (("6.1", "Initiative Player"), ("6.2", "Henderson Field"), ("6.3", "Transports"))),
    Phase("7.0", "Event Phase", "event", event_phase.start, _not_on_turn_1,
          (("7.1", "Japanese Events"), ("7.2", "US Events"))),
    Phase("8.0", "Task Force Phase", "task-force", task_forces.start, None,
          (("8.1", "Enter new ships"), ("8.2", "Forming Task Forces"), ("8.3", "Task Force Types"))),
    Phase("9.0", "Operations Phase", "operations", operations.start, None,
          (("9.1", "Sortie"), ("9.2", "Move"), ("9.3", "Landing"), ("9.4", "Naval Bombardment"),
           ("9.5", "Air Strike"), ("9.6", "Tokyo Express"), ("9.7", "Counting Operations"), ("10.0", "Combat"))),
    Phase("11.0", "Return Phase", "return", return_phase.start, None, ()),
)
GAME_END = ("4.0", "How to Win", return_phase.end_game)     # after the Return Phase of turn LAST_TURN
_INDEX = {p.phase: i for i, p in enumerate(SEQUENCE)}


def _start_phase(c: Ctx, i: int) -> None:
    """Start the first phase from SEQUENCE[i] on that takes place this turn; past the last, the turn is over."""
    s = c.s
    while i < len(SEQUENCE):
        p = SEQUENCE[i]
        if p.when is None or p.when(s):
            p.start(c)
            return
        i += 1
    if s.turn >= LAST_TURN:
        GAME_END[2](c)
        return
    s.turn += 1
    _start_phase(c, 0)


def _phase_over(c: Ctx) -> None:
    _start_phase(c, _INDEX[c.s.phase] + 1)


def _operation_over(c: Ctx) -> None:
    """9.7: count the operation; the next one, or the end of the Operations Phase after seven each."""
    operations.finish(c)


def _combat_over(c: Ctx) -> None:
    """10.0: a combat returns to what started it: the Event Phase (7.1 Torpedo Hit(s)) is then over; an
    operation (9.0) is then over."""
    if c.s.phase == "event":
        c.s.combat = None
        _phase_over(c)
    else:
        _operation_over(c)


# What comes after each marker a procedure leaves (Ctx.finish).
AFTER: dict[str, Callable[[Ctx], None]] = {
    DONE_PHASE: _phase_over,
    DONE_OPERATION: operations.finish,      # _operation_over, one call less
    COMBAT_READY: combat.begin,
    DONE_COMBAT: _combat_over,
}


def _advance(c: Ctx) -> None:
    """Move on from every procedure that has finished until the state waits for an answer or a die."""
    while c.done is not None:
        what, c.done = c.done, None
        AFTER[what](c)

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
        s.cache = _pause(s, d)
    return s.cache


# The Event Table roll of the side without the initiative (7.0), by the initiative player: constant, so made once
# and shared (a pause is never changed).
_EVENT_ROLLS = {ini: Chance((6,), f"{SIDE_NAME[other(ini)]} rolls on the Event Table", "7.0") for ini in SIDE_NAME}

# The prompts of the two most frequent decisions, made once (box 8: every box is used).
_FORM_PROMPTS = {box: f"Form task forces (box {box})" if box <= 7 else "Form task forces (no boxes left)"
                 for box in range(1, 9)}
_OP_PROMPTS = {n: f"Operation {n} of 7" for n in range(1, 9)}


def _prompt(prompts: dict[int, str], n: int) -> str:
    text = prompts.get(n)
    if text is None:      # never in play; kept for hand-made states
        text = prompts[n] = (f"Operation {n} of 7" if prompts is _OP_PROMPTS else
                             f"Form task forces (box {n})" if n <= 7 else "Form task forces (no boxes left)")
    return text


def _pause(s: PFState, d: PFData) -> Pause:
    step = s.step
    if step == "form":    # the two most frequent first, with no Ctx (their menus read the state and data only)
        return Decision(s.phasing, _prompt(_FORM_PROMPTS, s.forming_box), tuple(task_forces.options_of(s, d)),
                        "8.2", "form-task-force")
    if step == "op":
        n = s.ops[s.phasing] + 1
        return Decision(s.phasing, _OP_PROMPTS.get(n) or _prompt(_OP_PROMPTS, n), operations.options_of(s, d), "9.0",
                        "operation")
    if step == "event-roll":
        return _EVENT_ROLLS[s.initiative]
    step, _, arg = step.partition(":")
    c = Ctx(s, d)
    cb = s.combat
    if step == "over":
        winner, score = s.result
        return End(winner, score, return_phase.summary(c))
    if step == "sub-pick":
        n = len(event_phase.sub_candidates(c))
        return Chance((n,), f"Submarine attack: pick one of {n} Japanese ships in Truk at random", "7.2",
                      tuple(f"Japanese ship #{i + 1} in Truk" for i in range(n)))
    if step == "overestimated":
        return Decision("usa", "Which sunk US CV returns to play?",
                        tuple(Option(f"revive:{u}", c.name(u), {"verb": "revive", "unit": u})
                              for u in event_phase.overestimated_candidates(c)), "7.2", "revive-carrier")
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
        return Decision(pool[0], f"Apply a hit ({pool[1]} left to apply)", tuple(combat.alloc_options(c, pool)),
                        "10.7", "allocate-hit")
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
    """`apply_answer` with the state first."""
    return apply_answer(d, s, answer)


def apply_answer(d: PFData, s: PFState, answer) -> PFState:
    """Check the answer against the pause, then apply it to a copy (the given state never changes); the data
    first, so that Game binds it once (`partial(apply_answer, data)`). Where no pause has been made yet, an
    answer that what the pause is made of shows to be offered (OFFERED, DICE) is applied without making it;
    anything else is checked against the pause. A refused option that names a real ship, zone, box or task
    force is refused under the rule that forbids it (`refusals.explain`), in words the answering side may read."""
    p = s.cache
    if p is None:                  # nobody has asked for the pause: an answer known to be offered needs none
        step = s.step
        if type(answer) is str:
            offered = OFFERED.get(step)
            if offered is not None and offered(d, s, answer):
                return _operate(d, s, answer) if step == "op" else _apply(d, s, False, answer)
        else:
            dice = DICE.get(step)
            if dice is not None and _faces_ok(answer, dice(d, s)):
                return _apply(d, s, True, answer)
        p = s.cache = _pause(s, d)
    # the common cases checked inline (an offered option id; faces within their dice); anything else goes
    # through check_answer (`_checked`), which refuses it or gives it in canonical form
    if type(p) is Decision and type(answer) is str:
        i = 0
        for o in p.options:
            if o.id == answer:
                break
            i += 1
        else:
            return _apply(d, s, False, _checked(d, s, p, answer))
        step = s.step
        if step == "form":
            kind = (_ADD_KINDS.get(id(d)) or task_forces.add_kinds(d)).get(answer)
            if kind is not None:   # 8.2: a ship joins the open task force; the menu follows from the one before
                new = s.copy()
                task_forces.add_from_menu(s, new, d, p, i, kind)
                return new
        elif step == "op":         # the most frequent decision after forming, dispatched first
            return _operate(d, s, answer)
    elif type(p) is Chance and type(answer) is tuple and len(answer) == len(p.dice):
        for face, sides in zip(answer, p.dice):      # ints (not bools) within each die's sides
            if type(face) is not int or not 1 <= face <= sides:
                answer = _checked(d, s, p, answer)
                break
    else:
        answer = _checked(d, s, p, answer)
    return _apply(d, s, type(p) is Chance, answer)


# Answers known to be offered without making the pause, by step: each test reads what the menu or the dice are
# made from, so it never takes an answer the pause would not offer (a False sends the answer the long way, where
# it is checked against the pause). Test: test_kept_menus.
OFFERED = {
    "op": operations.offered,                   # 9.0: a pass, sortie, move or return, read from the menu's parts
    "form": lambda d, s, a: a == "done",        # 8.2: "done" ends every forming menu (task_forces.options_of)
    "alloc": lambda d, s, a: a[:4] == "hit:" and a[4:] in _hit_ships(Ctx(s, d)),    # 10.7: alloc_options' ships
    **{f"rtb:{side}": lambda d, s, a: a == "stay" or a == "return" for side in SIDE_NAME},       # 10.8: both, always
    **{f"cc-declare:{side}": lambda d, s, a: a == "carrier-combat" or a == "no-combat" for side in SIDE_NAME},  # 10.5
}
# The number of (six-sided) dice a chance step rolls, read from what its Chance is made from (fire_chance: a die
# per entry of the side's fire table; sunk_chance: a die per ship of sunk_rolls).
DICE = {
    **{f"fire:{side}": (lambda side: lambda d, s: len(s.combat.fire[side]))(side) for side in SIDE_NAME},
    "sunk": lambda d, s: len(combat.sunk_rolls(Ctx(s, d))),
}


def _hit_ships(c: Ctx) -> list[str]:
    """The ships alloc_options offers a hit on (the pool's eligible ships)."""
    return combat.eligible(c, combat.alloc_pool(c))


def _faces_ok(answer, n: int) -> bool:
    """`answer` is n faces of six-sided dice as check_dice takes them unchanged (a tuple of ints, not bools)."""
    if type(answer) is not tuple or len(answer) != n:
        return False
    for face in answer:
        if type(face) is not int or not 1 <= face <= 6:
            return False
    return True


def _operate(d: PFData, s: PFState, answer: str) -> PFState:
    """An offered operation (9.0) applied to a copy."""
    new = s.copy()
    c = Ctx(new, d)
    operations.on_answer(c, answer)
    if c.done is not None:
        _advance(c)
    new.last_events = tuple(c.ev)
    return new


def _checked(d: PFData, s: PFState, p: Pause, answer):
    """check_answer: the answer in canonical form, or IllegalAction; a refused option that names a real ship,
    zone, box or task force is refused under the rule that forbids it (refusals.explain)."""
    try:
        return check_answer(p, answer, "4.0")
    except IllegalAction:
        why = refusals.explain(Ctx(s, d), answer) if isinstance(p, Decision) and isinstance(answer, str) else None
        if why is None:
            raise
        raise IllegalAction(why[0], why[1], answer, p.ids()) from None


def _apply(d: PFData, s: PFState, chance: bool, answer) -> PFState:
    """A checked answer (faces if `chance`) applied to a copy by the procedure its step names (CHANCE, DECIDE)."""
    new = s.copy()
    c = Ctx(new, d)
    step, _, arg = new.step.partition(":")
    if chance:
        CHANCE[step](c, arg, answer)
    else:
        DECIDE[step](c, arg, answer)
    if c.done is not None:
        _advance(c)
    new.last_events = tuple(c.ev)
    return new


_ADD_KINDS = task_forces._ADD_KINDS


def pause_of(d: PFData, s: PFState) -> Pause:
    """`pause` with the data first (Game binds it once)."""
    p = s.cache
    if p is None:
        p = s.cache = _pause(s, d)
    return p


CHANCE = {
    "event-roll": lambda c, arg, f: event_phase.on_roll(c, f[0]),
    "sub-pick": lambda c, arg, f: event_phase.on_sub_pick(c, f[0]),
    "te-detect": lambda c, arg, f: operations.on_te_detect(c, f[0]),
    "fire": combat.on_fire,
    "sunk": lambda c, arg, f: combat.resolve_damage(c, f),
}

DECIDE = {
    "overestimated": lambda c, arg, a: event_phase.revive(c, a[7:]),
    "form": lambda c, arg, a: task_forces.on_answer(c, a),
    "op": lambda c, arg, a: operations.on_answer(c, a),
    "cc-declare": combat.on_declare,
    "target": combat.on_target,
    "alloc": lambda c, arg, a: combat.on_alloc(c, a),
    "rtb": combat.on_rtb,
    "strike-next": lambda c, arg, a: combat.on_strike_next(c, a),
}


def new_game(d: PFData, options: dict) -> PFState:
    """A new game: a copy of the set-up below, made once per data set and options (with its events and its
    first pause, shared: neither is ever changed)."""
    key = (id(d), tuple(sorted(options.items())))
    made = _NEW_GAMES.get(key)
    if made is None or made[0] is not d:
        made = _NEW_GAMES[key] = (d, set_up(d, options))
    first = made[1]
    s = first.copy()
    s.last_events = first.last_events
    s.cache = pause_of(d, first)
    return s


_NEW_GAMES: dict[tuple, tuple[PFData, PFState]] = {}


def set_up(d: PFData, options: dict) -> PFState:
    """3.0 Set-up: units to Truk, Espiritu Santo, the Reserve and the Turn Record Track; marker on US 1; then
    the sequence of play starts with turn 1's first phase."""
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
    _start_phase(c, 0)
    _advance(c)
    s.last_events = tuple(c.ev)
    return s
