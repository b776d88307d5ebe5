"""Helpers for the server tests."""
from __future__ import annotations


def settle(client):
    """Wait until the server's worker has given every answer that is the server's (AI seats, server dice)."""
    assert client.app.state.server.settle(60), "the server's worker did not finish its moves"


def create(client, game="pacific-fury", **spec):
    spec.setdefault("seats", None)
    body = {"game": game, **{k: v for k, v in spec.items() if v is not None}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    settle(client)
    return r.json()


def tok(payload):
    """The decision token of a payload's pending answer ("" when the reader has none)."""
    return payload["pending"].get("decision_token", "")


def answer(client, token, ans, decision_token):
    """POST an answer, then wait for the server's own answers that follow it (the AI's, the server's dice)."""
    r = client.post(f"/api/seat/{token}/answer", json={"answer": ans, "decision_token": decision_token})
    settle(client)
    return r


def steps(client, game_id):
    """The game's answer count, read from the server's memory (no payload carries it)."""
    return client.app.state.server.live[game_id].steps


def answer_and_see(client, token, ans, decision_token):
    """Answer, let the server give its own answers (AI seats, dice), and return the seat's payload then."""
    r = answer(client, token, ans, decision_token)
    assert r.status_code == 200, r.text
    return client.get(f"/api/seat/{token}").json()


class LiveStream:
    """A page's SSE connection held open in a thread (as a browser holds it): every message it received, in
    order, as (id, payload). It ends when the server closes its streams (`Server.close`) or the stream's own
    `limit`/`wait`."""

    def __init__(self, client, token, params=None, headers=None):
        import queue
        import threading
        self.messages: list[tuple[str, dict]] = []
        self.comments = 0
        self.raw: list[str] = []
        self._new = queue.Queue()
        self._thread = threading.Thread(target=self._read, args=(client, token, params or {}, headers or {}),
                                        daemon=True)
        self._thread.start()

    def _read(self, client, token, params, headers):
        import json
        try:
            with client.stream("GET", f"/api/seat/{token}/events", params=params, headers=headers) as r:
                eid, data = None, None
                for line in r.iter_lines():
                    self.raw.append(line)
                    if line.startswith(":"):
                        self.comments += 1
                        self._new.put(("comment", None))
                    elif line.startswith("id: "):
                        eid = line[4:]
                    elif line.startswith("data: "):
                        data = json.loads(line[6:])
                    elif line == "" and data is not None:
                        self.messages.append((eid, data))
                        self._new.put(("payload", (eid, data)))
                        eid, data = None, None
        finally:
            self._new.put(("end", None))

    def next(self, timeout=60.0):
        """The next thing the stream received: ("payload", (id, payload)), ("comment", None) or ("end", None)."""
        return self._new.get(timeout=timeout)

    def until_version(self, version, timeout=60.0):
        """Wait until the last payload received has this version (the stream caught up with the game)."""
        import queue
        while not self.messages or self.messages[-1][1]["version"] != version:
            try:
                kind, _ = self._new.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no push of version {version} came") from None
            assert kind != "end", "the stream ended"

    def join(self, timeout=60.0):
        self._thread.join(timeout)
        assert not self._thread.is_alive(), "the stream did not end"


def sse_messages(text: str) -> list:
    """The (id, payload) of each message in a Server-Sent Events text."""
    import json
    out, eid = [], None
    for line in text.splitlines():
        if line.startswith("id: "):
            eid = line[4:]
        elif line.startswith("data: "):
            out.append((eid, json.loads(line[6:])))
    return out
