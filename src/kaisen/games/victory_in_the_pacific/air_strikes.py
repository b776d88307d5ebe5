"""23 (optional rule, switch "air-strike-damage"): airstrikes that take damage of their own.

* A carrier's airstrike damage is kept apart from the ship's (23.1), in `VPState.damage` under the key
  "air:<unit>"; the carrier attacks with its airstrike factor less that damage (23.2). Damage to the ship no
  longer touches the airstrike (7.73's loss is replaced by the separate track). A land-based air unit attacks at
  full strength until it is eliminated (its damage is its ordinary damage, eliminated at its defense factor).
* In a day action at sea (not an air raid on a port, not the turn-1 surprise raids) each side, Japan first,
  says of each of its airstrikes whether it attacks or defends (combat stage "stance", 23.3). Kamikazes (19.2)
  always attack.
* Then the defending airstrikes, Japan's and then the Allies', are given targets among the enemy's attacking
  airstrikes and fire at them as at land-based air: no bonus, a 6 hits and a 5 does nothing, each hit's damage
  die taking effect at once (23.31, 23.32). Combat `phase` "defend".
* Then each side's attacking airstrikes (Japan's, then the Allies') are given their targets (phase "strike").
  Before they fire, every target that is a ship or a land-based air unit fires one shot without bonus at each
  airstrike attacking it, and each battleship of the other side that nobody attacks fires one shot at an
  attacking airstrike of its choice (combat stage "aa", 23.34, 23.35); the damage takes effect at once (23.36).
  The airstrikes then fire with what they have left (23.37).
* A carrier with no airstrike left at the end of a day action is disabled and goes home (23.4).
* 23.5: rebuilding is in `end_turn` (`rebuild_options`, `rebuild`).
"""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option, Pause
from kaisen.games.victory_in_the_pacific import battle
from kaisen.games.victory_in_the_pacific.common import Ctx, narrate, lazy_label
from kaisen.games.victory_in_the_pacific.state import SIDE_NAME, other


def enabled(c: Ctx) -> bool:
    return c.s.option("air-strike-damage")


def key(u: str) -> str:
    return "air:" + u


def strike_damage(c: Ctx, u: str) -> int:
    return c.s.damage.get(key(u), 0)


def strike(c: Ctx, u: str) -> int:
    """The airstrike factor `u` attacks with now."""
    if not enabled(c):
        return c.airstrike(u)
    sp = c.spec(u)
    if sp.kind == "ship":
        return max(0, sp.airstrike - strike_damage(c, u))           # 23.2
    return sp.airstrike if sp.kind == "lba" else 0


def applies(c: Ctx, cb) -> bool:
    """23.3: a day action at sea (whole area or a pursuit battle) with the switch on."""
    from kaisen.games.victory_in_the_pacific.battle import SURPRISE
    return enabled(c) and not cb.cur.startswith("raid:") and cb.cur != SURPRISE


def hurt(c: Ctx, u: str, n: int, rule: str) -> None:
    """Damage on an airstrike takes effect at once (23.32, 23.36)."""
    sp = c.spec(u)
    if sp.kind == "lba":
        total = c.dmg(u) + n
        c.s.edit("damage")[u] = total
        c.say_later("damage", rule, narrate, "{} takes {} damage point(s)", c.name(u), n)
        if total >= sp.defense:
            c.sink(u, f"{total} damage to its airstrike", rule)
        return
    total = min(sp.airstrike, strike_damage(c, u) + n)
    c.s.edit("damage")[key(u)] = total
    c.say_later("damage", rule, narrate, "{}'s airstrike takes {} damage point(s): {} factor(s) left", c.name(u),
                n, strike(c, u))


# -- 23.3 attacking or defending -------------------------------------------------------------------------------
def begin_stance(c: Ctx, cb) -> None:
    ask = []
    for side in ("japan", "allies"):
        ask += [u for u in battle.fighting(c, cb, side) if c.spec(u).kind in ("ship", "lba") and strike(c, u) > 0
                and not battle.is_kamikaze(c, cb, u)]
    cb.ask, cb.defending, cb.phase = tuple(ask), (), "defend"
    cb.stage = "stance"


def enter_stance(c: Ctx, cb) -> bool:
    if cb.ask:
        return True
    if cb.defending:
        c.say_later("stance", "23.3", narrate, "Defending airstrikes: {}", c.names(cb.defending))
    cb.stage = "side:japan"                  # back to combat: Japan's attackers take their targets (7.43)
    return False


def pause_stance(c: Ctx, cb) -> Pause:
    u = cb.ask[0]
    return Decision(c.side_of(u), f"Day action: does {c.name(u)}'s airstrike attack or defend?",
                    (Option(f"attack:{u}", None, {"verb": "attack", "unit": u}, lazy_label("{} attacks", c.name(u))),
                     Option(f"defend:{u}", None, {"verb": "defend", "unit": u},
                            lazy_label("{} defends (attacks only attacking airstrikes)", c.name(u)))),
                    "23.3", "airstrike-stance")


def on_stance(c: Ctx, cb, ans: str) -> None:
    what, _, u = ans.partition(":")
    cb.ask = cb.ask[1:]
    if what == "defend":
        cb.defending += (u,)


def attacking_strikes(c: Ctx, cb, side: str) -> list[str]:
    return [u for u in battle.fighting(c, cb, side) if c.spec(u).kind in ("ship", "lba") and strike(c, u) > 0
            and u not in cb.defending]


# -- 23.34-23.36 the targets' and battleships' shots at attacking airstrikes ----------------------------------
def begin_aa(c: Ctx, cb) -> None:
    """After `cb.side`'s attacking airstrikes have their targets: the shots at them."""
    foe = other(cb.side)
    aa: dict[str, tuple[str, ...]] = {}
    for u in cb.shots:
        t = cb.assign[u]
        aa[u] = (t,) if c.spec(t).kind in ("ship", "lba") else ()
    cb.aa = aa
    attacked = set(cb.assign.values())
    cb.ask = tuple(b for b in battle.fighting(c, cb, foe)
                   if c.spec(b).kind == "ship" and c.spec(b).type == "BB" and b not in attacked) if aa else ()
    cb.stage = "aa:pick"


def enter_aa(c: Ctx, cb) -> bool:
    step = cb.stage.partition(":")[2]
    if step == "pick":
        while cb.ask:
            if len(cb.aa) > 1:
                return True
            b = cb.ask[0]
            s = next(iter(cb.aa))
            cb.aa[s] = cb.aa[s] + (b,)
            cb.ask = cb.ask[1:]
        cb.stage = "aa:fire"
        return False
    if step == "fire":
        while cb.aa and not _shooters(c, cb, next(iter(cb.aa))):
            cb.aa.pop(next(iter(cb.aa)))
        if cb.aa:
            return True
        cb.stage = "fire"
        return False
    return True          # "dmg": the damage dice


def _shooters(c: Ctx, cb, s: str) -> tuple[str, ...]:
    if not c.s.loc.get(s, "").startswith("sea:") or strike(c, s) <= 0:
        return ()
    return tuple(x for x in cb.aa[s] if c.s.loc.get(x, "").startswith(("sea:", "home:")))


def pause_aa(c: Ctx, cb) -> Pause:
    step = cb.stage.partition(":")[2]
    if step == "pick":
        b = cb.ask[0]
        return Decision(c.side_of(b), f"{c.name(b)} is not attacked: one shot at which attacking airstrike?",
                        tuple(Option(f"aa:{b}:{s}", c.name(s), {"verb": "target", "unit": b, "target": s})
                              for s in cb.aa), "23.35", "anti-aircraft")
    s = next(iter(cb.aa))
    if step == "fire":
        sh = _shooters(c, cb, s)
        return Chance((6,) * len(sh), f"Shots at {c.name(s)}'s airstrike by {c.names(sh)}, no bonus", "23.34")
    return Chance((6,) * cb.hit[2], f"Damage to {c.name(s)}'s airstrike from {cb.hit[2]} hit(s)", "23.36")


def answer_aa(c: Ctx, cb, ans) -> None:
    step = cb.stage.partition(":")[2]
    if step == "pick":
        _, b, s = ans.split(":")
        cb.aa[s] = cb.aa[s] + (b,)
        cb.ask = cb.ask[1:]
        return
    s = next(iter(cb.aa))
    if step == "fire":
        hits = sum(1 for f in ans if f >= 6)
        c.say_later("shots", "23.34", narrate, "{} roll {} at {}'s airstrike: {} hit(s)",
                    c.names(_shooters(c, cb, s)), ", ".join(map(str, ans)), c.name(s), hits)
        cb.aa.pop(s)
        if hits:
            cb.aa = {s: (), **cb.aa}          # keep it first while its damage is rolled
            cb.hit = (s, s, hits)
            cb.stage = "aa:dmg"
        return
    hurt(c, s, sum(ans), "23.36")
    cb.aa.pop(s)
    cb.hit = ("", "", 0)
    cb.stage = "aa:fire"


# -- 23.4 carriers without airstrikes ----------------------------------------------------------------------------
def disabled_carriers(c: Ctx, cb) -> list[str]:
    out = []
    for side in ("japan", "allies"):
        for u in battle.fighting(c, cb, side):
            sp = c.spec(u)
            if sp.kind == "ship" and sp.airstrike > 0 and strike(c, u) == 0:
                out.append(u)
    return out


__all__ = ["enabled", "strike", "hurt", "SIDE_NAME"]
