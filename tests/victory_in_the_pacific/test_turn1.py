"""VITP turn 1's surprise attack (18.3-18.5) and the submarine's end-of-combat shot (5.6, 16.1), with scripted
dice on the real board through the whole game's apply.

Values used (units.toml): Akagi 4 airstrike, armor 4, speed 6; Kaga 4 airstrike, armor 4, speed 5; Shokaku
4 airstrike; air flotillas 3 airstrike; Arizona armor 4; Indianapolis, Minneapolis, Pensacola armor 1, speed 7;
Prince of Wales armor 5; no attack bonus on any of these airstrikes."""
from __future__ import annotations

import random

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Chance, Decision, End
from kaisen.engine.testing import GameDriver
from kaisen.games.victory_in_the_pacific import GAME, flow, reinforcements
from kaisen.games.victory_in_the_pacific.common import Ctx

D = GAME.data
_DRIVER = GameDriver(GAME)
play, ids = _DRIVER.play, _DRIVER.ids
MISS4 = (1, 1, 1, 1)


def combat_phase(raid=("akagi", "kaga"), turn=1, **loc):
    """Set-up with the given Pearl Harbor Raid, units moved as given (unit=location), then the combat phase
    begins (the turn's movement being skipped)."""
    s, _ = play(GAME.new_state(), *[f"raid:{u}" for u in raid], "done")
    s = s.copy()
    s.turn = turn
    for u, where in loc.items():
        u = u.replace("_", "-")
        s.place(u, where)
        if where.startswith("sea:") and D.units[u].kind in ("ship", "lba"):
            s.edit("mode")[u] = "patrol"
    c = Ctx(s, D)
    flow.start_combat(c)
    s.cache = None
    s.last_events = tuple(c.ev)
    return s


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def raids_done(s, *answers):
    """Both surprise raid rounds on Pearl Harbor with Akagi and Kaga shooting at Arizona, dice as given."""
    return play(s, "target:akagi:arizona", "target:kaga:arizona", *answers)


def test_18_3_pearl_harbor_starts_with_two_day_raids_on_the_port_cruisers_at_sea_ignored():
    s = combat_phase()
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.side == "japan"
    targets = {o.id.split(":")[2] for o in p.options}
    assert "arizona" in targets and "7th-air-force" in targets                 # ships and the air unit in port
    assert "indianapolis" not in targets and "minneapolis" not in targets      # 18.3: the cruisers at sea
    # round 1: Akagi 2 hits for 3 + 3 = 6 on Arizona (armor 4): more than its armor, not more than twice it
    s, ev = raids_done(s, (6, 6, 1, 1), (3, 3), MISS4)
    assert s.loc["arizona"] == "port:pearl-harbor" and s.damage["arizona"] == 6              # 9.4 double armor
    assert "rests on the bottom" in texts(ev)                                                # 9.41
    assert not any(e.kind == "shots" and "Indianapolis" in e.text for e in ev)              # no return fire
    # round 2: 3 more points: 9 > 8 = twice its armor, destroyed (9.42)
    s, ev = raids_done(s, (6, 1, 1, 1), (3,), MISS4)
    assert s.loc["arizona"] == "removed"
    p = GAME.pause(s)
    assert p.rule == "18.31" and ids(s) == ["withdraw", "stay"]                              # only two rounds


def test_18_31_japan_may_withdraw_after_the_raids_without_pursuit():
    s = combat_phase()
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = raids_done(s, MISS4, MISS4)
    s, ev = play(s, "withdraw")
    assert s.loc["akagi"] == "home:hawaiian-islands" and s.loc["kaga"] == "home:hawaiian-islands"
    assert not any(e.kind == "pursue" for e in ev)
    assert isinstance(GAME.pause(s), Chance) and GAME.pause(s).rule == "18.32"


@pytest.mark.parametrize("face,where", [(1, "sea:central-pacific"), (2, "sea:hawaiian-islands"),
                                        (3, "sea:hawaiian-islands"), (4, "due"), (5, "due"), (6, "due")])
def test_18_32_each_location_uncertain_roll(face, where):
    s = combat_phase()
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = play(s, "stay", (face,))                                  # group W: Enterprise and three cruisers
    for u in ("enterprise", "northampton", "chester", "salt-lake-city"):
        assert s.loc[u] == where
        if where == "due":
            assert s.back[u] == 2
        else:
            assert s.mode[u] == "patrol"
    assert s.loc["lexington"] == "group:X"                           # the next group is rolled next
    assert "group X" in GAME.pause(s).reason


def test_18_32_a_group_back_in_the_usa_arrives_at_pearl_harbor_on_turn_2():
    s = combat_phase()
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = play(s, "withdraw", (6,), (1,), (2,), (4,))
    assert s.loc["enterprise"] == "due" and s.loc["lexington"] == "sea:central-pacific"
    assert s.loc["saratoga"] == "sea:hawaiian-islands" and s.loc["hornet"] == "due"
    t2 = s.copy()
    t2.turn = 2
    c = Ctx(t2, D)
    reinforcements.start(c)
    assert t2.loc["enterprise"] == "port:pearl-harbor" and t2.loc["yorktown"] == "port:pearl-harbor"


def test_18_32_rolls_happen_even_without_a_pearl_harbor_raid():
    s = combat_phase(raid=())
    p = GAME.pause(s)
    assert isinstance(p, Chance) and p.rule == "18.32" and "group W" in p.reason
    s, _ = play(s, (2,))
    assert s.loc["enterprise"] == "sea:hawaiian-islands"
    s, ev = play(s, (4,), (4,), (4,))
    assert all(not s.loc[u].startswith("group:") for u in s.loc)
    assert "The surprise attack is over" in texts(ev)


def test_18_33_survivors_sortie_from_pearl_harbor_but_not_those_on_the_bottom():
    s = combat_phase()
    s, _ = raids_done(s, (6, 6, 1, 1), (3, 3), MISS4)                 # Arizona 6 damage: on the bottom
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = play(s, "stay", (4,), (4,), (4,), (4,))
    opts = ids(s)
    assert GAME.pause(s).rule == "18.33"
    assert "sortie:arizona" not in opts and "sortie:nevada" in opts and "sortie:7th-air-force" in opts
    s, _ = play(s, "sortie:nevada")
    assert s.loc["nevada"] == "sea:hawaiian-islands" and s.mode["nevada"] == "patrol"
    s, _ = play(s, "done")
    assert GAME.pause(s).rule == "18.35"                              # no I-Boat here: the Allied retreat next


def test_18_34_the_i_boat_may_attack_in_the_hawaiian_islands():
    s = combat_phase(i_boat="sea:hawaiian-islands")
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = play(s, "stay", (4,), (4,), (4,), (4,), "done")
    assert GAME.pause(s).rule == "16.1"
    assert set(ids(s)) == {"sub:i-boat:indianapolis", "sub:i-boat:minneapolis", "wait:i-boat"}
    s, ev = play(s, "sub:i-boat:indianapolis", (5,), (2,))           # 5 + 1 bonus: a hit; 2 > armor 1
    assert s.loc["indianapolis"] == "sunk" and "i-boat" in s.sub_used
    assert GAME.pause(s).rule == "18.35"


def test_18_35_the_allies_may_retreat_unpursued_then_japan_raids_pearl_harbor_again():
    s = combat_phase()
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = play(s, "stay", (4,), (4,), (4,), (4,), "sortie:nevada", "done")
    s, ev = play(s, "retreat")
    for u in ("indianapolis", "minneapolis", "nevada"):
        assert s.loc[u] == "home:hawaiian-islands"
    assert not any(e.kind == "pursue" for e in ev)
    assert GAME.pause(s).rule == "9.2" and "raid:akagi:pearl-harbor" in ids(s)   # 18.36: raids on Pearl Harbor


def _to_round_one(**loc):
    s = combat_phase(**loc)
    s, _ = raids_done(s, MISS4, MISS4)
    s, _ = raids_done(s, MISS4, MISS4)
    return play(s, "stay", (4,), (4,), (4,), (4,), "done", "stay")[0]


def test_18_36_japan_stays_two_rounds_then_must_retreat_and_may_be_pursued():
    s = _to_round_one()
    s, ev = play(s, "day", "day", "target:akagi:indianapolis", "target:kaga:minneapolis", MISS4, MISS4)
    assert ids(s) == ["stay", "retreat"]                              # after round 1 Japan still chooses
    s, _ = play(s, "stay", "stay")
    s, ev = play(s, "day", "day", "target:akagi:indianapolis", "target:kaga:minneapolis", MISS4, MISS4)
    assert "Out of fuel" in texts(ev)
    assert GAME.pause(s).rule == "8.52"                               # Japan's fleeing group may split
    s, _ = play(s, "done")
    assert GAME.pause(s).rule == "8.32" and "pursue:indianapolis:g1" in ids(s)   # pursuit is allowed
    s, ev = play(s, "stay:indianapolis", "stay:minneapolis")
    assert s.loc["akagi"] != "sea:hawaiian-islands" and s.loc["kaga"] != "sea:hawaiian-islands"


def test_18_36_a_raid_after_one_combat_round_gets_one_round_and_the_fleet_then_leaves():
    s = _to_round_one(minneapolis="port:pearl-harbor")
    s, _ = play(s, "day", "day", (6, 1, 1, 1), (2,),
                MISS4)
    assert s.loc["indianapolis"] == "sunk"
    assert GAME.pause(s).rule == "9.2"
    s, _ = play(s, "raid:akagi:pearl-harbor", "stay:kaga", "target:akagi:nevada", MISS4)
    # one raid round only (the fuel of round 2); then the raid force goes home
    assert s.combat is None or s.combat.area != "hawaiian-islands"
    assert not s.loc["akagi"].startswith("sea:") and not s.loc["kaga"].startswith("sea:")


def test_18_4_indonesia_two_surprise_raid_rounds_without_return_fire():
    s = combat_phase(raid=(), shokaku="sea:indonesia", air_flotilla_21="sea:indonesia")
    s, ev = play(s, (4,), (4,), (4,), (4,))
    assert "Surprise air raids in Indonesia" in texts(ev)
    p = GAME.pause(s)
    targets = {o.id.split(":")[2] for o in p.options}
    assert targets == {"prince-of-wales", "repulse"}                  # ships only; the 5th Air Force is not
    s, ev = play(s, "target:air-flotilla-21:prince-of-wales", "target:shokaku:prince-of-wales", (6, 1, 1), (2,),
                 MISS4)
    assert s.damage["prince-of-wales"] == 2
    assert not any(e.kind == "shots" and "5th Air Force" in e.text for e in ev)   # no return fire
    s, ev = play(s, "target:air-flotilla-21:repulse", "target:shokaku:repulse", (6, 6, 1), (2, 2), MISS4)
    assert s.loc["repulse"] == "sunk"                                 # 4 > armor 3
    assert "surprise raids in Indonesia are over" in texts(ev)
    # 18.5: the ordinary battle in Indonesia follows
    assert GAME.pause(s).rule == "7.3" and s.combat.special == "" and s.combat.area == "indonesia"


def test_5_6_a_submarine_still_at_sea_may_attack_at_the_end_of_combat():
    s = combat_phase(raid=(), turn=3, i_boat="sea:coral-sea")
    assert s.step == "subend:i-boat" and ids(s) == ["sub:pensacola", "home"]
    s2, _ = play(s, "home", "to:truk")
    assert s2.loc["i-boat"] == "port:truk" and s2.loc["pensacola"] != "sunk"
    s, ev = play(s, "sub:pensacola", (5,), (2,), "to:truk")           # 5 + 1 bonus: hit; 2 > armor 1
    assert s.loc["pensacola"] == "sunk" and s.loc["i-boat"] == "port:truk"
    assert "Pensacola is sunk" in texts(ev)
    assert "coral-sea" not in s.control or s.control["coral-sea"] != "allies"


def test_5_6_a_submarine_with_nothing_to_attack_just_goes_home():
    s = combat_phase(raid=(), turn=3, i_boat="sea:north-pacific")
    assert not s.step.startswith("sub") and s.loc["i-boat"] == "home:north-pacific"
    s, _ = play(s, "to:yokosuka")
    assert s.loc["i-boat"] == "port:yokosuka"


@pytest.mark.parametrize("answers", [("home",), ("sub:pensacola", (1,))], ids=["without-attacking", "after-a-miss"])
def test_10_1_16_3_a_submarine_returning_to_port_goes_where_its_owner_chooses(answers):
    s = combat_phase(raid=(), turn=3, i_boat="sea:coral-sea")
    s, ev = play(s, *answers)
    p = GAME.pause(s)
    assert s.step == "home:i-boat" and isinstance(p, Decision) and p.side == "japan"
    assert {"to:saigon", "to:truk", "to:yokosuka"} <= set(ids(s))      # every friendly major port (10.1)
    assert "I-Boat must return to port" in texts(ev)
    s, _ = play(s, "to:yokosuka")                                       # not the first port in the list
    assert s.loc["i-boat"] == "port:yokosuka"
    assert s.poc_log and s.poc_log[-1][0] == 3                          # then control is scored (5.71)


def test_100_random_games_with_the_surprise_attack_end():
    for seed in range(100):
        last = None
        for _, _, last in testing.random_game(GAME, seed):
            pass
        assert isinstance(GAME.pause(last), End)


def test_random_turn_1_raids_with_many_carriers_end():
    """Random play from a big Pearl Harbor Raid, many times (the turn-1 stages, fuel, pursuit)."""
    carriers = ("akagi", "kaga", "shokaku", "zuikaku", "soryu", "hiryu", "kirishima", "hiei")
    for seed in range(40):
        rng = random.Random(seed)
        s, _ = play(GAME.new_state(), *[f"raid:{u}" for u in carriers], "done")
        s = testing.play_out(GAME, s, rng)
        assert isinstance(GAME.pause(s), End)
