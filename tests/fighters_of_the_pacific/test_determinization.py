"""Issue 15 item 1, the sampler a search relies on: Fighters of the Pacific has no hidden information and no dice,
so the one state consistent with a side's view is the position itself: the sample equals the state, its view is
the view, it offers the same decision and plays on (DESIGN.md, Sampler; rulebook: every token is on the table)."""
from __future__ import annotations

import random

import pytest

from kaisen.engine.core import Decision, End

from .helpers import GAME

SCENARIOS = [sc.id for sc in GAME.scenarios]


def decisions(scenario: str, seed: int, every: int = 3):
    """(state, decision) every few steps of a seeded random game, at decisions of either side."""
    rng = random.Random(seed)
    s = GAME.new_state(scenario)
    i = 0
    while not isinstance(p := GAME.pause(s), End):
        if i % every == 0:
            yield s, p
        s = GAME.apply(s, rng.choice(p.options).id)
        i += 1


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_sample_is_the_state_agrees_with_its_view_and_plays_on(scenario):
    """At decisions of both sides: the sample is the true state (every field that the JSON record keeps; the
    events of the last step and the cached pause are not part of a position), both sides' views of it are the
    views of the state, it waits at a decision of the same side with the same option ids, and random answers
    play on from it."""
    sides = set()
    for k, (s, p) in enumerate(decisions(scenario, 7)):
        for side in GAME.sides:
            v = GAME.view(s, side)
            sample = GAME.sample_state(v, random.Random(k))
            assert GAME.to_json(sample) == GAME.to_json(s)
            assert GAME.view(sample, side) == v
            assert all(GAME.view(sample, viewer) == GAME.view(s, viewer) for viewer in GAME.sides)
            q = GAME.pause(sample)
            assert isinstance(q, Decision) and q.side == p.side and q.kind == p.kind
            assert [o.id for o in q.options] == [o.id for o in p.options]
        rng = random.Random(k)
        t = sample
        for _ in range(5):
            if isinstance(r := GAME.pause(t), End):
                break
            t = GAME.apply(t, rng.choice(r.options).id)
        sides.add(p.side)
    assert sides == set(GAME.sides)


def test_the_sample_never_needs_the_true_state_and_ignores_the_seed():
    """Two different true states give different samples, the same state the same sample whatever the seed: with
    nothing hidden there is nothing to deal, so no seed can fix or change anything."""
    (a, _), (b, _) = [next((s, p) for i, (s, p) in enumerate(decisions("strike-escort", seed)) if i == 6)
                      for seed in (1, 2)]
    assert GAME.to_json(a) != GAME.to_json(b)
    va, vb = GAME.view(a, "usa"), GAME.view(b, "usa")
    samples = {str(GAME.to_json(GAME.sample_state(va, random.Random(k)))) for k in range(20)}
    assert samples == {str(GAME.to_json(a))}
    assert GAME.to_json(GAME.sample_state(vb, random.Random(0))) == GAME.to_json(b)
