"""D. Sequence of play: the eight phases declared once in flow.SEQUENCE; the procedures are leaves (DESIGN.md,
"Sequence of play, declared once"): no procedure imports flow.py or starts another phase, and the package's
import graph has no cycle."""
from __future__ import annotations

import ast
import random
from pathlib import Path

from kaisen.engine.core import Chance, End
from kaisen.engine.testing import find_cycle, import_graph, module_imports
from kaisen.games.nights_of_fury import GAME, flow

PKG = Path(flow.__file__).parent
PREFIX = "kaisen.games.nights_of_fury"
PROCEDURES = ("random_events", "initiative", "movement", "detection", "fire", "gunnery", "torpedoes", "damage",
              "damage_control", "disengagement", "victory", "setup")
PHASE_MODULES = ("random_events", "initiative", "movement", "detection", "gunnery", "torpedoes", "damage_control",
                 "disengagement")


def imports(name: str, source: str | None = None) -> set[str]:
    return module_imports(PKG, PREFIX, name, source)


def graph() -> dict[str, set[str]]:
    return import_graph(PKG, PREFIX)


cycle = find_cycle


def test_d_the_import_reader_sees_function_level_imports():
    g = graph()
    assert set(PHASE_MODULES) <= g["flow"]
    inner = "def f():\n    from kaisen.games.nights_of_fury import flow\n    import kaisen.games.nights_of_fury.fire\n"
    assert imports("x", inner) == {"flow", "fire"}


def test_d_no_procedure_imports_flow():
    g = graph()
    for name in PROCEDURES:
        assert "flow" not in g[name], f"{name}.py imports flow.py"


def test_d_the_package_has_no_import_cycle():
    assert cycle(graph()) is None, " -> ".join(cycle(graph()))
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_d_no_phase_starts_another():
    """A phase module never calls another phase module's start: only flow moves on (Ctx.finish)."""
    for name in PHASE_MODULES:
        tree = ast.parse((PKG / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in PHASE_MODULES \
                    and node.func.attr == "start":
                raise AssertionError(f"{name}.py calls {node.func.value.id}.start")


def test_d_the_declared_sequence_is_the_rulebooks_eight_phases():
    assert [p.rule for p in flow.SEQUENCE] == [f"D.{i}" for i in range(1, 9)]
    assert [p.name for p in flow.SEQUENCE] == ["Event Phase", "Initiative Phase", "Movement Phase",
                                               "Detection Phase", "Gunnery Phase", "Torpedo Phase",
                                               "Damage Control Phase", "Disengage Phase"]


def test_d_a_battle_walks_the_declared_phases_in_order_each_turn():
    """Random play: within every turn the phases a state pauses in follow SEQUENCE's order."""
    order = [p.phase for p in flow.SEQUENCE]
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.new_state("cape-esperance")
        seen = [(s.turn, s.phase)]
        while not isinstance(p := GAME.pause(s), End):
            s = GAME.apply(s, tuple(rng.randint(1, n) for n in p.dice) if isinstance(p, Chance)
                           else rng.choice(p.options).id)
            if seen[-1] != (s.turn, s.phase):
                seen.append((s.turn, s.phase))
        for turn in {t for t, _ in seen}:
            phases = [ph for t, ph in seen if t == turn and ph != "over"]
            assert [ph for ph in order if ph in phases] == phases, (turn, phases)
