"""D.1 Event Phase: each side rolls D66 on the Random Event Table once a turn; an event strikes one ship of that
side chosen at random."""
from __future__ import annotations

from kaisen.engine.core import Chance
from kaisen.games.nights_of_fury import damage
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.state import other


def start(c: Ctx) -> None:
    """A new turn: the first side of the scenario rolls first."""
    s = c.s
    s.todo = c.d.side_order(s.scenario)
    _next(c)


def _next(c: Ctx) -> None:
    s = c.s
    while s.todo and not candidates(c, s.todo[0]):
        s.todo = s.todo[1:]
    if not s.todo:
        s.step = ""
        c.finish()
        return
    s.step = "event:" + s.todo[0]


def candidates(c: Ctx, side: str) -> list[str]:
    """The ships an event may strike: the side's ships still in the battle, division by division."""
    return [q for div in c.divisions_of(side) for q in c.afloat(div)]


def pause_roll(c: Ctx, side: str) -> Chance:
    return Chance((6, 6), f"{side_name(side)} rolls D66 on the Random Event Table", "D.1", ("tens", "units"))


def pause_ship(c: Ctx, arg: str) -> Chance:
    side, _, code = arg.partition(":")
    n = len(candidates(c, side))
    return Chance((n,), f"Which {side_name(side)} ship the event strikes (one of {n}, at random)", "D.1", ("ship",))


def on_roll(c: Ctx, side: str, faces) -> None:
    s = c.s
    code = faces[0] * 10 + faces[1]
    ev = c.d.event(code)
    if ev.kind == "none" or not ev.applies(side, c.d.scenario(s.scenario).light):
        c.note("event", "D.1", _no_event, side, code)
        s.todo = s.todo[1:]
        _next(c)
        return
    c.note("event", "D.1", _event_text, side, code, ev.text)
    s.step = f"event-ship:{side}:{code}"


def on_ship(c: Ctx, arg: str, faces) -> None:
    s = c.s
    side, _, code = arg.partition(":")
    ship = candidates(c, side)[faces[0] - 1]
    ev = c.d.event(int(code))
    c.note_to(side, "event", "D.1", _struck_text, c.name(ship))
    s.todo = s.todo[1:]
    apply_event(c, side, ship, ev)
    damage.then(c, "event")


def apply_event(c: Ctx, side: str, ship: str, ev) -> None:
    """Put a Random Event into force (D.1): damage and fires at once through the damage rules, a detachment or a
    reload at once, anything else as an effect lasting its turns on the ship, the side, the nearest enemy
    division or the whole battle."""
    s = c.s
    if ev.kind == "fire":
        damage.start_fire(c, ship, "D.1")
    elif ev.kind == "structure":
        damage.apply_points(c, ship, ev.value, 0, "D.1")
    elif ev.kind == "flotation":
        damage.apply_points(c, ship, 0, ev.value, "D.1")
    elif ev.kind == "detach":
        if len(c.afloat(c.division_of(ship))) > 1:
            from kaisen.games.nights_of_fury.movement import detach
            detach(c, ship, "damage")
    elif ev.kind == "reload":
        st = s.ships[ship]
        mounts = c.spec(ship).mounts
        for i, n in enumerate(st.torpedoes):
            if n == 0 and st.reloads > 0:
                torps = list(st.torpedoes)
                torps[i] = mounts[i].torpedoes
                ready = list(st.ready)
                ready[i] = 0
                c.replace_ship(ship, torpedoes=tuple(torps), reloads=st.reloads - 1, ready=tuple(ready))
                break
    else:
        target = {"ship": ship, "side": side, "battle": "battle"}.get(ev.scope)
        if ev.scope == "enemy":
            target = _nearest_enemy(c, ship)
        if ev.kind == "reveal":
            target = s.ships[ship].division
        if target is not None:
            last = s.turn + max(1, ev.turns) - 1
            s.effects = s.effects + ((ev.kind, ev.value, last, target),)


def _nearest_enemy(c: Ctx, ship: str) -> str | None:
    """The enemy division nearest the ship (first in order on a tie)."""
    mine = c.division_of(ship)
    best = None
    for div in c.divisions_of(other(c.side_of(ship))):
        r = abs(div.band - mine.band)
        if best is None or r < best[0]:
            best = (r, div.id)
    return best[1] if best else None


def _continue(c: Ctx) -> None:
    _next(c)


damage.CONTINUE["event"] = _continue


def _no_event(side, code) -> str:
    return f"{side_name(side)} rolls {code} on the Random Event Table: no event"


def _event_text(side, code, text) -> str:
    return f"{side_name(side)} rolls {code} on the Random Event Table: {text}"


def _struck_text(ship) -> str:
    return f"The event strikes {ship}"


PAUSES = {"event": pause_roll, "event-ship": pause_ship}
ANSWERS = {"event": on_roll, "event-ship": on_ship}
