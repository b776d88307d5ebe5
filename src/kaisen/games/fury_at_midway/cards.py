"""12.0 Event cards: the opening hands (3.1(3), 3.2(4)), the draw deck and its draws (5.0(1), 12.0), the
windows of the sequence of play where cards may be played, and the 13 card effects.

Windows (in the order a day turn meets them):

* ``draw`` (card-draw timing, 5.0(1)): after the Card Draw Phase; Japan may play 05 (turns 4 and 7) and 06
  (day turns), even a card just drawn.
* ``k-aim`` (air-attack.target-determination): in each US attack, once its target group is known (after the
  on-target roll, 13.0); Japan may play 11.
* ``k-icpt`` (air-attack.cap-interception): in a US attack on a group with Japanese CAP fighters, before the
  CAP intercepts; Japan may play 09 (the strike has a fighter) and 12.
* ``k-fight`` (air-attack.cap-interception): in a Japanese attack when US CAP intercepted Japanese escorts,
  before any fighter fires; Japan may play 12 (against Midway's CAP the escorts then fire first).
* ``k-bomb`` (air-attack.resolution): after a US attack's bombing roll scored a hit on a Japanese carrier,
  before the hits are placed; the US may play 13.
* ``opend`` (air-operation.end): after each US air operation; Japan may play 10.
* ``search`` (search timing, 7.0): at the start of the Search Phase, before the AOP are worked out; the US
  may play 07.
* ``land`` (landing, 11.0): when the Invasion Force lands on Midway; the US may play 08.
* ``end`` (end-of-turn): Japan first, then the US, alternately, until both pass in a row: 01, 02, 03, 04.
  When the US plays 01, Japan holding 04 is asked at once whether it cancels 01 with it.

The attack windows are stages of ``air_attack``'s ``Attack.order`` (the state stays at step "atk"); the others
are the steps "cwin:<window>:<side>:<passes>" (a side's window decision) and
"ceff:<card>:<phase>:<data>@<window>:<side>" (a card's dice and choices), after which the window reopens
for the side that played.

Hidden hands: a window pauses for a side whenever it holds at least one card of that window's timing, even
when none of them can be played in the position or on this turn (it may then only pass). So a pause tells
the opponent only that the side holds some card of that timing, never which one, nor whether it could
have played it; a window that does not pause tells that the side holds none of that timing (the one thing
that leaks, and the price of not pausing at every window of every turn).
"""
from __future__ import annotations

from kaisen.engine.core import Chance, Decision, Option
from kaisen.games.fury_at_midway import strike
from kaisen.games.fury_at_midway.common import Ctx, Later, lazy_label, narrate, return_group
from kaisen.games.fury_at_midway.state import MIDWAY, SIDE_NAME, SIDES, other

STEPS: frozenset[str] = frozenset({"cwin", "ceff"})

# window -> the card timing it serves and the rule it cites
WINDOWS = {
    "draw": ("card-draw", "5.0(1)"),
    "search": ("search", "7.0"),
    "opend": ("air-operation.end", "8.2"),
    "end": ("end-of-turn", "12.0"),
    "land": ("landing", "11.0"),
    "k-aim": ("air-attack.target-determination", "9.1"),
    "k-icpt": ("air-attack.cap-interception", "9.2"),
    "k-fight": ("air-attack.cap-interception", "9.2"),
    "k-bomb": ("air-attack.resolution", "9.4"),
}
WINDOW_TEXT = {
    "draw": "Card Draw Phase", "search": "start of the Search Phase", "opend": "end of the US air operation",
    "end": "end of the turn", "land": "the landing on Midway", "k-aim": "target determination",
    "k-icpt": "before the CAP intercepts", "k-fight": "as the fighters meet", "k-bomb": "hits on a carrier",
}
ATTACK_WINDOWS = ("k-aim", "k-icpt", "k-fight", "k-bomb")
TOWED, DAMAGE_CONTROL, REPLACEMENTS, SUBMARINE, BOMBARD, HSR, TROUBLED = 1, 2, 3, 4, 5, 6, 7
SEMPER_FI, SEPARATED, DITCH, LOST, ELITE, CRITICAL = 8, 9, 10, 11, 12, 13
SUB_HITS = {"usa": 1, "japan": 4}
HSR_VALUE = 8
BOMBARD_FLOOR = 2
SEMPER_FI_MAX = 5


# -- the deal and the draws (3.1(3), 3.2(4), 5.0(1)) -------------------------------------------------
def deal_pool(c: Ctx, side: str) -> list[int]:
    """3.1(3), 3.2(4): Japan deals from the Japan-only cards, the US from the US and either-side cards."""
    sources = c.d.draw.japan_hand_from if side == "japan" else c.d.draw.usa_hand_from
    dealt = set(c.s.hands["japan"]) | set(c.s.hands["usa"])
    return sorted(n for n, sp in c.d.cards.items() if sp.side in sources and n not in dealt)


def hand_size(c: Ctx, side: str) -> int:
    return c.d.draw.japan_hand if side == "japan" else c.d.draw.usa_hand


def start_deal(c: Ctx) -> None:
    c.s.step = "deal:japan"


def draw_chance(c: Ctx, step: str, side: str) -> Chance:
    """One card drawn at random: the die picks one of the cards left (their order is unknown to all)."""
    pool = deal_pool(c, side) if step == "deal" else list(c.s.deck)
    n = len(pool)
    who = c.side_name(side)
    rule = ("3.1(3)" if side == "japan" else "3.2(4)") if step == "deal" else "5.0(1)"
    return Chance((n,), f"{who} draws a card ({n} left to draw from)", rule,
                  tuple(f"card {i + 1} of {n}" for i in range(n)))


def on_draw(c: Ctx, step: str, side: str, face: int) -> None:
    s = c.s
    pool = deal_pool(c, side) if step == "deal" else list(s.deck)
    card = pool[face - 1]
    if step == "draw":
        s.deck = tuple(n for n in s.deck if n != card)
    if c.d.cards[card].playable_by(side):
        s.hands[side] = s.hands[side] + (card,)
        c.tellf(side, "card", "12.0", narrate, "{} draws {:02d} {}", c.side_name(side), card, c.d.cards[card].title)
    else:
        s.dead[side] = s.dead[side] + (card,)
        c.tellf(side, "card", "12.0", narrate, "{} draws {:02d} {}: the other side's card, kept out of play",
                c.side_name(side), card, c.d.cards[card].title)
    c.sayf("card", "12.0", narrate, "{} draws a card", c.side_name(side))
    if step == "deal":
        if len(s.hands[side]) < hand_size(c, side):
            return
        if side == "japan":
            s.step = "deal:usa"
            return
        dealt = set(s.hands["japan"]) | set(s.hands["usa"])
        s.deck = tuple(sorted(n for n in c.d.cards if n not in dealt))
        c.finish("deal")
        return
    offer(c, "draw", "japan", 0)


def drawing_side(c: Ctx) -> str | None:
    t = c.s.turn
    if t in c.d.draw.usa_turns:
        return "usa"
    if t in c.d.draw.japan_turns:
        return "japan"
    return None


# -- the windows of the sequence of play ------------------------------------------------------------
def card_draw_phase(c: Ctx) -> None:
    """5.0(1): US draws on turns 2, 4, 6; Japan on 3, 5, 7 (nothing when the deck is empty); then 05 / 06."""
    side = drawing_side(c)
    if side and c.s.deck:
        c.s.step = "draw:" + side
        return
    offer(c, "draw", "japan", 0)


def search_window(c: Ctx) -> None:
    """7.0: card 07 at the start of the Search Phase, before the AOP are worked out."""
    offer(c, "search", "usa", 0)


def op_end_window(c: Ctx) -> None:
    """Card 10 when a US air operation ends."""
    offer(c, "opend", "japan", 0)


def end_of_turn_window(c: Ctx) -> None:
    """Cards 01-04 at the end of the turn (before the victory checks of 4.1 / 4.2)."""
    offer(c, "end", "japan", 0)


def landing_window(c: Ctx) -> None:
    """11.0: card 08 as the Invasion Force lands."""
    offer(c, "land", "usa", 0)


def window_sides(c: Ctx, win: str) -> tuple[str, ...]:
    """The sides that may play some card of the window's timing, Japan first."""
    got = c.st.windows.get(win)         # the cards never change during a game: worked out once per data set
    if got is None:
        t = WINDOWS[win][0]
        got = c.st.windows[win] = tuple(sd for sd in SIDES if any(sp.timing == t and sp.playable_by(sd)
                                                                  for sp in c.d.cards.values()))
    return got


def holds(c: Ctx, side: str, win: str) -> bool:
    """The side holds a card of the window's timing (it is then offered the window, 12.0)."""
    t = WINDOWS[win][0]
    return any(c.d.cards[n].timing == t for n in c.s.hands[side])


def window_open(c: Ctx, win: str, side: str) -> bool:
    """The window occurs for the side now (public facts only)."""
    if win == "opend":
        return c.s.op_side == "usa"
    return True


def offer(c: Ctx, win: str, side: str, passes: int) -> None:
    """Pause for the next side holding a card of this timing; close the window once every side able to play
    here has passed in a row."""
    sides = window_sides(c, win)
    if side not in sides:
        side = sides[0]
    while passes < len(sides):
        if holds(c, side, win) and window_open(c, win, side):
            c.s.step = f"cwin:{win}:{side}:{passes}"
            return
        passes += 1
        side = sides[(sides.index(side) + 1) % len(sides)]
    close(c, win)


def close(c: Ctx, win: str) -> None:
    """The window is over: flow.py goes on with the sequence of play (`flow.AFTER_WINDOW`)."""
    c.finish("window", win)


# -- what may be played now -------------------------------------------------------------------------
def own_carriers(c: Ctx, side: str) -> list[str]:
    return [k for k, sp in c.d.carriers.items() if sp.side == side and sp.kind == "carrier"]


def repairable(c: Ctx, side: str) -> list[str]:
    """02 / 6.0: damaged carriers still afloat, not in a DMCV."""
    return [k for k in own_carriers(c, side) if c.damaged_boxes(k) and c.afloat(k) and c.s.dmcv.get(side) != k]


def towable(c: Ctx) -> list[str]:
    """01: US carriers sunk and not yet towed clear."""
    return [k for k in own_carriers(c, "usa") if k in c.s.sunk and k not in c.s.towed]


def sub_targets(c: Ctx, side: str) -> list[str]:
    """04: enemy carriers afloat with their fleet on the map."""
    return [k for k in own_carriers(c, other(side)) if c.afloat(k) and c.group_hex(c.group_of(k)) is not None]


def reduced_units(c: Ctx, side: str) -> list[str]:
    return sorted(q for q, (b, n) in c.s.air.items() if b != "lost" and c.side_of(q) == side
                  and not c.from_midway(q) and n < c.spec(q).steps)


def lost_units(c: Ctx, side: str) -> list[str]:
    return sorted(q for q, (b, _) in c.s.air.items() if b == "lost" and c.side_of(q) == side and not c.from_midway(q))


def hangars_with_room(c: Ctx, side: str) -> list[str]:
    return [k for k in own_carriers(c, side) if c.afloat(k) and len(c.aboard(k)) < c.capacity(k)]


def ditch_units(c: Ctx) -> list[str]:
    """10: units in the Return boxes of US carrier groups (not Midway's)."""
    return sorted(q for q, (b, _) in c.s.air.items() if b.startswith(("ret1:", "ret2:")) and c.side_of(q) == "usa"
                  and b.split(":", 1)[1] != MIDWAY)


def possible(c: Ctx, side: str, n: int) -> bool:
    """The card's effect can happen in this position (the window and turn are checked by `playable`)."""
    s = c.s
    if n == TOWED:
        return bool(towable(c))
    if n == DAMAGE_CONTROL:
        return bool(repairable(c, side))
    if n == REPLACEMENTS:
        return bool(reduced_units(c, side)) or bool(lost_units(c, side) and hangars_with_room(c, side))
    if n == SUBMARINE:
        return bool(sub_targets(c, side))
    if n == BOMBARD:
        return s.garrison > BOMBARD_FLOOR and s.midway_control == "usa"
    if n == HSR:
        return HSR not in s.active
    if n == TROUBLED:
        return s.on_map("1af")
    if n == DITCH:
        return True     # the Return boxes are the US player's own display: whether one holds a unit is no offer of Japan's
    a = s.attack
    if n == SEPARATED:
        return a is not None and bool(strike.escorts(c, a))
    if n == ELITE:
        return a is not None and not a.bonus.get("japan")
    if n == CRITICAL:
        return a is not None and bool(crit_targets(c, a))
    return True          # 08, 11: always possible in their window


def playable(c: Ctx, side: str, n: int, win: str) -> bool:
    sp = c.d.cards[n]
    return (n in c.s.hands[side] and sp.playable_by(side) and sp.timing == WINDOWS[win][0]
            and (not sp.turns or c.s.turn in sp.turns) and possible(c, side, n))


def window_decision(c: Ctx, win: str, side: str) -> Decision:
    opts = [Option(f"play:{n:02d}", None, {"verb": "play", "card": n, "window": win},
                   lazy_label("Play {:02d} {}: {}", n, c.d.cards[n].title, c.d.cards[n].effect))
            for n in sorted(c.s.hands[side]) if playable(c, side, n, win)]
    opts.append(Option("pass", "Play no card", {"verb": "pass", "window": win}))
    return Decision(side, f"{WINDOW_TEXT[win]}: play an event card?", tuple(opts), "12.0", "play-card")


def play(c: Ctx, side: str, n: int) -> None:
    """The card leaves the hand and lies face up (12.0)."""
    s = c.s
    s.hands[side] = tuple(x for x in s.hands[side] if x != n)
    s.played += (n,)
    c.sayf("card", "12.0", narrate, "{} plays {:02d} {}", SIDE_NAME[side], n, c.d.cards[n].title)


# -- the pause points ---------------------------------------------------------------------------------
def _eff(c: Ctx, n: int, phase: str, data: str, win: str, side: str) -> None:
    c.s.step = f"ceff:{n}:{phase}:{data}@{win}:{side}"


def _parse_eff(arg: str) -> tuple[int, str, str, str, str]:
    head, _, ctx = arg.partition("@")
    n, phase, data = head.split(":", 2)
    win, side = ctx.split(":")
    return int(n), phase, data, win, side


def pause(c: Ctx, step: str, arg: str):
    if step == "cwin":
        win, side, _ = arg.split(":")
        return window_decision(c, win, side)
    n, phase, data, win, side = _parse_eff(arg)
    return EFFECT_PAUSE[(n, phase)](c, side, data)


def on_answer(c: Ctx, step: str, arg: str, answer) -> None:
    if step == "cwin":
        win, side, passes = arg.split(":")
        if answer == "pass":
            sides = window_sides(c, win)
            offer(c, win, sides[(sides.index(side) + 1) % len(sides)], int(passes) + 1)
            return
        n = int(answer.partition(":")[2])
        play(c, side, n)
        START[n](c, side, win)
        return
    n, phase, data, win, side = _parse_eff(arg)
    EFFECT_ANSWER[(n, phase)](c, side, data, win, answer)


def reopen(c: Ctx, win: str, side: str) -> None:
    """After a card: the same side may play another card of the window, then the other side."""
    offer(c, win, side, 0)


def _choose(c: Ctx, n: int, side: str, win: str, options: list[str], data: str = "") -> None:
    """A choice of the card's effect: made at once when there is only one."""
    if len(options) == 1:
        EFFECT_ANSWER[(n, "pick")](c, side, data, win, options[0])
    else:
        _eff(c, n, "pick", data, win, side)


# 01 Towed to a Friendly Port (04 may cancel it)
def _start_01(c: Ctx, side: str, win: str) -> None:
    _choose(c, TOWED, side, win, [f"tow:{k}" for k in towable(c)])


def _pause_01(c: Ctx, side: str, data: str) -> Decision:
    return Decision("usa", "Towed to a Friendly Port: which sunk carrier was towed clear?",
                    tuple(Option(f"tow:{k}", c.carrier_name(k), {"verb": "tow", "carrier": k, "card": TOWED})
                          for k in towable(c)), "12.0", "towed-carrier")


def _on_01(c: Ctx, side: str, data: str, win: str, ans: str) -> None:
    k = ans.partition(":")[2]
    if SUBMARINE in c.s.hands["japan"]:
        _eff(c, TOWED, "resp", k, win, side)
        return
    _tow(c, k, win, side)


def _tow(c: Ctx, k: str, win: str, side: str) -> None:
    c.s.towed += (k,)
    c.sayf("card", "12.0", narrate, "{} was towed clear: out of play, but not counted as sunk", c.carrier_name(k))
    reopen(c, win, side)


def _pause_01_resp(c: Ctx, side: str, data: str) -> Decision:
    return Decision("japan", f"The US plays Towed to a Friendly Port for {c.carrier_name(data)}: cancel it?",
                    (Option(f"play:{SUBMARINE:02d}", None, {"verb": "play", "card": SUBMARINE, "carrier": data},
                            lazy_label("Play {:02d} {} to cancel it", SUBMARINE, c.d.cards[SUBMARINE].title)),
                     Option("pass", "Let it stand", {"verb": "pass", "carrier": data})), "12.0", "cancel-card")


def _on_01_resp(c: Ctx, side: str, data: str, win: str, ans: str) -> None:
    if ans == "pass":
        _tow(c, data, win, side)
        return
    play(c, "japan", SUBMARINE)
    c.sayf("card", "12.0", narrate, "{:02d} {} cancels {:02d} {}: {} stays sunk", SUBMARINE, c.d.cards[SUBMARINE].title,
           TOWED, c.d.cards[TOWED].title, c.carrier_name(data))
    reopen(c, win, side)


# 02 Damage Control
def _repair_options(c: Ctx, side: str) -> list[str]:
    return [f"repair:{k}:{b}" for k in repairable(c, side) for b in c.damaged_boxes(k)]


def _start_02(c: Ctx, side: str, win: str) -> None:
    _choose(c, DAMAGE_CONTROL, side, win, _repair_options(c, side))


def _pause_02(c: Ctx, side: str, data: str) -> Decision:
    opts = []
    for o in _repair_options(c, side):
        _, k, b = o.split(":")
        opts.append(Option(o, None, {"verb": "repair", "carrier": k, "deck_box": int(b), "card": DAMAGE_CONTROL},
                           lazy_label("{}: repair the {}", c.carrier_name(k), Later(strike._box_name, k, int(b)))))
    return Decision(side, "Damage Control: which damage marker comes off?" +
                    (" (on 1-3)" if side == "japan" else ""), tuple(opts), "12.0", "damage-control")


def _on_02(c: Ctx, side: str, data: str, win: str, ans: str) -> None:
    _, k, b = ans.split(":")
    if side == "japan":
        _eff(c, DAMAGE_CONTROL, "roll", f"{k}:{b}", win, side)
        return
    _repair(c, k, int(b))
    reopen(c, win, side)


def _repair(c: Ctx, k: str, b: int) -> None:
    rest = tuple(x for x in c.s.damage.get(k, ()) if x != b)
    if rest:
        c.s.damage[k] = rest
    else:
        c.s.damage.pop(k, None)
    c.sayf("card", "12.0", narrate, "Damage Control: {}'s {} is repaired", c.carrier_name(k),
           Later(strike._box_name, k, b))


def _pause_02_roll(c: Ctx, side: str, data: str) -> Chance:
    k = data.split(":")[0]
    return Chance((6,), f"Damage Control on {c.carrier_name(k)}: repaired on 1-3", "12.0", ("damage control die",))


def _on_02_roll(c: Ctx, side: str, data: str, win: str, faces) -> None:
    k, b = data.split(":")
    if faces[0] <= 3:
        _repair(c, k, int(b))
    else:
        c.sayf("card", "12.0", narrate, "Damage Control on {}: rolls {}, the repair fails", c.carrier_name(k), faces[0])
    reopen(c, win, side)


# 03 Air Replacements
def _replacement_options(c: Ctx, side: str) -> list[str]:
    out = [f"restore:{q}" for q in reduced_units(c, side)]
    rooms = hangars_with_room(c, side)
    out += [f"rebuild:{q}:{k}" for q in lost_units(c, side) for k in rooms]
    return out


def _start_03(c: Ctx, side: str, win: str) -> None:
    _choose(c, REPLACEMENTS, side, win, _replacement_options(c, side))


def _pause_03(c: Ctx, side: str, data: str) -> Decision:
    opts = []
    for o in _replacement_options(c, side):
        parts = o.split(":")
        if parts[0] == "restore":
            opts.append(Option(o, None, {"verb": "restore", "unit": parts[1], "card": REPLACEMENTS},
                               lazy_label("Flip {} to full strength", c.unit_name(parts[1]))))
        else:
            home = c.carrier_name(c.parent(parts[1]))
            opts.append(Option(o, None,
                               {"verb": "rebuild", "unit": parts[1], "carrier": parts[2], "card": REPLACEMENTS},
                               lazy_label("Return the eliminated {} ({}) reduced to {}'s hangar",
                                          c.spec(parts[1]).model, home, c.carrier_name(parts[2]))))
    return Decision(side, "Air Replacements: which unit?", tuple(opts), "12.0", "air-replacement")


def _on_03(c: Ctx, side: str, data: str, win: str, ans: str) -> None:
    parts = ans.split(":")
    q = parts[1]
    if parts[0] == "restore":
        c.s.air[q] = (c.s.air[q][0], c.spec(q).steps)
        c.tellf(side, "card", "12.0", narrate, "Air Replacements: {} is back to full strength", c.unit_name(q))
    else:
        c.s.air[q] = (f"hangar:{parts[2]}", 1)
        c.tellf(side, "card", "12.0", narrate, "Air Replacements: {} returns to {}'s hangar", c.unit_name(q),
                c.carrier_name(parts[2]))
    c.sayf("card", "12.0", narrate, "Air Replacements: {} replaces an aircraft unit", SIDE_NAME[side])
    # the enemy is told a unit was replaced, not which nor how: each of the side's losses it saw may be the one
    # undone, so it remembers none of them (Ctx.seen_loss)
    seen = c.s.seen_left
    if any(c.side_of(u) == side and not c.from_midway(u) for u in seen):
        c.s.seen_left = {u: n for u, n in seen.items() if c.side_of(u) != side or c.from_midway(u)}
    reopen(c, win, side)


# 04 Submarine
def _start_04(c: Ctx, side: str, win: str) -> None:
    _choose(c, SUBMARINE, side, win, [f"sub:{k}" for k in sub_targets(c, side)])


def _pause_04(c: Ctx, side: str, data: str) -> Decision:
    return Decision(side, f"Submarine: which enemy carrier is attacked (hits on {_range(SUB_HITS[side])})?",
                    tuple(Option(f"sub:{k}", None,
                                 {"verb": "target", "carrier": k, "hits": c.s.hits(k), "card": SUBMARINE},
                                 lazy_label("{} ({} hit(s))", c.carrier_name(k), c.s.hits(k)))
                          for k in sub_targets(c, side)), "12.0", "submarine-target")


def _range(n: int) -> str:
    return "1" if n == 1 else f"1-{n}"


def _on_04(c: Ctx, side: str, data: str, win: str, ans: str) -> None:
    k = ans.partition(":")[2]
    c.sayf("card", "12.0", narrate, "Submarine attack on {}", c.carrier_name(k))
    _eff(c, SUBMARINE, "roll", k, win, side)


def _pause_04_roll(c: Ctx, side: str, data: str) -> Chance:
    return Chance((6,), f"Submarine attack on {c.carrier_name(data)}: hits on {_range(SUB_HITS[side])}", "12.0",
                  ("submarine die",))


def _on_04_roll(c: Ctx, side: str, data: str, win: str, faces) -> None:
    k = data
    if faces[0] > SUB_HITS[side]:
        c.sayf("card", "12.0", narrate, "The submarine rolls {}: a miss", faces[0])
        reopen(c, win, side)
        return
    c.sayf("card", "12.0", narrate, "The submarine rolls {}: a torpedo hit on {}", faces[0], c.carrier_name(k))
    if strike.needs_location_die(c, k) and c.s.hits(k) < c.d.carriers[k].lost_at_hits - 1:
        _eff(c, SUBMARINE, "loc", k, win, side)
        return
    strike.carrier_hit(c, k, None)
    reopen(c, win, side)


def _pause_04_loc(c: Ctx, side: str, data: str) -> Chance:
    return Chance((6,), f"Where the hit on {c.carrier_name(data)} lands (1-3 bow, 4-6 stern)", "9.4(2)",
                  ("location die",))


def _on_04_loc(c: Ctx, side: str, data: str, win: str, faces) -> None:
    strike.carrier_hit(c, data, faces[0])
    reopen(c, win, side)


# 05 Naval Bombardment
def _start_05(c: Ctx, side: str, win: str) -> None:
    _eff(c, BOMBARD, "roll", "", win, side)


def _pause_05(c: Ctx, side: str, data: str) -> Chance:
    return Chance((6,), "Naval Bombardment: half the roll (rounded down) in Garrison losses, not below 2", "12.0",
                  ("bombardment die",))


def _on_05(c: Ctx, side: str, data: str, win: str, faces) -> None:
    s = c.s
    before = s.garrison
    s.garrison = max(BOMBARD_FLOOR, s.garrison - faces[0] // 2)
    c.sayf("card", "12.0", narrate, "Naval Bombardment rolls {}: Midway Garrison {} -> {}", faces[0], before,
           s.garrison)
    reopen(c, win, side)


# 06 High Speed Reconnaissance
def _start_06(c: Ctx, side: str, win: str) -> None:
    c.s.search_value["1af"] = HSR_VALUE
    c.s.active += (HSR,)
    c.sayf("card", "12.0", narrate, "The 1st Air Fleet searches with a value of {} this turn", HSR_VALUE)
    reopen(c, win, side)


# 07 Troubled Reconnaissance (also cancels 06)
def _start_07(c: Ctx, side: str, win: str) -> None:
    _eff(c, TROUBLED, "roll", "", win, side)


def _pause_07(c: Ctx, side: str, data: str) -> Chance:
    return Chance((6,), "Troubled Reconnaissance: Japan's roll is the 1st Air Fleet's search value", "12.0",
                  ("Japanese search die",))


def _on_07(c: Ctx, side: str, data: str, win: str, faces) -> None:
    s = c.s
    if HSR in s.active:
        s.active = tuple(x for x in s.active if x != HSR)
        c.sayf("card", "12.0", narrate, "{:02d} {} cancels {:02d} {}", TROUBLED, c.d.cards[TROUBLED].title, HSR,
               c.d.cards[HSR].title)
    s.search_value["1af"] = faces[0]
    c.sayf("card", "12.0", narrate, "Japan rolls {}: the 1st Air Fleet's search value this turn", faces[0])
    reopen(c, win, side)


# 08 Semper Fi!
def _start_08(c: Ctx, side: str, win: str) -> None:
    s = c.s
    if s.garrison <= SEMPER_FI_MAX:
        s.garrison += 1
        c.sayf("card", "12.0", narrate, "Semper Fi!: the Midway Garrison rises to {}", s.garrison)
    s.active += (SEMPER_FI,)
    c.say("card", "Semper Fi!: the Garrison fires first in this landing", "12.0")
    reopen(c, win, side)


# 10 US Carrier Planes Ditch
def _start_10(c: Ctx, side: str, win: str) -> None:
    """Japan may play 10 after any US air operation (what the US Return boxes hold is hidden from it); with no unit
    in a US carrier Return box the card is spent for nothing (interpretation, RULES.md)."""
    units = ditch_units(c)
    if not units:
        c.say("card", "No US unit is in a carrier Return box: the card has no effect", "12.0")
        reopen(c, win, side)
        return
    _choose(c, DITCH, side, win, [f"ditch:{q}" for q in units])


def _pause_10(c: Ctx, side: str, data: str) -> Decision:
    return Decision("usa", "US Carrier Planes Ditch: which unit in a carrier Return box loses a step?",
                    tuple(Option(f"ditch:{q}", None,
                                 {"verb": "ditch", "unit": q, "steps": c.s.air[q][1], "card": DITCH},
                                 lazy_label("{} ({} step(s))", c.unit_name(q), c.s.air[q][1]))
                          for q in ditch_units(c)), "12.0", "ditch-unit")


def _on_10(c: Ctx, side: str, data: str, win: str, ans: str) -> None:
    """The Return boxes are the US player's own display: Japan learns only that a step was lost."""
    q = ans.partition(":")[2]
    box, n = c.s.air[q]
    name = c.unit_name(q)
    c.s.air[q] = (box, n - 1) if n > 1 else ("lost", 0)
    c.tellf("usa", "loss", "12.0", narrate, "{} ditches: {}", name, 'loses a step' if n > 1 else 'eliminated')
    c.say("card", "A US unit in a carrier Return box loses a step (ditched)", "12.0")
    reopen(c, win, side)


START = {TOWED: _start_01, DAMAGE_CONTROL: _start_02, REPLACEMENTS: _start_03, SUBMARINE: _start_04,
         BOMBARD: _start_05, HSR: _start_06, TROUBLED: _start_07, SEMPER_FI: _start_08, DITCH: _start_10}
EFFECT_PAUSE = {(TOWED, "pick"): _pause_01, (TOWED, "resp"): _pause_01_resp, (DAMAGE_CONTROL, "pick"): _pause_02,
                (DAMAGE_CONTROL, "roll"): _pause_02_roll, (REPLACEMENTS, "pick"): _pause_03,
                (SUBMARINE, "pick"): _pause_04, (SUBMARINE, "roll"): _pause_04_roll,
                (SUBMARINE, "loc"): _pause_04_loc, (BOMBARD, "roll"): _pause_05, (TROUBLED, "roll"): _pause_07,
                (DITCH, "pick"): _pause_10}
EFFECT_ANSWER = {(TOWED, "pick"): _on_01, (TOWED, "resp"): _on_01_resp, (DAMAGE_CONTROL, "pick"): _on_02,
                 (DAMAGE_CONTROL, "roll"): _on_02_roll, (REPLACEMENTS, "pick"): _on_03,
                 (SUBMARINE, "pick"): _on_04, (SUBMARINE, "roll"): _on_04_roll, (SUBMARINE, "loc"): _on_04_loc,
                 (BOMBARD, "roll"): _on_05, (TROUBLED, "roll"): _on_07, (DITCH, "pick"): _on_10}


# -- the air-attack windows (stages of air_attack's Attack.order) ----------------------------------------
def crit_targets(c: Ctx, a) -> list[str]:
    """13: Japanese carriers with a hit from this US attack still to place."""
    return sorted({k for k in a.place if k in c.d.carriers and c.d.carriers[k].side == "japan"
                   and c.d.carriers[k].kind == "carrier"})


def attack_side(c: Ctx, a, win: str) -> str | None:
    """Who the attack window is for, or None when it does not occur in this attack."""
    if win == "k-aim":
        return "japan" if a.side == "usa" and a.group and strike.units(c, a) else None
    if win == "k-icpt":
        return "japan" if a.side == "usa" and strike._cap_fighters(c, a) and strike.attackers(c, a) else None
    if win == "k-fight":
        return ("japan" if a.side == "japan" and strike.live_interceptors(c, a) and strike.escorts(c, a)
                else None)
    if win == "k-bomb":
        return "usa" if a.side == "usa" and crit_targets(c, a) else None
    raise AssertionError(win)


def attack_enter(c: Ctx, a) -> bool:
    """The attack pauses at this window stage: its side holds a card of the timing."""
    side = attack_side(c, a, a.stage)
    return side is not None and holds(c, side, a.stage)


def attack_pause(c: Ctx, a) -> Decision:
    return window_decision(c, a.stage, attack_side(c, a, a.stage))


def attack_answer(c: Ctx, a, ans: str) -> None:
    """A window answer inside an attack; a pass moves on, a card acts and the window stays open."""
    win = a.stage
    if ans == "pass":
        strike.advance(a)
        return
    side = attack_side(c, a, win)
    n = int(ans.partition(":")[2])
    play(c, side, n)
    if n == LOST:
        a.hits, a.alloc = 2, "lost"
        a.stage = "end"
        c.sayf("card", "12.0", narrate, "Strike group {} never finds its target: it loses two steps and turns for home",
               a.gid)
    elif n == SEPARATED:
        fighters = strike.escorts(c, a)
        if len(fighters) == 1:
            separate(c, a, fighters[0])
        else:
            a.stage = "k09"
    elif n == ELITE:
        a.bonus["japan"] = a.bonus.get("japan", 0) + 1
        c.say("card", "Japanese fighters hit on one more than their strength in this air combat", "12.0")
        if a.side == "japan" and a.group == MIDWAY:
            strike.fire_escorts_first(c)
            c.say("card", "Against Midway's CAP the Japanese escorts fire first", "12.0")
    elif n == CRITICAL:
        ks = crit_targets(c, a)
        if len(ks) == 1:
            critical(c, a, ks[0])
        else:
            a.stage = "k13"
    else:
        raise AssertionError(f"card {n} in an attack window")


def separate(c: Ctx, a, q: str) -> None:
    """09: the fighter leaves the strike for the Return box the strike would use after its attack (9.5)."""
    g = c.s.groups[a.gid]
    box = "ret1" if g.midway_strike or g.flights <= 1 else "ret2"
    gr = return_group(c, q, g)
    c._leave_group(q)
    c.s.air[q] = (f"{box}:{gr}", c.s.air[q][1])
    c.sayf("card", "12.0", narrate, "{} is separated from strike group {} and goes to {} of {}", c.unit_name(q), a.gid,
           'Return 1' if box == 'ret1' else 'Return 2', c.group_name(gr))


def critical(c: Ctx, a, k: str) -> None:
    a.place += (k,)
    c.sayf("card", "12.0", narrate, "Critical Hit: {} takes one more hit", c.carrier_name(k))


def sub_stage_pause(c: Ctx, a) -> Decision:
    if a.stage == "k09":
        return Decision("japan", "Escort Separated: which US fighter leaves the strike?",
                        tuple(Option(f"sep:{q}", c.unit_name(q), {"verb": "separate", "unit": q, "group": a.gid,
                                                                  "card": SEPARATED})
                              for q in strike.escorts(c, a)), "12.0", "separate-escort")
    return Decision("usa", "Critical Hit: which Japanese carrier takes the extra hit?",
                    tuple(Option(f"crit:{k}", c.carrier_name(k), {"verb": "hit", "carrier": k, "card": CRITICAL})
                          for k in crit_targets(c, a)), "12.0", "critical-hit")


def sub_stage_answer(c: Ctx, a, ans: str) -> None:
    x = ans.partition(":")[2]
    if a.stage == "k09":
        separate(c, a, x)
        a.stage = "k-icpt"
    else:
        critical(c, a, x)
        a.stage = "k-bomb"
