"""Contract v2 for Victory in the Pacific: every Decision has a kind from flow.KINDS, every Option has fields
that name exactly what its id names (units, sea areas, ports and bases as the views and board data spell them),
and the action vocabulary covers every id offered."""
from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.games.victory_in_the_pacific import GAME, flow
from kaisen.games.victory_in_the_pacific.ai import HeuristicAgent

PACKAGE = Path(flow.__file__).parent
EVERY_RULE = {o.id: True for o in GAME.options}
D = GAME.data

# what each option id says, rebuilt from its fields: kind -> verb -> id format
FORMATS = {
    "pearl-harbor-raid": {"add": "raid:{unit}", "done": "done"},
    "return-to-play": {"place": "at:{port}"},
    "substitute": {"remove": "remove:{unit}"},
    "move-patrollers": {"sortie": "sortie:{unit}", "raider": "raider:{unit}", "repair": "repair:{unit}",
                        "rebuild": "rebuild:{unit}", "rebuild-air": "rebuild:{unit}:{port}", "done": "done"},
    "move-amphibious": {"sortie": "sortie:{unit}", "done": "done"},
    "move-raiders": {"sortie": "sortie:{unit}", "done": "done"},
    "destination": {"move": "to:{area}"},
    "place-air": {"place": "place:{unit}:{area}", "pass": "pass"},
    "place-submarine": {"place": "sub:{unit}:{area}", "keep": "keep"},
    "order-combats": {"fight": "fight:{area}"},
    "pearl-harbor-withdraw": {"withdraw": "withdraw", "stay": "stay"},
    "pearl-harbor-sortie": {"sortie": "sortie:{unit}", "all": "all", "done": "done"},
    "pearl-harbor-retreat": {"stay": "stay", "retreat": "retreat"},
    "task-force": {"join": "tf:{unit}:{tf}"},
    "task-force-attack": {"attack": "atk:{tf}", "hold": "hold:{tf}"},
    "declare-invasion": {"invade": "inv:{unit}", "no": "no:{unit}"},
    "day-or-night": {"day": "day", "night": "night"},
    "night-task-force": {"add": "add:{tf}", "out": "out:{tf}"},
    "kamikaze": {"kamikaze": "kamikaze:{unit}", "normal": "normal:{unit}"},
    "airstrike-stance": {"attack": "attack:{unit}", "defend": "defend:{unit}"},
    "announce-night-fire": {"fire": "fire:{unit}", "hold": "hold:{unit}"},
    "choose-target": {"target": "target:{unit}:{target}", "hold": "target:{unit}:-"},
    "anti-aircraft": {"target": "aa:{unit}:{target}"},
    "submarine-attack": {"attack": "sub:{unit}:{target}", "wait": "wait:{unit}"},
    "retreat": {"stay": "stay", "retreat": "retreat", "partial": "partial"},
    "partial-retreat": {"flee": "flee:{unit}", "keep": "keep:{unit}"},
    "split-group": {"split": "split:{unit}", "newgroup": "newgroup", "done": "done"},
    "pursuit": {"pursue": "pursue:{unit}:{group}", "raid": "raid:{unit}:{base}", "stay": "stay:{unit}"},
    "continue-pursuit": {"pursue": "pursue:{unit}:{group}", "stop": "stop:{unit}"},
    "air-raid": {"raid": "raid:{unit}:{base}", "stay": "stay:{unit}"},
    "land-or-invade": {"land": "land:{unit}:{base}", "invade": "invade:{unit}:{base}", "stay": "stay:{unit}"},
    "island-target": {"target": "itarget:{unit}:{target}"},
    "return-to-port": {"move": "to:{port}", "all-default": "all-default"},
    "submarine-last-attack": {"attack": "sub:{target}", "home": "home"},
    "end-of-turn-invasion": {"invade": "invade:{base}", "land": "land:{base}", "stay": "stay"},
}


def id_from_fields(kind: str, f: dict) -> str:
    verb = f["verb"]
    if verb == "rebuild" and "points" in f:
        verb = "rebuild-air"          # a land-based air unit rebuilt at a port (23.5)
    return FORMATS[kind][verb].format(**f)


def check_fields(kind: str, o) -> None:
    f = o.fields
    assert isinstance(f, dict) and f and isinstance(f.get("verb"), str), (kind, o.id, f)
    json.dumps(f)
    assert id_from_fields(kind, f) == o.id, (kind, o.id, f)
    # places and units are the ids the views and board data use
    for key, known in (("unit", D.units), ("target", D.units), ("area", D.areas), ("port", D.bases),
                       ("base", D.bases)):
        if key in f and f[key] != "garrison":
            assert f[key] in known, (kind, o.id, key, f[key])
    for u in f.get("units", ()):
        assert u in D.units, (kind, o.id, u)


def decisions(seed: int, options, heuristic: bool = False):
    rng = random.Random(seed)
    agents = {s: HeuristicAgent(s, seed) for s in GAME.sides}
    s = GAME.new_state(options=options)
    while not isinstance(p := GAME.pause(s), End):
        if isinstance(p, Decision):
            yield p
            a = agents[p.side].choose(GAME.view(s, p.side), p) if heuristic else rng.choice(p.options).id
        else:
            a = testing.random_answer(p, rng)
        s = GAME.apply(s, a)


def test_kinds_are_listed_once_with_their_rule():
    names = [k for k, _, _ in flow.KINDS]
    assert len(names) == len(set(names)) == len(flow.KIND_NAMES)
    for name, rule, what in flow.KINDS:
        assert name == name.lower() and " " not in name and rule and what


def test_every_decision_in_the_source_names_a_listed_kind():
    """Every Decision(...) in the package passes a kind, and the kinds passed are exactly flow.KINDS."""
    found = set(flow.STEP_KIND.values())
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Decision":
                kind = node.args[4] if len(node.args) > 4 else next(
                    (k.value for k in node.keywords if k.arg == "kind"), None)
                assert kind is not None, f"{path.name}:{node.lineno}: Decision without a kind"
                if isinstance(kind, ast.Constant):
                    found.add(kind.value)
    assert found == flow.KIND_NAMES


@pytest.mark.parametrize("seed,options", [(3, None), (4, EVERY_RULE), (5, EVERY_RULE), (6, {"task-forces": True})])
def test_fields_name_what_the_id_names_and_the_vocabulary_covers_it(seed, options):
    vocabulary = GAME.action_vocabulary(None, options)
    kinds = set()
    for p in decisions(seed, options):
        assert p.kind in flow.KIND_NAMES, p.kind
        kinds.add(p.kind)
        for o in p.options:
            check_fields(p.kind, o)
            assert o.id in vocabulary, (p.kind, o.id)
    assert len(kinds) >= 15


def test_heuristic_games_are_covered_too():
    vocabulary = GAME.action_vocabulary(None, EVERY_RULE)
    for p in decisions(7, EVERY_RULE, heuristic=True):
        for o in p.options:
            check_fields(p.kind, o)
            assert o.id in vocabulary, (p.kind, o.id)


def test_main_decisions_name_their_unit_and_place():
    """The first moves of a game: the raid set-up names Japanese ships, a sortie names its ship and port, its
    destinations name the ship and the sea area."""
    s = GAME.new_state()
    p = GAME.pause(s)
    assert p.kind == "pearl-harbor-raid"
    add = p.options[0]
    assert add.get("verb") == "add" and D.units[add.get("unit")].side == "japan" and add.id == "raid:" + add.get("unit")
    assert p.options[-1].fields == {"verb": "done"}
    s = GAME.apply(s, "done")
    while getattr(GAME.pause(s), "kind", "") != "move-patrollers":
        s = GAME.apply(s, testing.random_answer(GAME.pause(s), random.Random(0)))
    p = GAME.pause(s)
    sortie = next(o for o in p.options if o.get("verb") == "sortie")
    u = sortie.get("unit")
    assert s.loc[u] == "port:" + sortie.get("port")
    s = GAME.apply(s, sortie.id)
    p = GAME.pause(s)
    assert p.kind == "destination"
    assert all(o.get("unit") == u and o.id == "to:" + o.get("area") and o.get("n") >= 1 for o in p.options)


def test_vocabulary_grows_with_the_optional_rules_and_stays_bounded():
    standard = GAME.action_vocabulary()
    every = GAME.action_vocabulary(None, EVERY_RULE)
    assert standard < every
    assert len(every) < 60_000
    assert {"done", "day", "night", "stay", "retreat", "fight:indonesia", "to:pearl-harbor"} <= standard
    assert not any(x.startswith(("tf:", "kamikaze:", "itarget:", "aa:", "rebuild:")) for x in standard)
    assert GAME.action_vocabulary() is standard        # computed once per set of rules


def test_heuristic_chooses_the_same_with_prompts_and_labels_blanked():
    from kaisen.engine.core import Option
    rng = random.Random(11)
    plain = {s: HeuristicAgent(s, 11) for s in GAME.sides}
    blind = {s: HeuristicAgent(s, 11) for s in GAME.sides}
    s = GAME.new_state(options=EVERY_RULE)
    for _ in range(3000):
        p = GAME.pause(s)
        if isinstance(p, End):
            break
        if isinstance(p, Decision):
            view = GAME.view(s, p.side)
            blank = Decision(p.side, "", tuple(Option(o.id, "", o.fields) for o in p.options), p.rule, p.kind)
            a = plain[p.side].choose(view, p)
            assert blind[p.side].choose(view, blank) == a, (p.kind, a)
        else:
            a = testing.random_answer(p, rng)
        s = GAME.apply(s, a)
