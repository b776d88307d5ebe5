"""The turn (rulebook: Turn Description), declared once (`SEQUENCE`), and the only place that moves from one step
to the next: where a state is paused, which procedure takes each answer, what follows when a procedure is over.

Procedures are leaves. A phase step ends with `Ctx.finish()`; within Phase 2 an airplane's movement or dodge ends
with `finish(DONE_MOVE)` (shooting follows) and an attack with `finish(DONE_ATTACK)` (the activation goes on).
`_advance` reads those signals; no procedure starts another phase."""
from __future__ import annotations

from typing import Callable

from kaisen.engine.core import Decision, End, IllegalAction, Pause, SequenceStep, apply_step
from kaisen.games.fighters_of_the_pacific import (activation, barrage, end_of_turn, flight, initiative,
                                                  reinforcements, setup, ships, shooting, torpedoes, victory)
from kaisen.games.fighters_of_the_pacific.common import DONE_ATTACK, DONE_MOVE, DONE_PHASE, Ctx
from kaisen.games.fighters_of_the_pacific.state import FotPState


Step = SequenceStep      # one step of a turn: the rulebook's phase and step, its name, the state's phase, its start


# Turn Description: three phases; Phase 2 begins with the barrages, Phase 3 is six steps in this order.
SEQUENCE: tuple[Step, ...] = (
    Step("Phase 1", "Initiative", "initiative", initiative.start),
    Step("Phase 2, Barrage", "Barrages placed", "barrage", barrage.start),
    Step("Phase 2", "Activation", "activation", activation.start),
    Step("Phase 3.1", "Ships are moved", "ships", ships.start),
    Step("Phase 3.2", "Torpedoes are moved", "torpedoes", torpedoes.start),
    Step("Phase 3.3", "Activation markers removed", "markers", end_of_turn.clear_activation),
    Step("Phase 3.4", "Barrage markers removed", "barrages-off", end_of_turn.clear_barrages),
    Step("Phase 3.5", "Reinforcements placed", "reinforcements", reinforcements.start),
    Step("Phase 3.6", "Victory conditions checked", "victory", victory.check),
)
_INDEX = {p.phase: i for i, p in enumerate(SEQUENCE)}
PHASE_NAMES = {p.phase: f"{p.rule}: {p.name}" for p in SEQUENCE}

# Within Phase 2: what follows the end of a movement and the end of an attack.
AFTER: dict[str, Callable[[Ctx], None]] = {DONE_MOVE: shooting.after_move, DONE_ATTACK: activation.after_attack}

# Contract v2: every Decision has one of these kinds. (kind, rule, the state's step, what is asked)
DECISION_KINDS: tuple[tuple[str, str, str, str], ...] = (
    ("barrage", "Barrage", "barrage", "a flak unit fires a barrage on a hex within 2, or keeps its low fire"),
    ("activate", "Phase 2", "activate", "the side to play activates one air group or one AA, or passes (initiative)"),
    ("pick-airplane", "Phase 2", "pick", "the airplane of the active group that moves next"),
    ("maneuver", "Movement", "fly", "the next maneuver, a drop of ordnance, or the end of the movement"),
    ("dodge", "Dodging", "fly", "the dodge of an airplane that is shot at before its activation"),
    ("shoot", "Shooting", "shoot", "the nearest enemy airplane in the field of fire to shoot, or hold fire"),
    ("respond", "Response", "respond", "a surviving airplane fires back at its attacker, or not"),
    ("ship-move", "Phase 3, Ships", "ship", "a ship's mandatory move: ahead, left or right"),
    ("place-reinforcement", "Scenario", "place", "the hex of its zone where a reinforcement enters"),
)
KIND_NAMES = frozenset(k for k, *_ in DECISION_KINDS)

PAUSES: dict[str, Callable[[Ctx, str], Pause]] = {
    **barrage.PAUSES, **activation.PAUSES, **flight.PAUSES, **shooting.PAUSES, **ships.PAUSES,
    **reinforcements.PAUSES,
}
ANSWERS: dict[str, Callable[[Ctx, str, object], None]] = {
    **barrage.ANSWERS, **activation.ANSWERS, **flight.ANSWERS, **shooting.ANSWERS, **ships.ANSWERS,
    **reinforcements.ANSWERS,
}


def pause(s: FotPState, d) -> Pause:
    """The Decision or End the state waits at (computed once, cached on the state). No dice: no Chance node."""
    if s.cache is None:
        c = Ctx(s, d)
        step, _, arg = s.step.partition(":")
        if step == "over":
            winner, score = s.result
            s.cache = End(winner, score, victory.summary(c))
        else:
            made = PAUSES.get(step)
            if made is None:
                raise AssertionError(f"state paused at an unknown step {s.step!r}")
            s.cache = made(c, arg)
    return s.cache


def apply(s: FotPState, d, answer) -> FotPState:
    """Check the answer against the pause, then apply it to a copy (the given state never changes)."""
    return apply_step(s, pause(s, d), answer, lambda new: Ctx(new, d), _handle, "Victory boards")


def _handle(c: Ctx, step: str, arg: str, answer) -> None:
    ANSWERS[step](c, arg, answer)
    _advance(c)


def _advance(c: Ctx) -> None:
    """Go on from every procedure that has finished until the state waits for an answer or the game is over."""
    while c.done is not None:
        done, c.done = c.done, None
        if done == DONE_PHASE:
            _start(c, _INDEX[c.s.phase] + 1)
        else:
            AFTER[done](c)


def _start(c: Ctx, i: int) -> None:
    """Start SEQUENCE[i]; after the last step a new turn begins with the initiative."""
    s = c.s
    if i >= len(SEQUENCE):
        i = 0
    p = SEQUENCE[i]
    s.phase = p.phase
    s.step = ""
    p.start(c)


def new_game(d, scenario: str) -> FotPState:
    """Game Setup from the scenario; then turn 1 begins with the initiative."""
    s = setup.initial_state(d, scenario)
    c = Ctx(s, d)
    setup.announce(c)
    _start(c, 0)
    _advance(c)
    s.last_events = tuple(c.ev)
    return s


__all__ = ["SEQUENCE", "DECISION_KINDS", "pause", "apply", "new_game", "IllegalAction", "Decision"]
