"""Benchmark (not a test): the ISMCTS agent's speed per game (issue 15, item 5).

    .venv/bin/python benchmarks/ismcts_speed.py [--game pacific-fury] [--positions 8] [--iterations 40]
        [--levels easy,normal] [--json]

For every registered game (or each --game given):

- simulations/s: search iterations per second (determinise, select, expand, roll out, score) with no time
  limit, from --positions decision states spread over the middle half of a seeded random game (the deciding
  side's own view), --iterations each; median and best over positions;
- time per decision at each level (--levels; `hard` is slow, so it is left out unless asked): the wall time of
  `choose` with the level's budget (iterations and time limit, as in play) at the same positions: mean, p95
  and max, and the iterations the time limit let it finish (median).

The machine is shared and noisy: the times are for comparing levels and games within one run. The targets
(issue 15): `normal` within 2 s per decision (p95), `easy` within 0.3 s, on one core.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from kaisen.agents.ismcts import LEVELS, Budget, ISMCTSAgent  # noqa: E402
from kaisen.engine import testing  # noqa: E402
from kaisen.engine.core import Decision, End  # noqa: E402
from kaisen.registry import GAMES, get_game  # noqa: E402


def positions(game, n: int, seed: int = 11):
    """`n` decisions with a real choice, spread over the middle half of one seeded random game."""
    rng = random.Random(seed)
    s = game.new_state()
    found = []
    while not isinstance(p := game.pause(s), End):
        if isinstance(p, Decision) and len(p.options) > 1:
            found.append((s, p))
        s = game.apply(s, testing.random_answer(p, rng))
    middle = found[len(found) // 4: 3 * len(found) // 4] or found
    step = max(1, len(middle) // n)
    return middle[::step][:n]


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def measure(game_id: str, n: int, iterations: int, levels: list[str]) -> dict:
    game = get_game(game_id)
    spots = positions(game, n)
    rates = []
    for i, (s, p) in enumerate(spots):
        agent = ISMCTSAgent(game, p.side, i, budget=Budget(iterations, None, LEVELS["normal"].rollout_steps))
        t = time.perf_counter()
        agent.choose(game.view(s, p.side), p)
        dt = time.perf_counter() - t
        if agent.last["iterations"]:
            rates.append(agent.last["iterations"] / dt)
    out = {"game": game_id, "positions": len(spots), "simulations_per_s": {
        "median": statistics.median(rates) if rates else None, "best": max(rates) if rates else None}, "levels": {}}
    for level in levels:
        times, its = [], []
        for i, (s, p) in enumerate(spots):
            agent = ISMCTSAgent(game, p.side, i, budget=LEVELS[level])
            t = time.perf_counter()
            agent.choose(game.view(s, p.side), p)
            times.append(time.perf_counter() - t)
            its.append(agent.last["iterations"])
        out["levels"][level] = {"mean_s": statistics.mean(times), "p95_s": p95(times), "max_s": max(times),
                                "iterations_median": statistics.median(its), "budget": LEVELS[level].iterations,
                                "limit_s": LEVELS[level].seconds}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES))
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--iterations", type=int, default=40)
    ap.add_argument("--levels", default="easy,normal")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    levels = [x for x in a.levels.split(",") if x]
    for x in levels:
        if x not in LEVELS:
            ap.error(f"unknown level {x!r}; the levels are {', '.join(LEVELS)}")
    results = [measure(g, a.positions, a.iterations, levels) for g in (a.game or list(GAMES))]
    if a.json:
        print(json.dumps(results, indent=1))
        return
    for r in results:
        sims = r["simulations_per_s"]
        print(f"\n{r['game']}: {r['positions']} mid-game positions")
        print(f"  simulations/s (no time limit)   median {sims['median'] or 0:8.1f}   best {sims['best'] or 0:8.1f}")
        for level, t in r["levels"].items():
            print(f"  {level:7s} per decision: mean {t['mean_s']:6.2f} s  p95 {t['p95_s']:6.2f} s  max {t['max_s']:6.2f} s"
                  f"  (iterations: median {t['iterations_median']:.0f} of {t['budget']}, limit {t['limit_s']} s)")


if __name__ == "__main__":
    main()
