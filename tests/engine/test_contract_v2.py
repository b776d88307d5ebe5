"""Engine contract v2 (DESIGN.md, issue 11): every Decision names its rulebook step (`kind`), every Option carries
structured `fields`, every offered id is in the game's action vocabulary, and no agent reads a prompt or a label."""
from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.registry import GAMES, get_game

KIND = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SRC = Path(__file__).resolve().parents[2] / "src" / "kaisen"


def every_switch(game) -> dict:
    return {o.id: True for o in game.options}


def random_pauses(game, seed: int, options=None):
    rng = random.Random(seed)
    s = game.new_state(options=options)
    while not isinstance(p := game.pause(s), End):
        yield s, p
        s = game.apply(s, testing.random_answer(p, rng))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed,switches", [(1, False), (2, True)])
def test_decisions_have_a_kind_and_options_have_fields_from_the_vocabulary(game_id, seed, switches):
    game = get_game(game_id)
    opts = every_switch(game) if switches else None
    vocabulary = game.action_vocabulary(None, game.resolve_options(opts))
    kinds = set()
    for s, p in random_pauses(game, seed, opts):
        if not isinstance(p, Decision):
            continue
        assert KIND.match(p.kind), f"{game_id}: decision {p.prompt!r} has kind {p.kind!r}"
        kinds.add(p.kind)
        for o in p.options:
            assert isinstance(o.fields, dict) and o.fields, f"{game_id}: option {o.id!r} ({p.kind}) has no fields"
            json.dumps(o.fields)
            assert o.id in vocabulary, f"{game_id}: option {o.id!r} ({p.kind}) is not in the action vocabulary"
    assert len(kinds) >= 3


def agent_modules():
    return sorted(SRC.glob("games/*/ai.py")) + sorted((SRC / "agents").glob("*.py"))


@pytest.mark.parametrize("path", agent_modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_agent_reads_a_prompt_or_a_label(path):
    """Agents decide from views and structured fields: no `.prompt`, no `.label`, no regular expressions."""
    tree = ast.parse(path.read_text())
    bad = [f"line {n.lineno}: .{n.attr}" for n in ast.walk(tree)
           if isinstance(n, ast.Attribute) and n.attr in ("prompt", "label")]
    bad += [f"line {n.lineno}: import re" for n in ast.walk(tree)
            if isinstance(n, ast.Import) and any(a.name == "re" for a in n.names)]
    assert not bad, f"{path.name} reads prompts or labels: {bad}"
