"""18.3-18.5 The combat phase of turn 1: the surprise attacks.

Order (kept in `VPState.first_turn`, one item per part still to come):

* "pearl-harbor" (18.3): when the Pearl Harbor Raid sailed (Japanese units at sea in the Hawaiian Islands),
  a fight in the Hawaiian Islands with turn-1 stages (`Combat.special`, stages "t1:<what>" run here):
  two rounds of day air raids by the raid force's carriers on Pearl Harbor (the usual 9.x raid rounds: no
  return fire, double armor in port, resting on the bottom; the two cruisers at sea take no part), then
  "t1:withdraw" (18.31, Japan withdraws unpursued or stays), "t1:roll" (18.32, one die per group W-Z),
  "t1:sortie" (18.33, the Allies move survivors out of Pearl Harbor), the I-Boat's chance ("sub" stage with
  special "iboat", 18.34), "t1:retreat" (18.35, the Allies may leave unpursued), then ordinary combat with
  Japan's two-round fuel limit (special "fuel", 18.36; counted in combat.py). When the raid did not sail, only
  the W-Z rolls are made (special "rolls"), at the start of the combat phase.
* "indonesia" (18.4): two rounds of day raids by every Japanese airstrike at sea in Indonesia on the Allied
  ships at sea there, with no return fire (`Combat.cur` = battle.SURPRISE).
* then (18.5) the ordinary combat phase: the procedure signals "surprise" and flow goes on (flow.SEQUENCE).
"""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option, Pause
from kaisen.games.victory_in_the_pacific.attack import attackers
from kaisen.games.victory_in_the_pacific.battle import SURPRISE, fighting, in_area
from kaisen.games.victory_in_the_pacific.combat_state import Combat
from kaisen.games.victory_in_the_pacific.common import Ctx, narrate, lazy_label

HAWAII = "hawaiian-islands"
PEARL = "pearl-harbor"
INDONESIA = "indonesia"
GROUPS = ("W", "X", "Y", "Z")
# 18.32: the die decides where a location-uncertain group is
ROLL_TO = {1: "sea:central-pacific", 2: "sea:" + HAWAII, 3: "sea:" + HAWAII, 4: "usa", 5: "usa", 6: "usa"}
BACK_TURN = 2


# -- the sequence -----------------------------------------------------------------------------------------
def start(c: Ctx) -> None:
    """flow.start_combat on turn 1."""
    c.s.first_turn = ("pearl-harbor", "indonesia")
    resume(c)


def resume(c: Ctx) -> None:
    """The next part of the surprise attack, set up for flow to run (combat.run); with none left, finished
    (signal "surprise": flow goes on to the ordinary combat phase, 18.5)."""
    s = c.s
    while s.first_turn:
        part, s.first_turn = s.first_turn[0], s.first_turn[1:]
        if part == "pearl-harbor":
            _begin_pearl(c)
            return
        if part == "indonesia" and _begin_indonesia(c):
            return
    c.say("combat", "The surprise attack is over: combat goes on as usual", "18.5")
    c.finish("surprise")


def raid_sailed(c: Ctx) -> bool:
    return bool(in_area(c, HAWAII, "japan"))


def _begin_pearl(c: Ctx) -> None:
    s = c.s
    if not raid_sailed(c):
        # the rulebook ties the rolls to the Pearl Harbor combat; with no raid they are made here all the same
        cb = Combat(HAWAII, stage="t1:roll", special="rolls")
        c.say("combat", "No Pearl Harbor Raid: the location-uncertain groups are rolled for", "18.32")
    else:
        raiders = [u for u in in_area(c, HAWAII, "japan") if c.is_ship(u) and c.airstrike(u) > 0]
        cb = Combat(HAWAII, stage="next", special="ph", queue=("raid:" + PEARL,),
                    pursuers={u: "raid:" + PEARL for u in raiders})
        c.say("combat", "Pearl Harbor: the surprise attack", "18.3")
    s.combat = cb
    s.step = "cbt"                            # flow runs the fight (combat.run)


def _begin_indonesia(c: Ctx) -> bool:
    cb = Combat(INDONESIA, stage="action", special="indonesia", cur=SURPRISE, bround=1, actions=("day",))
    if not attackers(c, cb, "japan") or not fighting(c, cb, "allies"):
        return False
    c.say_later("raid", "18.4", narrate, "Surprise air raids in Indonesia: {} against {}",
                c.names(attackers(c, cb, "japan")), c.names(fighting(c, cb, "allies")))
    c.s.combat = cb
    c.s.step = "cbt"                          # flow runs the fight (combat.run)
    return True


# -- stages ("t1:<what>") ----------------------------------------------------------------------------------
def _what(cb: Combat) -> str:
    return cb.stage.partition(":")[2]


def next_group(c: Ctx) -> str:
    for g in GROUPS:
        if c.s.at("group:" + g):
            return g
    return ""


def sortie_units(c: Ctx) -> list[str]:
    """18.33: surviving Allied ships and units in Pearl Harbor able to go to sea (not resting on the bottom)."""
    return [u for u in c.s.at("port:" + PEARL) if c.side_of(u) == "allies" and c.spec(u).kind in ("ship", "lba")
            and c.can_sail(u)]


def enter(c: Ctx, cb: Combat) -> bool:
    what = _what(cb)
    if what == "withdraw":
        if in_area(c, HAWAII, "japan"):
            return True
        cb.stage = "t1:roll"
        return False
    if what == "roll":
        if next_group(c):
            return True
        if cb.special == "rolls":
            c.s.combat = None
            resume(c)
            return False
        cb.stage = "t1:sortie"
        return False
    if what == "sortie":
        if sortie_units(c):
            return True
        _to_iboat(c, cb)
        return False
    if what == "retreat":
        cb.special = "ph"
        if in_area(c, HAWAII, "japan") and in_area(c, HAWAII, "allies"):
            return True
        _to_fuel(c, cb)
        return False
    if what == "indonesia-over":
        c.s.combat = None
        resume(c)
        return False
    raise AssertionError(f"unknown turn-1 stage {cb.stage!r}")


def pause(c: Ctx, cb: Combat) -> Pause:
    what = _what(cb)
    if what == "withdraw":
        return Decision("japan", "After the raids on Pearl Harbor: withdraw now (no pursuit) or stay?",
                        (Option("withdraw", "Withdraw from the Hawaiian Islands (cannot be pursued)",
                                {"verb": "withdraw", "area": cb.area}),
                         Option("stay", "Stay for more combat (at most two more rounds)",
                                {"verb": "stay", "area": cb.area})), "18.31", "pearl-harbor-withdraw")
    if what == "roll":
        g = next_group(c)
        return Chance((6,), f"Location-uncertain group {g} ({c.names(c.s.at('group:' + g))}): 1 Central "
                            f"Pacific, 2-3 Hawaiian Islands, 4-6 the United States (back on turn 2)", "18.32")
    if what == "sortie":
        units = sortie_units(c)
        opts = [Option(f"sortie:{u}", None, {"verb": "sortie", "unit": u, "port": PEARL, "area": cb.area},
                       lazy_label("{} goes to sea in the Hawaiian Islands", c.name(u))) for u in units]
        if len(units) > 1:
            opts.append(Option("all", "Every unit able to sail goes to sea",
                               {"verb": "all", "units": list(units), "port": PEARL, "area": cb.area}))
        opts.append(Option("done", "The rest stay in Pearl Harbor", {"verb": "done"}))
        return Decision("allies", "Move survivors from Pearl Harbor to sea in the Hawaiian Islands?", tuple(opts),
                        "18.33", "pearl-harbor-sortie")
    if what == "retreat":
        return Decision("allies", "Retreat from the Hawaiian Islands before more combat (no pursuit)?",
                        (Option("stay", "Stay and fight", {"verb": "stay", "area": cb.area}),
                         Option("retreat", "Retreat with everything at sea there",
                                {"verb": "retreat", "area": cb.area})),
                        "18.35", "pearl-harbor-retreat")
    raise AssertionError(f"unknown turn-1 stage {cb.stage!r}")


def answer(c: Ctx, cb: Combat, a) -> None:
    s = c.s
    what = _what(cb)
    if what == "withdraw":
        if a == "withdraw":
            c.say("retreat", "Japan withdraws from the Hawaiian Islands unpursued", "18.31")
            for u in in_area(c, HAWAII, "japan"):
                c.send_home(u, "withdrawn after the raid", "18.31")
        else:
            c.say("retreat", "Japan stays in the Hawaiian Islands", "18.31")
        cb.stage = "t1:roll"
    elif what == "roll":
        g = next_group(c)
        face = a[0]
        to = ROLL_TO[face]
        units = s.at("group:" + g)
        for u in units:
            if to == "usa":
                s.place(u, "due")
                s.edit("back")[u] = BACK_TURN
            else:
                s.place(u, to)
                s.edit("mode")[u] = "patrol"
        where = "in the United States (arrives at Pearl Harbor on turn 2)" if to == "usa" else \
            f"at sea in {c.where_name(to)}"
        c.say_later("roll", "18.32", narrate, "Group {} rolls {}: {} {} {}", g, face, c.names(units),
                    "are" if len(units) > 1 else "is", where)
    elif what == "sortie":
        if a == "done":
            _to_iboat(c, cb)
            return
        for u in (sortie_units(c) if a == "all" else [a.partition(":")[2]]):
            s.place(u, "sea:" + HAWAII)
            s.edit("mode")[u] = "patrol"
            s.moved = s.moved | {u}
            c.say_later("move", "18.33", narrate, "{} sorties from Pearl Harbor into the Hawaiian Islands",
                        c.name(u))
    elif what == "retreat":
        if a == "retreat":
            c.say("retreat", "The Allies retreat from the Hawaiian Islands unpursued", "18.35")
            for u in in_area(c, HAWAII, "allies"):
                c.send_home(u, "retreated before more combat", "18.35")
        _to_fuel(c, cb)


def _to_iboat(c: Ctx, cb: Combat) -> None:
    """18.34: a Japanese submarine at sea in the Hawaiian Islands may fire now (combat's "sub" stage)."""
    cb.special = "iboat"
    cb.ask = tuple(u for u in c.at_sea(HAWAII, "japan") if c.spec(u).kind == "sub" and u not in c.s.sub_used)
    cb.stage = "sub"


def _to_fuel(c: Ctx, cb: Combat) -> None:
    """18.36: ordinary combat from here, Japan limited to two more rounds (air raid rounds included)."""
    cb.special, cb.fuel, cb.round, cb.choice = "fuel", 0, 0, {}
    cb.ask, cb.queue, cb.pursuers, cb.cur, cb.stopped, cb.raided = (), (), {}, "", (), ()
    cb.stage = "settle"
