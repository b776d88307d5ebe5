"""Live games on the server: the state cached in memory, rebuilt by replaying the stored record, the AI seats
and the server's dice moved by the server's worker, and every payload built from one reader's view
(kaisen.server.payloads).

The server is the only authority. A request never waits for an AI: an answer is checked, stored, applied and
answered at once; when the next answer is an AI seat's or the server's dice, the game is queued on the worker
(kaisen.server.mover), which gives those answers one by one, each pushed to the pages that can see it.

Memory is bounded: at most `max_playing` games in play and `max_finished` finished games stay in memory (least
recently used leave first, and a game in play untouched for `idle_s` seconds leaves too); a game a page
follows (an open SSE stream) or that the worker is moving stays. A game that left is replayed from the store on
its next request; only that request waits for the replay (never the whole server).

No side channels. Nothing a reader receives counts the game's answers: there is no step number. Each payload
carries `version`, a hash of that reader's whole payload (kaisen.server.payloads): it changes exactly when what
this reader receives changes, so two games that differ only in answers a side cannot see give that side the same
versions. A pending decision (or manual dice) carries `decision_token`, HMAC-SHA256(key from the game's secret,
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
import random
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from typing import Any

from kaisen.agents.base import Agent, agent_names, make_agent, recall_decisions
from kaisen.engine.core import Chance, Decision, End, Game, IllegalAction
from kaisen.engine.dice import commitment, derive_faces, derive_seed
from kaisen.engine.record import DiceCommitment, Record, RecordError, replay
from kaisen.registry import GAMES, get_game
from kaisen.server import payloads
from kaisen.server import seats as tokens
from kaisen.server.live import HUMAN, SERVER, Live, result_of
from kaisen.server.mover import Mover
from kaisen.server.store import GameRow, Store

__all__ = ["HUMAN", "SERVER", "ApiError", "Server", "not_found", "result_of"]

CREATE_FIELDS = ["game", "scenario", "options", "seats", "dice", "at_table", "seed", "title"]

SEED_REFUSED = ("a client may not choose the seed of a game with two or more human players: whoever picks the "
                "seed knows every roll to come. The server draws a secret, publishes its SHA-256 (the "
                "commitment) in every seat's page, and reveals the secret with the record after the end, so "
                "every roll can be checked (kaisen verify)")
MAX_AI_STEPS = 500_000          # server answers in a row: a broken game never loops forever
PER_PAGE = 50                   # games per page of the public list, unless asked
MAX_PER_PAGE = 100
MAX_PAGE = 1_000_000


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



class Server:
    """Everything the HTTP layer does, without HTTP: create, list, payload, answer, record."""

    def __init__(self, store: Store, max_playing: int = 1000, max_finished: int = 16, idle_s: float = 3600.0):
        self.store = store
        self.draw_secret = lambda: secrets.token_bytes(32)     # the dice secret of each new game
        self.live: OrderedDict[str, Live] = OrderedDict()      # the games in memory, least recently used first
        self.broken: dict[str, str] = {}
        self.loading: dict[str, threading.Event] = {}          # games being replayed by one request
        self.lock = threading.Lock()        # guards the three dicts above (each game has its own lock)
        self.max_playing, self.max_finished, self.idle_s = max_playing, max_finished, idle_s
        self.mover = Mover(self._server_move)
        # a search AI's decisions (agents marked `slow`) take seconds: its games are moved on their own worker
        self.thinker = Mover(lambda live: self._server_move(live, think=True), slice_s=0.0, name="kaisen-thinker")
        self.closing = False

    def close(self) -> None:
        """Stop the worker and end every open stream (so a server can shut down with pages open)."""
        self.closing = True
        self.mover.close()
        self.thinker.close()
        with self.lock:
            games = list(self.live.values())
        for live in games:
            live.changed.bump()

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait until the workers owe no game a move (tests, benchmarks); False if still busy at `timeout`."""
        end = time.monotonic() + timeout
        while True:         # a game may pass from one worker to the other meanwhile: both idle at once ends it
            left = end - time.monotonic()
            if not (self.mover.settle(max(0.0, left)) and self.thinker.settle(max(0.0, end - time.monotonic()))):
                return False
            if self.mover.idle() and self.thinker.idle():
                return True

    # -- memory ---------------------------------------------------------------------------------------
    def _load(self, game_id: str) -> Live:
        """The game in memory, replayed from the store if it is not (only this request waits for that)."""
        while True:
            with self.lock:
                live = self.live.get(game_id)
                if live is not None:
                    self.live.move_to_end(game_id)
                    live.used = time.monotonic()
                    return live
                if game_id in self.broken:
                    raise ApiError(503, "unavailable", "this game cannot be restored on this server: "
                                   + self.broken[game_id])
                loading = self.loading.get(game_id)
                if loading is None:
                    loading = self.loading[game_id] = threading.Event()
                    break
            loading.wait()          # another request is replaying this game: use its result
        try:
            live = self._restore(game_id)
            with self.lock:
                self.live[game_id] = live
                self._trim()
        finally:
            with self.lock:
                self.loading.pop(game_id, None)
            loading.set()
        self._follow(live)          # a server stopped while the AI moved: the AI moves on
        return live

    def _restore(self, game_id: str) -> Live:
        row = self.store.game(game_id)
        if row is None:
            raise not_found()
        try:
            game = get_game(row.game)
            answers = self.store.answers(game_id)
            sources = self.store.sources(game_id)
            agents = self._agents(game, row, len(answers))
            state, log, sources, last = self._replay(game, row, answers, sources, agents)
        except (IllegalAction, RecordError) as err:
            with self.lock:
                self.broken[game_id] = str(err)
            raise ApiError(503, "unavailable", "this game cannot be restored on this server: " + str(err))
        return Live(row=row, game=game, state=state, answers=list(answers), log=log, agents=agents,
                    sources=sources, last_decider=last)

    def _trim(self) -> None:
        """Let games leave memory (under self.lock): finished games beyond `max_finished`, games in play beyond
        `max_playing` or untouched for `idle_s`, least recently used first. A game that a page follows, that the
        worker moves or that a request holds stays, and so does the game used last."""
        now = time.monotonic()
        finished = sum(1 for g in self.live.values() if g.row.status == "over")
        playing = len(self.live) - finished
        for game_id, live in list(self.live.items())[:-1]:
            over = live.row.status == "over"
            if over and finished <= self.max_finished:
                continue
            if not over and playing <= self.max_playing and now - live.used < self.idle_s:
                continue
            if live.readers or live.moving or not live.lock.acquire(blocking=False):
                continue
            try:
                live.evicted = True
                del self.live[game_id]
            finally:
                live.lock.release()
            if over:
                finished -= 1
            else:
                playing -= 1

    def open_reader(self, token: str) -> tuple[Live, str | None]:
        """The game and side of a token, held in memory while a page follows it (close_reader lets it go)."""
        while True:
            live, side = self.resolve(token)
            with self.lock:
                if not live.evicted:
                    live.readers += 1
                    return live, side

    def close_reader(self, live: Live) -> None:
        with self.lock:
            live.readers -= 1
            self._trim()


    @staticmethod
    def _replay(game: Game, row: GameRow, answers: list[Any], sources: list[str | None],
                agents: dict[str, Agent] | None = None):
        """The stored answers replayed: (state, log, who gave each answer, the last decision's side). Each AI seat
        in `agents` is shown its own side's past decisions again, from its own view (what it would remember)."""
        out: list[str | None] = []
        last = None

        def source(i: int, pause: Any, _answer: Any) -> None:
            nonlocal last
            src = sources[i] if i < len(sources) else None
            if isinstance(pause, Decision):
                last = src = pause.side
            out.append(src)

        record = Record(game=row.game, scenario=row.scenario, options=row.options, answers=answers)
        state, log = replay(game, record, collect_events=True, before_each=source,
                            watch=recall_decisions(game, agents) if agents else None)
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
            self._trim()
        self._follow(live)          # an AI moves first: the worker plays it, the creator is answered now
        return row.id, made

    def listing(self, page: int = 1, per_page: int = PER_PAGE) -> dict[str, Any]:
        """One page of the public list, newest first: what `GameRow.listing` shows of each game."""
        rows = self.store.games(limit=per_page, offset=(page - 1) * per_page)
        return {"games": [r.listing() for r in rows], "page": page, "per_page": per_page,
                "total": self.store.count()}

    # -- moving ---------------------------------------------------------------------------------------
    def _apply(self, live: Live, answer: Any, source: str | None) -> None:
        """Apply one answer (under live.lock): the engine checks it (IllegalAction changes nothing), the store
        commits it, then memory follows and the pages are woken. If the store fails, memory keeps the old state."""
        before = live.pause()
        new = live.game.apply(live.state, answer)
        pause = live.game.pause(new)
        status, result = ("over", result_of(pause)) if isinstance(pause, End) else ("playing", None)
        now = self.store.append(live.row.id, live.steps, answer, status, result, source)
        live.state = new
        live.record_answer(answer, source)
        if isinstance(before, Decision):
            live.last_decider = before.side
        live.log.extend(live.game.events(new))
        live.row.steps, live.row.status, live.row.result, live.row.updated = live.steps, status, result, now
        live.publish()

    def _follow(self, live: Live) -> None:
        """Queue the game on the worker if its next answer is the server's."""
        if live.servers_turn():
            self.mover.push(live)

    def _server_move(self, live: Live, think: bool = False) -> "bool | Mover":
        """Give one answer that is the server's (a worker calls this): an AI seat's decision or the server's
        dice. False when a person must answer, the game is over or it left memory; the thinker worker when the
        answer is a search AI's and this is not that worker. A search thinks outside the game's lock (pages keep
        reading the game meanwhile); its answer is applied only if the game has not moved on since."""
        with live.lock:
            if live.evicted:
                return False
            pause = live.pause()
            if isinstance(pause, End):
                return False
            if isinstance(pause, Chance):
                if live.dice_enterers(live.snap):
                    return False
                answer, source = self.server_roll(live, pause), SERVER
            elif live.row.seats.get(pause.side) == HUMAN:
                return False
            else:
                agent = live.agents[pause.side]
                if getattr(agent, "slow", False):
                    if not think:
                        return self.thinker
                    state, view = live.state, live.game.view(live.state, pause.side)
                    answer = None
                else:
                    answer = agent.choose(live.game.view(live.state, pause.side), pause)
                source = pause.side
            if answer is not None:
                return self._give(live, answer, source)
        answer = agent.choose(view, pause)
        with live.lock:
            if live.evicted or live.state is not state:
                return not live.evicted         # it moved on meanwhile: look again
            return self._give(live, answer, source)

    def _give(self, live: Live, answer: Any, source: str) -> bool:
        """Apply one of the server's answers (the game's lock held)."""
        live.server_moves += 1
        if live.server_moves > MAX_AI_STEPS:
            raise RuntimeError(f"game {live.row.id}: the AI seats did not stop within {MAX_AI_STEPS} answers")
        self._apply(live, answer, source)
        return True

    def server_roll(self, live: Live, chance: Chance) -> tuple[int, ...]:
        """The server's roll for record answer #len(answers): committed dice, or an older game's seeded dice."""
        if live.row.secret is not None:
            return derive_faces(live.row.secret, live.steps, chance.dice)
        rng = random.Random(f"{live.row.seed}:{live.steps}")
        return tuple(rng.randint(1, k) for k in chance.dice)

    def answer(self, token: str, body: Any) -> payloads.Entry:
        """A seat answers: its decision's option id, or the faces of manual dice. The answer is stored and
        applied, and the reply is the seat's payload at once; an AI's reply follows on the worker (pushed)."""
        while True:
            live, side = self.resolve(token)
            entry = self._answer(live, side, body)
            if entry is not None:
                return entry

    def _answer(self, live: Live, side: str | None, body: Any) -> payloads.Entry | None:
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
            if live.evicted:            # it left memory after we found it: look it up again
                return None
            pause = live.pause()
            if isinstance(pause, End):
                raise ApiError(409, "over", "the game is over")
            mine = pause.side == side if isinstance(pause, Decision) else side in live.dice_enterers(live.snap)
            if mine and not hmac.compare_digest(given_token.encode("utf-8", "replace"),
                                                   live.decision_token(live.snap, side).encode()):
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
                if side not in live.dice_enterers(live.snap):
                    raise ApiError(409, "not-your-turn", "no dice for you to enter now: wait for the other side")
                answer = self._faces(live, side, pause, answer)
            try:
                self._apply(live, answer, side)
            except IllegalAction as err:    # the engine has the last word (nothing was written)
                raise ApiError(422, "illegal", err.reason if isinstance(pause, Decision) else "refused",
                               rule=err.rule, given=answer if isinstance(answer, str) else list(answer),
                               allowed=pause.ids() if isinstance(pause, Decision) else None) from None
            live.server_moves = 0
        self._follow(live)
        return payloads.entry(live, side)

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
    def payload(self, token: str) -> payloads.Entry:
        """The payload of the reader a token opens (an Entry: `.payload(log_from)`, `.text(log_from)`)."""
        live, side = self.resolve(token)
        return payloads.entry(live, side)

    @staticmethod
    def payload_for(live: Live, side: str | None, log_from: int = 0) -> dict[str, Any]:
        """The reader's payload as a dict: built only from what `side` (None: a spectator) may know."""
        return payloads.entry(live, side).payload(log_from)

    def record(self, token: str) -> dict[str, Any]:
        live, side = self.resolve(token)
        with live.lock:
            if not isinstance(live.pause(), End):
                raise ApiError(403, "not-over", "the record and the full view are available when the game is over")
            rec = self.record_of(live)
            return {"record": rec.to_dict(), "final_view": live.game.view(live.state, None),
                    "result": result_of(live.pause()), "log": [e.to_dict() for e in live.log]}

    async def settled(self, live: Live, timeout: float) -> None:
        """Wait (without a thread) until the worker owes this game no move, or `timeout` seconds."""
        end = time.monotonic() + timeout
        while live.moving:
            seen = live.settled.changes
            left = end - time.monotonic()
            if not live.moving or left <= 0:
                return
            await live.settled.wait(seen, left)

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



def paging(page: Any, per_page: Any) -> tuple[int, int]:
    """The list's page and page size from query text; a clear 422 for anything else."""
    def whole(value: Any, name: str, default: int, top: int) -> int:
        if value is None:
            return default
        allowed = f"a whole number from 1 to {top}"
        text = value.strip() if isinstance(value, str) else ""
        n = int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None
        if n is None or not 1 <= n <= top:
            raise ApiError(422, "bad-request", f"{name} must be {allowed}", field=name,
                           given=str(value)[:40], allowed=allowed)
        return n
    return whole(page, "page", 1, MAX_PAGE), whole(per_page, "per_page", PER_PAGE, MAX_PER_PAGE)
