"""`kaisen ladder-merge`: ladders of disjoint seeds, played apart (on several machines, say), added up into one
(issue 15, item 4: the ladder at 200+ games per pairing is played in parts)."""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from kaisen.analysis.ladder import histogram, histogram_p95, ladder, merge, p95
from kaisen.cli import app
from kaisen.engine.core import IllegalAction
from kaisen.registry import get_game

runner = CliRunner()
PF = get_game("pacific-fury")
AGENTS = ["random", "heuristic"]


def kaisen(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def parts():
    """Ladders of seeds 0..2, 3..4 and 7..8, and one of seeds 0..4 played whole."""
    return {"0-2": ladder(PF, AGENTS, 3, 0), "3-4": ladder(PF, AGENTS, 2, 3), "7-8": ladder(PF, AGENTS, 2, 7),
            "0-4": ladder(PF, AGENTS, 5, 0)}


def write(tmp_path, name: str, summary) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(summary))
    return str(path)


def test_two_ladders_of_adjoining_seeds_merge_into_the_counts_of_one_ladder_over_all_of_them(parts, tmp_path):
    res = kaisen("ladder-merge", write(tmp_path, "b", parts["3-4"]), write(tmp_path, "a", parts["0-2"]), "--json")
    assert res.exit_code == 0, res.output
    merged = json.loads(res.stdout)
    whole = parts["0-4"]
    assert merged["pairings"] == whole["pairings"]
    assert merged["totals"] == whole["totals"]
    assert (merged["seed"], merged["games"], merged["seeds"]) == (0, 5, [[0, 4]])
    assert {n: t["decisions"] for n, t in merged["timing"].items()} == \
        {n: t["decisions"] for n, t in whole["timing"].items()}
    assert [p["seed"] for p in merged["parts"]] == [0, 3]
    assert merged["commit"] == whole["commit"]
    assert math.isclose(merged["seconds"], parts["0-2"]["seconds"] + parts["3-4"]["seconds"], abs_tol=0.002)


def test_the_merged_mean_time_weighs_each_part_by_its_decisions_and_the_p95_comes_from_the_added_bins(parts):
    a, b = parts["0-2"], parts["3-4"]
    merged = merge([a, b])
    for name in AGENTS:
        ta, tb, tm = a["timing"][name], b["timing"][name], merged["timing"][name]
        want = (ta["mean_s"] * ta["decisions"] + tb["mean_s"] * tb["decisions"]) / (ta["decisions"] + tb["decisions"])
        assert math.isclose(tm["mean_s"], want)
        assert tm["p95_from"] == "histogram"
        assert sum(tm["histogram"].values()) == tm["decisions"]
        assert tm["p95_s"] == histogram_p95(tm["histogram"])


def test_a_part_from_before_results_were_kept_merges_without_them(parts):
    old = json.loads(json.dumps(parts["3-4"]))
    for p in old["pairings"]:
        del p["results"]
    merged = merge([parts["0-2"], old])
    assert all("results" not in p for p in merged["pairings"])
    assert [p["games"] for p in merged["pairings"]] == [5, 5]


def test_a_part_without_bins_leaves_the_largest_p95_of_the_parts_an_upper_bound(parts):
    old = json.loads(json.dumps(parts["3-4"]))
    for t in old["timing"].values():
        del t["histogram"]              # a ladder written before the bins were kept
    merged = merge([parts["0-2"], old])
    for name in AGENTS:
        assert merged["timing"][name]["p95_from"] == "largest part"
        assert merged["timing"][name]["p95_s"] == max(parts["0-2"]["timing"][name]["p95_s"],
                                                       old["timing"][name]["p95_s"])


def test_seeds_with_a_gap_are_listed_as_ranges_and_a_merged_ladder_merges_again(parts, tmp_path):
    first = merge([parts["0-2"], parts["7-8"]])
    assert first["seeds"] == [[0, 2], [7, 8]]
    again = merge([first, parts["3-4"]])
    assert again["seeds"] == [[0, 4], [7, 8]]
    assert [p["seed"] for p in again["parts"]] == [0, 3, 7]
    assert again["pairings"][0]["games"] == 7
    for p, a, b, c in zip(again["pairings"], *(parts[k]["pairings"] for k in ("0-2", "3-4", "7-8"))):
        assert p["results"] == a["results"] + b["results"] + c["results"]      # in seed order, the gap left out
    res = kaisen("ladder-merge", write(tmp_path, "a", parts["0-2"]), write(tmp_path, "b", parts["7-8"]))
    assert res.exit_code == 0, res.output
    assert "5 games per pairing on each side, seeds 0..2, 7..8" in res.stdout
    assert "heuristic (Japan) vs random (USA)" not in res.stdout     # the ladder's order: random first
    assert "random (Japan) vs heuristic (USA)" in res.stdout


def test_the_merged_ladder_is_written_to_out(parts, tmp_path):
    out = tmp_path / "all.json"
    res = kaisen("ladder-merge", write(tmp_path, "a", parts["0-2"]), write(tmp_path, "b", parts["3-4"]),
                 "--out", str(out))
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text())["pairings"] == parts["0-4"]["pairings"]


def changed(summary, **edits):
    out = json.loads(json.dumps(summary))
    out.update(edits)
    return out


@pytest.mark.parametrize("edit, needle", [
    (lambda p: p["0-2"], "share seeds 0..2: the same games would count twice"),
    (lambda p: json.loads(json.dumps(p["3-4"]).replace('"heuristic"', '"first"')), "a.json in agents"),
    (lambda p: changed(p["3-4"], game="fury-at-midway"), "in game"),
    (lambda p: changed(p["3-4"], untimed=True), "in untimed"),
    (lambda p: {k: v for k, v in p["3-4"].items() if k != "pairings"}, "it lacks pairings"),
    (lambda p: changed(p["3-4"], pairings=[dict(p["3-4"]["pairings"][0], draws=1), p["3-4"]["pairings"][1]]),
     "do not add up to its games"),
    (lambda p: changed(p["3-4"], games=0), "games must be at least 1"),
    (lambda p: changed(p["3-4"], pairings=[dict(p["3-4"]["pairings"][0], results="ax"), p["3-4"]["pairings"][1]]),
     "results must be one letter a game"),
    (lambda p: changed(p["3-4"], timing={"random": p["3-4"]["timing"]["random"]}), "timing lacks agent heuristic"),
    (lambda p: changed(p["3-4"], timing={**p["3-4"]["timing"], "random": {"decisions": 5, "mean_s": 1e-6,
                                                                            "p95_s": 1e-6, "histogram": {"3": 4}}}),
     "histogram does not count its 5 decisions"),
])
def test_ladders_that_cannot_merge_are_refused_in_one_line_naming_the_file(parts, tmp_path, edit, needle):
    a = write(tmp_path, "a", parts["0-2"])
    b = write(tmp_path, "b", edit(parts))
    res = kaisen("ladder-merge", a, b)
    assert res.exit_code == 2
    assert needle in res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize("text, needle", [("{not json", "is not JSON"), ("[1, 2]", "is not a ladder summary")])
def test_a_file_that_is_not_a_ladder_summary_is_refused(parts, tmp_path, text, needle):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    res = kaisen("ladder-merge", write(tmp_path, "a", parts["0-2"]), str(bad))
    assert res.exit_code == 2
    assert needle in res.output and str(bad) in res.output


def test_one_file_or_a_missing_one_is_refused(parts, tmp_path):
    a = write(tmp_path, "a", parts["0-2"])
    assert "at least two" in kaisen("ladder-merge", a).output
    res = kaisen("ladder-merge", a, str(tmp_path / "none.json"))
    assert res.exit_code == 2 and "cannot read" in res.output
    with pytest.raises(IllegalAction):
        merge([parts["0-2"]])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=1e-7, max_value=30.0), min_size=1, max_size=300))
def test_the_p95_read_off_the_bins_is_never_below_the_exact_one_and_at_most_one_bin_above(values):
    exact = p95(values)
    binned = histogram_p95(histogram(values))
    assert exact <= binned * (1 + 1e-12)
    assert binned <= exact * 10 ** (1 / 100) * (1 + 1e-12)
