"""The server keeps up (issue 14, item 3): pages are pushed to, not polled for; the log goes as what is new; the
AI plays on the server's worker, never in a request; memory is bounded; the public list pages.

Waits here are for an event to happen (a push, the worker finishing), each with a generous limit that only
turns a hang into a failure; nothing asserts how long anything took."""
from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient

from kaisen.server import runner, stream
from kaisen.server.app import create_app
from kaisen.server.runner import Server
from kaisen.server.store import Store

from .helpers import LiveStream, answer, create, settle, sse_messages, tok

HUMANS = {"japan": "human", "usa": "human"}


def wait_for(condition, what: str, limit: float = 30.0) -> None:
    import time
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, f"{what} did not happen"
        time.sleep(0.005)


def parked(live) -> bool:
    """A stream of this game is waiting on the game's notifier (a pending future, no timer loop)."""
    return live.changed.waiting > 0


# -- push, not poll --------------------------------------------------------------------------------------------
def test_a_page_is_pushed_the_other_sides_answer_while_its_stream_sleeps_on_the_notifier(client):
    made = create(client, seats=HUMANS)
    j, u = made["tokens"]["japan"], made["tokens"]["usa"]
    live = client.app.state.server.live[made["game_id"]]
    page = LiveStream(client, u)
    kind, (eid, first) = page.next()
    assert kind == "payload" and first == client.get(f"/api/seat/{u}").json()
    wait_for(lambda: parked(live), "the stream parking on the notifier")
    p = client.get(f"/api/seat/{j}").json()
    assert answer(client, j, p["pending"]["options"][0]["id"], tok(p)).status_code == 200
    kind, (eid, pushed) = page.next()
    now = client.get(f"/api/seat/{u}").json()
    assert kind == "payload" and pushed["version"] == now["version"] != first["version"]
    assert eid == f'{now["version"]}:{now["log_size"]}'
    client.app.state.server.close()
    page.join()


def test_an_idle_stream_sends_only_keep_alive_comments_and_a_wake_up_without_a_change_sends_nothing(
        client, monkeypatch):
    monkeypatch.setattr(stream, "KEEP_ALIVE", 0.05)
    made = create(client, seats=HUMANS)
    j, u = made["tokens"]["japan"], made["tokens"]["usa"]
    live = client.app.state.server.live[made["game_id"]]
    page = LiveStream(client, u)
    assert page.next()[0] == "payload"
    for _ in range(3):                  # nothing happens in the game: keep-alive comments, no payload
        assert page.next() == ("comment", None)
    for _ in range(5):                  # woken with nothing new for this reader: still no payload
        live.changed.bump()
    p = client.get(f"/api/seat/{j}").json()
    assert answer(client, j, p["pending"]["options"][0]["id"], tok(p)).status_code == 200
    while (got := page.next())[0] == "comment":
        pass
    assert got[0] == "payload" and got[1][1]["version"] == client.get(f"/api/seat/{u}").json()["version"]
    assert len(page.messages) == 2      # the first payload and the answer: the wake-ups sent nothing
    client.app.state.server.close()
    page.join()


def test_the_stream_ignores_a_polling_interval_and_refuses_a_negative_log_from(client):
    made = create(client, seats=HUMANS)
    u = made["tokens"]["usa"]
    r = client.get(f"/api/seat/{u}/events", params={"interval": 0.001, "wait": 0})
    assert r.status_code == 200 and r.text.count("event: payload") == 1
    for url in (f"/api/seat/{u}", f"/api/seat/{u}/events"):
        r = client.get(url, params={"log_from": -1})
        assert r.status_code == 422 and r.json()["error"]["field"] == "log_from"
        assert "0 or more" in r.json()["error"]["reason"]


# -- the log as deltas -----------------------------------------------------------------------------------------
def test_log_deltas_concatenate_to_each_readers_whole_log_and_count_only_what_it_may_read(client):
    """Fury at Midway has events private to one side, so the readers' logs differ in length: each delta starts at
    the reader's own count (log_size), and the deltas of GET, POST and SSE add up to the reader's whole log."""
    made = create(client, game="fury-at-midway", seats=HUMANS)
    t = made["tokens"]
    readers = {"japan": t["japan"], "usa": t["usa"], None: t["spectator"]}
    have = {r: [] for r in readers}             # the log each page rebuilt from deltas
    last = {r: None for r in readers}           # its last SSE id
    sizes_differ = False
    import random
    rng = random.Random(5)
    for _ in range(120):
        for r, token in readers.items():
            headers = {"Last-Event-ID": last[r]} if last[r] else {}
            text = client.get(f"/api/seat/{token}/events", params={"wait": 0, "log_from": len(have[r])},
                              headers=headers).text
            for eid, p in sse_messages(text):
                assert p["log_from"] == len(have[r]) and p["log_size"] == len(have[r]) + len(p["log"])
                have[r] += p["log"]
                last[r] = eid
            whole = client.get(f"/api/seat/{token}").json()
            assert whole["log_from"] == 0 and have[r] == whole["log"]
        sizes_differ |= len(have["japan"]) != len(have["usa"])
        ps = {s: client.get(f"/api/seat/{readers[s]}").json() for s in ("japan", "usa")}
        side = next((s for s, p in ps.items() if p["pending"]["kind"] == "decision"), None)
        if side is None:
            break
        p = ps[side]
        r = client.post(f"/api/seat/{readers[side]}/answer", params={"log_from": len(have[side])},
                        json={"answer": rng.choice(p["pending"]["options"])["id"], "decision_token": tok(p)})
        assert r.status_code == 200
        q = r.json()                           # the answer's reply is a delta too
        assert q["log_from"] == len(have[side]) and q["log_size"] == len(have[side]) + len(q["log"])
        settle(client)
    assert sizes_differ, "the two sides' logs never differed in length: the test would prove nothing"


def test_a_reconnecting_page_gets_only_the_log_it_lacks_and_a_stale_claim_gets_the_whole_log(client):
    made = create(client, seats=HUMANS)
    j, u = made["tokens"]["japan"], made["tokens"]["usa"]
    first = now = client.get(f"/api/seat/{u}").json()
    for _ in range(200):                    # play on until the US log has grown
        if now["log_size"] > first["log_size"]:
            break
        side, p = next((t, q) for t in (j, u) if (q := client.get(f"/api/seat/{t}").json())["pending"]["kind"]
                       == "decision")
        answer(client, side, p["pending"]["options"][-1]["id"], tok(p))
        now = client.get(f"/api/seat/{u}").json()
    assert now["log_size"] > first["log_size"]
    text = client.get(f"/api/seat/{u}/events", params={"wait": 0},
                      headers={"Last-Event-ID": f'{first["version"]}:{first["log_size"]}'}).text
    [(eid, pushed)] = sse_messages(text)
    assert pushed["log_from"] == first["log_size"] and first["log"] + pushed["log"] == now["log"]
    beyond = client.get(f"/api/seat/{u}", params={"log_from": now["log_size"] + 5}).json()
    assert beyond["log_from"] == 0 and beyond["log"] == now["log"]     # a page that claims too much: all of it


def test_a_finished_games_spectator_gets_the_whole_log_again(client):
    """The spectator's log is the one that is rewritten at the end (private events join it): never a delta."""
    made = create(client, seats={"japan": "random", "usa": "random"}, seed=3)
    s = made["tokens"]["spectator"]
    p = client.get(f"/api/seat/{s}", params={"log_from": 4}).json()
    assert p["status"] == "over" and p["log_from"] == 0 and len(p["log"]) == p["log_size"]
    assert p["log"] == client.get(f"/api/seat/{s}/record").json()["log"]     # the whole log, private lines too


# -- the AI on the worker ----------------------------------------------------------------------------------------
class Gated:
    """An agent that waits for the test to let it move, and notes the thread it moved on."""

    def __init__(self, inner, gate: threading.Event, threads: list[str], entered: threading.Event):
        self.inner, self.gate, self.threads, self.entered = inner, gate, threads, entered

    def choose(self, view, decision):
        self.entered.set()
        assert self.gate.wait(60), "the test never let the AI move"
        self.threads.append(threading.current_thread().name)
        return self.inner.choose(view, decision)


def gate_agents(monkeypatch):
    gate, threads, entered = threading.Event(), [], threading.Event()
    made_agent = runner.make_agent
    monkeypatch.setattr(runner, "make_agent", lambda *a, **k: Gated(made_agent(*a, **k), gate, threads, entered))
    return gate, threads, entered


def test_the_ai_moves_on_the_servers_worker_and_requests_are_answered_while_it_thinks(client, monkeypatch):
    gate, threads, entered = gate_agents(monkeypatch)
    r = client.post("/api/games", json={"game": "pacific-fury", "seats": {"japan": "random", "usa": "human"},
                                        "seed": 4})
    assert r.status_code == 201             # answered while the AI (Japan moves first) has not moved at all
    made = r.json()
    u, s = made["tokens"]["usa"], made["tokens"]["spectator"]
    live = client.app.state.server.live[made["game_id"]]
    assert live.steps == 0 and live.moving
    page = LiveStream(client, u)
    kind, (_, first) = page.next()
    assert first["pending"] == {"kind": "waiting", "for": "decision", "side": "japan", "seat": "random"}
    assert entered.wait(30)                 # the AI is thinking now, on the worker
    assert client.get(f"/api/seat/{s}").status_code == 200      # and requests are answered meanwhile
    assert client.get("/api/games").json()["games"][0]["status"] == "playing"
    gate.set()
    while True:                              # the AI's moves come to the page by push
        kind, got = page.next()
        assert kind == "payload"
        if got[1]["pending"]["kind"] == "decision":
            break
    settle(client)
    assert threads and set(threads) == {"kaisen-mover"}
    p = client.get(f"/api/seat/{u}").json()
    assert answer(client, u, p["pending"]["options"][0]["id"], tok(p)).status_code == 200
    client.app.state.server.close()
    page.join()


def test_a_persons_answer_is_answered_before_the_ais_reply(client, monkeypatch):
    gate, threads, entered = gate_agents(monkeypatch)
    made = client.post("/api/games", json={"game": "pacific-fury", "seats": {"japan": "human", "usa": "random"},
                                           "seed": 6}).json()
    j = made["tokens"]["japan"]
    live = client.app.state.server.live[made["game_id"]]
    for _ in range(400):                     # Japan answers until the AI (the US) is to move
        p = client.get(f"/api/seat/{j}").json()
        assert p["pending"]["kind"] == "decision"
        r = client.post(f"/api/seat/{j}/answer", json={"answer": p["pending"]["options"][0]["id"],
                                                       "decision_token": tok(p)})
        assert r.status_code == 200
        wait_for(lambda: entered.is_set() or not live.moving, "the server's dice")
        if entered.is_set():
            break
    else:
        pytest.fail("the US never had to decide")
    assert live.moving and not threads       # the reply came while the US (AI) is still to move
    assert r.json()["pending"]["kind"] == "waiting"
    gate.set()
    settle(client)
    assert threads and set(threads) == {"kaisen-mover"}


def test_a_search_ai_thinks_on_its_own_worker_outside_the_games_lock_while_other_games_ai_moves_go_on(
        client, monkeypatch):
    """ISMCTS seats (agents marked slow) take seconds a decision: their game goes to the thinker worker, the game's
    lock stays free while it thinks, and another game's AI moves on the main worker meanwhile."""
    gate, threads, entered = threading.Event(), [], threading.Event()
    made_agent = runner.make_agent

    def make(game_id, name, side, seed=None):
        agent = made_agent(game_id, name, side, seed)
        if not name.startswith("ismcts"):
            return agent
        gated = Gated(agent, gate, threads, entered)
        gated.slow = True
        return gated
    monkeypatch.setattr(runner, "make_agent", make)
    slow = client.post("/api/games", json={"game": "pacific-fury", "seed": 4,
                                           "seats": {"japan": "ismcts-easy", "usa": "human"}}).json()
    assert entered.wait(30)                  # the search is thinking about Japan's first decision
    live = client.app.state.server.live[slow["game_id"]]
    assert live.lock.acquire(timeout=5)      # and holds no lock of its game
    live.lock.release()
    fast = client.post("/api/games", json={"game": "pacific-fury", "seed": 5,
                                           "seats": {"japan": "random", "usa": "human"}}).json()
    u = fast["tokens"]["usa"]
    wait_for(lambda: client.get(f"/api/seat/{u}").json()["pending"]["kind"] == "decision",
             "the other game's AI moving while the search thinks")
    assert not threads                       # the search has still not answered
    gate.set()
    wait_for(lambda: live.steps > 0, "the search's answer being applied")
    settle(client)
    assert set(threads) == {"kaisen-thinker"}
    client.app.state.server.close()


# -- memory bounded --------------------------------------------------------------------------------------------
@pytest.fixture
def small(db):
    """An app whose server keeps at most 2 games in play and 1 finished game in memory."""
    server = Server(Store(db), max_playing=2, max_finished=1)
    c = TestClient(create_app(server=server), raise_server_exceptions=False)
    yield c
    server.settle(30)
    server.close()
    server.store.close()


def test_games_in_play_beyond_the_limit_leave_memory_and_come_back_unchanged(small):
    server = small.app.state.server
    games = [create(small, seats=HUMANS) for _ in range(4)]
    before = {}
    for g in games:
        j = g["tokens"]["japan"]
        p = small.get(f"/api/seat/{j}").json()
        answer(small, j, p["pending"]["options"][0]["id"], tok(p))
        before[g["game_id"]] = {t: small.get(f"/api/seat/{t}").json() for t in g["tokens"].values()}
    assert len(server.live) <= 2
    gone = [g for g in games if g["game_id"] not in server.live]
    assert gone
    for g in gone:                          # reloaded from the store: the very same payloads, and play goes on
        after = {t: small.get(f"/api/seat/{t}").json() for t in g["tokens"].values()}
        assert after == before[g["game_id"]]
        p = after[g["tokens"]["usa"]] if after[g["tokens"]["usa"]]["pending"]["kind"] == "decision" else \
            after[g["tokens"]["japan"]]
        token = g["tokens"][p["side"]]
        assert answer(small, token, p["pending"]["options"][0]["id"], tok(p)).status_code == 200
    assert len(server.live) <= 2


def test_finished_games_leave_memory_and_their_record_reloads(small):
    server = small.app.state.server
    games = [create(small, seats={"japan": "random", "usa": "random"}, seed=i) for i in range(3)]
    finished = [gid for gid, live in server.live.items() if live.row.status == "over"]
    assert len(finished) <= 2 and any(g["game_id"] not in server.live for g in games)
    for g in games:
        r = small.get(f"/api/seat/{g['tokens']['spectator']}/record")
        assert r.status_code == 200 and r.json()["result"] is not None


def test_a_game_a_page_follows_stays_in_memory_and_keeps_pushing(small):
    server = small.app.state.server
    followed = create(small, seats=HUMANS)
    page = LiveStream(small, followed["tokens"]["usa"])
    assert page.next()[0] == "payload"
    live = server.live[followed["game_id"]]
    for _ in range(4):
        create(small, seats=HUMANS)
    assert server.live.get(followed["game_id"]) is live and not live.evicted
    j = followed["tokens"]["japan"]
    p = small.get(f"/api/seat/{j}").json()
    answer(small, j, p["pending"]["options"][0]["id"], tok(p))
    kind, (_, pushed) = page.next()
    assert kind == "payload" and pushed["version"] == small.get(f"/api/seat/{followed['tokens']['usa']}").json()["version"]
    server.close()
    page.join()


def test_idle_games_leave_memory(db):
    server = Server(Store(db), idle_s=0.0)
    c = TestClient(create_app(server=server), raise_server_exceptions=False)
    try:
        a, b = create(c, seats=HUMANS), create(c, seats=HUMANS)
        assert a["game_id"] not in server.live and b["game_id"] in server.live    # the last used one stays
        assert c.get(f"/api/seat/{a['tokens']['japan']}").status_code == 200
        assert a["game_id"] in server.live and b["game_id"] not in server.live
    finally:
        server.close()
        server.store.close()


# -- the public list pages --------------------------------------------------------------------------------------
def test_the_public_list_pages_newest_first(client):
    ids = [create(client, seats=HUMANS, title=f"game {i}")["game_id"] for i in range(5)]
    pages = [client.get("/api/games", params={"page": n, "per_page": 2}).json() for n in (1, 2, 3, 4)]
    assert [len(p["games"]) for p in pages] == [2, 2, 1, 0]
    assert all(p["total"] == 5 and p["per_page"] == 2 for p in pages)
    listed = [g["id"] for p in pages for g in p["games"]]
    by_created = sorted(ids, key=lambda i: client.app.state.server.store.game(i).created, reverse=True)
    assert sorted(listed) == sorted(ids) and listed == [g for g in by_created]
    default = client.get("/api/games").json()
    assert default["page"] == 1 and default["per_page"] == runner.PER_PAGE and len(default["games"]) == 5


@pytest.mark.parametrize("params,field", [({"page": 0}, "page"), ({"page": -1}, "page"), ({"page": "two"}, "page"),
                                          ({"per_page": 0}, "per_page"), ({"per_page": 101}, "per_page"),
                                          ({"per_page": "1.5"}, "per_page"), ({"per_page": "²"}, "per_page"),
                                          ({"page": "9" * 5000}, "page")])
def test_list_paging_refuses_bad_parameters_clearly(client, params, field):
    r = client.get("/api/games", params=params)
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["field"] == field and err["code"] == "bad-request"
    assert err["allowed"].startswith("a whole number from 1 to") and field in err["reason"]
