"""Fury at Midway rules data (map, fleets, carriers and aircraft, event cards, turn track) loaded once, frozen."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TypeVar

import msgspec

from kaisen.engine.data import DataError, check_field_provenance, convert_entries, convert_unique, read_toml
from kaisen.engine.data import entry_label as _label

DATA_DIR = Path(__file__).parent / "data"
SIDES = ("japan", "usa")
HEX_RE = re.compile(r"^([A-Z])-([0-9]{1,2})$")
T = TypeVar("T")

Side = Literal["japan", "usa"]


# ---------------------------------------------------------------- map.toml

class MapSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The hex grid (2.1): columns west to east, rows north to south, and which columns sit higher."""

    columns: tuple[str, ...]
    rows: int
    offset: Literal["even-columns-up", "odd-columns-up"]
    prov: str
    offset_prov: str = ""


class MidwaySpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Midway Atoll's hex and the distances the rules measure from it (6.4, 7.1, 8.3(1), 9.5(2))."""

    hex: str
    search: int
    attack_range: int
    one_op_range: int
    carrier_landing_range: int
    divert_range: int
    outside_attack_range: tuple[str, ...]
    prov: str
    search_prov: str = ""
    attack_range_prov: str = ""
    one_op_range_prov: str = ""
    carrier_landing_range_prov: str = ""
    divert_range_prov: str = ""
    outside_attack_range_prov: str = ""


class AreaSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A named set of hexes: entry hexes (6.3), the CSF set-up columns (3.2(1)), exit edges (6.1(2))."""

    id: str
    name: str
    prov: str
    hexes: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    move_cost: int = 0
    move_cost_prov: str = ""


# ---------------------------------------------------------------- fleets.toml

class SearchSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The bounds of a search result (7.2)."""

    min_result: int
    max_result: int
    prov: str


class SideSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Per-side numbers: on-target roll (9.1), strike group size (8.4(3)), night sea battle (10.1(2))."""

    id: Side
    name: str
    on_target_max: int
    strike_group_max: int
    midway_strike_group_max: int
    sea_battle_minus: int
    prov: str


class FleetSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A fleet unit (2.3(1)) with its movement (6.1(1), 10.1(1)), search (7.1), start and exit (4.2, 6.1(2))."""

    id: str
    name: str
    side: Side
    kind: Literal["carrier", "invasion", "dmcv"]
    ma_day: int
    ma_night: int
    search: int
    start: Literal["entry", "setup", "formed"]
    entry: str
    setup: str
    exit: str
    exit_vp: int
    aaa_dice: int
    aaa_track: Literal["", "invasion"]
    prov: str
    aaa_dice_prov: str = ""

    def ma(self, night: bool) -> int:
        """Movement allowance by day, or doubled on the night turn (6.1(1), 10.1(1))."""
        return self.ma_night if night else self.ma_day


class GroupSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An IJN carrier division or US task force: a strike target (9.1) rolling its own AAA dice (9.3)."""

    id: str
    name: str
    fleet: str
    aaa_dice: int
    prov: str
    name_prov: str = ""


# ---------------------------------------------------------------- carriers.toml

class CarrierSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A carrier or Midway's airbase: deck boxes (8.3(5)), capacity (8.3(3), 9.6(1)), hits to lose it (9.4(2), 9.6(2))."""

    id: str
    name: str
    side: Side
    kind: Literal["carrier", "base"]
    group: str
    deck_boxes: int
    capacity: int
    lost_at_hits: int
    aaa_track: Literal["", "garrison"]
    prov: str


class AircraftSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One aircraft counter design (2.3(2)): strength, movement allowance, steps, dive-bomber icon (9.4(1))."""

    id: str
    model: str
    side: Side
    base: Literal["carrier", "midway"]
    role: Literal["fighter", "attack"]
    kind: Literal["fighter", "dive-bomber", "torpedo-bomber", "level-bomber"]
    bomb_icon: bool
    strength: int
    ma: int
    steps: int
    optional: bool
    hit_rule: Literal["at-or-below", "three-ones"]
    prov: str
    model_prov: str = ""
    kind_prov: str = ""
    bomb_icon_prov: str = ""
    strength_prov: str = ""
    ma_prov: str = ""
    steps_prov: str = ""
    optional_prov: str = ""
    hit_rule_prov: str = ""

    @property
    def is_fighter(self) -> bool:
        """Fighters alone may enter a CAP box (8.3(2))."""
        return self.role == "fighter"


class SquadronSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One aircraft unit counter, its parent carrier or Midway (3.1(2), 3.2(2)-(3)) and a default set-up box."""

    id: str
    type: str
    parent: str
    start: str
    prov: str
    start_prov: str = ""

    @property
    def start_box(self) -> tuple[str, int]:
        """The set-up box as ("cap" | "deck" | "hangar", deck box number or 0)."""
        box, _, n = self.start.partition(":")
        return box, int(n) if n.isdigit() else 0


# ---------------------------------------------------------------- cards.toml

class DrawSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Opening hands (3.1(3), 3.2(4)) and the turns each side draws a card (5.0(1), 12.0)."""

    japan_hand: int
    japan_hand_from: tuple[Literal["japan", "usa", "either"], ...]
    usa_hand: int
    usa_hand_from: tuple[Literal["japan", "usa", "either"], ...]
    japan_turns: tuple[int, ...]
    usa_turns: tuple[int, ...]
    prov: str


class CardSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An event card (12.0): who may play it, when, what it does, and which card it cancels."""

    number: int
    title: str
    side: Literal["japan", "usa", "either"]
    timing: str
    turns: tuple[int, ...]
    cancels: tuple[int, ...]
    cancel_mode: Literal["", "also", "instead"]
    timing_text: str
    effect: str
    prov: str
    title_prov: str = ""
    timing_prov: str = ""
    effect_prov: str = ""

    def playable_by(self, side: str) -> bool:
        """A card drawn by a side it does not name stays unplayed in that hand (12.0)."""
        return self.side in (side, "either")


# ---------------------------------------------------------------- turns.toml

class PhaseSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A phase of the sequence of play (5.0); turns lists the only turns it happens on (empty: every turn)."""

    id: str
    name: str
    turns: tuple[int, ...]
    prov: str


class StepSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A step of an air operation (8.2) or air attack (9.0) that a card timing may name."""

    id: str
    name: str
    prov: str


class TurnSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A box of the Turn Record Track (2.2): Day 1 or 2 (4.1, 4.2), night (10.0), fleets arriving (6.3)."""

    number: int
    day: Literal[1, 2]
    date: str
    time: Literal["morning", "afternoon", "evening", "night"]
    night: bool
    arrivals: tuple[str, ...]
    prov: str
    day_prov: str = ""
    date_prov: str = ""
    time_prov: str = ""


class TrackSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A record track (2.1, 2.2) with its marker start box (3.3); an "X" box is stored as 0."""

    id: str
    name: str
    low: int
    high: int
    start: int
    x_box: bool
    sides: tuple[Side, ...]
    labels: tuple[tuple[int, str], ...]
    prov: str
    labels_prov: str = ""


class VictorySpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Victory checks after turn 3 (4.1) and turn 7 (4.2) and the VP values of 4.2."""

    day1_turn: int
    day1_ratio: int
    day2_turn: int
    carrier_vp: int
    midway_vp: int
    midway_start: Side
    margin: int
    prov: str


# ---------------------------------------------------------------- the loaded data

@dataclass(frozen=True)
class FaMData:
    """All Fury at Midway data, validated and cross-checked; shared by reference by every state."""

    grid: MapSpec
    hexes: tuple[str, ...]
    midway: MidwaySpec
    areas: dict[str, AreaSpec]
    area_hexes: dict[str, frozenset[str]]
    search: SearchSpec
    sides: dict[str, SideSpec]
    fleets: dict[str, FleetSpec]
    groups: dict[str, GroupSpec]
    carriers: dict[str, CarrierSpec]
    aircraft: dict[str, AircraftSpec]
    squadrons: dict[str, SquadronSpec]
    cards: dict[int, CardSpec]
    draw: DrawSpec
    phases: tuple[PhaseSpec, ...]
    steps: dict[str, StepSpec]
    turns: tuple[TurnSpec, ...]
    tracks: dict[str, TrackSpec]
    victory: VictorySpec
    _axial: dict[str, tuple[int, int]]
    _neighbours: dict[str, tuple[str, ...]]

    def on_map(self, hex_id: str) -> bool:
        """Whether a hex name is one of the map's hexes (2.1)."""
        return hex_id in self._axial

    def hex_distance(self, a: str, b: str) -> int:
        """Hexes from a to b, not counting a's hex but counting b's (7.2); see map.toml for the geometry."""
        ax = self._axial
        if a in ax and b in ax:
            (q1, r1), (q2, r2) = ax[a], ax[b]
        else:
            (q1, r1), (q2, r2) = ax[_on(self, a)], ax[_on(self, b)]
        dq, dr = q2 - q1, r2 - r1
        return max(abs(dq), abs(dr), abs(dq + dr))

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """The on-map hexes one hex away (6.1, 6.2), in column then row order; Midway included."""
        return self._neighbours[_on(self, hex_id)]

    def area(self, area_id: str) -> frozenset[str]:
        """The hexes of a named area of map.toml (entry hexes 6.3, set-up 3.2(1), exit edges 6.1(2))."""
        return self.area_hexes[area_id]

    def turn(self, number: int) -> TurnSpec:
        """A box of the Turn Record Track (2.2)."""
        return self.turns[number - 1]

    def drawing_side(self, number: int) -> str | None:
        """The side that draws a card at the start of a turn, if any (5.0(1), 12.0)."""
        if number in self.draw.japan_turns:
            return "japan"
        return "usa" if number in self.draw.usa_turns else None

    def group_carriers(self, group_id: str) -> tuple[str, ...]:
        """The carriers of a division / task force (2.3(1)), in file order."""
        return tuple(c.id for c in self.carriers.values() if c.group == group_id)

    def fleet_groups(self, fleet_id: str) -> tuple[str, ...]:
        """The divisions / task forces of a fleet (2.3(1)), in file order."""
        return tuple(g.id for g in self.groups.values() if g.fleet == fleet_id)

    def squadrons_of(self, parent: str) -> tuple[str, ...]:
        """The aircraft units of a carrier or of Midway (3.1(2), 3.2(2)-(3)), in file order."""
        return tuple(s.id for s in self.squadrons.values() if s.parent == parent)

    def cancelled_by(self, number: int) -> tuple[int, ...]:
        """The cards that cancel a card (07 cancels 06, 04 may cancel 01)."""
        return tuple(c.number for c in self.cards.values() if number in c.cancels)


def _on(d: FaMData, hex_id: str) -> str:
    if hex_id not in d._axial:
        raise KeyError(f"{hex_id!r} is not a hex of the Fury at Midway map (columns "
                       f"{d.grid.columns[0]}-{d.grid.columns[-1]}, rows 1-{d.grid.rows})")
    return hex_id


# ---------------------------------------------------------------- helpers

def _entries(file: str, table: str, raw: Any, kind: type[T], key: str = "id") -> list[T]:
    """Convert an array of tables, check provenance of every entry and field, and refuse duplicate keys."""
    return convert_unique(file, table, raw, kind, key=key)


def _table(file: str, name: str, raw: Any, kind: type[T]) -> T:
    """Convert one table (e.g. [midway]) and check its provenance."""
    entry = f"[{name}]" if name != "(top)" else "(top level)"
    if not isinstance(raw, dict):
        raise DataError(file, entry, name, "expected a table")
    try:
        (item,) = convert_entries(file, name, [raw], kind, key="\0")
    except DataError as err:
        raise DataError(file, entry, err.field, err.reason) from None
    check_field_provenance(file, entry, item)
    return item


def _axial(columns: tuple[str, ...], rows: int, offset: str) -> dict[str, tuple[int, int]]:
    """Axial coordinates of each hex: q = column number (A=1), r = row - floor(q/2) (even-columns-up)."""
    out = {}
    for ci, col in enumerate(columns):
        q = ci + 1
        shift = q // 2 if offset == "even-columns-up" else (q - 1) // 2
        for row in range(1, rows + 1):
            out[f"{col}-{row}"] = (q, row - shift)
    return out


# ---------------------------------------------------------------- per-file loaders

def _load_turns(path: Path) -> tuple[tuple[PhaseSpec, ...], dict[str, StepSpec], tuple[TurnSpec, ...],
                                      dict[str, TrackSpec], VictorySpec]:
    f = path.name
    raw = read_toml(path)
    phases = _entries(f, "phase", raw.get("phase"), PhaseSpec)
    steps = _entries(f, "step", raw.get("step"), StepSpec)
    turns = _entries(f, "turn", raw.get("turn"), TurnSpec, key="number")
    tracks = _entries(f, "track", raw.get("track"), TrackSpec)
    victory = _table(f, "victory", raw.get("victory"), VictorySpec)
    n = len(turns)
    for i, t in enumerate(turns):
        label = _label("turn", i, t.number)
        if t.number != i + 1:
            raise DataError(f, label, "number", f"turns must be numbered 1..{n} in order; expected {i + 1}")
        if t.night != (t.time == "night"):
            raise DataError(f, label, "night", f"night must be true exactly when time is 'night' (time is {t.time!r})")
        if (t.day == 1) != (t.number <= victory.day1_turn):
            raise DataError(f, label, "day", f"Day 1 is turns 1..{victory.day1_turn} ([victory] day1_turn), "
                                             f"Day 2 the rest (4.1, 4.2)")
    for i, p in enumerate(phases):
        bad = [x for x in p.turns if not 1 <= x <= n]
        if bad:
            raise DataError(f, _label("phase", i, p.id), "turns", f"turns {bad} are not on the 1..{n} turn track")
    clash = sorted({p.id for p in phases} & set(steps))
    if clash:
        raise DataError(f, f"step ({clash[0]!r})", "id", "a step id may not repeat a phase id")
    for i, tr in enumerate(tracks):
        label = _label("track", i, tr.id)
        if not tr.low <= tr.start <= tr.high:
            raise DataError(f, label, "start", f"start box {tr.start} is not on the track {tr.low}..{tr.high}")
        if tr.x_box and tr.low != 0:
            raise DataError(f, label, "low", "a track with an X box stores X as 0, so low must be 0")
        for box, _text in tr.labels:
            if not tr.low <= box <= tr.high:
                raise DataError(f, label, "labels", f"label box {box} is not on the track {tr.low}..{tr.high}")
    track_ids = {tr.id for tr in tracks}
    for need in ("turn", "aop", "invasion", "garrison"):
        if need not in track_ids:
            raise DataError(f, "(file)", "track", f"the {need!r} track is missing (2.1, 2.2)")
    tt = next(tr for tr in tracks if tr.id == "turn")
    if (tt.low, tt.high) != (1, n):
        raise DataError(f, _label("track", tracks.index(tt), "turn"), "high", f"the turn track must run 1..{n}, one box a turn")
    for field in ("day1_turn", "day2_turn"):
        if not 1 <= getattr(victory, field) <= n:
            raise DataError(f, "[victory]", field, f"turn {getattr(victory, field)} is not on the 1..{n} turn track")
    if victory.day2_turn != n:
        raise DataError(f, "[victory]", "day2_turn", f"the final check comes after the last turn ({n})")
    for field in ("day1_ratio", "carrier_vp", "midway_vp", "margin"):
        if getattr(victory, field) < 1:
            raise DataError(f, "[victory]", field, "must be at least 1")
    return tuple(phases), {s.id: s for s in steps}, tuple(turns), {t.id: t for t in tracks}, victory


def _load_map(path: Path) -> tuple[MapSpec, MidwaySpec, dict[str, AreaSpec], dict[str, frozenset[str]],
                                    dict[str, tuple[int, int]]]:
    f = path.name
    raw = read_toml(path)
    top = {k: v for k, v in raw.items() if k not in ("midway", "area")}
    grid = _table(f, "(top)", top, MapSpec)
    cols = grid.columns
    if not cols or any(not (len(c) == 1 and "A" <= c <= "Z") for c in cols) or len(set(cols)) != len(cols):
        raise DataError(f, "(top level)", "columns", f"need distinct single capital letters, got {list(cols)}")
    if not 1 <= grid.rows <= 99:
        raise DataError(f, "(top level)", "rows", f"must be 1..99, got {grid.rows}")
    axial = _axial(cols, grid.rows, grid.offset)

    def on_map(entry: str, field: str, hexes: tuple[str, ...]) -> None:
        for h in hexes:
            if not HEX_RE.match(h):
                raise DataError(f, entry, field, f"{h!r} is not a hex name like 'F-6'")
            if h not in axial:
                raise DataError(f, entry, field, f"hex {h!r} is off the map (columns {cols[0]}-{cols[-1]}, rows 1-{grid.rows})")

    def dist(a: str, b: str) -> int:
        (q1, r1), (q2, r2) = axial[a], axial[b]
        return max(abs(q2 - q1), abs(r2 - r1), abs(q2 - q1 + r2 - r1))

    midway = _table(f, "midway", raw.get("midway"), MidwaySpec)
    on_map("[midway]", "hex", (midway.hex,))
    for field in ("search", "attack_range", "one_op_range", "carrier_landing_range", "divert_range"):
        if getattr(midway, field) < 0:
            raise DataError(f, "[midway]", field, "must not be negative")
    if midway.one_op_range > midway.attack_range:
        raise DataError(f, "[midway]", "one_op_range", "cannot exceed attack_range (6.4(3))")
    on_map("[midway]", "outside_attack_range", midway.outside_attack_range)
    outside = {h for h in axial if dist(h, midway.hex) > midway.attack_range}
    printed = set(midway.outside_attack_range)
    if printed != outside:
        raise DataError(f, "[midway]", "outside_attack_range",
                        f"the printed range line does not match the distance rule: computed outside {sorted(outside)}; "
                        f"listed only: {sorted(printed - outside)}, missing: {sorted(outside - printed)}")

    areas = _entries(f, "area", raw.get("area"), AreaSpec)
    area_hexes: dict[str, frozenset[str]] = {}
    for i, a in enumerate(areas):
        label = _label("area", i, a.id)
        on_map(label, "hexes", a.hexes)
        on_map(label, "exclude", a.exclude)
        bad = [c for c in a.columns if c not in cols]
        if bad:
            raise DataError(f, label, "columns", f"columns {bad} are not on the map ({cols[0]}-{cols[-1]})")
        hexes = set(a.hexes) | {h for h in axial if h.split("-")[0] in a.columns}
        hexes -= set(a.exclude)
        if not hexes:
            raise DataError(f, label, "hexes", "the area has no hexes")
        if midway.hex in hexes:
            raise DataError(f, label, "hexes", f"holds Midway {midway.hex}, which no fleet may enter (6.1(2))")
        if a.move_cost < 0:
            raise DataError(f, label, "move_cost", "must not be negative")
        area_hexes[a.id] = frozenset(hexes)
    return grid, midway, {a.id: a for a in areas}, area_hexes, axial


def _load_fleets(path: Path, areas: dict[str, AreaSpec], tracks: dict[str, TrackSpec]
                 ) -> tuple[SearchSpec, dict[str, SideSpec], dict[str, FleetSpec], dict[str, GroupSpec]]:
    f = path.name
    raw = read_toml(path)
    search = _table(f, "search", raw.get("search"), SearchSpec)
    if not 0 <= search.min_result <= search.max_result:
        raise DataError(f, "[search]", "min_result", "need 0 <= min_result <= max_result")
    sides = _entries(f, "side", raw.get("side"), SideSpec)
    if sorted(s.id for s in sides) != sorted(SIDES):
        raise DataError(f, "(file)", "side", f"need exactly one [[side]] for each of {SIDES}")
    for i, s in enumerate(sides):
        label = _label("side", i, s.id)
        if not 1 <= s.on_target_max <= 6:
            raise DataError(f, label, "on_target_max", "a die roll: must be 1..6 (9.1)")
        if s.strike_group_max < 1:
            raise DataError(f, label, "strike_group_max", "must be at least 1 (8.4(3))")
        if not 0 <= s.sea_battle_minus <= 6:
            raise DataError(f, label, "sea_battle_minus", "must be 0..6 (10.1(2))")
    fleets = _entries(f, "fleet", raw.get("fleet"), FleetSpec)
    for i, fl in enumerate(fleets):
        label = _label("fleet", i, fl.id)
        for field in ("ma_day", "search", "exit_vp", "aaa_dice"):
            if getattr(fl, field) < 0:
                raise DataError(f, label, field, "must not be negative")
        if fl.ma_night < fl.ma_day:
            raise DataError(f, label, "ma_night", "a fleet moves at least as far at night as by day (10.1(1))")
        for field in ("entry", "setup", "exit"):
            v = getattr(fl, field)
            if v and v not in areas:
                raise DataError(f, label, field, f"unknown area {v!r}; map.toml has {sorted(areas)}")
        if fl.start == "entry" and not fl.entry:
            raise DataError(f, label, "entry", "a fleet that enters the map needs its entry area (6.3)")
        if fl.start == "setup" and not fl.setup:
            raise DataError(f, label, "setup", "a fleet set up on the map needs its set-up area (3.2(1))")
        if fl.aaa_track and fl.aaa_track not in tracks:
            raise DataError(f, label, "aaa_track", f"unknown track {fl.aaa_track!r}")
    for side in SIDES:
        n = sum(1 for fl in fleets if fl.side == side and fl.kind == "dmcv")
        if n != 1:
            raise DataError(f, "(file)", "kind", f"{side} needs exactly one DMCV fleet (2.3(1), 6.0), found {n}")
    by_id = {fl.id: fl for fl in fleets}
    groups = _entries(f, "group", raw.get("group"), GroupSpec)
    for i, g in enumerate(groups):
        label = _label("group", i, g.id)
        if g.fleet not in by_id:
            raise DataError(f, label, "fleet", f"unknown fleet {g.fleet!r}")
        if by_id[g.fleet].kind != "carrier":
            raise DataError(f, label, "fleet", f"only a carrier fleet has divisions / task forces, not {g.fleet!r}")
        if g.aaa_dice < 1:
            raise DataError(f, label, "aaa_dice", "each division / task force rolls AAA dice (9.3)")
    for i, fl in enumerate(fleets):
        has = any(g.fleet == fl.id for g in groups)
        if fl.kind == "carrier" and not has:
            raise DataError(f, _label("fleet", i, fl.id), "kind", "a carrier fleet needs at least one [[group]]")
        if fl.kind != "carrier" and not (fl.aaa_dice or fl.aaa_track):
            raise DataError(f, _label("fleet", i, fl.id), "aaa_dice", "a fleet without divisions needs AAA dice or an AAA track (9.3)")
    return search, {s.id: s for s in sides}, by_id, {g.id: g for g in groups}


def _load_carriers(path: Path, fleets: dict[str, FleetSpec], groups: dict[str, GroupSpec],
                   tracks: dict[str, TrackSpec]) -> tuple[dict[str, CarrierSpec], dict[str, AircraftSpec],
                                                          dict[str, SquadronSpec]]:
    f = path.name
    raw = read_toml(path)
    carriers = _entries(f, "carrier", raw.get("carrier"), CarrierSpec)
    for i, c in enumerate(carriers):
        label = _label("carrier", i, c.id)
        if c.kind == "carrier":
            if c.group not in groups:
                raise DataError(f, label, "group", f"unknown division / task force {c.group!r}; fleets.toml has {sorted(groups)}")
            if fleets[groups[c.group].fleet].side != c.side:
                raise DataError(f, label, "side", f"{c.side} carrier in a {fleets[groups[c.group].fleet].side} fleet")
        elif c.group:
            raise DataError(f, label, "group", "Midway's airbase belongs to no fleet; leave group empty")
        if c.deck_boxes < 1:
            raise DataError(f, label, "deck_boxes", "must be at least 1 (8.3(5))")
        if c.capacity < c.deck_boxes:
            raise DataError(f, label, "capacity", f"capacity {c.capacity} is below the {c.deck_boxes} deck boxes (8.3(3))")
        if c.lost_at_hits < 1:
            raise DataError(f, label, "lost_at_hits", "must be at least 1")
        if c.aaa_track and c.aaa_track not in tracks:
            raise DataError(f, label, "aaa_track", f"unknown track {c.aaa_track!r}")
    cv = {c.id: c for c in carriers}
    aircraft = _entries(f, "aircraft", raw.get("aircraft"), AircraftSpec)
    for i, a in enumerate(aircraft):
        label = _label("aircraft", i, a.id)
        if not 0 <= a.strength <= 6:
            raise DataError(f, label, "strength", f"a die target: must be 0..6, got {a.strength}")
        if a.strength == 0 and a.hit_rule != "three-ones":
            raise DataError(f, label, "strength", "strength 0 only for a counter printed '*' (hit_rule three-ones, 9.4(4))")
        if a.ma < 1:
            raise DataError(f, label, "ma", "must be at least 1 (8.5(1))")
        if a.steps not in (1, 2):
            raise DataError(f, label, "steps", f"aircraft units have 1 or 2 steps (2.3(2)), got {a.steps}")
        if a.bomb_icon and a.role != "attack":
            raise DataError(f, label, "bomb_icon", "only attack aircraft carry the dive-bomber icon (9.4(1))")
        if a.hit_rule == "three-ones" and a.role != "attack":
            raise DataError(f, label, "hit_rule", "only an attack aircraft uses the B-17 rule (9.4(4))")
    types = {a.id: a for a in aircraft}
    squadrons = _entries(f, "squadron", raw.get("squadron"), SquadronSpec)
    used_boxes: dict[tuple[str, int], str] = {}
    occupancy: dict[str, int] = {}
    for i, s in enumerate(squadrons):
        label = _label("squadron", i, s.id)
        if s.type not in types:
            raise DataError(f, label, "type", f"unknown aircraft type {s.type!r}; carriers.toml has {sorted(types)}")
        if s.parent not in cv:
            raise DataError(f, label, "parent", f"unknown parent carrier {s.parent!r}; carriers.toml has {sorted(cv)}")
        t, p = types[s.type], cv[s.parent]
        if t.side != p.side:
            raise DataError(f, label, "parent", f"a {t.side} aircraft cannot belong to {p.side} {p.id!r}")
        if (t.base == "midway") != (p.kind == "base"):
            raise DataError(f, label, "parent", f"{t.base}-based {t.id!r} cannot belong to {p.kind} {p.id!r} (3.2(2)-(3))")
        box, n = s.start_box
        if s.start == "cap":
            if not t.is_fighter:
                raise DataError(f, label, "start", "only fighters may start in a CAP box (3.1(2), 8.3(2))")
        elif box == "deck" and s.start == f"deck:{n}":
            if not 1 <= n <= p.deck_boxes:
                raise DataError(f, label, "start", f"{p.id!r} has deck boxes 1..{p.deck_boxes}, not {n} (8.3(5))")
            if (p.id, n) in used_boxes:
                raise DataError(f, label, "start", f"deck box {n} of {p.id!r} already holds {used_boxes[p.id, n]!r}")
            used_boxes[p.id, n] = s.id
        elif s.start != "hangar":
            raise DataError(f, label, "start", f"{s.start!r}: allowed 'cap', 'deck:<box>', 'hangar'")
        if box != "cap":
            occupancy[p.id] = occupancy.get(p.id, 0) + 1
            if occupancy[p.id] > p.capacity:
                raise DataError(f, label, "start", f"{p.id!r} holds at most {p.capacity} units on deck and in hangar (8.3(3), 9.6(1))")
    return cv, types, {s.id: s for s in squadrons}


def _load_cards(path: Path, phases: tuple[PhaseSpec, ...], steps: dict[str, StepSpec], n_turns: int
                ) -> tuple[dict[int, CardSpec], DrawSpec]:
    f = path.name
    raw = read_toml(path)
    cards = _entries(f, "card", raw.get("card"), CardSpec, key="number")
    timings = {p.id for p in phases} | set(steps)
    numbers = {c.number for c in cards}
    for i, c in enumerate(cards):
        label = _label("card", i, c.number)
        if not 1 <= c.number <= 13:
            raise DataError(f, label, "number", f"cards are numbered 01..13 (12.0), got {c.number}")
        if c.timing not in timings:
            raise DataError(f, label, "timing", f"unknown phase or step {c.timing!r}; turns.toml declares {sorted(timings)}")
        bad = [t for t in c.turns if not 1 <= t <= n_turns]
        if bad:
            raise DataError(f, label, "turns", f"turns {bad} are not on the 1..{n_turns} turn track")
        for x in c.cancels:
            if x not in numbers or x == c.number:
                raise DataError(f, label, "cancels", f"card {x} is not another card of the deck")
        if bool(c.cancels) != bool(c.cancel_mode):
            raise DataError(f, label, "cancel_mode", "give 'also' or 'instead' exactly when the card cancels another")
        if not c.title.strip() or not c.effect.strip() or not c.timing_text.strip():
            raise DataError(f, label, "effect", "title, timing_text and effect must not be empty")
    missing = sorted(set(range(1, 14)) - numbers)
    if missing:
        raise DataError(f, "(file)", "number", f"the deck has 13 cards (01..13); missing {missing}")
    draw = _table(f, "draw", raw.get("draw"), DrawSpec)
    for side in SIDES:
        hand, pool = getattr(draw, f"{side}_hand"), getattr(draw, f"{side}_hand_from")
        avail = sum(1 for c in cards if c.side in pool)
        if not 0 <= hand <= avail:
            raise DataError(f, "[draw]", f"{side}_hand", f"{hand} cards from {list(pool)}, but only {avail} such cards exist")
        turns = getattr(draw, f"{side}_turns")
        bad = [t for t in turns if not 1 <= t <= n_turns]
        if bad or len(set(turns)) != len(turns):
            raise DataError(f, "[draw]", f"{side}_turns", f"need distinct turns on the 1..{n_turns} turn track, got {list(turns)}")
    both = set(draw.japan_turns) & set(draw.usa_turns)
    if both:
        raise DataError(f, "[draw]", "usa_turns", f"only one side draws a turn (5.0(1)); both draw on {sorted(both)}")
    deck = len(cards) - draw.japan_hand - draw.usa_hand
    if len(draw.japan_turns) + len(draw.usa_turns) > deck:
        raise DataError(f, "[draw]", "usa_turns", f"{deck} cards remain after the opening hands, too few for the draws")
    return {c.number: c for c in sorted(cards, key=lambda c: c.number)}, draw


@lru_cache(maxsize=8)
def load(data_dir: str | Path | None = None) -> FaMData:
    """Load, validate and cross-check the five data files (optionally from another folder); cached, so shared."""
    d = Path(data_dir) if data_dir is not None else DATA_DIR
    phases, steps, turns, tracks, victory = _load_turns(d / "turns.toml")
    grid, midway, areas, area_hexes, axial = _load_map(d / "map.toml")
    search, sides, fleets, groups = _load_fleets(d / "fleets.toml", areas, tracks)
    carriers, aircraft, squadrons = _load_carriers(d / "carriers.toml", fleets, groups, tracks)
    cards, draw = _load_cards(d / "cards.toml", phases, steps, len(turns))

    arriving: dict[str, int] = {}
    for i, t in enumerate(turns):
        for fid in t.arrivals:
            if fid not in fleets:
                raise DataError("turns.toml", _label("turn", i, t.number), "arrivals", f"unknown fleet {fid!r}; fleets.toml has {sorted(fleets)}")
            if fleets[fid].start != "entry":
                raise DataError("turns.toml", _label("turn", i, t.number), "arrivals", f"fleet {fid!r} does not enter by the turn track (its start is {fleets[fid].start!r})")
            if fid in arriving:
                raise DataError("turns.toml", _label("turn", i, t.number), "arrivals", f"fleet {fid!r} already arrives on turn {arriving[fid]}")
            arriving[fid] = t.number
    for i, fl in enumerate(fleets.values()):
        if fl.start == "entry" and fl.id not in arriving:
            raise DataError("fleets.toml", _label("fleet", i, fl.id), "start", "enters the map but no turn of turns.toml lists it in arrivals")

    neighbours: dict[str, tuple[str, ...]] = {}
    where = {v: k for k, v in axial.items()}
    for h, (q, r) in axial.items():
        near = {where[(q + dq, r + dr)] for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
                if (q + dq, r + dr) in where}
        neighbours[h] = tuple(x for x in axial if x in near)
    return FaMData(
        grid=grid, hexes=tuple(axial), midway=midway, areas=areas, area_hexes=area_hexes, search=search,
        sides=sides, fleets=fleets, groups=groups, carriers=carriers, aircraft=aircraft, squadrons=squadrons,
        cards=cards, draw=draw, phases=phases, steps=steps, turns=turns, tracks=tracks, victory=victory,
        _axial=axial, _neighbours=neighbours,
    )
