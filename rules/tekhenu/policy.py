"""The rollout policy of the search AI (``TekhenuEngine.rollout_choice``, docs/ai.md).

The heuristic (``rules/tekhenu/ai.py``) with three changes, each a few arithmetic steps so a
rollout stays cheap:

- Bastet is worth the Happiness it brings (the triangles gained, the steps towards the next
  one as a fraction, at every Scoring left; the 16/19/21 rewards, D05/D06) and its Scribes,
  not a flat 3 (the heuristic's seats ended
  games at Happiness 0–11 with Population 17–21);
- a die's value is changed with Scribes (``modify``) when the action or Production at the new
  value gains more than the Scribes are worth (the heuristic never spends them: seats ended
  with 8–12 unused);
- an Anubis action (2 Scribes) is taken when it beats every normal die by more than its cost.

Everything else is the heuristic's answer.
"""

from __future__ import annotations

from rules.core import Decision
from rules.tekhenu import actions, ai
from rules.tekhenu.data import DIE_RESOURCE, TRIANGLES
from rules.tekhenu.state import State, balance, die_purity

HAPPINESS_TRIANGLE_VP = 3  # TEK-R165, at each Scoring
HAPPINESS_PULL = 1.0  # how hard the policy pursues Happiness
LATER_SCORING_SHARE = 0.8  # as the estimate: a Scoring further away counts less
REWARD_WORTH = {16: 1.0, 19: 1.0, 21: 5.0}  # TEK-R114..R116: Gold, Scribe, an extra action
SCRIBE_WORTH = 1.2  # a Scribe before the last Scoring
SCRIBE_WORTH_LATE = 0.5  # after it: they score nothing unless a Decree asks for them
SCRIBE_WORTH_D07 = 3.0  # D07: 3 VP per Scribe at the end
ANUBIS_COST = 2
MODIFY_MARGIN = 0.3  # a Scribe is spent only for a clear gain
BASTET_FLOOR = 2.0  # below it, Production (as the heuristic with little stock)


def scribe_worth(state: State, seat: int) -> float:
    player = state["players"][seat]
    if "D07" in player["decrees"]:
        return SCRIBE_WORTH_D07
    return SCRIBE_WORTH if state["scorings"] == 0 else SCRIBE_WORTH_LATE


def happiness_level(value: int) -> float:
    """Triangles reached (TEK-R165), with the steps towards the next one as a fraction."""
    low = 0
    for count, high in enumerate(TRIANGLES):
        if value < high:
            return count + (value - low) / (high - low)
        low = high
    return float(len(TRIANGLES))


def happiness_worth(state: State, seat: int, amount: int) -> float:
    """The VP worth of ``amount`` Happiness steps (capped by Population, TEK-R112): the
    triangles gained, fractions included, at every Scoring left, the 16/19/21 rewards, D05/D06."""
    player = state["players"][seat]
    now = player["happiness"]
    new = max(0, min(player["population"], now + amount))
    if new <= now:
        return 0.0
    left = max(0, 2 - state["scorings"])
    weight = (1.0 + LATER_SCORING_SHARE * (left - 1)) if left else 0.0
    gained = happiness_level(new) - happiness_level(now)
    worth = HAPPINESS_TRIANGLE_VP * HAPPINESS_PULL * weight * gained
    worth += sum(REWARD_WORTH.get(t, 0.0) for t in TRIANGLES if now < t <= new)
    if "D05" in player["decrees"]:
        worth += 4 * gained
    if "D06" in player["decrees"]:
        worth += new - now
    return worth


def bastet_worth(state: State, seat: int, value: int) -> float:
    scribes = 2 if value <= 2 else (1 if value <= 4 else 0)
    return happiness_worth(state, seat, value) + scribes * scribe_worth(state, seat)


def god_value(state: State, seat: int, god: str, value: int) -> float:
    """The worth of the God action ``god`` at ``value``: the heuristic's, Bastet's by its
    Happiness."""
    if god == "bastet":
        return bastet_worth(state, seat, value)
    return ai.god_worth(state["players"][seat], god) + (0.3 * value if god == "hathor" else 0.0)


def production_value(player: dict, colour: str, value: int) -> float:
    res = DIE_RESOURCE[colour]
    keep = min(value, player["prod"][res])
    return 0.9 * keep - 0.3 * player["res"][res] - 0.3 * (value - keep)


def die_worth(
    state: State, seat: int, god: str | None, colour: str, value: int, anubis: bool
) -> float:
    player = state["players"][seat]
    best = -1.0
    if god is not None and actions.god_possible(
        state, seat, god, {"s": seat, "v": value, "src": "die"}
    ):
        best = god_value(state, seat, god, value)
    if colour != "grey" and not anubis:
        best = max(best, production_value(player, colour, value))
    return best


def balance_penalty(value: int) -> float:
    return 0.6 * abs(value)


def pick_take(state: State, decision: Decision, ids: list[str]) -> str:
    seat = decision.seat
    player = state["players"][seat]
    now = balance(player)
    free_anubis = state["turn"]["free_anubis"]
    anubis_cost = 0.0 if free_anubis else ANUBIS_COST * scribe_worth(state, seat)
    normal = [i for i in ids if i.startswith("die:")]
    best, best_score = ids[0], None
    for option in ids:
        kind, god, die = option.split(":")
        if kind == "anubis" and normal and not free_anubis and player["scribe"] < ANUBIS_COST:
            continue  # paid with Gold (T10): left to the search
        colour = die.rstrip("0123456789")
        value = int(die[len(colour) :])
        purity = die_purity(state, god, colour)
        if kind == "anubis":
            new = now
        else:
            new = now + value if purity == "pure" else now - value
        score = die_worth(state, seat, god, colour, value, kind == "anubis")
        score -= balance_penalty(new)
        if kind == "anubis" and normal:
            score -= anubis_cost
        if best_score is None or score > best_score:
            best, best_score = option, score
    return best


def pick_action(state: State, decision: Decision, ids: list[str]) -> str:
    seat = decision.seat
    player = state["players"][seat]
    value = state["turn"]["value"]
    stock = sum(player["res"].values()) + player["gold"]
    has_prod = ai.first_with(ids, "prod:") is not None
    gods = [i for i in ids if i.startswith("act:")]
    ranked = sorted(gods, key=lambda i: (-god_value(state, seat, i.split(":")[1], value), i))
    for option in ranked:
        god = option.split(":")[1]
        if god == "thoth" and stock < 4 and has_prod:
            continue
        if god == "bastet" and has_prod and bastet_worth(state, seat, value) < BASTET_FLOOR:
            continue
        return option
    return ai.pick_action(state, decision, ids)


def pick_modify(state: State, decision: Decision, ids: list[str]) -> str:
    """Spend Scribes on the die's value when it pays; otherwise the heuristic."""
    if "done" not in ids or not any(i.startswith("sc:") for i in ids):
        return ai.choose(state, decision)
    seat = decision.seat
    player = state["players"][seat]
    turn = state["turn"]
    value, colour, god = turn["value"], turn["colour"], turn["src"]
    anubis = turn["anubis"]
    sign = 0 if anubis else (1 if turn["purity"] == "pure" else -1)
    base = balance(player)

    def worth(v: int) -> float:
        return die_worth(state, seat, god, colour, v, anubis) - balance_penalty(base + sign * v)

    keep = worth(value)
    cost = scribe_worth(state, seat)
    best, best_gain = "done", MODIFY_MARGIN
    for option in ids:
        if option.startswith("sc:"):
            gain = worth(value + int(option[3:])) - keep - cost
            if gain > best_gain:
                best, best_gain = option, gain
    return best


CHOOSERS = {
    "take": pick_take,
    "action": pick_action,
    "modify": pick_modify,
}


def choose(state: State, decision: Decision) -> str:
    chooser = CHOOSERS.get(decision.key)
    if chooser is not None:
        ids = decision.option_ids()
        pick = chooser(state, decision, ids)
        if pick in ids:
            return pick
    return ai.choose(state, decision)
