"""Test-wide set-up: the terminal's kept games and the server's default database go to a temporary folder, never
to the person's own data folder."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_data_home(tmp_path_factory):
    old = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))
    yield
    if old is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = old
