"""11.0 Return Phase and 4.0 How to Win: everyone goes home, Henderson's shift, the end of turn 4."""
from __future__ import annotations

from kaisen.games.pacific_fury.common import _TF_ID, DONE_PHASE, Ctx, box_label
from kaisen.games.pacific_fury.state import LAST_TURN, NOTHING, SIDE_NAME


def start(c: Ctx) -> None:
    s = c.s
    s.phase = "return"
    for tf in sorted(s.tfs.values(), key=_TF_ID):
        c.to_base(tf, "Return Phase", "11.0")
    s.memory = NOTHING         # memory.py: all home, nothing hidden is anywhere but base (or off the board)
    if s.hf_operational:
        c.shift(s.initiative, 1, "Henderson Field operational: supplies get through", "11.0")
    elif s.transport_sunk:
        c.shift(s.initiative, 1, "a Transports unit of a TF-A was sunk this turn", "11.0")
    else:
        c.say("initiative", "Henderson Field disrupted: the marker does not shift", "11.0")
    s.hf_operational = True
    c.finish(DONE_PHASE)


def end_game(c: Ctx) -> None:
    """4.0: after turn 4 the side whose box the marker is in wins; the 0 box is a draw."""
    s = c.s
    s.phase = "over"
    s.step = "over"
    winner = "usa" if s.marker > 0 else "japan" if s.marker < 0 else None
    s.result = (winner, s.marker)
    c.note("end", "4.0", summary_text, winner, s.marker)


def summary(c: Ctx) -> str:
    return summary_text(*c.s.result)


def summary_text(winner: str | None, marker: int) -> str:
    where = box_label(marker)
    return (f"{SIDE_NAME[winner]} wins: Initiative marker in box {where} after turn {LAST_TURN}" if winner
            else f"Draw: Initiative marker in the 0 box after turn {LAST_TURN}")
