"""The ladder: every agent against every other on both sides over seeded games, with win rates, 95% intervals
and the time each agent takes per decision."""
from __future__ import annotations

import contextlib
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
from kaisen.analysis import search_stats
from kaisen.analysis.ladder_checkpoint import Checkpoint, Outcome
from kaisen.analysis.simulate import play_one, wilson
from kaisen.engine.core import Game, IllegalAction
from kaisen.registry import get_game

HUMAN = "human"

# one game to play: game id, scenario, options, {side: agent}, seed, untimed (search agents without a time limit)
Job = tuple[str, str, dict[str, Any], dict[str, str], int, bool]


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
    results: str = ""       # one letter a game in seed order: "a" or "b" the agent that won, "d" a draw


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
    return played(get_game(game_id), seats, seed, scenario, options, untimed)


def played(game: Game, seats: dict[str, str], seed: int, scenario: str, options: dict[str, Any],
           untimed: bool) -> Outcome:
    """One seated game's outcome: the winner, each side's seconds per decision, each searching side's tally."""
    times: dict[str, list[float]] = {}
    searches: dict[str, list[tuple[int, bool]]] = {}
    result = play_one(game, seats, seed, scenario, options, times, untimed, searches=searches)
    return result.end.winner, times, {side: search_stats.tally(r) for side, r in searches.items()}


def numbered_outcomes(game: Game, numbered: list[tuple[int, Job]], workers: int) -> Iterator[tuple[int, Outcome]]:
    """(number, outcome) of each numbered job as it finishes, played here (in order) or in `workers` spawned
    processes (in the order they finish, so that each is kept as soon as it is played)."""
    if workers <= 1 or len(numbered) <= 1:
        for number, (game_id, scenario, options, seats, seed, untimed) in numbered:
            yield number, played(game, seats, seed, scenario, options, untimed)
        return
    with multiprocessing.get_context("spawn").Pool(min(workers, len(numbered))) as pool:
        yield from pool.imap_unordered(play_numbered, numbered, chunksize=1)


def play_numbered(numbered: tuple[int, Job]) -> tuple[int, Outcome]:
    """`play_job` with the job's number kept beside its outcome."""
    return numbered[0], play_job(numbered[1])


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
           progress: Callable[[int], None] | None = None, untimed: bool = False,
           checkpoint: Path | None = None) -> dict[str, Any]:
    """Play the ladder (game i of every pairing uses seed + i) and summarise it in the README's --json format.
    `untimed`: the search levels stop on their iterations alone, so the results depend on the seeds only.
    `checkpoint`: a file that keeps each finished game; the games it already holds are not played again
    (`ladder_checkpoint`)."""
    check_ladder(game, agents, games, jobs)
    sc = game.scenario(scenario)
    opts = game.resolve_options(options)
    tallies = pairings(game, agents)
    jobs_list: list[Job] = [(game.id, sc.id, opts, t.seats, seed + i, untimed) for t in tallies
                            for i in range(games)]
    started = time.perf_counter()
    settings = {"game": game.id, "scenario": sc.id, "options": opts, "agents": list(agents), "games": games,
                "seed": seed, "untimed": untimed}
    commit = git_commit()
    with contextlib.ExitStack() as stack:
        kept = None if checkpoint is None else stack.enter_context(
            Checkpoint(checkpoint, settings, tuple(game.sides), len(tallies), commit))
        done: dict[int, Outcome] = dict(kept.done) if kept else {}
        resumed = len(done)
        if progress and done:
            progress(len(done))
        todo = [(i, job) for i, job in enumerate(jobs_list) if i not in done]
        for number, outcome in numbered_outcomes(game, todo, jobs):
            done[number] = outcome
            if kept:
                kept.add(number, outcome)
            if progress:
                progress(len(done))
    times: dict[str, list[float]] = {name: [] for name in agents}
    searches: dict[str, dict[str, list[search_stats.Tally]]] = {}
    for number in range(len(jobs_list)):
        winner, seconds, search = done[number]
        tally = tallies[number // games]
        tally.games += 1
        if winner is None:
            tally.draws += 1
        elif winner == tally.a_side:
            tally.a_wins += 1
        else:
            tally.b_wins += 1
        tally.results += RESULT[None if winner is None else winner == tally.a_side]
        for side, values in seconds.items():
            times[tally.seats[side]].extend(values)
        for side, t in (search or {}).items():
            searches.setdefault(tally.seats[side], {}).setdefault(side, []).append(t)
    summary = {
        "game": game.id, "scenario": sc.id, "seed": seed, "games": games, "agents": list(agents), "untimed": untimed,
        "pairings": [pairing_row(t) for t in tallies],
        "totals": total_rows(tallies, agents),
        "timing": {name: timing_row(values) for name, values in times.items()},
        # left out where a game kept by an older checkpoint has no count: a part's count would pass for all
        **({} if any(done[n][2] is None for n in done) else
           {"search": {name: search_stats.summary(searches[name]) for name in agents if name in searches}}),
        "seconds": round(time.perf_counter() - started, 3),
        "commit": commit,
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z"),
    }
    if kept is not None:
        summary["resumed"] = resumed        # games read from the checkpoint, played by an earlier run
        summary["played_at"] = kept.commits()
        if set(summary["played_at"]) != {commit or "unknown"}:
            summary["commit"] = None        # as a merge of parts played at other commits
    return summary


# a game's letter in a pairing's `results`: the first agent won (True), the second (False), drawn (None)
RESULT = {True: "a", False: "b", None: "d"}


def pairing_row(t: Tally) -> dict[str, Any]:
    row = {"a": t.a, "b": t.b, "a_side": t.a_side, "b_side": t.b_side, "games": t.games, "a_wins": t.a_wins,
           "b_wins": t.b_wins, "draws": t.draws, "a_win_rate": t.a_wins / t.games,
           "a_ci": list(wilson(t.a_wins, t.games))}
    if len(t.results) == t.games:
        row["results"] = t.results
    return row


def total_row(a: str, b: str, both: list[Tally]) -> dict[str, Any]:
    n = sum(t.games for t in both)
    wins = sum(t.a_wins for t in both)
    return {"a": a, "b": b, "games": n, "a_wins": wins, "draws": sum(t.draws for t in both),
            "a_win_rate": wins / n, "a_ci": list(wilson(wins, n))}


def total_rows(tallies: list[Tally], agents: list[str]) -> list[dict[str, Any]]:
    """`total_row` of every pair of agents, in ladder order."""
    return [total_row(a, b, [t for t in tallies if (t.a, t.b) == (a, b)]) for a, b in combinations(agents, 2)]


def timing_row(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"decisions": 0, "mean_s": None, "p95_s": None, "histogram": {}}
    return {"decisions": len(values), "mean_s": sum(values) / len(values), "p95_s": p95(values),
            "histogram": histogram(values)}


# Decision times are also kept as counts per bin, BINS_PER_DECADE bins to each tenfold of seconds (each bin 2.3%
# wide), so that ladders of disjoint seeds played apart can be merged (`merge`) with a p95 read off the bins.
BINS_PER_DECADE = 100


def time_bin(seconds: float) -> int:
    """The histogram bin of a time: bin k holds the times from 10**(k/100) up to 10**((k+1)/100) microseconds."""
    return math.floor(BINS_PER_DECADE * math.log10(max(seconds, 1e-9) * 1e6))


def histogram(values: list[float]) -> dict[str, int]:
    """Counts of the times per bin (`time_bin`), keyed by the bin number as text (a JSON object), bins in order."""
    return search_stats.counted((time_bin(v), 1) for v in values)



def histogram_p95(counts: dict[str, int]) -> float | None:
    """The nearest-rank 95th percentile as the upper edge of the bin holding it: never below the exact p95, and at
    most one bin (2.3%) above it. None for no times."""
    n = sum(counts.values())
    if not n:
        return None
    rank = max(1, math.ceil(0.95 * n))
    seen = 0
    for k in sorted(counts, key=int):
        seen += counts[k]
        if seen >= rank:
            return 10 ** ((int(k) + 1) / BINS_PER_DECADE) / 1e6
    raise AssertionError("unreachable: the ranks add up to n")


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


def timing_lines(summary: dict[str, Any], side_name: Callable[[str], str] = str) -> list[str]:
    """One line per agent: its decisions and the mean and p95 time of its choices; then one per searching agent:
    how much it searched (`search_stats.line`)."""
    return [f"{name}: {t['decisions']} decisions, mean {duration(t['mean_s'])}, p95 {duration(t['p95_s'])} "
            "per decision" for name, t in summary["timing"].items()] + [
        search_stats.line(name, rows, side_name) for name, rows in summary.get("search", {}).items()
        if rows["all"]["decisions"]]


# -- merging ladders played apart ------------------------------------------------------------------------------
SUMMARY_FIELDS = ("game", "scenario", "seed", "games", "agents", "untimed", "pairings", "totals", "timing",
                  "seconds", "commit", "date")


def _refuse(what: str, given: Any, allowed: Any) -> IllegalAction:
    return IllegalAction("ladder-merge", what, given, allowed)


def _count(value: Any, name: str, where: str) -> int:
    if type(value) is not int or value < 0:
        raise _refuse(f"{where}: {name} must be a whole number of at least 0", value, ">= 0")
    return value


def seed_ranges(summary: dict[str, Any]) -> list[tuple[int, int]]:
    """The seeds a ladder summary covers, as (first, last) ranges: a merged one lists them in `seeds`."""
    if "seeds" in summary:
        return [(int(a), int(b)) for a, b in summary["seeds"]]
    return [(summary["seed"], summary["seed"] + summary["games"] - 1)]


def _parts(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The runs a summary was made of: itself, or the parts a merged one lists."""
    if "parts" in summary:
        return list(summary["parts"])
    return [{k: summary[k] for k in ("seed", "games", "commit", "date", "seconds")}]


def _check_part(summary: Any, name: str) -> None:
    """Refuse a file that is not a ladder summary, naming what is missing or wrong."""
    if not isinstance(summary, dict):
        raise _refuse(f"{name} is not a ladder summary (a JSON object from `kaisen ladder --out`)",
                      type(summary).__name__, "a JSON object")
    missing = [k for k in SUMMARY_FIELDS if k not in summary]
    if missing:
        raise _refuse(f"{name} is not a ladder summary: it lacks {', '.join(missing)}", sorted(summary),
                      list(SUMMARY_FIELDS))
    if type(summary["seed"]) is not int:
        raise _refuse(f"{name}: seed must be a whole number", summary["seed"], "an integer")
    if _count(summary["games"], "games", name) < 1:
        raise _refuse(f"{name}: games must be at least 1", summary["games"], ">= 1")
    agents = summary["agents"]
    if not isinstance(agents, list) or len(agents) < 2 or not all(isinstance(a, str) for a in agents):
        raise _refuse(f"{name}: agents must be a list of at least two names", agents, "[name, name, ...]")
    if not isinstance(summary["pairings"], list) or not isinstance(summary["timing"], dict):
        raise _refuse(f"{name}: pairings must be a list and timing an object", type(summary["pairings"]).__name__,
                      "the format of `kaisen ladder --json`")
    for p in summary["pairings"]:
        if not isinstance(p, dict) or not {"a", "b", "a_side", "b_side", "games", "a_wins", "b_wins",
                                           "draws"} <= set(p):
            raise _refuse(f"{name}: a pairing lacks its agents, sides or counts", p,
                          "{a, b, a_side, b_side, games, a_wins, b_wins, draws, ...}")
        games = _count(p["games"], "a pairing's games", name)
        if _count(p["a_wins"], "a_wins", name) + _count(p["b_wins"], "b_wins", name) + \
                _count(p["draws"], "draws", name) != games:
            raise _refuse(f"{name}: a pairing's wins and draws do not add up to its games",
                          [p["a_wins"], p["b_wins"], p["draws"], games], "a_wins + b_wins + draws = games")
        results = p.get("results")
        if results is not None and not (isinstance(results, str) and len(results) == games
                                        and [results.count(c) for c in "abd"] == [p["a_wins"], p["b_wins"],
                                                                                  p["draws"]]):
            raise _refuse(f"{name}: a pairing's results must be one letter a game (a, b or d) matching its counts",
                          results, f"{games} letters: {p['a_wins']} a, {p['b_wins']} b, {p['draws']} d")
    for agent in agents:
        t = summary["timing"].get(agent)
        if not isinstance(t, dict) or "decisions" not in t:
            raise _refuse(f"{name}: timing lacks agent {agent}", sorted(summary["timing"]), agents)
        if _count(t["decisions"], f"{agent}'s decisions", name) and not all(
                isinstance(t.get(k), (int, float)) for k in ("mean_s", "p95_s")):
            raise _refuse(f"{name}: {agent}'s timing lacks its mean or p95 time", t, "{decisions, mean_s, p95_s}")
        hist = t.get("histogram")
        if hist is not None and (not isinstance(hist, dict) or sum(_count(c, "a histogram count", name)
                                                                   for c in hist.values()) != t["decisions"]
                                 or not all(k.lstrip("-").isdigit() for k in hist)):
            raise _refuse(f"{name}: {agent}'s histogram does not count its {t['decisions']} decisions in numbered bins",
                          hist, "{bin: count} adding up to decisions")
    search = summary.get("search")
    if search is not None and not (isinstance(search, dict) and set(search) <= set(agents) and all(
            isinstance(rows, dict) and "all" in rows and all(
                isinstance(r, dict) and search_stats.is_tally({"histogram": r.get("histogram"),
                                                               "by_time": r.get("by_time")})
                for r in rows.values()) for rows in search.values())):
        raise _refuse(f"{name}: search must give, for each agent that searched, a tally per side and for all",
                      str(search)[:80], '{agent: {side: {"histogram": {...}, "by_time": k, ...}, "all": {...}}}')


def merge(summaries: list[dict[str, Any]], names: list[str] | None = None) -> dict[str, Any]:
    """One ladder summary from ladders of the same game, scenario, agents and timing played over disjoint seeds
    (e.g. on several machines): the counts added, the rates and intervals worked out again, the time per decision
    merged (the mean exactly; the p95 read off the merged histograms, or where a part has none, the largest of the
    parts' p95, an upper bound). Merging ladders of seeds 0..k-1 and k..n-1 gives the counts of one of 0..n-1.
    `names` name the summaries in refusals (their files)."""
    names = names or [f"ladder {i + 1}" for i in range(len(summaries))]
    if len(summaries) < 2:
        raise _refuse("merging needs at least two ladder summaries", len(summaries), ">= 2")
    for summary, name in zip(summaries, names):
        _check_part(summary, name)
    first = summaries[0]
    for key in ("game", "scenario", "agents", "untimed"):
        for summary, name in zip(summaries[1:], names[1:]):
            if summary[key] != first[key]:
                raise _refuse(f"{name} differs from {names[0]} in {key}: only ladders of the same game, scenario, "
                              "agents and timing merge", summary[key], first[key])
    ranges: list[tuple[int, int, str]] = sorted((a, b, name) for summary, name in zip(summaries, names)
                                                 for a, b in seed_ranges(summary))
    for (a1, b1, n1), (a2, b2, n2) in zip(ranges, ranges[1:]):
        if a2 <= b1:
            raise _refuse(f"{n1} and {n2} share seeds {a2}..{min(b1, b2)}: the same games would count twice",
                          [[a1, b1], [a2, b2]], "ladders of disjoint seeds")
    keys = [(p["a"], p["b"], p["a_side"], p["b_side"]) for p in first["pairings"]]
    for summary, name in zip(summaries[1:], names[1:]):
        if [(p["a"], p["b"], p["a_side"], p["b_side"]) for p in summary["pairings"]] != keys:
            raise _refuse(f"{name} has other pairings than {names[0]}", len(summary["pairings"]), len(keys))
    tallies = [Tally(a, b, a_side, b_side) for a, b, a_side, b_side in keys]
    by_seed: list[dict[int, str]] = [{} for _ in tallies]
    for summary in summaries:
        seeds = [i for a, b in seed_ranges(summary) for i in range(a, b + 1)]
        for t, p, games in zip(tallies, summary["pairings"], by_seed):
            t.games += p["games"]
            t.a_wins += p["a_wins"]
            t.b_wins += p["b_wins"]
            t.draws += p["draws"]
            games.update(zip(seeds, p.get("results", "")))
    for t, games in zip(tallies, by_seed):
        t.results = "".join(games[i] for i in sorted(games))    # a part without results leaves them out
    agents = first["agents"]
    joined: list[list[int]] = []
    for a, b, _ in ranges:
        if joined and a == joined[-1][1] + 1:
            joined[-1][1] = b
        else:
            joined.append([a, b])
    parts = [part for summary in summaries for part in _parts(summary)]
    commits = {part["commit"] for part in parts}
    return {
        "game": first["game"], "scenario": first["scenario"], "seed": ranges[0][0],
        "games": sum(summary["games"] for summary in summaries), "agents": list(agents),
        "untimed": first["untimed"],
        "pairings": [pairing_row(t) for t in tallies],
        "totals": total_rows(tallies, agents),
        "timing": {name: merged_timing([s["timing"][name] for s in summaries]) for name in agents},
        **merged_search(summaries),
        "seconds": round(sum(summary["seconds"] for summary in summaries), 3),
        "commit": commits.pop() if len(commits) == 1 else None,
        "date": max(summary["date"] for summary in summaries),
        "seeds": joined, "parts": sorted(parts, key=lambda part: part["seed"]),
    }


def merged_search(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """`{"search": ...}` added up over the parts (`search_stats`), or nothing where a part lacks it (a ladder
    played before searches were counted): a count of some parts only would pass for all of them."""
    if not all("search" in summary for summary in summaries):
        return {}
    per_agent: dict[str, dict[str, list[search_stats.Tally]]] = {}
    for summary in summaries:
        for agent, rows in summary["search"].items():
            for side, r in rows.items():
                if side != "all":
                    per_agent.setdefault(agent, {}).setdefault(side, []).append(
                        {"histogram": r["histogram"], "by_time": r["by_time"]})
    return {"search": {agent: search_stats.summary(per_agent[agent]) for agent in summaries[0]["agents"]
                       if agent in per_agent}}


def merged_timing(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One agent's time per decision over several ladders (`merge`): `p95_from` says how its p95 was found."""
    rows = [r for r in rows if r["decisions"]]
    n = sum(r["decisions"] for r in rows)
    if not n:
        return {"decisions": 0, "mean_s": None, "p95_s": None, "histogram": {}, "p95_from": "histogram"}
    mean = sum(r["mean_s"] * r["decisions"] for r in rows) / n
    if all("histogram" in r for r in rows):
        hist = search_stats.counted((int(k), c) for r in rows for k, c in r["histogram"].items())
        return {"decisions": n, "mean_s": mean, "p95_s": histogram_p95(hist), "histogram": hist,
                "p95_from": "histogram"}
    return {"decisions": n, "mean_s": mean, "p95_s": max(r["p95_s"] for r in rows), "p95_from": "largest part"}
