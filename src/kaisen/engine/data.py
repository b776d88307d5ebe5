"""Loading TOML rules data into frozen objects, with errors that name file, entry, field and reason."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

PROVENANCE_KINDS = ("rulebook", "published", "designed")


class DataError(ValueError):
    """Broken rules data: which file, which entry, which field, and what is wrong."""

    def __init__(self, file: str, entry: str, field: str, reason: str):
        self.file, self.entry, self.field, self.reason = file, entry, field, reason
        super().__init__(f"{file}: {entry}: field {field!r}: {reason}")


def read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as err:
        raise DataError(path.name, "(file)", "(syntax)", f"not valid TOML: {err}") from None
    except OSError as err:
        raise DataError(str(path), "(file)", "(file)", f"cannot read: {err.strerror}") from None


def convert_entries(file: str, table: str, raw: Any, kind: type[T], key: str = "id") -> list[T]:
    """Validate each entry of an array of tables against a msgspec Struct type."""
    if not isinstance(raw, list):
        raise DataError(file, f"[[{table}]]", table, "expected an array of tables")
    out: list[T] = []
    for i, entry in enumerate(raw):
        label = f"{table} #{i + 1}" + (f" ({entry.get(key)!r})" if isinstance(entry, dict) and key in entry else "")
        try:
            item = msgspec.convert(entry, kind, strict=True)
        except msgspec.ValidationError as err:
            msg = str(err)
            field = "?"
            if "at `$." in msg:
                field = msg.split("at `$.", 1)[1].rstrip("`").split("`")[0]
            elif "missing required field" in msg:
                field = msg.split("`")[1] if "`" in msg else "?"
            elif "unknown field" in msg.lower():
                field = msg.split("`")[1] if "`" in msg else "?"
            raise DataError(file, label, field, msg.split(" - at ")[0]) from None
        check_provenance(file, label, getattr(item, "prov", None))
        out.append(item)
    return out


def check_provenance(file: str, entry: str, prov: Any) -> None:
    if prov is None:
        return
    if not any(str(prov).startswith(kind) for kind in PROVENANCE_KINDS):
        raise DataError(file, entry, "prov", f"provenance must start with one of {PROVENANCE_KINDS}, got {prov!r}")
