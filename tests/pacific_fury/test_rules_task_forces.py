"""Rule 8 (Task Force Phase): new ships (8.1), forming (8.2), types (8.3) and fog of war (8.4)."""
from __future__ import annotations

import pytest

from kaisen.engine.core import Chance, Decision
from kaisen.games.pacific_fury import GAME

from .helpers import ids, play, position, refused, turn_start


# -- helpers -----------------------------------------------------------------------------------
def zone_view(s, side: str, tid: str) -> dict:
    """The entry for task force `tid` in `side`'s view of the map."""
    for z in GAME.view(s, side)["zones"]:
        for tf in z["task_forces"]:
            if tf["tf"] == tid:
                return tf
    raise KeyError(tid)


# -- 8.1 new ships ---------------------------------------------------------------------------------
def test_8_1_damaged_ships_reenter_base_on_the_turn_they_are_due():
    """Ships on the Turn Record Track go to their base, face down, in the Task Force Phase of their turn."""
    s, _ = turn_start(2, 1, returns={"kongo": 3, "north-carolina": 2})
    assert s.step == "event-roll" and s.loc["north_carolina".replace("_", "-")] == "track"
    base_before = GAME.view(s, "japan")["sides"]["usa"]["base_count"]
    s, events = play(s, (4,))                                        # Japan's event, then the arrivals
    assert s.loc["north-carolina"] == "base" and s.loc["kongo"] == "track"
    assert any(e.kind == "arrive" and "North Carolina" in e.text for e in events)
    jv = GAME.view(s, "japan")
    assert jv["sides"]["usa"]["base"] is None and jv["sides"]["usa"]["base_count"] == base_before + 2  # + Hornet
    assert "add:kongo" not in ids(s)


# -- 8.2 forming -----------------------------------------------------------------------------------
def test_8_2_the_non_initiative_side_forms_first():
    """The side without the initiative forms all its task forces before the initiative side begins."""
    s, _ = turn_start(2, -1)
    s, _ = play(s, (2,))                                             # US Heavy Bombers
    assert s.step == "form" and GAME.pause(s).side == "usa"
    s, _ = play(s, "add:portland", "done")
    assert GAME.pause(s).side == "japan" and s.tfs["U1"].box == 1


def test_8_2_boxes_are_filled_in_ascending_order_from_box_1():
    """Task forces take boxes 1, 2, 3 ... in turn; an empty box cannot be skipped."""
    s = GAME.new_state()
    assert "next-box" not in ids(s)
    refused(s, "next-box", "8.2")
    s, _ = play(s, "add:kongo", "next-box")
    assert "next-box" not in ids(s)                                  # box 2 is still empty
    s, _ = play(s, "add:hiei", "add:haruna", "next-box", "add:shokaku", "done")
    assert [(t.id, t.box, t.ships) for t in s.in_boxes("japan")] == [
        ("J1", 1, ("kongo",)), ("J2", 2, ("hiei", "haruna")), ("J3", 3, ("shokaku",))]


def test_8_2_at_most_seven_task_forces():
    """There are seven Operation Boxes: no eighth task force can be opened."""
    s = GAME.new_state()
    ships = ["kongo", "hiei", "haruna", "kirishima", "nagato", "mutsu", "atago"]
    for i, u in enumerate(ships):
        s, _ = play(s, f"add:{u}")
        if i < 6:
            s, _ = play(s, "next-box")
    assert s.forming_box == 7 and "next-box" not in ids(s)
    refused(s, "next-box", "8.2")
    s, _ = play(s, "add:takao", "done")
    assert len(s.in_boxes("japan")) == 7 and s.tfs["J7"].ships == ("atago", "takao")


def test_8_2_forming_nothing_is_allowed():
    """No box has to be used: a side may keep every ship in base."""
    s, _ = play(GAME.new_state(), "done", "done")
    assert s.tfs == {} and s.phase == "operations"


@pytest.mark.parametrize("first,barred", [("j-transports-1", "shokaku"), ("shokaku", "j-transports-1"),
                                          ("j-transports-1", "ryujo"), ("zuiho", "j-transports-2")])
def test_8_2_a_task_force_cannot_hold_both_carriers_and_transports(first, barred):
    """No CV (nor, by 8.3, any carrier) may share a task force with Transports."""
    s, _ = play(GAME.new_state(), "add:kongo", f"add:{first}")
    assert f"add:{barred}" not in ids(s)
    refused(s, f"add:{barred}", "8.2")
    s, _ = play(s, "next-box", f"add:{barred}")                      # fine in a task force of its own
    assert barred in s.tfs["J2"].ships


def test_8_2_a_ship_joins_one_task_force_and_unused_ships_stay_in_base():
    """Each ship goes to at most one box; ships not placed stay in base and cannot act."""
    s, _ = play(GAME.new_state(), "add:kongo")
    assert "add:kongo" not in ids(s)
    refused(s, "add:kongo", "8.2")
    s, _ = play(s, "done", "done")
    assert s.loc["kongo"] == "tf:J1" and s.loc["hiei"] == "base"
    s, _ = play(s, "pass")                                           # US operation 1; Japan's turn
    assert ids(s) == ["sortie:J1:eastern-solomons", "sortie:J1:slot", "pass"]


def test_8_2_forming_is_secret_from_the_enemy():
    """The enemy learns how many ships went into each box, never which ships."""
    s, events = play(GAME.new_state(), "add:shokaku", "add:tone", "next-box")
    assert events and all(e.private_to == "japan" for e in events)
    box = GAME.view(s, "usa")["sides"]["japan"]["boxes"][0]
    assert box["count"] == 2 and box["ships"] is None


def test_8_2_task_forces_are_never_merged_or_split_during_the_turn():
    """Two task forces in one zone stay two; operations never move single ships between them."""
    s = position([("U1", ["portland", "chester"], "south-pacific", None), ("U2", ["washington"], "ironbottom", None)])
    assert all(i.split(":")[0] in ("sortie", "move", "strike", "base", "pass") for i in ids(s))
    s, _ = play(s, "move:U1:ironbottom")
    assert s.tfs["U1"].ships == ("portland", "chester") and s.tfs["U2"].ships == ("washington",)
    assert {t.id for t in s.in_zone("ironbottom")} == {"U1", "U2"}


def test_8_2_only_one_task_force_in_ironbottom_sound_acts_per_operation():
    """Several task forces in Ironbottom Sound still operate one at a time."""
    s = position([("U1", ["portland"], "ironbottom", None), ("U2", ["washington"], "ironbottom", None)])
    assert "move:U1:slot" in ids(s) and "move:U2:slot" in ids(s)
    s, _ = play(s, "move:U1:slot")
    assert s.tfs["U1"].zone == "slot" and s.tfs["U2"].zone == "ironbottom"


# -- 8.3 task force types -------------------------------------------------------------------------
@pytest.mark.parametrize("ships,kind", [(["j-transports-1", "kongo"], "TF-A"), (["kongo", "atago"], "TF-B"),
                                        (["ryujo", "kongo"], "TF-C"), (["shokaku"], "TF-C"),
                                        (["j-transports-2"], "TF-A")])
def test_8_3_task_force_type_follows_its_ships(ships, kind):
    """Transports make a TF-A, a carrier a TF-C, anything else a TF-B."""
    s, events = play(GAME.new_state(), *[f"add:{u}" for u in ships], "next-box")
    assert any(e.rule == "8.3" and f"formed as {kind}" in e.text for e in events)


def test_8_3_only_the_non_initiative_side_can_form_a_tf_a():
    """The initiative side never has Transports (6.3), so it can form no TF-A."""
    s, _ = play(GAME.new_state(), "add:j-transports-1", "done")
    assert s.tfs["J1"].ships == ("j-transports-1",)
    assert not [i for i in ids(s) if "transports" in i]             # the US (initiative) forms now


def test_8_3_a_tf_c_that_loses_its_carriers_becomes_a_tf_b_at_once():
    """After losses a task force without carriers is a TF-B: here only Japan may open the second round."""
    s = position([("U1", ["enterprise", "portland"], "south-pacific", None),
                  ("J1", ["shokaku", "tone"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")                       # two TF-C: carrier combat at once
    s, _ = play(s, (1,), (6,))                                       # US: 1 hit on Tone; Japan: 6-2 = 4 hits
    s, _ = play(s, "hit:tone")                                       # the attacker applies its hit first
    s, _ = play(s, "hit:enterprise", "hit:enterprise", "hit:enterprise", "hit:enterprise")
    s, _ = play(s, (1, 6))                                           # Tone damaged, Enterprise sunk
    assert s.loc["enterprise"] == "sunk"
    assert zone_view(s, "japan", "U1")["type"] == "TF-B"
    s, _ = play(s, "stay", "stay")                                   # neither side goes home
    p = GAME.pause(s)
    assert isinstance(p, Decision) and s.step == "cc-declare:japan" and p.side == "japan"


def test_8_3_a_tf_a_that_loses_its_transports_becomes_a_tf_b_at_once():
    """A TF-A whose Transports are sunk is a TF-B straight away."""
    s = position([("U1", ["enterprise"], "south-pacific", None),
                  ("J1", ["j-transports-1", "kongo"], "ironbottom", None)])
    assert zone_view(s, "usa", "J1")["type"] is None                 # concealed so far
    s, _ = play(s, "strike:U1:ironbottom", (1,), "hit:j-transports-1")   # AS 2 vs AA 2: CF 4, one hit
    assert s.loc["j-transports-1"] == "sunk"
    assert zone_view(s, "usa", "J1")["type"] == "TF-B" and s.tfs["J1"].ships == ("kongo",)


# -- 8.4 fog of war --------------------------------------------------------------------------------
def test_8_4_a_task_force_entering_an_empty_zone_stays_face_down():
    """Sailing into a zone with no enemy reveals nothing; the enemy only sees a count."""
    s = position([("U1", ["enterprise", "portland"], None, 1)])
    s, events = play(s, "sortie:U1:south-pacific")
    tf = zone_view(s, "japan", "U1")
    assert (tf["revealed"], tf["count"], tf["ships"], tf["type"]) == (False, 2, None, None)
    assert not [e for e in events if e.visible_to("japan") and "Enterprise" in e.text]


def test_8_4_own_task_forces_are_always_open_to_their_owner():
    """A player may always look at his own task forces."""
    s = position([("U1", ["enterprise", "portland"], "south-pacific", None)])
    assert zone_view(s, "usa", "U1")["ships"] == ["enterprise", "portland"]
    assert zone_view(s, "usa", "U1")["type"] == "TF-C"


def test_8_4_entering_an_enemy_zone_reveals_every_ship_of_both_sides_there():
    """When a task force enters a zone holding enemy task forces, all of both sides' ships there turn face up."""
    s = position([("U1", ["portland"], "ironbottom", None), ("J1", ["kongo"], "slot", None),
                  ("J2", ["hiei"], "slot", None), ("J3", ["atago"], "ironbottom", None)])
    s, events = play(s, "move:U1:slot")
    assert s.tfs["U1"].revealed and s.tfs["J1"].revealed and s.tfs["J2"].revealed
    assert not s.tfs["J3"].revealed                                  # elsewhere: still hidden
    assert zone_view(s, "usa", "J2")["ships"] == ["hiei"]
    assert [e.rule for e in events if e.kind == "reveal"] == ["8.4", "8.4", "8.4"]


def test_8_4_air_strike_reveals_the_striker_and_its_target_only():
    """An air strike turns up the striking task force and the task force it targets, nothing else."""
    s = position([("U1", ["enterprise", "portland"], "south-pacific", None),
                  ("J1", ["kongo", "hiei"], "eastern-solomons", None), ("J2", ["atago"], "eastern-solomons", None)])
    label = next(o.label for o in GAME.pause(s).options if o.id == "strike:U1:J1")
    assert "Kongo" not in label and "2 concealed" in label            # the target is chosen unseen
    s, events = play(s, "strike:U1:J1")
    assert s.tfs["U1"].revealed and s.tfs["J1"].revealed and not s.tfs["J2"].revealed
    assert zone_view(s, "usa", "J1")["ships"] == ["kongo", "hiei"]
    assert zone_view(s, "japan", "U1")["ships"] == ["enterprise", "portland"]


def test_8_4_air_strike_on_henderson_reveals_the_striker():
    """A task force making an air strike is revealed even when it strikes the airfield."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None)], phasing="japan")
    s, events = play(s, "strike:J1:henderson")
    assert s.tfs["J1"].revealed and zone_view(s, "usa", "J1")["ships"] == ["shokaku", "tone"]


def test_8_4_a_bombarding_task_force_is_revealed():
    """A task force that bombards Henderson Field shows its ships."""
    s = position([("J1", ["kongo", "hiei"], "eastern-solomons", None)], phasing="japan")
    s, events = play(s, "move:J1:ironbottom")
    assert isinstance(GAME.pause(s), Chance) and s.combat.kind == "bombard"
    assert s.tfs["J1"].revealed and zone_view(s, "usa", "J1")["ships"] == ["kongo", "hiei"]
    assert any(e.kind == "reveal" and "Kongo" in e.text and e.private_to is None for e in events)


def test_8_4_non_initiative_task_force_entering_ironbottom_is_revealed_while_henderson_is_operational():
    """Under an operational Henderson Field a non-initiative task force entering Ironbottom Sound is seen."""
    s = position([("J1", ["j-transports-1", "kongo"], "eastern-solomons", None)], phasing="japan")
    s, events = play(s, "move:J1:ironbottom")                        # no enemy there, no landing
    assert s.tfs["J1"].zone == "ironbottom" and s.tfs["J1"].revealed
    assert zone_view(s, "usa", "J1")["ships"] == ["j-transports-1", "kongo"]


def test_8_4_with_henderson_disrupted_entering_ironbottom_reveals_nothing():
    """With Henderson Field disrupted the Ironbottom Sound reveal does not apply."""
    s = position([("J1", ["kongo", "hiei"], "eastern-solomons", None)], phasing="japan", hf=False)
    s, events = play(s, "move:J1:ironbottom")
    assert s.tfs["J1"].zone == "ironbottom" and not s.tfs["J1"].revealed
    assert zone_view(s, "usa", "J1")["ships"] is None


def test_8_4_the_initiative_side_entering_ironbottom_is_not_revealed():
    """The Ironbottom Sound reveal is for the non-initiative side only."""
    s = position([("U1", ["portland", "chester"], None, 1)])
    s, _ = play(s, "sortie:U1:ironbottom")
    assert s.tfs["U1"].zone == "ironbottom" and not s.tfs["U1"].revealed
    assert zone_view(s, "japan", "U1")["ships"] is None


def test_8_4_revealed_ships_stay_revealed_when_they_move_on():
    """Once face up, a task force is not concealed again during the turn, wherever it sails."""
    s = position([("U1", ["portland"], "south-pacific", None), ("J1", ["kongo"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")                       # no carriers: no combat, both revealed
    assert s.tfs["U1"].revealed and s.tfs["J1"].zone == "eastern-solomons"
    s, _ = play(s, "move:J1:south-pacific")
    assert s.tfs["J1"].revealed and zone_view(s, "usa", "J1")["ships"] == ["kongo"]


def test_8_4_a_task_force_that_goes_home_is_face_down_again():
    """Returning to base turns the ships face down (10.8, 11.0): the enemy no longer sees them."""
    s = position([("U1", ["portland"], "south-pacific", None), ("J1", ["kongo"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons", "base:J1")
    assert s.loc["kongo"] == "base" and "J1" not in s.tfs
    assert GAME.view(s, "usa")["sides"]["japan"]["base"] is None


def test_8_4_tokyo_express_entering_ironbottom_reveals_the_us_task_forces_there():
    """The Tokyo Express is a task force too: sailing into US-held Ironbottom Sound turns both sides face up."""
    s = position([("J1", ["tokyo-express"], "slot", None), ("U1", ["portland"], "ironbottom", None)],
                 phasing="japan")
    s, _ = play(s, "move:J1:ironbottom")
    assert s.step == "te-detect"
    assert s.tfs["U1"].revealed and zone_view(s, "japan", "U1")["ships"] == ["portland"]
