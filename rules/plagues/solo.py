"""The solo AI seat (PLG-R265..PLG-R305): driven by its die row, the rules and the seeded RNG,
never by ai_choice. Its choice tasks resolve here; only a development tie asks seat 0.
"""

from __future__ import annotations

from rules.core import Event, Option
from rules.plagues.board import advance, free_hebrew, place_tile, push, take_from_space
from rules.plagues.data import (
    AI_ACTION,
    AI_TERRITORY_ORDER,
    BONUS_EDGES,
    CELLS,
    CITY_CELLS,
    TERRITORIES,
)
from rules.plagues.state import State, empty_cells, pharaoh_free, seat_name, tile_name
from rules.text import Msg, msg, term


def _ev(events: list[Event], seat: int, kind: str, text: Msg, **data) -> None:
    """An event about the AI seat: ``text`` names it as ``The AI ({seat})``."""
    events.append(Event(kind, text, data, seat=seat))


def _cards_text(seat: int, action: str, card: int, value: int) -> Msg:
    name = seat_name(seat)
    if action == "pharaoh":
        return msg(
            "The AI ({seat}) reveals {card} (action: pharaoh) and {value}.",
            seat=name,
            card=card,
            value=value,
        )
    if action == "tile":
        return msg(
            "The AI ({seat}) reveals {card} (action: tile) and {value}.",
            seat=name,
            card=card,
            value=value,
        )
    return msg(
        "The AI ({seat}) reveals {card} (action: hebrew) and {value}.",
        seat=name,
        card=card,
        value=value,
    )


def ai_turn(state: State, seat: int, events: list[Event]) -> None:
    """PLG-R273..PLG-R278, PLG-R284: action card then value card."""
    row, pos = state["ai_row"], state["ai_pos"]
    action_card, value = row[pos], row[pos + 1]
    state["ai_pos"] = pos + 2
    action = AI_ACTION[action_card]
    _ev(
        events,
        seat,
        "ai_cards",
        _cards_text(seat, action, action_card, value),
        action_card=action_card,
        value=value,
        action=action,
    )
    if action == "pharaoh":
        if not pharaoh_free(state, value):
            _ev(
                events,
                seat,
                "ai_lost",
                msg(
                    "The AI ({seat}) loses the action: pharaoh card {n} is taken.",
                    seat=seat_name(seat),
                    n=value,
                ),
            )
            return
        state["pharaoh"][value - 1] = seat
        _ev(
            events,
            seat,
            "pharaoh",
            msg("The AI ({seat}) takes pharaoh card {n}.", seat=seat_name(seat), n=value),
            n=value,
        )
        if value == 1:  # PLG-R277
            push(state, seat, {"k": "ai_dev1"})
        elif value == 4:
            advance(state, seat, "province", 3, events)
        elif value == 6:
            advance(state, seat, "boat", 2, events)
    elif action == "tile":
        if state["dice_spaces"][value - 1] is None:
            _ev(
                events,
                seat,
                "ai_lost",
                msg(
                    "The AI ({seat}) loses the action: space {space} is empty.",
                    seat=seat_name(seat),
                    space=value,
                ),
            )
            return
        tile = take_from_space(state, value)
        _ev(
            events,
            seat,
            "take",
            msg(
                "The AI ({seat}) takes the {tile} from space {space}.",
                seat=seat_name(seat),
                tile=tile_name(tile),
                space=value,
            ),
            tile=tile,
        )
        push(state, seat, {"k": "recv", "tile": tile})
    else:
        if not state["hebrews"]:
            _ev(
                events,
                seat,
                "ai_lost",
                msg("The AI ({seat}) loses the action: no Hebrew is left.", seat=seat_name(seat)),
            )
            return
        free_hebrew(state, seat, max(state["hebrews"]), events)


def ai_take_any_tile(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """PLG-R286: 'take any tile' takes the tile on dice space 1."""
    if state["dice_spaces"][0] is None:
        return
    tile = take_from_space(state, 1)
    _ev(
        events,
        seat,
        "take",
        msg(
            "The AI ({seat}) takes the {tile} from space {space}.",
            seat=seat_name(seat),
            tile=tile_name(tile),
            space=1,
        ),
        tile=tile,
    )
    push(state, seat, {"k": "recv", "tile": tile})


def placement_key(state: State, seat: int, cell: str) -> tuple:
    """PLG-R281 and solo.placement_priority."""
    cells = state["players"][seat]["cells"]
    dev_on = sol_on = dev_near = sol_near = 0
    for a, b, kind in BONUS_EDGES:
        if cell not in (a, b):
            continue
        other = b if cell == a else a
        filled = cells[other] is not None
        if kind in ("dev_city", "dev_field"):
            dev_on += filled
            dev_near += not filled
        elif kind == "soldiers":
            sol_on += filled
            sol_near += not filled
    return (-dev_on, -sol_on, -dev_near, -sol_near, cell not in CITY_CELLS, CELLS.index(cell))


def ai_place(state: State, seat: int, task: dict, events: list[Event]) -> None:
    cells = empty_cells(state["players"][seat], task["tile"])
    best = min(cells, key=lambda c: placement_key(state, seat, c))
    place_tile(state, seat, best, task["tile"], events)


def ai_dev(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """PLG-R282: '+2' = two single steps, each on the track further behind."""
    push(state, seat, *[{"k": "ai_dev1"} for _ in range(task["n"])])


def ai_dev1(state: State, seat: int, task: dict, events: list[Event]) -> None:
    city, field = state["players"][seat]["dev"]
    if city == field:
        push(state, seat, {"k": "ai_tie", "by": 0})
        return
    advance(state, seat, "city" if city < field else "field", 1, events)


def tie_decide(state: State, seat: int, task: dict):
    opts = [
        Option("track:city", term("The AI's city development +1")),
        Option("track:field", term("The AI's field development +1")),
    ]
    return "ai_track_tie", msg("The AI's development tracks are tied: which one advances?"), opts


def tie_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    advance(state, seat, option.split(":")[1], 1, events)


def ai_pick(state: State, seat: int, events: list[Event]) -> None:
    """PLG-R290 / PLG-R291: scoring, else trade, else immediate; never a special action."""
    from rules.plagues.territories import gain_territory

    for category in AI_TERRITORY_ORDER:
        for cid in state["territories"]:
            if TERRITORIES[cid]["cat"] == category:
                state["territories"].remove(cid)
                gain_territory(state, seat, cid, events)
                return
    _ev(
        events,
        seat,
        "no_pick",
        msg("The AI ({seat}) takes no territory card.", seat=seat_name(seat)),
    )
