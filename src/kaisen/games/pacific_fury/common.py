"""Shared helpers for the procedures: task-force types (8.3), unit movement, the marker, narration."""
from __future__ import annotations

from operator import itemgetter

from kaisen.engine.core import Event
from kaisen.games.pacific_fury import memory
from kaisen.games.pacific_fury.data import PFData
from kaisen.games.pacific_fury.state import NOTHING, SIDE_NAME, PFState, TaskForce, other


_TF_TYPES: dict[tuple[int, tuple[str, ...]], str] = {}   # (data set, ships) -> TF type: types never change
# A TaskForce made from its six fields in C (the NamedTuple's __new__ and _replace are Python functions): (id,
# side, ships, box, zone, revealed), the order TaskForce declares; and its id, the first of them.
_tuple_new = tuple.__new__
_TF_ID = itemgetter(0)
_RETURNS = "{} {} returns to base ({})".format


def names(d: PFData, units) -> str:
    """Ship names joined for narration and labels ("no ships" when there are none)."""
    ships = d.ships
    return ", ".join(ships[u].name for u in units) or "no ships"


def box_label(m: int) -> str:
    """The Initiative Track box a marker position names ("0", "US 2", "Japan 1")."""
    return "0" if m == 0 else (f"US {m}" if m > 0 else f"Japan {-m}")


def describe(d: PFData, tf: TaskForce, viewer_knows: bool) -> str:
    """A task force as narration and labels name it: its type and ships if known, else its counter count."""
    if viewer_knows or tf.revealed:
        return f"{tf.id} ({tf_type(d, tf)}: {names(d, tf.ships)})"
    return f"{tf.id} ({len(tf.ships)} concealed)"


def tf_type(d: PFData, tf: TaskForce) -> str:
    """8.3: TF-A has Transports, TF-C has a carrier, otherwise TF-B (the Tokyo Express is a TF-B)."""
    key = (id(d), tf.ships)
    kind = _TF_TYPES.get(key)
    if kind is None:
        specs = [d.ships[u] for u in tf.ships]
        kind = ("TF-A" if any(sp.type == "AP" for sp in specs) else
                "TF-C" if any(sp.is_carrier for sp in specs) else "TF-B")
        if len(_TF_TYPES) > 200_000:
            _TF_TYPES.clear()
        _TF_TYPES[key] = kind
    return kind


def _reveal_text(d, side, tid, why, ships) -> str:
    return f"{SIDE_NAME[side]} {tid} revealed ({why}): {names(d, ships)}"


def _reveal_zone_text(d, side, tid, zone, ships) -> str:
    return _reveal_text(d, side, tid, "enemy in " + d.zones[zone].name, ships)


def _shift_text(n, side, why, old, new) -> str:
    return f"Initiative marker shifts {n} toward {SIDE_NAME[side]} ({why}): {box_label(old)} -> {box_label(new)}"


# What a procedure signals when it is over (Ctx.finish); flow.SEQUENCE decides what follows each.
DONE_PHASE = "phase"            # the current phase (state.phase) is over
DONE_OPERATION = "operation"    # 9.0: one operation is over (9.7 counts it)
COMBAT_READY = "combat"         # 10.0: a combat is set up in state.combat; it is fought next
DONE_COMBAT = "combat-over"     # 10.0: the combat in state.combat is over


class Ctx:
    """One step being applied: the state copy being changed, the rules data, the new events.

    Narration on demand (DESIGN.md): `note`/`note_to` record an event's maker and its parameters, taken
    now (immutable values only); the English text is made when someone reads it."""

    __slots__ = ("s", "d", "ev", "done")

    def __init__(self, s: PFState, d: PFData, ev: list[Event] | None = None):
        self.s = s
        self.d = d
        self.ev = [] if ev is None else ev
        self.done: str | None = None     # what a procedure just finished (DONE_*); flow.py reads it and moves on

    def finish(self, what: str) -> None:
        """A procedure signals that it is over (one of the markers above) and returns; the sequence of
        play in flow.py decides what comes next. A procedure never starts the next one itself."""
        assert self.done is None, f"{what!r} signalled while {self.done!r} is pending"
        self.done = what

    # -- narration ---------------------------------------------------------------------------
    def say(self, kind: str, text: str, rule: str = "") -> None:
        self.ev.append(Event(kind, text, None, rule))

    def tell(self, side: str, kind: str, text: str, rule: str = "") -> None:
        """An event only `side` may read (it names ships the other side has not seen)."""
        self.ev.append(Event(kind, text, side, rule))

    def note(self, kind: str, rule: str, make, *args) -> None:
        """An event for everyone, its text `make(*args)` made when read."""
        self.ev.append(Event(kind, None, None, rule, make, args))

    def note_to(self, side: str, kind: str, rule: str, make, *args) -> None:
        """An event only `side` may read, its text `make(*args)` made when read."""
        self.ev.append(Event(kind, None, side, rule, make, args))

    def name(self, unit: str) -> str:
        return self.d.ships[unit].name

    def names(self, units) -> str:
        return names(self.d, units)

    # -- task forces -------------------------------------------------------------------------
    def tf_type(self, tf: TaskForce) -> str:
        """8.3: TF-A has Transports, TF-C has a carrier, otherwise TF-B (the Tokyo Express is a TF-B)."""
        return tf_type(self.d, tf)

    def is_te(self, tf: TaskForce) -> bool:
        return tf.ships == ("tokyo-express",)

    def describe(self, tf: TaskForce, viewer_knows: bool) -> str:
        return describe(self.d, tf, viewer_knows)

    def set_tf(self, tf: TaskForce) -> None:
        self.s.tfs[tf.id] = tf
        for u in tf.ships:
            self.s.loc[u] = "tf:" + tf.id

    def reveal(self, tf: TaskForce, why: str, rule: str) -> TaskForce:
        """8.4: turn a task force face up; narrated once, to both sides."""
        if tf.revealed:
            return tf
        tid, side, ships = tf[0], tf[1], tf[2]
        tf = self.s.tfs[tid] = _tuple_new(TaskForce, (tid, side, ships, tf[3], tf[4], True))   # (_replace)
        if self.s.memory is not NOTHING:     # (memory.revealed: nothing to forget when nothing is remembered)
            memory.revealed(self.s, tf)
        self.ev.append(Event("reveal", None, None, rule, _reveal_text, (self.d, side, tid, why, ships)))
        return tf

    def reveal_zone(self, zone: str, rule: str) -> None:
        tfs = self.s.tfs
        hidden = [t for t in tfs.values() if t[4] == zone and not t[5]]    # (in_zone, not revealed)
        if len(hidden) > 1:
            hidden.sort(key=_TF_ID)
        for tf in hidden:            # (reveal, its reason made from the zone when read)
            tid, side, ships = tf[0], tf[1], tf[2]
            tfs[tid] = _tuple_new(TaskForce, (tid, side, ships, tf[3], zone, True))
            if self.s.memory is not NOTHING:
                memory.revealed(self.s, tf)
            self.ev.append(Event("reveal", None, None, rule, _reveal_zone_text, (self.d, side, tid, zone, ships)))

    def to_base(self, tf: TaskForce, why: str, rule: str) -> None:
        """10.8 / 9.2: a task force goes back to base face down and is dissolved for the turn."""
        s = self.s
        loc, ships = s.loc, self.d.ships
        for u in tf.ships:
            loc[u] = "offboard" if ships[u].type == "TE" else "base"
        del s.tfs[tf.id]
        if (tf[5] or s.memory is not NOTHING) and s.phase != "return":   # (memory.went_home; 11.0 clears it)
            memory.went_home(s, tf)
        self.ev.append(Event("return", None, None, rule, _RETURNS, (SIDE_NAME[tf.side], tf.id, why)))   # (note)

    def drop_ships(self, units: list[str]) -> None:
        """Take ships out of their task forces (sunk, damaged, landed); empty task forces vanish."""
        tfs = self.s.tfs
        gone = set(units)
        for tf in [t for t in tfs.values() if not gone.isdisjoint(t[2])]:
            left = tuple(u for u in tf[2] if u not in gone)
            if left:
                tfs[tf[0]] = _tuple_new(TaskForce, (tf[0], tf[1], left, tf[3], tf[4], tf[5]))   # (_replace)
            else:
                del tfs[tf[0]]

    # -- the Initiative Track ---------------------------------------------------------------
    def box_label(self, marker: int | None = None) -> str:
        return box_label(self.s.marker if marker is None else marker)

    def shift(self, side: str, n: int, why: str, rule: str) -> None:
        """Move the Initiative marker n boxes in `side`'s favour (shifts past the end are lost)."""
        s = self.s
        step = n if side == "usa" else -n
        new = max(-self.d.max_box, min(self.d.max_box, s.marker + step))
        old = s.marker
        s.marker = new
        self.ev.append(Event("initiative", None, None, rule, _shift_text, (n, side, why, old, new)))   # (note)

    def hf_value(self) -> int:
        return abs(self.s.marker)

    def hf_controller(self) -> str:
        """6.2: the initiative player holds Henderson Field for the whole turn, wherever the marker moves."""
        return self.s.initiative

    def disrupt(self, why: str, rule: str) -> None:
        if self.s.hf_operational:
            self.s.hf_operational = False
            self.note("henderson", rule, "Henderson Field is disrupted ({})".format, why)


def carriers(d: PFData, units) -> list[str]:
    cv = d.carriers
    return [u for u in units if u in cv]


def cap_of(d: PFData, units) -> int:
    """10.5 CAP: a target with a CV takes 2 off each firing unit's hits, with only CVL 1."""
    cv = d.carriers
    ships = d.ships
    cap = 0
    for u in units:
        if u in cv:
            if ships[u].type == "CV":
                return 2
            cap = 1
    return cap


def as_aa_bonus(d: PFData, firing_units, target_units) -> int:
    """10.5 AS vs AA: +2 if AS >= 2 x AA or AA is 0, +1 if AS > AA, else 0."""
    cv = d.carriers
    ships = d.ships
    air = 0
    for u in firing_units:
        if u in cv:
            air += ships[u].icons
    aa = 0
    for u in target_units:
        if u not in cv:
            aa += 1
    if aa == 0 or air >= 2 * aa:
        return 2
    return 1 if air > aa else 0


def hits_for(roll: int, cf: int, cap: int = 0) -> int:
    """10.2: a roll at or under the combat factor scores that many hits; CAP cuts them, never below 1."""
    if cf <= 0 or roll > cf:
        return 0
    return max(1, roll - cap) if cap else roll


def sink_threshold(hits: int, df: int) -> int:
    """10.7 Sunk Table: the lowest roll that sinks (hits > DF: 2, hits = DF: 4, hits < DF: 6)."""
    return 2 if hits > df else 4 if hits == df else 6


__all__ = ["Ctx", "names", "box_label", "describe", "tf_type", "carriers", "cap_of", "as_aa_bonus", "hits_for", "sink_threshold", "other"]
