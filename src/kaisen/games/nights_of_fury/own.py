"""A and G: what a generated battle and the campaign keep in the state (`Setup`, the battle's own scenario), and
the commander cards that carry earned or rolled ratings: data only, so that the state, the rules and the
procedures can all read it without importing one another."""
from __future__ import annotations

from typing import Any

import msgspec

from kaisen.engine.record import RecordError
from kaisen.games.nights_of_fury.data import ScenarioSpec

NAVY_NAME = {"usn": "USN", "ijn": "IJN"}
GENERATED, CAMPAIGN = "generated", "campaign"
OWN_KINDS = (GENERATED, CAMPAIGN)
FORMAT = 1                      # the JSON format of `Setup`; a save of another format is refused
ORDER = ("ijn", "usn")          # the IJN rolls and assigns first (it chose where to go; the USN answered)
HOME = {"usn": 1, "ijn": 10}    # each side's home edge
TRAITS = ("combat", "cohesion", "detection")
DD_PER_DIVISION = 4
MAX_DIVISIONS = 6               # heavy, light cruisers, up to three destroyer divisions, PT boats
ENV = ("light", "weather", "visibility", "sea")


class OwnScenario(str):
    """A generated battle's scenario id ("generated" or "campaign") carrying the battle's own ScenarioSpec (A)."""

    spec: ScenarioSpec

    def __new__(cls, sid: str, spec: ScenarioSpec) -> "OwnScenario":
        self = super().__new__(cls, sid)
        self.spec = spec
        return self

    def __reduce__(self):
        return (OwnScenario, (str(self), self.spec))


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The generated set-up in progress and, in a campaign, the campaign itself (G). Never changed in place:
    a step replaces it (`put`)."""

    kind: str                                              # "generated" | "campaign"
    format: int = FORMAT
    env: dict[str, str] = {}                               # light, weather, visibility, sea
    intelligence: dict[str, str] = {}
    bands: dict[str, int] = {}
    land: list[tuple[str, int]] = []                       # (marker, band)
    missions: dict[str, str] = {}
    limits: dict[str, dict[str, int]] = {}                 # side -> ship type -> how many it may take
    chosen: dict[str, list[str]] = {}                      # side -> ships assigned, in order
    commander: dict[str, str] = {}                         # side -> commander id ("" none)
    flagship: dict[str, str] = {}                          # side -> the ship its commander sails in (E)
    tried: dict[str, list[str]] = {}                       # side -> commanders whose availability roll failed
    spec: ScenarioSpec | None = None                       # the battle being fought
    # -- the campaign (G) --------------------------------------------------------------------------------
    mission: int = 0                                       # 1.. the mission being set up or fought
    pool: dict[str, list[str]] = {}                        # side -> surviving ships
    repair: list[str] = []                                 # ships under repair: they miss the next mission
    cards: dict[str, tuple[int, int, int]] = {}            # surviving pool commander -> combat, cohesion, detection
    dead: list[str] = []                                   # pool commanders killed
    totals: dict[str, int] = {}                            # campaign VP
    log: dict[str, list[dict[str, Any]]] = {}              # side -> its campaign log, one entry per mission
    verdict: tuple[str, str, int] | None = None            # winner ("usn"|"ijn"|"draw"), level, margin


def setup_to_json(own: Setup) -> dict[str, Any]:
    return msgspec.to_builtins(own)


def setup_from_json(data: dict[str, Any]) -> Setup:
    """The set-up record of a save; a save of another format is refused with one line naming the field."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        got = data.get("format") if isinstance(data, dict) else data
        raise RecordError(f"state field 'own.format': campaign/generated save format {got!r} is not supported "
                          f"(this kaisen reads format {FORMAT})")
    try:
        return msgspec.convert(data, Setup)
    except msgspec.ValidationError as err:
        raise RecordError(f"state field 'own': {err}") from None


def scenario_id(own: Setup | None, sid: str) -> str:
    """The state's scenario id: an OwnScenario carrying the spec once the battle is made."""
    if own is None or own.spec is None:
        return sid
    return OwnScenario(own.kind, own.spec)


# -- the pools ---------------------------------------------------------------------------------------------
class CommanderCards(dict):
    """The Commander Ratings Table as Rules.commanders: the data's cards, and a card made on first use for an id
    that carries its own ratings, "<id>|combat|cohesion|detection" (an experienced pool commander, E, G; a
    stand-in from the Random Commander Table, G)."""

    def __missing__(self, key: str):
        base, bar, rest = key.partition("|")
        if not bar:
            raise KeyError(key)
        combat, cohesion, detection = (int(v) for v in rest.split("|"))
        known = dict.get(self, base)
        if known is None:
            navy = base.rpartition("-")[2]
            known = msgspec.convert({"id": base, "name": f"{NAVY_NAME[navy]} stand-in", "navy": navy, "combat": 0,
                                     "cohesion": 0, "detection": 0, "availability": 0, "months": [],
                                     "prov": "Random Commander Table (G)"}, type(next(iter(self.values()))))
        card = msgspec.structs.replace(known, id=key, combat=combat, cohesion=cohesion, detection=detection)
        self[key] = card
        return card
