"""The state's unit locations are copied on write (issue 11): a copy shares them until one of the two states
moves a unit, the other never sees the move, and a write that would reach both is refused loudly."""
from __future__ import annotations

import random

import pytest

from kaisen.engine import testing
from kaisen.engine.core import End
from kaisen.games.victory_in_the_pacific.state import Locs
from kaisen.registry import get_game

GAME = get_game("victory-in-the-pacific")


def test_a_move_in_a_copy_leaves_the_original_where_it_was():
    s = GAME.new_state()
    c = s.copy()
    assert c.loc is s.loc and s.loc.frozen            # shared until a unit moves
    before = dict(s.loc)
    c.place("yamato", "sea:indonesia")
    assert c.loc is not s.loc and not c.loc.frozen
    assert c.loc["yamato"] == "sea:indonesia"
    assert dict(s.loc) == before
    assert "yamato" in c.loc.index(GAME.data.units).get("sea:indonesia", ())
    assert "yamato" not in s.loc.index(GAME.data.units).get("sea:indonesia", ())


@pytest.mark.parametrize("write", [
    lambda loc: loc.__setitem__("yamato", "sunk"),
    lambda loc: loc.update({"yamato": "sunk"}),
    lambda loc: loc.pop("yamato"),
    lambda loc: loc.__delitem__("yamato"),
    lambda loc: loc.clear(),
])
def test_a_shared_map_refuses_a_direct_write(write):
    s = GAME.new_state()
    s.copy()
    with pytest.raises(RuntimeError, match="state.place"):
        write(s.loc)
    assert s.loc["yamato"] != "sunk"


def test_apply_never_moves_a_unit_of_its_input_along_random_play():
    rng = random.Random(5)
    s = GAME.new_state()
    for _ in range(600):
        before = dict(s.loc)
        p = GAME.pause(s)
        if isinstance(p, End):
            break
        new = GAME.apply(s, testing.random_answer(p, rng))
        assert dict(s.loc) == before
        assert type(new.loc) is Locs
        s = new
