"""Dice sources that answer Chance nodes: seeded RNG, a script of faces, or a person typing real dice; and dice
committed to in advance (a secret whose hash is published first: `commitment`, `derive_faces`), as the server
rolls them."""
from __future__ import annotations

import hashlib
import hmac
import random
from typing import Callable, Iterable, Sequence

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


# -- committed dice: a server's secret, published as a hash, revealed after the end ---------------------------
DICE_SCHEME = "kaisen-dice-v1"


def commitment(secret: bytes) -> str:
    """The published promise: SHA-256 of the secret, lower-case hex."""
    return hashlib.sha256(secret).hexdigest()


def derive_faces(secret: bytes, index: int, dice: Sequence[int]) -> tuple[int, ...]:
    """The faces of the roll answered as record answer #`index` (0-based), for dice of `dice` sides each.

    The scheme, kaisen-dice-v1, needs only HMAC-SHA256 and is the same in any language:
      block c (c = 0, 1, 2, ...) = HMAC-SHA256(key=secret, msg=ASCII "kaisen-dice-v1:<index>:<c>");
      the blocks are read as one byte stream; each die in order, with k sides, takes m bytes (the fewest with
      256^m >= k) as a big-endian integer v; v is kept when v < 256^m - (256^m mod k) and the face is
      v mod k + 1; otherwise those m bytes are discarded and the die takes the next m (rejection sampling: every
      face is exactly equally likely)."""
    out: list[int] = []
    buf = b""
    counter = 0
    for k in dice:
        if k < 1:
            raise ValueError(f"a die needs at least one side, not {k}")
        m = 1
        while 256 ** m < k:
            m += 1
        space = 256 ** m
        limit = space - space % k
        while True:
            while len(buf) < m:
                buf += hmac.new(secret, f"{DICE_SCHEME}:{index}:{counter}".encode("ascii"), hashlib.sha256).digest()
                counter += 1
            v, buf = int.from_bytes(buf[:m], "big"), buf[m:]
            if v < limit:
                out.append(v % k + 1)
                break
    return tuple(out)


def derive_seed(secret: bytes, label: str) -> int:
    """A 64-bit seed for something else the server randomises (an AI seat's generator), from the same secret."""
    return int.from_bytes(hmac.new(secret, f"kaisen-seed-v1:{label}".encode(), hashlib.sha256).digest()[:8], "big")
