"""Benchmark (not a test): how well each game's `evaluate` predicts who wins, on the states its search scores
(issue 15: the rollouts are cut and scored by it, so a stale evaluation steers every search level wrong).

    .venv/bin/python benchmarks/evaluation_fit.py [--game pacific-fury] [--scenario ID] [--games 300]
        [--seed 50000] [--share 0.1] [--json]

For every registered game (or each --game given): --games seeded heuristic-against-heuristic games (the policy of
the rollouts), a share --share of their decision states drawn at random, each scored by `evaluate` for the game's
first side and set against the game's result (1 a win, 0 a loss, 0.5 a draw). It prints the cross-entropy
(log-loss) of the evaluation, of a constant at the first side's mean result (what knowing nothing about the state
gives), and of a coin (0.693), and a calibration table: predicted chance in tenths against the mean result there.
An evaluation worth its place scores below the constant; one above it misleads a search more than it helps.
The games differ from the seeds a game's fit was made on (its evaluation.py says which).

    .venv/bin/python benchmarks/evaluation_fit.py --fit --game pacific-fury [--scenario ID ...] [--games 1500]
        [--test 700]

refits the weights of a game whose evaluation module names them (`WEIGHTS`, `WEIGHT_NAMES`, `REFERENCE`, the
side `terms(data, state)` count toward and `chance(terms, weights)` gives the chance of): cross-entropy over the
sampled states of --games heuristic games (seeds 30000..), each --scenario given in turn (default: the game's
default), minimised by Nelder-Mead from the weights in use; then both are scored on --test other games (seeds
40000..). The terms are the game's own code, so the fit and the evaluation cannot drift apart. Needs numpy and
scipy (`pip install -e '.[bench]'`).
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from kaisen.analysis.simulate import play_one  # noqa: E402
from kaisen.registry import GAMES, get_game  # noqa: E402

EPS = 1e-12


def result_for(end, side: str) -> float:
    """`side`'s result: 1 a win, 0 a loss, 0.5 a draw."""
    return 0.5 if end.winner is None else 1.0 if end.winner == side else 0.0


def states(game, games: int, seed: int, share: float, scenario: str | None):
    """(state, first side's result) for a random share of the decision states of seeded heuristic games."""
    side = game.sides[0]
    out = []
    for i in range(games):
        pick = random.Random(f"{seed + i}:fit")
        found = []

        def watch(state, decision, agent, answer):
            if pick.random() < share:
                found.append(game.copy(state))
        r = play_one(game, {s: "heuristic" for s in game.sides}, seed + i, scenario, untimed=True, watch=watch)
        y = result_for(r.end, side)
        out += [(s, y) for s in found]
    return out


def cross_entropy(pairs) -> float:
    """Mean log-loss of predictions p against results y in [0, 1]."""
    return -sum(y * math.log(max(p, EPS)) + (1 - y) * math.log(max(1 - p, EPS)) for p, y in pairs) / len(pairs)


def measure(game_id: str, games: int, seed: int, share: float, scenario: str | None) -> dict:
    game = get_game(game_id)
    side = game.sides[0]
    rows = states(game, games, seed, share, scenario)
    pred = [(game.evaluate(s, side), y) for s, y in rows]
    mean = sum(y for _, y in rows) / len(rows)
    bins = {}
    for p, y in pred:
        b = bins.setdefault(min(9, int(p * 10)), [0, 0.0, 0.0])
        b[0] += 1
        b[1] += p
        b[2] += y
    return {"game": game_id, "scenario": game.scenario(scenario).id, "games": games, "seed": seed,
            "states": len(rows), "side": side, "mean_result": mean,
            "log_loss": {"evaluate": cross_entropy(pred), "constant": cross_entropy([(mean, y) for _, y in rows]),
                         "coin": math.log(2)},
            "calibration": [{"bin": f"{k / 10:.1f}-{(k + 1) / 10:.1f}", "states": n, "predicted": sp / n,
                             "observed": sy / n} for k, (n, sp, sy) in sorted(bins.items())]}


def module_of(game):
    """The game's evaluation module, when it names its weights for a fit (else None)."""
    try:
        mod = importlib.import_module(f"{type(game).__module__.rsplit('.', 1)[0]}.evaluation")
    except ImportError:
        return None
    return mod if all(hasattr(mod, k) for k in ("WEIGHTS", "WEIGHT_NAMES", "REFERENCE", "terms", "chance")) else None


def fit(game_id: str, scenarios: list[str | None], games: int, test: int, share: float) -> dict:
    """Refit the weights of a game's evaluation (module docstring): weights in use and fitted, with test log-loss."""
    import numpy as np                      # the bench extra: only a fit needs them
    from scipy.optimize import minimize

    game = get_game(game_id)
    mod = module_of(game)
    if mod is None:
        raise SystemExit(f"{game_id}'s evaluation names no weights to fit (WEIGHTS, chance, terms, REFERENCE)")

    def sample(seed: int, n: int):
        rows, ys = [], []
        for sc in scenarios:
            for s, y in states(game, n, seed, share, sc):
                rows.append(tuple(mod.terms(game.data, s)))
                ys.append(y if mod.REFERENCE == game.sides[0] else 1.0 - y)
        return rows, np.array(ys)

    train, ytr = sample(30000, games)
    held, yte = sample(40000, test)

    def loss(w, rows, ys) -> float:
        p = np.clip(np.array([mod.chance(r, tuple(w)) for r in rows]), EPS, 1 - EPS)
        return float(-np.mean(ys * np.log(p) + (1 - ys) * np.log(1 - p)))
    now = tuple(mod.WEIGHTS)
    got = minimize(lambda w: loss(w, train, ytr), now, method="Nelder-Mead",
                   options={"maxiter": 3000, "xatol": 1e-3, "fatol": 1e-6}).x
    mean = float(np.mean(yte))
    return {"game": game_id, "scenarios": [game.scenario(sc).id for sc in scenarios], "train_states": len(train),
            "test_states": len(held), "names": list(mod.WEIGHT_NAMES), "weights_now": list(now),
            "weights_fitted": [round(float(v), 4) for v in got],
            "test_log_loss": {"now": loss(now, held, yte), "fitted": loss(got, held, yte),
                              "constant": cross_entropy([(mean, y) for y in yte]), "coin": math.log(2)}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES))
    ap.add_argument("--scenario", action="append")
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--test", type=int, default=700)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seed", type=int, default=50000)
    ap.add_argument("--share", type=float, default=0.1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    a.games = a.games or (1500 if a.fit else 300)
    if a.games < 1 or a.test < 1 or not 0 < a.share <= 1:
        ap.error("--games and --test must be at least 1 and --share in (0, 1]")
    if a.fit:
        if not a.game or len(a.game) != 1:
            ap.error("--fit refits one game's weights: name it with --game")
        r = fit(a.game[0], a.scenario or [None], a.games, a.test, a.share)
        if a.json:
            print(json.dumps(r, indent=1))
            return
        ll = r["test_log_loss"]
        print(f"{r['game']} ({', '.join(r['scenarios'])}): {r['train_states']} train states, "
              f"{r['test_states']} test states")
        print(f"  weights now    {dict(zip(r['names'], r['weights_now']))}: test log-loss {ll['now']:.4f}")
        print(f"  fitted         {dict(zip(r['names'], r['weights_fitted']))}: test log-loss {ll['fitted']:.4f}")
        print(f"  constant {ll['constant']:.4f}   coin {ll['coin']:.4f}")
        return
    results = []
    for g in a.game or list(GAMES):
        for sc in a.scenario or [None]:
            results.append(measure(g, a.games, a.seed, a.share, sc))
        if not a.json:
            r = results[-1]
            ll = r["log_loss"]
            print(f"\n{r['game']} ({r['scenario']}): {r['states']} states of {r['games']} heuristic games, "
                  f"{r['side']}'s mean result {r['mean_result']:.3f}")
            print(f"  log-loss: evaluate {ll['evaluate']:.4f}   constant {ll['constant']:.4f}   coin {ll['coin']:.4f}")
            for b in r["calibration"]:
                print(f"  predicted {b['bin']}: {b['states']:6d} states, mean predicted {b['predicted']:.3f}, "
                      f"observed {b['observed']:.3f}")
    if a.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
