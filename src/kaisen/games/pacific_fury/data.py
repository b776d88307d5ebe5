"""Pacific Fury rules data (ships, map, Initiative Track, Event Tables) loaded once into frozen specs."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

import msgspec

from kaisen.engine.data import DataError, check_provenance, convert_entries, read_toml

DATA_DIR = Path(__file__).parent / "data"
SIDES = ("japan", "usa")
SHIP_TYPES = ("CV", "CVL", "BB", "CA", "AP", "TE")


class ShipSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A ship unit counter (2.2.1): shared by reference by every state."""

    id: str
    name: str
    side: Literal["japan", "usa"]
    type: Literal["CV", "CVL", "BB", "CA", "AP", "TE"]
    cf: int
    icons: int
    df: int
    start: str
    prov: str

    @property
    def is_carrier(self) -> bool:
        return self.type in ("CV", "CVL")

    @property
    def is_transport(self) -> bool:
        """Transports units and the Tokyo Express (which one hit sinks outright, 10.7)."""
        return self.type in ("AP", "TE")


class ZoneSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    surface: bool
    prov: str


class BaseSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    side: Literal["japan", "usa"]
    name: str
    sortie_zone: str
    prov: str


class EventSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    side: Literal["japan", "usa"]
    id: str
    name: str
    faces: list[int]
    repeatable: bool
    prov: str


@dataclass(frozen=True)
class PFData:
    """All Pacific Fury data, validated."""

    ships: dict[str, ShipSpec]
    order: tuple[str, ...]
    zones: dict[str, ZoneSpec]
    adjacent: dict[str, frozenset[str]]
    bases: dict[str, BaseSpec]
    marker_start: int
    max_box: int
    icons: tuple[int, ...]
    events: dict[str, tuple[EventSpec, ...]]

    # Static unit sets, made on first use and kept on the data set (a frozen dataclass: cached_property writes
    # the instance's __dict__ directly); the combat procedures read them instead of a ShipSpec property per ship.
    @cached_property
    def carriers(self) -> frozenset[str]:
        """The ids of the carriers (CV and CVL: ShipSpec.is_carrier)."""
        return frozenset(u for u, sp in self.ships.items() if sp.is_carrier)

    @cached_property
    def transports(self) -> tuple[str, ...]:
        """The ids of the Transports units and the Tokyo Express (ShipSpec.is_transport), in the data's order."""
        return tuple(u for u in self.order if self.ships[u].is_transport)

    def event_for(self, side: str, face: int) -> EventSpec:
        for ev in self.events[side]:
            if face in ev.faces:
                return ev
        raise KeyError(face)


def _ships(path: Path) -> list[ShipSpec]:
    raw = read_toml(path)
    ships = convert_entries(path.name, "ship", raw.get("ship"), ShipSpec)
    seen: set[str] = set()
    te = 0
    for i, s in enumerate(ships):
        entry = f"ship #{i + 1} ({s.id!r})"
        if s.id in seen:
            raise DataError(path.name, entry, "id", "duplicate id")
        seen.add(s.id)
        for field in ("cf", "icons", "df"):
            if not 0 <= getattr(s, field) <= 6:
                raise DataError(path.name, entry, field, f"must be 0..6, got {getattr(s, field)}")
        if s.is_carrier != (s.icons > 0):
            raise DataError(path.name, entry, "icons", "carriers (CV/CVL) and only carriers have aircraft icons")
        if s.type == "CV" and s.icons != 2 or s.type == "CVL" and s.icons != 1:
            raise DataError(path.name, entry, "icons", "a CV has two aircraft icons and a CVL one (2.2.1)")
        if s.type == "CVL" and s.side != "japan":
            raise DataError(path.name, entry, "type", "only the Japanese have CVL (2.2.1)")
        ok_start = s.start in ("base", "reserve", "transports", "marker") or (
            s.start.startswith("track:") and s.start[6:].isdigit() and 2 <= int(s.start[6:]) <= 4)
        if not ok_start:
            raise DataError(path.name, entry, "start",
                            f"{s.start!r}: allowed base, reserve, transports, marker, track:2..track:4")
        if s.start == "reserve" and s.side != "japan":
            raise DataError(path.name, entry, "start", "only the Japanese have a Reserve box (3.1)")
        if (s.type == "AP") != (s.start == "transports"):
            raise DataError(path.name, entry, "start", "Transports units (type AP) and only they start as 'transports'")
        te += s.type == "TE"
    if te != 1:
        raise DataError(path.name, "(file)", "type", f"exactly one Tokyo Express (type TE) is needed, found {te}")
    for side in SIDES:
        if sum(1 for s in ships if s.side == side and s.type == "AP") != 2:
            raise DataError(path.name, "(file)", "type", f"{side} needs exactly two Transports units (type AP)")
    return ships


@lru_cache(maxsize=8)
def load(ships_file: str | None = None) -> PFData:
    """Load and validate the data files (optionally a replacement ships file); cached, so shared."""
    ships = _ships(Path(ships_file) if ships_file else DATA_DIR / "ships.toml")

    mp = DATA_DIR / "map.toml"
    raw = read_toml(mp)
    zones = convert_entries(mp.name, "zone", raw.get("zone"), ZoneSpec)
    zone_ids = {z.id for z in zones}
    adjacent: dict[str, set[str]] = {z: set() for z in zone_ids}
    for i, pair in enumerate(raw.get("adjacent", [])):
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in zone_ids for p in pair)):
            raise DataError(mp.name, f"adjacent #{i + 1}", "adjacent", f"{pair!r}: a pair of zone ids {sorted(zone_ids)}")
        adjacent[pair[0]].add(pair[1])
        adjacent[pair[1]].add(pair[0])
    bases = convert_entries(mp.name, "base", raw.get("base"), BaseSpec, key="side")
    for i, b in enumerate(bases):
        if b.sortie_zone not in zone_ids:
            raise DataError(mp.name, f"base #{i + 1}", "sortie_zone", f"{b.sortie_zone!r} is not a zone {sorted(zone_ids)}")

    ini = DATA_DIR / "initiative.toml"
    raw = read_toml(ini)
    for key in ("start", "max_box"):
        if not isinstance(raw.get(key), int):
            raise DataError(ini.name, "(track)", key, "an integer is required")
    icons = raw.get("icons")
    if not (isinstance(icons, list) and len(icons) == raw["max_box"] + 1 and all(isinstance(x, int) and x >= 0 for x in icons)):
        raise DataError(ini.name, "(track)", "icons", f"a list of {raw['max_box'] + 1} non-negative integers (boxes 0..max_box)")
    if abs(raw["start"]) > raw["max_box"]:
        raise DataError(ini.name, "(track)", "start", "must lie on the track")
    for key in ("start_prov", "max_box_prov", "icons_prov"):
        check_provenance(ini.name, "(track)", raw.get(key))

    evf = DATA_DIR / "events.toml"
    evs = convert_entries(evf.name, "event", read_toml(evf).get("event"), EventSpec)
    events = {side: tuple(e for e in evs if e.side == side) for side in SIDES}
    for side in SIDES:
        faces = sorted(f for e in events[side] for f in e.faces)
        if faces != [1, 2, 3, 4, 5, 6]:
            raise DataError(evf.name, f"{side} events", "faces", f"must cover 1..6 exactly once, got {faces}")

    return PFData(
        ships={s.id: s for s in ships}, order=tuple(s.id for s in ships), zones={z.id: z for z in zones},
        adjacent={k: frozenset(v) for k, v in adjacent.items()}, bases={b.side: b for b in bases},
        marker_start=raw["start"], max_box=raw["max_box"], icons=tuple(icons), events=events,
    )
