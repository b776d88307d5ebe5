"""Game.evaluate for Pacific Fury (issue 15): the chance a side wins, counted as 4.0 counts (evaluation.py)."""
from __future__ import annotations

import json
import random

import pytest

from kaisen.engine import testing
from kaisen.engine.core import End
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.state import SIDES
from tests.pacific_fury.helpers import play, position, quiet_turn


def value(s, side: str = "usa") -> float:
    return GAME.evaluate(s, side)


def states_of(seeds, every: int = 3):
    for seed in seeds:
        for i, (s, _, _) in enumerate(testing.random_game(GAME, seed)):
            if i % every == 0:
                yield s


# -- the end --------------------------------------------------------------------------------------------
def test_4_0_a_finished_game_is_worth_1_to_the_winner_and_0_to_the_loser():
    s = testing.play_out(GAME, GAME.new_state(), random.Random(1))
    end = GAME.pause(s)
    assert isinstance(end, End) and end.winner is not None
    assert value(s, end.winner) == 1.0
    assert value(s, next(x for x in SIDES if x != end.winner)) == 0.0


@pytest.mark.parametrize("marker, japan, usa", [(0, 0.5, 0.5), (-1, 1.0, 0.0), (1, 0.0, 1.0)])
def test_4_0_the_last_operation_ends_the_game_with_the_markers_box(marker, japan, usa):
    """Henderson Field disrupted: turn 4's Return Phase leaves the marker where it is; the 0 box is a draw."""
    us = marker >= 0                              # 6.1: the US holds the initiative on 0
    s = position(turn=4, initiative="usa" if us else "japan", marker=marker, hf=False,
                 ops=(7, 6) if us else (6, 7), phasing="japan" if us else "usa")
    s, _ = play(s, "pass")
    assert isinstance(GAME.pause(s), End) and s.marker == marker
    assert (value(s, "japan"), value(s, "usa")) == (japan, usa)


# -- bounds, symmetry, purity ---------------------------------------------------------------------------
def test_values_stay_strictly_inside_0_1_and_the_two_sides_sum_to_1():
    n = 0
    for s in states_of(range(6)):
        if isinstance(GAME.pause(s), End):
            continue
        j, u = value(s, "japan"), value(s, "usa")
        assert 0.0 < j < 1.0 and 0.0 < u < 1.0
        assert j + u == pytest.approx(1.0, abs=1e-12)
        n += 1
    assert n > 200


def test_evaluation_reads_the_state_only_and_is_deterministic():
    for s in states_of(range(2), every=7):
        before = json.dumps(GAME.to_json(s), sort_keys=True)
        assert value(s) == value(GAME.from_json(GAME.to_json(s))) == value(s.copy())
        assert json.dumps(GAME.to_json(s), sort_keys=True) == before


def test_an_unknown_side_is_refused_with_the_sides_allowed():
    with pytest.raises(ValueError, match="allies.*japan.*usa"):
        GAME.evaluate(GAME.new_state(), "allies")


# -- the side ahead by the rules' count is evaluated higher -------------------------------------------------
def test_9_3_a_landing_puts_the_marker_in_japans_boxes_and_japan_ahead():
    """Two Transports ashore shift the marker US 1 -> Japan 1 (9.3): Japan's value rises, and Japan is ahead after.
    (Before, the two Transports still to land already count toward Japan, most of a box each.)"""
    s = position([("J1", ["j-transports-1", "j-transports-2", "kongo"], "eastern-solomons", None)],
                 phasing="japan", hf=False)
    before = value(s, "japan")
    s, _ = play(s, "move:J1:ironbottom")
    assert s.marker == -1
    assert before < value(s, "japan") and value(s, "japan") > 0.5


def test_11_0_a_disrupted_henderson_field_takes_the_initiative_sides_return_shift_away():
    """A Japanese bombardment that disrupts Henderson Field (10.4) leaves the US no Return Phase shift (11.0)."""
    s = position([("J1", ["kongo"], "eastern-solomons", None)], phasing="japan", marker=1)
    s, _ = play(s, "move:J1:ironbottom")
    before = value(s, "usa")
    s, _ = play(s, (1,))                          # one hit: the marker's box 1 needs one (10.4)
    assert not s.hf_operational
    assert value(s, "usa") < before


def test_11_0_a_quiet_turn_with_henderson_operational_moves_the_marker_and_the_value_to_the_us():
    """Seven passes each, Henderson Field never attacked: the Return Phase shifts US 1 -> US 2 (11.0)."""
    s = GAME.new_state()
    before = value(s, "usa")
    s, _ = quiet_turn(s)
    assert s.turn == 2 and s.marker == 2
    assert 0.5 < before < value(s, "usa")


def test_4_0_the_same_lead_counts_for_more_as_the_game_nears_its_end():
    """US 1 with Henderson Field disrupted: likelier a US win on turn 4's last operation than on turn 1's."""
    early = position(turn=1, marker=1, hf=False, ops=(7, 6), phasing="japan")
    late = position(turn=4, marker=1, hf=False, ops=(7, 6), phasing="japan")
    assert 0.5 < value(early, "usa") < value(late, "usa")
    assert value(late, "usa") > 0.8 and value(late, "usa") - value(early, "usa") > 0.2


def test_10_7_a_ship_sunk_costs_her_side_more_than_one_damaged():
    """Portland takes two hits (10.3): sunk (10.7) she no longer counts in the US fleet; damaged she returns."""
    s = position([("J1", ["kongo", "hiei"], "eastern-solomons", None), ("U1", ["portland"], "ironbottom", None)],
                 phasing="japan")
    s, _ = play(s, "move:J1:ironbottom", (1, 1), (6,))
    sunk, _ = play(s, (6,))
    damaged, _ = play(s, (1,))
    assert sunk.loc["portland"] == "sunk" and damaged.loc["portland"] == "track"
    assert sunk.step == damaged.step and sunk.marker == damaged.marker
    assert value(sunk, "usa") < value(damaged, "usa")
    assert value(sunk, "japan") > value(damaged, "japan")


def test_8_1_a_damaged_ship_counts_only_from_the_turn_she_returns():
    """Portland damaged (10.7) is on the Turn Record Track: the later she returns (8.1), the fewer turns she can
    fight, the less she is worth to the US; removed (cannot return by turn 4) she is worth nothing."""
    s = position([("J1", ["kongo", "hiei"], "eastern-solomons", None), ("U1", ["portland"], "ironbottom", None)],
                 phasing="japan")
    s, _ = play(s, "move:J1:ironbottom", (1, 1), (6,))
    damaged, _ = play(s, (1,))
    assert damaged.loc["portland"] == "track" and damaged.returns["portland"] == damaged.turn + 2
    sooner, later, removed = damaged.copy(), damaged.copy(), damaged.copy()
    sooner.returns["portland"] -= 1
    later.returns["portland"] = 4
    del removed.returns["portland"]
    removed.loc["portland"] = "removed"
    assert value(sooner) > value(damaged) > value(later) > value(removed)
