"""10 Plagues of Egypt: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/plagues.md are read, never engine state; the printed board
data (papyrus, tracks, bonus edges, Hebrew column) comes from rules/plagues/data.py. The static
layer (collective board frames, papyrus table, every province board with its grids, tracks and
labels) is drawn once per table set-up and cached; each call copies it and draws the pieces.

Labels match the option ids (docs/notation/plagues.md): dice spaces ``tile:k``, die cards
``die:k``, cells ``c0``..``f5`` (``space:c4``), Hebrews ``hebrew:v``, discard ``recover:A``,
territory cards ``pick:<id>`` / ``card:<id>``, loss parts ``cancel:n``, tracks ``track:city``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from lang import ENGLISH, localise, t
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    PAPER,
    RGB,
    WHITE,
    Band,
    Column,
    DrawnText,
    band_height,
    canvas_draw,
    colour_swatch,
    draw_table,
    fit_font,
    fit_text,
    focus_image,
    font,
    ordinal,
    palette_image,
    recording_texts,
    rounded_panel,
    seat_style,
    seat_token,
    text_on,
    with_band,
    wrap_items,
    wrap_text,
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
    TERRITORIES,
)
from rules.text import msg, term

# --- geometry (px) -----------------------------------------------------------------------------
WIDTH = 1360
MARGIN = 12
HEADER_H = 64
COLL_Y = HEADER_H + 8
ROW1_H, ROW2_H, ROW3_H = 160, 140, 120
ROW_GAP = 8
BOARDS_Y = COLL_Y + ROW1_H + ROW2_H + ROW3_H + 3 * ROW_GAP
PB_W, PB_H, PB_GAP = 662, 536, 12
FOOTER_H = 50
FINAL_TITLE_H, FINAL_HEAD_H, FINAL_ROW_H = 40, 30, 38

CELL_W, CELL_H, EDGE_W, CELL_GAP = 78, 44, 32, 6
DEV_CELL, NILE_CELL, PC_CELL, TRACK_H = 20, 24, 24, 22
TRACK_X = 342  # the tracks' left edge inside a province board
DIE_W, DIE_H = 34, 40
HEB_W, HEB_H = 56, 44

# --- colours ---
BACKGROUND: RGB = (245, 236, 214)
HEADER_BG: RGB = (52, 42, 32)
CREAM: RGB = (250, 240, 215)
CREAM_SOFT: RGB = (205, 190, 160)
GOLD: RGB = (232, 188, 72)
BOX_FILL: RGB = (252, 248, 236)
HIGHLIGHT: RGB = (214, 0, 118)
CITY_BG: RGB = (238, 226, 200)
FIELD_BG: RGB = (222, 236, 200)
EMPTY_CELL: RGB = (250, 246, 235)
TRACK_FILL: RGB = (244, 238, 222)
NILE_FILL: RGB = (196, 222, 244)
NILE_DARK: RGB = (40, 100, 170)
VP_FILL: RGB = (206, 232, 190)
BONUS_SPACE: RGB = (255, 226, 150)
USED_DIE: RGB = (150, 142, 130)
DIE_BACK: RGB = (120, 84, 52)
ACTING_FILL: RGB = (255, 232, 150)
WINNER_FILL: RGB = (255, 214, 120)
GOOD: RGB = (30, 120, 60)
BAD: RGB = (170, 30, 30)
PAPYRUS_BG: RGB = (240, 226, 186)
PAPYRUS_NOW: RGB = (255, 206, 90)
BADGE_ON: RGB = (255, 200, 60)
BADGE_OFF: RGB = (230, 224, 210)

TILE_FILL: dict[str, RGB] = {
    "sphinx": (236, 198, 112),
    "obelisk": (186, 188, 200),
    "egyptian": (222, 150, 118),
    "plantation": (156, 204, 112),
    "herd": (196, 156, 108),
    "coin": (246, 212, 76),
    "boat": (126, 178, 232),
    "province": (196, 168, 228),
    "pharaoh": (140, 36, 40),
}
# Every word below is a Msg (its English text), said in the board's language when drawn.
CATEGORY: dict[str, tuple[str, RGB]] = {
    "immediate": (msg("IMMEDIATE"), (126, 176, 228)),
    "special_action": (msg("SPECIAL ACTION"), (240, 160, 80)),
    "trade": (msg("TRADE"), (120, 190, 120)),
    "scoring": (msg("SCORING"), (186, 140, 214)),
}
TIMING = {
    "immediate": msg("⚡ immediate"),
    "phase1": msg("phase 1"),
    "phase2": msg("phase 2"),
    "phase3": msg("phase 3"),
    "round": msg("whole round"),
}
PHASES = {
    "dice": msg("Phase 1: Dice"),
    "territories": msg("Phase 2: Territories"),
    "plague": msg("Phase 3: Plague"),
    "over": msg("Game over"),
}
STEPS = {
    "turns": msg("die turns"),
    "soldiers": msg("soldiers"),
    "picks": msg("territory picks"),
    "tribute": msg("tribute"),
    "losses": msg("losses"),
    "uses": msg("tile & card uses"),
    "reveal": msg("plague revealed"),
    "over": msg("final scores"),
}
PROVINCE_NAMES = {
    "abydos": (term("Abydos"), msg("power: a die ±1 or ±2")),
    "buto": (term("Buto"), msg("power: 2 extra cards at a pick")),
    "memphis": (term("Memphis"), msg("power: tribute −1")),
    "edfu": (term("Edfu"), msg("power: die 3, draw 6 tiles")),
}
# bonus codes: C/F (city/field development) are explained by the footer legend, which says
# them the same way in every language
BONUS_LABEL = {
    "dev_city": msg("C+1"),
    "dev_field": msg("F+1"),
    "coin": "¢1",
    "soldiers": "⚔3",
    "hebrew": msg("H"),
}
HEBREW_LABEL = {
    "province": msg("prov+1"),
    "boat": msg("boat+1"),
    "dev1": msg("dev+1"),
    "take_tile": msg("tile"),
    "discard_penalty": msg("−pen."),
    "ankh": "☥",
}
PROVINCE_BONUS_LABEL = {
    "take_hebrew": msg("Hebrew"),
    "take_tile": msg("tile"),
    "dev2": msg("dev+2"),
}
# Short effects of the 6 pharaoh cards (presentation only; the rules live in rules/plagues).
PHARAOH_SHORT = {
    1: (msg("dev +1"), msg("coin: +2")),
    2: ("+5", msg("soldiers")),
    3: (msg("1 coin"), ""),
    4: (msg("province"), "+3"),
    5: ("1 ☥", "Ankh"),
    6: (msg("boat"), "+2"),
}
OCCUPATION = ("city", "field", "river")
OCCUPATION_LABEL = {"city": msg("city"), "field": msg("field"), "river": msg("river")}
TILE_NAMES = {
    "sphinx": msg("Sphinx"),
    "obelisk": msg("Obelisk"),
    "egyptian": msg("Egyptian"),
    "plantation": msg("Plantation"),
    "herd": msg("Herd"),
    "coin": msg("Coin"),
    "boat": msg("Boat"),
    "pharaoh": msg("Pharaoh"),
}


def _tile_kind(tile: str) -> str:
    return "province" if tile.startswith("province") else tile


def _tile_text(tile: str, locale: str = "en") -> str:
    if tile.startswith("province"):
        return t(locale, "Province {n}", n=tile[-1])
    return localise(TILE_NAMES.get(tile, tile), locale)


def _option_id(head: str, value: Any) -> str:
    """An option id as the players type it (``tile:3``): the same in every language."""
    return f"{head}:{value}"


def _ids_shown(locale: str) -> bool:
    """Option ids made of English words (territory cards ``pick:sa_swap_tiles``, Edfu's
    ``keep:plantation``) are printed on English boards only; other languages show the card's
    or tile's name (a label typed in full is accepted as well)."""
    return locale == ENGLISH


def _seat_name(seat: int, locale: str = "en") -> str:
    return f"{seat_style(seat).letter} · {t(locale, 'Seat {n}', n=seat + 1)}"


def _fit(text: str, size: int, bold: bool, width: int, smallest: int = 11) -> tuple[str, Any]:
    """``fit_font`` over every size from ``size`` down to ``smallest`` px."""
    return fit_font(text, range(size, smallest - 1, -1), width, bold=bold)


def _label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    width: int,
    bold: bool = False,
    fill: RGB = INK,
    anchor: str = "lm",
    smallest: int = 11,
) -> int:
    """Draw ``text`` at ``size`` px or smaller so that it fits ``width``; returns its width."""
    text, fnt = _fit(str(text), size, bold, int(width), smallest)
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)
    return _width(fnt, text)


# --- cached drawing helpers (a board redraws the same shapes every turn) -----------------------
@functools.lru_cache(maxsize=2048)
def _rrect_stamp(
    w: int, h: int, radius: int, fill: RGB | None, outline: RGB | None, width: int
) -> Image.Image:
    stamp = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(stamp).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=radius, fill=fill, outline=outline, width=width
    )
    return stamp


def _rrect(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    radius: int = 0,
    fill: RGB | None = None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """``draw.rounded_rectangle`` as a cached stamp pasted with its alpha (much faster)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    stamp = _rrect_stamp(x1 - x0 + 1, y1 - y0 + 1, radius, fill, outline, width)
    canvas = getattr(draw, "canvas", None)
    if canvas is None:
        draw.rounded_rectangle(
            (x0, y0, x1, y1), radius=radius, fill=fill, outline=outline, width=width
        )
        return
    canvas.paste(stamp, (x0, y0), stamp)


@functools.lru_cache(maxsize=4096)
def _width(fnt: Any, text: str) -> int:
    return int(fnt.getlength(text))


# --- layout ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StaticKey:
    seats: int
    ai_seat: int | None
    advanced: bool
    short: bool
    last_round: int
    moses: tuple[int, ...]
    final: bool
    locale: str = "en"


@dataclass(frozen=True)
class Layout:
    height: int
    boards: tuple[tuple[int, int], ...]  # board origin per seat
    footer_y: int
    final_y: int | None


def static_key(view: dict[str, Any], locale: str = "en") -> StaticKey:
    """The never-changing part of a view and the language of its words (the static layer's
    cache key)."""
    seats = len(view.get("players") or []) or int(view.get("seats", 2))
    return StaticKey(
        seats,
        view.get("ai_seat"),
        bool(view.get("advanced")),
        bool(view.get("short")),
        int(view.get("last_round") or 10),
        tuple(view.get("moses_rounds") or ()),
        view.get("final") is not None,
        locale,
    )


def _layout(key: StaticKey) -> Layout:
    origins = tuple(
        (MARGIN + (s % 2) * (PB_W + PB_GAP), BOARDS_Y + (s // 2) * (PB_H + PB_GAP))
        for s in range(key.seats)
    )
    y = BOARDS_Y + ((key.seats + 1) // 2) * (PB_H + PB_GAP)
    final_y = None
    if key.final:
        final_y = y
        y += FINAL_TITLE_H + FINAL_HEAD_H + key.seats * FINAL_ROW_H + 12
    return Layout(y + FOOTER_H, origins, y, final_y)


# collective board boxes
DICE_BOX = (MARGIN, COLL_Y, 641, COLL_Y + ROW1_H)
HEBREW_BOX = (649, COLL_Y, 869, COLL_Y + ROW1_H)
SUPPLY_BOX = (877, COLL_Y, 1047, COLL_Y + ROW1_H)
PLAGUE_BOX = (1055, COLL_Y, WIDTH - MARGIN, COLL_Y + ROW1_H)
ROW2_Y = COLL_Y + ROW1_H + ROW_GAP
PAPYRUS_BOX = (MARGIN, ROW2_Y, 530, ROW2_Y + ROW2_H)
LOSS_BOX = (538, ROW2_Y, 918, ROW2_Y + ROW2_H)
PHARAOH_BOX = (926, ROW2_Y, WIDTH - MARGIN, ROW2_Y + ROW2_H)
ROW3_Y = ROW2_Y + ROW2_H + ROW_GAP
TERRITORY_BOX = (MARGIN, ROW3_Y, WIDTH - MARGIN, ROW3_Y + ROW3_H)
PAPYRUS_LABEL_W, PAPYRUS_COL_W, PAPYRUS_ROW_H = 100, 40, 21


def _dice_space(k: int) -> tuple[int, int, int, int]:
    x = DICE_BOX[0] + 8 + (k - 1) * 103
    return (x, COLL_Y + 30, x + 98, COLL_Y + ROW1_H - 8)


def _hebrew_tile(index: int) -> tuple[int, int, int, int]:
    x = HEBREW_BOX[0] + 14 + index * 68
    return (x, COLL_Y + 38, x + 56, COLL_Y + 94)


def _pharaoh_card(n: int) -> tuple[int, int, int, int]:
    x = PHARAOH_BOX[0] + 8 + (n - 1) * 70
    return (x, ROW2_Y + 30, x + 66, ROW2_Y + ROW2_H - 6)


def _loss_part(index: int) -> tuple[int, int, int, int]:
    y = ROW2_Y + 32 + index * 30
    return (LOSS_BOX[0] + 8, y, LOSS_BOX[2] - 8, y + 27)


def _territory_card(index: int, count: int) -> tuple[int, int, int, int]:
    count = max(3, count)
    inner = TERRITORY_BOX[2] - TERRITORY_BOX[0] - 16
    w = (inner - (count - 1) * 8) // count
    x = TERRITORY_BOX[0] + 8 + index * (w + 8)
    return (x, ROW3_Y + 30, x + w, ROW3_Y + ROW3_H - 6)


def _papyrus_cell(round_: int, row: int) -> tuple[int, int, int, int]:
    x = PAPYRUS_BOX[0] + 8 + PAPYRUS_LABEL_W + (round_ - 1) * PAPYRUS_COL_W
    y = ROW2_Y + 28 + row * PAPYRUS_ROW_H
    return (x, y, x + PAPYRUS_COL_W, y + PAPYRUS_ROW_H)


# province board boxes (relative to the board origin)
def _cell(origin: tuple[int, int], cell: str) -> tuple[int, int, int, int]:
    bx, by = origin
    index = int(cell[1:])
    row, col = divmod(index, 3)
    x = bx + 12 + col * (CELL_W + EDGE_W)
    y = by + (66 if cell[0] == "c" else 184) + row * (CELL_H + CELL_GAP)
    return (x, y, x + CELL_W, y + CELL_H)


def _line_mark(origin: tuple[int, int], line: int) -> tuple[int, int]:
    area, row = divmod(line, 2)
    x0, y0, _x1, y1 = _cell(origin, f"{'cf'[area]}{row * 3}")
    return (x0 + 3 * CELL_W + 2 * EDGE_W + 14, (y0 + y1) // 2)


def _edge_center(origin: tuple[int, int], a: str, b: str) -> tuple[int, int]:
    ax0, ay0, ax1, ay1 = _cell(origin, a)
    bx0, by0, bx1, by1 = _cell(origin, b)
    return ((min(ax1, bx1) + max(ax0, bx0)) // 2, (ay0 + ay1 + by0 + by1) // 4)


def _dev_cell(origin: tuple[int, int], track: str, pos: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + TRACK_X + pos * DEV_CELL
    y = by + (62 if track == "city" else 106)
    return (x, y, x + DEV_CELL, y + TRACK_H)


def _nile_cell(origin: tuple[int, int], pos: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + TRACK_X + pos * NILE_CELL
    return (x, by + 150, x + NILE_CELL, by + 150 + TRACK_H)


def _pcard_cell(origin: tuple[int, int], pos: int) -> tuple[int, int, int, int]:
    bx, by = origin
    row, col = divmod(pos, 13)
    x = bx + TRACK_X + col * PC_CELL
    y = by + 210 + row * (TRACK_H + 2)
    return (x, y, x + PC_CELL, y + TRACK_H)


def _die_card(origin: tuple[int, int], index: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + 12 + index * (DIE_W + 6)
    return (x, by + 308, x + DIE_W, by + 308 + DIE_H)


def _discard(origin: tuple[int, int], slot: str) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + 262 + (0 if slot == "A" else 108)
    return (x, by + 308, x + 100, by + 308 + DIE_H)


def _occupation(origin: tuple[int, int], index: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + 484 + index * 58
    return (x, by + 308, x + 54, by + 308 + DIE_H)


def _hebrew_space(origin: tuple[int, int], index: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + 12 + index * (HEB_W + 4)
    return (x, by + 376, x + HEB_W, by + 376 + HEB_H)


# --- static layer ------------------------------------------------------------------------------
@functools.lru_cache(maxsize=16)
def static_layer(key: StaticKey) -> tuple[Image.Image, Layout]:
    """Frames, labels, the papyrus table and every seat's empty province board."""
    layout = _layout(key)
    loc = key.locale
    image = Image.new("RGB", (WIDTH, layout.height), BACKGROUND)
    draw = canvas_draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    _label(draw, (MARGIN, 18), t(loc, "10 PLAGUES OF EGYPT"), 24, 325, bold=True, fill=GOLD)
    variants = [
        t(loc, "advanced papyrus") if key.advanced else t(loc, "normal papyrus"),
        t(loc, "{n} rounds (short)", n=key.last_round)
        if key.short
        else t(loc, "{n} rounds", n=key.last_round),
    ]
    if key.ai_seat is not None:
        variants.append(t(loc, "solo vs. AI"))
    _label(draw, (MARGIN, 46), " · ".join(variants), 14, 325, fill=CREAM_SOFT)
    _label(draw, (805, 18), t(loc, "Turn order"), 14, 215, fill=CREAM_SOFT)
    _label(draw, (1045, 18), t(loc, "Acting now ▶"), 14, WIDTH - 1045 - MARGIN, fill=CREAM_SOFT)
    for x in (790, 1030):
        draw.line((x, 8, x, HEADER_H - 8), fill=(96, 82, 64), width=1)

    _static_collective(draw, key)
    for seat, origin in enumerate(layout.boards):
        _static_board(draw, seat, origin, seat == key.ai_seat, loc)

    if layout.final_y is not None:
        _label(
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
        _label(
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
    _label(draw, (box[0] + 10, box[1] + 14), title, 15, box[2] - box[0] - 10 - room, bold=True)


def _static_collective(draw: ImageDraw.ImageDraw, key: StaticKey) -> None:
    loc = key.locale
    _box(draw, DICE_BOX, t(loc, "Dice spaces · die k takes the tile on space k"))
    for k in range(1, 7):
        x0, y0, x1, _y1 = _dice_space(k)
        _rrect(draw, _dice_space(k), radius=6, fill=PAPYRUS_BG, outline=INK_SOFT)
        _rrect(draw, (x0 + 6, y0 + 6, x0 + 34, y0 + 34), radius=5, fill=WHITE, outline=INK, width=2)
        draw.text((x0 + 20, y0 + 20), str(k), font=font(18, bold=True), fill=INK, anchor="mm")
        draw.text(
            (x1 - 6, y0 + 20), _option_id("tile", k), font=font(14), fill=INK_SOFT, anchor="rm"
        )
    _box(draw, HEBREW_BOX, t(loc, "Hebrews · hebrew:v"), room=40)
    inner = HEBREW_BOX[2] - HEBREW_BOX[0] - 16
    _label(
        draw,
        (HEBREW_BOX[0] + 10, COLL_Y + 112),
        t(loc, "free with a die ≥ 2 × value"),
        14,
        inner,
        fill=INK_SOFT,
    )
    _label(
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
        x0, y0, _x1, y1 = _papyrus_cell(1, row)
        _label(
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
            box = _papyrus_cell(round_, row)
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
        x0, y0, x1, _y1 = box = _pharaoh_card(n)
        _rrect(draw, box, radius=6, fill=(246, 232, 196), outline=(150, 110, 40), width=2)
        draw.text(
            ((x0 + x1) // 2, y0 + 16), str(n), font=font(22, bold=True), fill=INK, anchor="mm"
        )
        top, bottom = PHARAOH_SHORT.get(n, (localise(PHARAOH_CARDS[n][1], loc)[:8], ""))
        _label(
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
            _label(
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
        (bx + 44, by + 22), _seat_name(seat, loc), font=font(19, bold=True), fill=INK, anchor="lm"
    )

    # city and field grids with the bonuses between their spaces
    for area, label, y, fill in (
        ("c", t(loc, "CITY · sphinx, obelisk, egyptian"), 54, CITY_BG),
        ("f", t(loc, "FIELD · plantation, herd, egyptian"), 171, FIELD_BG),
    ):
        _label(draw, (bx + 12, by + y), label, 14, TRACK_X - 22, bold=True)
        first, last = _cell(origin, f"{area}0"), _cell(origin, f"{area}5")
        _rrect(draw, (first[0] - 5, first[1] - 4, last[2] + 28, last[3] + 4), radius=6, fill=fill)
        for index in range(6):
            cell = f"{area}{index}"
            box = _cell(origin, cell)
            draw.rectangle(box, fill=EMPTY_CELL, outline=INK_SOFT)
            draw.text((box[0] + 4, box[1] + 3), cell, font=font(14), fill=INK_SOFT)
        for row in range(2):
            cx, cy = _line_mark(origin, (0 if area == "c" else 2) + row)
            draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), outline=CREAM_SOFT, width=2)
    for a, b, kind in BONUS_EDGES:
        cx, cy = _edge_center(origin, a, b)
        _rrect(
            draw, (cx - 15, cy - 12, cx + 15, cy + 12), radius=6, fill=BADGE_OFF, outline=INK_SOFT
        )
        _label(
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
        _label(draw, (tx, by + y), title, 14, room, bold=True)
        for pos in range(DEV_LAST + 1):
            box = _dev_cell(origin, track, pos)
            draw.rectangle(box, fill=TRACK_FILL, outline=CREAM_SOFT)
            draw.text(
                ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
                str(DEV_VP[pos]),
                font=font(14),
                fill=INK_SOFT,
                anchor="mm",
            )
    nile_w = _label(draw, (tx, by + 140), t(loc, "Nile"), 14, 80, bold=True)
    _label(
        draw,
        (tx + nile_w + 8, by + 140),
        t(loc, "¢ income  ▣ river  ♦ diamond  ☥ Ankh"),
        14,
        room - nile_w - 8,
        fill=INK_SOFT,
    )
    for pos in range(NILE_LAST + 1):
        box = _nile_cell(origin, pos)
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
    card_w = _label(draw, (tx, by + 200), t(loc, "Province card"), 14, 136, bold=True)
    _label(draw, (tx + card_w + 8, by + 200), once, 14, 316 - card_w - 8, fill=INK_SOFT)
    specials = {PROVINCE_TWO_SA, PROVINCE_ANKH, PROVINCE_LAST, *PROVINCE_ONCE}
    for pos in range(PROVINCE_LAST + 1):
        box = _pcard_cell(origin, pos)
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
    _label(draw, (tx, by + 268), legend, 14, 316, fill=INK_SOFT)

    # die cards, discard area, occupation tiles
    _label(
        draw,
        (bx + 12, by + 298),
        t(loc, "AI die row (solo)") if ai else t(loc, "Die cards · die:k"),
        14,
        244,
        bold=True,
    )
    if ai:
        _label(draw, (bx + 262, by + 298), t(loc, "AI: no support table"), 14, 216, bold=True)
        _label(
            draw, (bx + 262, by + 328), t(loc, "no discard, no Ankh tokens"), 14, 216, fill=INK_SOFT
        )
    else:
        _label(draw, (bx + 262, by + 298), t(loc, "Discard · recover:A/B"), 14, 216, bold=True)
        for slot in ("A", "B"):
            box = _discard(origin, slot)
            _rrect(draw, box, radius=5, fill=EMPTY_CELL, outline=INK_SOFT)
            dice = "·".join(str(d) for d in DISCARD_DICE.get(slot, ()))
            _label(
                draw,
                (box[0] + 4, box[1] + 3),
                t(loc, "{slot} dice {dice}", slot=slot, dice=dice),
                14,
                box[2] - box[0] - 8,
                fill=INK_SOFT,
                anchor="la",
            )
    _label(draw, (bx + 484, by + 298), t(loc, "Occupation"), 14, PB_W - 484 - 10, bold=True)
    for index, name in enumerate(OCCUPATION):
        box = _occupation(origin, index)
        _rrect(draw, box, radius=5, fill=EMPTY_CELL, outline=CREAM_SOFT)
        _label(
            draw,
            ((box[0] + box[2]) // 2, box[1] + 11),
            localise(OCCUPATION_LABEL[name], loc),
            14,
            box[2] - box[0] - 4,
            fill=INK_SOFT,
            anchor="mm",
        )

    # Hebrew column (7 spaces; later columns repeat 1-6)
    _label(draw, (bx + 12, by + 364), *_hebrew_column_title(loc))
    for index, bonus in enumerate(HEBREW_COLUMN):
        box = _hebrew_space(origin, index)
        draw.rectangle(box, fill=EMPTY_CELL, outline=INK_SOFT)
        _label(
            draw,
            ((box[0] + box[2]) // 2, box[1] + 9),
            localise(HEBREW_LABEL.get(bonus, bonus[:6]), loc),
            14,
            HEB_W - 4,
            fill=INK_SOFT,
            anchor="mm",
        )


def _hebrew_column_title(loc: str) -> tuple[str, int, int, bool]:
    """The Hebrew column's title with its size, room and weight (the freed count follows it)."""
    return t(loc, "Hebrew column"), 14, 200, True


# --- dynamic pieces ----------------------------------------------------------------------------
Box = tuple[int, int, int, int]


class Places:
    """Where each option-id place was drawn: global names and (seat, name) pairs."""

    def __init__(self) -> None:
        self.shared: dict[str, list[Box]] = {}
        self.seat: dict[tuple[int, str], list[Box]] = {}

    def add(self, name: str, box: Box, seat: int | None = None) -> None:
        if seat is None:
            self.shared.setdefault(name, []).append(box)
        else:
            self.seat.setdefault((seat, name), []).append(box)


def _highlights(highlight: str | Iterable[str] | None) -> set[str]:
    if highlight is None:
        return set()
    if isinstance(highlight, str):
        return {highlight}
    return {str(h) for h in highlight}


def board(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The public board, its words in ``locale``. Reads only public keys of ``view`` (a private
    view's "me" is ignored)."""
    image, _places, _layout = _board(view, highlight, locale)
    return with_band(image, header_band(view, locale))


def _board(
    view: dict[str, Any], highlight: str | Iterable[str] | None, locale: str
) -> tuple[Image.Image, Places, Layout]:
    """The board under its band, where each option-id place was drawn, and its layout."""
    key = static_key(view, locale)
    base, layout = static_layer(key)
    image = base.copy()
    draw = canvas_draw(image)
    places = Places()
    _draw_header(draw, view, locale)
    _draw_collective(draw, view, places, locale)
    players = view.get("players") or []
    acting = set(view.get("acting") or [])
    for player in players:
        seat = int(player.get("seat", 0))
        if seat < len(layout.boards):
            _draw_player(draw, view, player, layout.boards[seat], seat in acting, places, locale)
    if layout.final_y is not None:
        _draw_final(draw, view, layout.final_y, locale)
    marks = _highlights(highlight)
    if marks:
        for box in _resolve(marks, view, places):
            x0, y0, x1, y1 = box
            _rrect(draw, (x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=8, outline=INK, width=2)
            _rrect(draw, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=7, outline=HIGHLIGHT, width=4)
    return image, places, layout


# the shared places each phase's decision is about (the acting seat's board comes with them)
FOCUS_PLACES = {
    "dice": ("tile:", "hebrew:"),
    "territories": ("pick:",),
    "plague": ("cancel:", "plague"),
}


def focus(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The region the current decision is about, enlarged to read on a phone: the dice
    spaces and Hebrews, the territory cards or the plague, and the acting seat's board."""
    return board_and_focus(view, highlight=highlight, locale=locale)[1]


def board_and_focus(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` from one drawing of the board (a turn post shows both)."""
    with recording_texts() as texts:
        image, places, layout = _board(view, highlight, locale)
    image = with_band(image, header_band(view, locale))
    printed = _static_texts(static_key(view, locale))
    return image, focus_image(
        image,
        focus_boxes(view, places, layout, highlight),
        [*printed, *texts],
        top=band_height(image.width),
    )


@functools.lru_cache(maxsize=16)
def _static_texts(key: StaticKey) -> tuple[DrawnText, ...]:
    """The texts printed on the static layer (drawn once, then cached as pixels)."""
    with recording_texts() as texts:
        static_layer.__wrapped__(key)
    return tuple(texts)


def _union(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def focus_boxes(
    view: dict[str, Any],
    places: Places,
    layout: Layout,
    highlight: str | Iterable[str] | None = None,
) -> list[Box]:
    """Where on the board (under its band) the current decision is."""
    groups: list[Box] = []
    marks = _highlights(highlight)
    if marks:
        groups += _resolve(marks, view, places)
    for prefix in FOCUS_PLACES.get(str(view.get("phase") or ""), ()):
        found = [
            box for name, boxes in places.shared.items() if name.startswith(prefix) for box in boxes
        ]
        if found:
            groups.append(_union(found))
    # one seat's board: the current seat's, else the only acting seat's (a decision all seats
    # make at once is about the shared places)
    current = view.get("current")
    acting = [int(seat) for seat in view.get("acting") or []]
    seats = (
        {int(current)}
        if current is not None and int(current) in acting
        else set(acting)
        if len(acting) == 1 or not groups
        else set()
    )
    for seat in sorted(seats)[:1]:
        if seat < len(layout.boards):
            x, y = layout.boards[seat]
            groups.append((x, y, x + PB_W, y + PB_H))
    return groups


def header_band(view: dict[str, Any], loc: str = "en") -> Band:
    """The board's header band: game, round and phase, step, whose turn, every score."""
    phase = view.get("phase", "")
    status = t(
        loc,
        "Round {round}/{last} · {phase}",
        round=view.get("round", "?"),
        last=view.get("last_round") or 10,
        phase=PHASES.get(phase, phase),
    )
    step = view.get("step")
    detail = localise(STEPS.get(step, step), loc) if step and phase != "over" else ""
    acting = tuple(int(seat) for seat in view.get("acting") or [])
    waiting = t(loc, "nobody") if phase == "over" else "" if acting else "—"
    scores = tuple(
        (int(p.get("seat", i)), int(p.get("score", 0) or 0))
        for i, p in enumerate(view.get("players") or [])
    )
    return Band(
        t(loc, "10 PLAGUES OF EGYPT"),
        status,
        t(loc, "Turn"),
        acting,
        waiting,
        t(loc, "VP"),
        scores,
        detail,
    )


def _resolve(marks: set[str], view: dict[str, Any], places: Places) -> list[Box]:
    """Option ids (and their colon tokens) -> the boxes to outline.

    Shared places: ``tile:k``, ``swap:a:b``, ``hebrew:v``, ``pick:<id>`` (or a face-up card
    id), ``pharaoh:k``, ``cancel:n``, ``token:plague``; ``die:k`` with ``tile`` or ``pharaoh``
    marks dice space or pharaoh card k. A seat's places (``space:c4``/``c4``, ``die:k``,
    ``recover:A``, ``slot:A``, ``drop:A``, ``track:city``, ``card:<id>``) are marked on the
    boards of the seats named by ``seat:N`` marks, else of the current seat, else the acting
    seats.
    """
    boxes: list[Box] = []
    names: set[str] = set()
    seat_names: set[str] = set()
    seats = {
        int(m.split(":")[1]) for m in marks if m.startswith("seat:") and m.split(":")[1].isdigit()
    }
    if not seats:
        current = view.get("current")
        seats = {current} if current is not None else set(view.get("acting") or [])
    dice = [m.split(":")[1] for m in marks if m.startswith("die:") and m.count(":") >= 1]
    for mark in marks:
        parts = mark.split(":")
        head = parts[0]
        if head in ("tile", "hebrew", "pharaoh", "cancel") and len(parts) == 2:
            names.add(mark)
        elif head == "swap" and len(parts) == 3:
            names.update((f"tile:{parts[1]}", f"tile:{parts[2]}"))
        elif head in ("pick", "keep") and len(parts) == 2:
            names.add(f"pick:{parts[1]}")
        elif mark in places.shared and not mark.startswith(("tile", "hebrew")):
            names.add(mark)
        elif mark == "token:plague":
            names.add("plague")
        elif f"pick:{mark}" in places.shared:
            names.add(f"pick:{mark}")
        if head == "space" and len(parts) == 2:
            seat_names.add(f"space:{parts[1]}")
        elif len(parts) == 1 and len(mark) == 2 and mark[0] in "cf" and mark[1] in "012345":
            seat_names.add(f"space:{mark}")
        elif head == "die" and len(parts) >= 2:
            seat_names.add(f"die:{parts[1]}")
        elif head in ("recover", "slot", "drop") and len(parts) == 2:
            seat_names.add(f"recover:{parts[1]}")
        elif head in ("track", "pay") and len(parts) == 2:
            seat_names.update(
                {"track:city", "track:field"} if parts[1] == "split" else {f"track:{parts[1]}"}
            )
        elif head == "card" and len(parts) == 2:
            for (_seat, name), found in places.seat.items():
                if name == mark:
                    boxes.extend(found)
    for value in dice:
        if "tile" in marks:
            names.add(f"tile:{value}")
        if "pharaoh" in marks:
            names.add(f"pharaoh:{value}")
    for name in sorted(names):
        boxes.extend(places.shared.get(name, []))
    for seat in sorted(s for s in seats if s is not None):
        for name in sorted(seat_names):
            boxes.extend(places.seat.get((seat, name), []))
    return boxes


def _draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any], loc: str = "en") -> None:
    phase = view.get("phase", "")
    last = view.get("last_round") or 10
    title = t(
        loc,
        "Round {round}/{last} · {phase}",
        round=view.get("round", "?"),
        last=last,
        phase=PHASES.get(phase, phase),
    )
    step = view.get("step")
    _label(draw, (345, 18), title, 18, 435, bold=True, fill=CREAM)
    parts = []
    if step and phase != "over":
        parts.append(localise(STEPS.get(step, step), loc))
    if (view.get("plague") or {}).get("id") == "locusts":
        parts.append(t(loc, "tribute {n} +1 Locusts", n=view.get("tribute", "?")))
    else:
        parts.append(t(loc, "tribute {n}", n=view.get("tribute", "?")))
    parts.append(t(loc, "☥ needed {n}", n=view.get("ankh_needed", "?")))
    if view.get("round") in (view.get("moses_rounds") or []):
        parts.append(t(loc, "Moses ✦"))
    _label(draw, (345, 46), " · ".join(parts), 15, 435, fill=CREAM_SOFT)
    x = 805
    for index, seat in enumerate(view.get("turn_order") or []):
        draw.text((x, 46), f"{index + 1}.", font=font(15, bold=True), fill=CREAM, anchor="lm")
        seat_token(draw, (x + 30, 45), seat, size=24)
        x += 56
    acting = list(view.get("acting") or [])
    x = 1058
    for seat in acting[:5]:
        seat_token(draw, (x, 45), seat, size=24)
        x += 36
    if len(acting) == 1:
        _label(
            draw,
            (x - 12, 45),
            t(loc, "Seat {n}", n=acting[0] + 1),
            16,
            WIDTH - MARGIN - x + 12,
            bold=True,
            fill=CREAM,
        )
    elif not acting:
        _label(
            draw,
            (1045, 45),
            t(loc, "nobody") if phase == "over" else "—",
            16,
            WIDTH - MARGIN - 1045,
            fill=CREAM,
        )


def _tile(draw: ImageDraw.ImageDraw, box: Box, tile: str, size: int = 15, loc: str = "en") -> None:
    fill = TILE_FILL.get(_tile_kind(tile), PAPER)
    _rrect(draw, box, radius=6, fill=fill, outline=INK, width=2)
    text = _tile_text(tile, loc)
    width = box[2] - box[0] - 6
    fnt = font(size, bold=True)
    if _width(fnt, text) > width:
        text, fnt = _fit(text, 14, False, width)
    draw.text(
        ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
        text,
        font=fnt,
        fill=text_on(fill),
        anchor="mm",
    )


def _draw_collective(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], places: Places, loc: str = "en"
) -> None:
    # dice spaces
    spaces = list(view.get("dice_spaces") or [])
    for k in range(1, 7):
        x0, y0, x1, y1 = space = _dice_space(k)
        places.add(f"tile:{k}", space)
        tile = spaces[k - 1] if k - 1 < len(spaces) else None
        inner = (x0 + 6, y0 + 44, x1 - 6, y1 - 8)
        if tile:
            _tile(draw, inner, tile, loc=loc)
        else:
            _rrect(draw, inner, radius=6, outline=INK_SOFT, width=1)
            _label(
                draw,
                ((x0 + x1) // 2, (inner[1] + inner[3]) // 2),
                t(loc, "empty"),
                14,
                inner[2] - inner[0] - 6,
                fill=INK_SOFT,
                anchor="mm",
            )
    # Hebrews
    hebrews = list(view.get("hebrews") or [])
    for index, value in enumerate(hebrews[:3]):
        box = _hebrew_tile(index)
        _rrect(draw, box, radius=8, fill=(250, 250, 250), outline=INK, width=2)
        draw.text(
            ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
            str(value),
            font=font(28, bold=True),
            fill=INK,
            anchor="mm",
        )
        places.add(f"hebrew:{value}", box)
    if not hebrews:
        _label(
            draw,
            (HEBREW_BOX[0] + 14, COLL_Y + 66),
            t(loc, "none left this round"),
            15,
            HEBREW_BOX[2] - HEBREW_BOX[0] - 24,
            fill=INK_SOFT,
        )
    elif len(hebrews) > 3:
        draw.text(
            (HEBREW_BOX[2] - 8, COLL_Y + 14),
            f"+{len(hebrews) - 3}",
            font=font(15, bold=True),
            fill=INK,
            anchor="rm",
        )
    _label(
        draw,
        (HEBREW_BOX[0] + 10, COLL_Y + 148),
        t(loc, "Hebrew reserve {n}", n=view.get("hebrew_reserve", 0)),
        14,
        HEBREW_BOX[2] - HEBREW_BOX[0] - 16,
        bold=True,
    )
    # supply
    lines = (
        t(loc, "Reserve {n} tiles", n=view.get("reserve", 0)),
        t(loc, "Out of game {n}", n=view.get("removed", 0)),
        t(loc, "Plague deck {n}", n=view.get("plague_deck", 0)),
        t(loc, "Loss deck {n}", n=view.get("loss_deck", 0)),
        t(loc, "Territory deck {n}", n=view.get("territory_deck", 0)),
    )
    supply_w = SUPPLY_BOX[2] - SUPPLY_BOX[0] - 16
    for index, line in enumerate(lines):
        _label(
            draw,
            (SUPPLY_BOX[0] + 10, COLL_Y + 42 + index * 22),
            line,
            15,
            supply_w,
            bold=index == 0,
        )
    if int(view.get("reserve", 99)) <= 2:
        _label(
            draw,
            (SUPPLY_BOX[0] + 10, COLL_Y + 148),
            t(loc, "≤ 2: last round!"),
            14,
            supply_w,
            bold=True,
            fill=BAD,
        )
    _draw_plague(draw, view.get("plague"), places, loc)
    _draw_papyrus(draw, view)
    _draw_loss(draw, view.get("loss_card"), places, loc)
    # pharaoh cards: holder tokens
    for card in view.get("pharaoh_cards") or []:
        n = int(card.get("n", 0))
        if not 1 <= n <= 6:
            continue
        x0, y0, x1, y1 = box = _pharaoh_card(n)
        places.add(f"pharaoh:{n}", box)
        holder = card.get("holder")
        if holder is None:
            _label(
                draw,
                ((x0 + x1) // 2, y1 - 18),
                t(loc, "free"),
                14,
                x1 - x0 - 6,
                bold=True,
                fill=GOOD,
                anchor="mm",
            )
        else:
            _rrect(draw, (x0 + 3, y1 - 34, x1 - 3, y1 - 3), radius=5, fill=WHITE)
            seat_token(draw, ((x0 + x1) // 2, y1 - 18), holder, size=24)
    # territory cards
    cards = list(view.get("territories") or [])
    for index, card in enumerate(cards):
        box = _territory_card(index, len(cards))
        _territory(draw, box, card, loc)
        places.add(f"pick:{card.get('id')}", box)
    if not cards:
        draw.text(
            (TERRITORY_BOX[0] + 14, ROW3_Y + 70),
            t(loc, "No face-up territory cards."),
            font=font(16),
            fill=INK_SOFT,
            anchor="lm",
        )
    draw.text(
        (TERRITORY_BOX[2] - 10, ROW3_Y + 14),
        t(loc, "deck {n}", n=view.get("territory_deck", 0)),
        font=font(15),
        fill=INK,
        anchor="rm",
    )


def _use_label(use: str, loc: str) -> str:
    return t(loc, "permanent") if use == "permanent" else t(loc, "single use")


def _territory(draw: ImageDraw.ImageDraw, box: Box, card: dict[str, Any], loc: str = "en") -> None:
    x0, y0, x1, y1 = box
    cid = str(card.get("id", "?"))
    category = card.get("category") or TERRITORIES.get(cid, {}).get("cat", "")
    label, colour = CATEGORY.get(category, (str(category).upper(), BADGE_OFF))
    _rrect(draw, box, radius=8, fill=PAPER, outline=colour, width=3)
    _rrect(draw, (x0, y0, x1, y0 + 24), radius=8, fill=colour)
    draw.rectangle((x0, y0 + 14, x1, y0 + 24), fill=colour)
    pick = f"pick:{cid}" if _ids_shown(loc) else ""
    pick_w = _width(font(14), pick) if pick else -8
    _label(
        draw,
        (x0 + 10, y0 + 12),
        localise(label, loc),
        14,
        x1 - x0 - 28 - pick_w,
        bold=True,
        fill=text_on(colour),
    )
    if pick:
        draw.text((x1 - 10, y0 + 12), pick, font=font(14), fill=text_on(colour), anchor="rm")
    name = localise(card.get("name") or TERRITORIES.get(cid, {}).get("name", cid), loc)
    lines = wrap_text(name, font(16, bold=True), x1 - x0 - 20, max_lines=2)
    for index, line in enumerate(lines):
        draw.text(
            (x0 + 10, y0 + 40 + index * 21), line, font=font(16, bold=True), fill=INK, anchor="lm"
        )
    text = localise(card.get("text") or "", loc)
    if text and text != name and len(lines) < 2:
        draw.text(
            (x0 + 10, y0 + 64),
            fit_text(text, font(14), x1 - x0 - 20),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )
    extra = TERRITORIES.get(cid, {})
    if extra.get("use"):
        _label(
            draw,
            (x1 - 10, y1 - 12),
            _use_label(extra["use"], loc),
            14,
            x1 - x0 - 20,
            fill=INK_SOFT,
            anchor="rm",
        )


def _draw_plague(
    draw: ImageDraw.ImageDraw, plague: dict[str, Any] | None, places: Places, loc: str = "en"
) -> None:
    x0, y0, x1, y1 = PLAGUE_BOX
    places.add("plague", PLAGUE_BOX)
    if not plague:
        draw.text(
            (x0 + 12, y0 + 60), t(loc, "none revealed"), font=font(17), fill=INK_SOFT, anchor="lm"
        )
        return
    timing = localise(TIMING.get(plague.get("timing", ""), str(plague.get("timing", ""))), loc)
    pill = font(14, bold=True)
    pill_w = _width(pill, timing) + 14
    immediate = bool(plague.get("immediate"))
    fill = (255, 190, 60) if immediate else (222, 214, 240)
    _rrect(
        draw, (x1 - 10 - pill_w, y0 + 4, x1 - 10, y0 + 24), radius=6, fill=fill, outline=INK_SOFT
    )
    draw.text((x1 - 10 - pill_w // 2, y0 + 14), timing, font=pill, fill=INK, anchor="mm")
    name = localise(plague.get("name", plague.get("id", "?")), loc)
    size = next((z for z in (20, 18, 16) if _width(font(z, bold=True), name) <= x1 - x0 - 24), 16)
    draw.text(
        (x0 + 12, y0 + 44),
        fit_text(name, font(size, bold=True), x1 - x0 - 24),
        font=font(size, bold=True),
        fill=BAD,
        anchor="lm",
    )
    for index, line in enumerate(
        wrap_text(localise(plague.get("text", ""), loc), font(15), x1 - x0 - 24, max_lines=3)
    ):
        draw.text((x0 + 12, y0 + 72 + index * 20), line, font=font(15), fill=INK, anchor="lm")
    _label(
        draw,
        (x0 + 12, y1 - 14),
        t(loc, "unpaid tribute: penalty card −3 VP"),
        14,
        x1 - x0 - 24,
        fill=INK_SOFT,
    )


def _draw_papyrus(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    round_ = view.get("round")
    if not isinstance(round_, int) or not 1 <= round_ <= 10:
        return
    top = _papyrus_cell(round_, 0)
    bottom = _papyrus_cell(round_, 4)
    draw.rectangle((top[0], top[1], top[2], bottom[3]), outline=(200, 120, 0), width=3)
    draw.rectangle((top[0] + 2, top[1] + 2, top[2] - 2, top[3] - 1), fill=PAPYRUS_NOW)
    draw.text(
        ((top[0] + top[2]) // 2, (top[1] + top[3]) // 2),
        str(round_),
        font=font(14, bold=True),
        fill=INK,
        anchor="mm",
    )


def _draw_loss(
    draw: ImageDraw.ImageDraw, card: dict[str, Any] | None, places: Places, loc: str = "en"
) -> None:
    x0, y0, x1, y1 = LOSS_BOX
    if not card:
        draw.text(
            (x0 + 12, y0 + 60), t(loc, "none revealed"), font=font(17), fill=INK_SOFT, anchor="lm"
        )
        return
    cid, losses = card.get("id", "?"), card.get("losses", "?")
    title = (
        t(loc, "{id} · 1 loss", id=cid)
        if losses == 1
        else t(loc, "{id} · {n} losses", id=cid, n=losses)
    )
    draw.text((x1 - 10, y0 + 14), title, font=font(14, bold=True), fill=BAD, anchor="rm")
    parts = list(card.get("parts") or [])
    for index, part in enumerate(parts[:3]):
        box = _loss_part(index)
        places.add(f"cancel:{index + 1}", box)
        _rrect(draw, box, radius=5, fill=(250, 228, 220), outline=(200, 150, 140))
        draw.text(
            (box[0] + 6, (box[1] + box[3]) // 2),
            _option_id("cancel", index + 1),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )
        alternatives = [localise(a, loc) for a in part]
        text = (
            alternatives[0]
            if len(alternatives) == 1
            else " / ".join(f"alt:{j + 1} {a}" for j, a in enumerate(alternatives))
        )
        room, cy = box[2] - box[0] - 80, (box[1] + box[3]) // 2
        if _width(font(13, bold=True), text) <= room:
            _label(draw, (box[0] + 74, cy), text, 15, room, bold=True)
        else:  # two lines in the part's box
            lines = wrap_text(text, font(12, bold=True), room, max_lines=2)
            for row, line in enumerate(lines):
                draw.text(
                    (box[0] + 74, cy + (row - (len(lines) - 1) / 2) * 13),
                    line,
                    font=font(12, bold=True),
                    fill=INK,
                    anchor="lm",
                )


# --- a province board --------------------------------------------------------------------------
def _draw_player(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    player: dict[str, Any],
    origin: tuple[int, int],
    acting: bool,
    places: Places,
    loc: str = "en",
) -> None:
    bx, by = origin
    seat = int(player.get("seat", 0))
    ai = bool(player.get("is_ai"))
    _draw_player_header(draw, view, player, origin, acting, loc)

    # cells, bonuses, lines
    cells = {**(player.get("city") or {}), **(player.get("field") or {})}
    for cell, tile in cells.items():
        if len(cell) != 2 or cell[0] not in "cf" or cell[1] not in "012345":
            continue
        box = _cell(origin, cell)
        places.add(f"space:{cell}", box, seat)
        if tile:
            fill = TILE_FILL.get(_tile_kind(tile), PAPER)
            ink = text_on(fill)
            draw.rectangle(box, fill=fill, outline=INK, width=2)
            draw.text((box[0] + 4, box[1] + 2), cell, font=font(14), fill=ink)
            draw.text(
                ((box[0] + box[2]) // 2, box[3] - 12),
                fit_text(_tile_text(tile, loc), font(14), CELL_W - 4),
                font=font(14),
                fill=ink,
                anchor="mm",
            )
    for bonus in player.get("bonuses") or []:
        if not bonus.get("active"):
            continue
        a, b = bonus.get("a", ""), bonus.get("b", "")
        try:
            cx, cy = _edge_center(origin, a, b)
        except (ValueError, IndexError):
            continue
        _rrect(
            draw,
            (cx - 15, cy - 12, cx + 15, cy + 12),
            radius=6,
            fill=BADGE_ON,
            outline=INK,
            width=2,
        )
        _label(
            draw,
            (cx, cy),
            localise(BONUS_LABEL.get(bonus.get("kind", ""), "?"), loc),
            14,
            28,
            anchor="mm",
        )
    for line, complete in enumerate((player.get("lines") or [])[:4]):
        if complete:
            cx, cy = _line_mark(origin, line)
            draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=GOLD, outline=INK, width=2)
            draw.text((cx, cy), "☥", font=font(15, bold=True), fill=INK, anchor="mm")

    # tracks
    dev = player.get("dev") or {}
    for track in ("city", "field"):
        pos = _clamp(dev.get(track, 0), DEV_LAST)
        box = _dev_cell(origin, track, pos)
        _marker(draw, box, seat, str(DEV_VP[pos]))
        first, last = _dev_cell(origin, track, 0), _dev_cell(origin, track, DEV_LAST)
        places.add(f"track:{track}", (first[0], first[1], last[2], last[3]), seat)
    nile = _clamp(player.get("nile", 0), NILE_LAST)
    _marker(draw, _nile_cell(origin, nile), seat, str(nile))
    pcard = _clamp(player.get("province_card", 0), PROVINCE_LAST)
    for space in player.get("markers_left") or []:
        if isinstance(space, int) and 0 <= space <= PROVINCE_LAST and space != pcard:
            x0, y0, x1, y1 = _pcard_cell(origin, space)
            draw.ellipse((x1 - 9, y0 + 1, x1 - 1, y0 + 9), fill=(70, 70, 70))
    _marker(draw, _pcard_cell(origin, pcard), seat, str(pcard))

    # die cards
    used = list(player.get("dice_used") or [])
    if ai and view.get("ai_row") is not None:
        for index, card in enumerate((view.get("ai_row") or [])[:6]):
            box = _die_card(origin, index)
            if card.get("revealed") and card.get("value") is not None:
                _die(draw, box, str(card["value"]), False, loc)
            else:
                _rrect(draw, box, radius=5, fill=DIE_BACK, outline=INK, width=2)
                draw.text(
                    ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
                    "?",
                    font=font(18, bold=True),
                    fill=CREAM,
                    anchor="mm",
                )
    else:
        for value in range(1, 7):
            box = _die_card(origin, value - 1)
            _die(draw, box, str(value), value in used, loc)
            places.add(f"die:{value}", box, seat)

    # discard and occupation tiles
    if not ai:
        discard = player.get("discard") or {}
        for slot in ("A", "B"):
            box = _discard(origin, slot)
            places.add(f"recover:{slot}", box, seat)
            tile = discard.get(slot)
            if tile:
                _tile(
                    draw, (box[0] + 3, box[1] + 17, box[2] - 3, box[3] - 3), tile, size=14, loc=loc
                )
    left = set(player.get("occupation_left") or [])
    for index, name in enumerate(OCCUPATION):
        x0, y0, x1, y1 = box = _occupation(origin, index)
        if name in left:
            _rrect(draw, (x0 + 3, y0 + 20, x1 - 3, y1 - 3), radius=4, fill=GOLD, outline=INK)
            draw.text(
                ((x0 + x1) // 2, y0 + 30), "+2/+2", font=font(14, bold=True), fill=INK, anchor="mm"
            )
        else:
            _label(
                draw,
                ((x0 + x1) // 2, y0 + 30),
                t(loc, "taken"),
                14,
                x1 - x0 - 4,
                fill=INK_SOFT,
                anchor="mm",
            )

    _draw_hebrews(draw, player, origin, loc)
    _draw_status(draw, view, player, origin, loc)
    _draw_holdings(draw, player, origin, places, loc)


def _clamp(value: Any, last: int) -> int:
    try:
        return max(0, min(last, int(value)))
    except (TypeError, ValueError):
        return 0


def _marker(draw: ImageDraw.ImageDraw, box: Box, seat: int, label: str) -> None:
    colour = seat_style(seat).colour
    draw.rectangle(
        (box[0] - 1, box[1] - 2, box[2] + 1, box[3] + 2), fill=colour, outline=INK, width=2
    )
    draw.text(
        ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
        label,
        font=font(14, bold=True),
        fill=text_on(colour),
        anchor="mm",
    )


def _die(draw: ImageDraw.ImageDraw, box: Box, label: str, used: bool, loc: str = "en") -> None:
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    if used:
        _rrect(draw, box, radius=5, fill=USED_DIE, outline=INK_SOFT, width=1)
        draw.text((cx, cy - 6), label, font=font(16, bold=True), fill=WHITE, anchor="mm")
        _label(
            draw,
            (cx, cy + 11),
            t(loc, "used"),
            14,
            box[2] - box[0] - 2,
            fill=WHITE,
            anchor="mm",
            smallest=9,
        )
    else:
        _rrect(draw, box, radius=5, fill=WHITE, outline=INK, width=2)
        draw.text((cx, cy), label, font=font(20, bold=True), fill=INK, anchor="mm")


def _draw_player_header(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    player: dict[str, Any],
    origin: tuple[int, int],
    acting: bool,
    loc: str = "en",
) -> None:
    bx, by = origin
    x = bx + 44 + _width(font(19, bold=True), _seat_name(int(player.get("seat", 0)), loc))
    if acting:
        draw.text((x + 12, by + 22), "▶", font=font(18, bold=True), fill=HIGHLIGHT, anchor="mm")
    province = player.get("province")
    if player.get("is_ai"):
        name = t(loc, "AI (solo)")
    else:
        name = localise(
            PROVINCE_NAMES.get(province or "", (str(province or "—").title(), ""))[0], loc
        )
    draw.text((x + 26, by + 22), name, font=font(18, bold=True), fill=INK, anchor="lm")
    x += 26 + _width(font(18, bold=True), name) + 10
    score = player.get("score", 0)
    score_text = t(loc, "1 VP") if score == 1 else t(loc, "{n} VP", n=score)
    draw.text(
        (bx + PB_W - 12, by + 22), score_text, font=font(20, bold=True), fill=INK, anchor="rm"
    )
    right = bx + PB_W - 12 - _width(font(20, bold=True), score_text) - 8
    pills: list[tuple[str, RGB]] = []
    soldiers = player.get("soldiers")
    if soldiers is not None:
        pills.append((t(loc, "⚔ {n} soldiers", n=soldiers), (250, 220, 150)))
    order = player.get("order")
    if order:
        pills.append((t(loc, "turn {n}", n=order), (236, 228, 208)))
    paid = player.get("paid")
    if paid is True:
        pills.append((t(loc, "paid ✓"), (196, 232, 190)))
    elif paid is False:
        pills.append((t(loc, "unpaid ✗"), (246, 196, 190)))
    if player.get("plague_cancelled"):
        pills.append((t(loc, "plague ignored"), (222, 214, 240)))
    penalties = int(player.get("penalties") or 0)
    if penalties:
        pills.append(
            (t(loc, "☠ {n} penalty (−{vp} VP)", n=penalties, vp=3 * penalties), (246, 196, 190))
        )
    pill_font = font(14, bold=True)
    for text, fill in reversed(pills):
        w = _width(pill_font, text) + 12
        if right - w < x:
            break
        _rrect(draw, (right - w, by + 11, right, by + 33), radius=6, fill=fill, outline=INK_SOFT)
        draw.text((right - w // 2, by + 22), text, font=pill_font, fill=INK, anchor="mm")
        right -= w + 6


def _draw_hebrews(
    draw: ImageDraw.ImageDraw, player: dict[str, Any], origin: tuple[int, int], loc: str = "en"
) -> None:
    bx, by = origin
    hebrews = [int(h) for h in player.get("hebrews") or []]
    size = len(HEBREW_COLUMN)
    columns = [hebrews[i : i + size] for i in range(0, len(hebrews), size)]
    if len(columns) > 1:
        freed = t(
            loc,
            "{n} freed · sum {sum} · column {column}",
            n=len(hebrews),
            sum=sum(hebrews),
            column=len(columns),
        )
    else:
        freed = t(loc, "{n} freed · sum {sum}", n=len(hebrews), sum=sum(hebrews))
    title, size, room, bold = _hebrew_column_title(loc)
    shown, fnt = _fit(title, size, bold, room)
    x = bx + 12 + _width(fnt, shown) + 14
    _label(draw, (x, by + 364), freed, 14, bx + 430 - x)
    for index in range(size):
        values = [column[index] for column in columns if index < len(column)]
        if not values:
            continue
        x0, y0, x1, y1 = _hebrew_space(origin, index)
        draw.rectangle((x0 + 1, y0 + 18, x1 - 1, y1 - 1), fill=(255, 255, 255))
        draw.text(
            (x0 + 6, y0 + 31), str(values[0]), font=font(18, bold=True), fill=INK, anchor="lm"
        )
        if len(values) > 1:
            draw.text(
                (x1 - 4, y0 + 31),
                " ".join(str(v) for v in values[1:]),
                font=font(14, bold=True),
                fill=NILE_DARK,
                anchor="rm",
            )


def _draw_status(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    player: dict[str, Any],
    origin: tuple[int, int],
    loc: str = "en",
) -> None:
    bx, by = origin
    x, width = bx + 442, PB_W - 442 - 10
    tokens = player.get("ankh_tokens") or {}
    soldiers = player.get("soldiers")
    if player.get("is_ai"):
        lines: list[tuple[str, bool]] = [
            (t(loc, "AI: no tribute, no losses"), True),
            (t(loc, "no plague effects, no Ankh"), False),
        ]
    else:
        lines = [
            (
                t(
                    loc,
                    "☥ active {n} (need {need})",
                    n=player.get("ankh_active", 0),
                    need=view.get("ankh_needed", "?"),
                ),
                True,
            ),
            (
                t(
                    loc,
                    "☥ tokens {board} on board · {supply} left",
                    board=tokens.get("board", 0),
                    supply=tokens.get("supply", 0),
                ),
                False,
            ),
        ]
    lines.append(
        (
            t(
                loc,
                "Income {n} ¢ · soldiers {soldiers}",
                n=player.get("income", 0),
                soldiers="—" if soldiers is None else soldiers,
            ),
            soldiers is not None,
        )
    )
    extras = []
    if player.get("special_actions_used"):
        extras.append(t(loc, "SA used {n}", n=player["special_actions_used"]))
    if player.get("power_used"):
        extras.append(t(loc, "power used"))
    province = player.get("province")
    if province in PROVINCE_NAMES and not extras:
        extras.append(localise(PROVINCE_NAMES[province][1], loc))
    if extras:
        lines.append((" · ".join(extras), False))
    for index, (text, bold) in enumerate(lines):
        _label(draw, (x, by + 362 + index * 18), text, 14, width, bold=bold)


def _draw_holdings(
    draw: ImageDraw.ImageDraw,
    player: dict[str, Any],
    origin: tuple[int, int],
    places: Places,
    loc: str = "en",
) -> None:
    bx, by = origin
    seat = int(player.get("seat", 0))
    kept = player.get("kept") or {}
    items = []
    if kept.get("boat"):
        items.append(t(loc, "{n} boat", n=kept["boat"]))
    if kept.get("coin"):
        items.append(t(loc, "{n} coin", n=kept["coin"]))
    provinces = kept.get("province") or []
    if provinces:
        items.append(t(loc, "Province {values}", values="+".join(str(v) for v in provinces)))
    pharaoh_tiles = int(kept.get("pharaoh_unused", 0)) + int(kept.get("pharaoh_used", 0))
    if pharaoh_tiles:
        items.append(
            t(
                loc,
                "Pharaoh tile {ready} ready / {used} used",
                ready=kept.get("pharaoh_unused", 0),
                used=kept.get("pharaoh_used", 0),
            )
        )
    cards = player.get("pharaoh_cards") or []
    if cards:
        items.append(t(loc, "pharaoh card {cards}", cards=", ".join(str(c) for c in cards)))
    first = t(loc, "Beside the board: {item}", item=items[0] if items else t(loc, "nothing"))
    lines = wrap_items([first, *items[1:]], font(15), PB_W - 24, 2, locale=loc)
    for index, line in enumerate(lines):
        draw.text((bx + 12, by + 442 + index * 19), line, font=font(15), fill=INK, anchor="lm")
    # territory cards as pills (card:<id>)
    _draw_card_pills(
        draw,
        list(player.get("territory") or []),
        seat,
        (bx + 12, by + 444 + len(lines) * 19, bx + PB_W - 12, by + PB_H - 5),
        places,
        loc,
    )


def _card_name(card: dict[str, Any], loc: str) -> str:
    cid = str(card.get("id", "?"))
    return localise(card.get("name") or TERRITORIES.get(cid, {}).get("name", cid), loc)


PILL_SIZES = (14, 13, 12, 11)  # a territory card's pill: name sizes, largest first
PILL_NAME_W = 300  # px for the name in a pill


def _draw_card_pills(
    draw: ImageDraw.ImageDraw,
    territory: list[dict[str, Any]],
    seat: int,
    area: Box,
    places: Places,
    loc: str = "en",
) -> None:
    """A seat's territory cards as pills in ``area``; what does not fit becomes "+n more"."""
    x0, y0, x1, y1 = area
    pill_font, row_h = font(14, bold=True), 24
    if not territory:
        draw.text(
            (x0, y0 + 10), t(loc, "No territory cards."), font=font(14), fill=INK_SOFT, anchor="lm"
        )
        return
    # the card's name in every language (its id is made of English words: issue 12, item 8),
    # in a smaller font where a long name needs it
    fitted = [fit_font(_card_name(c, loc), PILL_SIZES, PILL_NAME_W, bold=True) for c in territory]
    labels = [
        name + (" ✓" if c.get("used") else "")
        for (name, _f), c in zip(fitted, territory, strict=True)
    ]
    fonts = [fnt for _name, fnt in fitted]
    widths = [_width(fnt, label) + 14 for fnt, label in zip(fonts, labels, strict=True)]
    rows = max(1, (y1 - y0 + 3) // row_h)
    more_w = _width(pill_font, t(loc, "+{n} more", n=len(labels))) + 6

    def layout(count: int, reserve: int) -> list[tuple[int, int]] | None:
        spots, x, row = [], x0, 0
        for index in range(count):
            w = widths[index]
            room = x1 - (reserve if index == count - 1 else 0)
            if x + w > room and x > x0:
                x, row = x0, row + 1
            if row >= rows or x + w > room:
                return None
            spots.append((x, y0 + row * row_h))
            x += w + 6
        return spots

    shown = len(labels)
    spots = layout(shown, 0)
    while spots is None and shown > 0:
        shown -= 1
        spots = layout(shown, more_w) if shown else []
    spots = spots or []
    for index, (px, py) in enumerate(spots):
        card, w = territory[index], widths[index]
        used = bool(card.get("used"))
        colour = CATEGORY.get(card.get("category", ""), ("", BADGE_OFF))[1]
        _rrect(
            draw,
            (px, py, px + w, py + 21),
            radius=6,
            fill=BADGE_OFF if used else colour,
            outline=colour if used else INK_SOFT,
            width=2 if used else 1,
        )
        draw.text(
            (px + w // 2, py + 10),
            labels[index],
            font=fonts[index],
            fill=INK_SOFT if used else text_on(colour),
            anchor="mm",
        )
        places.add(f"card:{card.get('id')}", (px, py, px + w, py + 21), seat)
    if shown < len(labels):
        px, py = (spots[-1][0] + widths[shown - 1] + 6, spots[-1][1]) if spots else (x0, y0)
        draw.text(
            (px, py + 10),
            t(loc, "+{n} more", n=len(labels) - shown),
            font=pill_font,
            fill=INK,
            anchor="lm",
        )


# --- final scores ------------------------------------------------------------------------------
BREAKDOWN = (
    ("development", msg("Dev")),
    ("nile", msg("Nile")),
    ("tiles", msg("Tiles")),
    ("pharaoh_tiles", msg("Ph. tiles")),
    ("territory", msg("Territory")),
    ("province", msg("Prov. 24")),
    ("hebrews", msg("Hebrews")),
    ("penalties", msg("Penalty")),
    ("discard", msg("Discard")),
)


def _draw_final(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, loc: str = "en") -> None:
    final = view.get("final") or {}
    scores = list(final.get("scores") or [])
    places = list(final.get("places") or [])
    breakdown = list(final.get("breakdown") or [])
    columns = [
        Column(t(loc, "Seat"), 190),
        Column(t(loc, "Place"), 90, "center"),
        Column(t(loc, "Total"), 90, "right"),
    ]
    columns += [Column(localise(title, loc), 100, "right") for _, title in BREAKDOWN]
    rows, fills = [], []
    for seat in range(len(view.get("players") or [])):
        winner = seat < len(places) and places[seat] == 1
        seat_text = ("★ " if winner else "") + t(loc, "Seat {n}", n=seat + 1)

        def seat_cell(d, box, seat=seat, seat_text=seat_text):
            x0, y0, x1, y1 = box
            cy = (y0 + y1) // 2
            seat_token(d, (x0 + 22, cy), seat, size=26)
            _label(d, (x0 + 42, cy), seat_text, 16, x1 - x0 - 48, bold=True)

        items = breakdown[seat] if seat < len(breakdown) else {}
        rows.append(
            [
                seat_cell,
                ordinal(places[seat], loc) if seat < len(places) else "",
                str(scores[seat]) if seat < len(scores) else "",
                *(str(items.get(k, "")) for k, _ in BREAKDOWN),
            ]
        )
        fills.append(WINNER_FILL if winner else None)
    header_size = next(
        (
            size
            for size in (14, 13, 12, 11)
            if all(
                _width(font(size, bold=True), column.title) <= column.width - 16
                for column in columns
            )
        ),
        11,
    )
    draw_table(
        draw,
        (MARGIN, y + FINAL_TITLE_H),
        columns,
        rows,
        row_height=FINAL_ROW_H,
        header_height=FINAL_HEAD_H,
        body_size=17,
        header_size=header_size,
        row_fills=fills,
    )
    notes = [localise(n, loc) for n in final.get("tiebreaks") or []]
    if notes:
        draw.text(
            (MARGIN + 200, y + FINAL_TITLE_H // 2),
            fit_text(" ".join(notes), font(14), WIDTH - 230),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )


# --- private panel -----------------------------------------------------------------------------
PANEL_W = 900


def panel(private_view: dict[str, Any], *, locale: str = "en") -> Image.Image:
    """One seat's hand, its words in ``locale``: tiles or cards to choose from (Edfu / Buto),
    cards put under the deck (known only to this seat), territory cards in full, and what lies
    beside the board."""
    loc = locale
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = int(me["seat"])
    player = next((p for p in private_view.get("players", []) if p.get("seat") == seat), {})
    drawn = [str(d) for d in me.get("drawn") or []]
    bottom = [str(b) for b in me.get("buto_bottom") or []]
    territory = list(player.get("territory") or [])
    drawn_cards = [d for d in drawn if d in TERRITORIES]
    drawn_tiles = [d for d in drawn if d not in TERRITORIES]

    kept = player.get("kept") or {}
    beside = []
    if kept.get("boat"):
        beside.append(t(loc, "{n} boat", n=kept["boat"]))
    if kept.get("coin"):
        beside.append(t(loc, "{n} coin", n=kept["coin"]))
    if kept.get("province"):
        beside.append(
            t(loc, "Province {values}", values="+".join(str(v) for v in kept["province"]))
        )
    if kept.get("pharaoh_unused"):
        beside.append(
            t(
                loc,
                "{n} Pharaoh tile ready (token:plague / token:penalty)",
                n=kept["pharaoh_unused"],
            )
        )
    cards = player.get("pharaoh_cards") or []
    if cards:
        described = []
        for c in cards:
            top, low = PHARAOH_SHORT.get(c, ("", ""))
            effect = " ".join(localise(part, loc) for part in (top, low)).strip()
            described.append(f"{c} ({effect})")
        beside.append(t(loc, "pharaoh cards {cards}", cards=", ".join(described)))
    discard = player.get("discard") or {}
    lost = [f"{slot}: {_tile_text(tile, loc)}" for slot, tile in sorted(discard.items()) if tile]
    if lost:
        beside.append(t(loc, "discard {tiles}", tiles=", ".join(lost)))
    beside_lines = wrap_items(
        beside or [t(loc, "Nothing beside your board.")], font(16), PANEL_W - 40, 3, locale=loc
    )
    row_h = 48
    height = 120 + 26 + 20 * len(beside_lines)
    if drawn_tiles:
        height += 40 + 70
    if drawn_cards:
        height += 40 + len(drawn_cards) * row_h
    height += 40 + max(1, len(territory)) * row_h
    if bottom:
        height += 40 + 28 * ((len(bottom) + 1) // 2)
    height += 20
    image = Image.new("RGB", (PANEL_W, height), BACKGROUND)
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 110), fill=HEADER_BG)
    seat_token(draw, (44, 46), seat, size=48)
    style = seat_style(seat)
    province = player.get("province")
    name, power = PROVINCE_NAMES.get(province or "", (str(province or "—").title(), ""))
    colour = {
        "blue": msg("blue"),
        "vermillion": msg("vermillion"),
        "green": msg("green"),
        "pink": msg("pink"),
        "orange": msg("orange"),
    }.get(style.colour_name, style.colour_name)
    _label(
        draw,
        (80, 28),
        t(
            loc,
            "Your hand · Seat {n} ({letter}, {colour}) · {province}",
            n=seat + 1,
            letter=style.letter,
            colour=colour,
            province=name,
        ),
        22,
        PANEL_W - 100,
        bold=True,
        fill=CREAM,
    )
    phase = private_view.get("phase", "")
    line = t(
        loc,
        "Round {round}/{last} · {phase}",
        round=private_view.get("round", "?"),
        last=private_view.get("last_round", 10),
        phase=PHASES.get(phase, phase),
    )
    if power:
        line = f"{line} · {localise(power, loc)}"
    _label(draw, (80, 58), line, 16, PANEL_W - 100, fill=CREAM_SOFT)
    used = set(player.get("dice_used") or [])
    unused = [str(v) for v in range(1, 7) if v not in used]
    coins = (
        t(loc, "Coins {n} + card 3", n=kept.get("coin", 0))
        if 3 in (player.get("pharaoh_cards") or [])
        else t(loc, "Coins {n}", n=kept.get("coin", 0))
    )
    stats = "   ".join(
        (
            t(loc, "Unused dice {dice}", dice=" ".join(unused) or "—"),
            coins,
            t(loc, "Income {n}", n=player.get("income", 0)),
            f"☥ {player.get('ankh_active', 0)}",
            t(loc, "VP {n}", n=player.get("score", 0)),
        )
    )
    _label(draw, (20, 92), stats, 18, PANEL_W - 40, bold=True, fill=GOLD)

    y = 126
    for index, text in enumerate(beside_lines):
        draw.text((20, y + 10 + index * 20), text, font=font(16), fill=INK, anchor="lm")
    y += 26 + 20 * len(beside_lines)

    if drawn_tiles:
        y = _panel_title(draw, y, t(loc, "Edfu: keep one of the drawn tiles (keep:<tile>)"))
        x = 20
        for tile in drawn_tiles:
            _tile(draw, (x, y, x + 124, y + 40), tile, loc=loc)
            if _ids_shown(loc):
                draw.text(
                    (x + 62, y + 54),
                    _option_id("keep", tile),
                    font=font(14),
                    fill=INK_SOFT,
                    anchor="mm",
                )
            x += 136
        y += 70
    if drawn_cards:
        y = _panel_title(draw, y, t(loc, "Buto: keep one of these cards (keep:<id>)"))
        for cid in drawn_cards:
            _panel_card(draw, y, {"id": cid}, row_h, "keep", loc)
            y += row_h
    y = _panel_title(draw, y, t(loc, "Your territory cards (card:<id> to use)"))
    if not territory:
        draw.text(
            (24, y + row_h // 2 - 4),
            t(loc, "No territory cards yet."),
            font=font(17),
            fill=INK,
            anchor="lm",
        )
        y += row_h
    for card in territory:
        _panel_card(draw, y, card, row_h, "card", loc)
        y += row_h
    if bottom:
        y = _panel_title(draw, y, t(loc, "Put under the territory deck (only you know)"))
        for index, cid in enumerate(bottom):
            col, row = index % 2, index // 2
            name = localise(TERRITORIES.get(cid, {}).get("name", cid), loc)
            draw.text(
                (24 + col * 430, y + 12 + row * 28),
                fit_text(name, font(15), 410),
                font=font(15),
                fill=INK,
                anchor="lm",
            )
    return image


def _panel_title(draw: ImageDraw.ImageDraw, y: int, title: str) -> int:
    _label(draw, (20, y + 20), title, 18, PANEL_W - 40, bold=True)
    return y + 40


def _panel_card(
    draw: ImageDraw.ImageDraw,
    y: int,
    card: dict[str, Any],
    row_h: int,
    prefix: str,
    loc: str = "en",
) -> None:
    cid = str(card.get("id", "?"))
    data = TERRITORIES.get(cid, {})
    category = card.get("category") or data.get("cat", "")
    label, colour = CATEGORY.get(category, (str(category).upper(), BADGE_OFF))
    box = (16, y, PANEL_W - 16, y + row_h - 6)
    rounded_panel(draw, box, fill=PAPER, outline=colour, radius=8, width=2)
    _rrect(draw, (16, y, 170, y + row_h - 6), radius=8, fill=colour)
    mid = y + (row_h - 6) // 2
    label = localise(label, loc)
    if _width(font(14, bold=True), label) <= 146:
        draw.text((93, mid), label, font=font(14, bold=True), fill=text_on(colour), anchor="mm")
    else:
        lines = wrap_text(label, font(12, bold=True), 146, max_lines=2)
        for index, line in enumerate(lines):
            draw.text(
                (93, mid + (index - (len(lines) - 1) / 2) * 15),
                line,
                font=font(12, bold=True),
                fill=text_on(colour),
                anchor="mm",
            )
    name = _card_name(card, loc)
    if _ids_shown(loc):
        draw.text(
            (184, mid - 9),
            fit_text(name, font(17, bold=True), 520),
            font=font(17, bold=True),
            fill=INK,
            anchor="lm",
        )
        draw.text((184, mid + 11), f"{prefix}:{cid}", font=font(14), fill=INK_SOFT, anchor="lm")
    else:  # the name in up to two lines
        lines = wrap_text(name, font(16, bold=True), 520, max_lines=2)
        for index, line in enumerate(lines):
            draw.text(
                (184, mid + (index - (len(lines) - 1) / 2) * 19),
                line,
                font=font(16, bold=True),
                fill=INK,
                anchor="lm",
            )
    status = ""
    if card.get("used"):
        status = t(loc, "used ✓")
    elif data.get("use"):
        status = _use_label(data["use"], loc)
    if status:
        _label(
            draw, (PANEL_W - 30, mid), status, 16, PANEL_W - 30 - 184 - 530, bold=True, anchor="rm"
        )
