"""The action vocabulary (contract v2): every option id the game can ever offer, enumerated from the static data.

Each family of ids below is written next to the decision kind (flow.KINDS) that offers it. The sets are
supersets: a unit id is paired with every place or enemy it could conceivably be paired with, never with what
the rules make impossible for its kind (a submarine never targets in gunnery, an air unit never sorties).

Two families need a bound that is not in the data:
* the fleeing groups "g<n>" of a combat (8.2, 8.52): a combat creates a group when a side retreats (with units
  never grouped before) and when a unit is split off a group of two or more, so it never creates more groups
  than units fleeing in it: at most the number of ships and amphibious units in the game;
* the task forces "J<n>" / "A<n>" (20.2): a side's task forces in one area are never more than its units.
"""
from __future__ import annotations

FIXED = ("done", "all", "withdraw", "stay", "retreat", "partial", "day", "night", "newgroup", "home", "keep", "pass",
         "all-default")


def vocabulary(d, options: dict) -> frozenset[str]:
    """Every option id offered with these optional rules switched on (see the module docstring)."""
    on = {k for k, v in (options or {}).items() if v}
    units, areas, bases = d.units, sorted(d.areas), sorted(d.bases)
    by = {(side, kind): [u for u, sp in units.items() if sp.side == side and sp.kind == kind]
          for side in ("japan", "allies") for kind in ("ship", "lba", "amph", "sub")}
    ships = [u for u, sp in units.items() if sp.kind == "ship"]
    amph = [u for u, sp in units.items() if sp.kind == "amph"]
    lba = [u for u, sp in units.items() if sp.kind == "lba"]
    subs = [u for u, sp in units.items() if sp.kind == "sub"]
    fighters = {side: [u for u, sp in units.items() if sp.side == side and sp.kind != "sub"]
                for side in ("japan", "allies")}
    foe = {"japan": "allies", "allies": "japan"}
    strikers = [u for u, sp in units.items() if sp.kind in ("ship", "lba") and sp.airstrike > 0]
    out = set(FIXED)
    out.update(f"raid:{u}" for u in by[("japan", "ship")])                                      # pearl-harbor-raid
    out.update(f"at:{b}" for b in bases)                                                        # return-to-play
    out.update(f"remove:{u}" for u in by[("allies", "ship")])                                   # substitute
    for u in ships + amph + lba:                                                  # move-* and pearl-harbor-sortie
        out.add(f"sortie:{u}")
    for u in ships:
        out.add(f"raider:{u}")
        out.add(f"repair:{u}")
    if "air-strike-damage" in on:
        out.update(f"rebuild:{u}" for u in strikers)
        out.update(f"rebuild:{u}:{b}" for u in lba for b in bases)
    out.update(f"to:{x}" for x in areas + bases)                                   # destination, return-to-port
    out.update(f"place:{u}:{a}" for u in lba for a in areas)                                     # place-air
    out.update(f"sub:{u}:{a}" for u in subs for a in areas)                                      # place-submarine
    out.update(f"fight:{a}" for a in areas)                                                      # order-combats
    if "task-forces" in on:
        for side, prefix in (("japan", "J"), ("allies", "A")):
            tfs = [f"{prefix}{n}" for n in range(1, len(fighters[side]) + 1)]
            out.update(f"tf:{u}:{t}" for u in fighters[side] for t in tfs)                       # task-force
            for t in tfs:
                out.update((f"atk:{t}", f"hold:{t}", f"add:{t}", f"out:{t}"))      # task-force-attack, night
        for u in amph:
            out.update((f"inv:{u}", f"no:{u}"))                                                  # declare-invasion
        for side in fighters:
            for u in fighters[side]:
                out.update((f"flee:{u}", f"keep:{u}"))                                           # partial-retreat
    if "turn-9" in on:
        for u in by[("japan", "ship")]:
            out.update((f"kamikaze:{u}", f"normal:{u}"))                                         # kamikaze
    if "air-strike-damage" in on:
        for u in strikers:
            out.update((f"attack:{u}", f"defend:{u}"))                                           # airstrike-stance
        for side in fighters:
            bbs = [u for u in by[(side, "ship")] if units[u].type == "BB"]
            attackers = [u for u in strikers if units[u].side == foe[side]]
            out.update(f"aa:{b}:{s}" for b in bbs for s in attackers)                            # anti-aircraft
    for u in by[("allies", "ship")]:
        out.update((f"fire:{u}", f"hold:{u}"))                                                   # announce-night-fire
    for side in fighters:                                                                        # choose-target
        out.update(f"target:{u}:{t}" for u in fighters[side] for t in fighters[foe[side]])
    out.update(f"target:{u}:-" for u in by[("japan", "ship")])
    for side in fighters:                                              # submarine-attack, submarine-last-attack
        for u in by[(side, "sub")]:
            out.add(f"wait:{u}")
            targets = [t for t in fighters[foe[side]] if units[t].kind in ("ship", "amph")]
            out.update(f"sub:{u}:{t}" for t in targets)
            out.update(f"sub:{t}" for t in targets)
    groups = [f"g{n}" for n in range(1, len(ships) + len(amph) + 1)]
    for p in ships:                                                               # pursuit, continue-pursuit, air-raid
        out.update(f"pursue:{p}:{g}" for g in groups)
        out.update(f"raid:{p}:{b}" for b in bases)
        out.update((f"stay:{p}", f"stop:{p}"))
    for u in ships + amph:
        out.add(f"split:{u}")                                                                    # split-group
    for u in amph:                                                                               # land-or-invade
        out.add(f"stay:{u}")
        out.update(f"land:{u}:{b}" for b in bases)
        out.update(f"invade:{u}:{b}" for b in bases)
    out.update(f"invade:{b}" for b in bases)                                                     # end-of-turn-invasion
    out.update(f"land:{b}" for b in bases)
    if "invasion-combat" in on:                                                                  # island-target
        for side in fighters:
            mine = by[(side, "amph")] + ["garrison"]
            theirs = by[(foe[side], "amph")] + ["garrison"]
            out.update(f"itarget:{u}:{t}" for u in mine for t in theirs)
    return frozenset(out)
