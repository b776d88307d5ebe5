"""What a search scores a Victory in the Pacific state with (evaluation.py): the end as the rules call it (4.7),
an estimate strictly inside (0, 1) for the two sides summing to one, counted as the victory rules count (the
POC standing 2.5, control 15.1, the fleets afloat 7.53), and the horizon mark a rollout is cut at."""
from __future__ import annotations

from functools import lru_cache

import pytest

from kaisen.engine import testing
from kaisen.engine.core import End
from kaisen.games.victory_in_the_pacific import GAME
from kaisen.games.victory_in_the_pacific import evaluation

SEEDS = (1, 8, 21)


@lru_cache(maxsize=None)
def game(seed: int) -> tuple:
    """Every state of a seeded random game, the last one over."""
    states = []
    for s, _, nxt in testing.random_game(GAME, seed):
        states.append(s)
    return tuple(states) + (nxt,)


def states_every(step: int) -> list:
    return [s for seed in SEEDS for i, s in enumerate(game(seed)) if i % step == 0]


def edited(s, **changes):
    """A copy of `s` with the smallest edit the flow cannot reach quickly."""
    t = GAME.from_json(GAME.to_json(s))
    for k, v in changes.items():
        setattr(t, k, v)
    return t


def test_4_7_the_end_scores_one_for_the_winner_and_zero_for_the_loser():
    end = game(SEEDS[0])[-1]
    p = GAME.pause(end)
    assert isinstance(p, End) and p.winner in GAME.sides
    loser = "japan" if p.winner == "allies" else "allies"
    assert GAME.evaluate(end, p.winner) == 1.0 and GAME.evaluate(end, loser) == 0.0


def test_4_7_a_drawn_end_scores_one_half_for_each_side():
    draw = edited(game(SEEDS[0])[-1], poc=0, result=(None, 0))
    assert isinstance(GAME.pause(draw), End) and GAME.pause(draw).winner is None
    assert GAME.evaluate(draw, "japan") == GAME.evaluate(draw, "allies") == 0.5


def test_evaluation_is_inside_0_1_sums_to_one_and_only_reads_the_state():
    for s in states_every(13):
        if s.result is not None:
            continue
        testing.assert_evaluation_contract(GAME, s)


def test_evaluation_refuses_a_side_the_game_does_not_have():
    with pytest.raises(ValueError, match="unknown side 'usa'.*japan.*allies"):
        GAME.evaluate(game(SEEDS[0])[0], "usa")


def test_2_5_the_side_ahead_on_the_poc_track_is_evaluated_higher():
    for s in states_every(97):
        if s.result is not None:
            continue
        allies_ahead, japan_ahead = edited(s, poc=6), edited(s, poc=-6)
        assert GAME.evaluate(allies_ahead, "allies") > GAME.evaluate(japan_ahead, "allies")
        assert GAME.evaluate(japan_ahead, "japan") > GAME.evaluate(allies_ahead, "japan")


def test_4_7_after_the_last_award_the_standing_alone_decides():
    last = [s for s in game(SEEDS[1]) if s.result is None and s.turn == GAME.data.last_turn
            and s.poc_log and s.poc_log[-1][0] == s.turn]
    assert last, "no state after the last turn's 5.71 in the seeded game"
    s = last[0]
    ahead = "allies" if s.poc > 0 else "japan" if s.poc < 0 else None
    if ahead is None:
        assert GAME.evaluate(s, "allies") == 0.5
    else:
        assert GAME.evaluate(s, ahead) > 0.999
    assert GAME.evaluate(edited(s, poc=1), "allies") > GAME.evaluate(game(SEEDS[1])[0], "allies")


def held_alone(s, side: str) -> dict[str, list[str]]:
    """Sea areas worth POC to `side` (2.5) where only `side` has units at sea, and none of its land-based air: its
    patrolling ships there (15.1)."""
    d = GAME.data
    foe = {loc for u, loc in s.loc.items() if loc.startswith("sea:") and d.units[u].side != side}
    air = {loc for u, loc in s.loc.items() if loc.startswith("sea:") and d.units[u].kind == "lba"}
    out: dict[str, list[str]] = {}
    for u, loc in sorted(s.loc.items()):
        sp = d.units[u]
        if loc.startswith("sea:") and loc not in foe | air and sp.kind == "ship" and s.mode.get(u) == "patrol":
            out.setdefault(loc, []).append(u)
    return {a: ships for a, ships in out.items() if d.areas[a[4:]].poc(side) > 0}


def combat_phase_states() -> list:
    """States of the combat phase before this turn's 5.71, as the flow reached them."""
    return [s for seed in SEEDS for s in game(seed) if s.result is None and evaluation.half(s) == 1
            and not (s.poc_log and s.poc_log[-1][0] == s.turn)]


@pytest.mark.parametrize("side", GAME.sides)
def test_15_1_an_area_held_by_patrolling_ships_counts_for_their_side(side):
    """Turned to raiders (15.1: a raider holds nothing), the same ships leave the area to nobody: lower."""
    checked = 0
    for s in combat_phase_states()[::7]:
        for area, ships in held_alone(s, side).items():
            raiders = edited(s, mode={**s.mode, **{u: "raid" for u in ships}})
            assert GAME.evaluate(s, side) > GAME.evaluate(raiders, side), (s.turn, s.step, area)
            checked += 1
            break
    assert checked >= 3


@pytest.mark.parametrize("side", GAME.sides)
def test_7_53_a_damaged_ship_counts_less_and_a_sunk_one_nothing(side):
    checked = 0
    for s in states_every(151):
        if s.result is not None or s.turn >= GAME.data.last_turn:
            continue
        ships = [u for u, loc in sorted(s.loc.items()) if loc.startswith("port:") and s.damage.get(u, 0) == 0
                 and GAME.data.units[u].kind == "ship" and GAME.data.units[u].side == side]
        if not ships:
            continue
        u = max(ships, key=lambda x: evaluation.tables(GAME.data).value[x])
        damaged = edited(s, damage={**s.damage, u: 2})
        sunk = edited(s)
        sunk.place(u, "sunk")
        assert GAME.evaluate(s, side) > GAME.evaluate(damaged, side) > GAME.evaluate(sunk, side), (s.turn, u)
        checked += 1
    assert checked >= 3


def reference_force(s) -> float:
    """The docstring's count, unit by unit: printed factors less damage, times the share of the turns left."""
    d = GAME.data
    t = evaluation.tables(d)
    scored = bool(s.poc_log) and s.poc_log[-1][0] == s.turn
    first = s.turn + 1 if scored else s.turn
    last = d.last_turn
    left = last - first + 1
    allies = japan = 0.0
    for u, loc in s.loc.items():
        sp = d.units[u]
        if loc in ("sunk", "removed", "lost"):
            continue
        start = s.back.get(u, sp.arrive) if loc in ("due", "returning") else first
        end = sp.remove if sp.remove >= first or loc in ("due", "returning") and sp.remove else last + 1
        turns = max(0, min(end, last + 1) - max(start, first))
        worth = max(0, t.value[u] - (s.damage.get(u, 0) if loc not in ("due", "returning") else 0)) * turns / left
        if sp.side == "allies":
            allies += worth
        else:
            japan += worth
    return (allies - japan) / (allies + japan)


def test_4_4_force_counts_every_unit_in_play_at_its_factors_over_the_turns_left():
    d = GAME.data
    t = evaluation.tables(d)
    for s in states_every(41):
        scored = bool(s.poc_log) and s.poc_log[-1][0] == s.turn
        first = s.turn + 1 if scored else s.turn
        left = d.last_turn - first + 1
        if left <= 0:
            continue
        by = s.loc.by if s.loc.by is not None else s.loc.index(d.units)
        assert evaluation.force(s, t, by, first, left) == pytest.approx(reference_force(s), abs=1e-9), s.step


def test_5_the_horizon_moves_forward_by_turn_then_half_turn():
    """Movement (5.1-5.25) then combat and the end of the turn (5.3-5.7): two marks a turn, never going back."""
    for seed in SEEDS:
        marks = [GAME.horizon(s) for s in game(seed)[:-1]]
        assert all(a <= b for a, b in zip(marks, marks[1:]))
        assert sorted(set(marks)) == [(t, h) for t in range(1, GAME.data.last_turn + 1) for h in (0, 1)]
        assert max(marks.count(m) for m in set(marks)) < 1000


def test_5_71_award_now_is_what_control_would_score_now_with_every_optional_rule():
    """award_now agrees with the game's own count of control (end_turn.controller, 15.1-15.2, 19.3 with turn 9)."""
    from kaisen.games.victory_in_the_pacific import end_turn
    from kaisen.games.victory_in_the_pacific.common import Ctx
    d = GAME.data
    rules = {"turn-9": True, "task-forces": True, "invasion-combat": True, "air-strike-damage": True}
    t = evaluation.tables(d)
    marks = set()
    for i, (s, _, _) in enumerate(testing.random_game(GAME, 5, rules)):
        marks.add(GAME.horizon(s))
        if i % 11:
            continue
        c = Ctx(s, d)
        held = {a: end_turn.controller(c, a) for a in d.areas}
        want = sum(d.areas[a].poc_allies if w == "allies" else -d.areas[a].poc_japan for a, w in held.items() if w)
        want -= held["japanese-islands"] == "japan"                     # 19.3
        by = s.loc.by if s.loc.by is not None else s.loc.index(d.units)
        assert evaluation.award_now(s, t, by) == want, (s.turn, s.step)
        assert 0.0 < GAME.evaluate(s, "japan") < 1.0
    assert max(marks) == (d.optional_turn, 1)
