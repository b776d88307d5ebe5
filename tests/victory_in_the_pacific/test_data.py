"""Victory in the Pacific rules data: the values the rulebook states, provenance everywhere, clear errors for broken files."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from kaisen.engine.data import DataError
from kaisen.games.victory_in_the_pacific.data import DATA_DIR, FILES, UnitSpec, load

D = load()
RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "victory-in-the-pacific.md"
AREAS = ("aleutian-islands", "north-pacific", "hawaiian-islands", "central-pacific", "marshall-islands", "us-mandate",
         "japanese-islands", "marianas-islands", "south-pacific", "coral-sea", "indonesia", "bay-of-bengal", "indian-ocean")
PORTS = {"yokosuka", "saigon", "singapore", "truk", "pearl-harbor", "samoa", "australia", "ceylon"}


def units(**kw) -> list[UnitSpec]:
    return [u for u in D.units.values() if all(getattr(u, k) == v for k, v in kw.items())]


# ------------------------------------------------------------------ board (2.1, 2.11, 2.12, 2.5)

def test_2_1_thirteen_sea_areas_with_the_named_ids():
    assert tuple(D.areas) == AREAS


def test_2_1_eight_major_ports_and_fourteen_island_bases():
    assert len(D.bases) == 22
    assert {b for b, s in D.bases.items() if s.kind == "port"} == PORTS
    assert sum(1 for s in D.bases.values() if s.kind == "base") == 14
    for b in ("the-philippines", "port-moresby", "lae", "guadalcanal", "midway", "johnston-island", "andaman-islands"):
        assert D.bases[b].kind == "base"


def test_2_11_lae_and_port_moresby_touch_only_their_own_coasts():
    assert set(D.bases["lae"].touches) == {"south-pacific", "indonesia"}
    assert set(D.bases["port-moresby"].touches) == {"indian-ocean", "coral-sea"}
    assert not set(D.bases["lae"].touches) & set(D.bases["port-moresby"].touches)


def test_2_12_the_philippines_touch_indonesia_and_the_marianas():
    assert set(D.bases["the-philippines"].touches) == {"indonesia", "marianas-islands"}


def test_2_1_guadalcanal_is_part_of_south_pacific_and_coral_sea():
    assert set(D.bases["guadalcanal"].touches) == {"south-pacific", "coral-sea"}
    assert "guadalcanal" in D.touching("south-pacific") and "guadalcanal" in D.touching("coral-sea")


def test_adjacency_is_symmetric_and_irreflexive():
    for a in D.areas:
        assert a not in D.neighbours(a)
        for b in D.neighbours(a):
            assert D.adjacent(b, a), (a, b)
    assert D.adjacent("hawaiian-islands", "us-mandate") and not D.adjacent("indian-ocean", "hawaiian-islands")


def test_the_board_is_connected():
    seen, todo = {"japanese-islands"}, ["japanese-islands"]
    while todo:
        for n in D.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(AREAS)


def test_2_1_every_base_touches_bordering_areas_and_touching_agrees():
    for b, s in D.bases.items():
        assert 1 <= len(s.touches) <= 3
        for x in s.touches:
            assert b in D.touching(x)
            for y in s.touches:
                assert x == y or D.adjacent(x, y)
    assert set(D.touching("hawaiian-islands")) == {"pearl-harbor", "johnston-island"}


def test_1_0_indonesia_is_worth_three_to_japan_and_one_to_the_allies():
    assert (D.areas["indonesia"].poc_japan, D.areas["indonesia"].poc_allies) == (3, 1)


def test_1_0_the_hawaii_australia_line_is_worth_most_to_the_allies():
    best = max(a.poc_allies for a in D.areas.values())
    assert D.areas["hawaiian-islands"].poc_allies == best
    for a in ("us-mandate", "coral-sea"):
        assert D.areas[a].poc_allies >= 2


def test_published_turn_one_poc_check_gives_japan_the_usual_seven():
    japan = ("japanese-islands", "indonesia", "marianas-islands", "south-pacific", "aleutian-islands", "central-pacific", "marshall-islands")
    allies = ("bay-of-bengal", "indian-ocean", "coral-sea", "us-mandate")
    assert sum(D.areas[a].poc("japan") for a in japan) == 12
    assert sum(D.areas[a].poc("allies") for a in allies) == 5


def test_2_5_poc_track_caps_at_29_and_4_7_eight_turns_plus_optional_ninth():
    assert (D.poc_cap, D.last_turn, D.optional_turn) == (29, 8, 9)


def test_start_control_is_the_december_1941_holdings():
    assert {b for b, s in D.bases.items() if s.start == "japan"} == {
        "yokosuka", "saigon", "truk", "okinawa", "saipan", "kwajalein", "maloelap"}
    assert {a for a, s in D.areas.items() if s.start == "japan"} == {"japanese-islands", "marianas-islands", "marshall-islands"}


# ------------------------------------------------------------------ repair (11.21-11.23)

def test_11_21_yokosuka_repairs_six_a_turn_for_japan():
    assert [D.repair("yokosuka", t) for t in range(1, 10)] == [6] * 9
    assert D.bases["yokosuka"].repair_side == "japan"


def test_11_22_ceylon_and_australia_repair_one_a_turn_for_the_allies():
    for p in ("ceylon", "australia"):
        assert [D.repair(p, t) for t in range(1, 10)] == [1] * 9 and D.bases[p].repair_side == "allies"


def test_11_23_pearl_harbor_repair_grows_by_three():
    assert [D.repair("pearl-harbor", t) for t in range(1, 10)] == [0, 3, 6, 9, 12, 15, 15, 15, 15]
    assert D.bases["pearl-harbor"].repair_side == "allies"


def test_11_2_no_other_port_repairs():
    for b in D.bases:
        if b not in ("yokosuka", "pearl-harbor", "ceylon", "australia"):
            assert D.repair(b, 3) == 0 and D.bases[b].repair_side == ""
    assert D.repair("yokosuka", 10) == 0


# ------------------------------------------------------------------ units (3.1-3.3, 4.2-4.42, 18.x)

def test_3_1_de_ruyter_is_the_only_dutch_ship():
    assert [u.id for u in units(nation="dutch")] == ["de-ruyter"]


def test_3_2_one_submarine_each_with_a_bonus_shot():
    subs = {u.id: u for u in units(kind="sub")}
    assert set(subs) == {"i-boat", "f-boat"}
    assert subs["i-boat"].side == "japan" and subs["f-boat"].side == "allies"
    assert all(s.gunnery == 1 and s.gunnery_bonus for s in subs.values())


def test_18_34_the_i_boat_is_in_play_on_turn_one():
    assert "i-boat" in D.arrivals(1)


def test_5_25_only_one_side_has_a_submarine_each_turn():
    for t in range(1, D.optional_turn + 1):
        have = [u for u in ("i-boat", "f-boat")
                if D.units[u].arrive <= t and not (D.units[u].remove and D.units[u].remove <= t)]
        assert len(have) == 1, (t, have)


def test_4_2_every_japanese_starting_unit_is_at_yokosuka():
    start = [D.units[u] for u in D.arrivals(1) if D.units[u].side == "japan"]
    assert start and all(u.at == "yokosuka" for u in start)


def test_4_2_the_usual_pearl_harbor_raid_is_eight_carriers_and_26_airstrikes():
    fast = [u for u in units(side="japan", arrive=1, kind="ship") if u.airstrike and u.speed >= 5]
    assert len(fast) == 8 and sum(u.airstrike for u in fast) == 26
    assert D.units["hosho"].speed < 5


def test_18_4_four_air_flotillas_fire_twelve_shots_a_round():
    lba = units(side="japan", kind="lba", arrive=1)
    assert len(lba) == 6 and all((u.airstrike, u.defense) == (3, 4) for u in lba)
    assert sum(u.airstrike for u in lba[:4]) == 12


def test_3_1_allied_letters_and_18_3_two_cruisers_at_sea_off_hawaii():
    at_sea = Counter(D.units[u].at for u in D.arrivals(1) if D.units[u].at in D.areas)
    assert set(at_sea) == {"hawaiian-islands", "us-mandate", "coral-sea", "bay-of-bengal", "indonesia"}
    hi = units(at="hawaiian-islands")
    assert len(hi) == 2 and all(u.type == "CA" and u.nation == "us" for u in hi)


def test_18_22_five_cruisers_in_australia_singapore_and_the_philippines():
    cr = [u for u in units(arrive=1, side="allies") if u.at in ("australia", "singapore", "the-philippines")]
    assert len(cr) == 5 and all(u.type in ("CA", "CL") for u in cr)


def test_18_4_british_capital_ships_start_in_indonesia():
    assert {u.id for u in units(at="indonesia", kind="ship")} == {"prince-of-wales", "repulse"}


def test_18_32_location_uncertain_groups_are_the_us_carrier_groups():
    carriers = {g: [u for u in D.group(g) if D.units[u].type == "CV"] for g in "WXYZ"}
    assert carriers == {"W": ["enterprise"], "X": ["lexington"], "Y": ["saratoga"], "Z": ["yorktown", "hornet"]}
    assert sum(len(carriers[g]) for g in "YZ") == 3
    for g in "WXYZ":
        assert all(D.units[u].side == "allies" and D.units[u].arrive == 1 for u in D.group(g))
        assert set(D.group(g)) <= set(D.arrivals(1))
    with pytest.raises(KeyError):
        D.group("V")


def test_17_11_us_reinforcements_enter_at_pearl_harbor_17_21_british_at_ceylon():
    for t in range(2, D.optional_turn + 1):
        for u in map(D.units.get, D.arrivals(t)):
            assert D.bases[u.at].kind == "port"
            if u.nation == "us":
                assert u.at == "pearl-harbor", u.id
            if u.nation == "british" and u.id != "victorious":
                assert u.at == "ceylon", u.id
            if u.side == "japan":
                assert u.at == "yokosuka", u.id


def test_17_23_victorious_is_placed_on_pearl_harbor():
    assert D.units["victorious"].nation == "british" and D.units["victorious"].at == "pearl-harbor"


def test_published_turn_six_us_reinforcements():
    t6 = {u for u in D.arrivals(6) if D.units[u].nation == "us"}
    assert {"alabama", "baltimore", "boston", "essex", "cv-10", "cv-16", "independence", "princeton", "belleau-wood",
            "cowpens", "monterey", "4th-marines"} <= t6
    assert D.units["essex"].code == "1-3-7 (+4)" and D.units["alabama"].code == "(5)-6-5"


def test_4_42_british_battleship_removal_types_are_the_listed_factor_sets():
    for u in units(nation="british", removal_type="bb"):
        assert (u.gunnery, u.armor, u.speed) in {(4, 4, 3), (4, 4, 4), (4, 5, 6), (3, 3, 6)}, u.id
    for u in units(nation="british", removal_type="cv-027"):
        assert (u.gunnery, u.armor, u.speed) == (0, 2, 7)
    assert D.units["hermes"].removal_type == "hermes"


def test_4_42_only_british_ships_and_the_i_boat_are_listed_for_removal():
    listed = {u for t in range(1, D.optional_turn + 1) for u in D.removals(t)}
    assert listed and all(D.units[u].nation == "british" or u == "i-boat" for u in listed)
    assert all(D.units[u].removal_type for u in listed)
    assert D.removals(1) == ()


def test_4_4_arrivals_cover_every_unit_exactly_once():
    seen = [u for t in range(1, D.optional_turn + 1) for u in D.arrivals(t)]
    assert sorted(seen) == sorted(D.units) and len(seen) == len(set(seen))


def test_ship_factor_ranges():
    for u in units(kind="ship"):
        assert 1 <= u.speed <= 8 and u.armor >= 0 and u.defense == 0
        assert u.airstrike == 0 or u.type in ("CV", "CVL", "CVE")


def test_unit_counts_by_side_and_kind():
    c = Counter((u.side, u.kind) for u in D.units.values())
    assert c[("japan", "lba")] == 6 and c[("japan", "amph")] == 2 and c[("allies", "amph")] == 3
    assert c[("allies", "lba")] == 10 and c[("japan", "sub")] == c[("allies", "sub")] == 1
    assert c[("japan", "ship")] > 40 and c[("allies", "ship")] > 70


def test_japanese_cruisers_have_the_gunnery_bonus_and_us_fast_battleships_too():
    assert all(u.gunnery_bonus for u in units(side="japan", type="CA") + units(side="japan", type="CL"))
    assert all(D.units[u].gunnery_bonus for u in ("south-dakota", "alabama", "iowa"))
    assert not D.units["north-carolina"].gunnery_bonus and not D.units["nagato"].gunnery_bonus


# ------------------------------------------------------------------ provenance, loading

def test_every_value_has_published_or_designed_provenance():
    for group in (D.areas, D.bases, D.units):
        for spec in group.values():
            for f in spec.__struct_fields__:
                if f == "prov" or (f.endswith("_prov") and getattr(spec, f)):
                    assert re.match(r"^(published|designed): \S", getattr(spec, f)), (spec.id, f)


def test_provenance_counts_sum_to_the_number_of_values():
    def n_values(spec) -> int:
        return sum(1 for f in spec.__struct_fields__ if f not in ("id", "prov") and not f.endswith("_prov"))
    total = sum(n_values(s) for g in (D.areas, D.bases, D.units) for s in g.values()) + n_values(D.game)
    c = D.provenance_counts()
    assert set(c) == {"published", "designed"} and sum(c.values()) == total
    assert c["published"] > c["designed"] > 0


def test_data_is_loaded_once_and_frozen():
    assert load() is D
    with pytest.raises(AttributeError):
        D.units["yamato"].armor = 1  # type: ignore[misc]


def test_a_copied_folder_loads_the_same_values(tmp_path):
    for f in FILES:
        shutil.copy(DATA_DIR / f, tmp_path / f)
    d = load(str(tmp_path))
    assert d is not D and d.units == D.units and d.bases == D.bases and d.areas == D.areas


def test_lookups_reject_unknown_names():
    with pytest.raises(KeyError):
        D.neighbours("atlantic")
    with pytest.raises(KeyError):
        D.repair("atlantis", 1)


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is kept outside the repository")
def test_data_files_never_copy_rulebook_sentences():
    words = lambda s: re.findall(r"[a-z0-9]+", s.lower())  # noqa: E731
    rb = words(RULEBOOK.read_text())
    grams = {tuple(rb[i:i + 7]) for i in range(len(rb) - 6)}
    for f in FILES + ("../DATA.md",):
        w = words((DATA_DIR / f).read_text())
        copied = {" ".join(w[i:i + 7]) for i in range(len(w) - 6) if tuple(w[i:i + 7]) in grams}
        assert not copied, (f, copied)


# ------------------------------------------------------------------ broken copies

def broken(tmp_path: Path, file: str, old: str, new: str) -> str:
    for f in FILES:
        shutil.copy(DATA_DIR / f, tmp_path / f)
    text = (DATA_DIR / file).read_text()
    assert old in text, old
    (tmp_path / file).write_text(text.replace(old, new, 1))
    return str(tmp_path)


CASES = [
    # game.toml
    ("game.toml", "optional_turn = 9", "optional_turn = 10", "[game]", "optional_turn"),
    ("game.toml", "poc_cap = 29", 'poc_cap = "29"', "[game]", "poc_cap"),
    # map.toml: areas
    ("map.toml", 'adjacent = ["north-pacific", "japanese-islands"]', 'adjacent = ["north-pacific", "japanese-islands", "coral-sea"]',
     "'aleutian-islands'", "adjacent"),
    ("map.toml", 'adjacent = ["north-pacific", "japanese-islands"]', 'adjacent = ["north-pacific", "kuriles"]', "'aleutian-islands'", "adjacent"),
    ("map.toml", 'id = "indian-ocean"', 'id = "bay-of-bengal"', "'bay-of-bengal'", "id"),
    ("map.toml", "poc_japan = 0\n", "poc_japan = -1\n", "'aleutian-islands'", "poc_japan"),
    ("map.toml", 'start = "allies"\nprov = "published: gameaholics ladder', 'start = "neutral"\nprov = "published: gameaholics ladder',
     "'aleutian-islands'", "start"),
    ("map.toml", 'prov = "published: Wikipedia', 'prov = "guessed: Wikipedia', "'north-pacific'", "prov"),
    ("map.toml", 'poc_allies_prov = "designed: no source', 'poc_allies_prov = "no source', "'aleutian-islands'", "poc_allies_prov"),
    # map.toml: bases
    ("map.toml", 'touches = ["south-pacific", "indonesia"]', 'touches = ["south-pacific", "indonesia", "coral-sea"]', "'lae'", "touches"),
    ("map.toml", 'touches = ["indian-ocean", "coral-sea"]', 'touches = ["coral-sea"]', "'port-moresby'", "touches"),
    ("map.toml", 'touches = ["indonesia", "marianas-islands"]', 'touches = ["indonesia"]', "'the-philippines'", "touches"),
    ("map.toml", 'touches = ["bay-of-bengal"]\n', "touches = []\n", "'andaman-islands'", "touches"),
    ("map.toml", 'touches = ["bay-of-bengal"]\n', 'touches = ["arabian-sea"]\n', "'andaman-islands'", "touches"),
    ("map.toml", 'touches = ["marshall-islands"]\nstart = "japan"', 'touches = ["marshall-islands", "indian-ocean"]\nstart = "japan"',
     "'kwajalein'", "touches"),
    ("map.toml", 'kind = "base"', 'kind = "port"', "(file)", "kind"),
    ("map.toml", "repair = [0, 3, 6, 9, 12, 15, 15, 15, 15]", "repair = [0, 3, 6]", "'pearl-harbor'", "repair"),
    ("map.toml", 'repair_side = "japan"', 'repair_side = ""', "'yokosuka'", "repair_side"),
    ("map.toml", 'name = "Attu"', 'name = "Attu"\ncolour = "green"', "'attu'", "colour"),
    # units.toml
    ("units.toml", 'at = "group:W"', 'at = "group:Q"', "'enterprise'", "at"),
    ("units.toml", 'at = "pearl-harbor"', 'at = "honolulu"', "'west-virginia'", "at"),
    ("units.toml", 'id = "yamato"\nname = "Yamato"\nside = "japan"\nnation = "japan"\nkind = "ship"\ntype = "BB"\ngunnery = 6\n'
                   'gunnery_bonus = false\nairstrike = 0\nairstrike_bonus = false\narmor = 9\nspeed = 5',
     'id = "yamato"\nname = "Yamato"\nside = "japan"\nnation = "japan"\nkind = "ship"\ntype = "BB"\ngunnery = 6\n'
     'gunnery_bonus = false\nairstrike = 0\nairstrike_bonus = false\narmor = 9\nspeed = 9', "'yamato'", "speed"),
    ("units.toml", "armor = 5\nspeed = 4", "armor = -1\nspeed = 4", "'nagato'", "armor"),
    ("units.toml", 'type = "BB"', 'type = "DD"', "'nagato'", "type"),
    ("units.toml", 'at = "yokosuka"', 'at = "truk"', "'nagato'", "at"),
    ("units.toml", 'id = "mutsu"', 'id = "nagato"', "'nagato'", "id"),
    ("units.toml", 'nation = "japan"', 'nation = "us"', "'nagato'", "nation"),
    ("units.toml", "arrive = 1", "arrive = 10", "'nagato'", "arrive"),
    ("units.toml", 'prov = "published: gameaholics War Imminent counter list (research S2, 4.1)"\n', "\n", "'nagato'", "prov"),
    ("units.toml", 'arrive_prov = "designed: commissioned December 1941', 'arrive_prov = "commissioned December 1941', "'yamato'", "arrive_prov"),
    ("units.toml", 'remove = 7\nremoval_type = "bb"', 'remove = 7\nremoval_type = ""', "'revenge'", "removal_type"),
    ("units.toml", 'nation = "australian"\nkind = "ship"\ntype = "CA"\ngunnery = 1\ngunnery_bonus = false\nairstrike = 0\n'
                   'airstrike_bonus = false\narmor = 1\nspeed = 7\ndefense = 0\narrive = 1\nat = "australia"\nremove = 0',
     'nation = "australian"\nkind = "ship"\ntype = "CA"\ngunnery = 1\ngunnery_bonus = false\nairstrike = 0\n'
     'airstrike_bonus = false\narmor = 1\nspeed = 7\ndefense = 0\narrive = 1\nat = "australia"\nremove = 5', "'hmas-australia'", "remove"),
    ("units.toml", "defense = 4", "defense = 0", "'air-flotilla-21'", "defense"),
]


@pytest.mark.parametrize("file,old,new,entry,field", CASES)
def test_broken_file_names_file_entry_field_and_reason(tmp_path, file, old, new, entry, field):
    with pytest.raises(DataError) as err:
        load(broken(tmp_path, file, old, new))
    e = err.value
    assert (e.file, e.field) == (file, field), str(e)
    assert entry in e.entry and e.reason, str(e)
    assert str(e).startswith(f"{file}: ")


def test_toml_syntax_error_names_the_file(tmp_path):
    with pytest.raises(DataError, match=r"units.toml.*not valid TOML"):
        load(broken(tmp_path, "units.toml", "arrive = 1\n", "arrive = = 1\n"))


def test_a_missing_file_is_named(tmp_path):
    path = broken(tmp_path, "game.toml", "poc_cap = 29", "poc_cap = 29")
    (tmp_path / "units.toml").unlink()
    with pytest.raises(DataError, match="units.toml.*cannot read"):
        load(path)


def test_specs_reject_unknown_fields():
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"id": "x", "colour": "red"}, UnitSpec, strict=True)
