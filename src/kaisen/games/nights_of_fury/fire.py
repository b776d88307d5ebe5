"""D.5 / D.6 alternating fire, shared by the Gunnery and Torpedo Phases: the initiative side fires one ship, then
the enemy one, until neither can or will fire more; or, as a scenario option, advanced alternating fire (each
side's die plus Combat; the higher fires as many ships as the difference, a tie one each, initiative first).
Targets are chosen by position in a spotted stack and by class in an identified one (D.4).

Each kind of fire (gunnery.py, torpedoes.py) registers its weapons in WEAPONS: `weapons(c, ship)` (what may
fire now), `targets(c, ship, weapon)`, `describe(c, ship)`, `weapon_name(c, ship, weapon)`, `rule`, `noun`, and
its own chance steps that resolve a shot; when a shot is over it calls `next_weapon`."""
from __future__ import annotations

from types import SimpleNamespace

from kaisen.engine.core import Chance, Decision, Option
from kaisen.games.nights_of_fury import damage
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.state import IDENTIFIED, SPOTTED, UNSEEN, Division, Fire, other

WEAPONS: dict[str, SimpleNamespace] = {}


def begin(c: Ctx, kind: str) -> None:
    """Alternating fire starts with the initiative side; advanced alternating fire starts with a roll."""
    s = c.s
    s.fire = Fire(kind, s.initiative)
    if s.option("advanced-fire"):
        s.step = "volley:" + kind
        return
    next_unit(c)


def can_fire(c: Ctx, side: str) -> list[str]:
    """The side's ships that may still fire in this phase (at least one weapon with a target)."""
    fire = c.s.fire
    w = WEAPONS[fire.kind]
    return [q for div in c.divisions_of(side) for q in c.afloat(div) if q not in fire.fired and w.weapons(c, q)]


def next_unit(c: Ctx) -> None:
    """Whose turn it is to pick a ship, or the end of the phase when neither side can or will fire."""
    s = c.s
    fire = s.fire
    sides = (fire.turn_side, other(fire.turn_side))
    for side in sides:
        if side in fire.passed:
            continue
        if s.option("advanced-fire") and fire.quota.get(side, 0) <= 0:
            continue
        if not can_fire(c, side):
            fire.passed = fire.passed + (side,)
            continue
        fire.turn_side = side
        s.step = "pick:" + fire.kind
        return
    if s.option("advanced-fire") and any(sd not in fire.passed and can_fire(c, sd) for sd in sides):
        s.step = "volley:" + fire.kind
        return
    kind = fire.kind
    s.fire = None
    WEAPONS[kind].phase_over(c)
    c.finish()


def pause_pick(c: Ctx, kind: str) -> Decision:
    fire = c.s.fire
    side = fire.turn_side
    w = WEAPONS[kind]
    opts = [Option(f"fire:{q}", f"{c.name(q)} fires ({w.describe(c, q)})",
                   {"verb": "fire", "ship": q, "division": c.s.ships[q].division}) for q in can_fire(c, side)]
    if not must_fire(c, side, kind):
        opts.append(Option("cease", f"No more {w.noun} this turn", {"verb": "cease"}))
    quota = f" ({fire.quota[side]} more may fire)" if c.s.option("advanced-fire") else ""
    return Decision(side, f"{w.title}: which ship fires next?{quota}", tuple(opts), w.rule, "fire-unit")


def must_fire(c: Ctx, side: str, kind: str) -> list[str]:
    """I: a ship that took a friend for the enemy must fire at her this turn: her side may not stop firing
    before she has (gunnery only)."""
    if kind != "gunnery":
        return []
    fire = c.s.fire
    return [q for q in c.s.mistaken if c.side_of(q) == side and q not in fire.fired and q in can_fire(c, side)]


def on_pick(c: Ctx, kind: str, answer: str) -> None:
    s = c.s
    fire = s.fire
    side = fire.turn_side
    if answer == "cease":
        fire.passed = fire.passed + (side,)
        c.note(kind, WEAPONS[kind].rule, _cease_text, side, WEAPONS[kind].noun)
        fire.turn_side = other(side)
        next_unit(c)
        return
    q = answer[5:]
    fire.shooter = q
    fire.left = tuple(WEAPONS[kind].weapons(c, q))
    if s.option("advanced-fire"):
        fire.quota[side] = fire.quota.get(side, 0) - 1
    next_weapon(c)


def next_weapon(c: Ctx) -> None:
    """The firing ship's next weapon that has a target, or the ship is done."""
    s = c.s
    fire = s.fire
    w = WEAPONS[fire.kind]
    while fire.left:
        if w.targets(c, fire.shooter, fire.left[0]):
            fire.weapon = fire.left[0]
            s.step = "aim:" + fire.kind
            return
        fire.left = fire.left[1:]
    _unit_done(c)


def _unit_done(c: Ctx) -> None:
    s = c.s
    fire = s.fire
    side = c.side_of(fire.shooter)
    if fire.shooter not in fire.fired:
        fire.fired = fire.fired + (fire.shooter,)
    WEAPONS[fire.kind].unit_fired(c, fire.shooter)
    fire.shooter, fire.left, fire.target = "", (), ""
    # alternate; under advanced fire a side with more to fire goes on while the enemy has none left
    if not s.option("advanced-fire") or fire.quota.get(other(side), 0) > 0 or fire.quota.get(side, 0) <= 0:
        fire.turn_side = other(side)
    next_unit(c)


def eligible_divisions(c: Ctx, side: str, fired_counts: bool) -> list[Division]:
    """Enemy divisions `side` may fire at: detected this turn, and (fired_counts) those whose guns gave them
    away this turn (D.4)."""
    s = c.s
    return [div for div in c.divisions_of(other(side))
            if s.level(side, div.id) >= SPOTTED or (fired_counts and div.id in s.fired_spotted)]


def positions(c: Ctx, div: Division) -> list[tuple[int, str]]:
    """A stack's ships by position (1 = top), the way a spotted stack is fired at (D.4)."""
    return [(i + 1, q) for i, q in enumerate(c.afloat(div))]


def knows_class(c: Ctx, side: str, ship: str) -> bool:
    return ship in c.s.identified.get(side, ())


def target_options(c: Ctx, q: str, targets: list[tuple[Division, int, str]], kind: str) -> list[Option]:
    """Targets by position in a spotted stack, with the class once identified (D.4); an option never names a
    ship the firer has not identified."""
    side = c.side_of(q)
    mine = c.division_of(q)
    opts = []
    for div, pos, ship in targets:
        if div is None:                               # a land unit (D.5 bombardment): pos is its band
            unit = ship[5:]
            fields = {"verb": "aim", "land": unit, "band": pos, "range": abs(pos - mine.band)}
            opts.append(Option(ship, f"{c.d.data.land_units[unit].name} at range {fields['range']}", fields))
            continue
        known = knows_class(c, side, ship)
        what = f"#{pos} {c.spec(ship).class_name} {c.spec(ship).type}" if known else f"ship #{pos}"
        fields = {"verb": "aim", "division": div.id, "position": pos, "range": abs(div.band - mine.band)}
        if known:
            fields["class"] = c.spec(ship).cls
        opts.append(Option(f"at:{div.id}:{pos}", f"{div.name} {what} at range {fields['range']}", fields))
    if kind != "gunnery" or q not in c.s.mistaken:      # I: the mistaken attack is not optional
        opts.append(Option("hold", WEAPONS[kind].hold_label, {"verb": "hold"}))
    return opts


def pause_aim(c: Ctx, kind: str) -> Decision:
    fire = c.s.fire
    w = WEAPONS[kind]
    q = fire.shooter
    return Decision(c.side_of(q), f"{c.name(q)}: {w.weapon_name(c, q, fire.weapon)} fires at?",
                    tuple(target_options(c, q, w.targets(c, q, fire.weapon), kind)), w.rule, "choose-target")


def on_aim(c: Ctx, kind: str, answer: str) -> None:
    s = c.s
    fire = s.fire
    if answer == "hold":
        fire.left = fire.left[1:]
        next_weapon(c)
        return
    if answer.startswith("land:"):
        fire.target = answer
    else:
        _, div, pos = answer.split(":")
        fire.target = c.afloat(s.divisions[div])[int(pos) - 1]
    WEAPONS[kind].aimed(c)


def pause_volley(c: Ctx, kind: str) -> Chance:
    a = c.s.initiative
    b = other(a)
    return Chance((6, 6), f"Advanced alternating fire: {side_name(a)} die {c.rating(a, 'combat'):+d} (Combat), "
                          f"{side_name(b)} die {c.rating(b, 'combat'):+d}", WEAPONS[kind].rule,
                  (side_name(a), side_name(b)))


def on_volley(c: Ctx, kind: str, faces) -> None:
    s = c.s
    fire = s.fire
    a = s.initiative
    b = other(a)
    ta, tb = faces[0] + c.rating(a, "combat"), faces[1] + c.rating(b, "combat")
    if ta == tb:
        fire.quota = {a: 1, b: 1}
        fire.turn_side = a
    elif ta > tb:
        fire.quota = {a: ta - tb, b: 0}
        fire.turn_side = a
    else:
        fire.quota = {a: 0, b: tb - ta}
        fire.turn_side = b
    c.note(kind, WEAPONS[kind].rule, _volley_text, a, ta, b, tb, fire.quota[a], fire.quota[b])
    fire.passed = ()
    next_unit(c)


def _continue(c: Ctx) -> None:
    """After a shot's damage rolls: the same ship's next weapon."""
    next_weapon(c)


def signed(mods: list[tuple[str, int]]) -> str:
    total = sum(v for _, v in mods)
    return f"{total:+d} ({', '.join(f'{label} {v:+d}' for label, v in mods)})"


def _cease_text(side, noun) -> str:
    return f"{side_name(side)}: no more {noun} this turn"


def _volley_text(a, ta, b, tb, qa, qb) -> str:
    return (f"Fire totals: {side_name(a)} {ta}, {side_name(b)} {tb}: {side_name(a)} fires {qa} ship(s), "
            f"{side_name(b)} {qb}")


damage.CONTINUE["shot"] = _continue

PAUSES = {"pick": pause_pick, "aim": pause_aim, "volley": pause_volley}
ANSWERS = {"pick": on_pick, "aim": on_aim, "volley": on_volley}
