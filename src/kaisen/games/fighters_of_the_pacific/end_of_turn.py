"""Phase 3, steps 3 and 4 (rulebook: End of Turn): activation markers come off every airplane and AA, and the
barrage markers are removed."""
from __future__ import annotations

from kaisen.games.fighters_of_the_pacific.common import Ctx


def clear_activation(c: Ctx) -> None:
    s = c.s
    s.planes = {k: (p._replace(activated=False) if p.activated else p) for k, p in s.planes.items()}
    s.aa_done = ()
    s.groups = ()
    c.finish()


def clear_barrages(c: Ctx) -> None:
    c.s.barrages = ()
    c.finish()
