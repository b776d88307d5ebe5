"""What each side remembers of the enemy counters it cannot see now (issue 15): the hidden places each may be in.

`PFState.memory[side]` maps an enemy unit to the places ("base" or a task force id) it may be in, built only from
what `side` saw: a task force turned face up (8.4) and a task force going home (9.2, 9.3, 9.7, 10.4, 10.8).
A unit without an entry may be in any place where face-down enemy counters are. The mappings are never changed in
place (a state copy shares them); every update builds new ones. See RULES.md, "What a side remembers".

Why so little: task forces are formed only in the Task Force Phase (8.2), from counters that are all in base or
face up, and nothing is turned face up while forming; every task force goes home in the Return Phase (11.0),
where the memory is cleared (return_phase.py). So the one thing memory adds to the view is a ship seen in a
face-up task force that went back to base while face-down task forces formed earlier are still out: she can
only be in the base."""
from __future__ import annotations

from kaisen.games.pacific_fury.state import TaskForce, other

BASE = "base"
HOME = frozenset((BASE,))
TE = "tokyo-express"


def revealed(s, tf: TaskForce) -> None:
    """8.4: the other side sees this task force's ships (no longer hidden) and that no one else is in it."""
    obs = other(tf[1])
    m = s.memory[obs]
    if not m:
        return
    tid, ships = tf[0], tf[2]
    new = {u: (p - {tid} if tid in p else p) for u, p in m.items() if u not in ships}
    s.memory = {**s.memory, obs: new}


def went_home(s, tf: TaskForce) -> None:
    """A task force goes home face down: seen face up, its ships are in base; face down, whoever may have been
    in it may now be in base instead."""
    memory = s.memory
    obs = other(tf[1])
    m = memory[obs]
    if tf[5]:
        new = m.copy()
        new.update(dict.fromkeys(tf[2], HOME))
        new.pop(TE, None)          # the marker leaves the board (9.6)
    elif m:
        tid = tf[0]
        new = {u: ((p - {tid}) | HOME if tid in p else p) for u, p in m.items()}
    else:
        return
    s.memory = {**memory, obs: new}
