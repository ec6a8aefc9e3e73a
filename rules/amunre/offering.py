"""Phase 3 — offerings to Amun-Re (blue cards: Offering Adjustment; Theft). AMR-R038..R052."""

from __future__ import annotations

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
    events.append(Event("phase", "Offerings to Amun-Re: every seat commits in secret.",
                        {"phase": "offering"}))


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
        options.append(Option("theft", "Play your Theft card (-3 on the total, gain 3 gold)"))
        if adjust:
            options.append(Option("theft+adjust", "Play Theft and attach an Offering Adjustment"))
    for amount in range(1, most + 1):
        options.append(Option(f"offer:{amount}", f"Offer {amount} gold"))
        if adjust and amount <= most - 1:
            options.append(Option(f"offer:{amount}+adjust",
                                  f"Offer {amount} gold and attach an Offering Adjustment"))
    prompt = (f"{seat_name(seat)}: make your secret offering to Amun-Re — gold (favor cards "
              "count 1 each) or your Theft card.")
    return Decision(seat, "offering", prompt, tuple(options), secret=True)


def offering_decisions(state: State) -> list[Decision]:
    offering = state["offering"]
    if offering["revealed"] is None:
        return [sealed_decision(state, seat) for seat in turn_order(state)
                if str(seat) not in offering["sealed"]]
    if offering["adjust_queue"]:
        seat = offering["adjust_queue"][0]
        total = state["collective_offering"]
        options = [Option("adjust:+3", f"Add 3 (total {total + ADJUSTMENT_VALUE})"),
                   Option("adjust:-3", f"Subtract 3 (total {total - ADJUSTMENT_VALUE})")]
        options.extend(sell_options(state, seat))
        prompt = (f"{seat_name(seat)}: the collective offering is {total}. Declare your "
                  "Offering Adjustment: +3 or -3.")
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
        options.append(Option("reward:favor", "Take a favor card"))
    provinces = own_provinces(state, seat)
    for pid in provinces:
        # AMR-R050: a farmer needs a free field.
        if free_fields(state, pid) > 0:
            options.append(Option(f"reward:farmer:{pid}",
                                  f"Take a farmer for {province_name(pid)}"))
    for pid in provinces:
        options.append(Option(f"reward:stone:{pid}", f"Take a stone for {province_name(pid)}"))
    options.extend(sell_options(state, seat))
    prompt = f"{seat_name(seat)}: choose a reward ({left} left)."
    return Decision(seat, "reward", prompt, tuple(options))


def apply_sealed(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    """AMR-R040 / AMR-R093: the commitment stays hidden; only "has answered" shows."""
    action, _, adjust = option_id.partition("+")
    theft = action == "theft"
    amount = 0 if theft else int(action.split(":")[1])
    state["offering"]["sealed"][str(seat)] = {"theft": theft, "amount": amount,
                                              "adjust": bool(adjust)}
    events.append(Event("sealed", f"{seat_name(seat)} has made an offering.", {"seat": seat},
                        seat=seat))
    what = "your Theft card" if theft else f"{amount} gold"
    events.append(Event("sealed_private", f"You offer {what}"
                        f"{' with an Offering Adjustment' if adjust else ''}.",
                        {"option": option_id}, seat=seat, private_to=seat))
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
        revealed.append({"theft": commit["theft"], "amount": commit["amount"],
                         "adjust": None, "adjust_attached": commit["adjust"]})
    for seat in order:
        commit = sealed[str(seat)]
        if commit["adjust"]:
            play_card(state, seat, ADJUST)
        if commit["theft"]:
            total -= THEFT_VALUE
            parts.append(f"{seat_name(seat)} Theft")
        else:
            total += commit["amount"]
            parts.append(f"{seat_name(seat)} {commit['amount']}")
            # AMR-R041: paid to the reserve; the shortfall in favor cards (1 each).
            player = state["players"][seat]
            paid = min(player["gold"], commit["amount"])
            player["gold"] -= paid
            if paid < commit["amount"]:
                offering["pay_queue"].append([seat, commit["amount"] - paid])
        if commit["adjust"]:
            parts[-1] += " + Adjustment"
            # AMR-R043: declarations in turn order from this round's start player.
            offering["adjust_queue"].append(seat)
    offering["revealed"] = revealed
    offering["sealed"] = {}
    state["collective_offering"] = total
    events.append(Event("reveal_offerings", "Offerings revealed: " + ", ".join(parts)
                        + f". Collective offering: {total}.",
                        {"offerings": revealed, "total": total}))


def apply_adjust(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    """AMR-R043: +3 or -3 on the collective offering; individual offerings do not change."""
    offering = state["offering"]
    delta = ADJUSTMENT_VALUE if option_id.endswith("+3") else -ADJUSTMENT_VALUE
    offering["adjust_queue"].pop(0)
    offering["revealed"][seat]["adjust"] = delta
    state["collective_offering"] += delta
    events.append(Event("adjust", f"{seat_name(seat)} adjusts the collective offering by "
                        f"{delta:+d} to {state['collective_offering']}.",
                        {"seat": seat, "delta": delta}, seat=seat))


def settle_offerings(state: State, events: list[Event]) -> None:
    """Tile, Theft gold, ranking, new start player, reward queue."""
    offering = state["offering"]
    revealed = offering["revealed"]
    # AMR-R044: the tile replaces the one on the board.
    tile = tile_for(state["collective_offering"])
    state["tile"] = tile
    data = TILE_BY_NUMBER[tile]
    events.append(Event("tile", f"The collective offering is {state['collective_offering']}: "
                        f"tile {tile} ({data.gold_per_farmer} gold per farmer"
                        f"{', caravans pay' if data.camel else ''}).", {"tile": tile}))
    order = turn_order(state)
    for seat in order:
        if revealed[seat]["theft"]:
            # AMR-R045 / AMR-R088: the Theft card comes back, with 3 gold.
            state["players"][seat]["gold"] += THEFT_VALUE
            events.append(Event("theft", f"{seat_name(seat)} takes back the Theft card and "
                                f"gains {THEFT_VALUE} gold.", {"seat": seat}, seat=seat))
    # AMR-R046: highest offering first; ties go to the seat nearer the start player.
    ranked = sorted((seat for seat in order if not revealed[seat]["theft"]),
                    key=lambda seat: -revealed[seat]["amount"])
    ranks: list[int | None] = [None] * state["seats"]
    for place, seat in enumerate(ranked, start=1):
        ranks[seat] = place
    offering["ranks"] = ranks
    if ranked:
        # AMR-R047: rank 1 becomes start player (after the Adjustments and the tile).
        state["start_player"] = ranked[0]
        events.append(Event("start_player", f"{seat_name(ranked[0])} made the highest offering "
                            "and becomes start player.", {"seat": ranked[0]}, seat=ranked[0]))
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
        events.append(Event("reward", f"{name} takes a favor card as reward.",
                            {"seat": seat, "item": "favor"}, seat=seat))
        events.extend(drawn_events(seat, drawn, "reward")[1:])
    else:
        kind, pid = parts[1], parts[2]
        text = f"{name} takes a {kind} for {province_name(pid)} as reward"
        if kind == "farmer":
            state["provinces"][pid]["farmers"] += 1
        elif place_stones(state, pid, 1):
            text += " and builds a pyramid"  # AMR-R051 / AMR-R034
        events.append(Event("reward", text + ".", {"seat": seat, "item": kind, "province": pid},
                            seat=seat))
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
        events.append(Event("debt", f"{seat_name(seat)} must hand over {amount} favor card(s) "
                            "for the offering.", {"seat": seat, "amount": amount}, seat=seat))
        return True
    if offering["adjust_queue"]:
        return True
    if not offering["settled"]:
        settle_offerings(state, events)
    return bool(offering["reward_queue"])
