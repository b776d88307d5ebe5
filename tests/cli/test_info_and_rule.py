"""Table commands (issue 14, item 1): `rule SECTION` names the section and what the engine does (the game's
RULES.md row and interpretations); `info NAME` tells what the side's own view says of a unit."""
from __future__ import annotations

from typer.testing import CliRunner

from kaisen.cli import app, rules_rows, view_entries
from kaisen.registry import get_game

runner = CliRunner()


def test_rule_finds_the_section_row_of_each_game():
    rows, _ = rules_rows(get_game("pacific-fury"), "9.2")
    assert rows and rows[0].startswith("9.2 |") and "operations.move_zones" in rows[0]
    rows, notes = rules_rows(get_game("fighters-of-the-pacific"), "barrage")
    assert any(r.startswith("Barrage |") for r in rows) and notes
    assert rules_rows(get_game("nights-of-fury"), "no such section at all") == ([], [])


def test_info_reads_the_sides_view_only():
    game = get_game("fighters-of-the-pacific")
    s = game.new_state("fighter-sweep")
    found = view_entries(game.view(s, "usa"), "usa-wildcat-1")
    assert len(found) == 1 and found[0]["hex"] and found[0]["type"] == "wildcat"
    assert view_entries(game.view(s, "usa"), "no-such-airplane") == []


def test_rule_and_info_at_the_prompt():
    res = runner.invoke(app, ["play", "fighters-of-the-pacific", "--japan", "random", "--seed", "2"],
                        input="rule barrage\ninfo usa-wildcat-1\nrule 99.9\ninfo nobody\nquit\ny\n")
    assert res.exit_code == 0, res.output
    assert "Barrage | `barrage.py`" in res.output
    assert "id: usa-wildcat-1" in res.output and "type: wildcat" in res.output
    assert "No rule '99.9'" in res.output and "Nothing called 'nobody'" in res.output
