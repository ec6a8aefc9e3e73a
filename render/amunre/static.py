"""Amun-Re's static layer: Nile, banks, region bands and province frames, drawn once per
province layout and language and cached."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from lang import t
from render.amunre.layout import (
    ACTING_FILL,
    AUCTION_EDGE,
    AUCTION_FILL,
    BADGE_CARAVAN,
    BADGE_FAVOR,
    BADGE_MINE,
    BADGE_TEMPLE,
    BANK_LABEL_H,
    BOX_H,
    COL_GAP,
    COL_W,
    COL_X,
    CREAM,
    CREAM_SOFT,
    DESERT,
    DESERT_DARK,
    FARMER,
    FERTILE,
    FERTILE_DARK,
    FIELD,
    GOLD,
    HEADER_BG,
    HEADER_H,
    HEADER_SPLITS,
    HIGHLIGHT,
    MARGIN,
    NILE,
    NILE_LIGHT,
    NILE_X0,
    NILE_X1,
    PILL,
    PYRAMID,
    REGION_BAND_H,
    REGION_LOWER,
    REGION_UPPER,
    SCORE_TITLE_H,
    SEA,
    SEA_H,
    SOUTH_H,
    STONE,
    WIDTH,
    WINNER_FILL,
    Layout,
    StaticProvince,
    field_slot,
    fields_x,
    piece_row,
    province_layout,
)
from render.amunre.words import GAME_TITLE, PHASE_COLOURS, say
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    PAPER,
    RGB,
    WHITE,
    DrawnText,
    colour_swatch,
    fit_font,
    fit_text,
    font,
    palette_image,
    recording_texts,
    rounded_panel,
    text_advance,
)


@functools.lru_cache(maxsize=16)
def static_layer(
    provinces: tuple[StaticProvince, ...], seats: int, locale: str = "en"
) -> tuple[Image.Image, Layout]:
    """Background, Nile, banks, region labels and province frames with permanent features, with
    their words in ``locale`` (cached per layout and language)."""
    layout, bands = province_layout(provinces, seats)
    image = Image.new("RGB", (WIDTH, layout.height), (245, 236, 214))
    draw = ImageDraw.Draw(image)
    map_top = HEADER_H
    land_top = map_top + SEA_H

    # header band
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    draw.text((MARGIN, 10), GAME_TITLE, font=font(30, bold=True), fill=GOLD)
    headings = (
        t(locale, "Start player ☥"),
        t(locale, "Acting now ▶"),
        t(locale, "Offering tile"),
        t(locale, "Decks"),
    )
    for x, y, heading, right in (
        (400, 10, headings[0], HEADER_SPLITS[1]),
        (400, 78, headings[1], HEADER_SPLITS[1]),
        (790, 10, headings[2], HEADER_SPLITS[2]),
        (1040, 10, headings[3], WIDTH),
    ):
        text, fnt = fit_font(heading, (15, 14, 13), right - x - 10)
        draw.text((x, y), text, font=fnt, fill=CREAM_SOFT)
    for x in HEADER_SPLITS:
        draw.line((x, 12, x, HEADER_H - 12), fill=(96, 82, 64), width=1)

    # land: desert borders and fertile Nile banks, the Nile in the middle, the sea in the north
    west_edge = COL_X[1] - COL_GAP // 2
    east_edge = COL_X[3] - COL_GAP // 2
    draw.rectangle((0, land_top, west_edge, layout.map_bottom), fill=DESERT)
    draw.rectangle((east_edge, land_top, WIDTH, layout.map_bottom), fill=DESERT)
    draw.rectangle((west_edge, land_top, east_edge, layout.map_bottom), fill=FERTILE)
    for x in range(8, WIDTH, 36):  # dune / furrow texture, cheap and static
        for y in range(land_top + 10, layout.map_bottom, 28):
            on_desert = x < west_edge or x > east_edge
            colour = DESERT_DARK if on_desert else FERTILE_DARK
            draw.arc((x, y, x + 18, y + 8), 200, 340, fill=colour, width=1)
    nile_mid = (NILE_X0 + NILE_X1) // 2
    delta_w = 2 * COL_W // 3
    draw.polygon(
        [
            (nile_mid - delta_w, land_top),
            (nile_mid + delta_w, land_top),
            (NILE_X1, land_top + 2 * BOX_H // 3),
            (NILE_X1, layout.map_bottom),
            (NILE_X0, layout.map_bottom),
            (NILE_X0, land_top + 2 * BOX_H // 3),
        ],
        fill=NILE,
    )
    for y in range(land_top + 20, layout.map_bottom - 40, 46):
        draw.arc((nile_mid - 22, y, nile_mid + 2, y + 10), 200, 340, fill=NILE_LIGHT, width=2)
        draw.arc((nile_mid, y + 20, nile_mid + 24, y + 30), 200, 340, fill=NILE_LIGHT, width=2)
    draw.rectangle((0, map_top, WIDTH, land_top), fill=SEA)
    sea, sea_font = fit_font(
        t(locale, "MEDITERRANEAN SEA · north ↑ · the Nile flows north into the delta"),
        (16, 15, 14),
        WIDTH - 2 * MARGIN,
        bold=True,
    )
    draw.text((WIDTH // 2, map_top + SEA_H // 2), sea, font=sea_font, fill=WHITE, anchor="mm")
    nile_font = font(20, bold=True)
    river = t(locale, "NILE")
    for index, letter in enumerate(river):
        y = layout.map_bottom - 150 + index * 28
        draw.text(
            (nile_mid, y),
            letter,
            font=nile_font,
            fill=WHITE,
            anchor="mm",
            stroke_width=2,
            stroke_fill=SEA,
        )

    # column labels (bank and Nile/border, as used by the scoring cards)
    label_y = land_top + BANK_LABEL_H // 2
    labels = (
        t(locale, "WEST · border (desert)"),
        t(locale, "WEST BANK · on the Nile"),
        t(locale, "EAST BANK · on the Nile"),
        t(locale, "EAST · border (desert)"),
    )
    for col, label in enumerate(labels):
        text, fnt = fit_font(label, (16, 15, 14, 13), COL_W - 4, bold=True)
        draw.text((COL_X[col] + COL_W // 2, label_y), text, font=fnt, fill=INK, anchor="mm")

    # region bands
    for region, y, count in bands:
        fill = REGION_LOWER if region == "lower" else REGION_UPPER
        draw.rectangle((0, y, WIDTH, y + REGION_BAND_H), fill=fill)
        if region == "lower":
            text = t(
                locale,
                "LOWER EGYPT · north, downstream (delta) · "
                "{count} {count:plural:province|provinces}",
                count=count,
            )
        elif region == "upper":
            text = t(
                locale,
                "UPPER EGYPT · south, upstream · {count} {count:plural:province|provinces}",
                count=count,
            )
        else:
            text = t(
                locale,
                "{region} · {count} {count:plural:province|provinces}",
                region=region.upper(),
                count=count,
            )
        text, fnt = fit_font(text, (18, 16), WIDTH - 2 * MARGIN, bold=True)
        draw.text((MARGIN, y + REGION_BAND_H // 2), text, font=fnt, fill=CREAM, anchor="lm")
    draw.text(
        (MARGIN, layout.map_bottom - SOUTH_H // 2),
        t(locale, "south ↓ upstream (Nubia)"),
        font=font(15, bold=True),
        fill=INK_SOFT,
        anchor="lm",
    )

    # province frames and their permanent features
    for province in provinces:
        _draw_static_province(draw, province, layout.boxes[province.id], locale)

    # scoreboard title
    title = t(locale, "Scoreboard")
    draw.text(
        (MARGIN, layout.score_y + SCORE_TITLE_H // 2),
        title,
        font=font(22, bold=True),
        fill=INK,
        anchor="lm",
    )
    legend_room = WIDTH - 2 * MARGIN - text_advance(font(22, bold=True), title) - 24
    legend, legend_font = fit_font(
        t(locale, "☥ start player · ▶ acting · seats: colour + letter + shape"),
        (15, 14, 13),
        legend_room,
    )
    draw.text(
        (WIDTH - MARGIN, layout.score_y + SCORE_TITLE_H // 2),
        legend,
        font=legend_font,
        fill=INK_SOFT,
        anchor="rm",
    )

    swatch = colour_swatch(
        [
            INK,
            INK_SOFT,
            CREAM,
            GOLD,
            HIGHLIGHT,
            AUCTION_EDGE,
            FARMER,
            STONE,
            PYRAMID,
            WHITE,
            *(c for c, _ in PHASE_COLOURS.values()),
        ],
        [
            PAPER,
            HEADER_BG,
            AUCTION_FILL,
            ACTING_FILL,
            WINNER_FILL,
            (255, 251, 240),
            (244, 236, 218),
            FIELD,
            DESERT,
            FERTILE,
        ],
        width=WIDTH,
    )
    image.info[PALETTE_HINT] = palette_image(image, swatch)
    return image, layout


def _badges(province: StaticProvince, locale: str) -> list[tuple[str, RGB]]:
    badges = []
    if province.favor_limit:
        badges.append((t(locale, "favor {n}", n=province.favor_limit), BADGE_FAVOR))
    if province.gold_mine:
        badges.append((t(locale, "mine {n}", n=province.gold_mine), BADGE_MINE))
    if province.caravan:
        badges.append((t(locale, "caravan {n}", n=province.caravan), BADGE_CARAVAN))
    if province.temples:
        badges.append((t(locale, "temple ×{n}", n=province.temples), BADGE_TEMPLE))
    return badges


def _draw_static_province(
    draw: ImageDraw.ImageDraw, province: StaticProvince, box: tuple[int, int, int, int], locale: str
) -> None:
    x0, y0, x1, _y1 = box
    rounded_panel(draw, box, fill=PAPER, outline=INK_SOFT, radius=10, width=2)
    pill_font = font(15)
    pill_w = int(pill_font.getlength(province.id)) + 14
    draw.rounded_rectangle(
        (x1 - 8 - pill_w, y0 + 8, x1 - 8, y0 + 30), radius=6, fill=PILL, outline=INK_SOFT
    )
    draw.text((x1 - 8 - pill_w // 2, y0 + 19), province.id, font=pill_font, fill=INK, anchor="mm")
    room = COL_W - 30 - pill_w
    name, name_font = fit_font(say(locale, province.name), (21, 19, 17), room, bold=True)
    draw.text((x0 + 10, y0 + 19), name, font=name_font, fill=INK, anchor="lm")
    # permanent features
    badges = _badges(province, locale) or [(t(locale, "no symbols"), PAPER)]
    room = COL_W - 20 - 6 * (len(badges) - 1) - 12 * len(badges)
    badge_font = next(
        (
            font(s)
            for s in (15, 14, 13, 12)
            if sum(text_advance(font(s), label) for label, _ in badges) <= room
        ),
        font(12),
    )
    x = x0 + 10
    for label, fill in badges:
        label = fit_text(label, badge_font, max(20, x1 - 10 - x - 12))
        w = int(badge_font.getlength(label)) + 12
        draw.rounded_rectangle(
            (x, y0 + 38, x + w, y0 + 60),
            radius=5,
            fill=fill,
            outline=INK_SOFT if fill != PAPER else None,
        )
        draw.text((x + w // 2, y0 + 49), label, font=badge_font, fill=INK, anchor="mm")
        x += w + 6
    if province.fields:
        draw.text(
            (x0 + 10, y0 + 81), t(locale, "fields"), font=font(15), fill=INK_SOFT, anchor="lm"
        )
        for index in range(province.fields):
            draw.rectangle(field_slot(box, index, locale), fill=FIELD, outline=INK_SOFT)
    else:  # extra farmers are drawn after the first slot's place + 48
        room = fields_x(locale) + 48 - 10 - 6
        fields, fields_font = fit_font(t(locale, "no fields"), (15, 14, 13), room)
        draw.text((x0 + 10, y0 + 81), fields, font=fields_font, fill=INK_SOFT, anchor="lm")
    stones, pyramids, _stone_x, pyramids_x, _pyramid_x = piece_row(locale)
    draw.text((x0 + 10, y0 + 115), stones, font=font(15), fill=INK_SOFT, anchor="lm")
    draw.text((x0 + pyramids_x, y0 + 115), pyramids, font=font(15), fill=INK_SOFT, anchor="lm")


@functools.lru_cache(maxsize=16)
def static_texts(
    provinces: tuple[StaticProvince, ...], seats: int, locale: str
) -> tuple[DrawnText, ...]:
    """The texts printed on the static layer (drawn once, then cached as pixels)."""
    with recording_texts() as texts:
        static_layer.__wrapped__(provinces, seats, locale)
    return tuple(texts)
