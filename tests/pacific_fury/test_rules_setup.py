"""Rules 3 (set-up) and 4 (how to win), checked through the engine contract."""
from __future__ import annotations

import pytest

from kaisen.engine.core import Decision, End
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.state import PFState, TaskForce

from .helpers import RESERVE, D, ids, play, quiet_turn, refused


# -- helpers -----------------------------------------------------------------------------------
def last_operation(turn: int, marker: int, *, initiative: str | None = None, hf: bool = False,
                   transport_sunk: bool = False, tfs=()) -> PFState:
    """The last operation of `turn` (Japan to pass; the US has done its seven): a pass ends the turn."""
    s = GAME.new_state().copy()
    s.turn, s.marker, s.hf_operational, s.transport_sunk = turn, marker, hf, transport_sunk
    s.initiative = initiative or ("usa" if marker >= 0 else "japan")
    for tid, ships, zone, box in tfs:
        side = "japan" if tid.startswith("J") else "usa"
        s.tfs[tid] = TaskForce(tid, side, tuple(ships), box, zone, False)
        for u in ships:
            s.loc[u] = "tf:" + tid
    s.phase, s.step, s.phasing = "operations", "op", "japan"
    s.ops = {"usa": 7, "japan": 6}
    s.cache = None
    return s


# -- 3.1 Japanese set-up --------------------------------------------------------------------------
def test_3_1_japanese_ships_start_in_truk_with_three_in_reserve():
    """Every Japanese ship starts in Truk except Yamato, Junyo and Hiyo, which wait in the Reserve box."""
    s = GAME.new_state()
    ships = [u for u, sp in D.ships.items() if sp.side == "japan" and sp.type not in ("AP", "TE")]
    assert len(ships) == 28
    assert {u for u in ships if s.loc[u] == "reserve"} == RESERVE
    assert all(s.loc[u] == "base" for u in ships if u not in RESERVE)


def test_3_1_japanese_transports_are_in_truk_at_the_start():
    """Japan starts the game with both of its Transports units in Truk."""
    s = GAME.new_state()
    assert s.loc["j-transports-1"] == s.loc["j-transports-2"] == "base"
    assert "add:j-transports-1" in ids(s) and "add:j-transports-2" in ids(s)


def test_3_1_reserve_ships_cannot_form_task_forces_before_they_are_released():
    """Ships in the Reserve box are out of play until the Release Reserve event."""
    s = GAME.new_state()
    for u in RESERVE:
        assert f"add:{u}" not in ids(s)
    refused(s, "add:yamato", "3.1")


def test_3_1_truk_is_face_down_to_the_us_but_open_to_japan():
    """The US sees how many counters are in Truk, never which; Japan examines its own freely."""
    s = GAME.new_state()
    us_view, jp_view = GAME.view(s, "usa"), GAME.view(s, "japan")
    in_truk = [u for u in D.order if s.loc[u] == "base" and D.ships[u].side == "japan"]
    assert us_view["sides"]["japan"]["base"] is None
    assert us_view["sides"]["japan"]["base_count"] == len(in_truk) == 27   # 25 ships + 2 Transports
    assert jp_view["sides"]["japan"]["base"] == in_truk


# -- 3.2 US set-up --------------------------------------------------------------------------------
def test_3_2_us_ships_start_in_espiritu_santo_and_hornet_on_the_turn_track():
    """All US ships start in Espiritu Santo except Hornet, which waits on the Turn Record Track for turn 2."""
    s = GAME.new_state()
    ships = [u for u, sp in D.ships.items() if sp.side == "usa" and sp.type != "AP"]
    assert len(ships) == 19
    assert s.loc["hornet"] == "track" and s.returns == {"hornet": 2}
    assert all(s.loc[u] == "base" for u in ships if u != "hornet")
    assert GAME.view(s, "japan")["sides"]["usa"]["track"] == {"2": ["hornet"]}   # the track is public
    assert GAME.view(s, "japan")["sides"]["usa"]["base"] is None                 # Espiritu Santo is not


def test_3_2_hornet_cannot_sail_on_turn_1():
    """Hornet is not in base on turn 1, so the US cannot put it in a task force."""
    s, _ = play(GAME.new_state(), "done")          # Japan forms nothing; the US forms next
    assert GAME.pause(s).side == "usa"
    assert "add:enterprise" in ids(s) and "add:hornet" not in ids(s)
    refused(s, "add:hornet", "8.1")


def test_3_2_hornet_enters_espiritu_santo_in_the_turn_2_task_force_phase():
    """Hornet joins the US base on turn 2, after the Event Phase and before task forces are formed."""
    s, _ = quiet_turn(GAME.new_state(), decisions_only=True)
    assert s.turn == 2 and s.step == "event-roll"
    assert s.loc["hornet"] == "track"              # not yet during the Event Phase
    s, events = play(s, (4,))                      # Japan's event: Release Reserve
    assert s.loc["hornet"] == "base" and "hornet" not in s.returns
    assert any(e.kind == "arrive" and "Hornet" in e.text and e.rule == "8.1" for e in events)
    s, _ = play(s, "done")                          # Japan (non-initiative) forms first
    assert "add:hornet" in ids(s)


# -- 3.3 markers ----------------------------------------------------------------------------------
def test_3_3_initiative_marker_starts_on_us_1_with_henderson_operational():
    """The game opens with the marker in the US 1 box, operational side up: the US holds the airfield."""
    s = GAME.new_state()
    v = GAME.view(s, None)
    assert (s.marker, v["marker_label"], v["henderson"]) == (1, "US 1", "operational")
    assert s.initiative == "usa"


def test_3_3_turn_marker_on_turn_1_and_operation_markers_on_box_1():
    """Play starts on turn 1 (August) with neither side having used an operation yet."""
    s = GAME.new_state()
    assert s.turn == 1 and s.ops == {"japan": 0, "usa": 0}
    s, _ = play(s, "done", "done")
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.prompt == "Operation 1 of 7" and p.side == "usa"


# -- 3.4 - 3.6 tracks ----------------------------------------------------------------------------
def test_3_4_turn_marker_advances_one_box_after_each_turn():
    """When a turn's Return Phase ends, the game moves on to the next turn, and turn 4 is the last."""
    s = GAME.new_state()
    for turn, event_face in ((2, 4), (3, 6), (4, 6)):     # Japan's events: Release Reserve, Bomber Offensive
        s, events = quiet_turn(s, decisions_only=True)
        assert s.turn == turn and s.step == "event-roll"
        assert any(e.kind == "turn" and e.text.startswith(f"Turn {turn} ") for e in events)
        s, _ = play(s, (event_face,))
        if turn == 4:                                    # Bomber Offensive is used up: roll again
            assert s.step == "event-roll"
            s, _ = play(s, (5,), (4,), (6,), (1,))     # used, used, used, then one torpedo hit...
            s, _ = play(s, "hit:north-carolina", (1,))       # ...on North Carolina, which survives
        assert s.step == "form"
    s, _ = quiet_turn(s, decisions_only=True)
    assert isinstance(GAME.pause(s), End) and s.turn == 4


def test_3_5_task_forces_wait_in_numbered_operation_boxes_face_down():
    """Formed task forces sit in numbered Operation Boxes; the enemy sees how many ships, not which."""
    s, _ = play(GAME.new_state(), "add:kongo", "add:hiei", "next-box", "add:shokaku", "done")
    boxes = GAME.view(s, "usa")["sides"]["japan"]["boxes"]
    assert [(b["box"], b["count"], b["ships"]) for b in boxes] == [(1, 2, None), (2, 1, None)]
    own = GAME.view(s, "japan")["sides"]["japan"]["boxes"]
    assert [b["ships"] for b in own] == [["kongo", "hiei"], ["shokaku"]]


def test_3_6_marker_position_decides_initiative_for_the_next_turn():
    """The Initiative Track shows which side has the initiative: the marker in a side's boxes."""
    s, _ = play(last_operation(1, -2), "pass")
    assert s.turn == 2 and s.initiative == "japan" and GAME.view(s, None)["marker_label"] == "Japan 2"


def test_3_6_a_shift_past_the_end_of_the_track_is_lost():
    """Interpretation 3: the track has five boxes a side; the marker never leaves it."""
    s, _ = play(last_operation(1, 5, hf=True), "pass")
    assert s.marker == 5 and s.turn == 2


# -- 4.0 how to win -------------------------------------------------------------------------------
@pytest.mark.parametrize("marker,winner", [(1, "usa"), (3, "usa"), (-1, "japan"), (-4, "japan"), (0, None)])
def test_4_0_after_turn_4_the_marker_box_decides_the_winner(marker, winner):
    """After turn 4 the side whose box holds the marker wins; the 0 box is a draw."""
    s, events = play(last_operation(4, marker), "pass")   # Henderson disrupted: no final shift
    end = GAME.pause(s)
    assert isinstance(end, End)
    assert end.winner == winner and end.score == marker
    assert s.phase == "over" and any(e.kind == "end" and e.rule == "4.0" for e in events)


def test_4_0_the_final_return_phase_shift_counts_for_victory():
    """The marker is read after the Return Phase of turn 4, so its last shift can decide the game."""
    s, _ = play(last_operation(4, 0, initiative="usa", hf=True), "pass")
    end = GAME.pause(s)
    assert isinstance(end, End) and end.winner == "usa" and end.score == 1


def test_4_0_the_game_does_not_end_before_turn_4():
    """A turn before the fourth never ends the game, even with the marker far to one side."""
    s, _ = play(last_operation(3, -5), "pass")
    assert not isinstance(GAME.pause(s), End) and s.turn == 4


def test_4_0_no_answer_is_accepted_once_the_game_is_over():
    """After the end every answer is refused under rule 4.0 and nothing changes."""
    s, _ = play(last_operation(4, 2), "pass")
    refused(s, "pass", "4.0")
    refused(s, (1,), "4.0")
