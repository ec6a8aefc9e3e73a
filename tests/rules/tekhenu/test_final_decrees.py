"""Issue 11, items 7 and 11: the D03/D04 payments are the player's choice (best total first)
and the D23 question is sealed, asked of every player at once."""

from __future__ import annotations

import pytest

from rules.core import canonical_json
from rules.tekhenu import ENGINE, scoring
from rules.tekhenu.data import CARD_TEXT
from rules.tekhenu.machine import advance
from rules.testing import check_hidden_information
from tests.rules.tekhenu.scenario import at_turn, empty_hand, reset_board


def final_state(seats: int = 3, seed: int = 7):
    state = at_turn(seats, seed)
    reset_board(state)
    for s in range(len(state["players"])):
        empty_hand(state, s)
        state["players"][s]["decrees"] = []
    state["stack"] = []
    return state


def to_pick(state, seat: int, decrees: list[str]):
    """Seat ``seat`` holds ``decrees``; the Decrees are revealed and it picks first."""
    state["players"][seat]["decrees"] = list(decrees)
    state["order"] = [seat] + [s for s in range(len(state["players"])) if s != seat]
    state["flow"] = "final_decrees"
    advance(state, [])
    decision = ENGINE.pending(state)[0]
    assert decision.seat == seat and decision.key == "decree_pick" and not decision.secret
    return state


def pick(state, seat: int, *cards: str):
    for card in cards:
        state, _ = ENGINE.apply(state, seat, f"score:{card}")
    if asked(state, seat) == "decree_pick":
        state, _ = ENGINE.apply(state, seat, "done")
    return state


def scored(state, seat: int) -> dict:
    return scoring.decrees_scored(state)[seat]


def asked(state, seat: int) -> str | None:
    decision = ENGINE.decision_for(state, seat)
    return decision.key if decision else None


# --- item 7: D03 / D04 ---------------------------------------------------------------------
@pytest.mark.rule("TEK-R200")
@pytest.mark.rule("TEK-R205")
def test_d03_is_not_paid_when_it_loses_points():
    """D03 + D08 with 3 Gold and 1 Papyrus: doubling D08 costs 2 Gold (D08 7 -> 3, doubled 6),
    so not paying (7 VP) is offered first; the player may still pay."""
    state = final_state()
    seat = 1
    state["players"][seat].update(gold=3)
    state["players"][seat]["res"]["papyrus"] = 1
    state = pick(to_pick(state, seat, ["D03", "D08"]), seat, "D03", "D08")
    decision = ENGINE.pending(state)[0]
    assert decision.key == "decree_pay" and decision.seat == seat and not decision.secret
    assert decision.option_ids() == ["d03:no", "d03:D08"]
    assert decision.options[0].label == "D03 unpaid: 0 VP; Decrees total 7 VP"
    assert decision.options[1].label == "D03: 2 gold → D08 again +3 VP; Decrees total 6 VP"
    assert decision.options[1].detail == "Decrees: D03 3 VP, D08 3 VP"
    assert ENGINE.ai_choice(state, seat) == "d03:no"
    paid, _ = ENGINE.apply(state, seat, "d03:D08")  # the player's choice is respected
    assert scored(paid, seat) == {"D03": 3, "D08": 3} and paid["players"][seat]["gold"] == 1
    kept, _ = ENGINE.apply(state, seat, "d03:no")
    assert scored(kept, seat) == {"D03": 0, "D08": 7} and kept["players"][seat]["gold"] == 3


@pytest.mark.rule("TEK-R200")
@pytest.mark.rule("TEK-R201")
@pytest.mark.rule("TEK-R204")
def test_d04_triangles_are_paid_only_as_chosen():
    """Population 13 (2 triangles), 3 Gold, 4 Scribes, no resources, D03 + D04 + D07: paying
    one triangle (1 Gold) and doubling D07 with the other 2 Gold gives 3 + 12 + 12 = 27, more
    than paying both triangles (6 + 12 = 18) or none (0 + 12 + 12 = 24)."""
    state = final_state()
    seat = 2
    player = state["players"][seat]
    player.update(gold=3, scribe=4, population=13, happiness=0)
    state = pick(to_pick(state, seat, ["D03", "D04", "D07"]), seat, "D03", "D04", "D07")
    decision = ENGINE.pending(state)[0]
    ids = decision.option_ids()
    assert ids[0] == "d04:1+d03:D07"
    assert decision.options[0].label == (
        "D04: 1 gold → 3 VP; D03: 2 gold → D07 again +12 VP; Decrees total 27 VP"
    )
    totals = {o.id: int(o.label.rsplit(" ", 2)[-2]) for o in decision.options}
    assert totals["d04:0+d03:D07"] == 24 and totals["d04:2+d03:no"] == 18
    assert totals["d04:1+d03:D04"] == 3 + 3 + 12 and totals["d04:0+d03:no"] == 12
    assert "d04:2+d03:D07" not in ids  # 4 Gold needed, 3 held
    assert list(totals.values()) == sorted(totals.values(), reverse=True)
    assert ENGINE.ai_choice(state, seat) == ids[0]
    state, events = ENGINE.apply(state, seat, "d04:0+d03:D07")
    assert scored(state, seat) == {"D03": 12, "D04": 0, "D07": 12}
    assert state["players"][seat]["gold"] == 1
    assert [e.text for e in events if e.kind == "pay"] == ["Seat 3 pays 2 gold (Decree D03)."]


@pytest.mark.rule("TEK-R201")
@pytest.mark.rule("TEK-R205")
def test_d04_before_d08_with_plain_resources_first():
    """D04 (3 triangles) + D08: each paid triangle gives 3 VP and costs D08 1 (a resource) or
    2 (a Gold); the plain resources pay first, and the labels say which."""
    state = final_state()
    seat = 0
    player = state["players"][seat]
    player.update(gold=2, population=16, happiness=0)
    player["res"].update(bread=2, granite=1)
    state = pick(to_pick(state, seat, ["D04", "D08"]), seat, "D04", "D08")
    decision = ENGINE.pending(state)[0]
    assert decision.option_ids() == ["d04:3", "d04:2", "d04:1", "d04:0"]
    assert decision.options[0].label == ("D04: 2 bread, 1 granite → 9 VP; Decrees total 13 VP")
    assert decision.options[-1].label == "D04 unpaid: 0 VP; Decrees total 7 VP"


@pytest.mark.rule("TEK-R200")
@pytest.mark.rule("TEK-R255")
def test_d03_with_scribes_for_gold_t10():
    """T10: Scribes stand in for Gold. 1 Gold, 5 Scribes, D03 + D07: pay 1 Gold + 1 Scribe,
    D07 = 12, doubled 24 (not paying: 15)."""
    state = final_state()
    seat = 0
    player = state["players"][seat]
    player.update(gold=1, scribe=5)
    player["technologies"] = ["T10"]
    plans = scoring.decree_plans(state, seat, ["D03", "D07"])
    assert [(p["id"], p["total"], p["d03"]) for p in plans] == [
        ("d03:D07", 24, {"gold": 1, "scribe": 1}),
        ("d03:no", 15, {}),
    ]


@pytest.mark.rule("TEK-R201")
def test_nothing_to_decide_scores_at_once():
    """D04 without anything to pay with: no payment question, 0 VP."""
    state = final_state()
    seat = 1
    state["players"][seat].update(population=16)
    state = pick(to_pick(state, seat, ["D04"]), seat, "D04")
    assert asked(state, seat) is None
    assert state["players"][seat]["chosen_decrees"] == ["D04"]


@pytest.mark.rule("TEK-R172")
def test_ai_picks_the_best_total():
    """D03, D07, D08 (same symbol C as D07), 2 Gold, 4 Scribes: the best is D03 + D07 with
    D07 doubled (12 + 12), offered first and picked by the AI."""
    state = final_state()
    seat = 1
    state["players"][seat].update(gold=2, scribe=4)
    state = to_pick(state, seat, ["D03", "D07", "D08"])
    decision = ENGINE.pending(state)[0]
    assert decision.option_ids()[0] in ("score:D03", "score:D07")
    assert "24 VP" in decision.prompt
    while asked(state, seat):
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_choice(state, seat))
    assert state["players"][seat]["chosen_decrees"] == ["D03", "D07"]
    assert scoring.decrees_scored(state)[seat] == {"D03": 12, "D07": 12, "D08": None}


# --- item 11: D23 is sealed ----------------------------------------------------------------
def d23_state(holder_has_d23: bool, seats: int = 3):
    """Before the final Scoring; seat 0 holds D05 and D23, or D05 and D21 with D23 in the
    deck (the same number of Decrees either way)."""
    state = final_state(seats, 11)
    second = "D23" if holder_has_d23 else "D21"
    state["players"][0]["decrees"] = ["D05", second]
    for s in range(1, seats):
        state["players"][s]["decrees"] = ["D12"]
    deck = [c for c in state["decks"]["decree"] if c not in ("D05", "D12", "D21", "D23")]
    state["decks"]["decree"] = deck[:-1] + ["D21" if holder_has_d23 else "D23"]
    state["market"] = [
        [None if c in ("D05", "D12", "D21", "D23") else c for c in section]
        for section in state["market"]
    ]
    state["scorings"], state["scored"], state["flow"] = 1, ["I"], "scoring"
    advance(state, [])
    return state


def public_texts(events):
    return [(e.kind, e.text, canonical_json(e.data)) for e in events if e.private_to is None]


@pytest.mark.rule("TEK-R220")
def test_every_player_gets_the_sealed_d23_question():
    state = d23_state(True)
    decisions = ENGINE.pending(state)
    assert [(d.seat, d.key, d.secret) for d in decisions] == [
        (0, "d23", True),
        (1, "d23", True),
        (2, "d23", True),
    ]
    assert decisions[0].option_ids() == ["d23", "skip"]
    assert decisions[1].option_ids() == decisions[2].option_ids() == ["skip"]
    assert check_hidden_information(ENGINE, state, 3) == 1
    # answering: everyone's event is the same sentence, whoever holds D23
    _, events = ENGINE.apply(state, 0, "d23")
    assert [e.text for e in events if e.private_to is None] == ["Seat 1 has answered."]
    assert ENGINE.view(state, None)["step"] == "d23"


@pytest.mark.rule("TEK-R220")
@pytest.mark.rule("TEK-R030")
def test_nobody_learns_who_holds_d23_until_the_reveal():
    """The same game with seat 0 holding D23 (and keeping it secret) or not holding it: the
    public view, every other seat's view and the public events are identical up to the
    reveal of the Decrees."""
    with_d23, without = d23_state(True), d23_state(False)
    steps = 0
    while True:
        for onlooker in (None, 1, 2):
            assert canonical_json(ENGINE.view(with_d23, onlooker)) == canonical_json(
                ENGINE.view(without, onlooker)
            ), (steps, onlooker)
        pend_a, pend_b = ENGINE.pending(with_d23), ENGINE.pending(without)
        assert [(d.seat, d.key, d.secret) for d in pend_a] == [
            (d.seat, d.key, d.secret) for d in pend_b
        ]
        assert [d.option_ids() for d in pend_a if d.seat] == [
            d.option_ids() for d in pend_b if d.seat
        ]
        decision = pend_b[0]
        option = ENGINE.ai_choice(without, decision.seat)
        if decision.key == "d23":
            option = "skip"  # the holder keeps D23 secret
        with_d23, events_a = ENGINE.apply(with_d23, decision.seat, option)
        without, events_b = ENGINE.apply(without, decision.seat, option)
        steps += 1
        if any(e.kind == "reveal" for e in events_b):
            revealed = [e for e in events_a if e.kind == "reveal"]
            assert revealed and CARD_TEXT["D23"] in revealed[0].text
            break
        assert public_texts(events_a) == public_texts(events_b)
    assert steps >= 3


@pytest.mark.rule("TEK-R220")
def test_d23_question_skipped_when_d23_is_face_up_in_the_market():
    state = final_state(2, 3)
    state["market"][0][0] = "D23"
    state["scorings"], state["scored"], state["flow"] = 1, ["I"], "scoring"
    advance(state, [])
    assert all(d.key != "d23" for d in ENGINE.pending(state))
    assert state["scorings"] == 2


@pytest.mark.rule("TEK-R220")
def test_private_summary_keeps_the_sealed_answer():
    state = d23_state(True)
    state, _ = ENGINE.apply(state, 0, "d23")
    assert (
        "Your secret choice: use Decree D23 before the final Scoring."
        in ENGINE.view(state, 0)["summary"]
    )
    assert ENGINE.view(state, 1)["me"]["sealed"] is None


@pytest.mark.rule("TEK-R220")
def test_using_or_keeping_d23_looks_the_same_until_all_have_answered():
    """4 players, the holder answers first: whether it uses D23 or keeps it, the public view
    and the other seats' views are identical until the last answer resolves the question."""
    base = d23_state(True, seats=4)
    used, kept = ENGINE.apply(base, 0, "d23"), ENGINE.apply(base, 0, "skip")
    (used, events_used), (kept, events_kept) = used, kept
    assert public_texts(events_used) == public_texts(events_kept)
    for other in (1, 2):
        used, events_used = ENGINE.apply(used, other, "skip")
        kept, events_kept = ENGINE.apply(kept, other, "skip")
        assert public_texts(events_used) == public_texts(events_kept)
        for onlooker in (None, 1, 2, 3):
            assert canonical_json(ENGINE.view(used, onlooker)) == canonical_json(
                ENGINE.view(kept, onlooker)
            )
    used, events_used = ENGINE.apply(used, 3, "skip")  # the last answer: D23 is revealed
    assert "Seat 1 reveals Decree D23." in [e.text for e in events_used]
    assert ENGINE.pending(used)[0].key == "extra_pick"


@pytest.mark.rule("TEK-R172")
@pytest.mark.rule("TEK-R220")
def test_ai_uses_d23_unless_its_decree_slot_is_worth_more():
    state = d23_state(True)
    assert ENGINE.ai_choice(state, 0) == "d23"  # D05 alone: the third slot is free
    assert ENGINE.ai_choice(state, 1) == "skip"
    state = d23_state(True)
    player = state["players"][0]
    player["decrees"] = ["D07", "D18", "D12", "D23"]  # C, F, E: three slots worth 12 each
    player.update(scribe=4)
    state["tbuild"] = {"w1": 0, "w2": 0, "w3": 0, "s1": 0}
    player["statues"] = 6 - 4
    assert ENGINE.ai_choice(state, 0) == "skip"
