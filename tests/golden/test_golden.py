"""The golden records replay to the same final state and narration, and the same seed and agents still
play the same game (see golden.py): a refactoring that changes any game fails here."""
from __future__ import annotations

import json

import pytest

from kaisen.engine.record import Record, replay
from kaisen.registry import get_game

from .golden import CASES, digest, path, play, summary


def stored(case):
    return json.loads(path(*case).read_text())


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_a_golden_record_replays_to_the_same_state_and_narration(case):
    gold = stored(case)
    game = get_game(case[0])
    state, events = replay(game, Record.from_dict(gold["record"], expect_game=game.id), collect_events=True)
    assert digest(game.to_json(state)) == gold["final_state"]
    assert digest([e.text for e in events]) == gold["narration"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_the_same_seed_and_agents_play_the_golden_game_again(case):
    gold = stored(case)
    now = summary(play(*case))
    assert now["record"]["answers"] == gold["record"]["answers"]
    assert now == gold
