"""Rule 11 (Return Phase): everyone home, the Initiative marker's shift, Henderson restored, the end of turn 4."""
from __future__ import annotations

import pytest

from kaisen.engine.core import End
from kaisen.games.pacific_fury import GAME

from .helpers import play, position, refused


# -- helpers -----------------------------------------------------------------------------------
def end_turn(marker=1, *, initiative=None, hf=True, transport_sunk=False, tfs=(), turn=1):
    """Japan's seventh operation, a pass, ends the turn; the Return Phase runs."""
    s = position(tfs, initiative=initiative or ("usa" if marker >= 0 else "japan"), phasing="japan",
                 marker=marker, hf=hf, turn=turn, ops=(7, 6), hornet_arrived=False)
    s.transport_sunk = transport_sunk
    return play(s, "pass")


def shifts(events) -> list:
    return [e for e in events if e.kind == "initiative" and e.rule == "11.0"]


# -- 11.0 --------------------------------------------------------------------------------------------
def test_11_0_every_task_force_returns_to_base_face_down():
    """All task forces, on the map or still in a box, go home and are concealed again."""
    s, events = end_turn(tfs=[("J1", ["kongo", "hiei"], "slot", None), ("J2", ["shokaku"], None, 3),
                              ("U1", ["portland"], "ironbottom", None), ("U2", ["enterprise"], "south-pacific", None)])
    assert s.tfs == {}
    assert all(s.loc[u] == "base" for u in ("kongo", "hiei", "shokaku", "portland", "enterprise"))
    assert GAME.view(s, "usa")["sides"]["japan"]["base"] is None
    assert len([e for e in events if e.kind == "return" and e.rule == "11.0"]) == 4


@pytest.mark.parametrize("initiative,marker,after", [("usa", 1, 2), ("usa", 0, 1), ("japan", -1, -2),
                                                     ("usa", -1, 0), ("japan", -3, -4)])
def test_11_0_operational_henderson_shifts_the_marker_toward_the_initiative_side(initiative, marker, after):
    """With Henderson Field operational the marker moves one box in the initiative side's favour."""
    s, events = end_turn(marker, initiative=initiative, hf=True)
    assert s.marker == after and len(shifts(events)) == 1


def test_11_0_disrupted_henderson_leaves_the_marker_where_it_is():
    """With Henderson Field disrupted there is no shift."""
    s, events = end_turn(2, hf=False)
    assert s.marker == 2 and shifts(events)[0].text.startswith("Henderson Field disrupted")


def test_11_0_a_sunk_tf_a_transports_shifts_the_marker_even_with_henderson_disrupted():
    """If a Transports unit of a TF-A was sunk this turn, the marker moves to the initiative side anyway."""
    s, events = end_turn(1, hf=False, transport_sunk=True)
    assert s.marker == 2


def test_11_0_never_two_shifts_for_an_operational_field_and_a_sunk_transports():
    """An operational field and a sunk Transports together still give one shift only."""
    s, events = end_turn(1, hf=True, transport_sunk=True)
    assert s.marker == 2 and len([e for e in shifts(events) if "shifts" in e.text]) == 1


def test_11_0_transports_sunk_in_play_count_for_the_shift():
    """Played out: a US air strike sinks Japan's Transports in a TF-A, and the disrupted field still shifts."""
    s = position([("U1", ["enterprise"], "south-pacific", None), ("J1", ["j-transports-1"], "ironbottom", None)],
                 hf=False, ops=(6, 6))
    s, _ = play(s, "strike:U1:ironbottom", (1,))                     # CF 6 (AS 2 vs AA 1): one hit sinks it
    assert s.loc["j-transports-1"] == "sunk" and s.transport_sunk
    s, _ = play(s, "pass")                                           # Japan's last operation
    assert s.turn == 2 and s.marker == 2


def test_11_0_a_sunk_tokyo_express_does_not_count_as_a_sunk_transports():
    """The exception is for Transports in a TF-A, not for the Tokyo Express."""
    s = position([("U1", ["portland"], "ironbottom", None), ("J1", ["tokyo-express"], "slot", None)],
                 hf=False, ops=(6, 6))
    s, _ = play(s, "move:U1:slot", (1,))
    assert s.loc["tokyo-express"] == "offboard" and not s.transport_sunk
    s, _ = play(s, "pass")
    assert s.turn == 2 and s.marker == 1


def test_11_0_henderson_is_operational_again_and_the_sinking_is_forgotten_next_turn():
    """The marker is flipped back to operational, and last turn's sunk Transports no longer count."""
    s, _ = end_turn(1, hf=False, transport_sunk=True)
    assert s.turn == 2 and s.hf_operational and not s.transport_sunk
    assert GAME.view(s, "japan")["henderson"] == "operational"


def test_11_0_after_the_return_phase_the_next_turn_begins():
    """The turn marker advances and the new turn starts with its Initiative Phase."""
    s, events = end_turn(1, hf=True, turn=2)
    assert s.turn == 3 and s.initiative == "usa" and s.step == "event-roll"
    kinds = [e.kind for e in events]
    assert kinds.index("initiative") < kinds.index("turn")          # the shift comes before the new turn


def test_11_0_the_return_phase_of_turn_4_ends_the_game():
    """After turn 4's Return Phase the game is over and victory is read from the marker."""
    s, events = end_turn(0, hf=True, turn=4)
    end = GAME.pause(s)
    assert isinstance(end, End) and end.winner == "usa" and s.marker == 1 and s.turn == 4
    refused(s, "pass", "4.0")
