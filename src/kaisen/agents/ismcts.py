"""Information-set Monte Carlo tree search for any game of the contract (issue 15): plans on states sampled from
its own side's view, never on the true one.

One search per decision, a budget of iterations (and a time limit). Each iteration:

1. **Determinise**: a full state drawn from the side's view (`Game.sample_state`): the enemy's hidden forces,
   plots and cards filled in as the game's sampler finds them plausible. The side's own secrets are its own.
2. **Select** down one tree kept over all the samples, keyed by the answers given (single-observer ISMCTS): at a
   decision, the answers this sample offers compete by UCB1 with availability counts (an answer counts as tried
   against how often it was on offer, not how often its parent was visited). Dice are rolled on the way
   (open loop: the tree branches on answers only). Where a decision offers more answers than its visits
   justify, only the first `widen(visits)` in the node's order compete (progressive widening); the order puts
   the game's heuristic choice first, then the rest in a seeded shuffle. An opponent's statistics are shared by
   every sample, so its choices in the tree cannot depend on what only the sample knows.
   With `redeterminise`, a state reaching an opponent's decision is drawn again from that opponent's view
   (as TAG does), which also redraws this side's own secrets: off by default.
3. **Expand** one untried answer, then **roll out**: the game's heuristic plays both sides (seeing only each
   side's view of the sample; a share `epsilon` of answers random, none by default: over 200 Pacific Fury games
   easy won 58% against the heuristic without them and 50% with a tenth, docs/ladder.md), until the end, until
   the horizon mark (`Game.horizon`, the turn) has changed `horizon` times, or after `rollout_steps` decisions
   (both as the game stretches them: `Game.search_reach`). A game whose evaluation counts other terms on the two sides of a mark
   asks for `before_mark`: the marks are then counted from the searched decision, in the tree too, and a path
   cut at the mark ends on the state before it, so that every answer is scored on the same side of that seam.
4. **Score** where the rollout stopped with `Game.evaluate` (1/0/0.5 at the end, the game's estimate otherwise)
   and add it up the path, each answer credited from its own side's point of view.

The answer is the root's most visited option, unless the heuristic's answer (tried first) did about as well:
the search overrules it only by a mean reward better by more than chance explains among the answers it compared
(a one-sided test at `anchor_alpha`, split over them, and a lead above `LEAD_TOLERANCE`, not rounding): so a small
budget plays at least as the heuristic does, and a larger one departs from it where the rollouts clearly say so.
With `verify`, a share of the iterations checks a departure on fresh rollouts in pairs (one sample and one seed for
both answers): off by default, since pairing makes a systematic error of the evaluation look certain. Whether the
departures pay is measured by `analysis/overrules.py` (`kaisen overrules`). The time limit ends the
search before an iteration that, at the mean pace so far, would cross it (`last["stopped"]` says what ended it:
"budget", "time", or "samples" where no sample stood at the decision; a ladder counts these, `search_stats`). A seed fixes every choice when the time
limit is not reached (`seconds=None` makes the search depend on its iterations only). Levels `easy`, `normal` and
`hard` are budgets (`LEVELS`); `register_levels` names them `ismcts-<level>` on a game, wherever an agent name is
taken.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import Any, Callable

from kaisen.agents.base import Agent, RandomAgent, _GAME_AGENTS, register_agent
from kaisen.engine.core import Chance, Decision, End, Game


@dataclass(frozen=True)
class Budget:
    """How much one decision may cost: iterations, and a time limit in seconds (None: iterations only)."""

    iterations: int
    seconds: float | None
    rollout_steps: int = 60          # decisions in one rollout at most
    horizon: int = 1                 # turn ends a rollout may cross
    # a rollout cut at the horizon mark ends on the last state before it, where the evaluation changes its terms
    # at the mark (Game.search_reach)
    before_mark: bool = False


# issue 15's targets: `easy` within 0.3 s and `normal` within 2 s per decision (p95, one core)
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=60, seconds=0.25, rollout_steps=24),
    "normal": Budget(iterations=600, seconds=1.6, rollout_steps=40),
    "hard": Budget(iterations=2400, seconds=8.0, rollout_steps=60),
}


# A mean reward higher by no more than this is no lead: evaluations that are equal as numbers come out of a game's
# sums in another order a few units of the last place apart, and with rewards that never vary (spread 0) the test
# below would otherwise overrule the heuristic on that rounding alone.
LEAD_TOLERANCE = 1e-9


def mean_and_error(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (0 for fewer than two)."""
    n = len(diffs)
    m = sum(diffs) / n
    if n < 2:
        return m, 0.0
    return m, math.sqrt(sum((x - m) ** 2 for x in diffs) / (n - 1) / n)


def _most_visited(edges: dict[str, "_Edge"]) -> str:
    """The answer visited most, ties to the higher mean reward."""
    return max(edges, key=lambda a: (edges[a].n, edges[a].w / edges[a].n if edges[a].n else 0.0))


class _Edge:
    """An answer out of a node: visits, reward sum (for the side that gave it), times offered, the node below."""

    __slots__ = ("n", "w", "w2", "avail", "node")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.w2 = 0.0           # the sum of squared rewards (the spread of its mean, for the anchored choice)
        self.avail = 0
        self.node: _Node | None = None


class _Node:
    """A decision reached by a sequence of answers: its edges, visits and the order answers enter the widening."""

    __slots__ = ("edges", "visits", "order", "known", "prior")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.visits = 0
        self.order: list[str] = []
        self.known: set[str] = set()
        self.prior = False      # order[0] is the heuristic's answer


class ISMCTSAgent(Agent):
    """Single-observer information-set MCTS with progressive widening, heuristic rollouts cut at a horizon and
    scored by the game's evaluation (module docstring)."""

    name = "ismcts"
    slow = True

    def __init__(self, game: Game, side: str, seed: int | None = None, budget: Budget = LEVELS["normal"],
                 c: float = 0.7, widen_k: float = 1.0, widen_alpha: float = 0.45, epsilon: float = 0.0,
                 anchor_alpha: float = 0.1, redeterminise: bool = False, verify: float = 0.0,
                 clock: Callable[[], float] = time.perf_counter):
        super().__init__(side, seed)
        self.game = game
        self.budget = game.search_reach(budget)     # how far rollouts must run in this game
        self.c = c
        self.widen_k = widen_k
        self.widen_alpha = widen_alpha
        self.epsilon = epsilon
        self.anchor_alpha = anchor_alpha
        self.redeterminise = redeterminise
        self.verify = verify                # the share of the iterations kept to check a departure (`_check`)
        self.clock = clock
        self.heuristic = (game.id, "heuristic") in _GAME_AGENTS
        self.own: Agent | None = None        # the side's own heuristic, shown every real decision (its memory kept)
        # the last search: iterations, time, the root's visits and mean rewards, the heuristic's answer
        self.last: dict[str, Any] = {}

    # -- the policy the tree and the rollouts follow outside the tree ------------------------------------------
    def _policy(self, side: str, seed: int) -> Agent:
        factory = _GAME_AGENTS.get((self.game.id, "heuristic")) if self.heuristic else None
        return factory(side, seed) if factory else RandomAgent(side, seed)

    def _prior(self, s: Any, p: Decision, rng: random.Random) -> str | None:
        """The heuristic's answer at a new node, from that side's view of the sample (None: no heuristic)."""
        if not self.heuristic:
            return None
        try:
            return self._policy(p.side, rng.getrandbits(32)).choose(self.game.policy_view(s, p.side), p)
        except Exception:           # a heuristic that cannot read a sampled view only loses its say in the order
            return None

    def widen(self, visits: int) -> int:
        """How many answers of a node compete after `visits` visits (progressive widening)."""
        return max(1, math.ceil(self.widen_k * (visits + 1) ** self.widen_alpha))

    def untimed(self) -> None:
        """Search on the iteration budget alone, with no time limit: then a seed fixes every answer on any machine
        under any load (`kaisen ladder --untimed`), and only the time each answer takes depends on the machine."""
        self.budget = replace(self.budget, seconds=None)

    # -- the search ----------------------------------------------------------------------------------------------
    def _anchor(self, view: dict[str, Any], decision: Decision) -> str | None:
        """The answer the side's own heuristic gives at this real decision. One heuristic agent sees every real
        decision of the side in turn, as it would playing alone, so what it remembers (the attacks it saw, the cards
        it keeps back) shapes its answer: the answer the search must beat (`_verdict`). None: no heuristic."""
        if not self.heuristic:
            return None
        if self.own is None:
            self.own = self._policy(self.side, self.rng.getrandbits(32))
        try:
            return self.own.choose(view, decision)
        except Exception:           # a heuristic that fails here only loses its say
            return None

    def recall(self, view: dict[str, Any], decision: Decision, answer: Any) -> None:
        """A past decision shown again on loading: only the side's own heuristic sees it (no search)."""
        self._anchor(view, decision)

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        ids = [o.id for o in decision.options]
        start = self.clock()
        anchor = self._anchor(view, decision)
        if len(ids) == 1:
            self.last = {"iterations": 0, "seconds": 0.0, "forced": True, "heuristic": anchor}
            return ids[0]
        if anchor in ids and not self.game.search_sees(decision):     # the rollouts cannot tell the answers apart
            self.last = {"iterations": 0, "seconds": self.clock() - start, "unseen": True, "heuristic": anchor}
            return anchor
        game, rng, budget = self.game, self.rng, self.budget
        deadline = None if budget.seconds is None else start + budget.seconds
        root = _Node()
        if anchor in ids:           # the heuristic's answer first in the widening, as at any node (`_select`)
            rest = [a for a in ids if a != anchor]
            rng.shuffle(rest)
            root.order, root.known, root.prior = [anchor] + rest, set(ids), True
        wanted = set(ids)
        done = failed = 0
        stopped = "budget"          # what ended the search: its iterations, its time limit, or no sample to search
        pairs = int(budget.iterations * self.verify) // 2 if anchor in wanted else 0
        searched = budget.iterations - 2 * pairs
        # the tree's share of the time, when some is kept for the check
        tree_deadline = None if deadline is None else start + budget.seconds * (1 - (self.verify if pairs else 0))
        while done < searched:
            if tree_deadline is not None and done:
                now = self.clock()          # stop when one more iteration, at the mean so far, would cross it
                if now + (now - start) / done >= tree_deadline:
                    stopped = "time"
                    break
            s = game.sample_state(view, rng)
            p = game.pause(s)
            if type(p) is not Decision or p.side != decision.side or {o.id for o in p.options} != wanted:
                failed += 1         # a sample that does not stand at this decision cannot be searched from
                if failed > 8 and not done:
                    stopped = "samples"
                    break
                continue
            self._iterate(root, s, p, rng)
            done += 1
        self.last = {"iterations": done, "seconds": self.clock() - start, "failed_samples": failed,
                     "stopped": stopped, "visits": {a: e.n for a, e in root.edges.items()},
                     "means": {a: e.w / e.n for a, e in root.edges.items() if e.n},
                     "heuristic": anchor if anchor in wanted else None}
        if not root.edges:          # the sampler could not stand at this decision: the heuristic's answer
            return anchor if anchor in wanted else self._policy(decision.side, rng.getrandbits(32)).choose(view,
                                                                                                          decision)
        if pairs:
            return self._check(root, view, decision, anchor, pairs, start, deadline)
        return self._verdict(root)

    def _check(self, root: _Node, view: dict[str, Any], decision: Decision, anchor: str, pairs: int, start: float,
               deadline: float | None) -> str:
        """The search's most visited answer, where it is not the heuristic's, checked against it on fresh paired
        rollouts: each pair draws one state from the view and one seed, and rolls out both answers from it with
        that seed (the same sample, dice and policies as far as the two games go alike). The tree's own means are
        biased towards the answer it ended up visiting most; these are not, and pairing takes out the spread the
        two answers share. The search overrules the heuristic only when the mean paired difference is above
        `LEAD_TOLERANCE` and above z standard errors, z the normal quantile of 1 - `anchor_alpha`."""
        best = _most_visited(root.edges)
        if best == anchor:
            return anchor
        game, rng, side = self.game, self.rng, decision.side
        wanted = {o.id for o in decision.options}
        diffs: list[float] = []
        failed = 0
        while len(diffs) < pairs and failed <= 8:
            if deadline is not None and diffs:
                now = self.clock()
                if now + (now - start) / (self.last["iterations"] + 2 * len(diffs)) * 2 >= deadline:
                    break
            s = game.sample_state(view, rng)
            p = game.pause(s)
            if type(p) is not Decision or p.side != side or {o.id for o in p.options} != wanted:
                failed += 1
                continue
            seed = rng.getrandbits(32)
            got = [game.evaluate(self._played_on(s, a, random.Random(seed)), side) for a in (best, anchor)]
            diffs.append(got[0] - got[1])
        n = len(diffs)
        if n < 2:
            return anchor
        mean, error = mean_and_error(diffs)
        z = NormalDist().inv_cdf(1 - self.anchor_alpha)
        self.last["lead"] = {"answer": best, "lead": mean, "z": mean / error if error else None, "z_needed": z,
                             "pairs": n}
        if mean <= LEAD_TOLERANCE:
            return anchor
        return best if mean > z * error else anchor

    def _played_on(self, s: Any, answer: str, rng: random.Random) -> Any:
        """Where a path from `s` through `answer` ends: the answer, then a rollout; with `before_mark`, the marks
        counted from `s`, as `_iterate` counts them from the searched decision."""
        new = self.game.apply(s, answer)
        if not self.budget.before_mark:
            return self._rollout(new, rng)
        marks = _Marks(self.game, s, self.budget.horizon, True)
        cut = marks.cut(s, new)
        return cut if cut is not None else self._rollout(new, rng, marks)

    def _verdict(self, root: _Node) -> str:
        """The most visited answer, unless the heuristic's own answer (tried first) does as well: the search
        overrules the heuristic only when its choice's mean reward is higher by more than z standard errors of the
        difference, z such that the best of the k answers compared with it beats it by chance with probability
        `anchor_alpha` (Sidak: z = the normal quantile of 1 - alpha/k). With a few dozen noisy rollouts an answer's
        lead is mostly chance, and the more answers compared, the larger the lead chance gives the best of them."""
        edges = root.edges
        best = _most_visited(edges)
        anchor = root.order[0] if root.order and root.prior else None
        if anchor is None or anchor == best or not self.anchor_alpha or anchor not in edges or not edges[anchor].n:
            return best
        b, h = edges[best], edges[anchor]
        if b.n < 2:
            return anchor

        def mean_spread(e: _Edge) -> tuple[float, float]:
            """The mean reward and the spread of one reward about it (the sample variance)."""
            m = e.w / e.n
            return m, max(0.0, e.w2 - e.n * m * m) / (e.n - 1) if e.n > 1 else None
        mb, sb = mean_spread(b)
        mh, sh = mean_spread(h)
        if mb - mh <= LEAD_TOLERANCE:   # no lead, or one of rounding: equal evaluations summed in another order
            return anchor
        if sh is None:              # the heuristic's answer was rolled out once: its rewards spread as the best's do
            sh = sb
        k = sum(1 for a, e in edges.items() if a != anchor and e.n >= 2)
        z = NormalDist().inv_cdf(1 - self.anchor_alpha / max(1, k))
        error = math.sqrt(sb / b.n + sh / h.n)
        self.last["lead"] = {"answer": best, "lead": mb - mh, "z": (mb - mh) / error if error else None,
                             "z_needed": z}
        return best if mb - mh > z * error else anchor

    def _iterate(self, root: _Node, s: Any, p: Any, rng: random.Random) -> None:
        game = self.game
        node = root
        path: list[tuple[_Edge, str]] = []
        # `before_mark`: the horizon counts from this decision, in the tree too, and ends on the state before it
        marks = _Marks(game, s, self.budget.horizon, True) if self.budget.before_mark else None
        cut = None
        while True:
            if type(p) is End:
                break
            if type(p) is Chance:
                new = game.apply(s, tuple(rng.randint(1, k) for k in p.dice))
                if marks is not None and (cut := marks.cut(s, new)) is not None:
                    break
                s = new
                p = game.pause(s)
                continue
            options = p.options
            if len(options) == 1:       # nothing to choose: no node
                new = game.apply(s, options[0].id)
                if marks is not None and (cut := marks.cut(s, new)) is not None:
                    break
                s = new
                p = game.pause(s)
                continue
            if node is None:            # below the tree: the rollout begins here
                break
            if self.redeterminise and path and p.side != self.side:
                s = game.sample_state(game.view(s, p.side), rng)
                p = game.pause(s)
                if type(p) is not Decision:
                    continue
            a, edge = self._select(node, s, p, rng)
            path.append((edge, p.side))
            new = game.apply(s, a)
            node.visits += 1
            if edge.node is None:       # a new answer: the tree grows by one node, then the rollout
                edge.node = _Node()
                node = None
            else:
                node = edge.node
            if marks is not None and (cut := marks.cut(s, new)) is not None:
                break
            s = new
            p = game.pause(s)
        if cut is not None:
            s = cut
        elif type(p) is not End:
            s = self._rollout(s, rng, marks)
        sides = {side for _, side in path}
        reward = {side: game.evaluate(s, side) for side in sides}
        for edge, side in path:
            edge.n += 1
            r = reward[side]
            edge.w += r
            edge.w2 += r * r

    def _select(self, node: _Node, s: Any, p: Decision, rng: random.Random) -> tuple[str, _Edge]:
        """The answer to follow at `node` for this sample: the first untried one within the widening, else UCB1
        over those on offer, each counted as available."""
        offered = {o.id for o in p.options}
        if not node.order:
            first = self._prior(s, p, rng)
            rest = [o.id for o in p.options if o.id != first]
            rng.shuffle(rest)
            node.order = ([first] if first in offered else []) + rest
            node.known = set(node.order)
            node.prior = first in offered
        elif not offered <= node.known:
            new = [o.id for o in p.options if o.id not in node.known]
            rng.shuffle(new)
            node.order += new
            node.known.update(new)
        room = self.widen(node.visits)
        allowed = []
        for a in node.order:
            if a in offered:
                allowed.append(a)
                if len(allowed) == room:
                    break
        edges = node.edges
        for a in allowed:
            e = edges.get(a)
            if e is None or e.n == 0:
                if e is None:
                    e = edges[a] = _Edge()
                for b in allowed:
                    got = edges.get(b)
                    if got is not None:
                        got.avail += 1
                return a, e
        c = self.c
        best, best_a, best_e = -1.0, allowed[0], edges[allowed[0]]
        for a in allowed:
            e = edges[a]
            e.avail += 1
            score = e.w / e.n + c * math.sqrt(math.log(e.avail) / e.n)
            if score > best:
                best, best_a, best_e = score, a, e
        return best_a, best_e

    def _rollout(self, s: Any, rng: random.Random, marks: "_Marks | None" = None) -> Any:
        """The heuristic on both sides (a share `epsilon` random) from `s` until the end, the horizon or the cap.
        `marks`: the horizon counted from the searched decision (`before_mark`); else from `s`."""
        game, budget, eps = self.game, self.budget, self.epsilon
        policies: dict[str, Agent] = {}
        if marks is None:
            marks = _Marks(game, s, budget.horizon, budget.before_mark)
        steps = 0
        while True:
            p = game.pause(s)
            if type(p) is End:
                return s
            if type(p) is Chance:
                new = game.apply(s, tuple(rng.randint(1, k) for k in p.dice))
            else:
                options = p.options
                if len(options) == 1:
                    a = options[0].id
                else:
                    if steps >= budget.rollout_steps:
                        return s
                    steps += 1
                    if rng.random() < eps:
                        a = options[rng.randrange(len(options))].id
                    else:
                        agent = policies.get(p.side)
                        if agent is None:
                            agent = policies[p.side] = self._policy(p.side, rng.getrandbits(32))
                        a = agent.choose(game.policy_view(s, p.side), p)
                new = game.apply(s, a)
            cut = marks.cut(s, new)
            if cut is not None:
                return cut
            s = new


class _Marks:
    """The horizon marks (`Game.horizon`) a search's path has crossed, counted from where it began: `cut` says where
    the path ends once it has crossed `horizon` of them, on the state after the last mark or (`before`) on the one
    before it, where the evaluation may count other terms (`Budget.before_mark`)."""

    __slots__ = ("game", "mark", "crossed", "horizon", "before")

    def __init__(self, game: Game, s: Any, horizon: int, before: bool):
        self.game = game
        self.mark = game.horizon(s)
        self.crossed = 0
        self.horizon = horizon
        self.before = before

    def cut(self, old: Any, new: Any) -> Any:
        """The state the path ends on, when the step from `old` to `new` crossed the last mark allowed; else None."""
        now = self.game.horizon(new)
        if now == self.mark:
            return None
        self.crossed += 1
        self.mark = now
        if self.crossed < self.horizon:
            return None
        return old if self.before and type(self.game.pause(new)) is not End else new


def register_levels(game: Game) -> None:
    """Name the three levels `ismcts-easy`, `ismcts-normal` and `ismcts-hard` on `game` (agent names)."""
    for level, budget in LEVELS.items():
        register_agent(game.id, f"ismcts-{level}",
                       lambda side, seed=None, _b=budget: ISMCTSAgent(game, side, seed, budget=_b))
