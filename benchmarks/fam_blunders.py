"""Benchmark (not a test): count the Fury at Midway heuristic's known blunders over seeded games (issue 15).

    .venv/bin/python benchmarks/fam_blunders.py [--agents heuristic,heuristic] [--games 400] [--seed 0]
    .venv/bin/python benchmarks/fam_blunders.py --agents old,heuristic --old-ai /tmp/old_ai.py

Agents, Japan first: registered names (heuristic, random), or "old": the HeuristicAgent of an earlier ai.py
given with --old-ai (`git show <commit>:src/kaisen/games/fury_at_midway/ai.py > /tmp/old_ai.py`). Game i uses
seed+i for the dice, its agents seeded as `kaisen simulate` seeds them. Read from the full state after each answer (an analysis, not an agent):
- Japanese DMCVs that left the map by turn 3, and the US Day 1 wins that counting its carrier would have denied
  (4.1 counts carriers afloat on the map);
- strike groups launched with no enemy fleet (or Midway, for a Midway strike) within two hexes plus the
  group's allowance of the launch hex (8.4(1), 8.5(2)-(3)), by origin, and how many attacked;
- turns in which a side ended its movement with two fleets in one hex (6.1(2));
- CSF plots by day that stayed put while the 1AF was gone and the Invasion Force or the Japanese DMCV was on the
  map more than four hexes away.
"""
from __future__ import annotations

import argparse
import collections

from kaisen.engine.core import Decision, End
from kaisen.engine.match import Match
from kaisen.games.fury_at_midway import GAME

import old_heuristic

D = GAME.data
FLEETS = {"japan": ("1af", "mif", "ijn-dmcv"), "usa": ("csf", "us-dmcv")}
FOE = {"japan": "usa", "usa": "japan"}


def agent(name: str, side: str, seed: int, old_ai: str | None):
    """A registered agent, this checkout's heuristic, or "old" (old_heuristic.agent)."""
    from kaisen.games.fury_at_midway.ai import HeuristicAgent
    return old_heuristic.agent(GAME.id, HeuristicAgent, name, side, seed, old_ai)


def afloat_on_map(s, side: str) -> int:
    """4.1's count: carriers of `side` not sunk or towed whose fleet (main fleet or DMCV) is on the map."""
    dmcv = "ijn-dmcv" if side == "japan" else "us-dmcv"
    main = "1af" if side == "japan" else "csf"
    return sum(1 for k, sp in D.carriers.items()
               if sp.side == side and sp.kind == "carrier" and k not in s.sunk and k not in s.towed
               and s.on_map(dmcv if s.dmcv.get(side) == k else main))


def in_reach(s, g) -> bool:
    ma = min(D.aircraft[D.squadrons[q].type].ma for q in g.units)
    targets = [D.midway.hex] if g.midway_strike else [s.fleet[f] for f in FLEETS[FOE[g.side]] if s.on_map(f)]
    return any(D.hex_distance(g.launch_hex, h) <= 2 + ma for h in targets)


def prey_far(s) -> bool:
    """The Invasion Force or the Japanese DMCV is on the map, the nearer more than four hexes from the CSF."""
    ds = [D.hex_distance(s.fleet["csf"], s.fleet[f]) for f in ("mif", "ijn-dmcv") if s.on_map(f)]
    return bool(ds) and min(ds) > 4


def play(agents: dict[str, str], seed: int, c: collections.Counter, old_ai: str | None) -> None:
    m = Match(GAME, seed=seed)
    bots = {side: agent(name, side, seed * 31 + i, old_ai) for i, (side, name) in enumerate(agents.items())}
    groups: dict[tuple, dict] = {}
    stacked, jdmcv_off = set(), None
    while not isinstance(p := m.pause(), End):
        if not isinstance(p, Decision):
            m.roll()
            continue
        s = m.state
        answer = bots[p.side].choose(GAME.view(s, p.side), p)
        if (p.kind == "plot-move" and p.options[0].fields["fleet"] == "csf" and not s.plot.get("csf")
                and answer == "end" and s.fleet["1af"] in ("gone", "exited")
                and prey_far(s) and not D.turn(s.turn).night):
            c["csf stays put with the 1AF gone"] += 1
        m.answer(answer, p)
        s = m.state
        for gid, g in s.groups.items():
            key = (gid, g.units, g.launch_hex, g.side)
            if key not in groups:
                origin = "midway strike" if g.midway_strike else g.origin
                groups[key] = {"tag": f"{g.side} {origin}", "reach": in_reach(s, g), "attacked": False}
        if s.attack is not None:
            for key, r in groups.items():
                if key[0] == s.attack.gid and key[3] == s.attack.side:
                    r["attacked"] = True
        if p.kind in ("air-operation", "ready-aircraft"):
            for side, fl in FLEETS.items():
                hexes = [s.fleet[f] for f in fl if s.on_map(f)]
                if len(hexes) != len(set(hexes)):
                    stacked.add((s.turn, side))
        if jdmcv_off is None and s.fleet.get("ijn-dmcv") == "exited":
            jdmcv_off = s.turn
    end, s = m.pause(), m.state
    c["games"] += 1
    c[f"wins {end.winner}"] += 1
    if s.turn == D.victory.day1_turn:
        c[f"Day 1 wins {end.winner}"] += 1
    if jdmcv_off is not None and jdmcv_off <= D.victory.day1_turn:
        c["Japanese DMCV off the map by turn 3"] += 1
        j, u = afloat_on_map(s, "japan"), afloat_on_map(s, "usa")
        if s.turn == D.victory.day1_turn and end.winner == "usa" and s.dmcv["japan"] not in s.sunk \
                and u < D.victory.day1_ratio * (j + 1):
            c["US Day 1 wins the DMCV's carrier would have denied"] += 1
    for _, side in stacked:
        c[f"turns with two {side} fleets in one hex"] += 1
    for r in groups.values():
        c[f"{r['tag']} strikes launched"] += 1
        c[f"{r['tag']} strikes that attacked"] += r["attacked"]
        c[f"{r['tag']} strikes launched out of reach"] += not r["reach"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", default="heuristic,heuristic", help="Japan's agent, the US's agent")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--old-ai", default=None, help="path of an earlier ai.py for the agent 'old'")
    a = ap.parse_args()
    agents = dict(zip(GAME.sides, a.agents.split(",")))
    c: collections.Counter = collections.Counter()
    for i in range(a.games):
        play(agents, a.seed + i, c, a.old_ai)
    print(f"Fury at Midway, {a.games} games from seed {a.seed}: Japan {agents['japan']}, US {agents['usa']}")
    for k in sorted(c):
        print(f"  {k}: {c[k]}")


if __name__ == "__main__":
    main()
