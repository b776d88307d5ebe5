"""A heuristic Nights of Fury agent: closes the range under darkness when it has the edge (radar, Type 93
torpedoes, more FirePower), fights its radar ships at the range their fire-control radar cancels the night
penalty, fires Long Lances when the Torpedo Attack Allowance Table lets them, keeps a hidden torpedo division
dark, sends damaged ships home and mission divisions to their objective.

Its approach is timed to the Torpedo Attack Allowance Table (D.6): a division carrying torpedoes does not step
into a band of its torpedoes' reach where the table lets none fire this turn, while holding keeps it out of the
enemy's torpedoes; torpedo boats that cannot win a gunnery duel (PT boats) close to their own torpedoes' reach on
a patrol or attack mission; a bombardment division with the land target in reach fires on it; searchlights go on
only where the enemy's public detection modifiers show it would see the division anyway, and never on PT boats
(RULES.md, "The heuristic", has the measured effects).

It decides from its side's view, the decision's kind (flow.DECISION_KINDS) and the options' fields (contract v2),
plus the public ship cards (rules data: a navy knows its own ships' mounts and the classes it has identified)."""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from kaisen.agents.base import Agent, register_agent
from kaisen.engine.core import Decision

BANDS = 10
UNKNOWN_DEFENSE = 5          # Defense + Size of an enemy ship not yet identified (a cruiser or a destroyer)
UNKNOWN_SPEED = 5            # Speed Rating of an enemy ship not yet identified
UNKNOWN_VP = 3               # its worth (VP) as a target
UNKNOWN_FP = 4               # its main battery FirePower
DAMAGED_MARKERS = 2          # structure + flotation markers that make a seen enemy ship worth finishing


@lru_cache(maxsize=1)
def _rules():
    from kaisen.games.nights_of_fury import GAME
    return GAME.data


def _diff_chance(plus: int) -> list[float]:
    """P(die + plus - die = k) for k = plus-5 .. plus+5, as a dict-like list indexed by k - (plus - 5)."""
    return [(6 - abs(k)) / 36 for k in range(-5, 6)]


def expected_levels(attack: int, defense: int) -> float:
    """D.5 / D.6: the mean damage levels of die + attack against die + defense (the positive difference)."""
    diff = attack - defense
    return sum(p * max(0, diff + k) for k, p in zip(range(-5, 6), _diff_chance(diff)))


def torpedo_expected_levels(torpedoes: int, speed: int, rating: int, defense: int) -> float:
    """D.6: hits from die + torpedoes against die + Speed (1-2: one, 3-5: two, 6+: three, capped by the mount),
    then die + Damage Rating + 2 per extra hit against die + Defense."""
    total = 0.0
    for k, p in zip(range(-5, 6), _diff_chance(0)):
        diff = torpedoes - speed + k
        hits = min(torpedoes, 0 if diff <= 0 else 1 if diff <= 2 else 2 if diff <= 5 else 3)
        if hits:
            total += p * expected_levels(rating + 2 * (hits - 1), defense)
    return total


def class_named(side: str, name: str | None):
    """The class of an identified enemy ship from the name its card shows (D.4)."""
    if not name:
        return None
    return _class_names().get((side, name))


@lru_cache(maxsize=1)
def _class_names() -> dict[tuple[str, str], Any]:
    return {(c.navy, c.name): c for c in _rules().data.classes.values()}


@lru_cache(maxsize=1)
def _coast_names() -> frozenset[str]:
    """The land markers a supply run unloads at (their ids name a coast)."""
    return frozenset(m.name for m in _rules().data.markers.values() if "coast" in m.id)


def gun_modifier(bands: int, night: bool, radar_f: int) -> int:
    """Target Range Table plus the night penalty, which fire-control radar reaching the target cancels (F)."""
    d = _rules()
    r = d.range_modifier(bands)
    if r is None:
        return -99
    if night and not (radar_f and radar_f >= bands):
        r += d.environment("light", "night", "gunnery")
    return r


class Board:
    """One side's view read into its own divisions, the enemy's as it sees them, and the battle's situation."""

    def __init__(self, view: dict[str, Any], side: str):
        self.view = view
        self.side = side
        self.foe = "ijn" if side == "usn" else "usn"
        self.turn: int = view["turn"]
        self.turns: int = view["turns"]
        self.phase: str = view["phase"]
        self.scenario: str = view["scenario"]
        self.night = view["environment"]["light"] == "night"
        me = view["sides"][side]
        self.mission: str = me["mission"]
        self.home: int = me["home_edge"]
        self.far: int = BANDS + 1 - self.home
        self.combat = (me["commander"] or {}).get("combat", 0)
        self.divisions = {v["id"]: v for v in view["divisions"]}
        self.mine = [v for v in view["divisions"] if v["side"] == side and v["in_battle"]]
        self.enemy = [v for v in view["divisions"] if v["side"] == self.foe and v["in_battle"]]

    # -- own ships ---------------------------------------------------------------------------------------
    @staticmethod
    def afloat(div: dict[str, Any]) -> list[dict[str, Any]]:
        return [q for q in div["ships"] if q["status"] == "afloat"]

    def ship(self, q: str) -> dict[str, Any] | None:
        for div in self.mine:
            for sh in div["ships"]:
                if sh["id"] == q:
                    return sh
        return None

    def division_of(self, q: str) -> dict[str, Any] | None:
        for div in self.mine:
            if any(sh["id"] == q for sh in div["ships"]):
                return div
        return None

    @staticmethod
    def damaged(sh: dict[str, Any]) -> bool:
        """Heavily damaged (half its boxes filled), or its guns silenced: time to go home (C)."""
        boxes = sum(sh["boxes"])
        fp = max((b[1] - sh["structure"] for b in sh["batteries"]), default=0)
        return sh["structure"] + sh["flotation"] >= boxes / 2 or fp <= 1 and not any(sh["torpedoes"])

    @staticmethod
    def main_fp(sh: dict[str, Any]) -> int:
        return max(0, max((b[1] for b in sh["batteries"]), default=0) - sh["structure"])

    @staticmethod
    def type93(sh: dict[str, Any]) -> bool:
        """Loaded Type 93 mounts (the underlined mounts, D.6)."""
        mounts = _rules().ships[sh["id"]].mounts
        return any(n > 0 and m.type93 for n, m in zip(sh["torpedoes"], mounts))

    def radar_f(self, div: dict[str, Any]) -> int:
        """The fire-control radar range most of the division's gun power can use (F): the best of its ships
        that carry the biggest guns."""
        ships = self.afloat(div)
        return max((sh["radar"][1] for sh in ships if sh["radar"][1]), default=0)

    # -- the enemy --------------------------------------------------------------------------------------
    def nearest_enemy(self, band: int) -> dict[str, Any] | None:
        return min(self.enemy, key=lambda e: (abs(e["band"] - band), e["id"]), default=None)

    def enemy_fp(self) -> float:
        """The enemy's gun power as far as it is seen: identified classes count their FirePower, the rest an
        estimate; an unseen stack counts as the force's remaining ships spread over its divisions."""
        d = _rules().data
        force = self.view["sides"][self.foe]["force"].get("ships")
        lost = self.view["sides"][self.foe]["sunk"] + self.view["sides"][self.foe]["disengaged"]
        seen, unseen_divs, total = 0, 0, 0.0
        for e in self.enemy:
            ships = e["ships"] if isinstance(e["ships"], list) else []
            if not ships:
                unseen_divs += 1
            for sh in ships:
                seen += 1
                cls = class_named(self.foe, sh.get("class"))
                total += max(0, (cls.main_fp if cls else UNKNOWN_FP) - sh["structure"])
        if unseen_divs:
            left = (force - lost - seen) if force is not None else 2 * unseen_divs
            total += max(unseen_divs, left) * UNKNOWN_FP
        return total

    def division_fp(self, e: dict[str, Any]) -> float:
        """An enemy division's gun power as seen: identified ships by class, spotted ones an estimate, an
        unseen stack its share of the enemy ships still in the battle."""
        ships = e["ships"] if isinstance(e["ships"], list) else []
        if ships:
            total = 0.0
            for sh in ships:
                cls = class_named(self.foe, sh.get("class"))
                total += max(0, (cls.main_fp if cls else UNKNOWN_FP) - sh["structure"])
            return total
        foe = self.view["sides"][self.foe]
        force = foe["force"].get("ships")
        seen = sum(len(x["ships"]) for x in self.enemy if isinstance(x["ships"], list))
        unseen = sum(1 for x in self.enemy if not (isinstance(x["ships"], list) and x["ships"]))
        left = (force - foe["sunk"] - foe["disengaged"] - seen) / max(1, unseen) if force is not None else 3
        return max(1.0, left) * UNKNOWN_FP

    def my_fp(self) -> int:
        return sum(self.main_fp(sh) for div in self.mine for sh in self.afloat(div))

    def last_in_battle(self, div: dict[str, Any]) -> bool:
        """Whether this division is the side's last one in the battle (its leaving ends the battle)."""
        return all(v["id"] == div["id"] for v in self.mine)

    def ahead(self) -> bool:
        """Whether the side leads on the VP it can see: enemy ships sunk (their worth where it knows it, an
        estimate where not) against its own ships lost."""
        d = _rules()
        lost = sum(d.ships[sh["id"]].vp for v in self.view["divisions"] if v["side"] == self.side
                   for sh in v["ships"] if sh["status"] == "sunk")
        won = self.view["sides"][self.foe]["sunk"] * UNKNOWN_VP
        return won > lost

    def enemy_torpedo_reach(self) -> int:
        """How far enemy torpedoes may reach: Long Lances (3 bands) for the IJN, 2 for the USN."""
        return 3 if self.foe == "ijn" else 2

    def enemy_torpedoes_allowed(self, bands: int) -> bool:
        """D.6: whether the enemy's torpedoes (Long Lances for the IJN) may be fired at this range this turn."""
        return bands <= self.enemy_torpedo_reach() and _rules().data.torpedo_allowed(bands, self.turn,
                                                                                      self.foe == "ijn")

    @staticmethod
    def mounts(div: dict[str, Any]) -> list:
        """The loaded torpedo mounts of the division's ships afloat (its own ship cards, D.6)."""
        cards = _rules().ships
        return [m for sh in Board.afloat(div) for m, n in zip(cards[sh["id"]].mounts, sh["torpedoes"]) if n > 0]

    def torpedo_boats(self, div: dict[str, Any]) -> bool:
        """Torpedoes are the division's main weapon: every ship afloat has a loaded mount whose Damage Rating
        beats her main battery's FirePower (PT boats; not a US destroyer, whose guns are as good)."""
        cards = _rules().ships
        ships = self.afloat(div)
        return bool(ships) and all(any(n > 0 and m.damage_rating > self.main_fp(sh)
                                       for m, n in zip(cards[sh["id"]].mounts, sh["torpedoes"])) for sh in ships)

    def has_edge(self) -> bool:
        """The edge that makes closing under darkness pay: fire-control radar, Type 93 torpedoes, or more guns."""
        radar = any(sh["radar"][1] for div in self.mine for sh in self.afloat(div))
        lances = any(self.type93(sh) for div in self.mine for sh in self.afloat(div))
        return radar or lances or self.my_fp() >= self.enemy_fp()


# -- D.3 Movement -------------------------------------------------------------------------------------------
def movement_order(b: Board, decision: Decision) -> str | None:
    """D.3: the initiative winner moves after the enemy, to answer its move (as Blue does at Cape Esperance)."""
    return _find(decision, "move-second")


def objective_band(b: Board, div: dict[str, Any]) -> int | None:
    """Where a mission division is going (B, D.8): transports and bombardment ships to the far band, supply
    ships to the coast; None for a fighting division."""
    role = div.get("role", "")
    if role in ("transport", "bombardment"):
        return b.far
    if role == "supply":
        coasts = [m["band"] for m in b.view["land"] if m["name"] in _coast_names()]
        return min(coasts, key=lambda x: abs(x - div["band"])) if coasts else b.far
    return None


def desired_range(b: Board, div: dict[str, Any]) -> int:
    """The range a fighting division wants to its nearest enemy: point blank (1 band: +1 and torpedoes every
    turn) with Long Lances or the edge; the range its fire-control radar cancels the night penalty when the enemy
    carries Long Lances (fewer turns they may fire); without the edge, one band beyond the enemy's torpedoes, or,
    for torpedo boats on a patrol or attack mission, the reach of their own torpedoes (their only weapon)."""
    ships = b.afloat(div)
    if any(b.type93(sh) for sh in ships) or not b.night:
        return 1 if b.has_edge() else 2
    enemy = b.nearest_enemy(div["band"])
    outgunned = enemy is not None and sum(b.main_fp(sh) for sh in ships) < b.division_fp(enemy)
    if not b.has_edge() or (outgunned and not b.radar_f(div)):
        if b.mission in ("patrol", "attack") and b.torpedo_boats(div):
            return max(m.reach for m in b.mounts(div))   # torpedo boats: in the dark to their own torpedoes' reach
        return b.enemy_torpedo_reach() + 1           # stand off out of their torpedoes' reach
    radar = b.radar_f(div)
    if radar and b.foe == "ijn":
        return max(1, min(radar, 2))
    return 1


def toward(band: int, goal: int) -> int:
    return band + (goal > band) - (goal < band)


def waits_for_the_table(b: Board, div: dict[str, Any], now: int, then: int) -> bool:
    """D.6 (after D.5): a division carrying torpedoes does not step from `now` bands to `then`, within its
    torpedoes' reach, when the Torpedo Attack Allowance Table lets none of them fire at `then` on this turn (it
    would take the enemy's gunfire with its torpedoes aboard), as long as holding at `now` keeps it out of the
    enemy's torpedoes this turn. Bands and turn are public; it steps in on the turn the table allows."""
    mounts = b.mounts(div)
    if not mounts or then > max(m.reach for m in mounts):
        return False
    if any(_rules().torpedo_allowed(m, then, b.turn) for m in mounts):
        return False
    return not b.enemy_torpedoes_allowed(now)


def move_division(b: Board, decision: Decision) -> str | None:
    """D.3 and C: detach a damaged ship to disengage toward home; a damaged division heads home; a mission
    division makes for its objective; a fighting division closes to (or opens to) its desired range."""
    opts = decision.options
    div_id = opts[0].fields["division"]
    div = b.divisions[div_id]
    ships = b.afloat(div)
    # a detached disengaging ship has one way to go
    if div["detached"] == "disengage":
        return next((o.id for o in opts if o.fields["verb"] == "move"), "hold")
    # C: a damaged ship leaves its division for home
    if len(ships) > 1:
        for sh in ships:
            if b.damaged(sh) or (sh["speed"] <= 3 and max(x["speed"] for x in ships) >= 5):
                oid = next((o.id for o in opts if o.fields["verb"] == "detach" and o.fields["ship"] == sh["id"]
                            and o.fields["purpose"] == "disengage" and o.fields["band"] == b.home), None)
                if oid:
                    return oid
    goal = None
    if all(b.damaged(sh) for sh in ships) or div["detached"] == "damage":
        goal = b.home
    elif (target := objective_band(b, div)) is not None:
        goal = target
    else:
        enemy = b.nearest_enemy(div["band"])
        if enemy is None:
            return "hold"
        r = abs(enemy["band"] - div["band"])
        want = desired_range(b, div)
        if r > want:
            if waits_for_the_table(b, div, r, r - 1):
                return "hold"
            goal = enemy["band"]
        elif r < want and b.foe == "ijn" and b.radar_f(div):
            goal = div["band"] + (1 if div["band"] >= enemy["band"] else -1)   # open to radar range
        else:
            return "hold"
    if goal == div["band"]:
        return "hold"
    step = toward(div["band"], goal)
    return next((o.id for o in opts if o.fields["verb"] == "move" and o.fields["band"] == step), "hold")


def manoeuvre(b: Board, decision: Decision) -> str | None:
    """D.3 and K: smoke and evasive manoeuvres for a division on its way out; a mission division that will not
    fire manoeuvres evasively; a fighting division holds a steady course for its guns."""
    div = b.divisions[decision.options[0].fields["division"]]
    ships = b.afloat(div)
    leaving = (div["detached"] in ("disengage", "damage") or all(b.damaged(sh) for sh in ships)
               or (div.get("role") in ("transport", "bombardment") and div["band"] == b.far))
    if leaving:
        return _find(decision, "evasive+smoke") or _find(decision, "smoke") or "evasive"
    if div.get("role") in ("transport", "supply", "bombardment"):
        return "evasive"
    return "steady"


# -- J Searchlights ------------------------------------------------------------------------------------
def enemy_detection(b: Board, div: dict[str, Any]) -> int:
    """D.4: the modifiers of the enemy's detection roll against this division, as far as they are public: the
    enemy commander's Detection (E), the range from the enemy's nearest division not making smoke, the light,
    weather, visibility and sea (and the events that change them, D.1), the enemy's intelligence this turn (H),
    +1 for the USN's search radar within 3 bands (F; its cards are not seen, its navy is), +2 at night for a
    burning ship of the division's own."""
    d = _rules()
    foe = b.view["sides"][b.foe]
    near = min((abs(e["band"] - div["band"]) for e in b.enemy if not e["smoke"]), default=None)
    if near is None or d.data.detection_range_modifier(near) is None:
        return -99
    mod = (foe["commander"] or {}).get("detection", 0) + d.detection_range_modifier(near)
    env = dict(b.view["environment"])
    events = [(k, v, on) for k, v, _, on in b.view["events"]]
    if env["weather"] == "fair" and any(k == "weather" and on == "battle" for k, _, on in events):
        env["weather"] = "poor"
    mod += sum(d.environment(kind, value, "detection") for kind, value in env.items())
    mod += sum(v for k, v, on in events if (k, on) in (("visibility", "battle"), ("detection", b.foe)))
    if b.view["options"].get("intelligence") and foe["intelligence"]:
        mod += d.intelligence_detection(foe["intelligence"], b.turn)
    if b.foe == "usn" and near <= 3:
        mod += d.data.detection_mods["radar_in_range"]
    if b.night and any(sh["fire"] for sh in b.afloat(div)):
        mod += d.data.detection_mods["target_burning_night"]
    return mod


def searchlights(b: Board, decision: Decision) -> str | None:
    """J: only a side with no radar at all lights up, and only a fighting division with an enemy division
    within 2 bands (it spots it, but is seen by every enemy within 3) that the enemy would likely see anyway
    (its public detection modifiers against it are 0 or more: a 3 on the die spots it); never PT boats, whose
    darkness is their only defence."""
    if any(sh["radar"][0] or sh["radar"][1] for div in b.mine for sh in b.afloat(div)):
        return "dark"
    best = None
    for o in decision.options:
        if o.fields["verb"] != "lights":
            continue
        div = b.divisions[o.fields["division"]]
        if div.get("role") or div["detached"] in ("disengage", "damage"):
            continue
        if any(sh["type"] == "PT" for sh in b.afloat(div)) or enemy_detection(b, div) < 0:
            continue
        enemy = b.nearest_enemy(div["band"])
        if enemy is None:
            continue
        r = abs(enemy["band"] - div["band"])
        if r <= 2 and (best is None or r < best[0]):
            best = (r, o.id)
    return best[1] if best else "dark"


# -- D.5 / D.6 Fire ------------------------------------------------------------------------------------
def land_in_reach(b: Board, div: dict[str, Any]) -> bool:
    """D.5 bombardment: an enemy land unit still standing within reach of a battery of the division that still
    has FirePower (only a side on a bombardment mission has one)."""
    if b.mission != "bombardment":
        return False
    return any(not u["destroyed"] and bat[2] >= abs(u["band"] - div["band"]) and bat[1] > sh["structure"]
               for u in b.view["land_units"] for sh in b.afloat(div) for bat in sh["batteries"])


def keeps_hidden(b: Board, div: dict[str, Any], revealed: set[str]) -> bool:
    """D.4: an undetected division that fires its guns is Spotted for the turn (and open to torpedoes). A
    transport or supply division holds its gunfire; so does a torpedo division still closing (Scott's second
    division at Cape Esperance) unless a damaged enemy ship is there to finish; a bombardment division holds it
    only while the land target is out of its reach (shelling it is its mission)."""
    if div["detected"] != "undetected" or div["id"] in revealed:
        return False
    if div.get("role") in ("transport", "supply", "bombardment"):
        return not land_in_reach(b, div)              # a bombardment's guns are there for the land target
    ships = b.afloat(div)
    torpedo_div = all(sh["type"] in ("DD", "PT") for sh in ships) and any(any(sh["torpedoes"]) for sh in ships)
    if not torpedo_div:
        return False
    enemy = b.nearest_enemy(div["band"])
    if enemy is None:
        return False
    if abs(enemy["band"] - div["band"]) > b.enemy_torpedo_reach():
        return False                                   # nothing of theirs could answer: firing costs nothing
    worth = any(sh["structure"] + sh["flotation"] >= DAMAGED_MARKERS
                for e in b.enemy for sh in (e["ships"] if isinstance(e["ships"], list) else [])
                if abs(e["band"] - div["band"]) <= 3)
    return not worth


def fire_unit(b: Board, decision: Decision, agent: "HeuristicAgent") -> str | None:
    """D.5 / D.6: the heaviest gun (or fullest torpedo ship) fires first; hidden divisions hold their guns; the
    rest fire everything they may (torpedoes whenever the allowance table lets them)."""
    gunnery = b.phase == "gunnery"
    best = None
    for o in decision.options:
        if o.fields["verb"] != "fire":
            continue
        q = o.fields["ship"]
        sh = b.ship(q)
        div = b.division_of(q)
        if sh is None or div is None:
            continue
        if gunnery and keeps_hidden(b, div, agent.revealed.get(b.turn, set())):
            continue
        worth = b.main_fp(sh) if gunnery else sum(sh["torpedoes"])
        if best is None or worth > best[0]:
            best = (worth, o.id, q, div["id"])
    if best is None and not any(o.id == "cease" for o in decision.options):
        # I: a ship that took a friend for the enemy must fire before her side may stop: let her (the first)
        o = next(o for o in decision.options if o.fields["verb"] == "fire")
        best = (0, o.id, o.fields["ship"], o.fields["division"])
    if best is None:
        return "cease"
    agent.shooter = best[2]
    if gunnery:
        agent.revealed.setdefault(b.turn, set()).add(best[3])
    return best[1]


def _target_class(fields: dict[str, Any]):
    cls = fields.get("class")
    return _rules().data.classes.get(cls) if cls else None


def _seen(b: Board, fields: dict[str, Any]) -> dict[str, Any]:
    div = b.divisions.get(fields["division"], {})
    ships = div.get("ships")
    if isinstance(ships, list):
        for sh in ships:
            if sh.get("position") == fields["position"]:
                return sh
    return {}


def choose_target(b: Board, decision: Decision, agent: "HeuristicAgent") -> str | None:
    """D.4-D.6: the target with the most expected worth: damage levels expected (FirePower or the mount against
    Defense + Size, by range, night and radar) times what the ship is worth, more for a ship already damaged
    (nearer to sinking); a bombardment's land unit by the levels it may take. It fires on a friend taken for the
    enemy (I) only when the rule leaves it no other answer."""
    d = _rules()
    shooter = b.ship(agent.shooter) if agent.shooter else None
    radar_f = shooter["radar"][1] if shooter else 0
    fp = b.main_fp(shooter) if shooter else UNKNOWN_FP
    mounts = d.ships[agent.shooter].mounts if shooter else ()
    torps = max(shooter["torpedoes"], default=0) if shooter else 4
    rating = max((m.damage_rating for m in mounts), default=5)
    best = None
    for o in decision.options:
        f = o.fields
        if f["verb"] != "aim":
            continue
        if "land" in f:                                # D.5 bombardment: each level scores for the mission
            land = d.data.land_units[f["land"]]
            value = expected_levels(fp + gun_modifier(f["range"], b.night, radar_f) + b.combat, land.defense) \
                * max(2.0, land.vp / 4)
            if best is None or value > best[0]:
                best = (value, o.id)
            continue
        if b.divisions.get(f["division"], {}).get("side") == b.side:
            continue                                   # I: a friend taken for the enemy
        cls = _target_class(f)
        seen = _seen(b, f)
        markers = seen.get("structure", 0) + seen.get("flotation", 0)
        if cls:
            defense, size, speed, vp = cls.defense, cls.size, cls.speed, cls.vp
            boxes = cls.structure + cls.flotation
        else:
            defense, size, speed, vp, boxes = UNKNOWN_DEFENSE - 1, 1, UNKNOWN_SPEED, UNKNOWN_VP, 6
        if b.phase == "torpedo":
            levels = torpedo_expected_levels(torps, max(0, speed - seen.get("flotation", 0)), rating, defense)
        else:
            levels = expected_levels(fp + gun_modifier(f["range"], b.night, radar_f) + b.combat, defense + size)
        left = max(1, boxes - markers)
        value = levels * vp * (1 + markers / left) + 0.01 * (6 - f["range"])
        if best is None or value > best[0]:
            best = (value, o.id)
    held = any(o.id == "hold" for o in decision.options)
    if best is None or best[0] <= 0.0:
        return "hold" if held else decision.options[0].id   # I: a mistaken ship must fire on her friend
    return best[1]


# -- D.8 Disengagement ------------------------------------------------------------------------------------
def disengage(b: Board, decision: Decision) -> str | None:
    """C, D.8: leave the battle with a damaged division, a mission division at its far band (the bonus needs it
    out), or a division at its home edge with nothing left to fight with; otherwise stay."""
    div = b.divisions[decision.options[0].fields["division"]]
    ships = b.afloat(div)
    if div.get("role") in ("transport", "bombardment") and div["band"] == b.far:
        return "disengage"
    if b.last_in_battle(div) and not b.ahead():
        return "stay"                  # leaving now ends the battle with the enemy ahead (Victory)
    if div["detached"] in ("disengage", "damage") or all(b.damaged(sh) for sh in ships):
        return "disengage"
    if div["band"] == b.home and not any(b.main_fp(sh) > 1 or any(sh["torpedoes"]) for sh in ships):
        return "disengage"
    return "stay"


def _find(decision: Decision, oid: str) -> str | None:
    return oid if any(o.id == oid for o in decision.options) else None


# -- A, E, G: the set-up of a generated battle or a campaign mission ----------------------------------------
def _card_worth(ship: str) -> float:
    """What a ship brings to a night action: VP of its class (its size), plus its radar and Long Lances."""
    card = _rules().ships[ship]
    return card.vp + 2 * (card.radar_f + card.radar_s) / 3 + 3 * any(m.type93 for m in card.mounts) \
        + sum(b.firepower for b in card.batteries) / 4


def assign_ship(decision: Decision) -> str:
    """G: take every ship the limits allow, the strongest first (a bigger force wins more night actions)."""
    adds = [o for o in decision.options if o.fields["verb"] == "add"]
    if not adds:
        return "done"
    return max(adds, key=lambda o: (_card_worth(o.fields["ship"]), o.id)).id


def pick_commander(decision: Decision) -> str:
    """A, G: the best-rated commander, the likelier to be available on a tie."""
    cards = _rules().commanders

    def worth(o) -> tuple:
        k = cards[o.fields["commander"]]
        return (k.combat + k.cohesion + k.detection, o.fields.get("availability", 0), o.id)
    return max(decision.options, key=worth).id


def flagship(decision: Decision) -> str:
    """E: the commander sails in the stoutest ship (the death roll comes with structure damage)."""
    cards = _rules().ships
    return max(decision.options, key=lambda o: (cards[o.fields["ship"]].structure + cards[o.fields["ship"]].defense,
                                               o.id)).id


def experience_trait(decision: Decision) -> str:
    """E: experience goes to Combat first (it adds to every gun and torpedo roll), then Detection, then Cohesion."""
    order = {"combat": 0, "detection": 1, "cohesion": 2}
    return min(decision.options, key=lambda o: (order.get(o.id.partition(":")[2], 9), o.id)).id


SET_UP = {"assign-ship": assign_ship, "pick-commander": pick_commander, "flagship": flagship,
          "experience-trait": experience_trait}


class HeuristicAgent(Agent):
    """Plays a night action as the rulebook's example does: close in the dark with the edge, shoot with radar,
    hold a hidden torpedo division's guns, time the approach to the torpedo allowance table and fire when allowed,
    shell the land target, send damaged ships home."""

    name = "heuristic"

    def __init__(self, side: str, seed: int | None = None):
        super().__init__(side, seed)
        self.shooter: str = ""                         # the ship this agent picked to fire (its targets follow)
        self.revealed: dict[int, set[str]] = {}        # turn -> own divisions whose guns gave them away

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        oid = self.decide(view, decision)
        if oid is None or oid not in {o.id for o in decision.options}:
            oid = self.rng.choice(decision.options).id     # a safety net: never an illegal answer
        return oid

    def decide(self, view: dict[str, Any], decision: Decision) -> str | None:
        """The heuristic's answer by the decision's kind (flow.DECISION_KINDS), or None."""
        kind = decision.kind
        if kind in SET_UP:                              # A, E, G: a generated battle's or campaign's set-up
            return SET_UP[kind](decision)
        b = Board(view, decision.side)
        if kind == "movement-order":
            return movement_order(b, decision)
        if kind == "move-division":
            return move_division(b, decision)
        if kind == "manoeuvre":
            return manoeuvre(b, decision)
        if kind == "searchlights":
            return searchlights(b, decision)
        if kind == "fire-unit":
            return fire_unit(b, decision, self)
        if kind == "choose-target":
            return choose_target(b, decision, self)
        if kind == "disengage":
            return disengage(b, decision)
        return None


register_agent("nights-of-fury", "heuristic", HeuristicAgent)
