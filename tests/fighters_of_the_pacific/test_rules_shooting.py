"""Rulebook, Shooting; Dodging; Damage; Response; Chain Reaction; the 20mm Gun and Flammable traits: an airplane
flies to its spot through the flow, then the shot, the dodge and the damage are answered and observed.

The board is strike-escort's (16 x 12, clouds at I1, K5 and P4 only); columns B-H are open sky."""
from __future__ import annotations

import pytest

from tests.fighters_of_the_pacific.helpers import (
    GAME, IllegalAction, N, NE, S, SE, at, back, events, fly, kind, offered, option, pause, pl, situation)

SC = "strike-escort"
A = "usa-wildcat-1"
ZERO = "japan-zero-1"


def arrive(planes, shooter, end, facing=S, side="usa", n=4):
    """`shooter` flies n Advances to `end` (facing `facing`, high unless placed otherwise) among `planes`."""
    alt = next((p.alt for k, p in planes if k == shooter), "high")
    planes = [x for x in planes if x[0] != shooter]
    s = situation(SC, [pl(shooter, back(end, facing, n), facing, alt), *planes], side=side)
    return fly(s, shooter, ["advance"] * n)


# -- field of fire, nearest target, line of fire --------------------------------------------------------------

def test_shooting_field_of_fire_at_the_same_altitude_only():
    s = arrive([pl(ZERO, "H7", SE, "low", activated=True)], A, "H5")
    assert kind(s) != "shoot"                              # the Zero is in the field's hexes but low
    s = arrive([pl(ZERO, "H7", SE, "high", activated=True)], A, "H5")
    assert kind(s) == "shoot" and pause(s).side == "usa"
    assert offered(s) == [f"shoot:{ZERO}", "hold"]


def test_shooting_only_inside_the_field_of_fire():
    s = arrive([pl(ZERO, "G6", SE, "high", activated=True)], A, "H5")    # beside, not straight ahead
    assert kind(s) != "shoot"
    s = arrive([pl(ZERO, "H9", SE, "high", activated=True)], A, "H5")    # 4 ahead: beyond range 3
    assert kind(s) != "shoot"


def test_shooting_must_shoot_the_nearest_airplane():
    """A Dauntless (forward 2, rear gunner) with a Zero just behind and another two ahead may only shoot the
    nearest."""
    s = arrive([pl("usa-dauntless-1", "H2", S, "high"), pl(ZERO, "H4", SE, "high", activated=True),
                pl("japan-zero-2", "H7", SE, "high", activated=True)], "usa-dauntless-1", "H5", n=3)
    assert offered(s) == [f"shoot:{ZERO}", "hold"]


def test_shooting_not_through_another_airplane():
    friend = pl("usa-wildcat-2", "H6", SE, "high", activated=True)
    s = arrive([friend, pl(ZERO, "H7", SE, "high", activated=True)], A, "H5")
    assert kind(s) != "shoot"
    low_friend = pl("usa-wildcat-2", "H6", SE, "low", activated=True)      # another altitude does not block
    s = arrive([low_friend, pl(ZERO, "H7", SE, "high", activated=True)], A, "H5")
    assert offered(s) == [f"shoot:{ZERO}", "hold"]


def test_shooting_not_to_a_cloud_at_high_altitude():
    s = arrive([pl(ZERO, "K5", SE, "high", activated=True)], A, "K7", facing=N)
    assert kind(s) != "shoot"


def test_shooting_not_through_a_cloud_at_high_altitude():
    s = arrive([pl(ZERO, "K4", SE, "high", activated=True)], A, "K7", facing=N)
    assert kind(s) != "shoot"


def test_shooting_not_from_a_cloud_at_high_altitude():
    s = arrive([pl(ZERO, "K3", SE, "high", activated=True)], A, "K5", facing=N)
    assert kind(s) != "shoot"


def test_shooting_clouds_are_high_so_low_shots_pass_them():
    s = arrive([pl(A, "K11", N, "low"), pl(ZERO, "K5", SE, "low", activated=True)], A, "K7", facing=N)
    assert offered(s) == [f"shoot:{ZERO}", "hold"]


def test_shooting_hold_fire_is_allowed():
    s = arrive([pl(ZERO, "H7", S, "high")], A, "H5")
    before = s.planes[ZERO]
    s = GAME.apply(s, "hold")
    assert s.planes[ZERO] == before and not s.planes[ZERO].activated      # no dodge, no damage
    assert kind(s) == "activate" and pause(s).side == "japan"


# -- dodging ----------------------------------------------------------------------------------------------------

def shot_at(zero_alt="high", facing=S):
    s = arrive([pl(A, "H1", S, zero_alt), pl(ZERO, "H7", facing, zero_alt), pl("japan-zero-2", "B2", SE)],
               A, "H5")
    return GAME.apply(s, f"shoot:{ZERO}")


def test_dodging_compulsory_for_an_airplane_not_yet_activated():
    s = shot_at()
    assert kind(s) == "dodge" and pause(s).side == "japan"
    assert "end" not in offered(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, "end")


def test_dodging_one_hex_advance_slide_or_turn_optional_dive_split_s_never_climb():
    s = shot_at()
    ids = set(offered(s))
    assert {"advance", "slide-left", "slide-right", "turn-left", "turn-right", "dive"} <= ids
    assert {f"split-s:{k}" for k in range(6)} <= ids                     # a Fighter at high may Split-S
    assert "climb" not in ids
    s1 = GAME.apply(s, "advance")                                        # one hex only, then a Dive or the end
    assert set(offered(s1)) == {"dive", "end", "pivot-left", "pivot-right"}
    low = shot_at("low")
    assert "climb" not in offered(low) and not any(o.startswith("split-s") for o in offered(low))


def test_dodging_a_dive_alone_is_not_a_dodge():
    s = GAME.apply(shot_at(), "dive")
    assert "end" not in offered(s)
    assert {"advance", "slide-left", "turn-right"} <= set(offered(s))


def test_dodging_the_dodger_is_activated_and_skipped_later():
    s = shot_at()
    assert s.planes[ZERO].activated
    s = GAME.apply(s, "turn-left")                                       # out of the field: the shot misses
    s = GAME.apply(s, "end")
    assert s.planes[ZERO].damage == 0
    assert kind(s) == "activate" and pause(s).side == "japan"
    groups = [o.fields["planes"] for o in pause(s).options if o.fields["verb"] == "activate"]
    assert groups == [["japan-zero-2"]]                                  # the Zero that dodged is not offered


def test_dodging_hit_if_still_in_the_field_after_the_dodge():
    s = GAME.apply(shot_at(), "advance")                                 # H8: three ahead, still in the field
    s = GAME.apply(s, "end")
    assert ZERO not in s.planes and s.vp["usa"] == 1


def test_dodging_out_of_the_field_is_a_miss():
    s = GAME.apply(GAME.apply(shot_at(), "slide-left"), "end")
    assert at(s, ZERO) is not None and s.planes[ZERO].damage == 0 and s.vp["usa"] == 0


# -- damage and armor, the 20mm Gun and Flammable ------------------------------------------------------------

def zero_shoots(target, where, side="japan", **kw):
    s = arrive([pl(ZERO, "H1", S), pl(target, where, SE, **kw)], ZERO, "H5", side=side)
    return s


def test_damage_armor_2_survives_one_damage_with_a_damage_marker():
    s = zero_shoots("usa-wildcat-1", "H7", activated=True)               # two ahead: one damage
    assert option(s, "shoot:usa-wildcat-1")["damage"] == 1
    s = GAME.apply(s, "shoot:usa-wildcat-1")
    assert s.planes["usa-wildcat-1"].damage == 1


def test_damage_armor_2_destroyed_by_a_second_damage():
    s = zero_shoots("usa-wildcat-1", "H7", activated=True, damage=1)
    s = GAME.apply(s, "shoot:usa-wildcat-1")
    assert "usa-wildcat-1" not in s.planes and s.vp["japan"] == GAME.data.scenarios[SC].vp.fighter


def test_damage_armor_1_destroyed_by_one_damage():
    s = arrive([pl("japan-val-1", "H7", SE, "high", activated=True)], A, "H5")
    s = GAME.apply(s, "shoot:japan-val-1")
    assert "japan-val-1" not in s.planes and s.vp["usa"] == GAME.data.scenarios[SC].vp.bomber


def test_20mm_gun_double_damage_at_the_hex_just_ahead():
    s = zero_shoots("usa-wildcat-1", "H6", activated=True)
    assert option(s, "shoot:usa-wildcat-1")["damage"] == 2
    s = GAME.apply(s, "shoot:usa-wildcat-1")
    assert "usa-wildcat-1" not in s.planes                               # armor 2, two damage at once


def test_20mm_gun_single_damage_further_away():
    s = zero_shoots("usa-wildcat-1", "H8", activated=True)
    assert option(s, "shoot:usa-wildcat-1")["damage"] == 1


def test_flammable_double_damage_just_ahead_of_a_fighter():
    s = arrive([pl("japan-kate-1", "H6", SE, "high", activated=True)], A, "H5")
    assert option(s, "shoot:japan-kate-1")["damage"] == 2
    s = arrive([pl("japan-kate-1", "H7", SE, "high", activated=True)], A, "H5")
    assert option(s, "shoot:japan-kate-1")["damage"] == 1


def test_flammable_not_doubled_by_a_shooter_without_the_fighter_trait():
    s = arrive([pl("usa-dauntless-1", "H2", S, "high"), pl("japan-kate-1", "H6", SE, "high", activated=True)],
               "usa-dauntless-1", "H5", n=3)
    assert option(s, "shoot:japan-kate-1")["damage"] == 1


# -- response ---------------------------------------------------------------------------------------------------

def test_response_survivor_fires_back_at_an_attacker_in_its_field():
    s = arrive([pl(ZERO, "H1", S), pl(A, "H7", N, activated=True)], ZERO, "H5", side="japan")
    s = GAME.apply(s, f"shoot:{A}")
    assert kind(s) == "respond" and pause(s).side == "usa"
    assert s.planes[A].damage == 1
    s = GAME.apply(s, "respond")
    assert ZERO not in s.planes                                          # the original shooter is destroyed
    assert s.planes[A].damage == 1                                       # and its shot still counts
    assert s.vp == {"japan": 0, "usa": 1}


def test_response_the_original_shot_is_resolved_once():
    """Regression: after a response to the first shot of a chain the shot was resolved a second time."""
    s = arrive([pl(ZERO, "H1", S), pl(A, "H7", N, activated=True)], ZERO, "H5", side="japan")
    s = GAME.apply(GAME.apply(s, f"shoot:{A}"), "no-response")
    assert [k for k, _ in events(s)].count("hit") == 0 and s.planes[A].damage == 1


def test_response_may_be_declined():
    s = arrive([pl(ZERO, "H1", S), pl(A, "H7", N, activated=True)], ZERO, "H5", side="japan")
    s = GAME.apply(GAME.apply(s, f"shoot:{A}"), "no-response")
    assert ZERO in s.planes and s.planes[A].damage == 1


def test_response_only_if_the_attacker_is_in_the_survivors_field():
    s = arrive([pl(ZERO, "H1", S), pl(A, "H7", SE, activated=True)], ZERO, "H5", side="japan")
    s = GAME.apply(s, f"shoot:{A}")
    assert kind(s) != "respond" and s.planes[A].damage == 1


# -- chain reaction ---------------------------------------------------------------------------------------------

def test_chain_reaction_all_dodges_first_then_damage_up_the_chain():
    """A shoots B; B dodges and shoots C; C dodges. Only then is damage dealt: first B's shot on C, then A's on B."""
    C = "usa-wildcat-2"
    s = arrive([pl(ZERO, "H7", S), pl(C, "H10", S)], A, "H5")
    s = GAME.apply(s, f"shoot:{ZERO}")
    assert kind(s) == "dodge" and pause(s).side == "japan"
    s = GAME.apply(GAME.apply(s, "advance"), "end")                      # B to H8: still in A's field
    assert kind(s) == "shoot" and pause(s).side == "japan" and offered(s) == [f"shoot:{C}", "hold"]
    assert s.planes[ZERO].damage == 0 and ZERO in s.planes               # A's shot not resolved yet
    s = GAME.apply(s, f"shoot:{C}")
    assert kind(s) == "dodge" and pause(s).side == "usa"
    s = GAME.apply(s, "advance")                                          # C to H11: still in B's field
    assert ZERO in s.planes and s.planes[C].damage == 0                   # nothing resolved during the dodges
    assert s.planes[C].activated and s.planes[ZERO].activated             # both dodgers are activated
    s = GAME.apply(s, "end")
    kinds = [k for k, _ in events(s)]
    hit_c = next(i for i, (k, t) in enumerate(events(s)) if k == "damage")
    gone_b = next(i for i, (k, t) in enumerate(events(s)) if k == "destroyed")
    assert hit_c < gone_b, kinds                                         # up the chain: C first, then B
    assert s.planes[C].damage == 1 and ZERO not in s.planes
    assert s.chain == ()


@pytest.mark.parametrize("answer", ["respond", "no-response"])
def test_chain_reaction_a_response_inside_the_chain_then_the_first_shot(answer):
    """A shoots B; B dodges and shoots C (already activated, so the chain resolves): C survives B's shot and may
    fire back; then A's shot on B is resolved, once."""
    C = "usa-wildcat-2"
    s = arrive([pl(ZERO, "H7", S), pl(C, "H10", N, activated=True)], A, "H5")
    s = GAME.apply(s, f"shoot:{ZERO}")
    s = GAME.apply(GAME.apply(s, "advance"), "end")                      # B to H8, still in A's field
    s = GAME.apply(s, f"shoot:{C}")
    assert kind(s) == "respond" and pause(s).side == "usa" and s.planes[C].damage == 1
    assert ZERO in s.planes                                              # A's shot waits up the chain
    s = GAME.apply(s, answer)
    assert ZERO not in s.planes and s.planes[C].damage == 1 and s.chain == ()
    assert s.vp["usa"] == GAME.data.scenarios[SC].vp.fighter             # B scored once
    assert [k for k, _ in events(s)].count("destroyed") == 1


def test_chain_reaction_each_shot_misses_if_its_target_escaped():
    C = "usa-wildcat-2"
    s = arrive([pl(ZERO, "H7", S), pl(C, "G9", N)], A, "H5")
    s = GAME.apply(s, f"shoot:{ZERO}")
    s = GAME.apply(GAME.apply(s, "slide-right"), "end")                  # B to G8: out of A's line of fire
    s = GAME.apply(s, f"shoot:{C}")                                      # C at G9, just ahead of B
    s = GAME.apply(s, "turn-left")                                       # C out of B's field
    if s.step == f"fly:{C}":
        s = GAME.apply(s, "end")
    assert s.planes[ZERO].damage == 0 and s.planes[C].damage == 0 and s.chain == ()
    assert [k for k, _ in events(s)].count("miss") == 2
