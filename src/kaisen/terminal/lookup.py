"""What `rule SECTION` and `info NAME` read: a game's RULES.md rows, and a side's own view."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kaisen.engine.core import Game

def rules_rows(game: Game, section: str) -> tuple[list[str], list[str]]:
    """The game's RULES.md rows (rule -> code -> tests) whose rule names `section`, and the interpretations that
    mention it (at most 6)."""
    import importlib
    path = Path(importlib.import_module(type(game).__module__).__file__).parent / "RULES.md"
    if not path.exists():
        return [], []
    want = section.strip().lower()
    rows, notes, in_notes = [], [], False
    for line in path.read_text().splitlines():
        if line.startswith("## "):
            in_notes = "interpretation" in line.lower()
        if line.startswith("|") and not line.startswith("|--") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if cells and cells[0].lower() not in ("rule", "rule (rulebook heading)") and want in cells[0].lower():
                rows.append(" | ".join(cells))
        elif in_notes and want in line.lower() and len(notes) < 6:
            notes.append(line.strip())
    return rows, notes


def view_entries(view: Any, name: str) -> list[dict[str, Any]]:
    """The entries of a side's view (units, ships, places: dicts with an id or a name) called `name`."""
    want = name.strip().lower()
    found: list[dict[str, Any]] = []

    def walk(obj: Any, key: str | None = None) -> None:
        if isinstance(obj, dict):
            labels = [str(obj[k]).lower() for k in ("id", "name") if isinstance(obj.get(k), str)]
            if want in labels or (key is not None and key.lower() == want and isinstance(obj, dict)
                                  and "id" not in obj):
                found.append(obj if "id" in obj or "name" in obj else {"id": key, **obj})
            for k, v in obj.items():
                if k != "position":              # the exact position a perfect-information view carries
                    walk(v, k)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)

    walk(view)
    return found[:5]
