"""Set-up (PLG-R018..PLG-R042, PLG-R265..PLG-R270)."""

from __future__ import annotations

from rules.core import Event, Option, Rng
from rules.plagues.board import advance, push
from rules.plagues.data import (
    AI_DEV_START,
    CELLS,
    DICE_SPACES,
    HEBREW_SPACES,
    HEBREW_TILES,
    LOSS_CARDS,
    PLAGUES,
    PROVINCE_NAMES,
    PROVINCES,
    START_BONUS,
    TERRITORIES,
    TERRITORY_ROW,
    TILE_GROUPS,
)
from rules.plagues.state import State, is_ai, seat_name
from rules.text import msg, term

# PLG-R217..PLG-R223: what each province's power does, for the draft's labels.
PROVINCE_POWERS = {
    "abydos": term("once per round, change a die's value by 1 or 2"),
    "buto": term("when taking a territory card, also draw the top 2 and keep 1"),
    "memphis": term("pay 1 coin less at every tribute"),
    "edfu": term("once per round, spend a 3 to draw 6 tiles and keep 1"),
}


def new_player(province: str | None) -> dict:
    return {
        "province": province,
        "cells": {c: None for c in CELLS},
        "dev": [0, 0],  # PLG-R033
        "nile": 0,
        "pcard": 0,  # PLG-R032 / PLG-R033
        "markers": [6, 9, 12],  # PLG-R029
        "occ": ["city", "field", "river"],  # PLG-R030
        "hebrews": [],
        "dice_used": [],
        "kept": [],
        "ph_used": 0,
        "discard": {"A": None, "B": None},
        "terr": [],
        "penalties": [],
        "sa_used": 0,
        "power_used": False,
        "cancelled": False,
        "paid": None,
        "soldiers": None,
        "hebrew_income": False,
        "skip_tribute": False,
        "sa_soldiers": False,
        "drawn_tiles": [],
        "drawn_cards": [],
        "buto_bottom": [],
    }


def new_state(seats: int, options: dict[str, str], seed: int) -> tuple[State, list[Event]]:
    solo = seats == 1  # PLG-R001 / PLG-R265
    n = 2 if solo else seats
    rng = Rng.from_seed(seed)
    # PLG-R026 / PLG-R027: the tiles for this player count, shuffled; 6 on the dice spaces.
    reserve = [
        tile for tile, min_players, count in TILE_GROUPS if min_players <= n for _ in range(count)
    ]
    rng.shuffle(reserve)
    dice_spaces = [reserve.pop() for _ in range(DICE_SPACES)]
    hebrew_reserve = [v for v, count in HEBREW_TILES.items() for _ in range(count)]
    rng.shuffle(hebrew_reserve)  # PLG-R024
    hebrews = [hebrew_reserve.pop() for _ in range(HEBREW_SPACES)]
    plague_deck = list(PLAGUES)
    rng.shuffle(plague_deck)  # PLG-R019
    piles: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for cid in LOSS_CARDS:
        piles[len(LOSS_CARDS[cid])].append(cid)
    for pile in piles.values():
        rng.shuffle(pile)
    loss_deck = piles[3] + piles[2] + piles[1]  # PLG-R020: top = last = 1-loss
    territory_deck = list(TERRITORIES)
    rng.shuffle(territory_deck)  # PLG-R021
    # PLG-R028 / PLG-R270: provinces dealt by the seed; the solo human may choose.
    provinces = list(PROVINCES)
    rng.shuffle(provinces)
    chosen = options.get("province", "random")
    if solo and chosen != "random":
        provinces = [chosen] + [p for p in provinces if p != chosen]
    # PLG-R028 (table option provinces=draft): the seats choose in turn order instead.
    draft = options.get("provinces") == "draft" and not (solo and chosen != "random")
    players = [new_player(None if draft else provinces[s]) for s in range(n)]
    ai = None
    if solo:
        ai = 1
        players[1]["province"] = None  # PLG-R266
        players[1]["occ"] = ["city", "field", "river"]  # PLG-R283
        players[1]["dev"] = [AI_DEV_START, AI_DEV_START]  # PLG-R267
    first = 0 if solo else rng.randbelow(n)  # PLG-R034 / PLG-R269
    order = [(first + i) % n for i in range(n)]
    ai_row = list(range(1, 7))
    if solo:
        rng.shuffle(ai_row)  # PLG-R268
    state: State = {
        "game": "plagues",
        "seats": n,
        "solo": solo,
        "ai": ai,
        "advanced": options.get("advanced") == "on",  # PLG-R018 / PLG-R225
        "short": options.get("short") == "on",  # PLG-R202
        "rng": rng.state,
        "round": 1,  # PLG-R025
        "phase": "dice",
        "step": "start",
        "counter": 0,
        "simul": False,
        "order": order,
        "dice_spaces": dice_spaces,
        "reserve": reserve,
        "removed": [],
        "hebrews": hebrews,
        "hebrew_reserve": hebrew_reserve,
        "hebrews_out": [],
        "pharaoh": [None] * 6,  # PLG-R022
        "pharaoh_spent": [None] * 6,
        "moses_queue": [],
        "plague_deck": plague_deck,
        "plague": None,
        "plague_discard": [],
        "plague_fate": None,
        "loss_deck": loss_deck,
        "loss": None,
        "loss_discard": [],
        "territory_deck": territory_deck,
        "territories": [],
        "territory_discard": [],
        "players": players,
        "stacks": [[] for _ in range(n)],
        "ai_row": ai_row,
        "ai_pos": 0,
        "final": None,
    }
    events: list[Event] = []
    if draft:
        state["step"] = "draft"  # engine.step: the draft, then the start bonuses
    else:
        start_bonuses(state, events)
    # PLG-R040 / PLG-R041 / PLG-R042: round 1's plague and loss card and 3 territories;
    # an immediate plague is simply not applied in round 1.
    state["plague"] = plague_deck.pop()
    state["loss"] = loss_deck.pop()
    state["territories"] = [territory_deck.pop() for _ in range(TERRITORY_ROW)]
    return state, events


def start_bonuses(state: State, events: list[Event]) -> None:
    """PLG-R035..PLG-R039: only the positions that exist get a bonus."""
    for position, seat in enumerate(state["order"]):
        kind, arg = START_BONUS[position]
        events.append(
            Event(
                "start",
                msg("{seat} is player {n}.", seat=seat_name(seat), n=position + 1),
                {"position": position + 1},
                seat=seat,
            )
        )
        if kind in ("province", "boat"):
            assert arg is not None  # START_BONUS gives every track bonus its steps
            advance(state, seat, kind, arg, events)
        else:
            reserve = state["reserve"]
            index = max(i for i, t in enumerate(reserve) if t == "egyptian")
            tile = reserve.pop(index)
            push(state, seat, {"k": "recv", "tile": tile})


def draft_next(state: State) -> bool:
    """PLG-R028 (draft): ask the next seat in turn order for its province; False when done."""
    order = [seat for seat in state["order"] if not is_ai(state, seat)]
    if state["counter"] >= len(order):
        return False
    push(state, order[state["counter"]], {"k": "province"})
    state["counter"] += 1
    return True


def province_decide(state: State, seat: int, task: dict):
    taken = {player["province"] for player in state["players"]}
    opts = [
        Option(f"province:{p}", PROVINCE_NAMES[p], PROVINCE_POWERS[p])
        for p in PROVINCES
        if p not in taken
    ]
    return "province", msg("{seat}: choose your province (its power).", seat=seat_name(seat)), opts


def province_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    province = option.split(":", 1)[1]
    state["players"][seat]["province"] = province
    events.append(
        Event(
            "province",
            msg(
                "{seat} chooses {province}.",
                seat=seat_name(seat),
                province=PROVINCE_NAMES[province],
            ),
            {"province": province},
            seat=seat,
        )
    )
