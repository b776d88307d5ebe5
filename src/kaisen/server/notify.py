"""Wake-ups across threads: a change counter that a thread bumps and asyncio tasks (the SSE streams) await.

A thread that applied an answer (the worker, a request's thread) calls `bump()`; every task waiting in `wait()`
on any event loop is woken through `loop.call_soon_threadsafe`. A waiting task costs no CPU: it is a pending
future, not a poll."""
from __future__ import annotations

import asyncio
import threading
from typing import Any


def _wake(fut: asyncio.Future) -> None:
    if not fut.done():
        fut.set_result(None)


class Notifier:
    """A counter of changes and the tasks waiting for the next one."""

    __slots__ = ("changes", "_lock", "_waiters")

    def __init__(self) -> None:
        self.changes = 0
        self._lock = threading.Lock()
        self._waiters: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Future]] = {}

    def bump(self) -> None:
        """Count a change and wake every waiting task (callable from any thread)."""
        with self._lock:
            self.changes += 1
            waiters, self._waiters = self._waiters, {}
        for loop, fut in waiters.values():
            try:
                loop.call_soon_threadsafe(_wake, fut)
            except RuntimeError:        # that loop is closed: nobody is waiting there any more
                pass

    @property
    def waiting(self) -> int:
        return len(self._waiters)

    async def wait(self, seen: int, timeout: float | None = None) -> int:
        """The change count, once it differs from `seen` or after `timeout` seconds, whichever comes first."""
        loop = asyncio.get_running_loop()
        with self._lock:
            if self.changes != seen:
                return self.changes
            fut: asyncio.Future[Any] = loop.create_future()
            self._waiters[id(fut)] = (loop, fut)
        try:
            if timeout is None:
                await fut
            else:
                await asyncio.wait_for(fut, max(0.0, timeout))
        except asyncio.TimeoutError:
            pass
        finally:
            with self._lock:
                self._waiters.pop(id(fut), None)
        return self.changes
