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
from rules.plagues.tasks import choice
from rules.plagues.uses import apply_extra, extras


def _ev(events: list[Event], seat: int, kind: str, text: str, **data) -> None:
    events.append(Event(kind, f"{seat_name(seat)} {text}", data, seat=seat))


def _soldiers_decide(state: State, seat: int, task: dict):
    opts = extras(state, seat, "soldiers") + [Option("done", "Done")]
    return "sa_soldiers", f"{seat_name(seat)}: anything to use before the soldiers count?", opts


def _soldiers_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if option != "done":
        apply_extra(state, seat, option, task, events)


choice("soldiers", _soldiers_decide, _soldiers_answer)


def order_key(state: State, seat: int) -> tuple:
    """PLG-R119 / PLG-R120: soldiers, then province card, boat, tiles on board, Hebrews,
    then (RECON) the previous turn order."""
    player = state["players"][seat]
    return (-player["soldiers"], -player["pcard"], -player["nile"], -tiles_on_board(player),
            -len(player["hebrews"]), state["order"].index(seat))


def set_turn_order(state: State, events: list[Event]) -> None:
    for seat in range(len(state["players"])):
        state["players"][seat]["soldiers"] = soldiers(state, seat)
    state["order"] = sorted(range(len(state["players"])), key=lambda s: order_key(state, s))
    counts = [state["players"][s]["soldiers"] for s in range(len(state["players"]))]
    played = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(counts))
    order = ", ".join(seat_name(s) for s in state["order"])
    events.append(Event("order", f"Soldiers: {played}. Turn order: {order}.",
                        {"order": list(state["order"]), "soldiers": counts}))


def gain_territory(state: State, seat: int, cid: str, events: list[Event]) -> None:
    """PLG-R226: an immediate bonus applies and is discarded; other cards are kept."""
    card = TERRITORIES[cid]
    _ev(events, seat, "territory", f"takes {card['name']}.", card=cid)
    if card["cat"] != "immediate":
        state["players"][seat]["terr"].append({"id": cid, "used": False})
        return
    state["territory_discard"].append(cid)
    if cid == "ib_dev_city":
        advance(state, seat, "city", 1, events)            # PLG-R235
    elif cid == "ib_dev_field":
        advance(state, seat, "field", 1, events)           # PLG-R236
    elif cid == "ib_dev_both":
        advance(state, seat, "city", 1, events)            # PLG-R237
        advance(state, seat, "field", 1, events)
    elif cid.startswith("ib_province_"):
        advance(state, seat, "province", int(cid[-1]), events)   # PLG-R238 / PLG-R239
    elif cid.startswith("ib_nile_"):
        advance(state, seat, "boat", int(cid[-1]), events)       # PLG-R240 / PLG-R241


def darkness_blocks(state: State, seat: int) -> bool:
    """PLG-R177 / PLG-R178 / PLG-R293."""
    return plague_on(state, seat, "darkness")


def _pick_decide(state: State, seat: int, task: dict):
    opts = [Option(f"pick:{cid}", TERRITORIES[cid]["name"]) for cid in state["territories"]]
    opts += extras(state, seat, "pick")
    return "pick_territory", f"{seat_name(seat)}: take one territory card.", opts


def _pick_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if not option.startswith("pick:"):
        apply_extra(state, seat, option, task, events)
        return
    cid = option.split(":", 1)[1]
    state["territories"].remove(cid)
    if state["players"][seat]["province"] == "buto" and state["territory_deck"]:
        push(state, seat, {"k": "buto", "card": cid})   # PLG-R221
        return
    gain_territory(state, seat, cid, events)


choice("pick", _pick_decide, _pick_answer)


def _buto_decide(state: State, seat: int, task: dict):
    opts = [Option("buto:draw", "Buto: draw 2 more cards and keep one of the 3"),
            Option("buto:no", "Keep this card")]
    return "buto", f"{seat_name(seat)}: use the Buto power?", opts


def _buto_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    player = state["players"][seat]
    if option == "buto:no":
        gain_territory(state, seat, task["card"], events)
        return
    deck = state["territory_deck"]
    drawn = [deck.pop() for _ in range(min(BUTO_DRAW, len(deck)))]
    player["drawn_cards"] = [task["card"]] + drawn
    events.append(Event("buto_draw", f"{seat_name(seat)} draws " + ", ".join(
        TERRITORIES[c]["name"] for c in drawn) + ".", {"cards": drawn}, seat=seat,
        private_to=seat))
    _ev(events, seat, "buto", f"uses Buto and draws {len(drawn)} cards.")
    push(state, seat, {"k": "buto_keep"})


def _buto_keep_decide(state: State, seat: int, task: dict):
    cards = state["players"][seat]["drawn_cards"]
    opts = [Option(f"keep:{c}", TERRITORIES[c]["name"]) for c in dict.fromkeys(cards)]
    return "buto_keep", f"{seat_name(seat)}: keep one of the 3 cards.", opts


def _buto_keep_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    """PLG-R220: the other 2 go under the deck, the table card first (RECON)."""
    player = state["players"][seat]
    cid = option.split(":", 1)[1]
    cards = player["drawn_cards"]
    cards.remove(cid)
    for card in cards:
        state["territory_deck"].insert(0, card)
    player["buto_bottom"] = player["buto_bottom"] + cards
    events.append(Event("buto_bottom", f"{seat_name(seat)} puts "
                        + ", ".join(TERRITORIES[c]["name"] for c in cards)
                        + " under the deck.", {"cards": list(cards)}, seat=seat,
                        private_to=seat))
    player["drawn_cards"] = []
    gain_territory(state, seat, cid, events)


choice("buto", _buto_decide, _buto_answer)
choice("buto_keep", _buto_keep_decide, _buto_keep_answer)
