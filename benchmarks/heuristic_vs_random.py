"""Benchmark (not a test): a game's heuristic against random, both ways, with baselines.

    .venv/bin/python benchmarks/heuristic_vs_random.py [--game pacific-fury] [--games 1000] [--seed 0] [--jobs 2]

The game defaults to Pacific Fury; --game fury-at-midway or victory-in-the-pacific runs that game's heuristic
(scores: Fury at Midway the final VP difference, + US; Victory in the Pacific the POC standing, + Allies).

Four pairings (the game's first side first): heuristic-random, random-heuristic, random-random (the baseline) and
heuristic-heuristic. Game i of each pairing uses seed+i for the dice and for both agents. Prints win
and draw rates with 95% Wilson intervals, the mean final score, games per second (every agent is handed
its side's view, as in play) and, where an agent counts them, its fallbacks to a random legal option."""
from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

from kaisen.agents.base import make_agent
from kaisen.engine.match import Match
from kaisen.registry import get_game

PAIRINGS = (("heuristic", "random"), ("random", "heuristic"), ("random", "random"), ("heuristic", "heuristic"))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(job: tuple[str, str, str, int]) -> tuple[str | None, int, int]:
    """One game (game id, first side's agent, second side's agent, seed): winner, score, agent fallbacks."""
    game_id, first, second, seed = job
    game = get_game(game_id)
    a, b = game.sides
    m = Match(game, seed=seed, agents={a: first, b: second})
    agents = {a: make_agent(game.id, first, a, seed=seed), b: make_agent(game.id, second, b, seed=seed)}
    end = m.run(lambda d: agents[d.side].choose(game.view(m.state, d.side), d))
    fallbacks = sum(sum(getattr(ag, "fallbacks", {}).values()) for ag in agents.values())
    return end.winner, end.score, fallbacks


def rate(label: str, k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{label} {k / n:6.1%} [{lo:5.1%}, {hi:5.1%}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per pairing")
    ap.add_argument("--seed", type=int, default=0, help="game i uses seed + i")
    ap.add_argument("--game", default="pacific-fury", help="game id (a two-sided registered game)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args()
    game = get_game(args.game)
    a, b = game.sides
    score_name = "mean marker" if game.id == "pacific-fury" else "mean score"
    n = args.games
    print(f"{game.id}, {n} games per pairing, seeds {args.seed}..{args.seed + n - 1}; 95% Wilson intervals")
    with ProcessPoolExecutor(args.jobs) as pool:
        for first, second in PAIRINGS:
            t0 = time.perf_counter()
            jobs = [(game.id, first, second, args.seed + i) for i in range(n)]
            ends = list(pool.map(play, jobs, chunksize=4)) if args.jobs > 1 else [play(j) for j in jobs]
            dt = time.perf_counter() - t0
            counts = {a: 0, b: 0, None: 0}
            for winner, _, _ in ends:
                counts[winner] += 1
            score = sum(e[1] for e in ends) / n
            fallbacks = sum(e[2] for e in ends)
            label = {sd: {"usa": "US"}.get(sd, sd.title()) for sd in (a, b)}
            print(f"{a}={first:<9} {b}={second:<9} | {rate(label[a], counts[a], n)} | {rate(label[b], counts[b], n)} | "
                  f"{rate('draw', counts[None], n)} | {score_name} {score:+.2f} | {n / dt:6.1f} games/s | "
                  f"fallbacks {fallbacks}", flush=True)


if __name__ == "__main__":
    main()
