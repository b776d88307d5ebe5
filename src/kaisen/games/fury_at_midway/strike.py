"""9.0 An attack in progress, the helpers every procedure that touches it shares: who is in it (9.2), the
escorts-first seam of card 12, and hits on carriers and Midway (9.4(2), 9.6). A leaf below air_attack.py,
cards.py and night.py (they all place hits and read the strike), so none of them imports another for these."""
from __future__ import annotations

from kaisen.games.fury_at_midway.common import Ctx, Later, narrate
from kaisen.games.fury_at_midway.state import ESCORTS_FIRST, MIDWAY, Attack

MIDWAY_HITS_A_TURN = 2                      # 9.6(3)
GARRISON_FLOOR = 2                          # 9.6(3): air attack never takes the Garrison lower


def fire_escorts_first(c: Ctx) -> None:
    """Card 12 seam: the escorts fire before the CAP in this attack (13.0)."""
    c.s.attack.order = ESCORTS_FIRST


def advance(a: Attack) -> None:
    a.stage = a.order[a.order.index(a.stage) + 1]


# -- who is where ------------------------------------------------------------------------------------
def units(c: Ctx, a: Attack) -> tuple[str, ...]:
    """The strike group's surviving units (a group wiped out leaves c.s.groups)."""
    g = c.s.groups.get(a.gid)
    return g.units if g else ()


def attackers(c: Ctx, a: Attack) -> list[str]:
    return [q for q in units(c, a) if not c.is_fighter(q)]


def escorts(c: Ctx, a: Attack) -> list[str]:
    return [q for q in units(c, a) if c.is_fighter(q)]


def live_interceptors(c: Ctx, a: Attack) -> list[str]:
    return [q for q in a.interceptors if c.s.air[q][1] > 0]


def cap_box(a: Attack) -> str:
    return f"cap:{a.group}"


def _cap_fighters(c: Ctx, a: Attack) -> list[str]:
    return [q for q in c.s.at(cap_box(a)) if c.is_fighter(q)]


# -- placing hits: carriers (9.4(2)), Midway (9.6) -------------------------------------------------
def needs_location_die(c: Ctx, carrier: str) -> bool:
    """A hit needs a location die while two or more deck / runway boxes are open (and, for Midway, counts)."""
    if carrier == MIDWAY and c.s.midway_hits >= MIDWAY_HITS_A_TURN:
        return False
    return len(c.open_boxes(carrier)) >= 2


def _box_by_die(c: Ctx, carrier: str, face: int | None) -> int:
    """The open box a die picks: open boxes share the six faces equally, left to right (9.4(2), 9.6(2))."""
    boxes = c.open_boxes(carrier)
    if len(boxes) == 1:
        return boxes[0]
    if face is None:
        raise ValueError(f"a hit on {carrier} needs a location die")
    return boxes[(face - 1) * len(boxes) // 6]


def _box_name(carrier: str, box: int) -> str:
    return f"runway {box}" if carrier == MIDWAY else ("bow", "stern")[box - 1] if box <= 2 else f"deck box {box}"


def _wreck_box(c: Ctx, carrier: str, box: int, rule: str) -> None:
    """Damage a deck / runway box; any aircraft in it is destroyed."""
    c.s.damage[carrier] = tuple(sorted(c.s.damage.get(carrier, ()) + (box,)))
    c.sayf("damage", rule, narrate, "{} is hit: {} wrecked", c.carrier_name(carrier), Later(_box_name, carrier, box))
    for q in c.s.at(f"deck:{carrier}:{box}"):
        c.eliminate(q, Later(narrate, "on the wrecked {}", Later(_box_name, carrier, box)), rule)


def carrier_hit(c: Ctx, carrier: str, face: int | None) -> None:
    """9.4(2): a hit wrecks a deck box (by die while both are open); a carrier with two hits is sunk by the next."""
    if carrier == MIDWAY:
        midway_hit(c, face)
        return
    if not c.afloat(carrier):
        return
    if c.s.hits(carrier) >= c.d.carriers[carrier].lost_at_hits - 1 or not c.open_boxes(carrier):
        c.sink_carrier(carrier, "", "9.4(2)")
        return
    _wreck_box(c, carrier, _box_by_die(c, carrier, face), "9.4(2)")


def midway_hit(c: Ctx, face: int | None) -> None:
    """9.6(2)-(3): a hit lowers the Garrison (not below 2) and closes a runway; three close the airbase."""
    if c.s.midway_hits >= MIDWAY_HITS_A_TURN:
        c.sayf("damage", "9.6(3)", narrate, "Midway has taken {} hits this turn: the hit is disregarded",
               MIDWAY_HITS_A_TURN)
        return
    c.s.midway_hits += 1
    if c.s.garrison > GARRISON_FLOOR:
        c.s.garrison -= 1
        c.sayf("damage", "9.6(2)", narrate, "Midway Garrison falls to {}", c.s.garrison)
    else:
        c.sayf("damage", "9.6(3)", narrate, "Midway Garrison stays at {}: air attack cannot lower it further",
               c.s.garrison)
    if not c.open_boxes(MIDWAY):
        return
    _wreck_box(c, MIDWAY, _box_by_die(c, MIDWAY, face), "9.6(2)")
    if c.midway_destroyed():
        c.say("damage", "Midway's airbase is destroyed", "9.6(2)")
        for q in c.s.at(f"hangar:{MIDWAY}"):
            c.eliminate(q, "in the destroyed airbase's hangar", "9.6(2)")
