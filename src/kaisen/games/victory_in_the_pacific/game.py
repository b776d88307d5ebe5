"""Victory in the Pacific as a kaisen Game (the engine contract of DESIGN.md)."""
from __future__ import annotations

import random
from typing import Any

from kaisen.engine.core import Answer, Event, Game, GameOption, LazyView, Pause, Scenario
from kaisen.games.victory_in_the_pacific import flow, views
from kaisen.games.victory_in_the_pacific.state import VPState

# decisions a search leaves to the heuristic (`VictoryInThePacific.search_sees`): where a unit goes
UNSEEN = frozenset({"return-to-port", "destination", "place-air", "move-amphibious", "move-raiders", "place-submarine",
                    "return-to-play", "task-force", "pearl-harbor-raid"})


class VictoryInThePacific(Game[VPState]):
    """The Pacific war, 1941-1944: thirteen sea areas, eight turns, points of control."""

    id = "victory-in-the-pacific"
    title = "Victory in the Pacific"
    sides = ("japan", "allies")
    scenarios = (Scenario("campaign", "December 1941 - 1944", "The full eight-turn game from Pearl Harbor"),)
    # Optional rules not built yet are listed in RULES.md; they join this list when they are.
    options = (
        GameOption("turn-9", "Optional rule 19: a ninth turn with kamikaze attacks, and 1 POC to Japan each turn "
                             "it holds the Japanese Islands"),
        GameOption("task-forces", "Optional rule 20: task forces, sighting rolls, a day then a night action each "
                                  "round, partial retreats"),
        GameOption("invasion-combat", "Optional rule 22: invasions are fought out on the island (armor less damage "
                                      "in shots, one damage point a hit, the garrison fights last)"),
        GameOption("air-strike-damage", "Optional rule 23: airstrikes take damage of their own, attack or defend, "
                                        "draw return fire, and are rebuilt with repair points"),
        GameOption("us-battleship-bonus", "Optional rule 21: US battleships fire with the attack bonus from turn 7"),
    )

    def __init__(self, data=None):
        if data is None:
            from kaisen.games.victory_in_the_pacific.data import load
            data = load()
        self.data = data

    def new_state(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> VPState:
        self.scenario(scenario)
        return flow.new_game(self.data, self.resolve_options(options))

    def action_vocabulary(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> frozenset[str]:
        """Every option id the game can ever offer (vocabulary.py): units x sea areas, ports and bases, targets and
        fleeing groups, from the static data: 33,332 ids with the standard rules, 47,777 with every optional
        rule on (the task forces add most); computed once per set of rules."""
        self.scenario(scenario)
        resolved = self.resolve_options(options)
        key = tuple(sorted(k for k, v in resolved.items() if v))
        cache = self.__dict__.setdefault("_vocabularies", {})
        if key not in cache:
            from kaisen.games.victory_in_the_pacific.vocabulary import vocabulary
            cache[key] = vocabulary(self.data, resolved)
        return cache[key]

    def pause(self, state: VPState) -> Pause:
        return flow.pause(state, self.data)

    def apply(self, state: VPState, answer: Answer) -> VPState:
        return flow.apply(state, self.data, answer)

    def events(self, state: VPState) -> tuple[Event, ...]:
        return state.last_events

    def view(self, state: VPState, side: str | None) -> dict[str, Any]:
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        return views.view(state, self.data, side, self.pause(state))

    def policy_view(self, state: VPState, side: str) -> LazyView:
        """The view, each part (and each field of `control_state`) made when the policy first reads it
        (views.policy_view)."""
        if side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        return views.policy_view(state, self.data, side, self.pause(state))

    def public_view(self, state: VPState) -> dict[str, Any]:
        """What neither side's view hides (the spectator's view): see views.PUBLIC."""
        return views.view(state, self.data, views.PUBLIC, self.pause(state))

    def sample_state(self, view: dict[str, Any], rng: random.Random) -> VPState:
        from kaisen.games.victory_in_the_pacific import sampler
        return sampler.sample(self, view, rng)

    def evaluate(self, state: VPState, side: str) -> float:
        """`side`'s chance to win by the POC count (2.5, 4.7): evaluation.py says what it counts."""
        if side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        from kaisen.games.victory_in_the_pacific import evaluation
        return evaluation.evaluate(state, self.data, side)

    def horizon(self, state: VPState) -> Any:
        """(turn, half): movement, then combat and the end of the turn (evaluation.horizon)."""
        from kaisen.games.victory_in_the_pacific import evaluation
        return evaluation.horizon(state)

    def search_reach(self, budget: Any) -> Any:
        """Rollouts end on the last state before the mark, counted from the searched decision (`before_mark`):
        the evaluation counts control at sea (`award_now`) only once the combat phase has begun, so it jumps there
        (by 0.056 of a win on average in 60 heuristic games, against 0.0025 at a turn's end). Cut after the mark,
        an answer whose rollouts reached combat within the cap was scored with that term and one whose rollouts
        stopped short was not. So ismcts-easy ended movement steps early ("done") on leads of that seam: 14 times
        in four games (seeds 0 and 1, each side), worth -0.43 ± 0.27 of a game together when played on
        (`kaisen overrules`, docs/ladder.md)."""
        from dataclasses import replace
        return replace(budget, before_mark=True)

    def search_sees(self, decision: Any) -> bool:
        """Not a decision of `UNSEEN`: where a unit goes, before combat or after it.

        A return to port (10.1): a port matters mostly from the next turn on (its repairs, 11; where the unit can
        sortie, 6), and a search's paths end before that turn begins (`search_reach`); within the turn only an air
        raid from a sea area still to be fought could reach it (9.2). So the ports score alike but for that, for
        noise, and for the decisions "all-default" skips, which let its rollouts run further: in four games
        ismcts-easy overruled the heuristic's port 27 times, worth -0.48 ± 0.22 of a game together (`kaisen
        overrules`, docs/ladder.md).

        Where a unit sails, is placed or stations (6.2, 5.22-5.24, 6.6, 4.4, 20.2, 4.2): a search from the movement
        phase ends on its last state, before the combat phase (`search_reach`), and the evaluation counts no
        position until control is fought for (`evaluation.award_now`). In two heuristic games (seeds 10 and 11,
        every 8th decision searched by ismcts-easy, untimed) the mean rewards of the answers differed at 8 of 157
        such decisions, by 0.0009 of a game on average where they did, and the search still overruled the
        heuristic twice on that noise, spending a third of its time there. The patrol step (5.21) stays searched:
        its repairs change the strength the evaluation counts. The heuristic decides the rest."""
        return decision.kind not in UNSEEN

    def to_json(self, state: VPState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> VPState:
        return VPState.from_json(data)

    def render(self, view: dict[str, Any], compact: bool = False) -> Any:
        from kaisen.games.victory_in_the_pacific.board import render_board
        return render_board(view, compact)

    def reveals(self, event: Any) -> bool:
        """7.3: the second side's day-or-night choice shows the first side's secret one."""
        return event.kind == "choice" and event.private_to is None
