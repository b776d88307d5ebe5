"""Shared helpers: narration, the carrier displays (8.3), groups and fleets, unit losses."""
from __future__ import annotations

from functools import partial

from kaisen.engine.core import Event
from kaisen.games.fury_at_midway.data import FaMData
from kaisen.games.fury_at_midway.fast import LAST_ASKED, static
from kaisen.games.fury_at_midway.state import MIDWAY, SIDE_NAME, FaMState

DMCV = {"japan": "ijn-dmcv", "usa": "us-dmcv"}
_NAMES: dict[tuple[int, str, bool], str] = {}     # (data set, squadron, reduced) -> name: names never change
MAIN_FLEET = {"japan": "1af", "usa": "csf"}
DMCV_GROUPS = frozenset(DMCV.values())


def unit_name(d: FaMData, q: str, steps: int) -> str:
    """The name of squadron `q` with `steps` steps: 'Akagi A6M-2b #1 (reduced)'."""
    key = (id(d), q, steps == 1)
    name = _NAMES.get(key)
    if name is None:
        sp = d.squadrons[q]
        ac = d.aircraft[sp.type]
        home = "Midway" if sp.parent == MIDWAY else d.carriers[sp.parent].name
        tail = q.rsplit("-", 1)[-1]
        number = f" #{tail}" if tail.isdigit() else ""      # two units of one type on a carrier
        name = _NAMES[key] = f"{home} {ac.model}{number}" + (" (reduced)" if ac.steps == 2 and steps == 1 else "")
    return name


def box_words(d: FaMData, box: str) -> str:
    """Where a squadron is, in the display's words ('deck:akagi:2' -> "on Akagi's deck, box 2"), for narration:
    no box id reaches a player (5.0, the carrier and Midway displays)."""
    kind, _, rest = box.partition(":")
    where, _, n = rest.partition(":")
    if kind in ("deck", "hangar"):
        name = "Midway" if where == MIDWAY else d.carriers[where].name
        if kind == "hangar":
            return f"in the hangar of {name}"
        return f"on the Midway runway, box {n}" if where == MIDWAY else f"on {name}'s deck, box {n}"
    if kind == "sg":
        return f"in strike group {where}"
    group = "Midway" if where == MIDWAY else (d.groups[where].name if where in d.groups
                                              else d.fleets[where].name if where in d.fleets else where)
    return {"cap": f"in the CAP box of {group}", "spent": f"in the CAP box of {group} (intercepted)",
            "ret1": f"in Return box 1 of {group}", "ret2": f"in Return box 2 of {group}",
            "setup": f"waiting to be placed ({group})"}.get(kind, box)


def narrate(template: str, *args) -> str:
    """The text of an event made when read (`c.sayf(kind, rule, narrate, template, *values)`): the template's
    `{}` fields filled, in order, with the values taken when the event happened (str.format writes exactly
    what the f-string it replaces wrote)."""
    return template.format(*args)


def _label(template: str, *args) -> str:
    return template.format(*args[:-1])      # the last argument is the Option itself (Option(make=...))


def lazy_label(template: str, *args):
    """An Option's `make` for the label `template.format(*args)`, made when someone reads it (the values are
    taken now, when the option is made)."""
    return partial(_label, template, *args)


def _made(fn, *args) -> str:
    return fn(*args[:-1])                   # the last argument is the Option itself (Option(make=...))


def lazy_make(fn, *args):
    """An Option's `make` for the label `fn(*args)` (a module-level function), made when someone reads it."""
    return partial(_made, fn, *args)


class Later:
    """A piece of text made when the text holding it is read: `fn(*args)`, the values taken now (a `why` handed
    to `Ctx.eliminate`, a `who` of a roll); `Later(narrate, template, *values)` for a template."""

    __slots__ = ("fn", "args")

    def __init__(self, fn, *args):
        self.fn = fn
        self.args = args

    def __str__(self) -> str:
        return self.fn(*self.args)

    def __format__(self, spec: str) -> str:
        return format(self.fn(*self.args), spec)


class Names:
    """Squadrons' names joined ('Akagi A6M-2b #1, Kaga B5N-2'), made when formatted: the units and their steps
    are taken now (`Ctx.lazy_names`)."""

    __slots__ = ("d", "units", "steps")

    def __init__(self, d: FaMData, units: tuple[str, ...], steps: tuple[int, ...]):
        self.d = d
        self.units = units
        self.steps = steps

    def __str__(self) -> str:
        d = self.d
        return ", ".join(unit_name(d, q, n) for q, n in zip(self.units, self.steps)) or "no aircraft"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Ctx:
    """One step being applied: the state copy being changed, the rules data, the new events. Made twice a step:
    a slotted class."""

    __slots__ = ("s", "d", "ev", "frozen", "_free", "st", "done", "keep")

    def __init__(self, s: FaMState, d: FaMData, ev: list[Event] | None = None, frozen: bool = False,
                 keep: bool = True):
        self.s = s
        self.d = d
        self.ev = [] if ev is None else ev
        self.frozen = frozen          # a read-only look (a pause): free deck boxes may be cached
        self._free: dict | None = None  # those cached (`free_boxes`), made on first use
        last = LAST_ASKED               # `static(d)` without the call: the data set asked last and its Static
        self.st = last[1] if last[0] is d else static(d)
        # the procedures that finished in this step, for the sequence (flow.py): a list made by the first `finish`
        # (most steps finish none), the empty tuple till then
        self.done: list[tuple] | tuple = ()
        self.keep = keep              # an air-operation move says what it changed for the kept menu (air_ops.on_op)

    # -- the sequence of play ----------------------------------------------------------------
    def finish(self, what: str, *args) -> None:
        """A procedure is over: `what` (a name of flow.FINISHED, with its values). It changes nothing more;
        flow.py reads the mark once the procedure has returned and decides from the sequence of play what
        comes next."""
        done = self.done
        if type(done) is tuple:
            self.done = [(what, args)]
        else:
            done.append((what, args))

    # -- narration ---------------------------------------------------------------------------
    def say(self, kind: str, text: str, rule: str = "") -> None:
        self.ev.append(Event(kind, text, None, rule))

    def sayf(self, kind: str, rule: str, make, *args) -> None:
        """Narration on demand: the text is `make(*args)`, made when someone reads it; `args` are values taken
        now (never the state, which changes)."""
        self.ev.append(Event(kind, None, None, rule, make, args))

    def tellf(self, side: str, kind: str, rule: str, make, *args) -> None:
        """`tell` on demand (see `sayf`)."""
        self.ev.append(Event(kind, None, side, rule, make, args))

    def tell(self, side: str, kind: str, text: str, rule: str = "") -> None:
        """An event only `side` may read (it tells of its own hidden display, plot or hand)."""
        self.ev.append(Event(kind, text, side, rule))

    def unit_name(self, q: str) -> str:
        """'Akagi A6M-2b #1 (reduced)' style name of a squadron."""
        air = self.s.air
        return unit_name(self.d, q, air[q][1] if q in air else 2)

    def names(self, units) -> str:
        return ", ".join(self.unit_name(q) for q in units) or "no aircraft"

    def lazy_names(self, units) -> Names:
        """`names(units)` made when read: the units and their steps taken now."""
        air = self.s.air
        units = tuple(units)
        return Names(self.d, units, tuple([air[q][1] if q in air else 2 for q in units]))

    def carrier_name(self, carrier: str) -> str:
        return "Midway" if carrier == MIDWAY else self.d.carriers[carrier].name

    def fleet_name(self, fleet: str) -> str:
        return self.d.fleets[fleet].name if fleet != MIDWAY else "Midway"

    # -- squadrons ---------------------------------------------------------------------------
    def side_of(self, q: str) -> str:
        return self.st.side_of[q]

    def spec(self, q: str):
        return self.st.spec[q]

    def is_fighter(self, q: str) -> bool:
        return self.st.spec[q].role == "fighter"

    def parent(self, q: str) -> str:
        return self.st.parent[q]

    def from_midway(self, q: str) -> bool:
        return self.st.parent[q] == MIDWAY

    def lose_step(self, q: str, why: str, rule: str, private: bool = False) -> None:
        """One step off a squadron (2.3(2)): a full unit is flipped, a reduced or one-step unit is lost.
        `private`: only the owner hears of it (a loss away from the enemy's eyes)."""
        box, n = self.s.air[q]
        name = self.unit_name(q)
        if n > 1:
            self.s.air[q] = (box, n - 1)
            template = "{} loses a step ({})"
        else:
            self.s.air[q] = ("lost", 0)
            template = "{} is eliminated ({})"
            self._leave_group(q)
        if not private:
            self.seen_loss(q, n - 1)
        self.ev.append(Event("loss", None, self.side_of(q) if private else None, rule, narrate, (template, name, why)))

    def seen_loss(self, q: str, left: int) -> None:
        """Both sides saw squadron `q` lose steps and keep `left` (2.6): what its enemy remembers of it once it is
        back out of sight (the sampler deals it so); the record is replaced, never written in place."""
        seen = self.s.seen_left
        if seen.get(q) != left:
            self.s.seen_left = {**seen, q: left}

    def eliminate(self, q: str, why: str, rule: str, private: bool = False) -> None:
        name = self.unit_name(q)
        self.s.air[q] = ("lost", 0)
        self._leave_group(q)
        if not private:
            self.seen_loss(q, 0)
        self.ev.append(Event("loss", None, self.side_of(q) if private else None, rule, narrate,
                             ("{} is eliminated ({})", name, why)))

    def _leave_group(self, q: str) -> None:
        for gid, g in list(self.s.groups.items()):
            if q in g.units:
                rest = tuple(u for u in g.units if u != q)
                if rest:
                    self.s.groups[gid] = g._replace(units=rest)
                else:
                    del self.s.groups[gid]

    def step_count(self, units) -> int:
        return sum(self.s.air[q][1] for q in units)

    # -- groups (divisions / task forces / Midway / a DMCV) ----------------------------------
    def group_of(self, carrier: str) -> str:
        """The group whose CAP and Return boxes a carrier uses: its division / task force, its side's
        DMCV once it sails in one (6.0), or Midway."""
        if carrier == MIDWAY:
            return MIDWAY
        side = self.d.carriers[carrier].side
        if self.s.dmcv.get(side) == carrier:
            return DMCV[side]
        return self.d.carriers[carrier].group

    def carriers_of(self, group: str) -> tuple[str, ...]:
        """The carriers (afloat or not) of a group."""
        if group == MIDWAY:
            return (MIDWAY,)
        if group in DMCV_GROUPS:
            side = "japan" if group == DMCV["japan"] else "usa"
            return (self.s.dmcv[side],) if self.s.dmcv.get(side) else ()
        ks = self.st.group_carriers.get(group)
        if ks is None:
            ks = self.d.group_carriers(group)
        dm = self.s.dmcv
        if not dm:
            return ks
        dm = set(dm.values())
        return tuple(k for k in ks if k not in dm)

    def groups_of_side(self, side: str) -> list[str]:
        """Every group of a side that still has a display: divisions / task forces, the DMCV, Midway."""
        out = list(self.st.side_groups[side])      # the divisions / task forces: fixed for the game
        if self.s.dmcv.get(side):
            out.append(DMCV[side])
        if side == "usa":
            out.append(MIDWAY)
        return out

    def fleet_of_group(self, group: str) -> str:
        if group == MIDWAY:
            return MIDWAY
        if group in DMCV_GROUPS:
            return group
        return self.d.groups[group].fleet

    def groups_of_fleet(self, fleet: str) -> list[str]:
        if fleet in DMCV_GROUPS:
            return [fleet]
        return [g for g in self.d.fleet_groups(fleet)]

    def group_hex(self, group: str) -> str | None:
        """Where a group's ships are: its fleet's hex, Midway's hex, or None when off the map."""
        f = self.fleet_of_group(group)
        if f == MIDWAY:
            return self.d.midway.hex
        h = self.s.fleet.get(f, "")
        return h if "-" in h else None

    def group_name(self, group: str) -> str:
        if group == MIDWAY:
            return "Midway"
        if group in DMCV_GROUPS:
            k = self.carriers_of(group)
            return f"{self.d.fleets[group].name} ({self.carrier_name(k[0])})" if k else self.d.fleets[group].name
        if group in self.d.fleets:        # a fleet without carriers (the Invasion Force)
            return self.d.fleets[group].name
        return self.d.groups[group].name

    # -- carriers ------------------------------------------------------------------------------
    def deck_boxes(self, carrier: str) -> int:
        return self.d.carriers[carrier].deck_boxes

    def capacity(self, carrier: str) -> int:
        return self.d.carriers[carrier].capacity

    def afloat(self, carrier: str) -> bool:
        if carrier == MIDWAY:
            return not self.midway_destroyed()
        return carrier not in self.s.sunk

    def midway_destroyed(self) -> bool:
        return len(self.s.damage.get(MIDWAY, ())) >= self.d.carriers[MIDWAY].lost_at_hits

    def damaged_boxes(self, carrier: str) -> tuple[int, ...]:
        return self.s.damage.get(carrier, ())

    def open_boxes(self, carrier: str) -> list[int]:
        """Undamaged deck (runway) boxes of a carrier afloat (9.4(2), 9.6(2))."""
        if not self.afloat(carrier):
            return []
        bad = self.s.damage.get(carrier)
        boxes = self.st.deck_range[carrier]
        if not bad:
            return list(boxes)
        return [n for n in boxes if n not in bad]

    def free_boxes(self, carrier: str) -> list[int]:
        """Undamaged deck boxes with no aircraft in them (8.3(5))."""
        if self.frozen:
            kept = self._free
            if kept is not None:
                got = kept.get(carrier)
                if got is not None:
                    return got
        s = self.s
        if carrier in s.sunk if carrier != MIDWAY else self.midway_destroyed():     # not afloat
            got = []
        else:
            by_box = s.air.index().by_box
            bad = s.damage.get(carrier)
            if bad:
                got = [n for n, name in self.st.deck_names[carrier] if name not in by_box and n not in bad]
            else:
                got = [n for n, name in self.st.deck_names[carrier] if name not in by_box]
        if self.frozen:
            kept = self._free
            if kept is None:
                kept = self._free = {}
            kept[carrier] = got
        return got

    def load(self, carrier: str) -> int:
        """How many aircraft count against a carrier's capacity (8.3(3))."""
        return len(self.s.air.index().aboard.get(carrier, ()))

    def aboard(self, carrier: str) -> list[str]:
        """Aircraft on deck and in the hangar: what counts against capacity (8.3(3))."""
        return list(self.s.air.index().aboard.get(carrier, ()))

    def operational(self, carrier: str) -> bool:
        """Can take aircraft in: afloat with at least one undamaged deck box (8.3(1)): `open_boxes` not empty."""
        if not self.afloat(carrier):
            return False
        bad = self.s.damage.get(carrier)
        boxes = self.st.deck_range[carrier]
        if not bad:
            return bool(boxes)
        for n in boxes:
            if n not in bad:
                return True
        return False

    def room_for(self, carrier: str, q: str, box: str) -> bool:
        """8.3(3): capacity 5 (Midway 7), except a one-step unit that combines at once with a one-step
        unit of the same type (and home) already in `box`."""
        if not self.operational(carrier):
            return False
        if self.load(carrier) < self.capacity(carrier):
            return True
        return self.combine_partner(q, box) is not None

    def combine_partner(self, q: str, box: str) -> str | None:
        """A one-step unit of the same type in `box` that `q` (one step) could combine with (8.3(4))."""
        if self.s.air[q][1] != 1:
            return None
        t = self.d.squadrons[q].type
        mid = self.from_midway(q)
        for other_q in self.s.at(box):
            if (other_q != q and self.d.squadrons[other_q].type == t and self.s.air[other_q][1] == 1
                    and self.from_midway(other_q) == mid):
                return other_q
        return None

    def combine(self, keep: str, gone: str, rule: str = "8.3(4)") -> None:
        """Two one-step units of a type become one two-step unit; the other counter leaves the game."""
        box = self.s.air[keep][0]
        self.s.air[keep] = (box, 2)
        self.s.air[gone] = ("lost", 0)
        self.tellf(self.side_of(keep), "air", rule, narrate, "{} combines into {}", self.unit_name(gone),
                   self.unit_name(keep))

    def parent_ok(self, q: str) -> bool:
        """A Japanese unit's parent carrier is undamaged (8.3(1), 9.2(4), 9.5(1))."""
        p = self.parent(q)
        return p != MIDWAY and self.afloat(p) and not self.damaged_boxes(p)

    def side_name(self, side: str) -> str:
        return SIDE_NAME[side]

    # -- fleets ---------------------------------------------------------------------------------
    def fleet_check(self) -> None:
        """6.1(3): a fleet with no ship left leaves the map at once, whatever took its last carrier away
        (sunk by air, submarine or sea battle, or sailed off as a DMCV). Called by every change that takes
        a carrier out of a fleet (`sink_carrier`, `movement.form_dmcv`)."""
        s = self.s
        for side, f in DMCV.items():
            k = s.dmcv.get(side)
            if k and s.on_map(f) and not self.afloat(k):
                self._remove_fleet(f, "has no ship left")
        for f in MAIN_FLEET.values():
            if s.on_map(f) and not any(self.afloat(k) for g in self.groups_of_fleet(f) for k in self.carriers_of(g)):
                self._remove_fleet(f, "has no carrier left")

    def _remove_fleet(self, f: str, why: str) -> None:
        self.s.fleet[f] = "gone"
        self.s.shown[f] = "gone"
        self.s.plot.pop(f, None)
        self.sayf("fleet", "6.1(3)", narrate, "The {} {} and is removed from the map", self.fleet_name(f), why)

    def sink_carrier(self, k: str, why: str, rule: str, private: bool = False) -> None:
        """9.4(2): a sunk carrier has every deck box marked and its aircraft aboard go down with it; its
        fleet is checked at once (6.1(3))."""
        s = self.s
        if k in s.sunk:
            return
        s.sunk += (k,)
        s.damage[k] = tuple(range(1, self.deck_boxes(k) + 1))
        name = self.carrier_name(k)
        if why:
            self.sayf("sunk" if private else "damage", rule, narrate, "{} is sunk ({})", name, why)
        else:
            self.sayf("sunk" if private else "damage", rule, narrate, "{} is sunk", name)
        for q in self.aboard(k):
            self.eliminate(q, Later(narrate, "went down with {}", name), rule, private=private)
        self.fleet_check()


def live_groups(c: Ctx, side: str) -> list[str]:
    """9.5: the side's groups (Midway aside) on the map with a carrier that can take aircraft in, in order."""
    return [gr for gr in c.groups_of_side(side) if gr != MIDWAY and c.group_hex(gr) is not None
            and any(c.operational(k) for k in c.carriers_of(gr))]


def return_group(c: Ctx, q: str, g, live: list[str] | None = None) -> str:
    """9.5: which group's Return box a survivor of strike group `g` uses (air operations, and card 10). `live`:
    `live_groups` of the unit's side, when known."""
    if c.from_midway(q):
        return MIDWAY
    side = c.side_of(q)
    home = c.group_of(c.parent(q))
    if live is None:
        live = live_groups(c, side)
    if side == "japan":
        if c.parent_ok(q) and home in live:
            return home
        return home if home in live or not live else live[0]
    if home in live:
        return home
    if live:
        return live[0]
    if c.d.hex_distance(g.hex, c.d.midway.hex) <= c.d.midway.divert_range and c.operational(MIDWAY):
        return MIDWAY
    return home
