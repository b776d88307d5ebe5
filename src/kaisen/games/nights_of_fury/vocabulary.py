"""Contract v2: the action vocabulary of a battle, every option id a scenario's battle can offer (the keys of a
search's statistics; sorted, a fixed action space)."""
from __future__ import annotations


def vocabulary(d, scenario: str) -> frozenset[str]:
    """The action vocabulary of one scenario (see NightsOfFury.action_vocabulary)."""
    sc = d.scenario(scenario)
    ids = {"move-first", "move-second", "hold", "steady", "evasive", "smoke", "evasive+smoke", "dark", "cease",
           "disengage", "stay"}
    ids.update(f"band:{b}" for b in range(1, d.data.board.bands + 1))
    ids.update(f"land:{u.unit}" for u in sc.land_unit)
    ids.update(f"formation:{f}" for f in d.formations)
    for div in sc.division:
        ships = list(div.ships)
        divisions = [div.id] + [f"{div.id}/{n}" for n in range(1, len(ships) + 1)]
        for q in ships:
            ids.add(f"fire:{q}")
            ids.update(f"detach:{q}:{p}" for p in ("disengage-1", f"disengage-{d.data.board.bands}", "torpedo",
                                                     "pursue"))
        for v in divisions:
            ids.add(f"lights:{v}")
            ids.update(f"at:{v}:{pos}" for pos in range(1, len(ships) + 1))
    return frozenset(ids)
