"""Rules data: the values the rulebook states, provenance on every entry, clear errors for broken files."""
from __future__ import annotations

from pathlib import Path

import pytest

from kaisen.engine.data import DataError
from kaisen.games.pacific_fury.data import DATA_DIR, load

D = load()


def test_2_0_counter_mix_makes_56_counters():
    # 28 IJN + 19 US ships, 4 Transports, the Tokyo Express marker; plus Initiative, Turn and 2 Operation markers
    kinds = [sp.type for sp in D.ships.values()]
    assert len(D.ships) + 4 == 56
    assert kinds.count("AP") == 4 and kinds.count("TE") == 1
    assert sum(1 for sp in D.ships.values() if sp.side == "japan" and sp.type not in ("AP", "TE")) == 28
    assert sum(1 for sp in D.ships.values() if sp.side == "usa" and sp.type != "AP") == 19


def test_values_the_rulebook_states_are_kept():
    assert D.ships["hornet"].df == 2 and D.ships["hornet"].start == "track:2"        # 3.2, 10.7
    assert D.ships["ryujo"].df == 0 and D.ships["ryujo"].type == "CVL"               # 10.7
    assert all(D.ships[u].cf == 4 for u in ("enterprise", "saratoga", "wasp"))       # 10.5 example
    assert {u for u, sp in D.ships.items() if sp.start == "reserve"} == {"yamato", "junyo", "hiyo"}   # 3.1
    assert D.marker_start == 1                                                        # 3.3: US 1
    assert D.adjacent["slot"] == {"ironbottom"} and "eastern-solomons" not in D.adjacent["slot"]    # 9.2
    assert D.bases["japan"].sortie_zone == "eastern-solomons" and D.bases["usa"].sortie_zone == "south-pacific"


def test_2_2_1_carriers_have_icons_cv_two_cvl_one():
    for sp in D.ships.values():
        assert sp.icons == {"CV": 2, "CVL": 1}.get(sp.type, 0)


def test_every_value_has_provenance():
    for sp in D.ships.values():
        assert sp.prov.startswith(("rulebook", "published", "designed"))
    for ev in D.events["japan"] + D.events["usa"]:
        assert ev.prov.startswith("rulebook")


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA_DIR / "ships.toml").read_text()
    assert old in text
    p = tmp_path / "ships.toml"
    p.write_text(text.replace(old, new, 1))
    return p


@pytest.mark.parametrize("old,new,entry,field", [
    ('cf = 4', 'cf = "4"', "'shokaku'", "cf"),
    ('cf = 4', 'cf = 9', "'shokaku'", "cf"),
    ('icons = 2', 'icons = 1', "'shokaku'", "icons"),
    ('start = "base"', 'start = "tokyo"', "'shokaku'", "start"),
    ('df = 2', 'df = 2\narmour = 3', "'shokaku'", "armour"),
    ('side = "japan"', 'side = "italy"', "'shokaku'", "side"),
    ('id = "zuikaku"', 'id = "shokaku"', "'shokaku'", "id"),
])
def test_broken_ships_file_names_file_entry_field_and_reason(tmp_path, old, new, entry, field):
    with pytest.raises(DataError) as err:
        load(str(broken(tmp_path, old, new)))
    e = err.value
    assert e.file == "ships.toml" and entry in e.entry and e.field == field and e.reason
    assert str(e).startswith("ships.toml: ship #")


def test_toml_syntax_error_is_reported_with_the_file(tmp_path):
    with pytest.raises(DataError, match="ships.toml.*not valid TOML"):
        load(str(broken(tmp_path, 'cf = 4', 'cf = = 4')))


def test_an_owner_override_file_replaces_values(tmp_path):
    d = load(str(broken(tmp_path, 'name = "Kongo"\nside = "japan"\ntype = "BB"\ncf = 3', 'name = "Kongo"\nside = "japan"\ntype = "BB"\ncf = 4')))
    assert d.ships["kongo"].cf == 4 and load().ships["kongo"].cf == 3
