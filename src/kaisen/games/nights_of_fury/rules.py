"""The rules data as the procedures read it: each named ship's card with its class values resolved (batteries,
mounts, radar), and the tables of data.py behind small questions ("may this division move this turn?")."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from kaisen.games.nights_of_fury.data import NoFData, ScenarioSpec, load
from kaisen.games.nights_of_fury.own import CommanderCards

NAVY_SIDE = {"usn": "usn", "ijn": "ijn"}


class Battery(NamedTuple):
    name: str           # "main" | "secondary"
    firepower: int
    reach: int          # bands (designed Target Range rule)


class Mount(NamedTuple):
    torpedoes: int      # torpedoes in the mount (D.6)
    type93: bool
    damage_rating: int
    reach: int          # bands
    torpedo_name: str


class Card(NamedTuple):
    """A named ship's card: what the procedures read of it."""

    id: str
    name: str
    side: str
    cls: str
    class_name: str
    type: str
    batteries: tuple[Battery, ...]
    defense: int
    size: int
    speed: int
    mounts: tuple[Mount, ...]
    reloads: int
    radar_s: int
    radar_f: int
    structure: int
    flotation: int
    vp: int


def _card(data: NoFData, ship: str) -> Card:
    sp = data.ships[ship]
    cl = data.classes[sp.cls]
    batteries = [Battery("main", cl.main_fp, data.battery_range["main"])]
    if cl.secondary_fp > 0 and cl.secondary_guns > 0:
        batteries.append(Battery("secondary", cl.secondary_fp, data.battery_range["secondary"]))
    mounts: tuple[Mount, ...] = ()
    if cl.torpedo and cl.mounts:
        t = data.torpedoes[cl.torpedo]
        mounts = tuple(Mount(cl.per_mount, t.type93, t.damage_rating, t.max_bands, t.name) for _ in range(cl.mounts))
    rs, rf = data.radar(ship)
    return Card(ship, sp.name, NAVY_SIDE[cl.navy], cl.id, cl.name, cl.type, tuple(batteries), cl.defense, cl.size,
                cl.speed, mounts, cl.reloads, rs, rf, cl.structure, cl.flotation, cl.vp)


class Rules:
    """The data of one data set as the procedures ask it."""

    def __init__(self, data: NoFData):
        self.data = data
        self.ships: dict[str, Card] = {q: _card(data, q) for q in data.ships}
        self.commanders = CommanderCards(data.commanders)   # ids may carry campaign ratings (own.py)
        self.light_ids = frozenset(v for (k, v) in data.environment if k == "light")
        self.formations = ()
        self.fire_text = f"a fire starts on {', '.join(map(str, data.fire.starts_on))}"
        self.torpedo_fires = any(r.fire_check for r in data.allocation["torpedo"])
        self.fire_damage = (data.fire.burn_structure, 0)
        self.detach_text = f"forced out on {data.detach_check.fail_max} or less"
        self.disengage_text = ", ".join(f"speed {r.min_speed}-{r.max_speed} leaves on {r.needed}+"
                                        for r in data.disengage_rows)
        self.smoke_detection = 0
        self.vp_damaged_divisor = data.victory["heavily_damaged_divisor"]
        self.vp_commander_killed = data.victory["commander_killed"]
        self.land_destroyed = data.damage_effects.land_unit_destroyed

    # -- scenarios --------------------------------------------------------------------------------------
    def scenario(self, sid: str) -> ScenarioSpec:
        # a generated battle's id carries its own spec (own.OwnScenario, A, G)
        return self.data.scenarios[sid] if type(sid) is str else sid.spec

    def side_order(self, sid: str) -> tuple[str, str]:
        """The scenario's sides in its order (its first side rolls first where both roll)."""
        sides = self.scenario(sid).side
        return (sides[0].navy, sides[1].navy)

    def division_name(self, sc: ScenarioSpec, div) -> str:
        n = [d.id for d in sc.division if d.navy == div.navy].index(div.id) + 1
        return f"Division {n}"

    def side_setup(self, sid: str, side: str):
        return self.scenario(sid).side_of(side)

    def surprise(self, sid: str, side: str, turn: int) -> int:
        """D.2: the scenario's Surprise modifier (on the turns the data says)."""
        return self.side_setup(sid, side).surprise if turn <= self.data.initiative.surprise_turns else 0

    def is_night(self, sid: str) -> bool:
        return self.scenario(sid).light == "night"

    def land_markers(self, sid: str):
        return [(self.data.markers[m.marker], m.band) for m in self.scenario(sid).land]

    def marker_at(self, sid: str, band: int):
        """The land marker in a band, if any (F, Reference Chart)."""
        for m, b in self.land_markers(sid):
            if b == band:
                return m
        return None

    def coast_at(self, sid: str, band: int) -> bool:
        m = self.marker_at(sid, band)
        return m is not None and "coast" in m.id

    def intelligence(self, sid: str, side: str) -> str:
        return self.side_setup(sid, side).intelligence

    def mission(self, sid: str, side: str) -> str:
        return self.side_setup(sid, side).mission

    def far_edge(self, sid: str, side: str) -> int:
        return self.side_setup(sid, side).far_edge

    def home_edge(self, sid: str, side: str) -> int:
        return self.side_setup(sid, side).home_edge

    def role_of(self, sid: str, ship: str) -> str:
        for d in self.scenario(sid).division:
            if ship in d.ships:
                return d.role
        return ""

    def mission_bonus(self, mission: str) -> int:
        return self.data.missions[mission].bonus

    # -- commanders (E) -------------------------------------------------------------------------------
    def commander_rating(self, cid: str, trait: str) -> int:
        return getattr(self.commanders[cid], trait)

    def death_chance(self, points: int) -> int:
        for row in self.data.commander_death:
            if row.min_structure <= points <= row.max_structure:
                return row.killed_max
        return 0

    # -- events (D.1) ---------------------------------------------------------------------------------
    def event(self, code: int):
        return self.data.event(code)

    # -- damage (Damage Effects Table) ------------------------------------------------------------------
    def speed_loss(self, card: Card, structure: int, flotation: int) -> int:
        return -self.data.damage_effects.speed_per_flotation * flotation

    def firepower_loss(self, card: Card, structure: int, flotation: int) -> int:
        return -self.data.damage_effects.firepower_per_structure * structure

    def is_sunk(self, card: Card, structure: int, flotation: int) -> bool:
        """Full flotation sinks a ship; full structure wrecks her, which counts as sunk (designed)."""
        return flotation >= card.flotation or structure >= card.structure

    def is_wrecked(self, card: Card, structure: int, flotation: int) -> bool:
        return structure >= card.structure

    def out_of_action(self, card: Card, structure: int, flotation: int) -> bool:
        return self.is_sunk(card, structure, flotation)

    def heavily_damaged(self, card: Card, structure: int, flotation: int) -> bool:
        return structure + flotation >= self.data.damage_effects.heavily_damaged_fraction * (card.structure
                                                                                           + card.flotation)

    def forces_detach(self, card: Card, structure: int, flotation: int) -> bool:
        return structure + flotation >= self.data.detach_check.trigger_fraction * (card.structure + card.flotation)

    def detach_roll_fails(self, total: int) -> bool:
        return total <= self.data.detach_check.fail_max

    def fire_starts(self, face: int) -> bool:
        return self.data.fire_starts(face)

    # -- movement (D.3) -----------------------------------------------------------------------------------
    def may_move(self, speed: int, turn: int) -> bool:
        return self.data.movement_bands(speed, turn) > 0

    # -- detection (D.4) ----------------------------------------------------------------------------------
    def detection_range_modifier(self, bands: int) -> int:
        m = self.data.detection_range_modifier(bands)
        return 0 if m is None else m

    def environment(self, kind: str, value: str, roll: str) -> int:
        return getattr(self.data.environment[(kind, value)], roll)

    def radar_detection_modifier(self, rating: int) -> int:
        return self.data.detection_mods["radar_in_range"]

    def intelligence_detection(self, level: str, turn: int) -> int:
        return self.data.intelligence_modifier(level, turn)

    def level_for(self, total: int) -> int:
        return {"none": 0, "spotted": 1, "identified": 2}[self.data.detection_result(total)]

    def mistaken_possible(self, total: int) -> bool:
        return total <= self.data.detection.mistaken_max

    # -- gunnery and torpedoes (D.5, D.6) ------------------------------------------------------------------
    def range_modifier(self, bands: int) -> int | None:
        return self.data.target_range_modifier(bands)

    def gunnery_value(self, key: str) -> int:
        return self.data.gunnery_mods[key]

    def torpedo_allowed(self, mount: Mount, bands: int, turn: int) -> bool:
        return bands <= mount.reach and self.data.torpedo_allowed(bands, turn, mount.type93)

    # -- damage control (D.7) ---------------------------------------------------------------------------------
    def dc_chance(self, side: str) -> int:
        return self.data.damage_control[side]

    # -- disengagement (D.8) -----------------------------------------------------------------------------------
    def disengage_value(self, key: str) -> int:
        return self.data.disengage_mods[key]

    def disengage_needed(self, speed: int) -> int | None:
        row = next((r for r in self.data.disengage_rows if r.min_speed <= speed <= r.max_speed), None)
        return None if row is None else row.needed

    # -- victory --------------------------------------------------------------------------------------------
    def verdict(self, scope: str, margin: int) -> str:
        level = "draw"
        for row in self.data.verdicts[scope]:
            if margin >= row.min_diff:
                level = row.result
        return level


@lru_cache(maxsize=4)
def rules(data_dir: str | None = None) -> Rules:
    return Rules(load(data_dir))
