"""Properties of whole games of Fighters of the Pacific under random legal play (hypothesis, few examples: the
folder stays fast): every game reaches the End; no two airplanes share a hex and altitude once a movement is over
(Movement, rule of flight 4); every state round-trips through JSON; replaying the answers gives the same states;
a maneuver that is not offered is refused and changes nothing."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from kaisen.engine.core import End, IllegalAction
from kaisen.games.fighters_of_the_pacific import GAME
from kaisen.games.fighters_of_the_pacific.common import hex_of
from kaisen.games.fighters_of_the_pacific.data import hex_distance
from kaisen.games.fighters_of_the_pacific.flow import DECISION_KINDS

SCENARIOS = [sc.id for sc in GAME.scenarios]
MANEUVER_IDS = ("advance", "slide-left", "slide-right", "turn-left", "turn-right", "dive", "climb",
                *(f"split-s:{k}" for k in range(6)), "pivot-left", "pivot-right", "end", "torpedo", "dive-bomb")
KINDS = {k for k, *_ in DECISION_KINDS}
GAMES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def close_in(s, p, rng) -> str:
    """A random answer that usually flies towards the enemy and fires (so fights, dodges and chains happen)."""
    ids = p.ids()
    if p.kind == "shoot" and rng.random() < 0.9:
        return ids[0]
    if p.kind == "respond" and rng.random() < 0.8:
        return "respond"
    if p.kind == "maneuver" and s.move is not None and rng.random() < 0.8:
        me = s.planes[s.move.plane]
        foes = [q.hex for q in s.planes.values() if q.side != me.side]
        moves = [o for o in p.options if o.fields["verb"] == "maneuver" and o.fields["hex"]]
        if foes and moves:
            return min(moves, key=lambda o: min(hex_distance(hex_of(o.fields["hex"]), f) for f in foes)
                       + rng.random()).id
    return rng.choice(ids)


def play(scenario: str, seed: int, each=None):
    """A random legal game (odd seeds close in and fire, even seeds answer anything); `each(before, answer,
    after)` sees every step. Returns the answers and the final state."""
    rng = random.Random(seed)
    s = GAME.new_state(scenario)
    answers = []
    for _ in range(20000):
        p = GAME.pause(s)
        if isinstance(p, End):
            return answers, s
        a = close_in(s, p, rng) if seed % 2 else rng.choice(p.options).id
        data = GAME.to_json(s)
        after = GAME.apply(s, a)
        assert GAME.to_json(s) == data, "apply changed the state it was given"
        if each:
            each(s, a, after)
        answers.append(a)
        s = after
    raise AssertionError(f"{scenario} seed {seed}: no End after 20000 answers")


@GAMES
@given(st.sampled_from(SCENARIOS), st.integers(0, 10 ** 6))
def test_random_legal_play_reaches_the_end(scenario, seed):
    def check(before, answer, after):
        p = GAME.pause(after)
        if after.step == "activate":
            assert after.move is None and after.chain == () and after.resolving == -1
        if not isinstance(p, End):
            assert p.options and len(set(p.ids())) == len(p.ids()), (p.kind, p.ids())
            assert p.kind in KINDS and all("verb" in o.fields for o in p.options)

    _, s = play(scenario, seed, check)
    end = GAME.pause(s)
    assert isinstance(end, End)
    j, u = s.vp["japan"], s.vp["usa"]
    assert end.winner == (None if j == u else "japan" if j > u else "usa") and end.score == abs(j - u)


@GAMES
@given(st.sampled_from(SCENARIOS), st.integers(0, 10 ** 6))
def test_rule_of_flight_4_no_two_airplanes_end_on_the_same_hex_and_altitude(scenario, seed):
    waived: set[str] = set()

    def check(before, answer, after):
        for e in GAME.events(after):
            if e.rule == "Movement, rule 4":          # the engine's waiver when no legal end exists (RULES.md)
                waived.add(after.move.plane if after.move else "")
        if after.move is not None:
            return
        seen: dict = {}
        for k, p in after.planes.items():
            other = seen.setdefault((p.hex, p.alt), k)
            assert other == k or {k, other} & waived, (scenario, seed, k, other, p.hex, p.alt)

    play(scenario, seed, check)


@GAMES
@given(st.sampled_from(SCENARIOS), st.integers(0, 10 ** 6))
def test_every_state_round_trips_through_json(scenario, seed):
    def check(before, answer, after):
        data = GAME.to_json(after)
        back = GAME.from_json(data)
        assert back == after and GAME.to_json(back) == data
        p, q = GAME.pause(after), GAME.pause(back)
        assert type(p) is type(q)
        if not isinstance(p, End):
            assert p.ids() == q.ids() and p.kind == q.kind and p.side == q.side

    play(scenario, seed, check)


@GAMES
@given(st.sampled_from(SCENARIOS), st.integers(0, 10 ** 6))
def test_replaying_the_same_answers_gives_identical_states(scenario, seed):
    states = []

    def record(before, answer, after):
        states.append(GAME.to_json(after))

    answers, final = play(scenario, seed, record)
    s = GAME.new_state(scenario)
    for a, want in zip(answers, states):
        s = GAME.apply(s, a)
        assert GAME.to_json(s) == want
    assert s == final


@GAMES
@given(st.sampled_from(SCENARIOS), st.integers(0, 10 ** 6))
def test_no_illegal_maneuver_is_ever_accepted(scenario, seed):
    rng = random.Random(seed ^ 0x5EED)

    def check(before, answer, after):
        p = GAME.pause(before)
        if p.kind not in ("maneuver", "dodge"):
            return
        bad = [m for m in MANEUVER_IDS if m not in p.ids()]
        if not bad:
            return
        wrong = rng.choice(bad)
        data = GAME.to_json(before)
        try:
            GAME.apply(before, wrong)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{wrong!r} accepted; offered {p.ids()}")
        assert GAME.to_json(before) == data

    play(scenario, seed, check)


@GAMES
@given(st.sampled_from(SCENARIOS), st.integers(0, 10 ** 6))
def test_a_movement_flown_step_by_step_is_a_legal_whole_path(scenario, seed):
    """Game.check_path (a movement typed in one go) agrees with the step-by-step decisions: the maneuvers an
    airplane actually flew make a legal path from where it started (unless a barrage ended it early)."""
    started: dict = {}

    def check(before, answer, after):
        if before.move is not None and not started:
            started.update(state=before, plane=before.move.plane, path=[])
        if not started:
            return
        if answer != "end":
            started["path"].append(answer)
        if after.move is None or after.move.plane != started["plane"]:
            if started["plane"] in after.planes and "no-dodge" not in started["path"]:
                assert GAME.check_path(started["state"], started["path"]) is None, (scenario, seed, started)
            started.clear()

    play(scenario, seed, check)


def test_every_scenario_ends_under_random_play_seed_0():
    """A plain pass over all ten scenarios (no hypothesis), so a broken one is named at once."""
    for sc in SCENARIOS:
        for seed in (0, 1):
            assert isinstance(GAME.pause(play(sc, seed)[1]), End), (sc, seed)
