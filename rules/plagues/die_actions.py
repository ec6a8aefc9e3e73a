"""What a turned die card can do in phase 1 (PLG-R053..PLG-R099): the actions its value
offers, the Hebrews it can free, the pharaoh cards it can take (under Flies, at a coin tile's
cost) and the swaps of ``sa_swap_tiles`` (PLG-R245). Read by the dice phase (dice.py), by the
uses that depend on the action (uses.py, the Pharaoh tile against the plague) and by the
heuristic; it changes nothing.
"""

from __future__ import annotations

from rules.core import Option
from rules.plagues.data import DISCARD_DICE, EDFU_DIE, FLIES_CARDS
from rules.plagues.state import (
    State,
    ankh_symbols,
    bonus_active,
    can_receive,
    pharaoh_free,
    plague_on,
    special_ready,
    tile_name,
)
from rules.text import msg, term


def hebrew_need(state: State, seat: int, value: int) -> int:
    """PLG-R098 / PLG-R099 / PLG-R173: die >= 2v, or >= v with the hebrew bonus."""
    if bonus_active(state["players"][seat], "hebrew") and not plague_on(state, seat, "lice"):
        return value
    return 2 * value


def pharaoh_takeable(state: State, seat: int, n: int) -> bool:
    """PLG-R088 / PLG-R172: free this round; under Flies cards 1/2/4/5/6 need a coin tile."""
    if not pharaoh_free(state, n):
        return False
    if n in FLIES_CARDS and plague_on(state, seat, "flies"):
        return "coin" in state["players"][seat]["kept"]
    return True


def action_options(state: State, seat: int, value: int) -> list[Option]:
    player = state["players"][seat]
    opts: list[Option] = []
    tile = state["dice_spaces"][value - 1]
    if tile is not None and can_receive(player, tile):
        opts.append(
            Option(
                "tile", msg("Take the {tile} on space {space}", tile=tile_name(tile), space=value)
            )
        )
    if pharaoh_takeable(state, seat, value):
        opts.append(Option("pharaoh", msg("Take pharaoh card {n}", n=value)))
    for hv in sorted(set(state["hebrews"])):
        if value >= hebrew_need(state, seat, hv):
            opts.append(Option(f"hebrew:{hv}", msg("Free a Hebrew of value {value}", value=hv)))
    for slot, dice in DISCARD_DICE.items():
        lost = player["discard"][slot]
        if value in dice and lost is not None and can_receive(player, lost):
            opts.append(
                Option(
                    f"recover:{slot}",
                    msg("Recover the {tile} ({slot})", tile=tile_name(lost), slot=slot),
                )
            )
    if (
        player["province"] == "edfu"
        and not player["power_used"]
        and value == EDFU_DIE
        and state["reserve"]
    ):
        opts.append(Option("edfu", term("Edfu: draw 6 tiles from the reserve and keep one")))
    for card in player["terr"]:
        if not special_ready(state, seat, card):
            continue
        if card["id"] == "sa_die_as_six" and value in (4, 5) and pharaoh_takeable(state, seat, 6):
            opts.append(Option("card:sa_die_as_six", term("Special action: take pharaoh card 6")))
        if (
            card["id"] == "sa_swap_tiles"
            and ankh_symbols(state, seat) >= 1
            and swaps(state, seat, value)
        ):
            opts.append(
                Option(
                    "card:sa_swap_tiles",
                    term("Special action: swap two tiles, then take the tile on this die's space"),
                )
            )
    opts.append(Option("pass", term("Do nothing with this die")))  # PLG-R055
    return opts


def flies_cost(state: State, seat: int, value: int) -> tuple[int, ...]:
    """The pharaoh cards this die could take that cost a coin tile under Flies (PLG-R172)."""
    if not plague_on(state, seat, "flies"):
        return ()
    cards = [value]
    if value in (4, 5) and any(
        c["id"] == "sa_die_as_six" and special_ready(state, seat, c)
        for c in state["players"][seat]["terr"]
    ):
        cards.append(6)
    return tuple(n for n in cards if n in FLIES_CARDS and pharaoh_free(state, n))


def swaps(state: State, seat: int, value: int) -> list[tuple[int, int]]:
    """PLG-R245: the swaps after which this die can take the tile on its space (the swap comes
    "antes de gastar um dado para coletar uma ficha": the die then collects a tile)."""
    player = state["players"][seat]
    spaces = state["dice_spaces"]
    filled = [i + 1 for i, t in enumerate(spaces) if t]
    out = []
    for i, a in enumerate(filled):
        for b in filled[i + 1 :]:
            tile = (
                spaces[b - 1] if a == value else spaces[a - 1] if b == value else spaces[value - 1]
            )
            if tile is not None and can_receive(player, tile):
                out.append((a, b))
    return out
