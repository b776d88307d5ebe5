"""Test helpers for any game on the contract: play answers in a row, list the options, check a refusal."""
from __future__ import annotations

import json
from typing import Any

from kaisen.engine.core import Event, Game, IllegalAction
from kaisen.engine import jsonio


class GameDriver:
    """Bound to one game: `play`, `ids` and `refused` as tests of that game use them."""

    def __init__(self, game: Game):
        self.game = game

    def play(self, s: Any, *answers) -> tuple[Any, list[Event]]:
        """Apply the answers in turn; return the final state and every event they produced."""
        events: list[Event] = []
        for a in answers:
            s = self.game.apply(s, a)
            events.extend(self.game.events(s))
        return s, events

    def ids(self, s: Any) -> list[str]:
        """The ids of the options at the current pause."""
        return [o.id for o in self.game.pause(s).options]

    def refused(self, s: Any, answer, rule: str) -> IllegalAction:
        """The answer is refused under `rule` and the state is left exactly as it was."""
        before = json.dumps(self.game.to_json(s), sort_keys=True)
        try:
            self.game.apply(s, answer)
        except IllegalAction as err:
            assert err.rule == rule, f"refused under {err.rule!r}, expected {rule!r}: {err}"
            assert json.dumps(self.game.to_json(s), sort_keys=True) == before, "the refused answer changed the state"
            return err
        raise AssertionError(f"{answer!r} was accepted; expected a refusal under {rule!r}")


def random_answer(pause, rng) -> Any:
    """A uniformly random legal answer: faces for a Chance node, an option id for a Decision."""
    from kaisen.engine.core import Chance
    if isinstance(pause, Chance):
        return tuple(rng.randint(1, k) for k in pause.dice)
    return rng.choice(pause.options).id


def random_game(game: Game, seed: int, options: dict | None = None):
    """Yield (state, answer, next_state) along a random legal game from a new state."""
    import random

    from kaisen.engine.core import End
    rng = random.Random(seed)
    s = game.new_state(options=options)
    while not isinstance(p := game.pause(s), End):
        a = random_answer(p, rng)
        nxt = game.apply(s, a)
        yield s, a, nxt
        s = nxt


def states_along(game: Game, scenario: str | None, seed: int, every: int = 25, limit: int = 400):
    """States of one seeded random game of a scenario: one every `every` answers (the first included) within
    `limit` answers, and then the last state reached (for boards and views drawn along a game)."""
    import random

    from kaisen.engine.core import End
    rng = random.Random(seed)
    s = game.new_state(scenario)
    for k in range(limit):
        p = game.pause(s)
        if isinstance(p, End):
            break
        if k % every == 0:
            yield s
        s = game.apply(s, random_answer(p, rng))
    yield s


def play_out(game: Game, s: Any, rng) -> Any:
    """Random legal play from `s` to the end; the final state."""
    from kaisen.engine.core import End
    while not isinstance(p := game.pause(s), End):
        s = game.apply(s, random_answer(p, rng))
    return s


def assert_round_trip(game: Game, s: Any) -> None:
    """The state survives JSON text unchanged, pause included."""
    back = jsonio.round_trip(game, s)
    assert back == s
    assert game.pause(back) == game.pause(s)


def refusal(game: Game, state: Any, answer: Any) -> dict[str, Any] | None:
    """The IllegalAction `game.apply` gives `answer` at `state`, as a dict (rule, reason, given, allowed); None
    where the answer is applied."""
    try:
        game.apply(state, answer)
    except IllegalAction as err:
        return err.to_dict()
    return None


def assert_refused_alike(game: Game, state: Any, answer: Any) -> dict[str, Any]:
    """`answer` is refused at a copy of `state` whose menu nobody has asked for exactly as at a copy whose pause was
    made first (a game that vouches for answers without making its menu must refuse the same way); the refusal."""
    bare, asked = game.copy(state), game.copy(state)
    game.pause(asked)
    got = refusal(game, bare, answer)
    assert got is not None and got == refusal(game, asked, answer), answer
    return got


def assert_evaluation_contract(game: Game, s: Any) -> dict[str, float]:
    """`Game.evaluate` before the end (engine contract): each side's value strictly inside (0, 1), the values of
    all sides summing to 1, the same value asked twice, and the state unchanged. Returns the values by side."""
    before = json.dumps(game.to_json(s), sort_keys=True)
    values = {side: game.evaluate(s, side) for side in game.sides}
    assert all(0.0 < v < 1.0 for v in values.values()), values
    assert abs(sum(values.values()) - 1.0) < 1e-12, values
    assert {side: game.evaluate(s, side) for side in game.sides} == values, "evaluate is not deterministic"
    assert json.dumps(game.to_json(s), sort_keys=True) == before, "evaluate changed the state"
    return values


def assert_replay_identity(game: Game, seed: int) -> None:
    """A random game's record, saved and loaded, replays to the identical state and narration."""
    import random

    from kaisen.engine.match import Match
    from kaisen.engine.record import Record, replay
    m = Match(game, seed=seed)
    rng = random.Random(seed)
    m.run(lambda d: rng.choice(d.options).id)
    rec = Record.loads(m.record.dumps(), expect_game=game.id)
    state, events = replay(game, rec, collect_events=True)
    assert game.to_json(state) == game.to_json(m.state)
    assert [e.text for e in events] == [e.text for e in m.log]


def play_agents(game: Game, agents: dict, seed: int, on_decision=None):
    """One full seeded game (a Match) in which each agent is handed only its own side's view;
    `on_decision(match, decision, view, answer)` sees every answer."""
    from kaisen.engine.match import Match
    m = Match(game, seed=seed)

    def choose(d):
        view = game.view(m.state, d.side)
        answer = agents[d.side].choose(view, d)
        if on_decision:
            on_decision(m, d, view, answer)
        return answer

    m.run(choose)
    return m


# -- hidden alternatives: what the other side receives must not depend on one side's secret answers -------
def observed(game: Game, state: Any, answers, observer: str | None) -> list[str]:
    """Everything `observer` (a side; None: a spectator) receives while `answers` are applied from `state`,
    as JSON text: its view (a spectator's: the public view) each time it changes, and each event it may read
    (a spectator: public events only). Identical lists mean the observer cannot tell the two games apart."""
    def look(s) -> str:
        return json.dumps(game.view(s, observer) if observer is not None else game.public_view(s), sort_keys=True)

    out = ["view " + look(state)]
    last = out[0]
    for a in answers:
        state = game.apply(state, a)
        for e in game.events(state):
            if e.private_to is None or (observer is not None and e.private_to == observer):
                out.append("event " + json.dumps(e.to_dict(), sort_keys=True))
        v = "view " + look(state)
        if v != last:
            out.append(v)
            last = v
    return out


def hidden_run(game: Game, state: Any, side: str, stay, rng, pick=None, limit: int = 200) -> list[Any]:
    """Answers for `side` while it is the one deciding and `stay(state)` holds: by `pick(options, rng)`
    (option ids; None to stop early) or uniformly at random. One alternative of a secret sequence."""
    from kaisen.engine.core import Decision
    answers: list[Any] = []
    while len(answers) < limit:
        p = game.pause(state)
        if not isinstance(p, Decision) or p.side != side or not stay(state):
            break
        ids = p.ids()
        a = pick(ids, rng) if pick else rng.choice(ids)
        if a is None:
            break
        answers.append(a)
        state = game.apply(state, a)
    return answers


def assert_hidden_alternatives(game: Game, state: Any, alternatives, observers) -> None:
    """Every observer receives byte-identical streams (views, events, their number) whichever of the
    alternative secret answer sequences is applied from `state` (DESIGN.md: no side channels)."""
    alternatives = [list(a) for a in alternatives]
    for observer in observers:
        streams = [observed(game, state, alt, observer) for alt in alternatives]
        for alt, stream in zip(alternatives[1:], streams[1:]):
            if stream == streams[0]:
                continue
            n = next((i for i, (x, y) in enumerate(zip(streams[0], stream)) if x != y),
                     min(len(stream), len(streams[0])))
            a = streams[0][n] if n < len(streams[0]) else "-"
            b = stream[n] if n < len(stream) else "-"
            k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            raise AssertionError(
                f"{observer or 'the spectator'} can tell {alternatives[0]} from {alt}: the streams differ at item "
                f"{n} ({len(streams[0])} vs {len(stream)} items), character {k}:\n  A: ...{a[max(0, k - 200):k + 200]}"
                f"\n  B: ...{b[max(0, k - 200):k + 200]}")


# -- the sequence of play's import graph (DESIGN.md: procedures are leaves, no import cycle) -------------------
def module_imports(package_dir, prefix: str, name: str, source: str | None = None) -> set[str]:
    """The modules of a game package that module `name` imports, at module level or inside a function (every
    import node of its syntax tree); `source` replaces the file's text (to test the reader itself)."""
    import ast
    from pathlib import Path
    package_dir = Path(package_dir)
    tree = ast.parse((package_dir / f"{name}.py").read_text() if source is None else source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:          # relative: from . import x / from .x import y
                base = node.module or ""
                mods = [f"{prefix}.{m}" for m in ([base] if base else []) + [f"{base}.{a.name}".lstrip(".")
                                                                            for a in node.names] if m]
            else:
                mods = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        for m in mods:
            if m.startswith(prefix + "."):
                top = m[len(prefix) + 1:].split(".")[0]
                if (package_dir / f"{top}.py").exists() and top != name:
                    found.add(top)
    return found


def import_graph(package_dir, prefix: str) -> dict[str, set[str]]:
    """Module -> the package's modules it imports, for every module but `__init__` (which registers the game)."""
    from pathlib import Path
    return {p.stem: module_imports(package_dir, prefix, p.stem) for p in sorted(Path(package_dir).glob("*.py"))
            if p.stem != "__init__"}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path (a -> b -> ... -> a), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


# -- narration on demand (DESIGN.md; issue 11 item 3) --------------------------------------------------------
def play_checking_narration(game: Game, options: dict, seed: int, consts: frozenset[str],
                            names: frozenset[str] = frozenset(), immutable=None, steps: int = 6000) -> int:
    """One seeded random game that fails if an event's text or an option's label was made during play before
    anyone read it: a text given at once must be one of `consts` (source literals) or, for labels, `names`; an
    event made later keeps only values `immutable(x)` accepts. Every text and label is then read (it must
    work). Returns how many were left to be made when read."""
    import random
    from kaisen.engine.core import Decision, End
    rng = random.Random(seed)
    s = game.new_state(options=options)
    made = 0
    read: dict[int, Any] = {}         # options whose label this check has read (kept options are made once)
    for _ in range(steps):
        p = game.pause(s)
        if isinstance(p, End):
            return made
        if isinstance(p, Decision):
            for o in p.options:
                if o._make is not None:
                    assert o._label is None or read.get(id(o)) is o, f"label of {o.id} made before anyone read it"
                    made += 1
                else:
                    assert o._label is None or o._label in consts or o._label in names, \
                        f"label of {o.id} formatted during play: {o._label!r}"
            a = rng.choice(p.options).id
        else:
            a = tuple(rng.randint(1, k) for k in p.dice)
        s = game.apply(s, a)
        for ev in game.events(s):
            if ev._make is not None:
                assert ev._text is None, f"{ev.kind} event text made before anyone read it"
                if immutable is not None:
                    assert all(immutable(x) for x in ev._args), f"{ev.kind} event keeps changing values: {ev._args!r}"
                made += 1
            else:
                assert ev._text in consts, f"{ev.kind} event text formatted during play: {ev._text!r}"
            assert ev.text       # made now, on reading: it must work
        if isinstance(p, Decision):
            for o in p.options:
                assert o.label
                read[id(o)] = o
    raise AssertionError("the game did not end")
