"""5.7 End of the turn: control and POC (15, 2.5), capture by isolation (5.72, 14), invasions (5.73, 13),
return to port (5.74, 10), repairs (11), and the end of the game (4.7, 19)."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option
from kaisen.games.victory_in_the_pacific.battle import invade, shot_result, sinks
from kaisen.games.victory_in_the_pacific.common import Ctx, narrate, lazy_label
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, other

STEPS = frozenset({"invade", "subend", "subshot", "subdmg"})


# -- repairs (11) -------------------------------------------------------------------------------------------
def points_left(c: Ctx, port: str) -> int:
    return c.d.repair(port, c.s.turn) - c.s.repaired.get(port, 0)


def repairable(c: Ctx, side: str) -> list[str]:
    """11.1-11.24: damaged ships in a friendly port with repair points left this turn that have not sailed. Only
    ships: the damage of land-based air and amphibious units stays until they are eliminated (RULES.md)."""
    s = c.s
    damage = s.damage
    if not damage:
        return []
    loc, lab = s.loc, c.labels
    ours = lab.ship_sides                # ship -> its side (other units are never repaired)
    ports = lab.repair_ports.get(side, ())   # "port:<base>" where the base repairs `side`'s ships (11.2)
    raider, moved, done = s.raider, s.moved, s.done
    repair, turn, used = c.d.repair, s.turn, s.repaired
    out = []
    for u in damage:                     # the same tests as ever, the cheapest first; then id order (sorted)
        if ours.get(u) != side or not damage[u] or u in raider:
            continue
        where = loc.get(u)
        if where not in ports:           # in a friendly repair port (points_left written out below)
            continue
        if u in moved and u not in done:
            continue
        port = where[5:]
        if repair(port, turn) - used.get(port, 0) > 0:
            out.append(u)
    out.sort()
    return out


def repair(c: Ctx, u: str) -> None:
    """One damage point off; the ship stays in port this turn (11.1)."""
    s = c.s
    port = s.loc[u][5:]
    s.edit("repaired")[port] = s.repaired.get(port, 0) + 1
    damage = s.edit("damage")
    damage[u] -= 1
    if not damage[u]:
        del damage[u]
    s.moved = s.moved | {u}
    s.done = s.done | {u}
    c.say_later("repair", "11.2", narrate, "{} repairs a damage point at {} ({} point(s) left there this turn)",
                c.name(u), c.d.bases[port].name, points_left(c, port))


# -- 23.5 rebuilding airstrikes (optional rule "air-strike-damage") ----------------------------------------------
def rebuild_options(c: Ctx, side: str) -> list[Option]:
    """23.5: with the repair points of a friendly repair port, a carrier in port there gets back one airstrike
    factor a point, and an eliminated land-based air unit is rebuilt there for as many points as its airstrike
    factor. Either then stays in port this turn (11.1)."""
    s = c.s
    if not s.option("air-strike-damage"):        # air_strikes.enabled
        return []
    from kaisen.games.victory_in_the_pacific import air_strikes
    out = []
    for u, loc in sorted(s.loc.items()):
        if c.side_of(u) != side:
            continue
        if loc.startswith("port:") and air_strikes.strike_damage(c, u) and u not in s.raider \
                and not (u in s.moved and u not in s.done):
            port = loc[5:]
            if c.d.bases[port].repair_side == side and points_left(c, port) > 0:
                out.append(Option(f"rebuild:{u}", None, {"verb": "rebuild", "unit": u, "port": port},
                                  lazy_label("Rebuild one airstrike factor of {} ({} of {} left; it stays in port "
                                             "this turn)", c.name(u), air_strikes.strike(c, u), c.spec(u).airstrike)))
        elif loc == "returning" and c.spec(u).kind == "lba" and u not in s.back:
            for port, bs in sorted(c.d.bases.items()):
                if bs.repair_side == side and port in c.home_ports(u, None) \
                        and points_left(c, port) >= c.spec(u).airstrike:          # 17.12: US never Ceylon
                    out.append(Option(f"rebuild:{u}:{port}", None,
                                      {"verb": "rebuild", "unit": u, "port": port,
                                       "points": c.spec(u).airstrike},
                                      lazy_label("Rebuild {} at {} ({} repair points)", c.name(u), bs.name,
                                                 c.spec(u).airstrike)))
    return out


def rebuild(c: Ctx, a: str) -> None:
    s = c.s
    _, u, *where = a.split(":")
    if where:
        port = where[0]
        cost = c.spec(u).airstrike
        s.edit("repaired")[port] = s.repaired.get(port, 0) + cost
        s.place(u, "port:" + port)
        s.edit("damage").pop(u, None)
        c.say_later("repair", "23.5", narrate, "{} is rebuilt at {} for {} repair points", c.name(u),
                    c.d.bases[port].name, cost)
    else:
        from kaisen.games.victory_in_the_pacific import air_strikes
        port = s.loc[u][5:]
        s.edit("repaired")[port] = s.repaired.get(port, 0) + 1
        k = air_strikes.key(u)
        damage = s.edit("damage")
        damage[k] -= 1
        if not damage[k]:
            del damage[k]
        c.say_later("repair", "23.5", narrate,
                    "{} rebuilds one airstrike factor at {} ({} point(s) left there this turn)", c.name(u),
                    c.d.bases[port].name, points_left(c, port))
    s.moved = s.moved | {u}
    s.done = s.done | {u}


def no_automatic_return(c: Ctx) -> None:
    """23.5: eliminated land-based air does not come back by itself; it waits to be rebuilt."""
    from kaisen.games.victory_in_the_pacific import air_strikes
    if not air_strikes.enabled(c):
        return
    for u in sorted(c.s.back):
        if c.spec(u).kind == "lba" and c.s.loc.get(u) == "returning":
            del c.s.edit("back")[u]
    for k in sorted(c.s.damage):
        if k.startswith("air:") and c.s.loc.get(k[4:]) in ("sunk", "removed", "lost"):
            del c.s.edit("damage")[k]                 # the airstrike went down with its carrier


# -- the end of the turn ------------------------------------------------------------------------------------
def start(c: Ctx) -> None:
    """5.6, 16.1: a submarine still at sea may take its one shot before it returns; then the rest of 5.7."""
    next_sub(c)


# -- the submarine's last chance (5.6, 16.1-16.3) ---------------------------------------------------------
def sub_targets(c: Ctx, sub: str) -> list[str]:
    """16.2: any enemy ship or amphibious unit at sea in the submarine's area."""
    area = c.s.loc[sub][4:]
    return [u for u in c.at_sea(area) if c.side_of(u) != c.side_of(sub) and c.spec(u).kind in ("ship", "amph")]


def sub_home(c: Ctx, sub: str) -> None:
    """5.6, 16.3: the submarine heads for port; its owner picks which at the settling point (10.1)."""
    c.send_home(sub, "end of the combat phase" if sub not in c.s.sub_used else "it has attacked", "5.6")


def next_sub(c: Ctx) -> None:
    """Each submarine still at sea that has not attacked: a decision when it has a target, else home; then the
    returning submarines (and any ship they disabled) choose their ports before control is scored."""
    s = c.s
    for u, loc in sorted(s.loc.items()):
        if loc.startswith("sea:") and c.spec(u).kind == "sub":
            if u not in s.sub_used and sub_targets(c, u):
                s.step = "subend:" + u
                return
            sub_home(c, u)
    c.finish("submarines")


def sub_pause(c: Ctx, step: str, arg: str):
    if step == "subend":
        return Decision(c.side_of(arg), f"End of combat: {c.name(arg)} may attack before returning to port",
                        tuple(Option(f"sub:{t}", None, {"verb": "attack", "unit": arg, "target": t},
                                     lazy_label("Attack {}", c.name(t)))
                              for t in sub_targets(c, arg))
                        + (Option("home", "Return to port without attacking", {"verb": "home", "unit": arg}),), "5.6",
                        "submarine-last-attack")
    sub, t = arg.split(":")
    if step == "subshot":
        return Chance((6,), f"{c.name(sub)} fires one shot at {c.name(t)} with the attack bonus", "16.2")
    return Chance((6,), f"Damage to {c.name(t)} from {c.name(sub)}'s hit", "16.2")


def sub_answer(c: Ctx, step: str, arg: str, a) -> None:
    s = c.s
    if step == "subend":
        if a == "home":
            sub_home(c, arg)
            next_sub(c)
        else:
            s.step = f"subshot:{arg}:{a[4:]}"
        return
    sub, t = arg.split(":")
    if step == "subshot":
        res = shot_result(c, t, a[0], True)
        c.say_later("shots", "16.2", narrate, "{} rolls {} at {}: {}", c.name(sub), a[0], c.name(t), res or "miss")
        if res == "hit":
            s.step = f"subdmg:{sub}:{t}"
            return
        if res == "disable":
            c.send_home(t, "disabled by a submarine", "16.2")
    else:
        total = c.dmg(t) + a[0]
        s.edit("damage")[t] = total
        c.say_later("damage", "16.2", narrate, "{} takes {} damage point(s)", c.name(t), a[0])
        if sinks(c, t, total):
            c.sink(t, f"{total} damage from {c.name(sub)}", "16.2")
    s.sub_used = s.sub_used | {sub}                                       # 16.3
    sub_home(c, sub)
    next_sub(c)


def rest_of_turn_end(c: Ctx) -> None:
    """5.71 control and POC; 5.72 isolation; then the invasions (5.73) and the return to port (5.74)."""
    s = c.s
    score_control(c)
    isolation(c)
    s.pending = tuple(u for u, loc in sorted(s.loc.items()) if loc.startswith("sea:") and c.spec(u).kind == "amph")
    next_invasion(c)


def controller(c: Ctx, area: str) -> str | None:
    """15.1-15.2: a patrolling ship or a land-based air unit at sea controls; both or neither: nobody."""
    sides = set()
    for u in c.at_sea(area):
        sp = c.spec(u)
        if (sp.kind == "ship" and c.s.mode.get(u) == "patrol") or sp.kind == "lba":
            sides.add(sp.side)
    return sides.pop() if len(sides) == 1 else None


def score_control(c: Ctx) -> None:
    """5.71, 2.5: control flags, each side's POC for the turn, the difference moves the track (cap 29)."""
    s = c.s
    pts = {"japan": 0, "allies": 0}
    for a, sp in c.d.areas.items():
        who = controller(c, a)
        if who is None:
            s.edit("control").pop(a, None)
            continue
        s.edit("control")[a] = who
        pts[who] += sp.poc_japan if who == "japan" else sp.poc_allies
    if s.option("turn-9") and s.control.get("japanese-islands") == "japan":
        pts["japan"] += 1                                                 # 19.3
    diff = pts["allies"] - pts["japan"]
    cap = c.d.poc_cap
    s.poc = max(-cap, min(cap, s.poc + diff))
    s.poc_log = s.poc_log + ((s.turn, pts["japan"], pts["allies"]),)
    held = {sd: sorted(c.d.areas[a].name for a, w in s.control.items() if w == sd) for sd in ("japan", "allies")}
    c.say_later("poc", "5.71", narrate, "Turn {} control: Japan {} POC ({}); Allies {} POC ({}); standing: {}",
                s.turn, pts["japan"], ", ".join(held["japan"]) or "none", pts["allies"],
                ", ".join(held["allies"]) or "none", standing(s.poc))


def standing(poc: int) -> str:
    return "even" if poc == 0 else f"Allies +{poc}" if poc > 0 else f"Japan +{-poc}"


def isolation(c: Ctx) -> None:
    """5.72, 14.1-14.33: a port or base whose every sea area the enemy has held for two turns running falls."""
    s = c.s
    for b, sp in sorted(c.d.bases.items()):
        own = s.base_control[b]
        if all(s.control.get(a) == other(own) for a in sp.touches):
            s.edit("surrounded")[b] = s.surrounded.get(b, 0) + 1
        else:
            s.edit("surrounded").pop(b, None)
            continue
        if s.surrounded[b] >= 2:
            capture(c, b, other(own), "cut off for two turns", "14.1")


def capture(c: Ctx, b: str, new_side: str, why: str, rule: str) -> None:
    """14.3: ships in port leave for another friendly port; amphibious units there are lost; air units left
    without a friendly base in their sea area must return."""
    s = c.s
    s.edit("base_control")[b] = new_side
    s.edit("surrounded").pop(b, None)
    c.say_later("capture", rule, narrate, "{} passes to {} ({})", c.d.bases[b].name, SIDE_NAME[new_side], why)
    area = c.d.bases[b].touches[0]
    for u in s.at("port:" + b):
        if c.spec(u).kind == "amph":
            c.sink(u, f"{c.d.bases[b].name} captured", "14.32")
        else:
            s.place(u, "home:" + area)
            c.say_later("return", "14.31", narrate, "{} must leave {}", c.name(u), c.d.bases[b].name)
    for a in c.d.bases[b].touches:
        for u in c.at_sea(a, other(new_side)):
            if c.spec(u).kind == "lba" and not c.touches_friendly(a, other(new_side)):
                c.send_home(u, "no friendly base left in its sea area", "14.33")


# -- invasions at the end of the turn (5.73) ------------------------------------------------------------------
def invasion_targets(c: Ctx, u: str) -> tuple[list[str], list[str]]:
    """(enemy island bases it may invade, friendly ports/bases it may land at) touching its area (13.3)."""
    area = c.s.loc[u][4:]
    side = c.side_of(u)
    enemy = [b for b in c.d.touching(area) if c.s.base_control[b] != side and c.d.bases[b].kind == "base"]
    friend = [b for b in c.d.touching(area) if c.s.base_control[b] == side]
    return enemy, friend


def next_invasion(c: Ctx) -> None:
    s = c.s
    while s.pending:
        u = s.pending[0]
        if not s.loc.get(u, "").startswith("sea:"):
            s.pending = s.pending[1:]
            continue
        enemy, friend = invasion_targets(c, u)
        if enemy or friend:
            s.step = "invade:" + u
            return
        s.pending = s.pending[1:]
    return_to_port(c)


def invade_options(c: Ctx, u: str) -> list[Option]:
    enemy, friend = invasion_targets(c, u)
    return ([Option(f"invade:{b}", None, {"verb": "invade", "unit": u, "base": b},
                    lazy_label("{} invades {}", c.name(u), c.d.bases[b].name))
             for b in enemy]
            + [Option(f"land:{b}", None, {"verb": "land", "unit": u, "base": b},
                      lazy_label("{} lands at {}", c.name(u), c.d.bases[b].name))
               for b in friend]
            + [Option("stay", None, {"verb": "stay", "unit": u},
                      lazy_label("{} stays at sea and returns to port with the rest", c.name(u)))])


def pause(c: Ctx, step: str, arg: str):
    if step != "invade":
        return sub_pause(c, step, arg)
    return Decision(c.side_of(arg), f"End of turn: {c.name(arg)} may invade or land", tuple(invade_options(c, arg)),
                    "5.73", "end-of-turn-invasion")


def answer(c: Ctx, step: str, arg: str, a: str) -> None:
    if step != "invade":
        sub_answer(c, step, arg, a)
        return
    s = c.s
    s.pending = s.pending[1:]
    verb, _, b = a.partition(":")
    if verb == "invade":
        from kaisen.games.victory_in_the_pacific import island_combat
        if island_combat.enabled(c):
            c.finish("invade-island", b, arg)  # 22: flow has it fought out; then the next invasion
            return
        invade(c, b, [arg])
    elif verb == "land":
        c.put_in_port(arg, b, "landed", "13.32")
    next_invasion(c)


# -- return to port and the next turn (5.74, 5.75) ------------------------------------------------------------
def return_to_port(c: Ctx) -> None:
    s = c.s
    for u, loc in sorted(s.loc.items()):
        if loc.startswith("sea:"):
            s.place(u, "home:" + loc[4:])
    s.mode = {}
    c.finish("at-sea-home")


def last_turn(c: Ctx) -> int:
    return c.d.optional_turn if c.s.option("turn-9") else c.d.last_turn


AFTER_SUBS = "after-subs"          # flow.settle's resume point once the submarines are home (5.6)


def resume(c: Ctx, what: str) -> None:
    """After every unit is home: the rest of 5.7 (after the submarines), the end of the game (4.7) or the next
    turn."""
    s = c.s
    if what == AFTER_SUBS:
        rest_of_turn_end(c)
        return
    if s.turn >= last_turn(c):
        winner = "allies" if s.poc > 0 else "japan" if s.poc < 0 else None
        s.result = (winner, s.poc)
        s.step = "over"
        c.say_later("over", "4.7", _game_over, standing(s.poc), winner)
        return
    no_automatic_return(c)
    s.turn += 1
    c.finish("turn")


def summary(c: Ctx) -> str:
    winner, poc = c.s.result
    who = "Draw" if winner is None else f"{SIDE_NAME[winner]} win"
    return f"{who} after turn {c.s.turn}: POC standing {standing(poc)}"


def _game_over(standing_text: str, winner: str | None) -> str:
    return f"End of the game: {standing_text}: " + ("a draw" if winner is None else f"{SIDE_NAME[winner]} win")
