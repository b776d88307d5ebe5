"""7-9, 13, 16: combat in one sea area. Rounds of day or night actions (7.3), targets (7.4), shots and their
results (7.5, 7.6), the submarine's shot (16), retreat and pursuit (8), air raids on ports and bases (9) and
amphibious landings and invasions (13).

The fight is a small stage machine kept in `VPState.combat` (a `Combat`). Each stage either pauses for one
answer (a Decision or a Chance) or moves on by itself; `_run` drives the stages until one pauses or the area
is settled. Stages, in the order of a round:

    choose:japan, choose:allies   each side picks day or night (7.3); Japan's pick is kept here, unseen
    roll                          the two dice when they disagree (7.32)
    action                        an action begins (day, night; 7.33 tie: day then night)
    announce                      night: the Allies say which of their carriers fire their guns (7.424)
    assign                        the side firing now gives each attacker one target (7.43); Japan, then Allies
    fire, damage                  one batch of shot dice per attacker, then the damage dice of its hits (7.53)
    resolve                       the markers of both sides take effect together (7.6)
    after                         end of the round: the next action, or the submarine (7.91)
    sub, subfire, subdmg          a submarine in the area may take its one shot (16)
    post                          the main battle: retreat (8.1); a fleeing group's battle: 8.33, 8.52, 8.53
    retreat:japan, retreat:allies "stay" or "retreat" (Japan decides first, 8.1)
    split                         the fleeing side may break a group into smaller groups (8.2, 8.52)
    pursue                        each ship of the other side: pursue a group, raid a port (9.1) or stay (8.32)
    chase                         after a pursuit round each pursuer keeps on (a group it is fast enough for) or
                                  stops (8.33, 8.53)
    next                          the next separate battle (a fleeing group or an air raid) or back to the area
    land                          amphibious units land or invade (13.32), Japan first
    settle                        another round (5.5), or, the area being held by one side, its air raids (9.2)
    raid92                        each ship of the side alone in the area may be sent on an air raid (9.2)

A separate battle (`cur`) is "" (the whole area), a fleeing group id ("g1", "g2", ...) or "raid:<base>".
"""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option, Pause
from kaisen.games.victory_in_the_pacific import air_strikes, island_combat, task_forces, turn1
from kaisen.games.victory_in_the_pacific.attack import attackers, begin_side as _begin_side
from kaisen.games.victory_in_the_pacific.battle import (SURPRISE, _begin_pursue, _kind, _new_group,
                                                        fighting, flee, group_speed, in_area, invade, is_kamikaze,
                                                        kamikaze_turn, main_in_area, port_targets, raid_side,
                                                        settled, shot_result, sinks)
from kaisen.games.victory_in_the_pacific.combat_state import Combat
from kaisen.games.victory_in_the_pacific.common import Ctx, narrate, lazy_label
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, SIDES, other

HOLD = "-"          # a carrier's "target" when it holds its guns at night (7.424)
FUEL = 2            # 18.36: Japan's combat rounds in the Hawaiian Islands after the surprise raids
RAID_ROUNDS = 2     # 9.13


# `Combat` (the fight kept in `VPState.combat`) lives in combat_state.py, below state.py.


# -- entry points --------------------------------------------------------------------------------------
def start(c: Ctx, area: str) -> None:
    """5.31: combat begins in `area`; it is fought to a finish before the next area."""
    c.s.combat = Combat(area)
    c.s.step = "cbt"
    c.say_later("combat", "5.31", narrate, "Combat in {}", c.d.areas[area].name)
    _run(c)


def raids_alone_possible(c: Ctx, area: str, side: str | None = None) -> bool:
    """9.2: one side alone at sea in `area` has a ship able to air-raid an enemy port or base touching it
    (`side`: the caller knows that side alone fights there)."""
    if side is None:
        here = in_area(c, area)
        if not here:
            return False
        units = c.d.units
        side = units[here[0]].side
        if any(units[u].side != side for u in here):
            return False
    else:
        here = in_area(c, area, side)
    # raid_options(c, Combat(area), p) for each p, without the Combat: nothing has raided yet, and the ports to
    # raid (raid_bases) are the same for every ship of the side
    carriers = c.labels.carriers      # a ship strikes only with an airstrike factor on its counter
    return (any(p in carriers and air_strikes.strike(c, p) > 0 for p in here)
            and bool(raid_bases_at(c, area, side)))


def air_raid_only(c: Ctx, area: str) -> None:
    """9.2: a side alone in `area` may raid the enemy ports and bases touching it as if the enemy had retreated.
    Finishes at once (signalling "area") when no raid is possible."""
    here = in_area(c, area)
    if here:
        c.say_later("combat", "9.2", narrate,
                    "{} alone in {}: air raids on the enemy ports and bases there may be made",
                    SIDE_NAME[c.side_of(here[0])], c.d.areas[area].name)
    c.s.combat = Combat(area, stage="settle")
    c.s.step = "cbt"
    _run(c)


def pause(c: Ctx) -> Pause:
    cb = c.s.combat
    return (_AT.get(cb.stage) or _at(cb.stage))[1](c, cb)


def answer(c: Ctx, ans) -> None:
    cb = c.s.combat
    (_AT.get(cb.stage) or _at(cb.stage))[2](c, cb, ans)
    _run(c)


def run(c: Ctx) -> None:
    """Drive the fight set up in `VPState.combat` until it pauses or is finished (flow runs the fights that turn1
    and island_combat set up)."""
    _run(c)


def _run(c: Ctx) -> None:
    while c.s.combat is not None:
        cb = c.s.combat
        if (_AT.get(cb.stage) or _at(cb.stage))[0](c, cb):
            return
        # a fight that ended may have set up the next (turn 1's surprise attacks, turn1.resume): it runs on here


_AT: dict[str, tuple] = {}    # a stage ("choose:japan") -> its (ENTER, PAUSE, ANSWER) entries, read once per stage


def _at(stage: str) -> tuple:
    """The ENTER, PAUSE and ANSWER entries of a stage, by the name before its ":" (None where the stage has
    none), kept per stage string (a stage is a fixed name, or a name and a side or a turn-1 step)."""
    name = stage.partition(":")[0]
    got = _AT[stage] = (ENTER[name], PAUSE.get(name), ANSWER.get(name))
    return got


def _finish(c: Ctx, area: str) -> None:
    """The sea area is settled (5.5): combat is finished there; flow takes it from here (flow.SEQUENCE)."""
    c.finish("area", area)


# -- who is where --------------------------------------------------------------------------------------


# -- 7.3 day or night ----------------------------------------------------------------------------------
def _enter_choose(c: Ctx, cb: Combat) -> bool:
    if cb.cur.startswith("raid:"):
        cb.actions, cb.act, cb.stage = ("day",), 0, "action"
        return False
    side = cb.stage.partition(":")[2]
    if not fighting(c, cb, "japan") or not fighting(c, cb, "allies"):
        cb.stage = "after"
        cb.actions, cb.act = (), 0
        return False
    if side == "japan" and task_forces.enabled(c) and cb.cur == "" and cb.special == "":
        c.say_later("round", "7.13", narrate, "Round {} in {}", cb.round, c.d.areas[cb.area].name)
        task_forces.begin_round(c, cb)             # 20.2-20.4 instead of 7.3
        return False
    if side == "japan":
        where = c.d.areas[cb.area].name if cb.cur == "" else f"the pursuit of group {cb.cur}"
        c.say_later("round", "7.13", _round, cb.bround if cb.cur else cb.round, where)
    return True


def _pause_choose(c: Ctx, cb: Combat) -> Pause:
    side = cb.stage.partition(":")[2]
    return Decision(side, "Day or night action this round?",
                    (Option("day", "Day action (airstrikes)", {"verb": "day", "area": cb.area}),
                     Option("night", "Night action (gunnery)", {"verb": "night", "area": cb.area})), "7.3",
                    "day-or-night")


def _on_choose(c: Ctx, cb: Combat, ans: str) -> None:
    side = cb.stage.partition(":")[2]
    cb.choice[side] = ans
    c.tell_later(side, "choice", "7.3", _chooses, side, ans)
    if side == "japan":
        cb.stage = "choose:allies"
        return
    c.say_later("choice", "7.3", narrate, "Japan chose {}, the Allies chose {}", cb.choice["japan"],
                cb.choice["allies"])
    if cb.choice["japan"] == cb.choice["allies"]:
        _set_actions(c, cb, (cb.choice["japan"],), "7.31")
    else:
        cb.stage = "roll"


def _pause_roll(c: Ctx, cb: Combat) -> Pause:
    return Chance((6, 6), "Day or night: each side rolls a die", "7.32", ("Japan", "Allies"))


def roll_total(c: Ctx, cb: Combat, side: str, face: int) -> int:
    """7.32: +1 for wanting day, +1 for controlling the area."""
    return face + (cb.choice.get(side) == "day") + (c.s.control.get(cb.area) == side)


def _on_roll(c: Ctx, cb: Combat, faces) -> None:
    j, a = roll_total(c, cb, "japan", faces[0]), roll_total(c, cb, "allies", faces[1])
    c.say_later("roll", "7.32", narrate, "Japan rolls {} (total {}), the Allies roll {} (total {})", faces[0], j,
                faces[1], a)
    if j == a:
        _set_actions(c, cb, ("day", "night"), "7.33")
    else:
        _set_actions(c, cb, (cb.choice["japan"] if j > a else cb.choice["allies"],), "7.32")


def _set_actions(c: Ctx, cb: Combat, actions: tuple[str, ...], rule: str) -> None:
    cb.actions, cb.act, cb.stage = actions, 0, "action"
    c.say_later("action", rule, _actions_text, tuple(actions))


def _actions_text(actions: tuple[str, ...]) -> str:
    return " followed by ".join(f"a {a} action" for a in actions).capitalize()


# -- 7.4 an action ---------------------------------------------------------------------------------------
def _enter_action(c: Ctx, cb: Combat) -> bool:
    cb.dmg, cb.dis, cb.firing, cb.assign, cb.kamikaze = {}, (), (), {}, ()
    cb.defending, cb.phase, cb.aa = (), "", {}
    if cb.cur.startswith("raid:"):
        _day_start(c, cb, raid_side(c, cb))
        return False
    if cb.cur == SURPRISE:
        if attackers(c, cb, "japan") and fighting(c, cb, "allies"):
            _begin_side(c, cb, "japan")
        else:
            cb.stage = "after"
        return False
    if not fighting(c, cb, "japan") or not fighting(c, cb, "allies"):
        cb.act += 1            # 7.8: a side wiped out by the day action has no night action
        cb.stage = "action" if cb.act < len(cb.actions) else "after"
        return False
    if cb.actions[cb.act] == "night":
        if task_forces.active(c, cb) and not cb.tfnight:
            task_forces.begin_night(c, cb)         # 20.6
            return False
        cb.ask = tuple(u for u in fighting(c, cb, "allies") if c.is_carrier(u) and c.gunnery(u) > 0
                       and task_forces.can_fire(c, cb, u))
        cb.stage = "announce"
    else:
        _day_start(c, cb, "japan")
    return False


# -- 19.2 kamikaze attacks (optional rule, turn 9) ---------------------------------------------------------


def _day_start(c: Ctx, cb: Combat, first: str) -> None:
    """19.22: on turn 9 Japan first says which of its carriers make kamikaze attacks in this day action."""
    cb.side = first
    cb.ask = ()
    if kamikaze_turn(c) and cb.cur != SURPRISE and not (cb.cur.startswith("raid:") and first != "japan"):
        cb.ask = tuple(u for u in attackers(c, cb, "japan") if _kind(c, u) == "ship")
    if cb.ask:
        cb.stage = "kamikaze"
    else:
        _after_kamikaze(c, cb, first)


def _enter_kamikaze(c: Ctx, cb: Combat) -> bool:
    if cb.ask:
        return True
    if cb.kamikaze:
        c.say_later("kamikaze", "19.22", narrate, "Kamikaze attacks by {}", c.names(cb.kamikaze))
    _after_kamikaze(c, cb, cb.side)
    return False


def _after_kamikaze(c: Ctx, cb: Combat, first: str) -> None:
    if air_strikes.applies(c, cb):
        air_strikes.begin_stance(c, cb)           # 23.3
    else:
        _begin_side(c, cb, first)


def _pause_kamikaze(c: Ctx, cb: Combat) -> Pause:
    u = cb.ask[0]
    return Decision("japan", f"Day action: does {c.name(u)} make a kamikaze attack (attack bonus, then removed "
                             f"from play)?",
                    (Option(f"kamikaze:{u}", None, {"verb": "kamikaze", "unit": u},
                            lazy_label("{} attacks as a kamikaze", c.name(u))),
                     Option(f"normal:{u}", None, {"verb": "normal", "unit": u},
                            lazy_label("{} attacks normally", c.name(u)))), "19.22",
                    "kamikaze")


def _on_kamikaze(c: Ctx, cb: Combat, ans: str) -> None:
    what, _, u = ans.partition(":")
    cb.ask = cb.ask[1:]
    if what == "kamikaze":
        cb.kamikaze += (u,)


def _spend_kamikazes(c: Ctx, cb: Combat) -> None:
    """19.21, 19.22: after the action, land-based air that attacked as kamikaze is eliminated and the declared
    carriers are removed from play (unless already sunk)."""
    if not kamikaze_turn(c):
        return
    gone = ("sunk", "removed", "returning")
    for u in cb.kamikaze:
        if c.s.loc.get(u) in gone:
            continue
        if _kind(c, u) == "lba":
            c.sink(u, "kamikaze attack", "19.21")
        else:
            c.remove(u, "kamikaze attack", "19.22")
    cb.kamikaze = ()


def _enter_announce(c: Ctx, cb: Combat) -> bool:
    if cb.ask:
        return True
    _begin_side(c, cb, "japan")
    return False


def _pause_announce(c: Ctx, cb: Combat) -> Pause:
    u = cb.ask[0]
    return Decision("allies", f"Night action: does {c.name(u)} fire its guns (it may then be attacked)?",
                    (Option(f"fire:{u}", None, {"verb": "fire", "unit": u}, lazy_label("{} fires", c.name(u))),
                     Option(f"hold:{u}", None, {"verb": "hold", "unit": u}, lazy_label("{} holds fire", c.name(u)))),
                    "7.424", "announce-night-fire")


def _on_announce(c: Ctx, cb: Combat, ans: str) -> None:
    what, _, u = ans.partition(":")
    cb.ask = cb.ask[1:]
    if what == "fire":
        cb.firing += (u,)
        c.say_later("announce", "7.424", narrate, "{} will fire its guns", c.name(u))


def target_options(c: Ctx, cb: Combat, u: str) -> list[str]:
    """The targets `u` may still be given so that the whole assignment can be completed legally (7.412,
    7.422-7.424); HOLD is a Japanese carrier's choice not to fire at night."""
    side = c.side_of(u)
    if cb.phase == "defend":
        return [f for f in air_strikes.attacking_strikes(c, cb, other(side)) if task_forces.can_be_hit(c, cb, f)]  # 23.31
    foes = fighting(c, cb, other(side))
    if task_forces.active(c, cb):       # 20.5, 20.6 (without task forces every unit can be hit: can_be_hit)
        foes = [f for f in foes if task_forces.can_be_hit(c, cb, f)]
    if cb.cur.startswith("raid:") or cb.actions[cb.act] == "day":
        return foes
    units, carriers = c.d.units, c.labels.carriers
    foes = [f for f in foes if units[f].kind != "lba"]                  # 7.422
    ships = [f for f in foes if units[f].kind == "ship"]
    nc = {f for f in ships if f not in carriers}
    allc = set(ships)
    firing = set(cb.firing)
    taken = set(cb.assign.values())
    left = len(cb.ask) - 1          # attackers still to assign after u
    out = []
    # For each target t the assignment would hold taken + t: a carrier not firing among them makes every
    # non-carrier a must (7.424), an amphibious unit every ship (7.423); t is kept if the musts not yet held fit
    # in the attackers left. What `taken` alone says is worked out once, then t is added to it.
    carrier_taken = any(x in allc and x not in nc and x not in firing for x in taken)
    amph_taken = any(x != HOLD and units[x].kind == "amph" for x in taken)
    musts: dict[tuple[bool, bool], set] = {}
    for t in foes:
        key = (carrier_taken or (t in allc and t not in nc and t not in firing),
               amph_taken or (t != HOLD and units[t].kind == "amph"))
        need = musts.get(key)
        if need is None:
            need = set()
            if key[0]:
                need |= nc                                              # 7.424
            if key[1]:
                need |= allc                                            # 7.423
            need = musts[key] = need - taken
        if len(need) - (t in need) <= left:
            out.append(t)
    if side == "japan" and u in carriers:
        out.append(HOLD)
    return out


def _enter_assign(c: Ctx, cb: Combat) -> bool:
    while cb.ask:
        u = cb.ask[0]
        opts = target_options(c, cb, u)
        if len(opts) > 1:
            return True
        if opts:
            _give(c, cb, u, opts[0])
        cb.ask = cb.ask[1:]
    cb.shots = tuple(u for u in cb.assign if cb.assign[u] != HOLD)
    if cb.side == "japan" and kamikaze_turn(c) and cb.phase != "defend":
        cb.kamikaze += tuple(u for u in cb.shots if _kind(c, u) == "lba")        # 19.21
    for u, t in cb.assign.items():
        if t != HOLD:
            c.say_later("target", "23.31" if cb.phase == "defend" else "7.43", _attacks, c.d, u, t,
                        cb.phase == "defend")
    cb.stage = "fire"
    if cb.phase == "strike" and cb.shots:
        air_strikes.begin_aa(c, cb)               # 23.34-23.36
    return False


def _give(c: Ctx, cb: Combat, u: str, t: str) -> None:
    cb.assign[u] = t
    if t != HOLD and c.is_carrier(u) and cb.actions and cb.actions[cb.act] == "night" \
            and not cb.cur.startswith("raid:") and u not in cb.firing:
        cb.firing += (u,)           # a Japanese carrier firing its guns may be attacked (7.424)


def _pause_assign(c: Ctx, cb: Combat) -> Pause:
    u = cb.ask[0]
    opts = target_options(c, cb, u)
    return Decision(cb.side, f"Target for {c.name(u)}",
                    tuple(Option(f"target:{u}:{t}", "hold fire", {"verb": "hold", "unit": u}) if t == HOLD
                          else Option(f"target:{u}:{t}", c.name(t), {"verb": "target", "unit": u, "target": t})
                          for t in opts),
                    "7.43", "choose-target")


def _on_assign(c: Ctx, cb: Combat, ans: str) -> None:
    _, u, t = ans.split(":", 2)
    _give(c, cb, u, t)
    cb.ask = cb.ask[1:]


# -- 7.5 resolution --------------------------------------------------------------------------------------
def factor(c: Ctx, cb: Combat, u: str) -> int:
    night = not cb.cur.startswith("raid:") and cb.actions[cb.act] == "night"
    return c.gunnery(u) if night else air_strikes.strike(c, u)


def has_bonus(c: Ctx, cb: Combat, u: str, t: str) -> bool:
    """7.535, 12.21, 12.22: +1 to the shot roll, never against land-based air nor for it."""
    if _kind(c, t) == "lba" or cb.phase == "defend":
        return False
    if is_kamikaze(c, cb, u) and not (cb.actions and cb.actions[cb.act] == "night" and not cb.cur.startswith("raid:")):
        return True                                                     # 19.21, 19.22
    if _kind(c, u) == "lba":
        return False
    night = not cb.cur.startswith("raid:") and cb.actions[cb.act] == "night"
    return c.gunnery_bonus(u) if night else c.airstrike_bonus(u)


def _enter_fire(c: Ctx, cb: Combat) -> bool:
    while cb.shots and (not c.s.loc.get(cb.shots[0], "").startswith("sea:") or factor(c, cb, cb.shots[0]) <= 0):
        cb.shots = cb.shots[1:]              # 23: an airstrike shot away before it could fire
    if cb.shots:
        return True
    if cb.phase == "defend":
        if cb.side == "japan":
            _begin_side(c, cb, "allies")
        else:
            cb.phase = "strike"              # 23.33: now the attacking airstrikes
            _begin_side(c, cb, "japan")
        return False
    if cb.side == "japan" and not cb.cur.startswith("raid:") and cb.cur != SURPRISE:
        _begin_side(c, cb, "allies")     # 18.4: no return fire in the surprise raids
    else:
        cb.stage = "resolve"
    return False


def _pause_fire(c: Ctx, cb: Combat) -> Pause:
    u = cb.shots[0]
    t = cb.assign[u]
    n = factor(c, cb, u)
    plus = " with the attack bonus" if has_bonus(c, cb, u, t) else ""
    return Chance((6,) * n, f"{c.name(u)} fires {n} shot(s) at {c.name(t)}{plus}", "7.53")


def _on_fire(c: Ctx, cb: Combat, faces) -> None:
    u = cb.shots[0]
    t = cb.assign[u]
    cb.shots = cb.shots[1:]
    bonus = has_bonus(c, cb, u, t)
    res = [shot_result(c, t, f, bonus) for f in faces]
    if cb.phase == "defend":
        res = ["hit" if f >= 6 else "" for f in faces]                 # 23.32: as against land-based air
    hits = res.count("hit")
    raid = cb.cur.startswith("raid:")
    if "disable" in res and not raid and t not in cb.dis:
        cb.dis += (t,)
    c.say_later("shots", "7.53", _shots, c.d, u, tuple(faces), t, hits, "disable" in res and not raid)
    if hits:
        cb.hit = (u, t, hits)
        cb.stage = "damage"


def _pause_damage(c: Ctx, cb: Combat) -> Pause:
    u, t, n = cb.hit
    return Chance((6,) * n, f"Damage to {c.name(t)} from {n} hit(s)", "7.532")


def _on_damage(c: Ctx, cb: Combat, faces) -> None:
    _, t, _ = cb.hit
    if cb.phase == "defend":
        air_strikes.hurt(c, t, sum(faces), "23.32")              # at once
    else:
        cb.dmg[t] = cb.dmg.get(t, 0) + sum(faces)
        c.say_later("damage", "7.532", _damage_points, c.d, t, sum(faces))
    cb.hit = ("", "", 0)
    cb.stage = "fire"


def _enter_resolve(c: Ctx, cb: Combat) -> bool:
    """7.6: every marker of the action takes effect; 7.64 sunk beats disabled, damage comes before going home."""
    raid = cb.cur.startswith("raid:")
    for t in sorted(cb.dmg):
        total = c.dmg(t) + cb.dmg[t]
        c.s.edit("damage")[t] = total
        if raid:
            if sinks(c, t, total, in_port=True):
                if _kind(c, t) == "ship":
                    c.remove(t, "destroyed in port: damage beyond twice its armor", "9.42")
                else:
                    c.sink(t, "air raid", "9.4")
            elif _kind(c, t) == "ship" and total > c.spec(t).armor:
                c.say_later("damage", "9.41", narrate, "{} rests on the bottom of the harbor", c.name(t))
        elif sinks(c, t, total):
            c.sink(t, f"{total} damage", "7.61")
    if cb.phase:
        for t in air_strikes.disabled_carriers(c, cb):
            if t not in cb.dis:
                c.say_later("disabled", "23.4", narrate, "{} has lost all its airstrike", c.name(t))
                cb.dis += (t,)
    for t in cb.dis:
        if c.s.loc.get(t, "").startswith("sea:"):
            c.send_home(t, "disabled", "7.62")
    cb.dmg, cb.dis = {}, ()
    _spend_kamikazes(c, cb)
    cb.act += 1
    cb.stage = "action" if cb.act < len(cb.actions) else "after"
    return False


# -- 7.9 end of the round --------------------------------------------------------------------------------
def _enter_after(c: Ctx, cb: Combat) -> bool:
    if cb.cur.startswith("raid:"):
        cb.bround += 1
        base = cb.cur[5:]
        side = raid_side(c, cb)
        out_of_fuel = False
        if cb.special == "fuel" and side == "japan":
            cb.fuel += 1                 # 18.36: an air raid round spends one of Japan's two rounds
            out_of_fuel = cb.fuel >= FUEL
        if cb.bround > RAID_ROUNDS or not side or not port_targets(c, base, side) or out_of_fuel:
            c.say_later("raid", "9.13", narrate, "The air raid on {} is over", c.d.bases[base].name)
            cb.stage = "next"
        else:
            cb.actions, cb.act, cb.stage = ("day",), 0, "action"
        return False
    if cb.cur == SURPRISE:
        cb.bround += 1
        cb.actions, cb.act = ("day",), 0
        if cb.bround > RAID_ROUNDS or not attackers(c, cb, "japan") or not fighting(c, cb, "allies"):
            c.say_later("raid", "18.4", narrate, "The surprise raids in {} are over", c.d.areas[cb.area].name)
            cb.stage = "t1:indonesia-over"
        else:
            cb.actions, cb.act, cb.stage = ("day",), 0, "action"
        return False
    cb.ask = tuple(u for u in c.at_sea(cb.area) if _kind(c, u) == "sub" and u not in c.s.sub_used)
    cb.ask = tuple(sorted(cb.ask, key=lambda u: SIDES.index(c.side_of(u))))
    cb.stage = "sub"
    return False


def sub_targets(c: Ctx, area: str, sub: str) -> list[str]:
    """16.2: any enemy ship or amphibious unit at sea in the submarine's area."""
    return [u for u in in_area(c, area, other(c.side_of(sub))) if _kind(c, u) in ("ship", "amph")]


def _enter_sub(c: Ctx, cb: Combat) -> bool:
    while cb.ask:
        if c.s.loc.get(cb.ask[0]) == "sea:" + cb.area and sub_targets(c, cb.area, cb.ask[0]):
            return True
        cb.ask = cb.ask[1:]
    cb.stage = "t1:retreat" if cb.special == "iboat" else "post"     # 18.34 -> 18.35
    return False


def _pause_sub(c: Ctx, cb: Combat) -> Pause:
    sub = cb.ask[0]
    opts = [Option(f"sub:{sub}:{t}", None, {"verb": "attack", "unit": sub, "target": t},
                   lazy_label("Attack {}", c.name(t)))
            for t in sub_targets(c, cb.area, sub)]
    return Decision(c.side_of(sub), f"{c.name(sub)}: attack now or wait?",
                    tuple(opts) + (Option(f"wait:{sub}", "Wait", {"verb": "wait", "unit": sub}),), "16.1",
                    "submarine-attack")


def _on_sub(c: Ctx, cb: Combat, ans: str) -> None:
    parts = ans.split(":")
    cb.ask = cb.ask[1:]
    if parts[0] == "sub":
        cb.sub_shot = (parts[1], parts[2])
        cb.stage = "subfire"


def _pause_subfire(c: Ctx, cb: Combat) -> Pause:
    sub, t = cb.sub_shot
    return Chance((6,), f"{c.name(sub)} fires one shot at {c.name(t)} with the attack bonus", "16.2")


def _on_subfire(c: Ctx, cb: Combat, faces) -> None:
    sub, t = cb.sub_shot
    res = shot_result(c, t, faces[0], True)
    c.say_later("shots", "16.2", narrate, "{} rolls {} at {}: {}", c.name(sub), faces[0], c.name(t), res or "miss")
    if res == "hit":
        cb.stage = "subdmg"
        return
    if res == "disable":
        c.send_home(t, "disabled by a submarine", "16.2")
    _sub_done(c, cb)


def _pause_subdmg(c: Ctx, cb: Combat) -> Pause:
    sub, t = cb.sub_shot
    return Chance((6,), f"Damage to {c.name(t)} from {c.name(sub)}'s hit", "16.2")


def _on_subdmg(c: Ctx, cb: Combat, faces) -> None:
    sub, t = cb.sub_shot
    total = c.dmg(t) + faces[0]
    c.s.edit("damage")[t] = total
    c.say_later("damage", "16.2", narrate, "{} takes {} damage point(s)", c.name(t), faces[0])
    if sinks(c, t, total):
        c.sink(t, f"{total} damage from {c.name(sub)}", "16.2")
    _sub_done(c, cb)


def _sub_done(c: Ctx, cb: Combat) -> None:
    """16.3: once a turn, then back to port."""
    sub = cb.sub_shot[0]
    c.s.sub_used = c.s.sub_used | {sub}
    c.send_home(sub, "it has attacked", "16.3")
    cb.sub_shot = ("", "")
    cb.stage = "sub"


def _enter_post(c: Ctx, cb: Combat) -> bool:
    if cb.cur == "":
        cb.stage = "retreat:japan"
        if cb.special == "fuel":
            cb.fuel += 1
            if cb.fuel >= FUEL and not settled(c, cb.area):
                c.say("retreat", "Out of fuel, the Japanese fleet must leave the Hawaiian Islands", "18.36")
                _on_retreat(c, cb, "retreat")
        return False
    # a fleeing group's battle (8.5): 8.33 slower pursuers drop out, then 8.52 splitting and 8.53 stopping
    g = cb.cur
    _prune(c, cb)
    units = cb.groups.get(g, ())
    if not units:
        _end_group(c, cb, g)
        cb.stage = "next"
        return False
    chasers = [p for p in in_area(c, cb.area) if cb.pursuers.get(p) == g]
    if not chasers:
        _escape(c, cb, g)
        cb.stage = "next"
        return False
    cb.family = (g,)
    if len(units) > 1:
        cb.split = (g, "")
        cb.stage = "split"
    else:
        _begin_chase(c, cb)
    return False


def _prune(c: Ctx, cb: Combat) -> None:
    """Drop sunk / disabled units from the fleeing groups, and pursuers from pursuits they no longer can make."""
    sea = "sea:" + cb.area
    for g in list(cb.groups):
        cb.groups[g] = tuple(u for u in cb.groups[g] if c.s.loc.get(u) == sea)
    for p in list(cb.pursuers):
        if c.s.loc.get(p) != sea:
            del cb.pursuers[p]


# -- 8 retreat and pursuit -------------------------------------------------------------------------------
def _enter_retreat(c: Ctx, cb: Combat) -> bool:
    if settled(c, cb.area):
        cb.stage, cb.ask, cb.landing, cb.side = "land", (), {}, ""
        return False
    return True


def _pause_retreat(c: Ctx, cb: Combat) -> Pause:
    side = cb.stage.partition(":")[2]
    opts = (Option("stay", "Stay and fight on", {"verb": "stay", "area": cb.area}),
            Option("retreat", "Retreat with every unit", {"verb": "retreat", "area": cb.area}))
    if task_forces.can_split(c, cb, side):
        opts += (Option("partial", "Retreat with part of the force (20.8)", {"verb": "partial", "area": cb.area}),)
    return Decision(side, f"Stay in {c.d.areas[cb.area].name} or retreat?", opts, "8.1",
                    "retreat")


def _on_retreat(c: Ctx, cb: Combat, ans: str) -> None:
    side = cb.stage.partition(":")[2]
    if ans == "stay":
        if side == "japan":
            cb.stage = "retreat:allies"
        else:
            cb.stage, cb.ask, cb.landing, cb.side = "land", (), {}, ""
            c.say("retreat", "Both sides stay", "8.1")
        return
    if ans == "partial":
        task_forces.begin_flee(c, cb, side)
        return
    c.say_later("retreat", "8.1", narrate, "{} retreats from {}", SIDE_NAME[side], c.d.areas[cb.area].name)
    flee(c, cb, side, fighting(c, cb, side))


def _enter_split(c: Ctx, cb: Combat) -> bool:
    return True


def _pause_split(c: Ctx, cb: Combat) -> Pause:
    src, new = cb.split
    units = cb.groups[src]
    opts = []
    if len(units) > 1:
        into = f"group {new}" if new else "a new group"
        opts += [Option(f"split:{u}", None, {"verb": "split", "unit": u, "group": src},
                        lazy_label("{} flees in {}", c.name(u), into))
                 for u in units]
    if new and cb.groups.get(new):
        opts.append(Option("newgroup", "Start another group", {"verb": "newgroup", "group": new}))
    opts.append(Option("done", "The groups are formed", {"verb": "done", "group": src}))
    return Decision(cb.fleeing, f"Split group {src} ({c.names(units)})?", tuple(opts), "8.52", "split-group")


def _on_split(c: Ctx, cb: Combat, ans: str) -> None:
    src, new = cb.split
    if ans == "done":
        for g in cb.family:
            c.say_later("retreat", "8.2", narrate, "Group {} flees: {} (speed {})", g, c.names(cb.groups[g]),
                        group_speed(c, cb.groups[g]))
        cb.split = ("", "")
        if cb.cur == "":
            _begin_pursue(c, cb)
        else:
            _begin_chase(c, cb)
        return
    if ans == "newgroup":
        cb.split = (src, "")
        return
    u = ans.partition(":")[2]
    if not new:
        new = _new_group(cb, ())
        cb.family += (new,)
        cb.split = (src, new)
    cb.groups[src] = tuple(x for x in cb.groups[src] if x != u)
    cb.groups[new] = cb.groups[new] + (u,)


def raid_bases(c: Ctx, cb: Combat, side: str) -> list[str]:
    """9.1, 9.2: the ports and bases of the other side touching the area, with something in them to attack."""
    return raid_bases_at(c, cb.area, side)


def raid_bases_at(c: Ctx, area: str, side: str) -> list[str]:
    foe = other(side)
    return [b for b in sorted(c.d.touching(area))
            if c.s.base_control.get(b) == foe and port_targets(c, b, side)]


def pursue_options(c: Ctx, cb: Combat, p: str, groups) -> list[str]:
    out = [f"pursue:{p}:{g}" for g in groups
           if cb.groups.get(g) and c.speed(p) >= group_speed(c, cb.groups[g])]      # 8.33
    return out


def raid_options(c: Ctx, cb: Combat, p: str) -> list[str]:
    if p in cb.raided or _kind(c, p) != "ship" or air_strikes.strike(c, p) <= 0:
        return []
    return [f"raid:{p}:{b}" for b in raid_bases(c, cb, c.side_of(p))]


def _pursue_opts(c: Ctx, cb: Combat, p: str) -> list[str]:
    opts = [] if p in cb.stopped else pursue_options(c, cb, p, cb.family)
    return opts + ([] if cb.partial else raid_options(c, cb, p))      # 20.8: no raids, the area is contested


def _enter_pursue(c: Ctx, cb: Combat) -> bool:
    while cb.ask:
        if _pursue_opts(c, cb, cb.ask[0]):
            return True
        cb.ask = cb.ask[1:]
    # 8.4: a group nobody pursues goes home at once; then the separate battles (raids first, 9.1)
    raids = sorted({r for r in cb.pursuers.values() if r.startswith("raid:")})
    chased = []
    for g in cb.family:
        if any(v == g for v in cb.pursuers.values()):
            chased.append(g)
        else:
            _escape(c, cb, g)
    cb.queue = tuple(raids) + tuple(chased) + cb.queue
    cb.family = ()
    cb.stage = "next"
    return False


def _pause_pursue(c: Ctx, cb: Combat) -> Pause:
    p = cb.ask[0]
    opts = []
    for o in _pursue_opts(c, cb, p):
        kind, _, tgt = o.split(":")
        if kind == "pursue":
            opts.append(Option(o, None, {"verb": "pursue", "unit": p, "group": tgt},
                               lazy_label("Pursue group {} ({})", tgt, c.names(cb.groups[tgt]))))
        else:
            opts.append(Option(o, None, {"verb": "raid", "unit": p, "base": tgt},
                               lazy_label("Air raid on {}", c.d.bases[tgt].name)))
    opts.append(Option(f"stay:{p}", "Neither pursue nor raid", {"verb": "stay", "unit": p}))
    side = c.side_of(p)
    return Decision(side, f"{c.name(p)}: pursue, raid or stay?", tuple(opts), "8.32", "pursuit")


def _on_pursue(c: Ctx, cb: Combat, ans: str) -> None:
    kind, p, *rest = ans.split(":")
    cb.ask = cb.ask[1:]
    if kind == "pursue":
        cb.pursuers[p] = rest[0]
        c.say_later("pursue", "8.32", narrate, "{} pursues group {}", c.name(p), rest[0])
        if cb.partial and p not in cb.detached:
            cb.detached += (p,)               # 20.8: a pursuer never rejoins the main battle
    elif kind == "raid":
        cb.pursuers[p] = "raid:" + rest[0]
        cb.raided += (p,)
        if p not in cb.stopped:
            cb.stopped += (p,)        # 9.3: a raider pursues no group
        c.say_later("raid", "9.1", narrate, "{} will raid {}", c.name(p), c.d.bases[rest[0]].name)
    else:
        if cb.fleeing and p not in cb.stopped:
            cb.stopped += (p,)        # 8.34


def _begin_chase(c: Ctx, cb: Combat) -> None:
    src = cb.family[0]
    cb.ask = tuple(p for p in in_area(c, cb.area) if cb.pursuers.get(p) == src)
    cb.stage = "chase"


def _enter_chase(c: Ctx, cb: Combat) -> bool:
    while cb.ask:
        p = cb.ask[0]
        opts = pursue_options(c, cb, p, cb.family)
        if opts:
            return True
        _stop(c, cb, p, "too slow to keep up", "8.33")
        cb.ask = cb.ask[1:]
    src = cb.family[0]
    for g in cb.family:
        if not any(v == g for v in cb.pursuers.values()):
            _escape(c, cb, g)
    more = tuple(g for g in cb.family[1:] if cb.groups.get(g))
    cb.queue = more + cb.queue
    cb.family = ()
    if cb.groups.get(src):
        cb.bround += 1
        cb.choice = {}
        cb.stage = "choose:japan"
    else:
        cb.stage = "next"
    return False


def _pause_chase(c: Ctx, cb: Combat) -> Pause:
    p = cb.ask[0]
    opts = []
    for o in pursue_options(c, cb, p, cb.family):
        g = o.split(":")[2]
        opts.append(Option(o, None, {"verb": "pursue", "unit": p, "group": g},
                           lazy_label("Pursue group {} ({})", g, c.names(cb.groups[g]))))
    opts.append(Option(f"stop:{p}", "Stop pursuing", {"verb": "stop", "unit": p}))
    return Decision(c.side_of(p), f"{c.name(p)}: keep pursuing?", tuple(opts), "8.53", "continue-pursuit")


def _on_chase(c: Ctx, cb: Combat, ans: str) -> None:
    kind, p, *rest = ans.split(":")
    cb.ask = cb.ask[1:]
    if kind == "pursue":
        cb.pursuers[p] = rest[0]
    else:
        _stop(c, cb, p, "breaks off the pursuit", "8.53")


def _stop(c: Ctx, cb: Combat, p: str, why: str, rule: str) -> None:
    cb.pursuers.pop(p, None)
    if p not in cb.stopped:
        cb.stopped += (p,)
    c.say_later("pursue", rule, narrate, "{} {}", c.name(p), why)


def _escape(c: Ctx, cb: Combat, g: str) -> None:
    """8.4: an unpursued group returns to port at once."""
    for u in cb.groups.get(g, ()):
        c.send_home(u, f"group {g} escapes", "8.4")
    _end_group(c, cb, g)


def _end_group(c: Ctx, cb: Combat, g: str) -> None:
    cb.groups.pop(g, None)
    for p in [p for p, v in cb.pursuers.items() if v == g]:
        del cb.pursuers[p]        # 8.22 / 8.32: pursuers of a finished group stay in the area, done pursuing
        if p not in cb.stopped:
            cb.stopped += (p,)


def _enter_next(c: Ctx, cb: Combat) -> bool:
    _prune(c, cb)
    if cb.cur.startswith("raid:"):
        _end_raid(cb, cb.cur)
    cb.cur = ""
    while cb.queue:
        b = cb.queue[0]
        cb.queue = cb.queue[1:]
        if b.startswith("raid:"):
            side = raid_side(c, cb, b)
            if side and port_targets(c, b[5:], side):
                c.say_later("raid", "9.1", narrate, "{} air raid on {}: {}", SIDE_NAME[side],
                            c.d.bases[b[5:]].name,
                            c.names([u for u in in_area(c, cb.area) if cb.pursuers.get(u) == b]))
                cb.cur, cb.bround = b, 1
                cb.actions, cb.act, cb.stage = ("day",), 0, "action"
                return False
            _end_raid(cb, b)
            continue
        if cb.groups.get(b):
            if not any(v == b for v in cb.pursuers.values()):
                _escape(c, cb, b)
                continue
            cb.cur, cb.bround, cb.choice, cb.stage = b, 1, {}, "choose:japan"
            return False
    for g in list(cb.groups):
        _escape(c, cb, g)
    cb.fleeing = ""
    cb.partial = False
    if cb.special == "ph":
        cb.stage = "t1:withdraw"          # 18.31, after the two surprise raids on Pearl Harbor
    elif cb.final:
        _done(c, cb)
    else:
        cb.stage, cb.ask, cb.landing, cb.side = "land", (), {}, ""
    return False


def _end_raid(cb: Combat, b: str) -> None:
    for p in [p for p, v in cb.pursuers.items() if v == b]:
        del cb.pursuers[p]


# -- 13 landings and invasions ---------------------------------------------------------------------------
def land_options(c: Ctx, cb: Combat, u: str) -> list[str]:
    """13.32, 13.3: land on a friendly port or base touching the area, or invade an enemy island base there."""
    side = c.side_of(u)
    out = []
    for b in sorted(c.d.touching(cb.area)):
        owner = c.s.base_control.get(b)
        if owner == side:
            out.append(f"land:{u}:{b}")
        elif owner == other(side) and c.d.bases[b].kind != "port" \
                and (not task_forces.active(c, cb) or u in cb.invading):           # 20.7: only declared invaders
            out.append(f"invade:{u}:{b}")
    return out


def _enter_land(c: Ctx, cb: Combat) -> bool:
    while True:
        if not cb.side:
            cb.side = "japan"
            cb.ask = tuple(u for u in fighting(c, cb, "japan") if _kind(c, u) == "amph")
            cb.landing = {}
        while cb.ask:
            if c.s.loc.get(cb.ask[0]) == "sea:" + cb.area and land_options(c, cb, cb.ask[0]):
                return True
            cb.ask = cb.ask[1:]
        by_base: dict[str, list[str]] = {}
        for u, b in cb.landing.items():
            by_base.setdefault(b, []).append(u)
        if by_base and island_combat.enabled(c):
            b = sorted(by_base)[0]                 # 22.1: fought out on the island, one base at a time
            for u in by_base[b]:
                del cb.landing[u]
            island_combat.begin(c, cb, b, by_base[b])
            return False
        for b in sorted(by_base):
            invade(c, b, by_base[b])
        cb.landing = {}
        if cb.side == "japan":
            cb.side = "allies"
            cb.ask = tuple(u for u in fighting(c, cb, "allies") if _kind(c, u) == "amph")
            continue
        cb.side = ""
        cb.stage = "settle"
        return False


def _pause_land(c: Ctx, cb: Combat) -> Pause:
    u = cb.ask[0]
    opts = []
    for o in land_options(c, cb, u):
        kind, _, b = o.split(":")
        opts.append(Option(o, None, {"verb": kind, "unit": u, "base": b},
                           lazy_label("{} {}", "Land on" if kind == "land" else "Invade", c.d.bases[b].name)))
    opts.append(Option(f"stay:{u}", "Stay at sea", {"verb": "stay", "unit": u}))
    return Decision(cb.side, f"{c.name(u)}: land, invade or stay at sea?", tuple(opts), "13.32", "land-or-invade")


def _on_land(c: Ctx, cb: Combat, ans: str) -> None:
    kind, u, *rest = ans.split(":")
    cb.ask = cb.ask[1:]
    if kind == "land":
        c.put_in_port(u, rest[0], "lands", "13.32")
    elif kind == "invade":
        cb.landing[u] = rest[0]


# -- settling the area -----------------------------------------------------------------------------------
def can_attack(c: Ctx, area: str, side: str) -> bool:
    """Whether any of `side`'s units in the area could hurt an enemy there by day or by night."""
    foes = main_in_area(c, area, other(side))
    surface = any(_kind(c, f) in ("ship", "amph") for f in foes)
    for u in main_in_area(c, area, side):
        k = _kind(c, u)
        if k in ("ship", "lba") and air_strikes.strike(c, u) > 0 and foes:
            return True
        if k == "ship" and c.gunnery(u) > 0 and surface:
            return True
    return False


def _enter_settle(c: Ctx, cb: Combat) -> bool:
    if not settled(c, cb.area) and not can_attack(c, cb.area, "japan") and not can_attack(c, cb.area, "allies"):
        # the rules are silent: with nothing able to fire on either side the fight cannot go on, and both stay
        c.say("combat", "Neither side can attack the other here: the combat ends with both sides present", "5.5")
        _done(c, cb)
        return False
    if not settled(c, cb.area):
        cb.round += 1
        cb.choice = {}
        cb.stage = "choose:japan"
        return False
    left = [s for s in SIDES if main_in_area(c, cb.area, s)]
    cb.final = True
    if left == ["japan"] and cb.special == "fuel" and cb.fuel >= FUEL:
        left = []                         # 18.36: no fuel left for more air raids
    if left:
        side = left[0]
        cb.ask = tuple(p for p in in_area(c, cb.area, side) if raid_options(c, cb, p))
        if cb.ask:
            cb.stage = "raid92"
            return False
    _done(c, cb)
    return False


def _enter_raid92(c: Ctx, cb: Combat) -> bool:
    while cb.ask:
        if raid_options(c, cb, cb.ask[0]):
            return True
        cb.ask = cb.ask[1:]
    cb.queue = tuple(sorted({r for r in cb.pursuers.values() if r.startswith("raid:")}))
    cb.stage = "next"
    return False


def _pause_raid92(c: Ctx, cb: Combat) -> Pause:
    p = cb.ask[0]
    opts = []
    for o in raid_options(c, cb, p):
        b = o.split(":")[2]
        opts.append(Option(o, None, {"verb": "raid", "unit": p, "base": b},
                           lazy_label("Air raid on {}", c.d.bases[b].name)))
    opts.append(Option(f"stay:{p}", "No air raid", {"verb": "stay", "unit": p}))
    return Decision(c.side_of(p), f"{c.name(p)}: air raid a port or base?", tuple(opts), "9.2", "air-raid")


def _done(c: Ctx, cb: Combat) -> None:
    if cb.special == "fuel":
        for u in in_area(c, cb.area, "japan"):
            c.send_home(u, "out of fuel", "18.36")      # 18.36: the raid force never stays on
    c.s.combat = None
    c.say_later("combat", "5.5", narrate, "Combat in {} is over", c.d.areas[cb.area].name)
    _finish(c, cb.area)


def _enter_side(c: Ctx, cb: Combat) -> bool:
    """An add-on (23.3 stances) hands back: the side named in the stage gives its attackers their targets."""
    _begin_side(c, cb, cb.stage.partition(":")[2])
    return False


ENTER = {"side": _enter_side, "choose": _enter_choose, "roll": lambda c, cb: True, "action": _enter_action,
         "announce": _enter_announce, "assign": _enter_assign, "fire": _enter_fire,
         "damage": lambda c, cb: True, "resolve": _enter_resolve, "after": _enter_after, "sub": _enter_sub,
         "subfire": lambda c, cb: True, "subdmg": lambda c, cb: True, "post": _enter_post,
         "retreat": _enter_retreat, "split": _enter_split, "pursue": _enter_pursue, "chase": _enter_chase,
         "next": _enter_next, "land": _enter_land, "settle": _enter_settle, "raid92": _enter_raid92,
         "kamikaze": _enter_kamikaze, "island": lambda c, cb: island_combat.enter(c, cb),
         "tf": lambda c, cb: task_forces.enter(c, cb),
         "stance": lambda c, cb: air_strikes.enter_stance(c, cb), "aa": lambda c, cb: air_strikes.enter_aa(c, cb),
         "t1": lambda c, cb: turn1.enter(c, cb)}
PAUSE = {"choose": _pause_choose, "roll": _pause_roll, "announce": _pause_announce, "assign": _pause_assign,
         "fire": _pause_fire, "damage": _pause_damage, "sub": _pause_sub, "subfire": _pause_subfire,
         "subdmg": _pause_subdmg, "retreat": _pause_retreat, "split": _pause_split, "pursue": _pause_pursue,
         "chase": _pause_chase, "land": _pause_land, "raid92": _pause_raid92, "kamikaze": _pause_kamikaze,
         "island": lambda c, cb: island_combat.pause(c, cb),
         "stance": lambda c, cb: air_strikes.pause_stance(c, cb),
         "tf": lambda c, cb: task_forces.pause(c, cb),
         "aa": lambda c, cb: air_strikes.pause_aa(c, cb),
         "t1": lambda c, cb: turn1.pause(c, cb)}
ANSWER = {"choose": _on_choose, "roll": _on_roll, "announce": _on_announce, "assign": _on_assign,
          "fire": _on_fire, "damage": _on_damage, "sub": _on_sub, "subfire": _on_subfire, "subdmg": _on_subdmg,
          "retreat": _on_retreat, "split": _on_split, "pursue": _on_pursue, "chase": _on_chase,
          "land": _on_land, "raid92": _on_pursue, "kamikaze": _on_kamikaze,
          "island": lambda c, cb, a: island_combat.answer(c, cb, a),
          "tf": lambda c, cb, a: task_forces.answer(c, cb, a),
          "stance": lambda c, cb, a: air_strikes.on_stance(c, cb, a),
          "aa": lambda c, cb, a: air_strikes.answer_aa(c, cb, a),
          "t1": lambda c, cb, a: turn1.answer(c, cb, a)}


# -- the text of the most frequent events, made on demand (narration on demand, DESIGN.md) -------------------------
def _round(n: int, where: str) -> str:
    return f"Round {n} in {where}"


def _chooses(side: str, ans: str) -> str:
    return f"{SIDE_NAME[side]} chooses a {ans} action"


def _attacks(d, u: str, t: str, defending: bool) -> str:
    return f"{d.units[u].name} attacks {d.units[t].name}{' (defending)' if defending else ''}"


def _shots(d, u: str, faces: tuple, t: str, hits: int, disabled: bool) -> str:
    return (f"{d.units[u].name} rolls {', '.join(map(str, faces))} at {d.units[t].name}: "
            f"{hits} hit(s){', disabled' if disabled else ''}")


def _damage_points(d, t: str, n: int) -> str:
    return f"{d.units[t].name} takes {n} damage point(s)"
