"""Seat tokens: 192 random bits each (`secrets.token_urlsafe(24)`), stored only as SHA-256 digests.

A token opens exactly one seat (or the spectator view) of one game. Lookups go by digest, so comparing
a guessed token reveals nothing through timing, and a stolen database opens no seat."""
from __future__ import annotations

import hashlib
import re
import secrets

TOKEN_BYTES = 24                    # 192 bits of entropy
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32,128}$")
SPECTATOR = None                    # the side of a spectator token


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def well_formed(token: str) -> bool:
    """Cheap shape check before touching the database (a malformed token is simply not found)."""
    return bool(TOKEN_RE.match(token))
