"""Phase 2, soldiers and territories (PLG-R117..PLG-R125, PLG-R220, PLG-R226..PLG-R241).

Choice tasks: ``soldiers`` (simultaneous, PLG-R048 / PLG-R118), ``pick``, ``buto``,
``buto_keep``.
"""

from __future__ import annotations

from rules.core import Event, Option
from rules.plagues.board import advance, push
from rules.plagues.data import BUTO_DRAW, TERRITORIES
from rules.plagues.state import (
    State,
    plague_on,
    seat_name,
    soldiers,
    tiles_on_board,
)
from rules.plagues.uses import apply_extra, extras
from rules.text import Msg, msg, term


def _ev(events: list[Event], seat: int, kind: str, text: Msg, **data) -> None:
    """An event about ``seat``: ``text`` names the seat as ``{seat}``."""
    events.append(Event(kind, text, data, seat=seat))


def _quoted(cards: list[str]) -> list[Msg]:
    """Card names in quotes, for a list of cards (their names have commas and colons)."""
    return [msg("“{card}”", card=TERRITORIES[c]["name"]) for c in cards]


def soldiers_decide(state: State, seat: int, task: dict):
    opts = extras(state, seat, "soldiers") + [Option("done", term("Done"))]
    return (
        "sa_soldiers",
        msg("{seat}: anything to use before the soldiers count?", seat=seat_name(seat)),
        opts,
    )


def soldiers_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if option != "done":
        apply_extra(state, seat, option, task, events)


def order_key(state: State, seat: int) -> tuple:
    """PLG-R119 / PLG-R120: soldiers, then province card, boat, tiles on board, Hebrews,
    then (RECON) the previous turn order."""
    player = state["players"][seat]
    return (
        -player["soldiers"],
        -player["pcard"],
        -player["nile"],
        -tiles_on_board(player),
        -len(player["hebrews"]),
        state["order"].index(seat),
    )


def set_turn_order(state: State, events: list[Event]) -> None:
    for seat in range(len(state["players"])):
        state["players"][seat]["soldiers"] = soldiers(state, seat)
    state["order"] = sorted(range(len(state["players"])), key=lambda s: order_key(state, s))
    counts = [state["players"][s]["soldiers"] for s in range(len(state["players"]))]
    played = [msg("{seat} {n}", seat=seat_name(s), n=n) for s, n in enumerate(counts)]
    order = [seat_name(s) for s in state["order"]]
    events.append(
        Event(
            "order",
            msg("Soldiers: {soldiers}. Turn order: {order}.", soldiers=played, order=order),
            {"order": list(state["order"]), "soldiers": counts},
        )
    )


def gain_territory(state: State, seat: int, cid: str, events: list[Event]) -> None:
    """PLG-R226: an immediate bonus applies and is discarded; other cards are kept."""
    card = TERRITORIES[cid]
    _ev(
        events,
        seat,
        "territory",
        msg("{seat} takes {card}.", seat=seat_name(seat), card=card["name"]),
        card=cid,
    )
    if card["cat"] != "immediate":
        state["players"][seat]["terr"].append({"id": cid, "used": False})
        return
    state["territory_discard"].append(cid)
    if cid == "ib_dev_city":
        advance(state, seat, "city", 1, events)  # PLG-R235
    elif cid == "ib_dev_field":
        advance(state, seat, "field", 1, events)  # PLG-R236
    elif cid == "ib_dev_both":
        advance(state, seat, "city", 1, events)  # PLG-R237
        advance(state, seat, "field", 1, events)
    elif cid.startswith("ib_province_"):
        advance(state, seat, "province", int(cid[-1]), events)  # PLG-R238 / PLG-R239
    elif cid.startswith("ib_nile_"):
        advance(state, seat, "boat", int(cid[-1]), events)  # PLG-R240 / PLG-R241


def darkness_blocks(state: State, seat: int) -> bool:
    """PLG-R177 / PLG-R178 / PLG-R293."""
    return plague_on(state, seat, "darkness")


def pick_decide(state: State, seat: int, task: dict):
    opts = [Option(f"pick:{cid}", TERRITORIES[cid]["name"]) for cid in state["territories"]]
    opts += extras(state, seat, "pick")
    return "pick_territory", msg("{seat}: take one territory card.", seat=seat_name(seat)), opts


def pick_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if not option.startswith("pick:"):
        apply_extra(state, seat, option, task, events)
        return
    cid = option.split(":", 1)[1]
    state["territories"].remove(cid)
    # PLG-R047: the pick is the seat's turn; a last window once the card is taken (a special
    # action card just taken may be used at once).
    push(state, seat, {"k": "turn_end", "ctx": "pick_end"})
    if state["players"][seat]["province"] == "buto" and state["territory_deck"]:
        push(state, seat, {"k": "buto", "card": cid})  # PLG-R221
        return
    gain_territory(state, seat, cid, events)


def buto_decide(state: State, seat: int, task: dict):
    opts = [
        Option("buto:draw", term("Buto: draw 2 more cards and keep one of the 3")),
        Option("buto:no", term("Keep this card")),
    ]
    return "buto", msg("{seat}: use the Buto power?", seat=seat_name(seat)), opts


def buto_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    player = state["players"][seat]
    if option == "buto:no":
        gain_territory(state, seat, task["card"], events)
        return
    deck = state["territory_deck"]
    drawn = [deck.pop() for _ in range(min(BUTO_DRAW, len(deck)))]
    player["drawn_cards"] = [task["card"]] + drawn
    events.append(
        Event(
            "buto_draw",
            msg("{seat} draws {cards}.", seat=seat_name(seat), cards=_quoted(drawn)),
            {"cards": drawn},
            seat=seat,
            private_to=seat,
        )
    )
    _ev(
        events,
        seat,
        "buto",
        msg(
            "{seat} uses Buto and draws {n} {n:plural:card|cards}.",
            seat=seat_name(seat),
            n=len(drawn),
        ),
    )
    push(state, seat, {"k": "buto_keep"})


def buto_keep_decide(state: State, seat: int, task: dict):
    cards = state["players"][seat]["drawn_cards"]
    opts = [Option(f"keep:{c}", TERRITORIES[c]["name"]) for c in dict.fromkeys(cards)]
    return "buto_keep", msg("{seat}: keep one of the 3 cards.", seat=seat_name(seat)), opts


def buto_keep_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    """PLG-R220: the other 2 go under the deck; with 2 the player chooses their order."""
    cid = option.split(":", 1)[1]
    others = [c for c in state["players"][seat]["drawn_cards"] if c != cid]
    if len(others) == 2:
        push(state, seat, {"k": "buto_order", "keep": cid})
        return
    _buto_bottom(state, seat, cid, others, events)


def _buto_bottom(state: State, seat: int, cid: str, cards: list[str], events: list[Event]) -> None:
    """``cards`` go under the deck, the last one at the very bottom; then ``cid`` is gained."""
    player = state["players"][seat]
    for card in cards:
        state["territory_deck"].insert(0, card)
    player["buto_bottom"] = player["buto_bottom"] + cards
    events.append(
        Event(
            "buto_bottom",
            msg("{seat} puts {cards} under the deck.", seat=seat_name(seat), cards=_quoted(cards)),
            {"cards": list(cards)},
            seat=seat,
            private_to=seat,
        )
    )
    player["drawn_cards"] = []
    gain_territory(state, seat, cid, events)


def buto_order_decide(state: State, seat: int, task: dict):
    """ "devolve as outras duas no fundo da pilha": the player puts them, so he orders them."""
    others = [c for c in state["players"][seat]["drawn_cards"] if c != task["keep"]]
    opts = [
        Option(f"bottom:{c}", msg("{card} at the very bottom (drawn last)", card=_quoted([c])[0]))
        for c in others
    ]
    return (
        "buto_order",
        msg("{seat}: which card goes to the very bottom of the deck?", seat=seat_name(seat)),
        opts,
    )


def buto_order_answer(
    state: State, seat: int, task: dict, option: str, events: list[Event]
) -> None:
    last = option.split(":", 1)[1]
    others = [c for c in state["players"][seat]["drawn_cards"] if c not in (task["keep"], last)]
    _buto_bottom(state, seat, task["keep"], others + [last], events)
