"""Movement and dodging (rulebook: Movement; Dodging; the Agile trait; Torpedoes, Bombs, Dive Bombs; Barrage).

An airplane spends exactly its speed in MP, one maneuver at a time: Advance, Slide or Turn (1 MP), Dive (0 MP),
Climb (2 MP) or, for a Fighter at high altitude, Split-S (all its MP). The four rules of flight: all MP used; no
maneuver to the right after one to the left or the reverse; never a Climb and a Dive in one movement; never end
on another airplane at the same altitude. A maneuver is offered only if the movement can still end by the rules
from where it leads. A dodge is one hex of Advance, Slide or Turn with an optional Dive, or a Split-S, never a
Climb. Agile types may pivot a notch at the end. Ordnance is dropped as the maneuvers allow; a barrage damages an
airplane each time it enters the marked hex at high altitude. Flying off the board ends the movement."""
from __future__ import annotations

from typing import NamedTuple

from kaisen.engine.core import Decision, Option
from kaisen.games.fighters_of_the_pacific.common import DONE_MOVE, Ctx, hex_name, plane_name
from kaisen.games.fighters_of_the_pacific.data import DIRECTIONS, add, ahead, hex_to_cell
from kaisen.games.fighters_of_the_pacific.state import Move, Torpedo

FACING_NAME = ("N", "NE", "SE", "S", "SW", "NW")


class Maneuver(NamedTuple):
    """A maneuver of the reference sheet: its side (rule of flight 2), MP cost, turn of the nose, the direction it
    enters relative to the facing, and its altitude change."""

    name: str
    lateral: str
    cost: int
    turn: int
    enter: int
    climb: int                    # +1 climb, -1 dive, 0 level


MANEUVERS: tuple[Maneuver, ...] = (
    Maneuver("advance", "", 1, 0, 0, 0),
    Maneuver("slide-left", "L", 1, 0, -1, 0),
    Maneuver("slide-right", "R", 1, 0, 1, 0),
    Maneuver("turn-left", "L", 1, -1, -1, 0),
    Maneuver("turn-right", "R", 1, 1, 1, 0),
    Maneuver("dive", "", 0, 0, 0, -1),
    Maneuver("climb", "", 2, 0, 0, 1),
)
BY_NAME = {m.name: m for m in MANEUVERS}
ONE_HEX = ("advance", "slide-left", "slide-right", "turn-left", "turn-right")


class Node(NamedTuple):
    """Where a movement stands: hex, facing, altitude, MP left, lateral side used, altitude change made, whether
    any maneuver was made, whether a dodge's one-hex move was made."""

    hex: tuple[int, int]
    facing: int
    alt: str
    mp: int
    lateral: str
    vertical: str
    started: bool
    moved: bool


class Rules(NamedTuple):
    """What the lookahead needs to know: the mode, the type's traits and the occupied hexes."""

    mode: str
    fighter: bool
    board: frozenset
    occupied: frozenset            # (hex, alt) of every other airplane
    relaxed: bool


def step(r: Rules, n: Node, m: Maneuver) -> Node | None:
    """The node after a maneuver, or None if the rules of flight (or the dodge) forbid it here."""
    if m.cost > n.mp:
        return None
    if m.lateral and n.lateral and m.lateral != n.lateral:
        return None                                   # rule of flight 2
    if m.climb < 0 and (n.alt != "high" or n.vertical == "climb"):
        return None                                   # dive from high only; rule of flight 3
    if m.climb > 0 and (r.mode == "dodge" or n.alt != "low" or n.vertical == "dive"):
        return None                                   # never climb to dodge; rule of flight 3
    if r.mode == "dodge" and m.name in ONE_HEX and n.moved:
        return None                                   # a dodge is one hex
    f = (n.facing + m.turn) % 6
    to = ahead(n.hex, (n.facing + m.enter) % 6)
    alt = "low" if m.climb < 0 else "high" if m.climb > 0 else n.alt
    vert = "dive" if m.climb < 0 else "climb" if m.climb > 0 else n.vertical
    return Node(to, f, alt, n.mp - m.cost, m.lateral or n.lateral, vert, True, n.moved or m.name in ONE_HEX)


def split_s(r: Rules, n: Node, k: int) -> Node | None:
    """Split-S: a Fighter at high altitude, as the whole movement, to any adjacent hex at low altitude with its
    tail towards its starting hex."""
    if not r.fighter or n.alt != "high" or n.started:
        return None
    return Node(add(n.hex, DIRECTIONS[k]), k, "low", 0, n.lateral, "dive", True, True)


def can_end(r: Rules, n: Node) -> bool:
    """Whether the movement may end here: all MP spent (a dodge: its hex moved) and, rule of flight 4, no other
    airplane at this hex and altitude."""
    done = n.moved if r.mode == "dodge" else n.mp == 0
    return done and (r.relaxed or (n.hex, n.alt) not in r.occupied)


def completable(r: Rules, n: Node, memo: dict) -> bool:
    """Whether some continuation ends the movement by the rules (flying off the board always ends it)."""
    got = memo.get(n)
    if got is not None:
        return got
    ok = can_end(r, n)
    if not ok:
        for m in MANEUVERS:
            x = step(r, n, m)
            if x is not None and (x.hex not in r.board or completable(r, x, memo)):
                ok = True
                break
    if not ok and not n.started:
        ok = any((x := split_s(r, n, k)) is not None and (x.hex not in r.board or can_end(r, x)) for k in range(6))
    memo[n] = ok
    return ok


def explain_path(r: Rules, n: Node, agile: bool, path: list[str]) -> str | None:
    """Why a whole path of maneuvers (names as in MANEUVERS, "split-s:<k>", "pivot-left"/"pivot-right" last)
    breaks the rules of flight from node `n`, or None if it is a legal movement (for a movement typed in one go)."""
    for i, name in enumerate(path):
        where = f"maneuver {i + 1} ({name})"
        if name in ("torpedo", "dive-bomb") or name.startswith("level-bomb:"):
            continue                                      # a drop does not move the airplane
        if name in ("pivot-left", "pivot-right"):
            if not agile:
                return f"{where}: only an Agile airplane may pivot"
            if i != len(path) - 1:
                return f"{where}: a pivot ends the movement"
            side = "L" if name == "pivot-left" else "R"
            if n.lateral and n.lateral != side:
                return f"{where}: rule of flight 2, no pivot to one side after a maneuver to the other"
            break
        if name.startswith("split-s:"):
            k = name.split(":", 1)[1]
            if not (k.isdigit() and int(k) < 6):
                return f"{where}: a Split-S names the direction 0-5 of the hex it ends in"
            x = split_s(r, n, int(k))
            if x is None:
                return f"{where}: only a Fighter at high altitude may Split-S, and only as its whole movement"
            n = x
            if x.hex not in r.board:
                return None
            continue
        m = BY_NAME.get(name)
        if m is None:
            return f"{where}: unknown maneuver; the maneuvers are {', '.join(BY_NAME)}, split-s:<0-5>, pivot-left, pivot-right"
        if r.mode == "move" and m.cost > n.mp:
            return f"{where}: rule of flight 1, it costs {m.cost} MP and {n.mp} are left"
        if m.lateral and n.lateral and m.lateral != n.lateral:
            return f"{where}: rule of flight 2, no maneuver to one side after one to the other"
        if m.climb and n.vertical and (m.climb < 0) != (n.vertical == "dive"):
            return f"{where}: rule of flight 3, never a Climb and a Dive in one movement"
        x = step(r, n, m)
        if x is None:
            why = {1: "a Climb starts at low altitude (and never in a dodge)", -1: "a Dive starts at high altitude"}
            return f"{where}: " + why.get(m.climb, "a dodge is a single hex")
        n = x
        if x.hex not in r.board:
            return None                                   # off the board: the movement ends there
    if r.mode == "move" and n.mp:
        return f"rule of flight 1: {n.mp} MP left unused"
    if r.mode == "dodge" and not n.moved:
        return "a dodge must move one hex (Advance, Slide or Turn) or Split-S"
    if not can_end(r, n):
        return "rule of flight 4: it would end on another airplane at the same altitude"
    return None


# -- the procedure ---------------------------------------------------------------------------------------------
def rules_for(c: Ctx, plane: str, mode: str, relaxed: bool = False) -> Rules:
    p = c.s.planes[plane]
    occupied = frozenset((q.hex, q.alt) for k, q in c.s.planes.items() if k != plane)
    return Rules(mode, c.d.aircraft[p.type].is_fighter, c.layout.hexes, occupied, relaxed)


def node_of(c: Ctx) -> Node:
    m = c.s.move
    p = c.s.planes[m.plane]
    return Node(p.hex, p.facing, p.alt, m.mp, m.lateral, m.vertical, bool(m.path), m.mode == "dodge" and any(
        x in ONE_HEX or x.startswith("split-s") for x in m.path))


def begin(c: Ctx, plane: str, mode: str) -> None:
    """Start an airplane's movement (its activation) or its dodge; it counts as activated from now on."""
    s = c.s
    p = s.planes[plane]
    s.planes[plane] = p._replace(activated=True)
    mp = c.d.aircraft[p.type].speed if mode == "move" else 1
    s.move = Move(plane, mode, mp)
    r = rules_for(c, plane, mode)
    if mode == "move" and not completable(r, node_of(c), {}):
        s.move.relaxed = True                         # no movement obeys rule 4: waived (RULES.md)
        c.note("flight", "Movement, rule 4", _relaxed, plane, c.spec(plane).name)
    s.step = "fly:" + plane


def check_path(c: Ctx, path: list[str]) -> str | None:
    """Why a whole path typed for the airplane moving now breaks the rules of flight, or None (explain_path)."""
    mv = c.s.move
    return explain_path(rules_for(c, mv.plane, mv.mode, mv.relaxed), node_of(c), c.spec(mv.plane).has("agile"), path)


def _relaxed(plane, type_name):
    return f"{plane_name(plane, type_name)} cannot end its movement clear of other airplanes: rule of flight 4 is waived"


def options(c: Ctx) -> list[Option]:
    """The maneuvers, drops and endings the rules allow the airplane now."""
    s = c.s
    mv = s.move
    plane = mv.plane
    p = s.planes[plane]
    spec = c.d.aircraft[p.type]
    r = rules_for(c, plane, mv.mode, mv.relaxed)
    n = node_of(c)
    memo: dict = {}
    out: list[Option] = []
    for m in MANEUVERS:
        x = step(r, n, m)
        if x is not None and (x.hex not in r.board or completable(r, x, memo)):
            out.append(_maneuver_option(plane, m.name, m.name, x, r))
    if not n.started:
        for k in range(6):
            x = split_s(r, n, k)
            if x is not None and (x.hex not in r.board or can_end(r, x)):
                out.append(_maneuver_option(plane, f"split-s:{k}", "split-s", x, r))
    last = mv.path[-1] if mv.path else ""
    sc = c.sc
    if p.ordnance == "torpedo" and sc.uses("torpedoes") and last == "advance" and p.alt == "low":
        to = ahead(p.hex, p.facing)
        if c.layout.is_water(to) and c.ship_at(to) is None:
            out.append(Option("torpedo", None, {"verb": "drop", "ordnance": "torpedo", "plane": plane,
                                                "hex": hex_name(to), "facing": p.facing}, _label))
    if p.ordnance == "dive_bomb" and sc.uses("dive_bombs") and last == "dive":
        out.append(Option("dive-bomb", None, {"verb": "drop", "ordnance": "dive_bomb", "plane": plane,
                                              "hex": hex_name(p.hex)}, _label))
    if (p.ordnance == "bomb" and sc.uses("level_bombs") and last == "advance" and p.alt == "low"
            and len(mv.low_advances) >= 2):
        for h in dict.fromkeys(mv.low_advances):
            if h in r.board:
                out.append(Option("level-bomb:" + hex_name(h), None, {"verb": "drop", "ordnance": "bomb",
                                                                       "plane": plane, "hex": hex_name(h)}, _label))
    if can_end(r, n):
        out.append(Option("end", None, {"verb": "end", "plane": plane, "hex": hex_name(p.hex), "facing": p.facing,
                                        "alt": p.alt}, _label))
        if spec.has("agile"):
            for side, turn, name in (("L", -1, "pivot-left"), ("R", 1, "pivot-right")):
                if n.lateral in ("", side):
                    out.append(Option(name, None, {"verb": "pivot", "plane": plane, "hex": hex_name(p.hex),
                                                   "facing": (p.facing + turn) % 6, "alt": p.alt}, _label))
    if not out and mv.mode == "dodge":
        out.append(Option("no-dodge", None, {"verb": "no-dodge", "plane": plane, "hex": hex_name(p.hex)}, _label))
    return out


def _maneuver_option(plane: str, oid: str, name: str, x: Node, r: Rules) -> Option:
    on = x.hex in r.board
    return Option(oid, None, {"verb": "maneuver", "maneuver": name, "plane": plane,
                              "hex": hex_name(x.hex) if on else None, "facing": x.facing, "alt": x.alt,
                              "off_board": not on}, _label)


def _label(o: Option) -> str:
    f = o.fields
    verb = f["verb"]
    if verb == "maneuver":
        name = "Split-S" if f["maneuver"] == "split-s" else f["maneuver"].replace("-", " ").capitalize()
        if f["off_board"]:
            return f"{name} off the board, heading {FACING_NAME[f['facing']]}"
        return f"{name} to {f['hex']} (facing {FACING_NAME[f['facing']]}, {f['alt']})"
    if verb == "drop":
        return {"torpedo": f"Drop the torpedo onto {f['hex']}", "dive_bomb": f"Drop the dive bomb on {f['hex']}",
                "bomb": f"Drop the bomb on {f['hex']}"}[f["ordnance"]]
    if verb == "end":
        return f"End the movement at {f['hex']} (facing {FACING_NAME[f['facing']]}, {f['alt']})"
    if verb == "pivot":
        return f"Pivot to face {FACING_NAME[f['facing']]} and end the movement (Agile)"
    return "No dodge is possible: stay and take the shot"


def decision(c: Ctx) -> Decision:
    mv = c.s.move
    p = c.s.planes[mv.plane]
    spec = c.d.aircraft[p.type]
    name = plane_name(mv.plane, spec.name)
    if mv.mode == "dodge":
        return Decision(p.side, f"{name} dodges from {hex_name(p.hex)}", tuple(options(c)), "Dodging", "dodge")
    return Decision(p.side, f"{name} at {hex_name(p.hex)} facing {FACING_NAME[p.facing]}, {p.alt}: "
                            f"{mv.mp} MP left", tuple(options(c)), "Movement", "maneuver")


def answer(c: Ctx, arg: str, a: str) -> None:
    """Make the chosen maneuver, drop or ending."""
    s = c.s
    mv = s.move
    plane = mv.plane
    p = s.planes[plane]
    if a == "end" or a == "no-dodge":
        c.note("flight", "Movement", _ended, plane, c.spec(plane).name, hex_name(p.hex), p.facing, p.alt,
               mv.path, a == "no-dodge")
        _done(c)
        return
    if a in ("pivot-left", "pivot-right"):
        turn = -1 if a == "pivot-left" else 1
        s.planes[plane] = p._replace(facing=(p.facing + turn) % 6)
        mv.path += (a,)
        c.note("flight", "Agile", _ended, plane, c.spec(plane).name, hex_name(p.hex), (p.facing + turn) % 6,
               p.alt, mv.path, False)
        _done(c)
        return
    if a == "torpedo":
        to = ahead(p.hex, p.facing)
        s.torpedoes += (Torpedo(p.side, to, p.facing),)
        s.planes[plane] = p._replace(ordnance="")
        c.note("drop", "Torpedoes", _dropped, plane, c.spec(plane).name, "torpedo", hex_name(to))
        return
    if a == "dive-bomb" or a.startswith("level-bomb:"):
        h = p.hex if a == "dive-bomb" else next(x for x in mv.low_advances if hex_name(x) == a.split(":", 1)[1])
        weapon = "dive_bomb" if a == "dive-bomb" else "bomb"
        s.planes[plane] = p._replace(ordnance="")
        c.note("drop", "Dive Bombs" if a == "dive-bomb" else "Bombs", _dropped, plane, c.spec(plane).name, weapon,
               hex_name(h))
        c.strike(h, p.side, weapon, "Dive Bombs" if a == "dive-bomb" else "Bombs")
        return
    if a.startswith("split-s:"):
        k = int(a.split(":", 1)[1])
        to = add(p.hex, DIRECTIONS[k])
        mv.path += (a,)
        mv.mp = 0
        mv.vertical = "dive"
        _enter(c, plane, to, k, "low")
        if c.done is None:
            c.note("flight", "Movement", _ended, plane, c.spec(plane).name, hex_name(to), k, "low", mv.path, False)
            _done(c)
        return
    m = BY_NAME[a]
    n = node_of(c)
    x = step(rules_for(c, plane, mv.mode, mv.relaxed), n, m)
    mv.path += (a,)
    mv.mp = x.mp
    mv.lateral = x.lateral
    mv.vertical = x.vertical
    if a == "advance" and p.alt == "low":
        mv.low_advances += (x.hex,)
    _enter(c, plane, x.hex, x.facing, x.alt)
    if c.done is None:
        d = decision(c)
        if d.ids() == ["end"]:
            answer(c, arg, "end")                      # nothing left to choose: the movement ends here
        else:
            c.s.cache = d                              # the pause of this state, made once (flow.pause)


def _enter(c: Ctx, plane: str, to, facing: int, alt: str) -> None:
    """The airplane enters a hex: off the board it leaves play; at high altitude each barrage marker there
    damages it (rulebook: Barrage)."""
    s = c.s
    p = s.planes[plane]
    if to not in c.layout.hexes:
        edge = _edge(c, to)
        exits = {e.edge for e in c.sc.exit if e.side == p.side}
        if edge in exits:
            s.planes.pop(plane)
            c.score(p.side, "exit", plane, c.sc.vp.exit)
            c.note("exit", "Victory boards", _exited, plane, c.d.aircraft[p.type].name, edge)
        else:
            c.destroy(plane, f"lost off the {edge} edge", "Movement (RULES.md: leaving the board)")
        _done(c)
        return
    s.planes[plane] = p._replace(hex=to, facing=facing, alt=alt)
    if alt == "high":
        for b in s.barrages:
            if b.hex == to:
                if c.damage(plane, c.d.barrage.damage, "Barrage"):
                    _done(c)
                    return


def _edge(c: Ctx, h) -> str:
    col, row = hex_to_cell(h)
    lay = c.layout
    if row < 0:
        return "north"
    if row >= lay.rows:
        return "south"
    return "west" if col < 0 else "east"


def _done(c: Ctx) -> None:
    c.s.step = ""
    c.finish(DONE_MOVE)


def _ended(plane, type_name, where, facing, alt, path, stuck):
    if stuck:
        return f"{plane_name(plane, type_name)} has no dodge open to it and stays at {where}"
    moves = ", ".join(path) if path else "no maneuver"
    return f"{plane_name(plane, type_name)} flies {moves}: now at {where} facing {FACING_NAME[facing]}, {alt}"


def _dropped(plane, type_name, weapon, where):
    return f"{plane_name(plane, type_name)} drops its {weapon.replace('_', ' ')} on {where}"


def _exited(plane, type_name, edge):
    return f"{plane_name(plane, type_name)} leaves by the {edge} edge and scores its exit"


PAUSES = {"fly": lambda c, arg: decision(c)}
ANSWERS = {"fly": answer}
