"""The terminal board (board.py) drawn from a side's view: what the combat panel says is fought where."""
from __future__ import annotations

import io

from rich.console import Console

from kaisen.games.pacific_fury import GAME

from .helpers import play, position


def board_text(s, side) -> str:
    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    console.print(GAME.render(GAME.view(s, side)))
    return console.export_text()


def combat_line(s, side) -> str:
    return next(line for line in board_text(s, side).splitlines() if "round 1 of" in line)


def test_10_6_an_air_strike_on_a_task_force_names_the_target_and_its_zone():
    """Issue 10: a strike on a task force was drawn as "Air strike at Henderson Field"."""
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None),
                  ("U2", ["portland"], "south-pacific", None)], phasing="japan")
    s, _ = play(s, "strike:J1:U2")
    for side in ("japan", "usa", None):
        line = combat_line(s, side)
        assert "Air strike by J1 from Eastern Solomon Sea on U2 in South Pacific Ocean" in line, line
        assert "Henderson" not in line


def test_10_6_an_air_strike_on_ironbottom_sound_and_on_henderson_field_say_so():
    s = position([("J1", ["shokaku", "tone"], "eastern-solomons", None), ("U1", ["portland"], "ironbottom", None)],
                 phasing="japan")
    s1, _ = play(s, "strike:J1:ironbottom")
    assert "Air strike by J1 from Eastern Solomon Sea on the USA task forces in Ironbottom Sound" in combat_line(s1, "usa")
    s2, _ = play(s, "strike:J1:henderson")
    assert "Air strike by J1 from Eastern Solomon Sea on Henderson Field" in combat_line(s2, "usa")


def test_10_5_carrier_and_surface_combats_are_drawn_in_their_zone():
    s = position([("U1", ["enterprise", "portland"], "south-pacific", None),
                  ("J1", ["shokaku", "tone"], "eastern-solomons", None)])
    s, _ = play(s, "move:U1:eastern-solomons")
    assert "Carrier combat in Eastern Solomon Sea" in combat_line(s, "japan")
    s = position([("J1", ["kongo"], "ironbottom", None), ("U1", ["portland"], "slot", None)],
                 initiative="japan", marker=-1)
    s, _ = play(s, "move:J1:slot")
    assert "Surface combat in The Slot" in combat_line(s, "usa")


def test_7_1_torpedo_hits_are_drawn_on_the_us_ships_in_espiritu_santo():
    from .helpers import turn_start
    s, _ = turn_start(2, 1)
    s, _ = play(s, (2,))                                            # Torpedo Hits: 2
    assert s.combat.kind == "torpedo"
    line = next(x for x in board_text(s, "usa").splitlines() if "round 1 of" in x)
    assert "Torpedo hits on the US ships in Espiritu Santo" in line and "Henderson" not in line
