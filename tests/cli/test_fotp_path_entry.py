"""Whole-path movement entry at the terminal (issue 13 item 4): at a Fighters of the Pacific movement a person
may type the airplane's whole path in one line; it is checked against the rules of flight first, refused with
the rule and nothing moved, or flown without asking again. Step-by-step numbers and ids keep working."""
from __future__ import annotations

import builtins
import io

from rich.console import Console
from typer.testing import CliRunner

from kaisen.cli import Session, app, path_ids
from kaisen.engine.core import Decision
from kaisen.engine.match import Match
from kaisen.registry import get_game

GAME = get_game("fighters-of-the-pacific")
SHORT = {"advance": "a", "slide-left": "sl", "slide-right": "sr", "turn-left": "tl", "turn-right": "tr",
         "dive": "d", "climb": "c"}
PREFER = ("turn-left", "advance", "slide-left", "dive", "climb")      # a path with a turn in it, where there is one


def plane_of(p: Decision):
    return next(o.get("plane") for o in p.options if o.get("plane"))


def legal_path(state, plane: str, path=(), depth: int = 8):
    """A whole movement of at least two maneuvers the engine flies for `plane` (searched through the engine's own
    options), as option ids; None if there is none from here."""
    p = GAME.pause(state)
    if not isinstance(p, Decision) or p.kind != "maneuver" or plane_of(p) != plane:
        return list(path) if len(path) >= 2 else None
    if "end" in p.ids() and len(path) >= 2:
        return list(path)
    if depth == 0:
        return None
    for o in sorted(p.options, key=lambda o: PREFER.index(o.id) if o.id in PREFER else len(PREFER)):
        if o.get("verb") == "maneuver" and not o.get("off_board") and o.id in SHORT:
            got = legal_path(GAME.apply(state, o.id), plane, path + (o.id,), depth - 1)
            if got:
                return got
    return None


class Script:
    """Stdin for a Session: the human (USA) activates the first group offered and picks its first airplane;
    at its movement it types `before` (lines refused or not), then the whole path; after that it quits."""

    def __init__(self, match: Match, before=()):
        self.match = match
        self.before = list(before)
        self.asked_at_move: list[str] = []      # the prompts of the maneuver decisions that asked the human
        self.path: list[str] | None = None
        self.plane = None
        self.answers_before_path = None
        self.after: tuple | None = None          # (record answers, the plane's position) once the path is flown
        self.quitting = False

    def quit(self) -> str:
        self.quitting = True
        return "quit"

    def __call__(self, *args) -> str:
        if self.quitting:
            return "y"                                               # yes, leave the game (it is kept)
        p = self.match.pause()
        if isinstance(p, Decision) and p.kind == "maneuver" and self.after is None and (
                self.plane is None or plane_of(p) == self.plane):
            self.asked_at_move.append(p.prompt)
            self.plane = plane_of(p)
            if self.before:
                return self.before.pop(0)
            if self.path is None:
                self.path = legal_path(self.match.state, self.plane)
                assert self.path, "no two-maneuver movement from here"
                self.answers_before_path = len(self.match.record.answers)
                return " ".join(SHORT[x] for x in self.path)
            return self.quit()                                            # asked again: the path was not flown
        if self.path is not None and self.after is None:
            pl = self.match.state.planes.get(self.plane)
            self.after = (list(self.match.record.answers[self.answers_before_path:]), pl)
            return self.quit()
        if isinstance(p, Decision) and p.kind in ("activate", "pick-airplane"):
            return next(o.id for o in p.options if o.id != "pass")
        return self.quit()


def session(before=(), seed: int = 3):
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    match = Match(GAME, "fighter-sweep", seed=seed)
    s = Session(console, GAME, match, {"japan": "random", "usa": "human"}, seed=seed)
    return s, match, out


def expected_end(state, path):
    """The airplane's token after flying `path` (and "end" where the movement still waits) from `state`."""
    plane = plane_of(GAME.pause(state))
    for x in path:
        state = GAME.apply(state, x)
    p = GAME.pause(state)
    if isinstance(p, Decision) and p.kind == "maneuver" and plane_of(p) == plane and "end" in p.ids():
        state = GAME.apply(state, "end")
    return state.planes.get(plane)


def test_short_forms_and_ids_read_as_maneuver_ids():
    assert path_ids("a sl sr tl tr d c ss3 pl".split()) == [
        "advance", "slide-left", "slide-right", "turn-left", "turn-right", "dive", "climb", "split-s:3", "pivot-left"]
    assert path_ids(["advance", "Turn-Left", "t", "db", "level-bomb:c7", "end"]) == [
        "advance", "turn-left", "torpedo", "dive-bomb", "level-bomb:C7"]


def test_a_legal_path_is_flown_from_one_line(monkeypatch):
    s, match, out = session()
    script = Script(match)
    monkeypatch.setattr(builtins, "input", script)
    state_at_move = []
    real = s.take_path

    def spy(decision, text):
        state_at_move.append(match.state)
        return real(decision, text)

    monkeypatch.setattr(s, "take_path", spy)
    s.run()
    assert script.path and script.after is not None, out.getvalue()
    flown, token = script.after
    # the human was asked once for the whole movement; every maneuver of the path was answered, then the end
    assert len(script.asked_at_move) == 1, script.asked_at_move
    assert flown[:len(script.path)] == script.path
    assert flown[len(script.path):] in ([], ["end"])
    assert token == expected_end(state_at_move[0], script.path)
    assert "(path)" in out.getvalue()


def test_an_illegal_path_is_refused_with_the_rule_and_nothing_moves(monkeypatch):
    s, match, out = session()
    script = Script(match, before=["tl tr", "a a a a a a a a a", "1"])
    monkeypatch.setattr(builtins, "input", script)
    s.run()
    text = out.getvalue()
    assert "rule of flight 2" in text                              # left then right
    assert "rule of flight 1" in text                              # more MP than the airplane has
    assert text.count("Path refused") == 2
    # the two refusals left the decision where it was (the same prompt asked again, nothing answered); the
    # single id typed after them was taken step by step, and the path typed at the next step flew the rest
    assert script.asked_at_move[0] == script.asked_at_move[1] == script.asked_at_move[2]
    assert script.asked_at_move[3] != script.asked_at_move[0]
    flown, _ = script.after
    assert flown[:len(script.path)] == script.path


def test_other_games_read_several_words_as_before(monkeypatch):
    game = get_game("pacific-fury")
    out = io.StringIO()
    match = Match(game, seed=4)
    s = Session(Console(file=out, width=120), game, match, {"japan": "human", "usa": "random"}, seed=4)
    feed = iter(["a tl d", "quit", "y"])
    monkeypatch.setattr(builtins, "input", lambda *a: next(feed))
    s.run()
    assert "Not an option: 'a tl d'" in out.getvalue()
    assert "Path refused" not in out.getvalue()


def test_the_play_command_takes_a_path_from_stdin():
    """`kaisen play` end to end: the same seeded game replayed here tells which lines to type."""
    seed = 3
    match = Match(GAME, "fighter-sweep", seed=seed)
    from kaisen.agents.base import make_agent
    ai = make_agent(GAME.id, "random", "japan", seed * 31 + 0)
    lines = []
    while True:
        p = match.pause()
        if p.side == "japan":
            match.answer(ai.choose(GAME.view(match.state, "japan"), p))
            continue
        if p.kind == "maneuver":
            path = legal_path(match.state, plane_of(p))
            lines += ["tl tr", " ".join(SHORT[x] for x in path), "quit"]
            break
        choice = next(o.id for o in p.options if o.id != "pass")
        lines.append(choice)
        match.answer(choice)
    res = CliRunner().invoke(app, ["play", "fighters-of-the-pacific", "--scenario", "fighter-sweep", "--japan",
                                   "random", "--seed", str(seed)], input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    assert "Path refused: maneuver 2 (turn-right): rule of flight 2" in res.output
    assert res.output.count("(path)") >= len(path) - 1
    assert "flies " + ", ".join(path) in res.output


def test_a_dodge_typed_as_a_path(monkeypatch):
    """A dodge is one hex with an optional Dive: "a a" is refused, "a d" is flown and ended in one line."""
    from tests.fighters_of_the_pacific.helpers import S, back, fly, pl, situation
    wildcat, zero, dodger = "usa-wildcat-1", "japan-zero-1", "usa-wildcat-2"
    # the Wildcat flies 4 hexes south to H5 and shoots the Zero at H7; the Zero dodges to H8 and shoots the
    # other Wildcat at H10, which must dodge now
    st = situation("strike-escort", [pl(wildcat, back("H5", S, 4), S), pl(zero, "H7", S), pl(dodger, "H10", S)],
                   side="usa")
    st = fly(st, wildcat, ["advance"] * 4)
    st = GAME.apply(st, f"shoot:{zero}")
    st = GAME.apply(GAME.apply(st, "advance"), "end")
    st = GAME.apply(st, f"shoot:{dodger}")
    p = GAME.pause(st)
    assert p.kind == "dodge" and p.side == "usa" and plane_of(p) == dodger
    out = io.StringIO()
    match = Match(GAME, "strike-escort", seed=1)
    match.state = st
    s = Session(Console(file=out, width=120, highlight=False), GAME, match, {"japan": "random", "usa": "human"},
                seed=1)
    asked = []

    def feed(*args):
        q = match.pause()
        asked.append(q.kind if isinstance(q, Decision) else None)
        return {1: "a a", 2: "a d", 3: "quit"}.get(len(asked), "y")

    monkeypatch.setattr(builtins, "input", feed)
    s.run()
    text = out.getvalue()
    assert "Path refused: maneuver 2 (advance): a dodge is a single hex" in text
    assert asked[:2] == ["dodge", "dodge"]
    assert match.record.answers[:2] == ["advance", "dive"]
    assert "(path)" in text
    assert "dodge" not in asked[2:]                                 # the dodge was over after the one line
