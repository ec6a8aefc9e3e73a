"""Each seat's expected final devotion, for the search AI's cut-off rollouts (docs/ai.md).

Devotion so far (a merged god's seats share it, as in the view's scores) plus a little for
the followers the god holds: they pay for actions and powers that gain devotion later.
"""

from __future__ import annotations

from rules.ankh.state import State

FOLLOWER_DEVOTION = 0.3


def estimate(state: State) -> list[float]:
    players = state["players"]
    return [
        players[player]["devotion"] + FOLLOWER_DEVOTION * players[player]["followers"]
        for player in state["seat_player"]
    ]
