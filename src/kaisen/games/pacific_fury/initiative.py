"""6.0 Initiative Phase: who has the initiative this turn, Henderson Field, the Transports (6.1-6.3)."""
from __future__ import annotations

from kaisen.games.pacific_fury.common import DONE_PHASE, Ctx, box_label
from kaisen.games.pacific_fury.state import MONTHS, SIDE_NAME, other


def _turn_text(turn: int, initiative: str, marker: int) -> str:
    return (f"Turn {turn} ({MONTHS[turn]} 1942): {SIDE_NAME[initiative]} has the initiative "
            f"(marker at {box_label(marker)}) and holds Henderson Field")


def start_turn(c: Ctx) -> None:
    """6.1: the marker's side has the initiative (US on 0); 6.3: the other side receives its Transports."""
    s, d = c.s, c.d
    s.phase = "initiative"
    s.initiative = "usa" if s.marker >= 0 else "japan"
    s.ops = {"japan": 0, "usa": 0}
    s.te_formed = False
    s.gone_public = ()
    s.transport_sunk = False
    c.note("turn", "6.1", _turn_text, s.turn, s.initiative, s.marker)
    receiver = other(s.initiative)
    loc = s.loc
    for u in d.transports:        # (the Transports units and the Tokyo Express marker, in the data's order)
        sp = d.ships[u]
        loc[u] = "base" if sp.type == "AP" and sp.side == receiver else "offboard"
    c.note("transports", "6.3", "{} receives its two Transports units".format, SIDE_NAME[receiver])
    c.finish(DONE_PHASE)
