"""Rulebook, Airplanes (the Agile trait; Split-S to dodge), the board's edges (the engine's reading, RULES.md),
and illegal answers at every kind of decision: refused with IllegalAction, the state unchanged."""
from __future__ import annotations

import pytest

from tests.fighters_of_the_pacific.helpers import (
    GAME, IllegalAction, N, NE, NW, S, SE, at, back, fly, kind, offered, option, pause, pl, ship, situation)

SC = "strike-escort"


def test_agile_free_pivot_a_notch_at_the_end_in_place():
    s = fly(situation(SC, [pl("japan-zero-1", "H1", S)], side="japan"), "japan-zero-1", ["advance"] * 4, end=False)
    assert {"end", "pivot-left", "pivot-right"} <= set(offered(s))
    assert option(s, "pivot-left")["facing"] == SE and option(s, "pivot-right")["facing"] == 4
    s = GAME.apply(s, "pivot-right")
    assert at(s, "japan-zero-1") == ("H5", 4, "high") and s.move is None


def test_agile_val_too_but_not_a_wildcat():
    s = fly(situation(SC, [pl("japan-val-1", "H2", S)], side="japan"), "japan-val-1", ["advance"] * 3, end=False)
    assert "pivot-left" in offered(s)
    s = situation(SC, [pl("usa-wildcat-1", "H1", S), pl("japan-zero-1", "O1", S)])
    s = fly(s, "usa-wildcat-1", ["advance"] * 4, end=False)
    assert s.step != "fly:usa-wildcat-1" or not any(o.startswith("pivot") for o in offered(s))


def test_dodging_split_s_takes_a_high_fighter_out_of_a_high_field():
    s = situation(SC, [pl("usa-wildcat-1", "H1", S), pl("japan-zero-1", "H7", S), pl("japan-zero-2", "B2", SE)])
    s = fly(s, "usa-wildcat-1", ["advance"] * 4)
    s = GAME.apply(s, "shoot:japan-zero-1")
    s = GAME.apply(s, "split-s:3")                                      # to H8, low, tail towards H7
    if s.step == "fly:japan-zero-1":
        s = GAME.apply(s, "end")
    assert at(s, "japan-zero-1") == ("H8", S, "low") and s.planes["japan-zero-1"].damage == 0


def test_edges_an_exit_edge_scores_the_exit():
    """strike-escort: Japanese airplanes leaving by the south edge score vp.exit (scenario)."""
    s = situation(SC, [pl("japan-kate-1", "H10", S), pl("usa-wildcat-1", "B2", N)], side="japan")
    s = fly(s, "japan-kate-1", ["advance"] * 3)
    assert "japan-kate-1" not in s.planes
    assert s.vp["japan"] == GAME.data.scenarios[SC].vp.exit


def test_edges_any_other_edge_loses_the_airplane_to_the_enemy():
    """RULES.md reading: an airplane that flies off by a non-scoring edge is lost and the enemy scores it."""
    s = situation(SC, [pl("usa-wildcat-1", "H3", N), pl("japan-zero-1", "O11", S)])
    s = fly(s, "usa-wildcat-1", ["advance"] * 3)
    assert "usa-wildcat-1" not in s.planes and s.vp["japan"] == GAME.data.scenarios[SC].vp.fighter


# -- illegal answers at every kind of decision ------------------------------------------------------------------

def refused(s, *bad):
    data = GAME.to_json(s)
    for b in bad:
        with pytest.raises(IllegalAction):
            GAME.apply(s, b)
        assert GAME.to_json(s) == data


def test_illegal_answers_refused_at_activate_pick_shoot_and_respond():
    s = situation(SC, [pl("usa-wildcat-1", "H1", S), pl("usa-wildcat-2", "I1", S), pl("japan-zero-1", "H7", N,
                                                                                           activated=True)])
    refused(s, "activate:japan-zero-1", "activate:usa-wildcat-2", "aa:x", "plane:usa-wildcat-1", 7, None)
    s = GAME.apply(s, "activate:usa-wildcat-1")
    assert kind(s) == "pick-airplane"
    refused(s, "plane:japan-zero-1", "pass", "advance")
    s = fly(GAME.apply(s, "plane:usa-wildcat-1"), "usa-wildcat-1", ["advance"] * 4)
    assert kind(s) == "shoot"
    refused(s, "shoot:usa-wildcat-2", "respond", "end")
    s = GAME.apply(s, "shoot:japan-zero-1")                             # the Zero is destroyed (armor 1)
    assert "japan-zero-1" not in s.planes


def test_illegal_answers_refused_at_barrage_ship_and_placement():
    s = situation("eastern-solomons", [pl("japan-zero-1", "O1", S)], ships=[ship("usa-dd-1", "usa", "destroyer",
                                                                                 ["H6", "H7"])], sites=[],
                  phase="barrage")
    refused(s, "barrage:A1", "barrage:H10", "pass")
    s = situation("kido-butai", [pl("usa-wildcat-1", "B11", N)],
                  ships=[ship("japan-dd-1", "japan", "destroyer", ["H6", "H7"])], side="japan", phase="ships")
    refused(s, "ship:back", "ship:stay", "pass")
    s = situation("dive-on-kaga", [pl("usa-wildcat-1", "B11", N)], side="japan", phase="reinforcements", turn=2)
    assert kind(s) == "place-reinforcement"
    refused(s, "place:A1", "place:", "pass")
