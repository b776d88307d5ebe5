"""Benchmark (not a test): the engine's speed per game, against OpenSpiel's tic-tac-toe as the yardstick.

    .venv/bin/pip install -e '.[bench]'          # once: the open_spiel package (the yardstick)
    .venv/bin/python benchmarks/engine_speed.py [--game pacific-fury] [--repeat 5] [--steps 3000]
        [--decisions 100] [--before DIR] [--json]

For every registered game (or each --game given), in one run, each measurement repeated --repeat times:

- engine steps/s: the answers of recorded random games replayed through `game.apply` from `new_state`
  (no agent, no RNG; `apply` checks each answer against the pause as it always does);
- random games/s: the same seeded random games played again (pause, a uniformly random answer, apply);
- rollouts/s: random play to the end from the state halfway through each recorded game (a search's rollout);
- state copy, view, sampler, heuristic: microseconds per `state.copy()`, per `game.view(state, side)` (each
  side), per `game.sample_state(view, rng)` from the deciding side's view at its own decisions, and per
  `make_agent(game.id, "heuristic", side, seed).choose(view, decision)` at those decisions (games with one;
  agents fresh for each recorded game, called in the order of play);
- JSON round trip: microseconds per `from_json(decode(encode(to_json(state))))` at those decision states, with
  the text layer kaisen saves through (`kaisen.engine.jsonio`, msgspec; a checkout without it: the standard
  library) and, on the next line, with the standard library's json for comparison;
- the yardstick: steps/s of OpenSpiel's Python-game tic-tac-toe (`python_tic_tac_toe` through pyspiel, random
  play: legal_actions, a random choice, apply_action), sampled once before every round of every game; the C++
  `tic_tac_toe` is shown beside it for context.

Recorded games are seeds 0, 1, 2, ... until --steps steps are recorded (the same games on any checkout whose
game plays the same); --decisions decision states are spread evenly over them. The table gives each
measurement's median and best (the fastest repeat) and, for steps/s, the ratio of the medians to the
yardstick's median (× yardstick): the machine is shared and noisy, so speed is compared only within one run.
`random play steps/s` is the like-for-like line (random play on both sides of the ratio).

--before DIR also measures another checkout (e.g. `git worktree add /tmp/kaisen-e488496 e488496`): this script
runs as a worker in a subprocess with DIR/src first on PYTHONPATH, using only the engine contract, and its rounds
alternate with this checkout's, so both meet the same noise; the table puts them side by side with new/old (>1
means this checkout is faster). --json prints one object instead of the table. The defaults take about a minute
for all three games (twice that with --before); raise --repeat, --steps and --decisions for steadier numbers.
Win rates of the heuristic against random: benchmarks/heuristic_vs_random.py --game GAME.
"""
from __future__ import annotations

import argparse
import gc
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

INSTALL_HINT = "yardstick: open_spiel is not installed, so no ratios; install it with .venv/bin/pip install -e '.[bench]'"

# issue 11's targets: engine steps/s × yardstick, and random games/s new/old (with --before e488496)
TARGETS = {
    "pacific-fury": {"x_yardstick": 4.0},
    "fury-at-midway": {"x_yardstick": 1.0, "games_new_over_old": 3.0},
    "victory-in-the-pacific": {"x_yardstick": 1.0, "games_new_over_old": 3.0},
}

# name, label, unit, rate (True: per second, from seconds per unit; False: microseconds per unit)
METRICS = (
    ("engine", "engine steps/s (replay)", "steps/s", True),
    ("random_steps", "random play steps/s", "steps/s", True),
    ("games", "random games/s", "games/s", True),
    ("rollouts", "mid-game rollouts/s", "rollouts/s", True),
    ("copy", "state copy", "us", False),
    ("view", "view (each side)", "us", False),
    ("sample", "sampler", "us", False),
    ("heuristic", "heuristic decision", "us", False),
    ("json", "JSON round trip", "us", False),
    ("json_stdlib", "  ... with stdlib json", "us", False),
)
RATIO_METRICS = ("engine", "random_steps")


# ---------------------------------------------------------------------------------------------------------------
# measuring one game (this part runs on any checkout: it uses only the engine contract and the agent registry)

def _random_answer(pause, rng: random.Random):
    if hasattr(pause, "dice"):
        return tuple(rng.randint(1, k) for k in pause.dice)
    return rng.choice(pause.options).id


class GameBench:
    """One game's recorded material, and one round of every measurement over it."""

    def __init__(self, game_id: str, steps: int, decisions: int):
        from kaisen.agents.base import agent_names
        from kaisen.engine.core import Decision, End
        from kaisen.registry import get_game

        self.game = game = get_game(game_id)
        self.End = End
        self.records: list[list] = []          # each recorded game's answers
        self.mids: list = []                   # the state halfway through each recorded game
        decision_states: list[tuple[int, Any, Any]] = []   # (game index, state, decision)
        total, seed = 0, 0
        while total < steps:
            rng = random.Random(seed)
            s = game.new_state()
            answers, states = [], []
            while not isinstance(p := game.pause(s), End):
                if isinstance(p, Decision):
                    decision_states.append((seed, s, p))
                a = _random_answer(p, rng)
                answers.append(a)
                states.append(s)
                s = game.apply(s, a)
            self.records.append(answers)
            self.mids.append(states[len(states) // 2])
            total += len(answers)
            seed += 1
        self.steps = total
        k = min(decisions, len(decision_states))
        picked = [decision_states[(i * len(decision_states)) // k] for i in range(k)] if k else []
        self.decisions = picked
        self.views = [game.view(s, p.side) for _, s, p in picked]
        self.copy_states = [s for _, s, _ in picked] or self.mids
        self.has_heuristic = "heuristic" in agent_names(game_id)

    def info(self) -> dict[str, Any]:
        return {"recorded_games": len(self.records), "steps": self.steps,
                "steps_per_game": self.steps / len(self.records), "decisions": len(self.decisions),
                "heuristic": self.has_heuristic}

    # each returns seconds per unit
    def engine(self) -> float:
        g = self.game
        t = time.perf_counter()
        for answers in self.records:
            s = g.new_state()
            for a in answers:
                s = g.apply(s, a)
        return (time.perf_counter() - t) / self.steps

    def _play(self, s, rng) -> int:
        g, End, n = self.game, self.End, 0
        while not isinstance(p := g.pause(s), End):
            s = g.apply(s, _random_answer(p, rng))
            n += 1
        return n

    def games(self) -> tuple[float, float]:
        """Seconds per random game and per random-play step (the recorded seeds, played again)."""
        t = time.perf_counter()
        n = sum(self._play(self.game.new_state(), random.Random(seed)) for seed in range(len(self.records)))
        dt = time.perf_counter() - t
        return dt / len(self.records), dt / max(1, n)

    def rollouts(self) -> float:
        t = time.perf_counter()
        for i, s in enumerate(self.mids):
            self._play(s, random.Random(1000 + i))
        return (time.perf_counter() - t) / len(self.mids)

    def copy(self) -> float:
        states = self.copy_states
        loops = max(1, 20000 // len(states))
        t = time.perf_counter()
        for _ in range(loops):
            for s in states:
                s.copy()
        return (time.perf_counter() - t) / (loops * len(states))

    def view(self) -> float:
        g, sides = self.game, self.game.sides
        t = time.perf_counter()
        for _, s, _ in self.decisions:
            for side in sides:
                g.view(s, side)
        return (time.perf_counter() - t) / max(1, len(self.decisions) * len(sides))

    def sample(self) -> float:
        g, rng = self.game, random.Random(0)
        t = time.perf_counter()
        for v in self.views:
            g.sample_state(v, rng)
        return (time.perf_counter() - t) / max(1, len(self.views))

    def json(self) -> float:
        """A state written as JSON text and read back as kaisen saves it (kaisen.engine.jsonio, msgspec, where the
        checkout has it; the standard library before)."""
        try:
            from kaisen.engine.jsonio import decode, encode
        except ImportError:
            decode, encode = json.loads, json.dumps
        return self._round_trip(encode, decode)

    def json_stdlib(self) -> float:
        """The same round trip through the standard library's json (the hand-written text layer it replaced)."""
        return self._round_trip(json.dumps, json.loads)

    def _round_trip(self, encode, decode) -> float:
        g, states = self.game, self.copy_states
        loops = max(1, 300 // len(states))
        t = time.perf_counter()
        for _ in range(loops):
            for s in states:
                g.from_json(decode(encode(g.to_json(s))))
        return (time.perf_counter() - t) / (loops * len(states))

    def heuristic(self) -> float | None:
        if not self.has_heuristic:
            return None
        from kaisen.agents.base import make_agent
        spent, agents, current = 0.0, {}, None
        for (seed, _, p), v in zip(self.decisions, self.views):
            if seed != current:
                agents = {sd: make_agent(self.game.id, "heuristic", sd, seed) for sd in self.game.sides}
                current = seed
            t = time.perf_counter()
            agents[p.side].choose(v, p)
            spent += time.perf_counter() - t
        return spent / max(1, len(self.decisions))

    def round(self) -> dict[str, Any]:
        """One sample of every measurement: seconds per unit, None where it does not apply, or the error."""
        out: dict[str, Any] = {}
        for name, fn in (("engine", self.engine), ("games", self.games), ("rollouts", self.rollouts),
                         ("copy", self.copy), ("view", self.view), ("sample", self.sample),
                         ("heuristic", self.heuristic), ("json", self.json),
                         ("json_stdlib", self.json_stdlib)):
            gc.collect()
            try:
                value = fn()
            except Exception as err:   # a checkout where this part is missing or broken: say so, go on
                value = f"error: {type(err).__name__}: {err}"[:200]
            if name == "games" and isinstance(value, tuple):
                out["games"], out["random_steps"] = value
            else:
                out[name] = value
                if name == "games":
                    out["random_steps"] = value
        return out


def kaisen_source() -> dict[str, Any]:
    """Where the measured kaisen comes from: its src folder and that checkout's commit."""
    import kaisen
    src = Path(kaisen.__file__).resolve().parent.parent
    commit = ""
    try:
        commit = subprocess.run(["git", "-C", str(src), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(src), "status", "--porcelain", "--", "."], capture_output=True,
                               text=True, timeout=10).stdout.strip()
        if commit and dirty:
            commit += "+changes"
    except Exception:
        pass
    return {"src": str(src), "commit": commit or "?"}


def worker(steps: int, decisions: int) -> None:
    """The --before side: says which games it has, then answers one round per line naming a game."""
    from kaisen.registry import GAMES
    benches: dict[str, GameBench] = {}
    print(json.dumps({"hello": kaisen_source(), "games": list(GAMES)}), flush=True)
    for line in sys.stdin:
        game_id = line.strip()
        if not game_id:
            continue
        try:
            if game_id not in benches:
                benches[game_id] = GameBench(game_id, steps, decisions)
            b = benches[game_id]
            print(json.dumps({"game": game_id, "info": b.info(), "round": b.round()}), flush=True)
        except Exception as err:
            print(json.dumps({"game": game_id, "error": f"{type(err).__name__}: {err}"[:300]}), flush=True)


class Before:
    """The worker subprocess on another checkout."""

    def __init__(self, directory: str, steps: int, decisions: int):
        src = Path(directory).resolve() / "src"
        if not (src / "kaisen").is_dir():
            raise SystemExit(f"--before {directory}: no src/kaisen there")
        env = dict(os.environ, PYTHONPATH=str(src) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", "--steps",
                                      str(steps), "--decisions", str(decisions)], cwd=str(src.parent), env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        hello = self._read()
        self.source, self.games = hello["hello"], hello["games"]
        if Path(self.source["src"]).resolve() != src:
            raise SystemExit(f"--before {directory}: the worker imported kaisen from {self.source['src']}")

    def _read(self) -> dict[str, Any]:
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("--before: the worker stopped")
            if line.startswith("{"):
                return json.loads(line)

    def round(self, game_id: str) -> dict[str, Any]:
        self.proc.stdin.write(game_id + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


# ---------------------------------------------------------------------------------------------------------------
# the yardstick

class Yardstick:
    def __init__(self, games: int):
        self.games = games
        try:
            import pyspiel
            from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
        except ImportError:
            self.available = False
            return
        self.available = True
        try:
            from importlib.metadata import version
            self.version = version("open_spiel")
        except Exception:
            self.version = "?"
        self.python = pyspiel.load_game("python_tic_tac_toe")
        self.cpp = pyspiel.load_game("tic_tac_toe")
        self.samples: dict[str, list[float]] = {"python": [], "cpp": []}

    def _sample(self, game) -> float:
        rng, n = random.Random(0), 0
        t = time.perf_counter()
        for _ in range(self.games):
            st = game.new_initial_state()
            while not st.is_terminal():
                st.apply_action(rng.choice(st.legal_actions()))
                n += 1
        return (time.perf_counter() - t) / n

    def round(self) -> None:
        if self.available:
            gc.collect()
            self.samples["python"].append(self._sample(self.python))
            self.samples["cpp"].append(self._sample(self.cpp))


# ---------------------------------------------------------------------------------------------------------------
# summarising and printing

def summarise(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Per metric: median and best (rates from the median and the minimum seconds per unit), or the error."""
    out: dict[str, Any] = {}
    for name, _, unit, rate in METRICS:
        values = [r.get(name) for r in rounds]
        errors = [v for v in values if isinstance(v, str)]
        nums = [v for v in values if isinstance(v, (int, float))]
        if errors and not nums:
            out[name] = {"error": errors[0]}
        elif nums:
            med, best = statistics.median(nums), min(nums)
            conv = (lambda x: 1.0 / x if x > 0 else math.inf) if rate else (lambda x: x * 1e6)
            out[name] = {"median": conv(med), "best": conv(best), "unit": unit, "n": len(nums)}
    return out


def fmt(value: float | None) -> str:
    if value is None:
        return "-"
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def run(args) -> dict[str, Any]:
    from kaisen.registry import GAMES
    game_ids = args.game or list(GAMES)
    for g in game_ids:
        if g not in GAMES:
            raise SystemExit(f"unknown game {g!r}; the games: {', '.join(GAMES)}")
    yard = Yardstick(args.yardstick_games)
    before = Before(args.before, args.steps, args.decisions) if args.before else None
    result: dict[str, Any] = {
        "kaisen": kaisen_source(),
        "config": {"repeat": args.repeat, "steps": args.steps, "decisions": args.decisions,
                   "yardstick_games": args.yardstick_games, "python": sys.version.split()[0]},
        "before": before.source if before else None,
        "games": {},
    }
    t0 = time.perf_counter()
    for game_id in game_ids:
        log(f"{game_id}: recording {args.steps} steps of random play")
        bench = GameBench(game_id, args.steps, args.decisions)
        rounds, old_rounds, old_info, old_error = [], [], None, None
        old_has = before is not None and game_id in before.games
        for r in range(args.repeat):
            log(f"{game_id}: round {r + 1}/{args.repeat}")
            yard.round()
            rounds.append(bench.round())
            if old_has and old_error is None:
                reply = before.round(game_id)
                if "error" in reply:
                    old_error = reply["error"]
                else:
                    old_rounds.append(reply["round"])
                    old_info = reply["info"]
        entry: dict[str, Any] = {"info": bench.info(), "metrics": summarise(rounds), "samples": rounds}
        if before is not None:
            entry["before"] = ({"error": old_error} if old_error else
                               {"error": "not a game on that checkout"} if not old_has else
                               {"info": old_info, "metrics": summarise(old_rounds), "samples": old_rounds})
        result["games"][game_id] = entry
    if before:
        before.close()
    result["seconds"] = time.perf_counter() - t0

    if yard.available:
        ys = {k: {"median": 1 / statistics.median(v), "best": 1 / min(v), "n": len(v)}
              for k, v in yard.samples.items()}
        result["yardstick"] = {"open_spiel": yard.version, "python_tic_tac_toe": ys["python"],
                               "cpp_tic_tac_toe": ys["cpp"]}
        base = ys["python"]["median"]
        for entry in result["games"].values():
            for side in (entry, entry.get("before") or {}):
                m = side.get("metrics") or {}
                side["x_yardstick"] = {k: m[k]["median"] / base for k in RATIO_METRICS if "median" in m.get(k, {})}
    else:
        result["yardstick"] = None
        result["yardstick_missing"] = INSTALL_HINT
    for entry in result["games"].values():
        old = (entry.get("before") or {}).get("metrics")
        if old:
            new_over_old = {}
            for name, _, _, rate in METRICS:
                n, o = entry["metrics"].get(name, {}), old.get(name, {})
                if "median" in n and "median" in o and n["median"] and o["median"]:
                    new_over_old[name] = n["median"] / o["median"] if rate else o["median"] / n["median"]
            entry["new_over_old"] = new_over_old
    return result


def print_table(res: dict[str, Any]) -> None:
    src = res["kaisen"]
    cfg = res["config"]
    print(f"kaisen {src['commit']} ({src['src']}), Python {cfg['python']}, {cfg['repeat']} repeats, "
          f"{res['seconds']:.0f} s")
    y = res["yardstick"]
    if y:
        py, cpp = y["python_tic_tac_toe"], y["cpp_tic_tac_toe"]
        print(f"yardstick: OpenSpiel {y['open_spiel']} python_tic_tac_toe via pyspiel, random play: "
              f"median {fmt(py['median'])} steps/s, best {fmt(py['best'])} ({py['n']} samples)")
        print(f"  context: C++ tic_tac_toe via pyspiel, same loop: median {fmt(cpp['median'])} steps/s, "
              f"best {fmt(cpp['best'])}")
    else:
        print(res["yardstick_missing"])
    b = res["before"]
    if b:
        print(f"before: kaisen {b['commit']} ({b['src']}); new/old > 1 means this checkout is faster")
    for game_id, entry in res["games"].items():
        info = entry["info"]
        print()
        print(f"{game_id}: {info['recorded_games']} recorded random games, {info['steps_per_game']:.0f} steps/game, "
              f"{info['decisions']} decision states")
        oi = (entry.get("before") or {}).get("info")
        if oi:
            print(f"  before: {oi['recorded_games']} recorded random games, {oi['steps_per_game']:.0f} steps/game "
                  f"(the same seeds; games/s and rollouts/s compare like for like only where the games are the same)")
        head = f"  {'':26}{'median':>11}{'best':>11}"
        if y:
            head += f"{'×yard':>7}"
        old = entry.get("before")
        if old is not None:
            head += f"   | {'before med':>11}{'best':>11}"
            if y:
                head += f"{'×yard':>7}"
            head += f"{'new/old':>9}"
        print(head)
        for name, label, unit, _ in METRICS:
            m = entry["metrics"].get(name)
            if m is None:
                continue
            shown = f"{label}{'' if unit.endswith('/s') else ' (' + unit + ')'}"
            if "error" in m:
                line = f"  {shown:26}{m['error']}"
            else:
                line = f"  {shown:26}{fmt(m['median']):>11}{fmt(m['best']):>11}"
            if y:
                x = entry.get("x_yardstick", {}).get(name)
                line += f"{(f'{x:.2f}' if x is not None else ''):>7}" if "error" not in m else ""
            if old is not None and "error" not in m:
                om = (old.get("metrics") or {}).get(name)
                if "error" in old:
                    line += f"   | {old['error']}" if name == "engine" else ""
                elif om is None:
                    line += "   |"
                elif "error" in om:
                    line += f"   | {om['error'][:60]}"
                else:
                    line += f"   | {fmt(om['median']):>11}{fmt(om['best']):>11}"
                    if y:
                        ox = old.get("x_yardstick", {}).get(name)
                        line += f"{(f'{ox:.2f}' if ox is not None else ''):>7}"
                    r = entry.get("new_over_old", {}).get(name)
                    line += f"{(f'{r:.2f}' if r else ''):>9}"
            print(line.rstrip())
        target = TARGETS.get(game_id)
        if target:
            notes = []
            x = entry.get("x_yardstick", {}).get("engine")
            if "x_yardstick" in target and x is not None:
                notes.append(f"engine ×yardstick {x:.2f} (target ≥ {target['x_yardstick']:g})")
            r = entry.get("new_over_old", {}).get("games")
            if "games_new_over_old" in target and r is not None:
                notes.append(f"random games/s new/old {r:.2f} (target ≥ {target['games_new_over_old']:g})")
            if notes:
                print("  issue 11 targets: " + "; ".join(notes))


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("--game", action="append", help="a game id (repeatable); default: every registered game")
    ap.add_argument("--repeat", type=int, default=5, help="rounds of every measurement (default 5)")
    ap.add_argument("--steps", type=int, default=3000, help="random-play steps recorded per game (default 3000)")
    ap.add_argument("--decisions", type=int, default=100,
                    help="decision states for view, sampler and heuristic timings (default 100)")
    ap.add_argument("--yardstick-games", type=int, default=300,
                    help="tic-tac-toe games per yardstick sample (default 300)")
    ap.add_argument("--before", metavar="DIR", help="another checkout to measure side by side (its DIR/src)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.steps, args.decisions)
        return
    res = run(args)
    if args.json:
        print(json.dumps(res, indent=1))
    else:
        print_table(res)


if __name__ == "__main__":
    main()
