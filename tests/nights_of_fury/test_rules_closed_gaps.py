"""Rules whose first version left a gap (RULES.md): J searchlights lessen the night penalty only against the
division they light (and for fire at a lit ship); F land clutter on radar-directed gunnery; D.5 bombardment of a
land unit; the battle goes on while a lone side's mission ships have work to do."""
from __future__ import annotations

from kaisen.games.nights_of_fury.common import Ctx
from kaisen.games.nights_of_fury.state import Fire

from .helpers import D, ids, is_chance, is_end, options, play, situation, texts


def _aim(s, shooter: str, target_answer: str):
    """Start the Gunnery Phase's alternation at `shooter` aiming with her main battery, then aim."""
    s = s.copy()
    s.fire = Fire("gunnery", D.ships[shooter].side, shooter=shooter, left=(0,), weapon=0)
    s.step, s.phase, s.cache = "aim:gunnery", "gunnery", None
    return play(s, target_answer)


def test_j_a_searchlight_lessens_the_night_penalty_only_against_the_division_it_lights():
    """J: searchlights make night fire -1 against the one enemy division they pick out (the nearest, within 2
    bands); against another enemy division the firer keeps the full night penalty."""
    s = situation(opts=options(searchlights=True), phase="gunnery", bands={"ijn-1": 5, "ijn-2": 6, "usn-1": 4,
                                                                             "usn-2": 4},
                  detected={"ijn>usn-1": 2, "ijn>usn-2": 2})
    s = s.copy()
    s.divisions["ijn-1"] = s.divisions["ijn-1"]._replace(searchlight=True)       # lights Division 1 of the USN
    lit, _ = _aim(s, "aoba", "at:usn-1:1")
    assert "night, searchlights -1" in is_chance(lit, "shot").reason
    c = Ctx(s, D)
    assert c.division_of("aoba").searchlight
    from kaisen.games.nights_of_fury.conditions import lit_target
    assert lit_target(c, s.divisions["ijn-1"]) == "usn-1"
    dark, _ = _aim(s, "aoba", "at:usn-2:1")
    assert "night -2" in is_chance(dark, "shot").reason and "searchlights" not in is_chance(dark, "shot").reason


def test_f_radar_directed_fire_into_a_land_band_rolls_for_clutter_first():
    """F: a fire-control radar rated 3 or less aimed at a target in a land marker's band works on 4-6 only; on
    1-3 the night penalty stands."""
    s = situation(phase="gunnery", bands={"usn-1": 3, "ijn-1": 4, "ijn-2": 4, "usn-2": 3},
                  detected={"usn>ijn-1": 2})                  # Savo Island lies in band 4 at Cape Esperance
    blind, _ = _aim(s, "boise", "at:ijn-1:1")
    is_chance(blind, "gun-clutter")
    blind, ev = play(blind, (2,))
    assert "Land clutter roll 2" in " ".join(texts(ev))
    assert "night -2" in is_chance(blind, "shot").reason
    seeing, _ = _aim(s, "boise", "at:ijn-1:1")
    seeing, _ = play(seeing, (5,))
    assert "fire-control radar in range" not in is_chance(seeing, "shot").reason      # cancelled: shown as 0
    assert "night" not in is_chance(seeing, "shot").reason
    clear = situation(phase="gunnery", bands={"usn-1": 3, "ijn-1": 5, "ijn-2": 5, "usn-2": 3},
                      detected={"usn>ijn-1": 2})             # no land in band 5: no clutter roll
    clear, _ = _aim(clear, "boise", "at:ijn-1:1")
    is_chance(clear, "shot")


def test_d5_a_bombardment_puts_damage_levels_straight_onto_the_land_unit():
    """D.5: a land unit takes the Damage Levels directly and 4 or more destroy it; only the side on a
    bombardment mission fires at it."""
    s = situation("henderson-bombardment", phase="gunnery", bands={"ijn-bombardment": 2})
    s = s.copy()
    s.fire = Fire("gunnery", "ijn", shooter="kongo_bb", left=(0,), weapon=0)
    s.step, s.phase, s.cache = "aim:gunnery", "gunnery", None
    assert "land:henderson_field" in ids(s)
    s, _ = play(s, "land:henderson_field")
    reason = is_chance(s, "shot").reason
    assert "bombards Henderson Field" in reason
    s, ev = play(s, (6, 1))
    kongo_fp = D.ships["kongo_bb"].batteries[0].firepower
    assert D.ships["kongo_bb"].radar_f == 0             # no fire-control radar: the night penalty stands
    expected = max(0, 6 + kongo_fp + D.range_modifier(1) + Ctx(s, D).rating("ijn", "combat")
                   + D.environment("light", "night", "gunnery") - (1 + D.data.land_units["henderson_field"].defense))
    assert s.land["henderson_field"] == expected
    assert any("bombards Henderson Field" in t for t in texts(ev))
    usn = situation("henderson-bombardment", phase="gunnery", bands={"usn-pt": 1})
    assert not [u for u in __import__("kaisen.games.nights_of_fury.gunnery", fromlist=["x"]).land_targets(
        Ctx(usn, D), "usn")]


def test_d8_the_battle_goes_on_while_a_lone_sides_bombardment_ships_have_work_left():
    """Interpretation (RULES.md): when the enemy has left the battle, a side whose bombardment or transport ships
    have not yet reached their far band and left plays on (to the last turn); a side with no mission ends it."""
    s = situation("henderson-bombardment", phase="disengage", turn=3)
    s = s.copy()
    for q in D.scenario("henderson-bombardment").divisions_of("usn")[0].ships:
        s.ships[q] = s.ships[q]._replace(status="disengaged", left_at=1)
    from kaisen.games.nights_of_fury import victory
    c = Ctx(s, D)
    before = s.turn
    victory.end_of_turn(c)
    assert s.result is None and s.turn == before + 1
    t = situation("cape-esperance", phase="disengage", turn=3).copy()
    for q in list(t.ships):
        if D.ships[q].side == "ijn":
            t.ships[q] = t.ships[q]._replace(status="sunk")
    victory.end_of_turn(Ctx(t, D))
    assert t.result is not None and t.step == "over"
