"""Golden records: seeded games of every title, kept so that no refactoring of the engine (contract v2, speed)
changes a single game. Each file holds the record, and the SHA-256 of the final state's JSON and of the whole
narration. Made after the rule fixes of issue 10; remade only when a rule fix changes play on purpose:

    .venv/bin/python -m tests.golden.golden [GAME ...]   # rewrites tests/golden/data/*.json (say why in the commit)
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from kaisen.agents.base import make_agent
from kaisen.engine.match import Match
from kaisen.registry import get_game

DATA = Path(__file__).with_name("data")
CASES = [(g, agents, seed)
         for g in ("pacific-fury", "fury-at-midway", "victory-in-the-pacific", "nights-of-fury",
                   "fighters-of-the-pacific")
         for agents, seed in (("random", 1), ("random", 2), ("heuristic", 3))]


def digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def play(game_id: str, agents: str, seed: int) -> Match:
    """One seeded game, each side played by `agents` from its own view (seats seeded from the game seed)."""
    game = get_game(game_id)
    bots = {side: make_agent(game_id, agents, side, seed * 31 + i) for i, side in enumerate(game.sides)}
    m = Match(game, seed=seed, agents={side: agents for side in game.sides})
    m.run(lambda d: bots[d.side].choose(game.view(m.state, d.side), d))
    return m


def summary(m: Match) -> dict:
    return {"record": m.record.to_dict(), "final_state": digest(m.game.to_json(m.state)),
            "narration": digest([e.text for e in m.log]), "answers": len(m.record.answers)}


def path(game_id: str, agents: str, seed: int) -> Path:
    return DATA / f"{game_id}-{agents}-{seed}.json"


def main() -> None:
    """Rewrite the golden files of the games named on the command line (default: every game)."""
    import sys
    wanted = set(sys.argv[1:])
    DATA.mkdir(exist_ok=True)
    for case in CASES:
        if wanted and case[0] not in wanted:
            continue
        out = summary(play(*case))
        path(*case).write_text(json.dumps(out, separators=(",", ":")) + "\n")
        print(path(*case).name, out["answers"], "answers")


if __name__ == "__main__":
    main()
