"""The goal policy for Tekhenu's ``normal`` and ``hard`` (``TekhenuEngine.rollout_choice``,
the search's prior and rollouts, docs/ai/tekhenu.md). ``easy`` stays the heuristic
(``rules/tekhenu/ai.py``), which answers everything this policy does not.

The heuristic prices a Horus action at a flat 5.5 VP and builds about 3 Statues a game.
Statues pay at every Scoring left (TEK-R164: 1, 3, 6, 10, 15, 21 VP for 1..6 Statues), so
the policy pursues a goal over several turns: while Statues are left and a Scoring is to
come, a Horus action is worth its share of all 6 Statues' VP at every Scoring left (not
the next Statue's own gain, which is small for the first ones and hides the goal).
"""

from __future__ import annotations

from rules.core import Decision
from rules.tekhenu import ai
from rules.tekhenu.data import STATUE_VP
from rules.tekhenu.estimate import scorings_weight
from rules.tekhenu.state import State

STATUE_PULL = 1.5  # the goal's weight against the heuristic's other God actions (tuned, 1..3)


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


GOAL_CHOOSERS = {"take": pick_take, "action": pick_action}
