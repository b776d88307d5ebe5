"""VITP combat rules checked through the whole game's apply (issue 10): a crippled ship's factors in combat
(7.73). Each situation is built at
the Allies' raid step of a later turn, with every other unit in port; the answers then go through GAME.apply.

Values used (units.toml): Kongo 4 gunnery, armor 3; Akagi, Kaga 1 gunnery, 4 airstrike, armor 4; Lexington
1 gunnery, 4 airstrike, armor 3; Enterprise 0 gunnery, 4 airstrike, armor 2; Arizona, Nevada 4 gunnery,
armor 4; no attack bonus on any of these factors. Kwajalein and Truk touch the Marshall Islands; Pearl Harbor
and Johnston Island touch the Hawaiian Islands."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision
from kaisen.engine.testing import GameDriver
from kaisen.games.victory_in_the_pacific import GAME

D = GAME.data
_DRIVER = GameDriver(GAME)
play, ids = _DRIVER.play, _DRIVER.ids
MISS4 = (1, 1, 1, 1)


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def combat_phase(turn=3, damage=None, control=None, **loc):
    """Turn `turn`'s last movement step (the Allied raiders, none of them) with every unit in port (or where
    it stood off the board) but those placed here (unit=location; at sea: patrolling); the Allies' "done" (and
    Japan keeping its submarine in port) then opens the combat phase through apply."""
    s, _ = play(GAME.new_state(), "done")
    s = s.copy()
    s.turn = turn
    for u, where in list(s.loc.items()):
        if where.startswith(("sea:", "home:")):
            s.loc[u] = "port:yokosuka" if D.units[u].side == "japan" else "port:pearl-harbor"
    s.mode = {}
    for u, where in loc.items():
        u = u.replace("_", "-")
        s.loc[u] = where
        if where.startswith("sea:") and D.units[u].kind in ("ship", "lba"):
            s.mode[u] = "patrol"
    s.damage.update(damage or {})
    s.base_control.update(control or {})
    s.step, s.cache = "raid:allies", None
    s, ev = play(s, "done")
    if s.step == "sub:japan":
        s, more = play(s, "keep")
        ev += more
    return s, ev


# -- 7.73 a crippled ship -----------------------------------------------------------------------------------
def test_7_73_a_crippled_ship_fires_one_gunnery_shot_and_no_airstrike():
    s, _ = combat_phase(kongo="sea:central-pacific", akagi="sea:central-pacific", kaga="sea:central-pacific",
                        arizona="sea:central-pacific", damage={"kongo": 3, "akagi": 4})
    # by night Kongo (4 gunnery, damage 3 = armor 3) fires one shot; Akagi keeps its one gun (7.424 aside)
    s2, _ = play(s, "night", "night", "target:akagi:-", "target:kaga:-")   # Kongo: one target
    p = GAME.pause(s2)
    assert isinstance(p, Chance) and p.reason.startswith("Kongo fires 1 shot") and len(p.dice) == 1
    # by day crippled Akagi has no airstrike: only Kaga is given a target
    s3, ev = play(s, "day", "day")
    p = GAME.pause(s3)
    assert isinstance(p, Chance) and p.reason.startswith("Kaga fires 4 shot")
    assert "Akagi attacks" not in texts(ev)
    s3, ev = play(s3, MISS4)
    p = GAME.pause(s3)
    assert not (isinstance(p, Chance) and "Akagi" in p.reason)
