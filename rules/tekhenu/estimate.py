"""Each seat's expected final VP, for the search AI's cut-off rollouts (docs/ai.md).

VP so far plus rough VP worths of what the seat holds: Gold and Scribes (they pay for
anything, TEK-R168), Faith, plain resources, and each piece already built (Buildings,
Pillars and Statues score again at every scoring, TEK-R159..R169).
"""

from __future__ import annotations

from rules.tekhenu.scoring import built, pillars_built, statues_built
from rules.tekhenu.state import State

GOLD_VP = 0.8
SCRIBE_VP = 0.8
FAITH_VP = 0.3
RESOURCE_VP = 0.3
PIECE_VP = 1.0  # a built piece's expected share of the scorings still to come


def estimate(state: State) -> list[float]:
    return [_worth(player) for player in state["players"]]


def _worth(player: dict) -> float:
    pieces = built(player) + pillars_built(player) + statues_built(player)
    return (
        player["vp"]
        + GOLD_VP * player["gold"]
        + SCRIBE_VP * player["scribe"]
        + FAITH_VP * player["faith"]
        + RESOURCE_VP * sum(player["res"].values())
        + PIECE_VP * pieces
    )
