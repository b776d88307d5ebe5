"""The terminal table through a pseudo-terminal at 80x24 (issue 14, items 1-4, 6): the compact board fits the
screen, the recap of the AI's move sits between the answer and the next menu, undo takes back an answer and
refuses to go back over a roll, several picks in one line, and an autosaved game goes on with `kaisen resume`."""
from __future__ import annotations

import os

import pytest

from kaisen.engine.record import Record
from .pty_terminal import Terminal

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs a POSIX pseudo-terminal")


@pytest.fixture
def term(tmp_path):
    made: list[Terminal] = []

    def start(*args: str) -> Terminal:
        t = Terminal(list(args), tmp_path / "data", tmp_path)
        made.append(t)
        return t

    yield start
    for t in made:
        if t.proc.poll() is None:
            t.proc.kill()
            t.close()


def board_lines(screen: str, heading: str) -> list[str]:
    """The lines printed before the first menu heading, less the game's opening line and the recap (it follows
    the board; its lines start with a rule tag: "  [8.2] ...", a long one wrapped under it)."""
    before = screen.split(heading, 1)[0].split("\n")[1:]
    recap = next((i for i, line in enumerate(before) if line.startswith("  [")), len(before))
    return [line for line in before[:recap] if line.strip()]


@pytest.mark.parametrize("args,prompt,heading", [
    (["pacific-fury", "--seed", "3"], "USA> ", "USA: Form task forces"),
    (["fury-at-midway", "--seed", "3"], "USA> ", "USA: "),
    (["victory-in-the-pacific", "--seed", "3"], "Allies> ", "Allies: "),
    (["nights-of-fury", "--scenario", "cape-esperance", "--seed", "3"], "USN> ", "USN: "),
    (["fighters-of-the-pacific", "--scenario", "fighter-sweep", "--seed", "3"], "USA> ", "USA: "),
])
def test_at_80x24_each_game_shows_its_compact_board_within_12_lines_of_80_columns(term, args, prompt, heading):
    t = term("play", *args)
    screen = t.expect(prompt)
    board = board_lines(screen, heading)
    assert 1 <= len(board) <= 12, "\n".join(board)
    assert max(len(line) for line in board) <= 80, "\n".join(board)
    t.send("quit")
    t.expect("[y/N]")
    t.send("y")
    t.expect("kaisen resume")
    assert t.close() == 0


def test_the_recap_of_the_ai_move_comes_after_the_answer_and_before_the_next_menu(term):
    """PF, the US against the heuristic Japan: all 18 US ships into box 1 in one line, then the first
    operation; Japan's sortie is read between that answer and the menu of operation 2, and no board is
    printed in between (the phase did not change)."""
    t = term("play", "pacific-fury", "--seed", "3")
    first = t.expect("USA> ")
    assert "Sea zones" not in first and "Turn 1/4 task-force" in first          # the compact board
    t.send("1-18")
    t.expect("USA> ")
    t.send("done")
    t.expect("Operation 1 of 7  (rule 9.0)")
    t.expect("USA> ")
    t.send("1")
    between = t.expect("USA: Operation 2 of 7  (rule 9.0)")
    assert "[9.1] US sorties U1" in between and "[9.1] Japan sorties" in between
    assert "Turn 1/4" not in between                                  # no board: same turn, same phase, same kind
    t.expect("USA> ")
    t.send("quit")
    t.expect("[y/N]")
    t.send("y")
    t.close()


def test_undo_takes_back_an_answer_and_refuses_over_a_roll(term):
    t = term("play", "pacific-fury", "--seed", "3")
    t.expect("USA> ")
    t.send("1")
    t.expect("USA> ")
    t.send("undo")
    back = t.expect("USA> ")
    assert "Taken back (1): Add Saratoga" in back and "1. Add Saratoga" in back
    t.send("1-18")
    t.expect("USA> ")
    t.send("done")
    t.expect("Operation 1 of 7  (rule 9.0)")
    t.expect("USA> ")
    t.send("1")                                    # U1 sorties
    t.expect("Operation 2 of 7  (rule 9.0)")
    t.expect("USA> ")
    t.send("1")                                    # U1 moves into Japan's zone: carrier combat, dice
    fight = " ".join(t.expect("USA> ").split())    # long lines wrap at words (the recap keeps its last rows)
    assert "roll: Japan fires: Shokaku (CF" in fight and "Apply a hit" in fight
    t.send("undo")
    refused = t.expect("USA> ")
    assert "Cannot undo: the dice were rolled after your last answer" in refused
    t.send("quit")
    t.expect("[y/N]")
    t.send("y")
    t.close()


def test_an_undone_game_is_kept_and_kaisen_resume_goes_on(term, tmp_path):
    t = term("play", "pacific-fury", "--seed", "5")
    t.expect("USA> ")
    t.send("1 2 3")
    t.expect("USA> ")
    t.send("undo")
    t.expect("Taken back (1)")
    t.expect("USA> ")
    t.send("quit")
    t.expect("[y/N]")
    t.send("y")
    left = t.expect("kaisen resume")
    assert t.close() == 0
    kept = sorted((tmp_path / "data" / "kaisen" / "saves").glob("*.json"))
    assert len(kept) == 1 and kept[0].name in left.replace("\n", "")
    answers = Record.load(kept[0]).answers
    assert answers[-2:] == ["add:saratoga", "add:enterprise"]              # Wasp taken back, on file too
    r = term("resume", "--latest")
    screen = r.expect("USA> ")
    assert f"{len(answers)} answers replayed" in screen
    r.send("1")
    r.expect("USA> ")
    r.send("quit")
    r.expect("[y/N]")
    r.send("y")
    r.expect("kaisen resume")
    assert r.close() == 0
    assert len(Record.load(kept[0]).answers) == len(answers) + 1


def test_a_long_recap_keeps_its_last_lines_and_the_menu_on_the_24_rows(term):
    """VITP (seed 4): Japan's whole first turn happens before the Allies' first decision; the screen keeps the
    recap's last lines and the menu, and says how many earlier lines `log` reads."""
    t = term("play", "victory-in-the-pacific", "--seed", "4")
    screen = t.expect("Allies> ")
    assert "earlier lines: type `log` to read them" in screen
    tail = screen[screen.index("earlier lines"):].split("\n")
    assert len(tail) <= 24 and any(line.startswith("  [") for line in tail)
    t.send("quit")
    t.expect("[y/N]")
    t.send("y")
    t.close()
