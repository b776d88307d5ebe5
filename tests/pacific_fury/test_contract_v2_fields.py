"""Contract v2 for Pacific Fury (DESIGN.md "Options carry meaning", issue 11): every Decision's kind is one of
flow.DECISION_KINDS, every Option's fields say what its id names (the verb, the task force, zone, target or ship,
with the ids the views use), and every offered id is in the action vocabulary."""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from kaisen.agents.base import make_agent
from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.games.pacific_fury import GAME, flow
from kaisen.games.pacific_fury.state import TF_PREFIX

from .helpers import play, position, turn_start

D = GAME.data
KIND = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
ZONES = set(D.zones)
TFS = {TF_PREFIX[side] + str(box) for side in ("japan", "usa") for box in range(1, 8)}
STEP_OF = {kind: step for kind, _, step, _ in flow.DECISION_KINDS}
ALL_ON = {o.id: True for o in GAME.options}


def decisions(seed: int, options=None, agents: str = "random"):
    """(state, decision) at every decision of a seeded game, played by random or heuristic agents."""
    rng = random.Random(seed)
    bots = {side: make_agent("pacific-fury", agents, side, seed * 31 + i) for i, side in enumerate(GAME.sides)}
    s = GAME.new_state(options=options)
    while not isinstance(p := GAME.pause(s), End):
        if isinstance(p, Decision):
            yield s, p
            answer = bots[p.side].choose(GAME.view(s, p.side), p)
        else:
            answer = testing.random_answer(p, rng)
        s = GAME.apply(s, answer)


def test_decision_kinds_are_declared_once_in_the_sequence_of_play():
    kinds = [k for k, _, _, _ in flow.DECISION_KINDS]
    assert len(kinds) == len(set(kinds)) == len(flow.KIND) == 8
    assert all(KIND.match(k) for k in kinds)
    assert all(re.match(r"^\d+\.\d+$", rule) for _, rule, _, _ in flow.DECISION_KINDS)


def check_fields(s, p: Decision) -> None:
    """The fields of every option of `p` agree with its id, the state and the deciding side's view."""
    view = GAME.view(s, p.side)
    units, zones = set(view["units"]), {z["id"] for z in view["zones"]}
    for o in p.options:
        f = o.fields
        verb = f["verb"]
        assert isinstance(verb, str) and KIND.match(verb), (o.id, f)
        if "unit" in f:
            assert f["unit"] in units
        for key in ("zone", "from"):
            if key in f:
                assert f[key] in zones
        for tf in [f["tf"]] if "tf" in f else f.get("tfs", []):
            assert tf in TFS
        if p.kind == "form-task-force":
            box = s.forming_box
            assert verb in ("add", "tokyo-express", "close", "done")
            if verb in ("add", "tokyo-express"):
                assert o.id == ("tokyo-express" if verb == "tokyo-express" else f"add:{f['unit']}")
                assert f["box"] == box == view["control"]["forming_box"]
                assert f["tf"] == TF_PREFIX[p.side] + str(box)
            if verb == "add":
                assert s.loc[f["unit"]] == "base" and f["unit"] in view["sides"][p.side]["base"]
            if verb == "close":
                assert o.id == "next-box" and f["tf"] == TF_PREFIX[p.side] + str(box) and f["box"] == box
        elif p.kind == "operation":
            assert verb in ("sortie", "move", "strike", "return", "pass")
            if verb == "pass":
                assert o.id == "pass"
                continue
            tf = s.tfs[f["tf"]]
            assert tf.side == p.side
            if verb == "sortie":
                assert o.id == f"sortie:{tf.id}:{f['zone']}" and tf.box == f["box"] and tf.zone is None
                assert f["box"] == min(t.box for t in s.in_boxes(p.side))
            elif verb == "move":
                assert o.id == f"move:{tf.id}:{f['zone']}" and f["from"] == tf.zone
                assert f["zone"] in D.adjacent[tf.zone]
            elif verb == "return":
                assert o.id == f"base:{tf.id}" and f["from"] == tf.zone
            else:
                check_strike(s, o, f, tf, f"strike:{tf.id}:{f['target']}")
        elif p.kind == "air-strike-round":
            tf = s.tfs[s.combat.mover]
            assert f["tf"] == tf.id
            if verb == "end":
                assert o.id == "end"
            else:
                assert verb == "strike"
                check_strike(s, o, f, tf, f"strike:{f['target']}")
        elif p.kind == "allocate-hit":
            pool = next(q for q in s.combat.pools if q[1] > 0)
            assert verb == "hit" and o.id == f"hit:{f['unit']}" and f["unit"] in pool[2]
            assert f["applied"] == s.combat.applied.get(f["unit"], 0)
            assert s.loc[f["unit"]] == ("tf:" + f["tf"] if "tf" in f else "base")
        elif p.kind == "carrier-target":
            attacker, target = s.tfs[f["tf"]], s.tfs[f["target"]]
            assert verb == "target" and o.id == f"target:{target.id}" and s.step == "target:" + attacker.id
            assert attacker.zone == target.zone == f["zone"] and attacker.side != target.side
        elif p.kind == "return-to-base":
            assert verb == o.id and verb in ("stay", "return") and f["round"] == s.combat.round
            assert all(s.tfs[t].side == p.side for t in f["tfs"])
        elif p.kind == "declare-carrier-combat":
            assert f == {"verb": {"carrier-combat": "fight", "no-combat": "decline"}[o.id], "zone": s.combat.zone}
        elif p.kind == "revive-carrier":
            assert verb == "revive" and o.id == f"revive:{f['unit']}" and s.loc[f["unit"]] == "sunk"


def check_strike(s, o, f, tf, expected_id: str) -> None:
    assert o.id == expected_id
    target = f["target"]
    if target == "henderson":
        assert "zone" not in f and s.hf_operational and s.initiative != tf.side
    elif target == "ironbottom":
        foe = "japan" if tf.side == "usa" else "usa"
        assert f["zone"] == "ironbottom" and s.in_zone("ironbottom", foe)
    else:
        enemy = s.tfs[target]
        assert enemy.side != tf.side and enemy.zone == f["zone"] and f["zone"] in D.adjacent[tf.zone]


@pytest.mark.parametrize("seed,options,agents", [(1, None, "random"), (2, ALL_ON, "random"),
                                                 (3, ALL_ON, "heuristic"), (4, None, "heuristic")])
def test_every_option_s_fields_name_what_its_id_names(seed, options, agents):
    seen = set()
    for s, p in decisions(seed, options, agents):
        assert p.kind in STEP_OF and s.step.partition(":")[0] == STEP_OF[p.kind], (p.kind, s.step)
        check_fields(s, p)
        seen.add(p.kind)
    assert {"form-task-force", "operation", "allocate-hit"} <= seen


def test_revive_carrier_and_declare_carrier_combat_fields():
    s, _ = turn_start(3, -1, loc={"enterprise": "sunk", "saratoga": "sunk", "hornet": "sunk"})
    s, _ = play(s, (5,))
    p = GAME.pause(s)
    assert p.kind == "revive-carrier"
    assert [o.fields for o in p.options] == [{"verb": "revive", "unit": u} for u in ("saratoga", "enterprise", "hornet")]
    check_fields(s, p)
    s = position([("J1", ["kongo"], "eastern-solomons", None), ("U1", ["enterprise", "portland"], "south-pacific", None)],
                 phasing="japan")
    s, _ = play(s, "move:J1:south-pacific")
    p = GAME.pause(s)
    assert p.kind == "declare-carrier-combat"
    assert [o.fields for o in p.options] == [{"verb": "fight", "zone": "south-pacific"},
                                             {"verb": "decline", "zone": "south-pacific"}]


def test_operation_fields_name_task_force_zone_and_target():
    s = position([("U1", ["enterprise", "portland"], "south-pacific", None), ("U2", ["chicago"], None, 2),
                  ("J1", ["kongo"], "eastern-solomons", None), ("J2", ["haruna"], "ironbottom", None)],
                 initiative="usa", phasing="usa")
    p = GAME.pause(s)
    assert p.kind == "operation"
    fields = {o.id: o.fields for o in p.options}
    assert fields["sortie:U2:south-pacific"] == {"verb": "sortie", "tf": "U2", "box": 2, "zone": "south-pacific"}
    assert fields["move:U1:eastern-solomons"] == {"verb": "move", "tf": "U1", "from": "south-pacific",
                                                  "zone": "eastern-solomons"}
    assert fields["strike:U1:J1"] == {"verb": "strike", "tf": "U1", "target": "J1", "zone": "eastern-solomons"}
    assert fields["strike:U1:ironbottom"] == {"verb": "strike", "tf": "U1", "target": "ironbottom",
                                              "zone": "ironbottom"}
    assert fields["base:U1"] == {"verb": "return", "tf": "U1", "from": "south-pacific"}
    assert fields["pass"] == {"verb": "pass"}
    check_fields(s, p)


@pytest.mark.parametrize("seed", range(10, 22))
def test_the_vocabulary_covers_random_games_with_every_optional_rule_on(seed):
    vocabulary = GAME.action_vocabulary(None, GAME.resolve_options(ALL_ON))
    assert vocabulary == GAME.action_vocabulary(None, GAME.resolve_options(None))
    for _, p in decisions(seed, ALL_ON, "random" if seed % 3 else "heuristic"):
        missing = set(p.ids()) - vocabulary
        assert not missing, (p.kind, missing)


def test_the_vocabulary_is_finite_and_names_real_ships_and_task_forces():
    vocabulary = GAME.action_vocabulary(None, {})
    assert len(vocabulary) == 398
    for oid in vocabulary:
        parts = oid.split(":")
        if parts[0] in ("add", "hit", "revive"):
            assert parts[1] in D.ships
        elif parts[0] in ("sortie", "move"):
            assert parts[1] in TFS and parts[2] in ZONES
        elif parts[0] in ("base", "target"):
            assert parts[1] in TFS


def test_the_agent_dispatches_on_every_kind():
    """ai.py names every decision kind (and reads no prompt, label or option id text: test_contract_v2.py)."""
    tree = ast.parse((Path(flow.__file__).parent / "ai.py").read_text())
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert set(STEP_OF) <= strings
