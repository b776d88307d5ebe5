"""Search support (issue 15): `evaluate`, how likely a side is to win, counted as the victory rules (4.0) count.

Japan's chance is the logistic of a logit made of these terms, each Japan's count less the US count (the
US chance is one less Japan's, so the two sum to 1; 0.5 is even):

* `vp`: the 4.2 count if it were made now: 1 VP per enemy carrier sunk (not one towed clear by card 01),
  2 VP for holding Midway, 1 VP once the enemy's main fleet (1AF / CSF) has left the map (4.2(1)-(2)).
* `midway`: the swing the landing may still bring (11.0): while the US holds Midway and the Invasion Force
  is afloat and can still reach a hex next to Midway by the end of turn 7 (its movement allowance, 6.1(1),
  10.1(1)), 4 VP (the 2 VP of Midway change hands) times the exact chance that the landings take the atoll
  from the current Garrison and Invasion values, Japan firing first (`landing_odds`).
* `strike`, `cap`: attack aircraft and fighters still flying (steps times printed attack strength, 8.3, 9.2,
  9.4), each as the share of what the side started with: what sinks carriers in the turns left.
* `day1`: in turns 1-3, the verdict of the Day 1 check if it were made now (4.1): +1 if Japan would win
  (three times the US carriers afloat on the map, or the US has none there), -1 if the US would, else 0.

    logit = (0.8 + 0.17 (turn - 1)) (vp + 0.65 midway)      the score, firmer as the end nears
            + (8 - turn) / 7 (4.8 strike + 0.1 cap)            what is left to fight with, for the turns left
            + 1.4 (turn / 3) day1                               the Day 1 verdict, in turns 1-3 only

clipped to +-LIMIT so the estimate stays strictly inside (0, 1). Why these weights: they are a logistic
regression of the result (Japan won 1, a draw 0.5, the US won 0) on these terms over every third state of
1,400 seeded games (heuristic and random agents on both sides), fitted on three games in four and rounded.
On the other quarter the Brier score is 0.18 in turn 1 falling to 0.05 in turn 7 (0.24 for a constant 0.5);
on heuristic-against-heuristic games alone 0.17 falling to 0.15 (0.24 to 0.20). The fit gave no weight to a
count of carriers afloat beside these (a carrier's worth is its air group and the VP its loss scores), and the
landing threat less than its face value (the Invasion Force seldom gets there). The turn stays the horizon
(`Game.horizon`'s default): a turn is 70-80 steps on average (25 the night turn, up to 150 the first).
Cheap: it reads the state once (no view, no copy, no narration): 10-20 us a call, a sixth of one `apply`.
"""
from __future__ import annotations

import math
from functools import lru_cache

from kaisen.games.fury_at_midway.common import DMCV
from kaisen.games.fury_at_midway.data import FaMData
from kaisen.games.fury_at_midway.state import FaMState

# the weights of the module's formula
SCORE, SCORE_PER_TURN, MIDWAY_SHARE = 0.8, 0.17, 0.65
STRIKE, CAP = 4.8, 0.1
DAY1 = 1.4
LIMIT = 8.0
"""The logit's bound: the estimate stays within about (0.0003, 0.9997)."""


@lru_cache(maxsize=None)
def landing_odds(garrison: int, invasion: int) -> float:
    """11.0: the chance that the landings take Midway, Japan's infantry firing first (a d6 at or under the
    Invasion value lowers the Garrison), then the Garrison at its value after that (lowering the Invasion)."""
    if garrison <= 0:
        return 1.0
    if invasion <= 0:
        return 0.0
    j = min(invasion, 6) / 6                      # Japan's infantry hits
    u_after = min(garrison - 1, 6) / 6            # the Garrison hits after losing a step
    u_full = min(garrison, 6) / 6                 # the Garrison hits at full value
    if garrison == 1:
        after_hit = 1.0
    else:
        after_hit = (u_after * landing_odds(garrison - 1, invasion - 1)
                     + (1 - u_after) * landing_odds(garrison - 1, invasion))
    both_miss = (1 - j) * (1 - u_full)            # the round changes nothing: it is fought again
    return (j * after_hit + (1 - j) * u_full * landing_odds(garrison, invasion - 1)) / (1 - both_miss)


class Tables:
    """What the count needs from the data, worked out once per data set."""

    def __init__(self, d: FaMData):
        self.carriers = tuple((k, sp.side, d.groups[sp.group].fleet) for k, sp in d.carriers.items()
                              if sp.kind == "carrier")
        start: dict[tuple[str, str], int] = {}            # (side, role) -> steps x strength at the start
        for sp in d.squadrons.values():
            ac = d.aircraft[sp.type]
            start[ac.side, ac.role] = start.get((ac.side, ac.role), 0) + ac.strength * ac.steps
        self.strike: dict[str, float] = {}                # squadron -> one step's share (+ Japan, - the US)
        self.cap: dict[str, float] = {}
        for q, sp in d.squadrons.items():
            ac = d.aircraft[sp.type]
            share = (1 if ac.side == "japan" else -1) * ac.strength / start[ac.side, ac.role]
            self.strike[q] = share if ac.role == "attack" else 0.0
            self.cap[q] = share if ac.role == "fighter" else 0.0
        self.air = {q: STRIKE * self.strike[q] + CAP * self.cap[q] for q in d.squadrons}
        self.exit_vp = tuple((f, sp.side == "japan", sp.exit_vp) for f, sp in d.fleets.items() if sp.exit_vp)
        v = d.victory
        self.day1_turn, self.ratio, self.carrier_vp, self.midway_vp = v.day1_turn, v.day1_ratio, v.carrier_vp, \
            v.midway_vp
        self.midway_hex = d.midway.hex
        mif = d.fleets["mif"]
        self.moves_left = {t: sum(mif.ma(d.turn(n).night) for n in range(t, v.day2_turn + 1))
                           for t in range(1, v.day2_turn + 1)}
        self.distance = d.hex_distance


_TABLES: dict[int, Tables] = {}


def tables(d: FaMData) -> Tables:
    got = _TABLES.get(id(d))
    if got is None:
        got = _TABLES[id(d)] = Tables(d)
    return got


def score(s: FaMState, t: Tables) -> tuple[int, float, int]:
    """Japan less the US: (vp, midway, day1), as the module's docstring counts them."""
    sunk, towed, fleet, dmcv = s.sunk, s.towed, s.fleet, s.dmcv
    vp = 0
    japan_on = usa_on = 0
    for k, side, home in t.carriers:
        if k in sunk:
            if k not in towed:
                vp += -t.carrier_vp if side == "japan" else t.carrier_vp
        elif "-" in fleet.get(DMCV[side] if dmcv.get(side) == k else home, ""):
            if side == "japan":
                japan_on += 1
            else:
                usa_on += 1
    vp += t.midway_vp if s.midway_control == "japan" else -t.midway_vp
    for f, japanese, points in t.exit_vp:
        if f in s.exits:
            vp += -points if japanese else points
    midway = 0.0
    if s.midway_control == "usa" and s.invasion > 0:
        h = fleet.get("mif", "")
        if h == "waiting" or ("-" in h and t.distance(h, t.midway_hex) - 1 <= t.moves_left.get(s.turn, 0)):
            midway = 2 * t.midway_vp * landing_odds(s.garrison, s.invasion)
    day1 = 0
    if s.turn <= t.day1_turn:
        j, u = japan_on, usa_on
        if (j and not u) or (u and j >= t.ratio * u):
            day1 = 1
        elif (u and not j) or (j and u >= t.ratio * j):
            day1 = -1
    return vp, midway, day1


def features(s: FaMState, d: FaMData) -> tuple[float, float, float, float, float]:
    """Every term, Japan less the US: (vp, midway, day1, strike, cap) (for tests and fitting the weights)."""
    t = tables(d)
    vp, midway, day1 = score(s, t)
    strike = sum([t.strike[q] * n for q, (_box, n) in s.air.items()])
    cap = sum([t.cap[q] * n for q, (_box, n) in s.air.items()])
    return float(vp), midway, float(day1), strike, cap


def japan_logit(s: FaMState, d: FaMData) -> float:
    """The module's formula: Japan's logit (the air terms in one pass, their weights folded in `Tables.air`)."""
    t = tables(d)
    vp, midway, day1 = score(s, t)
    air = t.air
    turn = s.turn
    z = (SCORE + SCORE_PER_TURN * (turn - 1)) * (vp + MIDWAY_SHARE * midway) \
        + (8 - turn) / 7 * sum([air[q] * n for q, (_box, n) in s.air.items()])
    if day1:
        z += DAY1 * turn / t.day1_turn * day1
    return -LIMIT if z < -LIMIT else LIMIT if z > LIMIT else z


def evaluate(s: FaMState, d: FaMData, side: str) -> float:
    """`side`'s chance to win: 1 / 0 / 0.5 once over (4.0), else the logistic of `japan_logit`."""
    if s.result is not None:
        winner = s.result[0]
        return 0.5 if winner is None else float(winner == side)
    p = 1.0 / (1.0 + math.exp(-japan_logit(s, d)))
    return p if side == "japan" else 1.0 - p
