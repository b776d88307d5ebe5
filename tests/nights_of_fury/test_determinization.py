"""Issue 15 item 1, the sampler a search relies on: `sample_state(view(state, side), rng)` at a side's decisions
agrees with the view it came from, offers the same decision, plays on, never needs the true state, and leaves
nothing the view hides fixed (DESIGN.md, Sampler; D.4 fog of war)."""
from __future__ import annotations

import random

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Chance, Decision, End
from kaisen.games.nights_of_fury import GAME

from .helpers import D, play, situation

SCENARIOS = list(D.data.scenarios)          # the historical battles; generated ones are refused (below)


def decisions(scenario: str, seed: int, every: int = 4):
    """(state, decision) every few steps of a seeded random battle, at decisions of either side."""
    rng = random.Random(seed)
    s = GAME.new_state(scenario)
    i = 0
    while not isinstance(p := GAME.pause(s), End):
        if isinstance(p, Decision) and i % every == 0:
            yield s, p
        s = GAME.apply(s, tuple(rng.randint(1, x) for x in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)
        i += 1


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_sample_agrees_with_its_view_offers_the_same_decision_and_plays_on(scenario):
    """At decisions of both sides in every phase: the sample's view equals the view it came from (every field:
    own ships, markers, positions, classes and damage seen, counts, events, the control of the step), the sample
    waits at a decision of the same side with the same option ids, and random answers play on from it."""
    sides, kinds = set(), set()
    for k, (s, p) in enumerate(decisions(scenario, 11)):
        v = GAME.view(s, p.side)
        sample = GAME.sample_state(v, random.Random(k))
        assert GAME.view(sample, p.side) == v, (scenario, k, s.step)
        q = GAME.pause(sample)
        assert isinstance(q, Decision) and q.side == p.side and q.kind == p.kind, (scenario, k, s.step)
        assert [o.id for o in q.options] == [o.id for o in p.options], (scenario, k, s.step)
        rng = random.Random(k)
        t = sample
        for _ in range(6):
            r = GAME.pause(t)
            if isinstance(r, End):
                break
            t = GAME.apply(t, tuple(rng.randint(1, x) for x in r.dice) if isinstance(r, Chance)
                           else rng.choice(r.options).id)
        sides.add(p.side)
        kinds.add(p.kind)
    assert sides == {"ijn", "usn"}
    assert {"move-division", "fire-unit", "choose-target"} <= kinds


def hidden_alternatives():
    """Two true states the IJN cannot tell apart: the USN detaches Boise or Helena from an undetected division (C),
    then the same moves follow."""
    s, _ = play(situation(phase="movement"), "move-first")
    a, _ = play(s, "detach:boise:disengage-1")
    b, _ = play(s, "detach:helena:disengage-1")
    return a, b


def test_a_sample_never_needs_the_true_state():
    """Two true states that give the IJN the same view (hidden alternatives) give identical samples for the same
    seed: the sampler reads the view and nothing else."""
    a, b = hidden_alternatives()
    assert a.divisions != b.divisions                       # the truth differs
    va, vb = GAME.view(a, "ijn"), GAME.view(b, "ijn")
    assert va == vb
    for k in range(5):
        assert GAME.sample_state(va, random.Random(k)) == GAME.sample_state(vb, random.Random(k))


def test_d4_nothing_the_view_hides_is_fixed_and_nothing_it_shows_is_changed():
    """D.4: where the IJN has detected nothing, over 50 samples the ship under each unseen position of a USN
    division changes, and so does the order of the stack (the positions); every sample's view is the view."""
    s, p = next((s, p) for s, p in decisions("cape-esperance", 2, every=1)
                if p.side == "ijn" and s.phase == "movement")
    v = GAME.view(s, "ijn")
    unseen = [e for e in v["divisions"] if e["side"] == "usn" and e["detected"] == "undetected"
              and e["in_battle"]]
    assert unseen and all(e["ships"] == {} for e in unseen)
    rng = random.Random(0)
    stacks = {e["id"]: set() for e in unseen}
    tops = {e["id"]: set() for e in unseen}
    for _ in range(50):
        sample = GAME.sample_state(v, rng)
        assert GAME.view(sample, "ijn") == v
        for e in unseen:
            ships = sample.divisions[e["id"]].ships
            stacks[e["id"]].add(ships)
            tops[e["id"]].add(ships[0])
    sizes = {x.id: len(x.ships) for x in D.scenario("cape-esperance").division}
    big = [k for k in stacks if sizes.get(k, 1) > 1]
    assert big and all(len(stacks[k]) > 1 and len(tops[k]) > 1 for k in big)


def test_d4_which_enemy_ships_are_lost_and_which_have_fired_is_dealt_not_fixed():
    """D.4, D.5: the enemy's losses are known in number only, and so are the enemy ships that have fired this
    phase; over 50 samples from one view different ships take those parts, the counts never change."""
    found = None
    for seed in range(1, 8):
        for s, p in decisions("guadalcanal-night-2", seed, every=1):
            v = GAME.view(s, p.side)
            ctl = v["control"] or {}
            foe = "usn" if p.side == "ijn" else "ijn"
            if ctl.get("enemy_fired", 0) and v["sides"][foe]["sunk"] and p.side == "usn":
                found = (s, p, v, foe)
                break
        if found:
            break
    assert found, "no gunnery decision after an enemy loss and enemy fire in these battles"
    s, p, v, foe = found
    rng = random.Random(3)
    lost, fired = set(), set()
    for _ in range(50):
        sample = GAME.sample_state(v, rng)
        assert GAME.view(sample, p.side) == v
        lost.add(frozenset(q for q, st in sample.ships.items() if st.status == "sunk" and D.ships[q].side == foe))
        fired.add(frozenset(q for q in sample.fire.fired if D.ships[q].side == foe))
    assert len(lost) > 1 and len(fired) > 1
    assert {len(x) for x in fired} == {v["control"]["enemy_fired"]}


def test_a_generated_battle_is_refused_with_a_reason():
    """A, G: a generated battle's forces are rolled into the state's set-up, which no view carries: the sampler
    says so rather than inventing a scenario."""
    s, p = next((s, p) for s, p in decisions("generated", 1, every=1) if s.phase == "movement")
    with pytest.raises(ValueError, match="historical scenarios"):
        GAME.sample_state(GAME.view(s, p.side), random.Random(0))


def test_the_hidden_alternatives_of_the_sampler_are_hidden_alternatives_of_the_game():
    """The two true states above really are alternatives the IJN cannot tell apart (no side channel)."""
    s, _ = play(situation(phase="movement"), "move-first")
    testing.assert_hidden_alternatives(GAME, s, [["detach:boise:disengage-1"], ["detach:helena:disengage-1"]],
                                       ["ijn"])
