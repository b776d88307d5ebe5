"""D.5 Gunnery Phase: each battery's FirePower + die (+ range, Combat and conditions) against the target's
Defense + Size + die; the difference is the damage levels, each rolled on the Gunnery Damage Allocation Table."""
from __future__ import annotations

from types import SimpleNamespace

from kaisen.engine.core import Chance
from kaisen.games.nights_of_fury import conditions, damage, fire
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.state import UNSEEN, other

KIND = "gunnery"


def start(c: Ctx) -> None:
    fire.begin(c, KIND)


def weapons(c: Ctx, q: str) -> list[int]:
    """The ship's batteries that have a target now."""
    return [i for i in range(len(c.spec(q).batteries)) if targets(c, q, i)]


def firepower(c: Ctx, q: str, i: int) -> int:
    """A battery's FirePower less what damage has taken from it (Damage Effects Table)."""
    st = c.s.ships[q]
    return max(0, c.spec(q).batteries[i].firepower - c.d.firepower_loss(c.spec(q), st.structure, st.flotation))


def describe(c: Ctx, q: str) -> str:
    return ", ".join(f"{b.name} FP {firepower(c, q, i)}" for i, b in enumerate(c.spec(q).batteries))


def weapon_name(c: Ctx, q: str, i: int) -> str:
    return f"{c.spec(q).batteries[i].name} battery (FirePower {firepower(c, q, i)})"


def targets(c: Ctx, q: str, i: int):
    """Enemy ships in detected divisions within the battery's reach (Target Range Table); a ship that took a
    friend for the enemy (I) has only that friend."""
    s = c.s
    forced = s.mistaken.get(q)
    if forced:
        div = c.division_of(forced)
        return [(div, pos, t) for pos, t in fire.positions(c, div) if t == forced]
    st = s.ships[q]
    if firepower(c, q, i) <= 0 or c.d.out_of_action(c.spec(q), st.structure, st.flotation):
        return []
    mine = c.division_of(q)
    reach = c.spec(q).batteries[i].reach
    out = []
    for div in fire.eligible_divisions(c, c.side_of(q), False):
        r = abs(div.band - mine.band)
        if r <= reach and c.d.range_modifier(r) is not None:
            out.extend((div, pos, t) for pos, t in fire.positions(c, div))
    for unit, band in land_targets(c, c.side_of(q)):
        r = abs(band - mine.band)
        if r <= reach and c.d.range_modifier(r) is not None:
            out.append((None, band, "land:" + unit))
    return out


def land_targets(c: Ctx, side: str) -> list[tuple[str, int]]:
    """D.5: the enemy land units still standing (a bombardment's targets; always in sight), with their bands.
    A land unit belongs to the side that does not bombard it (Henderson Field is the USN's)."""
    s, d = c.s, c.d
    if d.mission(s.scenario, side) != "bombardment":
        return []
    return [(u.unit, u.band) for u in d.scenario(s.scenario).land_unit
            if s.land.get(u.unit, 0) < d.land_destroyed]


def attack_modifiers(c: Ctx, q: str, i: int, t: str) -> list[tuple[str, int]]:
    """The firer's side of a gunnery roll: FirePower, range, Combat (E), and the conditions of the Reference
    Chart (night, radar, smoke K, searchlights J, evasive manoeuvres, events; the mistaken target -2, I)."""
    s, d = c.s, c.d
    r = abs(c.division_of(q).band - c.division_of(t).band)
    mods = [("FirePower", firepower(c, q, i)), (f"range {r}", d.range_modifier(r)),
            ("Combat", c.rating(c.side_of(q), "combat"))]
    mods.extend(conditions.gunnery(c, q, t, r))
    if s.mistaken.get(q) == t:
        mods.append(("mistaken target", -2))
    return [(label, v) for label, v in mods if v or label == "FirePower"]


def defense_modifiers(c: Ctx, t: str) -> list[tuple[str, int]]:
    """The target's side: Defense + Size (+ conditions such as evasive manoeuvres)."""
    sp = c.spec(t)
    mods = [("Defense", sp.defense), ("Size", sp.size)]
    mods.extend(conditions.defense(c, t))
    return [(label, v) for label, v in mods if v or label in ("Defense", "Size")]


def aimed(c: Ctx) -> None:
    """F: radar of rating 3 or less aiming into a land marker's band is cluttered on 1-3: roll first when the
    battery's fire-control radar is what spares it the night penalty."""
    f = c.s.fire
    if f.target.startswith("land:"):
        c.s.step = "shot"
        return
    sp = c.spec(f.shooter)
    r = abs(c.division_of(f.shooter).band - c.division_of(f.target).band)
    marker = c.d.marker_at(c.s.scenario, c.division_of(f.target).band)
    clutter = (marker is not None and marker.clutter and c.d.is_night(c.s.scenario)
               and 0 < sp.radar_f <= c.d.data.detection_mods["radar_clutter_max_rating"] and sp.radar_f >= r
               and not conditions.has_effect(c, "radar_out", f.shooter))
    c.s.step = "gun-clutter" if clutter else "shot"


def pause_clutter(c: Ctx, arg: str) -> Chance:
    f = c.s.fire
    return Chance((6,), f"Land clutter: does {public_name(c, f.shooter)}'s fire-control radar see the target? "
                        f"(4-6 it does)", "F", ("clutter",))


def on_clutter(c: Ctx, arg: str, faces) -> None:
    c.s.rolls["gun-clutter"] = faces[0]
    c.note("gunnery", "F", _clutter_text, public_name(c, c.s.fire.shooter), faces[0])
    c.s.step = "shot"


def _clutter_text(who, face) -> str:
    return f"Land clutter roll {face} for {who}: " + ("the radar sees the target" if face >= 4 else
                                                     "the radar sees nothing but land")


def land_modifiers(c: Ctx, q: str, i: int, unit: str) -> list[tuple[str, int]]:
    """Bombardment (D.5): FirePower, range, Combat and the light (fire-control radar in range cancels the night
    penalty; the land does not clutter a shot at itself), weather and sea."""
    band = next(u.band for u in c.d.scenario(c.s.scenario).land_unit if u.unit == unit)
    r = abs(c.division_of(q).band - band)
    mods = [("FirePower", firepower(c, q, i)), (f"range {r}", c.d.range_modifier(r)),
            ("Combat", c.rating(c.side_of(q), "combat"))]
    sp = c.spec(q)
    for label, v in conditions.environment(c, "gunnery"):
        if label in c.d.light_ids and sp.radar_f and sp.radar_f >= r:
            continue
        mods.append((label, v))
    return [(label, v) for label, v in mods if v or label == "FirePower"]


def _pause_land_shot(c: Ctx) -> Chance:
    f = c.s.fire
    unit = f.target[5:]
    a = land_modifiers(c, f.shooter, f.weapon, unit)
    dfn = [("Defense", c.d.data.land_units[unit].defense)]
    return Chance((6, 6), f"{public_name(c, f.shooter)} {c.spec(f.shooter).batteries[f.weapon].name} battery "
                          f"bombards {c.d.data.land_units[unit].name}: attack die {fire.signed(a)} against defense die "
                          f"{fire.signed(dfn)}", "D.5", ("attack", "defense"))


def _on_land_shot(c: Ctx, faces) -> None:
    """D.5: Damage Levels on a land unit go straight onto it; 4 or more in all destroy it."""
    s = c.s
    f = s.fire
    unit = f.target[5:]
    att = faces[0] + sum(v for _, v in land_modifiers(c, f.shooter, f.weapon, unit))
    dfn = faces[1] + c.d.data.land_units[unit].defense
    levels = max(0, att - dfn)
    before = s.land.get(unit, 0)
    s.land[unit] = before + levels
    c.note("gunnery", "D.5", _land_text, public_name(c, f.shooter), c.d.data.land_units[unit].name, faces[0], att,
           faces[1], dfn, levels, s.land[unit], s.land[unit] >= c.d.land_destroyed > before)
    f.left = f.left[1:]
    fire.next_weapon(c)


def _land_text(q, name, fa, att, fd, dfn, levels, total, destroyed) -> str:
    return (f"{q} bombards {name}: attack {fa} -> {att}, defense {fd} -> {dfn}: {levels} damage level(s), "
            f"{total} in all" + ("; destroyed" if destroyed else ""))


def pause_shot(c: Ctx, arg: str) -> Chance:
    f = c.s.fire
    if f.target.startswith("land:"):
        return _pause_land_shot(c)
    a = attack_modifiers(c, f.shooter, f.weapon, f.target)
    dfn = defense_modifiers(c, f.target)
    return Chance((6, 6), f"{public_name(c, f.shooter)} {c.spec(f.shooter).batteries[f.weapon].name} battery: attack die "
                          f"{fire.signed(a)} against defense die {fire.signed(dfn)}", "D.5", ("attack", "defense"))


def on_shot(c: Ctx, arg: str, faces) -> None:
    s = c.s
    f = s.fire
    if f.target.startswith("land:"):
        _on_land_shot(c, faces)
        return
    q, t, i = f.shooter, f.target, f.weapon
    att = faces[0] + sum(v for _, v in attack_modifiers(c, q, i, t))
    dfn = faces[1] + sum(v for _, v in defense_modifiers(c, t))
    levels = max(0, att - dfn)
    c.note("gunnery", "D.5", _shot_text, c.side_of(q), public_name(c, q), public_name(c, t), faces[0], att, faces[1],
           dfn, levels)
    f.left = f.left[1:]
    s.mistaken.pop(q, None)
    s.rolls.pop("gun-clutter", None)
    if not levels:
        fire.next_weapon(c)
        return
    f.levels = levels
    s.step = "gun-damage"


def pause_damage(c: Ctx, arg: str) -> Chance:
    f = c.s.fire
    return Chance((6,) * f.levels, f"Gunnery Damage Allocation: {f.levels} damage level(s) on "
                                   f"{public_name(c, f.target)} (1-4 structure, 5 flotation, 6 both and a "
                                   f"fire roll)", "D.5", tuple(f"level {n + 1}" for n in range(f.levels)))


def on_damage(c: Ctx, arg: str, faces) -> None:
    f = c.s.fire
    st, fl, six = damage.split(c, faces, torpedo=False)
    damage.apply_points(c, f.target, st, fl, "D.5", six=six)
    f.levels = 0
    damage.then(c, "shot")


def unit_fired(c: Ctx, q: str) -> None:
    """D.4: a division that fires its guns while undetected is Spotted for the rest of the turn (from the end of
    the Gunnery Phase, as the Cape Esperance report plays it: the enemy does not fire back in the same phase)."""
    s = c.s
    div = s.ships[q].division
    if s.level(other(c.side_of(q)), div) == UNSEEN and div not in s.fired_spotted:
        s.fired_spotted = s.fired_spotted + (div,)


def phase_over(c: Ctx) -> None:
    pass


def public_name(c: Ctx, t: str) -> str:
    return c.public(t)


def _shot_text(side, q, t, fa, att, fd, dfn, levels) -> str:
    return (f"{q} fires at {t}: attack {fa} -> {att}, defense {fd} -> {dfn}: "
            + (f"{levels} damage level(s)" if levels else "no damage"))


fire.WEAPONS[KIND] = SimpleNamespace(
    weapons=weapons, targets=targets, describe=describe, weapon_name=weapon_name, unit_fired=unit_fired,
    phase_over=phase_over, rule="D.5", noun="gunfire", title="Gunnery", hold_label="Hold fire", aimed=aimed)

PAUSES = {"shot": pause_shot, "gun-damage": pause_damage, "gun-clutter": pause_clutter}
ANSWERS = {"shot": on_shot, "gun-damage": on_damage, "gun-clutter": on_clutter}
