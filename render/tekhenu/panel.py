"""Tekhenu's private panel (/hand, DMs): a seat's goods, cards and choices."""

from __future__ import annotations

from typing import Any

from PIL import Image

import lang
from render.common import (
    INK,
    INK_SOFT,
    WHITE,
    canvas_draw,
    fit_text,
    font,
    rounded_panel,
    seat_style,
    wrap_text,
)
from render.tekhenu.layout import (
    BG,
    CARD_FILL,
    CREAM,
    CREAM_SOFT,
    GOLD,
    HEADER_BG,
    PANEL_FILL,
    PANEL_W,
    ROW_H,
)
from render.tekhenu.pieces import token
from render.tekhenu.words import SEAT_COLOUR, length, say
from rules.tekhenu.data import (
    CARD_TEXT,
    DECREE_SYMBOL,
    DESTINY_ANKH,
    DESTINY_TEXT,
    STARTING_TEXT,
)
from rules.tekhenu.view import PHASE_NAMES, PrivateView
from rules.text import msg


def panel(private_view: PrivateView, *, locale: str = "en") -> Image.Image:
    """One seat's cards in ``locale``: secret Decrees, Blessings, Technologies, drawn cards,
    sealed answer."""
    loc = locale or "en"
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = int(me["seat"])
    player: dict[str, Any] = next(
        (p for p in private_view.get("players", []) if p.get("seat") == seat), {}
    )
    groups = [
        (
            lang.t(loc, "Decrees · secret, scored at game end (≤ 3, distinct symbols)"),
            "decree",
            list(me.get("decrees") or []),
        ),
        (lang.t(loc, "Blessings · one use each"), "blessing", list(player.get("blessings") or [])),
        (
            lang.t(loc, "Technologies · permanent"),
            "technology",
            list(player.get("technologies") or []),
        ),
    ]
    drawn = list(me.get("drawn") or [])
    if drawn:
        groups.append((lang.t(loc, "Drawn (Starting card S05/S06): keep one"), "drawn", drawn))
    rows = sum(max(1, len(cards)) for _t, _k, cards in groups)
    extra = _extra_lines(player, loc)
    height = 120 + 28 * len(extra) + len(groups) * 40 + rows * ROW_H + 110
    image = Image.new("RGB", (PANEL_W, height), BG)
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 104), fill=HEADER_BG)
    token(draw, (44, 42), seat, size=48)
    style = seat_style(seat)
    colour = say(SEAT_COLOUR.get(style.colour_name, style.colour_name), loc)
    title = lang.t(
        loc,
        "Your cards · Seat {n} ({letter}, {colour})",
        n=seat + 1,
        letter=style.letter,
        colour=colour,
    )
    draw.text(
        (80, 26),
        fit_text(title, font(24, bold=True), PANEL_W - 96),
        font=font(24, bold=True),
        fill=CREAM,
        anchor="lm",
    )
    phase = private_view.get("phase", "")
    sub = lang.t(
        loc,
        "Tekhenu · Round {round}/16 · {phase}",
        round=private_view.get("round", "?"),
        phase=PHASE_NAMES.get(phase, phase),
    )
    draw.text(
        (80, 56), fit_text(sub, font(16), PANEL_W - 96), font=font(16), fill=CREAM_SOFT, anchor="lm"
    )
    stats = lang.t(
        loc,
        "VP {vp}   Gold {gold}   Scribes {scribes}   Faith {faith}   "
        "Happiness {happiness}   Population {population}",
        vp=player.get("vp", 0),
        gold=player.get("gold", 0),
        scribes=player.get("scribes", 0),
        faith=player.get("faith", 0),
        happiness=player.get("happiness", 0),
        population=player.get("population", 0),
    )
    size = 17 if length(stats, 17, True) <= PANEL_W - 40 else 15
    draw.text(
        (20, 86),
        fit_text(stats, font(size, bold=True), PANEL_W - 40),
        font=font(size, bold=True),
        fill=GOLD,
        anchor="lm",
    )

    y = 118
    for line in extra:
        draw.text(
            (18, y + 12),
            line,
            font=font(16),
            fill=INK,
            anchor="lm",
        )
        y += 28
    for title, kind, cards in groups:
        draw.text(
            (18, y + 16),
            fit_text(title, font(17, bold=True), PANEL_W - 36),
            font=font(17, bold=True),
            fill=INK,
            anchor="lm",
        )
        y += 36
        if not cards:
            draw.text(
                (30, y + ROW_H // 2 - 3),
                lang.t(loc, "none"),
                font=font(16),
                fill=INK_SOFT,
                anchor="lm",
            )
            y += ROW_H
            continue
        for card in cards:
            card_kind = (
                kind
                if kind != "drawn"
                else {"B": "blessing", "T": "technology"}.get(card[:1], "decree")
            )
            fill = CARD_FILL.get(card_kind, INK_SOFT)
            rounded_panel(
                draw,
                (16, y, PANEL_W - 16, y + ROW_H - 6),
                fill=PANEL_FILL,
                outline=fill,
                radius=8,
                width=2,
            )
            draw.rounded_rectangle((16, y, 92, y + ROW_H - 6), radius=8, fill=fill)
            mid = y + (ROW_H - 6) // 2
            draw.text((54, mid), card, font=font(18, bold=True), fill=WHITE, anchor="mm")
            text = say(CARD_TEXT.get(card, ""), loc)
            right = PANEL_W - 32
            if card in DECREE_SYMBOL:
                symbol = lang.t(loc, "symbol {symbol}", symbol=DECREE_SYMBOL[card])
                draw.text((right, mid), symbol, font=font(16, bold=True), fill=INK, anchor="rm")
                right -= max(100, int(length(symbol, 16, True)) + 16)
            draw.text(
                (106, mid),
                fit_text(text, font(16), right - 116),
                font=font(16),
                fill=INK,
                anchor="lm",
            )
            y += ROW_H
        y += 4

    y += 8
    sealed = me.get("sealed")
    rounded_panel(
        draw,
        (16, y, PANEL_W - 16, y + 70),
        fill=(232, 238, 250),
        outline=CARD_FILL["technology"],
        radius=10,
        width=2,
    )
    if sealed:
        label = lang.t(loc, "Your sealed answer: {answer}", answer=sealed)
        sub = lang.t(loc, "secret until every seat has answered")
    else:
        label = lang.t(loc, "No sealed answer pending")
        sub = lang.t(
            loc, "Decree keep (setup) and Maat Faith are sealed; answer in your DM or with /play"
        )
    draw.text(
        (32, y + 22),
        fit_text(label, font(19, bold=True), PANEL_W - 64),
        font=font(19, bold=True),
        fill=INK,
        anchor="lm",
    )
    size = 15 if length(sub, 15) <= PANEL_W - 64 else 14
    draw.text(
        (32, y + 50),
        fit_text(sub, font(size), PANEL_W - 64),
        font=font(size),
        fill=INK_SOFT,
        anchor="lm",
    )
    return image


def _extra_lines(player: dict[str, Any], loc: str) -> list[str]:
    """The Destiny card and the Starting cards with their texts, wrapped to the panel."""
    destiny = player.get("destiny")
    extra: list[str] = []
    if destiny:
        extra.append(
            lang.t(
                loc,
                "Destiny {card} (ankh {ankh}): {text}",
                card=destiny,
                ankh=DESTINY_ANKH.get(destiny, "?"),
                text=DESTINY_TEXT.get(destiny, ""),
            )
        )
    if player.get("starting"):
        cards = [
            msg("{card} ({text})", card=card, text=STARTING_TEXT.get(card, ""))
            for card in player["starting"]
        ]
        extra.append(lang.t(loc, "Starting cards: {cards}", cards=cards))
    return [line for text in extra for line in wrap_text(text, font(16), PANEL_W - 36)]
