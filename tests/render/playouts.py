"""Render every sampled view of a real random playout: the public board fits in a PNG, a
private view draws the very same board (renderers ignore private keys), and panels render."""

from __future__ import annotations

import render
import rules
from rules.testing import random_option, random_playout

MAX_PNG = 500 * 1024


def check_playout_renders(
    game_id: str, seats: int, *, samples: int = 12, chooser=random_option, view_seats=None
) -> set[str]:
    """Returns the phases seen, so callers can assert the game reached its end."""
    engine = rules.get(game_id)
    playout = random_playout(engine, seats, seed=seats, keep_states=True, chooser=chooser)
    states = playout.states[:: max(1, len(playout.states) // samples)] + [playout.state]
    phases: set[str] = set()
    for state in states:
        public = engine.view(state, None)
        phases.add(public.get("phase", ""))
        data = render.png(render.board(game_id, public))
        assert len(data) < MAX_PNG
        for seat in range(view_seats(public) if view_seats else seats):
            private = engine.view(state, seat)
            assert render.png(render.board(game_id, private)) == data
            render.panel(game_id, private)
    return phases
