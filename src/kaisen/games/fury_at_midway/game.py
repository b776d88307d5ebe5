"""Fury at Midway as a kaisen Game (the engine contract of DESIGN.md)."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from kaisen.engine.core import Answer, Event, Game, GameOption, LazyView, Pause, Scenario
from kaisen.games.fury_at_midway import flow, views
from kaisen.games.fury_at_midway.data import FaMData, load
from kaisen.games.fury_at_midway.common import DMCV
from kaisen.games.fury_at_midway.state import MIDWAY, SIDES, FaMState


class FuryAtMidway(Game[FaMState]):
    """Seven turns of carrier war on a hex map: secret plots, searches, air operations, the landing."""

    id = "fury-at-midway"
    title = "Fury at Midway: 4-5 June 1942"
    sides = ("japan", "usa")
    scenarios = (Scenario("campaign", "Midway, 4-5 June 1942", "The full game: Day 1 (turns 1-3), the night, Day 2"),)
    options = (GameOption("b17", "Optional rule 9.4(4): Midway's B-17s fly (three dice a step, a hit on three 1s)"),)

    def __init__(self, data: FaMData | None = None):
        self.data = data or load()

    def new_state(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> FaMState:
        self.scenario(scenario)
        return flow.new_game(self.data, self.resolve_options(options))

    def pause(self, state: FaMState) -> Pause:
        return flow.pause(state, self.data)

    def apply(self, state: FaMState, answer: Answer) -> FaMState:
        return flow.apply(state, self.data, answer)

    def events(self, state: FaMState) -> tuple[Event, ...]:
        return state.last_events

    def view(self, state: FaMState, side: str | None) -> dict[str, Any]:
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        return views.view(state, self.data, side, self.pause(state))

    def policy_view(self, state: FaMState, side: str) -> LazyView:
        """The view, each part made when the policy first reads it (views.policy_view)."""
        return views.policy_view(state, self.data, side, self.pause(state))

    def public_view(self, state: FaMState) -> dict[str, Any]:
        """What neither side's view hides (the spectator's view): see views.PUBLIC."""
        return views.view(state, self.data, views.PUBLIC, self.pause(state))

    def action_vocabulary(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> frozenset[str]:
        """Every option id the game can ever offer (contract v2), enumerated from the static data: squadrons,
        carriers, groups, hexes and cards. With the standard data: 3,448 ids with the optional B-17s (`b17`),
        3,371 without (the largest share is a strike group's move, `sg-move:<group>:<hex>`, one per strike-group
        number and hex; a side's strike groups take the lowest free numbers, so there are never more numbers
        than the side has squadrons)."""
        self.scenario(scenario)
        return _vocabulary(self.data, bool(self.resolve_options(options).get("b17")))

    def render(self, view: dict[str, Any], compact: bool = False) -> Any:
        from kaisen.games.fury_at_midway.board import render_board
        return render_board(view, compact)

    def reveals(self, event: Any) -> bool:
        """7.2, 6.3: a search result (it measures the distance to hidden fleets) or where the fleets now are."""
        return event.kind in ("search", "fleet") and event.private_to is None

    def sample_state(self, view: dict[str, Any], rng: random.Random) -> FaMState:
        from kaisen.games.fury_at_midway import sampler
        return sampler.sample(self, view, rng)

    def evaluate(self, state: FaMState, side: str) -> float:
        """`side`'s chance to win counted as 4.0 counts (VP now, the landing's odds, aircraft left, the Day 1
        verdict): evaluation.py says what and with what weights. Reads the true state: for search copies only."""
        if side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        from kaisen.games.fury_at_midway import evaluation
        return evaluation.evaluate(state, self.data, side)

    def search_reach(self, budget: Any) -> Any:
        """Rollouts run through the end of the next turn (two turn ends, up to 400 decisions), not only this one:
        cut at this turn's end, `evaluate` prizes what pays at once (Midway's garrison hit, a half-formed strike
        launched now) and cannot see what it costs a turn later (carriers left unstruck, fighters lost); searched
        with the shorter cut, ismcts-easy as Japan lost 10 of 10 to the heuristic (docs/ladder.md)."""
        return replace(budget, horizon=budget.horizon + 1, rollout_steps=max(budget.rollout_steps, 400))

    def to_json(self, state: FaMState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> FaMState:
        return FaMState.from_json(data)


_VOCABULARY: dict[tuple[int, bool], frozenset[str]] = {}


def _vocabulary(d: FaMData, b17: bool) -> frozenset[str]:
    """The action vocabulary of `FuryAtMidway.action_vocabulary`, made once per data set and option."""
    key = (id(d), b17)
    got = _VOCABULARY.get(key)
    if got is not None:
        return got
    hexes = d.hexes
    squadrons = [q for q, sp in d.squadrons.items() if b17 or not d.aircraft[sp.type].optional]
    side_of = {q: d.aircraft[d.squadrons[q].type].side for q in squadrons}
    carriers = list(d.carriers)                                   # with Midway ("midway")
    side_carriers = {side: [k for k in carriers if d.carriers[k].side == side] for side in SIDES}
    groups = list(d.groups) + list(DMCV.values()) + [MIDWAY] + list(d.fleets)
    ids: set[str] = {"deck", "hangar", "cap", "rest-default", "attack-midway", "no-attack", "no-dmcv", "off", "end",
                     "exit", "stop", "cap-lost", "no-more", "done", "pass"}
    ids |= {f"start:{h}" for h in d.area("csf-setup")}
    for h in hexes:                                               # movement, step back, launches
        ids |= {f"to:{h}", f"enter:{h}", f"back:{h}", f"sg-go:{h}"}
    for k in carriers:                                            # landings, CAP return, attacks, cards
        ids |= {f"dmcv:{k}", f"land:{k}", f"cap-deck:{k}", f"cap-hangar:{k}", f"carrier:{k}", f"hit:{k}", f"tow:{k}",
                f"sub:{k}", f"crit:{k}"}
        ids |= {f"repair:{k}:{b}" for b in range(1, d.carriers[k].deck_boxes + 1)}
    for g in groups:                                              # Return boxes, aiming
        ids |= {f"to:{g}", f"aim:{g}"}
    for q in squadrons:                                           # one squadron's moves
        ids |= {f"first:{q}", f"lose:{q}", f"deck:{q}", f"cap:{q}", f"sg-add:{q}", f"intercept:{q}", f"hit:{q}",
                f"restore:{q}", f"ditch:{q}", f"sep:{q}"}
        for k in side_carriers[side_of[q]]:
            ids |= {f"uncap:{q}:{k}", f"deck-on:{q}:{k}", f"rebuild:{q}:{k}"}
        for q2 in squadrons:                                      # 8.3(4): two one-step units of one type
            if q2 != q and d.squadrons[q2].type == d.squadrons[q].type:
                ids.add(f"combine:{q}:{q2}")
    for side in SIDES:                                            # strike groups: the lowest free numbers
        prefix = "J" if side == "japan" else "U"
        for n in range(1, sum(1 for q in squadrons if side_of[q] == side) + 1):
            gid = f"{prefix}{n}"
            ids.add(f"sg-return:{gid}")
            ids |= {f"sg-move:{gid}:{h}" for h in hexes}
    ids |= {f"play:{n:02d}" for n in d.cards}
    got = _VOCABULARY[key] = frozenset(ids)
    return got
