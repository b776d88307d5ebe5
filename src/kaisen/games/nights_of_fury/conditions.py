"""The Reference Chart's conditions on gunnery, torpedo and disengagement rolls (D.5, D.6, D.8, J, K) and the
Random Events in force (D.1): what the light, weather and sea, radar, searchlights, smoke, evasive manoeuvres
and events add to a roll. Each returns (what, modifier) pairs, so a roll can be shown with its arithmetic."""
from __future__ import annotations

from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.state import other


def lit_target(c: Ctx, lit) -> str | None:
    """The single enemy division a searchlight division picks out: the nearest (first in order on a tie)."""
    best = None
    for e in c.divisions_of(other(lit.side)):
        r = abs(e.band - lit.band)
        if r <= 2 and (best is None or r < best[0]):
            best = (r, e.id)
    return best[1] if best else None



def effect(c: Ctx, kind: str, *targets: str) -> int:
    """The sum of the Random Events of a kind in force this turn on any of `targets` (a ship, a side, a division,
    or "battle")."""
    s = c.s
    return sum(v for k, v, last, on in s.effects if k == kind and on in targets and last >= s.turn)


def has_effect(c: Ctx, kind: str, *targets: str) -> bool:
    s = c.s
    return any(k == kind and on in targets and last >= s.turn for k, v, last, on in s.effects)


def environment(c: Ctx, roll: str) -> list[tuple[str, int]]:
    """The light, weather, visibility and sea of the scenario (weather and visibility as events change them)."""
    d, s = c.d, c.s
    sc = d.scenario(s.scenario)
    weather = "poor" if has_effect(c, "weather", "battle") and sc.weather == "fair" else sc.weather
    out = []
    for kind, value in (("light", sc.light), ("weather", weather), ("visibility", sc.visibility), ("sea", sc.sea)):
        m = d.environment(kind, value, roll)
        if m:
            out.append((f"{value} {'' if kind == 'light' else kind}".strip(), m))
    if roll == "detection":
        v = effect(c, "visibility", "battle")
        if v:
            out.append(("the moon breaks through", v))
    return out


def night_penalty(c: Ctx, q: str, t: str, r: int) -> list[tuple[str, int]]:
    """The light's gunnery penalty (designed, DATA.md): cancelled by fire-control radar that reaches the target
    (unless land clutter spoils it, F); lessened to -1 (J) against the one enemy division the firer's searchlights
    pick out, and for anyone firing at a ship using searchlights within 3 bands."""
    d = c.d
    light = [(label, v) for label, v in environment(c, "gunnery") if label in d.light_ids]
    if not light:
        return []
    sp = c.spec(q)
    if sp.radar_f and sp.radar_f >= r and not has_effect(c, "radar_out", q) and c.s.rolls.get("gun-clutter", 6) >= 4:
        return [("fire-control radar in range", 0)]
    mine, theirs = c.division_of(q), c.division_of(t)
    lit = (theirs.searchlight and abs(mine.band - theirs.band) <= c.d.data.detection_mods["searchlight_seen_bands"]) \
        or (mine.searchlight and lit_target(c, mine) == theirs.id)
    if lit:
        return [("night, searchlights", d.gunnery_value("searchlight_night"))]
    return light


def gunnery(c: Ctx, q: str, t: str, r: int) -> list[tuple[str, int]]:
    d = c.d
    mine, theirs = c.division_of(q), c.division_of(t)
    out = night_penalty(c, q, t, r)
    out += [(label, v) for label, v in environment(c, "gunnery") if label not in d.light_ids]
    if theirs.smoke:
        out.append(("target making smoke", d.gunnery_value("target_smoke")))
    if mine.smoke:
        out.append(("firing through own smoke", d.gunnery_value("firer_smoke")))
    if theirs.evasive:
        out.append(("target manoeuvring", d.gunnery_value("target_evasive")))
    if mine.evasive:
        out.append(("manoeuvring", d.gunnery_value("firer_evasive")))
    return out + _events(c, q, "gunnery")


def _events(c: Ctx, q: str, kind: str) -> list[tuple[str, int]]:
    """D.1: the Random Events in force on the firing ship (gunnery or torpedo) and on her side's Combat."""
    out = []
    ev = effect(c, kind, q)
    if ev:
        out.append(("event", ev))
    cb = effect(c, "combat", c.side_of(q))
    if cb:
        out.append(("garbled signals", cb))
    return out


def defense(c: Ctx, t: str) -> list[tuple[str, int]]:
    return []


def torpedo(c: Ctx, q: str, t: str) -> list[tuple[str, int]]:
    return [(label, v) for label, v in environment(c, "torpedo") if v] + _events(c, q, "torpedo")


def torpedo_defense(c: Ctx, t: str) -> list[tuple[str, int]]:
    return []


def disengage(c: Ctx, q: str) -> list[tuple[str, int]]:
    """D.8 Disengagement Table modifiers: darkness, smoke, an enemy close on the ship's heels."""
    d, s = c.d, c.s
    div = c.division_of(q)
    out = []
    if d.is_night(s.scenario):
        out.append(("night", d.disengage_value("night")))
    if div.smoke:
        out.append(("smoke", d.disengage_value("smoke")))
    side = c.side_of(q)
    if any(abs(e.band - div.band) <= 1 and s.level(e.side, div.id) > 0 for e in c.divisions_of(other(side))):
        out.append(("pursued", d.disengage_value("pursued")))
    return out
