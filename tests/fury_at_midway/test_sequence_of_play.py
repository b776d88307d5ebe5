"""5.0 The sequence of play is declared once (flow.SEQUENCE) and the procedures are leaves: no procedure module
imports flow.py, common.py and state.py import no procedure, and the package's imports (module-level and inside
functions) form no cycle."""
import ast
import re
from pathlib import Path

from kaisen.games.fury_at_midway import flow
from kaisen.games.fury_at_midway.data import load

PKG = Path(flow.__file__).parent
NAME = "kaisen.games.fury_at_midway"
PROCEDURES = ("air_attack", "air_ops", "cards", "movement", "night", "search", "setup", "strike", "victory")


def imports(module: str) -> set[str]:
    """The package's modules that `module` imports anywhere in its source (top level or inside functions)."""
    tree = ast.parse((PKG / f"{module}.py").read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == NAME:
                out |= {a.name for a in node.names}
            elif node.module.startswith(NAME + "."):
                out.add(node.module[len(NAME) + 1:].split(".")[0])
        elif isinstance(node, ast.Import):
            out |= {a.name[len(NAME) + 1:].split(".")[0] for a in node.names if a.name.startswith(NAME + ".")}
    return {m for m in out if (PKG / f"{m}.py").exists()} - {module}


def graph() -> dict[str, set[str]]:
    return {p.stem: imports(p.stem) for p in PKG.glob("*.py") if p.stem != "__init__"}


def test_no_procedure_imports_flow():
    g = graph()
    assert {m for m in PROCEDURES if "flow" in g[m]} == set()


def test_common_and_state_import_no_procedure():
    g = graph()
    assert g["common"] & (set(PROCEDURES) | {"flow"}) == set()
    assert g["state"] & (set(PROCEDURES) | {"flow", "common"}) == set()


def test_the_import_graph_has_no_cycle():
    g = graph()
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, "import cycle: " + " -> ".join(path[path.index(m):] + (m,))
        if m in done:
            return
        for n in sorted(g[m]):
            visit(n, path + (m,))
        done.add(m)

    for m in sorted(g):
        visit(m, ())


def test_the_sequence_lists_the_phases_of_5_0_in_the_rulebooks_order():
    d = load()
    assert flow.PHASE_IDS == tuple(p.id for p in d.phases)
    assert [name for _, name, _, _ in flow.SEQUENCE][:9] == [p.name for p in d.phases][:9]
    # the rule sections: 5.0(1) ... 5.0(9) in order, then the end of the turn (5.0, 4.1, 4.2)
    steps = [re.match(r"5\.0\((\d)\)", rule) for _, _, rule, _ in flow.SEQUENCE]
    assert [int(m.group(1)) for m in steps[:9]] == list(range(1, 10)) and steps[9] is None
    assert flow.SEQUENCE[-1][2].startswith("5.0")
    assert set(flow.ENTER) == set(flow.PHASE_IDS)
    # RULES.md's 5.0 row points at the declaration
    row = next(line for line in (PKG / "RULES.md").read_text().splitlines() if line.startswith("| 5.0 |"))
    assert "flow.SEQUENCE" in row
