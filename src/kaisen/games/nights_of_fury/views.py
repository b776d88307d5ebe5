"""Fog of war (B, D.4, H): what each side may know, built from an allow-list.

A side sees its own divisions and ships in full. Enemy division markers are on the battle map (their bands are
public); the ships under them are face-down cards: a side sees an enemy stack's ships by position only while it
has the division Spotted or Identified this turn, their classes once Identified, and the number of ships in the
enemy force as its intelligence level allows (H). The public view (a spectator's) shows what neither side's view
hides."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Chance, Decision, End
from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.state import LEVEL_NAME, SIDES, SPOTTED, UNSEEN, NoFState, other

PUBLIC = "public"


def view(s: NoFState, d, side: str | None, pause) -> dict[str, Any]:
    if side not in (None, PUBLIC, *SIDES):
        raise ValueError(f"unknown viewer {side!r}")
    c = Ctx(s, d)
    sc = d.scenario(s.scenario)
    divisions = []
    for div in s.divisions.values():
        own = side is None or side == div.side
        afloat = c.afloat(div)
        level = s.level(side, div.id) if side in SIDES and side != div.side else UNSEEN
        if level == UNSEEN and side in SIDES and div.id in s.fired_spotted and s.phase != "gunnery":
            level = SPOTTED         # D.4: its guns gave it away; the torpedoes may aim at it by position
        entry = {"id": div.id, "side": div.side, "name": div.name, "band": div.band, "in_battle": bool(afloat),
                 "detected": LEVEL_NAME[s.level(other(div.side), div.id)],
                 "evasive": div.evasive, "smoke": div.smoke, "searchlight": div.searchlight,
                 "detached": div.detached, "disengaging": div.disengaging}
        entry["count"] = len(afloat) if own or _knows_counts(c, side, div.side) else None
        if own:
            entry.update(formation=div.formation, speed=c.division_speed(div) if afloat else 0, role=div.role,
                         heading=div.heading, moved=div.moved, supplied=div.supplied,
                         gave_away=div.id in s.fired_spotted, ships=[_own_ship(c, q) for q in div.ships])
        elif level > UNSEEN and afloat:
            entry["ships"] = [_seen_ship(c, side, q, i + 1) for i, q in enumerate(afloat)]
        else:
            entry["ships"] = {}
        divisions.append(entry)
    sides = {}
    for sd in SIDES:
        setup = d.side_setup(s.scenario, sd)
        cmd = s.commanders.get(sd)
        sides[sd] = {
            "commander": None if cmd is None else {
                "id": cmd[0], "name": d.commanders[cmd[0]].name, "alive": cmd[2],
                "combat": c.rating(sd, "combat"), "cohesion": c.rating(sd, "cohesion"),
                "detection": c.rating(sd, "detection"),
                "ship": cmd[1] if side is None or side == sd else None},
            "intelligence": setup.intelligence, "mission": setup.mission, "home_edge": setup.home_edge,
            "force": _force(c, side, sd),
            "sunk": sum(1 for q, st in s.ships.items() if d.ships[q].side == sd and st.status == "sunk"),
            "disengaged": sum(1 for q, st in s.ships.items() if d.ships[q].side == sd and st.status == "disengaged"),
        }
    if isinstance(pause, End):
        pending = {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    elif isinstance(pause, Chance):
        private = s.step.startswith(("event-ship:", "mistake-pick:"))
        public = not private or side == s.step.split(":")[1]
        pending = {"kind": "chance", "reason": pause.reason if side is None or public else "dice are rolled",
                   "dice": len(pause.dice) if side is None or public else None}
    else:
        mine = side in (None, pause.side)
        pending = {"kind": "decision", "side": pause.side,
                   "prompt": pause.prompt if mine else f"{pause.side} is deciding"}
    return {
        "game": "nights-of-fury", "side": side, "scenario": s.scenario, "title": sc.name, "date": sc.date,
        "turn": s.turn, "turns": sc.turns, "phase": s.phase, "initiative": s.initiative,
        "environment": {"light": sc.light, "weather": sc.weather, "visibility": sc.visibility, "sea": sc.sea},
        "land": [{"name": m.name, "band": b} for m, b in d.land_markers(s.scenario)],
        "land_units": [{"id": u.unit, "name": d.data.land_units[u.unit].name, "band": u.band,
                        "damage": s.land.get(u.unit, 0), "destroyed": s.land.get(u.unit, 0) >= d.land_destroyed}
                       for u in sc.land_unit],
        "events": [[k, v, last, on] for k, v, last, on in s.effects
                   if last >= s.turn and (on in ("battle", *SIDES) or on in s.divisions)],
        "options": dict(s.options), "divisions": divisions, "sides": sides, "pending": pending,
        "control": control(s, side),
        "vp": dict(s.vp) if s.result is not None else None,
        "result": None if s.result is None else {"winner": s.result[0], "score": s.result[1]},
        **({} if s.own is None else {"set_up": set_up(s, d, side)}),
    }


def set_up(s: NoFState, d, side: str | None) -> dict[str, Any]:
    """A, G: what `side` knows of a generated battle's or campaign mission's set-up. Public: the generator's rolls
    (environment, intelligence, start bands, land markers, missions), which sides have rolled their ship limits and
    sent their force to sea, the commanders tried and the one who commands (a pool commander by his own id: the
    experience on his card is his side's; a stand-in with the ratings rolled in the open), the set-up step and the
    experience rolls still to come. Its own: its limits, the ships it assigned (in order), its commander's card and
    flagship (E). Never the enemy's limits, ships or flagship."""
    own = s.own
    step = s.step if s.phase in ("setup", "campaign") else ""
    out: dict[str, Any] = {
        "kind": own.kind, "step": step, "env": dict(own.env), "intelligence": dict(own.intelligence),
        "bands": dict(own.bands), "land": [[m, b] for m, b in own.land], "missions": dict(own.missions),
        "rolled": [x for x in SIDES if x in own.limits], "sailed": [x for x in SIDES if _sailed(s, x)],
        "tried": {x: list(v) for x, v in own.tried.items()},
        "commanders": {x: k if k.startswith("stand-in") else k.partition("|")[0] for x, k in own.commander.items()},
        "todo": list(s.todo) if s.phase == "campaign" else []}
    for sd in SIDES:
        if side is None or side == sd:
            out[sd] = {"limits": dict(own.limits.get(sd, {})), "chosen": list(own.chosen.get(sd, [])),
                       "commander": own.commander.get(sd), "flagship": own.flagship.get(sd)}
    return out


def _sailed(s: NoFState, sd: str) -> bool:
    """G: the side has assigned its force (its 'done' is announced): its commander is being found, or later."""
    own = s.own
    if own.spec is not None or sd in own.commander or own.tried.get(sd):
        return True
    head, _, arg = s.step.partition(":")
    return head in ("commander", "avail", "stand-in", "flagship") and arg.partition(":")[0] == sd


def control(s: NoFState, side: str | None = None) -> dict[str, Any] | None:
    """Where the turn stands, as `side` knows it, at the steps a search starts from: in the Movement Phase the
    order of moving and the divisions still to move (their markers are on the map); the side choosing searchlights
    (J); at a pick or aim of alternating fire (D.5, D.6) whose turn it is, who has ceased, the quotas, the divisions
    whose guns gave them away (D.4), the viewer's own ships that have fired, its shot being aimed and its mistaken
    ships (I), and only how many enemy ships have fired; the divisions still to decide on disengaging (D.8), a
    detached ship's roll by her division's marker. Elsewhere (dice being rolled on ships) nothing."""
    if s.phase == "movement":
        return {"step": s.step, "todo": list(s.todo), "first_mover": s.first_mover, "moving": s.moving}
    step = s.step.partition(":")[0]
    if step == "lights":
        return {"step": s.step, "todo": list(s.todo)}
    if step == "leave":
        return {"step": s.step, "todo": [q if q in s.divisions else "roll:" + s.ships[q].division for q in s.todo]}
    f = s.fire
    if step not in ("pick", "aim", "volley") or f is None:
        return None
    out = {"step": s.step, "turn_side": f.turn_side, "passed": list(f.passed), "quota": dict(f.quota),
           "gave_away": list(s.fired_spotted)}
    if side not in (None, *SIDES):
        return out                  # a spectator: only what both sides see alike
    sides = SIDES if side is None else (side,)
    mine = [q for q in f.fired if s.divisions[s.ships[q].division].side in sides]
    out.update(fired=mine, enemy_fired=len(f.fired) - len(mine),
               mistaken={q: t for q, t in s.mistaken.items() if s.divisions[s.ships[q].division].side in sides})
    if step == "aim" and s.divisions[s.ships[f.shooter].division].side in sides:
        out.update(shooter=f.shooter, left=list(f.left), weapon=f.weapon)
    return out


def _own_ship(c: Ctx, q: str) -> dict[str, Any]:
    sp, st = c.spec(q), c.s.ships[q]
    return {"id": q, "name": sp.name, "class": sp.class_name, "type": sp.type, "status": st.status,
            "structure": st.structure, "flotation": st.flotation, "boxes": [sp.structure, sp.flotation],
            "fire": st.fire, "speed": c.speed(q), "defense": sp.defense, "size": sp.size,
            "batteries": [[b.name, b.firepower, b.reach] for b in sp.batteries],
            "torpedoes": list(st.torpedoes), "reloads": st.reloads, "ready": list(st.ready),
            "searchlight": st.searchlight, "left_at": st.left_at, "radar": [sp.radar_s, sp.radar_f],
            "events": [[k, v, last] for k, v, last, on in c.s.effects if on == q and last >= c.s.turn]}


def _seen_ship(c: Ctx, side: str, q: str, pos: int) -> dict[str, Any]:
    """An enemy ship in a detected stack: its position and its damage (the markers lie on its card); the class
    only once identified."""
    st = c.s.ships[q]
    out = {"position": pos, "structure": st.structure, "flotation": st.flotation, "fire": st.fire}
    if q in c.s.identified.get(side, ()):
        sp = c.spec(q)
        out.update({"class": sp.class_name, "type": sp.type})
    return out


def _knows_counts(c: Ctx, viewer: str | None, sd: str) -> bool:
    """H: how many cards lie in an enemy stack is known where the viewer knows the enemy's numbers (Fair or
    better, or with the optional rule off); the spectator knows it where the enemy does."""
    s, d = c.s, c.d
    if viewer is None or viewer == sd or not s.option("intelligence"):
        return True
    looker = other(sd) if viewer == PUBLIC else viewer
    return d.data.intelligence[d.intelligence(s.scenario, looker)].knows != "nothing"


def _force(c: Ctx, viewer: str | None, sd: str) -> dict[str, Any]:
    """What the viewer knows of a side's force size (H): everything of its own; of the enemy what its
    intelligence level tells (with the optional rule off, the scenario's forces are known)."""
    s, d = c.s, c.d
    ships = [q for q in d.scenario(s.scenario).ships_of(sd)]
    full = {"ships": len(ships), "capital": sum(1 for q in ships if d.ships[q].type in ("BB", "CA")),
            "types": _types(d, ships)}
    if viewer is None or viewer == sd or not s.option("intelligence"):
        return full
    if viewer == PUBLIC:
        return {}
    knows = d.data.intelligence[d.intelligence(s.scenario, viewer)].knows
    if knows == "nothing":
        return {}
    if knows == "count":
        return {"ships": full["ships"]}
    if knows == "capital":
        return {"ships": full["ships"], "capital": full["capital"]}
    return full


def _types(d, ships) -> dict[str, int]:
    out: dict[str, int] = {}
    for q in ships:
        t = d.ships[q].type
        out[t] = out.get(t, 0) + 1
    return out
