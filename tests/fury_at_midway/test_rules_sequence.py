"""Rules 4-8, 10-11 of Fury at Midway through the game flow: set-up, movement and the plot, search, initiative,
the night, the landing and victory."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, End
from kaisen.engine.testing import GameDriver
from kaisen.games.fury_at_midway import GAME, flow, search
from kaisen.games.fury_at_midway.common import Ctx

D = GAME.data


_DRIVER = GameDriver(GAME)
play, ids, refused = _DRIVER.play, _DRIVER.ids, _DRIVER.refused


def dealt(hands: bool = False):
    """After both opening hands (five draws of the first card left) and the standard aircraft set-up.
    Unless `hands`, the hands are emptied so that no card window interrupts the procedure under test."""
    s, _ = play(GAME.new_state(), (1,), (1,), (1,), (1,), (1,), "rest-default", "rest-default")
    if not hands:
        s = s.copy()
        s.hands = {"japan": (), "usa": ()}
    return s


def test_3_1_2_aircraft_are_placed_freely_in_secret_two_on_deck():
    s, _ = play(GAME.new_state(), (1,), (1,), (1,), (1,), (1,))
    assert s.step == "place:japan" and GAME.pause(s).side == "japan"
    first = s.pending[0]                                      # akagi-a6m-1
    s, events = play(s, "deck")
    assert s.air[first][0] == "deck:akagi:1"
    s, _ = play(s, "deck")                                    # akagi-a6m-2 takes the second deck box
    assert "deck" not in ids(s)                               # the D3A finds the deck full
    refused(s, "deck", "3.1(2)")
    assert "cap" not in ids(s)                                # and is no fighter
    s, events = play(s, "rest-default")
    assert s.air["akagi-d3a"][0] == "hangar:akagi" and s.step == "place:usa"
    assert all(e.private_to == "japan" for e in events if "D3A" in e.text)
    s, _ = play(s, "rest-default")
    assert s.step == "csf-setup"


def turn1(csf="G-4"):
    s, _ = play(dealt(), f"start:{csf}")
    return s


def position(fleets: dict[str, str], turn=2):
    """A state at the search phase's inputs: fleets placed where given."""
    s = turn1().copy()
    s.turn = turn
    for f, h in fleets.items():
        s.fleet[f] = h
        s.shown[f] = h
    return s


# -- 3.0 set-up ---------------------------------------------------------------------------------
def test_3_1_3_and_3_2_4_opening_hands_of_three_and_two_from_the_right_cards():
    s = dealt(hands=True)
    assert len(s.hands["japan"]) == 3 and len(s.hands["usa"]) == 2
    assert all(D.cards[n].side == "japan" for n in s.hands["japan"])
    assert all(D.cards[n].side in ("usa", "either") for n in s.hands["usa"])
    assert set(s.deck) == set(D.cards) - set(s.hands["japan"]) - set(s.hands["usa"])


def test_3_2_1_the_csf_sets_up_in_columns_f_to_i_but_not_on_midway():
    s = dealt()
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.side == "usa"
    hexes = {o.id[6:] for o in p.options}
    assert "F-6" not in hexes and "G-4" in hexes and "I-1" in hexes and "E-3" not in hexes
    refused(s, "start:F-6", "3.2(1)")


def test_3_3_markers_start_at_garrison_6_invasion_5():
    s = turn1()
    assert (s.garrison, s.invasion, s.midway_control, s.turn) == (6, 5, "usa", 1)


# -- 6.0 movement -------------------------------------------------------------------------------
def test_6_4_1_japan_declares_first_then_the_us_plots_in_secret():
    s = turn1()
    assert s.step == "declare" and set(ids(s)) == {"attack-midway", "no-attack"}
    s, _ = play(s, "no-attack")
    assert s.step == "plot:csf"
    s, events = play(s, "to:F-4", "end")
    assert s.plot["csf"] == ("F-4",)
    assert all(e.private_to == "usa" for e in events if "F-4" in e.text)
    assert GAME.view(s, "japan")["plot"] is None and GAME.view(s, "usa")["plot"] == {"csf": ["F-4"]}


def test_6_1_2_a_plot_never_enters_midway():
    s, _ = play(turn1("G-6"), "no-attack")
    assert "to:F-6" not in ids(s)
    refused(s, "to:F-6", "6.2(1)")


def test_6_1_1_the_csf_plots_up_to_two_hexes_by_day():
    s, _ = play(turn1("G-4"), "no-attack", "to:F-4", "to:E-4")
    assert ids(s) == ["end"]


def test_6_1_2_no_plot_off_the_map_except_east_from_column_i():
    s, _ = play(turn1("H-1"), "no-attack")
    assert "off" not in ids(s)
    refused(s, "off", "6.2(1)")
    refused(s, "to:H-0", "6.2(1)")


def test_6_1_2_the_us_may_plot_off_the_east_edge_from_column_i():
    s, _ = play(turn1("I-3"), "no-attack")
    assert "off" in ids(s)
    s, _ = play(s, "off", "end", "enter:A-1")
    s, _ = play(s, "stop")
    assert s.fleet["csf"] == "exited" and "csf" in s.exits


def test_6_3_the_1af_must_enter_on_turn_1_at_a_1_to_a_3():
    s, _ = play(turn1(), "no-attack", "end")
    assert s.step == "jmove:1af" and set(ids(s)) == {"enter:A-1", "enter:A-2", "enter:A-3"}
    s, _ = play(s, "enter:A-2")
    assert "stop" in ids(s) and "to:B-2" in ids(s)      # entering costs one of its two hexes
    s, _ = play(s, "to:B-2")
    assert ids(s) == ["stop"]


def test_6_2_2_japan_announces_its_fleets_before_the_us_plot_is_revealed():
    s, _ = play(turn1("G-4"), "no-attack", "to:F-4", "end", "enter:A-2", "stop")
    assert s.shown["1af"] == "A-2"
    assert s.fleet["csf"] == "F-4" and s.shown["csf"] == "F-4"


def test_6_4_2_a_declared_attack_forces_the_1af_within_five_hexes_of_midway():
    s, _ = play(turn1(), "attack-midway", "end")
    assert set(ids(s)) == {"enter:A-2", "enter:A-3"}   # from A-1 no second hex reaches the red line
    s, _ = play(s, "enter:A-2")                        # A-2 is outside the line: it may not stop there
    assert "stop" not in ids(s)
    assert all(D.hex_distance(o[3:], "F-6") <= 5 for o in ids(s))
    refused(s, "stop", "6.2(2)")


def test_6_4_3_the_midway_attack_takes_two_operations_from_three_to_five_hexes():
    s, _ = play(turn1(), "attack-midway", "end", "enter:A-3", "to:B-4", "stop")
    assert s.midway_ops == 2 and s.op_side == "japan" and s.op_kind == "midway"
    assert "end" not in ids(s)                         # at least one aircraft must take part (6.4(3))


def test_6_1_4_no_day_sea_battle_the_us_fleet_steps_back():
    s = position({"1af": "C-3", "csf": "E-3"}, turn=2)
    s.step, s.cache = "declare", None
    s, events = play(s, "no-attack", "to:D-3", "to:C-3", "end", "stop")
    assert s.fleet["1af"] == "C-3" and s.fleet["csf"] == "D-3"          # back to the hex it came from
    assert any(e.rule == "6.1(4)" for e in events)


def test_6_1_4_a_us_fleet_that_did_not_move_picks_an_adjacent_hex():
    s = position({"1af": "C-2", "csf": "D-3"}, turn=2)
    s.step, s.cache = "declare", None
    s, _ = play(s, "no-attack", "end", "to:D-3", "stop")
    assert s.step == "back:csf" and GAME.pause(s).side == "usa"
    s, _ = play(s, ids(s)[0])
    assert s.fleet["csf"] != "D-3" and s.fleet["csf"] in D.neighbours("D-3")


# -- 7.0 search ---------------------------------------------------------------------------------
def test_7_2_example_1_distance_five():
    s = position({"csf": "F-1", "1af": "A-1"})
    c = Ctx(s, D)
    assert D.hex_distance("F-1", "A-1") == 5
    assert search.raw_result(c, "usa", "csf") == 2 and search.result(c, "japan") == 1


def test_7_2_example_2_midway_gives_the_us_the_better_result():
    s = position({"csf": "G-1", "1af": "B-4"})
    c = Ctx(s, D)
    assert D.hex_distance("G-1", "B-4") == 5 and D.hex_distance("B-4", "F-6") == 4
    assert search.result(c, "usa") == 4 and search.result(c, "japan") == 1


def test_7_2_example_3_the_closer_invasion_force_counts():
    s = position({"csf": "F-2", "1af": "B-2", "mif": "C-3"})
    c = Ctx(s, D)
    assert D.hex_distance("F-2", "B-2") == 4 and D.hex_distance("F-2", "C-3") == 3
    assert search.result(c, "usa") == 4 and search.result(c, "japan") == 2


def test_13_0_search_after_the_midway_attack_leaves_japan_no_aop():
    s = position({"csf": "F-4", "1af": "B-4"}, turn=1)
    s.midway_ops = 2
    c = Ctx(s, D)
    assert search.raw_result(c, "usa", "csf") == 3 and search.raw_result(c, "usa", "midway") == 4
    search.search_phase(c)
    assert s.aop == {"usa": 4, "japan": 0}


def test_7_2_results_are_clamped_to_one_through_four():
    s = position({"csf": "I-1", "1af": "A-6"})
    c = Ctx(s, D)
    assert search.result(c, "japan") == 1
    s = position({"csf": "C-2", "1af": "B-2"})
    assert search.result(Ctx(s, D), "usa") == 4


def test_7_2_japan_counts_to_midway_when_no_us_fleet_is_on_the_map():
    s = position({"csf": "exited", "1af": "D-5"})
    c = Ctx(s, D)
    assert search.raw_result(c, "japan", "1af") == 6 - D.hex_distance("D-5", "F-6")


def test_7_1_midway_does_not_search_once_its_airbase_is_destroyed():
    s = position({"csf": "exited", "1af": "D-5"})
    s.damage["midway"] = (1, 2, 3)
    assert search.search_value(Ctx(s, D), "midway") == 0


# -- 8.1 initiative ---------------------------------------------------------------------------------
def initiative_state(j, u):
    s = position({"csf": "F-1", "1af": "A-1"})
    s.aop = {"japan": j, "usa": u}
    s.step, s.cache = "init", None
    return s


def test_8_1_1_die_plus_aop_higher_goes_first():
    s, _ = play(initiative_state(1, 3), (6, 3))      # 7 vs 6
    assert s.op_side == "japan" and s.aop == {"japan": 0, "usa": 3}


def test_8_1_2_a_tie_goes_to_more_aop_and_equal_aop_rolls_again():
    s, _ = play(initiative_state(1, 3), (5, 3))      # 6 vs 6: US has more AOP
    assert s.op_side == "usa"
    s, _ = play(initiative_state(2, 2), (4, 4))
    assert s.step == "init" and s.aop == {"japan": 2, "usa": 2}


def test_8_1_3_a_side_with_no_aop_does_not_roll():
    s = position({"csf": "F-1", "1af": "A-1"})
    c = Ctx(s, D)
    s.aop = {"japan": 0, "usa": 2}
    flow.run(c, flow.next_initiative)
    assert s.op_side == "usa" and s.aop["usa"] == 1


# -- 4.0 victory ------------------------------------------------------------------------------------
def end_state(turn, **kw):
    s = position({"csf": "G-4", "1af": "B-2"}, turn=turn)
    for k, v in kw.items():
        setattr(s, k, v)
    return s


def test_4_1_three_times_as_many_carriers_afloat_wins_at_the_end_of_day_1():
    from kaisen.games.fury_at_midway import victory
    s = end_state(3, sunk=("akagi", "kaga", "soryu"))
    c = Ctx(s, D)
    assert victory.check(c) and s.result[0] == "usa"
    s = end_state(3, sunk=("akagi", "kaga"))
    assert not victory.check(Ctx(s, D))


def test_4_1_losing_every_carrier_loses():
    from kaisen.games.fury_at_midway import victory
    s = end_state(3, sunk=("enterprise", "hornet", "yorktown"))
    assert victory.check(Ctx(s, D)) and s.result[0] == "japan"


def test_4_2_victory_points_at_the_end_of_day_2():
    from kaisen.games.fury_at_midway import victory
    s = end_state(7, sunk=("akagi", "kaga", "yorktown"))          # US 2 + Midway 2 = 4; Japan 1
    assert victory.check(Ctx(s, D)) and s.result == ("usa", 3)
    s = end_state(7, sunk=("akagi", "yorktown", "hornet"), midway_control="japan")   # Japan 2 + 2; US 1
    assert victory.check(Ctx(s, D)) and s.result[0] == "japan"
    s = end_state(7, sunk=("akagi", "kaga"), midway_control="japan")                  # 2 - 2
    assert victory.check(Ctx(s, D)) and s.result == (None, 0)


def test_4_2_leaving_the_map_scores_for_the_enemy():
    from kaisen.games.fury_at_midway import victory
    s = end_state(7, exits=("1af",), midway_control="japan", sunk=("yorktown",))   # Japan 1+2, US 1
    c = Ctx(s, D)
    assert victory.vp(c, "usa")[0] == 1 and victory.vp(c, "japan")[0] == 3


# -- 11.0 the invasion -------------------------------------------------------------------------------
def invasion(mif="E-6", garrison=6, invasion=5):
    from kaisen.games.fury_at_midway import night
    s = position({"csf": "I-1", "1af": "A-1", "mif": mif}, turn=7)
    s.garrison, s.invasion = garrison, invasion
    c = Ctx(s, D)
    flow.run(c, night.invasion_start)
    s.cache = None
    return s


def test_11_0_the_landing_needs_the_invasion_force_next_to_midway():
    assert invasion("D-6").step != "invade:japan"
    assert invasion("E-6").step == "invade:japan"


def test_11_0_alternate_fire_until_a_track_reaches_x():
    s = invasion(garrison=2, invasion=5)
    s, _ = play(s, (5,))                 # 5 <= 5: garrison 1
    assert s.garrison == 1 and s.step == "invade:usa"
    s, _ = play(s, (2,))                 # 2 > 1: miss
    assert s.invasion == 5
    s, _ = play(s, (1,))                 # garrison X: Japan takes Midway
    assert s.garrison == 0 and s.midway_control == "japan"
    assert isinstance(GAME.pause(s), End)


def test_11_0_2_the_garrison_fires_with_its_value_after_the_japanese_fire():
    s = invasion(garrison=3, invasion=1)
    s, _ = play(s, (6,), (3,))           # Japan misses; 3 <= 3 hits: the Invasion Force is destroyed
    assert s.invasion == 0 and s.midway_control == "usa" and s.fleet["mif"] == "gone"


# -- 10.0 the night ---------------------------------------------------------------------------------
def test_10_1_1_fleets_move_twice_as_far_at_night():
    from kaisen.games.fury_at_midway import movement
    s = position({"csf": "G-4", "1af": "B-2"}, turn=4)
    c = Ctx(s, D)
    assert movement.allowance(c, "csf") == 4 and movement.allowance(c, "mif") == 2


def test_10_2_1_no_midway_attack_at_night():
    s = position({"csf": "G-4", "1af": "D-4"}, turn=4)
    assert [o.id for o in flow.declare_options(Ctx(s, D))] == ["no-attack"]


def test_10_1_2_night_sea_battle_hits_are_roll_minus_two_and_minus_four():
    from kaisen.games.fury_at_midway import night
    s = position({"csf": "D-3", "1af": "D-3"}, turn=4)
    c = Ctx(s, D)
    flow.run(c, night.start)
    assert s.step == "battle:csf:1af"
    s.cache = None
    s, _ = play(s, (3, 5))               # 1 hit on the CSF, 1 on the 1AF; Japan places both
    assert s.step == "seahit:csf" and GAME.pause(s).side == "japan"


# -- 5.0 card draws --------------------------------------------------------------------------------
def test_5_0_1_the_us_draws_on_turn_2():
    s = position({"csf": "G-4", "1af": "B-2"}, turn=2)
    c = Ctx(s, D)
    flow.run(c, flow.start_turn)
    assert s.step == "draw:usa"
    p = GAME.pause(s)
    assert isinstance(p, Chance) and len(p.dice) == 1 and p.dice[0] == len(s.deck)


def test_state_copy_keeps_every_field_and_shares_nothing_mutable():
    import random
    rng = random.Random(5)
    s = GAME.new_state()
    for _ in range(300):
        p = GAME.pause(s)
        if isinstance(p, End):
            break
        s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else
                       rng.choice(p.options).id)
        t = s.copy()
        assert GAME.to_json(t) == GAME.to_json(s)
        t.air[next(iter(t.air))] = ("lost", 0)
        t.fleet["csf"] = "gone"
        assert GAME.to_json(t) != GAME.to_json(s)


def test_6_0_a_dmcv_forms_in_the_main_fleet_hex_and_must_leave_it():
    s = position({"1af": "C-3", "csf": "G-3"}, turn=2)
    s.damage["kaga"] = (1, 2)
    s.step, s.cache = "declare", None
    s, _ = play(s, "no-attack", "end")
    assert s.step == "dmcv:japan" and set(ids(s)) == {"dmcv:kaga", "no-dmcv"}
    s, events = play(s, "dmcv:kaga")
    assert s.fleet["ijn-dmcv"] == "C-3" and s.dmcv["japan"] == "kaga"
    assert all(e.private_to == "japan" for e in events if "DMCV" in e.text)
    s, _ = play(s, "stop")                                     # the 1AF stays; the DMCV moves after it
    assert s.step == "jmove:ijn-dmcv" and "stop" not in ids(s)
    s, _ = play(s, "to:B-3")
    s, _ = play(s, "stop")
    assert s.fleet["ijn-dmcv"] == "B-3" and s.shown["ijn-dmcv"] == "B-3"
    assert GAME.view(s, "usa")["fleets"]["ijn-dmcv"] == "B-3"
    assert s.step == "init"                                     # on to search and the air operations
