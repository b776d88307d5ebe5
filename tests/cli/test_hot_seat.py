"""Hot-seat at the terminal (issue 10): the hand-over clears the scrollback; `save` warns that a saved game
holds both sides' secrets."""
from __future__ import annotations

import builtins
import io

from rich.console import Console

from kaisen.cli import SECRETS_NOTE, WIPE, Session
from kaisen.engine.match import Match
from kaisen.registry import get_game


def hot_seat_session(terminal: bool, lines: list[str], monkeypatch):
    game = get_game("pacific-fury")
    out = io.StringIO()
    console = Console(file=out, force_terminal=terminal, width=120, highlight=False)
    match = Match(game, seed=4)
    session = Session(console, game, match, {"japan": "human", "usa": "human"}, seed=4)
    feed = iter(lines)
    monkeypatch.setattr(builtins, "input", lambda *a: next(feed, "y"))     # then: yes, leave the game
    return session, out


def test_hand_over_erases_the_scrollback_before_and_after_the_prompt(monkeypatch):
    """Each hand-over writes ESC[3J (erase scrollback) with the screen clear, before the hand-over line
    and again before the next side's screen: nothing of Japan's screen is left to scroll back to."""
    session, out = hot_seat_session(True, ["", "add:shokaku", "add:zuikaku", "done", "", "quit"], monkeypatch)
    session.run()
    text = out.getvalue()
    assert text.count(WIPE) >= 4
    us_part = text.split("Hand the keyboard to USA", 1)[1]
    before_us_screen, us_screen = us_part.split(WIPE, 1)
    assert "Shokaku" not in us_screen
    # the wipe that precedes the US hand-over line comes after the last of Japan's screen
    japan_part = text.split("Hand the keyboard to USA", 1)[0]
    assert japan_part.rstrip().rfind(WIPE) > japan_part.rfind("Shokaku")


def test_hand_over_to_a_pipe_marks_the_page_without_escape_codes(monkeypatch):
    session, out = hot_seat_session(False, ["", "quit"], monkeypatch)
    session.run()
    assert "\x1b[3J" not in out.getvalue() and "\f" in out.getvalue()


def test_save_says_the_file_holds_both_sides_secrets(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    session, out = hot_seat_session(False, ["", f"save {path}", "quit"], monkeypatch)
    session.run()
    assert path.exists()
    assert out.getvalue().count(SECRETS_NOTE) == 1
