"""Contract v2 over HTTP: a seat's pending decision carries its kind (the rulebook step) and every option its
structured fields, exactly as the engine made them; the page finds board elements from the fields."""
from __future__ import annotations

from kaisen.registry import get_game

from .helpers import create


def test_a_pending_decision_carries_its_kind_and_each_options_fields(client):
    made = create(client, game="fury-at-midway", seats={"japan": "human", "usa": "human"})
    server = client.app.state.server
    live = server.live[made["game_id"]]
    pause = get_game("fury-at-midway").pause(live.state)
    p = client.get(f"/api/seat/{made['tokens'][pause.side]}").json()
    assert p["pending"]["kind"] == "decision" and p["pending"]["decision_kind"] == pause.kind
    assert [o["fields"] for o in p["pending"]["options"]] == [o.fields or {} for o in pause.options]
    assert [o["id"] for o in p["pending"]["options"]] == pause.ids()


def test_the_page_highlights_board_elements_from_option_fields_not_labels(client):
    js = client.get("/web/play.js").text
    assert "o.fields" in js and "named(o).includes(key)" in js and "PLACE_FIELDS" in js
