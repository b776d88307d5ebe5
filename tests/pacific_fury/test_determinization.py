"""Determinization (issue 15 item 1): `sample_state(view(state, side), rng)` is a full state a search can plan on,
consistent with everything the side knows (8.4 Fog of War), never built from the true state, and leaving open what
the view leaves open: which enemy ships are in each face-down task force (8.2) and in the enemy's base (3.1, 3.2).
What the side remembers of ships it saw go home (the view's "memory") and how samples obey it: test_memory.py."""
from __future__ import annotations

import random
from collections import defaultdict

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.state import SIDES, other
from kaisen.games.pacific_fury.views import hidden_units

SEEDS = (3, 8, 21, 34)
EVERY = 4           # every 4th state of each game


def decisions(seeds=SEEDS, every=EVERY):
    """(state, decision, k) at every `every`-th state of seeded random games that waits for a decision."""
    for seed in seeds:
        for i, (s, _, _) in enumerate(testing.random_game(GAME, seed)):
            p = GAME.pause(s)
            if i % every == 0 and isinstance(p, Decision):
                yield s, p, seed * 1000 + i


def sample(s, side: str, k: int):
    return GAME.sample_state(GAME.view(s, side), random.Random(k))


def test_8_4_a_sample_shows_the_side_exactly_the_view_it_came_from():
    """Both sides' views, at decisions of either side: the sample's view is the view it was drawn from, and every
    unit the view places (own, revealed, sunk, returning, public off-board) is where it truly is."""
    deciding = defaultdict(int)
    for s, p, k in decisions():
        deciding[p.side] += 1
        for side in SIDES:
            v = GAME.view(s, side)
            smp = GAME.sample_state(v, random.Random(k))
            assert GAME.view(smp, side) == v, (s.step, side)
            hidden = hidden_units(v, side)
            assert {u: w for u, w in smp.loc.items() if u not in hidden} == \
                   {u: w for u, w in s.loc.items() if u not in hidden}
    assert min(deciding[side] for side in SIDES) > 20


def test_a_search_can_answer_from_a_sample_the_same_decision_the_same_options():
    for s, p, k in decisions():
        q = GAME.pause(sample(s, p.side, k))
        assert isinstance(q, Decision) and q.side == p.side and q.kind == p.kind, (s.step, q)
        assert q.ids() == p.ids(), s.step


def test_a_sample_plays_on_under_random_answers():
    """Ten random legal answers (decisions and dice) from each sample, for the deciding side and the other."""
    played = 0
    for s, p, k in decisions(every=2 * EVERY):
        for side in SIDES:
            x = sample(s, side, k)
            rng = random.Random(k)
            for _ in range(10):
                q = GAME.pause(x)
                if isinstance(q, End):
                    break
                x = GAME.apply(x, testing.random_answer(q, rng))
                played += 1
    assert played > 1000


def forming(s, p) -> bool:
    """8.2: a side forming its task forces face down, with at least two ships it could add."""
    return s.step == "form" and sum(i.startswith("add:") for i in p.ids()) >= 2


@pytest.mark.parametrize("seed", SEEDS)
def test_8_2_a_sample_never_needs_the_true_state(seed):
    """Hidden alternatives: the forming side adds different ships (the same number) to a face-down task force; the
    other side's view is the same in both games, and so is every sample drawn from it at the same rng seed."""
    compared = 0
    for s, p in forming_situations(seed):
        adds = [i for i in p.ids() if i.startswith("add:")]
        games = [GAME.apply(s, a) for a in (adds[0], adds[-1])]
        assert games[0].loc != games[1].loc           # the true states differ (in the forming side's secret)
        enemy = other(p.side)
        views = [GAME.view(g, enemy) for g in games]
        assert views[0] == views[1]
        for k in range(3):
            a, b = (GAME.sample_state(v, random.Random(k)) for v in views)
            assert GAME.to_json(a) == GAME.to_json(b)
            compared += 1
    assert compared >= 3


def forming_situations(seed, limit=3):
    """States of a seeded random game where `forming` holds, one in five (at most `limit`)."""
    rng = random.Random(seed)
    s = GAME.new_state()
    found = n = 0
    while not isinstance(p := GAME.pause(s), End) and found < limit:
        if isinstance(p, Decision) and forming(s, p):
            n += 1
            if n % 5 == 1:
                found += 1
                yield s, p
        s = GAME.apply(s, testing.random_answer(p, rng))


def open_places(v, side):
    """The enemy's face-down task forces of two or more counters, and its base when face down with three or more
    (more than the Transports units it can hold): places where the view leaves which ships open."""
    foe = other(side)
    part = v["sides"][foe]
    tfs = [b["tf"] for b in part["boxes"] if b["ships"] is None and b["count"] >= 2]
    tfs += [t["tf"] for z in v["zones"] for t in z["task_forces"] if t["ships"] is None and t["count"] >= 2]
    base = part["base"] is None and part["base_count"] >= 3
    return tfs, base


def test_8_4_nothing_the_view_hides_is_fixed_and_nothing_it_shows_moves():
    """50 samples from each of several views with a face-down enemy task force and a face-down enemy base: each
    place's contents take more than one value; the view and the units it places never change."""
    checked = 0
    for s, p, k in decisions(seeds=(3, 8, 21, 34, 55), every=EVERY):
        side = p.side
        v = GAME.view(s, side)
        tfs, base = open_places(v, side)
        if not (tfs and base) or checked >= 6:
            continue
        foe = other(side)
        hidden = hidden_units(v, side)
        shown = {u: w for u, w in s.loc.items() if u not in hidden}
        seen = defaultdict(set)
        for j in range(50):
            smp = GAME.sample_state(v, random.Random(j))
            assert GAME.view(smp, side) == v
            assert {u: w for u, w in smp.loc.items() if u not in hidden} == shown
            for tf in tfs:
                seen[tf].add(frozenset(smp.tfs[tf].ships))
            seen["base"].add(frozenset(u for u, w in smp.loc.items() if w == "base" and GAME.data.ships[u].side == foe))
        assert all(len(values) > 1 for values in seen.values()), {k: len(x) for k, x in seen.items()}
        checked += 1
    assert checked >= 6
