"""The game state (a plain JSON dict) and the derived values every phase shares.

Layout: ``seats`` (player entries; solo = 2, the AI is seat 1), ``solo``, ``ai`` (1 | None),
``advanced``, ``short``, ``rng``, ``round``, ``phase``, ``step``, ``order`` (turn order),
``counter`` (progress inside a step), ``simul`` (all open stacks answer at once),
``dice_spaces`` (6 tiles | None), ``reserve`` (top = last, secret), ``removed`` (tiles out of
the game), ``hebrews``/``hebrew_reserve``, ``pharaoh`` (holder per card 1..6),
``plague``/``plague_deck``/``plague_discard``, ``loss``/``loss_deck``, ``territories`` (face
up)/``territory_deck``/``territory_discard``, ``players``, ``stacks`` (one task stack per seat,
top = last; see tasks.py), ``ai_row``/``ai_pos`` (solo), ``final``.

Derived, never stored (PLG engine notes): active bonus edges, complete lines, Ankh tokens on
the board, active Ankh symbols, permanent income, soldiers.
"""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from rules.plagues.data import (
    BONUS_EDGES,
    CELLS,
    CITY_CELLS,
    CITY_TYPES,
    FIELD_CELLS,
    FIELD_TYPES,
    LINES,
    MAX_ANKH_TOKENS,
    NILE_COINS,
    NILE_LAST,
    PAPYRUS,
    PROVINCE_ANKH,
    PROVINCE_TWO_SA,
    SOLDIERS_BONUS,
    TERRITORIES,
)
from rules.text import Msg, msg, seat_ref, term

State = dict[str, Any]
Player = dict[str, Any]

# Tile names as the players read them ("the obelisk tile", "an obelisk tile").
TILE_NAMES = {
    "sphinx": term("sphinx tile"),
    "obelisk": term("obelisk tile"),
    "egyptian": term("egyptian tile"),
    "plantation": term("plantation tile"),
    "herd": term("herd tile"),
    "coin": term("coin tile"),
    "boat": term("boat tile"),
    "pharaoh": term("pharaoh tile"),
}
A_TILES = {
    "sphinx": term("a sphinx tile"),
    "obelisk": term("an obelisk tile"),
    "egyptian": term("an egyptian tile"),
    "plantation": term("a plantation tile"),
    "herd": term("a herd tile"),
    "coin": term("a coin tile"),
    "boat": term("a boat tile"),
    "pharaoh": term("a pharaoh tile"),
}
A_TILES_CAPITAL = {
    "sphinx": term("A sphinx tile"),
    "obelisk": term("An obelisk tile"),
    "egyptian": term("An egyptian tile"),
    "plantation": term("A plantation tile"),
    "herd": term("A herd tile"),
    "coin": term("A coin tile"),
    "boat": term("A boat tile"),
    "pharaoh": term("A pharaoh tile"),
}


def seat_name(seat: int) -> Msg:
    return seat_ref(seat)  # the bot shows the player's name (rules.text.name_seats)


def tile_type(tile: str) -> str:
    return "province" if tile.startswith("province") else tile


def tile_name(tile: str) -> Msg:
    if tile.startswith("province"):
        return msg("Province {n} tile", n=int(tile[-1]))
    return TILE_NAMES[tile]


def a_tile(tile: str, *, capital: bool = False) -> Msg:
    """'an obelisk tile', 'a Province 2 tile' ('An obelisk tile'... with ``capital``)."""
    if tile.startswith("province"):
        if capital:
            return msg("A Province {n} tile", n=int(tile[-1]))
        return msg("a Province {n} tile", n=int(tile[-1]))
    return (A_TILES_CAPITAL if capital else A_TILES)[tile]


def province_value(tile: str) -> int:
    return int(tile[-1])


def area_cells(tile: str) -> tuple[str, ...]:
    """PLG-R009 / PLG-R010 / PLG-R011: where a tile type may be placed."""
    if tile in CITY_TYPES:
        return CITY_CELLS
    if tile in FIELD_TYPES:
        return FIELD_CELLS
    if tile == "egyptian":
        return CELLS
    return ()


def empty_cells(player: Player, tile: str) -> list[str]:
    return [cell for cell in area_cells(tile) if player["cells"][cell] is None]


def can_receive(player: Player, tile: str) -> bool:
    """PLG-R062 / PLG-R063: board tiles need an empty space of their area."""
    if area_cells(tile):
        return bool(empty_cells(player, tile))
    return True


def is_ai(state: State, seat: int) -> bool:
    return state["ai"] == seat


def humans(state: State) -> list[int]:
    return [seat for seat in state["order"] if not is_ai(state, seat)]


def edge_active(player: Player) -> list[bool]:
    """PLG-R070: a bonus is active while both of its spaces hold a tile."""
    cells = player["cells"]
    return [cells[a] is not None and cells[b] is not None for a, b, _ in BONUS_EDGES]


def bonus_active(player: Player, kind: str) -> int:
    cells = player["cells"]
    return sum(
        1 for a, b, k in BONUS_EDGES if k == kind and cells[a] is not None and cells[b] is not None
    )


def half_filled_edges(player: Player, kind: str | None = None) -> int:
    """Bonus edges (of ``kind``, or any) with exactly one of their two spaces filled."""
    cells = player["cells"]
    return sum(
        1
        for a, b, k in BONUS_EDGES
        if kind in (None, k) and (cells[a] is None) != (cells[b] is None)
    )


def line_progress(player: Player, line: tuple[str, ...]) -> int:
    """Tiles in ``line`` while it can still complete (no two of a type), else 0; 3 = complete."""
    tiles = [player["cells"][c] for c in line if player["cells"][c] is not None]
    return len(tiles) if len(set(tiles)) == len(tiles) else 0


def line_complete(player: Player) -> list[bool]:
    """PLG-R078: 3 tiles of 3 different types."""
    return [line_progress(player, line) == 3 for line in LINES]


def city_field_tiles(player: Player) -> tuple[int, int]:
    """Tiles in the city spaces and in the field spaces (PLG-R260)."""
    filled = [c for c, t in player["cells"].items() if t]
    return sum(c.startswith("c") for c in filled), sum(c.startswith("f") for c in filled)


def ankh_tokens(state: State, seat: int) -> int:
    """PLG-R081: tokens on the board = min(2, complete lines); the solo AI has none."""
    if is_ai(state, seat):
        return 0
    return min(MAX_ANKH_TOKENS, sum(line_complete(state["players"][seat])))


def plague_on(state: State, seat: int, plague: str) -> bool:
    """PLG-R170 / PLG-R166 / PLG-R296: the round's plague touches this seat."""
    if state["plague"] != plague or is_ai(state, seat):
        return False
    return not state["players"][seat]["cancelled"]


def holds_card5(state: State, seat: int) -> bool:
    return state["pharaoh"][4] == seat


def ankh_symbols(state: State, seat: int, *, card5: bool = True) -> int:
    """PLG-R139 / PLG-R179: active Ankh symbols (Firstborn takes 1 in phase 3)."""
    player = state["players"][seat]
    total = ankh_tokens(state, seat)
    total += player["nile"] == NILE_LAST
    total += len(player["hebrews"]) >= 7 and not is_ai(state, seat)
    total += player["pcard"] >= PROVINCE_ANKH
    if card5:
        total += holds_card5(state, seat)
    if state["phase"] == "plague" and plague_on(state, seat, "firstborn"):
        total -= 1
    return max(0, total)


def tiles_on_board(player: Player) -> int:
    return sum(1 for cell in CELLS if player["cells"][cell] is not None)


def possessed_types(player: Player) -> set[str]:
    """PLG-R230: tile types on the board or beside it (not the discard)."""
    types = {tile_type(t) for t in player["cells"].values() if t is not None}
    types |= {tile_type(t) for t in player["kept"]}
    return types


def trade_active(state: State, seat: int, card: str) -> bool:
    player = state["players"][seat]
    if is_ai(state, seat) or plague_on(state, seat, "livestock"):
        return False  # PLG-R294 / PLG-R182
    return set(TERRITORIES[card]["requires"]) <= possessed_types(player)


def special_limit(state: State, seat: int) -> int:
    """PLG-R228 / PLG-R161: 1 special action per round, 2 from province space 13 on."""
    return 2 if state["players"][seat]["pcard"] >= PROVINCE_TWO_SA else 1


def special_ready(state: State, seat: int, card: dict) -> bool:
    player = state["players"][seat]
    return (
        TERRITORIES[card["id"]]["cat"] == "special_action"
        and not card["used"]
        and player["sa_used"] < special_limit(state, seat)
        and not plague_on(state, seat, "livestock")
    )


def nile_coins(player: Player) -> int:
    return sum(1 for space in NILE_COINS if space <= player["nile"])


def income(state: State, seat: int) -> int:
    """PLG-R128: permanent tribute income."""
    player = state["players"][seat]
    total = nile_coins(player)
    if not plague_on(state, seat, "hail"):  # PLG-R181
        total += bonus_active(player, "coin")
    for card in player["terr"]:
        if card["id"] in ("tr_coin_1", "tr_coin_2") and trade_active(state, seat, card["id"]):
            total += 1
    if player["hebrew_income"]:
        total += 2  # PLG-R246
    return total


def unused_dice(state: State, seat: int) -> list[int]:
    if is_ai(state, seat):
        return []
    used = state["players"][seat]["dice_used"]
    return [v for v in range(1, 7) if v not in used]


def soldiers(state: State, seat: int) -> int:
    """PLG-R117 / PLG-R288."""
    player = state["players"][seat]
    if is_ai(state, seat):
        row = state["ai_row"]
        total = row[0] + row[2] + row[4]
    else:
        total = sum(unused_dice(state, seat))
    if bonus_active(player, "soldiers") and not plague_on(state, seat, "boils"):
        total += SOLDIERS_BONUS
    if state["pharaoh"][1] == seat:
        total += 5
    for card in player["terr"]:
        if card["id"] == "tr_soldier" and trade_active(state, seat, card["id"]):
            total += 1
    if player["sa_soldiers"]:
        total += 2
    return total


def tribute_due(state: State, seat: int) -> int:
    """PLG-R126: papyrus value, Locusts +1, Memphis -1, never below 0."""
    mode = "advanced" if state["advanced"] else "normal"
    due = PAPYRUS[mode]["tribute"][state["round"] - 1]
    if plague_on(state, seat, "locusts"):
        due += 1
    if state["players"][seat]["province"] == "memphis":
        due -= 1
    return max(0, due)


def ankh_needed(state: State) -> int:
    mode = "advanced" if state["advanced"] else "normal"
    return PAPYRUS[mode]["ankh_needed"][state["round"] - 1]


def pharaoh_free(state: State, n: int) -> bool:
    """PLG-R088: pharaoh card n can still be chosen this round. A card chosen this round stays
    unavailable after it is spent (card 3 as a coin, card 5 as an Ankh): "Cartas escolhidas
    tornam-se indisponíveis para outros jogadores na rodada"."""
    spent = state.get("pharaoh_spent") or [None] * 6
    return state["pharaoh"][n - 1] is None and spent[n - 1] is None


def spend_pharaoh(state: State, n: int) -> None:
    """A held pharaoh card is spent: it leaves its holder but stays out of the row until the
    end of the round (PLG-R096 with PLG-R088)."""
    spent = state.setdefault("pharaoh_spent", [None] * 6)
    spent[n - 1] = state["pharaoh"][n - 1]
    state["pharaoh"][n - 1] = None


def coin_sources(state: State, seat: int) -> list[str]:
    """What can pay 1 coin (PLG-R090, PLG-R232): ``card3`` (pharaoh card 3) and/or ``tile``
    (a coin tile). With both the player chooses (rules "Paying 1 coin" in the notation)."""
    sources = []
    if state["pharaoh"][2] == seat:
        sources.append("card3")
    if "coin" in state["players"][seat]["kept"]:
        sources.append("tile")
    return sources


def coin_payable(state: State, seat: int) -> bool:
    """1 coin from a coin tile or pharaoh card 3 (PLG-R232, PLG-R090)."""
    return bool(coin_sources(state, seat))


def source_text(source: str) -> Msg:
    return term("pharaoh card 3") if source == "card3" else term("a coin tile")


def pay_one_coin(state: State, seat: int, source: str | None = None) -> Msg:
    """Spend 1 coin from ``source`` (the only one the seat has when None). Says what paid, as
    in "pays {paid}"."""
    if source is None:
        source = coin_sources(state, seat)[0]
    if source == "card3":
        spend_pharaoh(state, 3)
    else:
        state["players"][seat]["kept"].remove("coin")
        state["removed"].append("coin")  # PLG-R066: a spent coin tile leaves the game
    return source_text(source)


def tribute_need(state: State, seat: int) -> tuple[bool, int]:
    """(can pay, one-time coins needed) for this seat's tribute now (PLG-R128..PLG-R132,
    PLG-R255). One-time coins are pharaoh card 3 and coin tiles."""
    player = state["players"][seat]
    if player["skip_tribute"]:
        return True, 0
    short = max(0, tribute_due(state, seat) - income(state, seat))
    have = player["kept"].count("coin") + (state["pharaoh"][2] == seat)
    return have >= short, short


def tribute_plans(state: State, seat: int) -> list[tuple[str, int, bool]]:
    """The ways to pay the tribute: (option id, coin tiles spent, pharaoh card 3 spent).

    Empty when the seat cannot pay. Two plans only when both pharaoh card 3 and enough coin
    tiles could cover the last coin: ``pay:card3`` (card 3 and one tile fewer) or
    ``pay:tiles`` (tiles only; card 3 goes back unused). Card 3 returns to the row at the
    tribute either way (PLG-R132), but which one-time coins stay can matter later."""
    can, short = tribute_need(state, seat)
    if not can:
        return []
    if short == 0:
        return [("pay", 0, False)]
    card3 = state["pharaoh"][2] == seat
    tiles = state["players"][seat]["kept"].count("coin")
    if card3 and tiles >= short:
        return [("pay:card3", short - 1, True), ("pay:tiles", short, False)]
    if card3:
        return [("pay", short - 1, True)]
    return [("pay", short, False)]


def rng_shuffle(state: State, items: list[Any]) -> None:
    rng = Rng(state["rng"])
    rng.shuffle(items)
    state["rng"] = rng.state


def all_tiles(state: State) -> list[str]:
    """Every tile in play, wherever it is (tile conservation)."""
    tiles = list(state["reserve"]) + [t for t in state["dice_spaces"] if t] + state["removed"]
    for player in state["players"]:
        tiles += [t for t in player["cells"].values() if t]
        tiles += player["kept"]
        tiles += [t for t in player["discard"].values() if t]
        tiles += player["drawn_tiles"]
    for stack in state["stacks"]:  # tiles in transit inside an effect chain
        tiles += [task["tile"] for task in stack if "tile" in task]
    return tiles
