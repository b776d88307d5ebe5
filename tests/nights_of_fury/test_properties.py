"""Contract properties: random legal play ends in every scenario (with and without the optional rules), JSON round
trip, replay identity, refused answers change nothing, no view or narration names a ship its enemy has not
identified, and hidden alternatives (one side's secret answers) look byte-identical to the enemy and a spectator."""
from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from kaisen.engine import testing
from kaisen.engine.core import Chance, Decision, End, IllegalAction
from kaisen.games.nights_of_fury import GAME

from .helpers import OPTIONAL, PLAIN, D, play, situation

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
SCENARIOS = sorted(D.data.scenarios)                     # the seven historical scenarios
FOE = {"usn": "ijn", "ijn": "usn"}
WORD = {q: re.compile(r"(?<![\w-])" + re.escape(q) + r"(?![\w-])") for q in D.ships}
CLASS_NAMES = {sp.class_name for sp in D.ships.values()}


def random_game(scenario: str, seed: int, opts: dict | None = None):
    """Yield (state, answer, next_state) along a random legal battle of `scenario`."""
    rng = random.Random(seed)
    s = GAME.new_state(scenario, opts)
    while not isinstance(p := GAME.pause(s), End):
        a = testing.random_answer(p, rng)
        nxt = GAME.apply(s, a)
        yield s, a, nxt
        s = nxt


@pytest.mark.parametrize("opts", [OPTIONAL, PLAIN, {**OPTIONAL, "advanced-fire": True}],
                         ids=["optional-rules", "plain", "advanced-fire"])
@pytest.mark.parametrize("scenario", SCENARIOS)
@settings(max_examples=2, deadline=None)
@given(seed=SEEDS)
def test_random_legal_play_always_reaches_the_end(scenario, opts, seed):
    n, last = 0, None
    for _, _, last in random_game(scenario, seed, opts):
        n += 1
        assert n < 20000
    end = GAME.pause(last)
    assert isinstance(end, End) and last.turn <= D.scenario(scenario).turns
    assert end.winner in ("usn", "ijn", None) and (end.winner is None) == (last.vp["usn"] == last.vp["ijn"])


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS, scenario=st.sampled_from(SCENARIOS))
def test_every_state_round_trips_through_json(seed, scenario):
    for i, (s, _, _) in enumerate(random_game(scenario, seed)):
        if i % 3 == 0:
            testing.assert_round_trip(GAME, s)


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_replay_of_a_record_gives_the_identical_state(seed):
    testing.assert_replay_identity(GAME, seed)


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS, scenario=st.sampled_from(SCENARIOS))
def test_a_refused_answer_changes_nothing(seed, scenario):
    for i, (s, _, _) in enumerate(random_game(scenario, seed)):
        if i % 11:
            continue
        before = json.dumps(GAME.to_json(s), sort_keys=True)
        p = GAME.pause(s)
        if isinstance(p, Chance):
            bad = ["hold", (), tuple(k + 1 for k in p.dice), tuple(0 for _ in p.dice), p.dice + (1,)]
        else:
            bad = ["no-such-option", (1,), (), "at:nowhere:1"]
        for answer in bad:
            with pytest.raises(IllegalAction):
                GAME.apply(s, answer)
        assert json.dumps(GAME.to_json(s), sort_keys=True) == before


def strings(obj):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings(v)
    elif isinstance(obj, str):
        yield obj


def unknown_to(s, side: str) -> set[str]:
    """Enemy ships `side` has not identified (D.4: identification is what turns a card face up)."""
    return {q for q in s.ships if D.ships[q].side == FOE[side]} - set(s.identified.get(side, ()))


def named(text: str, ships) -> set[str]:
    """The ships a text names, by id or by a ship name that is not also a class name."""
    out = set()
    for cls in sorted(CLASS_NAMES, key=len, reverse=True):    # "Furutaka/Aoba" is a class, not Aoba
        text = text.replace(cls, "")
    for q in ships:
        name = D.ships[q].name
        if WORD[q].search(text) or (name not in CLASS_NAMES and re.search(r"\b" + re.escape(name) + r"\b", text)):
            out.add(q)
    return out


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, scenario=st.sampled_from(SCENARIOS))
def test_d4_no_view_option_or_narration_names_a_ship_the_enemy_has_not_identified(seed, scenario):
    """A detached ship's division is numbered ("<division>/<n>"), so no id names a ship either."""
    for s, a, nxt in random_game(scenario, seed, OPTIONAL):
        for side in GAME.sides:
            secret = unknown_to(nxt, side)
            detached: set[str] = set()
            view = GAME.view(nxt, side)
            said = " ".join(strings(view))
            assert not named(said, secret - detached), f"{side} view names {named(said, secret)}"
            for e in GAME.events(nxt):
                if e.visible_to(side):
                    assert not named(e.text, secret - detached), f"{side} reads {e.text!r}"
            p = GAME.pause(nxt)
            if isinstance(p, Decision) and p.side == side:
                for o in p.options:
                    text = o.id + " " + o.label + " " + json.dumps(
                        {k: v for k, v in o.fields.items() if k != "division"})
                    assert not named(text, secret), f"{side} option {o.id} {o.label!r}"


# -- hidden alternatives -----------------------------------------------------------------------------------

def unseen_gunnery():
    """Cape Esperance turn 1 after Blue's detection: the USN fires, the IJN has detected nothing."""
    from .test_cape_esperance import phase
    return phase("detection")[0]


def test_which_ship_of_an_undetected_division_fires_first_is_invisible_to_the_enemy_and_a_spectator():
    """D.4/D.5: the IJN sees USN Division 1 only by position; Helena or Boise opening fire on the same target
    with the same dice reads the same to the IJN and to a spectator."""
    s = unseen_gunnery()
    a = ["fire:boise", "at:ijn-1:3", (2, 4), "hold"]      # Boise as ship #3
    b = ["fire:helena", "at:ijn-1:3", (2, 4), "hold"]     # Helena as ship #3 in a stack dealt the other way
    t = s.copy()
    t.divisions["usn-1"] = t.divisions["usn-1"]._replace(ships=("san_francisco", "salt_lake_city", "helena",
                                                                 "boise"))
    t.cache = None
    for observer in ("ijn", None):
        assert testing.observed(GAME, s, a, observer) == testing.observed(GAME, t, b, observer)


def test_c_which_ship_of_an_undetected_division_is_detached_is_invisible_to_the_enemy_and_a_spectator():
    s, _ = play(situation(phase="movement"), "move-first")
    alts = [["detach:boise:disengage-1"], ["detach:helena:disengage-1"]]
    testing.assert_hidden_alternatives(GAME, s, alts, ["ijn", None])
