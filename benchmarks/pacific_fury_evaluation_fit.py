"""Refit Pacific Fury's evaluation weights (SCALE, SHIFT, LANDING, FLEET: evaluation.py) by cross-entropy on the
decision states of seeded heuristic-against-heuristic games, and score them on other games (issue 15).

    .venv/bin/python benchmarks/pacific_fury_evaluation_fit.py [--train 1500] [--test 700] [--share 0.1]

Needs numpy and scipy (`pip install -e '.[bench]'`). The terms come from `evaluation.terms`, the code the game
scores with, so the fit and the evaluation cannot drift apart; only the weights are fitted. It prints the weights
now in evaluation.py, the fitted ones, and each one's log-loss on the test games beside the marker alone's and a
coin's. Train seeds 30000.., test seeds 40000.. (evaluation.py quotes a run of the defaults).
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from kaisen.analysis.simulate import play_one  # noqa: E402
from kaisen.games.pacific_fury import GAME, evaluation  # noqa: E402


def sample(games: int, seed: int, share: float) -> tuple[np.ndarray, np.ndarray]:
    """The terms of a share of the decision states of seeded heuristic games, and the US's result in each."""
    rows, ys = [], []
    for i in range(games):
        pick = random.Random(f"{seed + i}:fit")
        found = []

        def watch(state, decision, agent, answer):
            if pick.random() < share:
                found.append(evaluation.terms(GAME.data, state))
        r = play_one(GAME, {"japan": "heuristic", "usa": "heuristic"}, seed + i, untimed=True, watch=watch)
        y = 0.5 if r.end.winner is None else float(r.end.winner == "usa")
        rows += found
        ys += [y] * len(found)
    return np.array(rows, dtype=float), np.array(ys)


def loss(w, x: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of the evaluation with weights w (SCALE, SHIFT, LANDING, FLEET)."""
    scale, shift, landing, fleet = w
    lead = x[:, 0] + shift * x[:, 1] + landing * x[:, 2] + fleet * x[:, 3]
    z = np.clip(scale * lead / np.sqrt(x[:, 4] + evaluation.FLOOR), -evaluation.CLAMP, evaluation.CLAMP)
    p = 1 / (1 + np.exp(-z))
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train", type=int, default=1500)
    ap.add_argument("--test", type=int, default=700)
    ap.add_argument("--share", type=float, default=0.1)
    a = ap.parse_args()
    xtr, ytr = sample(a.train, 30000, a.share)
    xte, yte = sample(a.test, 40000, a.share)
    now = evaluation.WEIGHTS
    fit = minimize(lambda w: loss(w, xtr, ytr), now, method="Nelder-Mead", options={"maxiter": 4000}).x
    marker = minimize(lambda w: loss([w[0], 0, 0, 0], xtr, ytr), [1.0], method="Nelder-Mead").x[0]
    print(f"states: {len(ytr)} train ({a.train} games), {len(yte)} test ({a.test} games)")
    print(f"weights now    {tuple(now)}: test log-loss {loss(now, xte, yte):.4f}")
    print(f"fitted         {tuple(round(float(v), 3) for v in fit)}: test log-loss {loss(fit, xte, yte):.4f}")
    print(f"marker alone   scale {marker:.3f}: test log-loss {loss([marker, 0, 0, 0], xte, yte):.4f}")
    print(f"coin           {math.log(2):.4f}")


if __name__ == "__main__":
    main()
