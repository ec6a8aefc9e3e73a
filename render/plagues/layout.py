"""10 Plagues' geometry: sizes, colours and the box of every space (option ids) on the board."""

from __future__ import annotations

from dataclasses import dataclass

from render.common import (
    RGB,
)
from rules.plagues.view import PrivateView

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


def static_key(view: PrivateView, locale: str = "en") -> StaticKey:
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


def table_layout(key: StaticKey) -> Layout:
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


def dice_space(k: int) -> tuple[int, int, int, int]:
    x = DICE_BOX[0] + 8 + (k - 1) * 103
    return (x, COLL_Y + 30, x + 98, COLL_Y + ROW1_H - 8)


def hebrew_tile(index: int) -> tuple[int, int, int, int]:
    x = HEBREW_BOX[0] + 14 + index * 68
    return (x, COLL_Y + 38, x + 56, COLL_Y + 94)


def pharaoh_card(n: int) -> tuple[int, int, int, int]:
    x = PHARAOH_BOX[0] + 8 + (n - 1) * 70
    return (x, ROW2_Y + 30, x + 66, ROW2_Y + ROW2_H - 6)


def loss_part(index: int) -> tuple[int, int, int, int]:
    y = ROW2_Y + 32 + index * 30
    return (LOSS_BOX[0] + 8, y, LOSS_BOX[2] - 8, y + 27)


def territory_card(index: int, count: int) -> tuple[int, int, int, int]:
    count = max(3, count)
    inner = TERRITORY_BOX[2] - TERRITORY_BOX[0] - 16
    w = (inner - (count - 1) * 8) // count
    x = TERRITORY_BOX[0] + 8 + index * (w + 8)
    return (x, ROW3_Y + 30, x + w, ROW3_Y + ROW3_H - 6)


def papyrus_cell(round_: int, row: int) -> tuple[int, int, int, int]:
    x = PAPYRUS_BOX[0] + 8 + PAPYRUS_LABEL_W + (round_ - 1) * PAPYRUS_COL_W
    y = ROW2_Y + 28 + row * PAPYRUS_ROW_H
    return (x, y, x + PAPYRUS_COL_W, y + PAPYRUS_ROW_H)


# province board boxes (relative to the board origin)
def cell_box(origin: tuple[int, int], cell: str) -> tuple[int, int, int, int]:
    bx, by = origin
    index = int(cell[1:])
    row, col = divmod(index, 3)
    x = bx + 12 + col * (CELL_W + EDGE_W)
    y = by + (66 if cell[0] == "c" else 184) + row * (CELL_H + CELL_GAP)
    return (x, y, x + CELL_W, y + CELL_H)


def line_mark(origin: tuple[int, int], line: int) -> tuple[int, int]:
    area, row = divmod(line, 2)
    x0, y0, _x1, y1 = cell_box(origin, f"{'cf'[area]}{row * 3}")
    return (x0 + 3 * CELL_W + 2 * EDGE_W + 14, (y0 + y1) // 2)


def edge_center(origin: tuple[int, int], a: str, b: str) -> tuple[int, int]:
    ax0, ay0, ax1, ay1 = cell_box(origin, a)
    bx0, by0, bx1, by1 = cell_box(origin, b)
    return ((min(ax1, bx1) + max(ax0, bx0)) // 2, (ay0 + ay1 + by0 + by1) // 4)


def dev_cell(origin: tuple[int, int], track: str, pos: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + TRACK_X + pos * DEV_CELL
    y = by + (62 if track == "city" else 106)
    return (x, y, x + DEV_CELL, y + TRACK_H)


def nile_cell(origin: tuple[int, int], pos: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + TRACK_X + pos * NILE_CELL
    return (x, by + 150, x + NILE_CELL, by + 150 + TRACK_H)


def pcard_cell(origin: tuple[int, int], pos: int) -> tuple[int, int, int, int]:
    bx, by = origin
    row, col = divmod(pos, 13)
    x = bx + TRACK_X + col * PC_CELL
    y = by + 210 + row * (TRACK_H + 2)
    return (x, y, x + PC_CELL, y + TRACK_H)


def die_card(origin: tuple[int, int], index: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + 12 + index * (DIE_W + 6)
    return (x, by + 308, x + DIE_W, by + 308 + DIE_H)


def discard_box(origin: tuple[int, int], slot: str) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + 262 + (0 if slot == "A" else 108)
    return (x, by + 308, x + 100, by + 308 + DIE_H)


def occupation(origin: tuple[int, int], index: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + 484 + index * 58
    return (x, by + 308, x + 54, by + 308 + DIE_H)


def hebrew_space(origin: tuple[int, int], index: int) -> tuple[int, int, int, int]:
    bx, by = origin
    x = bx + 12 + index * (HEB_W + 4)
    return (x, by + 376, x + HEB_W, by + 376 + HEB_H)


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


PILL_SIZES = (14, 13, 12, 11)  # a territory card's pill: name sizes, largest first


PILL_NAME_W = 350  # px for the name in a pill (one of 638 px a row: the longest pt-BR names fit)


# --- private panel -----------------------------------------------------------------------------
PANEL_W = 900
