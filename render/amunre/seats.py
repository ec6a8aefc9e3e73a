"""Amun-Re's score table: one row per seat (``draw_scoreboard``)."""

from __future__ import annotations

import functools

from PIL import ImageDraw

from lang import t
from render.amunre.layout import (
    ACTING_FILL,
    MARGIN,
    SCORE_HEAD_H,
    SCORE_ROW_H,
    SCORE_TITLE_H,
    WIDTH,
    WINNER_FILL,
    Layout,
)
from render.amunre.words import (
    card_name,
    card_sort,
    colour_name,
    offering_text,
    offering_title_text,
    say,
)
from render.common import (
    INK,
    Cell,
    Column,
    draw_table,
    fit_font,
    font,
    ordinal,
    seat_label,
    seat_token,
    text_advance,
    wrap_items,
)
from rules.amunre.view import PrivateView

# scoreboard columns: width in English; a longer heading widens its column at the expense of
# the provinces column (the widest), which never drops below PROVINCES_MIN
SCORE_COLUMNS = (
    (170, "left"),
    (90, "right"),
    (90, "right"),
    (120, "center"),
    (120, "center"),
    (360, "left"),
    (230, "left"),
    (108, "center"),
)


PROVINCES_COLUMN = 5


PROVINCES_MIN = 230


@functools.lru_cache(maxsize=32)
def score_columns(locale: str, offering_title: str) -> tuple[Column, ...]:
    titles = (
        t(locale, "Seat"),
        t(locale, "VP"),
        t(locale, "Gold"),
        t(locale, "Favor cards"),
        t(locale, "Theft"),
        t(locale, "Provinces (this kingdom)"),
        offering_title,
        t(locale, "Offer rank"),
    )
    head = font(15, bold=True)
    widths = [width for width, _align in SCORE_COLUMNS]
    widest_colour = max(text_advance(font(15), colour_name(seat, locale)) for seat in range(5))
    widths[0] = max(widths[0], round(44 + widest_colour + 50))
    for index, title in enumerate(titles):
        if index != PROVINCES_COLUMN:
            widths[index] = max(widths[index], round(text_advance(head, title)) + 18)
    spare = sum(width for width, _align in SCORE_COLUMNS) - sum(widths)
    widths[PROVINCES_COLUMN] = max(PROVINCES_MIN, widths[PROVINCES_COLUMN] + spare)
    return tuple(
        Column(title, width, align)
        for title, width, (_base, align) in zip(titles, widths, SCORE_COLUMNS, strict=True)
    )


def draw_scoreboard(
    draw: ImageDraw.ImageDraw, view: PrivateView, layout: Layout, locale: str
) -> None:
    players = view.get("players", [])
    phase = view.get("phase", "")
    acting = set(view.get("acting") or [])
    start = view.get("start_player")
    top = max((p.get("score", 0) for p in players), default=0)
    revealed = any(p.get("offering") for p in players)
    columns = score_columns(locale, say(locale, offering_title_text(phase, revealed)))
    seat_w = columns[0].width
    in_hand = t(locale, "✓ in hand")
    rows: list[list[Cell]] = []
    fills = []
    for player in players:
        seat = player["seat"]
        winner = phase == "over" and player.get("score", 0) == top

        def seat_cell(d, box, seat=seat, winner=winner):
            x0, y0, _x1, y1 = box
            cy = (y0 + y1) // 2
            seat_token(d, (x0 + 22, cy), seat, size=28)
            marks = (
                ("★" if winner else "")
                + ("☥" if seat == start else "")
                + ("▶" if seat in acting else "")
            )
            mark_font = font(20, bold=True)
            room = seat_w - 6 - 44 - (text_advance(mark_font, marks) + 6 if marks else 0)
            # the player's name (the bot's seat_labels) else the colour; token = letter+shape
            label = seat_label(view, seat, colour_name(seat, locale))
            name, name_font = fit_font(label, (15, 14, 13), room)
            d.text((x0 + 44, cy), name, font=name_font, fill=INK, anchor="lm")
            d.text((x0 + seat_w - 6, cy), marks, font=mark_font, fill=INK, anchor="rm")

        rank = player.get("rank")
        rows.append(
            [
                seat_cell,
                str(player.get("score", 0)),
                str(player.get("gold", 0)),
                str(player.get("favor_cards", 0)),
                in_hand if player.get("has_theft") else "—",
                ", ".join(player.get("provinces", [])) or "—",
                offering_text(player, phase, locale),
                ordinal(rank, locale) if rank else "",
            ]
        )
        fills.append(WINNER_FILL if winner else ACTING_FILL if seat in acting else None)
    bottom = draw_table(
        draw,
        (MARGIN, layout.score_y + SCORE_TITLE_H),
        columns,
        rows,
        row_height=SCORE_ROW_H,
        header_height=SCORE_HEAD_H,
        body_size=18,
        header_size=15,
        row_fills=fills,
    )
    discard = view.get("favor_discard") or {}
    entries = [
        f"{card_name(k, locale)} {v}"
        for k, v in sorted(discard.items(), key=lambda kv: card_sort(kv[0]))
        if v
    ]
    label = t(locale, "Favor discard pile:")
    draw.text((MARGIN, bottom + 20), label, font=font(16, bold=True), fill=INK, anchor="lm")
    indent = MARGIN + int(font(16, bold=True).getlength(label)) + 10
    lines = wrap_items(entries, font(16), WIDTH - MARGIN - indent, 2, locale=locale) or [
        t(locale, "no cards yet")
    ]
    for index, line in enumerate(lines):
        draw.text((indent, bottom + 20 + index * 24), line, font=font(16), fill=INK, anchor="lm")
