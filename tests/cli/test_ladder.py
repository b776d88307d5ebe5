"""`kaisen ladder GAME`: every agent against every other on both sides, win rates with intervals, time per
decision (issue 15, item 4)."""
from __future__ import annotations

import json
from datetime import datetime

import pytest
from typer.testing import CliRunner

from kaisen.agents import base
from kaisen.analysis.ladder import default_agents, ladder, matrix, numbered_outcomes, p95, pairings
from kaisen.analysis.simulate import play_one, simulate
from kaisen.cli import app
from kaisen.registry import get_game

runner = CliRunner()
PF = get_game("pacific-fury")
FIELDS = {"game", "scenario", "seed", "games", "agents", "untimed", "pairings", "totals", "timing", "search", "seconds",
          "commit", "date"}


def kaisen(*args: str):
    return runner.invoke(app, list(args))


def stripped(summary: dict) -> dict:
    """A ladder summary without what depends on the clock."""
    out = {k: v for k, v in summary.items() if k not in ("seconds", "date")}
    out["timing"] = {name: t["decisions"] for name, t in summary["timing"].items()}
    return out


@pytest.fixture
def first_option_agent():
    """A third cheap agent (always the first option), registered for Pacific Fury only during the test."""
    class First(base.Agent):
        name = "first"

        def choose(self, view, decision):
            return decision.options[0].id

    base.register_agent(PF.id, "first", First)
    yield "first"
    del base._GAME_AGENTS[(PF.id, "first")]


def test_json_counts_add_up_both_sides_are_played_and_the_heuristic_beats_random(tmp_path):
    out = tmp_path / "ladder.json"
    res = kaisen("ladder", "pacific-fury", "--agents", "random,heuristic", "--games", "4", "--seed", "2", "--json",
                 "--out", str(out))
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert json.loads(out.read_text()) == summary
    assert set(summary) == FIELDS
    assert (summary["game"], summary["scenario"], summary["seed"], summary["games"], summary["agents"]) == \
        ("pacific-fury", "campaign", 2, 4, ["random", "heuristic"])
    pairings = summary["pairings"]
    assert [(p["a"], p["b"], p["a_side"], p["b_side"]) for p in pairings] == \
        [("random", "heuristic", "japan", "usa"), ("random", "heuristic", "usa", "japan")]
    for p in pairings:
        assert p["games"] == 4 == p["a_wins"] + p["b_wins"] + p["draws"]
        lo, hi = p["a_ci"]
        assert 0 <= lo <= p["a_win_rate"] == p["a_wins"] / 4 <= hi <= 1
    [total] = summary["totals"]
    assert (total["a"], total["b"], total["games"]) == ("random", "heuristic", 8)
    assert total["a_wins"] == sum(p["a_wins"] for p in pairings) and total["draws"] == sum(p["draws"] for p in pairings)
    assert total["a_win_rate"] < 0.5 and total["a_ci"][0] <= total["a_win_rate"] <= total["a_ci"][1]
    assert 8 - total["a_wins"] - total["draws"] > total["a_wins"]      # the heuristic wins more than random
    assert set(summary["timing"]) == {"random", "heuristic"}
    for t in summary["timing"].values():
        assert t["decisions"] > 0 and 0 <= t["mean_s"] and 0 <= t["p95_s"]
    assert summary["commit"] is None or summary["commit"].isalnum()
    assert summary["date"].endswith("Z") and datetime.fromisoformat(summary["date"][:-1])


def test_each_agent_is_timed_on_its_own_decisions_only():
    summary = ladder(PF, ["random", "heuristic"], 2, seed=9)
    decisions = {"random": 0, "heuristic": 0}
    for seats in ({"japan": "random", "usa": "heuristic"}, {"japan": "heuristic", "usa": "random"}):
        for i in range(2):
            times: dict[str, list[float]] = {}
            result = play_one(PF, seats, 9 + i, times=times)
            assert sum(len(v) for v in times.values()) == result.decisions
            for side, values in times.items():
                decisions[seats[side]] += len(values)
    assert {name: t["decisions"] for name, t in summary["timing"].items()} == decisions


def test_every_pairing_plays_the_same_seeds_as_simulate(first_option_agent):
    done: list[int] = []
    summary = ladder(PF, ["random", "heuristic", first_option_agent], 3, seed=4, progress=done.append)
    assert done == list(range(1, 19))                                 # 3 pairs x 2 side assignments x 3 games
    assert [(p["a"], p["b"]) for p in summary["pairings"]] == \
        [("random", "heuristic")] * 2 + [("random", "first")] * 2 + [("heuristic", "first")] * 2
    for p in summary["pairings"]:
        seats = {p["a_side"]: p["a"], p["b_side"]: p["b"]}
        alone = simulate(PF, 3, {s: seats[s] for s in PF.sides}, seed=4)
        assert (p["a_wins"], p["b_wins"], p["draws"]) == (alone["wins"][p["a_side"]], alone["wins"][p["b_side"]],
                                                          alone["draws"])
    rows = matrix(summary)
    assert [r[0] for r in rows] == ["random", "heuristic", "first"] and all(rows[i][i + 1] == "-" for i in range(3))


def test_each_pairing_lists_its_games_results_in_seed_order_so_two_ladders_compare_game_by_game():
    summary = ladder(PF, ["random", "heuristic"], 4, seed=9)
    for p in summary["pairings"]:
        seats = {p["a_side"]: p["a"], p["b_side"]: p["b"]}
        want = ""
        for i in range(4):
            winner = play_one(PF, {s: seats[s] for s in PF.sides}, 9 + i).end.winner
            want += "d" if winner is None else "a" if winner == p["a_side"] else "b"
        assert p["results"] == want
        assert [p["results"].count(c) for c in "abd"] == [p["a_wins"], p["b_wins"], p["draws"]]


def test_two_worker_processes_give_the_results_of_one_but_the_timings():
    args = ("ladder", "pacific-fury", "--agents", "random,heuristic", "--games", "3", "--seed", "11", "--json")
    one, two = kaisen(*args, "--jobs", "1"), kaisen(*args, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0, two.output
    assert stripped(json.loads(two.stdout)) == stripped(json.loads(one.stdout))
    jobs = [(PF.id, "campaign", {}, t.seats, 11 + i, False) for t in pairings(PF, ["random", "heuristic"])
            for i in range(3)]
    game_by_game = [[(winner, {side: len(v) for side, v in times.items()}, search)
                     for _, (winner, times, search) in sorted(numbered_outcomes(PF, list(enumerate(jobs)), n))]
                    for n in (1, 2)]
    assert game_by_game[0] == game_by_game[1] and len({str(g) for g in game_by_game[0]}) > 1


def test_the_text_names_every_agent_and_side_with_rates_and_times():
    res = kaisen("ladder", "pacific-fury", "--agents", "random,heuristic", "--games", "2")
    assert res.exit_code == 0, res.output
    text = res.stdout
    assert "95% interval" in text and "seeds 0..1" in text
    assert "random (Japan) vs heuristic (USA): " in text and "random (USA) vs heuristic (Japan): " in text
    for name in ("random", "heuristic"):
        assert f"{name}: " in text and "decisions, mean " in text
    assert text.index("heuristic (Japan)") < text.index("heuristic: ")   # matrix, then sides, then timing


@pytest.mark.parametrize("args, needle", [
    (("--agents", "random,heuristic", "--games", "0"), "the number of games must be at least 1; given 0"),
    (("--agents", "heuristic",), "a ladder needs at least two agents; given 'heuristic'"),
    (("--agents", "random,human"), "ladder plays the computer's agents"),
    (("--agents", "random,admiral"), "unknown agent for pacific-fury; given 'admiral'; allowed: random, heuristic"),
    (("--agents", "random,random"), "each agent is listed once"),
    (("--agents", "random,heuristic", "--jobs", "0"), "worker processes must be at least 1"),
    (("--agents", "random,heuristic", "--out", "/no/such/folder/l.json"), "folder that does not exist"),
])
def test_refusals_are_one_line_before_any_game(args, needle):
    res = kaisen("ladder", "pacific-fury", *args)
    err = res.stderr.strip()
    assert res.exit_code == 2 and len(err.splitlines()) == 1 and err.startswith("kaisen: error: "), err
    assert needle in err and res.stdout == ""
    if "allowed:" in err:
        assert "human" not in err.split("allowed:", 1)[1]


def test_default_agents_random_heuristic_then_the_rest_with_levels_easy_to_hard():
    names = default_agents(PF)
    assert names[:2] == ["random", "heuristic"] and sorted(names) == sorted(base.agent_names(PF.id))
    assert names[2:] == ["ismcts-easy", "ismcts-normal", "ismcts-hard"]


def test_p95_is_the_nearest_rank():
    assert p95([float(i) for i in range(1, 21)]) == 19.0
    assert p95([0.5]) == 0.5 and p95([3.0, 1.0, 2.0]) == 3.0


def test_untimed_seats_every_timed_agent_on_its_iteration_budget_alone(first_option_agent):
    """--untimed: an agent with a time limit is told to drop it in every game it plays (the ladder's results then
    depend on the seeds only); the JSON says so; agents without one play as they do."""
    told = []

    class Timed(base.Agent):
        name = "timed"

        def untimed(self):
            told.append(self.side)

        def choose(self, view, decision):
            return decision.options[-1].id

    base.register_agent(PF.id, "timed", Timed)
    try:
        summary = ladder(PF, ["first", "timed"], 2, seed=3, untimed=True)
        assert summary["untimed"] is True and sorted(told) == ["japan", "japan", "usa", "usa"]
        told.clear()
        assert ladder(PF, ["first", "timed"], 1, seed=3)["untimed"] is False and told == []
    finally:
        del base._GAME_AGENTS[(PF.id, "timed")]


def test_an_untimed_search_runs_its_whole_iteration_budget_however_slow_the_clock_and_says_what_stopped_it():
    """The search levels' `untimed`: with a clock that says each iteration took a minute, a timed search stops after
    one iteration; untimed, it runs every iteration of its budget. Its `last["stopped"]` says which (a ladder counts
    it, `search_stats.searched`); a forced answer (one option) is no search, nor is an agent that never searches."""
    from dataclasses import replace
    from kaisen.agents.ismcts import ISMCTSAgent, Budget
    from kaisen.analysis.search_stats import searched
    from kaisen.engine.core import Decision
    ticks = iter(range(0, 10 ** 6, 60))
    state = PF.new_state()
    while not isinstance(p := PF.pause(state), Decision) or len(p.options) < 2:
        state = PF.apply(state, p.options[0].id if isinstance(p, Decision) else tuple(1 for _ in p.dice))
    runs = {}
    for untimed in (False, True):
        agent = ISMCTSAgent(PF, p.side, 5, budget=Budget(iterations=8, seconds=30.0, rollout_steps=4),
                            clock=lambda: float(next(ticks)))
        if untimed:
            agent.untimed()
        agent.choose(PF.view(state, p.side), p)
        runs[untimed] = (agent.last["iterations"], agent.last["stopped"], searched(agent))
    assert runs == {False: (1, "time", (1, True)), True: (8, "budget", (8, False))}
    agent.choose(PF.view(state, p.side), replace(p, options=p.options[:1]))
    assert searched(agent) is None and searched(base.RandomAgent(p.side, 1)) is None
