"""Shared helpers for the procedures: the step being applied (Ctx), narration on demand, ranges, division
speed, commander ratings (E), current ship values after damage."""
from __future__ import annotations

from kaisen.engine.core import Event
from kaisen.games.nights_of_fury.state import SIDE_NAME, Division, NoFState, Ship, other

# What a procedure signals when it is over (Ctx.finish); flow.SEQUENCE decides what follows.
DONE_PHASE = "phase"


class Ctx:
    """One step being applied: the state copy being changed, the rules (`d`), the new events.

    Narration on demand: `note` / `note_to` keep an event's maker and its parameters (immutable values taken
    now); the English text is made when someone reads it."""

    __slots__ = ("s", "d", "ev", "done")

    def __init__(self, s: NoFState, d, ev: list[Event] | None = None):
        self.s = s
        self.d = d
        self.ev = [] if ev is None else ev
        self.done: str | None = None

    def finish(self, what: str = DONE_PHASE) -> None:
        """A procedure is over: it says so and returns; flow.py decides what comes next."""
        assert self.done is None, f"{what!r} signalled while {self.done!r} is pending"
        self.done = what

    # -- narration ---------------------------------------------------------------------------
    def say(self, kind: str, text: str, rule: str = "") -> None:
        self.ev.append(Event(kind, text, None, rule))

    def note(self, kind: str, rule: str, make, *args) -> None:
        self.ev.append(Event(kind, None, None, rule, make, args))

    def note_to(self, side: str, kind: str, rule: str, make, *args) -> None:
        """An event only `side` may read (it names what the enemy has not seen)."""
        self.ev.append(Event(kind, None, side, rule, make, args))

    # -- ships and divisions -----------------------------------------------------------------
    def spec(self, ship: str):
        return self.d.ships[ship]

    def name(self, ship: str) -> str:
        return self.d.ships[ship].name

    def side_of(self, ship: str) -> str:
        return self.d.ships[ship].side

    def afloat(self, div: Division) -> list[str]:
        """The ships of a division still in the battle (not sunk, not disengaged)."""
        ships = self.s.ships
        return [q for q in div.ships if ships[q].status == "afloat"]

    def divisions_of(self, side: str) -> list[Division]:
        """A side's divisions that still have a ship in the battle, in a stable order."""
        return [v for v in self.s.divisions.values() if v.side == side and self.afloat(v)]

    def division_of(self, ship: str) -> Division:
        return self.s.divisions[self.s.ships[ship].division]

    def public(self, ship: str) -> str:
        """A ship as narration for everyone names it: side, division and place in the stack (D.4), never the
        name a face-down card hides."""
        div = self.division_of(ship)
        afloat = self.afloat(div)
        place = f"ship #{afloat.index(ship) + 1}" if ship in afloat else "a ship"
        return f"{SIDE_NAME[div.side]} {div.name} {place}"

    def replace_ship(self, ship: str, **changes) -> Ship:
        new = self.s.ships[ship]._replace(**changes)
        self.s.ships[ship] = new
        return new

    def replace_division(self, div: str, **changes) -> Division:
        new = self.s.divisions[div]._replace(**changes)
        self.s.divisions[div] = new
        return new

    # -- current values (Damage Effects Table) -----------------------------------------------
    def speed(self, ship: str) -> int:
        """The ship's current Speed Rating: its class speed less what damage and events take away."""
        st = self.s.ships[ship]
        card = self.d.ships[ship]
        ev = sum(v for k, v, last, on in self.s.effects if k == "speed" and on == ship and last >= self.s.turn)
        return max(0, card.speed - self.d.speed_loss(card, st.structure, st.flotation) + ev)

    def division_speed(self, div: Division) -> int:
        """D.3: a division moves at the speed of its slowest ship."""
        speeds = [self.speed(q) for q in self.afloat(div)]
        return min(speeds) if speeds else 0

    # -- range (D.4, Target Range Table) ----------------------------------------------------
    @staticmethod
    def bands(a: Division, b: Division) -> int:
        """Range in bands between two divisions (0: the same band)."""
        return abs(a.band - b.band)

    def nearest(self, side: str, enemy: Division) -> int | None:
        """D.4: the range from `side`'s nearest division to the enemy division (smoke makes a division not count,
        K); None when the side has no division that counts."""
        best = None
        for div in self.divisions_of(side):
            if div.smoke:
                continue
            r = abs(div.band - enemy.band)
            if best is None or r < best:
                best = r
        return best

    # -- commanders (E) ------------------------------------------------------------------------
    def rating(self, side: str, trait: str) -> int:
        """A side's commander's rating in a trait; -1 once he is killed; 0 where the battle has none (E)."""
        entry = self.s.commanders.get(side)
        if entry is None:
            return 0
        cid, _, alive = entry
        if not alive:
            return -1
        return self.d.commander_rating(cid, trait)

    def commander_name(self, side: str) -> str:
        entry = self.s.commanders.get(side)
        return self.d.commanders[entry[0]].name if entry else "no commander"


def side_name(side: str) -> str:
    return SIDE_NAME[side]


def foe(side: str) -> str:
    return other(side)
