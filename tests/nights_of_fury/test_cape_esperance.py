"""The rulebook's worked example: the Cape Esperance After Action Report, turn 1, played through the flow with
scripted dice, phase by phase, every printed number asserted.

The example is played "with all optional rules" (H, I, J, K) and the scenario's alternating fire. Blue is the
USN (Scott: San Francisco is the New Orleans, Salt Lake City the Pensacola, Boise and Helena the Brooklyns;
Division 2 the four Benson/Gleaves), Red the IJN (Goto: Division 1 Aoba, Furutaka, Kinugasa of the
Furutaka/Aoba class; Division 2 the two Fubuki). Where the report's own text slips, the rule's result is asserted
and the slip noted at the assertion."""
from __future__ import annotations

from functools import lru_cache

from kaisen.games.nights_of_fury import fire, torpedoes
from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.state import IDENTIFIED, SPOTTED, UNSEEN, Fire

from .helpers import D, GAME, OPTIONAL, is_chance, is_decision, options_by_id, play, texts

# The dice and answers of turn 1, phase by phase, as the report gives them.
EVENTS = [(1, 5), (4, 1)]                               # D66: Blue 15, Red 41
INITIATIVE = [(6, 5)]                                   # Blue 6, Red 5 (the report calls Red's roll "Blue's")
MOVEMENT = ["move-second",                              # Blue moves after Red
            "band:7", "steady", "band:7", "steady",     # Red: both divisions 8 -> 7
            "band:4", "steady", "band:4", "steady"]     # Blue: both divisions 3 -> 4
SEARCHLIGHTS = ["dark", "dark"]                         # J: nobody lights up (the report uses none)
DETECTION = [(3,), (6,),                                # Blue against Red Division 1 and 2
             (1,), (3, 3),                              # Red against Blue Division 1: -1 -> Mistaken Target roll
             (4,)]                                      # Red against Blue Division 2
GUNNERY = ["fire:san_francisco", "at:ijn-1:1", (5, 3), (5,), "hold",
           "fire:salt_lake_city", "at:ijn-1:2", (5, 1), (1, 6, 3), (3,), "hold",
           "fire:boise", "at:ijn-1:3", (2, 4), "hold",
           "fire:helena", "at:ijn-2:1", (3, 4), "hold",
           "cease"]                                     # Division 2 holds its fire to stay unseen
DAMAGE_CONTROL = [(4,), (3,)]                           # Red's two damaged cruisers


@lru_cache(maxsize=1)
def turn_one():
    """Each phase's (state after it, events during it), from the scenario's first pause."""
    s = GAME.new_state("cape-esperance", OPTIONAL)
    out = {"setup": (s, list(GAME.events(s)))}
    for name, answers in (("events", EVENTS), ("initiative", INITIATIVE), ("movement", MOVEMENT),
                          ("searchlights", SEARCHLIGHTS), ("detection", DETECTION), ("gunnery", GUNNERY),
                          ("damage-control", DAMAGE_CONTROL)):
        s, ev = play(s, *answers)
        out[name] = (s, ev)
    return out


def phase(name):
    return turn_one()[name]


def test_setup_bands_commanders_environment_and_intelligence():
    """B: Blue at band 3, Red at band 8, Savo Island at band 4; night, fair; Scott and Goto; Good and Fair."""
    s, ev = phase("setup")
    assert {k: v.band for k, v in s.divisions.items()} == {"usn-1": 3, "usn-2": 3, "ijn-1": 8, "ijn-2": 8}
    assert dict(s.options) == OPTIONAL
    assert s.commanders == {"usn": ("scott", "san_francisco", True), "ijn": ("goto", "aoba", True)}
    assert [(m.name, b) for m, b in D.land_markers("cape-esperance")] == [("Savo Island", 4)]
    blue, red = GAME.view(s, "usn"), GAME.view(s, "ijn")
    # H: Good knows the number of enemy ships and of capital ships; Fair the number only
    assert blue["sides"]["ijn"]["force"] == {"ships": 5, "capital": 3}
    assert red["sides"]["usn"]["force"] == {"ships": 8}
    assert "Savo Island at range band 4" in texts(ev)[0]


def test_turn_1_event_phase_15_and_41_are_no_event():
    s, ev = phase("events")
    assert texts(ev)[:2] == ["USN rolls 15 on the Random Event Table: no event",
                             "IJN rolls 41 on the Random Event Table: no event"]
    assert s.effects == ()


def test_turn_1_initiative_blue_6_plus_1_is_7_against_red_5_plus_0():
    before, _ = phase("events")
    chance = is_chance(before, "initiative")
    assert "USN rolls + 1" in chance.reason and "IJN rolls + 0" in chance.reason     # Scott +1, Goto 0
    s, ev = phase("initiative")
    assert texts(ev)[0] == "Initiative: USN 6 -> 7, IJN 5 -> 5: USN wins"
    assert s.initiative == "usn"
    assert is_decision(s, "movement-order").side == "usn"


def test_turn_1_movement_blue_moves_after_red_all_at_speed_5():
    s, ev = phase("movement")
    assert s.first_mover == "ijn"
    assert texts(ev) == ["USN moves after the enemy",
                         "IJN Division 1 moves from range band 8 to 7", "IJN Division 2 moves from range band 8 to 7",
                         "USN Division 1 moves from range band 3 to 4", "USN Division 2 moves from range band 3 to 4"]
    assert {k: v.band for k, v in s.divisions.items()} == {"usn-1": 4, "usn-2": 4, "ijn-1": 7, "ijn-2": 7}
    c = Ctx(s, D)
    assert {k: c.division_speed(v) for k, v in s.divisions.items()} == {k: 5 for k in s.divisions}
    assert D.may_move(5, 1)                          # the Movement Table: speed 5 moves a band on turn 1


def test_turn_1_detection_blue_plus_1_spots_division_1_and_identifies_division_2():
    before, _ = phase("searchlights")
    reason = is_chance(before, "detect").reason
    # Scott 0 (not listed), +2 at 3 bands, night -3, radar rating 3 in range +1, Good intelligence +1: net +1
    assert reason.startswith("USN detection roll against Division 1 (range band 7): +1 (")
    for part in ("3 range band(s) to the nearest division +2", "night -3", "radar rating 3 in range +1",
                 "good intelligence +1"):
        assert part in reason
    s, ev = phase("detection")
    assert texts(ev)[:2] == ["USN detection roll against Division 1: 3, total 4: spotted",
                             "USN detection roll against Division 2: 6, total 7: identified"]
    assert s.level("usn", "ijn-1") == SPOTTED and s.level("usn", "ijn-2") == IDENTIFIED
    assert set(s.identified["usn"]) == {"fubuki_dd", "hatsuyuki"}


def test_turn_1_detection_red_minus_2_detects_nothing_and_rolls_for_a_mistaken_target():
    """Red: Goto -1, +2 at 3 bands, night -3 (no radar, Fair intelligence adds nothing): net -2; 1 -> -1 and
    4 -> 2, nothing detected. A net -1 is 1 or less, Red has two divisions and the example plays rule I, so
    the engine rolls for a Mistaken Target, which the report leaves out: the 2D6 of 3 + 3 = 6 (Goto's Cohesion
    0; the -1 for the USN at night before 1943 is not Red's) is 5 or more, no mistake."""
    s, ev = phase("detection")
    red = [t for t in texts(ev) if t.startswith("IJN")]
    assert red == ["IJN detection roll against Division 1: 1, total -1: undetected",
                   "IJN mistaken target roll 6: no mistake",
                   "IJN detection roll against Division 2: 4, total 2: undetected"]
    assert s.level("ijn", "usn-1") == UNSEEN and s.level("ijn", "usn-2") == UNSEEN
    assert s.mistaken == {}
    # the reason of Red's roll carries the modifiers
    t, _ = play(phase("searchlights")[0], (3,), (6,))
    reason = is_chance(t, "detect").reason
    assert reason.startswith("IJN detection roll against Division 1 (range band 4): -2 (")
    assert "commander's Detection -1" in reason and "night -3" in reason and "radar" not in reason
    u, _ = play(t, (1,))
    assert is_chance(u, "mistaken").reason.startswith("IJN: mistaken target? 2D6 +0")


def test_turn_1_red_cannot_fire_and_blue_fires_division_1_only():
    s, _ = phase("detection")
    pick = is_decision(s, "fire-unit")
    assert pick.side == "usn"
    # Blue's menu: its eight ships and "cease"; Red, which detected nothing, is never asked
    assert set(pick.ids()) == {f"fire:{q}" for q in s.divisions["usn-1"].ships + s.divisions["usn-2"].ships} | {
        "cease"}
    t, _ = play(s, "fire:san_francisco")
    aim = options_by_id(t)
    # D.4: the Spotted stack by position only; the Identified stack by class
    assert aim["at:ijn-1:1"].fields == {"verb": "aim", "division": "ijn-1", "position": 1, "range": 3}
    assert aim["at:ijn-2:1"].fields["class"] == "fubuki" and "Fubuki" in aim["at:ijn-2:1"].label
    assert "Aoba" not in aim["at:ijn-1:1"].label and "Furutaka" not in aim["at:ijn-1:1"].label


def test_turn_1_gunnery_the_four_shots_as_printed():
    s, ev = phase("gunnery")
    shots = [t for t in texts(ev) if " fires at " in t]
    assert shots == [
        # New Orleans: 5 + 4 (FirePower 5, medium range -1, Scott 0) = 9 vs 3 + 5 (Defense 4, Size 1) = 8
        "USN Division 1 ship #1 fires at IJN Division 1 ship #1: attack 5 -> 9, defense 3 -> 8: 1 damage level(s)",
        # Pensacola: 9 vs 1 + 5 = 6 (the report writes "(5 + 1)": die 1, modifier 5)
        "USN Division 1 ship #2 fires at IJN Division 1 ship #2: attack 5 -> 9, defense 1 -> 6: 3 damage level(s)",
        # first Brooklyn: 2 + 5 = 7 vs 4 + 5 = 9
        "USN Division 1 ship #3 fires at IJN Division 1 ship #3: attack 2 -> 7, defense 4 -> 9: no damage",
        # second Brooklyn at the first Fubuki: 3 + 5 = 8 vs 4 + (2 + 2) = 8
        "USN Division 1 ship #4 fires at IJN Division 2 ship #1: attack 3 -> 8, defense 4 -> 8: no damage"]
    damage = [t for t in texts(ev) if " takes " in t]
    assert damage == [
        "IJN Division 1 ship #1 takes 0 structure and 1 flotation damage (now 0 and 1)",        # a 5
        "IJN Division 1 ship #2 takes 3 structure and 1 flotation damage (now 3 and 1)"]        # 1, 6, 3
    assert "Fire roll 3: no fire on IJN Division 1 ship #2" in texts(ev)
    assert [(s.ships[q].structure, s.ships[q].flotation, s.ships[q].fire)
            for q in ("aoba", "furutaka", "kinugasa", "fubuki_dd")] == [(0, 1, False), (3, 1, False),
                                                                          (0, 0, False), (0, 0, False)]
    # Red reads which of its ships were hit; Blue does not
    assert "(the ship hit is Aoba)" in texts(ev, "ijn") and "(the ship hit is Aoba)" not in texts(ev, "usn")


def test_turn_1_gunnery_reasons_carry_the_modifiers():
    """The Chance nodes of the shots: +4 and +5 against +5 and +4; no night penalty (the cruisers' F3 radar
    reaches 3 bands), Scott's Combat 0; the allocation and fire rolls say what each face does."""
    s, _ = phase("detection")
    t, _ = play(s, "fire:san_francisco", "at:ijn-1:1")
    assert is_chance(t, "shot").reason == ("USN Division 1 ship #1 main battery: attack die +4 (FirePower +5, "
                                           "range 3 -1) against defense die +5 (Defense +4, Size +1)")
    t, _ = play(t, (5, 3))
    assert is_chance(t, "gun-damage").dice == (6,)
    t, _ = play(t, (5,), "hold", "fire:salt_lake_city", "at:ijn-1:2", (5, 1))
    assert is_chance(t, "gun-damage").dice == (6, 6, 6)
    t, _ = play(t, (1, 6, 3))
    assert "a fire starts on 5, 6" in is_chance(t, "check").reason
    t, _ = play(t, (3,), "hold", "fire:boise", "at:ijn-1:3")
    assert "attack die +5 (FirePower +6, range 3 -1)" in is_chance(t, "shot").reason
    t, _ = play(t, (2, 4), "hold", "fire:helena", "at:ijn-2:1")
    assert is_chance(t, "shot").reason.endswith("against defense die +4 (Defense +2, Size +2)")


def test_turn_1_blue_ships_that_fired_are_spotted_for_the_torpedo_phase_and_nobody_can_fire_torpedoes():
    """D.4: Division 1 fired undetected and is Spotted for the rest of the turn, Division 2 stays unseen.
    D.6: Blue's Mk 15s reach 2 bands (the enemy is 3 away); Red's Type 93s reach 3 bands but the Torpedo
    Attack Allowance Table allows 3 bands only from turn 3. So the Torpedo Phase asks nobody."""
    s, ev = phase("gunnery")
    assert s.fired_spotted == ("usn-1",)
    assert s.phase == "damage-control" and not any(e.rule == "D.6" for e in ev)
    c = Ctx(s.copy(), D)
    assert s.turn == 1
    for q in ("aoba", "furutaka", "kinugasa", "fubuki_dd", "hatsuyuki"):
        mounts = c.spec(q).mounts
        assert mounts and all(m.type93 and m.reach == 3 for m in mounts)
        assert not D.torpedo_allowed(mounts[0], 3, 1) and D.torpedo_allowed(mounts[0], 3, 3)
    assert all(m.reach < 3 for q in s.divisions["usn-2"].ships for m in c.spec(q).mounts)
    c.s.fire = Fire("torpedo", "usn")
    assert [d.id for d in fire.eligible_divisions(c, "ijn", True)] == ["usn-1"]
    assert not any(torpedoes.weapons(c, q) for side in ("usn", "ijn") for div in c.divisions_of(side)
                   for q in c.afloat(div))


def test_turn_1_damage_control_red_rolls_4_and_3_no_checks():
    before, _ = phase("gunnery")
    assert is_chance(before, "dc").reason == ("Damage control: may IJN Division 1 ship #1 make a check? "
                                              "(IJN on 1-2)")
    s, ev = phase("damage-control")
    assert [t for t in texts(ev) if t.startswith("Damage control")] == [
        "Damage control roll 4 for IJN Division 1 ship #1: no check this turn",
        "Damage control roll 3 for IJN Division 1 ship #2: no check this turn"]
    assert (s.ships["aoba"].flotation, s.ships["furutaka"].structure, s.ships["furutaka"].flotation) == (0 + 1, 3, 1)


def test_turn_1_disengage_phase_nothing_and_turn_2_begins():
    s, ev = phase("damage-control")
    assert not any(e.rule == "D.8" for e in ev)
    assert s.turn == 2 and s.phase == "event" and is_chance(s, "event").reason.startswith("USN rolls D66")
    assert s.fired_spotted == () and s.vp == {"ijn": 0, "usn": 0}
    # detection results hold into the next turn until the next Detection Phase (interpretation in RULES.md)
    assert s.level("usn", "ijn-2") == IDENTIFIED
