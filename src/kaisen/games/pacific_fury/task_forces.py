"""8.0 Task Force Phase: new ships enter (8.1), task forces formed in ascending boxes (8.2, 8.3, 9.6)."""
from __future__ import annotations

from kaisen.engine.core import Decision, Option
from kaisen.games.pacific_fury import operations
from kaisen.games.pacific_fury.common import Ctx
from kaisen.games.pacific_fury.state import BOXES, SIDE_NAME, TF_PREFIX, TaskForce


def start(c: Ctx) -> None:
    """8.1: ships due this turn leave the Turn Record Track for their base, face down."""
    s = c.s
    s.phase = "task-force"
    s.base_revealed = ""
    for u in [u for u, t in s.returns.items() if t == s.turn]:
        del s.returns[u]
        s.loc[u] = "base"
        c.say("arrive", f"{c.name(u)} enters {c.d.bases[c.d.ships[u].side].name}", "8.1")
    s.phasing = s.non_initiative
    s.forming_box = 1
    s.step = "form"


def current(c: Ctx) -> TaskForce | None:
    return c.s.tfs.get(TF_PREFIX[c.s.phasing] + str(c.s.forming_box))


def options(c: Ctx) -> list[Option]:
    """8.2: add a ship from base to the open box, form the Tokyo Express, open the next box, or finish."""
    s, d = c.s, c.d
    side = s.phasing
    box = s.forming_box
    tf = current(c)
    opts: list[Option] = []
    if box <= BOXES and not (tf and c.is_te(tf)):
        kinds = {d.ships[u].type for u in tf.ships} if tf else set()
        has_carrier = bool(kinds & {"CV", "CVL"})
        has_ap = "AP" in kinds
        loc = s.loc
        for u, is_ap, is_carrier, opt in add_options(d, side, box):
            if loc[u] != "base" or is_ap and has_carrier or is_carrier and has_ap:
                continue   # 8.2/8.3: no carrier in a task force with Transports
            opts.append(opt)
        if (tf is None and side == "japan" and s.initiative == "usa" and not s.te_formed
                and any(s.loc[u] == "base" and d.ships[u].type == "AP" and d.ships[u].side == "japan" for u in d.order)):
            opts.append(Option("tokyo-express", f"Box {box}: form the Tokyo Express from one Transports unit",
                               {"verb": "tokyo-express", "unit": "tokyo-express", "tf": TF_PREFIX[side] + str(box),
                                "box": box}))
    if tf is not None and box < BOXES:
        opts.append(Option("next-box", f"Close box {box} and start box {box + 1}",
                           {"verb": "close", "tf": tf.id, "box": box}))
    opts.append(Option("done", "Finish forming task forces", DONE))
    return opts


DONE = {"verb": "done"}


def menu_after_add(before, after, d, menu, answer: str):
    """The forming menu after adding a ship to a task force that already had one, derived from the menu
    before (the same options less the ship added) when the add changed nothing else: same box, and the
    task force neither gained its first carrier nor its first Transports (8.3). None: compute afresh."""
    if not answer.startswith("add:") or after.step != "form" or after.forming_box != before.forming_box:
        return None
    tid = TF_PREFIX[before.phasing] + str(before.forming_box)
    old = before.tfs.get(tid)
    if old is None:
        return None
    kind = d.ships[answer[4:]]
    if kind.type == "AP" or kind.is_carrier:
        return None
    return Decision(menu.side, menu.prompt, tuple(o for o in menu.options if o.id != answer), menu.rule, menu.kind)


_ADD: dict[tuple[int, str, int], list] = {}


def add_options(d, side: str, box: int) -> list:
    """The (unit, is Transports, is carrier, option) entries for adding each of a side's units to the task
    force of `box` (fields: verb "add", the unit, the task force and its box), built once per data set and box."""
    key = (id(d), side, box)
    if key not in _ADD:
        tid = TF_PREFIX[side] + str(box)
        _ADD[key] = [(u, d.ships[u].type == "AP", d.ships[u].is_carrier,
                      Option(f"add:{u}", f"Add {d.ships[u].name} ({d.ships[u].type}, CF {d.ships[u].cf}, "
                                         f"DF {d.ships[u].df})", {"verb": "add", "unit": u, "tf": tid, "box": box}))
                     for u in d.order if d.ships[u].side == side and d.ships[u].type != "TE"]
    return _ADD[key]


def on_answer(c: Ctx, oid: str) -> None:
    s, d = c.s, c.d
    side = s.phasing
    tid = TF_PREFIX[side] + str(s.forming_box)
    if oid.startswith("add:"):
        u = oid[4:]
        tf = s.tfs.get(tid)
        s.tfs[tid] = TaskForce(tid, side, (tf.ships if tf else ()) + (u,), s.forming_box, None,
                               tf.revealed if tf else False)
        s.loc[u] = "tf:" + tid
        c.tell(side, "form", f"{d.ships[u].name} joins {tid}", "8.2")
    elif oid == "tokyo-express":
        ap = next(u for u in d.order if s.loc[u] == "base" and d.ships[u].type == "AP" and d.ships[u].side == "japan")
        s.loc[ap] = "offboard"
        c.set_tf(TaskForce(tid, side, ("tokyo-express",), s.forming_box, None))
        s.te_formed = True
        c.tell(side, "form", f"{tid} is the Tokyo Express ({d.ships[ap].name} replaced by the marker)", "9.6")
        close_box(c)
    elif oid == "next-box":
        close_box(c)
    elif oid == "done":
        if s.tfs.get(tid):
            close_box(c)
        formed = s.in_boxes(side)
        c.say("form", f"{SIDE_NAME[side]} has formed {len(formed)} task force(s): " +
              (", ".join(f"box {t.box}: {len(t.ships)}" for t in formed) or "none"), "8.2")
        if side == s.non_initiative:
            s.phasing = s.initiative
            s.forming_box = 1
        else:
            operations.start(c)


def close_box(c: Ctx) -> None:
    s = c.s
    tf = current(c)
    if tf is not None:
        c.tell(s.phasing, "form", f"{tf.id} formed as {c.tf_type(tf)}: {c.names(tf.ships)}", "8.3")
    s.forming_box += 1
