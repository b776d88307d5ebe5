"""Issue 15: `evaluate` counts as the victory rules count (4.0, 4.1, 4.2, 11.0), and the turn is a fit horizon."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from kaisen.engine.core import Decision, End
from kaisen.engine import testing
from kaisen.engine.testing import random_answer, random_game
from kaisen.games.fury_at_midway import GAME
from kaisen.games.fury_at_midway.evaluation import LIMIT, features, landing_odds
from kaisen.games.fury_at_midway.state import other

TOP = 1 / (1 + math.exp(-LIMIT))        # the highest estimate short of the end


def states_of(seed: int, every: int = 5):
    for i, (s, _, _) in enumerate(random_game(GAME, seed)):
        if i % every == 0:
            yield s


def first_state(seed: int, test):
    rng = random.Random(seed)
    s = GAME.new_state()
    while not isinstance(p := GAME.pause(s), End):
        if test(s, p):
            return s
        s = GAME.apply(s, random_answer(p, rng))
    raise AssertionError(f"game {seed} never reached the situation")


# -- the end ----------------------------------------------------------------------------------------------------
def test_4_0_a_finished_game_is_worth_1_to_the_winner_0_to_the_loser_and_half_a_draw():
    seen = set()
    for seed in range(60):
        *_, (_, _, last) = random_game(GAME, seed)
        end = GAME.pause(last)
        assert isinstance(end, End)
        if end.winner is None:
            assert GAME.evaluate(last, "japan") == GAME.evaluate(last, "usa") == 0.5
        else:
            assert GAME.evaluate(last, end.winner) == 1.0 and GAME.evaluate(last, other(end.winner)) == 0.0
        seen.add((end.winner, last.turn))
        if {("japan", 3), ("usa", 3), ("usa", 7), (None, 7)} <= seen:
            break
    assert {("japan", 3), ("usa", 3), ("usa", 7), (None, 7)} <= seen, seen


# -- bounds, symmetry, purity ---------------------------------------------------------------------------------
def test_an_unfinished_game_is_strictly_between_0_and_1_and_the_sides_sum_to_1():
    values = set()
    for seed in (0, 3, 4, 16):
        for s in states_of(seed):
            if isinstance(GAME.pause(s), End):
                continue
            values.add(round(testing.assert_evaluation_contract(GAME, s)["japan"], 6))
    assert len(values) > 20, "the estimate hardly moves"


def test_an_unknown_side_is_refused_naming_the_sides():
    with pytest.raises(ValueError, match="japan"):
        GAME.evaluate(GAME.new_state(), "allies")


# -- situations where the rules' own count puts one side ahead ------------------------------------------------------
def test_4_2_1_sinking_a_carrier_raises_the_chance_of_the_side_that_sank_it():
    sinkings = 0
    for seed in range(40):
        for s, _, nxt in random_game(GAME, seed):
            new = [k for k in nxt.sunk if k not in s.sunk and k not in nxt.towed]
            if not new or isinstance(GAME.pause(nxt), End):
                continue
            sinker = other(GAME.data.carriers[new[0]].side)
            before, after = GAME.evaluate(s, sinker), GAME.evaluate(nxt, sinker)
            assert after > before or before == pytest.approx(TOP), (seed, s.step, new, before, after)
            sinkings += 1
    assert sinkings >= 8


def test_4_2_the_1af_leaving_the_map_puts_the_us_ahead():
    """Through the flow: on turn 1 the 1AF enters at the west edge and may leave at once (6.1(2)); leaving scores
    the US 1 VP (4.2) and takes Japan's carriers off the map for the Day 1 check (4.1)."""
    s = first_state(7, lambda s, p: isinstance(p, Decision) and s.step == "declare")
    s = GAME.apply(s, "no-attack")
    rng = random.Random(0)
    while not s.step.startswith("jmove:1af"):          # the US plots its move
        s = GAME.apply(s, random_answer(GAME.pause(s), rng))
    s = GAME.apply(s, [i for i in GAME.pause(s).ids() if i.startswith("enter:")][0])
    assert "exit" in GAME.pause(s).ids()
    stays, leaves = GAME.apply(s, "stop"), GAME.apply(s, "exit")
    assert "1af" in leaves.exits
    assert GAME.evaluate(leaves, "usa") > GAME.evaluate(stays, "usa")
    assert GAME.evaluate(leaves, "japan") < 0.5 < GAME.evaluate(leaves, "usa")


def test_4_1_three_times_the_carriers_on_the_map_is_ahead_before_day_1_ends():
    """The smallest edit: on turn 3 Hornet is sunk and Yorktown, twice hit, sails in the US DMCV. With the DMCV
    off the map the US has one carrier on the map against Japan's four, and 4.1 would give Japan the game; with
    it still on the map nothing is decided. The VP (4.2) and the aircraft are the same in both."""
    s = first_state(0, lambda s, p: s.turn == 3 and isinstance(p, Decision) and not s.sunk)
    base = s.copy()
    base.sunk = ("hornet",)
    base.damage = {**base.damage, "yorktown": (1, 2)}
    base.dmcv = {**base.dmcv, "usa": "yorktown"}
    on_map = base.copy()
    on_map.fleet = {**on_map.fleet, "us-dmcv": "I-1"}
    gone = base.copy()
    gone.fleet = {**gone.fleet, "us-dmcv": "exited"}
    gone.exits = gone.exits + ("us-dmcv",)
    assert all(s.on_map(f) for f in ("1af", "csf"))
    assert features(gone, GAME.data)[2] == 1 and features(on_map, GAME.data)[2] == 0      # the 4.1 verdict
    assert features(gone, GAME.data)[0] == features(on_map, GAME.data)[0]                 # the 4.2 count
    assert GAME.evaluate(gone, "japan") > GAME.evaluate(on_map, "japan")


def test_11_0_a_weaker_garrison_and_an_invasion_force_in_reach_raise_japans_chance():
    """The smallest edit: turn 7, the Invasion Force next to Midway (11.0), Garrison 6 or 2 (9.6(3)); and the same
    force four hexes away, too far to land by the end of the turn."""
    s = first_state(0, lambda s, p: s.turn == 7 and isinstance(p, Decision))
    mid = GAME.data.midway.hex
    near = sorted(h for h in GAME.data.hexes if GAME.data.hex_distance(h, mid) == 1)[0]
    far = sorted(h for h in GAME.data.hexes if GAME.data.hex_distance(h, mid) == 4)[0]

    def at(hex_: str, garrison: int):
        t = s.copy()
        t.fleet = {**t.fleet, "mif": hex_}
        t.garrison, t.invasion, t.midway_control = garrison, 5, "usa"
        return t

    assert GAME.evaluate(at(near, 2), "japan") > GAME.evaluate(at(near, 6), "japan") > \
        GAME.evaluate(at(far, 6), "japan")


def test_11_0_the_landing_odds_are_the_dice_s():
    assert Fraction(landing_odds(1, 1)).limit_denominator(1000) == Fraction(6, 11)     # 1/6 / (1 - 5/6 * 5/6)
    assert Fraction(landing_odds(2, 1)).limit_denominator(10000) == Fraction(15, 88)
    assert landing_odds(0, 3) == 1.0 and landing_odds(4, 0) == 0.0
    for g in range(1, 7):
        for i in range(1, 6):
            assert landing_odds(g, i) > landing_odds(g + 1, i) and landing_odds(g, i + 1) > landing_odds(g, i)


# -- the horizon ------------------------------------------------------------------------------------------------
def test_the_turn_as_horizon_changes_every_few_dozen_to_few_hundred_steps():
    """Engine.horizon's default (the turn) is kept: a rollout cut after a turn or two stops after 40-300 steps."""
    steps, turns = 0, 0
    for seed in (0, 1, 2, 3):
        marks = [GAME.horizon(s) for s, _, _ in random_game(GAME, seed)]
        steps += len(marks)
        turns += len(set(marks))
    assert 40 <= steps / turns <= 300, steps / turns
