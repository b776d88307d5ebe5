"""Each reader's payload: built once per change of the game and shared by every page of that reader.

A reader is one seat's side or the spectator. Its payload is made of: its side's view (`game.view(state, side)`),
the events its side may read (public or private to it), its own pending decision (the options) or what it
waits for, and the result. A spectator gets the public view (`game.public_view`: what neither side's view
hides), only public events and who is to move; once the game is over, the omniscient view, every side's view
and the whole log.

The log goes as a delta. `log_size` counts the events this reader may read (never the game's events); a page
that holds the first N of them asks with `log_from=N` and gets `log` = events N.. only, with `log_from` = N. A
spectator's log is the one log that is not only appended to (at the end the private events join it): a
finished game's spectator payload always carries the whole log, `log_from` 0. A `log_from` beyond `log_size`
(a page that knows more than there is) also gets the whole log, from 0.

`version`: the first 16 hex digits of SHA-256 over the canonical JSON of the payload without `game_id`,
`version`, `log_from` and `log`, followed by the digest of the reader's whole log (a SHA-256 chain over the
canonical JSON of each of its events, from the first). It is a function of what this reader receives and
nothing else, so it changes exactly when the reader's payload does, and two games that differ only in answers
a side cannot see give that side the same versions."""
from __future__ import annotations

import hashlib
import json
from typing import Any, Callable

from kaisen.engine.core import Decision, End, Event
from kaisen.engine.dice import DICE_SCHEME, commitment
from kaisen.server.live import Live, Snap, result_of

_COMPACT = (",", ":")


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=_COMPACT, ensure_ascii=True, default=str).encode()


class ReaderLog:
    """The events one reader may read, kept as the game's log grows: their dicts and a running digest."""

    __slots__ = ("visible", "scanned", "items", "digest")

    def __init__(self, visible: Callable[[Event], bool]):
        self.visible = visible
        self.scanned = 0            # how many of the game's events were looked at
        self.items: list[dict[str, Any]] = []
        self.digest = b""

    def catch_up(self, log: list[Event], upto: int) -> None:
        h = self.digest
        for e in log[self.scanned:upto]:
            if self.visible(e):
                d = e.to_dict()
                self.items.append(d)
                h = hashlib.sha256(h + canonical(d)).digest()
        self.digest = h
        self.scanned = max(self.scanned, upto)


class Entry:
    """One reader's payload at one snapshot: everything but the log (as a dict and as JSON text), its version,
    and the reader's log up to `size`."""

    __slots__ = ("snap", "head", "head_json", "version", "items", "size", "whole")

    def __init__(self, snap: Snap, head: dict[str, Any], items: list[dict[str, Any]], size: int, whole: bool):
        self.snap, self.head, self.items, self.size, self.whole = snap, head, items, size, whole
        self.version = head["version"]
        self.head_json = json.dumps(head, separators=_COMPACT)

    def start(self, log_from: int) -> int:
        """Where the log this reader is sent starts, given what it says it holds."""
        return 0 if self.whole or not 0 <= log_from <= self.size else log_from

    def payload(self, log_from: int = 0) -> dict[str, Any]:
        start = self.start(log_from)
        return {**self.head, "log_from": start, "log": self.items[start:self.size]}

    def text(self, log_from: int = 0) -> str:
        """The payload as JSON text (the head is serialised once per change, only the log slice per page)."""
        start = self.start(log_from)
        return (f'{self.head_json[:-1]},"log_from":{start},"log":'
                f'{json.dumps(self.items[start:self.size], separators=_COMPACT)}}}')


def reader_key(live: Live, side: str | None) -> str:
    if side is not None:
        return f"side:{side}"
    return "all" if isinstance(live.snap.pause(live.game), End) else "public"


def _visible(key: str) -> Callable[[Event], bool]:
    if key == "all":
        return lambda e: True
    if key == "public":
        return lambda e: e.private_to is None
    side = key[5:]
    return lambda e: e.visible_to(side)


def entry(live: Live, side: str | None) -> Entry:
    """The reader's payload at the game's latest snapshot (cached until the next answer)."""
    snap = live.snap
    key = reader_key(live, side)
    got = live.readers_cache.get(key)
    if got is not None and got.snap is snap:
        return got
    with live.cache_lock:
        snap = live.snap            # the latest: snapshots only move forward, and so do the reader logs
        key = reader_key(live, side)
        got = live.readers_cache.get(key)
        if got is not None and got.snap is snap:
            return got
        log = live.readers_cache.get(("log", key))
        if log is None:
            log = live.readers_cache[("log", key)] = ReaderLog(_visible(key))
        log.catch_up(live.log, snap.log_len)
        head = _head(live, snap, side, len(log.items))
        body = {k: v for k, v in head.items() if k not in ("game_id", "version")}
        head["version"] = hashlib.sha256(canonical(body) + b"|" + log.digest).hexdigest()[:16]
        got = Entry(snap, head, log.items, len(log.items), whole=key == "all")
        live.readers_cache[key] = got
        return got


def _head(live: Live, snap: Snap, side: str | None, log_size: int) -> dict[str, Any]:
    """The payload without its log: built only from what `side` (None: a spectator) may know."""
    game, row = live.game, live.row
    pause = snap.pause(game)
    over = isinstance(pause, End)
    out: dict[str, Any] = {
        "game": game.id, "game_title": game.title, "game_id": row.id, "title": row.title,
        "scenario": row.scenario, "options": dict(row.options), "dice": row.dice, "at_table": row.at_table,
        "dice_scheme": DICE_SCHEME if row.secret is not None else None,
        "dice_commitment": commitment(row.secret) if row.secret is not None else None,
        "sides": list(game.sides), "seats": dict(row.seats), "side": side,
        "status": "over" if over else "playing", "version": "",
        "pending": _pending(live, snap, side, pause), "log_size": log_size,
        "result": result_of(pause) if over else None,
    }
    if side is not None:
        out["view"] = game.view(snap.state, side)
    elif over:
        out["view"] = game.view(snap.state, None)
        out["views"] = {s: game.view(snap.state, s) for s in game.sides}
    else:
        out["view"] = game.public_view(snap.state)
    return out


def _pending(live: Live, snap: Snap, side: str | None, pause) -> dict[str, Any]:
    if isinstance(pause, End):
        return {"kind": "end", "result": result_of(pause)}
    if isinstance(pause, Decision):
        if side == pause.side:
            return {"kind": "decision", "side": side, "prompt": pause.prompt, "rule": pause.rule,
                    "decision_kind": pause.kind,
                    "options": [{"id": o.id, "label": o.label, "fields": o.fields or {}} for o in pause.options],
                    "decision_token": live.decision_token(snap, side)}
        return {"kind": "waiting", "for": "decision", "side": pause.side, "seat": live.row.seats.get(pause.side)}
    # a Chance: only manual dice ever wait for a person (the server rolls the others on its worker)
    if side is not None and side in live.dice_enterers(snap):
        p = live.game.view(snap.state, side).get("pending") or {}
        return {"kind": "dice", "reason": p.get("reason"), "count": len(pause.dice), "sides": list(pause.dice),
                "rule": pause.rule, "decision_token": live.decision_token(snap, side)}
    return {"kind": "waiting", "for": "dice", "side": None, "seat": None}
