"""Kingdom scoring (A7), the end of a kingdom (A6) and the end of the game (A8)."""

from __future__ import annotations

from rules.amunre.data import (
    BANK_MAJORITY_VP,
    BANKS,
    GOLD_BONUS_VP,
    MASTER_FARMERS_MIN,
    MASTER_SCRIBES_MIN,
    PROVINCE_BY_ID,
    PYRAMID_SET_VP,
    PYRAMID_VP,
    SELL_VALUE,
    TILE_BY_NUMBER,
    YELLOW_TYPES,
    YELLOW_VP,
)
from rules.amunre.state import (
    State,
    add_score,
    card_name,
    discard_card,
    farmer_count,
    gold,
    own_provinces,
    seat_name,
    turn_order,
)
from rules.core import Event, Result, Rng
from rules.text import Msg, msg


def yellow_condition(state: State, seat: int, card: str) -> bool:
    """AMR-R072..AMR-R076: the yellow card conditions on own provinces."""
    provinces = [PROVINCE_BY_ID[pid] for pid in own_provinces(state, seat)]
    if not provinces:
        return False
    if card == "master_scribes":
        return sum(p.favor_symbols for p in provinces) >= MASTER_SCRIBES_MIN
    if card == "master_farmers":
        total = sum(farmer_count(state, p.id) for p in provinces)
        return total >= MASTER_FARMERS_MIN
    if card == "same_bank":
        return len({p.bank for p in provinces}) == 1
    if card == "nile_or_border":
        return len({p.nile for p in provinces}) == 1
    if card == "upper_or_lower":
        return len({p.region for p in provinces}) == 1
    raise ValueError(f"not a yellow card: {card}")


def pyramids_of(state: State, seat: int, bank: str | None = None) -> int:
    return sum(
        state["provinces"][pid]["pyramids"]
        for pid in own_provinces(state, seat)
        if bank is None or PROVINCE_BY_ID[pid].bank == bank
    )


def stones_of(state: State, seat: int, bank: str | None = None) -> int:
    return sum(
        state["provinces"][pid]["stones"]
        for pid in own_provinces(state, seat)
        if bank is None or PROVINCE_BY_ID[pid].bank == bank
    )


def bank_majority(state: State, bank: str) -> list[int]:
    """AMR-R069: most pyramids on the bank (>= 1), ties by stones; still tied all score."""
    seats = range(state["seats"])
    pyramids = {seat: pyramids_of(state, seat, bank) for seat in seats}
    best = max(pyramids.values())
    if best < 1:
        return []
    leaders = [seat for seat in seats if pyramids[seat] == best]
    stones = {seat: stones_of(state, seat, bank) for seat in leaders}
    most = max(stones.values())
    return [seat for seat in leaders if stones[seat] == most]


def kingdom_scoring(state: State, events: list[Event]) -> None:
    """AMR-R066..AMR-R077."""
    if state["kingdom"] == 1:
        text = msg("Old Kingdom scoring.")
    else:
        text = msg("New Kingdom scoring.")
    events.append(Event("scoring", text, {"kingdom": state["kingdom"]}))
    tile = TILE_BY_NUMBER[state["tile"]]
    for seat in turn_order(state):
        provinces = own_provinces(state, seat)
        # AMR-R066: each temple scores the tile's VP per temple.
        temples = sum(PROVINCE_BY_ID[pid].temples for pid in provinces)
        add_score(
            state,
            seat,
            temples * tile.vp_per_temple,
            msg("{n} {n:plural:temple|temples}", n=temples),
            events,
        )
        # AMR-R067: +1 per pyramid (a double pyramid counts 2).
        add_score(state, seat, pyramids_of(state, seat) * PYRAMID_VP, msg("pyramids"), events)
        # AMR-R068: +3 x the pyramids of the own province with the fewest.
        fewest = min((state["provinces"][pid]["pyramids"] for pid in provinces), default=0)
        add_score(state, seat, fewest * PYRAMID_SET_VP, msg("pyramid sets"), events)
    for bank in BANKS:
        if bank == "west":
            reason = msg("most pyramids on the west bank")
        else:
            reason = msg("most pyramids on the east bank")
        for seat in bank_majority(state, bank):
            add_score(state, seat, BANK_MAJORITY_VP, reason, events)
    for seat in turn_order(state):
        hand = state["players"][seat]["hand"]
        for card in YELLOW_TYPES:
            # AMR-R070 / AMR-R071: one copy per type scores automatically and is discarded.
            if hand.get(card, 0) > 0 and yellow_condition(state, seat, card):
                discard_card(state, seat, card)
                add_score(state, seat, YELLOW_VP, card_name(card), events)


def end_old_kingdom(state: State, events: list[Event]) -> None:
    """AMR-R061..AMR-R064 / AMR-R095: scribes and farmers leave; the deck is rebuilt."""
    for prov in state["provinces"].values():
        prov["owner"] = None
        prov["farmers"] = 0
        prov["extra_farmers"] = 0
    for player in state["players"]:
        player["provinces"] = []
    deck = list(state["province_cards"])
    rng = Rng(state["rng"])
    rng.shuffle(deck)
    state["rng"] = rng.state
    state["province_deck"] = deck
    state["kingdom"] = 2
    events.append(
        Event(
            "kingdom",
            msg(
                "The Old Kingdom ends: scribes and farmers leave the "
                "board; stones and pyramids stay. The New Kingdom "
                "begins."
            ),
            {"kingdom": 2},
        )
    )


def gold_bonus(golds: list[int]) -> list[int]:
    """AMR-R079: rank = 1 + seats with more gold; 6/4/2 VP; tied places void the next."""
    bonus = []
    for amount in golds:
        rank = 1 + sum(other > amount for other in golds)
        bonus.append(GOLD_BONUS_VP[rank - 1] if rank <= len(GOLD_BONUS_VP) else 0)
    return bonus


def end_game(state: State, events: list[Event]) -> None:
    """AMR-R078 / AMR-R079: auto-sale of the hands, then the gold bonus."""
    for seat in turn_order(state):
        player = state["players"][seat]
        sold = sum(player["hand"].values())
        for card in list(player["hand"]):
            for _ in range(player["hand"][card]):
                discard_card(state, seat, card)
        if sold:
            player["gold"] += sold * SELL_VALUE
            events.append(
                Event(
                    "sell",
                    msg(
                        "{seat} sells {count} {count:plural:favor card|favor cards} for {gold}.",
                        seat=seat_name(seat),
                        count=sold,
                        gold=gold(sold * SELL_VALUE),
                    ),
                    {"seat": seat, "count": sold},
                    seat=seat,
                )
            )
    golds = [player["gold"] for player in state["players"]]
    for seat, vp in enumerate(gold_bonus(golds)):
        add_score(state, seat, vp, msg("gold bonus ({gold})", gold=gold(golds[seat])), events)
    state["phase"] = "over"
    state["final"] = final_result(state).to_json()
    scores = [
        msg("{seat}: {vp} VP", seat=seat_name(s), vp=p["score"])
        for s, p in enumerate(state["players"])
    ]
    events.append(
        Event(
            "game_over",
            msg("The game is over. {scores}.", scores=scores),
            {"scores": [p["score"] for p in state["players"]]},
        )
    )


def final_result(state: State) -> Result:
    """AMR-R080 / AMR-R081: most VP; ties by pyramids, then stones; else shared."""
    seats = range(state["seats"])
    scores = [state["players"][seat]["score"] for seat in seats]
    keys = [(scores[seat], pyramids_of(state, seat), stones_of(state, seat)) for seat in seats]
    places = tuple(1 + sum(keys[other] > keys[seat] for other in seats) for seat in seats)
    tiebreaks = []
    for score in sorted(set(scores), reverse=True):
        tied = [seat for seat in seats if scores[seat] == score]
        if len(tied) > 1:
            tiebreaks.append(_tiebreak_text(tied, keys, places))
    return Result(tuple(scores), places, tuple(tiebreaks))


def _names(seats: list[int]) -> Msg:
    names = [seat_name(seat) for seat in seats]
    if len(names) == 1:
        return names[0]
    return msg("{first} and {last}", first=names[:-1], last=names[-1])


def _tiebreak_text(
    tied: list[int], keys: list[tuple[int, int, int]], places: tuple[int, ...]
) -> Msg:
    """AMR-R081, in words: pyramids first, then stones, else a shared place."""
    parts = [
        msg("{seats} tied on {vp} VP", seats=_names(tied), vp=keys[tied[0]][0]),
        msg(
            "pyramids {counts}",
            counts=[msg("{seat} {n}", seat=seat_name(s), n=keys[s][1]) for s in tied],
        ),
    ]
    by_pyramids: dict[int, list[int]] = {}
    for seat in tied:
        by_pyramids.setdefault(keys[seat][1], []).append(seat)
    still = [group for group in by_pyramids.values() if len(group) > 1]
    for group in still:
        parts.append(
            msg(
                "stones {counts}",
                counts=[msg("{seat} {n}", seat=seat_name(s), n=keys[s][2]) for s in group],
            )
        )
    shared: dict[tuple[int, int, int], list[int]] = {}
    for seat in tied:
        shared.setdefault(keys[seat], []).append(seat)
    for group in shared.values():
        if len(group) > 1:
            parts.append(
                msg(
                    "{seats} stay tied and share place {place}",
                    seats=_names(group),
                    place=places[group[0]],
                )
            )
    text = parts[0]
    for part in parts[1:]:
        text = msg("{first}; {then}", first=text, then=part)
    return msg("{text}.", text=text)
