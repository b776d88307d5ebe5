"""Issue 15, item 1: a side remembers the losses it saw. Attacks are flown in the open (2.6), so a step lost or a
unit eliminated there is known to both sides (a public "loss" event); the state keeps, per squadron, the steps it was
left with (`seen_left`), every view shows it, and the sampler deals an enemy squadron back out of sight with those
steps, or as lost, instead of at full strength. Losses out of the enemy's sight (night landings 10.2(2), no room to
land 8.3) are the owner's secret and leave it as it was."""
from __future__ import annotations

import json
import random
from functools import lru_cache

from kaisen.agents.base import make_agent
from kaisen.engine.core import Decision, End
from kaisen.games.fury_at_midway import GAME
from kaisen.games.fury_at_midway.common import SIDE_NAME
from kaisen.games.fury_at_midway.state import FaMState, other

D = GAME.data


@lru_cache(maxsize=None)
def steps_of_games() -> tuple:
    """(state before, state after) of every step of seeded heuristic games (which fight their air battles)."""
    out = []
    for seed in (0, 3, 7):
        agents = {s: make_agent(GAME.id, "heuristic", s, seed) for s in GAME.sides}
        rng = random.Random(seed)
        s = GAME.new_state()
        while not isinstance(p := GAME.pause(s), End):
            a = (agents[p.side].choose(GAME.view(s, p.side), p) if isinstance(p, Decision)
                 else tuple(rng.randint(1, k) for k in p.dice))
            new = GAME.apply(s, a)
            out.append((s, new))
            s = new
    return tuple(out)


def left(s: FaMState, q: str) -> int:
    box, n = s.air[q]
    return 0 if box == "lost" else n


def test_2_6_a_loss_in_the_open_is_remembered_with_the_steps_left_and_only_such_a_loss():
    changed = public = 0
    for before, after in steps_of_games():
        losses = [e for e in GAME.events(after) if e.kind == "loss"]
        moved = {q for q in after.seen_left if after.seen_left[q] != before.seen_left.get(q)}
        if moved:
            changed += 1
            assert any(e.private_to is None for e in losses)       # only a loss both sides saw changes it
            for q in moved:
                assert after.seen_left[q] == left(after, q)          # the steps it was left with
        if losses and all(e.private_to is None for e in losses):
            public += 1
            fell = [q for q in after.air if left(after, q) < left(before, q) if q in before.air]
            assert fell and all(after.seen_left.get(q) == left(after, q) for q in fell)
        removed = set(before.seen_left) - set(after.seen_left)
        assert not removed or any("replaces an aircraft unit" in e.text for e in GAME.events(after))
        assert before.seen_left is after.seen_left or moved or removed    # replaced only on a change, never in place
    assert changed >= 10 and public >= 10


def test_a_loss_out_of_the_enemys_sight_leaves_the_record_as_it_was():
    private = 0
    for before, after in steps_of_games():
        losses = [e for e in GAME.events(after) if e.kind == "loss"]
        if losses and all(e.private_to is not None for e in losses):
            private += 1
            assert after.seen_left == before.seen_left
    assert private >= 1


def test_a_squadron_seen_eliminated_stays_lost_unless_air_replacements_may_have_brought_it_back():
    """12.0, card 03: the enemy learns only that a unit was replaced, so it forgets the side's losses it saw."""
    replaced = 0
    for before, after in steps_of_games():
        for q, n in after.seen_left.items():
            if n == 0:
                assert after.air[q][0] == "lost"
        told = [e.text for e in GAME.events(after) if "replaces an aircraft unit" in e.text]
        if told:
            replaced += 1
            side = next(sd for sd, name in SIDE_NAME.items() if f"Air Replacements: {name} replaces" in told[0])
            assert not [q for q in after.seen_left if D.aircraft[D.squadrons[q].type].side == side
                        and D.squadrons[q].parent != "midway"]
    assert replaced >= 1


def test_every_view_shows_the_same_record_and_it_survives_json():
    for _, s in steps_of_games()[::37]:
        views = [GAME.view(s, side) for side in GAME.sides] + [GAME.public_view(s), GAME.view(s, None)]
        assert all(v["seen_left"] == s.seen_left for v in views)
        back = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
        assert back.seen_left == s.seen_left and GAME.to_json(back) == GAME.to_json(s)


def test_an_older_save_without_the_record_loads_as_nothing_seen():
    _, s = steps_of_games()[-1]
    data = GAME.to_json(s)
    assert data["seen_left"]
    del data["seen_left"]
    assert GAME.from_json(data).seen_left == {}


def test_the_sampler_deals_an_enemy_squadron_out_of_sight_with_the_steps_it_was_seen_left_with():
    checked = 0
    for i, (s, _) in enumerate(steps_of_games()):
        p = GAME.pause(s)
        if i % 5 or not isinstance(p, Decision) or not s.seen_left:
            continue
        side = p.side
        foe = other(side)
        v = GAME.view(s, side)
        sample = GAME.sample_state(v, random.Random(i))
        shown = set()
        if v["attack"] is not None:
            a = v["attack"]
            shown = {q for q, *_ in a["units"] + a["cap"] + a["interceptors"]} | {
                q for units in a["decks"].values() for q, *_ in units}
        for q, n in s.seen_left.items():
            if D.aircraft[D.squadrons[q].type].side != foe or q in shown:
                continue
            got = left(sample, q)
            assert got == n or (got == 0 and n > 0)       # its remembered steps (or lost: no room aboard)
            checked += 1
    assert checked >= 20
