"""Engine contract for search (issue 15): `evaluate` scores a battle cut short by the Victory count (B, D.8, the
Victory Points and mission bonuses), 1/0/0.5 at the End; `horizon` (the turn) changes every few dozen steps."""
from __future__ import annotations

import random
import time

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Chance, End
from kaisen.games.nights_of_fury import GAME, evaluation, victory
from kaisen.games.nights_of_fury.common import Ctx

from .helpers import D, PLAIN, at_phase, is_chance, is_decision, play, situation

SCENARIOS = list(D.data.scenarios)


def random_battle(scenario: str, seed: int):
    """Every state of a seeded random battle, the End included."""
    rng = random.Random(seed)
    s = GAME.new_state(scenario)
    while True:
        yield s
        p = GAME.pause(s)
        if isinstance(p, End):
            return
        s = GAME.apply(s, tuple(rng.randint(1, x) for x in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)


def test_victory_the_end_is_1_for_the_winner_0_for_the_loser_and_half_a_draw():
    """Victory: a finished battle is scored as its End says, a draw included (Tassafaronga, seed 2)."""
    results = []
    for scenario, seed in (("cape-esperance", 1), ("tassafaronga", 2), ("campaign", 2)):
        *_, last = random_battle(scenario, seed)
        end = GAME.pause(last)
        assert isinstance(end, End)
        for side in GAME.sides:
            want = 0.5 if end.winner is None else float(end.winner == side)
            assert GAME.evaluate(last, side) == want
        results.append(end.winner)
    assert "ijn" in results and None in results


@pytest.mark.parametrize("scenario", SCENARIOS + ["generated"])
def test_values_lie_inside_0_1_sum_to_1_and_read_only_the_state(scenario):
    """Before the End every value is strictly between 0 and 1, the two sides' sum to 1, the same state gives the
    same value, and evaluating changes nothing in the state."""
    checked = 0
    for seed in (1, 2):
        for i, s in enumerate(random_battle(scenario, seed)):
            if i % 7 or s.step == "over":
                continue
            testing.assert_evaluation_contract(GAME, s)
            checked += 1
    assert checked > 20
    with pytest.raises(ValueError, match="unknown side"):
        GAME.evaluate(GAME.new_state(SCENARIOS[0]), "japan")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_victory_the_count_is_the_victory_check_made_now(scenario):
    """Victory: the points the evaluation counts (one pass over the ships, for speed) are exactly what the end of
    the battle would score now (victory.scores), mission bonuses included."""
    for seed in (3, 4):
        for i, s in enumerate(random_battle(scenario, seed)):
            if i % 5 or s.step == "over":
                continue
            pts = victory.scores(Ctx(s, D))
            mine = evaluation._count(D, s, evaluation._scenario(D, s.scenario))[0]
            assert mine == [sum(pts[sd].values()) for sd in ("ijn", "usn")], (scenario, seed, i)


def test_victory_points_a_ship_sunk_or_heavily_damaged_in_play_raises_the_other_sides_chance():
    """Victory: at every step of random battles where one ship sinks or becomes heavily damaged (enemy VP, half for
    heavy damage) and nothing else changes side, the enemy's value goes up."""
    seen = {"sunk": 0, "damaged": 0}
    for scenario in ("cape-esperance", "guadalcanal-night-2", "tassafaronga"):
        for seed in (1, 2, 3):
            prev = None
            for s in random_battle(scenario, seed):
                if prev is not None and s.turn == prev.turn and s.step != "over":
                    changed = [q for q in s.ships if s.ships[q] != prev.ships[q]]
                    if len(changed) == 1:
                        q = changed[0]
                        card, a, b = D.ships[q], prev.ships[q], s.ships[q]
                        enemy = "usn" if card.side == "ijn" else "ijn"
                        sunk = a.status == "afloat" and b.status == "sunk"
                        heavy = (not D.heavily_damaged(card, a.structure, a.flotation)
                                 and D.heavily_damaged(card, b.structure, b.flotation) and b.status == "afloat")
                        if sunk or heavy:
                            assert GAME.evaluate(s, enemy) > GAME.evaluate(prev, enemy), (scenario, seed, q)
                            seen["sunk" if sunk else "damaged"] += 1
                prev = s
    assert seen["sunk"] > 3 and seen["damaged"] > 3


def test_d8_bombardment_ships_leaving_by_the_far_band_put_the_ijn_ahead_of_leaving_by_home():
    """D.8, Victory: Kongo and Haruna disengaging by band 1 (the IJN's far band) earn the bombardment bonus and deny
    the USN patrol bonus; by band 10 (home) they earn nothing. Played through the Disengage Phase."""
    after = {}
    for band in (1, 10):
        s = situation("henderson-bombardment", phase="disengage", bands={"ijn-bombardment": band})
        p = is_decision(s, "disengage")
        assert p.side == "ijn"
        s, _ = play(s, "disengage")
        is_chance(s, "leave-roll")
        s, _ = play(s, (6,), (6,))
        assert [s.ships[q].status for q in ("kongo_bb", "haruna")] == ["disengaged", "disengaged"]
        after[band] = s
    far, home = after[1], after[10]
    assert GAME.evaluate(far, "ijn") > 0.5 > GAME.evaluate(home, "ijn")
    assert GAME.evaluate(far, "usn") < GAME.evaluate(home, "usn")


def test_victory_a_killed_commander_counts_for_the_enemy():
    """Victory: the same battle with the IJN commander killed is worth more to the USN."""
    s = at_phase(GAME.new_state("cape-esperance", PLAIN), "movement")
    t = s.copy()
    cid, ship, _ = t.commanders["ijn"]
    t.commanders["ijn"] = (cid, ship, False)
    assert GAME.evaluate(t, "usn") > GAME.evaluate(s, "usn")


def test_victory_the_same_lead_weighs_more_as_the_last_turn_nears():
    """Victory: the battle is decided by the points at its end; a cruiser sunk on turn 1 leaves seven turns to
    answer it, on the last turn none, so the same lead reads nearer certainty on the last turn."""
    values = []
    for turn in (1, 8):
        s = GAME.new_state("cape-esperance", PLAIN).copy()
        s.turn = turn
        s.ships["aoba"] = s.ships["aoba"]._replace(status="sunk")
        s = at_phase(s, "movement")
        values.append(GAME.evaluate(s, "usn"))
    assert 0.5 < values[0] < values[1]


def test_horizon_changes_every_few_dozen_steps_and_evaluation_is_reported(capsys):
    """The default horizon (the turn) is kept: a turn of random play takes a few dozen steps (well under 300);
    prints the steps per turn and the microseconds per evaluation (a benchmark, not a timed assert)."""
    steps = turns = 0
    states = []
    for scenario in SCENARIOS:
        marks = [GAME.horizon(s) for s in random_battle(scenario, 5)]
        steps += len(marks) - 1
        turns += len(set(marks))
        assert all(isinstance(m, int) for m in marks)
        states += list(random_battle(scenario, 6))[::3]
    assert steps / turns < 300
    t0 = time.perf_counter()
    for s in states:
        GAME.evaluate(s, "usn")
    t = time.perf_counter() - t0
    with capsys.disabled():
        print(f"\nNoF: {steps / turns:.0f} steps per turn (horizon unit) in random play; "
              f"evaluate {1e6 * t / len(states):.0f} us per call over {len(states)} states")
