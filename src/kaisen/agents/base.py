"""The agent interface and the random agent; games register their heuristics here by name."""
from __future__ import annotations

import random
from typing import Any, Callable

from kaisen.engine.core import Decision, IllegalAction


class Agent:
    """Chooses one option of a decision from what its side may know (the view)."""

    name = "agent"
    slow = False        # True for an agent that thinks for seconds (a search): the server moves it on its own worker

    def __init__(self, side: str, seed: int | None = None):
        self.side = side
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        raise NotImplementedError

    def recall(self, view: dict[str, Any], decision: Decision, answer: Any) -> None:
        """A past decision of its side, shown again from its side's view when a game is loaded: the agent
        remembers what it would have seen had it played from the start (the attacks it saw, its plans). By
        default it thinks the decision over again and forgets its answer; a search overrides this."""
        self.choose(view, decision)


def recall_decisions(game: Any, agents: dict[str, Agent]) -> Callable[[int, Any, Any, Any], None]:
    """A `replay` watcher (engine.record.replay's `watch`) that shows each AI seat in `agents` its own side's
    past decisions, each from its own side's view only, never another side's."""
    def watch(_i: int, state: Any, pause: Any, answer: Any) -> None:
        if type(pause) is Decision:
            agent = agents.get(pause.side)
            if agent is not None:
                try:
                    agent.recall(game.view(state, pause.side), pause, answer)
                except Exception:       # a memory it cannot rebuild must not keep the game from loading
                    pass
    return watch


class RandomAgent(Agent):
    """Picks uniformly among the legal options."""

    name = "random"

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        return self.rng.choice(decision.options).id


# name -> factory(game_id, side, seed); per-game heuristics are keyed "heuristic:<game id>"
AGENTS: dict[str, Callable[[str, int | None], Agent]] = {"random": RandomAgent}
_GAME_AGENTS: dict[tuple[str, str], Callable[[str, int | None], Agent]] = {}


def register_agent(game_id: str, name: str, factory: Callable[[str, int | None], Agent]) -> None:
    _GAME_AGENTS[(game_id, name)] = factory


_LEVEL_RANK = {"easy": "1", "normal": "2", "hard": "3"}


def agent_names(game_id: str) -> list[str]:
    """The agents a game has, by name; levels of one agent (`-easy`, `-normal`, `-hard`) in that order."""
    def key(name: str) -> tuple[str, str]:
        stem, _, level = name.rpartition("-")
        return (stem, _LEVEL_RANK[level]) if stem and level in _LEVEL_RANK else (name, "")
    return sorted(set(AGENTS) | {n for g, n in _GAME_AGENTS if g == game_id}, key=key)


def make_agent(game_id: str, name: str, side: str, seed: int | None = None) -> Agent:
    """Build an agent by name for a side of a game; unknown names get an error listing the known ones."""
    factory = _GAME_AGENTS.get((game_id, name)) or AGENTS.get(name)
    if factory is None:
        raise IllegalAction("agents", f"unknown agent for {game_id}", name, agent_names(game_id) + ["human"])
    return factory(side, seed)
