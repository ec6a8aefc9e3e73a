"""Phase 1 — province auction: AMR-R011..AMR-R025."""

from __future__ import annotations

import pytest

from rules.amunre import ENGINE
from rules.core import IllegalMove
from tests.rules.amunre.scenario import auction_with, decision, gold, options, play, set_hand

PROVS = ["abydos", "thebes", "dakhla"]


def bid_values(opts, pid):
    return sorted(
        {int(o.split(":")[2]) for o in opts if o.startswith(f"bid:{pid}:") and "+" not in o}
    )


@pytest.mark.rule("AMR-R011")
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_reveals_n_provinces(seats):
    state = ENGINE.new_game(seats, {}, 9)
    assert len(state["auction"]["revealed"]) == seats
    assert len(state["province_deck"]) == 2 * seats
    view = ENGINE.view(state, None)
    assert sum(p["in_auction"] for p in view["provinces"]) == seats
    assert view["province_deck"] == 2 * seats


@pytest.mark.rule("AMR-R012")
def test_bonus_favor_cards_set_aside_face_down():
    state = auction_with(PROVS)
    assert len(state["auction"]["bonus_favor"]["thebes"]) == 2
    assert len(state["auction"]["bonus_favor"]["dakhla"]) == 1
    assert state["auction"]["bonus_favor"]["abydos"] == []
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(state, seat)
        thebes = next(p for p in view["provinces"] if p["id"] == "thebes")
        assert thebes["immediate"] == {"favor": 2, "gold": 0, "stones": 0}
        assert "bonus_favor" not in str(view)  # unknown to every seat
    assert ENGINE.view(state, None)["favor_deck"] == len(state["favor_deck"])


@pytest.mark.rule("AMR-R013")
@pytest.mark.rule("AMR-R017")
def test_bid_values_are_the_printed_spaces_and_jump_bids_allowed():
    state = auction_with(PROVS)
    state["players"][0]["gold"] = 50
    assert bid_values(options(state, 0), "thebes") == [0, 1, 3, 6, 10, 15, 21, 28, 36]
    state, _ = play(state, (0, "bid:thebes:6"))
    # above the highest bid only; 20 gold + 1 favor card allows 21 (a jump bid)
    assert bid_values(options(state, 1), "thebes") == [10, 15, 21]
    state, _ = play(state, (1, "bid:thebes:21"))
    assert state["auction"]["bids"]["thebes"] == [1, 21]


@pytest.mark.rule("AMR-R014")
def test_turns_go_clockwise_from_the_start_player():
    state = auction_with(PROVS, start=1)
    assert decision(state, 1).key == "bid" and ENGINE.pending(state)[0].seat == 1
    state, _ = play(state, (1, "bid:thebes:0"))
    assert ENGINE.pending(state)[0].seat == 2
    state, _ = play(state, (2, "bid:thebes:1"))
    assert ENGINE.pending(state)[0].seat == 0


@pytest.mark.rule("AMR-R015")
@pytest.mark.rule("AMR-R016")
def test_holder_passes_automatically_and_outbid_seat_must_bid():
    state = auction_with(PROVS)
    state, _ = play(state, (0, "bid:abydos:0"), (1, "bid:thebes:3"), (2, "bid:thebes:6"))
    # seat 0 holds Abydos: no decision is posed to it; seat 1 (outbid) must bid again
    assert [d.seat for d in ENGINE.pending(state)] == [1]
    opts = options(state, 1)
    assert all(o.startswith(("bid:", "bribe:", "sell:")) for o in opts)
    assert "done" not in opts


@pytest.mark.rule("AMR-R016")
def test_a_legal_bid_always_exists_even_without_money():
    state = auction_with(PROVS)
    for seat in range(3):
        state["players"][seat]["gold"] = 0
        set_hand(state, seat)
    state, _ = play(state, (0, "bid:abydos:0"), (1, "bid:thebes:0"))
    assert options(state, 2) == ["bid:dakhla:0"]


@pytest.mark.rule("AMR-R018")
def test_outbid_seat_moves_to_another_card_and_may_come_back_later():
    state = auction_with(PROVS)
    state, _ = play(state, (0, "bid:thebes:0"), (1, "bid:thebes:1"), (2, "bid:abydos:0"))
    assert bid_values(options(state, 0), "thebes") == []
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, "bid:thebes:3")
    state, _ = play(state, (0, "bid:abydos:1"))  # seat 0 now on Abydos, seat 2 outbid
    assert bid_values(options(state, 2), "abydos") == []
    state, _ = play(state, (2, "bid:thebes:3"), (1, "bid:abydos:3"))
    # seat 0, outbid on Abydos, may return to Thebes, the card it left before
    assert ENGINE.pending(state)[0].seat == 0
    assert bid_values(options(state, 0), "thebes") == [6, 10, 15, 21]
    assert bid_values(options(state, 0), "abydos") == []


@pytest.mark.rule("AMR-R019")
def test_bid_limited_by_gold_plus_favor_cards_not_theft_nor_played_card():
    state = auction_with(PROVS)
    state["players"][0]["gold"] = 5
    set_hand(state, 0, protection=1)  # budget 6; with the card played, 5
    opts = options(state, 0)
    assert bid_values(opts, "thebes") == [0, 1, 3, 6]
    assert "bid:thebes:3+protect" in opts and "bid:thebes:6+protect" not in opts
    set_hand(state, 0)
    assert bid_values(options(state, 0), "thebes") == [0, 1, 3]  # Theft never counts


@pytest.mark.rule("AMR-R020")
def test_protection_blocks_the_next_space_for_the_whole_auction():
    state = auction_with(PROVS)
    set_hand(state, 0, protection=1)
    state, events = play(state, (0, "bid:thebes:3+protect"))
    assert state["auction"]["blocked"]["thebes"] == [6]
    assert state["favor_discard"].get("protection") == 1
    assert any("Protection" in e.text for e in events)
    assert bid_values(options(state, 1), "thebes") == [10, 15, 21]
    state, _ = play(state, (1, "bid:thebes:10"), (2, "bid:abydos:0"), (0, "bid:dakhla:0"))
    assert state["phase"] == "purchase"
    # blocked to the end of the phase even after the protected scribe moved
    state2 = auction_with(PROVS)
    set_hand(state2, 0, protection=1)
    state2, _ = play(
        state2,
        (0, "bid:thebes:3+protect"),
        (1, "bid:thebes:10"),
        (2, "bid:abydos:0"),
        (0, "bid:abydos:1"),
    )
    assert state2["auction"]["blocked"]["thebes"] == [6]
    view = ENGINE.view(state2, None)
    assert next(p for p in view["provinces"] if p["id"] == "thebes")["blocked"] == [6]
    assert bid_values(options(state2, 2), "thebes") == [15, 21]


@pytest.mark.rule("AMR-R020")
def test_no_protection_on_the_top_space():
    state = auction_with(PROVS)
    state["players"][0]["gold"] = 100
    set_hand(state, 0, protection=1)
    opts = options(state, 0)
    assert "bid:thebes:36" in opts and "bid:thebes:36+protect" not in opts
    assert "bid:thebes:28+protect" in opts


@pytest.mark.rule("AMR-R021")
def test_bribe_allows_rebidding_on_the_same_card():
    state = auction_with(PROVS)
    set_hand(state, 0, bribe=1, architect=1)
    state, _ = play(state, (0, "bid:thebes:0"), (1, "bid:thebes:3"), (2, "bid:abydos:0"))
    opts = options(state, 0)
    assert "bribe:6" in opts and "bribe:3" not in opts
    state, _ = play(state, (0, "bribe:6"))
    assert state["auction"]["bids"]["thebes"] == [0, 6]
    assert "bribe" not in state["players"][0]["hand"]
    assert state["favor_discard"]["bribe"] == 1
    # without Bribe, seat 1 can never re-bid on Thebes
    assert not any(o.startswith(("bribe:", "bid:thebes")) for o in options(state, 1))


@pytest.mark.rule("AMR-R022")
@pytest.mark.rule("AMR-R025")
def test_auction_ends_when_every_card_has_one_scribe():
    state = auction_with(PROVS)
    state, events = play(state, (0, "bid:abydos:0"), (1, "bid:thebes:3"))
    assert state["phase"] == "auction"
    state, events = play(state, (2, "bid:dakhla:0"))
    assert state["phase"] == "purchase"
    assert any(e.kind == "auction_end" for e in events)
    owners = {pid: state["provinces"][pid]["owner"] for pid in PROVS}
    assert owners == {"abydos": 0, "thebes": 1, "dakhla": 2}
    assert [p["provinces"] for p in state["players"]] == [["abydos"], ["thebes"], ["dakhla"]]


@pytest.mark.rule("AMR-R023")
def test_settlement_pays_then_takes_the_bonus():
    state = auction_with(PROVS)
    state, events = play(state, (0, "bid:dakhla:10"), (1, "bid:thebes:6"), (2, "bid:abydos:0"))
    assert gold(state, 0) == 20 - 10 + 12  # Dakhla: pay 10, then 12 gold
    assert sum(state["players"][0]["hand"].values()) == 2  # architect + 1 bonus card
    assert gold(state, 1) == 14 and sum(state["players"][1]["hand"].values()) == 3
    assert state["provinces"]["abydos"]["stones"] == 1  # the stone stays in Abydos
    settles = [e.data["seat"] for e in events if e.kind == "settle"]
    assert settles == [0, 1, 2]  # in turn order from the start player
    private = [e for e in events if e.private_to == 1]
    assert private and "You draw" in private[0].text


@pytest.mark.rule("AMR-R023")
def test_settlement_order_starts_with_start_player():
    state = auction_with(PROVS, start=2)
    state, events = play(state, (2, "bid:abydos:0"), (0, "bid:thebes:0"), (1, "bid:dakhla:0"))
    assert [e.data["seat"] for e in events if e.kind == "settle"] == [2, 0, 1]


@pytest.mark.rule("AMR-R024")
def test_short_of_gold_at_settlement_hands_over_cards():
    state = auction_with(PROVS)
    state["players"][0]["gold"] = 2
    set_hand(state, 0, architect=1, bribe=2, fixed_income=2)
    state, _ = play(state, (0, "bid:thebes:6"), (1, "bid:abydos:0"), (2, "bid:dakhla:0"))
    pay = decision(state, 0)
    assert pay.key == "pay" and state["debt"]["amount"] == 4
    assert sorted(pay.option_ids()) == ["pay:architect", "pay:bribe", "pay:fixed_income"]
    assert gold(state, 0) == 0
    state, _ = play(state, (0, "pay:bribe"), (0, "pay:bribe"), (0, "pay:fixed_income"))
    assert state["provinces"]["thebes"]["owner"] is None
    state, _ = play(state, (0, "pay:architect"))
    assert state["provinces"]["thebes"]["owner"] == 0
    hand = state["players"][0]["hand"]
    assert sum(hand.values()) == 3 and hand["fixed_income"] >= 1  # 1 left + 2 Thebes cards
    assert state["favor_discard"]["bribe"] == 2
    assert state["phase"] == "purchase"


@pytest.mark.rule("AMR-R025")
def test_scribe_marks_ownership_until_the_kingdom_ends():
    state = auction_with(PROVS)
    state, _ = play(state, (0, "bid:abydos:0"), (1, "bid:thebes:3"), (2, "bid:dakhla:0"))
    view = ENGINE.view(state, None)
    assert next(p for p in view["provinces"] if p["id"] == "thebes")["owner"] == 1
    assert view["players"][1]["provinces"] == ["thebes"]
