"""Fighters of the Pacific at scale (not a test): random games per scenario, and the solo bot against itself.

    .venv/bin/python benchmarks/fotp_games.py [--random 1000] [--bot 200] [--scenario ID ...] [--json]

- random: N seeded games per scenario with a uniformly random answer to every decision; every one must reach its
  End without an error (an error is counted and its first traceback printed); prints the outcomes, the answers
  per game and the time.
- bot: N games per scenario with the solo bot (the heuristic agent) on both sides, seeded; prints each side's wins
  with a 95% Wilson interval, the draws and the mean VP: the scenario's balance as the bot plays it.
- vs-random: N games per scenario and side with the bot against the random agent (its win rate each side).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from kaisen.agents.base import make_agent  # noqa: E402
from kaisen.analysis.simulate import wilson  # noqa: E402
from kaisen.engine.core import End  # noqa: E402
from kaisen.registry import get_game  # noqa: E402

GAME_ID = "fighters-of-the-pacific"


def play(game, scenario: str, seed: int, agents: dict | None):
    """One seeded game to its End: (winner, VP by side, answers)."""
    rng = random.Random(seed)
    s = game.new_state(scenario)
    steps = 0
    while not isinstance(p := game.pause(s), End):
        a = rng.choice(p.options).id if agents is None or agents.get(p.side) is None else \
            agents[p.side].choose(game.view(s, p.side), p)
        s = game.apply(s, a)
        steps += 1
    return p.winner, dict(s.vp), steps


def tally(rows):
    wins = {"japan": 0, "usa": 0, None: 0}
    vp = {"japan": 0, "usa": 0}
    for w, v, _ in rows:
        wins[w] += 1
        for side in vp:
            vp[side] += v[side]
    return wins, vp


def run(args) -> dict:
    game = get_game(GAME_ID)
    scenarios = args.scenario or [sc.id for sc in game.scenarios]
    out: dict = {"random": {}, "bot": {}, "vs_random": {}}
    for sc in scenarios:
        if args.random:
            t = time.perf_counter()
            rows, errors = [], 0
            for seed in range(args.random):
                try:
                    rows.append(play(game, sc, seed, None))
                except Exception:           # counted and shown: the check is that there are none
                    if not errors:
                        traceback.print_exc()
                    errors += 1
            wins, _ = tally(rows)
            steps = sum(r[2] for r in rows) / max(1, len(rows))
            out["random"][sc] = {"games": args.random, "errors": errors,
                                 "outcomes": {str(k): v for k, v in wins.items()}, "answers_per_game": steps,
                                 "seconds": time.perf_counter() - t}
            print(f"random {sc}: {args.random} games, {errors} errors; outcomes {wins}; {steps:.0f} answers each; "
                  f"{time.perf_counter() - t:.1f} s", file=sys.stderr)
        if args.bot:
            t = time.perf_counter()
            rows = []
            for seed in range(args.bot):
                agents = {side: make_agent(GAME_ID, "heuristic", side, seed) for side in game.sides}
                rows.append(play(game, sc, 10_000 + seed, agents))
            wins, vp = tally(rows)
            res = {"games": args.bot, "draws": wins[None], "mean_vp": {k: v / args.bot for k, v in vp.items()},
                   "seconds": time.perf_counter() - t}
            for side in game.sides:
                lo, hi = wilson(wins[side], args.bot)
                res[side] = {"wins": wins[side], "rate": wins[side] / args.bot, "interval": [lo, hi]}
            out["bot"][sc] = res
            print(f"bot v bot {sc}: Japan {wins['japan']} ({res['japan']['rate']:.0%} "
                  f"[{res['japan']['interval'][0]:.0%}, {res['japan']['interval'][1]:.0%}]), USA {wins['usa']} "
                  f"({res['usa']['rate']:.0%} [{res['usa']['interval'][0]:.0%}, {res['usa']['interval'][1]:.0%}]), "
                  f"draws {wins[None]}; mean VP Japan {vp['japan'] / args.bot:.1f}, USA {vp['usa'] / args.bot:.1f}; "
                  f"{time.perf_counter() - t:.1f} s", file=sys.stderr)
        if args.vs_random:
            res = {}
            for side in game.sides:
                rows = []
                for seed in range(args.vs_random):
                    agents = {side: make_agent(GAME_ID, "heuristic", side, seed)}
                    rows.append(play(game, sc, 20_000 + seed, agents))
                wins, _ = tally(rows)
                lo, hi = wilson(wins[side], args.vs_random)
                res[side] = {"games": args.vs_random, "wins": wins[side], "draws": wins[None], "interval": [lo, hi]}
                print(f"bot ({side}) v random {sc}: wins {wins[side]}/{args.vs_random} [{lo:.0%}, {hi:.0%}], "
                      f"draws {wins[None]}", file=sys.stderr)
            out["vs_random"][sc] = res
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--random", type=int, default=1000, help="random games per scenario (0: none)")
    ap.add_argument("--bot", type=int, default=200, help="bot-vs-bot games per scenario (0: none)")
    ap.add_argument("--vs-random", type=int, default=0, help="bot-vs-random games per scenario and side (0: none)")
    ap.add_argument("--scenario", action="append", help="a scenario id (repeatable); default: all ten")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    res = run(args)
    if args.json:
        print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
