"""The pages and the replay/board helpers over HTTP (no browser): what they serve and what they refuse."""
from __future__ import annotations

import json

import pytest

from kaisen.server.runner import NOT_FOUND  # noqa: E402


@pytest.mark.parametrize("path,kind", [("/", "text/html"), ("/play/whatever", "text/html"), ("/replay", "text/html"),
                                       ("/web/play.js", "javascript"), ("/web/boards.js", "javascript"),
                                       ("/web/style.css", "text/css")])
def test_pages_are_served(client, path, kind):
    r = client.get(path)
    assert r.status_code == 200 and kind in r.headers["content-type"]
    assert r.headers["referrer-policy"] == "no-referrer"


def test_unknown_static_file_is_the_one_404(client):
    r = client.get("/web/nothing.js")
    assert r.status_code == 404 and r.json()["error"]["reason"] == NOT_FOUND


def test_board_data(client):
    vp = client.get("/api/boards/victory-in-the-pacific").json()
    assert len(vp["areas"]) == 13 and {b["id"] for b in vp["bases"]} >= {"truk", "pearl-harbor"}
    assert vp["units"]["yamato"]["side"] == "japan"
    assert len(client.get("/api/boards/pacific-fury").json()["zones"]) == 4
    assert client.get("/api/boards/nope").status_code == 404


def test_seat_replay_only_after_the_end(client):
    live = client.post("/api/games", json={"game": "pacific-fury", "seed": 1,
                                           "seats": {"japan": "human", "usa": "random"}}).json()
    r = client.get(f"/api/seat/{live['tokens']['japan']}/replay?step=1")
    assert r.status_code == 403 and r.json()["error"]["code"] == "not-over"
    assert client.get(f"/api/seat/{'x' * 32}/replay").status_code == 404
    done = client.post("/api/games", json={"game": "pacific-fury", "seed": 1,
                                           "seats": {"japan": "random", "usa": "random"}}).json()
    tok = done["tokens"]["spectator"]
    n = len(client.get(f"/api/seat/{tok}/record").json()["record"]["answers"])
    f0 = client.get(f"/api/seat/{tok}/replay?step=0").json()
    assert f0["step"] == 0 and f0["steps"] == n and f0["pending"]["kind"] == "replay" and f0["view"]["side"] is None
    last = client.get(f"/api/seat/{tok}/replay?step={n + 50}").json()
    assert last["step"] == n and last["pending"]["kind"] == "end" and last["result"]["winner"] in ("japan", "usa", None)
    assert len(last["log"]) >= len(f0["log"])


def test_uploaded_record_replays_and_bad_ones_are_refused(client):
    done = client.post("/api/games", json={"game": "fury-at-midway", "seed": 3,
                                           "seats": {"japan": "random", "usa": "random"}}).json()
    rec = client.get(f"/api/seat/{done['tokens']['spectator']}/record").json()["record"]
    assert len(json.dumps(rec)) > 1000
    f = client.post("/api/replay", json={"record": rec, "step": 10}).json()
    assert f["step"] == 10 and f["game"] == "fury-at-midway"
    bad = client.post("/api/replay", json={"record": {"format": "x"}})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad-record"
    broken = dict(rec, answers=rec["answers"][:5] + ["no-such-option"] + rec["answers"][6:])
    f = client.post("/api/replay", json={"record": broken, "step": 100}).json()
    assert f["step"] == 5 and "answer #5" in f["error"]
    assert client.post("/api/replay", content=b"{nope").status_code == 400
    # a large upload is allowed here, but the answer endpoint keeps its 64 KiB limit
    assert client.post("/api/replay", content=b" " * (100 * 1024) + b"{}").status_code == 422
    assert client.post(f"/api/seat/{done['tokens']['spectator']}/answer",
                       content=b" " * (100 * 1024)).status_code == 413
