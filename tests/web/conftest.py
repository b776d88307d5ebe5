"""Browser tests: a real `kaisen serve` process on a free port over a temp SQLite file, driven by Playwright
with Debian's chromium (/usr/bin/chromium, installed by apt in .ci/run; never a downloaded browser)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("KAISEN_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"

try:
    from playwright.sync_api import sync_playwright
except ImportError:           # pragma: no cover - the test extras install it
    sync_playwright = None


def pytest_collection_modifyitems(config, items):
    reason = None
    if sync_playwright is None:
        reason = "the playwright Python package is not installed (pip install -e .[test])"
    elif not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} is absent: apt-get install chromium (.ci/run does) to run the browser tests"
    if reason:
        for item in items:          # only the tests that open a browser
            if "browser" in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.skip(reason=reason))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def base_url(tmp_path_factory):
    """`python -m kaisen serve` in a subprocess, on a free port, over a fresh SQLite file."""
    import httpx
    db = tmp_path_factory.mktemp("web") / "games.sqlite3"
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "kaisen", "serve", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(base + "/api/games", timeout=1)
            break
        except httpx.TransportError:
            if proc.poll() is not None:
                pytest.fail("kaisen serve exited: " + proc.stderr.read().decode())
            time.sleep(0.05)
    else:
        proc.kill()
        pytest.fail("kaisen serve did not start")
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--disable-dev-shm-usage"])
        yield b
        b.close()


@pytest.fixture
def api(base_url):
    import httpx
    with httpx.Client(base_url=base_url, timeout=30) as client:
        yield client


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


TIMINGS: dict[str, list[float]] = {}


@pytest.fixture(scope="session")
def timings_store():
    """name -> seconds from a click to the next state; the terminal summary prints each median."""
    return TIMINGS


def pytest_terminal_summary(terminalreporter):
    import statistics
    for name, xs in TIMINGS.items():
        if xs:
            terminalreporter.write_line(f"kaisen web: {name}: median {statistics.median(xs) * 1000:.0f} ms "
                                        f"over {len(xs)} answers (p90 {sorted(xs)[int(len(xs) * 0.9)] * 1000:.0f} ms)")


@pytest.fixture
def client(tmp_path):
    """The app in-process over a fresh SQLite file (page and endpoint tests that need no browser)."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from kaisen.server.app import create_app
    c = TestClient(create_app(tmp_path / "g.sqlite3"), raise_server_exceptions=False)
    yield c
    c.app.state.server.store.close()
