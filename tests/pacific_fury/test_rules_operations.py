"""Rule 9 (Operations Phase): sortie, move, landing, bombardment, air strike, Tokyo Express, counting."""
from __future__ import annotations

import pytest

from kaisen.engine.core import Chance, Decision
from kaisen.games.pacific_fury import GAME

from .helpers import ids, play, position, refused


# -- helpers -----------------------------------------------------------------------------------
def prefixed(s, prefix: str) -> set[str]:
    return {i for i in ids(s) if i.startswith(prefix)}


# -- 9.0 the Operations Phase ----------------------------------------------------------------------
def test_9_0_sides_alternate_one_operation_each_initiative_first():
    """The initiative side operates, then the other, and so on: each operation is one task force's."""
    s = position([("U1", ["portland"], None, 1), ("U2", ["chester"], None, 2), ("J1", ["kongo"], None, 1)])
    s, _ = play(s, "sortie:U1:south-pacific")
    assert GAME.pause(s).side == "japan" and s.ops == {"usa": 1, "japan": 0}
    assert s.tfs["U2"].zone is None                                  # one task force per operation
    s, _ = play(s, "sortie:J1:slot")
    assert GAME.pause(s).side == "usa" and s.ops == {"usa": 1, "japan": 1}
    assert GAME.pause(s).prompt == "Operation 2 of 7"


def test_9_0_a_pass_is_always_allowed_and_counts_as_an_operation():
    """A side may pass even with task forces to use; the pass uses up one of its seven operations."""
    s = position([("U1", ["portland"], "south-pacific", None)])
    assert "pass" in ids(s)
    s, events = play(s, "pass")
    assert s.ops["usa"] == 1 and s.tfs["U1"].zone == "south-pacific"
    assert any(e.kind == "operation" and e.rule == "9.0" for e in events)


def test_9_0_with_nothing_on_the_map_or_waiting_a_side_must_pass():
    """No task force on the map and none in a box: passing is the only choice."""
    s = position([("U1", ["portland"], None, 1)], phasing="japan")
    assert ids(s) == ["pass"]
    refused(s, "sortie:U1:south-pacific", "9.0")


def test_9_0_the_phase_ends_after_seven_operations_each():
    """When both sides have conducted seven operations the Return Phase follows."""
    s = position([("U1", ["portland"], "south-pacific", None)])
    for n in range(13):
        s, _ = play(s, "pass")
        assert s.phase == "operations"
    assert s.ops == {"usa": 7, "japan": 6}
    s, events = play(s, "pass")
    assert s.turn == 2 and s.loc["portland"] == "base"
    assert any(e.rule == "11.0" for e in events)


def test_9_0_an_unknown_operation_is_refused_and_changes_nothing():
    """Anything other than a listed operation is refused under the operations rule."""
    s = position([("U1", ["portland"], "south-pacific", None)])
    refused(s, "fly:U1:slot", "9.0")
    refused(s, "move:U1:atlantic", "9.0")
    refused(s, (3,), "9.0")


# -- 9.1 sortie ------------------------------------------------------------------------------------
def test_9_1_only_the_task_force_in_the_lowest_box_may_sortie():
    """Task forces leave their boxes in order; a higher box cannot go first."""
    s = position([("U1", ["portland"], None, 1), ("U2", ["enterprise"], None, 2)])
    assert prefixed(s, "sortie:") == {"sortie:U1:south-pacific", "sortie:U1:ironbottom"}
    refused(s, "sortie:U2:south-pacific", "9.1")


@pytest.mark.parametrize("initiative", ["usa", "japan"])
def test_9_1_carrier_task_forces_sortie_to_their_home_zone_only(initiative):
    """A Japanese TF-C sorties to the Eastern Solomons, a US TF-C to the South Pacific, nowhere else."""
    s = position([("U1", ["enterprise"], None, 1), ("J1", ["shokaku"], None, 1)], initiative=initiative)
    for side, tid, zone in (("usa", "U1", "south-pacific"), ("japan", "J1", "eastern-solomons")):
        s.phasing, s.cache = side, None
        assert prefixed(s, "sortie:") == {f"sortie:{tid}:{zone}"}
    refused(s, "sortie:J1:slot", "9.1")
    refused(s, "sortie:J1:ironbottom", "9.1")


def test_9_1_the_initiative_tf_b_may_sortie_straight_to_ironbottom_sound():
    """Only the initiative side's TF-B may sortie directly into Ironbottom Sound."""
    s = position([("U1", ["portland"], None, 1)])
    assert prefixed(s, "sortie:") == {"sortie:U1:south-pacific", "sortie:U1:ironbottom"}
    s = position([("U1", ["portland"], None, 1)], initiative="japan", phasing="usa", marker=-1)
    assert prefixed(s, "sortie:") == {"sortie:U1:south-pacific"}
    refused(s, "sortie:U1:ironbottom", "9.1")


def test_9_1_the_ironbottom_sortie_is_allowed_even_if_the_home_zone_is_enemy_held():
    """The initiative TF-B may sortie to Ironbottom Sound although its usual zone holds the enemy."""
    s = position([("U1", ["portland"], None, 1), ("J1", ["shokaku", "tone"], "south-pacific", None)])
    assert "sortie:U1:ironbottom" in ids(s)
    s, _ = play(s, "sortie:U1:ironbottom")
    assert s.tfs["U1"].zone == "ironbottom" and s.combat is None


def test_9_1_no_ironbottom_sortie_for_an_initiative_tf_c():
    """The Ironbottom Sound sortie is for a TF-B only."""
    s = position([("J1", ["shokaku", "tone"], None, 1)], initiative="japan", marker=-1)
    assert prefixed(s, "sortie:") == {"sortie:J1:eastern-solomons"}


@pytest.mark.parametrize("initiative", ["usa", "japan"])
def test_9_1_a_japanese_tf_b_may_sortie_to_the_slot_with_or_without_the_initiative(initiative):
    """Japan alone may sortie a TF-B straight to The Slot, whoever holds the initiative."""
    s = position([("J1", ["kongo"], None, 1)], initiative=initiative, phasing="japan",
                 marker=1 if initiative == "usa" else -1)
    assert "sortie:J1:slot" in ids(s)
    s, _ = play(s, "sortie:J1:slot")
    assert s.tfs["J1"].zone == "slot" and s.tfs["J1"].box is None


def test_9_1_a_japanese_tf_a_sorties_only_to_the_eastern_solomons():
    """A TF-A has neither exception: Japan's goes to the Eastern Solomons."""
    s = position([("J1", ["j-transports-1", "kongo"], None, 1)], phasing="japan")
    assert prefixed(s, "sortie:") == {"sortie:J1:eastern-solomons"}
    refused(s, "sortie:J1:slot", "9.1")


def test_9_1_a_sortie_into_enemy_ships_reveals_them_and_starts_combat():
    """Sortieing into an enemy-held zone turns both sides face up and combat is fought."""
    s = position([("J1", ["kongo"], None, 1), ("U1", ["portland"], "slot", None)], phasing="japan")
    s, events = play(s, "sortie:J1:slot")
    p = GAME.pause(s)
    assert isinstance(p, Chance) and s.combat.kind == "surface" and s.combat.attacker == "japan"
    assert s.tfs["J1"].revealed and s.tfs["U1"].revealed


# -- 9.2 move --------------------------------------------------------------------------------------
def test_9_2_a_task_force_moves_to_an_adjacent_zone_or_back_to_base():
    """Move one task force to a neighbouring zone, or send it home."""
    s = position([("U1", ["portland"], "south-pacific", None)])
    assert prefixed(s, "move:U1") | prefixed(s, "base:U1") == {
        "move:U1:ironbottom", "move:U1:eastern-solomons", "base:U1"}
    refused(s, "move:U1:slot", "9.2")
    s, events = play(s, "base:U1")
    assert s.loc["portland"] == "base" and "U1" not in s.tfs
    assert any(e.kind == "return" and e.rule == "9.2" for e in events)


def test_9_2_a_tf_c_may_not_enter_ironbottom_sound_or_the_slot():
    """Carrier task forces keep to the open sea zones."""
    s = position([("U1", ["enterprise", "portland"], "south-pacific", None),
                  ("J1", ["shokaku"], "eastern-solomons", None)], phasing="usa")
    assert prefixed(s, "move:U1") == {"move:U1:eastern-solomons"}
    refused(s, "move:U1:ironbottom", "9.2")
    s.phasing, s.cache = "japan", None
    assert prefixed(s, "move:J1") == {"move:J1:south-pacific"}


def test_9_2_the_slot_and_the_eastern_solomons_are_not_adjacent():
    """No task force moves between The Slot and the Eastern Solomons, in either direction."""
    s = position([("J1", ["kongo"], "slot", None), ("J2", ["hiei"], "eastern-solomons", None)], phasing="japan")
    assert prefixed(s, "move:J1") == {"move:J1:ironbottom"}
    assert "move:J2:slot" not in ids(s) and "move:J2:ironbottom" in ids(s)
    refused(s, "move:J1:eastern-solomons", "9.2")
    refused(s, "move:J2:slot", "9.2")


def test_9_2_moving_into_enemy_ships_reveals_both_sides_and_fights():
    """Auto search: entering an enemy-held zone reveals everything there and combat follows."""
    s = position([("U1", ["portland"], "ironbottom", None), ("J1", ["kongo"], "slot", None)])
    s, _ = play(s, "move:U1:slot")
    assert s.combat is not None and s.combat.kind == "surface"
    assert s.tfs["U1"].revealed and s.tfs["J1"].revealed
    assert isinstance(GAME.pause(s), Chance)


# -- 9.3 landing -----------------------------------------------------------------------------------
def test_9_3_a_tf_a_lands_at_once_in_an_empty_ironbottom_sound_with_henderson_disrupted():
    """Each Transports unit ashore shifts the marker one box to the lander; the escorts go home."""
    s = position([("J1", ["j-transports-1", "j-transports-2", "kongo"], "eastern-solomons", None)],
                 phasing="japan", hf=False)
    label = next(o.label for o in GAME.pause(s).options if o.id == "move:J1:ironbottom")
    assert label.startswith("Landing")
    s, events = play(s, "move:J1:ironbottom")
    assert s.marker == -1                                            # US 1 -> 0 -> Japan 1
    assert s.loc["j-transports-1"] == s.loc["j-transports-2"] == "offboard"
    assert s.loc["kongo"] == "base" and "J1" not in s.tfs
    assert [e.rule for e in events if e.kind == "initiative"] == ["9.3"]
    assert GAME.pause(s).side == "usa"                               # the operation is over


def test_9_3_no_landing_while_henderson_field_is_operational():
    """With Henderson Field operational a TF-A may enter Ironbottom Sound but cannot land."""
    s = position([("J1", ["j-transports-1", "kongo"], "eastern-solomons", None)], phasing="japan")
    s, events = play(s, "move:J1:ironbottom")
    assert s.marker == 1 and s.tfs["J1"].zone == "ironbottom"
    assert s.loc["j-transports-1"] == "tf:J1"
    assert not any(e.kind == "landing" for e in events)


def test_9_3_a_tf_a_never_bombards():
    """Only a TF-B bombards: a TF-A entering Ironbottom Sound rolls no bombardment dice."""
    s = position([("J1", ["j-transports-1", "kongo"], "eastern-solomons", None)], phasing="japan")
    s, _ = play(s, "move:J1:ironbottom")
    assert isinstance(GAME.pause(s), Decision) and s.combat is None and s.hf_operational


def test_9_3_landing_goes_ahead_when_the_defenders_are_gone_after_round_1():
    """Opposed, the TF-A lands only if no enemy is left in Ironbottom Sound after the first round."""
    s = position([("J1", ["j-transports-1", "kongo", "hiei"], "eastern-solomons", None),
                  ("U1", ["portland"], "ironbottom", None)], phasing="japan", hf=False)
    s, _ = play(s, "move:J1:ironbottom", (6, 6), (6,))               # everybody misses
    assert s.step == "rtb:usa"
    s, events = play(s, "return")                                    # the US leaves Ironbottom Sound
    assert s.marker == 0 and s.loc["j-transports-1"] == "offboard"
    assert s.loc["kongo"] == s.loc["hiei"] == "base"
    assert any(e.kind == "landing" and e.rule == "9.3" for e in events)


def test_9_3_no_landing_when_a_defender_is_still_there_after_round_1():
    """If the enemy stays through round 1, the TF-A fights round 2 and goes home without landing."""
    s = position([("J1", ["j-transports-1", "kongo", "hiei"], "eastern-solomons", None),
                  ("U1", ["portland"], "ironbottom", None)], phasing="japan", hf=False)
    s, _ = play(s, "move:J1:ironbottom", (6, 6), (6,), "stay", "stay", (6, 6), (6,), "stay")
    assert s.marker == 1 and s.loc["j-transports-1"] == "base" and "J1" not in s.tfs
    assert s.tfs["U1"].zone == "ironbottom"


# -- 9.4 naval bombardment -------------------------------------------------------------------------
@pytest.mark.parametrize("initiative", ["usa", "japan"])
def test_9_4_only_the_non_initiative_side_bombards(initiative):
    """A non-initiative TF-B entering an empty Ironbottom Sound bombards; the initiative side's just moves in."""
    marker = 1 if initiative == "usa" else -1
    for side, tid, ship, start in (("japan", "J1", "kongo", "eastern-solomons"),
                                   ("usa", "U1", "portland", "south-pacific")):
        s = position([(tid, [ship], start, None)], initiative=initiative, phasing=side, marker=marker)
        s, _ = play(s, f"move:{tid}:ironbottom")
        if side == initiative:
            assert s.combat is None and s.tfs[tid].zone == "ironbottom"
        else:
            assert s.combat.kind == "bombard" and isinstance(GAME.pause(s), Chance)


def test_9_4_bombardment_after_surface_combat_only_if_ironbottom_is_cleared_in_round_1():
    """Against defenders, the TF-B bombards (one round) only when none are left after round 1."""
    s = position([("J1", ["kongo", "hiei"], "eastern-solomons", None),
                  ("U1", ["portland"], "ironbottom", None)], phasing="japan")
    s, _ = play(s, "move:J1:ironbottom", (6, 6), (6,), "return")
    assert s.combat.kind == "bombard" and s.combat.rounds == 1
    s, events = play(s, (6, 6))                                      # no hits: no effect, and no second round
    assert s.hf_operational and "J1" not in s.tfs and s.loc["kongo"] == "base"
    assert GAME.pause(s).side == "usa"


def test_9_4_no_bombardment_when_the_defenders_stay():
    """A defender still in Ironbottom Sound after round 1 means round 2 is combat, not bombardment."""
    s = position([("J1", ["kongo"], "eastern-solomons", None), ("U1", ["portland"], "ironbottom", None)],
                 phasing="japan")
    s, _ = play(s, "move:J1:ironbottom", (6,), (6,), "stay", "stay")
    assert s.combat.kind == "surface" and s.combat.round == 2


# -- 9.5 air strike --------------------------------------------------------------------------------
def test_9_5_a_tf_c_strikes_henderson_or_an_enemy_task_force_in_an_adjacent_zone():
    """Targets: Henderson Field, or one enemy task force next door (Ironbottom Sound counts as one)."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None),
                  ("U1", ["enterprise"], "south-pacific", None), ("U2", ["portland"], "ironbottom", None),
                  ("U3", ["chester"], "ironbottom", None), ("U4", ["washington"], "slot", None),
                  ("U5", ["louisville"], "eastern-solomons", None)],
                 phasing="japan")
    assert prefixed(s, "strike:") == {"strike:J1:henderson", "strike:J1:U1", "strike:J1:ironbottom"}
    refused(s, "strike:J1:U4", "9.5")           # The Slot is not next to the Eastern Solomons
    refused(s, "strike:J1:U5", "9.5")           # the same zone is not a target
    refused(s, "strike:J1:U2", "10.6")          # Ironbottom Sound is struck as one force


def test_9_5_only_a_tf_c_can_strike():
    """Task forces without carriers have no air strike."""
    s = position([("J1", ["kongo"], "eastern-solomons", None), ("U1", ["portland"], "south-pacific", None)],
                 phasing="japan")
    assert prefixed(s, "strike:") == set()


def test_9_5_an_air_strike_is_an_operation_of_the_striking_task_force():
    """The strike starts at once: the striking carriers roll."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None)], phasing="japan")
    s, events = play(s, "strike:J1:henderson")
    assert s.combat.kind == "air" and s.combat.target == "henderson"
    assert any(e.kind == "operation" and e.rule == "9.5" for e in events)
    assert isinstance(GAME.pause(s), Chance)


# -- 9.6 Tokyo Express -----------------------------------------------------------------------------
def test_9_6_non_initiative_japan_may_form_the_tokyo_express_from_one_transports():
    """The Tokyo Express replaces one Transports unit and sails alone in its box."""
    s = GAME.new_state()
    assert "tokyo-express" in ids(s)
    s, events = play(s, "tokyo-express")
    assert s.tfs["J1"].ships == ("tokyo-express",) and s.forming_box == 2
    assert sorted(s.loc[u] for u in ("j-transports-1", "j-transports-2")) == ["base", "offboard"]
    assert any(e.rule == "9.6" and e.private_to == "japan" for e in events)


def test_9_6_only_one_tokyo_express_a_turn_the_other_transports_may_form_a_tf_a():
    """A second Tokyo Express is refused; the remaining Transports can still make an ordinary TF-A."""
    s, _ = play(GAME.new_state(), "tokyo-express")
    assert "tokyo-express" not in ids(s)
    refused(s, "tokyo-express", "9.6")
    remaining = next(u for u in ("j-transports-1", "j-transports-2") if s.loc[u] == "base")
    s, events = play(s, f"add:{remaining}", "add:kongo", "next-box")
    assert any("formed as TF-A" in e.text for e in events)


def test_9_6_nothing_else_sails_with_the_tokyo_express():
    """Once formed, the Tokyo Express box is closed: no ship can join it."""
    s, _ = play(GAME.new_state(), "add:kongo")
    assert "tokyo-express" not in ids(s)                             # only into an empty box
    s, _ = play(s, "next-box", "tokyo-express")
    assert s.tfs["J2"].ships == ("tokyo-express",) and s.forming_box == 3


def test_9_6_no_tokyo_express_for_japan_with_the_initiative():
    """With the initiative Japan has no Transports and no Tokyo Express."""
    s = GAME.new_state().copy()
    s.initiative, s.marker, s.phasing = "japan", -1, "japan"
    s.loc["j-transports-1"] = "base"                                # even if a Transports were at hand
    s.cache = None
    assert "tokyo-express" not in ids(s)


def test_9_6_the_tokyo_express_must_sortie_to_the_slot():
    """Its only sortie is into The Slot."""
    s = position([("J1", ["tokyo-express"], None, 1)], phasing="japan", te_formed=True)
    assert prefixed(s, "sortie:") == {"sortie:J1:slot"}
    refused(s, "sortie:J1:eastern-solomons", "9.6")


def test_9_6_unopposed_landing_shifts_the_marker_even_with_henderson_operational():
    """From The Slot into a US-free Ironbottom Sound the Tokyo Express lands: one shift toward Japan."""
    s = position([("J1", ["tokyo-express"], "slot", None)], phasing="japan", te_formed=True)
    assert prefixed(s, "move:J1") == {"move:J1:ironbottom"}
    assert next(o.label for o in GAME.pause(s).options if o.id == "move:J1:ironbottom").startswith("Tokyo Express")
    s, events = play(s, "move:J1:ironbottom")
    assert s.marker == 0 and s.hf_operational and "J1" not in s.tfs
    assert s.loc["tokyo-express"] == "offboard" and "tokyo-express" in s.gone_public
    assert any(e.kind == "landing" and e.rule == "9.6" for e in events)


@pytest.mark.parametrize("face,hf,detected", [(1, True, True), (1, False, True), (2, True, True),
                                              (2, False, False), (3, True, False), (6, True, False)])
def test_9_6_opposed_landing_uses_the_detection_table(face, hf, detected):
    """With the US in Ironbottom Sound: 1 detects, 2 detects only under an operational Henderson, 3-6 fail."""
    s = position([("J1", ["tokyo-express"], "slot", None), ("U1", ["portland"], "ironbottom", None)],
                 phasing="japan", hf=hf, te_formed=True)
    s, _ = play(s, "move:J1:ironbottom")
    p = GAME.pause(s)
    assert isinstance(p, Chance) and p.dice == (6,) and p.rule == "9.6"
    refused(s, (7,), "9.6")
    s, events = play(s, (face,))
    assert s.marker == (1 if detected else 0)
    assert "J1" not in s.tfs and s.loc["tokyo-express"] == "offboard"
    assert s.combat is None and s.tfs["U1"].zone == "ironbottom"     # no combat either way
    assert GAME.pause(s).side == "usa"


@pytest.mark.parametrize("option", [False, True])
def test_9_6_optional_rule_gives_the_tokyo_express_combat_factor_1(option):
    """Under the optional rule the Tokyo Express fires with combat factor 1; otherwise it cannot fire."""
    s = position([("J1", ["tokyo-express"], "slot", None), ("U1", ["portland"], "ironbottom", None)],
                 options={"tokyo-express-combat": option}, te_formed=True)
    s, _ = play(s, "move:U1:slot", (6,))                             # the US attacks and misses
    p = GAME.pause(s)
    if option:
        assert isinstance(p, Chance) and s.step == "fire:japan" and "CF 1" in p.labels[0]
        s, _ = play(s, (1,))
        assert s.combat.applied == {"portland": 1}
    else:
        assert s.step != "fire:japan"


# -- 9.7 counting operations -----------------------------------------------------------------------
def test_9_7_a_sortie_leaves_the_boxes_alone():
    """Sortieing moves no other task force along the boxes."""
    s = position([("U1", ["portland"], None, 1), ("U2", ["chester"], None, 2)])
    s, _ = play(s, "sortie:U1:south-pacific")
    assert s.tfs["U2"].box == 2


@pytest.mark.parametrize("operation", ["pass", "move:U1:ironbottom", "base:U1", "strike:U1:henderson"])
def test_9_7_every_other_operation_moves_the_waiting_task_forces_up_a_box(operation):
    """A move, a return to base, an air strike or a pass pushes each waiting task force one box up."""
    ships = ["enterprise"] if operation.startswith("strike") else ["portland"]
    s = position([("U1", ships, "south-pacific", None), ("U2", ["chester"], None, 2), ("U3", ["washington"], None, 5),
                  ("J1", ["kongo"], None, 3)], initiative="japan", phasing="usa", marker=-1)
    s, _ = play(s, operation)
    assert (s.tfs["U2"].box, s.tfs["U3"].box) == (3, 6)
    assert s.tfs["J1"].box == 3                                      # only the phasing side's boxes move


def test_9_7_a_task_force_pushed_past_box_7_goes_home_and_cannot_sortie():
    """Pushed out of the seventh box, a task force returns to base for the turn."""
    s = position([("U1", ["portland"], "south-pacific", None), ("U7", ["chester", "washington"], None, 7)])
    s, events = play(s, "pass")
    assert "U7" not in s.tfs and s.loc["chester"] == s.loc["washington"] == "base"
    assert any(e.kind == "return" and e.rule == "9.7" for e in events)
    s, _ = play(s, "pass")                                           # Japan
    assert not prefixed(s, "sortie:")
