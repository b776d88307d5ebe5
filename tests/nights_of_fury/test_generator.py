"""A. The battle generator: every die a Chance node, the player's choices Decisions (contract v2), the generated
battle played like any scenario, its JSON round trip exact."""
from __future__ import annotations

import random

import pytest

from kaisen.engine.core import Chance, Decision, End
from kaisen.engine.testing import assert_round_trip, play_out, random_answer
from kaisen.games.nights_of_fury import flow, generator
from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.generator import OwnScenario
from kaisen.games.nights_of_fury.state import NoFState
from tests.nights_of_fury.helpers import GAME, D, is_chance, is_decision, is_end, play

SETUP_STEPS = ("gen-env", "gen-intel", "gen-bands", "gen-land", "gen-missions", "gen-limit", "assign", "commander",
               "avail", "stand-in", "flagship")


def _first_pick(p):
    """Take the first ship offered until done is the only sensible answer; try commanders in order."""
    ids = p.ids()
    return "done" if "done" in ids else ids[0]


def test_A_generated_is_listed_among_the_scenarios():
    ids = [sc.id for sc in GAME.scenarios]
    assert "generated" in ids and "campaign" in ids


def test_A_every_die_of_the_set_up_is_a_chance(monkeypatch):
    """No hidden random generator: the module-level random functions are disabled and the whole set-up still
    runs on the answers given; every step until turn 1 is a Chance or a Decision of a set-up kind."""
    def refuse(*a, **k):
        raise AssertionError("the rules called a random generator")
    rng = random.Random(5)
    for name in ("random", "randint", "choice", "choices", "shuffle", "sample", "randrange", "uniform"):
        monkeypatch.setattr(random, name, refuse)
    s = GAME.new_state("generated")
    seen = set()
    while s.phase == "setup":
        p = GAME.pause(s)
        step = s.step.split(":")[0]
        assert step in SETUP_STEPS, s.step
        assert isinstance(p, (Chance, Decision))
        seen.add(step)
        s = GAME.apply(s, random_answer(p, rng))
    assert {"gen-env", "gen-intel", "gen-bands", "gen-land", "gen-missions", "gen-limit", "assign"} <= seen
    assert s.phase == "event" and s.turn == 1


def test_A_scripted_set_up_gives_the_tables_values():
    """Environment, intelligence, start bands, land markers and missions read off the generator tables."""
    s = GAME.new_state("generated")
    assert is_chance(s, "gen-env").labels == ("light", "weather", "visibility", "sea")
    s, ev = play(s, (3, 1, 2, 4), (5, 3), (1,), (3,), (6, 5))
    own = s.own
    assert own.env == {"light": "night", "weather": "fair", "visibility": "normal", "sea": "moderate"}
    assert own.intelligence == {"ijn": "good", "usn": "fair"}
    assert own.bands == {"usn": 3, "ijn": 8}
    assert own.land == [("savo", 5)]
    assert own.missions == {"ijn": "attack", "usn": "attack"}
    p = is_chance(s, "gen-limit")
    assert s.step == "gen-limit:ijn"
    # IJN attack: BB 1d6-5 [min 0], CA 1d6 [min 2], CL 1d6-4 [min 1], DD 1d6 [min 2]
    assert p.labels == ("BB", "CA", "CL", "DD")
    s, _ = play(s, (6, 1, 2, 3))
    assert s.own.limits["ijn"] == {"BB": 1, "CA": 2, "CL": 1, "DD": 3, "PT": 0}
    assert s.step == "gen-limit:usn"


def test_G_ship_limit_dice_and_minimum():
    """G: (1D6-3) with [min x]: a roll under the minimum still gives the minimum."""
    row = D.data.ship_limit("ijn", "attack", "CA")
    assert row.limit((1,)) == max(row.min, 1 + row.plus) == 2
    row = D.data.ship_limit("ijn", "transport", "DD")
    assert row.limit((1, 1)) == 4 and row.limit((6, 6)) == 10


def _to_assign(seed_faces=((3, 1, 2, 4), (5, 3), (1,), (3,), (6, 5), (6, 1, 2, 3))):
    s = GAME.new_state("generated")
    s, _ = play(s, *seed_faces)
    return s


def test_G_assigning_ships_within_the_limits_then_done():
    """Decision 'assign-ship': one ship at a time from the pool, within each type's limit; done only once every
    minimum is met; each option names the ship and its type."""
    s = _to_assign()
    s, _ = play(s, (1, 1, 1, 1, 1))            # USN attack limits: every die 1
    assert s.step == "assign:ijn"
    p = is_decision(s, "assign-ship")
    assert "done" not in p.ids()
    assert all(o.fields["verb"] == "add" and D.ships[o.fields["ship"]].side == "ijn" for o in p.options)
    lim = s.own.limits["ijn"]
    added = {t: 0 for t in lim}
    for _ in range(50):
        p = GAME.pause(s)
        if "done" in p.ids():
            break
        o = p.options[0]
        added[o.fields["type"]] += 1
        s = GAME.apply(s, o.id)
    assert all(added[t] <= lim[t] for t in lim)
    assert all(added[t] >= generator.minimum(Ctx(s, D), "ijn", t) for t in lim)
    # a type at its limit is no longer offered
    full = [t for t in lim if added[t] == lim[t]]
    assert not any(o.fields.get("type") in full for o in GAME.pause(s).options if o.id != "done")


def test_G_availability_roll_and_the_random_commander_table():
    """G: a commander is tried with his availability roll; a failure means trying another; with the pool
    exhausted, the Random Commander Table rates a stand-in for this battle (one die per trait)."""
    s = _to_assign()
    s, _ = play(s, (1, 1, 1, 1, 1))
    while s.step.startswith("assign:ijn"):
        s = GAME.apply(s, _first_pick(GAME.pause(s)))
    p = is_decision(s, "pick-commander")
    assert p.side == "ijn"
    k = p.options[0].fields["commander"]
    need = D.commanders[k].availability
    s, ev = play(s, p.options[0].id, (need + 1,))     # fails: he is not offered again
    assert "commander:" + k not in [o.id for o in GAME.pause(s).options]
    k2 = GAME.pause(s).options[0].fields["commander"]
    s, _ = play(s, "commander:" + k2, (1,))            # 1 always succeeds
    assert s.own.commander["ijn"] == k2
    flag = is_decision(s, "flagship")                  # E: the player says where he sails
    s, _ = play(s, flag.options[0].id)
    # USN: every commander fails, then the stand-in
    while s.step.startswith("assign:usn"):
        s = GAME.apply(s, _first_pick(GAME.pause(s)))
    while s.step.startswith("commander:usn"):
        s, _ = play(s, GAME.pause(s).options[0].id, (6,))
    is_chance(s, "stand-in")
    assert GAME.pause(s).labels == ("combat", "cohesion", "detection")
    s, ev = play(s, (1, 6, 3))
    s, ev2 = play(s, is_decision(s, "flagship").options[0].id)
    ev = tuple(ev) + tuple(ev2)
    assert s.phase != "setup"
    cid, ship, alive = s.commanders["usn"]
    c = Ctx(s, D)
    assert (c.rating("usn", "combat"), c.rating("usn", "cohesion"), c.rating("usn", "detection")) == (-1, 1, 0)
    assert D.commanders[cid].name == "USN stand-in"
    assert s.commanders["ijn"][0] == k2
    assert any("Random Commander Table" in e.text for e in ev)


def test_A_the_battle_is_placed_from_its_own_spec():
    """The generated spec is kept in the state: divisions on the rolled start bands, land markers, missions,
    commanders on their flagships; Rules.scenario reads it from the state's scenario id."""
    rng = random.Random(3)
    s = GAME.new_state("generated")
    while s.phase == "setup":
        s = GAME.apply(s, random_answer(GAME.pause(s), rng))
    assert isinstance(s.scenario, OwnScenario) and str(s.scenario) == "generated"
    sc = D.scenario(s.scenario)
    assert sc is s.own.spec
    for div in s.divisions.values():
        assert div.band == s.own.bands[div.side]
    assert {m for m, _ in s.own.land} <= {lp.marker for lp in sc.land}
    for side in ("usn", "ijn"):
        assert D.mission(s.scenario, side) == s.own.missions[side]
        assert sorted(sc.ships_of(side)) == sorted(s.own.chosen[side])
        cmd = s.commanders.get(side)
        if cmd:
            assert cmd[1] == s.own.flagship[side] in s.own.chosen[side]


@pytest.mark.parametrize("seed", range(6))
def test_A_a_generated_battle_plays_to_the_end(seed):
    """Random legal play from the first roll to the end; the JSON round trip is exact along the way; every
    option offered is in the action vocabulary and every decision kind is declared (contract v2)."""
    rng = random.Random(seed)
    vocab = GAME.action_vocabulary("generated")
    kinds = {k for k, *_ in flow.DECISION_KINDS}
    s = GAME.new_state("generated")
    n = 0
    while not isinstance(p := GAME.pause(s), End):
        if isinstance(p, Decision):
            assert p.kind in kinds
            assert all(o.id in vocab and o.fields for o in p.options), [o.id for o in p.options if o.id not in vocab]
        if n % 53 == 0:
            assert_round_trip(GAME, s)
            for side in ("usn", "ijn", None):
                GAME.view(s, side)
        s = GAME.apply(s, random_answer(p, rng))
        n += 1
    assert_round_trip(GAME, s)
    end = is_end(s)
    assert end.winner in ("usn", "ijn", None)


def test_A_set_up_view_hides_the_other_sides_force():
    """While the battle is rolled, a side sees its own limits, ships and commander, not the enemy's."""
    s = _to_assign()
    s, _ = play(s, (1, 1, 1, 1, 1))
    s = GAME.apply(s, GAME.pause(s).options[0].id)
    usn = GAME.view(s, "usn")
    ijn = GAME.view(s, "ijn")
    assert "ships" not in usn["sides"]["ijn"] and "limits" not in usn["sides"]["ijn"]
    assert len(ijn["sides"]["ijn"]["ships"]) == 1
    assert usn["pending"]["prompt"] == "ijn is deciding"
    assert all(e.private_to == "ijn" for e in GAME.events(s))


def test_A_replay_of_the_answers_gives_the_same_state():
    rng = random.Random(11)
    s = GAME.new_state("generated")
    answers = []
    for _ in range(300):
        p = GAME.pause(s)
        if isinstance(p, End):
            break
        a = random_answer(p, rng)
        answers.append(a)
        s = GAME.apply(s, a)
    again = GAME.new_state("generated")
    for a in answers:
        again = GAME.apply(again, a)
    assert again == s and NoFState.from_json(s.to_json()) == s


def test_A_play_out_helper_finishes():
    s = play_out(GAME, GAME.new_state("generated"), random.Random(99))
    assert isinstance(GAME.pause(s), End)


def test_E_the_player_designates_the_commanders_ship():
    """E: the player puts his commander on a ship of his choice (a Decision, not the engine's pick); the battle's
    commander sails in that ship."""
    rng = random.Random(11)
    s = GAME.new_state("generated")
    asked = []
    while s.phase == "setup":
        p = GAME.pause(s)
        if isinstance(p, Decision) and p.kind == "flagship":
            asked.append(p.side)
            pick = p.options[-1]
            s = GAME.apply(s, pick.id)
            assert s.own.flagship[p.side] == pick.fields["ship"]
            continue
        s = GAME.apply(s, random_answer(p, rng))
    assert asked, "no side was asked where its commander sails"
    for side in asked:
        assert s.commanders[side][1] == s.own.flagship[side]


def test_G_the_enemys_ship_limit_roll_is_a_hidden_alternative_to_the_usn():
    """G, B: two generated battles that differ only in the IJN's ship-limit dice give the USN the same view and the
    same events (its limits, like its ships, are the IJN's own)."""
    seen = []
    for ijn_faces in ((6, 1, 2, 3), (1, 6, 6, 6)):
        s = GAME.new_state("generated")
        s, _ = play(s, (3, 1, 2, 4), (5, 3), (1,), (3,), (6, 5))
        s = GAME.apply(s, ijn_faces)
        usn_events = [(e.kind, e.rule, e.text) for e in GAME.events(s) if e.visible_to("usn")]
        seen.append((GAME.view(s, "usn"), usn_events, [e.text for e in GAME.events(s) if e.visible_to("ijn")]))
    assert seen[0][0] == seen[1][0] and seen[0][1] == seen[1][1]
    assert seen[0][2] != seen[1][2]          # the IJN itself reads what its roll came to
