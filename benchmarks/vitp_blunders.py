"""Benchmark (not a test): counts of the Victory in the Pacific heuristic's issue-15 blunders over seeded games.

    .venv/bin/python benchmarks/vitp_blunders.py heuristic heuristic [--games 100] [--seed 1000] [--jobs 2]
    .venv/bin/python benchmarks/vitp_blunders.py old heuristic --old-ai /tmp/old_ai.py    # an earlier ai.py

The two agents play Japan and the Allies (heuristic, random, or "old": the HeuristicAgent of the file given with
--old-ai, e.g. `git show <commit>:src/kaisen/games/victory_in_the_pacific/ai.py > /tmp/old_ai.py`). Game i uses
seed + i. Counted for the sides played by a heuristic, per game: repair points used at each port (11.2x),
damaged ships sent home to each port (10.1), fleeing groups that could be pursued and were (8.32), pursuit
decisions answered "pursue", day-or-night choices against land-based air alone while holding airstrikes (7.422)
and the night picked there, decisions, wins and the mean POC standing (+ Allies)."""
from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from kaisen.engine import testing
from kaisen.games.victory_in_the_pacific import GAME
from kaisen.games.victory_in_the_pacific.ai import Board, HeuristicAgent, spec

import old_heuristic

FOE = {"japan": "allies", "allies": "japan"}


def agent(kind: str, side: str, seed: int, old_ai: str | None):
    """A registered agent, this checkout's heuristic, or "old" (old_heuristic.agent)."""
    return old_heuristic.agent(GAME.id, HeuristicAgent, kind, side, seed, old_ai)


def one(job: tuple[str, str, int, str | None]) -> Counter:
    japan, allies, seed, old_ai = job
    c: Counter = Counter()
    agents = {"japan": agent(japan, "japan", seed, old_ai), "allies": agent(allies, "allies", seed, old_ai)}
    heur = {s for s, k in (("japan", japan), ("allies", allies)) if k != "random"}
    offered, chased = set(), set()

    def hook(m, d, v, a):
        c["decisions"] += 1
        if d.side not in heur:
            return
        s = d.side
        f = next(o for o in d.options if o.id == a).fields
        verb = f.get("verb")
        if verb == "repair":
            c[f"{s}: repair points used at {f.get('port')}"] += 1
        if d.kind == "return-to-port" and verb == "move" and spec(f["unit"]).kind == "ship" \
                and v["units"][f["unit"]]["damage"]:
            c[f"{s}: damaged ships sent home"] += 1
            c[f"{s}: damaged ships sent to {f['port']}"] += 1
        if d.kind == "pursuit":
            cb = v["combat"]
            for o in d.options:
                if o.get("verb") == "pursue":
                    key = (v["turn"], cb["area"], cb.get("round"), o.get("group"))
                    offered.add(key)
                    if o.id == a:
                        chased.add(key)
            if any(o.get("verb") == "pursue" for o in d.options):
                c[f"{s}: pursuit decisions"] += 1
                c[f"{s}: pursuit decisions answered pursue"] += verb == "pursue"
        if d.kind == "day-or-night":
            b = Board(v, s)
            theirs, mine = b.fighting(FOE[s]), b.fighting(s)
            if theirs and all(spec(u).kind == "lba" for u in theirs) and any(spec(u).airstrike > 0 for u in mine):
                c[f"{s}: rounds against air alone, holding airstrikes"] += 1
                c[f"{s}: ... night asked"] += verb == "night"

    m = testing.play_agents(GAME, agents, seed, hook)
    end = m.pause()
    c["games"] += 1
    c[f"wins: {end.winner}"] += 1
    c["POC standing (+ Allies)"] += end.score
    c["fleeing groups that could be pursued"] += len(offered)
    c["... pursued"] += len(chased)
    return c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("japan", help="heuristic, random or old")
    ap.add_argument("allies", help="heuristic, random or old")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1000, help="game i uses seed + i")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--old-ai", default=None, help="path of an earlier ai.py for the agent 'old'")
    a = ap.parse_args()
    started = time.perf_counter()
    total: Counter = Counter()
    jobs = [(a.japan, a.allies, a.seed + i, a.old_ai) for i in range(a.games)]
    with ProcessPoolExecutor(a.jobs) as ex:
        for c in ex.map(one, jobs):
            total.update(c)
    n = total["games"]
    print(f"{a.japan} (Japan) against {a.allies} (Allies): {n} games, seeds {a.seed}-{a.seed + n - 1}, "
          f"{time.perf_counter() - started:.0f} s")
    for k in sorted(total):
        print(f"  {k:55s} {total[k]:8d}   per game {total[k] / n:8.2f}")


if __name__ == "__main__":
    main()
