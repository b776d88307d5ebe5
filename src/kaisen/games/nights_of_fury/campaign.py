"""G. The campaign game: a run of missions (campaign.missions, one a month from first_month). Each mission is set
up as a generated battle (generator.py: mission rolls, ship limits, ships assigned from the surviving pool,
commanders tried from the surviving pool with availability rolls, or a stand-in from the Random Commander
Table), fought, and then closed here (`battle_over`): losses carried over, experience rolled, VP added to the
campaign totals, each side's campaign log written; after the last mission the Victory-Loss Table gives the
verdict, which is the game's End.

Designed where the rulebook is silent (RULES.md): a sunk or wrecked ship leaves the pool; a ship that ends a
mission heavily damaged spends the next mission under repair and then returns as new; lighter damage is
repaired between missions. A commander whose flagship sinks or who dies in the battle leaves the pool. A pool
commander who survives rolls on the Commander Experience Table (won +1, lost -1): 'random' raises the trait
rolled on the trait table, 'choice' the trait his side chooses; one trait per mission, none ever more than
+1 over its starting rating (a rolled trait already at its cap gains nothing). Stand-ins are not retained
and gain no experience. The ship limit rolls, the ships assigned and the experience of a side's commanders are
that side's own; the environment, the missions, commanders' names, VP and the verdict are public."""
from __future__ import annotations

from typing import Any

from kaisen.engine.core import Chance, Decision, End, Option
from kaisen.games.nights_of_fury import generator
from kaisen.games.nights_of_fury.common import Ctx, side_name
from kaisen.games.nights_of_fury.generator import CAMPAIGN, ORDER, TRAITS, Setup, put
from kaisen.games.nights_of_fury.state import SIDES, other


def start(c: Ctx) -> None:
    """G: the pools (every named ship and commander of each navy), zero totals, empty logs; mission 1 is set up."""
    d = c.d
    cards = {k: (cm.combat, cm.cohesion, cm.detection) for k, cm in d.data.commanders.items()}
    c.s.own = Setup(CAMPAIGN, mission=1, pool={side: generator.navy_ships(d, side) for side in ORDER},
                    cards=cards, totals={side: 0 for side in SIDES}, log={side: [] for side in SIDES})
    c.note("campaign", "G", _begin_text, d.data.campaign.missions, d.data.campaign.first_month)
    generator.start(c, CAMPAIGN)


def battle_over(c: Ctx) -> None:
    """G: a mission's battle is over: losses leave the pools, the damaged go to repair, dead commanders leave,
    VP go to the totals and each side's log; then the experience rolls."""
    s, d, own = c.s, c.d, c.s.own
    winner, margin = s.result
    vp = dict(s.vp)
    lost, damaged = {}, {}
    for side in ORDER:
        lost[side], damaged[side] = [], []
        for q in own.chosen[side]:
            st, card = s.ships[q], d.ships[q]
            if st.status == "sunk" or d.is_sunk(card, st.structure, st.flotation):
                lost[side].append(q)
            elif d.heavily_damaged(card, st.structure, st.flotation):
                damaged[side].append(q)
    pool = {side: [q for q in own.pool[side] if q not in lost[side]] for side in ORDER}
    cards, dead, todo = dict(own.cards), list(own.dead), []
    log = {side: list(own.log[side]) for side in SIDES}
    for side in ORDER:
        cid = own.commander.get(side, "")
        base = cid.partition("|")[0]
        alive = s.commanders[side][2] if side in s.commanders else True
        if base in cards:
            if not alive:
                del cards[base]
                dead.append(base)
            else:
                todo.append(side)
        log[side].append({
            "mission": own.mission, "month": generator.month(c), "task": own.missions[side],
            "enemy_task": own.missions[other(side)], "ships": [d.ships[q].name for q in own.chosen[side]],
            "commander": d.commanders[cid].name if cid else "", "commander_killed": not alive,
            "lost": [d.ships[q].name for q in lost[side]], "repair": [d.ships[q].name for q in damaged[side]],
            "enemy_lost": len(lost[other(side)]), "vp": vp[side], "enemy_vp": vp[other(side)],
            "result": "draw" if winner is None else ("won" if winner == side else "lost"),
            "verdict": d.verdict("battle", margin), "experience": ""})
    totals = {side: own.totals[side] + vp[side] for side in SIDES}
    put(c, pool=pool, repair=damaged["ijn"] + damaged["usn"], cards=cards, dead=dead, log=log, totals=totals)
    c.note("campaign", "G", _mission_text, own.mission, vp["ijn"], vp["usn"], totals["ijn"], totals["usn"])
    s.result = None
    s.phase = "campaign"
    s.todo = tuple(todo)
    _next(c)


def _next(c: Ctx) -> None:
    """The next experience roll, then the next mission or the verdict."""
    s, own = c.s, c.s.own
    if s.todo:
        s.step = "exp:" + s.todo[0]
        return
    if own.mission >= c.d.data.campaign.missions:
        _verdict(c)
        return
    put(c, mission=own.mission + 1, env={}, intelligence={}, bands={}, land=[], missions={}, limits={}, chosen={},
        commander={}, tried={}, spec=None)
    s.scenario = CAMPAIGN
    generator.start(c, CAMPAIGN)


def _verdict(c: Ctx) -> None:
    """G: the Victory-Loss Table on the campaign totals."""
    s, own = c.s, c.s.own
    winner, level = c.d.data.verdict("campaign", own.totals["usn"], own.totals["ijn"])
    margin = abs(own.totals["usn"] - own.totals["ijn"])
    put(c, verdict=(winner, level, margin))
    s.result = (None if winner == "draw" else winner, margin)
    s.vp = dict(own.totals)
    s.phase = s.step = "over"
    c.note("victory", "G", _verdict_text, winner, level, own.totals["ijn"], own.totals["usn"])


def end(c: Ctx) -> End:
    """The campaign's End: the Victory-Loss verdict (G)."""
    winner, level, margin = c.s.own.verdict
    return End(None if winner == "draw" else winner, margin,
               _verdict_text(winner, level, c.s.own.totals["ijn"], c.s.own.totals["usn"]))


# -- the Commander Experience Table (E) ------------------------------------------------------------------------
def _commander(c: Ctx, side: str) -> str:
    return c.s.own.commander[side].partition("|")[0]


def may_gain(c: Ctx, side: str) -> list[str]:
    """E: the traits the side's commander may still raise: never more than max_gain over his starting rating."""
    k = _commander(c, side)
    start_card = c.d.data.commanders[k]
    now = c.s.own.cards[k]
    cap = c.d.data.commander_rules.max_gain
    return [t for i, t in enumerate(TRAITS) if now[i] < getattr(start_card, t) + cap]


def pause_exp(c: Ctx, side: str) -> Chance:
    name = c.d.commanders[_commander(c, side)].name
    return Chance((6,), f"Commander Experience Table: {name} ({side_name(side)})", "E")


def on_exp(c: Ctx, side: str, faces) -> None:
    """E: one die, +1 won, -1 lost: nothing, a random trait, or a trait of the side's choice."""
    s = c.s
    result = c.d.data.experience_result(faces[0], won=_result(c, side) == "won", lost=_result(c, side) == "lost")
    c.note_to(side, "campaign", "E", _exp_text, c.d.commanders[_commander(c, side)].name, faces[0], result)
    if result == "random":
        s.step = "exp-trait:" + side
    elif result == "choice" and may_gain(c, side):
        s.step = "trait:" + side
    else:
        _done(c)


def _result(c: Ctx, side: str) -> str:
    return c.s.own.log[side][-1]["result"]


def pause_exp_trait(c: Ctx, side: str) -> Chance:
    return Chance((6,), f"Commander Experience Table: which trait improves ({side_name(side)})", "E")


def on_exp_trait(c: Ctx, side: str, faces) -> None:
    trait = c.d.data.experience_trait(faces[0])
    if trait in may_gain(c, side):
        gain(c, side, trait)
    else:
        c.note_to(side, "campaign", "E", _capped_text, c.d.commanders[_commander(c, side)].name, trait)
    _done(c)


def pause_trait(c: Ctx, side: str) -> Decision:
    k = _commander(c, side)
    now = c.s.own.cards[k]
    opts = tuple(Option("trait:" + t, f"{t} {now[TRAITS.index(t)]:+d} -> {now[TRAITS.index(t)] + 1:+d}",
                        {"verb": "trait", "commander": k, "trait": t, "rating": now[TRAITS.index(t)] + 1})
                 for t in may_gain(c, side))
    return Decision(side, f"{c.d.commanders[k].name} gains experience: which trait improves?", opts, "E",
                    "experience-trait")


def on_trait(c: Ctx, side: str, answer: str) -> None:
    gain(c, side, answer.partition(":")[2])
    _done(c)


def gain(c: Ctx, side: str, trait: str) -> None:
    """E: one trait +1 (the caller has checked the cap)."""
    own = c.s.own
    k = _commander(c, side)
    now = list(own.cards[k])
    now[TRAITS.index(trait)] += 1
    log = {sd: list(v) for sd, v in own.log.items()}
    log[side][-1] = {**log[side][-1], "experience": f"{trait} +1"}
    put(c, cards={**own.cards, k: tuple(now)}, log=log)
    c.note_to(side, "campaign", "E", _gain_text, c.d.commanders[k].name, trait, now[TRAITS.index(trait)])


def _done(c: Ctx) -> None:
    c.s.todo = c.s.todo[1:]
    _next(c)


# -- what each side may know -----------------------------------------------------------------------------------
def view_part(s, d, side: str | None) -> dict[str, Any]:
    """The campaign as a side may see it: mission, month, totals and verdict (public); its own log, surviving
    ships (under repair or not) and commanders with their ratings (G's Campaign Log)."""
    own = s.own
    out: dict[str, Any] = {"mission": own.mission, "missions": d.data.campaign.missions,
                           "month": d.data.campaign.first_month + own.mission - 1, "totals": dict(own.totals),
                           "verdict": None if own.verdict is None else {"winner": own.verdict[0],
                                                                        "level": own.verdict[1]}}
    for sd in SIDES:
        if side is None or side == sd:
            out[sd] = {"log": [dict(e) for e in own.log[sd]],
                       "ships": [{"id": q, "name": d.ships[q].name, "type": d.ships[q].type,
                                  "repair": q in own.repair} for q in own.pool[sd]],
                       "commanders": {k: list(v) for k, v in own.cards.items() if d.commanders[k].navy == sd},
                       "dead": [k for k in own.dead if d.commanders[k].navy == sd]}
    return out


# -- narration --------------------------------------------------------------------------------------------------
def _begin_text(missions, first) -> str:
    return f"The campaign begins: {missions} missions from month {first} of 1942"


def _mission_text(n, ijn, usn, tijn, tusn) -> str:
    return f"Mission {n} is over: IJN {ijn} VP, USN {usn} VP; campaign totals IJN {tijn}, USN {tusn}"


def _verdict_text(winner, level, ijn, usn) -> str:
    head = "The campaign is a draw" if winner == "draw" else f"{side_name(winner)} {level} campaign victory"
    return f"{head}: IJN {ijn} VP, USN {usn} VP (Victory-Loss Table)"


def _exp_text(name, face, result) -> str:
    return f"{name}: experience roll {face}: {'no gain' if result == 'none' else result}"


def _gain_text(name, trait, value) -> str:
    return f"{name} gains experience: {trait} now {value:+d}"


def _capped_text(name, trait) -> str:
    return f"{name}: {trait} is already one above its starting rating: no gain"


PAUSES = {"exp": pause_exp, "exp-trait": pause_exp_trait, "trait": pause_trait}
ANSWERS = {"exp": on_exp, "exp-trait": on_exp_trait, "trait": on_trait}


def view(s, d, side: str | None, pause) -> dict[str, Any]:
    """A side's view of a generated battle or campaign: the set-up while it is rolled, else the battle's view
    (views.py); a campaign adds its part (campaign.view_part)."""
    from kaisen.games.nights_of_fury import views
    if s.phase in ("setup", "campaign") or s.own.spec is None:
        out = generator.setup_view(s, d, side, pause)
    else:
        out = views.view(s, d, side if side != "public" else views.PUBLIC, pause)
        out["scenario"] = str(out["scenario"])
    if s.own.kind == CAMPAIGN:
        out["campaign"] = view_part(s, d, side if side in ("usn", "ijn") or side is None else "public")
    return out
