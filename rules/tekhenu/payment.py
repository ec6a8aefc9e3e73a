"""The payment step: how a player with T10 or T22 pays (TEK-R075, TEK-R255, TEK-R267).

T22 (Limestone and Granite) and T10 (Gold and Scribes) make tokens interchangeable and give
+1 VP once in a turn in which the player does so, so which tokens pay a cost is the player's
choice. When an answer of such a player leads to a payment with more than one mix that can
matter (``state.payment_mixes``), the answer is held and a ``pay`` decision asks for the mix
(``pay:1gra+1gold``); then the answer is applied with that mix. Which payments an answer makes
is found by a dry run of the answer on a copy of the state (the same seeded state: the real
run makes the same payments). Without T10/T22, or with one mix only, nothing is asked.
"""

from __future__ import annotations

from rules.core import Decision, Event, Option, clone_state
from rules.tekhenu import machine
from rules.tekhenu.data import WORDS
from rules.tekhenu.state import (
    PAY_KEYS,
    State,
    mix_code,
    mix_vp,
)
from rules.text import msg


def goods_text(goods: dict[str, int]) -> list:
    return [
        msg("{amount} {what}", amount=goods[k], what=WORDS[k]) for k in PAY_KEYS if goods.get(k)
    ]


def may_choose(state: State, seat: int | None) -> bool:
    if seat is None or state.get("pay_dry"):
        return False
    player = state["players"][seat]
    techs = player["technologies"]
    if "T10" in techs and (player["gold"] or player["scribe"]):
        return True
    return "T22" in techs and any(player["res"][s] for s in ("limestone", "granite"))


def dry_run(state: State, frame: dict, option: str, queue: list) -> tuple[State, list[Event]]:
    """The answer applied on a copy (up to the next decision), paying with the mixes already
    chosen in ``queue``; ``pay_probe`` lists its payments (seat, cost, mixes)."""
    dry = clone_state(state)
    dry["pay_dry"] = True
    dry["pay_probe"] = []
    if queue:
        dry["pay_queue"] = clone_state(queue)
    events: list[Event] = []
    frame = clone_state(frame)
    machine.apply(dry, frame, option, events)
    machine.advance(dry, events)
    return dry, events


def settle_answer(state: State, frame: dict, option: str, queue: list, events: list[Event]) -> None:
    """Apply the answer with the mixes of ``queue``, unless a later payment of it has a
    choice: then push the ``pay`` decision for that payment. (With no choice left, the dry
    run, the same seeded state and answer, is the real run: it is kept.)"""
    dry, dry_events = dry_run(state, frame, option, queue)
    for index, (seat, cost, mixes) in enumerate(dry["pay_probe"]):
        if index < len(queue) or len(mixes) < 2:
            continue
        pad = queue + [None] * (index - len(queue))
        state["stack"].append(
            {
                "k": "pay",
                "s": seat,
                "then": frame,
                "option": option,
                "queue": pad,
                "cost": cost,
                "mixes": mixes,
            }
        )
        return
    del dry["pay_dry"], dry["pay_probe"]
    assert "pay_queue" not in dry  # every chosen mix was paid
    state.clear()
    state.update(dry)
    events.extend(dry_events)


def hold_for_payment(state: State, frame: dict, option: str, events: list[Event]) -> bool:
    """Apply hook (``rules.tekhenu.steps.TABLE``): an answer that pays with more than one mix
    that can matter waits for the ``pay`` decision."""
    if frame["k"] == "pay" or "answering" in frame:
        return False
    if not may_choose(state, frame.get("s")):
        return False
    settle_answer(state, frame, option, [], events)
    return True


def mix_label(state: State, seat: int, cost: dict, mix: dict):
    cards = mix_vp(state, seat, cost, mix)
    if cards:
        return msg(
            "Pay {goods} (+{vp} VP, {cards})", goods=goods_text(mix), vp=len(cards), cards=cards
        )
    return msg("Pay {goods}", goods=goods_text(mix))


def pay_decision(state: State, frame: dict) -> Decision:
    seat, cost = frame["s"], frame["cost"]
    options = tuple(
        Option(f"pay:{mix_code(mix)}", mix_label(state, seat, cost, mix)) for mix in frame["mixes"]
    )
    return Decision(seat, "pay", msg("How do you pay {goods}?", goods=goods_text(cost)), options)


def pay_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    code = option.split(":", 1)[1]
    mix = next(m for m in frame["mixes"] if mix_code(m) == code)
    settle_answer(state, frame["then"], frame["option"], [*frame["queue"], mix], events)
