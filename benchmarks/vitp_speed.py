"""Benchmark (not a test): Victory in the Pacific speed (random full games/s, engine steps/s on a replay, state
copy, the heuristic agent's cost per decision) and, with --vs-random N, the heuristic against random from each
side (and the random-random baseline) with 95% Wilson intervals.

    .venv/bin/python benchmarks/vitp_speed.py [--games 200] [--vs-random 200] [--seed 0] [--jobs 4]

(benchmarks/heuristic_vs_random.py names its sides japan/usa; VITP's are japan/allies, hence this script.)
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
import timeit
from concurrent.futures import ProcessPoolExecutor

from kaisen.agents.base import make_agent
from kaisen.engine.core import Chance, End
from kaisen.engine.match import Match
from kaisen.registry import get_game

sys.path.insert(0, os.path.dirname(__file__))
from heuristic_vs_random import wilson  # noqa: E402

GAME_ID = "victory-in-the-pacific"
PAIRINGS = (("heuristic", "random"), ("random", "heuristic"), ("random", "random"), ("heuristic", "heuristic"))


def answer(p, rng: random.Random):
    return tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else rng.choice(p.options).id


def play_random(game, seed: int) -> int:
    rng = random.Random(seed)
    s = game.new_state()
    steps = 0
    while not isinstance(p := game.pause(s), End):
        s = game.apply(s, answer(p, rng))
        steps += 1
    return steps


def play(args: tuple[str, str, int]):
    """One game, every agent handed its side's view; returns (winner, score, heuristic fallbacks)."""
    japan, allies, seed = args
    game = get_game(GAME_ID)
    agents = {"japan": make_agent(GAME_ID, japan, "japan", seed=seed),
              "allies": make_agent(GAME_ID, allies, "allies", seed=seed)}
    m = Match(game, seed=seed)
    end = m.run(lambda d: agents[d.side].choose(game.view(m.state, d.side), d))
    fallbacks = sum(sum(getattr(a, "fallbacks", {}).values()) for a in agents.values())
    decisions = sum(getattr(a, "decisions", 0) for a in agents.values())
    return end.winner, end.score, fallbacks, decisions


def rate(label: str, k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{label} {k / n:6.1%} [{lo:5.1%}, {hi:5.1%}]"


def speed(game, n: int) -> None:
    t0 = time.perf_counter()
    steps = sum(play_random(game, seed) for seed in range(n))
    dt = time.perf_counter() - t0

    rng = random.Random(7)
    s = game.new_state()
    record, states = [], []
    while not isinstance(p := game.pause(s), End):
        a = answer(p, rng)
        record.append(a)
        s = game.apply(s, a)
        states.append(s)
    reps = 20
    t1 = time.perf_counter()
    for _ in range(reps):
        s = game.new_state()
        for a in record:
            s = game.apply(s, a)
    engine_dt = time.perf_counter() - t1
    mid = states[len(states) // 2]
    k = 20000
    copy_us = min(timeit.repeat(mid.copy, number=k, repeat=5)) / k * 1e6

    spent, decisions = 0.0, 0
    for seed in range(10):
        agents = {sd: make_agent(GAME_ID, "heuristic", sd, seed) for sd in game.sides}
        rng = random.Random(seed)
        s = game.new_state()
        while not isinstance(p := game.pause(s), End):
            if isinstance(p, Chance):
                a = answer(p, rng)
            else:
                view = game.view(s, p.side)
                t = time.perf_counter()
                a = agents[p.side].choose(view, p)
                spent += time.perf_counter() - t
                decisions += 1
            s = game.apply(s, a)

    print(f"game: {GAME_ID}")
    print(f"random full games/s:     {n / dt:10.1f}   ({n} games, {steps / n:.0f} steps/game)")
    print(f"steps/s incl. agent:     {steps / dt:10.0f}")
    print(f"engine steps/s (replay): {reps * len(record) / engine_dt:10.0f}")
    print(f"state copy:              {copy_us:10.2f} us")
    print(f"heuristic decision:      {spent / max(1, decisions) * 1e6:10.1f} us   "
          f"({decisions} decisions, view not counted)", flush=True)


def vs_random(n: int, seed: int, jobs: int) -> None:
    print(f"{GAME_ID}, {n} games per pairing, seeds {seed}..{seed + n - 1}; 95% Wilson intervals")
    with ProcessPoolExecutor(jobs) as pool:
        for japan, allies in PAIRINGS:
            t0 = time.perf_counter()
            ends = list(pool.map(play, [(japan, allies, seed + i) for i in range(n)], chunksize=4))
            dt = time.perf_counter() - t0
            counts = {"japan": 0, "allies": 0, None: 0}
            for w, _, _, _ in ends:
                counts[w] += 1
            score = sum(e[1] for e in ends) / n
            fb, dec = sum(e[2] for e in ends), sum(e[3] for e in ends)
            extra = f" | fallbacks {fb}/{dec} decisions" if dec else ""
            print(f"japan={japan:<9} allies={allies:<9} | {rate('Japan', counts['japan'], n)} | "
                  f"{rate('Allies', counts['allies'], n)} | {rate('draw', counts[None], n)} | "
                  f"mean POC {score:+.2f} (+ Allies) | {n / dt:6.1f} games/s ({jobs} jobs){extra}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="random games for the speed figures (0: skip)")
    ap.add_argument("--vs-random", type=int, default=0, help="games per pairing against random (0: skip)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="processes for the games against random")
    args = ap.parse_args()
    if args.games:
        speed(get_game(GAME_ID), args.games)
    if args.vs_random:
        vs_random(args.vs_random, args.seed, args.jobs)


if __name__ == "__main__":
    main()
