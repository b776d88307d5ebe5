"""The terminal board (B, D, H): the ten range bands with each side's division markers as the viewer may see
them, land markers, the environment, turn and phase, initiative, commanders, intelligence and missions, and the
ships of each division (own in full; enemy by position once spotted, by class once identified).

Drawn from a view only. `render_board(view)` gives a rich renderable that picks its form from the console's
width when printed: the full board from 110 columns (fits 120), the compact one below (fits 80x24 at the start
of every scenario). `render_board(view, compact=True/False)` forces a form."""
from __future__ import annotations

from typing import Any, Iterable

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from kaisen.engine.pending import dice_text, waiting_text

BANDS = 10
SIDES = ("usn", "ijn")
SIDE_NAME = {"usn": "USN", "ijn": "IJN"}
SIDE_STYLE = {"usn": "bold blue", "ijn": "bold red"}
PHASE_NAME = {"event": ("D.1", "Event"), "initiative": ("D.2", "Initiative"), "movement": ("D.3", "Movement"),
              "detection": ("D.4", "Detection"), "gunnery": ("D.5", "Gunnery"), "torpedo": ("D.6", "Torpedo"),
              "damage-control": ("D.7", "Damage Control"), "disengage": ("D.8", "Disengage"),
              "over": ("end", "Battle over:")}
LEVEL_MARK = {"undetected": "?", "spotted": "S", "identified": "I"}
RULE_LETTER = {"intelligence": "H", "mistaken-target": "I", "searchlights": "J", "smokescreens": "K",
               "advanced-fire": "adv.fire"}
FULL_WIDTH = 110            # below this many columns the compact board is drawn
COMPACT_LINES = 12          # the compact board's most lines (the terminal's 80x24 leaves the rest to recap and menu)


# -- labels ------------------------------------------------------------------------------------------------
def division_labels(view: dict[str, Any]) -> dict[str, str]:
    """Short marker labels: "D1" for Division 1, "D1a", "D1b"... for ships detached from it (C), in the order
    the view lists them. Never made from a division's id (a detached ship's id is its own)."""
    out: dict[str, str] = {}
    count: dict[tuple[str, str], int] = {}
    for div in view["divisions"]:
        name = div["name"]
        base = name.split(" (")[0]
        short = "D" + base.split()[-1] if base.startswith("Division ") else base[:4]
        if div["detached"]:
            key = (div["side"], short)
            n = count.get(key, 0)
            count[key] = n + 1
            short += "abcdefghijklmnopqrstuvwxyz"[n % 26]
        out[div["id"]] = short
    return out


def is_own(view: dict[str, Any], div: dict[str, Any]) -> bool:
    """The viewer sees this division's ships in full (its own side, or the omniscient view)."""
    return view["side"] is None or view["side"] == div["side"]


def afloat(div: dict[str, Any]) -> list[dict[str, Any]]:
    return [q for q in div["ships"] if q.get("status", "afloat") == "afloat"]


def boxes(taken: int, capacity: int) -> str:
    """Damage points taken of a ship's capacity as boxes (filled = taken)."""
    taken = min(taken, capacity)
    return "■" * taken + "□" * (capacity - taken)


def short_name(name: str, width: int = 9) -> str:
    return name if len(name) <= width else name[:width - 1] + "."


def torpedo_text(q: dict[str, Any]) -> str:
    """Torpedoes left in each mount, and reload salvoes."""
    if not q["torpedoes"]:
        return "-"
    text = "/".join(str(n) for n in q["torpedoes"])
    return text + (f" +{q['reloads']}r" if q.get("reloads") else "")


def damage_text(q: dict[str, Any]) -> str:
    """Damage as markers: structure (red) and flotation (blue) points, and a fire."""
    parts = []
    if q["structure"]:
        parts.append(f"S{q['structure']}")
    if q["flotation"]:
        parts.append(f"F{q['flotation']}")
    if q["fire"]:
        parts.append("FIRE")
    return " ".join(parts)


def marker(view: dict[str, Any], div: dict[str, Any], label: str) -> Text:
    """A division marker in its band: own stacks with their ship count; enemy stacks face down (?), spotted
    (count of positions, s) or identified (i)."""
    sd = div["side"]
    if is_own(view, div):
        text = Text(f"{label}:{len(afloat(div))}", style=SIDE_STYLE[sd])
    else:
        ships = div["ships"]
        if isinstance(ships, list) and ships:
            n = str(len(ships)) + LEVEL_MARK.get(div["detected"], "")
        else:                                  # face down: the card count where intelligence tells it (H)
            n = "?" if div.get("count") is None else f"{div['count']}?"
        text = Text(f"{label}:{n}", style=SIDE_STYLE[sd])
    flags = ("e" if div["evasive"] else "") + ("m" if div["smoke"] else "") + ("l" if div["searchlight"] else "") \
        + ("<" if div["disengaging"] or div["detached"] == "disengage" else "")
    if flags:
        text.append(flags, style="dim")
    if not div["in_battle"]:
        text.stylize("strike dim")
    return text


# -- parts -------------------------------------------------------------------------------------------------
def header(view: dict[str, Any]) -> Text:
    """Title, turn of turns, phase and initiative, whose eyes the board is drawn through."""
    text = Text()
    text.append(f"Nights of Fury · {view['title']} ({view['date']})", style="bold")
    rule, name = PHASE_NAME.get(view["phase"], ("", view["phase"]))
    text.append(f" | Turn {view['turn']} of {view['turns']} | {name} Phase ({rule}) | initiative: ")
    ini = view["initiative"]
    text.append(SIDE_NAME.get(ini, "-"), style=SIDE_STYLE.get(ini, ""))
    side = view["side"]
    who = "omniscient" if side is None else "public view" if side == "public" else f"you see as {SIDE_NAME[side]}"
    text.append(f" | {who}", style="dim")
    return text


def environment_line(view: dict[str, Any]) -> Text:
    """Light, weather, visibility, sea state, land markers and the optional rules in force."""
    env = view["environment"]
    text = Text()
    text.append(env["light"].upper(), style="bold magenta" if env["light"] == "night" else "bold yellow")
    text.append(f" · weather {env['weather']} · visibility {env['visibility']} · sea {env['sea']}")
    land = ", ".join(f"{m['name']} (band {m['band']})" for m in view["land"])
    if land:
        text.append(f" · land: {land}")
    rules = [RULE_LETTER.get(k, k) for k, on in view["options"].items() if on]
    if rules:
        text.append(" · optional rules " + " ".join(rules), style="dim")
    return text


def force_text(view: dict[str, Any], sd: str) -> str:
    """The force size the viewer knows of a side (H): everything of its own, the enemy's by intelligence."""
    f = view["sides"][sd]["force"]
    if not f:
        return "force unknown"
    out = f"{f['ships']} ships"
    if "types" in f:
        out += " (" + " ".join(f"{n} {t}" for t, n in f["types"].items()) + ")"
    elif "capital" in f:
        out += f", {f['capital']} capital"
    return out


def commander_text(view: dict[str, Any], sd: str, compact: bool = False) -> Text:
    """A side's commander with ratings (Combat, Cohesion, Detection), killed or not, and his flagship when the
    viewer may know it."""
    cmd = view["sides"][sd]["commander"]
    text = Text()
    if cmd is None:
        return text.append("no commander")
    name = cmd["name"].split()[-1] if compact else cmd["name"]
    text.append(name, style="bold" if cmd["alive"] else "strike")
    text.append(f" C{cmd['combat']:+d} Co{cmd['cohesion']:+d} D{cmd['detection']:+d}")
    if not cmd["alive"]:
        text.append(" KILLED", style="bold red")
    if cmd.get("ship") and not compact:
        ship = next((q["name"] for div in view["divisions"] if isinstance(div["ships"], list)
                     for q in div["ships"] if q.get("id") == cmd["ship"]), None)
        if ship:
            text.append(f" in {ship}", style="dim")
    return text


def sides_table(view: dict[str, Any]) -> Table:
    """Both sides: commander, intelligence, mission, home edge, known force, ships sunk and disengaged."""
    table = Table(expand=False, box=None, padding=(0, 1), show_header=True, header_style="dim")
    for col in ("", "commander", "intel", "mission", "home", "force (as you know it)", "sunk", "out"):
        table.add_column(col, no_wrap=True)
    for sd in SIDES:
        s = view["sides"][sd]
        table.add_row(Text(SIDE_NAME[sd], style=SIDE_STYLE[sd]), commander_text(view, sd), s["intelligence"],
                      s["mission"] or "standard", f"band {s['home_edge']}", force_text(view, sd),
                      str(s["sunk"]), str(s["disengaged"]))
    return table


def band_strip(view: dict[str, Any], labels: dict[str, str], cell: int, closed: bool = True) -> Text:
    """The battle map: one column per range band 1-10; each side's division markers stacked in their band,
    land markers between."""
    lines = Text()
    head = Text("band".ljust(5), style="dim")
    for b in range(1, BANDS + 1):
        head.append(f"{b:^{cell}}", style="bold")
    lines.append_text(head)
    rule = Text("     " + "+".join("-" * (cell - 1) for _ in range(BANDS)) + "+", style="dim")
    lines.append("\n")
    lines.append_text(rule)

    def rows(cells: dict[int, list[Text]], title: Text) -> None:
        depth = max((len(v) for v in cells.values()), default=0)
        for r in range(max(depth, 1)):
            line = title.copy() if r == 0 else Text(" " * 5)
            for b in range(1, BANDS + 1):
                items = cells.get(b, [])
                piece = items[r].copy() if r < len(items) else Text("")
                piece.truncate(cell - 1)
                piece.pad_right(cell - 1 - piece.cell_len)
                line.append_text(piece)
                line.append("|", style="dim")
            lines.append("\n")
            lines.append_text(line)

    for sd in SIDES:
        cells: dict[int, list[Text]] = {}
        for div in view["divisions"]:
            if div["side"] == sd and div["in_battle"]:
                cells.setdefault(div["band"], []).append(marker(view, div, labels[div["id"]]))
        rows(cells, Text(SIDE_NAME[sd].ljust(5), style=SIDE_STYLE[sd]))
        if sd == SIDES[0]:
            land: dict[int, list[Text]] = {}
            for m in view["land"]:
                land.setdefault(m["band"], []).append(Text(short_name(m["name"], cell - 1), style="green"))
            rows(land, Text("land ", style="green"))
    if closed:
        lines.append("\n")
        lines.append_text(rule)
    return lines


def legend(compact: bool) -> Text:
    text = ("D1:4 own stack of 4 · D1:? face down · D1:3S spotted, D1:3I identified · e evasive, m smoke, "
            "l lights, < disengaging")
    if compact:
        text = "D1:4 own · :? face down · S spotted · I identified · e/m/l evasive/smoke/lights"
    return Text(text, style="dim")


def own_table(view: dict[str, Any], labels: dict[str, str], sd: str) -> Table:
    """The viewer's divisions ship by ship: class, structure and flotation boxes taken of capacity, fire,
    speed, torpedoes left."""
    table = Table(title=f"{SIDE_NAME[sd]} divisions", title_justify="left", title_style=SIDE_STYLE[sd],
                  box=None, padding=(0, 1), header_style="dim")
    for col in ("div", "bd", "orders", "ship", "class", "struct", "flot", "fire", "spd", "torp"):
        table.add_column(col, no_wrap=True)
    for div in view["divisions"]:
        if div["side"] != sd or not div["in_battle"]:
            continue
        flags = [f for f, on in (("evasive", div["evasive"]), ("smoke", div["smoke"]),
                                 ("lights", div["searchlight"]), ("disengaging", div["disengaging"])) if on]
        order = " ".join([f"det.{div['detached']}" if div["detached"] else div.get("formation", "")] + flags)
        first = True
        for q in div["ships"]:
            if q["status"] != "afloat":
                continue
            s_cap, f_cap = q["boxes"]
            table.add_row(labels[div["id"]] if first else "", str(div["band"]) if first else "",
                          order if first else "", q["name"], f"{q['class']} {q['type']}",
                          Text(boxes(q["structure"], s_cap), style="red"),
                          Text(boxes(q["flotation"], f_cap), style="blue"),
                          Text("FIRE", style="bold red") if q["fire"] else "", str(q["speed"]), torpedo_text(q))
            first = False
    return table


def enemy_table(view: dict[str, Any], labels: dict[str, str], sd: str) -> Table:
    """The enemy's divisions as the viewer sees them: face down, or ships by position with the damage markers
    on their cards, classes once identified (D.4)."""
    table = Table(title=f"{SIDE_NAME[sd]} divisions (as you see them)", title_justify="left",
                  title_style=SIDE_STYLE[sd], box=None, padding=(0, 1), header_style="dim")
    for col in ("div", "band", "seen", "ships by position"):
        table.add_column(col, no_wrap=col != "ships by position")
    for div in view["divisions"]:
        if div["side"] != sd or not div["in_battle"]:
            continue
        ships = div["ships"] if isinstance(div["ships"], list) else []
        flags = [f for f, on in (("evasive", div["evasive"]), ("smoke", div["smoke"]),
                                 ("lights", div["searchlight"]), ("disengaging", div["disengaging"])) if on]
        seen = div["detected"] + (" " + " ".join(flags) if flags else "")
        table.add_row(labels[div["id"]], str(div["band"]), seen,
                      "; ".join(enemy_ship(q) for q in ships) if ships else Text("face down", style="dim"))
    return table


def enemy_ship(q: dict[str, Any]) -> str:
    """#position, class and type once identified, damage markers."""
    what = f"#{q['position']}"
    if "class" in q:
        what += f" {q['class']} {q['type']}"
    dmg = damage_text(q)
    return what + (f" {dmg}" if dmg else "")


def compact_divisions(view: dict[str, Any], labels: dict[str, str], sd: str) -> list[Text]:
    """One line per division: the viewer's ships with short names, class type and damage; the enemy's by
    position."""
    out = []
    for div in view["divisions"]:
        if div["side"] != sd or not div["in_battle"]:
            continue
        line = Text(f"{labels[div['id']]:<4}b{div['band']:<2} ", style=SIDE_STYLE[sd])
        if is_own(view, div):
            parts = []
            for q in afloat(div):
                dmg = damage_text(q)
                torp = "" if not q["torpedoes"] else f" t{sum(q['torpedoes'])}"
                parts.append(f"{short_name(q['name'])} {q['type']}{(' ' + dmg) if dmg else ''}{torp}")
            line.append(f"sp{div.get('speed', 0)} " + ", ".join(parts))
        else:
            ships = div["ships"] if isinstance(div["ships"], list) else []
            if not ships:
                continue                  # face down: the band strip shows it
            line.append(f"{div['detected']}: " + ", ".join(enemy_ship(q) for q in ships))
        out.append(line)
    return out




def pending_line(view: dict[str, Any]) -> Text:
    """What the battle waits for, as the viewer may know it."""
    p = view["pending"]
    if p["kind"] == "end":
        return Text("Battle over.", style="bold green")
    if p["kind"] == "chance":
        return Text(dice_text(p["reason"]), style="cyan")
    return Text(waiting_text(SIDE_NAME, p["side"], p["prompt"]), style="bold")


def result_line(view: dict[str, Any]) -> Text | None:
    """Victory points and the verdict at the end of the battle."""
    if view["vp"] is None:
        return None
    res = view["result"] or {}
    winner = res.get("winner")
    text = Text("Victory points: " + ", ".join(f"{SIDE_NAME[sd]} {view['vp'].get(sd, 0)}" for sd in SIDES),
                style="bold")
    text.append(f" · {SIDE_NAME[winner] + ' wins' if winner else 'draw'}", style="bold green")
    return text


# -- the board ---------------------------------------------------------------------------------------------
def full_parts(view: dict[str, Any]) -> list[Any]:
    labels = division_labels(view)
    parts: list[Any] = [header(view), environment_line(view), sides_table(view), Text(""),
                        band_strip(view, labels, 11), legend(False)]
    for sd in SIDES:
        own = view["side"] is None or view["side"] == sd
        parts.append(own_table(view, labels, sd) if own else enemy_table(view, labels, sd))
    res = result_line(view)
    if res is not None:
        parts.append(res)
    parts.append(pending_line(view))
    return parts


def compact_parts(view: dict[str, Any]) -> list[Any]:
    labels = division_labels(view)
    rule, name = PHASE_NAME.get(view["phase"], ("", view["phase"]))
    ini = view["initiative"]
    side = view["side"]
    who = "all" if side is None else "public" if side == "public" else SIDE_NAME[side]
    head = Text(f"{who} · ", style=SIDE_STYLE.get(side, "bold"))     # whose eyes first: a cut line keeps it
    head.append(f"{short_name(view['title'], 18)} T{view['turn']}/{view['turns']} {name} ({rule})", style="bold")
    if ini:
        head.append(" ini ")
        head.append(SIDE_NAME[ini], style=SIDE_STYLE[ini])
    env = view["environment"]
    head.append(f" | {env['light']} {env['weather']} vis {env['visibility']} sea {env['sea']}", style="dim")
    sides = Text()
    for sd in SIDES:
        s = view["sides"][sd]
        sides.append(f"{SIDE_NAME[sd]} ", style=SIDE_STYLE[sd])
        sides.append_text(commander_text(view, sd, compact=True))
        sides.append(f" int {s['intelligence']} {s['mission'] or 'std'} {force_text(view, sd)}"
                     + (f" sunk {s['sunk']}" if s["sunk"] else ""))
        if sd == SIDES[0]:
            sides.append("\n")
    strip = band_strip(view, labels, 7, closed=False)
    tail: list[Text] = []
    res = result_line(view)
    if res is not None:
        tail.append(res)
    p = view["pending"]
    if not (p["kind"] == "decision" and p["side"] == view["side"]):
        tail.append(pending_line(view))      # the viewer's own decision: the menu under the board says it
    order = SIDES if side in (None, "public", SIDES[0]) else SIDES[::-1]      # the viewer's divisions first
    divisions = [line for sd in order for line in compact_divisions(view, labels, sd)]
    room = COMPACT_LINES - 3 - len(strip.plain.split("\n")) - len(tail)
    if len(divisions) > room:
        keep = max(room - 1, 0)
        note = [Text(f"... {len(divisions) - keep} more division(s): board full", style="dim")] if room > 0 else []
        divisions = divisions[:keep] + note
    parts: list[Any] = [head, sides, strip, *divisions, *tail]
    for part in parts:
        if isinstance(part, Text) and part is not strip:
            part.no_wrap = True
            part.overflow = "ellipsis"
    return parts


def campaign_line(view: dict[str, Any]) -> Text | None:
    """The campaign game (G): which mission of how many, the month, the running totals, the verdict."""
    cp = view.get("campaign")
    if not cp:
        return None
    text = Text(f"Campaign mission {cp['mission']} of {cp['missions']} · month {cp['month']} · totals "
                + ", ".join(f"{SIDE_NAME[sd]} {cp['totals'].get(sd, 0)}" for sd in SIDES), style="bold")
    if cp.get("verdict"):
        text.append(f" · verdict: {cp['verdict']}", style="bold green")
    return text


def setup_parts(view: dict[str, Any]) -> list[Any]:
    """A generated battle or campaign mission being rolled up (A, G): what is known so far, and the dice."""
    parts: list[Any] = [Text(f"Nights of Fury · {view['scenario']} · setting up the battle", style="bold")]
    if view.get("environment"):
        env = view["environment"]
        parts.append(Text(" · ".join(f"{k} {v}" for k, v in env.items())))
    for sd in SIDES:
        s = view.get("sides", {}).get(sd, {})
        known = [f"{k} {s[k]}" for k in ("intelligence", "mission", "band") if s.get(k)]
        if s.get("ships"):
            known.append(f"{len(s['ships'])} ships")
        parts.append(Text(f"{SIDE_NAME[sd]}: " + (", ".join(known) or "to be rolled"), style=SIDE_STYLE[sd]))
    line = campaign_line(view)
    if line is not None:
        parts.append(line)
    parts.append(pending_line(view))
    return parts


class Board:
    """The board as a rich renderable: compact below FULL_WIDTH columns unless told."""

    def __init__(self, view: dict[str, Any], compact: bool | None = None):
        self.view = view
        self.compact = compact

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        compact = self.compact if self.compact is not None else options.max_width < FULL_WIDTH
        if self.view.get("phase") == "setup" or "title" not in self.view:
            yield Group(*setup_parts(self.view))
            return
        parts = compact_parts(self.view) if compact else full_parts(self.view)
        line = campaign_line(self.view)
        if line is not None:
            parts.insert(1, line)
        yield Group(*parts)


def render_board(view: dict[str, Any], compact: bool | None = None) -> Board:
    """The whole board, showing only what the view's side may know."""
    return Board(view, compact)


def board_text(view: dict[str, Any], width: int = 120, compact: bool | None = None) -> str:
    """The board as plain text at a console width (tests, logs)."""
    import io
    console = Console(width=width, file=io.StringIO(), color_system=None, force_terminal=False,
                      legacy_windows=False)
    console.print(render_board(view, compact))
    return console.file.getvalue()


def lines_of(text: str) -> Iterable[str]:
    return text.rstrip("\n").split("\n")
