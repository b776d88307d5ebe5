"""Every worked example of the Pacific Fury rulebook, reproduced with scripted dice (8.2, 9.7, 10.2, 10.5, 10.7)."""
from __future__ import annotations

import pytest

from kaisen.engine.core import Chance
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.common import hits_for, sink_threshold

from .helpers import play, position


# -- 8.2 forming example ---------------------------------------------------------------------
JAPAN_82 = [["zuikaku", "shokaku", "tone", "chikuma", "suzuya", "kumano", "atago"],
            ["j-transports-1"],
            ["ryujo", "zuiho", "takao", "chokai", "maya", "ashigara"],
            ["nagato", "mutsu", "kongo", "haruna", "hiei", "kirishima", "myoko", "nachi", "haguro",
             "furutaka", "kinugasa", "aoba"]]
USA_82 = [["north-carolina", "washington", "new-orleans", "san-francisco", "louisville", "indianapolis", "pensacola"],
          ["enterprise", "saratoga", "wasp", "south-dakota", "minneapolis", "salt-lake-city", "northampton", "chicago"],
          ["chester", "portland", "australia"]]


def form(s, boxes):
    answers = []
    for i, ships in enumerate(boxes):
        answers += [f"add:{u}" for u in ships]
        answers.append("next-box" if i < len(boxes) - 1 else "done")
    return play(s, *answers)


def test_8_2_forming_example_is_legal_input_and_gives_the_listed_task_forces():
    s = GAME.new_state()
    assert GAME.pause(s).side == "japan"          # the non-initiative player forms first
    s, _ = form(s, JAPAN_82)
    assert GAME.pause(s).side == "usa"
    s, _ = form(s, USA_82)
    for prefix, boxes in (("J", JAPAN_82), ("U", USA_82)):
        for i, ships in enumerate(boxes, start=1):
            tf = s.tfs[f"{prefix}{i}"]
            assert list(tf.ships) == ships and tf.box == i and tf.zone is None
    from kaisen.games.pacific_fury.common import Ctx
    c = Ctx(s, GAME.data)
    assert [c.tf_type(s.tfs[t]) for t in ("J1", "J2", "J3", "J4")] == ["TF-C", "TF-A", "TF-C", "TF-B"]
    assert [c.tf_type(s.tfs[t]) for t in ("U1", "U2", "U3")] == ["TF-B", "TF-C", "TF-B"]
    assert s.phase == "operations" and GAME.pause(s).side == "usa"   # the US has the initiative


def test_9_7_counting_example_sortie_keeps_boxes_other_operations_shift_them():
    s = GAME.new_state()
    s, _ = form(s, JAPAN_82)
    s, _ = form(s, USA_82)
    s, _ = play(s, "sortie:U1:south-pacific")
    assert (s.tfs["U2"].box, s.tfs["U3"].box) == (2, 3)      # a sortie moves no box
    s, _ = play(s, "pass")                                      # Japan's operation
    s, _ = play(s, "move:U1:ironbottom")
    assert s.tfs["U1"].zone == "ironbottom"
    assert (s.tfs["U2"].box, s.tfs["U3"].box) == (3, 4)      # any other operation shifts every box up


# -- 10.2 hits by roll -------------------------------------------------------------------------
@pytest.mark.parametrize("roll,hits", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 0), (6, 0)])
def test_10_2_example_strength_4_hits_equal_the_roll_up_to_4(roll, hits):
    assert hits_for(roll, 4) == hits
    # the same through a real surface combat: North Carolina (CF 4) attacks Kongo in The Slot
    s = position([("U1", ["north-carolina"], "ironbottom", None), ("J1", ["kongo"], "slot", None)])
    s, _ = play(s, "move:U1:slot")
    p = GAME.pause(s)
    assert isinstance(p, Chance) and p.dice == (6,)
    s, _ = play(s, (roll,))
    assert s.combat.pools[0][1] == hits


# -- 10.5 the CAP example ------------------------------------------------------------------------
ESCORTS = ["tone", "chikuma", "suzuya", "kumano", "atago", "takao"]


@pytest.mark.parametrize("japanese_carriers,expected", [(["shokaku", "zuiho"], 3), (["zuiho"], 4)])
def test_10_5_example_three_cvs_against_cv_or_only_cvl(japanese_carriers, expected):
    s = position([("U1", ["enterprise", "saratoga", "wasp"], "south-pacific", None),
                  ("J1", japanese_carriers + ESCORTS, "eastern-solomons", None)])
    s, events = play(s, "move:U1:eastern-solomons")     # both sides have a TF-C: carrier combat is resolved
    p = GAME.pause(s)
    assert isinstance(p, Chance) and len(p.dice) == 3
    assert all("CF 4" in label for label in p.labels)   # AS 6 is not greater than AA 6: no modifier
    s, _ = play(s, (4, 5, 2))
    assert s.combat.pools[0][0] == "usa" and s.combat.pools[0][1] == expected


def test_10_5_example_per_die_hits():
    # with a CV in the target: 4 -> 2, miss, 2 -> 1 (at least one); with only the CVL: 3, 0, 1
    assert [hits_for(r, 4, 2) for r in (4, 5, 2)] == [2, 0, 1]
    assert [hits_for(r, 4, 1) for r in (4, 5, 2)] == [3, 0, 1]


# -- 10.7 the Sunk Table example -------------------------------------------------------------
def test_10_7_example_thresholds():
    assert sink_threshold(3, 2) == 2     # Hornet, 3 hits: sinks on 2-6
    assert sink_threshold(1, 2) == 6     # Hornet, 1 hit: sinks only on a 6
    assert sink_threshold(1, 0) == 2     # Ryujo (DF 0), 1 hit: sinks on 2-6
    assert GAME.data.ships["hornet"].df == 2 and GAME.data.ships["ryujo"].df == 0


def hornet_takes(japan_roll: int):
    """Shokaku (CF 4, +2 against AA 0, CAP -2 for Hornet's CV) attacks a lone Hornet."""
    s = position([("J1", ["shokaku", "tone", "chikuma"], "eastern-solomons", None),
                  ("U1", ["hornet"], "south-pacific", None)], initiative="usa", phasing="japan")
    s, _ = play(s, "move:J1:south-pacific")
    s, _ = play(s, (japan_roll,))   # Japan fires
    s, _ = play(s, (6,))            # Hornet (CF 4, AS 2 vs AA 2: no bonus) misses
    return s


@pytest.mark.parametrize("roll,sunk", [(1, False), (2, True), (6, True)])
def test_10_7_example_hornet_three_hits_sinks_on_2_to_6(roll, sunk):
    s = hornet_takes(5)                 # 5 - 2 CAP = 3 hits, all on Hornet
    assert s.combat.applied == {"hornet": 3}
    p = GAME.pause(s)
    assert isinstance(p, Chance) and "sinks on 2-6" in p.reason
    s, _ = play(s, (roll,))
    assert s.loc["hornet"] == ("sunk" if sunk else "track")
    if not sunk:
        assert s.returns["hornet"] == 3     # US ship with 2+ hits returns in two turns


@pytest.mark.parametrize("roll,sunk", [(5, False), (6, True)])
def test_10_7_example_hornet_one_hit_sinks_only_on_6(roll, sunk):
    s = hornet_takes(3)                 # 3 - 2 CAP = 1 hit
    assert s.combat.applied == {"hornet": 1}
    s, _ = play(s, (roll,))
    assert s.loc["hornet"] == ("sunk" if sunk else "track")
    if not sunk:
        assert s.returns["hornet"] == 2     # US ship with one hit returns next turn


@pytest.mark.parametrize("roll,sunk", [(1, False), (2, True)])
def test_10_7_example_ryujo_one_hit_sinks_on_2_to_6(roll, sunk):
    s = position([("U1", ["enterprise"], "south-pacific", None),
                  ("J1", ["ryujo"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")
    s, _ = play(s, (2,))            # Enterprise: CF 4+2 vs AA 0; 2 - 1 (Ryujo is a CVL) = 1 hit
    s, _ = play(s, (6,))            # Ryujo fires back and misses
    assert s.combat.applied == {"ryujo": 1}
    s, _ = play(s, (roll,))
    assert s.loc["ryujo"] == ("sunk" if sunk else "track")
