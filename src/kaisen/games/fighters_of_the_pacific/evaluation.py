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
sides' values sum to 1. Over: 1 for the winner, 0 for the loser, 0.5 a draw. It reads only the state."""
from __future__ import annotations


from kaisen.engine.core import end_value, logistic
from kaisen.games.fighters_of_the_pacific.common import roster
from kaisen.games.fighters_of_the_pacific.state import SIDES, FotPState

FIGHT = 0.5              # the share of the airplanes at stake the rest of the game is expected to settle
STRIKE = 0.5             # the chance an airplane with a mission gets through, its side's power share apart
BOMBER_POWER = 0.25      # a bomber's guns against a fighter's
AA_POWER = 0.5           # an AA in action against a fighter
SPREAD = 0.15
CLAMP = 20.0
INDEX = {sd: i for i, sd in enumerate(SIDES)}


def evaluate(game, s: FotPState, side: str) -> float:
    """`side`'s chance to win from `s`, in (0, 1) until the end; 1, 0 or 0.5 once the game is over."""
    if side not in INDEX:
        raise ValueError(f"unknown side {side!r}; sides are {SIDES}")
    if s.step == "over" and (v := end_value(game.pause(s), side)) is not None:
        return v
    lead, temp = _lead(game.data, s, INDEX[side])
    return logistic(lead / temp, CLAMP)


def _lead(d, s: FotPState, i: int) -> tuple[float, float]:
    """Side `i`'s lead in VP and the temperature it is read with."""
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
    fight = FIGHT * r * (share * stake[j] - (1 - share) * stake[i])
    strike = STRIKE * r * (share * threat[i] - (1 - share) * threat[j])
    return now + fight + strike, 1.0 + SPREAD * r * _fielded(d, s.scenario)


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
