"""The Nights of Fury battle state: divisions on the ten range bands, each ship's damage, what each side has
detected, and where the turn stands. Ship classes are shared rules data; only what changes is kept here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from kaisen.engine.core import Event, Pause
from kaisen.games.nights_of_fury import own as own_records

SIDES = ("ijn", "usn")
SIDE_NAME = {"ijn": "IJN", "usn": "USN"}
BANDS = 10                      # the battle map's range bands, 1..10
MAX_DETECTION = 6               # D.4: nothing is detected beyond 6 range bands

# What a side knows of an enemy division (D.4): nothing, Spotted (stack face down, fired at by position),
# Identified (stack face up, ships known by class).
UNSEEN, SPOTTED, IDENTIFIED = 0, 1, 2
LEVEL_NAME = {UNSEEN: "undetected", SPOTTED: "spotted", IDENTIFIED: "identified"}


def other(side: str) -> str:
    return "usn" if side == "ijn" else "ijn"


class Ship(NamedTuple):
    """One ship's changing condition (immutable: a change replaces it)."""

    division: str                  # the division it sails with (a detached ship has its own, "<div>/<ship>")
    structure: int = 0             # Structure Damage Points taken (red markers)
    flotation: int = 0             # Flotation Damage Points taken (blue markers)
    fire: bool = False
    status: str = "afloat"         # afloat | sunk | disengaged
    torpedoes: tuple[int, ...] = ()   # torpedoes left in each mount (0: fired and not reloaded)
    reloads: int = 0               # reload salvoes left (Type 93 ships that carry them)
    searchlight: bool = True       # J: searchlights still work (destroyed by 2+ structure points)
    ready: tuple[int, ...] = ()    # the first turn each reloaded mount may fire again (0: any turn)
    left_at: int = 0               # the band a disengaged ship left the battle from (1 or 10)


class Division(NamedTuple):
    """A division marker on the battle map with its stack of ship cards (order = position in the stack)."""

    id: str
    side: str
    name: str
    band: int
    ships: tuple[str, ...]
    formation: str = "column"
    evasive: bool = False          # evasive manoeuvring this turn (D.3)
    smoke: bool = False            # making smoke this turn (K)
    searchlight: bool = False      # searchlights on this turn (J)
    detached: str = ""             # why a detached ship sails alone: "disengage" | "torpedo" | "pursue" | "damage"
    heading: int = 0               # a detached disengaging ship's edge (1 or 10), fixed (C)
    disengaging: bool = False      # attempting to disengage (D.8)
    role: str = ""                 # the scenario's mission role of its ships ("transport", "supply", ...)
    moved: bool = False            # moved a band this turn (D.3)
    supplied: int = 0              # whole turns a supply division has lain unmoving at the coast


@dataclass(slots=True)
class Fire:
    """The Gunnery or Torpedo Phase in progress: who fires now, who has fired, and the shot being resolved."""

    kind: str                      # "gunnery" | "torpedo"
    turn_side: str                 # the side choosing the next unit to fire
    fired: tuple[str, ...] = ()    # ships that have fired this phase
    passed: tuple[str, ...] = ()   # sides that have finished firing this phase
    quota: dict[str, int] = field(default_factory=dict)   # advanced alternating fire: units each side may fire now
    shooter: str = ""              # the ship firing now
    left: tuple[int, ...] = ()     # its batteries (gunnery) or mounts (torpedo) still to fire, by index
    target: str = ""               # the ship fired at
    weapon: int = 0                # the battery / mount index firing
    hits: int = 0                  # torpedo hits of the mount being resolved
    levels: int = 0                # damage levels being allocated

    def copy(self) -> "Fire":
        return Fire(self.kind, self.turn_side, self.fired, self.passed, dict(self.quota), self.shooter, self.left,
                    self.target, self.weapon, self.hits, self.levels)


@dataclass(slots=True)
class NoFState:
    """Everything that changes during a battle of Nights of Fury."""

    scenario: str = ""
    turn: int = 1
    phase: str = "event"
    step: str = ""                                   # "<procedure>[:<argument>]": where the state waits
    ships: dict[str, Ship] = field(default_factory=dict)
    divisions: dict[str, Division] = field(default_factory=dict)
    detected: dict[str, int] = field(default_factory=dict)       # "<side>>" + enemy division -> level this turn
    identified: dict[str, tuple[str, ...]] = field(default_factory=dict)   # side -> enemy ships it has identified
    commanders: dict[str, tuple[str, str, bool]] = field(default_factory=dict)  # side -> (commander, ship, alive)
    initiative: str = ""
    first_mover: str = ""                            # the side that moves first this turn (D.3)
    moving: str = ""                                 # the side moving now
    todo: tuple[str, ...] = ()                       # divisions (or ships) still to be handled in this step
    fire: Fire | None = None
    fired_spotted: tuple[str, ...] = ()              # divisions that became Spotted by firing this turn (D.4)
    rolls: dict[str, int] = field(default_factory=dict)   # dice already rolled in this step (initiative...)
    vp: dict[str, int] = field(default_factory=lambda: {"ijn": 0, "usn": 0})
    effects: tuple[tuple[str, int, int, str], ...] = ()  # Random Events in force: (kind, value, last turn, on what)
    land: dict[str, int] = field(default_factory=dict)   # land unit -> Damage Levels it has taken (D.5)
    mistaken: dict[str, str] = field(default_factory=dict)   # ship -> the friend it takes for the enemy (I)
    checks: tuple[str, ...] = ()                     # damage follow-up rolls still to make (damage.py)
    resume: str = ""                                 # what goes on after them
    options: tuple[tuple[str, bool], ...] = ()
    result: tuple[str | None, int] | None = None
    last_events: tuple[Event, ...] = ()
    cache: Pause | None = None
    own: Any = None                                  # a generated battle's set-up and the campaign (own.Setup)

    def copy(self) -> "NoFState":
        """Ships and divisions are immutable tuples, so the dicts are copied shallowly."""
        return NoFState(self.scenario, self.turn, self.phase, self.step, dict(self.ships), dict(self.divisions),
                        dict(self.detected), dict(self.identified), dict(self.commanders), self.initiative,
                        self.first_mover, self.moving, self.todo, self.fire.copy() if self.fire else None,
                        self.fired_spotted, dict(self.rolls), dict(self.vp), self.effects, dict(self.land),
                        dict(self.mistaken), self.checks, self.resume, self.options, self.result, (), None, self.own)

    def option(self, name: str) -> bool:
        return dict(self.options).get(name, False)

    def level(self, side: str, division: str) -> int:
        """What `side` knows of the enemy division now (D.4)."""
        return self.detected.get(side + ">" + division, UNSEEN)

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": str(self.scenario), "turn": self.turn, "phase": self.phase, "step": self.step,
            "ships": {k: [v.division, v.structure, v.flotation, v.fire, v.status, list(v.torpedoes), v.reloads,
                          v.searchlight, list(v.ready), v.left_at] for k, v in self.ships.items()},
            "divisions": {k: [v.side, v.name, v.band, list(v.ships), v.formation, v.evasive, v.smoke,
                              v.searchlight, v.detached, v.heading, v.disengaging, v.role, v.moved, v.supplied]
                          for k, v in self.divisions.items()},
            "detected": dict(self.detected),
            "identified": {k: list(v) for k, v in self.identified.items()},
            "commanders": {k: list(v) for k, v in self.commanders.items()},
            "initiative": self.initiative, "first_mover": self.first_mover, "moving": self.moving,
            "todo": list(self.todo),
            "fire": None if self.fire is None else {
                "kind": self.fire.kind, "turn_side": self.fire.turn_side, "fired": list(self.fire.fired),
                "passed": list(self.fire.passed), "quota": dict(self.fire.quota), "shooter": self.fire.shooter,
                "left": list(self.fire.left), "target": self.fire.target, "weapon": self.fire.weapon,
                "hits": self.fire.hits, "levels": self.fire.levels},
            "fired_spotted": list(self.fired_spotted), "rolls": dict(self.rolls), "vp": dict(self.vp),
            "effects": [list(e) for e in self.effects], "land": dict(self.land), "mistaken": dict(self.mistaken),
            "checks": list(self.checks), "resume": self.resume,
            "options": [list(o) for o in self.options],
            "result": None if self.result is None else list(self.result),
            **({} if self.own is None else {"own": own_records.setup_to_json(self.own)}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "NoFState":
        f = data["fire"]
        own = own_records.setup_from_json(data["own"]) if "own" in data else None   # generated set-up, campaign
        return cls(
            scenario=own_records.scenario_id(own, data["scenario"]), own=own, turn=data["turn"], phase=data["phase"],
            step=data["step"],
            ships={k: Ship(v[0], v[1], v[2], v[3], v[4], tuple(v[5]), v[6], v[7], tuple(v[8]), v[9])
                   for k, v in data["ships"].items()},
            divisions={k: Division(k, *v[:3], tuple(v[3]), *v[4:]) for k, v in data["divisions"].items()},
            detected=dict(data["detected"]),
            identified={k: tuple(v) for k, v in data["identified"].items()},
            commanders={k: (v[0], v[1], v[2]) for k, v in data["commanders"].items()},
            initiative=data["initiative"], first_mover=data["first_mover"], moving=data["moving"],
            todo=tuple(data["todo"]),
            fire=None if f is None else Fire(f["kind"], f["turn_side"], tuple(f["fired"]), tuple(f["passed"]),
                                             dict(f["quota"]), f["shooter"], tuple(f["left"]), f["target"],
                                             f["weapon"], f["hits"], f["levels"]),
            fired_spotted=tuple(data["fired_spotted"]), rolls=dict(data["rolls"]), vp=dict(data["vp"]),
            effects=tuple((e[0], e[1], e[2], e[3]) for e in data["effects"]), land=dict(data["land"]),
            mistaken=dict(data["mistaken"]), checks=tuple(data["checks"]), resume=data["resume"],
            options=tuple((o[0], o[1]) for o in data["options"]),
            result=None if data["result"] is None else (data["result"][0], data["result"][1]),
        )

    def __eq__(self, other_state: object) -> bool:
        if not isinstance(other_state, NoFState):
            return NotImplemented
        return self.to_json() == other_state.to_json()
