"""A search's score for a game of Fighters of the Pacific cut short (engine contract: `Game.evaluate`): the chance a
side wins, counted the way the Victory boards count (rulebook: Victory boards, Phase 3 step 6; scenarios.toml `vp`).

The lead, in victory points, of `side` over the enemy is

    lead = now + fight + strike

* `now`: the margin on the two victory boards (`state.vp`): the check at the end of a turn compares exactly these
  (more VP wins, equal is a draw), so it is the game's own count.
* `fight`: the airplanes still to be shot down. A side's VP at stake is what the enemy scores for each of its
  airplanes on the board or still to arrive (Scenario, reinforcements): the scenario's `vp.fighter` or `vp.bomber`.
  A side's air power is 1 per fighter and 0.25 per other airplane (rear guns only), each times the share of its
  armor not yet shot away (Damage, armor), plus 0.5 per AA still in action (AA: a ship segment not hit, a ground
  AA not bombed). Its share of the two sides' power is the share of the enemy's stake it is expected to take:
  `fight = 0.5 * r * (share * stake(enemy) - (1 - share) * stake(side))`.
* `strike`: what airplanes may still score by their mission: one carrying ordnance (Bombs, Torpedoes) threatens
  the best target the enemy still has (an unhit carrier or destroyer segment, an objective or a ground AA not yet
  bombed, at the scenario's VP); one that may leave by its side's exit edge (Victory boards: exit) is worth
  `vp.exit`; the larger of the two. It gets through in proportion to its side's power share, and half the time:
  `strike = 0.5 * r * (share * threat(side) - (1 - share) * threat(enemy))`.

`r` is the fraction of the scenario's turns still to play, the current turn included: what is still in the air
matters less as the End of Game marker comes near. `p = 1 / (1 + exp(-lead / T))` with `T = 1 + 0.15 * r * V`,
V the VP of every airplane the scenario fields (a constant of the scenario, so a point gained never lowers the
value within a turn): one fighter (1 VP) decides a game on its last turn, and a bomber (5 VP) is a fair lead
early on. The lead is clamped to +-20 T so the value stays strictly inside (0, 1); the two
sides' values sum to 1.

The weights (`WEIGHTS`) are set by reasoning, not fitted, and measured (`benchmarks/evaluation_fit.py`, 100 held-out
heuristic games a scenario, 2026-11-25; log-loss against a constant at the scenario's mean result): Fighter Sweep
0.581 against 0.641 but too flat (a temperature a quarter as large scores 0.494); Dive on Kaga 0.634 against 0.693;
Santa Cruz 0.643 and Strike Escort 0.658, worse than their constants (0.621, 0.612), and a steeper reading makes
those worse still. So what a strike is worth (`strike`) is misjudged where strikes decide, and no one set of
weights serves both kinds of scenario: a free fit over all ten (`--fit`) went to a negative temperature on the
last turn, which means nothing. The weights were kept; a search plays the strike scenarios on a weak evaluation.

Over: 1 for the winner, 0 for the loser, 0.5 a draw. It reads only the state."""
from __future__ import annotations


from kaisen.engine.core import end_value, logistic
from kaisen.games.fighters_of_the_pacific.common import roster
from kaisen.games.fighters_of_the_pacific.state import SIDES, FotPState

FIGHT = 0.5              # the share of the airplanes at stake the rest of the game is expected to settle
STRIKE = 0.5             # the chance an airplane with a mission gets through, its side's power share apart
BOMBER_POWER = 0.25      # a bomber's guns against a fighter's
AA_POWER = 0.5           # an AA in action against a fighter
SPREAD = 0.15            # temperature per VP the scenario fields, at the start
BASE = 1.0               # temperature on the last turn
WEIGHTS = (FIGHT, STRIKE, BASE, SPREAD)     # what benchmarks/evaluation_fit.py --fit refits
WEIGHT_NAMES = ("FIGHT", "STRIKE", "BASE", "SPREAD")
CLAMP = 20.0
INDEX = {sd: i for i, sd in enumerate(SIDES)}
REFERENCE = SIDES[0]     # the side `terms` count toward and `chance` is for


def evaluate(game, s: FotPState, side: str) -> float:
    """`side`'s chance to win from `s`, in (0, 1) until the end; 1, 0 or 0.5 once the game is over."""
    if side not in INDEX:
        raise ValueError(f"unknown side {side!r}; sides are {SIDES}")
    if s.step == "over" and (v := end_value(game.pause(s), side)) is not None:
        return v
    p = chance(terms(game.data, s), WEIGHTS)
    return p if side == REFERENCE else 1.0 - p


def chance(t: tuple, w: tuple[float, ...]) -> float:
    """`REFERENCE`'s chance from the terms and the weights (FIGHT, STRIKE, BASE, SPREAD): the logistic of the lead
    over the temperature (module docstring)."""
    now, fight, strike, r, fielded = t
    w_fight, w_strike, base, spread = w
    return logistic((now + w_fight * fight + w_strike * strike) / (base + spread * r * fielded), CLAMP)


def terms(d, s: FotPState) -> tuple[float, float, float, float, int]:
    """The terms the evaluation weighs, toward `REFERENCE` (the enemy's are their negatives): the margin on the
    victory boards, the airplanes at stake and the strikes and exits still possible as the power shares would
    split them (each times `r`), then `r`, the share of the turns left, and the VP the scenario fields."""
    i = INDEX[REFERENCE]
    sc = d.scenarios[s.scenario]
    vp = sc.vp
    j = 1 - i
    now = s.vp[SIDES[i]] - s.vp[SIDES[j]]
    power = [0.0, 0.0]
    stake = [0.0, 0.0]
    threat = [0.0, 0.0]
    target = _targets(d, s, vp)
    exit_vp = [vp.exit if any(e.side == sd for e in sc.exit) else 0 for sd in SIDES]
    aircraft = d.aircraft
    for p in s.planes.values():
        k = INDEX[p.side]
        spec = aircraft[p.type]
        health = (spec.armor - p.damage) / spec.armor
        if spec.is_fighter:
            power[k] += health
            stake[k] += vp.fighter
        else:
            power[k] += BOMBER_POWER * health
            stake[k] += vp.bomber
        threat[k] += target[1 - k] if p.ordnance and target[1 - k] > exit_vp[k] else exit_vp[k]
    for turn, plane, k, fighter, ordnance in _reinforcements(d, s.scenario):    # still to arrive (Scenario)
        if turn >= s.turn and plane not in s.planes:
            power[k] += 1.0 if fighter else BOMBER_POWER
            stake[k] += vp.fighter if fighter else vp.bomber
            threat[k] += target[1 - k] if ordnance and target[1 - k] > exit_vp[k] else exit_vp[k]
    if sc.uses("aa"):
        for x in s.ships.values():
            power[INDEX[x.side]] += AA_POWER * x.hit.count(False)
        for st in s.sites.values():
            if st.kind == "aa" and not st.destroyed:
                power[INDEX[st.side]] += AA_POWER
    both = power[i] + power[j]
    share = power[i] / both if both else 0.5
    r = max(0, sc.end_turn - s.turn + 1) / sc.end_turn
    fight = r * (share * stake[j] - (1 - share) * stake[i])
    strike = r * (share * threat[i] - (1 - share) * threat[j])
    return now, fight, strike, r, _fielded(d, s.scenario)


_REINFORCEMENTS: dict[tuple[int, str], tuple] = {}


def _reinforcements(d, scenario: str) -> tuple:
    """The scenario's reinforcements as the count reads them: (turn, airplane id, side index, fighter?, ordnance)."""
    key = (id(d), scenario)
    if key not in _REINFORCEMENTS:
        _REINFORCEMENTS[key] = tuple((e.turn, e.id, INDEX[e.side], d.aircraft[e.type].is_fighter, e.ordnance)
                                     for e in roster(d, scenario) if e.turn > 0)
    return _REINFORCEMENTS[key]


_FIELDED: dict[tuple[int, str], int] = {}


def _fielded(d, scenario: str) -> int:
    """The VP of every airplane the scenario fields, both sides, reinforcements included (Scenario): a constant of
    the scenario, so that within a turn a gain never reads as a loss."""
    key = (id(d), scenario)
    if key not in _FIELDED:
        vp = d.scenarios[scenario].vp
        _FIELDED[key] = sum(vp.fighter if d.aircraft[e.type].is_fighter else vp.bomber for e in roster(d, scenario))
    return _FIELDED[key]


def _targets(d, s: FotPState, vp) -> list[int]:
    """The best VP a bomb or torpedo can still score against each side (Ships, Islands): an unhit segment of its
    carriers or destroyers, its objectives and ground AA not yet bombed."""
    best = [0, 0]
    for x in s.ships.values():
        if not all(x.hit):
            k = INDEX[x.side]
            best[k] = max(best[k], getattr(vp, f"{x.cls}_segment"))
    for st in s.sites.values():
        if st.kind in ("aa", "objective") and not st.destroyed:
            k = INDEX[st.side]
            best[k] = max(best[k], vp.ground_aa if st.kind == "aa" else vp.objective)
    return best
