"""The terminal table's parts: the recap of what happened, when the board is shown, stable menus, undo."""
