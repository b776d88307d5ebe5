"""Issue 14: a person plays every game without reading an id. Over seeded random games of every scenario of
every game, no prompt, option label or event text holds an internal id (a box id such as "deck:akagi:2", a
roster id such as "usa-dd-1", a data key such as "kongo_bb"), no two options of one decision read alike,
and no prompt begins with a side's name and a colon (the terminal and the browser print it already)."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.registry import GAMES, get_game

RAW_ID = re.compile(r"\b(deck|cap|sg|hangar|port|sea|home|group|spent|ret\d?|setup):[a-z0-9]"   # a place id
                    r"|\b[a-z]+-[a-z]{2,}-\d+\b"                                                # a roster id
                    r"|\b[a-z]+_[a-z]+\b")                                                     # a data key
SIDE_WORDS = {"japan", "usa", "us", "allies", "usn", "ijn"}
STEPS = 1500


def words_seen(game_id: str, scenario: str, seed: int):
    """Each (what, text, kind) a side could read along one seeded random game (cut at STEPS answers)."""
    game = get_game(game_id)
    rng = random.Random(seed)
    s = game.new_state(scenario, game.resolve_options(None))
    for e in game.events(s):
        yield "event", e.text, e.kind
    for _ in range(STEPS):
        p = game.pause(s)
        if isinstance(p, End):
            return
        if isinstance(p, Decision):
            yield "prompt", p.prompt, p.kind
            labels = [o.label for o in p.options]
            for text, n in Counter(labels).items():
                assert n == 1, f"{game_id} {p.kind}: {n} options read {text!r}: {[o.id for o in p.options]}"
            for text in labels:
                yield "label", text, p.kind
        s = game.apply(s, testing.random_answer(p, rng))
        for e in game.events(s):
            yield "event", e.text, e.kind


CASES = [(g, sc.id) for g in sorted(GAMES) for sc in get_game(g).scenarios]


@pytest.mark.parametrize("game_id,scenario", CASES, ids=[f"{g}-{sc}" for g, sc in CASES])
def test_what_a_player_reads_names_things_in_words_not_ids(game_id, scenario):
    for what, text, kind in words_seen(game_id, scenario, seed=3):
        assert not RAW_ID.search(text), f"{game_id} {what} of {kind} holds an id: {text!r}"
        if what == "prompt":
            head, colon, _ = text.partition(":")
            assert not (colon and head.strip().lower() in SIDE_WORDS), \
                f"{game_id} {kind}: the prompt repeats the side: {text!r}"


def test_the_check_finds_the_ids_it_looks_for():
    """The pattern is not vacuous: the ids the review found read as ids, names do not."""
    for raw in ("Akagi B5N-2 deck:akagi:2", "destroyer usa-dd-1 moves", "Add kongo_bb (BB)", "CAP cap:tf16"):
        assert RAW_ID.search(raw), raw
    for fine in ("Akagi B5N-2 on Akagi's deck, box 2", "US destroyer 1 moves", "Add Kongo (BB)", "A6M-2b #1",
                 "Hiryu B5N-2 (reduced)", "Split-S off the board, heading N"):
        assert not RAW_ID.search(fine), fine
