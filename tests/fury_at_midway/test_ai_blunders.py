"""Blunders of the Fury at Midway heuristic (issue 15, item 3), each refused at the decision that showed it.

Each situation comes from the game's own flow: a scripted opening (rest-default set-up, the fleets placed, the
initiative dice given), or a seeded game of random play stopped at the decision. The heuristic is then asked
with the side's view and the decision only, as it is in play.
"""
from __future__ import annotations

import random

from kaisen.engine import testing
from kaisen.engine.core import Chance, Decision, End
from kaisen.games.fury_at_midway import GAME
from kaisen.games.fury_at_midway.ai import HeuristicAgent, group_ma

D = GAME.data
MIDWAY_SLOW = ("midway-tbf", "midway-sbd")       # allowance 2 (the B-26 has 3)


def random_play_until(seed: int, wanted) -> tuple | None:
    """Random legal play from a new game seeded `seed` until `wanted(state, decision)`; None if it ends first."""
    rng = random.Random(seed)
    s = GAME.new_state()
    while not isinstance(p := GAME.pause(s), End):
        if isinstance(p, Decision) and wanted(s, p):
            return s, p
        s = GAME.apply(s, testing.random_answer(p, rng))
    return None


def fleet_decision(kind: str, fleet: str, verb: str, turns) -> callable:
    """A movement decision of `fleet` on one of `turns` that offers an option with `verb`."""
    def wanted(s, p: Decision) -> bool:
        return (p.kind == kind and p.options[0].fields.get("fleet") == fleet and s.turn in turns
                and any(o.fields["verb"] == verb for o in p.options))
    return wanted


def heuristic_answer(s, p: Decision) -> str:
    return HeuristicAgent(p.side, seed=0).choose(GAME.view(s, p.side), p)


# -- the DMCV ran off the map before the Day 1 check -------------------------------------------------
DMCV_EARLY_SEEDS = (73, 149, 167, 290)     # random games whose Japanese DMCV may exit on turn 2 or 3
DMCV_LATE_SEEDS = (45, 73, 85, 116)        # ... on Day 2


def test_4_1_the_japanese_dmcv_stays_on_the_map_until_day_1_is_checked():
    """4.1 counts only carriers afloat on the map after turn 3: a DMCV that leaves before then is lost to the
    ratio as surely as a sunk carrier (the old heuristic always left, 50 of the US's 172 Day 1 wins)."""
    seen = 0
    for seed in DMCV_EARLY_SEEDS:
        found = random_play_until(seed, fleet_decision("move-fleet", "ijn-dmcv", "exit", (1, 2, 3)))
        if found is None:
            continue
        s, p = found
        answer = heuristic_answer(s, p)
        chosen = next(o for o in p.options if o.id == answer)
        assert chosen.fields["verb"] != "exit", (seed, s.turn)
        assert chosen.fields["verb"] in ("move", "stop")
        seen += 1
    assert seen >= 3


def test_4_2_the_japanese_dmcv_leaves_the_map_on_day_2():
    """4.2 scores no VP for a DMCV that leaves, and a carrier with two hits sinks at the next one (9.4(2)): once
    Day 1 is checked, the DMCV leaves as soon as it can."""
    seen = 0
    for seed in DMCV_LATE_SEEDS:
        found = random_play_until(seed, fleet_decision("move-fleet", "ijn-dmcv", "exit", (4, 5, 6, 7)))
        if found is None:
            continue
        s, p = found
        assert next(o for o in p.options if o.id == heuristic_answer(s, p)).fields["verb"] == "exit"
        seen += 1
    assert seen >= 3


# -- Midway strikes launched at targets the planes cannot reach ---------------------------------------
def turn_one_us_operation(csf: str = "G-3", route=("enter:A-2", "to:B-3", "stop")):
    """Turn 1 by the flow: both set-ups by default, the CSF placed at `csf` and staying there, no card played,
    no Midway attack, the 1AF along `route`, and initiative dice 1 (Japan) and 6 (US): the US's first air
    operation, with the Midway B-26, SBD-2 and TBF on the runways."""
    plan = {"place-aircraft": "rest-default", "set-up-csf": "start:" + csf, "declare-midway-attack": "no-attack",
            "plot-move": "end"}
    route = list(route)
    s = GAME.new_state()
    while True:
        p = GAME.pause(s)
        if isinstance(p, Chance):
            s = GAME.apply(s, (1, 6) if p.dice == (6, 6) else tuple(1 for _ in p.dice))
            continue
        if p.kind == "air-operation":
            return s
        if p.kind == "play-card":
            a = next(o.id for o in p.options if o.fields["verb"] == "pass")
        elif p.kind == "move-fleet":
            a = route.pop(0)
        else:
            a = plan[p.kind]
        s = GAME.apply(s, a)


def fly_one_operation(s, side: str) -> tuple[object, list[tuple[tuple[str, ...], str]]]:
    """The heuristic plays `side`'s current air operation to its end; returns the state and each launch made
    (the strike group's units, the hex it flew to)."""
    agent = HeuristicAgent(side, seed=0)
    launches = []
    while isinstance(p := GAME.pause(s), Decision) and p.side == side:
        view = GAME.view(s, side)
        answer = agent.choose(view, p)
        if answer.startswith("sg-go:"):
            launches.append((tuple(view["displays"][side]["forming"]), answer[6:]))
        s = GAME.apply(s, answer)
        if answer == "end":
            break
    return s, launches


def test_8_5_2_no_slow_midway_aircraft_holds_a_strike_short_of_the_1af():
    """8.5(2): a strike group flies at its slowest unit's allowance. With the 1AF five hexes from Midway, a group
    with the TBF or SBD-2 (allowance 2) can fly only 2 + 2 hexes and must turn for home (8.5(3)); the old
    heuristic sent them with the B-26 every time. They stay on the runway; the B-26 (allowance 3) goes."""
    s = turn_one_us_operation()
    view = GAME.view(s, "usa")
    assert view["fleets"]["1af"] == "B-3" and D.hex_distance("B-3", view["midway_hex"]) == 5
    assert view["aop"]["usa"] > 0          # the group gets its second flight this turn
    s, launches = fly_one_operation(s, "usa")
    flown = {q for units, _ in launches for q in units}
    assert not flown & set(MIDWAY_SLOW)
    assert "midway-b26" in flown
    boxes = GAME.view(s, "usa")["displays"]["usa"]["boxes"]
    on_deck = {q for box, units in boxes.items() if box.startswith("deck:midway:") for q, _ in units}
    assert set(MIDWAY_SLOW) <= on_deck


def test_8_5_3_every_strike_it_launches_can_reach_its_target():
    """8.4(1), 8.5(3): each group launched lands within its own allowance of the 1AF, so that its next flight
    attacks (carrier strikes from the CSF and Midway strikes alike), at several distances."""
    checked = 0
    for csf, route in (("G-3", ("enter:A-2", "to:B-3", "stop")), ("G-2", ("enter:A-3", "to:B-4", "stop")),
                       ("H-4", ("enter:A-2", "stop")), ("F-4", ("enter:A-3", "to:B-3", "stop"))):
        s = turn_one_us_operation(csf, route)
        jp = GAME.view(s, "usa")["fleets"]["1af"]
        s, launches = fly_one_operation(s, "usa")
        for units, h in launches:
            assert D.hex_distance(h, jp) <= group_ma(units), (csf, route, units, h, jp)
            checked += 1
    assert checked >= 4


# -- a DMCV ending its move in a friendly fleet's hex --------------------------------------------------
def test_6_1_2_the_us_dmcv_never_plots_into_the_hex_where_the_csf_ends():
    """6.1(2): two fleets never end a move in one hex. The plot lets the DMCV's last hex be the CSF's only when
    it has nowhere else; the old heuristic often plotted it there."""
    seen = 0
    for seed in (107, 165, 183, 189, 214):
        def wanted(s, p):
            if p.kind != "plot-move" or p.options[0].fields.get("fleet") != "us-dmcv":
                return False
            return csf_end(s) in {o.fields.get("hex") for o in p.options if o.fields["verb"] == "move"}
        found = random_play_until(seed, wanted)
        if found is None:
            continue
        s, p = found
        chosen = next(o for o in p.options if o.id == heuristic_answer(s, p))
        assert chosen.fields.get("hex") != csf_end(s) or chosen.fields["verb"] == "end", seed
        seen += 1
    assert seen >= 3


def csf_end(s) -> str:
    view = GAME.view(s, "usa")
    path = view["plot"].get("csf") or []
    return path[-1] if path else view["fleets"]["csf"]


def test_6_1_2_the_japanese_dmcv_never_moves_into_another_japanese_fleets_hex():
    seen = 0
    for seed in (29, 34, 38, 41, 53):
        def wanted(s, p):
            if p.kind != "move-fleet" or p.options[0].fields.get("fleet") != "ijn-dmcv":
                return False
            return bool(others(s) & {o.fields.get("hex") for o in p.options if o.fields["verb"] == "move"})
        found = random_play_until(seed, wanted)
        if found is None:
            continue
        s, p = found
        chosen = next(o for o in p.options if o.id == heuristic_answer(s, p))
        assert chosen.fields["verb"] != "move" or chosen.fields["hex"] not in others(s), seed
        seen += 1
    assert seen >= 3


def others(s) -> set[str]:
    fleets = GAME.view(s, "japan")["fleets"]
    return {fleets[f] for f in ("1af", "mif") if "-" in fleets[f]}


# -- the CSF sat still once the 1AF was gone -----------------------------------------------------------
def test_11_0_with_the_1af_gone_the_csf_closes_on_the_invasion_force():
    """With no Japanese carrier left to strike back, the Invasion Force heading for Midway (2 VP, 4.2(2), 11.0)
    is the target: the CSF closes in by day (the old heuristic ended every plot where it stood)."""
    seen = 0
    for seed in (15, 44, 51, 87, 98):
        def wanted(s, p):
            if p.kind != "plot-move" or p.options[0].fields.get("fleet") != "csf" or s.turn == 4:
                return False
            v = GAME.view(s, "usa")
            f = v["fleets"]
            return ("-" not in f["1af"] and "-" in f["mif"] and not v["plot"].get("csf")
                    and D.hex_distance(f["csf"], f["mif"]) > 4)
        found = random_play_until(seed, wanted)
        if found is None:
            continue
        s, p = found
        fleets = GAME.view(s, "usa")["fleets"]
        chosen = next(o for o in p.options if o.id == heuristic_answer(s, p))
        assert chosen.fields["verb"] == "move", seed
        assert D.hex_distance(chosen.fields["hex"], fleets["mif"]) < D.hex_distance(fleets["csf"], fleets["mif"])
        seen += 1
    assert seen >= 3


def test_12_0_card_10_is_kept_until_japan_has_seen_a_us_strike_come_in():
    """Card 10 is offered after every US air operation (the US Return boxes are hidden from Japan): the heuristic
    plays it only when a US strike attacked since the last such window (flown in the open, or new hits on its own
    carriers), where one has a unit in a Return box to ditch; otherwise it keeps the card."""
    from kaisen.games.fury_at_midway import cards
    from kaisen.games.fury_at_midway.ai import HeuristicAgent
    from tests.fury_at_midway.test_cards import position, run

    s = position(turn=2, japan=(10,))
    s.op_side = "usa"
    quiet = run(s, cards.op_end_window)
    p = GAME.pause(quiet)
    assert p.kind == "play-card" and p.ids() == ["play:10", "pass"]
    assert HeuristicAgent("japan", 1).choose(GAME.view(quiet, "japan"), p) == "pass"
    agent = HeuristicAgent("japan", 1)
    agent.choose(GAME.view(quiet, "japan"), p)                 # it saw the display before the strike
    hit = position(turn=2, japan=(10,))
    hit.op_side = "usa"
    hit.damage["akagi"] = (1,)                                  # the strike came in
    hit = run(hit, cards.op_end_window)
    assert agent.choose(GAME.view(hit, "japan"), GAME.pause(hit)) == "play:10"
