"""`kaisen serve` for real: a uvicorn process on a free port, SIGKILLed mid-game, restarted on the same file."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db, port):
    proc = subprocess.Popen([sys.executable, "-m", "kaisen", "serve", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            httpx.get(base + "/api/games", timeout=1)
            return proc, base
        except httpx.TransportError:
            if proc.poll() is not None:
                pytest.fail(proc.stderr.read().decode())
            time.sleep(0.05)
    proc.kill()
    pytest.fail("kaisen serve did not start")


def until_mine(base, token, p):
    """The seat's payload once it must answer again: the AI's moves arrive by the stream (pushed, not polled)."""
    while p["pending"]["kind"] not in ("decision", "end"):
        text = httpx.get(f"{base}/api/seat/{token}/events", params={"limit": 1, "wait": 60}, timeout=90,
                         headers={"Last-Event-ID": f'{p["version"]}:{p["log_size"]}'}).text
        assert "data: " in text, "no push came after the AI's turn"
        p = httpx.get(f"{base}/api/seat/{token}").json()
    return p


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_kaisen_serve_survives_being_killed_mid_game(tmp_path):
    db = tmp_path / "games.sqlite3"
    port = free_port()
    proc, base = start(db, port)
    try:
        made = httpx.post(base + "/api/games", json={"game": "pacific-fury", "seed": 4,
                                                     "seats": {"japan": "human", "usa": "random"}}).json()
        token = made["tokens"]["japan"]
        p = until_mine(base, token, httpx.get(f"{base}/api/seat/{token}").json())
        for _ in range(10):
            p = httpx.post(f"{base}/api/seat/{token}/answer",
                           json={"answer": p["pending"]["options"][-1]["id"],
                                 "decision_token": p["pending"]["decision_token"]}).json()
            p = until_mine(base, token, p)
        before = httpx.get(f"{base}/api/seat/{token}").json()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc, base = start(db, port)
    try:
        assert httpx.get(f"{base}/api/seat/{token}").json() == before
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT")
def test_ctrl_c_stops_kaisen_serve_while_a_page_holds_its_stream_open(tmp_path):
    """A live page's event stream never ends by itself: Ctrl-C must not wait for it (issue 14, item 3)."""
    import threading
    port = free_port()
    proc, base = start(tmp_path / "games.sqlite3", port)
    try:
        made = httpx.post(base + "/api/games", json={"game": "pacific-fury",
                                                     "seats": {"japan": "human", "usa": "human"}}).json()
        token = made["tokens"]["japan"]
        opened = threading.Event()

        def page():
            try:
                with httpx.stream("GET", f"{base}/api/seat/{token}/events", timeout=60) as r:
                    opened.set()
                    for _ in r.iter_lines():
                        pass
            except httpx.HTTPError:
                pass
        reader = threading.Thread(target=page, daemon=True)
        reader.start()
        assert opened.wait(20), "the stream did not open"
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        proc.wait(15)                   # raises TimeoutExpired if the open stream holds the server up
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_help_names_host_port_and_db():
    from typer.testing import CliRunner

    from kaisen.cli import app
    out = CliRunner().invoke(app, ["serve", "--help"]).output
    assert "--host" in out and "--port" in out and "--db" in out
