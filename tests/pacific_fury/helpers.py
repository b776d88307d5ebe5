"""Helpers shared by the Pacific Fury rule tests: build positions, play answers, check refusals."""
from __future__ import annotations

from kaisen.engine.core import Decision, End
from kaisen.engine.testing import GameDriver
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.state import PFState, TaskForce

D = GAME.data
RESERVE = {"yamato", "junyo", "hiyo"}


_DRIVER = GameDriver(GAME)
play, ids, refused = _DRIVER.play, _DRIVER.ids, _DRIVER.refused


def position(tfs=(), *, initiative="usa", phasing=None, marker=1, hf=True, turn=1, ops=None, options=None,
             hornet_arrived=True, te_formed=False) -> PFState:
    """An Operations Phase position with the given task forces (id, ships, zone, box); ops = (US, Japan) done."""
    s = GAME.new_state(options=options).copy()
    s.turn, s.initiative, s.marker, s.hf_operational = turn, initiative, marker, hf
    s.phasing = phasing or initiative
    if ops is not None:
        s.ops = {"usa": ops[0], "japan": ops[1]}
    if turn >= 2 and hornet_arrived:    # Hornet has arrived (3.2)
        s.loc["hornet"] = "base"
        s.returns.pop("hornet")
    for u, sp in D.ships.items():
        if sp.type == "AP":
            s.loc[u] = "offboard" if sp.side == initiative else "base"
    for tid, ships, zone, box in tfs:
        side = "japan" if tid.startswith("J") else "usa"
        s.tfs[tid] = TaskForce(tid, side, tuple(ships), box, zone, False)
        for u in ships:
            s.loc[u] = "tf:" + tid
    if te_formed:
        s.te_formed = True
    s.phase, s.step, s.cache = "operations", "op", None
    return s


def turn_start(turn: int, marker: int, *, hf_at_end: bool = False, events_used=(), loc=None, returns=None):
    """Play the last operation of turn - 1 (Henderson disrupted: no shift) and stop where `turn` first pauses."""
    s = position(initiative="usa" if marker >= 0 else "japan", phasing="japan", marker=marker,
                 hf=hf_at_end, turn=turn - 1)
    s.ops = {"usa": 7, "japan": 6}
    s.events_used = tuple(events_used)
    for u, where in (loc or {}).items():
        s.loc[u] = where
    for u, t in (returns or {}).items():
        s.loc[u] = "track"
        s.returns[u] = t
    s.cache = None
    return play(s, "pass")


def quiet_turn(s, *, decisions_only: bool = False):
    """Pass to the next turn's first pause (no task forces); `decisions_only` asserts every pause is a Decision."""
    turn = s.turn
    events = []
    while s.turn == turn and not isinstance(GAME.pause(s), End):
        if decisions_only:
            p = GAME.pause(s)
            assert isinstance(p, Decision), p
        s = GAME.apply(s, "done" if s.step == "form" else "pass")
        events.extend(GAME.events(s))
    return s, events
