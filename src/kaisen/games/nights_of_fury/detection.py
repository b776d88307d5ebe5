"""D.4 Detection Phase: each side rolls a die for each enemy division within 6 range bands; with the modifiers of
the Reference Chart a total of 3-4 Spots it and 5 or more Identifies it. Radar and land clutter (F), searchlights
(J), smoke (K), the intelligence levels (H) and the mistaken target (I) take part here."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option
from kaisen.games.nights_of_fury import conditions
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.state import (IDENTIFIED, LEVEL_NAME, MAX_DETECTION, SPOTTED, UNSEEN, Division,
                                               other)


def start(c: Ctx) -> None:
    s = c.s
    s.detected = {}
    for k, div in list(s.divisions.items()):
        if div.searchlight:
            s.divisions[k] = div._replace(searchlight=False)
    order = (s.initiative, other(s.initiative))
    if s.option("searchlights") and c.d.is_night(s.scenario):
        s.todo = tuple(side for side in order if _light_candidates(c, side))
        if s.todo:
            s.step = "lights:" + s.todo[0]
            return
    _begin_rolls(c)


def _light_candidates(c: Ctx, side: str) -> list[Division]:
    return [div for div in c.divisions_of(side) if any(c.s.ships[q].searchlight for q in c.afloat(div))]


def pause_lights(c: Ctx, side: str) -> Decision:
    opts = [Option("dark", "No searchlights", {"verb": "dark"})]
    for div in _light_candidates(c, side):
        opts.append(Option(f"lights:{div.id}", f"{div.name} turns its searchlights on",
                           {"verb": "lights", "division": div.id}))
    return Decision(side, "Searchlights (optional rule J): which division lights up this turn?", tuple(opts), "J",
                    "searchlights")


def on_lights(c: Ctx, side: str, answer: str) -> None:
    s = c.s
    if answer != "dark":
        div = s.divisions[answer[7:]]
        c.replace_division(div.id, searchlight=True)
        c.note("detection", "J", _lights, side, div.name)
    s.todo = s.todo[1:]
    if s.todo:
        s.step = "lights:" + s.todo[0]
        return
    _begin_rolls(c)


def _begin_rolls(c: Ctx) -> None:
    """The detection rolls to make: the initiative side's first, then the other's, enemy divisions in order;
    searchlights (J) and the events that give a division away (D.1) spot it without a roll."""
    s = c.s
    todo = []
    for side in (s.initiative, other(s.initiative)):
        for enemy in c.divisions_of(other(side)):
            near = c.nearest(side, enemy)
            if near is None or near > MAX_DETECTION:
                continue
            if _automatic(c, side, enemy):
                _set(c, side, enemy, SPOTTED, "J")
                continue
            if conditions.has_effect(c, "reveal", enemy.id) or conditions.has_effect(c, "illuminate", enemy.id):
                _set(c, side, enemy, SPOTTED, "D.1")
                continue
            todo.append(f"{side}>{enemy.id}")
    s.todo = tuple(todo)
    _next(c)


def _automatic(c: Ctx, side: str, enemy: Division) -> bool:
    """J: a division with searchlights on spots one enemy division 0-1 bands away (the nearest); a division whose
    searchlights are on is spotted by every enemy division within 3 bands."""
    if enemy.searchlight and any(abs(d.band - enemy.band) <= 3 for d in c.divisions_of(side)):
        return True
    for d in c.divisions_of(side):
        if d.searchlight and abs(d.band - enemy.band) <= 1 and enemy.id == conditions.lit_target(c, d):
            return True
    return False


def _next(c: Ctx) -> None:
    s = c.s
    while s.todo:
        side, _, div = s.todo[0].partition(">")
        if _clutter_applies(c, side, s.divisions[div]):
            s.step = "clutter:" + s.todo[0]
            return
        if _searchlight_roll(c, side, s.divisions[div]):
            s.step = "lit:" + s.todo[0]
            return
        s.step = "detect:" + s.todo[0]
        return
    c.finish()


def _searchlight_roll(c: Ctx, side: str, enemy: Division) -> bool:
    """J: at 2 bands a searchlight division spots its one enemy division on 1-4."""
    return any(d.searchlight and abs(d.band - enemy.band) == 2 and conditions.lit_target(c, d) == enemy.id
               for d in c.divisions_of(side))


def radar_rating(c: Ctx, side: str, enemy: Division) -> int:
    """The best radar (search or fire control) of `side` whose range reaches the enemy division (F)."""
    best = 0
    for d in c.divisions_of(side):
        r = abs(d.band - enemy.band)
        for q in c.afloat(d):
            sp = c.spec(q)
            for rating in (sp.radar_s, sp.radar_f):
                if rating and rating >= r and rating > best and not conditions.has_effect(c, "radar_out", q):
                    best = rating
    return best


def _clutter_applies(c: Ctx, side: str, enemy: Division) -> bool:
    """F: radar of rating 3 or less looking at a target in a band with a land marker may be cluttered."""
    rating = radar_rating(c, side, enemy)
    marker = c.d.marker_at(c.s.scenario, enemy.band)
    return 0 < rating <= c.d.data.detection_mods["radar_clutter_max_rating"] and marker is not None and marker.clutter


def modifiers(c: Ctx, side: str, enemy: Division, radar_counts: bool = True) -> list[tuple[str, int]]:
    """The Reference Chart's detection modifiers for `side` rolling against an enemy division (D.4, E, F, H)."""
    s, d = c.s, c.d
    near = c.nearest(side, enemy)
    mods = [("commander's Detection", c.rating(side, "detection")),
            (f"{near} range band(s) to the nearest division", d.detection_range_modifier(near))]
    mods.extend(conditions.environment(c, "detection"))
    rating = radar_rating(c, side, enemy)
    if rating and radar_counts:
        mods.append((f"radar rating {rating} in range", d.radar_detection_modifier(rating)))
    if s.option("intelligence"):
        intel = d.intelligence(s.scenario, side)
        mods.append((f"{intel} intelligence", d.intelligence_detection(intel, s.turn)))
    if d.is_night(s.scenario) and any(s.ships[q].fire for q in c.afloat(enemy)):
        mods.append(("a ship burning", d.data.detection_mods["target_burning_night"]))
    mods.append(("event", conditions.effect(c, "detection", side)))
    return [(label, v) for label, v in mods if v]


def pause_clutter(c: Ctx, arg: str) -> Chance:
    side, _, div = arg.partition(">")
    return Chance((6,), f"{side_name(side)}: land clutter against {c.s.divisions[div].name} (radar counts on 4-6)",
                  "F", ("clutter",))


def on_clutter(c: Ctx, arg: str, faces) -> None:
    s = c.s
    c.s.rolls["clutter"] = faces[0]
    s.step = "detect:" + arg


def pause_lit(c: Ctx, arg: str) -> Chance:
    side, _, div = arg.partition(">")
    return Chance((6,), f"{side_name(side)}: searchlights at 2 bands on {c.s.divisions[div].name} (spotted on 1-4)",
                  "J", ("searchlight",))


def on_lit(c: Ctx, arg: str, faces) -> None:
    s = c.s
    side, _, div = arg.partition(">")
    if faces[0] <= 4:
        _set(c, side, s.divisions[div], SPOTTED, "J")
        s.todo = s.todo[1:]
        _next(c)
        return
    s.step = "detect:" + arg


def pause_detect(c: Ctx, arg: str) -> Chance:
    side, _, div = arg.partition(">")
    enemy = c.s.divisions[div]
    mods = modifiers(c, side, enemy, c.s.rolls.get("clutter", 6) >= 4)
    total = sum(v for _, v in mods)
    return Chance((6,), f"{side_name(side)} detection roll against {enemy.name} (range band {enemy.band}): "
                        f"{_signed(total)} ({', '.join(f'{label} {_signed(v)}' for label, v in mods) or 'none'}); "
                        f"3-4 spots, 5+ identifies", "D.4", ("detection",))


def on_detect(c: Ctx, arg: str, faces) -> None:
    s = c.s
    side, _, div = arg.partition(">")
    enemy = s.divisions[div]
    mods = modifiers(c, side, enemy, s.rolls.pop("clutter", 6) >= 4)
    total = faces[0] + sum(v for _, v in mods)
    level = c.d.level_for(total)
    c.note("detection", "D.4", _roll_text, side, enemy.name, faces[0], total, LEVEL_NAME[level])
    if level:
        _set(c, side, enemy, level, "D.4")
    s.todo = s.todo[1:]
    if level == UNSEEN and c.d.mistaken_possible(total) and s.option("mistaken-target") and _mistake_possible(c, side):
        s.step = "mistaken:" + side
        return
    _next(c)


def _set(c: Ctx, side: str, enemy: Division, level: int, rule: str) -> None:
    s = c.s
    key = side + ">" + enemy.id
    if s.detected.get(key, UNSEEN) >= level:
        return
    s.detected[key] = level
    if level == IDENTIFIED:
        known = s.identified.get(side, ())
        s.identified[side] = known + tuple(q for q in enemy.ships if q not in known)
    if rule in ("J", "D.1"):
        c.note("detection", rule, _auto_text, side, enemy.name, rule == "J")


def _mistake_possible(c: Ctx, side: str) -> bool:
    """I: only a side with more than one division (detached ships count) can mistake a friend for the enemy."""
    return len(c.divisions_of(side)) > 1


def mistaken_modifiers(c: Ctx, side: str) -> list[tuple[str, int]]:
    """I: the Mistaken Target Table's modifiers."""
    d, s = c.d, c.s
    mt = d.data.mistaken_target
    sc = d.scenario(s.scenario)
    mods = [("commander's Cohesion", c.rating(side, "cohesion"))]
    if sc.light == "day":
        mods.append(("daytime", mt["day"]))
    if sc.weather != "fair" or conditions.has_effect(c, "weather", "battle"):
        mods.append(("poor weather", mt["poor_weather"]))
    if side == "usn" and sc.light == "night" and sc.date < "1943":
        mods.append(("USN at night before 1943", mt["usn_night_1942"]))
    return [(label, v) for label, v in mods if v]


def pause_mistaken(c: Ctx, side: str) -> Chance:
    mods = mistaken_modifiers(c, side)
    total = sum(v for _, v in mods)
    listed = f" ({', '.join(f'{label} {_signed(v)}' for label, v in mods)})" if mods else ""
    return Chance((6, 6), f"{side_name(side)}: mistaken target? 2D6 {_signed(total)}{listed}; 4 or less: a friend is "
                          f"taken for the enemy", "I", ("die 1", "die 2"))


def on_mistaken(c: Ctx, side: str, faces) -> None:
    s = c.s
    total = faces[0] + faces[1] + sum(v for _, v in mistaken_modifiers(c, side))
    if total < c.d.data.mistaken_target["safe_min"]:
        c.note("detection", "I", _mistake_text, side, total)
        s.step = "mistake-pick:" + side
        return
    c.note("detection", "I", _no_mistake_text, side, total)
    _next(c)


def _mistake_pairs(c: Ctx, side: str) -> list[tuple[str, str]]:
    """I: every (firing ship, friendly target) pair across two different divisions of the side."""
    divs = c.divisions_of(side)
    return [(q, t) for a in divs for b in divs if a.id != b.id for q in c.afloat(a) for t in c.afloat(b)]


def pause_mistake_pick(c: Ctx, side: str) -> Chance:
    n = len(_mistake_pairs(c, side))
    return Chance((n,), f"{side_name(side)}: which ship fires on which friend (1-{n})", "I", ("pair",))


def on_mistake_pick(c: Ctx, side: str, faces) -> None:
    q, t = _mistake_pairs(c, side)[faces[0] - 1]
    c.s.mistaken[q] = t
    c.note_to(side, "detection", "I", _pick_text, c.name(q), c.name(t))
    _next(c)


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else str(v)


def _lights(side, name) -> str:
    return f"{side_name(side)} {name} turns its searchlights on"


def _auto_text(side, name, light) -> str:
    return f"{side_name(side)} spots {name} " + ("by searchlight" if light else "(it gave itself away)")


def _roll_text(side, name, face, total, level) -> str:
    return f"{side_name(side)} detection roll against {name}: {face}, total {total}: {level}"


def _mistake_text(side, total) -> str:
    return f"{side_name(side)} mistaken target roll {total}: a ship takes a friend for the enemy"


def _no_mistake_text(side, total) -> str:
    return f"{side_name(side)} mistaken target roll {total}: no mistake"


def _pick_text(q, t) -> str:
    return f"{q} takes {t} for the enemy and will fire on her this turn"


PAUSES = {"lights": pause_lights, "clutter": pause_clutter, "lit": pause_lit, "detect": pause_detect,
          "mistaken": pause_mistaken, "mistake-pick": pause_mistake_pick}
ANSWERS = {"lights": on_lights, "clutter": on_clutter, "lit": on_lit, "detect": on_detect,
           "mistaken": on_mistaken, "mistake-pick": on_mistake_pick}
