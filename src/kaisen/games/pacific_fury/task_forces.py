"""8.0 Task Force Phase: new ships enter (8.1), task forces formed in ascending boxes (8.2, 8.3, 9.6)."""
from __future__ import annotations

from kaisen.engine.core import Decision, Event, Option
from kaisen.games.pacific_fury.common import DONE_PHASE, Ctx, names, tf_type
from kaisen.games.pacific_fury.state import BOXES, SIDE_NAME, TF_PREFIX, TaskForce


def start(c: Ctx) -> None:
    """8.1: ships due this turn leave the Turn Record Track for their base, face down."""
    s = c.s
    s.phase = "task-force"
    s.base_revealed = ""
    for u in [u for u, t in s.returns.items() if t == s.turn]:
        del s.returns[u]
        s.loc[u] = "base"
        c.note("arrive", "8.1", _arrive_text, c.d, u)
    s.phasing = s.non_initiative
    s.forming_box = 1
    s.step = "form"


def current(c: Ctx) -> TaskForce | None:
    return c.s.tfs.get(TF_PREFIX[c.s.phasing] + str(c.s.forming_box))


def options(c: Ctx) -> list[Option]:
    """8.2: add a ship from base to the open box, form the Tokyo Express, open the next box, or finish."""
    return options_of(c.s, c.d)


def options_of(s, d) -> list[Option]:
    """`options` from the state and data (the pause needs no Ctx)."""
    side = s.phasing
    box = s.forming_box
    tf = s.tfs.get(TF_PREFIX[side] + str(box))
    opts: list[Option] = []
    if box <= BOXES and not (tf and tf.ships == TE_SHIPS):
        loc = s.loc
        if tf is None:
            entries = _add_lists(d, side, box)[0]
        else:
            kind = tf_type(d, tf)      # 8.2/8.3: no carrier in a task force with Transports
            entries = _add_lists(d, side, box)[1 if kind == "TF-A" else 2 if kind == "TF-C" else 0]
        opts = [opt for u, opt in entries if loc[u] == "base"]
        if (tf is None and side == "japan" and s.initiative == "usa" and not s.te_formed
                and "base" in map(loc.__getitem__, japanese_transports(d))):    # (any Transports in base)
            opts.append(_box_options(d, side, box)[0])
    if tf is not None and box < BOXES:
        opts.append(_box_options(d, side, box)[1])
    opts.append(DONE_OPTION)
    return opts


TE_SHIPS = ("tokyo-express",)
_BOX_OPTIONS: dict[tuple[int, str, int], tuple[Option, Option]] = {}


def _box_options(d, side: str, box: int) -> tuple[Option, Option]:
    """The Tokyo Express and next-box options of a side's box (the same values every time: made once)."""
    key = (id(d), side, box)
    pair = _BOX_OPTIONS.get(key)
    if pair is None:
        tid = TF_PREFIX[side] + str(box)
        pair = _BOX_OPTIONS[key] = (
            Option("tokyo-express", None, {"verb": "tokyo-express", "unit": "tokyo-express", "tf": tid, "box": box},
                   _te_label),
            Option("next-box", None, {"verb": "close", "tf": tid, "box": box}, _next_box_label))
    return pair


DONE = {"verb": "done"}
DONE_OPTION = Option("done", "Finish forming task forces", DONE)


def _te_label(o: Option) -> str:
    return f"Box {o.fields['box']}: form the Tokyo Express from one Transports unit"


def _next_box_label(o: Option) -> str:
    box = o.fields["box"]
    return f"Close box {box} and start box {box + 1}"


def _arrive_text(d, u: str) -> str:
    return f"{d.ships[u].name} enters {d.bases[d.ships[u].side].name}"


def _joins_text(d, u: str, tid: str) -> str:
    return f"{d.ships[u].name} joins {tid}"


def _te_text(d, tid: str, ap: str) -> str:
    return f"{tid} is the Tokyo Express ({d.ships[ap].name} replaced by the marker)"


def _formed_text(side: str, formed: tuple) -> str:
    return (f"{SIDE_NAME[side]} has formed {len(formed)} task force(s): " +
            (", ".join(f"box {box}: {n}" for box, n in formed) or "none"))


def _closed_text(d, tf: TaskForce) -> str:
    return f"{tf.id} formed as {tf_type(d, tf)}: {names(d, tf.ships)}"


def add(c: Ctx, unit: str, tid: str) -> None:
    """8.2: a ship from base joins the task force of the open box (`tid`)."""
    c.ev.append(add_ship(c.s, c.d, unit, tid))


def add_ship(s, d, unit: str, tid: str) -> Event:
    """`add` on a state, returning its event (flow.apply's fast path needs no Ctx)."""
    tf = s.tfs.get(tid)
    if tf is None:
        s.tfs[tid] = _tuple_new(TaskForce, (tid, s.phasing, (unit,), s.forming_box, None, False))
    else:
        s.tfs[tid] = _tuple_new(TaskForce, (tid, tf.side, tf.ships + (unit,), tf.box, None, tf.revealed))
    s.loc[unit] = "tf:" + tid
    return Event("form", None, s.phasing, "8.2", _joins_text, (d, unit, tid))


_tuple_new = tuple.__new__

_ADD_KINDS: dict[int, dict[str, str]] = {}


def add_kinds(d) -> dict[str, str]:
    """Every `add:<ship>` id -> "AP" (Transports), "carrier" or "" (static per data set): what an add may
    change in the task force's type (8.3)."""
    kinds = _ADD_KINDS.get(id(d))
    if kinds is None:
        kinds = _ADD_KINDS[id(d)] = {f"add:{u}": "AP" if sp.type == "AP" else "carrier" if sp.is_carrier else ""
                                     for u, sp in d.ships.items() if sp.type != "TE"}
    return kinds


def add_from_menu(before, after, d, menu, i: int, kind: str) -> None:
    """8.2: the ship of the add at index `i` of the forming menu `menu` (the pause of `before`) joins the open
    task force in `after` (a copy of `before`); its event and its next menu are set on `after`. The menu is
    derived from the one before (an add changes nothing but that ship's place and the open task force): the
    ships still in base are those offered before less the one added; 8.2/8.3 narrow them when the task force
    becomes a TF-A (no carriers) or a TF-C (no Transports); a first ship drops the Tokyo Express and opens
    `next-box`. The options keep the order a fresh menu (`options`) has. `kind` is the ship's entry in
    add_kinds. (What `add` and a fresh `options` would give, in one pass.)"""
    opts = menu.options
    f = opts[i].fields
    unit, tid = f["unit"], f["tf"]
    old = before.tfs.get(tid)
    side = after.phasing
    if old is None:
        tf = _tuple_new(TaskForce, (tid, side, (unit,), after.forming_box, None, False))
    else:
        tf = _tuple_new(TaskForce, (tid, old[1], old[2] + (unit,), old[3], None, old[5]))
    after.tfs[tid] = tf
    after.loc[unit] = "tf:" + tid
    after.last_events = (Event("form", None, side, "8.2", _joins_text, (d, unit, tid)),)
    rest = opts[:i] + opts[i + 1:]
    if old is not None:
        if kind:
            old_type = tf_type(d, old)    # 8.3: Transports make a TF-A; a carrier a TF-C unless it is a TF-A
            new_type = "TF-A" if kind == "AP" or old_type == "TF-A" else "TF-C"
            if old_type != new_type:
                drop = _excluded(d, side, after.forming_box)[new_type]
                rest = tuple(o for o in rest if o.id not in drop)
        after.cache = Decision(menu.side, menu.prompt, rest, menu.rule, menu.kind)
        return
    box = after.forming_box
    drop = _excluded(d, side, box)["TF-A" if kind == "AP" else "TF-C" if kind else "TF-B"]
    new = [o for o in rest if o.id not in drop]        # the adds still offered, [the Tokyo Express], "done"
    new.pop()
    if new and new[-1].id == "tokyo-express":
        new.pop()
    if box < BOXES:
        new.append(_box_options(d, side, box)[1])
    new.append(DONE_OPTION)
    after.cache = Decision(menu.side, menu.prompt, tuple(new), menu.rule, menu.kind)


_EXCLUDED: dict[tuple[int, str, int], dict[str, frozenset]] = {}


def _excluded(d, side: str, box: int) -> dict[str, frozenset]:
    """Per task-force type, the add option ids it may not take (8.2/8.3): a TF-A no carriers, a TF-C no
    Transports, a TF-B anything."""
    key = (id(d), side, box)
    ex = _EXCLUDED.get(key)
    if ex is None:
        entries = add_options(d, side, box)
        ex = _EXCLUDED[key] = {"TF-A": frozenset(o.id for _, _, carrier, o in entries if carrier),
                               "TF-C": frozenset(o.id for _, ap, _, o in entries if ap),
                               "TF-B": frozenset()}
    return ex


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


_ADD_LISTS: dict[tuple[int, str, int], tuple] = {}


def _add_lists(d, side: str, box: int) -> tuple:
    """add_options as (unit, option) lists: every unit, those a TF-A may take (no carriers), those a TF-C
    may take (no Transports); built once per data set and box."""
    key = (id(d), side, box)
    lists = _ADD_LISTS.get(key)
    if lists is None:
        entries = add_options(d, side, box)
        lists = _ADD_LISTS[key] = ([(u, o) for u, _, _, o in entries],
                                   [(u, o) for u, _, carrier, o in entries if not carrier],
                                   [(u, o) for u, ap, _, o in entries if not ap])
    return lists


_JAPANESE_AP: dict[int, tuple[str, ...]] = {}


def japanese_transports(d) -> tuple[str, ...]:
    """The Japanese Transports units in the data's order (static)."""
    aps = _JAPANESE_AP.get(id(d))
    if aps is None:
        aps = _JAPANESE_AP[id(d)] = tuple(u for u in d.order if d.ships[u].type == "AP" and d.ships[u].side == "japan")
    return aps


def on_answer(c: Ctx, oid: str) -> None:
    s, d = c.s, c.d
    side = s.phasing
    tid = TF_PREFIX[side] + str(s.forming_box)
    if oid.startswith("add:"):
        add(c, oid[4:], tid)
    elif oid == "tokyo-express":
        ap = next(u for u in japanese_transports(d) if s.loc[u] == "base")
        s.loc[ap] = "offboard"
        c.set_tf(TaskForce(tid, side, ("tokyo-express",), s.forming_box, None))
        s.te_formed = True
        c.note_to(side, "form", "9.6", _te_text, d, tid, ap)
        close_box(c)
    elif oid == "next-box":
        close_box(c)
    elif oid == "done":
        if s.tfs.get(tid):
            close_box(c)
        formed = s.in_boxes(side)
        c.note("form", "8.2", _formed_text, side, tuple((t.box, len(t.ships)) for t in formed))
        if side == s.non_initiative:
            s.phasing = s.initiative
            s.forming_box = 1
        else:
            c.finish(DONE_PHASE)


def close_box(c: Ctx) -> None:
    s = c.s
    tf = current(c)
    if tf is not None:
        c.note_to(s.phasing, "form", "8.3", _closed_text, c.d, tf)
    s.forming_box += 1
