"""The HTTP API: create, list, join, act, refuse; tokens; restart persistence; AI seats; manual dice; SSE."""
from __future__ import annotations

import base64
import hashlib
import json
import random
import secrets
import sqlite3

import pytest

from kaisen.engine.record import Record, replay
from kaisen.registry import get_game
from .helpers import answer, answer_and_see, create, steps, tok

PF = get_game("pacific-fury")


def random_option(payload, rng):
    return rng.choice(payload["pending"]["options"])["id"]


def steps_in_db(db, game_id):
    with sqlite3.connect(db) as con:
        return con.execute("SELECT count(*) FROM answers WHERE game_id = ?", (game_id,)).fetchone()[0]


def test_create_returns_one_private_link_per_human_seat_and_a_spectator_link(client):
    made = create(client, seats={"japan": "human", "usa": "human"}, title="Friday night")
    assert set(made["links"]) == {"japan", "usa"}
    assert made["links"]["japan"].endswith("/play/" + made["tokens"]["japan"])
    assert made["spectator"].endswith("/play/" + made["tokens"]["spectator"])
    assert len(set(made["tokens"].values())) == 3
    listing = client.get("/api/games").json()["games"]
    assert [(g["id"], g["game"], g["title"], g["status"], g["seats"]) for g in listing] == \
        [(made["game_id"], "pacific-fury", "Friday night", "playing", {"japan": "human", "usa": "human"})]
    text = client.get("/api/games").text
    assert not any(t in text for t in made["tokens"].values()) and '"seed"' not in text


def test_an_ai_seat_gets_no_link(client):
    made = create(client, seats={"japan": "random", "usa": "human"})
    assert set(made["links"]) == {"usa"}


def test_tokens_have_at_least_128_bits_and_only_their_digest_is_stored(client, db):
    made = create(client, seats={"japan": "human", "usa": "human"})
    for t in made["tokens"].values():
        assert len(base64.urlsafe_b64decode(t + "=" * (-len(t) % 4))) * 8 >= 128
    raw = b"".join(p.read_bytes() for p in db.parent.glob("games.sqlite3*"))
    for t in made["tokens"].values():
        assert t.encode() not in raw
    with sqlite3.connect(db) as con:
        hashes = {h for (h,) in con.execute("SELECT hash FROM tokens")}
    assert hashes == {hashlib.sha256(t.encode()).hexdigest() for t in made["tokens"].values()}


def test_a_token_opens_exactly_its_seat_of_its_game(client):
    a = create(client, seats={"japan": "human", "usa": "human"})
    b = create(client, game="fury-at-midway", seats={"japan": "human", "usa": "human"})
    for made, game in ((a, "pacific-fury"), (b, "fury-at-midway")):
        for side in ("japan", "usa"):
            p = client.get(f"/api/seat/{made['tokens'][side]}").json()
            assert (p["game"], p["game_id"], p["side"], p["view"]["side"]) == (game, made["game_id"], side, side)
        spec = client.get(f"/api/seat/{made['tokens']['spectator']}").json()
        assert spec["side"] is None and spec["view"] == get_game(game).public_view(
            client.app.state.server.live[made["game_id"]].state)


@pytest.mark.parametrize("path", ["", "/record", "/events"])
def test_unknown_or_malformed_tokens_get_the_same_404(client, path):
    made = create(client, seats={"japan": "human", "usa": "human"})
    real = made["tokens"]["japan"]
    bodies = set()
    for bad in (secrets.token_urlsafe(24), real[:-1] + ("A" if real[-1] != "A" else "B"), "x", "../../etc",
                real + "x", "%00"):
        r = client.get(f"/api/seat/{bad}{path}")
        assert r.status_code == 404
        bodies.add(r.text)
    r = client.post(f"/api/seat/{secrets.token_urlsafe(24)}/answer", json={"answer": "x", "decision_token": "x"})
    assert r.status_code == 404
    bodies.add(r.text)
    assert len(bodies) == 1
    assert "exist" not in bodies.pop()


def test_play_a_decision_and_the_other_seat_sees_it_move_on(client):
    made = create(client, seats={"japan": "human", "usa": "human"})
    j, u = made["tokens"]["japan"], made["tokens"]["usa"]
    p = client.get(f"/api/seat/{j}").json()
    assert p["pending"]["kind"] == "decision" and p["pending"]["side"] == "japan" and "step" not in p
    before_u = client.get(f"/api/seat/{u}").json()
    assert before_u["pending"] == {"kind": "waiting", "for": "decision", "side": "japan", "seat": "human"}
    opt = p["pending"]["options"][0]["id"]
    r = answer(client, j, opt, tok(p))
    assert r.status_code == 200 and r.json()["version"] != p["version"]
    assert r.json()["pending"].get("decision_token") != tok(p)
    after_u = client.get(f"/api/seat/{u}").json()
    assert after_u["version"] != before_u["version"]      # Japan's move shows in the US's payload (PF 8.4)
    assert steps_in_db(client.app.state.server.store.path, made["game_id"]) == steps(client, made["game_id"]) >= 1


def test_refusals_name_the_rule_and_write_nothing(client, db):
    made = create(client, seats={"japan": "human", "usa": "human"})
    j, u, s = made["tokens"]["japan"], made["tokens"]["usa"], made["tokens"]["spectator"]
    pause = PF.pause(PF.new_state())
    t0 = tok(client.get(f"/api/seat/{j}").json())
    r = answer(client, j, "no-such-option", t0)           # illegal option
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["rule"] == pause.rule and err["given"] == "no-such-option" and err["allowed"] == pause.ids()
    assert answer(client, j, 3, t0).status_code == 422      # wrong type for a decision
    r = answer(client, j, pause.ids()[0], "0" * 24)        # a token that is not the pending decision's
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    assert "moved on" in r.json()["error"]["reason"] and set(r.json()["error"]) == {"code", "reason"}
    r = answer(client, u, pause.ids()[0], t0)              # out of turn / wrong seat
    assert r.status_code == 409 and r.json()["error"]["code"] == "not-your-turn"
    assert answer(client, s, pause.ids()[0], t0).status_code == 403   # spectators never answer
    url = f"/api/seat/{j}/answer"
    r = client.post(url, content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad-json"
    for body in ([1, 2], {"answer": "x"}, {"answer": "x", "decision_token": 0}, {"decision_token": t0},
                 {"answer": "x", "decision_token": t0, "extra": 1}, "text", {"answer": "x", "step": 0}):
        r = client.post(url, json=body)
        assert r.status_code == 422 and r.json()["error"]["reason"], body
    r = client.post(url, content=b'{"answer": "' + b"x" * 70000 + b'", "decision_token": "x"}')
    assert r.status_code == 413 and r.json()["error"]["code"] == "too-large"
    r = client.post(url, content=iter([b'{"answer": "', b"x" * 40000, b"x" * 40000, b'", "decision_token": "x"}']))
    assert r.status_code == 413                              # chunked, no content-length
    assert steps_in_db(db, made["game_id"]) == 0
    assert tok(client.get(f"/api/seat/{j}").json()) == t0
    assert answer(client, j, pause.ids()[0], t0).status_code == 200   # the game is unharmed


def test_create_refusals_write_nothing(client):
    bad = [{"game": "chess"}, {"game": "pacific-fury", "seats": {"japan": "human"}},
           {"game": "pacific-fury", "seats": {"japan": "human", "usa": "grandmaster"}},
           {"game": "pacific-fury", "options": {"no-such-rule": True}},
           {"game": "pacific-fury", "options": {"tokyo-express-combat": "yes"}},
           {"game": "pacific-fury", "scenario": "no-such"}, {"game": "pacific-fury", "dice": "loaded"},
           {"game": "pacific-fury", "seed": -1}, {"game": "pacific-fury", "seed": "1"},
           {"game": "pacific-fury", "title": 5}, {"game": "pacific-fury", "surprise": 1},
           {"game": "pacific-fury", "dice": "manual", "seats": {"japan": "random", "usa": "random"}}]
    for body in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422, body
        assert r.json()["error"]["reason"]
    r = client.post("/api/games", json={"game": "pacific-fury", "options": {"no-such-rule": True}})
    assert r.json()["error"]["rule"] == "setup" and r.json()["error"]["allowed"] == ["tokyo-express-combat"]
    assert client.post("/api/games", content=b"[").status_code == 400
    assert client.post("/api/games", json=[1]).status_code == 422
    assert client.get("/api/games").json()["games"] == []


def test_a_killed_server_restarts_with_every_game_where_it_was(make_client):
    first = make_client()
    made = create(first, seats={"japan": "human", "usa": "human"})
    other = create(first, game="fury-at-midway", seats={"japan": "random", "usa": "human"}, seed=2)
    tokens = made["tokens"]
    rng = random.Random(1)
    for _ in range(25):
        for side in ("japan", "usa"):
            p = first.get(f"/api/seat/{tokens[side]}").json()
            if p["pending"]["kind"] == "decision":
                assert answer(first, tokens[side], random_option(p, rng), tok(p)).status_code == 200
                break
    before = {t: first.get(f"/api/seat/{t}").json() for t in list(tokens.values()) + [other["tokens"]["usa"]]}
    state_before = PF.to_json(first.app.state.server.live[made["game_id"]].state)
    assert steps(first, made["game_id"]) >= 25
    second = make_client()                    # a new app on the same file: nothing cached
    assert second.app.state.server.live == {}
    after = {t: second.get(f"/api/seat/{t}").json() for t in before}
    assert after == before
    assert PF.to_json(second.app.state.server.live[made["game_id"]].state) == state_before
    assert second.get("/api/games").json() == first.get("/api/games").json()
    # and play goes on from there
    for side in ("japan", "usa"):
        p = after[tokens[side]]
        if p["pending"]["kind"] == "decision":
            assert answer(second, tokens[side], p["pending"]["options"][0]["id"], tok(p)).status_code == 200


def test_seeded_dice_are_the_same_after_a_restart(make_client):
    one, two = make_client(), make_client()
    a = create(one, seats={"japan": "random", "usa": "human"}, seed=77)
    b = create(two, seats={"japan": "random", "usa": "human"}, seed=77)
    # same seed, same AI seed, same dice: two servers (one db) agree on the game
    pa = one.get(f"/api/seat/{a['tokens']['usa']}").json()
    pb = two.get(f"/api/seat/{b['tokens']['usa']}").json()
    assert pa["view"] == pb["view"] and pa["log"] == pb["log"]


def test_ai_seats_move_by_themselves(client):
    made = create(client, seats={"japan": "random", "usa": "random"}, seed=3)
    g = client.get("/api/games").json()["games"][0]
    assert g["status"] == "over" and g["result"]["winner"] in ("japan", "usa", None) and g["steps"] > 50
    assert g["updated"] is not None             # both shown once the game is over
    made = create(client, seats={"japan": "heuristic", "usa": "human"}, seed=4)
    u = made["tokens"]["usa"]
    p = client.get(f"/api/seat/{u}").json()
    rng = random.Random(2)
    n = 0
    while p["pending"]["kind"] != "end":
        assert p["pending"]["kind"] == "decision" and p["pending"]["side"] == "usa"   # the AI has moved
        p = answer_and_see(client, u, random_option(p, rng), tok(p))
        n += 1
    assert p["result"] is not None and p["status"] == "over" and n < steps(client, made["game_id"])


def test_record_and_omniscient_view_only_after_the_end(client):
    made = create(client, seats={"japan": "human", "usa": "random"}, seed=8)
    j, s = made["tokens"]["japan"], made["tokens"]["spectator"]
    r = client.get(f"/api/seat/{j}/record")
    assert r.status_code == 403 and r.json()["error"]["code"] == "not-over"
    assert client.get(f"/api/seat/{s}/record").status_code == 403
    rng = random.Random(3)
    p = client.get(f"/api/seat/{j}").json()
    while p["pending"]["kind"] != "end":
        p = answer_and_see(client, j, random_option(p, rng), tok(p))
    out = client.get(f"/api/seat/{s}/record").json()
    rec = Record.from_dict(out["record"], expect_game="pacific-fury")
    state, _ = replay(PF, rec)
    assert out["final_view"] == PF.view(state, None) and rec.seed == 8 and len(rec.answers) == steps(client, made["game_id"])
    spec = client.get(f"/api/seat/{s}").json()
    assert spec["view"] == PF.view(state, None) and set(spec["views"]) == {"japan", "usa"}
    assert answer(client, j, "x", "x").json()["error"]["code"] == "over"


def test_manual_dice_are_entered_by_a_seat_that_sees_them(client, db):
    made = create(client, seats={"japan": "human", "usa": "human"}, dice="manual")
    t = made["tokens"]
    rng = random.Random(4)
    for _ in range(400):
        ps = {side: client.get(f"/api/seat/{t[side]}").json() for side in ("japan", "usa")}
        dice = [s for s, p in ps.items() if p["pending"]["kind"] == "dice"]
        if dice:
            break
        side = next(s for s, p in ps.items() if p["pending"]["kind"] == "decision")
        assert answer(client, t[side], random_option(ps[side], rng), tok(ps[side])).status_code == 200
    else:
        pytest.fail("no dice came up")
    p = ps[dice[0]]
    pend = p["pending"]
    assert pend["reason"] and pend["count"] == len(pend["sides"]) >= 1
    step = steps(client, made["game_id"])
    bad = [[0] * pend["count"], [1] * (pend["count"] + 1), ["6"] * pend["count"], "roll"]
    for faces in bad:
        r = answer(client, t[dice[0]], faces, tok(p))
        assert r.status_code == 422 and r.json()["error"]["rule"], faces
    assert answer(client, t["spectator"], [1] * pend["count"], tok(p)).status_code == 403
    assert steps_in_db(db, made["game_id"]) == step
    faces = [min(6, s) for s in pend["sides"]]
    r = answer(client, t[dice[0]], faces, tok(p))
    assert r.status_code == 200 and steps(client, made["game_id"]) >= step + 1
    assert client.app.state.server.live[made["game_id"]].answers[step] == tuple(faces)


def test_manual_dice_a_human_may_not_see_are_rolled_by_the_server(client):
    """Fury at Midway: the US seat is not told how many dice Japan's card draw takes (the view hides it), so
    with Japan an AI the server rolls them instead of asking the US player."""
    made = create(client, game="fury-at-midway", seats={"japan": "random", "usa": "human"}, dice="manual", seed=1)
    p = client.get(f"/api/seat/{made['tokens']['usa']}").json()
    assert steps(client, made["game_id"]) > 0 and p["pending"]["kind"] in ("decision", "dice")


def test_a_game_that_cannot_be_restored_does_not_break_the_others(make_client, db):
    first = make_client()
    good = create(first, seats={"japan": "human", "usa": "human"})
    bad = create(first, seats={"japan": "human", "usa": "human"})
    with sqlite3.connect(db) as con:
        con.execute("INSERT INTO answers (game_id, n, answer, at) VALUES (?, 0, '\"no-such-option\"', 0)", (bad["game_id"],))
        con.execute("UPDATE games SET steps = 1 WHERE id = ?", (bad["game_id"],))
    second = make_client()
    r = second.get(f"/api/seat/{bad['tokens']['japan']}")
    assert r.status_code == 503 and r.json()["error"]["code"] == "unavailable"
    assert second.get(f"/api/seat/{good['tokens']['japan']}").status_code == 200
    assert len(second.get("/api/games").json()["games"]) == 2


def sse_payloads(text):
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def test_events_stream_pushes_the_payload_after_every_change(client):
    made = create(client, seats={"japan": "human", "usa": "human"})
    j, u = made["tokens"]["japan"], made["tokens"]["usa"]
    r = client.get(f"/api/seat/{u}/events?limit=1")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    assert sse_payloads(r.text) == [client.get(f"/api/seat/{u}").json()]
    import threading
    p = client.get(f"/api/seat/{j}").json()
    got = []
    def listen():
        got.append(client.get(f"/api/seat/{u}/events?limit=2&interval=0.02").text)
    th = threading.Thread(target=listen)
    th.start()
    import time
    time.sleep(0.3)
    assert answer(client, j, p["pending"]["options"][0]["id"], tok(p)).status_code == 200
    th.join(10)
    pushed = sse_payloads(got[0])
    assert pushed[0]["version"] != pushed[1]["version"]
    now = client.get(f"/api/seat/{u}").json()
    assert pushed[1]["log_from"] == pushed[0]["log_size"] == len(pushed[0]["log"])   # the second: what is new
    assert pushed[0]["log"] + pushed[1]["log"] == now["log"]
    assert {k: v for k, v in pushed[1].items() if k not in ("log", "log_from")} == \
        {k: v for k, v in now.items() if k not in ("log", "log_from")}
    ids = [line[4:] for line in got[0].splitlines() if line.startswith("id: ")]
    assert ids == [f'{x["version"]}:{x["log_size"]}' for x in pushed]   # the reader's version, never a step
    assert client.get(f"/api/seat/{secrets.token_urlsafe(24)}/events").status_code == 404
