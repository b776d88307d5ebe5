"""G. The campaign game: five missions AI vs AI to the Victory-Loss verdict, pools carried over, commander
experience (E: one trait, never more than +1), saves mid-campaign, a save of another format refused."""
from __future__ import annotations

import json
import random
import time

import msgspec
import pytest

from kaisen.engine.core import Chance, Decision, End
from kaisen.engine.record import RecordError
from kaisen.engine.testing import assert_round_trip, random_answer
from kaisen.games.nights_of_fury import campaign
from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.state import NoFState
from tests.nights_of_fury.helpers import GAME, D, is_chance, is_decision, play

MISSIONS = D.data.campaign.missions


def _until(s, rng, stop, limit=100_000):
    """Random legal play until `stop(s)` (or the End)."""
    for _ in range(limit):
        if stop(s) or isinstance(GAME.pause(s), End):
            return s
        s = GAME.apply(s, random_answer(GAME.pause(s), rng))
    raise AssertionError("the campaign did not get there")


@pytest.mark.parametrize("seed", range(3))
def test_G_a_five_mission_campaign_runs_to_its_verdict(seed):
    """Random agents on both sides: every mission is set up, fought and logged; the End is the Victory-Loss
    Table's verdict on the campaign totals; losses never come back."""
    rng = random.Random(seed)
    s = GAME.new_state("campaign")
    t0 = time.perf_counter()
    seen_missions = set()
    lost_before: dict[str, set[str]] = {"usn": set(), "ijn": set()}
    while not isinstance(p := GAME.pause(s), End):
        seen_missions.add(s.own.mission)
        if s.phase == "setup" and s.step.startswith("assign"):
            for side in ("usn", "ijn"):
                assert not (set(s.own.pool[side]) & lost_before[side])
        s = GAME.apply(s, random_answer(p, rng))
        if s.phase == "campaign" and s.own.log["usn"]:
            for side in ("usn", "ijn"):
                lost_before[side] |= {q for q in D.ships if D.ships[q].name in s.own.log[side][-1]["lost"]
                                      and D.ships[q].side == side}
    elapsed = time.perf_counter() - t0
    assert seen_missions == set(range(1, MISSIONS + 1))
    own = s.own
    for side in ("usn", "ijn"):
        assert len(own.log[side]) == MISSIONS
        assert own.totals[side] == sum(e["vp"] for e in own.log[side])
    winner, level = D.data.verdict("campaign", own.totals["usn"], own.totals["ijn"])
    assert p.winner == (None if winner == "draw" else winner)
    assert p.score == abs(own.totals["usn"] - own.totals["ijn"])
    assert "Victory-Loss" in p.summary
    assert_round_trip(GAME, s)
    print(f"campaign seed {seed}: {elapsed:.2f} s")


def test_G_json_round_trip_and_resume_mid_campaign():
    """A campaign saved in mission 2 (set-up and battle) loads equal and plays on exactly as the original."""
    rng = random.Random(4)
    s = _until(GAME.new_state("campaign"), rng, lambda s: s.own.mission == 2 and s.step.startswith("assign"))
    assert_round_trip(GAME, s)
    s = _until(s, rng, lambda s: s.own.mission == 2 and s.phase == "gunnery")
    assert_round_trip(GAME, s)
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    a, b = random.Random(8), random.Random(8)
    for _ in range(400):
        if isinstance(GAME.pause(s), End):
            break
        s = GAME.apply(s, random_answer(GAME.pause(s), a))
        back = GAME.apply(back, random_answer(GAME.pause(back), b))
        assert back == s


def test_G_a_record_replays_the_campaign():
    rng = random.Random(2)
    s = GAME.new_state("campaign")
    answers = []
    while not isinstance(p := GAME.pause(s), End) and len(answers) < 2500:
        answers.append(random_answer(p, rng))
        s = GAME.apply(s, answers[-1])
    again = GAME.new_state("campaign")
    for a in answers:
        again = GAME.apply(again, a)
    assert again == s


def test_G_a_save_of_another_format_is_refused_in_one_line():
    rng = random.Random(1)
    s = _until(GAME.new_state("campaign"), rng, lambda s: s.own.mission == 2)
    data = json.loads(json.dumps(GAME.to_json(s)))
    data["own"]["format"] = 0
    with pytest.raises(RecordError) as err:
        GAME.from_json(data)
    msg = str(err.value)
    assert "\n" not in msg and "own.format" in msg and "0" in msg
    data["own"]["format"] = 1
    data["own"]["surprise"] = 1
    with pytest.raises(RecordError) as err:
        GAME.from_json(data)
    assert "\n" not in str(err.value) and "own" in str(err.value)


def _at_experience(seed=0):
    """A campaign at its first experience roll (a pool commander who survived mission 1)."""
    rng = random.Random(seed)
    for k in range(40):
        s = _until(GAME.new_state("campaign"), random.Random(seed + k),
                   lambda s: s.step.startswith("exp:") or s.own.mission > 1)
        if s.step.startswith("exp:"):
            return s
    raise AssertionError("no commander reached an experience roll")


def test_E_experience_choice_offers_only_traits_under_the_cap():
    """E: a trait never rises more than one over its starting rating; a 'choice' offers only the others and
    one trait is raised, once."""
    s = _at_experience()
    side = s.step.split(":")[1]
    k = s.own.commander[side].partition("|")[0]
    base = D.data.commanders[k]
    s = s.copy()
    s.own = msgspec.structs.replace(s.own, cards={**s.own.cards, k: (base.combat + 1, base.cohesion + 1,
                                                                     base.detection)})
    s.cache = None
    s, _ = play(s, (6,))                         # 6 (+1 won / -1 lost): 'choice' unless lost (5: 'random')
    if s.step.startswith("trait:"):
        p = is_decision(s, "experience-trait")
        assert [o.fields["trait"] for o in p.options] == ["detection"]
        s, ev = play(s, "trait:detection")
        assert s.own.cards[k] == (base.combat + 1, base.cohesion + 1, base.detection + 1)
        assert s.own.log[side][-1]["experience"] == "detection +1"
    else:                                        # lost: a random trait, rolled
        is_chance(s, "exp-trait")
        s, ev = play(s, (1,))                    # combat: already at its cap, no gain
        assert s.own.cards[k] == (base.combat + 1, base.cohesion + 1, base.detection)
    assert not s.step.startswith(("exp-trait:", "trait:")) or s.step.split(":")[1] != side


def test_E_random_experience_raises_one_trait_by_one():
    s = _at_experience(3)
    side = s.step.split(":")[1]
    k = s.own.commander[side].partition("|")[0]
    before = s.own.cards[k]
    result = s.own.log[side][-1]["result"]
    die = {"won": 4, "draw": 5, "lost": 6}[result]     # a total of 5: 'random'
    s, _ = play(s, (die,))
    is_chance(s, "exp-trait")
    s, _ = play(s, (3,))                               # cohesion
    after = s.own.cards[k]
    assert [a - b for a, b in zip(after, before)] == [0, 1, 0]


def test_E_G_no_experience_for_dead_or_stand_in_commanders():
    """A killed pool commander leaves the pool; a stand-in is not retained and rolls no experience."""
    rng = random.Random(6)
    s = GAME.new_state("campaign")
    checked = 0
    while not isinstance(p := GAME.pause(s), End) and checked < 3:
        before = s.phase
        s = GAME.apply(s, random_answer(p, rng))
        if before != "campaign" and s.phase in ("campaign", "setup", "over") and s.own.log["usn"] \
                and len(s.own.log["usn"]) > checked:
            checked = len(s.own.log["usn"])
            for side in ("usn", "ijn"):
                for k in s.own.dead:
                    assert k not in s.own.cards
                assert not any(k.startswith("stand-in") for k in s.own.cards)
            assert all(not t.startswith("stand-in") for t in s.todo)


def test_G_the_campaign_log_in_each_view_is_its_own():
    rng = random.Random(5)
    s = _until(GAME.new_state("campaign"), rng, lambda s: s.own.mission == 2 and s.phase == "movement")
    usn, ijn, public = GAME.view(s, "usn"), GAME.view(s, "ijn"), GAME.public_view(s)
    assert "usn" in usn["campaign"] and "ijn" not in usn["campaign"]
    assert "ijn" in ijn["campaign"] and "usn" not in ijn["campaign"]
    assert "usn" not in public["campaign"] and "ijn" not in public["campaign"]
    assert usn["campaign"]["totals"] == ijn["campaign"]["totals"]
    assert len(usn["campaign"]["usn"]["log"]) == 1
    msgspec.json.encode(usn), msgspec.json.encode(public)


def test_G_campaign_commanders_come_from_the_months_pool():
    """G: only commanders in the theatre in the mission's month (and alive) may be tried."""
    rng = random.Random(7)
    s = _until(GAME.new_state("campaign"), rng, lambda s: s.step.startswith("commander:"))
    p = GAME.pause(s)
    month = D.data.campaign.first_month + s.own.mission - 1
    for o in p.options:
        cm = D.commanders[o.fields["commander"]]
        assert month in cm.months and cm.navy == p.side


def test_g_a_five_mission_campaign_heuristic_against_heuristic_reaches_its_verdict():
    """G: the heuristic plays the set-up too (ships within the limits, the best available commander, his
    flagship, the experience trait) and five missions run to the Victory-Loss verdict."""
    from kaisen.agents.base import make_agent
    from kaisen.engine.core import Chance, Decision, End
    from kaisen.games.nights_of_fury import GAME as game
    rng = random.Random(4)
    bots = {side: make_agent(game.id, "heuristic", side, 4) for side in game.sides}
    s = game.new_state("campaign")
    kinds = set()
    while not isinstance(p := game.pause(s), End):
        if isinstance(p, Decision):
            kinds.add(p.kind)
            a = bots[p.side].choose(game.view(s, p.side), p)
        else:
            assert isinstance(p, Chance)
            a = tuple(rng.randint(1, k) for k in p.dice)
        s = game.apply(s, a)
    assert {"assign-ship", "pick-commander", "flagship"} <= kinds
    assert s.own.mission == 5 and s.own.verdict is not None
