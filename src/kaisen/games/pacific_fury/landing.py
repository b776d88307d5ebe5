"""9.3 Landing: the Transports go ashore (a state change that an operation's move and a surface combat that
cleared Ironbottom Sound both make; it starts nothing)."""
from __future__ import annotations

from kaisen.games.pacific_fury.common import Ctx
from kaisen.games.pacific_fury.state import SIDE_NAME, TaskForce


def land(c: Ctx, tf: TaskForce) -> None:
    """9.3: the Transports go ashore (one marker shift each); the rest of the task force returns to base."""
    d = c.d
    aps = [u for u in tf.ships if d.ships[u].type == "AP"]
    for u in aps:
        c.s.loc[u] = "offboard"
    c.s.gone_public += tuple(aps)
    c.drop_ships(aps)
    c.note("landing", "9.3", "{} lands {} Transports unit(s) on Guadalcanal".format, SIDE_NAME[tf.side], len(aps))
    c.shift(tf.side, len(aps), "landing on Guadalcanal", "9.3")
    rest = c.s.tfs.get(tf.id)
    if rest is not None:
        c.to_base(rest, "escort after the landing", "9.3")
