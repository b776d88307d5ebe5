"""A loaded game's AI seats remember what they saw (issue 15: an AI that keeps its memory across a reload of the
game): `Agent.recall` shows an agent each past decision of its own side, from its own view, when a record is
replayed (`engine.record.replay(watch=agents.base.recall_decisions(...))`), as the server and the terminal do."""
from __future__ import annotations

import pytest

from kaisen.agents import base
from kaisen.agents.base import make_agent, recall_decisions
from kaisen.agents.ismcts import LEVELS, ISMCTSAgent
from kaisen.engine.match import Match
from kaisen.engine.record import replay
from kaisen.registry import get_game


def play(game, seed, names, upto=None):
    """A seeded game played by `names` (side -> agent name) from their views; the agents and the match."""
    agents = {s: make_agent(game.id, n, s, seed) for s, n in names.items()}
    m = Match(game, seed=seed, agents=names)
    n = 0
    while not m.over and (upto is None or n < upto):
        p = m.pause()
        if p.__class__.__name__ == "Chance":
            m.roll()
        else:
            m.answer(agents[p.side].choose(game.view(m.state, p.side), p), p)
        n += 1
    return agents, m


def memory(agent) -> str:
    """Everything a Fury at Midway heuristic remembers, as text (its random stream included)."""
    return repr((vars(agent.mem), agent.us_struck, agent.own_hits, agent.hold, agent.rng.getstate()))


@pytest.mark.parametrize("seed", [0, 3])
def test_a_fury_at_midway_heuristic_rebuilt_from_the_record_remembers_what_the_one_that_played_did(seed):
    """FaM's Japanese heuristic remembers the US strikes it saw (card 10 is kept back unless one attacked: 12.0)
    and its choices in the attack under way: rebuilt on a reload with the same seed, it holds the same memory."""
    game = get_game("fury-at-midway")
    agents, m = play(game, seed, {"japan": "heuristic", "usa": "heuristic"}, upto=900)
    fresh = {s: make_agent(game.id, "heuristic", s, seed) for s in game.sides}
    untold = make_agent(game.id, "heuristic", "japan", seed)
    replay(game, m.record, watch=recall_decisions(game, fresh))
    for side in game.sides:
        assert memory(fresh[side]) == memory(agents[side])
    assert memory(untold) != memory(agents["japan"])         # without recall the memory is lost


def test_recall_shows_each_seat_its_own_sides_decisions_only_from_its_own_view(monkeypatch):
    game = get_game("pacific-fury")
    _, m = play(game, 5, {"japan": "random", "usa": "random"}, upto=300)
    seen = []
    monkeypatch.setattr(base.Agent, "recall",
                        lambda self, view, decision, answer: seen.append((self.side, view["side"], decision.side,
                                                                         answer)))
    replay(game, m.record, watch=recall_decisions(game, {"japan": make_agent(game.id, "random", "japan", 1)}))
    japan = [a for a, st in zip(m.record.answers, m.history) if st.side == "japan"]
    assert len(japan) > 5 and len(seen) == len(japan)
    assert all(s == v == d == "japan" for s, v, d, _ in seen)
    assert [a for *_, a in seen] == japan


def test_a_search_recalls_through_its_own_heuristic_without_searching():
    game = get_game("fury-at-midway")
    _, m = play(game, 2, {"japan": "heuristic", "usa": "heuristic"}, upto=400)
    agent = ISMCTSAgent(game, "japan", 1, budget=LEVELS["easy"])
    played, _ = play(game, 2, {"japan": "heuristic", "usa": "heuristic"}, upto=400)
    replay(game, m.record, watch=recall_decisions(game, {"japan": agent}))
    assert agent.own is not None and agent.last == {}            # its heuristic saw them; no search was made
    assert agent.own.us_struck == played["japan"].us_struck and vars(agent.own.mem) == vars(played["japan"].mem)
