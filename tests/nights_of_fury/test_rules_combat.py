"""D.4 Detection, D.5 Gunnery, D.6 Torpedoes, damage, D.7 Damage Control, E Commanders, F Radar and the optional
rules H-K, each through the flow with scripted dice from a situation built on the range bands."""
from __future__ import annotations

from kaisen.games.nights_of_fury import GAME, damage, torpedoes
from kaisen.games.nights_of_fury.state import IDENTIFIED, SPOTTED, UNSEEN

from .helpers import (D, at_phase, ids, is_chance, is_decision, options, options_by_id, play, situation, texts)

IJN_SHIPS = {q for q, sp in D.ships.items() if sp.side == "ijn"}


# -- D.4 Detection Phase -------------------------------------------------------------------------------------

def test_d4_spotted_on_3_or_4_identified_on_5_or_more():
    assert [D.level_for(t) for t in (2, 3, 4, 5, 9)] == [UNSEEN, SPOTTED, SPOTTED, IDENTIFIED, IDENTIFIED]


def test_d4_nothing_is_detected_beyond_6_bands():
    s = situation(bands={"usn-1": 1, "usn-2": 1, "ijn-1": 8, "ijn-2": 7})     # 7 and 6 bands
    assert [s.step for s in (s,)] == ["detect:usn>ijn-2"]
    s, _ = play(s, (6,))
    assert s.step == "detect:ijn>usn-1" or s.step.startswith("detect:ijn")
    assert s.level("usn", "ijn-1") == UNSEEN and D.detection_range_modifier(7) == 0


def test_d4_detection_results_last_until_the_next_detection_phase_and_identification_is_permanent():
    s = situation(phase="gunnery", detected={"usn>ijn-2": IDENTIFIED}, identified={"usn": ("fubuki_dd", "hatsuyuki")})
    t = at_phase(s, "detection")
    assert t.detected == {} and set(t.identified["usn"]) == {"fubuki_dd", "hatsuyuki"}
    view = GAME.view(t, "usn")
    assert next(d for d in view["divisions"] if d["id"] == "ijn-2")["ships"] == {}     # face down again


def test_d4_spotted_stacks_are_fired_at_by_position_and_no_option_names_an_unidentified_ship():
    s = situation(phase="gunnery", detected={"usn>ijn-1": SPOTTED, "usn>ijn-2": IDENTIFIED},
                  identified={"usn": ("fubuki_dd", "hatsuyuki")})
    s, _ = play(s, "fire:boise")
    opts = options_by_id(s)
    spotted = [o for i, o in opts.items() if i.startswith("at:ijn-1:")]
    assert [o.id for o in spotted] == ["at:ijn-1:1", "at:ijn-1:2", "at:ijn-1:3"]
    for o in spotted:
        said = o.id + o.label + repr(o.fields)
        assert "class" not in o.fields
        assert not any(q in said or D.ships[q].name in said or D.ships[q].class_name in said for q in
                       ("aoba", "furutaka", "kinugasa"))
    assert opts["at:ijn-2:2"].fields["class"] == "fubuki"
    # the enemy view shows the spotted stack by position, the identified one by class
    view = GAME.view(s, "usn")
    stacks = {d["id"]: d["ships"] for d in view["divisions"]}
    assert stacks["ijn-1"][0] == {"position": 1, "structure": 0, "flotation": 0, "fire": False}
    assert stacks["ijn-2"][0]["class"] == "Fubuki"


def test_d4_an_undetected_division_that_fires_is_spotted_for_the_torpedo_phase_not_before():
    """USN Division 2 fires guns at 1 band unseen: the IJN may not answer with guns in the same Gunnery Phase
    (interpretation: the example's Red does not fire back), but its torpedoes may then aim at Division 2."""
    s = situation(phase="gunnery", bands={"usn-1": 1, "usn-2": 6, "ijn-1": 7, "ijn-2": 10},
                  detected={"usn>ijn-1": SPOTTED}, ships={"usn-1": ("san_francisco",)})
    s, _ = play(s, "cease") if False else (s, [])
    s, _ = play(s, "fire:farenholt", "at:ijn-1:1", (1, 6))
    assert s.fired_spotted == ("usn-2",)
    assert s.step == "pick:gunnery" and GAME.pause(s).side == "usn"     # the IJN had no target to pick
    s, _ = play(s, "cease")
    p = is_decision(s, "fire-unit")
    assert p.side == "usn" or p.side == "ijn"
    while GAME.pause(s).side == "usn":
        s, _ = play(s, "cease")
    p = is_decision(s, "fire-unit")
    assert p.side == "ijn" and "fire:aoba" in p.ids() and s.fire.kind == "torpedo"
    s, _ = play(s, "fire:aoba")
    assert {i.split(":")[1] for i in ids(s) if i.startswith("at:")} == {"usn-2"}


# -- D.5 Gunnery and the damage splits -----------------------------------------------------------------------

def test_d5_gunnery_damage_1_to_4_structure_5_flotation_6_both_and_d6_the_other_way_round():
    assert damage.split(None, (1, 2, 3, 4), torpedo=False) == (4, 0, False)
    assert damage.split(None, (5,), torpedo=False) == (0, 1, False)
    assert damage.split(None, (6,), torpedo=False) == (1, 1, True)
    assert damage.split(None, (1, 2, 3, 4), torpedo=True) == (0, 4, False)
    assert damage.split(None, (5,), torpedo=True) == (1, 0, False)
    assert damage.split(None, (6, 5, 1), torpedo=True) == (2, 2, True)


def test_d5_night_penalty_without_fire_control_radar_and_its_cancellation_with_it():
    s = situation(phase="gunnery", initiative="ijn", bands={"ijn-1": 5}, detected={"ijn>usn-1": SPOTTED})
    s, _ = play(s, "fire:aoba", "at:usn-1:1")
    assert is_chance(s, "shot").reason.startswith("IJN Division 1 ship #1 main battery: attack die +1 (FirePower +4, "
                                                  "range 2 +0, night -2, Combat -1)") or "night -2" in \
        is_chance(s, "shot").reason
    # San Francisco's F3 reaches 3 bands (Cape Esperance) but not 4: there the night penalty applies
    s = situation(phase="gunnery", bands={"usn-1": 4, "ijn-1": 8}, detected={"usn>ijn-1": SPOTTED})
    s, _ = play(s, "fire:san_francisco", "at:ijn-1:1")
    assert "night -2" in is_chance(s, "shot").reason


def test_d5_levels_are_the_difference_and_each_is_rolled():
    s = situation(phase="gunnery", detected={"usn>ijn-2": SPOTTED}, bands={"usn-1": 6, "ijn-2": 7})
    s, ev = play(s, "fire:boise", "at:ijn-2:2", (6, 1))        # 6 + 6 + 1 (range 1) = 13 vs 1 + 4 = 5: 8 levels
    assert "attack 6 -> 13, defense 1 -> 5: 8 damage level(s)" in texts(ev)[0]
    assert is_chance(s, "gun-damage").dice == (6,) * 8
    s, ev = play(s, (1,) * 8)
    assert s.ships["hatsuyuki"].status == "sunk"           # 8 structure points on a 2-box destroyer
    assert "IJN Division 2 ship #2 sinks" in texts(ev)


# -- D.6 Torpedoes --------------------------------------------------------------------------------------------

def test_d6_hits_by_the_difference_capped_by_the_mount():
    assert [torpedoes.hits_for(d) for d in (0, 1, 2, 3, 5, 6, 9)] == [0, 1, 1, 2, 2, 3, 3]
    s = situation(phase="torpedo", initiative="ijn", bands={"ijn-2": 4}, detected={"ijn>usn-1": SPOTTED})
    s = s.copy()
    s.ships["fubuki_dd"] = s.ships["fubuki_dd"]._replace(torpedoes=(2,))      # two torpedoes left in the mount
    s = at_phase(s, "torpedo", detected={"ijn>usn-1": SPOTTED})
    s, _ = play(s, "fire:fubuki_dd", "at:usn-1:1")
    p = is_chance(s, "torp-attack")
    assert "torpedoes in the mount +2" in p.reason and "Speed Rating +5" in p.reason
    s, ev = play(s, (6, 1))                                 # 6 + 2 = 8 vs 1 + 5 = 6... difference 2: 1 hit
    assert ev and "1 hit(s)" in texts(ev)[0]


def test_d6_three_hits_capped_and_damage_rating_plus_2_per_extra_hit():
    s = situation(phase="torpedo", initiative="ijn", bands={"ijn-1": 4}, detected={"ijn>usn-1": SPOTTED})
    s, _ = play(s, "fire:aoba", "at:usn-1:1")
    s, ev = play(s, (6, 1))                                 # 6 + 4 + (-1 Combat) = 9 vs 6: 3 -> two hits
    assert "2 hit(s)" in texts(ev)[0]
    p = is_chance(s, "torp-damage")
    assert "Damage Rating +7" in p.reason and "1 more hit(s) +2" in p.reason and "Defense +5" in p.reason
    s, ev = play(s, (3, 3))                                 # 3 + 9 = 12 vs 3 + 5 = 8: 4 levels
    assert "4 damage level(s)" in texts(ev)[0]
    s, ev = play(s, (1, 2, 5, 4))                           # torpedo split: 3 flotation, 1 structure
    assert (s.ships["san_francisco"].structure, s.ships["san_francisco"].flotation) == (1, 3)


def test_d6_the_torpedo_attack_allowance_table():
    m93 = D.ships["aoba"].mounts[0]
    mk15 = D.ships["farenholt"].mounts[0]
    assert [D.torpedo_allowed(m93, 1, t) for t in range(1, 7)] == [True] * 6
    assert [D.torpedo_allowed(m93, 2, t) for t in range(1, 7)] == [False, True, False, True, False, True]
    assert [D.torpedo_allowed(m93, 3, t) for t in range(1, 7)] == [False, False, True, False, False, True]
    assert not D.torpedo_allowed(mk15, 3, 3)              # the Mk 15 reaches 2 bands only


# -- D.7 Damage Control -------------------------------------------------------------------------------------

def test_d7_usn_checks_on_1_to_3_ijn_on_1_to_2():
    s = situation(phase="damage-control", damage={"boise": (2, 0), "aoba": (2, 0)})
    assert "USN on 1-3" in is_chance(s, "dc").reason
    s, ev = play(s, (3,), (1,))                             # Boise: check; the check repairs a structure point
    assert s.ships["boise"].structure == 1
    assert "IJN on 1-2" in is_chance(s, "dc").reason
    s, ev = play(s, (3,))                                   # Aoba's 3: no check for the IJN
    assert s.ships["aoba"].structure == 2


def test_d7_no_repair_while_burning_and_4_to_6_put_the_fire_out():
    s = situation(phase="damage-control", damage={"boise": (1, 1, True)})
    s, ev = play(s, (1,), (2,))                             # a check, but 2 repairs nothing while she burns
    assert "no repair while the ship burns" in " ".join(texts(ev))
    assert s.ships["boise"].fire and s.ships["boise"].structure == 2      # and the fire burns on (designed)
    s = situation(phase="damage-control", damage={"boise": (1, 1, True)})
    s, ev = play(s, (1,), (5,))
    assert not s.ships["boise"].fire and s.ships["boise"].structure == 1


# -- E Commanders -------------------------------------------------------------------------------------------

def test_e_a_commander_may_die_when_his_ship_takes_2_or_more_structure_points():
    assert D.death_chance(1) == 0 and D.death_chance(2) == D.death_chance(3) == 2 and D.death_chance(4) == 3
    s = situation(phase="gunnery", initiative="ijn", bands={"ijn-1": 4}, detected={"ijn>usn-1": SPOTTED})
    # Aoba: 6 + 4 + 1 (1 band) - 2 (night) = 9 against 1 + 6 = 7: 2 structure points on San Francisco
    s, _ = play(s, "fire:aoba", "at:usn-1:1", (6, 1), (1, 2))
    p = is_chance(s, "check")
    assert "killed on 1-2" in p.reason
    s, ev = play(s, (2,))
    assert s.commanders["usn"] == ("scott", "san_francisco", False)
    assert "USN commander scott is killed: the side's ratings fall to -1" in texts(ev)
    view = GAME.view(s, "ijn")["sides"]["usn"]["commander"]
    assert (view["combat"], view["cohesion"], view["detection"]) == (-1, -1, -1)
    t = at_phase(s, "initiative")
    assert is_chance(t, "initiative").reason == "Initiative: USN rolls - 1, IJN rolls + 0"


def test_e_a_commander_goes_down_with_his_ship():
    s = situation(phase="gunnery", initiative="ijn", bands={"ijn-1": 4}, detected={"ijn>usn-1": SPOTTED})
    s, ev = play(s, "fire:aoba", "at:usn-1:1", (6, 1), (1, 2), (3,))         # survives the roll
    assert s.commanders["usn"][2]
    s = situation(phase="gunnery", detected={"usn>ijn-1": SPOTTED}, bands={"usn-1": 7})
    s, ev = play(s, "fire:boise", "at:ijn-1:1", (6, 1), (5,) * 7)             # Aoba: 7 flotation, sunk
    assert s.ships["aoba"].status == "sunk" and not s.commanders["ijn"][2]


# -- F Radar -------------------------------------------------------------------------------------------------

def test_f_radar_of_rating_3_or_less_against_a_target_in_a_land_band_rolls_for_clutter():
    s = situation(bands={"ijn-1": 4, "ijn-2": 9, "usn-1": 2, "usn-2": 1})       # Savo Island is in band 4
    p = is_chance(s, "clutter")
    assert "land clutter against Division 1" in p.reason
    t, _ = play(s, (2,))                                    # 1-3: the radar gives nothing
    assert "radar" not in is_chance(t, "detect").reason
    t, _ = play(s, (4,))
    assert "radar rating 3 in range +1" in is_chance(t, "detect").reason


def test_f_land_markers_change_detection_only_through_clutter():
    """Interpretation: the example gives Red no land modifier against Blue in Savo's band."""
    s = situation(bands={"usn-1": 4, "usn-2": 4, "ijn-1": 7, "ijn-2": 7}, initiative="ijn")
    assert is_chance(s, "detect").reason == ("IJN detection roll against Division 1 (range band 4): -2 (commander's "
                                             "Detection -1, 3 range band(s) to the nearest division +2, night -3); "
                                             "3-4 spots, 5+ identifies")


# -- H Intelligence levels -----------------------------------------------------------------------------------

def test_h_intelligence_modifiers_on_the_first_turns():
    assert [D.intelligence_detection(level, 1) for level in ("minimum", "poor", "fair", "good", "excellent")] == [
        -2, -1, 0, 1, 1]
    assert [D.intelligence_detection(level, 2) for level in ("minimum", "poor", "fair", "good", "excellent")] == [
        0, 0, 0, 0, 1]
    on = situation(opts=options(intelligence=True), bands={"usn-1": 4, "usn-2": 4, "ijn-1": 7, "ijn-2": 7})
    assert "good intelligence +1" in is_chance(on, "detect").reason
    later = situation(opts=options(intelligence=True), turn=2, bands={"usn-1": 4, "usn-2": 4, "ijn-1": 7, "ijn-2": 7})
    assert "intelligence" not in is_chance(later, "detect").reason
    off = situation(bands={"usn-1": 4, "usn-2": 4, "ijn-1": 7, "ijn-2": 7})
    assert "intelligence" not in is_chance(off, "detect").reason
    # what each side is told of the enemy force
    assert GAME.view(on, "ijn")["sides"]["usn"]["force"] == {"ships": 8}
    assert GAME.view(off, "ijn")["sides"]["usn"]["force"]["types"] == {"CA": 2, "CL": 2, "DD": 4}


# -- I Mistaken target ---------------------------------------------------------------------------------------

def test_i_a_net_detection_of_1_or_less_calls_for_a_mistaken_target_roll_and_forced_fire_at_minus_2():
    s = situation(opts=options(mistaken_target=True), bands={"usn-1": 4, "usn-2": 4, "ijn-1": 7, "ijn-2": 7})
    s, _ = play(s, (3,), (3,))                              # the USN spots both IJN divisions
    s, _ = play(s, (1,))                                    # IJN -1: a mistaken target roll
    p = is_chance(s, "mistaken")
    assert p.reason.startswith("IJN: mistaken target? 2D6 +0")
    s, ev = play(s, (1, 2))                                 # 3: Mistaken Target!
    assert "IJN mistaken target roll 3: a ship takes a friend for the enemy" in texts(ev)
    p = is_chance(s, "mistake-pick")
    assert p.dice == (12,)                                  # 3 x 2 + 2 x 3 firer/target pairs across divisions
    s, ev = play(s, (1,))                                   # Aoba takes Fubuki for the enemy
    assert s.mistaken == {"aoba": "fubuki_dd"}
    assert "Aoba takes Fubuki for the enemy and will fire on her this turn" in texts(ev, "ijn")
    assert not any("Aoba" in t for t in texts(ev, "usn"))
    s, _ = play(s, (6,))                                    # the IJN roll against USN Division 2: identified
    while GAME.pause(s).side == "usn":
        s, _ = play(s, "cease")
    assert is_decision(s, "fire-unit").option("fire:aoba")
    assert "cease" not in ids(s)                            # her side may not stop before she has fired
    s, _ = play(s, "fire:aoba")
    assert ids(s) == ["at:ijn-2:1"]                         # the attack is not optional: no "hold"
    s, _ = play(s, "at:ijn-2:1")
    assert "mistaken target -2" in is_chance(s, "shot").reason


def test_i_the_usn_at_night_before_1943_rolls_at_minus_1():
    s = situation(opts=options(mistaken_target=True), bands={"usn-1": 4, "usn-2": 4, "ijn-1": 7, "ijn-2": 7})
    s, ev = play(s, (1,))                                   # Scott 0, +2, night -3, radar +1: 1 + 0 = 1
    assert texts(ev) == ["USN detection roll against Division 1: 1, total 1: undetected"]
    # Scott's Cohesion +1 and the USN at night before 1943 -1
    assert is_chance(s, "mistaken").reason.startswith("USN: mistaken target? 2D6 +0 (commander's Cohesion +1, "
                                                      "USN at night before 1943 -1)")
    s, ev = play(s, (2, 2))                                 # 4 + 0 = 4: Mistaken Target!
    assert texts(ev) == ["USN mistaken target roll 4: a ship takes a friend for the enemy"]


# -- J Searchlights -----------------------------------------------------------------------------------------

def test_j_searchlights_spot_a_division_at_0_or_1_band_and_give_their_own_division_away():
    s = situation(opts=options(searchlights=True), bands={"usn-1": 5, "usn-2": 1, "ijn-1": 6, "ijn-2": 10})
    p = is_decision(s, "searchlights")
    assert p.side == "usn" and p.ids() == ["dark", "lights:usn-1", "lights:usn-2"]
    s, ev = play(s, "lights:usn-1", "dark")
    assert s.level("usn", "ijn-1") == SPOTTED               # automatic at 1 band
    assert s.level("ijn", "usn-1") == SPOTTED               # a lit division is seen within 3 bands
    assert "USN spots Division 1 by searchlight" in texts(ev)


def test_j_at_2_bands_the_searchlight_spots_on_1_to_4_and_night_fire_is_at_minus_1():
    s = situation(opts=options(searchlights=True), bands={"usn-1": 5, "usn-2": 1, "ijn-1": 7, "ijn-2": 10})
    s, _ = play(s, "lights:usn-1", "dark")
    assert "spotted on 1-4" in is_chance(s, "lit").reason
    s, _ = play(s, (4,))
    assert s.level("usn", "ijn-1") == SPOTTED
    while s.phase == "detection":
        s, _ = play(s, (1,))
    while GAME.pause(s).side == "usn":
        s, _ = play(s, "cease")
    s, _ = play(s, "fire:aoba", "at:usn-1:1")
    assert "night, searchlights -1" in is_chance(s, "shot").reason


# -- K Smokescreens ------------------------------------------------------------------------------------------

def test_k_smoke_is_minus_2_to_fire_at_and_from_the_division_making_it():
    s = situation(phase="gunnery", bands={"usn-1": 1, "ijn-1": 3}, detected={"usn>ijn-1": SPOTTED,
                                                                               "ijn>usn-1": SPOTTED})
    s = s.copy()
    s.divisions["usn-1"] = s.divisions["usn-1"]._replace(smoke=True)
    s.cache = None
    t, _ = play(s, "fire:boise", "at:ijn-1:1")
    assert "firing through own smoke -2" in is_chance(t, "shot").reason
    t, _ = play(s, "cease", "fire:aoba", "at:usn-1:1")
    assert "target making smoke -2" in is_chance(t, "shot").reason


def test_k_a_division_making_smoke_does_not_count_as_the_nearest_for_detection():
    s = situation(opts=options(smokescreens=True), bands={"usn-1": 1, "usn-2": 6, "ijn-1": 8, "ijn-2": 10})
    s = s.copy()
    s.divisions["usn-2"] = s.divisions["usn-2"]._replace(smoke=True)
    s = at_phase(s, "detection")
    assert "7 range band" not in is_chance(s, "detect").reason and s.step == "detect:usn>ijn-2" or \
        s.level("usn", "ijn-1") == UNSEEN


# -- D.5 b / D.6 b Advanced alternating fire ------------------------------------------------------------------

def test_d5b_advanced_alternating_fire_the_higher_total_fires_the_difference_a_tie_one_each():
    s = situation(phase="gunnery", opts=options(advanced_fire=True), bands={"usn-1": 5, "ijn-1": 6},
                  detected={"usn>ijn-1": SPOTTED, "ijn>usn-1": SPOTTED})
    p = is_chance(s, "volley")
    assert p.reason == "Advanced alternating fire: USN die +0 (Combat), IJN die +0"
    s, ev = play(s, (4, 1))                                 # 4 against 1: the USN fires three ships
    assert texts(ev)[0] == "Fire totals: USN 4, IJN 1: USN fires 3 ship(s), IJN 0"
    for q in ("san_francisco", "salt_lake_city", "boise"):
        assert is_decision(s, "fire-unit").side == "usn"
        s, _ = play(s, f"fire:{q}", "hold", "hold")
    assert is_chance(s, "volley")                           # quotas spent: roll again
    s, ev = play(s, (3, 3))                                 # 3 against 3: one each, initiative first
    assert s.fire.quota == {"usn": 1, "ijn": 1} and is_decision(s, "fire-unit").side == "usn"
    s, _ = play(s, "fire:helena", "hold", "hold")
    assert is_decision(s, "fire-unit").side == "ijn"
