"""DESIGN.md, "Narration on demand" (issue 11, item 3): events and option labels are made from their values when
someone reads them; random play formats none of them. Every text made at once must be a constant of the source
(or, for a label, a bare carrier, squadron, fleet or group name): an f-string formatted during play fails this
test."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kaisen.engine.core import Event, Option
from kaisen.engine.testing import play_checking_narration
from kaisen.games.fury_at_midway import GAME
from kaisen.games.fury_at_midway.common import Later, Names, unit_name
from kaisen.games.fury_at_midway.data import FaMData, load
from kaisen.games.fury_at_midway.game import FuryAtMidway

SRC = Path(__file__).resolve().parents[2] / "src" / "kaisen" / "games" / "fury_at_midway"


def _constants() -> frozenset[str]:
    """Every string literal of the game's modules (adjacent literals are one constant)."""
    out = set()
    for path in SRC.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return frozenset(out)


def _names(d: FaMData) -> frozenset[str]:
    """The bare names an option may carry as its label (a carrier to tow, a fighter to separate)."""
    out = {"Midway"}
    out.update(k.name for k in d.carriers.values())
    out.update(f.name for f in d.fleets.values())
    out.update(g.name for g in d.groups.values())
    for q in d.squadrons:
        out.update((unit_name(d, q, 1), unit_name(d, q, 2)))
    return frozenset(out)


def _immutable(x, d) -> bool:
    """An event keeps values taken when it happened, never the state (which changes)."""
    if isinstance(x, (str, int, float, bool, type(None))):
        return True
    if isinstance(x, tuple):
        return all(_immutable(y, d) for y in x)
    if isinstance(x, Names):
        return x.d is d and _immutable(x.units, d) and _immutable(x.steps, d)
    if isinstance(x, Later):
        return _immutable(x.args, d)
    return x is d


def _play(options: dict, seed: int, consts: frozenset[str], steps: int = 6000) -> int:
    """One seeded random game (engine.testing.play_checking_narration) on its own rules data: the options kept
    per data set start unread."""
    d = load.__wrapped__()
    return play_checking_narration(FuryAtMidway(d), options, seed, consts, _names(d),
                                   lambda x: _immutable(x, d), steps)


@pytest.mark.parametrize("options,seed", [({}, 0), ({}, 5), ({o.id: True for o in GAME.options}, 1)])
def test_narration_and_labels_made_only_when_read(options, seed):
    assert _play(options, seed, _constants()) > 500


def test_an_eager_text_is_caught(monkeypatch):
    """The check can fail: one event formatted at once (as `Ctx.say` with an f-string did) is caught."""
    from kaisen.games.fury_at_midway import flow

    real = flow.start_turn

    def start_turn(c):
        real(c)
        ev = c.ev[-1] if c.ev and c.ev[-1].kind == "turn" else None
        if ev is not None:      # the same text, made at once
            c.ev[-1] = Event(ev.kind, ev.text, ev.private_to, ev.rule)

    monkeypatch.setattr(flow, "start_turn", start_turn)
    with pytest.raises(AssertionError, match="turn event text formatted during play"):
        _play({}, 0, _constants())


def test_an_eager_label_is_caught(monkeypatch):
    """The check can fail: one label formatted at once is caught."""
    from kaisen.games.fury_at_midway import movement

    real = movement.move_options

    def move_options(c, fleet):
        return [Option(o.id, o.label, o.fields) for o in real(c, fleet)]

    monkeypatch.setattr(movement, "move_options", move_options)
    with pytest.raises(AssertionError, match="formatted during play"):
        _play({}, 0, _constants())
