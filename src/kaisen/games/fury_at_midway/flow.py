"""5.0 Sequence of play, declared once (`SEQUENCE`, `FINISHED`, `AFTER_WINDOW`): where a state is paused, which
procedure takes each answer, and what comes after each procedure.

The procedures (setup, cards, movement, search, air_ops, air_attack, night, victory) are leaves: they change the
state, pause it at one of their own steps, and when they are over they say so (`Ctx.finish`) and return. They never
import this module nor start another phase. This module alone moves the game on: `settle` reads what finished and
looks up what comes next here, so "what comes after this?" is answered in this file."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, End, Option, Pause, apply_step
from kaisen.games.fury_at_midway import air_attack, air_ops, cards, movement, night, search, setup, victory
from kaisen.games.fury_at_midway.common import Ctx, lazy_label, narrate
from kaisen.games.fury_at_midway.data import FaMData
from kaisen.games.fury_at_midway.setup import initial_state
from kaisen.games.fury_at_midway.state import NIGHT_TURN, SIDE_NAME, FaMState

# Contract v2: the kind of every Decision the game asks (`Decision.kind`), in the rulebook's step names, with the
# rule section it belongs to and the step(s) of the state that ask it. One kind per kind of question.
KINDS: tuple[tuple[str, str, str], ...] = (
    ("place-aircraft", "3.1(2), 3.2(2)", "place: where a squadron starts (deck, hangar, CAP, or the standard set-up)"),
    ("set-up-csf", "3.2(1)", "csf-setup: the Carrier Strike Force's starting hex"),
    ("declare-midway-attack", "6.4(1)", "declare: a Midway Base Attack this turn or not"),
    ("form-dmcv", "6.0", "dmcv: form a damaged carrier task force"),
    ("plot-move", "6.2(1)", "plot: the next hex of a US fleet's secret plot"),
    ("move-fleet", "6.2(2), 6.3", "jmove: a Japanese fleet enters, moves a hex, exits or stops"),
    ("step-back", "6.1(4)", "back: a US fleet sharing a hex with the enemy by day steps back"),
    ("air-operation", "8.2-8.5", "op: one move of the operating side's air operation"),
    ("land-aircraft", "8.3(1), 10.2(2)", "land, nland: the carrier a returning squadron lands on"),
    ("parent-landing", "8.3(1)", "parent: which of a carrier's own returning squadrons lands first"),
    ("no-room", "8.3(3)-(4)", "short: which returning squadron is lost (or two combine)"),
    ("cap-return", "9.2(4)", "caprt: where a fighter that intercepted lands (deck or hangar)"),
    ("return-box", "9.5", "ret: the Return box a strike group heads for"),
    ("choose-target", "9.1", "atk (aim): which group of the target fleet a strike aims at"),
    ("intercept", "9.2", "atk (intercept): CAP fighters sent against a strike"),
    ("allocate-hit", "9.2(3), 9.3(2), 12.0", "atk (hits): which unit loses a step to a hit"),
    ("assign-attack", "9.4", "atk (assign): which carrier an attack unit attacks"),
    ("sea-battle-hit", "10.1(2)", "seahit: the carrier a night sea-battle hit falls on"),
    ("ready-aircraft", "10.2(2)", "nplace: night readying of aircraft on deck or in CAP"),
    ("play-card", "12.0", "cwin: play an event card in a window, or pass"),
    ("cancel-card", "12.0", "ceff 01 resp: Japan cancels Towed to a Friendly Port with Submarine"),
    ("towed-carrier", "12.0 (01)", "ceff 01: which sunk carrier was towed clear"),
    ("damage-control", "12.0 (02)", "ceff 02: which damage marker comes off"),
    ("air-replacement", "12.0 (03)", "ceff 03: which unit is restored or rebuilt"),
    ("submarine-target", "12.0 (04)", "ceff 04: which enemy carrier the submarine attacks"),
    ("ditch-unit", "12.0 (10)", "ceff 10: which US unit in a Return box ditches"),
    ("separate-escort", "12.0 (09)", "atk k09: which US escort leaves the strike"),
    ("critical-hit", "12.0 (13)", "atk k13: which Japanese carrier takes the extra hit"),
)
KIND_NAMES: frozenset[str] = frozenset(k for k, _, _ in KINDS)


def pause(s: FaMState, d: FaMData) -> Pause:
    """The Decision, Chance node or End the state waits at (computed once, cached on the state)."""
    if s.cache is None:
        s.cache = _pause(Ctx(s, d, frozen=True))
    return s.cache


_OP_PROMPTS: dict[tuple, str] = {}     # (operation kind, side, AOP left) -> the air operation's prompt


def _pause(c: Ctx) -> Pause:
    s, d = c.s, c.d
    if s.step == "op":      # two steps in three: first
        key = (s.op_kind, s.op_side, s.aop[s.op_side])
        prompt = _OP_PROMPTS.get(key)
        if prompt is None:
            what = {"midway": "Midway Base Attack", "normal": "Air operation"}[s.op_kind]
            prompt = _OP_PROMPTS[key] = f"{what} ({SIDE_NAME[s.op_side]}; {s.aop[s.op_side]} AOP left after this one)"
        return Decision(s.op_side, prompt, tuple(air_ops.op_options(c)), "8.2", "air-operation")
    step, _, arg = s.step.partition(":")
    if step == "over":
        winner, score = s.result
        return End(winner, score, victory.summary(c))
    if step in ("deal", "draw"):
        return cards.draw_chance(c, step, arg)
    if step == "place":
        q = s.pending[0]
        return Decision(arg, f"Set-up (secret): where does {c.unit_name(q)} start? ({len(s.pending)} to place)",
                        tuple(setup.placement_options(c, arg)), "3.1(2)" if arg == "japan" else "3.2(2)",
                        "place-aircraft")
    if step == "csf-setup":
        return Decision("usa", "Set up the Carrier Strike Force (secretly)",
                        tuple(Option(f"start:{h}", None, {"verb": "start", "fleet": "csf", "hex": h},
                                     lazy_label("CSF starts in {}", h))
                              for h in sorted(d.area("csf-setup"))), "3.2(1)", "set-up-csf")
    if step == "declare":
        return Decision("japan", f"Turn {s.turn}: attack Midway this turn?", tuple(declare_options(c)), "6.4(1)",
                        "declare-midway-attack")
    if step == "dmcv":
        return Decision(arg, "Form a damaged carrier task force (DMCV)?", tuple(movement.dmcv_options(c, arg)), "6.0",
                        "form-dmcv")
    if step == "plot":
        return Decision("usa", f"Plot the move of the {c.fleet_name(arg)} (secret; up to "
                               f"{movement.allowance(c, arg)} hexes)", tuple(movement.plot_options(c, arg)), "6.2(1)",
                        "plot-move")
    if step == "jmove":
        return Decision("japan", f"Move the {c.fleet_name(arg)} ({movement.mp_left(c, arg)} hexes left)",
                        tuple(movement.move_options(c, arg)), "6.2(2)", "move-fleet")
    if step == "back":
        return Decision("usa", f"The {c.fleet_name(arg)} shares a hex with the enemy by day: step back",
                        tuple(movement.step_back_options(c, arg)), "6.1(4)", "step-back")
    if step == "init":
        return Chance((6, 6), f"Air operation initiative: Japan rolls + {s.aop['japan']} AOP, US rolls + "
                              f"{s.aop['usa']} AOP", "8.1", ("Japan", "US"))
    if step == "land":
        return Decision(s.op_side, f"Where does {c.unit_name(arg)} land?", tuple(air_ops.landing_options(c, arg)), "8.3(1)",
                        "land-aircraft")
    if step == "parent":
        return Decision(s.op_side, f"{c.carrier_name(arg)} has room for fewer of its own returning aircraft than "
                                   f"wait to land: which lands next?", tuple(air_ops.parent_options(c, arg)), "8.3(1)",
                        "parent-landing")
    if step == "short":
        return Decision(arg, "Not every returning aircraft can land: which one is lost?",
                        tuple(air_ops.shortage_options(c)), "8.3(3)", "no-room")
    if step == "caprt":
        q = air_ops.spent_cap(c, arg)[0]
        return Decision(arg, f"{c.unit_name(q)} intercepted: on which carrier, deck or hangar, does it land?",
                        tuple(air_ops.cap_return_options(c, arg)), "9.2(4)", "cap-return")
    if step == "ret":
        gid, box = arg.split(":")
        return Decision(c.s.groups[gid].side, f"Strike {gid} returns: which Return box?",
                        tuple(air_ops.return_options(c, gid, box)), "9.5", "return-box")
    if step == "atk":
        return air_attack.pause(c)
    if step in night.STEPS:
        return night.pause(c, step, arg)
    if step in cards.STEPS:
        return cards.pause(c, step, arg)
    raise AssertionError(f"state paused at an unknown step {s.step!r}")


# -- the sequence of play (5.0) -------------------------------------------------------------------------------
# A turn's phases in the rulebook's order and words: (phase id as turns.toml and the card timings name it, the
# rulebook's name, its rule sections, what happens in it and which procedure runs it). A phase either runs
# (its procedure pauses the state at one of its steps, or marks itself finished) or does not occur this turn
# (`ENTER` says which); when it is over, the next one in this table begins. After the last, the next turn.
SEQUENCE: tuple[tuple[str, str, str, str], ...] = (
    ("card-draw", "Card Draw Phase", "5.0(1), 12.0",
     "US draws on turns 2, 4, 6, Japan on 3, 5, 7 (cards.card_draw_phase); then the card window 'draw' (05, 06)"),
    ("midway-declaration", "Midway Base Attack Declaration Phase", "5.0(2), 6.4(1)",
     "Japan declares a Midway Base Attack or not (step 'declare'); not at night, nor when none is possible"),
    ("us-movement-planning", "US Movement Planning Phase", "5.0(3), 6.0, 6.2(1)",
     "a US DMCV may form (step 'dmcv:usa'); each US fleet plots its move in secret (step 'plot', movement.py)"),
    ("ijn-movement", "IJN Movement Phase", "5.0(4), 6.0, 6.2(2)",
     "a Japanese DMCV may form (step 'dmcv:japan'); each Japanese fleet moves (step 'jmove', movement.py)"),
    ("midway-attack", "Midway Base Attack Phase", "5.0(5), 6.4",
     "when declared: one or two Japanese air operations against Midway (air_ops.py), each with its card window"),
    ("us-movement", "US Movement Phase", "5.0(6), 6.2(2), 6.1(4)",
     "the US plot is carried out; by day a fleet sharing a hex steps back (step 'back', movement.py)"),
    ("search", "Search Phase", "5.0(7), 7.0",
     "day turns: the card window 'search' (07), then the search results and AOP (search.search_phase)"),
    ("air-operations", "Air Operations Phase", "5.0(8), 8.0, 10.0",
     "day: initiative (8.1) and air operations (air_ops.py, air_attack.py) until both AOP are spent, each "
     "with its card window 'opend' (10); the night turn: sea battles and night air operations (night.py)"),
    ("landing", "IJN Landing Operations on Midway", "5.0(9), 11.0",
     "turn 7 only: the Invasion Force next to Midway lands (night.invasion_start), card window 'land' (08)"),
    ("end-of-turn", "End of turn", "5.0, 4.1, 4.2, 12.0",
     "the card window 'end' (01-04); the victory check after turns 3 and 7 (victory.check); the next turn"),
)
PHASE_IDS: tuple[str, ...] = tuple(p[0] for p in SEQUENCE)


def apply(s: FaMState, d: FaMData, answer) -> FaMState:
    """Check the answer against the pause, then apply it to a copy (the given state never changes).

    A move of an air operation, or a strike's Return box, at a state whose menu nobody has asked for (a replay) is
    checked against the part of the menu that can hold it (`air_ops.offered`, `air_ops.return_choices`) instead of
    the whole menu: the same answers pass, and one not vouched for is checked against the whole menu as any other
    answer (the same refusal; `apply_step` takes no pause for a vouched answer). After an air-operation move the new
    state has no move vouching for its menu (`optouch`): its menu, when asked, is worked out from the last one made."""
    if s.cache is None and type(answer) is str:
        step = s.step
        if step == "op":
            c = Ctx(s, d, frozen=True)
            if air_ops.offered(c, answer):
                new = apply_step(s, None, answer, lambda new: Ctx(new, d, keep=False), handle, "4.0")
                new.optouch = None
                return new
        elif step[:4] == "ret:" and answer[:3] == "to:":      # 9.5: `air_ops.return_options` offers "to:<group>"
            c = Ctx(s, d, frozen=True)
            gid = step.split(":")[1]
            if answer[3:] in air_ops.return_choices(c, s.groups[gid]):
                return apply_step(s, None, answer, lambda new: Ctx(new, d), handle, "4.0")
    return apply_step(s, pause(s, d), answer, lambda new: Ctx(new, d), handle, "4.0")


def handle(c: Ctx, step: str, arg: str, a) -> None:
    s = c.s
    if step == "op":            # two steps in three: first
        air_ops.on_op(c, a)
    elif step in ("deal", "draw"):
        cards.on_draw(c, step, arg, a[0])
    elif step == "place":
        setup.place(c, arg, a)
    elif step == "csf-setup":
        h = a[6:]
        s.fleet["csf"] = h
        c.tellf("usa", "setup", "3.2(1)", narrate, "The Carrier Strike Force sets up in {}", h)
        start_turn(c)            # 3.0 over: turn 1
    elif step == "declare":
        s.declared = a == "attack-midway"
        c.say("declare", "Japan declares an attack on Midway this turn" if s.declared
              else "Japan declares no attack on Midway this turn", "6.4(1)")
        phase_over(c, "midway-declaration")
    elif step == "dmcv":
        if a != "no-dmcv":
            movement.form_dmcv(c, arg, a[5:])
        if arg == "usa":
            next_plot(c)
        else:
            next_jmove(c)
    elif step == "plot":
        if movement.on_plot(c, arg, a):
            s.pending += (arg,)
        next_plot(c)
    elif step == "jmove":
        if movement.on_move(c, arg, a):
            s.path.pop(arg, None)
            s.pending += (arg,)
        next_jmove(c)
    elif step == "back":
        movement.step_back(c, arg, a)
        after_step_back(c)
    elif step == "init":
        on_initiative(c, a)
    elif step == "land":
        air_ops.on_land(c, arg, a)
    elif step == "parent":
        air_ops.on_parent(c, arg, a)
    elif step == "short":
        air_ops.on_shortage(c, a)
    elif step == "caprt":
        air_ops.on_cap_return(c, arg, a)
    elif step == "ret":
        gid, box = arg.split(":")
        air_ops.on_return(c, gid, box, a)
    elif step == "atk":
        air_attack.answer(c, a)
    elif step in night.STEPS:
        night.on_answer(c, step, arg, a)
    elif step in cards.STEPS:
        cards.on_answer(c, step, arg, a)
    else:
        raise AssertionError(f"no procedure takes step {s.step!r}")
    settle(c)


# -- set-up (3.0) -----------------------------------------------------------------------------------------
def new_game(d: FaMData, options: dict) -> FaMState:
    """3.0: aircraft in their set-up boxes, tracks at 5 and 6, hands dealt (chance), the CSF placed."""
    s = initial_state(d, options)
    c = Ctx(s, d)
    c.say("setup", "Set-up: the 1st Air Fleet waits to enter on turn 1, the Invasion Force on turn 4; Midway "
                   "Garrison 6, Invasion Force 5; both sides' aircraft on their carrier displays", "3.0")
    cards.start_deal(c)
    settle(c)
    return s


# -- moving on: what comes after each procedure ------------------------------------------------------------
def settle(c: Ctx) -> None:
    """Move on from every procedure that finished in this step (`Ctx.finish`), in the order they finished; the
    next procedure may finish at once too."""
    done = c.done
    while done:
        what, args = done.pop(0)
        FINISHED[what](c, *args)


def run(c: Ctx, procedure, *args) -> None:
    """Start a procedure outside an answer (tests, tools) and move on as a step would."""
    procedure(c, *args)
    settle(c)


def begin_phase(c: Ctx, phase: str) -> None:
    """Begin `phase`, or the first phase after it that occurs this turn."""
    i = PHASE_IDS.index(phase)
    while not ENTER[PHASE_IDS[i]](c):
        i += 1


def phase_over(c: Ctx, phase: str) -> None:
    """`phase` is over: the next phase of the sequence (after the last: the next turn, `after_end_cards`)."""
    begin_phase(c, PHASE_IDS[PHASE_IDS.index(phase) + 1])


# -- 5.0: the start of a turn, and each phase's beginning (True: the phase occurs; False: on to the next) ----
def start_turn(c: Ctx) -> None:
    """5.0: a new turn: card draw, then the Midway declaration (day turns) or the night plot."""
    s = c.s
    s.declared, s.midway_ops, s.midway_hits, s.op_count, s.midway_launched = False, 0, 0, 0, False
    s.aop = {"japan": 0, "usa": 0}
    s.search_value = {}
    s.active = ()
    t = c.d.turn(s.turn)
    c.sayf("turn", "5.0", narrate, "Turn {} ({}, {})", s.turn, t.date, t.time)
    begin_phase(c, "card-draw")


def _enter_card_draw(c: Ctx) -> bool:
    cards.card_draw_phase(c)
    return True


def _enter_declaration(c: Ctx) -> bool:
    """5.0(2): the Midway Base Attack declaration (never at night: no air operations fly, 10.2)."""
    if declare_options(c)[0].id == "attack-midway":
        c.s.step = "declare"
        return True
    return False


def declare_options(c: Ctx) -> list[Option]:
    s = c.s
    none = Option("no-attack", "No attack on Midway this turn", {"verb": "pass", "fleet": "1af"})
    if s.turn == NIGHT_TURN or not attack_possible(c):
        return [none]
    return [Option("attack-midway", "Attack Midway this turn (the 1AF must end within 5 hexes)",
                   {"verb": "attack", "fleet": "1af", "target": "midway"}), none]


def attack_possible(c: Ctx) -> bool:
    """6.4: the 1AF can end its move within range and has attack aircraft aboard its carriers."""
    s = c.s
    if movement.arriving(c, "1af"):
        ok = any(movement.can_end_in_range(c, h, movement.allowance(c, "1af") - 1) for h in c.d.area("1af-entry"))
    elif s.on_map("1af"):
        ok = movement.can_end_in_range(c, s.fleet["1af"], movement.allowance(c, "1af"))
    else:
        return False
    if not ok:
        return False
    groups = c.d.fleet_groups("1af")
    for q, (box, _) in s.air.items():
        if box.startswith(("deck:", "hangar:")) and c.side_of(q) == "japan" and c.spec(q).role == "attack":
            k = box.split(":")[1]
            if c.group_of(k) in groups and c.operational(k):
                return True
    return False


def _enter_us_planning(c: Ctx) -> bool:
    """5.0(3): a US DMCV may form (6.0), then the plots."""
    if movement.dmcv_candidates(c, "usa"):
        c.s.step = "dmcv:usa"
        return True
    next_plot(c)
    return True


def next_plot(c: Ctx) -> None:
    for f in movement.us_fleets(c):
        if f not in c.s.pending:
            c.s.step = "plot:" + f
            return
    c.s.pending = ()
    c.s.path = {}
    phase_over(c, "us-movement-planning")


def _enter_ijn_movement(c: Ctx) -> bool:
    """5.0(4): a Japanese DMCV may form (6.0), then each fleet moves."""
    if movement.dmcv_candidates(c, "japan"):
        c.s.step = "dmcv:japan"
        return True
    next_jmove(c)
    return True


def next_jmove(c: Ctx) -> None:
    s = c.s
    for f in movement.japan_fleets(c):
        if f not in s.pending:
            s.step = "jmove:" + f
            return
    s.pending = ()
    s.path = {}
    movement.announce(c, "japan")
    phase_over(c, "ijn-movement")


def _enter_midway_attack(c: Ctx) -> bool:
    """5.0(5), 6.4(3): one or two air operations against Midway, by the 1AF's distance."""
    s = c.s
    if s.declared and not s.on_map("1af"):
        c.say("midway", "No Midway Base Attack: the 1st Air Fleet has left the map", "6.4(3)")
        return False
    if not s.declared:
        return False
    h = s.fleet["1af"]
    s.midway_ops = 1 if c.d.hex_distance(h, c.d.midway.hex) <= c.d.midway.one_op_range else 2
    c.sayf("midway", "6.4(3)", narrate, "Midway Base Attack: the 1AF is {} hexes from Midway: {} air operation(s)",
           c.d.hex_distance(h, c.d.midway.hex), s.midway_ops)
    s.op_count = 0
    air_ops.begin(c, "japan", "midway")
    return True


def us_move(c: Ctx) -> bool:
    """5.0(6): the US plot is revealed and carried out; by day a fleet sharing a hex steps back."""
    s = c.s
    s.pending = tuple(movement.execute_plot(c))
    after_step_back(c)
    return True


def after_step_back(c: Ctx) -> None:
    s = c.s
    while s.pending:
        f = s.pending[0]
        s.pending = s.pending[1:]
        opts = movement.step_back_options(c, f)
        if len(opts) == 1:
            movement.step_back(c, f, opts[0].id)
            continue
        s.step = "back:" + f
        return
    movement.announce(c, "usa")
    phase_over(c, "us-movement")


def _enter_search(c: Ctx) -> bool:
    """5.0(7): day turns only; card 07 first, then the results (7.3-7.4)."""
    if c.s.turn == NIGHT_TURN:
        return False
    cards.search_window(c)
    return True


def _after_search_window(c: Ctx) -> None:
    search.search_phase(c)
    phase_over(c, "search")


def _enter_air_operations(c: Ctx) -> bool:
    """5.0(8), 8.0: air operations until both sides' AOP are spent; on the night turn, 10.0 instead."""
    if c.s.turn == NIGHT_TURN:
        night.start(c)
        return True
    c.s.op_count = 0
    next_initiative(c)
    return True


# -- air operations phase (8.0, 8.1) ---------------------------------------------------------------
def next_initiative(c: Ctx) -> None:
    s = c.s
    j, u = s.aop["japan"], s.aop["usa"]
    if j == 0 and u == 0:
        s.op_side, s.op_kind = "", ""
        phase_over(c, "air-operations")
        return
    if j == 0 or u == 0:
        start_op(c, "japan" if u == 0 else "usa")
        return
    s.step = "init"


def on_initiative(c: Ctx, faces: tuple[int, ...]) -> None:
    """8.1: die + AOP; the higher goes; a tie goes to the side with more AOP, else roll again."""
    s = c.s
    j = faces[0] + s.aop["japan"]
    u = faces[1] + s.aop["usa"]
    if j != u:
        win = "japan" if j > u else "usa"
    elif s.aop["japan"] != s.aop["usa"]:
        win = "japan" if s.aop["japan"] > s.aop["usa"] else "usa"
    else:
        c.sayf("initiative", "8.1(2)", narrate, "Initiative: Japan {}, US {}: a tie with equal AOP, roll again", j, u)
        return
    c.sayf("initiative", "8.1", _ev_initiative, faces[0], s.aop["japan"], j, faces[1], s.aop["usa"], u, win)
    start_op(c, win)


def _ev_initiative(fj: int, aj: int, j: int, fu: int, au: int, u: int, win: str) -> str:
    return f"Initiative: Japan {fj}+{aj}={j}, US {fu}+{au}={u}: {SIDE_NAME[win]} conducts an air operation"


def _ev_op(side: str, aop: int) -> str:
    return f"{SIDE_NAME[side]} air operation ({aop} AOP left)"


def start_op(c: Ctx, side: str) -> None:
    s = c.s
    s.aop[side] -= 1
    c.sayf("air", "8.2", _ev_op, side, s.aop[side])
    air_ops.begin(c, side, "normal")


def after_op_cards(c: Ctx) -> None:
    """After an air operation and its card window: the next Midway operation or the US move (5.0(5)-(6)), or
    the next initiative (8.1)."""
    s = c.s
    if s.op_kind == "midway":
        if s.op_count < s.midway_ops:
            air_ops.begin(c, "japan", "midway")
            return
        s.op_side, s.op_kind = "", ""
        c.say("midway", "The Midway Base Attack is over", "6.4")
        phase_over(c, "midway-attack")
        return
    next_initiative(c)


# -- 5.0(9) the landing, and the end of the turn ---------------------------------------------------------
def _enter_landing(c: Ctx) -> bool:
    """5.0(9), 11.0: the landing on Midway at the end of turn 7."""
    if c.s.turn == c.d.victory.day2_turn:
        night.invasion_start(c)
        return True
    return False


def _after_invasion(c: Ctx, lands: bool) -> None:
    """11.0: the Invasion Force lands after card 08's window; the landing over (or none), the end of turn."""
    if lands:
        cards.landing_window(c)
    else:
        phase_over(c, "landing")


def _enter_end_of_turn(c: Ctx) -> bool:
    cards.end_of_turn_window(c)
    return True


def after_end_cards(c: Ctx) -> None:
    """4.1 after turn 3, 4.2 after turn 7; otherwise the next turn."""
    s = c.s
    if victory.check(c):
        return
    s.turn += 1
    start_turn(c)


ENTER = {
    "card-draw": _enter_card_draw,
    "midway-declaration": _enter_declaration,
    "us-movement-planning": _enter_us_planning,
    "ijn-movement": _enter_ijn_movement,
    "midway-attack": _enter_midway_attack,
    "us-movement": us_move,
    "search": _enter_search,
    "air-operations": _enter_air_operations,
    "landing": _enter_landing,
    "end-of-turn": _enter_end_of_turn,
}

# What comes after each card window of the sequence (cards.close): the window's phase goes on.
AFTER_WINDOW = {
    "draw": lambda c: phase_over(c, "card-draw"),              # 5.0(1) -> 5.0(2)
    "search": _after_search_window,                            # 7.0: card 07, then the search results
    "opend": after_op_cards,                                   # 8.2: card 10 after a (US) air operation
    "land": night.fight_landing,                               # 11.0: card 08, then the landing fire
    "end": after_end_cards,                                    # 12.0 cards 01-04, then 4.1 / 4.2, next turn
}

# What comes after each procedure that finishes (`Ctx.finish(what, *args)`).
FINISHED = {
    "deal": lambda c: setup.start_placement(c, "japan"),                 # 3.1(3), 3.2(4) -> 3.1(2)
    "window": lambda c, win: AFTER_WINDOW[win](c),                       # 12.0 a card window closed
    "strike-arrives": air_attack.start,                                  # 8.4-8.5 -> 9.0 the attack
    "attack": air_ops.after_attack,                                      # 9.0-9.4 -> 9.5 the return
    "air-operation": cards.op_end_window,                                # 8.2-9.5 over -> card 10's window
    "night-landing": lambda c: night.night_landed(c),                    # 10.2(2) landings -> readying
    "night-air-operations": lambda c: phase_over(c, "air-operations"),   # 10.2 over -> 5.0(9)
    "invasion": _after_invasion,                                         # 11.0
}
