"""Anti-aircraft defenses (rulebook: AA): one on every segment of a warship and on the island hexes a scenario
marks. An AA is at low altitude, never moves (a ship's moves with it), is never grouped, fires once a turn into
its own hex and the six around it, and is put out of action when its ship segment is hit by a bomb or a torpedo
or its island hex by a bomb."""
from __future__ import annotations

from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name, ship_name
from kaisen.games.fighters_of_the_pacific.state import Hex


def units(c: Ctx, side: str | None = None) -> list[str]:
    """Every AA still in action (of one side, or both), ships' first: "<ship>/<segment>" and "aa@<hex>"."""
    if not c.sc.uses("aa"):
        return []
    out = []
    for k, x in c.s.ships.items():
        if side is None or x.side == side:
            segs = c.d.ship_classes[x.cls].segments
            out += [f"{k}/{segs[i]}" for i, hit in enumerate(x.hit) if not hit]
    out += [k for k, st in c.s.sites.items() if st.kind == "aa" and not st.destroyed
            and (side is None or st.side == side)]
    return out


def where(c: Ctx, aa: str) -> Hex:
    """The hex an AA fires from."""
    if aa.startswith("aa@"):
        return c.s.sites[aa].hex
    ship, seg = aa.split("/")
    x = c.s.ships[ship]
    return x.hexes[c.d.ship_classes[x.cls].segments.index(seg)]


def side_of(c: Ctx, aa: str) -> str:
    return c.s.sites[aa].side if aa.startswith("aa@") else c.s.ships[aa.split("/")[0]].side


def ship_of(aa: str) -> str | None:
    return None if aa.startswith("aa@") else aa.split("/")[0]


def name(c: Ctx, aa: str) -> str:
    if aa.startswith("aa@"):
        return f"ground AA at {aa[3:]}"
    ship, seg = aa.split("/")
    x = c.s.ships[ship]
    return f"{ship_name(c.d, ship, x.token)} {seg} AA ({hex_name(where(c, aa))})"


def ready(c: Ctx, side: str) -> list[str]:
    """A side's AA that may still be activated this turn."""
    done = set(c.s.aa_done)
    return [a for a in units(c, side) if a not in done]
