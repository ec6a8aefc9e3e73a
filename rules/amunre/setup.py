"""Setup (PT-2): gold, Theft and Architect cards, the two decks, the start player."""

from __future__ import annotations

from rules.amunre.data import (
    FAVOR_CARDS,
    PROVINCE_IDS,
    PROVINCES_PER_SEAT,
    START_GOLD,
    STARTING_CARD,
)
from rules.amunre.state import State
from rules.core import Rng


def new_state(seats: int, seed: int) -> State:
    rng = Rng.from_seed(seed)
    # AMR-R005: 3N province cards at random; the rest leave the game unseen (AMR-R092).
    in_play = sorted(rng.sample(PROVINCE_IDS, PROVINCES_PER_SEAT * seats), key=PROVINCE_IDS.index)
    province_deck = list(in_play)
    rng.shuffle(province_deck)
    # AMR-R004 / AMR-R082: one Architect per seat; the other 39 - N cards form the deck.
    favor_deck = [card.id for card in FAVOR_CARDS for _ in range(card.copies)]
    for _ in range(seats):
        favor_deck.remove(STARTING_CARD)
    rng.shuffle(favor_deck)
    # AMR-R006: a random start player.
    start_player = rng.randbelow(seats)
    players = [
        {
            "gold": START_GOLD,  # AMR-R002
            "hand": {STARTING_CARD: 1},  # AMR-R004
            "theft": True,  # AMR-R003
            "score": 0,  # AMR-R007
            "provinces": [],
            "played": [],
            "known_cards": {STARTING_CARD: 1},  # public: dealt to every seat (AMR-R004)
        }
        for _ in range(seats)
    ]
    return {
        "game": "amunre",
        "seats": seats,
        "rng": rng.state,
        "kingdom": 1,
        "round": 1,
        "phase": "auction",
        "start_player": start_player,
        "tile": None,  # AMR-R007: no offering tile yet
        "collective_offering": None,
        "province_cards": in_play,
        "province_deck": province_deck,
        "favor_deck": favor_deck,
        "favor_discard": {},
        # AMR-R007: no farmers, stones or pyramids anywhere.
        "provinces": {
            pid: {"owner": None, "farmers": 0, "extra_farmers": 0, "stones": 0, "pyramids": 0}
            for pid in PROVINCE_IDS
        },
        "players": players,
        "auction": None,
        "purchase": None,
        "offering": None,
        "harvest": None,
        "debt": None,
        "score_log": [],
        "offer_log": [],  # every revealed offering (public), see offering.log_offer
        "final": None,
    }


def fill_known_cards(state: State) -> None:
    """Give ``known_cards`` to a state stored without it. In the first round of the Old
    Kingdom the deck cannot have been rebuilt, so no Architect in the discard pile means every
    seat still holds its own; otherwise who discarded what is lost: nothing is known."""
    players = state["players"]
    if all("known_cards" in player for player in players):
        return
    first_round = state["kingdom"] == 1 and state["round"] == 1
    kept = first_round and not state["favor_discard"].get(STARTING_CARD)
    for player in players:
        player.setdefault("known_cards", {STARTING_CARD: 1} if kept else {})
