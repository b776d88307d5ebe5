"""SQLite persistence: each game's setup, its seats' token hashes, and its record (one row per answer).

Older files are migrated when opened: columns added since (games.secret, games.at_table, answers.source) are
added with ALTER TABLE; a game without a secret keeps the dice it was created with (seed and answer number).

Every applied answer is its own committed transaction, so a server killed at any moment restarts with every
game exactly where it was: the state is the replay of the stored answers. Tokens are never stored, only
their SHA-256 digests."""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        TEXT PRIMARY KEY,          -- public game id (listed; opens nothing by itself)
    game      TEXT NOT NULL,             -- registry id, e.g. pacific-fury
    scenario  TEXT NOT NULL,
    options   TEXT NOT NULL,             -- JSON object: the resolved optional rules
    seed      INTEGER NOT NULL,          -- a client's seed (games with at most one human); -1: none
    dice      TEXT NOT NULL,             -- seeded | manual
    seats     TEXT NOT NULL,             -- JSON object: side -> "human" | agent name
    title     TEXT NOT NULL,
    created   REAL NOT NULL,
    updated   REAL NOT NULL,
    status    TEXT NOT NULL,             -- playing | over
    steps     INTEGER NOT NULL DEFAULT 0,-- answers so far (= rows in answers)
    result    TEXT,                      -- JSON {winner, score, summary} once over
    secret    TEXT,                      -- hex: the dice secret (committed by its SHA-256); NULL: an older game
    at_table  INTEGER NOT NULL DEFAULT 0 -- 1: all players at one table (any human seat enters manual dice)
);
CREATE TABLE IF NOT EXISTS answers (
    game_id   TEXT NOT NULL REFERENCES games(id),
    n         INTEGER NOT NULL,          -- 0-based position in the record
    answer    TEXT NOT NULL,             -- JSON: an option id or a list of dice faces
    at        REAL NOT NULL,
    source    TEXT,                      -- who gave it: a side, "server" (server dice), NULL: an older row
    PRIMARY KEY (game_id, n)
);
CREATE INDEX IF NOT EXISTS games_by_created ON games (created DESC, id);
CREATE TABLE IF NOT EXISTS tokens (
    hash      TEXT PRIMARY KEY,          -- sha256 hex of the token; the token itself is never stored
    game_id   TEXT NOT NULL REFERENCES games(id),
    side      TEXT                       -- the seat it opens; NULL: the spectator view
);
"""


def default_db_path() -> Path:
    """$XDG_DATA_HOME/kaisen/games.sqlite3, else ~/.local/share/kaisen/games.sqlite3."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kaisen" / "games.sqlite3"


@dataclass
class GameRow:
    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int | None
    dice: str
    seats: dict[str, str]
    title: str
    created: float
    updated: float
    status: str
    steps: int
    result: dict[str, Any] | None
    secret: bytes | None = None      # None: a game created before committed dice (dice from seed + step)
    at_table: bool = False

    def listing(self) -> dict[str, Any]:
        """What `GET /api/games` shows: no seed, no tokens, and until the end neither the number of answers nor
        the time of the last one (both would count moves a side may not see)."""
        over = self.status == "over"
        return {"id": self.id, "game": self.game, "scenario": self.scenario, "title": self.title,
                "status": self.status, "seats": dict(self.seats), "dice": self.dice,
                "steps": self.steps if over else None, "created": self.created,
                "updated": self.updated if over else None, "result": self.result}


def _answer_to_json(answer: Any) -> str:
    return json.dumps(list(answer) if isinstance(answer, tuple) else answer)


def _answer_from_json(text: str) -> Any:
    a = json.loads(text)
    return tuple(a) if isinstance(a, list) else a


class Store:
    """One SQLite file shared by every request; writes are serialised by a lock (SQLite allows one writer)."""

    def __init__(self, path: str | Path):
        # WAL + synchronous=NORMAL: a committed answer survives the process being killed at any moment
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.lock = threading.RLock()
        self.db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        with self.lock:
            self.db.executescript(SCHEMA)
            self._migrate()

    MIGRATIONS = (("games", "secret", "TEXT"), ("games", "at_table", "INTEGER NOT NULL DEFAULT 0"),
                  ("answers", "source", "TEXT"))

    def _migrate(self) -> None:
        """Add the columns a file written by an older kaisen lacks (its games load as they were)."""
        for table, column, decl in self.MIGRATIONS:
            have = {r[1] for r in self.db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")

    def close(self) -> None:
        with self.lock:
            self.db.close()

    # -- writes: each one transaction -------------------------------------------------------------
    def create(self, row: GameRow, token_hashes: dict[str | None, str]) -> None:
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute(
                    "INSERT INTO games (id, game, scenario, options, seed, dice, seats, title, created, updated,"
                    " status, steps, result, secret, at_table) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (row.id, row.game, row.scenario, json.dumps(row.options), -1 if row.seed is None else row.seed,
                     row.dice, json.dumps(row.seats), row.title, row.created, row.updated, row.status, row.steps,
                     json.dumps(row.result) if row.result is not None else None,
                     row.secret.hex() if row.secret is not None else None, int(row.at_table)))
                self.db.executemany("INSERT INTO tokens (hash, game_id, side) VALUES (?,?,?)",
                                    [(h, row.id, side) for side, h in token_hashes.items()])
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def append(self, game_id: str, n: int, answer: Any, status: str, result: dict[str, Any] | None,
               source: str | None = None) -> float:
        """Add answer #n (given by `source`: a side or "server") to the record and the game's new status,
        committed together (or not at all)."""
        now = time.time()
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute("INSERT INTO answers (game_id, n, answer, at, source) VALUES (?,?,?,?,?)",
                                (game_id, n, _answer_to_json(answer), now, source))
                cur = self.db.execute(
                    "UPDATE games SET steps = ?, status = ?, result = ?, updated = ? WHERE id = ? AND steps = ?",
                    (n + 1, status, json.dumps(result) if result is not None else None, now, game_id, n))
                if cur.rowcount != 1:
                    raise RuntimeError(f"game {game_id}: stored record is not at step {n}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return now

    # -- reads ---------------------------------------------------------------------------------------
    def _row(self, r: tuple) -> GameRow:
        return GameRow(id=r[0], game=r[1], scenario=r[2], options=json.loads(r[3]),
                       seed=None if r[4] is None or r[4] < 0 else r[4], dice=r[5],
                       seats=json.loads(r[6]), title=r[7], created=r[8], updated=r[9], status=r[10],
                       steps=r[11], result=json.loads(r[12]) if r[12] is not None else None,
                       secret=bytes.fromhex(r[13]) if r[13] else None, at_table=bool(r[14]))

    _COLS = ("id, game, scenario, options, seed, dice, seats, title, created, updated, status, steps, result,"
             " secret, at_table")

    def game(self, game_id: str) -> GameRow | None:
        with self.lock:
            r = self.db.execute(f"SELECT {self._COLS} FROM games WHERE id = ?", (game_id,)).fetchone()
        return self._row(r) if r else None

    def games(self, limit: int | None = None, offset: int = 0) -> list[GameRow]:
        """Games, newest first: all of them, or `limit` from `offset` (a page of the public list)."""
        sql = f"SELECT {self._COLS} FROM games ORDER BY created DESC, id"
        args: tuple = ()
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            args = (limit, offset)
        with self.lock:
            rows = self.db.execute(sql, args).fetchall()
        return [self._row(r) for r in rows]

    def count(self) -> int:
        with self.lock:
            return self.db.execute("SELECT count(*) FROM games").fetchone()[0]

    def answers(self, game_id: str) -> list[Any]:
        with self.lock:
            rows = self.db.execute("SELECT answer FROM answers WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
        return [_answer_from_json(r[0]) for r in rows]

    def sources(self, game_id: str) -> list[str | None]:
        """Who gave each answer (a side, "server", or None for rows written before this was kept)."""
        with self.lock:
            rows = self.db.execute("SELECT source FROM answers WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
        return [r[0] for r in rows]

    def token(self, token_hash: str) -> tuple[str, str | None] | None:
        """(game id, side or None for the spectator) for a token digest, or None."""
        with self.lock:
            r = self.db.execute("SELECT game_id, side FROM tokens WHERE hash = ?", (token_hash,)).fetchone()
        return (r[0], r[1]) if r else None
