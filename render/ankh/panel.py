"""Ankh's private panel (/hand, DMs): a seat's cards, sealed choices and reminders."""

from __future__ import annotations

from PIL import Image

import lang
from render.ankh.layout import (
    ACTING_FILL,
    BACKGROUND,
    CONFLICT_FILL,
    CREAM,
    CREAM_SOFT,
    GOLD,
    HEADER_BG,
    HIGHLIGHT,
    NILE,
    PANEL_W,
)
from render.ankh.pieces import token
from render.ankh.words import (
    CARD_BLURBS,
    COLOUR_NAMES,
    player_name,
    players_by_number,
    reserve_lines,
    scenario_text,
    sealed_words,
    text_px,
)
from render.common import (
    INK,
    INK_SOFT,
    PAPER,
    WHITE,
    canvas_draw,
    fit_font,
    fit_text,
    font,
    rounded_panel,
    seat_style,
    wrap_text,
)
from rules.ankh.data import (
    CARD_NAMES,
    CARD_STRENGTH,
    CARDS,
    GUARDIAN_LEVEL,
    GUARDIAN_NAMES,
    POWER_LEVEL,
    POWER_NAMES,
)
from rules.ankh.view import PrivateView


def panel(private_view: PrivateView, *, locale: str = "en") -> Image.Image:
    """One seat's panel: its god's battle cards (hand and used), powers, reserve and its sealed
    answer (battle card picks or Plague bid), in ``locale``."""
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = int(me.get("seat", 0))
    players = private_view.get("players", [])
    by_number = players_by_number(players)
    number = int(me.get("player", seat))
    player = by_number.get(number, {})
    hand = [c for c in CARDS if c in (player.get("hand") or [])] + [
        c for c in player.get("hand") or [] if c not in CARDS
    ]
    used = list(player.get("used") or [])
    powers = sorted(player.get("powers") or [], key=lambda p: (POWER_LEVEL.get(p, 9), p))
    power_items = [
        lang.t(
            locale,
            "{name} (L{level})",
            name=lang.localise(POWER_NAMES.get(p, p), locale),
            level=POWER_LEVEL.get(p, "?"),
        )
        for p in powers
    ]
    power_text = (
        lang.t(locale, "Ankh powers: {powers}", powers=", ".join(power_items))
        if powers
        else lang.t(locale, "Ankh powers: none")
    )
    power_lines = wrap_text(power_text, font(16), PANEL_W - 40, max_lines=3)  # up to 12
    row_h = 46
    height = (
        124
        + 34
        + max(1, len(hand)) * row_h
        + 8
        + 34 * 2
        + 44
        + 74
        + 16
        + 22 * (len(power_lines) - 1)
    )
    image = Image.new("RGB", (PANEL_W, height), BACKGROUND)
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 110), fill=HEADER_BG)
    token(draw, (44, 44), number, size=48)
    style = seat_style(seat)
    colour = lang.localise(COLOUR_NAMES.get(style.colour_name, style.colour_name), locale)
    name = player_name(player, locale)
    if number != seat:  # a merged seat plays the greater god's pieces
        title = lang.t(
            locale,
            "{god} · your seat {letter} ({colour}) · pieces {pieces}",
            god=name,
            letter=style.letter,
            colour=colour,
            pieces=seat_style(number).letter,
        )
    else:
        title = lang.t(
            locale,
            "{god} · your seat {letter} ({colour})",
            god=name,
            letter=style.letter,
            colour=colour,
        )
    draw.text(
        (80, 28),
        fit_text(title, font(24, bold=True), PANEL_W - 100),
        font=font(24, bold=True),
        fill=CREAM,
        anchor="lm",
    )
    devotion = player.get("devotion", 0)
    sub = (
        lang.t(
            locale,
            "{scenario} · devotion {n} (red zone)",
            scenario=scenario_text(private_view, locale),
            n=devotion,
        )
        if player.get("red")
        else lang.t(
            locale,
            "{scenario} · devotion {n}",
            scenario=scenario_text(private_view, locale),
            n=devotion,
        )
    )
    draw.text(
        (80, 60),
        fit_text(sub, font(16), PANEL_W - 100),
        font=font(16),
        fill=CREAM_SOFT,
        anchor="lm",
    )
    stats = "   ".join(
        [
            lang.t(locale, "Followers {n}", n=player.get("followers", 0)),
            *reserve_lines(player, locale),
        ]
    )
    stats, stats_font = fit_font(stats, (16, 15, 14, 13, 12), PANEL_W - 40, bold=True)
    draw.text(
        (20, 92),
        stats,
        font=stats_font,
        fill=GOLD,
        anchor="lm",
    )

    y = 124
    heading = lang.t(locale, "Battle cards in hand ({n})", n=len(hand))
    draw.text(
        (20, y),
        fit_text(heading, font(19, bold=True), PANEL_W - 40),
        font=font(19, bold=True),
        fill=INK,
    )
    y += 34
    sealed = me.get("sealed")
    picked = set(sealed) if isinstance(sealed, list) else set()
    if not hand:
        empty = lang.t(locale, "No cards in hand (Cycle of Ma'at brings them back).")
        draw.text(
            (24, y + row_h // 2),
            fit_text(empty, font(17), PANEL_W - 48),
            font=font(17),
            fill=INK,
            anchor="lm",
        )
        y += row_h
    picked_word = lang.t(locale, "✓ picked")
    for card in hand:
        chosen = card in picked
        fill = ACTING_FILL if chosen else PAPER
        rounded_panel(
            draw,
            (16, y, PANEL_W - 16, y + row_h - 6),
            fill=fill,
            outline=HIGHLIGHT if chosen else INK_SOFT,
            radius=8,
            width=3 if chosen else 1,
        )
        mid = y + (row_h - 6) // 2
        bonus = CARD_STRENGTH.get(card, 0)
        draw.rounded_rectangle((16, y, 86, y + row_h - 6), radius=8, fill=CONFLICT_FILL)
        draw.text((51, mid), f"+{bonus}", font=font(20, bold=True), fill=WHITE, anchor="mm")
        card_name = lang.localise(CARD_NAMES.get(card, card), locale)
        name_font = font(19, bold=True)
        if text_px(card_name, name_font) > 200:
            name_font = font(16, bold=True)
        draw.text(
            (100, mid), fit_text(card_name, name_font, 200), font=name_font, fill=INK, anchor="lm"
        )
        # the option id (card:plague) stays as typed in /play
        tag = f"card:{card}" if not chosen else picked_word
        tag_font = font(14, bold=chosen)
        tag_w = text_px(tag, tag_font)
        draw.text(
            (PANEL_W - 30, mid), tag, font=tag_font, fill=INK if chosen else INK_SOFT, anchor="rm"
        )
        _draw_blurb(
            draw,
            (310, mid),
            lang.localise(CARD_BLURBS.get(card, ""), locale),
            PANEL_W - 30 - tag_w - 12 - 310,
        )
        y += row_h
    y += 8
    used_names = [lang.localise(CARD_NAMES.get(c, c), locale) for c in used]
    used_text = (
        lang.t(locale, "Used (face up, public): {cards}", cards=", ".join(used_names))
        if used
        else lang.t(locale, "Used (face up, public): none")
    )
    _panel_line(draw, y + 12, used_text)
    y += 34
    for index, line in enumerate(power_lines):
        draw.text((20, y + 12 + 22 * index), line, font=font(16), fill=INK, anchor="lm")
    y += 34 + 22 * (len(power_lines) - 1)
    guardians = player.get("guardians") or []
    guard_items = [
        lang.t(
            locale,
            "{name} (L{level})",
            name=lang.localise(GUARDIAN_NAMES.get(g, g), locale),
            level=GUARDIAN_LEVEL.get(g, "?"),
        )
        for g in guardians
    ]
    guard_text = (
        lang.t(locale, "Guardians in reserve: {guardians}", guardians=", ".join(guard_items))
        if guardians
        else lang.t(locale, "Guardians in reserve: none")
    )
    _panel_line(draw, y + 12, guard_text)
    y += 44

    rounded_panel(
        draw, (16, y, PANEL_W - 16, y + 74), fill=(232, 238, 250), outline=NILE, radius=10, width=2
    )
    label, note = sealed_words(private_view, sealed, locale)
    draw.text(
        (32, y + 24),
        fit_text(label, font(19, bold=True), PANEL_W - 64),
        font=font(19, bold=True),
        fill=INK,
        anchor="lm",
    )
    draw.text(
        (32, y + 52),
        fit_text(note, font(15), PANEL_W - 64),
        font=font(15),
        fill=INK_SOFT,
        anchor="lm",
    )
    return image


def _panel_line(draw, y: int, text: str) -> None:
    """One line of the panel, a size smaller when the words are long."""
    fnt = font(16) if text_px(text, font(16)) <= PANEL_W - 40 else font(14)
    draw.text((20, y), fit_text(text, fnt, PANEL_W - 40), font=fnt, fill=INK, anchor="lm")


def _draw_blurb(draw, xy: tuple[int, int], text: str, room: int) -> None:
    """A card's reminder: one line at 15 px, else two smaller lines."""
    x, mid = xy
    if text_px(text, font(15)) <= room:
        draw.text((x, mid), text, font=font(15), fill=INK_SOFT, anchor="lm")
        return
    lines = wrap_text(text, font(13), room, max_lines=2)
    top = mid - 8 * (len(lines) - 1)
    for index, line in enumerate(lines):
        draw.text((x, top + 16 * index), line, font=font(13), fill=INK_SOFT, anchor="lm")
