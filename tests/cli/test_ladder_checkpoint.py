"""`kaisen ladder --checkpoint FILE`: a ladder stopped part way goes on from where it stopped (issue 15, item 4:
ladders of hundreds of games run for hours on a shared machine)."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kaisen.analysis import ladder as lad
from kaisen.cli import app
from kaisen.registry import get_game

runner = CliRunner()
PF = get_game("pacific-fury")
AGENTS = ["random", "heuristic"]


def kaisen(*args: str):
    return runner.invoke(app, list(args))


def counted(summary: dict) -> dict:
    """What a ladder counts, without what depends on the clock or on how it was run."""
    out = {k: v for k, v in summary.items() if k not in ("seconds", "date", "resumed", "played_at")}
    out["timing"] = {name: t["decisions"] for name, t in summary["timing"].items()}
    return out


class Stop(Exception):
    """The ladder stopped from outside (a session's end, a kill)."""


def stopped_after(games: int):
    """A progress callback that stops the ladder once `games` games are finished."""
    def progress(done: int) -> None:
        if done >= games:
            raise Stop
    return progress


@pytest.fixture
def played(monkeypatch):
    """The seeds of the games actually played (not read from a checkpoint), in the order played."""
    seeds: list[int] = []
    real = lad.play_one

    def play_one(game, seats, seed, *args, **kw):
        seeds.append(seed)
        return real(game, seats, seed, *args, **kw)
    monkeypatch.setattr(lad, "play_one", play_one)
    return seeds


def test_a_ladder_stopped_part_way_plays_only_the_games_its_checkpoint_lacks_and_counts_as_one_unbroken(
        tmp_path, played):
    whole = lad.ladder(PF, AGENTS, 4, seed=5)
    played.clear()
    path = tmp_path / "pf.ckpt"
    with pytest.raises(Stop):
        lad.ladder(PF, AGENTS, 4, seed=5, checkpoint=path, progress=stopped_after(3))
    assert played == [5, 6, 7]
    assert len(path.read_text().splitlines()) == 1 + 3        # the header and the three games finished
    played.clear()
    again = lad.ladder(PF, AGENTS, 4, seed=5, checkpoint=path)
    assert played == [8, 5, 6, 7, 8]                          # the first pairing's last game, then the second's
    assert again["resumed"] == 3
    assert counted(again) == counted(whole)
    assert [p["results"] for p in again["pairings"]] == [p["results"] for p in whole["pairings"]]
    played.clear()
    third = lad.ladder(PF, AGENTS, 4, seed=5, checkpoint=path)     # all kept: nothing left to play
    assert played == [] and third["resumed"] == 8 and counted(third) == counted(whole)
    assert third["timing"] == again["timing"]                 # the times kept are the times measured


def test_a_last_line_cut_off_by_a_kill_is_dropped_and_its_game_played_again(tmp_path, played):
    path = tmp_path / "pf.ckpt"
    with pytest.raises(Stop):
        lad.ladder(PF, AGENTS, 2, seed=0, checkpoint=path, progress=stopped_after(2))
    whole = path.read_text()
    path.write_text(whole[:len(whole) - 25])                  # the second game's line half written
    played.clear()
    summary = lad.ladder(PF, AGENTS, 2, seed=0, checkpoint=path)
    assert summary["resumed"] == 1 and played == [1, 0, 1]
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 4 and all(json.loads(line) for line in lines)


def test_a_checkpoint_of_another_ladder_is_refused_naming_what_differs_and_is_left_as_it_was(tmp_path):
    path = tmp_path / "pf.ckpt"
    lad.ladder(PF, AGENTS, 1, seed=0, checkpoint=path)
    before = path.read_bytes()
    for kw, needle in (({"seed": 1}, "its seed differs"), ({"untimed": True}, "its untimed differs")):
        with pytest.raises(lad.IllegalAction, match=needle):
            lad.ladder(PF, AGENTS, 1, checkpoint=path, **{"seed": 0, **kw})
    with pytest.raises(lad.IllegalAction, match="its games differs"):
        lad.ladder(PF, AGENTS, 2, seed=0, checkpoint=path)
    with pytest.raises(lad.IllegalAction, match="its agents differs"):
        lad.ladder(PF, ["heuristic", "random"], 1, seed=0, checkpoint=path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("line, needle", [
    ("not json", "line 2 is not JSON"),
    ('{"pairing": 0, "seed": 0}', "line 2 is not a game of a ladder"),
    ('{"pairing": 2, "seed": 0, "winner": null, "times": {}, "commit": null}',
     "line 2: no such pairing; given 2; allowed: 0..1"),
    ('{"pairing": 0, "seed": 7, "winner": null, "times": {}, "commit": null}',
     "line 2: a seed outside the ladder's; given 7"),
    ('{"pairing": 0, "seed": 0, "winner": "britain", "times": {}, "commit": null}', "line 2: the winner is not a side"),
    ('{"pairing": 0, "seed": 0, "winner": "usa", "times": {"usa": [-1]}, "commit": null}',
     "times must be each side's seconds"),
    ('{"pairing": 0, "seed": 0, "winner": "usa", "times": {}, "commit": 7}', "the commit must be text or null"),
])
def test_a_damaged_line_is_refused_with_its_number_and_nothing_is_played_or_changed(tmp_path, played, line,
                                                                                     needle):
    path = tmp_path / "pf.ckpt"
    lad.ladder(PF, AGENTS, 1, seed=0, checkpoint=path)
    head = path.read_text().splitlines()[0]
    path.write_text(f"{head}\n{line}\n")
    before = path.read_bytes()
    played.clear()
    with pytest.raises(lad.IllegalAction) as err:
        lad.ladder(PF, AGENTS, 1, seed=0, checkpoint=path)
    assert needle in str(err.value) and str(path) in str(err.value)
    assert played == [] and path.read_bytes() == before


def test_a_game_kept_twice_and_a_file_that_is_no_checkpoint_are_refused(tmp_path):
    path = tmp_path / "pf.ckpt"
    lad.ladder(PF, AGENTS, 1, seed=0, checkpoint=path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines + [lines[1]]) + "\n")
    with pytest.raises(lad.IllegalAction, match="line 4 keeps a game kept already"):
        lad.ladder(PF, AGENTS, 1, seed=0, checkpoint=path)
    other = tmp_path / "summary.json"
    other.write_text('{"game": "pacific-fury"}\n')
    with pytest.raises(lad.IllegalAction, match="line 1 is not a ladder checkpoint's header"):
        lad.ladder(PF, AGENTS, 1, seed=0, checkpoint=other)
    assert other.read_text() == '{"game": "pacific-fury"}\n'


def test_the_command_run_twice_gives_the_same_counts_and_says_how_many_games_it_read(tmp_path):
    path = tmp_path / "pf.ckpt"
    args = ("ladder", "pacific-fury", "--agents", "random,heuristic", "--games", "2", "--seed", "3",
            "--checkpoint", str(path))
    first = kaisen(*args, "--json")
    assert first.exit_code == 0, first.output
    again = kaisen(*args, "--jobs", "2", "--json")
    assert again.exit_code == 0, again.output
    one, two = json.loads(first.stdout), json.loads(again.stdout)
    assert (one["resumed"], two["resumed"]) == (0, 4) and counted(one) == counted(two)
    text = kaisen(*args)
    assert text.exit_code == 0 and "4 of them read from the checkpoint" in text.stdout
    refused = kaisen("ladder", "pacific-fury", "--agents", "random,heuristic", "--checkpoint", "/no/such/dir/c")
    assert refused.exit_code == 2 and "--checkpoint names a folder that does not exist" in refused.stderr


def test_two_workers_keep_every_game_as_it_finishes(tmp_path):
    path = tmp_path / "pf.ckpt"
    summary = lad.ladder(PF, AGENTS, 3, seed=2, jobs=2, checkpoint=path)
    kept = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert sorted((k["pairing"], k["seed"]) for k in kept) == [(p, s) for p in (0, 1) for s in (2, 3, 4)]
    assert counted(summary) == counted(lad.ladder(PF, AGENTS, 3, seed=2))


def test_games_kept_from_other_code_are_named_and_the_summary_claims_no_one_commit(tmp_path, monkeypatch):
    path = tmp_path / "pf.ckpt"
    monkeypatch.setattr(lad, "git_commit", lambda: "aaaaaaa")
    with pytest.raises(Stop):
        lad.ladder(PF, AGENTS, 2, seed=0, checkpoint=path, progress=stopped_after(1))
    monkeypatch.setattr(lad, "git_commit", lambda: "bbbbbbb")
    mixed = lad.ladder(PF, AGENTS, 2, seed=0, checkpoint=path)
    assert mixed["played_at"] == {"aaaaaaa": 1, "bbbbbbb": 3} and mixed["commit"] is None
    assert [json.loads(line)["commit"] for line in path.read_text().splitlines()[1:]] == ["aaaaaaa"] + ["bbbbbbb"] * 3
    one = lad.ladder(PF, AGENTS, 2, seed=0, checkpoint=tmp_path / "one.ckpt")
    assert one["played_at"] == {"bbbbbbb": 4} and one["commit"] == "bbbbbbb"
