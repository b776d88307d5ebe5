"""What each side sees (rulebook: every token is on the table, so both sides and a spectator see the same board;
only the pending decision's prompt is the deciding side's). The view also carries the exact position, from which
`sample_state` rebuilds the state: Fighters of the Pacific has no hidden information and no dice."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Decision, End
from kaisen.games.fighters_of_the_pacific import aa, ships as ship_moves
from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name, roster, ship_name
from kaisen.games.fighters_of_the_pacific.flow import PHASE_NAMES
from kaisen.games.fighters_of_the_pacific.state import SIDES, FotPState

PUBLIC = "public"


def view(s: FotPState, d, side: str | None, pause) -> dict[str, Any]:
    if side not in (None, PUBLIC, *SIDES):
        raise ValueError(f"unknown viewer {side!r}")
    c = Ctx(s, d)
    sc = c.sc
    lay = c.layout
    in_action = set(aa.units(c))
    planes = []
    for k, p in sorted(s.planes.items()):
        spec = d.aircraft[p.type]
        planes.append({"id": k, "side": p.side, "type": p.type, "name": spec.name, "hex": hex_name(p.hex),
                       "facing": p.facing, "alt": p.alt, "damage": p.damage, "armor": spec.armor,
                       "speed": spec.speed, "ordnance": p.ordnance, "activated": p.activated,
                       "traits": list(spec.traits)})
    ships = []
    for k, x in sorted(s.ships.items()):
        segs = d.ship_classes[x.cls].segments
        ships.append({"id": k, "side": x.side, "name": ship_name(d, k, x.token), "class": x.cls,
                      "hexes": [hex_name(h) for h in x.hexes], "stationary": ship_moves.stationary(c, k),
                      "segments": [{"name": seg, "hex": hex_name(h), "hit": x.hit[i],
                                    "aa": f"{k}/{seg}" in in_action and f"{k}/{seg}" not in s.aa_done}
                                   for i, (seg, h) in enumerate(zip(segs, x.hexes))]})
    sites = [{"id": k, "kind": st.kind, "side": st.side, "hex": hex_name(st.hex), "destroyed": st.destroyed,
              "activated": k in s.aa_done} for k, st in sorted(s.sites.items())]
    if isinstance(pause, End):
        pending = {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    else:
        mine = side in (None, pause.side)
        pending = {"kind": "decision", "side": pause.side, "decision": pause.kind,
                   "prompt": pause.prompt if mine else f"{pause.side} is deciding"}
    m = s.move
    return {
        "game": "fighters-of-the-pacific", "side": side, "scenario": s.scenario, "number": sc.number,
        "title": sc.name, "setting": sc.setting, "turn": s.turn, "end_turn": sc.end_turn, "phase": s.phase,
        "phase_name": PHASE_NAMES.get(s.phase, s.phase), "initiative": s.initiative, "turn_side": s.turn_side,
        "rules": list(sc.rules),
        "board": {"cols": lay.cols, "rows": lay.rows, "clouds": sorted(hex_name(h) for h in lay.clouds),
                  "islands": sorted(hex_name(h) for h in lay.islands),
                  "modules": [list(r) for r in sc.boards]},
        "planes": planes, "ships": ships, "sites": sites,
        "torpedoes": [{"side": t.side, "hex": hex_name(t.hex), "facing": t.facing} for t in s.torpedoes],
        "barrages": [{"side": b.side, "hex": hex_name(b.hex), "source": b.source} for b in s.barrages],
        "vp": dict(s.vp), "scored": [list(x) for x in s.scored],
        "groups": [list(g) for g in s.groups], "active_group": list(s.group),
        "move": None if m is None else {"plane": m.plane, "mode": m.mode, "mp": m.mp, "path": list(m.path)},
        "chain": [{"shooter": x.shooter, "target": x.target} for x in s.chain],
        "exits": [{"side": e.side, "edge": e.edge} for e in sc.exit],
        "reinforcements": [{"id": e.id, "side": e.side, "type": e.type, "turn": e.turn, "zone": e.zone,
                            "ordnance": e.ordnance}
                           for e in roster(d, s.scenario) if e.turn >= s.turn],
        "pending": pending,
        "position": s.to_json(),
    }
