"""22 (optional rule, switch "invasion-combat"): an invasion is fought out on the island.

Instead of 13.4's one-for-one trade, the invaders and the island's defenders fight rounds until one side holds
the island (22.1). Each amphibious unit fires as many shots as its armor less its damage (22.2); a hit (a 6: there
is no attack bonus on the island) is one damage point, with no damage die (22.3); a unit with no shots left is
eliminated. The base marker (the garrison) fires one shot a round and may be attacked only once no other
defender is left; one hit on it hands the base to the invader (22.4). Fire is simultaneous, as in 7.6.

The fight runs inside the area's `Combat` as the stage "island:<step>" with `isle` (the base) and `invaders`;
from the end of the turn (5.73) it runs in a Combat of its own (special "endturn") that hands back to flow
when it is over (signal "island-over"; flow then takes the next invasion, `end_turn.next_invasion`). Steps:
"assign" (each unit picks a target; the invader first, then the defender), "fire" (a batch of dice per unit),
then the results take effect and the next round starts or the fight ends.
"""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option, Pause
from kaisen.games.victory_in_the_pacific.battle import capture
from kaisen.games.victory_in_the_pacific.combat_state import Combat
from kaisen.games.victory_in_the_pacific.common import Ctx, lazy_label, narrate
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, other

GARRISON = "garrison"      # the base marker as a combatant (22.4)
ENDTURN = "endturn"        # Combat.special of a fight started from the end of the turn


def enabled(c: Ctx) -> bool:
    return c.s.option("invasion-combat")


def shots(c: Ctx, u: str) -> int:
    """22.2: armor less damage; the garrison has one shot (22.4)."""
    if u == GARRISON:
        return 1
    return max(0, c.spec(u).armor - c.dmg(u))


def invading_side(c: Ctx, cb) -> str:
    return c.side_of(cb.invaders[0])


def invaders(c: Ctx, cb) -> list[str]:
    """The invaders still in the fight (at sea off the island until it is theirs)."""
    return [u for u in cb.invaders if c.s.loc.get(u, "").startswith("sea:")]


def defenders(c: Ctx, cb) -> list[str]:
    """The enemy amphibious units on the island."""
    side = invading_side(c, cb)
    return [u for u in c.s.at("port:" + cb.isle) if c.spec(u).kind == "amph" and c.side_of(u) != side]


def targets(c: Ctx, cb, u: str) -> list[str]:
    if u != GARRISON and c.side_of(u) == invading_side(c, cb):
        return defenders(c, cb) or [GARRISON]          # 22.4: the garrison last
    return invaders(c, cb)


def label(c: Ctx, cb, u: str) -> str:
    return f"the garrison of {c.d.bases[cb.isle].name}" if u == GARRISON else c.name(u)


def _label_of(c: Ctx, cb, u: str):
    """`label` made when read (an Option's make)."""
    if u == GARRISON:
        return lazy_label("the garrison of {}", c.d.bases[cb.isle].name)
    return lazy_label("{}", c.name(u))


def owner_of(c: Ctx, cb, u: str) -> str:
    return other(invading_side(c, cb)) if u == GARRISON else c.side_of(u)


# -- entry points ------------------------------------------------------------------------------------------
def begin(c: Ctx, cb, base: str, units) -> None:
    """22.1: the invaders of `base` (all of one side) fight on the island at once."""
    cb.isle, cb.invaders = base, tuple(units)
    c.say_later("invade", "22.1", narrate, "{} invades {} with {}: the island is fought over",
                SIDE_NAME[c.side_of(units[0])], c.d.bases[base].name, c.names(units))
    _round(c, cb)


def begin_end_of_turn(c: Ctx, base: str, units) -> None:
    """5.73 with 22: an end-of-turn invasion, in a Combat of its own, set up here; flow runs it and, when it is
    over (signal "island-over"), takes the next invasion."""
    area = c.s.loc[units[0]][4:]
    c.s.combat = Combat(area, stage="island:assign", special=ENDTURN)
    c.s.step = "cbt"
    begin(c, c.s.combat, base, units)           # flow then runs the fight (combat.run)


def _round(c: Ctx, cb) -> None:
    c.say_later("round", "22.1", narrate, "A round of fighting on {}", c.d.bases[cb.isle].name)
    cb.assign, cb.dmg, cb.shots = {}, {}, ()
    cb.ask = tuple(invaders(c, cb)) + tuple(defenders(c, cb)) + (GARRISON,)    # 22.4: one shot every round
    cb.stage = "island:assign"


# -- the stage ---------------------------------------------------------------------------------------------
def enter(c: Ctx, cb) -> bool:
    step = cb.stage.partition(":")[2]
    if step == "assign":
        while cb.ask:
            u = cb.ask[0]
            opts = targets(c, cb, u)
            if len(opts) > 1:
                return True
            if opts:
                cb.assign[u] = opts[0]
            cb.ask = cb.ask[1:]
        for u, t in cb.assign.items():
            c.say_later("target", "22.2", narrate, "{} attacks {}", label(c, cb, u), label(c, cb, t))
        cb.shots = tuple(u for u in cb.assign if shots(c, u) > 0)
        cb.stage = "island:fire"
        return False
    if step == "fire":
        if cb.shots:
            return True
        _resolve(c, cb)
        return False
    raise AssertionError(f"unknown island step {cb.stage!r}")


def pause(c: Ctx, cb) -> Pause:
    step = cb.stage.partition(":")[2]
    if step == "assign":
        u = cb.ask[0]
        return Decision(owner_of(c, cb, u), f"Fighting on {c.d.bases[cb.isle].name}: target for {label(c, cb, u)}",
                        tuple(Option(f"itarget:{u}:{t}", None,
                                     {"verb": "target", "unit": u, "target": t, "base": cb.isle}, _label_of(c, cb, t))
                              for t in targets(c, cb, u)), "22.4", "island-target")
    u = cb.shots[0]
    t = cb.assign[u]
    n = shots(c, u)
    return Chance((6,) * n, f"{label(c, cb, u)} fires {n} shot(s) at {label(c, cb, t)} on "
                            f"{c.d.bases[cb.isle].name}", "22.2")


def answer(c: Ctx, cb, ans) -> None:
    step = cb.stage.partition(":")[2]
    if step == "assign":
        _, u, t = ans.split(":", 2)
        cb.assign[u] = t
        cb.ask = cb.ask[1:]
        return
    u = cb.shots[0]
    t = cb.assign[u]
    cb.shots = cb.shots[1:]
    hits = sum(1 for f in ans if f >= 6)
    c.say_later("shots", "22.3", narrate, "{} rolls {} at {}: {} hit(s)", label(c, cb, u),
                ", ".join(map(str, ans)), label(c, cb, t), hits)
    if hits:
        cb.dmg[t] = cb.dmg.get(t, 0) + hits


def _resolve(c: Ctx, cb) -> None:
    """7.6 as on the island: every hit of the round takes effect together; one damage point a hit (22.3)."""
    side = invading_side(c, cb)
    name = c.d.bases[cb.isle].name
    taken = False
    for t in sorted(cb.dmg):
        if t == GARRISON:
            taken = True
            continue
        c.s.edit("damage")[t] = c.dmg(t) + cb.dmg[t]
        c.say_later("damage", "22.3", narrate, "{} takes {} damage point(s) on {}", c.name(t), cb.dmg[t], name)
        if shots(c, t) <= 0:
            c.sink(t, f"no shots left fighting on {name}", "22.2")
    cb.dmg, cb.assign, cb.shots = {}, {}, ()
    if taken and c.s.base_control.get(cb.isle) != side:
        c.say_later("invade", "22.4", narrate, "The garrison of {} is knocked out", name)
        capture(c, cb.isle, side)
    left = invaders(c, cb)
    if c.s.base_control.get(cb.isle) == side:
        for u in left:
            c.put_in_port(u, cb.isle, "lands on the island it has taken", "22.1")
        _end(c, cb)
    elif not left:
        c.say_later("invade", "22.1", narrate, "The invasion of {} fails", name)
        _end(c, cb)
    else:
        _round(c, cb)


def _end(c: Ctx, cb) -> None:
    cb.isle, cb.invaders, cb.ask = "", (), ()
    if cb.special == ENDTURN:
        c.s.combat = None
        c.finish("island-over")                   # flow: the next end-of-turn invasion (5.73)
    else:
        cb.stage = "land"
