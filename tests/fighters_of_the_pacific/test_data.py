"""Fighters of the Pacific data: loads, keeps the rulebook's traits and token inventory, teaches the rules in
order, is traceable, gets the hex geometry right, and refuses broken files with one-line errors."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kaisen.engine.data import DataError
from kaisen.games.fighters_of_the_pacific.data import (
    DATA_DIR, DIRECTIONS, FILES, RULE_ORDER, add, ahead, allowed_fire_offset, cell_to_hex, hex_distance,
    hex_to_cell, load, neighbours, rotate, ship_step, turn_left, turn_right)

D = load()


# ------------------------------------------------------------------ loading

def test_data_loads_once_and_is_frozen():
    assert load() is D
    with pytest.raises(AttributeError):
        D.aircraft["zero"].speed = 5             # frozen specs
    with pytest.raises(TypeError):
        D.aircraft["x"] = D.aircraft["zero"]     # read-only mappings


def test_loader_takes_a_data_directory(tmp_path):
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    other = load(tmp_path)
    assert other is not D and other.aircraft == D.aircraft and list(other.scenarios) == list(D.scenarios)


# ------------------------------------------------------------------ the six airplanes (rulebook spec sheets)

def test_spec_sheets_six_aircraft_with_exactly_the_rulebooks_traits():
    """American and Japanese specification sheets: the traits as printed (Bomber = the Level Bomber ability)."""
    traits = {k: set(a.traits) for k, a in D.aircraft.items()}
    assert traits == {
        "wildcat": {"fighter"},
        "dauntless": {"bomber", "dive_bomber"},
        "devastator": {"bomber", "torpedo_bomber"},
        "zero": {"fighter", "agile", "gun_20mm"},
        "val": {"bomber", "dive_bomber", "flammable", "agile"},
        "kate": {"bomber", "torpedo_bomber", "flammable"},
    }
    names = {t.name for t in D.traits.values()}
    assert names == {"Fighter", "Bomber", "Dive Bomber", "Torpedo Bomber", "Agile", "20mm Gun", "Flammable"}
    assert {a.side for a in D.aircraft.values() if a.id in ("wildcat", "dauntless", "devastator")} == {"usa"}
    assert {a.side for a in D.aircraft.values() if a.id in ("zero", "val", "kate")} == {"japan"}


def test_designed_values_follow_their_rules():
    """Speed from top-speed bands, armor 2 for armour + self-sealing tanks, armor 1 or 2 (rulebook: Damage)."""
    for a in D.aircraft.values():
        band = 4 if a.top_speed_mph >= 300 else 3 if a.top_speed_mph >= 230 else 2
        assert a.speed == band, a.id
        assert a.armor in (1, 2)
    assert {k for k, a in D.aircraft.items() if a.armor == 2} == {"wildcat", "dauntless"}
    assert D.aircraft["zero"].speed >= D.aircraft["wildcat"].speed > D.aircraft["devastator"].speed


def test_fields_of_fire_use_allowed_patterns_and_rear_gunners():
    """Fighters shoot straight ahead; every two/three-seat bomber has its gunner's rear arc (DATA.md)."""
    for a in D.aircraft.values():
        assert all(allowed_fire_offset(tuple(o)) for o in a.field_of_fire)
        rear = set(D.rear_arc) <= {tuple(o) for o in a.field_of_fire}
        assert rear == (not a.is_fighter), a.id
    assert D.aircraft["wildcat"].field_of_fire == ((0, -1), (0, -2), (0, -3))
    assert not any(o[1] < 0 for o in D.aircraft["kate"].field_of_fire)      # no forward gun
    ranges = {k: a.forward_range for k, a in D.aircraft.items()}
    assert ranges == {"wildcat": 3, "zero": 3, "dauntless": 2, "devastator": 1, "val": 1, "kate": 0}


def test_ordnance_matches_traits():
    """Torpedoes need Torpedo Bomber, bombs Bomber, dive bombs Dive Bomber (rulebook: Torpedoes, Bombs)."""
    assert D.aircraft["wildcat"].ordnance == D.aircraft["zero"].ordnance == ()
    assert set(D.aircraft["kate"].ordnance) == {"torpedo", "bomb"}
    assert set(D.aircraft["val"].ordnance) == {"bomb", "dive_bomb"}


# ------------------------------------------------------------------ hexes (hexes.toml)

def test_facings_and_rotation_rule():
    assert tuple(tuple(f.direction) for f in D.facings) == DIRECTIONS
    for f in range(6):
        assert rotate((0, -1), f) == DIRECTIONS[f]
        assert ahead((0, 0), f) == DIRECTIONS[f]
    assert rotate((0, -2), 2) == (2, 0)          # two ahead, facing SE
    assert rotate((0, 1), 1) == (-1, 1)          # behind, facing NE, is SW
    assert rotate((1, 0), 3) == (-1, 0)          # 180 degrees negates
    assert rotate((1, -1), 6) == (1, -1)
    assert turn_right(5) == 0 and turn_left(0) == 5 and turn_right(turn_left(3)) == 3


def test_distance_neighbours_and_cells_hand_worked():
    assert hex_distance((0, 0), (2, -1)) == 2
    assert hex_distance((0, 0), (3, -3)) == 3
    assert hex_distance((1, 2), (-2, 3)) == 3
    assert all(hex_distance((4, 4), n) == 1 for n in neighbours((4, 4)))
    assert len(set(neighbours((4, 4)))) == 6
    assert cell_to_hex((3, 2)) == (3, 1) and cell_to_hex((4, 5)) == (4, 3)
    # odd-q: an even column's cell touches the odd column at rows r-1 and r
    n = {hex_to_cell(h) for h in neighbours(cell_to_hex((6, 5)))}
    assert n == {(6, 4), (6, 6), (7, 4), (7, 5), (5, 4), (5, 5)}
    for c in ((0, 0), (7, 3), (15, 11), (22, 9)):
        assert hex_to_cell(cell_to_hex(c)) == c


def test_field_of_fire_rotated_nearest_first():
    """A Wildcat facing S shoots down its column; a Kate facing 0 covers the three hexes behind (Shooting)."""
    assert D.field_of_fire("wildcat", (5, 5), 3) == ((5, 6), (5, 7), (5, 8))
    assert set(D.field_of_fire("kate", (0, 0), 0)) == {(0, 1), (1, 0), (-1, 1)}
    sbd = D.field_of_fire("dauntless", (2, 2), 1)
    assert [hex_distance((2, 2), h) for h in sbd] == sorted(hex_distance((2, 2), h) for h in sbd)
    assert add((2, 2), (1, -1)) in sbd and add((2, 2), (2, -2)) in sbd
    assert set(D.aa_field((3, 3))) == {(3, 3), *neighbours((3, 3))}


# ------------------------------------------------------------------ boards

def test_eight_double_sided_modules():
    assert sorted(D.modules) == sorted(f"{x}{n}" for x in "ABCDEFGH" for n in (1, 2))
    assert (D.module_cols, D.module_rows) == (8, 6)
    assert {m for m, spec in D.modules.items() if spec.islands} == {"G2", "H2"}
    assert all(not spec.clouds and not spec.islands for m, spec in D.modules.items() if m.endswith("1"))


def test_layout_places_modules_side_by_side():
    lay = D.layout("santa-cruz")                 # [[A2, B2, C1], [D1, E2, F2]]
    assert (lay.cols, lay.rows) == (24, 12) and len(lay.hexes) == 24 * 12
    assert lay.is_cloud(cell_to_hex((2, 1)))                 # A2 [2, 1]
    assert lay.is_cloud(cell_to_hex((8 + 6, 1)))             # B2 [6, 1]
    assert lay.is_cloud(cell_to_hex((16 + 3, 6 + 0)))        # F2 [3, 0]
    assert not lay.contains(cell_to_hex((24, 0))) and lay.contains(cell_to_hex((23, 11)))
    assert cell_to_hex((0, 5)) in lay.edges["west"] and cell_to_hex((5, 11)) in lay.edges["south"]
    mid = D.layout("midway-island")
    assert mid.is_island(cell_to_hex((3, 2))) and not mid.is_water(cell_to_hex((3, 2)))


# ------------------------------------------------------------------ scenarios

def test_ten_scenarios_teach_the_rules_in_the_rulebooks_order():
    """Game setup: play the scenarios in order, each adds rules (fighters first, barrages last)."""
    sc = list(D.scenarios.values())
    assert len(sc) >= 10 and [s.number for s in sc] == list(range(1, len(sc) + 1))
    first = {}
    for s in sc:
        for r in s.rules:
            first.setdefault(r, s.number)
    assert sorted(first, key=first.get) == list(RULE_ORDER)
    assert sc[0].rules == ("fighters",)
    assert all(D.aircraft[f.aircraft].is_fighter for f in sc[0].flight)
    assert all(a <= b for a, b in zip([set(s.rules) for s in sc], [set(s.rules) for s in sc[1:]]))


def test_scenarios_are_complete_and_playable():
    for s in D.scenarios.values():
        lay = D.layout(s.id)
        assert s.first_initiative in ("usa", "japan") and s.end_turn >= 1
        assert {f.side for f in s.flight} == {"usa", "japan"}
        spots = [(h, f.altitude) for f in s.flight for h in f.hexes]
        assert len(spots) == len(set(spots)) and all(lay.contains(h) for h, _ in spots)
        for p in s.ship:
            assert all(lay.is_water(h) for h in p.hexes)
            assert p.facing in range(6)
        assert s.vp.fighter == 1 and s.vp.bomber == 5 and s.vp.carrier_segment == 10


def test_scenarios_never_exceed_the_box_inventory():
    """Token Inventory: airplanes by type, destroyers, torpedoes, bombs, AA, objectives, barrages."""
    assert dict(D.inventory_aircraft) == {"wildcat": 18, "dauntless": 22, "devastator": 10, "zero": 17,
                                          "val": 18, "kate": 12}
    mk = D.inventory_markers
    for s in D.scenarios.values():
        for k, n in D.inventory_aircraft.items():
            used = sum(len(f.cells) for f in s.flight if f.aircraft == k)
            used += sum(r.count for r in s.reinforcement if r.aircraft == k)
            assert used <= n, (s.id, k)
        assert sum(p.token == "destroyer" for p in s.ship) <= mk["destroyer"]
        torps = sum(len(f.cells) for f in s.flight if f.ordnance == "torpedo")
        torps += sum(r.count for r in s.reinforcement if r.ordnance == "torpedo")
        assert torps <= mk["torpedo"]
        bombs = sum(len(f.cells) for f in s.flight if f.ordnance in ("bomb", "dive_bomb"))
        bombs += sum(r.count for r in s.reinforcement if r.ordnance in ("bomb", "dive_bomb"))
        assert bombs <= mk["bomb"]
        assert len(s.ground_aa) <= mk["aa"] and len(s.objective) <= mk["objective"]
        assert D.barrage_sources(s.id, "usa") <= mk["barrage"] and D.barrage_sources(s.id, "japan") <= mk["barrage"]


def test_barrage_sources_follow_the_rule():
    """Barrage: US every ship segment and ground flak; Japan one segment per ship and ground flak."""
    assert D.barrage_sources("eastern-solomons", "usa") == 3 + 2 + 2
    assert D.barrage_sources("santa-cruz", "japan") == 2
    assert D.barrage_sources("henderson-field", "usa") == 4
    assert D.barrage_sources("torpedo-eight", "japan") == 0          # barrages not yet in use
    assert D.torpedo_speed("japan") == 2 and D.torpedo_speed("usa") == 1


def test_ships_and_movement_data():
    """Ships: destroyers 2 segments, carriers 3; the front steps ahead or a notch aside; launches need front, centre."""
    assert D.ship_classes["destroyer"].segments == ("front", "back")
    assert D.ship_classes["carrier"].segments == ("front", "centre", "back")
    assert set(D.ship_classes["carrier"].moves) == {-1, 0, 1}
    assert set(D.ship_classes["carrier"].launch_needs) == {"front", "centre"}
    assert {k: t.side for k, t in D.ship_tokens.items()} == {"hornet": "usa", "enterprise": "usa",
                                                            "akagi": "japan", "kaga": "japan"}
    kaga = next(p for p in D.scenarios["kido-butai"].ship if p.id == "kaga")
    assert kaga.facing == 3 and D.ship_class_of(kaga).id == "carrier"


def test_ship_step_hand_worked():
    """Destroyer: front to front-left, back onto the old front; carrier: the straight token turned a notch right
    and advanced, back onto the old centre (rulebook: Ships)."""
    assert ship_step(((5, 5), (5, 6)), -1) == ((4, 5), (5, 5))
    assert ship_step(((5, 5), (5, 6)), 0) == ((5, 4), (5, 5))
    assert ship_step(((0, 0), (0, 1), (0, 2)), 0) == ((0, -1), (0, 0), (0, 1))
    assert ship_step(((0, 0), (0, 1), (0, 2)), 1) == ((2, -1), (1, 0), (0, 1))     # NE, back on the old centre
    assert ship_step(((2, -1), (1, 0), (0, 1)), 0) == ((3, -2), (2, -1), (1, 0))   # now facing NE, still straight


def test_reinforcement_zones():
    """Edges are the board's outer cells; a carrier's zone is its hexes and their neighbours on the board."""
    s = D.scenarios["eastern-solomons"]
    ent = next(p for p in s.ship if p.id == "enterprise")
    zone = D.zone_hexes(s.id, "carrier:enterprise")
    assert set(ent.hexes) <= zone and len(zone) == 3 + 2 + 4 + 4     # the line, its two ends, four each side
    moved = tuple((q + 1, r) for q, r in ent.hexes)
    assert D.zone_hexes(s.id, "carrier:enterprise", {"enterprise": moved}) >= set(moved)
    assert D.zone_hexes(s.id, "north") == D.layout(s.id).edges["north"]


def test_each_new_rule_is_used_where_it_is_introduced():
    """The scenario that introduces a rule set puts it on the table (rulebook: play the scenarios in order)."""
    def shows(s, rule):
        ords = {f.ordnance for f in s.flight} | {r.ordnance for r in s.reinforcement}
        return {
            "fighters": any(D.aircraft[f.aircraft].is_fighter for f in s.flight),
            "bombers": any(not D.aircraft[f.aircraft].is_fighter for f in s.flight),
            "aa": bool(s.ship or s.ground_aa),
            "ships": bool(s.ship),
            "torpedoes": "torpedo" in ords,
            "dive_bombs": "dive_bomb" in ords,
            "islands": bool(s.objective and D.layout(s.id).islands),
            "level_bombs": "bomb" in ords,
            "barrages": D.barrage_sources(s.id, "usa") + D.barrage_sources(s.id, "japan") > 0,
        }[rule]
    seen: set[str] = set()
    for s in D.scenarios.values():
        for rule in set(s.rules) - seen:
            assert shows(s, rule), (s.id, rule)
        seen |= set(s.rules)


# ------------------------------------------------------------------ provenance

def test_provenance_everywhere():
    kinds = ("rulebook", "published", "designed")
    specs = [*D.traits.values(), *D.aircraft.values(), *D.ship_classes.values(), *D.ship_tokens.values(),
             D.aa, D.barrage, D.torpedo_run, *D.modules.values(), *D.scenarios.values()]
    for spec in specs:
        for name in spec.__struct_fields__:
            if name == "prov" or (name.endswith("_prov") and getattr(spec, name)):
                assert getattr(spec, name).startswith(kinds), (spec, name)
    for a in D.aircraft.values():                 # every designed number says so itself
        for fld in ("speed", "armor", "field_of_fire"):
            assert getattr(a, f"{fld}_prov").startswith("designed:"), (a.id, fld)
        assert a.prov.startswith("rulebook")      # the traits
    assert all(s.prov.startswith("designed:") for s in D.scenarios.values())


# ------------------------------------------------------------------ broken files

def _broken(tmp_path: Path, file: str, old: str, new: str, count: int = 1) -> Path:
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    text = (tmp_path / file).read_text()
    assert old in text, old
    (tmp_path / file).write_text(text.replace(old, new, count))
    return tmp_path


@pytest.mark.parametrize("file,old,new,entry,field,words", [
    ("scenarios.toml", 'aircraft = "zero"\nfacing = 3\naltitude = "high"\ncells = [[5, 0]',
     'aircraft = "oscar"\nfacing = 3\naltitude = "high"\ncells = [[5, 0]',
     "fighter-sweep", "aircraft", "unknown aircraft"),
    ("scenarios.toml", "cells = [[5, 0], [6, 0], [7, 0], [8, 0]]", "cells = [[5, 0], [6, 0], [7, 0], [16, 0]]",
     "fighter-sweep", "cells", "off the"),
    ("scenarios.toml", "cells = [[6, 5], [7, 5]]", "cells = [[6, 5], [6, 5]]",
     "fighter-sweep", "cells", "already holds an airplane at high"),
    ("tokens.toml", "devastator = 10", "devastator = 5", "torpedo-eight", "flight", "the box holds 5"),
    ("tokens.toml", "torpedo = 12", "torpedo = 4", "torpedo-eight", "flight", "torpedo tokens"),
    ("aircraft.toml", "field_of_fire = [[0, -1], [0, -2], [0, -3]]",
     "field_of_fire = [[0, -1], [1, -2], [0, -3]]", "wildcat", "field_of_fire", "neither straight ahead"),
    ("aircraft.toml", 'traits = ["fighter", "agile", "gun_20mm"]', 'traits = ["fighter", "agile", "cannon"]',
     "zero", "traits", "unknown trait"),
    ("aircraft.toml", 'speed_prov = "designed: 300 mph or more -> 4 MP"', 'speed_prov = "guess"',
     "wildcat", "speed_prov", "provenance"),
    ("scenarios.toml", 'rules = ["fighters", "bombers"]\n', 'rules = ["fighters", "bombers", "barrages"]\n',
     "strike-escort", "rules", "before 'aa' was taught"),
    ("scenarios.toml", "cells = [[5, 7], [5, 8]]", "cells = [[5, 7], [7, 8]]",
     "usa-dd-1", "cells", "not adjacent"),
    ("scenarios.toml", 'zone = "carrier:akagi"', 'zone = "carrier:hornet"', "dive-on-kaga", "zone", "no carrier"),
    ("scenarios.toml", 'boards = [["A1", "B2"]]', 'boards = [["A1", "A2"]]', "fighter-sweep", "boards", "used twice"),
    ("scenarios.toml", "cell = [3, 2]", "cell = [9, 2]", "midway-island", "cell", "not an island"),
    ("boards.toml", 'id = "H2"', 'id = "I2"', "[[module]]", "id", "A1/A2"),
])
def test_bad_data_gives_a_one_line_error(tmp_path, file, old, new, entry, field, words):
    with pytest.raises(DataError) as err:
        load(_broken(tmp_path, file, old, new))
    msg = str(err.value)
    assert "\n" not in msg
    assert err.value.file == file or (file == "tokens.toml" and err.value.file == "scenarios.toml")
    assert entry in err.value.entry and err.value.field == field and words in msg, msg


def test_bad_toml_syntax(tmp_path):
    with pytest.raises(DataError) as err:
        load(_broken(tmp_path, "ships.toml", "speed = 1", "speed = = 1"))
    assert err.value.file == "ships.toml" and "not valid TOML" in str(err.value)
    assert "\n" not in str(err.value)
