"""8.3(1), 8.3(3) through the game flow: Return 1 landings in the rule's order (a unit takes its own undamaged
parent before units whose carrier is lost take the room) and the owner's choices where units must be lost or a
carrier chosen."""
from __future__ import annotations

from kaisen.games.fury_at_midway import GAME
from kaisen.games.fury_at_midway.ai import HeuristicAgent

from .test_rules_sequence import ids, play, position

D = GAME.data


def japan_operates(s):
    """Japan wins the initiative (8.1) and begins an air operation: its Return 1 units must land (8.3(1))."""
    s.step, s.aop, s.cache = "init", {"japan": 2, "usa": 1}, None
    s, events = play(s, (6, 1))
    return s, events


def cardiv2_with_one_room(s):
    """Hiryu sunk (its aircraft with it); Soryu with four aboard (room for one); Division 1 cannot take aircraft."""
    s = s.copy()
    s.sunk += ("hiryu",)
    s.damage["hiryu"] = (1, 2)
    for q in ("hiryu-a6m-2", "hiryu-d3a", "hiryu-b5n"):
        s.air[q] = ("lost", 0)
    s.air["kaga-a6m-2"] = ("hangar:soryu", 2)           # with Soryu's own three
    s.damage["akagi"] = (1, 2)
    s.damage["kaga"] = (1, 2)
    return s


def test_8_3_1_a_unit_lands_on_its_undamaged_parent_before_an_orphan_takes_the_room():
    s = cardiv2_with_one_room(position({"csf": "G-3", "1af": "C-3"}, turn=2))
    s.air["soryu-d3a"] = ("ret1:cardiv2", 2)            # full strength, parent Soryu undamaged
    s.air["akagi-a6m-2"] = ("hangar:soryu", 2)          # Soryu still holds four
    s.air["hiryu-b5n"] = ("ret1:cardiv2", 1)            # reduced, its carrier sunk
    s, events = japan_operates(s)
    assert s.air["soryu-d3a"] == ("hangar:soryu", 2)
    assert s.air["hiryu-b5n"][0] == "lost" and s.step == "op"
    assert all(e.private_to == "japan" for e in events if "B5N" in e.text or "D3A" in e.text)


def test_8_3_3_when_room_runs_short_the_owner_chooses_the_unit_lost():
    s = cardiv2_with_one_room(position({"csf": "G-3", "1af": "C-3"}, turn=2))
    s.air["hiryu-b5n"] = ("ret1:cardiv2", 2)
    s.air["hiryu-d3a"] = ("ret1:cardiv2", 2)
    s, _ = japan_operates(s)
    assert s.step == "short:japan" and set(ids(s)) == {"lose:hiryu-b5n", "lose:hiryu-d3a"}
    us = GAME.view(s, "usa")           # the enemy sees only Japan's operation pause, as if nothing were landing
    assert us["control"]["step"] == "op" and us["pending"]["options"] is None
    assert us["pending"]["prompt"] == "japan is deciding"
    assert GAME.public_view(s)["control"]["step"] == "op"
    s, events = play(s, "lose:hiryu-d3a")
    assert s.air["hiryu-d3a"][0] == "lost" and s.air["hiryu-b5n"] == ("hangar:soryu", 2) and s.step == "op"
    assert all(e.private_to == "japan" for e in events if "Hiryu" in e.text)


def test_8_3_3_rulebook_example_akagi_takes_its_own_then_japan_chooses_which_kaga_unit_is_lost():
    s = position({"csf": "G-3", "1af": "C-3"}, turn=2).copy()
    s.damage["kaga"] = (1, 2)                            # both deck boxes damaged: no landing on Kaga
    s.damage["hiryu"] = (1, 2)                           # and none on the other division
    s.damage["soryu"] = (1, 2)
    for q in ("akagi-d3a", "akagi-b5n", "kaga-d3a", "kaga-b5n"):
        s.air[q] = ("ret1:cardiv1", 2)
    s.air["kaga-a6m-2"] = ("hangar:akagi", 2)            # Akagi: two aboard, room for three
    s, _ = japan_operates(s)
    assert s.air["akagi-d3a"][0] == s.air["akagi-b5n"][0] == "hangar:akagi"
    assert s.step == "short:japan" and set(ids(s)) == {"lose:kaga-d3a", "lose:kaga-b5n"}
    s, _ = play(s, "lose:kaga-b5n")
    assert s.air["kaga-d3a"][0] == "hangar:akagi" and s.air["kaga-b5n"][0] == "lost"


def test_8_3_1_the_owner_picks_which_of_its_own_units_takes_the_parents_last_room():
    s = position({"csf": "G-3", "1af": "C-3"}, turn=2).copy()
    s.air["soryu-d3a"] = ("ret1:cardiv2", 2)
    s.air["soryu-b5n"] = ("ret1:cardiv2", 2)
    for q in ("kaga-a6m-2", "akagi-a6m-2", "hiryu-a6m-2"):
        s.air[q] = ("hangar:soryu", 2)                   # Soryu: four aboard, room for one
    s, _ = japan_operates(s)
    assert s.step == "parent:soryu" and set(ids(s)) == {"first:soryu-d3a", "first:soryu-b5n"}
    s, _ = play(s, "first:soryu-b5n")
    assert s.air["soryu-b5n"][0] == "hangar:soryu"
    assert s.air["soryu-d3a"][0] == "hangar:hiryu"      # then the division's other carrier (8.3(1))


def test_8_3_3_the_heuristic_keeps_full_strength_units():
    s = cardiv2_with_one_room(position({"csf": "G-3", "1af": "C-3"}, turn=2))
    s.air["hiryu-b5n"] = ("ret1:cardiv2", 2)
    s.air["hiryu-d3a"] = ("ret1:cardiv2", 1)
    s, _ = japan_operates(s)
    agent = HeuristicAgent("japan", seed=1)
    assert agent.choose(GAME.view(s, "japan"), GAME.pause(s)) == "lose:hiryu-d3a"
