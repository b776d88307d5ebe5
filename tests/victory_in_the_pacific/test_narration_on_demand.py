"""DESIGN.md, "Narration on demand" (issue 11, item 3): events and option labels are made from their values when
someone reads them; random play formats none of them. Every text made at once must be a constant of the source
(or, for a label, a bare unit, base or area name): an f-string formatted during play fails this test."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from kaisen.engine.core import Decision, End
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
    g = VictoryInThePacific(load.__wrapped__())   # its own rules data: options shared per data set start unread
    rng = random.Random(seed)
    s = g.new_state(options=options)
    made = 0
    read: dict[int, object] = {}      # options whose label this test has read (shared options are made once)
    for _ in range(steps):
        p = g.pause(s)
        if isinstance(p, End):
            break
        if isinstance(p, Decision):
            for o in p.options:
                if o._make is not None:
                    assert o._label is None or read.get(id(o)) is o, f"label of {o.id} made before anyone read it"
                    made += 1
                else:
                    assert o._label is None or o._label in consts or o._label in names, \
                        f"label of {o.id} formatted during play: {o._label!r}"
            a = rng.choice(p.options).id
        else:
            a = tuple(rng.randint(1, k) for k in p.dice)
        s = g.apply(s, a)
        for ev in s.last_events:
            if ev._make is not None:
                assert ev._text is None, f"{ev.kind} event text made before anyone read it"
                assert all(_immutable(x, g.data) for x in ev._args), f"{ev.kind} event keeps changing values: {ev._args!r}"
                made += 1
            else:
                assert ev._text in consts, f"{ev.kind} event text formatted during play: {ev._text!r}"
            assert ev.text       # made now, on reading: it must work
        if isinstance(p, Decision):
            for o in p.options:
                assert o.label
                read[id(o)] = o
    return made


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
