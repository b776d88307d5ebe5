"""D.1 Event, D.2 Initiative, D.3 Movement, C detaching, D.8 Disengage: each rule through the flow with scripted
dice, from a situation built on the range bands."""
from __future__ import annotations

import pytest

from kaisen.engine.core import Decision
from kaisen.games.nights_of_fury import GAME

from .helpers import (D, OPTIONAL, PLAIN, ids, is_chance, is_decision, options, play, public_texts, refused,
                      situation, texts)


# -- D.1 Event Phase --------------------------------------------------------------------------------------

def test_d1_each_side_rolls_d66_once_a_turn_and_an_event_strikes_one_random_ship():
    s = GAME.new_state("cape-esperance", PLAIN)
    assert is_chance(s, "event").dice == (6, 6)
    s, ev = play(s, (1, 2))                                 # 12: one structure point
    p = is_chance(s, "event-ship")
    assert p.dice == (8,)                                   # one of the eight USN ships, at random
    s, ev2 = play(s, (3,))                                  # the third: Boise (Division 1, ship #3)
    assert s.ships["boise"].structure == 1
    assert "The event strikes Boise" in texts(ev2, "usn") and "The event strikes Boise" not in texts(ev2, "ijn")
    assert "USN Division 1 ship #3 takes 1 structure and 0 flotation damage (now 1 and 0)" in public_texts(ev2)
    assert is_chance(s, "event").reason.startswith("IJN rolls D66")     # then the other side, once
    s, _ = play(s, (1, 5))
    assert s.step == "initiative"


def test_d1_a_quick_report_adds_one_to_the_sides_initiative_roll():
    """Event 42 (designed Random Event Table): +1 to the side's initiative roll this turn."""
    s, _ = play(GAME.new_state("cape-esperance", PLAIN), (4, 2), (1,), (1, 5))
    assert is_chance(s, "initiative").reason == "Initiative: USN rolls + 2, IJN rolls + 0"
    s, ev = play(s, (3, 5))
    assert texts(ev)[0] == "Initiative: USN 3 -> 5, IJN 5 -> 5: a tie, roll again"


def test_d1_steering_jams_hold_the_ships_division_this_turn():
    """Event 22 (designed): the ship cannot move this turn, so neither can the division it sails with."""
    s, _ = play(GAME.new_state("cape-esperance", PLAIN), (2, 2), (1,), (1, 5), (6, 1), "move-first")
    p = is_decision(s, "move-division")
    assert p.option("hold") and not any(i.startswith("band:") for i in p.ids())      # Division 1: San Francisco
    s, _ = play(s, "hold", "steady")
    assert {"band:2", "band:4"} <= set(ids(s))                                        # Division 2 moves


# -- D.2 Initiative Phase -----------------------------------------------------------------------------------

@pytest.mark.parametrize("seer", ["usn", "ijn"])
def test_d2_a_side_that_detected_without_being_detected_has_the_initiative_without_a_roll(seer):
    blind = "ijn" if seer == "usn" else "usn"
    s = situation(phase="initiative", detected={f"{seer}>{blind}-1": 1})
    assert s.initiative == seer and s.step == "order"
    assert is_decision(s, "movement-order").side == seer
    assert texts(GAME.events(s))[0].endswith(f"{seer.upper()} has the initiative")


def test_d2_when_both_or_neither_detected_each_side_rolls_die_plus_cohesion_and_surprise():
    for detected in ({}, {"usn>ijn-1": 1, "ijn>usn-2": 2}):
        s = situation(phase="initiative", detected=detected)
        assert is_chance(s, "initiative").reason == "Initiative: USN rolls + 1, IJN rolls + 0"   # Scott, Goto
    # Savo Island: Mikawa's surprise +2 on the first turn
    s = situation("savo-island", phase="initiative")
    mikawa = D.commanders["mikawa"].cohesion
    riefkohl = D.commanders["riefkohl"].cohesion
    assert is_chance(s, "initiative").reason == (f"Initiative: IJN rolls + {mikawa + 2}, USN rolls "
                                                  f"{'+' if riefkohl >= 0 else '-'} {abs(riefkohl)}")


def test_d2_ties_are_rolled_again():
    s = situation(phase="initiative")
    s, ev = play(s, (3, 4))                                 # 3 + 1 = 4 against 4 + 0 = 4
    assert texts(ev) == ["Initiative: USN 3 -> 4, IJN 4 -> 4: a tie, roll again"]
    assert is_chance(s, "initiative") and s.initiative == "usn" or s.step == "initiative"
    s, ev = play(s, (1, 4))
    assert texts(ev)[0] == "Initiative: USN 1 -> 2, IJN 4 -> 4: IJN wins" and s.initiative == "ijn"


# -- D.3 Movement Phase -------------------------------------------------------------------------------------

@pytest.mark.parametrize("order,first", [("move-first", "usn"), ("move-second", "ijn")])
def test_d3_the_initiative_winner_moves_before_or_after_the_enemy(order, first):
    s = situation(phase="movement")
    assert is_decision(s, "movement-order").side == "usn"
    s, _ = play(s, order)
    p = is_decision(s, "move-division")
    assert p.side == first and s.first_mover == first


def test_d3_the_movement_table_reads_the_slowest_ship_of_the_division():
    """Two flotation points take Boise from Speed 5 to 3; a speed-3 division moves on turns 1, 2 and 4 of every
    five (designed table), so on turn 3 Division 1 may not move while Division 2 (speed 5) may."""
    assert [D.may_move(3, t) for t in range(1, 7)] == [True, True, False, True, False, True]
    assert all(D.may_move(5, t) for t in range(1, 11)) and not D.may_move(0, 1)
    s = situation(phase="movement", turn=3, damage={"boise": (0, 2)})
    s, _ = play(s, "move-first")
    p = is_decision(s, "move-division")
    assert "speed 3" in p.prompt and not any(i.startswith("band:") for i in p.ids())
    s, _ = play(s, "hold", "steady")
    assert {"band:2", "band:4"} <= set(ids(s))
    s = situation(phase="movement", turn=4, damage={"boise": (0, 2)})
    s, _ = play(s, "move-first")
    assert {"band:2", "band:4"} <= set(ids(s))


def test_d3_a_division_moves_a_band_or_changes_formation_not_both(monkeypatch):
    """One answer per division: a band, or a formation (the designed data has no formation markers, so the
    rule is shown with two), never both; the division is not asked again this turn."""
    monkeypatch.setattr(D, "formations", ("column", "line"))
    s, _ = play(situation(phase="movement"), "move-first")
    opts = ids(s)
    assert "band:4" in opts and "formation:line" in opts and "formation:column" not in opts
    t, _ = play(s, "formation:line", "steady")
    assert t.divisions["usn-1"].formation == "line" and t.divisions["usn-1"].band == 3
    assert t.step == "move:usn-2"
    t, _ = play(s, "band:4", "steady")
    assert t.divisions["usn-1"].formation == "column" and t.divisions["usn-1"].band == 4
    assert t.step == "move:usn-2"


def test_d3_evasive_manoeuvres_and_smoke_only_for_a_disengaging_division():
    s, _ = play(situation(phase="movement", opts=options(smokescreens=True)), "move-first", "band:4")
    assert ids(s) == ["steady", "evasive"]                  # K: smoke only when trying to disengage
    s, _ = play(s, "evasive")
    assert s.divisions["usn-1"].evasive
    s = situation(phase="movement", opts=options(smokescreens=True), bands={"usn-1": 1})
    s, _ = play(s, "move-first", "hold")
    assert ids(s) == ["steady", "evasive", "smoke", "evasive+smoke"]


# -- C Detaching --------------------------------------------------------------------------------------------

def test_c_a_division_detaches_only_to_disengage_to_pursue_or_for_a_torpedo_attack():
    s, _ = play(situation(phase="movement"), "move-first")
    verbs = {o.fields["purpose"] for o in GAME.pause(s).options if o.fields["verb"] == "detach"}
    assert verbs == {"disengage"}                           # cruisers without torpedoes, nobody to pursue
    s, _ = play(s, "hold", "steady")
    verbs = {o.fields["purpose"] for o in GAME.pause(s).options if o.fields["verb"] == "detach"}
    assert verbs == {"disengage", "torpedo"}                # destroyers with torpedoes
    # pursuit only while an enemy division or ship tries to disengage
    s = situation(phase="movement")
    s = s.copy()
    s.divisions["ijn-2"] = s.divisions["ijn-2"]._replace(disengaging=True)
    s.cache = None
    s, _ = play(s, "move-first")
    assert "detach:boise:pursue" in ids(s)


def test_c_a_ship_detached_to_disengage_heads_for_its_edge_for_good():
    s, _ = play(situation(phase="movement"), "move-first")
    s, ev = play(s, "detach:boise:disengage-1")
    mine = [v for v in s.divisions.values() if v.ships == ("boise",)]
    assert len(mine) == 1 and mine[0].detached == "disengage" and mine[0].heading == 1
    assert "boise" not in s.divisions["usn-1"].ships
    assert any("Boise" in t and "toward range band 1" in t for t in texts(ev, "usn"))
    assert not any("Boise" in t for t in texts(ev, "ijn"))
    s, _ = play(s, "band:4", "steady")                      # the rest of Division 1 closes the enemy
    p = is_decision(s, "move-division")
    assert p.option("band:2") and set(p.ids()) == {"band:2"}   # toward band 1 only, no holding back
    s, _ = play(s, "band:2", "steady")
    assert mine[0].id in s.divisions and s.divisions[mine[0].id].band == 2


def test_c_d8_a_detached_disengaging_ship_at_its_edge_tries_to_leave_without_being_asked():
    s = situation(phase="movement")
    s, _ = play(s, "move-first", "detach:boise:disengage-1", "hold", "steady")
    did = s.ships["boise"].division
    s = s.copy()
    s.divisions[did] = s.divisions[did]._replace(band=1)
    s.cache = None
    from .helpers import at_phase
    t = at_phase(s, "disengage")
    assert is_chance(t, "leave-roll")                       # no "stay" answer for her
    assert "stay" not in str(GAME.pause(t))


# -- D.8 Disengage Phase ------------------------------------------------------------------------------------

@pytest.mark.parametrize("band", [1, 10])
def test_d8_a_division_at_band_1_or_10_may_try_to_disengage(band):
    s = situation(phase="disengage", bands={"usn-2": band})
    p = is_decision(s, "disengage")
    assert p.side == "usn" and set(p.ids()) == {"disengage", "stay"}
    s, _ = play(s, "disengage")
    # speed 5 leaves on 3+; night +1 (designed Disengagement Table)
    p = is_chance(s, "leave-roll")
    assert "leaves on 3+" in p.reason and "night +1" in p.reason
    s, ev = play(s, (2,), (1,), (6,), (5,))
    assert [s.ships[q].status for q in ("farenholt", "duncan", "laffey", "buchanan")] == [
        "disengaged", "afloat", "disengaged", "disengaged"]
    assert s.ships["farenholt"].left_at == band
    assert "USN Division 2 ship #1 rolls 2 (3): disengaged, out of the battle" in texts(ev)


def test_d8_no_division_elsewhere_is_asked():
    s = situation(phase="disengage", bands={"usn-2": 2, "ijn-1": 9})
    assert s.phase != "disengage"                           # straight on to the next turn
    assert s.turn == 2 and s.step.startswith("event")


def test_d8_stay_keeps_the_division_in_the_battle():
    s = situation(phase="disengage", bands={"usn-2": 1})
    s, _ = play(s, "stay")
    assert all(s.ships[q].status == "afloat" for q in s.divisions["usn-2"].ships) and s.turn == 2


def test_refused_answers_name_the_rule_and_change_nothing():
    s = situation(phase="movement")
    refused(s, "band:4", "D.3")
    refused(s, (3,), "D.3")
    s, _ = play(s, "move-first")
    refused(s, "band:9", "D.3")
    assert isinstance(GAME.pause(s), Decision)


def test_c_a_ship_forced_out_of_her_division_is_narrated():
    """Event 44 (lost touch) detaches the ship struck; the narration is made when read (it failed for 'damage')."""
    s, ev = play(GAME.new_state("cape-esperance", PLAIN), (4, 4), (3,))
    assert s.divisions[s.ships["boise"].division].detached == "damage"
    assert "USN Boise leaves Division 1 and sails on alone (damage or lost touch)" in texts(ev, "usn")
    assert "USN Division 1: a ship sails away on its own" in texts(ev, "ijn")
