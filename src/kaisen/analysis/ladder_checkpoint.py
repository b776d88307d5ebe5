"""A ladder's checkpoint (`kaisen ladder --checkpoint FILE`): every finished game kept as one line of JSON, so that
a ladder stopped part way (a session's end, a killed machine) goes on from where it stopped when the same command
runs again, playing only the games the file lacks.

The file's first line names the ladder (`header`): game, scenario, options, agents, games, first seed and
`untimed`; a file of another ladder is refused rather than mixed in. Each further line is one game: the pairing's
index (`ladder.pairings` order), its seed, the winning side (null: a draw), the seconds of each of the side's
`choose` calls, the commit of the code that played it (`played_at`: a ladder resumed after a change of code says
so) and how much each searching side searched (`search`: a `search_stats` tally per side; a line written before
it was kept lacks it, reads as None, and the ladder's summary then gives no search count). A last line cut off by a kill (no newline after it) is dropped and its game played again; any other
line that is not a game of this ladder is refused with its line number, and nothing in the file is changed.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, IO

from kaisen.analysis.search_stats import Tally, is_tally
from kaisen.engine.core import IllegalAction

FORMAT = "kaisen-ladder-checkpoint/1"
# the settings a checkpoint must share with the ladder that reads it
SETTINGS = ("game", "scenario", "options", "agents", "games", "seed", "untimed")
# what it gave: the winning side (None: a draw), the seconds of each `choose` call per side, and the search tally
# of each side whose agent searched (`search_stats`; None: a game kept before searches were counted)
Outcome = tuple[str | None, dict[str, list[float]], dict[str, Tally] | None]


def header(settings: dict[str, Any]) -> dict[str, Any]:
    """The first line of a checkpoint: its format and the ladder's settings."""
    return {"format": FORMAT, **{k: settings[k] for k in SETTINGS}}


def _refuse(path: Path, what: str, given: Any, allowed: Any) -> IllegalAction:
    return IllegalAction("ladder", f"checkpoint {path}: {what}", given, allowed)


class Checkpoint:
    """The games a ladder has finished, read from its file (`done`: job index -> outcome), and the file kept open
    to add each game as it finishes (`add`). Use `with`, so that the file is closed however the ladder ends."""

    def __init__(self, path: Path, settings: dict[str, Any], sides: tuple[str, ...], pairings: int,
                 commit: str | None = None):
        self.path = path
        self.commit = commit        # of the code playing the games this run adds
        self.played_at: dict[int, str | None] = {}      # job index -> the commit that played it
        self.settings = json.loads(json.dumps(header(settings)))     # as it reads back from the file
        self.sides = sides
        self.pairings = pairings
        self.done: dict[int, Outcome] = {}
        self.dropped = False        # a last line cut off mid-write was found and left out
        self._file: IO[str] | None = None
        keep = self._read() if path.exists() else 0
        try:
            if keep:
                if self.dropped:
                    with path.open("r+b") as f:
                        f.truncate(keep)    # the cut-off line goes; the next game starts a line of its own
                self._file = path.open("a", encoding="utf-8")
            else:
                self._file = path.open("w", encoding="utf-8")
                self._line(self.settings)
        except OSError as err:
            raise _refuse(path, f"cannot be written ({err.strerror})", str(path), "a writable file")

    def __enter__(self) -> "Checkpoint":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _line(self, obj: dict[str, Any]) -> None:
        assert self._file is not None
        self._file.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._file.flush()          # a game kept survives the process being killed right after

    def add(self, index: int, outcome: Outcome) -> None:
        """Keep the game of job `index` (pairing index // games, seed first seed + index % games)."""
        games, seed = self.settings["games"], self.settings["seed"]
        winner, times, search = outcome
        self.done[index] = outcome
        self.played_at[index] = self.commit
        self._line({"pairing": index // games, "seed": seed + index % games, "winner": winner,
                    "times": times, "commit": self.commit, "search": search})

    # -- reading ---------------------------------------------------------------------------------------------
    def _read(self) -> int:
        """Read the games the file holds into `done`, refusing a file of another ladder or a damaged line; the
        length in bytes of what is kept (0: an empty file, to be started afresh)."""
        try:
            raw = self.path.read_bytes()
        except OSError as err:
            raise _refuse(self.path, f"cannot be read ({err.strerror})", str(self.path), "a readable file")
        if not raw:
            return 0
        keep = raw.rfind(b"\n") + 1
        if keep < len(raw):
            self.dropped = True         # the last line was being written when the ladder stopped
        if not keep:
            return 0                    # not even the header was finished: start afresh
        try:
            lines = raw[:keep].decode("utf-8").split("\n")[:-1]
        except UnicodeDecodeError:
            raise _refuse(self.path, "is not text (UTF-8)", "binary data", "a file written by `kaisen ladder "
                          "--checkpoint`")
        self._check_header(lines[0])
        for number, line in enumerate(lines[1:], 2):
            index, outcome, commit = self._game(line, number)
            if index in self.done:
                games, first = self.settings["games"], self.settings["seed"]
                raise _refuse(self.path, f"line {number} keeps a game kept already (pairing {index // games}, seed "
                              f"{first + index % games})", line[:80], "each game once")
            self.done[index] = outcome
            self.played_at[index] = commit
        return keep

    def _check_header(self, line: str) -> None:
        try:
            got = json.loads(line)
        except ValueError:
            got = None
        if not isinstance(got, dict) or got.get("format") != FORMAT:
            raise _refuse(self.path, "line 1 is not a ladder checkpoint's header", line[:80],
                          f'{{"format": "{FORMAT}", ...}} (a file written by `kaisen ladder --checkpoint`)')
        for key in SETTINGS:
            if got.get(key) != self.settings[key]:
                raise _refuse(self.path, f"it keeps another ladder: its {key} differs (give the same settings, or "
                              "another file)", got.get(key), self.settings[key])

    def _game(self, line: str, number: int) -> tuple[int, Outcome, str | None]:
        """One kept game's job index, outcome and commit, or a refusal naming the line."""
        allowed = ('{"pairing": k, "seed": s, "winner": side or null, "times": {side: [seconds, ...]}, '
                   '"commit": text or null, "search": {side: {"histogram": {...}, "by_time": k}}}')
        try:
            got = json.loads(line)
        except ValueError:
            raise _refuse(self.path, f"line {number} is not JSON", line[:80], allowed)
        if not isinstance(got, dict) or not {"pairing", "seed", "winner", "times", "commit"} <= set(got) or \
                not set(got) <= {"pairing", "seed", "winner", "times", "commit", "search"}:
            raise _refuse(self.path, f"line {number} is not a game of a ladder", line[:80], allowed)
        games, first = self.settings["games"], self.settings["seed"]
        pairing, seed, winner, times = got["pairing"], got["seed"], got["winner"], got["times"]
        if type(pairing) is not int or not 0 <= pairing < self.pairings:
            raise _refuse(self.path, f"line {number}: no such pairing", pairing, f"0..{self.pairings - 1}")
        if type(seed) is not int or not first <= seed < first + games:
            raise _refuse(self.path, f"line {number}: a seed outside the ladder's", seed,
                          f"{first}..{first + games - 1}")
        if winner is not None and winner not in self.sides:
            raise _refuse(self.path, f"line {number}: the winner is not a side", winner, [*self.sides, None])
        if not isinstance(times, dict) or not set(times) <= set(self.sides) or not all(
                isinstance(v, list) and all(type(t) in (int, float) and math.isfinite(t) and t >= 0 for t in v)
                for v in times.values()):
            raise _refuse(self.path, f"line {number}: times must be each side's seconds per decision",
                          str(times)[:80], "{side: [seconds >= 0, ...]}")
        if got["commit"] is not None and not isinstance(got["commit"], str):
            raise _refuse(self.path, f"line {number}: the commit must be text or null", got["commit"],
                          "a commit such as 0d994d2, or null")
        search = got.get("search")
        if search is not None and (not isinstance(search, dict) or not set(search) <= set(self.sides) or not all(
                is_tally(t) for t in search.values())):
            raise _refuse(self.path, f"line {number}: search must be a tally per side that searched",
                          str(search)[:80], '{side: {"histogram": {iterations: decisions}, "by_time": k}}')
        return (pairing * games + seed - first,
                (winner, {side: [float(t) for t in v] for side, v in times.items()}, search), got["commit"])

    def commits(self) -> dict[str, int]:
        """How many of the games kept each commit played ("unknown": outside a git checkout), commits in order."""
        out: dict[str, int] = {}
        for commit in self.played_at.values():
            key = commit or "unknown"
            out[key] = out.get(key, 0) + 1
        return dict(sorted(out.items()))
