"""4.0 Victory: the end of Day 1 (4.1, after turn 3) and the end of Day 2 (4.2, after turn 7)."""
from __future__ import annotations

from kaisen.games.fury_at_midway.common import Ctx, narrate
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
    total, parts = vp_parts(c, side)
    return total, [narrate(*p) for p in parts]


def vp_parts(c: Ctx, side: str) -> tuple[int, tuple[tuple, ...]]:
    """`vp` with each part's text still to make: (template, values...)."""
    enemy = "usa" if side == "japan" else "japan"
    parts = []
    sunk = sunk_count(c, enemy) * c.d.victory.carrier_vp
    total = sunk
    parts.append(("{} for sunk carriers", sunk))
    if c.s.midway_control == side:
        total += c.d.victory.midway_vp
        parts.append(("{} for Midway", c.d.victory.midway_vp))
    for f in c.s.exits:
        sp = c.d.fleets[f]
        if sp.side == enemy and sp.exit_vp:
            total += sp.exit_vp
            parts.append(("{} for the {} leaving the map", sp.exit_vp, sp.name))
    return total, tuple(parts)


def _ev_day2(jv: int, jp: tuple[tuple, ...], uv: int, up: tuple[tuple, ...]) -> str:
    jp = ", ".join(narrate(*p) for p in jp)
    up = ", ".join(narrate(*p) for p in up)
    return f"End of Day 2: Japan {jv} VP ({jp}); US {uv} VP ({up})"


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
        c.sayf("victory", "4.1", narrate, "End of Day 1: carriers afloat on the map: Japan {}, US {}", j, u)
        if win:
            finish(c, win, u - j, "{} wins at the end of Day 1 (carriers afloat: Japan {}, US {})", SIDE_NAME[win],
                   j, u)
            return True
        return False
    if s.turn >= v.day2_turn:
        jv, jp = vp_parts(c, "japan")
        uv, up = vp_parts(c, "usa")
        c.sayf("victory", "4.2", _ev_day2, jv, jp, uv, up)
        if uv - jv >= v.margin:
            finish(c, "usa", uv - jv, "US wins {}-{} on victory points", uv, jv)
        elif jv - uv >= v.margin:
            finish(c, "japan", uv - jv, "Japan wins {}-{} on victory points", jv, uv)
        else:
            finish(c, None, 0, "Draw: {}-{} on victory points", jv, uv)
        return True
    return False


def finish(c: Ctx, winner: str | None, score: int, line: str, *values) -> None:
    """The game is over; the last event's text is `line` with `values` filled in (when read)."""
    c.s.result = (winner, score)
    c.s.step = "over"
    c.sayf("over", "4.0", narrate, line, *values)


def summary(c: Ctx) -> str:
    winner, score = c.s.result
    jv, _ = vp(c, "japan")
    uv, _ = vp(c, "usa")
    who = "Draw" if winner is None else f"{SIDE_NAME[winner]} wins"
    return (f"{who} after turn {c.s.turn}: carriers sunk Japan {sunk_count(c, 'japan')}, US {sunk_count(c, 'usa')}; "
            f"Midway held by {SIDE_NAME[c.s.midway_control]}; VP Japan {jv}, US {uv}")

