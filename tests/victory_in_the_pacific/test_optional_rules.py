"""VITP optional rules (19-23) with scripted dice on the real board, in the South Pacific Ocean (touching Truk,
Lae and Guadalcanal; Lae is made Japanese here), plus random full games with each switch on."""
from __future__ import annotations

import json
import random

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Chance, Decision, End, check_answer
from kaisen.games.victory_in_the_pacific import GAME, air_strikes, combat, flow
from kaisen.games.victory_in_the_pacific.common import Ctx
from kaisen.games.victory_in_the_pacific.data import load
from kaisen.games.victory_in_the_pacific.state import VPState

D = load()
SEA = "south-pacific"
AT_SEA = "sea:" + SEA
FINISHED: list[str] = []


@pytest.fixture(autouse=True)
def _no_flow(monkeypatch, request):
    """Scripted fights stop at the end of the area's combat; the random full games run the real flow."""
    FINISHED.clear()
    if "random" in request.node.name or "turn_9_is_played" in request.node.name:
        return
    monkeypatch.setattr(combat, "_finish", lambda c, area: FINISHED.append(area))


def ctx(sea=(), ports=None, turn=1, options=(), **kw) -> Ctx:
    loc = {u: AT_SEA for u in sea}
    for base, units in (ports or {}).items():
        for u in units:
            loc[u] = "port:" + base
    bc = {b: bs.start for b, bs in D.bases.items()}
    bc["lae"] = "japan"
    s = VPState(loc=loc, base_control=bc, turn=turn, options=tuple(sorted((o, True) for o in options)), **kw)
    return Ctx(s, D)


def play(c: Ctx, *answers):
    for a in answers:
        p = combat.pause(c)
        combat.answer(c, check_answer(p, a))
    return combat.pause(c) if c.s.combat is not None else None


def ids(p) -> list[str]:
    assert isinstance(p, Decision), p
    return [o.id for o in p.options]


def random_games(options: dict, seeds) -> list[VPState]:
    """Full random games with the given switches (built straight from flow so that a switch under test need not
    be offered yet); every state on the way round-trips through JSON."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = flow.new_game(D, options)
        while not isinstance(p := GAME.pause(s), End):
            s = GAME.apply(s, testing.random_answer(p, rng))
        assert VPState.from_json(json.loads(json.dumps(s.to_json()))) == s
        out.append(s)
    return out


# -- 19 turn 9 and kamikaze attacks ------------------------------------------------------------------------------
def test_19_1_turn_9_is_played_and_19_3_japan_gets_a_poc_for_the_home_islands():
    games = random_games({"turn-9": True}, range(3))
    assert all(s.turn == 9 for s in games)
    from kaisen.games.victory_in_the_pacific import end_turn
    c = ctx(["kongo"], options=("turn-9",))
    c.s.loc = {"kongo": "sea:japanese-islands"}
    c.s.mode = {"kongo": "patrol"}
    end_turn.score_control(c)
    jp = D.areas["japanese-islands"].poc_japan
    assert c.s.poc_log[-1][1] == jp + 1


def test_19_21_land_based_air_attacks_as_kamikaze_with_the_bonus_and_is_eliminated():
    c = ctx(["air-flotilla-21", "arizona"], turn=9, options=("turn-9",))
    combat.start(c, SEA)
    p = play(c, "day", "day")
    assert isinstance(p, Chance) and "with the attack bonus" in p.reason           # 19.21 (normally none, 12.22)
    p = play(c, (1, 4, 1))                  # 4 + 1: the bonus disables Arizona
    assert p is None
    assert c.s.loc["air-flotilla-21"] == "returning"                                 # eliminated after the action
    assert c.s.loc["arizona"] == "home:" + SEA


def test_19_21_no_kamikaze_before_turn_9_or_without_the_switch():
    for turn, opts in ((8, ("turn-9",)), (9, ())):
        c = ctx(["air-flotilla-21", "arizona"], turn=turn, options=opts)
        combat.start(c, SEA)
        p = play(c, "day", "day")
        assert "bonus" not in p.reason
        play(c, (1, 1, 1))
        assert c.s.loc["air-flotilla-21"] == AT_SEA


def test_19_22_carriers_declared_kamikaze_at_the_start_of_each_day_action_are_removed_after_it():
    c = ctx(["akagi", "kongo", "lexington"], turn=9, options=("turn-9",))
    combat.start(c, SEA)
    p = play(c, "day", "day")
    assert p.side == "japan" and ids(p) == ["kamikaze:akagi", "normal:akagi"]       # 19.22
    p = play(c, "kamikaze:akagi")
    assert isinstance(p, Chance) and p.reason == "Akagi fires 4 shot(s) at Lexington with the attack bonus"
    play(c, (1, 1, 1, 1), "target:lexington:akagi", (1, 1, 1, 1))
    assert c.s.loc["akagi"] == "removed" and c.s.loc["lexington"] == AT_SEA


def test_19_22_a_carrier_attacking_normally_stays_and_is_asked_again_next_day_action():
    c = ctx(["akagi", "kongo", "lexington"], turn=9, options=("turn-9",))
    combat.start(c, SEA)
    p = play(c, "day", "day", "normal:akagi")
    assert "bonus" not in p.reason
    p = play(c, (1, 1, 1, 1), "target:lexington:akagi", (1, 1, 1, 1), "stay", "stay")
    assert ids(p) == ["day", "night"]
    p = play(c, "day", "day")
    assert ids(p) == ["kamikaze:akagi", "normal:akagi"]
    assert c.s.loc["akagi"] == AT_SEA


def test_19_22_no_kamikaze_question_at_night():
    c = ctx(["akagi", "kongo", "lexington"], turn=9, options=("turn-9",))
    combat.start(c, SEA)
    p = play(c, "night", "night", "hold:lexington")
    assert p.side == "japan" and not any(i.startswith("kamikaze") for i in ids(p))


@pytest.mark.parametrize("chunk", range(3))
def test_19_random_games_with_turn_9_finish(chunk):
    games = random_games({"turn-9": True}, range(chunk * 10, chunk * 10 + 10))
    assert all(s.turn == 9 and s.result is not None for s in games)


# -- 21 the US battleship bonus ------------------------------------------------------------------------------------
def test_21_us_battleships_fire_with_the_bonus_from_turn_7_with_the_switch():
    for turn, opts, bonus in ((7, ("us-battleship-bonus",), True), (6, ("us-battleship-bonus",), False),
                              (7, (), False)):
        c = ctx(["kongo", "arizona"], turn=turn, options=opts)
        assert c.gunnery_bonus("arizona") is bonus
        combat.start(c, SEA)
        p = play(c, "night", "night", (1, 1, 1, 1))
        assert ("with the attack bonus" in p.reason) is bonus and "Arizona" in p.reason
    c = ctx(["arizona"], turn=7, options=("us-battleship-bonus",), damage={"arizona": 1})
    assert not c.gunnery_bonus("arizona")                                        # 7.72 damage loses it
    assert not ctx(turn=8, options=("us-battleship-bonus",)).gunnery_bonus("kongo")   # Japanese: printed only


# -- 22 invasion combat ---------------------------------------------------------------------------------------------
IC = ("invasion-combat",)


def test_22_4_a_lone_garrison_fires_one_shot_and_one_hit_takes_the_island():
    c = ctx(["1st-marines"], options=IC)
    combat.start(c, SEA)
    p = play(c, "invade:1st-marines:lae")
    assert isinstance(p, Chance) and p.reason == "1st Marines fires 4 shot(s) at the garrison of Lae on Lae"
    p = play(c, (5, 1, 1, 1))                       # a 5 does nothing on the island
    assert p.reason == "the garrison of Lae fires 1 shot(s) at 1st Marines on Lae"
    p = play(c, (6,))                               # one hit: one damage point, no damage die (22.3)
    assert c.s.damage["1st-marines"] == 1 and c.s.base_control["lae"] == "japan"
    assert p.reason == "1st Marines fires 3 shot(s) at the garrison of Lae on Lae"       # 22.2 armor less damage
    play(c, (1, 6, 1), (1,))
    assert c.s.base_control["lae"] == "allies" and c.s.loc["1st-marines"] == "port:lae"   # 22.4
    assert FINISHED == [SEA]


def test_22_4_the_garrison_is_attacked_only_when_it_is_the_last_defender_and_22_2_shots_fall_with_damage():
    c = ctx(["1st-marines", "2nd-marines"], ports={"lae": ["yokosuka-snlf"]}, options=IC)
    combat.start(c, SEA)
    p = play(c, "invade:1st-marines:lae", "invade:2nd-marines:lae")
    assert p.side == "japan" and ids(p) == ["itarget:yokosuka-snlf:1st-marines", "itarget:yokosuka-snlf:2nd-marines"]
    p = play(c, "itarget:yokosuka-snlf:1st-marines")
    assert ids(p) == ["itarget:garrison:1st-marines", "itarget:garrison:2nd-marines"]
    p = play(c, "itarget:garrison:2nd-marines")
    assert c.s.combat.assign["1st-marines"] == "yokosuka-snlf" == c.s.combat.assign["2nd-marines"]
    p = play(c, (6, 6, 1, 1), (1, 1, 1, 1))
    assert p.reason == "Yokosuka SNLF fires 3 shot(s) at 1st Marines on Lae"
    p = play(c, (6, 1, 1), (1,))
    assert c.s.damage == {"yokosuka-snlf": 2, "1st-marines": 1}
    p = play(c, "itarget:yokosuka-snlf:2nd-marines", "itarget:garrison:2nd-marines")
    assert p.reason == "1st Marines fires 3 shot(s) at Yokosuka SNLF on Lae"
    p = play(c, (6, 1, 1), (1, 1, 1, 1))
    assert p.reason == "Yokosuka SNLF fires 1 shot(s) at 2nd Marines on Lae"
    play(c, (1,), (1,))
    assert c.s.loc["yokosuka-snlf"] == "returning"            # no shots left: eliminated (22.1)
    p = combat.pause(c)
    assert isinstance(p, Decision) and ids(p) == ["itarget:garrison:1st-marines", "itarget:garrison:2nd-marines"]
    assert c.s.combat.assign["1st-marines"] == "garrison"     # now the garrison is the target
    play(c, "itarget:garrison:1st-marines", (1, 1, 1), (6, 1, 1, 1), (6,))
    assert c.s.base_control["lae"] == "allies"
    assert c.s.loc["2nd-marines"] == "port:lae" and c.s.loc["1st-marines"] == "port:lae"
    assert c.s.damage["1st-marines"] == 2                     # fire is simultaneous: its last hit still lands


def test_22_1_an_invasion_that_runs_out_of_invaders_fails():
    c = ctx(["1st-marines"], options=IC, damage={"1st-marines": 3})
    combat.start(c, SEA)
    p = play(c, "invade:1st-marines:lae")
    assert p.reason == "1st Marines fires 1 shot(s) at the garrison of Lae on Lae"
    assert play(c, (1,), (6,)) is None
    assert c.s.loc["1st-marines"] == "returning" and c.s.base_control["lae"] == "japan"


def test_22_without_the_switch_13_4_still_trades_units():
    c = ctx(["1st-marines"])
    combat.start(c, SEA)
    play(c, "invade:1st-marines:lae")
    assert c.s.loc["1st-marines"] == "returning" and c.s.base_control["lae"] == "allies"


def test_22_json_round_trip_in_the_middle_of_an_island_fight():
    c = ctx(["1st-marines"], ports={"lae": ["yokosuka-snlf"]}, options=IC)
    combat.start(c, SEA)
    play(c, "invade:1st-marines:lae", (6, 1, 1, 1))
    s2 = VPState.from_json(json.loads(json.dumps(c.s.to_json())))
    assert s2 == c.s and s2.combat.isle == "lae" and s2.combat.invaders == ("1st-marines",)


def test_22_5_73_end_of_turn_invasion_is_fought_out_too(monkeypatch):
    from kaisen.games.victory_in_the_pacific import end_turn, island_combat
    seen = []
    monkeypatch.setattr(end_turn, "next_invasion", lambda c: seen.append(c.s.combat))
    c = ctx(["1st-marines"], options=IC)
    island_combat.begin_end_of_turn(c, "lae", ["1st-marines"])     # set up here; flow runs it (combat.run)
    combat.run(c)
    assert c.s.step == "cbt" and c.s.combat.special == "endturn"
    play(c, (6, 1, 1, 1), (1,))
    assert c.done == ("island-over",) and seen == []      # the procedure says it is finished; flow goes on
    flow.proceed(c)
    assert seen == [None] and c.s.base_control["lae"] == "allies" and c.s.loc["1st-marines"] == "port:lae"


@pytest.mark.parametrize("chunk", range(3))
def test_22_random_games_with_invasion_combat_finish(chunk):
    games = random_games({"invasion-combat": True}, range(chunk * 10, chunk * 10 + 10))
    assert all(s.result is not None for s in games)


# -- 23 air strike damage --------------------------------------------------------------------------------------------
AS = ("air-strike-damage",)


def test_23_3_japan_then_the_allies_say_which_airstrikes_attack_or_defend():
    c = ctx(["akagi", "lexington"], options=AS)
    combat.start(c, SEA)
    p = play(c, "day", "day")
    assert p.side == "japan" and ids(p) == ["attack:akagi", "defend:akagi"]
    p = play(c, "attack:akagi")
    assert p.side == "allies" and ids(p) == ["attack:lexington", "defend:lexington"]


def test_23_31_23_32_a_defending_airstrike_hits_only_attacking_ones_as_it_would_land_based_air():
    assert D.units["nagato"].type == "BB" and D.units["kongo"].type == "BC"
    c = ctx(["akagi", "nagato", "kongo", "lexington", "boston"], options=AS)
    combat.start(c, SEA)
    p = play(c, "day", "day", "defend:akagi", "attack:lexington")
    assert p.reason == "Akagi fires 4 shot(s) at Lexington"                     # no bonus, the only target
    p = play(c, (6, 5, 1, 1))                                                   # a 5 does nothing (23.32)
    assert isinstance(p, Chance) and p.dice == (6,)
    p = play(c, (2,))
    assert c.s.damage == {"air:lexington": 2}                                  # at once, on the airstrike only
    assert c.s.combat.dis == ()
    # the attacking airstrikes now: Lexington's 2 factors pick a target; Akagi is attacked, Nagato is not
    assert ids(p) == ["target:lexington:akagi", "target:lexington:kongo", "target:lexington:nagato"]
    p = play(c, "target:lexington:akagi")
    # 23.34 Akagi shoots back; 23.35 Nagato (a battleship nobody attacks) adds one shot; Kongo (BC) does not
    assert isinstance(p, Chance) and p.dice == (6, 6) and "Akagi, Nagato" in p.reason
    p = play(c, (6, 1), (1,))
    assert c.s.damage["air:lexington"] == 3
    assert p.reason == "Lexington fires 1 shot(s) at Akagi"                     # 23.37: what is left
    play(c, (1,))
    assert c.s.loc["lexington"] == AT_SEA


def test_23_4_a_carrier_that_loses_all_its_airstrike_is_disabled_and_cannot_fire():
    c = ctx(["akagi", "lexington"], options=AS, damage={"air:lexington": 3})
    assert air_strikes.strike(c, "lexington") == 1
    combat.start(c, SEA)
    p = play(c, "day", "day", "defend:akagi", "attack:lexington", (6, 1, 1, 1), (1,))
    assert c.s.damage["air:lexington"] == 4                                   # capped at its airstrike factor
    assert c.s.loc["lexington"] == "home:" + SEA                              # 23.4 disabled at the action's end


def test_23_1_hull_damage_leaves_the_airstrike_and_23_2_land_based_air_keeps_full_strength():
    c = ctx(["lexington", "air-flotilla-21"], options=AS, damage={"lexington": 3, "air-flotilla-21": 3})
    assert c.airstrike("lexington") == 0 and air_strikes.strike(c, "lexington") == 4  # 23.1 (7.73 replaced)
    assert air_strikes.strike(c, "air-flotilla-21") == 3                             # until eliminated
    air_strikes.hurt(c, "air-flotilla-21", 1, "23.32")
    assert c.s.loc["air-flotilla-21"] == "returning"
    c2 = ctx(["lexington"], damage={"lexington": 3})
    assert air_strikes.strike(c2, "lexington") == 0                                # without the switch: 7.73


def test_23_no_stances_by_night_nor_without_the_switch():
    c = ctx(["akagi", "lexington"])
    combat.start(c, SEA)
    assert isinstance(play(c, "day", "day"), Chance)
    c = ctx(["akagi", "kongo", "lexington"], options=AS)
    combat.start(c, SEA)
    p = play(c, "night", "night")
    assert ids(p) == ["fire:lexington", "hold:lexington"]


def test_23_5_airstrikes_and_eliminated_air_units_are_rebuilt_with_repair_points_and_stay_in_port():
    from kaisen.games.victory_in_the_pacific import end_turn
    c = ctx(ports={"pearl-harbor": ["lexington"]}, turn=3, options=AS, damage={"air:lexington": 2})
    c.s.place("5th-air-force", "returning")
    c.s.edit("back")["5th-air-force"] = 4
    end_turn.no_automatic_return(c)
    assert "5th-air-force" not in c.s.back                                    # no automatic return
    opts = [o.id for o in end_turn.rebuild_options(c, "allies")]
    assert "rebuild:lexington" in opts and "rebuild:5th-air-force:pearl-harbor" in opts
    end_turn.rebuild(c, "rebuild:lexington")
    assert c.s.damage == {"air:lexington": 1} and c.s.repaired["pearl-harbor"] == 1
    assert "lexington" in c.s.moved                                           # it stays in port this turn
    end_turn.rebuild(c, "rebuild:5th-air-force:pearl-harbor")
    assert c.s.loc["5th-air-force"] == "port:pearl-harbor" and c.s.repaired["pearl-harbor"] == 3
    assert "5th-air-force" in c.s.moved
    assert not end_turn.rebuild_options(ctx(ports={"pearl-harbor": ["lexington"]}, turn=3,
                                            damage={"air:lexington": 2}), "allies")


@pytest.mark.parametrize("chunk", range(3))
def test_23_random_games_with_air_strike_damage_finish(chunk):
    games = random_games({"air-strike-damage": True}, range(chunk * 10, chunk * 10 + 10))
    assert all(s.result is not None for s in games)


@pytest.mark.parametrize("chunk", range(3))
def test_random_games_with_every_switch_on_finish(chunk):
    opts = {"turn-9": True, "invasion-combat": True, "air-strike-damage": True, "us-battleship-bonus": True,
            "task-forces": True}
    games = random_games(opts, range(100 + chunk * 10, 100 + chunk * 10 + 10))
    assert all(s.turn == 9 and s.result is not None for s in games)


def test_every_built_switch_is_offered():
    assert {o.id for o in GAME.options} == {"turn-9", "task-forces", "invasion-combat", "air-strike-damage",
                                            "us-battleship-bonus"}
    s = GAME.new_state(options={"air-strike-damage": True})
    assert s.option("air-strike-damage") and not s.option("turn-9")


# -- 20 task forces and sighting ---------------------------------------------------------------------------------------
TF = ("task-forces",)


def test_20_2_to_20_6_task_forces_sighting_a_day_action_then_a_night_action():
    c = ctx(["kongo", "akagi", "lexington", "arizona"], options=TF, mode={"kongo": "patrol"})
    combat.start(c, SEA)
    p = combat.pause(c)
    assert p.side == "japan" and ids(p) == ["tf:kongo:J1", "tf:kongo:J2"]          # 20.2 Akagi started J1
    p = play(c, "tf:kongo:J2")
    assert p.side == "allies" and ids(p) == ["tf:lexington:A1", "tf:lexington:A2"]
    p = play(c, "tf:lexington:A1")
    assert p.side == "japan" and ids(p) == ["atk:J1", "hold:J1"]                   # 20.3
    p = play(c, "atk:J1", "hold:J2", "atk:A1")
    assert isinstance(p, Chance) and p.dice == (6, 6, 6)
    assert p.reason == ("Sighting: one die for task force J1 (sighted on 1-4), J2 (sighted on 1-3), "
                        "A1 (sighted on 1-4)")                                       # 20.42, 20.43, 20.42
    p = play(c, (5, 3, 2))
    assert c.s.combat.sighted == ("J2", "A1")
    # 20.5 day: Akagi (attacking) may attack the sighted A1; Lexington may attack only the sighted J2 (Kongo)
    assert ids(p) == ["target:akagi:arizona", "target:akagi:lexington"]
    p = play(c, "target:akagi:arizona")
    assert p.reason.startswith("Akagi fires 4 shot(s) at Arizona")
    p = play(c, (1, 1, 1, 1))
    assert p.reason == "Lexington fires 4 shot(s) at Kongo"
    p = play(c, (1, 1, 1, 1))
    # 20.6 night: Japan may add its unsighted attacking J1; it keeps it out
    assert p.side == "japan" and ids(p) == ["add:J1", "out:J1"]
    p = play(c, "out:J1")
    assert ids(p) == ["fire:lexington", "hold:lexington"]
    p = play(c, "hold:lexington")
    # Kongo's J2 is not attacking, Akagi is out: only Arizona fires, and only at the sighted Kongo
    assert isinstance(p, Chance) and p.reason == "Arizona fires 4 shot(s) at Kongo"


def test_20_6_only_sighted_or_added_task_forces_may_be_attacked_at_night():
    for allies_add in (False, True):
        c = ctx(["kongo", "arizona"], options=TF)
        combat.start(c, SEA)
        p = play(c, "atk:J1", "atk:A1", (5, 6))
        assert c.s.combat.sighted == ()
        assert p.side == "japan" and ids(p) == ["add:J1", "out:J1"]         # nothing to do by day
        p = play(c, "add:J1")
        assert p.side == "allies" and ids(p) == ["add:A1", "out:A1"]
        p = play(c, "add:A1" if allies_add else "out:A1")
        if allies_add:
            assert p.reason == "Kongo fires 4 shot(s) at Arizona"
        else:
            assert ids(p) == ["stay", "retreat"]                          # Arizona out of reach, not firing


def test_20_41_land_based_air_is_always_sighted_and_20_7_only_declared_invaders_invade():
    c = ctx(["kongo", "5th-air-force", "1st-marines"], options=TF)
    combat.start(c, SEA)
    p = play(c, "tf:5th-air-force:A2", "hold:J1", "hold:A2")
    assert ids(p) == ["inv:1st-marines", "no:1st-marines"]
    p = play(c, "no:1st-marines")
    assert isinstance(p, Chance) and p.reason == ("Sighting: one die for task force J1 (sighted on 1-2), "
                                                  "A1 (sighted on 1-2)")
    assert c.s.combat.sighted == ("A2",)                      # the air unit's task force
    p = play(c, (6, 6), "stay", "stay")
    assert p.side == "allies" and ids(p) == ["land:1st-marines:guadalcanal", "stay:1st-marines"]


def test_20_41_a_declared_invader_is_sighted_and_may_invade():
    c = ctx(["kongo", "1st-marines"], options=TF)
    combat.start(c, SEA)
    p = play(c, "hold:J1", "inv:1st-marines")
    assert c.s.combat.sighted == ("A1",) and p.dice == (6,)
    p = play(c, (6,), "stay", "stay")
    assert "invade:1st-marines:lae" in ids(p)


def test_20_8_partial_retreat_pursuers_never_rejoin_the_main_battle():
    c = ctx(["kongo", "haruna", "arizona", "boston"], options=TF)
    combat.start(c, SEA)
    p = play(c, "tf:kongo:J1", "tf:boston:A1", "hold:J1", "hold:A1", (6, 6))
    assert ids(p) == ["stay", "retreat", "partial"]
    p = play(c, "partial")
    assert ids(p) == ["flee:haruna", "keep:haruna"]
    p = play(c, "flee:haruna", "keep:kongo")
    assert ids(p) == ["pursue:boston:g1", "stay:boston"]     # no air raid; Arizona is too slow to be asked
    p = play(c, "pursue:boston:g1", "night", "night", (1, 1, 1, 1), (1,))
    assert ids(p) == ["pursue:boston:g1", "stop:boston"]
    p = play(c, "stop:boston")
    assert c.s.loc["haruna"] == "home:" + SEA and c.s.loc["boston"] == AT_SEA
    assert c.s.combat.detached == ("boston",)
    assert c.s.combat.round == 2 and c.s.combat.tfs == {"J1": ("kongo",), "A1": ("arizona",)}   # Boston left out
    assert isinstance(p, Decision) and ids(p) == ["atk:J1", "hold:J1"]


def test_20_json_round_trip_with_task_forces():
    c = ctx(["kongo", "akagi", "lexington", "arizona"], options=TF)
    combat.start(c, SEA)
    play(c, "tf:kongo:J2", "tf:lexington:A1", "atk:J1", "hold:J2", "atk:A1", (5, 3, 2))
    s2 = VPState.from_json(json.loads(json.dumps(c.s.to_json())))
    assert s2 == c.s and s2.combat.tfs == {"J1": ("akagi",), "J2": ("kongo",), "A1": ("arizona", "lexington")}


@pytest.mark.parametrize("chunk", range(3))
def test_20_random_games_with_task_forces_finish(chunk):
    games = random_games({"task-forces": True}, range(chunk * 10, chunk * 10 + 10))
    assert all(s.result is not None for s in games)


def test_random_record_with_every_switch_on_replays_to_the_identical_state():
    from kaisen.engine.match import Match
    from kaisen.engine.record import Record, replay
    opts = {"turn-9": True, "invasion-combat": True, "air-strike-damage": True, "us-battleship-bonus": True,
            "task-forces": True}
    m = Match(GAME, options=opts, seed=7)
    rng = random.Random(7)
    m.run(lambda d: rng.choice(d.options).id)
    state, events = replay(GAME, Record.loads(m.record.dumps(), expect_game=GAME.id), collect_events=True)
    assert GAME.to_json(state) == GAME.to_json(m.state) and m.state.turn == 9
    assert [e.text for e in events] == [e.text for e in m.log]
    for side in ("japan", "allies"):
        assert GAME.sample_state(GAME.view(m.state, side), random.Random(0)) == m.state
