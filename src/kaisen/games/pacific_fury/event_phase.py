"""7.0 Event Phase: the non-initiative player's event roll, each event once a game (7.1, 7.2)."""
from __future__ import annotations

from kaisen.games.pacific_fury.common import COMBAT_READY, DONE_PHASE, Ctx, names
from kaisen.games.pacific_fury.state import SIDE_NAME, Combat


def start(c: Ctx) -> None:
    c.s.phase = "event"
    side = c.s.non_initiative
    left = [e for e in c.d.events[side] if e.repeatable or e.id not in c.s.events_used]
    if not left:
        c.note("event", "7.0", "{} has no event left to roll".format, SIDE_NAME[side])
        c.finish(DONE_PHASE)
        return
    c.s.step = "event-roll"


def on_roll(c: Ctx, face: int) -> None:
    """Resolve the event die; an event that already happened (other than Heavy Bombers) is re-rolled."""
    s, d = c.s, c.d
    side = s.non_initiative
    ev = d.event_for(side, face)
    s.event_rolls += 1
    if not ev.repeatable and ev.id in s.events_used:
        c.note("event", "7.0", "{} event roll {}: {} already happened; roll again".format, SIDE_NAME[side], face, ev.name)
        return
    if not ev.repeatable:
        s.events_used = s.events_used + (ev.id,)
    rule, resolve = _RESOLVERS.get(ev.prov + "|" + ev.id) or _resolver(ev)
    c.note("event", rule, "{} event roll {}: {}".format, SIDE_NAME[side], face, ev.name)
    resolve(c, face)


_RESOLVERS: dict[str, tuple] = {}     # an event's provenance and id -> (its rule, its resolver): read once


def _resolver(ev) -> tuple:
    """An event's rule (from its provenance, "rulebook 7.1: ...") and its resolver (EVENTS_RESOLVE, by id)."""
    got = _RESOLVERS[ev.prov + "|" + ev.id] = (ev.prov.split(": ")[0].replace("rulebook ", ""),
                                               getattr(EVENTS_RESOLVE, ev.id.replace("-", "_")))
    return got


class EVENTS_RESOLVE:
    """One resolver per event id of events.toml."""

    @staticmethod
    def torpedo_hits(c: Ctx, face: int) -> None:
        """7.1 1-3: US base revealed, Japan allocates `face` hits there, then the Sunk Table."""
        s = c.s
        targets = [u for u in c.d.order if s.loc[u] == "base" and c.d.ships[u].side == "usa"]
        c.note("reveal", "7.1", _revealed_text, c.d, tuple(targets))
        if not targets:
            c.finish(DONE_PHASE)
            return
        s.base_revealed = "usa"
        s.combat = Combat(kind="torpedo", attacker="japan", zone=None, mover="",
                          pools=[["japan", face, targets]])
        c.finish(COMBAT_READY)

    @staticmethod
    def release_reserve(c: Ctx, face: int) -> None:
        """7.1 4-5: Yamato, Junyo and Hiyo move from the Reserve box to Truk."""
        moved = [u for u in c.d.order if c.s.loc[u] == "reserve"]
        for u in moved:
            c.s.loc[u] = "base"
        c.note("event", "7.1", _released_text, c.d, tuple(moved))
        c.finish(DONE_PHASE)

    @staticmethod
    def bomber_offensive(c: Ctx, face: int) -> None:
        c.disrupt("Bomber Offensive", "7.1")
        c.finish(DONE_PHASE)

    @staticmethod
    def submarine_attack(c: Ctx, face: int) -> None:
        """7.2 1: one Japanese ship at random from Truk is revealed and removed (Transports excluded)."""
        if not sub_candidates(c):
            c.say("event", "No Japanese ship in Truk: the submarine finds nothing", "7.2")
            c.finish(DONE_PHASE)
            return
        c.s.step = "sub-pick"

    @staticmethod
    def heavy_bombers(c: Ctx, face: int) -> None:
        c.disrupt("Heavy Bombers", "7.2")
        c.finish(DONE_PHASE)

    @staticmethod
    def ijn_overestimated(c: Ctx, face: int) -> None:
        """7.2 5-6: with at most one CV in base (counted before arrivals), a sunk US CV returns."""
        s, d = c.s, c.d
        in_base = [u for u in d.order if s.loc[u] == "base" and d.ships[u].side == "usa" and d.ships[u].type == "CV"]
        sunk = overestimated_candidates(c)
        if len(in_base) > 1 or not sunk:
            c.note("event", "7.2", "Nothing happens ({} US CV in base, {} sunk); the event is used up".format,
                   len(in_base), len(sunk))
            c.finish(DONE_PHASE)
        elif len(sunk) == 1:
            revive(c, sunk[0])
        else:
            s.step = "overestimated"


def _revealed_text(d, targets: tuple) -> str:
    return f"US ships in Espiritu Santo revealed: {names(d, targets)}"


def _released_text(d, moved: tuple) -> str:
    return f"Reserve released to Truk: {names(d, moved)}"


def sub_candidates(c: Ctx) -> list[str]:
    return [u for u in c.d.order if c.s.loc[u] == "base" and c.d.ships[u].side == "japan"
            and c.d.ships[u].type not in ("AP", "TE")]


def overestimated_candidates(c: Ctx) -> list[str]:
    return [u for u in c.d.order if c.s.loc[u] == "sunk" and c.d.ships[u].side == "usa" and c.d.ships[u].type == "CV"]


def on_sub_pick(c: Ctx, face: int) -> None:
    victim = sub_candidates(c)[face - 1]
    c.s.loc[victim] = "sunk"
    c.note("sunk", "7.2", "Submarine attack: {} is revealed in Truk and removed from the game".format, c.name(victim))
    c.finish(DONE_PHASE)


def revive(c: Ctx, unit: str) -> None:
    c.s.loc[unit] = "base"
    c.note("event", "7.2", "{} was not sunk after all and returns to Espiritu Santo".format, c.name(unit))
    c.finish(DONE_PHASE)
