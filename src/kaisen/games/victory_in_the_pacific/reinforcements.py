"""4.4-4.5, 5.1 Reinforcements and removals: arrivals at their ports, land and amphibious units coming back,
British removals with their substitutes."""
from __future__ import annotations

from kaisen.engine.core import Decision, Option
from kaisen.games.victory_in_the_pacific.common import Ctx, narrate


def start(c: Ctx) -> None:
    """5.1: arrivals (lost if their port is enemy-held, 4.41), returning units, then the removals."""
    s = c.s
    if s.turn > 1:
        for u in c.d.arrivals(s.turn):
            if s.loc.get(u) == "due":
                arrive(c, u, c.d.units[u].at)
        for u in sorted(s.back):
            if s.back[u] == s.turn and s.loc.get(u) == "due":      # a location-uncertain group sent home (18.32)
                del s.edit("back")[u]
                arrive(c, u, "pearl-harbor")
    s.pending = tuple(u for u in c.d.removals(s.turn))
    next_item(c)


def arrive(c: Ctx, u: str, at: str) -> None:
    s = c.s
    side = c.side_of(u)
    if at in c.d.bases and s.base_control[at] != side and at == "pearl-harbor" and s.base_control.get("samoa") == side:
        at = "samoa"                                                   # 4.41 exception
    if at in c.d.bases and s.base_control[at] == side:
        s.place(u, "port:" + at)
        c.say_later("arrive", "4.4", narrate, "{} arrives at {}", c.name(u), c.d.bases[at].name)
    else:
        s.place(u, "lost")
        c.say_later("arrive", "4.41", narrate, "{} was bound for an enemy-held port and is lost", c.name(u))


def coming_back(c: Ctx) -> list[str]:
    return sorted(u for u, t in c.s.back.items() if t <= c.s.turn and c.s.loc.get(u) == "returning")


def ports_for(c: Ctx, u: str) -> list[str]:
    """4.4: a unit coming back goes to any friendly major port its nation may use (US: never Ceylon, 17.12)."""
    return c.home_ports(u, None)


def substitutes(c: Ctx, listed: str) -> list[str]:
    """4.42: the same British type still in play, else any British ship; US, Australian and Dutch never. A ship
    listed for removal this turn goes anyway and is never a substitute; one listed for a later turn is offered
    only when no unlisted ship would do (the list is kept as closely as it can be)."""
    s = c.s
    live = [u for u, sp in c.d.units.items() if sp.nation == "british" and sp.kind == "ship"
            and s.loc.get(u, "").startswith(("port:", "sea:", "home:")) and u not in s.pending]
    kind = c.d.units[listed].removal_type
    same = [u for u in live if c.d.units[u].removal_type == kind and kind]
    pool = same or live
    unlisted = [u for u in pool if not c.d.units[u].remove]
    return sorted(unlisted or pool)


def next_item(c: Ctx) -> None:
    """Removals one by one (a choice only where a substitute must be picked), then returning units."""
    s = c.s
    while s.pending:
        u = s.pending[0]
        if s.loc.get(u, "").startswith(("port:", "sea:", "home:")):
            s.pending = s.pending[1:]
            c.remove(u, f"withdrawn on turn {s.turn}", "4.4")
            continue
        subs = substitutes(c, u)
        if len(subs) > 1:
            s.step = "substitute:" + u
            return
        s.pending = s.pending[1:]
        if subs:
            c.remove(subs[0], f"withdrawn in place of {c.name(u)}", "4.42")
    for u in coming_back(c):
        ports = ports_for(c, u)
        if not ports:
            continue                                                   # waits until a port is friendly again
        if len(ports) == 1:
            place_back(c, u, ports[0])
            continue
        s.step = "back:" + u
        return
    c.finish("reinforcements")


def place_back(c: Ctx, u: str, port: str) -> None:
    c.s.edit("back").pop(u, None)
    c.s.place(u, "port:" + port)
    c.say_later("arrive", "4.5", narrate, "{} returns to play at {}", c.name(u), c.d.bases[port].name)


def pause(c: Ctx, step: str, arg: str):
    if step == "back":
        return Decision(c.side_of(arg), f"{c.name(arg)} comes back: at which friendly major port?",
                        tuple(Option(f"at:{b}", c.d.bases[b].name, {"verb": "place", "unit": arg, "port": b})
                              for b in ports_for(c, arg)), "4.4", "return-to-play")
    return Decision("allies", f"{c.name(arg)} is listed for removal but is gone: which British ship goes instead?",
                    tuple(Option(f"remove:{u}", c.name(u), {"verb": "remove", "unit": u, "instead_of": arg})
                          for u in substitutes(c, arg)), "4.42", "substitute")


def answer(c: Ctx, step: str, arg: str, a: str) -> None:
    if step == "back":
        place_back(c, arg, a[3:])
    else:
        c.s.pending = c.s.pending[1:]
        c.remove(a[7:], f"withdrawn in place of {c.name(arg)}", "4.42")
    next_item(c)
