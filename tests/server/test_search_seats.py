"""The search AI's levels seat an AI in the browser like any agent (issue 15, item 2): every game lists them, and a
game created with one plays on: the search answers on the thinker worker, from its side's view."""
from __future__ import annotations

from kaisen.agents.ismcts import ISMCTSAgent

from .helpers import create, settle


def test_every_game_offers_the_three_search_levels_as_ai_seats(client):
    games = client.get("/api/games/meta").json()["games"]
    assert len(games) == 5
    for g in games:
        assert [s for s in g["seats"] if s.startswith("ismcts")] == ["ismcts-easy", "ismcts-normal", "ismcts-hard"]


def test_a_game_with_a_search_seat_is_played_by_it_until_the_persons_turn(client):
    made = create(client, seats={"usa": "human", "japan": "ismcts-easy"})     # Japan forms its task forces first
    settle(client)
    live = client.app.state.server.live[made["game_id"]]
    assert isinstance(live.agents["japan"], ISMCTSAgent)
    p = client.get(f"/api/seat/{made['tokens']['usa']}").json()
    assert p["pending"]["kind"] == "decision" and p["pending"]["side"] == "usa"
    assert live.sources.count("japan") >= 5           # the search gave Japan's answers before the US's turn


def test_an_ai_seat_rebuilt_after_a_restart_has_been_shown_its_sides_past_decisions(make_client, monkeypatch):
    """A restarted server rebuilds the game's AI seats; each is shown again every past decision of its own side,
    from its own side's view (`Agent.recall`), so that a heuristic's memory (the strikes it saw, its plans)
    survives the restart. Never a decision of the person's side."""
    from kaisen.agents import base
    first = make_client()
    made = create(first, seats={"usa": "human", "japan": "heuristic"})
    settle(first)
    live = first.app.state.server.live[made["game_id"]]
    japan = [a for a, src in zip(live.answers, live.sources) if src == "japan"]
    assert len(japan) >= 5
    shown = []
    monkeypatch.setattr(base.Agent, "recall", lambda self, view, decision, answer: shown.append(
        (self.side, view["side"], decision.side, answer)))
    second = make_client()
    p = second.get(f"/api/seat/{made['tokens']['usa']}").json()       # loads the game: AI seats rebuilt
    assert p["pending"]["kind"] == "decision"
    assert [a for *_, a in shown] == japan
    assert all(s == v == d == "japan" for s, v, d, _ in shown)
