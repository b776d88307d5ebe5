"""JSON text through msgspec: how saves, records and state round trips are written and read (issue 11 item 5).

A game's `to_json` / `from_json` map its state to and from plain JSON values (the saved form, with no derived
indices); this module turns those values into text and back. msgspec does both about twice as fast as the
standard library (benchmarks/engine_speed.py, "JSON round trip"), and its text is the compact form
`json.dumps(..., separators=(",", ":"), ensure_ascii=False)` writes, so files written before read the same.
A malformed text is refused with one line saying what is wrong and where (line and column)."""
from __future__ import annotations

import json
from typing import Any

import msgspec

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder()


class JSONTextError(ValueError):
    """Text that is not valid JSON: what is wrong, and the line and column where reading stopped."""

    def __init__(self, msg: str, lineno: int, colno: int):
        self.msg, self.lineno, self.colno = msg, lineno, colno
        super().__init__(f"{msg} (line {lineno}, column {colno})")


def encode(value: Any) -> str:
    """Compact JSON text of plain values (dicts, lists, tuples as arrays, str, int, float, bool, None)."""
    return _encoder.encode(value).decode()


def encode_bytes(value: Any) -> bytes:
    """`encode` as UTF-8 bytes (what a file or a response body holds)."""
    return _encoder.encode(value)


def decode(text: str | bytes) -> Any:
    """The plain values a JSON text holds; raises JSONTextError naming the problem, its line and column."""
    data = text.encode() if isinstance(text, str) else text
    try:
        return _decoder.decode(data)
    except msgspec.DecodeError as err:
        # Refusals are rare: the standard library reads the text again for its exact reason and place.
        try:
            json.loads(data)
        except json.JSONDecodeError as std:
            raise JSONTextError(std.msg, std.lineno, std.colno) from None
        except UnicodeDecodeError:
            raise JSONTextError("the text is not UTF-8", 1, 1) from None
        raise JSONTextError(str(err), 1, 1) from None


def round_trip(game: Any, state: Any) -> Any:
    """The state written as JSON text and read back (what a save and a load do)."""
    return game.from_json(decode(encode(game.to_json(state))))
