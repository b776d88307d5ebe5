#!/usr/bin/env python3
"""Bootstrap: make .venv from pyproject.toml if needed, then run kaisen or the tests.

    python3 go.py play pacific-fury     # any `kaisen` command line
    python3 go.py test [pytest args]    # the whole test suite
"""
from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".kaisen-installed"


def _fingerprint() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_env() -> None:
    """Create the virtual environment and install kaisen with its test extras, once per pyproject."""
    if sys.version_info < (3, 11):
        sys.exit(f"kaisen needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if STAMP.exists() and STAMP.read_text() == _fingerprint():
        return
    if not (BIN / "python").exists():
        print("kaisen: creating .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("kaisen: installing dependencies into .venv ...", file=sys.stderr)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(_fingerprint())


def main(argv: list[str]) -> int:
    ensure_env()
    if argv[:1] == ["test"]:
        cmd, where = [str(BIN / "python"), "-m", "pytest", *argv[1:]], ROOT
    else:
        cmd, where = [str(BIN / "kaisen"), *argv], Path.cwd()    # files (save, --load, --record) are the player's
    # Ctrl-C reaches the child too (same process group) and it says how the game was left; this process only
    # waits for it, without a traceback of its own.
    signal.signal(signal.SIGINT, lambda *_: None)
    return subprocess.call(cmd, cwd=where)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
