"""A search's score for a Nights of Fury battle cut short (engine contract: `Game.evaluate`): the chance a side wins,
counted the way the Victory rules count (B, D.8, the Victory Points and mission bonuses; G for the campaign).

The lead, in Victory Points, of `side` over the enemy is

    lead = now + fight + mission + campaign

* `now`: the margin the victory check would give if the battle ended now (`victory.scores`): enemy ships sunk or
  wrecked at their full VP, heavily damaged at half, a killed commander, destroyed land units, the mission bonuses
  as they stand (attack out-scoring, patrol denying, ships already through). This is the game's own count.
* `fight`: what the rest of the battle may still add. Each side's fighting power is the FirePower its afloat ships'
  batteries still have (D.5: each structure point costs every battery 1) plus a tenth of the Damage Rating of each
  torpedo still in a mount (D.6: torpedoes are one-shot, so a mount of eight Long Lances counts like a cruiser's
  guns); its share of the two sides' power is the share of the enemy's VP still at stake it is expected to take
  (a ship's VP less what `now` already counts for her damage). `fight = K * r * (share * at_stake(enemy) -
  (1 - share) * at_stake(side))`, with `r` the fraction of the scenario's turns still to play, the current turn
  included, and K = 0.5: in the seven historical scenarios a battle sinks about half of what it could.
* `mission`: each afloat ship whose role is her side's transport, bombardment or supply mission and that has not
  earned its bonus yet carries half the bonus (D.8: she must still get through), times her side's power share.
* `campaign`: the campaign totals of the missions already fought (G: the verdict adds them to this battle's VP).

`p = 1 / (1 + exp(-lead / T))`, with the temperature `T = 1 + 0.15 * r * V`, V the VP of both forces' ships in
the battle: a lead of one destroyer (2 VP) is decisive on the last turn and little at the start of a big battle.
The lead is clamped to +-20 T so the value stays strictly inside (0, 1); the two sides' values sum to 1.
The weights (`WEIGHTS`) are set by reasoning, not fitted. A fit over the seven historical scenarios
(`benchmarks/evaluation_fit.py --fit`, 150 heuristic games each, 2026-11-25) lowered the pooled log-loss on 60
other games each from 0.401 to 0.354 (a constant: 0.679), with FIGHT 0.21, MISSION_WEIGHT 1.43, SPREAD 0.08; but
the gain came from the one-sided scenarios (Cape Esperance, Henderson bombardment, Tokyo Express), where a search's
choices matter least, while on the two closest to even it was worse (Tassafaronga 0.420 -> 0.431, first
Guadalcanal night 0.400 -> 0.410, 100 held-out games each), so the weights were kept.
Over: 1 for the winner, 0 for the loser, 0.5 a draw. It reads only the state (no view, no narration, no copy)."""
from __future__ import annotations

from operator import mul
from typing import NamedTuple

from kaisen.engine.core import end_value, logistic
from kaisen.games.nights_of_fury.state import SIDES, NoFState, other

FIGHT = 0.5              # the share of the VP at stake a battle is expected to settle
TORPEDO_WEIGHT = 0.1     # power per point of Damage Rating of a torpedo still in a mount
MISSION_WEIGHT = 0.5     # a mission ship still under way carries half its bonus
SPREAD = 0.15            # temperature per VP of the forces, at the start of the battle
BASE = 1.0               # temperature on the last turn
WEIGHTS = (FIGHT, MISSION_WEIGHT, BASE, SPREAD)     # what benchmarks/evaluation_fit.py --fit refits
WEIGHT_NAMES = ("FIGHT", "MISSION_WEIGHT", "BASE", "SPREAD")
REFERENCE = "ijn"        # the side `terms` count toward and `chance` is for
CLAMP = 20.0


def evaluate(game, s: NoFState, side: str) -> float:
    """`side`'s chance to win from `s`, in (0, 1) until the end; 1, 0 or 0.5 once the battle (campaign) is over."""
    if side not in INDEX:
        raise ValueError(f"unknown side {side!r}; sides are {SIDES}")
    if s.step == "over" and (v := end_value(game.pause(s), side)) is not None:
        return v
    p = chance(terms(game.data, s), WEIGHTS)
    return p if side == REFERENCE else 1.0 - p


def chance(t: tuple, w: tuple[float, ...]) -> float:
    """The IJN's chance from the terms and the weights (FIGHT, MISSION_WEIGHT, BASE, SPREAD): the logistic of the
    lead over the temperature (module docstring)."""
    now, fight, mission, campaign, r, total = t
    w_fight, w_mission, base, spread = w
    return logistic((now + w_fight * fight + w_mission * mission + campaign) / (base + spread * r * total), CLAMP)


def terms(d, s: NoFState) -> tuple[float, float, float, float, float, int]:
    """The terms the evaluation weighs, toward the IJN (`REFERENCE`; the USN's are their negatives): the margin now,
    the VP still at stake as the power shares would split them (times `r`), the mission bonuses under way as they
    would split them, the campaign totals; then `r`, the share of the turns left, and the forces' VP."""
    side, foe = REFERENCE, other(REFERENCE)
    campaign = 0.0
    own = s.own
    if own is not None and own.totals:
        campaign = own.totals.get(side, 0) - own.totals.get(foe, 0)
    if s.phase in ("setup", "campaign") or not s.divisions:          # A, G: no battle on the map yet
        return 0.0, 0.0, 0.0, campaign, 0.0, 0
    sc = _scenario(d, s.scenario)
    pts, power, stake, runners, total = _count(d, s, sc)
    side, foe = INDEX[side], INDEX[foe]
    now = pts[side] - pts[foe]
    r = max(0, sc.turns - s.turn + 1) / sc.turns
    both = power[side] + power[foe]
    share = power[side] / both if both else 0.5
    fight = r * (share * stake[foe] - (1 - share) * stake[side])
    mission = share * runners[side] - (1 - share) * runners[foe]
    return now, fight, mission, campaign, r, total


class _Scenario(NamedTuple):
    """What the count reads of a scenario, once: turns, each side's mission, far band and bonus, the side land units
    count for, and each ship's card as the loop reads it (`_card`)."""

    turns: int
    mission: tuple[str, str]         # [ijn, usn], as every pair below
    far: tuple[int, int]
    bonus: tuple[int, int]
    bombarder: int
    cards: dict[str, tuple]


_SCENARIOS: dict[object, tuple[object, _Scenario]] = {}
_RUNS = ("transport", "bombardment", "supply")
INDEX = {sd: i for i, sd in enumerate(SIDES)}


def _scenario(d, sid) -> _Scenario:
    """Kept per scenario (a generated battle's, A, G, by its spec: a few at a time)."""
    spec = d.scenario(sid)
    key = sid if type(sid) is str else id(spec)
    kept = _SCENARIOS.get(key)
    if kept is not None and kept[0] is spec:
        return kept[1]
    mission = tuple(d.mission(sid, sd) for sd in SIDES)
    bonus = tuple(d.mission_bonus(m) if m else 0 for m in mission)
    role = {q: div.role for div in spec.division for q in div.ships}
    heavy_at = d.data.damage_effects.heavily_damaged_fraction
    cards = {}
    for q in role:
        card = d.ships[q]
        i = INDEX[card.side]
        m = mission[i]
        runs = 0 if m not in _RUNS or role[q] != m else (2 if m == "supply" else 1)
        cards[q] = (i, 1 - i, card.vp, card.vp // d.vp_damaged_divisor,
                    card.structure, heavy_at * (card.structure + card.flotation),
                    tuple(b.firepower for b in card.batteries),
                    tuple(TORPEDO_WEIGHT * mount.damage_rating for mount in card.mounts), runs)
    out = _Scenario(spec.turns, mission, tuple(d.far_edge(sid, sd) for sd in SIDES), bonus,
                    0 if mission[0] == "bombardment" else 1, cards)
    if type(sid) is not str and len(_SCENARIOS) > 64:
        _SCENARIOS.clear()
    _SCENARIOS[key] = (spec, out)
    return out


def _count(d, s: NoFState, sc: _Scenario):
    """One pass over the ships: each side's VP as victory.scores counts them now (the tests hold the two equal),
    its fighting power, its VP still at stake, and the mission bonuses its ships under way may still earn; each as
    [ijn, usn]."""
    power = [0.0, 0.0]
    stake = [0, 0]
    runners = [0, 0]
    earned = [0, 0]                                  # transport, bombardment, supply bonuses already earned
    inflicted = [0, 0]                               # sunk + damaged VP a side has scored (attack)
    cards, divisions, far, bonus = sc.cards, s.divisions, sc.far, sc.bonus
    total = 0
    for q, st in s.ships.items():
        sd, enemy, vp, half, box, heavy_at, guns, torpedoes, runs = cards[q]
        total += vp
        hurt, status = st.structure, st.status
        if status == "sunk" or (hurt >= box and status == "afloat"):    # sunk, or wrecked: counts as sunk
            inflicted[enemy] += vp
            continue
        heavy = hurt + st.flotation >= heavy_at                           # d.heavily_damaged
        if heavy:
            inflicted[enemy] += half
        if status != "afloat":
            if runs == 1 and st.left_at == far[sd]:
                earned[sd] += bonus[sd]
            continue
        guns_left = 0
        for fp in guns:
            if fp > hurt:
                guns_left += fp - hurt
        power[sd] += sum(map(mul, torpedoes, st.torpedoes), guns_left) if torpedoes else guns_left
        stake[sd] += vp - half if heavy else vp
        if runs:
            if runs == 2 and divisions[st.division].supplied:
                earned[sd] += bonus[sd]
            else:
                runners[sd] += bonus[sd]
    pts = [inflicted[0], inflicted[1]]
    for sd, (_, _, alive) in s.commanders.items():
        if not alive:
            pts[1 - INDEX[sd]] += d.vp_commander_killed
    for unit, levels in s.land.items():
        if levels >= d.land_destroyed:
            pts[sc.bombarder] += d.data.land_units[unit].vp
    got = [0, 0]
    for i in (0, 1):
        m = sc.mission[i]
        if m == "attack":
            got[i] = bonus[i] if inflicted[i] > inflicted[1 - i] else 0
        elif m == "bombardment":
            got[i] = earned[i] + sum(s.land.values())
        else:
            got[i] = earned[i]
    for i in (0, 1):
        if sc.mission[i] == "patrol":
            got[i] = bonus[i] if got[1 - i] == 0 else 0
        pts[i] += got[i]
    return pts, power, stake, runners, total
