"""The heuristic agent (ai.py): legal answers, fog of war, determinism, and clear wins over random."""
from __future__ import annotations

import copy
import random

from kaisen.agents.base import agent_names, make_agent
from kaisen.engine.core import Decision
from kaisen.engine import testing
from kaisen.engine.match import Match
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.ai import HeuristicAgent

SIDES = GAME.sides
FOE = {"japan": "usa", "usa": "japan"}


def play(agents: dict[str, object], seed: int, on_decision=None) -> Match:
    """One full seeded game; each agent gets only its own side's view."""
    return testing.play_agents(GAME, agents, seed, on_decision)


def heuristic_vs_random(heuristic_side: str, seed: int) -> Match:
    agents = {heuristic_side: make_agent(GAME.id, "heuristic", heuristic_side, seed=seed),
              FOE[heuristic_side]: make_agent(GAME.id, "random", FOE[heuristic_side], seed=seed)}
    return play(agents, seed)


def test_the_heuristic_is_registered_for_pacific_fury():
    assert "heuristic" in agent_names(GAME.id)
    agent = make_agent(GAME.id, "heuristic", "japan", seed=3)
    assert isinstance(agent, HeuristicAgent) and agent.name == "heuristic" and agent.side == "japan"


def test_its_own_answers_are_always_legal_from_both_sides():
    """Every decision of full games (both sides, against itself and against random) is answered by the
    rules logic with a listed option id; the random safety net of choose() is never needed."""
    steps: dict[str, int] = {}

    class Strict(HeuristicAgent):
        def choose(self, view, decision):
            oid = self.decide(view, decision)
            assert oid in decision.ids(), (view["control"]["step"], oid, decision.ids())
            step = view["control"]["step"].partition(":")[0]
            steps[step] = steps.get(step, 0) + 1
            return oid

    for seed in range(8):
        play({s: Strict(s, seed) for s in SIDES}, seed)
        for side in SIDES:
            play({side: Strict(side, seed), FOE[side]: make_agent(GAME.id, "random", FOE[side], seed=seed)}, 100 + seed)
    # the games went through every kind of decision the heuristic has a rule for
    assert {"form", "op", "alloc", "rtb", "strike-next"} <= set(steps)


def test_choices_depend_only_on_the_view():
    """Fog of war (8.4): a state sampled from the side's view hides different enemy ships yet gives the
    same view; a twin agent (same seed, same history) shown that view and the same decision answers
    the same, so nothing outside the view steers the heuristic. (A sample whose view is not identical
    to the original is a sampler matter and is only counted.)"""
    rng = random.Random(7)
    checked = hidden_differs = unequal_views = 0
    for seed in (2, 5):
        agents = {s: HeuristicAgent(s, seed) for s in SIDES}
        m = Match(GAME, seed=seed)

        def choose(d: Decision) -> str:
            nonlocal checked, hidden_differs, unequal_views
            agent = agents[d.side]
            view = GAME.view(m.state, d.side)
            twin = copy.deepcopy(agent)
            answer = agent.choose(view, d)
            alt = GAME.sample_state(view, rng)
            alt_view = GAME.view(alt, d.side)
            if alt_view != view:
                unequal_views += 1
                return answer
            assert twin.choose(alt_view, d) == answer
            checked += 1
            hidden_differs += alt.loc != m.state.loc or alt.tfs != m.state.tfs
            return answer

        m.run(choose)
    assert checked > 300 and unequal_views < checked // 10
    # the samples really did move the hidden ships around (not more: where the side's memory, issue 15, puts every
    # ship it saw go home in base, about a tenth of these decisions leave the deal fixed)
    assert hidden_differs > checked * 2 // 5


def test_same_seed_same_game():
    def record(seed):
        return play({s: make_agent(GAME.id, "heuristic", s, seed=seed) for s in SIDES}, seed).record.answers

    assert record(4) == record(4)


GAMES = 100     # per side; seeds 0..99 (deterministic: seeded dice and seeded agents)


def baseline(seed: int) -> int:
    """Random against random on the same seed: the final marker (+ US, - Japan)."""
    agents = {s: make_agent(GAME.id, "random", s, seed=seed) for s in SIDES}
    return play(agents, seed).pause().score


def test_heuristic_japan_beats_random_usa():
    """Random Japan wins well under 5% against random US (US holds Henderson Field and the initiative);
    the heuristic as Japan must win at least 85% (it won all 1,000 benchmark games)."""
    wins = sum(heuristic_vs_random("japan", seed).pause().winner == "japan" for seed in range(GAMES))
    random_wins = sum(baseline(seed) < 0 for seed in range(GAMES))
    assert random_wins <= GAMES // 20
    assert wins >= 0.85 * GAMES


def test_heuristic_usa_beats_random_japan():
    """Random US already wins ~98% against random Japan; the heuristic US must lose at most one game in
    a hundred and push the marker clearly further (mean final box at least half a box higher)."""
    ends = [heuristic_vs_random("usa", seed).pause() for seed in range(GAMES)]
    wins = sum(e.winner == "usa" for e in ends)
    mean = sum(e.score for e in ends) / GAMES
    random_mean = sum(baseline(seed) for seed in range(GAMES)) / GAMES
    assert wins >= GAMES - 1
    assert mean >= random_mean + 0.5
