"""The HTTP API (FastAPI): create and list games, one private link per seat, answers, a live SSE stream.

    POST /api/games                    create: {game, scenario?, options?, seats, dice, at_table?, seed?, title?}
                                       (seed: refused with two or more human seats); AI seats move on the
                                       server's worker, so the creator is answered at once
    GET  /api/games                    ?page=1&per_page=50 (at most 100): one page of the list, newest first
                                       {games, page, per_page, total} (no tokens, no seeds; no answer count or
                                       update time before the end)
    GET  /api/games/meta               the titles: sides, scenarios, options, agents (for a create form)
    GET  /api/seat/{token}             ?log_from=N: the seat's payload (its view, its pending answer, its log
                                       from event N of those it may read)
    POST /api/seat/{token}/answer      {answer: option id | [faces], decision_token} (`step` is refused);
                                       ?log_from=N as above. Answered once the answer is stored and applied;
                                       an AI's reply comes by the stream
    GET  /api/seat/{token}/events      Server-Sent Events: the payload whenever this reader's payload changes
                                       (?log_from=N for the first, then deltas; kaisen.server.stream)
    GET  /api/seat/{token}/record      the record and the omniscient final view, once the game is over (a game
                                       the server is still playing by itself is waited for, up to 30 s)

The browser pages and their helpers (/, /play/{token}, /replay, /api/boards, replays): see kaisen.server.web.

Errors are JSON `{"error": {"code", "reason", ...}}`; an engine refusal adds `rule`, `given`, `allowed`.
Bodies that are not JSON, nest deeper than 64 levels, hold numbers Python will not parse (over 4,300 digits) or
strings that are not Unicode text (a lone surrogate `\ud800`) are refused with 400 `bad-json` (kaisen.server.bodies).

No side channels (see kaisen.server.runner and kaisen.server.payloads): payloads carry a per-reader `version`
and, for a pending answer, a `decision_token`; never the game's step count. The SSE stream pushes only when the
reader's own payload changed, with `id:` its version and log size (a client reconnecting with `Last-Event-ID`
gets no push until it changes)."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from kaisen.agents.base import agent_names
from kaisen.registry import all_games
from kaisen.server.bodies import parse_json
from kaisen.server.runner import HUMAN, ApiError, Server, not_found, paging
from kaisen.server import stream as sse
from kaisen.server import web
from kaisen.server.store import Store, default_db_path

MAX_BODY = 64 * 1024
RECORD_WAIT = 30.0          # seconds a record request waits for the server to finish playing a game by itself
SAFE_HEADERS = ((b"cache-control", b"no-store"), (b"referrer-policy", b"no-referrer"),   # tokens live in URLs
                (b"x-content-type-options", b"nosniff"))


class BodyLimit:
    """ASGI middleware: refuse request bodies over MAX_BODY bytes with 413 before anything reads them."""

    def __init__(self, app, limit: int = MAX_BODY, paths: dict[str, int] | None = None):
        self.app = app
        self.default = limit
        self.paths = paths or {}          # a larger limit for a few exact paths (a record upload)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.paths.get(scope.get("path", ""), self.default)
        return await self._limited(scope, receive, send, limit)

    async def _limited(self, scope, receive, send, limit):
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = True
                if too_big:
                    return await self._refuse(send, limit)
        received = 0
        messages = []
        while True:           # read the whole body first (at most limit + one chunk), then replay it
            message = await receive()
            if message["type"] != "http.request":
                messages.append(message)
                break
            received += len(message.get("body", b""))
            if received > limit:
                return await self._refuse(send, limit)
            messages.append(message)
            if not message.get("more_body"):
                break

        async def replay():
            if messages:
                return messages.pop(0)
            return await receive()
        return await self.app(scope, replay, send)

    async def _refuse(self, send, limit):
        body = json.dumps({"error": {"code": "too-large",
                                     "reason": f"request bodies are limited to {limit} bytes"}}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class SafeHeaders:
    """ASGI middleware: every response is not cached, sends no referrer and is not sniffed (unless it says so)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_safe(message):
            if message["type"] == "http.response.start":
                have = {name.lower() for name, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()), *(h for h in SAFE_HEADERS if h[0] not in have)]
            await send(message)
        return await self.app(scope, receive, send_safe)


def json_text(text: str, status: int = 200) -> Response:
    return Response(content=text, status_code=status, media_type="application/json")


def log_start(value: int) -> int:
    if value < 0:
        raise ApiError(422, "bad-request", "log_from must be the number of log events the page already holds "
                       "(0 or more)", field="log_from", given=value)
    return value


async def read_json(request: Request) -> Any:
    return parse_json(await request.body())


def create_app(db: str | Path | None = None, server: Server | None = None) -> FastAPI:
    """The app over a SQLite file (default: the user's data dir). Games load lazily from the file."""
    if server is None:
        server = Server(Store(db if db is not None else default_db_path()))
    app = FastAPI(title="kaisen", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.add_middleware(BodyLimit, paths={"/api/replay": web.REPLAY_BODY})
    app.add_middleware(SafeHeaders)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, err: ApiError):
        return JSONResponse(err.body(), status_code=err.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, err: StarletteHTTPException):
        if err.status_code == 404:      # one 404 for everything: a path never tells what exists
            return JSONResponse(not_found().body(), status_code=404)
        code = {405: "method-not-allowed"}.get(err.status_code, "http")
        return JSONResponse({"error": {"code": code, "reason": str(err.detail)}}, status_code=err.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, err: RequestValidationError):
        return JSONResponse({"error": {"code": "bad-request", "reason": "invalid request parameters",
                                       "details": [{"loc": list(e.get("loc", ())), "msg": e.get("msg")}
                                                   for e in err.errors()]}}, status_code=422)

    @app.exception_handler(Exception)
    async def crash(_: Request, err: Exception):    # one failing request never takes the server down
        return JSONResponse({"error": {"code": "internal", "reason": "the server failed on this request"}},
                            status_code=500)

    def links(request: Request, made: dict[str | None, str]) -> dict[str, Any]:
        base = str(request.base_url).rstrip("/")
        return {"links": {s: f"{base}/play/{t}" for s, t in made.items() if s is not None},
                "spectator": f"{base}/play/{made[None]}",
                "tokens": {**{s: t for s, t in made.items() if s is not None}, "spectator": made[None]}}

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request):
        spec = await read_json(request)
        if not isinstance(spec, dict):
            raise ApiError(422, "bad-request", "the body must be a JSON object")
        game_id, made = await run_in_threadpool(server.create, spec)
        return {"game_id": game_id, **links(request, made)}

    @app.get("/api/games")
    async def list_games(request: Request):
        page, per_page = paging(request.query_params.get("page"), request.query_params.get("per_page"))
        return await run_in_threadpool(server.listing, page, per_page)

    @app.get("/api/games/meta")
    async def games_meta():
        return {"games": [{"id": g.id, "title": g.title, "sides": list(g.sides),
                           "scenarios": [{"id": s.id, "title": s.title, "description": s.description}
                                         for s in g.scenarios],
                           "options": [{"id": o.id, "description": o.description, "default": o.default}
                                       for o in g.options],
                           "seats": [HUMAN] + agent_names(g.id)} for g in all_games()]}

    @app.get("/api/seat/{token}")
    async def seat(token: str, log_from: int = 0):
        start = log_start(log_from)
        return json_text(await run_in_threadpool(lambda: server.payload(token).text(start)))

    @app.post("/api/seat/{token}/answer")
    async def answer(token: str, request: Request, log_from: int = 0):
        start = log_start(log_from)
        await run_in_threadpool(server.resolve, token)     # a bad token is 404 whatever the body
        body = await read_json(request)
        return json_text(await run_in_threadpool(lambda: server.answer(token, body).text(start)))

    @app.get("/api/seat/{token}/record")
    async def record(token: str):
        live, _ = await run_in_threadpool(server.resolve, token)
        await server.settled(live, RECORD_WAIT)
        return await run_in_threadpool(server.record, token)

    @app.get("/api/seat/{token}/events")
    async def events(token: str, request: Request, log_from: int = 0, limit: int = 0, interval: float = 0.0,
                     wait: float | None = None):
        """SSE (kaisen.server.stream): an `event: payload` with the reader's payload now (unless the
        `Last-Event-ID` header already names its version) and whenever the reader's own payload changes; a change
        the reader cannot see pushes nothing. `interval` is accepted and ignored (streams are pushed, not
        polled). `limit` closes after that many events, `wait` after that many seconds without one (tests)."""
        start = log_start(log_from)
        idle_limit = wait if wait is not None and math.isfinite(wait) and wait >= 0 else None
        live, side = await run_in_threadpool(server.open_reader, token)

        async def stream():
            try:
                async for text in sse.events(live, side, request.headers.get("last-event-id"), start,
                                             max(0, limit), idle_limit, lambda: server.closing):
                    yield text
            finally:
                server.close_reader(live)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    web.mount(app, server)      # the pages: /, /play/{token}, /replay, /web/*, and the replay/board helpers

    return app
