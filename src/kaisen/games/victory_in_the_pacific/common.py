"""Shared helpers: narration, unit values after damage (7.7), ports a unit may return to (10.x, 17.x)."""
from __future__ import annotations

from functools import partial

from kaisen.engine.core import Event
from kaisen.games.victory_in_the_pacific.shared import Shared
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, Locs, VPState, other

BRITISH_PORTS = ("ceylon", "singapore", "saigon", "yokosuka")   # 10.13, 17.22


class Ctx:
    """One step being applied: the state copy being changed, the rules data, the new events.

    A slotted class (made twice a step: for the pause and for the answer; no __getattr__, which would keep every
    attribute read off the interpreter's fast path); `labels` is the Labels of `d` (option labels made on demand,
    and the other caches per rules data)."""

    __slots__ = ("s", "d", "ev", "done", "labels")

    def __init__(self, s: VPState, d, ev: list | None = None, done: tuple = ()):
        self.s = s
        self.d = d                # VPData
        self.ev = [] if ev is None else ev
        self.done = done          # the signal of a procedure that has finished: (what, *args); flow reads it
        self.labels = labels(d)

    # -- the sequence of play -------------------------------------------------------------------
    def finish(self, what: str, *args) -> None:
        """A procedure is finished (DESIGN.md, "The sequence of play"): it says so and returns; flow.proceed
        reads the signal and decides, from flow.SEQUENCE, what comes next. A procedure never starts another."""
        assert not self.done, f"{what!r} finished while {self.done!r} was not yet taken up"
        self.done = (what,) + args

    # -- narration ---------------------------------------------------------------------------
    def say(self, kind: str, text: str, rule: str = "") -> None:
        self.ev.append(Event(kind, text, None, rule))

    def tell(self, side: str, kind: str, text: str, rule: str = "") -> None:
        """An event only `side` may read."""
        self.ev.append(Event(kind, text, side, rule))

    def say_later(self, kind: str, rule: str, make, *args) -> None:
        """Narration on demand (DESIGN.md): the text is `make(*args)`, made when someone reads it. `args` are the
        event's values taken now (strings, numbers, the unchanging rules data), never the changing state."""
        self.ev.append(Event(kind, None, None, rule, make, args))

    def tell_later(self, side: str, kind: str, rule: str, make, *args) -> None:
        """`say_later` for an event only `side` may read."""
        self.ev.append(Event(kind, None, side, rule, make, args))

    def name(self, u: str) -> str:
        return self.d.units[u].name

    def names(self, units) -> str:
        return ", ".join(self.name(u) for u in units) or "nothing"

    def side_name(self, side: str) -> str:
        return SIDE_NAME[side]

    def where_name(self, loc: str) -> str:
        kind, _, x = loc.partition(":")
        if kind == "sea":
            return self.d.areas[x].name
        if kind == "port":
            return self.d.bases[x].name
        return loc

    # -- units ---------------------------------------------------------------------------------
    def spec(self, u: str):
        return self.d.units[u]

    def side_of(self, u: str) -> str:
        return self.d.units[u].side

    def by(self) -> dict:
        """The index of units by place the state keeps (state.Locs): a location ("port:truk"), (kind, side) for a
        kind of location with ids ("port", "sea", "home", "group") -> the units there, in id order."""
        loc = self.s.loc
        if type(loc) is not Locs:
            loc = self.s.loc = Locs(loc)
        by = loc.by
        return by if by is not None else loc.index(self.d.units)

    def at_sea(self, area: str, side: str | None = None) -> list[str]:
        here = self.by().get("sea:" + area, ())
        if side is None:
            return list(here)
        units = self.d.units
        return [u for u in here if units[u].side == side]

    def is_ship(self, u: str) -> bool:
        return self.d.units[u].kind == "ship"

    def is_carrier(self, u: str) -> bool:
        """Any ship with an airstrike factor (7.424)."""
        sp = self.d.units[u]
        return sp.kind == "ship" and sp.airstrike > 0

    # -- values after damage (7.7, 12.25) --------------------------------------------------------
    def dmg(self, u: str) -> int:
        return self.s.damage.get(u, 0)

    def speed(self, u: str) -> int:
        """7.71: each damage point costs one speed, never below 1."""
        sp = self.d.units[u]
        return max(1, sp.speed - self.dmg(u)) if self.dmg(u) else sp.speed

    def crippled(self, u: str) -> bool:
        """7.73: a ship whose damage has reached its armor factor."""
        sp = self.d.units[u]
        return sp.kind == "ship" and self.dmg(u) >= sp.armor

    def gunnery(self, u: str) -> int:
        """7.73: a crippled ship fires one gunnery shot at most (a zero gunnery factor stays zero)."""
        g = self.d.units[u].gunnery
        return min(g, 1) if self.crippled(u) else g

    def gunnery_bonus(self, u: str) -> bool:
        """7.72: any damage loses the attack bonus (21: US battleships gain it from turn 7, optional)."""
        sp = self.d.units[u]
        if self.dmg(u):
            return False
        if sp.gunnery_bonus:
            return True
        return (self.s.option("us-battleship-bonus") and self.s.turn >= 7 and sp.nation == "us"
                and sp.type == "BB" and sp.gunnery >= 4 and sp.armor >= 4)

    def airstrike(self, u: str) -> int:
        """7.73: a crippled ship has no airstrike."""
        return 0 if self.crippled(u) else self.d.units[u].airstrike

    def airstrike_bonus(self, u: str) -> bool:
        return self.d.units[u].airstrike_bonus and self.airstrike(u) > 0

    def can_sail(self, u: str) -> bool:
        """11.3, 9.41: a ship whose damage exceeds its armor (resting on the bottom) cannot go to sea."""
        sp = self.d.units[u]
        return not (sp.kind == "ship" and self.dmg(u) > sp.armor)

    # -- control ---------------------------------------------------------------------------------
    def owner(self, base: str) -> str:
        return self.s.base_control[base]

    def friendly_bases(self, side: str) -> list[str]:
        return sorted(b for b, sd in self.s.base_control.items() if sd == side)

    def touches_friendly(self, area: str, side: str) -> bool:
        """12.13: a friendly port or base touches the sea area."""
        return any(self.s.base_control[b] == side for b in self.d.touching(area))

    # -- returning to port (10.x, 17.x) -----------------------------------------------------------
    def home_ports(self, u: str, area: str | None) -> list[str]:
        """Where a unit at sea in `area` (None: anywhere) may return: any friendly major port, or a friendly
        island base touching its area; US never Ceylon; British only Ceylon, Singapore, Saigon, Yokosuka
        (Victorious: Pearl Harbor)."""
        lab = self.labels
        key = (u, area)
        control = self.s.base_control
        got = lab.home_ports.get(key)
        if got is not None and got[0] is control:
            return list(got[1])
        cands = lab.home_cands.get(key)
        if cands is None:
            cands = lab.home_cands[key] = _home_candidates(self.d, u, area)
        side = self.d.units[u].side
        out = [b for b in cands if control[b] == side]
        if type(control) is Shared:      # a shared dict never changes (shared.py): the answer is kept beside it
            lab.home_ports[key] = (control, tuple(out))
        return out

    def send_home(self, u: str, why: str, rule: str) -> None:
        """The unit must return to a friendly port (10.2): it waits at sea as "home:<area>" until its owner
        picks the port at the next settling point (flow.settle)."""
        loc = self.s.loc[u]
        if not loc.startswith("sea:"):
            return
        self.s.place(u, "home:" + loc[4:])
        self.say_later("return", rule, _must_return, self.d, u, why)

    def put_in_port(self, u: str, base: str, why: str, rule: str) -> None:
        s = self.s
        s.place(u, "port:" + base)
        if u in s.mode:                  # (a unit with no mode leaves the shared dict as it is: copy on write)
            s.edit("mode").pop(u)
        self.say_later("return", rule, _returns_to, self.d, u, base, why)

    def remove(self, u: str, why: str, rule: str) -> None:
        self.s.place(u, "removed")
        self.s.edit("mode").pop(u, None)
        self.say_later("removed", rule, narrate, "{} is removed from play ({})", self.name(u), why)

    def sink(self, u: str, why: str, rule: str) -> None:
        """A sunk ship leaves play; a land-based air or amphibious unit comes back two turns later (4.5, 12.3)."""
        sp = self.d.units[u]
        self.s.edit("mode").pop(u, None)
        self.s.edit("damage").pop(u, None)
        if sp.kind in ("lba", "amph"):
            self.s.place(u, "returning")
            self.s.edit("back")[u] = self.s.turn + 2
            self.say_later("sunk", rule, _eliminated, self.d, u, why, self.s.turn + 2)
        else:
            self.s.place(u, "sunk")
            self.say_later("sunk", rule, _sunk, self.d, u, why)


def _home_candidates(d, u: str, area: str | None) -> tuple[str, ...]:
    """The bases `u` could return to from `area` if its side held them all (Ctx.home_ports), sorted: static."""
    sp = d.units[u]
    out = []
    for b, bs in d.bases.items():
        if bs.kind != "port" and (area is None or area not in bs.touches):
            continue
        if sp.nation == "us" and b == "ceylon":
            continue
        if sp.nation == "british":
            allowed = ("pearl-harbor",) if sp.id == "victorious" else BRITISH_PORTS
            if b not in allowed:
                continue
        out.append(b)
    return tuple(sorted(out))


# -- option labels on demand ----------------------------------------------------------------------------------
class Labels:
    """The `make` functions of the most frequent options' labels: each makes the label, when someone reads it, from
    the option's fields and the unchanging rules data (Option(make=...))."""

    __slots__ = ("sortie_patrol", "raider", "amph_sortie", "raid_sortie", "raid_force", "air", "sub", "home",
                 "patrol_pairs", "ships", "fighters", "carriers", "home_cands", "reach", "placings", "names",
                 "ship_sides", "homes", "side_fighters", "repair_ports", "dests", "side_air", "side_subs", "home_ports",
                 "in_area", "present", "reach_at", "placings_at")

    def __init__(self, d):
        units, bases, areas = d.units, d.bases, d.areas
        # (unit, location) -> its two patrol-step options; ("raid", unit, location) and ("repair", unit, port,
        # damage) -> its option (flow.move_options)
        self.patrol_pairs: dict = {}
        self.ships = frozenset(u for u, sp in units.items() if sp.kind == "ship")     # static unit sets
        self.fighters = frozenset(u for u, sp in units.items() if sp.kind != "sub")   # units that fight (16.4)
        self.side_fighters = {side: frozenset(u for u, sp in units.items() if sp.kind != "sub" and sp.side == side)
                              for side in ("japan", "allies")}          # side -> its units that fight (16.4)
        self.side_air = {side: tuple(sorted(u for u, sp in units.items() if sp.kind == "lba" and sp.side == side))
                         for side in ("japan", "allies")}       # side -> its land-based air units, in id order
        self.side_subs = {side: tuple(sorted(u for u, sp in units.items() if sp.kind == "sub" and sp.side == side))
                          for side in ("japan", "allies")}      # side -> its submarines, in id order
        self.repair_ports = {side: frozenset("port:" + b for b, sp in bases.items() if sp.repair_side == side)
                             for side in ("japan", "allies")}           # side -> "port:<base>" repairing its ships
        self.carriers = frozenset(u for u, sp in units.items() if sp.kind == "ship" and sp.airstrike > 0)
        self.names = {u: sp.name for u, sp in units.items()}     # unit -> name, in file order (views copy it)
        self.ship_sides = {u: sp.side for u, sp in units.items() if sp.kind == "ship"}   # ship -> side
        self.placings: dict = {}          # (air unit, sea area) -> its option; (side, ready units, base control)
                                          # -> the whole menu (movement.air_options)
        self.reach: dict = {}             # (port, side, areas, control) -> movement.reach (do not change it)
        self.placings_at: dict = {}       # (side, ready air units) -> (a Shared base_control, its placing menu)
        self.reach_at: dict = {}          # (port, side, areas) -> (a Shared control dict, its `reach` entry)
        self.home_cands: dict = {}        # (unit, area) -> the bases it could return to (Ctx.home_ports)
        self.home_ports: dict = {}        # (unit, area) -> (a Shared base_control, the ports home_ports found with it)
        self.in_area: dict = {}           # (area, side) -> (the index's tuple of units at sea there, battle.in_area)
        self.present = None               # (the index's tuples of each side's units at sea, flow._present of them)
        self.homes: dict = {}             # (unit, base) -> its return-to-port option; side -> its "all-default"
        self.dests: dict = {}             # (unit, area, areas entered, raid, speed noted) -> its destination option
        def ship(o) -> str:             # "Akagi (CV 1-3-7 (+4))": the name and the counter's printed factors
            sp = units[o.fields["unit"]]
            return f"{sp.name} ({sp.type} {sp.code})"
        self.sortie_patrol = lambda o: f"{ship(o)} sails on patrol from {bases[o.fields['port']].name}"
        self.raider = lambda o: f"{ship(o)} stays in port to raid later (white side up)"
        self.amph_sortie = lambda o: f"{ship(o)} puts to sea"
        self.raid_sortie = lambda o: f"{ship(o)} sails as a raider"
        self.raid_force = lambda o: f"{ship(o)} joins the Pearl Harbor Raid"
        self.air = lambda o: f"{units[o.fields['unit']].name} over {areas[o.fields['area']].name}"
        self.sub = lambda o: f"{units[o.fields['unit']].name} to {areas[o.fields['area']].name}"
        self.home = lambda o: f"{units[o.fields['unit']].name} to {bases[o.fields['port']].name}"


_LABELS: dict[int, tuple] = {}


def labels(d) -> Labels:
    """The Labels of these rules data (made once per data set)."""
    got = _LABELS.get(id(d))
    if got is None or got[0] is not d:
        got = _LABELS[id(d)] = (d, Labels(d))
    return got[1]


# -- narration and labels on demand, for any text -------------------------------------------------------------------
def narrate(template: str, *args) -> str:
    """The text of an event made when read (Ctx.say_later(kind, rule, narrate, template, *values)): the template's
    `{}` fields filled, in order, with the values taken when the event happened (str.format, exactly what the
    f-string it replaces wrote)."""
    return template.format(*args)


def _label(template: str, *args) -> str:
    return template.format(*args[:-1])      # the last argument is the Option itself (Option(make=...))


def lazy_label(template: str, *args):
    """An Option's `make` for the label `template.format(*args)`, made when someone reads it (the values are taken
    now, when the option is made)."""
    return partial(_label, template, *args)


# -- the text of the events above, made on demand ---------------------------------------------------------------
def _must_return(d, u: str, why: str) -> str:
    return f"{d.units[u].name} must return to port ({why})"


def _returns_to(d, u: str, base: str, why: str) -> str:
    return f"{d.units[u].name} returns to {d.bases[base].name} ({why})"


def _eliminated(d, u: str, why: str, turn: int) -> str:
    return f"{d.units[u].name} is eliminated ({why}); back on turn {turn}"


def _sunk(d, u: str, why: str) -> str:
    return f"{d.units[u].name} is sunk ({why})"


__all__ = ["Ctx", "other", "BRITISH_PORTS", "narrate", "lazy_label"]
