"""Nights of Fury in a real browser: a person plays the USN against the random AI at Cape Esperance. The SVG
board shows the ten range bands, the USN divisions ship by ship and the IJN stacks face down; the bands and ships
an option's fields name light up and answer it when clicked; the enemy's ship names never reach the board."""
from __future__ import annotations

import json
import random
import re

from .test_browser import answer_one, state, step, wait_ready

ENEMY_NAMES = ("Kinugasa", "Hatsuyuki", "Aoba", "Furutaka")      # never on the USN board (classes may be, once seen)
ENEMY_CLASSES = ("Furutaka/Aoba", "Furutaka/A.")


def board_text(page) -> str:
    return page.locator("#board svg").text_content()


def no_enemy_names(page) -> None:
    """D.4: the board names enemy ships by position, by class once identified; never by name."""
    text = board_text(page)
    for cls in ENEMY_CLASSES:
        text = text.replace(cls, "")
    for name in ENEMY_NAMES:
        assert not re.search(rf"\b{name}\b", text), name


def click_place(page, key: str) -> None:
    """Click a board element by its data-key where nothing is drawn over it (the foot of a band column)."""
    node = page.locator(f'#board [data-key="{key}"]').first
    if key.startswith("band-"):
        box = node.locator("rect").first.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 6)
    else:
        node.click()


def test_nights_of_fury_board_and_clicks_against_the_ai(browser, base_url, api, artifacts):
    made = api.post("/api/games", json={"game": "nights-of-fury", "scenario": "cape-esperance", "seed": 7,
                                        "seats": {"usn": "human", "ijn": "random"}}).json()
    assert set(made["links"]) == {"usn"}
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    try:
        page.goto(made["links"]["usn"])
        wait_ready(page)
        assert page.locator("#board svg.board-nights-of-fury").count() == 1
        for band in range(1, 11):
            assert page.locator(f"[data-testid=band-{band}]").count() == 1
        # own stacks ship by ship; the enemy's face down (card backs); Savo Island in band 4; the commanders
        assert page.locator("[data-testid=div-usn-1] .nof-ship").count() == 4
        assert page.locator("[data-testid=ship-san_francisco]").count() == 1
        assert page.locator("[data-testid=div-ijn-1] .card-back").count() == 2
        assert "face down" in page.locator("[data-testid=div-ijn-2]").text_content()
        assert "Savo Island" in page.locator("[data-testid=land-4]").text_content()
        assert "Norman Scott C+0 Co+1 D+0" in page.locator("[data-testid=commander-usn]").text_content()
        assert "5 ships, 3 capital" in page.locator("[data-testid=commander-ijn]").text_content()
        assert "NIGHT" in page.locator("[data-testid=environment]").text_content()
        no_enemy_names(page)
        page.locator("#board").screenshot(path=str(artifacts / "nights-of-fury-start.png"))

        rng = random.Random(4)
        board_clicks = button_clicks = ambiguous = 0
        seen_targets: set[str] = set()
        for _ in range(120):
            wait_ready(page)
            if state(page) == "over":
                break
            if state(page) != "decision":
                page.wait_for_timeout(50)
                continue
            targets = page.eval_on_selector_all("#board .target[data-key]", "ns => ns.map(n => n.dataset.key)")
            seen_targets.update(targets)
            options = page.eval_on_selector_all("#pending button.option", "bs => bs.map(b => b.dataset.id)")
            bands = [k for k in targets if k.startswith("band-") and f"band:{k[5:]}" in options]
            if bands and board_clicks < 6:
                # a band an option moves to is lit; a click answers it (play.js PLACE_FIELDS), or, where other
                # options name the same band (detaching a ship toward that edge), picks out those options' buttons
                key = bands[0]
                before = step(page)
                click_place(page, key)
                move = f"band:{key[5:]}"
                if any(o.startswith("detach:") and o.endswith(f"disengage-{key[5:]}") for o in options):
                    lit = page.eval_on_selector_all("#pending button.hl", "bs => bs.map(b => b.dataset.id)")
                    assert move in lit and len(lit) > 1, lit
                    ambiguous += 1
                    page.locator(f'#pending button.hl[data-id="{move}"]').click()
                page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}", timeout=15000)
                board_clicks += 1
            else:
                answer_one(page, rng, [])
                button_clicks += 1
            no_enemy_names(page)
            if board_clicks >= 3 and any("#" in k for k in seen_targets):
                break
        assert board_clicks >= 1, seen_targets
        assert any(k.startswith("band-") for k in seen_targets)
        assert any(k.startswith("usn-") for k in seen_targets)       # a division the decision is about
        page.locator("#board").screenshot(path=str(artifacts / "nights-of-fury-usn.png"))
        page.screenshot(path=str(artifacts / "nights-of-fury-page.png"), full_page=True)
        (artifacts / "nights-of-fury-clicks.txt").write_text(
            f"board clicks {board_clicks} ({ambiguous} picking out several options), button clicks {button_clicks}; "
            f"lit: {sorted(seen_targets)}\n")
    finally:
        page.close()


def test_nights_of_fury_spectator_sees_the_public_board(browser, base_url, api, artifacts):
    """The public view while the battle goes on: both sides' stacks as a spectator may see them, no ship names
    and no own-side detail of either side."""
    made = api.post("/api/games", json={"game": "nights-of-fury", "scenario": "cape-esperance", "seed": 3,
                                        "seats": {"usn": "human", "ijn": "random"}}).json()
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        page.goto(made["spectator"])
        page.wait_for_selector("#board svg.board-nights-of-fury", timeout=15000)
        text = board_text(page)
        assert "public view" in text
        for name in ("San Francisco", "Helena", "Kinugasa", "Hatsuyuki", "Aoba"):
            assert name not in text
        assert page.locator("#board .card-back").count() >= 4          # every stack face down to a spectator
        page.locator("#board").screenshot(path=str(artifacts / "nights-of-fury-public.png"))
    finally:
        page.close()
