"""The view dict keeps the shape documented in docs/views/tekhenu.md."""

from __future__ import annotations

import json

from rules.tekhenu import ENGINE
from rules.testing import mixed_option, random_playout

TOP = {
    "game",
    "seats",
    "solo",
    "bot_seat",
    "options",
    "phase",
    "step",
    "acting",
    "round",
    "rotations",
    "maat_phases",
    "disc",
    "sections",
    "bag",
    "scoring_markers",
    "horus_track",
    "god_statue_spaces",
    "god_statues",
    "people_statues",
    "temple",
    "temple_buildings",
    "osiris",
    "row2_gold",
    "ra_display",
    "pillar_pile",
    "market",
    "decks",
    "discards",
    "turn_order",
    "current",
    "turn",
    "destiny_available",
    "starting_cards",
    "players",
    "bot",
    "scoring_log",
    "final",
    "seat_names",
}
PLAYER = {
    "seat",
    "is_bot",
    "vp",
    "gold",
    "scribes",
    "faith",
    "resources",
    "production",
    "happiness",
    "population",
    "buildings_left",
    "pillars_left",
    "statues_left",
    "statues",
    "scales",
    "balance",
    "maat",
    "blessings",
    "technologies",
    "decrees",
    "decrees_known",
    "decrees_revealed",
    "starting",
    "destiny",
    "ankh",
    "flags",
    "answered",
    "bot_cards",
}


def test_view_shape_through_a_game():
    for seats in (1, 4):
        playout = random_playout(ENGINE, seats, 2, chooser=mixed_option, keep_states=True)
        phases = set()
        for state in playout.states[::5] + [playout.state]:
            view = ENGINE.view(state, None)
            json.dumps(view)
            assert TOP <= set(view)
            assert len(view["sections"]) == 6 and len(view["temple"]) == 25
            assert len(view["osiris"]) == 24 and len(view["temple_buildings"]) == 10
            for player in view["players"]:
                assert PLAYER <= set(player)
            mine = ENGINE.view(state, 0)
            assert {"seat", "decrees", "sealed", "drawn"} <= set(mine["me"])
            phases.add(view["phase"])
        assert {"setup", "turns", "over"} <= phases
        if seats == 1:
            assert view["bot"]["seat"] == 1 and len(view["bot"]["pyramid"]) == 10
            assert view["players"][1]["is_bot"]
