"""Pacific Fury: Guadalcanal 1942 as a kaisen Game (the engine contract of DESIGN.md)."""
from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

from kaisen.engine.core import Answer, Event, Game, GameOption, LazyView, Pause, Scenario
from kaisen.games.pacific_fury import evaluation, flow, sampler, views
from kaisen.games.pacific_fury.data import PFData, load
from kaisen.games.pacific_fury.state import BOXES, SIDES, TF_PREFIX, PFState, other

TURN_DECISIONS = 150     # a search's rollout may run this many decisions: to the turn's end (search_reach)


class PacificFury(Game[PFState]):
    """Four sea zones, four turns, seven operations a side: the fight for Henderson Field."""

    id = "pacific-fury"
    title = "Pacific Fury: Guadalcanal 1942"
    sides = ("japan", "usa")
    scenarios = (Scenario("campaign", "Guadalcanal, August-November 1942", "The full four-turn game (rules 3-11)"),)
    options = (GameOption("tokyo-express-combat", "Optional rule 9.6: the Tokyo Express has combat factor 1"),)

    def __init__(self, data: PFData | None = None):
        self.data = data or load()
        # pause and apply bound once to the data: one Python call less on every step (the methods below
        # say the same)
        self.pause = partial(flow.pause_of, self.data)
        self.apply = partial(flow.apply_answer, self.data)

    def new_state(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> PFState:
        self.scenario(scenario)
        return flow.new_game(self.data, self.resolve_options(options))

    def action_vocabulary(self, scenario: str | None = None, options: dict[str, Any] | None = None) -> frozenset[str]:
        """Every option id this game can ever offer (contract v2), from the rules data: 51 `add:<ship>` (every
        ship but the Tokyo Express marker), `tokyo-express`, `next-box`, `done`; for each of the 14 task-force
        ids (J1-J7, U1-U7) a `sortie:` and a `move:` to each of the 4 zones, a `strike:` at Henderson Field,
        Ironbottom Sound or each of the 7 enemy task-force ids, `base:` and `target:`; `pass`; 52 `hit:<ship>`;
        the second-round `strike:<target>` (henderson, ironbottom, 14 task forces) and `end`; `carrier-combat`,
        `no-combat`, `stay`, `return`; 4 `revive:<US CV>`. 398 ids with the standard data; the optional rule
        changes none."""
        self.scenario(scenario)
        return vocabulary(self.data)

    def pause(self, state: PFState) -> Pause:
        return flow.pause(state, self.data)

    def apply(self, state: PFState, answer: Answer) -> PFState:
        return flow.apply(state, self.data, answer)

    def events(self, state: PFState) -> tuple[Event, ...]:
        return state.last_events

    def view(self, state: PFState, side: str | None) -> dict[str, Any]:
        if side is not None and side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        return views.view(state, self.data, side, self.pause(state))

    def policy_view(self, state: PFState, side: str) -> LazyView:
        """The view, each part made when the policy first reads it (views.policy_view)."""
        if side not in self.sides:
            raise ValueError(f"unknown side {side!r}; sides are {self.sides}")
        return views.policy_view(state, self.data, side, self.pause(state))

    def public_view(self, state: PFState) -> dict[str, Any]:
        """What neither side's view hides (the spectator's view): see views.PUBLIC."""
        return views.view(state, self.data, views.PUBLIC, self.pause(state))

    def sample_state(self, view: dict[str, Any], rng: random.Random) -> PFState:
        return sampler.sample(self, view, rng)

    def evaluate(self, state: PFState, side: str) -> float:
        """The chance `side` wins by 4.0's count (marker, Return Phase shift, landings, fleet): evaluation.py."""
        return evaluation.evaluate(self, state, side)

    def search_reach(self, budget: Any) -> Any:
        """Rollouts run to the end of the turn (up to 150 decisions; a turn asks 57-106 of heuristic players), not
        24-60: cut in mid-turn, a path is scored before the operations its answer leads to are fought out. Over 200
        seeded games against the heuristic (seeds 0-99 a side, untimed) ismcts-easy won 101 and lost 61 with the
        longer rollouts; over the same seeds with the short ones it won 70 and lost 84 (docs/ladder.md; a tenth of
        the rollouts' answers random in both, as then; with none, the default since, 116 and 39)."""
        return replace(budget, rollout_steps=max(budget.rollout_steps, TURN_DECISIONS))

    def to_json(self, state: PFState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> PFState:
        return PFState.from_json(data)

    def render(self, view: dict[str, Any], compact: bool = False) -> Any:
        from kaisen.games.pacific_fury.board import render_board
        return render_board(view, compact)

    def reveals(self, event: Any) -> bool:
        """8.4, 9.6: a task force turned face up (an own move into an enemy's zone reveals both)."""
        return event.kind == "reveal"


def vocabulary(d: PFData) -> frozenset[str]:
    """The action vocabulary of a data set (see PacificFury.action_vocabulary)."""
    ids = {"tokyo-express", "next-box", "done", "pass", "carrier-combat", "no-combat", "stay", "return", "end"}
    ids.update(f"add:{u}" for u in d.order if d.ships[u].type != "TE")
    ids.update(f"hit:{u}" for u in d.order)
    ids.update(f"revive:{u}" for u in d.order if d.ships[u].side == "usa" and d.ships[u].type == "CV")
    tfs = {side: [TF_PREFIX[side] + str(box) for box in range(1, BOXES + 1)] for side in SIDES}
    for side in SIDES:
        targets = ["henderson", "ironbottom"] + tfs[other(side)]
        for tf in tfs[side]:
            ids.update(f"{verb}:{tf}:{z}" for verb in ("sortie", "move") for z in d.zones)
            ids.update(f"strike:{tf}:{t}" for t in targets)
            ids.update((f"base:{tf}", f"target:{tf}", f"strike:{tf}"))
    ids.update(("strike:henderson", "strike:ironbottom"))
    return frozenset(ids)
