"""What one seat cannot see, redrawn at random: ``Engine.sample_hidden`` (issue 13 item 2).

Hidden from a seat (docs/views/tekhenu.md, ``rules/tekhenu/view.py``):

- the order of the face-down Pillar pile and of the three card decks;
- another player's Decrees (TEK-R030), except those it took face up from the market
  (``known``) and a D23 it used (``d23_used``), until the final reveal (``revealed``);
- another player's two dealt Decrees during setup, and the cards it drew with S05/S06;
- another player's answer to the open sealed decision (Decree kept, Faith placed, D23 used);
- the engine's random state: future dice, draws, shuffles and Botankhamun's Deben flips.

Everything else stays: the seat's own cards and answers, how many cards each hand and deck
holds, the market, the discards and Botankhamun's pile (cards taken from the market face up).
The seat's own Decree returned under the deck at setup stays at its place while it is still
in the deck (``decree_bottom``); the places of other seats' returned Decrees are unseen cards,
and their records name whatever card the sample puts there.
"""

from __future__ import annotations

from collections import Counter

from rules.core import Rng, clone_state
from rules.tekhenu import steps
from rules.tekhenu.state import State, humans

SEALED_STEPS = ("decree_keep", "faith", "d23")


def sample_hidden(state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` that ``seat`` cannot tell apart from it, hidden parts redrawn."""
    sample = clone_state(state)
    others = [other for other in humans(sample) if other != seat]
    redraw_decrees(sample, seat, others, rng)
    for kind in ("blessing", "technology"):
        redraw_drawn(sample, others, kind, rng)
    rng.shuffle(sample["pile"])
    redraw_sealed(sample, others, rng)
    sample["rng"] = rng.next_u64()
    return sample


def public_decrees(player: dict) -> Counter:
    """The Decrees of a player everybody knows: taken face up from the market, a used D23."""
    seen = Counter(player["known"])
    if player.get("d23_used"):
        seen["D23"] = max(seen["D23"], 1)
    return seen & Counter(player["decrees"])


def redraw_decrees(state: State, seat: int, others: list[int], rng: Rng) -> None:
    """Other players' secret and dealt Decrees and the Decree deck, from one shuffled pool;
    the Decree ``seat`` returned under the deck keeps its place."""
    secret: dict[int, list[int]] = {}  # player -> indexes of its secret Decrees
    bottom = state.get("decree_bottom", [])  # absent in states stored before it existed
    own_bottom = [(place, card) for place, (who, card) in enumerate(bottom) if who == seat]
    pool = list(state["decks"]["decree"])
    for _place, card in own_bottom:
        pool.remove(card)
    for other in others:
        player = state["players"][other]
        if player["revealed"] is not None:
            continue
        seen = public_decrees(player)
        secret[other] = []
        for index, card in enumerate(player["decrees"]):
            if seen[card]:
                seen[card] -= 1
            else:
                secret[other].append(index)
                pool.append(card)
        pool += player.get("dealt", [])
    pool.sort()  # the pool's order must not tell where a card was
    rng.shuffle(pool)
    for other, indexes in secret.items():
        player = state["players"][other]
        for index in indexes:
            player["decrees"][index] = pool.pop()
        if "dealt" in player:
            player["dealt"] = [pool.pop() for _ in player["dealt"]]
    for place, card in own_bottom:  # ascending places: each insert lands where it was
        pool.insert(place, card)
    for place, entry in enumerate(bottom):
        entry[1] = pool[place]  # other seats' returned Decrees: whatever lies there now
    state["decks"]["decree"] = pool


def redraw_drawn(state: State, others: list[int], kind: str, rng: Rng) -> None:
    """Cards other players drew with S05/S06 and the deck of that ``kind``, reshuffled."""
    prefix = kind[0].upper()
    holders = [o for o in others if any(c.startswith(prefix) for c in state["players"][o]["drawn"])]
    pool = list(state["decks"][kind])
    for other in holders:
        pool += state["players"][other]["drawn"]
    pool.sort()
    rng.shuffle(pool)
    for other in holders:
        player = state["players"][other]
        player["drawn"] = [pool.pop() for _ in player["drawn"]]
    state["decks"][kind] = pool


def redraw_sealed(state: State, others: list[int], rng: Rng) -> None:
    """Other players' answers to the open sealed decision, at random among what each was
    offered (on the redrawn cards: a kept Decree is one of its dealt two)."""
    frame = sealed_frame(state)
    if frame is None:
        return
    for other in others:
        key = str(other)
        if key not in state["sealed"]:
            continue
        asked_frame = {**frame, "waiting": [other]}
        asked = steps.TABLE.choice(asked_frame).decide(state, asked_frame)
        state["sealed"][key] = rng.choice(asked[0].options).id


def sealed_frame(state: State) -> dict | None:
    """The open sealed step whose answers ``state["sealed"]`` collects, if any."""
    for frame in reversed(state["stack"]):
        if frame["k"] in SEALED_STEPS:
            return frame
    return None
