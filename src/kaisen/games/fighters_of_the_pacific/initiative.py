"""Phase 1, Initiative (rulebook): on turn 1 the scenario names the side; afterwards each side counts its
handicap (+1 per air group at high altitude, +2 per air group at low altitude, +1 per damaged airplane; AA, ships
and islands do not count) and the side with fewer points takes the initiative; on a tie it stays put."""
from __future__ import annotations

from kaisen.games.fighters_of_the_pacific.common import Ctx
from kaisen.games.fighters_of_the_pacific.groups import air_groups
from kaisen.games.fighters_of_the_pacific.state import SIDE_NAME, SIDES


def handicap(planes, side: str) -> int:
    """A side's handicap points (rulebook: Phase 1)."""
    points = sum(1 if planes[g[0]].alt == "high" else 2 for g in air_groups(planes, side))
    return points + sum(1 for p in planes.values() if p.side == side and p.damage)


def start(c: Ctx) -> None:
    """Determine the initiative for the turn; then the phase is over."""
    s = c.s
    if s.turn == 1:
        s.initiative = c.sc.first_initiative
        c.note("initiative", "Phase 1", _first, SIDE_NAME[s.initiative])
    else:
        points = {sd: handicap(s.planes, sd) for sd in SIDES}
        low = min(points.values())
        best = [sd for sd in SIDES if points[sd] == low]
        kept = len(best) > 1
        if not kept:
            s.initiative = best[0]
        c.note("initiative", "Phase 1", _handicap, points["japan"], points["usa"], SIDE_NAME[s.initiative], kept)
    c.finish()


def _first(side):
    return f"Turn 1: {side} has the initiative (scenario)"


def _handicap(japan, usa, side, kept):
    return (f"Initiative handicap: Japan {japan}, USA {usa}: {side} "
            + ("keeps the initiative (tie)" if kept else "has the initiative"))
