"""The terminal board (2.1-2.3): turn and time, the 9x6 hex map, the tracks, carriers, the viewer's display."""
from __future__ import annotations

import textwrap
from typing import Any

from kaisen.engine.pending import dice_text, waiting_text


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


def fit(text: str, width: int = 80) -> str:
    """One line of at most `width` columns (cut with an ellipsis)."""
    return text if len(text) <= width else text[:width - 1] + "…"


def display_brief(view: dict[str, Any], side: str) -> list[str]:
    """A side's display in brief: squadrons by carrier and box kind (deck, hangar, CAP, returning), strike
    groups with their hex."""
    disp = view["displays"][side]
    where: dict[str, dict[str, int]] = {}
    kinds = {"deck": "deck", "hangar": "hangar", "cap": "CAP", "spent": "CAP", "ret1": "ret", "ret2": "ret",
             "setup": "to place"}
    for box, units in disp["boxes"].items():
        kind, _, rest = box.partition(":")
        if kind == "sg":
            continue
        place = view["carriers"].get(rest.split(":")[0], {}).get("name", rest.split(":")[0])
        key = kinds.get(kind, kind)
        where.setdefault(place, {})[key] = where.get(place, {}).get(key, 0) + len(units)
    parts = [f"{p} " + " ".join(f"{k} {n}" for k, n in sorted(c.items())) for p, c in sorted(where.items())]
    out = textwrap.wrap(f"{SIDE_NAME[side]} squadrons: " + "; ".join(parts), 80, subsequent_indent="  ")[:2]
    if disp["strike_groups"]:
        out.append(fit("  strikes: " + "; ".join(f"{g} {sg['hex']} ({len(sg['units'])})"
                                                for g, sg in sorted(disp["strike_groups"].items()))))
    return [fit(line) for line in out]


def compact_lines(view: dict[str, Any]) -> list[str]:
    """The board in at most 12 lines of 80 columns: turn and time, AOP, Midway, fleets, carriers, the viewer's
    squadrons and hand, the attack under way."""
    who = "all" if view["side"] is None else SIDE_NAME[view["side"]]
    out = [fit(f"Turn {view['turn']}/7 {view['time']}{' NIGHT' if view['night'] else ''} | AOP J "
               f"{view['aop']['japan']} US {view['aop']['usa']} | Midway {SIDE_NAME.get(view['midway_control'], '-')}"
               f" garrison {view['garrison']} | {who}")]
    out.append(fit("Fleets: " + ", ".join(f"{f} {h}" for f, h in view["fleets"].items() if h != "unformed")))
    if view["plot"]:
        out.append(fit("Your plot: " + "; ".join(f"{f} {' -> '.join(p)}" for f, p in view["plot"].items())))
    for sd in ("japan", "usa"):
        cvs = [(c["name"], "SUNK" if c["sunk"] else f"dmg {len(c['damaged'])}" if c["damaged"] else "ok")
               for c in view["carriers"].values() if c["side"] == sd]
        out.append(fit(f"{SIDE_NAME[sd]} carriers: " + ", ".join(f"{n} {st}" for n, st in cvs)))
    for sd in ("japan", "usa"):
        if view["displays"][sd] is not None:
            out += display_brief(view, sd)
    for sd in ("japan", "usa"):
        hand = view["hands"][sd]
        if hand is not None:
            out.append(fit(f"{SIDE_NAME[sd]} hand: " + (", ".join(f"{n:02d}" for n in hand) or "-")))
    a = view["attack"]
    if a:
        out.append(fit(f"Attack: {SIDE_NAME[a['side']]} strike {a['gid']} on {a['target']} ({a['stage']})"))
    return out[:12]


def render_board(view: dict[str, Any], compact: bool = False) -> str:
    """The whole board as text, showing only what the view's side may know; `compact`: at most 12 lines of 80
    columns."""
    if compact:
        return "\n".join(compact_lines(view))
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
        out.append("Game over.")                # the terminal's result line says who won
    elif p["kind"] == "chance":
        out.append(dice_text(p["reason"]))
    elif p["side"] != view["side"]:          # the viewer's own decision: the menu under the board says it
        out.append(waiting_text(SIDE_NAME, p["side"], p["prompt"]))
    return "\n".join(out)


