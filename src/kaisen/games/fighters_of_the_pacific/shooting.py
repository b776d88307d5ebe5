"""Shooting, dodging, damage, response and chain reactions (rulebook: Shooting; Dodging; Damage; Response;
Chain Reaction; AA; the 20mm Gun and Flammable traits).

At the end of its movement an airplane (or an activated AA) may shoot one enemy airplane in its field of fire at
its own altitude, the nearest one; never to, through or from a cloud at high altitude, never through another
airplane. A target not yet activated must dodge and is then activated; the dodger may shoot in its turn, and so
on down the chain. Then the shots are resolved going back up the chain: a target still in its shooter's field of
fire takes the damage, and if it survives it may answer a shooting airplane that is in its own field of fire."""
from __future__ import annotations

from kaisen.engine.core import Decision, Option
from kaisen.games.fighters_of_the_pacific import aa, flight
from kaisen.games.fighters_of_the_pacific.common import DONE_ATTACK, Ctx, hex_name, plane_name
from kaisen.games.fighters_of_the_pacific.data import ahead, hex_distance
from kaisen.games.fighters_of_the_pacific.state import Hex, Shot


# -- fields of fire ---------------------------------------------------------------------------------------------
def geometry(c: Ctx, shooter: str) -> Shot:
    """Where a shooter fires from now: an airplane's hex, facing, altitude and type, or an AA's hex (low)."""
    if shooter in c.s.planes:
        p = c.s.planes[shooter]
        return Shot(shooter, "", p.hex, p.facing, p.alt, p.type)
    return Shot(shooter, "", aa.where(c, shooter), 0, "low", "aa")


def field(c: Ctx, g: Shot) -> tuple[Hex, ...]:
    """The shooter's field of fire, nearest hex first."""
    if g.type == "aa":
        return c.d.aa_field(g.hex)
    return c.d.field_of_fire(g.type, g.hex, g.facing)


def sees(c: Ctx, g: Shot, h: Hex, fld: tuple[Hex, ...] | None = None) -> bool:
    """Whether a shot from `g` may reach hex `h` at the shooter's altitude: in the field of fire (`fld`, when the
    caller has it), not from, to or through a cloud at high altitude, not through another airplane (Shooting)."""
    if h not in (field(c, g) if fld is None else fld):
        return False
    if g.alt == "high" and (c.layout.is_cloud(g.hex) or c.layout.is_cloud(h)):
        return False
    if g.type == "aa":
        return True
    dist = hex_distance(g.hex, h)
    if dist > 1 and h == ahead(g.hex, g.facing, dist):
        for i in range(1, dist):
            x = ahead(g.hex, g.facing, i)
            if (g.alt == "high" and c.layout.is_cloud(x)) or any(
                    q.hex == x and q.alt == g.alt for q in c.s.planes.values()):
                return False
    return True


def in_fire(c: Ctx, g: Shot, target: str) -> bool:
    """Whether an airplane is where the shot from `g` reaches it (same altitude, in the field, a clear line)."""
    p = c.s.planes.get(target)
    return p is not None and p.alt == g.alt and sees(c, g, p.hex)


def targets(c: Ctx, g: Shot, side: str) -> list[str]:
    """The enemy airplanes the shooter may choose from: the nearest it can shoot (ties: the owner chooses)."""
    fld = field(c, g)
    found = [k for k, p in c.s.planes.items() if p.side != side and p.alt == g.alt and sees(c, g, p.hex, fld)]
    if not found:
        return []
    near = min(hex_distance(g.hex, c.s.planes[k].hex) for k in found)
    return sorted(k for k in found if hex_distance(g.hex, c.s.planes[k].hex) == near)


def damage_of(c: Ctx, g: Shot, target: str) -> int:
    """One damage; double from a 20mm Gun at the hex just ahead; double to a Flammable airplane in the hex just
    ahead of a Fighter (rulebook: Airplanes, traits)."""
    if g.type == "aa":
        return c.d.aa.damage
    spec = c.d.aircraft[g.type]
    p = c.s.planes[target]
    n = 1
    if p.hex == ahead(g.hex, g.facing):
        if spec.has("gun_20mm"):
            n *= 2
        if spec.is_fighter and c.d.aircraft[p.type].has("flammable"):
            n *= 2
    return n


def side_of(c: Ctx, shooter: str) -> str:
    return c.s.planes[shooter].side if shooter in c.s.planes else aa.side_of(c, shooter)


def shooter_name(c: Ctx, shooter: str, kind: str) -> str:
    if kind == "aa":
        return aa.name(c, shooter)
    return plane_name(shooter, c.d.aircraft[kind].name)


# -- the attack -------------------------------------------------------------------------------------------------
def attack(c: Ctx, shooter: str) -> None:
    """An activated airplane (after its movement) or AA may shoot; with nothing to shoot at, it is over."""
    g = geometry(c, shooter)
    if not targets(c, g, side_of(c, shooter)):
        _shot_over(c)
        return
    c.s.step = "shoot:" + shooter


def after_move(c: Ctx) -> None:
    """After a movement the airplane attacks; after a dodge the dodger may shoot (the chain goes on) or the
    chain is resolved."""
    s = c.s
    mv = s.move
    s.move = None
    plane = mv.plane
    if mv.mode == "move":
        if plane in s.planes:
            attack(c, plane)
        else:
            c.finish(DONE_ATTACK)
        return
    if plane in s.planes and targets(c, geometry(c, plane), s.planes[plane].side):
        s.step = "shoot:" + plane
        return
    _resolve(c)


def _shot_over(c: Ctx) -> None:
    if c.s.chain:
        _resolve(c)
    else:
        c.finish(DONE_ATTACK)


def shoot_decision(c: Ctx, shooter: str) -> Decision:
    g = geometry(c, shooter)
    side = side_of(c, shooter)
    opts = [Option("shoot:" + k, None, {"verb": "shoot", "shooter": shooter, "target": k,
                                        "hex": hex_name(c.s.planes[k].hex), "type": c.s.planes[k].type,
                                        "damage": damage_of(c, g, k),
                                        "dodges": not c.s.planes[k].activated}, _label)
            for k in targets(c, g, side)]
    opts.append(Option("hold", None, {"verb": "hold", "shooter": shooter}, _label))
    who = shooter_name(c, shooter, g.type)
    chained = " (chain reaction)" if c.s.chain else ""
    return Decision(side, f"{who} may fire{chained}", tuple(opts), "Shooting", "shoot")


def _label(o: Option) -> str:
    f = o.fields
    if f["verb"] == "hold":
        return "Hold fire"
    kind = f["type"].capitalize()
    extra = " (it must dodge)" if f["dodges"] else ""
    return f"Fire at the {kind} at {f['hex']}: {f['damage']} damage{extra}"


def shoot_answer(c: Ctx, shooter: str, a: str) -> None:
    s = c.s
    g = geometry(c, shooter)
    if a == "hold":
        c.note("shot", "Shooting", _held, shooter_name(c, shooter, g.type))
        _shot_over(c)
        return
    target = a.split(":", 1)[1]
    s.chain += (g._replace(target=target),)
    t = s.planes[target]
    tname = plane_name(target, c.d.aircraft[t.type].name)
    c.note("shot", "Shooting", _fired, shooter_name(c, shooter, g.type), tname, not t.activated)
    if not t.activated:
        flight.begin(c, target, "dodge")            # Dodging: the target moves first, then the shots resolve
        return
    _resolve(c)


def _resolve(c: Ctx) -> None:
    """Resolve the shots going up the chain (rulebook: Chain Reaction), pausing where a survivor may respond."""
    s = c.s
    if s.resolving < 0:
        s.resolving = len(s.chain) - 1
    while s.resolving >= 0:
        shot = s.chain[s.resolving]
        t = shot.target
        if t not in s.planes:
            s.resolving -= 1
            continue
        tname = plane_name(t, c.d.aircraft[s.planes[t].type].name)
        if not in_fire(c, shot, t):
            c.note("miss", "Dodging", _escaped, tname)
            s.resolving -= 1
            continue
        n = damage_of(c, shot, t)
        c.note("hit", "Damage", _hit, tname, n, shooter_name(c, shot.shooter, shot.type))
        if not c.damage(t, n, "Damage") and _can_respond(c, shot):
            s.step = f"respond:{s.resolving}"
            return
        s.resolving -= 1
    _chain_over(c)


def _chain_over(c: Ctx) -> None:
    """Every shot of the chain is resolved: the attack is over."""
    s = c.s
    s.chain = ()
    s.resolving = -1
    s.step = ""
    c.finish(DONE_ATTACK)


def _can_respond(c: Ctx, shot: Shot) -> bool:
    """Response: a surviving airplane may fire back at an airplane that shot it, if that one is in its field."""
    if shot.type == "aa" or shot.shooter not in c.s.planes:
        return False
    return in_fire(c, geometry(c, shot.target), shot.shooter)


def respond_decision(c: Ctx, arg: str) -> Decision:
    shot = c.s.chain[int(arg)]
    t = c.s.planes[shot.target]
    g = geometry(c, shot.target)
    n = damage_of(c, g, shot.shooter)
    sh = c.s.planes[shot.shooter]
    opts = (Option("respond", None, {"verb": "respond", "plane": shot.target, "target": shot.shooter,
                                     "hex": hex_name(sh.hex), "damage": n}, _respond_label),
            Option("no-response", None, {"verb": "no-response", "plane": shot.target}, _respond_label))
    who = plane_name(shot.target, c.d.aircraft[t.type].name)
    return Decision(t.side, f"{who} survived: fire back at its attacker?", opts, "Response", "respond")


def _respond_label(o: Option) -> str:
    f = o.fields
    return f"Fire back at {f['hex']}: {f['damage']} damage" if f["verb"] == "respond" else "Do not fire back"


def respond_answer(c: Ctx, arg: str, a: str) -> None:
    s = c.s
    shot = s.chain[int(arg)]
    if a == "respond":
        g = geometry(c, shot.target)
        n = damage_of(c, g, shot.shooter)
        c.note("hit", "Response", _responded, plane_name(shot.target, c.d.aircraft[g.type].name),
               plane_name(shot.shooter, c.d.aircraft[s.planes[shot.shooter].type].name), n)
        c.damage(shot.shooter, n, "Response")
    s.resolving -= 1
    if s.resolving < 0:
        _chain_over(c)                              # the first shot was the last: never resolve it twice
    else:
        _resolve(c)


def _held(who):
    return f"{who} holds its fire"


def _fired(who, target, dodges):
    return f"{who} fires at {target}" + (", which must dodge" if dodges else "")


def _escaped(target):
    return f"{target} has left the field of fire: the shot misses"


def _hit(target, n, who):
    return f"{target} is hit by {who} ({n} damage)"


def _responded(who, target, n):
    return f"{who} fires back at {target} ({n} damage)"


PAUSES = {"shoot": shoot_decision, "respond": respond_decision}
ANSWERS = {"shoot": shoot_answer, "respond": respond_answer}
