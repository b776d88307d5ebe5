"""Issue 11 item 5: JSON text goes through msgspec (`kaisen.engine.jsonio`), with the same text and clear errors."""
from __future__ import annotations

import json
import random

import pytest

from kaisen.engine import jsonio
from kaisen.engine.record import Record, RecordError
from kaisen.engine.testing import play_out, random_answer
from kaisen.engine.core import End
from kaisen.registry import get_game

GAMES = ("pacific-fury", "fury-at-midway", "victory-in-the-pacific")


def test_encode_is_the_compact_text_the_standard_library_writes():
    value = {"game": "vitp", "answers": ["a:b", [3, 6]], "seed": None, "ok": True, "n": -4, "x": 1.5,
             "nested": {"k": ["é", "Kongō"]}}
    assert jsonio.encode(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert jsonio.decode(jsonio.encode(value)) == value
    assert jsonio.encode((1, 2)) == "[1,2]"


@pytest.mark.parametrize("text, line, column", [
    ('{"a": [1,\n 2,', 2, 4),             # cut off in the middle
    ('{"a": 1} x', 1, 10),                # something after the value
    ('{\n  "a": tru\n}', 2, 8),           # a bad literal
])
def test_malformed_text_names_the_problem_line_and_column(text, line, column):
    with pytest.raises(jsonio.JSONTextError) as err:
        jsonio.decode(text)
    assert (err.value.lineno, err.value.colno) == (line, column)
    assert f"(line {line}, column {column})" in str(err.value)


def test_a_corrupt_record_is_refused_with_its_place():
    text = Record(game="pacific-fury", scenario="standard", answers=["pass"]).dumps()
    with pytest.raises(RecordError, match=r"not valid JSON .*line 1, column \d+"):
        Record.loads(text[:-7])


@pytest.mark.parametrize("game_id", GAMES)
def test_states_round_trip_through_msgspec_text_as_through_the_standard_library(game_id):
    game = get_game(game_id)
    rng = random.Random(3)
    s = game.new_state()
    n = 0
    while not isinstance(p := game.pause(s), End) and n < 400:
        if n % 37 == 0:
            back = jsonio.round_trip(game, s)
            assert back == s
            assert game.to_json(back) == json.loads(json.dumps(game.to_json(s)))
            assert jsonio.decode(jsonio.encode(game.to_json(s))) == json.loads(json.dumps(game.to_json(s)))
        s = game.apply(s, random_answer(p, rng))
        n += 1
    end = play_out(game, s, rng)
    assert jsonio.round_trip(game, end) == end
