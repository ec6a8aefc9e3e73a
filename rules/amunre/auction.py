"""Phase 1 — province auction (red cards: Protection, Bribe). AMR-R011..AMR-R025."""

from __future__ import annotations

from rules.amunre.data import BID_SPACES, PROVINCE_BY_ID, PROVINCE_IDS
from rules.amunre.state import (
    State,
    add_card,
    can_play,
    draw_favor,
    drawn_events,
    gold,
    hand_size,
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

TOP_SPACE = BID_SPACES[-1]


def start_auction(state: State, events: list[Event]) -> None:
    """AMR-R011 / AMR-R012: reveal N provinces and set their immediate bonuses aside."""
    start_phase(state, "auction")
    seats = state["seats"]
    revealed = [state["province_deck"].pop() for _ in range(seats)]
    revealed.sort(key=PROVINCE_IDS.index)  # AMR-R092: shown in board order, not deck order
    bonus_favor = {}
    for pid in revealed:
        # AMR-R012: the bonus favor cards are drawn now, face down, unknown to everybody.
        cards = [draw_favor(state) for _ in range(PROVINCE_BY_ID[pid].immediate_favor)]
        bonus_favor[pid] = [card for card in cards if card is not None]
    state["auction"] = {
        "revealed": revealed,
        "bids": {pid: None for pid in revealed},  # top bid: [seat, value]
        "blocked": {pid: [] for pid in revealed},  # AMR-R020
        "bonus_favor": bonus_favor,  # AMR-R092: hidden until taken
        "scribe": [None] * seats,  # province each seat's scribe stands on
        "turn": state["start_player"],  # AMR-R014
        "settle": None,  # seats still to settle, once bidding is over
    }
    events.append(
        Event(
            "reveal",
            msg(
                "Round {round}: the provinces on auction are {provinces}.",
                round=state["round"],
                provinces=[province_name(pid) for pid in revealed],
            ),
            {"provinces": list(revealed), "round": state["round"]},
        )
    )


def holds_top_bid(state: State, seat: int) -> bool:
    auction = state["auction"]
    pid = auction["scribe"][seat]
    return pid is not None and auction["bids"][pid][0] == seat


def _free_spaces(auction: dict, pid: str, budget: int) -> list[int]:
    """AMR-R017 / AMR-R019 / AMR-R020: vacant, unblocked spaces above the top bid, affordable."""
    top = auction["bids"][pid]
    floor = top[1] if top is not None else -1
    blocked = auction["blocked"][pid]
    return [v for v in BID_SPACES if floor < v <= budget and v not in blocked]


def bid_decision(state: State) -> Decision:
    auction = state["auction"]
    seat = auction["turn"]
    player = state["players"][seat]
    # AMR-R019: gold plus favor cards (1 each); a card played with the bid does not count.
    budget = player["gold"] + hand_size(player)
    protect = can_play(player, "protection")
    # AMR-R018: an outbid seat must move to another card (its scribe stands on the old one).
    outbid_on = auction["scribe"][seat]
    options: list[Option] = []
    for pid in auction["revealed"]:
        if pid == outbid_on:
            continue
        name = province_name(pid)
        for value in _free_spaces(auction, pid, budget):
            options.append(
                Option(
                    f"bid:{pid}:{value}",
                    msg("Bid {value} on {province}", value=value, province=name),
                    group=name,
                )
            )
            if protect and value != TOP_SPACE and value <= budget - 1:
                options.append(
                    Option(
                        f"bid:{pid}:{value}+protect",
                        msg(
                            "Bid {value} on {province} and play Protection",
                            value=value,
                            province=name,
                        ),
                        msg("blocks the next space above your bid"),
                        group=name,
                    )
                )
    if outbid_on is not None and can_play(player, "bribe"):
        # AMR-R021: Bribe lets an outbid seat bid again on the same card.
        name = province_name(outbid_on)
        for value in _free_spaces(auction, outbid_on, budget - 1):
            options.append(
                Option(
                    f"bribe:{value}",
                    msg("Play Bribe: bid {value} again on {province}", value=value, province=name),
                    group=name,
                )
            )
            if protect and value != TOP_SPACE and value <= budget - 2:
                options.append(
                    Option(
                        f"bribe:{value}+protect",
                        msg(
                            "Play Bribe: bid {value} again on {province}, with Protection",
                            value=value,
                            province=name,
                        ),
                        group=name,
                    )
                )
    options.extend(sell_options(state, seat))
    if outbid_on is None:
        prompt = msg(
            "{seat}: place your scribe — bid on one of the provinces.", seat=seat_name(seat)
        )
    else:
        prompt = msg(
            "{seat}: you were outbid on {province} — bid on another province.",
            seat=seat_name(seat),
            province=province_name(outbid_on),
        )
    return Decision(seat, "bid", prompt, tuple(options))


def apply_bid(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    auction = state["auction"]
    action, _, protect = option_id.partition("+")
    parts = action.split(":")
    if parts[0] == "bribe":
        pid, value = auction["scribe"][seat], int(parts[1])
        play_card(state, seat, "bribe")
        events.append(
            Event(
                "card",
                msg("{seat} plays Bribe.", seat=seat_name(seat)),
                {"seat": seat, "card": "bribe"},
                seat=seat,
            )
        )
    else:
        pid, value = parts[1], int(parts[2])
    previous = auction["bids"][pid]
    auction["bids"][pid] = [seat, value]
    auction["scribe"][seat] = pid
    if previous is None:
        text = msg(
            "{seat} bids {value} on {province}.",
            seat=seat_name(seat),
            value=value,
            province=province_name(pid),
        )
    else:
        text = msg(
            "{seat} bids {value} on {province}, outbidding {other}.",
            seat=seat_name(seat),
            value=value,
            province=province_name(pid),
            other=seat_name(previous[0]),
        )
    events.append(Event("bid", text, {"seat": seat, "province": pid, "value": value}, seat=seat))
    if protect:
        # AMR-R020: the space directly above is blocked until the end of this auction.
        blocked_space = BID_SPACES[BID_SPACES.index(value) + 1]
        play_card(state, seat, "protection")
        auction["blocked"][pid].append(blocked_space)
        events.append(
            Event(
                "card",
                msg(
                    "{seat} plays Protection: space {space} on {province} is blocked.",
                    seat=seat_name(seat),
                    space=blocked_space,
                    province=province_name(pid),
                ),
                {"seat": seat, "card": "protection", "province": pid, "blocked": blocked_space},
                seat=seat,
            )
        )
    # AMR-R014 / AMR-R015: the turn passes clockwise; seats holding a top bid pass.
    seats = state["seats"]
    for step in range(1, seats + 1):
        nxt = (seat + step) % seats
        if not holds_top_bid(state, nxt):
            auction["turn"] = nxt
            break


def advance_auction(state: State, events: list[Event]) -> bool:
    """Run the automatic part of the auction. True while a decision is open."""
    auction = state["auction"]
    if auction["settle"] is None:
        if not all(holds_top_bid(state, seat) for seat in range(state["seats"])):
            return True
        # AMR-R022: every card holds exactly one scribe: the auction ends at once.
        auction["settle"] = turn_order(state)
        events.append(Event("auction_end", msg("Every province has one bidder: the auction ends.")))
    while auction["settle"]:
        # AMR-R023: settlement seat by seat in turn order: pay, then take the province.
        seat = auction["settle"][0]
        pid = auction["scribe"][seat]
        value = auction["bids"][pid][1]
        player = state["players"][seat]
        paid = min(player["gold"], value)
        player["gold"] -= paid
        if paid < value:
            # AMR-R024: short of gold: hand over favor cards until covered.
            state["debt"] = {"seat": seat, "amount": value - paid, "kind": "bid"}
            events.append(
                Event(
                    "debt",
                    msg(
                        "{seat} pays {gold} and must hand over {count} "
                        "{count:plural:favor card|favor cards} for {province}.",
                        seat=seat_name(seat),
                        gold=gold(paid),
                        count=value - paid,
                        province=province_name(pid),
                    ),
                    {"seat": seat, "amount": value - paid},
                    seat=seat,
                )
            )
            return True
        finish_settlement(state, seat, events)
    return False


def finish_settlement(state: State, seat: int, events: list[Event]) -> None:
    """AMR-R023 / AMR-R025: take the province (scribe marks ownership) and its bonus."""
    auction = state["auction"]
    auction["settle"].remove(seat)
    pid = auction["scribe"][seat]
    value = auction["bids"][pid][1]
    data = PROVINCE_BY_ID[pid]
    player = state["players"][seat]
    state["provinces"][pid]["owner"] = seat
    player["provinces"].append(pid)
    events.append(
        Event(
            "settle",
            msg(
                "{seat} pays {gold} and takes {province}.",
                seat=seat_name(seat),
                gold=gold(value),
                province=province_name(pid),
            ),
            {"seat": seat, "province": pid, "value": value},
            seat=seat,
        )
    )
    cards = auction["bonus_favor"].pop(pid)
    for card in cards:
        add_card(player, card)
    events.extend(
        drawn_events(seat, cards, msg("bonus of {province}", province=province_name(pid)))
    )
    if data.immediate_gold:
        player["gold"] += data.immediate_gold
        events.append(
            Event(
                "gain",
                msg(
                    "{seat} gains {gold} (bonus of {province}).",
                    seat=seat_name(seat),
                    gold=gold(data.immediate_gold),
                    province=province_name(pid),
                ),
                {"seat": seat, "gold": data.immediate_gold},
                seat=seat,
            )
        )
    if data.immediate_stones:
        # A11 #3: the bonus stone stays in the province that carried it (AMR-R034 applies).
        built = place_stones(state, pid, data.immediate_stones)
        if built:
            text = msg(
                "{seat} places {count} bonus {count:plural:stone|stones} in {province} and "
                "builds {built} {built:plural:pyramid|pyramids}.",
                seat=seat_name(seat),
                count=data.immediate_stones,
                province=data.name,
                built=built,
            )
        else:
            text = msg(
                "{seat} places {count} bonus {count:plural:stone|stones} in {province}.",
                seat=seat_name(seat),
                count=data.immediate_stones,
                province=data.name,
            )
        events.append(Event("stone", text, {"seat": seat, "province": pid}, seat=seat))
