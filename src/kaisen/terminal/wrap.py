"""Lines that fit the terminal: long menu options and log lines wrap at word boundaries with a hanging indent
(the number column and the rule tag stay clear), and an option's `[id]` stays whole at the end of its last line
(below IDS_FROM columns the ids are left out). Output to a file or a pipe is not wrapped and shows every id (a
script reads one line per option)."""
from __future__ import annotations

import re
import textwrap

from rich.text import Text

IDS_FROM = 100
"""Columns from which a menu shows each option's id; a narrower terminal (80x24) shows the numbers only, so that
the menu keeps to fewer rows (an id typed is still accepted)."""
TAG = re.compile(r"^( *)(\[[^\]]{1,12}\] )?")
"""A log line's indent and its rule tag, e.g. "  [10.5] "; a longer tag does not set the hanging indent."""


def fold(text: str, width: int | None, indent: int) -> list[str]:
    """`text` in lines of at most `width` columns, broken between words (never inside one, never at a hyphen),
    the lines after the first indented by `indent`; one line when `width` is None."""
    if width is None or len(text) <= width:
        return [text]
    lead = len(text) - len(text.lstrip(" "))
    lines = textwrap.wrap(text[lead:], width - lead, initial_indent="", subsequent_indent=" " * (indent - lead),
                          break_long_words=False, break_on_hyphens=False)
    return [" " * lead + lines[0]] + [" " * lead + line for line in lines[1:]] if lines else [text]


def log_lines(text: str, width: int | None) -> list[str]:
    """A log or recap line, its continuation lines under the text after the rule tag."""
    m = TAG.match(text)
    return fold(text, width, len(m.group(0)) if m and m.group(2) else len(m.group(1)) + 2 if m else 2)


def option_text(number: int, label: str, option_id: str | None, width: int | None) -> Text:
    """One menu option: "  12. label  [id]", continuation lines under the label, the id dim on the last line
    (no id: None, as below IDS_FROM columns)."""
    head = f"  {number:>2}. "
    tail = f"[{option_id}]" if option_id is not None else ""
    lines = fold(f"{head}{label}  {tail}".rstrip(), width, len(head))
    out = Text("\n".join(lines)[: len("\n".join(lines)) - len(tail)])
    out.append(tail, style="dim")
    return out
