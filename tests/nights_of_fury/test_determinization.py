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

SCENARIOS = list(D.data.scenarios)          # the historical battles; generated ones and the campaign below


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
        _check_sample(s, p, k)
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


def _check_sample(s, p, k: int):
    """The sampler's properties at one decision: the sample's view is the view, the same side decides the same kind
    with the same option ids, and random answers play on from it."""
    v = GAME.view(s, p.side)
    sample = GAME.sample_state(v, random.Random(k))
    assert GAME.view(sample, p.side) == v, (s.scenario, k, s.phase, s.step)
    q = GAME.pause(sample)
    assert isinstance(q, Decision) and q.side == p.side and q.kind == p.kind, (k, s.step)
    assert [o.id for o in q.options] == [o.id for o in p.options], (k, s.step)
    rng = random.Random(k)
    t = sample
    for _ in range(8):
        r = GAME.pause(t)
        if isinstance(r, End):
            break
        t = GAME.apply(t, tuple(rng.randint(1, x) for x in r.dice) if isinstance(r, Chance) else rng.choice(r.options).id)
    return sample


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_generated_battle_sample_agrees_with_its_view_from_set_up_to_the_end(seed):
    """A, B, D.4, H: in a generated battle, at decisions of both sides while the battle is rolled (ships assigned,
    commanders tried, flagships) and in every phase of the battle, the sample shows the side its view and stands
    at the same decision; the enemy's force is dealt, never read (its divisions are the generator's)."""
    sides, kinds = set(), set()
    for k, (s, p) in enumerate(decisions("generated", seed, every=1)):
        if s.phase != "setup" and k % 3:
            continue
        sample = _check_sample(s, p, k)
        if s.phase not in ("setup", "campaign"):
            foe = "usn" if p.side == "ijn" else "ijn"
            assert sample.own.spec.ships_of(p.side) == s.own.spec.ships_of(p.side)
            assert [x.id for x in sample.own.spec.division if x.navy == foe] == \
                [x.id for x in s.own.spec.division if x.navy == foe]
        sides.add(p.side)
        kinds.add(p.kind)
    assert sides == {"ijn", "usn"}
    assert {"assign-ship", "pick-commander", "flagship", "move-division", "fire-unit"} <= kinds


def campaign_decisions(seed: int, missions: tuple[int, ...], every: int = 5, cap: int = 60):
    """(state, decision) of a seeded random campaign, at most `cap` in each mission of `missions` (set-up, battle,
    experience), stopping after the last of them."""
    rng = random.Random(seed)
    s = GAME.new_state("campaign")
    i, taken = 0, {}
    while not isinstance(p := GAME.pause(s), End) and s.own.mission <= max(missions):
        m = s.own.mission
        if isinstance(p, Decision) and m in missions and i % every == 0 and taken.get(m, 0) < cap:
            taken[m] = taken.get(m, 0) + 1
            yield s, p
        s = GAME.apply(s, tuple(rng.randint(1, x) for x in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)
        i += 1


def test_g_campaign_samples_agree_with_their_view_in_the_first_and_a_later_mission():
    """G: in mission 1 and mission 3 (reached by playing the campaign through), the sample shows the side its view
    (the campaign's totals, its own log, pool and commanders) and stands at the same decision; in the later mission
    the side's own pool is the one its view shows (ships lost before are gone)."""
    seen = {1: set(), 3: set()}
    for k, (s, p) in enumerate(campaign_decisions(1, (1, 3))):
        sample = _check_sample(s, p, k)
        seen[s.own.mission].add(s.phase)
        assert sample.own.mission == s.own.mission
        assert sample.own.pool[p.side] == s.own.pool[p.side]
        assert sample.own.totals == s.own.totals
    assert "setup" in seen[1] and "movement" in seen[1]
    assert "setup" in seen[3] and {"movement", "gunnery"} & seen[3]


def _generated_at(side: str, phase: str, seed: int, options: dict | None = None):
    rng = random.Random(seed)
    s = GAME.new_state("generated", options)
    while not (isinstance(p := GAME.pause(s), Decision) and p.side == side and s.phase == phase):
        s = GAME.apply(s, tuple(rng.randint(1, x) for x in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)
    return s, p


@pytest.mark.parametrize("options,told", [(None, {"ships"}), ({"intelligence": False}, {"ships", "types"})])
def test_a_h_the_enemys_generated_force_varies_over_samples_and_keeps_what_the_view_tells(options, told):
    """A, H: at a USN movement decision of a generated battle, over 40 samples the IJN ships under the markers
    change; the number of IJN ships, its divisions and what intelligence tells of it (H; with rule H off, the
    ships of each type) never do."""
    s, p = _generated_at("usn", "movement", 2, options)
    v = GAME.view(s, "usn")
    force = v["sides"]["ijn"]["force"]
    assert told <= set(force)
    rng = random.Random(0)
    forces = set()
    for _ in range(40):
        sample = GAME.sample_state(v, rng)
        assert GAME.view(sample, "usn") == v
        ijn = sample.own.spec.ships_of("ijn")
        forces.add(frozenset(ijn))
        if "ships" in force:
            assert len(ijn) == force["ships"]
        if "types" in force:
            assert {t: n for t, n in force["types"].items()} == \
                {t: sum(1 for q in ijn if D.ships[q].type == t) for t in force["types"]}
    assert len(forces) > 5


def test_a_g_while_the_battle_is_rolled_the_enemys_assigned_ships_are_dealt():
    """A, G: when the USN assigns its ships, the IJN has assigned its own face down (B): over 30 samples its ships
    change, each within the limits the sample rolled for the IJN mission (G), and the USN's own limits stay."""
    s, p = next((s, p) for s, p in decisions("generated", 3, every=1) if p.kind == "assign-ship" and p.side == "usn")
    v = GAME.view(s, "usn")
    assert "ijn" not in v["set_up"] and "usn" in v["set_up"] and v["set_up"]["sailed"] == ["ijn"]
    rng = random.Random(1)
    chosen = set()
    for _ in range(30):
        sample = GAME.sample_state(v, rng)
        assert GAME.view(sample, "usn") == v
        assert sample.own.limits["usn"] == s.own.limits["usn"]
        ijn = sample.own.chosen["ijn"]
        assert ijn and all(sum(1 for q in ijn if D.ships[q].type == t) <= n
                           for t, n in sample.own.limits["ijn"].items())
        chosen.add(tuple(ijn))
    assert len(chosen) > 5


def _same_class_destroyers():
    """Two IJN destroyers of one class (the hidden alternative: which of them sails)."""
    by: dict[str, list[str]] = {}
    for q, card in D.ships.items():
        if card.side == "ijn" and card.type == "DD":
            by.setdefault(card.class_name, []).append(q)
    return next(v[:2] for v in by.values() if len(v) >= 2)


def _swap(answer, x: str, y: str):
    if not isinstance(answer, str):
        return answer
    return ":".join(y if part == x else x if part == y else part for part in answer.split(":"))


def generated_alternatives(steps: int = 400):
    """Two generated battles the USN cannot tell apart: the IJN assigns one destroyer or another of the same class
    as its first ship, then every answer is the same (the IJN's with the two names swapped)."""
    x, y = _same_class_destroyers()
    rng = random.Random(5)
    s = GAME.new_state("generated")
    while not (isinstance(p := GAME.pause(s), Decision) and p.kind == "assign-ship"):
        s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else p.options[0].id)
    assert {"add:" + x, "add:" + y} <= {o.id for o in p.options}
    first, answers = s, []
    s = GAME.apply(s, "add:" + x)
    for _ in range(steps):
        p = GAME.pause(s)
        if isinstance(p, End):
            break
        a = tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else rng.choice(p.options).id
        answers.append(a)
        s = GAME.apply(s, a)
    return first, ["add:" + x] + answers, ["add:" + y] + [_swap(a, x, y) for a in answers]


def test_a_b_which_ship_the_enemy_assigned_is_hidden_and_the_sampler_reads_only_the_view():
    """A, B: the IJN assigning one destroyer or its sister gives the USN byte-identical views and events all the way
    into the battle (hidden alternatives), and at every USN decision the two views give identical samples."""
    first, a, b = generated_alternatives()
    testing.assert_hidden_alternatives(GAME, first, [a, b], ["usn"])
    sa, sb, checked = first, first, 0
    for i, (x, y) in enumerate(zip(a, b)):
        p = GAME.pause(sa)
        if isinstance(p, Decision) and p.side == "usn" and i % 7 == 0:
            va, vb = GAME.view(sa, "usn"), GAME.view(sb, "usn")
            assert va == vb
            assert GAME.sample_state(va, random.Random(i)) == GAME.sample_state(vb, random.Random(i))
            checked += 1
        sa, sb = GAME.apply(sa, x), GAME.apply(sb, y)
    assert sa.own.chosen["ijn"] != sb.own.chosen["ijn"] and checked > 5


def test_the_hidden_alternatives_of_the_sampler_are_hidden_alternatives_of_the_game():
    """The two true states above really are alternatives the IJN cannot tell apart (no side channel)."""
    s, _ = play(situation(phase="movement"), "move-first")
    testing.assert_hidden_alternatives(GAME, s, [["detach:boise:disengage-1"], ["detach:helena:disengage-1"]],
                                       ["ijn"])


def test_a_g_the_set_up_part_shows_a_side_its_own_record_and_the_public_rolls_only():
    """A, B, E, G: in a generated battle the USN's view carries the generator's public rolls and its own limits,
    ships and flagship, not the IJN's; the IJN's commander by his own id (his card's experience is the IJN's); the
    spectator sees neither side's part, the omniscient view both."""
    s, p = _generated_at("usn", "movement", 2)
    usn, public, full = GAME.view(s, "usn")["set_up"], GAME.public_view(s)["set_up"], GAME.view(s, None)["set_up"]
    assert "ijn" not in usn and usn["usn"]["chosen"] == s.own.chosen["usn"]
    assert usn["usn"]["flagship"] == s.own.flagship["usn"] and usn["usn"]["limits"] == s.own.limits["usn"]
    assert usn["missions"] == s.own.missions and usn["env"] == s.own.env and usn["sailed"] == ["ijn", "usn"]
    assert "|" not in usn["commanders"].get("ijn", "") or usn["commanders"]["ijn"].startswith("stand-in")
    assert "ijn" not in public and "usn" not in public
    assert full["ijn"]["chosen"] == s.own.chosen["ijn"]


def test_e_the_enemys_flagship_is_hidden_until_the_guns_speak():
    """E: the IJN hoisting its commander's flag in one ship or another gives the USN byte-identical views and events
    through the set-up and the first turn's Event, Initiative, Movement and Detection Phases."""
    rng = random.Random(4)
    s = GAME.new_state("generated")
    while not (isinstance(p := GAME.pause(s), Decision) and p.kind == "flagship" and len(p.options) > 1):
        s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if isinstance(p, Chance) else rng.choice(p.options).id)
    first, answers, t = s, [], GAME.apply(s, p.options[0].id)
    while t.phase in ("setup", "event", "initiative", "movement", "detection"):
        r = GAME.pause(t)
        answers.append(tuple(rng.randint(1, k) for k in r.dice) if isinstance(r, Chance) else rng.choice(r.options).id)
        t = GAME.apply(t, answers[-1])
    assert len(answers) > 10
    testing.assert_hidden_alternatives(GAME, first, [[p.options[0].id] + answers, [p.options[1].id] + answers],
                                       ["usn"])


def test_d4_an_identified_enemy_class_in_a_generated_battle_is_dealt_to_its_position():
    """D.4: where the USN has identified an IJN division of a generated battle, every sample puts a ship of the
    class shown at each position (the ship itself may change: sister ships look alike)."""
    found = None
    for seed in range(1, 10):
        for s, p in decisions("generated", seed, every=1):
            v = GAME.view(s, "usn")
            shown = [e for e in v["divisions"] if e["side"] == "ijn" and e["ships"]
                     and any("class" in x for x in e["ships"])]
            if p.side == "usn" and shown:
                found = v, shown
                break
        if found:
            break
    assert found, "no identified IJN division in these generated battles"
    v, shown = found
    rng = random.Random(2)
    for _ in range(20):
        sample = GAME.sample_state(v, rng)
        assert GAME.view(sample, "usn") == v
        for e in shown:
            afloat = [q for q in sample.divisions[e["id"]].ships if sample.ships[q].status == "afloat"]
            for x, q in zip(e["ships"], afloat):
                if "class" in x:
                    assert (D.ships[q].class_name, D.ships[q].type) == (x["class"], x["type"])


def test_e_g_the_enemy_commanders_experience_is_hidden_until_he_fights_again():
    """E, G: the IJN commander raising one trait or another after mission 2 gives the USN byte-identical views and
    events through the next mission's set-up (his card's experience is the IJN's), and the USN's samples there
    are the same for the two."""
    rng = random.Random(0)
    s = GAME.new_state("campaign")
    while not (isinstance(p := GAME.pause(s), Decision) and p.kind == "experience-trait" and p.side == "ijn"
               and len(p.options) > 1):
        s = GAME.apply(s, tuple(rng.randint(1, x) for x in p.dice) if isinstance(p, Chance)
                       else rng.choice(p.options).id)
    first, answers, t = s, [], GAME.apply(s, p.options[0].id)
    while t.phase in ("setup", "campaign"):
        r = GAME.pause(t)
        answers.append(tuple(rng.randint(1, k) for k in r.dice) if isinstance(r, Chance) else rng.choice(r.options).id)
        t = GAME.apply(t, answers[-1])
    alternatives = [[p.options[0].id] + answers[:-1], [p.options[1].id] + answers[:-1]]
    testing.assert_hidden_alternatives(GAME, first, alternatives, ["usn"])
    a, b = first, first
    for x in alternatives[0][:1]:
        a = GAME.apply(a, x)
    b = GAME.apply(b, alternatives[1][0])
    assert a.own.cards != b.own.cards
    compared = 0
    for x in answers[:-1]:
        if isinstance(q := GAME.pause(a), Decision) and q.side == "usn":
            va, vb = GAME.view(a, "usn"), GAME.view(b, "usn")
            assert va == vb and GAME.sample_state(va, random.Random(1)) == GAME.sample_state(vb, random.Random(1))
            compared += 1
        a, b = GAME.apply(a, x), GAME.apply(b, x)
    assert compared >= 3
