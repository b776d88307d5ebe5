"""Nights of Fury rules data (ship cards, charts, commanders, events, land, scenarios, campaign charts).

Seven TOML files in data/ (or a folder of the same files given to `load`), loaded once into frozen specs
and cross-checked; every error is a DataError naming file, entry, field and the problem. Every value has
a provenance: the entry's `prov` or its `<field>_prov`, starting "rulebook", "published" or "designed".
DATA.md says which tables are designed and how. The lookup methods of NoFData are what the rules engine
calls; each cites the rule it serves.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, Mapping, TypeVar

import msgspec

from kaisen.engine.data import DataError, check_field_provenance, convert_entries, convert_unique, read_toml
from kaisen.engine.data import entry_label as _label

DATA_DIR = Path(__file__).parent / "data"
FILES = ("ships.toml", "tables.toml", "commanders.toml", "events.toml", "land.toml", "scenarios.toml",
         "campaign.toml")
NAVIES = ("usn", "ijn")
SHIP_TYPES = ("BB", "CA", "CL", "DD", "PT")
MISSIONS = ("attack", "transport", "supply", "bombardment", "patrol")
ENV_KINDS = ("light", "weather", "visibility", "sea")
INTEL_LEVELS = ("minimum", "poor", "fair", "good", "excellent")
EVENT_KINDS = ("none", "fire", "structure", "flotation", "speed", "gunnery", "torpedo", "torpedo_damage",
               "radar_out", "hold", "detach", "reveal", "illuminate", "detection", "initiative", "combat",
               "reload", "weather", "visibility")
D66 = tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))
FACES = (1, 2, 3, 4, 5, 6)
T = TypeVar("T")

Navy = Literal["usn", "ijn"]


class _Spec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# ---------------------------------------------------------------- ships.toml

class GunSpec(_Spec):
    """A gun type: the inputs of the FirePower formula (ships.toml header)."""
    id: str
    name: str
    shell_lb: int
    rpm: float
    prov: str


class ShipClass(_Spec):
    """A ship card: batteries, Defense, Size, Speed, torpedo mounts, radar, damage boxes (D.3-D.7, F)."""
    id: str
    name: str
    navy: Navy
    type: Literal["BB", "CA", "CL", "DD", "PT"]
    members: str
    knots: float
    displacement: int
    belt_mm: int
    defense: int
    size: int
    speed: int
    structure: int
    flotation: int
    vp: int
    main_gun: str
    main_guns: int
    main_fp: int
    secondary_gun: str
    secondary_guns: int
    secondary_fp: int
    torpedo: str
    mounts: int
    per_mount: int
    reloads: int
    radar_s: int
    radar_f: int
    radar_sets: str
    prov: str
    name_prov: str = ""
    navy_prov: str = ""
    type_prov: str = ""
    members_prov: str = ""
    knots_prov: str = ""
    displacement_prov: str = ""
    belt_mm_prov: str = ""
    defense_prov: str = ""
    size_prov: str = ""
    speed_prov: str = ""
    structure_prov: str = ""
    flotation_prov: str = ""
    vp_prov: str = ""
    main_gun_prov: str = ""
    main_guns_prov: str = ""
    main_fp_prov: str = ""
    secondary_gun_prov: str = ""
    secondary_guns_prov: str = ""
    secondary_fp_prov: str = ""
    torpedo_prov: str = ""
    mounts_prov: str = ""
    per_mount_prov: str = ""
    reloads_prov: str = ""
    radar_s_prov: str = ""
    radar_f_prov: str = ""
    radar_sets_prov: str = ""


class ShipSpec(_Spec):
    """A named ship: its class; radar -1 keeps the class's radar."""
    id: str
    name: str
    # `class` is a Python keyword: the TOML key is "class"
    cls: str = msgspec.field(name="class")
    flag: Literal["USN", "RAN", "IJN"] = "USN"
    radar_s: int = -1
    radar_f: int = -1
    prov: str = ""
    radar_s_prov: str = ""
    radar_f_prov: str = ""


# ---------------------------------------------------------------- tables.toml

class BoardSpec(_Spec):
    bands: int
    edges: list[int]
    prov: str


class TorpedoSpec(_Spec):
    """A torpedo type: Type 93 or not, Damage Rating (D.6), reach in bands."""
    id: str
    name: str
    type93: bool
    warhead_kg: int
    damage_rating: int
    max_bands: int
    prov: str
    type93_prov: str = ""
    warhead_kg_prov: str = ""
    damage_rating_prov: str = ""
    max_bands_prov: str = ""


class Modifier(_Spec):
    id: str
    value: int
    prov: str


class BatteryRange(_Spec):
    id: Literal["main", "secondary"]
    max_bands: int
    prov: str


class DetectionSpec(_Spec):
    spotted_min: int
    identified_min: int
    max_bands: int
    mistaken_max: int
    prov: str


class BandModifier(_Spec):
    bands: int
    modifier: int
    prov: str
    name: str = ""


class EnvironmentSpec(_Spec):
    kind: Literal["light", "weather", "visibility", "sea"]
    id: str
    detection: int
    gunnery: int
    torpedo: int
    prov: str
    detection_prov: str = ""
    gunnery_prov: str = ""
    torpedo_prov: str = ""


class IntelligenceSpec(_Spec):
    id: str
    detection: int
    turns: int
    knows: Literal["nothing", "count", "capital", "types"]
    prov: str


class InitiativeSpec(_Spec):
    surprise_turns: int
    prov: str


class MovementSpec(_Spec):
    cycle: int
    prov: str


class MovementRow(_Spec):
    speed: int
    turns: list[bool]
    prov: str


class DamageAllocation(_Spec):
    attack: Literal["gunnery", "torpedo"]
    faces: list[int]
    structure: int
    flotation: int
    fire_check: bool
    prov: str
    fire_check_prov: str = ""


class FireSpec(_Spec):
    starts_on: list[int]
    burn_structure: int
    detection_night: int
    prov: str
    starts_on_prov: str = ""


class DamageEffects(_Spec):
    firepower_per_structure: int
    speed_per_flotation: int
    structure_full: str
    flotation_full: str
    searchlight_lost_structure: int
    land_unit_destroyed: int
    heavily_damaged_fraction: float
    prov: str
    searchlight_lost_structure_prov: str = ""
    land_unit_destroyed_prov: str = ""


class DetachCheck(_Spec):
    trigger_fraction: float
    fail_max: int
    prov: str


class TorpedoHits(_Spec):
    min_diff: int
    hits: int
    prov: str


class TorpedoDamage(_Spec):
    extra_hit_bonus: int
    reload_turns: int
    prov: str
    reload_turns_prov: str = ""


class TorpedoAllowance(_Spec):
    bands: int
    first_turn: int
    every: int
    prov: str


class DisengageRow(_Spec):
    min_speed: int
    max_speed: int
    needed: int
    prov: str


class DamageControl(_Spec):
    navy: Navy
    eligible_max: int
    prov: str


class FacesResult(_Spec):
    faces: list[int]
    result: str
    prov: str


class CommanderDeath(_Spec):
    min_structure: int
    max_structure: int
    killed_max: int
    prov: str


class CommanderRules(_Spec):
    killed_rating: int
    max_gain: int
    prov: str


class ExperienceRow(_Spec):
    min_total: int
    result: Literal["none", "random", "choice"]
    prov: str


class ExperienceTrait(_Spec):
    faces: list[int]
    trait: Literal["combat", "cohesion", "detection"]
    prov: str


class RandomCommanderRow(_Spec):
    faces: list[int]
    rating: int
    prov: str


class MissionSpec(_Spec):
    id: str
    bonus: int
    per_ship: bool
    prov: str


class VerdictRow(_Spec):
    scope: Literal["battle", "campaign"]
    min_diff: int
    result: str
    prov: str


# ---------------------------------------------------------------- commanders, events, land

class CommanderSpec(_Spec):
    """A commander card (rulebook E): three traits, campaign availability (G) and months in theatre."""
    id: str
    name: str
    navy: Navy
    combat: int
    cohesion: int
    detection: int
    availability: int
    months: list[int]
    prov: str
    combat_prov: str = ""
    cohesion_prov: str = ""
    detection_prov: str = ""
    availability_prov: str = ""
    months_prov: str = ""


class EventSpec(_Spec):
    """One D66 result of the Random Event Table (D.1) with its machine-readable effect."""
    roll: int
    kind: str
    value: int
    turns: int
    scope: Literal["ship", "side", "enemy", "battle"]
    navy: Literal["any", "usn", "ijn"]
    light: Literal["any", "night"]
    text: str
    prov: str

    def applies(self, navy: str, light: str) -> bool:
        """Whether the event happens to a ship of this navy in this light (else it counts as no event)."""
        return self.kind != "none" and self.navy in ("any", navy) and (self.light == "any" or light == "night")


class MarkerSpec(_Spec):
    """A land marker: detection modifier for targets in its band, radar clutter (rulebook B, F)."""
    id: str
    name: str
    detection: int
    clutter: bool
    prov: str
    name_prov: str = ""


class LandUnitSpec(_Spec):
    """A land unit (rulebook D.5): Damage Levels go straight onto it."""
    id: str
    name: str
    defense: int
    vp: int
    prov: str


# ---------------------------------------------------------------- scenarios.toml

class SideSetup(_Spec):
    navy: Navy
    commander: str
    commander_ship: str
    intelligence: str
    surprise: int
    home_edge: int
    mission: str
    prov: str
    commander_prov: str = ""
    commander_ship_prov: str = ""
    intelligence_prov: str = ""
    surprise_prov: str = ""
    home_edge_prov: str = ""
    mission_prov: str = ""

    @property
    def far_edge(self) -> int:
        """The band a transport or bombardment mission must reach and disengage from (D.8)."""
        return 11 - self.home_edge


class DivisionSetup(_Spec):
    id: str
    navy: Navy
    band: int
    role: str
    ships: list[str]
    prov: str
    band_prov: str = ""
    role_prov: str = ""
    ships_prov: str = ""


class LandPlacement(_Spec):
    marker: str
    band: int
    prov: str


class LandUnitPlacement(_Spec):
    unit: str
    band: int
    prov: str


class ScenarioSpec(_Spec):
    """A scenario paragraph (rulebook A): forces, start bands, commanders, environment, victory."""
    id: str
    name: str
    date: str
    background: str
    turns: int
    light: str
    weather: str
    visibility: str
    sea: str
    fire: Literal["alternating", "advanced"]
    historic_winner: Literal["usn", "ijn", "draw"]
    historic_outcome: str
    prov: str
    side: list[SideSetup]
    division: list[DivisionSetup]
    land: list[LandPlacement] = []
    land_unit: list[LandUnitPlacement] = []
    turns_prov: str = ""
    light_prov: str = ""
    weather_prov: str = ""
    visibility_prov: str = ""
    sea_prov: str = ""
    fire_prov: str = ""
    historic_winner_prov: str = ""

    def side_of(self, navy: str) -> SideSetup:
        return next(s for s in self.side if s.navy == navy)

    def divisions_of(self, navy: str) -> tuple[DivisionSetup, ...]:
        return tuple(d for d in self.division if d.navy == navy)

    def ships_of(self, navy: str) -> tuple[str, ...]:
        return tuple(s for d in self.division if d.navy == navy for s in d.ships)


# ---------------------------------------------------------------- campaign.toml

class CampaignSpec(_Spec):
    missions: int
    first_month: int
    prov: str


class GeneratorSpec(_Spec):
    turns: int
    prov: str


class MissionRoll(_Spec):
    navy: Navy
    faces: list[int]
    mission: str
    prov: str


class ShipLimit(_Spec):
    """How many ships of a type a mission may take: dice d6 + plus, at least min (rulebook G)."""
    navy: Navy
    mission: str
    type: str
    dice: int
    plus: int
    min: int
    prov: str

    def limit(self, dice: tuple[int, ...]) -> int:
        """The limit for these dice faces (as many as `dice`): sum + plus, never below min (G)."""
        if len(dice) != self.dice:
            raise ValueError(f"{self.navy} {self.mission} {self.type}: needs {self.dice} dice, got {dice}")
        return max(self.min, sum(dice) + self.plus) if self.dice else self.min


class GeneratorRoll(_Spec):
    table: Literal["light", "weather", "visibility", "sea", "intelligence"]
    faces: list[int]
    value: str
    prov: str


class StartBands(_Spec):
    faces: list[int]
    usn: int
    ijn: int
    prov: str


class GeneratorLand(_Spec):
    faces: list[int]
    markers: list[str]
    bands: list[int]
    prov: str


# ---------------------------------------------------------------- the loaded data

def _by_face(rows: tuple[Any, ...], die: int) -> Any:
    for r in rows:
        if die in r.faces:
            return r
    raise ValueError(f"die face {die} is not 1..6")


@dataclass(frozen=True)
class NoFData:
    """All Nights of Fury data, validated, shared by reference."""

    guns: Mapping[str, GunSpec]
    torpedoes: Mapping[str, TorpedoSpec]
    classes: Mapping[str, ShipClass]
    ships: Mapping[str, ShipSpec]
    board: BoardSpec
    battery_range: Mapping[str, int]
    detection: DetectionSpec
    detection_range: tuple[int, ...]            # index = bands 0..max_bands
    detection_mods: Mapping[str, int]
    environment: Mapping[tuple[str, str], EnvironmentSpec]
    intelligence: Mapping[str, IntelligenceSpec]
    initiative: InitiativeSpec
    movement_cycle: int
    movement: Mapping[int, tuple[bool, ...]]
    target_range: tuple[int, ...]               # index = bands 0..6
    gunnery_mods: Mapping[str, int]
    allocation: Mapping[str, tuple[DamageAllocation, ...]]
    fire: FireSpec
    damage_effects: DamageEffects
    detach_check: DetachCheck
    torpedo_hits_rows: tuple[TorpedoHits, ...]
    torpedo_damage: TorpedoDamage
    torpedo_allowance: Mapping[int, TorpedoAllowance]
    disengage_rows: tuple[DisengageRow, ...]
    disengage_mods: Mapping[str, int]
    damage_control: Mapping[str, int]
    damage_control_checks: tuple[FacesResult, ...]
    commander_death: tuple[CommanderDeath, ...]
    commander_rules: CommanderRules
    experience_rows: tuple[ExperienceRow, ...]
    experience_mods: Mapping[str, int]
    experience_traits: tuple[ExperienceTrait, ...]
    random_commander: tuple[RandomCommanderRow, ...]
    mistaken_target: Mapping[str, int]
    victory: Mapping[str, int]
    missions: Mapping[str, MissionSpec]
    verdicts: Mapping[str, tuple[VerdictRow, ...]]
    commanders: Mapping[str, CommanderSpec]
    events: Mapping[int, EventSpec]
    markers: Mapping[str, MarkerSpec]
    land_units: Mapping[str, LandUnitSpec]
    scenarios: Mapping[str, ScenarioSpec]
    campaign: CampaignSpec
    generator: GeneratorSpec
    mission_rolls: Mapping[str, tuple[MissionRoll, ...]]
    ship_limits: Mapping[tuple[str, str, str], ShipLimit]
    generator_rolls: Mapping[str, tuple[GeneratorRoll, ...]]
    start_bands: tuple[StartBands, ...]
    generator_land: tuple[GeneratorLand, ...]

    # -------------------------------------------------- ships
    def ship_class(self, ship: str) -> ShipClass:
        """The class card of a named ship (ship cards, rulebook A)."""
        return self.classes[self.ships[ship].cls]

    def radar(self, ship: str) -> tuple[int, int]:
        """A named ship's (S, F) radar ratings, its own where set, else its class's (rulebook F)."""
        s, c = self.ships[ship], self.ship_class(ship)
        return (c.radar_s if s.radar_s < 0 else s.radar_s, c.radar_f if s.radar_f < 0 else s.radar_f)

    def is_type93(self, cls: str) -> bool:
        """Whether a class's mounts carry Type 93 torpedoes (the underlined mounts, D.6)."""
        t = self.classes[cls].torpedo
        return bool(t) and self.torpedoes[t].type93

    # -------------------------------------------------- detection (D.4, F, H, Reference Chart)
    def detection_range_modifier(self, bands: int) -> int | None:
        """Reference Chart: modifier for the bands to the nearest detecting division; None beyond 6 (D.4)."""
        return self.detection_range[bands] if 0 <= bands < len(self.detection_range) else None

    def intelligence_modifier(self, level: str, turn: int) -> int:
        """Optional rule H: the intelligence level's detection modifier on this turn."""
        spec = self.intelligence[level]
        return spec.detection if turn <= spec.turns else 0

    def radar_works(self, rating: int, target_in_land_band: bool, clutter_roll: int | None) -> bool:
        """Rule F: a radar rated 3 or less aimed into a land marker's band works only on a 4-6 roll."""
        if not target_in_land_band or rating > self.detection_mods["radar_clutter_max_rating"]:
            return True
        if clutter_roll is None:
            raise ValueError("a land-clutter roll is needed (rule F)")
        return clutter_roll > self.detection_mods["radar_clutter_fail_max"]

    def detection_modifiers(self, *, bands: int, light: str, weather: str, visibility: str,
                            commander_detection: int, turn: int, intelligence: str | None = None,
                            radar_rating: int = 0, land_marker: str | None = None,
                            clutter_roll: int | None = None, target_burning: bool = False
                            ) -> list[tuple[str, int]]:
        """Reference Chart: the named modifiers to one detection roll (D.4, E, F, H); sum them."""
        rng = self.detection_range_modifier(bands)
        if rng is None:
            raise ValueError(f"no detection beyond {self.detection.max_bands} bands (D.4)")
        out = [("commander", commander_detection), ("range", rng)]
        for kind, value in (("light", light), ("weather", weather), ("visibility", visibility)):
            out.append((kind, self.environment[(kind, value)].detection))
        marker = self.markers[land_marker] if land_marker else None
        if radar_rating >= bands and radar_rating > 0 and self.radar_works(radar_rating, marker is not None
                                                                            and marker.clutter, clutter_roll):
            out.append(("radar", self.detection_mods["radar_in_range"]))
        if intelligence:
            out.append(("intelligence", self.intelligence_modifier(intelligence, turn)))
        if marker is not None:
            out.append(("land", marker.detection))
        if target_burning and light == "night":
            out.append(("burning", self.detection_mods["target_burning_night"]))
        return [(k, v) for k, v in out if v != 0 or k in ("commander", "range")]

    def detection_result(self, total: int) -> Literal["none", "spotted", "identified"]:
        """D.4: a net detection roll of 3-4 Spots, 5 or more Identifies."""
        if total >= self.detection.identified_min:
            return "identified"
        return "spotted" if total >= self.detection.spotted_min else "none"

    # -------------------------------------------------- movement (D.3, Movement Table)
    def movement_bands(self, speed: int, turn: int) -> int:
        """Movement Table (D.3): bands (0 or 1) a division with this slowest Speed may move this turn."""
        row = self.movement[max(0, min(speed, max(self.movement)))]
        return int(row[(turn - 1) % self.movement_cycle])

    # -------------------------------------------------- gunnery (D.5, Target Range Table, I, J, K)
    def target_range_modifier(self, bands: int) -> int | None:
        """Target Range Table (D.5): the firer's modifier at this range; None when out of gun range."""
        return self.target_range[bands] if 0 <= bands < len(self.target_range) else None

    def battery_reaches(self, battery: str, bands: int) -> bool:
        """Whether a main or secondary battery reaches this many bands (designed Target Range rule)."""
        return 0 <= bands <= self.battery_range[battery]

    def gunnery_modifiers(self, *, bands: int, light: str, weather: str, sea: str, commander_combat: int,
                          fire_radar: int = 0, target_in_land_band: bool = False,
                          clutter_roll: int | None = None, searchlight: bool = False,
                          target_smoke: bool = False, firer_smoke: bool = False, mistaken: bool = False,
                          target_evasive: bool = False, firer_evasive: bool = False) -> list[tuple[str, int]]:
        """D.5 with E, F, I, J, K: the named modifiers to a firer's gunnery roll (FirePower not included)."""
        rng = self.target_range_modifier(bands)
        if rng is None:
            raise ValueError(f"no gunnery beyond {len(self.target_range) - 1} bands")
        out = [("range", rng), ("commander", commander_combat)]
        dark = self.environment[("light", light)].gunnery
        if dark:
            if fire_radar >= bands and fire_radar > 0 and self.radar_works(fire_radar, target_in_land_band,
                                                                            clutter_roll):
                dark = self.gunnery_mods["radar_directed_night"]
            elif searchlight and light == "night":
                dark = max(dark, self.gunnery_mods["searchlight_night"])
            out.append(("light", dark))
        for kind, value in (("weather", weather), ("sea", sea)):
            out.append((kind, self.environment[(kind, value)].gunnery))
        for flag, key in ((target_smoke, "target_smoke"), (firer_smoke, "firer_smoke"), (mistaken, "mistaken_target"),
                          (target_evasive, "target_evasive"), (firer_evasive, "firer_evasive")):
            if flag:
                out.append((key, self.gunnery_mods[key]))
        return [(k, v) for k, v in out if v != 0 or k in ("range", "commander")]

    @staticmethod
    def damage_levels(attack_total: int, defense_total: int) -> int:
        """D.5/D.6: Damage Levels are the attack total less the defense total, when positive."""
        return max(0, attack_total - defense_total)

    def allocate_damage(self, attack: Literal["gunnery", "torpedo"], faces: list[int] | tuple[int, ...]
                        ) -> tuple[int, int, int]:
        """Damage Allocation (D.5 gunnery, D.6 torpedo): (structure, flotation, fire rolls due), one die a level."""
        s = f = fires = 0
        for die in faces:
            row = _by_face(self.allocation[attack], die)
            s, f, fires = s + row.structure, f + row.flotation, fires + row.fire_check
        return s, f, fires

    def fire_starts(self, die: int) -> bool:
        """Fire roll after a 6 on the allocation die (designed; Cape Esperance AAR rolls one)."""
        return die in self.fire.starts_on

    # -------------------------------------------------- torpedoes (D.6, Torpedo Attack Allowance Table)
    def torpedo_allowed(self, bands: int, turn: int, type93: bool) -> bool:
        """Torpedo Attack Allowance Table (D.6): may a mount of this kind fire at this range on this turn?"""
        reach = max(t.max_bands for t in self.torpedoes.values() if t.type93 == type93)
        row = self.torpedo_allowance.get(bands)
        if row is None or bands > reach:
            return False
        return turn >= row.first_turn and (turn - row.first_turn) % row.every == 0

    def torpedo_hits(self, diff: int, per_mount: int) -> int:
        """D.6: torpedo hits from the attack difference (1-2: 1, 3-5: 2, 6+: 3), capped by the mount."""
        hits = 0
        for row in self.torpedo_hits_rows:
            if diff >= row.min_diff:
                hits = row.hits
        return min(hits, per_mount)

    def torpedo_damage_modifier(self, damage_rating: int, hits: int) -> int:
        """D.6: the damage roll adds the Damage Rating and 2 for each hit after the first."""
        return damage_rating + self.torpedo_damage.extra_hit_bonus * max(0, hits - 1) if hits else 0

    # -------------------------------------------------- disengagement (C, D.8)
    def disengage_succeeds(self, die: int, speed: int, *, night: bool = False, smoke: bool = False,
                           pursued: bool = False) -> bool:
        """Disengagement Table (C, D.8): does a ship (or division) of this Speed leave from band 1 or 10?"""
        row = next((r for r in self.disengage_rows if r.min_speed <= speed <= r.max_speed), None)
        if row is None:
            return False
        total = die + night * self.disengage_mods["night"] + smoke * self.disengage_mods["smoke"] \
            + pursued * self.disengage_mods["pursued"]
        return total >= row.needed

    # -------------------------------------------------- damage control (D.7)
    def damage_control_succeeds(self, navy: str, die: int) -> bool:
        """Damage Control Table (D.7): does this first roll allow a Damage Control Check (USN 1-3, IJN 1-2)?"""
        return 1 <= die <= self.damage_control[navy]

    def damage_control_result(self, die: int, on_fire: bool) -> Literal["structure", "flotation", "fire", "none"]:
        """D.7 check: 1-2 repair structure, 3 flotation, 4-6 put out a fire; no repair while burning."""
        result = _by_face(self.damage_control_checks, die).result
        if result == "fire":
            return "fire" if on_fire else "none"
        return "none" if on_fire else result

    # -------------------------------------------------- commanders (E, G)
    def commander_killed(self, structure_points: int, die: int) -> bool:
        """E: death roll for the commander's ship taking structure points (2-3: 1-2, 4+: 1-3)."""
        for row in self.commander_death:
            if row.min_structure <= structure_points <= row.max_structure:
                return die <= row.killed_max
        return False

    def experience_result(self, die: int, *, won: bool = False, lost: bool = False) -> str:
        """Commander Experience Table (E): 'none', 'random' (roll experience_trait) or 'choice'."""
        total = die + won * self.experience_mods["won"] + lost * self.experience_mods["lost"]
        result = "none"
        for row in self.experience_rows:
            if total >= row.min_total:
                result = row.result
        return result

    def experience_trait(self, die: int) -> str:
        """Commander Experience Table (E): the trait a 'random' result improves."""
        return _by_face(self.experience_traits, die).trait

    def random_commander_rating(self, die: int) -> int:
        """Random Commander Table (G): one trait's rating from one die."""
        return _by_face(self.random_commander, die).rating

    # -------------------------------------------------- events (D.1)
    def event(self, roll: int) -> EventSpec:
        """Random Event Table (D.1): the D66 result (tens die, units die)."""
        return self.events[roll]

    # -------------------------------------------------- victory (B, D.8, G)
    def ship_vp(self, ship: str, *, sunk: bool, heavily_damaged: bool = False) -> int:
        """Standard victory: a sunk (or wrecked) ship's VP, half for heavily damaged (designed)."""
        vp = self.ship_class(ship).vp
        if sunk:
            return vp
        return vp // self.victory["heavily_damaged_divisor"] if heavily_damaged else 0

    def verdict(self, scope: Literal["battle", "campaign"], vp_usn: int, vp_ijn: int) -> tuple[str, str]:
        """Victory-Loss Table (G) / standard victory: (winner 'usn'|'ijn'|'draw', level)."""
        diff = abs(vp_usn - vp_ijn)
        level = "draw"
        for row in self.verdicts[scope]:
            if diff >= row.min_diff:
                level = row.result
        if level == "draw":
            return "draw", level
        return ("usn" if vp_usn > vp_ijn else "ijn"), level

    # -------------------------------------------------- campaign (G)
    def mission_roll(self, navy: str, die: int) -> str:
        """Campaign Charts (G): the mission a navy is given by one die."""
        return _by_face(self.mission_rolls[navy], die).mission

    def ship_limit(self, navy: str, mission: str, ship_type: str) -> ShipLimit:
        """Campaign Charts (G): the dice, modifier and minimum of one type's ship limit for a mission."""
        return self.ship_limits[(navy, mission, ship_type)]

    def generator_roll(self, table: str, die: int) -> str:
        """Battle generator (A): the environment or intelligence value one die gives."""
        return _by_face(self.generator_rolls[table], die).value


# ---------------------------------------------------------------- loading and checks

def _conv(file: str, table: str, raw: dict[str, Any], kind: type[T], key: str = "id") -> list[T]:
    """Array of tables -> specs, field provenance checked, duplicate keys refused."""
    items = raw.get(table)
    if items is None:
        raise DataError(file, f"[[{table}]]", table, "missing")
    return convert_unique(file, table, items, kind, key=key)


def _rows(file: str, table: str, raw: dict[str, Any], kind: type[T]) -> list[T]:
    """Array of tables without a unique key -> specs, field provenance checked."""
    items = raw.get(table)
    if items is None:
        raise DataError(file, f"[[{table}]]", table, "missing")
    out = convert_entries(file, table, items, kind, key="__none__")
    for i, item in enumerate(out):
        check_field_provenance(file, f"{table} #{i + 1}", item)
    return out


def _one(file: str, table: str, raw: dict[str, Any], kind: type[T]) -> T:
    """A single table [name] -> spec, field provenance checked."""
    if not isinstance(raw.get(table), dict):
        raise DataError(file, f"[{table}]", table, "missing table")
    try:
        item = msgspec.convert(raw[table], kind, strict=True)
    except msgspec.ValidationError as err:
        msg = str(err)
        field = msg.split("`$.", 1)[1].split("`")[0] if "`$." in msg else (msg.split("`")[1] if "`" in msg else "?")
        raise DataError(file, f"[{table}]", field, msg.split(" - at ")[0]) from None
    check_field_provenance(file, f"[{table}]", item)
    return item


def _range(file: str, entry: str, field: str, value: int, lo: int, hi: int) -> None:
    if not lo <= value <= hi:
        raise DataError(file, entry, field, f"must be {lo}..{hi}, got {value}")


def _faces(file: str, entry: str, rows: list[Any], field: str = "faces") -> None:
    """A die table must give every face 1..6 exactly once (no gaps, no overlaps)."""
    got = sorted(f for r in rows for f in getattr(r, field))
    if got != list(FACES):
        missing = sorted(set(FACES) - set(got))
        extra = sorted({f for f in got if got.count(f) > 1 or f not in FACES})
        raise DataError(file, entry, field, f"must cover die faces 1..6 exactly once (missing {missing}, "
                                           f"repeated or invalid {extra})")


def _contiguous(file: str, entry: str, field: str, keys: list[int], lo: int, hi: int) -> None:
    if sorted(keys) != list(range(lo, hi + 1)):
        missing = sorted(set(range(lo, hi + 1)) - set(keys))
        raise DataError(file, entry, field, f"must list {lo}..{hi} once each (missing {missing}, got {sorted(keys)})")


def _load_ships(d: Path) -> tuple[dict[str, GunSpec], list[ShipClass], list[ShipSpec], dict[str, Any]]:
    file = "ships.toml"
    raw = read_toml(d / file)
    guns = {g.id: g for g in _conv(file, "gun", raw, GunSpec)}
    classes = _conv(file, "class", raw, ShipClass)
    ships = _conv(file, "ship", raw, ShipSpec)
    return guns, classes, ships, raw


def _check_classes(file: str, classes: list[ShipClass], guns: dict[str, GunSpec],
                   torpedoes: dict[str, TorpedoSpec]) -> None:
    for i, c in enumerate(classes):
        e = _label("class", i, c.id)
        for field, lo, hi in (("defense", 0, 9), ("size", 0, 3), ("speed", 0, 6), ("structure", 1, 12),
                              ("flotation", 1, 12), ("vp", 0, 30), ("main_fp", 0, 10), ("main_guns", 1, 20),
                              ("secondary_fp", 0, 10), ("secondary_guns", 0, 20), ("mounts", 0, 6),
                              ("per_mount", 0, 6), ("reloads", 0, 4), ("radar_s", 0, 6), ("radar_f", 0, 6)):
            _range(file, e, field, getattr(c, field), lo, hi)
        if c.main_gun not in guns:
            raise DataError(file, e, "main_gun", f"unknown gun {c.main_gun!r}")
        if c.secondary_gun and c.secondary_gun not in guns:
            raise DataError(file, e, "secondary_gun", f"unknown gun {c.secondary_gun!r}")
        if bool(c.secondary_gun) != (c.secondary_guns > 0) or bool(c.secondary_gun) != (c.secondary_fp > 0):
            raise DataError(file, e, "secondary_gun", "a secondary battery needs a gun, guns > 0 and FirePower > 0 "
                                                      "(or none of them)")
        if c.torpedo and c.torpedo not in torpedoes:
            raise DataError(file, e, "torpedo", f"unknown torpedo {c.torpedo!r} (tables.toml [[torpedo]])")
        if bool(c.torpedo) != (c.mounts > 0) or bool(c.torpedo) != (c.per_mount > 0):
            raise DataError(file, e, "torpedo", "torpedo mounts need a torpedo type, mounts > 0 and per_mount > 0")
        if c.reloads and not c.torpedo:
            raise DataError(file, e, "reloads", "reloads without torpedo mounts")


@lru_cache(maxsize=8)
def _load(data_dir: str) -> NoFData:
    d = Path(data_dir)
    guns, classes, ships, _ = _load_ships(d)

    # ---- tables.toml
    f = "tables.toml"
    t = read_toml(d / f)
    board = _one(f, "board", t, BoardSpec)
    torpedoes = {x.id: x for x in _conv(f, "torpedo", t, TorpedoSpec)}
    for i, x in enumerate(torpedoes.values()):
        _range(f, _label("torpedo", i, x.id), "max_bands", x.max_bands, 0, 6)
        _range(f, _label("torpedo", i, x.id), "damage_rating", x.damage_rating, 0, 12)
    battery_range = {x.id: x.max_bands for x in _conv(f, "battery_range", t, BatteryRange)}
    if set(battery_range) != {"main", "secondary"}:
        raise DataError(f, "[[battery_range]]", "id", "needs main and secondary")
    detection = _one(f, "detection", t, DetectionSpec)
    rows = _conv(f, "detection_range", t, BandModifier, key="bands")
    _contiguous(f, "[[detection_range]]", "bands", [r.bands for r in rows], 0, detection.max_bands)
    detection_range = tuple(r.modifier for r in sorted(rows, key=lambda r: r.bands))
    detection_mods = {m.id: m.value for m in _conv(f, "detection_modifier", t, Modifier)}
    for need in ("radar_in_range", "target_burning_night", "radar_clutter_max_rating", "radar_clutter_fail_max"):
        if need not in detection_mods:
            raise DataError(f, "[[detection_modifier]]", "id", f"missing {need!r}")
    envs = _rows(f, "environment", t, EnvironmentSpec)
    environment: dict[tuple[str, str], EnvironmentSpec] = {}
    for i, e in enumerate(envs):
        if (e.kind, e.id) in environment:
            raise DataError(f, f"environment #{i + 1} ({e.kind} {e.id!r})", "id", "duplicate")
        environment[(e.kind, e.id)] = e
    for kind in ENV_KINDS:
        if not any(k == kind for k, _ in environment):
            raise DataError(f, "[[environment]]", "kind", f"no {kind!r} entries")
    intelligence = {x.id: x for x in _conv(f, "intelligence", t, IntelligenceSpec)}
    if set(intelligence) != set(INTEL_LEVELS):
        raise DataError(f, "[[intelligence]]", "id", f"must be exactly {INTEL_LEVELS}")
    initiative = _one(f, "initiative", t, InitiativeSpec)
    movement = _one(f, "movement", t, MovementSpec)
    mrows = _conv(f, "movement_row", t, MovementRow, key="speed")
    _contiguous(f, "[[movement_row]]", "speed", [r.speed for r in mrows], 0, 6)
    for i, r in enumerate(mrows):
        if len(r.turns) != movement.cycle:
            raise DataError(f, _label("movement_row", i, r.speed), "turns", f"needs {movement.cycle} entries (the cycle)")
    trows = _conv(f, "target_range", t, BandModifier, key="bands")
    _contiguous(f, "[[target_range]]", "bands", [r.bands for r in trows], 0, detection.max_bands)
    gunnery_mods = {m.id: m.value for m in _conv(f, "gunnery_modifier", t, Modifier)}
    allocs = _rows(f, "damage_allocation", t, DamageAllocation)
    allocation = {a: tuple(x for x in allocs if x.attack == a) for a in ("gunnery", "torpedo")}
    for a, rws in allocation.items():
        _faces(f, f"[[damage_allocation]] {a}", list(rws))
    fire = _one(f, "fire", t, FireSpec)
    damage_effects = _one(f, "damage_effects", t, DamageEffects)
    detach_check = _one(f, "detach_check", t, DetachCheck)
    hits = sorted(_conv(f, "torpedo_hits", t, TorpedoHits, key="min_diff"), key=lambda r: r.min_diff)
    torpedo_damage = _one(f, "torpedo_damage", t, TorpedoDamage)
    allow = _conv(f, "torpedo_allowance", t, TorpedoAllowance, key="bands")
    _contiguous(f, "[[torpedo_allowance]]", "bands", [r.bands for r in allow], 0, max(r.bands for r in allow))
    for i, r in enumerate(allow):
        if r.every < 1 or r.first_turn < 1:
            raise DataError(f, _label("torpedo_allowance", i, r.bands), "every", "first_turn and every must be >= 1")
    dis = _conv(f, "disengage", t, DisengageRow, key="min_speed")
    covered = sorted(s for r in dis for s in range(r.min_speed, r.max_speed + 1))
    if covered != list(range(1, 7)):
        raise DataError(f, "[[disengage]]", "min_speed", f"speeds 1..6 must each fall in one row, got {covered}")
    disengage_mods = {m.id: m.value for m in _conv(f, "disengage_modifier", t, Modifier)}
    dc = {x.navy: x.eligible_max for x in _conv(f, "damage_control", t, DamageControl, key="navy")}
    if set(dc) != set(NAVIES):
        raise DataError(f, "[[damage_control]]", "navy", "needs usn and ijn")
    dcc = _rows(f, "damage_control_check", t, FacesResult)
    _faces(f, "[[damage_control_check]]", dcc)
    death = _conv(f, "commander_death", t, CommanderDeath, key="min_structure")
    commander_rules = _one(f, "commander_rules", t, CommanderRules)
    exp_rows = sorted(_conv(f, "experience", t, ExperienceRow, key="min_total"), key=lambda r: r.min_total)
    exp_mods = {m.id: m.value for m in _conv(f, "experience_modifier", t, Modifier)}
    exp_traits = _rows(f, "experience_trait", t, ExperienceTrait)
    _faces(f, "[[experience_trait]]", exp_traits)
    rc = _rows(f, "random_commander", t, RandomCommanderRow)
    _faces(f, "[[random_commander]]", rc)
    mistaken = {m.id: m.value for m in _conv(f, "mistaken_target", t, Modifier)}
    victory = {m.id: m.value for m in _conv(f, "victory", t, Modifier)}
    missions = {m.id: m for m in _conv(f, "mission", t, MissionSpec)}
    if set(missions) != set(MISSIONS):
        raise DataError(f, "[[mission]]", "id", f"must be exactly {MISSIONS}")
    vrows = _rows(f, "verdict", t, VerdictRow)
    verdicts = {s: tuple(sorted((v for v in vrows if v.scope == s), key=lambda v: v.min_diff))
                for s in ("battle", "campaign")}
    for s, vs in verdicts.items():
        if not vs or vs[0].min_diff != 0:
            raise DataError(f, f"[[verdict]] {s}", "min_diff", "the table must start at a difference of 0")
    _check_classes("ships.toml", classes, guns, torpedoes)
    class_ids = {c.id for c in classes}
    for i, s in enumerate(ships):
        if s.cls not in class_ids:
            raise DataError("ships.toml", _label("ship", i, s.id), "class", f"unknown ship class {s.cls!r}")
        _range("ships.toml", _label("ship", i, s.id), "radar_s", s.radar_s, -1, 6)
        _range("ships.toml", _label("ship", i, s.id), "radar_f", s.radar_f, -1, 6)
    class_by = {c.id: c for c in classes}

    # ---- commanders.toml
    f = "commanders.toml"
    cmd = _conv(f, "commander", read_toml(d / f), CommanderSpec)
    for i, c in enumerate(cmd):
        e = _label("commander", i, c.id)
        for field in ("combat", "cohesion", "detection"):
            _range(f, e, field, getattr(c, field), -2, 3)
        _range(f, e, "availability", c.availability, 0, 6)
        for m in c.months:
            _range(f, e, "months", m, 8, 12)
    commanders = {c.id: c for c in cmd}

    # ---- events.toml
    f = "events.toml"
    evs = _conv(f, "event", read_toml(d / f), EventSpec, key="roll")
    for i, ev in enumerate(evs):
        e = _label("event", i, ev.roll)
        if ev.roll not in D66:
            raise DataError(f, e, "roll", f"{ev.roll} is not a D66 result (11..66, each digit 1..6)")
        if ev.kind not in EVENT_KINDS:
            raise DataError(f, e, "kind", f"unknown effect {ev.kind!r}; allowed {EVENT_KINDS}")
        _range(f, e, "turns", ev.turns, 0, 99)
    missing = sorted(set(D66) - {ev.roll for ev in evs})
    if missing:
        raise DataError(f, "[[event]]", "roll", f"D66 results missing: {missing}")

    # ---- land.toml
    f = "land.toml"
    lraw = read_toml(d / f)
    markers = {m.id: m for m in _conv(f, "marker", lraw, MarkerSpec)}
    land_units = {u.id: u for u in _conv(f, "unit", lraw, LandUnitSpec)}

    # ---- scenarios.toml
    f = "scenarios.toml"
    scen = _conv(f, "scenario", read_toml(d / f), ScenarioSpec)
    ship_navy = {s.id: class_by[s.cls].navy for s in ships}
    for i, sc in enumerate(scen):
        e = _label("scenario", i, sc.id)
        for kind in ENV_KINDS:
            if (kind, getattr(sc, kind)) not in environment:
                raise DataError(f, e, kind, f"unknown {kind} {getattr(sc, kind)!r}")
        _range(f, e, "turns", sc.turns, 1, 30)
        if sorted(s.navy for s in sc.side) != sorted(NAVIES):
            raise DataError(f, e, "side", "needs exactly one usn and one ijn side")
        seen: set[str] = set()
        for j, dv in enumerate(sc.division):
            de = f"{e} division #{j + 1} ({dv.id!r})"
            check_field_provenance(f, de, dv)
            _range(f, de, "band", dv.band, 1, board.bands)
            if not dv.ships:
                raise DataError(f, de, "ships", "a division needs at least one ship")
            for sid in dv.ships:
                if sid not in ship_navy:
                    raise DataError(f, de, "ships", f"unknown ship {sid!r} (ships.toml [[ship]])")
                if ship_navy[sid] != dv.navy:
                    raise DataError(f, de, "ships", f"{sid!r} is {ship_navy[sid]}, not {dv.navy}")
                if sid in seen:
                    raise DataError(f, de, "ships", f"{sid!r} is in the battle twice")
                seen.add(sid)
        for j, sd in enumerate(sc.side):
            se = f"{e} side {sd.navy}"
            check_field_provenance(f, se, sd)
            if sd.intelligence not in intelligence:
                raise DataError(f, se, "intelligence", f"unknown level {sd.intelligence!r}")
            if sd.home_edge not in board.edges:
                raise DataError(f, se, "home_edge", f"must be one of {board.edges}")
            if sd.mission and sd.mission not in missions:
                raise DataError(f, se, "mission", f"unknown mission {sd.mission!r}")
            _range(f, se, "surprise", sd.surprise, -3, 3)
            if sd.commander:
                c = commanders.get(sd.commander)
                if c is None:
                    raise DataError(f, se, "commander", f"unknown commander {sd.commander!r}")
                if c.navy != sd.navy:
                    raise DataError(f, se, "commander", f"{sd.commander!r} is {c.navy}, not {sd.navy}")
                if sd.commander_ship not in sc.ships_of(sd.navy):
                    raise DataError(f, se, "commander_ship",
                                    f"{sd.commander_ship!r} is not a {sd.navy} ship in this battle")
            elif sd.commander_ship:
                raise DataError(f, se, "commander_ship", "a commander ship without a commander")
            for dv in sc.divisions_of(sd.navy):
                if dv.role and dv.role != sd.mission:
                    raise DataError(f, f"{e} division {dv.id!r}", "role",
                                    f"role {dv.role!r} is not the side's mission {sd.mission!r}")
        for j, lp in enumerate(sc.land):
            le = f"{e} land #{j + 1}"
            check_field_provenance(f, le, lp)
            if lp.marker not in markers:
                raise DataError(f, le, "marker", f"unknown land marker {lp.marker!r}")
            _range(f, le, "band", lp.band, 1, board.bands)
        for j, up in enumerate(sc.land_unit):
            ue = f"{e} land_unit #{j + 1}"
            check_field_provenance(f, ue, up)
            if up.unit not in land_units:
                raise DataError(f, ue, "unit", f"unknown land unit {up.unit!r}")
            _range(f, ue, "band", up.band, 1, board.bands)

    # ---- campaign.toml
    f = "campaign.toml"
    c = read_toml(d / f)
    campaign = _one(f, "campaign", c, CampaignSpec)
    generator = _one(f, "generator", c, GeneratorSpec)
    mrs = _rows(f, "mission_roll", c, MissionRoll)
    mission_rolls = {n: tuple(r for r in mrs if r.navy == n) for n in NAVIES}
    for n, rws in mission_rolls.items():
        _faces(f, f"[[mission_roll]] {n}", list(rws))
        for r in rws:
            if r.mission not in missions:
                raise DataError(f, f"[[mission_roll]] {n}", "mission", f"unknown mission {r.mission!r}")
    sls = _rows(f, "ship_limit", c, ShipLimit)
    ship_limits: dict[tuple[str, str, str], ShipLimit] = {}
    for i, s in enumerate(sls):
        e = f"ship_limit #{i + 1} ({s.navy} {s.mission} {s.type})"
        if s.type not in SHIP_TYPES:
            raise DataError(f, e, "type", f"unknown ship type {s.type!r}")
        _range(f, e, "dice", s.dice, 0, 2)
        if (s.navy, s.mission, s.type) in ship_limits:
            raise DataError(f, e, "type", "duplicate limit")
        ship_limits[(s.navy, s.mission, s.type)] = s
    for n, rws in mission_rolls.items():
        for r in rws:
            for st in SHIP_TYPES:
                if (n, r.mission, st) not in ship_limits:
                    raise DataError(f, f"[[ship_limit]] {n} {r.mission}", "type", f"no limit for {st}")
    grs = _rows(f, "generator_roll", c, GeneratorRoll)
    generator_rolls = {tb: tuple(g for g in grs if g.table == tb) for tb in (*ENV_KINDS, "intelligence")}
    for tb, rws in generator_rolls.items():
        _faces(f, f"[[generator_roll]] {tb}", list(rws))
        for g in rws:
            ok = g.value in intelligence if tb == "intelligence" else (tb, g.value) in environment
            if not ok:
                raise DataError(f, f"[[generator_roll]] {tb}", "value", f"unknown {tb} {g.value!r}")
    sb = _rows(f, "start_bands", c, StartBands)
    _faces(f, "[[start_bands]]", sb)
    gl = _rows(f, "generator_land", c, GeneratorLand)
    _faces(f, "[[generator_land]]", gl)
    for i, g in enumerate(gl):
        if len(g.markers) != len(g.bands) or any(m not in markers for m in g.markers):
            raise DataError(f, f"generator_land #{i + 1}", "markers", "known markers, one band each")

    mp = MappingProxyType
    return NoFData(
        guns=mp(guns), torpedoes=mp(torpedoes), classes=mp(class_by), ships=mp({s.id: s for s in ships}),
        board=board, battery_range=mp(battery_range), detection=detection, detection_range=detection_range,
        detection_mods=mp(detection_mods), environment=mp(environment), intelligence=mp(intelligence),
        initiative=initiative, movement_cycle=movement.cycle,
        movement=mp({r.speed: tuple(r.turns) for r in mrows}),
        target_range=tuple(r.modifier for r in sorted(trows, key=lambda r: r.bands)),
        gunnery_mods=mp(gunnery_mods), allocation=mp(allocation), fire=fire, damage_effects=damage_effects,
        detach_check=detach_check, torpedo_hits_rows=tuple(hits), torpedo_damage=torpedo_damage,
        torpedo_allowance=mp({r.bands: r for r in allow}), disengage_rows=tuple(dis),
        disengage_mods=mp(disengage_mods), damage_control=mp(dc), damage_control_checks=tuple(dcc),
        commander_death=tuple(death), commander_rules=commander_rules, experience_rows=tuple(exp_rows),
        experience_mods=mp(exp_mods), experience_traits=tuple(exp_traits), random_commander=tuple(rc),
        mistaken_target=mp(mistaken), victory=mp(victory), missions=mp(missions), verdicts=mp(verdicts),
        commanders=mp(commanders), events=mp({ev.roll: ev for ev in evs}), markers=mp(markers),
        land_units=mp(land_units), scenarios=mp({s.id: s for s in scen}), campaign=campaign,
        generator=generator, mission_rolls=mp(mission_rolls), ship_limits=mp(ship_limits),
        generator_rolls=mp(generator_rolls), start_bands=tuple(sb), generator_land=tuple(gl),
    )


def load(data_dir: str | Path | None = None) -> NoFData:
    """Load and validate the data folder (default: the package's data/); cached per folder and process."""
    return _load(str(Path(data_dir).resolve()) if data_dir else str(DATA_DIR))
