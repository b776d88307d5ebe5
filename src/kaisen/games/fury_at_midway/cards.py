"""12.0 Event cards: the opening hands (3.1(3), 3.2(4)), the draw deck and its draws (5.0(1), 12.0), and the
windows of the sequence of play where cards may be played."""
from __future__ import annotations

from kaisen.engine.core import Chance
from kaisen.games.fury_at_midway.common import Ctx

STEPS: frozenset[str] = frozenset()


def title(c: Ctx, n: int) -> str:
    return f"{n:02d} {c.d.cards[n].title}"


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
        c.tell(side, "card", f"{c.side_name(side)} draws {title(c, card)}", "12.0")
    else:
        s.dead[side] = s.dead[side] + (card,)
        c.tell(side, "card", f"{c.side_name(side)} draws {title(c, card)}: the other side's card, kept out of play",
               "12.0")
    c.say("card", f"{c.side_name(side)} draws a card", "12.0")
    if step == "deal":
        if len(s.hands[side]) < hand_size(c, side):
            return
        if side == "japan":
            s.step = "deal:usa"
            return
        dealt = set(s.hands["japan"]) | set(s.hands["usa"])
        s.deck = tuple(sorted(n for n in c.d.cards if n not in dealt))
        from kaisen.games.fury_at_midway import setup
        setup.start_placement(c, "japan")
        return
    from kaisen.games.fury_at_midway import flow
    flow.after_card_draw(c)


def drawing_side(c: Ctx) -> str | None:
    t = c.s.turn
    if t in c.d.draw.usa_turns:
        return "usa"
    if t in c.d.draw.japan_turns:
        return "japan"
    return None


def card_draw_phase(c: Ctx) -> None:
    """5.0(1): US draws on turns 2, 4, 6; Japan on 3, 5, 7 (nothing when the deck is empty)."""
    side = drawing_side(c)
    if side and c.s.deck:
        c.s.step = "draw:" + side
        return
    from kaisen.games.fury_at_midway import flow
    flow.after_card_draw(c)


def search_window(c: Ctx) -> None:
    from kaisen.games.fury_at_midway import flow
    flow.air_phase(c)


def op_end_window(c: Ctx) -> None:
    from kaisen.games.fury_at_midway import flow
    flow.after_op_cards(c)


def end_of_turn_window(c: Ctx) -> None:
    from kaisen.games.fury_at_midway import flow
    flow.after_end_cards(c)


def pause(c: Ctx, step: str, arg: str):
    raise AssertionError(f"no card step {step!r}")


def on_answer(c: Ctx, step: str, arg: str, answer) -> None:
    raise AssertionError(f"no card step {step!r}")
