"""Rulebook, Movement: the six maneuvers and their MP costs, and the four rules of flight, checked through the
game's flow (a placed airplane is activated and flown by answering the engine's decisions)."""
from __future__ import annotations

import pytest

from tests.fighters_of_the_pacific.helpers import (
    GAME, IllegalAction, N, NE, NW, S, SE, SW, activate, at, fly, offered, option, pl, situation)

WILDCAT = "usa-wildcat-1"


def lone(where="H4", facing=N, alt="high", pid=WILDCAT, **kw):
    """A lone airplane of the side to play, ready to move (fighter-sweep: a board of open sky, 16 x 6)."""
    return activate(situation("fighter-sweep", [pl(pid, where, facing, alt, **kw)]), pid)


def dest(s, oid):
    f = option(s, oid)
    return f["hex"], f["facing"], f["alt"]


# -- the maneuvers --------------------------------------------------------------------------------------------

def test_movement_advance_one_hex_ahead_same_facing_and_altitude_1_mp():
    s = lone()
    assert dest(s, "advance") == ("H3", N, "high")
    s = GAME.apply(s, "advance")
    assert at(s, WILDCAT) == ("H3", N, "high") and s.move.mp == 3


def test_movement_slide_left_and_right_one_hex_forward_to_the_side_facing_kept_1_mp():
    s = lone()
    assert dest(s, "slide-left") == ("G4", N, "high")
    assert dest(s, "slide-right") == ("I4", N, "high")
    s = GAME.apply(s, "slide-right")
    assert at(s, WILDCAT) == ("I4", N, "high") and s.move.mp == 3


def test_movement_turn_left_and_right_a_notch_then_forward_1_mp():
    s = lone()
    assert dest(s, "turn-left") == ("G4", NW, "high")
    assert dest(s, "turn-right") == ("I4", NE, "high")
    s = GAME.apply(s, "turn-left")
    assert at(s, WILDCAT) == ("G4", NW, "high") and s.move.mp == 3


def test_movement_dive_forward_one_hex_from_high_to_low_for_0_mp():
    s = lone()
    assert dest(s, "dive") == ("H3", N, "low")
    s = GAME.apply(s, "dive")
    assert at(s, WILDCAT) == ("H3", N, "low") and s.move.mp == 4


def test_movement_dive_allowed_with_no_mp_left():
    s = lone("H5")
    s = GAME.apply(GAME.apply(GAME.apply(GAME.apply(s, "advance"), "advance"), "slide-left"), "slide-left")
    assert s.move.mp == 0 and "dive" in offered(s)
    s = GAME.apply(s, "dive")
    assert at(s, WILDCAT)[2] == "low"


def test_movement_climb_forward_one_hex_from_low_to_high_for_2_mp():
    s = lone(alt="low")
    assert dest(s, "climb") == ("H3", N, "high")
    s = GAME.apply(s, "climb")
    assert at(s, WILDCAT) == ("H3", N, "high") and s.move.mp == 2


def test_movement_climb_only_from_low_and_dive_only_from_high():
    assert "climb" not in offered(lone(alt="high"))
    assert "dive" not in offered(lone(alt="low"))


def test_movement_split_s_fighter_at_high_any_adjacent_hex_tail_to_start_low_all_mp():
    s = lone()
    split = sorted(o for o in offered(s) if o.startswith("split-s"))
    assert len(split) == 6
    # each ends on a neighbour, facing away from the start (its tail towards it), at low altitude
    expect = {N: "H3", NE: "I4", SE: "I5", S: "H5", SW: "G5", NW: "G4"}
    for k, h in expect.items():
        assert dest(s, f"split-s:{k}") == (h, k, "low")
    after = GAME.apply(s, "split-s:3")
    assert at(after, WILDCAT) == ("H5", S, "low")
    assert after.move is None and after.step != "fly:" + WILDCAT          # the whole allowance: it is over


def test_movement_split_s_only_for_a_fighter():
    s = lone(pid="usa-dauntless-1")
    assert not any(o.startswith("split-s") for o in offered(s))


def test_movement_split_s_only_at_high_altitude():
    assert not any(o.startswith("split-s") for o in offered(lone(alt="low")))


def test_movement_split_s_only_as_the_whole_movement():
    s = GAME.apply(lone(), "advance")
    assert not any(o.startswith("split-s") for o in offered(s))
    with pytest.raises(IllegalAction):
        GAME.apply(s, "split-s:0")


def test_movement_speed_is_the_mp_spent():
    assert lone().move.mp == GAME.data.aircraft["wildcat"].speed == 4
    assert lone(pid="usa-devastator-1", where="H5").move.mp == GAME.data.aircraft["devastator"].speed


# -- rule of flight 1: use all the MP ---------------------------------------------------------------------------

def test_movement_rule_of_flight_1_no_end_before_all_mp_spent():
    s = lone("H5")
    for _ in range(3):
        s = GAME.apply(s, "advance")
        assert "end" not in offered(s)
        with pytest.raises(IllegalAction):
            GAME.apply(s, "end")
    s = GAME.apply(s, "slide-left")
    assert s.step != "fly:" + WILDCAT or "end" in offered(s)


def test_movement_rule_of_flight_1_climb_needs_2_mp():
    s = lone("H6", alt="low")
    s = GAME.apply(GAME.apply(GAME.apply(s, "advance"), "advance"), "advance")
    assert s.move.mp == 1 and "climb" not in offered(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, "climb")


# -- rule of flight 2: no right after left, nor left after right --------------------------------------------------

def test_movement_rule_of_flight_2_no_right_after_left():
    s = GAME.apply(lone("H5"), "turn-left")
    assert not {"slide-right", "turn-right"} & set(offered(s))
    assert {"slide-left", "turn-left", "advance"} <= set(offered(s))


def test_movement_rule_of_flight_2_no_left_after_right_a_slide_counts():
    s = GAME.apply(lone("H5"), "slide-right")
    assert not {"slide-left", "turn-left"} & set(offered(s))
    with pytest.raises(IllegalAction):
        GAME.apply(s, "turn-left")


def test_movement_rule_of_flight_2_holds_across_an_advance():
    s = GAME.apply(GAME.apply(lone("H5"), "slide-left"), "advance")
    assert "slide-right" not in offered(s) and "turn-right" not in offered(s)


def test_movement_rule_of_flight_2_agile_pivot_keeps_the_side():
    s = fly(situation("fighter-sweep", [pl("japan-zero-1", "H2", S)], side="japan"), "japan-zero-1",
            ["turn-left", "advance", "advance", "advance"], end=False)
    assert "pivot-left" in offered(s) and "pivot-right" not in offered(s)


# -- rule of flight 3: never a Climb and a Dive in one movement ---------------------------------------------------

def test_movement_rule_of_flight_3_no_climb_after_dive():
    s = GAME.apply(lone("H6"), "dive")
    assert at(s, WILDCAT)[2] == "low" and "climb" not in offered(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, "climb")


def test_movement_rule_of_flight_3_no_dive_after_climb():
    s = GAME.apply(lone("H6", alt="low"), "climb")
    assert at(s, WILDCAT)[2] == "high" and "dive" not in offered(s)


# -- rule of flight 4: never end on another airplane at the same altitude -----------------------------------------

def two(blocker_alt="high", blocker="H2"):
    s = situation("fighter-sweep", [pl(WILDCAT, "H6", N, "high"), pl("usa-wildcat-2", blocker, S, blocker_alt)])
    return activate(s, WILDCAT)


def test_movement_rule_of_flight_4_never_end_on_an_airplane_at_the_same_altitude():
    s = two()
    s = fly(s, WILDCAT, ["advance", "advance", "advance", "advance"], end=False)    # onto H2: a Wildcat, high
    assert at(s, WILDCAT) == ("H2", N, "high") and s.move.mp == 0
    assert "end" not in offered(s) and offered(s) == ["dive"]                     # only a free Dive clears it
    with pytest.raises(IllegalAction):
        GAME.apply(s, "end")
    s = GAME.apply(s, "dive")
    assert at(s, WILDCAT) == ("H1", N, "low")


def test_movement_rule_of_flight_4_a_maneuver_that_cannot_end_legally_is_not_offered():
    s = situation("fighter-sweep", [pl(WILDCAT, "H6", N, "low"), pl("usa-wildcat-2", "H2", S, "low")])
    s = fly(s, WILDCAT, ["advance", "advance", "advance"], end=False)             # H3 low, one MP left
    assert "advance" not in offered(s)                                             # H2 low is taken, no Dive
    with pytest.raises(IllegalAction):
        GAME.apply(s, "advance")


def test_movement_rule_of_flight_4_passing_through_is_allowed():
    s = situation("fighter-sweep", [pl(WILDCAT, "H6", N, "high"), pl("usa-wildcat-2", "H4", S, "high")])
    s = fly(s, WILDCAT, ["advance", "advance", "advance", "advance"])
    assert at(s, WILDCAT) == ("H2", N, "high")


def test_movement_rule_of_flight_4_ending_on_an_airplane_at_the_other_altitude_is_allowed():
    s = two(blocker_alt="low")
    s = fly(s, WILDCAT, ["advance", "advance", "advance", "advance"])
    assert at(s, WILDCAT) == ("H2", N, "high") and at(s, "usa-wildcat-2") == ("H2", S, "low")


def test_movement_rule_of_flight_4_applies_to_enemy_airplanes_too():
    s = situation("fighter-sweep", [pl(WILDCAT, "H6", N, "low"), pl("japan-zero-1", "H2", NE, "low")])
    s = fly(s, WILDCAT, ["advance", "advance", "advance"], end=False)
    assert "advance" not in offered(s)


def test_movement_maneuvers_offered_lead_to_a_legal_end():
    """Every maneuver offered can be completed by the rules (the lookahead), so play never gets stuck."""
    s = two()
    for _ in range(4):
        assert offered(s)
        s = GAME.apply(s, offered(s)[0])
        if s.step != "fly:" + WILDCAT:
            break


# -- illegal answers --------------------------------------------------------------------------------------------

def test_movement_illegal_answer_raises_and_changes_nothing():
    s = GAME.apply(lone("H5"), "turn-left")
    before = GAME.to_json(s)
    for bad in ("turn-right", "slide-right", "climb", "split-s:0", "end", "nonsense"):
        with pytest.raises(IllegalAction):
            GAME.apply(s, bad)
        assert GAME.to_json(s) == before


def test_movement_split_s_never_onto_an_airplane_at_low_altitude():
    s = situation("fighter-sweep", [pl(WILDCAT, "H4", N, "high"), pl("usa-wildcat-2", "H3", S, "low")])
    s = activate(s, WILDCAT)
    assert "split-s:0" not in offered(s) and "split-s:1" in offered(s)
