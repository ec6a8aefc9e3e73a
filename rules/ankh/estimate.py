"""Each seat's expected final devotion, for the search AI's cut-off rollouts (docs/ai.md).

Devotion so far (a merged god's seats share it, as in the view's scores), plus:

- the devotion the board as it stands would give at each Conflict still to come (monument
  majorities, dominating a region alone, a share of contested battles; ``policy.region_values``),
  discounted because the board moves between Conflicts;
- a little for followers and more for unlocked powers (followers only pay for powers;
  valued higher, the search hoarded them and never unlocked);
- a penalty for a god whose projected devotion at the 4th Conflict is still in the red
  section (ANKH-R155: it will be forgotten and cannot win), and a larger one once forgotten.

Devotion alone misled the search (issue 13: mean margin -12 against the heuristic's -1.3):
it saw neither the Conflicts to come nor the forgetting.
"""

from __future__ import annotations

from rules.ankh.data import CONFLICTS, FORGET_AFTER_CONFLICT, RED_TOP
from rules.ankh.policy import region_values
from rules.ankh.state import State, region_land

FOLLOWER_DEVOTION = 0.1  # more made the search hoard followers instead of spending them
POWER_DEVOTION = 1.0  # an unlocked power, while Conflicts are left to use it in
BOARD_WEIGHT = 0.6  # the share of the board's Conflict devotion expected per Conflict left
RED_PENALTY = 6.0  # projected to stay in the red at the 4th Conflict (scaled by how deep)
RED_DEPTH = 4.0  # ... reaching the full penalty this many devotion below the line
FORGOTTEN_PENALTY = 15.0


def estimate(state: State) -> list[float]:
    players = state["players"]
    done = state["conflicts"]
    left = CONFLICTS - done
    board = region_values(state, tuple(region_land(state).values())) if left else {}
    value: dict[int, float] = {}
    for player in set(state["seat_player"]):
        pl = players[player]
        per_conflict = BOARD_WEIGHT * board.get(player, 0.0)
        score = pl["devotion"] + FOLLOWER_DEVOTION * pl["followers"] + left * per_conflict
        score += POWER_DEVOTION * pl["unlocks"] * left / CONFLICTS
        if pl["forgotten"]:
            score -= FORGOTTEN_PENALTY
        elif done < FORGET_AFTER_CONFLICT:
            at_forget = pl["devotion"] + (FORGET_AFTER_CONFLICT - done) * per_conflict
            depth = RED_TOP + 1 - at_forget
            if depth > 0:
                score -= RED_PENALTY * min(1.0, depth / RED_DEPTH)
        value[player] = score
    return [value[player] for player in state["seat_player"]]
