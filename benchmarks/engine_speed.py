"""Benchmark (not a test): random full games per second, engine steps per second, state-copy time.

    .venv/bin/python benchmarks/engine_speed.py [--game pacific-fury] [--games 300]
"""
from __future__ import annotations

import argparse
import random
import time
import timeit

from kaisen.engine.core import Chance, End
from kaisen.registry import get_game


def play_random(game, seed: int) -> tuple[int, object]:
    rng = random.Random(seed)
    s = game.new_state()
    steps = 0
    while True:
        p = game.pause(s)
        if isinstance(p, End):
            return steps, s
        a = tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else rng.choice(p.options).id
        s = game.apply(s, a)
        steps += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="pacific-fury")
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    game = get_game(args.game)

    # collect mid-game states to copy
    samples = []
    rng = random.Random(1)
    s = game.new_state()
    for _ in range(400):
        p = game.pause(s)
        if isinstance(p, End):
            break
        a = tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else rng.choice(p.options).id
        s = game.apply(s, a)
        samples.append(s)

    t0 = time.perf_counter()
    steps = 0
    for seed in range(args.games):
        n, _ = play_random(game, seed)
        steps += n
    dt = time.perf_counter() - t0

    n = 20000
    mid = samples[len(samples) // 2]
    copy_us = min(timeit.repeat(mid.copy, number=n, repeat=5)) / n * 1e6
    # engine steps alone: re-apply recorded answers (no agent, no RNG)
    record = []
    rng = random.Random(7)
    s = game.new_state()
    while not isinstance(game.pause(s), End):
        p = game.pause(s)
        a = tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else rng.choice(p.options).id
        record.append(a)
        s = game.apply(s, a)
    t1 = time.perf_counter()
    reps = 30
    for _ in range(reps):
        s = game.new_state()
        for a in record:
            s = game.apply(s, a)
    engine_dt = time.perf_counter() - t1

    print(f"game: {args.game}")
    print(f"random full games/s:   {args.games / dt:10.1f}   ({args.games} games, {steps / args.games:.0f} steps/game)")
    print(f"steps/s incl. agent:   {steps / dt:10.0f}")
    print(f"engine steps/s (replay): {reps * len(record) / engine_dt:8.0f}")
    print(f"state copy:            {copy_us:10.2f} us")


if __name__ == "__main__":
    main()
