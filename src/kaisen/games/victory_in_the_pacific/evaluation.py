"""How a search scores a Victory in the Pacific state it stops short of the end (engine: Game.evaluate, horizon).

The game is won on the POC track (2.5): after the last turn whoever is ahead wins (4.7, 5.75). A state is scored
by the final standing it points to, counted from the Allies' side (the track's sign: + the Allies ahead):

    margin = poc + award_now + turns_left * FORCE * POC_AT_STAKE * force

* `poc`: the standing now (2.5).
* `award_now`: from the combat phase (5.3) until this turn's 5.71, the award 5.71 would make if control were
  counted now (15.1-15.2: an area goes to the one side with a patrolling ship or a land-based air unit there):
  Allied POC of the Allied areas minus Japanese POC of the Japanese ones (and 19.3's point with turn 9). Before
  the combat phase it is 0 (the fleets are still sailing) and after 5.71 the award is in `poc`.
* `force`: (Allied - Japanese) / (Allied + Japanese) strength, each unit at its printed factors (3.1-3.3:
  gunnery + airstrike + armor; a land-based air unit airstrike + defense) less its damage points (7.532), times
  the share of the turns left it will be in play (arrivals 4.4, units back 4.5, removals 4.42); sunk, removed or
  lost units count nothing. The turns to come are fought for control, and the stronger fleet takes it (15).
* `turns_left`: the turns whose 5.71 award is still to come (of 8, or 9 with optional rule 19).
* POC_AT_STAKE = 17: the mean over both sides of the POC of all thirteen areas (2.5).

The Allies' chance is logistic(margin / (SPREAD * (turns_left + 1))), the spread of the final standing growing
with the turns to play; after the last award the standing alone decides (1 - LIMIT, LIMIT or one half). Japan's
chance is one minus the Allies'. FORCE and SPREAD were fitted by the log-likelihood of the winner over the
states every 20 steps of 60 heuristic-against-heuristic games (the rollouts a search plays; best 0.8 and 0.75,
within 0.004 of the round 1 and 1 kept) and checked on 60 random games: the side favoured goes on to win from
85% (heuristic) and 90% (random) of those states, from 75% on turn 1 to 95% on turn 8. Two more terms were
tried and dropped, their fitted weight being zero: last turn's control flags (every unit goes back to port each
turn, 5.74, so last turn's control is in `poc` already and tells nothing more) and the ports and bases held (14).
A third, the damage a friendly yard will take off at its next repairs (11.1-11.24: counted back for the turns left
but one, up to the port's points), was tried on 2026-11-24 over the states every 20 steps of 60 heuristic games and
dropped: the likelihood of the winner fell with its weight (mean log-likelihood -0.3453 without it, -0.3458 at
half weight, -0.3463 at full, -0.3478 at double), so the search stays blind to where a damaged ship goes home
(return to port, 10.1) until the next turn's repairs are played, and the heuristic's yard rule decides there.
"""
from __future__ import annotations

from itertools import chain
from math import exp

from kaisen.games.victory_in_the_pacific.state import VPState

FORCE = 1.0          # POC per turn left that a side wholly outweighing the other would win, per POC at stake
SPREAD = 1.0         # POC of spread in the final standing per turn left (plus one)
POC_AT_STAKE = 17    # the mean over both sides of the POC of every area (2.5)
LIMIT = 1e-6         # a state not over is never scored as a sure win or loss

MOVEMENT = frozenset({"raid-setup", "back", "substitute", "patrol", "dest", "speed", "air", "amph", "raid", "sub"})
OUT_OF_PLAY = frozenset({"due", "returning", "sunk", "removed", "lost", None})
_OUT_OF_PLAY_KEYS = ("due", "returning", "sunk", "removed", "lost")
_KEPT = 5_000        # sums kept per rules data before the memo starts again (each holds its tuple alive)


class Tables:
    """Per rules data, made once: each unit's value and signed value (+ Allied, - Japanese), its turns in play,
    the units that can hold an area (15.1: ships and land-based air, 1 Allied, 2 Japanese), each area's POC
    (Allied, Japanese); and the sums of `sums`, kept."""

    def __init__(self, d):
        self.units = d.units
        self.value = {u: _value(sp) for u, sp in d.units.items()}
        self.signed = {u: (v if d.units[u].side == "allies" else -v) for u, v in self.value.items()}
        self.arrive = {u: sp.arrive for u, sp in d.units.items()}
        self.leaving = {u: sp.remove for u, sp in d.units.items() if sp.remove}
        self.air = frozenset(u for u, sp in d.units.items() if sp.kind == "lba")
        self.holder = {u: 1 if sp.side == "allies" else 2 for u, sp in d.units.items() if sp.kind in ("ship", "lba")}
        self.poc = {"sea:" + a: (sp.poc_allies, sp.poc_japan) for a, sp in d.areas.items()}
        self._shares: dict = {}
        self.memo: dict = {}
        self.everything = (float(sum(self.value.values())), float(sum(self.signed.values())))

    def share(self, u: str, first_in: int, first: int, left: int) -> float:
        """The share of turns first..first+left-1 that `u` is in play, from turn `first_in` (0: its arrival)."""
        start = max(first_in or self.arrive[u], first)
        end = min(self.leaving.get(u, first + left), first + left)
        return max(0, end - start) / left

    def shares(self, first: int, left: int) -> tuple[dict, dict, dict]:
        """Made once per (first, left): a unit still due, its value and signed value times its share; a unit
        listed for removal on a turn to come (or this one) and in play, what its share takes off its value and
        signed value (one still in play after its turn stayed: 4.42 took a substitute)."""
        got = self._shares.get((first, left))
        if got is None:
            due = {u: self.share(u, 0, first, left) for u in self.value}
            value_due = {u: v * due[u] for u, v in self.value.items()}
            signed_due = {u: v * due[u] for u, v in self.signed.items()}
            cut = {u: self.share(u, 1, first, left) - 1.0 for u, gone in self.leaving.items() if gone >= first}
            leaving = {u: (self.value[u] * c, self.signed[u] * c) for u, c in cut.items() if c}
            got = self._shares[(first, left)] = (value_due, signed_due, leaving)
        return got

    def sums(self, units: tuple, value: dict, signed: dict) -> tuple[float, float]:
        """The units' values and signed values summed, kept per tuple: the state's index of units by place holds
        tuples that a copy shares until a unit there moves, so most states find their sums kept."""
        key = (id(units), id(value))
        got = self.memo.get(key)
        if got is not None and got[0] is units and got[1] is value:
            return got[2]
        if len(self.memo) > _KEPT:
            self.memo.clear()
        out = (float(sum(map(value.__getitem__, units))), float(sum(map(signed.__getitem__, units))))
        self.memo[key] = (units, value, out)
        return out


def _value(sp) -> int:
    """A unit's printed factors (3.1-3.3): what it brings to a fight and what it takes to sink it."""
    if sp.kind == "lba":
        return sp.airstrike + sp.defense
    return sp.gunnery + sp.airstrike + sp.armor


_TABLES: dict[int, Tables] = {}


def tables(d) -> Tables:
    t = _TABLES.get(id(d))
    if t is None or t.units is not d.units:
        t = _TABLES[id(d)] = Tables(d)
    return t


def half(s: VPState) -> int:
    """0 while the turn's reinforcements and movement (5.1-5.25) go on, 1 from the combat phase (5.3) on."""
    step = s.step.partition(":")[0]
    if step in MOVEMENT:
        return 0
    if step == "home":                  # units bound for port after a failed speed roll go home during movement
        nxt = s.pending[0] if s.pending else ""
        return 1 if not nxt or nxt == "after-area" or nxt.startswith("end:") else 0
    return 1


def horizon(s: VPState) -> tuple[int, int]:
    """(turn, half): measured, a turn is 245 steps of random play and 414 of heuristic play (up to 908), a half
    122 and 207 (up to 699)."""
    return (s.turn, half(s))


def evaluate(s: VPState, d, side: str) -> float:
    """`side`'s chance to win: 1, 0 or 0.5 at the end (4.7), else `allies_chance` for the Allies, one minus it
    for Japan."""
    if s.result is not None:
        winner = s.result[0]
        return 0.5 if winner is None else float(winner == side)
    p = allies_chance(s, d)
    return p if side == "allies" else 1.0 - p


def allies_chance(s: VPState, d) -> float:
    """The Allies' chance to win, strictly inside (0, 1) (the module's docstring)."""
    margin, left = margin_and_turns(s, d)
    if left == 0:
        return 0.5 if margin == 0 else 1.0 - LIMIT if margin > 0 else LIMIT
    z = margin / (SPREAD * (left + 1))
    p = 1.0 / (1.0 + exp(-z)) if z > -700 else 0.0
    return min(1.0 - LIMIT, max(LIMIT, p))


def margin_and_turns(s: VPState, d) -> tuple[float, int]:
    """The final POC standing the state points to (+ the Allies ahead) and the turns whose award is to come."""
    scored = bool(s.poc_log) and s.poc_log[-1][0] == s.turn
    last = d.optional_turn if s.option("turn-9") else d.last_turn
    first = s.turn + 1 if scored else s.turn
    left = last - first + 1
    margin = float(s.poc)
    if left <= 0:
        return margin, 0
    t = tables(d)
    loc = s.loc
    by = loc.by if loc.by is not None else loc.index(d.units)
    if not scored and half(s):
        margin += award_now(s, t, by)
    return margin + left * FORCE * POC_AT_STAKE * force(s, t, by, first, left), left


def award_now(s: VPState, t: Tables, by: dict) -> int:
    """5.71's award (Allied minus Japanese POC) if control were counted from the units at sea now (15.1-15.2)."""
    holder, air, mode, loc = t.holder, t.air, s.mode, s.loc
    held: dict[str, int] = {}
    for u in chain(by.get(("sea", "allies"), ()), by.get(("sea", "japan"), ())):
        bit = holder.get(u)
        if bit and (u in air or mode.get(u) == "patrol"):
            where = loc[u]
            held[where] = held.get(where, 0) | bit
    award = 0
    poc = t.poc
    for where, bits in held.items():
        if bits == 1:
            award += poc[where][0]
        elif bits == 2:
            award -= poc[where][1]
    if held.get("sea:japanese-islands") == 2 and s.option("turn-9"):
        award -= 1                                                       # 19.3
    return award


def force(s: VPState, t: Tables, by: dict, first: int, left: int) -> float:
    """(Allied - Japanese) / (Allied + Japanese) strength over the turns first..first+left-1 (module docstring)."""
    value, signed, sums = t.value, t.signed, t.sums
    memo, vid = t.memo, id(value)
    total, diff = t.everything                                           # every unit has a place (state.py)
    for key in _OUT_OF_PLAY_KEYS:
        units = by.get(key, ())
        if units:
            got = memo.get((id(units), vid))
            v, sg = got[2] if got is not None and got[0] is units and got[1] is value else sums(units, value, signed)
            total -= v
            diff -= sg
    loc = s.loc
    for u, dmg in s.damage.items():                                      # 7.532: damage points still on
        if dmg and loc.get(u) not in OUT_OF_PLAY:
            lost = min(dmg, value[u])
            total -= lost
            diff -= lost if signed[u] > 0 else -lost
    value_due, signed_due, leaving = t.shares(first, left)
    for u, (v, sg) in leaving.items():                                   # 4.42: removals to come
        if loc.get(u) not in OUT_OF_PLAY:
            total += v
            diff += sg
    due = by.get("due", ())
    v, sg = sums(due, value_due, signed_due)                             # 4.4: arrivals to come
    total += v
    diff += sg
    for u, turn in s.back.items():                                       # 4.5, 18.32: units back on a set turn
        where = loc.get(u)
        if where == "returning" or where == "due":
            share = t.share(u, turn, first, left) - (t.share(u, 0, first, left) if where == "due" else 0.0)
            total += value[u] * share
            diff += signed[u] * share
    return diff / total if total > 0 else 0.0
