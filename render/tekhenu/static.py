"""Tekhenu's static layer: frames, grids and printed values, drawn once per seat count and
language and cached."""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

import lang
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    WHITE,
    DrawnText,
    colour_swatch,
    fit_text,
    font,
    palette_image,
    recording_texts,
    rounded_panel,
    text_on,
    wrap_text,
)
from render.tekhenu.layout import (
    ACTING_FILL,
    BAR,
    BG,
    CARD_FILL,
    CELL,
    CLOSED_FILL,
    CREAM,
    CREAM_SOFT,
    DIE_FILL,
    DIE_STEP,
    DISC_CX,
    DISC_CY,
    DISC_R,
    EDGE_FILL,
    GOLD,
    GRID,
    GRID_LINE,
    GX0,
    GY0,
    HAPPY_BAR,
    HEADER_BG,
    HEADER_H,
    HIGHLIGHT,
    INNER_W,
    LIGHT_FILL,
    M_FOOT_H,
    M_H,
    M_TITLE_H,
    M_W,
    M_Y,
    MARGIN,
    O_COL_W,
    O_HEAD_Y,
    O_LABEL_W,
    O_PEOPLE_Y,
    O_ROW_H,
    O_ROWS_Y,
    O_X,
    OB_H,
    OB_Y,
    OSIRIS_BG,
    P_GAP,
    P_H,
    P_W,
    PANEL_FILL,
    POP_BAR,
    PURITY_FILL,
    RES_FILL,
    ROW_LABEL_W,
    SEC_GAP,
    SEC_H,
    SEC_ROWS_Y,
    SEC_W,
    SECTION_BOX,
    SIDE_W,
    SIDE_X,
    T_COL_W,
    T_EAST_X,
    T_H,
    T_Y,
    TEMPLE_BG,
    TILE_FILL,
    TRACK_FILL,
    WEDGE_ANGLE,
    WIDTH,
    WINNER_FILL,
    Layout,
    building_box,
    market_box,
    osiris_box,
    people_box,
    ra_slot_box,
    slot_box,
    strip_box,
    temple_cell,
)
from render.tekhenu.words import (
    ACTION_HINT,
    BOT_TITLES,
    CARD_LETTER,
    EDGE_CODE,
    GAME_NAME,
    OSIRIS_ROW_TEXT,
    PLAYER_TITLES,
    RESOURCE_TEXT,
    die_codes,
    fit,
    length,
    reward_text,
    say,
)
from rules.tekhenu.data import (
    BORDER,
    CORNERS,
    CROSS_PARTNER,
    DISTRICTS,
    GODS,
    MARKET_HAPPINESS,
    MARKET_SLOTS,
    MARKET_UNLOCK,
    PAIR_PARTNER,
    PURITY_NAMES,
    RA_SLOT_VP,
    TEMPLE_BUILDINGS,
    TEMPLE_REWARDS,
    TEMPLE_SIZE,
)


@functools.lru_cache(maxsize=16)
def static_layer(key: tuple[int, int, bool], loc: str = "en") -> tuple[Image.Image, Layout]:
    """Background, frames, printed board values in ``loc``; never drawn on after it is
    built."""
    players, seats, solo = key
    players_y = M_Y + M_TITLE_H + M_H + M_FOOT_H + 6
    height = players_y + players * (P_H + P_GAP) + 26
    layout = Layout(height, players_y)
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)

    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    draw.text((MARGIN, 4), GAME_NAME, font=font(30, bold=True), fill=GOLD)
    left = MARGIN + 12 + length(GAME_NAME, 30, True)
    draw.text(
        (left, 18),
        fit_text(lang.t(loc, "Obelisk of the Sun"), font(15), 330 - left),
        font=font(15),
        fill=CREAM_SOFT,
    )
    for x in (340, 700, 1030):
        draw.line((x, 10, x, HEADER_H - 10), fill=(96, 82, 64), width=1)
    for xy, text, width in (
        ((356, 5), lang.t(loc, "Turn order (first → last)"), 336),
        ((356, 58), lang.t(loc, "Acting now ▶"), 336),
        ((716, 5), lang.t(loc, "This turn"), 306),
        ((1046, 5), lang.t(loc, "Decks (discards)"), 262),
    ):
        draw.text(xy, fit_text(text, font(15), width), font=font(15), fill=CREAM_SOFT)

    # obelisk sections
    for god, (x, y) in SECTION_BOX.items():
        box = (x, y, x + SEC_W, y + SEC_H)
        rounded_panel(draw, box, fill=PANEL_FILL, outline=INK_SOFT, radius=10, width=2)
        hint, fnt = fit(say(ACTION_HINT[god], loc), SEC_W - 20 - 3 * 26, (14, 13, 12, 11))
        draw.text((x + 10, y + 37), hint, font=fnt, fill=INK_SOFT, anchor="lm")
        for row, purity in enumerate(PURITY_NAMES):
            ry = y + SEC_ROWS_Y + row * DIE_STEP
            draw.rectangle((x + 6, ry, x + SEC_W - 6, ry + DIE_STEP - 2), fill=PURITY_FILL[purity])
            label, fnt = fit(say(PURITY_NAMES[purity], loc), ROW_LABEL_W - 10, bold=True)
            draw.text((x + 12, ry + DIE_STEP // 2 - 1), label, font=fnt, fill=INK, anchor="lm")
        layout.boxes[god] = box
    _disc_connectors(draw)
    draw.ellipse(
        (DISC_CX - DISC_R - 6, DISC_CY - DISC_R - 6, DISC_CX + DISC_R + 6, DISC_CY + DISC_R + 6),
        fill=(120, 98, 66),
    )
    disc_w = 2 * DISC_R + 20
    draw.text(
        (DISC_CX, OB_Y + 4),
        fit_text(lang.t(loc, "OBELISK DISC"), font(15, bold=True), disc_w),
        font=font(15, bold=True),
        fill=INK,
        anchor="mt",
    )
    codes = " ".join(die_codes(loc).values())
    for index, legend in enumerate(
        (
            lang.t(loc, "dice: value + colour ({codes})", codes=codes),
            lang.t(loc, "option id die:<god>:<colour><value>"),
        )
    ):
        legend, fnt = fit(legend, disc_w)
        draw.text(
            (DISC_CX, OB_Y + OB_H - 24 + index * 20), legend, font=fnt, fill=INK_SOFT, anchor="mb"
        )

    _static_side(draw, layout, loc)
    _static_temple(draw, layout, seats, loc)
    _static_osiris(draw, layout, loc)
    _static_market(draw, layout, loc)
    for index in range(players):
        box = strip_box(layout, index)
        rounded_panel(draw, box, fill=PANEL_FILL, outline=INK_SOFT, radius=10, width=2)
        x0, y0 = box[0], box[1]
        titles = BOT_TITLES if solo and index == 1 else PLAYER_TITLES
        for column, (dx, title) in enumerate(titles):
            draw.line((x0 + dx - 8, y0 + 8, x0 + dx - 8, y0 + P_H - 8), fill=CREAM_SOFT)
            right = titles[column + 1][0] - 16 if column + 1 < len(titles) else P_W - 10
            draw.text(
                (x0 + dx, y0 + 13),
                fit_text(say(title, loc), font(14, bold=True), right - dx),
                font=font(14, bold=True),
                fill=INK_SOFT,
                anchor="lm",
            )
    legend = lang.t(
        loc,
        "Seats: colour + letter + shape · ▶ acting · ☥ current turn · "
        "highlighted places are outlined in magenta",
    )
    draw.text(
        (MARGIN, height - 15),
        fit_text(legend, font(14), INNER_W),
        font=font(14),
        fill=INK_SOFT,
        anchor="lm",
    )

    swatch = colour_swatch(
        [
            INK,
            INK_SOFT,
            CREAM,
            CREAM_SOFT,
            GOLD,
            HIGHLIGHT,
            WHITE,
            *DIE_FILL.values(),
            *EDGE_FILL.values(),
            *CARD_FILL.values(),
            *TRACK_FILL.values(),
            HAPPY_BAR,
            POP_BAR,
        ],
        [
            PANEL_FILL,
            HEADER_BG,
            TILE_FILL,
            TEMPLE_BG,
            OSIRIS_BG,
            ACTING_FILL,
            WINNER_FILL,
            *LIGHT_FILL.values(),
            *PURITY_FILL.values(),
            CLOSED_FILL,
            BG,
        ],
        width=WIDTH,
    )
    image.info[PALETTE_HINT] = palette_image(image, swatch)
    return image, layout


def _static_side(draw: ImageDraw.ImageDraw, layout: Layout, loc: str) -> None:
    titles = (
        lang.t(loc, "Horus track · value → god · bonus"),
        lang.t(loc, "Ra display"),
        lang.t(loc, "Scoring markers · pile · bag"),
    )
    for index, title in enumerate(titles):
        y = OB_Y + index * (SEC_H + SEC_GAP)
        rounded_panel(
            draw,
            (SIDE_X, y, SIDE_X + SIDE_W, y + SEC_H),
            fill=PANEL_FILL,
            outline=INK_SOFT,
            radius=10,
            width=2,
        )
        draw.text(
            (SIDE_X + 10, y + 14),
            fit_text(title, font(14, bold=True), SIDE_W - 20),
            font=font(14, bold=True),
            fill=INK,
            anchor="lm",
        )
    for index, (dice, vp) in enumerate(
        (("5–6", RA_SLOT_VP[0]), ("3–4", RA_SLOT_VP[1]), ("1–2", RA_SLOT_VP[2]))
    ):
        box = ra_slot_box(index)
        draw.rounded_rectangle(box, radius=6, fill=(246, 240, 226), outline=CREAM_SOFT)
        width = box[2] - box[0] - 4
        draw.text(
            ((box[0] + box[2]) // 2, box[1] + 9),
            fit_text(lang.t(loc, "die {dice}", dice=dice), font(14, bold=True), width),
            font=font(14, bold=True),
            fill=INK,
            anchor="mm",
        )
        slot, fnt = fit(lang.t(loc, "slot +{vp} VP", vp=vp), width)
        draw.text(((box[0] + box[2]) // 2, box[3] - 9), slot, font=fnt, fill=INK_SOFT, anchor="mm")
    y = OB_Y + SEC_H + SEC_GAP
    title_w = length(titles[1], 14, True)
    cost, fnt = fit(lang.t(loc, "cost: L limestone, G granite"), int(SIDE_W - 30 - title_w))
    draw.text((SIDE_X + SIDE_W - 10, y + 14), cost, font=fnt, fill=INK_SOFT, anchor="rm")


def _static_temple(draw: ImageDraw.ImageDraw, layout: Layout, seats: int, loc: str) -> None:
    draw.rectangle((MARGIN, T_Y, T_EAST_X + T_COL_W, T_Y + T_H), fill=TEMPLE_BG)
    title = lang.t(loc, "TEMPLE COMPLEX")
    title_size = next((size for size in (18, 17, 16) if length(title, size, True) <= 300), 16)
    draw.text(
        (MARGIN + 8, T_Y + 12), title, font=font(title_size, bold=True), fill=INK, anchor="lm"
    )
    room = T_EAST_X + T_COL_W - 8 - (MARGIN + 16 + length(title, title_size, True))
    draw.text(
        (T_EAST_X + T_COL_W - 8, T_Y + 12),
        fit_text(lang.t(loc, "corners: edge VP ×2"), font(14), int(room)),
        font=font(14),
        fill=INK_SOFT,
        anchor="rm",
    )
    for r in range(TEMPLE_SIZE):
        for c in range(TEMPLE_SIZE):
            box = temple_cell(r, c)
            space = f"t{r}{c}"
            corner = space in CORNERS
            draw.rectangle(
                box,
                fill=(252, 246, 230) if not corner else (246, 232, 200),
                outline=GRID_LINE,
                width=1,
            )
            draw.text((box[0] + 5, box[1] + 4), space, font=font(14, bold=True), fill=INK_SOFT)
            reward = TEMPLE_REWARDS[r][c]
            kind, amount = next(iter(reward.items()))
            word = reward_text(kind, amount, loc)
            size = next((size for size in (15, 14, 13) if length(word, size) <= CELL - 4), 0)
            if size or " " not in word:
                size = size or 12
                draw.text(
                    ((box[0] + box[2]) / 2, box[1] + 46),
                    fit_text(word, font(size), CELL - 4),
                    font=font(size),
                    fill=INK,
                    anchor="mm",
                )
            else:  # a long word ("Calcário ×2"): two lines, not a smaller font
                for k, part in enumerate(word.rsplit(" ", 1)):
                    part, fnt = fit(part, CELL - 4, (14, 13, 12))
                    draw.text(
                        ((box[0] + box[2]) / 2, box[1] + 38 + k * 18),
                        part,
                        font=fnt,
                        fill=INK,
                        anchor="mm",
                    )
            layout.boxes[space] = box
    _border_bars(draw)
    for space, (_kind, _index, bread, closed) in TEMPLE_BUILDINGS.items():
        box = building_box(space)
        is_closed = seats in closed or (seats == 1 and 2 in closed)
        draw.rounded_rectangle(
            box, radius=6, fill=CLOSED_FILL if is_closed else PANEL_FILL, outline=INK_SOFT
        )
        draw.text((box[0] + 5, box[1] + 2), space, font=font(16, bold=True), fill=INK)
        label = lang.t(loc, "closed") if is_closed else lang.t(loc, "{n} bread", n=bread)
        label, fnt = fit(label, box[2] - box[0] - 6, (14, 13, 12, 11))
        draw.text((box[0] + 5, box[1] + 22), label, font=fnt, fill=INK_SOFT if is_closed else INK)
        if is_closed:
            for x in range(box[0] + 4, box[2] - 4, 10):
                draw.line((x, box[3] - 4, x + 6, box[3] - 9), fill=INK_SOFT)
        layout.boxes[space] = box
    for space in ("pt_n2", "pt_e2"):
        box = people_box(space)
        draw.rounded_rectangle(box, radius=6, fill=(232, 236, 250), outline=INK_SOFT)
        draw.text((box[0] + 6, box[1] + 2), space, font=font(15, bold=True), fill=INK)
        draw.text(
            (box[0] + 6, box[1] + 20),
            fit_text(lang.t(loc, "people"), font(14), box[2] - box[0] - 8),
            font=font(14),
            fill=INK_SOFT,
        )
        layout.boxes[space] = box


def _border_bars(draw: ImageDraw.ImageDraw) -> None:
    fnt = font(14, bold=True)
    for side, colours in BORDER.items():
        for index, colour in enumerate(colours):
            if side == "N":
                box = (GX0 + index * CELL, GY0 - BAR, GX0 + (index + 1) * CELL, GY0)
            elif side == "S":
                box = (GX0 + index * CELL, GY0 + GRID, GX0 + (index + 1) * CELL, GY0 + GRID + BAR)
            elif side == "W":
                box = (GX0 - BAR, GY0 + index * CELL, GX0, GY0 + (index + 1) * CELL)
            else:
                box = (GX0 + GRID, GY0 + index * CELL, GX0 + GRID + BAR, GY0 + (index + 1) * CELL)
            fill = EDGE_FILL[colour]
            draw.rectangle(box, fill=fill, outline=TEMPLE_BG)
            draw.text(
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                EDGE_CODE[colour],
                font=fnt,
                fill=text_on(fill),
                anchor="mm",
            )


def _static_osiris(draw: ImageDraw.ImageDraw, layout: Layout, loc: str) -> None:
    draw.rectangle((O_X - 6, T_Y, WIDTH - MARGIN, T_Y + T_H), fill=OSIRIS_BG)
    note = lang.t(loc, "row = die value")
    note_w = length(note, 14)
    title = lang.t(loc, "OSIRIS · workshops & quarries")
    room = int(WIDTH - MARGIN - 8 - note_w - 12 - (O_X + 2))
    size = next((size for size in (18, 17, 16, 15) if length(title, size, True) <= room), 15)
    draw.text(
        (O_X + 2, T_Y + 12),
        fit_text(title, font(size, bold=True), room),
        font=font(size, bold=True),
        fill=INK,
        anchor="lm",
    )
    draw.text((WIDTH - MARGIN - 8, T_Y + 12), note, font=font(14), fill=INK_SOFT, anchor="rm")
    lines = wrap_text(
        lang.t(loc, "people statues: count in both districts below"), font(14), O_LABEL_W - 12, 3
    )
    for index, line in enumerate(lines[:3]):
        draw.text(
            (O_X + 2, O_PEOPLE_Y + 8 + index * 16), line, font=font(14), fill=INK_SOFT, anchor="lm"
        )
    for space in ("po_work", "po_quar"):
        box = people_box(space)
        draw.rounded_rectangle(box, radius=6, fill=(232, 236, 250), outline=INK_SOFT)
        draw.text((box[0] + 8, box[1] + 3), space, font=font(16, bold=True), fill=INK)
        label = (
            lang.t(loc, "people · papyrus + bread")
            if space == "po_work"
            else lang.t(loc, "people · limestone + granite")
        )
        draw.text(
            (box[0] + 8, box[1] + 25),
            fit_text(label, font(14), box[2] - box[0] - 12),
            font=font(14),
            fill=INK_SOFT,
        )
        layout.boxes[space] = box
    draw.text(
        (O_X + 2, O_HEAD_Y + 12),
        fit_text(lang.t(loc, "row · effect"), font(14, bold=True), O_LABEL_W - 4),
        font=font(14, bold=True),
        fill=INK_SOFT,
        anchor="lm",
    )
    for index, district in enumerate(DISTRICTS):
        x = O_X + O_LABEL_W + index * O_COL_W
        draw.rectangle(
            (x + 4, O_HEAD_Y + 4, x + 20, O_HEAD_Y + 20), fill=RES_FILL[district], outline=INK
        )
        draw.text(
            (x + 26, O_HEAD_Y + 12),
            fit_text(say(RESOURCE_TEXT[district], loc), font(15, bold=True), O_COL_W - 28),
            font=font(15, bold=True),
            fill=INK,
            anchor="lm",
        )
    for row in range(1, 7):
        y = O_ROWS_Y + (row - 1) * O_ROW_H
        draw.line((O_X, y, WIDTH - MARGIN - 4, y), fill=GRID_LINE)
        draw.text(
            (O_X + 4, y + O_ROW_H // 2), str(row), font=font(24, bold=True), fill=INK, anchor="lm"
        )
        for index, line in enumerate(OSIRIS_ROW_TEXT[row]):
            text, fnt = fit(say(line, loc), O_LABEL_W - 28)
            draw.text((O_X + 26, y + 18 + index * 18), text, font=fnt, fill=INK, anchor="lm")
        for district in DISTRICTS:
            box = osiris_box(row, district)
            draw.rounded_rectangle(box, radius=5, fill=PANEL_FILL, outline=GRID_LINE)
            # the option id as typed, the same in every language (a part of it would be a raw
            # id); the column head names the district in the reader's language
            label = f"o{row}_{district}"
            draw.text((box[0] + 5, box[1] + 3), label, font=font(14, bold=True), fill=INK)
            partner = {3: PAIR_PARTNER, 4: CROSS_PARTNER}.get(row)
            if partner:
                text = lang.t(loc, "& +1 {what}", what=RESOURCE_TEXT[partner[district]])
                draw.text(
                    (box[0] + 5, box[1] + 21),
                    fit_text(text, font(14), O_COL_W - 10),
                    font=font(14),
                    fill=INK_SOFT,
                )
            layout.boxes[f"o{row}_{district}"] = box


def _static_market(draw: ImageDraw.ImageDraw, layout: Layout, loc: str) -> None:
    draw.text(
        (MARGIN, M_Y + 11),
        fit_text(
            lang.t(loc, "CARD MARKET (Thoth) · section:<n> · card:<id>"),
            font(18, bold=True),
            INNER_W,
        ),
        font=font(18, bold=True),
        fill=INK,
        anchor="lm",
    )
    opens = {section: population for population, section in MARKET_UNLOCK.items()}
    for index, slots in enumerate(MARKET_SLOTS):
        box = market_box(index)
        rounded_panel(draw, box, fill=PANEL_FILL, outline=INK_SOFT, radius=10, width=2)
        title = lang.t(loc, "Section {n}", n=index + 1)
        draw.text(
            (box[0] + 10, box[1] + 15), title, font=font(17, bold=True), fill=INK, anchor="lm"
        )
        if index in opens:
            note = lang.t(
                loc, "Happiness ≥ {h} · Pop. {p}", h=MARKET_HAPPINESS[index], p=opens[index]
            )
        else:
            note = lang.t(loc, "Happiness ≥ {h}", h=MARKET_HAPPINESS[index])
        room = int(M_W - 28 - length(title, 17, True))
        size = 14 if length(note, 14) <= room else 13
        draw.text(
            (box[2] - 10, box[1] + 15),
            fit_text(note, font(size), room),
            font=font(size),
            fill=INK_SOFT,
            anchor="rm",
        )
        layout.boxes[f"section:{index + 1}"] = box
        for slot, kind in enumerate(slots):
            sbox = slot_box(index, slot)
            draw.rounded_rectangle(sbox, radius=6, fill=WHITE, outline=CREAM_SOFT)
            draw.rounded_rectangle(
                (sbox[0], sbox[1], sbox[0] + 28, sbox[3]), radius=6, fill=CARD_FILL[kind]
            )
            draw.text(
                (sbox[0] + 14, (sbox[1] + sbox[3]) / 2),
                CARD_LETTER[kind],
                font=font(16, bold=True),
                fill=WHITE,
                anchor="mm",
            )


@functools.lru_cache(maxsize=16)
def static_texts(key: tuple[int, int, bool], loc: str) -> tuple[DrawnText, ...]:
    """The texts printed on the static layer (drawn once, then cached as pixels)."""
    with recording_texts() as texts:
        static_layer.__wrapped__(key, loc)
    return tuple(texts)


def _disc_connectors(draw: ImageDraw.ImageDraw) -> None:
    cx, cy, r = DISC_CX, DISC_CY, DISC_R
    for god in GODS:
        rad = math.radians(WEDGE_ANGLE[god])
        bx, by = SECTION_BOX[god]
        ex = bx + SEC_W if bx < cx else bx
        ey = min(max(cy + (r + 4) * math.sin(rad), by + 20), by + SEC_H - 20)
        draw.line(
            (cx + (r + 6) * math.cos(rad), cy + (r + 6) * math.sin(rad), ex, ey),
            fill=(120, 98, 66),
            width=3,
        )
