"""The browser side of `kaisen serve`: static pages (plain ES modules, no build step) and three read-only helpers
the pages need that the seat API does not give.

    GET  /                             home: create a game, list games
    GET  /play/{token}                 the game page (its JS reads the token from the URL)
    GET  /replay                       upload a record and step through it
    GET  /web/<name>.js|.css           the static assets (only those: the package's other files are not served)
    GET  /api/boards/{game}            a title's static board data: printed, public facts the views leave out (VITP's
                                       areas, bases and unit factors; FAM's carrier displays and squadron counters)
    GET  /api/seat/{token}/replay      ?step=n: the omniscient view at step n of a FINISHED game
    POST /api/replay                   {record, step}: the same for an uploaded record

A replay frame carries `dice`: the verdict on the record's committed dice (`kaisen.engine.record.verify_dice`:
"all N rolls verified", or the first roll that does not match), the same as `kaisen verify`.

Replays are omniscient: the seat replay answers only once the game is over (the same rule as the record), and an
uploaded record already holds every answer and die, so replaying it reveals nothing its holder does not have."""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from kaisen.engine.core import Chance, Decision, End, IllegalAction
from kaisen.engine.record import Record, RecordError, verify_dice
from kaisen.registry import GAMES, get_game
from kaisen.server.bodies import parse_json
from kaisen.server.runner import ApiError, Server, not_found, result_of

HERE = Path(__file__).parent
REPLAY_BODY = 8 * 1024 * 1024       # an uploaded record may be larger than an answer body
CACHE_SIZE = 8


class Replays:
    """Records being stepped through: states computed once, forward, and kept for a few records."""

    def __init__(self):
        self.cache: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.lock = threading.Lock()

    def frame(self, record: Record, step: int) -> dict[str, Any]:
        key = hashlib.sha256(record.dumps().encode()).hexdigest()
        with self.lock:
            entry = self.cache.get(key)
            if entry is None:
                game = get_game(record.game)
                try:
                    state = game.new_state(record.scenario, record.options)
                except IllegalAction as err:
                    raise ApiError(422, "bad-record", f"record setup refused: {err.one_line()}") from None
                try:
                    verdict = verify_dice(game, record).to_dict()
                except RecordError as err:
                    verdict = {"ok": False, "rolls": 0, "message": f"cannot verify the dice: {err}"}
                entry = {"game": game, "record": record, "states": [state], "events": list(game.events(state)),
                         "marks": [len(game.events(state))], "error": None, "dice": verdict}
                self.cache[key] = entry
                while len(self.cache) > CACHE_SIZE:
                    self.cache.popitem(last=False)
            self.cache.move_to_end(key)
            game = entry["game"]
            total = len(record.answers)
            step = max(0, min(step, total))
            while len(entry["states"]) <= step and entry["error"] is None:
                i = len(entry["states"]) - 1
                try:
                    new = game.apply(entry["states"][-1], record.answers[i])
                except IllegalAction as err:
                    entry["error"] = f"answer #{i} ({record.answers[i]!r}) does not fit the game: {err.one_line()}"
                    break
                entry["states"].append(new)
                entry["events"].extend(game.events(new))
                entry["marks"].append(len(entry["events"]))
            playable = len(entry["states"]) - 1
            step = min(step, playable)
            state = entry["states"][step]
            pause = game.pause(state)
            return {"game": game.id, "game_title": game.title, "scenario": record.scenario,
                    "options": dict(record.options), "seats": dict(record.agents), "sides": list(game.sides),
                    "side": None, "step": step, "steps": total if entry["error"] is None else playable, "answers": total, "error": entry["error"],
                    "answer": _answer_json(record.answers[step]) if step < total else None,
                    "pending": _pending(pause), "view": game.view(state, None),
                    "log": [e.to_dict() for e in entry["events"][:entry["marks"][step]]],
                    "result": result_of(pause) if isinstance(pause, End) else None, "dice": entry["dice"]}


def _answer_json(a: Any) -> Any:
    return list(a) if isinstance(a, tuple) else a


def _pending(pause) -> dict[str, Any]:
    if isinstance(pause, End):
        return {"kind": "end", "result": result_of(pause)}
    if isinstance(pause, Decision):
        return {"kind": "replay", "side": pause.side, "prompt": pause.prompt}
    if isinstance(pause, Chance):
        return {"kind": "replay", "side": None, "prompt": pause.reason}
    return {"kind": "replay", "side": None, "prompt": ""}


def board_data(game_id: str) -> dict[str, Any]:
    """Static, public facts a board needs that the views leave out (they are the same for every game)."""
    if game_id not in GAMES:
        raise not_found()
    game = get_game(game_id)
    d = getattr(game, "data", None)
    out: dict[str, Any] = {"game": game_id, "title": game.title, "sides": list(game.sides)}
    if game_id == "victory-in-the-pacific" and d is not None:
        out["areas"] = [{"id": a.id, "name": a.name, "poc_japan": a.poc_japan, "poc_allies": a.poc_allies,
                         "adjacent": list(a.adjacent)} for a in d.areas.values()]
        out["bases"] = [{"id": b.id, "name": b.name, "kind": b.kind, "touches": list(b.touches)}
                        for b in d.bases.values()]
        out["units"] = {u.id: {"side": u.side, "type": u.type, "kind": u.kind, "nation": u.nation,
                               "gunnery": u.gunnery, "airstrike": u.airstrike, "armor": u.armor, "speed": u.speed,
                               "defense": u.defense, "gunnery_bonus": u.gunnery_bonus,
                               "airstrike_bonus": u.airstrike_bonus} for u in d.units.values()}
    elif game_id == "fury-at-midway" and d is not None:       # the printed carrier displays and squadron counters
        out["groups"] = {g.id: {"name": g.name, "fleet": g.fleet} for g in d.groups.values()}
        out["carriers"] = {k.id: {"name": k.name, "side": k.side, "kind": k.kind, "group": k.group or k.id,
                                  "deck_boxes": k.deck_boxes, "capacity": k.capacity} for k in d.carriers.values()}
        out["squadrons"] = {q.id: {"aircraft": d.aircraft[q.type].model, "kind": d.aircraft[q.type].kind,
                                   "side": d.aircraft[q.type].side, "strength": d.aircraft[q.type].strength,
                                   "steps": d.aircraft[q.type].steps, "parent": q.parent} for q in d.squadrons.values()}
    elif game_id == "fighters-of-the-pacific" and d is not None:   # each type's field of fire, written for facing 0
        out["aircraft"] = {k: {"name": a.name, "field_of_fire": [list(o) for o in a.field_of_fire]}
                           for k, a in d.aircraft.items()}
    elif game_id == "pacific-fury" and d is not None:
        out["zones"] = [{"id": z.id, "name": z.name} for z in d.zones.values()]
    return out


def mount(app: FastAPI, server: Server) -> None:
    replays = Replays()
    page = {name: HERE / f"{name}.html" for name in ("index", "play", "replay")}

    @app.get("/", include_in_schema=False)
    async def home():
        return FileResponse(page["index"], media_type="text/html")

    @app.get("/play/{token}", include_in_schema=False)
    async def play(token: str):       # any token: the page asks the API, which answers 404 for a bad one
        return FileResponse(page["play"], media_type="text/html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page():
        return FileResponse(page["replay"], media_type="text/html")

    media = {".js": "text/javascript", ".css": "text/css"}
    assets = {p.name: (p, media[p.suffix]) for p in HERE.iterdir() if p.is_file() and p.suffix in media}

    @app.get("/web/{name}", include_in_schema=False)
    async def asset(name: str):       # only the listed assets: never the package's Python files
        if name not in assets:
            raise not_found()
        path, kind = assets[name]
        return FileResponse(path, media_type=kind)

    @app.get("/api/boards/{game}")
    async def boards(game: str):
        return board_data(game)

    def seat_replay(token: str, step: int) -> dict[str, Any]:
        rec = server.record(token)        # 404 for a bad token, 403 before the end
        return replays.frame(Record.from_dict(rec["record"]), step)

    @app.get("/api/seat/{token}/replay")
    async def seat_replay_route(token: str, step: int = 0):
        return await run_in_threadpool(seat_replay, token, step)

    def upload(body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or "record" not in body:
            raise ApiError(422, "bad-request", "the body must be a JSON object {record, step}")
        step = body.get("step", 0)
        if isinstance(step, bool) or not isinstance(step, int):
            raise ApiError(422, "bad-request", "step must be an integer", field="step")
        try:
            record = Record.from_dict(body["record"])
        except RecordError as err:
            raise ApiError(422, "bad-record", str(err)) from None
        if record.game not in GAMES:
            raise ApiError(422, "bad-record", "unknown game", given=record.game, allowed=sorted(GAMES))
        return replays.frame(record, step)

    @app.post("/api/replay")
    async def replay_upload(request: Request):
        body = parse_json(await request.body())
        return await run_in_threadpool(upload, body)
