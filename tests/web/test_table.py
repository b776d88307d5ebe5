"""The game pages as a wargame table (issue 14, item 2): each game played a stretch by clicks on the board at desktop
width and at a phone's 390 px, the combat displays drawn (Pacific Fury's and VITP's battles, Fury at Midway's carrier
displays and strike groups), long menus grouped by the options' fields, zoom and pan, the replay never under the
sidebar, and the turn notice. Screenshots of every board, combat display and phone layout go to tests/web/artifacts/."""
from __future__ import annotations

import json
import random

import pytest

from .test_browser import state, step, wait_ready

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1500, "height": 1000}
GAMES = {"pacific-fury": ("usa", None), "fury-at-midway": ("japan", None), "victory-in-the-pacific": ("allies", None),
         "nights-of-fury": ("usn", "cape-esperance"), "fighters-of-the-pacific": ("usa", "fighter-sweep")}


def new_game(api, game, human, seed=7, scenario=None, other="random"):
    meta = next(g for g in api.get("/api/games/meta").json()["games"] if g["id"] == game)
    body = {"game": game, "seed": seed, "seats": {s: ("human" if s == human else other) for s in meta["sides"]}}
    if scenario:
        body["scenario"] = scenario
    return api.post("/api/games", json=body).json()


def click_button(page, rng):
    buttons = page.locator("#pending button.option")
    pick = buttons.nth(rng.randrange(buttons.count()))
    pick.evaluate("b => b.closest('details')?.setAttribute('open', '')")
    before = step(page)
    pick.click()
    page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=15000)


# the point of a lit board element a person can touch: on screen, inside the board's frame, and the element there
# belongs to it (nothing unlit drawn over it); the page is scrolled to it first
SPOT = """key => {
  const n = document.querySelector(`#board .target[data-key="${CSS.escape(key)}"]`);
  if (!n) return null;
  let r = n.getBoundingClientRect();
  window.scrollBy(0, r.top + r.height / 2 - innerHeight / 2);
  r = n.getBoundingClientRect();
  const port = document.querySelector('.board-port').getBoundingClientRect();
  for (const [fx, fy] of [[.5, .5], [.5, .88], [.5, .12], [.2, .5], [.8, .5]]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    if (x < Math.max(0, port.left) || x > Math.min(innerWidth, port.right) || y < Math.max(0, port.top) ||
        y > Math.min(innerHeight, port.bottom)) continue;
    const at = document.elementFromPoint(x, y);
    if (at && n.contains(at)) return [x, y];
  }
  return null;
}"""


def click_board(page, rng, touch=False, trace=None) -> bool:
    """Click (or tap) a lit board element where a person could; where it names several options, click one of the
    buttons it picked out. True when the answer came from the board. `trace` gets one line per try."""
    keys = page.eval_on_selector_all("#board .target[data-key]", "ns => ns.map(n => n.dataset.key)")
    rng.shuffle(keys)
    for key in keys[:6]:
        spot = page.evaluate(SPOT, key)
        if spot:
            break
    else:
        if trace is not None:
            zoom = page.evaluate("document.querySelector('#board')?.dataset.zoom")
            trace.append(f"{len(keys)} lit, none touchable (zoom {zoom})")
        return False
    if trace is not None:
        trace.append(f"{len(keys)} lit, tap {key}")
    before = step(page)
    if touch:
        page.touchscreen.tap(*spot)
    else:
        page.mouse.click(*spot)
    page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)} || "
                           "!!document.querySelector('#pending button.hl')", timeout=15000)
    if step(page) == before:
        picked = page.locator("#pending button.hl")
        assert picked.count() > 1, "a board click that names one option answers it at once"
        picked.nth(rng.randrange(picked.count())).click()
        page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=15000)
    return True


def play(page, rng, clicks, until=None, board=True, touch=False, trace=None):
    """Up to `clicks` answers, by the board where it offers one; stops early when the JS `until` holds. A page
    that shows an error is reloaded, as a person would (twice at most); waiting for the other side uses no answer.
    `trace` (a list) gets a line per step: what the page showed and how it was answered."""
    by_board = answered = reloads = waits = 0
    while answered < clicks:
        wait_ready(page)
        if until and page.evaluate(until):
            return by_board, True
        shown = state(page)
        if trace is not None:
            trace.append(f"{shown}: {page.evaluate(PROMPT)}")
        if shown != "decision":
            if shown == "waiting" and waits < 3 * clicks:
                waits += 1
                page.wait_for_function("document.body.dataset.state !== 'waiting'", timeout=15000)
                continue
            if shown == "error" and reloads < 2:
                reloads += 1
                page.reload()
                continue
            break
        answered += 1
        if board and rng.random() < 0.7 and click_board(page, rng, touch, trace):
            by_board += 1
        else:
            click_button(page, rng)
    return by_board, bool(until and page.evaluate(until))


PROMPT = "(document.querySelector('#pending .prompt')?.textContent || document.querySelector('#error')?.textContent " \
         "|| '').slice(0, 70)"


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_is_played_by_board_clicks_at_desktop_width(browser, base_url, api, artifacts, game):
    side, scenario = GAMES[game]
    made = new_game(api, game, side, scenario=scenario)
    page = browser.new_page(viewport=DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(made["links"][side])
        wait_ready(page)
        trace: list[str] = []
        by_board, _ = play(page, random.Random(11), 40, trace=trace)
        if by_board == 0:        # a second game: where the opponent's moves leave the board nothing to offer
            made = new_game(api, game, side, seed=8, scenario=scenario)
            page.goto(made["links"][side])
            wait_ready(page)
            trace.append("-- a second game")
            by_board, _ = play(page, random.Random(12), 40, trace=trace)
        assert by_board > 0, "no answer was given by a click on the board:\n" + "\n".join(trace)
        assert not errors, errors
        page.locator("#board").screenshot(path=str(artifacts / f"{game}-table.png"))
    finally:
        page.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_at_phone_width_played_by_taps_board_above_menu_and_readable(browser, base_url, api, artifacts, game):
    side, scenario = GAMES[game]
    made = new_game(api, game, side, scenario=scenario)
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(made["links"][side])
        wait_ready(page)
        trace: list[str] = []
        by_board, _ = play(page, random.Random(5), 16, touch=True, trace=trace)
        if by_board == 0:        # a second game, as at desktop width; the trace of both is kept for the failure
            made = new_game(api, game, side, seed=8, scenario=scenario)
            page.goto(made["links"][side])
            wait_ready(page)
            trace.append("-- a second game")
            by_board, _ = play(page, random.Random(6), 16, touch=True, trace=trace)
        assert not errors, errors
        wait_ready(page)
        with open(artifacts / "phone-board-taps.txt", "a") as f:
            f.write(f"{game}: {by_board} of 16 answers by a tap on the board at 390 px\n")
        assert by_board > 0, "no answer was given by a tap on the board at phone width:\n" + "\n".join(trace)
        board, pending = page.locator("#board").bounding_box(), page.locator("#pending").bounding_box()
        assert board["y"] + board["height"] <= pending["y"], "the board comes above the menu"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "nothing wider than the phone"
        # the board opens zoomed in so that its text can be read: its smallest text at least 7 px tall on screen
        assert float(page.locator("#board").get_attribute("data-zoom")) > 1.5
        tiny = page.evaluate("""Math.min(...[...document.querySelectorAll('#board svg text')]
            .map(t => t.getBoundingClientRect().height).filter(h => h > 0))""")
        assert tiny >= 7, tiny
        page.screenshot(path=str(artifacts / f"{game}-phone.png"), full_page=True)
        if state(page) == "decision":               # the menu answers at phone width too
            click_button(page, random.Random(1))
    finally:
        page.close()


def test_zoom_and_pan_buttons_and_drag(browser, base_url, api, artifacts):
    made = new_game(api, "victory-in-the-pacific", "japan")
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["japan"])
        wait_ready(page)
        zoom = lambda: float(page.locator("#board").get_attribute("data-zoom"))   # noqa: E731
        transform = lambda: page.locator("[data-testid=board-stage]").evaluate("s => s.style.transform")   # noqa: E731
        assert zoom() == 1
        page.locator("[data-testid=zoom-in]").click()
        page.locator("[data-testid=zoom-in]").click()
        assert zoom() > 1.9
        before = transform()
        port = page.locator(".board-port").bounding_box()
        page.mouse.move(port["x"] + 300, port["y"] + 300)
        page.mouse.down()
        page.mouse.move(port["x"] + 200, port["y"] + 220, steps=5)
        page.mouse.up()
        assert transform() != before, "a drag pans the zoomed board"
        assert zoom() > 1.9
        # the zoom outlives a redraw of the board
        click_button(page, random.Random(2))
        assert zoom() > 1.9
        page.locator("#board").screenshot(path=str(artifacts / "victory-in-the-pacific-zoomed.png"))
        page.locator("[data-testid=zoom-fit]").click()
        assert zoom() == 1 and "scale(1)" in transform()
    finally:
        page.close()


def test_the_replay_board_is_never_under_the_sidebar(browser, base_url, api, artifacts):
    made = api.post("/api/games", json={"game": "pacific-fury", "seed": 4,
                                        "seats": {"japan": "random", "usa": "random"}}).json()
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        page.goto(made["spectator"])
        page.wait_for_function("document.getElementById('replay').dataset.step === '0'", timeout=15000)
        replay = page.locator("[data-testid=replay-board]")
        replay.scroll_into_view_if_needed()
        r, a = replay.bounding_box(), page.locator("aside").bounding_box()
        assert r["x"] + r["width"] <= a["x"], (r, a)
        page.screenshot(path=str(artifacts / "replay-beside-sidebar.png"))
    finally:
        page.close()


def test_pacific_fury_battle_drawn_and_a_hit_allocated_on_its_counter(browser, base_url, api, artifacts):
    made = new_game(api, "pacific-fury", "japan", seed=3)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["japan"])
        rng, drawn, fought, hit_clicked = random.Random(4), False, False, False
        for _ in range(600):
            wait_ready(page)
            if state(page) == "over" or (fought and hit_clicked):
                break
            band = page.locator("#board [data-testid=battle]")
            if band.count():
                title = page.locator("[data-testid=battle-title]").text_content()
                assert title.startswith("Battle: ") and "attacker" in title
                if not drawn:
                    drawn = True
                    page.locator("#board").screenshot(path=str(artifacts / "pacific-fury-battle.png"))
                both = all(band.locator(f".battle-side[data-side='{j}'] .counter-g").count() for j in (0, 1))
                if not fought and both and "fires CF" in band.text_content():
                    fought = True                  # ships of both sides, the firers with their modified CF
                    page.locator("#board").screenshot(path=str(artifacts / "pacific-fury-battle-fire.png"))
            lit = page.locator("#board [data-testid=battle] .counter-g.target")
            if state(page) == "decision" and lit.count() and not hit_clicked:
                page.locator("#board").screenshot(path=str(artifacts / "pacific-fury-battle-allocate.png"))
                before = step(page)
                lit.first.dispatch_event("click")
                page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=15000)
                hit_clicked = True
                continue
            if state(page) == "decision":
                click_button(page, rng)
            else:
                page.wait_for_function("document.body.dataset.state !== 'waiting'", timeout=15000)
        assert drawn, "no battle was drawn"
        assert fought, "no battle showed both sides' ships and who fires"
        assert hit_clicked, "no hit was allocated by a click on a ship counter"
    finally:
        page.close()


def test_vitp_battle_drawn_with_who_fires_at_whom(browser, base_url, api, artifacts):
    made = new_game(api, "victory-in-the-pacific", "japan", seed=7)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["japan"])
        _, seen = play(page, random.Random(3), 300, until="!!document.querySelector('#board .fire-line')", board=False)
        assert seen, "no battle with a shot assigned was drawn"
        band = page.locator("[data-testid=battle]")
        assert band.locator(".counter-g").count() >= 2
        assert "Battle in " in page.locator("[data-testid=battle-title]").text_content()
        text = band.text_content()
        assert "G" in text and "S" in text          # printed factors on the counters
        page.locator("#board").screenshot(path=str(artifacts / "victory-in-the-pacific-battle.png"))
        # a target is chosen by a click on its counter in the battle (choose-target names it in its fields)
        _, lit = play(page, random.Random(5), 80, board=False, until="""document.body.dataset.state === 'decision' &&
            !!document.querySelector("#board [data-testid=battle] .battle-side[data-side='1'] .counter-g.target")""")
        assert lit, "no enemy counter in a battle was offered as a target"
        key = page.locator("#board [data-testid=battle] .battle-side[data-side='1'] .counter-g.target").first.get_attribute("data-key")
        spot = page.evaluate(SPOT, key)
        assert spot, "the lit counter can be touched"
        before = step(page)
        page.mouse.click(*spot)
        page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)} || "
                               "!!document.querySelector('#pending button.hl')", timeout=15000)
        # internal ids never reach the off-map list
        offmap = " ".join(page.eval_on_selector_all("#board [data-testid^=offmap-] text", "ns => ns.map(n => n.textContent)"))
        assert offmap and "group:" not in offmap and "raid-box" not in offmap and "home:" not in offmap
    finally:
        page.close()


def test_fury_at_midway_carrier_displays_and_strike_groups(browser, base_url, api, artifacts):
    made = new_game(api, "fury-at-midway", "japan", seed=7)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["japan"])
        wait_ready(page)
        # Japan's display as decks and hangars with its squadrons; the US display hidden from Japan
        for carrier in ("akagi", "kaga", "hiryu", "soryu"):
            assert page.locator(f'#board [data-testid="box-hangar:{carrier}"]').count() == 1
            assert page.locator(f'#board [data-testid="box-deck:{carrier}:1"]').count() == 1
        assert page.locator("#board .squadron").count() >= 10
        assert "hidden from you" in page.locator("#board svg").text_content()
        assert page.locator('#board [data-testid="box-hangar:enterprise"]').count() == 0
        # a display box an option moves a squadron into is lit, and a click on it answers or picks out its options
        _, lit = play(page, random.Random(6), 100, board=False, until="""document.body.dataset.state === 'decision' &&
            !!document.querySelector('#board .display-box.target')""")
        assert lit, "no display box was offered"
        spot = page.evaluate(SPOT, page.locator("#board .display-box.target").first.get_attribute("data-key"))
        assert spot
        before = step(page)
        page.mouse.click(*spot)
        page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)} || "
                               "!!document.querySelector('#pending button.hl')", timeout=15000)
        _, seen = play(page, random.Random(6), 300, until="!!document.querySelector('#board .strike-marker')", board=False)
        assert seen, "no strike group was drawn on the map"
        # the marker is drawn above every hex: nothing after it in the document paints over it
        last = page.evaluate("""(() => { const m = document.querySelector('#board .strike-marker');
            return [...m.parentNode.children].slice([...m.parentNode.children].indexOf(m)).every(n => !n.classList.contains('hex')); })()""")
        assert last
        page.locator("#board").screenshot(path=str(artifacts / "fury-at-midway-strike.png"))
    finally:
        page.close()


def test_long_menus_are_grouped_by_their_fields(browser, base_url, api, artifacts):
    made = new_game(api, "pacific-fury", "japan", seed=1)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["japan"])
        _, found = play(page, random.Random(8), 60, until="!!document.querySelector('#pending details.option-group')", board=False)
        assert found, "no long menu was grouped"
        payload = api.get(f"/api/seat/{made['tokens']['japan']}").json()
        options = payload["pending"]["options"]
        assert len(options) > 12
        groups = page.eval_on_selector_all("#pending details.option-group", "ds => ds.map(d => [d.dataset.group, "
                                           "[...d.querySelectorAll('button.option')].map(b => b.dataset.id)])")
        # every option once; each group holds the options whose field (here the ship type) has its value
        ids = [i for _, members in groups for i in members] + page.eval_on_selector_all(
            "#pending > .options > button.option", "bs => bs.map(b => b.dataset.id)")
        assert sorted(ids) == sorted(o["id"] for o in options)
        units = payload["view"]["units"]
        for value, members in groups:
            for oid in members:
                o = next(x for x in options if x["id"] == oid)
                assert value in (units.get(o["fields"].get("unit"), {}).get("type"), *map(str, o["fields"].values()))
        page.locator("#pending").screenshot(path=str(artifacts / "pacific-fury-grouped-menu.png"))
    finally:
        page.close()


def test_turn_notice_in_the_title_and_a_notification_asked_for_on_a_click(browser, base_url, api):
    made = api.post("/api/games", json={"game": "pacific-fury", "seats": {"japan": "human", "usa": "human"}}).json()
    ctx = browser.new_context(viewport=DESKTOP, permissions=["notifications"])
    try:
        japan, usa = ctx.new_page(), ctx.new_page()
        japan.goto(made["links"]["japan"])
        usa.goto(made["links"]["usa"])
        wait_ready(japan), wait_ready(usa)
        mover, other = (japan, usa) if state(japan) == "decision" else (usa, japan)
        assert mover.title().startswith("(your turn) ")
        assert not other.title().startswith("(your turn)")
        # nothing is asked at load; a click asks
        button = mover.locator("[data-testid=notify]")
        assert button.is_visible()
        button.click()
        mover.wait_for_function("document.querySelector('[data-testid=notify]').disabled")
        assert "told" in button.text_content()
        # a fresh browser that was never asked: loading the page asks nothing
        plain = browser.new_page()
        plain.goto(made["links"]["japan"])
        wait_ready(plain)
        assert plain.evaluate("Notification.permission") == "default"
        plain.close()
    finally:
        ctx.close()


def test_fighters_field_of_fire_lit_while_the_pointer_is_over_an_airplane(browser, base_url, api, artifacts):
    from kaisen.games.fighters_of_the_pacific.common import hex_name, hex_of
    from kaisen.registry import get_game
    data = get_game("fighters-of-the-pacific").data
    made = new_game(api, "fighters-of-the-pacific", "usa", scenario="fighter-sweep")
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["usa"])
        wait_ready(page)
        view = api.get(f"/api/seat/{made['tokens']['usa']}").json()["view"]
        on_board = set(page.eval_on_selector_all("#board g.hex[data-key]", "ns => ns.map(n => n.dataset.key)"))
        checked = 0
        for p in view["planes"][:4]:
            want = {hex_name(h) for h in data.field_of_fire(p["type"], hex_of(p["hex"]), p["facing"])} & on_board
            page.locator(f'#board [data-testid="plane-{p["id"]}"]').hover()
            lit = set(page.eval_on_selector_all("#board g.hex.fof", "ns => ns.map(n => n.dataset.key)"))
            assert lit == want and lit, (p, lit, want)
            checked += 1
        page.locator("#board").screenshot(path=str(artifacts / "fighters-of-the-pacific-field-of-fire.png"))
        page.mouse.move(2, 2)
        assert page.eval_on_selector_all("#board g.hex.fof", "ns => ns.length") == 0
        assert checked
    finally:
        page.close()


def test_a_tap_on_a_piece_shows_its_details_at_phone_width(browser, base_url, api, artifacts):
    made = new_game(api, "fury-at-midway", "japan")
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(made["links"]["japan"])
        wait_ready(page)
        page.locator("[data-testid=zoom-fit]").click()          # the whole board, so the display is on screen
        sq = page.locator('#board [data-testid="sq-akagi-a6m-1"]')
        sq.dispatch_event("click")
        info = page.locator("[data-testid=board-info]").text_content()
        assert "Akagi A6M-2b #1" in info and "fighter" in info and "steps" in info
        page.screenshot(path=str(artifacts / "fury-at-midway-phone-details.png"))
    finally:
        page.close()


def test_home_and_a_finished_game_replay_at_phone_width(browser, base_url, api, artifacts):
    made = api.post("/api/games", json={"game": "victory-in-the-pacific", "seed": 2,
                                        "seats": {"japan": "random", "allies": "random"}}).json()
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(base_url + "/")
        page.wait_for_function("document.getElementById('games').innerText.includes('Victory in the Pacific')")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(artifacts / "home-phone.png"), full_page=True)
        page.goto(made["spectator"])
        page.wait_for_function("document.getElementById('replay').dataset.step === '0'", timeout=20000)
        page.locator("[data-testid=replay-last]").click()
        page.wait_for_function("Number(document.getElementById('replay').dataset.step) > 0", timeout=20000)
        replay = page.locator("[data-testid=replay-board]")
        assert float(replay.get_attribute("data-zoom")) > 1.5          # readable, and pans like the live board
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        replay.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "replay-phone.png"))
    finally:
        page.close()


def test_vitp_long_sortie_menu_grouped_by_port_with_names(browser, base_url, api, artifacts):
    made = new_game(api, "victory-in-the-pacific", "allies", seed=7)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["allies"])
        _, found = play(page, random.Random(2), 200, until="document.querySelectorAll('#pending details.option-group').length > 3",
                        board=False)
        assert found, "no long VITP menu was grouped"
        options = api.get(f"/api/seat/{made['tokens']['allies']}").json()["pending"]["options"]
        summaries = page.eval_on_selector_all("#pending details.option-group > summary", "ss => ss.map(s => s.textContent)")
        values = page.eval_on_selector_all("#pending details.option-group", "ds => ds.map(d => d.dataset.group)")
        for text, value in zip(summaries, values):
            assert value not in text or value[0].isupper(), (text, value)      # a name, never the raw id
        # collapsed at first when there are many groups; a click opens one
        first = page.locator("#pending details.option-group").first
        assert first.get_attribute("open") is None
        first.locator("summary").click()
        assert first.get_attribute("open") is not None and first.locator("button.option").first.is_visible()
        assert sum(int(s.rsplit("(", 1)[1].rstrip(")")) for s in summaries) + page.locator(
            "#pending > .options > button.option").count() == len(options)
        page.locator("#pending").screenshot(path=str(artifacts / "victory-in-the-pacific-grouped-menu.png"))
    finally:
        page.close()


def test_pacific_fury_zones_hold_counters_with_printed_values_and_face_down_backs(browser, base_url, api, artifacts):
    from kaisen.games.pacific_fury.views import hidden_units
    made = new_game(api, "pacific-fury", "usa", seed=5)
    page = browser.new_page(viewport=DESKTOP)
    token = made["tokens"]["usa"]
    try:
        page.goto(made["links"]["usa"])
        _, seen = play(page, random.Random(7), 250, board=False, until="""
            document.querySelectorAll("#board .zone .pf-ship").length > 0 && document.querySelectorAll("#board .zone .pf-back").length > 0""")
        assert seen, "no zone held both a seen task force and a face-down one"
        view = api.get(f"/api/seat/{token}").json()["view"]
        zones_text = " ".join(page.eval_on_selector_all("#board .zone", "zs => zs.map(z => z.textContent)"))
        for z in view["zones"]:
            for tf in z["task_forces"]:
                if tf["ships"] is None:
                    backs = page.locator(f"#board [data-testid=zone-{z['id']}] .pf-back")
                    assert backs.count() >= min(tf["count"], 5)
                    continue
                for u in tf["ships"]:
                    spec = view["units"][u]
                    counter = page.locator(f'#board [data-testid="ship-{u}"]').first.text_content()
                    assert spec["type"] in counter
                    if spec["type"] not in ("AP", "TE"):
                        assert f"{spec['cf']}-{spec['df']}" in counter
        for u in hidden_units(view, "usa"):                 # fog of war: no hidden Japanese ship is named at sea
            assert view["names"][u] not in zones_text, u
        page.locator("#board").screenshot(path=str(artifacts / "pacific-fury-counters.png"))
    finally:
        page.close()


def test_fury_at_midway_air_attack_drawn(browser, base_url, api, artifacts):
    made = new_game(api, "fury-at-midway", "usa", seed=4)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["usa"])
        drawn = "!!document.querySelector('#board [data-testid=battle]')"
        _, seen = play(page, random.Random(3), 400, until=drawn, board=False)
        if not seen:             # a second game, where this one ended or ran out of answers without a strike
            made = new_game(api, "fury-at-midway", "usa", seed=5)
            page.goto(made["links"]["usa"])
            _, seen = play(page, random.Random(4), 400, until=drawn, board=False)
        assert seen, f"no air attack was drawn (the page stopped at {state(page)!r})"
        attack = api.get(f"/api/seat/{made['tokens']['usa']}").json()["view"]["attack"]
        title = page.locator("[data-testid=battle-title]").text_content()
        assert title.startswith(f"Air attack: strike group {attack['gid']}")
        band = page.locator("#board [data-testid=battle]")
        # the strike group's squadrons on the left, the CAP, interceptors and deck squadrons on the right
        assert band.locator(".battle-side[data-side='0'] .counter-g").count() == len(attack["units"])
        defence = len(attack["cap"]) + len(attack["interceptors"]) + sum(len(x) for x in attack["decks"].values())
        assert band.locator(".battle-side[data-side='1'] .counter-g").count() == defence
        page.locator("#board").screenshot(path=str(artifacts / "fury-at-midway-air-attack.png"))
    finally:
        page.close()


def test_nights_of_fury_gunnery_drawn_on_the_bands(browser, base_url, api, artifacts):
    made = new_game(api, "nights-of-fury", "usn", scenario="cape-esperance", seed=3)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"]["usn"])
        _, seen = play(page, random.Random(4), 300, board=True, until="""document.body.dataset.state === 'decision' &&
            document.querySelector('#board svg').textContent.includes('D.5 Gunnery') && !!document.querySelector('#board .target')""")
        assert seen, "no gunnery decision was reached"
        # the divisions in their bands with their damage boxes; what the USN may fire at is lit on the board
        assert page.locator("#board .nof-div").count() >= 2 and page.locator("#board .pip").count() > 0
        page.locator("#board").screenshot(path=str(artifacts / "nights-of-fury-gunnery.png"))
    finally:
        page.close()


def test_two_finger_pinch_zooms_the_board_at_phone_width(browser, base_url, api):
    made = new_game(api, "pacific-fury", "japan")
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page.goto(made["links"]["japan"])
        wait_ready(page)
        page.locator("[data-testid=zoom-fit]").click()
        assert float(page.locator("#board").get_attribute("data-zoom")) == 1
        # two touch pointers 100 px apart move to 200 px apart: the board doubles about their middle
        page.evaluate("""() => {
            const port = document.querySelector('.board-port'), r = port.getBoundingClientRect();
            const ev = (type, id, x) => port.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch',
                clientX: r.left + x, clientY: r.top + 60, bubbles: true }));
            ev('pointerdown', 1, 100); ev('pointerdown', 2, 200);
            for (const x of [220, 250, 280, 300]) ev('pointermove', 2, x);
            ev('pointerup', 1, 100); ev('pointerup', 2, 300);
        }""")
        assert abs(float(page.locator("#board").get_attribute("data-zoom")) - 2) < 0.05
    finally:
        page.close()
