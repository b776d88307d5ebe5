"""Counters instead of lists (issue 14, item 2): Pacific Fury's bases and operation boxes hold their ships as
counters (name, type, CF-DF) with face-down backs and a count for what the viewer may not see; Victory in the
Pacific's areas and ports hold their units as counters, many collapsed to a stack with a count. Screenshots go to
tests/web/artifacts/."""
from __future__ import annotations

import random

from .test_browser import state, wait_ready
from .test_table import DESKTOP, click_button, new_game, play


def _counter_says(page, scope, u, spec):
    text = page.locator(f'#board [data-testid="{scope}"] [data-testid="ship-{u}"]').text_content()
    assert spec["type"] in text
    if spec["type"] not in ("AP", "TE"):
        assert f"{spec['cf']}-{spec['df']}" in text


def test_pacific_fury_bases_and_operation_boxes_hold_counters(browser, base_url, api, artifacts):
    from kaisen.games.pacific_fury.views import hidden_units
    made = new_game(api, "pacific-fury", "usa", seed=5)
    token = made["tokens"]["usa"]
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["usa"])
        wait_ready(page)
        view = api.get(f"/api/seat/{token}").json()["view"]
        for u in view["sides"]["usa"]["base"]:                  # the own base: every ship a counter
            _counter_says(page, "base-usa", u, view["units"][u])
        jp = view["sides"]["japan"]
        assert jp["base"] is None and jp["base_count"] > 0          # Japan's base is face down to the USA
        assert page.locator("#board [data-testid=base-japan] .pf-back").count() == min(jp["base_count"], 5)
        assert page.locator("#board [data-testid=base-japan] .pf-stack > text").text_content() == str(jp["base_count"])
        assert page.locator("#board [data-testid=base-japan] .pf-ship").count() == 0
        # a stretch of play until both sides have task forces in operation boxes
        _, seen = play(page, random.Random(7), 200, board=False, until="""
            !!document.querySelector('#board [data-testid^=box-usa-] .pf-ship') &&
            !!document.querySelector('#board [data-testid^=box-japan-] .pf-back')""")
        assert seen, "no operation box held task forces of both sides"
        view = api.get(f"/api/seat/{token}").json()["view"]
        for tf in view["sides"]["usa"]["boxes"]:
            for u in tf["ships"]:
                _counter_says(page, f"box-usa-{tf['box']}", u, view["units"][u])
        for tf in view["sides"]["japan"]["boxes"]:
            assert tf["ships"] is None
            box = page.locator(f"#board [data-testid=box-japan-{tf['box']}]")
            assert f"{tf['tf']} · {tf['count']} face down" in box.text_content()
        # fog of war: no hidden Japanese ship is named in a Japanese base or box
        japan_text = " ".join(page.eval_on_selector_all("#board [data-testid^=box-japan-], #board [data-testid=base-japan]",
                                                        "ns => ns.map(n => n.textContent)"))
        for u in hidden_units(view, "usa"):
            assert view["names"][u] not in japan_text, u
        page.locator("#board").screenshot(path=str(artifacts / "pacific-fury-boxes.png"))
    finally:
        page.close()


def test_vitp_units_in_areas_and_ports_are_counters_or_stacks_on_the_printed_layout(browser, base_url, api, artifacts):
    made = new_game(api, "victory-in-the-pacific", "allies", seed=7)
    token = made["tokens"]["allies"]
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["allies"])
        wait_ready(page)
        _, seen = play(page, random.Random(3), 60, board=False, until="!!document.querySelector('#board .area .vitp-stack')")
        assert seen, "no place held enough units to be stacked"
        view = api.get(f"/api/seat/{token}").json()["view"]
        data = api.get("/api/boards/victory-in-the-pacific").json()
        # every unit in an area or a port is on the map: as its own counter or counted in a stack of its type
        shown = set(page.eval_on_selector_all("#board .area .vitp-unit", "ns => ns.map(n => n.dataset.key)"))
        stacked = sum(int(n) for n in page.eval_on_selector_all("#board .area .vitp-stack", "ns => ns.map(n => n.dataset.count)"))
        placed = [u for u, i in view["units"].items() if i["loc"].split(":")[0] in ("sea", "port", "home")]
        assert shown <= set(placed) and len(shown) + stacked == len(placed)
        for u in list(shown)[:12]:                       # a counter says its name, type and printed factors
            d = data["units"][u]
            text = page.locator(f'#board .area [data-testid="unit-{u}"]').first.text_content()
            assert (d.get("type") or d["kind"].upper()) in text
            if d["kind"] == "ship":
                assert f"{d['gunnery']}" in text and f"{d['speed']}" in text
        # a stack tells its units on hover or tap
        stack = page.locator("#board .area .vitp-stack").first
        assert int(stack.get_attribute("data-count")) >= 2
        assert len(stack.locator("title").text_content().splitlines()) == int(stack.get_attribute("data-count")) + 1
        # the printed layout: Japan top left, Hawaii right, the Indian Ocean bottom left, the Coral Sea and South
        # Pacific bottom middle, the U.S. Mandate bottom right
        box = {a: page.locator(f"#board [data-testid=area-{a}] > rect.area-box").bounding_box() for a in
               ("japanese-islands", "hawaiian-islands", "indian-ocean", "coral-sea", "south-pacific", "us-mandate", "indonesia")}
        assert all(box["japanese-islands"]["y"] < box[a]["y"] for a in box if a not in ("japanese-islands",))
        assert all(box["japanese-islands"]["x"] <= box[a]["x"] for a in box)
        assert box["hawaiian-islands"]["x"] >= max(box[a]["x"] for a in box)
        assert box["indian-ocean"]["y"] >= max(box[a]["y"] for a in box) and box["indian-ocean"]["x"] == box["japanese-islands"]["x"]
        assert box["indian-ocean"]["x"] < box["coral-sea"]["x"] < box["us-mandate"]["x"]
        assert box["south-pacific"]["x"] < box["us-mandate"]["x"] and box["us-mandate"]["y"] > box["hawaiian-islands"]["y"]
        page.locator("#board").screenshot(path=str(artifacts / "victory-in-the-pacific-counters.png"))
    finally:
        page.close()


def test_fury_at_midway_strike_group_reach_drawn_from_the_options(browser, base_url, api, artifacts):
    made = new_game(api, "fury-at-midway", "japan", seed=7)
    token = made["tokens"]["japan"]
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["japan"])
        wait_ready(page)
        assert page.locator("#board .reach").count() == 0           # no decision about a strike group yet
        for until in ("!!document.querySelector('#board .reach')",
                      "document.body.dataset.state === 'decision' && !!document.querySelector('#board .reach:not([data-groups=launch])')"):
            _, seen = play(page, random.Random(6), 400, board=False, until=until)
            if not seen:
                break
            pending = api.get(f"/api/seat/{token}").json()["pending"]
            want = {}
            for o in pending["options"]:
                f = o["fields"]
                g = f.get("group") if f.get("verb") == "move" else "launch" if f.get("verb") == "launch" else None
                if g:
                    want.setdefault(f["hex"], set()).add(g)
            drawn = {n["hex"]: set(n["groups"].split()) for n in page.eval_on_selector_all(
                "#board .reach", "ns => ns.map(n => ({hex: n.dataset.testid.slice(6), groups: n.dataset.groups}))")}
            assert drawn == want and drawn
            for h in drawn:                  # each hex in reach is also the lit, clickable hex
                assert page.locator(f'#board .hex.target[data-key="{h}"]').count() == 1
            name = "launch" if all(g == {"launch"} for g in drawn.values()) else "fly"
            page.locator("#board").screenshot(path=str(artifacts / f"fury-at-midway-reach-{name}.png"))
        assert page.locator("#board .reach").count(), "no strike group's reach was drawn"
    finally:
        page.close()


def test_vitp_a_unit_an_option_names_is_its_own_lit_counter_not_hidden_in_a_stack(browser, base_url, api, artifacts):
    made = new_game(api, "victory-in-the-pacific", "allies", seed=7)
    token = made["tokens"]["allies"]
    data = api.get("/api/boards/victory-in-the-pacific").json()
    page = browser.new_page(viewport=DESKTOP)
    rng, crowded = random.Random(5), 0
    try:
        page.goto(made["links"]["allies"])
        for _ in range(60):
            wait_ready(page)
            if state(page) != "decision":
                if state(page) == "over":
                    break
                page.wait_for_function("document.body.dataset.state !== 'waiting'", timeout=15000)
                continue
            payload = api.get(f"/api/seat/{token}").json()
            units = payload["view"]["units"]
            named = {o["fields"]["unit"] for o in payload["pending"]["options"] if o["fields"].get("unit") in units}
            for u in named:
                loc = units[u]["loc"]
                if loc.split(":")[0] not in ("sea", "port", "home"):
                    continue
                assert page.locator(f'#board .area .vitp-unit.target[data-key="{u}"]').count() == 1, u
                side = data["units"][u]["side"]
                if sum(1 for x, i in units.items() if i["loc"] == loc and data["units"][x]["side"] == side) > 4:
                    if not crowded:      # a place crowded enough to stack: the named unit is still its own counter
                        page.locator("#board").screenshot(path=str(artifacts / "victory-in-the-pacific-named-units.png"))
                    crowded += 1
            if crowded >= 3:
                break
            click_button(page, rng)
        assert crowded, "no decision named a unit in a place crowded enough to be stacked"
    finally:
        page.close()
