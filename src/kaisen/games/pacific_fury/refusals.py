"""Why an answer that names a real ship, zone, base or box is not on the menu: the rule that forbids it.

`explain(c, answer)` is asked only after an answer to a Decision was refused. It returns the rule and a
reason, or None when the answer names nothing real (the decision's own rule then refuses it as "no such
option"). A reason is written from what the answering side may know (8.4): it never depends on where an
unseen enemy ship is, what a concealed enemy task force holds, or what the enemy keeps in base. Enemy
task force ids, the zones and boxes they occupy, sunk and removed ships and the Turn Record Track are public."""
from __future__ import annotations

from kaisen.games.pacific_fury.common import Ctx
from kaisen.games.pacific_fury.state import BOXES, SIDE_NAME, TF_PREFIX, other

IBS = "ironbottom"
SLOT = "slot"
ADJ = {"japan": "Japanese", "usa": "US"}


def explain(c: Ctx, answer: str) -> tuple[str, str] | None:
    s = c.s
    step, _, arg = s.step.partition(":")
    if step == "op":
        return _operation(c, s.phasing, answer)
    if step == "form":
        return _forming(c, s.phasing, answer)
    if step == "overestimated":
        return _revive(c, answer)
    if step == "target":
        return _carrier_target(c, arg, answer)
    if step == "alloc":
        return _hit(c, answer)
    if step == "strike-next":
        return _second_strike(c, answer)
    return None


# -- helpers ---------------------------------------------------------------------------------------------
def _zone(c: Ctx, zone: str) -> str:
    return c.d.zones[zone].name


def _is_tf_id(tid: str, side: str) -> bool:
    return tid[:1] == TF_PREFIX[side] and tid[1:].isdigit() and 1 <= int(tid[1:]) <= BOXES


def _own_tf(c: Ctx, side: str, tid: str):
    """The phasing side's task force `tid`, or the refusal when `tid` is not one it operates."""
    tf = c.s.tfs.get(tid)
    if tf is not None and tf.side == side:
        return tf, None
    if _is_tf_id(tid, other(side)):       # the same words whether that enemy task force exists or not
        return None, ("9.0", f"{tid} is a {ADJ[other(side)]} task force: a player operates only his own")
    if _is_tf_id(tid, side):
        return None, ("9.0", f"{SIDE_NAME[side]} has no task force {tid} in a box or at sea")
    return None, None


# -- 9.0-9.5 operations ------------------------------------------------------------------------------------
def _operation(c: Ctx, side: str, answer: str):
    s, d = c.s, c.d
    verb, _, rest = answer.partition(":")
    if verb not in ("sortie", "move", "strike", "base"):
        return None
    tid, _, where = rest.partition(":")
    if verb in ("sortie", "move") and where not in d.zones:
        return None
    tf, why = _own_tf(c, side, tid)
    if tf is None:
        return why
    kind = c.tf_type(tf)
    if verb == "sortie":
        if tf.box is None:
            return "9.1", f"{tid} is already at sea in {_zone(c, tf.zone)}: only a task force in an Operation Box sorties"
        lowest = s.in_boxes(side)[0]
        if lowest.id != tid:
            return "9.1", (f"only the task force in the lowest Operation Box sorties: {lowest.id} (box {lowest.box}) "
                           f"goes before {tid} (box {tf.box})")
        if c.is_te(tf):
            return "9.6", "the Tokyo Express sorties only to The Slot"
        home = d.bases[side].sortie_zone
        if where == IBS:
            if kind != "TF-B":
                return "9.1", f"only a TF-B may sortie straight to Ironbottom Sound; {tid} is a {kind}"
            return "9.1", (f"only the initiative player ({SIDE_NAME[s.initiative]}) may sortie a TF-B straight to "
                           "Ironbottom Sound")
        if where == SLOT:
            if side != "japan":
                return "9.1", "only Japan may sortie to The Slot (a TF-B)"
            return "9.1", f"only a TF-B may sortie straight to The Slot; {tid} is a {kind}"
        if where != home:
            return "9.1", f"{ADJ[side]} task forces sortie to {_zone(c, home)}"
        return None
    if verb == "move":
        if tf.zone is None:
            return "9.2", f"{tid} is still in box {tf.box}: it must sortie (9.1) before it can move"
        if where == tf.zone:
            return "9.2", f"{tid} is already in {_zone(c, where)}: a move goes to an adjacent zone"
        if c.is_te(tf):
            return "9.6", "the Tokyo Express's only move is from The Slot into Ironbottom Sound"
        if kind == "TF-C" and where in (IBS, SLOT):
            return "9.2", f"{tid} is a TF-C: a TF-C may not enter Ironbottom Sound or The Slot"
        if where not in d.adjacent[tf.zone]:
            return "9.2", f"{_zone(c, tf.zone)} and {_zone(c, where)} are not adjacent"
        return None
    if verb == "base":
        if tf.zone is None:
            return "9.2", f"{tid} is in box {tf.box}, not at sea: only a task force on the map returns to base"
        return None
    # strike
    if kind != "TF-C":
        return "9.5", f"only a TF-C makes air strikes; {tid} is a {kind}"
    if tf.zone is None:
        return "9.5", f"{tid} is still in box {tf.box}: a TF-C strikes from the Eastern Solomons or the South Pacific"
    return _strike_target(c, tf, side, where, "9.5")


def _strike_target(c: Ctx, tf, side: str, target: str, rule: str):
    """Why `target` is no air-strike target for the TF-C `tf` (9.5 / 10.6)."""
    s, d = c.s, c.d
    if target == "henderson":
        if c.hf_controller() == side:
            return "6.2", (f"{SIDE_NAME[side]} holds Henderson Field this turn (the initiative player does): only "
                           "the other side may attack it")
        if not s.hf_operational:
            return "10.6", "Henderson Field is already disrupted: an air strike has no effect on it"
        return None
    if target == IBS:
        if IBS not in d.adjacent[tf.zone]:
            return rule, f"Ironbottom Sound is not adjacent to {_zone(c, tf.zone)}"
        return rule, "no enemy task force is in Ironbottom Sound"
    if target in d.zones:
        return rule, "an air strike targets Henderson Field or one enemy task force (Ironbottom Sound's as one)"
    t = s.tfs.get(target)
    if t is not None and t.side == side or t is None and _is_tf_id(target, side):
        return rule, f"{target} is one of your own ({ADJ[side]}) task forces"
    if t is None:
        if _is_tf_id(target, other(side)):
            return rule, f"no enemy task force {target} is at sea"
        return None
    if t.zone is None:
        return rule, f"{target} is still in its Operation Box (box {t.box}), not at sea"
    if t.zone == IBS:
        return "10.6", ("the enemy task forces in Ironbottom Sound are struck as one: choose Ironbottom Sound "
                        "as the target")
    if t.zone == tf.zone:
        return rule, (f"{target} is in {_zone(c, t.zone)} with {tf.id}: an air strike goes to an adjacent zone "
                      "(in the same zone carriers fight by carrier combat, 10.5)")
    if t.zone not in d.adjacent[tf.zone]:
        return rule, f"{target} is in {_zone(c, t.zone)}, which is not adjacent to {_zone(c, tf.zone)}"
    return None


def _second_strike(c: Ctx, answer: str):
    """10.6: the second round of an air strike, at the same or another target."""
    if not answer.startswith("strike:"):
        return None
    cb = c.s.combat
    tf = c.s.tfs.get(cb.mover)
    if tf is None:
        return None
    return _strike_target(c, tf, cb.attacker, answer[7:], "10.6")


# -- 8.2 / 9.6 forming task forces ------------------------------------------------------------------------
def _forming(c: Ctx, side: str, answer: str):
    s, d = c.s, c.d
    box = s.forming_box
    tf = s.tfs.get(TF_PREFIX[side] + str(box))
    if answer == "next-box":
        if box >= BOXES:
            return "8.2", f"box {BOXES} is the last Operation Box: a side forms at most seven task forces"
        if tf is None:
            return "8.2", f"box {box} is empty: the boxes are filled in ascending order, none skipped"
        return None
    if answer == "tokyo-express":
        if side != "japan":
            return "9.6", "only Japan forms the Tokyo Express"
        if s.initiative == "japan":
            return "9.6", "Japan forms the Tokyo Express only when it does not hold the initiative"
        if s.te_formed:
            return "9.6", "only one Tokyo Express may be formed each turn"
        if box > BOXES:
            return "8.2", "all seven Operation Boxes are used"
        if tf is not None:
            return "9.6", f"box {box} already holds ships: the Tokyo Express sails alone"
        return "9.6", "no Transports unit is left in Truk to become the Tokyo Express"
    if not answer.startswith("add:"):
        return None
    u = answer[4:]
    sp = d.ships.get(u)
    if sp is None:
        return None
    name = sp.name
    if sp.side != side:
        return "8.2", f"{name} is a {ADJ[sp.side]} ship: a player forms task forces from his own base"
    if sp.type == "TE":
        return "9.6", "the Tokyo Express marker replaces a Transports unit (its own choice), it is not added"
    if box > BOXES:
        return "8.2", "all seven Operation Boxes are used"
    if tf is not None and c.is_te(tf):
        return "9.6", "nothing else sails with the Tokyo Express"
    where = s.loc[u]
    if where == "reserve":
        return "3.1", f"{name} stays in the Reserve box until the Release Reserve event (7.1)"
    if where == "track":
        return "8.1", f"{name} is on the Turn Record Track and enters base on turn {s.returns[u]}"
    if where == "sunk":
        return "10.7", f"{name} has been sunk"
    if where == "removed":
        return "10.7", f"{name} was removed from the game (it could not be back by turn 4)"
    if where.startswith("tf:"):
        return "8.2", f"{name} is already in {where[3:]}: each ship joins one task force"
    if sp.type == "AP" and where != "base":
        if side == s.initiative:
            return "6.3", "the initiative player may never use Transports"
        return "9.6", f"{name} became the Tokyo Express this turn"
    if where == "base" and tf is not None:
        kinds = {d.ships[m].type for m in tf.ships}
        if sp.type == "AP" and kinds & {"CV", "CVL"}:
            return "8.2", f"{tf.id} has a carrier: Transports may not join it (8.3: a TF-A has no carrier units)"
        if sp.is_carrier and "AP" in kinds:
            return "8.2", f"{tf.id} has Transports: no carrier may join it (8.3: a TF-A has no carrier units)"
    return None


# -- 7.2 IJN Overestimated --------------------------------------------------------------------------------
def _revive(c: Ctx, answer: str):
    if not answer.startswith("revive:"):
        return None
    u = answer[7:]
    sp = c.d.ships.get(u)
    if sp is None:
        return None
    if sp.side != "usa" or sp.type != "CV":
        return "7.2", f"only a sunk US CV returns to play, and {sp.name} is not a US CV"
    if c.s.loc[u] == "removed":
        return "7.2", f"{sp.name} was removed from the game, not sunk (10.7): it cannot come back"
    return "7.2", f"{sp.name} has not been sunk"


# -- 10.5 carrier combat targets ---------------------------------------------------------------------------
def _carrier_target(c: Ctx, tf_id: str, answer: str):
    if not answer.startswith("target:"):
        return None
    s = c.s
    me = s.tfs[tf_id]
    tid = answer[7:]
    t = s.tfs.get(tid)
    if t is not None and t.side == me.side or t is None and _is_tf_id(tid, me.side):
        return "10.5", f"{tid} is one of your own ({ADJ[me.side]}) task forces: a TF-C targets an enemy task force"
    if t is not None or _is_tf_id(tid, other(me.side)):
        return "10.5", f"{tid} is not in {_zone(c, me.zone)}: a TF-C targets an enemy task force in its own zone"
    return None


# -- 10.7 applying hits ------------------------------------------------------------------------------------
def _hit(c: Ctx, answer: str):
    """Why a hit may not go to this ship. The words depend only on the hits' pool (ships the allocating
    side sees in the fight) and on the ship's owner, never on where an enemy ship not in the pool is."""
    if not answer.startswith("hit:"):
        return None
    s, d = c.s, c.d
    u = answer[4:]
    sp = d.ships.get(u)
    if sp is None:
        return None
    cb = s.combat
    pool = next(p for p in cb.pools if p[1] > 0)
    side = pool[0]
    if sp.side == side:
        return "10.7", f"{sp.name} is one of your own ({ADJ[side]}) ships: a side applies its hits to enemy ships"
    if u in pool[2]:
        return "10.7", ("in surface combat a Transports unit takes a hit only once every other ship of its task "
                        "force has taken one")
    if cb.kind == "torpedo":
        return "7.1", "torpedo hits go only to US ships in Espiritu Santo"
    if cb.kind == "carrier":
        return "10.5", f"{sp.name} is not in the task force these carriers fired at: their hits stay there"
    if cb.kind == "air":
        return "10.6", f"{sp.name} is not in the force this air strike fired at: its hits stay there"
    return "10.7", f"{sp.name} is not among the enemy ships fighting in {_zone(c, cb.zone)}"
