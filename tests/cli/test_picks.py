"""Several picks in one line with stable numbers (issue 14, item 4): in a run of one side's decisions of a
multi-pick kind (PF forming task forces, allocating hits) the numbers of the run's first menu stay, a gone option
is shown as taken, and "1 3 5" or "1-3" answers one decision after another. Only kinds and option ids are read."""
from __future__ import annotations

import builtins
import io
from importlib import import_module

from rich.console import Console

from kaisen.cli import Session
from kaisen.engine.core import Decision, Option
from kaisen.engine.match import Match
from kaisen.registry import get_game
from kaisen.terminal.picks import MULTI_KINDS, Picks, parse_numbers


def test_numbers_and_ranges_are_read_in_order():
    assert parse_numbers("1 4 7") == [1, 4, 7]
    assert parse_numbers("1-3") == [1, 2, 3]
    assert parse_numbers("2, 2 5") == [2, 2, 5]          # two hits on the same ship
    assert parse_numbers("3-1") == [3, 2, 1]
    assert parse_numbers("add:saratoga") is None and parse_numbers("1 a") is None and parse_numbers("") is None


def decision(ids, kind="form-task-force"):
    return Decision("usa", "Form", tuple(Option(i, i.title()) for i in ids), "8.2", kind)


def test_a_run_keeps_its_numbers_and_shows_what_is_gone_as_taken():
    picks = Picks("pacific-fury")
    first = picks.number(decision(["add:a", "add:b", "add:c", "done"]))
    assert [(n, i) for n, i, _ in first] == [(1, "add:a"), (2, "add:b"), (3, "add:c"), (4, "done")]
    later = picks.number(decision(["add:c", "done", "next-box"]))
    assert later == [(1, "add:a", False), (2, "add:b", False), (3, "add:c", True), (4, "done", True),
                     (5, "next-box", True)]
    assert picks.chosen(decision(["add:c", "done", "next-box"]), "1") == ([], "option 1 is taken")
    other = picks.number(decision(["op:x", "op:y"], kind="operation"))     # another kind: a new menu
    assert [i for _, i, _ in other] == ["op:x", "op:y"]


def test_several_numbers_only_where_the_rules_let_a_player_pick_several():
    picks = Picks("pacific-fury")
    d = decision(["op:x", "op:y"], kind="operation")
    picks.number(d)
    ids, why = picks.chosen(d, "1 2")
    assert ids == [] and "one number at a time" in why
    assert set(MULTI_KINDS) == {"pacific-fury", "fury-at-midway", "victory-in-the-pacific", "nights-of-fury",
                                "fighters-of-the-pacific"}
    for game_id, kinds in MULTI_KINDS.items():     # every kind named is one the game's flow declares
        flow = import_module(f"kaisen.games.{game_id.replace('-', '_')}.flow")
        declared = getattr(flow, "KINDS", None) or flow.DECISION_KINDS
        assert kinds <= {k[0] for k in declared}, game_id


def run_pf(monkeypatch, lines):
    game = get_game("pacific-fury")
    out = io.StringIO()
    console = Console(file=out, width=120, height=40, force_terminal=False, highlight=False)
    seats = {"japan": "heuristic", "usa": "human"}
    match = Match(game, seed=3, agents=seats)
    session = Session(console, game, match, seats, seed=3)
    feed = iter(lines)
    monkeypatch.setattr(builtins, "input", lambda *a: next(feed, "y"))
    session.run()
    return match, out.getvalue()


def test_one_line_adds_three_ships_to_the_task_force(monkeypatch):
    match, text = run_pf(monkeypatch, ["1 3 5", "quit"])
    assert match.record.answers[-3:] == ["add:saratoga", "add:wasp", "add:washington"]
    assert "(picked: Add Wasp" in text and "(taken) Add Saratoga" not in text.split("(picked: Add Washington")[0]
    assert "3. (taken) Add Wasp" in text.split("(picked: Add Washington")[1]    # the next menu keeps the numbers


def test_a_taken_number_in_the_picks_stops_the_rest(monkeypatch):
    match, text = run_pf(monkeypatch, ["1", "2 1 3", "quit"])
    assert match.record.answers[-2:] == ["add:saratoga", "add:enterprise"]
    assert "The rest of your picks (2) was dropped: option 1 is no longer offered." in text


def test_seven_hits_allocated_in_one_line_the_same_number_twice_meaning_two_hits(monkeypatch):
    """PF 10.7 (seed 3): the US moves into Japan's zone, carrier combat, 7 hits to allocate: "1 1 1 2 2 3 3"
    gives three to Shokaku, two to Zuikaku, two to Ryujo, and the echo shows each ship's hits so far."""
    match, text = run_pf(monkeypatch, ["1-18", "done", "1", "1", "1 1 1 2 2 3 3", "quit"])
    hits = [a for a, h in zip(match.record.answers, match.history)
            if h.side == "usa" and isinstance(a, str) and a.startswith("hit:")]
    assert hits == ["hit:shokaku"] * 3 + ["hit:zuikaku"] * 2 + ["hit:ryujo"] * 2
    assert "(picked: Shokaku (DF 2, 2 hit(s) so far))" in text
