"""Menus with stable numbers and several picks in one line (issue 14): where the rules let a player choose
several things at once (ships into a task force, hits onto ships), a run of decisions of one kind keeps the
numbers of its first menu (an option that is gone is shown as taken, never renumbered), and "1 4 7" or "1-3"
answers them one after another. Only the decisions' kinds and option ids are read, never a label."""
from __future__ import annotations

import re

from kaisen.engine.core import Decision

MULTI_KINDS: dict[str, frozenset[str]] = {
    "pacific-fury": frozenset({"form-task-force", "allocate-hit"}),
    "fury-at-midway": frozenset({"place-aircraft", "intercept", "allocate-hit", "ready-aircraft"}),
    "victory-in-the-pacific": frozenset({"pearl-harbor-raid", "task-force", "partial-retreat", "move-patrollers",
                                         "move-amphibious", "move-raiders"}),
    "nights-of-fury": frozenset({"assign-ship"}),
    "fighters-of-the-pacific": frozenset(),     # a movement is typed whole instead (see cli.PATH_KINDS)
}
"""The decision kinds, per game, where one player picks several things in a row (each game's flow.KINDS)."""
BETWEEN: dict[str, dict[str, frozenset[str]]] = {
    "victory-in-the-pacific": {k: frozenset({"destination"})
                               for k in ("move-patrollers", "move-amphibious", "move-raiders")},
}
"""Per game, per multi-pick kind: the decisions the rules ask after each pick (a sortieing unit's destination).
They are asked in turn, from their own menus, and the picks typed ahead wait for them."""
PICKS = re.compile(r"^\d+(-\d+)?([ ,]+\d+(-\d+)?)*$")


def parse_numbers(text: str) -> list[int] | None:
    """ "1 4 7", "1,4", "1-3", "2 2 5" (the same number twice: e.g. two hits on one ship) as numbers in order;
    None when the text is not a list of numbers and ranges."""
    text = text.strip()
    if not PICKS.match(text):
        return None
    out: list[int] = []
    for part in re.split(r"[ ,]+", text):
        lo, _, hi = part.partition("-")
        a, b = int(lo), int(hi or lo)
        out.extend(range(a, b + 1) if a <= b else range(a, b - 1, -1))
    return out


class Picks:
    """The numbered menu of the decision a human faces and the picks typed ahead for the next ones."""

    def __init__(self, game_id: str):
        self.multi = MULTI_KINDS.get(game_id, frozenset())
        self.after_each = BETWEEN.get(game_id, {})
        self.inner: list[str] = []          # the numbers of a menu asked between two picks
        self.key: tuple[str, str] | None = None
        self.ids: list[str] = []
        self.labels: dict[str, str] = {}
        self.queue: list[str] = []
        self.note = ""

    def reset(self, why: str = "") -> None:
        """A new run of decisions begins (another step came between, or answers were taken back)."""
        if self.queue and why:
            self.note = f"The rest of your picks ({len(self.queue)}) was dropped: {why}."
        self.key, self.ids, self.queue = None, [], []

    def between(self, decision: Decision) -> bool:
        """True for a decision the rules ask after each pick of the run under way (a destination), which does
        not end the run."""
        return (self.key is not None and decision.side == self.key[0]
                and decision.kind in self.after_each.get(self.key[1], ()))

    def number(self, decision: Decision) -> list[tuple[int, str, bool]]:
        """The menu: (number, option id, still offered) for this decision, numbers kept within a run of one
        side's decisions of a multi-pick kind (a menu asked between its picks is numbered on its own)."""
        key = (decision.side, decision.kind)
        offered = decision.ids()
        if self.between(decision):
            self.inner = list(offered)
            return [(n, i, True) for n, i in enumerate(self.inner, 1)]
        if decision.kind not in self.multi or key != self.key:
            self.key, self.ids, self.labels = key, list(offered), {}
        else:
            self.ids += [i for i in offered if i not in self.ids]
        for o in decision.options:
            self.labels.setdefault(o.id, o.label)
        here = set(offered)
        return [(n, i, i in here) for n, i in enumerate(self.ids, 1)]

    def chosen(self, decision: Decision, text: str) -> tuple[list[str], str]:
        """The option ids typed as numbers ("3", "1 4 7", "1-3"): ([], why) when refused; several only at a
        multi-pick kind; the first must be offered now."""
        numbers = parse_numbers(text)
        if numbers is None:
            return [], ""
        menu = self.inner if self.between(decision) else self.ids
        if len(numbers) > 1 and (decision.kind not in self.multi or menu is self.inner):
            return [], "one number at a time here (several only where the rules let you pick several things)"
        bad = [n for n in numbers if not 1 <= n <= len(menu)]
        if bad and len(numbers) == 1:
            return [], ""               # the usual "not an option" answer
        if bad:
            return [], f"no option {bad[0]}; the numbers are 1..{len(menu)}"
        ids = [menu[n - 1] for n in numbers]
        if ids[0] not in decision.ids():
            return [], f"option {numbers[0]} is taken"
        return ids, ""

    def next_queued(self, decision: Decision) -> str | None:
        """The next pick typed ahead, while the run goes on and it is offered (else the rest is dropped)."""
        if not self.queue or self.between(decision):
            return None                 # a destination between two picks is asked; the picks wait
        if (decision.side, decision.kind) != self.key:
            self.reset("the decision is of another kind now")
            return None
        nxt = self.queue.pop(0)
        if nxt not in decision.ids():
            n = self.ids.index(nxt) + 1 if nxt in self.ids else "?"
            self.queue.insert(0, nxt)
            self.reset(f"option {n} is no longer offered")
            return None
        return nxt

    def waiting(self) -> str:
        """The picks typed ahead that wait for the decision now asked, as the numbers typed ("4, 7")."""
        return ", ".join(str(self.ids.index(i) + 1) for i in self.queue if i in self.ids)

    def label(self, option_id: str) -> str:
        return self.labels.get(option_id, option_id)
