"""Benchmark (not a test): random full games per second, engine steps per second, state-copy time, and the
heuristic agent's cost per decision (for games that have one).

    .venv/bin/python benchmarks/engine_speed.py [--game pacific-fury] [--games 300] [--heuristic-games 20]

Win rates of the heuristic against random: benchmarks/heuristic_vs_random.py --game GAME.
"""
from __future__ import annotations

import argparse
import random
import time
import timeit

from kaisen.agents.base import agent_names, make_agent
from kaisen.engine.core import Chance, End
from kaisen.engine.testing import random_answer
from kaisen.registry import get_game


def play_random(game, seed: int) -> tuple[int, list, list]:
    """One random game: its step count, its answers and the states it passed through."""
    rng = random.Random(seed)
    s = game.new_state()
    answers, states = [], []
    while not isinstance(p := game.pause(s), End):
        a = random_answer(p, rng)
        answers.append(a)
        s = game.apply(s, a)
        states.append(s)
    return len(answers), answers, states


def heuristic_cost(game, games: int) -> tuple[float, int]:
    """Seconds spent in the heuristic's choose() over heuristic-vs-heuristic games (views not counted)."""
    spent, decisions = 0.0, 0
    for seed in range(games):
        agents = {sd: make_agent(game.id, "heuristic", sd, seed) for sd in game.sides}
        rng = random.Random(seed)
        s = game.new_state()
        while not isinstance(p := game.pause(s), End):
            if isinstance(p, Chance):
                a = random_answer(p, rng)
            else:
                view = game.view(s, p.side)
                t = time.perf_counter()
                a = agents[p.side].choose(view, p)
                spent += time.perf_counter() - t
                decisions += 1
            s = game.apply(s, a)
    return spent, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="pacific-fury")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--heuristic-games", type=int, default=20, help="heuristic-vs-heuristic games timed (0: skip)")
    args = ap.parse_args()
    game = get_game(args.game)

    t0 = time.perf_counter()
    steps = sum(play_random(game, seed)[0] for seed in range(args.games))
    dt = time.perf_counter() - t0

    # engine steps alone: re-apply one recorded random game's answers (no agent, no RNG)
    _, record, states = play_random(game, 7)
    reps = 30
    t1 = time.perf_counter()
    for _ in range(reps):
        s = game.new_state()
        for a in record:
            s = game.apply(s, a)
    engine_dt = time.perf_counter() - t1
    n = 20000
    copy_us = min(timeit.repeat(states[len(states) // 2].copy, number=n, repeat=5)) / n * 1e6

    print(f"game: {args.game}")
    print(f"random full games/s:     {args.games / dt:10.1f}   ({args.games} games, {steps / args.games:.0f} steps/game)")
    print(f"steps/s incl. agent:     {steps / dt:10.0f}")
    print(f"engine steps/s (replay): {reps * len(record) / engine_dt:10.0f}")
    print(f"state copy:              {copy_us:10.2f} us")
    if args.heuristic_games and "heuristic" in agent_names(game.id):
        spent, decisions = heuristic_cost(game, args.heuristic_games)
        print(f"heuristic decision:      {spent / max(1, decisions) * 1e6:10.1f} us   "
              f"({decisions} decisions, view not counted)")


if __name__ == "__main__":
    main()
