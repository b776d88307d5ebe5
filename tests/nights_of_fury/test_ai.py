"""The Nights of Fury heuristic (ai.py): registered, legal, beats random, and each blunder seen while reading its
battles turned into a situation where the bad choice is refused."""
from __future__ import annotations

import random

import pytest

from kaisen.agents.base import agent_names, make_agent
from kaisen.engine.core import Chance, Decision, End
from kaisen.games.nights_of_fury import GAME
from kaisen.games.nights_of_fury.ai import HeuristicAgent
from kaisen.games.nights_of_fury.state import Fire

D = GAME.data
OTHER = {"usn": "ijn", "ijn": "usn"}


def at(scenario: str, step: str, phase: str, *, turn: int = 2, initiative: str = "usn", bands=None, damage=None,
       detected=None, sunk=(), fire: Fire | None = None, moving: str = "", todo=(), mistaken=None):
    """A battle of `scenario` set as given and paused at `step` of `phase` (the agent sees it as in play)."""
    s = GAME.new_state(scenario).copy()
    s.turn, s.initiative, s.phase, s.step = turn, initiative, phase, step
    for div, band in (bands or {}).items():
        s.divisions[div] = s.divisions[div]._replace(band=band)
    for q, (st, fl) in (damage or {}).items():
        s.ships[q] = s.ships[q]._replace(structure=st, flotation=fl)
    for q in sunk:
        s.ships[q] = s.ships[q]._replace(status="sunk", flotation=D.ships[q].flotation)
    s.detected = dict(detected or {})
    s.fire, s.moving, s.todo = fire, moving, tuple(todo)
    s.mistaken = dict(mistaken or {})
    s.cache = None
    return s


def answer(s, seed: int = 0, agent: HeuristicAgent | None = None) -> str:
    p = GAME.pause(s)
    assert isinstance(p, Decision)
    agent = agent or make_agent(GAME.id, "heuristic", p.side, seed)
    return agent.choose(GAME.view(s, p.side), p)


def play(scenario: str, heuristic_side: str, seed: int) -> End:
    rng = random.Random(seed)
    agents = {sd: make_agent(GAME.id, "heuristic" if sd == heuristic_side else "random", sd, seed)
              for sd in GAME.sides}
    s = GAME.new_state(scenario)
    while not isinstance(p := GAME.pause(s), End):
        s = GAME.apply(s, tuple(rng.randint(1, x) for x in p.dice) if isinstance(p, Chance)
                       else agents[p.side].choose(GAME.view(s, p.side), p))
    return p


def test_the_heuristic_is_registered_for_nights_of_fury():
    assert "heuristic" in agent_names(GAME.id)
    for side in GAME.sides:
        agent = make_agent(GAME.id, "heuristic", side, seed=1)
        assert isinstance(agent, HeuristicAgent) and agent.side == side


def test_its_own_answers_are_legal_and_never_need_the_safety_net():
    """Every decision of seeded battles (every scenario, heuristic against itself) is answered by the rules
    logic with a listed option id."""
    class Strict(HeuristicAgent):
        def choose(self, view, decision):
            oid = self.decide(view, decision)
            assert oid in {o.id for o in decision.options}, (decision.kind, oid)
            return oid

    for i, scenario in enumerate(D.data.scenarios):
        rng = random.Random(i)
        agents = {sd: Strict(sd, i) for sd in GAME.sides}
        s = GAME.new_state(scenario)
        while not isinstance(p := GAME.pause(s), End):
            s = GAME.apply(s, tuple(rng.randint(1, x) for x in p.dice) if isinstance(p, Chance)
                           else agents[p.side].choose(GAME.view(s, p.side), p))


@pytest.mark.parametrize("scenario", ["cape-esperance", "guadalcanal-night-2", "tassafaronga"])
def test_it_beats_random_from_both_sides(scenario):
    """A small sample of heuristic against random (seeded; every scenario and side is measured in the report)."""
    wins = sum(play(scenario, side, seed).winner == side for side in GAME.sides for seed in range(3))
    assert wins >= 5


# -- blunders seen in its battles, each refused ---------------------------------------------------------
def test_d8_the_last_division_does_not_leave_the_battle_while_behind():
    """Tokyo Express, seed 2: the PT boats disengaged at band 1 with nothing sunk; the battle ended at once (a
    side with no ship left) and the IJN won. A last division behind on VP stays; one ahead may go."""
    s = at("tokyo-express-dec-11", "leave:usn-pt", "disengage", bands={"usn-pt": 1},
           damage={q: (1, 0) for q in ("pt37", "pt40", "pt44", "pt48", "pt59")}, sunk=("pt59",))
    assert answer(s) == "stay"
    s = at("tokyo-express-dec-11", "leave:usn-pt", "disengage", bands={"usn-pt": 1},
           damage={q: (1, 0) for q in ("pt37", "pt40", "pt44", "pt48", "pt59")}, sunk=("kagero_dd", "urakaze"))
    assert answer(s) == "disengage"


def test_d3_outgunned_destroyers_without_fire_control_radar_do_not_charge_long_lances():
    """Savo Island: the two picket destroyers ran at Mikawa's five cruisers and were sunk by Long Lances on
    turns 2-3. Outgunned and without fire-control radar, they keep out of Type 93 reach."""
    s = at("savo-island", "move:usn-pickets", "movement", turn=2, bands={"ijn-1": 9, "usn-pickets": 6},
           moving="usn", todo=("usn-pickets",))
    assert answer(s) != "band:7"


def test_d3_a_damaged_ship_is_detached_toward_her_home_edge():
    """C: Aoba with half her boxes filled leaves her division to disengage toward the IJN's home band 10."""
    s = at("cape-esperance", "move:ijn-1", "movement", damage={"aoba": (3, 2)}, moving="ijn", todo=("ijn-1",))
    assert answer(s) == "detach:aoba:disengage-10"


def test_d3_a_supply_division_heads_for_the_coast_and_lies_there():
    """Tassafaronga: the supply destroyers make for the Guadalcanal coast (band 5) and stay there a turn."""
    s = at("tassafaronga", "move:ijn-supply", "movement", bands={"ijn-supply": 7}, moving="ijn",
           todo=("ijn-supply",))
    assert answer(s) == "band:6"
    s = at("tassafaronga", "move:ijn-supply", "movement", bands={"ijn-supply": 5}, moving="ijn",
           todo=("ijn-supply",))
    assert answer(s) == "hold"


def test_d5_scott_holds_the_hidden_destroyers_fire_and_fires_the_cruisers():
    """The Cape Esperance report: Blue fires its cruisers only, so that its undetected destroyers stay hidden
    within Long Lance reach. The cruisers fire; with them done, Blue ceases fire rather than fire the DDs."""
    cruisers = ("san_francisco", "salt_lake_city", "boise", "helena")
    det = {"usn>ijn-1": 1, "usn>ijn-2": 2}
    s = at("cape-esperance", "pick:gunnery", "gunnery", turn=1, bands={"usn-1": 4, "usn-2": 4, "ijn-1": 7,
                                                                      "ijn-2": 7},
           detected=det, fire=Fire("gunnery", "usn"))
    assert answer(s).split(":")[1] in cruisers
    s = at("cape-esperance", "pick:gunnery", "gunnery", turn=1, bands={"usn-1": 4, "usn-2": 4, "ijn-1": 7,
                                                                      "ijn-2": 7},
           detected=det, fire=Fire("gunnery", "usn", fired=cruisers))
    assert answer(s) == "cease"


def test_d5_an_undetected_cruiser_division_fires_all_the_same():
    """Savo Island, turn 2: a cruiser division (Canberra, Chicago and two DDs) held its guns as though it were a
    hidden torpedo division; only an all-destroyer division holds fire to stay hidden."""
    s = at("savo-island", "pick:gunnery", "gunnery", bands={"usn-south": 6, "ijn-1": 8},
           detected={"usn>ijn-1": 1}, fire=Fire("gunnery", "usn"))
    assert answer(s) != "cease"


def test_i_a_friend_taken_for_the_enemy_must_be_fired_on():
    """I: a ship that takes a friend for the enemy must make a gunnery attack on her this turn: she is offered
    only that friend, no "hold", and her side may not cease fire before she has fired."""
    f = Fire("gunnery", "usn", shooter="boise", left=(0,), weapon=0)
    s = at("cape-esperance", "aim:gunnery", "gunnery", fire=f, mistaken={"boise": "duncan"})
    ids = [o.id for o in GAME.pause(s).options]
    assert "hold" not in ids and len(ids) == 1
    agent = make_agent(GAME.id, "heuristic", "usn", 0)
    agent.shooter = "boise"
    assert answer(s, agent=agent) == ids[0]
    s = at("cape-esperance", "pick:gunnery", "gunnery", fire=Fire("gunnery", "usn"), mistaken={"boise": "duncan"})
    assert "cease" not in [o.id for o in GAME.pause(s).options]


def test_d5_the_nearer_damaged_target_is_preferred():
    """D.5: of two spotted enemy ships at the same range, the damaged one (nearer to sinking) is fired on."""
    f = Fire("gunnery", "usn", shooter="boise", left=(0,), weapon=0)
    s = at("cape-esperance", "aim:gunnery", "gunnery", bands={"usn-1": 5, "ijn-1": 6}, detected={"usn>ijn-1": 1},
           damage={"furutaka": (2, 1)}, fire=f)
    agent = make_agent(GAME.id, "heuristic", "usn", 0)
    agent.shooter = "boise"
    assert answer(s, agent=agent) == "at:ijn-1:2"          # Furutaka is #2 in the stack


def test_j_searchlights_only_without_radar_and_with_the_enemy_close():
    """J: the USN (radar) never lights up; the IJN lights up a division with the enemy 2 bands away, not 5."""
    s = at("cape-esperance", "lights:usn", "detection", bands={"usn-1": 5, "ijn-1": 6})
    s.todo = ("usn",)
    assert answer(s) == "dark"
    s = at("cape-esperance", "lights:ijn", "detection", bands={"usn-1": 5, "usn-2": 5, "ijn-1": 7, "ijn-2": 9})
    s.todo = ("ijn",)
    assert answer(s) == "lights:ijn-1"
    s = at("cape-esperance", "lights:ijn", "detection", bands={"usn-1": 3, "usn-2": 3, "ijn-1": 8, "ijn-2": 8})
    s.todo = ("ijn",)
    assert answer(s) == "dark"
