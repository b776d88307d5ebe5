"""Nights of Fury at scale (not a test): random battles per scenario, and the historical check.

    .venv/bin/python benchmarks/nof_battles.py [--random 1000] [--ai 1000] [--scenario ID ...] [--json]

- random: N seeded battles per scenario with a uniformly random answer to every decision (dice seeded too);
  every one must reach its End without an error; prints the outcome counts and steps per battle.
- ai: N seeded battles per historical scenario with the heuristic on both sides; prints how often the
  scenario's historical winner (data/scenarios.toml `historic_winner`) wins, with a 95% Wilson interval,
  the draws, and the mean VP of each side.
The generated battle and the campaign are played too when named with --scenario (generated, campaign).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from kaisen.agents.base import make_agent  # noqa: E402
from kaisen.analysis.simulate import wilson  # noqa: E402
from kaisen.engine.core import Chance, End  # noqa: E402
from kaisen.registry import get_game  # noqa: E402


def battle(game, scenario: str, seed: int, agents: dict | None):
    """One seeded battle to its End: (winner, VP by side, steps)."""
    rng = random.Random(seed)
    s = game.new_state(scenario)
    steps = 0
    while not isinstance(p := game.pause(s), End):
        if isinstance(p, Chance):
            a = tuple(rng.randint(1, k) for k in p.dice)
        elif agents is None:
            a = rng.choice(p.options).id
        else:
            a = agents[p.side].choose(game.view(s, p.side), p)
        s = game.apply(s, a)
        steps += 1
    return p.winner, dict(s.vp), steps


def run(args) -> dict:
    game = get_game("nights-of-fury")
    historical = {sc_id: sc for sc_id, sc in game.data.data.scenarios.items()}
    scenarios = args.scenario or list(historical)
    out: dict = {"random": {}, "ai": {}}
    for sc in scenarios:
        if args.random:
            t = time.perf_counter()
            wins: dict = {}
            steps = 0
            for seed in range(args.random):
                w, _, n = battle(game, sc, seed, None)
                wins[w] = wins.get(w, 0) + 1
                steps += n
            out["random"][sc] = {"battles": args.random, "errors": 0, "outcomes": {str(k): v for k, v in wins.items()},
                                 "steps_per_battle": steps / args.random,
                                 "seconds": time.perf_counter() - t}
            print(f"random {sc}: {args.random} battles, no error; outcomes {wins}; "
                  f"{steps / args.random:.0f} steps each; {time.perf_counter() - t:.1f} s", file=sys.stderr)
        if args.ai and sc in historical:
            t = time.perf_counter()
            hist = historical[sc].historic_winner
            wins, vp = {}, {"usn": 0, "ijn": 0}
            for seed in range(args.ai):
                agents = {side: make_agent(game.id, "heuristic", side, seed) for side in game.sides}
                w, v, _ = battle(game, sc, 10_000 + seed, agents)
                wins[w] = wins.get(w, 0) + 1
                for side in vp:
                    vp[side] += v[side]
            k = wins.get(hist if hist != "draw" else None, 0)
            lo, hi = wilson(k, args.ai)
            out["ai"][sc] = {"battles": args.ai, "historic_winner": hist, "historic_wins": k, "rate": k / args.ai,
                             "interval": [lo, hi], "outcomes": {str(x): n for x, n in wins.items()},
                             "mean_vp": {side: vp[side] / args.ai for side in vp},
                             "seconds": time.perf_counter() - t}
            print(f"ai {sc}: historical winner {hist} wins {k}/{args.ai} = {k / args.ai:.1%} "
                  f"[{lo:.1%}, {hi:.1%}]; outcomes {wins}; mean VP USN {vp['usn'] / args.ai:.1f}, "
                  f"IJN {vp['ijn'] / args.ai:.1f}; {time.perf_counter() - t:.1f} s", file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--random", type=int, default=1000, help="random battles per scenario (0: none)")
    ap.add_argument("--ai", type=int, default=1000, help="heuristic-vs-heuristic battles per historical scenario")
    ap.add_argument("--scenario", action="append", help="a scenario id (repeatable); default: every historical one")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    res = run(args)
    if args.json:
        print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
