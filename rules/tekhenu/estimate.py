"""Each seat's expected final VP, for the search AI's cut-off rollouts (docs/ai.md).

VP so far, plus what a Scoring would give each seat now (TEK-R159..R168: district majorities,
Temple pieces and Pillar lines, Statues, Happiness triangles, maxed production tracks, the
building row; for Botankhamun its Blessings and Technologies, TEK-R339/R340) counted once per
Scoring still to come, plus rough VP worths of what the seat holds: Gold and Scribes (they pay
for anything, TEK-R168), Faith and plain resources. A piece built or a Happiness triangle
reached is thus worth what it scores, at every Scoring left. Finally the Decrees as they would
score at the end now (the bot: its Decree cards and Scribes).

Minus what the coming Scorings and Maat phase will take (docs/ai/tekhenu.md): the Bread the
building row asks at each Scoring left (TEK-R168: the next one from the Bread and Gold held,
3 VP for each one short; a later one at ``LATER_BREAD_VP`` each) and the VP the scales would
lose at the next Maat phase (TEK-R152) after the seat's Faith evens them out (TEK-R150).
"""

from __future__ import annotations

from rules.tekhenu.data import (
    BOT_BLESSING_VP,
    BOT_DECREE_VP,
    BOT_DECREE_VP_CHALLENGE,
    BOT_SCRIBES_PER_VP,
    BOT_TECHNOLOGY_VP,
    BUILDING_ROW_VP,
    DISTRICTS,
    PRODUCTION_MAX,
    PRODUCTION_MAX_VP,
    RESOURCES,
    ROUNDS,
    STATUE_VP,
)
from rules.tekhenu.flow import maat_loss
from rules.tekhenu.scoring import (
    best_decree_set,
    bread_owed,
    built,
    district_winner,
    pillar_line_score,
    statues_built,
    temple_pieces,
    triangle_index,
)
from rules.tekhenu.state import State, balance

GOLD_VP = 0.8
SCRIBE_VP = 0.8
FAITH_VP = 0.3
RESOURCE_VP = 0.3
SCORINGS = 2  # TEK-R058: two Scorings a game
DISTRICT_VP = 3  # TEK-R161
HAPPINESS_VP = 3  # per triangle reached, TEK-R165
LATER_SCORING_SHARE = 0.8  # a Scoring further away: positions still change before it
UNPAID_BREAD_VP = 3  # TEK-R168
LATER_BREAD_VP = 1.0  # a Bread owed at a later Scoring: produced or bought by then, at a cost
HOLDINGS_HORIZON = 2  # turns: with fewer left, what a seat holds is worth that share of its
# worth (it scores nothing at the end, TEK-R058/R175, and few turns are left to spend it)


def scorings_weight(state: State) -> float:
    """How many Scorings a piece held now still scores at (the later ones discounted)."""
    left = max(0, SCORINGS - state["scorings"])
    return (1.0 + LATER_SCORING_SHARE * (left - 1)) if left else 0.0


def estimate(state: State) -> list[float]:
    left = max(0, SCORINGS - state["scorings"])
    weight = scorings_weight(state)
    now = scoring_now(state) if left else [0.0] * len(state["players"])
    return [
        player["vp"]
        + holdings_share(state, seat) * (_holdings(player) - _upkeep_spent(state, seat, left))
        + weight * now[seat]
        + _end_bonus(state, seat)
        - _upkeep(state, seat, left)
        for seat, player in enumerate(state["players"])
    ]


def turns_left(state: State, seat: int) -> int:
    """The turns ``seat`` still plays, its turn now included (TEK-R047: 16 rounds, one turn
    a seat each)."""
    if state["phase"] == "over":
        return 0
    rounds_after = max(0, ROUNDS - state["round"])
    still_this_round = state["phase"] == "turns" and state["order"].index(seat) >= state["turn_idx"]
    return rounds_after + (1 if still_this_round else 0)


def holdings_share(state: State, seat: int) -> float:
    """The share of its worth what ``seat`` holds keeps: all of it while ``HOLDINGS_HORIZON``
    turns are left to spend it, less near the end, none after the seat's last turn (Gold,
    Scribes, Faith and resources score nothing at the end). Not for Botankhamun."""
    if state["bot"] == seat:
        return 1.0
    return min(1.0, turns_left(state, seat) / HOLDINGS_HORIZON)


def _upkeep(state: State, seat: int, left: int) -> float:
    """The VP the coming Scorings' Bread and the next Maat phase will cost ``seat``."""
    player = state["players"][seat]
    if state["bot"] == seat:
        return 0.0  # Botankhamun feeds nobody and keeps no scales (TEK-R338..R342)
    cost = float(maat_loss(balance(player) + player["faith"]))
    if not left:
        return cost
    owed, bread, gold = _bread_paid(player)
    cost += UNPAID_BREAD_VP * (owed - bread - gold)
    return cost + (left - 1) * LATER_BREAD_VP * owed


def _upkeep_spent(state: State, seat: int, left: int) -> float:
    """The worth of the Bread and Gold the next Scoring's building row takes (TEK-R168)."""
    if state["bot"] == seat or not left:
        return 0.0
    _owed, bread, gold = _bread_paid(state["players"][seat])
    return RESOURCE_VP * bread + GOLD_VP * gold


def _bread_paid(player: dict) -> tuple[int, int, int]:
    """The Bread the next Scoring's building row asks, and the Bread and Gold that pay it
    (TEK-R168)."""
    owed = bread_owed(player)
    bread = min(owed, player["res"]["bread"])
    return owed, bread, min(owed - bread, player["gold"])


def _end_bonus(state: State, seat: int) -> float:
    """The Decrees scored at the end (TEK-R170..R172, the bot's TEK-R341), as held now."""
    player = state["players"][seat]
    if state["bot"] == seat:
        per = (
            BOT_DECREE_VP_CHALLENGE
            if state["options"].get("solo_decree_8") == "yes"
            else BOT_DECREE_VP
        )
        decrees = sum(1 for c in player["bot_cards"] if c.startswith("D"))
        return per * decrees + player["scribe"] // BOT_SCRIBES_PER_VP
    return float(best_decree_set(state, seat, [])[1])


def scoring_now(state: State) -> list[float]:
    """The VP a Scoring would give every seat in the present position (no events)."""
    out = [0.0] * len(state["players"])
    for district in DISTRICTS:
        winner = district_winner(state, district)
        if winner is not None:
            out[winner] += DISTRICT_VP
    for seat, player in enumerate(state["players"]):
        out[seat] += temple_pieces(state, seat) + pillar_line_score(state, seat)
        out[seat] += STATUE_VP[statues_built(player)]
        out[seat] += HAPPINESS_VP * triangle_index(player["happiness"])
        if state["bot"] == seat:
            cards = player["bot_cards"]
            out[seat] += BOT_BLESSING_VP * sum(1 for c in cards if c.startswith("B"))
            out[seat] += BOT_TECHNOLOGY_VP * sum(1 for c in cards if c.startswith("T"))
            continue
        maxed = sum(1 for res in RESOURCES if player["prod"][res] >= PRODUCTION_MAX)
        out[seat] += PRODUCTION_MAX_VP * maxed + sum(BUILDING_ROW_VP[: built(player)])
    return out


def _holdings(player: dict) -> float:
    """The rough VP worth of what a seat holds: Gold, Scribes, Faith, resources."""
    return (
        GOLD_VP * player["gold"]
        + SCRIBE_VP * player["scribe"]
        + FAITH_VP * player["faith"]
        + RESOURCE_VP * sum(player["res"].values())
    )
