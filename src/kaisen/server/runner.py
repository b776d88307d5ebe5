"""Live games on the server: the state cached in memory, rebuilt by replaying the stored record, the AI seats
and seeded dice moving by themselves, and every payload built from one seat's view.

The server is the only authority. A seat's payload is made of: its side's view (`game.view(state, side)`),
the events its side may read (public or private to it), its own pending decision (the options) or what it
waits for, and the result. A spectator gets the public view (`game.public_view(state)`: what neither side's
view hides), only public events, who is to move, and, once the game is over, the omniscient view, every side's
view and the whole log (the engine's `view(state, None)` is omniscient: never shown before the end)."""
from __future__ import annotations

import hashlib
import random
import secrets
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from kaisen.agents.base import Agent, agent_names, make_agent
from kaisen.engine.core import Chance, Decision, End, Event, Game, IllegalAction
from kaisen.engine.record import Record, RecordError, replay
from kaisen.registry import GAMES, get_game
from kaisen.server import seats as tokens
from kaisen.server.store import GameRow, Store

HUMAN = "human"
MAX_AI_STEPS = 500_000          # one advance never loops forever on a broken game


class ApiError(Exception):
    """A refused request: HTTP status, a short code and a reason (plus the engine's fields where it refused)."""

    def __init__(self, status: int, code: str, reason: str, **extra: Any):
        self.status = status
        self.code = code
        self.reason = reason
        self.extra = extra
        super().__init__(reason)

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "reason": self.reason, **self.extra}}


NOT_FOUND = "no game seat or spectator view is open under this link"


def not_found() -> ApiError:
    """The same answer for every unknown, malformed or wrong token: it never says whether a game exists."""
    return ApiError(404, "not-found", NOT_FOUND)


def refusal(status: int, err: IllegalAction) -> ApiError:
    return ApiError(status, "illegal", err.reason, rule=err.rule, given=err.given, allowed=err.allowed)


def _int_seed(*parts: Any) -> int:
    return int.from_bytes(hashlib.sha256(":".join(map(str, parts)).encode()).digest()[:8], "big")


def result_of(end: End) -> dict[str, Any]:
    return {"winner": end.winner, "score": end.score, "summary": end.summary}


@dataclass
class Live:
    """One game in memory: the stored row, the current state, the narrated log, the AI seats."""

    row: GameRow
    game: Game
    state: Any
    answers: list[Any]
    log: list[Event]
    agents: dict[str, Agent]
    lock: threading.RLock = field(default_factory=threading.RLock)
    version: int = 0            # bumps on every applied answer (the SSE streams watch it)

    @property
    def steps(self) -> int:
        return len(self.answers)

    def pause(self):
        return self.game.pause(self.state)


class Server:
    """Everything the HTTP layer does, without HTTP: create, list, payload, answer, record."""

    def __init__(self, store: Store):
        self.store = store
        self.live: dict[str, Live] = {}
        self.broken: dict[str, str] = {}
        self.lock = threading.Lock()        # guards the two dicts above (each game has its own lock)

    # -- loading --------------------------------------------------------------------------------
    def _load(self, game_id: str) -> Live:
        with self.lock:
            if game_id in self.live:
                return self.live[game_id]
            if game_id in self.broken:
                raise ApiError(503, "unavailable", "this game cannot be restored on this server: "
                               + self.broken[game_id])
            row = self.store.game(game_id)
            if row is None:
                raise not_found()
            try:
                game = get_game(row.game)
                record = Record(game=row.game, scenario=row.scenario, options=row.options, seed=row.seed,
                                answers=self.store.answers(game_id), agents=row.seats)
                state, log = replay(game, record, collect_events=True)
                agents = self._agents(game, row, len(record.answers))
            except (IllegalAction, RecordError) as err:
                self.broken[game_id] = str(err)
                raise ApiError(503, "unavailable", "this game cannot be restored on this server: " + str(err))
            live = Live(row=row, game=game, state=state, answers=list(record.answers), log=log, agents=agents)
            self.live[game_id] = live
        self.advance(live)   # a server killed while the AI moved: the AI moves on
        return live

    @staticmethod
    def _agents(game: Game, row: GameRow, step: int) -> dict[str, Agent]:
        return {side: make_agent(game.id, name, side, _int_seed(row.seed, side, step))
                for side, name in row.seats.items() if name != HUMAN}

    def resolve(self, token: str) -> tuple[Live, str | None]:
        """The live game and the side a token opens (None: spectator); 404 for anything else."""
        if not isinstance(token, str) or not tokens.well_formed(token):
            raise not_found()
        hit = self.store.token(tokens.digest(token))
        if hit is None:
            raise not_found()
        game_id, side = hit
        return self._load(game_id), side

    # -- creating and listing ---------------------------------------------------------------------
    def create(self, spec: dict[str, Any]) -> tuple[str, dict[str | None, str]]:
        """Validate a new game's setup (nothing is written if refused); returns (game id, side -> token)."""
        game_id_ = spec.get("game")
        if not isinstance(game_id_, str) or game_id_ not in GAMES:
            raise ApiError(422, "bad-request", "unknown game", field="game", given=game_id_, allowed=sorted(GAMES))
        game = get_game(game_id_)
        scenario = spec.get("scenario")
        if scenario is not None and not isinstance(scenario, str):
            raise ApiError(422, "bad-request", "scenario must be a string", field="scenario")
        options = spec.get("options")
        if options is not None and not isinstance(options, dict):
            raise ApiError(422, "bad-request", "options must be an object of name: true|false", field="options")
        try:
            sc = game.scenario(scenario)
            opts = game.resolve_options(options)
        except IllegalAction as err:
            raise refusal(422, err) from None
        seats = spec.get("seats")
        if seats is None:
            seats = {s: HUMAN for s in game.sides}
        if not isinstance(seats, dict) or set(seats) != set(game.sides):
            raise ApiError(422, "bad-request", f"seats must name every side of {game.id} exactly once",
                           field="seats", given=seats if isinstance(seats, dict) else None, allowed=list(game.sides))
        for side, name in seats.items():
            if not isinstance(name, str) or (name != HUMAN and name not in agent_names(game.id)):
                raise ApiError(422, "bad-request", f"unknown seat kind for {side}", field=f"seats.{side}",
                               given=name if isinstance(name, str) else None,
                               allowed=[HUMAN] + agent_names(game.id))
        dice = spec.get("dice", "seeded")
        if dice not in ("seeded", "manual"):
            raise ApiError(422, "bad-request", "unknown dice source", field="dice", given=dice if isinstance(dice, str) else None,
                           allowed=["seeded", "manual"])
        if dice == "manual" and HUMAN not in seats.values():
            raise ApiError(422, "bad-request", "manual dice need a human seat to enter them", field="dice")
        seed = spec.get("seed")
        if seed is None:
            seed = secrets.randbits(62)       # secret: whoever knows the seed knows the dice to come
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 62:
            raise ApiError(422, "bad-request", "seed must be an integer 0..2^62-1", field="seed")
        title = spec.get("title")
        if title is None:
            title = game.title
        if not isinstance(title, str) or len(title) > 200:
            raise ApiError(422, "bad-request", "title must be text of at most 200 characters", field="title")
        unknown = set(spec) - {"game", "scenario", "options", "seats", "dice", "seed", "title"}
        if unknown:
            raise ApiError(422, "bad-request", "unknown fields", given=sorted(unknown),
                           allowed=["game", "scenario", "options", "seats", "dice", "seed", "title"])
        try:
            state = game.new_state(sc.id, opts)
        except IllegalAction as err:
            raise refusal(422, err) from None
        now = time.time()
        row = GameRow(id=uuid.uuid4().hex[:16], game=game.id, scenario=sc.id, options=opts, seed=seed, dice=dice,
                      seats={s: seats[s] for s in game.sides}, title=title.strip() or game.title,
                      created=now, updated=now, status="playing", steps=0, result=None)
        pause = game.pause(state)
        if isinstance(pause, End):
            row.status, row.result = "over", result_of(pause)
        made: dict[str | None, str] = {s: tokens.new_token() for s in game.sides if seats[s] == HUMAN}
        made[tokens.SPECTATOR] = tokens.new_token()
        self.store.create(row, {side: tokens.digest(t) for side, t in made.items()})
        live = Live(row=row, game=game, state=state, answers=[], log=list(game.events(state)),
                    agents=self._agents(game, row, 0))
        with self.lock:
            self.live[row.id] = live
        self.advance(live)
        return row.id, made

    def listing(self) -> list[dict[str, Any]]:
        out = []
        for row in self.store.games():
            item = row.listing()
            with self.lock:
                live = self.live.get(row.id)
            if live is not None:          # the cached row is the freshest
                item = live.row.listing()
            out.append(item)
        return out

    # -- moving ---------------------------------------------------------------------------------------
    def _apply(self, live: Live, answer: Any) -> None:
        """Apply one answer: the engine checks it (IllegalAction changes nothing), the store commits it, then
        memory follows. If the store fails, memory keeps the old state (both stay in step)."""
        new = live.game.apply(live.state, answer)
        pause = live.game.pause(new)
        status, result = ("over", result_of(pause)) if isinstance(pause, End) else ("playing", None)
        now = self.store.append(live.row.id, live.steps, answer, status, result)
        live.state = new
        live.answers.append(answer)
        live.log.extend(live.game.events(new))
        live.row.steps, live.row.status, live.row.result, live.row.updated = live.steps, status, result, now
        live.version += 1

    def dice_enterers(self, live: Live) -> list[str]:
        """Human sides that may type the faces of a manual Chance: those whose view shows how many dice."""
        out = []
        for side, name in live.row.seats.items():
            if name == HUMAN:
                p = live.game.view(live.state, side).get("pending") or {}
                if p.get("kind") == "chance" and p.get("dice") is not None:
                    out.append(side)
        return out

    def advance(self, live: Live) -> None:
        """Move the AI seats and roll seeded dice until a human must answer, manual dice are due, or the end.
        Seeded dice for answer #n come from Random(f"{seed}:{n}"): the same after any restart."""
        with live.lock:
            for _ in range(MAX_AI_STEPS):
                pause = live.pause()
                if isinstance(pause, End):
                    return
                if isinstance(pause, Chance):
                    if live.row.dice == "manual" and self.dice_enterers(live):
                        return
                    rng = random.Random(f"{live.row.seed}:{live.steps}")
                    self._apply(live, tuple(rng.randint(1, k) for k in pause.dice))
                elif live.row.seats.get(pause.side) == HUMAN:
                    return
                else:
                    agent = live.agents[pause.side]
                    choice = agent.choose(live.game.view(live.state, pause.side), pause)
                    self._apply(live, choice)
            raise RuntimeError(f"game {live.row.id}: the AI seats did not stop within {MAX_AI_STEPS} steps")

    def answer(self, token: str, body: Any) -> dict[str, Any]:
        """A seat answers: its decision's option id, or the faces of manual dice; then the AI moves."""
        live, side = self.resolve(token)
        if not isinstance(body, dict):
            raise ApiError(422, "bad-request", "the body must be a JSON object {answer, step}")
        unknown = set(body) - {"answer", "step"}
        if unknown:
            raise ApiError(422, "bad-request", "unknown fields", given=sorted(unknown), allowed=["answer", "step"])
        step = body.get("step")
        if isinstance(step, bool) or not isinstance(step, int):
            raise ApiError(422, "bad-request", "step must be the integer step number the client saw", field="step")
        if "answer" not in body:
            raise ApiError(422, "bad-request", "answer is missing: an option id or a list of dice faces",
                           field="answer")
        answer = body["answer"]
        if side is None:
            raise ApiError(403, "spectator", "a spectator link cannot answer")
        with live.lock:
            if step != live.steps:
                raise ApiError(409, "stale", "the game has moved on: reload and answer again",
                               step=live.steps, given=step)
            pause = live.pause()
            if isinstance(pause, End):
                raise ApiError(409, "over", "the game is over")
            if isinstance(pause, Decision):
                if pause.side != side:
                    raise ApiError(409, "not-your-turn", "it is not your decision: wait for the other side")
                if not isinstance(answer, str):
                    raise ApiError(422, "illegal", f"{pause.prompt}: an option id is expected",
                                   rule=pause.rule, given=None, allowed=pause.ids())
                if answer not in pause.ids():
                    # the refusal is built from the decision alone: a game's explanation of why an id is
                    # refused could describe hidden state (where an enemy ship is), so it is not consulted
                    raise ApiError(422, "illegal", f"{pause.prompt}: not one of the options",
                                   rule=pause.rule, given=answer[:200], allowed=pause.ids())
            else:   # Chance
                if live.row.dice != "manual" or side not in self.dice_enterers(live):
                    raise ApiError(409, "not-your-turn", "no dice for you to enter now: wait for the other side")
                answer = self._faces(live, side, pause, answer)
            try:
                self._apply(live, answer)
            except IllegalAction as err:    # the engine has the last word (nothing was written)
                raise ApiError(422, "illegal", err.reason if isinstance(pause, Decision) else "refused",
                               rule=err.rule, given=answer if isinstance(answer, str) else list(answer),
                               allowed=pause.ids() if isinstance(pause, Decision) else None) from None
            self.advance(live)
            return self.payload_for(live, side)

    @staticmethod
    def _faces(live: Live, side: str, chance: Chance, answer: Any) -> tuple[int, ...]:
        """Check typed dice faces; the refusal quotes the reason as this side's view words it."""
        reason = (live.game.view(live.state, side).get("pending") or {}).get("reason") or "dice"
        want = f"{len(chance.dice)} integer face(s), each 1..{max(chance.dice)}"
        if isinstance(answer, int) and not isinstance(answer, bool):
            answer = [answer]
        if not isinstance(answer, list) or len(answer) != len(chance.dice):
            raise ApiError(422, "illegal", f"{reason}: wrong number of dice", rule=chance.rule or "dice",
                           given=answer if isinstance(answer, list) and len(answer) < 50 else None, allowed=want)
        for face, sides in zip(answer, chance.dice):
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
                raise ApiError(422, "illegal", f"{reason}: die face out of range", rule=chance.rule or "dice",
                               given=face if isinstance(face, int) else None, allowed=f"an integer 1..{sides}")
        return tuple(answer)

    # -- what a seat sees -------------------------------------------------------------------------------
    def payload(self, token: str, log_from: int = 0) -> dict[str, Any]:
        live, side = self.resolve(token)
        with live.lock:
            return self.payload_for(live, side, log_from)

    def payload_for(self, live: Live, side: str | None, log_from: int = 0) -> dict[str, Any]:
        game, row = live.game, live.row
        pause = live.pause()
        over = isinstance(pause, End)
        if side is None:
            log = [e for e in live.log if over or e.private_to is None]
        else:
            log = [e for e in live.log if e.visible_to(side)]
        out: dict[str, Any] = {
            "game": game.id, "game_title": game.title, "game_id": row.id, "title": row.title,
            "scenario": row.scenario, "options": dict(row.options), "dice": row.dice,
            "sides": list(game.sides), "seats": dict(row.seats), "side": side,
            "status": row.status, "step": live.steps,
            "pending": self._pending(live, side, pause),
            "log_from": max(0, log_from), "log_size": len(log),
            "log": [e.to_dict() for e in log[max(0, log_from):]],
            "result": result_of(pause) if over else None,
        }
        if side is not None:
            out["view"] = game.view(live.state, side)
        elif over:
            out["view"] = game.view(live.state, None)
            out["views"] = {s: game.view(live.state, s) for s in game.sides}
        else:
            out["view"] = game.public_view(live.state)
        return out

    def _pending(self, live: Live, side: str | None, pause) -> dict[str, Any]:
        if isinstance(pause, End):
            return {"kind": "end", "result": result_of(pause)}
        if isinstance(pause, Decision):
            if side == pause.side:
                return {"kind": "decision", "side": side, "prompt": pause.prompt, "rule": pause.rule,
                        "options": [{"id": o.id, "label": o.label} for o in pause.options]}
            return {"kind": "waiting", "for": "decision", "side": pause.side,
                    "seat": live.row.seats.get(pause.side)}
        # a Chance: only manual dice ever wait here (seeded dice are rolled at once)
        if side is not None and live.row.dice == "manual" and side in self.dice_enterers(live):
            p = live.game.view(live.state, side).get("pending") or {}
            return {"kind": "dice", "reason": p.get("reason"), "count": len(pause.dice),
                    "sides": list(pause.dice), "rule": pause.rule}
        return {"kind": "waiting", "for": "dice", "side": None, "seat": None}

    def record(self, token: str) -> dict[str, Any]:
        live, side = self.resolve(token)
        with live.lock:
            if not isinstance(live.pause(), End):
                raise ApiError(403, "not-over", "the record and the full view are available when the game is over")
            rec = Record(game=live.game.id, scenario=live.row.scenario, options=dict(live.row.options),
                         seed=live.row.seed, answers=list(live.answers), agents=dict(live.row.seats))
            return {"record": rec.to_dict(), "final_view": live.game.view(live.state, None),
                    "result": result_of(live.pause()), "log": [e.to_dict() for e in live.log]}

    def version(self, token_game_id: str) -> int:
        with self.lock:
            live = self.live.get(token_game_id)
        return live.version if live else -1
