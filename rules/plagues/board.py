"""The province board and the tracks: receiving, placing and losing tiles, adjacency
bonuses, lines, occupation tiles, track moves with the bonuses they pass, Hebrews.

Choice tasks here: ``place`` (space), ``dev`` (track), ``take_tile``, ``take_hebrew``,
``slot_pick`` (discard space), ``remove`` (which tile a loss takes).
"""

from __future__ import annotations

from rules.core import Event, Option
from rules.plagues.data import (
    AI_NO_HEBREW_BONUS,
    BONUS_EDGES,
    CITY_CELLS,
    DEV_LAST,
    FIELD_CELLS,
    HEBREW_COLUMN,
    NILE_LAST,
    NILE_OCCUPATION,
    PROVINCE_LAST,
    PROVINCE_ONCE,
)
from rules.plagues.state import (
    State,
    a_tile,
    ankh_tokens,
    can_receive,
    edge_active,
    empty_cells,
    is_ai,
    province_value,
    seat_name,
    tile_name,
    tile_type,
)
from rules.plagues.tasks import push
from rules.text import Msg, msg, term


def _ev(events: list[Event], seat: int, kind: str, text: Msg, **data) -> None:
    """An event about ``seat``: ``text`` names the seat as ``{seat}``."""
    events.append(Event(kind, text, data, seat=seat))


def _track_text(seat: int, what: str, old: int, new: int) -> Msg:
    name = seat_name(seat)
    if what == "province":
        return msg("{seat} moves the province card {old} → {new}.", seat=name, old=old, new=new)
    if what == "boat":
        return msg("{seat} moves the boat {old} → {new}.", seat=name, old=old, new=new)
    if what == "city":
        return msg("{seat} moves the city development {old} → {new}.", seat=name, old=old, new=new)
    return msg("{seat} moves the field development {old} → {new}.", seat=name, old=old, new=new)


# --- tracks (PLG-R049) ----------------------------------------------------------------
def advance(state: State, seat: int, what: str, n: int, events: list[Event]) -> None:
    """Move a track by n (negative = back), within its ends; collect the bonuses passed."""
    player = state["players"][seat]
    tasks: list[dict] = []
    if what == "province":
        old = player["pcard"]
        new = max(0, min(PROVINCE_LAST, old + n))
        player["pcard"] = new
        for space in sorted(player["markers"]):  # PLG-R157 / PLG-R164
            if old < space <= new:
                player["markers"].remove(space)
                kind = PROVINCE_ONCE[space]
                tasks.append(
                    {"k": "take_hebrew"}
                    if kind == "take_hebrew"
                    else {"k": "take_tile"}
                    if kind == "take_tile"
                    else {"k": "dev", "n": 2}
                )
    elif what == "boat":
        old = player["nile"]
        new = max(0, min(NILE_LAST, old + n))
        player["nile"] = new
        if old < NILE_OCCUPATION <= new and "river" in player["occ"]:  # PLG-R085
            player["occ"].remove("river")
            tasks.append({"k": "occ", "area": "river"})
    else:
        index = 0 if what == "city" else 1
        old = player["dev"][index]
        new = max(0, min(DEV_LAST, old + n))
        player["dev"][index] = new
    if new != old:
        _ev(events, seat, "track", _track_text(seat, what, old, new), track=what, old=old, new=new)
    push(state, seat, *tasks)


def advance_task(state: State, seat: int, task: dict, events: list[Event]) -> None:
    advance(state, seat, task["what"], task["n"], events)


def occupation(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """PLG-R086: development +2 (one track or 1 + 1) and province card +2."""
    area = task["area"]
    if area == "city":
        text = msg("{seat} takes the city occupation bonus tile.", seat=seat_name(seat))
    elif area == "field":
        text = msg("{seat} takes the field occupation bonus tile.", seat=seat_name(seat))
    else:
        text = msg("{seat} takes the river occupation bonus tile.", seat=seat_name(seat))
    _ev(events, seat, "occupation", text, area=area)
    push(state, seat, {"k": "dev", "n": 2}, {"k": "adv", "what": "province", "n": 2})


def dev_decide(state: State, seat: int, task: dict):
    if task["n"] == 1:
        opts = [
            Option("track:city", term("City development +1")),
            Option("track:field", term("Field development +1")),
        ]
    else:
        opts = [
            Option("track:city", term("City development +2")),
            Option("track:field", term("Field development +2")),
            Option("track:split", term("Both developments +1")),
        ]
    return (
        "track",
        msg("{seat}: choose the development track to advance.", seat=seat_name(seat)),
        opts,
    )


def dev_answer(state: State, seat: int, task: dict, option: str, events: list[Event]) -> None:
    track = option.split(":")[1]
    if track == "split":
        advance(state, seat, "city", 1, events)
        advance(state, seat, "field", 1, events)
    else:
        advance(state, seat, track, task["n"], events)


# --- placing and losing tiles ---------------------------------------------------------
def place_tile(state: State, seat: int, cell: str, tile: str, events: list[Event]) -> None:
    """PLG-R064 with PLG-R072 / PLG-R074 (dev bonuses), PLG-R079 (Ankh), PLG-R083/084."""
    player = state["players"][seat]
    before = edge_active(player)
    tokens = ankh_tokens(state, seat)
    player["cells"][cell] = tile
    after = edge_active(player)
    _ev(
        events,
        seat,
        "place",
        msg("{seat} places {tile} on {cell}.", seat=seat_name(seat), tile=a_tile(tile), cell=cell),
        tile=tile,
        cell=cell,
    )
    tasks: list[dict] = []
    for was, now, (_a, _b, kind) in zip(before, after, BONUS_EDGES, strict=True):
        if now and not was and kind in ("dev_city", "dev_field"):
            tasks.append({"k": "adv", "what": kind[4:], "n": 1})
    if ankh_tokens(state, seat) > tokens:
        _ev(
            events,
            seat,
            "ankh",
            msg(
                "{seat} completes a line and puts an Ankh token on the board.", seat=seat_name(seat)
            ),
        )
    area, cells = ("city", CITY_CELLS) if cell in CITY_CELLS else ("field", FIELD_CELLS)
    if area in player["occ"] and all(player["cells"][c] is not None for c in cells):
        player["occ"].remove(area)
        tasks.append({"k": "occ", "area": area})
    push(state, seat, *tasks)


def remove_tile(state: State, seat: int, cell: str, events: list[Event]) -> str:
    """PLG-R073 / PLG-R080 / PLG-R153: a removal breaks bonuses and lines."""
    player = state["players"][seat]
    before = edge_active(player)
    tile = player["cells"][cell]
    player["cells"][cell] = None
    after = edge_active(player)
    _ev(
        events,
        seat,
        "remove",
        msg(
            "{seat} loses the {tile} on {cell}.",
            seat=seat_name(seat),
            tile=tile_name(tile),
            cell=cell,
        ),
        tile=tile,
        cell=cell,
    )
    for was, now, (_a, _b, kind) in zip(before, after, BONUS_EDGES, strict=True):
        if was and not now and kind in ("dev_city", "dev_field"):
            advance(state, seat, kind[4:], -1, events)
    return tile


def receive(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """PLG-R064..PLG-R068: a board tile is placed at once; the others are kept beside."""
    tile = task["tile"]
    player = state["players"][seat]
    kind = tile_type(tile)
    if kind in ("coin", "boat", "province", "pharaoh"):
        player["kept"].append(tile)
        _ev(
            events,
            seat,
            "keep",
            msg("{seat} keeps {tile}.", seat=seat_name(seat), tile=a_tile(tile)),
            tile=tile,
        )
        if kind == "boat":
            advance(state, seat, "boat", 1, events)
        elif kind == "province":
            advance(state, seat, "province", province_value(tile), events)
        return
    cells = empty_cells(player, tile)
    if not cells:  # PLG-R280 (solo AI); a human never receives such a tile
        state["removed"].append(tile)
        _ev(
            events,
            seat,
            "lost",
            msg(
                "{seat} cannot place the {tile}; it leaves the game.",
                seat=seat_name(seat),
                tile=tile_name(tile),
            ),
        )
        return
    if len(cells) == 1:
        place_tile(state, seat, cells[0], tile, events)
        return
    push(state, seat, {"k": "place", "tile": tile})


def place_decide(state: State, seat: int, task: dict):
    cells = empty_cells(state["players"][seat], task["tile"])
    opts = [Option(f"space:{c}", msg("Space {cell}", cell=c)) for c in cells]
    return (
        "space",
        msg(
            "{seat}: where does the {tile} go?", seat=seat_name(seat), tile=tile_name(task["tile"])
        ),
        opts,
    )


def place_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    place_tile(state, seat, option.split(":")[1], task["tile"], events)


# --- the collective board ----------------------------------------------------------------
def take_from_space(state: State, space: int) -> str:
    """PLG-R058..PLG-R061: slide left over the gap, refill space 6 from the reserve."""
    spaces = state["dice_spaces"]
    tile = spaces[space - 1]
    rest = [t for i, t in enumerate(spaces) if t is not None and i != space - 1]
    if state["reserve"]:
        rest.append(state["reserve"].pop())
    state["dice_spaces"] = rest + [None] * (6 - len(rest))
    return tile


def receivable_spaces(state: State, seat: int) -> list[int]:
    player = state["players"][seat]
    return [
        i + 1
        for i, t in enumerate(state["dice_spaces"])
        if t is not None and can_receive(player, t)
    ]


def take_decide(state: State, seat: int, task: dict):
    opts = [
        Option(
            f"tile:{k}",
            msg(
                "Take the {tile} (space {space})",
                tile=tile_name(state["dice_spaces"][k - 1]),
                space=k,
            ),
        )
        for k in receivable_spaces(state, seat)
    ]
    return (
        "tile",
        msg("{seat}: take any tile from the collective board.", seat=seat_name(seat)),
        opts,
    )


def take_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    tile = take_from_space(state, int(option.split(":")[1]))
    _ev(
        events,
        seat,
        "take",
        msg("{seat} takes {tile}.", seat=seat_name(seat), tile=a_tile(tile)),
        tile=tile,
    )
    push(state, seat, {"k": "recv", "tile": tile})


def take_tile(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """PLG-R069: take any tile without a die; nothing if none can be received. (The AI seat
    takes by its own rule: ``rules.plagues.solo.ai_take_any_tile``.)"""
    if not receivable_spaces(state, seat):
        _ev(
            events,
            seat,
            "nothing",
            msg("{seat} could take a tile, but none can be received.", seat=seat_name(seat)),
        )
        return
    push(state, seat, {"k": "take_tile_pick"})


# --- Hebrews (PLG-R097..PLG-R111) -------------------------------------------------------
def free_hebrew(state: State, seat: int, value: int, events: list[Event]) -> None:
    state["hebrews"].remove(value)
    player = state["players"][seat]
    player["hebrews"].append(value)
    index = len(player["hebrews"]) - 1
    space = index % 7
    bonus = HEBREW_COLUMN[space]
    _ev(
        events,
        seat,
        "hebrew",
        msg(
            "{seat} frees a Hebrew of value {value} (column space {space}).",
            seat=seat_name(seat),
            value=value,
            space=space + 1,
        ),
        value=value,
        space=space + 1,
    )
    if is_ai(state, seat) and bonus in AI_NO_HEBREW_BONUS:
        return  # PLG-R285
    if bonus == "province":
        advance(state, seat, "province", 1, events)
    elif bonus == "boat":
        advance(state, seat, "boat", 1, events)
    elif bonus == "dev1":
        push(state, seat, {"k": "dev", "n": 1})
    elif bonus == "take_tile":
        push(state, seat, {"k": "take_tile"})
    elif bonus == "discard_penalty":
        discard_penalty(state, seat, events)  # PLG-R106
    # "ankh" (space 7) is a status: PLG-R108 / PLG-R109, derived in ankh_symbols


def discard_penalty(state: State, seat: int, events: list[Event]) -> None:
    player = state["players"][seat]
    if player["penalties"]:
        player["penalties"].pop()
        _ev(
            events,
            seat,
            "penalty_out",
            msg("{seat} removes a penalty card from the game.", seat=seat_name(seat)),
        )


def hebrew_decide(state: State, seat: int, task: dict):
    opts = [
        Option(f"hebrew:{v}", msg("Hebrew of value {value}", value=v))
        for v in sorted(set(state["hebrews"]))
    ]
    return (
        "hebrew",
        msg("{seat}: take a Hebrew from the collective board.", seat=seat_name(seat)),
        opts,
    )


def hebrew_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    free_hebrew(state, seat, int(option.split(":")[1]), events)


def take_hebrew(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """PLG-R158: a Hebrew of the player's choice from the collective board, "se houver": with
    none left the player gets nothing. Judged when the task is reached, so a seat served after
    others (Moses, PLG-R199) sees what they left."""
    if not state["hebrews"]:
        _ev(
            events,
            seat,
            "nothing",
            msg("{seat} could take a Hebrew, but none is left.", seat=seat_name(seat)),
        )
        return
    if is_ai(state, seat):  # PLG-R287
        free_hebrew(state, seat, max(state["hebrews"]), events)
        return
    if len(set(state["hebrews"])) == 1:
        free_hebrew(state, seat, state["hebrews"][0], events)
        return
    push(state, seat, {"k": "hebrew_pick"})


# --- the discard (PLG-R112, PLG-R152) ----------------------------------------------------
def slot(state: State, seat: int, task: dict, events: list[Event]) -> None:
    discard = state["players"][seat]["discard"]
    empty = [s for s in ("A", "B") if discard[s] is None]
    if len(empty) == 1:
        discard[empty[0]] = task["tile"]
        _ev(
            events,
            seat,
            "discard",
            msg(
                "{seat} puts the {tile} on discard space {slot}.",
                seat=seat_name(seat),
                tile=tile_name(task["tile"]),
                slot=empty[0],
            ),
            slot=empty[0],
            tile=task["tile"],
        )
        return
    push(state, seat, {"k": "slot_pick", "tile": task["tile"]})


def slot_decide(state: State, seat: int, task: dict):
    discard = state["players"][seat]["discard"]
    tile = tile_name(task["tile"])
    if discard["A"] is None:
        opts = [
            Option("slot:A", term("Discard space A (dice 1, 2)")),
            Option("slot:B", term("Discard space B (dice 3, 4)")),
        ]
        return (
            "discard_slot",
            msg("{seat}: where does the lost {tile} go?", seat=seat_name(seat), tile=tile),
            opts,
        )
    opts = [
        Option("drop:A", msg("Drop the {tile} on A", tile=tile_name(discard["A"]))),
        Option("drop:B", msg("Drop the {tile} on B", tile=tile_name(discard["B"]))),
        Option("drop:new", msg("Drop the new {tile}", tile=tile)),
    ]
    return (
        "discard_keep",
        msg("{seat}: the discard is full; which tile leaves the game?", seat=seat_name(seat)),
        opts,
    )


def slot_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    discard = state["players"][seat]["discard"]
    kind, where = option.split(":")
    if kind == "slot":
        discard[where] = task["tile"]
        return
    if where == "new":
        state["removed"].append(task["tile"])
    else:
        state["removed"].append(discard[where])
        discard[where] = task["tile"]
    _ev(
        events,
        seat,
        "overflow",
        msg(
            "{seat} keeps 2 tiles in the discard; the third leaves the game.", seat=seat_name(seat)
        ),
    )


def remove_decide(state: State, seat: int, task: dict):
    cells = state["players"][seat]["cells"]
    opts = [
        Option(f"space:{c}", msg("Lose the {tile} on {cell}", tile=tile_name(cells[c]), cell=c))
        for c in task["cells"]
    ]
    return "loss_tile", msg("{seat}: choose the tile you lose.", seat=seat_name(seat)), opts


def remove_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    tile = remove_tile(state, seat, option.split(":")[1], events)
    push(state, seat, {"k": "slot", "tile": tile})
