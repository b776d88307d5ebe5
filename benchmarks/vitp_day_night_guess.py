"""Benchmark (not a test): does the Allies' search answer 7.3's day-or-night better when its samples guess Japan's
hidden pick as the action Japan's forces favour (sampler.LIKELY 0.8) than with a fair coin (0.5)?

    .venv/bin/python benchmarks/vitp_day_night_guess.py [--seeds 0-9] [--every 4] [--playouts 20]
        [--likely 0.5,0.8] [--out FILE]

Same states, two ways: the Allied day-or-night decisions of seeded heuristic-against-heuristic games (every
--every-th), each answered by `ismcts-easy` (untimed, the same agent seed) under each of the two --likely values.
Where the answers differ, the game is played on from the true state --playouts times after each answer with the
heuristic on both sides and shared dice (`kaisen.analysis.overrules.paired_values`); the difference of the Allies'
results (second minus first) is that decision's gain. Prints one JSON line per decision and the sum of the gains
with its standard error (the errors of the decisions added in quadrature)."""
from __future__ import annotations

import argparse
import json
import math

from kaisen.agents.base import make_agent
from kaisen.agents.ismcts import mean_and_error
from kaisen.analysis.overrules import paired_values
from kaisen.analysis.simulate import play_one
from kaisen.games.victory_in_the_pacific import sampler
from kaisen.registry import get_game

GAME = get_game("victory-in-the-pacific")     # through the registry, which names the ismcts levels


def decisions(seeds: range, every: int) -> list:
    """(seed, state, decision, the heuristic's answer) at every `every`-th Allied day-or-night decision."""
    out = []
    for seed in seeds:
        count = 0

        def watch(state, decision, agent, answer):
            nonlocal count
            if decision.kind == "day-or-night" and decision.side == "allies":
                count += 1
                if count % every == 0:
                    out.append((seed, GAME.copy(state), decision, answer))
        play_one(GAME, {side: "heuristic" for side in GAME.sides}, seed, untimed=True, watch=watch)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0-9", help="first-last game seeds")
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=20)
    ap.add_argument("--likely", default="0.5,0.8", help="the two values of sampler.LIKELY compared")
    ap.add_argument("--out")
    a = ap.parse_args()
    first, last = (int(x) for x in a.seeds.split("-"))
    likely = [float(x) for x in a.likely.split(",")]
    kept = sampler.LIKELY
    rows, gains, errors = [], [], []
    for i, (seed, s, dec, heur) in enumerate(decisions(range(first, last + 1), a.every)):
        answers = []
        for p in likely:
            sampler.LIKELY = p
            agent = make_agent(GAME.id, "ismcts-easy", "allies", 1000 + i)
            agent.untimed()
            answers.append(agent.choose(GAME.view(s, "allies"), dec))
        sampler.LIKELY = kept
        row = {"i": i, "seed": seed, "turn": s.turn, "heuristic": heur, "answers": answers,
               "japan": s.combat.choice["japan"]}
        if answers[0] != answers[1]:
            before, after = paired_values(GAME, s, tuple(answers), "allies", a.playouts, f"dn{i}")
            gain, err = mean_and_error([y - x for x, y in zip(before, after)])
            row["gain"], row["error"] = gain, err
            gains.append(gain)
            errors.append(err)
        rows.append(row)
        print(json.dumps(row), flush=True)
    total = {"likely": likely, "decisions": len(rows), "differ": len(gains), "gain": sum(gains),
             "error": math.sqrt(sum(e * e for e in errors)),
             "heuristic_kept": [sum(r["answers"][k] == r["heuristic"] for r in rows) for k in (0, 1)]}
    print(json.dumps(total))
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"total": total, "decisions": rows}, f, indent=1)


if __name__ == "__main__":
    main()
