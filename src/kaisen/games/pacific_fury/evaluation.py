"""A search's score for a Pacific Fury game cut short (engine contract: `Game.evaluate`): the chance a side wins,
counted the way 4.0 counts (where the Initiative marker stands after turn 4: US boxes a US win, Japanese boxes a
Japanese win, the 0 box a draw).

The US lead, in boxes of the Initiative Track (every term counted toward the US, a Japanese gain negative), is

    lead = marker + shift + LANDING * landings + FLEET * fleet_turns

* `marker`: where the marker stands (US boxes positive): the margin 4.0 would give if the game ended now.
* `shift`: the Return Phase still to come this turn (11.0) moves the marker one box toward the initiative player
  (6.1) when Henderson Field is operational, or when a TF-A's Transports unit was sunk this turn; 1 box toward
  that side if either holds now, else 0 (a disrupted Henderson Field stays disrupted until the Return Phase).
* `landings`: the non-initiative side's Transports units and Tokyo Express that can still land this turn (6.3:
  only that side has them; 9.3, 9.6: one box each), counted toward that side: those in its task forces, and those
  in base while task forces may still be formed (8.2). Not all get ashore (9.3 needs Henderson Field disrupted and
  Ironbottom Sound clear, 9.6 may be detected): the fit puts one at three quarters of a box.
* `fleet_turns`: the fighting power each side can still bring to bear, turn by turn, as a share of its start: the
  US's less Japan's. A ship's power is its combat factor plus its defense factor (10.3-10.7: what it hits with and
  how many hits it takes to sink), counted for each turn it can still fight, this one included (`left`): a ship
  sunk or removed (10.7) counts nothing, one damaged on the Turn Record Track counts from the turn it returns
  (8.1), the Japanese Reserve (7.1) once released. The start is every US ship (Hornet included, 3.2) and every
  Japanese ship outside the Reserve. Ships win nothing themselves (the Players Notes: losses cost no points), but
  the side with more of its fleet left can still clear Ironbottom Sound, bombard (9.4, 10.4) and strike Henderson
  Field (10.6): a side with its whole fleet against none gains about three boxes a turn.
* `left`: the turns still to play, this one included: the non-initiative side's operations left this turn over 7
  during the Operations Phase (9.7; 1 before it), plus the turns after this one.

`p(US) = 1 / (1 + exp(-SCALE * lead / sqrt(left + 0.05)))`: the marker's moves add up over the turns left like a
random walk's, so a one-box lead is worth little in August and almost a win on the last operation of November.
The weights are fitted (cross-entropy, the results 1, 0 and 0.5 for a draw) on a tenth of the decision states of
1,500 seeded heuristic-against-heuristic games (the policy a search's rollouts follow), then rounded:
`benchmarks/evaluation_fit.py --fit` refits them. On the states of 700 other games they predict the result
with log-loss 0.624, against 0.683 for the marker alone and 0.693 for a coin; on 200 more (`benchmarks/
evaluation_fit.py`, seeds 50000-50199) 0.616. The weights they replace (SCALE 1.2, LANDING 0.25, FLEET 2.0, a
damaged ship counted as afloat), fitted on an earlier heuristic, scored 0.693 on those 200: no better than a
constant, since they were sure of leads the present heuristic often loses. The exponent is clamped to +-30 so the
value stays strictly inside (0, 1), and Japan's value is 1 minus the US's (the two sum to 1).
Over: 1 for the winner, 0 for the loser, 0.5 a draw (4.0). It reads only the state: no view, narration or copy."""
from __future__ import annotations

import math
from typing import NamedTuple

from kaisen.engine.core import end_value, logistic
from kaisen.games.pacific_fury.data import PFData
from kaisen.games.pacific_fury.state import LAST_TURN, SIDES, PFState

SCALE = 0.8          # logistic slope per box of lead, one turn from the end
SHIFT = 1.0          # boxes for the Return Phase shift still to come
LANDING = 0.75       # boxes per Transports unit (or Tokyo Express) that may still land this turn
FLEET = 3.0          # boxes per turn left for the whole of one fleet's share of power
WEIGHTS = (SCALE, SHIFT, LANDING, FLEET)    # what benchmarks/evaluation_fit.py --fit refits
WEIGHT_NAMES = ("SCALE", "SHIFT", "LANDING", "FLEET")
REFERENCE = "usa"    # the side `terms` count toward and `chance` is for
FLOOR = 0.05         # turns: keeps the last operation's lead finite
CLAMP = 30.0
OUT_OF_PLAY = frozenset(("sunk", "removed", "reserve"))
BEFORE_OPERATIONS = frozenset(("initiative", "event", "task-force"))
_SIDES = frozenset(SIDES)


class Terms(NamedTuple):
    """What the evaluation counts in a state, each toward the US (module docstring)."""

    marker: int
    shift: int
    landings: int
    fleet_turns: float
    left: float


def evaluate(game, s: PFState, side: str) -> float:
    """`side`'s chance to win from `s`: in (0, 1) until the end, then 1, 0 or 0.5 (4.0)."""
    if side not in _SIDES:
        raise ValueError(f"unknown side {side!r}; sides are {SIDES}")
    if s.step == "over" and (v := end_value(game.pause(s), side)) is not None:
        return v
    p = chance(terms(game.data, s), WEIGHTS)
    return p if side == REFERENCE else 1.0 - p


def chance(t: Terms | tuple, w: tuple[float, ...]) -> float:
    """The US's chance from the terms and the weights (SCALE, SHIFT, LANDING, FLEET): the logistic of the lead in
    boxes, read with the time left (module docstring)."""
    marker, shift, landings, fleet_turns, left = t
    scale, w_shift, w_landing, w_fleet = w
    lead = marker + w_shift * shift + w_landing * landings + w_fleet * fleet_turns
    return logistic(scale * lead / math.sqrt(left + FLOOR), CLAMP)


def terms(d: PFData, s: PFState) -> Terms:
    """The evaluation's terms in `s` (module docstring): the fit reads them too."""
    worth, everyone, transports = _weights(d)
    loc = s.loc
    us = s.initiative == "usa"
    nonint = "japan" if us else "usa"
    base_counts = s.phase in BEFORE_OPERATIONS
    landings = 0
    for u in transports[nonint]:
        where = loc[u]
        if where[:3] == "tf:" or base_counts and where == "base":
            landings += 1
    fleet = everyone - sum(map(worth.__getitem__, [u for u, where in loc.items() if where in OUT_OF_PLAY]))
    this_turn = (7 - s.ops[nonint]) / 7 if s.phase == "operations" else 1.0
    left = max(0, LAST_TURN - s.turn) + this_turn
    # a ship on the Turn Record Track fights from the turn it returns (8.1, 10.7): the turns before it count nothing
    idle = sum(worth[u] * (left - max(0.0, min(left, LAST_TURN + 1 - back))) for u, back in s.returns.items())
    to_us = 1 if us else -1
    shift = to_us if (s.hf_operational or s.transport_sunk) else 0
    return Terms(s.marker, shift, -to_us * landings, fleet * left - idle, left)


_WEIGHTS: dict[int, tuple] = {}


def _weights(d: PFData) -> tuple[dict[str, float], float, dict[str, tuple[str, ...]]]:
    """Each unit's power as a signed share of its side's start (US +, Japan -; Transports units and the Tokyo
    Express 0), their sum over every unit, and each side's Transports units and Tokyo Express: static, built once
    per data set."""
    entry = _WEIGHTS.get(id(d))
    if entry is None or entry[0] is not d:
        ships = [sp for sp in d.ships.values() if sp.type not in ("AP", "TE")]
        start = {sd: sum(sp.cf + sp.df for sp in ships if sp.side == sd and sp.start != "reserve") for sd in SIDES}
        worth = {u: 0.0 for u in d.ships}
        worth.update({sp.id: (sp.cf + sp.df) / start[sp.side] * (1 if sp.side == "usa" else -1) for sp in ships})
        transports = {sd: tuple(u for u in d.order if d.ships[u].side == sd and d.ships[u].type in ("AP", "TE"))
                      for sd in SIDES}
        entry = _WEIGHTS[id(d)] = (d, worth, sum(worth.values()), transports)
    return entry[1], entry[2], entry[3]
