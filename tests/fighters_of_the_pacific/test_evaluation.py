"""Engine contract for search (issue 15): `evaluate` scores a game cut short by the Victory boards (the VP each
side has scored, the airplanes still at stake, the strikes still to come), 1/0/0.5 at the End; `horizon` (the turn)
changes every few dozen steps."""
from __future__ import annotations

import random
import time

import pytest

from kaisen.engine import testing
from kaisen.engine.core import End

from .helpers import GAME, N, S, SE, fly, pl, situation

SCENARIOS = [sc.id for sc in GAME.scenarios]


def random_game(scenario: str, seed: int):
    """Every state of a seeded random game, the End included (no dice: every pause is a decision)."""
    rng = random.Random(seed)
    s = GAME.new_state(scenario)
    while True:
        yield s
        p = GAME.pause(s)
        if isinstance(p, End):
            return
        s = GAME.apply(s, rng.choice(p.options).id)


def test_victory_boards_the_end_is_1_for_the_winner_0_for_the_loser_and_half_a_draw():
    """Victory boards: a finished game is scored as its End says: wins of each side (random games to the end) and a
    draw (random play never drew here: equal boards after the last turn, reached through the victory step)."""
    planes = [pl("usa-wildcat-1", "B5", N), pl("japan-zero-1", "O1", S)]
    ends = [situation("fighter-sweep", planes, phase="victory", turn=6, vp={"japan": 2, "usa": 2})]
    for scenario in ("fighter-sweep", "strike-escort", "kido-butai"):
        for seed in range(3):
            *_, last = random_game(scenario, seed)
            ends.append(last)
    winners = set()
    for last in ends:
        end = GAME.pause(last)
        assert isinstance(end, End)
        for side in GAME.sides:
            assert GAME.evaluate(last, side) == (0.5 if end.winner is None else float(end.winner == side))
        winners.add(end.winner)
    assert winners == {"japan", "usa", None}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_values_lie_inside_0_1_sum_to_1_and_read_only_the_state(scenario):
    """Before the End every value is strictly between 0 and 1, the two sides' sum to 1, the same state gives the
    same value, and evaluating changes nothing in the state."""
    checked = 0
    for seed in (1, 2):
        for i, s in enumerate(random_game(scenario, seed)):
            if i % 5 or s.step == "over":
                continue
            testing.assert_evaluation_contract(GAME, s)
            checked += 1
    assert checked > 10
    with pytest.raises(ValueError, match="unknown side"):
        GAME.evaluate(GAME.new_state(scenario), "ijn")


def test_victory_boards_a_bomber_shot_down_puts_the_shooter_ahead():
    """Victory boards: the Wildcat that shoots down the Kate scores a bomber's VP; the US value rises past even."""
    s = situation("strike-escort", [pl("usa-wildcat-1", "H1", S), pl("japan-kate-1", "H7", SE, activated=True)])
    before = fly(s, "usa-wildcat-1", ["advance"] * 4)
    after = GAME.apply(before, "shoot:japan-kate-1")
    assert after.vp["usa"] == GAME.data.scenarios["strike-escort"].vp.bomber
    assert GAME.evaluate(after, "usa") > max(0.5, GAME.evaluate(before, "usa"))
    assert GAME.evaluate(after, "japan") < GAME.evaluate(before, "japan")


def test_victory_boards_a_dive_bomb_on_a_carrier_segment_puts_the_bomber_ahead():
    """Victory boards, Ships: a Dauntless dives onto Kaga and hits a segment (carrier segment VP); the US value
    rises although the Dauntless has spent its bomb."""
    from .helpers import ship
    kaga = [ship("kaga", "japan", "carrier", ["H7", "H8", "H9"])]
    s = situation("dive-on-kaga", [pl("usa-dauntless-1", "H10", N, "high", ordnance="dive_bomb"),
                                   pl("japan-zero-1", "O1", S)], ships=kaga, side="usa")
    before = GAME.apply(fly(s, "usa-dauntless-1", [], end=False), "dive")
    after = GAME.apply(before, "dive-bomb")
    assert after.ships["kaga"].hit == (False, False, True) and after.vp["usa"] > 0
    assert GAME.evaluate(after, "usa") > GAME.evaluate(before, "usa")


def test_victory_boards_every_airplane_shot_down_in_play_raises_the_shooters_chance():
    """Victory boards: at every step of random games where one airplane is destroyed and the enemy scores it (and
    nothing else is scored, the turn goes on), the enemy's value goes up."""
    seen = 0
    for scenario in ("fighter-sweep", "strike-escort", "santa-cruz"):
        for seed in range(3):
            prev = None
            for s in random_game(scenario, seed):
                if prev is not None and s.turn == prev.turn and s.step != "over":
                    new = s.scored[len(prev.scored):]
                    lost = set(prev.planes) - set(s.planes)
                    if len(new) == 1 and new[0][1] in ("fighter", "bomber") and lost == {new[0][2]}:
                        side = new[0][0]
                        assert GAME.evaluate(s, side) > GAME.evaluate(prev, side), (scenario, seed, new)
                        seen += 1
                prev = s
    assert seen > 5


def test_victory_boards_the_same_lead_weighs_more_on_the_last_turn():
    """Victory boards: the VP are compared after the last turn; a 3 VP lead on turn 1 leaves five turns to answer
    it, on the last turn none."""
    planes = [pl("usa-wildcat-1", "B5", N), pl("japan-zero-1", "O1", S)]
    early = situation("fighter-sweep", planes, turn=1, vp={"japan": 0, "usa": 3})
    late = situation("fighter-sweep", planes, turn=6, vp={"japan": 0, "usa": 3})
    assert 0.5 < GAME.evaluate(early, "usa") < GAME.evaluate(late, "usa")


def test_horizon_changes_every_few_dozen_steps_and_evaluation_is_reported(capsys):
    """The default horizon (the turn) is kept: a turn of random play takes a few dozen steps (well under 300);
    prints the steps per turn and the microseconds per evaluation (a benchmark, not a timed assert)."""
    steps = turns = 0
    states = []
    for scenario in SCENARIOS:
        marks = [GAME.horizon(s) for s in random_game(scenario, 5)]
        steps += len(marks) - 1
        turns += len(set(marks))
        states += list(random_game(scenario, 6))[::3]
    assert steps / turns < 300
    t0 = time.perf_counter()
    for s in states:
        GAME.evaluate(s, "usa")
    t = time.perf_counter() - t0
    with capsys.disabled():
        print(f"\nFotP: {steps / turns:.0f} steps per turn (horizon unit) in random play; "
              f"evaluate {1e6 * t / len(states):.0f} us per call over {len(states)} states")
