"""Final scoring (PLG-R204..PLG-R216, PLG-R299..PLG-R305) and the winner (PLG-R215)."""

from __future__ import annotations

from rules.core import Result
from rules.plagues.data import (
    DEV_VP,
    HEBREW_RANK_VP,
    HUMAN_SECOND_HEBREW_MIN,
    NILE_VP,
    PLAGUE_PENALTY,
    PROVINCE_END_VP,
    PROVINCE_LAST,
    SC_FLAT,
    TERRITORIES,
    TRADE_VP,
)
from rules.plagues.state import (
    State,
    ankh_symbols,
    bonus_active,
    city_field_tiles,
    is_ai,
    line_complete,
    seat_name,
    tile_type,
    tiles_on_board,
)
from rules.text import msg


def hebrew_points(state: State) -> list[int]:
    """PLG-R210..PLG-R212 (averaged shared ranks) and PLG-R300 / PLG-R301 (solo)."""
    players = state["players"]
    sums = [sum(p["hebrews"]) for p in players]
    values = HEBREW_RANK_VP[: len(players)]
    ranked = sorted(range(len(players)), key=lambda s: -sums[s])
    points = [0] * len(players)
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and sums[ranked[j]] == sums[ranked[i]]:
            j += 1
        share = sum(values[i:j]) // (j - i)
        for s in ranked[i:j]:
            points[s] = share
            if (
                state["solo"]
                and not is_ai(state, s)
                and i == 1
                and sums[s] < HUMAN_SECOND_HEBREW_MIN
            ):
                points[s] = 0  # PLG-R300
        i = j
    return points


def scoring_card(state: State, seat: int, cid: str) -> int:
    """PLG-R257..PLG-R264."""
    player = state["players"][seat]
    if cid == "sc_flat":
        return SC_FLAT
    if cid == "sc_lines":
        return 3 * min(2, sum(line_complete(player)))
    if cid == "sc_egyptians":
        return 2 * min(3, sum(1 for t in player["cells"].values() if t == "egyptian"))
    if cid == "sc_city_field":
        city, field = city_field_tiles(player)
        return 5 if city >= 3 and field >= 3 else 0
    if cid == "sc_hebrew_pairs":
        return min(12, len(player["hebrews"])) // 2
    if cid == "sc_empty_discard":
        return 5 if all(t is None for t in player["discard"].values()) else 0
    if cid == "sc_bonuses":
        ok = (
            bonus_active(player, "coin")
            and bonus_active(player, "soldiers")
            and bonus_active(player, "hebrew")
        )
        return 5 if ok else 0
    return ankh_symbols(state, seat)  # sc_ankh


def breakdown(state: State, seat: int, hebrews: list[int] | None = None) -> dict[str, int]:
    player = state["players"][seat]
    hebrews = hebrews if hebrews is not None else hebrew_points(state)
    ai = is_ai(state, seat)
    kept = player["kept"]
    tiles = tiles_on_board(player) + sum(1 for t in kept if tile_type(t) in ("boat", "province"))
    if ai:
        tiles += kept.count("coin")  # PLG-R303
    territory = 0
    for card in player["terr"]:
        cat = TERRITORIES[card["id"]]["cat"]
        if cat == "trade":
            territory += TRADE_VP  # PLG-R233
        elif cat == "scoring":
            territory += SC_FLAT if ai else scoring_card(state, seat, card["id"])  # PLG-R302
    out = {
        "development": DEV_VP[min(player["dev"])],  # PLG-R204
        "nile": NILE_VP.get(player["nile"], 0),  # PLG-R205
        "tiles": tiles,  # PLG-R206
        "pharaoh_tiles": 2 * kept.count("pharaoh"),  # PLG-R207
        "territory": territory,  # PLG-R208
        "province": 0 if ai or player["pcard"] < PROVINCE_LAST else PROVINCE_END_VP,
        "hebrews": hebrews[seat],
        "penalties": 0 if ai else -PLAGUE_PENALTY * len(player["penalties"]),  # PLG-R213
        "discard": 0 if ai else -2 * sum(1 for t in player["discard"].values() if t),
    }  # PLG-R214; PLG-R304: no penalties for the AI
    return out


def scores(state: State) -> list[int]:
    hebrews = hebrew_points(state)
    return [sum(breakdown(state, s, hebrews).values()) for s in range(len(state["players"]))]


def final_result(state: State) -> Result:
    """PLG-R215: most VP; ties by province card, then Nile; still tied = shared."""
    totals = scores(state)
    players = state["players"]
    keys = [(totals[s], players[s]["pcard"], players[s]["nile"]) for s in range(len(players))]
    places = tuple(1 + sum(1 for other in keys if other > keys[s]) for s in range(len(players)))
    notes = []
    for s in range(len(players)):
        for t in range(s + 1, len(players)):
            if totals[s] != totals[t]:
                continue
            a, b = seat_name(s), seat_name(t)
            if keys[s][1] != keys[t][1]:
                notes.append(
                    msg(
                        "{a} and {b} tie on {vp} VP; the province card decides.",
                        a=a,
                        b=b,
                        vp=totals[s],
                    )
                )
            elif keys[s][2] != keys[t][2]:
                notes.append(
                    msg(
                        "{a} and {b} tie on {vp} VP and the province card; the Nile decides.",
                        a=a,
                        b=b,
                        vp=totals[s],
                    )
                )
            else:
                notes.append(
                    msg(
                        "{a} and {b} tie on {vp} VP, province card and Nile: they share the place.",
                        a=a,
                        b=b,
                        vp=totals[s],
                    )
                )
    return Result(tuple(totals), places, tuple(notes))
