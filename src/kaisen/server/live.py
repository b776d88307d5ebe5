"""A game in memory (`Live`) and the snapshot its payloads are built from (`Snap`).

Answers are applied under the game's lock (by a request's thread or the worker); each applied answer ends by
publishing a new `Snap` (one reference, replaced whole) and bumping `changed`. Payloads are built from a Snap
alone, so a reader never takes the game's lock and never waits for an AI that is thinking."""
from __future__ import annotations

import hashlib
import hmac
import threading
import time
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from kaisen.agents.base import Agent
from kaisen.engine.core import Chance, End, Event, Game
from kaisen.server.notify import Notifier
from kaisen.server.store import GameRow

HUMAN = "human"
SERVER = "server"                # answers.source of a roll the server made


def result_of(end: End) -> dict[str, Any]:
    return {"winner": end.winner, "score": end.score, "summary": end.summary}


@dataclass(frozen=True, slots=True)
class Snap:
    """What the game looked like after one applied answer, read together: the state, how long the log was,
    the side that answered the last decision, and the answers each side has given (decision tokens)."""

    state: Any
    log_len: int
    last_decider: str | None
    answered: Mapping[str, int]

    def pause(self, game: Game):
        return game.pause(self.state)


@dataclass(eq=False)
class Live:
    """One game in memory: the stored row, the current state, the narrated log, the AI seats."""

    row: GameRow
    game: Game
    state: Any
    answers: list[Any]
    log: list[Event]
    agents: dict[str, Agent]
    sources: list[str | None] = field(default_factory=list)   # who gave each answer: a side, SERVER or None
    last_decider: str | None = None                           # the side that answered the last decision
    # kept by the server, never copied by dataclasses.replace (a replaced Live is a fresh one)
    lock: threading.RLock = field(default_factory=threading.RLock, init=False)
    changed: Notifier = field(default_factory=Notifier, init=False)   # bumps on every applied answer
    settled: Notifier = field(default_factory=Notifier, init=False)   # bumps when the worker stops owing moves
    snap: Snap = field(init=False)
    readers: int = field(default=0, init=False)      # open SSE streams: a followed game is never evicted
    moving: bool = field(default=False, init=False)  # queued on the worker or being moved by it
    evicted: bool = field(default=False, init=False) # left memory: a holder must look the game up again
    used: float = field(default_factory=time.monotonic, init=False)
    server_moves: int = field(default=0, init=False)  # answers the server gave in a row (a broken game stops)
    readers_cache: dict[Any, Any] = field(default_factory=dict, init=False)   # kaisen.server.payloads
    cache_lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    answered: dict[str, int] = field(default_factory=dict, init=False)   # answers each side gave

    def __post_init__(self) -> None:
        for s in self.sources:
            if s is not None:
                self.answered[s] = self.answered.get(s, 0) + 1
        self.publish(bump=False)

    def record_answer(self, answer: Any, source: str | None) -> None:
        self.answers.append(answer)
        self.sources.append(source)
        if source is not None:
            self.answered[source] = self.answered.get(source, 0) + 1

    def publish(self, bump: bool = True) -> None:
        """Take a new snapshot of the game (after an answer was applied) and wake the streams."""
        self.snap = Snap(state=self.state, log_len=len(self.log), last_decider=self.last_decider,
                         answered=MappingProxyType(dict(self.answered)))
        if bump:
            self.changed.bump()

    @property
    def steps(self) -> int:
        return len(self.answers)

    def pause(self):
        return self.game.pause(self.state)

    # -- whose answer it is ------------------------------------------------------------------------------
    def roller(self, snap: Snap) -> str:
        """Whose roll a Chance is: the side that answered the last decision (the engines' Chance names no side),
        or the game's first side before any decision."""
        return snap.last_decider or self.game.sides[0]

    def dice_enterers(self, snap: Snap) -> list[str]:
        """Human sides that may type the faces of a manual Chance now. At one table: every human side whose view
        shows how many dice. Remote: only the roller, if human and its view shows them (else the server rolls)."""
        if self.row.dice != "manual":
            return []
        sides = [s for s, n in self.row.seats.items() if n == HUMAN]
        if not self.row.at_table:
            sides = [s for s in sides if s == self.roller(snap)]
        out = []
        for side in sides:
            p = self.game.view(snap.state, side).get("pending") or {}
            if p.get("kind") == "chance" and p.get("dice") is not None:
                out.append(side)
        return out

    def servers_turn(self, snap: Snap | None = None) -> bool:
        """The next answer is the server's to give: an AI seat's decision or dice nobody types."""
        snap = snap or self.snap
        pause = snap.pause(self.game)
        if isinstance(pause, End):
            return False
        if isinstance(pause, Chance):
            return not self.dice_enterers(snap)
        return self.row.seats.get(pause.side) != HUMAN

    def decision_token(self, snap: Snap, side: str) -> str:
        """The token of `side`'s pending answer: it names how many answers this side has given, nothing more."""
        key = hashlib.sha256(b"kaisen-decision-key:" + (self.row.secret or f"{self.row.id}:{self.row.seed}".encode())
                             ).digest()
        msg = f"kaisen-decision-v1:{side}:{snap.answered.get(side, 0)}".encode()
        return hmac.new(key, msg, hashlib.sha256).hexdigest()[:24]
