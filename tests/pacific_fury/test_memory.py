"""A side's memory (issue 15 item 1): the places each enemy counter it cannot see now may be in, kept from what
that side saw only (memory.py), carried in its own view and its saved state, and obeyed by the sampler.
Rules: 8.2 (task forces formed from base, face down), 8.4 (turned face up), 9.2, 9.7, 10.4, 10.8 and 11.0
(task forces going home, face down)."""
from __future__ import annotations

import random
from collections import defaultdict

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Chance, End
from kaisen.games.pacific_fury import GAME, memory
from kaisen.games.pacific_fury.state import NOTHING, SIDES, other
from kaisen.games.pacific_fury.views import hidden_units

from .helpers import play, position

SEEDS = (3, 8, 21, 34, 55)


def place(s, u: str) -> str:
    """Where a unit is, named as memory names places: "base" or a task force id."""
    where = s.loc[u]
    return where[3:] if where.startswith("tf:") else where


def seen_going_home():
    """US to move; Japan's J1 (Kongo, Hiei) was seen going home, J2 (four ships, formed before) is still face down."""
    s = position([("J1", ["kongo", "hiei"], "eastern-solomons", None),
                  ("J2", ["nagato", "mutsu", "atago", "takao"], None, 1)], initiative="usa", phasing="japan", marker=2)
    s, _ = play(s, "move:J1:ironbottom")     # 8.4: a Japanese TF-B in Ironbottom Sound under Henderson's eyes: face up
    s, _ = play(s, (1, 1))                   # 10.4: two hits disrupt a US 2 field; the bombardment group goes home
    assert "J1" not in s.tfs and s.loc["kongo"] == "base" and not s.tfs["J2"].revealed
    return s


def forgetful(view):
    """The view as it was before memory: the sampler then deals every hidden counter anywhere."""
    return {k: v for k, v in view.items() if k != "memory"}


# -- what is remembered -------------------------------------------------------------------------------------
def test_8_4_memory_never_excludes_where_an_enemy_ship_truly_is():
    """Over seeded random games, at every step: each remembered unit is an enemy unit the side cannot see now, and
    its true place is among those remembered. Nothing is remembered while task forces are formed (8.2): 11.0 has
    sent everything home and nothing is turned face up before the first sortie."""
    remembered = 0
    for seed in SEEDS:
        for s, _, _ in testing.random_game(GAME, seed):
            for side in SIDES:
                m = s.memory[side]
                if s.phase in ("initiative", "event", "task-force"):
                    assert not m, (seed, s.phase)
                if not m:
                    continue
                hidden = hidden_units(GAME.view(s, side), side)
                for u, places in m.items():
                    assert GAME.data.ships[u].side == other(side) and u in hidden, (seed, u, s.loc[u])
                    assert place(s, u) in places, (seed, s.step, u, s.loc[u], places)
                    remembered += 1
    assert remembered > 300


def test_10_4_a_ship_seen_going_home_is_remembered_in_base_by_the_other_side_only():
    s = seen_going_home()
    assert GAME.view(s, "usa")["memory"] == {"kongo": ["base"], "hiei": ["base"]}
    assert GAME.view(s, "japan")["memory"] == {}         # its own view: what Japan remembers of US ships
    assert "memory" not in GAME.public_view(s) and "memory" not in GAME.view(s, None)


def test_memory_follows_task_forces_face_up_and_going_home():
    """The rules on places, where a ship may be in more than one: a face-down task force going home turns its id
    into base (9.2); one turned face up (8.4) leaves every set, and its ships are seen, not remembered."""
    s = position([("J2", ["nagato", "mutsu"], "eastern-solomons", None), ("J3", ["atago"], "slot", None)])
    s.memory = {"japan": {}, "usa": {"kongo": frozenset({"base", "J2"}), "mutsu": frozenset({"J2", "J3"}),
                                     "hiei": frozenset({"base"})}}
    home = s.copy()
    memory.went_home(home, home.tfs["J2"])
    assert home.memory["usa"] == {"kongo": {"base"}, "mutsu": {"base", "J3"}, "hiei": {"base"}}
    seen = s.copy()
    memory.revealed(seen, seen.tfs["J2"]._replace(revealed=True))
    assert seen.memory["usa"] == {"kongo": {"base"}, "hiei": {"base"}}
    assert s.memory["usa"]["kongo"] == {"base", "J2"}          # the copies' changes never reach the original
    face_up = s.copy()
    memory.went_home(face_up, face_up.tfs["J3"]._replace(revealed=True))
    assert face_up.memory["usa"]["atago"] == {"base"} and face_up.memory["japan"] == {}


def test_8_4_memory_comes_from_what_the_side_saw_not_from_the_enemys_secret_task_forces():
    """Hidden alternatives: two games that differ only in which Japanese ships sail in the face-down J2 (the others
    in base) played on with the same answers: while J2 stays face down, the US views, memory included, are the
    same in both."""
    compared = with_memory = 0
    for seed in range(6):
        games = []
        for j2 in (["nagato", "mutsu", "atago", "takao"], ["chokai", "maya", "myoko", "nachi"]):
            s = position([("J1", ["kongo", "hiei"], "eastern-solomons", None), ("J2", j2, None, 1),
                          ("J3", ["aoba", "kinugasa"], "south-pacific", None)], initiative="usa", phasing="japan",
                         marker=2)
            games.append(s)
        rng = random.Random(seed)
        answers = ["move:J1:ironbottom"]
        while True:
            a, b = games
            if any(t.side == "japan" and t.revealed and t.id == "J2" for t in (*a.tfs.values(), *b.tfs.values())):
                break
            va, vb = GAME.view(a, "usa"), GAME.view(b, "usa")
            assert va == vb, (seed, a.step)
            compared += 1
            with_memory += bool(va["memory"])
            pa, pb = GAME.pause(a), GAME.pause(b)
            if isinstance(pa, End) or a.phase == "return":
                break
            if answers:
                answer = answers.pop()
            elif isinstance(pa, Chance):
                answer = testing.random_answer(pa, rng)
            else:
                common = [i for i in pa.ids() if i in set(pb.ids())]
                if not common:
                    break
                answer = rng.choice(common)
            games = [GAME.apply(a, answer), GAME.apply(b, answer)]
    assert compared > 40 and with_memory > 20, (compared, with_memory)


# -- saved states -------------------------------------------------------------------------------------------
def test_memory_is_saved_and_a_state_saved_without_it_remembers_nothing():
    s = seen_going_home()
    data = GAME.to_json(s)
    assert data["memory"] == {"japan": {}, "usa": {"hiei": ["base"], "kongo": ["base"]}}
    assert GAME.from_json(data) == s and GAME.from_json(data).memory == s.memory
    old = dict(data)
    del old["memory"]
    t = GAME.from_json(old)
    assert t.memory == NOTHING and GAME.view(t, "usa")["memory"] == {}
    assert "memory" not in GAME.to_json(GAME.new_state())      # nothing remembered: nothing saved


@pytest.mark.parametrize("bad, words", [({"germany": {}}, "unknown side 'germany'"),
                                        ({"usa": {"kongo": []}}, "non-empty lists of places"),
                                        (["kongo"], "must be an object")])
def test_a_broken_saved_memory_is_refused_saying_what_is_allowed(bad, words):
    data = GAME.to_json(seen_going_home())
    data["memory"] = bad
    with pytest.raises(ValueError, match=words):
        GAME.from_json(data)


# -- the sampler deals by memory ----------------------------------------------------------------------------
def test_10_4_every_sample_puts_a_ship_seen_going_home_in_base_where_the_old_sampler_did_not():
    """J2 was formed before Kongo and Hiei came home (8.2 forms every task force before any sails), so they can
    only be in base; dealt without memory, they land in J2 in some samples."""
    v = GAME.view(seen_going_home(), "usa")
    for k in range(60):
        smp = GAME.sample_state(v, random.Random(k))
        assert smp.loc["kongo"] == smp.loc["hiei"] == "base"
        assert GAME.view(smp, "usa") == v
    old = [GAME.sample_state(forgetful(v), random.Random(k)) for k in range(60)]
    assert any("tf:J2" in (smp.loc["kongo"], smp.loc["hiei"]) for smp in old)


def test_a_remembered_ship_with_two_places_is_dealt_into_both_and_the_rest_stays_open():
    """Memory that leaves two places open fixes neither: over many samples the ship is seen in both, and a ship not
    remembered is seen in base and in J2."""
    v = GAME.view(seen_going_home(), "usa")
    v["memory"]["kongo"] = ["J2", "base"]
    seen = defaultdict(set)
    for k in range(80):
        smp = GAME.sample_state(v, random.Random(k))
        assert smp.loc["hiei"] == "base" and place(smp, "kongo") in ("J2", "base")
        for u in ("kongo", "nagato"):
            seen[u].add(place(smp, u))
    assert seen["kongo"] == {"J2", "base"} and seen["nagato"] == {"J2", "base"}


def test_a_view_whose_memory_fits_no_face_down_place_is_refused():
    v = GAME.view(seen_going_home(), "usa")
    v["memory"]["kongo"] = ["J7"]
    with pytest.raises(ValueError, match="no face-down place"):
        GAME.sample_state(v, random.Random(1))


def test_8_4_every_sample_respects_the_memory_and_the_view():
    """Over seeded random games, at states where a side remembers something: the sample's view is the view (its
    memory included) and every remembered ship is where memory allows; the old sampler broke memory in some."""
    checked = broken_before = 0
    for seed in SEEDS:
        for i, (s, _, _) in enumerate(testing.random_game(GAME, seed)):
            for side in SIDES:
                if i % 2 or not s.memory[side]:
                    continue
                v = GAME.view(s, side)
                smp = GAME.sample_state(v, random.Random(i))
                assert GAME.view(smp, side) == v
                assert all(place(smp, u) in p for u, p in s.memory[side].items()), (seed, i, side)
                old = GAME.sample_state(forgetful(v), random.Random(i))
                broken_before += not all(place(old, u) in p for u, p in s.memory[side].items())
                checked += 1
    assert checked > 50 and broken_before > 0


def test_the_search_that_backs_the_sampler_up_keeps_memory_view_and_rules(monkeypatch):
    """With the direct deal and rejection sampling switched off, the depth-first search alone deals: every sample
    still gives the view it came from (counts, 8.2/9.2/9.6 compositions) and keeps memory; it is random."""
    from kaisen.games.pacific_fury import sampler
    monkeypatch.setattr(sampler, "TRIES_DIRECT", 0)
    monkeypatch.setattr(sampler, "TRIES", 0)
    v = GAME.view(seen_going_home(), "usa")
    places = set()
    for k in range(40):
        smp = GAME.sample_state(v, random.Random(k))
        assert smp.loc["kongo"] == smp.loc["hiei"] == "base" and GAME.view(smp, "usa") == v
        places.add(place(smp, "nagato"))
    assert places == {"J2", "base"}
    checked = 0
    for seed in SEEDS[:3]:
        for i, (s, _, _) in enumerate(testing.random_game(GAME, seed)):
            for side in SIDES:
                if i % 3 == 0 and s.phase == "operations":
                    v = GAME.view(s, side)
                    smp = GAME.sample_state(v, random.Random(i))
                    assert GAME.view(smp, side) == v, (seed, i, side)
                    assert all(place(smp, u) in p for u, p in s.memory[side].items())
                    checked += 1
    assert checked > 100
