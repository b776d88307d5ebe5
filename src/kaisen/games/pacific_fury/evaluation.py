"""A search's score for a Pacific Fury game cut short (engine contract: `Game.evaluate`): the chance a side wins,
counted the way 4.0 counts (where the Initiative marker stands after turn 4: US boxes a US win, Japanese boxes a
Japanese win, the 0 box a draw).

The US lead, in boxes of the Initiative Track (every term counted toward the US, a Japanese gain negative), is

    lead = marker + shift + 0.25 * landings + 2.0 * fleet * left

* `marker`: where the marker stands (US boxes positive): the margin 4.0 would give if the game ended now.
* `shift`: the Return Phase still to come this turn (11.0) moves the marker one box toward the initiative player
  (6.1) when Henderson Field is operational, or when a TF-A's Transports unit was sunk this turn; 1 box toward
  that side if either holds now, else 0 (a disrupted Henderson Field stays disrupted until the Return Phase).
* `landings`: the non-initiative side's Transports units and Tokyo Express that can still land this turn (6.3:
  only that side has them; 9.3, 9.6: one box each): those in its task forces, and those in base while task forces
  may still be formed (8.2). Each counts a quarter box toward that side: not all get ashore (9.3 needs Henderson
  Field disrupted and Ironbottom Sound clear, 9.6 may be detected), and the fit below puts it at 0.19-0.27.
* `fleet`: the share of its starting fighting power the US still has afloat less Japan's share; a ship's power is
  its combat factor plus its defense factor (10.3-10.7: what it hits with and how many hits it takes to sink), a
  ship sunk or removed (10.7) counts nothing, one damaged on the Turn Record Track still counts (it returns), the
  Japanese Reserve (7.1) counts once released. The start is every US ship (Hornet included, 3.2) and every
  Japanese ship outside the Reserve. Ships win nothing themselves (the Players Notes: losses cost no points), but
  the side with more of its fleet left can still clear Ironbottom Sound, bombard (9.4, 10.4) and strike Henderson
  Field (10.6), so the share counts 2 boxes per turn left: a side with its whole fleet against none gains about
  two boxes a turn.
* `left`: the turns still to play, this one included: the non-initiative side's operations left this turn over 7
  during the Operations Phase (9.7; 1 before it), plus the turns after this one.

`p(US) = 1 / (1 + exp(-1.2 * lead / sqrt(left + 0.05)))`: the marker's moves add up over the turns left like a
random walk's, so a one-box lead is worth little in August and almost a win on the last operation of November.
The weights were fitted (cross-entropy) on states of 1,200 seeded heuristic-against-heuristic games and 900
games with a random side, then rounded; on the states of 1,050 other games (600 heuristic against heuristic)
they predict the result with log-loss 0.54 (heuristic games; 0.58 with the marker alone) and 0.44 (all; 0.46
with the marker alone). The exponent is clamped to +-30 so the value stays strictly inside (0, 1), and Japan's
value is 1 minus the US's (the two sum to 1).
Over: 1 for the winner, 0 for the loser, 0.5 a draw (4.0). It reads only the state: no view, narration or copy."""
from __future__ import annotations

import math

from kaisen.engine.core import end_value, logistic
from kaisen.games.pacific_fury.data import PFData
from kaisen.games.pacific_fury.state import SIDES, PFState

LANDING = 0.25       # boxes per Transports unit (or Tokyo Express) that may still land this turn
FLEET = 2.0          # boxes per turn left for the whole of one fleet's share of power
SCALE = 1.2          # logistic slope per box of lead, one turn from the end
FLOOR = 0.05         # turns: keeps the last operation's lead finite
CLAMP = 30.0
OUT_OF_PLAY = frozenset(("sunk", "removed", "reserve"))
BEFORE_OPERATIONS = frozenset(("initiative", "event", "task-force"))
_SIDES = frozenset(SIDES)


def evaluate(game, s: PFState, side: str) -> float:
    """`side`'s chance to win from `s`: in (0, 1) until the end, then 1, 0 or 0.5 (4.0)."""
    if side not in _SIDES:
        raise ValueError(f"unknown side {side!r}; sides are {SIDES}")
    if s.step == "over" and (v := end_value(game.pause(s), side)) is not None:
        return v
    x = us_lead(game.data, s)
    if side == "japan":
        x = -x
    return logistic(x, CLAMP)


def us_lead(d: PFData, s: PFState) -> float:
    """The US lead in boxes, read with the time left (the logistic's argument; see the module docstring)."""
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
    left = max(0, 4 - s.turn) + this_turn
    to_us = 1 if us else -1
    shift = to_us if (s.hf_operational or s.transport_sunk) else 0
    lead = s.marker + shift - to_us * LANDING * landings + FLEET * fleet * left
    return SCALE * lead / math.sqrt(left + FLOOR)


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
