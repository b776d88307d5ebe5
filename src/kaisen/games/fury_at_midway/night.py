"""10.0 The night turn (sea battles 10.1(2), night air operations 10.2) and 11.0 the Midway invasion."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option
from kaisen.games.fury_at_midway import air_ops, strike
from kaisen.games.fury_at_midway.cards import SEMPER_FI
from kaisen.games.fury_at_midway.common import DMCV, Ctx, box_words, lazy_label, narrate
from kaisen.games.fury_at_midway.movement import JAPAN_ORDER, US_ORDER
from kaisen.games.fury_at_midway.state import SIDE_NAME

STEPS = frozenset({"battle", "seahit", "sealoc", "nret", "nland", "nplace", "invade"})


# -- 10.1(2) sea battles --------------------------------------------------------------------------
def battles(c: Ctx) -> list[tuple[str, str]]:
    """Pairs (US fleet, Japanese fleet) sharing a hex after the night move."""
    s = c.s
    return [(u, j) for u in US_ORDER if s.on_map(u) for j in JAPAN_ORDER if s.on_map(j) and s.fleet[j] == s.fleet[u]]


def start(c: Ctx) -> None:
    next_battle(c)


def next_battle(c: Ctx) -> None:
    """Fight each pair once (marked in `path["_fought"]`); a DMCV in a battle is simply eliminated."""
    s = c.s
    dm = [(u, j) for u, j in battles(c) if u in DMCV.values() or j in DMCV.values()]
    for u, j in dm:
        for f in (u, j):
            if f in DMCV.values() and s.on_map(f):
                eliminate_dmcv(c, f)
    fought = set(s.path.get("_fought", ()))
    for u, j in battles(c):
        if f"{u}:{j}" not in fought:
            s.step = f"battle:{u}:{j}"
            return
    s.path.pop("_fought", None)
    night_ops(c, "japan")


def eliminate_dmcv(c: Ctx, f: str) -> None:
    """10.1(2): a DMCV caught in a sea battle is eliminated (its carrier sinks) and does no damage."""
    side = c.d.fleets[f].side
    k = c.s.dmcv[side]
    c.sayf("battle", "10.1(2)", narrate, "Night sea battle in {}: the {} is eliminated", c.s.fleet[f], c.fleet_name(f))
    c.s.fleet[f] = "gone"
    c.s.shown[f] = "gone"
    c.sink_carrier(k, "lost with its DMCV", "10.1(2)", private=True)
    for q, (box, _) in list(c.s.air.items()):
        if box in (f"cap:{f}", f"ret1:{f}", f"ret2:{f}"):
            c.eliminate(q, "its DMCV was lost", "10.1(2)", private=True)


def battle_chance(c: Ctx, u: str, j: str) -> Chance:
    return Chance((6, 6), f"Night sea battle in {c.s.fleet[u]}: Japan rolls (hits = roll - "
                          f"{c.d.sides['japan'].sea_battle_minus}), US rolls (hits = roll - "
                          f"{c.d.sides['usa'].sea_battle_minus})", "10.1(2)", ("Japan", "US"))


def on_battle(c: Ctx, u: str, j: str, faces: tuple[int, ...]) -> None:
    s = c.s
    on_us = max(0, faces[0] - c.d.sides["japan"].sea_battle_minus)
    on_jp = max(0, faces[1] - c.d.sides["usa"].sea_battle_minus)
    c.sayf("battle", "10.1(2)", narrate, "Night sea battle in {}: Japan rolls {} ({} hits on the {}), US rolls {} ({} "
           "hits on the {})", s.fleet[u], faces[0], on_us, c.fleet_name(u), faces[1], on_jp, c.fleet_name(j))
    if j == "mif":
        lose = min(on_jp, s.invasion)
        s.invasion -= lose
        if lose:
            c.sayf("battle", "10.1(2)", narrate, "The Invasion Force loses {} point(s): track at {}", lose,
                   s.invasion or 'X')
        if s.invasion <= 0:
            s.fleet["mif"] = "gone"
            s.shown["mif"] = "gone"
            c.say("fleet", "The Midway Invasion Force is destroyed", "6.1(3)")
        on_jp = 0
    # hits still to place, US fleet's first: [fleet, hits]
    s.pending = tuple(x for x in (f"{u}={on_us}", f"{j}={on_jp}") if not x.endswith("=0"))
    next_hit(c)


def sea_targets(c: Ctx, fleet: str) -> list[str]:
    return [k for g in c.groups_of_fleet(fleet) for k in c.carriers_of(g) if c.afloat(k)] if c.s.on_map(fleet) else []


def next_hit(c: Ctx) -> None:
    s = c.s
    while s.pending:
        fleet, n = s.pending[0].split("=")
        if int(n) <= 0 or not sea_targets(c, fleet):
            s.pending = s.pending[1:]
            continue
        s.step = "seahit:" + fleet
        return
    s.pending = ()
    next_battle(c)


def seahit_options(c: Ctx, fleet: str) -> list[Option]:
    n = c.s.pending[0].split("=")[1]
    return [Option(f"hit:{k}", None, {"verb": "hit", "carrier": k, "fleet": fleet, "hits": int(n)},
                   lazy_label("{} takes a hit ({} to place)", c.carrier_name(k), n)) for k in sea_targets(c, fleet)]


def on_seahit(c: Ctx, fleet: str, answer: str) -> None:
    """10.1(2): Japan places every hit of the battle; a hit on a carrier marks a deck box (9.4(2))."""
    s = c.s
    k = answer[4:]
    f, n = s.pending[0].split("=")
    s.pending = (f"{f}={int(n) - 1}",) + s.pending[1:]
    if needs_location(c, k):
        s.step = "sealoc:" + k
        return
    hit(c, k, None)
    next_hit(c)


def needs_location(c: Ctx, k: str) -> bool:
    """A location die only when both deck boxes are open and the carrier is not about to sink (9.4(2))."""
    return len(c.open_boxes(k)) >= 2 and c.s.hits(k) < c.d.carriers[k].lost_at_hits - 1


def hit(c: Ctx, k: str, face: int | None) -> None:
    strike.carrier_hit(c, k, face)     # a sinking checks the fleet (Ctx.sink_carrier, 6.1(3))


# -- 10.2 night air operations ---------------------------------------------------------------------
def night_ops(c: Ctx, side: str) -> None:
    """10.2(2): Japan, then the US: Return 2 lands at a risk, Return 1 and CAP go below, then spot the decks."""
    s = c.s
    s.op_side, s.op_kind, s.moved = side, "night", frozenset()
    c.sayf("night", "10.2(2)", narrate, "{} night air operations", SIDE_NAME[side])
    for gid, g in list(s.groups.items()):
        if g.side == side:
            air_ops.recover(c, gid, box="ret2")
    s.step = "nret:" + side       # always: whether Return 2 holds anything is the side's secret (2.6)


def ret2_units(c: Ctx, side: str) -> list[str]:
    return [q for q, (b, _) in sorted(c.s.air.items()) if b.startswith("ret2:") and c.side_of(q) == side]


def nret_chance(c: Ctx, side: str) -> Chance:
    """One die a step in Return 2. With none there one die is rolled all the same, to no effect: the roll is
    made every night for each side, so that the enemy cannot tell whether anything waited in Return 2."""
    labels = tuple(f"{c.unit_name(q)} step {i + 1}" for q in ret2_units(c, side) for i in range(c.s.steps(q)))
    if not labels:
        return Chance((6,), f"{SIDE_NAME[side]} night landings from Return 2: none waits there (a die is rolled "
                            f"all the same, to no effect)", "10.2(2)", ("no effect",))
    return Chance((6,) * len(labels), f"{SIDE_NAME[side]} night landings from Return 2: a step is lost on 5-6",
                  "10.2(2)", labels)


def on_nret(c: Ctx, side: str, faces: tuple[int, ...]) -> None:
    i = 0
    for q in ret2_units(c, side):
        n = c.s.steps(q)
        lost = sum(1 for f in faces[i:i + n] if f >= 5)
        i += n
        for _ in range(lost):
            if c.s.box(q) != "lost":
                c.lose_step(q, "night landing", "10.2(2)", private=True)
        if c.s.box(q) != "lost":
            c.s.air[q] = ("ret1:" + c.s.box(q).split(":")[1], c.s.steps(q))
    night_land(c)


def night_land(c: Ctx) -> None:
    """10.2(2): Return 1 and then CAP to the hangars, with the normal damage and capacity rules (8.3)."""
    air_ops.next_landing(c)


def night_landed(c: Ctx) -> None:
    """Every returning unit is down: on to readying the decks (10.2(2))."""
    c.s.moved = frozenset()
    c.s.step = "nplace:" + c.s.op_side


def nplace_options(c: Ctx, side: str) -> list[Option]:
    s = c.s
    out = []
    for q, (box, _) in sorted(s.air.items()):
        if c.side_of(q) != side or not box.startswith("hangar:") or q in s.moved:
            continue
        k = box.split(":")[1]
        if c.free_boxes(k):
            out.append(Option(f"deck:{q}", None, {"verb": "deck", "unit": q, "carrier": k},
                              lazy_label("{}: hangar -> deck of {}", c.unit_name(q), c.carrier_name(k))))
        if c.is_fighter(q) and c.operational(k):
            gr = c.group_of(k)
            out.append(Option(f"cap:{q}", None, {"verb": "cap", "unit": q, "carrier": k, "box": f"cap:{gr}"},
                              lazy_label("{}: hangar -> CAP of {}", c.unit_name(q), c.group_name(gr))))
        if c.is_fighter(q):
            out += [Option(f"deck-on:{q}:{k2}", None, {"verb": "deck", "unit": q, "carrier": k2, "from": k},
                           lazy_label("{}: hangar of {} -> deck of {}", c.unit_name(q), c.carrier_name(k),
                                      c.carrier_name(k2)))
                    for k2 in fighter_decks(c, q, k)]
    out.append(Option("done", "Finish the night air operations", {"verb": "done"}))
    return out


def fighter_decks(c: Ctx, q: str, k: str) -> list[str]:
    """10.2(2): a fighter may be readied on the deck of another carrier of its division / task force (a free
    undamaged deck box, within that carrier's capacity, 8.3(3))."""
    out = []
    for k2 in c.carriers_of(c.group_of(k)):
        free = c.free_boxes(k2)
        if k2 != k and free and c.room_for(k2, q, f"deck:{k2}:{free[0]}"):
            out.append(k2)
    return out


def on_nplace(c: Ctx, side: str, answer: str) -> None:
    s = c.s
    if answer == "done":
        s.moved = frozenset()
        if side == "japan":
            night_ops(c, "usa")
            return
        s.op_side, s.op_kind = "", ""
        c.finish("night-air-operations")
        return
    verb, q, *rest = answer.split(":")
    k = s.box(q).split(":")[1]
    if verb == "deck-on":
        k2 = rest[0]
        s.air[q] = (f"deck:{k2}:{c.free_boxes(k2)[0]}", s.steps(q))
    elif verb == "deck":
        s.air[q] = (f"deck:{k}:{c.free_boxes(k)[0]}", s.steps(q))
    else:
        s.air[q] = (f"cap:{c.group_of(k)}", s.steps(q))
    s.moved = s.moved | {q}
    c.tellf(side, "air", "10.2(2)", _ev_readied, c.d, c.unit_name(q), s.box(q))


def _ev_readied(d, name: str, box: str) -> str:
    return f"{name} readied {box_words(d, box)}"


# -- 11.0 the invasion -----------------------------------------------------------------------
def invasion_start(c: Ctx) -> None:
    """11.0: with the Invasion Force next to Midway at the end of turn 7, the landings are fought out (after
    card 08's window, which flow.py opens); else nothing lands."""
    s = c.s
    if s.on_map("mif") and s.invasion > 0 and s.garrison > 0 and \
            c.d.hex_distance(s.fleet["mif"], c.d.midway.hex) == 1 and s.midway_control == "usa":
        c.sayf("invasion", "11.0", narrate, "The Invasion Force lands on Midway: Invasion {}, Garrison {}", s.invasion,
               s.garrison)
        c.finish("invasion", True)
        return
    c.finish("invasion", False)


def fight_landing(c: Ctx) -> None:
    """11.0(1)-(2): Japanese infantry fire first (the Garrison first with Semper Fi, card 08)."""
    c.s.step = "invade:usa" if SEMPER_FI in c.s.active else "invade:japan"


def invade_chance(c: Ctx, side: str) -> Chance:
    s = c.s
    if side == "japan":
        return Chance((6,), f"Japanese infantry fire: a roll of {s.invasion} or less lowers the Garrison", "11.0(1)")
    return Chance((6,), f"Garrison fire: a roll of {s.garrison} or less lowers the Invasion Force", "11.0(2)")


def on_invade(c: Ctx, side: str, face: int) -> None:
    s = c.s
    if side == "japan":
        if face <= s.invasion:
            s.garrison -= 1
        c.sayf("invasion", "11.0(1)", narrate, "Japanese infantry roll {}: Garrison {}", face, s.garrison or 'X')
        if s.garrison <= 0:
            s.midway_control = "japan"
            c.say("invasion", "Midway falls: Japan controls the atoll", "11.0")
            c.finish("invasion", False)
            return
        s.step = "invade:usa"
        return
    if face <= s.garrison:
        s.invasion -= 1
    c.sayf("invasion", "11.0(2)", narrate, "Garrison rolls {}: Invasion Force {}", face, s.invasion or 'X')
    if s.invasion <= 0:
        s.fleet["mif"] = "gone"
        s.shown["mif"] = "gone"
        c.say("invasion", "The landing fails: the US keeps Midway", "11.0")
        c.finish("invasion", False)
        return
    s.step = "invade:japan"


# -- dispatch -----------------------------------------------------------------------------
def pause(c: Ctx, step: str, arg: str):
    s = c.s
    if step == "battle":
        u, j = arg.split(":")
        return battle_chance(c, u, j)
    if step == "seahit":
        return Decision("japan", f"Place a sea-battle hit on the {c.fleet_name(arg)}", tuple(seahit_options(c, arg)),
                        "10.1(2)", "sea-battle-hit")
    if step == "sealoc":
        return Chance((6,), f"Where the hit on {c.carrier_name(arg)} lands: 1-3 bow, 4-6 stern", "9.4(2)")
    if step == "nret":
        return nret_chance(c, arg)
    if step == "nland":
        return Decision(s.op_side, f"Where does {c.unit_name(arg)} land?", tuple(air_ops.landing_options(c, arg)),
                        "10.2(2)", "land-aircraft")
    if step == "nplace":
        return Decision(arg, "Night: ready aircraft on deck or in the CAP box", tuple(nplace_options(c, arg)), "10.2(2)",
                        "ready-aircraft")
    if step == "invade":
        return invade_chance(c, arg)
    raise AssertionError(step)


def on_answer(c: Ctx, step: str, arg: str, a) -> None:
    if step == "battle":
        u, j = arg.split(":")
        c.s.path["_fought"] = tuple(sorted(set(c.s.path.get("_fought", ())) | {arg}))
        on_battle(c, u, j, a)
    elif step == "seahit":
        on_seahit(c, arg, a)
    elif step == "sealoc":
        hit(c, arg, a[0])
        next_hit(c)
    elif step == "nret":
        on_nret(c, arg, a)
    elif step == "nland":
        air_ops.land(c, arg, a[5:])
        air_ops.next_landing(c)
    elif step == "nplace":
        on_nplace(c, arg, a)
    elif step == "invade":
        on_invade(c, arg, a[0])

