"""Phase 2 — purchases and building (purple cards: Architect, Extra Farmer). AMR-R026..R037."""

from __future__ import annotations

from rules.amunre.data import (
    ARCHITECT_STONES,
    MAX_FAVOR_PURCHASE,
    PROVINCE_BY_ID,
    purchase_cost,
)
from rules.amunre.state import (
    State,
    can_play,
    drawn_events,
    favor_available,
    free_fields,
    give_favor_cards,
    gold,
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
from rules.text import Msg, msg

# AMR-R027: the fixed order inside a purchase turn.
STAGES = ("favor", "farmer", "stone", "done")


def start_purchases(state: State, events: list[Event]) -> None:
    """AMR-R026: purchase turns in turn order, one seat after the other."""
    start_phase(state, "purchase")
    order = turn_order(state)
    state["purchase"] = {"seat": order[0], "queue": order[1:], "stage": "favor", "placing": None}
    events.append(Event("phase", msg("Purchases and building begin."), {"phase": "purchase"}))


def favor_limit(state: State, seat: int) -> int:
    """AMR-R029: the highest favor_limit among own provinces (limits are not added)."""
    return max((PROVINCE_BY_ID[pid].favor_limit for pid in own_provinces(state, seat)), default=0)


def _affordable(money: int, most: int) -> range:
    """AMR-R028 / AMR-R032: counts 1..most whose n(n+1)/2 cost the seat can pay now."""
    count = 0
    while count < most and purchase_cost(count + 1) <= money:
        count += 1
    return range(1, count + 1)


def purchase_decision(state: State) -> Decision:
    purchase = state["purchase"]
    seat = purchase["seat"]
    player = state["players"][seat]
    provinces = own_provinces(state, seat)
    placing = purchase["placing"]
    if placing is not None:
        kind, left = placing["kind"], placing["left"]
        options: list[Option]
        if kind == "farmer":
            # AMR-R030: each farmer goes on a free field of an own province.
            options = [
                Option(
                    f"farmer:{pid}",
                    msg("Farmer to {province}", province=province_name(pid)),
                    msg("{n} free {n:plural:field|fields}", n=free_fields(state, pid)),
                )
                for pid in provinces
                if free_fields(state, pid) > 0
            ]
        else:
            # AMR-R031: each stone goes into an own province and never moves.
            options = [
                Option(
                    f"stone:{pid}",
                    msg("Stone to {province}", province=province_name(pid)),
                    msg("{n} {n:plural:stone|stones} there", n=state["provinces"][pid]["stones"]),
                )
                for pid in provinces
            ]
        options.extend(sell_options(state, seat))
        if kind == "farmer":
            prompt = msg(
                "{seat}: place your farmer ({left} left).", seat=seat_name(seat), left=left
            )
        else:
            prompt = msg("{seat}: place your stone ({left} left).", seat=seat_name(seat), left=left)
        return Decision(seat, f"place_{kind}", prompt, tuple(options))

    money = player["gold"]
    stage = STAGES.index(purchase["stage"])
    options = []
    if stage <= STAGES.index("favor"):
        most = min(favor_limit(state, seat), MAX_FAVOR_PURCHASE, favor_available(state))
        for n in _affordable(money, most):
            options.append(Option(f"buy:favor:{n}", _buy_label("favor", n)))
    if stage <= STAGES.index("farmer"):
        free = sum(free_fields(state, pid) for pid in provinces)
        for n in _affordable(money, free):
            options.append(Option(f"buy:farmer:{n}", _buy_label("farmer", n)))
    if stage <= STAGES.index("stone"):
        for n in _affordable(money, money):
            options.append(Option(f"buy:stone:{n}", _buy_label("stone", n)))
    if can_play(player, "architect"):
        # AMR-R036: an own province holding exactly 2 stones.
        for pid in provinces:
            if state["provinces"][pid]["stones"] == ARCHITECT_STONES:
                options.append(
                    Option(
                        f"architect:{pid}",
                        msg(
                            "Play Architect: build a pyramid in {province}",
                            province=province_name(pid),
                        ),
                    )
                )
    if can_play(player, "extra_farmer"):
        # AMR-R037: any own province, field or not.
        for pid in provinces:
            options.append(
                Option(
                    f"extrafarmer:{pid}",
                    msg(
                        "Play Extra Farmer: a free farmer in {province}",
                        province=province_name(pid),
                    ),
                )
            )
    options.extend(sell_options(state, seat))
    options.append(Option("done", msg("Done: end your purchases")))
    prompt = msg(
        "{seat}: buy favor cards, then farmers, then stones — or finish.", seat=seat_name(seat)
    )
    return Decision(seat, "purchase", prompt, tuple(options))


def apply_purchase(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    purchase = state["purchase"]
    player = state["players"][seat]
    parts = option_id.split(":")
    action = parts[0]
    name = seat_name(seat)
    if action == "done":
        events.append(
            Event("done", msg("{seat} ends the purchases.", seat=name), {"seat": seat}, seat=seat)
        )
        if purchase["queue"]:
            purchase["seat"] = purchase["queue"].pop(0)
            purchase["stage"] = "favor"
        else:
            purchase["seat"] = None
        return
    if action == "buy":
        kind, count = parts[1], int(parts[2])
        cost = purchase_cost(count)
        player["gold"] -= cost
        events.append(
            Event(
                "buy",
                msg(
                    "{seat} buys {items} for {gold}.",
                    seat=name,
                    items=_items(kind, count),
                    gold=gold(cost),
                ),
                {"seat": seat, "kind": kind, "count": count, "cost": cost},
                seat=seat,
            )
        )
        # AMR-R027: a finished step is not reopened.
        purchase["stage"] = STAGES[STAGES.index(kind) + 1]
        if kind == "favor":
            drawn = give_favor_cards(state, seat, count)
            events.extend(drawn_events(seat, drawn, msg("purchase")))
        else:
            purchase["placing"] = {"kind": kind, "left": count}
        return
    pid = parts[1]
    prov = state["provinces"][pid]
    if action in ("farmer", "stone"):
        where = province_name(pid)
        if action == "farmer":
            prov["farmers"] += 1
            text = msg("{seat} places a farmer in {province}.", seat=name, province=where)
        elif place_stones(state, pid, 1):  # AMR-R034
            text = msg(
                "{seat} places a stone in {province} and builds a pyramid.",
                seat=name,
                province=where,
            )
        else:
            text = msg("{seat} places a stone in {province}.", seat=name, province=where)
        events.append(Event(action, text, {"seat": seat, "province": pid}, seat=seat))
        purchase["placing"]["left"] -= 1
        if purchase["placing"]["left"] == 0:
            purchase["placing"] = None
    elif action == "architect":
        # AMR-R036: two stones become one pyramid.
        play_card(state, seat, "architect")
        prov["stones"] -= ARCHITECT_STONES
        prov["pyramids"] += 1
        events.append(
            Event(
                "card",
                msg(
                    "{seat} plays Architect and builds a pyramid in {province}.",
                    seat=name,
                    province=province_name(pid),
                ),
                {"seat": seat, "card": "architect", "province": pid},
                seat=seat,
            )
        )
    elif action == "extrafarmer":
        # AMR-R037: the Extra Farmer never occupies a field.
        play_card(state, seat, "extra_farmer")
        prov["extra_farmers"] += 1
        events.append(
            Event(
                "card",
                msg(
                    "{seat} plays Extra Farmer in {province}.",
                    seat=name,
                    province=province_name(pid),
                ),
                {"seat": seat, "card": "extra_farmer", "province": pid},
                seat=seat,
            )
        )


def _items(kind: str, count: int) -> Msg:
    """``count`` favor cards, farmers or stones, as a text."""
    if kind == "favor":
        if count == 1:
            return msg("1 favor card")
        return msg("{n} favor cards", n=count)
    if kind == "farmer":
        if count == 1:
            return msg("1 farmer")
        return msg("{n} farmers", n=count)
    if count == 1:
        return msg("1 stone")
    return msg("{n} stones", n=count)


def _buy_label(kind: str, count: int) -> Msg:
    """AMR-R028: the option to buy ``count`` items of a kind at once."""
    return msg("Buy {items} for {gold}", items=_items(kind, count), gold=gold(purchase_cost(count)))


def advance_purchases(state: State, events: list[Event]) -> bool:
    return state["purchase"]["seat"] is not None
