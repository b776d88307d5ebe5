"""Nights of Fury: Guadalcanal Naval Battles as a kaisen Game (the engine contract of DESIGN.md)."""
from __future__ import annotations

import random
from typing import Any

from kaisen.engine.core import Answer, Event, Game, GameOption, Pause, Scenario
from kaisen.games.nights_of_fury import campaign, flow, generator, views
from kaisen.games.nights_of_fury.rules import Rules, rules
from kaisen.games.nights_of_fury.vocabulary import vocabulary
from kaisen.games.nights_of_fury.state import NoFState

OPTIONAL_RULES = (
    GameOption("intelligence", "Optional rule H: intelligence levels (detection modifiers, what each side knows)",
               True),
    GameOption("mistaken-target", "Optional rule I: mistaken target", True),
    GameOption("searchlights", "Optional rule J: searchlights", True),
    GameOption("smokescreens", "Optional rule K: smokescreens", True),
    GameOption("advanced-fire", "D.5 b / D.6 b: advanced alternating fire instead of alternating fire", False),
)


class NightsOfFury(Game[NoFState]):
    """Night surface battles off Guadalcanal in ten range bands."""

    id = "nights-of-fury"
    title = "Nights of Fury: Guadalcanal Naval Battles"
    sides = ("ijn", "usn")       # the last side is the human's at the terminal by default: the USN, as in the other games
    options = OPTIONAL_RULES

    def __init__(self, data: Rules | None = None):
        self.data = data or rules()
        self.scenarios = tuple(Scenario(sc.id, f"{sc.name} ({sc.date})", sc.background)
                               for sc in self.data.data.scenarios.values()) + generator.SCENARIOS   # A, G

    def new_state(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> NoFState:
        sc = self.scenario(scenario)
        opts = self.resolve_options(options)
        if (options is None or "advanced-fire" not in options) and sc.id not in generator.OWN_KINDS:
            opts["advanced-fire"] = self.data.scenario(sc.id).fire == "advanced"
        return flow.new_battle(self.data, sc.id, opts)

    def action_vocabulary(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> frozenset[str]:
        """Every option id a battle of this scenario can offer (contract v2): the movement order, a move to each
        band, detaching each ship for each purpose, the manoeuvres, searchlights per division (detached ships'
        divisions included), each ship firing, each target position in each division, and disengaging."""
        sc = self.scenario(scenario)
        if sc.id in generator.OWN_KINDS:
            return generator.vocabulary(self.data, sc.id)     # A, G: any ship, commander and trait of the data
        return vocabulary(self.data, sc.id)

    def pause(self, state: NoFState) -> Pause:
        return flow.pause(state, self.data)

    def apply(self, state: NoFState, answer: Answer) -> NoFState:
        return flow.apply(state, self.data, answer)

    def events(self, state: NoFState) -> tuple[Event, ...]:
        return state.last_events

    def view(self, state: NoFState, side: str | None) -> dict[str, Any]:
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        if state.own is not None:                       # A, G: the set-up being rolled, the campaign
            return campaign.view(state, self.data, side, self.pause(state))
        return views.view(state, self.data, side, self.pause(state))

    def public_view(self, state: NoFState) -> dict[str, Any]:
        if state.own is not None:                       # A, G
            return campaign.view(state, self.data, views.PUBLIC, self.pause(state))
        return views.view(state, self.data, views.PUBLIC, self.pause(state))

    def sample_state(self, view: dict[str, Any], rng: random.Random) -> NoFState:
        from kaisen.games.nights_of_fury import sampler
        return sampler.sample(self, view, rng)

    def evaluate(self, state: NoFState, side: str) -> float:
        """The chance `side` wins by the Victory count (VP now, power and VP still at stake, missions): evaluation.py."""
        from kaisen.games.nights_of_fury import evaluation
        return evaluation.evaluate(self, state, side)

    def to_json(self, state: NoFState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> NoFState:
        return NoFState.from_json(data)

    def render(self, view: dict[str, Any], compact: bool | None = None) -> Any:
        from kaisen.games.nights_of_fury.board import render_board
        return render_board(view, compact)

    def reveals(self, event: Any) -> bool:
        """D.4, J: detection (a division spotted without a roll, searchlights lit)."""
        return event.kind == "detection"
