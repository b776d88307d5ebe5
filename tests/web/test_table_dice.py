"""The last rolls drawn as die faces in the battle areas (issue 14, item 2): the faces read from the log's
narration of each roll, hits marked only where the event says so; Pacific Fury played with dice typed in the page,
so the faces drawn can be checked against the faces entered. Screenshots go to tests/web/artifacts/."""
from __future__ import annotations

import json
import random

import pytest

from .test_browser import state, step, wait_ready
from .test_table import DESKTOP, click_button, new_game, play

# each game's narration of a roll as its events word it, the faces in it and which of them are marked as hits
NARRATION = [
    ("US fires: Saratoga rolls 6: 0 hits", [6], [0]),
    ("Enterprise: 1 hit(s) vs DF 2, rolls 1: damaged, returns on turn 3", [1], [0]),      # the hit is not the roll's
    ("Japan rolls 4 (total 5), the Allies roll 6 (total 7)", [4, 6], [0, 0]),
    ("I-Boat rolls 6 at Pennsylvania: hit", [6], [1]),
    ("22nd Air Flotilla rolls 5, 3, 2 at Repulse: 0 hit(s), disabled", [5, 3, 2], [0, 0, 0]),
    ("Yamashiro fails its speed roll (4): it arrives as a raider", [4], [0]),
    ("Midway CAP fire: Midway F4F-3 rolls 2 (hits on 1-3): 1 hit", [2], [1]),
    ("2nd Carrier Division AAA fire: rolls 5, 1 (hits on 1): 1 hit", [5, 1], [0, 1]),
    ("Kaga D3A-1 (reduced) attacks Midway: rolls 3 (needs 1-2): 0 hits", [3], [0]),
    ("IJN Division 2 ship #1 fires at USN Division 1 ship #2: attack 3 -> -1, defense 6 -> 11: no damage", [3, 6], [0, 0]),
    ("IJN rolls 52 on the Random Event Table: no event", [5, 2], [0, 0]),
    ("USN detection roll against Division 2: 4, total 3: spotted", [], []),             # no face it can read
]
# outside Nights of Fury "x -> y" is no die (Fury at Midway's search: a searcher's value and its result)
NOT_DICE = "Japan search: 1st Air Fleet 6 -> -1; result 1: 1 AOP"


def test_faces_and_hits_are_read_from_each_games_narration(browser, base_url):
    page = browser.new_page()
    try:
        page.goto(base_url + "/")
        got = page.evaluate("""async (texts) => {
            const { rollOf } = await import('/web/dice.js');
            return texts.map((t) => rollOf({ text: t }, t.includes('->')).faces.map((f) => [f.face, f.hit ? 1 : 0]));
        }""", [t for t, _, _ in NARRATION])
        for (text, faces, hits), drawn in zip(NARRATION, got):
            assert [f for f, _ in drawn] == faces, text
            assert [h for _, h in drawn] == hits, text
        assert page.evaluate("async (t) => (await import('/web/dice.js')).rollOf({ text: t }).faces.length", NOT_DICE) == 0
        # a die is drawn with as many pips as its face, a hit on a red face
        pips = page.evaluate("""async () => {
            const { die } = await import('/web/dice.js');
            const g = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
            g.innerHTML = [1, 2, 3, 4, 5, 6].map((f) => die(0, 0, f, f === 6)).join('');
            return [...g.querySelectorAll('.die')].map((d) => [d.querySelectorAll('circle').length, d.dataset.hit]);
        }""")
        assert pips == [[1, "0"], [2, "0"], [3, "0"], [4, "0"], [5, "0"], [6, "1"]]
    finally:
        page.close()


def _sublist(short, long):
    return any(long[i:i + len(short)] == short for i in range(len(long) - len(short) + 1))


def test_pacific_fury_battle_dice_are_the_faces_typed_in(browser, base_url, api, artifacts):
    made = api.post("/api/games", json={"game": "pacific-fury", "dice": "manual", "at_table": True, "seed": 3,
                                        "seats": {"japan": "human", "usa": "random"}}).json()
    page = browser.new_page(viewport=DESKTOP)
    rng, entered, checked = random.Random(8), [], 0
    try:
        page.goto(made["links"]["japan"])
        for _ in range(700):
            wait_ready(page)
            rows = page.eval_on_selector_all("#board [data-testid=battle] [data-testid=battle-roll]",
                                             "rs => rs.map(r => r.dataset.faces)")
            drawn = [[int(f) for f in r.split(",")] for r in rows if r]
            for faces in drawn:            # every roll drawn in the band is one the page typed in
                assert any(_sublist(faces, e) for e in entered), (faces, entered[-6:])
            if drawn:
                checked += 1
                # the drawn faces' pips: as many as the face
                for d in page.locator("#board [data-testid=battle] [data-testid=die-face]").all():
                    assert d.locator("circle").count() == int(d.get_attribute("data-face"))
                if checked == 1:
                    page.locator("#board [data-testid=battle]").screenshot(path=str(artifacts / "pacific-fury-dice.png"))
                if checked >= 3:
                    break
            if state(page) == "over":
                break
            if state(page) == "dice":
                faces = [rng.randint(1, 6) for _ in page.locator(".die-input").all()]
                for box, f in zip(page.locator(".die-input").all(), faces):
                    box.fill(str(f))
                entered.append(faces)
                before = step(page)
                page.locator("[data-testid=dice-form] button[type=submit]").click()
                page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=15000)
            elif state(page) == "decision":
                click_button(page, rng)
            else:
                page.wait_for_function("document.body.dataset.state !== 'waiting'", timeout=15000)
        assert checked, "no battle drew its dice"
    finally:
        page.close()


BANDS = {"victory-in-the-pacific": ("japan", None, "#board [data-testid=battle] [data-testid=die-face]"),
         "fury-at-midway": ("usa", None, "#board [data-testid=battle] [data-testid=die-face]"),
         "nights-of-fury": ("usn", "cape-esperance", "#board [data-testid=die-face]")}


@pytest.mark.parametrize("game", list(BANDS))
def test_battle_dice_drawn_as_faces(browser, base_url, api, artifacts, game):
    side, scenario, sel = BANDS[game]
    made = new_game(api, game, side, seed=4, scenario=scenario)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(made["links"][side])
        _, seen = play(page, random.Random(2), 500, board=False, until=f"!!document.querySelector({json.dumps(sel)})")
        assert seen, "no roll was drawn as die faces"
        log = api.get(f"/api/seat/{made['tokens'][side]}").json()["log"]
        texts = [e["text"] for e in log]
        for row in page.locator("#board [data-testid=battle-roll]").all():
            faces = row.get_attribute("data-faces")
            told = row.locator("title").text_content()
            assert told in texts                     # a row is an event this side received
            for d, f in zip(row.locator("[data-testid=die-face]").all(), faces.split(",")):
                assert d.get_attribute("data-face") == f and f in told
        page.locator("#board").screenshot(path=str(artifacts / f"{game}-dice.png"))
    finally:
        page.close()
