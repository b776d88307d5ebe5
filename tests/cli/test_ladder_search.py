"""How much a ladder's search agents searched (issue 15, items 4-5): `search` in `kaisen ladder --json`, counted
from each searched decision's iterations and whether the time limit stopped it, kept in checkpoints and merged."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kaisen.agents import base
from kaisen.analysis import ladder as lad
from kaisen.analysis.simulate import play_one
from kaisen.cli import app
from kaisen.registry import get_game

runner = CliRunner()
PF = get_game("pacific-fury")


class Counted(base.Agent):
    """A stand-in for a search agent: answers the first option and says it searched as many iterations as the
    decision has options, stopped by its time limit where there are more than three; a forced decision (one
    option) it answers without searching, as the ISMCTS agent does."""

    name = "counted"

    def choose(self, view, decision):
        n = len(decision.options)
        self.last = ({"iterations": 0, "forced": True} if n == 1 else
                     {"iterations": n, "stopped": "time" if n > 3 else "budget"})
        return decision.options[0].id


@pytest.fixture
def counted():
    base.register_agent(PF.id, "counted", Counted)
    yield "counted"
    del base._GAME_AGENTS[(PF.id, "counted")]


def counted_by_hand(seeds, side: str) -> tuple[dict[int, int], int]:
    """The searches of `Counted` playing `side` against the heuristic over `seeds`, counted from each decision as
    it is answered (not by the ladder): decisions by iterations, and how many the time limit stopped."""
    hist: dict[int, int] = {}
    by_time = 0
    for seed in seeds:
        def watch(state, decision, agent, answer):
            nonlocal by_time
            if decision.side == side and len(decision.options) > 1:
                n = len(decision.options)
                hist[n] = hist.get(n, 0) + 1
                by_time += n > 3
        seats = {s: ("counted" if s == side else "heuristic") for s in PF.sides}
        play_one(PF, seats, seed, watch=watch)
    return hist, by_time


def test_the_ladder_counts_each_searched_decision_of_each_side_and_nothing_of_agents_that_never_search(counted):
    summary = lad.ladder(PF, ["heuristic", "counted"], 2, seed=4)
    assert set(summary["search"]) == {"counted"}         # the heuristic never searches
    rows = summary["search"]["counted"]
    assert set(rows) == {"japan", "usa", "all"}
    for side in ("japan", "usa"):
        hist, by_time = counted_by_hand([4, 5], side)
        r = rows[side]
        assert r["histogram"] == {str(k): hist[k] for k in sorted(hist)} and r["by_time"] == by_time
        n = sum(hist.values())
        assert r["decisions"] == n and r["stopped_by_time"] == by_time / n
        assert r["mean_iterations"] == pytest.approx(sum(k * c for k, c in hist.items()) / n)
        values = sorted(k for k, c in hist.items() for _ in range(c))
        assert r["median_iterations"] == values[(n - 1) // 2]
    a = rows["all"]
    assert a["decisions"] == rows["japan"]["decisions"] + rows["usa"]["decisions"]
    assert a["by_time"] == rows["japan"]["by_time"] + rows["usa"]["by_time"]
    # forced decisions are timed but not counted as searched
    assert summary["timing"]["counted"]["decisions"] > a["decisions"]


def test_a_resumed_ladder_counts_the_searches_of_an_unbroken_one_and_an_older_checkpoint_counts_none(
        counted, tmp_path):
    whole = lad.ladder(PF, ["heuristic", "counted"], 2, seed=4)
    path = tmp_path / "pf.ckpt"

    def stop(done):
        if done >= 3:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        lad.ladder(PF, ["heuristic", "counted"], 2, seed=4, checkpoint=path, progress=stop)
    again = lad.ladder(PF, ["heuristic", "counted"], 2, seed=4, checkpoint=path)
    assert again["resumed"] == 3 and again["search"] == whole["search"]
    lines = path.read_text().splitlines()
    old = [lines[0]] + [json.dumps({k: v for k, v in json.loads(line).items() if k != "search"})
                        for line in lines[1:]]
    path.write_text("\n".join(old) + "\n")      # as a checkpoint written before searches were counted
    assert "search" not in lad.ladder(PF, ["heuristic", "counted"], 2, seed=4, checkpoint=path)


def test_a_damaged_search_count_in_a_checkpoint_is_refused_with_its_line(counted, tmp_path):
    path = tmp_path / "pf.ckpt"
    lad.ladder(PF, ["heuristic", "counted"], 1, seed=0, checkpoint=path)
    head, first, *rest = path.read_text().splitlines()
    game = json.loads(first)
    for bad in ({"usa": {"histogram": {"4": 2}, "by_time": 3}}, {"britain": {"histogram": {}, "by_time": 0}},
                {"usa": {"histogram": {"x": 1}, "by_time": 0}}, ["usa"]):
        path.write_text("\n".join([head, json.dumps({**game, "search": bad}), *rest]) + "\n")
        before = path.read_bytes()
        with pytest.raises(lad.IllegalAction, match="line 2: search must be a tally per side"):
            lad.ladder(PF, ["heuristic", "counted"], 1, seed=0, checkpoint=path)
        assert path.read_bytes() == before


def test_merged_parts_count_the_searches_of_one_ladder_over_all_their_seeds(counted):
    whole = lad.ladder(PF, ["heuristic", "counted"], 3, seed=10)
    parts = [lad.ladder(PF, ["heuristic", "counted"], 1, seed=10), lad.ladder(PF, ["heuristic", "counted"], 2,
                                                                              seed=11)]
    assert lad.merge(parts)["search"] == whole["search"]
    older = {k: v for k, v in parts[0].items() if k != "search"}
    assert "search" not in lad.merge([older, parts[1]])      # a count of some parts would pass for all
    bad = {**parts[0], "search": {"counted": {"usa": {"histogram": {"3": 1}, "by_time": 2}}}}
    with pytest.raises(lad.IllegalAction, match="search must give"):
        lad.merge([bad, parts[1]])


def test_the_report_says_how_much_each_search_agent_searched(counted):
    res = runner.invoke(app, ["ladder", "pacific-fury", "--agents", "heuristic,counted", "--games", "1"])
    assert res.exit_code == 0, res.output
    summary = lad.ladder(PF, ["heuristic", "counted"], 1, seed=0)
    a = summary["search"]["counted"]["all"]
    flat = " ".join(res.output.split())
    assert (f"counted searched {a['decisions']} decisions: median {a['median_iterations']} iterations" in flat
            and "stopped by its time limit; as Japan median" in flat)
    assert "heuristic searched" not in flat
