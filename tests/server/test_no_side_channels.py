"""No side channels over HTTP (issue 10 §1, DESIGN.md "No side channels"): two games that differ only in one
side's secret answers give the other side and the spectator byte-identical payloads, versions, decision
tokens, SSE events (their number included) and public-list entries. The harness is `side_channels.py`: dice are
manual at one table and entered identically in both games, so no die can differ (see its docstring).

Each test failed before the fix: every payload carried `step`, the global answer count, so a Fury at Midway US
plot of two hexes showed Japan a step two higher than a plot of none (browser-and-server review, H1)."""
from __future__ import annotations

import pytest

from .side_channels import first, received_by_others


def prompt_rule(rule: str, side_word: str = ""):
    def reach(payload) -> bool:
        pd = payload["pending"]
        return pd["rule"] == rule and side_word in pd["prompt"]
    return reach


def decision_kind(kind: str):
    def reach(payload) -> bool:
        return payload["pending"].get("decision_kind") == kind
    return reach


# -- Fury at Midway: the CSF's secret plot (6.2(1)) and the secret air set-up (3.2(2)) --------------------------
CSF_PLOT = prompt_rule("6.2(1)", "Carrier Strike Force")


@pytest.mark.parametrize("moves", [1, 2])
def test_fam_csf_plot_of_one_or_two_hexes_looks_like_staying_to_japan_and_the_spectator(make_client, moves):
    """FaM 6.2(1): the CSF's plot is secret; Japan must not learn whether it stayed or moved 1 or 2 hexes."""
    stay = ["end"]
    move = [first("to:")] * moves + (["end"] if moves == 1 else [])
    received_by_others(make_client, "fury-at-midway", "usa", CSF_PLOT, stay, move)


def test_fam_two_different_plots_of_two_hexes_look_the_same(make_client):
    received_by_others(make_client, "fury-at-midway", "usa", CSF_PLOT,
                       [first("to:E"), first("to:")], [first("to:G"), first("to:")])


def test_fam_us_secret_set_up_deck_or_hangar_looks_the_same_to_japan(make_client):
    """FaM 3.2(2): where a US squadron starts (deck, hangar or CAP) is secret."""
    received_by_others(make_client, "fury-at-midway", "usa", prompt_rule("3.2(2)"), ["deck"], ["hangar"])


def test_fam_japanese_secret_set_up_looks_the_same_to_the_us(make_client):
    received_by_others(make_client, "fury-at-midway", "japan", prompt_rule("3.1(2)"), ["hangar", "deck"],
                       ["cap", "hangar"])


# -- Pacific Fury: which ship goes into a face-down task force (8.2, 8.4) ----------------------------------------
def test_pf_which_ship_forms_a_task_force_is_invisible_to_the_us(make_client):
    received_by_others(make_client, "pacific-fury", "japan", prompt_rule("8.2", "Form task forces"),
                       ["add:shokaku"], ["add:nagato"])


def test_pf_us_task_force_make_up_is_invisible_to_japan(make_client):
    received_by_others(make_client, "pacific-fury", "usa", prompt_rule("8.2", "Form task forces"),
                       ["add:saratoga", "add:washington"], ["add:washington", "add:saratoga"])


# -- Victory in the Pacific: the day/night choice made first is secret until both have chosen (7.3) -------------
def test_vitp_day_or_night_chosen_first_is_invisible_until_the_other_side_chooses(make_client):
    received_by_others(make_client, "victory-in-the-pacific", "japan", decision_kind("day-or-night"),
                       ["day"], ["night"])


def deck_moves_offered(n):
    def reach(payload) -> bool:
        ids = [o["id"] for o in payload["pending"]["options"]]
        return payload["pending"]["rule"] == "8.2" and "end" in ids and sum(i.startswith("deck:") for i in ids) >= n
    return reach


def last(prefix: str):
    return lambda ids: [i for i in ids if i.startswith(prefix)][-1]


def test_fam_a_hangar_to_deck_move_in_an_air_operation_is_invisible_to_japan(make_client):
    """FaM 8.2: an air operation ended at once looks to Japan like one with a hangar -> deck move first."""
    received_by_others(make_client, "fury-at-midway", "usa", deck_moves_offered(1), ["end"], [first("deck:"), "end"])


def test_fam_which_unit_goes_to_the_deck_is_invisible_to_japan(make_client):
    received_by_others(make_client, "fury-at-midway", "usa", deck_moves_offered(2),
                       [first("deck:"), "end"], [last("deck:"), "end"])


def test_fam_csf_plot_gives_japan_and_the_spectator_byte_identical_live_streams(make_client):
    """The pushed stream (one SSE connection held open for the whole game, log deltas from its own last message)
    of Japan and the spectator is byte for byte the same whether the CSF stayed or moved two hexes (6.2(1))."""
    got = received_by_others(make_client, "fury-at-midway", "usa", CSF_PLOT, ["end"], [first("to:")] * 2,
                             live=True)
    for reader in ("japan", None):     # the held-open stream got what a page reconnecting after each answer got
        assert len(got[reader]["live"]) > 5 and got[reader]["live"] == got[reader]["sse"]
