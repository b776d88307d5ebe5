"""Fury at Midway 9.0 Air Attack: target determination, CAP, AAA, resolution, deck and runway damage."""
from __future__ import annotations

import json

import pytest

from kaisen.engine.core import Chance, Decision, check_dice
from kaisen.games.fury_at_midway import air_attack as aa
from kaisen.games.fury_at_midway.air_attack import Attack
from kaisen.games.fury_at_midway.common import Ctx
from kaisen.games.fury_at_midway.data import load
from kaisen.games.fury_at_midway.setup import initial_state
from kaisen.games.fury_at_midway.state import FaMState, StrikeGroup

D = load()


@pytest.fixture(autouse=True)
def finished(monkeypatch) -> list[str]:
    """9.5 belongs to air_ops: record the hand-back instead."""
    done: list[str] = []
    monkeypatch.setattr(aa, "_finish", lambda c, gid: done.append(gid))
    return done


def position(options=None) -> Ctx:
    """The 13.0 set-up with the 1AF in B-4, the CSF in F-4 and the MIF in C-5."""
    s = initial_state(D, options)
    s.fleet.update({"1af": "B-4", "csf": "F-4", "mif": "C-5"})
    return Ctx(s, D)


def strike(c: Ctx, gid: str, units: tuple[str, ...], origin: str = "csf") -> str:
    side = c.side_of(units[0])
    for q in units:
        c.s.air[q] = ("sg:" + gid, c.spec(q).steps)
    c.s.groups[gid] = StrikeGroup(gid, side, "B-4", tuple(units), origin, "F-4", flights=2)
    return gid


def check_round_trip(c: Ctx) -> None:
    a = c.s.attack
    assert Attack.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert FaMState.from_json(json.loads(json.dumps(c.s.to_json()))) == c.s


def go(c: Ctx, *answers) -> None:
    """Answer the attack's pauses in turn, checking each answer against the pause and JSON round trips."""
    for ans in answers:
        assert c.s.step == "atk" and c.s.attack is not None
        check_round_trip(c)
        p = aa.pause(c)
        if isinstance(ans, tuple):
            assert isinstance(p, Chance), (p, ans)
            check_dice(p, ans)
        else:
            assert isinstance(p, Decision), (p, ans)
            p.option(ans)
        aa.answer(c, ans)


def text(c: Ctx) -> str:
    return "\n".join(e.text for e in c.ev)


# ----------------------------------------------------------------------------------- 9.2

def test_9_2_example_one_a6m_intercepts_an_f4f_and_sbd(finished):
    c = position()
    aa.start(c, strike(c, "U1", ("yorktown-f4f-2", "yorktown-sbd-1")), "1af")
    go(c, "aim:cardiv1", (4,))
    p = aa.pause(c)
    assert p.side == "japan" and p.rule == "9.2"
    assert p.ids() == ["intercept:akagi-a6m-1", "intercept:kaga-a6m-1", "no-more"]
    go(c, "intercept:akagi-a6m-1", "no-more")          # one A6M, the other kept back
    p = aa.pause(c)
    assert isinstance(p, Chance) and len(p.dice) == 2 and all("1-3" in lb for lb in p.labels)
    go(c, (2, 5))                                       # one hit
    p = aa.pause(c)
    assert p.side == "usa" and p.ids() == ["hit:yorktown-f4f-2", "hit:yorktown-sbd-1"]
    go(c, "hit:yorktown-f4f-2")
    assert c.s.air["yorktown-f4f-2"] == ("sg:U1", 1) and c.s.air["yorktown-sbd-1"] == ("sg:U1", 2)
    p = aa.pause(c)                                     # the one surviving F4F step fires back
    assert p.rule == "9.2(2)" and len(p.dice) == 1 and "1-3" in p.labels[0]
    go(c, (5,))                                         # and misses
    assert c.s.air["akagi-a6m-1"] == ("spent:cardiv1", 2)
    assert c.s.air["kaga-a6m-1"] == ("cap:cardiv1", 2)
    assert aa.pause(c).rule == "9.3"
    go(c, (3, 4), "carrier:akagi", (6, 6))
    assert finished == ["U1"] and c.s.attack is None


def test_9_2_1_cap_hits_one_better_against_an_unescorted_strike():
    for units, label, hits in ((("enterprise-sbd-1",), "1-4", 1), (("enterprise-f4f-2", "enterprise-sbd-1"), "1-3", 0)):
        c = position()
        aa.start(c, strike(c, "U1", units), "1af")
        go(c, "aim:cardiv1", (1,), "intercept:akagi-a6m-1", "no-more")
        p = aa.pause(c)
        assert all(label in lb for lb in p.labels)
        go(c, (4, 6))
        assert c.step_count(units) == sum(c.spec(q).steps for q in units) - hits


def test_9_2_2_escort_hits_are_allocated_by_the_defender_among_the_interceptors():
    c = position()
    aa.start(c, strike(c, "U1", ("enterprise-f4f-2", "enterprise-sbd-1")), "1af")
    go(c, "aim:cardiv1", (1,), "intercept:akagi-a6m-1", "intercept:kaga-a6m-1", (6, 6, 6, 6), (1, 6))
    p = aa.pause(c)
    assert p.side == "japan" and p.ids() == ["hit:akagi-a6m-1", "hit:kaga-a6m-1"]
    go(c, "hit:kaga-a6m-1")
    assert c.s.air["kaga-a6m-1"] == ("spent:cardiv1", 1) and aa.pause(c).rule == "9.3"


def test_9_2_cap_may_decline_and_interception_ends_when_the_box_is_empty():
    c = position()
    aa.start(c, strike(c, "U1", ("enterprise-sbd-1",)), "1af")
    go(c, "aim:cardiv2", (5,), "intercept:hiryu-a6m-1", "intercept:soryu-a6m-1")
    assert aa.pause(c).rule == "9.2(1)" and len(aa.pause(c).dice) == 4
    c = position()
    aa.start(c, strike(c, "U1", ("enterprise-sbd-1",)), "1af")
    go(c, "aim:cardiv2", (5,), "no-more")
    assert aa.pause(c).rule == "9.3"
    assert "does not intercept" in text(c)


# ----------------------------------------------------------------------------------- 9.1

def test_9_1_us_strike_rolling_6_goes_to_the_other_division():
    c = position()
    aa.start(c, strike(c, "U1", ("hornet-f4f-2", "hornet-sbd-1")), "1af")
    p = aa.pause(c)
    assert p.side == "usa" and p.rule == "9.1" and p.ids() == ["aim:cardiv1", "aim:cardiv2"]
    go(c, "aim:cardiv1")
    assert "1-5" in aa.pause(c).reason
    go(c, (6,))
    assert c.s.attack.group == "cardiv2" and aa.pause(c).ids()[0] == "intercept:hiryu-a6m-1"


def test_9_1_japanese_strike_hits_the_chosen_task_force_on_1_to_3_only():
    for face, hit in ((3, "tf16"), (4, "tf17")):
        c = position()
        aa.start(c, strike(c, "J1", ("akagi-d3a",), origin="1af"), "csf")
        go(c, "aim:tf16", (face,))
        assert c.s.attack.group == hit


def test_9_1_no_choice_and_no_roll_with_one_division_left():
    c = position()
    c.s.sunk = ("akagi", "kaga")
    aa.start(c, strike(c, "U1", ("enterprise-sbd-1",)), "1af")
    assert c.s.attack.group == "cardiv2" and aa.pause(c).rule == "9.2"


def test_9_1_dmcv_midway_and_mif_need_no_target_roll():
    c = position()
    c.s.dmcv["japan"] = "akagi"
    c.s.fleet["ijn-dmcv"] = "C-4"
    aa.start(c, strike(c, "U1", ("enterprise-sbd-1",)), "ijn-dmcv")
    p = aa.pause(c)         # akagi-a6m-1 flies CAP over cardiv1, not the DMCV: straight to AAA
    assert c.s.attack.group == "ijn-dmcv" and p.rule == "9.3" and len(p.dice) == 2
    go(c, (6, 6), (6, 6))   # Akagi is the only carrier: no assignment decision
    for target in ("mif", "midway"):
        c = position()
        units = ("enterprise-sbd-1",) if target == "mif" else ("akagi-d3a",)
        aa.start(c, strike(c, "X1", units), target)
        assert c.s.attack.group == target


# ----------------------------------------------------------------------------------- 9.3

def test_9_3_aaa_hits_only_attack_aircraft():
    c = position()
    aa.start(c, strike(c, "U1", ("enterprise-f4f-2", "enterprise-sbd-1")), "1af")
    go(c, "aim:cardiv2", (1,), "no-more", (1, 1))
    assert c.s.air["enterprise-f4f-2"] == ("sg:U1", 2)
    assert c.s.air["enterprise-sbd-1"] == ("lost", 0)
    assert c.s.attack is None and c.s.groups["U1"].units == ("enterprise-f4f-2",)


def test_9_3_1_aaa_dice_of_midway_and_the_mif_are_half_their_track_rounded_up():
    c = position()
    a = Attack("X", "japan", "midway", group="midway")
    assert [aa.aaa_dice(c, a) for c.s.garrison in (6, 5, 4, 3)] == [3, 3, 2, 2]
    a = Attack("X", "usa", "mif", group="mif")
    assert [aa.aaa_dice(c, a) for c.s.invasion in (5, 2, 1)] == [3, 1, 1]
    assert aa.aaa_dice(c, Attack("X", "usa", "1af", group="cardiv1")) == 2
    assert aa.aaa_dice(c, Attack("X", "usa", "ijn-dmcv", group="ijn-dmcv")) == 2


# ----------------------------------------------------------------------------------- 13.0

def test_13_0_three_us_strikes_on_the_2nd_carrier_division(finished):
    c = position()
    # Hornet: aims at the 1st division, rolls 6, goes to the 2nd; Escort Separated sends the F4F home.
    aa.start(c, strike(c, "U2", ("hornet-f4f-2", "hornet-sbd-1")), "1af")
    go(c, "aim:cardiv1", (6,))
    c.s.groups["U2"] = c.s.groups["U2"]._replace(units=("hornet-sbd-1",))
    c.s.air["hornet-f4f-2"] = ("ret2:tf16", 2)
    go(c, "intercept:hiryu-a6m-1", "no-more")
    p = aa.pause(c)
    assert len(p.dice) == 2 and all("1-4" in lb for lb in p.labels)    # unescorted: 1-4
    go(c, (3, 4))                                                      # two hits destroy the SBD
    assert c.s.air["hornet-sbd-1"] == ("lost", 0) and "U2" not in c.s.groups
    assert c.s.air["hiryu-a6m-1"] == ("spent:cardiv2", 2) and finished == ["U2"]

    # Enterprise: on target, no interception, AAA flips the SBD, a dive-bomber hit on Hiryu's bow.
    aa.start(c, strike(c, "U3", ("enterprise-f4f-2", "enterprise-sbd-1")), "1af")
    go(c, "aim:cardiv2", (2,), "no-more", (1, 4))
    assert c.s.air["enterprise-sbd-1"] == ("sg:U3", 1)
    assert aa.pause(c).ids() == ["carrier:hiryu", "carrier:soryu"]
    go(c, "carrier:hiryu")
    p = aa.pause(c)
    assert len(p.dice) == 1 and "1-4" in p.labels[0]                  # 1-3, +1 dive bomber
    go(c, (4,))
    assert "bow" in aa.pause(c).reason
    go(c, (2,))                                                        # 1-3: the bow
    assert c.s.damage["hiryu"] == (1,) and c.s.air["hiryu-a6m-2"] == ("lost", 0)
    assert finished == ["U2", "U3"]


    # Midway: SBD-2 and TBF; the last A6M intercepts at 1-4, one hit on the TBF, AAA misses, SBD-2
    # at 1-2 with no dive-bomber bonus; the hit goes to Hiryu's stern on its own and destroys the D3A.
    aa.start(c, strike(c, "U4", ("midway-sbd", "midway-tbf"), origin="midway"), "1af")
    go(c, "aim:cardiv2", (3,), "intercept:soryu-a6m-1")               # the CAP box is empty now
    p = aa.pause(c)
    assert len(p.dice) == 2 and all("1-4" in lb for lb in p.labels)
    go(c, (4, 6))
    assert aa.pause(c).ids() == ["hit:midway-sbd", "hit:midway-tbf"]
    go(c, "hit:midway-tbf")                                            # no escorts: no counter-fire
    p = aa.pause(c)
    assert p.rule == "9.3" and len(p.dice) == 2
    go(c, (2, 3), "carrier:hiryu")
    p = aa.pause(c)
    assert len(p.dice) == 2 and all("1-2" in lb for lb in p.labels)    # D3A on deck, but no bomb icon
    go(c, (1, 5))                                                      # one hit, no location die
    assert c.s.damage["hiryu"] == (1, 2) and c.s.air["hiryu-d3a"] == ("lost", 0)
    assert not c.operational("hiryu") and c.s.attack is None and finished == ["U2", "U3", "U4"]
    assert c.s.air["midway-tbf"] == ("lost", 0) and c.s.air["midway-sbd"] == ("sg:U4", 2)
    assert c.s.at("spent:cardiv2") == ["hiryu-a6m-1", "soryu-a6m-1"]
    assert all(e.private_to is None for e in c.ev)


def test_13_0_japanese_strike_on_midway_with_elite_pilots(finished):
    c = position()
    units = ("akagi-a6m-2", "kaga-a6m-2", "akagi-d3a", "kaga-d3a", "akagi-b5n", "kaga-b5n")
    aa.start(c, strike(c, "J1", units, origin="1af"), "midway")
    aa.fire_escorts_first(c)                     # card 12: Japanese fighters +1 and shoot first
    c.s.attack.bonus["japan"] = 1
    p = aa.pause(c)
    assert p.side == "usa" and p.ids() == ["intercept:midway-f2a", "intercept:midway-f4f", "no-more"]
    go(c, "intercept:midway-f2a", "intercept:midway-f4f")
    p = aa.pause(c)
    assert p.rule == "9.2(2)" and len(p.dice) == 4 and all("1-4" in lb for lb in p.labels)
    go(c, (1, 2, 4, 5))                          # three hits: every US step, so no return fire
    assert c.s.air["midway-f2a"] == ("lost", 0) and c.s.air["midway-f4f"] == ("lost", 0)
    p = aa.pause(c)
    assert p.rule == "9.3" and len(p.dice) == 3  # Garrison 6: three dice
    go(c, (2, 3, 4))
    p = aa.pause(c)
    assert len(p.dice) == 8 and all("1-2" in lb for lb in p.labels)   # 3 - 1 against Midway
    go(c, (2, 3, 3, 4, 5, 6, 6, 6))              # one hit
    p = aa.pause(c)
    assert p.rule == "9.6(2)" and "5-6: runway 3" in p.reason
    go(c, (5,))
    assert c.s.garrison == 5 and c.s.midway_hits == 1 and c.s.damage["midway"] == (3,)
    assert c.s.air["midway-b26"] == ("lost", 0)
    assert finished == ["J1"] and c.s.groups["J1"].units == units


# ----------------------------------------------------------------------------------- 9.4

def test_9_4_1_b5n_plus_one_when_a_d3a_of_the_strike_attacks_the_same_carrier():
    c = position()
    c.s.air["yorktown-sbd-1"] = ("hangar:yorktown", 2)         # only a fighter on Yorktown's deck
    aa.start(c, strike(c, "J1", ("akagi-d3a", "akagi-b5n"), origin="1af"), "csf")
    go(c, "aim:tf17", (1,), "no-more", (6, 6))                 # one carrier: no assignment decision
    p = aa.pause(c)
    assert p.labels == ("Akagi D3A-1 vs Yorktown (hits on 1-3)",) * 2 + ("Akagi B5N-2 vs Yorktown (hits on 1-4)",) * 2
    go(c, (4, 4, 4, 4))                                        # the B5N's two steps hit
    p = aa.pause(c)
    assert p.rule == "9.4(2)"
    go(c, (6,))                                                # stern; the second hit takes the bow itself
    assert c.s.damage["yorktown"] == (1, 2) and c.s.air["yorktown-f4f-2"] == ("lost", 0)
    assert c.s.attack is None


def test_9_4_1_no_b5n_bonus_on_another_carrier_and_dive_bonus_only_with_attack_aircraft_on_deck():
    c = position()
    c.s.air["hornet-sbd-1"] = ("hangar:hornet", 2)
    aa.start(c, strike(c, "J1", ("akagi-d3a", "akagi-b5n"), origin="1af"), "csf")
    go(c, "aim:tf16", (2,), "no-more", (6, 6))
    p = aa.pause(c)
    assert p.side == "japan" and "Akagi D3A-1" in p.prompt and p.ids() == ["carrier:enterprise", "carrier:hornet"]
    assert "attack aircraft on deck" in p.options[0].label and "attack aircraft" not in p.options[1].label
    go(c, "carrier:enterprise")
    assert "Akagi B5N-2" in aa.pause(c).prompt
    go(c, "carrier:hornet")
    assert aa.pause(c).labels == (("Akagi D3A-1 vs Enterprise (hits on 1-4)",) * 2
                                  + ("Akagi B5N-2 vs Hornet (hits on 1-3)",) * 2)


def test_9_4_4_b17_hits_only_on_three_ones():
    c = position({"b17": True})
    aa.start(c, strike(c, "U1", ("midway-b17",), origin="midway"), "1af")
    go(c, "aim:cardiv1", (1,), "no-more", (6, 6), "carrier:kaga")
    p = aa.pause(c)
    assert len(p.dice) == 6 and all("all three 1" in lb for lb in p.labels)
    go(c, (1, 1, 1, 1, 1, 2), (1,))                # first step hits, second does not
    assert c.s.damage["kaga"] == (1,) and c.s.air["kaga-d3a"] == ("lost", 0)
    assert "1 hit" in text(c)


def test_9_4_2_hit_location_bow_then_stern_automatically():
    c = position()
    assert aa.needs_location_die(c, "kaga")
    aa.carrier_hit(c, "kaga", 4)                   # 4-6: stern (box 2)
    assert c.s.damage["kaga"] == (2,) and c.s.air["kaga-b5n"] == ("lost", 0)
    assert not aa.needs_location_die(c, "kaga")
    aa.carrier_hit(c, "kaga", None)
    assert c.s.damage["kaga"] == (1, 2) and c.s.air["kaga-d3a"] == ("lost", 0)
    assert "kaga" not in c.s.sunk and not c.operational("kaga")


def test_9_4_2_third_hit_sinks_and_the_hangar_is_lost():
    c = position()
    c.s.damage["akagi"] = (1, 2)
    c.s.air["akagi-d3a"] = ("hangar:akagi", 2)
    assert not aa.needs_location_die(c, "akagi")
    aa.carrier_hit(c, "akagi", None)
    assert c.s.sunk == ("akagi",) and c.s.hits("akagi") == 3
    assert c.s.air["akagi-a6m-2"] == ("lost", 0) and c.s.air["akagi-d3a"] == ("lost", 0)
    assert c.s.air["akagi-a6m-1"] == ("cap:cardiv1", 2)          # CAP is not aboard
    aa.carrier_hit(c, "akagi", None)                             # hits on a sunk carrier do nothing
    assert c.s.sunk == ("akagi",)


def test_9_4_2_several_hits_on_a_carrier_in_one_attack_sink_it():
    c = position()
    aa.start(c, strike(c, "U1", ("enterprise-sbd-1", "enterprise-sbd-2")), "1af")
    go(c, "aim:cardiv1", (1,), "no-more", (6, 6), "carrier:akagi", "carrier:akagi", (1, 1, 1, 6))
    assert aa.pause(c).rule == "9.4(2)"
    go(c, (1,))                                    # bow; then the stern by itself; then sunk
    assert c.s.sunk == ("akagi",) and c.s.attack is None


def test_9_4_2_sinking_a_dmcv_carrier_removes_the_dmcv():
    c = position()
    c.s.dmcv["usa"] = "yorktown"
    c.s.fleet["us-dmcv"] = "G-4"
    c.s.damage["yorktown"] = (1, 2)
    aa.carrier_hit(c, "yorktown", None)
    assert c.s.sunk == ("yorktown",) and c.s.fleet["us-dmcv"] == "gone"


def test_9_4_3_hits_on_the_invasion_force_and_its_destruction(finished):
    c = position()
    c.s.invasion = 2
    aa.start(c, strike(c, "U1", ("enterprise-sbd-1", "enterprise-tbd")), "mif")
    p = aa.pause(c)
    assert p.rule == "9.3" and len(p.dice) == 1             # half of 2
    go(c, (6,))
    assert all("1-3" in lb for lb in aa.pause(c).labels[:2])   # no dive bonus against the MIF
    go(c, (1, 6, 1, 1))
    assert c.s.invasion == 0 and c.s.fleet["mif"] == "gone" and finished == ["U1"]


# ----------------------------------------------------------------------------------- 9.6

def test_9_6_2_hit_lowers_garrison_and_closes_the_runway_by_die():
    c = position()
    assert aa.needs_location_die(c, "midway")
    aa.midway_hit(c, 3)                            # three open: 3-4 is the second runway
    assert c.s.damage["midway"] == (2,) and c.s.air["midway-sbd"] == ("lost", 0) and c.s.garrison == 5
    c.s.midway_hits = 0
    aa.midway_hit(c, 4)                            # runways 1 and 3 open: 4-6 is runway 3
    assert c.s.damage["midway"] == (2, 3) and c.s.air["midway-b26"] == ("lost", 0)
    c.s.midway_hits = 0
    assert not aa.needs_location_die(c, "midway")  # one runway left: automatic
    c.s.air["midway-b17"] = ("hangar:midway", 2)
    aa.midway_hit(c, None)
    assert c.midway_destroyed() and c.s.garrison == 3
    assert c.s.air["midway-tbf"] == ("lost", 0)
    assert c.s.air["midway-sb2u"] == ("lost", 0) and c.s.air["midway-b17"] == ("lost", 0)
    assert c.s.air["midway-f4f"] == ("cap:midway", 1)


def test_9_6_3_midway_takes_at_most_two_hits_a_turn(finished):
    c = position()
    c.s.midway_hits = 1
    aa.start(c, strike(c, "J1", ("akagi-d3a", "kaga-d3a"), origin="1af"), "midway")
    go(c, "no-more", (6, 6, 6), (1, 1, 2, 6))    # three hits rolled
    assert aa.pause(c).rule == "9.6(2)"
    go(c, (1,))                                   # the first counts, the others are disregarded
    assert c.s.midway_hits == 2 and c.s.garrison == 5 and c.s.damage["midway"] == (1,)
    assert c.s.attack is None and text(c).count("disregarded") == 2


def test_9_6_3_air_attack_never_takes_the_garrison_below_2():
    c = position()
    c.s.garrison = 2
    aa.midway_hit(c, 1)
    assert c.s.garrison == 2 and c.s.damage["midway"] == (1,) and c.s.air["midway-tbf"] == ("lost", 0)


# ----------------------------------------------------------------------------------- the attack record

def test_9_0_fighters_alone_cannot_attack(finished):
    c = position()
    aa.start(c, strike(c, "U1", ("enterprise-f4f-2",)), "1af")
    assert c.s.attack is None and finished == ["U1"]


def test_attack_round_trips_through_json_and_copies_are_independent():
    a = Attack("J1", "japan", "csf", "tf16", "tf17", "assign", aa.ESCORTS_FIRST, ("yorktown-f4f-1",), 2, "cap",
               {"akagi-d3a": "yorktown"}, ("yorktown",), {"japan": 1})
    assert Attack.from_json(json.loads(json.dumps(a.to_json()))) == a
    b = a.copy()
    assert b == a
    b.assign["akagi-b5n"] = "yorktown"
    b.bonus["usa"] = 1
    b.hits = 0
    assert a.assign == {"akagi-d3a": "yorktown"} and a.bonus == {"japan": 1} and a.hits == 2
    c = position()
    c.s.attack = a
    s2 = c.s.copy()
    s2.attack.assign.clear()
    assert c.s.attack.assign == {"akagi-d3a": "yorktown"}


def test_narration_is_public_and_names_only_units_in_the_attack():
    c = position()
    aa.start(c, strike(c, "U1", ("enterprise-f4f-2", "enterprise-sbd-1")), "1af")
    go(c, "aim:cardiv1", (1,), "intercept:akagi-a6m-1", "no-more", (6, 6), (6, 6), (6, 6), "carrier:kaga", (6, 6))
    assert all(e.private_to is None for e in c.ev)
    assert "Kaga A6M" not in text(c) and "Akagi A6M-2b #1 intercepts" in text(c)
