"""A game at the terminal (issue 14): humans answer from numbered menus after a recap of what happened, agents
from their views, dice from the seed or typed in; the board when it is due, undo, several picks, hot-seat."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from kaisen.agents.base import Agent, make_agent, recall_decisions
from kaisen.engine.record import replay
from kaisen.engine.core import Chance, Decision, End, Event, Game, IllegalAction
from kaisen.engine.dice import ManualDice
from kaisen.engine.match import Match, Step
from kaisen.terminal.boards import RULE as BOARD_RULE, BoardWatch, draw, wants_compact
from kaisen.terminal.lookup import rules_rows, view_entries
from kaisen.terminal.paths import PATH_KINDS, path_ids, path_plane
from kaisen.terminal.picks import Picks
from kaisen.terminal.recap import Recap, event_line
from kaisen.terminal.wrap import IDS_FROM, fold, log_lines, option_text

HUMAN = "human"
HELP_TEXT = """At a decision, type:
  a number or an option id   choose that option (the id is in [brackets] at the end of the option's last line,
                             on a terminal of 100 columns or more; any case will do); long lines wrap at words
  1 4 7, 1-3                 several picks in a row where the rules let you choose several things (ships into a
                             task force, hits); the numbers stay those of the first menu, a gone option is "taken"
  a path, e.g. a tl a d      a whole movement or dodge in one line (FotP): a sl sr tl tr d c ss<0-5> pl pr t db
  board [full|compact]       show the board (the form that suits the terminal; or the one named)
  log [N|all]                the last N lines of the narrated log (default 20), or all of it
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

RECAP_LEAST = 8
"""However long the menu, a terminal shows at least this many recap lines above it."""
SECRETS_NOTE = "Note: a saved game holds both sides' secrets; do not show the file to your opponent."


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


def shown_id(option_id: str, width: int | None) -> str | None:
    """An option's id as its menu line shows it: below IDS_FROM columns, not at all (the number does)."""
    return option_id if width is None or width + 1 >= IDS_FROM else None


class Quit(Exception):
    """The player left the game."""


class Undone(Exception):
    """The player took back answers: the game stands at an earlier decision."""


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
        if self.bots and match.record.answers:      # a loaded game: each AI seat recalls its side's decisions
            replay(game, match.record, watch=recall_decisions(game, self.bots))
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

    def width(self) -> int | None:
        """The columns to wrap at: the terminal's width; None (no wrapping) when output goes to a file or pipe."""
        return self.console.width - 1 if self.console.is_terminal else None

    def lines(self, lines: list[str]) -> None:
        """Log and recap lines, each wrapped at words under its rule tag."""
        width = self.width()
        for line in lines:
            for part in log_lines(line, width):
                self.console.print(part, highlight=False, markup=False)

    def unsaid(self, events: list[Event]) -> list[Event]:
        """The events, less one that only repeats the game's result word for word (the result line says it)."""
        end = self.match.pause()
        return [e for e in events if e.text != end.summary] if isinstance(end, End) else events

    def happened(self, events: list[Event]) -> None:
        """A step's events: kept for each human's recap, or printed at once when only the computer plays."""
        events = self.unsaid(events)
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

    def catch_up(self, decision: Decision) -> None:
        """Before a human's decision: the board when it is due (BOARD_RULE), then the recap of what happened; on
        a terminal, a recap taller than the room left above the menu keeps its last lines (the rest: `log`)."""
        side = decision.side
        view = self.game.view(self.match.state, side)
        width = self.width()
        used = (len(self.prompt_lines(decision, width)) + (decision.kind in self.picks.multi) + 1   # the input line
                + sum(len(option_text(99, o.label, shown_id(o.id, width), width).plain.split("\n"))
                      for o in decision.options))
        if self.watch.due(side, view, decision.kind):
            board = draw(self.game, view, wants_compact(self.console), width)
            if self.console.is_terminal:
                used += len(self.console.render_lines(board, pad=False))
            self.console.print(board)
        lines = self.recap.take(side)
        if lines and self.hot_seat:
            self.console.print(f"[bold]{side_name(side)}[/], since your last turn:")
        room = max(RECAP_LEAST, self.console.size.height - used - 1)
        rows = [len(log_lines(line, width)) for line in lines]     # a wrapped line takes several rows
        if self.console.is_terminal and sum(rows) > room:
            kept, taken = 0, 1                    # the note of the earlier lines takes a row
            while kept < len(lines) and taken + rows[-1 - kept] <= room:
                taken += rows[-1 - kept]
                kept += 1
            self.console.print(f"  ({len(lines) - kept} earlier lines: type `log` to read them)",
                               markup=False, highlight=False)
            lines = lines[len(lines) - kept:]
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
        self.console.print(draw(self.game, view, compact, self.width()))
        self.watch.shown(side, view)

    def show_log(self, side: str | None, arg: str) -> None:
        """`log [N]`: the last N lines this side may read (default 20; `log all`: every one)."""
        if arg and arg.lower() != "all" and not (arg.isdigit() and int(arg) > 0):
            self.console.print(f"log takes a number of lines, 1 or more, or all (nothing: the last 20); "
                               f"given {arg!r}", markup=False, highlight=False)
            return
        n = 0 if arg.lower() == "all" else int(arg or 20)
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

    @staticmethod
    def prompt_lines(decision: Decision, width: int | None) -> list[str]:
        """The menu's heading: the side, the question and its rule, wrapped at words."""
        rule = f"  (rule {decision.rule})" if decision.rule else ""
        return fold(f"{side_name(decision.side)}: {decision.prompt}{rule}", width, 2)

    def menu(self, decision: Decision) -> None:
        """The prompt and the numbered options; in a run of multi-pick decisions the numbers of its first menu,
        an option no longer offered shown as taken."""
        width = self.width()
        prompt = Text("\n".join(self.prompt_lines(decision, width)))
        prompt.stylize("bold", 0, len(side_name(decision.side)))
        self.console.print(prompt, highlight=False)
        rows = self.picks.number(decision)
        for n, oid, offered in rows:
            if offered:
                self.console.print(option_text(n, decision.option(oid).label, shown_id(oid, width), width),
                                   highlight=False)
            else:
                self.console.print("\n".join(fold(f"  {n:>2}. (taken) {self.picks.label(oid)}", width, 6)),
                                   style="dim", markup=False, highlight=False)
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
                               f"{decision.option(picked).label})", style="dim", markup=False, highlight=False)
            return picked
        if self.hot_seat:
            self.hand_over(side)
        self.catch_up(decision)
        if self.picks.note:
            self.console.print(self.picks.note, markup=False, highlight=False)
            self.picks.note = ""
        self.menu(decision)
        if self.picks.queue and self.picks.between(decision):
            self.console.print(f"  then your next picks: {self.picks.waiting()}", style="dim", markup=False,
                               highlight=False)
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
                if not self.picks.between(decision):
                    self.picks.queue = ids[1:]
                return ids[0]
            if refused:
                self.console.print(f"Not accepted: {refused}. Nothing was chosen.", markup=False, highlight=False)
                continue
            if text in decision.ids():
                return text
            same = [i for i in decision.ids() if i.lower() == text.lower()]
            if len(same) == 1:                 # an id typed in another case: the one it can only mean
                return same[0]
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
                                                       and ((pause.side, pause.kind) == self.picks.key
                                                            or self.picks.between(pause))):
                    self.picks.reset("the dice were rolled first" if isinstance(pause, Chance)
                                     else "something else happened first")
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
            self.console.print(draw(self.game, self.game.view(m.state, None), wants_compact(self.console),
                                    self.width()))
            if self.hot_seat:
                self.narrate(self.unsaid([e for e in m.log[min(self.seen.values()):] if e.private_to is None]))
            elif self.observer is not None:
                self.lines(self.recap.take(self.observer))
        return end
