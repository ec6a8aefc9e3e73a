"""Phase 1, dice (PLG-R050..PLG-R116): 3 turns each; a turn turns a die card, then one
action with its value. Choice tasks: ``turn`` (die), ``abydos``, ``action``, ``swap``,
``card1``, ``edfu_keep``.
"""

from __future__ import annotations

from rules.core import Event, Option
from rules.plagues.board import advance, free_hebrew, push, take_from_space
from rules.plagues.data import DISCARD_DICE, EDFU_DIE, EDFU_DRAW, FLIES_CARDS, PHARAOH_CARDS
from rules.plagues.state import (
    State,
    a_tile,
    ankh_symbols,
    bonus_active,
    can_receive,
    coin_payable,
    pay_one_coin,
    plague_on,
    rng_shuffle,
    seat_name,
    tile_name,
    unused_dice,
)
from rules.plagues.tasks import choice
from rules.plagues.uses import apply_extra, extras, recover, special_ready, use_card


def _ev(events: list[Event], seat: int, kind: str, text: str, **data) -> None:
    events.append(Event(kind, f"{seat_name(seat)} {text}", data, seat=seat))


# --- the die card ---------------------------------------------------------------------
def _turn_decide(state: State, seat: int, task: dict):
    opts = [Option(f"die:{v}", f"Turn die card {v}") for v in unused_dice(state, seat)]
    opts += extras(state, seat, "turn")
    return "die", f"{seat_name(seat)}: turn one of your unused die cards.", opts


def _turn_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if not option.startswith("die:"):
        apply_extra(state, seat, option, task, events)
        return
    value = int(option.split(":")[1])
    player = state["players"][seat]
    player["dice_used"].append(value)   # PLG-R050 / PLG-R052
    _ev(events, seat, "die", f"turns die card {value}.", value=value)
    if player["province"] == "abydos" and not player["power_used"]:
        push(state, seat, {"k": "abydos", "v": value})
    else:
        push(state, seat, {"k": "action", "v": value})


def _abydos_decide(state: State, seat: int, task: dict):
    """PLG-R218: change the die by 1 or 2, within 1..6, once per round."""
    value = task["v"]
    opts = [Option("abydos:keep", f"Keep the value {value}")]
    opts += [Option(f"abydos:{v}", f"Abydos: use it as a {v}")
             for v in (value - 2, value - 1, value + 1, value + 2) if 1 <= v <= 6]
    return "abydos", f"{seat_name(seat)}: use the Abydos power on this die?", opts


def _abydos_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    choice_ = option.split(":")[1]
    value = task["v"]
    if choice_ != "keep":
        value = int(choice_)
        state["players"][seat]["power_used"] = True
        _ev(events, seat, "abydos", f"uses Abydos: the die counts as {value}.", value=value)
    push(state, seat, {"k": "action", "v": value})


choice("turn", _turn_decide, _turn_answer)
choice("abydos", _abydos_decide, _abydos_answer)


# --- the action -----------------------------------------------------------------------
def hebrew_need(state: State, seat: int, value: int) -> int:
    """PLG-R098 / PLG-R099 / PLG-R173: die >= 2v, or >= v with the hebrew bonus."""
    if bonus_active(state["players"][seat], "hebrew") and not plague_on(state, seat, "lice"):
        return value
    return 2 * value


def pharaoh_takeable(state: State, seat: int, n: int) -> bool:
    """PLG-R088 / PLG-R172: free this round; under Flies cards 1/2/4/5/6 need a coin tile."""
    if state["pharaoh"][n - 1] is not None:
        return False
    if n in FLIES_CARDS and plague_on(state, seat, "flies"):
        return "coin" in state["players"][seat]["kept"]
    return True


def action_options(state: State, seat: int, value: int) -> list[Option]:
    player = state["players"][seat]
    opts: list[Option] = []
    tile = state["dice_spaces"][value - 1]
    if tile is not None and can_receive(player, tile):
        opts.append(Option("tile", f"Take the {tile_name(tile)} on space {value}"))
    if pharaoh_takeable(state, seat, value):
        opts.append(Option("pharaoh", f"Take pharaoh card {value}"))
    for hv in sorted(set(state["hebrews"])):
        if value >= hebrew_need(state, seat, hv):
            opts.append(Option(f"hebrew:{hv}", f"Free a Hebrew of value {hv}"))
    for slot, dice in DISCARD_DICE.items():
        lost = player["discard"][slot]
        if value in dice and lost is not None and can_receive(player, lost):
            opts.append(Option(f"recover:{slot}", f"Recover the {tile_name(lost)} ({slot})"))
    if (player["province"] == "edfu" and not player["power_used"] and value == EDFU_DIE
            and state["reserve"]):
        opts.append(Option("edfu", "Edfu: draw 6 tiles from the reserve and keep one"))
    for card in player["terr"]:
        if not special_ready(state, seat, card):
            continue
        if card["id"] == "sa_die_as_six" and value in (4, 5) and pharaoh_takeable(state, seat, 6):
            opts.append(Option("card:sa_die_as_six", "Special action: take pharaoh card 6"))
        if (card["id"] == "sa_swap_tiles" and sum(1 for t in state["dice_spaces"] if t) >= 2
                and ankh_symbols(state, seat) >= 1):
            opts.append(Option("card:sa_swap_tiles", "Special action: swap two tiles first"))
    opts.append(Option("pass", "Do nothing with this die"))   # PLG-R055
    return opts


def _action_decide(state: State, seat: int, task: dict):
    return ("action", f"{seat_name(seat)}: choose the action for your die of value {task['v']}.",
            action_options(state, seat, task["v"]))


def take_pharaoh(state: State, seat: int, n: int, events: list[Event]) -> None:
    """PLG-R090..PLG-R095."""
    state["pharaoh"][n - 1] = seat
    player = state["players"][seat]
    _ev(events, seat, "pharaoh", f"takes pharaoh card {n} ({PHARAOH_CARDS[n][1]}).", n=n)
    if n in FLIES_CARDS and plague_on(state, seat, "flies"):
        player["kept"].remove("coin")
        state["removed"].append("coin")
        _ev(events, seat, "flies", "pays a coin tile (Flies).")
    if n == 1:
        push(state, seat, {"k": "card1"})
    elif n == 4:
        advance(state, seat, "province", 3, events)
    elif n == 6:
        advance(state, seat, "boat", 2, events)


def _action_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    value = task["v"]
    if option == "tile":
        tile = take_from_space(state, value)
        _ev(events, seat, "take", f"takes the {tile_name(tile)} from space {value}.",
            tile=tile, space=value)
        push(state, seat, {"k": "recv", "tile": tile})
    elif option == "pharaoh":
        take_pharaoh(state, seat, value, events)
    elif option == "card:sa_die_as_six":   # PLG-R243
        use_card(state, seat, "sa_die_as_six")
        take_pharaoh(state, seat, 6, events)
    elif option == "card:sa_swap_tiles":   # PLG-R245
        use_card(state, seat, "sa_swap_tiles")
        push(state, seat, {"k": "action", "v": value})
        push(state, seat, {"k": "swap"})
    elif option.startswith("hebrew:"):
        free_hebrew(state, seat, int(option.split(":")[1]), events)
    elif option.startswith("recover:"):
        recover(state, seat, option.split(":")[1], events)
    elif option == "edfu":
        edfu_draw(state, seat, events)
    else:
        _ev(events, seat, "pass", "does nothing with the die.")


choice("action", _action_decide, _action_answer)


def _swap_decide(state: State, seat: int, task: dict):
    spaces = [i + 1 for i, t in enumerate(state["dice_spaces"]) if t]
    opts = [Option(f"swap:{a}:{b}", f"Swap spaces {a} and {b}")
            for i, a in enumerate(spaces) for b in spaces[i + 1:]]
    return "swap", f"{seat_name(seat)}: swap two tiles on the dice spaces.", opts


def _swap_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    _, a, b = option.split(":")
    spaces = state["dice_spaces"]
    i, j = int(a) - 1, int(b) - 1
    spaces[i], spaces[j] = spaces[j], spaces[i]
    _ev(events, seat, "swap", f"swaps the tiles on spaces {a} and {b}.")


choice("swap", _swap_decide, _swap_answer)


def _card1_decide(state: State, seat: int, task: dict):
    """PLG-R090: +1 on a track, or pay 1 coin for +2 on one track or +1 on each."""
    opts = [Option("track:city", "City development +1"),
            Option("track:field", "Field development +1")]
    if coin_payable(state, seat):
        opts += [Option("pay:city", "Pay 1 coin: city development +2"),
                 Option("pay:field", "Pay 1 coin: field development +2"),
                 Option("pay:split", "Pay 1 coin: both developments +1")]
    return "pharaoh", f"{seat_name(seat)}: pharaoh card 1 — choose your development.", opts


def _card1_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    kind, track = option.split(":")
    if kind == "track":
        advance(state, seat, track, 1, events)
        return
    paid = pay_one_coin(state, seat)
    _ev(events, seat, "pay", f"pays {paid} for the double development.")
    if track == "split":
        advance(state, seat, "city", 1, events)
        advance(state, seat, "field", 1, events)
    else:
        advance(state, seat, track, 2, events)


choice("card1", _card1_decide, _card1_answer)


# --- Edfu (PLG-R223, PLG-R224) -----------------------------------------------------------
def edfu_draw(state: State, seat: int, events: list[Event]) -> None:
    player = state["players"][seat]
    player["power_used"] = True
    drawn = [state["reserve"].pop() for _ in range(min(EDFU_DRAW, len(state["reserve"])))]
    events.append(Event("edfu_draw", f"{seat_name(seat)} draws: "
                        + ", ".join(tile_name(t) for t in drawn) + ".",
                        {"tiles": drawn}, seat=seat, private_to=seat))
    _ev(events, seat, "edfu", f"uses Edfu and draws {len(drawn)} tiles.")
    if not any(can_receive(player, t) for t in drawn):
        state["reserve"].extend(drawn)
        rng_shuffle(state, state["reserve"])
        _ev(events, seat, "edfu_none", "can receive none of them; they go back.")
        return
    player["drawn_tiles"] = drawn
    push(state, seat, {"k": "edfu_keep"})


def _edfu_decide(state: State, seat: int, task: dict):
    player = state["players"][seat]
    kinds = sorted({t for t in player["drawn_tiles"] if can_receive(player, t)})
    opts = [Option(f"keep:{t}", f"Keep the {tile_name(t)}") for t in kinds]
    return "edfu_keep", f"{seat_name(seat)}: keep one of the tiles you drew.", opts


def _edfu_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    player = state["players"][seat]
    tile = option.split(":")[1]
    drawn = player["drawn_tiles"]
    drawn.remove(tile)
    state["reserve"].extend(drawn)
    player["drawn_tiles"] = []
    rng_shuffle(state, state["reserve"])
    _ev(events, seat, "edfu_keep", f"keeps {a_tile(tile)}; the rest is shuffled back.",
        tile=tile)
    push(state, seat, {"k": "recv", "tile": tile})


choice("edfu_keep", _edfu_decide, _edfu_answer)
