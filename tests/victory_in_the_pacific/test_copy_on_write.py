"""The state's dicts are copied on write (issue 11, shared.py): a copy shares them until one of the two states writes
one through `VPState.edit`; the other never sees the write, and a direct write to a shared dict is refused loudly."""
from __future__ import annotations

import json
import random

import pytest

from kaisen.engine.core import Chance, End
from kaisen.games.victory_in_the_pacific.game import VictoryInThePacific
from kaisen.games.victory_in_the_pacific.shared import Own, Shared
from kaisen.games.victory_in_the_pacific.state import VPState

GAME = VictoryInThePacific()
FIELDS = ("mode", "damage", "repaired", "back", "control", "base_control", "surrounded")
SHARED = FIELDS[1:]      # `mode`, written on a third of all steps, is copied with the state instead
ALL_RULES = {"turn-9": True, "task-forces": True, "invasion-combat": True, "air-strike-damage": True,
             "us-battleship-bonus": True}


def text(s: VPState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def test_a_copy_shares_each_dict_until_one_state_writes_it():
    s = GAME.new_state()
    c = s.copy()
    for name in SHARED:
        assert getattr(c, name) == getattr(s, name) and type(getattr(c, name)) is Shared
    assert c.mode == s.mode and c.mode is not s.mode
    before = text(s)
    c.edit("damage")["yamato"] = 3
    c.edit("control")["indonesia"] = "allies"
    assert type(c.damage) is Own and c.damage["yamato"] == 3 and c.control["indonesia"] == "allies"
    assert text(s) == before
    grand = c.copy()                       # an Own dict is shared in place by the next copy
    assert grand.damage is c.damage and type(c.damage) is Shared
    grand.edit("damage").pop("yamato")
    assert c.damage["yamato"] == 3 and "yamato" not in grand.damage


@pytest.mark.parametrize("write", [
    lambda d: d.__setitem__("yamato", 1),
    lambda d: d.update({"yamato": 1}),
    lambda d: d.pop("yamato", None),
    lambda d: d.__delitem__("yamato"),
    lambda d: d.clear(),
    lambda d: d.setdefault("yamato", 1),
    lambda d: d.popitem(),
])
def test_a_shared_dict_refuses_a_direct_write(write):
    s = GAME.new_state()
    c = s.copy()
    for name in SHARED:
        before = dict(getattr(c, name))
        with pytest.raises(RuntimeError, match="edit"):
            write(getattr(c, name))
        assert getattr(c, name) == before


def test_a_shared_dict_pickles_and_json_round_trips_as_a_plain_dict():
    import pickle
    s = GAME.new_state().copy()
    assert pickle.loads(pickle.dumps(s.base_control)) == s.base_control
    assert type(pickle.loads(pickle.dumps(s.base_control))) is dict
    assert VPState.from_json(json.loads(text(s))) == s


@pytest.mark.parametrize("seed, options", [(0, None), (1, ALL_RULES), (2, ALL_RULES)])
def test_writing_a_child_never_changes_its_parent_along_random_games(seed, options):
    """Every step of seeded random games (every optional rule on in two): `apply` leaves the state it was given as
    it was (its JSON), and a child written through `edit` in each of its dicts leaves its parent as it was."""
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    n = 0
    while not isinstance(p := GAME.pause(s), End):
        before = text(s)
        a = tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else rng.choice(p.options).id
        new = GAME.apply(s, a)
        assert text(s) == before, (n, s.step, a)
        if n % 7 == 0:
            child = new.copy()
            parent = text(new)
            for name in FIELDS:
                child.edit(name)["written-by-the-child"] = 1
            assert text(new) == parent, (n, new.step)
        s = new
        n += 1
