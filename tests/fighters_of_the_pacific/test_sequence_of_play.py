"""Turn Description: the three phases (with Phase 2's barrages first and Phase 3's six steps) declared once in
flow.SEQUENCE; the procedures are leaves (DESIGN.md, "Sequence of play, declared once"): no procedure imports
flow.py or starts another step, and the package's import graph has no cycle."""
from __future__ import annotations

import ast
import random
from pathlib import Path

from kaisen.engine.core import End
from kaisen.engine.testing import find_cycle, import_graph, module_imports
from kaisen.games.fighters_of_the_pacific import GAME, flow

PKG = Path(flow.__file__).parent
PREFIX = "kaisen.games.fighters_of_the_pacific"
PROCEDURES = ("initiative", "barrage", "activation", "flight", "shooting", "ships", "torpedoes", "end_of_turn",
              "reinforcements", "victory", "setup", "aa", "groups", "common")
STEP_MODULES = ("initiative", "barrage", "activation", "ships", "torpedoes", "end_of_turn", "reinforcements",
                "victory")


def graph() -> dict[str, set[str]]:
    return import_graph(PKG, PREFIX)


def test_turn_the_import_reader_sees_function_level_imports():
    assert set(STEP_MODULES) <= graph()["flow"]
    inner = "def f():\n    from kaisen.games.fighters_of_the_pacific import flow\n"
    assert module_imports(PKG, PREFIX, "x", inner) == {"flow"}


def test_turn_no_procedure_imports_flow():
    g = graph()
    for name in PROCEDURES:
        assert "flow" not in g[name], f"{name}.py imports flow.py"


def test_turn_the_package_has_no_import_cycle():
    assert find_cycle(graph()) is None, " -> ".join(find_cycle(graph()))


def test_turn_no_step_starts_another():
    """A step module never calls another step module's start: only flow moves on (Ctx.finish)."""
    for name in STEP_MODULES + ("flight", "shooting"):
        tree = ast.parse((PKG / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in STEP_MODULES \
                    and node.func.attr in ("start", "check", "clear_activation", "clear_barrages"):
                raise AssertionError(f"{name}.py calls {node.func.value.id}.{node.func.attr}")


def test_turn_the_declared_sequence_is_the_rulebooks():
    """Phase 1, then Phase 2 (barrages before the first activation), then Phase 3's six steps in order."""
    assert [p.rule for p in flow.SEQUENCE] == ["Phase 1", "Phase 2, Barrage", "Phase 2"] + [
        f"Phase 3.{i}" for i in range(1, 7)]
    assert [p.name for p in flow.SEQUENCE][3:] == ["Ships are moved", "Torpedoes are moved",
                                                   "Activation markers removed", "Barrage markers removed",
                                                   "Reinforcements placed", "Victory conditions checked"]


def test_turn_a_game_walks_the_declared_steps_in_order_each_turn():
    """Random play of the scenario with every rule: within each turn the steps a state pauses in (or passes
    through, as its events show) follow SEQUENCE's order, and turns follow one another."""
    order = [p.phase for p in flow.SEQUENCE]
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.new_state("eastern-solomons")
        seen = [(s.turn, s.phase)]
        while not isinstance(p := GAME.pause(s), End):
            s = GAME.apply(s, rng.choice(p.options).id)
            if seen[-1] != (s.turn, s.phase):
                seen.append((s.turn, s.phase))
        turns = [t for t, _ in seen]
        assert turns == sorted(turns) and turns[-1] == GAME.data.scenarios["eastern-solomons"].end_turn
        for t in set(turns):
            phases = [order.index(ph) for tt, ph in seen if tt == t]
            assert phases == sorted(phases), (t, phases)


def test_turn_decision_kinds_are_declared_once():
    kinds = {GAME.pause(s).kind for s in _states("santa-cruz", 1) if not isinstance(GAME.pause(s), End)}
    assert kinds <= flow.KIND_NAMES
    assert {"activate", "maneuver", "barrage", "ship-move"} <= kinds


def _states(scenario, seed):
    rng = random.Random(seed)
    s = GAME.new_state(scenario)
    while not isinstance(p := GAME.pause(s), End):
        yield s
        s = GAME.apply(s, rng.choice(p.options).id)
