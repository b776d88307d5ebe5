"""No side channels in the engine (DESIGN.md, issue 10): two games that differ only in one side's secret
answers give the other side, and a spectator, byte-identical streams: every view change, every event it may
read, and how many of each. Random games lead to each game's secret choices; the alternatives are other
secret answers from the same state.

- Fury at Midway: the US plot of a fleet's move (6.2(1): stay, or one or more hexes), the secret set-up of
  either side (3.1(2), 3.2), deck moves in an air operation (hangar -> deck, none, one or two; 8.2), and
  display moves that change whether a later landing (8.3(1)) or CAP return (9.2(4)) leaves the owner a choice.
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
    """Stay, a one-hex and a longer plot of the same fleet look the same to Japan and to a spectator. Where the
    plot's last answer leads straight to its reveal (6.2(2): no Japanese move comes between), the reveal is
    public by rule, so only the answers before it are compared."""
    for s, p in situations(FAM, seed, fam_secret("plot"), limit=3):
        rng = random.Random(seed)
        stay = lambda t, f=s.step: t.step == f
        alts = [testing.hidden_run(FAM, s, "usa", stay, rng) for _ in range(4)]
        # the shortest plot: stop at once where the menu lets the fleet stay (fewest answers possible)
        alts.append(testing.hidden_run(FAM, s, "usa", stay, rng,
                                       pick=lambda ids, r: next((i for i in ids if "stay" in i or "done" in i
                                                                 or "end" in i), r.choice(ids))))
        revealed = any(not testing.GameDriver(FAM).play(s, *alt)[0].step.startswith(("plot", "jmove", "dmcv"))
                       for alt in alts)
        testing.assert_hidden_alternatives(FAM, s, [a[:-1] for a in alts] if revealed else alts, ["japan", None])


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


def fam_air_position():
    """Turn 2, both sides set up by default, the CSF at H-2 (too far from Midway for carrier aircraft to land
    there), the 1AF at C-3, no cards in hand (no card window pauses), paused at the air operations' initiative."""
    s = FAM.new_state()
    for a in [(1,)] * 5 + ["rest-default", "rest-default", "start:H-2"]:
        s = FAM.apply(s, a)
    s = s.copy()
    s.hands = {"japan": (), "usa": ()}
    s.turn = 2
    for f, h in (("csf", "H-2"), ("1af", "C-3")):
        s.fleet[f] = s.shown[f] = h
    s.step, s.cache = "init", None
    return s


def test_fam_8_3_1_whether_a_returning_unit_had_a_choice_of_carrier_is_invisible_to_the_enemy():
    """8.3(1): a US strike turns home to Return 2 of TF16 (the same public moves either way); in one game the US
    also sends Hornet's deck fighter up to CAP, which leaves room on Hornet. When the strike lands, two US
    operations later, the US chooses between Enterprise and Hornet in that game and has no choice in the
    other. Japan and a spectator must not learn which: today's code showed the landing pause as `land:`."""
    from kaisen.games.fury_at_midway.state import StrikeGroup
    s = fam_air_position()
    s.aop = {"japan": 1, "usa": 3}
    s.air["yorktown-sbd-2"] = ("hangar:hornet", 2)         # Hornet full (5), Enterprise with room for one
    s.air["yorktown-tbd"] = ("sg:U1", 2)                   # a strike far from any target: it can only go home
    s.groups["U1"] = StrikeGroup("U1", "usa", "I-1", ("yorktown-tbd",), "csf", "H-2", 2, False, False)
    # the US op ends; Japan wins the initiative and operates; the US operates twice (Return 2 -> 1, then lands)
    tail = ["end", (6, 1), "end", "end"]
    with_cap = [(1, 6), "cap:hornet-f4f-2", "sg-return:U1", "to:tf16"] + tail + ["land:hornet", "end"]
    without = [(1, 6), "sg-return:U1", "to:tf16"] + tail + ["end"]
    t = s
    for a in with_cap[:-2]:
        t = FAM.apply(t, a)
    assert t.step == "land:yorktown-tbd" and set(FAM.pause(t).ids()) == {"land:enterprise", "land:hornet"}
    t = s
    for a in without:
        t = FAM.apply(t, a)
    assert t.air["yorktown-tbd"][0] == "hangar:enterprise"      # no choice: it took Enterprise's last room
    testing.assert_hidden_alternatives(FAM, s, [with_cap, without], ["japan", None])


def test_fam_9_2_4_whether_a_returning_cap_fighter_had_a_choice_is_invisible_to_the_enemy():
    """9.2(4): the US lands a Return 1 unit on Enterprise or on Hornet (its secret); then a Japanese strike
    attacks Task Force 16 and Enterprise's CAP fighter intercepts (all of it in the open, the decks seen alike).
    Where the unit took Hornet's last room the fighter has one place left (Enterprise's hangar), else two
    (Hornet's deck or hangar). The US is asked either way, so Japan and a spectator cannot tell (today's code
    asked only when there was a choice)."""
    from kaisen.games.fury_at_midway.state import StrikeGroup
    s = fam_air_position()
    s.aop = {"japan": 1, "usa": 1}
    s.air["hornet-sbd-1"] = ("hangar:hornet", 2)           # Enterprise and Hornet: room for one each; Hornet
    s.air["yorktown-tbd"] = ("ret1:tf16", 2)               # has a free deck box, Enterprise none
    s.air["akagi-d3a"] = ("sg:J1", 2)                      # a Japanese strike one hex from the CSF
    s.groups["J1"] = StrikeGroup("J1", "japan", "G-2", ("akagi-d3a",), "1af", "C-3", 1, False, False)

    def game(where):
        return [(1, 6), f"land:{where}", "end",            # the US operation: its landing, then nothing more
                "sg-move:J1:H-2", "aim:tf16", (1,), "intercept:enterprise-f4f-1", "no-more", (6, 6), (6, 6),
                "carrier:enterprise", (6, 6), "end"]        # Japan's strike, intercepted, misses; Japan ends

    t = s
    for a in game("hornet"):
        t = FAM.apply(t, a)
    p = FAM.pause(t)
    assert t.step == "caprt:usa" and p.ids() == ["cap-hangar:enterprise"] and "only place" in p.options[0].label
    one = game("hornet") + ["cap-hangar:enterprise"]
    two = game("enterprise") + ["cap-deck:hornet"]
    testing.assert_hidden_alternatives(FAM, s, [one, two], ["japan", None])


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
