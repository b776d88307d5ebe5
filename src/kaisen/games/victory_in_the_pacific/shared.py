"""Dicts of a state that its copies share until one of them writes (copy on write): most steps change none of
`VPState`'s control, damage or repair books, nor most of a `Combat`'s dicts, and copying them all on every step
was a tenth of a step. Plain data still: each is a dict (equality, JSON and views see no difference).

A dict field holds one of three things:

* `Shared`: held by two states or more (a copy took it); it refuses every write, so a writer that forgot to take
  its own copy fails loudly instead of changing another state;
* `Own`: this state's alone (a writer made it from a Shared one); written in place at a plain dict's speed;
* a plain dict (a new game, `from_json`, a test): this state's alone too; a copy of the state gets its own
  Shared copy of it.

A state's copy takes each dict with `share` (an `Own` one is turned Shared in place: the two states now share it);
a writer takes `VPState.edit(name)` / `Combat.edit(name)`, which first replaces a Shared dict by an `Own` copy."""
from __future__ import annotations


class Own(dict):
    """A dict field that one state alone holds (see the module docstring)."""

    __slots__ = ()

    def __reduce__(self):
        return (dict, (dict(self),))


class Shared(dict):
    """A dict field that two states or more hold: it refuses every write (see the module docstring)."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise RuntimeError("this dict is shared by two states (copy on write): write it through "
                           "state.edit(name) (or combat.edit(name)), which takes the state's own copy first")

    __setitem__ = __delitem__ = pop = popitem = clear = update = setdefault = __ior__ = _refuse

    def __reduce__(self):
        return (dict, (dict(self),))


def share(d: dict) -> Shared:
    """`d` for a copy of its state to hold too: a Shared dict as it is, an Own one turned Shared in place (both
    states now hold it), a plain one copied (the copy alone holds the Shared dict)."""
    t = type(d)
    if t is Shared:
        return d
    if t is Own:
        d.__class__ = Shared
        return d
    return Shared(d)
