"""The terminal board (2.1-2.5): the POC track, the thirteen sea areas with their POC, control and forces,
the ports and bases with who holds them and what lies there."""
from __future__ import annotations

import textwrap
from typing import Any

from kaisen.engine.pending import waiting_text


SIDE_NAME = {"japan": "Japan", "allies": "Allies"}
FLAG = {"japan": "J", "allies": "A"}


def standing(poc: int) -> str:
    return "even" if poc == 0 else f"Allies +{poc}" if poc > 0 else f"Japan +{-poc}"


def unit_text(view: dict[str, Any], u: str) -> str:
    info = view["units"][u]
    tag = ""
    if info["mode"] == "raid":
        tag = " (raider)"
    if info["damage"]:
        tag += f" [{info['damage']} dmg]"
    return view["names"].get(u, u) + tag


STAGE = {"choose": "day or night being chosen (7.3)", "roll": "dice for the round", "fire": "fire",
         "damage": "damage being allocated", "retreat": "retreat", "pursue": "pursuit", "chase": "pursuit",
         "aa": "anti-aircraft fire", "sub": "submarine attack", "subfire": "submarine attack",
         "subdmg": "submarine damage", "raid92": "air raid (9.2)", "island": "island bombardment",
         "land": "landing", "kamikaze": "kamikaze", "stance": "raiding or patrolling", "split": "splitting forces",
         "t1": "turn 1 (Pearl Harbor)", "tf": "task forces", "action": "next action", "announce": "announced",
         "next": "next round", "resolve": "resolving", "settle": "settling control", "after": "after the battle",
         "side": "side choosing", "assign": "hits being assigned"}


def combat_text(view: dict[str, Any], d) -> str:
    """The battle in progress in words (7.x): where, which round and step, the day/night choices seen, and the
    damage each ship has taken in it (never the raw combat record)."""
    cb = view["combat"]
    area = d.areas[cb["area"]].name if cb.get("area") in d.areas else cb.get("area", "?")
    stage = cb.get("stage", "")
    head = stage.split(":")[0]
    step = STAGE.get(head, head.replace("-", " "))
    rest = [w for w in stage.split(":")[1:] if w not in ("japan", "allies")]
    if rest:
        step += f" ({' '.join(rest).replace('-', ' ')})"
    out = f"Battle in {area}, round {cb.get('round', 1)}: {step}"
    chosen = {SIDE_NAME.get(sd, sd): ch for sd, ch in (cb.get("choice") or {}).items() if ch}
    if chosen:
        out += "; chosen " + ", ".join(f"{sd} {ch}" for sd, ch in chosen.items())
    hurt = {u: n for u, n in (cb.get("dmg") or {}).items() if n}
    if hurt:
        out += "; damage this battle: " + ", ".join(f"{view['names'].get(u, u)} {n}" for u, n in hurt.items())
    return out


def fit(text: str, width: int = 80) -> str:
    """One line of at most `width` columns (cut with an ellipsis)."""
    return text if len(text) <= width else text[:width - 1] + "…"


def compact_lines(view: dict[str, Any], d) -> list[str]:
    """The board in at most 12 lines of 80 columns: turn, POC, the sea areas with forces (control, how many
    units of each side), the viewer's units in port by port, the battle under way."""
    side = view["side"]
    out = [fit(f"VITP Turn {view['turn']} | POC {standing(view['poc'])} | control J "
               f"{sum(1 for c in view['control'].values() if c == 'japan')} A "
               f"{sum(1 for c in view['control'].values() if c == 'allies')} | {SIDE_NAME.get(side, 'umpire')}")]
    at: dict[str, dict[str, int]] = {}
    ports: dict[str, int] = {}
    for u, info in view["units"].items():
        loc = info["loc"]
        if loc.startswith("sea:"):
            cell = at.setdefault(loc[4:], {})
            sd = d.units[u].side
            cell[sd] = cell.get(sd, 0) + 1
        elif loc.startswith("port:") and (side is None or d.units[u].side == side):
            ports[loc[5:]] = ports.get(loc[5:], 0) + 1
    areas = [f"{sp.name} [{FLAG.get(view['control'].get(a, ''), '-')}] "
             + " ".join(f"{FLAG[sd]}{at[a][sd]}" for sd in ("japan", "allies") if at[a].get(sd))
             for a, sp in d.areas.items() if a in at]
    out += textwrap.wrap("At sea: " + ("; ".join(areas) or "-"), 80, subsequent_indent="  ")[:5]
    held = [f"{d.bases[b].name} {n}" for b, n in sorted(ports.items(), key=lambda kv: -kv[1])]
    out += textwrap.wrap("In port: " + (", ".join(held) or "-"), 80, subsequent_indent="  ")[:3]
    if view.get("combat"):
        out.append(combat_text(view, d))
    return [fit(line) for line in out[:12]]


def render_board(view: dict[str, Any], compact: bool = False) -> str:
    """The whole board as text, showing only what the view's side may know; `compact`: at most 12 lines of 80
    columns."""
    from kaisen.games.victory_in_the_pacific import GAME
    d = GAME.data
    if compact:
        return "\n".join(compact_lines(view, d))
    side = view["side"]
    out = [f"Victory in the Pacific | Turn {view['turn']} | POC {standing(view['poc'])} | "
           f"you see as {SIDE_NAME.get(side, 'umpire')}"]
    by_loc: dict[str, list[str]] = {}
    for u, info in view["units"].items():
        by_loc.setdefault(info["loc"], []).append(u)
    out.append("Sea areas (POC Japan/Allies, control):")
    for a, sp in d.areas.items():
        ctl = FLAG.get(view["control"].get(a, ""), "-")
        forces = []
        for sd in ("japan", "allies"):
            units = [u for u in by_loc.get("sea:" + a, []) if d.units[u].side == sd]
            if units:
                forces.append(f"{SIDE_NAME[sd]}: " + ", ".join(unit_text(view, u) for u in units))
        out.append(f"  {sp.name:<22} {sp.poc_japan}/{sp.poc_allies} [{ctl}]  " + ("; ".join(forces) or "."))
    out.append("Ports and bases (holder):")
    for b, sp in d.bases.items():
        units = by_loc.get("port:" + b, [])
        held = FLAG[view["base_control"][b]]
        mark = "*" if sp.kind == "port" else " "
        out.append(f"  {mark}{sp.name:<20} [{held}] " + (", ".join(unit_text(view, u) for u in units) or "."))
    if view.get("combat"):
        out.append(combat_text(view, d))
    p = view["pending"]
    if p["kind"] == "decision" and p["side"] != side:     # the viewer's own: the menu under the board says it
        out.append(waiting_text(SIDE_NAME, p["side"], p["prompt"]))
    elif p["kind"] == "end":
        out.append("Game over.")                # the terminal's result line says who won
    return "\n".join(out)


