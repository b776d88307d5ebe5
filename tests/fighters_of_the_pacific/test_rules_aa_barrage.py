"""Rulebook, Anti-aircraft defenses (AA) and Barrage, through the flow: a ship or island AA is activated like
an air group; barrages are asked for after the initiative, before the first activation."""
from __future__ import annotations

from tests.fighters_of_the_pacific.helpers import (
    GAME, H, N, S, SE, Barrage, fly, hex_name, kind, offered, option, pause, pl, ship, site, situation)
from kaisen.games.fighters_of_the_pacific.data import hex_distance

DD = [ship("usa-dd-1", "usa", "destroyer", ["H6", "H7"])]


def aa_at(planes, ships=DD, scenario="destroyer-screen", **kw):
    return situation(scenario, planes, ships=ships, **kw)


# -- AA ---------------------------------------------------------------------------------------------------------

def test_aa_field_is_its_own_hex_and_the_six_around():
    for where in ("H6", "H5", "G6", "I7"):                            # own hex and three neighbours of H6
        s = aa_at([pl("japan-kate-1", where, SE, "low", activated=True)])
        assert option(s, "aa:usa-dd-1/front")["targets"] == 1, where
        s = GAME.apply(s, "aa:usa-dd-1/front")
        assert offered(s) == ["shoot:japan-kate-1", "hold"]
    s = aa_at([pl("japan-kate-1", "H4", SE, "low", activated=True)])  # two away from the front segment
    assert option(s, "aa:usa-dd-1/front")["targets"] == 0


def test_aa_fires_at_low_altitude_only():
    s = aa_at([pl("japan-kate-1", "H5", SE, "high", activated=True)])
    assert option(s, "aa:usa-dd-1/front")["targets"] == 0
    s = GAME.apply(s, "aa:usa-dd-1/front")
    assert kind(s) != "shoot"


def test_aa_shot_is_resolved_like_an_airplanes():
    s = aa_at([pl("japan-kate-1", "H5", SE, "low", activated=True), pl("japan-zero-1", "O1", S)])
    s = GAME.apply(GAME.apply(s, "aa:usa-dd-1/front"), "shoot:japan-kate-1")
    assert "japan-kate-1" not in s.planes and s.vp["usa"] == GAME.data.scenarios["destroyer-screen"].vp.bomber


def test_aa_target_not_yet_activated_must_dodge():
    s = aa_at([pl("japan-kate-1", "H5", SE, "low"), pl("japan-zero-1", "O1", S)])
    s = GAME.apply(GAME.apply(s, "aa:usa-dd-1/front"), "shoot:japan-kate-1")
    assert kind(s) == "dodge" and pause(s).side == "japan"


def test_aa_only_once_a_turn():
    s = aa_at([pl("japan-zero-1", "O1", S), pl("japan-zero-2", "B1", S)])
    s = GAME.apply(s, "aa:usa-dd-1/front")
    s = fly(s, "japan-zero-1", ["advance"] * 4)
    assert "aa:usa-dd-1/front" not in offered(s)


def test_aa_of_a_hit_segment_is_out_of_action():
    hit = [ship("usa-dd-1", "usa", "destroyer", ["H6", "H7"], hit=[True, False])]
    s = aa_at([pl("japan-zero-1", "O1", S)], ships=hit)
    assert [o for o in offered(s) if o.startswith("aa:")] == ["aa:usa-dd-1/back"]


def test_aa_island_ground_flak_and_out_of_action_when_destroyed():
    sites = [site("aa", "usa", "D4"), site("aa", "usa", "F3", destroyed=True), site("objective", "usa", "D3")]
    s = situation("midway-island", [pl("japan-zero-1", "O1", S)], ships=[], sites=sites)
    assert [o for o in offered(s) if o.startswith("aa:")] == ["aa:aa@D4"]


# -- barrage ----------------------------------------------------------------------------------------------------

def barrage(planes, ships=DD, side="usa", sites=(), scenario="eastern-solomons"):
    return situation(scenario, planes, ships=ships, sites=list(sites), side=side, phase="barrage")


def test_barrage_asked_after_the_initiative_before_the_first_activation():
    s = barrage([pl("japan-zero-1", "O1", S)])
    assert kind(s) == "barrage" and s.phase == "barrage" and pause(s).side == "usa"


def test_barrage_placed_within_2_hexes_of_the_flak():
    s = barrage([pl("japan-zero-1", "O1", S)])
    hexes = {option(s, o)["hex"] for o in offered(s) if o != "no-barrage"}
    expect = {hex_name(h) for h in GAME.data.layouts["eastern-solomons"].hexes if hex_distance(h, H("H6")) <= 2}
    assert hexes == expect and len(expect) == 19 and "no-barrage" in offered(s)


def test_barrage_flak_counts_as_activated_and_never_fires_low():
    s = barrage([pl("japan-zero-1", "O1", S)])
    s = GAME.apply(s, "barrage:F6")
    s = GAME.apply(s, "no-barrage")                                       # the back segment keeps its low fire
    assert kind(s) == "activate"
    aa = [o for o in offered(s) if o.startswith("aa:")]
    assert aa == ["aa:usa-dd-1/back"]


def test_barrage_placed_on_a_high_airplane_damages_it_friend_or_enemy():
    s = barrage([pl("japan-zero-1", "G5", S), pl("usa-wildcat-1", "I6", N), pl("usa-wildcat-2", "H4", N, "low")])
    s = GAME.apply(s, "barrage:G5")
    assert "japan-zero-1" not in s.planes                                 # no dodge: destroyed at once
    s = GAME.apply(s, "barrage:I6")
    assert s.planes["usa-wildcat-1"].damage == 1                          # a friendly airplane too


def test_barrage_never_damages_at_low_altitude():
    s = barrage([pl("japan-zero-1", "O1", S), pl("usa-wildcat-2", "H4", N, "low")])
    s = GAME.apply(s, "barrage:H4")
    assert s.planes["usa-wildcat-2"].damage == 0


def through(alt="high", path=("advance",) * 4):
    marker = Barrage("usa", H("H7"), "usa-dd-1/front")
    s = situation("eastern-solomons", [pl("usa-wildcat-1", "H10", N, alt), pl("japan-zero-1", "O1", S)], ships=[],
                  sites=[], barrages=[marker])
    return fly(s, "usa-wildcat-1", list(path))


def test_barrage_an_airplane_entering_the_hex_at_high_altitude_is_damaged():
    s = through()
    assert s.planes["usa-wildcat-1"].hex == H("H6") and s.planes["usa-wildcat-1"].damage == 1
    assert s.barrages                                                     # the marker stays


def test_barrage_entering_at_low_altitude_does_nothing():
    assert through("low").planes["usa-wildcat-1"].damage == 0


def test_barrage_diving_into_the_hex_does_nothing():
    s = through(path=("advance", "advance", "dive", "advance", "advance"))
    assert s.planes["usa-wildcat-1"].alt == "low" and s.planes["usa-wildcat-1"].damage == 0


def test_barrage_us_every_ship_segment_may_fire_one():
    s = barrage([pl("japan-zero-1", "O1", S)])
    s = GAME.apply(s, "barrage:F6")
    assert s.step == "barrage:usa-dd-1/back"


def test_barrage_japan_one_segment_per_ship():
    jdd = [ship("japan-dd-1", "japan", "destroyer", ["H6", "H7"])]
    s = barrage([pl("usa-wildcat-1", "B11", N)], ships=jdd, side="japan")
    assert s.step == "barrage:japan-dd-1/front"
    placed = GAME.apply(s, "barrage:F6")
    assert kind(placed) == "activate"                                     # the back segment is not asked
    assert [o for o in offered(placed) if o.startswith("aa:")] == ["aa:japan-dd-1/back"]
    declined = GAME.apply(s, "no-barrage")
    assert declined.step == "barrage:japan-dd-1/back"                     # chosen each turn: either segment


def test_barrage_ground_flak_may_fire_one():
    s = barrage([pl("japan-zero-1", "O1", S)], ships=[], sites=[site("aa", "usa", "D11")],
                scenario="henderson-field")
    assert s.step == "barrage:aa@D11"


def test_barrage_markers_removed_at_the_end_of_the_turn():
    s = barrage([pl("japan-zero-1", "O1", S), pl("usa-wildcat-1", "B11", N)], ships=[
        ship("usa-dd-1", "usa", "destroyer", ["H6", "H7"])])
    s = GAME.apply(GAME.apply(s, "barrage:F6"), "barrage:F7")
    assert len(s.barrages) == 2
    while s.turn == 1:
        d = pause(s)
        if d.kind == "activate":
            pick = next(o.id for o in d.options if o.id != "pass")
            s = GAME.apply(s, pick)
        elif d.kind in ("maneuver", "pick-airplane"):
            s = GAME.apply(s, "advance" if "advance" in d.ids() else d.ids()[0])
        else:
            s = GAME.apply(s, d.ids()[-1] if d.kind in ("shoot", "respond", "barrage") else d.ids()[0])
    assert s.barrages == ()


def test_aa_must_shoot_the_nearest_airplane():
    s = aa_at([pl("japan-kate-1", "G6", SE, "low", activated=True), pl("japan-val-1", "H6", SE, "low",
                                                                        activated=True)])
    s = GAME.apply(s, "aa:usa-dd-1/front")
    assert offered(s) == ["shoot:japan-val-1", "hold"]                  # on its own hex, nearer than G6
