"""13.0 Example of play, turn 1, through the whole sequence of play with scripted dice (the attack's own
dice and the cards of the example are reproduced in test_air_attack.py and test_cards.py)."""
from __future__ import annotations

from kaisen.games.fury_at_midway import GAME

from .test_rules_sequence import dealt, ids, play

D = GAME.data


def test_13_0_turn_1_midway_attack_search_and_four_us_operations():
    # Set-up as in 13.0 (the standard boxes); the CSF secretly in G-4
    s, _ = play(dealt(), "start:G-4", "attack-midway")
    # the US plots F-4; the 1AF enters at A-3 and moves to B-4, four hexes from Midway
    s, _ = play(s, "to:F-4", "end", "enter:A-3", "to:B-4", "stop")
    assert D.hex_distance("B-4", "F-6") == 4
    assert s.midway_ops == 2 and s.op_kind == "midway" and s.fleet["csf"] == "G-4"   # US not moved yet (6.4(5))
    assert "end" not in ids(s)                 # the attack must launch at least one aircraft
    # 2 A6M, 2 D3A, 2 B5N launch as one strike and fly two hexes toward Midway; hangars fill the decks
    s, _ = play(s, "sg-add:akagi-d3a", "sg-add:kaga-d3a", "sg-add:akagi-b5n", "sg-add:kaga-b5n",
                "sg-add:hiryu-a6m-2", "sg-add:soryu-a6m-2", "sg-go:D-5", "deck:akagi-a6m-2", "deck:kaga-a6m-2", "end")
    assert s.op_count == 2 and s.op_kind == "midway"
    # second operation: the strike reaches Midway; both Midway fighters intercept and miss; the four escort
    # steps (1-3) score three hits and wipe out the CAP; AAA: three dice, no 1
    s, _ = play(s, "sg-move:J1:F-6", "intercept:midway-f2a", "intercept:midway-f4f", (6, 6, 6), (1, 2, 3, 6))
    assert s.air["midway-f2a"][0] == "lost" and s.air["midway-f4f"][0] == "lost"
    p = GAME.pause(s)
    assert len(p.dice) == 3                    # Midway's AAA: garrison 6 / 2
    s, _ = play(s, (4, 4, 4))
    p = GAME.pause(s)
    assert len(p.dice) == 8 and all("1-2" in lab for lab in p.labels)   # 8 steps, D3A/B5N at 2 vs Midway
    s, _ = play(s, (1, 6, 6, 6, 6, 6, 6, 6), (5,))                       # one hit: runway 3, the B-26 there
    assert s.garrison == 5 and s.damage["midway"] == (3,) and s.air["midway-b26"][0] == "lost"
    assert s.air["akagi-d3a"][0] == "ret1:cardiv1"                       # Midway strikers: Return 1 (6.4(4))
    s, events = play(s, "end")
    # the US move is revealed; search: US 4 (Midway 8-4 beats the CSF's 7-4), Japan 6-4 = 2, less 2: 0
    assert s.fleet["csf"] == "F-4"
    assert s.aop == {"japan": 0, "usa": 3} and s.op_side == "usa"       # the first of four US operations
    texts = " | ".join(e.text for e in events)
    assert "result 4: 4 AOP" in texts and "less 2 used attacking Midway: 0 AOP" in texts
    for left in (2, 1, 0):                     # no initiative rolls: Japan has no AOP (8.1(3))
        s, _ = play(s, *(["end"] if s.step == "op" else []))
        while s.step.startswith("land:"):
            s, _ = play(s, ids(s)[0])
        assert s.op_side == "usa" and s.aop["usa"] == left
