"""Ankh's cached layers: the static layer (terrain hexes with their ids, the Nile, section
frames, devotion cells) per board and player count, and the region layer (outlines, camels)
per camel/region layout."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

import lang
from render.ankh.layout import (
    ACTING_FILL,
    AIM,
    BACKGROUND,
    BLUE_ZONE,
    CAMEL,
    CARAVAN_FILL,
    CONFLICT_FILL,
    CONTROL_FILL,
    CREAM,
    CREAM_SOFT,
    DESERT,
    DESERT_DARK,
    DEV_TITLE_H,
    DEV_Y,
    DONE_FILL,
    FERTILE,
    FERTILE_DARK,
    GOLD,
    GREY_FILL,
    HEAD_H,
    HEADER_BG,
    HEADER_H,
    HEX_H,
    HEX_LINE,
    HIGHLIGHT,
    LEGEND_Y,
    LINES,
    MAP_H,
    MAP_W,
    MAP_X,
    MAP_Y,
    MARGIN,
    MARKER,
    NILE,
    RED_DARK,
    RED_ZONE,
    REGION_LINE,
    SIDE_SECTIONS,
    SIDE_W,
    SIDE_X,
    STONE,
    SUN,
    UNDERWORLD,
    WATER,
    WATER_LIGHT,
    WIDTH,
    WIN_CELL,
    WINNER_FILL,
    Board,
    Layout,
    Segment,
    dev_cell,
    edge,
    edge_segment,
    geometry,
    hex_points,
    table_layout,
)
from render.ankh.pieces import draw_monument_shape, order_token, pill, sun
from render.ankh.seats import player_columns
from render.ankh.words import GAME_TITLE, GUARDIAN_SHORT, text_px
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    PAPER,
    WHITE,
    DrawnText,
    colour_swatch,
    draw_table,
    fit_text,
    font,
    palette_image,
    recording_texts,
    seat_token,
)
from rules.ankh.data import (
    DEVOTION_TOP,
    FORGET_AFTER_CONFLICT,
    RED_TOP,
)
from rules.ankh.view import PrivateView


@functools.lru_cache(maxsize=8)
def static_layer(board: Board, players: int, locale: str = "en") -> tuple[Image.Image, Layout]:
    """Background, header band, terrain hexes with ids, the Nile, frames, devotion cells
    (cached per board, player count and language: it holds words)."""
    layout = table_layout(players)
    image = Image.new("RGB", (WIDTH, layout.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    draw.text((MARGIN, 12), GAME_TITLE, font=font(30, bold=True), fill=GOLD)
    subtitle = lang.t(locale, "Gods of Egypt")
    draw.text((MARGIN, 50), fit_text(subtitle, font(16), 130), font=font(16), fill=CREAM_SOFT)

    # map
    draw.rectangle(
        (MAP_X - 6, MAP_Y - 6, MAP_X + MAP_W + 6, MAP_Y + MAP_H + 6),
        fill=(226, 214, 186),
        outline=INK_SOFT,
        width=2,
    )
    centres, _neighbours = geometry(board)
    label_font = font(14, bold=True)
    for h in board.hexes:
        cx, cy = centres[h.id]
        fill = {"fertile": FERTILE, "desert": DESERT, "water": WATER}.get(h.terrain, STONE)
        draw.polygon(hex_points(cx, cy), fill=fill, outline=HEX_LINE, width=1)
        if h.terrain == "water":  # waves: water never depends on colour alone
            for dy in (-6, 10):
                draw.arc(
                    (cx - 26, cy + dy - 5, cx - 6, cy + dy + 5), 200, 340, fill=WATER_LIGHT, width=2
                )
                draw.arc(
                    (cx + 4, cy + dy - 5, cx + 24, cy + dy + 5), 200, 340, fill=WATER_LIGHT, width=2
                )
        elif h.terrain == "desert":  # dunes
            draw.arc((cx - 34, cy + 16, cx - 18, cy + 24), 200, 340, fill=DESERT_DARK, width=2)
            draw.arc((cx + 18, cy + 16, cx + 34, cy + 24), 200, 340, fill=DESERT_DARK, width=2)
        else:  # furrows
            for dx in (-30, 24):
                draw.line((cx + dx, cy + 22, cx + dx + 6, cy + 14), fill=FERTILE_DARK, width=2)
        ink = WHITE if h.terrain == "water" else INK
        draw.text((cx, cy - HEX_H / 2 + 12), h.id, font=label_font, fill=ink, anchor="mm")
    for a, b in board.rivers:
        if a in centres and b in centres:
            p, q = edge_segment(centres[a], centres[b], 1.08)
            draw.line((p, q), fill=NILE, width=8)
    draw.text((MAP_X + 2, MAP_Y + 2), "N ↑", font=font(16, bold=True), fill=INK_SOFT)

    _draw_legend(draw, locale)

    # right column titles, each with its note right-aligned in the room the title leaves
    for section, heading, note in (
        ("actions", lang.t(locale, "Action tracks"), lang.t(locale, "▶ = marker · white = event")),
        (
            "events",
            lang.t(locale, "Event track"),
            lang.t(locale, "Ctrl = Control Monument · ⚔ = Conflict"),
        ),
        ("regions", lang.t(locale, "Regions in conflict order"), ""),
    ):
        _title_and_note(draw, (SIDE_X, SIDE_SECTIONS[section]), SIDE_W, heading, note)

    # devotion track cells
    note = lang.t(
        locale,
        "red section 0–{top}: forgotten after Conflict {n} · {win} wins · "
        "higher in a stack = ahead",
        top=RED_TOP,
        n=FORGET_AFTER_CONFLICT,
        win=DEVOTION_TOP,
    )
    _title_and_note(
        draw,
        (MARGIN, DEV_Y + 4),
        WIDTH - 2 * MARGIN,
        lang.t(locale, "Devotion track"),
        note,
        right=False,
    )
    for value in range(DEVOTION_TOP + 1):
        x0, y0, x1, y1 = dev_cell(value)
        fill = WIN_CELL if value == DEVOTION_TOP else RED_ZONE if value <= RED_TOP else BLUE_ZONE
        draw.rectangle((x0, y0, x1, y1), fill=fill, outline=INK_SOFT)
        ink = RED_DARK if value <= RED_TOP else INK
        draw.text(
            ((x0 + x1) / 2, y0 + 11), str(value), font=font(15, bold=True), fill=ink, anchor="mm"
        )
    columns = player_columns(locale)
    fits = all(text_px(c.title, font(15, bold=True)) <= c.width - 16 for c in columns)
    draw_table(
        draw,
        (MARGIN, layout.table_y),
        columns,
        [],
        header_height=HEAD_H,
        header_size=15 if fits else 13,
    )
    x0 = dev_cell(0)[0]
    x1 = dev_cell(RED_TOP)[2]
    draw.rectangle((x0, DEV_Y + DEV_TITLE_H - 4, x1, DEV_Y + DEV_TITLE_H - 1), fill=RED_DARK)

    swatch = colour_swatch(
        [
            INK,
            INK_SOFT,
            CREAM,
            GOLD,
            HIGHLIGHT,
            NILE,
            CAMEL,
            REGION_LINE,
            STONE,
            UNDERWORLD,
            SUN,
            AIM,
            RED_DARK,
            MARKER,
            CONFLICT_FILL,
            WHITE,
        ],
        [
            PAPER,
            HEADER_BG,
            FERTILE,
            DESERT,
            WATER,
            RED_ZONE,
            BLUE_ZONE,
            WIN_CELL,
            ACTING_FILL,
            WINNER_FILL,
            GREY_FILL,
            CONTROL_FILL,
            CARAVAN_FILL,
            DONE_FILL,
            (255, 251, 240),
            (244, 236, 218),
            BACKGROUND,
        ],
        width=WIDTH,
    )
    image.info[PALETTE_HINT] = palette_image(image, swatch)
    return image, layout


def _title_and_note(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    width: int,
    heading: str,
    note: str,
    right: bool = True,
) -> None:
    """A section title and its small note: right-aligned (or just after the title), cut to
    the room the title leaves."""
    x, y = xy
    title = font(18, bold=True)
    heading = fit_text(heading, title, width)
    draw.text((x, y), heading, font=title, fill=INK)
    if not note:
        return
    start = x + text_px(heading, title) + 16
    room = x + width - start
    small = font(14 if right or text_px(note, font(15)) > room else 15)
    note = fit_text(note, small, room)
    if right:
        draw.text((x + width, y + 10), note, font=small, fill=INK_SOFT, anchor="rm")
    else:
        draw.text((start, y + 10), note, font=small, fill=INK_SOFT, anchor="lm")


def _draw_legend(draw: ImageDraw.ImageDraw, locale: str = "en") -> None:
    """Two rows of symbols and their words, laid out by the width of the words."""
    y1 = LEGEND_Y + 12
    y2 = LEGEND_Y + 36

    def god(x: float, y: float) -> None:
        seat_token(draw, (x + 14, y), 0, size=24)
        draw.ellipse((x + 1, y - 13, x + 27, y + 13), outline=GOLD, width=3)

    def guardian(x: float, y: float) -> None:
        seat_token(draw, (x + 12, y), 0, size=20)
        pill(
            draw,
            (x + 46, y),
            lang.localise(GUARDIAN_SHORT["apep"], locale),
            font(14, bold=True),
            INK,
            WHITE,
        )

    def monuments(x: float, y: float) -> None:
        for index, kind in enumerate(("obelisk", "temple", "pyramid")):
            draw_monument_shape(draw, (x + 12 + index * 30, y + 2), kind, STONE, scale=0.6)

    def underworld(x: float, y: float) -> None:
        draw.polygon(hex_points(x + 12, y, 12), outline=UNDERWORLD, width=3)
        pill(draw, (x + 44, y), lang.t(locale, "UW"), font(14, bold=True), UNDERWORLD, WHITE)

    rows = (
        (
            y1,
            (
                (god, 32, lang.t(locale, "god (gold ring)")),
                (
                    lambda x, y: seat_token(draw, (x + 12, y), 0, size=20),
                    28,
                    lang.t(locale, "warrior"),
                ),
                (guardian, 74, lang.t(locale, "guardian")),
                (lambda x, y: sun(draw, (x + 8, y)), 20, lang.t(locale, "radiant (Ra's sun)")),
                (
                    lambda x, y: draw.line((x, y, x + 26, y), fill=NILE, width=7),
                    32,
                    lang.t(locale, "Nile"),
                ),
                (lambda x, y: _camel_line(draw, (x, y), (x + 30, y)), 36, lang.t(locale, "camels")),
            ),
        ),
        (
            y2,
            (
                (
                    lambda x, y: draw.line((x, y, x + 26, y), fill=REGION_LINE, width=4),
                    32,
                    lang.t(locale, "region border"),
                ),
                (
                    lambda x, y: order_token(draw, (x + 12, y), 3, r=11),
                    28,
                    lang.t(locale, "conflict order"),
                ),
                (monuments, 96, lang.t(locale, "monuments (owner colour, grey = neutral)")),
                (underworld, 68, lang.t(locale, "underworld")),
            ),
        ),
    )
    room = WIDTH - 2 * MARGIN
    for y, items in rows:
        gap = 24
        small = font(14)
        for size in (14, 13, 12):  # the largest font whose row fits
            small = font(size)
            total = sum(w + text_px(label, small) for _d, w, label in items)
            gap = min(24, (room - total) // max(1, len(items) - 1))
            if gap >= 12:
                break
        gap = max(8, gap)
        x = MAP_X
        for drawer, icon_w, label in items:
            drawer(x, y)
            label = fit_text(label, small, max(20, MAP_X + room - x - icon_w))
            draw.text((x + icon_w, y), label, font=small, fill=INK, anchor="lm")
            x += icon_w + text_px(label, small) + gap


# --- region layer ------------------------------------------------------------------------------
def region_key(view: PrivateView) -> tuple:
    camels = tuple(sorted(edge(str(a), str(b)) for a, b in view.get("camels", [])))
    regions = tuple(
        (str(r["id"]), tuple(sorted(r.get("hexes", []))), tuple(sorted(r.get("water", []))))
        for r in view.get("regions", [])
    )
    return camels, regions


@functools.lru_cache(maxsize=64)
def region_layer(board: Board, players: int, key: tuple) -> Image.Image:
    """Region borders and camels (they change only on a Caravan): a map-sized "P" layer
    (index 0 = nothing) whose ``info[LINES]`` holds its segments in board coordinates.
    ``board`` draws those few lines onto its copy of the static layer: cheaper than pasting a
    map-sized masked layer, or copying a cached full board per region layout."""
    camels, regions = key
    centres, neighbours = geometry(board)
    member: dict[str, set[str]] = {}
    for region_id, land, water in regions:
        for h in land + water:
            member.setdefault(h, set()).add(region_id)
    rivers = set(board.rivers)
    borders = tuple(
        edge_segment(centres[h], centres[n], 1.04)
        for h, near in neighbours.items()
        for n in near
        if h < n
        and member.get(h)
        and member.get(n)
        and not member[h] & member[n]
        and (h, n) not in rivers
    )
    camel_lines = tuple(
        edge_segment(centres[a], centres[b], 0.92)
        for a, b in camels
        if a in centres and b in centres
    )
    image = Image.new("P", (MAP_W + 12, MAP_H + 12), 0)
    image.putpalette([*HEADER_BG, *REGION_LINE, *INK, *CAMEL])  # index 0: not drawn
    draw_region_lines(ImageDraw.Draw(image), borders, camel_lines, (MAP_X - 6, MAP_Y - 6))
    image.info[LINES] = (borders, camel_lines)
    return image


def draw_region_lines(
    draw: ImageDraw.ImageDraw,
    borders: Sequence[Segment],
    camels: Sequence[Segment],
    origin: tuple[int, int] = (0, 0),
) -> None:
    ox, oy = origin
    for (px, py), (qx, qy) in borders:
        draw.line(((px - ox, py - oy), (qx - ox, qy - oy)), fill=REGION_LINE, width=5)
    for (px, py), (qx, qy) in camels:
        _camel_line(draw, (px - ox, py - oy), (qx - ox, qy - oy))


def _camel_line(draw: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float]) -> None:
    draw.line((p, q), fill=INK, width=9)
    draw.line((p, q), fill=CAMEL, width=5)
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    draw.ellipse((mx - 6, my - 6, mx + 6, my + 6), fill=CAMEL, outline=INK, width=2)


@functools.lru_cache(maxsize=16)
def static_texts(board: Board, players: int, locale: str) -> tuple[DrawnText, ...]:
    """The texts printed on the static layer (drawn once, then cached as pixels)."""
    with recording_texts() as texts:
        static_layer.__wrapped__(board, players, locale)
    return tuple(texts)
