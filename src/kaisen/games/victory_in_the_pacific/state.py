"""The Victory in the Pacific state: small values and ids only; every unit spec is shared through VPData.

Where units are (`loc`, the vocabulary every module uses):

* "port:<base id>": in a major port or island base (2.3), "sea:<area id>": at sea in a sea area,
  "home:<area id>": at sea in that area but bound for port (a failed speed roll, disabled, retreated, 10.2),
* "raid-box": Japan's Pearl Harbor Raid rectangle at set-up (4.2), "group:W".."group:Z": an Allied
  location-uncertain group before its roll (18.32), "due": a reinforcement not yet arrived (4.4),
* "returning": an eliminated land-based air or amphibious unit coming back on `back[unit]` (4.5),
* "sunk", "removed" (4.42 removals, 10.14 nowhere to return, 9.42 destroyed in port), "lost" (4.41 arrival
  port held by the enemy).

At sea a unit has a mode (`mode`): "patrol" (black side up, 6.11) or "raid" (white side up, 6.12). In port a
ship may be turned white side up as a raider for the raid step (`raider` holds those ids, 5.21).
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, Callable

from kaisen.engine.core import Event, Pause
from kaisen.games.victory_in_the_pacific.combat_state import Combat
from kaisen.games.victory_in_the_pacific.shared import Own, Shared, share

SIDES = ("japan", "allies")
SIDE_NAME = {"japan": "Japan", "allies": "Allies"}


def other(side: str) -> str:
    return "allies" if side == "japan" else "japan"


def kept_valid(s) -> bool:
    """Whether the kept patrol menu still says what the state holds (called before a move changes it)."""
    k = s.kept
    if k is None:
        return False
    by = s.loc.by
    if by is None or by.get(("port", k[0]), ()) is not k[3] or k[4] is not s.moved or k[5] is not s.raider \
            or k[1] != s.turn or k[6] != s.damage:
        s.kept = None
        return False
    return True


def kept_drop(s, u: str) -> None:
    """After a move of the patrol step changed ship `u` (it is no longer ready: it sailed, turned raider, was
    repaired or rebuilt), the kept menu without her options, for what the state now holds."""
    side, turn, lab, here, moved, raider, damage, ready, opts = s.kept
    if u in ready:
        i = ready.index(u)
        ready = ready[:i] + ready[i + 1:]
        opts = opts[:2 * i] + opts[2 * i + 2:]
    by = s.loc.by
    damage = s.damage       # a shared dict never changes (copy on write, shared.py): kept as it is, else a copy
    s.kept = (side, turn, lab, by.get(("port", side), ()) if by is not None else None, s.moved, s.raider,
              damage if type(damage) is Shared else dict(damage), ready, opts) if by is not None else None


_KEYS: dict[str, dict] = {"japan": {}, "allies": {}}   # side -> location -> (its (kind, side) key or "", listed)
_UNLISTED = frozenset({"port", "home", "group"})       # kinds of location the index keeps no tuple of (Locs)


def _keys(where: str, side: str) -> tuple:
    """The index keys of a location for a unit of `side` (Locs): (kind, side) for "<kind>:<id>" ("" for a
    location with no id), and whether the location has its own tuple (not a port, a unit bound for port, an
    Allied group). Parsed once per location string and side."""
    kind, sep, _ = where.partition(":")
    got = _KEYS[side][where] = ((kind, side) if sep else "", kind not in _UNLISTED)
    return got


class Locs(dict):
    """`VPState.loc` (unit -> location) with an index kept up to date as units move (DESIGN.md: menus are kept
    from indices the state maintains). The index (`by`) maps, to the units there in id order (a tuple):
    a location ("sea:indonesia", "due", "sunk") and (kind, side) for the places with an id ("port", "sea", "home",
    "group"; every unit bound for port is the two sides' ("home", side) together: flow.homeward). A single port,
    area bound for port or Allied group ("port:truk", "home:<area>", "group:W") has no tuple of its own: written
    on most moves and seldom read, it is found from its (kind, side) tuples when asked (VPState.at). Derived
    data: built on first use (it needs each unit's side), shared by a copy until one of the two moves a unit
    (copy on write: `own` says whether `by` is this Locs' own), never part of to_json or of equality.

    Copy on write between states: `VPState.copy` shares the Locs and freezes it (`frozen`); a frozen Locs refuses
    every write, and a state moves a unit with `VPState.place`, which first takes a thawed copy of a frozen one
    (most steps move nothing, and a copy of some 150 locations was a tenth of a step). A Locs no state has been
    copied from takes `loc[u] = where` directly."""

    __slots__ = ("by", "sides", "own", "frozen")

    def __init__(self, data=(), by: dict | None = None, sides: dict | None = None):
        dict.__init__(self, data)
        self.by = by
        self.sides = sides
        self.own = by is None
        self.frozen = False

    def _refuse(self) -> None:
        raise RuntimeError("this unit-location map is shared by two states (VPState.copy): move units with "
                           "state.place(unit, where)")

    def index(self, sides: dict) -> dict:
        """The index, built once from `sides` (unit -> side, the unit specs) then maintained."""
        by = self.by
        if by is None:
            lists: dict = {}
            for u in sorted(dict.keys(self)):
                where = dict.__getitem__(self, u)
                side = sides[u].side
                key, listed = _KEYS[side].get(where) or _keys(where, side)
                if listed:
                    lists.setdefault(where, []).append(u)
                if key:
                    lists.setdefault(key, []).append(u)
            by = self.by = {k: tuple(v) for k, v in lists.items()}
            self.sides = sides
            self.own = True
        return by

    def move(self, u: str, where: str) -> None:
        """`loc[u] = where` (VPState.place calls it by name: a call through the mapping slot cost a fifth more)."""
        if self.frozen:
            self._refuse()
        by = self.by
        if by is None:
            dict.__setitem__(self, u, where)
            return
        old = self.get(u)
        if old == where:
            return
        dict.__setitem__(self, u, where)
        if not self.own:
            by = self.by = dict(by)
            self.own = True
        # The unit out of each id-ordered tuple it was in and into each it joins (bisect, written out in place: this
        # runs for every unit moved), with each location's index keys for the unit's side found once (_keys).
        side = self.sides[u].side
        keys = _KEYS[side]
        if old is not None:
            key, listed = keys.get(old) or _keys(old, side)
            if listed:
                t = by[old]
                i = bisect_left(t, u)
                by[old] = t[:i] + t[i + 1:]
            if key:
                t = by[key]
                i = bisect_left(t, u)
                by[key] = t[:i] + t[i + 1:]
        key, listed = keys.get(where) or _keys(where, side)
        if listed:
            t = by.get(where, ())
            i = bisect_left(t, u)
            by[where] = t[:i] + (u,) + t[i:]
        if key:
            t = by.get(key, ())
            i = bisect_left(t, u)
            by[key] = t[:i] + (u,) + t[i:]

    __setitem__ = move

    def __delitem__(self, u: str) -> None:
        if self.frozen:
            self._refuse()
        dict.__delitem__(self, u)
        self.by = None

    def pop(self, *a):
        if self.frozen:
            self._refuse()
        self.by = None
        return dict.pop(self, *a)

    def popitem(self):
        if self.frozen:
            self._refuse()
        self.by = None
        return dict.popitem(self)

    def clear(self) -> None:
        if self.frozen:
            self._refuse()
        self.by = None
        dict.clear(self)

    def update(self, *a, **kw) -> None:
        if self.frozen:
            self._refuse()
        self.by = None
        dict.update(self, *a, **kw)

    def setdefault(self, u, where=None):
        if u not in self:
            self[u] = where
        return self[u]

    def copy(self) -> "Locs":
        """A copy (not frozen) sharing the index until either moves a unit."""
        new = Locs(self, self.by, self.sides)
        new.own = self.own = False
        return new

    def __reduce__(self):
        return (Locs, (dict(self),))


_new = object.__new__


def _listed(v):
    """A field's value as to_json writes it: a frozenset sorted, a tuple as a list, anything else as it is."""
    if type(v) is tuple:
        return list(v)
    if isinstance(v, frozenset):
        return sorted(v)
    if isinstance(v, tuple):
        return list(v)
    return v
_DERIVED = frozenset({"cache", "last_events", "kept", "fights"})    # never part of to_json or of equality
_OPTIONS: dict = {}      # the optional rules of a game (VPState.options) -> as a dict: made once per set of rules
_OPTIONS_OF: dict = {}   # id(VPState.options) -> (that tuple, its _OPTIONS dict): at most 65 kept


_AT: dict = {}   # location with no tuple of its own -> (the two (kind, side) tuples it was found from, its units):
                 # a unit of that kind moving anywhere makes new tuples (Locs), so the same two tuples (held here:
                 # their ids are not reused) say the same units there, in any state that has them (VPState.at)


@dataclass(slots=True)
class VPState:
    """Everything that changes during a game of Victory in the Pacific."""

    turn: int = 1
    step: str = ""                       # the pause point: "<procedure>[:<argument>]"
    loc: dict[str, str] = field(default_factory=Locs)        # a Locs: the index of units by place comes with it
    # the seven dicts below are written through `edit` (copy on write between states, shared.py)
    mode: dict[str, str] = field(default_factory=dict)          # unit at sea -> "patrol" | "raid"
    raider: frozenset = frozenset()      # ships in port turned white side up this turn (5.21)
    damage: dict[str, int] = field(default_factory=dict)        # unit -> damage points (7.532)
    moved: frozenset = frozenset()       # ships and units that left port this turn (no repair, 11.1)
    repaired: dict[str, int] = field(default_factory=dict)      # port -> repair points used this turn (11.24)
    back: dict[str, int] = field(default_factory=dict)          # eliminated LBA / amphibious unit -> turn it returns
    control: dict[str, str] = field(default_factory=dict)       # sea area -> "japan" | "allies" (no key: nobody)
    base_control: dict[str, str] = field(default_factory=dict)  # port / base -> side
    surrounded: dict[str, int] = field(default_factory=dict)    # port / base -> turns in a row cut off (5.72, 14.1)
    poc: int = 0                         # POC standing: + Allies ahead, - Japan ahead, capped (2.5)
    poc_log: tuple[tuple[int, int, int], ...] = ()             # (turn, Japan POC, Allied POC) per turn
    moving: tuple[str, ...] = ()         # units moved this step awaiting their speed rolls (6.43): "unit>area"
    done: frozenset = frozenset()        # units that have acted in the current step
    passes: int = 0                      # consecutive passes in an alternating step (air placement)
    sub_used: frozenset = frozenset()    # submarines that have attacked this turn (16.3)
    combat: Any = None                   # the combat in progress (combat.Combat)
    fought: tuple[str, ...] = ()         # sea areas whose combat is finished this turn
    pending: tuple[str, ...] = ()        # a queue of procedure steps / items still to run
    first_turn: tuple[str, ...] = ()     # turn-1 special procedure bookkeeping (18.x)
    options: tuple[tuple[str, bool], ...] = ()
    result: tuple[str | None, int] | None = None
    last_events: tuple[Event, ...] = ()
    cache: Pause | None = None
    kept: Any = None                     # derived: the patrol step's ships and their options (flow.patrol_pairs)
    fights: Any = None                   # derived: the areas with combat still to come, as this state found them
                                         # (flow._combats; never copied: a move may change them)

    def __post_init__(self) -> None:
        if type(self.loc) is not Locs:
            self.loc = Locs(self.loc)

    def copy(self) -> "VPState":
        """A cheap copy: the dicts shared until one of the two states writes one (copy on write: `edit`,
        shared.py), the index of `loc` shared until a unit moves; tuples, frozensets and specs shared. Slots are
        set one by one on a bare instance (the dataclass __init__ with 27 arguments and its __post_init__ cost
        twice as much, on every step; a __dict__ copied whole instead made every attribute read slower)."""
        n = _new(VPState)
        n.turn = self.turn
        n.step = self.step
        loc = self.loc
        loc.frozen = True                # shared until one of the two states moves a unit (place)
        n.loc = loc
        # `mode`, written on a third of all steps, copied (dict.copy clones it whole: a Shared copy made from a dict
        # that lost keys to pop inserts them one by one); the other dicts shared, copy on write (shared.py):
        # type(x) is Shared, written out for each (most are, already)
        n.mode = self.mode.copy()
        n.raider = self.raider
        x = self.damage
        n.damage = x if type(x) is Shared else share(x)
        n.moved = self.moved
        x = self.repaired
        n.repaired = x if type(x) is Shared else share(x)
        x = self.back
        n.back = x if type(x) is Shared else share(x)
        x = self.control
        n.control = x if type(x) is Shared else share(x)
        x = self.base_control
        n.base_control = x if type(x) is Shared else share(x)
        x = self.surrounded
        n.surrounded = x if type(x) is Shared else share(x)
        n.poc = self.poc
        n.poc_log = self.poc_log
        n.moving = self.moving
        n.done = self.done
        n.passes = self.passes
        n.sub_used = self.sub_used
        combat = self.combat
        n.combat = combat.copy() if combat is not None else None
        n.fought = self.fought
        n.pending = self.pending
        n.first_turn = self.first_turn
        n.options = self.options
        n.result = self.result
        n.last_events = ()
        n.cache = None
        n.kept = self.kept
        n.fights = None
        return n

    def edit(self, name: str) -> dict:
        """The dict field `name` ("mode", "damage", "repaired", "back", "control", "base_control", "surrounded"),
        this state's own to write: one shared with another state (copy on write, shared.py) is copied first.
        The one way to write those dicts: a shared one refuses writes."""
        d = getattr(self, name)
        if type(d) is Shared:
            d = Own(d)
            setattr(self, name, d)
        return d

    def place(self, u: str, where: str) -> None:
        """Move unit `u` to `where` (the one way to write `loc`: a Locs shared with another state is copied
        first)."""
        loc = self.loc
        if loc.frozen:
            loc = self.loc = loc.copy()
        loc.move(u, where)

    def option(self, name: str) -> bool:
        o = self.options
        got = _OPTIONS_OF.get(id(o))         # by the tuple's identity (every state of a game shares it): no hashing
        if got is None or got[0] is not o:
            opts = _OPTIONS.get(o)
            if opts is None:
                opts = _OPTIONS[o] = dict(o)
            if len(_OPTIONS_OF) > 64:
                _OPTIONS_OF.clear()
            got = _OPTIONS_OF[id(o)] = (o, opts)     # holds the tuple: its id is not reused while kept
        return got[1].get(name, False)

    def at(self, where: str) -> list[str]:
        """Units at a location ("port:truk", "sea:indonesia"), in id order (from the index where it is built: a
        location with no tuple of its own there, from the two sides' tuples of its kind, Locs)."""
        loc = self.loc
        by = loc.by
        if by is not None:
            kind, sep, _ = where.partition(":")
            if kind not in _UNLISTED:
                return list(by.get(where, ()))
            japan_t, allies_t = by.get((kind, "japan"), ()), by.get((kind, "allies"), ())
            got = _AT.get(where)
            if got is None or got[0] is not japan_t or got[1] is not allies_t:
                japan = [u for u in japan_t if loc[u] == where]
                allies = [u for u in allies_t if loc[u] == where]
                if len(_AT) > 4096:
                    _AT.clear()
                got = _AT[where] = (japan_t, allies_t, tuple(sorted(japan + allies) if japan and allies
                                                                 else japan or allies))
            return list(got[2])
        return sorted(u for u, l in loc.items() if l == where)

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The fields in declaration order, derived ones left out (_DERIVED), each written as JSON_FIELDS says."""
        return {name: write(self) for name, write in JSON_FIELDS.items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "VPState":
        d = dict(data)
        d["combat"] = Combat.from_json(d["combat"]) if d.get("combat") is not None else None
        for k in ("raider", "moved", "done", "sub_used"):
            d[k] = frozenset(d.get(k, ()))
        d["options"] = tuple(sorted(d.get("options", {}).items()))
        d["poc_log"] = tuple(tuple(x) for x in d.get("poc_log", ()))
        d["loc"] = Locs(d.get("loc", {}))
        for k in ("moving", "fought", "pending", "first_turn"):
            d[k] = tuple(d.get(k, ()))
        if d.get("result") is not None:
            d["result"] = tuple(d["result"])
        return cls(**d)

    def __eq__(self, other_state: object) -> bool:
        if not isinstance(other_state, VPState):
            return NotImplemented
        return self.to_json() == other_state.to_json()


JSON_FIELDS: dict[str, Callable[[VPState], Any]] = {
    # How to_json writes each field, in declaration order: frozensets sorted, tuples as lists, the optional rules
    # and the locations as dicts, the combat as its own JSON, the other dicts as they are. A table, so that a view
    # made part by part (views.policy_view) writes each field the same way without writing the rest.
    "turn": lambda s: s.turn, "step": lambda s: s.step, "loc": lambda s: dict(s.loc), "mode": lambda s: s.mode,
    "raider": lambda s: _listed(s.raider), "damage": lambda s: s.damage, "moved": lambda s: _listed(s.moved),
    "repaired": lambda s: s.repaired, "back": lambda s: s.back, "control": lambda s: s.control,
    "base_control": lambda s: s.base_control, "surrounded": lambda s: s.surrounded, "poc": lambda s: s.poc,
    "poc_log": lambda s: [list(x) for x in s.poc_log], "moving": lambda s: _listed(s.moving),
    "done": lambda s: _listed(s.done), "passes": lambda s: s.passes, "sub_used": lambda s: _listed(s.sub_used),
    "combat": lambda s: s.combat.to_json() if s.combat is not None else None,
    "fought": lambda s: _listed(s.fought), "pending": lambda s: _listed(s.pending),
    "first_turn": lambda s: _listed(s.first_turn), "options": lambda s: dict(s.options),
    "result": lambda s: _listed(s.result),
}
