"""Kingdom scoring, end of a kingdom, end of the game: AMR-R061..AMR-R081, AMR-R095."""

from __future__ import annotations

import pytest

from rules.amunre import ENGINE
from rules.amunre.scoring import (
    end_game,
    final_result,
    gold_bonus,
    kingdom_scoring,
    yellow_condition,
)
from tests.rules.amunre.scenario import (
    fresh,
    harvest_state,
    options,
    own,
    play,
    purchase_state,
    restart_harvest,
    set_hand,
)


def board(seats=3, tile=2, **provinces):
    """provinces: pid=(seat, pyramids, stones) or (seat, pyramids, stones, farmers)."""
    state = fresh(seats)
    state["tile"] = tile
    for seat in range(seats):
        set_hand(state, seat)
    for pid, spec in provinces.items():
        seat, pyramids, stones, *farmers = spec
        own(
            state, seat, pid, pyramids=pyramids, stones=stones, farmers=farmers[0] if farmers else 0
        )
    return state


def bank_awards(events):
    return {
        (e.data["seat"], e.data["reason"]) for e in events if "bank" in e.data.get("reason", "")
    }


def scored(state):
    events = []
    kingdom_scoring(state, events)
    return [p["score"] for p in state["players"]], events


def end_of_round(round_, holdings, start=0):
    state = harvest_state(tile=3, holdings=holdings, round_=round_, start=start)
    set_hand(state, 0, bountiful_harvest=1)
    return restart_harvest(state)


HOLD = {
    0: ["thebes", "abu", "edfu"],
    1: ["mendes", "buto", "avaris"],
    2: ["memphis", "damanhur", "amarna"],
}


@pytest.mark.rule("AMR-R061")
@pytest.mark.rule("AMR-R062")
@pytest.mark.rule("AMR-R063")
@pytest.mark.rule("AMR-R095")
def test_end_of_old_kingdom():
    state = end_of_round(3, HOLD, start=1)
    state["provinces"]["thebes"].update(farmers=4, extra_farmers=1, stones=2, pyramids=2)
    state["provinces"]["mendes"].update(farmers=3, stones=1)
    set_hand(state, 2, architect=2, bribe=1)
    state["favor_discard"] = {"protection": 1}
    deck = list(state["favor_deck"])
    state, events = play(state, (0, "collect"))
    assert any(e.kind == "scoring" for e in events)
    kinds = [e.kind for e in events]
    assert kinds.index("scoring") < kinds.index("kingdom")
    # AMR-R061: scribes and farmers leave; stones and pyramids stay, owned by nobody
    for pid, prov in state["provinces"].items():
        assert prov["owner"] is None or pid in state["auction"]["revealed"]
        assert prov["farmers"] == 0 and prov["extra_farmers"] == 0
    assert state["provinces"]["thebes"]["pyramids"] == 2
    assert state["provinces"]["thebes"]["stones"] == 2
    assert all(p["provinces"] == [] for p in state["players"])
    # AMR-R062: the same 3N cards, reshuffled, make the new deck
    assert sorted(state["province_deck"] + state["auction"]["revealed"]) == sorted(
        state["province_cards"]
    )
    # AMR-R063: start player and tile carry over into round 4
    assert (state["round"], state["kingdom"], state["phase"]) == (4, 2, "auction")
    assert state["start_player"] == 1 and state["tile"] == 3
    assert ENGINE.pending(state)[0].seat == 1
    # AMR-R095: hands, gold, VP, favor deck and discard pile carry over
    assert state["players"][2]["hand"] == {"architect": 2, "bribe": 1}
    assert state["favor_discard"].get("protection") == 1
    assert state["favor_deck"] == deck[: len(state["favor_deck"])]
    assert state["players"][0]["score"] > 0


@pytest.mark.rule("AMR-R064")
def test_new_owner_takes_over_old_stones_and_pyramids():
    state = board(thebes=(0, 2, 2), mendes=(1, 0, 0), memphis=(2, 0, 0))
    state["kingdom"] = 2
    scores, _ = scored(state)
    assert scores[0] == 2 + 2 * 3 + 5  # pyramids, set, east bank majority
    # and for building: the 2 old stones complete a pyramid with the Architect
    buying = purchase_state(holdings={0: ["thebes"], 1: ["mendes"], 2: ["memphis"]})
    buying["provinces"]["thebes"].update(stones=2, pyramids=1)
    assert "architect:thebes" in options(buying, 0)
    buying, _ = play(buying, (0, "buy:stone:1"), (0, "stone:thebes"))
    assert buying["provinces"]["thebes"]["pyramids"] == 2


@pytest.mark.rule("AMR-R065")
def test_game_ends_after_new_kingdom_scoring():
    state = end_of_round(6, HOLD)
    state, events = play(state, (0, "collect"))
    kinds = [e.kind for e in events]
    assert kinds.index("scoring") < kinds.index("game_over")
    assert state["phase"] == "over" and ENGINE.pending(state) == []
    assert ENGINE.result(state) is not None


@pytest.mark.rule("AMR-R066")
@pytest.mark.parametrize("tile", [1, 2, 3, 4])
def test_temples_score_the_tile_value(tile):
    state = board(
        tile=tile, damanhur=(0, 0, 0), edfu=(0, 0, 0), mendes=(1, 0, 0), memphis=(2, 0, 0)
    )
    scores, _ = scored(state)
    assert scores == [3 * tile, 0, 0]


@pytest.mark.rule("AMR-R067")
@pytest.mark.rule("AMR-R068")
def test_pyramids_and_sets():
    state = board(
        thebes=(0, 2, 0), abu=(0, 3, 0), kharga=(1, 1, 0), buto=(1, 0, 0), memphis=(2, 0, 0)
    )
    scores, events = scored(state)
    reasons = {
        (e.data["seat"], e.data["reason"]): e.data["vp"] for e in events if e.kind == "score"
    }
    assert reasons[(0, "pyramids")] == 5 and reasons[(0, "pyramid sets")] == 6
    assert reasons[(1, "pyramids")] == 1 and (1, "pyramid sets") not in reasons  # Buto: 0


@pytest.mark.rule("AMR-R069")
def test_bank_majority_needs_a_pyramid_ties_by_stones_then_shared():
    # east bank: seat 0 two pyramids; west: seats 1 and 2 tied on 1, seat 2 more stones
    state = board(thebes=(0, 2, 0), memphis=(1, 1, 0), edfu=(2, 1, 2))
    scores, events = scored(state)
    bank = bank_awards(events)
    assert bank == {(0, "most pyramids on the east bank"), (2, "most pyramids on the west bank")}
    state = board(memphis=(1, 1, 1), edfu=(2, 1, 1), thebes=(0, 0, 2))
    _, events = scored(state)
    bank = bank_awards(events)
    assert bank == {(1, "most pyramids on the west bank"), (2, "most pyramids on the west bank")}
    state = board(thebes=(0, 0, 2), mendes=(1, 0, 0), memphis=(2, 0, 0))
    _, events = scored(state)
    assert not any("bank" in e.data.get("reason", "") for e in events)  # nobody has one


@pytest.mark.rule("AMR-R070")
@pytest.mark.rule("AMR-R071")
@pytest.mark.rule("AMR-R076")
def test_yellow_cards_score_once_per_type_and_are_discarded():
    state = board(thebes=(0, 0, 0), abu=(0, 0, 0), mendes=(1, 0, 0), memphis=(2, 0, 0))
    set_hand(state, 0, upper_or_lower=2, master_farmers=1)
    scores, _ = scored(state)
    assert scores[0] == 3  # one copy of Upper/Lower scores; Master of Farmers unmet
    assert state["players"][0]["hand"] == {"upper_or_lower": 1, "master_farmers": 1}
    assert state["favor_discard"]["upper_or_lower"] == 1


@pytest.mark.rule("AMR-R072")
@pytest.mark.rule("AMR-R073")
@pytest.mark.rule("AMR-R074")
@pytest.mark.rule("AMR-R075")
@pytest.mark.rule("AMR-R076")
def test_yellow_conditions():
    state = board(
        thebes=(0, 0, 0, 4),
        memphis=(0, 0, 0, 3),
        faiyum=(0, 0, 0, 2),
        abu=(1, 0, 0, 3),
        sawu=(1, 0, 0, 1),
        berenike=(1, 0, 0),
    )
    # Thebes 2+2, Memphis 3, Faiyum 4 = 11 favor bonuses; 9 farmers
    assert yellow_condition(state, 0, "master_scribes")
    assert yellow_condition(state, 0, "master_farmers")
    assert not yellow_condition(state, 0, "same_bank")  # east + west
    assert not yellow_condition(state, 0, "nile_or_border")  # Faiyum is border
    assert not yellow_condition(state, 0, "upper_or_lower")
    # Abu 1, Sawu 1, Berenike 1 = 3; 4 farmers (extra ones count)
    assert not yellow_condition(state, 1, "master_scribes")
    state["provinces"]["berenike"]["extra_farmers"] = 5
    assert yellow_condition(state, 1, "master_farmers")
    assert yellow_condition(state, 1, "same_bank")  # all east
    assert not yellow_condition(state, 1, "nile_or_border")  # Abu on the Nile, others not
    assert yellow_condition(state, 1, "upper_or_lower")  # all Upper
    state2 = board(kharga=(0, 0, 0), sawu=(0, 0, 0), avaris=(0, 0, 0))
    assert yellow_condition(state2, 0, "nile_or_border")  # none on the Nile


@pytest.mark.rule("AMR-R077")
def test_vp_go_on_the_track_at_once_and_are_logged():
    state = board(thebes=(0, 40, 0), mendes=(1, 0, 0), memphis=(2, 0, 0))
    state["players"][0]["score"] = 500
    scores, events = scored(state)
    assert scores[0] == 500 + 40 + 120 + 5
    assert sum(vp for seat, vp, *_ in state["score_log"] if seat == 0) == 165
    assert all(e.kind in ("scoring", "score") for e in events)


@pytest.mark.rule("AMR-R078")
@pytest.mark.rule("AMR-R079")
def test_end_of_game_sale_and_gold_bonus():
    state = board(thebes=(0, 0, 0), mendes=(1, 0, 0), memphis=(2, 0, 0))
    for seat, gold in enumerate((10, 9, 8)):
        state["players"][seat]["gold"] = gold
    set_hand(state, 2, architect=1, bribe=1)  # 8 + 2 = 10: ties seat 0
    end_game(state, [])
    assert state["players"][2]["hand"] == {} and state["players"][2]["gold"] == 10
    assert [p["score"] for p in state["players"]] == [6, 2, 6]
    assert gold_bonus([10, 10, 8]) == [6, 6, 2]
    assert gold_bonus([10, 8, 8, 5]) == [6, 4, 4, 0]
    assert gold_bonus([5, 4, 3, 2, 1]) == [6, 4, 2, 0, 0]
    assert gold_bonus([7, 7, 7, 7]) == [6, 6, 6, 6]


@pytest.mark.rule("AMR-R080")
@pytest.mark.rule("AMR-R081")
def test_winner_and_tie_breaks():
    state = board(thebes=(0, 2, 1), mendes=(1, 2, 2), memphis=(2, 3, 0), abu=(2, 0, 0))
    for seat, score in enumerate((30, 30, 30)):
        state["players"][seat]["score"] = score
    result = final_result(state)
    assert result.places == (3, 2, 1)  # pyramids: seat 2 (3); then stones: seat 1 over 0
    assert result.tiebreaks and "tied on 30 VP" in result.tiebreaks[0]
    state["provinces"]["memphis"]["pyramids"] = 2
    state["provinces"]["thebes"]["stones"] = 2
    result = final_result(state)
    assert result.places == (1, 1, 3) and result.winners == [0, 1]
    assert "share" in result.tiebreaks[0]
    state["players"][2]["score"] = 31
    assert final_result(state).places == (2, 2, 1)
