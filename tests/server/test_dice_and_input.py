"""Issue 10 §1, §2 and §4 on the server: no step count anywhere, decision tokens, dice nobody can choose or
predict (a committed secret, revealed after the end), manual dice entered by the seat whose roll it is, hostile
input refused with 4xx JSON, only the static assets served, and old database files migrated. Each test failed
on the code before (review browser-and-server.md H1, H2, L2, L5)."""
from __future__ import annotations

import hashlib
import json
import random
import sqlite3

import pytest

from kaisen.engine.dice import derive_faces
from kaisen.engine.record import Record, verify_dice
from kaisen.registry import get_game

from .helpers import answer, answer_and_see, create, steps, tok

PF = get_game("pacific-fury")
HUMANS = {"japan": "human", "usa": "human"}


def fixed_secret(client, text="s"):
    secret = hashlib.sha256(text.encode()).digest()
    client.app.state.server.draw_secret = lambda: secret
    return secret


# -- §1: no step count ------------------------------------------------------------------------------------------
def test_no_payload_or_list_entry_counts_answers_before_the_end(client):
    made = create(client, seats=HUMANS)
    j = made["tokens"]["japan"]
    p = client.get(f"/api/seat/{j}").json()
    assert answer(client, j, p["pending"]["options"][0]["id"], tok(p)).status_code == 200
    for t in made["tokens"].values():
        assert "step" not in client.get(f"/api/seat/{t}").json()
    entry = client.get("/api/games").json()["games"][0]
    assert entry["status"] == "playing" and entry["steps"] is None and entry["updated"] is None


def test_the_old_step_field_is_refused_with_a_reason(client):
    made = create(client, seats=HUMANS)
    j = made["tokens"]["japan"]
    p = client.get(f"/api/seat/{j}").json()
    r = client.post(f"/api/seat/{j}/answer", json={"answer": p["pending"]["options"][0]["id"], "step": 0})
    assert r.status_code == 422 and r.json()["error"]["field"] == "step"
    assert "decision_token" in r.json()["error"]["reason"]
    assert steps(client, made["game_id"]) == 0


def test_a_decision_token_answers_once(client):
    made = create(client, seats=HUMANS)
    j = made["tokens"]["japan"]
    p = client.get(f"/api/seat/{j}").json()
    opt = p["pending"]["options"][0]["id"]
    r = answer(client, j, opt, "é" * 8)             # not ASCII: refused as stale, not a crash
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    assert answer(client, j, opt, tok(p)).status_code == 200
    n = steps(client, made["game_id"])
    for bad in ("é" * 8, "", "x" * 64):
        assert answer(client, j, opt, bad).status_code == 409
    again = answer(client, j, opt, tok(p))          # the same request twice (a double click, a retry)
    assert again.status_code == 409 and again.json()["error"]["code"] == "stale"
    assert steps(client, made["game_id"]) == n


def test_sse_with_last_event_id_pushes_nothing_until_the_reader_payload_changes(client):
    made = create(client, seats=HUMANS)
    u = made["tokens"]["usa"]
    v = client.get(f"/api/seat/{u}").json()["version"]
    text = client.get(f"/api/seat/{u}/events", params={"wait": 0}, headers={"Last-Event-ID": v}).text
    assert "data:" not in text
    text = client.get(f"/api/seat/{u}/events", params={"wait": 0}, headers={"Last-Event-ID": "old"}).text
    assert f"id: {v}" in text


# -- §2: dice -----------------------------------------------------------------------------------------------------
def test_a_client_seed_is_refused_with_two_humans_and_accepted_with_one(client):
    r = client.post("/api/games", json={"game": "pacific-fury", "seats": HUMANS, "seed": 5})
    assert r.status_code == 422 and r.json()["error"]["field"] == "seed"
    assert "two or more human" in r.json()["error"]["reason"] and "knows every roll" in r.json()["error"]["reason"]
    assert client.get("/api/games").json()["games"] == []
    create(client, seats={"japan": "human", "usa": "random"}, seed=5)


def test_every_reader_sees_the_commitment_and_the_record_reveals_the_secret_after_the_end(client):
    secret = fixed_secret(client, "commit")
    made = create(client, seats={"japan": "human", "usa": "random"})
    want = hashlib.sha256(secret).hexdigest()
    for t in made["tokens"].values():
        p = client.get(f"/api/seat/{t}").json()
        assert p["dice_commitment"] == want and p["dice_scheme"] == "kaisen-dice-v1"
        assert secret.hex() not in json.dumps(p)
    j = made["tokens"]["japan"]
    p = client.get(f"/api/seat/{j}").json()
    rng = random.Random(1)
    while p["pending"]["kind"] != "end":
        p = answer_and_see(client, j, rng.choice(p["pending"]["options"])["id"], tok(p))
    rec = client.get(f"/api/seat/{j}/record").json()["record"]
    assert rec["dice"]["secret"] == secret.hex() and rec["dice"]["commitment"] == want and rec["seed"] is None
    record = Record.from_dict(rec)
    assert verify_dice(PF, record).ok and len(record.dice.rolled) > 5
    i = record.dice.rolled[0]
    state = PF.new_state()
    for a in record.answers[:i]:
        state = PF.apply(state, a)
    assert record.answers[i] == derive_faces(secret, i, PF.pause(state).dice)


def test_ai_seats_are_seeded_from_the_secret(make_client):
    def game(secret_text):
        client = make_client()
        fixed_secret(client, secret_text)
        made = create(client, seats={"japan": "random", "usa": "random"})
        return client.get(f"/api/seat/{made['tokens']['spectator']}/record").json()["record"]["answers"]
    assert game("a") == game("a") != game("b")


def manual_game(client, at_table):
    made = create(client, seats=HUMANS, dice="manual", at_table=at_table)
    t = made["tokens"]
    rng = random.Random(4)
    for _ in range(400):
        ps = {s: client.get(f"/api/seat/{t[s]}").json() for s in ("japan", "usa")}
        if any(p["pending"]["kind"] == "dice" for p in ps.values()):
            return made, ps
        side = next(s for s, p in ps.items() if p["pending"]["kind"] == "decision")
        assert answer(client, t[side], rng.choice(ps[side]["pending"]["options"])["id"], tok(ps[side])).status_code == 200
    pytest.fail("no dice came up")


def test_remote_manual_dice_are_entered_only_by_the_seat_whose_roll_it_is(client):
    made, ps = manual_game(client, at_table=False)
    live = client.app.state.server.live[made["game_id"]]
    roller = live.last_decider
    other = "usa" if roller == "japan" else "japan"
    assert ps[roller]["pending"]["kind"] == "dice"
    assert ps[other]["pending"] == {"kind": "waiting", "for": "dice", "side": None, "seat": None}
    faces = [1] * ps[roller]["pending"]["count"]
    r = answer(client, made["tokens"][other], faces, "x")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not-your-turn"
    assert answer(client, made["tokens"][roller], faces, tok(ps[roller])).status_code == 200


def test_at_one_table_any_human_seat_enters_the_dice(client):
    made, ps = manual_game(client, at_table=True)
    assert all(p["at_table"] for p in ps.values())
    dice = [s for s, p in ps.items() if p["pending"]["kind"] == "dice"]
    if len(dice) == 2:           # both seats see this roll: either may enter it
        assert ps["japan"]["pending"]["reason"] and ps["usa"]["pending"]["reason"]
    r = client.post("/api/games", json={"game": "pacific-fury", "at_table": "yes"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "at_table"


# -- §4: hostile input ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("body", [
    b"[" * 20000 + b"]" * 20000,                            # deeper than Python's recursion limit
    b'{"game": ' + b"[" * 100 + b"]" * 100 + b"}",          # deeper than the server allows
    b'{"game": "pacific-fury", "seed": ' + b"9" * 5000 + b"}",   # an integer Python will not read
    b'{"game": "pacific-fury", "title": "\\ud800"}',        # a lone surrogate
    b'{"game": "pacific-fury", "\\udfff": 1}',              # ... as a key
])
def test_hostile_bodies_get_400_json_never_500(client, body):
    made = create(client, seats=HUMANS)
    for url in ("/api/games", f"/api/seat/{made['tokens']['japan']}/answer", "/api/replay"):
        r = client.post(url, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400, (url, r.status_code, r.text[:200])
        assert r.json()["error"]["code"] == "bad-json" and r.json()["error"]["reason"]
    assert len(client.get("/api/games").json()["games"]) == 1


def test_dice_too_large_and_surrogate_answers_are_refused_cleanly(client):
    made, ps = manual_game(client, at_table=True)
    side = next(s for s, p in ps.items() if p["pending"]["kind"] == "dice")
    t, p = made["tokens"][side], ps[side]
    n = p["pending"]["count"]
    for faces in ([10 ** 30] * n, [2 ** 63] * n, [10 ** 4000] * n):
        r = answer(client, t, faces, tok(p))
        assert r.status_code == 422 and r.json()["error"]["code"] == "illegal"
    r = client.post(f"/api/seat/{t}/answer", content=b'{"answer": "\\ud800", "decision_token": "x"}')
    assert r.status_code == 400


def test_only_the_static_assets_are_served_under_web(client):
    for path in ("/web/__init__.py", "/web/index.html", "/web/__pycache__", "/web/../app.py", "/web/"):
        assert client.get(path).status_code == 404, path
    assert client.get("/web/play.js").status_code == 200 and client.get("/web/style.css").status_code == 200


# -- migration ------------------------------------------------------------------------------------------------------
OLD_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, scenario TEXT NOT NULL, options TEXT NOT NULL,
    seed INTEGER NOT NULL, dice TEXT NOT NULL, seats TEXT NOT NULL, title TEXT NOT NULL, created REAL NOT NULL,
    updated REAL NOT NULL, status TEXT NOT NULL, steps INTEGER NOT NULL DEFAULT 0, result TEXT);
CREATE TABLE answers (game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, answer TEXT NOT NULL,
    at REAL NOT NULL, PRIMARY KEY (game_id, n));
CREATE TABLE tokens (hash TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games(id), side TEXT);
"""


def test_a_games_file_from_before_committed_dice_still_loads_and_plays_on(make_client, db):
    from kaisen.server.seats import digest, new_token
    j, u = new_token(), new_token()
    state = PF.new_state()
    first = PF.pause(state).ids()[0]
    with sqlite3.connect(db) as con:
        con.executescript(OLD_SCHEMA)
        con.execute("INSERT INTO games VALUES ('old1', 'pacific-fury', 'campaign', '{\"tokyo-express-combat\": false}',"
                    " 42, 'seeded', ?, 'old game', 0, 0, 'playing', 1, NULL)", (json.dumps(HUMANS),))
        con.execute("INSERT INTO answers VALUES ('old1', 0, ?, 0)", (json.dumps(first),))
        con.executemany("INSERT INTO tokens VALUES (?, 'old1', ?)", [(digest(j), "japan"), (digest(u), "usa")])
    client = make_client()
    p = client.get(f"/api/seat/{j}").json()
    assert p["title"] == "old game" and p["dice_commitment"] is None and p["pending"]["kind"] == "decision"
    assert answer(client, j, p["pending"]["options"][0]["id"], tok(p)).status_code == 200
    with sqlite3.connect(db) as con:
        cols = {r[1] for r in con.execute("PRAGMA table_info(games)")} | {r[1] for r in con.execute("PRAGMA table_info(answers)")}
    assert {"secret", "at_table", "source"} <= cols


def test_uploaded_records_with_bad_fields_get_422_never_500(client):
    made = create(client, seats={"japan": "random", "usa": "random"})
    rec = client.get(f"/api/seat/{made['tokens']['spectator']}/record").json()["record"]
    for bad in (dict(rec, agents=[1]), dict(rec, agents="x"), dict(rec, dice=[1]),
                dict(rec, dice=dict(rec["dice"], rolled=[True])), dict(rec, dice=dict(rec["dice"], commitment="zz" * 32))):
        r = client.post("/api/replay", json={"record": bad, "step": 1})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad-record", r.text
