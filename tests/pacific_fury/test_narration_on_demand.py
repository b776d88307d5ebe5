"""DESIGN.md "Narration on demand" (issue 11 item 3): random play formats no event text and no option label;
only constant strings and labels made once per data set are given ready-made. Also: the cheap copy keeps
every field."""
from __future__ import annotations

import random
from dataclasses import fields

import pytest

from kaisen.engine.core import Decision, End, Event, Option
from kaisen.games.pacific_fury import GAME
from kaisen.games.pacific_fury.state import BOXES, SIDES, PFState
from kaisen.games.pacific_fury.task_forces import add_options

D = GAME.data

# The only event texts made at once: constants (no value of the state in them).
CONSTANT_TEXTS = {
    "Set-up: Japanese ships in Truk (Yamato, Junyo, Hiyo in Reserve); US ships in Espiritu Santo (Hornet on the "
    "Turn Record Track for turn 2); Initiative marker on US 1",
    "No Japanese ship in Truk: the submarine finds nothing",
    "The Tokyo Express lands its troops on Guadalcanal",
    "Henderson Field disrupted: the marker does not shift",
}
# The only option labels made at once: constants, the `add:` options (made once per data set and box), and
# the revive options (a ship's name, read from the data, not formatted).
CONSTANT_LABELS = {
    ("done", "Finish forming task forces"), ("pass", "Pass (no operation; counts as an operation)"),
    ("carrier-combat", "Carrier combat"), ("no-combat", "No combat"), ("stay", "Stay in the zone"),
    ("stay", "Stay and fight on"), ("return", "Return to base"),
    ("end", "No second round: the strike returns to base"),
}
CONSTANT_LABELS |= {(o.id, o._label) for side in SIDES for box in range(1, BOXES + 1)
                    for _, _, _, o in add_options(D, side, box)}
CONSTANT_LABELS |= {(f"revive:{u}", sp.name) for u, sp in D.ships.items()}


def eager_texts(events, fresh: bool = True) -> list[str]:
    """Events whose text was made when they happened though it is not a constant, or (`fresh`: events just
    made by a step) made since by a read. A new game's events are made once per data set and shared, so an
    earlier reader may have made their text."""
    bad = []
    for e in events:
        if e._make is None:
            if e._text not in CONSTANT_TEXTS:
                bad.append(e._text)
        elif fresh and e._text is not None:
            bad.append(e._text)
    return bad


def eager_labels(pause) -> list[str]:
    """Options given a ready-made label that is not a constant (labels with a maker are checked by counting)."""
    if not isinstance(pause, Decision):
        return []
    return [o._label for o in pause.options if o._make is None and (o.id, o._label) not in CONSTANT_LABELS]


def test_the_checks_can_fail():
    assert eager_texts([Event("x", f"{D.ships['yamato'].name} moves")]) == ["Yamato moves"]
    made = Event("x", None, None, "", "{} moves".format, ("Yamato",))
    assert eager_texts([made]) == []
    assert made.text == "Yamato moves" and eager_texts([made]) == ["Yamato moves"]
    pause = Decision("usa", "?", (Option("pass", f"Pass ({1})", {"verb": "pass"}),))
    assert eager_labels(pause) == ["Pass (1)"]


@pytest.mark.parametrize("seed", range(6))
def test_random_play_formats_no_narration_and_no_label(seed, monkeypatch):
    reads = {"text": 0, "label": 0}
    text_prop, label_prop = Event.text, Option.label

    def text(self):
        reads["text"] += 1
        return text_prop.fget(self)

    def label(self):
        reads["label"] += 1
        return label_prop.fget(self)

    monkeypatch.setattr(Event, "text", property(text))
    monkeypatch.setattr(Option, "label", property(label))
    rng = random.Random(seed)
    s = GAME.new_state(None, {"tokyo-express-combat": bool(seed % 2)})
    assert eager_texts(GAME.events(s), fresh=False) == []
    steps = 0
    while not isinstance(p := GAME.pause(s), End):
        assert eager_labels(p) == [], (s.step, eager_labels(p))
        answer = (tuple(rng.randint(1, k) for k in p.dice) if hasattr(p, "dice") else rng.choice(p.options).id)
        s = GAME.apply(s, answer)
        assert eager_texts(GAME.events(s)) == [], (s.step, eager_texts(GAME.events(s)))
        steps += 1
    assert steps > 100
    assert reads == {"text": 0, "label": 0}
    # read now, the text is the narration (made once, then kept)
    end = GAME.events(s)[-1]
    assert end.kind == "end" and end.text.endswith("after turn 4") and end._text is not None


def test_copy_keeps_every_field_and_shares_nothing_that_changes():
    rng = random.Random(3)
    s = GAME.new_state()
    for _ in range(120):
        p = GAME.pause(s)
        s = GAME.apply(s, tuple(rng.randint(1, k) for k in p.dice) if hasattr(p, "dice") else rng.choice(p.options).id)
    c = s.copy()
    for f in fields(PFState):
        getattr(c, f.name)          # every slot is set
    assert c == s and c.to_json() == s.to_json()
    for name in ("loc", "returns", "tfs", "ops"):
        assert getattr(c, name) is not getattr(s, name)
    assert c.cache is None and c.last_events == ()
