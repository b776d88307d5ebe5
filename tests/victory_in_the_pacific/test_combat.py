"""VITP combat (7, 8, 9, 13, 16) with scripted dice on the real board, in the South Pacific Ocean (touching
Truk, Lae and Guadalcanal; Lae is made Japanese here)."""
from __future__ import annotations

import json

import msgspec
import pytest

from kaisen.engine.core import Chance, Decision, check_answer
from kaisen.games.victory_in_the_pacific import combat
from kaisen.games.victory_in_the_pacific.combat import Combat
from kaisen.games.victory_in_the_pacific.common import Ctx
from kaisen.games.victory_in_the_pacific.data import load
from kaisen.games.victory_in_the_pacific.state import VPState

D = load()
SEA = "south-pacific"
AT_SEA = "sea:" + SEA
FINISHED: list[str] = []

# The values these tests lean on (units.toml): Kongo, Haruna 4 gunnery, armor 3, speed 6; Akagi 1 gunnery,
# 4 airstrike, armor 4, speed 6; Myoko, Nachi 1 gunnery with the bonus, armor 2, speed 7; Arizona 4 gunnery,
# armor 4, speed 3; Lexington 1 gunnery, 4 airstrike, armor 3, speed 7; Boston 1 gunnery, armor 2, speed 7;
# air flotillas 3 airstrike, defense 4; 5th Air Force 2 airstrike, defense 4; marines / SNLF armor 4 / 3.


@pytest.fixture(autouse=True)
def _no_flow(monkeypatch):
    FINISHED.clear()
    monkeypatch.setattr(combat, "_finish", lambda c, area: FINISHED.append(area))


def test_the_values_used_here():
    u = D.units
    assert (u["kongo"].gunnery, u["kongo"].armor, u["kongo"].speed) == (4, 3, 6)
    assert (u["akagi"].gunnery, u["akagi"].airstrike, u["akagi"].armor, u["akagi"].speed) == (1, 4, 4, 6)
    assert (u["myoko"].gunnery, u["myoko"].gunnery_bonus, u["myoko"].armor) == (1, True, 2)
    assert (u["arizona"].gunnery, u["arizona"].armor, u["arizona"].speed) == (4, 4, 3)
    assert (u["lexington"].gunnery, u["lexington"].airstrike, u["lexington"].armor, u["lexington"].speed) \
        == (1, 4, 3, 7)
    assert (u["boston"].armor, u["boston"].speed) == (2, 7)
    assert u["5th-air-force"].defense == 4 and u["1st-marines"].armor == 4
    assert sorted(D.touching(SEA)) == ["guadalcanal", "lae", "truk"]


def ctx(sea=(), ports=None, control=None, data=D, **kw) -> Ctx:
    loc = {u: AT_SEA for u in sea}
    for base, units in (ports or {}).items():
        for u in units:
            loc[u] = "port:" + base
    bc = {b: bs.start for b, bs in D.bases.items()}
    bc["lae"] = "japan"
    s = VPState(loc=loc, base_control=bc, control=control or {}, **kw)
    return Ctx(s, data)


class Patched:
    """The rules data with some unit values changed (for a mechanism no printed counter shows)."""

    def __init__(self, d, **changes):
        self._d = d
        self.units = dict(d.units)
        for u, ch in changes.items():
            self.units[u.replace("_", "-")] = msgspec.structs.replace(d.units[u.replace("_", "-")], **ch)

    def __getattr__(self, name):
        return getattr(self._d, name)


def play(c: Ctx, *answers):
    """Answer the pauses in order (each checked against what is asked); returns the next pause or None."""
    for a in answers:
        p = combat.pause(c)
        combat.answer(c, check_answer(p, a))
    return combat.pause(c) if c.s.combat is not None else None


def ids(p) -> list[str]:
    assert isinstance(p, Decision), p
    return p.ids()


# -- 7.3 day or night -----------------------------------------------------------------------------------
def test_7_3_japan_asked_first_and_its_choice_is_told_only_to_japan():
    c = ctx(["kongo", "arizona"])
    combat.start(c, SEA)
    p = combat.pause(c)
    assert isinstance(p, Decision) and p.side == "japan" and ids(p) == ["day", "night"]
    c.ev.clear()
    p = play(c, "night")
    assert p.side == "allies"
    assert c.s.combat.choice == {"japan": "night"}
    assert all(e.private_to == "japan" for e in c.ev)


def test_7_31_agreement_fights_that_action():
    c = ctx(["kongo", "arizona"])
    combat.start(c, SEA)
    p = play(c, "night", "night")
    assert c.s.combat.actions == ("night",)
    assert isinstance(p, Chance) and "Kongo" in p.reason


def test_7_32_day_and_control_each_add_one():
    c = ctx(["kongo", "arizona"], control={SEA: "allies"})
    combat.start(c, SEA)
    p = play(c, "day", "night")
    assert isinstance(p, Chance) and p.dice == (6, 6)
    cb = c.s.combat
    assert combat.roll_total(c, cb, "japan", 3) == 4          # +1 wants day
    assert combat.roll_total(c, cb, "allies", 4) == 5         # +1 controls the area
    play(c, (3, 4))
    assert cb.actions == ("night",)


def test_7_32_day_and_control_together_add_two():
    c = ctx(["kongo", "arizona"], control={SEA: "japan"})
    combat.start(c, SEA)
    play(c, "day", "night", (2, 4))                             # 2+2 = 4 vs 4: a tie
    assert c.s.combat.actions == ("day", "night")
    c2 = ctx(["kongo", "arizona"], control={SEA: "japan"})
    combat.start(c2, SEA)
    play(c2, "day", "night", (3, 4))                            # 5 vs 4
    assert c2.s.combat.actions == ("day",)


def test_7_33_tie_is_day_then_night():
    c = ctx(["kongo", "akagi", "arizona"])
    combat.start(c, SEA)
    p = play(c, "night", "day", (4, 3))                         # Allies 3+1 = 4 = Japan 4
    assert c.s.combat.actions == ("day", "night")
    assert isinstance(p, Chance) and "Akagi" in p.reason     # the day action comes first: airstrikes
    p = play(c, (1, 1, 1, 1))
    # day action over: the night action follows; Akagi (gunnery 1) may hold its guns (7.424)
    assert c.s.combat.act == 1
    assert ids(p) == ["target:akagi:arizona", "target:akagi:-"]
    p = play(c, "target:akagi:-")
    assert isinstance(p, Chance) and "Kongo fires 4" in p.reason


# -- 7.4 targets --------------------------------------------------------------------------------------------
def test_7_4_one_possible_target_is_not_asked():
    c = ctx(["kongo", "arizona", "5th-air-force"])
    combat.start(c, SEA)
    p = play(c, "night", "night")
    assert isinstance(p, Chance) and p.reason.startswith("Kongo fires 4 shot(s) at Arizona")


def test_7_422_7_424_night_targets_without_firing_carrier():
    c = ctx(["kongo", "arizona", "lexington", "1st-marines", "5th-air-force"])
    combat.start(c, SEA)
    p = play(c, "night", "night")
    assert p.side == "allies" and ids(p) == ["fire:lexington", "hold:lexington"]
    p = play(c, "hold:lexington")
    # one Japanese attacker: Lexington (not firing) needs Arizona attacked too; the amphibious unit needs all
    # ships attacked; land-based air can never be attacked at night: only Arizona is left, asked of nobody
    assert isinstance(p, Chance) and "at Arizona" in p.reason


def test_7_424_a_firing_carrier_may_be_attacked():
    c = ctx(["kongo", "arizona", "lexington", "1st-marines"])
    combat.start(c, SEA)
    p = play(c, "night", "night", "fire:lexington")
    assert ids(p) == ["target:kongo:arizona", "target:kongo:lexington"]


def test_7_423_7_424_two_attackers_can_cover_the_conditions():
    c = ctx(["kongo", "haruna", "arizona", "lexington", "1st-marines"])
    combat.start(c, SEA)
    p = play(c, "night", "night", "hold:lexington")
    assert ids(p) == ["target:haruna:arizona", "target:haruna:lexington"]   # amph would need 2 more
    p = play(c, "target:haruna:lexington")
    assert isinstance(p, Chance)                          # Kongo must take Arizona: not asked
    assert c.s.combat.assign == {"haruna": "lexington", "kongo": "arizona"}
    c2 = ctx(["kongo", "haruna", "arizona", "1st-marines"])
    combat.start(c2, SEA)
    p = play(c2, "night", "night")
    assert ids(p) == ["target:haruna:1st-marines", "target:haruna:arizona"]
    p = play(c2, "target:haruna:1st-marines")
    assert c2.s.combat.assign == {"haruna": "1st-marines", "kongo": "arizona"}


def test_7_424_japanese_carrier_holding_fire_cannot_be_attacked_by_the_allies():
    c = ctx(["kongo", "akagi", "arizona"])
    combat.start(c, SEA)
    p = play(c, "night", "night")
    assert ids(p) == ["target:akagi:arizona", "target:akagi:-"]
    p = play(c, "target:akagi:-", (1, 1, 1, 1))
    # Arizona fires: Kongo is a non-carrier it must attack before Akagi could be; one attacker: not asked
    assert isinstance(p, Chance) and "at Kongo" in p.reason


def test_7_412_day_targets_include_land_based_air():
    c = ctx(["akagi", "arizona", "5th-air-force"])
    combat.start(c, SEA)
    p = play(c, "day", "day")
    assert ids(p) == ["target:akagi:5th-air-force", "target:akagi:arizona"]


# -- 7.5 resolution -------------------------------------------------------------------------------------------
def test_7_535_bonus_turns_4_into_disable_and_5_into_hit():
    c = ctx()
    assert combat.shot_result(c, "arizona", 4, True) == "disable"
    assert combat.shot_result(c, "arizona", 5, True) == "hit"
    assert combat.shot_result(c, "arizona", 4, False) == ""
    assert combat.shot_result(c, "arizona", 5, False) == "disable"
    assert combat.shot_result(c, "5th-air-force", 5, False) == ""          # 7.531: air ignores a 5


def test_7_535_bonus_in_play_and_7_6_results_wait_for_the_end_of_the_action():
    c = ctx(["myoko", "nachi", "arizona"])
    combat.start(c, SEA)
    p = play(c, "night", "night")
    assert p.reason == "Myoko fires 1 shot(s) at Arizona with the attack bonus"
    p = play(c, (4,))                    # 4+1 disables
    assert "Nachi" in p.reason
    p = play(c, (5,))                    # 5+1 hits
    assert isinstance(p, Chance) and p.dice == (6,)
    p = play(c, (3,))
    assert ids(p) == ["target:arizona:myoko", "target:arizona:nachi"]       # Arizona still fires back
    assert c.s.combat.dmg == {"arizona": 3} and c.s.combat.dis == ("arizona",)
    assert c.s.damage == {} and c.s.loc["arizona"] == AT_SEA               # not yet in effect
    play(c, "target:arizona:myoko", (1, 1, 1, 1))
    assert c.s.loc["arizona"] == "home:south-pacific" and c.s.damage["arizona"] == 3


def test_12_21_12_22_no_bonus_against_land_based_air_nor_for_it():
    c = ctx(["akagi", "air-flotilla-21", "5th-air-force", "arizona"],
            data=Patched(D, akagi={"airstrike_bonus": True}, air_flotilla_21={"airstrike_bonus": True}))
    cb = Combat(SEA, actions=("day",))
    assert combat.has_bonus(c, cb, "akagi", "arizona")
    assert not combat.has_bonus(c, cb, "akagi", "5th-air-force")          # 12.22
    assert not combat.has_bonus(c, cb, "air-flotilla-21", "arizona")      # 12.21
    combat.start(c, SEA)
    p = play(c, "day", "day", "target:air-flotilla-21:arizona", "target:akagi:5th-air-force")
    assert p.reason == "21st Air Flotilla fires 3 shot(s) at Arizona"
    p = play(c, (1, 1, 1))
    assert p.reason == "Akagi fires 4 shot(s) at 5th Air Force"


def test_7_6_simultaneous_fire_and_7_533_sinking():
    c = ctx(["akagi", "lexington"])
    combat.start(c, SEA)
    play(c, "day", "day", (6, 1, 1, 1), (4,))    # Akagi: one hit, 4 damage > armor 3
    p = combat.pause(c)
    assert isinstance(p, Chance) and "Lexington fires 4" in p.reason   # it still fires back
    play(c, (6, 6, 1, 1), (1, 3))                # Lexington: 4 damage on Akagi = armor: afloat
    assert c.s.loc["lexington"] == "sunk"
    assert c.s.loc["akagi"] == AT_SEA and c.s.damage["akagi"] == 4
    assert FINISHED == [SEA]


def test_7_7_damage_effects():
    c = ctx(["akagi", "kongo", "myoko"])
    c.s.edit("damage").update(akagi=4, kongo=2)
    assert c.speed("akagi") == 2 and c.speed("kongo") == 4                           # 7.71
    assert c.gunnery_bonus("myoko")
    c.s.edit("damage")["myoko"] = 1
    assert not c.gunnery_bonus("myoko")                                              # 7.72
    assert c.crippled("akagi") and c.airstrike("akagi") == 0 and c.gunnery("akagi") == 1   # 7.73
    assert not c.crippled("kongo") and c.gunnery("kongo") == 4
    c.s.edit("damage")["kongo"] = 6
    assert c.speed("kongo") == 1                                                     # never below 1


def test_7_533_7_534_sinking_thresholds_ship_versus_air():
    c = ctx()
    assert not combat.sinks(c, "arizona", 4) and combat.sinks(c, "arizona", 5)
    assert not combat.sinks(c, "5th-air-force", 3) and combat.sinks(c, "5th-air-force", 4)
    assert not combat.sinks(c, "1st-marines", 4) and combat.sinks(c, "1st-marines", 5)


def test_7_62_disabled_goes_home_and_7_64_sunk_beats_disabled():
    c = ctx(["akagi", "kongo", "arizona", "boston"])
    combat.start(c, SEA)
    play(c, "day", "day")        # only Akagi attacks by day; Allies have no airstrikes
    p = play(c, "target:akagi:boston", (5, 6, 1, 1), (3,))   # disabled and 3 damage > armor 2
    assert c.s.loc["boston"] == "sunk"
    c2 = ctx(["akagi", "arizona"])
    combat.start(c2, SEA)
    play(c2, "day", "day", (5, 6, 1, 1), (2,))
    assert c2.s.loc["arizona"] == "home:south-pacific" and c2.s.damage["arizona"] == 2   # 7.64 damage, then home


# -- 16 submarines ------------------------------------------------------------------------------------------
def test_16_submarine_shot_with_bonus_after_the_round():
    c = ctx(["kongo", "arizona", "i-boat"])
    combat.start(c, SEA)
    p = play(c, "night", "night", (1, 1, 1, 1), (1, 1, 1, 1))
    assert p.side == "japan" and ids(p) == ["sub:i-boat:arizona", "wait:i-boat"]
    p = play(c, "sub:i-boat:arizona")
    assert "attack bonus" in p.reason
    p = play(c, (5,))                      # 5+1: a hit, effect at once
    play(c, (5,))
    assert c.s.loc["arizona"] == "sunk"
    assert "i-boat" in c.s.sub_used and c.s.loc["i-boat"] == "home:south-pacific"
    assert FINISHED == [SEA] and c.s.combat is None


def test_16_submarine_may_wait_and_attacks_only_once():
    c = ctx(["kongo", "arizona", "i-boat"])
    combat.start(c, SEA)
    p = play(c, "night", "night", (1, 1, 1, 1), (1, 1, 1, 1), "wait:i-boat")
    assert ids(p) == ["stay", "retreat"]
    c2 = ctx(["kongo", "arizona", "i-boat"], sub_used=frozenset({"i-boat"}))
    combat.start(c2, SEA)
    p = play(c2, "night", "night", (1, 1, 1, 1), (1, 1, 1, 1))
    assert p.side == "japan" and ids(p) == ["stay", "retreat"]


# -- 8 retreat and pursuit -----------------------------------------------------------------------------------
def _round_of_misses(c, *nights):
    return play(c, "night", "night", *nights)


def test_8_1_japan_decides_first_and_8_21_air_escapes_alone():
    c = ctx(["kongo", "air-flotilla-21", "arizona"])
    combat.start(c, SEA)
    p = _round_of_misses(c, (1, 1, 1, 1), (1, 1, 1, 1))
    assert p.side == "japan" and ids(p) == ["stay", "retreat"]
    p = play(c, "retreat")
    assert c.s.loc["air-flotilla-21"] == "home:south-pacific"
    # Arizona (speed 3) is too slow for Kongo (6): no pursuit possible, the group escapes (8.33, 8.4)
    assert c.s.loc["kongo"] == "home:south-pacific"
    assert p is None and FINISHED == [SEA]


def test_8_33_only_ships_at_least_as_fast_may_pursue_and_8_5_separate_battle():
    c = ctx(["kongo", "lexington", "arizona"])
    combat.start(c, SEA)
    p = _round_of_misses(c, "hold:lexington", (1, 1, 1, 1), (1, 1, 1, 1))
    p = play(c, "retreat")
    assert p.side == "allies" and ids(p) == ["pursue:lexington:g1", "stay:lexington"]   # not Arizona
    p = play(c, "pursue:lexington:g1")
    assert c.s.combat.cur == "g1"
    assert p.side == "japan" and ids(p) == ["day", "night"]
    # a night round: Lexington fires its guns, so Kongo may fire at it (Arizona is not in this battle)
    p = play(c, "night", "night", "fire:lexington", (1, 1, 1, 1), (1,))
    assert ids(p) == ["pursue:lexington:g1", "stop:lexington"]      # 8.53
    p = play(c, "stop:lexington")
    assert c.s.loc["kongo"] == "home:south-pacific"                               # 8.4 unpursued: home
    assert p is None and FINISHED == [SEA]


def test_8_52_split_groups_flee_at_their_slowest_speed():
    c = ctx(["kongo", "akagi", "lexington", "boston"])
    combat.start(c, SEA)
    play(c, "night", "night", "hold:lexington", "target:akagi:-", (1, 1, 1, 1), (1,))
    p = play(c, "retreat")
    assert p.side == "japan" and "split:akagi" in ids(p) and "done" in ids(p)
    p = play(c, "split:akagi", "done")
    cb = c.s.combat
    assert cb.groups == {"g1": ("kongo",), "g2": ("akagi",)}
    assert combat.group_speed(c, cb.groups["g1"]) == 6
    assert ids(p) == ["pursue:boston:g1", "pursue:boston:g2", "stay:boston"]
    p = play(c, "pursue:boston:g1", "pursue:lexington:g2")
    assert cb.cur == "g1"          # groups fight one at a time


def test_8_34_a_ship_that_stays_cannot_pursue_later():
    c = ctx(["kongo", "arizona", "1st-marines"])
    combat.start(c, SEA)
    play(c, "night", "night", (1, 1, 1, 1), (1, 1, 1, 1))
    p = play(c, "stay", "retreat", "done")        # the Allies retreat, Japan may pursue
    assert ids(p) == ["pursue:kongo:g1", "stay:kongo"]
    play(c, "stay:kongo")
    assert c.s.loc["arizona"] == "home:south-pacific" and c.s.loc["1st-marines"] == "home:south-pacific"
    assert c.s.combat is None and FINISHED == [SEA]


# -- 9 air raids ---------------------------------------------------------------------------------------------
def test_9_1_air_raid_on_a_retreating_sides_base_double_armor_and_bottom():
    c = ctx(["akagi", "arizona"], ports={"guadalcanal": ["boston"]})
    combat.start(c, SEA)
    play(c, "night", "night", "target:akagi:-", (1, 1, 1, 1))
    p = play(c, "stay", "retreat")
    assert ids(p) == ["pursue:akagi:g1", "raid:akagi:guadalcanal", "stay:akagi"]
    p = play(c, "raid:akagi:guadalcanal")
    assert c.s.loc["arizona"] == "home:south-pacific"
    assert c.s.combat.cur == "raid:guadalcanal"
    assert isinstance(p, Chance) and "Akagi fires 4 shot(s) at Boston" in p.reason   # no question: one target
    play(c, (5, 6, 1, 1), (3,))            # 5: disabled, ignored (9.14); 6: hit, 3 damage > armor 2
    assert c.s.loc["boston"] == "port:guadalcanal" and c.s.damage["boston"] == 3
    assert not c.can_sail("boston")       # 9.41 resting on the bottom
    p = combat.pause(c)
    assert isinstance(p, Chance) and "Akagi" in p.reason           # the second raid round
    play(c, (6, 1, 1, 1), (2,))            # 5 damage > twice armor 2
    assert c.s.loc["boston"] == "removed"                          # 9.42
    assert "akagi" in c.s.combat.raided if c.s.combat else True
    assert FINISHED == [SEA]


def test_9_4_ship_in_port_survives_up_to_twice_its_armor_and_air_units_do_not_double():
    c = ctx()
    assert not combat.sinks(c, "boston", 4, in_port=True) and combat.sinks(c, "boston", 5, in_port=True)
    assert combat.sinks(c, "5th-air-force", 4, in_port=True)
    assert combat.sinks(c, "1st-marines", 5, in_port=True)


def test_9_2_side_alone_may_raid_and_only_two_rounds():
    c = ctx(["akagi"], ports={"guadalcanal": ["arizona"]})
    combat.air_raid_only(c, SEA)
    p = combat.pause(c)
    assert ids(p) == ["raid:akagi:guadalcanal", "stay:akagi"]
    play(c, "raid:akagi:guadalcanal", (1, 1, 1, 1), (1, 1, 1, 1))
    assert c.s.combat is None and FINISHED == [SEA]
    c2 = ctx(["akagi"])
    combat.air_raid_only(c2, SEA)                 # nothing to raid: finished at once
    assert c2.s.combat is None and FINISHED == [SEA, SEA]


def test_9_3_land_based_air_cannot_raid():
    c = ctx(["air-flotilla-21"], ports={"guadalcanal": ["arizona"]})
    combat.air_raid_only(c, SEA)
    assert c.s.combat is None


# -- 13 landings and invasions --------------------------------------------------------------------------------
def test_13_43_invasion_example():
    c = ctx(ports={"lae": ["yokosuka-snlf"]})
    marines = ["1st-marines", "2nd-marines", "4th-marines"]
    for u in marines:
        c.s.place(u, AT_SEA)
    combat.invade(c, "lae", marines)
    assert c.s.loc["1st-marines"] == "returning" and c.s.loc["yokosuka-snlf"] == "returning"   # 13.41
    assert c.s.loc["2nd-marines"] == "returning"                                             # 13.42
    assert c.s.base_control["lae"] == "allies"
    assert c.s.loc["4th-marines"] == "port:lae"                                              # lands safely
    assert c.s.back["1st-marines"] == c.s.turn + 2                                           # 13.5


def test_14_33_capture_disables_air_left_without_a_base():
    c = ctx(["5th-air-force", "akagi"])
    c.s.place("yokosuka-snlf", AT_SEA)
    combat.invade(c, "guadalcanal", ["yokosuka-snlf"])
    assert c.s.loc["5th-air-force"] == "home:south-pacific"


def test_5_43_landing_after_a_round():
    c = ctx(["kongo", "arizona", "yokosuka-snlf"])
    combat.start(c, SEA)
    p = play(c, "night", "night", (1, 1, 1, 1), (1, 1, 1, 1), "stay", "stay")
    assert p.side == "japan"
    assert ids(p) == ["invade:yokosuka-snlf:guadalcanal", "land:yokosuka-snlf:lae", "land:yokosuka-snlf:truk", "stay:yokosuka-snlf"]
    p = play(c, "invade:yokosuka-snlf:guadalcanal")
    assert c.s.base_control["guadalcanal"] == "japan"
    assert c.s.combat.round == 2 and ids(p) == ["day", "night"]      # 5.5 another round


def test_13_31_retreating_amphibious_units_do_not_land():
    c = ctx(["kongo", "yokosuka-snlf", "arizona"])
    combat.start(c, SEA)
    p = play(c, "night", "night", (1, 1, 1, 1), (1, 1, 1, 1), "retreat", "done")
    assert ids(p) == ["pursue:arizona:g1", "stay:arizona"]      # speed 3: as fast as the SNLF
    p = play(c, "stay:arizona")
    assert c.s.loc["yokosuka-snlf"] == "home:south-pacific" and c.s.loc["kongo"] == "home:south-pacific"
    assert p is None


# -- the combat record ------------------------------------------------------------------------------------------
def test_combat_json_round_trip_and_copy():
    c = ctx(["kongo", "akagi", "lexington", "boston"])
    combat.start(c, SEA)
    play(c, "night", "night", "hold:lexington", "target:akagi:-", (1, 1, 1, 1), (1,))
    play(c, "retreat", "split:akagi")
    cb = c.s.combat
    back = Combat.from_json(json.loads(json.dumps(cb.to_json())))
    assert back == cb and back.to_json() == cb.to_json()
    s2 = VPState.from_json(json.loads(json.dumps(c.s.to_json())))
    assert s2 == c.s
    cp = cb.copy()
    cp.groups["g9"] = ("x",)
    cp.choice["japan"] = "day"
    assert "g9" not in cb.groups and cb.choice["japan"] == "night"


def test_5_5_rounds_repeat_until_one_side_is_gone():
    c = ctx(["kongo", "arizona"])
    combat.start(c, SEA)
    p = play(c, "night", "night", (1, 1, 1, 1), (1, 1, 1, 1), "stay", "stay")
    assert c.s.combat.round == 2 and p.side == "japan"
    p = play(c, "night", "night", (6, 6, 1, 1), (3, 3), (1, 1, 1, 1))
    assert c.s.loc["arizona"] == "sunk" and p is None and FINISHED == [SEA]


# -- random play --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(60))
def test_random_combats_always_finish_and_round_trip(seed):
    import random
    rng = random.Random(seed)
    pool = ["kongo", "haruna", "akagi", "myoko", "kitakami", "zuiho", "air-flotilla-21", "yokosuka-snlf",
            "i-boat", "lexington", "arizona", "enterprise", "5th-air-force", "1st-marines", "f-boat"]
    sea = rng.sample(pool, rng.randint(2, len(pool)))
    if not any(D.units[u].side == "japan" and D.units[u].kind != "sub" for u in sea):
        sea.append("kongo")
    if not any(D.units[u].side == "allies" and D.units[u].kind != "sub" for u in sea):
        sea.append("arizona")
    ports = {"guadalcanal": ["boston", "2nd-marines", "7th-air-force"], "lae": ["sasebo-snlf", "nagato"]}
    c = ctx(sea, ports=ports, control=rng.choice([{}, {SEA: "japan"}, {SEA: "allies"}]))
    combat.start(c, SEA)
    for _ in range(3000):
        if c.s.combat is None:
            break
        p = combat.pause(c)
        ans = rng.choice(p.ids()) if isinstance(p, Decision) else tuple(rng.randint(1, 6) for _ in p.dice)
        combat.answer(c, check_answer(p, ans))
        assert VPState.from_json(json.loads(json.dumps(c.s.to_json()))) == c.s
    assert c.s.combat is None and FINISHED == [SEA]
    assert combat.settled(c, SEA)


def test_5_5_interpretation_no_one_able_to_fire_ends_the_combat():
    c = ctx(["yokosuka-snlf", "1st-marines"])
    combat.start(c, SEA)
    p = play(c, "day", "day", "stay", "stay")
    assert ids(p) == ["invade:yokosuka-snlf:guadalcanal", "land:yokosuka-snlf:lae", "land:yokosuka-snlf:truk", "stay:yokosuka-snlf"]
    p = play(c, "stay:yokosuka-snlf")
    assert ids(p) == ["land:1st-marines:guadalcanal", "invade:1st-marines:lae", "stay:1st-marines"]
    p = play(c, "stay:1st-marines")
    assert p is None and FINISHED == [SEA]


def test_7_8_units_lost_by_day_miss_the_night_action():
    c = ctx(["akagi", "kongo", "lexington"])
    combat.start(c, SEA)
    p = play(c, "night", "day", (4, 3), (6, 1, 1, 1), (4,))     # a tie: day then night; Lexington hit for 4
    assert ids(p) == ["target:lexington:akagi", "target:lexington:kongo"]
    p = play(c, "target:lexington:akagi", (1, 1, 1, 1))
    assert c.s.loc["lexington"] == "sunk"
    assert p is None and FINISHED == [SEA]          # no night action, no announcement: the area is settled
