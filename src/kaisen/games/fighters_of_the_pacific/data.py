"""Fighters of the Pacific rules data: hexes, aircraft and traits, ships and AA, board modules, tokens, scenarios.

Six TOML files in data/ (or a folder of the same files given to `load`) are loaded once into frozen specs and
cross-checked; every error is a one-line DataError naming file, entry, field and the problem. Every value has a
provenance: its entry's `prov` or its own `<field>_prov`, starting "rulebook", "published" or "designed".
DATA.md says how the values the rulebook shows only as pictures were designed.

Hexes: axial (q, r), flat-topped, facings 0-5 clockwise from north (data/hexes.toml). Board positions in the
files are cells [col, row] ("odd-q"); the loader turns them into axial hexes, which is all the engine sees.
The rulebook prints no table for the solo mode (only the attitude marker), so there is no solo data here:
the bot's attitudes and priorities belong to the engine (issue 13 item 3).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, Mapping

import msgspec

from kaisen.engine.data import DataError, check_field_provenance, convert_unique, read_toml
from kaisen.engine.data import entry_label as _label

DATA_DIR = Path(__file__).parent / "data"
FILES = ("hexes.toml", "aircraft.toml", "tokens.toml", "ships.toml", "boards.toml", "scenarios.toml")
SIDES = ("usa", "japan")
ALTITUDES = ("high", "low")
ORDNANCE = ("torpedo", "bomb", "dive_bomb")
ORDNANCE_TRAIT = {"torpedo": "torpedo_bomber", "bomb": "bomber", "dive_bomb": "dive_bomber"}
ORDNANCE_RULE = {"torpedo": "torpedoes", "bomb": "level_bombs", "dive_bomb": "dive_bombs"}
# The rule sets in the order the scenarios introduce them (rulebook: play the scenarios in order).
RULE_ORDER = ("fighters", "bombers", "aa", "ships", "torpedoes", "dive_bombs", "islands", "level_bombs",
              "barrages")
EDGES = ("north", "south", "west", "east")
MAX_FORWARD_RANGE = 3
MODULE_LETTERS = "ABCDEFGH"

Hex = tuple[int, int]
Side = Literal["usa", "japan"]
Altitude = Literal["high", "low"]

# ---------------------------------------------------------------- hex geometry (data/hexes.toml)

DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def rotate(offset: Hex, facing: int) -> Hex:
    """An offset written for facing 0 turned to `facing`: 60 degrees clockwise per notch (hexes.toml)."""
    dq, dr = offset
    for _ in range(facing % 6):
        dq, dr = -dr, dq + dr
    return (dq, dr)


def add(h: Hex, offset: Hex) -> Hex:
    """The hex `offset` away from `h` (axial sum)."""
    return (h[0] + offset[0], h[1] + offset[1])


def hex_distance(a: Hex, b: Hex) -> int:
    """Hexes between a and b (nearest target, barrage and AA reach: rulebook Shooting, Barrage)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six adjacent hexes, in facing order 0-5 (air groups, AA fields, Split-S: rulebook)."""
    return tuple(add(h, d) for d in DIRECTIONS)


def ahead(h: Hex, facing: int, steps: int = 1) -> Hex:
    """The hex `steps` straight ahead (Advance, Dive, Climb, torpedo runs: rulebook Movement, Torpedoes)."""
    d = DIRECTIONS[facing % 6]
    return (h[0] + steps * d[0], h[1] + steps * d[1])


def turn_right(facing: int) -> int:
    """The facing one notch (60 degrees) clockwise (Turn, Agile pivot: rulebook Movement)."""
    return (facing + 1) % 6


def turn_left(facing: int) -> int:
    """The facing one notch counter-clockwise (Turn, Agile pivot: rulebook Movement)."""
    return (facing + 5) % 6


def cell_to_hex(cell: tuple[int, int] | list[int]) -> Hex:
    """Axial hex of a board cell [col, row] ("odd-q" layout, hexes.toml)."""
    col, row = cell
    return (col, row - (col - (col & 1)) // 2)


def hex_to_cell(h: Hex) -> tuple[int, int]:
    """Board cell [col, row] of an axial hex (the inverse of cell_to_hex)."""
    q, r = h
    return (q, r + (q - (q & 1)) // 2)


def ship_step(hexes: tuple[Hex, ...], turn: int) -> tuple[Hex, ...]:
    """A ship's segments after one move (rulebook: Ships, destroyer and carrier movement). The token is straight:
    its back segment moves onto the hex its second-to-last segment held (a destroyer's old front, a carrier's old
    centre) and the rest of it lies straight ahead from there, facing ahead (0), a notch left (-1) or right (+1).
    For a destroyer this is the front stepping ahead, front-left or front-right; for a carrier, the token turned
    a notch about its centre and advanced one hex, or simply advanced."""
    front, second = hexes[0], hexes[1]
    facing = (DIRECTIONS.index((front[0] - second[0], front[1] - second[1])) + turn) % 6
    new = [hexes[-2]]
    for _ in range(len(hexes) - 1):
        new.append(ahead(new[-1], facing))
    return tuple(reversed(new))


def allowed_fire_offset(offset: Hex) -> bool:
    """An airplane's field-of-fire offset (facing 0) is straight ahead up to range 3 or a neighbour (DATA.md)."""
    dq, dr = offset
    return (dq == 0 and -MAX_FORWARD_RANGE <= dr <= -1) or tuple(offset) in DIRECTIONS


# ---------------------------------------------------------------- specs

class _Spec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class FacingSpec(_Spec):
    """A facing: its number, compass name and axial step to the hex ahead (hexes.toml)."""
    id: int
    name: str
    direction: tuple[int, int]


class TraitSpec(_Spec):
    """An airplane trait as the rulebook names it (rulebook: Airplanes)."""
    id: str
    name: str
    effect: str
    prov: str


class AircraftSpec(_Spec):
    """An airplane type: speed in MP, armor, field of fire (offsets for facing 0), traits, ordnance it may carry."""
    id: str
    name: str
    side: Side
    traits: tuple[str, ...]
    top_speed_mph: int
    fixed_guns: str
    rear_guns: str
    speed: int
    armor: int
    field_of_fire: tuple[tuple[int, int], ...]
    ordnance: tuple[str, ...]
    prov: str
    traits_prov: str = ""
    top_speed_mph_prov: str = ""
    fixed_guns_prov: str = ""
    rear_guns_prov: str = ""
    speed_prov: str = ""
    armor_prov: str = ""
    field_of_fire_prov: str = ""
    ordnance_prov: str = ""

    def has(self, trait: str) -> bool:
        """Whether the type has a trait id (rulebook: Airplanes)."""
        return trait in self.traits

    @property
    def forward_range(self) -> int:
        """How far straight ahead its fixed guns reach, 0 if none (field of fire, DATA.md)."""
        return max((-o[1] for o in self.field_of_fire if o[0] == 0 and o[1] < 0), default=0)

    @property
    def is_fighter(self) -> bool:
        """Fighter trait: Split-S, and the VP class of a fighter (rulebook: Airplanes)."""
        return "fighter" in self.traits


class ShipClassSpec(_Spec):
    """A ship class: its segments front first, the front's moves (-1 left, 0 ahead, +1 right), damage effects."""
    id: str
    name: str
    segments: tuple[str, ...]
    moves: tuple[int, ...]
    speed: int
    stops_when_hit: tuple[str, ...]
    launch_needs: tuple[str, ...]
    prov: str
    speed_prov: str = ""


class ShipTokenSpec(_Spec):
    """A named ship token of the box (rulebook: Token Inventory)."""
    id: str
    name: str
    side: Side
    cls: str
    prov: str


class AASpec(_Spec):
    """Ship-segment and ground AA (rulebook: Anti-aircraft defenses)."""
    altitude: Altitude
    damage: int
    field_of_fire: tuple[tuple[int, int], ...]
    activations_per_turn: int
    ground_destroyed_by: tuple[str, ...]
    ship_destroyed_by: tuple[str, ...]
    prov: str
    damage_prov: str = ""


class BarrageSpec(_Spec):
    """Barrage fire (rulebook: Barrage): reach, damage, which AA of each side may fire one."""
    range: int
    damage: int
    altitude: Altitude
    usa: Literal["every_segment", "one_segment_per_ship"]
    japan: Literal["every_segment", "one_segment_per_ship"]
    ground: bool
    prov: str


class TorpedoRunSpec(_Spec):
    """Hexes a torpedo runs straight ahead each end of turn, by side (rulebook: Torpedoes)."""
    usa: int
    japan: int
    prov: str


class ModuleSpec(_Spec):
    """One face of a board module: its cloud and island cells [col, row] inside the module (boards.toml)."""
    id: str
    clouds: tuple[tuple[int, int], ...]
    islands: tuple[tuple[int, int], ...]
    prov: str


class VPSpec(_Spec):
    """Victory points a side scores per event (rulebook: Victory boards; scenarios.toml)."""
    fighter: int
    bomber: int
    carrier_segment: int
    destroyer_segment: int
    objective: int
    ground_aa: int
    exit: int


class FlightSpec(_Spec):
    """Airplanes of one type placed at set-up with one facing, altitude and ordnance."""
    side: Side
    aircraft: str
    facing: int
    altitude: Altitude
    cells: tuple[tuple[int, int], ...]
    ordnance: str = ""

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The airplanes' axial hexes."""
        return tuple(cell_to_hex(c) for c in self.cells)


class ShipPlacement(_Spec):
    """A ship at set-up: its id in the scenario, its token (carrier id or "destroyer"), its segments front first."""
    id: str
    token: str
    side: Side
    cells: tuple[tuple[int, int], ...]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The segments' axial hexes, front first."""
        return tuple(cell_to_hex(c) for c in self.cells)

    @property
    def facing(self) -> int:
        """The ship's facing: from its second segment to its front (ships.toml)."""
        h = self.hexes
        return DIRECTIONS.index((h[0][0] - h[1][0], h[0][1] - h[1][1]))


class SiteSpec(_Spec):
    """An island hex with a ground AA or an objective marker, and the side that owns it."""
    side: Side
    cell: tuple[int, int]

    @property
    def hex(self) -> Hex:
        """The axial hex."""
        return cell_to_hex(self.cell)


class ReinforcementSpec(_Spec):
    """Airplanes placed at the end of `turn` in a zone (an edge or carrier:<ship>) (rulebook: Scenario)."""
    turn: int
    side: Side
    aircraft: str
    count: int
    zone: str
    facing: int
    altitude: Altitude
    ordnance: str = ""


class ExitSpec(_Spec):
    """An edge by which a side's airplanes may leave the board and score vp.exit."""
    side: Side
    edge: Literal["north", "south", "west", "east"]


class ScenarioSpec(_Spec):
    """A scenario: boards, forces, first initiative, reinforcements, end turn, victory points, rules in use."""
    id: str
    number: int
    name: str
    setting: str
    background: str
    rules: tuple[str, ...]
    boards: tuple[tuple[str, ...], ...]
    first_initiative: Side
    end_turn: int
    vp: VPSpec
    prov: str
    vp_prov: str
    flight: tuple[FlightSpec, ...] = ()
    ship: tuple[ShipPlacement, ...] = ()
    ground_aa: tuple[SiteSpec, ...] = ()
    objective: tuple[SiteSpec, ...] = ()
    reinforcement: tuple[ReinforcementSpec, ...] = ()
    exit: tuple[ExitSpec, ...] = ()

    def uses(self, rule: str) -> bool:
        """Whether a rule set (RULE_ORDER) is in use in this scenario."""
        return rule in self.rules


class _Header(_Spec):
    prov: str


class _RearArc(_Spec):
    """The rear gunner's arc (aircraft.toml [rear_arc])."""
    offsets: tuple[tuple[int, int], ...]
    prov: str


class _Tokens(_Spec):
    """The box inventory (tokens.toml)."""
    prov: str
    aircraft: dict[str, int]
    markers: dict[str, int]


class _BoardsHead(_Spec):
    """The module size (boards.toml)."""
    prov: str
    module_cols: int
    module_rows: int


# ---------------------------------------------------------------- board layout

@dataclass(frozen=True)
class Layout:
    """The playing area a scenario builds from modules (boards.toml): its hexes, clouds, islands and edges."""
    cols: int
    rows: int
    hexes: frozenset[Hex]
    clouds: frozenset[Hex]
    islands: frozenset[Hex]
    edges: Mapping[str, frozenset[Hex]]

    def contains(self, h: Hex) -> bool:
        """Whether a hex is on the board (rulebook: Modular board)."""
        return h in self.hexes

    def is_cloud(self, h: Hex) -> bool:
        """Whether a hex is a cloud: no shot to, through or from it; clouds count as high (rulebook: Shooting)."""
        return h in self.clouds

    def is_island(self, h: Hex) -> bool:
        """Whether a hex is island: ships may not enter; airplanes fly over (rulebook: Islands)."""
        return h in self.islands

    def is_water(self, h: Hex) -> bool:
        """An on-board hex that is not island (ships, torpedo drops: rulebook Ships, Torpedoes)."""
        return h in self.hexes and h not in self.islands


def build_layout(boards: tuple[tuple[str, ...], ...], modules: Mapping[str, ModuleSpec], cols: int,
                 rows: int) -> Layout:
    """The board a layout of module faces makes: module (i, j) covers cells col 8j+c, row 6i+r (boards.toml)."""
    hexes: set[Hex] = set()
    clouds: set[Hex] = set()
    islands: set[Hex] = set()
    for i, row in enumerate(boards):
        for j, face in enumerate(row):
            m = modules[face]
            for c in range(cols):
                for r in range(rows):
                    hexes.add(cell_to_hex((j * cols + c, i * rows + r)))
            clouds.update(cell_to_hex((j * cols + c, i * rows + r)) for c, r in m.clouds)
            islands.update(cell_to_hex((j * cols + c, i * rows + r)) for c, r in m.islands)
    width, height = cols * len(boards[0]), rows * len(boards)
    edges = {
        "north": frozenset(cell_to_hex((c, 0)) for c in range(width)),
        "south": frozenset(cell_to_hex((c, height - 1)) for c in range(width)),
        "west": frozenset(cell_to_hex((0, r)) for r in range(height)),
        "east": frozenset(cell_to_hex((width - 1, r)) for r in range(height)),
    }
    return Layout(width, height, frozenset(hexes), frozenset(clouds), frozenset(islands), MappingProxyType(edges))


# ---------------------------------------------------------------- all the data

@dataclass(frozen=True)
class FotPData:
    """All Fighters of the Pacific data, validated, shared by reference."""

    facings: tuple[FacingSpec, ...]
    traits: Mapping[str, TraitSpec]
    aircraft: Mapping[str, AircraftSpec]
    rear_arc: tuple[Hex, ...]
    inventory_aircraft: Mapping[str, int]
    inventory_markers: Mapping[str, int]
    ship_classes: Mapping[str, ShipClassSpec]
    ship_tokens: Mapping[str, ShipTokenSpec]
    aa: AASpec
    barrage: BarrageSpec
    torpedo_run: TorpedoRunSpec
    module_cols: int
    module_rows: int
    modules: Mapping[str, ModuleSpec]
    scenarios: Mapping[str, ScenarioSpec]          # in play order (scenario.number)
    layouts: Mapping[str, Layout] = field(repr=False)

    def field_of_fire(self, aircraft: str, at: Hex, facing: int) -> tuple[Hex, ...]:
        """The hexes an airplane may shoot into, nearest first (rulebook: Shooting; offsets rotated by facing)."""
        offs = sorted(self.aircraft[aircraft].field_of_fire, key=lambda o: hex_distance((0, 0), tuple(o)))
        return tuple(add(at, rotate(tuple(o), facing)) for o in offs)

    def aa_field(self, at: Hex, facing: int = 0) -> tuple[Hex, ...]:
        """An AA's field: its own hex and the six around it (rulebook: Anti-aircraft defenses)."""
        return tuple(add(at, rotate(tuple(o), facing)) for o in self.aa.field_of_fire)

    def layout(self, scenario: str) -> Layout:
        """The board a scenario builds (rulebook: Modular board; scenarios.toml boards)."""
        return self.layouts[scenario]

    def ship_class_of(self, placement: ShipPlacement) -> ShipClassSpec:
        """The class of a placed ship: a carrier token's class, or destroyer (rulebook: Ships)."""
        return self.ship_classes[self.ship_tokens[placement.token].cls if placement.token in self.ship_tokens
                                 else placement.token]

    def zone_hexes(self, scenario: str, zone: str, ships: Mapping[str, tuple[Hex, ...]] | None = None
                   ) -> frozenset[Hex]:
        """Where reinforcements of a zone are placed: an edge's hexes, or a carrier's hexes (now: `ships`, else
        at set-up) and their on-board neighbours (rulebook: Scenario, reinforcements; DATA.md)."""
        lay = self.layouts[scenario]
        if zone in lay.edges:
            return lay.edges[zone]
        ship = zone.removeprefix("carrier:")
        at = (ships or {}).get(ship) or next(p.hexes for p in self.scenarios[scenario].ship if p.id == ship)
        return frozenset(h for x in at for h in (x, *neighbours(x)) if lay.contains(h))

    def torpedo_speed(self, side: str) -> int:
        """Hexes a side's torpedo runs each end of turn (rulebook: Torpedoes)."""
        return getattr(self.torpedo_run, side)

    def barrage_sources(self, scenario: str, side: str) -> int:
        """How many barrage markers a side can place in a turn at most (rulebook: Barrage)."""
        s = self.scenarios[scenario]
        if not s.uses("barrages"):
            return 0
        per_ship = getattr(self.barrage, side)
        n = sum(len(p.cells) if per_ship == "every_segment" else 1 for p in s.ship if p.side == side)
        return n + (sum(1 for g in s.ground_aa if g.side == side) if self.barrage.ground else 0)


# ---------------------------------------------------------------- loading and checks

def _conv(file: str, entry: str, raw: Any, kind: type) -> Any:
    try:
        return msgspec.convert(raw, kind, strict=True)
    except msgspec.ValidationError as err:
        msg = str(err)
        fld = msg.split("at `$.", 1)[1].split("`")[0] if "at `$." in msg else (
            msg.split("`")[1] if "`" in msg else "?")
        raise DataError(file, entry, fld, msg.split(" - at ")[0]) from None


def _load_hexes(raw: dict[str, Any]) -> tuple[FacingSpec, ...]:
    f = "hexes.toml"
    check_field_provenance(f, "(file)", _conv(f, "(file)", {"prov": raw.get("prov")}, _Header))
    facings = tuple(convert_unique(f, "facing", raw.get("facing"), FacingSpec))
    if [x.id for x in facings] != list(range(6)):
        raise DataError(f, "[[facing]]", "id", "facings must be numbered 0-5 in order")
    for x in facings:
        if tuple(x.direction) != DIRECTIONS[x.id]:
            raise DataError(f, _label("facing", x.id, x.id), "direction",
                            f"{list(x.direction)} breaks the convention: facing {x.id} steps {list(DIRECTIONS[x.id])}")
        if x.id and tuple(x.direction) != rotate(tuple(facings[x.id - 1].direction), 1):
            raise DataError(f, _label("facing", x.id, x.id), "direction",
                            "not the previous facing rotated one notch clockwise")
    if raw.get("coordinates") != "axial" or raw.get("cell_layout") != "odd-q" or raw.get("orientation") != "flat-top":
        raise DataError(f, "(file)", "coordinates",
                        "the loader knows only axial coordinates, odd-q cells, flat-top hexes")
    return facings


def _load_aircraft(raw: dict[str, Any]) -> tuple[dict[str, TraitSpec], dict[str, AircraftSpec], tuple[Hex, ...]]:
    f = "aircraft.toml"
    traits = {t.id: t for t in convert_unique(f, "trait", raw.get("trait"), TraitSpec)}
    rear = raw.get("rear_arc")
    if not isinstance(rear, dict):
        raise DataError(f, "[rear_arc]", "rear_arc", "missing table")
    ra = _conv(f, "[rear_arc]", rear, _RearArc)
    check_field_provenance(f, "[rear_arc]", ra)
    for o in ra.offsets:
        if tuple(o) not in DIRECTIONS:
            raise DataError(f, "[rear_arc]", "offsets", f"{list(o)} is not a neighbour offset")
    planes: dict[str, AircraftSpec] = {}
    for i, a in enumerate(convert_unique(f, "aircraft", raw.get("aircraft"), AircraftSpec)):
        label = _label("aircraft", i, a.id)
        for t in a.traits:
            if t not in traits:
                raise DataError(f, label, "traits", f"unknown trait {t!r}; the rulebook knows {sorted(traits)}")
        if len(set(a.traits)) != len(a.traits):
            raise DataError(f, label, "traits", "a trait is listed twice")
        if a.speed < 1 or a.armor not in (1, 2):
            raise DataError(f, label, "speed" if a.speed < 1 else "armor", "speed must be >= 1 MP and armor 1 or 2")
        seen: set[Hex] = set()
        for o in a.field_of_fire:
            if not allowed_fire_offset(tuple(o)):
                raise DataError(f, label, "field_of_fire",
                                f"offset {list(o)} is neither straight ahead (0,-1..-{MAX_FORWARD_RANGE}) "
                                "nor a neighbour")
            if tuple(o) in seen:
                raise DataError(f, label, "field_of_fire", f"offset {list(o)} listed twice")
            seen.add(tuple(o))
        for o in a.ordnance:
            if o not in ORDNANCE:
                raise DataError(f, label, "ordnance", f"unknown ordnance {o!r}; known {list(ORDNANCE)}")
            if ORDNANCE_TRAIT[o] not in a.traits:
                raise DataError(f, label, "ordnance", f"{o!r} needs the trait {ORDNANCE_TRAIT[o]!r}")
        planes[a.id] = a
    return traits, planes, tuple(tuple(o) for o in ra.offsets)


def _load_tokens(raw: dict[str, Any], planes: Mapping[str, AircraftSpec]) -> tuple[dict[str, int], dict[str, int]]:
    f = "tokens.toml"
    t = _conv(f, "(file)", raw, _Tokens)
    check_field_provenance(f, "(file)", t)
    if set(t.aircraft) != set(planes):
        raise DataError(f, "[aircraft]", ", ".join(sorted(set(t.aircraft) ^ set(planes))),
                        "the counts must name exactly the airplane types of aircraft.toml")
    need = {"destroyer", "torpedo", "bomb", "aa", "objective", "barrage", "reinforcement", "damage"}
    if need - set(t.markers):
        raise DataError(f, "[markers]", sorted(need - set(t.markers))[0], "missing count")
    for k, v in (*t.aircraft.items(), *t.markers.items()):
        if v < 0:
            raise DataError(f, "[aircraft]" if k in t.aircraft else "[markers]", k, "a count cannot be negative")
    return dict(t.aircraft), dict(t.markers)


def _load_ships(raw: dict[str, Any]) -> tuple[dict[str, ShipClassSpec], dict[str, ShipTokenSpec], AASpec,
                                              BarrageSpec, TorpedoRunSpec]:
    f = "ships.toml"
    classes = {c.id: c for c in convert_unique(f, "ship_class", raw.get("ship_class"), ShipClassSpec)}
    for i, c in enumerate(classes.values()):
        label = _label("ship_class", i, c.id)
        if len(c.segments) not in (2, 3):
            raise DataError(f, label, "segments", "a ship has 2 (destroyer) or 3 (carrier) segments")
        if not set(c.moves) <= {-1, 0, 1} or not c.moves:
            raise DataError(f, label, "moves", "moves are -1 (left), 0 (ahead), +1 (right)")
        for fld in ("stops_when_hit", "launch_needs"):
            bad = [s for s in getattr(c, fld) if s not in c.segments]
            if bad:
                raise DataError(f, label, fld, f"unknown segment {bad[0]!r}")
    if set(classes) != {"destroyer", "carrier"}:
        raise DataError(f, "[[ship_class]]", "id", "the classes are exactly 'destroyer' and 'carrier'")
    tokens = {s.id: s for s in convert_unique(f, "ship", raw.get("ship"), ShipTokenSpec)}
    for i, s in enumerate(tokens.values()):
        if s.cls not in classes:
            raise DataError(f, _label("ship", i, s.id), "cls", f"unknown ship class {s.cls!r}")
        if s.id == "destroyer":
            raise DataError(f, _label("ship", i, s.id), "id", "'destroyer' names the anonymous destroyer tokens")
    out = []
    for key, kind in (("aa", AASpec), ("barrage", BarrageSpec), ("torpedo_run", TorpedoRunSpec)):
        if not isinstance(raw.get(key), dict):
            raise DataError(f, f"[{key}]", key, "missing table")
        spec = _conv(f, f"[{key}]", raw[key], kind)
        check_field_provenance(f, f"[{key}]", spec)
        out.append(spec)
    aa = out[0]
    for o in aa.field_of_fire:
        if hex_distance((0, 0), tuple(o)) > 1:
            raise DataError(f, "[aa]", "field_of_fire", f"offset {list(o)} is beyond the adjacent hexes")
    return classes, tokens, out[0], out[1], out[2]


def _load_boards(raw: dict[str, Any]) -> tuple[int, int, dict[str, ModuleSpec]]:
    f = "boards.toml"
    head = _conv(f, "(file)", {k: raw.get(k) for k in ("prov", "module_cols", "module_rows")}, _BoardsHead)
    check_field_provenance(f, "(file)", head)
    if head.module_cols < 2 or head.module_cols % 2 or head.module_rows < 1:
        raise DataError(f, "(file)", "module_cols", "a module is an even number (>= 2) of columns wide")
    modules = {m.id: m for m in convert_unique(f, "module", raw.get("module"), ModuleSpec)}
    want = {f"{x}{n}" for x in MODULE_LETTERS for n in (1, 2)}
    if set(modules) != want:
        raise DataError(f, "[[module]]", "id",
                        f"the modules are A1/A2 ... H1/H2; differs by {sorted(set(modules) ^ want)}")
    for i, m in enumerate(modules.values()):
        label = _label("module", i, m.id)
        for fld in ("clouds", "islands"):
            for c in getattr(m, fld):
                if not (0 <= c[0] < head.module_cols and 0 <= c[1] < head.module_rows):
                    raise DataError(f, label, fld, f"cell {list(c)} is outside the "
                                                   f"{head.module_cols} x {head.module_rows} module")
        both = set(map(tuple, m.clouds)) & set(map(tuple, m.islands))
        if both:
            raise DataError(f, label, "islands", f"cell {list(sorted(both)[0])} is both cloud and island")
    return head.module_cols, head.module_rows, modules


def _check_scenario(s: ScenarioSpec, label: str, d: dict[str, Any]) -> Layout:
    """Cross-checks of one scenario against the other files; returns its board."""
    f = "scenarios.toml"
    for r in s.rules:
        if r not in RULE_ORDER:
            raise DataError(f, label, "rules", f"unknown rule set {r!r}; known {list(RULE_ORDER)}")
    if not s.boards or any(len(row) != len(s.boards[0]) for row in s.boards) or not s.boards[0]:
        raise DataError(f, label, "boards", "the modules must form a full rectangle of rows")
    letters: set[str] = set()
    for row in s.boards:
        for face in row:
            if face not in d["modules"]:
                raise DataError(f, label, "boards", f"unknown module face {face!r}")
            if face[0] in letters:
                raise DataError(f, label, "boards", f"module {face[0]} is used twice (a module shows one face)")
            letters.add(face[0])
    lay = build_layout(s.boards, d["modules"], d["cols"], d["rows"])
    if s.end_turn < 1:
        raise DataError(f, label, "end_turn", "the game lasts at least one turn")
    if lay.islands and not s.uses("islands"):
        raise DataError(f, label, "boards", "the boards show islands but the 'islands' rules are not in use")
    planes: Mapping[str, AircraftSpec] = d["aircraft"]
    used = {k: 0 for k in planes}
    ordnance = {o: 0 for o in ORDNANCE}
    occupied: dict[tuple[Hex, str], str] = {}

    def check_plane(where: str, side: str, aircraft: str, facing: int, ordn: str) -> None:
        if aircraft not in planes:
            raise DataError(f, where, "aircraft", f"unknown aircraft {aircraft!r}; known {sorted(planes)}")
        a = planes[aircraft]
        if a.side != side:
            raise DataError(f, where, "side", f"{a.name} flies for {a.side}, not {side}")
        if not 0 <= facing <= 5:
            raise DataError(f, where, "facing", f"facing {facing} is not 0-5")
        if not a.is_fighter and not s.uses("bombers"):
            raise DataError(f, where, "aircraft", f"{a.name} is a bomber but the 'bombers' rules are not in use")
        if ordn:
            if ordn not in a.ordnance:
                raise DataError(f, where, "ordnance", f"{a.name} cannot carry {ordn!r} (it carries {list(a.ordnance)})")
            if not s.uses(ORDNANCE_RULE[ordn]):
                raise DataError(f, where, "ordnance", f"{ordn!r} needs the {ORDNANCE_RULE[ordn]!r} rules in use")

    for k, fl in enumerate(s.flight):
        where = f"{label} flight #{k + 1}"
        check_plane(where, fl.side, fl.aircraft, fl.facing, fl.ordnance)
        for c in fl.cells:
            h = cell_to_hex(c)
            if not lay.contains(h):
                raise DataError(f, where, "cells", f"start cell {list(c)} is off the {lay.cols} x {lay.rows} board")
            if (h, fl.altitude) in occupied:
                raise DataError(f, where, "cells",
                                f"cell {list(c)} already holds an airplane at {fl.altitude} altitude "
                                f"({occupied[(h, fl.altitude)]})")
            occupied[(h, fl.altitude)] = where
        used[fl.aircraft] += len(fl.cells)
        if fl.ordnance:
            ordnance[fl.ordnance] += len(fl.cells)
    ship_hexes: dict[Hex, str] = {}
    ids: set[str] = set()
    destroyers = 0
    carriers: dict[str, ShipPlacement] = {}
    for k, p in enumerate(s.ship):
        where = f"{label} ship #{k + 1} ({p.id!r})"
        if p.id in ids:
            raise DataError(f, where, "id", f"duplicate ship id {p.id!r}")
        ids.add(p.id)
        if p.token == "destroyer":
            cls = d["ship_classes"]["destroyer"]
            destroyers += 1
        elif p.token in d["ship_tokens"]:
            tok = d["ship_tokens"][p.token]
            if tok.side != p.side:
                raise DataError(f, where, "side", f"{tok.name} sails for {tok.side}")
            if p.token in {c.token for c in carriers.values()}:
                raise DataError(f, where, "token", f"the box holds one {tok.name} token")
            cls = d["ship_classes"][tok.cls]
            carriers[p.id] = p
        else:
            raise DataError(f, where, "token", f"unknown ship token {p.token!r}")
        if not s.uses("aa"):
            raise DataError(f, where, "token", "every ship carries AA: the 'aa' rules must be in use")
        if len(p.cells) != len(cls.segments):
            raise DataError(f, where, "cells", f"a {cls.id} covers {len(cls.segments)} hexes, got {len(p.cells)}")
        hexes = p.hexes
        for a, b in zip(hexes, hexes[1:]):
            if hex_distance(a, b) != 1:
                raise DataError(f, where, "cells",
                                f"segments {list(hex_to_cell(a))} and {list(hex_to_cell(b))} are not adjacent")
        if len(set(hexes)) != len(hexes):
            raise DataError(f, where, "cells", "two segments on one hex")
        for c, h in zip(p.cells, hexes):
            if not lay.is_water(h):
                what = "island" if lay.contains(h) else "off the board"
                raise DataError(f, where, "cells", f"cell {list(c)} is {what}")
            if h in ship_hexes:
                raise DataError(f, where, "cells", f"cell {list(c)} overlaps ship {ship_hexes[h]!r}")
            ship_hexes[h] = p.id
    for fld in ("ground_aa", "objective"):
        seen: set[Hex] = set()
        for k, site in enumerate(getattr(s, fld)):
            where = f"{label} {fld} #{k + 1}"
            if not s.uses("islands") or (fld == "ground_aa" and not s.uses("aa")):
                raise DataError(f, where, "cell", f"{fld} needs the 'islands' and 'aa' rules in use")
            if not lay.is_island(site.hex):
                raise DataError(f, where, "cell", f"cell {list(site.cell)} is not an island hex")
            if site.hex in seen:
                raise DataError(f, where, "cell", f"two {fld} markers on cell {list(site.cell)}")
            seen.add(site.hex)
    for k, rf in enumerate(s.reinforcement):
        where = f"{label} reinforcement #{k + 1}"
        check_plane(where, rf.side, rf.aircraft, rf.facing, rf.ordnance)
        if not 1 <= rf.turn < s.end_turn:
            raise DataError(f, where, "turn", f"turn {rf.turn} is not before the end turn {s.end_turn}")
        if rf.count < 1:
            raise DataError(f, where, "count", "at least one airplane")
        if rf.zone.startswith("carrier:"):
            ship = carriers.get(rf.zone[len("carrier:"):])
            if ship is None or ship.side != rf.side:
                raise DataError(f, where, "zone", f"{rf.zone!r} names no carrier of {rf.side} in this scenario")
            if not s.uses("ships"):
                raise DataError(f, where, "zone", "carrier launches need the 'ships' rules in use")
        elif rf.zone not in EDGES:
            raise DataError(f, where, "zone", f"zone {rf.zone!r} is not an edge {list(EDGES)} or carrier:<ship id>")
        elif rf.count > len(lay.edges[rf.zone]):
            raise DataError(f, where, "count", f"{rf.count} airplanes do not fit on the {rf.zone} edge")
        used[rf.aircraft] += rf.count
        if rf.ordnance:
            ordnance[rf.ordnance] += rf.count
    if s.exit and s.vp.exit <= 0:
        raise DataError(f, label, "vp", "an exit edge is listed but vp.exit is not positive")
    for fld in VPSpec.__struct_fields__:
        if getattr(s.vp, fld) < 0:
            raise DataError(f, label, "vp", f"vp.{fld} cannot be negative")
    # the box inventory (tokens.toml)
    inv, mk = d["inventory_aircraft"], d["inventory_markers"]
    for k, n in used.items():
        if n > inv[k]:
            raise DataError(f, label, "flight", f"{n} {planes[k].name} needed, the box holds {inv[k]}")
    checks = (("destroyer", destroyers, "ship"), ("torpedo", ordnance["torpedo"], "flight"),
              ("bomb", ordnance["bomb"] + ordnance["dive_bomb"], "flight"),
              ("aa", len(s.ground_aa), "ground_aa"), ("objective", len(s.objective), "objective"),
              ("reinforcement", len({(r.turn, r.side) for r in s.reinforcement}), "reinforcement"))
    for marker, n, fld in checks:
        if n > mk[marker]:
            raise DataError(f, label, fld, f"{n} {marker} tokens needed, the box holds {mk[marker]}")
    if s.uses("barrages"):
        for side in SIDES:
            per_ship = getattr(d["barrage"], side)
            n = sum(len(p.cells) if per_ship == "every_segment" else 1 for p in s.ship if p.side == side)
            n += sum(1 for g in s.ground_aa if g.side == side)
            if n > mk["barrage"]:
                raise DataError(f, label, "ship",
                                f"{side} may fire {n} barrages a turn, the box holds {mk['barrage']} markers")
    return lay


def _load_scenarios(raw: dict[str, Any], d: dict[str, Any]) -> tuple[dict[str, ScenarioSpec], dict[str, Layout]]:
    f = "scenarios.toml"
    items = convert_unique(f, "scenario", raw.get("scenario"), ScenarioSpec)
    layouts: dict[str, Layout] = {}
    for i, s in enumerate(items):
        layouts[s.id] = _check_scenario(s, _label("scenario", i, s.id), d)
    order = sorted(items, key=lambda s: s.number)
    if [s.number for s in order] != list(range(1, len(order) + 1)):
        raise DataError(f, "[[scenario]]", "number", "scenarios must be numbered 1, 2, 3 ... with no gap")
    introduced: list[str] = []
    for s in order:
        label = _label("scenario", items.index(s), s.id)
        missing = [r for r in introduced if r not in s.rules]
        if missing:
            raise DataError(f, label, "rules",
                            f"drops {missing[0]!r}, which an earlier scenario taught (rules are cumulative)")
        introduced += [r for r in RULE_ORDER if r in s.rules and r not in introduced]
        if introduced != list(RULE_ORDER[:len(introduced)]):
            skipped = next(r for r in RULE_ORDER if r not in introduced)
            raise DataError(f, label, "rules", f"introduces {introduced[-1]!r} before {skipped!r} was taught "
                                               f"(the rulebook's order: {', '.join(RULE_ORDER)})")
    return {s.id: s for s in order}, layouts


@lru_cache(maxsize=8)
def _load(folder: str) -> FotPData:
    base = Path(folder)
    raw = {name: read_toml(base / name) for name in FILES}
    facings = _load_hexes(raw["hexes.toml"])
    traits, planes, rear = _load_aircraft(raw["aircraft.toml"])
    inv_air, inv_mk = _load_tokens(raw["tokens.toml"], planes)
    classes, tokens, aa, barrage, torp = _load_ships(raw["ships.toml"])
    cols, rows, modules = _load_boards(raw["boards.toml"])
    ctx = {"modules": modules, "cols": cols, "rows": rows, "aircraft": planes, "ship_classes": classes,
           "ship_tokens": tokens, "inventory_aircraft": inv_air, "inventory_markers": inv_mk, "barrage": barrage}
    scenarios, layouts = _load_scenarios(raw["scenarios.toml"], ctx)
    ro = MappingProxyType
    return FotPData(facings=facings, traits=ro(traits), aircraft=ro(planes), rear_arc=rear,
                    inventory_aircraft=ro(inv_air), inventory_markers=ro(inv_mk), ship_classes=ro(classes),
                    ship_tokens=ro(tokens), aa=aa, barrage=barrage, torpedo_run=torp, module_cols=cols,
                    module_rows=rows, modules=ro(modules), scenarios=ro(scenarios), layouts=ro(layouts))


def load(data_dir: str | Path | None = None) -> FotPData:
    """Load and validate the data folder (default: the package's data/); cached per folder and process."""
    return _load(str(Path(data_dir).resolve()) if data_dir else str(DATA_DIR))
