"""Terminal polish (issue 14, item 1, the rough edges of the terminal review): lines wrapped at words, the dice
mode kept in the record, the result said once, no placeholder text on a board, one-line errors that say what is
allowed, the side first in Nights of Fury's compact header, sorties picked several at once in Victory in the
Pacific with each destination asked in turn."""
from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from kaisen.cli import Session, app
from kaisen.engine.core import Chance, Decision, End, Option
from kaisen.engine.match import Match
from kaisen.engine.record import Record, RecordError, replay
from kaisen.engine.testing import random_answer
from kaisen.registry import all_games, get_game
from kaisen.terminal.wrap import log_lines

runner = CliRunner()
LONG = ("Sortie U1 (TF-C: Saratoga, Enterprise, North Carolina, Washington, South Dakota, Portland, San Francisco) "
        "from box 1 to South Pacific Ocean")


def kaisen(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, prog_name="kaisen")


def screen(width: int) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, force_terminal=True, color_system=None, soft_wrap=True), out


# -- 1. wrapping ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [100, 120])
def test_a_long_option_wraps_at_words_under_its_label_with_its_id_on_the_last_line(width):
    game = get_game("pacific-fury")
    console, out = screen(width)
    match = Match(game, seed=1)
    session = Session(console, game, match, {"japan": "random", "usa": "human"}, seed=1)
    label = LONG + " and on to the Eastern Solomon Sea, where the Tokyo Express may be met" * (width // 80)
    oid = "sortie:u1:south-pacific-ocean"
    session.menu(Decision("usa", "Operation 1 of 7: sortie, move, return or pass", (
        Option(oid, label), Option("pass", "Pass")), "9.0", "operation"))
    lines = out.getvalue().rstrip("\n").split("\n")
    option = [line for line in lines if line.startswith("   1. ") or line.startswith("      ")]
    assert len(option) >= 2 and all(len(line) < width for line in lines)
    assert all(line.startswith("      ") for line in option[1:])          # the number column stays clear
    assert option[-1].endswith(f"[{oid}]")
    words = ("1. " + label + f"  [{oid}]").split()
    assert " ".join(" ".join(option).split()) == " ".join(words)         # every word whole, none cut in two
    assert "   2. Pass  [pass]" in lines


def test_below_100_columns_a_long_option_wraps_at_words_without_its_id():
    game = get_game("pacific-fury")
    console, out = screen(80)
    session = Session(console, game, Match(game, seed=1), {"japan": "random", "usa": "human"}, seed=1)
    session.menu(Decision("usa", "Operation 1 of 7: sortie, move, return or pass", (
        Option("sortie:u1:south-pacific-ocean", LONG), Option("pass", "Pass")), "9.0", "operation"))
    lines = out.getvalue().rstrip("\n").split("\n")
    assert all(len(line) < 80 for line in lines) and "[" not in out.getvalue()
    option = lines[1:-1]
    assert len(option) == 2 and option[1].startswith("      ")
    assert " ".join(" ".join(option).split()) == "1. " + LONG and lines[-1] == "   2. Pass"


def test_a_long_log_line_wraps_under_the_text_after_its_rule_tag():
    text = "  [10.5] " + LONG + ": no carriers on either side in the Eastern Solomon Sea, so there is no combat"
    lines = log_lines(text, 79)
    assert len(lines) >= 2 and all(len(line) <= 79 for line in lines)
    assert all(line.startswith(" " * 9) and line[9] != " " for line in lines[1:])
    assert " ".join(" ".join(lines).split()) == " ".join(text.split())
    assert log_lines(text, None) == [text]                 # output to a file or a pipe: one line per line


@pytest.mark.parametrize("game_id", ["fury-at-midway", "victory-in-the-pacific"])
def test_a_board_of_plain_lines_wraps_at_words_under_its_labels(game_id):
    """FaM's carriers line and VITP's port lists (37 names at Yokosuka) are longer than a terminal is wide."""
    from kaisen.terminal.boards import draw
    game = get_game(game_id)
    view = game.view(game.new_state(), game.sides[-1])
    plain, wrapped = draw(game, view, False), draw(game, view, False, 99)
    assert max(len(line) for line in plain.split("\n")) > 99
    assert max(len(line) for line in wrapped.split("\n")) <= 99
    assert wrapped.split() == plain.split()                    # no word cut in two
    if game_id == "victory-in-the-pacific":
        lines = wrapped.split("\n")
        at = next(i for i, line in enumerate(lines) if "Yokosuka Navy Yard" in line)
        assert lines[at + 1].index(lines[at + 1].strip()) == lines[at].index("[J]")


def test_piped_output_is_not_wrapped():
    res = kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "3")
    assert res.exit_code == 0
    assert any(len(line) > 100 for line in res.output.split("\n") if line.startswith("Japan: Sortie"))


# -- 2. the dice mode and the seed of a loaded game ---------------------------------------------------------
def test_manual_dice_are_kept_in_the_record_and_a_load_goes_on_with_them(tmp_path):
    rec = tmp_path / "m.json"
    tries = [" ".join(["2"] * k) for k in range(1, 25)] * 2
    res = kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "2", "--dice", "manual",
                 "--record", str(rec), input="\n".join(tries) + "\nquit\n")
    assert res.exit_code == 0, res.output
    assert "seed 2; manual dice" in res.output.split("\n")[0]
    assert json.loads(rec.read_text())["dice_mode"] == "manual" and Record.load(rec).dice_mode == "manual"
    answers = len(Record.load(rec).answers)
    res = kaisen("play", "pacific-fury", "--load", str(rec), "--japan", "random", "--usa", "random",
                 input="3 3\nquit\n")
    assert res.exit_code == 0, res.output
    assert "manual dice" in res.output and "Roll " in res.output and "faces> " in res.output
    assert res.output.count("Loaded ") == 1
    seeded = tmp_path / "s.json"
    res = kaisen("play", "pacific-fury", "--load", str(rec), "--japan", "random", "--usa", "random",
                 "--dice", "seeded", "--record", str(seeded), input="")
    assert res.exit_code == 0, res.output
    assert "seeded dice" in res.output and "faces> " not in res.output and "Result: " in res.output
    played = Record.load(seeded)
    assert played.dice_mode is None and "dice_mode" not in seeded.read_text() and len(played.answers) > answers


def test_a_record_without_a_dice_mode_loads_as_seeded_and_a_wrong_one_is_refused(tmp_path):
    rec = tmp_path / "g.json"
    kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "1", "--quiet", "--record",
           str(rec))
    data = json.loads(rec.read_text())
    assert "dice_mode" not in data and Record.load(rec).dice_mode is None
    data["dice_mode"] = "loaded"
    with pytest.raises(RecordError, match="dice_mode.*manual"):
        Record.from_dict(data)


def test_seed_with_load_is_refused_in_one_line(tmp_path):
    rec = tmp_path / "g.json"
    kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "11", "--quiet", "--record",
           str(rec))
    res = kaisen("play", "pacific-fury", "--load", str(rec), "--seed", "99", input="")
    err = res.stderr.strip()
    assert res.exit_code == 2 and len(err.splitlines()) == 1
    assert err.startswith("kaisen: error: a loaded game keeps its record's seed (11)") and "without --seed" in err


def test_the_header_names_the_dice_and_the_optional_rules():
    res = kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "3", "--option",
                 "tokyo-express-combat=true")
    first = res.output.split("\n")[0]
    assert "seed 3; seeded dice; optional rules: tokyo-express-combat" in first
    res = kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "3")
    assert res.output.split("\n")[0].endswith("seed 3; seeded dice; no optional rules")


# -- 3. the result once, no placeholders ----------------------------------------------------------------------
def test_the_result_is_said_once_with_who_won_in_the_games_words(tmp_path):
    rec = tmp_path / "g.json"
    res = kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "3", "--record", str(rec))
    game = get_game("pacific-fury")
    end = game.pause(replay(game, Record.load(rec))[0])
    assert isinstance(end, End) and end.winner == "usa"
    assert res.output.count(end.summary) == 1
    result = [line for line in res.output.split("\n") if line.startswith("Result: ")]
    assert result == [f"Result: USA wins. {end.summary}"]
    assert "score" not in result[0] and "Game over." in res.output


def first_pause(game, scenario, want, seed=0, limit=3000):
    """Random play until `want(state, pause)`; the state then, or None."""
    rng = random.Random(seed)
    s = game.new_state(scenario, {})
    for _ in range(limit):
        p = game.pause(s)
        if isinstance(p, End):
            return None
        if want(s, p):
            return s
        s = game.apply(s, random_answer(p, rng))
    return None


def board_text(game, view, compact: bool) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(game.render(view, compact=compact))
    return console.file.getvalue()


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_no_board_shows_a_placeholder_for_the_other_sides_decision(game):
    scenario = game.scenarios[0].id
    s = first_pause(game, scenario, lambda s, p: isinstance(p, Decision))
    p = game.pause(s)
    other = next(side for side in game.sides if side != p.side)
    assert game.view(s, other)["pending"].get("prompt", "") in ("", f"{p.side} is deciding")
    for compact in (False, True):
        text = board_text(game, game.view(s, other), compact)
        assert f"{p.side} is deciding" not in text


def test_pacific_fury_hidden_dice_are_said_so_in_words():
    """PF: only the submarine's pick among hidden ships (rare in play) is rolled for a hidden reason."""
    from kaisen.games.pacific_fury.board import pending_line
    line = pending_line({"pending": {"kind": "chance", "reason": "dice are rolled", "dice": 1}}).plain
    assert line == "Dice are rolled for something your side does not see."


@pytest.mark.parametrize("game_id", ["fury-at-midway", "nights-of-fury"])
def test_dice_whose_reason_is_hidden_are_said_so_in_words(game_id):
    game = get_game(game_id)
    sides = game.sides

    def hidden(s, p):
        return isinstance(p, Chance) and any(game.view(s, x)["pending"].get("reason") == "dice are rolled"
                                             for x in sides)
    s = next((s for seed in range(8) if (s := first_pause(game, game.scenarios[0].id, hidden, seed)) is not None),
             None)
    assert s is not None
    side = next(x for x in sides if game.view(s, x)["pending"].get("reason") == "dice are rolled")
    text = board_text(game, game.view(s, side), False)
    assert "dice are rolled" not in text and "Dice are rolled for something your side does not see." in text


# -- 4. errors ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, needle", [
    (("play", "pacific-fury", "--seed", "abc"), "--seed takes a whole number; see `kaisen play --help`"),
    (("simulate", "pacific-fury", "--games", "x"), "--games takes a whole number"),
    (("play",), "kaisen play needs GAME"),
    (("frob",), "no such command 'frob'"),
    (("replay", "RECORD", "--upto", "-5"), "--upto takes a number of answers from 0 to"),
    (("play", "pacfic-fury"), "unknown game; given 'pacfic-fury'; allowed: fighters-of-the-pacific, fury-at-midway"),
    (("play", "pacific-fury", "--japan", "admiral"), "allowed: heuristic, ismcts-easy, ismcts-normal, ismcts-hard, random or human"),
])
def test_command_line_mistakes_get_one_line_without_module_tags_or_python_lists(tmp_path, args, needle):
    if "RECORD" in args:
        rec = tmp_path / "g.json"
        kaisen("play", "pacific-fury", "--japan", "random", "--usa", "random", "--seed", "1", "--quiet",
               "--record", str(rec))
        args = tuple(str(rec) if a == "RECORD" else a for a in args)
    res = kaisen(*args, input="")
    err = res.stderr.strip()
    assert res.exit_code == 2 and len(err.splitlines()) == 1 and err.startswith("kaisen: error: "), err
    assert needle in err
    assert not re.search(r"\[(registry|agents|setup|play|replay|simulate)\]", err) and "['" not in err


def test_simulate_refuses_a_human_without_listing_human_as_allowed():
    res = kaisen("simulate", "pacific-fury", "--agents", "heuristic,human")
    err = res.stderr.strip()
    assert res.exit_code == 2 and "kaisen play" in err
    assert "human" not in err.split("allowed:", 1)[1]


def test_version():
    from kaisen import __version__
    res = kaisen("--version")
    assert res.exit_code == 0 and res.output.strip() == f"kaisen {__version__}"


def test_log_and_board_say_what_they_take_and_an_id_in_another_case_is_accepted(tmp_path):
    rec = tmp_path / "g.json"
    lines = ["log abc", "log 0", "log -3", "board extra", "ADD:ENTERPRISE", "quit", "y"]
    res = kaisen("play", "pacific-fury", "--seed", "5", "--record", str(rec), input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    for given in ("'abc'", "'0'", "'-3'"):
        assert f"log takes a number of lines, 1 or more, or all (nothing: the last 20); given {given}" in res.output
    assert "board takes nothing, full or compact; given 'extra'" in res.output
    assert "add:enterprise" in Record.load(rec).answers


# -- 5. Nights of Fury's compact header; Victory in the Pacific's sorties ---------------------------------
@pytest.mark.parametrize("scenario", [s.id for s in get_game("nights-of-fury").scenarios
                                      if s.id not in ("generated", "campaign")])
def test_nights_of_fury_compact_header_names_the_viewer_first(scenario):
    from kaisen.games.nights_of_fury.board import SIDE_NAME, board_text as nof_text
    game = get_game("nights-of-fury")
    s = game.new_state(scenario, {})
    for side in game.sides:
        first = nof_text(game.view(s, side), 80, True).split("\n")[0]
        assert first.startswith(f"{SIDE_NAME[side]} · ") and len(first) <= 80


def test_victory_in_the_pacific_sorties_picked_at_once_ask_each_destination_in_turn(tmp_path):
    """`a b c` at Japan's patrol step (three sortie numbers): the first ship sorties and its destination is
    asked, then the next ship sorties by itself and its destination is asked, and so on."""
    game = get_game("victory-in-the-pacific")
    rng = random.Random(1)
    match = Match(game, seed=1, agents={"japan": "human", "allies": "random"})
    while not (isinstance(p := match.pause(), Decision) and p.kind == "move-patrollers" and p.side == "japan"):
        if isinstance(p, Chance):
            match.roll()
        else:
            match.answer(random_answer(p, rng), p)
    start = len(match.record.answers)
    rec = tmp_path / "v.json"
    match.record.save(rec)
    ids = p.ids()
    sorties = [i for i in ids if i.startswith("sortie:")][:3]
    numbers = [ids.index(i) + 1 for i in sorties]
    out = tmp_path / "after.json"
    res = kaisen("play", "victory-in-the-pacific", "--load", str(rec), "--japan", "human", "--allies", "random",
                 "--record", str(out), input=" ".join(map(str, numbers)) + "\n1\n1\n1\nquit\ny\n")
    assert res.exit_code == 0, res.output
    assert f"then your next picks: {numbers[1]}, {numbers[2]}" in res.output
    assert f"then your next picks: {numbers[2]}" in res.output
    after = Record.load(out).answers[start:]
    decided = [a for a in after if isinstance(a, str)]
    assert decided[:6:2] == sorties and all(a.startswith("to:") for a in decided[1:6:2])


def test_after_a_load_the_board_is_printed_once(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    rec = tmp_path / "g.json"
    res = kaisen("play", "pacific-fury", "--seed", "5", input=f"1\nsave {rec}\nquit\ny\n")
    assert res.exit_code == 0 and rec.exists(), res.output
    res = kaisen("play", "pacific-fury", "--load", str(rec), input="quit\ny\n")
    assert res.exit_code == 0, res.output
    assert res.output.count("Sea zones") == 1 and res.output.count("USA: Form task forces") == 1


def test_a_kept_game_played_with_real_dice_resumes_with_them(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    res = kaisen("play", "pacific-fury", "--seed", "5", "--dice", "manual", input="1\nquit\ny\n")
    assert res.exit_code == 0, res.output
    kept = list((tmp_path / "data" / "kaisen" / "saves").glob("*.json"))
    assert len(kept) == 1 and Record.load(kept[0]).dice_mode == "manual"
    res = kaisen("resume", "--latest", input="quit\ny\n")
    assert res.exit_code == 0 and "seed 5; manual dice" in res.output, res.output
    res = kaisen("resume", "--latest", "--dice", "seeded", input="quit\ny\n")
    assert res.exit_code == 0 and "seed 5; seeded dice" in res.output, res.output
    assert Record.load(kept[0]).dice_mode is None
