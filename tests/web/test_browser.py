"""End-to-end in a real browser: two people play Pacific Fury to the end, a person plays the AI, a bad link,
the home page's create form, replays (after the end and uploaded), and screenshots of every game's board."""
from __future__ import annotations

import json
import random
import statistics
import time


NOT_FOUND = "no game seat or spectator view is open under this link"
MAX_CLICKS = 3000


def state(page) -> str:
    return page.evaluate("document.body.dataset.state || ''")


def step(page) -> str:
    """The page's version: a hash of what this side receives (the page shows no answer count)."""
    return page.evaluate("document.body.dataset.version || ''")


def wait_ready(page, timeout=15000):
    page.wait_for_function("['decision','waiting','dice','over','error'].includes(document.body.dataset.state)",
                           timeout=timeout)


def answer_one(page, rng, timings: list[float], others=(), other_timings=None):
    """Click one option (random, seeded); time from the click to this page drawing the next step, and to the
    other pages (the SSE stream) drawing it."""
    buttons = page.locator("#pending button.option")
    n = buttons.count()
    assert n > 0
    before = step(page)
    others_before = [step(o) for o in others]
    t0 = time.perf_counter()
    pick = buttons.nth(rng.randrange(n))
    pick.evaluate("b => b.closest('details')?.setAttribute('open', '')")    # a long menu's group, opened as a person would
    pick.click()
    page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=15000)
    timings.append(time.perf_counter() - t0)
    for other, was in zip(others, others_before):   # Pacific Fury: every answer shows in the other's payload
        other.wait_for_function(f"document.body.dataset.version !== {json.dumps(was)}", timeout=15000)
        if other_timings is not None:
            other_timings.append(time.perf_counter() - t0)


def play_to_end(pages, rng, timings, other_timings=None):
    for _ in range(MAX_CLICKS):
        for p in pages:
            wait_ready(p)
        states = [state(p) for p in pages]
        if "over" in states:
            for p in pages:
                p.wait_for_function("document.body.dataset.state === 'over'", timeout=15000)
            return
        acting = [p for p, s in zip(pages, states) if s == "decision"]
        if not acting:
            time.sleep(0.05)
            continue
        me = acting[0]
        answer_one(me, rng, timings, [p for p in pages if p is not me], other_timings)
    raise AssertionError("the game did not end")


def report(name, xs, artifacts, timings_store):
    timings_store[name] = xs
    line = f"{name}: median {statistics.median(xs) * 1000:.0f} ms over {len(xs)} answers"
    print(line)
    with open(artifacts / "timings.txt", "a") as f:
        f.write(line + "\n")


def test_two_browsers_play_pacific_fury_to_the_end(browser, base_url, api, artifacts, timings_store):
    made = api.post("/api/games", json={"game": "pacific-fury", "title": "Two browsers",
                                        "seats": {"japan": "human", "usa": "human"}}).json()
    ctx_j, ctx_u = browser.new_context(viewport={"width": 1500, "height": 1000}), \
        browser.new_context(viewport={"width": 1500, "height": 1000})
    try:
        japan, usa = ctx_j.new_page(), ctx_u.new_page()
        japan.goto(made["links"]["japan"])
        usa.goto(made["links"]["usa"])
        for p in (japan, usa):
            wait_ready(p)
            assert p.locator("#board svg.board-pacific-fury").count() == 1
        # the side not to move sees a waiting state, never the other's options
        states = {state(japan), state(usa)}
        assert states == {"decision", "waiting"}
        for p in (japan, usa):       # no answer count on the page; the dice commitment is shown
            assert "Step" not in p.locator("#status").inner_text()
            assert "SHA-256" in p.locator("#commitment").inner_text()
        waiting = japan if state(japan) == "waiting" else usa
        assert "Waiting for the other side" in waiting.locator("#pending").inner_text()
        assert waiting.locator("#pending button.option").count() == 0
        japan.locator("#board").screenshot(path=str(artifacts / "pacific-fury-start.png"))
        timings: list[float] = []
        pushed: list[float] = []
        rng = random.Random(5)
        clicks = 0
        for _ in range(400):                             # a little way in: task forces at sea on the board
            wait_ready(japan), wait_ready(usa)
            if japan.locator("#board .tf").count() >= 2:
                break
            me = japan if state(japan) == "decision" else usa if state(usa) == "decision" else None
            if me is None:
                break
            answer_one(me, rng, timings, [usa if me is japan else japan], pushed)
            clicks += 1
        japan.locator("#board").screenshot(path=str(artifacts / "pacific-fury-japan.png"))
        usa.locator("#board").screenshot(path=str(artifacts / "pacific-fury-usa.png"))
        usa.screenshot(path=str(artifacts / "pacific-fury-usa-page.png"), full_page=True)
        play_to_end([japan, usa], rng, timings, pushed)
        for p in (japan, usa):
            assert p.locator("#result").is_visible()
            assert "Game over" in p.locator("#result").inner_text()
        japan.screenshot(path=str(artifacts / "pacific-fury-end.png"), full_page=True)
        assert api.get(f"/api/seat/{made['tokens']['japan']}").json()["status"] == "over"
        report("Pacific Fury, two browsers: click -> next state on the answering page", timings, artifacts, timings_store)
        report("Pacific Fury, two browsers: click -> the other browser shows it (SSE)", pushed, artifacts, timings_store)
        # after the end: the replay stepper and the record download
        replay = japan.locator("#replay")
        replay.locator("[data-testid=replay-info]").wait_for()
        japan.wait_for_function("document.getElementById('replay').dataset.step === '0'")
        replay.locator("[data-testid=replay-next]").click()
        japan.wait_for_function("document.getElementById('replay').dataset.step === '1'")
        replay.locator("[data-testid=replay-last]").click()
        japan.wait_for_function("Number(document.getElementById('replay').dataset.step) > 1")
        assert "Game over" in replay.locator("[data-testid=replay-info]").inner_text()
        with japan.expect_download() as dl:
            japan.locator("#download").click()
        rec = json.loads(open(dl.value.path()).read())
        assert rec["format"] == "kaisen-record" and rec["game"] == "pacific-fury"
        (artifacts / "pacific-fury-record.json").write_text(json.dumps(rec))
    finally:
        ctx_j.close()
        ctx_u.close()


def test_a_human_plays_the_ai_to_the_end(browser, base_url, api, artifacts, timings_store):
    made = api.post("/api/games", json={"game": "pacific-fury", "seed": 23,
                                        "seats": {"japan": "random", "usa": "human"}}).json()
    assert set(made["links"]) == {"usa"}
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(made["links"]["usa"])
        page.wait_for_function("document.querySelector('#title').textContent.length > 0")
        heading = page.locator("#title").inner_text()
        assert heading.count("Pacific Fury") == 1, heading     # an untitled game says its title once
        timings: list[float] = []
        play_to_end([page], random.Random(9), timings)
        assert "Game over" in page.locator("#result").inner_text()
        report("Pacific Fury, human vs AI: click -> next state (AI moves included)", timings, artifacts, timings_store)
    finally:
        page.close()


def test_a_bad_link_shows_not_found(browser, base_url):
    page = browser.new_page()
    try:
        page.goto(base_url + "/play/" + "x" * 43)
        page.wait_for_function("document.body.dataset.state === 'error'")
        assert NOT_FOUND in page.locator("#error").inner_text()
        assert page.locator("#board svg").count() == 0
    finally:
        page.close()


def test_home_page_creates_a_game_with_links(browser, base_url):
    page = browser.new_page()
    try:
        page.goto(base_url + "/")
        page.locator("#game option").first.wait_for(state="attached")
        page.select_option("#game", "fury-at-midway")
        page.select_option("[data-testid=seat-usa]", "random")
        page.fill("#gtitle", "Form game")
        page.click("[data-testid=create]")
        link = page.locator("[data-testid=link-japan]")
        link.wait_for()
        assert page.locator("[data-testid=link-usa]").count() == 0
        assert page.locator("[data-testid=link-spectator]").count() == 1
        page.wait_for_function("document.getElementById('games').innerText.includes('Form game')")
        href = link.get_attribute("href")
        page.goto(href)
        wait_ready(page)
        assert page.locator("#board svg.board-fury-at-midway").count() == 1
    finally:
        page.close()


def test_boards_of_every_game_and_board_clicks(browser, base_url, api, artifacts):
    """Screenshots of each game's board a little way in; a click on the board answers where it is natural."""
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    try:
        for game, side, moves in (("fury-at-midway", "japan", 40), ("victory-in-the-pacific", "japan", 30),
                                  ("pacific-fury", "japan", 25)):
            made = api.post("/api/games", json={"game": game, "seed": 7, "seats": {
                s: ("human" if s == side else "random") for s in api.get("/api/games/meta").json()["games"][
                    [g["id"] for g in api.get("/api/games/meta").json()["games"]].index(game)]["sides"]}}).json()
            page.goto(made["links"][side])
            wait_ready(page)
            rng = random.Random(3)
            for _ in range(moves):
                wait_ready(page)
                if state(page) != "decision":
                    break
                answer_one(page, rng, [])
            wait_ready(page)
            assert page.locator(f"#board svg.board-{game}").count() == 1
            page.locator("#board").screenshot(path=str(artifacts / f"{game}.png"))
            page.screenshot(path=str(artifacts / f"{game}-page.png"), full_page=True)
        # Fury at Midway: a hex click answers a move (the options name hexes, e.g. to:G-4 / enter:A-2)
        made = api.post("/api/games", json={"game": "fury-at-midway", "seed": 7,
                                            "seats": {"japan": "human", "usa": "random"}}).json()
        page.goto(made["links"]["japan"])
        clicked = False
        for _ in range(400):
            wait_ready(page)
            if state(page) != "decision":
                break
            targets = page.locator("#board .hex.target")
            if targets.count():
                key = targets.first.get_attribute("data-key")
                hits = page.evaluate(f"""[...document.querySelectorAll('#pending button.option')]
                    .filter(b => b.dataset.id.split(':').slice(1).includes({json.dumps(key)})).length""")
                if hits == 1:
                    before = step(page)
                    targets.first.click()
                    page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}")
                    clicked = True
                    break
            answer_one(page, random.Random(1), [])
        assert clicked, "no board click was offered in the opening of Fury at Midway"
    finally:
        page.close()


def test_upload_a_record_and_step_through_it(browser, base_url, api, artifacts, tmp_path):
    made = api.post("/api/games", json={"game": "pacific-fury", "seed": 2,
                                        "seats": {"japan": "random", "usa": "random"}}).json()
    rec = api.get(f"/api/seat/{made['tokens']['spectator']}/record").json()["record"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(base_url + "/replay")
        page.set_input_files("#file", str(path))
        page.wait_for_function("document.getElementById('replay').dataset.step === '0'")
        page.wait_for_selector("#replay svg.board-pacific-fury", timeout=10_000)    # drawn just after the step is set
        assert page.locator("#replay svg.board-pacific-fury").count() == 1
        page.locator("[data-testid=replay-next]").click()
        page.wait_for_function("document.getElementById('replay').dataset.step === '1'")
        page.locator("[data-testid=replay-last]").click()
        page.wait_for_function(f"document.getElementById('replay').dataset.step === '{len(rec['answers'])}'")
        assert "Game over" in page.locator("[data-testid=replay-info]").inner_text()
        page.screenshot(path=str(artifacts / "replay-upload.png"), full_page=True)
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "nope"}')
        page.set_input_files("#file", str(bad))
        page.wait_for_function("!document.getElementById('error').hidden")
        assert "not a kaisen record" in page.locator("#error").inner_text()
    finally:
        page.close()


def test_manual_dice_are_entered_in_the_page(browser, base_url, api):
    made = api.post("/api/games", json={"game": "fury-at-midway", "dice": "manual",
                                        "seats": {"japan": "human", "usa": "random"}}).json()
    page = browser.new_page()
    try:
        page.goto(made["links"]["japan"])
        for _ in range(200):
            wait_ready(page)
            if state(page) == "dice":
                break
            answer_one(page, random.Random(0), [])
        assert state(page) == "dice"
        before = step(page)
        for box in page.locator(".die-input").all():
            box.fill("1")
        page.locator("[data-testid=dice-form] button[type=submit]").click()
        page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}")
    finally:
        page.close()
