"""Phase 3, plague (PLG-R126..PLG-R155): tribute in turn order, the penalty card, the
simultaneous loss step, then the window for other uses. Choice tasks: ``tribute``,
``loss_cancel``, ``loss_alt``, ``uses``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import Event, Option
from rules.plagues.board import advance, push, remove_tile
from rules.plagues.data import LOSS_CARDS, PLAGUES
from rules.plagues.state import (
    State,
    a_tile,
    ankh_needed,
    ankh_symbols,
    holds_card5,
    humans,
    income,
    seat_name,
    spend_pharaoh,
    tiles_on_board,
    tribute_due,
    tribute_plans,
)
from rules.plagues.uses import apply_extra, extras
from rules.text import Msg, msg, term


def _ev(events: list[Event], seat: int, kind: str, text: Msg, **data) -> None:
    """An event about ``seat``: ``text`` names the seat as ``{seat}``."""
    events.append(Event(kind, text, data, seat=seat))


# --- step 1: tribute ---------------------------------------------------------------------
def pay_tribute(state: State, seat: int, events: list[Event], plan: str | None = None) -> None:
    """PLG-R128..PLG-R132 (PLG-R255: a skipped tribute counts as paid). ``plan`` is one of
    ``tribute_plans`` (the only one when None)."""
    player = state["players"][seat]
    plans = tribute_plans(state, seat)
    card3 = state["pharaoh"][2] == seat
    if card3:
        spend_pharaoh(state, 3)  # PLG-R132: card 3 returns at the tribute either way
    if player["skip_tribute"]:
        player["paid"] = True
        _ev(
            events,
            seat,
            "tribute",
            msg("{seat} skips the tribute (trade card).", seat=seat_name(seat)),
            paid=True,
        )
        return
    due = tribute_due(state, seat)
    if not plans:
        have = income(state, seat) + card3 + player["kept"].count("coin")
        player["paid"] = False
        _ev(
            events,
            seat,
            "tribute",
            msg(
                "{seat} cannot pay the tribute of {due} (has {have}).",
                seat=seat_name(seat),
                due=due,
                have=have,
            ),
            paid=False,
            due=due,
        )
        return
    chosen = next((p for p in plans if p[0] == plan), plans[0])
    tiles = chosen[1]
    for _ in range(tiles):
        player["kept"].remove("coin")
        state["removed"].append("coin")
    player["paid"] = True
    _ev(
        events,
        seat,
        "tribute",
        msg(
            "{seat} pays the tribute of {due} (spends {coins} coin {coins:plural:tile|tiles}).",
            seat=seat_name(seat),
            due=due,
            coins=tiles,
        ),
        paid=True,
        due=due,
        coins=tiles,
        card3=chosen[2],
    )


def plan_label(state: State, seat: int, plan: tuple[str, int, bool]) -> Msg:
    """What paying will spend, e.g. "Pay the tribute of 5: income 3, pharaoh card 3 and 1
    coin tile"."""
    due = tribute_due(state, seat)
    if state["players"][seat]["skip_tribute"]:
        return msg("Pay the tribute of {due}", due=due)
    _id, tiles, card3 = plan
    have = income(state, seat)
    if card3:
        return msg(
            "Pay the tribute of {due}: income {income}, pharaoh card 3 and {tiles} coin "
            "{tiles:plural:tile|tiles}",
            due=due,
            income=min(have, due),
            tiles=tiles,
        )
    if state["pharaoh"][2] == seat:
        return msg(
            "Pay the tribute of {due}: income {income} and {tiles} coin "
            "{tiles:plural:tile|tiles} (pharaoh card 3 goes back unused)",
            due=due,
            income=min(have, due),
            tiles=tiles,
        )
    return msg(
        "Pay the tribute of {due}: income {income} and {tiles} coin {tiles:plural:tile|tiles}",
        due=due,
        income=min(have, due),
        tiles=tiles,
    )


def tribute_options(state: State, seat: int) -> list[Option]:
    plans = tribute_plans(state, seat)
    if plans:
        return [Option(plan[0], plan_label(state, seat, plan)) for plan in plans]
    due = tribute_due(state, seat)
    player = state["players"][seat]
    have = income(state, seat) + player["kept"].count("coin") + (state["pharaoh"][2] == seat)
    return [
        Option(
            "pay",
            msg(
                "Settle the tribute of {due}: you have only {have} (penalty risk)",
                due=due,
                have=have,
            ),
        )
    ]


def tribute_decide(state: State, seat: int, task: dict):
    due = tribute_due(state, seat)
    opts = tribute_options(state, seat) + extras(state, seat, "tribute")
    return "tribute", msg("{seat}: pay the tribute ({due}).", seat=seat_name(seat), due=due), opts


def tribute_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if option == "pay" or option.startswith("pay:"):
        # PLG-R047: the turn goes on after paying; uses still possible before the losses are
        # offered in a last window (uses.turn_end).
        push(state, seat, {"k": "turn_end", "ctx": "tribute_end"})
        pay_tribute(state, seat, events, option)
    else:
        apply_extra(state, seat, option, task, events)


def start_tribute(state: State, seat: int, events: list[Event]) -> None:
    """Asked when the seat has a use to make or two ways to pay; otherwise the single answer
    (pay, or settle as a non-payer) is applied at once."""
    if extras(state, seat, "tribute") or len(tribute_options(state, seat)) > 1:
        push(state, seat, {"k": "tribute"})
    else:
        pay_tribute(state, seat, events)


def penalty_key(state: State, seat: int) -> tuple:
    """PLG-R134: furthest behind on the province card, the Nile, fewest tiles, Hebrews."""
    player = state["players"][seat]
    return (player["pcard"], player["nile"], tiles_on_board(player), len(player["hebrews"]))


def assign_penalty(state: State, events: list[Event]) -> None:
    """PLG-R133 / PLG-R134 / PLG-R135 / PLG-R295."""
    plague = state["plague"]
    losers = [s for s in humans(state) if state["players"][s]["paid"] is False]
    if not losers:
        state["plague_fate"] = "discard"
        return
    losers.sort(key=lambda s: penalty_key(state, s))
    if len(losers) > 1 and penalty_key(state, losers[0]) == penalty_key(state, losers[1]):
        state["plague_fate"] = "out"
        events.append(
            Event("penalty", msg("The non-payers are tied: the plague card leaves the game."))
        )
        return
    seat = losers[0]
    state["players"][seat]["penalties"].append(plague)
    state["plague_fate"] = "taken"
    _ev(
        events,
        seat,
        "penalty",
        msg(
            "{seat} takes the {plague} card as a penalty (-3 VP).",
            seat=seat_name(seat),
            plague=PLAGUES[plague][0],
        ),
    )


# --- step 2: losses ----------------------------------------------------------------------
def alt_text(alt: Sequence[Any]) -> Msg:
    """One loss alternative, ``(kind, arg)``: a tuple from LOSS_CARDS or its list in the state."""
    kind, arg = alt
    if kind == "boat":
        return msg("Boat -{n}", n=arg)
    if kind == "dev":
        return term("City track -1") if arg == "city" else term("Field track -1")
    if kind == "province":
        return msg("Province card -{n}", n=arg)
    if kind == "egyptian":
        return term("Remove an egyptian")
    if kind == "one_of":
        return msg("Remove {a} or {b}", a=a_tile(arg[0]), b=a_tile(arg[1]))
    return msg("Remove {a} and {b}", a=a_tile(arg[0]), b=a_tile(arg[1]))


def _either(alts: tuple) -> Msg:
    """'Boat -1 / City track -1': the alternatives of one loss."""
    text = alt_text(alts[0])
    for alt in alts[1:]:
        text = msg("{a} / {b}", a=text, b=alt_text(alt))
    return text


def plain(alt: tuple) -> list:
    """A loss alternative as plain JSON (lists only), for the state."""
    kind, arg = alt
    return [kind, list(arg) if isinstance(arg, tuple) else arg]


def start_losses(state: State, seat: int) -> None:
    push(state, seat, {"k": "loss"})


def loss(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """PLG-R138: cancelling is possible with enough active Ankh symbols."""
    parts = LOSS_CARDS[state["loss"]]
    if ankh_symbols(state, seat) >= ankh_needed(state):
        push(state, seat, {"k": "loss_cancel"})
        return
    push(state, seat, *[{"k": "loss_part", "i": i} for i in range(len(parts))])


def cancel_decide(state: State, seat: int, task: dict):
    parts = LOSS_CARDS[state["loss"]]
    opts = [
        Option(f"cancel:{i + 1}", msg("Cancel: {loss}", loss=_either(part)))
        for i, part in enumerate(parts)
    ]
    opts.append(Option("cancel:none", term("Cancel nothing")))
    return (
        "cancel_loss",
        msg("{seat}: cancel one loss with your Ankh symbols?", seat=seat_name(seat)),
        opts,
    )


def cancel_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    parts = LOSS_CARDS[state["loss"]]
    which = option.split(":")[1]
    skip = -1
    if which != "none":
        skip = int(which) - 1
        # PLG-R140: pharaoh card 5 is spent only when the other symbols fall short.
        if holds_card5(state, seat) and ankh_symbols(state, seat, card5=False) < ankh_needed(state):
            spend_pharaoh(state, 5)
            _ev(
                events,
                seat,
                "ankh_card",
                msg("{seat} spends pharaoh card 5.", seat=seat_name(seat)),
            )
        _ev(
            events,
            seat,
            "cancel",
            msg("{seat} cancels loss {n}.", seat=seat_name(seat), n=skip + 1),
            part=skip + 1,
        )
    push(state, seat, *[{"k": "loss_part", "i": i} for i in range(len(parts)) if i != skip])


def loss_part(state: State, seat: int, task: dict, events: list[Event]) -> None:
    alts = LOSS_CARDS[state["loss"]][task["i"]]
    if len(alts) > 1:
        push(state, seat, {"k": "loss_alt", "i": task["i"]})  # PLG-R143
    else:
        push(state, seat, {"k": "loss_do", "alt": plain(alts[0])})


def alt_decide(state: State, seat: int, task: dict):
    alts = LOSS_CARDS[state["loss"]][task["i"]]
    opts = [Option(f"alt:{j + 1}", alt_text(a)) for j, a in enumerate(alts)]
    return "loss_alt", _which_loss(state, seat, task["i"]), opts


def _which_loss(state: State, seat: int, part: int) -> Msg:
    """The loss question, naming the round's plague and which part of its loss card."""
    if not state["plague"]:
        return msg("{seat}: which loss do you suffer?", seat=seat_name(seat))
    return msg(
        "{seat}: loss card of the {plague} round, loss {part} of {parts}: which one do you suffer?",
        seat=seat_name(seat),
        plague=PLAGUES[state["plague"]][0],
        part=part + 1,
        parts=len(LOSS_CARDS[state["loss"]]),
    )


def alt_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    alt = LOSS_CARDS[state["loss"]][task["i"]][int(option.split(":")[1]) - 1]
    push(state, seat, {"k": "loss_do", "alt": plain(alt)})


def loss_do(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """PLG-R144..PLG-R152: one loss; impossible losses do nothing."""
    kind, arg = task["alt"]
    if kind == "boat":
        advance(state, seat, "boat", -arg, events)
    elif kind == "dev":
        advance(state, seat, arg, -1, events)
    elif kind == "province":
        advance(state, seat, "province", -arg, events)
    elif kind == "both":
        push(state, seat, *[{"k": "loss_do", "alt": ["one_of", [t]]} for t in arg])
    else:
        types = ("egyptian",) if kind == "egyptian" else tuple(arg)
        cells = [c for c, t in state["players"][seat]["cells"].items() if t in types]
        if not cells:
            _ev(
                events,
                seat,
                "no_loss",
                msg("{seat} has no such tile: the loss does nothing.", seat=seat_name(seat)),
            )
        elif len(cells) == 1:
            tile = remove_tile(state, seat, cells[0], events)
            push(state, seat, {"k": "slot", "tile": tile})
        else:
            push(state, seat, {"k": "remove", "cells": cells})


# --- after the losses: other uses (PLG-R048) ------------------------------------------------
def uses_decide(state: State, seat: int, task: dict):
    opts = extras(state, seat, "uses") + [Option("done", term("Done"))]
    return (
        "use_card",
        msg("{seat}: use a card or a Pharaoh tile before the round ends?", seat=seat_name(seat)),
        opts,
    )


def uses_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if option != "done":
        apply_extra(state, seat, option, task, events)
