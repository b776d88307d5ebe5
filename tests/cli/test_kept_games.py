"""Kept games (issue 14, item 1): every game a person plays in the terminal is kept in the per-user data folder
as it goes; `quit` asks first and says where the game is; `kaisen resume` lists the kept games and resumes one;
a game that ends leaves nothing to resume; AI-only games are not kept."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from kaisen.cli import app, kept_games, saves_dir
from kaisen.engine.record import Record, replay
from kaisen.registry import get_game

runner = CliRunner()


def clear():
    for f, _ in kept_games():
        f.unlink()


def test_a_human_game_is_kept_and_quit_says_where():
    clear()
    res = runner.invoke(app, ["play", "pacific-fury", "--japan", "random", "--seed", "11"],
                        input="1\n1\nquit\ny\n")
    assert res.exit_code == 0, res.output
    assert "Leave the game? (it is kept" in res.output and "kaisen resume" in res.output
    (path, rec), = kept_games()
    assert path.parent == saves_dir() and rec.game == "pacific-fury" and len(rec.answers) >= 2
    assert rec.agents == {"japan": "random", "usa": "human"}


def test_quit_answered_no_goes_on():
    clear()
    res = runner.invoke(app, ["play", "pacific-fury", "--japan", "random", "--seed", "12"],
                        input="quit\nn\n1\nquit\ny\n")
    assert res.exit_code == 0, res.output
    assert "The game goes on." in res.output and res.output.count("Leave the game?") == 2


def test_resume_lists_and_resumes_the_kept_game():
    clear()
    runner.invoke(app, ["play", "pacific-fury", "--japan", "random", "--seed", "13"], input="1\n1\nquit\ny\n")
    (path, rec), = kept_games()
    n = len(rec.answers)
    listed = runner.invoke(app, ["resume"])
    assert listed.exit_code == 0 and "pacific-fury" in listed.output and str(n) in listed.output
    again = runner.invoke(app, ["resume", "1"], input="1\nquit\ny\n")
    assert again.exit_code == 0, again.output
    assert f"{n} answers replayed" in again.output
    (path2, rec2), = kept_games()
    assert path2 == path and len(rec2.answers) > n and rec2.answers[:n] == rec.answers
    bad = runner.invoke(app, ["resume", "7"])
    assert bad.exit_code == 2 and "no kept game with that number" in bad.output


def test_a_game_that_ends_is_no_longer_kept_and_ai_games_are_never_kept():
    clear()
    runner.invoke(app, ["play", "fighters-of-the-pacific", "--japan", "random", "--usa", "random", "--seed", "3",
                        "--quiet"])
    assert kept_games() == []
    # a kept game whose seats are now both the computer's plays to its end on resume, and is then removed
    saves_dir().mkdir(parents=True, exist_ok=True)
    rec = Record(game="fighters-of-the-pacific", scenario="fighter-sweep", options={}, seed=5,
                 agents={"japan": "random", "usa": "random"}, answers=[])
    rec.save(saves_dir() / "fighters-of-the-pacific-test.json")
    res = runner.invoke(app, ["resume", "--latest"])
    assert res.exit_code == 0 and "Result:" in res.output, res.output
    assert kept_games() == []


def test_an_unreadable_kept_file_is_listed_and_refused_not_fatal():
    clear()
    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "broken.json").write_text(json.dumps({"format": "nonsense"}))
    listed = runner.invoke(app, ["resume"])
    assert listed.exit_code == 0 and "cannot be read" in listed.output
    res = runner.invoke(app, ["resume", "1"])
    assert res.exit_code == 2 and "cannot be read" in res.output
    clear()


def test_a_resumed_games_ai_seat_is_shown_its_sides_past_decisions(monkeypatch):
    """The AI seat rebuilt on `kaisen resume` is shown again each past decision of its own side, from its own view
    (`Agent.recall`), so a heuristic's memory survives; never the person's decisions."""
    from kaisen.agents import base
    clear()
    runner.invoke(app, ["play", "pacific-fury", "--japan", "random", "--seed", "14"], input="1\n1\nquit\ny\n")
    (path, rec), = kept_games()
    shown = []
    monkeypatch.setattr(base.Agent, "recall", lambda self, view, decision, answer: shown.append(
        (self.side, view["side"], decision.side, answer)))
    again = runner.invoke(app, ["resume", "1"], input="quit\ny\n")
    assert again.exit_code == 0, again.output
    assert shown and all(s == v == d == "japan" for s, v, d, _ in shown)
    sides = []
    replay(get_game("pacific-fury"), rec, before_each=lambda i, p, a: sides.append(getattr(p, "side", None)))
    japan = [a for a, side in zip(rec.answers, sides) if side == "japan"]
    assert "usa" in sides and [a for *_, a in shown] == japan
