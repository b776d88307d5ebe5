"""The public view (`Game.public_view`, what a spectator sees): what neither side's view hides.

For every registered game, random legal play, at sampled states:
- it is JSON-serialisable, says `"side": "public"`, and is the same on every call;
- fact by fact (each leaf: dicts and lists of structures opened, lists of plain values whole) it says what one of the sides' views says at the same place, and
  nothing that neither view has; its pending decision or dice say only what the side kept in the dark reads
  ("<side> is deciding", never the options or the prompt; "dice are rolled" where a side may not know why);
- identifiers (unit, ship, squadron ids outside the static name tables): none appears in it that is absent from
  EITHER side's view (public ⊆ first side's view ∩ second side's view), and each game's own no-leak rules
  (tests/<game>/test_properties.py) hold for both sides at once;
- it does not change when either side's secrets are swapped for others (Fury at Midway: the hands and the US
  plot; Pacific Fury: which ships are in which face-down task force or base; Victory in the Pacific: a day or
  night choice the other side has not matched yet)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from fury_at_midway.test_properties import SIDE_OF, swap_hidden
from pacific_fury.test_properties import NAMES as PF_NAMES, known_to as pf_known_to
from kaisen.engine import testing
from kaisen.engine.core import Chance, Decision, End, Game
from kaisen.registry import GAMES, get_game

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
STATIC = ("names", "units", "card_titles")      # printed tables, the same in every view
HIDDEN = "dice are rolled"


def sampled_states(game: Game, seed: int, every: int):
    """Every `every`-th state of a random game, and its last state."""
    last = None
    for i, (s, _, nxt) in enumerate(testing.random_game(game, seed)):
        last = nxt
        if i % every == 0:
            yield s
    if last is not None:
        yield last


def leaves(obj, path=()):
    """{path: value}: dicts opened key by key and lists of dicts or lists item by item; anything else a leaf."""
    if isinstance(obj, dict) and obj:
        items = obj.items()
    elif isinstance(obj, list) and obj and all(isinstance(x, (dict, list)) for x in obj):
        items = enumerate(obj)
    else:
        return {path: obj}
    out = {}
    for k, v in items:
        out.update(leaves(v, path + (k,)))
    return out


def strings(obj, skip=STATIC):
    """Every string in a view, dict keys included, outside the static tables."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in skip:
                continue
            if isinstance(k, str):
                yield k
            yield from strings(v, skip)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings(v, skip)
    elif isinstance(obj, str):
        yield obj


def identifiers(game: Game) -> set[str]:
    """The ids a view may hide: every unit, ship or squadron the game has."""
    if hasattr(game, "unit_ids"):             # a game whose units are made per scenario (Fighters of the Pacific)
        return set(game.unit_ids())
    d = game.data
    for table in ("ships", "squadrons", "units"):
        if hasattr(d, table):
            return set(getattr(d, table))
    raise AssertionError(f"{game.id}: no table of units to check the public view against")


def other_side(game: Game, side: str) -> str:
    return next(s for s in game.sides if s != side)


def check_against_side_views(game: Game, s) -> dict:
    """The generic checks; returns the public view."""
    pub = game.public_view(s)
    assert json.loads(json.dumps(pub)) == pub, "the public view is not plain JSON"
    assert pub["side"] == "public" and game.public_view(s) == pub
    views = {sd: game.view(s, sd) for sd in game.sides}
    first, second = (views[sd] for sd in game.sides)
    # who is to move is public; what they are offered or why dice roll, only as the kept-out side reads it
    pause = game.pause(s)
    pp = pub["pending"]
    if isinstance(pause, Decision):
        assert pp == views[other_side(game, pause.side)]["pending"]
        assert pp.get("options") is None and pp["prompt"] == f"{pause.side} is deciding"
    elif first["pending"] != second["pending"]:
        assert isinstance(pause, Chance) and pp in (first["pending"], second["pending"]) and pp["reason"] == HIDDEN
    else:
        assert pp == first["pending"]
    # fact by fact: as one side's view has it, at the same place
    lf, ls = leaves(first), leaves(second)
    for path, value in leaves({k: v for k, v in pub.items() if k not in ("side", "pending")}).items():
        told = [lv[path] for lv in (lf, ls) if path in lv]
        if value == {} and not told:     # withheld whole where a side sees what is inside
            continue
        assert value in told, f"{game.id}: public {'/'.join(map(str, path))} = {value!r}, the sides see {told!r}"
    # identifiers: only those in both sides' views
    ids = identifiers(game)
    in_pub = set(strings(pub)) & ids
    missing = {sd: in_pub - set(strings(v)) for sd, v in views.items()}
    assert not any(missing.values()), f"{game.id} at {getattr(s, 'step', '?')}: public view names {missing}"
    return pub


# -- swapping secrets: the public view must not move ----------------------------------------------------
def pf_swap_concealed(s, side: str, rng: random.Random):
    """Pacific Fury: the same state with `side`'s face-down ships (unrevealed task forces, a hidden base)
    dealt again among the same face-down places, each keeping its count."""
    t = s.copy()
    d = get_game("pacific-fury").data
    places = [("tf", k) for k, tf in sorted(t.tfs.items()) if tf.side == side and not tf.revealed]
    if t.base_revealed != side:
        places.append(("base", None))
    held = {}
    for kind, k in places:
        held[(kind, k)] = list(t.tfs[k].ships) if kind == "tf" else [
            u for u in d.order if t.loc[u] == "base" and d.ships[u].side == side]
    pool = [u for us in held.values() for u in us]
    rng.shuffle(pool)
    tfs = dict(t.tfs)
    for (kind, k), us in held.items():
        mine, pool = pool[:len(us)], pool[len(us):]
        for u in mine:
            t.loc[u] = f"tf:{k}" if kind == "tf" else "base"
        if kind == "tf":
            tfs[k] = tfs[k]._replace(ships=tuple(mine))
    t.tfs = tfs
    return t


def vitp_swap_choice(s):
    """Victory in the Pacific: a day/night choice made while the other side is still choosing, flipped."""
    cb = s.combat
    if cb is None or not cb.stage.startswith("choose:") or not cb.choice:
        return None
    t = s.copy()
    t.combat.choice = {sd: ("night" if ch == "day" else "day") for sd, ch in t.combat.choice.items()}
    return t


# -- the tests ---------------------------------------------------------------------------------------------
def test_the_engine_default_says_a_game_has_no_public_view():
    class Bare(Game):
        id, title, sides, scenarios = "bare", "Bare", ("a", "b"), ()
        new_state = pause = apply = events = view = sample_state = to_json = from_json = lambda *a: None
    with pytest.raises(NotImplementedError, match="bare has no public view"):
        Bare().public_view(object())


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_every_game_has_a_public_view_within_both_sides_views(game_id, seed):
    game = get_game(game_id)
    every = {"victory-in-the-pacific": 13}.get(game_id, 4)
    n = 0
    for s in sampled_states(game, seed, every):
        check_against_side_views(game, s)
        n += 1
    assert n > 3


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_pacific_fury_public_view_names_no_ship_either_side_has_not_seen(seed):
    game = get_game("pacific-fury")
    rng = random.Random(seed)
    ships = game.data.ships
    for s in sampled_states(game, seed, 1):
        pub = check_against_side_views(game, s)
        secret = set()
        for side in game.sides:    # the foe's units this side has not identified
            foe = other_side(game, side)
            secret |= {u for u, sp in ships.items() if sp.side == foe} - pf_known_to(s, side)
        assert not secret & set(strings(pub)), f"public view shows {secret & set(strings(pub))}"
        text = json.dumps({k: v for k, v in pub.items() if k not in STATIC})
        assert not {u for u in secret if PF_NAMES[u].search(text)}
        for side in game.sides:
            assert game.public_view(pf_swap_concealed(s, side, rng)) == pub


@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_fury_at_midway_public_view_shows_no_hand_plot_display_or_squadron_out_of_an_attack(seed):
    game = get_game("fury-at-midway")
    rng = random.Random(seed)
    for s in sampled_states(game, seed, 3):
        pub = check_against_side_views(game, s)
        assert pub["plot"] is None
        for sd in game.sides:
            assert pub["hands"][sd] is None and pub["dead_cards"][sd] is None and pub["displays"][sd] is None
            assert pub["hand_sizes"][sd] == len(s.hands[sd])
        # the squadrons seen losing steps in an attack, flown in the open (2.6), are public: `seen_left`
        assert pub["seen_left"] == s.seen_left
        outside = set(strings({k: v for k, v in pub.items() if k not in ("attack", "seen_left")}))
        assert not {q for q in outside if q in SIDE_OF}, f"public view names squadrons at {s.step}"
        if pub["attack"] is not None:
            a = s.attack
            seen = set(s.groups[a.gid].units) if a.gid in s.groups else set()
            seen |= set(a.interceptors) | set(s.at("cap:" + a.group)) if a.group else set()
            for k in game.data.carriers:
                seen |= {q for q in s.air if s.air[q][0].startswith(f"deck:{k}:")}
            assert {q for q in strings(pub["attack"]) if q in SIDE_OF} <= seen
        for side in game.sides:     # the foe's hand (and, for Japan's eyes, the US plot) dealt again
            assert game.public_view(swap_hidden(s, side, rng)) == pub
        assert game.public_view(swap_hidden(swap_hidden(s, "japan", rng), "usa", rng)) == pub


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_victory_in_the_pacific_public_view_keeps_a_day_night_choice_until_both_have_chosen(seed):
    game = get_game("victory-in-the-pacific")
    checked = 0
    for i, (s, _, _) in enumerate(testing.random_game(game, seed)):
        cb = s.combat
        if cb is None or not cb.stage.startswith("choose:"):
            if i % 29 == 0:
                check_against_side_views(game, s)
            continue
        pub = check_against_side_views(game, s)
        assert pub["combat"]["choice"] == {} and pub["control_state"]["combat"]["choice"] == {}
        flipped = vitp_swap_choice(s)
        if flipped is not None:
            checked += 1
            assert game.public_view(flipped) == pub
            assert game.view(flipped, cb.stage.split(":")[1]) == game.view(s, cb.stage.split(":")[1])
    assert checked > 0


def test_the_public_view_at_the_end_is_still_only_public():
    """At the end the server shows the omniscient view; the public view itself never becomes it."""
    for game_id in sorted(GAMES):
        game = get_game(game_id)
        *_, (_, _, last) = testing.random_game(game, 3)
        assert isinstance(game.pause(last), End)
        pub = check_against_side_views(game, last)
        assert pub["pending"]["kind"] == "end"


def test_pacific_fury_submarine_pick_is_public_only_as_dice_rolled_and_truk_stays_face_down():
    from pacific_fury.helpers import play, turn_start
    game = get_game("pacific-fury")
    s, _ = turn_start(2, -1, returns={"kongo": 2})
    s, _ = play(s, (1,))                       # Submarine Attack: a die picks a ship in Truk
    assert isinstance(game.pause(s), Chance)
    pub = check_against_side_views(game, s)
    assert pub["pending"] == {"kind": "chance", "reason": HIDDEN, "dice": 1}
    assert pub["sides"]["japan"]["base"] is None and pub["sides"]["japan"]["base_count"] > 0
    assert game.public_view(pf_swap_concealed(s, "japan", random.Random(1))) == pub
