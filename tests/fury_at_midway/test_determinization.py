"""Issue 15, item 1: the sampler a search plans on (`sample_state`) shows the side the view it came from, stands at
the same decision, plays on, never needs the true state, and leaves nothing hidden fixed (2.6, 6.2, 12.0)."""
from __future__ import annotations

import random
from functools import lru_cache

from kaisen.engine.core import Chance, Decision, End
from kaisen.engine.testing import random_answer
from kaisen.games.fury_at_midway import GAME
from kaisen.games.fury_at_midway.state import other

SEEDS = (2, 5, 13)
EVERY = 4          # one decision in four along each game


@lru_cache(maxsize=None)
def decisions() -> tuple:
    """(state, deciding side, draw number) at every EVERY-th decision of the seeded random games."""
    out = []
    for seed in SEEDS:
        rng = random.Random(seed)
        s = GAME.new_state()
        n = 0
        while not isinstance(p := GAME.pause(s), End):
            if isinstance(p, Decision):
                if n % EVERY == 0:
                    out.append((s, p.side, seed * 10_000 + n))
                n += 1
            s = GAME.apply(s, random_answer(p, rng))
    return tuple(out)


def sampled():
    """Each chosen decision with its side's view and a sample drawn from that view."""
    for s, side, k in decisions():
        v = GAME.view(s, side)
        yield s, side, v, GAME.sample_state(v, random.Random(k))


def test_decisions_of_both_sides_are_sampled():
    sides = [side for _, side, _ in decisions()]
    assert sides.count("japan") > 20 and sides.count("usa") > 20


def test_a_sample_shows_its_side_the_view_it_came_from():
    for s, side, v, sample in sampled():
        assert GAME.view(sample, side) == v, f"{side} at {s.step} (turn {s.turn})"


def test_a_search_can_answer_from_a_sample():
    for s, side, v, sample in sampled():
        p, q = GAME.pause(s), GAME.pause(sample)
        assert isinstance(q, Decision) and q.side == side, f"{side} at {s.step}: the sample pauses at {q}"
        assert q.ids() == p.ids(), f"{side} at {s.step}: options {sorted(set(p.ids()) ^ set(q.ids()))} differ"


def test_a_sample_plays_on():
    for s, side, v, sample in sampled():
        rng = random.Random(s.turn)
        t = sample
        for _ in range(6):          # anything the game refuses or trips on raises here
            p = GAME.pause(t)
            if isinstance(p, End):
                break
            t = GAME.apply(t, random_answer(p, rng))


# -- the sample never needs the true state: hidden alternatives ------------------------------------------------
SECRET_KINDS = {"japan": {"place-aircraft"}, "usa": {"place-aircraft", "set-up-csf", "plot-move"}}


def hidden_alternatives(seed: int, observer: str):
    """Two games from one seed that differ only in the hider's secret answers (its set-up, the CSF's hex, its US
    plot) and in its own card deal; the observer's answers and every other die are shared. Yields both states
    at each decision of the observer, until the hider's first open decision or the US plot being carried out."""
    hider = other(observer)
    shared, rng_a, rng_b = random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)

    def in_secret(s, rng):
        """Each game answers the hider's secrets with its own dice, as far as they go."""
        while True:
            p = GAME.pause(s)
            secret = (s.step == f"deal:{hider}" if isinstance(p, Chance) else
                      isinstance(p, Decision) and p.side == hider and p.kind in SECRET_KINDS[hider])
            if not secret:
                return s, p
            s = GAME.apply(s, random_answer(p, rng))

    a = b = GAME.new_state()
    while True:
        (a, pa), (b, pb) = in_secret(a, rng_a), in_secret(b, rng_b)
        if isinstance(pa, End) or isinstance(pa, Decision) and pa.side == hider:
            return
        if isinstance(pa, Decision):
            yield a, b
        answer = random_answer(pa, shared)
        plotted = bool(a.plot)
        a, b = GAME.apply(a, answer), GAME.apply(b, answer)
        if plotted and not a.plot:        # 6.2(2): the US fleets move where everyone sees them
            return


def test_two_true_states_with_one_view_give_one_sample():
    checked = {"japan": 0, "usa": 0}
    differ = 0
    for seed in (1, 4, 9):
        for observer in GAME.sides:
            for a, b in hidden_alternatives(seed, observer):
                va = GAME.view(a, observer)
                assert GAME.view(b, observer) == va, f"{observer}'s view tells the two games apart at {a.step}"
                differ += GAME.to_json(a) != GAME.to_json(b)
                k = seed * 1000 + checked[observer]
                sa = GAME.sample_state(va, random.Random(k))
                sb = GAME.sample_state(GAME.view(b, observer), random.Random(k))
                assert GAME.to_json(sa) == GAME.to_json(sb), f"{observer} at {a.step}: the sample reads the true state"
                checked[observer] += 1
    assert checked["japan"] >= 5 and checked["usa"] >= 5, checked
    assert differ >= 10, "the alternatives hardly differ: the test would prove nothing"


# -- nothing hidden is fixed ----------------------------------------------------------------------------------
def first_decision(seed: int, side: str, step: str):
    """The first decision of `side` at a step starting with `step` in a seeded random game."""
    rng = random.Random(seed)
    s = GAME.new_state()
    while not isinstance(p := GAME.pause(s), End):
        if isinstance(p, Decision) and p.side == side and s.step.startswith(step):
            return s
        s = GAME.apply(s, random_answer(p, rng))
    raise AssertionError(f"no {side} decision at {step} in game {seed}")


def fifty_samples(s, side):
    v = GAME.view(s, side)
    samples = [GAME.sample_state(v, random.Random(k)) for k in range(50)]
    for t in samples:
        assert GAME.view(t, side) == v, "a sample changed what the view shows"
    return v, samples


def enemy_boxes(t, foe):
    """Where the enemy's squadrons are in a sample."""
    side = {q: GAME.data.aircraft[sp.type].side for q, sp in GAME.data.squadrons.items()}
    return tuple(sorted((q, box) for q, (box, _) in t.air.items() if side[q] == foe))


def test_6_2_japan_sees_neither_the_csf_before_it_is_announced_nor_the_us_plot():
    s = first_decision(1, "japan", "jmove:1af")       # turn 1: the CSF set up in secret and has plotted its move
    v, samples = fifty_samples(s, "japan")
    assert v["fleets"]["csf"] == "unknown" and v["plot"] is None and s.plot
    assert len({t.fleet["csf"] for t in samples}) > 1
    assert len({tuple(sorted(t.plot.items())) for t in samples}) > 1
    assert len({t.hands["usa"] for t in samples}) > 1
    assert len({enemy_boxes(t, "usa") for t in samples}) > 1


def test_12_0_the_us_sees_neither_the_japanese_hand_nor_its_display():
    s = first_decision(1, "usa", "plot:csf")
    v, samples = fifty_samples(s, "usa")
    assert v["hands"]["japan"] is None and v["hand_sizes"]["japan"] > 0
    assert len({t.hands["japan"] for t in samples}) > 1
    assert len({enemy_boxes(t, "japan") for t in samples}) > 1
