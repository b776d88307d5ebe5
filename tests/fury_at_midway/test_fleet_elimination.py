"""6.1(3) through the game flow: a carrier fleet whose last ship leaves or sinks, by any route, is removed from
the map at once (it no longer moves, searches, is plotted or exits for victory points)."""
from __future__ import annotations

from kaisen.games.fury_at_midway import GAME, cards, flow
from kaisen.games.fury_at_midway.common import Ctx

from .test_rules_sequence import ids, play, position

D = GAME.data


def _last_carrier(s, side: str, keep: str):
    """Sink every carrier of `side` but `keep`, which carries two damage markers (a DMCV candidate)."""
    s = s.copy()
    for k, sp in D.carriers.items():
        if sp.side == side and sp.kind == "carrier" and k != keep:
            s.sunk += (k,)
            s.damage[k] = (1, 2)
    s.damage[keep] = (1, 2)
    return s


def test_6_1_3_a_dmcv_formed_around_the_last_us_carrier_removes_the_csf_at_once():
    # the CSF next to the 1AF would search at 7 - 1: 4 AOP; without it only Midway searches (8 - 7: 1 AOP)
    s = _last_carrier(position({"1af": "A-1", "csf": "B-1"}, turn=2), "usa", "yorktown")
    s.step, s.cache = "declare", None
    s, _ = play(s, "no-attack")
    assert s.step == "dmcv:usa"
    s, events = play(s, "dmcv:yorktown")
    assert s.fleet["csf"] == "gone" and s.fleet["us-dmcv"] == "B-1"
    assert any("removed" in e.text and e.rule == "6.1(3)" for e in events)
    assert s.step == "plot:us-dmcv"                       # the CSF is not plotted any more
    s, _ = play(s, "to:C-1", "end", "stop")               # the DMCV moves; the 1AF stays in A-1
    assert s.step == "init" or s.aop["usa"] == 1
    assert s.aop["usa"] == 1 and GAME.view(s, "japan")["fleets"]["csf"] == "gone"


def test_6_1_3_a_dmcv_formed_around_the_last_japanese_carrier_removes_the_1af():
    s = _last_carrier(position({"1af": "C-3", "csf": "G-3"}, turn=2), "japan", "soryu")
    s.step, s.cache = "declare", None
    s, _ = play(s, "no-attack", "end")
    s, _ = play(s, "dmcv:soryu")
    assert s.fleet["1af"] == "gone" and s.fleet["ijn-dmcv"] == "C-3"
    assert s.step == "jmove:ijn-dmcv"                     # the 1AF no longer moves (nor exits for VP)
    s, _ = play(s, "to:B-3", "stop")
    assert "1af" not in s.exits and s.fleet["1af"] == "gone"


def test_6_1_3_a_submarine_sinking_the_last_us_carrier_removes_the_csf_at_once():
    s = _last_carrier(position({"1af": "C-3", "csf": "G-3"}, turn=2), "usa", "yorktown")
    s.hands = {"japan": (4,), "usa": ()}
    flow.run(Ctx(s, D), cards.end_of_turn_window)
    s.cache = None
    s, _ = play(s, "play:04")                             # Yorktown is the only target
    s, events = play(s, (1,))
    assert "yorktown" in s.sunk and s.fleet["csf"] == "gone"
    assert any("removed" in e.text and e.rule == "6.1(3)" for e in events)
    # on into turn 3: the CSF is never plotted again
    while not s.step.startswith(("plot", "jmove", "init")):
        p = GAME.pause(s)
        s, _ = play(s, p.options[-1].id if hasattr(p, "options") else (1,) * len(p.dice))
    assert s.turn == 3 and s.step != "plot:csf" and "csf" not in s.exits


def test_6_1_3_the_hit_that_sinks_the_last_carrier_removes_the_fleet_before_the_strike_returns():
    from kaisen.games.fury_at_midway import air_attack as aa
    s = _last_carrier(position({"1af": "C-3", "csf": "G-3"}, turn=2), "japan", "soryu")
    c = Ctx(s, D)
    aa.carrier_hit(c, "soryu", None)                      # the third hit sinks Soryu
    assert s.fleet["1af"] == "gone" and any(e.rule == "6.1(3)" for e in c.ev)
