"""Phase 1, dice (PLG-R050..PLG-R116): 3 turns each; a turn turns a die card, then one
action with its value. Choice tasks: ``turn`` (die), ``abydos``, ``action``, ``swap``,
``card1``, ``edfu_keep``.
"""

from __future__ import annotations

from rules.core import Event, Option
from rules.plagues.board import advance, free_hebrew, push, take_from_space
from rules.plagues.data import EDFU_DRAW, FLIES_CARDS, PHARAOH_CARDS
from rules.plagues.die_actions import action_options, swaps
from rules.plagues.state import (
    State,
    a_tile,
    can_receive,
    coin_sources,
    pay_one_coin,
    plague_on,
    rng_shuffle,
    seat_name,
    source_text,
    tile_name,
    unused_dice,
)
from rules.plagues.uses import apply_extra, extras, recover, use_card
from rules.text import Msg, msg, term


def _ev(events: list[Event], seat: int, kind: str, text: Msg, **data) -> None:
    """An event about ``seat``: ``text`` names the seat as ``{seat}``."""
    events.append(Event(kind, text, data, seat=seat))


# --- the die card ---------------------------------------------------------------------
def turn_decide(state: State, seat: int, task: dict):
    opts = [
        Option(f"die:{v}", msg("Turn die card {value}", value=v)) for v in unused_dice(state, seat)
    ]
    opts += extras(state, seat, "turn")
    return "die", msg("{seat}: turn one of your unused die cards.", seat=seat_name(seat)), opts


def turn_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if not option.startswith("die:"):
        apply_extra(state, seat, option, task, events)
        return
    value = int(option.split(":")[1])
    player = state["players"][seat]
    player["dice_used"].append(value)  # PLG-R050 / PLG-R052
    _ev(
        events,
        seat,
        "die",
        msg("{seat} turns die card {value}.", seat=seat_name(seat), value=value),
        value=value,
    )
    first = (
        {"k": "abydos", "v": value}
        if player["province"] == "abydos" and not player["power_used"]
        else {"k": "action", "v": value}
    )
    # PLG-R047: after the action and all it triggers, a last window before the turn ends.
    push(state, seat, first, {"k": "turn_end", "ctx": "turn_end"})


def abydos_decide(state: State, seat: int, task: dict):
    """PLG-R218: change the die by 1 or 2, within 1..6, once per round."""
    value = task["v"]
    opts = [Option("abydos:keep", msg("Keep the value {value}", value=value))]
    opts += [
        Option(f"abydos:{v}", msg("Abydos: use it as a {value}", value=v))
        for v in (value - 2, value - 1, value + 1, value + 2)
        if 1 <= v <= 6
    ]
    return "abydos", msg("{seat}: use the Abydos power on this die?", seat=seat_name(seat)), opts


def abydos_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    choice_ = option.split(":")[1]
    value = task["v"]
    if choice_ != "keep":
        value = int(choice_)
        state["players"][seat]["power_used"] = True
        _ev(
            events,
            seat,
            "abydos",
            msg(
                "{seat} uses Abydos: the die counts as {value}.", seat=seat_name(seat), value=value
            ),
            value=value,
        )
    push(state, seat, {"k": "action", "v": value})


# --- the action -----------------------------------------------------------------------
def action_decide(state: State, seat: int, task: dict):
    opts = action_options(state, seat, task["v"])
    opts[-1:-1] = extras(state, seat, "action", task["v"])  # PLG-R047, before "pass"
    return (
        "action",
        msg(
            "{seat}: choose the action for your die of value {value}.",
            seat=seat_name(seat),
            value=task["v"],
        ),
        opts,
    )


def take_pharaoh(state: State, seat: int, n: int, events: list[Event]) -> None:
    """PLG-R090..PLG-R095."""
    state["pharaoh"][n - 1] = seat
    player = state["players"][seat]
    _ev(
        events,
        seat,
        "pharaoh",
        msg(
            "{seat} takes pharaoh card {n} ({effect}).",
            seat=seat_name(seat),
            n=n,
            effect=PHARAOH_CARDS[n][1],
        ),
        n=n,
    )
    if n in FLIES_CARDS and plague_on(state, seat, "flies"):
        player["kept"].remove("coin")
        state["removed"].append("coin")
        _ev(events, seat, "flies", msg("{seat} pays a coin tile (Flies).", seat=seat_name(seat)))
    if n == 1:
        push(state, seat, {"k": "card1"})
    elif n == 4:
        advance(state, seat, "province", 3, events)
    elif n == 6:
        advance(state, seat, "boat", 2, events)


def action_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    value = task["v"]
    if option.startswith("token:") or (
        option.startswith("card:") and option not in ("card:sa_die_as_six", "card:sa_swap_tiles")
    ):
        apply_extra(state, seat, option, task, events)  # PLG-R047
        return
    if option == "tile":
        tile = take_from_space(state, value)
        _ev(
            events,
            seat,
            "take",
            msg(
                "{seat} takes the {tile} from space {space}.",
                seat=seat_name(seat),
                tile=tile_name(tile),
                space=value,
            ),
            tile=tile,
            space=value,
        )
        push(state, seat, {"k": "recv", "tile": tile})
    elif option == "pharaoh":
        take_pharaoh(state, seat, value, events)
    elif option == "card:sa_die_as_six":  # PLG-R243
        use_card(state, seat, "sa_die_as_six")
        take_pharaoh(state, seat, 6, events)
    elif option == "card:sa_swap_tiles":  # PLG-R245: swap, then the die collects the tile
        use_card(state, seat, "sa_swap_tiles")
        push(state, seat, {"k": "swap", "v": value})
    elif option.startswith("hebrew:"):
        free_hebrew(state, seat, int(option.split(":")[1]), events)
    elif option.startswith("recover:"):
        recover(state, seat, option.split(":")[1], events)
    elif option == "edfu":
        edfu_draw(state, seat, events)
    else:
        _ev(events, seat, "pass", msg("{seat} does nothing with the die.", seat=seat_name(seat)))


def swap_decide(state: State, seat: int, task: dict):
    value = task["v"]
    spaces = state["dice_spaces"]
    opts = []
    for a, b in swaps(state, seat, value):
        tile = spaces[b - 1] if a == value else spaces[a - 1] if b == value else spaces[value - 1]
        opts.append(
            Option(
                f"swap:{a}:{b}",
                msg(
                    "Swap spaces {a} and {b}, then take the {tile}", a=a, b=b, tile=tile_name(tile)
                ),
            )
        )
    return (
        "swap",
        msg(
            "{seat}: swap two tiles on the dice spaces; your die {value} then takes "
            "the tile on space {value}.",
            seat=seat_name(seat),
            value=value,
        ),
        opts,
    )


def swap_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    _, a, b = option.split(":")
    spaces = state["dice_spaces"]
    i, j = int(a) - 1, int(b) - 1
    spaces[i], spaces[j] = spaces[j], spaces[i]
    _ev(
        events,
        seat,
        "swap",
        msg("{seat} swaps the tiles on spaces {a} and {b}.", seat=seat_name(seat), a=a, b=b),
    )
    action_answer(state, seat, {"k": "action", "v": task["v"]}, "tile", events)


def card1_decide(state: State, seat: int, task: dict):
    """PLG-R090: +1 on a track, or pay 1 coin for +2 on one track or +1 on each."""
    opts = [
        Option("track:city", term("City development +1")),
        Option("track:field", term("Field development +1")),
    ]
    sources = coin_sources(state, seat)
    for src in sources:
        tail = f":{src}" if len(sources) > 1 else ""  # the source is named when there are 2
        paid = source_text(src)
        opts += [
            Option(f"pay:city{tail}", msg("Pay {paid}: city development +2", paid=paid)),
            Option(f"pay:field{tail}", msg("Pay {paid}: field development +2", paid=paid)),
            Option(f"pay:split{tail}", msg("Pay {paid}: both developments +1", paid=paid)),
        ]
    return (
        "pharaoh",
        msg("{seat}: pharaoh card 1 — choose your development.", seat=seat_name(seat)),
        opts,
    )


def card1_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    kind, track, *source = option.split(":")
    if kind == "track":
        advance(state, seat, track, 1, events)
        return
    paid = pay_one_coin(state, seat, source[0] if source else None)
    _ev(
        events,
        seat,
        "pay",
        msg("{seat} pays {paid} for the double development.", seat=seat_name(seat), paid=paid),
    )
    if track == "split":
        advance(state, seat, "city", 1, events)
        advance(state, seat, "field", 1, events)
    else:
        advance(state, seat, track, 2, events)


# --- Edfu (PLG-R223, PLG-R224) -----------------------------------------------------------
def edfu_draw(state: State, seat: int, events: list[Event]) -> None:
    player = state["players"][seat]
    player["power_used"] = True
    drawn = [state["reserve"].pop() for _ in range(min(EDFU_DRAW, len(state["reserve"])))]
    events.append(
        Event(
            "edfu_draw",
            msg(
                "{seat} draws: {tiles}.", seat=seat_name(seat), tiles=[tile_name(t) for t in drawn]
            ),
            {"tiles": drawn},
            seat=seat,
            private_to=seat,
        )
    )
    _ev(
        events,
        seat,
        "edfu",
        msg(
            "{seat} uses Edfu and draws {n} {n:plural:tile|tiles}.",
            seat=seat_name(seat),
            n=len(drawn),
        ),
    )
    if not any(can_receive(player, t) for t in drawn):
        state["reserve"].extend(drawn)
        rng_shuffle(state, state["reserve"])
        _ev(
            events,
            seat,
            "edfu_none",
            msg("{seat} can receive none of them; they go back.", seat=seat_name(seat)),
        )
        return
    player["drawn_tiles"] = drawn
    push(state, seat, {"k": "edfu_keep"})


def edfu_decide(state: State, seat: int, task: dict):
    player = state["players"][seat]
    kinds = sorted({t for t in player["drawn_tiles"] if can_receive(player, t)})
    opts = [Option(f"keep:{t}", msg("Keep the {tile}", tile=tile_name(t))) for t in kinds]
    return "edfu_keep", msg("{seat}: keep one of the tiles you drew.", seat=seat_name(seat)), opts


def edfu_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    player = state["players"][seat]
    tile = option.split(":")[1]
    drawn = player["drawn_tiles"]
    drawn.remove(tile)
    state["reserve"].extend(drawn)
    player["drawn_tiles"] = []
    rng_shuffle(state, state["reserve"])
    _ev(
        events,
        seat,
        "edfu_keep",
        msg(
            "{seat} keeps {tile}; the rest is shuffled back.",
            seat=seat_name(seat),
            tile=a_tile(tile),
        ),
        tile=tile,
    )
    push(state, seat, {"k": "recv", "tile": tile})
