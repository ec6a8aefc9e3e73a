"""What the search AI compares and believes in Amun-Re (``AmunReEngine.search_candidates``
and ``search_world``, docs/ai.md, docs/ai/amunre.md). Rollouts play the heuristic
(``rules/amunre/ai.py``, the ``easy`` level) with each seat's offering habits: a value-based
rollout policy was tried and measured weaker.

- **Candidates.** A sealed offer or a bid changes nothing the evaluation sees until it is
  revealed or settled, so the search's one-step screening cannot rank them. The search is
  given, besides the heuristic's answer, the best offers by value: for every amount (and for
  Theft) the rewards of the rank it would likely reach (3 / 2 / 1 items, start player for
  rank 1) plus the tile the total would select (this harvest's income, the temples at a
  kingdom scoring) minus the gold it costs, with the other seats' offers modelled from
  their public gold; and the best-gaining affordable bid on each province.
- **Beliefs.** ``sample_hidden`` redraws another seat's sealed offering uniformly among all
  its legal answers (with 20 gold: 10 on average). The search's worlds redraw it as the
  heuristic's offer from that seat's public gold and redrawn hand, moved by one of its
  offering habits: the prior -1..+2, or the shift of one of the offerings it revealed this
  game (``offer_log``, public), Theft included. The rollouts' offers and the candidates'
  model of the other seats' offers use the same habits.

Nothing here reads another seat's sealed offering: both are computed on the search's own
sampled worlds, from what the deciding seat may know.
"""

from __future__ import annotations

from rules.amunre import ai
from rules.amunre.data import (
    OTHER_RANK_REWARDS,
    REWARDS_BY_RANK,
    THEFT_VALUE,
    TILE_BY_NUMBER,
)
from rules.amunre.offering import apply_sealed, sealed_decision, tile_for
from rules.amunre.state import State, favor_available, free_fields, hand_size, own_provinces
from rules.core import Decision, Rng

START_PLAYER_GOLD = 2.0  # rank 1 also bids first in the next auction
STONE_ITEM_GOLD = 2.5  # a reward stone towards a pyramid ...
PYRAMID_ITEM_GOLD = 6.0  # ... or the stone that completes one
FAVOR_ITEM_GOLD = 1.5
OPPONENT_SPREAD = (-1, 0, 1, 2)  # another seat's offer: its heuristic amount plus one of these
PRIOR_WEIGHT = 1  # ... weighing as much as one offering the seat revealed this game
PRIOR_SLOTS = len(OPPONENT_SPREAD)  # draws per prior weight, one per spread entry
MAX_OFFER = 15  # offers above this are never worth weighing
CANDIDATES = 3  # answers proposed to the search besides the heuristic's


# --- the offering ---------------------------------------------------------------------


def _item_values(state: State, seat: int, tile_gold: int) -> list[float]:
    """The best reward items the seat could take, best first (AMR-R048..AMR-R052)."""
    left = ai.harvests_left(state)
    values: list[float] = []
    for pid in own_provinces(state, seat):
        values.extend([float(tile_gold * left)] * free_fields(state, pid))
        stones = state["provinces"][pid]["stones"]
        for n in range(3):
            values.append(PYRAMID_ITEM_GOLD if (stones + n) % 3 == 2 else STONE_ITEM_GOLD)
    if favor_available(state):
        values.extend([FAVOR_ITEM_GOLD] * 3)
    values.sort(reverse=True)
    return values


# --- offering habits learnt from the revealed offerings (public, ``offer_log``) ---------

THEFT = None  # a habit: Theft where the heuristic would have offered gold
Habit = int | None  # an offer's shift from the heuristic's amount, or THEFT


def habits(state: State, seat: int) -> list[Habit]:
    """What ``seat``'s revealed offerings this game say of it: for each, its shift from the
    heuristic's offer with the gold it had then, or THEFT where the heuristic would have
    offered gold (Theft with little gold is the heuristic's own answer: shift 0)."""
    out: list[Habit] = []
    for entry in state.get("offer_log", []):
        if entry["seat"] != seat:
            continue
        heuristic_theft = entry["gold"] < ai.THEFT_BELOW
        if entry["theft"]:
            out.append(0 if heuristic_theft else THEFT)
        else:
            out.append(entry["amount"] - ai.offer_amount(entry["gold"]))
    return out


def habit_weights(state: State, seat: int) -> list[tuple[Habit, float]]:
    """The belief about ``seat``'s next offering as weighted shifts: the prior spread
    (PRIOR_WEIGHT in all) and every revealed habit (1 each)."""
    seen = habits(state, seat)
    weights: list[tuple[Habit, float]] = [
        (d, PRIOR_WEIGHT / len(OPPONENT_SPREAD)) for d in OPPONENT_SPREAD
    ]
    weights.extend((habit, 1.0) for habit in seen)
    return weights


def draw_habit(state: State, seat: int, rng: Rng) -> Habit:
    """One draw from ``habit_weights``: the prior with chance PRIOR_WEIGHT / (PRIOR_WEIGHT +
    n), else one of the n revealed habits."""
    seen = habits(state, seat)
    pick = rng.randbelow(PRIOR_SLOTS * (len(seen) + PRIOR_WEIGHT))
    if pick < PRIOR_SLOTS * PRIOR_WEIGHT:
        return OPPONENT_SPREAD[pick % len(OPPONENT_SPREAD)]
    return seen[pick // PRIOR_SLOTS - PRIOR_WEIGHT]


def _opponent_offers(state: State, other: int) -> list[tuple[float, float]]:
    """Plausible offers of another seat, weighted: the heuristic's amount from its public gold
    moved by its believed habits (Theft counts -THEFT_VALUE)."""
    player = state["players"][other]
    gold = player["gold"]
    if gold < ai.THEFT_BELOW and player["theft"]:
        return [(-THEFT_VALUE, 1.0)]
    most = gold + hand_size(player)
    base = ai.offer_amount(gold)
    out: list[tuple[float, float]] = []
    for habit, weight in habit_weights(state, other):
        if habit is THEFT and player["theft"]:
            out.append((-THEFT_VALUE, weight))
        else:
            out.append((max(1, min(most, base + (habit or 0))), weight))
    return out


def _rank_chances(beat: list[float]) -> list[float]:
    """P(exactly k other seats rank above) for independent chances ``beat``."""
    chances = [1.0]
    for p in beat:
        nxt = [0.0] * (len(chances) + 1)
        for k, c in enumerate(chances):
            nxt[k] += c * (1 - p)
            nxt[k + 1] += c * p
        chances = nxt
    return chances


def offer_values(state: State, seat: int, amounts: list[int], theft: bool) -> dict[str, float]:
    """Each answer's expected worth in gold: rank rewards + tile effect - cost."""
    others = [o for o in range(state["seats"]) if o != seat]
    models = [_opponent_offers(state, o) for o in others]
    expected_others = sum(_mean(m) for m in models)
    order = ai_order(state)
    out: dict[str, float] = {}

    def tile_value(total: float) -> float:
        # this harvest's income and, at a kingdom scoring, the temples (VP in gold)
        return ai._worth_at_total(state, seat, round(total))  # noqa: SLF001 - same estimate

    items_cache: dict[int, list[float]] = {}

    def items(tile_gold: int) -> list[float]:
        if tile_gold not in items_cache:
            items_cache[tile_gold] = _item_values(state, seat, tile_gold)
        return items_cache[tile_gold]

    for amount in amounts:
        total = amount + expected_others
        tile_gold = TILE_BY_NUMBER[tile_for(round(total))].gold_per_farmer
        beat = []
        for other, model in zip(others, models, strict=True):
            first = order.index(other) < order.index(seat)  # AMR-R046 ties
            above = sum(w for o, w in model if o > amount or (o == amount and first))
            beat.append(above / sum(w for _, w in model))
        chances = _rank_chances(beat)
        reward = 0.0
        for above, chance in enumerate(chances):
            n = REWARDS_BY_RANK[above] if above < len(REWARDS_BY_RANK) else OTHER_RANK_REWARDS
            reward += chance * sum(items(tile_gold)[:n])
            if above == 0:
                reward += chance * START_PLAYER_GOLD
        out[f"offer:{amount}"] = reward + tile_value(total) - amount
    if theft:
        out["theft"] = tile_value(expected_others - THEFT_VALUE) + THEFT_VALUE
    return out


def _mean(model: list[tuple[float, float]]) -> float:
    return sum(o * w for o, w in model) / sum(w for _, w in model)


def ai_order(state: State) -> list[int]:
    seats, first = state["seats"], state["start_player"]
    return [(first + n) % seats for n in range(seats)]


def _offer_amounts(state: State, decision: Decision) -> list[int]:
    """Amounts worth weighing: gold only (favor cards pay 1 each, AMR-R041), at most
    MAX_OFFER."""
    gold = state["players"][decision.seat]["gold"]
    ids = decision.option_ids()
    amounts = sorted(
        int(oid.split(":")[1]) for oid in ids if oid.startswith("offer:") and "+" not in oid
    )
    return [a for a in amounts if a <= min(MAX_OFFER, max(gold, 1))] or amounts[:1]


def ranked_offerings(state: State, decision: Decision) -> list[tuple[float, str]]:
    ids = set(decision.option_ids())
    values = offer_values(state, decision.seat, _offer_amounts(state, decision), "theft" in ids)
    ranked = sorted(((v, oid) for oid, v in values.items()), key=lambda p: (-p[0], p[1]))
    return [(v, _with_adjust(oid, ids)) for v, oid in ranked]


def _with_adjust(option_id: str, ids: set[str]) -> str:
    """Attach the Offering Adjustment when it can be (as the heuristic does)."""
    return f"{option_id}+adjust" if f"{option_id}+adjust" in ids else option_id


# --- the auction ----------------------------------------------------------------------


def ranked_bids(state: State, decision: Decision) -> list[tuple[float, str]]:
    """The best-gaining affordable bid on each province (worth - price, the heuristic's
    worth and reserve), best first; provinces that gain nothing are left out."""
    seat = decision.seat
    gold = state["players"][seat]["gold"]
    cap = max(0, gold - ai.BID_RESERVE)
    best_per_province: dict[str, tuple[float, str]] = {}
    worth: dict[str, float] = {}
    for option in decision.options:
        oid = option.id
        if "+" in oid or not oid.startswith("bid:"):
            continue
        _, pid, raw = oid.split(":")
        value = int(raw)
        if value > cap:
            continue
        if pid not in worth:
            worth[pid] = ai.province_worth(state, seat, pid)
        gain = worth[pid] - value
        if gain > 0 and (pid not in best_per_province or gain > best_per_province[pid][0]):
            best_per_province[pid] = (gain, oid)
    return sorted(best_per_province.values(), key=lambda p: (-p[0], p[1]))


def _with_protect(option_id: str, gain: float, ids: set[str]) -> str:
    if gain > ai.PROTECT_MARGIN and f"{option_id}+protect" in ids and not option_id.endswith(":0"):
        return f"{option_id}+protect"
    return option_id


# --- the search's candidates and beliefs ----------------------------------------------


def candidates(state: State, decision: Decision) -> list[str]:
    """Answers the search should compare beside the heuristic's (``Engine.search_candidates``):
    the best offers by value (and Theft if it ranks), the best bid on each province. A sealed
    offer or a bid changes nothing the evaluation sees until it is revealed or settled, so the
    search's one-step screening cannot rank them."""
    if decision.key == "offering":
        return [oid for _, oid in ranked_offerings(state, decision)][:CANDIDATES]
    if decision.key == "bid":
        ids = set(decision.option_ids())
        return [_with_protect(oid, g, ids) for g, oid in ranked_bids(state, decision)][:CANDIDATES]
    return []


def reseal_others(world: State, seat: int, rng: Rng) -> State:
    """The search's world: other seats' sealed offerings (hidden, redrawn uniformly among
    every legal answer by ``sample_hidden``) drawn again from each seat's offering habits
    (``draw_habit``: the prior spread, then what it revealed this game) applied to the
    heuristic's offer from that seat's information in the world (its public gold, its
    redrawn hand). Seats that have not sealed yet are left to the rollouts."""
    if world["phase"] != "offering":
        return world
    offering = world["offering"]
    if offering["revealed"] is not None:
        return world
    sealed = offering["sealed"]
    for other in sorted(int(key) for key in sealed if int(key) != seat):
        del sealed[str(other)]
        decision = sealed_decision(world, other)
        choice = habit_answer(world, decision, draw_habit(world, other, rng))
        apply_sealed(world, other, choice, [])
    return world


def habit_answer(world: State, decision: Decision, habit: Habit) -> str:
    """The heuristic's sealed offering moved by ``habit`` (an amount, or THEFT), as near as
    the seat can offer it; the heuristic's own Theft stays."""
    choice = ai.choose(world, decision)
    action, _, adjust = choice.partition("+")
    ids = set(decision.option_ids())
    if not action.startswith("offer:"):
        return choice
    if habit is THEFT:
        theft = "theft+adjust" if adjust else "theft"
        return theft if theft in ids else choice
    # Only an offered answer: with the Adjustment attached one card must stay.
    amounts = [
        int(oid.split(":")[1].split("+")[0])
        for oid in ids
        if oid.startswith("offer:") and oid.endswith("+adjust") == bool(adjust)
    ]
    target = int(action.split(":")[1]) + habit
    amount = min(amounts, key=lambda a: (abs(a - target), a))
    return f"offer:{amount}+adjust" if adjust else f"offer:{amount}"


ROLLOUT_SALT = 0x5EA1ED0FFE2  # mixes the seat into the rollout draw


def rollout_offer(world: State, decision: Decision) -> str:
    """A seat's sealed offering inside the search's rollouts: the heuristic's, moved by one
    of the seat's believed habits. The draw is seeded by the world's own generator state (the
    search redraws it in every world) without advancing it, so it is deterministic."""
    seed = world["rng"] ^ (ROLLOUT_SALT * (decision.seat + 1) + world["round"])
    habit = draw_habit(world, decision.seat, Rng(seed))
    return habit_answer(world, decision, habit)
