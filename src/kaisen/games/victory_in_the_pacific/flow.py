"""5.0 The sequence of play, declared once (`SEQUENCE`), and its transitions: where a state is paused, which
procedure takes each answer, and what comes after each procedure.

The pattern (DESIGN.md, "The sequence of play"; RULES.md): the procedure modules (reinforcements, movement,
combat, turn1, task_forces, air_strikes, island_combat, end_turn) are leaves. A procedure changes the state and
returns; when it is finished it says so with `Ctx.finish(signal, *args)` and never calls what comes next. This
module alone imports the procedures, reads the signal (`proceed`) and enters the step `SEQUENCE` declares next
(`FINISHED`, `ENTER`).
"What comes after this?" is answered here: find the step in `SEQUENCE`, read its `then`.
"""
from __future__ import annotations

from typing import NamedTuple

from kaisen.engine.core import Decision, End, Option, Pause, apply_step
from kaisen.games.victory_in_the_pacific import combat, end_turn, island_combat, movement, reinforcements, turn1
from kaisen.games.victory_in_the_pacific.common import Ctx, labels, narrate, lazy_label
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, VPState, kept_drop, kept_valid, other


# -- the sequence of play (rulebook 4.2, 5.1-5.75; RULES.md "Sequence of play") ---------------------------------
class Step(NamedTuple):
    """One step of the sequence of play, in the rulebook's words."""

    rule: str                   # the rule section(s)
    name: str                   # the step as the rulebook names it
    pauses: tuple[str, ...]     # the `VPState.step` values (before the ":") it may pause at
    module: str                 # the procedure module (or "flow") that runs it
    done: tuple[str, ...] = ()  # the signals (`Ctx.finish`) its procedure gives when it is finished (): flow's own
    then: str = ""              # the rule of the step that comes next


class Phase(NamedTuple):
    rule: str
    name: str
    steps: tuple[Step, ...]


SEQUENCE: tuple[Phase, ...] = (
    Phase("4.2", "Set-up", (
        Step("4.2", "Japan chooses the Pearl Harbor Raid", ("raid-setup",), "flow", (), "5.1"),)),
    Phase("5.1", "Reinforcements", (
        Step("5.1", "reinforcements and removals; units back after two turns (4.4-4.5)", ("back", "substitute"),
             "reinforcements", ("reinforcements",), "5.21"),)),
    Phase("5.2", "Movement sequence", (
        Step("5.21", "patrolling ships to sea, repairs, raiders turned (Japan, then the Allies); speed rolls",
             ("patrol", "dest", "speed"), "flow, movement", (), "5.22"),
        Step("5.22", "land-based air placed one at a time, alternating, Japan first", ("air",), "flow, movement",
             (), "5.23"),
        Step("5.23", "amphibious units to sea (Japan, then the Allies)", ("amph", "dest"), "flow, movement", (),
             "5.24"),
        Step("5.24", "raiding ships to sea (Japan, then the Allies); speed rolls", ("raid", "dest", "speed"),
             "flow, movement", (), "5.25"),
        Step("5.25", "the submarine placed on any sea area", ("sub",), "flow, movement", (), "18.3-18.5"))),
    Phase("5.3", "Combat sequence", (
        Step("18.3-18.5", "turn 1 only: the surprise attack (Pearl Harbor, then Indonesia); later turns: 5.31",
             ("cbt",), "turn1",
             ("surprise",), "5.31"),
        Step("5.31", "Japan selects the next sea area where combat will be fought", ("fight",), "flow", (),
             "5.32-5.5"),
        Step("5.32-5.5", "combat in that sea area, round after round, to a finish (7-9, 13, 16)", ("cbt",),
             "combat", ("area",), "10.1"),
        Step("10.1", "units bound for port choose their port; then the next sea area (5.31), none left: 5.6",
             ("home",), "flow", (), "5.31"))),
    Phase("5.6", "Submarines return", (
        Step("5.6", "a submarine still at sea may attack, then returns to port (16.1-16.3)",
             ("subend", "subshot", "subdmg", "home"), "end_turn", ("submarines",), "5.71"),)),
    Phase("5.7", "End of the turn", (
        Step("5.71", "control flags and POC (15, 2.5)", (), "end_turn", (), "5.72"),
        Step("5.72", "ports and bases surrounded for two turns change hands (14)", (), "end_turn", (), "5.73"),
        Step("5.73", "amphibious units at sea may invade or land, one at a time (13)", ("invade",), "end_turn",
             ("invade-island",), "22"),
        Step("22", "optional: that invasion fought out on the island, then the next one (5.73)", ("cbt",),
             "island_combat", ("island-over",), "5.73"),
        Step("5.74", "everything at sea returns to port (10)", ("home",), "end_turn", ("at-sea-home",), "5.75"),
        Step("5.75", "the next turn (5.1), or, after the last turn, the end of the game (4.7)", ("over",),
             "end_turn", ("turn",), "5.1"))),
)
STEPS: dict[str, Step] = {st.rule: st for ph in SEQUENCE for st in ph.steps}
FINISHED: dict[str, Step] = {sig: st for ph in SEQUENCE for st in ph.steps for sig in st.done}   # signal -> step

RAID_MIN_SPEED = 5     # 4.2: only ships of speed 5 or more may join the Pearl Harbor Raid

# The kinds of decision (`Decision.kind`, contract v2), in the order of play: one per kind of question, each with
# its rule section and the module that asks it. The names are stable: agents and tests dispatch on them.
KINDS: tuple[tuple[str, str, str], ...] = (
    ("pearl-harbor-raid", "4.2", "set-up: Japan adds ships to the Pearl Harbor Raid (flow)"),
    ("return-to-play", "4.4", "a sunk land-based air or amphibious unit comes back at a major port (reinforcements)"),
    ("substitute", "4.42", "a British ship withdrawn in place of one already gone (reinforcements)"),
    ("move-patrollers", "5.21", "patrollers sortie, raiders are turned, repairs and rebuilds (flow)"),
    ("destination", "6.2", "the sea area a sortieing unit sails to (flow, movement)"),
    ("place-air", "5.22 12.1", "land-based air placed over a sea area, or pass (flow, movement)"),
    ("move-amphibious", "5.23", "amphibious units sortie (flow)"),
    ("move-raiders", "5.24", "raiders sortie (flow)"),
    ("place-submarine", "6.6", "the submarine takes station in a sea area, or stays in port (flow, movement)"),
    ("order-combats", "5.31", "Japan picks the next sea area to fight in (flow)"),
    ("pearl-harbor-withdraw", "18.31", "turn 1: the raid force withdraws or stays after the raids (turn1)"),
    ("pearl-harbor-sortie", "18.33", "turn 1: survivors sail from Pearl Harbor (turn1)"),
    ("pearl-harbor-retreat", "18.35", "turn 1: the Allies retreat from the Hawaiian Islands or stay (turn1)"),
    ("task-force", "20.2", "optional: the task force a unit joins (task_forces)"),
    ("task-force-attack", "20.3", "optional: is a task force attacking this round (task_forces)"),
    ("declare-invasion", "20.3", "optional: does an amphibious unit invade this round (task_forces)"),
    ("day-or-night", "7.3", "each side's day or night action (combat)"),
    ("night-task-force", "20.6", "optional: an attacking task force joins the night action (task_forces)"),
    ("kamikaze", "19.22", "optional turn 9: a carrier attacks as a kamikaze (combat)"),
    ("airstrike-stance", "23.3", "optional: an airstrike attacks or defends (air_strikes)"),
    ("announce-night-fire", "7.424", "an Allied carrier fires its guns at night or holds (combat)"),
    ("choose-target", "7.43", "the target of one attacker (combat)"),
    ("anti-aircraft", "23.35", "optional: an unattacked battleship's shot at an attacking airstrike (air_strikes)"),
    ("submarine-attack", "16.1", "a submarine attacks a ship now or waits (combat)"),
    ("retreat", "8.1", "each side stays or retreats (combat)"),
    ("partial-retreat", "20.8", "optional: which units flee in a partial retreat (task_forces)"),
    ("split-group", "8.52", "a retreating group splits (combat)"),
    ("pursuit", "8.32", "a ship pursues a fleeing group, air-raids a port, or stays (combat)"),
    ("continue-pursuit", "8.53", "a pursuer keeps up the pursuit or stops (combat)"),
    ("air-raid", "9.2", "a side alone in the area air-raids an enemy port or base (combat)"),
    ("land-or-invade", "13.32", "an amphibious unit lands, invades or stays at sea (combat)"),
    ("island-target", "22.4", "optional: a target in the fight on the island (island_combat)"),
    ("return-to-port", "10.1", "the port a returning unit goes to (flow)"),
    ("submarine-last-attack", "5.6", "the submarine's last chance to attack before it returns (end_turn)"),
    ("end-of-turn-invasion", "5.73", "an amphibious unit at sea invades or lands at the end of the turn (end_turn)"),
)
KIND_NAMES = frozenset(k for k, _, _ in KINDS)


def pause(s: VPState, d) -> Pause:
    """The Decision, Chance node or End the state waits at (computed once, cached on the state)."""
    if s.cache is None:
        ctx_of = (_PER_DATA.get(id(d)) or _per_data(d))[0]     # Ctx(s, d) with its Labels set (apply's maker)
        s.cache = _pause(ctx_of(s))
    return s.cache


def _pause(c: Ctx) -> Pause:
    s, d = c.s, c.d
    step, _, arg = s.step.partition(":")
    if step == "cbt":                   # a third of all steps: asked first (each step name is tested for once)
        return combat.pause(c)
    if step == "over":
        winner, score = s.result
        return End(winner, score, end_turn.summary(c))
    if step == "raid-setup":
        opts = [Option(f"raid:{u}", None, {"verb": "add", "unit": u}, c.labels.raid_force)
                for u in raid_candidates(c)]
        return Decision("japan", "Set-up: choose the Pearl Harbor Raid (ships of speed 5 or more at Yokosuka)",
                        tuple(opts + [Option("done", "The raid force is complete", {"verb": "done"})]), "4.2",
                        "pearl-harbor-raid")
    if step in ("back", "substitute"):
        return reinforcements.pause(c, step, arg)
    if step in ("patrol", "amph", "raid"):
        key = (s.turn, step, arg)
        prompt = _PROMPTS.get(key)
        if prompt is None:
            prompt = _PROMPTS[key] = f"Turn {s.turn}: {STEP_NAME[step]} ({SIDE_NAME[arg]})"
        return Decision(arg, prompt, tuple(move_options(c, step, arg)), STEP_RULE[step], STEP_KIND[step])
    if step == "dest":
        kind, u = arg.split(":")
        name = c.name(u)
        prompt = _PROMPTS.get(name)
        if prompt is None:
            prompt = _PROMPTS[name] = f"Where does {name} go?"
        return Decision(c.side_of(u), prompt, tuple(movement.dest_options(c, u, kind == "raid")), "6.2", "destination")
    if step == "speed":
        return movement.speed_chance(c)
    if step == "air":
        return Decision(arg, f"Turn {s.turn}: place a land-based air unit ({SIDE_NAME[arg]})",
                        tuple(movement.air_options(c, arg)), "12.1", "place-air")
    if step == "sub":
        return Decision(arg, "Place your submarine on any sea area", tuple(movement.sub_options(c, arg)), "6.6",
                        "place-submarine")
    if step == "home":
        return Decision(c.side_of(arg), f"{c.name(arg)} returns to port: which?", tuple(home_options(c, arg)), "10.1",
                        "return-to-port")
    if step == "fight":
        return Decision("japan", "Choose the next sea area to fight in", tuple(fight_options(c)), "5.31",
                        "order-combats")
    if step in end_turn.STEPS:
        return end_turn.pause(c, step, arg)
    raise AssertionError(f"state paused at an unknown step {s.step!r}")


_PROMPTS: dict = {}      # the prompts asked most often, made once: (turn, step, side) or a unit's name -> the prompt
STEP_NAME = {"patrol": "patrolling ships sortie, raiders are chosen, repairs", "amph": "amphibious units sortie",
             "raid": "raiding ships sortie"}
STEP_RULE = {"patrol": "5.21", "amph": "5.23", "raid": "5.24"}
STEP_KIND = {"patrol": "move-patrollers", "amph": "move-amphibious", "raid": "move-raiders"}


def apply(s: VPState, d, answer) -> VPState:
    """Check the answer against the pause, then apply it to a copy (the given state never changes). A refused
    option names the rule that forbids it where one does (`explain`).

    At a state whose menu nobody has asked for (a replay), the commonest answers (a sortie or a raider of the patrol
    step, a destination, a port to return to, an air unit's placing) are checked against the one part of the menu that could hold them
    (`vouch`) instead of the whole menu: the same answers pass; any other answer is checked against the whole menu
    as before (the same refusals)."""
    ctx_of, why = _PER_DATA.get(id(d)) or _per_data(d)
    p = s.cache
    if p is None:
        if type(answer) is str:
            if vouch(ctx_of(s), answer):       # apply_step takes no pause for an answer vouched for
                return apply_step(s, None, answer, ctx_of, handle, "4.7")
        p = pause(s, d)
    return apply_step(s, p, answer, ctx_of, handle, "4.7", why)


_new = object.__new__
_PER_DATA: dict = {}     # id(rules data) -> (a state's Ctx maker, explain for a state): made once, not per step


def _per_data(d) -> tuple:
    """`apply`'s Ctx maker and explainer for the rules data `d` (the lambdas once made on every step), kept for
    one data set at a time: they hold `d`, so its id is not reused while they are kept."""
    lab = labels(d)

    def ctx_of(new: VPState) -> Ctx:
        c = _new(Ctx)       # Ctx(new, d) with its Labels set at once (what it would look up on first use),
        c.s = new           # the slots set on a bare instance (no __init__ call: made twice a step)
        c.d = d
        c.ev = []
        c.done = ()
        c.labels = lab
        return c
    got = (ctx_of, lambda st, a: explain(Ctx(st, d), a))
    _PER_DATA.clear()
    _PER_DATA[id(d)] = got
    return got


def vouch(c: Ctx, answer: str) -> bool:
    """True where the state's menu certainly offers `answer` (read from what that part of the menu is made of: the
    patrol step's ready ships, the unit's reach, its home ports, the ready air units and the areas they may go to);
    False where it does not or cannot say."""
    s = c.s
    step, _, arg = s.step.partition(":")
    if step == "patrol":
        verb, _, u = answer.partition(":")
        if (verb != "sortie" and verb != "raider") or not movement.is_ready(c, arg, u):
            return False                    # patrol_pairs: a sortie and a raider option for each ready ship
    elif step == "dest":
        if answer[:3] != "to:":
            return False
        kind, u = arg.split(":")
        if answer[3:] not in movement.reach(c, u, kind == "raid"):
            return False                    # movement.dest_options: "to:<area>" for each area in reach
    elif step == "home":
        loc = s.loc.get(arg, "")
        if answer[:3] != "to:" or answer[3:] not in c.home_ports(arg, loc[5:]):
            return False                    # home_options: "to:<port>" for each home port
    elif step == "air":
        parts = answer.split(":")
        if len(parts) != 3 or parts[0] != "place" or parts[2] not in c.d.areas \
                or not movement.is_air_ready(c, arg, parts[1]) or not c.touches_friendly(parts[2], arg):
            return False                    # movement.air_options: "place:<unit>:<area>", ready unit x air area
    else:
        return False
    return True


def handle(c: Ctx, step: str, arg: str, a) -> None:
    s = c.s
    if step == "cbt":                   # a third of all steps: asked first (each step name is tested for once)
        combat.answer(c, a)
    elif step == "raid-setup":
        if a == "done":
            raid = s.at("raid-box")
            for u in raid:
                s.place(u, "sea:hawaiian-islands")
                s.edit("mode")[u] = "patrol"
            if raid:
                c.say_later("setup", "4.2", narrate, "The Pearl Harbor Raid sails: {}", c.names(raid))
            else:
                c.say("setup", "Japan sends no Pearl Harbor Raid", "4.2")
            start_turn(c)                       # 4.2 -> 5.1
        else:
            s.place(a[5:], "raid-box")
    elif step in ("back", "substitute"):
        reinforcements.answer(c, step, arg, a)
    elif step in ("patrol", "amph", "raid"):
        on_move_option(c, step, arg, a)
    elif step == "dest":
        kind, u = arg.split(":")
        movement.sail(c, u, a[3:], kind == "raid")
        back = "amph" if c.spec(u).kind == "amph" else kind
        s.step = f"{back}:{c.side_of(u)}"
    elif step == "speed":
        movement.on_speed(c, a)
        settle(c, s.pending[0] if s.pending else "")
    elif step == "air":
        on_air(c, arg, a)
    elif step == "sub":
        on_sub(c, arg, a)
    elif step == "home":
        on_home(c, arg, a)
    elif step == "fight":
        begin_area(c, a[6:])
    elif step in end_turn.STEPS:
        end_turn.answer(c, step, arg, a)
    else:
        raise AssertionError(f"no procedure takes step {s.step!r}")
    proceed(c)


# -- the transitions: what comes after a procedure is finished (SEQUENCE's `done` -> `then`) -----------------------
def proceed(c: Ctx) -> None:
    """Take up the signal of a finished procedure (`Ctx.finish`) and enter the step SEQUENCE declares next (the
    finished step's `then`); a step entered may finish at once (nothing to ask), so this goes on until one
    pauses."""
    while c.done:
        what, *args = c.done
        c.done = ()
        ENTER[FINISHED[what].then](c, *args)


def _run(c: Ctx, procedure, *args) -> None:
    """Run a procedure's entry point, then go on from its signal if it finished at once."""
    procedure(c, *args)
    proceed(c)


def _fight(c: Ctx, procedure, *args) -> None:
    """Run a procedure that sets up a fight (turn 1's surprise attacks, an island fought out at the end of the
    turn) or is finished at once; flow then runs the fight (combat.run) and goes on from its signal."""
    procedure(c, *args)
    if not c.done:
        combat.run(c)
    proceed(c)


# How flow enters a step of SEQUENCE that follows a finished one (the arguments are the signal's).
ENTER = {
    "5.1": lambda c: start_turn(c),                                           # after 5.75
    "5.21": lambda c: after_reinforcements(c),                                # after 5.1
    "5.31": lambda c: next_area(c),                                           # after 18.3-18.5
    "10.1": lambda c, area: after_area(c, area),                              # after 5.32-5.5: ports, then 5.31
    "5.71": lambda c: settle(c, "end:" + end_turn.AFTER_SUBS),               # after 5.6: ports (10.1), then 5.71
    "22": lambda c, base, unit: _fight(c, island_combat.begin_end_of_turn, base, [unit]),    # from 5.73
    "5.73": lambda c: _run(c, end_turn.next_invasion),                        # after 22: the next invasion
    "5.75": lambda c: settle(c, "end:next-turn"),                             # after 5.74: ports (10.1), then 5.75
}


# -- set-up (4.2, 4.3) ------------------------------------------------------------------------------
def raid_candidates(c: Ctx) -> list[str]:
    return [u for u in c.s.at("port:yokosuka") if c.is_ship(u) and c.spec(u).speed >= RAID_MIN_SPEED]


def new_game(d, options: dict) -> VPState:
    """4.2-4.3: both sides' starting forces and control; Japan then picks the Pearl Harbor Raid."""
    s = VPState(options=tuple(sorted(options.items())))
    c = Ctx(s, d)
    for b, sp in d.bases.items():
        s.edit("base_control")[b] = sp.start
    for a, sp in d.areas.items():
        start = getattr(sp, "start", "")
        if start:
            s.edit("control")[a] = start
    for u, sp in d.units.items():
        if sp.arrive != 1:
            s.place(u, "due")
            continue
        at = sp.at
        if at.startswith("group:"):
            s.place(u, at)
        elif at in d.areas:
            s.place(u, "sea:" + at)
            if sp.kind in ("ship", "lba"):
                s.edit("mode")[u] = "patrol"
        else:
            s.place(u, "port:" + at)
    c.say("setup", "Set-up: Japanese forces at Yokosuka; Allied starting forces in place (groups W, X, Y, Z "
                   "location uncertain)", "4.2")
    s.step = "raid-setup"
    return s


# -- the turn (5.1-5.25) --------------------------------------------------------------------------------
def start_turn(c: Ctx) -> None:
    s = c.s
    s.moved, s.raider, s.done, s.repaired, s.sub_used, s.fought = frozenset(), frozenset(), frozenset(), {}, \
        frozenset(), ()
    c.say_later("turn", "5.0", narrate, "Turn {}", s.turn)
    _run(c, reinforcements.start)


def after_reinforcements(c: Ctx) -> None:
    c.s.step = "patrol:japan"


def move_options(c: Ctx, step: str, side: str) -> list[Option] | tuple[Option, ...]:
    """The units that may still move in this step (and, while patrollers sail, raiders and repairs). A unit's
    options are made once per rules data for what they say and shared (`Labels.patrol_pairs`)."""
    s = c.s
    out: list[Option] = []
    if step == "patrol":
        kept = patrol_pairs(c, side)
        repairs = end_turn.repairable(c, side)
        rebuilds = end_turn.rebuild_options(c, side)          # 23.5 (optional rule "air-strike-damage")
        if not repairs and not rebuilds:
            return kept + DONE_ONLY           # the kept options and "done", without a list made in between
        out += kept
        made = c.labels.patrol_pairs
        for u in repairs:
            port, dmg = s.loc[u][5:], c.dmg(u)
            key = ("repair", u, port, dmg)
            o = made.get(key)
            if o is None:
                o = made[key] = Option(f"repair:{u}", None, {"verb": "repair", "unit": u, "port": port},
                                       lazy_label("Repair one damage point of {} ({} damage; it stays in port "
                                                  "this turn)", c.name(u), dmg))
            out.append(o)
        out += rebuilds
    elif step == "amph":
        units = c.d.units
        for u in c.by().get(("port", side), ()):
            if units[u].kind == "amph" and u not in s.moved and not movement.frozen(c, u):
                out.append(Option(f"sortie:{u}", None, {"verb": "sortie", "unit": u, "port": s.loc[u][5:]},
                                  c.labels.amph_sortie))
    elif step == "raid":
        raider, loc, lab = s.raider, s.loc, c.labels
        made = lab.patrol_pairs
        for u in c.by().get(("port", side), ()):       # in id order, as sorted(raider) gave them
            if u in raider:
                key = ("raid", u, loc[u])
                o = made.get(key)
                if o is None:
                    o = made[key] = Option(f"sortie:{u}", None, {"verb": "sortie", "unit": u, "port": loc[u][5:]},
                                           lab.raid_sortie)
                out.append(o)
    out.append(DONE_MOVING)
    return out


DONE_MOVING = Option("done", "Finished", {"verb": "done"})
DONE_ONLY = (DONE_MOVING,)


def patrol_pairs(c: Ctx, side: str) -> tuple:
    """The patrol step's options of the ready ships (5.21: each ship's sortie and raider options, in id order),
    kept from one move to the next (issue 11, item 4): the state keeps the last menu (`kept`, with the side's ships
    in port, moved, raiders and damage it was made from); a patrol-step move (a raider, a repair, a rebuild, a
    sortie's sailing) takes its ship's two options out (`kept_drop`). The kept menu is used only while the state
    still holds what it says it was made from (anything else changed, in play or in place: made from scratch)."""
    s = c.s
    lab = c.labels
    here = c.by().get(("port", side), ())
    k = s.kept
    if k is not None and k[0] == side and k[1] == s.turn and k[2] is lab and k[3] is here and k[4] is s.moved \
            and k[5] is s.raider and k[6] == s.damage:
        return k[8]
    # The two options of a ship in a port never change during a game: made once per rules data and shared
    # (an Option's label is made from its fields and the rules data alone).
    pairs = lab.patrol_pairs
    get = pairs.get
    loc = s.loc
    out: list[Option] = []
    ready = tuple(movement.ready_ships(c, side))
    for u in ready:
        where = loc[u]
        pair = get((u, where))
        if pair is None:
            port = where[5:]
            pair = pairs[(u, where)] = (
                Option("sortie:" + u, None, {"verb": "sortie", "unit": u, "port": port}, lab.sortie_patrol),
                Option("raider:" + u, None, {"verb": "raider", "unit": u, "port": port}, lab.raider))
        out += pair
    opts = tuple(out)
    s.kept = (side, s.turn, lab, here, s.moved, s.raider, dict(s.damage), ready, opts)
    return opts


def on_move_option(c: Ctx, step: str, side: str, a: str) -> None:
    s = c.s
    verb, _, u = a.partition(":")
    if verb == "sortie":
        s.step = f"dest:{'raid' if step == 'raid' else 'patrol'}:{u}"
        return
    if verb == "raider":
        ok = kept_valid(s)
        s.raider = s.raider | {u}
        if ok:
            kept_drop(s, u)
        c.say_later("move", "5.21", _turned_raider, c.d, u)      # in plain sight (15.3)
        return
    if verb == "repair":
        ok = kept_valid(s)
        end_turn.repair(c, u)
        if ok:
            kept_drop(s, u)
        return
    if verb == "rebuild":
        ok = kept_valid(s)
        end_turn.rebuild(c, a)
        if ok:
            kept_drop(s, u.partition(":")[0])
        return
    # done: speed rolls for this side's movers, then the next side / step (6.43)
    s.kept = None
    nxt = NEXT[(step, side)]
    s.pending = (nxt,)
    if s.moving:
        s.step = "speed"
        return
    settle(c, nxt)


def _turned_raider(d, u: str) -> str:
    return f"{d.units[u].name} is turned white side up to raid"


NEXT = {("patrol", "japan"): "patrol:allies", ("patrol", "allies"): "air:japan",
        ("amph", "japan"): "amph:allies", ("amph", "allies"): "raid:japan",
        ("raid", "japan"): "raid:allies", ("raid", "allies"): "sub"}


def go(c: Ctx, nxt: str) -> None:
    """Enter the step `nxt` (steps that may be empty are skipped)."""
    s = c.s
    s.pending = ()
    if nxt == "air:japan":
        s.passes = 0
        next_air(c, "japan")
        return
    if nxt == "sub":
        for side in ("japan", "allies"):
            if movement.subs_ready(c, side) and f"sub:{side}" not in s.done:
                s.step = "sub:" + side
                return
        start_combat(c)
        return
    s.step = nxt


# -- land-based air: alternate placement (5.22, 12.11) ------------------------------------------------
def next_air(c: Ctx, side: str) -> None:
    s = c.s
    for sd in (side, other(side)):
        if movement.air_ready(c, sd) and f"air-pass:{sd}" not in s.done:
            s.step = "air:" + sd
            return
    s.done = frozenset(x for x in s.done if not x.startswith("air-pass"))
    s.step = "amph:japan"


def on_air(c: Ctx, side: str, a: str) -> None:
    if a == "pass":
        c.s.done = c.s.done | {f"air-pass:{side}"}
    else:
        _, u, area = a.split(":")
        movement.place_air(c, u, area)
    next_air(c, other(side))


def on_sub(c: Ctx, side: str, a: str) -> None:
    s = c.s
    s.done = s.done | {f"sub:{side}"}
    if a != "keep":
        _, u, area = a.split(":")
        s.place(u, "sea:" + area)
        c.tell_later(side, "move", "6.6", narrate, "{} takes station in {}", c.name(u), c.d.areas[area].name)
    go(c, "sub")


# -- returning to port (10.x) ---------------------------------------------------------------------------------
def homeward(c: Ctx, side: str | None = None) -> list[str]:
    """Units bound for port (of `side`, or of both sides)."""
    by = c.by()
    if side is not None:
        return list(by.get(("home", side), ()))
    japan, allies = by.get(("home", "japan"), ()), by.get(("home", "allies"), ())
    return sorted(japan + allies) if japan and allies else list(japan or allies)    # both sides, in id order


def home_options(c: Ctx, u: str) -> list[Option]:
    """10.1: each port `u` may return to, and (with others of its side bound for port too) all to their first
    listed port. Each option is made once per rules data and shared (`Labels.homes`: read them, never change them)."""
    area = c.s.loc[u][5:]
    lab = c.labels
    made = lab.homes
    out = []
    for b in c.home_ports(u, area):
        o = made.get((u, b))
        if o is None:
            o = made[(u, b)] = Option(f"to:{b}", None, {"verb": "move", "unit": u, "port": b}, lab.home)
        out.append(o)
    side = c.side_of(u)
    if len(c.by().get(("home", side), ())) > 1:           # homeward(c, side), without the list
        o = made.get(side)
        if o is None:
            o = made[side] = Option("all-default", "Send this and every other returning unit of yours to its "
                                                   "first listed port", {"verb": "all-default", "side": side})
        out.append(o)
    return out


def settle(c: Ctx, resume: str) -> None:
    """Units bound for port choose their port (one choice: no question; none: removed, 10.14); then go on."""
    s = c.s
    s.pending = (resume,) if resume else s.pending
    for u in homeward(c):
        ports = c.home_ports(u, c.s.loc[u][5:])
        if not ports:
            c.remove(u, "no friendly port to return to", "10.14")
            continue
        if len(ports) == 1:
            c.put_in_port(u, ports[0], "the only port it can reach", "10.1")
            continue
        s.step = "home:" + u
        return
    nxt = s.pending[0] if s.pending else ""
    s.pending = ()
    if nxt == "after-area":
        next_area(c)
    elif nxt.startswith("end:"):
        _run(c, end_turn.resume, nxt[4:])
    elif nxt:
        go(c, nxt)


def on_home(c: Ctx, u: str, a: str) -> None:
    if a == "all-default":
        for v in homeward(c, c.side_of(u)):        # 10.1: each owner places only its own units
            ports = c.home_ports(v, c.s.loc[v][5:])
            if ports:
                c.put_in_port(v, ports[0], "returning", "10.1")
    else:
        c.put_in_port(u, a[3:], "returning", "10.1")
    settle(c, "")


# -- combat (5.3-5.6) --------------------------------------------------------------------------------------
def _present(c: Ctx) -> tuple[frozenset, frozenset]:
    """The "sea:<area>" locations where Japan, and where the Allies, have units that fight (not submarines, 16.4).
    Kept beside the index's two tuples of units at sea it was found from (Labels.present): a unit moving at sea,
    to it or from it makes a new tuple, so the same two tuples say the same places."""
    by, lab = c.by(), c.labels
    japan, allies = by.get(("sea", "japan"), ()), by.get(("sea", "allies"), ())
    got = lab.present
    if got is not None and got[0] is japan and got[1] is allies:
        return got[2]
    loc, fighters = c.s.loc, lab.fighters
    out = (frozenset([loc[u] for u in japan if u in fighters]), frozenset([loc[u] for u in allies if u in fighters]))
    lab.present = (japan, allies, out)
    return out


def contested(c: Ctx, present: tuple[frozenset, frozenset] | None = None) -> list[str]:
    """Sea areas where both sides have units at sea (submarines alone do not fight, 16.4)."""
    japan, allies = present or _present(c)
    fought = c.s.fought
    return sorted(a for a in (x[4:] for x in japan & allies) if a not in fought)


def raid_areas(c: Ctx, present: tuple[frozenset, frozenset] | None = None) -> list[str]:
    """9.2: sea areas held by one side alone from which its ships could air-raid an enemy port or base (only
    areas with one side's units at sea can be)."""
    japan, allies = present or _present(c)
    fought = c.s.fought
    return sorted(x[4:] for x in japan ^ allies
                  if x[4:] not in fought
                  and combat.raids_alone_possible(c, x[4:], "japan" if x in japan else "allies"))


def combat_areas(c: Ctx) -> list[str]:
    """5.31: the sea areas where combat is still to come: both sides present, or one side's air raids (9.2)."""
    both, raids = _combats(c)
    return sorted(both + raids)


def _combats(c: Ctx) -> tuple[list[str], list[str]]:
    """The contested areas and the areas of one side's air raids (`contested`, `raid_areas`), kept on the state
    for its pause (`VPState.fights`: the step that finds them is the one that asks which comes first)."""
    present = _present(c)
    got = c.s.fights = (contested(c, present), raid_areas(c, present))
    return got


def fight_options(c: Ctx) -> list[Option]:
    in_area = combat.in_area
    both, raids = c.s.fights or _combats(c)
    out = []
    for a in sorted(both + raids):
        if a in both:
            out.append(Option(f"fight:{a}", None, {"verb": "fight", "area": a},
                              lazy_label("Combat in {}", c.d.areas[a].name)))
        else:
            side = c.side_of(in_area(c, a)[0])
            out.append(Option(f"fight:{a}", None, {"verb": "fight", "area": a, "side": side, "raid": True},
                              lazy_label("{} may air-raid from {} (9.2)", SIDE_NAME[side], c.d.areas[a].name)))
    return out


def begin_area(c: Ctx, area: str) -> None:
    """Combat in `area`: a fight where both sides are present, else the lone side's air raids (9.2)."""
    if area in contested(c):
        _run(c, combat.start, area)
    else:
        _run(c, combat.air_raid_only, area)


def start_combat(c: Ctx) -> None:
    c.say("combat", "Combat phase", "5.3")
    if c.s.turn == 1:
        _fight(c, turn1.start)    # 18.3-18.5: the surprise attack comes first
        return
    next_area(c)


def next_area(c: Ctx) -> None:
    if c.s.first_turn:
        _fight(c, turn1.resume)   # 18.4 after 18.3
        return
    areas = combat_areas(c)
    if not areas:
        _run(c, end_turn.start)   # 5.6
        return
    if len(areas) == 1:
        begin_area(c, areas[0])
        return
    c.s.step = "fight"


def after_area(c: Ctx, area: str) -> None:
    """After combat in a sea area is finished (signal "area"): the returning units find ports, then the next
    area."""
    c.s.fought = c.s.fought + (area,)
    settle(c, "after-area")


# -- why an option is refused -------------------------------------------------------------------------
def explain(c: Ctx, answer: str) -> tuple[str, str] | None:
    """The rule and reason that forbid a well-formed but illegal answer, where the rulebook names one."""
    s, d = c.s, c.d
    step, _, arg = s.step.partition(":")
    verb, _, rest = answer.partition(":")
    if step in ("patrol", "raid", "amph") and verb == "repair" and rest in d.units:
        loc = s.loc.get(rest, "")
        if not c.is_ship(rest):
            return "11.1", f"only ships are repaired; {c.name(rest)}'s damage stays until it is eliminated"
        if not loc.startswith("port:"):
            return "11.1", f"{c.name(rest)} is not in port"
        port = loc[5:]
        if d.bases[port].repair_side != arg:
            return "11.2", f"{d.bases[port].name} offers {SIDE_NAME[arg]} no repairs"
        if end_turn.points_left(c, port) <= 0:
            return "11.24", f"{d.bases[port].name} has no repair points left this turn"
        if rest in s.moved and rest not in s.done:
            return "11.1", f"{c.name(rest)} has sailed this turn"
    if step in ("patrol", "raid", "amph") and verb == "sortie" and rest in d.units:
        if movement.frozen(c, rest):
            return "18.2", f"{c.name(rest)} may not move on turn 1"
        if step == "raid" and rest not in s.raider:
            return "6.12", f"{c.name(rest)} was not turned to raid in the patrol step"
        if not c.can_sail(rest):
            return "9.41", f"{c.name(rest)} is resting on the bottom and cannot go to sea"
    if step == "dest" and verb == "to" and rest in d.areas:
        return "6.3", (f"{d.areas[rest].name} is out of reach this step (two areas, three for Japanese and US "
                       f"raiders, and a move stops on entering an enemy-controlled area)")
    if step == "home" and verb == "to" and rest in d.bases:
        sp = d.units[arg]
        b = d.bases[rest]
        if s.base_control[rest] != sp.side:
            return "10.11", f"{b.name} is held by the enemy"
        if sp.nation == "us" and rest == "ceylon":
            return "10.12", "US ships never enter Ceylon"
        if sp.nation == "british":
            return "10.13", "British ships return only to Ceylon, Singapore, Saigon or Yokosuka (Victorious: Pearl Harbor)"
        return "10.1", f"{b.name} is an island base that does not touch this sea area"
    if step == "back" and verb == "at" and rest in d.bases:
        sp, b = d.units[arg], d.bases[rest]
        if s.base_control[rest] != sp.side:
            return "4.4", f"{b.name} is held by the enemy"
        if sp.nation == "us" and rest == "ceylon":
            return "17.12", "US units never go to Ceylon"
        return "4.4", f"{b.name} is not a major port"
    if step == "air" and verb == "place":
        return "12.13", "air units go only over sea areas touching a friendly port or base"
    return None
