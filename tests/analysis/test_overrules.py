"""`kaisen overrules` (analysis/overrules.py): each decision where a search overruled its heuristic, played on both
ways with the same dice, so that one game says whether the search's departures pay (issue 15)."""
from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from kaisen.agents.base import _GAME_AGENTS, make_agent
from kaisen.agents.ismcts import Budget, ISMCTSAgent
from kaisen.analysis import overrules as ovr
from kaisen.analysis.simulate import play_one
from kaisen.cli import app
from kaisen.engine.core import Decision, IllegalAction
from kaisen.registry import get_game

PF = get_game("pacific-fury")
TINY = "ismcts-tiny"
runner = CliRunner()


@pytest.fixture(autouse=True)
def tiny_level(monkeypatch):
    """A search level cheap enough for a test: 6 iterations, rollouts of 8 decisions."""
    budget = Budget(iterations=6, seconds=None, rollout_steps=8)
    monkeypatch.setitem(_GAME_AGENTS, (PF.id, TINY),
                        lambda side, seed=None: ISMCTSAgent(PF, side, seed, budget=budget))


@pytest.fixture(scope="module")
def japan_seed_1():
    budget = Budget(iterations=6, seconds=None, rollout_steps=8)
    _GAME_AGENTS[(PF.id, TINY)] = lambda side, seed=None: ISMCTSAgent(PF, side, seed, budget=budget)
    try:
        return ovr.analyse(PF, TINY, ["japan"], seed=1, playouts=3)
    finally:
        del _GAME_AGENTS[(PF.id, TINY)]


def test_an_overrule_is_a_decision_of_the_ladders_game_where_the_search_answered_other_than_its_heuristic(japan_seed_1):
    seen = []

    def watch(state, decision: Decision, agent, answer):
        if decision.side == "japan":
            seen.append((agent.last.get("heuristic"), answer))

    result = play_one(PF, {"japan": TINY, "usa": "heuristic"}, 1, untimed=True, watch=watch)
    want = [(i, h, a) for i, (h, a) in enumerate(seen, 1) if h is not None and h != a]
    got = [(r["decision"], r["heuristic"], r["search"]) for r in japan_seed_1["overrules"]]
    assert got == want and got, "at least one overrule, and exactly the game's"
    assert japan_seed_1["played"] == [{"seed": 1, "side": "japan", "winner": result.end.winner,
                                       "score": result.end.score, "decisions": len(seen)}]


def test_each_gain_is_the_searchs_answer_played_on_less_the_heuristics_for_the_searching_side(japan_seed_1):
    for r in japan_seed_1["overrules"]:
        assert 0 <= r["heuristic_value"] <= 1 and 0 <= r["search_value"] <= 1
        assert math.isclose(r["gain"], r["search_value"] - r["heuristic_value"], abs_tol=1e-12)
        assert r["error"] >= 0
        assert r["kind"] and r["rule"]


def test_the_totals_add_up_the_overrules_by_kind_and_over_all(japan_seed_1):
    rows = japan_seed_1["overrules"]
    tot = japan_seed_1["total"]
    assert tot["overrules"] == len(rows) == sum(k["overrules"] for k in japan_seed_1["by_kind"].values())
    assert math.isclose(tot["gain"], sum(r["gain"] for r in rows))
    assert math.isclose(tot["gain"], sum(k["gain"] for k in japan_seed_1["by_kind"].values()))
    assert math.isclose(tot["error"] ** 2, sum(r["error"] ** 2 for r in rows))
    assert math.isclose(tot["mean_gain"] * len(rows), tot["gain"])


def test_the_same_seed_gives_the_same_analysis(japan_seed_1):
    again = ovr.analyse(PF, TINY, ["japan"], seed=1, playouts=3)
    # `commit` names the checkout's HEAD when the analysis ended, which a commit made while the tests run moves
    assert {k: v for k, v in again.items() if k != "commit"} == {k: v for k, v in japan_seed_1.items() if k != "commit"}


def test_playouts_of_one_answer_twice_are_the_same_games_common_random_numbers():
    s = PF.new_state()
    while not (isinstance(p := PF.pause(s), Decision) and len(p.options) > 1):
        s = PF.apply(s, p.options[0].id if isinstance(p, Decision) else tuple(1 for _ in p.dice))
    a = p.options[0].id
    first, second = ovr.paired_values(PF, s, (a, a), p.side, 4, "x")
    assert first == second
    assert ovr.paired_values(PF, s, (a, a), p.side, 4, "x") == (first, second)


def test_a_playout_is_the_heuristic_on_both_sides_to_the_end():
    end = ovr.play_out(PF, PF.new_state(), "seed")
    assert end.winner in (None, *PF.sides)
    assert ovr.play_out(PF, PF.new_state(), "seed") == end


@pytest.mark.parametrize("args, wrong", [
    (["--level", "heuristic"], "no such search level"),
    (["--level", "ismcts-nope"], "no such search level"),
    (["--side", "france"], "no side"),
    (["--playouts", "1"], "at least two playouts"),
    (["--games", "0"], "at least 1"),
    (["--out", "/no/such/folder/x.json"], "folder that does not exist"),
])
def test_what_cannot_be_analysed_is_refused_before_any_game_with_what_is_allowed(args, wrong):
    res = runner.invoke(app, ["overrules", "pacific-fury", *args])
    assert res.exit_code == 2, res.output
    assert wrong in res.output


def test_the_command_prints_each_overrule_and_writes_the_json(tmp_path):
    out = tmp_path / "o.json"
    res = runner.invoke(app, ["overrules", "pacific-fury", "--level", TINY, "--side", "usa", "--playouts", "2",
                              "--out", str(out)])
    assert res.exit_code == 0, res.output
    summary = json.loads(out.read_text())
    assert summary["level"] == TINY and summary["sides"] == ["usa"] and summary["playouts"] == 2
    assert f"{summary['total']['overrules']} overrules in {summary['decisions']} decisions" in res.output
    for kind in summary["by_kind"]:
        assert f"{kind}: " in res.output
    js = runner.invoke(app, ["overrules", "pacific-fury", "--level", TINY, "--side", "usa", "--playouts", "2",
                             "--json"])
    assert json.loads(js.stdout) == summary


def test_the_search_says_which_answer_its_heuristic_gave_and_each_answers_mean():
    view_side = "japan"
    agent = make_agent(PF.id, TINY, view_side, 3)
    agent.untimed()
    s = PF.new_state()
    while not (isinstance(p := PF.pause(s), Decision) and p.side == view_side and len(p.options) > 1):
        s = PF.apply(s, p.options[0].id if isinstance(p, Decision) else tuple(1 for _ in p.dice))
    answer = agent.choose(PF.view(s, view_side), p)
    last = agent.last
    assert last["heuristic"] in p.ids()
    assert set(last["means"]) == {a for a, n in last["visits"].items() if n}
    assert answer in last["visits"]
