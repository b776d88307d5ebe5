"""The sequence of play is declared once (flow.SEQUENCE) and procedures are leaves (DESIGN.md, "The sequence of
play"; RULES.md, "Sequence of play"): no procedure imports flow, the package's imports form no cycle, and the
declaration lists the rulebook's phases in order."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from kaisen.games.victory_in_the_pacific import flow

PKG = Path(flow.__file__).parent
NAME = "kaisen.games.victory_in_the_pacific"
MODULES = {f.stem for f in PKG.glob("*.py")}
PROCEDURES = ("reinforcements", "movement", "combat", "turn1", "task_forces", "air_strikes", "island_combat",
              "end_turn")
# Below every procedure: what they may all lean on.
FOUNDATIONS = ("state", "combat_state", "shared", "common")


def imports(module: str) -> set[str]:
    """The package's modules `module` imports, at module level or inside functions (`from package import X`
    counts as importing X where X is a module; the package itself, `__init__`, registers the game and is left
    out)."""
    out = set()
    for node in ast.walk(ast.parse((PKG / f"{module}.py").read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == NAME:
                out |= {a.name for a in node.names if a.name in MODULES}
            elif node.module.startswith(NAME + "."):
                out.add(node.module[len(NAME) + 1:].split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{module}: relative import")
        elif isinstance(node, ast.Import):
            out |= {a.name[len(NAME) + 1:].split(".")[0] for a in node.names if a.name.startswith(NAME + ".")}
    return out - {module, "__init__"}


GRAPH = {m: imports(m) for m in sorted(MODULES - {"__init__"})}


def test_the_procedures_are_there():
    assert set(PROCEDURES) <= MODULES and set(FOUNDATIONS) <= MODULES


def test_no_procedure_imports_flow():
    for m in PROCEDURES + FOUNDATIONS:
        assert "flow" not in GRAPH[m], f"{m} imports flow: a procedure returns to the sequence, never calls it"
    assert {m for m, deps in GRAPH.items() if "flow" in deps} <= {"game"}


def test_common_and_state_import_no_procedure():
    for m in FOUNDATIONS:
        assert not GRAPH[m] & set(PROCEDURES), (m, GRAPH[m])
        assert GRAPH[m] <= set(FOUNDATIONS), (m, GRAPH[m])


# The arrows from one procedure to another that remain, all pointing down: combat dispatches its stages to its rule
# add-ons (20 task forces, 23 airstrikes, 22 island combat, 18.3-18.5 turn 1); the end of the turn reads rule
# 23's airstrike damage (23.5 rebuilding) and whether rule 22 is in play. Everything else they share is below them.
DOWN = {"combat": {"task_forces", "air_strikes", "island_combat", "turn1"},
        "end_turn": {"air_strikes", "island_combat"}}
SHARED = {"battle", "attack", "combat_state", "data"} | set(FOUNDATIONS)


def test_procedures_lean_only_on_lower_modules():
    for m in PROCEDURES:
        assert GRAPH[m] <= SHARED | DOWN.get(m, set()), (m, GRAPH[m] - SHARED - DOWN.get(m, set()))
    assert GRAPH["battle"] <= set(FOUNDATIONS) and GRAPH["attack"] <= {"battle", "task_forces", "air_strikes"} \
        | set(FOUNDATIONS)


def test_the_import_graph_has_no_cycle():
    state: dict[str, int] = {}            # 1 on the path, 2 done

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for d in sorted(GRAPH.get(m, ())):
            if state.get(d) == 1:
                raise AssertionError("import cycle: " + " -> ".join(path[path.index(d):] + [m, d]))
            if d not in state:
                visit(d, path + [m])
        state[m] = 2

    for m in GRAPH:
        if m not in state:
            visit(m, [])


def test_procedures_never_call_another_phase():
    """No procedure calls flow's transitions or another phase's entry point: only flow starts a step."""
    entry = re.compile(r"\b(flow|reinforcements|end_turn|turn1)\.(start\w*|after_\w+|resume|next_\w+|settle|go)\(")
    for m in PROCEDURES:
        text = (PKG / f"{m}.py").read_text()
        code = "\n".join(line.split("#")[0] for line in text.splitlines())
        assert not entry.findall(code), (m, entry.findall(code))


def test_the_sequence_lists_the_rulebook_phases_in_order():
    """RULES.md's sequence-of-play row names the phases (4.2 set-up, 5.1 reinforcements, 5.2 movement, 5.3
    combat, 5.6 submarines, 5.7 end of the turn) and points to flow.SEQUENCE, which declares them in that order."""
    rows = [line for line in (PKG / "RULES.md").read_text().splitlines()
            if line.startswith("|") and "`flow.SEQUENCE`" in line]
    assert len(rows) == 1, rows
    sections = [x.strip() for x in rows[0].split("|")[1].split(",")]
    assert sections == [ph.rule for ph in flow.SEQUENCE] == ["4.2", "5.1", "5.2", "5.3", "5.6", "5.7"]
    movement = next(ph for ph in flow.SEQUENCE if ph.rule == "5.2")
    assert [st.rule for st in movement.steps] == ["5.21", "5.22", "5.23", "5.24", "5.25"]
    end = next(ph for ph in flow.SEQUENCE if ph.rule == "5.7")
    assert [st.rule for st in end.steps] == ["5.71", "5.72", "5.73", "22", "5.74", "5.75"]


def test_every_signal_and_step_is_declared():
    """Every `Ctx.finish` signal in the source is a finished step of SEQUENCE, each step's `then` is a step, and
    flow enters every step that follows a finished one."""
    given = set()
    for m in PROCEDURES:
        given |= set(re.findall(r'c\.finish\("([\w-]+)"', (PKG / f"{m}.py").read_text()))
    assert given == set(flow.FINISHED)
    for st in flow.STEPS.values():
        assert st.then in flow.STEPS, st
    assert set(flow.ENTER) == {st.then for st in flow.FINISHED.values()}
    steps = {x for ph in flow.SEQUENCE for st in ph.steps for x in st.pauses}
    assert {"raid-setup", "back", "substitute", "patrol", "dest", "speed", "air", "amph", "raid", "sub", "fight",
            "cbt", "home", "subend", "subshot", "subdmg", "invade", "over"} == steps
