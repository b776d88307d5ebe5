"""A. The battle generator: a battle whose conditions, forces, commanders and missions are rolled, every die a
Chance node the table can type. The same set-up opens each mission of the campaign game (G, campaign.py).

The set-up runs in the state's phase "setup", one step at a time:
  gen-env (light, weather, visibility, sea) -> gen-intel (IJN, USN) -> gen-bands -> gen-land -> gen-missions
  (IJN, USN) -> for each side, IJN first: gen-limit (one die batch: every ship type's limit, Campaign Charts)
  -> assign (Decision "assign-ship": add a ship of the pool within the limits, or done once each minimum is met)
  -> commander (Decision "pick-commander") -> avail (his availability roll; a failure sends the side back to
  pick another) -> stand-in (Random Commander Table, three dice, when no pool commander comes).
Then the battle's own ScenarioSpec is made (`make_spec`) and kept in the state: the state's scenario id is an
`OwnScenario` (a str, "generated" or "campaign") that carries the spec, and `Rules.scenario` reads it from there.
The set-up in progress and the campaign live in `state.own` (a `Setup`), whose JSON round trip is exact.

Designed where the rulebook is silent (RULES.md): ships form divisions by type (battleships and heavy cruisers;
light cruisers; destroyers in fours; PT boats); a transport or supply mission rides on the destroyer divisions,
a bombardment on the heaviest division; the player puts his commander on a ship of his choice (E);
a supply mission without a coast marker gets the Guadalcanal coast at its far band, a bombardment gets
Henderson Field there; the USN's home edge is band 1, the IJN's band 10; a stand-alone generated battle draws
its ships and commanders from the whole navy (months ignored)."""
from __future__ import annotations

from functools import partial
from typing import Any

import msgspec

from kaisen.engine.core import Chance, Decision, Option, Scenario
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.data import SHIP_TYPES, ScenarioSpec
from kaisen.games.nights_of_fury.own import (CAMPAIGN, DD_PER_DIVISION, ENV, FORMAT, GENERATED, HOME, MAX_DIVISIONS,
                                            ORDER, OWN_KINDS, TRAITS, CommanderCards, OwnScenario, Setup,
                                            scenario_id, setup_from_json, setup_to_json)
from kaisen.games.nights_of_fury.state import other
from kaisen.games.nights_of_fury.vocabulary import vocabulary as battle_vocabulary

def put(c: Ctx, **changes) -> Setup:
    """Replace the set-up record with a changed copy (the old one may be shared with other states)."""
    c.s.own = msgspec.structs.replace(c.s.own, **changes)
    return c.s.own


def navy_ships(d, side: str) -> list[str]:
    """Every named ship of a navy, in the data's order."""
    return [q for q, card in d.ships.items() if card.side == side]


def navy_commanders(d, side: str) -> list[str]:
    return [k for k, cm in d.commanders.items() if cm.navy == side and "|" not in k]


def ship_pool(c: Ctx, side: str) -> list[str]:
    """The ships a side may assign: the campaign's survivors not under repair, or the whole navy (A)."""
    own = c.s.own
    if own.kind == CAMPAIGN:
        return [q for q in own.pool[side] if q not in own.repair]
    return navy_ships(c.d, side)


def month(c: Ctx) -> int:
    own = c.s.own
    return c.d.data.campaign.first_month + own.mission - 1


def commander_pool(c: Ctx, side: str) -> list[str]:
    """The commanders a side may still try for this battle: alive, in the theatre this month (campaign), not
    yet failed their availability roll (G)."""
    own = c.s.own
    tried = own.tried.get(side, [])
    if own.kind == CAMPAIGN:
        m = month(c)
        return [k for k in own.cards if c.d.commanders[k].navy == side and k not in tried
                and m in c.d.commanders[k].months]
    return [k for k in navy_commanders(c.d, side) if k not in tried]


def commander_id(base: str, ratings: tuple[int, int, int]) -> str:
    """The id a battle uses for a commander: his own id while his ratings are the data's, else
    "<id>|combat|cohesion|detection" (Rules.commanders reads it)."""
    return base + "|" + "|".join(str(v) for v in ratings)


# -- the sequence --------------------------------------------------------------------------------------------
def start(c: Ctx, kind: str = GENERATED) -> None:
    """A: begin a generated battle's set-up (the campaign calls it for each mission with the record made)."""
    s = c.s
    if s.own is None:
        s.own = Setup(kind)
    s.phase = "setup"
    s.step = "gen-env"


def pause_env(c: Ctx, arg: str) -> Chance:
    return Chance((6, 6, 6, 6), "Battle generator: light, weather, visibility and sea state", "A",
                  ("light", "weather", "visibility", "sea"))


def on_env(c: Ctx, arg: str, faces) -> None:
    env = {k: c.d.data.generator_roll(k, f) for k, f in zip(ENV, faces)}
    put(c, env=env)
    c.note("setup", "A", _env_text, env["light"], env["weather"], env["visibility"], env["sea"])
    c.s.step = "gen-intel"


def pause_intel(c: Ctx, arg: str) -> Chance:
    return Chance((6, 6), "Battle generator: intelligence level of each side (H)", "A, H",
                  tuple(side_name(x) for x in ORDER))


def on_intel(c: Ctx, arg: str, faces) -> None:
    intel = {side: c.d.data.generator_roll("intelligence", f) for side, f in zip(ORDER, faces)}
    put(c, intelligence=intel)
    c.note("setup", "A, H", _intel_text, intel["ijn"], intel["usn"])
    c.s.step = "gen-bands"


def pause_bands(c: Ctx, arg: str) -> Chance:
    return Chance((6,), "Battle generator: start bands", "A")


def on_bands(c: Ctx, arg: str, faces) -> None:
    row = next(r for r in c.d.data.start_bands if faces[0] in r.faces)
    put(c, bands={"usn": row.usn, "ijn": row.ijn})
    c.note("setup", "A", _bands_text, row.usn, row.ijn)
    c.s.step = "gen-land"


def pause_land(c: Ctx, arg: str) -> Chance:
    return Chance((6,), "Battle generator: land markers", "A, B")


def on_land(c: Ctx, arg: str, faces) -> None:
    row = next(r for r in c.d.data.generator_land if faces[0] in r.faces)
    land = [(m, b) for m, b in zip(row.markers, row.bands)]
    put(c, land=land)
    c.note("setup", "A, B", _land_text, tuple((c.d.data.markers[m].name, b) for m, b in land))
    c.s.step = "gen-missions"


def pause_missions(c: Ctx, arg: str) -> Chance:
    return Chance((6, 6), "Missions (Campaign Charts): IJN, then USN", "A, G", tuple(side_name(x) for x in ORDER))


def on_missions(c: Ctx, arg: str, faces) -> None:
    missions = {side: c.d.data.mission_roll(side, f) for side, f in zip(ORDER, faces)}
    put(c, missions=missions)
    c.note("setup", "A, G", _missions_text, missions["ijn"], missions["usn"])
    _limits_next(c)


def _limits_next(c: Ctx) -> None:
    own = c.s.own
    for side in ORDER:
        if side not in own.limits:
            c.s.step = "gen-limit:" + side
            return
    c.s.step = "assign:" + ORDER[0]


def _limit_rows(c: Ctx, side: str):
    mission = c.s.own.missions[side]
    return [c.d.data.ship_limit(side, mission, t) for t in SHIP_TYPES]


def pause_limit(c: Ctx, side: str) -> Chance:
    rows = _limit_rows(c, side)
    dice = tuple(6 for r in rows for _ in range(r.dice))
    labels = tuple(r.type for r in rows for _ in range(r.dice))
    return Chance(dice, f"Ship limits for the {side_name(side)} {c.s.own.missions[side]} mission (Campaign Charts)",
                  "G", labels)


def on_limit(c: Ctx, side: str, faces) -> None:
    """G: each type's limit is its dice + modifier, never below its minimum, never above the ships in the pool."""
    pool = ship_pool(c, side)
    have = {t: sum(1 for q in pool if c.d.ships[q].type == t) for t in SHIP_TYPES}
    limits, i = {}, 0
    for r in _limit_rows(c, side):
        dice = tuple(faces[i:i + r.dice])
        i += r.dice
        limits[r.type] = min(have[r.type], r.limit(dice))
    put(c, limits={**c.s.own.limits, side: limits}, chosen={**c.s.own.chosen, side: []})
    # the limits are the side's own (its ships go face down, B): only it reads them, as only its view shows them
    c.note_to(side, "setup", "G", _limits_text, side, tuple((t, n) for t, n in limits.items() if n))
    _limits_next(c)


def minimum(c: Ctx, side: str, ship_type: str) -> int:
    """The ships of a type a side must take: the chart's minimum, as far as the limit allows (G)."""
    row = c.d.data.ship_limit(side, c.s.own.missions[side], ship_type)
    return min(row.min, c.s.own.limits[side][ship_type])


def assign_options(c: Ctx, side: str) -> list[Option]:
    """Add one more ship of a type still under its limit, or done once every minimum is met (G)."""
    own = c.s.own
    chosen = own.chosen[side]
    count = {t: 0 for t in SHIP_TYPES}
    for q in chosen:
        count[c.d.ships[q].type] += 1
    opts = [Option("add:" + q, None, {"verb": "add", "ship": q, "type": c.d.ships[q].type},
                   partial(_add_label, c.d.ships[q].name))
            for q in ship_pool(c, side)
            if q not in chosen and count[c.d.ships[q].type] < own.limits[side][c.d.ships[q].type]]
    if chosen and all(count[t] >= minimum(c, side, t) for t in SHIP_TYPES) or not opts:
        opts.append(Option("done", "Done: the force sails", {"verb": "done", "ships": len(chosen)}))
    return opts


def _add_label(name: str, o: Option) -> str:
    return f"Add {name} ({o.fields['type']})"


def pause_assign(c: Ctx, side: str) -> Decision:
    lim = c.s.own.limits[side]
    return Decision(side, f"{side_name(side)} {c.s.own.missions[side]} mission: assign ships (limits "
                          f"{', '.join(f'{t} {n}' for t, n in lim.items() if n)})",
                    tuple(assign_options(c, side)), "G", "assign-ship")


def on_assign(c: Ctx, side: str, answer: str) -> None:
    own = c.s.own
    if answer != "done":
        q = answer.partition(":")[2]
        put(c, chosen={**own.chosen, side: own.chosen[side] + [q]})
        c.note_to(side, "setup", "G", _assigned_text, c.d.ships[q].name)
        return
    c.note("setup", "G", _sails_text, side)
    _commander_next(c, side)


def _commander_next(c: Ctx, side: str) -> None:
    """G: try pool commanders until one is available; with none left, the Random Commander Table."""
    own = c.s.own
    if side in own.commander and own.commander[side] and side not in own.flagship:
        c.s.step = "flagship:" + side
        return
    if side in own.commander:
        nxt = [x for x in ORDER if x not in own.commander]
        if nxt:
            c.s.step = "assign:" + nxt[0]
            return
        begin_battle(c)
        return
    c.s.step = ("commander:" if commander_pool(c, side) else "stand-in:") + side


def pause_commander(c: Ctx, side: str) -> Decision:
    opts = tuple(Option("commander:" + k, None, {"verb": "commander", "commander": k,
                                                  "availability": c.d.commanders[k].availability}, _cmd_label)
                 for k in commander_pool(c, side))
    return Decision(side, "Which commander do you try for this mission?", opts, "G",
                    "pick-commander")


def _cmd_label(o: Option) -> str:
    return f"Try {o.fields['commander']} (available on {o.fields['availability']} or less)"


def on_commander(c: Ctx, side: str, answer: str) -> None:
    c.s.step = f"avail:{side}:{answer.partition(':')[2]}"


def pause_avail(c: Ctx, arg: str) -> Chance:
    side, _, k = arg.partition(":")
    cm = c.d.commanders[k]
    return Chance((6,), f"Availability of {cm.name} ({side_name(side)}): {cm.availability} or less", "G")


def on_avail(c: Ctx, arg: str, faces) -> None:
    side, _, k = arg.partition(":")
    own = c.s.own
    cm = c.d.commanders[k]
    ok = faces[0] <= cm.availability
    c.note("setup", "G", _avail_text, side, cm.name, faces[0], cm.availability, ok)
    if ok:
        ratings = own.cards.get(k) if own.kind == CAMPAIGN else None
        cid = k if ratings is None or tuple(ratings) == (cm.combat, cm.cohesion, cm.detection) \
            else commander_id(k, tuple(ratings))
        put(c, commander={**own.commander, side: cid})
    else:
        put(c, tried={**own.tried, side: own.tried.get(side, []) + [k]})
    _commander_next(c, side)


def pause_flagship(c: Ctx, side: str) -> Decision:
    """E: the player designates the ship his commander sails in (he never changes ship in the battle)."""
    opts = tuple(Option("flag:" + q, None, {"verb": "flagship", "ship": q}, partial(_flag_label, c.d.ships[q].name))
                 for q in c.s.own.chosen[side])
    return Decision(side, "Which ship does the commander sail in?", opts, "E", "flagship")


def _flag_label(name: str, o: Option) -> str:
    return f"The commander sails in {name}"


def on_flagship(c: Ctx, side: str, answer: str) -> None:
    q = answer.partition(":")[2]
    put(c, flagship={**c.s.own.flagship, side: q})
    c.note_to(side, "setup", "E", _flag_text, c.d.ships[q].name)
    _commander_next(c, side)


def _flag_text(name) -> str:
    return f"The commander hoists his flag in {name}"


def pause_stand_in(c: Ctx, side: str) -> Chance:
    return Chance((6, 6, 6), f"Random Commander Table ({side_name(side)}): combat, cohesion, detection", "G",
                  TRAITS)


def on_stand_in(c: Ctx, side: str, faces) -> None:
    """G: with no pool commander available, a stand-in rolled on the Random Commander Table, this mission only."""
    ratings = tuple(c.d.data.random_commander_rating(f) for f in faces)
    c.note("setup", "G", _stand_in_text, side, ratings)
    put(c, commander={**c.s.own.commander, side: commander_id("stand-in-" + side, ratings)})
    _commander_next(c, side)


# -- the battle ----------------------------------------------------------------------------------------------
def divisions_for(c: Ctx, side: str, ships: list[str]) -> list[list[str]]:
    """Ships form divisions by type: battleships and heavy cruisers, light cruisers, destroyers in fours, PT
    boats (designed), each in the order assigned."""
    by = {t: [q for q in ships if c.d.ships[q].type == t] for t in SHIP_TYPES}
    out = [by["BB"] + by["CA"], by["CL"]]
    dd = by["DD"]
    out += [dd[i:i + DD_PER_DIVISION] for i in range(0, len(dd), DD_PER_DIVISION)]
    out.append(by["PT"])
    return [g for g in out if g][:MAX_DIVISIONS]


def make_spec(c: Ctx) -> ScenarioSpec:
    """The generated battle as a scenario paragraph (A): environment, sides, divisions, land."""
    own, d = c.s.own, c.d
    name = "Generated battle" if own.kind == GENERATED else f"Campaign mission {own.mission}"
    date = "1942" if own.kind == GENERATED else f"1942-{month(c):02d}"
    sides, divisions = [], []
    land = list(own.land)
    units = []
    for side in ORDER:
        mission = own.missions[side]
        groups = divisions_for(c, side, own.chosen[side])
        role_at = 0
        if mission in ("transport", "supply"):
            role_at = next((i for i, g in enumerate(groups) if d.ships[g[0]].type == "DD"), len(groups) - 1)
        for i, g in enumerate(groups):
            role = mission if mission in ("transport", "supply", "bombardment") and (
                i == role_at or (mission != "bombardment" and d.ships[g[0]].type == "DD")) else ""
            divisions.append({"id": f"{side}-{i + 1}", "navy": side, "band": own.bands[side], "role": role,
                              "ships": g, "prov": "generated"})
        far = 11 - HOME[side]
        if mission in ("supply", "bombardment") and not any("coast" in m for m, _ in land):
            land.append(("guadalcanal_coast", far))
        if mission == "bombardment":
            units.append({"unit": "henderson_field", "band": far, "prov": "generated"})
        cid = own.commander.get(side, "")
        flag = own.flagship.get(side) or (groups[0][0] if groups else "")
        sides.append({"navy": side, "commander": cid, "commander_ship": flag if cid else "",
                      "intelligence": own.intelligence[side], "surprise": 0, "home_edge": HOME[side],
                      "mission": mission, "prov": "generated"})
    raw = {"id": own.kind, "name": name, "date": date, "background": "A battle rolled on the battle generator (A)",
           "turns": d.data.generator.turns, **own.env, "fire": "alternating", "historic_winner": "draw",
           "historic_outcome": "", "prov": "generated", "side": sides, "division": divisions,
           "land": [{"marker": m, "band": b, "prov": "generated"} for m, b in land], "land_unit": units}
    return msgspec.convert(raw, ScenarioSpec)


def begin_battle(c: Ctx) -> None:
    """Both forces are set: the battle's spec is made, the ships placed (B) and turn 1 begins."""
    from kaisen.games.nights_of_fury import setup
    s = c.s
    spec = make_spec(c)
    put(c, spec=spec)
    fresh = setup.initial_state(c.d, OwnScenario(s.own.kind, spec), dict(s.options))
    for name in ("scenario", "ships", "divisions", "commanders", "land"):
        setattr(s, name, getattr(fresh, name))
    s.turn, s.vp, s.result = 1, {"ijn": 0, "usn": 0}, None
    for name, empty in (("detected", {}), ("identified", {}), ("rolls", {}), ("mistaken", {})):
        setattr(s, name, empty)
    s.initiative = s.first_mover = s.moving = s.resume = ""
    s.todo = s.fired_spotted = s.effects = s.checks = ()
    s.fire = None
    setup.announce(c)
    s.step = ""
    c.finish()


def vocabulary(d, kind: str) -> frozenset[str]:
    """Every option id a generated battle or campaign can offer: the set-up's (ships added, commanders tried,
    traits chosen) and the battle's for any division of either navy (game.vocabulary on a spec holding every
    ship in each of the possible divisions)."""
    divisions = []
    for side in ORDER:
        ships = navy_ships(d, side)
        divisions += [{"id": f"{side}-{i + 1}", "navy": side, "band": 5, "role": "", "ships": ships, "prov": ""}
                      for i in range(MAX_DIVISIONS)]
    sides = [{"navy": x, "commander": "", "commander_ship": "", "intelligence": "fair", "surprise": 0,
              "home_edge": HOME[x], "mission": "", "prov": ""} for x in ORDER]
    spec = msgspec.convert({"id": kind, "name": "", "date": "", "background": "", "turns": 1, "light": "night",
                            "weather": "fair", "visibility": "normal", "sea": "calm", "fire": "alternating",
                            "historic_winner": "draw", "historic_outcome": "", "prov": "", "side": sides,
                            "division": divisions}, ScenarioSpec)
    ids = set(battle_vocabulary(d, OwnScenario(kind, spec)))
    ids.add("done")
    ids.update("add:" + q for q in d.ships)
    ids.update("flag:" + q for q in d.ships)
    ids.update("land:" + u for u in d.data.land_units)
    ids.update("commander:" + k for k in d.commanders if "|" not in k)
    ids.update("trait:" + t for t in TRAITS)
    return frozenset(ids)


# -- narration ------------------------------------------------------------------------------------------------
def _env_text(light, weather, visibility, sea) -> str:
    return f"Battle generator: {light}, {weather} weather, {visibility} visibility, {sea} sea"


def _intel_text(ijn, usn) -> str:
    return f"Intelligence: IJN {ijn}, USN {usn}"


def _bands_text(usn, ijn) -> str:
    return f"Start bands: USN at range band {usn}, IJN at range band {ijn}"


def _land_text(land) -> str:
    return "Land markers: " + ("; ".join(f"{m} at range band {b}" for m, b in land) or "none")


def _missions_text(ijn, usn) -> str:
    return f"Missions: IJN {ijn}, USN {usn}"


def _limits_text(side, limits) -> str:
    return f"{side_name(side)} ship limits: " + (", ".join(f"{t} {n}" for t, n in limits) or "none")


def _assigned_text(name) -> str:
    return f"{name} is assigned to the mission"


def _sails_text(side) -> str:
    return f"{side_name(side)} has assigned its force"


def _avail_text(side, name, face, need, ok) -> str:
    return (f"{side_name(side)}: {name} rolls {face} for availability ({need} or less): "
            f"{'he commands' if ok else 'not available'}")


def _stand_in_text(side, ratings) -> str:
    return (f"{side_name(side)}: no commander available; a stand-in from the Random Commander Table: combat "
            f"{ratings[0]:+d}, cohesion {ratings[1]:+d}, detection {ratings[2]:+d}")


PAUSES = {"gen-env": pause_env, "gen-intel": pause_intel, "gen-bands": pause_bands, "gen-land": pause_land,
          "gen-missions": pause_missions, "gen-limit": pause_limit, "assign": pause_assign,
          "commander": pause_commander, "avail": pause_avail, "stand-in": pause_stand_in,
          "flagship": pause_flagship}
ANSWERS = {"gen-env": on_env, "gen-intel": on_intel, "gen-bands": on_bands, "gen-land": on_land,
           "gen-missions": on_missions, "gen-limit": on_limit, "assign": on_assign,
           "commander": on_commander, "avail": on_avail, "stand-in": on_stand_in, "flagship": on_flagship}

__all__ = ["OwnScenario", "Setup", "start", "make_spec", "vocabulary", "other", "CAMPAIGN", "GENERATED",
           "OWN_KINDS", "FORMAT", "CommanderCards", "scenario_id", "setup_from_json", "setup_to_json"]


def setup_view(s, d, side: str | None, pause) -> dict[str, Any]:
    """What a side may know while a battle is being rolled (A, G): the public rolls (environment, intelligence,
    bands, land, missions), its own ship limits, ships and commander; the pending step as views.py shows it."""
    from kaisen.engine.core import End
    from kaisen.games.nights_of_fury import views
    own = s.own
    mine = (lambda sd: side is None or side == sd)
    pending: dict[str, Any]
    if isinstance(pause, End):
        pending = {"kind": "end", "winner": pause.winner, "score": pause.score, "summary": pause.summary}
    elif isinstance(pause, Chance):
        pending = {"kind": "chance", "reason": pause.reason, "dice": len(pause.dice)}
    else:
        pending = {"kind": "decision", "side": pause.side,
                   "prompt": pause.prompt if mine(pause.side) else f"{pause.side} is deciding"}
    sides = {}
    for sd in ORDER:
        entry: dict[str, Any] = {"intelligence": own.intelligence.get(sd), "mission": own.missions.get(sd),
                                 "band": own.bands.get(sd)}
        if mine(sd):
            entry.update(limits=dict(own.limits.get(sd, {})),
                         ships=[{"id": q, "name": d.ships[q].name, "type": d.ships[q].type}
                                for q in own.chosen.get(sd, [])],
                         commander=own.commander.get(sd))
        sides[sd] = entry
    return {"game": "nights-of-fury", "side": side, "scenario": str(s.scenario), "phase": s.phase,
            "environment": dict(own.env), "land": [{"name": d.data.markers[m].name, "band": b} for m, b in own.land],
            "options": dict(s.options), "sides": sides, "pending": pending, "divisions": [],
            "result": None if s.result is None else {"winner": s.result[0], "score": s.result[1]},
            "set_up": views.set_up(s, d, side)}


SCENARIOS = (
    Scenario(GENERATED, "Generated battle (battle generator, A)",
             "Environment, forces, commanders and missions rolled on the battle generator"),
    Scenario(CAMPAIGN, "Campaign game (G)",
             "A run of missions with surviving ships and commanders carried over; the Victory-Loss verdict"),
)
