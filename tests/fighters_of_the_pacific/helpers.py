"""Situations for the Fighters of the Pacific rule tests: a scenario's board with the airplanes, ships and island
sites a test places, started at a chosen step of the turn through the game's own flow, and small helpers that
answer the engine's decisions (activate, pick, maneuvers) the way a player would.

Board names ("C7") are `common.hex_of`; facings are 0 = north, clockwise (hexes.toml)."""
from __future__ import annotations

from typing import Iterable

from kaisen.engine.core import Decision, End, IllegalAction
from kaisen.games.fighters_of_the_pacific import GAME, flow
from kaisen.games.fighters_of_the_pacific.common import Ctx, hex_name, hex_of
from kaisen.games.fighters_of_the_pacific.data import ahead, neighbours
from kaisen.games.fighters_of_the_pacific.state import Barrage, FotPState, Plane, Ship, Site, Torpedo

D = GAME.data
H = hex_of
N, NE, SE, S, SW, NW = range(6)
JAPAN_TYPES = {"zero", "val", "kate"}

__all__ = ["D", "H", "N", "NE", "SE", "S", "SW", "NW", "GAME", "IllegalAction", "Decision", "End", "hex_name",
           "ahead", "neighbours", "pl", "ship", "site", "situation", "offered", "option", "pause", "kind", "at",
           "activate", "fly", "route", "back", "events", "answer", "step_through", "play_random", "Torpedo", "Barrage"]


def pl(pid: str, where: str, facing: int = N, alt: str = "high", *, damage: int = 0, ordnance: str = "",
       activated: bool = False) -> tuple[str, Plane]:
    """An airplane placed by a test: its id "<side>-<type>-<n>" gives side and type; `where` is a board name."""
    side, typ, _ = pid.split("-")
    assert (side == "japan") == (typ in JAPAN_TYPES), pid
    return pid, Plane(side, typ, H(where), facing, alt, damage, ordnance, activated)


def ship(sid: str, side: str, cls: str, hexes: Iterable[str], hit: Iterable[bool] | None = None,
         token: str | None = None) -> tuple[str, Ship]:
    """A ship placed by a test, its segments' board names front first."""
    hx = tuple(H(h) for h in hexes)
    return sid, Ship(side, token or (sid if cls == "carrier" else "destroyer"), cls, hx,
                     tuple(hit) if hit is not None else (False,) * len(hx))


def site(kind: str, side: str, where: str, destroyed: bool = False) -> tuple[str, Site]:
    """An island AA ("aa") or objective ("objective") marker, with the engine's id."""
    return ("aa@" if kind == "aa" else "obj@") + where, Site(kind, side, H(where), destroyed)


def situation(scenario: str = "fighter-sweep", planes: Iterable[tuple[str, Plane]] = (), *, side: str = "usa",
              phase: str = "activation", turn: int = 1, ships: Iterable[tuple[str, Ship]] | None = None,
              sites: Iterable[tuple[str, Site]] | None = None, torpedoes: Iterable[Torpedo] = (),
              barrages: Iterable[Barrage] = (), aa_done: Iterable[str] = (),
              vp: dict[str, int] | None = None) -> FotPState:
    """A state of `scenario` with only the given airplanes (and ships and sites where given; else the
    scenario's own), where `side` holds the initiative, started at `phase` (a step of flow.SEQUENCE) through the
    game's flow: for "activation" the air groups are formed and `side` is asked first.

    The flow goes on from there as the game would: if nothing is left to do in that phase (say every airplane
    and AA is placed already activated), the turn ends and the activation markers come off. Keep one unit
    unactivated to stay in Phase 2."""
    s = GAME.new_state(scenario).copy()
    s.planes = dict(planes)
    if ships is not None:
        s.ships = dict(ships)
    if sites is not None:
        s.sites = dict(sites)
    s.torpedoes = tuple(torpedoes)
    s.barrages = tuple(barrages)
    s.aa_done = tuple(aa_done)
    s.turn = turn
    s.initiative = side
    s.turn_side = side
    s.groups, s.group, s.move, s.chain, s.resolving, s.todo = (), (), None, (), -1, ()
    s.vp = dict(vp) if vp else {"japan": 0, "usa": 0}
    s.scored = ()
    s.result = None
    c = Ctx(s, D)
    flow._start(c, flow._INDEX[phase])
    flow._advance(c)
    s.last_events = tuple(c.ev)
    s.cache = None
    return s


def back(where: str, facing: int, n: int) -> str:
    """The board name `n` hexes behind `where` for an airplane facing `facing` (so n Advances end at `where`)."""
    return hex_name(ahead(H(where), (facing + 3) % 6, n))


def pause(s: FotPState):
    return GAME.pause(s)


def kind(s: FotPState) -> str:
    p = GAME.pause(s)
    return "end" if isinstance(p, End) else p.kind


def offered(s: FotPState) -> list[str]:
    """The option ids the state offers now."""
    p = GAME.pause(s)
    return [] if isinstance(p, End) else p.ids()


def option(s: FotPState, oid: str) -> dict:
    """The structured fields of an offered option."""
    return GAME.pause(s).option(oid).fields


def at(s: FotPState, plane: str) -> tuple[str, int, str] | None:
    """Where an airplane is: (board name, facing, altitude), or None if it is gone."""
    p = s.planes.get(plane)
    return None if p is None else (hex_name(p.hex), p.facing, p.alt)


def answer(s: FotPState, *ids: str) -> FotPState:
    """Apply answers in order, checking each is offered (IllegalAction otherwise, as the engine raises it)."""
    for a in ids:
        s = GAME.apply(s, a)
    return s


def activate(s: FotPState, plane: str) -> FotPState:
    """Answer the activate (and pick) decisions so that `plane` starts its movement."""
    p = GAME.pause(s)
    if p.kind == "activate":
        oid = next(o.id for o in p.options if o.fields["verb"] == "activate" and plane in o.fields["planes"])
        s = GAME.apply(s, oid)
        p = GAME.pause(s)
    if isinstance(p, Decision) and p.kind == "pick-airplane":
        s = GAME.apply(s, "plane:" + plane)
    assert s.step == "fly:" + plane, (s.step, plane)
    return s


def fly(s: FotPState, plane: str, maneuvers: Iterable[str], end: bool = True) -> FotPState:
    """Activate `plane` (if it is not moving yet), make the maneuvers, and end its movement when asked."""
    if s.step != "fly:" + plane:
        s = activate(s, plane)
    for m in maneuvers:
        s = GAME.apply(s, m)
    if end and s.step == "fly:" + plane:
        s = GAME.apply(s, "end")
    return s


def route(s: FotPState, plane: str, where: str, facing: int | None = None, alt: str | None = None,
          avoid: Iterable[str] = ("dive", "split-s")) -> list[str]:
    """A legal list of maneuver ids (found by trying the offered ones through GAME.apply) that ends the
    movement of `plane` at `where` (and `facing`, `alt` where given), skipping the maneuvers in `avoid`."""
    if s.step != "fly:" + plane:
        s = activate(s, plane)
    goal = H(where)
    from kaisen.games.fighters_of_the_pacific.data import hex_distance

    def fits(x: FotPState) -> bool:
        p = x.planes.get(plane)
        return p is not None and p.hex == goal and facing in (None, p.facing) and alt in (None, p.alt)

    def search(x: FotPState, path: list[str]) -> list[str] | None:
        if x.step != "fly:" + plane:
            return path if fits(x) else None
        if "end" in offered(x) and fits(x):
            return path
        mp = x.move.mp
        if hex_distance(x.planes[plane].hex, goal) > mp + 1:
            return None
        for o in GAME.pause(x).options:
            if o.fields.get("verb") != "maneuver" or o.fields["maneuver"] in avoid or o.fields["off_board"]:
                continue
            got = search(GAME.apply(x, o.id), path + [o.id])
            if got is not None:
                return got
        return None

    found = search(s, [])
    assert found is not None, f"no route for {plane} to {where} {facing} {alt}"
    return found


def events(s: FotPState) -> list[tuple[str, str]]:
    """The last apply's events as (kind, text)."""
    return [(e.kind, e.text) for e in GAME.events(s)]


def step_through(s: FotPState, choose) -> FotPState:
    """Answer every decision with `choose(decision)` until the End (a safety cap keeps it finite)."""
    for _ in range(20000):
        p = GAME.pause(s)
        if isinstance(p, End):
            return s
        s = GAME.apply(s, choose(p))
    raise AssertionError("the game did not end")


def play_random(s: FotPState, rng) -> FotPState:
    return step_through(s, lambda p: rng.choice(p.options).id)
