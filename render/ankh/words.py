"""Ankh's words on the board: steps, cards, guardians, regions; god, card, power and guardian
names come from rules.ankh.data and are said in the match's language."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import lang
from render.common import (
    seat_style,
    text_advance,
)
from rules.ankh.data import (
    BUILD_COST,
    CARD_NAMES,
    CARD_STRENGTH,
    CARDS,
    GOD_NAMES,
    GUARDIAN_NAMES,
    PRISON_SLOTS,
    SCENARIO_TITLES,
)
from rules.text import msg, term

# Words drawn on the board are Msg terms (said in the reader's language at draw time).
GUARDIAN_SHORT = {
    "satet": term("Satet"),
    "cat_mummy": term("Cat"),
    "mummy": term("Mummy"),
    "apep": term("Apep"),
    "giant_scorpion": term("Scorp"),
    "androsphinx": term("Sphinx"),
}


CARD_SHORT = {
    "plague": term("Plague"),
    "cycle": term("Ma'at"),
    "drought": term("Drought"),
    "build": term("Build"),
    "flood": term("Flood"),
    "chariots": term("Chariots"),
    "miracle": term("Miracle"),
}


# One-line reminders of each battle card (presentation only; the rules live in rules/ankh).
CARD_BLURBS = {
    "plague": term("secret follower bids; only the top bidder's figures live"),
    "cycle": term("after the battle take all your used cards back"),
    "drought": term("if you win: +1 devotion per figure of yours on desert"),
    "build": msg("pay {cost} followers: build a monument in this region", cost=BUILD_COST),
    "flood": term("+1 follower per figure on fertile; those can't die in resolution"),
    "chariots": msg("+{n} strength", n=CARD_STRENGTH["chariots"]),
    "miracle": term("+1 devotion per figure of yours killed in this battle"),
}


EVENT_SHORT = {"control": term("Ctrl"), "caravan": term("Camel"), "conflict": "⚔"}


ACTION_SHORT = {
    "move": term("Move"),
    "summon": term("Summon"),
    "followers": term("Followers"),
    "unlock": term("Unlock"),
}


STEP_LABELS = {
    "action": term("choose an action"),
    "move": term("move figures"),
    "move_to": term("move a figure"),
    "push": term("Satet push"),
    "aim": term("Scorpion aim"),
    "summon": term("summon"),
    "summon_at": term("summon"),
    "sun": term("Ra: sun token"),
    "unlock": term("unlock a power"),
    "control": term("Control Monument"),
    "caravan": term("Camel Caravan"),
    "caravan_keep": term("keep the order token"),
    "caravan_swap": term("swap order tokens"),
    "caravan_swap_with": term("swap order tokens"),
    "obelisk": term("Obelisk Attunement"),
    "obelisk_to": term("Obelisk Attunement"),
    "amun": term("Amun: two cards?"),
    "battle_card": term("battle cards (sealed)"),
    "build": term("Build Monument"),
    "build_at": term("Build Monument"),
    "locust_bid": term("Plague bids (sealed)"),
    "imprison": term("Anubis: imprison"),
    "mummy": term("Mummy re-summon"),
    "tiebreak": term("tie-breaker"),
    "isis": term("Isis: protect"),
    "osiris": term("Osiris: underworld"),
    "osiris_to": term("Osiris: underworld"),
    "worshipful": term("Worshipful"),
}


COLOUR_NAMES = {
    "blue": term("blue"),
    "vermillion": term("vermillion"),
    "green": term("green"),
    "pink": term("pink"),
    "orange": term("orange"),
}


GAME_TITLE = "ANKH"  # the game's name, the same in every language


# the region ids of rules/ankh/data.py (a split region adds a digit: west_north1) -> their names
REGION_NAMES = {
    "west": term("West"),
    "east": term("East"),
    "delta": term("Delta"),
    "west_north": term("North-West"),
    "west_south": term("South-West"),
    "east_north": term("North-East"),
    "east_south": term("South-East"),
}


def text_px(text: str, fnt) -> int:
    """``text``'s width in px, cached (labels recur from board to board)."""
    return math.ceil(text_advance(fnt, text))


def player_name(player: dict[str, Any], locale: str = "en") -> str:
    gods = player.get("gods") or [player.get("god")]
    if gods == [None]:  # table option gods=choose: not chosen yet
        return lang.t(locale, "god: choosing…")
    return " + ".join(lang.localise(GOD_NAMES.get(g, str(g).title()), locale) for g in gods)


def seats_text(player: dict[str, Any], locale: str = "en") -> str:
    seats = player.get("seats") or []
    letters = "+".join(seat_style(int(s)).letter for s in seats)
    if not seats:
        return lang.t(locale, "no seat")
    if len(seats) > 1:
        return lang.t(locale, "seats {letters}", letters=letters)
    return lang.t(locale, "seat {letter}", letter=letters)


def players_by_number(players: Sequence[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {int(p.get("player", i)): p for i, p in enumerate(players)}


def region_name(region_id: Any, locale: str = "en") -> str:
    """A region's name in ``locale`` (never its id): "North-West", "North-West 2"."""
    text = lang.localise(region_id, locale)
    base = text.rstrip("0123456789")
    name = REGION_NAMES.get(base)
    if name is None:
        return text
    said = lang.localise(name, locale)
    number = text[len(base) :]
    return lang.t(locale, "{region} {n}", region=said, n=number) if number else said


def scenario_text(view: Mapping[str, Any], locale: str = "en") -> str:
    scenario = str(view.get("scenario") or "")
    base, _, count = scenario.rpartition("_")
    name = (
        SCENARIO_TITLES.get(base, base.replace("_", " ").title() or scenario) if count else scenario
    )
    return lang.t(
        locale, "{scenario} · {seats} players", scenario=name, seats=view.get("seats", "?")
    )


def hand_text(hand: Sequence[str], used: Sequence[str], locale: str = "en") -> str:
    if not hand:
        return lang.t(locale, "in hand: none")
    if len(hand) == len(CARDS) and set(hand) == set(CARDS):
        return lang.t(locale, "in hand: all {n}", n=len(hand))
    if set(hand) | set(used) == set(CARDS) and len(hand) > 3:
        return lang.t(locale, "in hand: the other {n}", n=len(hand))
    return lang.t(locale, "in hand {n}: {cards}", n=len(hand), cards=cards_text(hand, locale))


def cards_text(cards: Iterable[str], locale: str = "en") -> str:
    return ", ".join(lang.localise(CARD_SHORT.get(c, str(c)), locale) for c in cards)


def reserve_lines(player: dict[str, Any], locale: str = "en") -> list[str]:
    first = lang.t(
        locale,
        "warriors {warriors} · ankh {ankh} · dashboard {dashboard}",
        warriors=player.get("warriors", 0),
        ankh=player.get("ankh_reserve", 0),
        dashboard=player.get("dashboard_tokens", 0),
    )
    extras = []
    guardians = player.get("guardians") or []
    if guardians:
        extras.append(", ".join(lang.localise(GUARDIAN_NAMES.get(g, g), locale) for g in guardians))
    gods = player.get("gods") or [player.get("god")]
    if "ra" in gods:
        extras.append(lang.t(locale, "suns {n}", n=player.get("suns", 0)))
    if "osiris" in gods:
        extras.append(lang.t(locale, "underworld {n}", n=player.get("underworld_tokens", 0)))
    if "amun" in gods:
        extras.append(
            lang.t(locale, "Amun token up")
            if player.get("amun_token")
            else lang.t(locale, "Amun token down")
        )
    if "anubis" in gods:
        prisoners = player.get("prisoners") or []
        letters = ",".join(seat_style(int(p)).letter for p in prisoners)
        extras.append(
            lang.t(locale, "prison {n}/{slots}", n=len(prisoners), slots=PRISON_SLOTS)
            + (f" ({letters})" if letters else "")
        )
    return [first, " · ".join(extras) or lang.t(locale, "no guardians")]


def sealed_words(view: Mapping[str, Any], sealed: Any, locale: str = "en") -> tuple[str, str]:
    step = view.get("step")
    if isinstance(sealed, list) and sealed:
        names = " + ".join(lang.localise(CARD_NAMES.get(c, c), locale) for c in sealed)
        return (
            lang.t(locale, "Your sealed battle card: {cards}", cards=names),
            lang.t(locale, "secret until every participant has picked"),
        )
    if isinstance(sealed, int) and not isinstance(sealed, bool):
        label = lang.t(
            locale, "Your sealed Plague bid: {n} {n:plural:follower|followers}", n=sealed
        )
        return (
            label,
            lang.t(locale, "secret until every bidder has answered; all bids are sacrificed"),
        )
    if step == "battle_card":
        return (
            lang.t(locale, "Battle card: not picked yet"),
            lang.t(locale, "answer in your DM or with /play card:<name>"),
        )
    if step == "locust_bid":
        return (
            lang.t(locale, "Plague bid: not sealed yet"),
            lang.t(locale, "answer in your DM or with /play bid:<n>"),
        )
    return (
        lang.t(locale, "No sealed answer pending"),
        lang.t(locale, "battle cards and Plague bids are sealed"),
    )
