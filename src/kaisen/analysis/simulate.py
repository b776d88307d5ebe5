"""Monte Carlo play: many seeded games between named agents, win and draw rates with 95% intervals."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable

from kaisen.agents.base import Agent, make_agent
from kaisen.analysis.search_stats import searched
from kaisen.engine.core import Decision, End, Game, IllegalAction
from kaisen.engine.match import Match


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (sound at 0 and n, unlike the normal interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameResult:
    """One finished game: the End, its length in turns, decisions and engine steps."""

    end: End
    turns: int
    decisions: int
    steps: int


def play_one(game: Game, agents: dict[str, str], seed: int, scenario: str | None = None,
             options: dict[str, Any] | None = None, times: dict[str, list[float]] | None = None,
             untimed: bool = False, watch: Callable[[Any, Decision, Agent, str], None] | None = None,
             searches: dict[str, list[tuple[int, bool]]] | None = None) -> GameResult:
    """Play one game to the end with seeded dice; agent i is seeded from the game seed. `times`, when given,
    receives per side the seconds of each of its agent's `choose` calls (the view is built outside the clock);
    `searches` the (iterations, stopped by its time limit) of each decision a search agent searched
    (`search_stats.searched`).
    `untimed`: agents with a time limit (the search levels) search on their iteration budget alone.
    `watch(state, decision, agent, answer)`, when given, sees each answer with the state it was given at."""
    match = Match(game, scenario, options, seed=seed, agents=agents)
    players = {side: make_agent(game.id, name, side, seed * 31 + i) for i, (side, name) in enumerate(agents.items())}
    if untimed:
        for player in players.values():
            if hasattr(player, "untimed"):
                player.untimed()
    decisions = 0

    def choose(decision: Decision) -> str:
        nonlocal decisions
        decisions += 1
        view = game.view(match.state, decision.side)
        player = players[decision.side]
        if times is None:
            answer = player.choose(view, decision)
        else:
            started = time.perf_counter()
            answer = player.choose(view, decision)
            times.setdefault(decision.side, []).append(time.perf_counter() - started)
        if searches is not None and (got := searched(player)) is not None:
            searches.setdefault(decision.side, []).append(got)
        if watch is not None:
            watch(match.state, decision, player, answer)
        return answer

    end = match.run(choose)
    turns = game.view(match.state, None).get("turn", 0)
    return GameResult(end, turns, decisions, match.steps)


def parse_agents(game: Game, names: list[str]) -> dict[str, str]:
    """Agent names in side order (the first plays the game's first side); checked before any game starts."""
    if len(names) != len(game.sides):
        raise IllegalAction("simulate", f"{game.id} needs one agent per side {list(game.sides)}",
                            ",".join(names), "e.g. heuristic,random")
    agents = dict(zip(game.sides, names))
    for side, name in agents.items():
        make_agent(game.id, name, side, 0)  # raises with the known names
    return agents


def simulate(game: Game, games: int, agents: dict[str, str], seed: int = 0, scenario: str | None = None,
             options: dict[str, Any] | None = None,
             progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play `games` games (game i uses seed + i) and summarise them in the README's --json format."""
    if games < 1:
        raise IllegalAction("simulate", "the number of games must be at least 1", games, ">= 1")
    sc = game.scenario(scenario)
    opts = game.resolve_options(options)
    wins = {side: 0 for side in game.sides}
    draws = turns = decisions = steps = 0
    started = time.perf_counter()
    for i in range(games):
        result = play_one(game, agents, seed + i, sc.id, opts)
        if result.end.winner is None:
            draws += 1
        else:
            wins[result.end.winner] += 1
        turns += result.turns
        decisions += result.decisions
        steps += result.steps
        if progress:
            progress(i + 1)
    return {
        "game": game.id, "scenario": sc.id, "games": games, "seed": seed, "agents": dict(agents),
        "wins": wins, "draws": draws,
        "win_rate": {s: wins[s] / games for s in game.sides}, "draw_rate": draws / games,
        "win_rate_ci95": {s: list(wilson(wins[s], games)) for s in game.sides},
        "draw_rate_ci95": list(wilson(draws, games)),
        "mean_turns": turns / games, "mean_decisions": decisions / games, "mean_steps": steps / games,
        "seconds": round(time.perf_counter() - started, 3),
    }
