"""Victory in the Pacific rules data (board, ports and bases, units, schedule) loaded once, frozen, cross-checked.

Four TOML files in data/ (or a folder of the same files given to `load`): game.toml, map.toml, units.toml.
Every value has a provenance: the entry's `prov`, or its `<field>_prov` where that field has its own source;
each starts with "published:" (rulebook or a named published source) or "designed:" (with the reasoning).
See DATA.md for what is designed and why.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TypeVar

import msgspec

from kaisen.engine.data import DataError, check_field_provenance, convert_entries, convert_unique, read_toml
from kaisen.engine.data import entry_label as _label

DATA_DIR = Path(__file__).parent / "data"
FILES = ("game.toml", "map.toml", "units.toml")
PROV_KINDS = ("published", "designed")
GROUPS = ("W", "X", "Y", "Z")
SHIP_TYPES = ("BB", "BC", "CV", "CVL", "CVE", "CA", "CL")
N_AREAS, N_PORTS, N_BASES = 13, 8, 14
T = TypeVar("T")

Side = Literal["japan", "allies"]


# ---------------------------------------------------------------- game.toml

class GameSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Game length (4.7, 19.1) and the POC track's limit (2.5)."""

    last_turn: int
    optional_turn: int
    poc_cap: int
    prov: str
    last_turn_prov: str = ""
    optional_turn_prov: str = ""
    poc_cap_prov: str = ""


# ---------------------------------------------------------------- map.toml

class AreaSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A sea area (2.1): its POC for each side (2.5), the areas it borders, who holds it at the start."""

    id: str
    name: str
    poc_japan: int
    poc_allies: int
    adjacent: tuple[str, ...]
    start: Side
    prov: str
    name_prov: str = ""
    poc_japan_prov: str = ""
    poc_allies_prov: str = ""
    adjacent_prov: str = ""
    start_prov: str = ""

    def poc(self, side: str) -> int:
        """POC the side scores for controlling this area (2.5)."""
        return self.poc_japan if side == "japan" else self.poc_allies


class BaseSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A major port or island base (2.1, 2.2): the sea areas it touches, start control, repair points (11.2)."""

    id: str
    name: str
    kind: Literal["port", "base"]
    touches: tuple[str, ...]
    start: Side
    repair: tuple[int, ...]
    repair_side: Literal["japan", "allies", ""]
    prov: str
    name_prov: str = ""
    kind_prov: str = ""
    touches_prov: str = ""
    start_prov: str = ""
    repair_prov: str = ""
    repair_side_prov: str = ""


# ---------------------------------------------------------------- units.toml

class UnitSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A ship, land-based air unit, amphibious unit or submarine (3.1-3.3) with its arrival (4.4) and removal (4.42)."""

    id: str
    name: str
    side: Side
    nation: Literal["japan", "us", "british", "australian", "dutch"]
    kind: Literal["ship", "lba", "amph", "sub"]
    type: str
    gunnery: int
    gunnery_bonus: bool
    airstrike: int
    airstrike_bonus: bool
    armor: int
    speed: int
    defense: int
    arrive: int
    at: str
    remove: int
    removal_type: str
    prov: str
    name_prov: str = ""
    side_prov: str = ""
    nation_prov: str = ""
    kind_prov: str = ""
    type_prov: str = ""
    gunnery_prov: str = ""
    gunnery_bonus_prov: str = ""
    airstrike_prov: str = ""
    airstrike_bonus_prov: str = ""
    armor_prov: str = ""
    speed_prov: str = ""
    defense_prov: str = ""
    arrive_prov: str = ""
    at_prov: str = ""
    remove_prov: str = ""
    removal_type_prov: str = ""

    @property
    def group(self) -> str:
        """The location-uncertain group letter (18.32), or "" for a unit with a fixed place."""
        return self.at[len("group:"):] if self.at.startswith("group:") else ""

    @property
    def code(self) -> str:
        """The counter's factors as the community writes them: G-A-S (+air), e.g. "1-3-7 (+4)"."""
        if self.kind == "lba":
            return f"{self.airstrike}-{self.defense}*"
        g = f"({self.gunnery})" if self.gunnery_bonus else str(self.gunnery)
        return f"{g}-{self.armor}-{self.speed}" + (f" (+{self.airstrike})" if self.airstrike else "")


# ---------------------------------------------------------------- the loaded data

@dataclass(frozen=True)
class VPData:
    """All Victory in the Pacific data, validated and cross-checked; shared by reference by every state."""

    areas: dict[str, AreaSpec]
    bases: dict[str, BaseSpec]
    units: dict[str, UnitSpec]
    last_turn: int
    optional_turn: int
    poc_cap: int
    game: GameSpec
    _neighbours: dict[str, tuple[str, ...]]
    _touching: dict[str, tuple[str, ...]]
    _arrivals: dict[int, tuple[str, ...]]
    _removals: dict[int, tuple[str, ...]]
    _groups: dict[str, tuple[str, ...]]
    _prov_counts: dict[str, int]

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two sea areas share a border (movement, 6.x)."""
        return b in self._neighbours[_area(self, a)]

    def neighbours(self, area: str) -> tuple[str, ...]:
        """The sea areas bordering an area, in file order."""
        return self._neighbours[_area(self, area)]

    def touching(self, area: str) -> tuple[str, ...]:
        """Ports and bases that are part of a sea area (2.1), in file order."""
        return self._touching[_area(self, area)]

    def repair(self, port: str, turn: int) -> int:
        """Damage points that can be removed at a port on a turn (11.2x); 0 where none."""
        if port not in self.bases:
            raise KeyError(f"{port!r} is not a port or base of Victory in the Pacific")
        r = self.bases[port].repair
        return r[turn - 1] if 1 <= turn <= len(r) else 0

    def arrivals(self, turn: int) -> tuple[str, ...]:
        """Units entering at the start of a turn (4.4); turn 1 is every starting unit, groups W-Z included."""
        return self._arrivals.get(turn, ())

    def removals(self, turn: int) -> tuple[str, ...]:
        """Units listed for removal at the start of a turn (4.4, 4.42)."""
        return self._removals.get(turn, ())

    def group(self, letter: str) -> tuple[str, ...]:
        """The units of a location-uncertain group W, X, Y or Z (4.3, 18.32)."""
        if letter not in GROUPS:
            raise KeyError(f"{letter!r} is not a location-uncertain group (W, X, Y, Z)")
        return self._groups[letter]

    def provenance_counts(self) -> dict[str, int]:
        """How many data values are published and how many designed (each field of each entry is one value)."""
        return dict(self._prov_counts)


def _area(d: VPData, area: str) -> str:
    if area not in d.areas:
        raise KeyError(f"{area!r} is not a sea area of Victory in the Pacific; known: {sorted(d.areas)}")
    return area


# ---------------------------------------------------------------- helpers

def _entries(file: str, table: str, raw: Any, kind: type[T], counts: dict[str, int]) -> list[T]:
    """Convert an array of tables (provenance of every entry and field, no duplicate ids, counted by kind);
    ids are kebab-case."""
    if raw is None:
        raise DataError(file, "(file)", table, f"no [[{table}]] entries")
    items = convert_unique(file, table, raw, kind, kinds=PROV_KINDS, counts=counts)
    for i, item in enumerate(items):
        key = getattr(item, "id")
        if not key or key != key.lower() or " " in key or "_" in key:
            raise DataError(file, _label(table, i, key), "id", f"ids are kebab-case, got {key!r}")
    return items


# ---------------------------------------------------------------- per-file loaders

def _load_game(path: Path, counts: dict[str, int]) -> GameSpec:
    f = path.name
    raw = read_toml(path)
    if not isinstance(raw.get("game"), dict):
        raise DataError(f, "[game]", "game", "expected a [game] table")
    try:
        (game,) = convert_entries(f, "game", [raw["game"]], GameSpec, key="\0")
    except DataError as err:
        raise DataError(f, "[game]", err.field, err.reason) from None
    check_field_provenance(f, "[game]", game, PROV_KINDS, counts)
    if game.last_turn < 1:
        raise DataError(f, "[game]", "last_turn", "must be at least 1 (4.7)")
    if game.optional_turn != game.last_turn + 1:
        raise DataError(f, "[game]", "optional_turn", "the optional turn follows the last turn (4.7, 19.1)")
    if game.poc_cap < 1:
        raise DataError(f, "[game]", "poc_cap", "must be at least 1 (2.5)")
    return game


def _load_map(path: Path, n_turns: int, counts: dict[str, int]) -> tuple[dict[str, AreaSpec], dict[str, BaseSpec]]:
    f = path.name
    raw = read_toml(path)
    areas = _entries(f, "area", raw.get("area"), AreaSpec, counts)
    by_area = {a.id: a for a in areas}
    if len(areas) != N_AREAS:
        raise DataError(f, "(file)", "area", f"the board has {N_AREAS} sea areas (2.1), found {len(areas)}")
    for i, a in enumerate(areas):
        label = _label("area", i, a.id)
        for field in ("poc_japan", "poc_allies"):
            if not 0 <= getattr(a, field) <= 9:
                raise DataError(f, label, field, f"POC per area must be 0..9, got {getattr(a, field)}")
        if not a.adjacent:
            raise DataError(f, label, "adjacent", "a sea area must border at least one other")
        for b in a.adjacent:
            if b not in by_area:
                raise DataError(f, label, "adjacent", f"unknown sea area {b!r}")
            if b == a.id:
                raise DataError(f, label, "adjacent", "an area cannot border itself")
            if a.id not in by_area[b].adjacent:
                raise DataError(f, label, "adjacent", f"{b!r} is listed here but {b!r} does not list {a.id!r}: adjacency must be symmetric")
        if len(set(a.adjacent)) != len(a.adjacent):
            raise DataError(f, label, "adjacent", "an area is listed twice")

    bases = _entries(f, "base", raw.get("base"), BaseSpec, counts)
    clash = sorted(set(by_area) & {b.id for b in bases})
    if clash:
        raise DataError(f, "(file)", "id", f"a base may not share an id with a sea area: {clash}")
    for i, b in enumerate(bases):
        label = _label("base", i, b.id)
        if not b.touches:
            raise DataError(f, label, "touches", "a port or base must touch at least one sea area (2.1)")
        for a in b.touches:
            if a not in by_area:
                raise DataError(f, label, "touches", f"unknown sea area {a!r}")
        if len(b.touches) > 3:
            raise DataError(f, label, "touches", "a port or base lies on the border of at most three areas (2.1)")
        for x in b.touches:
            for y in b.touches:
                if x != y and y not in by_area[x].adjacent:
                    raise DataError(f, label, "touches", f"touches {x!r} and {y!r}, which do not border each other")
        if b.repair and len(b.repair) != n_turns:
            raise DataError(f, label, "repair", f"list repair points for every turn 1..{n_turns}, or none")
        if any(r < 0 for r in b.repair):
            raise DataError(f, label, "repair", "repair points cannot be negative")
        if b.repair and b.kind != "port":
            raise DataError(f, label, "repair", "only major ports list repair points (11.2)")
        if bool(b.repair) != bool(b.repair_side):
            raise DataError(f, label, "repair_side", "name the side exactly when the port lists repair points (11.21-11.23)")
    n_ports = sum(1 for b in bases if b.kind == "port")
    n_bases = len(bases) - n_ports
    if (n_ports, n_bases) != (N_PORTS, N_BASES):
        raise DataError(f, "(file)", "kind", f"the board has {N_PORTS} major ports and {N_BASES} island bases (2.1), "
                                             f"found {n_ports} and {n_bases}")
    # the four bases whose borders the rulebook states (2.1, 2.11, 2.12)
    by_base = {b.id: (i, b) for i, b in enumerate(bases)}
    for bid, want, rule in (("lae", {"south-pacific", "indonesia"}, "2.11"),
                            ("port-moresby", {"indian-ocean", "coral-sea"}, "2.11"),
                            ("the-philippines", {"indonesia", "marianas-islands"}, "2.12"),
                            ("guadalcanal", {"south-pacific", "coral-sea"}, "2.1")):
        if bid not in by_base:
            raise DataError(f, "(file)", "base", f"{bid!r} is missing (rule {rule})")
        i, b = by_base[bid]
        if set(b.touches) != want:
            raise DataError(f, _label("base", i, bid), "touches", f"rule {rule}: touches exactly {sorted(want)}, got {sorted(b.touches)}")
    return by_area, {b.id: b for b in bases}


def _load_units(path: Path, areas: dict[str, AreaSpec], bases: dict[str, BaseSpec], n_turns: int,
                counts: dict[str, int]) -> dict[str, UnitSpec]:
    f = path.name
    raw = read_toml(path)
    units = _entries(f, "unit", raw.get("unit"), UnitSpec, counts)
    for i, u in enumerate(units):
        label = _label("unit", i, u.id)
        if (u.side == "japan") != (u.nation == "japan"):
            raise DataError(f, label, "nation", f"nation {u.nation!r} does not fight for {u.side!r}")
        for field in ("gunnery", "airstrike", "armor", "speed", "defense"):
            if not 0 <= getattr(u, field) <= 9:
                raise DataError(f, label, field, f"factors are 0..9, got {getattr(u, field)}")
        if u.kind == "ship":
            if u.type not in SHIP_TYPES:
                raise DataError(f, label, "type", f"ship type must be one of {SHIP_TYPES}, got {u.type!r}")
            if not 1 <= u.speed <= 8:
                raise DataError(f, label, "speed", f"a ship's speed is 1..8 (6.4), got {u.speed}")
            if u.defense:
                raise DataError(f, label, "defense", "only land-based air has a defense factor (3.3)")
            if u.gunnery + u.airstrike == 0:
                raise DataError(f, label, "gunnery", "a ship needs a gunnery or an airstrike factor")
            if u.airstrike and u.type not in ("CV", "CVL", "CVE"):
                raise DataError(f, label, "airstrike", f"only carriers have an airstrike factor, not a {u.type}")
            if u.type in ("CV", "CVL", "CVE") and not u.airstrike:
                raise DataError(f, label, "airstrike", "a carrier needs an airstrike factor")
        else:
            if u.type:
                raise DataError(f, label, "type", f"only ships have a type; leave it empty for a {u.kind}")
            if u.kind == "lba":
                if u.defense < 1 or u.airstrike < 1:
                    raise DataError(f, label, "defense", "a land-based air unit needs airstrike and defense factors (3.3)")
                if u.gunnery or u.armor or u.speed or u.gunnery_bonus or u.airstrike_bonus:
                    raise DataError(f, label, "gunnery", "land-based air has only airstrike and defense (3.3, 12.21)")
            elif u.kind == "amph":
                if u.armor < 1:
                    raise DataError(f, label, "armor", "an amphibious unit needs an armor factor (its invasion shots, 22.2)")
                if u.defense or u.airstrike:
                    raise DataError(f, label, "defense", "an amphibious unit has no airstrike or defense")
            elif u.kind == "sub":
                if (u.gunnery, u.gunnery_bonus) != (1, True) or u.airstrike or u.armor or u.speed or u.defense:
                    raise DataError(f, label, "gunnery", "a submarine is stored as one shot with the bonus (7.91): gunnery 1, circled, nothing else")
        if not 1 <= u.arrive <= n_turns:
            raise DataError(f, label, "arrive", f"arrival turn must be 1..{n_turns} (3.1), got {u.arrive}")
        # where it starts or enters
        if u.group:
            if u.group not in GROUPS:
                raise DataError(f, label, "at", f"unknown location-uncertain group {u.group!r}; groups are {GROUPS}")
            if u.side != "allies" or u.arrive != 1:
                raise DataError(f, label, "at", "only Allied starting forces are in groups W-Z (4.3, 18.32)")
        elif u.at in areas:
            if u.side != "allies" or u.arrive != 1:
                raise DataError(f, label, "at", "only Allied starting forces begin at sea (3.1 letters H, U, C, B, I)")
        elif u.at in bases:
            if u.arrive > 1 and bases[u.at].kind != "port":
                raise DataError(f, label, "at", f"reinforcements enter at major ports (4.4), not the base {u.at!r}")
            if u.arrive == 1 and bases[u.at].start != u.side:
                raise DataError(f, label, "at", f"{u.at!r} starts under the other side's control")
        else:
            raise DataError(f, label, "at", f"unknown place {u.at!r}: give a port/base id, a sea-area id or group:W..Z")
        if u.side == "japan" and u.arrive == 1 and u.at != "yokosuka":
            raise DataError(f, label, "at", "every Japanese turn-1 unit starts at Yokosuka (4.2)")
        if u.remove:
            if not u.arrive < u.remove <= n_turns:
                raise DataError(f, label, "remove", f"removal turn must follow arrival ({u.arrive}) and be at most {n_turns}")
            if u.nation in ("us", "australian", "dutch"):
                raise DataError(f, label, "remove", "US, Australian and Dutch ships are never removed (4.42)")
        if u.remove and u.nation == "british" and not u.removal_type:
            raise DataError(f, label, "removal_type", "a British ship listed for removal needs its removal type (4.42)")
    by_id = {u.id: u for u in units}
    for letter in GROUPS:
        if not any(u.group == letter for u in units):
            raise DataError(f, "(file)", "at", f"location-uncertain group {letter} has no units (4.3, 18.32)")
    return by_id


@lru_cache(maxsize=8)
def load(path: str | None = None) -> VPData:
    """Load, validate and cross-check the data files (optionally from another folder); cached, so shared."""
    d = Path(path) if path is not None else DATA_DIR
    counts = {k: 0 for k in PROV_KINDS}
    game = _load_game(d / "game.toml", counts)
    n_turns = game.optional_turn
    areas, bases = _load_map(d / "map.toml", n_turns, counts)
    units = _load_units(d / "units.toml", areas, bases, n_turns, counts)
    neighbours = {a: spec.adjacent for a, spec in areas.items()}
    touching = {a: tuple(b.id for b in bases.values() if a in b.touches) for a in areas}
    arrivals: dict[int, tuple[str, ...]] = {}
    removals: dict[int, tuple[str, ...]] = {}
    for t in range(1, n_turns + 1):
        arrivals[t] = tuple(u.id for u in units.values() if u.arrive == t)
        removals[t] = tuple(u.id for u in units.values() if u.remove == t)
    groups = {g: tuple(u.id for u in units.values() if u.group == g) for g in GROUPS}
    return VPData(
        areas=areas, bases=bases, units=units, last_turn=game.last_turn, optional_turn=game.optional_turn,
        poc_cap=game.poc_cap, game=game, _neighbours=neighbours, _touching=touching, _arrivals=arrivals,
        _removals=removals, _groups=groups, _prov_counts=counts,
    )
