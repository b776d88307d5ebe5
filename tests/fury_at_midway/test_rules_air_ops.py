"""Rule 8 (air operations) and 9.5 (return) of Fury at Midway: the display, launch, strike groups, flight."""
from __future__ import annotations

from kaisen.games.fury_at_midway import GAME, air_ops, flow
from kaisen.games.fury_at_midway.common import Ctx
from kaisen.games.fury_at_midway.state import StrikeGroup

from .test_rules_sequence import ids, play, position, refused

D = GAME.data


def op(side="usa", fleets=None, kind="normal", **air):
    """An air operation of `side` just begun, with aircraft moved as given (squadron=box)."""
    s = position(fleets or {"csf": "F-3", "1af": "C-3"}, turn=2).copy()
    for q, box in air.items():
        s.air[q.replace("_", "-")] = (box, s.air[q.replace("_", "-")][1])
    c = Ctx(s, D)
    flow.run(c, air_ops.begin, side, kind)
    s.cache = None
    return s


def test_8_3_a_unit_moves_one_box_per_operation():
    s = op(enterprise_sbd_1="hangar:enterprise")
    s, _ = play(s, "deck:enterprise-sbd-1")
    assert s.air["enterprise-sbd-1"][0].startswith("deck:enterprise")
    assert not any(o.endswith("enterprise-sbd-1") for o in ids(s))       # it has moved this operation


def test_8_3_2_only_fighters_fly_cap():
    s = op()
    assert "cap:enterprise-f4f-2" in ids(s) and "cap:enterprise-sbd-1" not in ids(s)
    refused(s, "cap:enterprise-sbd-1", "8.2")


def test_8_3_5_two_deck_boxes_and_none_damaged():
    s = op(enterprise_sbd_1="hangar:enterprise")
    s.damage["enterprise"] = (2,)
    s.cache = None
    # deck box 1 holds the F4F, box 2 is damaged: no room on deck
    assert "deck:enterprise-sbd-1" not in ids(s)


def test_8_3_1_return_2_moves_to_return_1_and_return_1_lands_in_the_hangar():
    s = op(enterprise_sbd_2="ret2:tf16", enterprise_tbd="ret1:tf16")
    assert s.air["enterprise-sbd-2"][0] == "ret1:tf16"
    # the TBD had a choice of carriers in TF 16 (Enterprise or Hornet): the owner decides
    assert s.step == "land:enterprise-tbd" and set(ids(s)) == {"land:enterprise", "land:hornet"}
    s, _ = play(s, "land:hornet")
    assert s.air["enterprise-tbd"][0] == "hangar:hornet" and s.step == "op"


def test_8_3_1_japanese_units_land_on_their_undamaged_parent():
    s = op("japan", akagi_b5n="ret1:cardiv1")
    assert s.air["akagi-b5n"][0] == "hangar:akagi" and s.step == "op"


def test_8_3_3_capacity_five_and_no_room_means_lost():
    s = position({"csf": "F-3", "1af": "C-3"}, turn=2).copy()
    # Kaga out of action: Akagi holds 5 (its 3 + Kaga's 2); the sixth has nowhere to go
    s.damage["kaga"] = (1, 2)
    for q in ("kaga-a6m-2", "kaga-b5n"):
        s.air[q] = ("hangar:akagi", 2)
    s.air["kaga-d3a"] = ("ret1:cardiv1", 2)
    s.damage["hiryu"] = (1, 2)
    s.damage["soryu"] = (1, 2)
    c = Ctx(s, D)
    flow.run(c, air_ops.begin, "japan", "normal")
    assert s.air["kaga-d3a"][0] == "lost"


def test_8_3_3_a_one_step_unit_combines_to_squeeze_in():
    s = position({"csf": "F-3", "1af": "C-3"}, turn=2).copy()
    s.damage["kaga"] = (1, 2)
    s.damage["hiryu"] = (1, 2)
    s.damage["soryu"] = (1, 2)
    s.air["kaga-a6m-2"] = ("hangar:akagi", 1)
    s.air["kaga-b5n"] = ("hangar:akagi", 2)
    s.air["akagi-a6m-2"] = ("hangar:akagi", 2)            # Akagi: 5 aboard
    s.air["kaga-a6m-1"] = ("ret1:cardiv1", 1)             # one-step A6M joins the one-step A6M in the hangar
    c = Ctx(s, D)
    flow.run(c, air_ops.begin, "japan", "normal")
    assert s.air["kaga-a6m-2"] == ("hangar:akagi", 2) and s.air["kaga-a6m-1"][0] == "lost"


def test_8_3_4_reorganisation_combines_two_one_step_units_of_a_type():
    s = op(enterprise_f4f_2="cap:tf16")
    s.air["enterprise-f4f-1"] = ("cap:tf16", 1)
    s.air["enterprise-f4f-2"] = ("cap:tf16", 1)
    s.cache = None
    assert "combine:enterprise-f4f-1:enterprise-f4f-2" in ids(s)
    s, _ = play(s, "combine:enterprise-f4f-1:enterprise-f4f-2")
    assert s.air["enterprise-f4f-1"] == ("cap:tf16", 2) and s.air["enterprise-f4f-2"][0] == "lost"


def test_8_3_4_midway_and_carrier_units_never_combine():
    s = op()
    s.air["midway-f4f"] = ("cap:tf16", 1)
    s.air["enterprise-f4f-1"] = ("cap:tf16", 1)
    s.cache = None
    assert not [o for o in ids(s) if o.startswith("combine:")]


def test_8_4_2_a_strike_group_needs_an_attack_aircraft_and_us_groups_hold_two():
    s = op()
    assert "sg-add:enterprise-f4f-2" not in ids(s)                      # no fighter-only strikes
    s, _ = play(s, "sg-add:enterprise-sbd-1")
    assert "sg-add:enterprise-f4f-2" in ids(s)
    assert "sg-add:hornet-sbd-1" not in ids(s)                          # one carrier per US group
    s, _ = play(s, "sg-add:enterprise-f4f-2")
    assert not [o for o in ids(s) if o.startswith("sg-add:")]           # two at most
    assert "end" not in ids(s)                                          # the group must go


def test_8_4_3_japanese_mid_air_assembly_across_carriers():
    s = op("japan", fleets={"csf": "G-3", "1af": "C-3"})
    for q in ("akagi-d3a", "kaga-d3a", "hiryu-d3a", "soryu-b5n"):
        s, _ = play(s, f"sg-add:{q}")
    assert len(s.forming) == 4


def test_8_4_1_launched_aircraft_fly_two_hexes_and_attack_within_two():
    s = op(fleets={"csf": "E-3", "1af": "C-3"})
    s, _ = play(s, "sg-add:enterprise-sbd-1")
    hexes = {o[6:] for o in ids(s) if o.startswith("sg-go:")}
    assert "C-3" in hexes and all(D.hex_distance("E-3", h) <= 2 for h in hexes)
    assert "F-6" not in hexes


def test_8_5_3_a_group_on_the_map_must_reach_a_target_or_go_home():
    s = position({"csf": "G-3", "1af": "A-1"}, turn=2).copy()
    s.groups["U1"] = StrikeGroup("U1", "usa", "E-2", ("enterprise-sbd-1",), "csf", "G-3", 1, True, False)
    s.air["enterprise-sbd-1"] = ("sg:U1", 2)
    c = Ctx(s, D)
    flow.run(c, air_ops.begin, "usa", "normal")
    s.cache = None
    assert "end" not in ids(s)
    assert "sg-return:U1" in ids(s)          # the 1AF at A-1 is 4 hexes away; the SBD flies 3
    s, _ = play(s, "sg-return:U1")
    assert s.step == "ret:U1:ret2" and set(ids(s)) == {"to:tf16", "to:tf17", "to:midway"}   # E-2: 4 from Midway
    s, _ = play(s, "to:tf17")
    assert s.air["enterprise-sbd-1"][0] == "ret2:tf17" and "U1" not in s.groups


def test_8_5_2_the_slowest_unit_sets_the_group_allowance():
    s = position({"csf": "G-3", "1af": "B-2"}, turn=2).copy()
    s.groups["U1"] = StrikeGroup("U1", "usa", "D-2", ("enterprise-sbd-1", "enterprise-tbd"), "csf", "G-3", 1, True,
                                 False)
    s.air["enterprise-sbd-1"] = ("sg:U1", 2)
    s.air["enterprise-tbd"] = ("sg:U1", 2)
    c = Ctx(s, D)
    assert air_ops.group_ma(c, s.groups["U1"]) == 2


def test_9_5_survivors_of_a_second_operation_go_to_return_2():
    s = position({"csf": "G-3", "1af": "B-2"}, turn=2).copy()
    g = StrikeGroup("U1", "usa", "B-2", ("enterprise-sbd-1",), "csf", "G-3", 2, True, False)
    s.groups["U1"] = g
    s.air["enterprise-sbd-1"] = ("sg:U1", 2)
    c = Ctx(s, D)
    flow.run(c, air_ops.after_attack, "U1")
    assert s.step == "ret:U1:ret2"
    flow.run(c, air_ops.on_return, "U1", "ret2", "to:tf16")
    assert s.air["enterprise-sbd-1"][0] == "ret2:tf16"


def test_9_5_2_us_carrier_aircraft_may_divert_to_midway_within_five_hexes():
    s = position({"csf": "G-3", "1af": "D-4"}, turn=2).copy()
    s.groups["U1"] = StrikeGroup("U1", "usa", "D-4", ("enterprise-sbd-1", "midway-sbd"), "csf", "G-3", 1, True,
                                 False)
    s.air["enterprise-sbd-1"] = ("sg:U1", 2)
    s.air["midway-sbd"] = ("sg:U1", 2)
    s.cache = None
    c = Ctx(s, D)
    flow.run(c, air_ops.after_attack, "U1")
    s.cache = None
    assert set(ids(s)) == {"to:tf16", "to:tf17", "to:midway"}
    s, _ = play(s, "to:midway")
    assert s.air["enterprise-sbd-1"][0] == "ret1:midway" and s.air["midway-sbd"][0] == "ret1:midway"


def test_9_5_1_japanese_survivors_go_to_their_undamaged_parent_division():
    s = position({"csf": "G-3", "1af": "C-3"}, turn=2).copy()
    s.groups["J1"] = StrikeGroup("J1", "japan", "G-3", ("akagi-d3a", "hiryu-d3a"), "1af", "C-3", 2, True, False)
    s.air["akagi-d3a"] = ("sg:J1", 2)
    s.air["hiryu-d3a"] = ("sg:J1", 2)
    c = Ctx(s, D)
    flow.run(c, air_ops.after_attack, "J1")
    assert s.step == "op"
    assert s.air["akagi-d3a"][0] == "ret2:cardiv1" and s.air["hiryu-d3a"][0] == "ret2:cardiv2"


def test_6_4_4_midway_strikers_always_come_back_to_return_1():
    s = position({"csf": "G-3", "1af": "B-4"}, turn=1).copy()
    g = StrikeGroup("J1", "japan", "F-6", ("akagi-d3a",), "1af", "B-4", 2, True, True)
    s.groups["J1"] = g
    s.air["akagi-d3a"] = ("sg:J1", 2)
    flow.run(Ctx(s, D), air_ops.after_attack, "J1")
    assert s.air["akagi-d3a"][0] == "ret1:cardiv1"


def test_9_2_4_cap_that_intercepted_lands_at_the_end_of_the_operation():
    s = op(fleets={"csf": "G-3", "1af": "C-3"})
    s.air["akagi-a6m-1"] = ("spent:cardiv1", 2)
    s.air["akagi-d3a"] = ("lost", 0)                     # a free deck box on Akagi
    s.cache = None
    s, _ = play(s, "end")
    assert s.step == "caprt:japan" and set(ids(s)) == {"cap-deck:akagi", "cap-hangar:akagi"}   # its parent only
    s, _ = play(s, "cap-deck:akagi")
    assert s.air["akagi-a6m-1"][0].startswith("deck:akagi")


def test_9_2_4_the_owner_chooses_the_carrier_and_the_box_of_its_returning_cap():
    s = op("japan", fleets={"csf": "G-3", "1af": "C-3"})
    s.air["enterprise-f4f-1"] = ("spent:tf16", 2)          # intercepted a Japanese strike this operation
    s.air["hornet-sbd-1"] = ("hangar:hornet", 2)           # a free deck box on Hornet
    s.cache = None
    s, _ = play(s, "end")
    assert s.step == "caprt:usa" and GAME.pause(s).side == "usa"
    assert set(ids(s)) == {"cap-hangar:enterprise", "cap-deck:hornet", "cap-hangar:hornet"}
    jv = GAME.view(s, "japan")                             # Japan learns nothing of where it goes
    assert jv["pending"]["options"] is None and "enterprise-f4f-1" not in str(jv["control"])
    s, events = play(s, "cap-hangar:hornet")
    assert s.air["enterprise-f4f-1"] == ("hangar:hornet", 2)
    assert all(e.private_to == "usa" for e in events if "F4F" in e.text)


def test_9_2_4_the_heuristic_returns_cap_to_a_deck_while_the_group_needs_fighters():
    from kaisen.games.fury_at_midway.ai import HeuristicAgent
    s = op("japan", fleets={"csf": "G-3", "1af": "C-3"})
    s.air["enterprise-f4f-1"] = ("spent:tf16", 2)          # tf16 keeps only Hornet's F4F in CAP
    s.air["hornet-sbd-1"] = ("hangar:hornet", 2)
    s.cache = None
    s, _ = play(s, "end")
    agent = HeuristicAgent("usa", seed=1)
    assert agent.choose(GAME.view(s, "usa"), GAME.pause(s)) == "cap-deck:hornet"


def test_9_2_4_a_returning_cap_fighter_with_one_place_left_is_still_asked():
    """Which fighters intercepted is public; whether one had a choice is the owner's secret: ask every time."""
    s = op(fleets={"csf": "G-3", "1af": "C-3"})
    s.air["akagi-a6m-1"] = ("spent:cardiv1", 2)             # Akagi's decks are full: its hangar only
    s.cache = None
    s, _ = play(s, "end")
    p = GAME.pause(s)
    assert s.step == "caprt:japan" and p.ids() == ["cap-hangar:akagi"] and "only place" in p.options[0].label
    assert GAME.view(s, "usa")["control"]["step"] == "caprt:japan"
    s, _ = play(s, "cap-hangar:akagi")
    assert s.air["akagi-a6m-1"] == ("hangar:akagi", 2)


def test_9_2_4_a_returning_cap_fighter_with_nowhere_to_land_is_asked_and_lost():
    s = op(fleets={"csf": "G-3", "1af": "C-3"})
    s.air["akagi-a6m-1"] = ("spent:cardiv1", 2)
    for q in ("kaga-a6m-2", "hiryu-b5n"):
        s.air[q] = ("hangar:akagi", 2)                       # Akagi full (5), its own parent: nowhere to go
    s.cache = None
    s, _ = play(s, "end")
    assert s.step == "caprt:japan" and ids(s) == ["cap-lost"]
    s, events = play(s, "cap-lost")
    assert s.air["akagi-a6m-1"][0] == "lost" and s.step != "caprt:japan"
    assert all(e.private_to == "japan" for e in events if "A6M" in e.text)


def test_9_2_4_a_returning_fighter_may_not_take_the_last_room_another_needs():
    """Akagi damaged: its fighter may land on Akagi or Kaga; Kaga's own fighter must take Kaga (its undamaged
    parent), which has room for one. Offering Kaga to Akagi's fighter would lose the other: only Akagi is offered."""
    s = op(fleets={"csf": "G-3", "1af": "C-3"})
    s.damage["akagi"] = (1,)
    s.air["akagi-d3a"] = ("lost", 0)                         # went down with the bow box
    s.air["hiryu-b5n"] = ("hangar:kaga", 2)                  # Kaga: four aboard, room for one, decks full
    s.air["akagi-a6m-1"] = ("spent:cardiv1", 2)
    s.air["kaga-a6m-1"] = ("spent:cardiv1", 2)
    s.cache = None
    s, _ = play(s, "end")
    assert s.step == "caprt:japan" and ids(s) == ["cap-hangar:akagi"]
    refused(s, "cap-hangar:kaga", "9.2(4)")
    s, _ = play(s, "cap-hangar:akagi")
    assert ids(s) == ["cap-hangar:kaga"]
    s, _ = play(s, "cap-hangar:kaga")
    assert s.air["akagi-a6m-1"] == ("hangar:akagi", 2) and s.air["kaga-a6m-1"] == ("hangar:kaga", 2)


def test_9_5_the_choice_of_return_box_is_shown_to_the_enemy_as_the_operation_pause():
    """A strike that turns home unseen (8.5(4)) and whose owner then picks a Return box: the enemy sees only the
    operation going on."""
    s = op("usa", fleets={"csf": "G-3", "1af": "C-3"})
    s.groups["U1"] = StrikeGroup("U1", "usa", "I-1", ("yorktown-tbd",), "csf", "G-3", 2, False, False)
    s.air["yorktown-tbd"] = ("sg:U1", 2)
    s.cache = None
    before = GAME.view(s, "japan")
    s, _ = play(s, "sg-return:U1")
    assert s.step == "ret:U1:ret2"
    assert GAME.view(s, "japan") == before and GAME.public_view(s)["control"]["step"] == "op"


def test_9_2_4_the_heuristic_answers_a_forced_cap_return():
    from kaisen.games.fury_at_midway.ai import HeuristicAgent
    s = op(fleets={"csf": "G-3", "1af": "C-3"})
    s.air["akagi-a6m-1"] = ("spent:cardiv1", 2)
    for q in ("kaga-a6m-2", "hiryu-b5n"):
        s.air[q] = ("hangar:akagi", 2)
    s.cache = None
    s, _ = play(s, "end")
    agent = HeuristicAgent("japan", seed=1)
    assert agent.choose(GAME.view(s, "japan"), GAME.pause(s)) == "cap-lost"
    s.air["hiryu-b5n"] = ("lost", 0)                         # room for one: the hangar, the only place
    s.cache = None
    assert agent.choose(GAME.view(s, "japan"), GAME.pause(s)) == "cap-hangar:akagi"
