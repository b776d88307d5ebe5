"""DESIGN.md, "Narration on demand" (issue 11, item 3): events and option labels are made from their values when
someone reads them; random play formats none of them. Every text made at once must be a constant of the source
(or, for a label, a bare unit, base or area name): an f-string formatted during play fails this test."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kaisen.engine.testing import play_checking_narration
from kaisen.games.victory_in_the_pacific import GAME
from kaisen.games.victory_in_the_pacific.data import load
from kaisen.games.victory_in_the_pacific.game import VictoryInThePacific

SRC = Path(__file__).resolve().parents[2] / "src" / "kaisen" / "games" / "victory_in_the_pacific"


def _constants() -> frozenset[str]:
    """Every string literal of the game's modules."""
    out = set()
    for path in SRC.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return frozenset(out)


def _immutable(x, d) -> bool:
    if isinstance(x, (str, int, float, bool, type(None))):
        return True
    if isinstance(x, tuple):
        return all(_immutable(y, d) for y in x)
    return x is d


def _play(options: dict, seed: int, consts: frozenset[str], names: frozenset[str], steps: int = 4000) -> int:
    """One seeded random game (engine.testing.play_checking_narration) on its own rules data: the options
    shared per data set start unread."""
    g = VictoryInThePacific(load.__wrapped__())
    return play_checking_narration(g, options, seed, consts, names, lambda x: _immutable(x, g.data), steps)


@pytest.mark.parametrize("options,seed", [({}, 0), ({}, 3), ({o.id: True for o in GAME.options}, 1)])
def test_narration_and_labels_made_only_when_read(options, seed):
    d = GAME.data
    names = frozenset([sp.name for sp in d.units.values()] + [b.name for b in d.bases.values()]
                      + [a.name for a in d.areas.values()])
    assert _play(options, seed, _constants(), names) > 100


def test_an_eager_text_is_caught():
    """The check can fail: an event whose text is formatted at once is not a source constant."""
    consts = _constants()
    assert f"Turn {3}" not in consts and "Turn {}" in consts
