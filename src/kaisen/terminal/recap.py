"""The recap: what each watching side has not read yet, one line per event, rule tags kept (issue 14)."""
from __future__ import annotations

from typing import Any, Iterable

from kaisen.engine.core import Event, Game
from kaisen.engine.pending import HIDDEN_ROLL         # a roll whose reason the side may not read: no recap line


def event_line(e: Event) -> str:
    return f"  [{e.rule}] {e.text}" if e.rule else f"  {e.text}"


def roll_reason(game: Game, state: Any, viewer: str | None, reason: str) -> str | None:
    """The reason for the dice about to be rolled as `viewer` may read it (its view's pending reason; the
    omniscient reason when nobody in particular watches); None when its view hides it."""
    if viewer is not None:
        reason = game.view(state, viewer)["pending"].get("reason") or ""
    if not reason or reason == HIDDEN_ROLL:
        return None
    return reason


class Recap:
    """Lines kept per watching side until that side next decides: the events it may see and, before the
    events of each roll, the dice's reason (modified factors, CAP, sinking ranges) as its view says it."""

    def __init__(self, viewers: Iterable[str | None]):
        self.lines: dict[str | None, list[tuple[int, str]]] = {v: [] for v in viewers}

    def events(self, events: Iterable[Event], answer: int) -> None:
        """The events of record answer #`answer`."""
        events = list(events)
        for viewer, lines in self.lines.items():
            lines.extend((answer, event_line(e)) for e in events if e.visible_to(viewer))

    def roll(self, game: Game, state: Any, reason: str, rule: str, answer: int) -> None:
        """The reason of the dice about to be rolled as record answer #`answer`."""
        tag = f"[{rule}] " if rule else ""
        for viewer, lines in self.lines.items():
            seen = roll_reason(game, state, viewer, reason)
            if seen is not None:
                lines.append((answer, f"  {tag}roll: {seen}"))

    def take(self, viewer: str | None) -> list[str]:
        lines, self.lines[viewer] = self.lines.get(viewer, []), []
        return [text for _, text in lines]

    def drop_from(self, answer: int) -> None:
        """Forget what answers #`answer` and later told anyone (they were taken back)."""
        for viewer, lines in self.lines.items():
            self.lines[viewer] = [(n, text) for n, text in lines if n < answer]
