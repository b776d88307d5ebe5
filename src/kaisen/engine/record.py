"""Records: {game, scenario, options, seed, answers} that replay to the identical state.

A record may also carry `dice`: {"scheme": "kaisen-dice-v1", "commitment": sha256 hex, "secret": hex | null,
"rolled": [answer indices]}: the server rolled those answers from the secret (`kaisen.engine.dice.derive_faces`)
and published the commitment before the first roll; `verify_dice` recomputes them. Records without it (every
record before committed dice) load as before.

A terminal game played with real dice carries `"dice_mode": "manual"`, so that resuming it asks for the faces
again; without it (every other record, and all records before it) the dice come from the seed."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from kaisen.engine.core import Answer, Chance, Game, IllegalAction
from kaisen.engine import jsonio
from kaisen.engine.dice import DICE_SCHEME, commitment as dice_commitment, derive_faces

FORMAT = "kaisen-record"
VERSION = 1


class RecordError(ValueError):
    """A save file that cannot be loaded: says what was wrong and what was expected."""


def _hex(text: Any, what: str, size: int | None = None) -> str:
    if not isinstance(text, str) or len(text) % 2 or (size is not None and len(text) != 2 * size):
        raise RecordError(f"record field 'dice.{what}' must be {'%d bytes of ' % size if size else ''}lower-case hex")
    try:
        bytes.fromhex(text)
    except ValueError:
        raise RecordError(f"record field 'dice.{what}' must be lower-case hex") from None
    return text.lower()


@dataclass
class DiceCommitment:
    """The server's dice of one game: the scheme, the published SHA-256 of the secret, the secret (revealed only
    after the end; None before) and the record answers the server rolled from it."""

    commitment: str
    secret: str | None = None
    rolled: list[int] = field(default_factory=list)
    scheme: str = DICE_SCHEME

    def to_dict(self) -> dict[str, Any]:
        return {"scheme": self.scheme, "commitment": self.commitment, "secret": self.secret,
                "rolled": list(self.rolled)}

    @classmethod
    def from_dict(cls, data: Any, answers: int) -> "DiceCommitment":
        if not isinstance(data, dict):
            raise RecordError("record field 'dice' must be an object {scheme, commitment, secret, rolled}")
        if data.get("scheme") != DICE_SCHEME:
            raise RecordError(f"dice scheme {data.get('scheme')!r} is not supported (this kaisen knows {DICE_SCHEME})")
        rolled = data.get("rolled")
        if not isinstance(rolled, list) or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < answers
                                                   for i in rolled) or len(set(rolled)) != len(rolled):
            raise RecordError("record field 'dice.rolled' must list distinct answer indices of this record")
        secret = data.get("secret")
        return cls(commitment=_hex(data.get("commitment"), "commitment", 32),
                   secret=None if secret is None else _hex(secret, "secret"), rolled=sorted(rolled))


@dataclass
class Record:
    """Everything needed to rebuild a game: its setup and every answer, decisions and dice alike."""

    game: str
    scenario: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    answers: list[Answer] = field(default_factory=list)
    agents: dict[str, str] = field(default_factory=dict)
    dice: "DiceCommitment | None" = None
    dice_mode: str | None = None
    """"manual" when the faces of real dice were typed in (the terminal's --dice manual); None: seeded."""

    def to_dict(self) -> dict[str, Any]:
        out = {
            "format": FORMAT, "version": VERSION, "game": self.game, "scenario": self.scenario,
            "options": dict(self.options), "seed": self.seed, "agents": dict(self.agents),
            "answers": [list(a) if isinstance(a, tuple) else a for a in self.answers],
        }
        if self.dice is not None:
            out["dice"] = self.dice.to_dict()
        if self.dice_mode is not None:
            out["dice_mode"] = self.dice_mode
        return out

    def dumps(self) -> str:
        return jsonio.encode(self.to_dict())

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
        agents = data.get("agents") or {}
        if not isinstance(agents, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in agents.items()):
            raise RecordError("record field 'agents' must be an object of side: agent name")
        dice = DiceCommitment.from_dict(data["dice"], len(answers)) if data.get("dice") is not None else None
        dice_mode = data.get("dice_mode")
        if dice_mode not in (None, "manual"):
            raise RecordError(f"record field 'dice_mode' is {dice_mode!r}: expected \"manual\" or no field (seeded)")
        return cls(game=data["game"], scenario=data["scenario"], options=options, seed=seed,
                   answers=answers, agents=dict(agents), dice=dice, dice_mode=dice_mode)

    @classmethod
    def loads(cls, text: str, expect_game: str | None = None) -> "Record":
        try:
            data = jsonio.decode(text)
        except jsonio.JSONTextError as err:
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


def replay(game: Game, record: Record, upto: int | None = None, collect_events: bool = False,
           before_each: Callable[[int, Any, Answer], None] | None = None,
           watch: Callable[[int, Any, Any, Answer], None] | None = None):
    """Rebuild the state from a record's answers; returns (state, events). Raises RecordError if an
    answer does not fit, naming its position. `before_each(i, pause, answer)` sees where the game stood before
    each answer was applied (who decided, which dice were rolled); `watch(i, state, pause, answer)` sees the
    state too (to show an AI seat its own past decisions: agents.base.recall_decisions)."""
    if record.game != game.id:
        raise RecordError(f"this record is a {record.game!r} game, not {game.id!r}")
    try:
        state = game.new_state(record.scenario, record.options)
    except IllegalAction as err:
        raise RecordError(f"record setup refused: {err.one_line()}") from None
    events = list(game.events(state)) if collect_events else []
    answers = record.answers if upto is None else record.answers[:upto]
    for i, answer in enumerate(answers):
        if before_each is not None or watch is not None:
            pause = game.pause(state)
            if before_each is not None:
                before_each(i, pause, answer)
            if watch is not None:
                watch(i, state, pause, answer)
        try:
            state = game.apply(state, answer)
        except IllegalAction as err:
            raise RecordError(f"answer #{i} ({answer!r}) does not fit the game: {err.one_line()}") from None
        if collect_events:
            events.extend(game.events(state))
    return state, events


@dataclass
class DiceVerdict:
    """What `verify_dice` found: `ok`, how many server rolls were checked, and the first that failed."""

    ok: bool
    rolls: int
    message: str
    index: int | None = None
    expected: tuple[int, ...] | None = None
    recorded: Any = None

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "rolls": self.rolls, "message": self.message, "index": self.index,
                "expected": list(self.expected) if self.expected is not None else None,
                "recorded": list(self.recorded) if isinstance(self.recorded, tuple) else self.recorded}


def verify_dice(game: Game, record: Record) -> DiceVerdict:
    """Check a finished game's server dice: the revealed secret hashes to the commitment, and every answer the
    server rolled equals `derive_faces(secret, index, dice of that roll)`, replaying the record to learn each
    roll's dice. Raises RecordError when the record does not replay."""
    d = record.dice
    if d is None:
        return DiceVerdict(False, 0, "this record carries no committed dice (a terminal game, or a server game "
                                     "from before committed dice): nothing to verify")
    if d.secret is None:
        return DiceVerdict(False, 0, "the record has no secret: the server reveals it only after the end")
    secret = bytes.fromhex(d.secret)
    if dice_commitment(secret) != d.commitment:
        return DiceVerdict(False, 0, f"the secret does not match the commitment: SHA-256 of the secret is "
                                     f"{dice_commitment(secret)}, the commitment published was {d.commitment}")
    rolled = set(d.rolled)
    checked = 0

    class Mismatch(Exception):
        """The first server roll that does not verify (stops the replay)."""

    def check(i: int, pause: Any, answer: Answer) -> None:
        nonlocal checked
        if i not in rolled:
            return
        if not isinstance(pause, Chance):
            raise Mismatch(DiceVerdict(False, checked, f"answer #{i} is listed as a server roll but the game asked "
                                                       f"a decision there, not dice", i, None, answer))
        want = derive_faces(secret, i, pause.dice)
        if not isinstance(answer, tuple) or answer != want:
            raise Mismatch(DiceVerdict(False, checked, f"roll at answer #{i} ({pause.reason}) does not match: "
                                                       f"expected {list(want)}, recorded {_show(answer)}", i, want,
                                       answer))
        checked += 1

    try:
        replay(game, record, before_each=check)
    except Mismatch as m:
        return m.args[0]
    return DiceVerdict(True, checked, f"all {checked} rolls verified")


def _show(answer: Any) -> Any:
    return list(answer) if isinstance(answer, tuple) else answer
