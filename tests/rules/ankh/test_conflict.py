"""Conflict, domination and battles (ANKH-R057..R079)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE

from .scenario import WEST_DESERT, blank, conflict, dev, ids, key, mon, play, put, texts


def two_in_west(seats=2):
    state = blank(seats)
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    return state


def cards(state, *picks):
    """Answer the sealed card picks: picks[i] for player i."""
    for player, card in enumerate(picks):
        if card is not None:
            state, _ = play(state, (player, f"card:{card}"))
    return state


@pytest.mark.rule("ANKH-R057")
@pytest.mark.rule("ANKH-R063")
def test_tiebreaker_taken_then_returned():
    state = two_in_west()
    conflict(state, trigger=1)
    assert state["tiebreaker"] == {"holder": 1, "up": True}
    assert key(state) == "battle_card"
    state = cards(state, "chariots", "flood")
    assert state["tiebreaker"] == {"holder": None, "up": True}
    assert state["conflicts"] == 1 and state["conflict"] is None


@pytest.mark.rule("ANKH-R058")
@pytest.mark.rule("ANKH-R097")
def test_start_of_conflict_effects_before_regions():
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "g6", "warrior", 0)
    put(state, "d1", "warrior", 1)
    state["players"][0]["powers"] = ["omnipresent"]
    events = conflict(state)
    order = [e.kind for e in events]
    assert order.index("omnipresent") < order.index("dominate")
    assert state["players"][0]["followers"] == 1 + 2


@pytest.mark.rule("ANKH-R059")
@pytest.mark.rule("ANKH-R060")
@pytest.mark.rule("ANKH-R061")
def test_regions_in_token_order_empty_skipped_domination():
    state = blank()
    put(state, "b4", "god", 0)  # west = 1
    put(state, "d1", "god", 1)  # delta = 3
    for r in state["regions"]:
        r["token"] = {"west": 3, "east": 2, "delta": 1}[r["name"]]
    events = conflict(state)
    seen = [e.data["region"] for e in events if e.kind in ("dominate", "region")]
    assert seen == ["delta", "east", "west"]
    assert "east: no figures, skipped." in texts(events)
    assert dev(state, 0) == 1 and dev(state, 1) == 1


@pytest.mark.rule("ANKH-R065")
@pytest.mark.rule("ANKH-R066")
@pytest.mark.rule("ANKH-R067")
def test_domination_majorities():
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    mon(state, "a4", "obelisk", 0)
    mon(state, "a5", "temple", 0)
    mon(state, "a6", "temple", 1)  # temples tied 1-1: nobody
    mon(state, "a7", "pyramid", 1)  # enemy majority; enemy has no figure here: nothing
    events = conflict(state)
    assert dev(state, 0) == 1 + 1  # obelisk majority, then domination
    assert dev(state, 1) == 1  # dominates east only
    gains = [e.data["amount"] for e in events if e.kind == "devotion" and e.data["player"] == 0]
    assert gains == [1, 1]


@pytest.mark.rule("ANKH-R062")
@pytest.mark.rule("ANKH-R068")
@pytest.mark.rule("ANKH-R069")
def test_battle_participants_pick_sealed_cards():
    state = two_in_west(3)
    put(state, "d1", "god", 2)
    conflict(state)
    decisions = ENGINE.pending(state)
    assert sorted(d.seat for d in decisions) == [0, 1]
    assert all(d.secret for d in decisions)
    state, events = play(state, (0, "card:chariots"))
    assert all(e.private_to == 0 for e in events)
    assert ENGINE.view(state, None)["conflict"]["battle"]["played"] is None
    state, events = play(state, (1, "card:flood"))
    assert state["players"][0]["used"] == ["chariots"]


@pytest.mark.rule("ANKH-R070")
@pytest.mark.rule("ANKH-R088")
def test_build_monument_least_devotion_first():
    state = two_in_west()
    state["players"][0]["devotion"] = 5
    state["players"][0]["followers"] = 3
    state["players"][1]["followers"] = 3
    conflict(state)
    state = cards(state, "build", "build")
    assert ENGINE.pending(state)[0].seat == 1  # less devotion builds first
    state, _ = play(state, (1, "build:temple"))
    assert "at:a4" in ids(state) and "at:b4" not in ids(state) and "at:c5" not in ids(state)
    state, _ = play(state, (1, "at:a4"))
    assert state["monuments"]["a4"] == {"type": "temple", "owner": 1}
    assert state["players"][1]["followers"] == 0
    assert ENGINE.pending(state)[0].seat == 0


@pytest.mark.rule("ANKH-R071")
@pytest.mark.rule("ANKH-R072")
def test_plague_then_majorities_for_players_with_figures():
    state = two_in_west()
    put(state, "a4", "warrior", 0)
    mon(state, "a8", "obelisk", 0)
    mon(state, "b8", "pyramid", 1)
    state["players"][0]["followers"] = 2
    conflict(state)
    state = cards(state, "plague", "flood")
    assert key(state) == "locust_bid"
    state, _ = play(state, (0, "bid:2"), (1, "bid:0"))
    assert "a4" in state["figures"]  # the highest bidder keeps its warrior
    # majorities: both still have figures (gods never die)
    assert dev(state, 0) >= 1 and dev(state, 1) >= 1


@pytest.mark.rule("ANKH-R073")
@pytest.mark.rule("ANKH-R075")
@pytest.mark.rule("ANKH-R078")
def test_strength_and_single_winner_kills_enemies():
    state = two_in_west()
    put(state, "a4", "warrior", 0)
    put(state, "d5", "warrior", 1)
    put(state, "e5", "warrior", 1)
    conflict(state)
    state, events = play(state, (0, "card:chariots"), (1, "card:drought"))
    strength = [e for e in events if e.kind == "strength"][0].data["strength"]
    assert strength == {"0": 2 + 3, "1": 3 + 1}
    assert dev(state, 0) == 1 and dev(state, 1) == 0
    assert "d5" not in state["figures"] and "e5" not in state["figures"]
    assert "d4" in state["figures"]  # gods are never killed
    assert state["players"][1]["warriors"] == 6


@pytest.mark.rule("ANKH-R074")
def test_no_figure_left_means_strength_zero():
    from rules.ankh.conflict import strength

    state = two_in_west()
    battle = {"region": "west", "played": {"0": ["chariots"], "1": []}}
    del state["figures"]["b4"]
    assert strength(state, battle, 0) == 0


@pytest.mark.rule("ANKH-R064")
@pytest.mark.rule("ANKH-R076")
def test_tiebreaker_wins_one_tie_then_face_down():
    state = two_in_west()
    conflict(state, trigger=1)
    state = cards(state, "flood", "flood")
    assert key(state) == "tiebreak" and ENGINE.pending(state)[0].seat == 1
    state, _ = play(state, (1, "tie:use"))
    assert dev(state, 1) == 1 and dev(state, 0) == 0
    # two battles: the token is face down after use, so the second tie is lost by all
    state = two_in_west()
    put(state, "a1", "warrior", 1)
    put(state, "a4", "warrior", 0)
    put(state, "g6", "god", 0)
    put(state, "g7", "warrior", 1)
    conflict(state, trigger=1)
    state = cards(state, "flood", "flood")
    state, _ = play(state, (1, "tie:use"))
    assert state["tiebreaker"] == {"holder": 1, "up": False}
    state = cards(state, "build", "build")
    assert key(state) == "action"
    assert dev(state, 1) == 1


@pytest.mark.rule("ANKH-R077")
def test_tie_without_tiebreaker_everybody_loses():
    state = two_in_west()
    put(state, "a4", "warrior", 0)
    put(state, "d5", "warrior", 1)
    conflict(state, trigger=0)
    state = cards(state, "flood", "build")
    assert key(state) == "tiebreak"
    state, _ = play(state, (0, "tie:keep"))
    assert "a4" not in state["figures"] and "d5" not in state["figures"]
    assert dev(state, 0) == 0 and dev(state, 1) == 0
    assert "b4" in state["figures"] and "d4" in state["figures"]


@pytest.mark.rule("ANKH-R079")
def test_after_resolution_order():
    state = two_in_west()
    put(state, "a4", "warrior", 0)
    state["players"][1]["powers"] = ["magnanimous", "worshipful"]
    put(state, "d5", "warrior", 1)
    put(state, "e5", "warrior", 1)
    state["players"][1]["followers"] = 2
    conflict(state)
    state, events = play(state, (0, "card:chariots"), (1, "card:miracle"))
    assert key(state) == "worshipful"
    state, more = play(state, (1, "worship:yes"))
    kinds = [e.kind for e in events + more]
    reasons = [e.text for e in events + more if e.kind == "devotion"]
    assert kinds.index("win") < kinds.index("kill")
    assert "Magnanimous" in reasons[1] and "Miracle" in reasons[2]
    assert "Worshipful" in reasons[3]


__all__ = ["WEST_DESERT", "mon"]
