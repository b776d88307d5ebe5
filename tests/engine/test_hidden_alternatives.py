"""No side channels in the engine (DESIGN.md, issue 10): two games that differ only in one side's secret
answers give the other side, and a spectator, byte-identical streams: every view change, every event it may
read, and how many of each. Random games lead to each game's secret choices; the alternatives are other
secret answers from the same state.

- Fury at Midway: the US plot of a fleet's move (6.2(1): stay, or one or more hexes), the secret set-up of
  either side (3.1(2), 3.2), and deck moves in an air operation (hangar -> deck, none, one or two; 8.2).
- Pacific Fury: forming face-down task forces (8.2): the same number of ships, other ships.
- Victory in the Pacific: the first day/night choice of a combat round (7.3), hidden from the side still
  choosing."""
from __future__ import annotations

import random

from hypothesis import assume, given, settings, strategies as st

from kaisen.engine import testing
from kaisen.engine.core import Decision, End
from kaisen.registry import get_game

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
FOE = {"japan": "usa", "usa": "japan", "allies": "japan"}


def situations(game, seed, wanted, every=1, limit=6):
    """States of a random game where `wanted(state, pause)` holds (at most `limit`, every `every`-th)."""
    rng = random.Random(seed)
    s = game.new_state()
    found = n = 0
    while not isinstance(p := game.pause(s), End) and found < limit:
        if isinstance(p, Decision) and wanted(s, p):
            n += 1
            if n % every == 0:
                found += 1
                yield s, p
        s = game.apply(s, testing.random_answer(p, rng))


def foe_of(game, side):
    return next(x for x in game.sides if x != side)


# -- Fury at Midway ----------------------------------------------------------------------------------------
FAM = get_game("fury-at-midway")


def fam_secret(step):
    return lambda s, p: s.step.split(":")[0] == step


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_fam_6_2_the_us_plot_is_invisible_to_japan_and_spectators(seed):
    """Stay, a one-hex and a longer plot of the same fleet look the same to Japan and to a spectator."""
    for s, p in situations(FAM, seed, fam_secret("plot"), limit=3):
        rng = random.Random(seed)
        stay = lambda t, f=s.step: t.step == f
        alts = [testing.hidden_run(FAM, s, "usa", stay, rng) for _ in range(4)]
        # the shortest plot: stop at once where the menu lets the fleet stay (fewest answers possible)
        alts.append(testing.hidden_run(FAM, s, "usa", stay, rng,
                                       pick=lambda ids, r: next((i for i in ids if "stay" in i or "done" in i
                                                                 or "end" in i), r.choice(ids))))
        testing.assert_hidden_alternatives(FAM, s, alts, ["japan", None])


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_fam_3_1_secret_set_up_is_invisible_to_the_other_side(seed):
    for s, p in situations(FAM, seed, lambda s, p: s.step.split(":")[0] in ("place", "csf-setup"), limit=3):
        rng = random.Random(seed)
        step = s.step
        # the whole secret set-up of that side, three ways (its end is public: "has placed its aircraft")
        alts = [testing.hidden_run(FAM, s, p.side, lambda t: t.step.split(":")[0] == step.split(":")[0], rng)
                for _ in range(3)]
        testing.assert_hidden_alternatives(FAM, s, alts, [foe_of(FAM, p.side), None])


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_fam_8_2_deck_moves_are_invisible_to_the_enemy(seed):
    """An air operation ended at once, after one hangar -> deck move, or after two: the enemy and a
    spectator receive the same."""
    def has_deck_move(s, p):
        return s.step == "op" and any(i.startswith("deck:") for i in p.ids()) and "end" in p.ids()

    for s, p in situations(FAM, seed, has_deck_move, limit=3):
        side = p.side
        alts = [["end"]]
        for k in (1, 2):
            t, run = s, []
            for _ in range(k):
                deck = [i for i in FAM.pause(t).ids() if i.startswith("deck:")]
                if not deck:
                    break
                pick = random.Random(seed + k).choice(deck)
                run.append(pick)
                t = FAM.apply(t, pick)
            if "end" in FAM.pause(t).ids():
                alts.append(run + ["end"])
        testing.assert_hidden_alternatives(FAM, s, alts, [foe_of(FAM, side), None])


# -- Pacific Fury ------------------------------------------------------------------------------------------
PF = get_game("pacific-fury")


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_pf_8_2_which_ships_form_a_task_force_is_invisible_to_the_enemy(seed):
    """The same number of ships added to the forming task force, chosen differently."""
    def forming(s, p):
        return s.step.split(":")[0] == "form" and sum(i.startswith("add:") for i in p.ids()) >= 2

    for s, p in situations(PF, seed, forming, limit=3):
        side = p.side
        adds = [i for i in p.ids() if i.startswith("add:")]
        rng = random.Random(seed)
        alts = []
        for _ in range(3):
            first = rng.choice(adds)
            t = PF.apply(s, first)
            more = [i for i in PF.pause(t).ids() if i.startswith("add:")] if isinstance(PF.pause(t), Decision) else []
            alts.append([first] + ([rng.choice(more)] if more else []))
        lengths = {len(a) for a in alts}
        alts = [a for a in alts if len(a) == min(lengths)]
        testing.assert_hidden_alternatives(PF, s, alts, [foe_of(PF, side), None])


# -- Victory in the Pacific --------------------------------------------------------------------------------
VITP = get_game("victory-in-the-pacific")


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_vitp_7_3_the_first_day_night_choice_is_hidden_from_the_side_still_choosing(seed):
    def first_choice(s, p):
        return set(p.ids()) == {"day", "night"} and s.combat is not None and not s.combat.choice

    for s, p in situations(VITP, seed, first_choice, limit=2):
        testing.assert_hidden_alternatives(VITP, s, [["day"], ["night"]], [foe_of(VITP, p.side), None])


def every_move(s, step, run=(), limit=60):
    """Every answer sequence of Japan's move of one fleet from `s` (depth first, at most `limit`)."""
    out = []
    p = FAM.pause(s)
    if not isinstance(p, Decision) or s.step != step:
        return [list(run)]
    for a in p.ids():
        if len(out) >= limit:
            break
        out += every_move(FAM.apply(s, a), step, run + (a,), limit - len(out))
    return out


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_fam_6_2_the_way_a_japanese_fleet_moves_is_invisible_to_the_us(seed):
    """6.2(2): Japan announces where its fleets end their move, not the way there: two moves of an unlocated
    fleet to the same hex by other paths (or in another number of answers) look the same to the US."""
    def moving(s, p):
        if s.step.split(":")[0] != "jmove":
            return False
        fleet = s.step.split(":", 1)[1]
        return FAM.view(s, "usa")["fleets"].get(fleet) != "waiting"

    checked = 0
    for s, p in situations(FAM, seed, moving, limit=4):
        fleet = s.step.split(":", 1)[1]
        ends: dict[str, set] = {}
        for run in every_move(s, s.step):
            t, _ = testing.GameDriver(FAM).play(s, *run)
            ends.setdefault(t.fleet[fleet], set()).add(tuple(run))
        alts = max(ends.values(), key=len)
        if len(alts) >= 2:
            checked += 1
            testing.assert_hidden_alternatives(FAM, s, sorted(alts), ["usa", None])
    assume(checked)
