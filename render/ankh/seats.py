"""Ankh's player table: one row per seat (``_player_row``), drawn by ``draw_players``."""

from __future__ import annotations

import functools
import json
from typing import Any

from PIL import Image

import lang
from render.ankh.layout import (
    ACTING_FILL,
    GREY_FILL,
    HEAD_H,
    MARGIN,
    RED_DARK,
    ROW_H,
    WINNER_FILL,
    Layout,
)
from render.ankh.pieces import token
from render.ankh.words import (
    cards_text,
    hand_text,
    player_name,
    players_by_number,
    reserve_lines,
    seats_text,
    text_px,
)
from render.common import (
    INK,
    INK_SOFT,
    Column,
    canvas_draw,
    fit_font,
    fit_text,
    font,
    seat_label,
    wrap_items,
    wrap_text,
)
from rules.ankh.data import (
    POWER_LEVEL,
    POWER_NAMES,
)
from rules.ankh.view import PrivateView

PLAYER_COLUMNS = (
    Column("God · seats", 236),
    Column("Devotion", 92, "center"),
    Column("Followers", 104, "center"),
    Column("Reserve", 330),
    Column("Ankh powers", 250),
    Column("Battle cards", 316),
)


TABLE_W = sum(c.width for c in PLAYER_COLUMNS)


CELL_SIZES = (15, 14, 13, 12)  # a long Portuguese or Polish cell shrinks before it is cut
ZEBRA = ((255, 251, 240), (244, 236, 218))


@functools.lru_cache(maxsize=4)
def player_columns(locale: str = "en") -> tuple[Column, ...]:
    """The table's columns with their titles in ``locale``."""
    titles = (
        lang.t(locale, "God · seats"),
        lang.t(locale, "Devotion"),
        lang.t(locale, "Followers"),
        lang.t(locale, "Reserve"),
        lang.t(locale, "Ankh powers"),
        lang.t(locale, "Battle cards"),
    )
    return tuple(
        Column(title, column.width, column.align)
        for title, column in zip(titles, PLAYER_COLUMNS, strict=True)
    )


def draw_players(
    image: Image.Image,
    draw,
    view: PrivateView,
    players: list[dict[str, Any]],
    layout: Layout,
    locale: str = "en",
) -> None:
    acting = {int(s) for s in view.get("acting") or []}
    first = view.get("first_player")
    winner = view.get("winner")
    by_number = players_by_number(players)
    y = layout.table_y + HEAD_H
    for index, player in enumerate(players):
        number = int(player.get("player", 0))
        seats = {int(s) for s in player.get("seats") or []}
        merged = player.get("merged_into")
        into = player_name(by_number.get(int(merged), {}), locale) if merged is not None else None
        flags = (
            winner is not None and int(winner) == number,
            first in seats,
            bool(acting & seats),
            into,
            index % 2,
        )
        names = seat_names_of(view, player.get("seats") or [])
        image.paste(
            _player_row(json.dumps(player, sort_keys=True, default=str), flags, locale, names),
            (MARGIN, y),
        )
        y += ROW_H
    draw.rectangle((MARGIN, layout.table_y, MARGIN + TABLE_W, y), outline=(70, 58, 44), width=2)


def seat_names_of(view: PrivateView, seats: list[Any]) -> str:
    """The players of a god's seats by name ("carol", "carol & dave"; the bot's
    ``seat_labels``), or "" when the view names nobody."""
    names = [seat_label(view, int(seat), "") for seat in seats]
    return " & ".join(names) if all(names) and names else ""


@functools.lru_cache(maxsize=512)
def _player_row(player_json: str, flags: tuple, locale: str = "en", names: str = "") -> Image.Image:
    """One row of the player table (cached: most rows do not change from one turn to the next)."""
    player = json.loads(player_json)
    is_winner, is_first, is_acting, merged_into, zebra = flags
    gone = merged_into is not None or player.get("forgotten")
    fill = (
        WINNER_FILL
        if is_winner
        else GREY_FILL
        if gone
        else ACTING_FILL
        if is_acting
        else ZEBRA[zebra]
    )
    image = Image.new("RGB", (TABLE_W, ROW_H), fill)
    d = canvas_draw(image)
    number = int(player.get("player", 0))
    cy = ROW_H // 2
    # god and seats
    token(d, (22, cy), number, size=30)
    marks = ("★" if is_winner else "") + ("☥" if is_first else "") + ("▶" if is_acting else "")
    name_room = 230 - 44 - 6 - text_px(marks, font(18, bold=True))
    name, name_font = fit_font(
        player_name(player, locale), (16, 15, 14, 13, 12), name_room, bold=True
    )
    d.text((44, cy - 11), name, font=name_font, fill=INK, anchor="lm")
    sub = seats_text(player, locale)
    if merged_into is not None:
        sub = lang.t(locale, "merged: {god}", god=merged_into)
    elif player.get("forgotten"):
        sub = lang.t(locale, "forgotten")
    if names:  # the players' names (the token shows the seat's letter and shape)
        sub = f"{sub} · {names}"
    d.text((230, cy - 11), marks, font=font(18, bold=True), fill=INK, anchor="rm")
    sub_room = 182
    if player.get("answered"):
        sealed = lang.t(locale, "✓ sealed")
        d.text((230, cy + 12), sealed, font=font(14, bold=True), fill=(0, 110, 60), anchor="rm")
        sub_room = min(182, 230 - 8 - 44 - text_px(sealed, font(14, bold=True)))
    sub, sub_font = fit_font(sub, (14, 13, 12), sub_room)
    d.text((44, cy + 12), sub, font=sub_font, fill=INK_SOFT, anchor="lm")
    x = PLAYER_COLUMNS[0].width
    # devotion and followers
    cx = x + PLAYER_COLUMNS[1].width // 2
    d.text(
        (cx, 18), str(player.get("devotion", 0)), font=font(20, bold=True), fill=INK, anchor="mm"
    )
    if player.get("red"):
        red = lang.t(locale, "red zone")
        red_font = (
            font(14, bold=True)
            if text_px(red, font(14, bold=True)) <= PLAYER_COLUMNS[1].width - 6
            else font(12, bold=True)
        )
        d.text(
            (cx, 40),
            fit_text(red, red_font, PLAYER_COLUMNS[1].width - 4),
            font=red_font,
            fill=RED_DARK,
            anchor="mm",
        )
    x += PLAYER_COLUMNS[1].width
    d.text(
        (x + PLAYER_COLUMNS[2].width // 2, cy),
        str(player.get("followers", 0)),
        font=font(20, bold=True),
        fill=INK,
        anchor="mm",
    )
    x += PLAYER_COLUMNS[2].width
    powers = sorted(player.get("powers") or [], key=lambda p: (POWER_LEVEL.get(p, 9), p))
    power_items = [lang.localise(POWER_NAMES.get(p, p), locale) for p in powers]
    power_lines = wrap_items(power_items, font(13), 236, sep=", ", locale=locale) or [
        lang.t(locale, "no powers")
    ]
    used = player.get("used") or []
    hand = player.get("hand") or []
    used_line = (
        lang.t(locale, "used: {cards}", cards=cards_text(used, locale))
        if used
        else lang.t(locale, "used: none")
    )
    card_lines = [used_line, hand_text(hand, used, locale)]
    cards_w = PLAYER_COLUMNS[5].width - 14
    long_used = text_px(used_line, font(CELL_SIZES[-1], bold=True)) > cards_w
    reserve = reserve_lines(player, locale)
    reserve_w = PLAYER_COLUMNS[3].width - 14
    long_reserve = any(text_px(line, font(CELL_SIZES[-1])) > reserve_w for line in reserve)
    for column, lines, bold_first in (
        (PLAYER_COLUMNS[3], [] if long_reserve else reserve, False),
        (PLAYER_COLUMNS[4], power_lines if len(power_lines) <= 2 else [], False),
        (PLAYER_COLUMNS[5], [] if long_used else card_lines, True),
    ):
        if column is PLAYER_COLUMNS[3] and long_reserve:
            small = [
                part
                for line in reserve
                for part in wrap_items(line.split(" · "), font(12), reserve_w, locale=locale)
            ]
            _draw_small_lines(d, x, small, bold=0)
        if column is PLAYER_COLUMNS[4] and len(power_lines) > 2:
            powers_w = PLAYER_COLUMNS[4].width - 14
            small = wrap_items(power_items, font(12), powers_w, 4, ", ", locale=locale)
            _draw_small_lines(d, x, small, bold=0)
        if column is PLAYER_COLUMNS[5] and long_used:
            used_lines = wrap_text(used_line, font(12, bold=True), cards_w)
            _draw_small_lines(d, x, [*used_lines, card_lines[1]], bold=len(used_lines))
        for index, line in enumerate(lines[:2]):
            shown, fnt = fit_font(
                line, CELL_SIZES, column.width - 14, bold=bold_first and index == 0
            )
            d.text(
                (x + 8, 15 + index * 24),
                shown,
                font=fnt,
                fill=INK,
                anchor="lm",
            )
        x += column.width
    return image


def _draw_small_lines(d, x: int, lines: list[str], bold: int) -> None:
    """Three or four lines of a cell in 12 px (the first ``bold`` of them bold) fill the row."""
    step = 17 if len(lines) <= 3 else 13
    top = (ROW_H - step * (len(lines) - 1)) // 2
    for index, line in enumerate(lines):
        fnt = font(12, bold=index < bold)
        d.text((x + 8, top + index * step), line, font=fnt, fill=INK, anchor="lm")
