"""Benchmark (not a test): does `kaisen serve` keep up with many live pages? (issue 14, item 3)

    .venv/bin/python benchmarks/server_load.py [--pages 500] [--players 500] [--opponent heuristic]
        [--seconds 60] [--idle-pages 1000] [--idle-seconds 20] [--game pacific-fury] [--json]

It starts `python -m kaisen serve` on loopback in its own process over a fresh SQLite file, then, from this
process (an asyncio client on raw sockets, so the client's own cost stays small):

1. active: `--players` people, each in a game of their own against an AI seat (`--opponent`), each with the
   game page open (an SSE stream, as play.js opens it: `?log_from=N`, then deltas) and answering its decisions
   3 to 8 s after each one appears (uniformly at random), with `?log_from=` on the answer as the page sends it
   (`&interval=0.1` too, what the page asked of the polling server before: ignored now);
   `--pages` minus `--players` more pages watch those games as spectators. Measured over `--seconds` after a
   warm-up: click-to-update (the POST sent -> the first SSE message on the player's page that shows the answer
   applied), POST latency, answer-to-next-decision (the AI's reply and the server's dice included), server CPU.
2. idle: `--idle-pages` pages open on games where nobody answers (spectators and seats of human-vs-human
   games), each having received its first payload; the server's CPU is measured over `--idle-seconds`.

Server CPU is the server process's utime + stime (psutil if installed, else /proc/<pid>/stat) over the wall time
of the window: 100% is one core. The machine's load (loadavg and, where the kernel has it, /proc/pressure/cpu
"some avg10") is printed beside every number: on a shared machine the numbers are only as quiet as it is.
Targets (issue 14): p95 click-to-update under 300 ms with 500 live pages; 1,000 idle live pages under 10% of a
core. `--checkout DIR` serves from DIR/src instead (`git worktree add /tmp/kaisen-old <commit>`): the same
load against an older server, for a before/after."""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HOST = "127.0.0.1"


# -- the server process ---------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, checkout: str | None = None) -> subprocess.Popen:
    root = Path(checkout).resolve() if checkout else Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "kaisen", "serve", "--host", HOST, "--port", str(port),
                             "--db", str(db)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(600):
        try:
            with socket.create_connection((HOST, port), timeout=0.2):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise SystemExit("kaisen serve exited: " + proc.stderr.read().decode())
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("kaisen serve did not start")


def cpu_seconds(pid: int) -> float:
    try:
        import psutil
        t = psutil.Process(pid).cpu_times()
        return t.user + t.system
    except ImportError:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def machine_load() -> str:
    load = Path("/proc/loadavg").read_text().split()[:3]
    out = f"loadavg {' '.join(load)} on {os.cpu_count()} cores"
    try:
        some = Path("/proc/pressure/cpu").read_text().splitlines()[0]
        out += f", cpu pressure {some.split()[1].split('=')[1]}% (avg10)"
    except (OSError, IndexError):
        pass
    return out


# -- a small HTTP/1.1 client on asyncio streams (keep-alive requests, one SSE stream per page) -------------------
class Conn:
    """One keep-alive connection for JSON requests."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None
        self.lock = asyncio.Lock()

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: {len(data)}\r\n"
                f"Content-Type: application/json\r\n\r\n").encode()
        async with self.lock:
            for again in (True, False):     # the server closes idle keep-alive connections (uvicorn: 5 s)
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
                try:
                    self.writer.write(head + data)
                    status, headers = await read_head(self.reader)
                    break
                except (ConnectionError, IndexError, ValueError):
                    self.writer.close()
                    self.writer = None
                    if not again:
                        raise
            if headers.get("transfer-encoding") == "chunked":
                chunks = []
                while (chunk := await read_chunk(self.reader)):
                    chunks.append(chunk)
                return status, b"".join(chunks)
            return status, await self.reader.readexactly(int(headers.get("content-length", "0")))

    async def json(self, method: str, path: str, body: object = None) -> object:
        status, data = await self.request(method, path, body)
        if status >= 400:
            raise RuntimeError(f"{method} {path}: {status} {data[:200]!r}")
        return json.loads(data)


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    status = int((await reader.readline()).split()[1])
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        k, _, v = line.decode().partition(":")
        headers[k.strip().lower()] = v.strip()
    return status, headers


async def read_chunk(reader: asyncio.StreamReader) -> bytes:
    size = int((await reader.readline()).strip() or b"0", 16)
    if size == 0:
        await reader.readline()
        return b""
    data = await reader.readexactly(size)
    await reader.readexactly(2)
    return data


class Page:
    """A game page's SSE stream: calls `on_payload(payload, arrived)` for every message (deltas merged)."""

    def __init__(self, port: int, token: str, on_payload=None):
        self.port, self.token, self.on_payload = port, token, on_payload
        self.first = asyncio.get_running_loop().create_future()
        self.messages = 0
        self.log_size = 0
        self.task = None

    async def run(self) -> None:
        reader, writer = await asyncio.open_connection(HOST, self.port)
        writer.write(f"GET /api/seat/{self.token}/events?log_from=0&interval=0.1 HTTP/1.1\r\nHost: {HOST}\r\n"
                     f"Accept: text/event-stream\r\n\r\n".encode())
        status, _ = await read_head(reader)
        if status != 200:
            raise RuntimeError(f"stream: {status}")
        buf = b""
        try:
            while chunk := await read_chunk(reader):
                buf += chunk
                while b"\n\n" in buf:
                    event, buf = buf.split(b"\n\n", 1)
                    for line in event.split(b"\n"):
                        if line.startswith(b"data: "):
                            arrived = time.perf_counter()
                            payload = json.loads(line[6:])
                            self.messages += 1
                            self.log_size = payload["log_size"]
                            if not self.first.done():
                                self.first.set_result(payload)
                            if self.on_payload:
                                self.on_payload(payload, arrived)
        finally:
            writer.close()


# -- the players ------------------------------------------------------------------------------------------------
class Player:
    """A person at a game page: waits for a decision, thinks 3-8 s, clicks; notes the times."""

    def __init__(self, port: int, token: str, rng: random.Random, stats: dict, game: str, opponent: str):
        self.port, self.token, self.rng, self.stats = port, token, rng, stats
        self.game, self.opponent = game, opponent
        self.conn = Conn(port)
        self.page = Page(port, token, self.seen)
        self.current = None
        self.changed = asyncio.Event()

    def seen(self, payload: dict, arrived: float) -> None:
        self.current = payload
        self.current_at = arrived
        self.changed.set()

    async def until(self, test, limit: float = 120.0) -> float:
        end = time.perf_counter() + limit
        while not (self.current is not None and test(self.current)):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, end - time.perf_counter()))
        return self.current_at

    async def play(self, stop_at: float, measure_from: float) -> None:
        self.page.task = asyncio.create_task(self.page.run())
        await asyncio.sleep(self.rng.uniform(0, 8))          # people do not all arrive in the same second
        while time.perf_counter() < stop_at:
            await self.until(lambda p: p["pending"]["kind"] in ("decision", "end"))
            if self.current["pending"]["kind"] == "end":
                self.stats["games_finished"] += 1
                return
            await asyncio.sleep(self.rng.uniform(3.0, 8.0))
            if time.perf_counter() >= stop_at:
                return
            p = self.current
            before = p["version"]
            option = self.rng.choice(p["pending"]["options"])["id"]
            t0 = time.perf_counter()
            status, body = await self.conn.request(
                "POST", f"/api/seat/{self.token}/answer?log_from={self.page.log_size}",
                {"answer": option, "decision_token": p["pending"]["decision_token"]})
            t_post = time.perf_counter()
            if status != 200:
                self.stats["refused"] += 1
                continue
            t1 = await self.until(lambda q: q["version"] != before)
            t2 = await self.until(lambda q: q["pending"]["kind"] in ("decision", "end"))
            if t0 >= measure_from:
                self.stats["click_to_update"].append(t1 - t0)
                self.stats["post"].append(t_post - t0)
                self.stats["to_next_decision"].append(t2 - t0)
                self.stats["answers"] += 1


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


async def active(port: int, pid: int, args) -> dict:
    rng = random.Random(args.seed)
    conn = Conn(port)
    meta = await conn.json("GET", "/api/games/meta")
    sides = next(g for g in meta["games"] if g["id"] == args.game)["sides"]
    human, ai = sides[-1], sides[0]                 # the person plays the last side (as `kaisen play` does)
    stats = {"click_to_update": [], "post": [], "to_next_decision": [], "answers": 0, "refused": 0,
             "games_finished": 0}
    players, spectators = [], []
    for i in range(args.players):
        made = await conn.json("POST", "/api/games", {"game": args.game, "seats": {human: "human", ai: args.opponent},
                                                      "title": f"load {i}"})
        players.append(Player(port, made["tokens"][human], random.Random(rng.random()), stats, args.game,
                              args.opponent))
        spectators.append(made["tokens"]["spectator"])
    watchers = [Page(port, spectators[i % len(spectators)]) for i in range(max(0, args.pages - args.players))]
    for w in watchers:
        w.task = asyncio.create_task(w.run())
    start = time.perf_counter()
    warm = min(15.0, args.seconds / 4)
    measure_from, stop_at = start + warm, start + warm + args.seconds
    tasks = [asyncio.create_task(p.play(stop_at, measure_from)) for p in players]
    await asyncio.sleep(warm)
    cpu0, wall0, client0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    load_before = machine_load()
    await asyncio.sleep(args.seconds)
    cpu1, wall1, client1 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    load_after = machine_load()
    rss = rss_mb(pid)
    states: dict[str, int] = {}
    for p in players:
        k = "no payload" if p.current is None else p.current["pending"]["kind"]
        states[k] = states.get(k, 0) + 1
    streams = [t for t in [p.page.task for p in players] + [w.task for w in watchers] if t is not None]
    for t in tasks + streams:
        t.cancel()
    await asyncio.gather(*tasks, *streams, return_exceptions=True)
    c = stats["click_to_update"]
    return {"pages": len(players) + len(watchers), "players": len(players), "watchers": len(watchers),
            "opponent": args.opponent, "game": args.game, "seconds": round(wall1 - wall0, 1),
            "answers": stats["answers"], "answers_per_s": round(stats["answers"] / (wall1 - wall0), 1),
            "refused": stats["refused"], "games_finished": stats["games_finished"],
            "click_to_update_ms": {"p50": ms(statistics.median(c) if c else float("nan")), "p95": ms(pct(c, 0.95)),
                                   "p99": ms(pct(c, 0.99)), "max": ms(max(c) if c else float("nan"))},
            "post_ms": {"p50": ms(pct(stats["post"], 0.5)), "p95": ms(pct(stats["post"], 0.95))},
            "to_next_decision_ms": {"p50": ms(pct(stats["to_next_decision"], 0.5)),
                                    "p95": ms(pct(stats["to_next_decision"], 0.95))},
            "server_cpu_pct": round(100 * (cpu1 - cpu0) / (wall1 - wall0), 1),
            "client_cpu_pct": round(100 * (client1 - client0) / (wall1 - wall0), 1),
            "server_rss_mb": round(rss, 1), "load_before": load_before, "load_after": load_after,
            "players_at_the_end": states}


def ms(x: float) -> float:
    return round(1000 * x, 1)


async def idle(port: int, pid: int, args) -> dict:
    conn = Conn(port)
    games = max(1, args.idle_pages // 10)
    tokens = []
    for i in range(games):
        made = await conn.json("POST", "/api/games", {"game": args.game, "title": f"idle {i}"})
        tokens += list(made["tokens"].values())
    pages = [Page(port, tokens[i % len(tokens)]) for i in range(args.idle_pages)]
    for p in pages:
        p.task = asyncio.create_task(p.run())
        await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.gather(*(p.first for p in pages)), 300)
    await asyncio.sleep(2.0)                        # let the opening settle
    cpu0, wall0 = cpu_seconds(pid), time.perf_counter()
    load_before = machine_load()
    await asyncio.sleep(args.idle_seconds)
    cpu1, wall1 = cpu_seconds(pid), time.perf_counter()
    out = {"pages": len(pages), "games": games, "seconds": round(wall1 - wall0, 1),
           "server_cpu_pct": round(100 * (cpu1 - cpu0) / (wall1 - wall0), 2),
           "payloads_while_idle": sum(p.messages for p in pages) - len(pages),
           "server_rss_mb": round(rss_mb(pid), 1), "load_before": load_before, "load_after": machine_load()}
    for p in pages:
        p.task.cancel()
    await asyncio.gather(*(p.task for p in pages), return_exceptions=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=500, help="live pages in the active run (players + watchers)")
    ap.add_argument("--players", type=int, default=500, help="people answering every 3-8 s (each its own game)")
    ap.add_argument("--opponent", default="heuristic", help="the AI seat each player faces (random, heuristic)")
    ap.add_argument("--game", default="pacific-fury")
    ap.add_argument("--seconds", type=float, default=60.0, help="the active run's measured window")
    ap.add_argument("--idle-pages", type=int, default=1000)
    ap.add_argument("--idle-seconds", type=float, default=20.0)
    ap.add_argument("--skip", choices=["active", "idle"], action="append", default=[])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--checkout", help="serve from another checkout's src/ (e.g. a git worktree of an older commit)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.players > args.pages:
        ap.error("--players may not exceed --pages (each player has a page)")
    out = {}
    for name, run in (("active", active), ("idle", idle)):
        if name in args.skip:
            continue
        with tempfile.TemporaryDirectory() as tmp:  # each run on a fresh server and database
            port = free_port()
            proc = start_server(Path(tmp) / "games.sqlite3", port, args.checkout)
            try:
                out[name] = asyncio.run(run(port, proc.pid, args))
            finally:
                proc.kill()
                proc.wait()
    if args.json:
        print(json.dumps(out, indent=1))
        return
    if "active" in out:
        a = out["active"]
        print(f"active: {a['pages']} live pages ({a['players']} people answering every 3-8 s against "
              f"{a['opponent']}, {a['watchers']} spectators), {a['game']}, {a['seconds']} s measured")
        print(f"  answers: {a['answers']} ({a['answers_per_s']}/s), refused {a['refused']}")
        print(f"  click -> the page's SSE update: p50 {a['click_to_update_ms']['p50']} ms, "
              f"p95 {a['click_to_update_ms']['p95']} ms, p99 {a['click_to_update_ms']['p99']} ms, "
              f"max {a['click_to_update_ms']['max']} ms (target: p95 < 300 ms)")
        print(f"  POST answered: p50 {a['post_ms']['p50']} ms, p95 {a['post_ms']['p95']} ms; click -> the next "
              f"decision (AI reply included): p50 {a['to_next_decision_ms']['p50']} ms, "
              f"p95 {a['to_next_decision_ms']['p95']} ms")
        print(f"  server CPU {a['server_cpu_pct']}% of a core, RSS {a['server_rss_mb']} MB; client CPU "
              f"{a['client_cpu_pct']}%")
        print(f"  machine: {a['load_before']} -> {a['load_after']}")
    if "idle" in out:
        i = out["idle"]
        print(f"idle: {i['pages']} live pages on {i['games']} games, nobody answering, {i['seconds']} s measured")
        print(f"  server CPU {i['server_cpu_pct']}% of a core (target < 10%), payloads sent while idle: "
              f"{i['payloads_while_idle']}, RSS {i['server_rss_mb']} MB")
        print(f"  machine: {i['load_before']} -> {i['load_after']}")


if __name__ == "__main__":
    main()
