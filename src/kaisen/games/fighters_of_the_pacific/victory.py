"""Phase 3, step 6: victory (rulebook: Victory boards; scenarios.toml). The game ends after the scenario's last
turn, or sooner when nothing can change any more (no airplane on the board, none still to come, no torpedo
running). The side with more victory points wins; equal points are a draw."""
from __future__ import annotations

from kaisen.games.fighters_of_the_pacific.common import Ctx, roster
from kaisen.games.fighters_of_the_pacific.state import SIDE_NAME


def check(c: Ctx) -> None:
    s = c.s
    sc = c.sc
    later = any(e.turn > s.turn for e in roster(c.d, s.scenario))
    if s.turn >= sc.end_turn or (not s.planes and not later and not s.torpedoes):
        j, u = s.vp["japan"], s.vp["usa"]
        winner = None if j == u else ("japan" if j > u else "usa")
        s.result = (winner, abs(j - u))
        s.step = "over"
        c.note("victory", "Victory boards", _verdict, j, u, winner and SIDE_NAME[winner], s.turn)
        return
    s.turn += 1
    c.finish()


def summary(c: Ctx) -> str:
    j, u = c.s.vp["japan"], c.s.vp["usa"]
    winner = c.s.result[0] if c.s.result else None
    return _verdict(j, u, winner and SIDE_NAME[winner], c.s.turn)


def _verdict(j, u, winner, turn):
    head = f"{winner} wins" if winner else "A draw"
    return f"{head} after turn {turn}: Japan {j} VP, USA {u} VP"
