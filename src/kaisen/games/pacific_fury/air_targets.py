"""9.5 / 10.6 air strike targets: what a TF-C may strike (a computation both the operation menu and the
second round of an air strike read; it starts nothing)."""
from __future__ import annotations

from kaisen.games.pacific_fury.common import Ctx, box_label, describe
from kaisen.games.pacific_fury.state import TaskForce

IBS = "ironbottom"


def strike_targets(c: Ctx, tf: TaskForce, side: str) -> list[tuple[str, str | None, str]]:
    """9.5 / 10.6: Henderson Field (held by the enemy and operational) or an enemy task force in an
    adjacent zone; the enemy's task forces in Ironbottom Sound are one combined target.
    Each as (target, its zone or None for Henderson Field, label)."""
    return [(target, zone, make(*args)) for target, zone, make, args in strike_target_makers(c, tf, side)]


def strike_target_makers(c: Ctx, tf: TaskForce, side: str) -> list[tuple[str, str | None, object, tuple]]:
    """strike_targets with each label as its maker and the maker's arguments (labels on demand)."""
    return strike_makers_of(c.s, c.d, tf, side)


def strike_makers_of(s, d, tf: TaskForce, side: str) -> list[tuple[str, str | None, object, tuple]]:
    """`strike_target_makers` from the state and data (the operation menu needs no Ctx). One pass over the
    task forces finds the enemy's in the adjacent zones (in the order of s.tfs, as `in_zone` lists them)."""
    out: list[tuple[str, str | None, object, tuple]] = []
    if s.hf_operational and s.initiative != side:       # 6.2: the initiative player holds Henderson Field
        out.append(("henderson", None, _henderson_target, (s.marker,)))
    foe = "usa" if side == "japan" else "japan"
    near = _adjacent(d, tf.zone)
    enemy: dict[str, list[TaskForce]] = {}
    for t in s.tfs.values():      # (a TaskForce is (id, side, ships, box, zone, revealed))
        if t[1] == foe and t[4] in near:
            enemy.setdefault(t[4], []).append(t)
    if not enemy:
        return out
    for z in near:
        ts = enemy.get(z)
        if not ts:
            continue
        if len(ts) > 1:
            ts.sort(key=_by_id)
        if z == IBS:
            n = sum(len(t.ships) for t in ts)
            out.append((IBS, IBS, "the enemy in Ironbottom Sound ({} ships)".format, (n,)))
        else:
            for t in ts:
                out.append((t.id, z, _tf_target, (d, t, z)))
    return out


_ADJACENT: dict[tuple[int, str], tuple[str, ...]] = {}


def _adjacent(d, zone: str) -> tuple[str, ...]:
    """The zones adjacent to `zone`, sorted (static per data set)."""
    key = (id(d), zone)
    near = _ADJACENT.get(key)
    if near is None:
        near = _ADJACENT[key] = tuple(sorted(d.adjacent[zone]))
    return near


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
