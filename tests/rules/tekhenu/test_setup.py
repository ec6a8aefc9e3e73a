"""Setup: board, bag, market, Decree choice, Starting-card draft, order, Destiny (A.2)."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE
from rules.tekhenu.data import GODS, PILLAR_IDS
from tests.rules.tekhenu.scenario import at_turn, me, new, options, play


def dice_total(state) -> int:
    board = sum(len(d) for d in state["sections"].values())
    held = sum(len(p["left"]) + len(p["right"]) + len(p["below"]) for p in state["players"])
    return sum(state["bag"].values()) + board + held


@pytest.mark.rule("TEK-R001")
@pytest.mark.rule("TEK-R010")
@pytest.mark.rule("TEK-R011")
def test_disc_and_scoring_markers():
    positions = set()
    for seed in range(12):
        state = new(2, seed)
        positions.add(state["disc_pos"])
        assert state["markers"]["I"] == (state["disc_pos"] + 4) % 6
        assert state["markers"]["II"] == (state["disc_pos"] + 2) % 6
        assert list(state["sections"]) == list(GODS)
    assert len(positions) > 2  # random start position


@pytest.mark.rule("TEK-R003")
@pytest.mark.rule("TEK-R012")
@pytest.mark.rule("TEK-R004")
def test_pillar_pile_and_display():
    state = new(3, 5)
    assert len(PILLAR_IDS) == 27
    shown = [t for t in state["ra"] if t]
    assert len(shown) == 3
    assert sorted(shown + state["pile"]) == sorted(PILLAR_IDS)
    total = sum(len(d) for d in state["decks"].values()) + sum(
        len([c for c in sec if c]) for sec in state["market"]
    )
    total += sum(len(p.get("dealt", [])) for p in state["players"])
    assert total == 72  # 24 Blessings + 24 Technologies + 24 Decrees with N = 3


@pytest.mark.rule("TEK-R013")
def test_horus_bonus_tiles_shuffled_or_printed():
    printed = new(2, 3, printed_horus_bonuses="yes")
    assert printed["horus_bonus"][3] == {"gold": 1}  # rulebook example: slot 4 -> 1 Gold
    layouts = {tuple(tuple(b.items()) for b in new(2, s)["horus_bonus"]) for s in range(8)}
    assert len(layouts) > 1
    for layout in layouts:
        assert sorted(layout) == sorted(tuple(b.items()) for b in printed["horus_bonus"])


@pytest.mark.rule("TEK-R014")
@pytest.mark.rule("TEK-R015")
@pytest.mark.rule("TEK-R009")
def test_setup_gold_on_people_spaces_and_row_two():
    state = new(4, 1)
    assert sum(state["people_gold"].values()) + state["row2_gold"] == 5
    assert state["people"] == {"pt_e2": None, "pt_n2": None, "po_work": None, "po_quar": None}


@pytest.mark.rule("TEK-R006")
@pytest.mark.rule("TEK-R016")
@pytest.mark.rule("TEK-R017")
@pytest.mark.rule("TEK-R018")
@pytest.mark.rule("TEK-R019")
@pytest.mark.rule("TEK-R057")
@pytest.mark.parametrize("seats,total,grey", [(4, 26, 2), (3, 24, 0), (2, 22, 2), (1, 22, 2)])
def test_bag_by_player_count(seats, total, grey):
    state = new(seats, 2)
    assert dice_total(state) == total
    assert all(len(state["sections"][god]) == 3 for god in GODS)
    colours = dict(state["bag"])
    for god in GODS:
        for colour, value in state["sections"][god]:
            colours[colour] += 1
            assert 1 <= value <= 6
    assert colours["grey"] == grey
    if seats <= 2:
        assert colours == {"white": 5, "black": 5, "yellow": 5, "brown": 5, "grey": 2}


@pytest.mark.rule("TEK-R002")
@pytest.mark.rule("TEK-R020")
@pytest.mark.rule("TEK-R021")
@pytest.mark.rule("TEK-R022")
@pytest.mark.rule("TEK-R023")
def test_player_start():
    state = new(3, 1)
    for player in state["players"]:
        assert (player["buildings"], player["pillars"], player["statues"]) == (10, 8, 6)
        assert player["prod"] == {"papyrus": 2, "bread": 2, "limestone": 2, "granite": 2}
        assert player["vp"] == 10
        assert (player["happiness"], player["population"]) == (2, 5)
        assert (player["gold"], player["scribe"]) == (1, 1)
        assert player["maat"] is None


@pytest.mark.rule("TEK-R024")
@pytest.mark.rule("TEK-R025")
@pytest.mark.rule("TEK-R176")
def test_small_games_remove_t16_d20():
    for seats in (1, 2):
        state = new(seats, 4)
        every = [c for d in state["decks"].values() for c in d]
        every += [c for sec in state["market"] for c in sec if c]
        every += [c for p in state["players"] for c in p.get("dealt", [])]
        assert "T16" not in every and "D20" not in every
    state = new(3, 4)
    every = (
        [c for d in state["decks"].values() for c in d]
        + [c for sec in state["market"] for c in sec if c]
        + [c for p in state["players"] for c in p.get("dealt", [])]
    )
    assert "T16" in every and "D20" in every
    orders = {tuple(new(3, s)["decks"]["blessing"]) for s in range(3)}
    assert len(orders) == 3


@pytest.mark.rule("TEK-R026")
@pytest.mark.rule("TEK-R027")
@pytest.mark.rule("TEK-R028")
def test_market_sections_at_setup():
    state = new(2, 1)
    kinds = [[c[0] for c in sec] for sec in state["market"][:2]]
    assert kinds == [["B", "B", "T"], ["B", "B", "T", "T"]]
    assert state["market_open"] == [True, True, False, False]
    assert state["market"][2] == [None] * 4 and state["market"][3] == [None] * 4


@pytest.mark.rule("TEK-R029")
@pytest.mark.rule("TEK-R030")
def test_decree_keep_is_sealed_and_simultaneous():
    state = new(3, 1)
    decisions = ENGINE.pending(state)
    assert sorted(d.seat for d in decisions) == [0, 1, 2]
    assert all(d.secret and len(d.options) == 2 for d in decisions)
    # The DM tells the truth: the kept Decree is not shown once everyone has answered.
    assert all("hidden until the final scoring" in d.reveal for d in decisions)
    dealt = {s: list(state["players"][s]["dealt"]) for s in range(3)}
    bottom_before = list(state["decks"]["decree"])
    state, events = play(state, (1, f"keep:{dealt[1][1]}"))
    assert all(e.private_to == 1 for e in events if dealt[1][1] in e.text)
    public = ENGINE.view(state, None)
    assert public["players"][1]["answered"] and not public["players"][0]["answered"]
    assert "me" not in public and dealt[1][1] not in str(public)
    state, _ = play(state, (0, f"keep:{dealt[0][0]}"), (2, f"keep:{dealt[2][0]}"))
    assert state["players"][1]["decrees"] == [dealt[1][1]]
    assert state["players"][0]["decrees"] == [dealt[0][0]]
    # the discarded ones go under the deck, in seat order
    assert state["decks"]["decree"][:3] == [dealt[2][1], dealt[1][0], dealt[0][1]]
    assert state["decks"]["decree"][3:] == bottom_before
    assert ENGINE.view(state, 0)["me"]["decrees"] == [dealt[0][0]]
    assert ENGINE.view(state, None)["players"][0]["decrees"] == 1


@pytest.mark.rule("TEK-R031")
@pytest.mark.rule("TEK-R032")
@pytest.mark.rule("TEK-R033")
@pytest.mark.parametrize("seats,laid", [(2, 5), (3, 7), (4, 9)])
def test_starting_card_snake_draft(seats, laid):
    state = new(seats, 6)
    for s in range(seats):
        state, _ = play(state, (s, f"keep:{state['players'][s]['dealt'][0]}"))
    assert len(state["starting_pool"]) == laid
    assert len(ENGINE.view(state, None)["destiny_available"]) == 4
    seq = []
    for _ in range(2 * seats):
        decision = ENGINE.pending(state)[0]
        assert decision.key == "draft"
        seq.append(decision.seat)
        state, _ = play(state, (decision.seat, decision.options[0].id))
    first = seq[0]
    forward = [(first + i) % seats for i in range(seats)]
    assert seq == forward + forward[::-1]


@pytest.mark.rule("TEK-R034")
@pytest.mark.rule("TEK-R035")
@pytest.mark.rule("TEK-R038")
def test_initiative_order_and_destiny_picks():
    state = new(3, 2)
    for s in range(3):
        state, _ = play(state, (s, f"keep:{state['players'][s]['dealt'][0]}"))
    pool = sorted(state["starting_pool"])
    # force the draft: seat picks chosen to make a tie broken by the single highest card
    picks = {}
    while ENGINE.pending(state)[0].key == "draft":
        decision = ENGINE.pending(state)[0]
        option = decision.options[0].id
        picks.setdefault(decision.seat, []).append(option.split(":")[1])
        state, _ = play(state, (decision.seat, option))
    sums = {s: sum(int(c[1:]) for c in picks[s]) for s in picks}
    order = state["order"]
    assert [sums[s] for s in order] == sorted(sums.values(), reverse=True)
    for a, b in zip(order, order[1:], strict=False):
        if sums[a] == sums[b]:
            assert max(int(c[1:]) for c in picks[a]) > max(int(c[1:]) for c in picks[b])
    assert pool
    # Destiny cards are chosen in turn order
    seen = []
    while ENGINE.pending(state)[0].key == "destiny":
        decision = ENGINE.pending(state)[0]
        seen.append(decision.seat)
        state, _ = play(state, (decision.seat, "destiny:" + decision.options[-1].id.split(":")[1]))
    assert seen == order
    from rules.tekhenu.flow import ankh

    assert [ankh(state, s) for s in order] == [3, 2, 1]


@pytest.mark.rule("TEK-R036")
@pytest.mark.rule("TEK-R037")
@pytest.mark.rule("TEK-R188")
@pytest.mark.rule("TEK-R193")
@pytest.mark.rule("TEK-R192")
@pytest.mark.rule("TEK-R189")
def test_setup_rewards_in_turn_order_with_own_card_order():
    state = new(2, 3)
    for s in range(2):
        state, _ = play(state, (s, f"keep:{state['players'][s]['dealt'][0]}"))
    state["starting_pool"] = ["S01", "S07", "S08", "S11", "S12"]
    first = ENGINE.pending(state)[0].seat
    second = 1 - first
    state, _ = play(
        state,
        (first, "start:S12"),
        (second, "start:S07"),
        (second, "start:S08"),
        (first, "start:S11"),
    )
    assert state["order"] == [first, second]  # 12 + 11 = 23 before 7 + 8 = 15
    state, _ = play(state, (first, "destiny:A02"), (second, "destiny:A01"))
    decision = ENGINE.pending(state)[0]
    assert decision.key == "rewards" and decision.seat == first
    assert sorted(decision.option_ids()) == ["use:A02", "use:S11", "use:S12"]
    state, _ = play(state, (first, "use:S12"), (first, "use:S11"), (first, "use:A02"))
    p1 = state["players"][first]
    assert (p1["gold"], p1["population"], p1["happiness"]) == (1 + 2 + 1, 8, 4)
    assert ENGINE.pending(state)[0].seat == second
    state, _ = play(state, (second, "use:S08"), (second, "use:S07"), (second, "use:A01"))
    p2 = state["players"][second]
    assert (p2["gold"], p2["scribe"]) == (2, 1 + 2 + 1)
    assert p2["res"] == {"papyrus": 1, "bread": 1, "limestone": 1, "granite": 1}
    assert p2["starting"] == [] and p1["starting"] == []  # Starting cards leave the game
    assert state["phase"] == "turns"


def test_setup_rewards_options_are_the_three_cards():
    state = new(2, 8)
    while ENGINE.pending(state)[0].key != "rewards":
        d = ENGINE.pending(state)[0]
        state, _ = play(state, (d.seat, ENGINE.ai_choice(state, d.seat)))
    d = ENGINE.pending(state)[0]
    player = state["players"][d.seat]
    assert sorted(o.split(":")[1] for o in options(state)) == sorted(
        player["starting"] + [player["destiny"]]
    )
    assert d.seat == state["order"][0]


def test_first_turn_after_setup():
    state = at_turn(4, 3)
    assert state["round"] == 1 and state["phase"] == "turns"
    assert state["turn"]["seat"] == state["order"][0]
    _ = me
