"""The goal policy for Tekhenu's ``normal`` and ``hard`` (``TekhenuEngine.rollout_choice``,
the search's prior and rollouts, docs/ai/tekhenu.md). ``easy`` stays the heuristic
(``rules/tekhenu/ai.py``), which answers everything this policy does not.

The heuristic prices a Horus action at a flat 5.5 VP and builds about 3 Statues a game.
Statues pay at every Scoring left (TEK-R164: 1, 3, 6, 10, 15, 21 VP for 1..6 Statues), so
the policy pursues a goal over several turns: while Statues are left and a Scoring is to
come, a Horus action is worth its share of all 6 Statues' VP at every Scoring left (not
the next Statue's own gain, which is small for the first ones and hides the goal).

A second plan lays out the Temple Complex for its lines (TEK-R163: at every Scoring each own
Pillar scores 1 VP per own Building and Statue in its row and column; TEK-R104 / R087: a
Building or a people Statue gets 3 VP per own Pillar in its line at once): a Pillar goes
where own Buildings (or open building spaces) share its lines, a Building where own Pillars
stand in its line, a Statue beside the Temple where own Pillars are in its line.
"""

from __future__ import annotations

from rules.core import Decision
from rules.tekhenu import actions, ai
from rules.tekhenu.data import (
    PEOPLE_TEMPLE_LINE,
    STATUE_VP,
    TEMPLE_BUILDINGS,
)
from rules.tekhenu.estimate import scorings_weight
from rules.tekhenu.state import State

STATUE_PULL = 1.5  # the goal's weight against the heuristic's other God actions (tuned, 1..3)
LINE_PULL = 1.0  # the Pillar lines plan's weight (TEK-R163)
PROSPECT = 0.5  # share of a line's worth counted for an open building space in it
HATHOR_LINE = 3  # TEK-R104: VP a Building gets per own Pillar in its line


def choose(state: State, decision: Decision) -> str:
    """The policy's answer: the goal decides the die and the action, the heuristic the rest."""
    ids = decision.option_ids()
    chooser = GOAL_CHOOSERS.get(decision.key)
    pick = chooser(state, decision, ids) if chooser is not None else None
    return pick if pick in ids else ai.choose(state, decision)


def statue_worth(state: State, seat: int) -> float:
    """A Statue's share of the goal (all 6 built) over the Scorings left (TEK-R164): the VP
    the 6 Statues add over those built, per Statue still to build."""
    player = state["players"][seat]
    if player["statues"] <= 0:
        return 0.0
    have = 6 - player["statues"]
    return (STATUE_VP[6] - STATUE_VP[have]) / player["statues"] * scorings_weight(state)


def god_worth(state: State, seat: int, god: str) -> float:
    base = ai.god_worth(state["players"][seat], god)
    if god == "horus":
        return max(base, STATUE_PULL * statue_worth(state, seat))
    return base


def line_worth(state: State, seat: int, space: str) -> float:
    """What a Pillar on ``space`` adds to ``seat``'s Pillar lines (TEK-R163): 1 VP a Scoring
    left per own Building and Temple people Statue in its row and column, and a share of
    what an open building space in them would bring (TEK-R104 at once, then the lines)."""
    weight = scorings_weight(state)
    r, c = actions.rc(space)
    have = 0
    prospect = 0
    n = state["n"]
    for wid in (f"w{r}", f"s{c}"):
        if wid not in TEMPLE_BUILDINGS or n in TEMPLE_BUILDINGS[wid][3]:
            continue
        owner = state["tbuild"].get(wid)
        if owner == seat:
            have += 1
        elif owner is None:
            prospect += 1
    for statue, (kind, index) in PEOPLE_TEMPLE_LINE.items():
        if state["people"][statue] == seat and index == (r if kind == "row" else c):
            have += 1
    return have * weight + PROSPECT * prospect * (HATHOR_LINE + weight)


def building_worth(state: State, seat: int, wid: str) -> float:
    """What a Building on ``wid`` gets from ``seat``'s Pillars in its line: 3 VP each at
    once (TEK-R104) and 1 VP each a Scoring left (TEK-R163)."""
    kind, index, _bread, _closed = TEMPLE_BUILDINGS[wid]
    own = actions.pillars_in_line(state, seat, kind, index)
    return own * (HATHOR_LINE + scorings_weight(state))


def pick_take(state: State, decision: Decision, ids: list[str]) -> str:
    """The heuristic's die choice with the goal's price for Horus."""
    return ai.pick_take(state, decision, ids, god_worth)


def pick_action(state: State, decision: Decision, ids: list[str]) -> str:
    """Horus first when the goal prices it above the heuristic's choice; else the heuristic."""
    seat = decision.seat
    if "act:horus" not in ids:
        return ai.pick_action(state, decision, ids)
    usual = ai.pick_action(state, decision, ids)
    usual_worth = god_worth(state, seat, usual.split(":")[1]) if usual.startswith("act:") else 0
    return "act:horus" if god_worth(state, seat, "horus") > usual_worth else usual


def pick_ra_space(state: State, decision: Decision, ids: list[str]) -> str:
    """The heuristic's price of a Pillar space plus its lines (``line_worth``)."""

    def worth(option: str) -> tuple[float, str]:
        space = option.split(":")[1]
        price = ai.pillar_price(state, space)
        return (price + LINE_PULL * line_worth(state, decision.seat, space), option)

    return max(ids, key=worth)


def pick_hathor(state: State, decision: Decision, ids: list[str]) -> str:
    """The building space whose line holds most own Pillars (``building_worth``); then the
    cheaper Bread, then the more free Temple spaces in its line (room for more Pillars)."""
    seat = decision.seat

    def worth(option: str) -> tuple[float, int, int]:
        wid = option.split(":")[1]
        kind, index, bread, _closed = TEMPLE_BUILDINGS[wid]
        free = sum(1 for sp in actions.line_spaces(kind, index) if sp not in state["temple"])
        return (building_worth(state, seat, wid), -bread, free)

    return max(ids, key=worth)


def pick_horus(state: State, decision: Decision, ids: list[str]) -> str:
    """A people Statue beside the Temple when own Pillars stand in its line (TEK-R087: 3 VP
    each at once, TEK-R163: 1 VP each a Scoring left); else the heuristic's god Statue."""
    seat = decision.seat
    best, best_own = None, 0
    for option in ids:
        kind, where = option.split(":")
        if kind != "people" or where not in PEOPLE_TEMPLE_LINE:
            continue
        line_kind, index = PEOPLE_TEMPLE_LINE[where]
        own = actions.pillars_in_line(state, seat, line_kind, index)
        if own > best_own:
            best, best_own = option, own
    return best if best is not None else ai.choose(state, decision)


GOAL_CHOOSERS = {
    "take": pick_take,
    "action": pick_action,
    "ra_space": pick_ra_space,
    "hathor": pick_hathor,
    "horus": pick_horus,
}
