"""Small scenario builders for the Amun-Re rule tests: a state at a given phase with given
holdings, plus helpers to play a few moves."""

from __future__ import annotations

from typing import Any

from rules.amunre import ENGINE, auction, harvest, offering, purchase
from rules.amunre.data import PROVINCE_IDS
from rules.core import Event

State = dict[str, Any]


def fresh(seats: int = 3, seed: int = 7, start: int = 0) -> State:
    state = ENGINE.new_game(seats, {}, seed)
    state["start_player"] = start
    state["auction"]["turn"] = start
    return state


def auction_with(provinces: list[str], start: int = 0, seed: int = 7) -> State:
    """A fresh game whose first auction reveals exactly ``provinces`` (one per seat)."""
    seats = len(provinces)
    state = fresh(seats, seed, start)
    for cards in state["auction"]["bonus_favor"].values():
        state["favor_deck"].extend(cards)
    others = [pid for pid in PROVINCE_IDS if pid not in provinces][: 2 * seats]
    state["province_cards"] = sorted(list(provinces) + others, key=PROVINCE_IDS.index)
    state["province_deck"] = others + list(reversed(provinces))
    auction.start_auction(state, [])
    return state


def set_hand(state: State, seat: int, **cards: int) -> None:
    player = state["players"][seat]
    player["hand"] = {card: n for card, n in cards.items() if n}
    # What everybody knows the seat holds cannot exceed its new hand.
    known = {card: min(n, cards.get(card, 0)) for card, n in player["known_cards"].items()}
    player["known_cards"] = {card: n for card, n in known.items() if n}


def own(
    state: State,
    seat: int,
    pid: str,
    farmers: int = 0,
    extra: int = 0,
    stones: int = 0,
    pyramids: int = 0,
) -> None:
    state["provinces"][pid].update(
        owner=seat, farmers=farmers, extra_farmers=extra, stones=stones, pyramids=pyramids
    )
    state["players"][seat]["provinces"].append(pid)


def _holdings(state: State, holdings: dict[int, list[str]] | None) -> None:
    state["auction"]["settle"] = []
    for seat, pids in (holdings or {}).items():
        for pid in pids:
            own(state, seat, pid)


def purchase_state(
    seats: int = 3, start: int = 0, holdings: dict[int, list[str]] | None = None
) -> State:
    state = fresh(seats, start=start)
    _holdings(state, holdings)
    purchase.start_purchases(state, [])
    return state


def offering_state(
    seats: int = 3, start: int = 0, holdings: dict[int, list[str]] | None = None
) -> State:
    state = fresh(seats, start=start)
    _holdings(state, holdings)
    offering.start_offerings(state, [])
    return state


def harvest_state(
    seats: int = 3,
    tile: int = 2,
    start: int = 0,
    holdings: dict[int, list[str]] | None = None,
    round_: int = 1,
) -> State:
    state = fresh(seats, start=start)
    _holdings(state, holdings)
    state["round"] = round_
    state["kingdom"] = 1 if round_ <= 3 else 2
    state["tile"] = tile
    harvest.start_harvest(state, [])
    return state


def restart_harvest(state: State) -> State:
    """Recompute who is asked after hands were changed by a test."""
    harvest.start_harvest(state, [])
    return state


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, option_id in moves:
        state, new = ENGINE.apply(state, seat, option_id)
        events.extend(new)
    return state, events


def options(state: State, seat: int) -> list[str]:
    decision = ENGINE.decision_for(state, seat)
    return decision.option_ids() if decision else []


def decision(state: State, seat: int):
    return ENGINE.decision_for(state, seat)


def gold(state: State, seat: int) -> int:
    return state["players"][seat]["gold"]


def seal_all(state: State, answers: dict[int, str]) -> tuple[State, list[Event]]:
    return play(state, *sorted(answers.items()))
