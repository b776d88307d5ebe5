"""The `kaisen` command: list games, play in the terminal, simulate many games, replay a record."""
from __future__ import annotations

import json
import os
import random
import sys
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Iterator, NoReturn, Optional

import typer
from rich.console import Console
from rich.table import Table

from kaisen import __version__
from kaisen.agents.base import agent_names, make_agent
from kaisen.engine import jsonio
from kaisen.engine.core import End, Game, IllegalAction
from kaisen.engine.data import DataError
from kaisen.engine.match import Match
from kaisen.engine.record import Record, RecordError, replay as replay_record
from kaisen.registry import GAMES, all_games, get_game
from kaisen.terminal.lookup import rules_rows, view_entries  # noqa: F401  (tests and scripts read them here)
from kaisen.terminal.paths import path_ids  # noqa: F401
from kaisen.terminal.session import (HUMAN, SECRETS_NOTE, WIPE, Session, enable_line_editing,  # noqa: F401
                                     side_name)



USAGE_ERROR: type[Exception] = typer.BadParameter.__bases__[0]
"""Typer's UsageError (a mistake in the command line), whichever click it is built on."""


def usage_line(err) -> str:  # type: ignore[no-untyped-def]
    """A command-line mistake Typer caught (a value of the wrong type, an unknown flag, a missing argument) as
    one line naming what is allowed."""
    text = err.format_message().strip().rstrip(".")
    param = getattr(err, "param", None)
    where = err.ctx.command_path if err.ctx is not None else "kaisen"
    if type(err).__name__ == "MissingParameter" and param is not None:
        text = f"{where} needs {getattr(param, 'metavar', None) or param.name.upper()}"
    elif isinstance(err, typer.BadParameter) and param is not None and param.opts:
        flag = max(param.opts, key=len)
        text = f"{flag} takes a whole number" if "integer" in text else f"{flag}: {text}"
    return f"{text[:1].lower()}{text[1:]}; see `{where} --help`"


def help_asked(err: Exception) -> bool:
    """`kaisen` with nothing after it: Typer shows the help (it is not an error)."""
    return type(err).__name__ == "NoArgsIsHelpError"


class OneLineErrors(typer.core.TyperGroup):
    """Typer's usage errors in the one-line `kaisen: error: ...` style of every other refusal."""

    def make_context(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return super().make_context(*args, **kwargs)
        except USAGE_ERROR as err:
            if help_asked(err):
                raise
            fail(usage_line(err))

    def invoke(self, ctx: typer.Context):  # type: ignore[no-untyped-def]
        try:
            return super().invoke(ctx)
        except USAGE_ERROR as err:
            if help_asked(err):
                raise
            fail(usage_line(err))


app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None, cls=OneLineErrors,
                  help="kaisen: WWII Pacific naval wargames with every rule enforced.")


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"kaisen {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(version: bool = typer.Option(False, "--version", callback=show_version, is_eager=True,
                                              help="print kaisen's version and exit")) -> None:
    """kaisen: WWII Pacific naval wargames with every rule enforced."""


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
        fail(refusal(err))
    except (RecordError, DataError) as err:
        fail(str(err))


def listed(values: object) -> str:
    """Allowed values as a person reads them: "a, b or c" (a range or a note as it is)."""
    if isinstance(values, (list, tuple)):
        items = [str(v) for v in values]
        if len(items) > 12:
            items = items[:12] + [f"{len(values) - 12} more"]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
    return str(values)


def refusal(err: IllegalAction) -> str:
    """The engine's refusal of a command line as one line: what was wrong, what was given, what is allowed
    (no module tag, no Python list)."""
    text = err.reason
    if err.given is not None:
        text += f"; given {err.given!r}" if isinstance(err.given, str) else f"; given {err.given}"
    if err.allowed is not None:
        text += f"; allowed: {listed(err.allowed)}"
    return text


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


def result_line(end: End) -> str:
    """Who won, in the game's own words (the signed score stays in `replay --json` and `simulate --json`)."""
    name = side_name(end.winner)
    who = f"{name} {'win' if name.endswith('s') else 'wins'}" if end.winner else "A draw"
    return f"Result: {who}." + (f" {end.summary}" if end.summary else "")


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


DICE = ("seeded", "manual")


def check_dice(command: str, dice: str | None) -> None:
    if dice is not None and dice not in DICE:
        raise IllegalAction(command, "unknown dice source", dice, list(DICE))


def dice_of(saved: Record, asked: str | None, match: Match) -> str:
    """The dice of a resumed game: the ones asked for, else the ones its record was played with; written into
    the match's record so that the next resumption goes on the same way."""
    mode = asked or saved.dice_mode or "seeded"
    match.record.dice_mode = "manual" if mode == "manual" else None
    return mode


def header(game: Game, match: Match, seats: dict[str, str], seed: int, dice: str) -> str:
    """The first line of a game: title, seats, seed, dice and the optional rules in force."""
    chosen = game.resolve_options(match.record.options)
    on = [o.id for o in game.options if chosen.get(o.id)]
    return (f"{game.title}: " + ", ".join(f"{side_name(s)} {a}" for s, a in seats.items()) + f"; seed {seed}; "
            + ("manual dice (you type the faces)" if dice == "manual" else "seeded dice")
            + (f"; optional rules: {', '.join(on)}" if on else ("; no optional rules" if game.options else "")))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play(ctx: typer.Context,
         game_id: str = typer.Argument(..., metavar="GAME", help="e.g. pacific-fury (see `kaisen games`)"),
         seed: Optional[int] = typer.Option(None, help="dice and AI seed (default: a random one, printed; "
                                                       "a loaded game keeps its record's)"),
         dice: Optional[str] = typer.Option(None, help="seeded, or manual to type the faces of real dice "
                                                       "(default: seeded; a loaded game: as it was played)"),
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
        check_dice("play", dice)
        if load is not None:
            if scenario is not None or option:
                raise IllegalAction("play", "a loaded game keeps its own scenario and options",
                                    f"--load with {'--scenario' if scenario else '--option'}", "--load FILE alone")
            saved = Record.load(load, expect_game=game.id)
            if seed is not None and saved.seed is not None:
                raise IllegalAction("play", f"a loaded game keeps its record's seed ({saved.seed})",
                                    f"--seed {seed} with --load", "--load FILE without --seed")
            flags = parse_side_flags(game, list(ctx.args))
            seats = seats_from_flags(game, flags, {**default_seats(game),
                                                   **{s: a for s, a in saved.agents.items() if s in game.sides}})
            for s, a in seats.items():
                check_agent(game, s, a)
            seed = saved.seed if saved.seed is not None else (seed or 0)
            match = Match.from_record(game, saved)
            match.record.agents = dict(seats)
            dice = dice_of(saved, dice, match)
            console.print(f"Loaded {load}: {len(saved.answers)} answers replayed.")
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(1_000_000)
            dice = dice or "seeded"
            match = Match(game, scenario, parse_options(game, option), seed=seed, agents=seats)
            match.record.dice_mode = "manual" if dice == "manual" else None
        if not quiet:
            console.print(header(game, match, seats, seed, dice), markup=False)
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
           dice: Optional[str] = typer.Option(None, help="seeded, or manual to type the faces of real dice "
                                                         "(default: as the game was played)")) -> None:
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
        check_dice("resume", dice)
        game = get_game(rec.game)
        seats = {**default_seats(game), **{s: a for s, a in rec.agents.items() if s in game.sides}}
        for s, a in seats.items():
            check_agent(game, s, a)
        seed = rec.seed or 0
        match = Match.from_record(game, rec)
        match.record.agents = dict(seats)
        dice = dice_of(rec, dice, match)
        console.print(f"Resumed {path.name}: {game.title}, {len(rec.answers)} answers replayed.")
        console.print(header(game, match, seats, seed, dice), markup=False)
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
        names = [a.strip() for a in agents.split(",")]
        if HUMAN in names:
            raise IllegalAction("simulate", "simulate plays the computer's agents against each other; a human "
                                "plays with `kaisen play`", agents, agent_names(game.id))
        seats = parse_agents(game, names)
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
def ladder(game_id: str = typer.Argument(..., metavar="GAME"),
           agents: Optional[str] = typer.Option(None, help="agents to rank, e.g. random,heuristic "
                                                "(default: every agent the game has)"),
           games_: int = typer.Option(20, "--games", help="games per pairing on each side assignment"),
           seed: int = typer.Option(0, help="game i of every pairing uses seed + i"),
           scenario: Optional[str] = typer.Option(None),
           jobs: int = typer.Option(1, help="worker processes (the same results as --jobs 1 but the timings)"),
           untimed: bool = typer.Option(False, help="search levels stop on their iteration budget alone, with no "
                                        "time limit: the results depend only on the seeds, not on the machine "
                                        "or its load (the times are what those budgets cost here)"),
           checkpoint: Optional[Path] = typer.Option(None, help="keep each finished game in this file; run the "
                                                     "same command again to play only the games it lacks"),
           as_json: bool = typer.Option(False, "--json", help="print one JSON object (see README)"),
           out: Optional[Path] = typer.Option(None, help="also write the JSON object to this file")) -> None:
    """Every agent against every other on both sides: win rates with 95% intervals, time per decision."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from kaisen.analysis import ladder as lad
    with clear_errors():
        game = get_game(game_id)
        names = lad.default_agents(game) if agents is None else [a.strip() for a in agents.split(",")]
        lad.check_ladder(game, names, games_, jobs)
        game.scenario(scenario)
        for flag, path in (("--out", out), ("--checkpoint", checkpoint)):
            if path is not None and not path.parent.is_dir():
                raise IllegalAction("ladder", f"{flag} names a folder that does not exist", str(path),
                                    "a file in an existing folder")
        total = len(lad.pairings(game, names)) * games_
        with Progress(TextColumn("ladder"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True), transient=True, disable=not sys.stderr.isatty()) as bar:
            task = bar.add_task("games", total=total)
            summary = lad.ladder(game, names, games_, seed, scenario, jobs=jobs,
                                 progress=lambda done: bar.update(task, completed=done), untimed=untimed,
                                 checkpoint=checkpoint)
    show_ladder(game, summary, as_json, out)


def emit_json(summary: dict, as_json: bool, out: Optional[Path]) -> bool:
    """Write a summary to `out` (if given) and print it as one line of JSON when `as_json`: True when printed (the
    text report is then not shown)."""
    if out is not None:
        try:
            out.write_text(json.dumps(summary, indent=1) + "\n")
        except OSError as err:
            fail(f"cannot write {out}: {err.strerror}")
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
    return as_json


def show_ladder(game: Game, summary: dict, as_json: bool, out: Optional[Path]) -> None:
    """A ladder summary written to `out` (if given), then shown as JSON or as the text report: the matrix, one line
    per pairing, one per agent."""
    from kaisen.analysis import ladder as lad
    if emit_json(summary, as_json, out):
        return
    console = Console(highlight=False, soft_wrap=True)
    seeds = ", ".join(f"{a}..{b}" for a, b in lad.seed_ranges(summary))
    table = Table(title=f"{game.title}: {summary['games']} games per pairing on each side, seeds {seeds}; "
                  "row agent's wins against column agent, both sides (95% interval)")
    for col in ["agent"] + summary["agents"]:
        table.add_column(col)
    for row in lad.matrix(summary):
        table.add_row(*row)
    console.print(table)
    for line in lad.side_lines(summary, side_name) + lad.timing_lines(summary, side_name):
        console.print(line)
    total = sum(p["games"] for p in summary["pairings"])
    commits = summary["commit"] or ", ".join(sorted({str(p["commit"]) for p in summary.get("parts", [])})) \
        or "unknown"
    console.print(f"{total} games in {summary['seconds']} s, commit {commits}")
    if summary.get("resumed"):
        console.print(f"{summary['resumed']} of them read from the checkpoint (played by an earlier run; the time "
                      "is this run's)")


@app.command("ladder-merge")
def ladder_merge(files: list[Path] = typer.Argument(..., metavar="FILE...",
                                                    help="ladder summaries (`kaisen ladder --out`) of disjoint seeds"),
                 as_json: bool = typer.Option(False, "--json", help="print one JSON object (see README)"),
                 out: Optional[Path] = typer.Option(None, help="also write the JSON object to this file")) -> None:
    """One ladder from ladders of the same agents played over disjoint seeds (on several machines, say)."""
    from kaisen.analysis import ladder as lad
    with clear_errors():
        parts = []
        for f in files:
            try:
                parts.append(json.loads(f.read_text()))
            except OSError as err:
                fail(f"cannot read {f}: {err.strerror}")
            except (ValueError, UnicodeDecodeError) as err:
                fail(f"{f} is not JSON ({err}); a ladder summary is the file `kaisen ladder --out` writes")
        summary = lad.merge(parts, [str(f) for f in files])
        game = get_game(summary["game"])
        if out is not None and not out.parent.is_dir():
            raise IllegalAction("ladder-merge", "--out names a folder that does not exist", str(out),
                                "a file in an existing folder")
    show_ladder(game, summary, as_json, out)


@app.command()
def overrules(game_id: str = typer.Argument(..., metavar="GAME"),
              level: str = typer.Option("ismcts-easy", help="the search level to judge, e.g. ismcts-normal"),
              side: Optional[str] = typer.Option(None, help="the side it plays (default: each side in turn)"),
              games_: int = typer.Option(1, "--games", help="games per side (game i uses seed + i)"),
              seed: int = typer.Option(0, help="the first game's seed (the ladder's game of that seed)"),
              playouts: int = typer.Option(30, help="games played on after each of the two answers"),
              scenario: Optional[str] = typer.Option(None),
              as_json: bool = typer.Option(False, "--json", help="print one JSON object (see README)"),
              out: Optional[Path] = typer.Option(None, help="also write the JSON object to this file")) -> None:
    """Where a search overrules its heuristic, and whether that pays: each overrule played on both ways."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from kaisen.analysis import overrules as ovr
    with clear_errors():
        game = get_game(game_id)
        sides = list(game.sides) if side is None else [side]
        ovr.check(game, level, sides, games_, playouts)
        game.scenario(scenario)
        if out is not None and not out.parent.is_dir():
            raise IllegalAction("overrules", "--out names a folder that does not exist", str(out),
                                "a file in an existing folder")
        with Progress(TextColumn("overrules"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True), transient=True, disable=not sys.stderr.isatty()) as bar:
            task = bar.add_task("games", total=games_ * len(sides))
            summary = ovr.analyse(game, level, sides, seed, games_, playouts, scenario,
                                  progress=lambda done: bar.update(task, completed=done))
    if emit_json(summary, as_json, out):
        return
    console = Console(highlight=False, soft_wrap=True)
    table = Table(title=f"{game.title}: where {level} overruled its heuristic, each answer played on "
                        f"{playouts} times by the heuristic (gain: the search's answer less the heuristic's, "
                        "for the searching side)")
    for col in ("seed", "side", "turn", "decision", "heuristic's answer", "search's answer", "won after each",
                "gain"):
        table.add_column(col)
    for r in summary["overrules"]:
        table.add_row(str(r["seed"]), side_name(r["side"]), str(r["turn"]), f"{r['kind']} ({r['rule']})",
                      r["heuristic"], r["search"], f"{r['heuristic_value']:.2f} / {r['search_value']:.2f}",
                      f"{r['gain']:+.3f} ± {r['error']:.3f}")
    console.print(table)
    for kind, k in summary["by_kind"].items():
        console.print(f"{kind}: {k['overrules']} overrules, gain {k['gain']:+.2f} ± {k['error']:.2f} "
                      f"({k['mean_gain']:+.3f} each)")
    tot = summary["total"]
    played = "; ".join(f"seed {p['seed']} as {side_name(p['side'])}: "
                       + (f"{side_name(p['winner'])} won" if p["winner"] else "drawn") for p in summary["played"])
    console.print(f"{tot['overrules']} overrules in {summary['decisions']} decisions, gain {tot['gain']:+.2f} ± "
                  f"{tot['error']:.2f} ({tot['mean_gain']:+.4f} ± {tot['mean_error']:.4f} each); {played}")


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
            raise IllegalAction("replay", f"--upto takes a number of answers from 0 to {len(rec.answers)} "
                                "(the record's length)", upto, f"0..{len(rec.answers)}")
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
    # live pages hold their event streams open: on Ctrl-C wait at most 2 s for them, then close them
    uvicorn.run(application, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:          # Ctrl-C while the computer plays: one line, not a traceback
        typer.echo("kaisen: interrupted", err=True)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
