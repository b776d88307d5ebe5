"""Request bodies: JSON read defensively, so that hostile input gets a 400 `bad-json` refusal and never a 500
(issue 10): not JSON, nested deeper than MAX_DEPTH, numbers Python will not parse (over 4,300 digits), text
that is not Unicode (lone surrogates, in keys too). Used by the API (kaisen.server.app) and the pages
(kaisen.server.web)."""
from __future__ import annotations

import json
from typing import Any

from kaisen.server.runner import ApiError

MAX_DEPTH = 64                  # nesting of JSON arrays and objects


def parse_json(raw: bytes) -> Any:
    """Parse a request body, or refuse it with 400 bad-json: not JSON, too deep, a number too long, text that
    is not Unicode. Never raises anything else."""
    depth = level = 0
    in_string = escaped = False
    for b in raw:                   # nesting depth, counted before the parser recurses into it
        if in_string:
            if escaped:
                escaped = False
            elif b == 0x5C:
                escaped = True
            elif b == 0x22:
                in_string = False
        elif b == 0x22:
            in_string = True
        elif b in (0x5B, 0x7B):
            level += 1
            depth = max(depth, level)
            if depth > MAX_DEPTH:
                raise ApiError(400, "bad-json", f"the body nests arrays and objects deeper than {MAX_DEPTH} levels")
        elif b in (0x5D, 0x7D):
            level -= 1
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        where = f" (line {err.lineno}, column {err.colno})" if isinstance(err, json.JSONDecodeError) else ""
        raise ApiError(400, "bad-json", f"the body is not valid JSON{where}") from None
    except RecursionError:
        raise ApiError(400, "bad-json", f"the body nests arrays and objects deeper than {MAX_DEPTH} levels") from None
    except ValueError as err:       # e.g. an integer of more than 4,300 digits
        raise ApiError(400, "bad-json", f"the body holds a value that cannot be read: {str(err)[:120]}") from None
    stack = [data]
    while stack:                    # every string (keys too) must be Unicode text: no lone surrogates
        x = stack.pop()
        if isinstance(x, str):
            _check_text(x)
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                _check_text(k)
                stack.append(v)
    return data


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(400, "bad-json", "the body holds a string that is not Unicode text "
                       "(a lone surrogate such as \\ud800)") from None
