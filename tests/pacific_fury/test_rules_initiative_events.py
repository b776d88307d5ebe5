"""Rules 5 (sequence of play), 6 (Initiative Phase) and 7 (Event Phase), checked through the engine contract."""
from __future__ import annotations

import pytest

from kaisen.engine.core import Chance, Decision
from kaisen.games.pacific_fury import GAME

from .helpers import RESERVE, D, ids, play, position, quiet_turn, refused, turn_start


# -- 5.0 sequence of play ------------------------------------------------------------------------
def test_5_0_turn_1_has_no_event_phase_and_the_non_initiative_side_forms_first():
    """Turn 1 goes straight from the Initiative Phase to forming task forces, Japan (non-initiative) first."""
    s = GAME.new_state()
    assert s.phase == "task-force" and s.event_rolls == 0
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.side == "japan" and p.rule == "8.2"
    s, _ = play(s, "done")
    assert GAME.pause(s).side == "usa" and s.phase == "task-force"
    s, _ = play(s, "done")
    assert s.phase == "operations" and GAME.pause(s).side == "usa"


def test_5_0_later_turns_open_with_the_event_roll():
    """From turn 2 on, the Event Phase comes between the Initiative Phase and the Task Force Phase."""
    s, events = quiet_turn(GAME.new_state())
    assert s.turn == 2 and s.phase == "event"
    p = GAME.pause(s)
    assert isinstance(p, Chance) and p.dice == (6,) and p.rule == "7.0"
    kinds = [e.kind for e in events]
    assert kinds.index("turn") < kinds.index("transports")        # initiative first, then the Transports


def test_5_0_operations_alternate_initiative_side_first_then_return_phase():
    """The initiative side operates first, then the sides alternate until each has had seven."""
    s, _ = play(GAME.new_state(), "done", "done")
    order = []
    while s.turn == 1:
        order.append(GAME.pause(s).side)
        s, _ = play(s, "pass")
    assert order == ["usa", "japan"] * 7
    assert s.turn == 2


# -- 6.0 / 6.1 initiative ------------------------------------------------------------------------
def test_6_0_initiative_does_not_change_during_the_turn_when_the_marker_crosses():
    """A landing may move the marker to the other side mid-turn; the initiative stays put until next turn."""
    s = position([("J1", ["j-transports-1", "j-transports-2", "kongo"], "eastern-solomons", None),
                  ("U1", ["portland"], None, 1)], phasing="japan", hf=False)
    s, _ = play(s, "move:J1:ironbottom")                 # two Transports land: US 1 -> Japan 1
    assert s.marker == -1 and s.initiative == "usa"
    assert "sortie:U1:ironbottom" in ids(s)              # the US keeps the initiative's sortie exception
    s.ops = {"usa": 6, "japan": 7}
    s.cache = None
    s, _ = play(s, "pass")                               # the turn ends with Henderson disrupted: no shift
    assert s.turn == 2 and s.initiative == "japan"


@pytest.mark.parametrize("marker,side", [(1, "usa"), (4, "usa"), (0, "usa"), (-1, "japan"), (-3, "japan")])
def test_6_1_the_side_whose_box_holds_the_marker_has_the_initiative_us_on_zero(marker, side):
    """A marker in a side's +1 box or beyond gives it the initiative; in the 0 box the US has it."""
    s, events = turn_start(2, marker)
    assert s.initiative == side
    assert any(e.kind == "turn" and e.rule == "6.1" for e in events)


# -- 6.2 Henderson Field -------------------------------------------------------------------------
@pytest.mark.parametrize("initiative", ["usa", "japan"])
def test_6_2_henderson_field_belongs_to_the_initiative_side_only_the_other_may_strike_it(initiative):
    """Only the side without the initiative may make Henderson Field the target of an air strike."""
    marker = 1 if initiative == "usa" else -1
    tfs = [("J1", ["shokaku", "tone"], "eastern-solomons", None), ("U1", ["enterprise", "portland"], "south-pacific", None)]
    for phasing in ("usa", "japan"):
        s = position(tfs, initiative=initiative, phasing=phasing, marker=marker)
        tid = "U1" if phasing == "usa" else "J1"
        assert (f"strike:{tid}:henderson" in ids(s)) == (phasing != initiative)
    s = position(tfs, initiative=initiative, phasing=initiative, marker=marker)
    tid = "U1" if initiative == "usa" else "J1"
    refused(s, f"strike:{tid}:henderson", "6.2")


def test_6_2_a_disrupted_henderson_field_offers_no_target():
    """Once Henderson Field is disrupted, it cannot be struck again this turn."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None)], phasing="japan", hf=False)
    assert "strike:J1:henderson" not in ids(s)
    assert GAME.view(s, "usa")["henderson"] == "disrupted"


def test_6_2_henderson_field_never_conducts_an_operation():
    """Only task forces operate: with none on the map or waiting, a side can only pass."""
    s = position(phasing="usa")
    assert ids(s) == ["pass"]


def test_6_2_henderson_field_starts_every_turn_operational():
    """Whatever happened to it, Henderson Field is operational again at the start of the next turn."""
    s, _ = turn_start(2, 1, hf_at_end=False)
    assert s.hf_operational and GAME.view(s, "japan")["henderson"] == "operational"


# -- 6.3 Transports ------------------------------------------------------------------------------
@pytest.mark.parametrize("marker,receiver", [(1, "japan"), (-1, "usa")])
def test_6_3_the_non_initiative_side_receives_both_transports(marker, receiver):
    """At the start of a turn the side without the initiative gets its two Transports; the other has none."""
    s, _ = turn_start(2, marker)
    giver = "usa" if receiver == "japan" else "japan"
    aps = {side: [u for u, sp in D.ships.items() if sp.type == "AP" and sp.side == side] for side in ("japan", "usa")}
    assert all(s.loc[u] == "base" for u in aps[receiver])
    assert all(s.loc[u] == "offboard" for u in aps[giver])


def test_6_3_the_initiative_side_can_never_form_with_transports():
    """The initiative side has no Transports to put in a task force."""
    s, _ = play(GAME.new_state(), "done")                # US (initiative) forms after Japan
    assert GAME.pause(s).side == "usa"
    assert not any(i.startswith("add:us-transports") for i in ids(s))
    refused(s, "add:us-transports-1", "6.3")


def test_6_3_landed_or_sunk_transports_come_back_next_turn():
    """Transports that landed or were sunk are received again at the start of the next turn."""
    s, _ = turn_start(2, 1, loc={"j-transports-1": "sunk", "j-transports-2": "offboard"})
    assert s.loc["j-transports-1"] == s.loc["j-transports-2"] == "base"


# -- 7.0 the event roll --------------------------------------------------------------------------
def test_7_0_only_the_non_initiative_side_rolls_and_uses_its_own_table():
    """The side without the initiative rolls one die on its own Event Table."""
    s, _ = turn_start(2, 1)                              # US initiative: Japan rolls
    assert "Japan rolls" in GAME.pause(s).reason
    s, events = play(s, (6,))                            # Japan 6: Bomber Offensive
    assert s.events_used == ("bomber-offensive",)
    s, _ = turn_start(2, -1)                             # Japanese initiative: the US rolls
    assert "US rolls" in GAME.pause(s).reason
    s, _ = play(s, (6,))                                 # US 6: IJN Overestimated
    assert s.events_used == ("ijn-overestimated",)


def test_7_0_an_event_that_already_happened_is_rolled_again():
    """Rolling a used event means rolling again until an unused one comes up."""
    s, _ = turn_start(3, 1, events_used=("release-reserve",))
    s, events = play(s, (4,))
    assert s.step == "event-roll" and s.event_rolls == 1
    assert all(s.loc[u] == "reserve" for u in RESERVE)
    assert any("roll again" in e.text and e.rule == "7.0" for e in events)
    s, _ = play(s, (6,))
    assert not s.hf_operational and s.events_used == ("release-reserve", "bomber-offensive")


def test_7_0_each_event_happens_at_most_once_a_game():
    """A non-repeatable event, once resolved, is recorded as used for the rest of the game."""
    s, _ = turn_start(2, 1)
    s, _ = play(s, (5,))                                 # Release Reserve
    s, _ = quiet_turn(s)
    assert s.turn == 3 and s.events_used == ("release-reserve",)
    s, _ = play(s, (4,))                                 # the same event again: re-rolled
    assert s.step == "event-roll"


def test_7_0_heavy_bombers_may_happen_any_number_of_times():
    """The US Heavy Bombers event is never used up: it can disrupt Henderson Field turn after turn."""
    s, _ = turn_start(2, -1)
    for turn, face in ((2, 2), (3, 3), (4, 4)):
        assert s.turn == turn and s.step == "event-roll" and s.hf_operational
        s, events = play(s, (face,))
        assert not s.hf_operational and s.step == "form"
        assert s.events_used == ()
        s, _ = quiet_turn(s)                 # disrupted all turn: the marker stays in Japan 1


def test_7_0_a_side_with_every_event_used_does_not_roll():
    """Interpretation 18: with no unused event left the roll is skipped."""
    s, events = turn_start(4, 1, events_used=("torpedo-hits", "release-reserve", "bomber-offensive"))
    assert s.step == "form" and s.event_rolls == 0
    assert any(e.kind == "event" and e.rule == "7.0" for e in events)


def test_7_0_the_event_die_must_be_a_face_of_one_die():
    """The event roll takes exactly one face from 1 to 6; anything else is refused and changes nothing."""
    s, _ = turn_start(2, 1)
    refused(s, (7,), "7.0")
    refused(s, (1, 2), "7.0")
    refused(s, "done", "7.0")


# -- 7.1 Japanese events -------------------------------------------------------------------------
@pytest.mark.parametrize("face", [1, 2, 3])
def test_7_1_torpedo_hits_reveal_us_base_and_japan_applies_as_many_hits_as_the_die(face):
    """Torpedo Hit(s): Espiritu Santo is shown to Japan, which applies 1-3 hits there (the die roll)."""
    s, _ = turn_start(2, 1)
    s, events = play(s, (face,))
    assert any(e.kind == "reveal" and e.rule == "7.1" for e in events)
    assert GAME.view(s, "japan")["sides"]["usa"]["base"] is not None
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.side == "japan" and p.rule == "10.7"
    hits = ["hit:north-carolina"] * face
    s, _ = play(s, *hits)
    assert s.combat.applied == {"north-carolina": face}
    p = GAME.pause(s)
    assert isinstance(p, Chance) and len(p.dice) == 1 and p.rule == "10.7"


def test_7_1_torpedoed_ships_use_the_sunk_table_and_the_base_is_hidden_again():
    """Torpedo hits are resolved on the Sunk Table; afterwards the US base is face down again."""
    s, _ = turn_start(2, 1)
    s, _ = play(s, (2,), "hit:wasp", "hit:australia")
    s, events = play(s, (1, 2))                          # Wasp: 1 hit = DF 1, needs 4: damaged; Australia: 1 > DF 0, 2 sinks
    assert s.loc["wasp"] == "track" and s.returns["wasp"] == 3
    assert s.loc["australia"] == "sunk"
    assert s.step == "form" and GAME.view(s, "japan")["sides"]["usa"]["base"] is None


def test_7_1_torpedo_hits_cannot_go_to_ships_on_the_turn_record_track():
    """Hornet, still on the Turn Record Track during the turn 2 Event Phase, cannot be torpedoed."""
    s, _ = turn_start(2, 1)
    s, _ = play(s, (3,))
    assert "hit:hornet" not in ids(s) and "hit:enterprise" in ids(s)
    refused(s, "hit:hornet", "7.1")


def test_7_1_release_reserve_moves_yamato_junyo_and_hiyo_to_truk():
    """Release Reserve: the three Reserve ships move to Truk and can form task forces this turn."""
    s, _ = turn_start(2, 1)
    s, events = play(s, (5,))
    assert all(s.loc[u] == "base" for u in RESERVE)
    assert GAME.view(s, "usa")["sides"]["japan"]["reserve"] == []
    assert {"add:yamato", "add:junyo", "add:hiyo"} <= set(ids(s))


def test_7_1_bomber_offensive_disrupts_henderson_field():
    """Bomber Offensive: the marker is flipped to its disrupted side."""
    s, _ = turn_start(2, 1)
    assert s.hf_operational
    s, events = play(s, (6,))
    assert not s.hf_operational and s.marker == 1
    assert any(e.kind == "henderson" and e.rule == "7.1" for e in events)


# -- 7.2 US events -------------------------------------------------------------------------------
def test_7_2_submarine_attack_removes_one_japanese_ship_at_random_from_truk():
    """Submarine Attack: one Japanese ship in Truk, drawn by a die, is revealed and removed."""
    s, _ = turn_start(2, -1, returns={"kongo": 2})      # Kongo is on the track: not a candidate
    s, _ = play(s, (1,))
    p = GAME.pause(s)
    in_truk = [u for u in D.order if s.loc[u] == "base" and D.ships[u].side == "japan" and D.ships[u].type != "AP"]
    assert isinstance(p, Chance) and p.dice == (len(in_truk),) and p.rule == "7.2"
    assert "kongo" not in in_truk and not RESERVE & set(in_truk)
    assert GAME.view(s, "usa")["pending"]["reason"] == "dice are rolled"      # the pick does not name ships
    s, events = play(s, (3,))
    assert s.loc[in_truk[2]] == "sunk"
    assert sum(1 for u in D.order if s.loc[u] == "sunk") == 1
    assert s.step == "form"


def test_7_2_submarine_attack_cannot_hit_ships_still_on_the_turn_record_track():
    """Ships that enter after the Event Phase are out of the submarine's reach."""
    s, _ = turn_start(3, -1, returns={"nagato": 3})
    s, _ = play(s, (1,))
    n = GAME.pause(s).dice[0]
    for face in range(1, n + 1):
        after, _ = play(s, (face,))
        assert after.loc["nagato"] == "base"            # it arrived after the attack, unharmed


@pytest.mark.parametrize("face", [2, 3, 4])
def test_7_2_heavy_bombers_disrupt_henderson_field(face):
    """Heavy Bombers (2-4): Henderson Field is disrupted."""
    s, _ = turn_start(2, -1)
    s, events = play(s, (face,))
    assert not s.hf_operational
    assert any(e.kind == "henderson" and e.rule == "7.2" for e in events)


def test_7_2_overestimated_returns_a_sunk_cv_when_at_most_one_cv_is_in_base():
    """IJN Overestimated: with one US CV or none in base, a sunk US CV comes back to Espiritu Santo."""
    s, _ = turn_start(3, -1, loc={"enterprise": "sunk", "saratoga": "sunk", "hornet": "sunk"})
    assert [u for u in ("saratoga", "enterprise", "wasp", "hornet") if s.loc[u] == "base"] == ["wasp"]
    s, _ = play(s, (5,))
    p = GAME.pause(s)                                    # several sunk CVs: the US picks one
    assert isinstance(p, Decision) and p.side == "usa" and p.rule == "7.2"
    assert set(ids(s)) == {"revive:enterprise", "revive:saratoga", "revive:hornet"}
    refused(s, "revive:wasp", "7.2")
    s, _ = play(s, "revive:hornet")
    assert s.loc["hornet"] == "base" and s.loc["enterprise"] == "sunk" and s.step == "form"


def test_7_2_overestimated_with_one_sunk_cv_brings_it_back_directly():
    """With exactly one sunk US CV there is nothing to choose: it returns to base."""
    s, _ = turn_start(3, -1, loc={"enterprise": "sunk", "hornet": "removed"}, returns={"saratoga": 4})
    s, events = play(s, (6,))                            # only Wasp in base
    assert s.loc["enterprise"] == "base" and s.step == "form"
    assert any("Enterprise" in e.text and e.rule == "7.2" for e in events)


def test_7_2_overestimated_does_nothing_with_two_cvs_in_base_and_is_used_up():
    """With more than one US CV in base the event has no effect and cannot happen again."""
    s, _ = turn_start(3, -1, loc={"enterprise": "sunk"})     # Saratoga, Wasp, Hornet in base
    s, events = play(s, (5,))
    assert s.loc["enterprise"] == "sunk" and s.step == "form"
    assert "ijn-overestimated" in s.events_used


def test_7_2_overestimated_does_nothing_without_a_sunk_cv_and_is_used_up():
    """With no US CV sunk the event has no effect and cannot happen again."""
    s, _ = turn_start(3, -1, loc={"hornet": "removed"}, returns={"saratoga": 4, "wasp": 4})
    s, _ = play(s, (6,))
    assert s.step == "form" and "ijn-overestimated" in s.events_used
    assert not any(s.loc[u] == "sunk" for u in D.order)


def test_7_2_overestimated_counts_cvs_in_base_before_arrivals():
    """The CVs in base are counted before ships from the Turn Record Track enter."""
    # turn 2: Hornet (due now) and Saratoga (damaged, due now) are still on the track; only Wasp is in base
    s, _ = turn_start(2, -1, loc={"enterprise": "sunk"}, returns={"saratoga": 2})
    s, events = play(s, (5,))
    assert s.loc["enterprise"] == "base"
    assert s.loc["hornet"] == s.loc["saratoga"] == "base"   # the arrivals come after the event
    assert s.step == "form"


def test_7_2_overestimated_cannot_bring_back_a_removed_cv():
    """Interpretation 18: a CV removed because it could not return by turn 4 was not sunk."""
    s, _ = turn_start(3, -1, loc={"enterprise": "removed"}, returns={"saratoga": 4, "hornet": 4})
    s, _ = play(s, (5,))
    assert s.loc["enterprise"] == "removed"
