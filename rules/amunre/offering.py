"""Phase 3 — offerings to Amun-Re (blue cards: Offering Adjustment; Theft). AMR-R038..R052."""

from __future__ import annotations

from typing import Any

from rules.amunre.data import (
    ADJUSTMENT_VALUE,
    OFFERING_TILES,
    OTHER_RANK_REWARDS,
    REWARDS_BY_RANK,
    THEFT_VALUE,
    TILE_BY_NUMBER,
)
from rules.amunre.state import (
    State,
    can_play,
    drawn_events,
    favor_available,
    free_fields,
    give_favor_cards,
    gold,
    hand_size,
    own_provinces,
    place_stones,
    play_card,
    province_name,
    seat_name,
    sell_options,
    start_phase,
    turn_order,
)
from rules.core import Decision, Event, Option
from rules.text import msg

ADJUST = "offering_adjust"


def start_offerings(state: State, events: list[Event]) -> None:
    start_phase(state, "offering")
    state["offering"] = {
        "sealed": {},  # seat (str) -> {"theft", "amount", "adjust"}: hidden until the reveal
        "revealed": None,  # per seat {"theft", "amount", "adjust"} after the reveal
        "ranks": None,
        "pay_queue": [],
        "adjust_queue": [],
        "settled": False,
        "reward_queue": [],  # [seat, items left] in rank order
    }
    events.append(
        Event(
            "phase",
            msg("Offerings to Amun-Re: every seat commits in secret."),
            {"phase": "offering"},
        )
    )


def tile_for(total: int) -> int:
    """AMR-R044: the collective offering selects the tile (negative totals -> tile 1)."""
    for tile in OFFERING_TILES:
        if tile.high is None or total <= tile.high:
            return tile.tile
    raise AssertionError("unreachable: the last tile is unbounded")


def sealed_decision(state: State, seat: int) -> Decision:
    """AMR-R038 / AMR-R039: Theft or N >= 1 gold (favor cards 1 each), optional Adjustment."""
    player = state["players"][seat]
    most = player["gold"] + hand_size(player)
    adjust = can_play(player, ADJUST)
    options = []
    if player["theft"]:
        options.append(Option("theft", msg("Play your Theft card (-3 on the total, gain 3 gold)")))
        if adjust:
            options.append(
                Option("theft+adjust", msg("Play Theft and attach an Offering Adjustment"))
            )
    for amount in range(1, most + 1):
        options.append(Option(f"offer:{amount}", msg("Offer {gold}", gold=gold(amount))))
        if adjust and amount <= most - 1:
            options.append(
                Option(
                    f"offer:{amount}+adjust",
                    msg("Offer {gold} and attach an Offering Adjustment", gold=gold(amount)),
                )
            )
    prompt = msg(
        "{seat}: make your secret offering to Amun-Re — gold (favor cards count 1 "
        "each) or your Theft card.",
        seat=seat_name(seat),
    )
    return Decision(seat, "offering", prompt, tuple(options), secret=True)


def offering_decisions(state: State) -> list[Decision]:
    offering = state["offering"]
    if offering["revealed"] is None:
        return [
            sealed_decision(state, seat)
            for seat in turn_order(state)
            if str(seat) not in offering["sealed"]
        ]
    if offering["adjust_queue"]:
        seat = offering["adjust_queue"][0]
        total = state["collective_offering"]
        options = [
            Option("adjust:+3", msg("Add 3 (total {total})", total=total + ADJUSTMENT_VALUE)),
            Option("adjust:-3", msg("Subtract 3 (total {total})", total=total - ADJUSTMENT_VALUE)),
        ]
        options.extend(sell_options(state, seat))
        prompt = msg(
            "{seat}: the collective offering is {total}. Declare your Offering "
            "Adjustment: +3 or -3.",
            seat=seat_name(seat),
            total=total,
        )
        return [Decision(seat, "adjust", prompt, tuple(options))]
    if offering["reward_queue"]:
        seat, left = offering["reward_queue"][0]
        return [reward_decision(state, seat, left)]
    return []


def reward_decision(state: State, seat: int, left: int) -> Decision:
    """AMR-R048..AMR-R052: a favor card, a farmer or a stone per item."""
    options = []
    if favor_available(state):
        # AMR-R049: reward cards ignore favor_limit.
        options.append(Option("reward:favor", msg("Take a favor card")))
    provinces = own_provinces(state, seat)
    for pid in provinces:
        # AMR-R050: a farmer needs a free field.
        if free_fields(state, pid) > 0:
            options.append(
                Option(
                    f"reward:farmer:{pid}",
                    msg("Take a farmer for {province}", province=province_name(pid)),
                )
            )
    for pid in provinces:
        options.append(
            Option(
                f"reward:stone:{pid}",
                msg("Take a stone for {province}", province=province_name(pid)),
            )
        )
    options.extend(sell_options(state, seat))
    prompt = msg("{seat}: choose a reward ({left} left).", seat=seat_name(seat), left=left)
    return Decision(seat, "reward", prompt, tuple(options))


def apply_sealed(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    """AMR-R040 / AMR-R093: the commitment stays hidden; only "has answered" shows."""
    action, _, adjust = option_id.partition("+")
    theft = action == "theft"
    amount = 0 if theft else int(action.split(":")[1])
    state["offering"]["sealed"][str(seat)] = {
        "theft": theft,
        "amount": amount,
        "adjust": bool(adjust),
    }
    events.append(
        Event(
            "sealed",
            msg("{seat} has made an offering.", seat=seat_name(seat)),
            {"seat": seat},
            seat=seat,
        )
    )
    if theft and adjust:
        said = msg("You offer your Theft card with an Offering Adjustment.")
    elif theft:
        said = msg("You offer your Theft card.")
    elif adjust:
        said = msg("You offer {gold} with an Offering Adjustment.", gold=gold(amount))
    else:
        said = msg("You offer {gold}.", gold=gold(amount))
    events.append(Event("sealed_private", said, {"option": option_id}, seat=seat, private_to=seat))
    if len(state["offering"]["sealed"]) == state["seats"]:
        reveal(state, events)


def reveal(state: State, events: list[Event]) -> None:
    """AMR-R040..AMR-R042: reveal together, pay, total = offerings - 3 per Theft."""
    offering = state["offering"]
    sealed = offering["sealed"]
    order = turn_order(state)
    revealed = []
    total = 0
    parts = []
    for seat in range(state["seats"]):
        commit = sealed[str(seat)]
        log_offer(state, seat, commit)
        revealed.append(
            {
                "theft": commit["theft"],
                "amount": commit["amount"],
                "adjust": None,
                "adjust_attached": commit["adjust"],
            }
        )
    for seat in order:
        commit = sealed[str(seat)]
        if commit["adjust"]:
            play_card(state, seat, ADJUST)
        if commit["theft"]:
            total -= THEFT_VALUE
            if commit["adjust"]:
                parts.append(msg("{seat} Theft + Adjustment", seat=seat_name(seat)))
            else:
                parts.append(msg("{seat} Theft", seat=seat_name(seat)))
        else:
            total += commit["amount"]
            if commit["adjust"]:
                parts.append(
                    msg(
                        "{seat} {amount} + Adjustment",
                        seat=seat_name(seat),
                        amount=commit["amount"],
                    )
                )
            else:
                parts.append(msg("{seat} {amount}", seat=seat_name(seat), amount=commit["amount"]))
            # AMR-R041: paid to the reserve; the shortfall in favor cards (1 each).
            player = state["players"][seat]
            paid = min(player["gold"], commit["amount"])
            player["gold"] -= paid
            if paid < commit["amount"]:
                offering["pay_queue"].append([seat, commit["amount"] - paid])
        if commit["adjust"]:
            # AMR-R043: declarations in turn order from this round's start player.
            offering["adjust_queue"].append(seat)
    offering["revealed"] = revealed
    offering["sealed"] = {}
    state["collective_offering"] = total
    events.append(
        Event(
            "reveal_offerings",
            msg(
                "Offerings revealed: {offerings}. Collective offering: {total}.",
                offerings=parts,
                total=total,
            ),
            {"offerings": revealed, "total": total},
        )
    )


def log_offer(state: State, seat: int, commit: dict[str, Any]) -> None:
    """Public history of revealed offerings (AMR-R040: revealed to all), with the seat's gold
    before paying: what an AI may learn of another seat's offering habits."""
    state.setdefault("offer_log", []).append(
        {
            "round": state["round"],
            "seat": seat,
            "gold": state["players"][seat]["gold"],
            "theft": commit["theft"],
            "amount": commit["amount"],
        }
    )


def apply_adjust(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    """AMR-R043: +3 or -3 on the collective offering; individual offerings do not change."""
    offering = state["offering"]
    delta = ADJUSTMENT_VALUE if option_id.endswith("+3") else -ADJUSTMENT_VALUE
    offering["adjust_queue"].pop(0)
    offering["revealed"][seat]["adjust"] = delta
    state["collective_offering"] += delta
    events.append(
        Event(
            "adjust",
            msg(
                "{seat} adjusts the collective offering by {delta:+d} to {total}.",
                seat=seat_name(seat),
                delta=delta,
                total=state["collective_offering"],
            ),
            {"seat": seat, "delta": delta},
            seat=seat,
        )
    )


def settle_offerings(state: State, events: list[Event]) -> None:
    """Tile, Theft gold, ranking, new start player, reward queue."""
    offering = state["offering"]
    revealed = offering["revealed"]
    # AMR-R044: the tile replaces the one on the board.
    tile = tile_for(state["collective_offering"])
    state["tile"] = tile
    data = TILE_BY_NUMBER[tile]
    if data.camel:
        text = msg(
            "The collective offering is {total}: tile {tile} ({gold} per farmer, caravans pay).",
            total=state["collective_offering"],
            tile=tile,
            gold=gold(data.gold_per_farmer),
        )
    else:
        text = msg(
            "The collective offering is {total}: tile {tile} ({gold} per farmer).",
            total=state["collective_offering"],
            tile=tile,
            gold=gold(data.gold_per_farmer),
        )
    events.append(Event("tile", text, {"tile": tile}))
    order = turn_order(state)
    for seat in order:
        if revealed[seat]["theft"]:
            # AMR-R045 / AMR-R088: the Theft card comes back, with 3 gold.
            state["players"][seat]["gold"] += THEFT_VALUE
            events.append(
                Event(
                    "theft",
                    msg(
                        "{seat} takes back the Theft card and gains {gold}.",
                        seat=seat_name(seat),
                        gold=gold(THEFT_VALUE),
                    ),
                    {"seat": seat},
                    seat=seat,
                )
            )
    # AMR-R046: highest offering first; ties go to the seat nearer the start player.
    ranked = sorted(
        (seat for seat in order if not revealed[seat]["theft"]),
        key=lambda seat: -revealed[seat]["amount"],
    )
    ranks: list[int | None] = [None] * state["seats"]
    for place, seat in enumerate(ranked, start=1):
        ranks[seat] = place
    offering["ranks"] = ranks
    if ranked:
        # AMR-R047: rank 1 becomes start player (after the Adjustments and the tile).
        state["start_player"] = ranked[0]
        events.append(
            Event(
                "start_player",
                msg(
                    "{seat} made the highest offering and becomes start player.",
                    seat=seat_name(ranked[0]),
                ),
                {"seat": ranked[0]},
                seat=ranked[0],
            )
        )
    # AMR-R048: 3 items for rank 1, 2 for rank 2, 1 for the others; Theft seats none.
    for place, seat in enumerate(ranked):
        items = REWARDS_BY_RANK[place] if place < len(REWARDS_BY_RANK) else OTHER_RANK_REWARDS
        offering["reward_queue"].append([seat, items])
    offering["settled"] = True


def apply_reward(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    offering = state["offering"]
    parts = option_id.split(":")
    name = seat_name(seat)
    if parts[1] == "favor":
        drawn = give_favor_cards(state, seat, 1)
        events.append(
            Event(
                "reward",
                msg("{seat} takes a favor card as reward.", seat=name),
                {"seat": seat, "item": "favor"},
                seat=seat,
            )
        )
        events.extend(drawn_events(seat, drawn, msg("reward"))[1:])
    else:
        kind, pid = parts[1], parts[2]
        where = province_name(pid)
        if kind == "farmer":
            state["provinces"][pid]["farmers"] += 1
            text = msg("{seat} takes a farmer for {province} as reward.", seat=name, province=where)
        elif place_stones(state, pid, 1):  # AMR-R051 / AMR-R034
            text = msg(
                "{seat} takes a stone for {province} as reward and builds a pyramid.",
                seat=name,
                province=where,
            )
        else:
            text = msg("{seat} takes a stone for {province} as reward.", seat=name, province=where)
        events.append(
            Event("reward", text, {"seat": seat, "item": kind, "province": pid}, seat=seat)
        )
    entry = offering["reward_queue"][0]
    entry[1] -= 1
    if entry[1] == 0:
        offering["reward_queue"].pop(0)


def advance_offerings(state: State, events: list[Event]) -> bool:
    offering = state["offering"]
    if offering["revealed"] is None:
        return True
    if offering["pay_queue"]:
        seat, amount = offering["pay_queue"].pop(0)
        # AMR-R041: the shortfall is paid in favor cards of the seat's choice.
        state["debt"] = {"seat": seat, "amount": amount, "kind": "offering"}
        events.append(
            Event(
                "debt",
                msg(
                    "{seat} must hand over {count} {count:plural:favor card|favor cards} for the "
                    "offering.",
                    seat=seat_name(seat),
                    count=amount,
                ),
                {"seat": seat, "amount": amount},
                seat=seat,
            )
        )
        return True
    if offering["adjust_queue"]:
        return True
    if not offering["settled"]:
        settle_offerings(state, events)
    return bool(offering["reward_queue"])
