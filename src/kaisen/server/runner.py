"""Live games on the server: the state cached in memory, rebuilt by replaying the stored record, the AI seats
and the server's dice moving by themselves, and every payload built from one seat's view.

The server is the only authority. A seat's payload is made of: its side's view (`game.view(state, side)`),
the events its side may read (public or private to it), its own pending decision (the options) or what it
waits for, and the result. A spectator gets the public view (`game.public_view(state)`: what neither side's
view hides), only public events, who is to move, and, once the game is over, the omniscient view, every side's
view and the whole log (the engine's `view(state, None)` is omniscient: never shown before the end).

No side channels. Nothing a reader receives counts the game's answers: there is no step number. Each payload
carries `version`, the first 16 hex digits of SHA-256 over the canonical JSON of that reader's whole payload
(log from the start, without `game_id` and `version`): it changes exactly when what this reader receives
changes, so two games that differ only in answers a side cannot see give that side the same versions. A pending
decision (or manual dice) carries `decision_token`, HMAC-SHA256(key from the game's secret,
"kaisen-decision-v1:<side>:<answers this side has given>") cut to 24 hex digits; an answer sends it back and a
token that is not the current one is refused with 409 `stale`. The old `step` field is refused with 422 (it
counted every answer, the other side's hidden ones too): there is no backward compatibility on purpose. The
public list shows no answer count and no last-update time before the end.

Dice you can trust. At creation the server draws a 32-byte secret (`secrets.token_bytes`) and publishes its
SHA-256 (`dice_commitment` in every payload); the roll answered as record answer #n is
`kaisen.engine.dice.derive_faces(secret, n, dice)` (scheme kaisen-dice-v1); the record after the end carries the
secret and the answers the server rolled, so `kaisen verify` recomputes each. AI seats' generators are seeded
from the secret too. A client `seed` is refused when two or more seats are human; with at most one human it
makes the game repeatable: the secret is then SHA-256("kaisen-client-seed-v1:<seed>"). Games created before
committed dice (no stored secret) keep their old dice: Random(f"{seed}:{n}").

Manual dice: in a remote game (the default) only the seat whose roll it is enters the faces. The engines'
Chance nodes name no side, so "whose roll" is the side that answered the last decision (the game's first side
before any decision); when that seat is an AI or its view does not show the roll, the server rolls it (committed
dice). A game created with `at_table: true` (all players at one table) lets any human seat whose view shows the
roll enter it, the AI's rolls included."""
from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from kaisen.agents.base import Agent, agent_names, make_agent
from kaisen.engine.core import Chance, Decision, End, Event, Game, IllegalAction
from kaisen.engine.dice import DICE_SCHEME, commitment, derive_faces, derive_seed
from kaisen.engine.record import DiceCommitment, Record, RecordError, replay
from kaisen.registry import GAMES, get_game
from kaisen.server import seats as tokens
from kaisen.server.store import GameRow, Store

HUMAN = "human"
SERVER = "server"                # answers.source of a roll the server made
CREATE_FIELDS = ["game", "scenario", "options", "seats", "dice", "at_table", "seed", "title"]
SEED_REFUSED = ("a client may not choose the seed of a game with two or more human players: whoever picks the "
                "seed knows every roll to come. The server draws a secret, publishes its SHA-256 (the "
                "commitment) in every seat's page, and reveals the secret with the record after the end, so "
                "every roll can be checked (kaisen verify)")
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
    sources: list[str | None] = field(default_factory=list)   # who gave each answer: a side, SERVER or None
    last_decider: str | None = None                           # the side that answered the last decision
    lock: threading.RLock = field(default_factory=threading.RLock)
    changes: int = 0            # bumps on every applied answer: the SSE streams wake on it (never sent)

    def answered_by(self, side: str) -> int:
        return sum(1 for s in self.sources if s == side)

    @property
    def steps(self) -> int:
        return len(self.answers)

    def pause(self):
        return self.game.pause(self.state)


class Server:
    """Everything the HTTP layer does, without HTTP: create, list, payload, answer, record."""

    def __init__(self, store: Store):
        self.store = store
        self.draw_secret = lambda: secrets.token_bytes(32)     # the dice secret of each new game
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
                answers = self.store.answers(game_id)
                sources = self.store.sources(game_id)
                state, log, sources, last = self._replay(game, row, answers, sources)
                agents = self._agents(game, row, len(answers))
            except (IllegalAction, RecordError) as err:
                self.broken[game_id] = str(err)
                raise ApiError(503, "unavailable", "this game cannot be restored on this server: " + str(err))
            live = Live(row=row, game=game, state=state, answers=list(answers), log=log, agents=agents,
                        sources=sources, last_decider=last)
            self.live[game_id] = live
        self.advance(live)   # a server killed while the AI moved: the AI moves on
        return live

    @staticmethod
    def _replay(game: Game, row: GameRow, answers: list[Any], sources: list[str | None]):
        """The stored answers replayed: (state, log, who gave each answer, the last decision's side)."""
        out: list[str | None] = []
        last = None

        def source(i: int, pause: Any, _answer: Any) -> None:
            nonlocal last
            src = sources[i] if i < len(sources) else None
            if isinstance(pause, Decision):
                last = src = pause.side
            out.append(src)

        record = Record(game=row.game, scenario=row.scenario, options=row.options, answers=answers)
        state, log = replay(game, record, collect_events=True, before_each=source)
        return state, log, out, last

    @staticmethod
    def _agents(game: Game, row: GameRow, step: int) -> dict[str, Agent]:
        """AI seats, seeded from the dice secret (a client cannot predict them) or, in an older game, its seed."""
        def seed(side: str) -> int:
            if row.secret is not None:
                return derive_seed(row.secret, f"agent:{side}:{step}")
            return _int_seed(row.seed, side, step)
        return {side: make_agent(game.id, name, side, seed(side))
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
        at_table = spec.get("at_table", False)
        if not isinstance(at_table, bool):
            raise ApiError(422, "bad-request", "at_table must be true (all players at one table: any human seat "
                           "enters manual dice) or false (remote: each seat enters its own rolls)", field="at_table")
        seed = spec.get("seed")
        if seed is None:
            secret = self.draw_secret()
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 62:
            raise ApiError(422, "bad-request", "seed must be an integer 0..2^62-1", field="seed")
        elif sum(1 for n in seats.values() if n == HUMAN) >= 2:
            raise ApiError(422, "bad-request", SEED_REFUSED, field="seed")
        else:
            secret = hashlib.sha256(f"kaisen-client-seed-v1:{seed}".encode()).digest()
        title = spec.get("title")
        if title is None:
            title = game.title
        if not isinstance(title, str) or len(title) > 200:
            raise ApiError(422, "bad-request", "title must be text of at most 200 characters", field="title")
        unknown = set(spec) - set(CREATE_FIELDS)
        if unknown:
            raise ApiError(422, "bad-request", "unknown fields", given=sorted(unknown)[:20], allowed=CREATE_FIELDS)
        try:
            state = game.new_state(sc.id, opts)
        except IllegalAction as err:
            raise refusal(422, err) from None
        now = time.time()
        row = GameRow(id=uuid.uuid4().hex[:16], game=game.id, scenario=sc.id, options=opts, seed=seed, dice=dice,
                      seats={s: seats[s] for s in game.sides}, title=title.strip() or game.title,
                      created=now, updated=now, status="playing", steps=0, result=None, secret=secret,
                      at_table=at_table)
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
    def _apply(self, live: Live, answer: Any, source: str | None) -> None:
        """Apply one answer: the engine checks it (IllegalAction changes nothing), the store commits it, then
        memory follows. If the store fails, memory keeps the old state (both stay in step)."""
        before = live.pause()
        new = live.game.apply(live.state, answer)
        pause = live.game.pause(new)
        status, result = ("over", result_of(pause)) if isinstance(pause, End) else ("playing", None)
        now = self.store.append(live.row.id, live.steps, answer, status, result, source)
        live.state = new
        live.answers.append(answer)
        live.sources.append(source)
        if isinstance(before, Decision):
            live.last_decider = before.side
        live.log.extend(live.game.events(new))
        live.row.steps, live.row.status, live.row.result, live.row.updated = live.steps, status, result, now
        live.changes += 1

    def roller(self, live: Live) -> str:
        """Whose roll a Chance is: the side that answered the last decision (the engines' Chance names no side),
        or the game's first side before any decision."""
        return live.last_decider or live.game.sides[0]

    def dice_enterers(self, live: Live) -> list[str]:
        """Human sides that may type the faces of a manual Chance now. At one table: every human side whose view
        shows how many dice. Remote: only the roller, if human and its view shows them (else the server rolls)."""
        if live.row.dice != "manual":
            return []
        sides = [s for s, n in live.row.seats.items() if n == HUMAN]
        if not live.row.at_table:
            sides = [s for s in sides if s == self.roller(live)]
        out = []
        for side in sides:
            p = live.game.view(live.state, side).get("pending") or {}
            if p.get("kind") == "chance" and p.get("dice") is not None:
                out.append(side)
        return out

    def server_roll(self, live: Live, chance: Chance) -> tuple[int, ...]:
        """The server's roll for record answer #len(answers): committed dice, or an older game's seeded dice."""
        if live.row.secret is not None:
            return derive_faces(live.row.secret, live.steps, chance.dice)
        rng = random.Random(f"{live.row.seed}:{live.steps}")
        return tuple(rng.randint(1, k) for k in chance.dice)

    def decision_token(self, live: Live, side: str) -> str:
        """The token of `side`'s pending answer: it names how many answers this side has given, nothing more."""
        key = hashlib.sha256(b"kaisen-decision-key:" + (live.row.secret or f"{live.row.id}:{live.row.seed}".encode())
                             ).digest()
        msg = f"kaisen-decision-v1:{side}:{live.answered_by(side)}".encode()
        return hmac.new(key, msg, hashlib.sha256).hexdigest()[:24]

    def advance(self, live: Live) -> None:
        """Move the AI seats and roll the server's dice until a human must answer, manual dice are due, or the
        end. The server's dice for answer #n are derived from the secret and n: the same after any restart."""
        with live.lock:
            for _ in range(MAX_AI_STEPS):
                pause = live.pause()
                if isinstance(pause, End):
                    return
                if isinstance(pause, Chance):
                    if self.dice_enterers(live):
                        return
                    self._apply(live, self.server_roll(live, pause), SERVER)
                elif live.row.seats.get(pause.side) == HUMAN:
                    return
                else:
                    agent = live.agents[pause.side]
                    choice = agent.choose(live.game.view(live.state, pause.side), pause)
                    self._apply(live, choice, pause.side)
            raise RuntimeError(f"game {live.row.id}: the AI seats did not stop within {MAX_AI_STEPS} steps")

    def answer(self, token: str, body: Any) -> dict[str, Any]:
        """A seat answers: its decision's option id, or the faces of manual dice; then the AI moves."""
        live, side = self.resolve(token)
        if not isinstance(body, dict):
            raise ApiError(422, "bad-request", "the body must be a JSON object {answer, decision_token}")
        if "step" in body:
            raise ApiError(422, "bad-request", "the step field is no longer accepted (it counted every answer in "
                           "the game, the other side's hidden ones too): send decision_token, from the payload's "
                           "pending decision, instead", field="step")
        unknown = set(body) - {"answer", "decision_token"}
        if unknown:
            raise ApiError(422, "bad-request", "unknown fields", given=sorted(unknown)[:20],
                           allowed=["answer", "decision_token"])
        given_token = body.get("decision_token")
        if not isinstance(given_token, str) or len(given_token) > 64:
            raise ApiError(422, "bad-request", "decision_token must be the text token of the pending decision "
                           "the client saw (pending.decision_token)", field="decision_token")
        if "answer" not in body:
            raise ApiError(422, "bad-request", "answer is missing: an option id or a list of dice faces",
                           field="answer")
        answer = body["answer"]
        if side is None:
            raise ApiError(403, "spectator", "a spectator link cannot answer")
        with live.lock:
            pause = live.pause()
            if isinstance(pause, End):
                raise ApiError(409, "over", "the game is over")
            mine = pause.side == side if isinstance(pause, Decision) else side in self.dice_enterers(live)
            if mine and not hmac.compare_digest(given_token.encode("utf-8", "replace"),
                                                   self.decision_token(live, side).encode()):
                raise ApiError(409, "stale", "the game has moved on: reload and answer again")
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
                if side not in self.dice_enterers(live):
                    raise ApiError(409, "not-your-turn", "no dice for you to enter now: wait for the other side")
                answer = self._faces(live, side, pause, answer)
            try:
                self._apply(live, answer, side)
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
        """The reader's payload: built only from what `side` (None: a spectator) may know. `version` hashes the
        whole of it (log from the start, without game_id), so it changes exactly when the payload does."""
        game, row = live.game, live.row
        pause = live.pause()
        over = isinstance(pause, End)
        if side is None:
            log = [e for e in live.log if over or e.private_to is None]
        else:
            log = [e for e in live.log if e.visible_to(side)]
        log_from = max(0, log_from)
        whole = [e.to_dict() for e in log]
        out: dict[str, Any] = {
            "game": game.id, "game_title": game.title, "game_id": row.id, "title": row.title,
            "scenario": row.scenario, "options": dict(row.options), "dice": row.dice, "at_table": row.at_table,
            "dice_scheme": DICE_SCHEME if row.secret is not None else None,
            "dice_commitment": commitment(row.secret) if row.secret is not None else None,
            "sides": list(game.sides), "seats": dict(row.seats), "side": side,
            "status": row.status, "version": "",
            "pending": self._pending(live, side, pause),
            "log_from": log_from, "log_size": len(log), "log": whole,
            "result": result_of(pause) if over else None,
        }
        if side is not None:
            out["view"] = game.view(live.state, side)
        elif over:
            out["view"] = game.view(live.state, None)
            out["views"] = {s: game.view(live.state, s) for s in game.sides}
        else:
            out["view"] = game.public_view(live.state)
        out["version"] = payload_version(out)
        out["log"] = whole[log_from:]
        return out

    def _pending(self, live: Live, side: str | None, pause) -> dict[str, Any]:
        if isinstance(pause, End):
            return {"kind": "end", "result": result_of(pause)}
        if isinstance(pause, Decision):
            if side == pause.side:
                return {"kind": "decision", "side": side, "prompt": pause.prompt, "rule": pause.rule,
                        "decision_kind": pause.kind,
                        "options": [{"id": o.id, "label": o.label, "fields": o.fields or {}} for o in pause.options],
                        "decision_token": self.decision_token(live, side)}
            return {"kind": "waiting", "for": "decision", "side": pause.side,
                    "seat": live.row.seats.get(pause.side)}
        # a Chance: only manual dice ever wait here (the server's dice are rolled at once)
        if side is not None and side in self.dice_enterers(live):
            p = live.game.view(live.state, side).get("pending") or {}
            return {"kind": "dice", "reason": p.get("reason"), "count": len(pause.dice),
                    "sides": list(pause.dice), "rule": pause.rule,
                    "decision_token": self.decision_token(live, side)}
        return {"kind": "waiting", "for": "dice", "side": None, "seat": None}

    def record(self, token: str) -> dict[str, Any]:
        live, side = self.resolve(token)
        with live.lock:
            if not isinstance(live.pause(), End):
                raise ApiError(403, "not-over", "the record and the full view are available when the game is over")
            rec = self.record_of(live)
            return {"record": rec.to_dict(), "final_view": live.game.view(live.state, None),
                    "result": result_of(live.pause()), "log": [e.to_dict() for e in live.log]}

    @staticmethod
    def record_of(live: Live) -> Record:
        """The game's record; after the end it reveals the dice secret (with the answers the server rolled)."""
        dice = None
        if live.row.secret is not None:
            over = isinstance(live.pause(), End)
            dice = DiceCommitment(commitment=commitment(live.row.secret),
                                  secret=live.row.secret.hex() if over else None,
                                  rolled=[i for i, s in enumerate(live.sources) if s == SERVER])
        return Record(game=live.game.id, scenario=live.row.scenario, options=dict(live.row.options),
                      seed=live.row.seed, answers=list(live.answers), agents=dict(live.row.seats), dice=dice)


def payload_version(payload: dict[str, Any]) -> str:
    """16 hex digits of SHA-256 over the canonical JSON of a payload without its game id and version."""
    body = {k: v for k, v in payload.items() if k not in ("game_id", "version", "log_from")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
