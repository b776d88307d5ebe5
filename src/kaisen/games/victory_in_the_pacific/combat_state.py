"""The fight in one sea area as the state keeps it (`VPState.combat`): a plain record, below every procedure, so
that state.py reads it back from JSON without importing combat.py (combat.py drives it)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


_new = object.__new__


@dataclass(slots=True)
class Combat:
    """The fight in one sea area (5.3-5.5)."""

    area: str
    round: int = 1                          # round of the whole area's battle
    stage: str = "choose:japan"
    choice: dict[str, str] = field(default_factory=dict)      # side -> "day" | "night" (7.3)
    actions: tuple[str, ...] = ()           # this round's actions: ("day",), ("night",) or ("day", "night")
    act: int = 0                            # index of the action being fought
    side: str = "japan"                     # the side assigning / firing now (7.4)
    firing: tuple[str, ...] = ()            # carriers firing their guns in this night action (7.424)
    ask: tuple[str, ...] = ()               # units still to be asked in the current stage
    assign: dict[str, str] = field(default_factory=dict)      # attacker -> target, the side firing now (7.43)
    shots: tuple[str, ...] = ()             # attackers whose shots are still to roll
    hit: tuple[str, str, int] = ("", "", 0)  # (attacker, target, hits) waiting for their damage dice
    dmg: dict[str, int] = field(default_factory=dict)         # damage markers not yet in effect (7.6)
    dis: tuple[str, ...] = ()               # disabled markers not yet in effect (7.6)
    sub_shot: tuple[str, str] = ("", "")    # (submarine, target) of the shot being rolled (16.2)
    fleeing: str = ""                       # the side that retreated (8.1)
    groups: dict[str, tuple[str, ...]] = field(default_factory=dict)   # fleeing group -> its units (8.2)
    pursuers: dict[str, str] = field(default_factory=dict)    # ship -> group id or "raid:<base>" (8.32, 9.1)
    stopped: tuple[str, ...] = ()           # ships that may not pursue again this turn (8.34)
    raided: tuple[str, ...] = ()            # ships that have made their air raid (9.3)
    split: tuple[str, str] = ("", "")       # (group split from, group being formed) during "split" (8.52)
    family: tuple[str, ...] = ()            # groups the pursuers of the last group battle may now chase
    queue: tuple[str, ...] = ()             # separate battles still to fight (group ids, "raid:<base>")
    cur: str = ""                           # the battle being fought: "" the whole area, a group, a raid
    bround: int = 0                         # round of the separate battle
    landing: dict[str, str] = field(default_factory=dict)     # amphibious unit -> base it invades (13.43)
    final: bool = False                     # the area is held by one side: only its 9.2 raids remain
    count: int = 0                          # groups formed so far (ids g1, g2, ...)
    special: str = ""                       # turn 1 (18.3-18.4, turn1.py): "ph", "rolls", "iboat", "fuel",
                                            # "indonesia"; "" for any ordinary fight
    fuel: int = 0                           # 18.36: Japan's combat rounds in the Hawaiian Islands so far
    kamikaze: tuple[str, ...] = ()          # 19.22: Japanese carriers making kamikaze attacks this day action
    isle: str = ""                          # 22: the island base being fought over ("" none)
    invaders: tuple[str, ...] = ()          # 22: the amphibious units invading `isle`
    defending: tuple[str, ...] = ()         # 23.3: airstrikes defending in this day action
    phase: str = ""                         # 23.3: "defend" (defending airstrikes fire), "strike", or ""
    aa: dict[str, tuple[str, ...]] = field(default_factory=dict)   # 23.34: attacking airstrike -> its shooters
    tfs: dict[str, tuple[str, ...]] = field(default_factory=dict)  # 20.2: this round's task forces ("J1", "A1")
    tf_attack: tuple[str, ...] = ()         # 20.3: attacking task forces
    sighted: tuple[str, ...] = ()           # 20.4: sighted task forces
    night_in: tuple[str, ...] = ()          # 20.6: attacking task forces added to the night action
    invading: tuple[str, ...] = ()          # 20.3: amphibious units declared invading this round
    tfnight: bool = False                   # 20.6: the night additions have been asked
    flee: tuple[str, ...] = ()              # 20.8: units named to flee in a partial retreat
    partial: bool = False                   # 20.8: the retreat in progress is a partial one
    detached: tuple[str, ...] = ()          # 20.8: pursuers that never rejoin the main battle

    def copy(self) -> "Combat":
        """A copy: the dicts copied shallowly (their values are tuples and strings), the rest shared; slots set one
        by one on a bare instance (the dataclass __init__ with 45 arguments costs twice as much)."""
        n = _new(Combat)
        n.area = self.area
        n.round = self.round
        n.stage = self.stage
        n.choice = self.choice.copy()
        n.actions = self.actions
        n.act = self.act
        n.side = self.side
        n.firing = self.firing
        n.ask = self.ask
        n.assign = self.assign.copy()
        n.shots = self.shots
        n.hit = self.hit
        n.dmg = self.dmg.copy()
        n.dis = self.dis
        n.sub_shot = self.sub_shot
        n.fleeing = self.fleeing
        n.groups = self.groups.copy()
        n.pursuers = self.pursuers.copy()
        n.stopped = self.stopped
        n.raided = self.raided
        n.split = self.split
        n.family = self.family
        n.queue = self.queue
        n.cur = self.cur
        n.bround = self.bround
        n.landing = self.landing.copy()
        n.final = self.final
        n.count = self.count
        n.special = self.special
        n.fuel = self.fuel
        n.kamikaze = self.kamikaze
        n.isle = self.isle
        n.invaders = self.invaders
        n.defending = self.defending
        n.phase = self.phase
        n.aa = self.aa.copy()
        n.tfs = self.tfs.copy()
        n.tf_attack = self.tf_attack
        n.sighted = self.sighted
        n.night_in = self.night_in
        n.invading = self.invading
        n.tfnight = self.tfnight
        n.flee = self.flee
        n.partial = self.partial
        n.detached = self.detached
        return n

    def to_json(self) -> dict[str, Any]:
        return {"area": self.area, "round": self.round, "stage": self.stage, "choice": dict(self.choice),
                "actions": list(self.actions), "act": self.act, "side": self.side, "firing": list(self.firing),
                "ask": list(self.ask), "assign": dict(self.assign), "shots": list(self.shots),
                "hit": list(self.hit), "dmg": dict(self.dmg), "dis": list(self.dis),
                "sub_shot": list(self.sub_shot), "fleeing": self.fleeing,
                "groups": {g: list(u) for g, u in self.groups.items()}, "pursuers": dict(self.pursuers),
                "stopped": list(self.stopped), "raided": list(self.raided), "split": list(self.split),
                "family": list(self.family), "queue": list(self.queue), "cur": self.cur, "bround": self.bround,
                "landing": dict(self.landing), "final": self.final, "count": self.count,
                "special": self.special, "fuel": self.fuel, "kamikaze": list(self.kamikaze), "isle": self.isle,
                "invaders": list(self.invaders), "defending": list(self.defending), "phase": self.phase,
                "aa": [[k, list(v)] for k, v in self.aa.items()],
                "tfs": {k: list(v) for k, v in self.tfs.items()}, "tf_attack": list(self.tf_attack),
                "sighted": list(self.sighted), "night_in": list(self.night_in), "invading": list(self.invading),
                "tfnight": self.tfnight, "flee": list(self.flee), "partial": self.partial,
                "detached": list(self.detached)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Combat":
        return cls(d["area"], d["round"], d["stage"], dict(d["choice"]), tuple(d["actions"]), d["act"], d["side"],
                   tuple(d["firing"]), tuple(d["ask"]), dict(d["assign"]), tuple(d["shots"]), tuple(d["hit"]),
                   dict(d["dmg"]), tuple(d["dis"]), tuple(d["sub_shot"]), d["fleeing"],
                   {g: tuple(u) for g, u in d["groups"].items()}, dict(d["pursuers"]), tuple(d["stopped"]),
                   tuple(d["raided"]), tuple(d["split"]), tuple(d["family"]), tuple(d["queue"]), d["cur"],
                   d["bround"], dict(d["landing"]), d["final"], d["count"], d.get("special", ""), d.get("fuel", 0),
                   tuple(d.get("kamikaze", ())), d.get("isle", ""), tuple(d.get("invaders", ())),
                   tuple(d.get("defending", ())), d.get("phase", ""), {k: tuple(v) for k, v in d.get("aa", [])},
                   {k: tuple(v) for k, v in d.get("tfs", {}).items()}, tuple(d.get("tf_attack", ())),
                   tuple(d.get("sighted", ())), tuple(d.get("night_in", ())), tuple(d.get("invading", ())),
                   d.get("tfnight", False), tuple(d.get("flee", ())), d.get("partial", False),
                   tuple(d.get("detached", ())))

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Combat) and self.to_json() == o.to_json()
