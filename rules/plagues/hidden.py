"""What one seat cannot see, redrawn at random: ``Engine.sample_hidden`` (issue 13 item 2).

Hidden from a seat (docs/views/plagues.md, ``rules/plagues/view.py``):

- the order of the tile reserve, the Hebrew reserve, the plague deck and the territory deck;
- the order of the loss deck inside each of its three piles (PLG-R020 stacks the 1-loss cards
  on the 2-loss ones on the 3-loss ones: which pile a card comes from is known);
- the tiles another seat drew with Edfu and the territory cards it drew with Buto, and which
  cards it put under the territory deck;
- the solo AI's face-down die cards (``ai_row`` from ``ai_pos`` on);
- the engine's random state: future draws and shuffles.

Everything else stays: every board, the face-up cards, the dice spaces, counts, the seat's own
drawn tiles or cards, and where the cards it put under the territory deck lie. The game has no
sealed answers (its simultaneous steps are public).
"""

from __future__ import annotations

from rules.core import Rng, clone_state
from rules.plagues.data import LOSS_CARDS
from rules.plagues.state import State, can_receive

EDFU_TRIES = 64


def sample_hidden(state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` that ``seat`` cannot tell apart from it, hidden parts redrawn."""
    sample = clone_state(state)
    others = [other for other in range(len(sample["players"])) if other != seat]
    redraw_reserve(sample, others, rng)
    redraw_territories(sample, seat, others, rng)
    shuffle_in_place(sample["hebrew_reserve"], rng)
    shuffle_in_place(sample["plague_deck"], rng)
    redraw_loss_deck(sample, rng)
    redraw_ai_row(sample, rng)
    sample["rng"] = rng.next_u64()
    return sample


def shuffle_in_place(items: list, rng: Rng) -> None:
    """Shuffle a sorted copy back into ``items`` (the old order must not show through)."""
    items.sort()
    rng.shuffle(items)


def redraw_reserve(state: State, others: list[int], rng: Rng) -> None:
    """The reserve and the tiles other seats drew with Edfu, from one shuffled pool. A seat
    still holding its Edfu tiles could receive one of them (else they went back, publicly):
    draws that break this are drawn again (after ``EDFU_TRIES`` the tiles stay as they are)."""
    holders = [other for other in others if state["players"][other]["drawn_tiles"]]
    pool = list(state["reserve"])
    for other in holders:
        pool += state["players"][other]["drawn_tiles"]
    pool.sort()
    for _ in range(EDFU_TRIES):
        shuffled = list(pool)
        rng.shuffle(shuffled)
        hands = {o: [shuffled.pop() for _ in state["players"][o]["drawn_tiles"]] for o in holders}
        if all(receivable(state["players"][o], tiles) for o, tiles in hands.items()):
            for other, tiles in hands.items():
                state["players"][other]["drawn_tiles"] = tiles
            state["reserve"] = shuffled
            return
    state["reserve"].sort()  # fallback: at least the reserve's order is redrawn
    rng.shuffle(state["reserve"])


def receivable(player: dict, tiles: list[str]) -> bool:
    return any(can_receive(player, tile) for tile in tiles)


def redraw_territories(state: State, seat: int, others: list[int], rng: Rng) -> None:
    """The territory deck and the cards other seats drew with Buto (the first of them is the
    face-up card they picked), keeping the cards ``seat`` itself put under the deck in place.
    Others' ``buto_bottom`` follow their cards to where they were redrawn."""
    deck = state["territory_deck"]
    mine = set(state["players"][seat]["buto_bottom"])
    slots = [index for index, card in enumerate(deck) if card not in mine]
    old = [deck[index] for index in slots]
    for other in others:
        old += state["players"][other]["drawn_cards"][1:]
    new = sorted(old)
    rng.shuffle(new)
    moved = dict(zip(old, new, strict=True))  # territory cards are unique
    for index in slots:
        deck[index] = moved[deck[index]]
    for other in others:
        player = state["players"][other]
        player["drawn_cards"] = player["drawn_cards"][:1] + [
            moved[card] for card in player["drawn_cards"][1:]
        ]
        player["buto_bottom"] = [moved.get(card, card) for card in player["buto_bottom"]]


def redraw_loss_deck(state: State, rng: Rng) -> None:
    """Each loss card changes place only with cards of its own pile (same number of losses)."""
    deck = state["loss_deck"]
    for losses in sorted({len(LOSS_CARDS[card]) for card in deck}):
        slots = [index for index, card in enumerate(deck) if len(LOSS_CARDS[card]) == losses]
        cards = sorted(deck[index] for index in slots)
        rng.shuffle(cards)
        for index, card in zip(slots, cards, strict=True):
            deck[index] = card


def redraw_ai_row(state: State, rng: Rng) -> None:
    """The solo AI's die cards not yet turned face up."""
    if not state["solo"]:
        return
    pos = state["ai_pos"]
    unseen = sorted(state["ai_row"][pos:])
    rng.shuffle(unseen)
    state["ai_row"][pos:] = unseen
