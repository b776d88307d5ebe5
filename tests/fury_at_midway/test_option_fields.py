"""Contract v2 for Fury at Midway: every Decision names its rulebook step (flow.KINDS), every Option carries
fields that name what its id names, the action vocabulary holds every id offered, and the heuristic decides
from kinds and fields alone (it chooses the same with every prompt and label blanked)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Decision, End, Option
from kaisen.games.fury_at_midway import GAME
from kaisen.games.fury_at_midway.ai import HeuristicAgent
from kaisen.games.fury_at_midway.flow import KIND_NAMES, KINDS

D = GAME.data
ON = {"b17": True}


def decisions(seed: int, options=None):
    """(state, decision) along a random game."""
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    while not isinstance(p := GAME.pause(s), End):
        if isinstance(p, Decision):
            yield s, p
        s = GAME.apply(s, testing.random_answer(p, rng))


def test_the_kinds_are_listed_once_with_their_rules():
    names = [k for k, _, _ in KINDS]
    assert len(names) == len(set(names)) == len(KIND_NAMES)
    assert all(rule for _, rule, _ in KINDS)


def check_option(s, p: Decision, o: Option) -> None:
    f = o.fields
    assert isinstance(f, dict) and isinstance(f.get("verb"), str), (p.kind, o.id)
    for key in ("unit", "hex", "carrier", "fleet"):
        if key in f:
            pool = {"unit": D.squadrons, "hex": D.hexes, "carrier": D.carriers, "fleet": D.fleets}[key]
            assert f[key] in pool, (p.kind, o.id, key, f[key])
    for q in f.get("units", ()):
        assert q in D.squadrons
    head, _, rest = o.id.partition(":")
    step, _, arg = s.step.partition(":")
    if p.kind in ("plot-move", "move-fleet", "step-back", "set-up-csf"):
        if head in ("to", "enter", "back", "start"):
            assert f["hex"] == rest
        assert f["fleet"] == (arg if p.kind != "set-up-csf" else "csf")
    elif p.kind == "land-aircraft":
        assert (f["verb"], f["unit"], f["carrier"]) == ("land", arg, rest)
    elif p.kind == "air-operation":
        parts = o.id.split(":")
        if head in ("deck", "cap", "sg-add"):
            assert f["unit"] == parts[1]
        elif head == "uncap":
            assert (f["unit"], f["carrier"]) == (parts[1], parts[2])
        elif head == "combine":
            assert f["units"] == parts[1:]
        elif head == "sg-go":
            assert f["hex"] == parts[1] and f["units"] == list(s.forming)
        elif head == "sg-move":
            assert (f["group"], f["hex"]) == (parts[1], parts[2]) and f["target"]
        elif head == "sg-return":
            assert f["group"] == parts[1]
        else:
            assert o.id == "end" and f == {"verb": "end"}
    elif p.kind in ("intercept", "allocate-hit") and head in ("intercept", "hit"):
        assert f["unit"] == rest and f["steps"] == s.air[rest][1]
    elif p.kind == "assign-attack":
        q = next(q for q in s.groups[s.attack.gid].units
                 if D.aircraft[D.squadrons[q].type].role != "fighter" and q not in s.attack.assign)
        assert (f["carrier"], f["unit"], f["steps"]) == (rest, q, s.air[q][1])
    elif p.kind == "choose-target":
        assert f["target"] == rest and f["group"] == s.attack.gid
    elif p.kind == "return-box":
        gid, box = arg.split(":")
        assert (f["group"], f["home"], f["box"]) == (gid, rest, f"{box}:{rest}")
    elif p.kind == "play-card" and head == "play":
        assert f["card"] == int(rest)
    elif p.kind == "ready-aircraft" and head != "done":
        assert f["unit"] == o.id.split(":")[1]


@pytest.mark.parametrize("seed,options", [(1, None), (2, ON), (3, ON)])
def test_every_option_names_what_its_id_names(seed, options):
    seen = set()
    for s, p in decisions(seed, options):
        assert p.kind in KIND_NAMES, p.prompt
        seen.add(p.kind)
        for o in p.options:
            check_option(s, p, o)
    assert {"place-aircraft", "plot-move", "move-fleet", "air-operation", "return-box"} <= seen


def test_the_vocabulary_covers_random_games_with_and_without_the_optional_rule():
    for options in (None, ON):
        vocabulary = GAME.action_vocabulary(None, GAME.resolve_options(options))
        assert 1000 < len(vocabulary) < 5000
        for seed in range(4, 10):
            for _, p in decisions(seed, options):
                missing = [o.id for o in p.options if o.id not in vocabulary]
                assert not missing, (p.kind, missing)


def test_the_vocabulary_with_b17s_holds_the_one_without():
    assert GAME.action_vocabulary(None, {"b17": False}) < GAME.action_vocabulary(None, {"b17": True})


def blank(d: Decision) -> Decision:
    return replace(d, prompt="", options=tuple(Option(o.id, "", o.fields) for o in d.options))


@pytest.mark.parametrize("seed", [5, 6])
def test_the_heuristic_chooses_the_same_with_prompts_and_labels_blanked(seed):
    from kaisen.engine.match import Match
    agents = {side: (HeuristicAgent(side, seed), HeuristicAgent(side, seed)) for side in GAME.sides}
    m = Match(GAME, seed=seed, options=ON)

    def choose(d):
        view = GAME.view(m.state, d.side)
        a, b = agents[d.side]
        answer = a.choose(view, d)
        assert b.choose(view, blank(d)) == answer, (d.kind, answer)
        return answer

    m.run(choose)
    assert GAME.is_over(m.state)
