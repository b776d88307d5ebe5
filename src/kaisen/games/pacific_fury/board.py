"""The terminal board (rules 3.1-3.6): bases, operation boxes, the four zones, the Initiative Track, drawn from a view."""
from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kaisen.engine.pending import dice_text, waiting_text

SIDE_NAME = {"japan": "Japan", "usa": "USA"}
SIDE_STYLE = {"japan": "bold red", "usa": "bold blue"}
ZONE_KIND = {"surface": "Surface combat", "carrier": "Carrier combat", "air": "Air strike",
             "bombard": "Bombardment"}


def unit_tag(view: dict[str, Any], unit: str) -> str:
    """A counter as a player reads it: name, type and combat factor (e.g. `Shokaku CV4`)."""
    spec = view["units"].get(unit)
    name = view["names"].get(unit, unit)
    if spec is None or spec["type"] in ("AP", "TE"):
        return name
    return f"{name} {spec['type']}{spec['cf']}"


def unit_list(view: dict[str, Any], units: list[str] | None, count: int | None = None) -> str:
    if units is None:
        return f"{count} counter{'s' if count != 1 else ''} face down"
    if not units:
        return "-"
    return ", ".join(unit_tag(view, u) for u in units)


def initiative_track(view: dict[str, Any]) -> Text:
    """3.6: the track from Japan's far end through 0 to the US end, the marker in reverse video."""
    top = view.get("track_max", 5)
    text = Text("Initiative ")
    for box in range(-top, top + 1):
        label = "0" if box == 0 else str(abs(box))
        style = "red" if box < 0 else ("blue" if box > 0 else "white")
        if box == view["marker"]:
            style = "reverse bold " + style
        text.append(f" {label} ", style=style)
    text.append(f"  marker: {view['marker_label']}")
    return text


def header(view: dict[str, Any]) -> Text:
    text = Text()
    text.append(f"Turn {view['turn']} of 4", style="bold")
    text.append(f" | {view['phase']} phase | initiative: ")
    text.append(SIDE_NAME[view["initiative"]], style=SIDE_STYLE[view["initiative"]])
    hf = view["henderson"]
    text.append(" | Henderson Field: ")
    text.append(hf, style="green" if hf == "operational" else "yellow")
    ops = view["operations"]
    text.append(f" | operations Japan {ops['japan']}/7, USA {ops['usa']}/7")
    if view.get("phasing"):
        text.append(f" | to act: {SIDE_NAME[view['phasing']]}")
    if view["side"] is not None:
        text.append(f" | you see as {SIDE_NAME[view['side']]}", style="dim")
    return text


def side_panel(view: dict[str, Any], side: str) -> Panel:
    """A side's base, reserve, operation boxes (1-7), damage track, sunk and removed ships."""
    sv = view["sides"][side]
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row(f"{sv['base_name']} (base)", unit_list(view, sv["base"], sv["base_count"]))
    if sv["reserve"]:
        table.add_row("Reserve", unit_list(view, sv["reserve"]))
    for box in sv["boxes"]:
        table.add_row(f"Box {box['box']} {box['tf']}", unit_list(view, box["ships"], box["count"]))
    for turn, units in sv["track"].items():
        if units:
            table.add_row(f"Returns turn {turn}", unit_list(view, units))
    if sv["offboard"]:
        table.add_row("Off board", unit_list(view, sv["offboard"]))
    if sv["sunk"]:
        table.add_row("Sunk", unit_list(view, sv["sunk"]))
    if sv["removed"]:
        table.add_row("Removed", unit_list(view, sv["removed"]))
    return Panel(table, title=SIDE_NAME[side], title_align="left", border_style=SIDE_STYLE[side].split()[-1])


def zones_table(view: dict[str, Any]) -> Table:
    """3.1: the four sea zones with every task force in them, face down unless revealed (8.4)."""
    table = Table(title="Sea zones", expand=True, show_lines=True)
    table.add_column("Zone", style="bold", no_wrap=True)
    table.add_column("Japan", ratio=1)
    table.add_column("USA", ratio=1)
    for zone in view["zones"]:
        cells = {"japan": [], "usa": []}
        for tf in zone["task_forces"]:
            kind = f" {tf['type']}" if tf["type"] else ""
            face = "" if tf["revealed"] else " (face down)"
            cells[tf["side"]].append(f"{tf['tf']}{kind}{face}: {unit_list(view, tf['ships'], tf['count'])}")
        table.add_row(zone["name"], "\n".join(cells["japan"]) or "-", "\n".join(cells["usa"]) or "-")
    return table


def combat_title(view: dict[str, Any], cb: dict[str, Any]) -> str:
    """What is fought where: an air strike names its real target and that target's zone (9.5, 10.6)."""
    zones = {z["id"]: z["name"] for z in view["zones"]}
    tf_zone = {tf["tf"]: z["id"] for z in view["zones"] for tf in z["task_forces"]}
    kind = cb["kind"]
    if kind == "air":
        target = cb["target"]
        if target == "henderson":
            what = "Henderson Field"
        elif target == "ironbottom":
            what = f"the {SIDE_NAME[other(cb['attacker'])]} task forces in Ironbottom Sound"
        else:
            where = tf_zone.get(target)
            what = f"{target} in {zones[where]}" if where else target
        source = tf_zone.get(cb["mover"])
        return f"Air strike by {cb['mover']}" + (f" from {zones[source]}" if source else "") + f" on {what}"
    if kind == "torpedo":
        return "Torpedo hits on the US ships in Espiritu Santo"
    if kind == "bombard":
        return "Bombardment of Henderson Field from Ironbottom Sound"
    return f"{ZONE_KIND.get(kind, kind)} in {zones.get(cb['zone'], cb['zone'])}"


def other(side: str) -> str:
    return "usa" if side == "japan" else "japan"


def combat_panel(view: dict[str, Any]) -> Panel | None:
    """10: the combat being fought, its round and the hits waiting to be applied."""
    cb = view.get("combat")
    if not cb:
        return None
    lines = [f"{combat_title(view, cb)}, round {cb['round']} of {cb['rounds']}; "
             f"attacker {SIDE_NAME[cb['attacker']]} ({cb['mover']})"]
    if cb["target"] and cb["kind"] != "air":
        lines.append(f"target: {cb['target']}")
    for side, hits, ships in cb["pools"]:
        if hits:
            lines.append(f"{SIDE_NAME[side]} must apply {hits} hit(s) among {unit_list(view, ships, len(ships))}")
    if cb["applied"]:
        lines.append("hits taken this round: " + ", ".join(f"{view['names'].get(u, u)} {n}"
                                                             for u, n in cb["applied"].items()))
    if cb["hf_hits"]:
        lines.append(f"hits on Henderson Field: {cb['hf_hits']}")
    return Panel("\n".join(lines), title="Combat", title_align="left", border_style="magenta")




def pending_line(view: dict[str, Any]) -> Text:
    """What the game waits for; at the end only that it is over (the terminal's result line says who won)."""
    p = view["pending"]
    if p["kind"] == "end":
        return Text("Game over.", style="bold green")
    if p["kind"] == "chance":
        return Text(dice_text(p["reason"]), style="cyan")
    return Text(waiting_text(SIDE_NAME, p["side"], p["prompt"]), style="bold")


COMPACT_WIDTH = 80


def fit(text: str, width: int = COMPACT_WIDTH) -> str:
    """One line of at most `width` columns (cut with an ellipsis)."""
    return text if len(text) <= width else text[:width - 1] + "…"


def brief(view: dict[str, Any], units: list[str] | None, count: int | None) -> str:
    """A stack in brief: its counters as tags when the viewer may see them, else how many lie face down."""
    if units is None:
        return f"{count} face down"
    return ", ".join(unit_tag(view, u) for u in units) or "-"


def compact_lines(view: dict[str, Any]) -> list[str]:
    """The board in at most 12 lines of 80 columns: turn, phase, initiative, the zones, the viewer's boxes."""
    ops = view["operations"]
    out = [fit(f"Turn {view['turn']}/4 {view['phase']} | marker {view['marker_label']} | ini "
               f"{SIDE_NAME[view['initiative']]} | HF {view['henderson']} | ops J {ops['japan']}/7 US {ops['usa']}/7")]
    for zone in view["zones"]:
        cells = []
        for tf in zone["task_forces"]:
            face = "" if tf["revealed"] else "?"
            cells.append(f"{'J' if tf['side'] == 'japan' else 'US'} {tf['tf']}{face} "
                         f"({brief(view, tf['ships'], tf['count'])})")
        out.append(fit(f" {zone['name']:<19} " + ("; ".join(cells) or "-")))
    cb = view.get("combat")
    if cb:
        out.append(fit(f" Combat: {combat_title(view, cb)}, round {cb['round']}/{cb['rounds']}"))
    for side in (("japan", "usa") if view["side"] is None else (view["side"],)):
        sv = view["sides"][side]
        boxes = "; ".join(f"box {b['box']} {b['tf']}: {brief(view, b['ships'], b['count'])}" for b in sv["boxes"])
        base = sv["base_count"] if sv["base"] is None else len(sv["base"])
        lines = textwrap.wrap(f"{SIDE_NAME[side]} base {base} ship(s)" + (f" | {boxes}" if boxes else ""),
                              COMPACT_WIDTH - 1, initial_indent=" ", subsequent_indent="   ")
        out.extend(lines[:3] if len(lines) <= 3 else lines[:2] + [fit(lines[2] + " " + lines[3])])
        if sv["sunk"]:
            out.append(fit(f"   sunk: {unit_list(view, sv['sunk'])}"))
    return out[:12]


def render_board(view: dict[str, Any], compact: bool = False) -> Any:
    """The whole board as one rich renderable, showing only what the view's side may know; `compact`: at most
    12 lines of 80 columns."""
    if compact:
        return Text("\n".join(compact_lines(view)))
    parts: list[Any] = [header(view), initiative_track(view), side_panel(view, "japan"), zones_table(view),
                        side_panel(view, "usa")]
    combat = combat_panel(view)
    if combat is not None:
        parts.append(combat)
    p = view["pending"]
    if not (p["kind"] == "decision" and p["side"] == view["side"]):
        parts.append(pending_line(view))      # the viewer's own decision: the menu under the board says it
    return Group(*parts)
