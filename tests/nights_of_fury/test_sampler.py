"""DESIGN.md, Sampler: `sample_state(view, rng)` builds a full Nights of Fury state from one side's view alone;
every fact the view shows holds in the sample's view, and what the view hides (which ship sits at an
unidentified position) is dealt at random."""
from __future__ import annotations

import random
import time

import pytest

from kaisen.engine.core import Chance, End
from kaisen.games.nights_of_fury import GAME, sampler

SCENARIOS = list(GAME.data.data.scenarios)          # the historical scenarios (not the generated battle)
# The view names the phase, not the step inside it (views.py has no control block), so a sample starts its
# phase afresh: the pending decision, the phase it reaches and the initiative it re-rolls are not compared.
NOT_FACTS = ("pending", "phase", "initiative")


def random_battle(scenario: str, seed: int):
    """(state, pause) at every step of a random battle."""
    rng = random.Random(seed)
    s = GAME.new_state(scenario)
    while not isinstance(p := GAME.pause(s), End):
        yield s, p
        s = GAME.apply(s, tuple(rng.randint(1, x) for x in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)


def facts(view):
    return {k: v for k, v in view.items() if k not in NOT_FACTS}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_sample_shows_its_side_what_the_view_showed(scenario):
    """At the side's own decisions (the root of a search), the sample's view holds every fact of the view:
    own ships, enemy markers, positions, classes identified, damage seen, sunk and disengaged counts, forces."""
    rng = random.Random(7)
    checked = 0
    for seed in (1, 2):
        for i, (s, p) in enumerate(random_battle(scenario, seed)):
            if isinstance(p, Chance) or i % 5 or s.phase == "disengage":
                continue
            v = GAME.view(s, p.side)
            sample = GAME.sample_state(v, rng)
            assert facts(GAME.view(sample, p.side)) == facts(v), (scenario, seed, i, p.side)
            checked += 1
    assert checked > 10


def test_the_sampler_reads_only_the_view():
    """The sampler is handed the view and nothing else: its signature takes no state, and the same view and
    seed give the same sample whatever the true state was."""
    s, p = next((s, p) for s, p in random_battle("cape-esperance", 3) if s.turn == 2 and not isinstance(p, Chance))
    v = GAME.view(s, "usn")
    a = sampler.sample(GAME, v, random.Random(5))
    b = sampler.sample(GAME, GAME.view(s.copy(), "usn"), random.Random(5))
    assert a == b
    with pytest.raises(ValueError):
        sampler.sample(GAME, GAME.view(s, None), random.Random(5))


def test_an_unidentified_enemy_ship_is_dealt_at_random():
    """D.4: a Spotted stack's ships are known by position only; over many samples the ship at a position the
    side has not identified changes."""
    for s, p in random_battle("guadalcanal-night-2", 4):
        v = GAME.view(s, "usn")
        spotted = [e for e in v["divisions"] if e["side"] == "ijn" and isinstance(e["ships"], list)
                   and len(e["ships"]) > 1 and not any("class" in q for q in e["ships"])]
        if spotted:
            break
    else:
        pytest.skip("no spotted, unidentified enemy stack in this battle")
    div = spotted[0]["id"]
    rng = random.Random(0)
    at_one = {next(q for q in GAME.sample_state(v, rng).divisions[div].ships) for _ in range(60)}
    assert len(at_one) > 1


def test_an_identified_position_keeps_its_class():
    """D.4: where the view shows a class, every sample puts a ship of that class there."""
    for s, p in random_battle("cape-esperance", 5):
        v = GAME.view(s, "usn")
        shown = [(e["id"], q["position"], q["class"]) for e in v["divisions"] if e["side"] == "ijn"
                 and isinstance(e["ships"], list) for q in e["ships"] if "class" in q]
        if shown:
            break
    else:
        pytest.skip("nothing identified in this battle")
    rng = random.Random(1)
    for _ in range(30):
        smp = GAME.sample_state(v, rng)
        for div, pos, cls in shown:
            afloat = [q for q in smp.divisions[div].ships if smp.ships[q].status == "afloat"]
            assert GAME.data.ships[afloat[pos - 1]].class_name == cls


def test_sampling_speed_is_reported(capsys):
    """Not a timed assert (DESIGN.md): prints the mean time per sample over a random battle."""
    rng = random.Random(2)
    n, t = 0, 0.0
    for i, (s, p) in enumerate(random_battle("guadalcanal-night-1", 9)):
        if i % 4:
            continue
        v = GAME.view(s, "ijn")
        t0 = time.perf_counter()
        GAME.sample_state(v, rng)
        t += time.perf_counter() - t0
        n += 1
    with capsys.disabled():
        print(f"\nNoF sampler: {n} samples, {1000 * t / n:.2f} ms per sample")
