"""Dice sources that answer Chance nodes: seeded RNG, a script of faces, or a person typing real dice."""
from __future__ import annotations

import random
from typing import Callable, Iterable

from kaisen.engine.core import Chance, IllegalAction, check_dice


class DiceSource:
    """Answers a Chance node with the faces rolled."""

    def roll(self, chance: Chance) -> tuple[int, ...]:
        raise NotImplementedError


class SeededDice(DiceSource):
    """Pseudo-random dice from a recorded seed: the same seed rolls the same game."""

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def roll(self, chance: Chance) -> tuple[int, ...]:
        return tuple(self.rng.randint(1, sides) for sides in chance.dice)


class ScriptedDice(DiceSource):
    """Faces from a list, one per die in order: for tests and for replaying a game rolled at a table."""

    def __init__(self, faces: Iterable[int]):
        self.faces = list(faces)
        self.used = 0

    def roll(self, chance: Chance) -> tuple[int, ...]:
        need = len(chance.dice)
        if self.used + need > len(self.faces):
            raise IllegalAction(chance.rule or "dice", f"dice script ran out at: {chance.reason}",
                                f"{len(self.faces) - self.used} face(s) left", f"{need} face(s)")
        faces = tuple(self.faces[self.used:self.used + need])
        self.used += need
        return check_dice(chance, faces)

    @property
    def remaining(self) -> int:
        return len(self.faces) - self.used


class ManualDice(DiceSource):
    """A person rolls real dice and types the faces; bad input is explained and asked again."""

    def __init__(self, ask: Callable[[Chance], str], tell: Callable[[str], None] = print):
        self.ask = ask
        self.tell = tell

    @staticmethod
    def parse(chance: Chance, text: str) -> tuple[int, ...]:
        parts = text.replace(",", " ").split()
        try:
            faces = tuple(int(p) for p in parts)
        except ValueError:
            raise IllegalAction(chance.rule or "dice", "dice faces must be whole numbers", text,
                                f"{len(chance.dice)} number(s) 1..{max(chance.dice)}") from None
        return check_dice(chance, faces)

    def roll(self, chance: Chance) -> tuple[int, ...]:
        while True:
            text = self.ask(chance)
            try:
                return self.parse(chance, text)
            except IllegalAction as err:
                self.tell(f"Not accepted: {err.one_line()}")
