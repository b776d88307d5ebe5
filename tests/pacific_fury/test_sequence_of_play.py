"""5.0 Sequence of play: declared once in flow.SEQUENCE; the procedures are leaves (DESIGN.md "The sequence of
play"): no procedure imports flow.py, and the package's import graph has no cycle."""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from kaisen.engine.core import Chance, End
from kaisen.engine.testing import find_cycle, import_graph, module_imports
from kaisen.games.pacific_fury import flow
from kaisen.games.pacific_fury.state import LAST_TURN

from .helpers import GAME

PKG = Path(flow.__file__).parent
PREFIX = "kaisen.games.pacific_fury"
PROCEDURES = ("initiative", "event_phase", "task_forces", "operations", "combat", "return_phase")


def _imports(name: str, source: str | None = None) -> set[str]:
    """The package's modules that `name` imports (engine.testing.module_imports)."""
    return module_imports(PKG, PREFIX, name, source)


def _graph() -> dict[str, set[str]]:
    return import_graph(PKG, PREFIX)


_cycle = find_cycle


def test_5_0_the_import_reader_sees_function_level_imports():
    """The parser is not blind: flow imports every procedure; a function-level import is found too."""
    g = _graph()
    assert set(PROCEDURES) <= g["flow"]
    assert "flow" in g["game"]
    inner = "def f():\n    from kaisen.games.pacific_fury import flow\n    import kaisen.games.pacific_fury.combat\n"
    assert _imports("combat", inner) == {"flow"}
    assert _imports("x", inner) == {"flow", "combat"}
    assert _imports("x", "from .operations import finish\nfrom . import landing\n") == {"operations", "landing"}


def test_5_0_no_procedure_imports_flow_or_another_procedure():
    g = _graph()
    for name in PROCEDURES:
        assert "flow" not in g[name], f"{name}.py imports flow.py"
        assert not g[name] & set(PROCEDURES), f"{name}.py imports the procedure(s) {sorted(g[name] & set(PROCEDURES))}"
        assert g[name] <= {"common", "state", "data", "air_targets", "landing"}, (name, g[name])


def test_5_0_the_package_has_no_import_cycle():
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()))


def test_5_0_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_5_0_no_procedure_starts_another_phase():
    """Procedures never call another module's start / after_* / finish: only flow moves on."""
    for name in PROCEDURES:
        tree = ast.parse((PKG / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in PROCEDURES:
                raise AssertionError(f"{name}.py calls {node.func.value.id}.{node.func.attr}")


def _rules_row_sections() -> list[str]:
    row = next(line for line in (PKG / "RULES.md").read_text().splitlines() if line.startswith("| 5.0 |"))
    what = row.split("|")[2]
    return re.findall(r"(\d+\.0) [A-Z]", what)


def test_5_0_the_declared_sequence_lists_the_rulebook_phases_in_order():
    sections = _rules_row_sections()
    assert sections == ["6.0", "7.0", "8.0", "9.0", "11.0", "4.0"], sections
    assert [p.rule for p in flow.SEQUENCE] + [flow.GAME_END[0]] == sections
    assert [p.name for p in flow.SEQUENCE] == ["Initiative Phase", "Event Phase", "Task Force Phase",
                                               "Operations Phase", "Return Phase"]
    for p in flow.SEQUENCE:        # every step sits in its phase's section (10.0 combat inside an operation)
        for rule, _ in p.steps:
            assert rule.split(".")[0] == p.rule.split(".")[0] or (p.rule, rule) == ("9.0", "10.0")


def test_5_0_a_game_walks_the_declared_phases_in_order_each_turn():
    """Random play: the state's phase follows SEQUENCE (the Event Phase skipped on turn 1), four turns."""
    order = [p.phase for p in flow.SEQUENCE]
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.new_state()
        seen: list[tuple[int, str]] = [(s.turn, s.phase)]
        while True:
            p = GAME.pause(s)
            if isinstance(p, End):
                break
            if isinstance(p, Chance):
                answer = tuple(rng.randint(1, n) for n in p.dice)
            else:
                answer = rng.choice(p.options).id
            s = GAME.apply(s, answer)
            if seen[-1] != (s.turn, s.phase):
                seen.append((s.turn, s.phase))
        assert seen[-1] == (LAST_TURN, "over")
        for turn in range(1, LAST_TURN + 1):
            phases = [ph for t, ph in seen if t == turn and ph != "over"]
            expect = [ph for ph in order if not (turn == 1 and ph == "event")]
            # a phase with no pause (the Initiative Phase) is passed within one step: the ones seen keep the order
            assert [ph for ph in expect if ph in phases] == phases, (turn, phases)
            assert "operations" in phases, (turn, phases)
