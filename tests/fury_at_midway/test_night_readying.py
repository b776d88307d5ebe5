"""10.2(2) through the game flow: at night aircraft in a hangar are readied on their own carrier's deck, fighters
also in the CAP box or on the deck of another carrier of their division / task force."""
from __future__ import annotations

from kaisen.games.fury_at_midway import GAME, flow, night
from kaisen.games.fury_at_midway.common import Ctx

from .test_rules_sequence import ids, play, position

D = GAME.data


def us_night_readying(s):
    """The night turn's air operations: Japan readies nothing, then the US readies its decks (10.2(2))."""
    s.turn = 4
    flow.run(Ctx(s, D), night.start)                      # no fleets share a hex: no sea battle
    s.cache = None
    assert s.step == "nret:japan"               # rolled every night, even with Return 2 empty (2.6)
    s, _ = play(s, (6,))
    assert s.step == "nplace:japan"
    s, _ = play(s, "done", (6,))
    assert s.step == "nplace:usa"
    return s


def test_10_2_2_a_fighter_may_be_readied_on_the_deck_of_another_carrier_of_its_task_force():
    s = position({"csf": "G-3", "1af": "B-3"}, turn=2).copy()
    s.air["enterprise-f4f-1"] = ("hangar:enterprise", 2)   # Enterprise's deck boxes are both taken
    s.air["hornet-sbd-1"] = ("hangar:hornet", 2)           # Hornet has a free deck box and room
    s.air["hornet-tbd"] = ("lost", 0)
    s.air["hornet-sbd-2"] = ("lost", 0)
    s = us_night_readying(s)
    opts = ids(s)
    assert "deck-on:enterprise-f4f-1:hornet" in opts and "cap:enterprise-f4f-1" in opts
    assert not any(o.startswith("deck-on:enterprise-sbd-2") for o in opts)     # attack aircraft: own deck only
    assert not any(o.endswith(":yorktown") for o in opts)                         # not another task force
    s, events = play(s, "deck-on:enterprise-f4f-1:hornet")
    assert s.air["enterprise-f4f-1"][0].startswith("deck:hornet:")
    assert all(e.private_to == "usa" for e in events if "F4F" in e.text)
    assert "deck-on:enterprise-f4f-1:hornet" not in ids(s)                     # it has been readied


def test_10_2_2_night_landings_are_folded_into_the_readying_pause_for_the_enemy():
    """The Return 2 roll is made every night (none waiting: one die to no effect), and a carrier choice at night
    shows the enemy only the owner's readying pause: whether anything landed is the owner's secret."""
    s = position({"csf": "G-3", "1af": "B-3"}, turn=2).copy()
    s.turn = 4
    flow.run(Ctx(s, D), night.start)
    s.cache = None
    assert s.step == "nret:japan" and len(GAME.pause(s).dice) == 1      # Return 2 empty: rolled all the same
    s, _ = play(s, (6,))
    readying = GAME.view(s, "usa")
    assert s.step == "nplace:japan" and readying["control"]["step"] == "nplace:japan"

    s = position({"csf": "G-3", "1af": "B-3"}, turn=2).copy()
    s.turn = 4
    s.damage["hiryu"] = (2,)                                 # Hiryu damaged: its B5N may land on Hiryu or Soryu
    s.air["hiryu-d3a"] = ("lost", 0)
    s.air["hiryu-b5n"] = ("ret1:cardiv2", 2)
    flow.run(Ctx(s, D), night.start)
    s.cache = None
    s, _ = play(s, (6,))
    assert s.step == "nland:hiryu-b5n" and set(ids(s)) == {"land:hiryu", "land:soryu"}
    us = GAME.view(s, "usa")
    assert us["control"]["step"] == "nplace:japan" and us["pending"] == readying["pending"]
    assert GAME.public_view(s)["control"]["step"] == "nplace:japan"
    s, _ = play(s, "land:soryu")
    assert s.step == "nplace:japan" and s.air["hiryu-b5n"] == ("hangar:soryu", 2)
