"""The `kaisen` command: list games, play in the terminal, simulate many games, replay a record."""
from __future__ import annotations

import json
import os
import random
import sys
from datetime import datetime
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kaisen.agents.base import Agent, agent_names, make_agent
from kaisen.engine import jsonio
from kaisen.engine.core import Chance, Decision, End, Event, Game, IllegalAction
from kaisen.engine.data import DataError
from kaisen.engine.dice import ManualDice
from kaisen.engine.match import Match, Step
from kaisen.engine.record import Record, RecordError, replay as replay_record
from kaisen.registry import GAMES, all_games, get_game
from kaisen.terminal.boards import RULE as BOARD_RULE, BoardWatch, draw, wants_compact
from kaisen.terminal.picks import Picks
from kaisen.terminal.recap import Recap, event_line

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="kaisen: WWII Pacific naval wargames with every rule enforced.")

HUMAN = "human"
HELP_TEXT = """At a decision, type:
  a number or an option id   choose that option
  1 4 7, 1-3                 several picks in a row where the rules let you choose several things (ships into a
                             task force, hits); the numbers stay those of the first menu, a gone option is "taken"
  a path, e.g. a tl a d      a whole movement or dodge in one line (FotP): a sl sr tl tr d c ss<0-5> pl pr t db
  board [full|compact]       show the board (the form that suits the terminal; or the one named)
  log [N]                    the last N lines of the narrated log (default 20)
  save FILE                  save the game (a record of every answer); resume with --load FILE
  info NAME                  what your side's view says of a unit, ship or place named NAME (or its id)
  undo [N|all]               take back your last answer (N of them, or all it may): back to the last roll of the
                             dice, the other side's last answer, or your last answer that revealed something
  rule SECTION               the rulebook section (e.g. rule 9.2, rule barrage): what the engine does, where, tests
  help                       this text
  quit                       leave the game (it is kept: `kaisen resume` lists and resumes kept games)
After each of your answers you see what happened since (the other side's moves and the dice as your side may
see them, each roll's reason first), then the menu.
""" + BOARD_RULE


WIPE = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, erase the screen, erase the scrollback."""
PATH_KINDS = ("maneuver", "dodge")
"""Decision kinds whose answer may be typed as a whole path (a game with `check_path`: Fighters of the Pacific)."""
PATH_SHORT = {"a": "advance", "sl": "slide-left", "sr": "slide-right", "tl": "turn-left", "tr": "turn-right",
              "d": "dive", "c": "climb", "pl": "pivot-left", "pr": "pivot-right", "t": "torpedo", "db": "dive-bomb"}


def path_ids(words: list[str]) -> list[str]:
    """The option ids of a typed path: maneuver ids as they are, short forms expanded ("ss3" -> "split-s:3"); a
    closing "end" is left out (the movement is ended after the path anyway)."""
    out = []
    for w in words:
        w = w.lower()
        if w.startswith("ss") and w[2:].lstrip(":").isdigit():
            w = "split-s:" + w[2:].lstrip(":")
        elif w.startswith("lb:"):
            w = "level-bomb:" + w[3:]
        if w.startswith("level-bomb:"):
            w = "level-bomb:" + w.split(":", 1)[1].upper()
        out.append(PATH_SHORT.get(w, w))
    while out and out[-1] in ("end", "e"):
        out.pop()
    return out


def path_plane(decision: Decision) -> Any:
    """The airplane a movement or dodge decision is about (its options' `plane` field)."""
    return next((o.get("plane") for o in decision.options if o.get("plane") is not None), None)


SECRETS_NOTE = "Note: a saved game holds both sides' secrets; do not show the file to your opponent."


def saves_dir() -> Path:
    """Where the terminal keeps unfinished games: $XDG_DATA_HOME/kaisen/saves, else ~/.local/share/kaisen/saves."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kaisen" / "saves"


def autosave_path(game_id: str, seed: int) -> Path:
    return saves_dir() / f"{game_id}-{datetime.now().strftime('%Y%m%d-%H%M%S')}-{seed}.json"


def kept_games() -> list[tuple[Path, Record | None]]:
    """The kept unfinished games, newest first (a file that does not load is listed with None)."""
    out = []
    files = sorted(saves_dir().glob("*.json"), key=lambda f: f.stat().st_mtime, reverse=True) \
        if saves_dir().is_dir() else []
    for f in files:
        try:
            out.append((f, Record.load(f)))
        except RecordError:
            out.append((f, None))
    return out


def rules_rows(game: Game, section: str) -> tuple[list[str], list[str]]:
    """The game's RULES.md rows (rule -> code -> tests) whose rule names `section`, and the interpretations that
    mention it (at most 6)."""
    import importlib
    path = Path(importlib.import_module(type(game).__module__).__file__).parent / "RULES.md"
    if not path.exists():
        return [], []
    want = section.strip().lower()
    rows, notes, in_notes = [], [], False
    for line in path.read_text().splitlines():
        if line.startswith("## "):
            in_notes = "interpretation" in line.lower()
        if line.startswith("|") and not line.startswith("|--") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if cells and cells[0].lower() not in ("rule", "rule (rulebook heading)") and want in cells[0].lower():
                rows.append(" | ".join(cells))
        elif in_notes and want in line.lower() and len(notes) < 6:
            notes.append(line.strip())
    return rows, notes


def view_entries(view: Any, name: str) -> list[dict[str, Any]]:
    """The entries of a side's view (units, ships, places: dicts with an id or a name) called `name`."""
    want = name.strip().lower()
    found: list[dict[str, Any]] = []

    def walk(obj: Any, key: str | None = None) -> None:
        if isinstance(obj, dict):
            labels = [str(obj[k]).lower() for k in ("id", "name") if isinstance(obj.get(k), str)]
            if want in labels or (key is not None and key.lower() == want and isinstance(obj, dict)
                                  and "id" not in obj):
                found.append(obj if "id" in obj or "name" in obj else {"id": key, **obj})
            for k, v in obj.items():
                if k != "position":              # the exact position a perfect-information view carries
                    walk(v, k)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)

    walk(view)
    return found[:5]


def enable_line_editing() -> bool:
    """Line editing and history at the prompts (arrow keys, Ctrl-R) from the standard readline module, when the
    terminal is a real one; True if it is on."""
    if not sys.stdin.isatty():
        return False
    try:
        import readline  # noqa: F401  (importing it is what turns editing on for input())
    except ImportError:                 # a Python built without it: prompts still work, without editing
        return False
    return True


class Quit(Exception):
    """The player left the game."""


class Undone(Exception):
    """The player took back answers: the game stands at an earlier decision."""


def fail(message: str) -> NoReturn:
    """One line on stderr naming what was wrong and what is allowed, then exit status 2."""
    typer.echo(f"kaisen: error: {message}", err=True)
    raise typer.Exit(2)


@contextmanager
def clear_errors() -> Iterator[None]:
    """Turn the engine's refusals into one-line errors instead of tracebacks."""
    try:
        yield
    except IllegalAction as err:
        fail(err.one_line())
    except (RecordError, DataError) as err:
        fail(str(err))


def parse_options(game: Game, items: list[str]) -> dict[str, bool]:
    """`--option name=true|false` (or just `name`, meaning true) into the game's optional rules."""
    out: dict[str, bool] = {}
    for item in items:
        name, _, value = item.partition("=")
        value = value.strip().lower() or "true"
        if value not in ("true", "false", "yes", "no", "on", "off", "1", "0"):
            raise IllegalAction("setup", f"option {name} takes true or false", item, [f"{name}=true", f"{name}=false"])
        out[name.strip()] = value in ("true", "yes", "on", "1")
    game.resolve_options(out)  # unknown names are refused with the list of known ones
    return out


def parse_side_flags(game: Game, extra: list[str]) -> dict[str, str]:
    """The side seats from `--<side> AGENT` flags, e.g. `--japan heuristic --usa human`."""
    seats: dict[str, str] = {}
    allowed_flags = [f"--{s}" for s in game.sides]
    i = 0
    while i < len(extra):
        flag = extra[i]
        if not flag.startswith("--"):
            raise IllegalAction("play", "unexpected argument", flag, allowed_flags)
        name, eq, value = flag[2:].partition("=")
        if name not in game.sides:
            raise IllegalAction("play", f"unknown option for {game.id}", flag,
                                allowed_flags + ["--seed", "--dice", "--load", "--option", "--record", "--quiet"])
        if not eq:
            if i + 1 >= len(extra):
                raise IllegalAction("play", f"{flag} needs an agent name", None, [HUMAN] + agent_names(game.id))
            value = extra[i + 1]
            i += 1
        seats[name] = check_agent(game, name, value)
        i += 1
    return seats


def check_agent(game: Game, side: str, name: str) -> str:
    if name != HUMAN:
        make_agent(game.id, name, side, 0)  # raises, listing the agents there are
    return name


def default_seats(game: Game) -> dict[str, str]:
    """The last side is the human's, the others the computer's best agent."""
    best = "heuristic" if "heuristic" in agent_names(game.id) else "random"
    return {s: (HUMAN if s == game.sides[-1] else best) for s in game.sides}


def seats_from_flags(game: Game, flags: dict[str, str], base: dict[str, str] | None = None) -> dict[str, str]:
    """The seats: `base` (default: `default_seats`) with the `--<side>` flags on top. A flag that seats a human
    gives every side no flag names the computer's best agent, so `--japan human` alone plays Japan against the
    AI rather than seating two humans."""
    seats = dict(base or default_seats(game))
    if HUMAN in flags.values():
        best = "heuristic" if "heuristic" in agent_names(game.id) else "random"
        seats.update({s: best for s in game.sides if s not in flags})
    seats.update(flags)
    return seats


def side_name(side: str | None) -> str:
    return {"usa": "USA", "usn": "USN", "ijn": "IJN", None: "nobody"}.get(side, str(side).replace("-", " ").title())


def undo_refusal(side: str, stop: Step | None) -> str:
    """Why a side has nothing to take back, from the answer that stops undo (Match.undo_point)."""
    if stop is None:
        return "you have not answered yet"
    if stop.side is None:
        return "the dice were rolled after your last answer (no die is rolled again)"
    if stop.side != side:
        return f"{side_name(stop.side)} answered after your last answer"
    return "your last answer revealed something hidden"


class Session:
    """A game at the terminal: humans answer from a menu, agents from their views, dice from the seed
    or from real dice typed in. Each human sees only what their side may know; with two humans a
    hand-over screen stands between their turns."""

    def __init__(self, console: Console, game: Game, match: Match, seats: dict[str, str], seed: int,
                 manual_dice: bool = False, quiet: bool = False):
        self.console = console
        self.game = game
        self.match = match
        self.seats = seats
        self.humans = [s for s in game.sides if seats[s] == HUMAN]
        self.bots: dict[str, Agent] = {s: make_agent(game.id, name, s, seed * 31 + i)
                                       for i, (s, name) in enumerate(seats.items()) if name != HUMAN}
        self.manual_dice = manual_dice
        self.quiet = quiet
        self.seen = {s: len(match.log) for s in game.sides}  # hot-seat: log lines each side has read
        self.at_table: str | None = None     # hot-seat: the side now looking at the screen
        self.recap = Recap(self.humans)      # what each human has not read yet (issue 14)
        self.watch = BoardWatch()            # when each human's board is due again
        self.picks = Picks(game.id)          # stable numbers and picks typed ahead
        self.autosave: Path | None = None    # where the game is kept while a human plays (`kaisen resume`)
        self.path: list[str] = []            # a typed path's maneuvers still to answer
        self.path_of: Any = None             # the airplane that path flies (None: no path under way)

    # -- who sees what ------------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def observer(self) -> str | None:
        """The side whose eyes the screen shows: the one human, or None (all) when only AIs play."""
        return self.humans[0] if len(self.humans) == 1 else None

    def narrate(self, events: list[Event]) -> None:
        for e in events:
            self.lines([event_line(e)])

    def lines(self, lines: list[str]) -> None:
        for line in lines:
            self.console.print(line, highlight=False, markup=False)

    def happened(self, events: list[Event]) -> None:
        """A step's events: kept for each human's recap, or printed at once when only the computer plays."""
        if self.humans:
            self.recap.events(events, len(self.match.record.answers) - 1)
        elif not self.quiet:
            self.narrate(events)

    def rolling(self, chance: Chance) -> None:
        """Before seeded dice are rolled: their reason, as each human's view says it, into the recap."""
        if self.humans:
            self.recap.roll(self.game, self.match.state, chance.reason, chance.rule, len(self.match.record.answers))
        elif not self.quiet:
            self.lines([f"  {'[' + chance.rule + '] ' if chance.rule else ''}roll: {chance.reason}"])

    def catch_up(self, side: str, kind: str) -> None:
        """Before a human's decision: the board when it is due (BOARD_RULE), then the recap of what happened."""
        view = self.game.view(self.match.state, side)
        if self.watch.due(side, view, kind):
            self.console.print(draw(self.game, view, wants_compact(self.console)))
        lines = self.recap.take(side)
        if lines and self.hot_seat:
            self.console.print(f"[bold]{side_name(side)}[/], since your last turn:")
        self.lines(lines)

    def hand_over(self, side: str) -> None:
        """Hot-seat: clear the screen, wait for the other player, then show what they have missed."""
        if self.at_table == side:
            return
        self.wipe()
        self.console.print("\n" * 3 + f"[bold]Hand the keyboard to {side_name(side)}[/] and press Enter.")
        self.read(f"({side_name(side)}) ")
        self.wipe()
        self.at_table = side
        self.seen[side] = len(self.match.log)
        self.watch.forget(side)             # a fresh screen: the board is due again

    def wipe(self) -> None:
        """Hot-seat: clear the screen and the terminal's scrollback, so the next player cannot scroll up
        to the other side's secrets (ESC[3J erases the scrollback in xterm, VTE, kitty, iTerm2, Windows
        Terminal). Piped output is not a screen: a form feed marks the hand-over there."""
        self.console.file.write(WIPE if self.console.is_terminal else "\f")
        self.console.file.flush()

    # -- input ----------------------------------------------------------------------------------
    def read(self, prompt: str) -> str:
        self.console.print(prompt, end="", markup=False, highlight=False)
        try:
            return input().strip()
        except EOFError:
            self.console.print()
            raise Quit("input ended") from None
        except KeyboardInterrupt:
            self.console.print()
            raise Quit("interrupted") from None

    def board(self, side: str | None, form: str = "") -> None:
        """`board`: the form that suits the terminal (compact below 100x35); `board full`, `board compact`."""
        if form not in ("", "full", "compact"):
            self.console.print(f"board takes nothing, full or compact; given {form!r}", markup=False)
            return
        compact = wants_compact(self.console) if not form else form == "compact"
        view = self.game.view(self.match.state, side)
        self.console.print(draw(self.game, view, compact))
        self.watch.shown(side, view)

    def show_log(self, side: str | None, arg: str) -> None:
        n = int(arg) if arg.isdigit() else 20
        lines = [e for e in self.match.log if e.visible_to(side)]
        self.narrate(lines[-n:])

    def keep(self) -> None:
        """Autosave: the record as it stands, to the kept-games folder (a failure is said once, play goes on)."""
        if self.autosave is None:
            return
        try:
            self.autosave.parent.mkdir(parents=True, exist_ok=True)
            self.match.record.save(self.autosave)
        except OSError as err:
            self.console.print(f"Could not keep the game in {self.autosave}: {err.strerror}; it is not autosaved.")
            self.autosave = None

    def rule(self, section: str) -> None:
        if not section:
            self.console.print("rule needs a section: rule 9.2 (or a heading word, e.g. rule barrage)")
            return
        rows, notes = rules_rows(self.game, section)
        if not rows and not notes:
            self.console.print(f"No rule {section!r} in {self.game.title}'s RULES.md.", markup=False)
            return
        for row in rows:
            self.console.print(f"  {row}", markup=False, highlight=False)
        for note in notes:
            self.console.print(f"  interpretation: {note}", markup=False, highlight=False)

    def info(self, side: str | None, name: str) -> None:
        """What this side's view says of something (fog of war holds: only the view is read)."""
        if not name:
            self.console.print("info needs a name or an id: info Hornet")
            return
        viewer = self.at_table if self.hot_seat else side
        found = view_entries(self.game.view(self.match.state, viewer), name)
        if not found:
            self.console.print(f"Nothing called {name!r} in what your side sees.", markup=False)
            return
        for entry in found:
            facts = ", ".join(f"{k}: {v}" for k, v in entry.items()
                              if isinstance(v, (str, int, float, bool)) or (isinstance(v, list) and len(v) <= 8
                                                                            and all(isinstance(x, (str, int)) for x in v)))
            self.console.print(f"  {facts}", markup=False, highlight=False)

    def undo(self, side: str | None, arg: str) -> None:
        """Take back own answers (Match.undo); raises Undone so the loop asks again from where the game now is."""
        if side is None:
            self.console.print("Nothing to undo: no side of yours is deciding.")
            return
        if arg not in ("", "all") and not arg.isdigit():
            self.console.print(f"undo takes a number of answers or all; given {arg!r}", markup=False)
            return
        count = None if arg == "all" else int(arg or 1)
        point, stop = self.match.undo_point(side)
        if point == len(self.match.record.answers) or count == 0:
            mine = any(h.side == side for h in self.match.history)
            self.console.print(f"Cannot undo: {undo_refusal(side, stop if mine else None)}.", markup=False,
                               highlight=False)
            return
        taken = self.match.undo(side, count)
        self.recap.drop_from(len(self.match.record.answers))
        self.path, self.path_of = [], None
        self.picks.reset()
        names = "; ".join(p.option(a).label if isinstance(p, Decision) else str(a) for p, a in taken)
        self.console.print(f"Taken back ({len(taken)}): {names}", markup=False, highlight=False)
        self.keep()
        raise Undone()

    def save(self, path: str) -> None:
        if not path:
            self.console.print("save needs a file name: save FILE")
            return
        target = Path(path).expanduser()
        if target.exists():
            answer = self.read(f"{target} exists. Overwrite it? [y/N] ").lower()
            if answer not in ("y", "yes"):
                self.console.print("Not saved; the game goes on.")
                return
        try:
            self.match.record.save(target)
        except OSError as err:
            self.console.print(f"Could not save to {path}: {err.strerror}; the game goes on unsaved.")
            return
        self.console.print(f"Saved to {path} ({len(self.match.record.answers)} answers). "
                           f"Resume with: kaisen play {self.game.id} --load {path}")
        self.console.print(SECRETS_NOTE, markup=False, highlight=False)

    def command(self, side: str | None, text: str) -> bool:
        """Handle a table command; True if it was one."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit"):
            where = ("it is kept, and `kaisen resume` brings it back" if self.autosave is not None
                     else "it is not saved unless you `save FILE` first")
            if self.read(f"Leave the game? ({where}) [y/N] ").lower() in ("y", "yes"):
                raise Quit("quit")
            self.console.print("The game goes on.")
            return True
        if word == "help" or word == "?":
            self.console.print(HELP_TEXT, markup=False)
        elif word == "board":
            self.board(side, rest.strip().lower())
        elif word == "log":
            self.show_log(side, rest.strip())
        elif word == "save":
            self.save(rest.strip())
        elif word == "rule":
            self.rule(rest.strip())
        elif word == "info":
            self.info(side, rest.strip())
        elif word == "undo":
            self.undo(side, rest.strip().lower())
        else:
            return False
        return True

    def menu(self, decision: Decision) -> None:
        """The prompt and the numbered options; in a run of multi-pick decisions the numbers of its first menu,
        an option no longer offered shown as taken."""
        self.console.print(f"[bold]{side_name(decision.side)}[/]: {decision.prompt}"
                           + (f"  (rule {decision.rule})" if decision.rule else ""), highlight=False)
        rows = self.picks.number(decision)
        for n, oid, offered in rows:
            if offered:
                label = decision.option(oid).label
                self.console.print(f"  {n:>2}. {escape(label)}  [dim]\\[{escape(oid)}][/]", highlight=False)
            else:
                self.console.print(f"  [dim]{n:>2}. (taken) {escape(self.picks.label(oid))}[/]", highlight=False)
        if decision.kind in self.picks.multi and sum(1 for r in rows if r[2]) > 1:
            self.console.print("  [dim]several at once: e.g. 1 4 7 or 1-3[/]", highlight=False)

    def from_path(self, decision: Decision) -> str | None:
        """The next answer of a path typed earlier, while the decisions are that airplane's movement; when the
        path is used up and the movement still waits, "end". None (and the path dropped) otherwise."""
        if self.path_of is None:
            return None
        if decision.kind in PATH_KINDS and path_plane(decision) == self.path_of:
            ids = decision.ids()
            if self.path and self.path[0] in ids:
                return self.path.pop(0)
            if not self.path and "end" in ids:
                self.path_of = None
                return "end"
        if self.path:
            self.console.print(f"The rest of the path ({' '.join(self.path)}) is not on offer now: choose.",
                               markup=False, highlight=False)
        self.path, self.path_of = [], None
        return None

    def take_path(self, decision: Decision, text: str) -> str | None:
        """A whole path typed at a movement or dodge: checked by the game's rules of flight; if legal, its first
        maneuver is the answer and the rest are queued. None (with the reason printed) if it is refused."""
        ids = path_ids(text.split())
        check = getattr(self.game, "check_path", None)
        why = check(self.match.state, ids) if ids else "the path is empty"
        if why is None and ids[0] not in decision.ids():
            why = f"{ids[0]} is not offered now"
        if why is not None:
            self.console.print(f"Path refused: {why}. Nothing was moved; type the path again, or one option.",
                               markup=False, highlight=False)
            return None
        self.path, self.path_of = ids[1:], path_plane(decision)
        return ids[0]

    def ask_human(self, decision: Decision) -> str:
        self.keep()
        side = decision.side
        queued = self.from_path(decision)
        if queued is not None:
            self.console.print(f"{side_name(side)}> {queued}  (path)", style="dim", markup=False, highlight=False)
            return queued
        picked = self.picks.next_queued(decision)
        if picked is not None:
            self.lines(self.recap.take(side))
            self.console.print(f"{side_name(side)}> {self.picks.ids.index(picked) + 1}  (picked: "
                               f"{self.picks.label(picked)})", style="dim", markup=False, highlight=False)
            return picked
        if self.hot_seat:
            self.hand_over(side)
        self.catch_up(side, decision.kind)
        if self.picks.note:
            self.console.print(self.picks.note, markup=False, highlight=False)
            self.picks.note = ""
        self.menu(decision)
        while True:
            text = self.read(f"{side_name(side)}> ")
            if not text:
                continue
            if self.command(side, text):
                if text.split()[0].lower() in ("board", "help"):
                    self.menu(decision)
                continue
            ids, refused = self.picks.chosen(decision, text)
            if ids:
                self.picks.queue = ids[1:]
                return ids[0]
            if refused:
                self.console.print(f"Not accepted: {refused}. Nothing was chosen.", markup=False, highlight=False)
                continue
            if text in decision.ids():
                return text
            if (decision.kind in PATH_KINDS and len(text.split()) > 1
                    and getattr(self.game, "check_path", None) is not None):
                first = self.take_path(decision, text)
                if first is not None:
                    return first
                continue
            why = ""
            if not text.isdigit():    # the engine says why (the rule that forbids it), from this side's knowledge
                try:
                    self.game.apply(self.match.state, text)
                except IllegalAction as err:
                    why = f" (rule {err.rule}: {err.reason})"
                else:
                    return text
            self.console.print(f"Not an option: {text!r}{why}. Type a number 1..{len(self.picks.ids)}, "
                               f"an option id, or help.", markup=False, highlight=False)

    def ask_dice(self, chance: Chance) -> tuple[int, ...]:
        """Real dice: the reason as the viewer may see it, then the faces (re-asked until valid)."""
        viewer = self.at_table if self.hot_seat else self.observer
        if viewer is not None:
            self.lines(self.recap.take(viewer))
        reason = self.game.view(self.match.state, viewer)["pending"].get("reason", chance.reason) \
            if viewer is not None else chance.reason
        kinds = sorted(set(chance.dice))
        dice = f"{len(chance.dice)}d{kinds[0]}" if len(kinds) == 1 else " ".join(f"d{d}" for d in chance.dice)
        wanted = f"type {len(chance.dice)} face(s), each 1..{max(chance.dice)}, separated by spaces"
        self.console.print(f"Roll {dice}: {reason}", markup=False, highlight=False)
        while True:
            text = self.read("faces> ")
            if self.command(viewer, text):
                continue
            try:
                return ManualDice.parse(chance, text)
            except IllegalAction as err:
                why = err.reason.rsplit(": ", 1)[-1]
                self.console.print(f"Not accepted ({why}; given {text!r}): {wanted}", markup=False,
                                   highlight=False)

    # -- the loop -------------------------------------------------------------------------------
    def run(self) -> End | None:
        """Play until the end (returned) or until a human quits (None)."""
        m = self.match
        if self.humans:
            enable_line_editing()
        try:
            while True:
                pause = m.pause()
                if isinstance(pause, End):
                    break
                if self.picks.key is not None and not (isinstance(pause, Decision) and pause.side in self.humans
                                                       and (pause.side, pause.kind) == self.picks.key):
                    self.picks.reset("something else happened first")
                if isinstance(pause, Chance):
                    if self.manual_dice:
                        try:
                            faces = self.ask_dice(pause)
                        except Undone:
                            continue
                        self.happened(m.answer(faces, pause))
                    else:
                        self.rolling(pause)
                        self.happened(m.roll())
                    continue
                elif pause.side in self.bots:
                    view = self.game.view(m.state, pause.side)
                    choice = self.bots[pause.side].choose(view, pause)
                    if not self.humans and not self.quiet:
                        self.console.print(f"{side_name(pause.side)}: {pause.option(choice).label}",
                                           style="dim", highlight=False)
                    self.happened(m.answer(choice))
                else:
                    try:
                        answer = self.ask_human(pause)
                    except Undone:
                        continue
                    self.happened(m.answer(answer, pause))
        except Quit as why:
            self.keep()
            self.console.print(f"Game left unfinished ({why}) after {len(m.record.answers)} answers.")
            if self.autosave is not None:
                self.console.print(f"It is kept in {self.autosave}: `kaisen resume` lists and resumes it.")
            return None
        if self.autosave is not None:                 # over: nothing left to resume
            self.autosave.unlink(missing_ok=True)
        end = m.pause()
        assert isinstance(end, End)
        if self.hot_seat:
            self.wipe()
        if not self.quiet:                  # --quiet: only the result line
            self.console.print()
            self.console.print(draw(self.game, self.game.view(m.state, None), wants_compact(self.console)))
            if self.hot_seat:
                self.narrate([e for e in m.log[min(self.seen.values()):] if e.private_to is None])
            elif self.observer is not None:
                self.lines(self.recap.take(self.observer))
        return end


def result_line(end: End) -> str:
    who = f"winner {side_name(end.winner)}" if end.winner else "Draw"
    return f"Result: {who} (score {end.score}). {end.summary}"


@app.command()
def games() -> None:
    """List the games: sides, scenarios, optional rules and agents."""
    console = Console(highlight=False, soft_wrap=True)
    with clear_errors():
        for game in all_games():
            table = Table(title=f"{game.title} ({game.id})", show_header=False, title_justify="left")
            table.add_column(style="bold")
            table.add_column()
            table.add_row("sides", ", ".join(f"--{s}" for s in game.sides))
            table.add_row("scenarios", "\n".join(f"{s.id}: {s.title}" for s in game.scenarios))
            table.add_row("options", "\n".join(f"{o.id}: {o.description}" for o in game.options) or "-")
            table.add_row("agents", ", ".join([HUMAN] + agent_names(game.id)))
            console.print(table)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play(ctx: typer.Context,
         game_id: str = typer.Argument(..., metavar="GAME", help="e.g. pacific-fury (see `kaisen games`)"),
         seed: Optional[int] = typer.Option(None, help="dice and AI seed (default: a random one, printed)"),
         dice: str = typer.Option("seeded", help="seeded, or manual to type the faces of real dice"),
         load: Optional[Path] = typer.Option(None, help="resume a saved game (a kaisen record)"),
         scenario: Optional[str] = typer.Option(None, help="scenario id (default: the game's first)"),
         option: list[str] = typer.Option([], help="optional rule, e.g. tokyo-express-combat=true"),
         record: Optional[Path] = typer.Option(None, help="save the record here when the game ends or you quit"),
         quiet: bool = typer.Option(False, help="print only the result (AI against AI)")) -> None:
    """Play a game in the terminal; seat each side with --<side> human|random|heuristic."""
    console = Console(highlight=False, soft_wrap=True)
    with clear_errors():
        game = get_game(game_id)
        seats = seats_from_flags(game, parse_side_flags(game, list(ctx.args)))
        if dice not in ("seeded", "manual"):
            raise IllegalAction("play", "unknown dice source", dice, ["seeded", "manual"])
        if load is not None:
            if scenario is not None or option:
                raise IllegalAction("play", "a loaded game keeps its own scenario and options",
                                    f"--load with {'--scenario' if scenario else '--option'}", "--load FILE alone")
            saved = Record.load(load, expect_game=game.id)
            flags = parse_side_flags(game, list(ctx.args))
            seats = seats_from_flags(game, flags, {**default_seats(game),
                                                   **{s: a for s, a in saved.agents.items() if s in game.sides}})
            for s, a in seats.items():
                check_agent(game, s, a)
            seed = saved.seed if seed is None and saved.seed is not None else (seed or 0)
            match = Match.from_record(game, saved)
            match.record.agents = dict(seats)
            console.print(f"Loaded {load}: {len(saved.answers)} answers replayed.")
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(1_000_000)
            match = Match(game, scenario, parse_options(game, option), seed=seed, agents=seats)
        console.print(f"{game.title}: " + ", ".join(f"{side_name(s)} {a}" for s, a in seats.items())
                      + f"; seed {seed}" + ("; manual dice" if dice == "manual" else ""))
        session = Session(console, game, match, seats, seed, manual_dice=dice == "manual", quiet=quiet)
        if session.humans:
            session.autosave = autosave_path(game.id, seed)
        end = session.run()
        if record is not None:
            match.record.save(record)
            console.print(f"Record saved to {record}")
        if end is not None:
            console.print(result_line(end), highlight=False, markup=False)


@app.command()
def resume(number: Optional[int] = typer.Argument(None, help="the game's number in the list (default: list them)"),
           latest: bool = typer.Option(False, help="resume the most recently played game"),
           dice: str = typer.Option("seeded", help="seeded, or manual to type the faces of real dice")) -> None:
    """List the unfinished games the terminal kept (every game a person plays is kept), or resume one."""
    console = Console(highlight=False, soft_wrap=True)
    kept = kept_games()
    with clear_errors():
        if not kept:
            console.print(f"No kept games in {saves_dir()}. Start one with: kaisen play GAME")
            return
        if number is None and not latest:
            table = Table(title=f"Kept games ({saves_dir()})")
            for col in ("#", "game", "scenario", "seats", "answers", "last played"):
                table.add_column(col)
            for i, (f, rec) in enumerate(kept, 1):
                when = datetime.fromtimestamp(f.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
                if rec is None:
                    table.add_row(str(i), f.name, "(cannot be read)", "", "", when)
                    continue
                seats = ", ".join(f"{side_name(s)} {a}" for s, a in rec.agents.items())
                table.add_row(str(i), rec.game, rec.scenario or "-", seats, str(len(rec.answers)), when)
            console.print(table)
            console.print("Resume one with: kaisen resume N   (or kaisen resume --latest)")
            return
        n = 1 if number is None else number
        if not 1 <= n <= len(kept):
            raise IllegalAction("resume", "no kept game with that number", n, f"1..{len(kept)}")
        path, rec = kept[n - 1]
        if rec is None:
            raise RecordError(f"{path} cannot be read; it is left where it is")
        if dice not in ("seeded", "manual"):
            raise IllegalAction("resume", "unknown dice source", dice, ["seeded", "manual"])
        game = get_game(rec.game)
        seats = {**default_seats(game), **{s: a for s, a in rec.agents.items() if s in game.sides}}
        for s, a in seats.items():
            check_agent(game, s, a)
        seed = rec.seed or 0
        match = Match.from_record(game, rec)
        match.record.agents = dict(seats)
        console.print(f"Resumed {path.name}: {game.title}, {len(rec.answers)} answers replayed.")
        session = Session(console, game, match, seats, seed, manual_dice=dice == "manual")
        session.autosave = path
        end = session.run()
        if end is not None:
            console.print(result_line(end), highlight=False, markup=False)


@app.command()
def simulate(game_id: str = typer.Argument(..., metavar="GAME"),
             games_: int = typer.Option(100, "--games", help="how many games"),
             agents: str = typer.Option("random,random", help="one agent per side in side order, e.g. heuristic,random"),
             seed: int = typer.Option(0, help="game i uses seed + i"),
             scenario: Optional[str] = typer.Option(None),
             option: list[str] = typer.Option([], help="optional rule, e.g. tokyo-express-combat=true"),
             as_json: bool = typer.Option(False, "--json", help="print one JSON object (see README)")) -> None:
    """Play many seeded games between agents: win and draw rates with 95% intervals."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from kaisen.analysis.simulate import parse_agents, simulate as run_games
    with clear_errors():
        game = get_game(game_id)
        seats = parse_agents(game, [a.strip() for a in agents.split(",")])
        opts = parse_options(game, option)
        game.scenario(scenario)
        if games_ < 1:
            raise IllegalAction("simulate", "the number of games must be at least 1", games_, ">= 1")
        err_console = Console(stderr=True)
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err_console, transient=True) as bar:
            task = bar.add_task("games", total=games_)
            summary = run_games(game, games_, seats, seed, scenario, opts,
                                progress=lambda done: bar.update(task, completed=done))
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
        return
    console = Console(highlight=False, soft_wrap=True)
    table = Table(title=f"{game.title}: {games_} games, seeds {seed}..{seed + games_ - 1}")
    for col in ("side", "agent", "wins", "rate", "95% interval"):
        table.add_column(col)
    for s in game.sides:
        lo, hi = summary["win_rate_ci95"][s]
        table.add_row(side_name(s), seats[s], str(summary["wins"][s]), f"{summary['win_rate'][s]:.1%}",
                      f"{lo:.1%} - {hi:.1%}")
    lo, hi = summary["draw_rate_ci95"]
    table.add_row("draw", "", str(summary["draws"]), f"{summary['draw_rate']:.1%}", f"{lo:.1%} - {hi:.1%}")
    console.print(table)
    console.print(f"mean turns {summary['mean_turns']:.2f}, decisions {summary['mean_decisions']:.1f}, "
                  f"engine steps {summary['mean_steps']:.1f} per game; {summary['seconds']} s")


@app.command()
def replay(file: Path = typer.Argument(..., help="a saved kaisen record"),
           side: Optional[str] = typer.Option(None, help="show only what this side saw (default: everything)"),
           upto: Optional[int] = typer.Option(None, help="replay only the first N answers"),
           as_json: bool = typer.Option(False, "--json", help="print the record, final state and result as JSON")) -> None:
    """Replay a saved game: the narrated log and the result (or, with --json, the final state)."""
    with clear_errors():
        rec = Record.load(file)
        if rec.game not in GAMES:
            raise RecordError(f"this record is a {rec.game!r} game, which kaisen does not know; "
                              f"known: {sorted(GAMES)}")
        game = get_game(rec.game)
        if side is not None and side not in game.sides:
            raise IllegalAction("replay", f"unknown side for {game.id}", side, list(game.sides))
        if upto is not None and not 0 <= upto <= len(rec.answers):
            raise IllegalAction("replay", "--upto is past the record", upto, f"0..{len(rec.answers)}")
        state, events = replay_record(game, rec, upto=upto, collect_events=True)
    pause = game.pause(state)
    result = ({"winner": pause.winner, "score": pause.score, "summary": pause.summary}
              if isinstance(pause, End) else None)
    if as_json:
        sys.stdout.write(jsonio.encode({"record": rec.to_dict(), "final_state": game.to_json(state),
                                       "result": result}) + "\n")
        return
    console = Console(highlight=False, soft_wrap=True)
    for e in events:
        if e.visible_to(side):
            console.print(f"[{e.rule}] {e.text}" if e.rule else e.text, markup=False)
    if isinstance(pause, End):
        console.print(result_line(pause), markup=False)
    else:
        console.print(f"Unfinished after {len(rec.answers) if upto is None else upto} answers; "
                      f"next: {getattr(pause, 'prompt', None) or getattr(pause, 'reason', '')}", markup=False)


@app.command()
def verify(file: Path = typer.Argument(..., help="a finished game's record (downloaded from kaisen serve)")) -> None:
    """Check a server game's dice: the revealed secret matches the commitment published at the start, and every
    roll the server made is the one the secret gives (scheme kaisen-dice-v1; see the README). Exit status 0 only
    when every roll is verified."""
    from kaisen.engine.record import verify_dice
    with clear_errors():
        rec = Record.load(file)
        if rec.game not in GAMES:
            raise RecordError(f"this record is a {rec.game!r} game, which kaisen does not know; known: {sorted(GAMES)}")
        verdict = verify_dice(get_game(rec.game), rec)
    if verdict.ok:
        typer.echo(f"{verdict.message} (commitment {rec.dice.commitment})")
        return
    typer.echo(f"kaisen: verify: {verdict.message}", err=True)
    raise typer.Exit(1)


@app.command()
def serve(host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0: every interface)"),
          port: int = typer.Option(8000, help="TCP port"),
          db: Optional[Path] = typer.Option(None, help="SQLite file of the games (default: "
                                            "$XDG_DATA_HOME/kaisen/games.sqlite3 or ~/.local/share/kaisen/...)")) -> None:
    """Serve games over HTTP: private seat links, AI seats on the server, games kept in SQLite."""
    import uvicorn

    from kaisen.server.app import create_app
    from kaisen.server.store import default_db_path
    path = db if db is not None else default_db_path()
    try:
        application = create_app(path)
    except Exception as err:   # an unreadable or locked database: one line, not a traceback
        fail(f"cannot open the game database {path}: {err}")
    typer.echo(f"kaisen: serving on http://{host}:{port} (games in {path})", err=True)
    uvicorn.run(application, host=host, port=port, log_level="warning")


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:          # Ctrl-C while the computer plays: one line, not a traceback
        typer.echo("kaisen: interrupted", err=True)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
