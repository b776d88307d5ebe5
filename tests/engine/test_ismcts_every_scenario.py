"""Issue 15: the search AI works on every scenario of every registered game. For each game, each scenario and
each side, `ismcts-easy` (its budget shrunk to a few iterations, no time limit) plays a seeded game against the
heuristic: it searches its first three decisions with a real choice that a search looks into and two later ones
(the heuristic answers for it in between, so the game goes past its opening set-up), each answer is one of the
options offered, and the search really ran from samples of its own view (iterations done; a sampler that cannot
stand at the decision fails here). A decision the game says a search cannot see into (`Game.search_sees`) is
answered by the heuristic and not counted."""
from __future__ import annotations

import random

import pytest

from kaisen.agents.base import _GAME_AGENTS, make_agent
from kaisen.agents.ismcts import Budget, ISMCTSAgent
from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.registry import GAMES, get_game

CHEAP = Budget(iterations=6, seconds=None, rollout_steps=4)
AT = (0, 1, 2, 15, 40)       # the side's searchable decisions with a real choice it answers (counted from 0)
STEPS = 6000                 # engine steps at most before the searches are done

CASES = [(g, sc.id, side) for g in GAMES for sc in get_game(g).scenarios for side in get_game(g).sides]


def _opponent(game_id: str, side: str, seed: int):
    name = "heuristic" if (game_id, "heuristic") in _GAME_AGENTS else "random"
    return make_agent(game_id, name, side, seed)


@pytest.mark.parametrize("game_id,scenario,side", CASES, ids=[f"{g}:{sc}:{side}" for g, sc, side in CASES])
def test_ismcts_easy_searches_every_scenario_from_its_own_view(game_id, scenario, side):
    game = get_game(game_id)
    search = make_agent(game_id, "ismcts-easy", side, 7)
    assert isinstance(search, ISMCTSAgent)
    search.budget = CHEAP
    foe = next(x for x in game.sides if x != side)
    agents = {side: _opponent(game_id, side, 6), foe: _opponent(game_id, foe, 8)}
    rng = random.Random(9)
    s = game.new_state(scenario)
    choices, kinds = 0, []
    for _ in range(STEPS):
        p = game.pause(s)
        if isinstance(p, End) or choices > AT[-1]:
            break
        if not isinstance(p, Decision):
            s = game.apply(s, testing.random_answer(p, rng))
            continue
        searchable = p.side == side and len(p.options) > 1 and game.search_sees(p)
        searching = searchable and choices in AT
        agent = search if searching else agents[p.side]
        answer = agent.choose(game.view(s, p.side), p)
        assert answer in p.ids(), (p.side, p.kind, answer)
        if searching:
            assert search.last["iterations"] == CHEAP.iterations, (p.kind, search.last)
            kinds.append(p.kind)
        if searchable:
            choices += 1
        s = game.apply(s, answer)
    assert len(kinds) >= 3, f"only {len(kinds)} searches ({kinds}) before the end or {STEPS} steps"
