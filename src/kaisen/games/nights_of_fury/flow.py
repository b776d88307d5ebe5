"""D. Sequence of Play, declared once (`SEQUENCE`), and the only place that moves from one phase to the next:
where a state is paused, which procedure takes each answer, and what comes after a phase is over.

The procedures (random_events, initiative, movement, detection, gunnery, torpedoes, damage_control,
disengagement, victory) are leaves: each changes the state and, when its phase is over, says so with
`Ctx.finish()` and returns. `_advance` reads that and starts the next phase from SEQUENCE; after the last phase,
the end of the turn (victory.end_of_turn) ends the battle or starts the next turn. No procedure imports this
module or starts another phase."""
from __future__ import annotations

from typing import Callable

from kaisen.engine.core import Chance, Decision, End, IllegalAction, Pause, SequenceStep, check_answer
from kaisen.games.nights_of_fury import (damage, damage_control, detection, disengagement, fire, gunnery, initiative,
                                         movement, random_events, setup, torpedoes, victory)
from kaisen.games.nights_of_fury import campaign, generator   # A, G: the rolled set-up and the campaign
from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.state import NoFState


Phase = SequenceStep     # one phase of a game turn: the rulebook's step number and name, the state's phase, its start


# D: every turn is these eight phases in this order; after the eighth, the end of the turn.
SEQUENCE: tuple[Phase, ...] = (
    Phase("D.1", "Event Phase", "event", random_events.start),
    Phase("D.2", "Initiative Phase", "initiative", initiative.start),
    Phase("D.3", "Movement Phase", "movement", movement.start),
    Phase("D.4", "Detection Phase", "detection", detection.start),
    Phase("D.5", "Gunnery Phase", "gunnery", gunnery.start),
    Phase("D.6", "Torpedo Phase", "torpedo", torpedoes.start),
    Phase("D.7", "Damage Control Phase", "damage-control", damage_control.start),
    Phase("D.8", "Disengage Phase", "disengage", disengagement.start),
)
END_OF_TURN = ("D", "End of the turn", victory.end_of_turn)
_INDEX = {p.phase: i for i, p in enumerate(SEQUENCE)}
PHASE_NAMES = {p.phase: p.name for p in SEQUENCE}

# Contract v2: every Decision this game asks has one of these kinds, named after the rulebook's step.
# (kind, rule, the state's step, what is asked)
DECISION_KINDS: tuple[tuple[str, str, str, str], ...] = (
    ("movement-order", "D.3", "order", "the initiative winner moves its divisions before or after the enemy"),
    ("move-division", "D.3, C", "move", "a division moves a band, changes formation, detaches a ship, or holds"),
    ("manoeuvre", "D.3, K", "extras", "evasive manoeuvring and smoke for a division that moved or held"),
    ("searchlights", "J", "lights", "a division turns its searchlights on (optional rule, at night)"),
    ("fire-unit", "D.5, D.6", "pick", "the next ship to fire its guns or torpedoes, or no more this phase"),
    ("choose-target", "D.4, D.5, D.6", "aim", "the enemy ship (by position, or by class once identified) a "
                                               "battery or torpedo mount fires at, or hold"),
    ("disengage", "C, D.8", "leave", "a division at range band 1 or 10 tries to disengage, or stays"),
    ("assign-ship", "A, G", "assign", "a side adds a ship of its pool to the mission within the limits, or is done"),
    ("pick-commander", "A, G", "commander", "the pool commander a side tries (his availability roll follows)"),
    ("flagship", "E", "flagship", "the ship a generated or campaign commander sails in (he never changes ship)"),
    ("experience-trait", "E, G", "trait", "the trait a commander improves after a mission (a 'choice' result)"),
)
KIND = {step: kind for kind, _, step, _ in DECISION_KINDS}
KIND_NAMES = frozenset(KIND.values())


def pause(s: NoFState, d) -> Pause:
    """The Decision, Chance node or End the state waits at (computed once, cached on the state)."""
    if s.cache is None:
        s.cache = _pause(Ctx(s, d))
    return s.cache


def _pause(c: Ctx) -> Pause:
    s = c.s
    step, _, arg = s.step.partition(":")
    if step == "over":
        if s.own is not None and s.own.kind == generator.CAMPAIGN:
            return campaign.end(c)                  # G: the campaign's Victory-Loss verdict
        winner, score = s.result
        return End(winner, score, victory.summary(c))
    made = PAUSES.get(step)
    if made is None:
        raise AssertionError(f"state paused at an unknown step {s.step!r}")
    return made(c, arg)


PAUSES: dict[str, Callable[[Ctx, str], Pause]] = {
    **damage.PAUSES, **fire.PAUSES, **random_events.PAUSES, **initiative.PAUSES, **movement.PAUSES, **detection.PAUSES, **gunnery.PAUSES,
    **torpedoes.PAUSES, **damage_control.PAUSES, **disengagement.PAUSES,
    **generator.PAUSES, **campaign.PAUSES,
}
ANSWERS: dict[str, Callable[[Ctx, str, object], None]] = {
    **damage.ANSWERS, **fire.ANSWERS, **random_events.ANSWERS, **initiative.ANSWERS, **movement.ANSWERS, **detection.ANSWERS, **gunnery.ANSWERS,
    **torpedoes.ANSWERS, **damage_control.ANSWERS, **disengagement.ANSWERS,
    **generator.ANSWERS, **campaign.ANSWERS,
}


def apply(s: NoFState, d, answer) -> NoFState:
    """Check the answer against the pause, then apply it to a copy (the given state never changes)."""
    p = pause(s, d)
    answer = check_answer(p, answer, "D")
    new = s.copy()
    c = Ctx(new, d)
    step, _, arg = new.step.partition(":")
    ANSWERS[step](c, arg, answer)
    _advance(c)
    new.last_events = tuple(c.ev)
    return new


def _advance(c: Ctx) -> None:
    """Move on from every phase that has finished until the state waits for an answer or a die."""
    while c.done is not None:
        c.done = None
        _start_phase(c, _INDEX.get(c.s.phase, -1) + 1)   # a set-up ("setup", A) is followed by turn 1


def _start_phase(c: Ctx, i: int) -> None:
    """Start SEQUENCE[i]; past the last phase the turn is over (the battle may end there)."""
    s = c.s
    if i >= len(SEQUENCE):
        END_OF_TURN[2](c)
        if s.step == "over":
            if s.own is not None and s.own.kind == generator.CAMPAIGN:
                campaign.battle_over(c)             # G: losses, experience, the next mission or the verdict
            return
        i = 0
    p = SEQUENCE[i]
    s.phase = p.phase
    s.step = ""
    p.start(c)


def new_battle(d, scenario: str, options: dict) -> NoFState:
    """A. Set-up and B. Placement from the scenario; then turn 1 begins with the Event Phase."""
    if scenario in generator.OWN_KINDS:             # A, G: the battle is rolled first, then turn 1
        s = NoFState(scenario=scenario, options=tuple(sorted(options.items())))
        c = Ctx(s, d)
        if scenario == generator.CAMPAIGN:
            campaign.start(c)
        else:
            generator.start(c)
        s.last_events = tuple(c.ev)
        return s
    s = setup.initial_state(d, scenario, options)
    c = Ctx(s, d)
    setup.announce(c)
    _start_phase(c, 0)
    _advance(c)
    s.last_events = tuple(c.ev)
    return s


__all__ = ["SEQUENCE", "DECISION_KINDS", "pause", "apply", "new_battle", "IllegalAction", "Chance", "Decision"]
