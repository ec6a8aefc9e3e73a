"""Tekhenu's geometry: sizes, colours and the box of every space (option ids) on the board."""

from __future__ import annotations

from dataclasses import dataclass, field

from render.common import (
    RGB,
)
from rules.tekhenu.data import (
    DISTRICTS,
    GODS,
    TEMPLE_SIZE,
)
from rules.tekhenu.view import PrivateView

# --- geometry (px) -----------------------------------------------------------------------------
WIDTH = 1320


MARGIN = 16


INNER_W = WIDTH - 2 * MARGIN


HEADER_H = 110


OB_Y = HEADER_H + 8  # obelisk area


SEC_W, SEC_H, SEC_GAP = 322, 150, 7


OB_H = 3 * SEC_H + 2 * SEC_GAP  # 464


LEFT_X = MARGIN


DISC_R = 136


DISC_CX = LEFT_X + SEC_W + 12 + DISC_R


DISC_CY = OB_Y + OB_H // 2


RIGHT_X = DISC_CX + DISC_R + 12


SIDE_X = RIGHT_X + SEC_W + 14


SIDE_W = WIDTH - MARGIN - SIDE_X


DIE = 32


DIE_STEP = 34


DIE_X_STEP = 34


ROW_LABEL_W = 94


SEC_HEAD_H = 28  # a god panel: light band, hint line, three purity rows


SEC_ROWS_Y = 46


T_Y = OB_Y + OB_H + 10  # temple complex and Osiris area


TITLE_H = 24


CELL = 72


T_WEST_X = MARGIN


T_COL_W = 74


BAR = 14


B_H = 50  # the building rows north and south of the grid


GX0 = T_WEST_X + T_COL_W + 4 + BAR


GY0 = T_Y + TITLE_H + B_H + 4 + BAR


GRID = TEMPLE_SIZE * CELL


T_EAST_X = GX0 + GRID + BAR + 4


T_H = TITLE_H + 2 * (B_H + 4 + BAR) + GRID


O_X = T_EAST_X + T_COL_W + 16


O_W = WIDTH - MARGIN - O_X


O_LABEL_W = 168


O_COL_W = (O_W - O_LABEL_W) // 4


O_PEOPLE_Y = T_Y + TITLE_H


O_HEAD_Y = O_PEOPLE_Y + 52


O_ROWS_Y = O_HEAD_Y + 26


O_ROW_H = (T_Y + T_H - O_ROWS_Y) // 6


M_Y = T_Y + T_H + 10  # card market


M_GAP = 8


M_W = (INNER_W - 3 * M_GAP) // 4


M_TITLE_H = 24


M_HEAD_H = 28


SLOT_H = 50


M_H = M_HEAD_H + 4 * SLOT_H + 4


M_FOOT_H = 54


P_GAP = 6  # player strips


P_H = 122


P_W = WIDTH - 2 * MARGIN


# --- colours ---
BG: RGB = (243, 234, 212)


HEADER_BG: RGB = (46, 38, 30)


CREAM: RGB = (250, 240, 215)


CREAM_SOFT: RGB = (206, 192, 162)


GOLD: RGB = (232, 188, 72)


HIGHLIGHT: RGB = (214, 0, 118)


ACTING_FILL: RGB = (255, 232, 150)


WINNER_FILL: RGB = (255, 214, 120)


LIGHT_FILL: dict[str, RGB] = {
    "sunny": (255, 213, 90),
    "shaded": (150, 164, 190),
    "dark": (42, 46, 82),
}


PURITY_FILL: dict[str, RGB] = {
    "pure": (228, 242, 222),
    "tainted": (248, 236, 206),
    "forbidden": (238, 218, 218),
}


DIE_FILL: dict[str, RGB] = {
    "white": (250, 250, 246),
    "black": (34, 34, 38),
    "yellow": (240, 198, 38),
    "brown": (132, 82, 42),
    "grey": (150, 150, 150),
}


EDGE_FILL: dict[str, RGB] = {"blue": (30, 96, 200), "red": (206, 48, 38), "green": (38, 150, 70)}


CARD_FILL: dict[str, RGB] = {
    "blessing": (132, 84, 176),
    "technology": (30, 110, 170),
    "decree": (170, 60, 40),
}


TEMPLE_BG: RGB = (236, 222, 190)


OSIRIS_BG: RGB = (222, 232, 206)


GRID_LINE: RGB = (176, 156, 120)


CLOSED_FILL: RGB = (200, 194, 182)


TILE_FILL: RGB = (250, 244, 226)


PANEL_FILL: RGB = (252, 248, 238)


RES_FILL: dict[str, RGB] = {
    "papyrus": DIE_FILL["yellow"],
    "bread": DIE_FILL["brown"],
    "limestone": DIE_FILL["white"],
    "granite": DIE_FILL["black"],
}


HAPPY_BAR: RGB = (230, 150, 40)


POP_BAR: RGB = (90, 140, 200)


TRACK_FILL: dict[str, RGB] = {"limestone": (206, 200, 186)}  # white would not show


SECTION_BOX: dict[str, tuple[int, int]] = {
    "horus": (LEFT_X, OB_Y),
    "osiris": (LEFT_X, OB_Y + SEC_H + SEC_GAP),
    "thoth": (LEFT_X, OB_Y + 2 * (SEC_H + SEC_GAP)),
    "ra": (RIGHT_X, OB_Y),
    "hathor": (RIGHT_X, OB_Y + SEC_H + SEC_GAP),
    "bastet": (RIGHT_X, OB_Y + 2 * (SEC_H + SEC_GAP)),
}


WEDGE_ANGLE = {god: -120 + 60 * ring for ring, god in enumerate(GODS)}  # PIL degrees


Box = tuple[int, int, int, int]


# --- static layer ---
@dataclass
class Layout:
    height: int
    players_y: int
    boxes: dict[str, Box] = field(default_factory=dict)  # place id -> box (highlights)


def static_key(view: PrivateView) -> tuple[int, int, bool]:
    """What the static layer depends on: players on the board, seats, solo."""
    players = len(view.get("players") or []) or 1
    return players, int(view.get("seats", players)), bool(view.get("solo"))


def temple_cell(r: int, c: int) -> Box:
    x, y = GX0 + c * CELL, GY0 + r * CELL
    return (x, y, x + CELL, y + CELL)


def building_box(space: str) -> Box:
    kind, index = space[0], int(space[1:])
    if kind == "w":
        y = GY0 + index * CELL
        return (T_WEST_X, y + 3, T_WEST_X + T_COL_W, y + CELL - 3)
    x = GX0 + index * CELL
    y = GY0 + GRID + BAR + 4
    return (x + 1, y, x + CELL - 1, y + B_H)


def people_box(space: str) -> Box:
    if space == "pt_n2":
        x = GX0 + 2 * CELL  # wider than its column: name, "people", gold and owner side by side
        return (x - 36, T_Y + TITLE_H, x + CELL + 36, T_Y + TITLE_H + B_H)
    if space == "pt_e2":
        y = GY0 + 2 * CELL
        return (T_EAST_X, y + 3, T_EAST_X + T_COL_W, y + CELL - 3)
    col = 0 if space == "po_work" else 2
    x = O_X + O_LABEL_W + col * O_COL_W
    return (x + 3, O_PEOPLE_Y, x + 2 * O_COL_W - 3, O_PEOPLE_Y + 48)


def osiris_box(row: int, district: str) -> Box:
    x = O_X + O_LABEL_W + DISTRICTS.index(district) * O_COL_W
    y = O_ROWS_Y + (row - 1) * O_ROW_H
    return (x + 2, y + 2, x + O_COL_W - 2, y + O_ROW_H - 2)


def market_box(index: int) -> Box:
    x = MARGIN + index * (M_W + M_GAP)
    y = M_Y + M_TITLE_H
    return (x, y, x + M_W, y + M_H)


def slot_box(section: int, slot: int) -> Box:
    x0, y0, x1, _y1 = market_box(section)
    y = y0 + M_HEAD_H + slot * SLOT_H
    return (x0 + 6, y, x1 - 6, y + SLOT_H - 4)


def ra_slot_box(index: int) -> Box:
    y0 = OB_Y + SEC_H + SEC_GAP
    w = (SIDE_W - 16) // 3
    x = SIDE_X + 8 + index * w
    return (x, y0 + 28, x + w - 4, y0 + SEC_H - 4)


def strip_box(layout: Layout, index: int) -> Box:
    y = layout.players_y + index * (P_H + P_GAP)
    return (MARGIN, y, WIDTH - MARGIN, y + P_H)


PROD_STEP = 23  # a production track row (strip)


# --- private panel ---
PANEL_W = 900


ROW_H = 46
