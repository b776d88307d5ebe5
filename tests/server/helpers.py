"""Helpers for the server tests."""
from __future__ import annotations


def create(client, game="pacific-fury", **spec):
    spec.setdefault("seats", None)
    body = {"game": game, **{k: v for k, v in spec.items() if v is not None}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def tok(payload):
    """The decision token of a payload's pending answer ("" when the reader has none)."""
    return payload["pending"].get("decision_token", "")


def answer(client, token, ans, decision_token):
    return client.post(f"/api/seat/{token}/answer", json={"answer": ans, "decision_token": decision_token})


def steps(client, game_id):
    """The game's answer count, read from the server's memory (no payload carries it)."""
    return client.app.state.server.live[game_id].steps
