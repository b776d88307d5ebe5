"""Issue 11 (speed): a move of an air operation applied where nobody asked for the menu (a replay) is checked
against the part of the menu that can hold it (`air_ops.offered`, `flow.apply`), not the whole menu. The same
answers pass, the same are refused with the same refusal, and the game goes on exactly as when every menu is
made: the same events and states at every step, and the menus asked for later are the menus from scratch. A
strike's choice of Return box is checked the same way (`air_ops.return_choices`)."""
from __future__ import annotations

import random

import pytest

from kaisen.engine import testing
from kaisen.engine.core import End
from kaisen.games.fury_at_midway import GAME, air_ops
from kaisen.games.fury_at_midway.common import Ctx

from tests.fury_at_midway.test_kept_menus import fresh_menu, same

D = GAME.data


def played(seed: int, options):
    """A seeded random game, every menu made: its answers, and after each step the events and the state's JSON."""
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    answers, after = [], []
    while not isinstance(p := GAME.pause(s), End):
        a = testing.random_answer(p, rng)
        s = GAME.apply(s, a)
        answers.append(a)
        after.append(([e.to_dict() for e in GAME.events(s)], GAME.to_json(s)))
    return answers, after


@pytest.mark.parametrize("seed,options", [(41, None), (42, {"b17": True}), (43, None), (44, None)])
def test_a_replay_without_menus_is_the_game_with_menus(seed, options):
    answers, after = played(seed, options)
    rng = random.Random(seed * 7)
    s = GAME.new_state(options=options)
    unasked = asked = 0
    for a, (events, state) in zip(answers, after):
        if s.step == "op" and rng.random() < 0.2:       # now and then a menu is asked for mid-replay
            asked += 1
            assert same(GAME.pause(s).options, fresh_menu(s)), (seed, s.step)
        elif s.step == "op":
            unasked += 1
        s = GAME.apply(s, a)
        assert [e.to_dict() for e in GAME.events(s)] == events
        assert GAME.to_json(s) == state
        if s.step == "op" and s.cache is None and rng.random() < 0.1:
            t = s.copy()
            assert same(GAME.pause(t).options, fresh_menu(t)), (seed, "after", a)
    assert isinstance(GAME.pause(s), End)
    assert unasked > 30 and asked > 3


def wrong_answers(s) -> list[str]:
    """Answers of the air-operation vocabulary that the menu at `s` may or may not offer: every unit's four moves
    (both sides' units), launches, flights, returns and the end."""
    out = ["end", "sg-go:F-6", "sg-go:C-3", "sg-return:J1", "sg-return:U1", "sg-move:J1:F-6", "sg-move:U2:C-3",
           "combine:a:b", "deck:", "cap:nobody", "end:x"]
    for q in sorted(s.air):
        out += [f"deck:{q}", f"cap:{q}", f"sg-add:{q}", f"uncap:{q}:akagi", f"uncap:{q}:enterprise",
                f"uncap:{q}:midway"]
    for gid, g in s.groups.items():
        out += [f"sg-return:{gid}", f"sg-move:{gid}:{g.hex}"]
    return out


@pytest.mark.parametrize("seed", [51, 52])
def test_the_same_answers_pass_and_the_same_are_refused_without_the_menu(seed):
    answers, _ = played(seed, None)
    s = GAME.new_state()
    checked = returns = 0
    for i, a in enumerate(answers):
        if s.step == "op" and i % 5 == 0:
            offered = {o.id for o in fresh_menu(s)}
            near = [o + tail for o in sorted(offered) for tail in (":", "x", ":x")]   # ids one slip away
            for w in wrong_answers(s) + sorted(offered) + near:
                t = s.copy()                        # no menu made: the quick check
                assert t.cache is None
                quick = air_ops.offered(Ctx(t, D, frozen=True), w)
                if w.startswith("combine:"):
                    assert not quick                # combining is left to the whole menu
                else:
                    assert quick == (w in offered), w   # the part of the menu says what the whole menu says
                if w in offered:
                    assert GAME.to_json(GAME.apply(t, w)) == GAME.to_json(GAME.apply(s.copy(), w))
                    continue
                testing.assert_refused_alike(GAME, s, w)
                checked += 1
        if s.step.startswith("ret:"):           # a strike's Return box: `return_choices` alone
            offered = {o.id for o in GAME.pause(s.copy()).options}
            groups = ["midway", "nowhere", ""] + list(D.groups) + list(D.fleets)
            for w in sorted(offered) + [f"to:{g}" for g in groups] + [o + ":" for o in offered] + ["stop", "to"]:
                t = s.copy()
                if w in offered:
                    assert GAME.to_json(GAME.apply(t, w)) == GAME.to_json(GAME.apply(s.copy(), w))
                    continue
                testing.assert_refused_alike(GAME, s, w)
                returns += 1
        s = GAME.apply(s, a)
    assert checked > 500 and returns > 10


@pytest.mark.parametrize("seed,options", [(61, None), (62, {"b17": True})])
def test_a_menu_worked_out_from_the_sides_last_menu_is_the_menu_from_scratch(seed, options):
    """With no move to vouch for what changed (a new air operation, after an attack or a landing, or after moves
    applied without menus), the menu is worked out from the side's last menu of the same kind by what differs
    (`air_ops._changed_since`): it is the menu from scratch."""
    rng = random.Random(seed)
    s = GAME.new_state(options=options)
    diffed = 0
    while not isinstance(p := GAME.pause(s), End):
        a = testing.random_answer(p, rng)
        t = GAME.apply(s, a)
        if t.step == "op" and rng.random() < 0.5:
            u = t.copy()
            u.optouch = None                    # nothing vouches: the last menu and what differs
            b = u.opbase
            diffed += b is not None and b.side == u.op_side and b.kind == u.op_kind
            assert same(GAME.pause(u).options, fresh_menu(u)), (seed, a)
        s = t
    assert diffed > 50
