"""Gains of goods and the shared Populace track (Happiness and Population) with its
first-time triggers: one module, as a gain can move the track and the track's rewards are
gains."""

from __future__ import annotations

from rules.core import Event
from rules.tekhenu.cards import draw_card
from rules.tekhenu.data import MARKET_SLOTS, MARKET_UNLOCK, POPULACE_MAX, RESOURCES, WORDS
from rules.tekhenu.state import State, add_vp, card_said, is_bot, seat_name
from rules.text import msg, term


def gain(state: State, seat: int, goods: dict[str, int], reason: str, events: list[Event]) -> None:
    """Gain tokens (TEK-R009: unlimited supply). VP go through add_vp; Population and
    Happiness through the track helpers (Population first, TEK-R345)."""
    player = state["players"][seat]
    bot = is_bot(state, seat)
    parts = []
    for key in ("population", "happiness"):
        if goods.get(key):
            if key == "population":
                gain_population(state, seat, goods[key], events)
            else:
                gain_happiness(state, seat, goods[key], events)
    for key, amount in goods.items():
        if amount <= 0 or key in ("population", "happiness", "vp"):
            continue
        if key in RESOURCES:
            if bot:
                continue  # TEK-R314
            player["res"][key] += amount
        elif key == "gold":
            if bot:
                continue
            player["gold"] += amount
        elif key == "scribe":
            player["scribe"] += amount
        elif key == "faith":
            if bot:
                continue
            player["faith"] += amount
        else:  # pragma: no cover - data error
            raise ValueError(key)
        parts.append(msg("{amount} {what}", amount=amount, what=WORDS[key]))
    if parts:
        events.append(
            Event(
                "gain",
                msg(
                    "{seat} gains {goods} ({reason}).",
                    seat=seat_name(state, seat),
                    goods=parts,
                    reason=reason,
                ),
                {"seat": seat, "goods": dict(goods)},
                seat=seat,
            )
        )
    if goods.get("vp"):
        add_vp(state, seat, goods["vp"], reason, events)


def gain_population(state: State, seat: int, amount: int, events: list[Event]) -> None:
    """B.14: at most 21; TEK-R108/R109/R110: first Population 9 / 13 opens sections 3 / 4."""
    player = state["players"][seat]
    before = player["population"]
    player["population"] = min(POPULACE_MAX, before + amount)
    if player["population"] != before:
        events.append(
            Event(
                "population",
                msg(
                    "{seat}: Population {before} -> {after}.",
                    seat=seat_name(state, seat),
                    before=before,
                    after=player["population"],
                ),
                {"seat": seat, "population": player["population"]},
                seat=seat,
            )
        )
    for threshold, section in sorted(MARKET_UNLOCK.items()):
        if player["population"] >= threshold and not state["market_open"][section]:
            open_market_section(state, section, events)


def open_market_section(state: State, section: int, events: list[Event]) -> None:
    state["market_open"][section] = True
    state["market"][section] = [draw_card(state, kind) for kind in MARKET_SLOTS[section]]
    events.append(
        Event(
            "market",
            msg("Market section {n} opens.", n=section + 1),
            {"section": section + 1, "cards": list(state["market"][section])},
        )
    )


def gain_happiness(state: State, seat: int, amount: int, events: list[Event]) -> int:
    """TEK-R112: never above Population (excess lost); TEK-R114..R117 first-time rewards.
    Returns the steps actually moved."""
    player = state["players"][seat]
    before = player["happiness"]
    player["happiness"] = max(0, min(player["population"], POPULACE_MAX, before + amount))
    moved = player["happiness"] - before
    if moved:
        events.append(
            Event(
                "happiness",
                msg(
                    "{seat}: Happiness {before} -> {after}.",
                    seat=seat_name(state, seat),
                    before=before,
                    after=player["happiness"],
                ),
                {"seat": seat, "happiness": player["happiness"]},
                seat=seat,
            )
        )
    if state["bot"] == seat:
        return moved  # TEK-R329: the bot ignores the track rewards
    happiness_rewards(state, seat, events)
    return moved


def happiness_rewards(state: State, seat: int, events: list[Event]) -> None:
    """TEK-R114..R117, TEK-R346: once per player per game."""
    player = state["players"][seat]
    flags = player["flags"]
    if player["happiness"] >= 16 and not flags["h16"]:
        flags["h16"] = True
        gain(state, seat, {"gold": 1}, term("Happiness 16"), events)
    if player["happiness"] >= 19 and not flags["h19"]:
        flags["h19"] = True
        gain(state, seat, {"scribe": 1}, term("Happiness 19"), events)
    if player["happiness"] >= 21 and not flags["h21"]:
        flags["h21"] = True
        # TEK-R116: an extra action at once (pushed as a step).
        state["stack"].append({"k": "extra_pick", "s": seat, "src": "h21"})


def lose_happiness(state: State, seat: int, amount: int, events: list[Event]) -> None:
    player = state["players"][seat]
    before = player["happiness"]
    player["happiness"] = max(0, before - amount)
    if player["happiness"] != before:
        events.append(
            Event(
                "happiness",
                msg(
                    "{seat}: Happiness {before} -> {after}.",
                    seat=seat_name(state, seat),
                    before=before,
                    after=player["happiness"],
                ),
                {"seat": seat, "happiness": player["happiness"]},
                seat=seat,
            )
        )


def lose_population(state: State, seat: int, amount: int, events: list[Event]) -> None:
    player = state["players"][seat]
    player["population"] = max(0, player["population"] - amount)
    # Happiness can never exceed Population (TEK-R112).
    player["happiness"] = min(player["happiness"], player["population"])


def discard_blessing(state: State, seat: int, card: str, events: list[Event]) -> None:
    """TEK-R119: a played Blessing is discarded; T24: +1 Gold."""
    player = state["players"][seat]
    player["blessings"].remove(card)
    state["discards"]["blessing"].append(card)
    events.append(
        Event(
            "blessing",
            msg("{seat} plays Blessing {card}.", seat=seat_name(state, seat), card=card_said(card)),
            {"seat": seat, "card": card},
            seat=seat,
        )
    )
    if "T24" in player["technologies"]:
        gain(state, seat, {"gold": 1}, "T24", events)
