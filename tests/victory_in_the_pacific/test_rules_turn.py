"""Victory in the Pacific: set-up (4.2), the movement steps (5.2, 6, 12, 13.1, 17, 18.2), reinforcements (4.4),
repairs (11), control and POC (5.71, 15, 2.5), capture by isolation (5.72, 14), return to port (10)."""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision
from kaisen.engine.testing import GameDriver
from kaisen.games.victory_in_the_pacific import GAME, end_turn, flow, movement
from kaisen.games.victory_in_the_pacific.common import Ctx

D = GAME.data
_DRIVER = GameDriver(GAME)
play, ids, refused = _DRIVER.play, _DRIVER.ids, _DRIVER.refused


def turn1():
    """Set-up done with no Pearl Harbor Raid: Japan's first patrol step."""
    s, _ = play(GAME.new_state(), "done")
    return s


def later(turn=3, **loc):
    """A later turn at Japan's patrol step, with units placed as given (unit=location)."""
    s = turn1().copy()
    s.turn = turn
    for u, where in loc.items():
        s.place(u.replace("_", "-"), where)
    s.cache = None
    return s


# -- 4.2 set-up ------------------------------------------------------------------------------------------
def test_4_2_only_ships_of_speed_5_or_more_join_the_pearl_harbor_raid():
    s = GAME.new_state()
    raid = {o.id[5:] for o in GAME.pause(s).options if o.id.startswith("raid:")}
    assert raid and all(D.units[u].speed >= 5 for u in raid)
    slow = [u for u in s.at("port:yokosuka") if D.units[u].kind == "ship" and D.units[u].speed < 5]
    assert slow and not raid & set(slow)
    u = sorted(raid)[0]
    s, _ = play(s, f"raid:{u}", "done")
    assert s.loc[u] == "sea:hawaiian-islands" and s.mode[u] == "patrol"
    assert s.step == "patrol:japan"


def test_4_3_allied_starting_forces_and_the_location_uncertain_groups():
    s = turn1()
    assert s.loc["arizona"] == "port:pearl-harbor"
    assert s.loc["enterprise"] == "group:W"
    assert s.loc["indianapolis"] == "sea:hawaiian-islands"
    assert s.base_control["truk"] == "japan" and s.base_control["pearl-harbor"] == "allies"


# -- 18.2 turn-1 movement ---------------------------------------------------------------------------------
def test_18_22_on_turn_1_only_the_cruisers_in_australia_singapore_and_the_philippines_move():
    s, _ = play(turn1(), "done")                        # Japan moves nothing
    assert s.step == "patrol:allies"
    movers = {o.id[7:] for o in GAME.pause(s).options if o.id.startswith("sortie:")}
    assert movers and all(D.units[u].type in ("CA", "CL") for u in movers)
    assert all(s.loc[u][5:] in ("australia", "singapore", "the-philippines") for u in movers)
    assert "sortie:arizona" not in ids(s)


def test_18_21_japan_moves_only_from_yokosuka_on_turn_1():
    s = turn1()
    c = Ctx(s, D)
    assert all(s.loc[o.id[7:]] == "port:yokosuka" for o in GAME.pause(s).options if o.id.startswith("sortie:"))
    assert not movement.frozen(c, "akagi")


# -- 6.2-6.4 movement and speed rolls -------------------------------------------------------------------------
def test_6_21_a_patroller_reaches_two_areas_from_its_port_and_stops_in_enemy_waters():
    s = later(kongo="port:truk")
    c = Ctx(s, D)
    r = movement.reach(c, "kongo", raid=False)
    assert set(D.bases["truk"].touches) <= set(r) and all(n <= 2 for n in r.values())
    s.edit("control")["south-pacific"] = "allies"
    r = movement.reach(c, "kongo", raid=False)
    assert r["south-pacific"] == 1
    assert "coral-sea" not in r or any(D.adjacent(a, "coral-sea") for a in D.bases["truk"].touches
                                       if s.control.get(a) != "allies")


def test_6_23_and_17_13_japanese_and_us_raiders_go_three_areas_british_two():
    s = later(kongo="port:truk", warspite="port:ceylon")
    c = Ctx(s, D)
    assert movement.max_areas(c, "kongo", raid=True) == 3 and movement.rolled_from(c, "kongo", True) == 3
    assert movement.max_areas(c, "warspite", raid=True) == 2 and movement.rolled_from(c, "warspite", True) == 2
    assert movement.max_areas(c, "kongo", raid=False) == 2 and movement.rolled_from(c, "kongo", False) == 2


def test_6_4_speed_rolls_patroller_fails_into_a_raider_raider_fails_home():
    s = later(kongo="port:yokosuka", haruna="port:yokosuka")
    far = [a for a, n in movement.reach(Ctx(s, D), "kongo", False).items() if n == 2][0]
    s, _ = play(s, "sortie:kongo", f"to:{far}")
    assert s.moving == (f"kongo>{far}",)
    s, _ = play(s, "done")
    p = GAME.pause(s)
    assert isinstance(p, Chance) and s.step == "speed"
    speed = D.units["kongo"].speed
    s, events = play(s, (speed,))                       # equal to its speed: fails (6.4)
    assert s.mode["kongo"] == "raid" and s.loc["kongo"] == f"sea:{far}"


def test_6_42_a_raider_that_fails_turns_back():
    s = later(kongo="port:yokosuka")
    c = Ctx(s, D)
    far = [a for a, n in movement.reach(c, "kongo", True).items() if n == 3]
    assert far
    s.step, s.cache = "raid:japan", None
    s.raider = frozenset({"kongo"})
    s, _ = play(s, "sortie:kongo", f"to:{far[0]}", "done", (6,))
    assert not s.loc["kongo"].startswith("sea:")


# -- 12.1 land-based air -------------------------------------------------------------------------------------
def test_12_13_air_units_only_over_areas_touching_a_friendly_base():
    s = later()
    c = Ctx(s, D)
    areas = set(movement.air_areas(c, "japan"))
    assert "japanese-islands" in areas
    assert all(any(s.base_control[b] == "japan" for b in D.touching(a)) for a in areas)
    assert "bay-of-bengal" not in areas


# -- 11 repairs ------------------------------------------------------------------------------------------------
def test_11_23_pearl_harbor_repairs_grow_by_three_a_turn():
    assert [D.repair("pearl-harbor", t) for t in range(1, 9)] == [0, 3, 6, 9, 12, 15, 15, 15]
    assert D.repair("yokosuka", 4) == 6 and D.repair("ceylon", 2) == 1 and D.repair("australia", 2) == 1


def test_11_24_ceylons_single_point_is_shared_by_every_ship_there():
    s = later(warspite="port:ceylon", cornwall="port:ceylon")
    s.edit("damage").update({"warspite": 2, "cornwall": 1})
    s.step, s.cache = "patrol:allies", None
    assert {"repair:warspite", "repair:cornwall"} <= set(ids(s))
    s, _ = play(s, "repair:warspite")
    assert s.damage["warspite"] == 1
    assert "repair:cornwall" not in ids(s) and "repair:warspite" not in ids(s)
    assert "sortie:warspite" not in ids(s)                # a ship under repair stays in port (11.1)


# -- 5.71 control and POC ----------------------------------------------------------------------------------------
def test_5_71_patrollers_and_air_control_raiders_do_not_and_the_difference_moves_the_track():
    s = later(kongo="sea:indonesia", houston="sea:coral-sea", exeter="sea:bay-of-bengal")
    s.edit("mode").update({"kongo": "patrol", "houston": "patrol", "exeter": "raid"})
    for u, l in list(s.loc.items()):
        if l.startswith("sea:") and u not in ("kongo", "houston", "exeter"):
            s.place(u, "port:yokosuka" if D.units[u].side == "japan" else "port:pearl-harbor")
    c = Ctx(s, D)
    end_turn.score_control(c)
    assert s.control == {"indonesia": "japan", "coral-sea": "allies"}
    assert s.poc == D.areas["coral-sea"].poc_allies - D.areas["indonesia"].poc_japan


def test_2_5_the_track_stops_at_29():
    s = later()
    s.poc = -28
    for u, l in list(s.loc.items()):
        if l.startswith("sea:"):
            s.place(u, "port:yokosuka" if D.units[u].side == "japan" else "port:pearl-harbor")
    s.place("kongo", "sea:indonesia")
    s.edit("mode")["kongo"] = "patrol"
    end_turn.score_control(Ctx(s, D))
    assert s.poc == -29


# -- 5.72, 14.1 capture by isolation ---------------------------------------------------------------------------
def test_14_1_a_base_falls_after_two_turns_cut_off():
    s = later()
    c = Ctx(s, D)
    for a in D.bases["midway"].touches:
        s.edit("control")[a] = "japan"
    end_turn.isolation(c)
    assert s.base_control["midway"] == "allies" and s.surrounded["midway"] == 1
    end_turn.isolation(c)
    assert s.base_control["midway"] == "japan"


# -- 4.4 reinforcements ---------------------------------------------------------------------------------------------
def test_4_41_a_reinforcement_for_an_enemy_held_port_is_lost_pearl_harbor_goes_to_samoa():
    from kaisen.games.victory_in_the_pacific import reinforcements
    s = later(turn=2)
    c = Ctx(s, D)
    s.edit("base_control")["pearl-harbor"] = "japan"
    u = next(u for u in D.arrivals(2) if D.units[u].at == "pearl-harbor")
    reinforcements.arrive(c, u, "pearl-harbor")
    assert s.loc[u] == "port:samoa"
    s.edit("base_control")["samoa"] = "japan"
    reinforcements.arrive(c, u, "pearl-harbor")
    assert s.loc[u] == "lost"


def test_4_42_a_sunk_british_battleship_on_the_list_is_replaced_by_another():
    from kaisen.games.victory_in_the_pacific import reinforcements
    s = later(turn=7)
    listed = next(u for u in D.removals(7) if D.units[u].removal_type == "bb")
    s.place(listed, "sunk")
    subs = reinforcements.substitutes(Ctx(s, D), listed)
    assert subs and all(D.units[u].removal_type == "bb" for u in subs)


# -- 10 returning to port -----------------------------------------------------------------------------------------------
def test_10_12_and_10_13_us_ships_never_ceylon_british_only_their_four_ports():
    s = later()
    c = Ctx(s, D)
    assert "ceylon" not in c.home_ports("houston", "indian-ocean")
    assert set(c.home_ports("warspite", "indian-ocean")) <= {"ceylon", "singapore", "saigon", "yokosuka"}
    assert c.home_ports("victorious", None) == ["pearl-harbor"]
    assert "port-moresby" in c.home_ports("houston", "coral-sea")       # a base touching its area
    assert "port-moresby" not in c.home_ports("houston", "south-pacific")


def test_5_74_everything_at_sea_goes_home_at_the_end_of_the_turn():
    s = later()
    c = Ctx(s, D)
    end_turn.return_to_port(c)
    assert c.done == ("at-sea-home",)         # finished: flow settles the ports and goes on (flow.SEQUENCE)
    flow.proceed(c)
    assert not [u for u, l in s.loc.items() if l.startswith("sea:")]
    assert isinstance(GAME.pause(s), Decision) or s.step.startswith(("patrol", "back", "substitute"))


# -- bad input: refused with the rule that forbids it, nothing changed ---------------------------------------
def test_bad_input_unreachable_area_is_refused_under_6_3():
    s, _ = play(turn1(), "sortie:akagi")
    reach = movement.reach(Ctx(s, D), "akagi", False)
    far = next(a for a in D.areas if a not in reach)
    err = refused(s, f"to:{far}", "6.3")
    assert "out of reach" in err.reason


def test_bad_input_repair_beyond_the_ports_points_is_refused_under_11_24():
    s = later(warspite="port:ceylon", cornwall="port:ceylon")
    s.edit("damage").update({"warspite": 2, "cornwall": 1})
    s.step, s.cache = "patrol:allies", None
    s, _ = play(s, "repair:warspite")
    refused(s, "repair:cornwall", "11.24")


def test_bad_input_british_ship_to_a_forbidden_port_is_refused_under_10_13():
    s = later(warspite="home:indian-ocean", houston="home:indian-ocean")
    s.step, s.cache = "home:warspite", None
    assert set(ids(s)) - {"all-default"} <= {"to:ceylon", "to:singapore", "to:saigon", "to:yokosuka"}
    refused(s, "to:australia", "10.13")
    s.step, s.cache = "home:houston", None
    refused(s, "to:ceylon", "10.12")


def test_bad_input_frozen_unit_on_turn_1_is_refused_under_18_2():
    s, _ = play(turn1(), "done")
    refused(s, "sortie:arizona", "18.2")


# -- 4.4, 17.12 units coming back ------------------------------------------------------------------------------
def last_return(turn=3, **loc):
    """The end of `turn`: every unit in port but Houston, whose owner is choosing its port (5.74); the rest of
    the state as `later` builds it."""
    s = later(turn=turn, **loc)
    for u, l in list(s.loc.items()):
        if l.startswith(("sea:", "home:")):
            s.place(u, "port:yokosuka" if D.units[u].side == "japan" else "port:pearl-harbor")
    s.mode = {}
    s.place("houston", "home:coral-sea")
    s.step, s.pending, s.cache = "home:houston", ("end:next-turn",), None
    return s


def test_17_12_a_us_unit_coming_back_is_never_offered_ceylon():
    s = last_return(turn=1, **{"5th_air_force": "returning"})
    s.edit("back")["5th-air-force"] = 2
    assert s.base_control["ceylon"] == "allies"
    s, _ = play(s, "to:australia")                     # the turn ends; turn 2 begins with the returning units
    assert s.turn == 2 and s.step == "back:5th-air-force"
    offered = set(ids(s))
    assert "at:ceylon" not in offered and {"at:pearl-harbor", "at:australia"} <= offered
    refused(s, "at:ceylon", "17.12")
    s, _ = play(s, "at:australia")
    assert s.loc["5th-air-force"] == "port:australia"


def test_10_1_send_all_to_their_first_ports_places_only_the_deciding_sides_units():
    s = last_return(turn=3)
    s.place("kongo", "home:indonesia")
    s.place("haruna", "home:indonesia")
    s.cache = None
    assert "all-default" not in ids(s)                 # Houston is the Allies' only unit bound for port
    s.place("boston", "home:coral-sea")
    s.cache = None
    s, _ = play(s, "all-default")
    assert s.loc["houston"].startswith("port:") and s.loc["boston"].startswith("port:")
    assert s.loc["kongo"] == "home:indonesia" and s.loc["haruna"] == "home:indonesia"
    p = GAME.pause(s)
    assert p.side == "japan" and s.step == "home:haruna"          # Japan places its own ships


# -- 4.42 British removals --------------------------------------------------------------------------------------
def british_on_turn_6(**extra):
    """The end of turn 6 with the British ships in port (Revenge sunk, Warspite withdrawn on turn 5)."""
    loc = {"hermes": "port:ceylon", "revenge": "sunk", "warspite": "removed", "resolution": "port:ceylon",
           "royal_sovereign": "port:ceylon", "ramillies": "port:ceylon", "victorious": "port:pearl-harbor",
           "indomitable": "removed", "formidable": "removed", "prince_of_wales": "port:ceylon",
           "repulse": "port:ceylon"}
    loc.update(extra)
    return last_return(turn=6, **loc)


def test_4_42_a_substitute_is_never_a_ship_listed_for_removal_itself():
    s, ev = play(british_on_turn_6(), "to:australia")           # turn 7: Revenge is listed but sunk
    assert s.turn == 7 and s.step == "substitute:revenge"
    assert set(ids(s)) == {"remove:prince-of-wales", "remove:repulse"}     # not Resolution, Royal Sovereign
    s, ev = play(s, "remove:repulse")                                          # (this turn) nor Ramillies (8)
    gone = {u for u in ("hermes", "resolution", "royal-sovereign", "victorious", "repulse") if s.loc[u] == "removed"}
    assert gone == {"hermes", "resolution", "royal-sovereign", "victorious", "repulse"}
    assert s.loc["ramillies"] == "port:ceylon" and s.loc["prince-of-wales"] == "port:ceylon"


def test_4_42_a_ship_listed_for_a_later_turn_is_taken_only_when_its_type_has_no_other():
    s, ev = play(british_on_turn_6(prince_of_wales="sunk", repulse="sunk"), "to:australia")
    assert s.turn == 7 and not s.step.startswith("substitute")      # Ramillies is the only battleship left
    assert s.loc["ramillies"] == "removed"
    assert "Ramillies is removed from play (withdrawn in place of Revenge)" in "\n".join(e.text for e in ev)
    assert s.loc["resolution"] == "removed" and s.loc["royal-sovereign"] == "removed"


def test_11_1_only_ships_are_repaired_air_and_amphibious_damage_stays():
    s = later(turn=3, arizona="port:pearl-harbor", **{"7th_air_force": "port:pearl-harbor",
                                                      "1st_marines": "port:pearl-harbor"})
    s.edit("damage").update({"arizona": 2, "7th-air-force": 2, "1st-marines": 1})
    s.step, s.cache = "patrol:allies", None
    offered = set(ids(s))
    assert "repair:arizona" in offered
    assert "repair:7th-air-force" not in offered and "repair:1st-marines" not in offered
    err = refused(s, "repair:7th-air-force", "11.1")
    assert "only ships" in err.reason
    refused(s, "repair:1st-marines", "11.1")
    s, _ = play(s, "repair:arizona", "repair:arizona", "done")
    assert "arizona" not in s.damage and s.damage["7th-air-force"] == 2 and s.damage["1st-marines"] == 1


# -- 13.1 amphibious movement --------------------------------------------------------------------------------
def test_13_1_amphibious_units_move_two_areas_after_the_air_and_never_roll_for_speed():
    s = later(turn=3, yokosuka_snlf="port:yokosuka")
    s.step, s.cache = "amph:japan", None
    assert "sortie:yokosuka-snlf" in ids(s) and not any(o.startswith("sortie:kongo") for o in ids(s))
    s, _ = play(s, "sortie:yokosuka-snlf")
    dest = {o[3:] for o in ids(s)}
    two = {"japanese-islands", *D.areas["japanese-islands"].adjacent}
    assert dest <= two and "marianas-islands" in dest and "marshall-islands" not in dest   # 6.224: two at most
    s, _ = play(s, "to:marianas-islands", "done")
    assert s.loc["yokosuka-snlf"] == "sea:marianas-islands"
    assert s.step == "amph:allies" and not s.moving                       # 13.1: no speed roll
