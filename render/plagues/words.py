"""10 Plagues' words on the board: phases, steps, tiles, bonuses; province names come from
rules.plagues.data and are said in the match's language."""

from __future__ import annotations

import functools
from typing import Any

from lang import ENGLISH, localise, t
from render.common import (
    RGB,
    fit_font,
    seat_style,
)
from rules.plagues.data import (
    PROVINCE_NAMES,
    PROVINCES,
    TERRITORIES,
)
from rules.text import msg

# Every word below is a Msg (its English text), said in the board's language when drawn.
CATEGORY: dict[str, tuple[str, RGB]] = {
    "immediate": (msg("IMMEDIATE"), (126, 176, 228)),
    "special_action": (msg("SPECIAL ACTION"), (240, 160, 80)),
    "trade": (msg("TRADE"), (120, 190, 120)),
    "scoring": (msg("SCORING"), (186, 140, 214)),
}


TIMING = {
    "immediate": msg("⚡ immediate"),
    "phase1": msg("phase 1"),
    "phase2": msg("phase 2"),
    "phase3": msg("phase 3"),
    "round": msg("whole round"),
}


STEPS = {
    "turns": msg("die turns"),
    "soldiers": msg("soldiers"),
    "picks": msg("territory picks"),
    "tribute": msg("tribute"),
    "losses": msg("losses"),
    "uses": msg("tile & card uses"),
    "reveal": msg("plague revealed"),
    "over": msg("final scores"),
}


PROVINCE_POWERS = {
    "abydos": msg("power: a die ±1 or ±2"),
    "buto": msg("power: 2 extra cards at a pick"),
    "memphis": msg("power: tribute −1"),
    "edfu": msg("power: die 3, draw 6 tiles"),
}


# a province: its name (from the rules data) and a reminder of its power
PROVINCE_TEXT = {name: (PROVINCE_NAMES[name], PROVINCE_POWERS[name]) for name in PROVINCES}


# bonus codes: C/F (city/field development) are explained by the footer legend, which says
# them the same way in every language
BONUS_LABEL = {
    "dev_city": msg("C+1"),
    "dev_field": msg("F+1"),
    "coin": "¢1",
    "soldiers": "⚔3",
    "hebrew": msg("H"),
}


HEBREW_LABEL = {
    "province": msg("prov+1"),
    "boat": msg("boat+1"),
    "dev1": msg("dev+1"),
    "take_tile": msg("tile"),
    "discard_penalty": msg("−pen."),
    "ankh": "☥",
}


PROVINCE_BONUS_LABEL = {
    "take_hebrew": msg("Hebrew"),
    "take_tile": msg("tile"),
    "dev2": msg("dev+2"),
}


# Short effects of the 6 pharaoh cards (presentation only; the rules live in rules/plagues).
PHARAOH_SHORT = {
    1: (msg("dev +1"), msg("coin: +2")),
    2: ("+5", msg("soldiers")),
    3: (msg("1 coin"), ""),
    4: (msg("province"), "+3"),
    5: ("1 ☥", "Ankh"),
    6: (msg("boat"), "+2"),
}


OCCUPATION = ("city", "field", "river")


OCCUPATION_LABEL = {"city": msg("city"), "field": msg("field"), "river": msg("river")}


TILE_NAMES = {
    "sphinx": msg("Sphinx"),
    "obelisk": msg("Obelisk"),
    "egyptian": msg("Egyptian"),
    "plantation": msg("Plantation"),
    "herd": msg("Herd"),
    "coin": msg("Coin"),
    "boat": msg("Boat"),
    "pharaoh": msg("Pharaoh"),
}


def tile_kind(tile: str) -> str:
    return "province" if tile.startswith("province") else tile


def tile_text(tile: str, locale: str = "en") -> str:
    if tile.startswith("province"):
        return t(locale, "Province {n}", n=tile[-1])
    return localise(TILE_NAMES.get(tile, tile), locale)


def option_id(head: str, value: Any) -> str:
    """An option id as the players type it (``tile:3``): the same in every language."""
    return f"{head}:{value}"


def ids_shown(locale: str) -> bool:
    """Option ids made of English words (territory cards ``pick:sa_swap_tiles``, Edfu's
    ``keep:plantation``) are printed on English boards only; other languages show the card's
    or tile's name (a label typed in full is accepted as well)."""
    return locale == ENGLISH


def seat_name(seat: int, locale: str = "en") -> str:
    return f"{seat_style(seat).letter} · {t(locale, 'Seat {n}', n=seat + 1)}"


def fit(text: str, size: int, bold: bool, width: int, smallest: int = 11) -> tuple[str, Any]:
    """``fit_font`` over every size from ``size`` down to ``smallest`` px."""
    return fit_font(text, range(size, smallest - 1, -1), width, bold=bold)


@functools.lru_cache(maxsize=4096)
def text_px(fnt: Any, text: str) -> int:
    return int(fnt.getlength(text))


def use_label(use: str, loc: str) -> str:
    return t(loc, "permanent") if use == "permanent" else t(loc, "single use")


def card_name(card: dict[str, Any], loc: str) -> str:
    cid = str(card.get("id", "?"))
    return localise(card.get("name") or TERRITORIES.get(cid, {}).get("name", cid), loc)
