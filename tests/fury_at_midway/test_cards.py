"""Fury at Midway 12.0 event cards: the windows they are played in, who may play them, their effects with
scripted dice, the cards that cancel others (07 / 06, 04 / 01) and the 13.0 example's card plays."""
from __future__ import annotations

import json
import random

import pytest

from kaisen.engine.core import Chance, Decision, End, IllegalAction
from kaisen.games.fury_at_midway import GAME, air_attack as aa, cards, flow, night
from kaisen.games.fury_at_midway.air_attack import Attack
from kaisen.games.fury_at_midway.common import Ctx
from kaisen.games.fury_at_midway.setup import initial_state
from kaisen.games.fury_at_midway.state import FaMState, StrikeGroup

D = GAME.data


def position(turn=2, japan=(), usa=(), deck=()) -> FaMState:
    """The 13.0 set-up with the 1AF in B-4, the CSF in F-4, the MIF in C-5; hands as given."""
    s = initial_state(D, None)
    s.fleet.update({"1af": "B-4", "csf": "F-4", "mif": "C-5"})
    s.shown.update(s.fleet)
    s.turn = turn
    s.hands = {"japan": tuple(japan), "usa": tuple(usa)}
    s.deck = tuple(deck)
    return s


def run(s: FaMState, fn, *args) -> FaMState:
    """Open a window (or start a procedure) on the state."""
    flow.run(Ctx(s, D), fn, *args)      # the procedure, then what the sequence of play does after it
    s.cache = None
    return s


def play(s: FaMState, *answers) -> FaMState:
    for a in answers:
        back = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
        assert back == s and GAME.pause(back) == GAME.pause(s)
        s = GAME.apply(s, a)
    return s


def ids(s: FaMState) -> list[str]:
    p = GAME.pause(s)
    assert isinstance(p, Decision), p
    return p.ids()


def refused(s: FaMState, answer, rule: str) -> None:
    before = json.dumps(GAME.to_json(s), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, answer)
    assert err.value.rule == rule
    assert json.dumps(GAME.to_json(s), sort_keys=True) == before


def text(s: FaMState) -> str:
    return " | ".join(e.text for e in s.last_events)


def strike(s: FaMState, gid: str, units: tuple[str, ...], flights=2, midway_strike=False) -> str:
    side = D.aircraft[D.squadrons[units[0]].type].side
    for q in units:
        s.air[q] = ("sg:" + gid, D.aircraft[D.squadrons[q].type].steps)
    hex_ = "B-4" if side == "usa" else "F-6"
    s.groups[gid] = StrikeGroup(gid, side, hex_, tuple(units), "csf" if side == "usa" else "1af", "F-4",
                                flights=flights, midway_strike=midway_strike)
    return gid


# -- the windows of the sequence of play and who may play ----------------------------------------------
def test_5_0_1_card_05_naval_bombardment_on_turn_4_halves_the_roll():
    s = run(position(turn=4, japan=(5, 9)), cards.card_draw_phase)
    assert s.step == "cwin:draw:japan:0" and ids(s) == ["play:05", "pass"]
    assert GAME.pause(s).side == "japan"
    s = play(s, "play:05")
    assert isinstance(GAME.pause(s), Chance) and s.hands["japan"] == (9,) and s.played == (5,)
    s = play(s, (5,))
    assert s.garrison == 4 and "Naval Bombardment rolls 5" in text(s)
    assert not s.step.startswith("cwin")               # the window closed: the turn goes on


def test_12_0_card_05_never_takes_the_garrison_below_2():
    s = position(turn=7, japan=(5,))
    s.garrison = 3
    s = play(run(s, cards.card_draw_phase), "play:05", (6,))
    assert s.garrison == 2


def test_12_0_card_05_refused_outside_turns_4_and_7_state_unchanged():
    s = run(position(turn=3, japan=(5,)), cards.card_draw_phase)
    # Japan holds a Card Draw Phase card, so the window pauses (hiding whether it could play), but 05 is out
    assert s.step == "cwin:draw:japan:0" and ids(s) == ["pass"]
    refused(s, "play:05", "12.0")
    s = play(s, "pass")
    assert s.hands["japan"] == (5,) and s.garrison == 6 and not s.step.startswith("cwin")


def test_12_0_a_side_holding_no_card_of_the_timing_passes_without_a_pause():
    s = run(position(turn=3, japan=(9, 10, 11), usa=(13,)), cards.card_draw_phase)
    assert not s.step.startswith("cwin")
    s = position(turn=2, japan=(6,))
    s.op_side = "japan"
    s = run(s, cards.op_end_window)          # 10 only ends a US operation, and Japan does not hold it anyway
    assert not s.step.startswith("cwin:opend")


def test_12_0_card_06_high_speed_reconnaissance_day_turns_only():
    s = play(run(position(turn=2, japan=(6,)), cards.card_draw_phase), "play:06")
    assert s.search_value == {"1af": 8} and 6 in s.active and s.played == (6,)
    from kaisen.games.fury_at_midway import search
    assert search.search_value(Ctx(s, D), "1af") == 8
    s = run(position(turn=4, japan=(6,)), cards.card_draw_phase)
    assert ids(s) == ["pass"]
    refused(s, "play:06", "12.0")


def test_5_0_1_a_card_just_drawn_may_be_played_at_once():
    s = run(position(turn=3, deck=(6,)), cards.card_draw_phase)
    assert s.step == "draw:japan"
    s = play(s, (1,))
    assert s.hands["japan"] == (6,) and s.step == "cwin:draw:japan:0" and "play:06" in ids(s)


def test_12_0_a_wrong_side_draw_is_kept_out_of_play():
    s = run(position(turn=2, deck=(5,)), cards.card_draw_phase)
    assert s.step == "draw:usa"
    s = play(s, (1,))
    assert s.dead["usa"] == (5,) and s.hands["usa"] == () and s.deck == ()
    assert not s.step.startswith("cwin")              # nobody holds 05: no window


def test_12_0_card_07_cancels_06():
    s = play(run(position(turn=2, japan=(6,), usa=(7,)), cards.card_draw_phase), "play:06")
    assert s.search_value["1af"] == 8
    s.step, s.cache = "", None
    s = run(s, cards.search_window)
    assert s.step == "cwin:search:usa:0" and ids(s) == ["play:07", "pass"]
    s = play(s, "play:07")
    assert isinstance(GAME.pause(s), Chance)
    s = play(s, (3,))
    assert s.search_value["1af"] == 3 and 6 not in s.active and s.played == (6, 7)
    assert "cancels 06 High Speed Reconnaissance" in text(s)
    # the search is worked out after the card: 3 less 4 hexes to the CSF gives the minimum, 1 AOP
    assert s.aop["japan"] == 1


def test_7_0_without_07_the_search_uses_the_06_value():
    s = play(run(position(turn=2, japan=(6,), usa=(7,)), cards.card_draw_phase), "play:06")
    s.step, s.cache = "", None
    s = play(run(s, cards.search_window), "pass")
    assert s.aop["japan"] == 4 and s.hands["usa"] == (7,)


def test_11_0_card_08_semper_fi_raises_the_garrison_and_fires_first():
    s = position(turn=7, usa=(8,))
    s.fleet["mif"] = "E-6"
    s.garrison = 4
    s = run(s, night.invasion_start)
    assert s.step == "cwin:land:usa:0" and ids(s) == ["play:08", "pass"]
    s = play(s, "play:08")
    assert s.garrison == 5 and s.step == "invade:usa"
    s = play(s, (5,))                                  # the Garrison fires first: 5 <= 5 hits
    assert s.invasion == 4 and s.step == "invade:japan"


def test_11_0_card_08_at_garrison_6_only_fires_first():
    s = position(turn=7, usa=(8,))
    s.fleet["mif"] = "E-6"
    s = play(run(s, night.invasion_start), "play:08")
    assert s.garrison == 6 and s.step == "invade:usa"
    s = play(run(position(turn=7, usa=()), lambda c: (c.s.fleet.update(mif="E-6"), night.invasion_start(c))))
    assert s.step == "invade:japan"


def test_12_0_card_10_ditch_after_a_us_operation_the_us_chooses():
    s = position(turn=2, japan=(10,))
    s.op_side = "usa"
    s.air["hornet-sbd-1"] = ("ret1:tf16", 2)
    s.air["yorktown-tbd"] = ("ret2:tf17", 2)
    s.air["midway-sbd"] = ("ret1:midway", 2)
    s = run(s, cards.op_end_window)
    assert s.step == "cwin:opend:japan:0" and ids(s) == ["play:10", "pass"]
    s = play(s, "play:10")
    p = GAME.pause(s)
    assert p.side == "usa" and p.ids() == ["ditch:hornet-sbd-1", "ditch:yorktown-tbd"]   # not Midway's
    s = play(s, "ditch:yorktown-tbd")
    assert s.air["yorktown-tbd"] == ("ret2:tf17", 1) and s.played == (10,)


def test_12_0_card_10_is_offered_whatever_the_hidden_us_return_boxes_hold_and_spent_for_nothing_when_empty():
    """No side channel: the offer may not tell Japan whether a US unit sits in a carrier Return box (the US
    display is hidden from it); played on empty boxes, the card is spent and the window goes on."""
    s = position(turn=2, japan=(10,))
    s.op_side = "usa"
    s.air["midway-sbd"] = ("ret1:midway", 2)          # Midway's Return box does not count for 10
    s = run(s, cards.op_end_window)
    assert s.step == "cwin:opend:japan:0" and ids(s) == ["play:10", "pass"]
    before = {q: v for q, v in s.air.items()}
    s = play(s, "play:10")
    assert s.played == (10,) and 10 not in s.hands["japan"] and dict(s.air) == before
    assert any("no effect" in e.text for e in GAME.events(s))
    assert not GAME.pause(s).side == "usa" or GAME.pause(s).kind != "ditch-unit"


def test_12_0_card_10_not_after_a_japanese_operation():
    s = position(turn=2, japan=(10,))
    s.op_side = "japan"
    s.air["hornet-sbd-1"] = ("ret1:tf16", 2)
    s = run(s, cards.op_end_window)
    assert not s.step.startswith("cwin")


# -- the end of the turn: 01-04 ------------------------------------------------------------------------
def test_12_0_card_02_damage_control_us_removes_a_marker():
    s = position(usa=(2,))
    s.damage["yorktown"] = (1,)
    s = run(s, cards.end_of_turn_window)
    assert s.step == "cwin:end:usa:1" and ids(s) == ["play:02", "pass"]
    s = play(s, "play:02")
    assert "yorktown" not in s.damage and "repaired" in text(s)


def test_12_0_card_02_damage_control_japan_rolls_1_to_3():
    s = position(japan=(2,))
    s.damage["akagi"] = (1, 2)
    s = play(run(s, cards.end_of_turn_window), "play:02")
    assert ids(s) == ["repair:akagi:1", "repair:akagi:2"]
    failed = play(s, "repair:akagi:2", (4,))
    assert failed.damage["akagi"] == (1, 2) and failed.played == (2,)
    s = play(s, "repair:akagi:2", (3,))
    assert s.damage["akagi"] == (1,)


def test_6_0_card_02_never_repairs_a_carrier_in_a_dmcv():
    s = position(usa=(2,))
    s.damage["yorktown"] = (1, 2)
    s.dmcv["usa"] = "yorktown"
    s = run(s, cards.end_of_turn_window)
    assert ids(s) == ["pass"]
    refused(s, "play:02", "12.0")


def test_12_0_card_03_air_replacements_flip_or_rebuild_never_midway():
    s = position(usa=(3,))
    s.air["hornet-sbd-1"] = ("hangar:hornet", 1)
    s.air["yorktown-tbd"] = ("lost", 0)
    s.air["midway-sbd"] = ("hangar:midway", 1)
    s = play(run(s, cards.end_of_turn_window), "play:03")
    opts = ids(s)
    assert "restore:hornet-sbd-1" in opts and "rebuild:yorktown-tbd:yorktown" in opts
    assert not any("midway" in o for o in opts)
    back = play(s, "restore:hornet-sbd-1")
    assert back.air["hornet-sbd-1"] == ("hangar:hornet", 2)
    s = play(s, "rebuild:yorktown-tbd:enterprise")
    assert s.air["yorktown-tbd"] == ("hangar:enterprise", 1)


def test_12_0_card_04_submarine_japan_hits_on_1_to_4_us_on_1():
    s = position(japan=(4,))
    s = play(run(s, cards.end_of_turn_window), "play:04")
    assert ids(s) == ["sub:enterprise", "sub:hornet", "sub:yorktown"]
    s = play(s, "sub:hornet", (4,))
    assert isinstance(GAME.pause(s), Chance)           # the hit needs its location die
    s = play(s, (5,))
    assert s.damage["hornet"] == (2,)
    s = position(usa=(4,))
    s = play(run(s, cards.end_of_turn_window), "play:04", "sub:kaga", (2,))
    assert "kaga" not in s.damage and "a miss" in text(s)


def test_12_0_card_01_tows_a_sunk_carrier_clear_of_the_vp():
    from kaisen.games.fury_at_midway import victory
    s = position(usa=(1,))
    s.sunk = ("yorktown",)
    s = play(run(s, cards.end_of_turn_window), "play:01")
    assert s.towed == ("yorktown",) and victory.sunk_count(Ctx(s, D), "usa") == 0


def test_12_0_card_04_cancels_01():
    s = position(japan=(4,), usa=(1,))
    s.sunk = ("yorktown",)
    s = run(s, cards.end_of_turn_window)
    assert s.step == "cwin:end:japan:0"
    s = play(s, "pass")                                # Japan keeps its submarine for now
    assert s.step == "cwin:end:usa:1"
    s = play(s, "play:01")
    p = GAME.pause(s)
    assert p.side == "japan" and p.ids() == ["play:04", "pass"]
    s = play(s, "play:04")
    assert s.towed == () and s.sunk == ("yorktown",) and s.played == (1, 4)
    assert "04 Submarine cancels 01 Towed to a Friendly Port" in text(s)
    assert s.hands == {"japan": (), "usa": ()}


def test_12_0_end_of_turn_window_alternates_until_both_pass():
    s = position(japan=(4,), usa=(2, 3))
    s.damage["yorktown"] = (1,)
    s.air["hornet-sbd-1"] = ("hangar:hornet", 1)
    s = play(run(s, cards.end_of_turn_window), "pass", "play:02")
    assert s.step == "cwin:end:usa:0"                  # the US may play another card
    s = play(s, "play:03")                             # one unit to replace: no choice to make
    assert s.step == "cwin:end:japan:1"                # the US holds nothing more: Japan again
    s = play(s, "pass")
    assert not s.step.startswith("cwin") and s.turn == 3


# -- the 13.0 example's cards in air attacks -------------------------------------------------------------
def test_13_0_elite_pilots_against_the_midway_cap_escorts_fire_first_at_1_to_4():
    s = position(turn=1, japan=(12,))
    gid = strike(s, "J1", ("akagi-a6m-1", "kaga-a6m-1", "akagi-d3a", "akagi-b5n"), flights=1, midway_strike=True)
    s = run(s, aa.start, gid, "midway")
    s = play(s, "intercept:midway-f2a", "intercept:midway-f4f")
    assert s.attack.stage == "k-fight" and ids(s) == ["play:12", "pass"]
    s = play(s, "play:12")
    assert s.attack.stage == "escort" and s.attack.order == aa.ESCORTS_FIRST
    p = GAME.pause(s)
    assert isinstance(p, Chance) and len(p.dice) == 4 and all("hits on 1-4" in x for x in p.labels)
    s = play(s, (1, 2, 4, 5))                          # three hits: the F2A's two steps and the F4F
    assert s.air["midway-f2a"] == ("lost", 0) and s.air["midway-f4f"] == ("lost", 0)
    assert "CAP fire" not in text(s)                   # no return fire
    p = GAME.pause(s)
    assert isinstance(p, Chance) and "anti-aircraft" in p.reason and len(p.dice) == 3


def test_13_0_us_strike_lost_two_steps_and_survivors_to_return():
    s = position(turn=1, japan=(11,))
    gid = strike(s, "U1", ("yorktown-f4f-2", "yorktown-sbd-1"))
    s = run(s, aa.start, gid, "1af")
    s = play(s, "aim:cardiv1", (3,))                   # on target
    assert s.attack.stage == "k-aim" and ids(s) == ["play:11", "pass"]
    s = play(s, "play:11")
    p = GAME.pause(s)
    assert p.side == "usa" and p.ids() == ["hit:yorktown-f4f-2", "hit:yorktown-sbd-1"]
    s = play(s, "hit:yorktown-sbd-1", "hit:yorktown-sbd-1")
    assert s.air["yorktown-sbd-1"] == ("lost", 0) and s.attack is None
    if s.step.startswith("ret:"):                      # 9.5: the US may pick the Return box's group
        s = play(s, "to:tf17")
    assert s.air["yorktown-f4f-2"] == ("ret2:tf17", 2) and s.step == "op"


def test_13_0_escort_separated_then_the_a6m_hits_the_lone_sbd_at_1_to_4():
    s = position(turn=1, japan=(9,))
    s.air["hiryu-a6m-1"] = ("hangar:hiryu", 2)         # one A6M in cardiv2's CAP
    gid = strike(s, "U2", ("hornet-f4f-2", "hornet-sbd-1"))
    s = run(s, aa.start, gid, "1af")
    s = play(s, "aim:cardiv1", (6,))                   # a 6: the strike finds the 2nd carrier division
    assert s.attack.group == "cardiv2" and s.attack.stage == "k-icpt" and ids(s) == ["play:09", "pass"]
    s = play(s, "play:09")
    assert s.air["hornet-f4f-2"] == ("ret2:tf16", 2) and s.groups["U2"].units == ("hornet-sbd-1",)
    s = play(s, "intercept:soryu-a6m-1")
    p = GAME.pause(s)
    assert isinstance(p, Chance) and len(p.dice) == 2 and all("hits on 1-4" in x for x in p.labels)
    s = play(s, (2, 4))
    assert s.air["hornet-sbd-1"] == ("lost", 0) and s.step == "op"


def test_12_0_escort_separated_japan_picks_among_fighters_and_elite_pilots_may_follow():
    s = position(turn=1, japan=(9, 12))
    gid = strike(s, "U3", ("hornet-f4f-2", "yorktown-f4f-2", "hornet-sbd-1"))
    s = run(s, aa.start, gid, "1af")
    s = play(s, "aim:cardiv2", (1,))
    assert ids(s) == ["play:09", "play:12", "pass"]
    s = play(s, "play:09")
    assert ids(s) == ["sep:hornet-f4f-2", "sep:yorktown-f4f-2"]
    s = play(s, "sep:yorktown-f4f-2")
    assert s.air["yorktown-f4f-2"] == ("ret2:tf17", 2) and s.attack.stage == "k-icpt"
    assert ids(s) == ["play:12", "pass"]
    s = play(s, "play:12")
    assert s.attack.bonus == {"japan": 1}
    s = play(s, "intercept:soryu-a6m-1", "no-more")
    p = GAME.pause(s)                                  # escorted: A6M 3 + Elite Pilots 1
    assert all("hits on 1-4" in x for x in p.labels)


def test_13_0_critical_hit_adds_a_hit_akagi_and_kaga_both_sink():
    s = position(turn=1, usa=(13,))
    gid = strike(s, "U4", ("hornet-sbd-1", "yorktown-sbd-1", "enterprise-sbd-1"))
    s.attack = Attack(gid, "usa", "1af", "cardiv1", "cardiv1", "bomb",
                      assign={"hornet-sbd-1": "akagi", "yorktown-sbd-1": "akagi", "enterprise-sbd-1": "kaga"})
    s.step = "atk"
    s = play(s, (1, 1, 1, 6, 1, 1))                    # five hits: three on Akagi, two on Kaga
    assert s.attack.stage == "k-bomb" and ids(s) == ["play:13", "pass"]
    s = play(s, "play:13")
    assert ids(s) == ["crit:akagi", "crit:kaga"]
    s = play(s, "crit:kaga")
    while isinstance(GAME.pause(s), Chance):
        s = play(s, (1,))
    assert set(s.sunk) == {"akagi", "kaga"}


def test_12_0_critical_hit_window_only_when_a_japanese_carrier_is_hit():
    s = position(turn=1, usa=(13,))
    gid = strike(s, "U5", ("hornet-sbd-1",))
    s.attack = Attack(gid, "usa", "1af", "cardiv1", "cardiv1", "bomb", assign={"hornet-sbd-1": "akagi"})
    s.step = "atk"
    s = play(s, (6, 6))
    assert s.attack is None and s.hands["usa"] == (13,)


def test_12_0_critical_hit_single_target_and_pass_keeps_the_card():
    s = position(turn=1, usa=(13,))
    gid = strike(s, "U6", ("hornet-sbd-1",))
    s.attack = Attack(gid, "usa", "1af", "cardiv1", "cardiv1", "bomb", assign={"hornet-sbd-1": "akagi"})
    s.step = "atk"
    s = play(s, (1, 6))
    passed = play(s, "pass", (2,))
    assert passed.damage["akagi"] == (1,) and passed.hands["usa"] == (13,)
    s = play(s, "play:13", (2,))
    assert s.damage["akagi"] == (1, 2) and s.played == (13,)


def test_12_0_attack_cards_refused_outside_their_window():
    s = position(turn=1, japan=(11,))
    gid = strike(s, "U7", ("hornet-f4f-2", "hornet-sbd-1"))
    s = run(s, aa.start, gid, "1af")
    refused(s, "play:11", "9.1")                       # not before the target is determined
    s = play(s, "aim:cardiv1", (1,))
    s = play(s, "pass")
    assert s.attack is None or s.attack.stage != "k-aim"
    assert s.hands["japan"] == (11,)


# -- random play ---------------------------------------------------------------------------------------
def test_12_0_random_games_play_cards_and_end():
    seen: set[int] = set()
    for seed in range(12):
        rng = random.Random(seed)
        s = GAME.new_state()
        while not isinstance(p := GAME.pause(s), End):
            s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance)
                           else rng.choice(p.options).id)
        seen |= set(s.played)
        for side in ("japan", "usa"):
            assert not set(s.hands[side]) & set(s.played)
    assert len(seen) >= 8
