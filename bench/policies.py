"""Arena policies: the AI levels plus fixed Amun-Re policies that probe the offering and
the auction (issue 13: none of them may beat ``normal`` by more than 5 points)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ai
from rules.core import Engine

Policy = Callable[[Engine, Any, int, int], str]
"""(engine, state, seat, seed) -> option id of the seat's open decision."""


def level_policy(level: str) -> Policy:
    def choose(engine: Engine, state: Any, seat: int, seed: int) -> str:
        return ai.decide(engine, state, seat, level, seed)

    return choose


def _offer_amount(option_id: str) -> int | None:
    base = option_id.split("+")[0]
    return int(base.split(":")[1]) if base.startswith("offer:") else None


def _shifted_offer(shift: int) -> Policy:
    """The heuristic, with its sealed offer moved by ``shift`` gold (as near as offered)."""

    def choose(engine: Engine, state: Any, seat: int, seed: int) -> str:
        decision = engine.open_decision(state, seat)
        choice = engine.ai_choice(state, seat)
        amount = _offer_amount(choice)
        if decision.key != "offering" or amount is None:
            return choice
        suffix = "+adjust" if choice.endswith("+adjust") else ""
        ids = set(decision.option_ids())
        amounts = [_offer_amount(option_id) for option_id in ids]
        offered = [a for a in amounts if a is not None and f"offer:{a}{suffix}" in ids]
        target = max(1, amount + shift)
        return f"offer:{min(offered, key=lambda a: (abs(a - target), a))}{suffix}"

    return choose


def _always_theft(engine: Engine, state: Any, seat: int, seed: int) -> str:
    decision = engine.open_decision(state, seat)
    if decision.key == "offering" and decision.option("theft") is not None:
        return "theft"
    return engine.ai_choice(state, seat)


def _maximum_bid(engine: Engine, state: Any, seat: int, seed: int) -> str:
    decision = engine.open_decision(state, seat)
    bids = [o for o in decision.option_ids() if o.startswith("bid:") and "+" not in o]
    if decision.key != "bid" or not bids:
        return engine.ai_choice(state, seat)
    return max(bids, key=lambda o: (int(o.split(":")[2]), o))


POLICIES: dict[str, Policy] = {level: level_policy(level) for level in ai.LEVELS}
POLICIES.update(
    {
        "amunre_offer_plus3": _shifted_offer(+3),
        "amunre_offer_minus2": _shifted_offer(-2),
        "amunre_always_theft": _always_theft,
        "amunre_max_bid": _maximum_bid,
    }
)
