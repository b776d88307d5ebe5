"""How much a search agent searched in a ladder's games (issue 15, items 4-5): the iterations each searched decision
finished and how many of those searches its time limit stopped. A timed ladder's results hang on this: the same
level searches less on a slower or busier machine, so a ladder says how much search its results were played with.

A decision counts when the agent's `last` (the ISMCTS agent's record of its latest `choose`) says it searched:
not a forced answer (one option) and not one the rollouts could not tell apart (`unseen`), where it answers
without searching. Per side, the games keep a tally: `{"histogram": {iterations: decisions}, "by_time": k}`
(iterations as text, a JSON object), which add up exactly over games, ladders and merges."""
from __future__ import annotations

from typing import Any

Tally = dict[str, Any]


def searched(agent: Any) -> tuple[int, bool] | None:
    """(iterations, stopped by its time limit) of the agent's latest decision, or None where it did not search
    (an agent that never searches, a forced answer, an answer the rollouts could not tell apart)."""
    last = getattr(agent, "last", None)
    if not isinstance(last, dict) or "iterations" not in last or last.get("forced") or last.get("unseen"):
        return None
    return int(last["iterations"]), last.get("stopped") == "time"


def counted(pairs) -> dict[str, int]:
    """(key, count) pairs added up per whole-number key, as a histogram: keys as text (a JSON object), in order.
    Both a tally's iterations and the ladder's time bins are kept this way."""
    out: dict[int, int] = {}
    for k, c in pairs:
        out[k] = out.get(k, 0) + c
    return {str(k): out[k] for k in sorted(out)}


def tally(records: list[tuple[int, bool]]) -> Tally:
    """The tally of some searched decisions' (iterations, stopped by time)."""
    return {"histogram": counted((n, 1) for n, _ in records), "by_time": sum(1 for _, t in records if t)}


def added(tallies: list[Tally]) -> Tally:
    """Several tallies as one."""
    return {"histogram": counted((int(n), c) for t in tallies for n, c in t["histogram"].items()),
            "by_time": sum(t["by_time"] for t in tallies)}


def row(t: Tally) -> dict[str, Any]:
    """A tally with what it says worked out: searched decisions, mean and median iterations (the lower middle
    value), and the share the time limit stopped."""
    counts = sorted((int(n), c) for n, c in t["histogram"].items())
    n = sum(c for _, c in counts)
    if not n:
        return {"decisions": 0, "mean_iterations": None, "median_iterations": None, "stopped_by_time": None,
                **t}
    mean = sum(k * c for k, c in counts) / n
    seen, median = 0, counts[-1][0]
    for k, c in counts:
        seen += c
        if 2 * seen >= n:
            median = k
            break
    return {"decisions": n, "mean_iterations": mean, "median_iterations": median,
            "stopped_by_time": t["by_time"] / n, **t}


def summary(per_side: dict[str, list[Tally]]) -> dict[str, Any]:
    """One agent's search over a ladder: a `row` per side it played and over both ("all"), from the tallies of
    its games on each side."""
    sides = {side: added(ts) for side, ts in per_side.items()}
    out = {side: row(t) for side, t in sorted(sides.items())}
    out["all"] = row(added(list(sides.values())))
    return out


def is_tally(value: Any) -> bool:
    """Whether `value` has a tally's shape (for reading files: checkpoints, summaries to merge)."""
    if not isinstance(value, dict) or set(value) != {"histogram", "by_time"}:
        return False
    hist, by_time = value["histogram"], value["by_time"]
    if not isinstance(hist, dict) or type(by_time) is not int or by_time < 0:
        return False
    if not all(isinstance(k, str) and k.isdigit() and type(c) is int and c > 0 for k, c in hist.items()):
        return False
    return by_time <= sum(hist.values())


def line(agent: str, search: dict[str, Any], side_name=str) -> str:
    """The report's line for one agent's search: median and mean iterations and the share its time limit stopped,
    over both sides, then per side."""
    a = search["all"]
    sides = [f"as {side_name(side)} median {r['median_iterations']}, {r['stopped_by_time']:.0%} by time"
             for side, r in search.items() if side != "all" and r["decisions"]]
    return (f"{agent} searched {a['decisions']} decisions: median {a['median_iterations']} iterations (mean "
            f"{a['mean_iterations']:.0f}), {a['stopped_by_time']:.0%} stopped by its time limit"
            + (f"; {'; '.join(sides)}" if sides else ""))
