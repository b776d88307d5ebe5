"""The terminal's recap and compact board (issue 14, items 1, 2 and 5): after each answer the player reads what
happened since (the other side's moves, each roll's reason as the side may see it, the dice's events), then the
menu; the board comes back only when a new turn or phase begins or a new kind of decision comes up; a terminal
smaller than 100x35 gets each game's compact board (at most 12 lines of 80 columns)."""
from __future__ import annotations

import builtins
import io
import random

import pytest
from rich.console import Console

from kaisen.cli import Session
from kaisen.engine.core import Chance, Decision, End
from kaisen.engine.match import Match
from kaisen.engine.testing import random_answer
from kaisen.registry import get_game
from kaisen.terminal.boards import BoardWatch, wants_compact
from kaisen.terminal.recap import Recap

GAMES = [("pacific-fury", None), ("fury-at-midway", None), ("victory-in-the-pacific", None),
         ("nights-of-fury", "cape-esperance"), ("fighters-of-the-pacific", "santa-cruz")]
MOST_LINES = {"nights-of-fury": 15}
"""Nights of Fury's compact board (its own, older) shows every division in a band strip: up to 15 lines."""


def plain(renderable, width=80) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue().rstrip("\n").split("\n")


@pytest.mark.parametrize("game_id,scenario", GAMES)
def test_the_compact_board_fits_80_columns_and_12_lines_all_game_long(game_id, scenario):
    game = get_game(game_id)
    rng = random.Random(5)
    s = game.new_state(scenario)
    for step in range(1500):
        if step % 40 == 0:
            for side in (*game.sides, None):
                lines = plain(game.render(game.view(s, side), compact=True))
                assert len(lines) <= MOST_LINES.get(game_id, 12), "\n".join(lines)
                assert max(len(x) for x in lines) <= 80, "\n".join(lines)
        p = game.pause(s)
        if isinstance(p, End):
            break
        s = game.apply(s, random_answer(p, rng))


def test_the_terminal_size_picks_the_board():
    small = Console(file=io.StringIO(), force_terminal=True, width=80, height=24)
    big = Console(file=io.StringIO(), force_terminal=True, width=120, height=40)
    wide_but_short = Console(file=io.StringIO(), force_terminal=True, width=120, height=30)
    piped = Console(file=io.StringIO(), force_terminal=False, width=80, height=24)
    assert wants_compact(small) and wants_compact(wide_but_short)
    assert not wants_compact(big) and not wants_compact(piped)


def test_the_board_is_due_at_a_new_phase_or_a_new_kind_only():
    watch = BoardWatch()
    v = {"turn": 1, "phase": "task-force"}
    assert watch.due("usa", v, "form-task-force")
    assert not watch.due("usa", v, "form-task-force")
    assert watch.due("usa", v, "allocate-hit")              # a kind not met yet
    assert not watch.due("usa", v, "form-task-force")
    assert watch.due("usa", {"turn": 1, "phase": "operations"}, "form-task-force")    # a new phase
    assert watch.due("japan", v, "form-task-force")         # each side its own


def test_a_roll_reason_a_side_may_not_read_is_left_out_of_its_recap():
    """Fury at Midway: the card Japan draws is Japan's; the US view says only that dice are rolled."""
    game = get_game("fury-at-midway")
    s = game.new_state()
    rng = random.Random(1)
    while not isinstance(game.pause(s), Chance):
        s = game.apply(s, random_answer(game.pause(s), rng))
    chance = game.pause(s)
    recap = Recap(["japan", "usa"])
    recap.roll(game, s, chance.reason, chance.rule, 0)
    assert recap.take("japan") == [f"  {'[' + chance.rule + '] ' if chance.rule else ''}roll: {chance.reason}"]
    assert recap.take("usa") == []


def play_session(monkeypatch, lines: list[str], game_id="pacific-fury", seed=3, seats=None):
    game = get_game(game_id)
    out = io.StringIO()
    console = Console(file=out, width=120, height=40, force_terminal=False, highlight=False)
    seats = seats or {"japan": "heuristic", "usa": "human"}
    session = Session(console, game, Match(game, seed=seed, agents=seats), seats, seed=seed)
    feed = iter(lines)
    monkeypatch.setattr(builtins, "input", lambda *a: next(feed, "y"))
    session.run()
    return out.getvalue()


def test_the_recap_sits_between_the_answer_and_the_next_menu_and_the_board_is_not_reprinted(monkeypatch):
    """PF, US against the heuristic, seed 3: 25 answers. The board (its 'Sea zones' table) is printed far fewer
    times than there are menus, and the Japanese sortie after the US's first operation is read just above the
    next menu, with the reason of each roll (CF, CAP) before its result."""
    text = play_session(monkeypatch, ["1-18", "done"] + ["1"] * 25 + ["quit"])
    menus = text.count("USA> ")
    boards = text.count("Sea zones")
    assert menus >= 25 and boards <= menus // 5, (menus, boards)
    after_op1 = text.split("Operation 1 of 7  (rule 9.0)", 1)[1]
    recap, menu = after_op1.split("USA: Operation 2 of 7  (rule 9.0)", 1)
    assert "[9.1] Japan sorties" in recap and "Sea zones" not in recap.split("[9.1] US sorties", 1)[1]
    assert "[10.2] roll: US fires: Saratoga (CF" in text and "CAP -2" in text
    assert text.index("[10.2] roll: US fires") < text.index("[10.2] US fires: Saratoga rolls")


def test_board_full_and_board_compact_on_request(monkeypatch):
    text = play_session(monkeypatch, ["board compact", "board full", "board sideways", "quit"])
    assert "Turn 1/4 task-force | marker US 1" in text                  # the compact header
    assert text.count("Sea zones") == 2                                  # the first decision's board and `board full`
    assert "board takes nothing, full or compact; given 'sideways'" in text
