"""Helpers shared by the Nights of Fury rule tests: build a situation on the range bands, start it at a phase of
the sequence of play, play answers and scripted dice through the flow (`GAME.apply`), read the narration."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, End
from kaisen.engine.testing import GameDriver
from kaisen.games.nights_of_fury import GAME, flow
from kaisen.games.nights_of_fury.common import Ctx

D = GAME.data
_DRIVER = GameDriver(GAME)
play, ids, refused = _DRIVER.play, _DRIVER.ids, _DRIVER.refused

# Every optional rule (H, I, J, K) on, alternating fire: how the Cape Esperance example is played.
OPTIONAL = {"intelligence": True, "mistaken-target": True, "searchlights": True, "smokescreens": True,
            "advanced-fire": False}
# None of the optional rules.
PLAIN = {"intelligence": False, "mistaken-target": False, "searchlights": False, "smokescreens": False,
         "advanced-fire": False}


def options(**switches) -> dict:
    """The plain rules with some switches turned on (`mistaken_target=True` -> "mistaken-target")."""
    out = dict(PLAIN)
    out.update({k.replace("_", "-"): v for k, v in switches.items()})
    return out


def situation(scenario: str = "cape-esperance", phase: str = "detection", *, opts: dict | None = None,
              turn: int = 1, initiative: str = "usn", bands: dict | None = None, ships: dict | None = None,
              detected: dict | None = None, identified: dict | None = None, damage: dict | None = None,
              fired_spotted: tuple = (), commanders: dict | None = None, effects: tuple = ()):
    """A battle of `scenario` set as given and started at `phase` (D): division bands, the ships left in a
    division (the others leave the battle's books), what each side has detected ("usn>ijn-1": 1 Spotted,
    2 Identified), the enemy ships identified, damage {ship: (structure, flotation[, fire])}."""
    s = GAME.new_state(scenario, PLAIN if opts is None else opts).copy()
    s.turn, s.initiative = turn, initiative
    for div, band in (bands or {}).items():
        s.divisions[div] = s.divisions[div]._replace(band=band)
    for div, keep in (ships or {}).items():
        for q in s.divisions[div].ships:
            if q not in keep:
                del s.ships[q]
        s.divisions[div] = s.divisions[div]._replace(ships=tuple(keep))
    for q, marks in (damage or {}).items():
        st, fl, *burning = marks
        s.ships[q] = s.ships[q]._replace(structure=st, flotation=fl, fire=bool(burning and burning[0]))
    if commanders is not None:
        s.commanders = dict(commanders)
    s.effects = tuple(effects)
    return at_phase(s, phase, detected=detected, identified=identified, fired_spotted=fired_spotted)


def at_phase(s, phase: str, *, detected: dict | None = None, identified: dict | None = None,
             fired_spotted: tuple = ()):
    """Start `phase` on a copy of `s` the way the sequence of play does (flow.SEQUENCE) and run to the first
    pause; detection results are set after the phase has started (the Detection Phase clears them)."""
    s = s.copy()
    s.todo, s.rolls, s.fire, s.checks, s.resume = (), {}, None, (), ""
    c = Ctx(s, D)
    i = flow._INDEX[phase]
    s.phase, s.step = phase, ""
    if phase != "detection":
        s.detected = dict(detected or {})
    if identified is not None:
        s.identified = {k: tuple(v) for k, v in identified.items()}
    s.fired_spotted = tuple(fired_spotted)
    flow.SEQUENCE[i].start(c)
    flow._advance(c)
    s.last_events = tuple(c.ev)
    s.cache = None
    return s


def texts(events, side: str | None = None) -> list[str]:
    """The narration `side` may read (None: everything)."""
    return [e.text for e in events if e.visible_to(side)]


def public_texts(events) -> list[str]:
    return [e.text for e in events if e.private_to is None]


def pause(s):
    return GAME.pause(s)


def is_chance(s, step: str) -> Chance:
    """The state waits for dice at `step` (the part before ':'); the Chance node."""
    p = GAME.pause(s)
    assert isinstance(p, Chance) and s.step.split(":")[0] == step, (s.step, p)
    return p


def is_decision(s, kind: str) -> Decision:
    """The state waits for a decision of this contract-v2 kind; the Decision."""
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.kind == kind, (s.step, p)
    return p


def is_end(s) -> End:
    p = GAME.pause(s)
    assert isinstance(p, End), (s.step, p)
    return p


def options_by_id(s) -> dict:
    """The current decision's options by id."""
    return {o.id: o for o in GAME.pause(s).options}


def until(s, step: str, answer, limit: int = 200):
    """Answer `answer` (a function of the pause, or a fixed answer) until the state waits at `step`."""
    events = []
    for _ in range(limit):
        if s.step.split(":")[0] == step:
            return s, events
        p = GAME.pause(s)
        s = GAME.apply(s, answer(p) if callable(answer) else answer)
        events.extend(GAME.events(s))
    raise AssertionError(f"never reached {step!r}; at {s.step!r}")
