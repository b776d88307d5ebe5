"""Rulebook, Ships; Islands; Torpedoes; Bombs; Dive Bombs; Phase 3 (End of Turn); Victory boards, through the
flow: ship moves are answered at the end of the turn, ordnance is dropped by answering the movement decision."""
from __future__ import annotations

import pytest

from kaisen.games.fighters_of_the_pacific.common import hex_of
from kaisen.games.fighters_of_the_pacific.data import DIRECTIONS
from tests.fighters_of_the_pacific.helpers import (
    GAME, H, IllegalAction, N, NE, S, SE, Barrage, End, Torpedo, fly, hex_name, kind, offered, option, pause, pl,
    ship, site, situation)

JDD = ("japan-dd-1", "japan", "destroyer")
FAR = pl("usa-wildcat-1", "B11", N)


def ships_phase(ships, scenario="kido-butai", side="japan", planes=(FAR,), **kw):
    return situation(scenario, list(planes), ships=ships, side=side, phase="ships", **kw)


def moves(s):
    return {o.fields["turn"]: o.fields["hexes"] for o in pause(s).options}


# -- ship movement ----------------------------------------------------------------------------------------------

def test_ships_destroyer_ahead_front_left_or_front_right_back_onto_the_old_front():
    s = ships_phase([ship(*JDD, ["H6", "H7"])])
    assert kind(s) == "ship-move" and pause(s).side == "japan"
    assert moves(s) == {0: ["H5", "H6"], -1: ["G6", "H6"], 1: ["I6", "H6"]}
    s = GAME.apply(s, "ship:left")
    assert [hex_name(h) for h in s.ships["japan-dd-1"].hexes] == ["G6", "H6"]


def test_ships_carrier_ahead_or_turn_and_advance_back_onto_the_old_centre():
    s = ships_phase([ship("kaga", "japan", "carrier", ["L6", "L7", "L8"])])
    got = moves(s)
    assert got[0] == ["L5", "L6", "L7"]
    for turn in (-1, 1):
        assert got[turn][2] == "L7"                                    # the back onto the old centre
    # the token is straight, turned a notch about its centre and advanced: NW (facing 5) or NE (facing 1)
    assert got[-1][:2] == ["J6", "K7"] and got[1][:2] == ["N6", "M7"]
    for turn, facing in ((-1, 5), (1, 1)):
        front, centre, back = (hex_of(h) for h in got[turn])
        step = DIRECTIONS[facing]
        assert (front[0] - centre[0], front[1] - centre[1]) == step == (centre[0] - back[0], centre[1] - back[1])


def test_ships_never_overlap_another_ship():
    blocker = ship("japan-dd-2", "japan", "destroyer", ["H4", "H5"], hit=[False, True])   # stopped for good
    s = ships_phase([ship(*JDD, ["H6", "H7"]), blocker])
    assert set(moves(s)) == {-1, 1}


def test_ships_never_onto_an_island():
    s = ships_phase([ship("usa-dd-1", "usa", "destroyer", ["D5", "D6"])], scenario="midway-island", side="usa",
                    planes=[pl("japan-zero-1", "O1", S)], sites=[])
    assert -1 not in moves(s) or "D4" not in moves(s)[-1]
    assert all(h not in ("D3", "D4", "E2", "E3", "F3") for hexes in moves(s).values() for h in hexes)
    assert 0 not in moves(s)                                            # D4 ahead is island


def test_ships_stay_in_place_when_no_move_is_possible():
    s = ships_phase([ship(*JDD, ["G1", "G2"])])                          # bow on the north edge
    assert s.ships["japan-dd-1"].hexes == (H("G1"), H("G2"))
    assert s.turn == 2


def test_ships_move_is_mandatory_when_one_is_possible():
    s = ships_phase([ship(*JDD, ["H6", "H7"])])
    with pytest.raises(IllegalAction):
        GAME.apply(s, "ship:stay")
    assert "end" not in offered(s) and len(offered(s)) == 3


def test_ships_a_hit_back_segment_stops_the_ship_for_good():
    s = ships_phase([ship(*JDD, ["H6", "H7"], hit=[False, True])])
    assert s.ships["japan-dd-1"].hexes == (H("H6"), H("H7")) and s.turn == 2
    s = ships_phase([ship(*JDD, ["H6", "H7"], hit=[True, False])])     # a front hit does not stop it
    assert kind(s) == "ship-move"


@pytest.mark.parametrize("hit", [[True, False, False], [False, True, False]])
def test_ships_a_carrier_hit_at_front_or_centre_launches_no_reinforcements(hit):
    akagi = ship("akagi", "japan", "carrier", ["L3", "L4", "L5"], hit=hit)
    s = situation("dive-on-kaga", [FAR], ships=[akagi], side="japan", phase="reinforcements", turn=3)
    assert not any(k.startswith("japan-zero") for k in s.planes) and s.turn == 4


def test_ships_a_carrier_hit_only_at_the_back_still_launches():
    akagi = ship("akagi", "japan", "carrier", ["L3", "L4", "L5"], hit=[False, False, True])
    s = situation("dive-on-kaga", [FAR], ships=[akagi], side="japan", phase="reinforcements", turn=2)
    assert kind(s) == "place-reinforcement"
    assert all(option(s, o)["hex"][0] in "KLM" for o in offered(s))      # around the carrier


def test_ships_airplanes_fly_over_ships():
    s = situation("kido-butai", [pl("usa-wildcat-1", "H10", N, "low"), pl("japan-zero-1", "O1", S)],
                  ships=[ship(*JDD, ["H6", "H7"])], side="usa")
    s = fly(s, "usa-wildcat-1", ["advance"] * 4)
    assert s.planes["usa-wildcat-1"].hex == H("H6")


# -- torpedoes --------------------------------------------------------------------------------------------------

def devastator(where="E12", alt="low", ordnance="torpedo", ships=None):
    ships = ships if ships is not None else [ship("akagi", "japan", "carrier", ["I3", "I4", "I5"])]
    s = situation("torpedo-eight", [pl("usa-devastator-1", where, N, alt, ordnance=ordnance),
                                    pl("japan-zero-1", "O1", S)], ships=ships, side="usa")
    return fly(s, "usa-devastator-1", [], end=False)


def test_torpedoes_dropped_after_a_low_advance_onto_the_water_hex_ahead():
    s = devastator()
    assert "torpedo" not in offered(s)                                   # not before an Advance
    s = GAME.apply(s, "advance")                                          # E11
    assert option(s, "torpedo")["hex"] == "E10"
    s = GAME.apply(s, "torpedo")
    assert s.torpedoes == (Torpedo("usa", H("E10"), N),)
    assert s.planes["usa-devastator-1"].ordnance == ""
    assert s.step == "fly:usa-devastator-1"                               # and it goes on with its MP


def test_torpedoes_not_after_a_slide_nor_at_high_altitude():
    s = GAME.apply(devastator(), "slide-left")
    assert "torpedo" not in offered(s)
    s = GAME.apply(devastator(alt="high"), "advance")
    assert "torpedo" not in offered(s)


def test_torpedoes_never_dropped_directly_onto_a_ship():
    s = GAME.apply(devastator("I8"), "advance")                           # I7; I6 ahead is open water
    assert "torpedo" in offered(s)
    s = GAME.apply(devastator("I7"), "advance")                           # I6; I5 ahead is Akagi's back
    assert "torpedo" not in offered(s)


def run(torpedoes, ships=(), scenario="torpedo-eight", **kw):
    return situation(scenario, [FAR, pl("japan-zero-1", "O1", S)], ships=list(ships), torpedoes=torpedoes,
                     side="usa", phase="torpedoes", **kw)


def test_torpedoes_run_2_hexes_japanese_1_hex_us_at_the_end_of_the_turn():
    s = run([Torpedo("usa", H("C8"), N), Torpedo("japan", H("E8"), N)])
    assert set(s.torpedoes) == {Torpedo("usa", H("C7"), N), Torpedo("japan", H("E6"), N)}


def test_torpedoes_hit_the_segment_they_reach():
    akagi = ship("akagi", "japan", "carrier", ["I3", "I4", "I5"])
    s = run([Torpedo("usa", H("I6"), N)], ships=[akagi])
    assert s.ships["akagi"].hit == (False, False, True) and s.torpedoes == ()
    assert s.vp["usa"] == GAME.data.scenarios["torpedo-eight"].vp.carrier_segment
    s = run([Torpedo("japan", H("I7"), N)], ships=[ship("usa-dd-1", "usa", "destroyer", ["I4", "I5"])])
    assert s.ships["usa-dd-1"].hit == (False, True)                        # two hexes: it reaches I5


def test_torpedoes_a_hit_segment_scores_once():
    akagi = ship("akagi", "japan", "carrier", ["I3", "I4", "I5"], hit=[False, False, True])
    s = run([Torpedo("usa", H("I6"), N)], ships=[akagi])
    assert s.vp["usa"] == 0 and s.torpedoes == ()


def test_torpedoes_do_not_destroy_island_sites():
    s = run([Torpedo("japan", H("D6"), N)], scenario="midway-island",
            sites=[site("aa", "usa", "D4"), site("objective", "usa", "D3")])
    assert not s.sites["aa@D4"].destroyed and s.vp["japan"] == 0 and s.torpedoes == ()


# -- bombs ------------------------------------------------------------------------------------------------------

MIDWAY_SITES = [site("aa", "usa", "D4"), site("objective", "usa", "D3")]


def kate(where="D6", alt="low", ordnance="bomb"):
    s = situation("midway-island", [pl("japan-kate-1", where, N, alt, ordnance=ordnance),
                                    pl("usa-wildcat-1", "O11", S)], ships=[], sites=MIDWAY_SITES, side="japan")
    return fly(s, "japan-kate-1", [], end=False)


def test_bombs_level_bomb_after_two_low_advances_on_a_hex_entered():
    s = GAME.apply(kate(), "advance")
    assert not any(o.startswith("level-bomb") for o in offered(s))        # one Advance is not enough
    s = GAME.apply(s, "advance")
    assert sorted(o for o in offered(s) if o.startswith("level-bomb")) == ["level-bomb:D4", "level-bomb:D5"]
    s = GAME.apply(s, "level-bomb:D4")
    assert s.sites["aa@D4"].destroyed and s.planes["japan-kate-1"].ordnance == ""
    assert s.vp["japan"] == GAME.data.scenarios["midway-island"].vp.ground_aa
    assert s.step == "fly:japan-kate-1"                                   # one MP left to fly


def test_bombs_level_bomb_not_at_high_altitude():
    s = GAME.apply(GAME.apply(kate(alt="high"), "advance"), "advance")
    assert not any(o.startswith("level-bomb") for o in offered(s))


def test_bombs_island_objective_destroyed_and_scored_once():
    s = GAME.apply(GAME.apply(kate("D5"), "advance"), "advance")         # D4, D3
    s = GAME.apply(s, "level-bomb:D3")
    assert s.sites["obj@D3"].destroyed
    vp = s.vp["japan"]
    assert vp == GAME.data.scenarios["midway-island"].vp.objective
    again = situation("midway-island", [pl("japan-kate-2", "D5", N, "low", ordnance="bomb"),
                                        pl("usa-wildcat-1", "O11", S)], ships=[],
                      sites={**dict(MIDWAY_SITES), **s.sites}.items(), side="japan")
    again = fly(again, "japan-kate-2", ["advance", "advance"], end=False)
    again = GAME.apply(again, "level-bomb:D3")
    assert again.vp["japan"] == 0                                         # the hex was already destroyed


def dauntless(ships, where="H10", alt="high"):
    s = situation("dive-on-kaga", [pl("usa-dauntless-1", where, N, alt, ordnance="dive_bomb"),
                                   pl("japan-zero-1", "O1", S)], ships=ships, side="usa")
    return fly(s, "usa-dauntless-1", [], end=False)


KAGA = [ship("kaga", "japan", "carrier", ["H7", "H8", "H9"])]


def test_dive_bombs_after_a_dive_on_the_hex_reached():
    s = dauntless(KAGA)
    assert "dive-bomb" not in offered(s)
    s = GAME.apply(s, "dive")                                             # to H9, Kaga's back
    assert option(s, "dive-bomb")["hex"] == "H9"
    s = GAME.apply(s, "dive-bomb")
    assert s.ships["kaga"].hit == (False, False, True)
    assert s.vp["usa"] == GAME.data.scenarios["dive-on-kaga"].vp.carrier_segment
    assert s.step == "fly:usa-dauntless-1"                                # it completes its movement


def test_dive_bombs_hit_segment_puts_its_aa_out_of_action():
    s = GAME.apply(GAME.apply(dauntless(KAGA), "dive"), "dive-bomb")
    s = fly(s, "usa-dauntless-1", ["advance"] * 3)
    assert "aa:kaga/back" not in offered(s) and "aa:kaga/front" in offered(s)


def test_dive_bombs_a_destroyed_segment_scores_once():
    hit = [ship("kaga", "japan", "carrier", ["H7", "H8", "H9"], hit=[False, False, True])]
    s = GAME.apply(GAME.apply(dauntless(hit), "dive"), "dive-bomb")
    assert s.vp["usa"] == 0


def test_dive_bombs_not_without_a_dive():
    s = GAME.apply(dauntless(KAGA), "advance")
    assert "dive-bomb" not in offered(s)


# -- end of turn ------------------------------------------------------------------------------------------------

def test_end_of_turn_order_ships_torpedoes_markers_barrages_reinforcements_victory():
    ent = ship("enterprise", "usa", "carrier", ["I7", "I8", "I9"])
    dd = ship("usa-dd-1", "usa", "destroyer", ["C7", "C8"])
    s = situation("eastern-solomons", [pl("usa-wildcat-1", "B11", N, activated=True),
                                       pl("japan-zero-1", "O1", S, activated=True)],
                  ships=[ent, dd], sites=[], torpedoes=[Torpedo("japan", H("M8"), S)],
                  barrages=[Barrage("usa", H("N2"), "usa-dd-1/front")], side="usa", phase="ships", turn=2)
    # 1. ships first: nothing else has happened yet
    assert kind(s) == "ship-move"
    assert s.torpedoes[0].hex == H("M8") and s.barrages and s.planes["usa-wildcat-1"].activated
    while kind(s) == "ship-move":
        s = GAME.apply(s, "ship:ahead")
    # 2-4 torpedoes, activation markers and barrages are done when reinforcements are placed (5)
    assert kind(s) == "place-reinforcement" and s.turn == 2
    assert s.torpedoes[0].hex == H("M10")
    assert not any(p.activated for p in s.planes.values()) and s.barrages == ()
    while kind(s) == "place-reinforcement":
        s = GAME.apply(s, offered(s)[0])
    # 6. victory checked last: not over, a new turn begins with the initiative
    assert s.turn == 3 and sum(k.startswith("usa-wildcat") for k in s.planes) == 3


def test_end_of_turn_sequence_declared_in_the_rulebooks_order():
    from kaisen.games.fighters_of_the_pacific.flow import SEQUENCE
    assert [p.phase for p in SEQUENCE][3:] == ["ships", "torpedoes", "markers", "barrages-off", "reinforcements",
                                               "victory"]


# -- victory ----------------------------------------------------------------------------------------------------

def victory(vp, turn=6, scenario="fighter-sweep"):
    return situation(scenario, [pl("usa-wildcat-1", "B5", N), pl("japan-zero-1", "O1", S)], phase="victory",
                     turn=turn, vp=vp)


def test_victory_more_points_after_the_last_turn_wins():
    s = victory({"japan": 5, "usa": 3})
    end = pause(s)
    assert isinstance(end, End) and end.winner == "japan" and end.score == 2
    end = pause(victory({"japan": 1, "usa": 4}))
    assert end.winner == "usa" and end.score == 3


def test_victory_equal_points_is_a_draw():
    end = pause(victory({"japan": 2, "usa": 2}))
    assert isinstance(end, End) and end.winner is None


def test_victory_game_goes_on_before_the_last_turn():
    s = victory({"japan": 5, "usa": 0}, turn=3)
    assert not isinstance(pause(s), End) and s.turn == 4


def test_victory_nothing_is_accepted_after_the_end():
    s = victory({"japan": 5, "usa": 3})
    with pytest.raises(IllegalAction):
        GAME.apply(s, "pass")


def test_victory_points_for_a_destroyed_airplane_go_to_the_enemy():
    s = situation("strike-escort", [pl("usa-wildcat-1", "H1", S), pl("japan-kate-1", "H7", SE, activated=True)])
    s = fly(s, "usa-wildcat-1", ["advance"] * 4)
    s = GAME.apply(s, "shoot:japan-kate-1")
    assert s.vp == {"japan": 0, "usa": GAME.data.scenarios["strike-escort"].vp.bomber}
    assert ("usa", "bomber", "japan-kate-1", 5) in s.scored


def test_ships_aa_follows_its_ship():
    s = ships_phase([ship("usa-dd-1", "usa", "destroyer", ["H6", "H7"])], side="usa",
                    planes=[pl("japan-kate-1", "H4", SE, "low"), pl("usa-wildcat-1", "B11", N)])
    s = GAME.apply(s, "ship:ahead")                                       # front H5, back H6
    assert s.turn == 2 and kind(s) == "activate" and pause(s).side == "usa"    # handicap 1 against 2
    aa = {o.id: o.fields for o in pause(s).options if o.fields["verb"] == "aa"}
    assert {f["hex"] for f in aa.values()} == {"H5", "H6"}
    assert aa["aa:usa-dd-1/front"]["targets"] == 1                       # the Kate at H4 is next to H5 now


def test_islands_do_not_hinder_airplanes():
    s = situation("midway-island", [pl("usa-wildcat-1", "D7", N, "low"), pl("japan-zero-1", "O1", S)], ships=[],
                  sites=MIDWAY_SITES)
    s = fly(s, "usa-wildcat-1", ["advance"] * 4)                          # over D4 and D3 (island hexes)
    assert s.planes["usa-wildcat-1"].hex == H("D3")


def test_bombs_a_level_bomb_hits_a_ship_segment():
    s = situation("midway-island", [pl("japan-kate-1", "H11", N, "low", ordnance="bomb"),
                                    pl("usa-wildcat-1", "O1", S)],
                  ships=[ship("usa-dd-1", "usa", "destroyer", ["H8", "H9"])], sites=[], side="japan")
    s = fly(s, "japan-kate-1", ["advance", "advance"], end=False)         # H10, H9 (the destroyer's back)
    s = GAME.apply(s, "level-bomb:H9")
    assert s.ships["usa-dd-1"].hit == (False, True)
    assert s.vp["japan"] == GAME.data.scenarios["midway-island"].vp.destroyer_segment


def test_end_of_turn_reinforcements_arrive_at_the_end_of_their_turn_only():
    planes = [pl("usa-wildcat-1", "B5", N), pl("japan-zero-1", "O1", S)]
    s = situation("fighter-sweep", planes, phase="reinforcements", turn=1)
    assert set(s.planes) == {"usa-wildcat-1", "japan-zero-1"} and s.turn == 2
    s = situation("fighter-sweep", planes, phase="reinforcements", turn=2)
    assert kind(s) == "place-reinforcement" and pause(s).side == "usa"
    assert all(option(s, o)["hex"].endswith("6") for o in offered(s))    # the south edge (row 6)
    while kind(s) == "place-reinforcement":
        s = GAME.apply(s, offered(s)[0])
    new = {k: p for k, p in s.planes.items() if k not in ("usa-wildcat-1", "japan-zero-1")}
    due = sum(r.count for r in GAME.data.scenarios["fighter-sweep"].reinforcement if r.turn == 2 and r.side == "usa")
    assert len(new) == due and all(p.side == "usa" and p.alt == "high" and p.facing == N for p in new.values())
    assert s.turn == 3
