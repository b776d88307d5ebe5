"""The sampler a search plans on (issue 15, item 1): a sample agrees with the view it came from, answers and plays
on like the true state, never reads the true state, and leaves open what the view hides. Victory in the
Pacific is played face up; its one secret is Japan's day-or-night pick while the Allies pick theirs (7.3)."""
from __future__ import annotations

import random
from functools import lru_cache

from kaisen.analysis.simulate import play_one
from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.games.victory_in_the_pacific import GAME, ai, sampler

SEEDS = (3, 11, 29)
EVERY = 23                    # a decision looked at about every this many steps


@lru_cache(maxsize=None)
def decisions() -> tuple:
    """(state, side, k) at decisions of both sides along seeded random games, one every few steps."""
    out = []
    for seed in SEEDS:
        for i, (s, _, _) in enumerate(testing.random_game(GAME, seed)):
            p = GAME.pause(s)
            if isinstance(p, Decision) and (i % EVERY == 0 or p.kind == "day-or-night" and i % 3 == 0):
                out.append((s, p.side, seed * 10_000 + i))
    assert {side for _, side, _ in out} == set(GAME.sides)
    return tuple(out)


def allies_choosing() -> list:
    """States where the Allies pick day or night with Japan's pick made and unseen (7.3)."""
    found = [s for s, side, _ in decisions() if side == "allies" and s.combat is not None
             and s.combat.stage == "choose:allies"]
    assert found, "no Allied day-or-night decision in the seeded games"
    return found


def sample(s, side: str, k: int):
    return GAME.sample_state(GAME.view(s, side), random.Random(k))


def test_7_3_a_sample_agrees_with_the_view_it_came_from():
    for s, side, k in decisions():
        assert GAME.view(sample(s, side, k), side) == GAME.view(s, side), (s.step, side)


def test_a_search_can_answer_from_a_sample_as_from_the_true_state():
    for s, side, k in decisions():
        p, q = GAME.pause(s), GAME.pause(sample(s, side, k))
        assert isinstance(q, Decision) and q.side == side and q.kind == p.kind
        assert [o.id for o in q.options] == [o.id for o in p.options]


def test_a_sample_plays_on():
    for s, side, k in decisions():
        rng = random.Random(k)
        t = sample(s, side, k)
        for _ in range(6):
            p = GAME.pause(t)
            if isinstance(p, End):
                break
            t = GAME.apply(t, testing.random_answer(p, rng))


def test_where_the_view_hides_nothing_the_sample_is_the_true_state():
    """Japan picks first (7.3), so nothing is ever hidden from Japan; nor from the Allies outside their pick."""
    checked = 0
    for s, side, k in decisions():
        if side == "allies" and s.combat is not None and s.combat.stage == "choose:allies":
            continue
        assert GAME.to_json(sample(s, side, k)) == GAME.to_json(s), (s.step, side)
        checked += 1
    assert checked > 50


def test_7_3_a_sample_never_needs_the_true_state():
    """Two games that differ only in Japan's secret pick look the same to the Allies and give the same samples."""
    pairs = 0
    for s, side, k in decisions():
        if side != "japan" or s.combat is None or s.combat.stage != "choose:japan":
            continue
        day, night = GAME.apply(s, "day"), GAME.apply(s, "night")
        if GAME.pause(day).side != "allies":
            continue
        assert GAME.to_json(day) != GAME.to_json(night)
        assert GAME.view(day, "allies") == GAME.view(night, "allies")
        for j in range(5):
            assert GAME.to_json(sample(day, "allies", k + j)) == GAME.to_json(sample(night, "allies", k + j))
        pairs += 1
    assert pairs >= 3


def test_7_3_japans_hidden_pick_is_not_fixed_and_what_the_allies_see_is_kept():
    s = allies_choosing()[0]
    view = GAME.view(s, "allies")
    picks = set()
    for k in range(50):
        t = GAME.sample_state(view, random.Random(k))
        picks.add(t.combat.choice["japan"])
        assert GAME.view(t, "allies") == view
        shown, true = GAME.to_json(t), GAME.to_json(s)
        del shown["combat"]["choice"]["japan"], true["combat"]["choice"]["japan"]
        assert shown == true                          # only the hidden pick was filled in
    assert picks == {"day", "night"}


def test_7_3_the_allies_guess_japans_pick_as_the_action_its_forces_favour():
    """A sample gives Japan the action its forces favour in this fight (`sampler.LIKELY` of the time), the other
    one otherwise: guessed from what the Allies see, so two states differing only in Japan's pick sample alike."""
    s = allies_choosing()[0]
    view = GAME.view(s, "allies")
    blank = GAME.sample_state(view, random.Random(0))
    del blank.combat.choice["japan"]
    favoured = ai.day_or_night(ai.Board(GAME.view(blank, "japan"), "japan"))
    picks = [GAME.sample_state(view, random.Random(k)).combat.choice["japan"] for k in range(400)]
    share = picks.count(favoured) / len(picks)
    assert abs(share - sampler.LIKELY) < 0.06, share
    assert set(picks) == {"day", "night"}


def test_7_3_the_guess_is_the_pick_japans_heuristic_made_from_the_same_forces():
    """Japan's own heuristic picks from Japan's view before the Allies choose; the Allies' guess reads the same
    forces from their view, so the favoured guess is the heuristic's pick, every time (seeded heuristic games)."""
    seen = 0
    for seed in (0, 1):
        def watch(state, decision, agent, answer):
            nonlocal seen
            if decision.kind == "day-or-night" and decision.side == "allies":
                blank = GAME.sample_state(GAME.view(state, "allies"), random.Random(0))
                del blank.combat.choice["japan"]
                assert ai.day_or_night(ai.Board(GAME.view(blank, "japan"), "japan")) == state.combat.choice["japan"]
                seen += 1
        play_one(GAME, {side: "heuristic" for side in GAME.sides}, seed, watch=watch)
    assert seen > 50
