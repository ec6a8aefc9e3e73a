"""Tekhenu's words on the board: phases, steps, lights, goods, abilities; names come from
rules.tekhenu.data and are said in the match's language."""

from __future__ import annotations

import functools
from typing import Any

import lang
from render.common import (
    fit_font,
    font,
    seat_label,
    seat_style,
    wrap_items,
    wrap_text,
)
from rules.tekhenu.data import (
    COLOURS,
    WORDS,
)
from rules.tekhenu.view import PrivateView
from rules.text import term

GAME_NAME = "TEKHENU"  # the game's name, the same in every language


EDGE_CODE = {"blue": "B", "red": "R", "green": "G"}


CARD_LETTER = {"blessing": "B", "technology": "T", "decree": "D"}


STEPS = {
    "gain_any": term("any resources"),
    "take": term("take a die"),
    "osiris": term("Osiris space"),
    "modify": term("adjust the die"),
    "destiny": term("Destiny card"),
    "rewards": term("rewards"),
    "ra_space": term("Pillar space"),
    "horus": term("Statue space"),
    "ra_rot": term("turn the Pillar"),
    "decree_pick": term("Decrees to score"),
    "draft": term("Starting card draft"),
    "produce_bless": term("Blessings to produce"),
    "action": term("choose the action"),
    "a03": term("Destiny card A03"),
    "hathor": term("building space"),
    "faith": term("Faith on the scales"),
    "thoth": term("market section"),
    "thoth_take": term("take cards"),
    "draw_keep": term("keep a drawn card"),
    "decree": term("keep a Decree"),
    "bread": term("feeding the people"),
    "extra_order": term("order of actions"),
    "osiris_any": term("any resource"),
    "turn_start": term("start of the turn"),
    "turn_end": term("end of the turn"),
    "pay": term("payment"),
    "d23": term("Decree card D23"),
    "t13": term("Technology card T13"),
}


# a step without a name here is not shown (never its id): the phase says enough
# a section's light, in capitals as on the disc (section headers, Ra display, disc)
LIGHT_TEXT = {
    "sunny": term("SUNNY"),
    "shaded": term("SHADED"),
    "dark": term("DARK"),
    "none": term("no light"),
}


RESOURCE_TEXT = {**WORDS, "vp": term("VP")}  # goods as the rules name them, and VP


KIND_TEXT = {
    "blessing": term("Blessing"),
    "technology": term("Technology"),
    "decree": term("Decree"),
}


SEAT_COLOUR = {
    "blue": term("colour blue"),
    "vermillion": term("colour vermillion"),
    "green": term("colour green"),
    "pink": term("colour pink"),
    "orange": term("colour orange"),
}


DIFFICULTY = {
    "easy": term("Solo vs Botankhamun (easy)"),
    "medium": term("Solo vs Botankhamun (medium)"),
    "hard": term("Solo vs Botankhamun (hard)"),
}


DIFFICULTY_WORD = {"easy": term("easy"), "medium": term("medium"), "hard": term("hard")}


DEBEN_TEXT = {"up": term("up"), "right": term("right")}


ACTION_HINT = {
    "horus": term("Statue (value → god)"),
    "ra": term("Pillar from the display"),
    "hathor": term("Temple building, +Population"),
    "bastet": term("Happiness (2 papyrus)"),
    "thoth": term("Cards from the market"),
    "osiris": term("Workshop/quarry (row = value)"),
}


def ability_text(ability: str, params: dict[str, Any], loc: str) -> str:
    """A Pillar tile's ability, short (Ra display)."""
    if ability == "population":
        return lang.t(loc, "+{n} Population", n=params.get("population", 0))
    if ability == "scribe":
        return lang.t(loc, "+{n} {n:plural:Scribe|Scribes}", n=params.get("scribe", 0))
    if ability == "happiness":
        return lang.t(loc, "+{n} Happiness", n=params.get("happiness", 0))
    if ability == "vp":
        return lang.t(loc, "+{n} VP", n=params.get("vp", 0))
    if ability == "gold":
        return lang.t(loc, "+{n} Gold", n=params.get("gold", 0))
    short = {
        "edge_bonus": term("+1 VP/match"),
        "building_bonus": term("+1/building"),
        "thoth": term("Thoth (1)"),
        "horus": term("Horus (1-3)"),
        "decree": term("draw Decree"),
        "osiris": term("Osiris (3)"),
        "double_reward": term("reward ×2"),
        "none": term("no ability"),
    }.get(ability)
    return lang.localise(short, loc) if short is not None else ability


OSIRIS_ROW_TEXT = {
    1: (term("+1 production"), term("+1 token")),
    2: (term("+1 production"), term("+1 token")),
    3: (term("+1 prod. & partner"), term("+1 token")),
    4: (term("+1 prod. & cross"), term("+1 token, +1 gold")),
    5: (term("+2 production"), term("+2 tokens")),
    6: (term("+2 prod., +1 any"), term("+2 tokens")),
}


PLAYER_TITLES = (
    (204, term("Happiness · Population")),
    (454, term("Production track · have")),
    (736, term("Scales · balance")),
    (1010, term("Supply · cards")),
)


BOT_TITLES = (
    (204, term("Happiness · Population")),
    (454, term("Action-tile pyramid")),
    (736, term("Progress · Deben · dice")),
    (1010, term("Supply")),
)


def say(value: Any, loc: str) -> str:
    """A view value or a term said in ``loc`` (plain strings such as names stay)."""
    return lang.localise(value, loc)


# --- cached pieces (a board redraws the same tokens, dice and wrapped texts every turn) ---
@functools.lru_cache(maxsize=512)
def length(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def fit(
    text: str, width: int, sizes: tuple[int, ...] = (14, 13, 12), bold: bool = False
) -> tuple[str, Any]:
    """``fit_font`` with this board's body sizes (14, 13, 12 px) by default."""
    return fit_font(text, sizes, width, bold=bold)


@functools.lru_cache(maxsize=1024)
def wrap(text: str, size: int, width: int, max_lines: int | None = None) -> tuple[str, ...]:
    return tuple(wrap_text(text, font(size), width, max_lines))


def item_lines(
    items: list[str],
    fnt: Any,
    width: int,
    max_lines: int | None = None,
    sep: str = " · ",
    loc: str = "en",
) -> list[str]:
    return list(_items_cached(tuple(items), fnt, width, max_lines, sep, loc))


@functools.lru_cache(maxsize=1024)
def _items_cached(
    items: tuple[str, ...], fnt: Any, width: int, max_lines: int | None, sep: str, loc: str
) -> tuple[str, ...]:
    return tuple(wrap_items(list(items), fnt, width, max_lines, sep, locale=loc))


@functools.lru_cache(maxsize=8)
def die_codes(loc: str) -> dict[str, str]:
    """Two-letter colour codes printed on large dice, explained by the disc legend."""
    codes = lang.t(loc, "wh bk ye br gy").split()
    if len(codes) != len(COLOURS):
        codes = ["wh", "bk", "ye", "br", "gy"]
    return dict(zip(COLOURS, codes, strict=True))


def reward_text(kind: str, amount: int, loc: str) -> str:
    """A temple space's printed reward: "2 VP", "1 papyrus"... ("Papiro ×1" in pt-BR)."""
    if loc == "en":
        return f"{amount} {ENGLISH_REWARD.get(kind, kind)}"
    if kind == "vp":
        return f"{amount} {say(RESOURCE_TEXT['vp'], loc)}"
    return lang.t(loc, "{amount} {what}", amount=amount, what=RESOURCE_TEXT.get(kind, kind))


ENGLISH_REWARD = {"vp": "VP", "limestone": "limest."}  # English prints the words (one fits)


def player_name(view: PrivateView, seat: int, loc: str = "en") -> str:
    """The seat's player: Botankhamun, the name the bot put in ``seat_labels``, or
    "Seat 1 (A)"."""
    if view.get("bot_seat") == seat and view.get("solo"):
        return BOT_NAME
    return seat_label(view, seat, seat_name(seat, loc))


@functools.lru_cache(maxsize=64)
def seat_name(seat: int, loc: str) -> str:
    return lang.t(loc, "Seat {n} ({letter})", n=seat + 1, letter=seat_style(seat).letter)


BOT_NAME = "Botankhamun"  # a name, the same in every language
