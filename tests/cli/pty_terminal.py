"""A pseudo-terminal of a given size driving `python -m kaisen` as a person would (tests of issue 14, item 4):
what the program writes is read back as plain text (colours and cursor codes taken out)."""
from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\r")
WAIT = 120.0
"""Seconds to wait for a text before the test fails (the machine may be slow; nothing is timed)."""


class Terminal:
    """`python -m kaisen ARGS` in a pty of `rows` x `cols`; `expect` waits for a text, `send` types a line."""

    def __init__(self, args: list[str], data_home: Path, cwd: Path, rows: int = 24, cols: int = 80):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update({"XDG_DATA_HOME": str(data_home), "TERM": "xterm", "PYTHONPATH": str(ROOT / "src")})
        self.proc = subprocess.Popen([sys.executable, "-m", "kaisen", *args], stdin=slave, stdout=slave,
                                     stderr=slave, cwd=cwd, env=env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        self.text = ""          # everything read so far, plain
        self.mark = 0           # where the last expect stopped

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:          # the program ended and closed the terminal
            return False
        if not chunk:
            return False
        self.text += ANSI.sub("", chunk.decode("utf-8", "replace"))
        return True

    def expect(self, wanted: str) -> str:
        """Wait until `wanted` appears after the last mark; the text from the mark to its end."""
        waited = 0.0
        while wanted not in self.text[self.mark:]:
            if not self._read(1.0):
                waited += 1.0
                if waited >= WAIT or self.proc.poll() is not None and not self._read(0.2):
                    raise AssertionError(f"never saw {wanted!r}; the screen ended with:\n{self.text[-2000:]}")
        end = self.text.index(wanted, self.mark) + len(wanted)
        seen, self.mark = self.text[self.mark:end], end
        return seen

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode())

    def close(self) -> int:
        while self._read(0.5):
            pass
        try:
            return self.proc.wait(timeout=WAIT)
        finally:
            os.close(self.master)
