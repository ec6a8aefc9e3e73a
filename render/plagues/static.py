"""10 Plagues' static layer: collective board frames, papyrus table and every province board
with its grids, tracks and labels, drawn once per table set-up and language and cached."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from lang import localise, t
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    PAPER,
    WHITE,
    DrawnText,
    canvas_draw,
    colour_swatch,
    font,
    palette_image,
    recording_texts,
    rounded_panel,
    seat_style,
    seat_token,
)
from render.plagues.layout import (
    ACTING_FILL,
    BACKGROUND,
    BAD,
    BADGE_OFF,
    BADGE_ON,
    BONUS_SPACE,
    BOX_FILL,
    CITY_BG,
    COLL_Y,
    CREAM,
    CREAM_SOFT,
    DICE_BOX,
    EMPTY_CELL,
    FIELD_BG,
    FINAL_TITLE_H,
    GOLD,
    GOOD,
    HEADER_BG,
    HEADER_H,
    HEB_W,
    HEBREW_BOX,
    HIGHLIGHT,
    LOSS_BOX,
    MARGIN,
    NILE_DARK,
    NILE_FILL,
    PAPYRUS_BG,
    PAPYRUS_BOX,
    PAPYRUS_LABEL_W,
    PAPYRUS_NOW,
    PB_H,
    PB_W,
    PHARAOH_BOX,
    PLAGUE_BOX,
    SUPPLY_BOX,
    TERRITORY_BOX,
    TILE_FILL,
    TRACK_FILL,
    TRACK_X,
    USED_DIE,
    VP_FILL,
    WIDTH,
    WINNER_FILL,
    Layout,
    StaticKey,
    cell_box,
    dev_cell,
    dice_space,
    discard_box,
    edge_center,
    hebrew_space,
    line_mark,
    nile_cell,
    occupation,
    papyrus_cell,
    pcard_cell,
    pharaoh_card,
    table_layout,
)
from render.plagues.pieces import draw_label, rrect
from render.plagues.words import (
    BONUS_LABEL,
    CATEGORY,
    HEBREW_LABEL,
    OCCUPATION,
    OCCUPATION_LABEL,
    PHARAOH_SHORT,
    PROVINCE_BONUS_LABEL,
    option_id,
    seat_name,
)
from rules.plagues.data import (
    BONUS_EDGES,
    DEV_LAST,
    DEV_VP,
    DISCARD_DICE,
    HEBREW_COLUMN,
    LOSSES_BY_ROUND,
    NILE_COINS,
    NILE_DIAMOND,
    NILE_LAST,
    NILE_OCCUPATION,
    NILE_VP,
    PAPYRUS,
    PHARAOH_CARDS,
    PROVINCE_ANKH,
    PROVINCE_END_VP,
    PROVINCE_LAST,
    PROVINCE_ONCE,
    PROVINCE_TWO_SA,
)


# --- static layer ------------------------------------------------------------------------------
@functools.lru_cache(maxsize=16)
def static_layer(key: StaticKey) -> tuple[Image.Image, Layout]:
    """Frames, labels, the papyrus table and every seat's empty province board."""
    layout = table_layout(key)
    loc = key.locale
    image = Image.new("RGB", (WIDTH, layout.height), BACKGROUND)
    draw = canvas_draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    draw_label(draw, (MARGIN, 18), t(loc, "10 PLAGUES OF EGYPT"), 24, 325, bold=True, fill=GOLD)
    variants = [
        t(loc, "advanced papyrus") if key.advanced else t(loc, "normal papyrus"),
        t(loc, "{n} {n:plural:round|rounds} (short)", n=key.last_round)
        if key.short
        else t(loc, "{n} {n:plural:round|rounds}", n=key.last_round),
    ]
    if key.ai_seat is not None:
        variants.append(t(loc, "solo vs. AI"))
    draw_label(draw, (MARGIN, 46), " · ".join(variants), 14, 325, fill=CREAM_SOFT)
    draw_label(draw, (805, 18), t(loc, "Turn order"), 14, 215, fill=CREAM_SOFT)
    draw_label(draw, (1045, 18), t(loc, "Acting now ▶"), 14, WIDTH - 1045 - MARGIN, fill=CREAM_SOFT)
    for x in (790, 1030):
        draw.line((x, 8, x, HEADER_H - 8), fill=(96, 82, 64), width=1)

    _static_collective(draw, key)
    for seat, origin in enumerate(layout.boards):
        _static_board(draw, seat, origin, seat == key.ai_seat, loc)

    if layout.final_y is not None:
        draw_label(
            draw,
            (MARGIN, layout.final_y + FINAL_TITLE_H // 2),
            t(loc, "Final scores"),
            22,
            190,
            bold=True,
        )
    nile_vp = " / ".join(str(p) for p in sorted(NILE_VP))
    vps = " / ".join(str(v) for _, v in sorted(NILE_VP.items()))
    for index, line in enumerate(
        (
            t(
                loc,
                "Seats: colour + letter + shape · ▶ acting · bonuses: C+1 / F+1 city / field "
                "development, ¢1 coin income, ⚔3 soldiers, H Hebrew bonus (yellow = active)",
            ),
            t(
                loc,
                "Nile {spaces} (green) score {vps} VP · ● on the province card = one-time "
                "bonus still there · grey die card = used this round · grey labels = option "
                "ids",
                spaces=nile_vp,
                vps=vps,
            ),
        )
    ):
        draw_label(
            draw,
            (MARGIN, layout.footer_y + 14 + index * 20),
            line,
            14,
            WIDTH - 2 * MARGIN,
            fill=INK_SOFT,
        )

    swatch = colour_swatch(
        [
            INK,
            INK_SOFT,
            CREAM,
            GOLD,
            HIGHLIGHT,
            GOOD,
            BAD,
            WHITE,
            NILE_DARK,
            USED_DIE,
            *TILE_FILL.values(),
            *(c for _, c in CATEGORY.values()),
        ],
        [
            PAPER,
            BOX_FILL,
            HEADER_BG,
            ACTING_FILL,
            WINNER_FILL,
            EMPTY_CELL,
            TRACK_FILL,
            NILE_FILL,
            BONUS_SPACE,
            PAPYRUS_NOW,
            BADGE_ON,
            *TILE_FILL.values(),
            *(c for _, c in CATEGORY.values()),
        ],
        seats=max(key.seats, 2),
        width=WIDTH,
    )
    image.info[PALETTE_HINT] = palette_image(image, swatch)
    return image, layout


def _box(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str, room: int = 20
) -> None:
    """A framed box with its title (``room`` px kept free right of the title)."""
    rounded_panel(draw, box, fill=BOX_FILL, outline=INK_SOFT, radius=8, width=2)
    draw_label(draw, (box[0] + 10, box[1] + 14), title, 15, box[2] - box[0] - 10 - room, bold=True)


def _static_collective(draw: ImageDraw.ImageDraw, key: StaticKey) -> None:
    loc = key.locale
    _box(draw, DICE_BOX, t(loc, "Dice spaces · die k takes the tile on space k"))
    for k in range(1, 7):
        x0, y0, x1, _y1 = dice_space(k)
        rrect(draw, dice_space(k), radius=6, fill=PAPYRUS_BG, outline=INK_SOFT)
        rrect(draw, (x0 + 6, y0 + 6, x0 + 34, y0 + 34), radius=5, fill=WHITE, outline=INK, width=2)
        draw.text((x0 + 20, y0 + 20), str(k), font=font(18, bold=True), fill=INK, anchor="mm")
        draw.text(
            (x1 - 6, y0 + 20), option_id("tile", k), font=font(14), fill=INK_SOFT, anchor="rm"
        )
    _box(draw, HEBREW_BOX, t(loc, "Hebrews · hebrew:v"), room=40)
    inner = HEBREW_BOX[2] - HEBREW_BOX[0] - 16
    draw_label(
        draw,
        (HEBREW_BOX[0] + 10, COLL_Y + 112),
        t(loc, "free with a die ≥ 2 × value"),
        14,
        inner,
        fill=INK_SOFT,
    )
    draw_label(
        draw,
        (HEBREW_BOX[0] + 10, COLL_Y + 130),
        t(loc, "(H bonus: die ≥ value)"),
        14,
        inner,
        fill=INK_SOFT,
    )
    _box(draw, SUPPLY_BOX, t(loc, "Supply & decks"))
    _box(draw, PLAGUE_BOX, t(loc, "Plague"), room=150)
    mode = "advanced" if key.advanced else "normal"
    _box(
        draw,
        PAPYRUS_BOX,
        t(loc, "Papyrus (advanced side) · round, tribute, Ankh, losses")
        if key.advanced
        else t(loc, "Papyrus (normal side) · round, tribute, Ankh, losses"),
    )
    labels = (
        t(loc, "Round"),
        t(loc, "Tribute"),
        t(loc, "☥ to cancel"),
        t(loc, "Losses"),
        t(loc, "Moses"),
    )
    tributes = PAPYRUS[mode]["tribute"]
    ankhs = PAPYRUS[mode]["ankh_needed"]
    for row, label in enumerate(labels):
        x0, y0, _x1, y1 = papyrus_cell(1, row)
        draw_label(
            draw,
            (x0 - PAPYRUS_LABEL_W + 2, (y0 + y1) // 2),
            label,
            14,
            PAPYRUS_LABEL_W - 5,
            bold=row == 0,
        )
    for round_ in range(1, len(tributes) + 1):
        playing = round_ <= key.last_round
        values = (
            str(round_),
            str(tributes[round_ - 1]),
            str(ankhs[round_ - 1]),
            str(LOSSES_BY_ROUND[round_ - 1]),
            "✦" if round_ in key.moses else "",
        )
        for row, value in enumerate(values):
            box = papyrus_cell(round_, row)
            fill = (PAPYRUS_BG if row == 0 else PAPER) if playing else BADGE_OFF
            draw.rectangle(box, fill=fill, outline=CREAM_SOFT)
            draw.text(
                ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
                value,
                font=font(14, bold=row == 0),
                fill=INK if playing else INK_SOFT,
                anchor="mm",
            )
    _box(draw, LOSS_BOX, t(loc, "Loss card · cancel:n"), room=130)
    _box(draw, PHARAOH_BOX, t(loc, "Pharaoh cards · die k takes card k"))
    for n in range(1, 7):
        x0, y0, x1, _y1 = box = pharaoh_card(n)
        rrect(draw, box, radius=6, fill=(246, 232, 196), outline=(150, 110, 40), width=2)
        draw.text(
            ((x0 + x1) // 2, y0 + 16), str(n), font=font(22, bold=True), fill=INK, anchor="mm"
        )
        top, bottom = PHARAOH_SHORT.get(n, (localise(PHARAOH_CARDS[n][1], loc)[:8], ""))
        draw_label(
            draw,
            ((x0 + x1) // 2, y0 + 42),
            localise(top, loc),
            14,
            x1 - x0 - 6,
            bold=True,
            anchor="mm",
            smallest=10,
        )
        if bottom:
            draw_label(
                draw,
                ((x0 + x1) // 2, y0 + 59),
                localise(bottom, loc),
                14,
                x1 - x0 - 6,
                anchor="mm",
                smallest=10,
            )
    _box(draw, TERRITORY_BOX, t(loc, "Territory cards · pick:<id> in phase 2"), room=200)


def _static_board(
    draw: ImageDraw.ImageDraw, seat: int, origin: tuple[int, int], ai: bool, loc: str = "en"
) -> None:
    bx, by = origin
    style = seat_style(seat)
    rounded_panel(
        draw, (bx, by, bx + PB_W, by + PB_H), fill=PAPER, outline=style.colour, radius=10, width=3
    )
    draw.rectangle((bx + 3, by + 3, bx + PB_W - 3, by + 40), fill=(238, 228, 204))
    draw.line((bx + 3, by + 41, bx + PB_W - 3, by + 41), fill=style.colour, width=2)
    seat_token(draw, (bx + 22, by + 22), seat, size=28)
    draw.text(
        (bx + 44, by + 22), seat_name(seat, loc), font=font(19, bold=True), fill=INK, anchor="lm"
    )

    # city and field grids with the bonuses between their spaces
    for area, label, y, fill in (
        ("c", t(loc, "CITY · sphinx, obelisk, egyptian"), 54, CITY_BG),
        ("f", t(loc, "FIELD · plantation, herd, egyptian"), 171, FIELD_BG),
    ):
        draw_label(draw, (bx + 12, by + y), label, 14, TRACK_X - 22, bold=True)
        first, last = cell_box(origin, f"{area}0"), cell_box(origin, f"{area}5")
        rrect(draw, (first[0] - 5, first[1] - 4, last[2] + 28, last[3] + 4), radius=6, fill=fill)
        for index in range(6):
            cell = f"{area}{index}"
            box = cell_box(origin, cell)
            draw.rectangle(box, fill=EMPTY_CELL, outline=INK_SOFT)
            draw.text((box[0] + 4, box[1] + 3), cell, font=font(14), fill=INK_SOFT)
        for row in range(2):
            cx, cy = line_mark(origin, (0 if area == "c" else 2) + row)
            draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), outline=CREAM_SOFT, width=2)
    for a, b, kind in BONUS_EDGES:
        cx, cy = edge_center(origin, a, b)
        rrect(
            draw, (cx - 15, cy - 12, cx + 15, cy + 12), radius=6, fill=BADGE_OFF, outline=INK_SOFT
        )
        draw_label(
            draw,
            (cx, cy),
            localise(BONUS_LABEL.get(kind, kind[:3]), loc),
            14,
            28,
            fill=INK_SOFT,
            anchor="mm",
        )

    # development tracks (cells show VP), Nile, province card
    tx = bx + TRACK_X
    room = PB_W - TRACK_X - 10
    for track, y in (("city", 52), ("field", 96)):
        title = (
            t(loc, "City development (VP) · track:city")
            if track == "city"
            else t(loc, "Field development (VP) · track:field")
        )
        draw_label(draw, (tx, by + y), title, 14, room, bold=True)
        for pos in range(DEV_LAST + 1):
            box = dev_cell(origin, track, pos)
            draw.rectangle(box, fill=TRACK_FILL, outline=CREAM_SOFT)
            draw.text(
                ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
                str(DEV_VP[pos]),
                font=font(14),
                fill=INK_SOFT,
                anchor="mm",
            )
    nile_w = draw_label(draw, (tx, by + 140), t(loc, "Nile"), 14, 80, bold=True)
    draw_label(
        draw,
        (tx + nile_w + 8, by + 140),
        t(loc, "¢ income  ▣ river  ♦ diamond  ☥ Ankh"),
        14,
        room - nile_w - 8,
        fill=INK_SOFT,
    )
    for pos in range(NILE_LAST + 1):
        box = nile_cell(origin, pos)
        draw.rectangle(box, fill=VP_FILL if pos in NILE_VP else NILE_FILL, outline=WHITE)
        draw.text(
            ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
            str(pos),
            font=font(14),
            fill=NILE_DARK,
            anchor="mm",
        )
        marks = []
        if pos in NILE_COINS:
            marks.append(("¢", (160, 110, 0)))
        if pos == NILE_OCCUPATION:
            marks.append(("▣", INK))
        if pos == NILE_DIAMOND:
            marks.append(("♦", INK))
        if pos == NILE_LAST:
            marks.append(("☥", INK))
        for index, (mark, colour) in enumerate(marks[:2]):
            dx = 0 if len(marks) == 1 else (-6 if index == 0 else 6)
            draw.text(
                ((box[0] + box[2]) // 2 + dx, box[3] + 9),
                mark,
                font=font(14, bold=True),
                fill=colour,
                anchor="mm",
            )
    once = " · ".join(
        f"{p} {localise(PROVINCE_BONUS_LABEL.get(k, k), loc)}"
        for p, k in sorted(PROVINCE_ONCE.items())
    )
    card_w = draw_label(draw, (tx, by + 200), t(loc, "Province card"), 14, 136, bold=True)
    draw_label(draw, (tx + card_w + 8, by + 200), once, 14, 316 - card_w - 8, fill=INK_SOFT)
    specials = {PROVINCE_TWO_SA, PROVINCE_ANKH, PROVINCE_LAST, *PROVINCE_ONCE}
    for pos in range(PROVINCE_LAST + 1):
        box = pcard_cell(origin, pos)
        draw.rectangle(box, fill=BONUS_SPACE if pos in specials else TRACK_FILL, outline=CREAM_SOFT)
        draw.text(
            ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
            str(pos),
            font=font(14),
            fill=INK_SOFT,
            anchor="mm",
        )
    legend = t(
        loc,
        "{two}+ two special actions · {ankh}+ ☥ · {last} = {vp} VP",
        two=PROVINCE_TWO_SA,
        ankh=PROVINCE_ANKH,
        last=PROVINCE_LAST,
        vp=PROVINCE_END_VP,
    )
    draw_label(draw, (tx, by + 268), legend, 14, 316, fill=INK_SOFT)

    # die cards, discard area, occupation tiles
    draw_label(
        draw,
        (bx + 12, by + 298),
        t(loc, "AI die row (solo)") if ai else t(loc, "Die cards · die:k"),
        14,
        244,
        bold=True,
    )
    if ai:
        draw_label(draw, (bx + 262, by + 298), t(loc, "AI: no support table"), 14, 216, bold=True)
        draw_label(
            draw, (bx + 262, by + 328), t(loc, "no discard, no Ankh tokens"), 14, 216, fill=INK_SOFT
        )
    else:
        draw_label(draw, (bx + 262, by + 298), t(loc, "Discard · recover:A/B"), 14, 216, bold=True)
        for slot in ("A", "B"):
            box = discard_box(origin, slot)
            rrect(draw, box, radius=5, fill=EMPTY_CELL, outline=INK_SOFT)
            dice = "·".join(str(d) for d in DISCARD_DICE.get(slot, ()))
            draw_label(
                draw,
                (box[0] + 4, box[1] + 3),
                t(loc, "{slot} dice {dice}", slot=slot, dice=dice),
                14,
                box[2] - box[0] - 8,
                fill=INK_SOFT,
                anchor="la",
            )
    draw_label(draw, (bx + 484, by + 298), t(loc, "Occupation"), 14, PB_W - 484 - 10, bold=True)
    for index, name in enumerate(OCCUPATION):
        box = occupation(origin, index)
        rrect(draw, box, radius=5, fill=EMPTY_CELL, outline=CREAM_SOFT)
        draw_label(
            draw,
            ((box[0] + box[2]) // 2, box[1] + 11),
            localise(OCCUPATION_LABEL[name], loc),
            14,
            box[2] - box[0] - 4,
            fill=INK_SOFT,
            anchor="mm",
        )

    # Hebrew column (7 spaces; later columns repeat 1-6)
    draw_label(draw, (bx + 12, by + 364), *hebrew_column_title(loc))
    for index, bonus in enumerate(HEBREW_COLUMN):
        box = hebrew_space(origin, index)
        draw.rectangle(box, fill=EMPTY_CELL, outline=INK_SOFT)
        draw_label(
            draw,
            ((box[0] + box[2]) // 2, box[1] + 9),
            localise(HEBREW_LABEL.get(bonus, bonus[:6]), loc),
            14,
            HEB_W - 4,
            fill=INK_SOFT,
            anchor="mm",
        )


def hebrew_column_title(loc: str) -> tuple[str, int, int, bool]:
    """The Hebrew column's title with its size, room and weight (the freed count follows it)."""
    return t(loc, "Hebrew column"), 14, 200, True


@functools.lru_cache(maxsize=16)
def static_texts(key: StaticKey) -> tuple[DrawnText, ...]:
    """The texts printed on the static layer (drawn once, then cached as pixels)."""
    with recording_texts() as texts:
        static_layer.__wrapped__(key)
    return tuple(texts)
