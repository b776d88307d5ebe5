"""The Pacific Fury state: small values and ids only; ship specs are shared, task forces immutable."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import itemgetter
from typing import Any, NamedTuple

from kaisen.engine.core import Event, Pause

SIDES = ("japan", "usa")
SIDE_NAME = {"japan": "Japan", "usa": "US"}
TF_PREFIX = {"japan": "J", "usa": "U"}
MONTHS = {1: "August", 2: "September", 3: "October", 4: "November"}
LAST_TURN = 4
BOXES = 7
OPERATIONS = 7


_new = object.__new__
# Memory (memory.py): side -> {enemy unit: places it may be in}; this empty one is shared, never changed
NOTHING: dict[str, dict[str, frozenset[str]]] = {"japan": {}, "usa": {}}
_BOX = itemgetter(3)      # a TaskForce's box


def other(side: str) -> str:
    return "usa" if side == "japan" else "japan"


class TaskForce(NamedTuple):
    """A task force (8.2): formed in an Operation Box, then on the map in a sea zone. Immutable."""

    id: str                    # "J1".."J7" / "U1".."U7": the box it was formed in
    side: str
    ships: tuple[str, ...]
    box: int | None            # Operation Box while waiting to sortie
    zone: str | None           # sea zone once on the map
    revealed: bool = False


@dataclass(slots=True)
class Combat:
    """One combat in progress (10): who attacks, where, which round, and the hits of the round."""

    kind: str                  # surface | carrier | air | bombard
    attacker: str
    zone: str | None           # where it is fought (air strike: the target's zone; None: Henderson Field)
    mover: str                 # the task force that moved in / strikes / bombards
    round: int = 1
    target: str = ""           # air strike: "henderson", a TF id, or "ironbottom" (the combined force)
    targets: dict[str, str] = field(default_factory=dict)    # carrier combat: TF-C id -> target TF id
    pools: list[list[Any]] = field(default_factory=list)     # [[allocating side, n hits, [eligible ship ids]]]
    applied: dict[str, int] = field(default_factory=dict)    # ship id -> hits applied this round
    hit_tfs: list[str] = field(default_factory=list)         # task forces that took hits (forced return)
    hf_hits: int = 0
    declared: list[str] = field(default_factory=list)        # sides that declared return to base
    rtb_asked: list[str] = field(default_factory=list)
    stage: str = "start"       # where in the round the combat is
    after: str = ""            # "bombard" | "land": what the mover does if Ironbottom Sound is cleared
    rounds: int = 2            # rounds this combat may last (a bombardment after surface combat has 1)
    fire: dict[str, list[Any]] = field(default_factory=dict)  # side -> [[unit, cf, pool index, cap], ...]
    engaged: list[str] = field(default_factory=list)          # task forces that took part (10.8, interpretation 23)

    def copy(self) -> "Combat":
        """Pools' ship lists and the fire table are never changed once built (a new round builds new
        ones), so copies share them; only the counters and small dicts are copied. Slots are set on a bare
        instance (the dataclass __init__ with 18 arguments is about twice as slow)."""
        n = _new(Combat)
        n.kind = self.kind
        n.attacker = self.attacker
        n.zone = self.zone
        n.mover = self.mover
        n.round = self.round
        n.target = self.target
        n.targets = self.targets.copy()
        n.pools = [[p[0], p[1], p[2]] for p in self.pools]
        n.applied = self.applied.copy()
        n.hit_tfs = self.hit_tfs.copy()
        n.hf_hits = self.hf_hits
        n.declared = self.declared.copy()
        n.rtb_asked = self.rtb_asked.copy()
        n.stage = self.stage
        n.after = self.after
        n.rounds = self.rounds
        n.fire = self.fire
        n.engaged = self.engaged.copy()
        return n


@dataclass(slots=True)
class PFState:
    """Everything that changes during a game of Pacific Fury."""

    turn: int = 1
    phase: str = "initiative"          # initiative | event | task-force | operations | return | over
    step: str = ""                     # the pause point inside the phase
    initiative: str = "usa"
    marker: int = 1                    # Initiative Track box: + US, - Japan (3.6)
    hf_operational: bool = True
    loc: dict[str, str] = field(default_factory=dict)         # unit id -> base|reserve|offboard|track|sunk|removed|tf:<id>
    returns: dict[str, int] = field(default_factory=dict)     # unit on the Turn Record Track -> turn it returns
    tfs: dict[str, TaskForce] = field(default_factory=dict)
    events_used: tuple[str, ...] = ()
    ops: dict[str, int] = field(default_factory=lambda: {"japan": 0, "usa": 0})
    phasing: str = "usa"               # whose operation it is / who forms task forces
    forming_box: int = 1
    te_formed: bool = False
    transport_sunk: bool = False       # a Transports unit in a TF-A sank this turn (11.0 exception)
    base_revealed: str = ""            # side whose base is shown face up (torpedo event, 7.1)
    pending_hits: int = 0              # torpedo hits left to allocate
    event_rolls: int = 0
    gone_public: tuple[str, ...] = ()  # units seen leaving play this turn (landed Transports, Tokyo Express)
    combat: Combat | None = None
    memory: dict[str, dict[str, frozenset[str]]] = field(default_factory=lambda: NOTHING)   # memory.py
    options: tuple[tuple[str, bool], ...] = ()   # scenario options (optional rules)
    result: tuple[str | None, int] | None = None
    last_events: tuple[Event, ...] = ()
    cache: Pause | None = None         # the pause, computed once per state

    def copy(self) -> "PFState":
        """A cheap copy: containers are copied shallowly; specs and task-force tuples are shared. Slots are set
        one by one on a bare instance (about twice as fast as the dataclass __init__ with 24 arguments)."""
        n = _new(PFState)
        n.turn = self.turn
        n.phase = self.phase
        n.step = self.step
        n.initiative = self.initiative
        n.marker = self.marker
        n.hf_operational = self.hf_operational
        n.loc = self.loc.copy()
        n.returns = self.returns.copy()
        n.tfs = self.tfs.copy()
        n.events_used = self.events_used
        n.ops = self.ops.copy()
        n.phasing = self.phasing
        n.forming_box = self.forming_box
        n.te_formed = self.te_formed
        n.transport_sunk = self.transport_sunk
        n.base_revealed = self.base_revealed
        n.pending_hits = self.pending_hits
        n.event_rolls = self.event_rolls
        n.gone_public = self.gone_public
        combat = self.combat
        n.combat = combat.copy() if combat is not None else None
        n.memory = self.memory           # never changed in place (memory.py): shared
        n.options = self.options
        n.result = self.result
        n.last_events = ()
        n.cache = None
        return n

    @property
    def non_initiative(self) -> str:
        return other(self.initiative)

    def option(self, name: str) -> bool:
        return dict(self.options).get(name, False)

    def units_at(self, where: str) -> list[str]:
        return [u for u, l in self.loc.items() if l == where]

    def in_zone(self, zone: str, side: str | None = None) -> list[TaskForce]:
        if side is None:
            return [tf for tf in self.tfs.values() if tf[4] == zone]             # (zone)
        return [tf for tf in self.tfs.values() if tf[4] == zone and tf[1] == side]     # (zone, side)

    def in_boxes(self, side: str) -> list[TaskForce]:
        return sorted([tf for tf in self.tfs.values() if tf[1] == side and tf[3] is not None], key=_BOX)   # (side, box)

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("cache", "last_events"):
                continue
            v = getattr(self, f.name)
            if f.name == "tfs":
                v = {k: [t.id, t.side, list(t.ships), t.box, t.zone, t.revealed] for k, t in v.items()}
            elif f.name == "combat" and v is not None:
                v = {g.name: getattr(v, g.name) for g in fields(Combat)}
            elif f.name == "options":
                v = dict(v)
            elif f.name == "memory":     # left out when nothing is remembered (from_json: the same state)
                if not (v["japan"] or v["usa"]):
                    continue
                v = {side: {u: sorted(p) for u, p in m.items()} for side, m in v.items()}
            elif f.name in ("events_used", "gone_public"):
                v = list(v)
            elif f.name == "result" and v is not None:
                v = list(v)
            out[f.name] = v
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PFState":
        d = dict(data)
        d["tfs"] = {k: TaskForce(t[0], t[1], tuple(t[2]), t[3], t[4], t[5]) for k, t in d["tfs"].items()}
        if d.get("combat") is not None:
            d["combat"] = Combat(**d["combat"])
        d["options"] = tuple(sorted(d.get("options", {}).items()))
        d["memory"] = memory_from_json(d.get("memory"))
        d["events_used"] = tuple(d.get("events_used", ()))
        d["gone_public"] = tuple(d.get("gone_public", ()))
        if d.get("result") is not None:
            d["result"] = tuple(d["result"])
        d["returns"] = {k: int(v) for k, v in d["returns"].items()}
        return cls(**d)

    def __eq__(self, other_state: object) -> bool:
        if not isinstance(other_state, PFState):
            return NotImplemented
        return self.to_json() == other_state.to_json()


def memory_from_json(data: Any) -> dict[str, dict[str, frozenset[str]]]:
    """A saved state's memory (memory.py); a state saved without one remembers nothing (no constraint)."""
    if not data:
        return NOTHING
    if not isinstance(data, dict):
        raise ValueError(f"memory must be an object of side -> {{unit: [places]}}, not {type(data).__name__}")
    out: dict[str, dict[str, frozenset[str]]] = {"japan": {}, "usa": {}}
    for side, m in data.items():
        if side not in out:
            raise ValueError(f"memory: unknown side {side!r}; allowed: japan, usa")
        if not isinstance(m, dict) or not all(isinstance(p, list) and p for p in m.values()):
            raise ValueError(f"memory[{side!r}] must map units to non-empty lists of places (base or a task force id)")
        out[side] = {u: frozenset(p) for u, p in m.items()}
    return out
