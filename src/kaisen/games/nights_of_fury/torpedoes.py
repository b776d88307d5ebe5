"""D.6 Torpedo Phase: each mount fired is a roll of die + torpedoes in the mount against die + the target's
Speed Rating (hits by the difference, never more than the mount fired), then the damage roll of die + Damage
Rating + 2 per hit after the first against die + Defense, each level rolled on the torpedo split. Beyond one band
the Torpedo Attack Allowance Table says on which turns a ship may fire."""
from __future__ import annotations

from types import SimpleNamespace

from kaisen.engine.core import Chance
from kaisen.games.nights_of_fury import conditions, damage, fire
from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.gunnery import public_name

KIND = "torpedo"


def start(c: Ctx) -> None:
    fire.begin(c, KIND)


def weapons(c: Ctx, q: str) -> list[int]:
    """The ship's loaded mounts that have a target now."""
    return [i for i, n in enumerate(c.s.ships[q].torpedoes) if n > 0 and targets(c, q, i)]


def describe(c: Ctx, q: str) -> str:
    loaded = [n for n in c.s.ships[q].torpedoes if n > 0]
    return f"{len(loaded)} mount(s) loaded: " + ", ".join(str(n) for n in loaded)


def weapon_name(c: Ctx, q: str, i: int) -> str:
    m = c.spec(q).mounts[i]
    return f"torpedo mount {i + 1} ({c.s.ships[q].torpedoes[i]} x {m.torpedo_name})"


def targets(c: Ctx, q: str, i: int):
    """Enemy ships detected this turn, or whose guns gave them away (D.4), within the torpedo's reach, on a turn
    the Torpedo Attack Allowance Table allows at that range."""
    s = c.s
    st = s.ships[q]
    if st.torpedoes[i] <= 0 or st.ready[i] > s.turn or c.d.out_of_action(c.spec(q), st.structure, st.flotation):
        return []
    m = c.spec(q).mounts[i]
    mine = c.division_of(q)
    out = []
    for div in fire.eligible_divisions(c, c.side_of(q), True):
        r = abs(div.band - mine.band)
        if r <= m.reach and c.d.torpedo_allowed(m, r, s.turn):
            out.extend((div, pos, t) for pos, t in fire.positions(c, div))
    return out


def attack_modifiers(c: Ctx, q: str, i: int, t: str) -> list[tuple[str, int]]:
    mods = [("torpedoes in the mount", c.s.ships[q].torpedoes[i]), ("Combat", c.rating(c.side_of(q), "combat"))]
    mods.extend(conditions.torpedo(c, q, t))
    return [(label, v) for label, v in mods if v or label == "torpedoes in the mount"]


def evasion_modifiers(c: Ctx, t: str) -> list[tuple[str, int]]:
    mods = [("Speed Rating", c.speed(t))]
    mods.extend(conditions.torpedo_defense(c, t))
    return [(label, v) for label, v in mods if v or label == "Speed Rating"]


def hits_for(diff: int) -> int:
    """D.6: 1-2 one torpedo hits, 3-5 two, 6 or more three."""
    return 0 if diff <= 0 else 1 if diff <= 2 else 2 if diff <= 5 else 3


def pause_attack(c: Ctx, arg: str) -> Chance:
    f = c.s.fire
    a = attack_modifiers(c, f.shooter, f.weapon, f.target)
    e = evasion_modifiers(c, f.target)
    return Chance((6, 6), f"{public_name(c, f.shooter)} torpedoes at {public_name(c, f.target)}: die "
                          f"{fire.signed(a)} against die {fire.signed(e)}", "D.6", ("attack", "evasion"))


def on_attack(c: Ctx, arg: str, faces) -> None:
    s = c.s
    f = s.fire
    q, t, i = f.shooter, f.target, f.weapon
    fired = s.ships[q].torpedoes[i]
    att = faces[0] + sum(v for _, v in attack_modifiers(c, q, i, t))
    ev = faces[1] + sum(v for _, v in evasion_modifiers(c, t))
    hits = min(hits_for(att - ev), fired)
    _expend(c, q, i)
    c.note("torpedo", "D.6", _attack_text, public_name(c, q), public_name(c, t), faces[0], att, faces[1], ev, hits)
    f.left = f.left[1:]
    if not hits:
        fire.next_weapon(c)
        return
    f.hits = hits
    s.step = "torp-damage"


def _expend(c: Ctx, q: str, i: int) -> None:
    """The mount is empty; a ship with reloads left fills it again, ready to fire on the third turn after."""
    st = c.s.ships[q]
    torps, ready = list(st.torpedoes), list(st.ready)
    torps[i] = 0
    reloads = st.reloads
    if reloads > 0:
        torps[i] = c.spec(q).mounts[i].torpedoes
        ready[i] = c.s.turn + c.d.data.torpedo_damage.reload_turns + 1
        reloads -= 1
    c.replace_ship(q, torpedoes=tuple(torps), reloads=reloads, ready=tuple(ready))


def damage_modifiers(c: Ctx, q: str, i: int, hits: int) -> list[tuple[str, int]]:
    m = c.spec(q).mounts[i]
    mods = [("Damage Rating", m.damage_rating)]
    faulty = conditions.effect(c, "torpedo_damage", q)
    if faulty:
        mods.append(("faulty exploders", faulty))
    if hits > 1:
        mods.append((f"{hits - 1} more hit(s)", 2 * (hits - 1)))
    return mods


def pause_damage_roll(c: Ctx, arg: str) -> Chance:
    f = c.s.fire
    a = damage_modifiers(c, f.shooter, f.weapon, f.hits)
    dfn = [("Defense", c.spec(f.target).defense)]
    return Chance((6, 6), f"{f.hits} torpedo hit(s) on {public_name(c, f.target)}: damage die {fire.signed(a)} "
                          f"against die {fire.signed(dfn)}", "D.6", ("damage", "defense"))


def on_damage_roll(c: Ctx, arg: str, faces) -> None:
    s = c.s
    f = s.fire
    att = faces[0] + sum(v for _, v in damage_modifiers(c, f.shooter, f.weapon, f.hits))
    dfn = faces[1] + c.spec(f.target).defense
    levels = max(0, att - dfn)
    c.note("torpedo", "D.6", _damage_text, public_name(c, f.target), faces[0], att, faces[1], dfn, levels)
    f.hits = 0
    if not levels:
        fire.next_weapon(c)
        return
    f.levels = levels
    s.step = "torp-levels"


def pause_levels(c: Ctx, arg: str) -> Chance:
    f = c.s.fire
    return Chance((6,) * f.levels, f"Torpedo damage: {f.levels} damage level(s) on {public_name(c, f.target)} "
                                   f"(1-4 flotation, 5 structure, 6 both)", "D.6",
                  tuple(f"level {n + 1}" for n in range(f.levels)))


def on_levels(c: Ctx, arg: str, faces) -> None:
    f = c.s.fire
    st, fl, six = damage.split(c, faces, torpedo=True)
    damage.apply_points(c, f.target, st, fl, "D.6", six=six and c.d.torpedo_fires)
    f.levels = 0
    damage.then(c, "shot")


def unit_fired(c: Ctx, q: str) -> None:
    pass


def phase_over(c: Ctx) -> None:
    pass


def _attack_text(q, t, fa, att, fe, ev, hits) -> str:
    return f"{q} fires torpedoes at {t}: {fa} -> {att} against {fe} -> {ev}: {hits} hit(s)"


def _damage_text(t, fa, att, fd, dfn, levels) -> str:
    return f"Torpedo damage on {t}: {fa} -> {att} against {fd} -> {dfn}: {levels} damage level(s)"


fire.WEAPONS[KIND] = SimpleNamespace(
    weapons=weapons, targets=targets, describe=describe, weapon_name=weapon_name, unit_fired=unit_fired,
    phase_over=phase_over, rule="D.6", noun="torpedoes", title="Torpedoes", hold_label="Keep this mount",
    aimed=lambda c: setattr(c.s, "step", "torp-attack"))

PAUSES = {"torp-attack": pause_attack, "torp-damage": pause_damage_roll, "torp-levels": pause_levels}
ANSWERS = {"torp-attack": on_attack, "torp-damage": on_damage_roll, "torp-levels": on_levels}
