"""Blunders of the Pacific Fury heuristic (issue 15), each in the situation where it was made: the position is
played through the game's flow from a new game, and the heuristic's choose(view, decision) must not make the
old bad choice. Test names: the blunder, then the rule that makes the old choice bad."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.ai import HeuristicAgent, surface_fire

def play(s, *answers):
    """Apply answers in turn; a Chance node takes a tuple of faces."""
    for a in answers:
        s = GAME.apply(s, a)
    return s


def formed(japan: list[list[str]], usa: list[list[str]]):
    """Turn 1 from a new game: both sides form these task forces, box by box (8.2), Japan first."""
    s = GAME.new_state()
    for boxes in (japan, usa):
        for i, ships in enumerate(boxes):
            s = play(s, *(f"add:{u}" for u in ships))
            if i + 1 < len(boxes):
                s = play(s, "next-box")
        s = play(s, "done")
    return s


def choose(s, side: str) -> str:
    """The heuristic's answer at this decision, from the side's view only."""
    decision = GAME.pause(s)
    assert isinstance(decision, Decision) and decision.side == side and decision.kind == "operation"
    return HeuristicAgent(side, 1).choose(GAME.view(s, side), decision)


def bombard_and_disrupt(s, tf: str, ships: int):
    """Japan's TF-B in The Slot moves into the empty Ironbottom Sound; every gun rolls a 1 (10.4: a hit each,
    one hit disrupts Henderson Field at the US 1 box)."""
    s = play(s, f"move:{tf}:ironbottom")
    assert isinstance(GAME.pause(s), Chance)
    s = play(s, (1,) * ships)
    assert not s.hf_operational
    return s


# -- the US passes 46% of its operations ---------------------------------------------------------------
def test_us_passes_9_1_8_2_a_waiting_guard_joins_ironbottom_sound_instead_of_a_pass():
    """The US guards Ironbottom Sound with a small group and holds a second in box 2; nine Japanese cruisers
    sortie to The Slot, next to the Sound. The old heuristic passed (keeping the group in its box, where each
    pass pushes it towards box 7, 9.7); the guard group sorties straight to the Sound (9.1 exception), where
    8.2 makes it one force with the first, which a bombardment must clear in its first round (9.4, 10.3)."""
    cruisers = ["atago", "takao", "chokai", "maya", "myoko", "nachi", "haguro", "ashigara", "suzuya"]
    s = formed([cruisers], [["portland", "chester"], ["chicago", "minneapolis"]])
    s = play(s, "sortie:U1:ironbottom", "sortie:J1:slot")
    answer = choose(s, "usa")
    assert answer != "pass"
    assert answer == "sortie:U2:ironbottom"


def test_us_passes_9_1_the_guard_group_sorties_even_with_nothing_in_sight():
    """Players Notes, Operations Sequencing: the US sorties its small surface groups on the early
    operations. With the Sound already guarded and no enemy on the map, the next group still sorties to
    the Sound rather than pass: a pass only pushes it along the boxes (9.7)."""
    s = formed([["kongo"]], [["portland", "chester"], ["chicago", "minneapolis"]])
    s = play(s, "sortie:U1:ironbottom", "pass")
    assert choose(s, "usa") == "sortie:U2:ironbottom"


# -- task forces pushed out of box 7 without ever sailing ----------------------------------------------
def japan_forms_turn_1():
    """Turn 1 from a new game, Japan's task forces formed by the heuristic (8.2): box -> ships."""
    s = GAME.new_state()
    agent = HeuristicAgent("japan", 1)
    while (d := GAME.pause(s)).side == "japan":
        s = play(s, agent.choose(GAME.view(s, "japan"), d))
    return {tf.box: tf.ships for tf in s.tfs.values() if tf.side == "japan"}


def test_pushed_out_of_box_7_9_1_the_landing_force_is_formed_behind_the_bombardment_group():
    """9.1 sorties only the lowest box, and every other operation pushes the waiting boxes up (9.7). The old
    plan put the TF-A, which must wait for Henderson Field to be disrupted (9.3), in front of the bombardment
    group that was to disrupt it: the group was held in its box and pushed out of box 7 (82 times in 100
    games). The TF-A is now formed last, behind every TF-B."""
    boxes = japan_forms_turn_1()
    units = GAME.data.ships
    landing = [b for b, ships in boxes.items() if any(units[u].type == "AP" for u in ships)]
    bombardment = [b for b, ships in boxes.items()
                   if ships != ("tokyo-express",) and {units[u].type for u in ships} <= {"BB", "CA"}]
    assert landing and bombardment
    assert max(boxes) == landing[0] > max(bombardment)


def test_pushed_out_of_box_7_9_4_every_escort_goes_to_the_bombardment_group():
    """The bombardment group has to clear a guarded Sound in its first round to bombard (9.4, 10.3); the TF-A
    lands only after the way is clear, and when it cannot land it sits the turn out in its box. The old plan
    gave the TF-A the stronger half of the escorts, idle whenever the landing did not come off; the TF-A is
    now the Transports alone and every escort sails with the bombardment group."""
    boxes = japan_forms_turn_1()
    units = {u: {"type": sp.type, "cf": sp.cf} for u, sp in GAME.data.ships.items()}
    landing = next(ships for ships in boxes.values() if any(units[u]["type"] == "AP" for u in ships))
    bombardment = next(ships for b, ships in sorted(boxes.items())
                       if ships != ("tokyo-express",) and {units[u]["type"] for u in ships} <= {"BB", "CA"})
    assert {units[u]["type"] for u in landing} == {"AP"}
    assert surface_fire(units, bombardment) > 0 and "kongo" in bombardment


# -- Transports lost on sorties that could not land (found reading the games) -------------------------
def test_lost_transports_9_3_a_tf_a_that_cannot_land_stays_in_its_box():
    """Henderson Field is operational and Japan has nothing left to disrupt it: the TF-A cannot land this
    turn (9.3). The old heuristic sortied it anyway; a sunk Transports unit shifts the marker to the
    initiative side even with the field disrupted (11.0), so it stays home."""
    s = formed([["kongo", "j-transports-1"]], [])       # the US forms nothing: it can only pass (9.0)
    s = play(s, "pass")                                   # US operation 1
    assert choose(s, "japan") != "sortie:J1:eastern-solomons"
    assert choose(s, "japan") == "pass"


def test_lost_transports_10_6_a_tf_a_does_not_sortie_under_enemy_carriers():
    """Henderson Field is disrupted, two operations are left, and an unseen US task force waits in the
    South Pacific, next to the Eastern Solomons where a Japanese TF-A must sortie (9.1). The old heuristic
    sortied when time ran short unless the task force was known to be a TF-C; a US TF-C there strikes the
    TF-A before it can land (9.5, 10.6), and one hit sinks Transports (10.7)."""
    s = formed([["myoko", "nachi"], ["kongo", "j-transports-1"]], [["enterprise", "saratoga"]])
    s = play(s, "sortie:U1:south-pacific", "sortie:J1:slot", "pass")
    s = bombard_and_disrupt(s, "J1", 2)                  # Japan operation 2; J2 moves to box 3
    for _ in range(3):                                    # US 3, Japan 3, ... Japan 5: J2 waits (box 6)
        s = play(s, "pass", "pass")
    s = play(s, "pass")                                   # US operation 6
    assert s.ops == {"usa": 6, "japan": 5} and s.tfs["J2"].box == 6
    view = GAME.view(s, "japan")
    unseen = [t for z in view["zones"] for t in z["task_forces"] if t["tf"] == "U1"]
    assert unseen and unseen[0]["ships"] is None          # the US task force is still face down
    assert choose(s, "japan") != "sortie:J2:eastern-solomons"


def test_wasted_operation_9_3_the_tf_a_sorties_before_a_tf_b_moves_into_an_empty_sound():
    """Henderson Field is disrupted and the Sound is empty; a Japanese TF-B waits in The Slot and the TF-A is
    next in its box. The old heuristic moved the TF-B into the empty Sound 'to cover the landing', an
    operation that does nothing (no bombardment once the field is disrupted, 10.4) while the TF-A still
    needs two (sortie, then land: 9.1, 9.3). The TF-A sorties."""
    s = formed([["myoko", "nachi"], ["haguro", "ashigara"], ["kongo", "j-transports-1"]], [])
    s = play(s, "pass", "sortie:J1:slot", "pass")
    s = bombard_and_disrupt(s, "J1", 2)
    s = play(s, "pass", "sortie:J2:slot", "pass")
    answer = choose(s, "japan")
    assert answer != "move:J2:ironbottom"
    assert answer == "sortie:J3:eastern-solomons"


def test_lost_transports_9_3_10_3_no_landing_through_a_guard_the_escort_cannot_clear():
    """Henderson Field is disrupted and four US cruisers guard the Sound; the Japanese TF-A next to it has one
    cruiser as escort and two operations left. A landing through a guard needs every guard ship hit in the
    first round (9.3, 10.3); one cruiser cannot, and the guard's hits reach the Transports once the escort is
    hit (10.7). The old heuristic tried anyway when time ran short (57 of the US's 68 and 26 of Japan's 182
    landings through a guard in 200 games had less than that chance); the TF-A now stays out."""
    s = formed([["myoko", "nachi"], ["chikuma", "j-transports-1"]], [["portland", "chester", "chicago", "minneapolis"]])
    s = play(s, "pass", "sortie:J1:slot", "pass")
    s = bombard_and_disrupt(s, "J1", 2)
    s = play(s, "pass", "sortie:J2:eastern-solomons", "sortie:U1:ironbottom", "pass", "pass", "pass", "pass")
    assert s.ops == {"usa": 6, "japan": 5}
    assert s.tfs["U1"].zone == "ironbottom" and s.tfs["J2"].zone == "eastern-solomons"
    assert choose(s, "japan") != "move:J2:ironbottom"
