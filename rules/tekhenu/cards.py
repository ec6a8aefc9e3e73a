"""Decks, the card market and the Thoth action's card handling (TEK-R119..R131)."""

from __future__ import annotations

from rules.core import Event
from rules.tekhenu.data import MARKET_HAPPINESS, MARKET_SLOTS
from rules.tekhenu.state import State, card_said, seat_name, shuffle
from rules.text import msg


def draw_card(state: State, kind: str) -> str | None:
    """TEK-R130: an empty deck is replaced by its shuffled discard pile; both empty -> None.
    A planning probe (``rules.tekhenu.plan``) never looks at a hidden card: None."""
    if state.get("probe"):
        return None
    deck = state["decks"][kind]
    if not deck:
        discard = state["discards"][kind]
        if not discard:
            return None
        deck.extend(sorted(discard))
        discard.clear()
        shuffle(state, deck)
    card = deck.pop()
    if kind == "decree" and "decree_bottom" in state:  # absent: stored before it existed
        del state["decree_bottom"][len(deck) :]  # a returned Decree drawn leaves the record
    return card


def refill_market(state: State) -> None:
    """TEK-R129: at the end of a turn every empty slot gets a card of its type."""
    for section, slots in enumerate(state["market"]):
        if not state["market_open"][section]:
            continue
        for index, card in enumerate(slots):
            if card is None:
                slots[index] = draw_card(state, MARKET_SLOTS[section][index])


def reachable_sections(state: State, seat: int) -> list[int]:
    """TEK-R122: sections whose Happiness minimum the player reaches (open ones only)."""
    happiness = state["players"][seat]["happiness"]
    return [
        section
        for section in range(4)
        if state["market_open"][section] and happiness >= MARKET_HAPPINESS[section]
    ]


def section_cards(state: State, section: int) -> list[str]:
    return [card for card in state["market"][section] if card is not None]


def refresh_section(state: State, section: int, events: list[Event]) -> None:
    """TEK-R128: discard every card of the section and refill it at once."""
    for index, card in enumerate(state["market"][section]):
        if card is not None:
            state["discards"][card_kind(card)].append(card)
            state["market"][section][index] = None
    for index, kind in enumerate(MARKET_SLOTS[section]):
        state["market"][section][index] = draw_card(state, kind)
    events.append(
        Event(
            "refresh",
            msg("Market section {n} is refreshed.", n=section + 1),
            {"section": section + 1, "cards": list(state["market"][section])},
        )
    )


def card_kind(card: str) -> str:
    return {"B": "blessing", "T": "technology", "D": "decree"}[card[0]]


def take_card(state: State, seat: int, section: int, card: str, events: list[Event]) -> None:
    """TEK-R119..R121: Blessings and Technologies face up, Decrees secret (but a market
    Decree was seen by everybody: it is listed as known, C.1)."""
    slots = state["market"][section]
    slots[slots.index(card)] = None
    player = state["players"][seat]
    kind = card_kind(card)
    if state["bot"] == seat:
        player["bot_cards"].append(card)  # TEK-R331: one face-down pile, effects ignored
    elif kind == "blessing":
        player["blessings"].append(card)
    elif kind == "technology":
        player["technologies"].append(card)
    else:
        player["decrees"].append(card)
        player["known"].append(card)
    events.append(
        Event(
            "card",
            msg(
                "{seat} takes {card} from market section {n}.",
                seat=seat_name(state, seat),
                card=card_said(card),
                n=section + 1,
            ),
            {"seat": seat, "card": card, "section": section + 1},
            seat=seat,
        )
    )
