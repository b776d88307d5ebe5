"""Victory (B, D.8, the Victory Points and mission bonuses): the battle ends after the scenario's last turn or when
a side has no ship left in it; each side scores the enemy ships it sank or wrecked, half for those left heavily
damaged, a killed enemy commander, and its mission bonus; the Victory-Loss verdict names the margin."""
from __future__ import annotations

from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.state import SIDES, other


def end_of_turn(c: Ctx) -> None:
    """The end of a turn: supply runs counted, turn effects lapse; the battle ends or the next turn begins."""
    s, d = c.s, c.d
    s.fired_spotted = ()
    for k, div in list(s.divisions.items()):
        if div.role == "supply" and not div.moved and d.coast_at(s.scenario, div.band) and c.afloat(div):
            s.divisions[k] = div._replace(supplied=div.supplied + 1)
    s.effects = tuple(e for e in s.effects if e[2] > s.turn)
    in_battle = {side: bool(c.divisions_of(side)) for side in SIDES}
    # a side alone on the battle map still has a turn to play while its mission ships have not done their work:
    # transports and bombardment ships must reach the far band and disengage, supply ships lie at the coast
    mission_left = any(in_battle[sd] and not in_battle[other(sd)] and mission_under_way(c, sd) for sd in SIDES)
    if s.turn >= d.scenario(s.scenario).turns or (not all(in_battle.values()) and not mission_left):
        finish(c, "the last turn is over" if all(in_battle.values()) else
               f"{side_name(next(sd for sd in SIDES if not in_battle[sd]))} has no ship left in the battle")
        return
    s.turn += 1


def mission_under_way(c: Ctx, side: str) -> bool:
    """Whether a side still has ships in the battle whose mission (transport, bombardment, supply) is unfinished
    (interpretation: the battle does not end under them when the enemy has left)."""
    s, d = c.s, c.d
    mission = d.mission(s.scenario, side)
    if mission not in ("transport", "bombardment", "supply"):
        return False
    for div in c.divisions_of(side):
        if div.role != mission:
            continue
        if mission == "supply" and div.supplied:
            continue
        return True
    return False


def scores(c: Ctx) -> dict[str, dict[str, int]]:
    """Each side's points by source: sunk, damaged, commander, mission."""
    s, d = c.s, c.d
    out = {side: {"sunk": 0, "damaged": 0, "commander": 0, "land": 0, "mission": 0} for side in SIDES}
    for q, st in s.ships.items():
        sp = d.ships[q]
        enemy = other(sp.side)
        if st.status == "sunk" or (st.status == "afloat" and d.is_wrecked(sp, st.structure, st.flotation)):
            out[enemy]["sunk"] += sp.vp
        elif d.heavily_damaged(sp, st.structure, st.flotation):
            out[enemy]["damaged"] += sp.vp // d.vp_damaged_divisor
    for side, (cid, ship, alive) in s.commanders.items():
        if not alive:
            out[other(side)]["commander"] += d.vp_commander_killed
    for unit, levels in s.land.items():
        if levels >= d.land_destroyed:
            out["ijn" if d.mission(s.scenario, "ijn") == "bombardment" else "usn"]["land"] += d.data.land_units[unit].vp
    bonus = {side: mission_bonus(c, side, out) for side in SIDES}
    for side in SIDES:
        if d.mission(s.scenario, side) == "patrol":
            bonus[side] = d.mission_bonus("patrol") if bonus[other(side)] == 0 else 0
        out[side]["mission"] = bonus[side]
    return out


def mission_bonus(c: Ctx, side: str, out) -> int:
    """The mission bonus (designed; B, D.8): transport and bombardment ships must reach the far band and
    disengage there; supply ships must lie a whole turn at the coast; attack must out-score the enemy."""
    s, d = c.s, c.d
    mission = d.mission(s.scenario, side)
    if not mission or mission == "patrol":
        return 0
    if mission == "attack":
        mine = out[side]["sunk"] + out[side]["damaged"]
        theirs = out[other(side)]["sunk"] + out[other(side)]["damaged"]
        return d.mission_bonus("attack") if mine > theirs else 0
    far = d.far_edge(s.scenario, side)
    total = 0
    for q, st in s.ships.items():
        if d.ships[q].side != side or d.role_of(s.scenario, q) != mission:
            continue
        if mission in ("transport", "bombardment") and st.status == "disengaged" and st.left_at == far:
            total += d.mission_bonus(mission)
        elif mission == "supply" and st.status == "afloat" and s.divisions[st.division].supplied:
            total += d.mission_bonus(mission)
    if mission == "bombardment":
        total += sum(s.land.values())
    return total


def finish(c: Ctx, why: str) -> None:
    s = c.s
    pts = scores(c)
    totals = {side: sum(v.values()) for side, v in pts.items()}
    s.vp = totals
    a, b = SIDES
    if totals[a] == totals[b]:
        winner, margin = None, 0
    else:
        winner = a if totals[a] > totals[b] else b
        margin = abs(totals[a] - totals[b])
    s.result = (winner, margin)
    s.step = "over"
    s.phase = "over"
    c.note("victory", "B", _end_text, why, totals[a], totals[b], winner, c.d.verdict("battle", margin))


def summary(c: Ctx) -> str:
    s = c.s
    winner, margin = s.result
    a, b = SIDES
    verdict = c.d.verdict("battle", margin)
    head = f"{side_name(winner)} {verdict} victory" if winner else "A draw"
    return f"{head}: {side_name(a)} {s.vp[a]} VP, {side_name(b)} {s.vp[b]} VP"


def _end_text(why, va, vb, winner, verdict) -> str:
    head = f"{side_name(winner)} {verdict} victory" if winner else "a draw"
    return f"The battle is over ({why}): IJN {va} VP, USN {vb} VP: {head}"
