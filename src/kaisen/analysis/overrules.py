"""Where a search departs from its own heuristic, and whether that pays: each overrule of one seeded game played on
both ways (issue 15).

A ladder tells two agents apart only over hundreds of games. This asks a sharper question of one game. At every
decision where the search overruled its heuristic (`ISMCTSAgent.last["heuristic"]`, the answer it had to beat),
the game is played to its end from the true state `playouts` times after the heuristic's answer and as many times
after the search's, with the heuristic on both sides. Both answers get the same dice and the same agents' seeds,
playout by playout (common random numbers), so the difference of their outcomes measures the answers and little
else. The searching side's mean difference says whether a departure pays when the heuristic plays on: summed by
kind of decision, it shows where the search's judgment (its samples, its rollouts cut short, its evaluation) goes
wrong, in one game instead of two hundred.

It reads the true state, as an analysis may; no agent ever does. The game played is the ladder's game of that seed
(`simulate.play_one`, untimed), so `kaisen ladder --untimed` and this agree on every answer.
"""
from __future__ import annotations

import math
import random
from collections import defaultdict
from typing import Any, Callable

from kaisen.agents.base import agent_names, make_agent
from kaisen.agents.ismcts import mean_and_error
from kaisen.analysis.simulate import play_one
from kaisen.engine.core import Chance, Decision, End, Game, IllegalAction, end_value

MAX_STEPS = 1_000_000       # a playout longer than this is a game that does not end: an error, not a result


def play_out(game: Game, state: Any, seed: str) -> End:
    """The heuristic on every side from `state` to the end; its dice and agents all seeded from `seed`."""
    rng = random.Random(seed)
    agents = {side: make_agent(game.id, "heuristic", side, rng.getrandbits(32)) for side in game.sides}
    for _ in range(MAX_STEPS):
        p = game.pause(state)
        if type(p) is End:
            return p
        if type(p) is Chance:
            state = game.apply(state, tuple(rng.randint(1, k) for k in p.dice))
        elif len(p.options) == 1:
            state = game.apply(state, p.options[0].id)
        else:
            state = game.apply(state, agents[p.side].choose(game.view(state, p.side), p))
    raise RuntimeError(f"{game.id}: a playout did not end within {MAX_STEPS} steps")


def paired_values(game: Game, state: Any, answers: tuple[str, str], side: str, playouts: int,
                  seed: str) -> tuple[list[float], list[float]]:
    """`side`'s outcomes of `playouts` games played on after each of two answers at `state`; playout i of both
    answers uses the same seed (common random numbers), so two equal answers give equal lists."""
    out: tuple[list[float], list[float]] = ([], [])
    for i in range(playouts):
        for values, answer in zip(out, answers):
            values.append(end_value(play_out(game, game.apply(state, answer), f"{seed}:{i}"), side))
    return out


def check(game: Game, level: str, sides: list[str], games: int, playouts: int) -> None:
    """Refuse what cannot be analysed, before any game is played."""
    names = agent_names(game.id)
    searches = [n for n in names if n.startswith("ismcts-")]
    if level not in searches:
        raise IllegalAction("overrules", f"{game.id} has no such search level", level, searches or "none")
    if "heuristic" not in names:
        raise IllegalAction("overrules", f"{game.id} has no heuristic to play on with", game.id, "a game with one")
    for side in sides:
        if side not in game.sides:
            raise IllegalAction("overrules", f"{game.id} has no side {side!r}", side, list(game.sides))
    if len(game.sides) != 2:
        raise IllegalAction("overrules", f"the search plays one of two sides; {game.id} has {len(game.sides)}",
                            game.id, "a two-sided game")
    if games < 1:
        raise IllegalAction("overrules", "the number of games must be at least 1", games, ">= 1")
    if playouts < 2:
        raise IllegalAction("overrules", "at least two playouts per answer are needed for an error", playouts, ">= 2")


def one_game(game: Game, level: str, side: str, seed: int, playouts: int, scenario: str,
             options: dict[str, Any]) -> dict[str, Any]:
    """Play the ladder's game of `seed` with `level` as `side` against the heuristic, then play each overrule on
    both ways (module docstring)."""
    seats = {s: (level if s == side else "heuristic") for s in game.sides}
    found: list[dict[str, Any]] = []
    decisions = 0

    def watch(state: Any, decision: Decision, agent: Any, answer: str) -> None:
        nonlocal decisions
        if decision.side != side:
            return
        decisions += 1
        last = getattr(agent, "last", {})
        anchor = last.get("heuristic")
        if anchor is None or anchor == answer:
            return
        lead = last.get("lead") or {}
        found.append({"seed": seed, "side": side, "decision": decisions, "turn": getattr(state, "turn", None),
                      "kind": decision.kind, "rule": decision.rule, "heuristic": anchor, "search": answer,
                      "search_lead": lead.get("lead"), "search_z": lead.get("z"), "z_needed": lead.get("z_needed"),
                      "state": game.copy(state)})

    result = play_one(game, seats, seed, scenario, options, untimed=True, watch=watch)
    rows = []
    for i, row in enumerate(found):
        state = row.pop("state")
        heur, srch = paired_values(game, state, (row["heuristic"], row["search"]), side, playouts,
                                   f"{seed}:{side}:{i}")
        gain, err = mean_and_error([b - a for a, b in zip(heur, srch)])
        row.update(heuristic_value=sum(heur) / playouts, search_value=sum(srch) / playouts, gain=gain, error=err)
        rows.append(row)
    return {"seed": seed, "side": side, "winner": result.end.winner, "score": result.end.score,
            "decisions": decisions, "overrules": rows}


def analyse(game: Game, level: str, sides: list[str], seed: int = 0, games: int = 1, playouts: int = 30,
            scenario: str | None = None, options: dict[str, Any] | None = None,
            progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """`one_game` for seeds seed..seed+games-1 on each of `sides`, summed up in the README's --json format: every
    overrule with its gain, the totals per kind of decision and over all. `progress(n)`: n games analysed."""
    check(game, level, sides, games, playouts)
    sc = game.scenario(scenario)
    opts = game.resolve_options(options)
    parts = []
    for side in sides:
        for i in range(games):
            parts.append(one_game(game, level, side, seed + i, playouts, sc.id, opts))
            if progress:
                progress(len(parts))
    rows = [r for p in parts for r in p["overrules"]]
    from kaisen.analysis.ladder import git_commit
    return {"game": game.id, "scenario": sc.id, "options": opts, "level": level, "sides": list(sides),
            "seed": seed, "games": games, "playouts": playouts,
            "played": [{k: p[k] for k in ("seed", "side", "winner", "score", "decisions")} for p in parts],
            "decisions": sum(p["decisions"] for p in parts), "overrules": rows, "by_kind": by_kind(rows),
            "total": total(rows), "commit": git_commit()}


def total(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The overrules together: how many, their summed gain (what they were worth to the games, to first order) and
    its standard error, and the mean gain per overrule."""
    n = len(rows)
    gain = sum(r["gain"] for r in rows)
    err = math.sqrt(sum(r["error"] ** 2 for r in rows))
    return {"overrules": n, "gain": gain, "error": err, "mean_gain": gain / n if n else 0.0,
            "mean_error": err / n if n else 0.0}


def by_kind(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """`total` per kind of decision, the most frequent first."""
    kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        kinds[r["kind"]].append(r)
    return {k: total(rs) for k, rs in sorted(kinds.items(), key=lambda kv: (-len(kv[1]), kv[0]))}
