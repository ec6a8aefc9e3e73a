"""Redraw what one seat cannot see (issue 13 item 2, ``Engine.sample_hidden``).

Ankh has no deck and its battle card hands are public (docs/views/ankh.md), so what is hidden
from a seat is only what other gods have sealed and not yet revealed:

- their battle card picks in an open battle (only "answered" shows: every card picked, or
  still picking; an Amun picking two cards may have picked one);
- their follower bids against the Locusts (only "answered" shows);
- a merged god's proposal from its lesser seat to its greater seat (only that it was made);
- the generator state.

The seat's own god's picks, bid and proposal are kept: every seat of a merged god sees them in
its own decision. Everything else is public and kept.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.ankh.merged import DEFER
from rules.ankh.state import State, clone
from rules.core import Decision, Rng

Pending = Callable[[State], list[Decision]]


def sample_hidden(state: State, seat: int, rng: Rng, pending: Pending) -> State:
    """``pending`` is the engine's, to redraw proposals among the options they answer."""
    sample = clone(state)
    own = sample["seat_player"][seat]
    task = sample["stack"][-1] if sample["stack"] else {"t": None}
    if task["t"] == "cards":  # the sealed steps (view.SEALED_TASKS) are always on top
        _redraw_picks(sample, own, rng)
    elif task["t"] == "bids":
        _redraw_bids(sample, task, own, rng)
    _redraw_proposals(sample, own, rng, pending)
    sample["rng"] = Rng(rng.next_u64()).state
    return sample


def _redraw_picks(state: State, own: int, rng: Rng) -> None:
    """Other participants pick again at random, each as far as it had: all its cards if it has
    answered, else fewer than it needs."""
    battle = state["conflict"]["battle"]
    for player in battle["participants"]:
        if player == own:
            continue
        picks = battle["picks"][str(player)]
        hand = state["players"][player]["hand"]
        most = min(battle["need"][str(player)], len(hand))
        done = len(picks) >= battle["need"][str(player)] or len(picks) == len(hand)
        count = most if done else rng.randbelow(most)
        battle["picks"][str(player)] = rng.sample(hand, count)


def _redraw_bids(state: State, task: dict, own: int, rng: Rng) -> None:
    """Other bidders who have bid: any bid from 0 to their followers."""
    for key in task["bids"]:
        if int(key) != own:
            task["bids"][key] = rng.randint(0, state["players"][int(key)]["followers"])


def _redraw_proposals(state: State, own: int, rng: Rng, pending: Pending) -> None:
    """Another merged god's lesser seat proposed: any answer its proposal question offers."""
    proposals = state["stack"][-1].get("proposals", {}) if state["stack"] else {}
    for key in sorted(proposals):
        player = int(key)
        if player == own:
            continue
        del proposals[key]
        partners = state["players"][player]["seats"][1:]
        question = next(d for d in pending(state) if d.advisory and d.seat in partners)
        choice = rng.choice(question.options).id
        proposals[key] = None if choice == DEFER else choice
