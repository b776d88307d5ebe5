"""Fixtures for the server tests: an app over a fresh SQLite file, rebuilt on demand (a 'restart')."""
from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)
warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from kaisen.server.app import create_app  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def make_client(db):
    """make_client() builds a NEW app on the same database file: a server restart."""
    made = []

    def make():
        client = TestClient(create_app(db), raise_server_exceptions=False)
        made.append(client)
        return client
    yield make
    for c in made:
        c.app.state.server.settle(30)
        c.app.state.server.close()
        c.app.state.server.store.close()


@pytest.fixture
def client(make_client):
    return make_client()

