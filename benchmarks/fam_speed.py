"""Benchmark (not a test): Fury at Midway speed: random full games/s, engine steps/s (replay), state copy,
and the heuristic agent's cost per decision.

    .venv/bin/python benchmarks/fam_speed.py [--games 300]
"""
from __future__ import annotations

import argparse
import random
import time
import timeit

from kaisen.agents.base import make_agent
from kaisen.engine.core import Chance, End
from kaisen.registry import get_game

GAME_ID = "fury-at-midway"


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    game = get_game(GAME_ID)

    t0 = time.perf_counter()
    steps = sum(play_random(game, seed) for seed in range(args.games))
    dt = time.perf_counter() - t0

    # engine steps alone: re-apply one recorded random game's answers (no agent, no RNG)
    rng = random.Random(7)
    s = game.new_state()
    record, states = [], []
    while not isinstance(p := game.pause(s), End):
        a = answer(p, rng)
        record.append(a)
        s = game.apply(s, a)
        states.append(s)
    reps = 30
    t1 = time.perf_counter()
    for _ in range(reps):
        s = game.new_state()
        for a in record:
            s = game.apply(s, a)
    engine_dt = time.perf_counter() - t1

    mid = states[len(states) // 2]
    n = 20000
    copy_us = min(timeit.repeat(mid.copy, number=n, repeat=5)) / n * 1e6

    # the heuristic's own cost: time spent in choose() over heuristic-vs-heuristic games
    spent, decisions = 0.0, 0
    for seed in range(20):
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
    print(f"random full games/s:     {args.games / dt:10.1f}   ({args.games} games, {steps / args.games:.0f} steps/game)")
    print(f"steps/s incl. agent:     {steps / dt:10.0f}")
    print(f"engine steps/s (replay): {reps * len(record) / engine_dt:10.0f}")
    print(f"state copy:              {copy_us:10.2f} us")
    print(f"heuristic decision:      {spent / max(1, decisions) * 1e6:10.1f} us   ({decisions} decisions, view not counted)")


if __name__ == "__main__":
    main()
