"""The terminal board (2.1-2.5): the POC track, the thirteen sea areas with their POC, control and forces,
the ports and bases with who holds them and what lies there."""
from __future__ import annotations

from typing import Any

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


def render_board(view: dict[str, Any]) -> str:
    from kaisen.games.victory_in_the_pacific import GAME
    d = GAME.data
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
        out.append(f"Combat: {view['combat']}")
    p = view["pending"]
    if p["kind"] == "decision":
        out.append(f"{SIDE_NAME.get(p['side'], p['side'])}: {p['prompt']}")
    elif p["kind"] == "end":
        out.append(p["summary"])
    return "\n".join(out)
