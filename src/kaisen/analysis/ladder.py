"""The ladder: every agent against every other on both sides over seeded games, with win rates, 95% intervals
and the time each agent takes per decision."""
from __future__ import annotations

import math
import multiprocessing
import subprocess
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from itertools import combinations
from pathlib import Path
from typing import Any, Callable, Iterator

from kaisen.agents.base import agent_names
from kaisen.analysis.simulate import play_one, wilson
from kaisen.engine.core import Game, IllegalAction
from kaisen.registry import get_game

HUMAN = "human"

# one game to play: game id, scenario, options, {side: agent}, seed, untimed (search agents without a time limit)
Job = tuple[str, str, dict[str, Any], dict[str, str], int, bool]
# what it gave: the winning side (None: a draw) and the seconds of each `choose` call per side
Outcome = tuple[str | None, dict[str, list[float]]]


def default_agents(game: Game) -> list[str]:
    """Every agent the game has: random, heuristic, then the others in `agent_names`' order (levels from easy to
    hard; load the game with get_game first: it registers the game's agents)."""
    names = agent_names(game.id)
    first = [n for n in ("random", "heuristic") if n in names]
    return first + [n for n in names if n not in first]


def check_ladder(game: Game, agents: list[str], games: int, jobs: int = 1) -> None:
    """Refuse a ladder that cannot be played, before any game starts."""
    known = default_agents(game)
    given = ",".join(agents)
    if len(game.sides) != 2:
        raise IllegalAction("ladder", f"the ladder seats two sides; {game.id} has {len(game.sides)}", game.id,
                            "a two-sided game")
    if HUMAN in agents:
        raise IllegalAction("ladder", "ladder plays the computer's agents; a human plays with `kaisen play`",
                            given, known)
    for name in agents:
        if name not in known:
            raise IllegalAction("ladder", f"unknown agent for {game.id}", name, known)
    if len(set(agents)) != len(agents):
        raise IllegalAction("ladder", "each agent is listed once", given, known)
    if len(agents) < 2:
        raise IllegalAction("ladder", "a ladder needs at least two agents", given, known)
    if games < 1:
        raise IllegalAction("ladder", "the number of games must be at least 1", games, ">= 1")
    if jobs < 1:
        raise IllegalAction("ladder", "the number of worker processes must be at least 1", jobs, ">= 1")


@dataclass
class Tally:
    """Wins and draws of one pairing with one side assignment."""

    a: str
    b: str
    a_side: str
    b_side: str
    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    seats: dict[str, str] = field(default_factory=dict)


def pairings(game: Game, agents: list[str]) -> list[Tally]:
    """For every pair in ladder order, the earlier agent on the first side, then on the second."""
    first, second = game.sides
    out = []
    for a, b in combinations(agents, 2):
        out.append(Tally(a, b, first, second, seats={first: a, second: b}))
        out.append(Tally(a, b, second, first, seats={first: b, second: a}))
    return out


def play_job(job: Job) -> Outcome:
    """Play one seated game (a worker process rebuilds the game from its id)."""
    game_id, scenario, options, seats, seed, untimed = job
    times: dict[str, list[float]] = {}
    result = play_one(get_game(game_id), seats, seed, scenario, options, times, untimed)
    return result.end.winner, times


def outcomes(game: Game, jobs_list: list[Job], workers: int) -> Iterator[Outcome]:
    """The outcomes in the order of the jobs, played here or in `workers` spawned processes."""
    if workers <= 1:
        for game_id, scenario, options, seats, seed, untimed in jobs_list:
            times: dict[str, list[float]] = {}
            result = play_one(game, seats, seed, scenario, options, times, untimed)
            yield result.end.winner, times
        return
    with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs_list))) as pool:
        yield from pool.imap(play_job, jobs_list, chunksize=1)


def p95(values: list[float]) -> float:
    """The 95th percentile by nearest rank (the smallest value at or above 95% of them)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def git_commit() -> str | None:
    """The short commit of the checkout this code runs from, or None outside a git checkout."""
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).parent,
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return (done.stdout.strip() or None) if done.returncode == 0 else None


def ladder(game: Game, agents: list[str], games: int, seed: int = 0, scenario: str | None = None,
           options: dict[str, Any] | None = None, jobs: int = 1,
           progress: Callable[[int], None] | None = None, untimed: bool = False) -> dict[str, Any]:
    """Play the ladder (game i of every pairing uses seed + i) and summarise it in the README's --json format.
    `untimed`: the search levels stop on their iterations alone, so the results depend on the seeds only."""
    check_ladder(game, agents, games, jobs)
    sc = game.scenario(scenario)
    opts = game.resolve_options(options)
    tallies = pairings(game, agents)
    jobs_list: list[Job] = [(game.id, sc.id, opts, t.seats, seed + i, untimed) for t in tallies
                            for i in range(games)]
    times: dict[str, list[float]] = {name: [] for name in agents}
    started = time.perf_counter()
    for done, (winner, seconds) in enumerate(outcomes(game, jobs_list, jobs), 1):
        tally = tallies[(done - 1) // games]
        tally.games += 1
        if winner is None:
            tally.draws += 1
        elif winner == tally.a_side:
            tally.a_wins += 1
        else:
            tally.b_wins += 1
        for side, values in seconds.items():
            times[tally.seats[side]].extend(values)
        if progress:
            progress(done)
    return {
        "game": game.id, "scenario": sc.id, "seed": seed, "games": games, "agents": list(agents), "untimed": untimed,
        "pairings": [pairing_row(t) for t in tallies],
        "totals": [total_row(a, b, [t for t in tallies if (t.a, t.b) == (a, b)])
                   for a, b in combinations(agents, 2)],
        "timing": {name: timing_row(values) for name, values in times.items()},
        "seconds": round(time.perf_counter() - started, 3),
        "commit": git_commit(),
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z"),
    }


def pairing_row(t: Tally) -> dict[str, Any]:
    return {"a": t.a, "b": t.b, "a_side": t.a_side, "b_side": t.b_side, "games": t.games, "a_wins": t.a_wins,
            "b_wins": t.b_wins, "draws": t.draws, "a_win_rate": t.a_wins / t.games,
            "a_ci": list(wilson(t.a_wins, t.games))}


def total_row(a: str, b: str, both: list[Tally]) -> dict[str, Any]:
    n = sum(t.games for t in both)
    wins = sum(t.a_wins for t in both)
    return {"a": a, "b": b, "games": n, "a_wins": wins, "draws": sum(t.draws for t in both),
            "a_win_rate": wins / n, "a_ci": list(wilson(wins, n))}


def timing_row(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"decisions": 0, "mean_s": None, "p95_s": None}
    return {"decisions": len(values), "mean_s": sum(values) / len(values), "p95_s": p95(values)}


# -- the text report -----------------------------------------------------------------------------------------
def duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds >= 1:
        return f"{seconds:.3g} s"
    return f"{seconds * 1000:.3g} ms" if seconds >= 0.001 else f"{seconds * 1e6:.3g} µs"


def matrix(summary: dict[str, Any]) -> list[list[str]]:
    """Rows of the win-rate matrix: row agent against column agent, both sides together, with its interval."""
    agents = summary["agents"]
    cell: dict[tuple[str, str], str] = {}
    for t in summary["totals"]:
        lo, hi = t["a_ci"]
        cell[(t["a"], t["b"])] = f"{t['a_win_rate']:.0%} ({lo:.0%}-{hi:.0%})"
        b_wins = t["games"] - t["a_wins"] - t["draws"]
        lo, hi = wilson(b_wins, t["games"])
        cell[(t["b"], t["a"])] = f"{b_wins / t['games']:.0%} ({lo:.0%}-{hi:.0%})"
    return [[row] + [cell.get((row, col), "-") for col in agents] for row in agents]


def side_lines(summary: dict[str, Any], side_name: Callable[[str], str]) -> list[str]:
    """One line per pairing and side assignment: the record and the first agent's win rate."""
    out = []
    for p in summary["pairings"]:
        lo, hi = p["a_ci"]
        out.append(f"{p['a']} ({side_name(p['a_side'])}) vs {p['b']} ({side_name(p['b_side'])}): "
                   f"{p['a_wins']}-{p['b_wins']}, {p['draws']} drawn; {p['a']} wins {p['a_win_rate']:.1%} "
                   f"({lo:.1%}-{hi:.1%})")
    return out


def timing_lines(summary: dict[str, Any]) -> list[str]:
    """One line per agent: its decisions and the mean and p95 time of its choices."""
    return [f"{name}: {t['decisions']} decisions, mean {duration(t['mean_s'])}, p95 {duration(t['p95_s'])} "
            "per decision" for name, t in summary["timing"].items()]
