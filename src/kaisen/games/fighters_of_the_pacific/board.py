"""The terminal board: the hex board of a view as a grid of short cells, with a status line and a legend.

Drawn from a view only (`views.view`). The board is flat-topped hexes in odd-q columns: odd columns (B, D, ...)
sit half a row lower. Each hex is a cell four characters wide and two lines tall; odd columns start one line
lower than even ones, so the cells interlock as the hexes do. In a cell the top line is high altitude, the
bottom line low altitude (or, with no airplane low, the surface: a ship segment, a ground site, a torpedo):

    ↖Z'   an airplane: the arrow of its facing, its type's letter (upper case high, lower case low), then
          "!" damaged, "'" activated, "*" both; coloured by side (USA blue, Japan red)
    CV    a carrier segment (DD a destroyer's), "x" after it once hit; AA / OB a ground AA / an objective
    ↓t    a torpedo running in the arrow's direction
    #     a barrage marker (the top line's fourth character, or ### when nothing flies high there)
    ░░░   cloud, ▒▒▒ island (and the cell's background colour)

Column letters run along the top and the bottom; the row numbers of even columns (A, C, ...) are on the left,
those of odd columns on the right, each on the top line of its row's cells. `cell_at(view, "C7")` gives where a
hex's cell starts in the plain text, `board_text(view)` the plain text. A 24-column board is 103 characters wide,
a 16-column one 71."""
from __future__ import annotations

import string
import textwrap
from typing import Any

from rich.text import Text

COLS = string.ascii_uppercase
CELL = 4                                  # characters per hex cell, the last a separator / marker
LEFT = 3                                  # the left margin: a row number and a space
ARROW = ("↑", "↗", "↘", "↓", "↙", "↖")    # facing 0 = north, clockwise
FACING = ("N", "NE", "SE", "S", "SW", "NW")
LETTER = {"wildcat": "W", "dauntless": "D", "devastator": "T", "zero": "Z", "val": "V", "kate": "K"}
SIDE_NAME = {"japan": "Japan", "usa": "USA"}
SIDE_STYLE = {"japan": "red", "usa": "blue"}
CLOUD_BG = "on grey30"
ISLAND_BG = "on dark_olive_green3"
SHIP_MARK = {"carrier": "CV", "destroyer": "DD"}
SITE_MARK = {"aa": "AA", "objective": "OB", "ruin": "xx"}


def split_name(name: str) -> tuple[int, int]:
    """"C7" -> (column 2, row 6), both from 0."""
    return COLS.index(name[0]), int(name[1:]) - 1


def on_board(view: dict[str, Any], name: str) -> bool:
    """Whether a name is a hex of the view's board (anything else is left off the grid)."""
    if not (len(name) >= 2 and name[0] in COLS and name[1:].isdigit()):
        return False
    col, row = split_name(name)
    return col < view["board"]["cols"] and 0 <= row < view["board"]["rows"]


def cell_at(view: dict[str, Any], name: str) -> tuple[int, int]:
    """(line, character) where a hex's cell starts in `board_text(view)`: its top (high altitude) line; the low
    line is the next one."""
    col, row = split_name(name)
    return len(_header(view)) + 1 + 2 * row + (col & 1), LEFT + CELL * col


def _width(view: dict[str, Any]) -> int:
    return LEFT + CELL * view["board"]["cols"] + 3


def _header(view: dict[str, Any]) -> list[str]:
    """The status lines above the grid, wrapped to the board's width."""
    out: list[str] = []
    width = _width(view)
    for line in _status(view):
        cur = ""
        for part in line.split(" | "):
            if cur and len(cur) + 3 + len(part) > width:
                out.append(cur)
                cur = "  " + part
            else:
                cur = f"{cur} | {part}" if cur else part
        if cur:
            out += textwrap.wrap(cur, width, subsequent_indent="  ")
    return out


def letter(plane: dict[str, Any]) -> str:
    ch = LETTER.get(plane["type"], plane["type"][:1].upper())
    return ch.upper() if plane["alt"] == "high" else ch.lower()


def plane_mark(plane: dict[str, Any]) -> str:
    damaged, activated = plane["damage"] > 0, plane["activated"]
    return "*" if damaged and activated else "!" if damaged else "'" if activated else " "


def _plane_cell(plane: dict[str, Any]) -> str:
    return ARROW[plane["facing"] % 6] + letter(plane) + plane_mark(plane)


class _Grid:
    """A canvas of characters with a style per character."""

    def __init__(self, width: int, height: int):
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(self, line: int, x: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= line < len(self.chars) and 0 <= x + i < len(self.chars[line]):
                self.chars[line][x + i] = ch
                if style:
                    self.styles[line][x + i] = style

    def paint(self, line: int, x: int, n: int, style: str) -> None:
        """Add a (background) style under n characters, keeping their own style in front."""
        for i in range(n):
            if 0 <= line < len(self.chars) and 0 <= x + i < len(self.chars[line]):
                own = self.styles[line][x + i]
                self.styles[line][x + i] = f"{own} {style}".strip()

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="ignore")
        for n, (row, styles) in enumerate(zip(self.chars, self.styles)):
            if n:
                out.append("\n")
            end = len(row)
            while end > 0 and row[end - 1] == " " and not styles[end - 1]:
                end -= 1
            i = 0
            while i < end:
                j = i
                while j < end and styles[j] == styles[i]:
                    j += 1
                out.append("".join(row[i:j]), style=styles[i] or None)
                i = j
        return out


def _status(view: dict[str, Any]) -> tuple[str, str]:
    vp = view["vp"]
    first = (f"{view.get('number', '')}. {view.get('title', '')} | Turn {view['turn']} of {view['end_turn']} | "
             f"{view['phase_name']} | initiative {SIDE_NAME.get(view['initiative'], view['initiative'] or '-')} | "
             f"VP Japan {vp.get('japan', 0)}, USA {vp.get('usa', 0)}")
    m = view.get("move")
    if m:
        plane = next((p for p in view["planes"] if p["id"] == m["plane"]), None)
        where = (f" at {plane['hex']} facing {FACING[plane['facing']]} {plane['alt']}" if plane else "")
        what = "dodging" if m["mode"] == "dodge" else "moving"
        second = (f"{what}: {m['plane']}{where}, {m['mp']} MP left"
                  + (f"; so far {' '.join(m['path'])}" if m["path"] else ""))
    else:
        pend = view.get("pending") or {}
        if pend.get("kind") == "end":
            second = "game over"                 # the terminal's result line says who won
        elif pend.get("kind") == "decision":
            second = f"{SIDE_NAME.get(pend['side'], pend['side'])} to decide ({pend['decision']})"
        else:
            second = ""
    return first, second


def _legend(view: dict[str, Any]) -> list[str]:
    present = sorted({p["type"] for p in view["planes"]} | {r["type"] for r in view.get("reinforcements", [])})
    types = " ".join(f"{LETTER.get(t, t[:1].upper())}={t}" for t in present)
    out = [f"Arrow = facing, letter = type ({types}); UPPER high, lower low. ! damaged, ' activated, * both. "
           f"USA blue, Japan red.",
           "CV/DD ship segment (x hit), AA ground AA, OB objective (x destroyed), ↓t torpedo, # barrage, "
           "░ cloud, ▒ island. Odd columns sit half a row lower: their row numbers are on the right."]
    return out


def _ships(view: dict[str, Any]) -> list[str]:
    out = []
    for x in view["ships"]:
        hit = [s["name"] for s in x["segments"] if s["hit"]]
        out.append(f"{x['name']} ({SIDE_NAME.get(x['side'], x['side'])} {x['class']}) "
                   f"{'-'.join(x['hexes'])}" + (f", hit: {', '.join(hit)}" if hit else "")
                   + (", stationary" if x.get("stationary") else ""))
    return out


def _others(view: dict[str, Any]) -> list[str]:
    out = []
    if view.get("barrages"):
        out.append("Barrages: " + ", ".join(f"{b['hex']} ({b['source']})" for b in view["barrages"]))
    if view.get("torpedoes"):
        out.append("Torpedoes: " + ", ".join(f"{SIDE_NAME.get(t['side'], t['side'])} {t['hex']} "
                                             f"heading {FACING[t['facing']]}" for t in view["torpedoes"]))
    if view.get("exits"):
        out.append("Exits: " + ", ".join(f"{SIDE_NAME.get(e['side'], e['side'])} by the {e['edge']} edge"
                                         for e in view["exits"]))
    coming: dict[tuple, int] = {}
    for r in view.get("reinforcements", []):
        if r["turn"] >= view["turn"] and r["turn"] > 0:
            key = (r["turn"], r["side"], r["type"], r["zone"])
            coming[key] = coming.get(key, 0) + 1
    if coming:
        out.append("Reinforcements: " + "; ".join(f"end of turn {t}: {SIDE_NAME.get(s, s)} {n} {ty} ({z})"
                                                  for (t, s, ty, z), n in sorted(coming.items())))
    return out


def plane_brief(plane: dict[str, Any]) -> str:
    """An airplane in a few characters: type letter and number, hex, facing, altitude, damage and activation
    (e.g. `Z2 G1 S hi !'`: hi high, lo low)."""
    number = plane["id"].rsplit("-", 1)[-1]
    marks = plane_mark(plane).strip()
    return f"{LETTER.get(plane['type'], plane['type'][:1].upper())}{number} {plane['hex']} " \
           f"{FACING[plane['facing'] % 6]} {plane['alt'][:2]}" + (f" {marks}" if marks else "")


def compact_lines(view: dict[str, Any]) -> list[str]:
    """The board in at most 12 lines of 80 columns: the status, every airplane in brief by side (the viewer's
    first), the ships and what else lies on the board."""
    out = [line for line in _header_at(view, 80) if line][:3]
    sides = ("usa", "japan") if view["side"] in (None, "usa") else ("japan", "usa")
    for sd, most in zip(sides, (4, 3)):
        planes = [plane_brief(p) for p in view["planes"] if p["side"] == sd and on_board(view, p["hex"])]
        lines = textwrap.wrap(f"{SIDE_NAME[sd]}: " + ("; ".join(planes) or "no airplane on the board"), 80,
                              subsequent_indent="  ")
        out += lines[:most - 1] + [line if len(line) <= 80 else line[:79] + "…"
                                   for line in [" ".join(lines[most - 1:])]] if len(lines) > most else lines
    extra = _ships(view) + _others(view)
    out += [line if len(line) <= 80 else line[:79] + "…" for line in extra][:12 - len(out)]
    return out[:12]


def _header_at(view: dict[str, Any], width: int) -> list[str]:
    """The status lines wrapped to `width` columns."""
    out: list[str] = []
    for line in _status(view):
        out += textwrap.wrap(line, width, subsequent_indent="  ")
    return out


def render_board(view: dict[str, Any], compact: bool = False) -> Text:
    """The board of a view as rich Text (print it with a rich Console; `.plain` is the text without colour);
    `compact`: no grid, at most 12 lines of 80 columns."""
    if compact:
        return Text("\n".join(compact_lines(view)))
    b = view["board"]
    cols, rows = b["cols"], b["rows"]
    width = _width(view)
    head = _header(view)
    HEAD = len(head) + 1
    grid_lines = 2 * rows + 1
    g = _Grid(width, HEAD + grid_lines + 1)
    for i, line in enumerate(head):
        g.put(i, 0, line, "bold" if i == 0 else "")
    # column letters, top and bottom; row numbers left (even columns) and right (odd columns)
    for c in range(cols):
        x = LEFT + CELL * c + 1
        g.put(HEAD - 1, x, COLS[c], "bold")
        g.put(HEAD + grid_lines, x, COLS[c], "bold")
    for r in range(rows):
        g.put(HEAD + 2 * r, 0, f"{r + 1:>2}", "bold")
        if cols > 1:
            g.put(HEAD + 2 * r + 1, LEFT + CELL * cols, f"{r + 1:<2}", "bold")
    clouds, islands = set(b["clouds"]), set(b["islands"])
    barrage = {x["hex"] for x in view.get("barrages", [])}
    high: dict[str, list] = {}
    low: dict[str, list] = {}
    for p in view["planes"]:
        if not on_board(view, p["hex"]):
            continue
        (high if p["alt"] == "high" else low).setdefault(p["hex"], []).append(p)
    surface: dict[str, tuple[str, str]] = {}
    for st in view.get("sites", []):
        if st["kind"] == "ruin" and st["hex"] in surface:
            continue
        mark = SITE_MARK.get(st["kind"], "??") + ("x" if st["destroyed"] and st["kind"] != "ruin" else " ")
        surface[st["hex"]] = (mark, SIDE_STYLE.get(st["side"], "") + (" dim" if st["destroyed"] else ""))
    for x in view["ships"]:
        for seg in x["segments"]:
            mark = SHIP_MARK.get(x["class"], "SH") + ("x" if seg["hit"] else " ")
            surface[seg["hex"]] = (mark, f"bold {SIDE_STYLE.get(x['side'], '')}")
    running: dict[str, tuple[str, str]] = {}
    for tp in view.get("torpedoes", []):
        running[tp["hex"]] = (ARROW[tp["facing"] % 6] + "t ", SIDE_STYLE.get(tp["side"], ""))
    moving = (view.get("move") or {}).get("plane")
    for c in range(cols):
        for r in range(rows):
            name = f"{COLS[c]}{r + 1}"
            top, x = cell_at(view, name)
            bg = CLOUD_BG if name in clouds else ISLAND_BG if name in islands else ""
            fill = "░░░" if name in clouds else "▒▒▒" if name in islands else " · "
            # top line: high altitude
            hi = high.get(name, [])
            if hi:
                p = hi[0]
                g.put(top, x, _plane_cell(p), SIDE_STYLE.get(p["side"], "") + " bold"
                      + (" reverse" if p["id"] == moving else ""))
                if len(hi) > 1:
                    g.put(top, x + 3, "+", "bold")
            elif name in barrage:
                g.put(top, x, "###", "bold yellow")
            else:
                g.put(top, x, fill, "dim")
            if name in barrage and hi:
                g.put(top, x + 3, "#", "bold yellow")
            # bottom line: low altitude, else the surface
            lo = low.get(name, [])
            under = surface.get(name) or running.get(name)
            if lo:
                p = lo[0]
                g.put(top + 1, x, _plane_cell(p), SIDE_STYLE.get(p["side"], "")
                      + (" reverse" if p["id"] == moving else ""))
                if len(lo) > 1:
                    g.put(top + 1, x + 3, "+", "bold")
                elif under:
                    g.put(top + 1, x + 3, under[0][0].lower(), under[1])
            elif under:
                g.put(top + 1, x, under[0], under[1])
                if name in surface and name in running:
                    g.put(top + 1, x + 3, "t", running[name][1])
            elif bg:
                g.put(top + 1, x, fill, "dim")
            if bg:
                g.paint(top, x, 3, bg)
                g.paint(top + 1, x, 3, bg)
    out = g.text()
    for line in _ships(view) + _others(view):
        for part in textwrap.wrap(line, width, subsequent_indent="  "):
            out.append("\n" + part)
    for line in _legend(view):
        for part in textwrap.wrap(line, width, subsequent_indent="  "):
            out.append("\n" + part, style="dim")
    return out


def board_text(view: dict[str, Any]) -> str:
    """The board without colour."""
    return render_board(view).plain
