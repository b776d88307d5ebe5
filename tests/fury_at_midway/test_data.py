"""Fury at Midway rules data: the values the rulebook states, provenance everywhere, clear errors for broken files."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from kaisen.engine.data import DataError
from kaisen.games.fury_at_midway.data import DATA_DIR, load

D = load()
FILES = ("map.toml", "fleets.toml", "carriers.toml", "cards.toml", "turns.toml")
RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "fury-at-midway.md"


def col(hex_id: str) -> str:
    return hex_id.split("-")[0]


# ------------------------------------------------------------------ map (2.1, 6.1-6.4, 7.2)

def test_2_1_map_is_columns_a_to_i_and_rows_1_to_6():
    assert D.grid.columns == tuple("ABCDEFGHI") and D.grid.rows == 6
    assert len(D.hexes) == 54 and D.on_map("A-1") and D.on_map("I-6")
    assert not D.on_map("J-1") and not D.on_map("A-7") and not D.on_map("A-0") and not D.on_map("F6")


def test_2_1_midway_is_at_f6():
    assert D.midway.hex == "F-6"


def test_6_3_entry_hexes_red_for_1af_white_for_mif():
    assert D.area("1af-entry") == {"A-1", "A-2", "A-3"}
    assert D.area("mif-entry") == {"A-4", "A-5", "A-6"}
    assert D.fleets["1af"].entry == "1af-entry" and D.fleets["mif"].entry == "mif-entry"
    assert D.areas["1af-entry"].move_cost == 1 and D.areas["mif-entry"].move_cost == 1


def test_3_2_csf_sets_up_in_columns_f_to_i_but_not_midway():
    hexes = D.area(D.fleets["csf"].setup)
    assert hexes == {h for h in D.hexes if col(h) in "FGHI"} - {"F-6"}
    assert len(hexes) == 23


def test_6_1_2_japan_exits_from_column_a_and_the_us_from_column_i():
    assert D.area(D.fleets["1af"].exit) == {f"A-{r}" for r in range(1, 7)}
    assert D.area(D.fleets["csf"].exit) == {f"I-{r}" for r in range(1, 7)}
    assert D.areas["usa-exit"].move_cost == 1
    for fid in ("mif", "ijn-dmcv"):
        assert D.fleets[fid].exit == "japan-exit"
    assert D.fleets["us-dmcv"].exit == "usa-exit"


def test_4_2_exit_points_only_for_the_1af_and_the_csf():
    assert {f: fl.exit_vp for f, fl in D.fleets.items()} == {"1af": 1, "mif": 0, "ijn-dmcv": 0, "csf": 1, "us-dmcv": 0}


def test_6_2_plot_example_moves_one_hex_at_a_time():
    # F-4 -> E-3 -> D-3: each step enters a neighbouring hex, and the plot covers two hexes
    assert "E-3" in D.neighbours("F-4") and "D-3" in D.neighbours("E-3")
    assert D.hex_distance("F-4", "D-3") == 2


def test_13_0_example_distances():
    assert D.hex_distance("F-4", "B-4") == 4            # CSF to 1AF in the search phase
    assert D.hex_distance("F-4", "B-3") == 4            # 13.0: B-3 is as far as B-4
    assert D.hex_distance("B-4", "F-6") == 4            # 1AF to Midway: a two-operation attack
    assert D.hex_distance("G-4", "F-4") == 1            # the CSF's first move
    assert "B-4" in D.neighbours("A-3")                 # 1AF enters at A-3 (one hex) and moves one more


def test_7_2_distance_excludes_the_start_hex_and_counts_the_target():
    assert D.hex_distance("F-6", "F-6") == 0
    for h in D.hexes:
        for n in D.neighbours(h):
            assert D.hex_distance(h, n) == 1
    for a in D.hexes:
        for b in D.hexes:
            assert D.hex_distance(a, b) == D.hex_distance(b, a)


def test_2_1_even_columns_sit_half_a_hex_higher():
    # B/D/F/H hexes touch rows n-1 and n of the next column; A/C/E/G/I hexes rows n and n+1
    assert D.neighbours("D-3") == ("C-2", "C-3", "D-2", "D-4", "E-2", "E-3")
    assert D.neighbours("E-3") == ("D-3", "D-4", "E-2", "E-4", "F-3", "F-4")
    assert D.neighbours("F-6") == ("E-5", "E-6", "F-5", "G-5", "G-6")
    assert D.neighbours("A-1") == ("A-2", "B-1", "B-2")
    assert sum(len(D.neighbours(h)) == 6 for h in D.hexes) == 7 * 4   # rows 2-5 of columns B-H


def test_6_4_2_midway_attack_range_is_the_printed_red_line():
    outside = {h for h in D.hexes if D.hex_distance(h, "F-6") > D.midway.attack_range}
    assert D.midway.attack_range == 5
    assert outside == {"A-1", "A-2", "B-1", "B-2", "C-1", "D-1", "H-1", "I-1"}
    assert D.hex_distance("A-3", "F-6") == 5             # the 1AF can attack Midway from an entry hex


def test_6_4_3_midway_ranges_and_8_3_9_5_landing_ranges():
    assert D.midway.one_op_range == 2
    assert D.midway.carrier_landing_range == 2 and D.midway.divert_range == 5


def test_distance_of_an_off_map_hex_is_refused():
    with pytest.raises(KeyError, match="'J-1' is not a hex"):
        D.hex_distance("J-1", "A-1")
    with pytest.raises(KeyError):
        D.neighbours("F-7")


# ------------------------------------------------------------------ fleets (2.3, 6.0, 6.1, 7.1, 9.3, 10.1)

def test_2_3_1_fleet_units_of_each_side():
    assert {f for f, fl in D.fleets.items() if fl.side == "japan"} == {"1af", "mif", "ijn-dmcv"}
    assert {f for f, fl in D.fleets.items() if fl.side == "usa"} == {"csf", "us-dmcv"}


def test_2_3_1_1af_divisions_hold_two_carriers_each_csf_task_forces_two_and_one():
    assert D.fleet_groups("1af") == ("cardiv1", "cardiv2")
    assert D.group_carriers("cardiv1") == ("akagi", "kaga") and D.group_carriers("cardiv2") == ("hiryu", "soryu")
    assert D.fleet_groups("csf") == ("tf16", "tf17")
    assert D.group_carriers("tf16") == ("enterprise", "hornet") and D.group_carriers("tf17") == ("yorktown",)


def test_6_1_1_movement_by_day_and_10_1_1_doubled_at_night():
    assert {f: (fl.ma(False), fl.ma(True)) for f, fl in D.fleets.items()} == {
        "1af": (2, 4), "csf": (2, 4), "mif": (1, 2), "ijn-dmcv": (1, 2), "us-dmcv": (1, 2)}


def test_7_1_search_values_and_7_2_bounds():
    assert D.fleets["1af"].search == 6 and D.fleets["csf"].search == 7 and D.midway.search == 8
    assert D.fleets["mif"].search == D.fleets["ijn-dmcv"].search == D.fleets["us-dmcv"].search == 0
    assert (D.search.min_result, D.search.max_result) == (1, 4)


def test_9_3_aaa_two_dice_per_division_and_track_based_for_midway_and_the_mif():
    assert all(g.aaa_dice == 2 for g in D.groups.values())
    assert D.fleets["mif"].aaa_track == "invasion" and D.carriers["midway"].aaa_track == "garrison"
    assert -(-D.tracks["garrison"].start // 2) == 3 and -(-D.tracks["invasion"].start // 2) == 3   # 9.3(1) example


def test_9_1_target_rolls_8_4_3_strike_sizes_10_1_2_sea_battle():
    j, u = D.sides["japan"], D.sides["usa"]
    assert (j.on_target_max, u.on_target_max) == (3, 5)
    assert (j.strike_group_max, u.strike_group_max, u.midway_strike_group_max) == (8, 2, 3)
    assert (j.sea_battle_minus, u.sea_battle_minus) == (2, 4)


def test_3_1_1_1af_enters_turn_1_and_mif_arrives_turn_4():
    assert D.fleets["1af"].start == "entry" and D.turn(1).arrivals == ("1af",)
    assert D.fleets["mif"].start == "entry" and D.turn(4).arrivals == ("mif",)
    assert D.fleets["csf"].start == "setup"
    assert D.fleets["ijn-dmcv"].start == D.fleets["us-dmcv"].start == "formed"


# ------------------------------------------------------------------ carriers and aircraft (2.3(2), 3.1, 3.2, 8.3, 9.4, 9.6)

def test_8_3_5_deck_limit_two_and_midway_three():
    assert all(c.deck_boxes == 2 for c in D.carriers.values() if c.kind == "carrier")
    assert D.carriers["midway"].deck_boxes == 3


def test_8_3_3_capacity_five_and_9_6_1_midway_seven():
    assert all(c.capacity == 5 for c in D.carriers.values() if c.kind == "carrier")
    assert D.carriers["midway"].capacity == 7


def test_9_4_2_third_hit_sinks_a_carrier_and_9_6_2_wrecks_midway():
    assert all(c.lost_at_hits == 3 for c in D.carriers.values())


def roster(parent: str) -> Counter:
    return Counter(D.squadrons[s].type for s in D.squadrons_of(parent))


def test_3_1_2_each_japanese_carrier_has_two_a6m_a_d3a_and_a_b5n():
    for cv in ("akagi", "kaga", "hiryu", "soryu"):
        assert roster(cv) == {"a6m": 2, "d3a": 1, "b5n": 1}


def test_3_2_2_each_us_carrier_has_two_f4f_two_sbd_and_a_tbd():
    for cv in ("enterprise", "hornet", "yorktown"):
        assert roster(cv) == {"f4f": 2, "sbd": 2, "tbd": 1}


def test_3_2_3_midway_has_seven_units_and_9_4_4_the_b17_is_optional():
    assert roster("midway") == {t: 1 for t in ("f4f-3", "f2a", "sbd-2", "sb2u", "tbf", "b26", "b17")}
    assert [a for a in D.aircraft.values() if a.optional] == [D.aircraft["b17"]]
    assert D.aircraft["b17"].hit_rule == "three-ones"


def test_2_3_2_unit_counts():
    assert len(D.squadrons) == 38 and len(D.aircraft) == 13 and len(D.carriers) == 8
    assert sum(1 for s in D.squadrons.values() if D.aircraft[s.type].side == "japan") == 16


def test_rulebook_aircraft_values():
    a = D.aircraft
    assert a["a6m"].strength == 3 and a["a6m"].steps == 2 and a["a6m"].is_fighter         # 9.2 example, 13.0
    assert a["d3a"].strength - 1 == 2 and a["b5n"].strength - 1 == 2                       # 9.6(2)
    assert a["d3a"].steps == a["b5n"].steps == 2                                           # 13.0: 8 steps
    assert a["sbd"].strength == 3 and a["sbd"].bomb_icon and a["d3a"].bomb_icon            # 13.0, 9.4(1)
    assert a["sbd-2"].strength == 2 and a["sbd-2"].steps == 2 and not a["sbd-2"].bomb_icon  # 13.0 Midway SBD
    assert a["tbd"].ma == 2 and a["sbd"].ma > 2                                            # 8.5(2) example
    assert a["f4f"].steps == 2 and a["tbf"].steps == 1                                      # 9.2(3), 13.0
    assert a["f4f-3"].steps + a["f2a"].steps == 3                                          # 13.0: Midway CAP
    assert {t.id for t in a.values() if t.bomb_icon} == {"d3a", "sbd"}


def test_13_0_example_set_up():
    def at(side: str, box: str) -> Counter:
        return Counter(s.type for s in D.squadrons.values()
                       if D.aircraft[s.type].side == side and D.carriers[s.parent].kind == "carrier"
                       and s.start_box[0] == box)
    assert at("japan", "deck") == {"a6m": 2, "d3a": 3, "b5n": 3}
    assert at("japan", "hangar") == {"a6m": 2, "d3a": 1, "b5n": 1}
    for div in ("cardiv1", "cardiv2"):
        cap = [s for cv in D.group_carriers(div) for s in D.squadrons_of(cv) if D.squadrons[s].start == "cap"]
        assert len(cap) == 2
    for cv in ("akagi", "kaga", "hiryu", "soryu"):        # every Japanese deck has an attack aircraft
        assert any(D.aircraft[D.squadrons[s].type].role == "attack" and D.squadrons[s].start_box[0] == "deck"
                   for s in D.squadrons_of(cv))
    for cv in ("enterprise", "hornet", "yorktown"):
        assert Counter((D.squadrons[s].type, D.squadrons[s].start_box[0]) for s in D.squadrons_of(cv)) == {
            ("f4f", "cap"): 1, ("f4f", "deck"): 1, ("sbd", "deck"): 1, ("sbd", "hangar"): 1, ("tbd", "hangar"): 1}
    mid = {D.squadrons[s].type: D.squadrons[s].start_box[0] for s in D.squadrons_of("midway")}
    assert mid == {"f4f-3": "cap", "f2a": "cap", "tbf": "deck", "sbd-2": "deck", "b26": "deck",
                   "sb2u": "hangar", "b17": "hangar"}


# ------------------------------------------------------------------ cards (3.1(3), 3.2(4), 5.0(1), 12.0)

def test_12_0_thirteen_cards_and_who_may_play_them():
    assert sorted(D.cards) == list(range(1, 14))
    by = Counter(c.side for c in D.cards.values())
    assert by == {"japan": 6, "usa": 4, "either": 3}
    assert D.cards[9].title == "Escort Separated" and D.cards[12].title == "Elite Pilots"       # 13.0
    assert D.cards[11].title == "US Strike Lost" and D.cards[13].title == "Critical Hit"        # 13.0
    assert D.cards[2].title == "Damage Control" and D.cards[2].playable_by("usa")               # 13.0
    assert all(D.cards[n].playable_by("japan") for n in (9, 11, 12))
    assert not D.cards[13].playable_by("japan") and not D.cards[5].playable_by("usa")


def test_12_0_card_07_cancels_06_and_04_may_cancel_01():
    assert D.cards[7].cancels == (6,) and D.cards[7].cancel_mode == "also"
    assert D.cards[4].cancels == (1,) and D.cards[4].cancel_mode == "instead"
    assert D.cancelled_by(6) == (7,) and D.cancelled_by(1) == (4,)
    assert [c.number for c in D.cards.values() if c.cancels] == [4, 7]


def test_3_1_3_and_3_2_4_opening_hands_of_three_and_two():
    assert D.draw.japan_hand == 3 and D.draw.japan_hand_from == ("japan",)
    assert D.draw.usa_hand == 2 and set(D.draw.usa_hand_from) == {"usa", "either"}
    assert len(D.cards) - 3 - 2 == 8 >= len(D.draw.japan_turns) + len(D.draw.usa_turns)


def test_5_0_1_card_draws_on_turns_2_to_7():
    assert D.draw.usa_turns == (2, 4, 6) and D.draw.japan_turns == (3, 5, 7)
    assert [D.drawing_side(t) for t in range(1, 8)] == [None, "usa", "japan", "usa", "japan", "usa", "japan"]


def test_5_0_1_cards_05_and_06_are_played_in_the_card_draw_phase():
    assert D.cards[5].timing == D.cards[6].timing == "card-draw"
    assert D.cards[5].turns == (4, 7)
    assert 4 not in D.cards[6].turns and len(D.cards[6].turns) == 6


def test_every_card_timing_is_a_declared_phase_or_step():
    ids = {p.id for p in D.phases} | set(D.steps)
    assert all(c.timing in ids for c in D.cards.values())


# ------------------------------------------------------------------ turn track (2.2, 3.3, 4.0, 5.0, 10.0, 11.0)

def test_2_2_seven_turns_and_turn_4_is_night():
    assert len(D.turns) == 7 and [t.number for t in D.turns] == list(range(1, 8))
    assert [t.number for t in D.turns if t.night] == [4]


def test_4_1_day_1_is_turns_1_to_3_and_4_2_day_2_ends_with_turn_7():
    assert [t.day for t in D.turns] == [1, 1, 1, 2, 2, 2, 2]
    assert D.victory.day1_turn == 3 and D.victory.day1_ratio == 3 and D.victory.day2_turn == 7


def test_4_2_victory_points():
    v = D.victory
    assert (v.carrier_vp, v.midway_vp, v.midway_start, v.margin) == (1, 2, "usa", 1)


def test_3_3_marker_set_up():
    t = D.tracks
    assert (t["turn"].start, t["aop"].start, t["invasion"].start, t["garrison"].start) == (1, 0, 5, 6)
    assert (t["aop"].low, t["aop"].high) == (0, 4) and t["aop"].sides == ("japan", "usa")
    assert t["invasion"].x_box and t["garrison"].x_box and t["garrison"].high == 6
    assert dict(t["garrison"].labels)[2] == "Bombardment Limit"                    # 9.6(3)


def test_5_0_sequence_of_play_and_11_0_landing_on_turn_7_only():
    assert [p.id for p in D.phases] == [
        "card-draw", "midway-declaration", "us-movement-planning", "ijn-movement", "midway-attack",
        "us-movement", "search", "air-operations", "landing", "end-of-turn"]
    assert next(p for p in D.phases if p.id == "landing").turns == (7,)


# ------------------------------------------------------------------ provenance and loading

def specs():
    yield D.grid
    yield D.midway
    yield D.search
    yield D.draw
    yield D.victory
    for table in (D.areas, D.sides, D.fleets, D.groups, D.carriers, D.aircraft, D.squadrons, D.cards,
                  D.steps, D.tracks):
        yield from table.values()
    yield from D.phases
    yield from D.turns


def test_every_value_has_provenance():
    n = 0
    for spec in specs():
        for name in spec.__struct_fields__:
            if name == "prov" or (name.endswith("_prov") and getattr(spec, name)):
                assert getattr(spec, name).startswith(("rulebook", "published", "designed")), (spec, name)
                n += 1
    assert n > 150


def test_data_is_loaded_once_and_frozen():
    assert load() is D
    with pytest.raises(AttributeError):
        D.fleets["1af"].search = 8  # type: ignore[misc]


def test_a_copied_folder_loads_the_same_values(tmp_path):
    for f in FILES:
        shutil.copy(DATA_DIR / f, tmp_path / f)
    d = load(tmp_path)
    assert d is not D and d.cards == D.cards and d.squadrons == D.squadrons and d.hexes == D.hexes


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is kept outside the repository")
def test_data_files_never_copy_rulebook_sentences():
    words = lambda s: re.findall(r"[a-z0-9]+", s.lower())  # noqa: E731
    rb = words(RULEBOOK.read_text())
    grams = {tuple(rb[i:i + 7]) for i in range(len(rb) - 6)}
    for f in FILES:
        w = words((DATA_DIR / f).read_text())
        copied = {" ".join(w[i:i + 7]) for i in range(len(w) - 6) if tuple(w[i:i + 7]) in grams}
        assert not copied, (f, copied)


# ------------------------------------------------------------------ broken copies

def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    for f in FILES:
        shutil.copy(DATA_DIR / f, tmp_path / f)
    text = (DATA_DIR / file).read_text()
    assert old in text, old
    (tmp_path / file).write_text(text.replace(old, new, 1))
    return tmp_path


CASES = [
    # map.toml
    ("map.toml", 'hex = "F-6"', 'hex = "F-7"', "[midway]", "hex"),
    ("map.toml", '"A-1", "A-2", "A-3"]', '"A-1", "A-2", "J-3"]', "'1af-entry'", "hexes"),
    ("map.toml", 'outside_attack_range = ["A-1", ', "outside_attack_range = [", "[midway]", "outside_attack_range"),
    ("map.toml", 'offset = "even-columns-up"', 'offset = "odd-columns-up"', "[midway]", "outside_attack_range"),
    ("map.toml", 'offset = "even-columns-up"', 'offset = "staggered"', "(top level)", "offset"),
    ("map.toml", 'exclude = ["F-6"]', "exclude = []", "'csf-setup'", "hexes"),
    ("map.toml", 'prov = "rulebook 6.3(1)"\n', "\n", "'1af-entry'", "prov"),
    ("map.toml", 'columns = ["F", "G", "H", "I"]', 'columns = ["F", "G", "H", "J"]', "'csf-setup'", "columns"),
    # fleets.toml
    ("fleets.toml", 'entry = "1af-entry"', 'entry = "nowhere"', "'1af'", "entry"),
    ("fleets.toml", 'fleet = "1af"', 'fleet = "2af"', "'cardiv1'", "fleet"),
    ("fleets.toml", "ma_night = 4", "ma_night = 1", "'1af'", "ma_night"),
    ("fleets.toml", "search = 6", 'search = "6"', "'1af'", "search"),
    ("fleets.toml", 'aaa_dice_prov = "designed:', 'aaa_dice_prov = "guessed:', "'ijn-dmcv'", "aaa_dice_prov"),
    ("fleets.toml", 'id = "mif"', 'id = "1af"', "'1af'", "id"),
    # carriers.toml
    ("carriers.toml", 'parent = "akagi"', 'parent = "akagiii"', "'akagi-a6m-1'", "parent"),
    ("carriers.toml", 'type = "a6m"', 'type = "a7m"', "'akagi-a6m-1'", "type"),
    ("carriers.toml", 'start = "cap"', 'start = "deck:3"', "'akagi-a6m-1'", "start"),
    ("carriers.toml", 'start = "hangar"', 'start = "deck:1"', "'akagi-d3a'", "start"),
    ("carriers.toml", 'type = "d3a"\nparent = "akagi"\nstart = "deck:1"', 'type = "d3a"\nparent = "akagi"\nstart = "cap"',
     "'akagi-d3a'", "start"),
    ("carriers.toml", 'group = "cardiv1"', 'group = "cardiv9"', "'akagi'", "group"),
    ("carriers.toml", "deck_boxes = 3", "deck_boxes = 3\nrunways = 3", "'midway'", "runways"),
    ("carriers.toml", 'id = "kaga"', 'id = "akagi"', "'akagi'", "id"),
    ("carriers.toml", "steps = 2", "steps = 3", "'a6m'", "steps"),
    ("carriers.toml", 'parent = "midway"', 'parent = "enterprise"', "'midway-f4f'", "parent"),
    # cards.toml
    ("cards.toml", "number = 13", "number = 14", "(14)", "number"),
    ("cards.toml", "number = 7", "number = 6", "(6)", "number"),
    ("cards.toml", "cancels = [6]", "cancels = [66]", "(7)", "cancels"),
    ("cards.toml", 'timing = "search"', 'timing = "lunch"', "(7)", "timing"),
    ("cards.toml", "japan_hand = 3", "japan_hand = 7", "[draw]", "japan_hand"),
    ("cards.toml", 'prov = "published: card art', 'prov = "a card', "(1)", "prov"),
    ("cards.toml", 'side = "usa"', 'side = "both"', "(1)", "side"),
    ("cards.toml", "usa_turns = [2, 4, 6]", "usa_turns = [2, 3, 6]", "[draw]", "usa_turns"),
    # turns.toml
    ("turns.toml", 'arrivals = ["mif"]', 'arrivals = ["mif", "1af"]', "(4)", "arrivals"),
    ("turns.toml", "night = true", "night = false", "(4)", "night"),
    ("turns.toml", "start = 6", "start = 7", "'garrison'", "start"),
    ("turns.toml", "number = 3\n", "number = 9\n", "(9)", "number"),
    ("turns.toml", "day2_turn = 7", "day2_turn = 6", "[victory]", "day2_turn"),
    ("turns.toml", "number = 4\nday = 2", "number = 4\nday = 1", "(4)", "day"),
]


@pytest.mark.parametrize("file,old,new,entry,field", CASES)
def test_broken_file_names_file_entry_field_and_reason(tmp_path, file, old, new, entry, field):
    with pytest.raises(DataError) as err:
        load(broken(tmp_path, file, old, new))
    e = err.value
    assert (e.file, e.field) == (file, field), str(e)
    assert entry in e.entry and e.reason, str(e)
    assert str(e).startswith(f"{file}: ")


def test_an_entering_fleet_missing_from_the_turn_track_is_named_in_fleets_toml(tmp_path):
    with pytest.raises(DataError) as err:
        load(broken(tmp_path, "turns.toml", 'arrivals = ["mif"]', "arrivals = []"))
    assert (err.value.file, err.value.field) == ("fleets.toml", "start") and "'mif'" in err.value.entry


def test_toml_syntax_error_names_the_file(tmp_path):
    with pytest.raises(DataError, match=r"cards.toml.*not valid TOML"):
        load(broken(tmp_path, "cards.toml", "number = 1\n", "number = = 1\n"))


def test_a_missing_file_is_named(tmp_path):
    broken(tmp_path, "map.toml", "rows = 6", "rows = 6")
    (tmp_path / "fleets.toml").unlink()
    with pytest.raises(DataError, match="fleets.toml.*cannot read"):
        load(tmp_path)


def test_specs_reject_unknown_fields():
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"id": "x", "name": "x", "prov": "rulebook 1", "colour": "red"},
                        type(D.steps["air-attack.aaa"]), strict=True)
