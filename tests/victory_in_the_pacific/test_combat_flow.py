"""VITP combat rules checked through the whole game's apply (issue 10): the lone side's air raids (9.2, 9.3) as
a step of the combat phase (5.31), and a crippled ship's factors in combat (7.73). Each situation is built at
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
play, ids, refused = _DRIVER.play, _DRIVER.ids, _DRIVER.refused
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
            s.place(u, "port:yokosuka" if D.units[u].side == "japan" else "port:pearl-harbor")
    s.mode = {}
    for u, where in loc.items():
        u = u.replace("_", "-")
        s.place(u, where)
        if where.startswith("sea:") and D.units[u].kind in ("ship", "lba"):
            s.edit("mode")[u] = "patrol"
    s.edit("damage").update(damage or {})
    s.edit("base_control").update(control or {})
    s.step, s.cache = "raid:allies", None
    s, ev = play(s, "done")
    if s.step == "sub:japan":
        s, more = play(s, "keep")
        ev += more
    return s, ev


# -- 9.2 air raids by the side alone in a sea area ----------------------------------------------------------
def test_9_2_carriers_alone_in_the_marshalls_may_raid_kwajalein():
    s, ev = combat_phase(lexington="sea:marshall-islands", kongo="port:kwajalein")
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.side == "allies" and p.rule == "9.2"
    assert set(ids(s)) == {"raid:lexington:kwajalein", "stay:lexington"}      # Truk is empty: nothing to raid
    assert "Allies alone in Marshall Islands" in texts(ev)
    s, ev = play(s, "raid:lexington:kwajalein")
    assert "Allies air raid on Kwajalein: Lexington" in texts(ev)
    assert "Lexington attacks Kongo" in texts(ev)                           # the only target: no question
    # two day rounds (9.13); Kongo in port cannot fire back (9.12); 4 + 2 = 6 damage is more than its armor 3
    # but not more than twice it (9.4, 9.41): it rests on the bottom
    s, ev = play(s, (6, 1, 1, 1), (4,), (6, 1, 1, 1), (2,))
    assert s.damage["kongo"] == 6 and s.loc["kongo"] == "port:kwajalein"
    assert "Combat in Marshall Islands is over" in texts(ev)
    assert s.fought == ("marshall-islands",) and s.control["marshall-islands"] == "allies"     # then 5.7
    assert s.step == "home:lexington"


def test_9_2_the_lone_side_may_decline_the_raid():
    s, _ = combat_phase(lexington="sea:marshall-islands", kongo="port:kwajalein")
    s, ev = play(s, "stay:lexington")
    assert "kongo" not in s.damage and "Combat in Marshall Islands is over" in texts(ev)
    assert not (s.combat and s.combat.area == "marshall-islands")


def test_9_2_japan_holding_the_hawaiian_islands_raids_pearl_harbor_in_the_order_japan_picks():
    s, _ = combat_phase(akagi="sea:hawaiian-islands", kaga="sea:hawaiian-islands",
                        lexington="sea:marshall-islands", kongo="port:kwajalein")
    p = GAME.pause(s)
    assert s.step == "fight" and p.side == "japan"                     # 5.31: Japan orders the combats
    assert set(ids(s)) == {"fight:hawaiian-islands", "fight:marshall-islands"}
    s, _ = play(s, "fight:hawaiian-islands")
    p = GAME.pause(s)
    assert p.side == "japan" and "raid:akagi:pearl-harbor" in ids(s) and "stay:akagi" in ids(s)
    s, ev = play(s, "raid:akagi:pearl-harbor", "raid:kaga:pearl-harbor")
    assert "Japan air raid on Pearl Harbor: Akagi, Kaga" in texts(ev)
    s, _ = play(s, "target:akagi:arizona", "target:kaga:nevada", MISS4, MISS4,
                "target:akagi:arizona", "target:kaga:nevada", MISS4, MISS4)
    # the Hawaiian Islands are done; the Marshall Islands' raid comes next, the Allies choosing
    p = GAME.pause(s)
    assert p.side == "allies" and "raid:lexington:kwajalein" in ids(s)


def test_9_3_no_raid_without_a_ship_with_an_airstrike_nor_by_land_based_air():
    s, _ = combat_phase(kongo="sea:hawaiian-islands", air_flotilla_21="sea:hawaiian-islands",
                        control={"johnston-island": "japan"})
    assert s.turn == 3 and s.step != "fight" and not (s.combat and s.combat.stage == "raid92")
    assert s.damage.get("arizona", 0) == 0


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
