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

# AMR-R027: the fixed order inside a purchase turn.
STAGES = ("favor", "farmer", "stone", "done")


def start_purchases(state: State, events: list[Event]) -> None:
    """AMR-R026: purchase turns in turn order, one seat after the other."""
    start_phase(state, "purchase")
    order = turn_order(state)
    state["purchase"] = {"seat": order[0], "queue": order[1:], "stage": "favor", "placing": None}
    events.append(Event("phase", "Purchases and building begin.", {"phase": "purchase"}))


def favor_limit(state: State, seat: int) -> int:
    """AMR-R029: the highest favor_limit among own provinces (limits are not added)."""
    return max((PROVINCE_BY_ID[pid].favor_limit for pid in own_provinces(state, seat)), default=0)


def _affordable(gold: int, most: int) -> range:
    """AMR-R028 / AMR-R032: counts 1..most whose n(n+1)/2 cost the seat can pay now."""
    count = 0
    while count < most and purchase_cost(count + 1) <= gold:
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
        if kind == "farmer":
            # AMR-R030: each farmer goes on a free field of an own province.
            options = [Option(f"farmer:{pid}", f"Farmer to {province_name(pid)}",
                              f"{free_fields(state, pid)} free field(s)")
                       for pid in provinces if free_fields(state, pid) > 0]
        else:
            # AMR-R031: each stone goes into an own province and never moves.
            options = [Option(f"stone:{pid}", f"Stone to {province_name(pid)}",
                              f"{state['provinces'][pid]['stones']} stone(s) there")
                       for pid in provinces]
        options.extend(sell_options(state, seat))
        prompt = f"{seat_name(seat)}: place your {kind} ({left} left)."
        return Decision(seat, f"place_{kind}", prompt, tuple(options))

    gold = player["gold"]
    stage = STAGES.index(purchase["stage"])
    options: list[Option] = []
    if stage <= STAGES.index("favor"):
        most = min(favor_limit(state, seat), MAX_FAVOR_PURCHASE, favor_available(state))
        for n in _affordable(gold, most):
            options.append(Option(f"buy:favor:{n}", f"Buy {n} favor card{'s' * (n > 1)} "
                                  f"for {purchase_cost(n)} gold"))
    if stage <= STAGES.index("farmer"):
        free = sum(free_fields(state, pid) for pid in provinces)
        for n in _affordable(gold, free):
            options.append(Option(f"buy:farmer:{n}", f"Buy {n} farmer{'s' * (n > 1)} "
                                  f"for {purchase_cost(n)} gold"))
    if stage <= STAGES.index("stone"):
        for n in _affordable(gold, gold):
            options.append(Option(f"buy:stone:{n}", f"Buy {n} stone{'s' * (n > 1)} "
                                  f"for {purchase_cost(n)} gold"))
    if can_play(player, "architect"):
        # AMR-R036: an own province holding exactly 2 stones.
        for pid in provinces:
            if state["provinces"][pid]["stones"] == ARCHITECT_STONES:
                options.append(Option(f"architect:{pid}",
                                      f"Play Architect: build a pyramid in {province_name(pid)}"))
    if can_play(player, "extra_farmer"):
        # AMR-R037: any own province, field or not.
        for pid in provinces:
            options.append(Option(f"extrafarmer:{pid}",
                                  f"Play Extra Farmer: a free farmer in {province_name(pid)}"))
    options.extend(sell_options(state, seat))
    options.append(Option("done", "Done: end your purchases"))
    prompt = f"{seat_name(seat)}: buy favor cards, then farmers, then stones — or finish."
    return Decision(seat, "purchase", prompt, tuple(options))


def apply_purchase(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    purchase = state["purchase"]
    player = state["players"][seat]
    parts = option_id.split(":")
    action = parts[0]
    name = seat_name(seat)
    if action == "done":
        events.append(Event("done", f"{name} ends the purchases.", {"seat": seat}, seat=seat))
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
        events.append(Event("buy", f"{name} buys {count} {kind}{'s' * (count > 1)} for "
                            f"{cost} gold.", {"seat": seat, "kind": kind, "count": count,
                                              "cost": cost}, seat=seat))
        # AMR-R027: a finished step is not reopened.
        purchase["stage"] = STAGES[STAGES.index(kind) + 1]
        if kind == "favor":
            drawn = give_favor_cards(state, seat, count)
            events.extend(drawn_events(seat, drawn, "purchase"))
        else:
            purchase["placing"] = {"kind": kind, "left": count}
        return
    pid = parts[1]
    prov = state["provinces"][pid]
    if action in ("farmer", "stone"):
        text = f"{name} places a {action} in {province_name(pid)}"
        if action == "farmer":
            prov["farmers"] += 1
        elif place_stones(state, pid, 1):
            text += " and builds a pyramid"  # AMR-R034
        events.append(Event(action, text + ".", {"seat": seat, "province": pid}, seat=seat))
        purchase["placing"]["left"] -= 1
        if purchase["placing"]["left"] == 0:
            purchase["placing"] = None
    elif action == "architect":
        # AMR-R036: two stones become one pyramid.
        play_card(state, seat, "architect")
        prov["stones"] -= ARCHITECT_STONES
        prov["pyramids"] += 1
        events.append(Event("card", f"{name} plays Architect and builds a pyramid in "
                            f"{province_name(pid)}.",
                            {"seat": seat, "card": "architect", "province": pid}, seat=seat))
    elif action == "extrafarmer":
        # AMR-R037: the Extra Farmer never occupies a field.
        play_card(state, seat, "extra_farmer")
        prov["extra_farmers"] += 1
        events.append(Event("card", f"{name} plays Extra Farmer in {province_name(pid)}.",
                            {"seat": seat, "card": "extra_farmer", "province": pid}, seat=seat))


def advance_purchases(state: State, events: list[Event]) -> bool:
    return state["purchase"]["seat"] is not None
