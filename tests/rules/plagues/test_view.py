"""The view keys promised in docs/views/plagues.md."""

from __future__ import annotations

from rules.plagues import ENGINE
from rules.testing import mixed_option, random_playout

TOP = {
    "game",
    "seats",
    "solo",
    "ai_seat",
    "advanced",
    "short",
    "round",
    "last_round",
    "phase",
    "step",
    "turn_order",
    "acting",
    "current",
    "tribute",
    "ankh_needed",
    "dice_spaces",
    "reserve",
    "removed",
    "hebrews",
    "hebrew_reserve",
    "pharaoh_cards",
    "plague",
    "plague_deck",
    "loss_card",
    "loss_deck",
    "territories",
    "territory_deck",
    "moses_rounds",
    "players",
    "ai_row",
    "final",
    "seat_names",
}
PLAYER = {
    "seat",
    "is_ai",
    "province",
    "order",
    "city",
    "field",
    "bonuses",
    "lines",
    "dev",
    "nile",
    "province_card",
    "markers_left",
    "occupation_left",
    "hebrews",
    "dice_used",
    "kept",
    "discard",
    "pharaoh_cards",
    "territory",
    "penalties",
    "ankh_tokens",
    "ankh_active",
    "income",
    "soldiers",
    "special_actions_used",
    "power_used",
    "plague_cancelled",
    "paid",
    "score",
}
STEPS = {"turns", "soldiers", "picks", "tribute", "losses", "uses", "moses", "reveal", "over"}


def test_view_keys_and_steps():
    for seats in (1, 2, 4):
        playout = random_playout(ENGINE, seats, 3, chooser=mixed_option, keep_states=True)
        for state in playout.states[::3] + [playout.state]:
            view = ENGINE.view(state, None)
            assert TOP <= set(view) and "me" not in view
            assert view["step"] in STEPS
            assert view["acting"] == sorted({d.seat for d in ENGINE.pending(state)})
            for pv in view["players"]:
                assert PLAYER <= set(pv)
            for decision in ENGINE.pending(state):
                ids = decision.option_ids()
                assert ids and len(ids) == len(set(ids)) and decision.prompt and decision.key
                assert all(o.label for o in decision.options)
            mine = ENGINE.view(state, 0)
            assert set(mine["me"]) == {"seat", "drawn", "buto_bottom"}
        final = ENGINE.view(playout.state, None)["final"]
        assert final["scores"] == list(ENGINE.result(playout.state).scores)
        assert len(final["breakdown"]) == len(final["scores"])


def test_seat_names_name_the_solo_ai():
    solo = ENGINE.new_game(1, None, 1)
    assert ENGINE.view(solo, None)["seat_names"] == ["Seat 1", "AI (solo)"]
    duel = ENGINE.new_game(2, None, 1)
    assert ENGINE.view(duel, None)["seat_names"] == ["Seat 1", "Seat 2"]
