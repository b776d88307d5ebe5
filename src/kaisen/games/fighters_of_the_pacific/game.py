"""Fighters of the Pacific as a kaisen Game (the engine contract of DESIGN.md): hex air combat with no dice."""
from __future__ import annotations

import random
from typing import Any

from kaisen.engine.core import Answer, Event, Game, Scenario
from kaisen.games.fighters_of_the_pacific import flow, views
from kaisen.games.fighters_of_the_pacific.data import FotPData, load
from kaisen.games.fighters_of_the_pacific.state import FotPState
from kaisen.games.fighters_of_the_pacific.vocabulary import vocabulary


class FightersOfThePacific(Game[FotPState]):
    """Tactical air combat over the Pacific, 1942: airplanes, flak, ships and islands on a hex board."""

    id = "fighters-of-the-pacific"
    title = "Fighters of the Pacific"
    sides = ("japan", "usa")     # the last side is the human's at the terminal by default
    options = ()

    def __init__(self, data: FotPData | None = None):
        self.data = data or load()
        self.scenarios = tuple(Scenario(sc.id, f"{sc.number}. {sc.name} ({sc.setting})", sc.background)
                               for sc in self.data.scenarios.values())

    def new_state(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> FotPState:
        sc = self.scenario(scenario)
        self.resolve_options(options)
        return flow.new_game(self.data, sc.id)

    def action_vocabulary(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> frozenset[str]:
        """Every option id a game of this scenario can offer: the maneuvers, the drops, each board hex for a
        barrage, a level bomb or a reinforcement, each airplane of the roster to activate, pick or shoot, each
        AA, each ship move, pass, hold and respond."""
        return vocabulary(self.data, self.scenario(scenario).id)

    def unit_ids(self) -> set[str]:
        """Every airplane and ship id any scenario fields (the airplanes' ids are made from the roster)."""
        from kaisen.games.fighters_of_the_pacific.common import roster
        out = {e.id for sc in self.data.scenarios for e in roster(self.data, sc)}
        return out | {sh.id for sc in self.data.scenarios.values() for sh in sc.ship}

    def check_path(self, state: FotPState, path: list[str]) -> str | None:
        """Why a whole movement typed in one go (maneuver ids in order) breaks the rules of flight for the airplane
        moving or dodging now; None if it is legal (the terminal's path entry, issue 13 item 4)."""
        from kaisen.games.fighters_of_the_pacific import flight
        from kaisen.games.fighters_of_the_pacific.common import Ctx
        if state.move is None:
            return "no airplane is moving now"
        return flight.check_path(Ctx(state.copy(), self.data), list(path))

    def pause(self, state: FotPState):
        return flow.pause(state, self.data)

    def apply(self, state: FotPState, answer: Answer) -> FotPState:
        return flow.apply(state, self.data, answer)

    def events(self, state: FotPState) -> tuple[Event, ...]:
        return state.last_events

    def view(self, state: FotPState, side: str | None) -> dict[str, Any]:
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        return views.view(state, self.data, side, self.pause(state))

    def public_view(self, state: FotPState) -> dict[str, Any]:
        return views.view(state, self.data, views.PUBLIC, self.pause(state))

    def sample_state(self, view: dict[str, Any], rng: random.Random) -> FotPState:
        """Nothing is hidden and nothing is rolled: the one state consistent with a view is its position."""
        return FotPState.from_json(view["position"])

    def evaluate(self, state: FotPState, side: str) -> float:
        """The chance `side` wins by the Victory boards (VP now, airplanes at stake, strikes to come): evaluation.py."""
        from kaisen.games.fighters_of_the_pacific import evaluation
        return evaluation.evaluate(self, state, side)

    def to_json(self, state: FotPState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> FotPState:
        return FotPState.from_json(data)

    def render(self, view: dict[str, Any], compact: bool = False) -> Any:
        from kaisen.games.fighters_of_the_pacific.board import render_board
        return render_board(view, compact)
