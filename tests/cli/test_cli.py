"""The `kaisen` command line: AI games, scripted human sessions, simulate, replay and bad input (issue 2)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kaisen.cli import app
from kaisen.engine.record import Record, replay
from kaisen.registry import get_game

runner = CliRunner()
GAME = get_game("pacific-fury")


def kaisen(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_sides_scenarios_options_and_agents():
    res = kaisen("games")
    assert res.exit_code == 0
    for text in ("pacific-fury", "--japan", "--usa", "campaign", "tokyo-express-combat", "human", "random"):
        assert text in res.output


@pytest.mark.parametrize("agents", [("random", "random"), ("heuristic", "random"), ("random", "heuristic")])
def test_ai_against_ai_plays_to_the_end_without_input(tmp_path, agents):
    if "heuristic" in agents and "heuristic" not in __import__("kaisen.agents.base").agents.base.agent_names(GAME.id):
        pytest.skip("heuristic agent not registered")
    rec = tmp_path / "game.json"
    res = kaisen("play", "pacific-fury", "--japan", agents[0], "--usa", agents[1], "--seed", "11",
                 "--record", str(rec), input="")
    assert res.exit_code == 0, res.output
    assert "Result:" in res.output
    record = Record.load(rec, expect_game="pacific-fury")
    assert record.agents == {"japan": agents[0], "usa": agents[1]}
    state, _ = replay(GAME, record)
    assert GAME.is_over(state)


def test_same_seed_same_game_and_output():
    args = ("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "7")
    first, second, other = kaisen(*args), kaisen(*args), kaisen(*args[:-1], "8")
    assert first.exit_code == second.exit_code == other.exit_code == 0
    assert first.output == second.output
    assert first.output != other.output


def test_quiet_prints_only_the_result():
    res = kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "3", "--quiet")
    assert res.exit_code == 0
    assert "Result:" in res.output and "[10." not in res.output


def test_simulate_json_reports_rates_and_intervals():
    res = kaisen("simulate", "pacific-fury", "--games", "12", "--agents", "random,random", "--seed", "5", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert set(out) == {"game", "scenario", "games", "seed", "agents", "wins", "draws", "win_rate", "draw_rate",
                        "win_rate_ci95", "draw_rate_ci95", "mean_turns", "mean_decisions", "mean_steps", "seconds"}
    assert out["games"] == 12 and out["seed"] == 5 and out["agents"] == {"japan": "random", "usa": "random"}
    assert sum(out["wins"].values()) + out["draws"] == 12
    for side in ("japan", "usa"):
        lo, hi = out["win_rate_ci95"][side]
        assert 0 <= lo <= out["win_rate"][side] <= hi <= 1
    assert 1 <= out["mean_turns"] <= 4 and out["mean_decisions"] > 10 and out["mean_steps"] >= out["mean_decisions"]
    again = json.loads(kaisen("simulate", "pacific-fury", "--games", "12", "--agents", "random,random",
                              "--seed", "5", "--json").stdout)
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in out.items() if k != "seconds"}


def test_simulate_table_names_both_sides():
    res = kaisen("simulate", "pacific-fury", "--games", "3", "--agents", "random,random")
    assert res.exit_code == 0 and "Japan" in res.output and "USA" in res.output and "95% interval" in res.output


def test_replay_shows_the_log_and_json_final_state(tmp_path):
    rec = tmp_path / "g.json"
    kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "2", "--quiet",
           "--record", str(rec))
    res = kaisen("replay", str(rec))
    assert res.exit_code == 0 and "Result:" in res.output and "[8." in res.output
    data = json.loads(kaisen("replay", str(rec), "--json").stdout)
    assert set(data) == {"record", "final_state", "result"}
    state, _ = replay(GAME, Record.load(rec))
    assert data["final_state"] == GAME.to_json(state)
    assert data["result"]["winner"] in ("japan", "usa", None)
    partial = kaisen("replay", str(rec), "--upto", "5")
    assert partial.exit_code == 0 and "Unfinished after 5 answers" in partial.output


def test_scripted_human_session_saves_and_resumes(tmp_path):
    """A human USA answers by number and by id, uses board/log/help, saves, quits, then resumes."""
    save = tmp_path / "mid.json"
    lines = ["help", "board", "log 2", "bogus", "99", "1-17"] + ["1"] * 3 + ["done", f"save {save}", "quit"]
    res = kaisen("play", "pacific-fury", "--japan", "random", "--seed", "9", input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    assert "Not an option: 'bogus'" in res.output and "Not an option: '99'" in res.output
    assert "Saved to" in res.output and "Game left unfinished" in res.output
    saved = Record.load(save)
    assert saved.agents == {"japan": "random", "usa": "human"}
    n = len(saved.answers)
    assert n > 20
    # resume: the saved answers replay first, then play goes on (to the end, with an AI for the US this time)
    rec = tmp_path / "end.json"
    res2 = kaisen("play", "pacific-fury", "--load", str(save), "--usa", "random", "--record", str(rec), "--quiet")
    assert res2.exit_code == 0, res2.output
    assert f"{n} answers replayed" in res2.output and "Result:" in res2.output
    final = Record.load(rec)
    assert final.answers[:n] == saved.answers and len(final.answers) > n
    assert GAME.is_over(replay(GAME, final)[0])


def test_pf_8_1_naming_a_real_ship_that_is_not_offered_says_which_rule_forbids_it():
    """Issue 10: a typed id that names a real ship is refused with the engine's rule and reason, not a bare
    "not an option" (the US forms after Japan; Hornet waits for turn 2, Yamato is Japanese)."""
    res = kaisen("play", "pacific-fury", "--japan", "random", "--seed", "9",
                 input="add:hornet\nadd:yamato\nadd:us-transports-1\nquit\n")
    assert res.exit_code == 0, res.output
    assert "Not an option: 'add:hornet' (rule 8.1: Hornet is on the Turn Record Track" in res.output
    assert "(rule 8.2: Yamato is a Japanese ship" in res.output
    assert "(rule 6.3: the initiative player may never use Transports)" in res.output


def test_input_ending_leaves_the_game_unfinished_and_recorded(tmp_path):
    rec = tmp_path / "r.json"
    res = kaisen("play", "pacific-fury", "--japan", "random", "--seed", "1", "--record", str(rec), input="1\n1\n")
    assert res.exit_code == 0 and "Game left unfinished" in res.output
    assert len(Record.load(rec).answers) >= 2


def test_hot_seat_hands_over_and_hides_the_other_sides_task_forces():
    """Two humans: each turn of the keyboard starts with a hand-over; the US screen never lists the
    ships Japan put in its (face-down) task forces."""
    lines = ["", "add:shokaku", "add:zuikaku", "done", "", "1", "quit"]
    res = kaisen("play", "pacific-fury", "--japan", "human", "--usa", "human", "--seed", "4",
                 input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    assert res.output.count("Hand the keyboard to") >= 2
    us_screen = res.output.split("Hand the keyboard to USA", 1)[1]
    assert "Shokaku" not in us_screen and "Zuikaku" not in us_screen
    japan_screen = res.output.split("Hand the keyboard to USA", 1)[0]
    assert "Shokaku" in japan_screen


def test_manual_dice_are_checked_and_recorded(tmp_path):
    """--dice manual: faces out of range or of the wrong count are refused and asked again."""
    rec = tmp_path / "m.json"
    tries = ["7", "x", "0"] + [" ".join(["2"] * k) for k in range(1, 25)] * 3
    res = kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "2", "--dice", "manual",
                 "--record", str(rec), input="\n".join(tries) + "\nquit\n")
    assert res.exit_code == 0, res.output
    assert "Not accepted" in res.output
    dice = [a for a in Record.load(rec).answers if isinstance(a, tuple)]
    assert dice and all(set(a) == {2} for a in dice)


@pytest.mark.parametrize("args, needle", [
    (("play", "chess"), "unknown game"),
    (("play", "pacific-fury", "--japan", "admiral"), "unknown agent"),
    (("play", "pacific-fury", "--navy", "human"), "unknown option"),
    (("play", "pacific-fury", "--option", "radar=true"), "tokyo-express-combat"),
    (("play", "pacific-fury", "--option", "tokyo-express-combat=maybe"), "takes true or false"),
    (("play", "pacific-fury", "--dice", "loaded"), "manual"),
    (("play", "pacific-fury", "--scenario", "midway"), "campaign"),
    (("simulate", "pacific-fury", "--agents", "random"), "one agent per side"),
    (("simulate", "pacific-fury", "--games", "0"), "at least 1"),
    (("replay", "/no/such/file.json"), "cannot read"),
])
def test_bad_command_lines_get_one_line_errors(args, needle):
    res = kaisen(*args, input="")
    assert res.exit_code == 2
    err = res.stderr.strip()
    assert needle in err and len(err.splitlines()) == 1 and err.startswith("kaisen: error:")


def test_truncated_or_foreign_save_files_are_refused_and_left_alone(tmp_path):
    good = tmp_path / "g.json"
    kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "1", "--quiet",
           "--record", str(good))
    text = good.read_text()
    bad = tmp_path / "truncated.json"
    bad.write_text(text[: len(text) // 2])
    res = kaisen("play", "pacific-fury", "--load", str(bad), "--record", str(bad))
    assert res.exit_code == 2 and "not valid JSON" in res.stderr and bad.read_text() == text[: len(text) // 2]
    foreign = tmp_path / "foreign.json"
    data = json.loads(text)
    data["game"] = "fury-at-midway"
    foreign.write_text(json.dumps(data))
    res = kaisen("play", "pacific-fury", "--load", str(foreign))
    assert res.exit_code == 2 and "not 'pacific-fury'" in res.stderr
    res = kaisen("replay", str(foreign))                     # another game's record: its set-up is refused
    assert res.exit_code == 2 and "refused" in res.stderr
    data["game"] = "no-such-game"
    foreign.write_text(json.dumps(data))
    res = kaisen("replay", str(foreign))
    assert res.exit_code == 2 and "does not know" in res.stderr
    data["game"] = "pacific-fury"
    data["answers"][3] = "fire:the-moon"
    foreign.write_text(json.dumps(data))
    res = kaisen("replay", str(foreign))
    assert res.exit_code == 2 and "answer #3" in res.stderr


# -- Fury at Midway ------------------------------------------------------------------------------
def test_fury_at_midway_quiet_game_finishes_and_repeats():
    args = ("play", "fury-at-midway", "--japan", "random", "--usa", "random", "--seed", "3", "--quiet")
    first, second = kaisen(*args), kaisen(*args)
    assert first.exit_code == 0, first.output
    assert "Result:" in first.output and first.output == second.output


def test_fury_at_midway_simulate_json():
    res = kaisen("simulate", "fury-at-midway", "--games", "5", "--agents", "random,random", "--seed", "1", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["games"] == 5 and sum(out["wins"].values()) + out["draws"] == 5


def test_fury_at_midway_private_events_reach_only_their_side():
    """Human US against random Japan: the US screen never shows an event told only to Japan."""
    from kaisen.engine.match import Match
    import random as _random
    fam = get_game("fury-at-midway")
    m = Match(fam, seed=5)
    rng = _random.Random(5)
    m.run(lambda d: rng.choice(d.options).id)
    secret = {e.text for e in m.log if e.private_to == "japan"} - {e.text for e in m.log if e.private_to != "japan"}
    res = kaisen("play", "fury-at-midway", "--japan", "random", "--seed", "5", input="\n".join(["1"] * 60) + "\nquit\n")
    assert res.exit_code == 0, res.output
    assert not any(t in res.output for t in secret if len(t) > 20)


# -- Victory in the Pacific ----------------------------------------------------------------------
def test_victory_in_the_pacific_quiet_game_finishes_and_repeats():
    args = ("play", "victory-in-the-pacific", "--japan", "random", "--allies", "random", "--seed", "2", "--quiet")
    first, second = kaisen(*args), kaisen(*args)
    assert first.exit_code == 0, first.output
    assert "Result:" in first.output and first.output == second.output


def test_victory_in_the_pacific_human_session_shows_the_board_and_saves(tmp_path):
    save = tmp_path / "vitp.json"
    res = kaisen("play", "victory-in-the-pacific", "--japan", "random", "--seed", "4",
                 input="board\n" + "1\n" * 5 + f"save {save}\nquit\n")
    assert res.exit_code == 0, res.output
    assert "Sea areas (POC Japan/Allies, control)" in res.output and "Pearl Harbor" in res.output
    assert json.loads(save.read_text())["game"] == "victory-in-the-pacific"
