"""The terminal board (board.py) drawn from views: every scenario at the start and in mid-battle, for each side,
the public view and the omniscient one; it fits 120 columns (full) and 80x24 (compact at the start); it never
prints an enemy ship's name, or a class the view does not hold (D.4: classes only once identified)."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from kaisen.engine import testing
from kaisen.engine.core import End
from kaisen.games.nights_of_fury import GAME
from kaisen.games.nights_of_fury.board import board_text, division_labels, render_board

SCENARIOS = [sc.id for sc in GAME.scenarios]
SET_UP = ("generated", "campaign")          # battles rolled up by the dice first (A, G)
VIEWERS = ("usn", "ijn", "public", None)


def view_of(s, viewer):
    return GAME.public_view(s) if viewer == "public" else GAME.view(s, viewer)


def random_states(scenario: str, seed: int, every: int = 40, limit: int = 4000):
    """States along one random battle (seeded), one every `every` steps, and the last."""
    return testing.states_along(GAME, scenario, seed, every, limit)


def widest(text: str) -> int:
    return max(len(line.rstrip()) for line in text.splitlines())


def enemy_leaks(s, viewer: str, text: str) -> list[str]:
    """Enemy ship names (never in a view) and classes the view does not hold, found in the board's text."""
    v = GAME.view(s, viewer)
    allowed = {q["class"] for div in v["divisions"] if div["side"] != viewer and isinstance(div["ships"], list)
               for q in div["ships"] if "class" in q}
    own_words = {q[k] for div in v["divisions"] if div["side"] == viewer for q in div["ships"] for k in ("name", "class")}
    for cls in sorted(allowed, key=len, reverse=True):
        text = text.replace(cls, "")
    d = GAME.data
    leaks = []
    for q in s.ships:
        spec = d.ships[q]
        if spec.side == viewer:
            continue
        for word in (spec.name, spec.class_name):
            if word in own_words or word in allowed and word == spec.class_name:
                continue
            if re.search(r"(?<![\w/])" + re.escape(word) + r"(?![\w/])", text):
                leaks.append(word)
    return leaks


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_board_renders_every_scenario_at_the_start_for_every_viewer(scenario):
    s = GAME.new_state(scenario)
    for viewer in VIEWERS:
        v = view_of(s, viewer)
        full = board_text(v, 120)
        if scenario in SET_UP:
            assert "setting up the battle" in full and widest(full) <= 120
            assert widest(board_text(v, 80)) <= 80
            continue
        assert "Turn 1 of" in full and "Event Phase (D.1)" in full
        assert widest(full) <= 120
        for b in range(1, 11):
            assert f" {b} " in full.splitlines()[full.splitlines().index(next(
                line for line in full.splitlines() if line.startswith("band")))]
        compact = board_text(v, 80)
        assert widest(compact) <= 80
        assert "T1/" in compact


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_compact_board_fits_80x24_with_room_for_a_menu_at_the_start(scenario):
    """The compact board leaves the bottom of an 80x24 screen for the decision's menu."""
    s = GAME.new_state(scenario)
    if scenario in SET_UP:
        s = next(st for st in random_states(scenario, 0, every=1) if GAME.view(st, "usn").get("title"))
    for viewer in ("usn", "ijn"):
        text = board_text(GAME.view(s, viewer), 80)
        assert len(text.rstrip("\n").splitlines()) <= 20, text


def test_b_d4_own_ships_in_full_enemy_stacks_face_down_at_the_start():
    """Cape Esperance: USN sees its four cruisers and four destroyers with their classes, damage boxes and
    torpedoes; the IJN divisions in band 8 are face down; forces as the intelligence levels tell (H)."""
    s = GAME.new_state("cape-esperance")
    text = board_text(GAME.view(s, "usn"), 120)
    for name in ("San Francisco", "Salt Lake City", "Boise", "Helena", "Farenholt", "Duncan", "Laffey", "Buchanan"):
        assert name in text
    assert "New Orleans CA" in text and "□□□□□" in text and "5/5" in text
    assert "face down" in text and "D1:?" in text
    assert "Aoba" not in text and "Fubuki" not in text
    assert "Norman Scott C+0 Co+1 D+0" in text and "Aritomo Goto C+0 Co+0 D-1" in text
    assert "5 ships, 3 capital" in text            # Good intelligence: the count and the capital ships
    assert "Savo Isla" in text and "NIGHT" in text
    ijn = board_text(GAME.view(s, "ijn"), 120)
    assert "8 ships" in ijn and "capital" not in ijn.split("IJN divisions")[0].split(" USN ")[1].split("\n")[0]


def test_d4_spotted_stack_shows_positions_identified_stack_shows_classes():
    """A spotted enemy stack by position with its damage; an identified one with classes."""
    s = GAME.new_state("cape-esperance")
    s.detected = {"usn>ijn-1": 1, "usn>ijn-2": 2}
    s.identified = {"usn": ("fubuki_dd", "hatsuyuki")}
    s.ships["furutaka"] = s.ships["furutaka"]._replace(structure=3, flotation=1, fire=True)
    text = board_text(GAME.view(s, "usn"), 120)
    assert "#2 S3 F1 FIRE" in text
    assert "#1 Fubuki DD; #2 Fubuki DD" in text
    assert "D1:3S" in text and "D2:2I" in text
    assert "Furutaka/Aoba" not in text
    assert enemy_leaks(s, "usn", text) == []


def test_e_a_killed_commander_is_marked():
    s = GAME.new_state("cape-esperance")
    cmd = s.commanders["ijn"]
    s.commanders["ijn"] = (cmd[0], cmd[1], False)
    assert "KILLED" in board_text(GAME.view(s, "usn"), 120)
    assert "KILLED" in board_text(GAME.view(s, "usn"), 80)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_board_never_prints_what_the_view_hides_in_random_battles(scenario):
    """Mid-battle for each side: no enemy ship name, no class the view does not hold; both widths fit."""
    for s in random_states(scenario, seed=SCENARIOS.index(scenario)):
        for viewer in ("usn", "ijn"):
            v = GAME.view(s, viewer)
            for width in (120, 80):
                text = board_text(v, width)
                assert widest(text) <= width
                assert enemy_leaks(s, viewer, text) == [], (viewer, width, text)
        for viewer in ("public", None):
            board_text(view_of(s, viewer), 120)


def test_end_of_battle_shows_victory_points():
    s = list(random_states("cape-esperance", seed=2, every=10_000))[-1]
    assert isinstance(GAME.pause(s), End)
    text = board_text(GAME.view(s, None), 120)
    assert "Victory points: USN" in text and "Battle over." in text


def test_game_render_picks_the_form_from_the_console_width():
    """NightsOfFury.render gives one renderable: full at 120 columns, compact at 80."""
    v = GAME.view(GAME.new_state("cape-esperance"), "usn")
    out = {}
    for width in (120, 80):
        console = Console(width=width, file=io.StringIO(), color_system=None)
        console.print(GAME.render(v))
        out[width] = console.file.getvalue()
    assert "USN divisions" in out[120] and "USN divisions" not in out[80]
    assert out[80] == board_text(v, 80, compact=True)
    assert board_text(v, 80, compact=False) != out[80]


def test_detached_ships_get_letters_after_their_division():
    s = GAME.new_state("cape-esperance")
    div = s.divisions["usn-2"]
    s.divisions["usn-2"] = div._replace(ships=div.ships[1:])
    s.divisions["usn-2/farenholt"] = div._replace(id="usn-2/farenholt", name="Division 2 (detached)",
                                                  ships=("farenholt",), detached="torpedo")
    s.ships["farenholt"] = s.ships["farenholt"]._replace(division="usn-2/farenholt")
    labels = division_labels(GAME.view(s, "usn"))
    assert labels["usn-2"] == "D2" and labels["usn-2/farenholt"] == "D2a"
    assert isinstance(render_board(GAME.view(s, "usn")), object)
