"""Helpers for the server tests."""
from __future__ import annotations


def create(client, game="pacific-fury", **spec):
    spec.setdefault("seats", None)
    body = {"game": game, **{k: v for k, v in spec.items() if v is not None}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def answer(client, token, ans, step):
    return client.post(f"/api/seat/{token}/answer", json={"answer": ans, "step": step})
