"""Contract properties for Victory in the Pacific: random play ends, JSON round trip, replay identity, the
sampler rebuilds the state a side sees, and the one secret (7.3) stays hidden."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.games.victory_in_the_pacific import GAME

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_random_legal_play_always_reaches_the_end(seed):
    last = None
    for _, _, last in testing.random_game(GAME, seed):
        pass
    end = GAME.pause(last)
    assert isinstance(end, End) and last.turn == GAME.data.last_turn
    assert end.winner == ("allies" if last.poc > 0 else "japan" if last.poc < 0 else None)


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_every_state_round_trips_through_json(seed):
    for i, (s, _, _) in enumerate(testing.random_game(GAME, seed)):
        if i % 5 == 0:
            testing.assert_round_trip(GAME, s)


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_replay_of_a_record_gives_the_identical_state(seed):
    testing.assert_replay_identity(GAME, seed)


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_the_day_night_choice_is_hidden_until_both_have_chosen_and_the_sampler_agrees(seed):
    rng = random.Random(seed)
    for i, (s, _, _) in enumerate(testing.random_game(GAME, seed)):
        cb = s.combat
        if cb is not None and cb.stage == "choose:allies":
            v = GAME.view(s, "allies")
            assert "japan" not in v["combat"]["choice"] and "japan" not in v["control_state"]["combat"]["choice"]
            assert GAME.view(s, "japan")["combat"]["choice"].get("japan") in ("day", "night")
        p = GAME.pause(s)
        if i % 11 == 0 and isinstance(p, Decision):
            sample = GAME.sample_state(GAME.view(s, p.side), rng)
            assert GAME.view(sample, p.side) == GAME.view(s, p.side)
            assert isinstance(GAME.pause(testing.play_out(GAME, sample, rng)), End)
