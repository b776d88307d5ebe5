"""Records: {game, scenario, options, seed, answers} that replay to the identical state."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaisen.engine.core import Answer, Chance, Game, IllegalAction

FORMAT = "kaisen-record"
VERSION = 1


class RecordError(ValueError):
    """A save file that cannot be loaded: says what was wrong and what was expected."""


@dataclass
class Record:
    """Everything needed to rebuild a game: its setup and every answer, decisions and dice alike."""

    game: str
    scenario: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    answers: list[Answer] = field(default_factory=list)
    agents: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "game": self.game, "scenario": self.scenario,
            "options": dict(self.options), "seed": self.seed, "agents": dict(self.agents),
            "answers": [list(a) if isinstance(a, tuple) else a for a in self.answers],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=None, separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        """Write atomically: a failed write never leaves a half-written save in place of a good one."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.dumps())
        tmp.replace(path)

    @classmethod
    def from_dict(cls, data: Any, expect_game: str | None = None) -> "Record":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a kaisen record (expected a JSON object with \"format\": \"{FORMAT}\")")
        if data.get("version") != VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported (this kaisen reads {VERSION})")
        for key, kind in (("game", str), ("scenario", str), ("answers", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"record field {key!r} is missing or not a {kind.__name__}")
        if expect_game is not None and data["game"] != expect_game:
            raise RecordError(f"this record is a {data['game']!r} game, not {expect_game!r}")
        answers: list[Answer] = []
        for i, a in enumerate(data["answers"]):
            if isinstance(a, str):
                answers.append(a)
            elif isinstance(a, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in a):
                answers.append(tuple(a))
            else:
                raise RecordError(f"answer #{i} is {a!r}: expected an option id (text) or a list of dice faces")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError("record field 'options' must be an object")
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, int):
            raise RecordError("record field 'seed' must be an integer or null")
        return cls(game=data["game"], scenario=data["scenario"], options=options, seed=seed,
                   answers=answers, agents=dict(data.get("agents") or {}))

    @classmethod
    def loads(cls, text: str, expect_game: str | None = None) -> "Record":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RecordError(f"the file is not valid JSON (truncated or corrupt?): {err.msg} "
                              f"(line {err.lineno}, column {err.colno})") from None
        return cls.from_dict(data, expect_game)

    @classmethod
    def load(cls, path: str | Path, expect_game: str | None = None) -> "Record":
        path = Path(path)
        try:
            text = path.read_text()
        except OSError as err:
            raise RecordError(f"cannot read {path}: {err.strerror}") from None
        return cls.loads(text, expect_game)


def replay(game: Game, record: Record, upto: int | None = None, collect_events: bool = False):
    """Rebuild the state from a record's answers; returns (state, events). Raises RecordError if an
    answer does not fit, naming its position."""
    if record.game != game.id:
        raise RecordError(f"this record is a {record.game!r} game, not {game.id!r}")
    try:
        state = game.new_state(record.scenario, record.options)
    except IllegalAction as err:
        raise RecordError(f"record setup refused: {err.one_line()}") from None
    events = list(game.events(state)) if collect_events else []
    answers = record.answers if upto is None else record.answers[:upto]
    for i, answer in enumerate(answers):
        try:
            state = game.apply(state, answer)
        except IllegalAction as err:
            raise RecordError(f"answer #{i} ({answer!r}) does not fit the game: {err.one_line()}") from None
        if collect_events:
            events.extend(game.events(state))
    return state, events
