"""A deterministic baseline for the multiplayer seats (not the solo AI: see solo.py).

It scores every option with rules of thumb (tribute needs first, then board bonuses, tracks
and Hebrews) and picks the best, the first on ties. Always one of the offered options."""

from __future__ import annotations

from rules.core import Decision
from rules.plagues.data import (
    BONUS_EDGES,
    LOSS_CARDS,
    NILE_COINS,
    PAPYRUS,
    TERRITORIES,
)
from rules.plagues.die_actions import action_options
from rules.plagues.state import (
    State,
    coin_payable,
    income,
    possessed_types,
    tile_type,
    tribute_due,
)

BOARD_VALUE = 5.0


def _coins_short(state: State, seat: int) -> int:
    """How many coins short the next tribute would be with what the seat holds now."""
    mode = "advanced" if state["advanced"] else "normal"
    due = PAPYRUS[mode]["tribute"][state["round"] - 1]
    if state["phase"] == "plague":
        due = tribute_due(state, seat)
    have = income(state, seat) + state["players"][seat]["kept"].count("coin")
    have += state["pharaoh"][2] == seat
    return max(0, due - have)


def _tile_value(state: State, seat: int, tile: str | None) -> float:
    if tile is None:
        return 0
    player = state["players"][seat]
    kind = tile_type(tile)
    short = _coins_short(state, seat)
    if kind == "coin":
        return 3 + 3 * min(short, 2)
    if kind == "boat":
        next_coin = any(player["nile"] + 1 == space for space in NILE_COINS)
        return 4.5 + 2 * next_coin
    if kind == "province":
        return 3 + int(tile[-1])
    if kind == "pharaoh":
        return 4.5
    return BOARD_VALUE + 0.5 * (kind == "egyptian")


def _placement(state: State, seat: int, cell: str) -> float:
    cells = state["players"][seat]["cells"]
    score = 0.0
    for a, b, kind in BONUS_EDGES:
        if cell in (a, b):
            other = b if cell == a else a
            if cells[other] is not None:
                score += {"dev_city": 3, "dev_field": 3, "coin": 3, "soldiers": 1.5, "hebrew": 2}[
                    kind
                ]
            else:
                score += 0.3
    return score


def _harm(state: State, seat: int, alt: list | tuple) -> float:
    kind, arg = alt
    player = state["players"][seat]
    if kind == "boat":
        lost_coin = any(player["nile"] - arg < space <= player["nile"] for space in NILE_COINS)
        return min(arg, player["nile"]) * 1.0 + 2 * lost_coin
    if kind == "dev":
        return 1.5 if player["dev"][0 if arg == "city" else 1] > 0 else 0
    if kind == "province":
        return min(3, player["pcard"]) * 0.7
    types = ("egyptian",) if kind == "egyptian" else tuple(arg)
    count = sum(1 for t in player["cells"].values() if t in types)
    if not count:
        return 0
    return 4.0 * (2 if kind == "both" and count > 1 else 1)


def _action_score(state: State, seat: int, value: int, option: str) -> float:
    if option == "tile":
        return _tile_value(state, seat, state["dice_spaces"][value - 1])
    if option in ("pharaoh", "card:sa_die_as_six"):
        n = 6 if option.endswith("six") else value
        short = _coins_short(state, seat)
        return {1: 3.0, 2: 2.0, 3: 2 + 3 * min(short, 1), 4: 4.5, 5: 3.0, 6: 4.5}[n]
    if option.startswith("hebrew:"):
        return 3 + 1.2 * int(option.split(":")[1])
    if option.startswith("recover:"):
        return BOARD_VALUE + 1
    if option == "edfu":
        return 6.5
    if option == "card:sa_swap_tiles":
        return 0.5
    return 0.0


def _score(state: State, decision: Decision, option: str) -> float:
    seat = decision.seat
    player = state["players"][seat]
    key = decision.key
    if key == "die":
        if not option.startswith("die:"):
            return _extra(state, seat, option)
        value = int(option.split(":")[1])
        best = max(
            _action_score(state, seat, value, o.id) for o in action_options(state, seat, value)
        )
        return best - 0.25 * value
    if key == "action":
        if option.startswith("token:") or (
            option.startswith("card:")
            and option not in ("card:sa_die_as_six", "card:sa_swap_tiles")
        ):
            return _extra(state, seat, option)
        value = state["stacks"][seat][-1]["v"] if state["stacks"][seat] else 1
        return _action_score(state, seat, value, option)
    if key == "abydos":
        if option == "abydos:keep":
            return 0.2
        return 0
    if key == "tile":
        return _tile_value(state, seat, state["dice_spaces"][int(option.split(":")[1]) - 1])
    if key in ("space", "loss_tile"):
        cell = option.split(":")[1]
        worth = _placement(state, seat, cell)
        return worth if key == "space" else -worth
    if key in ("track", "pharaoh", "ai_track_tie"):
        city, field = player["dev"]
        if key == "ai_track_tie":
            return 0
        kind, track, *source = option.split(":")
        paid = kind == "pay"
        if source == ["tile"]:
            return 0  # with both, pharaoh card 3 pays: it is lost at the tribute anyway
        if paid and _coins_short(state, seat) > 0:
            return -1
        base = 3 if paid else 1
        if track == "split":
            return base + 0.5
        behind = (track == "city") == (city <= field)
        return base + behind
    if key == "hebrew":
        return int(option.split(":")[1])
    if key == "pick_territory":
        if not option.startswith("pick:"):
            return _extra(state, seat, option)
        cid = option.split(":", 1)[1]
        card = TERRITORIES[cid]
        if card["cat"] == "trade":
            held = possessed_types(player)
            return 3 + 2 * (set(card["requires"]) <= held)
        return {"scoring": 4.5, "immediate": 3.5, "special_action": 2.5}[card["cat"]]
    if key == "cancel_loss":
        if option == "cancel:none":
            return 0
        part = LOSS_CARDS[state["loss"]][int(option.split(":")[1]) - 1]
        return max(0.1, min(_harm(state, seat, alt) for alt in part))
    if key == "loss_alt":
        task = state["stacks"][seat][-1] if state["stacks"][seat] else None
        if task is None:
            return 0
        part = LOSS_CARDS[state["loss"]][task["i"]]
        return -_harm(state, seat, part[int(option.split(":")[1]) - 1])
    if key in ("tribute", "sa_soldiers", "use_card", "turn_end"):
        if option in ("pay", "pay:card3", "done"):
            return 1
        if option == "pay:tiles":
            return 0.5
        return _extra(state, seat, option)
    if key == "use_token":
        return 1 if option == "token:plague" else 0
    if key == "edfu_keep":
        return _tile_value(state, seat, option.split(":")[1])
    if key == "buto":
        return 1 if option == "buto:draw" else 0
    if key == "buto_keep":
        card = TERRITORIES[option.split(":", 1)[1]]
        return {"scoring": 4.5, "trade": 3, "immediate": 3.5, "special_action": 2.5}[card["cat"]]
    if key == "province":  # the draft: a steady discount first, then the tile powers
        return {"memphis": 4, "edfu": 3, "abydos": 2, "buto": 1}[option.split(":")[1]]
    if key == "discard_keep":
        return 1 if option == "drop:new" else 0
    return 0


def _extra(state: State, seat: int, option: str) -> float:
    if option == "token:penalty":
        return 10
    if option == "token:plague":
        return -1
    cid = option.split(":")[1]
    if option.endswith(":tile"):
        return -1  # with both sources, the AI pays with pharaoh card 3 (the other option)
    if cid == "tr_skip_tribute":
        return 10 if _coins_short(state, seat) > 0 else -1
    if cid == "sa_hebrew_income":
        return 10 if _coins_short(state, seat) > 0 else -1
    if cid in ("tr_development", "tr_take_tile"):
        return 10 if coin_payable(state, seat) and _coins_short(state, seat) == 0 else -1
    return 10  # free special actions and penalty discards: always worth it


def choose(state: State, decision: Decision) -> str:
    best, best_score = decision.options[0].id, float("-inf")
    for option in decision.options:
        score = _score(state, decision, option.id)
        if score > best_score:
            best, best_score = option.id, score
    return best
