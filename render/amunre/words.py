"""Amun-Re's words on the board: phases, kingdoms, favor cards (names from rules.amunre.data)."""

from __future__ import annotations

from typing import Any

from lang import localise, t
from render.common import (
    RGB,
    seat_style,
)
from rules.amunre.data import FAVOR_CARDS, TILE_BY_NUMBER
from rules.amunre.view import PHASE_NAMES
from rules.text import Msg, msg, term

GAME_TITLE = "AMUN-RE"  # the game's name, the same in every language


KINGDOMS: dict[int, Msg] = {1: term("Old Kingdom"), 2: term("New Kingdom")}


# Seat colours by their English name in render.common (the seat letter stays as it is).
SEAT_COLOURS: dict[str, Msg] = {
    "blue": term("blue"),
    "vermillion": term("vermillion"),
    "green": term("green"),
    "pink": term("pink"),
    "orange": term("orange"),
}


# Offering tiles: gold per farmer, VP per temple, camel (caravans pay), from the data module.
TILE_EFFECTS = {
    tile.tile: (tile.gold_per_farmer, tile.vp_per_temple, tile.camel)
    for tile in TILE_BY_NUMBER.values()
}


# Favor card presentation (rules/amunre.md A10): name, phase colour, what it does.
PHASE_COLOURS: dict[str, tuple[RGB, Msg | str]] = {
    "red": ((196, 40, 40), term("auction")),
    "purple": ((118, 60, 160), term("purchases")),
    "blue": ((32, 98, 196), term("offerings")),
    "green": ((36, 132, 60), term("harvest")),
    "yellow": ((226, 184, 0), term("scoring")),
    "grey": ((120, 120, 120), "?"),
}


PHASE_COLOUR = {
    "auction": "red",
    "purchase": "purple",
    "offering": "blue",
    "harvest": "green",
    "scoring": "yellow",
}


# One-line reminders of what each card does (presentation only; the rules live in rules/amunre).
CARD_BLURBS: dict[str, Msg] = {
    "protection": msg("block the space above your bid"),
    "bribe": msg("bid again on the card you were outbid on"),
    "architect": msg("2 stones in a province become a pyramid"),
    "extra_farmer": msg("a free farmer, no field needed"),
    "offering_adjust": msg("±3 on the collective offering"),
    "bountiful_harvest": msg("+1 gold per farmer in one province"),
    "fixed_income": msg("one province yields exactly 8 gold"),
    "master_scribes": msg("3 VP: ≥ 7 favor symbols/bonuses"),
    "master_farmers": msg("3 VP: ≥ 9 farmers"),
    "same_bank": msg("3 VP: all provinces on one bank"),
    "nile_or_border": msg("3 VP: all on the Nile, or none"),
    "upper_or_lower": msg("3 VP: all Upper or all Lower"),
}


CARDS: dict[str, tuple[Msg | str, str, Msg | str]] = {
    card.id: (card.name, PHASE_COLOUR[card.phase], CARD_BLURBS.get(card.id, ""))
    for card in FAVOR_CARDS
}


THEFT = (term("Theft"), "blue", msg("offer −3 collectively, take 3 gold, no reward"))


COLOUR_ORDER = ["red", "purple", "blue", "green", "yellow", "grey"]


def gold_text(n: int) -> Msg:
    return msg("1 gold") if n == 1 else msg("{n} gold", n=n)


def say(locale: str, text: Any) -> str:
    return localise(text, locale)


def kingdom_round(locale: str, kingdom: Any, round_: Any) -> str:
    name = KINGDOMS.get(kingdom) or msg("Kingdom {n}", n=kingdom)
    return t(locale, "{kingdom} · Round {round}/6", kingdom=name, round=round_)


def phase_text(locale: str, phase: str) -> str:
    return say(locale, PHASE_NAMES.get(phase) or msg("Phase: {phase}", phase=phase))


def card_sort(card_type: str) -> tuple[int, str]:
    colour = CARDS.get(card_type, ("", "grey", ""))[1]
    return COLOUR_ORDER.index(colour), CARDS.get(card_type, (card_type,))[0]


def offering_text(player: dict[str, Any], phase: str, locale: str) -> str:
    offering = player.get("offering")
    if offering:
        amount = (
            msg("Theft (−3)")
            if offering.get("theft")
            else gold_text(int(offering.get("amount", 0)))
        )
        adjust = offering.get("adjust")
        if adjust:
            return t(locale, "{offer}, adjust {delta:+d}", offer=amount, delta=int(adjust))
        return say(locale, amount)
    if phase == "offering":
        return t(locale, "✓ answered") if player.get("answered") else t(locale, "… deciding")
    return ""


def offering_title_text(phase: str, revealed: bool) -> Msg:
    if phase == "offering":
        return msg("Offering (revealed)") if revealed else msg("Offering (sealed)")
    return msg("Last offering") if revealed else msg("Offering")


def colour_name(seat: int, locale: str) -> str:
    name = seat_style(seat).colour_name
    return say(locale, SEAT_COLOURS.get(name, name))


def card_name(card_type: str, locale: str = "en") -> str:
    return say(locale, CARDS.get(card_type, (card_type.replace("_", " ").title(),))[0])


def sealed_text(option_id: str, locale: str = "en") -> str:
    """Words for an offering option id (``offer:5+adjust``, ``theft``) in ``locale``."""
    parts = option_id.split("+")
    words = []
    for part in parts:
        if part == "theft":
            words.append(t(locale, "Theft card"))
        elif part.startswith("offer:"):
            amount = part.split(":", 1)[1]
            words.append(
                say(
                    locale,
                    gold_text(int(amount)) if amount.isdigit() else msg("{n} gold", n=amount),
                )
            )
        elif part == "adjust":
            words.append(t(locale, "with Offering Adjustment"))
        else:
            words.append(part)
    return " ".join(words)
