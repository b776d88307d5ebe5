"""The pages after issue 10: no "Step N" (the page shows no answer count), the dice commitment on the game page,
answers sent with the decision token, the create form's "all players at one table", and the replay page's
dice verdict for an uploaded record (the same as `kaisen verify`). These failed before the change."""
from __future__ import annotations

import json




def test_the_game_page_shows_no_step_count_and_sends_the_decision_token(client):
    js = client.get("/web/play.js").text
    assert "Step ${" not in js and ".step" not in js and "current.step" not in js
    assert "decision_token: current.pending.decision_token" in js and "dice_commitment" in js
    assert 'id="commitment"' in client.get("/play/x").text
    home = client.get("/").text
    assert 'data-testid="at-table"' in home and "the seat whose roll it is" in home
    assert "at_table" in client.get("/web/home.js").text


def test_the_replay_page_gives_the_dice_verdict_of_an_uploaded_record(client):
    made = client.post("/api/games", json={"game": "fury-at-midway", "seats": {"japan": "random", "usa": "random"}}).json()
    rec = client.get(f"/api/seat/{made['tokens']['spectator']}/record").json()["record"]
    n = len(rec["dice"]["rolled"])
    f = client.post("/api/replay", json={"record": rec, "step": 0}).json()
    assert f["dice"]["ok"] and f["dice"]["message"] == f"all {n} rolls verified"
    seat = client.get(f"/api/seat/{made['tokens']['spectator']}/replay?step=0").json()
    assert seat["dice"]["ok"]
    bad = json.loads(json.dumps(rec))
    i = bad["dice"]["rolled"][0]
    bad["answers"][i] = [7 - x for x in bad["answers"][i]]
    f = client.post("/api/replay", json={"record": bad, "step": 0}).json()
    assert not f["dice"]["ok"] and f["dice"]["index"] == i and f"answer #{i}" in f["dice"]["message"]
    assert 'data-testid": "dice-verdict"' in client.get("/web/stepper.js").text
