"""9.0 Operations Phase: seven alternating operations a side (9.1-9.7), starting with the initiative player."""
from __future__ import annotations

from kaisen.engine.core import Option
from kaisen.games.pacific_fury import combat, return_phase
from kaisen.games.pacific_fury.common import Ctx
from kaisen.games.pacific_fury.state import BOXES, OPERATIONS, SIDE_NAME, Combat, TaskForce, other

IBS = "ironbottom"
SLOT = "slot"


def start(c: Ctx) -> None:
    c.s.phase = "operations"
    c.s.phasing = c.s.initiative
    c.s.step = "op"
    c.say("phase", f"Operations Phase: {SIDE_NAME[c.s.initiative]} conducts the first operation", "9.0")


def finish(c: Ctx) -> None:
    """After an operation: the other side's turn to operate, or the Return Phase after 7 each."""
    s = c.s
    s.combat = None
    s.ops[s.phasing] += 1
    if s.ops["japan"] >= OPERATIONS and s.ops["usa"] >= OPERATIONS:
        return_phase.start(c)
        return
    nxt = other(s.phasing)
    s.phasing = nxt if s.ops[nxt] < OPERATIONS else s.phasing
    s.step = "op"


def sortie_zones(c: Ctx, tf: TaskForce) -> list[str]:
    """9.1: to the side's sortie zone; the initiative player's TF-B may go to Ironbottom Sound, a Japanese
    TF-B to The Slot; the Tokyo Express must sortie to The Slot (9.6)."""
    s, d = c.s, c.d
    if c.is_te(tf):
        return [SLOT]
    zones = [d.bases[tf.side].sortie_zone]
    if c.tf_type(tf) == "TF-B":
        if tf.side == s.initiative:
            zones.append(IBS)
        if tf.side == "japan":
            zones.append(SLOT)
    return zones


def move_zones(c: Ctx, tf: TaskForce) -> list[str]:
    """9.2: to an adjacent zone; a TF-C never enters Ironbottom Sound or The Slot."""
    if c.is_te(tf):
        return [IBS] if tf.zone == SLOT else []
    zones = sorted(c.d.adjacent[tf.zone])
    if c.tf_type(tf) == "TF-C":
        zones = [z for z in zones if z not in (IBS, SLOT)]
    return zones


def strike_targets(c: Ctx, tf: TaskForce, side: str) -> list[tuple[str, str | None, str]]:
    """9.5 / 10.6: Henderson Field (held by the enemy and operational) or an enemy task force in an
    adjacent zone; the enemy's task forces in Ironbottom Sound are one combined target.
    Each as (target, its zone or None for Henderson Field, label)."""
    s, d = c.s, c.d
    out: list[tuple[str, str | None, str]] = []
    if s.hf_operational and c.hf_controller() != side:
        out.append(("henderson", None, f"Henderson Field (box {c.box_label()})"))
    for z in sorted(d.adjacent[tf.zone]):
        enemy = sorted(s.in_zone(z, other(side)), key=lambda t: t.id)
        if not enemy:
            continue
        if z == IBS:
            n = sum(len(t.ships) for t in enemy)
            out.append((IBS, IBS, f"the enemy in Ironbottom Sound ({n} ships)"))
        else:
            for t in enemy:
                out.append((t.id, z, f"{t.id} in {d.zones[z].name} ({c.describe(t, False)})"))
    return out


def strike_fields(tf_id: str, target: str, zone: str | None) -> dict:
    """An air strike option's fields: the striking task force, the target (henderson, ironbottom or a task
    force id) and the target's zone (none for Henderson Field)."""
    if zone is None:
        return {"verb": "strike", "tf": tf_id, "target": target}
    return {"verb": "strike", "tf": tf_id, "target": target, "zone": zone}


def options(c: Ctx) -> list[Option]:
    s, d = c.s, c.d
    side = s.phasing
    opts: list[Option] = []
    waiting = s.in_boxes(side)
    if waiting:
        tf = waiting[0]
        for z in sortie_zones(c, tf):
            opts.append(Option(f"sortie:{tf.id}:{z}",
                               f"Sortie {c.describe(tf, True)} from box {tf.box} to {d.zones[z].name}",
                               {"verb": "sortie", "tf": tf.id, "box": tf.box, "zone": z}))
    for tf in sorted((t for t in s.tfs.values() if t.side == side and t.zone), key=lambda t: t.id):
        here = d.zones[tf.zone].name
        for z in move_zones(c, tf):
            what = entry_label(c, tf, z)
            opts.append(Option(f"move:{tf.id}:{z}", f"{what}: {tf.id} from {here} to {d.zones[z].name}",
                               {"verb": "move", "tf": tf.id, "from": tf.zone, "zone": z}))
        if c.tf_type(tf) == "TF-C" and tf.zone not in (IBS, SLOT):
            for target, zone, label in strike_targets(c, tf, side):
                opts.append(Option(f"strike:{tf.id}:{target}", f"Air strike by {tf.id} on {label}",
                                   strike_fields(tf.id, target, zone)))
        opts.append(Option(f"base:{tf.id}", f"Return {tf.id} from {here} to base",
                           {"verb": "return", "tf": tf.id, "from": tf.zone}))
    opts.append(Option("pass", "Pass (no operation; counts as an operation)", PASS))
    return opts


PASS = {"verb": "pass"}


def entry_label(c: Ctx, tf: TaskForce, zone: str) -> str:
    s = c.s
    if zone == IBS and c.is_te(tf):
        return "Tokyo Express run"
    if zone == IBS and tf.side == s.non_initiative:
        kind = c.tf_type(tf)
        if kind == "TF-B" and s.hf_operational:
            return "Naval bombardment"
        if kind == "TF-A":
            return "Landing" if not s.hf_operational else "Move (no landing while Henderson Field is operational)"
    return "Move"


def shift_boxes(c: Ctx) -> None:
    """9.7: an operation other than a sortie moves the waiting task forces up a box; box 7 goes home."""
    for tf in reversed(c.s.in_boxes(c.s.phasing)):
        if tf.box >= BOXES:
            c.to_base(tf, "pushed out of box 7: it cannot sortie this turn", "9.7")
        else:
            c.s.tfs[tf.id] = tf._replace(box=tf.box + 1)


def on_answer(c: Ctx, oid: str) -> None:
    s, d = c.s, c.d
    side = s.phasing
    parts = oid.split(":")
    kind = parts[0]
    if kind != "sortie":
        shift_boxes(c)
    if kind == "pass":
        c.say("operation", f"{SIDE_NAME[side]} passes", "9.0")
        finish(c)
        return
    tf = s.tfs[parts[1]]
    if kind == "base":
        c.to_base(tf, "operation", "9.2")
        finish(c)
    elif kind == "sortie":
        c.say("operation", f"{SIDE_NAME[side]} sorties {c.describe(tf, False)} to {d.zones[parts[2]].name}", "9.1")
        enter(c, tf._replace(box=None, zone=parts[2]), "9.1")
    elif kind == "move":
        c.say("operation", f"{SIDE_NAME[side]} moves {c.describe(tf, False)} from {d.zones[tf.zone].name} "
                           f"to {d.zones[parts[2]].name}", "9.2")
        enter(c, tf._replace(zone=parts[2]), "9.2")
    elif kind == "strike":
        combat.start_air_strike(c, tf, parts[2])


def enter(c: Ctx, tf: TaskForce, rule: str) -> None:
    """A task force arrives in a zone: reveals (8.4), then combat, bombardment, landing or the TE run."""
    s, d = c.s, c.d
    c.set_tf(tf)
    zone = tf.zone
    side = tf.side
    if c.is_te(tf) and zone == IBS:
        tokyo_express_run(c, tf)
        return
    enemy = s.in_zone(zone, other(side))
    if enemy:
        c.reveal_zone(zone, "8.4")
    elif zone == IBS and side == s.non_initiative and s.hf_operational:
        c.reveal(tf, "entered Ironbottom Sound under Henderson Field's eyes", "8.4")
    kind = c.tf_type(s.tfs[tf.id])
    after = ""
    if zone == IBS and side == s.non_initiative:
        # 10.4: a bombardment only while Henderson Field is operational; 9.3: landing only once it is not
        after = ("bombard" if s.hf_operational else "") if kind == "TF-B" else "land" if kind == "TF-A" else ""
    if d.zones[zone].surface:
        if enemy:
            s.combat = Combat(kind="surface", attacker=side, zone=zone, mover=tf.id, after=after)
            combat.start_round(c)
        elif after == "bombard":
            combat.start_bombardment(c, s.tfs[tf.id], rounds_left=2)
        elif after == "land" and not s.hf_operational:
            land(c, s.tfs[tf.id])
            finish(c)
        else:
            finish(c)
    elif enemy:
        s.combat = Combat(kind="carrier", attacker=side, zone=zone, mover=tf.id)
        combat.start_carrier_combat(c)
    else:
        finish(c)


def land(c: Ctx, tf: TaskForce) -> None:
    """9.3: the Transports go ashore (one marker shift each); the rest of the task force returns to base."""
    d = c.d
    aps = [u for u in tf.ships if d.ships[u].type == "AP"]
    for u in aps:
        c.s.loc[u] = "offboard"
    c.s.gone_public += tuple(aps)
    c.drop_ships(aps)
    c.say("landing", f"{SIDE_NAME[tf.side]} lands {len(aps)} Transports unit(s) on Guadalcanal", "9.3")
    c.shift(tf.side, len(aps), "landing on Guadalcanal", "9.3")
    rest = c.s.tfs.get(tf.id)
    if rest is not None:
        c.to_base(rest, "escort after the landing", "9.3")


def tokyo_express_run(c: Ctx, tf: TaskForce) -> None:
    """9.6: unopposed it lands (shift toward Japan); opposed, the US rolls to detect it."""
    s = c.s
    c.reveal(tf, "Tokyo Express run", "9.6")
    if s.in_zone(IBS, "usa"):
        for us in sorted(s.in_zone(IBS, "usa"), key=lambda t: t.id):   # 8.4: entering an enemy-held zone
            c.reveal(us, "the Tokyo Express sails into their zone", "8.4")
        s.step = "te-detect"
        return
    tokyo_express_lands(c, tf)
    finish(c)


def tokyo_express_lands(c: Ctx, tf: TaskForce) -> None:
    c.s.loc["tokyo-express"] = "offboard"
    c.s.gone_public += ("tokyo-express",)
    del c.s.tfs[tf.id]
    c.say("landing", "The Tokyo Express lands its troops on Guadalcanal", "9.6")
    c.shift("japan", 1, "Tokyo Express", "9.6")


def on_te_detect(c: Ctx, face: int) -> None:
    """9.6 detection: 1 detected; 2 detected only if Henderson Field is operational; 3-6 undetected."""
    s = c.s
    tf = next(t for t in s.tfs.values() if c.is_te(t))
    detected = face == 1 or (face == 2 and s.hf_operational)
    if detected:
        s.loc["tokyo-express"] = "offboard"
        s.gone_public += ("tokyo-express",)
        del s.tfs[tf.id]
        c.say("landing", f"US detection roll {face}: the Tokyo Express is detected and turned back", "9.6")
    else:
        c.say("landing", f"US detection roll {face}: the Tokyo Express slips through", "9.6")
        tokyo_express_lands(c, tf)
    finish(c)
