"""Shared helpers for the procedures: the step being applied (Ctx), narration on demand, hex names, the
scenario's airplane roster, who is where, damage and destruction, the victory boards, and what a bomb or a
torpedo does to the hex it strikes (rulebook: Damage; Ships; Islands; Victory boards)."""
from __future__ import annotations

import string
from typing import NamedTuple

from kaisen.engine.core import Event
from kaisen.games.fighters_of_the_pacific.data import FotPData, cell_to_hex, hex_to_cell
from kaisen.games.fighters_of_the_pacific.state import SIDE_NAME, FotPState, Hex, Plane, Site, other

# What a procedure signals when it is over (Ctx.finish); flow.py decides what follows.
DONE_PHASE = "phase"          # the phase (a step of flow.SEQUENCE) is over
DONE_MOVE = "moved"           # an airplane's movement or dodge is over (shooting.after_move follows)
DONE_ATTACK = "attacked"      # an activated airplane's or AA's attack is resolved (activation follows)

COLS = string.ascii_uppercase


def hex_name(h: Hex) -> str:
    """A hex as the board prints it: column letter, row number ("C7")."""
    col, row = hex_to_cell(h)
    return f"{COLS[col]}{row + 1}" if 0 <= col < len(COLS) else f"({h[0]},{h[1]})"


def hex_of(name: str) -> Hex:
    """The hex a board name ("C7") stands for."""
    return cell_to_hex((COLS.index(name[0]), int(name[1:]) - 1))


class Entry(NamedTuple):
    """An airplane of the scenario's roster: its id, side, type, and when and how it enters."""

    id: str
    side: str
    type: str
    turn: int                      # 0: at set-up, else the turn at whose end it arrives
    zone: str                      # "" at set-up, else the reinforcement zone
    hex: Hex | None                # its set-up hex (None for a reinforcement)
    facing: int
    alt: str
    ordnance: str


_ROSTERS: dict[tuple[int, str], tuple[Entry, ...]] = {}


def roster(d: FotPData, scenario: str) -> tuple[Entry, ...]:
    """Every airplane a scenario fields, set-up first, each with a stable id "<side>-<type>-<n>" (rulebook:
    Scenario; reinforcements numbered after the set-up airplanes of their type). Made once per data and scenario."""
    key = (id(d), scenario)
    got = _ROSTERS.get(key)
    if got is None:
        got = _ROSTERS[key] = _roster(d, scenario)
    return got


def _roster(d: FotPData, scenario: str) -> tuple[Entry, ...]:
    sc = d.scenarios[scenario]
    count: dict[tuple[str, str], int] = {}
    out: list[Entry] = []

    def next_id(side: str, kind: str) -> str:
        n = count.get((side, kind), 0) + 1
        count[(side, kind)] = n
        return f"{side}-{kind}-{n}"

    for fl in sc.flight:
        for h in fl.hexes:
            out.append(Entry(next_id(fl.side, fl.aircraft), fl.side, fl.aircraft, 0, "", h, fl.facing, fl.altitude,
                             fl.ordnance))
    for rf in sorted(sc.reinforcement, key=lambda r: r.turn):
        for _ in range(rf.count):
            out.append(Entry(next_id(rf.side, rf.aircraft), rf.side, rf.aircraft, rf.turn, rf.zone, None, rf.facing,
                             rf.altitude, rf.ordnance))
    return tuple(out)


class Ctx:
    """One step being applied: the state copy being changed, the data (`d`), the new events.

    Narration on demand: `note` keeps an event's maker and its parameters; the text is made when read."""

    __slots__ = ("s", "d", "ev", "done", "_sc", "_lay")

    def __init__(self, s: FotPState, d: FotPData, ev: list[Event] | None = None):
        self.s = s
        self.d = d
        self.ev = [] if ev is None else ev
        self.done: str | None = None
        self._sc = d.scenarios[s.scenario]
        self._lay = d.layouts[s.scenario]

    @property
    def sc(self):
        return self._sc

    @property
    def layout(self):
        return self._lay

    def finish(self, what: str = DONE_PHASE) -> None:
        """A procedure is over: it says so and returns; flow.py decides what comes next."""
        assert self.done is None, f"{what!r} signalled while {self.done!r} is pending"
        self.done = what

    def note(self, kind: str, rule: str, make, *args) -> None:
        self.ev.append(Event(kind, None, None, rule, make, args))

    # -- airplanes -----------------------------------------------------------------------------
    def spec(self, plane: str):
        return self.d.aircraft[self.s.planes[plane].type]

    def damage(self, plane: str, amount: int, rule: str) -> bool:
        """Damage an airplane; at its armor it is destroyed and the enemy scores it. True if destroyed
        (rulebook: Damage)."""
        p = self.s.planes[plane]
        spec = self.d.aircraft[p.type]
        if p.damage + amount >= spec.armor:
            self.destroy(plane, "destroyed", rule)
            return True
        self.s.planes[plane] = p._replace(damage=p.damage + amount)
        self.note("damage", rule, _damaged, plane, spec.name)
        return False

    def destroy(self, plane: str, how: str, rule: str) -> None:
        """Remove an airplane; the enemy puts it on its victory board (a fighter or a bomber: Victory boards)."""
        p = self.s.planes.pop(plane)
        spec = self.d.aircraft[p.type]
        what = "fighter" if spec.is_fighter else "bomber"
        self.score(other(p.side), what, plane, getattr(self.sc.vp, what))
        self.note("destroyed", rule, _destroyed, plane, spec.name, how)

    def score(self, side: str, what: str, thing: str, points: int) -> None:
        """Put something on a side's victory board (rulebook: Victory boards)."""
        self.s.vp = {**self.s.vp, side: self.s.vp[side] + points}
        self.s.scored = self.s.scored + ((side, what, thing, points),)

    # -- ships and islands ------------------------------------------------------------------------
    def ship_at(self, h: Hex) -> tuple[str, int] | None:
        """The ship segment on a hex: (ship id, segment index)."""
        for k, x in self.s.ships.items():
            if h in x.hexes:
                return k, x.hexes.index(h)
        return None

    def strike(self, h: Hex, side: str, weapon: str, rule: str) -> None:
        """A bomb or a torpedo strikes a hex: a ship segment there is hit once (its AA out of action; the enemy
        scores it); a bomb on an island hex destroys it with its AA or objective (rulebook: Ships, Islands)."""
        at = self.ship_at(h)
        if at is not None:
            ship, i = at
            x = self.s.ships[ship]
            if x.hit[i]:
                self.note("strike", rule, _wasted, weapon, hex_name(h), "a segment already destroyed")
                return
            self.s.ships[ship] = x._replace(hit=x.hit[:i] + (True,) + x.hit[i + 1:])
            cls = self.d.ship_classes[x.cls]
            seg = cls.segments[i]
            self.score(other(x.side), f"{x.cls}_segment", f"{ship}/{seg}",
                       getattr(self.sc.vp, f"{x.cls}_segment"))
            self.note("ship-hit", rule, _ship_hit, weapon, ship_name(self.d, ship, x.token), seg, hex_name(h))
            return
        if self.layout.is_island(h) and weapon != "torpedo":
            if any(k.startswith("ruin@") and st.hex == h for k, st in self.s.sites.items()):
                self.note("strike", rule, _wasted, weapon, hex_name(h), "an island hex already destroyed")
                return
            hit = [k for k, st in self.s.sites.items() if st.hex == h and not st.destroyed]
            for k in hit:
                st = self.s.sites[k]
                self.s.sites[k] = st._replace(destroyed=True)
                what = "ground_aa" if st.kind == "aa" else "objective"
                self.score(other(st.side), what, k, getattr(self.sc.vp, what))
            self.s.sites["ruin@" + hex_name(h)] = Site("ruin", "", h, True)
            self.note("island-hit", rule, _island_hit, weapon, hex_name(h), tuple(self.s.sites[k].kind for k in hit))
            return
        self.note("strike", rule, _wasted, weapon, hex_name(h), "open water")


def ship_name(d: FotPData, ship: str, token: str) -> str:
    """A ship as the players call it: its token's name, else "US destroyer 1" from the roster id "usa-dd-1"."""
    if token in d.ship_tokens:
        return d.ship_tokens[token].name
    side, n = ship.split("-", 1)[0], ship.rsplit("-", 1)[1]
    return f"{_SHIP_SIDE.get(side, side)} destroyer {n}"


_SHIP_SIDE = {"usa": "US", "japan": "Japanese"}


def plane_name(plane: str, type_name: str) -> str:
    """"Zero 3 (Japan)" from "japan-zero-3"."""
    side, n = plane.split("-", 1)[0], plane.rsplit("-", 1)[1]
    return f"{type_name} {n} ({SIDE_NAME.get(side, side)})"


def _damaged(plane, type_name):
    return f"{plane_name(plane, type_name)} is damaged"


def _destroyed(plane, type_name, how):
    return f"{plane_name(plane, type_name)} is {how}"


def _wasted(weapon, where, what):
    return f"The {weapon.replace('_', ' ')} falls on {where}: {what}, no effect"


def _ship_hit(weapon, ship, segment, where):
    return f"The {weapon.replace('_', ' ')} hits {ship}'s {segment} segment at {where}: destroyed, its AA out of action"


def _island_hit(weapon, where, kinds):
    what = " and ".join({"aa": "its AA", "objective": "its objective"}[k] for k in kinds) or "nothing of value"
    return f"The {weapon.replace('_', ' ')} destroys island hex {where}: {what}"
