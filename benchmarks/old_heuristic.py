"""The agents a blunder benchmark seats (issue 15): this checkout's heuristic, or "old", the HeuristicAgent of an
earlier ai.py given by path (`git show <commit>:src/kaisen/games/<game>/ai.py > /tmp/old_ai.py`), or any other
registered name."""
from __future__ import annotations

import importlib.util

from kaisen.agents.base import Agent, make_agent, register_agent

_LOADED: dict[str, type] = {}


def agent(game_id: str, current: type, name: str, side: str, seed: int, old_ai: str | None) -> Agent:
    """The agent called `name`. "heuristic" is `current`, this checkout's class itself. Loading an old ai.py
    registers its class as "heuristic"; that is undone at once, so the registry (rollouts, make_agent) keeps this
    checkout's."""
    if name == "heuristic":
        return current(side, seed)
    if name != "old":
        return make_agent(game_id, name, side, seed)
    if not old_ai:
        raise SystemExit("agent 'old' needs --old-ai PATH (an earlier ai.py)")
    if old_ai not in _LOADED:
        sp = importlib.util.spec_from_file_location(f"old_ai_{len(_LOADED)}", old_ai)
        mod = importlib.util.module_from_spec(sp)
        sp.loader.exec_module(mod)
        register_agent(game_id, "heuristic", current)
        _LOADED[old_ai] = mod.HeuristicAgent
    return _LOADED[old_ai](side, seed)
