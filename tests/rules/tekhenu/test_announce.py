"""What the bot shows: Decrees named with what they score, the end-of-game reveal with every
Decree and its VP, seat names (Botankhamun) in the public view."""

from __future__ import annotations

import pytest

from rules.core import public_events
from rules.tekhenu import ENGINE
from rules.tekhenu.data import CARD_TEXT
from rules.tekhenu.machine import advance
from rules.tekhenu.tracks import discard_blessing
from tests.rules.tekhenu.scenario import me, new
from tests.rules.tekhenu.test_flow import scoring_state


@pytest.mark.rule("TEK-R029")
@pytest.mark.rule("TEK-R030")
def test_decree_choice_names_what_each_decree_scores():
    state = new(2, 5)
    for decision in ENGINE.pending(state):
        assert decision.secret and decision.key == "decree"
        for card, option in zip(
            state["players"][decision.seat]["dealt"], decision.options, strict=True
        ):
            assert option.id == f"keep:{card}" and CARD_TEXT[card] in option.label
            assert len(option.label) <= 80  # fits a Discord button


@pytest.mark.rule("TEK-R030")
def test_private_view_explains_own_decrees_only():
    state = new(2, 5)
    state["players"][0]["decrees"] = ["D05", "D12"]
    mine = ENGINE.view(state, 0)["me"]
    assert mine["decree_texts"] == {
        "D05": "(B) " + CARD_TEXT["D05"],
        "D12": "(E) " + CARD_TEXT["D12"],
    }
    assert "decree_texts" not in ENGINE.view(state, None)
    assert ENGINE.view(state, 1)["me"]["decree_texts"] == {}


def test_seat_names_in_the_public_view():
    assert ENGINE.view(new(2, 1), None)["seat_names"] == ["Seat 1", "Seat 2"]
    assert ENGINE.view(new(1, 1), None)["seat_names"] == ["Seat 1", "Botankhamun"]


@pytest.mark.rule("TEK-R170")
@pytest.mark.rule("TEK-R171")
def test_the_end_reveals_every_decree_and_what_it_scored():
    state = scoring_state()
    state["players"][0]["decrees"] = ["D07", "D08", "D12"]
    state["players"][0]["scribe"] = 2
    state["stack"] = []
    state["flow"] = "final_decrees"
    events = []
    advance(state, events)
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.private_to is None
    said = (
        "“3 VP per Scribe”, “2 VP per Gold, 1 VP per resource (max 20)”, “3 VP per Temple Building”"
    )
    assert f"Seat 1: {said}" in reveal.text, reveal.text  # effects, not codes (D07, D08, D12)
    for seat in range(1, state["n"]):
        cards = ", ".join(f"“{CARD_TEXT[c]}”" for c in state["players"][seat]["revealed"]) or "none"
        assert f"Seat {seat + 1}: {cards}" in reveal.text
    texts = []
    while state["phase"] != "over":
        decision = ENGINE.pending(state)[0]
        answer = "score:D07" if decision.seat == 0 and not texts else "done"
        state, new_events = ENGINE.apply(state, decision.seat, answer)
        if decision.seat == 0:
            texts.append(answer)
        events = public_events(new_events)
    summary = [e for e in events if e.kind == "decrees_scored"]
    assert len(summary) == 1 and events[-1].kind == "end"
    text = summary[0].text
    scored = (
        "Seat 1: “3 VP per Scribe” +6 VP, “2 VP per Gold, 1 VP per resource (max 20)” not scored, "
        "“3 VP per Temple Building” not scored"
    )
    assert scored in text, text
    assert summary[0].data["decrees"]["0"] == {"D07": 6, "D08": None, "D12": None}
    details = ENGINE.result(state).details
    assert details[0] == f"Decrees — {scored}", details
    assert len(details) == state["n"]


def test_solo_summary_names_botankhamuns_decrees():
    state = new(1, 3)
    bot = state["bot"]
    state["players"][bot]["bot_cards"] = ["D01", "D02", "T05"]
    state["players"][0]["decrees"] = ["D05"]
    state["stack"] = []
    state["phase"] = "maat"
    state["flow"] = "final_decrees"
    events = []
    advance(state, events)
    while state["phase"] != "over":
        state, events = me(state, "done")
    text = next(e.text for e in events if e.kind == "decrees_scored")
    d05 = f"Seat 1: “{CARD_TEXT['D05']}” not scored"
    assert d05 in text and "Botankhamun: 2 face-down Decrees +8 VP" in text
    assert ENGINE.result(state).details == (
        f"Decrees — {d05}",
        "Decrees — Botankhamun: 2 face-down Decrees +8 VP",
    )


def test_a_played_blessing_is_said_by_its_effect_not_only_its_code():
    state = new(2, 1)
    state["players"][0]["blessings"].append("B01")
    events = []
    discard_blessing(state, 0, "B01", events)
    assert events[0].text == f"Seat 1 plays Blessing B01 “{CARD_TEXT['B01']}”.", events[0].text
