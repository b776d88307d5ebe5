"""The terminal board (board.py) drawn from views: every airplane's letter and facing arrow in its hex's cell, on
the line of its altitude; the column letter above and the row number beside each cell name the hex it is; a
24-column board fits about 100 characters and a 16-column one 80; ships, sites, barrages and torpedoes show."""
from __future__ import annotations

import copy
import io

import pytest
from rich.console import Console

from kaisen.engine import testing
from kaisen.games.fighters_of_the_pacific import GAME
from kaisen.games.fighters_of_the_pacific.board import (ARROW, CELL, LEFT, board_text, cell_at, letter,
                                                        render_board, split_name)

SCENARIOS = [sc.id for sc in GAME.scenarios]


def states_along(scenario: str, seed: int, every: int = 25, limit: int = 400):
    """States of one random game (seeded), one every `every` answers, and the last reached."""
    return testing.states_along(GAME, scenario, seed, every, limit)


def at(lines: list[str], line: int, x: int, n: int = 1) -> str:
    row = lines[line] if line < len(lines) else ""
    return row[x:x + n].ljust(n)


def check_planes(view) -> None:
    text = board_text(view)
    lines = text.splitlines()
    by_cell: dict[tuple[str, str], list] = {}
    for p in view["planes"]:
        by_cell.setdefault((p["hex"], p["alt"]), []).append(p)
    for (name, alt), planes in by_cell.items():
        top, x = cell_at(view, name)
        line = top if alt == "high" else top + 1
        shown = at(lines, line, x, 2)
        assert shown in {ARROW[p["facing"]] + letter(p) for p in planes}, (name, alt, shown, text)
        assert letter(planes[0]).isupper() == (alt == "high")
        # the labels say which hex this is: the column letter above, the row number beside (left for even
        # columns, right for odd ones), on the top line of the cell
        col, row = split_name(name)
        header = cell_at(view, "A1")[0] - 1
        assert at(lines, header, x + 1) == name[0]
        if col % 2 == 0:
            assert lines[top][:LEFT].strip() == str(row + 1), (name, lines[top])
        else:
            right = LEFT + CELL * view["board"]["cols"]
            assert lines[top][right:].strip() == str(row + 1), (name, lines[top])


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_airplane_is_drawn_in_its_hex_at_its_altitude(scenario):
    for s in states_along(scenario, seed=SCENARIOS.index(scenario)):
        for viewer in (None, "japan", "usa"):
            v = GAME.view(s, viewer)
            check_planes(v)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_board_fits_its_width(scenario):
    v = GAME.view(GAME.new_state(scenario), None)
    widest = max(len(line) for line in board_text(v).splitlines())
    cols = v["board"]["cols"]
    if cols <= 16:
        assert widest <= 80, widest
    else:
        assert cols == 24 and widest <= 103, widest


def test_both_airplanes_in_one_hex_at_two_altitudes_are_shown():
    v = GAME.view(GAME.new_state("fighter-sweep"), None)
    v = copy.deepcopy(v)
    high = next(p for p in v["planes"] if p["alt"] == "high")
    other = next(p for p in v["planes"] if p["side"] != high["side"])
    other.update(hex=high["hex"], alt="low", facing=(high["facing"] + 3) % 6, damage=1, activated=True)
    lines = board_text(v).splitlines()
    top, x = cell_at(v, high["hex"])
    assert lines[top][x:x + 2] == ARROW[high["facing"]] + letter(high)
    assert lines[top + 1][x:x + 3] == ARROW[other["facing"]] + letter(other) + "*"    # damaged and activated
    assert letter(other).islower() and letter(high).isupper()


def find_state(scenario: str, want, seeds=range(12), limit=600):
    for seed in seeds:
        for s in states_along(scenario, seed, every=1, limit=limit):
            if want(s):
                return s
    pytest.skip(f"no state found in {scenario}")


def test_ships_barrages_and_torpedoes_are_drawn():
    s = find_state("santa-cruz", lambda s: s.torpedoes and s.barrages)
    v = GAME.view(s, None)
    lines = board_text(v).splitlines()
    check_planes(v)
    low = {p["hex"] for p in v["planes"] if p["alt"] == "low"}
    for x in v["ships"]:
        mark = {"carrier": "CV", "destroyer": "DD"}[x["class"]]
        for seg in x["segments"]:
            top, col = cell_at(v, seg["hex"])
            cell = lines[top + 1][col:col + 4]
            if seg["hex"] in low:
                assert cell[3] in "cd", cell           # under a low airplane: the separator marks the ship
            else:
                assert cell[:2] == mark and (cell[2] == "x") == seg["hit"], (seg, cell)
        assert x["name"] in board_text(v)
    for b in v["barrages"]:
        top, col = cell_at(v, b["hex"])
        assert "#" in lines[top][col:col + 4], (b, lines[top])
    for tp in v["torpedoes"]:
        top, col = cell_at(v, tp["hex"])
        cell = lines[top + 1][col:col + 4]
        assert ARROW[tp["facing"]] + "t" in cell or "t" in cell[3:], (tp, cell)
    assert "Torpedoes:" in board_text(v) and "Barrages:" in board_text(v)


def test_island_sites_and_the_legend():
    v = GAME.view(GAME.new_state("henderson-field"), None)
    text = board_text(v)
    lines = text.splitlines()
    low = {p["hex"] for p in v["planes"] if p["alt"] == "low"}
    for st in v["sites"]:
        if st["hex"] in low:
            continue
        top, col = cell_at(v, st["hex"])
        assert lines[top + 1][col:col + 2] == {"aa": "AA", "objective": "OB"}[st["kind"]]
    for island in v["board"]["islands"]:
        top, col = cell_at(v, island)
        assert "▒" in lines[top][col:col + 3] or lines[top][col + 1].isalpha()
    flat = " ".join(text.split())
    assert "UPPER high, lower low" in flat and "Odd columns sit half a row lower" in flat


def test_status_line_names_turn_initiative_vp_and_the_moving_airplane():
    s = find_state("fighter-sweep", lambda s: s.move is not None and s.move.path)
    v = GAME.view(s, None)
    text = board_text(v)
    head = text.split("\n    A")[0]
    assert f"Turn {v['turn']} of {v['end_turn']}" in head
    assert f"VP Japan {v['vp']['japan']}, USA {v['vp']['usa']}" in head.replace("\n  ", " ")
    assert f"{v['move']['plane']}" in head and f"{v['move']['mp']} MP left" in head
    check_planes(v)


def test_render_prints_in_colour_through_rich():
    v = GAME.view(GAME.new_state("santa-cruz"), "usa")
    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="truecolor", width=120).print(render_board(v))
    coloured = out.getvalue()
    assert "\x1b[" in coloured
    plain = io.StringIO()
    Console(file=plain, width=120).print(GAME.render(v))
    assert plain.getvalue().rstrip("\n") == board_text(v).rstrip("\n") or "Carrier Duel" in plain.getvalue()
