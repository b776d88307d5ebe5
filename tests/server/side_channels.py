"""The side-channel harness for any game over HTTP (issue 10, "No side channels" in DESIGN.md).

`received_by_others(make_client, game_id, hidden_side, reach, script_a, script_b)` plays two games of `game_id`
through the HTTP API, every seat human, that are answered identically until `reach` says the hidden side's
secret decision has come, then differ only in that side's answers (`script_a` against `script_b`), and then go
on identically until every other side has been asked to answer once more (or the game ends). For every reader
that is not the hidden side (the other sides and the spectator) it collects everything the reader receives:
- its payload after every answer of the game (GET), with consecutive repeats dropped, since a reader that asks
  twice and gets the same bytes has learned nothing new;
- the SSE events a reader that stays connected would get: after each answer, one `?wait=0` request with
  `Last-Event-ID` set to the last event id it saw (the stream pushes only when the reader's version changed), so
  the count of SSE events and each event's id and payload are compared;
- the game's entry in the public list (`GET /api/games`);
- with `live=True`, the messages of one SSE connection the reader holds open for the whole game (pushed, never
  reconnected: log deltas from its own last message), compared once the stream has caught up after each answer.
The two games must give each of these readers byte-identical sequences (JSON text, `game_id` left out: it is
the one field that names the game itself and is random per game). Versions and decision tokens are inside the
payloads, so they are compared too.

Dice: both games roll manual dice at one table (`dice: manual, at_table: true`) and the harness enters the same
faces in both (a fixed generator, in the order the rolls come), so the two games never differ by a die. Both
games share one dice secret (the server's `draw_secret` is fixed by the harness), so the published commitment
and the decision tokens can be compared byte for byte as well."""
from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Callable, Sequence

from kaisen.registry import get_game

from .helpers import LiveStream, sse_messages

Chooser = str | Callable[[list[str]], str]      # an option id, or a function of the offered ids


def first(prefix: str) -> Callable[[list[str]], str]:
    """A chooser: the first offered option whose id starts with `prefix`."""
    def pick(ids: list[str]) -> str:
        hits = [i for i in ids if i.startswith(prefix)]
        assert hits, f"no option starting with {prefix!r} among {ids[:12]}"
        return hits[0]
    return pick


def _sse(client, token: str, last_id: str | None) -> list[tuple[str, dict[str, Any]]]:
    headers = {"Last-Event-ID": last_id} if last_id is not None else {}
    return sse_messages(client.get(f"/api/seat/{token}/events", params={"wait": 0, "interval": 0.02},
                                   headers=headers).text)


def _strip(payload: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in payload.items() if k != "game_id"}, sort_keys=True)


def _play(client, game_id: str, hidden_side: str, reach: Callable[[dict[str, Any]], bool], script: Sequence[Chooser],
          seed: int, max_answers: int, live: bool = False) -> tuple[dict[Any, dict[str, list]], Any]:
    game = get_game(game_id)
    client.app.state.server.draw_secret = lambda: hashlib.sha256(f"side-channel-test:{seed}".encode()).digest()
    made = client.post("/api/games", json={"game": game_id, "seats": {s: "human" for s in game.sides},
                                           "dice": "manual", "at_table": True, "title": "side channels"})
    assert made.status_code == 201, made.text
    made = made.json()
    tokens = {s: made["tokens"][s] for s in game.sides}
    tokens[None] = made["tokens"]["spectator"]
    readers = [s for s in [*game.sides, None] if s != hidden_side]
    got = {r: {"payloads": [], "sse": [], "list": []} for r in readers}
    last_id: dict[Any, str | None] = {r: None for r in readers}
    streams = {r: LiveStream(client, tokens[r]) for r in readers} if live else {}
    rngs = {s: random.Random(f"{seed}:{s}") for s in game.sides}
    dice_rng = random.Random(f"{seed}:dice")
    phase = "prefix"           # prefix -> script -> after (until every other side is asked once) -> done
    todo = list(script)
    asked: set[str] = set()

    def observe() -> None:
        for r in readers:
            p = client.get(f"/api/seat/{tokens[r]}").json()
            if r in streams:            # the page that stayed connected has been pushed this version
                streams[r].until_version(p["version"])
            text = _strip(p)
            if not got[r]["payloads"] or got[r]["payloads"][-1] != text:
                got[r]["payloads"].append(text)
            for eid, payload in _sse(client, tokens[r], last_id[r]):
                assert eid == f'{payload["version"]}:{payload["log_size"]}'   # the version and the log size
                got[r]["sse"].append((eid, _strip(payload)))
                last_id[r] = eid
            entry = next(g for g in client.get("/api/games").json()["games"] if g["id"] == made["game_id"])
            text = json.dumps({k: v for k, v in entry.items() if k not in ("id", "created")}, sort_keys=True)
            if not got[r]["list"] or got[r]["list"][-1] != text:
                got[r]["list"].append(text)

    observe()
    for _ in range(max_answers):
        pays = {s: client.get(f"/api/seat/{tokens[s]}").json() for s in game.sides}
        if any(p["pending"]["kind"] == "end" for p in pays.values()):
            break
        if phase == "prefix" and pays[hidden_side]["pending"]["kind"] == "decision" and reach(pays[hidden_side]):
            phase = "script"
        if phase == "script" and not todo:
            phase = "after"
        dice = [s for s in game.sides if pays[s]["pending"]["kind"] == "dice"]
        if dice:
            side = next((s for s in dice if s != hidden_side), dice[0])
            p = pays[side]
            ans: Any = [dice_rng.randint(1, k) for k in p["pending"]["sides"]]
        else:
            side = next(s for s in game.sides if pays[s]["pending"]["kind"] == "decision")
            p = pays[side]
            ids = [o["id"] for o in p["pending"]["options"]]
            if phase == "after" and side != hidden_side:
                asked.add(side)
                if asked >= set(readers) - {None}:
                    break         # every other side has been asked after the secret answers: compare up to here
            if phase == "script" and side == hidden_side:
                c = todo.pop(0)
                ans = c(ids) if callable(c) else c
            elif phase == "after" and side == hidden_side:
                ans = ids[0]      # the hidden side goes on the same way in both games, whatever its view
            else:
                ans = ids[rngs[side].randrange(len(ids))]
        r = client.post(f"/api/seat/{tokens[side]}/answer",
                        json={"answer": ans, "decision_token": p["pending"]["decision_token"]})
        assert r.status_code == 200, r.text
        assert client.app.state.server.settle(60)      # the server's own answers (dice no seat types), if any
        observe()
    assert phase == "after" and not todo, f"the hidden decision never came or the script was not used (phase {phase})"
    game_state = game.to_json(client.app.state.server.live[made["game_id"]].state)
    client.app.state.server.close()          # ends the open streams
    for r, stream in streams.items():
        stream.join()
        got[r]["live"] = [(eid, _strip(payload)) for eid, payload in stream.messages]
    return got, game_state


def received_by_others(make_client, game_id: str, hidden_side: str, reach: Callable[[dict[str, Any]], bool],
                       script_a: Sequence[Chooser], script_b: Sequence[Chooser], seed: int = 1,
                       max_answers: int = 600, live: bool = False) -> dict[Any, dict[str, list]]:
    """Play the two games (each on its own server) and assert every other reader received the very same bytes;
    returns what they received (for further checks). `live`: each other reader also holds one SSE connection
    open for the whole game (a page that never reconnects), and its messages are compared too."""
    a, state_a = _play(make_client(), game_id, hidden_side, reach, script_a, seed, max_answers, live)
    b, state_b = _play(make_client(), game_id, hidden_side, reach, script_b, seed, max_answers, live)
    assert state_a != state_b, "the two scripts left the same state: the test would prove nothing"
    for reader in a:
        who = reader or "the spectator"
        for what in ("payloads", "sse", "list", "live")[:4 if live else 3]:
            assert len(a[reader][what]) == len(b[reader][what]), f"{who}: {what}: {len(a[reader][what])} against " \
                                                                 f"{len(b[reader][what])}"
            for i, (x, y) in enumerate(zip(a[reader][what], b[reader][what])):
                assert x == y, f"{who}: {what} #{i} differs"
        assert a[reader]["sse"], f"{who} received no SSE event"
    return a
