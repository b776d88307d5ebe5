"""9.5 / 10.6 air strike targets: what a TF-C may strike (a computation both the operation menu and the
second round of an air strike read; it starts nothing)."""
from __future__ import annotations

from kaisen.games.pacific_fury.common import Ctx, box_label, describe
from kaisen.games.pacific_fury.state import TaskForce, other

IBS = "ironbottom"


def strike_targets(c: Ctx, tf: TaskForce, side: str) -> list[tuple[str, str | None, str]]:
    """9.5 / 10.6: Henderson Field (held by the enemy and operational) or an enemy task force in an
    adjacent zone; the enemy's task forces in Ironbottom Sound are one combined target.
    Each as (target, its zone or None for Henderson Field, label)."""
    return [(target, zone, make(*args)) for target, zone, make, args in strike_target_makers(c, tf, side)]


def strike_target_makers(c: Ctx, tf: TaskForce, side: str) -> list[tuple[str, str | None, object, tuple]]:
    """strike_targets with each label as its maker and the maker's arguments (labels on demand)."""
    s, d = c.s, c.d
    out: list[tuple[str, str | None, object, tuple]] = []
    if s.hf_operational and c.hf_controller() != side:
        out.append(("henderson", None, _henderson_target, (s.marker,)))
    foe = other(side)
    for z in sorted(d.adjacent[tf.zone]):
        enemy = sorted(s.in_zone(z, foe), key=_by_id)
        if not enemy:
            continue
        if z == IBS:
            n = sum(len(t.ships) for t in enemy)
            out.append((IBS, IBS, "the enemy in Ironbottom Sound ({} ships)".format, (n,)))
        else:
            for t in enemy:
                out.append((t.id, z, _tf_target, (d, t, z)))
    return out


def _by_id(t: TaskForce) -> str:
    return t.id


def _henderson_target(marker: int) -> str:
    return f"Henderson Field (box {box_label(marker)})"


def _tf_target(d, t: TaskForce, z: str) -> str:
    return f"{t.id} in {d.zones[z].name} ({describe(d, t, False)})"


def strike_fields(tf_id: str, target: str, zone: str | None) -> dict:
    """An air strike option's fields: the striking task force, the target (henderson, ironbottom or a task
    force id) and the target's zone (none for Henderson Field)."""
    if zone is None:
        return {"verb": "strike", "tf": tf_id, "target": target}
    return {"verb": "strike", "tf": tf_id, "target": target, "zone": zone}
