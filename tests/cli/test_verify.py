"""`kaisen verify RECORD` and the committed-dice scheme behind it (issue 10 §2, DESIGN.md "Dice you can trust").

A server game's record, after the end, carries the dice secret, its SHA-256 published at the start, and the
answers the server rolled; `kaisen verify` recomputes each roll (scheme kaisen-dice-v1) and says "all N rolls
verified" or names the first roll that does not match. Every test here failed before: there was no secret, no
`dice` in the record and no `verify` command."""
from __future__ import annotations

import hashlib
import hmac
import json
import warnings

import pytest
from typer.testing import CliRunner

from kaisen.cli import app
from kaisen.engine.dice import commitment, derive_faces
from kaisen.engine.record import Record

runner = CliRunner()


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished AI-vs-AI Pacific Fury game from the server: its record as JSON."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from kaisen.server.app import create_app
    client = TestClient(create_app(tmp_path_factory.mktemp("verify") / "g.sqlite3"))
    made = client.post("/api/games", json={"game": "pacific-fury", "seats": {"japan": "random", "usa": "random"}}).json()
    out = client.get(f"/api/seat/{made['tokens']['spectator']}/record").json()["record"]
    client.app.state.server.store.close()
    return out


def write(tmp_path, rec) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    return str(path)


def reference_faces(secret: bytes, index: int, sides: list[int]) -> list[int]:
    """The scheme as the README states it, written again independently (one byte per die of up to 256 sides)."""
    stream, c, out = b"", 0, []
    for k in sides:
        while True:
            if not stream:
                stream = hmac.new(secret, f"kaisen-dice-v1:{index}:{c}".encode(), hashlib.sha256).digest()
                c += 1
            b, stream = stream[0], stream[1:]
            if b < 256 - 256 % k:
                out.append(b % k + 1)
                break
    return out


def test_derive_faces_follows_the_documented_scheme():
    secret = bytes(range(32))
    for index in range(200):
        sides = [6] * (index % 7 + 1) + [index % 30 + 1]
        assert list(derive_faces(secret, index, sides)) == reference_faces(secret, index, sides)
    assert commitment(secret) == hashlib.sha256(secret).hexdigest()


def test_a_finished_server_game_reveals_its_secret_and_every_roll_verifies(tmp_path, finished):
    d = finished["dice"]
    assert d["scheme"] == "kaisen-dice-v1" and hashlib.sha256(bytes.fromhex(d["secret"])).hexdigest() == d["commitment"]
    assert d["rolled"] and all(isinstance(finished["answers"][i], list) for i in d["rolled"])
    res = runner.invoke(app, ["verify", write(tmp_path, finished)])
    assert res.exit_code == 0, res.output
    assert f"all {len(d['rolled'])} rolls verified" in res.output


def test_a_changed_roll_is_named_with_its_index_and_both_faces(tmp_path, finished):
    rec = json.loads(json.dumps(finished))
    i = rec["dice"]["rolled"][len(rec["dice"]["rolled"]) // 2]
    was = rec["answers"][i]
    rec["answers"][i] = [1 if was[0] != 1 else 2] + was[1:]
    res = runner.invoke(app, ["verify", write(tmp_path, rec)])
    assert res.exit_code != 0
    assert f"answer #{i}" in res.output and f"expected {was}" in res.output and f"recorded {rec['answers'][i]}" in res.output


def test_a_secret_that_does_not_match_the_commitment_fails(tmp_path, finished):
    rec = json.loads(json.dumps(finished))
    rec["dice"]["secret"] = "00" * 32
    res = runner.invoke(app, ["verify", write(tmp_path, rec)])
    assert res.exit_code != 0 and "does not match the commitment" in res.output


def test_a_record_without_committed_dice_is_not_verified_and_still_loads(tmp_path, finished):
    rec = {k: v for k, v in finished.items() if k != "dice"}        # a version-1 record as before
    assert Record.from_dict(rec).dice is None
    res = runner.invoke(app, ["verify", write(tmp_path, rec)])
    assert res.exit_code != 0 and "no committed dice" in res.output


def test_the_record_round_trips_its_dice(finished):
    rec = Record.from_dict(finished)
    assert rec.to_dict()["dice"] == finished["dice"]
    with pytest.raises(ValueError):
        Record.from_dict(dict(finished, dice=dict(finished["dice"], rolled=[10 ** 9])))
