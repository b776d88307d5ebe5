"""The terminal board (2.1-2.3): turn and time, the 9x6 hex map, the tracks, carriers, the viewer's display."""
from __future__ import annotations

from typing import Any

COLS = "ABCDEFGHI"
ROWS = range(1, 7)
SIDE_NAME = {"japan": "Japan", "usa": "US"}
FLEET_MARK = {"1af": "J", "mif": "I", "ijn-dmcv": "j", "csf": "U", "us-dmcv": "u"}


def hex_map(view: dict[str, Any]) -> list[str]:
    """Columns A-I, rows 1-6: fleets as letters (J 1AF, I Invasion Force, U CSF, j/u DMCVs), M Midway,
    digits the viewer's own strike groups (how many in the hex)."""
    cells: dict[str, str] = {}
    for f, h in view["fleets"].items():
        if "-" in str(h):
            cells[h] = cells.get(h, "") + FLEET_MARK.get(f, "?")
    cells[view["midway_hex"]] = cells.get(view["midway_hex"], "") + "M"
    for sd, disp in view["displays"].items():
        if disp is None:
            continue
        for g in disp["strike_groups"].values():
            cells[g["hex"]] = cells.get(g["hex"], "") + "*"
    # columns B, D, F, H sit half a hex higher (map.toml): each row is drawn on two lines, those columns first
    lines = ["      " + "".join(f"{c:^5}" for c in COLS)]
    for r in ROWS:
        for up in (True, False):
            row = "".join(f"{cells.get(f'{c}-{r}', '.'):^5}" if (i % 2 == 1) == up else "     "
                          for i, c in enumerate(COLS))
            lines.append(f"  {r if not up else ' '}   " + row)
    lines.append("  J 1AF  I Invasion Force  U CSF  j/u DMCV  M Midway  * your strike group")
    return lines


def box_label(box: str, names: dict[str, str]) -> str:
    """'deck:akagi:1' -> 'akagi deck 1' style labels for the display boxes."""
    kind, _, rest = box.partition(":")
    where, _, n = rest.partition(":")
    label = {"deck": f"{where} deck {n}", "hangar": f"{where} hangar", "cap": f"CAP {where}",
             "ret1": f"Return 1 {where}", "ret2": f"Return 2 {where}", "spent": f"CAP {where} (intercepted)",
             "setup": f"{where} (to place)", "sg": f"strike {where}"}.get(kind, box)
    return label


def display_lines(view: dict[str, Any], side: str) -> list[str]:
    disp = view["displays"][side]
    names = view["names"]
    out = [f"{SIDE_NAME[side]} display:"]
    for box, units in sorted(disp["boxes"].items()):
        if box.startswith("sg:"):
            continue                      # listed below with the strike group's hex
        out.append(f"  {box_label(box, names):<26} " + ", ".join(f"{names.get(q, q)} ({n})" for q, n in units))
    for gid, g in sorted(disp["strike_groups"].items()):
        out.append(f"  strike {gid} at {g['hex']}: " + ", ".join(names.get(q, q) for q in g["units"]))
    if disp["lost"]:
        out.append("  lost: " + ", ".join(names.get(q, q) for q in disp["lost"]))
    return out


def render_board(view: dict[str, Any]) -> str:
    """The whole board as text, showing only what the view's side may know."""
    who = "omniscient" if view["side"] is None else f"you see as {SIDE_NAME[view['side']]}"
    out = [f"Fury at Midway | Turn {view['turn']} of 7 | {view['time']}{' | NIGHT' if view['night'] else ''}"
           f" | {who}"]
    out += hex_map(view)
    out.append(f"Midway Garrison {view['garrison']} | Invasion {view['invasion'] or 'X'} | Midway held by "
               f"{SIDE_NAME.get(view['midway_control'], view['midway_control'])} | AOP Japan {view['aop']['japan']}, "
               f"US {view['aop']['usa']}" + (" | Japan declared a Midway attack" if view["declared"] else ""))
    fleets = ", ".join(f"{f} {h}" for f, h in view["fleets"].items())
    out.append(f"Fleets: {fleets}")
    if view["plot"]:
        out.append("Your plot: " + "; ".join(f"{f} {' -> '.join(p)}" for f, p in view["plot"].items()))
    cv = []
    for k, c in view["carriers"].items():
        state = "SUNK" if c["sunk"] else (f"damaged {c['damaged']}" if c["damaged"] else "intact")
        cv.append(f"{c['name']} {state}")
    out.append("Carriers: " + "; ".join(cv))
    for sd in ("japan", "usa"):
        if view["displays"][sd] is not None:
            out += display_lines(view, sd)
    for sd in ("japan", "usa"):
        hand = view["hands"][sd]
        titles = view.get("card_titles", {})
        out.append(f"{SIDE_NAME[sd]} hand: " + (", ".join(f"{n:02d} {titles.get(str(n), '')}".rstrip() for n in hand)
                                                 or "-" if hand is not None
                                                 else f"{view['hand_sizes'][sd]} card(s)"))
    out.append(f"Cards played: {', '.join(f'{n:02d}' for n in view['played']) or '-'} | deck {view['deck_size']}")
    a = view["attack"]
    if a:
        out.append(f"Attack: {SIDE_NAME[a['side']]} strike {a['gid']} on {a['target']} ({a['stage']}): "
                   + ", ".join(view["names"].get(q, q) for q, _ in a["units"]))
    p = view["pending"]
    if p["kind"] == "end":
        out.append(f"Game over: {SIDE_NAME.get(p['winner'], 'nobody (draw)')} wins. {p['summary']}")
    elif p["kind"] == "chance":
        out.append(f"Dice: {p['reason']}")
    else:
        out.append(f"{SIDE_NAME[p['side']]}: {p['prompt']}")
    return "\n".join(out)
