"""Refused answers name the rule that forbids them (issue 10), in words the answering side may read (8.4).

Each test builds a situation, offers the game an answer that names a real ship, zone, box or task force
that is not on the menu, and checks the rule and the reason of the refusal."""
from __future__ import annotations

import random
import re

import pytest

from kaisen.engine.core import Decision
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.views import hidden_units

from .helpers import D, ids, play, position, refused, turn_start


def reason(s, answer, rule):
    return refused(s, answer, rule).reason


# -- 9.0-9.6 operations ------------------------------------------------------------------------------------
def test_9_2_a_tf_c_ordered_into_the_slot_or_ironbottom_sound_is_refused_under_9_2():
    """The issue's example: a TF-C may not enter The Slot or Ironbottom Sound, and the refusal says so."""
    s = position([("U1", ["enterprise", "portland"], "south-pacific", None)])
    for zone in ("slot", "ironbottom"):
        assert "TF-C may not enter Ironbottom Sound or The Slot" in reason(s, f"move:U1:{zone}", "9.2")


def test_9_2_a_move_to_a_zone_that_is_not_adjacent_names_both_zones():
    s = position([("J1", ["kongo"], "slot", None)], phasing="japan")
    assert reason(s, "move:J1:eastern-solomons", "9.2") == "The Slot and Eastern Solomon Sea are not adjacent"
    assert "already in The Slot" in reason(s, "move:J1:slot", "9.2")


def test_9_2_a_task_force_still_in_its_box_neither_moves_nor_returns_to_base():
    s = position([("U1", ["portland"], None, 1)])
    assert "must sortie" in reason(s, "move:U1:ironbottom", "9.2")
    assert "not at sea" in reason(s, "base:U1", "9.2")


def test_9_1_sortie_refusals_say_which_box_and_which_zone():
    s = position([("U1", ["portland"], None, 1), ("U2", ["enterprise"], None, 2)], initiative="japan",
                 phasing="usa", marker=-1)
    assert "U1 (box 1) goes before U2 (box 2)" in reason(s, "sortie:U2:south-pacific", "9.1")
    assert "only the initiative player (Japan)" in reason(s, "sortie:U1:ironbottom", "9.1")
    assert "only Japan may sortie to The Slot" in reason(s, "sortie:U1:slot", "9.1")
    assert "US task forces sortie to South Pacific Ocean" in reason(s, "sortie:U1:eastern-solomons", "9.1")
    s = position([("J1", ["shokaku"], None, 1), ("J2", ["kongo"], "slot", None)], phasing="japan")
    assert "J1 is a TF-C" in reason(s, "sortie:J1:slot", "9.1")
    assert "already at sea in The Slot" in reason(s, "sortie:J2:slot", "9.1")


def test_9_0_a_player_operates_only_his_own_task_forces():
    s = position([("U1", ["portland"], "south-pacific", None), ("J1", ["kongo"], None, 1)], phasing="usa")
    assert "J1 is a Japanese task force" in reason(s, "move:J1:ironbottom", "9.0")
    assert "J5 is a Japanese task force" in reason(s, "base:J5", "9.0")   # the same words: J5 need not exist
    assert "no task force U4" in reason(s, "move:U4:ironbottom", "9.0")


def test_9_5_air_strike_refusals_name_the_rule_of_each_target():
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None), ("J2", ["kongo"], "eastern-solomons", None),
                  ("U2", ["portland"], "ironbottom", None), ("U4", ["washington"], "slot", None),
                  ("U5", ["louisville"], "eastern-solomons", None), ("U6", ["chester"], None, 1)], phasing="japan")
    assert "only a TF-C" in reason(s, "strike:J2:henderson", "9.5")
    assert "not adjacent to Eastern Solomon Sea" in reason(s, "strike:J1:U4", "9.5")
    assert "adjacent zone" in reason(s, "strike:J1:U5", "9.5")
    assert "struck as one" in reason(s, "strike:J1:U2", "10.6")
    assert "still in its Operation Box" in reason(s, "strike:J1:U6", "9.5")
    assert "your own" in reason(s, "strike:J1:J2", "9.5")


def test_6_2_the_initiative_player_may_not_air_strike_its_own_henderson_field():
    s = position([("U1", ["enterprise"], "south-pacific", None)])
    assert "US holds Henderson Field" in reason(s, "strike:U1:henderson", "6.2")


def test_10_6_a_disrupted_henderson_field_is_no_air_strike_target():
    s = position([("J1", ["shokaku"], "eastern-solomons", None)], phasing="japan", hf=False)
    assert "already disrupted" in reason(s, "strike:J1:henderson", "10.6")


def test_10_6_the_second_round_refusal_names_the_air_strike_rule():
    """After disrupting Henderson Field the second round cannot strike it again, nor a force in The Slot."""
    s = position([("J1", ["shokaku", "zuikaku", "tone"], "eastern-solomons", None),
                  ("U1", ["portland"], "slot", None), ("U2", ["chester"], "south-pacific", None)], phasing="japan")
    s, _ = play(s, "strike:J1:henderson", (1, 1), (6,))
    assert s.step == "strike-next" and not s.hf_operational
    assert "already disrupted" in reason(s, "strike:henderson", "10.6")
    assert "not adjacent" in reason(s, "strike:U1", "10.6")


def test_9_6_the_tokyo_express_moves_and_sorties_only_by_its_own_route():
    s = position([("J1", ["tokyo-express"], None, 1), ("J2", ["kongo"], "ironbottom", None)], phasing="japan",
                 te_formed=True)
    assert "only to The Slot" in reason(s, "sortie:J1:eastern-solomons", "9.6")
    s, _ = play(s, "sortie:J1:slot", "pass")
    assert "already in The Slot" in reason(s, "move:J1:slot", "9.2")
    assert "only move is from The Slot into Ironbottom Sound" in reason(s, "move:J1:eastern-solomons", "9.6")


# -- 8.1-8.3 / 9.6 forming task forces ---------------------------------------------------------------------
def test_8_2_forming_refusals_name_the_rule_that_keeps_the_ship_out():
    s = GAME.new_state()                                             # turn 1: Japan forms first
    assert "Yamato stays in the Reserve box" in reason(s, "add:yamato", "3.1")
    assert "Enterprise is a US ship" in reason(s, "add:enterprise", "8.2")
    assert "box 1 is empty" in reason(s, "next-box", "8.2")
    s, _ = play(s, "add:kongo", "add:j-transports-1")
    assert "J1 has Transports: no carrier may join it" in reason(s, "add:shokaku", "8.2")
    assert "already in J1" in reason(s, "add:kongo", "8.2")
    assert "already holds ships" in reason(s, "tokyo-express", "9.6")


def test_8_1_a_ship_on_the_turn_record_track_cannot_join_a_task_force():
    s, _ = play(GAME.new_state(), "done")
    assert reason(s, "add:hornet", "8.1") == "Hornet is on the Turn Record Track and enters base on turn 2"


def test_6_3_the_initiative_player_is_told_it_never_uses_transports():
    s, _ = play(GAME.new_state(), "done")
    assert "never use Transports" in reason(s, "add:us-transports-2", "6.3")


def test_9_6_tokyo_express_refusals():
    s, _ = play(GAME.new_state(), "tokyo-express")
    assert "one Tokyo Express" in reason(s, "tokyo-express", "9.6")
    ap = next(u for u in ("j-transports-1", "j-transports-2") if s.loc[u] == "offboard")
    assert "became the Tokyo Express" in reason(s, f"add:{ap}", "9.6")
    s, _ = play(s, "done")                                           # the US forms next
    assert "only Japan" in reason(s, "tokyo-express", "9.6")


def test_10_7_a_sunk_ship_cannot_form_a_task_force():
    s, _ = turn_start(2, 1, loc={"kongo": "sunk", "hiei": "removed"})
    s, _ = play(s, (4,))                                             # Release Reserve
    assert "Kongo has been sunk" in reason(s, "add:kongo", "10.7")
    assert "removed" in reason(s, "add:hiei", "10.7")


# -- 7.2 / 10.5 / 10.7 choices in combat and events --------------------------------------------------------
def test_7_2_overestimated_refusals_say_why_the_ship_cannot_return():
    s, _ = turn_start(3, -1, loc={"enterprise": "sunk", "saratoga": "sunk", "hornet": "removed"})
    s, _ = play(s, (5,))
    assert set(ids(s)) == {"revive:enterprise", "revive:saratoga"}
    assert "Wasp has not been sunk" in reason(s, "revive:wasp", "7.2")
    assert "removed from the game, not sunk" in reason(s, "revive:hornet", "7.2")
    assert "not a US CV" in reason(s, "revive:shokaku", "7.2")


def test_10_5_a_tf_c_targets_an_enemy_task_force_in_its_own_zone():
    s = position([("U1", ["enterprise", "portland", "chester"], "south-pacific", None),
                  ("U2", ["washington"], "eastern-solomons", None),
                  ("J1", ["kongo", "hiei"], "eastern-solomons", None),
                  ("J2", ["shokaku", "tone", "chikuma"], "eastern-solomons", None),
                  ("J3", ["nagato"], "slot", None)])
    s, _ = play(s, "move:U1:eastern-solomons")
    assert s.step == "target:U1"
    assert "your own" in reason(s, "target:U2", "10.5")
    assert "J3 is not in Eastern Solomon Sea" in reason(s, "target:J3", "10.5")


def test_10_5_carrier_hits_stay_in_the_targeted_task_force():
    s = position([("U1", ["enterprise", "portland", "chester"], "south-pacific", None),
                  ("J1", ["kongo", "hiei"], "eastern-solomons", None),
                  ("J2", ["shokaku", "tone", "chikuma"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons", "target:J1", (2,), (6,))
    assert set(ids(s)) == {"hit:kongo", "hit:hiei"}
    assert "not in the task force these carriers fired at" in reason(s, "hit:tone", "10.5")
    assert "your own" in reason(s, "hit:portland", "10.7")


def test_10_7_transports_last_in_surface_combat_is_the_reason_given():
    s = position([("U1", ["north-carolina"], "south-pacific", None),
                  ("J1", ["j-transports-1", "kongo", "hiei"], "ironbottom", None)])
    s, _ = play(s, "move:U1:ironbottom", (4,), (6, 6))
    assert "every other ship of its task force" in reason(s, "hit:j-transports-1", "10.7")
    assert "not among the enemy ships fighting in Ironbottom Sound" in reason(s, "hit:yamato", "10.7")


def test_7_1_torpedo_hits_go_only_to_ships_in_espiritu_santo():
    s, _ = turn_start(2, 1, returns={"portland": 3})
    s, _ = play(s, (2,))                                            # Torpedo Hits: 2
    assert "only to US ships in Espiritu Santo" in reason(s, "hit:portland", "7.1")


# -- 8.4: a refusal tells nothing the answering side may not know -------------------------------------------
def test_8_4_a_refused_hit_reads_the_same_wherever_the_unseen_enemy_ship_is():
    """Hidden alternatives: Nagato in Truk or in a concealed task force at sea; the US is refused in the same
    words, and the words name no other ship and no zone the US has not seen it in."""
    tfs = [("J1", ["kongo", "hiei"], "ironbottom", None), ("U1", ["portland"], "slot", None)]
    answers = []
    for hidden in ([], [("J2", ["nagato", "shokaku"], "eastern-solomons", None)]):
        s = position(tfs + hidden, initiative="japan", marker=-1)
        s, _ = play(s, "move:J1:slot", (6, 6), (1,))                # Portland scores 1 hit
        assert GAME.pause(s).side == "usa" and s.step == "alloc"
        err = refused(s, "hit:nagato", "10.7")
        answers.append((err.rule, err.reason))
        for name in ("Shokaku", "J2", "Eastern Solomon", "Truk"):
            assert name not in err.reason
    assert answers[0] == answers[1]


CANDIDATES_UNITS = sorted(D.ships)
ZONES = ("slot", "ironbottom", "eastern-solomons", "south-pacific")
TFS = [f"{p}{n}" for p in "JU" for n in range(1, 8)]


def candidates(s) -> list[str]:
    step = s.step.partition(":")[0]
    if step == "form":
        return [f"add:{u}" for u in CANDIDATES_UNITS] + ["tokyo-express", "next-box"]
    if step == "op":
        out = [f"{v}:{t}:{z}" for v in ("sortie", "move") for t in TFS for z in ZONES]
        out += [f"strike:{t}:{x}" for t in TFS for x in TFS + ["henderson", "ironbottom"]]
        return out + [f"base:{t}" for t in TFS]
    if step == "alloc":
        return [f"hit:{u}" for u in CANDIDATES_UNITS]
    if step == "target":
        return [f"target:{t}" for t in TFS]
    if step == "overestimated":
        return [f"revive:{u}" for u in CANDIDATES_UNITS]
    if step == "strike-next":
        return [f"strike:{x}" for x in TFS + ["henderson", "ironbottom"]]
    return []


@pytest.mark.parametrize("seed", [3, 17])
def test_8_4_refusals_depend_only_on_what_the_answering_side_may_know(seed):
    """Along random games, every refused answer naming a ship or task force is explained identically on
    the true state and on a state sampled from the answering side's view (where the unseen enemy ships are
    dealt at random), and no explanation names an enemy ship that side has not seen."""
    from kaisen.engine.testing import random_game
    from kaisen.engine.core import IllegalAction
    rng = random.Random(seed)
    names = {u: re.compile(r"(?<![\w-])" + re.escape(sp.name) + r"(?![\w-])") for u, sp in D.ships.items()}
    checked = 0
    for i, (s, _, _) in enumerate(random_game(GAME, seed)):
        p = GAME.pause(s)
        if not isinstance(p, Decision) or i % 3:
            continue
        side = p.side
        v = GAME.view(s, side)
        hidden = hidden_units(v, side)
        sample = GAME.sample_state(v, rng)
        offered = set(p.ids())
        for answer in candidates(s):
            if answer in offered:
                continue
            with pytest.raises(IllegalAction) as true_err:
                GAME.apply(s, answer)
            with pytest.raises(IllegalAction) as sampled_err:
                GAME.apply(sample, answer)
            got = (true_err.value.rule, true_err.value.reason)
            assert got == (sampled_err.value.rule, sampled_err.value.reason), answer
            for u in hidden:
                assert u in answer.split(":") or not names[u].search(got[1]), (answer, got)
            checked += 1
    assert checked > 1000
