"""7.411, 7.421: the units that attack in an action, with the add-ons' limits (20.5, 20.6 task forces; 23 airstrike
damage). Below combat.py and turn1.py, above task_forces and air_strikes."""
from __future__ import annotations

from kaisen.games.victory_in_the_pacific import air_strikes, task_forces
from kaisen.games.victory_in_the_pacific.battle import _kind, fighting
from kaisen.games.victory_in_the_pacific.combat_state import Combat
from kaisen.games.victory_in_the_pacific.common import Ctx


def attackers(c: Ctx, cb: Combat, side: str) -> list[str]:
    """7.411, 7.421: airstrike factors by day (ships and land-based air), gunnery by night (ships only; an
    Allied carrier only when announced). Amphibious units never attack (13.2)."""
    out = []
    night = not cb.cur.startswith("raid:") and cb.actions[cb.act] == "night"
    tf = task_forces.active(c, cb)      # (can_fire allows every unit where task forces are not in play: asked once)
    for u in fighting(c, cb, side):
        k = _kind(c, u)
        if tf and not task_forces.can_fire(c, cb, u):
            continue                                                    # 20.5, 20.6
        if night:
            if k != "ship" or c.gunnery(u) <= 0:
                continue
            if side == "allies" and c.is_carrier(u) and u not in cb.firing:
                continue
        else:
            if k not in ("ship", "lba") or air_strikes.strike(c, u) <= 0:
                continue
            if cb.cur.startswith("raid:") and k != "ship":
                continue   # 9.3: land-based air cannot raid
            if cb.phase and (u in cb.defending) != (cb.phase == "defend"):
                continue   # 23.31: defending airstrikes fire first, at attacking airstrikes only
        out.append(u)
    return out


def begin_side(c: Ctx, cb: Combat, side: str) -> None:
    cb.side, cb.assign, cb.stage = side, {}, "assign"
    cb.ask = tuple(attackers(c, cb, side))
