"""The server's worker: one thread that gives the answers that are the server's (AI seats' decisions, the
server's dice) for the games queued on it, so no request thread ever waits for an AI.

Games take turns: a game is moved for at most `slice_s` seconds, then goes to the back of the queue if it
still owes moves, so a long AI-against-AI game never holds up the AI's reply in a game a person is playing.
Each answer is applied under the game's lock, published and pushed to the pages like a person's.

A move may hand its game to another worker (the runner's `thinker`): a search AI thinks for seconds, so its games
queue there, and the AI seats, dice and heuristics of every other game go on here meanwhile."""
from __future__ import annotations

import logging
import threading
import time
from collections import deque
from typing import Callable

from kaisen.server.live import Live

log = logging.getLogger("kaisen.server")


class Mover:
    """A queue of games that owe the server's answers, and the thread that gives them."""

    def __init__(self, move: Callable[[Live], "bool | Mover"], slice_s: float = 0.02, name: str = "kaisen-mover"):
        self._move = move           # gives one answer; False when a person must answer or the game is over
        self.slice_s = slice_s
        self.name = name
        self._queue: deque[Live] = deque()
        self._cond = threading.Condition()
        self._busy = 0
        self._thread: threading.Thread | None = None
        self._closed = False
        self._again: set[int] = set()

    def push(self, live: Live) -> None:
        """Queue a game whose next answer is the server's (once: a queued game is not queued twice)."""
        with self._cond:
            if self._closed:
                return
            if live.moving:             # being moved now: it looks again before it lets the game go
                self._again.add(id(live))
                return
            live.moving = True
            self._queue.append(live)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def adopt(self, live: Live) -> None:
        """Take a game another worker hands over (it stays `moving`: it is never in two queues at once)."""
        with self._cond:
            if self._closed:
                live.moving = False
                return
            self._queue.append(live)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def idle(self) -> bool:
        with self._cond:
            return not self._queue and not self._busy

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait until no game owes the server a move (tests and shutdown); False if still busy at `timeout`."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._queue or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                live = self._queue.popleft()
                self._busy += 1
            more: bool | Mover = False
            try:
                more = self._slice(live)
            except Exception:           # one broken game never stops the worker
                log.exception("game %s: the server's move failed; the game waits", live.row.id)
            if isinstance(more, Mover):     # its next answer is another worker's to give (a search AI's)
                with self._cond:
                    self._busy -= 1
                    self._again.discard(id(live))
                    self._cond.notify_all()
                more.adopt(live)
                continue
            with self._cond:
                self._busy -= 1
                if id(live) in self._again:
                    self._again.discard(id(live))
                    more = not self._closed
                if more and not self._closed:
                    self._queue.append(live)
                else:
                    live.moving = False
                self._cond.notify_all()
            if not more:
                live.settled.bump()

    def _slice(self, live: Live) -> "bool | Mover":
        """Move one game for up to `slice_s` seconds; True if it still owes moves, or the worker to hand it to."""
        end = time.perf_counter() + self.slice_s
        while True:
            if live.evicted:
                return False
            more = self._move(live)
            if more is not True:
                return more
            if time.perf_counter() >= end:
                return True
