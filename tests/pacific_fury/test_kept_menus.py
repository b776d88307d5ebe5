"""Issue 11, item 4, for Pacific Fury: every pause a step leaves on the new state (the forming menu derived from the
one before an add, `task_forces.add_from_menu`; the operation menu from its memoized parts, `operations.options_of`;
the shared Event Table roll) is the pause worked out from scratch (`flow._pause`) at every step of seeded random
games, with and without the optional rule: the same side, prompt, rule, kind, options (ids, fields, labels, in order),
dice, reason and labels. The answers apply takes without making a pause (`flow.OFFERED`, `flow.DICE`) are offered by
that pause, and apply alone steps through the same states as apply after pause."""
from __future__ import annotations

import random

import pytest

from kaisen.engine.core import Chance, Decision, End
from kaisen.engine.testing import assert_refused_alike
from kaisen.games.pacific_fury import GAME, flow

D = GAME.data


def described(p) -> tuple:
    if isinstance(p, Decision):
        return ("D", p.side, p.prompt, p.rule, p.kind, [(o.id, o.fields, o.label) for o in p.options])
    if isinstance(p, Chance):
        return ("C", p.dice, p.reason, p.rule, p.labels)
    return ("E", p.winner, p.score, p.summary)


def from_scratch(s):
    """The pause of `s` worked out anew (no pause cached on it)."""
    t = s.copy()
    return flow._pause(t, D)


VOCABULARY = sorted(GAME.action_vocabulary())
ALWAYS = {"form": "done"}           # an answer every menu of the step offers


def check_offered_without_the_pause(s, p) -> None:
    """flow.OFFERED takes no answer the pause does not offer, and takes the answers it is meant for (so that apply
    uses it); flow.DICE counts the pause's dice (all six-sided)."""
    test = flow.OFFERED.get(s.step)
    if test is not None:
        offered = {o.id for o in p.options}
        taken = {a for a in VOCABULARY if test(D, s, a)}
        assert taken <= offered, (s.step, taken - offered)
        meant = ({ALWAYS[s.step]} if s.step in ALWAYS else
                 {a for a in offered if not a.startswith("strike:")} if s.step == "op" else offered)
        assert meant <= taken, (s.step, meant - taken)
    count = flow.DICE.get(s.step)
    if count is not None:
        assert isinstance(p, Chance) and p.dice == (6,) * count(D, s), s.step


@pytest.mark.parametrize("seed,options", [(1, None), (2, {"tokyo-express-combat": True}), (3, None), (4, None)])
def test_the_pause_a_step_leaves_is_the_pause_from_scratch(seed, options):
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    derived = 0
    while True:
        kept = s.cache is not None           # made by the step that led here (or shared by new_game)
        p = GAME.pause(s)
        assert described(p) == described(from_scratch(s)), (seed, s.turn, s.step)
        check_offered_without_the_pause(s, p)
        derived += kept and s.step == "form"
        if isinstance(p, End):
            break
        s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)
    assert derived > 20      # forming menus derived from the one before were checked, not only fresh ones


def test_a_derived_forming_menu_follows_8_3_when_the_task_force_changes_type():
    """A first carrier makes a TF-C (no Transports offered after it); Transports then make a TF-A of a TF-B
    (no carriers offered after them): the derived menus are the menus from scratch."""
    s = GAME.new_state()
    while s.step != "form" or s.phasing != "japan":
        p = GAME.pause(s)
        s = GAME.apply(s, "done" if isinstance(p, Decision) else (1,) * len(p.dice))
    for unit in ("shokaku", "kongo"):
        s = GAME.apply(s, f"add:{unit}")
        assert described(GAME.pause(s)) == described(from_scratch(s))
    ids = [o.id for o in GAME.pause(s).options]
    assert not any(D.ships[i[4:]].type == "AP" for i in ids if i.startswith("add:"))
    s = GAME.apply(s, "next-box")
    s = GAME.apply(s, "add:haruna")
    for ap in [u for u in D.order if D.ships[u].side == "japan" and D.ships[u].type == "AP"][:1]:
        if f"add:{ap}" in [o.id for o in GAME.pause(s).options]:
            s = GAME.apply(s, f"add:{ap}")
            assert described(GAME.pause(s)) == described(from_scratch(s))
            assert not any(D.ships[o.id[4:]].is_carrier for o in GAME.pause(s).options if o.id.startswith("add:"))


@pytest.mark.parametrize("seed", [5, 6])
def test_a_replay_that_never_asks_for_a_pause_steps_through_the_same_states(seed):
    """apply alone (as a replay or a rollout does: a pass or "done" then needs no menu) gives, step by step, the
    events and the state that apply after pause gives."""
    rng = random.Random(seed)
    s, t = GAME.new_state(), GAME.new_state()
    t.cache = None            # never paused: every step of `t` is applied to a state with no menu made
    steps = 0
    while not isinstance(p := GAME.pause(s), End):
        answer = tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else rng.choice(p.options).id
        s, t = GAME.apply(s, answer), GAME.apply(t, answer)
        assert t.to_json() == s.to_json(), (seed, steps, answer)
        assert [(e.kind, e.private_to, e.rule, e.text) for e in GAME.events(t)] == \
               [(e.kind, e.private_to, e.rule, e.text) for e in GAME.events(s)], (seed, steps, answer)
        steps += 1
    assert steps > 100 and isinstance(GAME.pause(t), End)


@pytest.mark.parametrize("seed", [7, 8])
def test_an_answer_not_offered_is_refused_alike_with_and_without_the_pause(seed):
    """Near misses (ids of the game's vocabulary the menu does not offer, dice of the wrong number or faces) are
    refused with the same IllegalAction whether or not the pause was made before."""
    rng = random.Random(seed)
    s = GAME.new_state()
    checked = 0
    while not isinstance(p := GAME.pause(s), End):
        if s.step in flow.OFFERED or s.step in flow.DICE:
            if isinstance(p, Chance):
                misses = [(1,) * (len(p.dice) + 1), (7,) * len(p.dice), (0,) * len(p.dice), "pass"]
            else:
                ids = {o.id for o in p.options}
                misses = rng.sample([a for a in VOCABULARY if a not in ids], 6) + [(1,)]
            assert s.copy().cache is None        # a copy has no pause made on it
            for miss in misses:
                assert_refused_alike(GAME, s, miss)
                checked += 1
        s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)
    assert checked > 100
