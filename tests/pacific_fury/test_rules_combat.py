"""Rule 10 (Combat): surface, bombardment, carrier combat, air strikes, hits and the Sunk Table, return to base."""
from __future__ import annotations

import pytest

from kaisen.engine.core import Chance, Decision
from kaisen.games.pacific_fury import GAME

from .helpers import ids, play, position, refused


# -- helpers -----------------------------------------------------------------------------------
def fire_labels(s) -> tuple[str, ...]:
    p = GAME.pause(s)
    assert isinstance(p, Chance) and s.step.startswith("fire:"), s.step
    return p.labels


def op_over(s, side: str) -> bool:
    """The combat is finished and `side` is to choose its next operation."""
    p = GAME.pause(s)
    return s.combat is None and s.step == "op" and isinstance(p, Decision) and p.side == side


# -- 10.0 - 10.2 ----------------------------------------------------------------------------------
def test_10_0_the_zone_decides_the_kind_of_combat():
    """The Slot and Ironbottom Sound see surface combat; the open sea zones only carrier combat."""
    s = position([("U1", ["portland"], "ironbottom", None), ("J1", ["kongo"], "slot", None)])
    s, _ = play(s, "move:U1:slot")
    assert s.combat.kind == "surface" and s.step == "fire:usa"
    s = position([("U1", ["portland"], "south-pacific", None), ("J1", ["kongo"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")                       # no carriers: no combat at all
    assert op_over(s, "japan") and s.tfs["U1"].zone == s.tfs["J1"].zone == "eastern-solomons"


def test_10_1_a_combat_lasts_at_most_two_rounds():
    """After the second round nobody fires again; the operation ends."""
    s = position([("U1", ["portland"], "ironbottom", None), ("J1", ["kongo"], "slot", None)])
    s, _ = play(s, "move:U1:slot", (6,), (6,), "stay", "stay")
    assert s.combat.round == 2 and s.step == "fire:usa"
    s, _ = play(s, (6,), (6,))
    assert s.step == "rtb:japan"                             # the unhit defender may still go home (10.8)
    s, _ = play(s, "stay")
    assert op_over(s, "japan")


def test_10_2_both_sides_fire_before_any_hit_is_applied():
    """Fire is simultaneous: a ship that will be sunk this round still shoots back."""
    s = position([("U1", ["washington"], "ironbottom", None), ("J1", ["furutaka"], "slot", None)])
    s, _ = play(s, "move:U1:slot", (4,))                             # 4 hits: more than enough for Furutaka
    assert s.step == "fire:japan" and s.loc["furutaka"] == "tf:J1"
    s, _ = play(s, (1,))                                             # Furutaka (CF 1) still fires: 1 hit
    assert s.combat.applied == {"furutaka": 4, "washington": 1}


@pytest.mark.parametrize("roll,hits", [(1, 1), (3, 3), (4, 0), (6, 0)])
def test_10_2_a_roll_at_or_under_the_combat_factor_scores_that_many_hits(roll, hits):
    """A die at most the combat factor gives hits equal to the die; above it, a miss."""
    s = position([("J1", ["kongo"], "ironbottom", None), ("U1", ["washington"], "slot", None)], phasing="japan",
                 initiative="japan", marker=-1)
    s, _ = play(s, "move:J1:slot", (roll,))                          # Kongo: CF 3
    assert s.combat.pools[0][1] == hits


# -- 10.3 surface combat ---------------------------------------------------------------------------
def test_10_3_every_ship_in_the_zone_fires_and_can_be_hit():
    """All ships of both sides in the zone take part, whichever task force they belong to."""
    s = position([("J1", ["kongo"], "ironbottom", None), ("U1", ["portland"], "slot", None),
                  ("U2", ["chester", "washington"], "slot", None)], initiative="japan", marker=-1)
    s, _ = play(s, "move:J1:slot", (2,))
    assert len(fire_labels(s)) == 3                                  # Portland, Chester, Washington
    s, _ = play(s, (6, 6, 6))
    assert set(ids(s)) == {"hit:portland", "hit:chester", "hit:washington"}


def test_10_3_a_second_round_is_fought_when_both_sides_stay():
    """With forces of both sides left after round 1, a second round follows."""
    s = position([("U1", ["portland"], "ironbottom", None), ("J1", ["kongo"], "slot", None)])
    s, events = play(s, "move:U1:slot", (6,), (6,), "stay", "stay")
    assert s.combat.round == 2 and any(e.kind == "round" and "round 2" in e.text for e in events)


def test_10_3_ironbottom_cleared_in_round_1_lets_a_tf_b_bombard_once():
    """In Ironbottom Sound, with the defenders gone after round 1, an attacking TF-B bombards one round."""
    s = position([("J1", ["kongo", "hiei"], "slot", None), ("U1", ["pensacola"], "ironbottom", None)],
                 phasing="japan")
    s, _ = play(s, "move:J1:ironbottom", (3, 6), (6,))               # 3 hits sink Pensacola (DF 0) on 2+
    s, _ = play(s, (2,))
    assert s.loc["pensacola"] == "sunk"
    assert s.combat.kind == "bombard" and s.combat.rounds == 1
    s, events = play(s, (1, 6))                                      # 1 hit on a US 1 field: disrupted
    assert not s.hf_operational and "J1" not in s.tfs and op_over(s, "usa")


def test_10_3_ironbottom_cleared_in_round_1_lets_a_tf_a_land_if_henderson_is_disrupted():
    """In Ironbottom Sound, with the defenders gone after round 1, an attacking TF-A lands."""
    s = position([("J1", ["j-transports-1", "kongo"], "eastern-solomons", None),
                  ("U1", ["pensacola"], "ironbottom", None)], phasing="japan", hf=False)
    s, _ = play(s, "move:J1:ironbottom", (3,), (6,), (2,))
    assert s.loc["pensacola"] == "sunk" and s.marker == 0 and s.loc["j-transports-1"] == "offboard"


# -- 10.4 naval bombardment -------------------------------------------------------------------------
def bombard(marker: int, ships=("kongo", "hiei")):
    initiative = "usa" if marker >= 0 else "japan"
    side, tid, start = ("japan", "J1", "eastern-solomons") if initiative == "usa" else ("usa", "U1", "south-pacific")
    s = position([(tid, list(ships), start, None)], initiative=initiative, phasing=side, marker=marker)
    s, _ = play(s, f"move:{tid}:ironbottom")
    return s, tid


def test_10_4_only_the_bombarding_task_force_fires():
    """Henderson Field does not shoot back at a bombardment."""
    s, _ = bombard(1)
    assert s.step == "fire:japan" and len(fire_labels(s)) == 2
    s, _ = play(s, (6, 6))
    assert s.step == "fire:japan" and s.combat.round == 2            # straight to round 2: no US dice


def test_10_4_hits_reaching_the_box_value_disrupt_and_the_tf_b_goes_home_at_once():
    """Hits at least the marker's box value disrupt Henderson Field; the bombarding force leaves at once."""
    s, tid = bombard(2)
    s, events = play(s, (1, 1))                                      # 2 hits on a US 2 field
    assert not s.hf_operational and s.marker == 2
    assert tid not in s.tfs and s.loc["kongo"] == "base" and op_over(s, "usa")
    assert any(e.kind == "henderson" and e.rule == "10.4" for e in events)


def test_10_4_a_failed_first_round_allows_a_second_without_carrying_hits_over():
    """Round 2 starts from zero hits; after it the task force returns whatever happened."""
    s, tid = bombard(3)
    s, _ = play(s, (2, 6))                                           # 2 of 3
    assert s.hf_operational and s.combat.round == 2
    s, events = play(s, (1, 6))                                      # 1 of 3 (2 + 1 would have been enough)
    assert s.hf_operational and tid not in s.tfs and op_over(s, "usa")


def test_10_4_with_the_marker_on_zero_one_hit_disrupts():
    """On the 0 box a single hit is enough."""
    s, _ = bombard(0)
    s, _ = play(s, (1, 6))
    assert not s.hf_operational


def test_10_4_the_us_bombards_a_japanese_held_field_the_same_way():
    """With Japan holding the initiative, a US TF-B bombards against the Japanese box value."""
    s, tid = bombard(-2, ships=("portland", "chester"))
    s, _ = play(s, (1, 6))
    assert s.hf_operational and s.combat.round == 2
    s, _ = play(s, (2, 6))
    assert not s.hf_operational and tid not in s.tfs


def test_10_4_extra_hits_do_nothing_more():
    """Hits beyond what disrupts Henderson Field have no further effect."""
    s, _ = bombard(1)
    s, _ = play(s, (3, 3))
    assert not s.hf_operational and s.marker == 1
    assert [u for u, where in s.loc.items() if where in ("sunk", "removed")] == []


def test_10_4_a_disrupted_field_is_not_bombarded():
    """Interpretation 8: a TF-B entering Ironbottom Sound with Henderson already disrupted just moves in."""
    s = position([("J1", ["kongo"], "eastern-solomons", None)], phasing="japan", hf=False)
    s, _ = play(s, "move:J1:ironbottom")
    assert op_over(s, "usa") and s.tfs["J1"].zone == "ironbottom"


# -- 10.5 carrier combat ---------------------------------------------------------------------------
def test_10_5_with_a_tf_c_on_each_side_carrier_combat_is_compulsory():
    """Both sides have carriers: nobody is asked, the carriers fire."""
    s = position([("U1", ["enterprise", "portland"], "south-pacific", None),
                  ("J1", ["shokaku", "tone"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")
    assert s.step == "fire:usa" and s.combat.kind == "carrier"


@pytest.mark.parametrize("mover", ["japan", "usa"])
def test_10_5_with_only_one_side_having_a_tf_c_that_side_decides(mover):
    """If only one side has carriers there, that side (attacker or defender) chooses whether to fight."""
    if mover == "japan":     # a Japanese TF-B sails into US carriers: the US decides
        tfs = [("J1", ["kongo"], "eastern-solomons", None), ("U1", ["enterprise", "portland"], "south-pacific", None)]
        move, decider = "move:J1:south-pacific", "usa"
    else:                    # US carriers sail into a Japanese TF-B: the US decides
        tfs = [("U1", ["enterprise", "portland"], "south-pacific", None), ("J1", ["kongo"], "eastern-solomons", None)]
        move, decider = "move:U1:eastern-solomons", "usa"
    s = position(tfs, phasing=mover)
    s, _ = play(s, move)
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.side == decider and p.rule == "10.5"
    assert set(ids(s)) == {"carrier-combat", "no-combat"}
    refused(s, "stay", "10.5")


def test_10_5_declined_carrier_combat_leaves_both_sides_revealed_in_the_zone():
    """No carrier combat: nothing happens, and everybody stays there face up."""
    s = position([("J1", ["kongo"], "eastern-solomons", None), ("U1", ["enterprise", "portland"], "south-pacific", None)],
                 phasing="japan")
    s, _ = play(s, "move:J1:south-pacific", "no-combat")
    assert op_over(s, "usa")
    assert s.tfs["J1"].zone == s.tfs["U1"].zone == "south-pacific" and s.tfs["J1"].revealed and s.tfs["U1"].revealed


def test_10_5_without_carriers_on_either_side_nothing_happens():
    """Two carrierless forces meeting in the open sea just see each other."""
    s = position([("J1", ["kongo"], "eastern-solomons", None), ("U1", ["portland"], "south-pacific", None)],
                 phasing="japan")
    s, events = play(s, "move:J1:south-pacific")
    assert op_over(s, "usa") and s.tfs["J1"].revealed and s.tfs["U1"].revealed
    assert any(e.rule == "10.5" for e in events)


def test_10_5_only_carriers_fire():
    """In carrier combat the surface ships do not roll."""
    s = position([("U1", ["enterprise", "saratoga", "portland", "chester"], "south-pacific", None),
                  ("J1", ["shokaku", "kongo", "hiei"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")
    assert [lab.split(" (")[0] for lab in fire_labels(s)] == ["Enterprise", "Saratoga"]
    s, _ = play(s, (6, 6))
    assert [lab.split(" (")[0] for lab in fire_labels(s)] == ["Shokaku"]


def test_10_5_each_tf_c_targets_one_enemy_task_force_and_its_hits_stay_there():
    """A TF-C picks one enemy task force; its hits can only go to that force's ships."""
    s = position([("U1", ["enterprise", "portland", "chester"], "south-pacific", None),
                  ("J1", ["kongo", "hiei"], "eastern-solomons", None),
                  ("J2", ["shokaku", "tone", "chikuma"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.side == "usa" and set(ids(s)) == {"target:J1", "target:J2"}
    refused(s, "target:U1", "10.5")
    s, _ = play(s, "target:J1", (1,), (6,))                          # Enterprise (CF 4): 1 hit; Shokaku (CF 4) misses
    assert set(ids(s)) == {"hit:kongo", "hit:hiei"}


@pytest.mark.parametrize("escorts,cf", [(["kongo"], 6), (["kongo", "hiei"], 6), (["kongo", "hiei", "atago"], 5),
                                        (["kongo", "hiei", "atago", "takao"], 4),
                                        (["kongo", "hiei", "atago", "takao", "maya"], 4)])
def test_10_5_as_against_aa_raises_the_carriers_combat_factor(escorts, cf):
    """AS (aircraft icons) at least twice the target's AA (non-carrier ships): +2; above it: +1; else +0."""
    s = position([("U1", ["enterprise", "saratoga"], "south-pacific", None),     # AS 4
                  ("J1", escorts, "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons", "carrier-combat")
    assert all(f"CF {cf}" in lab for lab in fire_labels(s))


def test_10_5_a_target_without_aa_gives_plus_2():
    """A target with no non-carrier ships has AA 0: the attacking carriers get +2."""
    s = position([("U1", ["enterprise", "saratoga", "portland", "chester", "washington"], "south-pacific", None),
                  ("J1", ["ryujo", "zuiho"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")
    assert all("CF 6" in lab for lab in fire_labels(s))              # AS 4 vs AA 0
    s, _ = play(s, (6, 6))
    assert all("CF 2" in lab for lab in fire_labels(s))              # AS 2 vs AA 3: no bonus


@pytest.mark.parametrize("carriers,rolls,hits", [(["shokaku"], (4, 1), 3),          # CV: -2 each, at least 1
                                                 (["ryujo", "zuiho"], (4, 1), 4),   # only CVL: -1 each, at least 1
                                                 (["shokaku", "ryujo"], (4, 5), 2)])  # a CV present: -2; 5 misses
def test_10_5_cap_cuts_each_carriers_hits_never_below_one(carriers, rolls, hits):
    """CAP: a CV in the target takes 2 off each firing carrier's hits, only CVL 1; a scoring roll keeps 1."""
    s = position([("U1", ["enterprise", "saratoga"], "south-pacific", None),
                  ("J1", carriers + ["kongo", "hiei", "atago", "takao"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons", rolls)                # AS 4 vs AA 4: CF 4
    assert s.combat.pools[0][0] == "usa" and s.combat.pools[0][1] == hits


def test_10_5_second_round_targets_are_chosen_again():
    """In round 2 each TF-C may pick a different enemy task force in the zone."""
    s = position([("U1", ["enterprise", "saratoga", "portland", "chester"], "south-pacific", None),
                  ("J1", ["shokaku"], "eastern-solomons", None),
                  ("J2", ["kongo", "hiei", "haruna", "kirishima"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons", "target:J2", (5, 5), (5,), "stay", "stay")
    assert s.combat.round == 2 and s.step == "target:U1"
    s, _ = play(s, "target:J1")
    assert s.combat.targets == {"U1": "J1", "J1": "U1"}
    assert all("CAP -2" in lab for lab in fire_labels(s))            # now aiming at Shokaku's CAP


def test_10_5_a_defending_tf_c_against_a_tf_b_takes_no_hits_and_stays():
    """Carriers that choose to fight an uncarriered intruder cannot be hit and may stay in the zone."""
    s = position([("J1", ["kongo", "hiei"], "eastern-solomons", None),
                  ("U1", ["enterprise", "portland"], "south-pacific", None)], phasing="japan")
    s, _ = play(s, "move:J1:south-pacific", "carrier-combat", (1,))  # Enterprise (AS 2 vs AA 2: CF 4) scores 1...
    assert s.step == "alloc" and GAME.pause(s).side == "usa"         # ...no Japanese dice at all
    s, _ = play(s, "hit:kongo", (1,), "stay", "stay")                 # Kongo damaged; both stay
    assert s.step == "cc-declare:usa"                                 # round 2 is the US's choice again
    s, _ = play(s, "no-combat")
    assert "J1" not in s.tfs and s.loc["hiei"] == "base"             # the attacker goes home
    assert s.tfs["U1"].zone == "south-pacific" and op_over(s, "usa")


# -- 10.6 air strikes ------------------------------------------------------------------------------
def test_10_6_henderson_fires_with_its_box_value_and_cap_comes_from_its_box_icons():
    """Against the airfield: no AS/AA; CAP = the box's aircraft icons; Henderson fires with the box value."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None)], phasing="japan", marker=3)
    s, _ = play(s, "strike:J1:henderson")
    assert fire_labels(s) == ("Shokaku (CF 4, CAP -2)",)             # box 3 shows 2 aircraft icons
    s, _ = play(s, (4,))                                             # 4 - 2 = 2 hits: fewer than 3
    assert fire_labels(s) == ("Henderson Field (CF 3, CAP -2)",)     # Shokaku's CV screens the strike force
    s, events = play(s, (3,))
    assert s.combat.hf_hits == 2 and set(ids(s)) == {"hit:shokaku", "hit:tone"}
    s, events = play(s, "hit:tone", (1,))
    assert s.hf_operational and any(e.kind == "henderson" and "no effect" in e.text for e in events)


def test_10_6_enough_hits_on_henderson_disrupt_it():
    """Hits reaching the box value disrupt the airfield."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None)], phasing="japan", marker=2)
    s, events = play(s, "strike:J1:henderson", (4,), (6,))          # 4 - 1 = 3 hits on a US 2 field
    assert not s.hf_operational
    assert any(e.kind == "henderson" and e.rule == "10.6" for e in events)
    assert op_over(s, "usa") and "J1" not in s.tfs                 # nothing left to strike: home


def test_10_6_henderson_on_zero_does_not_fire_and_one_hit_disrupts():
    """In the 0 box Henderson has combat factor 0 and no CAP; a single hit disrupts it."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None)], phasing="japan", marker=0)
    s, _ = play(s, "strike:J1:henderson")
    assert fire_labels(s) == ("Shokaku (CF 4)",)
    s, _ = play(s, (1,))
    assert not s.hf_operational


def test_10_6_a_second_round_may_strike_a_target_in_another_zone():
    """After disrupting Henderson Field, round 2 can go for an enemy force in Ironbottom Sound."""
    s = position([("J1", ["shokaku", "zuikaku", "tone"], "eastern-solomons", None),
                  ("U1", ["portland"], "ironbottom", None), ("U2", ["chester"], "south-pacific", None)],
                 phasing="japan")
    s, _ = play(s, "strike:J1:henderson", (1, 1), (6,))             # 2 hits on US 1: disrupted; Henderson misses
    assert not s.hf_operational and s.step == "strike-next"
    assert set(ids(s)) == {"strike:ironbottom", "strike:U2", "end"}
    refused(s, "strike:henderson", "10.6")
    s, events = play(s, "strike:ironbottom")
    assert s.combat.round == 2 and s.combat.target == "ironbottom" and s.tfs["U1"].revealed
    assert any(e.rule == "10.6" and "Second round" in e.text for e in events)


def test_10_6_declining_the_second_round_ends_the_strike_and_the_striker_goes_home():
    """The second round is optional; a striking TF-C returns to base after its strike (interpretation 10)."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None), ("U1", ["chester"], "south-pacific", None)],
                 phasing="japan", marker=3)
    s, _ = play(s, "strike:J1:henderson", (6,), (6,))
    assert "end" in ids(s)
    s, _ = play(s, "end")
    assert op_over(s, "usa") and "J1" not in s.tfs and s.loc["shokaku"] == "base"


def test_10_6_a_targeted_tf_c_fires_back_at_the_striking_tf_c():
    """When the target is a TF-C, its carriers return fire at the striker and only at it."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None),
                  ("U1", ["enterprise", "portland", "chester"], "south-pacific", None),
                  ("U2", ["saratoga"], "south-pacific", None)], phasing="japan")
    s, _ = play(s, "strike:J1:U1", (6,))
    assert fire_labels(s) == ("Enterprise (CF 6, CAP -2)",)          # AS 2 vs AA 1 (Tone): +2
    assert s.combat.pools[1][0] == "usa" and s.combat.pools[1][2] == ["shokaku", "tone"]
    assert not s.tfs["U2"].revealed                                  # the other US TF-C takes no part


def test_10_6_a_targeted_task_force_without_carriers_cannot_fire_back():
    """Only carriers fire in an air strike: a TF-B target just takes it."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None),
                  ("U1", ["portland", "chester"], "south-pacific", None)], phasing="japan")
    s, _ = play(s, "strike:J1:U1", (5,))
    assert not s.step.startswith("fire:")


def test_10_6_no_second_round_once_the_striker_has_lost_its_carriers():
    """A TF-C with no carrier left cannot strike again."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None),
                  ("U1", ["enterprise", "portland", "chester", "pensacola"], "south-pacific", None)], phasing="japan")
    s, _ = play(s, "strike:J1:U1", (5,), (6,))                       # Shokaku (CF 4) misses; Enterprise (CF 6): 4 hits
    s, _ = play(s, *["hit:shokaku"] * 4, (6,))                       # Shokaku sunk
    assert s.loc["shokaku"] == "sunk" and s.step == "rtb:usa"
    s, _ = play(s, "stay")
    assert op_over(s, "usa") and s.loc["tone"] == "base"


def test_10_6_ironbottom_sound_task_forces_defend_as_one_for_aa():
    """Every task force of a side in Ironbottom Sound adds to the AA of the air strike's target."""
    single = position([("U1", ["enterprise", "saratoga"], "south-pacific", None),
                       ("J1", ["kongo", "hiei", "atago"], "ironbottom", None)])
    s, _ = play(single, "strike:U1:ironbottom")
    assert all("CF 5" in lab for lab in fire_labels(s))              # AS 4 vs AA 3: +1
    double = position([("U1", ["enterprise", "saratoga"], "south-pacific", None),
                       ("J1", ["kongo", "hiei", "atago"], "ironbottom", None),
                       ("J2", ["haruna", "furutaka"], "ironbottom", None)])
    s, _ = play(double, "strike:U1:ironbottom")
    assert all("CF 4" in lab for lab in fire_labels(s))              # AS 4 vs AA 5: no bonus
    assert s.tfs["J1"].revealed and s.tfs["J2"].revealed


def test_10_6_a_hit_in_ironbottom_sound_sends_all_that_sides_task_forces_home():
    """One hit on the combined Ironbottom Sound force means every one of its task forces returns."""
    s = position([("U1", ["enterprise", "saratoga"], "south-pacific", None),
                  ("J1", ["kongo", "hiei", "atago"], "ironbottom", None),
                  ("J2", ["haruna", "furutaka"], "ironbottom", None)])
    s, _ = play(s, "strike:U1:ironbottom", (1, 6), "hit:furutaka", (1,))   # Furutaka damaged
    assert s.loc["furutaka"] == "track" and s.step == "rtb:japan"
    s, _ = play(s, "stay", "end")
    assert "J1" not in s.tfs and "J2" not in s.tfs and s.loc["kongo"] == s.loc["haruna"] == "base"


# -- 10.7 applying hits ----------------------------------------------------------------------------
def test_10_7_the_attacker_applies_its_hits_first_then_the_defender():
    """Hits are placed by the attacker first, then by the defender."""
    s = position([("J1", ["kongo", "hiei"], "ironbottom", None), ("U1", ["portland", "chester"], "slot", None)],
                 initiative="japan", marker=-1)
    s, _ = play(s, "move:J1:slot", (1, 6), (1, 6))
    p = GAME.pause(s)
    assert p.side == "japan" and set(ids(s)) == {"hit:portland", "hit:chester"}
    s, _ = play(s, "hit:chester")
    assert GAME.pause(s).side == "usa" and set(ids(s)) == {"hit:kongo", "hit:hiei"}
    refused(s, "hit:chester", "10.7")


@pytest.mark.parametrize("placing,applied", [(["hit:portland", "hit:portland", "hit:portland"], {"portland": 3}),
                                             (["hit:portland", "hit:chester", "hit:washington"],
                                              {"portland": 1, "chester": 1, "washington": 1})])
def test_10_7_hits_may_be_spread_or_concentrated_freely(placing, applied):
    """Each hit goes where its owner chooses: one ship or several."""
    s = position([("J1", ["kongo"], "ironbottom", None), ("U1", ["portland", "chester", "washington"], "slot", None)],
                 initiative="japan", marker=-1)
    s, _ = play(s, "move:J1:slot", (3,), (6, 6, 6), *placing)
    assert s.combat.applied == applied and s.step == "sunk"


def test_10_7_in_surface_combat_transports_are_hit_only_after_every_other_ship():
    """Transports take a hit only once each other ship of their task force has taken one."""
    s = position([("U1", ["north-carolina"], "south-pacific", None),
                  ("J1", ["j-transports-1", "kongo", "hiei"], "ironbottom", None)])
    s, _ = play(s, "move:U1:ironbottom", (4,), (6, 6))
    assert set(ids(s)) == {"hit:kongo", "hit:hiei"}
    refused(s, "hit:j-transports-1", "10.7")
    s, _ = play(s, "hit:kongo")
    assert set(ids(s)) == {"hit:kongo", "hit:hiei"}
    s, _ = play(s, "hit:hiei")
    assert set(ids(s)) == {"hit:kongo", "hit:hiei", "hit:j-transports-1"}
    s, _ = play(s, "hit:j-transports-1")
    assert s.combat.applied == {"kongo": 1, "hiei": 1, "j-transports-1": 1}


def test_10_7_a_task_force_of_transports_alone_can_be_hit_at_once():
    """With no other ship in their task force, Transports are a legal target straight away."""
    s = position([("U1", ["north-carolina"], "south-pacific", None),
                  ("J1", ["j-transports-1", "j-transports-2"], "ironbottom", None)])
    s, _ = play(s, "move:U1:ironbottom", (2,))
    assert set(ids(s)) == {"hit:j-transports-1", "hit:j-transports-2"}


def test_10_7_transports_last_counts_the_combined_ironbottom_force():
    """In Ironbottom Sound the defenders form one task force, so its Transports are still hit last."""
    s = position([("U1", ["north-carolina"], "south-pacific", None),
                  ("J1", ["j-transports-1"], "ironbottom", None), ("J2", ["kongo"], "ironbottom", None)])
    s, _ = play(s, "move:U1:ironbottom", (2,), (6,))       # North Carolina scores 2 hits
    assert s.combat.applied == {"kongo": 1}                   # the first had to go to Kongo
    assert set(ids(s)) == {"hit:kongo", "hit:j-transports-1"}


def test_10_7_in_other_combats_transports_may_be_hit_first():
    """Outside surface combat (here an air strike) hits go to any ship of the target, Transports included."""
    s = position([("U1", ["enterprise", "saratoga"], "south-pacific", None),
                  ("J1", ["j-transports-1", "kongo", "hiei"], "ironbottom", None)])
    s, _ = play(s, "strike:U1:ironbottom", (1, 6))
    assert "hit:j-transports-1" in ids(s)


def test_10_7_every_hit_is_placed_before_any_sunk_roll():
    """The Sunk Table is rolled once all hits of both sides are placed, one die per damaged ship."""
    s = position([("J1", ["kongo", "hiei"], "ironbottom", None), ("U1", ["portland", "chester"], "slot", None)],
                 initiative="japan", marker=-1)
    s, _ = play(s, "move:J1:slot", (1, 6), (1, 6), "hit:portland")
    assert s.step == "alloc"                                         # the US has yet to place its hit
    s, _ = play(s, "hit:hiei")
    p = GAME.pause(s)
    assert isinstance(p, Chance) and p.rule == "10.7" and len(p.dice) == 2
    assert [lab.split(":")[0] for lab in p.labels] == ["Hiei", "Portland"]


def test_10_7_transports_and_the_tokyo_express_sink_to_one_hit_without_a_roll():
    """A single hit sinks Transports or the Tokyo Express outright."""
    s = position([("U1", ["portland"], "ironbottom", None), ("J1", ["tokyo-express"], "slot", None)])
    s, events = play(s, "move:U1:slot", (1,))
    # the marker leaves play in plain view (it can be formed again next turn, 9.6)
    assert s.loc["tokyo-express"] == "offboard" and "tokyo-express" in s.gone_public
    assert not s.transport_sunk
    assert any(e.kind == "sunk" and "one hit sinks" in e.text for e in events)
    s = position([("U1", ["enterprise"], "south-pacific", None),
                  ("J1", ["j-transports-1", "kongo"], "eastern-solomons", None)])
    s, _ = play(s, "strike:U1:J1", (1,), "hit:j-transports-1")
    assert s.loc["j-transports-1"] == "sunk" and s.step == "rtb:japan" and s.transport_sunk


@pytest.mark.parametrize("hits,roll,sunk", [(1, 5, False), (1, 6, True),       # fewer hits than DF 2: 6
                                            (2, 3, False), (2, 4, True),       # equal: 4-6
                                            (3, 1, False), (3, 2, True)])      # more: 2-6
def test_10_7_sunk_table_compares_hits_with_the_defense_factor(hits, roll, sunk):
    """Hits above the DF sink on 2-6, equal on 4-6, below it only on a 6; survivors are damaged."""
    s = position([("U1", ["washington"], "ironbottom", None), ("J1", ["kongo"], "slot", None)])
    s, _ = play(s, "move:U1:slot", (hits,), (6,))
    p = GAME.pause(s)
    assert isinstance(p, Chance) and f"sinks on {(6 if hits < 2 else 4 if hits == 2 else 2)}-6" in p.reason
    s, _ = play(s, (roll,))
    assert s.loc["kongo"] == ("sunk" if sunk else "track")


def damage(side: str, hits: int, turn: int):
    """One ship of `side` takes `hits` in a surface combat on `turn` and survives its Sunk Table roll."""
    if side == "japan":
        s = position([("U1", ["washington"], "ironbottom", None), ("J1", ["nagato"], "slot", None)], turn=turn)
        s, _ = play(s, "move:U1:slot", (hits,), (6,), (1,))
        return s, "nagato"
    s = position([("J1", ["nagato"], "ironbottom", None), ("U1", ["washington"], "slot", None)],
                 initiative="japan", marker=-1, turn=turn)
    s, _ = play(s, "move:J1:slot", (hits,), (6,), (1,))
    return s, "washington"


@pytest.mark.parametrize("side,hits,turn,back", [("japan", 1, 1, 3), ("japan", 3, 2, 4), ("japan", 1, 3, None),
                                                 ("usa", 1, 1, 2), ("usa", 1, 3, 4), ("usa", 2, 1, 3),
                                                 ("usa", 3, 2, 4), ("usa", 2, 3, None), ("usa", 1, 4, None)])
def test_10_7_damaged_ships_return_on_their_sides_schedule_or_are_removed(side, hits, turn, back):
    """Japan's damaged ships come back two turns later; US ones next turn with one hit, two turns with more;
    a ship that could not be back by turn 4 is removed."""
    s, ship = damage(side, hits, turn)
    if back is None:
        assert s.loc[ship] == "removed" and ship not in s.returns
        assert ship in GAME.view(s, "japan" if side == "usa" else "usa")["sides"][side]["removed"]
    else:
        assert s.loc[ship] == "track" and s.returns[ship] == back


def test_10_7_a_damaged_ship_goes_on_the_turn_record_track_at_once():
    """The damaged ship leaves its task force and shows on the track straight after the Sunk Table."""
    s, ship = damage("japan", 1, 2)
    assert "J1" not in s.tfs
    assert GAME.view(s, "usa")["sides"]["japan"]["track"] == {"4": ["nagato"]}


# -- 10.8 return to base ---------------------------------------------------------------------------
def slot_fight(us_tfs=(("U1", ["portland"]),), zone="slot"):
    """Japan's Kongo attacks US task forces in `zone`; nobody hits in round 1."""
    start = "ironbottom" if zone == "slot" else "slot"
    s = position([("J1", ["kongo"], start, None)] + [(t, ships, zone, None) for t, ships in us_tfs],
                 initiative="japan", marker=-1)
    n = sum(len(ships) for _, ships in us_tfs)
    s, _ = play(s, f"move:J1:{zone}", (6,), (6,) * n)
    return s


def test_10_8_after_round_1_the_defender_declares_first():
    """The defender is asked about returning to base before the attacker."""
    s = slot_fight()
    p = GAME.pause(s)
    assert isinstance(p, Decision) and p.side == "usa" and p.rule == "10.8" and set(ids(s)) == {"stay", "return"}
    refused(s, "pass", "10.8")
    s, _ = play(s, "stay")
    assert GAME.pause(s).side == "japan" and s.step == "rtb:japan"


def test_10_8_once_the_attacker_returns_a_staying_defender_may_not_change_its_mind():
    """A defender that stayed is not asked again after the attacker declares its return."""
    s = slot_fight()
    s, events = play(s, "stay", "return")
    assert op_over(s, "usa") and "J1" not in s.tfs and s.tfs["U1"].zone == "slot"


def test_10_8_a_returning_side_takes_every_task_force_in_the_fight_home_face_down():
    """Declaring a return sends all of that side's task forces in the combat back to base, concealed."""
    s = slot_fight((("U1", ["portland"]), ("U2", ["chester", "washington"])))
    s, _ = play(s, "return")
    assert "U1" not in s.tfs and "U2" not in s.tfs
    assert all(s.loc[u] == "base" for u in ("portland", "chester", "washington"))
    assert GAME.view(s, "japan")["sides"]["usa"]["base"] is None


def test_10_8_the_attacker_must_go_home_after_round_1_if_no_target_is_left():
    """With the defender gone after round 1 the attacker returns to base (outside the Ironbottom cases)."""
    s = slot_fight()
    s, _ = play(s, "return")
    assert "J1" not in s.tfs and s.loc["kongo"] == "base" and op_over(s, "usa")


def test_10_8_the_attacker_must_go_home_after_round_2():
    """After the second round the attacker returns to base."""
    s = slot_fight()
    s, _ = play(s, "stay", "stay", (6,), (6,), "stay")
    assert "J1" not in s.tfs and s.tfs["U1"].zone == "slot" and op_over(s, "usa")


def test_10_8_in_the_slot_only_the_defending_task_force_that_was_hit_must_go_home():
    """A defender hit in round 1 fights on in round 2 and then returns; an unhit one in The Slot may stay."""
    s = position([("J1", ["kongo"], "ironbottom", None), ("U1", ["portland", "chester"], "slot", None),
                  ("U2", ["washington"], "slot", None)], initiative="japan", marker=-1)
    s, _ = play(s, "move:J1:slot", (1,), (6, 6, 6), "hit:portland", (1,))   # Portland damaged
    assert s.loc["portland"] == "track" and s.tfs["U1"].zone == "slot"
    s, _ = play(s, "stay", "stay")
    assert s.combat.round == 2 and len(fire_labels(s)) == 1
    s, _ = play(s, (6,), (6, 6), "stay")
    assert "U1" not in s.tfs and s.loc["chester"] == "base"          # hit: forced home
    assert s.tfs["U2"].zone == "slot"                                # not hit: stays


def test_10_8_in_ironbottom_sound_one_hit_sends_every_defending_task_force_home():
    """The Ironbottom Sound defenders are one force: a hit on any means all go home after the combat."""
    s = position([("J1", ["kongo"], "slot", None), ("U1", ["portland", "chester"], "ironbottom", None),
                  ("U2", ["washington"], "ironbottom", None)], initiative="japan", marker=-1)
    s, _ = play(s, "move:J1:ironbottom", (1,), (6, 6, 6), "hit:portland", (1,), "stay", "stay", (6,), (6, 6))
    assert "U1" not in s.tfs and "U2" not in s.tfs and s.loc["washington"] == "base"


def test_10_8_an_unhit_defender_may_also_declare_its_return_after_round_2():
    """Return to base may be declared at the end of each round, the second included."""
    s = slot_fight()
    s, _ = play(s, "stay", "stay", (6,), (6,))
    assert s.step == "rtb:usa"
    s, _ = play(s, "return")
    assert "U1" not in s.tfs and "J1" not in s.tfs and op_over(s, "usa")


# -- 10.8 who took part: a task force that only shares the zone of a carrier combat (interpretation 23) ------
def test_10_8_a_tf_a_waiting_where_its_carriers_attack_is_not_sent_home_and_can_still_land():
    """Japan's TF-A waits in the Eastern Solomons beside a US TF-B (no carriers: no combat). Japan's TF-C then
    sorties there and fights a carrier combat against the TF-B. The TF-A neither fired nor was fired at, so
    the attacker's forced return takes home only the TF-C; the TF-A stays and lands later."""
    s = position([("J1", ["shokaku", "tone"], None, 1), ("J2", ["j-transports-1", "kongo"], "eastern-solomons", None),
                  ("U1", ["portland"], "eastern-solomons", None)], phasing="japan", hf=False)
    s, _ = play(s, "sortie:J1:eastern-solomons")
    assert s.step == "cc-declare:japan"
    s, events = play(s, "carrier-combat", (1,), (1,))               # Shokaku: 1 hit on Portland; damaged
    assert s.loc["portland"] == "track" and op_over(s, "usa")
    assert "J1" not in s.tfs and s.loc["shokaku"] == "base"         # the TF-C that fought: forced home
    assert s.tfs["J2"].zone == "eastern-solomons"                   # the waiting TF-A: still there
    assert not any(e.kind == "return" and "J2" in e.text for e in events)
    s, events = play(s, "pass", "move:J2:ironbottom")
    assert s.marker == 0 and s.loc["j-transports-1"] == "offboard"
    assert any(e.kind == "landing" and e.rule == "9.3" for e in events)


def test_10_8_a_declared_return_takes_home_only_the_task_forces_that_fought():
    """The US has two TF-Bs in the South Pacific; Japan's carriers target one. When the US declares its return
    after round 1, the task force that was fired at goes home, the other (never engaged) stays."""
    s = position([("J1", ["shokaku"], "eastern-solomons", None), ("U1", ["portland", "chester"], "south-pacific", None),
                  ("U2", ["washington"], "south-pacific", None)], phasing="japan")
    s, _ = play(s, "move:J1:south-pacific", "carrier-combat")
    assert set(ids(s)) == {"target:U1", "target:U2"}
    s, _ = play(s, "target:U1", (1,), "hit:portland", (1,))         # 1 hit; Portland damaged
    assert s.step == "rtb:usa"
    s, events = play(s, "return")
    assert "U1" not in s.tfs and s.loc["chester"] == "base"
    assert s.tfs["U2"].zone == "south-pacific"
    assert s.step == "rtb:japan"                                   # Japan may still go home or fight on
    s, _ = play(s, "stay", "no-combat")                             # round 2 declined: Japan goes home
    assert "J1" not in s.tfs and s.tfs["U2"].zone == "south-pacific" and op_over(s, "usa")
