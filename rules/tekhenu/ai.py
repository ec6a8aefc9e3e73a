"""The baseline AI for non-solo seats: deterministic, always legal. It keeps its scales near
balance, builds what it can afford and pursues its Decrees."""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Decision
from rules.tekhenu import actions, scoring
from rules.tekhenu.data import (
    CORNERS,
    DIE_RESOURCE,
    TEMPLE_BUILDINGS,
    TEMPLE_REWARDS,
    ra_slot_for,
)
from rules.tekhenu.state import State, balance, die_purity, mix_code, mix_vp

GOD_WORTH = {"ra": 6.0, "horus": 5.5, "hathor": 5.0, "osiris": 4.5, "thoth": 3.5, "bastet": 3.0}
DRAFT_PREFERENCE = (
    "S04",
    "S01",
    "S12",
    "S07",
    "S08",
    "S11",
    "S05",
    "S09",
    "S10",
    "S02",
    "S03",
    "S06",
)
DESTINY_PREFERENCE = ("A02", "A01", "A04", "A03")
DECREE_GODS = {  # the God action that feeds each Decree
    "D01": "thoth",
    "D02": "thoth",
    "D05": "bastet",
    "D06": "bastet",
    "D09": "osiris",
    "D10": "osiris",
    "D11": "osiris",
    "D12": "hathor",
    "D13": "ra",
    "D14": "hathor",
    "D15": "ra",
    "D16": "horus",
    "D17": "horus",
    "D18": "horus",
    "D19": "horus",
    "D21": "osiris",
    "D04": "hathor",
}


def god_worth(player: dict, god: str) -> float:
    """The base worth of a God action, plus a pull towards the seat's own Decrees."""
    bonus = sum(1.5 for card in player["decrees"] if DECREE_GODS.get(card) == god)
    return GOD_WORTH[god] + min(bonus, 3.0)


GodPrice = Callable[[State, int, str], float]  # (state, seat, god) -> the action's worth


def seat_god_worth(state: State, seat: int, god: str) -> float:
    """The heuristic's price of ``seat``'s God action (``god_worth``), as a ``GodPrice``."""
    return god_worth(state["players"][seat], god)


def choose(state: State, decision: Decision) -> str:
    ids = decision.option_ids()
    chooser = CHOOSERS.get(decision.key)
    if chooser is not None:
        pick = chooser(state, decision, ids)
        if pick in ids:
            return pick
    return ids[0]


def first_with(ids: list[str], prefix: str) -> str | None:
    return next((i for i in ids if i.startswith(prefix)), None)


def by_preference(prefix: str, order: tuple[str, ...]):
    def pick(state: State, decision: Decision, ids: list[str]) -> str:
        for card in order:
            if f"{prefix}{card}" in ids:
                return f"{prefix}{card}"
        return ids[0]

    return pick


def pick_decree(state: State, decision: Decision, ids: list[str]) -> str:
    player = state["players"][decision.seat]
    cards = sorted(i.split(":")[1] for i in ids)
    return "keep:" + max(cards, key=lambda c: (decree_promise(state, decision.seat, c, player), c))


def decree_promise(state: State, seat: int, card: str, player: dict) -> int:
    return {"D01": 2, "D12": 3, "D13": 3, "D18": 3, "D14": 3, "D17": 3}.get(card, 1)


def action_worth(
    state: State,
    seat: int,
    god: str | None,
    colour: str,
    value: int,
    anubis: bool,
    price: GodPrice = seat_god_worth,
) -> float:
    player = state["players"][seat]
    best = -1.0
    if god is not None and actions.god_possible(
        state, seat, god, {"s": seat, "v": value, "src": "die"}
    ):
        best = price(state, seat, god) + (0.3 * value if god in ("hathor", "bastet") else 0.0)
    if colour != "grey" and not anubis:
        res = DIE_RESOURCE[colour]
        best = max(best, 0.9 * min(value, player["prod"][res]) - 0.3 * player["res"][res])
    return best


def pick_take(
    state: State, decision: Decision, ids: list[str], price: GodPrice = seat_god_worth
) -> str:
    """The die whose action is worth most, less the scales' imbalance it leaves."""
    seat = decision.seat
    player = state["players"][seat]
    now = balance(player)
    normal = [i for i in ids if i.startswith("die:")]
    pool = normal or ids
    best, best_score = pool[0], None
    for option in pool:
        kind, god, die = option.split(":")
        colour = die.rstrip("0123456789")
        value = int(die[len(colour) :])
        purity = die_purity(state, god, colour)
        if kind == "anubis":
            new = now
        else:
            new = now + value if purity == "pure" else now - value
        worth = action_worth(state, seat, god, colour, value, kind == "anubis", price)
        score = worth - 0.6 * abs(new)
        if best_score is None or score > best_score:
            best, best_score = option, score
    return best


def pick_action(state: State, decision: Decision, ids: list[str]) -> str:
    seat = decision.seat
    player = state["players"][seat]
    gods = [i for i in ids if i.startswith("act:")]
    stock = sum(player["res"].values()) + player["gold"]
    ranked = sorted(gods, key=lambda i: (-god_worth(player, i.split(":")[1]), i))
    for option in ranked:
        god = option.split(":")[1]
        if god in ("thoth", "bastet") and stock < 4 and first_with(ids, "prod:"):
            continue
        return option
    prods = [i for i in ids if i.startswith("prod:")]
    if prods:
        return min(prods, key=lambda i: player["res"][i.split(":")[1]])
    return ids[0]


def pick_t13(state: State, decision: Decision, ids: list[str]) -> str:
    return "adj:+1" if "adj:+1" in ids else "adj:0"


def pillar_price(state: State, space: str) -> float:
    """The heuristic's worth of the Ra Pillar on offer placed on ``space``: its best matching
    edges (double in a corner), the Buildings in its lines, half the Temple space's reward."""
    tile = state["ra"][ra_slot_for(state["stack"][-1]["ctx"]["v"])]
    r, c = int(space[1]), int(space[2])
    matches = max(actions.matching_edges(state, space, tile, rot)[0] for rot in range(4))
    reward = TEMPLE_REWARDS[r][c]
    return (
        matches * (2 if space in CORNERS else 1)
        + actions.buildings_in_lines(state, space)
        + sum(reward.values()) * 0.5
    )


def pick_ra_space(state: State, decision: Decision, ids: list[str]) -> str:
    return max(ids, key=lambda option: (pillar_price(state, option.split(":")[1]), option))


def pick_ra_rot(state: State, decision: Decision, ids: list[str]) -> str:
    frame = state["stack"][-1]
    tile = state["ra"][ra_slot_for(frame["ctx"]["v"])]
    return max(
        ids,
        key=lambda i: (
            actions.matching_edges(state, frame["space"], tile, int(i.split(":")[1]))[0],
            i,
        ),
    )


def pick_hathor(state: State, decision: Decision, ids: list[str]) -> str:
    seat = decision.seat

    def worth(option: str) -> tuple[int, int]:
        kind, index, bread, _closed = TEMPLE_BUILDINGS[option.split(":")[1]]
        return (actions.pillars_in_line(state, seat, kind, index), -bread)

    return max(ids, key=worth)


def pick_osiris(state: State, decision: Decision, ids: list[str]) -> str:
    player = state["players"][decision.seat]
    return min(ids, key=lambda i: (player["prod"][i.split("_")[1]], i))


def pick_track(state: State, decision: Decision, ids: list[str]) -> str:
    player = state["players"][decision.seat]
    return min(ids, key=lambda i: (player["prod"][i.split(":")[1]], i))


def pick_thoth(state: State, decision: Decision, ids: list[str]) -> str:
    sections = [i for i in ids if i.startswith("section:")]
    return max(sections, key=lambda i: int(i.split(":")[1])) if sections else ids[0]


def pick_card(state: State, decision: Decision, ids: list[str]) -> str:
    order = {"T": 0, "D": 1, "B": 2}
    return min(ids, key=lambda i: (order[i.split(":")[1][0]], i))


def pick_faith(state: State, decision: Decision, ids: list[str]) -> str:
    now = balance(state["players"][decision.seat])
    return min(ids, key=lambda i: (abs(now + int(i.split(":")[1])), i))


def pick_decree_score(state: State, decision: Decision, ids: list[str]) -> str:
    """TEK-R172: the Decrees of the best total (after the best D03/D04 payments)."""
    frame = state["stack"][-1]
    best, _total = scoring.best_decree_set(state, decision.seat, frame["chosen"])
    for card in best[len(frame["chosen"]) :]:
        if f"score:{card}" in ids:
            return f"score:{card}"
    return "done"


D23_ACTION_WORTH = 6  # a free action of any value, in VP (a Statue, a Pillar, ...)


def pick_d23(state: State, decision: Decision, ids: list[str]) -> str:
    """Use D23 unless the Decree slot it takes (TEK-R172) is worth more than a free action."""
    if "d23" not in ids:
        return "skip"
    _best, without = scoring.best_decree_set(state, decision.seat, [])
    _best, using = scoring.best_decree_set(state, decision.seat, ["D23"])
    return "d23" if using + D23_ACTION_WORTH >= without else "skip"


def pick_turn_start(state: State, decision: Decision, ids: list[str]) -> str:
    player = state["players"][decision.seat]
    for option in ids:
        if option.endswith(":happiness") and player["happiness"] + 3 <= player["population"]:
            return option
        if option.endswith(":population"):
            return option
    return "go"


def pick_extra(state: State, decision: Decision, ids: list[str]) -> str:
    for god in ("ra", "horus", "hathor", "osiris", "thoth", "bastet"):
        if f"act:{god}" in ids:
            return f"act:{god}"
    return ids[0]


def last(state: State, decision: Decision, ids: list[str]) -> str:
    return ids[-1]


def first_bless(state: State, decision: Decision, ids: list[str]) -> str:
    return first_with(ids, "bless:") or ids[-1]


def pick_gain_any(state: State, decision: Decision, ids: list[str]) -> str:
    player = state["players"][decision.seat]
    return min(ids, key=lambda i: (player["res"][i.split(":")[1]], i))


TOKEN_WORTH = {"gold": 1.5, "scribe": 1.5}  # a Papyrus, Bread or stone: 1


def pick_payment(state: State, decision: Decision, ids: list[str]) -> str:
    """T10/T22 (TEK-R255, TEK-R267): take the +1 VP of a substitution when it spends little
    more than the default plan (the first option); otherwise the default plan."""
    frame = state["stack"][-1]
    seat, cost = frame["s"], frame["cost"]

    def worth(mix: dict) -> float:
        spent = sum(TOKEN_WORTH.get(k, 1.0) * n for k, n in mix.items())
        return 2.0 * len(mix_vp(state, seat, cost, mix)) - spent

    mixes = {f"pay:{mix_code(mix)}": mix for mix in frame["mixes"]}
    return max(ids, key=lambda i: (worth(mixes[i]) if i in mixes else -99.0, -ids.index(i)))


CHOOSERS = {
    "pay": pick_payment,
    "decree": pick_decree,
    "draft": by_preference("start:", DRAFT_PREFERENCE),
    "destiny": by_preference("destiny:", DESTINY_PREFERENCE),
    "a03": lambda s, d, ids: "population",
    "gain_any": pick_gain_any,
    "turn_start": pick_turn_start,
    "take": pick_take,
    "modify": lambda s, d, ids: "done" if "done" in ids else ids[0],
    "action": pick_action,
    "t14": lambda s, d, ids: "adj:0" if "adj:0" in ids else ids[0],
    "t13": pick_t13,
    "t19": lambda s, d, ids: "skip",
    "waive": first_bless,
    "horus": lambda s, d, ids: first_with(ids, "god:") or ids[0],
    "ra_space": pick_ra_space,
    "ra_rot": pick_ra_rot,
    "hathor": pick_hathor,
    "thoth": pick_thoth,
    "thoth_take": pick_card,
    "osiris": pick_osiris,
    "osiris_any": pick_track,
    "produce_bless": first_bless,
    "extra_pick": pick_extra,
    "extra_value": last,
    "faith": pick_faith,
    "bread": lambda s, d, ids: ids[0],
    "decree_pick": pick_decree_score,
    "decree_pay": lambda s, d, ids: ids[0],  # the best total is listed first
    "d23": pick_d23,
    "extra_order": lambda s, d, ids: "regular_first",
    "turn_end": lambda s, d, ids: "end",
}
