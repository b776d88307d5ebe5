"""Victory: the battle ends after the scenario's last turn or when a side has no ship left in it; Victory Points
for ships sunk (wrecked counts as sunk), half for those heavily damaged, a killed commander, and the mission
bonuses (attack, transport, supply, patrol, bombardment); the Victory-Loss verdict by the margin."""
from __future__ import annotations

from kaisen.games.nights_of_fury import GAME

from .helpers import D, PLAIN, at_phase, is_end, play, texts


def last_turn(scenario="cape-esperance", *, turn=None, status=None, marks=None, commanders=None, bands=None):
    """The scenario at its last turn's Disengage Phase with ships sunk, disengaged or damaged as given."""
    s = GAME.new_state(scenario, PLAIN).copy()
    s.turn = D.scenario(scenario).turns if turn is None else turn
    s.initiative = "usn"
    for q, st in (status or {}).items():
        s.ships[q] = s.ships[q]._replace(status=st[0], left_at=st[1] if len(st) > 1 else 0)
    for q, (st, fl) in (marks or {}).items():
        s.ships[q] = s.ships[q]._replace(structure=st, flotation=fl)
    for side, alive in (commanders or {}).items():
        cid, ship, _ = s.commanders[side]
        s.commanders[side] = (cid, ship, alive)
    for div, band in (bands or {}).items():
        s.divisions[div] = s.divisions[div]._replace(band=band)
    return at_phase(s, "disengage")


def test_the_battle_ends_after_the_last_turn():
    s = last_turn()
    end = is_end(s)
    assert s.turn == 8 and end.winner is None and end.score == 0
    assert "The battle is over (the last turn is over): IJN 0 VP, USN 0 VP: a draw" in texts(GAME.events(s))
    s = last_turn(turn=7)
    assert s.turn == 8 and s.step.startswith("event")


def test_the_battle_ends_at_the_end_of_the_turn_when_a_side_has_no_ship_left():
    gone = {q: ("sunk",) for q in ("aoba", "furutaka", "kinugasa")} | {q: ("disengaged", 10)
                                                                       for q in ("fubuki_dd", "hatsuyuki")}
    s = last_turn(turn=2, status=gone)
    end = is_end(s)
    assert end.winner == "usn" and s.vp == {"usn": 18, "ijn": 0}        # three CAs at 6 VP
    assert any("IJN has no ship left in the battle" in t for t in texts(GAME.events(s)))


def test_victory_points_sunk_wrecked_heavily_damaged_and_a_killed_commander():
    s = last_turn(status={"aoba": ("sunk",)},
                  marks={"kinugasa": (D.ships["kinugasa"].structure, 0),     # wrecked: counts as sunk
                         "boise": (3, 2)},                                   # half her boxes: heavily damaged
                  commanders={"ijn": False})
    end = is_end(s)
    assert s.vp == {"usn": 6 + 6 + 3, "ijn": 4 // 2}
    assert (end.winner, end.score) == ("usn", 13)
    assert D.verdict("battle", 13) == "tactical" and GAME.pause(s).summary.startswith("USN tactical victory")


def test_attack_mission_bonus_for_out_scoring_the_enemy():
    s = last_turn("tassafaronga", status={"naganami": ("sunk",)})
    assert s.vp["usn"] == 2 + 5                             # a destroyer and the attack bonus


def test_supply_bonus_per_ship_that_lay_a_whole_turn_unmoving_at_the_coast():
    s = GAME.new_state("tassafaronga", PLAIN).copy()
    s.turn, s.initiative = D.scenario("tassafaronga").turns, "usn"
    s.divisions["ijn-supply"] = s.divisions["ijn-supply"]._replace(band=5)       # the Guadalcanal coast band
    s = at_phase(s, "disengage")
    assert s.vp["ijn"] == 5 * D.mission_bonus("supply")


def test_bombardment_ships_must_leave_by_the_far_band_and_patrol_scores_only_if_the_enemy_earns_nothing():
    far = D.far_edge("henderson-bombardment", "ijn")
    s = last_turn("henderson-bombardment", status={"kongo_bb": ("disengaged", far), "haruna": ("disengaged", 10)})
    assert s.vp == {"ijn": D.mission_bonus("bombardment"), "usn": 0}        # Haruna left by her home edge
    s = last_turn("henderson-bombardment")
    assert s.vp == {"ijn": 0, "usn": D.mission_bonus("patrol")}
