"""Amun-Re's private panel (/hand, DMs): a seat's gold, cards and sealed bid."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from lang import t
from render.amunre.layout import CREAM, CREAM_SOFT, GOLD, HEADER_BG, PANEL_W
from render.amunre.words import (
    CARDS,
    PHASE_COLOURS,
    SEAT_COLOURS,
    THEFT,
    card_name,
    card_sort,
    kingdom_round,
    phase_text,
    say,
    sealed_text,
)
from render.common import (
    INK,
    INK_SOFT,
    PAPER,
    canvas_draw,
    fit_font,
    fit_text,
    font,
    rounded_panel,
    seat_style,
    seat_token,
    text_advance,
    text_on,
    wrap_text,
)
from rules.amunre.view import PHASE_NAMES, PrivateView


def panel(private_view: PrivateView, *, locale: str = "en") -> Image.Image:
    """One seat's hand: favor cards by type in their phase colour, Theft, gold, sealed answer,
    its words in ``locale``."""
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = me["seat"]
    player: dict[str, Any] = next(
        (p for p in private_view.get("players", []) if p.get("seat") == seat), {}
    )
    hand = {k: v for k, v in (me.get("hand") or {}).items() if v}
    cards = sorted(hand.items(), key=lambda kv: card_sort(kv[0]))
    rows = len(cards) + (1 if player.get("has_theft") else 0)
    row_h = 50
    height = 130 + max(1, rows) * row_h + 110
    image = Image.new("RGB", (PANEL_W, height), (245, 236, 214))
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 110), fill=HEADER_BG)
    seat_token(draw, (44, 44), seat, size=48)
    style = seat_style(seat)
    text, fnt = fit_font(
        t(
            locale,
            "Your hand · Seat {letter} ({colour})",
            letter=style.letter,
            colour=SEAT_COLOURS.get(style.colour_name, style.colour_name),
        ),
        (24, 22, 20),
        PANEL_W - 100,
        bold=True,
    )
    draw.text((80, 28), text, font=fnt, fill=CREAM, anchor="lm")
    when = kingdom_round(locale, private_view.get("kingdom"), private_view.get("round", "?"))
    phase = private_view.get("phase", "")
    if phase in PHASE_NAMES:
        when = f"{when} · {phase_text(locale, phase)}"
    draw.text(
        (80, 60),
        fit_text(when, font(16), PANEL_W - 100),
        font=font(16),
        fill=CREAM_SOFT,
        anchor="lm",
    )
    stats = t(
        locale,
        "Gold {gold}   VP {vp}   Favor cards {cards}   Provinces: {provinces}",
        gold=player.get("gold", 0),
        vp=player.get("score", 0),
        cards=sum(hand.values()),
        provinces=", ".join(player.get("provinces", [])) or "—",
    )
    draw.text(
        (20, 92),
        fit_text(stats, font(18, bold=True), PANEL_W - 40),
        font=font(18, bold=True),
        fill=GOLD,
        anchor="lm",
    )

    y = 126
    entries = [(CARDS.get(k, (card_name(k), "grey", "")), n) for k, n in cards]
    if player.get("has_theft"):
        entries.append((THEFT, 1))
    if not entries:
        draw.text(
            (24, y + row_h // 2),
            t(locale, "No favor cards in hand."),
            font=font(18),
            fill=INK,
            anchor="lm",
        )
    mid = (row_h - 6) // 2
    for (name, colour_key, effect), count in entries:
        colour, phase_name = PHASE_COLOURS[colour_key]
        rounded_panel(
            draw,
            (16, y, PANEL_W - 16, y + row_h - 6),
            fill=PAPER,
            outline=colour,
            radius=8,
            width=2,
        )
        draw.rounded_rectangle((16, y, 150, y + row_h - 6), radius=8, fill=colour)
        text, fnt = fit_font(say(locale, phase_name), (15, 14, 13), 126, bold=True)
        draw.text((83, y + mid), text, font=fnt, fill=text_on(colour), anchor="mm")
        _draw_card_name(draw, say(locale, name), (166, y + mid), 244)
        _draw_effect(draw, say(locale, effect), (420, y + mid), 390)
        draw.text(
            (PANEL_W - 30, y + mid), f"×{count}", font=font(22, bold=True), fill=INK, anchor="rm"
        )
        y += row_h

    y += 14
    sealed = me.get("sealed")
    rounded_panel(
        draw,
        (16, y, PANEL_W - 16, y + 70),
        fill=(232, 238, 250),
        outline=PHASE_COLOURS["blue"][0],
        radius=10,
        width=2,
    )
    if sealed:
        label = t(locale, "Your sealed offering: {offer}", offer=sealed_text(sealed, locale))
        sub = t(locale, "option {option} · secret until every seat has answered", option=sealed)
    elif phase == "offering":
        label = t(locale, "Offering: not sealed yet")
        sub = t(locale, "answer in your DM or with /play")
    else:
        label = t(locale, "No sealed answer pending")
        sub = t(locale, "offerings are sealed in phase 3")
    draw.text(
        (32, y + 22),
        fit_text(label, font(19, bold=True), PANEL_W - 64),
        font=font(19, bold=True),
        fill=INK,
        anchor="lm",
    )
    draw.text(
        (32, y + 50),
        fit_text(sub, font(15), PANEL_W - 64),
        font=font(15),
        fill=INK_SOFT,
        anchor="lm",
    )
    return image


def _draw_card_name(draw: ImageDraw.ImageDraw, name: str, xy: tuple[int, int], width: int) -> None:
    """A card's name: one line (20 px, smaller if needed), or two lines at 16 px."""
    x, y = xy
    text, fnt = fit_font(name, (20, 18, 17), width, bold=True)
    if text == name:
        draw.text((x, y), text, font=fnt, fill=INK, anchor="lm")
        return
    lines = wrap_text(name, font(16, bold=True), width, max_lines=2)
    for index, line in enumerate(lines):
        offset = (index - (len(lines) - 1) / 2) * 19
        draw.text((x, round(y + offset)), line, font=font(16, bold=True), fill=INK, anchor="lm")


def _draw_effect(draw: ImageDraw.ImageDraw, effect: str, xy: tuple[int, int], width: int) -> None:
    """A card's reminder: one line at 15 px, or two at 14 px when it is longer."""
    x, y = xy
    if text_advance(font(15), effect) <= width:
        draw.text((x, y), effect, font=font(15), fill=INK_SOFT, anchor="lm")
        return
    lines = wrap_text(effect, font(14), width, max_lines=2)
    for index, line in enumerate(lines):
        offset = (index - (len(lines) - 1) / 2) * 17
        draw.text((x, round(y + offset)), line, font=font(14), fill=INK_SOFT, anchor="lm")
