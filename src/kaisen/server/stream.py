"""One reader's live stream (Server-Sent Events): pushed when the reader's own payload changed, never polled.

The stream sleeps on its game's notifier (kaisen.server.notify) and wakes when an answer was applied. It then
takes the reader's payload (built once per change for every page of that reader, kaisen.server.payloads) and
sends it only if its `version` differs from the last one this page holds, so a change the reader cannot see
sends nothing, and the messages a reader gets depend only on what it may know. Each message carries the log
from where the page's copy ends: the first from the `log_from` the page asked with, the next ones from the
last message's end. The SSE `id:` is `<version>:<log_size>`, so a browser that reconnects (Last-Event-ID) gets
nothing until the payload changes, and then only the log it lacks. An idle stream costs one comment line every
KEEP_ALIVE seconds (proxies close silent connections).

A page slower than the game is sent the latest payload, not each one in between: two answers applied before its
stream wakes give one message. Every message is still this reader's own payload, and a page that keeps up (the
hidden-alternatives test syncs after every answer) gets exactly one message per change it can see."""
from __future__ import annotations

import asyncio
import re
from typing import AsyncIterator, Callable

from kaisen.server import payloads
from kaisen.server.live import Live

KEEP_ALIVE = 15.0
LAST_ID = re.compile(r"^([0-9a-f]{16})(?::([0-9]{1,9}))?$")


def last_event(header: str | None) -> tuple[str | None, int | None]:
    """(version, log size) from a Last-Event-ID header; (None, None) when absent or not one of ours."""
    m = LAST_ID.match(header or "")
    if m is None:
        return None, None
    return m.group(1), int(m.group(2)) if m.group(2) is not None else None


async def events(live: Live, side: str | None, last_id: str | None, log_from: int, limit: int = 0,
                 wait: float | None = None, stop: Callable[[], bool] = lambda: False) -> AsyncIterator[str]:
    """The SSE text of one reader's stream. `limit` ends it after that many payloads and `wait` after that many
    seconds without one (tests); otherwise it runs until the page goes away or `stop()` (the server closes)."""
    loop = asyncio.get_running_loop()
    version, known = last_event(last_id)
    base = known if known is not None else log_from
    sent = 0
    seen = None
    quiet = idle = loop.time()
    while not stop():
        changes = live.changed.changes      # read before the payload: a change after it wakes the wait below
        if changes != seen:
            seen = changes
            entry = payloads.entry(live, side)
            if entry.version != version:
                text = entry.text(base)
                version, base = entry.version, entry.size
                yield f"event: payload\nid: {version}:{base}\ndata: {text}\n\n"
                sent += 1
                quiet = idle = loop.time()
                if limit and sent >= limit:
                    return
        now = loop.time()
        if wait is not None and now - idle >= wait:
            return
        if now - quiet >= KEEP_ALIVE:
            yield ": keep-alive\n\n"
            quiet = now
        timeout = KEEP_ALIVE - (now - quiet)
        if wait is not None:
            timeout = min(timeout, wait - (now - idle))
        await live.changed.wait(seen, timeout)
