"""Redraw what one seat cannot see (issue 13 item 2, ``Engine.sample_hidden``).

Hidden from a seat (docs/views/amunre.md, AMR-R090..AMR-R093):

- the favor cards in other seats' hands (only their count shows), in the face-down deck and
  set aside face down as a province's bonus in the current auction (counts show);
- the province deck: its order, and in the Old Kingdom which unseen provinces it holds (the
  3N cards in play are known once all have been revealed, i.e. in the New Kingdom);
- other seats' sealed offerings not yet revealed (only "has answered" shows);
- the generator state, so future shuffles differ.

Known and kept: the seat's own hand and sealed offering, every count, the face-up discard
pile, everything on the board, and the cards public history shows other seats still hold
(``known_cards``: the starting Architect of a seat that has never discarded an Architect).
"""

from __future__ import annotations

from collections import Counter

from rules.amunre.data import PROVINCE_IDS
from rules.amunre.offering import apply_sealed, sealed_decision
from rules.amunre.state import State, hand_size
from rules.core import Rng, clone_state


def sample_hidden(state: State, seat: int, rng: Rng) -> State:
    sample = clone_state(state)
    _redraw_favor_cards(sample, seat, rng)
    _redraw_province_deck(sample, rng)
    _redraw_sealed_offerings(sample, seat, rng)
    sample["rng"] = Rng(rng.next_u64()).state
    return sample


def _redraw_favor_cards(state: State, seat: int, rng: Rng) -> None:
    """Deal the cards of the hidden places again among them, each place keeping its size.
    (Those cards are exactly all copies minus the seat's hand, the discard pile and the
    cards known to be in other hands, which stay where they are.)"""
    hands = [player for other, player in enumerate(state["players"]) if other != seat]
    bonus = (state["auction"] or {}).get("bonus_favor", {})  # taken ones are gone
    pool = list(state["favor_deck"])
    for player in hands:
        pool.extend((Counter(player["hand"]) - Counter(player["known_cards"])).elements())
    for cards in bonus.values():
        pool.extend(cards)
    pool.sort()
    rng.shuffle(pool)
    for player in hands:
        known = list(Counter(player["known_cards"]).elements())
        player["hand"] = _counts(known + _deal(pool, hand_size(player) - len(known)))
    for pid in bonus:
        bonus[pid] = _deal(pool, len(bonus[pid]))
    state["favor_deck"] = pool


def _redraw_province_deck(state: State, rng: Rng) -> None:
    """New Kingdom: the deck's cards are known (all were revealed once), only the order is
    not. Old Kingdom: the revealed ones are known, the deck is any unseen provinces."""
    deck = state["province_deck"]
    if state["kingdom"] == 1:
        revealed = set(state["province_cards"]) - set(deck)
        unseen = [pid for pid in PROVINCE_IDS if pid not in revealed]
        deck = rng.sample(unseen, len(deck))
        in_play = revealed | set(deck)
        state["province_cards"] = [pid for pid in PROVINCE_IDS if pid in in_play]
    else:
        deck = list(deck)
        rng.shuffle(deck)
    state["province_deck"] = deck


def _redraw_sealed_offerings(state: State, seat: int, rng: Rng) -> None:
    """Other seats' sealed offerings: any legal answer with their redrawn hands."""
    offering = state["offering"] if state["phase"] == "offering" else None
    if offering is None or offering["revealed"] is not None:
        return
    sealed = offering["sealed"]
    for other in sorted(int(key) for key in sealed if int(key) != seat):
        del sealed[str(other)]
        option = rng.choice(sealed_decision(state, other).options)
        apply_sealed(state, other, option.id, [])


def _deal(pool: list[str], count: int) -> list[str]:
    dealt = pool[len(pool) - count :] if count else []
    del pool[len(pool) - count :]
    return dealt


def _counts(cards: list[str]) -> dict[str, int]:
    return dict(sorted(Counter(cards).items()))
