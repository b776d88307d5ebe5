"""D.3 Movement Phase: the initiative winner moves before or after the enemy; each division either moves one
range band (when the Movement Table lets its slowest ship move this turn) or changes formation, not both, and
may manoeuvre evasively or make smoke (K); a ship may be detached to disengage, to make a torpedo attack or to
pursue (C)."""
from __future__ import annotations

from kaisen.engine.core import Decision, Option
from kaisen.games.nights_of_fury import conditions
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.state import BANDS, Division, other

PURPOSES = ("disengage", "torpedo", "pursue")


def start(c: Ctx) -> None:
    s = c.s
    for k, div in list(s.divisions.items()):
        if div.evasive or div.smoke or div.moved:
            s.divisions[k] = div._replace(evasive=False, smoke=False, moved=False)
    s.step = "order"


def pause_order(c: Ctx, arg: str) -> Decision:
    side = c.s.initiative
    return Decision(side, f"Turn {c.s.turn}: {side_name(side)} has the initiative: move before or after the enemy?",
                    (Option("move-first", "Move first", {"verb": "move-first"}),
                     Option("move-second", "Move after the enemy", {"verb": "move-second"})), "D.3", "movement-order")


def on_order(c: Ctx, arg: str, answer) -> None:
    s = c.s
    s.first_mover = s.initiative if answer == "move-first" else other(s.initiative)
    c.note("movement", "D.3", _order_text, s.initiative, answer == "move-first")
    _begin_side(c, s.first_mover)


def _begin_side(c: Ctx, side: str) -> None:
    s = c.s
    s.moving = side
    s.todo = tuple(div.id for div in c.divisions_of(side))
    _next(c)


def _next(c: Ctx) -> None:
    s = c.s
    if s.todo:
        s.step = "move:" + s.todo[0]
        return
    if s.moving == s.first_mover:
        _begin_side(c, other(s.first_mover))
        return
    s.moving = ""
    c.finish()


def may_move(c: Ctx, div: Division) -> bool:
    """The Movement Table: whether a division whose slowest ship has this speed moves this turn; a ship whose
    steering jams (Random Event, D.1) holds her division this turn."""
    if any(conditions.has_effect(c, "hold", q) for q in c.afloat(div)):
        return False
    return c.d.may_move(c.division_speed(div), c.s.turn)


def move_options(c: Ctx, div: Division) -> list[Option]:
    bands = [div.band - 1, div.band + 1] if may_move(c, div) else []
    if div.detached == "disengage" and bands:
        # C: a ship detached to disengage heads for her edge and may not be held back or turned
        bands = [div.band + (1 if div.heading > div.band else -1)] if div.band != div.heading else []
    opts = []
    if not (div.detached == "disengage" and bands):
        opts.append(Option("hold", "Hold position", {"verb": "hold", "division": div.id}))
    if bands:
        for b in bands:
            if 1 <= b <= BANDS:
                opts.append(Option(f"band:{b}", f"Move to range band {b}", {"verb": "move", "division": div.id,
                                                                           "band": b}))
    if not div.detached:
        for f in c.d.formations:
            if f != div.formation:
                opts.append(Option(f"formation:{f}", f"Change formation to {f}",
                                   {"verb": "formation", "division": div.id, "formation": f}))
        ships = c.afloat(div)
        if len(ships) > 1:
            for q in ships:
                for purpose in PURPOSES:
                    if purpose == "pursue" and not _enemy_disengaging(c, div.side):
                        continue
                    if purpose == "torpedo" and not any(c.s.ships[q].torpedoes):
                        continue
                    if purpose == "disengage":
                        for edge in (1, BANDS):
                            opts.append(Option(f"detach:{q}:disengage-{edge}",
                                               f"Detach {c.name(q)} to disengage toward range band {edge}",
                                               {"verb": "detach", "division": div.id, "ship": q,
                                                "purpose": "disengage", "band": edge}))
                    else:
                        opts.append(Option(f"detach:{q}:{purpose}", f"Detach {c.name(q)} "
                                           + ("for a torpedo attack" if purpose == "torpedo" else
                                              "to pursue disengaging enemy ships"),
                                           {"verb": "detach", "division": div.id, "ship": q, "purpose": purpose}))
    return opts


def _enemy_disengaging(c: Ctx, side: str) -> bool:
    return any(d.disengaging or d.detached == "disengage" for d in c.divisions_of(other(side)))


def pause_move(c: Ctx, arg: str) -> Decision:
    div = c.s.divisions[arg]
    return Decision(div.side, f"Movement: {div.name} (range band {div.band}, speed {c.division_speed(div)}, "
                              f"{div.formation})", tuple(move_options(c, div)), "D.3", "move-division")


def on_move(c: Ctx, arg: str, answer: str) -> None:
    s = c.s
    div = s.divisions[arg]
    verb, _, rest = answer.partition(":")
    if verb == "band":
        band = int(rest)
        c.replace_division(arg, band=band, moved=True)
        c.note("movement", "D.3", _moved, div.side, div.name, div.band, band)
    elif verb == "formation":
        c.replace_division(arg, formation=rest)
        c.note("movement", "D.3", _formation, div.side, div.name, rest)
    elif verb == "detach":
        ship, _, purpose = rest.partition(":")
        new = detach(c, ship, purpose)
        s.todo = s.todo[:1] + (new,) + s.todo[1:]
        return                          # the division itself still moves this turn
    if _extras(c, s.divisions[arg]):
        s.step = "extras:" + arg
        return
    s.todo = s.todo[1:]
    _next(c)


def detach(c: Ctx, ship: str, purpose: str) -> str:
    """C: a ship leaves its division and sails alone; one detached to disengage heads for its edge for good."""
    s = c.s
    parent = c.division_of(ship)
    heading = 0
    if purpose.startswith("disengage-"):
        heading = int(purpose.split("-")[1])
        purpose = "disengage"
    base = parent.id.split("/", 1)[0]
    n = sum(1 for k in s.divisions if k.startswith(base + '/')) + 1
    new_id = f"{base}/{n}"                                     # never names the ship
    root = s.divisions[base].name if base in s.divisions else parent.name
    s.divisions[parent.id] = parent._replace(ships=tuple(q for q in parent.ships if q != ship))
    s.divisions[new_id] = Division(new_id, parent.side, f"{root} (detached {n})", parent.band, (ship,),
                                   parent.formation, detached=purpose, heading=heading)
    c.replace_ship(ship, division=new_id)
    _carry_detection(c, parent.id, new_id)
    c.note_to(parent.side, "movement", "C", _detached, parent.side, c.name(ship), parent.name, purpose, heading)
    c.note_to(other(parent.side), "movement", "C", _detached_seen, parent.side, parent.name)
    return new_id


def _carry_detection(c: Ctx, old: str, new: str) -> None:
    """A detached ship is seen as its division was (the enemy saw it leave the stack)."""
    s = c.s
    for side in ("ijn", "usn"):
        key = side + ">" + old
        if key in s.detected:
            s.detected[side + ">" + new] = s.detected[key]


def _extras(c: Ctx, div: Division) -> list[Option]:
    """Evasive manoeuvring (D.3) and, with the optional rule K, smoke for a division trying to disengage."""
    opts = [Option("steady", "Steady course", {"verb": "steady", "division": div.id}),
            Option("evasive", "Evasive manoeuvring", {"verb": "evasive", "division": div.id})]
    if c.s.option("smokescreens") and (div.detached == "disengage" or div.band in (1, BANDS)):
        opts.append(Option("smoke", "Make smoke", {"verb": "smoke", "division": div.id}))
        opts.append(Option("evasive+smoke", "Evasive manoeuvring and smoke",
                           {"verb": "evasive+smoke", "division": div.id}))
    return opts


def pause_extras(c: Ctx, arg: str) -> Decision:
    div = c.s.divisions[arg]
    return Decision(div.side, f"{div.name}: manoeuvre", tuple(_extras(c, div)), "D.3", "manoeuvre")


def on_extras(c: Ctx, arg: str, answer: str) -> None:
    s = c.s
    div = s.divisions[arg]
    evasive, smoke = "evasive" in answer, "smoke" in answer
    if evasive or smoke:
        c.replace_division(arg, evasive=evasive, smoke=smoke)
        c.note("movement", "D.3", _manoeuvre, div.side, div.name, evasive, smoke)
    s.todo = s.todo[1:]
    _next(c)


def _order_text(side, first) -> str:
    return f"{side_name(side)} moves {'first' if first else 'after the enemy'}"


def _moved(side, name, old, new) -> str:
    return f"{side_name(side)} {name} moves from range band {old} to {new}"


def _formation(side, name, f) -> str:
    return f"{side_name(side)} {name} changes formation to {f}"


def _detached(side, ship, parent, purpose, heading) -> str:
    why = {"disengage": f"to disengage toward range band {heading}", "torpedo": "for a torpedo attack",
           "pursue": "to pursue", "damage": "and sails on alone (damage or lost touch)"}[purpose]
    return f"{side_name(side)} {ship} leaves {parent} {why}"


def _detached_seen(side, parent) -> str:
    return f"{side_name(side)} {parent}: a ship sails away on its own"


def _manoeuvre(side, name, evasive, smoke) -> str:
    what = " and ".join(w for w, on in (("manoeuvres evasively", evasive), ("makes smoke", smoke)) if on)
    return f"{side_name(side)} {name} {what}"


PAUSES = {"order": pause_order, "move": pause_move, "extras": pause_extras}
ANSWERS = {"order": on_order, "move": on_move, "extras": on_extras}
