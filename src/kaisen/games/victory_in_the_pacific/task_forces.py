"""20 (optional rule, switch "task-forces"): task forces and sighting in the battle for a whole sea area.

Each round of the area's main battle (not a pursuit battle, not the turn-1 special fights) replaces 7.3's
day-or-night choice with:

* "tf:group:<side>" (20.2): each unit at sea in the battle (land-based air included) joins a task force,
  Japan's units first, then the Allies'; task forces are formed afresh every round;
* "tf:attack:<side>" (20.3): each task force that has a unit able to attack is declared attacking or not
  (one that has none is not attacking), Japan first, then the Allies;
* "tf:invade:<side>" (20.3): each amphibious unit that could invade an enemy island base is declared invading
  this round or not; only declared units may invade after the round (20.7);
* "tf:sight" (20.4): one die for each task force not sighted automatically (20.41: land-based air or a
  declared invader in it): attacking 1-4 (20.42), else with a patrolling ship 1-3 (20.43), else 1-2 (20.44);
* a day action (20.5): only attacking task forces attack, only sighted ones may be attacked;
* "tf:night:<side>" then a night action (20.6): every sighted task force takes part and each side may add its
  attacking task forces that were not sighted; only attacking task forces attack, and only task forces taking
  part may be attacked.

20.8: at the retreat step a side may retreat with part of its force ("tf:flee:<side>" names the units); the
enemy may pursue them (not raid: the area is still contested), and the pursuers never rejoin the main battle
(`Combat.detached`).
"""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option, Pause
from kaisen.games.victory_in_the_pacific import battle
from kaisen.games.victory_in_the_pacific.common import Ctx, narrate, lazy_label
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, SIDES, other

PREFIX = {"japan": "J", "allies": "A"}


def enabled(c: Ctx) -> bool:
    return c.s.option("task-forces")


def active(c: Ctx, cb) -> bool:
    """The rule governs the main battle of an ordinary area fight."""
    return enabled(c) and cb.cur == "" and cb.special == "" and bool(cb.tfs)


def tf_of(cb, u: str) -> str:
    for t, us in cb.tfs.items():
        if u in us:
            return t
    return ""


def _night(cb) -> bool:
    return bool(cb.actions) and cb.actions[cb.act] == "night"


def taking_part(cb, t: str) -> bool:
    return t in cb.sighted or t in cb.night_in


def can_fire(c: Ctx, cb, u: str) -> bool:
    if not active(c, cb):
        return True
    t = tf_of(cb, u)
    if t not in cb.tf_attack:
        return False                                           # 20.5, 20.6
    return taking_part(cb, t) if _night(cb) else True


def can_be_hit(c: Ctx, cb, u: str) -> bool:
    if not active(c, cb):
        return True
    t = tf_of(cb, u)
    return taking_part(cb, t) if _night(cb) else t in cb.sighted


def able(c: Ctx, u: str) -> bool:
    sp = c.spec(u)
    return (sp.kind == "ship" and (sp.gunnery > 0 or sp.airstrike > 0)) or (sp.kind == "lba" and sp.airstrike > 0)


# -- the round ---------------------------------------------------------------------------------------------
def begin_round(c: Ctx, cb) -> None:
    cb.tfs, cb.tf_attack, cb.sighted, cb.night_in, cb.invading, cb.tfnight = {}, (), (), (), (), False
    cb.stage = "tf:group:japan"
    cb.ask = tuple(battle.fighting(c, cb, "japan"))


def _side_tfs(cb, side: str) -> list[str]:
    return [t for t in cb.tfs if t.startswith(PREFIX[side])]


def _invaders(c: Ctx, cb, side: str) -> list[str]:
    """Amphibious units that could invade an enemy island base touching the area (13.3)."""
    foe_bases = [b for b in c.d.touching(cb.area)
                 if c.s.base_control.get(b) == other(side) and c.d.bases[b].kind != "port"]
    return [u for u in battle.fighting(c, cb, side) if c.spec(u).kind == "amph" and foe_bases]


def enter(c: Ctx, cb) -> bool:
    _, step, side = (cb.stage.split(":") + [""])[:3]
    if step == "group":
        while cb.ask:
            if len(_side_tfs(cb, side)) == 0:
                _join(cb, side, cb.ask[0], PREFIX[side] + "1")     # the first unit starts task force 1
                cb.ask = cb.ask[1:]
                continue
            return True
        c.say_later("tf", "20.2", _task_forces, SIDE_NAME[side],
                    tuple((t, c.names(cb.tfs[t])) for t in _side_tfs(cb, side)))
        if side == "japan":
            cb.stage, cb.ask = "tf:group:allies", tuple(battle.fighting(c, cb, "allies"))
        else:
            cb.stage, cb.ask = "tf:attack:japan", _attack_asks(c, cb, "japan")
        return False
    if step == "attack":
        if cb.ask:
            return True
        cb.stage, cb.ask = f"tf:invade:{side}", tuple(_invaders(c, cb, side))
        return False
    if step == "invade":
        if cb.ask:
            return True
        if side == "japan":
            cb.stage, cb.ask = "tf:attack:allies", _attack_asks(c, cb, "allies")
        else:
            cb.stage = "tf:sight"
            cb.ask = tuple(t for t in cb.tfs if not _auto_sighted(c, cb, t))
            cb.sighted = tuple(t for t in cb.tfs if _auto_sighted(c, cb, t))
            for t in cb.sighted:
                c.say_later("sight", "20.41", narrate, "Task force {} is sighted (land-based air or invaders)", t)
        return False
    if step == "sight":
        if cb.ask:
            return True
        c.say_later("sight", "20.4", narrate, "Sighted: {}", ", ".join(cb.sighted) or "none")
        cb.actions, cb.act, cb.stage = ("day", "night"), 0, "action"
        c.say("action", "A day action followed by a night action", "20.5")
        return False
    if step == "night":
        if cb.ask:
            return True
        if side == "japan":
            cb.stage, cb.ask = "tf:night:allies", _night_asks(c, cb, "allies")
        else:
            cb.tfnight = True
            cb.stage = "action"
        return False
    if step == "flee":
        if cb.ask:
            return True
        _flee(c, cb, side)
        return False
    raise AssertionError(f"unknown task force step {cb.stage!r}")


def _join(cb, side: str, u: str, t: str) -> None:
    cb.tfs[t] = cb.tfs.get(t, ()) + (u,)


def _attack_asks(c: Ctx, cb, side: str) -> tuple[str, ...]:
    return tuple(t for t in _side_tfs(cb, side) if any(able(c, u) for u in cb.tfs[t]))


def _auto_sighted(c: Ctx, cb, t: str) -> bool:
    return any(c.spec(u).kind == "lba" or u in cb.invading for u in cb.tfs[t])           # 20.41


def sight_range(c: Ctx, cb, t: str) -> int:
    if t in cb.tf_attack:
        return 4                                                                          # 20.42
    if any(c.spec(u).kind == "ship" and c.s.mode.get(u) == "patrol" for u in cb.tfs[t]):
        return 3                                                                          # 20.43
    return 2                                                                              # 20.44


def begin_night(c: Ctx, cb) -> None:
    cb.stage, cb.ask = "tf:night:japan", _night_asks(c, cb, "japan")


def _night_asks(c: Ctx, cb, side: str) -> tuple[str, ...]:
    return tuple(t for t in _side_tfs(cb, side) if t in cb.tf_attack and t not in cb.sighted
                 and any(c.s.loc.get(u) == "sea:" + cb.area for u in cb.tfs[t]))


def pause(c: Ctx, cb) -> Pause:
    _, step, side = (cb.stage.split(":") + [""])[:3]
    if step == "group":
        u = cb.ask[0]
        ts = _side_tfs(cb, side)
        new = PREFIX[side] + str(len(ts) + 1)
        return Decision(side, f"Task forces: which one does {c.name(u)} join?",
                        tuple(Option(f"tf:{u}:{t}", None, {"verb": "join", "unit": u, "tf": t},
                                     lazy_label("Task force {} ({})", t, c.names(cb.tfs[t]))) for t in ts)
                        + (Option(f"tf:{u}:{new}", None, {"verb": "join", "unit": u, "tf": new, "new": True},
                                  lazy_label("A new task force {}", new)),), "20.2", "task-force")
    if step == "attack":
        t = cb.ask[0]
        return Decision(side, f"Is task force {t} ({c.names(cb.tfs[t])}) attacking this round?",
                        (Option(f"atk:{t}", "Attacking", {"verb": "attack", "tf": t, "units": list(cb.tfs[t])}),
                         Option(f"hold:{t}", "Not attacking", {"verb": "hold", "tf": t, "units": list(cb.tfs[t])})),
                        "20.3", "task-force-attack")
    if step == "invade":
        u = cb.ask[0]
        return Decision(side, f"Does {c.name(u)} invade this round?",
                        (Option(f"inv:{u}", "It will invade", {"verb": "invade", "unit": u}),
                         Option(f"no:{u}", "It will not invade", {"verb": "no", "unit": u})), "20.3",
                        "declare-invasion")
    if step == "sight":
        return Chance((6,) * len(cb.ask), "Sighting: one die for task force " + ", ".join(
            f"{t} (sighted on 1-{sight_range(c, cb, t)})" for t in cb.ask), "20.4")
    if step == "night":
        t = cb.ask[0]
        return Decision(side, f"Night action: add attacking task force {t} ({c.names(cb.tfs[t])})?",
                        (Option(f"add:{t}", "Add it to the night action", {"verb": "add", "tf": t,
                                                                            "units": list(cb.tfs[t])}),
                         Option(f"out:{t}", "Keep it out", {"verb": "out", "tf": t, "units": list(cb.tfs[t])})),
                        "20.6", "night-task-force")
    u = cb.ask[0]
    return Decision(side, f"Partial retreat: does {c.name(u)} flee?",
                    (Option(f"flee:{u}", "It flees", {"verb": "flee", "unit": u}),
                     Option(f"keep:{u}", "It stays in the battle", {"verb": "keep", "unit": u})), "20.8",
                    "partial-retreat")


def answer(c: Ctx, cb, ans) -> None:
    _, step, side = (cb.stage.split(":") + [""])[:3]
    if step == "sight":
        for t, f in zip(cb.ask, ans):
            if f <= sight_range(c, cb, t):
                cb.sighted += (t,)
        c.say_later("sight", "20.4", _sightings, tuple(zip(cb.ask, ans)))
        cb.ask = ()
        return
    verb, _, rest = ans.partition(":")
    cb.ask = cb.ask[1:]
    if verb == "tf":
        u, t = rest.split(":")
        _join(cb, side, u, t)
    elif verb == "atk":
        cb.tf_attack += (rest,)
    elif verb == "inv":
        cb.invading += (rest,)
    elif verb == "add":
        cb.night_in += (rest,)
        c.say_later("tf", "20.6", narrate, "Task force {} joins the night action", rest)
    elif verb == "flee":
        cb.flee += (rest,)


# -- 20.8 partial retreat ------------------------------------------------------------------------------------
def can_split(c: Ctx, cb, side: str) -> bool:
    return enabled(c) and cb.cur == "" and cb.special == "" and len(battle.fighting(c, cb, side)) > 1


def begin_flee(c: Ctx, cb, side: str) -> None:
    cb.flee = ()
    cb.stage, cb.ask = f"tf:flee:{side}", tuple(battle.fighting(c, cb, side))


def _flee(c: Ctx, cb, side: str) -> None:
    units = [u for u in battle.fighting(c, cb, side) if u in cb.flee]
    cb.flee = ()
    if not units:
        c.say_later("retreat", "8.1", narrate, "{} stays", SIDE_NAME[side])
        if side == "japan":
            cb.stage = "retreat:allies"
        else:
            cb.stage, cb.ask, cb.landing, cb.side = "land", (), {}, ""
        return
    c.say_later("retreat", "20.8", narrate, "{} retreats with part of its force: {}", SIDE_NAME[side],
                c.names(units))
    cb.partial = True
    battle.flee(c, cb, side, units)


__all__ = ["enabled", "active", "SIDES", "other"]


# -- the text of events made on demand (narration on demand, DESIGN.md) -----------------------------------------------
def _task_forces(side_name: str, tfs: tuple[tuple[str, str], ...]) -> str:
    return f"{side_name} task forces: " + "; ".join(f"{t}: {names}" for t, names in tfs)


def _sightings(rolls: tuple[tuple[str, int], ...]) -> str:
    return "Sighting rolls: " + ", ".join(f"{t} {f}" for t, f in rolls)
