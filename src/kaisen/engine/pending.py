"""How a board words what a side waits for, by the views' conventions (DESIGN.md, fog of war): another side's
decision shows as its question or, where the view hides it, as "<side> is deciding"; a roll shows its reason
or, where the view hides it, HIDDEN_ROLL."""
from __future__ import annotations

HIDDEN_ROLL = "dice are rolled"        # a view's reason for a roll its side may not know


def waiting_text(side_names: dict[str, str], side: str, prompt: str) -> str:
    """Another side's decision as the viewer may know it: the question, or only who is deciding."""
    name = side_names.get(side, side)
    return f"{name} is deciding." if prompt == f"{side} is deciding" else f"{name}: {prompt}"


def dice_text(reason: str) -> str:
    """Dice about to be rolled: their reason, or that the viewer's side may not know it."""
    if reason == HIDDEN_ROLL:
        return "Dice are rolled for something your side does not see."
    return f"Dice: {reason}"
