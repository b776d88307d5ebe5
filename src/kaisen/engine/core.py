"""The engine contract: a state pauses at a Decision, a Chance node or the End (DESIGN.md)."""
from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable, Generic, NamedTuple, TypeVar, Union

Answer = Union[str, tuple[int, ...]]
"""An answer is an option id (for a Decision) or the faces rolled (for a Chance node)."""


class IllegalAction(ValueError):
    """A refused answer: which rule refused it, why, what was given and what is allowed."""

    def __init__(self, rule: str, reason: str, given: Any = None, allowed: Any = None):
        self.rule = rule
        self.reason = reason
        self.given = given
        self.allowed = allowed
        super().__init__(self.one_line())

    def one_line(self) -> str:
        text = f"[{self.rule}] {self.reason}"
        if self.given is not None:
            text += f"; given {self.given!r}"
        if self.allowed is not None:
            allowed = self.allowed
            if isinstance(allowed, (list, tuple)) and len(allowed) > 12:
                allowed = list(allowed[:12]) + [f"... {len(self.allowed) - 12} more"]
            text += f"; allowed: {allowed}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "reason": self.reason, "given": self.given, "allowed": self.allowed}


class Option:
    """One legal answer to a Decision: a stable machine id, a human label, and structured `fields` saying what
    it is about (contract v2): the units, places and numbers it names, as JSON values, e.g.
    `{"verb": "move", "unit": "csf", "hex": "F-4"}`. Agents, boards and tests read the fields; nobody parses
    the id or the label.

    Labels on demand: instead of the text a game may give `make`, called once with the option the first time
    someone reads `label` (simulation and search never do). Options are made on every step: a slotted class,
    not a frozen dataclass."""

    __slots__ = ("id", "_label", "fields", "_make")

    def __init__(self, id: str, label: str | None = None, fields: dict[str, Any] | None = None,
                 make: Callable[["Option"], str] | None = None):
        self.id = id
        self._label = label
        self.fields = fields
        self._make = make

    @property
    def label(self) -> str:
        text = self._label
        if text is None:
            text = self._label = self._make(self) if self._make is not None else self.id
        return text

    def get(self, key: str, default: Any = None) -> Any:
        """One structured field (None or `default` when the option has no such field)."""
        return self.fields.get(key, default) if self.fields else default

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return self.id == other.id and self.fields == other.fields and self.label == other.label

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Option({self.id!r}, {self.label!r}, {self.fields!r})"


@dataclass(slots=True)
class Decision:
    """A side must choose one of the enumerated options."""

    side: str
    prompt: str
    options: tuple[Option, ...]
    rule: str = ""
    kind: str = ""
    """The rulebook's step this decision belongs to, stable across versions ("form-task-force", "plot-move")."""

    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise IllegalAction(self.rule or "engine", f"{self.prompt}: no such option", option_id, self.ids())


@dataclass(slots=True)
class Chance:
    """Dice to roll now: one die (or a small batch), each with its number of sides, and the reason."""

    dice: tuple[int, ...]
    reason: str
    rule: str = ""
    labels: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class End:
    """The game is over: the winner (None for a draw), the score the rules define, a summary line."""

    winner: str | None
    score: int
    summary: str


Pause = Union[Decision, Chance, End]


def end_value(pause: "Pause", side: str) -> float | None:
    """At an End: 1 for the winner, 0 for the loser, 0.5 a draw (`Game.evaluate` over); None elsewhere."""
    if type(pause) is not End:
        return None
    return 0.5 if pause.winner is None else float(pause.winner == side)


def logistic(x: float, clamp: float = 30.0) -> float:
    """1 / (1 + e^-x) with x clamped to +-`clamp`, so an evaluation stays strictly inside (0, 1)."""
    return 1.0 / (1.0 + math.exp(-max(-clamp, min(clamp, x))))


class Event:
    """One narrated happening. `private_to` names the only side that may read it (None: everyone).

    Narration on demand: a game may give, instead of the text, `make` and its `args` (the event's parameters,
    taken when it happens); the English text is made the first time someone reads `text` (the log, the
    terminal, the server), so simulation and search pay nothing for it."""

    __slots__ = ("kind", "_text", "private_to", "rule", "_make", "_args")

    def __init__(self, kind: str, text: str | None = None, private_to: str | None = None, rule: str = "",
                 make: Callable[..., str] | None = None, args: tuple = ()):
        self.kind = kind
        self._text = text
        self.private_to = private_to
        self.rule = rule
        self._make = make
        self._args = args

    @property
    def text(self) -> str:
        text = self._text
        if text is None:
            text = self._text = self._make(*self._args)
        return text

    def visible_to(self, side: str | None) -> bool:
        return side is None or self.private_to is None or self.private_to == side

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "private_to": self.private_to, "rule": self.rule}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.private_to, self.rule, self.text) == (other.kind, other.private_to, other.rule,
                                                                       other.text)

    def __hash__(self) -> int:
        return hash((self.kind, self.private_to, self.rule))

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, {self.private_to!r}, {self.rule!r})"


def check_dice(chance: Chance, answer: Any) -> tuple[int, ...]:
    """Validate an answer to a Chance node: one integer face per die, each within 1..sides."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        answer = (answer,)
    if isinstance(answer, str):
        raise IllegalAction(chance.rule or "dice", f"{chance.reason}: dice faces expected, not an option id",
                            answer, f"{len(chance.dice)} face(s), each 1..{max(chance.dice)}")
    try:
        faces = tuple(answer)
    except TypeError:
        raise IllegalAction(chance.rule or "dice", f"{chance.reason}: dice faces expected", answer,
                            f"{len(chance.dice)} face(s)") from None
    if len(faces) != len(chance.dice):
        raise IllegalAction(chance.rule or "dice", f"{chance.reason}: wrong number of dice", list(faces),
                            f"exactly {len(chance.dice)} face(s)")
    for face, sides in zip(faces, chance.dice):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            raise IllegalAction(chance.rule or "dice", f"{chance.reason}: die face out of range", face,
                                f"an integer 1..{sides}")
    return faces


def check_answer(pause: "Pause", answer: Any, end_rule: str = "end") -> Answer:
    """Validate an answer against where a state is paused: the faces for a Chance node, an offered option
    id for a Decision; nothing is accepted at the End. Returns the answer in canonical form."""
    if isinstance(pause, End):
        raise IllegalAction(end_rule, "the game is over", answer, [])
    if isinstance(pause, Chance):
        return check_dice(pause, answer)
    if not isinstance(answer, str):
        raise IllegalAction(pause.rule, f"{pause.prompt}: an option id is expected", answer, pause.ids())
    pause.option(answer)   # raises IllegalAction naming the allowed ids
    return answer


class SequenceStep(NamedTuple):
    """One step of a game's sequence of play, declared once (DESIGN.md): the rulebook's number and name, the
    value of the state's `phase` while it runs, and the procedure that starts it (a leaf that signals its end)."""

    rule: str
    name: str
    phase: str
    start: Callable[[Any], None]


def apply_step(state: Any, pause: "Pause | None", answer: Any, ctx_of, handle, end_rule: str = "end",
               explain=None) -> Any:
    """`apply` for a game written as a step machine (`state.step` = "<procedure>[:<argument>]"): validate the
    answer against the pause (a refused option names its rule through `explain(state, answer)` where it
    can), then hand it to `handle(ctx, procedure, argument, answer)` on a copy; the copy keeps the events.

    `pause` None: the game has vouched for the answer itself, against the one part of its menu that could hold it,
    where nobody had asked for the whole menu (a replay): only an answer the menu offers may be vouched for, and
    anything a game cannot vouch for goes through the pause as usual (the same refusals)."""
    offered = pause is None
    if not offered and type(pause) is Decision and type(answer) is str:   # the common case: an offered option id
        for o in pause.options:
            if o.id == answer:
                offered = True
                break
    if not offered:
        try:
            answer = check_answer(pause, answer, end_rule)
        except IllegalAction:
            why = explain(state, answer) if explain and isinstance(pause, Decision) and isinstance(answer, str) \
                else None
            if why is None:
                raise
            raise IllegalAction(why[0], why[1], answer, pause.ids()) from None
    new = state.copy()
    c = ctx_of(new)
    step, _, arg = new.step.partition(":")
    handle(c, step, arg, answer)
    new.last_events = tuple(c.ev)
    return new


class LazyView(Mapping):
    """A view whose parts are worked out when first read (`Game.policy_view`): the same keys in the same order, and
    each value the one the full view has, made by `part(key)` once and kept. Read-only; `dict(lazy)` is the view.
    `keys`: the view's keys in order, in a container that answers `in` at once (a dict made once per game)."""

    __slots__ = ("_keys", "_part", "_got")

    def __init__(self, keys: Mapping[str, Any], part: Callable[[str], Any]):
        self._keys = keys
        self._part = part
        self._got: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        got = self._got
        if key in got:
            return got[key]
        if key not in self._keys:
            raise KeyError(key)
        value = got[key] = self._part(key)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        got = self._got
        if key in got:
            return got[key]
        return self[key] if key in self._keys else default

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return f"LazyView({len(self._got)} of {len(self._keys)} parts worked out)"


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Scenario:
    """A named starting situation of a game."""

    id: str
    title: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class GameOption:
    """A switch a scenario may turn on (an optional rule), with its default."""

    id: str
    description: str
    default: bool = False


class Game(ABC, Generic[S]):
    """A game as the engine sees it. Every interface (CLI, web, agents, analysis) uses only this."""

    id: str
    title: str
    sides: tuple[str, ...]
    scenarios: tuple[Scenario, ...]
    options: tuple[GameOption, ...] = ()

    # -- creation -------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> S: ...

    def scenario(self, scenario_id: str | None) -> Scenario:
        if scenario_id is None:
            return self.scenarios[0]
        for sc in self.scenarios:
            if sc.id == scenario_id:
                return sc
        raise IllegalAction("setup", f"unknown scenario for {self.id}", scenario_id, [s.id for s in self.scenarios])

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        known = {o.id: o for o in self.options}
        resolved = {o.id: o.default for o in self.options}
        for key, value in (options or {}).items():
            if key not in known:
                raise IllegalAction("setup", f"unknown option for {self.id}", key, sorted(known))
            if not isinstance(value, bool):
                raise IllegalAction("setup", f"option {key} takes true or false", value, [True, False])
            resolved[key] = value
        return resolved

    # -- the flow -------------------------------------------------------------------------
    @abstractmethod
    def pause(self, state: S) -> Pause:
        """Where the state is paused: the Decision, Chance node or End."""

    @abstractmethod
    def apply(self, state: S, answer: Answer) -> S:
        """A new state with the answer applied; raises IllegalAction (and changes nothing) if refused."""

    @abstractmethod
    def events(self, state: S) -> tuple[Event, ...]:
        """The events the last `apply` produced (the narration of that step)."""

    # -- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, side: str | None) -> dict[str, Any]:
        """Everything `side` may know and nothing more; None is the omniscient view."""

    def policy_view(self, state: S, side: str) -> Mapping[str, Any]:
        """`view(state, side)` for an agent's policy inside a search (a rollout, a prior): the same keys and values,
        read through a Mapping. A game may return a `LazyView` that works each part out only when the policy reads
        it, since a heuristic reads a few parts of a view at each of thousands of rollout decisions. Never sent,
        saved or shown: those take `view`. The default is `view` itself."""
        return self.view(state, side)

    def public_view(self, state: S) -> dict[str, Any]:
        """The facts both sides may know: what neither side's view hides (what a spectator sees).

        It has the shape of a side's view (a board is drawn from it the same way) with `"side": "public"`:
        every secret of every side is withheld as it is from that side's enemy (face-down units, hands, plots,
        a choice not yet revealed), no side's pending options are shown (only who is deciding), and dice
        whose reason is private to one side are described only as rolled. So every identifier in it appears
        in each side's own view too, and it does not change when either side's secrets are swapped for
        others. A game that has no public view raises NotImplementedError; `view(state, None)` is the
        omniscient view, never a public one."""
        raise NotImplementedError(f"{self.id} has no public view: a spectator can be shown nothing before the "
                                  f"end until {type(self).__name__}.public_view is written")

    @abstractmethod
    def sample_state(self, view: dict[str, Any], rng: random.Random) -> S:
        """A full state consistent with the view, unknowns filled in plausibly (for search agents)."""

    # -- search ---------------------------------------------------------------------------
    def evaluate(self, state: S, side: str) -> float:
        """How likely `side` is to win from this state, in [0, 1], counted the way the game's victory rules count
        (victory points, ships sunk, control): what a search scores a rollout it cuts short (`horizon`).

        Over: 1 for the winner, 0 for the loser, 0.5 a draw. Otherwise a game's own estimate, which must stay
        within (0, 1) and, for two sides, sum to 1 over them. It reads the true state, so only a search on a
        determinised copy (never the real game) may call it. The default knows only the end."""
        v = end_value(self.pause(state), side)
        return 0.5 if v is None else v

    def horizon(self, state: S) -> Any:
        """A mark that changes when a turn ends (the default: the state's `turn`): a search's rollout is cut after
        it has changed a set number of times, and `evaluate` scores where it stopped."""
        return getattr(state, "turn", None)

    def search_reach(self, budget: Any) -> Any:
        """How far a search's rollouts must run here before `evaluate` can judge where they stop: the search's budget
        (an object with `horizon`, the turn ends a rollout crosses, and `rollout_steps`, its decisions at most),
        as given by default. A game whose evaluation misjudges positions cut at the next turn's end returns a copy
        that runs further (dataclasses.replace)."""
        return budget

    def search_sees(self, decision: "Decision") -> bool:
        """Whether a search's rollouts, cut where `search_reach` cuts them, can tell this decision's answers apart:
        False for a kind of decision whose answers change nothing `evaluate` counts before the cut (a port that
        matters only at the next turn's repairs). There a search only adds noise and bias, so it answers as the
        game's heuristic does. True by default."""
        return True

    # -- persistence ----------------------------------------------------------------------
    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> S: ...

    def copy(self, state: S) -> S:
        return state.copy()  # type: ignore[attr-defined]

    # -- the action vocabulary ------------------------------------------------------------
    def action_vocabulary(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> frozenset[str]:
        """Every option id this game can ever offer in that scenario with those optional rules: the keys of a
        search's statistics and, for research adapters, a fixed-size action space (ids sorted give indices)."""
        raise NotImplementedError(f"{self.id} does not list its action vocabulary yet")

    def reveals(self, event: Event) -> bool:
        """True when this event, read by the side whose own answer caused it, shows that side something that
        was hidden from it (a face-down stack turned up, a search result): its answer cannot then be undone."""
        return False

    # -- presentation ---------------------------------------------------------------------
    def render(self, view: dict[str, Any], compact: bool = False) -> Any:
        """A board for the terminal (a rich renderable or text) drawn from a view; `compact`: at most about 12
        lines of 80 columns (turn, phase, score, the viewer's own forces in brief) for a small terminal."""
        import json
        return json.dumps(view, indent=1)

    def is_over(self, state: S) -> bool:
        return isinstance(self.pause(state), End)
