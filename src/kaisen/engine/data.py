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


def entry_label(table: str, i: int, key: Any) -> str:
    """How an error names the i-th entry of an array of tables: 'ship #3 ('kongo')'."""
    return f"{table} #{i + 1} ({key!r})"


def check_field_provenance(file: str, entry: str, item: Any, kinds: tuple[str, ...] = PROVENANCE_KINDS,
                           counts: dict[str, int] | None = None) -> None:
    """Every `prov` and every filled `<field>_prov` of an entry starts with one of `kinds` and cites something
    after it; a `_prov` must belong to a real field. With `counts`, each value field is counted under the
    kind of its provenance (its own `_prov`, else the entry's `prov`)."""
    fields = set(item.__struct_fields__)
    for name in item.__struct_fields__:
        if name != "prov" and not name.endswith("_prov"):
            continue
        value = str(getattr(item, name))
        if name != "prov" and value == "":
            continue
        if name != "prov" and name[:-len("_prov")] not in fields:
            raise DataError(file, entry, name, f"provenance for unknown field {name[:-len('_prov')]!r}")
        kind = next((k for k in kinds if value.startswith(k)), None)
        if kind is None:
            raise DataError(file, entry, name, f"provenance must start with one of {kinds}, got {value!r}")
        if not value[len(kind):].strip(" :"):
            raise DataError(file, entry, name, f"provenance {value!r} must name its rule, source or design reasoning")
    if counts is not None:
        for name in item.__struct_fields__:
            if name in ("id", "prov") or name.endswith("_prov"):
                continue
            p = getattr(item, f"{name}_prov", "") or getattr(item, "prov")
            kind = next(k for k in kinds if str(p).startswith(k))
            counts[kind] = counts.get(kind, 0) + 1


def convert_unique(file: str, table: str, raw: Any, kind: type[T], key: str = "id",
                   kinds: tuple[str, ...] = PROVENANCE_KINDS, counts: dict[str, int] | None = None) -> list[T]:
    """An array of tables converted and checked: field provenance everywhere, no two entries with one key."""
    items = convert_entries(file, table, raw, kind, key=key)
    seen: set[Any] = set()
    for i, item in enumerate(items):
        k = getattr(item, key)
        label = entry_label(table, i, k)
        check_field_provenance(file, label, item, kinds, counts)
        if k in seen:
            raise DataError(file, label, key, f"duplicate {key} {k!r}")
        seen.add(k)
    return items
