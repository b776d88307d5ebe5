"""4.0 Victory: the end of Day 1 (4.1, after turn 3) and the end of Day 2 (4.2, after turn 7)."""
from __future__ import annotations

from kaisen.games.fury_at_midway.common import Ctx
from kaisen.games.fury_at_midway.state import SIDE_NAME


def carriers(c: Ctx, side: str) -> list[str]:
    return [k for k, sp in c.d.carriers.items() if sp.side == side and sp.kind == "carrier"]


def afloat_on_map(c: Ctx, side: str) -> int:
    """4.1: carriers afloat whose fleet is on the map."""
    n = 0
    for k in carriers(c, side):
        if k in c.s.sunk or k in c.s.towed:
            continue
        if c.group_hex(c.group_of(k)) is not None:
            n += 1
    return n


def sunk_count(c: Ctx, side: str) -> int:
    """Carriers of `side` sunk (a carrier towed clear by card 01 is not)."""
    return sum(1 for k in carriers(c, side) if k in c.s.sunk and k not in c.s.towed)


def vp(c: Ctx, side: str) -> tuple[int, list[str]]:
    """4.2: 1 a sunk enemy carrier, 2 for holding Midway, 1 if the enemy's main fleet left the map."""
    enemy = "usa" if side == "japan" else "japan"
    parts = []
    sunk = sunk_count(c, enemy) * c.d.victory.carrier_vp
    total = sunk
    parts.append(f"{sunk} for sunk carriers")
    if c.s.midway_control == side:
        total += c.d.victory.midway_vp
        parts.append(f"{c.d.victory.midway_vp} for Midway")
    for f in c.s.exits:
        sp = c.d.fleets[f]
        if sp.side == enemy and sp.exit_vp:
            total += sp.exit_vp
            parts.append(f"{sp.exit_vp} for the {sp.name} leaving the map")
    return total, parts


def check(c: Ctx) -> bool:
    """Decide the game at the end of turn 3 (only if a condition is met) and at the end of turn 7."""
    s = c.s
    v = c.d.victory
    if s.turn == v.day1_turn:
        j, u = afloat_on_map(c, "japan"), afloat_on_map(c, "usa")
        win = None
        if j == 0 and u > 0:
            win = "usa"
        elif u == 0 and j > 0:
            win = "japan"
        elif u and j >= v.day1_ratio * u:
            win = "japan"
        elif j and u >= v.day1_ratio * j:
            win = "usa"
        c.say("victory", f"End of Day 1: carriers afloat on the map: Japan {j}, US {u}", "4.1")
        if win:
            finish(c, win, u - j, f"{SIDE_NAME[win]} wins at the end of Day 1 (carriers afloat: Japan {j}, US {u})")
            return True
        return False
    if s.turn >= v.day2_turn:
        jv, jp = vp(c, "japan")
        uv, up = vp(c, "usa")
        c.say("victory", f"End of Day 2: Japan {jv} VP ({', '.join(jp)}); US {uv} VP ({', '.join(up)})", "4.2")
        if uv - jv >= v.margin:
            finish(c, "usa", uv - jv, f"US wins {uv}-{jv} on victory points")
        elif jv - uv >= v.margin:
            finish(c, "japan", uv - jv, f"Japan wins {jv}-{uv} on victory points")
        else:
            finish(c, None, 0, f"Draw: {jv}-{uv} on victory points")
        return True
    return False


def finish(c: Ctx, winner: str | None, score: int, line: str) -> None:
    c.s.result = (winner, score)
    c.s.step = "over"
    c.say("over", line, "4.0")


def summary(c: Ctx) -> str:
    winner, score = c.s.result
    jv, _ = vp(c, "japan")
    uv, _ = vp(c, "usa")
    who = "Draw" if winner is None else f"{SIDE_NAME[winner]} wins"
    return (f"{who} after turn {c.s.turn}: carriers sunk Japan {sunk_count(c, 'japan')}, US {sunk_count(c, 'usa')}; "
            f"Midway held by {SIDE_NAME[c.s.midway_control]}; VP Japan {jv}, US {uv}")

