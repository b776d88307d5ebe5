"""The terminal's seats and its Ctrl-C (issue 14, item 1): a side flag that seats a human gives the other side the
computer's best agent; Ctrl-C at a prompt leaves the game the way `quit` does (the record kept with --record),
and through go.py it prints no traceback."""
from __future__ import annotations

import builtins
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kaisen.cli import app, seats_from_flags
from kaisen.engine.record import Record
from kaisen.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.mark.parametrize("game_id", ["pacific-fury", "fury-at-midway", "victory-in-the-pacific", "nights-of-fury",
                                     "fighters-of-the-pacific"])
def test_a_human_flag_alone_gives_the_other_side_the_best_ai(game_id):
    game = get_game(game_id)
    first, last = game.sides[0], game.sides[-1]
    assert seats_from_flags(game, {first: "human"}) == {first: "human", last: "heuristic"}
    assert seats_from_flags(game, {}) == {first: "heuristic", last: "human"}          # the default: you play the last side
    assert seats_from_flags(game, {first: "random"}) == {first: "random", last: "human"}   # an AI flag keeps you seated
    assert seats_from_flags(game, {first: "human", last: "human"}) == {first: "human", last: "human"}   # hot seat


def test_japan_human_alone_plays_against_the_ai_not_a_second_human():
    res = runner.invoke(app, ["play", "pacific-fury", "--japan", "human", "--seed", "3"], input="quit\n")
    assert res.exit_code == 0, res.output
    assert "Japan human, USA heuristic" in res.output
    assert "Hand the terminal" not in res.output          # no hot-seat hand-over: one human


def test_ctrl_c_at_a_prompt_leaves_the_game_like_quit_and_keeps_the_record(tmp_path, monkeypatch):
    answers = iter(["1", "1"])

    def typed(*_):
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(builtins, "input", typed)
    rec = tmp_path / "r.json"
    res = runner.invoke(app, ["play", "pacific-fury", "--japan", "random", "--seed", "1", "--record", str(rec)])
    assert res.exit_code == 0, res.output
    assert "Game left unfinished (interrupted)" in res.output and "Traceback" not in res.output
    assert len(Record.load(rec).answers) >= 2


@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "kaisen").exists() or os.name != "posix",
                    reason="needs the project's .venv (made by go.py) and POSIX signals")
def test_ctrl_c_through_go_py_prints_no_traceback():
    """The terminal's Ctrl-C reaches go.py and the game it started (one process group): the game says how it was
    left and go.py waits for it quietly."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "go.py"), "play", "pacific-fury", "--seed", "2"],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, text=True)
    seen: list[str] = []

    def read_until_the_menu():
        for line in proc.stdout:
            seen.append(line)
            if line.lstrip().startswith("1. "):          # the first menu: the game waits at its prompt
                return

    try:
        reader = threading.Thread(target=read_until_the_menu, daemon=True)
        reader.start()
        reader.join(timeout=120)
        assert seen and seen[-1].lstrip().startswith("1. "), "".join(seen)
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        out = "".join(seen) + out
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert "Traceback" not in err, err
    assert "interrupted" in out + err


def test_save_asks_before_overwriting_a_file(tmp_path):
    save = tmp_path / "g.json"
    save.write_text("keep me")
    lines = ["1", f"save {save}", "n", "1", f"save {save}", "y", "quit"]
    res = runner.invoke(app, ["play", "pacific-fury", "--japan", "random", "--seed", "4"], input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    assert res.output.count("exists. Overwrite it?") == 2 and "Not saved; the game goes on." in res.output
    assert len(Record.load(save).answers) >= 2                   # the second time it was written


def test_quiet_prints_the_result_and_not_the_final_board():
    res = runner.invoke(app, ["play", "fighters-of-the-pacific", "--usa", "random", "--japan", "random", "--seed", "5",
                              "--quiet"])
    assert res.exit_code == 0, res.output
    assert "Result:" in res.output and "Arrow = facing" not in res.output
    loud = runner.invoke(app, ["play", "fighters-of-the-pacific", "--usa", "random", "--japan", "random", "--seed",
                               "5"])
    assert "Arrow = facing" in loud.output                      # without --quiet the final board is shown


@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "kaisen").exists(), reason="needs the project's .venv (go.py)")
def test_go_py_resolves_files_against_the_players_folder(tmp_path):
    """`python3 go.py play ... --record r.json` writes r.json where the player is, not in the checkout."""
    res = subprocess.run([sys.executable, str(ROOT / "go.py"), "play", "fighters-of-the-pacific", "--usa", "random",
                          "--japan", "random", "--seed", "6", "--quiet", "--record", "r.json"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "r.json").exists() and not (ROOT / "r.json").exists()


def test_line_editing_is_on_at_a_real_terminal_and_off_in_a_pipe(monkeypatch):
    from kaisen import cli
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    assert cli.enable_line_editing() is False
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    try:
        import readline  # noqa: F401
    except ImportError:
        pytest.skip("this Python has no readline")
    assert cli.enable_line_editing() is True
