"""Rulebook, Phase 1 (Initiative), Phase 2 (Activation) and Airplane Group, through the flow: the activate
decision's options name each air group (fields "planes"), the initiative is read after Phase 1 runs."""
from __future__ import annotations

import pytest

from tests.fighters_of_the_pacific.helpers import (
    GAME, IllegalAction, N, NE, S, SE, SW, activate, fly, kind, offered, pause, pl, ship, situation)

SC = "strike-escort"


def groups(s):
    """The air groups the activate decision offers, as sets of airplane ids."""
    return sorted(sorted(o.fields["planes"]) for o in pause(s).options if o.fields["verb"] == "activate")


def far_japan():
    return pl("japan-zero-9", "O2", SE)


# -- air groups -------------------------------------------------------------------------------------------------

def test_air_group_same_side_adjacent_same_altitude_same_facing():
    s = situation(SC, [pl("usa-wildcat-1", "D8", N), pl("usa-wildcat-2", "D9", N), far_japan()])
    assert groups(s) == [["usa-wildcat-1", "usa-wildcat-2"]]


def test_air_group_a_lone_airplane_is_a_group():
    s = situation(SC, [pl("usa-wildcat-1", "D8", N), pl("usa-wildcat-2", "G9", N), far_japan()])
    assert groups(s) == [["usa-wildcat-1"], ["usa-wildcat-2"]]


@pytest.mark.parametrize("second", [
    pl("usa-wildcat-2", "D9", NE),                  # another facing
    pl("usa-wildcat-2", "D9", N, "low"),            # another altitude
    pl("usa-wildcat-2", "D10", N),                  # not adjacent
])
def test_air_group_split_by_facing_altitude_or_distance(second):
    s = situation(SC, [pl("usa-wildcat-1", "D8", N), second, far_japan()])
    assert groups(s) == [["usa-wildcat-1"], ["usa-wildcat-2"]]


def test_air_group_never_mixes_sides():
    s = situation(SC, [pl("usa-wildcat-1", "D8", N), pl("japan-zero-1", "D9", N)])
    assert groups(s) == [["usa-wildcat-1"]]
    s = GAME.apply(s, "pass")
    assert groups(s) == [["japan-zero-1"]]


def test_air_group_a_chain_of_adjacent_hexes_is_one_group():
    """D8-D9-D10 in a line: D8 and D10 are not adjacent but join through D9."""
    s = situation(SC, [pl("usa-wildcat-1", "D8", N), pl("usa-wildcat-2", "D9", N), pl("usa-wildcat-3", "D10", N),
                       far_japan()])
    assert groups(s) == [["usa-wildcat-1", "usa-wildcat-2", "usa-wildcat-3"]]


def test_air_group_recomputed_each_turn():
    s = situation(SC, [pl("usa-wildcat-1", "D11", N), pl("usa-wildcat-2", "E11", N), pl("japan-zero-1", "O2", S)])
    assert groups(s) == [["usa-wildcat-1", "usa-wildcat-2"]]
    s = fly(s, "usa-wildcat-1", ["advance"] * 4)
    assert kind(s) == "pick-airplane" or s.step == "fly:usa-wildcat-2"    # the group goes on before Japan
    s = fly(s, "usa-wildcat-2", ["turn-right", "turn-right", "advance", "advance"])
    s = fly(s, "japan-zero-1", ["advance"] * 4)
    assert s.turn == 2 and kind(s) == "activate"
    if pause(s).side == "japan":
        s = GAME.apply(s, "pass")
    assert groups(s) == [["usa-wildcat-1"], ["usa-wildcat-2"]]


# -- initiative -------------------------------------------------------------------------------------------------

def initiative(planes, holder, scenario=SC, **kw):
    return situation(scenario, planes, side=holder, phase="initiative", turn=2, **kw).initiative


def test_initiative_fewest_handicap_wins_high_group_1_low_group_2():
    # Japan: one group at high (1); USA: one group at low (2)
    planes = [pl("japan-zero-1", "B2", S), pl("japan-zero-2", "B3", S), pl("usa-wildcat-1", "H9", N, "low")]
    assert initiative(planes, "usa") == "japan"
    # USA: one group at high (1); Japan: two groups at high (2)
    planes = [pl("japan-zero-1", "B2", S), pl("japan-zero-2", "F3", S), pl("usa-wildcat-1", "H9", N),
              pl("usa-wildcat-2", "H10", N)]
    assert initiative(planes, "japan") == "usa"


def test_initiative_a_damaged_airplane_adds_1():
    clean = [pl("japan-zero-1", "B2", S), pl("usa-wildcat-1", "H9", N), pl("usa-wildcat-2", "H10", N)]
    assert initiative(clean, "usa") == "usa"                             # 1 against 1: a tie
    hurt = [pl("japan-zero-1", "B2", S), pl("usa-wildcat-1", "H9", N, damage=1), pl("usa-wildcat-2", "H10", N)]
    assert initiative(hurt, "usa") == "japan"                            # USA 2, Japan 1


def test_initiative_tie_keeps_it():
    planes = [pl("japan-zero-1", "B2", S), pl("usa-wildcat-1", "H9", N)]
    assert initiative(planes, "usa") == "usa"
    assert initiative(planes, "japan") == "japan"


def test_initiative_two_low_groups_against_three_high():
    planes = [pl("japan-zero-1", "B2", S, "low"), pl("japan-zero-2", "F2", S, "low"),
              pl("usa-wildcat-1", "B9", N), pl("usa-wildcat-2", "F9", N), pl("usa-wildcat-3", "J9", N)]
    assert initiative(planes, "japan") == "usa"                          # USA 3, Japan 4


def test_initiative_aa_and_ships_do_not_count():
    """The US carrier and destroyers (AA on every segment) add nothing: one high group each is a tie."""
    planes = [pl("japan-zero-1", "B2", S), pl("usa-wildcat-1", "B9", N)]
    assert initiative(planes, "usa", "eastern-solomons") == "usa"
    assert initiative(planes, "japan", "eastern-solomons") == "japan"


def test_initiative_turn_1_is_the_scenarios():
    for sc in GAME.data.scenarios.values():
        assert GAME.new_state(sc.id).initiative == sc.first_initiative


# -- activation -------------------------------------------------------------------------------------------------

def four():
    """Two lone US Wildcats (west, flying north) and two lone Zeros (east, flying south): nobody meets."""
    return situation(SC, [pl("usa-wildcat-1", "B11", N), pl("usa-wildcat-2", "D11", N),
                          pl("japan-zero-1", "M1", S), pl("japan-zero-2", "O1", S)])


def test_activation_initiative_side_begins_then_the_sides_alternate():
    s = four()
    assert pause(s).side == "usa"
    sides = []
    for _ in range(4):
        d = pause(s)
        sides.append(d.side)
        plane = next(o.fields["planes"][0] for o in d.options if o.fields["verb"] == "activate")
        s = fly(s, plane, ["advance"] * 4)
    assert sides == ["usa", "japan", "usa", "japan"]
    assert s.turn == 2                                                    # all activated: the turn is over


def test_activation_initiative_side_may_pass_the_other_may_not():
    s = four()
    assert "pass" in offered(s)
    s = GAME.apply(s, "pass")
    assert pause(s).side == "japan" and "pass" not in offered(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, "pass")


def test_activation_initiative_side_may_let_the_enemy_activate_everything_first():
    s = four()
    for zero in ("japan-zero-1", "japan-zero-2"):
        s = GAME.apply(s, "pass")
        s = fly(s, zero, ["advance"] * 4)
    assert pause(s).side == "usa" and "pass" not in offered(s)            # nobody left to pass to
    s = fly(s, "usa-wildcat-1", ["advance"] * 4)
    assert pause(s).side == "usa"                                         # the enemy is done: go on
    s = fly(s, "usa-wildcat-2", ["advance"] * 4)
    assert s.turn == 2


def test_activation_one_group_at_a_time_and_the_owner_picks_the_order():
    s = situation(SC, [pl("usa-wildcat-1", "B11", N), pl("usa-wildcat-2", "C11", N), pl("japan-zero-1", "O1", S)])
    s = GAME.apply(s, "activate:usa-wildcat-1")
    assert kind(s) == "pick-airplane" and pause(s).side == "usa"
    assert offered(s) == ["plane:usa-wildcat-1", "plane:usa-wildcat-2"]
    s = GAME.apply(s, "plane:usa-wildcat-2")                             # the second one first
    assert s.step == "fly:usa-wildcat-2"
    s = fly(s, "usa-wildcat-2", ["advance"] * 4)
    assert s.step == "fly:usa-wildcat-1"                                  # the group finishes before Japan
    s = fly(s, "usa-wildcat-1", ["advance"] * 4)
    assert pause(s).side == "japan"


def test_activation_an_airplane_need_not_end_in_its_group():
    s = situation(SC, [pl("usa-wildcat-1", "B11", N), pl("usa-wildcat-2", "C11", N), pl("japan-zero-1", "O1", S)])
    s = fly(GAME.apply(s, "activate:usa-wildcat-1"), "usa-wildcat-1", ["advance"] * 4)
    s = fly(s, "usa-wildcat-2", ["turn-right", "advance", "advance", "advance"])
    assert s.planes["usa-wildcat-2"].facing == NE and pause(s).side == "japan"


def test_activation_aa_is_activated_like_a_group_and_never_grouped():
    s = situation("destroyer-screen", [pl("usa-wildcat-1", "B11", N), pl("japan-zero-1", "O1", S)],
                  ships=[ship("usa-dd-1", "usa", "destroyer", ["H6", "H7"])])
    aa = sorted(o.id for o in pause(s).options if o.fields["verb"] == "aa")
    assert aa == ["aa:usa-dd-1/back", "aa:usa-dd-1/front"]               # adjacent, but one unit each
    s = GAME.apply(s, "aa:usa-dd-1/front")
    assert pause(s).side == "japan"                                       # an AA takes the side's turn
    s = fly(s, "japan-zero-1", ["advance"] * 4)
    assert "aa:usa-dd-1/front" not in offered(s) and "aa:usa-dd-1/back" in offered(s)


def test_activation_phase_ends_when_everything_is_activated():
    s = situation(SC, [pl("usa-wildcat-1", "B11", N), pl("japan-zero-1", "O1", S)])
    s = fly(s, "usa-wildcat-1", ["advance"] * 4)
    s = fly(s, "japan-zero-1", ["advance"] * 4)
    assert s.turn == 2 and s.phase == "activation"
    assert not any(p.activated for p in s.planes.values())


def test_air_group_every_airplane_is_in_one_even_after_rule_4_was_waived():
    """Regression. RULES.md: when no movement can obey rule of flight 4 the engine waives it, so two airplanes
    may share a hex, altitude and facing; both must still be in an air group and be activated next turn."""
    ends = ["F7", "F8", "G7", "H6", "I7", "J7", "J8"]                 # every low end of a 2-MP movement from H8
    planes = [pl("usa-devastator-1", "H8", N, "low"), pl("usa-devastator-2", "H7", N, "high", activated=True),
              *(pl(f"usa-devastator-{i + 3}", h, N, "low", activated=True) for i, h in enumerate(ends)),
              pl("japan-zero-1", "O1", S)]
    s = activate(situation(SC, planes), "usa-devastator-1")
    assert any(e.rule == "Movement, rule 4" for e in GAME.events(s))
    s = fly(s, "usa-devastator-1", ["advance", "advance"])
    assert s.planes["usa-devastator-1"].hex == s.planes["usa-devastator-6"].hex
    s = fly(s, "japan-zero-1", ["advance"] * 4)
    assert s.turn == 2
    assert sorted(k for g in s.groups for k in g) == sorted(s.planes)
