"""The action vocabulary of a scenario (contract v2): every option id a game of it can ever offer."""
from __future__ import annotations

from kaisen.games.fighters_of_the_pacific.common import hex_name, roster
from kaisen.games.fighters_of_the_pacific.flight import MANEUVERS
from kaisen.games.fighters_of_the_pacific.ships import MOVE_NAME


def vocabulary(d, scenario: str) -> frozenset[str]:
    sc = d.scenarios[scenario]
    cells = [hex_name(h) for h in d.layouts[scenario].hexes]
    planes = [e.id for e in roster(d, scenario)]
    aa = [f"{sh.id}/{seg}" for sh in sc.ship for seg in d.ship_class_of(sh).segments]
    aa += [f"aa@{hex_name(g.hex)}" for g in sc.ground_aa]
    ids = {m.name for m in MANEUVERS} | {f"split-s:{k}" for k in range(6)}
    ids |= {"end", "pivot-left", "pivot-right", "no-dodge", "torpedo", "dive-bomb", "hold", "respond",
            "no-response", "pass", "no-barrage"}
    ids |= {f"level-bomb:{h}" for h in cells} | {f"barrage:{h}" for h in cells} | {f"place:{h}" for h in cells}
    ids |= {f"shoot:{k}" for k in planes} | {f"activate:{k}" for k in planes} | {f"plane:{k}" for k in planes}
    ids |= {f"aa:{a}" for a in aa} | {f"ship:{v}" for v in MOVE_NAME.values()}
    return frozenset(ids)
