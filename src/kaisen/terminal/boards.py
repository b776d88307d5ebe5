"""When the terminal shows the board, and which form: compact below 100x35, the full board otherwise."""
from __future__ import annotations

from typing import Any

from rich.console import Console

from kaisen.engine.core import Game
from kaisen.terminal.wrap import fold

FULL_AT = (100, 35)
"""Columns and rows from which the full board is drawn; a smaller terminal gets the compact one (80x24 fits)."""
RULE = ("The board is shown at your first decision, when a new turn or phase begins, and at the first decision\n"
        "of a kind you have not answered yet (e.g. the first hit to allocate); otherwise type `board`.")


def wants_compact(console: Console) -> bool:
    """A terminal smaller than FULL_AT gets the compact board; output to a file or a pipe, the full one."""
    if not console.is_terminal:
        return False
    width, height = console.size
    return width < FULL_AT[0] or height < FULL_AT[1]


def draw(game: Game, view: dict[str, Any], compact: bool, width: int | None = None) -> Any:
    """The game's board in the form asked for; a board of plain lines (FaM, VITP) wrapped at words to `width`
    columns (None: as it is)."""
    board = game.render(view, compact=compact)
    if isinstance(board, str) and width is not None:
        return "\n".join(part for line in board.split("\n") for part in fold(line, width, hanging(line)))
    return board


def hanging(line: str) -> int:
    """Where a board line's continuation starts: under the text after its label ("Yokosuka   [J] ..." under
    "[J]"), else two columns in."""
    lead = len(line) - len(line.lstrip(" "))
    gap = line.find("  ", lead)
    if 0 < gap < 40:
        return gap + len(line[gap:]) - len(line[gap:].lstrip(" "))
    return lead + 2


def board_key(view: dict[str, Any]) -> tuple:
    """What marks a new stretch of play in a view: its turn and its phase (or time of day)."""
    return tuple(view.get(k) for k in ("turn", "phase", "time", "phase_name"))


class BoardWatch:
    """Per side: the turn and phase its board was last shown at, and the decision kinds it has met."""

    def __init__(self) -> None:
        self.keys: dict[str | None, tuple] = {}
        self.kinds: dict[str | None, set[str]] = {}

    def due(self, side: str | None, view: dict[str, Any], kind: str) -> bool:
        """True (and remembered) when the board must be shown before this decision (see RULE)."""
        key = board_key(view)
        kinds = self.kinds.setdefault(side, set())
        new = self.keys.get(side) != key or kind not in kinds
        self.keys[side] = key
        kinds.add(kind)
        return new

    def shown(self, side: str | None, view: dict[str, Any]) -> None:
        self.keys[side] = board_key(view)

    def forget(self, side: str | None) -> None:
        self.keys.pop(side, None)
