"""Fighters of the Pacific in a real browser: a person flies the USA against the random AI in Fighter Sweep. The
SVG board shows every hex by its name and every airplane as a counter (its nose to its facing, high or low); the
hex a maneuver leads to lights up and a click on it flies the maneuver; a shot lights up its target airplane."""
from __future__ import annotations

import json

import pytest

from kaisen.agents.base import agent_names, make_agent
from kaisen.games.fighters_of_the_pacific import GAME
from kaisen.registry import get_game

from .test_browser import state, step, wait_ready

ONE_MP = ("advance", "slide-left", "slide-right", "turn-left", "turn-right")


def seat(api, token):
    return api.get(f"/api/seat/{token}").json()


def named(o) -> list[str]:
    """The board keys an option names (play.js `named`, the fields this game uses)."""
    f = o.get("fields") or {}
    return [str(f[k]) for k in ("hex", "target", "ship") if f.get(k) is not None]


def check_board_shows(page, view) -> None:
    b = view["board"]
    assert page.locator("#board svg.board-fighters-of-the-pacific").count() == 1
    assert page.locator("#board g.hex[data-key]").count() == b["cols"] * b["rows"]
    assert page.locator('#board [data-testid="hex-C3"]').get_attribute("data-key") == "C3"
    shown = page.eval_on_selector_all("#board .fotp-plane", "ns => ns.map(n => [n.dataset.key, n.dataset.alt, "
                                                            "n.dataset.facing, n.closest('g.hex').dataset.key])")
    want = sorted([p["id"], p["alt"], str(p["facing"]), p["hex"]] for p in view["planes"])
    assert sorted(shown) == want
    for sh in view["ships"]:
        assert page.locator(f'#board .fotp-ship[data-key="{sh["id"]}"]').count() == len(sh["segments"])
    assert f"Turn {view['turn']} of {view['end_turn']}" in page.locator("[data-testid=turn]").text_content()
    assert f"USA {view['vp']['usa']}" in page.locator("[data-testid=vp]").text_content()


def test_fighter_sweep_board_and_a_maneuver_flown_by_a_hex_click(browser, base_url, api, artifacts):
    made = api.post("/api/games", json={"game": "fighters-of-the-pacific", "scenario": "fighter-sweep", "seed": 7,
                                        "seats": {"usa": "human", "japan": "random"}}).json()
    token = made["tokens"]["usa"]
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    try:
        page.goto(made["links"]["usa"])
        wait_ready(page)
        p = seat(api, token)
        check_board_shows(page, p["view"])
        page.locator("#board").screenshot(path=str(artifacts / "fighters-of-the-pacific-start.png"))

        adviser = make_agent(GAME.id, "heuristic" if "heuristic" in agent_names(GAME.id) else "random", "usa", 1)
        flown: list[tuple[str, str, str]] = []
        lit_targets: set[str] = set()
        ambiguous = 0
        kinds = []
        for _ in range(150):
            wait_ready(page)
            if state(page) == "over":
                break
            if state(page) != "decision":
                page.wait_for_function("document.body.dataset.state !== 'waiting'", timeout=15000)
                continue
            p = seat(api, token)
            pend, view = p["pending"], p["view"]
            if pend.get("kind") != "decision":
                page.wait_for_timeout(50)
                continue
            check_board_shows(page, view)
            kinds.append((pend["decision_kind"], view["move"] and view["move"]["mp"]))
            lit = set(page.eval_on_selector_all("#board .target[data-key]", "ns => ns.map(n => n.dataset.key)"))
            # every place an option names is lit on the board, and nothing else
            assert lit == {k for o in pend["options"] for k in named(o)}, (lit, pend["options"])
            if pend["decision_kind"] == "shoot":
                targets = {o["fields"]["target"] for o in pend["options"] if o["fields"].get("target")}
                lit_targets |= targets & {k for k in lit}
                assert all(page.locator(f'#board .fotp-plane.target[data-key="{k}"]').count() == 1 for k in targets)
            # the person plays the solo bot's advice, by a click on the board where a maneuver names a hex
            st = GAME.from_json(view["position"])
            want = adviser.choose(GAME.view(st, "usa"), GAME.pause(st))
            o = next(x for x in pend["options"] if x["id"] == want)
            move = view["move"]
            before = step(page)
            if pend["decision_kind"] == "maneuver" and want in ONE_MP and o["fields"]["hex"]:
                # a click on its hex answers it where no other option names that hex; else the click picks out
                # the buttons of the options that do (a Dive or a Split-S to the same hex) and the person clicks
                # the one meant
                key = o["fields"]["hex"]
                same = sorted(x["id"] for x in pend["options"] if key in named(x))
                page.locator(f'#board g.hex[data-key="{key}"]').click()
                if len(same) > 1:
                    hl = page.eval_on_selector_all("#pending button.hl", "bs => bs.map(b => b.dataset.id)")
                    assert sorted(hl) == same, (hl, same)
                    page.locator(f'#pending button.hl[data-id="{want}"]').click()
                    ambiguous += 1
                page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=15000)
                after = seat(api, token)["view"]
                if after["move"] and after["move"]["plane"] == move["plane"]:      # the movement goes on
                    plane = next(x for x in after["planes"] if x["id"] == move["plane"])
                    assert after["move"]["path"][-1] == want
                    assert (plane["hex"], plane["facing"], plane["alt"]) == (key, o["fields"]["facing"],
                                                                              o["fields"]["alt"])
                flown.append((move["plane"], want, key))
            else:
                page.locator(f'#pending button.option[data-id="{want}"]').click()
                page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=15000)
            if len(flown) >= 3 and lit_targets:
                break
        assert flown, f"no maneuver was flown by a click on its hex: {kinds}"
        assert lit_targets, f"no shot lit up its target airplane: {kinds}"
        page.locator("#board").screenshot(path=str(artifacts / "fighters-of-the-pacific-usa.png"))
        page.screenshot(path=str(artifacts / "fighters-of-the-pacific-page.png"), full_page=True)
        (artifacts / "fighters-of-the-pacific-clicks.txt").write_text(
            f"maneuvers flown by hex clicks: {flown} ({ambiguous} picking among the options naming the hex); shot targets lit: {sorted(lit_targets)}\n")
    finally:
        page.close()


SCENARIOS = [sc.id for sc in get_game("fighters-of-the-pacific").scenarios]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_fotp_spectator_sees_the_board(browser, base_url, api, artifacts, scenario):
    """Every scenario against the solo bot, seen by a spectator: every airplane, ship segment, island site and
    cloud of the public view drawn on the board."""
    made = api.post("/api/games", json={"game": "fighters-of-the-pacific", "scenario": scenario, "seed": 2,
                                        "seats": {"usa": "human", "japan": "heuristic"}}).json()
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    try:
        page.goto(made["spectator"])
        page.wait_for_selector("#board svg.board-fighters-of-the-pacific", timeout=15000)
        view = seat(api, made["tokens"]["spectator"])["view"]
        check_board_shows(page, view)
        assert "public view" in page.locator("#board svg").text_content()
        page.locator("#board").screenshot(path=str(artifacts / f"fighters-of-the-pacific-{scenario}.png"))
    finally:
        page.close()
