"""Phase 4 — harvest and income (green cards: Bountiful Harvest, Fixed Income). R053..R060."""

from __future__ import annotations

from rules.amunre.data import (
    BOUNTIFUL_BONUS,
    FIXED_INCOME_GOLD,
    GREEN_TYPES,
    PROVINCE_BY_ID,
    TILE_BY_NUMBER,
)
from rules.amunre.state import (
    State,
    can_play,
    farmer_count,
    gold,
    own_provinces,
    play_card,
    province_name,
    seat_name,
    sell_options,
    start_phase,
    turn_order,
)
from rules.core import Decision, Event, Option
from rules.text import msg

BOUNTIFUL, FIXED = GREEN_TYPES


def start_harvest(state: State, events: list[Event]) -> None:
    """AMR-R060: only holders of a green card are asked, all at once and in public."""
    start_phase(state, "harvest")
    waiting = [
        seat
        for seat in turn_order(state)
        if any(can_play(state["players"][seat], card) for card in GREEN_TYPES)
    ]
    state["harvest"] = {"waiting": waiting, "choices": {}, "paid": False}
    events.append(Event("phase", msg("Harvest and income."), {"phase": "harvest"}))


def harvest_decisions(state: State) -> list[Decision]:
    harvest = state["harvest"]
    return [
        harvest_decision(state, seat)
        for seat in harvest["waiting"]
        if str(seat) not in harvest["choices"]
    ]


def harvest_decision(state: State, seat: int) -> Decision:
    player = state["players"][seat]
    provinces = own_provinces(state, seat)
    options = [Option("collect", msg("Collect your income without a green card"))]
    bountiful = can_play(player, BOUNTIFUL)
    fixed = can_play(player, FIXED)
    if bountiful:
        options.extend(
            Option(
                f"bountiful:{pid}",
                msg("Bountiful Harvest in {province}", province=province_name(pid)),
                msg("+1 gold per farmer there"),
            )
            for pid in provinces
        )
    if fixed:
        options.extend(
            Option(
                f"fixed:{pid}",
                msg("Fixed Income in {province}", province=province_name(pid)),
                msg("exactly {gold} from it", gold=gold(FIXED_INCOME_GOLD)),
            )
            for pid in provinces
        )
    if bountiful and fixed:
        # AMR-R059: both cards name two different provinces.
        options.extend(
            Option(
                f"bountiful:{p}+fixed:{q}",
                msg(
                    "Bountiful Harvest in {province}, Fixed Income in {other}",
                    province=province_name(p),
                    other=province_name(q),
                ),
            )
            for p in provinces
            for q in provinces
            if p != q
        )
    options.extend(sell_options(state, seat))
    prompt = msg("{seat}: play a green card for this harvest, or collect.", seat=seat_name(seat))
    return Decision(seat, "harvest", prompt, tuple(options))


def apply_harvest(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    choice: dict[str, str | None] = {"bountiful": None, "fixed": None}
    for part in option_id.split("+"):
        card, _, pid = part.partition(":")
        if card == "collect":
            continue
        choice[card] = pid
        play_card(state, seat, BOUNTIFUL if card == "bountiful" else FIXED)
        if card == "bountiful":
            text = msg(
                "{seat} plays Bountiful Harvest in {province}.",
                seat=seat_name(seat),
                province=province_name(pid),
            )
        else:
            text = msg(
                "{seat} plays Fixed Income in {province}.",
                seat=seat_name(seat),
                province=province_name(pid),
            )
        events.append(Event("card", text, {"seat": seat, "card": card, "province": pid}, seat=seat))
    if option_id == "collect":
        events.append(
            Event(
                "collect",
                msg("{seat} collects without a green card.", seat=seat_name(seat)),
                {"seat": seat},
                seat=seat,
            )
        )
    state["harvest"]["choices"][str(seat)] = choice


def province_income(state: State, pid: str, bountiful: bool, fixed: bool) -> int:
    """AMR-R053..AMR-R058: farmers x tile gold, mine always, caravan with a camel."""
    if fixed:
        return FIXED_INCOME_GOLD  # AMR-R058: instead of farmer, mine and caravan income
    data = PROVINCE_BY_ID[pid]
    tile = TILE_BY_NUMBER[state["tile"]]
    per_farmer = tile.gold_per_farmer + (BOUNTIFUL_BONUS if bountiful else 0)
    income = farmer_count(state, pid) * per_farmer + data.gold_mine
    if tile.camel:
        income += data.caravan
    return income


def seat_income(state: State, seat: int, choice: dict[str, str | None] | None) -> int:
    choice = choice or {"bountiful": None, "fixed": None}
    return sum(
        province_income(state, pid, choice["bountiful"] == pid, choice["fixed"] == pid)
        for pid in own_provinces(state, seat)
    )


def advance_harvest(state: State, events: list[Event]) -> bool:
    harvest = state["harvest"]
    if any(str(seat) not in harvest["choices"] for seat in harvest["waiting"]):
        return True
    if not harvest["paid"]:
        # AMR-R060: every other seat collects automatically; then all income is paid.
        for seat in turn_order(state):
            income = seat_income(state, seat, harvest["choices"].get(str(seat)))
            state["players"][seat]["gold"] += income
            events.append(
                Event(
                    "income",
                    msg("{seat} collects {gold}.", seat=seat_name(seat), gold=gold(income)),
                    {"seat": seat, "gold": income},
                    seat=seat,
                )
            )
        harvest["paid"] = True
    return False
