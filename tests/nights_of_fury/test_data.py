"""Nights of Fury data: loads, keeps every value the Cape Esperance example prints, is complete and
traceable, and refuses broken files with one-line errors naming file, entry and field."""
from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pytest

from kaisen.engine.data import DataError
from kaisen.games.nights_of_fury.data import D66, DATA_DIR, FILES, load

D = load()
CE = D.scenarios["cape-esperance"]


# ------------------------------------------------------------------ loading

def test_data_loads_once_and_is_frozen():
    assert load() is D
    with pytest.raises(AttributeError):
        D.classes["brooklyn"].main_fp = 7          # frozen specs
    with pytest.raises(TypeError):
        D.classes["x"] = D.classes["brooklyn"]     # read-only mappings


def test_loader_accepts_a_data_directory(tmp_path):
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    other = load(tmp_path)
    assert other is not D and other.classes == D.classes


# ------------------------------------------------------------------ the Cape Esperance example (kept exactly)

def test_cape_esperance_values_kept():
    """AAR turn 1 gunnery: New Orleans 5, Pensacola 5, Brooklyn 6; Furutaka/Aoba 4+1; Fubuki 2+2."""
    assert D.ship_class("san_francisco").main_fp == 5
    assert D.ship_class("salt_lake_city").main_fp == 5
    assert D.ship_class("boise").main_fp == D.ship_class("helena").main_fp == 6
    fa = D.classes["furutaka_aoba"]
    assert (fa.defense, fa.size) == (4, 1)
    fb = D.classes["fubuki"]
    assert (fb.defense, fb.size) == (2, 2)
    assert {D.ships[s].cls for s in ("aoba", "furutaka", "kinugasa")} == {"furutaka_aoba"}


def test_cape_esperance_scenario_as_printed():
    """The scenario paragraph: bands 3 and 8, Scott and Goto, night, fair, Good/Fair, Savo at band 4."""
    usn, ijn = CE.side_of("usn"), CE.side_of("ijn")
    assert (usn.commander, ijn.commander) == ("scott", "goto")
    assert (usn.intelligence, ijn.intelligence) == ("good", "fair")
    assert {d.band for d in CE.divisions_of("usn")} == {3} and {d.band for d in CE.divisions_of("ijn")} == {8}
    assert (CE.light, CE.weather) == ("night", "fair")
    assert [(lp.marker, lp.band) for lp in CE.land] == [("savo", 4)]
    assert [len(d.ships) for d in CE.division] == [4, 4, 3, 2]           # 8 Blue ships, 5 Red
    classes = [D.ships[s].cls for s in CE.divisions_of("usn")[0].ships]
    assert classes == ["new_orleans", "pensacola", "brooklyn", "brooklyn"]
    assert {D.ships[s].cls for s in CE.divisions_of("usn")[1].ships} == {"benson_gleaves"}
    assert (usn.mission, ijn.mission) == ("", "")                         # standard victory conditions


def test_d1_cape_esperance_events_15_and_41_are_no_event():
    assert D.event(15).kind == "none" and D.event(41).kind == "none"


def test_d2_initiative_scott_cohesion_plus_1_goto_0():
    """AAR: Blue 6 + 1 = 7, Red 5 + 0 = 5: Blue wins."""
    assert D.commanders["scott"].cohesion == 1 and D.commanders["goto"].cohesion == 0
    assert 6 + D.commanders["scott"].cohesion == 7 and 5 + D.commanders["goto"].cohesion == 5


def test_commander_ratings_scott_and_goto():
    s, g = D.commanders["scott"], D.commanders["goto"]
    assert (s.combat, s.cohesion, s.detection) == (0, 1, 0)
    assert (g.cohesion, g.detection) == (0, -1)


def test_d3_movement_speed_5_moves_one_band_on_turn_1():
    """AAR movement: every division of both sides has slowest speed 5 and moves one band on turn 1."""
    for d in CE.division:
        slowest = min(D.ship_class(s).speed for s in d.ships)
        assert slowest == 5
        assert D.movement_bands(slowest, 1) == 1


def test_movement_table_moves_s_bands_in_five_turns():
    for speed in range(0, 6):
        assert sum(D.movement_bands(speed, t) for t in range(1, 6)) == speed
        assert D.movement_bands(speed, 3) == D.movement_bands(speed, 8)   # the table repeats every 5 turns
    assert D.movement_bands(6, 2) == 1
    assert D.movement_bands(4, 5) == 0


def _detect_total(side: str, die: int) -> int:
    sd = CE.side_of(side)
    radar = max((max(D.radar(s)) for s in CE.ships_of(side)), default=0)
    mods = D.detection_modifiers(bands=3, light=CE.light, weather=CE.weather, visibility=CE.visibility,
                                 commander_detection=D.commanders[sd.commander].detection, turn=1,
                                 intelligence=sd.intelligence, radar_rating=radar)
    return die + sum(v for _, v in mods)


def test_d4_detection_cape_esperance_blue_net_plus_1():
    """AAR: Scott 0, 3 bands +2, night -3, radar 3 in range +1, Good intelligence +1 = +1; 3 -> 4 Spotted, 6 -> 7 Identified."""
    assert D.detection_range_modifier(3) == 2
    assert D.environment[("light", "night")].detection == -3
    assert D.detection_mods["radar_in_range"] == 1
    assert D.intelligence_modifier("good", 1) == 1 and D.intelligence_modifier("good", 2) == 0
    assert _detect_total("usn", 3) == 4 and D.detection_result(4) == "spotted"
    assert _detect_total("usn", 6) == 7 and D.detection_result(7) == "identified"


def test_d4_detection_cape_esperance_red_net_minus_2():
    """AAR: Goto -1, 3 bands +2, night -3 = -2 (no radar, Fair intelligence): 1 -> -1 and 4 -> 2, nothing."""
    assert _detect_total("ijn", 1) == -1 and _detect_total("ijn", 4) == 2
    assert D.detection_result(2) == "none" and D.detection_result(-1) == "none"


def test_d4_detection_thresholds_and_six_band_limit():
    assert [D.detection_result(t) for t in (2, 3, 4, 5)] == ["none", "spotted", "spotted", "identified"]
    assert D.detection_range_modifier(6) is not None and D.detection_range_modifier(7) is None


def test_f_radar_rated_3_suffers_land_clutter():
    """Rule F: a target in a land marker's band; radar 3 or less helps only on 4-6."""
    kw = dict(bands=2, light="night", weather="fair", visibility="normal", commander_detection=0, turn=3,
              radar_rating=3, land_marker="savo")
    assert ("radar", 1) not in D.detection_modifiers(clutter_roll=3, **kw)
    assert ("radar", 1) in D.detection_modifiers(clutter_roll=4, **kw)


def _gunnery(ship: str) -> int:
    return D.ship_class(ship).main_fp + sum(v for _, v in D.gunnery_modifiers(
        bands=3, light="night", weather="fair", sea=CE.sea, commander_combat=D.commanders["scott"].combat,
        fire_radar=D.radar(ship)[1]))


def test_d5_gunnery_cape_esperance_modifiers():
    """AAR: +5 (New Orleans, Pensacola) or +6 (Brooklyn), -1 medium range at 3 bands, +0 Scott: +4 and +5."""
    assert D.target_range_modifier(3) == -1
    assert _gunnery("san_francisco") == 4 and _gunnery("salt_lake_city") == 4
    assert _gunnery("boise") == 5 and _gunnery("helena") == 5


def test_d5_gunnery_cape_esperance_results():
    """AAR: 5+4 vs 3+5 = 1 level; 5+4 vs 1+5 = 3; 2+5 vs 4+5 = none; 3+5 vs 4+(2+2) = none."""
    fa, fb = D.classes["furutaka_aoba"], D.classes["fubuki"]
    assert D.damage_levels(5 + _gunnery("san_francisco"), 3 + fa.defense + fa.size) == 1
    assert D.damage_levels(5 + _gunnery("salt_lake_city"), 1 + fa.defense + fa.size) == 3
    assert D.damage_levels(2 + _gunnery("boise"), 4 + fa.defense + fa.size) == 0
    assert D.damage_levels(3 + _gunnery("helena"), 4 + fb.defense + fb.size) == 0


def test_d5_damage_allocation_cape_esperance():
    """AAR: a 5 gives 1 flotation; 1, 6, 3 give 3 structure + 1 flotation and a fire roll; a fire roll of 3 starts none."""
    assert D.allocate_damage("gunnery", [5]) == (0, 1, 0)
    assert D.allocate_damage("gunnery", [1, 6, 3]) == (3, 1, 1)
    assert not D.fire_starts(3)
    fa = D.classes["furutaka_aoba"]
    assert fa.structure > 3 and fa.flotation > 1          # the Furutaka/Aoba survives its damage


def test_d6_torpedo_allocation_is_the_opposite_split():
    assert D.allocate_damage("torpedo", [1, 2, 3, 4]) == (0, 4, 0)
    assert D.allocate_damage("torpedo", [5, 6]) == (2, 1, 1)


def test_d6_type93_at_3_bands_cannot_fire_before_turn_3():
    """AAR torpedo phase: Red's Type 93 reach 3 bands, but not on turn 1; US torpedoes cannot reach 3."""
    assert all(D.is_type93(D.ships[s].cls) for s in CE.ships_of("ijn"))
    assert not D.torpedo_allowed(3, 1, True) and not D.torpedo_allowed(3, 2, True)
    assert D.torpedo_allowed(3, 3, True)
    assert not any(D.torpedo_allowed(3, t, False) for t in range(1, 13))
    assert all(D.torpedo_allowed(1, t, False) for t in range(1, 6))


def test_d6_torpedo_hits_by_difference_capped_by_the_mount():
    assert [D.torpedo_hits(d, 4) for d in (0, 1, 2, 3, 5, 6, 9)] == [0, 1, 1, 2, 2, 3, 3]
    assert D.torpedo_hits(6, 2) == 2
    assert D.torpedo_damage_modifier(7, 3) == 11 and D.torpedo_damage_modifier(7, 0) == 0


def test_d7_ijn_damage_control_only_on_1_2():
    """AAR damage control: Red rolls 4 and 3: neither ship may check; USN checks on 1-3."""
    assert not D.damage_control_succeeds("ijn", 4) and not D.damage_control_succeeds("ijn", 3)
    assert D.damage_control_succeeds("ijn", 2) and D.damage_control_succeeds("usn", 3)
    assert D.damage_control_result(1, on_fire=True) == "none"
    assert D.damage_control_result(3, on_fire=False) == "flotation"
    assert D.damage_control_result(5, on_fire=True) == "fire"


def test_d8_disengagement_table():
    assert D.disengage_succeeds(3, 5) and not D.disengage_succeeds(2, 5)
    assert D.disengage_succeeds(2, 5, night=True)
    assert not D.disengage_succeeds(6, 0)


def test_e_commander_death_and_experience():
    assert D.commander_killed(2, 2) and not D.commander_killed(3, 3)
    assert D.commander_killed(4, 3) and not D.commander_killed(1, 1)
    assert D.experience_result(4) == "none" and D.experience_result(5) == "random"
    assert D.experience_result(5, won=True) == "choice"
    assert D.experience_trait(3) == "cohesion" and D.random_commander_rating(6) == 1


def test_victory_verdicts():
    assert D.verdict("battle", 10, 10) == ("draw", "draw")
    assert D.verdict("battle", 20, 2) == ("usn", "decisive")
    assert D.verdict("campaign", 3, 15) == ("ijn", "marginal")
    assert D.ship_vp("aoba", sunk=True) == 6 and D.ship_vp("aoba", sunk=False, heavily_damaged=True) == 3


# ------------------------------------------------------------------ design rules hold over the whole file

def test_firepower_formula_for_every_class():
    """ships.toml header: FirePower = round(5 + log2(guns x shell x rpm / 7,000)); PT boats by hand."""
    for c in D.classes.values():
        for gun, n, fp in ((c.main_gun, c.main_guns, c.main_fp), (c.secondary_gun, c.secondary_guns, c.secondary_fp)):
            g = D.guns.get(gun)
            if not gun or g.shell_lb == 0:
                continue
            assert fp == math.floor(5 + math.log2(n * g.shell_lb * g.rpm / 7000) + 0.5), (c.id, gun)


def test_speed_and_damage_boxes_follow_their_rules():
    for c in D.classes.values():
        assert c.speed == math.floor(c.knots / 7 + 0.5), c.id
        assert c.structure == c.flotation == max(1, math.floor(math.sqrt(c.displacement / 350) + 0.5)), c.id


def test_every_entry_has_provenance():
    kinds = ("rulebook", "published", "designed")
    specs = [*D.guns.values(), *D.torpedoes.values(), *D.classes.values(), *D.ships.values(),
             *D.commanders.values(), *D.events.values(), *D.markers.values(), *D.land_units.values(),
             *D.scenarios.values(), *D.missions.values()]
    for sc in D.scenarios.values():
        specs += [*sc.side, *sc.division, *sc.land, *sc.land_unit]
    for spec in specs:
        for name in spec.__struct_fields__:
            if name == "prov" or (name.endswith("_prov") and getattr(spec, name)):
                assert getattr(spec, name).startswith(kinds), (spec, name)
                assert len(getattr(spec, name).split(":", 1)[-1].strip()) > 3, (spec, name)


def test_rulebook_provenance_marks_the_example_values():
    assert D.classes["brooklyn"].main_fp_prov.startswith("rulebook")
    assert D.classes["furutaka_aoba"].defense_prov.startswith("rulebook")
    assert D.commanders["goto"].detection_prov.startswith("rulebook")


def test_d66_has_36_events_each_with_an_effect():
    assert sorted(D.events) == list(D66) and len(D66) == 36
    assert all(ev.kind and ev.text for ev in D.events.values())
    assert sum(ev.kind == "none" for ev in D.events.values()) < 20


def test_at_least_18_commanders_of_both_navies():
    assert len(D.commanders) >= 18
    assert {c.navy for c in D.commanders.values()} == {"usn", "ijn"}


def test_at_least_7_scenarios_use_known_classes_and_commanders():
    required = {"savo-island", "cape-esperance", "guadalcanal-night-1", "guadalcanal-night-2", "tassafaronga"}
    assert len(D.scenarios) >= 7 and required <= set(D.scenarios)
    for sc in D.scenarios.values():
        for d in sc.division:
            assert all(D.ships[s].cls in D.classes for s in d.ships)
        for sd in sc.side:
            if sd.commander:
                assert D.commanders[sd.commander].navy == sd.navy
                assert sd.commander_ship in sc.ships_of(sd.navy)


def test_campaign_ship_limits_cover_every_rolled_mission():
    for navy in ("usn", "ijn"):
        for die in range(1, 7):
            m = D.mission_roll(navy, die)
            for t in ("BB", "CA", "CL", "DD", "PT"):
                lim = D.ship_limit(navy, m, t)
                assert lim.limit((1,) * lim.dice) >= lim.min
    assert D.ship_limit("ijn", "transport", "DD").limit((1, 1)) == 4        # [min 4]


# ------------------------------------------------------------------ bad data

def _broken(tmp_path: Path, name: str, old: str, new: str, count: int = 1) -> Path:
    for f in FILES:
        shutil.copy(DATA_DIR / f, tmp_path / f)
    text = (tmp_path / name).read_text()
    assert old in text, old
    (tmp_path / name).write_text(text.replace(old, new, count))
    return tmp_path


def _error(tmp_path: Path) -> DataError:
    with pytest.raises(DataError) as err:
        load(tmp_path)
    assert "\n" not in str(err.value)
    return err.value


def test_unknown_ship_class_is_named(tmp_path):
    _broken(tmp_path, "ships.toml", 'class = "fubuki"', 'class = "fubukii"')
    e = _error(tmp_path)
    assert (e.file, e.field) == ("ships.toml", "class") and "fubuki_dd" in e.entry and "fubukii" in e.reason


def test_unknown_ship_in_a_scenario_is_named(tmp_path):
    _broken(tmp_path, "scenarios.toml", '"farenholt"', '"farenhold"')
    e = _error(tmp_path)
    assert e.file == "scenarios.toml" and "cape-esperance" in e.entry and e.field == "ships"


def test_commander_on_a_ship_not_in_the_battle(tmp_path):
    _broken(tmp_path, "scenarios.toml", 'commander_ship = "aoba"', 'commander_ship = "chokai"')
    e = _error(tmp_path)
    assert "cape-esperance" in e.entry and e.field == "commander_ship" and "chokai" in e.reason


def test_commander_unknown_or_of_the_other_navy(tmp_path):
    _broken(tmp_path, "scenarios.toml", 'commander = "goto"', 'commander = "lee"')
    e = _error(tmp_path)
    assert "cape-esperance" in e.entry and e.field == "commander"


def test_value_out_of_range(tmp_path):
    _broken(tmp_path, "ships.toml", "size = 2", "size = 7")
    e = _error(tmp_path)
    assert e.file == "ships.toml" and e.field == "size" and "0..3" in e.reason


def test_d66_key_outside_11_66(tmp_path):
    _broken(tmp_path, "events.toml", "roll = 16", "roll = 17")
    e = _error(tmp_path)
    assert e.file == "events.toml" and e.field == "roll" and "17" in e.reason


def test_d66_missing_result(tmp_path):
    _broken(tmp_path, "events.toml", "roll = 16", "roll = 15")
    e = _error(tmp_path)
    assert e.file == "events.toml" and e.field == "roll"


def test_table_with_a_gap(tmp_path):
    _broken(tmp_path, "tables.toml", "faces = [3]\nresult", "faces = [2]\nresult")
    e = _error(tmp_path)
    assert e.file == "tables.toml" and "damage_control_check" in e.entry and e.field == "faces"


def test_detection_range_gap(tmp_path):
    _broken(tmp_path, "tables.toml", "bands = 4\nmodifier = 1", "bands = 9\nmodifier = 1")
    e = _error(tmp_path)
    assert "detection_range" in e.entry and e.field == "bands"


def test_bad_provenance(tmp_path):
    _broken(tmp_path, "commanders.toml", 'prov = "designed: won Savo', 'prov = "guessed: won Savo')
    e = _error(tmp_path)
    assert e.file == "commanders.toml" and "mikawa" in e.entry and e.field == "prov"


def test_broken_toml_syntax(tmp_path):
    _broken(tmp_path, "land.toml", 'id = "savo"', 'id = "savo')
    e = _error(tmp_path)
    assert e.file == "land.toml" and re.search("TOML", e.reason)


def test_wrong_field_type(tmp_path):
    _broken(tmp_path, "ships.toml", "defense = 4", 'defense = "four"')
    e = _error(tmp_path)
    assert e.file == "ships.toml" and e.field == "defense"
