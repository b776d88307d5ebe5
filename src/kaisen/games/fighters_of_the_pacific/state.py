"""The Fighters of the Pacific game state: airplanes on the hex board, ships, torpedoes running, barrage markers,
what has been activated, the victory boards, and where the turn stands. Specs (aircraft, ship classes, the board)
are shared rules data; only what changes is kept here. Nothing is hidden: every token is on the table."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from kaisen.engine.core import Event, Pause

SIDES = ("japan", "usa")
SIDE_NAME = {"japan": "Japan", "usa": "USA"}
Hex = tuple[int, int]


def other(side: str) -> str:
    return "usa" if side == "japan" else "japan"


class Plane(NamedTuple):
    """An airplane token: its side, type, hex, facing (0-5), altitude, damage taken, ordnance still carried and
    whether it has been activated this turn (immutable: a change replaces it)."""

    side: str
    type: str
    hex: Hex
    facing: int
    alt: str                       # "high" | "low"
    damage: int = 0
    ordnance: str = ""             # "" | "torpedo" | "bomb" | "dive_bomb"
    activated: bool = False


class Ship(NamedTuple):
    """A ship token: its side, class, segments' hexes front first, and which segments have been hit."""

    side: str
    token: str                     # a carrier token id, or "destroyer"
    cls: str                       # "carrier" | "destroyer"
    hexes: tuple[Hex, ...]
    hit: tuple[bool, ...]


class Site(NamedTuple):
    """An island marker: a ground AA or an objective, its owner, its hex, and whether a bomb has destroyed it."""

    kind: str                      # "aa" | "objective"
    side: str
    hex: Hex
    destroyed: bool = False


class Torpedo(NamedTuple):
    """A torpedo token running straight ahead from its hex (rulebook: Torpedoes)."""

    side: str
    hex: Hex
    facing: int


class Barrage(NamedTuple):
    """A barrage marker on a hex and the flak unit that placed it (rulebook: Barrage)."""

    side: str
    hex: Hex
    source: str


class Shot(NamedTuple):
    """A shot waiting in a chain reaction: who fired (an airplane or an AA), at whom, and where the shooter was
    when it fired (a shot is resolved from there even if the shooter is destroyed first: rulebook, Response)."""

    shooter: str
    target: str
    hex: Hex
    facing: int
    alt: str
    type: str                      # the shooter's aircraft type, or "aa"


@dataclass(slots=True)
class Move:
    """An airplane's movement in progress (rulebook: Movement) or its dodge (rulebook: Dodging)."""

    plane: str
    mode: str                      # "move" | "dodge"
    mp: int                        # movement points left (a dodge: 1 until its one-hex move is made)
    lateral: str = ""              # "L" | "R": the side of the maneuvers to the side made so far (rule of flight 2)
    vertical: str = ""             # "climb" | "dive": the altitude change made so far (rule of flight 3)
    path: tuple[str, ...] = ()     # the maneuvers made, in order
    low_advances: tuple[Hex, ...] = ()   # hexes entered by Advances at low altitude (level bombs)
    relaxed: bool = False          # no movement obeys rule of flight 4 from here, so it is waived (RULES.md)

    def copy(self) -> "Move":
        return Move(self.plane, self.mode, self.mp, self.lateral, self.vertical, self.path, self.low_advances,
                    self.relaxed)


@dataclass(slots=True)
class FotPState:
    """Everything that changes during a game of Fighters of the Pacific."""

    scenario: str = ""
    turn: int = 1
    phase: str = "initiative"
    step: str = ""                                   # "<procedure>[:<argument>]": where the state waits
    planes: dict[str, Plane] = field(default_factory=dict)
    ships: dict[str, Ship] = field(default_factory=dict)
    sites: dict[str, Site] = field(default_factory=dict)
    torpedoes: tuple[Torpedo, ...] = ()
    barrages: tuple[Barrage, ...] = ()
    aa_done: tuple[str, ...] = ()                    # AA activated this turn (fired, held, or fired a barrage)
    initiative: str = ""
    turn_side: str = ""                              # the side whose turn it is to activate (Phase 2)
    groups: tuple[tuple[str, ...], ...] = ()         # this turn's air groups (Phase 2), each sorted
    group: tuple[str, ...] = ()                      # the air group being activated
    move: Move | None = None
    chain: tuple[Shot, ...] = ()                     # shots of a chain reaction, first shot first
    resolving: int = -1                              # the shot being resolved, going up the chain
    todo: tuple[str, ...] = ()                       # what is still to be handled in this step
    vp: dict[str, int] = field(default_factory=lambda: {"japan": 0, "usa": 0})
    scored: tuple[tuple[str, str, str, int], ...] = ()   # the victory boards: (side, what, id, points)
    result: tuple[str | None, int] | None = None
    last_events: tuple[Event, ...] = ()
    cache: Pause | None = None

    def copy(self) -> "FotPState":
        """Tokens are immutable tuples, so the dicts are copied shallowly."""
        return FotPState(self.scenario, self.turn, self.phase, self.step, dict(self.planes), dict(self.ships),
                         dict(self.sites), self.torpedoes, self.barrages, self.aa_done, self.initiative,
                         self.turn_side, self.groups, self.group, self.move.copy() if self.move else None,
                         self.chain, self.resolving, self.todo, dict(self.vp), self.scored, self.result, (), None)

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        m = self.move
        return {
            "scenario": self.scenario, "turn": self.turn, "phase": self.phase, "step": self.step,
            "planes": {k: [p.side, p.type, list(p.hex), p.facing, p.alt, p.damage, p.ordnance, p.activated]
                       for k, p in self.planes.items()},
            "ships": {k: [x.side, x.token, x.cls, [list(h) for h in x.hexes], list(x.hit)]
                      for k, x in self.ships.items()},
            "sites": {k: [x.kind, x.side, list(x.hex), x.destroyed] for k, x in self.sites.items()},
            "torpedoes": [[t.side, list(t.hex), t.facing] for t in self.torpedoes],
            "barrages": [[b.side, list(b.hex), b.source] for b in self.barrages],
            "aa_done": list(self.aa_done), "initiative": self.initiative, "turn_side": self.turn_side,
            "groups": [list(g) for g in self.groups], "group": list(self.group),
            "move": None if m is None else [m.plane, m.mode, m.mp, m.lateral, m.vertical, list(m.path),
                                            [list(h) for h in m.low_advances], m.relaxed],
            "chain": [[x.shooter, x.target, list(x.hex), x.facing, x.alt, x.type] for x in self.chain],
            "resolving": self.resolving, "todo": list(self.todo), "vp": dict(self.vp),
            "scored": [list(x) for x in self.scored],
            "result": None if self.result is None else list(self.result),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "FotPState":
        m = data["move"]
        return cls(
            scenario=data["scenario"], turn=data["turn"], phase=data["phase"], step=data["step"],
            planes={k: Plane(v[0], v[1], (v[2][0], v[2][1]), v[3], v[4], v[5], v[6], v[7])
                    for k, v in data["planes"].items()},
            ships={k: Ship(v[0], v[1], v[2], tuple((h[0], h[1]) for h in v[3]), tuple(v[4]))
                   for k, v in data["ships"].items()},
            sites={k: Site(v[0], v[1], (v[2][0], v[2][1]), v[3]) for k, v in data["sites"].items()},
            torpedoes=tuple(Torpedo(t[0], (t[1][0], t[1][1]), t[2]) for t in data["torpedoes"]),
            barrages=tuple(Barrage(b[0], (b[1][0], b[1][1]), b[2]) for b in data["barrages"]),
            aa_done=tuple(data["aa_done"]), initiative=data["initiative"], turn_side=data["turn_side"],
            groups=tuple(tuple(g) for g in data["groups"]), group=tuple(data["group"]),
            move=None if m is None else Move(m[0], m[1], m[2], m[3], m[4], tuple(m[5]),
                                             tuple((h[0], h[1]) for h in m[6]), m[7]),
            chain=tuple(Shot(x[0], x[1], (x[2][0], x[2][1]), x[3], x[4], x[5]) for x in data["chain"]),
            resolving=data["resolving"], todo=tuple(data["todo"]), vp=dict(data["vp"]),
            scored=tuple((x[0], x[1], x[2], x[3]) for x in data["scored"]),
            result=None if data["result"] is None else (data["result"][0], data["result"][1]),
        )

    def __eq__(self, other_state: object) -> bool:
        if not isinstance(other_state, FotPState):
            return NotImplemented
        return self.to_json() == other_state.to_json()
