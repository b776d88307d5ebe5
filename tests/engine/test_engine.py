"""The engine contract itself: dice validation, dice sources, records, the import rule."""
from __future__ import annotations

import ast
import pathlib

import pytest

from kaisen.engine.core import Chance, IllegalAction, check_dice
from kaisen.engine.dice import ManualDice, ScriptedDice, SeededDice
from kaisen.engine.record import Record, RecordError

SRC = pathlib.Path(__file__).resolve().parents[2] / "src" / "kaisen"


def test_check_dice_refuses_faces_outside_1_to_6_and_wrong_counts():
    ch = Chance((6, 6), "two dice", "10.2")
    assert check_dice(ch, (1, 6)) == (1, 6)
    for bad in ((0, 3), (7, 1), (1,), (1, 2, 3), ("a", 1), (True, 2), "3 4"):
        with pytest.raises(IllegalAction) as err:
            check_dice(ch, bad)
        assert "allowed" in str(err.value)


def test_scripted_dice_run_out_with_a_clear_error():
    d = ScriptedDice([3, 4, 5])
    assert d.roll(Chance((6, 6), "x")) == (3, 4)
    with pytest.raises(IllegalAction, match="ran out"):
        d.roll(Chance((6, 6), "y"))


def test_seeded_dice_repeat_with_the_same_seed():
    ch = Chance((6,) * 5, "x")
    assert SeededDice(4).roll(ch) == SeededDice(4).roll(ch)


def test_manual_dice_reask_after_bad_input():
    answers = iter(["9", "two", "1 2 3", "2 5"])
    told = []
    d = ManualDice(lambda ch: next(answers), told.append)
    assert d.roll(Chance((6, 6), "x")) == (2, 5)
    assert len(told) == 3 and all(t.startswith("Not accepted") for t in told)


def test_record_errors_name_the_problem():
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads('{"format": "kaisen-record", "ver')
    with pytest.raises(RecordError, match="not a kaisen record"):
        Record.loads("[1, 2]")
    good = Record("pacific-fury", "campaign", answers=["done", (3,)])
    with pytest.raises(RecordError, match="not 'vitp'"):
        Record.loads(good.dumps(), expect_game="vitp")
    assert Record.loads(good.dumps()).answers == ["done", (3,)]
    bad = good.to_dict()
    bad["answers"] = ["done", {"x": 1}]
    import json
    with pytest.raises(RecordError, match="answer #1"):
        Record.loads(json.dumps(bad))


def test_record_save_is_atomic(tmp_path):
    p = tmp_path / "g.json"
    Record("pacific-fury", "campaign", answers=["a"]).save(p)
    assert Record.load(p).answers == ["a"] and not (tmp_path / "g.json.tmp").exists()


def imports_of(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_engine_imports_no_game_and_no_interface():
    for f in (SRC / "engine").rglob("*.py"):
        for mod in imports_of(f):
            assert not mod.startswith(("kaisen.games", "kaisen.cli", "kaisen.agents", "kaisen.analysis")), (f, mod)


def test_no_game_imports_another_game():
    games = [p for p in (SRC / "games").iterdir() if p.is_dir() and not p.name.startswith("_")]
    for g in games:
        for f in g.rglob("*.py"):
            for mod in imports_of(f):
                if mod.startswith("kaisen.games."):
                    assert mod.split(".")[2] == g.name, (f, mod)


def test_apply_step_applies_an_answer_the_game_vouched_for_and_checks_any_other_against_the_pause():
    """apply_step with no pause (the game checked the answer against the part of its menu that holds it) hands the
    answer on without a menu; with the pause, an answer not offered is refused and the state is left as it was."""
    from kaisen.engine.core import Decision, Event, Option, apply_step

    class Ctx:
        def __init__(self, s):
            self.s, self.ev = s, []

    class S:
        def __init__(self, n=0):
            self.n, self.step, self.last_events = n, "count:by", ()

        def copy(self):
            return S(self.n)

    def handle(c, step, arg, answer):
        c.s.n += int(answer)
        c.ev.append(Event("count", f"{step} {arg} {answer}"))

    s = S()
    new = apply_step(s, None, "2", Ctx, handle)
    assert (s.n, new.n, [e.text for e in new.last_events]) == (0, 2, ["count by 2"])
    pause = Decision("a", "how many?", (Option("1"),))
    with pytest.raises(IllegalAction):
        apply_step(s, pause, "2", Ctx, handle)
    assert s.n == 0 and apply_step(s, pause, "1", Ctx, handle).n == 1
