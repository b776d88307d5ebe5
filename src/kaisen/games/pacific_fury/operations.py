"""9.0 Operations Phase: seven alternating operations a side (9.1-9.7), starting with the initiative player."""
from __future__ import annotations

from functools import partial
from operator import itemgetter

from kaisen.engine.core import Event, Option
from kaisen.games.pacific_fury.air_targets import strike_fields, strike_makers_of
from kaisen.games.pacific_fury.common import COMBAT_READY, DONE_OPERATION, DONE_PHASE, Ctx, describe, tf_type
from kaisen.games.pacific_fury.landing import land
from kaisen.games.pacific_fury.state import BOXES, OPERATIONS, SIDE_NAME, Combat, TaskForce, other

IBS = "ironbottom"
SLOT = "slot"


def start(c: Ctx) -> None:
    c.s.phase = "operations"
    c.s.phasing = c.s.initiative
    c.s.step = "op"
    c.note("phase", "9.0", "Operations Phase: {} conducts the first operation".format, SIDE_NAME[c.s.initiative])


def finish(c: Ctx) -> None:
    """9.7: an operation is over and counted; the other side's turn to operate (it continues alone once the
    other has done its seven). After seven each the phase is over (DONE_PHASE)."""
    s = c.s
    s.combat = None
    ops, side = s.ops, s.phasing
    ops[side] += 1
    if ops["japan"] >= OPERATIONS and ops["usa"] >= OPERATIONS:
        c.finish(DONE_PHASE)
        return
    nxt = "usa" if side == "japan" else "japan"       # (other)
    if ops[nxt] < OPERATIONS:
        s.phasing = nxt
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


def _by_id(t: TaskForce) -> str:
    return t.id


_TF_ID = itemgetter(0)      # _by_id in C (a TaskForce is a tuple whose first item is its id)


def options(c: Ctx) -> list[Option]:
    """9.0: sortie the lowest box's task force, move, air strike or return a task force at sea, or pass.
    Labels are made on demand from values taken now (the task forces are immutable tuples)."""
    return list(options_of(c.s, c.d))


def options_of(s, d) -> tuple[Option, ...]:
    """`options` as the menu's tuple, from the state and data (the pause needs no Ctx)."""
    side = s.phasing
    tf = None                  # the task force in the lowest box (9.1: the one that may sortie)
    at_sea = []
    for t in s.tfs.values():   # (a TaskForce is (id, side, ships, box, zone, revealed))
        if t[1] == side:
            if t[3] is not None:
                if tf is None or t[3] < tf[3]:
                    tf = t
            elif t[4]:
                at_sea.append(t)
    initiative = s.initiative
    if tf is not None:
        opts = _SORTIES.get((id(d), tf, initiative)) or _sorties(s, d, tf)
        if not at_sea:
            return (*opts, PASS_OPTION)
        opts = opts.copy()
    elif not at_sea:
        return _PASS_ONLY
    else:
        opts = []
    if len(at_sea) > 1:
        at_sea.sort(key=_TF_ID)
    non_initiative, hf_operational = ("usa" if initiative == "japan" else "japan"), s.hf_operational
    for tf in at_sea:
        moves, strikes, back = (_AT_SEA.get((id(d), tf, non_initiative, hf_operational))
                                or _at_sea(s, d, tf, non_initiative, hf_operational))
        opts.extend(moves)
        if strikes:
            tid = tf[0]
            for target, zone, make, args in strike_makers_of(s, d, tf, side):
                opts.append(Option(f"strike:{tid}:{target}", None, strike_fields(tid, target, zone),
                                   partial(_strike_label, make, args)))
        opts.append(back)
    opts.append(PASS_OPTION)
    return tuple(opts)


# Menu parts that depend only on immutable values (a task force tuple and a few flags), shared by every
# state that has them: the options of a task force at sea and of the task force that may sortie.
_SORTIES: dict[tuple, list[Option]] = {}
_AT_SEA: dict[tuple, tuple[list[Option], bool, Option]] = {}


def _sorties(s, d, tf: TaskForce) -> list[Option]:
    """The sortie options of `tf` (9.1), made and remembered (options_of looks in _SORTIES first)."""
    opts = [Option(f"sortie:{tf.id}:{z}", None, {"verb": "sortie", "tf": tf.id, "box": tf.box, "zone": z},
                   partial(_sortie_label, d, tf)) for z in sortie_zones(Ctx(s, d), tf)]
    _remember(_SORTIES, (id(d), tf, s.initiative), opts)
    return opts


def _at_sea(s, d, tf: TaskForce, non_initiative: str, hf_operational: bool) -> tuple[list[Option], bool, Option]:
    """The moves, air strike flag and return of `tf` at sea, made and remembered (options_of looks in _AT_SEA
    first)."""
    part = _AT_SEA_part(Ctx(s, d), tf, non_initiative, hf_operational)
    _remember(_AT_SEA, (id(d), tf, non_initiative, hf_operational), part)
    return part


def offered(d, s, oid: str) -> bool:
    """Whether the operation menu (options_of) offers `oid`, read from the parts it is made of, without making
    it (the data first, as flow.OFFERED calls it): a pass; a sortie of the task force in the lowest box; a move
    or a return to base of one at sea. False for anything else (an air strike's targets are worked out by the
    menu itself)."""
    if oid == "pass":
        return True
    verb, _, rest = oid.partition(":")
    tid, _, _ = rest.partition(":")
    tf = s.tfs.get(tid)
    side = s.phasing
    if tf is None or tf[1] != side:
        return False
    if verb == "sortie":
        box = tf[3]
        if box is None:
            return False
        for t in s.tfs.values():          # 9.1: only the task force in the lowest box sorties
            if t[1] == side and t[3] is not None and t[3] < box:
                return False
        opts = _SORTIES.get((id(d), tf, s.initiative)) or _sorties(s, d, tf)
    elif verb == "move" or verb == "base":
        if tf[3] is not None or not tf[4]:
            return False
        initiative = s.initiative
        non_initiative, hf_operational = ("usa" if initiative == "japan" else "japan"), s.hf_operational
        moves, _, back = (_AT_SEA.get((id(d), tf, non_initiative, hf_operational))
                          or _at_sea(s, d, tf, non_initiative, hf_operational))
        if verb == "base":
            return back.id == oid
        opts = moves
    else:
        return False
    for o in opts:
        if o.id == oid:
            return True
    return False


def _remember(memo: dict, key, value) -> None:
    if len(memo) > 50_000:
        memo.clear()
    memo[key] = value


def _AT_SEA_part(c: Ctx, tf: TaskForce, non_initiative: str, hf_operational: bool):
    """A task force at sea: its moves (9.2), whether it may air strike (a TF-C outside Ironbottom Sound and The
    Slot, 9.5), and its return to base (9.2)."""
    d = c.d
    tid, here = tf.id, tf.zone
    kind = tf_type(d, tf)
    moves = [Option(f"move:{tid}:{z}", None, {"verb": "move", "tf": tid, "from": here, "zone": z},
                    partial(_move_label, d, entry_label_of(tf, z, kind, non_initiative, hf_operational)))
             for z in move_zones(c, tf)]
    back = Option(f"base:{tid}", None, {"verb": "return", "tf": tid, "from": here}, partial(_base_label, d))
    return moves, kind == "TF-C" and here not in (IBS, SLOT), back


PASS = {"verb": "pass"}
PASS_OPTION = Option("pass", "Pass (no operation; counts as an operation)", PASS)
_PASS_ONLY = (PASS_OPTION,)


def _sortie_label(d, tf: TaskForce, o: Option) -> str:
    return f"Sortie {describe(d, tf, True)} from box {tf.box} to {d.zones[o.fields['zone']].name}"


def _move_label(d, what: str, o: Option) -> str:
    f = o.fields
    return f"{what}: {f['tf']} from {d.zones[f['from']].name} to {d.zones[f['zone']].name}"


def _strike_label(make, args: tuple, o: Option) -> str:
    return f"Air strike by {o.fields['tf']} on {make(*args)}"


def _base_label(d, o: Option) -> str:
    f = o.fields
    return f"Return {f['tf']} from {d.zones[f['from']].name} to base"


def entry_label_of(tf: TaskForce, zone: str, kind: str, non_initiative: str, hf_operational: bool) -> str:
    """What a move into `zone` is (the move label's first words): a run, bombardment, landing or a move."""
    if zone == IBS:
        if tf.ships == TE_SHIPS:
            return "Tokyo Express run"
        if tf.side == non_initiative:
            if kind == "TF-B" and hf_operational:
                return "Naval bombardment"
            if kind == "TF-A":
                return "Landing" if not hf_operational else "Move (no landing while Henderson Field is operational)"
    return "Move"


TE_SHIPS = ("tokyo-express",)
# A TaskForce made from its six fields in C (the NamedTuple's __new__ is a Python function): (id, side,
# ships, box, zone, revealed), the order TaskForce declares.
_tuple_new = tuple.__new__


def shift_boxes(c: Ctx) -> None:
    """9.7: an operation other than a sortie moves the waiting task forces up a box; box 7 goes home."""
    tfs = c.s.tfs
    side = c.s.phasing
    for tf in [t for t in tfs.values() if t[1] == side and t[3] is not None]:     # (side, box)
        if tf[3] >= BOXES:
            c.to_base(tf, "pushed out of box 7: it cannot sortie this turn", "9.7")
        else:
            tfs[tf[0]] = _tuple_new(TaskForce, (tf[0], tf[1], tf[2], tf[3] + 1, tf[4], tf[5]))


def on_answer(c: Ctx, oid: str) -> None:
    s, d = c.s, c.d
    if oid == "pass":            # the most frequent operation, first
        shift_boxes(c)
        c.ev.append(Event("operation", None, None, "9.0", _PASSES, (SIDE_NAME[s.phasing],)))     # (Ctx.note)
        c.finish(DONE_OPERATION)
        return
    parts = oid.split(":")
    kind = parts[0]
    if kind != "sortie":
        shift_boxes(c)
    tf = s.tfs[parts[1]]
    if kind == "base":
        c.to_base(tf, "operation", "9.2")
        c.finish(DONE_OPERATION)
    elif kind == "sortie":
        c.ev.append(Event("operation", None, None, "9.1", _sortie_text, (d, tf, parts[2])))     # (Ctx.note)
        enter(c, _tuple_new(TaskForce, (tf[0], tf[1], tf[2], None, parts[2], tf[5])), "9.1")
    elif kind == "move":
        c.ev.append(Event("operation", None, None, "9.2", _move_text, (d, tf, parts[2])))       # (Ctx.note)
        enter(c, _tuple_new(TaskForce, (tf[0], tf[1], tf[2], tf[3], parts[2], tf[5])), "9.2")
    elif kind == "strike":      # 9.5: the air strike is fought (10.6)
        s.combat = Combat(kind="air", attacker=tf.side, zone=None, mover=tf.id, target=parts[2])
        c.finish(COMBAT_READY)


_PASSES = "{} passes".format


def _sortie_text(d, tf: TaskForce, zone: str) -> str:
    return f"{SIDE_NAME[tf.side]} sorties {describe(d, tf, False)} to {d.zones[zone].name}"


def _move_text(d, tf: TaskForce, zone: str) -> str:
    return f"{SIDE_NAME[tf.side]} moves {describe(d, tf, False)} from {d.zones[tf.zone].name} to {d.zones[zone].name}"


def enter(c: Ctx, tf: TaskForce, rule: str) -> None:
    """A task force arrives in a zone: reveals (8.4), then combat, bombardment, landing or the TE run."""
    s, d = c.s, c.d
    tfs = s.tfs
    tid, side, zone = tf[0], tf[1], tf[4]
    tfs[tid] = tf              # its ships are already in it (loc "tf:<id>" since it was formed)
    if zone == IBS and tf[2] == TE_SHIPS:
        tokyo_express_run(c, tf)
        return
    foe = "usa" if side == "japan" else "japan"
    enemy = [t for t in tfs.values() if t[4] == zone and t[1] == foe]       # (in_zone)
    non_initiative = side != s.initiative
    if enemy:
        c.reveal_zone(zone, "8.4")
    elif zone == IBS and non_initiative and s.hf_operational:
        c.reveal(tf, "entered Ironbottom Sound under Henderson Field's eyes", "8.4")
    kind = tf_type(d, tf)      # (a reveal changes no ship)
    after = ""
    if zone == IBS and non_initiative:
        # 10.4: a bombardment only while Henderson Field is operational; 9.3: landing only once it is not
        after = ("bombard" if s.hf_operational else "") if kind == "TF-B" else "land" if kind == "TF-A" else ""
    if d.zones[zone].surface:
        if enemy:
            s.combat = Combat(kind="surface", attacker=side, zone=zone, mover=tf.id, after=after)
            c.finish(COMBAT_READY)
        elif after == "bombard":
            s.combat = Combat(kind="bombard", attacker=side, zone=IBS, mover=tf.id, rounds=2)
            c.finish(COMBAT_READY)
        elif after == "land" and not s.hf_operational:
            land(c, s.tfs[tf.id])
            c.finish(DONE_OPERATION)
        else:
            c.finish(DONE_OPERATION)
    elif enemy:
        s.combat = Combat(kind="carrier", attacker=side, zone=zone, mover=tf.id)
        c.finish(COMBAT_READY)
    else:
        c.finish(DONE_OPERATION)


def tokyo_express_run(c: Ctx, tf: TaskForce) -> None:
    """9.6: unopposed it lands (shift toward Japan); opposed, the US rolls to detect it."""
    s = c.s
    c.reveal(tf, "Tokyo Express run", "9.6")
    if s.in_zone(IBS, "usa"):
        for us in sorted(s.in_zone(IBS, "usa"), key=_TF_ID):   # 8.4: entering an enemy-held zone
            c.reveal(us, "the Tokyo Express sails into their zone", "8.4")
        s.step = "te-detect"
        return
    tokyo_express_lands(c, tf)
    c.finish(DONE_OPERATION)


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
        c.note("landing", "9.6", "US detection roll {}: the Tokyo Express is detected and turned back".format, face)
    else:
        c.note("landing", "9.6", "US detection roll {}: the Tokyo Express slips through".format, face)
        tokyo_express_lands(c, tf)
    c.finish(DONE_OPERATION)
