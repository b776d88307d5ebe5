"""The Fury at Midway state: small values and ids only; every spec is shared through FaMData.

Where things are (the vocabulary every module uses):

* fleets (`fleet`): fleet id -> a hex ("C-3"), or "waiting" (not yet entered, 6.3), "unformed" (a DMCV
  not formed yet, 6.0), "exited" (left the map, 6.1(2)), "gone" (eliminated, 6.1(3)).
* aircraft (`air`): squadron id -> (box, steps). Boxes: "cap:<group>", "deck:<carrier>:<n>",
  "hangar:<carrier>", "ret1:<group>", "ret2:<group>", "sg:<strike group id>", "spent:<group>" (CAP that
  intercepted this air operation, 9.2(4)), "lost" (eliminated). Midway is carrier and group "midway".
* carrier damage (`damage`): carrier id (or "midway") -> damaged deck/runway boxes, 1-based (9.4(2), 9.6(2));
  `sunk` lists sunk carriers (a sunk carrier's hangar is lost).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from kaisen.engine.core import Event, Pause

SIDES = ("japan", "usa")
SIDE_NAME = {"japan": "Japan", "usa": "US"}
LAST_TURN = 7
NIGHT_TURN = 4
MIDWAY = "midway"


def other(side: str) -> str:
    return "usa" if side == "japan" else "japan"


class StrikeGroup(NamedTuple):
    """Aircraft launched together (8.4(2)): they fly, attack and are recovered as one. Immutable."""

    id: str                     # "J1", "U3", ...: numbered in order of launch
    side: str
    hex: str
    units: tuple[str, ...]      # squadron ids
    origin: str                 # the fleet it was launched from, or "midway"
    launch_hex: str             # where it was launched (9.5(2): diversion to Midway needs the target near)
    flights: int = 0            # air operations flown since launch: 1 in the launching operation (9.5(1))
    moved: bool = True          # moved in the current air operation
    midway_strike: bool = False  # launched in the Midway Base Attack Phase (6.4(4): always back to Return 1)


_new_dict = dict.__new__
_bare_index = object.__new__
_dict_get = dict.get
_dict_set = dict.__setitem__
_ABOARD: dict[str, str | None] = {}     # box name -> the carrier it counts against (deck, hangar) or None


def _aboard_carrier(box: str) -> str | None:
    """'deck:akagi:1', 'hangar:akagi' -> 'akagi' (what counts against capacity, 8.3(3)); any other box -> None.
    Kept in `_ABOARD`: a function of the name alone."""
    k = box.split(":")[1] if box.startswith(("deck:", "hangar:")) else None
    _ABOARD[box] = k
    return k


class AirIndex:
    """Derived from `FaMState.air` (never saved, never compared): the squadrons of each box in id order, and
    what counts against each carrier's capacity (deck and hangar, 8.3(3)). Built at most once per change."""

    __slots__ = ("by_box", "aboard", "shared", "own_aboard")

    def __init__(self, air: dict[str, tuple[str, int]]):
        by_box: dict[str, list[str]] = {}
        aboard: dict[str, list[str]] = {}
        for q in sorted(air):
            b = air[q][0]
            got = by_box.get(b)
            if got is None:
                by_box[b] = [q]
            else:
                got.append(q)
            if b[0] in "dh" and b.startswith(("deck:", "hangar:")):
                k = b.split(":")[1]
                got = aboard.get(k)
                if got is None:
                    aboard[k] = [q]
                else:
                    got.append(q)
        self.by_box = by_box
        self.aboard = aboard
        self.shared = False         # an Air copy shares it: changes make a new index (`moved`), else in place
        self.own_aboard = True      # `aboard` is this index's own (not one it shares with the index it came from)

    def move_here(self, q: str, old: str | None, new: str) -> None:
        """`moved` in place, for an index no copy shares: the dicts are changed, the lists in them replaced (a
        list may be shared with the index this one came from)."""
        by_box = self.by_box
        if old is not None:
            rest = by_box[old]
            if len(rest) == 1:
                del by_box[old]
            else:
                rest = rest.copy()
                rest.remove(q)
                by_box[old] = rest
            k = _ABOARD.get(old, _ABOARD)
            if k is _ABOARD:
                k = _aboard_carrier(old)
            if k is not None:
                aboard = self.aboard
                if not self.own_aboard:
                    aboard = self.aboard = aboard.copy()
                    self.own_aboard = True
                rest = aboard[k]
                if len(rest) == 1:
                    del aboard[k]
                else:
                    rest = rest.copy()
                    rest.remove(q)
                    aboard[k] = rest
        got = by_box.get(new)
        by_box[new] = [q] if got is None else sorted(got + [q])
        k = _ABOARD.get(new, _ABOARD)
        if k is _ABOARD:
            k = _aboard_carrier(new)
        if k is not None:
            aboard = self.aboard
            if not self.own_aboard:
                aboard = self.aboard = aboard.copy()
                self.own_aboard = True
            got = aboard.get(k)
            aboard[k] = [q] if got is None else sorted(got + [q])

    def moved(self, q: str, old: str | None, new: str) -> "AirIndex":
        """A new index with squadron `q` moved from box `old` (None: not there before) to box `new`; this one,
        which copies may share, is left as it is (`move_here` on a new index that shares its lists)."""
        out = _bare_index(AirIndex)
        out.by_box = self.by_box.copy()
        out.aboard = self.aboard
        out.shared = False
        out.own_aboard = False
        out.move_here(q, old, new)
        return out


_TOKENS = itertools.count(1)


class Air(dict):
    """squadron -> (box, steps), keeping its box index (AirIndex) up to date: every change drops it, the next
    look builds it again. A copy shares the index of its original until either changes.

    `tok` names the contents: a copy shares it, every change takes a new one (never used before), so two `Air`
    with one token hold the same squadrons in the same boxes with the same steps (air_ops' kept menu)."""

    __slots__ = ("_idx", "tok")

    def __init__(self, *args, **kwargs):
        dict.__init__(self, *args, **kwargs)
        self._idx = None
        self.tok = next(_TOKENS)

    def index(self) -> AirIndex:
        idx = self._idx
        if idx is None:
            idx = self._idx = AirIndex(self)
        return idx

    def copy(self) -> "Air":
        new = _new_dict(Air)
        dict.update(new, self)
        idx = new._idx = self._idx
        if idx is not None:
            idx.shared = True
        new.tok = self.tok
        return new

    def __setitem__(self, key, value):
        self.tok = next(_TOKENS)
        idx = self._idx
        if idx is not None:
            old = _dict_get(self, key)
            if old is None:
                if idx.shared:
                    self._idx = idx.moved(key, None, value[0])
                else:
                    idx.move_here(key, None, value[0])
            elif old[0] != value[0]:
                if idx.shared:
                    self._idx = idx.moved(key, old[0], value[0])
                else:
                    idx.move_here(key, old[0], value[0])
        _dict_set(self, key, value)

    def __delitem__(self, key):
        self._idx = None
        self.tok = next(_TOKENS)
        dict.__delitem__(self, key)

    def setdefault(self, key, default=None):
        self._idx = None
        self.tok = next(_TOKENS)
        return dict.setdefault(self, key, default)

    def pop(self, *args):
        self._idx = None
        self.tok = next(_TOKENS)
        return dict.pop(self, *args)

    def popitem(self):
        self._idx = None
        self.tok = next(_TOKENS)
        return dict.popitem(self)

    def update(self, *args, **kwargs):
        self._idx = None
        self.tok = next(_TOKENS)
        dict.update(self, *args, **kwargs)

    def clear(self):
        self._idx = None
        self.tok = next(_TOKENS)
        dict.clear(self)

    def __ior__(self, other):
        self._idx = None
        self.tok = next(_TOKENS)
        return dict.__ior__(self, other)

    def __reduce__(self):
        return (Air, (dict(self),))


_bare = object.__new__
_DERIVED = frozenset({"cache", "last_events", "opmemo", "opbase", "optouch", "landing"})


@dataclass(slots=True)
class FaMState:
    """Everything that changes during a game of Fury at Midway."""

    turn: int = 1
    step: str = ""                      # the pause point: "<procedure>[:<argument>]"
    fleet: dict[str, str] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)     # fleet -> hex as last announced to the enemy (6.2(2))
    plot: dict[str, tuple[str, ...]] = field(default_factory=dict)  # US fleet -> plotted hexes ("off": exits)
    path: dict[str, tuple[str, ...]] = field(default_factory=dict)  # fleet -> hexes moved through this phase
    garrison: int = 6
    invasion: int = 5
    midway_control: str = "usa"
    aop: dict[str, int] = field(default_factory=lambda: {"japan": 0, "usa": 0})
    declared: bool = False              # Japan declared a Midway Base Attack this turn (6.4(1))
    midway_ops: int = 0                 # air operations the Midway attack takes (6.4(3)); AOP lost (7.4)
    midway_launched: bool = False       # a Midway strike has taken off this turn (6.4(3): at least one)
    search_value: dict[str, int] = field(default_factory=dict)   # card overrides of 1AF's search value
    damage: dict[str, tuple[int, ...]] = field(default_factory=dict)
    sunk: tuple[str, ...] = ()
    towed: tuple[str, ...] = ()         # card 01: sunk carriers towed clear (not scored)
    midway_hits: int = 0                # hits on Midway this turn (9.6(3): two at most)
    dmcv: dict[str, str] = field(default_factory=dict)       # side -> carrier in its DMCV
    air: dict[str, tuple[str, int]] = field(default_factory=dict)
    groups: dict[str, StrikeGroup] = field(default_factory=dict)
    forming: tuple[str, ...] = ()       # the strike group being assembled on deck (8.4(2)-(3))
    moved: frozenset = frozenset()      # squadrons that moved in the current air operation (8.2)
    op_side: str = ""                   # who is conducting the current air operation
    op_kind: str = ""                   # "" | "normal" | "midway" | "night"
    op_count: int = 0                   # air operations conducted this phase (both sides)
    init_rolls: tuple[int, int] = (0, 0)
    exits: tuple[str, ...] = ()         # fleets that left the map (4.2)
    hands: dict[str, tuple[int, ...]] = field(default_factory=lambda: {"japan": (), "usa": ()})
    dead: dict[str, tuple[int, ...]] = field(default_factory=lambda: {"japan": (), "usa": ()})  # wrong-side draws
    deck: tuple[int, ...] = ()          # the draw deck (its order is chance: a draw picks one at random)
    played: tuple[int, ...] = ()        # cards played (face up)
    active: tuple[int, ...] = ()        # played cards still in force this turn / this attack
    attack: Any = None                  # the air attack in progress (air_attack.Attack)
    seen_left: dict[str, int] = field(default_factory=dict)  # squadron -> steps left after its last loss in
                                        # sight of both sides (2.6: attacks are flown in the open); 0: seen
                                        # eliminated. Replaced whole, never written in place (a copy shares it)
    pending: tuple[str, ...] = ()       # a queue of procedure steps to run next
    options: tuple[tuple[str, bool], ...] = ()
    result: tuple[str | None, int] | None = None
    last_events: tuple[Event, ...] = ()
    cache: Pause | None = None
    # Derived, never saved nor compared (air_ops' kept air-operation menu): the menu facts of this state's pause,
    # the last ones of a state it comes from, and what the moves since then touched (set by air_ops.on_op; it
    # vouches only while the aircraft, moved set and forming group are the very ones it names: op_options checks).
    opmemo: Any = None
    opbase: Any = None
    optouch: Any = None
    # Derived too: the landing offer worked out by the move that paused at a landing question (air_ops.next_landing),
    # with what it was worked out from, for the question's options (air_ops.landing_options checks it still holds).
    landing: Any = None

    def __post_init__(self) -> None:
        if type(self.air) is not Air:
            self.air = Air(self.air)

    def copy(self) -> "FaMState":
        """A cheap copy: dicts copied shallowly; tuples, strike groups and specs shared. The slots of a bare
        instance are set directly (the 41-argument dataclass __init__ costs twice as much); `dict.copy` is the
        shallow copy `dict(...)` makes, without the constructor's overhead."""
        new = _bare(FaMState)
        new.turn = self.turn
        new.step = self.step
        new.fleet = self.fleet.copy()
        new.shown = self.shown.copy()
        new.plot = self.plot.copy()
        new.path = self.path.copy()
        new.garrison = self.garrison
        new.invasion = self.invasion
        new.midway_control = self.midway_control
        new.aop = self.aop.copy()
        new.declared = self.declared
        new.midway_ops = self.midway_ops
        new.midway_launched = self.midway_launched
        new.search_value = self.search_value.copy()
        new.damage = self.damage.copy()
        new.sunk = self.sunk
        new.towed = self.towed
        new.midway_hits = self.midway_hits
        new.dmcv = self.dmcv.copy()
        new.air = self.air.copy()
        new.groups = self.groups.copy()
        new.forming = self.forming
        new.moved = self.moved
        new.op_side = self.op_side
        new.op_kind = self.op_kind
        new.op_count = self.op_count
        new.init_rolls = self.init_rolls
        new.exits = self.exits
        new.hands = self.hands.copy()
        new.dead = self.dead.copy()
        new.deck = self.deck
        new.played = self.played
        new.active = self.active
        attack = self.attack
        new.attack = attack.copy() if attack is not None else None
        new.seen_left = self.seen_left         # replaced whole on a change (common.Ctx.seen_loss): shared
        new.pending = self.pending
        new.options = self.options
        new.result = self.result
        new.last_events = ()
        new.cache = None
        new.opmemo = None
        new.landing = None
        memo = self.opmemo
        if memo is not None:
            new.opbase = memo
            new.optouch = None
        else:                   # no air-operation menu here: the last one, and what has changed since, go on
            new.opbase = self.opbase
            new.optouch = self.optouch
        return new

    def option(self, name: str) -> bool:
        return dict(self.options).get(name, False)

    def at(self, box: str) -> list[str]:
        """The squadrons in a box, in id order."""
        return list(self.air.index().by_box.get(box, ()))

    def box(self, squadron: str) -> str:
        return self.air[squadron][0]

    def steps(self, squadron: str) -> int:
        return self.air[squadron][1]

    def on_map(self, fleet_id: str) -> bool:
        return "-" in self.fleet.get(fleet_id, "")

    def hits(self, carrier: str) -> int:
        """Damage markers on a carrier (a sunk carrier counts its three)."""
        return 3 if carrier in self.sunk else len(self.damage.get(carrier, ()))

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in _DERIVED:
                continue
            v = getattr(self, f.name)
            if f.name == "groups":
                v = {k: list(g[:3]) + [list(g.units)] + list(g[4:]) for k, g in v.items()}
            elif f.name == "attack":
                v = v.to_json() if v is not None else None
            elif f.name == "air":
                v = {k: [b, n] for k, (b, n) in v.items()}
            elif f.name == "moved":
                v = sorted(v)
            elif f.name == "options":
                v = dict(v)
            elif f.name in ("plot", "path", "damage", "hands", "dead"):
                v = {k: list(t) for k, t in v.items()}
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "FaMState":
        d = dict(data)
        d["groups"] = {k: StrikeGroup(g[0], g[1], g[2], tuple(g[3]), *g[4:]) for k, g in d["groups"].items()}
        d["attack"] = Attack.from_json(d["attack"]) if d.get("attack") is not None else None
        d["air"] = {k: (b, int(n)) for k, (b, n) in d["air"].items()}
        d["moved"] = frozenset(d.get("moved", ()))
        d["seen_left"] = {k: int(n) for k, n in d.get("seen_left", {}).items()}   # an older save: none seen
        d["options"] = tuple(sorted(d.get("options", {}).items()))
        for k in ("plot", "path", "damage", "hands", "dead"):
            d[k] = {a: tuple(t) for a, t in d.get(k, {}).items()}
        for k in ("sunk", "towed", "exits", "deck", "played", "active", "pending", "forming", "init_rolls"):
            d[k] = tuple(d.get(k, ()))
        if d.get("result") is not None:
            d["result"] = tuple(d["result"])
        return cls(**d)

    def __eq__(self, other_state: object) -> bool:
        if not isinstance(other_state, FaMState):
            return NotImplemented
        return self.to_json() == other_state.to_json()


# -- the air attack in progress (9.0): a record of the state ------------------------------------------
# The stages of an attack, in order (air_attack.py runs them; the "k-..." stages are card windows).
ORDER = ("aim", "k-aim", "k-icpt", "intercept", "k-fight", "cap", "escort", "aaa", "assign", "bomb", "k-bomb", "end")
ESCORTS_FIRST = ("aim", "k-aim", "k-icpt", "intercept", "k-fight", "escort", "cap", "aaa", "assign", "bomb",
                 "k-bomb", "end")


@dataclass(slots=True)
class Attack:
    """One strike group's attack in progress (9.0)."""

    gid: str                       # the strike group
    side: str                      # the attacking side
    target: str                    # a fleet id, or "midway"
    aimed: str = ""                # the group the attacker chose (9.1)
    group: str = ""                # the group actually hit (9.1): its CAP and AAA take part
    stage: str = "aim"
    order: tuple[str, ...] = ORDER  # stage sequence (Elite Pilots may put the escorts first)
    interceptors: tuple[str, ...] = ()
    hits: int = 0                  # hits waiting to be allocated, one step each
    alloc: str = ""                # to whom: "strike" (any unit), "attack" (attack aircraft), "cap"
    assign: dict[str, str] = field(default_factory=dict)   # attack unit -> carrier it attacks (9.4)
    place: tuple[str, ...] = ()    # carriers (or "midway") with a hit still to place on deck (9.4(2))
    bonus: dict[str, int] = field(default_factory=dict)    # side -> + to its fighters' strength (card 12)

    def copy(self) -> "Attack":
        """Tuples are shared; the two dicts are copied."""
        return Attack(self.gid, self.side, self.target, self.aimed, self.group, self.stage, self.order,
                      self.interceptors, self.hits, self.alloc, dict(self.assign), self.place, dict(self.bonus))

    def to_json(self) -> dict:
        return {"gid": self.gid, "side": self.side, "target": self.target, "aimed": self.aimed,
                "group": self.group, "stage": self.stage, "order": list(self.order),
                "interceptors": list(self.interceptors), "hits": self.hits, "alloc": self.alloc,
                "assign": dict(self.assign), "place": list(self.place), "bonus": dict(self.bonus)}

    @classmethod
    def from_json(cls, d: dict) -> "Attack":
        return cls(d["gid"], d["side"], d["target"], d["aimed"], d["group"], d["stage"], tuple(d["order"]),
                   tuple(d["interceptors"]), d["hits"], d["alloc"], dict(d["assign"]), tuple(d["place"]),
                   dict(d["bonus"]))

    @property
    def defender(self) -> str:
        return other(self.side)
