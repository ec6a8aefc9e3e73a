"""Tekhenu: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/tekhenu.md are read, never engine state; the printed board
(temple rewards and border colours, building costs, Osiris effects, market slots, pillar tiles,
card texts) comes from the rules data module. The static layer (frames, grids, printed values)
is drawn once per seat count and cached; each call copies it and draws the pieces of the moment.

Labels match the option ids: god sections by god id (``act:ra``, ``die:ra:white5`` with dice
shown as value + colour code), temple spaces ``t<r><c>``, building spaces ``w0..w4 s0..s4``,
people-statue spaces ``pt_e2 pt_n2 po_work po_quar``, Osiris spaces ``o<row>_<district>``,
market sections 1-4 (``section:<n>``) and card ids (``card:B05``).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    RGB,
    WHITE,
    canvas_draw,
    colour_swatch,
    fit_text,
    font,
    palette_image,
    rounded_panel,
    seat_style,
    seat_token,
    text_on,
    wrap_items,
    wrap_text,
)
from rules.tekhenu.data import (
    BORDER,
    CARD_TEXT,
    CORNERS,
    CROSS_PARTNER,
    DECREE_SYMBOL,
    DESTINY_ANKH,
    DESTINY_TEXT,
    DISTRICTS,
    GOD_NAMES,
    GODS,
    MARKET_HAPPINESS,
    MARKET_SLOTS,
    MARKET_UNLOCK,
    PAIR_PARTNER,
    PILLARS,
    RA_SLOT_VP,
    RESOURCES,
    STARTING_INITIATIVE,
    STARTING_TEXT,
    TEMPLE_BUILDINGS,
    TEMPLE_REWARDS,
    TEMPLE_SIZE,
    TRIANGLES,
)

# --- geometry (px) -----------------------------------------------------------------------------
WIDTH = 1320
MARGIN = 16
INNER_W = WIDTH - 2 * MARGIN
HEADER_H = 128

OB_Y = HEADER_H + 12            # obelisk area
SEC_W, SEC_H, SEC_GAP = 322, 188, 8
OB_H = 3 * SEC_H + 2 * SEC_GAP  # 580
LEFT_X = MARGIN
DISC_R = 136
DISC_CX = LEFT_X + SEC_W + 12 + DISC_R
DISC_CY = OB_Y + OB_H // 2
RIGHT_X = DISC_CX + DISC_R + 12
SIDE_X = RIGHT_X + SEC_W + 14
SIDE_W = WIDTH - MARGIN - SIDE_X
DIE = 40
DIE_STEP = 44
DIE_X_STEP = 42
ROW_LABEL_W = 94

T_Y = OB_Y + OB_H + 18          # temple complex and Osiris area
TITLE_H = 30
CELL = 84
T_WEST_X = MARGIN
T_COL_W = 74
BAR = 16
GX0 = T_WEST_X + T_COL_W + 4 + BAR
GY0 = T_Y + TITLE_H + 60 + 4 + BAR
GRID = TEMPLE_SIZE * CELL
T_EAST_X = GX0 + GRID + BAR + 4
T_H = TITLE_H + 2 * (60 + 4 + BAR) + GRID

O_X = T_EAST_X + T_COL_W + 16
O_W = WIDTH - MARGIN - O_X
O_LABEL_W = 168
O_COL_W = (O_W - O_LABEL_W) // 4
O_PEOPLE_Y = T_Y + TITLE_H
O_HEAD_Y = O_PEOPLE_Y + 64
O_ROWS_Y = O_HEAD_Y + 30
O_ROW_H = (T_Y + T_H - O_ROWS_Y) // 6

M_Y = T_Y + T_H + 18            # card market
M_GAP = 8
M_W = (INNER_W - 3 * M_GAP) // 4
M_HEAD_H = 32
SLOT_H = 58
M_H = M_HEAD_H + 4 * SLOT_H + 6
M_FOOT_H = 58

P_GAP = 8                       # player strips
P_H = 158

# --- colours ---
BG: RGB = (243, 234, 212)
HEADER_BG: RGB = (46, 38, 30)
CREAM: RGB = (250, 240, 215)
CREAM_SOFT: RGB = (206, 192, 162)
GOLD: RGB = (232, 188, 72)
HIGHLIGHT: RGB = (214, 0, 118)
ACTING_FILL: RGB = (255, 232, 150)
WINNER_FILL: RGB = (255, 214, 120)
LIGHT_FILL: dict[str, RGB] = {"sunny": (255, 213, 90), "shaded": (150, 164, 190),
                              "dark": (42, 46, 82)}
PURITY_FILL: dict[str, RGB] = {"pure": (228, 242, 222), "tainted": (248, 236, 206),
                               "forbidden": (238, 218, 218)}
DIE_FILL: dict[str, RGB] = {"white": (250, 250, 246), "black": (34, 34, 38),
                            "yellow": (240, 198, 38), "brown": (132, 82, 42),
                            "grey": (150, 150, 150)}
DIE_CODE = {"white": "wh", "black": "bk", "yellow": "ye", "brown": "br", "grey": "gy"}
EDGE_FILL: dict[str, RGB] = {"blue": (30, 96, 200), "red": (206, 48, 38),
                             "green": (38, 150, 70)}
EDGE_CODE = {"blue": "B", "red": "R", "green": "G"}
CARD_FILL: dict[str, RGB] = {"blessing": (132, 84, 176), "technology": (30, 110, 170),
                             "decree": (170, 60, 40)}
CARD_LETTER = {"blessing": "B", "technology": "T", "decree": "D"}
TEMPLE_BG: RGB = (236, 222, 190)
OSIRIS_BG: RGB = (222, 232, 206)
GRID_LINE: RGB = (176, 156, 120)
CLOSED_FILL: RGB = (200, 194, 182)
TILE_FILL: RGB = (250, 244, 226)
PANEL_FILL: RGB = (252, 248, 238)
RES_FILL: dict[str, RGB] = {"papyrus": DIE_FILL["yellow"], "bread": DIE_FILL["brown"],
                            "limestone": DIE_FILL["white"], "granite": DIE_FILL["black"]}

HAPPY_BAR: RGB = (230, 150, 40)
POP_BAR: RGB = (90, 140, 200)
TRACK_FILL: dict[str, RGB] = {"limestone": (206, 200, 186)}  # white would not show
PHASES = {"setup": "Setup", "turns": "Turns", "maat": "Maat phase", "scoring": "Scoring",
          "final": "Final scoring", "over": "Game over"}
PURITIES = ("pure", "tainted", "forbidden")
ACTION_HINT = {"horus": "Statue (value → god)", "ra": "Pillar from the display",
               "hathor": "Temple building, +Population", "bastet": "Happiness (2 papyrus)",
               "thoth": "Cards from the market", "osiris": "Workshop/quarry (row = value)"}
SECTION_BOX: dict[str, tuple[int, int]] = {
    "horus": (LEFT_X, OB_Y), "osiris": (LEFT_X, OB_Y + SEC_H + SEC_GAP),
    "thoth": (LEFT_X, OB_Y + 2 * (SEC_H + SEC_GAP)),
    "ra": (RIGHT_X, OB_Y), "hathor": (RIGHT_X, OB_Y + SEC_H + SEC_GAP),
    "bastet": (RIGHT_X, OB_Y + 2 * (SEC_H + SEC_GAP)),
}
WEDGE_ANGLE = {god: -120 + 60 * ring for ring, god in enumerate(GODS)}  # PIL degrees
ABILITY_SHORT = {
    "population": "+{population} Population", "scribe": "+{scribe} Scribe",
    "happiness": "+{happiness} Happiness", "edge_bonus": "+1 VP/match", "building_bonus":
    "+1/building", "vp": "+{vp} VP", "thoth": "Thoth (1)", "horus": "Horus (1-3)",
    "decree": "draw Decree", "osiris": "Osiris (3)", "gold": "+{gold} Gold",
    "double_reward": "reward ×2", "none": "no ability",
}
OSIRIS_ROW_TEXT = {
    1: ("+1 production", "+1 token"),
    2: ("+1 production", "+1 token"),
    3: ("+1 prod. & partner", "+1 token"),
    4: ("+1 prod. & cross", "+1 token, +1 gold"),
    5: ("+2 production", "+2 tokens"),
    6: ("+2 prod., +1 any", "+2 tokens"),
}
REWARD_WORD = {"vp": "VP", "faith": "faith", "gold": "gold", "papyrus": "papyrus",
               "bread": "bread", "limestone": "limest.", "granite": "granite"}

Box = tuple[int, int, int, int]
PLAYER_TITLES = ((204, "Happiness · Population"), (454, "Production track · have"),
                 (736, "Scales · balance"), (1010, "Supply · cards"))
BOT_TITLES = ((204, "Happiness · Population"), (454, "Action-tile pyramid"),
              (736, "Progress · Deben · dice"), (1010, "Supply"))


# --- cached pieces (a board redraws the same tokens, dice and wrapped texts every turn) ---
@functools.lru_cache(maxsize=512)
def _length(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


@functools.lru_cache(maxsize=1024)
def _wrap(text: str, size: int, width: int, max_lines: int | None = None) -> tuple[str, ...]:
    return tuple(wrap_text(text, font(size), width, max_lines))


def _items(items: list[str], fnt: Any, width: int, max_lines: int | None = None,
           sep: str = " · ") -> list[str]:
    return list(_items_cached(tuple(items), fnt, width, max_lines, sep))


@functools.lru_cache(maxsize=1024)
def _items_cached(items: tuple[str, ...], fnt: Any, width: int, max_lines: int | None,
                  sep: str) -> tuple[str, ...]:
    return tuple(wrap_items(list(items), fnt, width, max_lines, sep))


@functools.lru_cache(maxsize=256)
def _token_sprite(seat: int, size: int) -> tuple[Image.Image, Image.Image, int]:
    half = size // 2 + size // 5 + 4
    sprite = Image.new("RGBA", (2 * half, 2 * half), (0, 0, 0, 0))
    seat_token(ImageDraw.Draw(sprite), (half, half), seat, size=size)
    return sprite.convert("RGB"), sprite.getchannel("A"), half


def _token(draw: ImageDraw.ImageDraw, center: tuple[float, float], seat: int,
           size: int = 26) -> None:
    """``seat_token`` pasted from a cached sprite."""
    canvas = getattr(draw, "canvas", None)
    if canvas is None or canvas.mode != "RGB":
        seat_token(draw, center, seat, size=size)
        return
    rgb, mask, half = _token_sprite(seat, size)
    canvas.paste(rgb, (round(center[0]) - half, round(center[1]) - half), mask)


@functools.lru_cache(maxsize=512)
def _die_sprite(colour: str, value: int, size: int, code: bool
                ) -> tuple[Image.Image, Image.Image]:
    fill = DIE_FILL.get(colour, (200, 0, 200))
    sprite = Image.new("RGB", (size + 1, size + 1), fill)
    mask = Image.new("L", sprite.size, 0)
    radius = max(3, size // 6)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size, size), radius=radius, fill=255)
    draw = ImageDraw.Draw(sprite)
    draw.rounded_rectangle((0, 0, size, size), radius=radius, fill=fill, outline=INK,
                           width=2 if size >= 30 else 1)
    ink = text_on(fill)
    if code and size >= 38:
        draw.text((size / 2, size * 0.36), str(value), font=font(20, bold=True), fill=ink,
                  anchor="mm")
        draw.text((size / 2, size * 0.80), DIE_CODE.get(colour, "?"), font=font(14),
                  fill=ink, anchor="mm")
    elif size >= 22:
        draw.text((min(size / 2, 11), size / 2), str(value),
                  font=font(17 if size >= 26 else 15, bold=True), fill=ink, anchor="mm")
    return sprite, mask


# --- static layer ---
@dataclass
class Layout:
    height: int
    players_y: int
    boxes: dict[str, Box] = field(default_factory=dict)   # place id -> box (highlights)


def static_key(view: dict[str, Any]) -> tuple[int, int, bool]:
    """What the static layer depends on: players on the board, seats, solo."""
    players = len(view.get("players") or []) or 1
    return players, int(view.get("seats", players)), bool(view.get("solo"))


def _temple_cell(r: int, c: int) -> Box:
    x, y = GX0 + c * CELL, GY0 + r * CELL
    return (x, y, x + CELL, y + CELL)


def _building_box(space: str) -> Box:
    kind, index = space[0], int(space[1:])
    if kind == "w":
        y = GY0 + index * CELL
        return (T_WEST_X, y + 3, T_WEST_X + T_COL_W, y + CELL - 3)
    x = GX0 + index * CELL
    y = GY0 + GRID + BAR + 4
    return (x + 3, y, x + CELL - 3, y + 60)


def _people_box(space: str) -> Box:
    if space == "pt_n2":
        x = GX0 + 2 * CELL
        return (x + 3, T_Y + TITLE_H, x + CELL - 3, T_Y + TITLE_H + 60)
    if space == "pt_e2":
        y = GY0 + 2 * CELL
        return (T_EAST_X, y + 3, T_EAST_X + T_COL_W, y + CELL - 3)
    col = 0 if space == "po_work" else 2
    x = O_X + O_LABEL_W + col * O_COL_W
    return (x + 3, O_PEOPLE_Y, x + 2 * O_COL_W - 3, O_PEOPLE_Y + 58)


def _osiris_box(row: int, district: str) -> Box:
    x = O_X + O_LABEL_W + DISTRICTS.index(district) * O_COL_W
    y = O_ROWS_Y + (row - 1) * O_ROW_H
    return (x + 2, y + 2, x + O_COL_W - 2, y + O_ROW_H - 2)


def _market_box(index: int) -> Box:
    x = MARGIN + index * (M_W + M_GAP)
    y = M_Y + TITLE_H
    return (x, y, x + M_W, y + M_H)


def _slot_box(section: int, slot: int) -> Box:
    x0, y0, x1, _y1 = _market_box(section)
    y = y0 + M_HEAD_H + slot * SLOT_H
    return (x0 + 6, y, x1 - 6, y + SLOT_H - 4)


def _ra_slot_box(index: int) -> Box:
    y0 = OB_Y + SEC_H + SEC_GAP
    w = (SIDE_W - 16) // 3
    x = SIDE_X + 8 + index * w
    return (x, y0 + 30, x + w - 4, y0 + SEC_H - 6)


def _strip_box(layout: Layout, index: int) -> Box:
    y = layout.players_y + index * (P_H + P_GAP)
    return (MARGIN, y, WIDTH - MARGIN, y + P_H)


@functools.lru_cache(maxsize=16)
def static_layer(key: tuple[int, int, bool]) -> tuple[Image.Image, Layout]:
    """Background, frames, printed board values; never drawn on after it is built."""
    players, seats, solo = key
    players_y = M_Y + TITLE_H + M_H + M_FOOT_H + 8
    height = players_y + players * (P_H + P_GAP) + 40
    layout = Layout(height, players_y)
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)

    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    draw.text((MARGIN, 6), "TEKHENU", font=font(30, bold=True), fill=GOLD)
    draw.text((MARGIN + 12 + _length("TEKHENU", 30, True), 20), "Obelisk of the Sun",
              font=font(15), fill=CREAM_SOFT)
    for x in (340, 700, 1030):
        draw.line((x, 12, x, HEADER_H - 12), fill=(96, 82, 64), width=1)
    draw.text((356, 8), "Turn order (first → last)", font=font(15), fill=CREAM_SOFT)
    draw.text((356, 68), "Acting now ▶", font=font(15), fill=CREAM_SOFT)
    draw.text((716, 8), "This turn", font=font(15), fill=CREAM_SOFT)
    draw.text((1046, 8), "Decks (discards)", font=font(15), fill=CREAM_SOFT)

    # obelisk sections
    for god, (x, y) in SECTION_BOX.items():
        box = (x, y, x + SEC_W, y + SEC_H)
        rounded_panel(draw, box, fill=PANEL_FILL, outline=INK_SOFT, radius=10, width=2)
        draw.text((x + 10, y + 45), ACTION_HINT[god], font=font(14), fill=INK_SOFT,
                  anchor="lm")
        for row, purity in enumerate(PURITIES):
            ry = y + 60 + row * DIE_STEP
            draw.rectangle((x + 6, ry, x + SEC_W - 6, ry + DIE_STEP - 2),
                           fill=PURITY_FILL[purity])
            draw.text((x + 12, ry + DIE_STEP // 2 - 1), purity, font=font(14, bold=True),
                      fill=INK, anchor="lm")
        layout.boxes[god] = box
    _disc_connectors(draw)
    draw.ellipse((DISC_CX - DISC_R - 6, DISC_CY - DISC_R - 6, DISC_CX + DISC_R + 6,
                  DISC_CY + DISC_R + 6), fill=(120, 98, 66))
    draw.text((DISC_CX, OB_Y + 4), "OBELISK DISC", font=font(15, bold=True), fill=INK,
              anchor="mt")
    for index, legend in enumerate(("dice: value + colour (wh bk ye br gy)",
                                    "option id die:<god>:<colour><value>")):
        draw.text((DISC_CX, OB_Y + OB_H - 24 + index * 20), legend, font=font(14),
                  fill=INK_SOFT, anchor="mb")

    _static_side(draw, layout)
    _static_temple(draw, layout, seats)
    _static_osiris(draw, layout)
    _static_market(draw, layout)
    for index in range(players):
        box = _strip_box(layout, index)
        rounded_panel(draw, box, fill=PANEL_FILL, outline=INK_SOFT, radius=10, width=2)
        x0, y0 = box[0], box[1]
        titles = BOT_TITLES if solo and index == 1 else PLAYER_TITLES
        for dx, title in titles:
            draw.line((x0 + dx - 8, y0 + 10, x0 + dx - 8, y0 + P_H - 10), fill=CREAM_SOFT)
            draw.text((x0 + dx, y0 + 16), title, font=font(14, bold=True), fill=INK_SOFT,
                      anchor="lm")
    draw.text((MARGIN, height - 20), "Seats: colour + letter + shape · ▶ acting · ☥ current "
              "turn · highlighted places are outlined in magenta", font=font(14),
              fill=INK_SOFT, anchor="lm")

    swatch = colour_swatch(
        [INK, INK_SOFT, CREAM, CREAM_SOFT, GOLD, HIGHLIGHT, WHITE, *DIE_FILL.values(),
         *EDGE_FILL.values(), *CARD_FILL.values(), *TRACK_FILL.values(), HAPPY_BAR, POP_BAR],
        [PANEL_FILL, HEADER_BG, TILE_FILL, TEMPLE_BG, OSIRIS_BG, ACTING_FILL, WINNER_FILL,
         *LIGHT_FILL.values(), *PURITY_FILL.values(), CLOSED_FILL, BG], width=WIDTH)
    image.info[PALETTE_HINT] = palette_image(image, swatch)
    return image, layout


def _static_side(draw: ImageDraw.ImageDraw, layout: Layout) -> None:
    titles = ("Horus track · value → god · bonus", "Ra display",
              "Scoring markers · pile · bag")
    for index, title in enumerate(titles):
        y = OB_Y + index * (SEC_H + SEC_GAP)
        rounded_panel(draw, (SIDE_X, y, SIDE_X + SIDE_W, y + SEC_H), fill=PANEL_FILL,
                      outline=INK_SOFT, radius=10, width=2)
        draw.text((SIDE_X + 10, y + 15), fit_text(title, font(14, bold=True), SIDE_W - 20),
                  font=font(14, bold=True), fill=INK, anchor="lm")
    for index, (dice, vp) in enumerate((("5–6", RA_SLOT_VP[0]), ("3–4", RA_SLOT_VP[1]),
                                        ("1–2", RA_SLOT_VP[2]))):
        box = _ra_slot_box(index)
        draw.rounded_rectangle(box, radius=6, fill=(246, 240, 226), outline=CREAM_SOFT)
        draw.text(((box[0] + box[2]) // 2, box[1] + 10), f"die {dice}",
                  font=font(14, bold=True), fill=INK, anchor="mm")
        draw.text(((box[0] + box[2]) // 2, box[3] - 10), f"slot +{vp} VP",
                  font=font(14), fill=INK_SOFT, anchor="mm")
    y = OB_Y + SEC_H + SEC_GAP
    draw.text((SIDE_X + SIDE_W - 10, y + 15), "cost: L limestone, G granite", font=font(14),
              fill=INK_SOFT, anchor="rm")


def _static_temple(draw: ImageDraw.ImageDraw, layout: Layout, seats: int) -> None:
    draw.rectangle((MARGIN, T_Y, T_EAST_X + T_COL_W, T_Y + T_H), fill=TEMPLE_BG)
    draw.text((MARGIN + 8, T_Y + 15), "TEMPLE COMPLEX", font=font(18, bold=True), fill=INK,
              anchor="lm")
    draw.text((T_EAST_X + T_COL_W - 8, T_Y + 15), "corners: edge VP ×2", font=font(14),
              fill=INK_SOFT, anchor="rm")
    for r in range(TEMPLE_SIZE):
        for c in range(TEMPLE_SIZE):
            box = _temple_cell(r, c)
            space = f"t{r}{c}"
            corner = space in CORNERS
            draw.rectangle(box, fill=(252, 246, 230) if not corner else (246, 232, 200),
                           outline=GRID_LINE, width=1)
            draw.text((box[0] + 5, box[1] + 4), space, font=font(14, bold=True),
                      fill=INK_SOFT)
            reward = TEMPLE_REWARDS[r][c]
            kind, amount = next(iter(reward.items()))
            draw.text(((box[0] + box[2]) / 2, box[1] + 52), f"{amount} {REWARD_WORD[kind]}",
                      font=font(15), fill=INK, anchor="mm")
            layout.boxes[space] = box
    _border_bars(draw)
    for space, (_kind, _index, bread, closed) in TEMPLE_BUILDINGS.items():
        box = _building_box(space)
        is_closed = seats in closed or (seats == 1 and 2 in closed)
        draw.rounded_rectangle(box, radius=6, fill=CLOSED_FILL if is_closed else PANEL_FILL,
                               outline=INK_SOFT)
        draw.text((box[0] + 6, box[1] + 4), space, font=font(16, bold=True), fill=INK)
        draw.text((box[0] + 6, box[1] + 26), "closed" if is_closed else f"{bread} bread",
                  font=font(14), fill=INK_SOFT if is_closed else INK)
        if is_closed:
            for x in range(box[0] + 4, box[2] - 4, 10):
                draw.line((x, box[3] - 6, x + 6, box[3] - 12), fill=INK_SOFT)
        layout.boxes[space] = box
    for space in ("pt_n2", "pt_e2"):
        box = _people_box(space)
        draw.rounded_rectangle(box, radius=6, fill=(232, 236, 250), outline=INK_SOFT)
        draw.text((box[0] + 6, box[1] + 4), space, font=font(15, bold=True), fill=INK)
        draw.text((box[0] + 6, box[1] + 24), "people", font=font(14), fill=INK_SOFT)
        layout.boxes[space] = box


def _border_bars(draw: ImageDraw.ImageDraw) -> None:
    fnt = font(14, bold=True)
    for side, colours in BORDER.items():
        for index, colour in enumerate(colours):
            if side == "N":
                box = (GX0 + index * CELL, GY0 - BAR, GX0 + (index + 1) * CELL, GY0)
            elif side == "S":
                box = (GX0 + index * CELL, GY0 + GRID, GX0 + (index + 1) * CELL,
                       GY0 + GRID + BAR)
            elif side == "W":
                box = (GX0 - BAR, GY0 + index * CELL, GX0, GY0 + (index + 1) * CELL)
            else:
                box = (GX0 + GRID, GY0 + index * CELL, GX0 + GRID + BAR,
                       GY0 + (index + 1) * CELL)
            fill = EDGE_FILL[colour]
            draw.rectangle(box, fill=fill, outline=TEMPLE_BG)
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), EDGE_CODE[colour],
                      font=fnt, fill=text_on(fill), anchor="mm")


def _static_osiris(draw: ImageDraw.ImageDraw, layout: Layout) -> None:
    draw.rectangle((O_X - 6, T_Y, WIDTH - MARGIN, T_Y + T_H), fill=OSIRIS_BG)
    draw.text((O_X + 2, T_Y + 15), "OSIRIS · workshops & quarries", font=font(18, bold=True),
              fill=INK, anchor="lm")
    draw.text((WIDTH - MARGIN - 8, T_Y + 15), "row = die value", font=font(14),
              fill=INK_SOFT, anchor="rm")
    lines = wrap_text("people statues: count in both districts below", font(14),
                      O_LABEL_W - 12)
    for index, line in enumerate(lines[:3]):
        draw.text((O_X + 2, O_PEOPLE_Y + 10 + index * 17), line, font=font(14),
                  fill=INK_SOFT, anchor="lm")
    for space in ("po_work", "po_quar"):
        box = _people_box(space)
        draw.rounded_rectangle(box, radius=6, fill=(232, 236, 250), outline=INK_SOFT)
        draw.text((box[0] + 8, box[1] + 6), space, font=font(16, bold=True), fill=INK)
        label = "people · papyrus + bread" if space == "po_work" else \
            "people · limestone + granite"
        draw.text((box[0] + 8, box[1] + 30), label, font=font(14), fill=INK_SOFT)
        layout.boxes[space] = box
    draw.text((O_X + 2, O_HEAD_Y + 14), "row · effect", font=font(14, bold=True),
              fill=INK_SOFT, anchor="lm")
    for index, district in enumerate(DISTRICTS):
        x = O_X + O_LABEL_W + index * O_COL_W
        draw.rectangle((x + 4, O_HEAD_Y + 5, x + 20, O_HEAD_Y + 21), fill=RES_FILL[district],
                       outline=INK)
        draw.text((x + 26, O_HEAD_Y + 14), district, font=font(15, bold=True), fill=INK,
                  anchor="lm")
    for row in range(1, 7):
        y = O_ROWS_Y + (row - 1) * O_ROW_H
        draw.line((O_X, y, WIDTH - MARGIN - 4, y), fill=GRID_LINE)
        draw.text((O_X + 4, y + O_ROW_H // 2), str(row), font=font(24, bold=True), fill=INK,
                  anchor="lm")
        for index, line in enumerate(OSIRIS_ROW_TEXT[row]):
            draw.text((O_X + 26, y + 24 + index * 20), line, font=font(14), fill=INK,
                      anchor="lm")
        for district in DISTRICTS:
            box = _osiris_box(row, district)
            draw.rounded_rectangle(box, radius=5, fill=PANEL_FILL, outline=GRID_LINE)
            draw.text((box[0] + 5, box[1] + 4), f"o{row}_{district}", font=font(14, bold=True),
                      fill=INK)
            partner = {3: PAIR_PARTNER, 4: CROSS_PARTNER}.get(row)
            if partner:
                draw.text((box[0] + 5, box[1] + 24), f"& +1 {partner[district]}",
                          font=font(14), fill=INK_SOFT)
            layout.boxes[f"o{row}_{district}"] = box


def _static_market(draw: ImageDraw.ImageDraw, layout: Layout) -> None:
    draw.text((MARGIN, M_Y + 14), "CARD MARKET (Thoth) · section:<n> · card:<id>",
              font=font(18, bold=True), fill=INK, anchor="lm")
    opens = {section: population for population, section in MARKET_UNLOCK.items()}
    for index, slots in enumerate(MARKET_SLOTS):
        box = _market_box(index)
        rounded_panel(draw, box, fill=PANEL_FILL, outline=INK_SOFT, radius=10, width=2)
        draw.text((box[0] + 10, box[1] + 16), f"Section {index + 1}", font=font(17, bold=True),
                  fill=INK, anchor="lm")
        note = f"Happiness ≥ {MARKET_HAPPINESS[index]}"
        if index in opens:
            note += f" · Pop. {opens[index]}"
        draw.text((box[2] - 10, box[1] + 16), note, font=font(14), fill=INK_SOFT, anchor="rm")
        layout.boxes[f"section:{index + 1}"] = box
        for slot, kind in enumerate(slots):
            sbox = _slot_box(index, slot)
            draw.rounded_rectangle(sbox, radius=6, fill=WHITE, outline=CREAM_SOFT)
            draw.rounded_rectangle((sbox[0], sbox[1], sbox[0] + 28, sbox[3]), radius=6,
                                   fill=CARD_FILL[kind])
            draw.text((sbox[0] + 14, (sbox[1] + sbox[3]) / 2), CARD_LETTER[kind],
                      font=font(16, bold=True), fill=WHITE, anchor="mm")


# --- the board ---
def board(view: dict[str, Any], *, highlight: str | list[str] | None = None) -> Image.Image:
    """The public board of ``view`` (private keys are never read)."""
    base, layout = static_layer(static_key(view))
    image = base.copy()
    image.info[PALETTE_HINT] = base.info[PALETTE_HINT]
    draw = canvas_draw(image)
    places: dict[str, Box] = dict(layout.boxes)
    dice_boxes: dict[tuple[str, str], Box] = {}
    players = view.get("players") or []

    _draw_header(draw, view)
    _draw_disc(draw, view)
    for section in view.get("sections") or []:
        _draw_section(draw, view, section, dice_boxes)
    _draw_side(draw, view, places)
    _draw_temple(draw, view, places)
    _draw_osiris(draw, view)
    _draw_market(draw, view, places)
    for index, player in enumerate(players[:static_key(view)[0]]):
        _draw_player(draw, view, player, _strip_box(layout, index))
    if highlight:
        _draw_highlights(draw, highlight, places, dice_boxes)
    return image


def _name(view: dict[str, Any], seat: int) -> str:
    if view.get("bot_seat") == seat and view.get("solo"):
        return "Botankhamun"
    return f"Seat {seat + 1} ({seat_style(seat).letter})"


def _draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    draw.text((MARGIN, 46), f"Round {view.get('round', '?')}/16 · Rotations "
              f"{view.get('rotations', 0)}/8", font=font(20, bold=True), fill=CREAM)
    phase = view.get("phase", "")
    step = view.get("step") or ""
    text = PHASES.get(phase, phase) + (f" · step {step}" if step else "")
    draw.text((MARGIN, 76), fit_text(text, font(16), 310), font=font(16), fill=CREAM)
    seats = view.get("seats", 0)
    mode = f"Solo vs Botankhamun ({view.get('options', {}).get('solo_difficulty', '?')})" \
        if view.get("solo") else f"{seats} seats"
    mode += f" · Maat phases {view.get('maat_phases', 0)}/4"
    draw.text((MARGIN, 110), fit_text(mode, font(15), 310), font=font(15), fill=CREAM_SOFT,
              anchor="lm")

    x = 372
    for seat in (view.get("turn_order") or [])[:5]:
        _token(draw, (x, 44), seat, size=28)
        x += 40
    acting = list(view.get("acting") or [])
    x = 372
    for seat in acting[:5]:
        _token(draw, (x, 104), seat, size=28)
        x += 40
    if len(acting) == 1:
        draw.text((x - 16, 104), _name(view, acting[0]), font=font(16, bold=True), fill=CREAM,
                  anchor="lm")
    elif not acting:
        draw.text((358, 104), "nobody", font=font(16), fill=CREAM, anchor="lm")

    turn = view.get("turn")
    if turn:
        seat = turn.get("seat", 0)
        _token(draw, (732, 48), seat, size=30)
        draw.text((754, 48), _name(view, seat), font=font(17, bold=True), fill=CREAM,
                  anchor="lm")
        held = turn.get("die")
        if held:
            _die(draw, (716, 70), held.get("colour", "grey"), held.get("value", 0), size=40)
            where = GOD_NAMES.get(held.get("section"), held.get("section") or "?")
            draw.text((766, 80), f"{held.get('colour')} {held.get('value')} from {where}",
                      font=font(15, bold=True), fill=CREAM, anchor="lm")
            kind = "Anubis" if turn.get("anubis") else held.get("purity", "")
            action = turn.get("action")
            action = GOD_NAMES.get(action, action) if action else "choosing"
            draw.text((766, 102), f"{kind} · action: {action}", font=font(15), fill=CREAM_SOFT,
                      anchor="lm")
        else:
            draw.text((716, 86), "no die taken yet", font=font(15), fill=CREAM_SOFT,
                      anchor="lm")
    else:
        draw.text((716, 48), "—", font=font(17), fill=CREAM, anchor="lm")

    decks = view.get("decks") or {}
    discards = view.get("discards") or {}
    for index, kind in enumerate(("blessing", "technology", "decree")):
        y = 42 + index * 26
        draw.rectangle((1046, y - 9, 1064, y + 9), fill=CARD_FILL[kind])
        draw.text((1055, y), CARD_LETTER[kind], font=font(14, bold=True), fill=WHITE,
                  anchor="mm")
        draw.text((1072, y), f"{kind.title()} {decks.get(kind, 0)} ({discards.get(kind, 0)})",
                  font=font(16), fill=CREAM, anchor="lm")


def _die(draw: ImageDraw.ImageDraw, xy: tuple[float, float], colour: str, value: int,
         size: int = DIE, code: bool = True) -> Box:
    """A die: its colour, its value and (large dice) a colour code for colour-blind readers."""
    x, y = round(xy[0]), round(xy[1])
    sprite, mask = _die_sprite(colour, int(value), size, code)
    canvas = getattr(draw, "canvas", None)
    if canvas is not None:
        canvas.paste(sprite, (x, y), mask)
    return (x, y, x + size, y + size)


def _draw_disc(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """The obelisk disc: each section's light, the arrow (a cached sprite per disc state)."""
    lights = {s.get("god"): s.get("light", "shaded") for s in view.get("sections") or []}
    arrow = (view.get("disc") or {}).get("arrow")
    sprite, mask = _disc_sprite(tuple(lights.get(god, "shaded") for god in GODS), arrow)
    canvas = getattr(draw, "canvas", None)
    if canvas is not None:
        canvas.paste(sprite, (DISC_CX - DISC_R - 6, DISC_CY - DISC_R - 6), mask)


@functools.lru_cache(maxsize=64)
def _disc_sprite(lights: tuple[str, ...], arrow: str | None
                 ) -> tuple[Image.Image, Image.Image]:
    r = DISC_R
    c = r + 6
    sprite = Image.new("RGB", (2 * c + 1, 2 * c + 1), (120, 98, 66))
    mask = Image.new("L", sprite.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, 2 * c, 2 * c), fill=255)
    draw = ImageDraw.Draw(sprite)
    for god, light in zip(GODS, lights, strict=True):
        angle = WEDGE_ANGLE[god]
        fill = LIGHT_FILL.get(light, (200, 200, 200))
        draw.pieslice((c - r, c - r, c + r, c + r), angle - 30, angle + 30, fill=fill,
                      outline=(80, 64, 44), width=2)
        rad = math.radians(angle)
        tx, ty = c + r * 0.62 * math.cos(rad), c + r * 0.62 * math.sin(rad)
        ink = text_on(fill)
        draw.text((tx, ty - 10), light.upper(), font=font(15, bold=True), fill=ink,
                  anchor="mm")
        draw.text((tx, ty + 10), GOD_NAMES[god], font=font(14), fill=ink, anchor="mm")
    if arrow in WEDGE_ANGLE:
        rad = math.radians(WEDGE_ANGLE[arrow])
        draw.arc((c - r - 3, c - r - 3, c + r + 3, c + r + 3), WEDGE_ANGLE[arrow] - 28,
                 WEDGE_ANGLE[arrow] + 28, fill=GOLD, width=8)
        tip = (c + (r * 0.44) * math.cos(rad), c + (r * 0.44) * math.sin(rad))
        side = math.radians(WEDGE_ANGLE[arrow] + 90)
        base = (c + 30 * math.cos(rad), c + 30 * math.sin(rad))
        draw.polygon([tip, (base[0] + 11 * math.cos(side), base[1] + 11 * math.sin(side)),
                      (base[0] - 11 * math.cos(side), base[1] - 11 * math.sin(side))],
                     fill=GOLD, outline=INK)
    draw.ellipse((c - 34, c - 34, c + 34, c + 34), fill=(92, 74, 50), outline=GOLD, width=3)
    draw.text((c, c - 8), "arrow", font=font(14), fill=CREAM, anchor="mm")
    draw.text((c, c + 10), GOD_NAMES.get(arrow, "?"), font=font(14, bold=True), fill=GOLD,
              anchor="mm")
    return sprite, mask


def _disc_connectors(draw: ImageDraw.ImageDraw) -> None:
    cx, cy, r = DISC_CX, DISC_CY, DISC_R
    for god in GODS:
        rad = math.radians(WEDGE_ANGLE[god])
        bx, by = SECTION_BOX[god]
        ex = bx + SEC_W if bx < cx else bx
        ey = min(max(cy + (r + 4) * math.sin(rad), by + 20), by + SEC_H - 20)
        draw.line((cx + (r + 6) * math.cos(rad), cy + (r + 6) * math.sin(rad), ex, ey),
                  fill=(120, 98, 66), width=3)


def _draw_section(draw: ImageDraw.ImageDraw, view: dict[str, Any], section: dict[str, Any],
                  dice_boxes: dict[tuple[str, str], Box]) -> None:
    god = section.get("god")
    if god not in SECTION_BOX:
        return
    x, y = SECTION_BOX[god]
    light = section.get("light", "shaded")
    fill = LIGHT_FILL.get(light, (200, 200, 200))
    draw.rounded_rectangle((x + 2, y + 2, x + SEC_W - 2, y + 30), radius=9, fill=fill)
    ink = text_on(fill)
    draw.text((x + 10, y + 16), f"{GOD_NAMES[god]}", font=font(19, bold=True), fill=ink,
              anchor="lm")
    draw.text((x + 10 + _length(GOD_NAMES[god], 19, True) + 8, y + 17),
              f"({god}) · {light}", font=font(14), fill=ink, anchor="lm")
    marker = section.get("scoring_marker")
    if marker:
        mx = x + SEC_W - 22
        draw.ellipse((mx - 14, y + 3, mx + 14, y + 29), fill=GOLD, outline=INK, width=2)
        draw.text((mx, y + 16), str(marker), font=font(15, bold=True), fill=INK, anchor="mm")
    # god statues on this god's area
    owners = list((view.get("god_statues") or {}).get(god) or [])
    spaces = max(int(view.get("god_statue_spaces") or 0), len(owners))
    sx = x + SEC_W - 14
    for index in reversed(range(spaces)):
        if index < len(owners):
            _token(draw, (sx - 9, y + 45), owners[index], size=20)
        else:
            draw.ellipse((sx - 18, y + 36, sx, y + 54), outline=INK_SOFT, width=2)
        sx -= 26
    # dice by purity row
    rows: dict[str, list[dict[str, Any]]] = {p: [] for p in PURITIES}
    for die in section.get("dice") or []:
        rows.setdefault(die.get("purity", "tainted"), []).append(die)
    avail = SEC_W - ROW_LABEL_W - 14
    for row, purity in enumerate(PURITIES):
        dice = sorted(rows.get(purity, []), key=lambda d: (d.get("colour", ""),
                                                           d.get("value", 0)))
        if not dice:
            continue
        ry = y + 60 + row * DIE_STEP
        n = len(dice)
        if n * DIE_X_STEP <= avail + 4:
            size, step, code = DIE, DIE_X_STEP, True
        else:
            size, code = 32, False
            step = min(size + 2, (avail - size) / max(1, n - 1))
        dx = x + ROW_LABEL_W
        for index, die in enumerate(dice):
            top = ry + (DIE_STEP - 2 - size) / 2
            box = _die(draw, (dx + index * step, top), die.get("colour", "grey"),
                       int(die.get("value", 0)), size=size, code=code)
            dice_boxes.setdefault((god, f"{die.get('colour')}{die.get('value')}"), box)


def _draw_side(draw: ImageDraw.ImageDraw, view: dict[str, Any], places: dict[str, Box]
               ) -> None:
    # Horus track
    y = OB_Y + 32
    for slot in (view.get("horus_track") or [])[:6]:
        value = slot.get("value", 0)
        draw.rounded_rectangle((SIDE_X + 10, y, SIDE_X + 34, y + 22), radius=4, fill=INK)
        draw.text((SIDE_X + 22, y + 11), str(value), font=font(15, bold=True), fill=WHITE,
                  anchor="mm")
        god = slot.get("god", "")
        draw.text((SIDE_X + 42, y + 11), GOD_NAMES.get(god, god), font=font(15, bold=True),
                  fill=INK, anchor="lm")
        bonus = ", ".join(f"+{n} {k}" for k, n in (slot.get("bonus") or {}).items())
        draw.text((SIDE_X + 118, y + 11), fit_text(bonus or "—", font(15), SIDE_W - 126),
                  font=font(15), fill=INK, anchor="lm")
        y += 25
    # Ra display
    for index, tile in enumerate((view.get("ra_display") or [])[:3]):
        box = _ra_slot_box(index)
        cx = (box[0] + box[2]) // 2
        if not tile:
            draw.text((cx, box[1] + 60), "empty", font=font(15), fill=INK_SOFT, anchor="mm")
            continue
        places[tile] = box
        data = PILLARS.get(tile)
        edges = dict(zip(("N", "E", "S", "W"), data.edges, strict=True)) if data else {}
        _pillar_tile(draw, (cx - 30, box[1] + 20, cx + 30, box[1] + 80), tile, None, edges,
                     bar=13)
        if data:
            lines = [(data.light if data.light != "none" else "no light", True),
                     (f"cost {data.limestone}L {data.granite}G", False),
                     (ABILITY_SHORT.get(data.ability, data.ability).format(**data.params),
                      False)]
        else:
            lines = []
        for k, (line, bold) in enumerate(lines):
            draw.text((cx, box[1] + 91 + k * 17), fit_text(line, font(14, bold=bold),
                                                           box[2] - box[0]),
                      font=font(14, bold=bold), fill=INK, anchor="mm")
    # scoring markers, pile, bag, destiny
    y = OB_Y + 2 * (SEC_H + SEC_GAP) + 32
    parts = []
    for marker in view.get("scoring_markers") or []:
        where = GOD_NAMES.get(marker.get("god"), marker.get("god"))
        parts.append(f"{marker.get('id')} at {where}" + (" ✓ scored" if marker.get("scored")
                                                          else ""))
    lines = _items(parts or ["—"], font(15), SIDE_W - 20, max_lines=2, sep=" · ")
    lines += [f"Pillar pile: {view.get('pillar_pile', 0)} tiles"]
    bag = view.get("bag") or {}
    bag_items = [f"{colour} {bag.get(colour, 0)}" for colour in DIE_FILL if colour in bag]
    lines += _items(["Bag: " + (bag_items[0] if bag_items else "empty"), *bag_items[1:]],
                        font(15), SIDE_W - 20, max_lines=2, sep=" · ")
    destiny = [f"{card} (ankh {DESTINY_ANKH.get(card, '?')})"
               for card in view.get("destiny_available") or []]
    if destiny:
        lines += _items(["Destiny: " + destiny[0], *destiny[1:]], font(15), SIDE_W - 20,
                            max_lines=2, sep=" · ")
    for index, line in enumerate(lines[:8]):
        draw.text((SIDE_X + 10, y + index * 20), line, font=font(15), fill=INK)


def _pillar_tile(draw: ImageDraw.ImageDraw, box: Box, tile: str, owner: int | None,
                 edges: dict[str, str], bar: int = 15) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=TILE_FILL, outline=INK, width=1)
    fnt = font(14, bold=True)
    bars = {"N": (x0, y0, x1, y0 + bar), "S": (x0, y1 - bar, x1, y1),
            "W": (x0, y0, x0 + bar, y1), "E": (x1 - bar, y0, x1, y1)}
    for side in ("W", "E", "N", "S"):
        colour = edges.get(side)
        if colour not in EDGE_FILL:
            continue
        bx0, by0, bx1, by1 = bars[side]
        if side in ("W", "E"):
            by0, by1 = y0 + bar, y1 - bar
        draw.rectangle((bx0, by0, bx1, by1), fill=EDGE_FILL[colour])
        draw.text(((bx0 + bx1) / 2, (by0 + by1) / 2), EDGE_CODE[colour], font=fnt,
                  fill=WHITE, anchor="mm")
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if owner is not None:
        _token(draw, (cx, cy - 9), owner, size=24)
        draw.text((cx, cy + 14), tile, font=font(14, bold=True), fill=INK, anchor="mm")
    else:
        draw.text((cx, cy), tile, font=font(14, bold=True), fill=INK, anchor="mm")


def _draw_temple(draw: ImageDraw.ImageDraw, view: dict[str, Any], places: dict[str, Box]
                 ) -> None:
    for space, pillar in (view.get("temple") or {}).items():
        if not pillar or space not in places:
            continue
        box = places[space]
        owner = pillar.get("owner")
        inner = (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2)
        if owner is not None:
            draw.rectangle(box, fill=seat_style(owner).colour)
        _pillar_tile(draw, inner, pillar.get("tile", "?"), owner, pillar.get("edges") or {})
        if pillar.get("tile"):
            places.setdefault(pillar["tile"], box)
    for space, building in (view.get("temple_buildings") or {}).items():
        box = places.get(space)
        if box is None or not building:
            continue
        owner = building.get("owner")
        if owner is not None:
            _token(draw, (box[2] - 16, box[1] + 16), owner, size=22)
    for space, statue in (view.get("people_statues") or {}).items():
        box = places.get(space)
        if box is None or not statue:
            continue
        owner = statue.get("owner")
        gold = int(statue.get("gold") or 0)
        if owner is not None:
            _token(draw, (box[2] - 16, box[3] - 16), owner, size=22)
        if gold and space.startswith("pt"):
            _gold(draw, (box[0] + 6, box[1] + 40), gold)
        elif gold:
            _gold(draw, (box[2] - 84, box[1] + 8), gold)


def _gold(draw: ImageDraw.ImageDraw, xy: tuple[int, int], amount: int) -> None:
    x, y = xy
    draw.ellipse((x, y, x + 16, y + 16), fill=GOLD, outline=INK)
    draw.text((x + 20, y + 8), f"{amount} gold", font=font(14, bold=True), fill=INK,
              anchor="lm")


def _draw_osiris(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    for space, owner in (view.get("osiris") or {}).items():
        if owner is None or not space.startswith("o") or "_" not in space:
            continue
        row_text, district = space[1:].split("_", 1)
        if not row_text.isdigit() or district not in DISTRICTS:
            continue
        box = _osiris_box(int(row_text), district)
        _token(draw, (box[2] - 18, box[3] - 18), owner, size=26)
    y = O_ROWS_Y + O_ROW_H
    if view.get("row2_gold"):
        draw.ellipse((O_X + 26, y + O_ROW_H - 24, O_X + 42, y + O_ROW_H - 8), fill=GOLD,
                     outline=INK)
        draw.text((O_X + 46, y + O_ROW_H - 16), f"1st: +{int(view['row2_gold'])} gold",
                  font=font(14, bold=True), fill=INK, anchor="lm")
    else:
        draw.text((O_X + 26, y + O_ROW_H - 16), "1st gold taken", font=font(14),
                  fill=INK_SOFT, anchor="lm")


def _draw_market(draw: ImageDraw.ImageDraw, view: dict[str, Any], places: dict[str, Box]
                 ) -> None:
    for index, section in enumerate((view.get("market") or [])[:4]):
        box = _market_box(index)
        if not section.get("open"):
            draw.rounded_rectangle((box[0] + 4, box[1] + M_HEAD_H, box[2] - 4, box[3] - 4),
                                   radius=8, fill=CLOSED_FILL)
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 10), "not open yet",
                      font=font(18, bold=True), fill=INK_SOFT, anchor="mm")
            continue
        for slot_index, slot in enumerate((section.get("slots") or [])[:4]):
            sbox = _slot_box(index, slot_index)
            card = slot.get("card")
            if not card:
                draw.text((sbox[0] + 38, (sbox[1] + sbox[3]) / 2), f"empty {slot.get('type')}",
                          font=font(14), fill=INK_SOFT, anchor="lm")
                continue
            places[card] = sbox
            draw.text((sbox[0] + 36, sbox[1] + 11), card, font=font(16, bold=True), fill=INK,
                      anchor="lm")
            text = CARD_TEXT.get(card, "")
            if card in DECREE_SYMBOL:
                draw.text((sbox[2] - 8, sbox[1] + 11), f"symbol {DECREE_SYMBOL[card]}",
                          font=font(14), fill=INK_SOFT, anchor="rm")
            lines = _wrap(text, 14, sbox[2] - sbox[0] - 44, 2)
            for k, line in enumerate(lines):
                draw.text((sbox[0] + 36, sbox[1] + 29 + k * 16), line, font=font(14),
                          fill=INK, anchor="lm")
    # below the market: Starting cards (setup draft)
    y = M_Y + TITLE_H + M_H + 8
    starting = view.get("starting_cards") or []
    if starting:
        items = [f"{c} ({STARTING_INITIATIVE.get(c, '?')}: {STARTING_TEXT.get(c, '')})"
                 for c in starting]
        lines = _items(["Starting cards: " + items[0], *items[1:]], font(14), INNER_W,
                           max_lines=3, sep=" · ")
    else:
        lines = _log_lines(view)
    for index, line in enumerate(lines):
        draw.text((MARGIN, y + index * 18), line, font=font(14), fill=INK)


def _log_lines(view: dict[str, Any]) -> list[str]:
    """The last VP changes (scoring_log), newest first."""
    log = [entry for entry in view.get("scoring_log") or [] if len(entry) >= 3]
    if not log:
        return []
    items = []
    for seat, vp, reason in reversed(log[-12:]):
        who = _name(view, int(seat)) if isinstance(seat, int) else str(seat)
        items.append(f"{who} {int(vp):+d} ({reason})")
    return _items(["Latest VP: " + items[0], *items[1:]], font(14), INNER_W, max_lines=3,
                      sep=" · ")


def _bar(draw: ImageDraw.ImageDraw, xy: tuple[int, int], value: int, colour: RGB) -> None:
    """A 0-21 track with the market triangles under it (a cached sprite on the strip fill)."""
    canvas = getattr(draw, "canvas", None)
    if canvas is None or canvas.mode != "RGB":
        _draw_bar(draw, xy, value, colour)
        return
    canvas.paste(_bar_sprite(max(0, min(21, value)), colour), xy)


@functools.lru_cache(maxsize=128)
def _bar_sprite(value: int, colour: RGB) -> Image.Image:
    sprite = Image.new("RGB", (22 * 10 + 1, 20), PANEL_FILL)
    _draw_bar(ImageDraw.Draw(sprite), (0, 0), value, colour)
    return sprite


def _draw_bar(draw: ImageDraw.ImageDraw, xy: tuple[int, int], value: int, colour: RGB) -> None:
    x, y = xy
    cell = 10
    draw.rectangle((x, y, x + 22 * cell, y + 12), fill=WHITE, outline=INK_SOFT)
    fill = max(0, min(21, value))
    if fill:
        draw.rectangle((x + 1, y + 1, x + (fill + 1) * cell - 1, y + 11), fill=colour)
    for tri in TRIANGLES:
        tx = x + tri * cell + cell // 2
        draw.polygon([(tx, y + 13), (tx - 4, y + 19), (tx + 4, y + 19)], fill=INK)


def _production(draw: ImageDraw.ImageDraw, xy: tuple[int, int], levels: tuple[int, ...]
                ) -> None:
    """The four production tracks (resource, name, steps 2-6 with the level marked); a cached
    sprite on the strip fill when drawing on the board (levels change a few times a game)."""
    canvas = getattr(draw, "canvas", None)
    if canvas is not None and canvas.mode == "RGB":
        canvas.paste(_production_sprite(levels), xy)
    else:
        _draw_production(draw, xy, levels)


@functools.lru_cache(maxsize=256)
def _production_sprite(levels: tuple[int, ...]) -> Image.Image:
    sprite = Image.new("RGB", (200, 4 * 27), PANEL_FILL)
    _draw_production(canvas_draw(sprite), (0, 0), levels)
    return sprite


def _draw_production(draw: ImageDraw.ImageDraw, xy: tuple[int, int], levels: tuple[int, ...]
                     ) -> None:
    x0, y0 = xy
    for index, (res, level) in enumerate(zip(RESOURCES, levels, strict=True)):
        y = y0 + 9 + index * 27
        draw.rectangle((x0, y - 8, x0 + 16, y + 8), fill=RES_FILL[res], outline=INK)
        draw.text((x0 + 22, y), res, font=font(14), fill=INK, anchor="lm")
        for step in range(2, 7):
            sx = x0 + 96 + (step - 2) * 20
            filled = TRACK_FILL.get(res, RES_FILL[res]) if step <= level else WHITE
            draw.rectangle((sx, y - 9, sx + 18, y + 9), fill=filled, outline=INK_SOFT)
            if step == level:
                draw.text((sx + 9, y), str(step), font=font(14, bold=True),
                          fill=text_on(filled), anchor="mm")


def _draw_player(draw: ImageDraw.ImageDraw, view: dict[str, Any], player: dict[str, Any],
                 box: Box) -> None:
    x0, y0, x1, y1 = box
    seat = int(player.get("seat", 0))
    acting = seat in (view.get("acting") or [])
    final = view.get("final") or {}
    places = final.get("places") or []
    place = places[seat] if seat < len(places) else None
    if place == 1:
        draw.rounded_rectangle((x0 + 3, y0 + 3, x0 + 192, y1 - 3), radius=8, fill=WINNER_FILL)
    elif acting:
        draw.rounded_rectangle((x0 + 3, y0 + 3, x0 + 192, y1 - 3), radius=8, fill=ACTING_FILL)
    style = seat_style(seat)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, outline=style.colour, width=3)
    _token(draw, (x0 + 30, y0 + 32), seat, size=38)
    bot = bool(player.get("is_bot"))
    title = "Botankhamun" if bot else f"Seat {seat + 1} ({style.letter})"
    size = next((s for s in (18, 16, 15) if _length(title, s, True) <= 132), 15)
    draw.text((x0 + 58, y0 + 24), fit_text(title, font(size, bold=True), 132),
              font=font(size, bold=True), fill=INK, anchor="lm")
    draw.text((x0 + 58, y0 + 46), style.colour_name + (" · bot" if bot else ""),
              font=font(14), fill=INK_SOFT, anchor="lm")
    draw.text((x0 + 12, y0 + 84), f"VP {player.get('vp', 0)}", font=font(26, bold=True),
              fill=INK, anchor="lm")
    order = view.get("turn_order") or []
    marks = []
    if seat in order:
        marks.append(f"order {order.index(seat) + 1}/{len(order)}")
    if view.get("current") == seat:
        marks.append("☥ turn")
    elif acting:
        marks.append("▶ acting")
    if place:
        marks = [f"{_ordinal(place)} place" + (" ★" if place == 1 else "")]
    draw.text((x0 + 12, y0 + 116), " · ".join(marks), font=font(15, bold=True), fill=INK,
              anchor="lm")
    if player.get("answered") and view.get("phase") in ("maat", "setup"):
        draw.text((x0 + 12, y0 + 138), "✓ answered", font=font(14), fill=INK_SOFT,
                  anchor="lm")

    # populace
    px = x0 + 204
    happiness, population = int(player.get("happiness", 0)), int(player.get("population", 0))
    draw.text((px, y0 + 40), f"Happiness {happiness}", font=font(16, bold=True), fill=INK,
              anchor="lm")
    _bar(draw, (px, y0 + 52), happiness, HAPPY_BAR)
    draw.text((px, y0 + 86), f"Population {population}", font=font(16, bold=True), fill=INK,
              anchor="lm")
    _bar(draw, (px, y0 + 98), population, POP_BAR)
    reach = sum(1 for h in MARKET_HAPPINESS if happiness >= h)
    flags = player.get("flags") or {}
    got = [str(k[1:]) for k in ("h16", "h19", "h21") if flags.get(k)]
    line = f"market 1–{reach}" if reach > 1 else ("market 1" if reach else "no market")
    if got:
        line += " · bonus " + ", ".join(got) + " ✓"
    draw.text((px, y0 + 136), line, font=font(14), fill=INK_SOFT, anchor="lm")

    if bot:
        _draw_bot(draw, view, player, box)
        return
    # production tracks and resources
    rx = x0 + 454
    production = player.get("production") or {}
    resources = player.get("resources") or {}
    _production(draw, (rx, y0 + 31), tuple(int(production.get(res, 0)) for res in RESOURCES))
    for index, res in enumerate(RESOURCES):
        draw.text((rx + 206, y0 + 40 + index * 27), str(resources.get(res, 0)),
                  font=font(17, bold=True), fill=INK, anchor="lm")

    _draw_scales(draw, player, (x0 + 736, y0))

    # supply and cards
    ex = x0 + 1010
    width = x1 - ex - 10
    lines = [(f"Gold {player.get('gold', 0)} · Scribes {player.get('scribes', 0)} · "
              f"Faith {player.get('faith', 0)}", True),
             (f"Left: {player.get('buildings_left', 0)} bldg · {player.get('pillars_left', 0)} "
              f"pillars · {player.get('statues_left', 0)} statues", False)]
    destiny = player.get("destiny")
    decrees = f"Decrees {player.get('decrees', 0)}"
    revealed = player.get("decrees_revealed")
    if revealed is not None:
        decrees += " revealed: " + (" ".join(revealed) or "none")
    elif player.get("decrees_known"):
        decrees += " · known " + " ".join(player["decrees_known"])
    lines.append((decrees, False))
    other = []
    if destiny:
        ankh = player.get("ankh")
        ankh = DESTINY_ANKH.get(destiny, "?") if ankh is None else ankh
        other.append(f"Destiny {destiny} (ankh {ankh})")
    starting = player.get("starting") or []
    if starting:
        other.append("Starting " + " ".join(starting))
    lines.append((" · ".join(other) or "Destiny —", False))
    for label, key in (("Blessings", "blessings"), ("Tech.", "technologies")):
        cards = list(player.get(key) or [])
        items = [f"{label} {cards[0]}" if cards else f"{label} —", *cards[1:]]
        lines += [(line, False) for line in _items(items, font(14), width, max_lines=1,
                                                       sep=" ")]
    for index, (line, bold) in enumerate(lines[:6]):
        draw.text((ex, y0 + 40 + index * 20), fit_text(line, font(14, bold=bold), width),
                  font=font(14, bold=bold), fill=INK, anchor="lm")


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def _draw_scales(draw: ImageDraw.ImageDraw, player: dict[str, Any], origin: tuple[int, int]
                 ) -> None:
    sx, y0 = origin
    scales = player.get("scales") or {}
    rows = (("left", scales.get("left") or [], 0), ("right", scales.get("right") or [],
                                                     int(scales.get("excess") or 0)),
            ("below", scales.get("below") or [], 0))
    for index, (label, dice, excess) in enumerate(rows):
        y = y0 + 40 + index * 30
        draw.text((sx, y), label, font=font(14, bold=True), fill=INK_SOFT, anchor="lm")
        x = sx + 54
        step = 30 if len(dice) <= 5 else 150 / len(dice)
        for k, die in enumerate(dice):
            _die(draw, (x + k * step, y - 13), die.get("colour", "grey"),
                 int(die.get("value", 0)), size=26, code=False)
        x += max(0, len(dice) - 1) * step + (32 if dice else 0)
        if excess:
            draw.text((x + 2, y), f"+{excess} excess", font=font(14), fill=INK, anchor="lm")
    balance = int(player.get("balance") or 0)
    text = f"balance {balance:+d}"
    draw.text((sx, y0 + 136), text, font=font(16, bold=True),
              fill=(170, 30, 30) if balance < 0 else INK, anchor="lm")
    extra = []
    faith_left, faith_right = int(scales.get("faith_left") or 0), \
        int(scales.get("faith_right") or 0)
    if faith_left or faith_right:
        extra.append(f"faith {faith_left}L/{faith_right}R")
    if player.get("maat") is not None:
        extra.append(f"Maat {int(player['maat']):+d}")
    if extra:
        draw.text((sx + 6 + _length(text, 16, True), y0 + 136), " · ".join(extra),
                  font=font(14), fill=INK, anchor="lm")


def _draw_bot(draw: ImageDraw.ImageDraw, view: dict[str, Any], player: dict[str, Any],
              box: Box) -> None:
    """Botankhamun: the action-tile pyramid (Progress marker), Deben, its dice and supply."""
    x0, y0, x1, _y1 = box
    bot = view.get("bot") or {}
    bx = x0 + 454
    pyramid = list(bot.get("pyramid") or [])
    progress = bot.get("progress")
    tile_w, tile_h = 60, 26
    index = 0
    for row, width in enumerate((4, 3, 2, 1)):
        y = y0 + 148 - row * (tile_h + 4) - tile_h
        for col in range(width):
            x = bx + row * (tile_w + 4) // 2 + col * (tile_w + 4)
            tile = pyramid[index] if index < len(pyramid) else "?"
            reached = progress is not None and index == progress
            draw.rounded_rectangle((x, y, x + tile_w, y + tile_h), radius=4,
                                   fill=ACTING_FILL if reached else WHITE,
                                   outline=HIGHLIGHT if reached else INK_SOFT,
                                   width=3 if reached else 1)
            draw.text((x + tile_w / 2, y + tile_h / 2), tile, font=font(14, bold=reached),
                      fill=INK, anchor="mm")
            index += 1
    ix = x0 + 736
    at = pyramid[progress] if progress is not None and 0 <= progress < len(pyramid) else None
    lines = [f"Progress: {'tile ' + at if at else 'left of the base'}",
             f"Deben (last flip): {bot.get('deben') or '—'}",
             f"Difficulty: {bot.get('difficulty') or '—'}"]
    for k, line in enumerate(lines):
        draw.text((ix, y0 + 40 + k * 22), fit_text(line, font(15), 260), font=font(15),
                  fill=INK, anchor="lm")
    dice = bot.get("dice") or []
    draw.text((ix, y0 + 120), "dice:" if dice else "dice: none", font=font(14, bold=True),
              fill=INK_SOFT, anchor="lm")
    for k, die in enumerate(dice[:6]):
        _die(draw, (ix + 44 + k * 30, y0 + 107), die.get("colour", "grey"),
             int(die.get("value", 0)), size=26, code=False)
    ex = x0 + 1010
    lines = [f"Card pile: {player.get('bot_cards', 0)} cards",
             f"Scribes {player.get('scribes', 0)} · Gold {player.get('gold', 0)}",
             f"Buildings left {player.get('buildings_left', 0)}",
             f"Pillars left {player.get('pillars_left', 0)}",
             f"Statues left {player.get('statues_left', 0)}"]
    for k, line in enumerate(lines):
        draw.text((ex, y0 + 40 + k * 20), fit_text(line, font(14), x1 - ex - 10),
                  font=font(14), fill=INK, anchor="lm")


def _draw_highlights(draw: ImageDraw.ImageDraw, highlight: str | list[str],
                     places: dict[str, Box], dice_boxes: dict[tuple[str, str], Box]) -> None:
    items = [highlight] if isinstance(highlight, str) else list(highlight)
    boxes: list[Box] = []
    for item in items:
        parts = [p for p in str(item).split(":") if p]
        if len(parts) == 3 and parts[0] in ("die", "anubis"):
            # the die itself while it lies there, else (taken) its section
            found = dice_boxes.get((parts[1], parts[2])) or places.get(parts[1])
            if found:
                boxes.append(found)
        elif len(parts) == 2 and parts[0] in ("section", "refresh"):
            if f"section:{parts[1]}" in places:
                boxes.append(places[f"section:{parts[1]}"])
        else:
            boxes += [places[part] for part in parts
                      if part in places and not part.startswith("section:")]
    for box in dict.fromkeys(boxes):
        draw.rounded_rectangle((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), radius=8,
                               outline=HIGHLIGHT, width=5)


# --- private panel ---
PANEL_W = 900
ROW_H = 46


def panel(private_view: dict[str, Any]) -> Image.Image:
    """One seat's cards: secret Decrees, Blessings, Technologies, drawn cards, sealed answer."""
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = int(me["seat"])
    player = next((p for p in private_view.get("players", []) if p.get("seat") == seat), {})
    groups = [
        ("Decrees · secret, scored at game end (≤ 3, distinct symbols)", "decree",
         list(me.get("decrees") or [])),
        ("Blessings · one use each", "blessing", list(player.get("blessings") or [])),
        ("Technologies · permanent", "technology", list(player.get("technologies") or [])),
    ]
    drawn = list(me.get("drawn") or [])
    if drawn:
        groups.append(("Drawn (Starting card S05/S06): keep one", "drawn", drawn))
    rows = sum(max(1, len(cards)) for _t, _k, cards in groups)
    height = 120 + 28 * (bool(player.get("destiny")) + bool(player.get("starting"))) \
        + len(groups) * 40 + rows * ROW_H + 110
    image = Image.new("RGB", (PANEL_W, height), BG)
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 104), fill=HEADER_BG)
    _token(draw, (44, 42), seat, size=48)
    style = seat_style(seat)
    draw.text((80, 26), f"Your cards · Seat {seat + 1} ({style.letter}, {style.colour_name})",
              font=font(24, bold=True), fill=CREAM, anchor="lm")
    phase = PHASES.get(private_view.get("phase", ""), private_view.get("phase", ""))
    draw.text((80, 56), f"Tekhenu · Round {private_view.get('round', '?')}/16 · {phase}",
              font=font(16), fill=CREAM_SOFT, anchor="lm")
    stats = (f"VP {player.get('vp', 0)}   Gold {player.get('gold', 0)}   Scribes "
             f"{player.get('scribes', 0)}   Faith {player.get('faith', 0)}   Happiness "
             f"{player.get('happiness', 0)}   Population {player.get('population', 0)}")
    draw.text((20, 86), fit_text(stats, font(17, bold=True), PANEL_W - 40),
              font=font(17, bold=True), fill=GOLD, anchor="lm")

    y = 118
    destiny = player.get("destiny")
    extra = []
    if destiny:
        extra.append(f"Destiny {destiny} (ankh {DESTINY_ANKH.get(destiny, '?')}): "
                     f"{DESTINY_TEXT.get(destiny, '')}")
    if player.get("starting"):
        extra.append("Starting cards: " + ", ".join(
            f"{card} ({STARTING_TEXT.get(card, '')})" for card in player["starting"]))
    for line in extra:
        draw.text((18, y + 12), fit_text(line, font(16), PANEL_W - 36), font=font(16),
                  fill=INK, anchor="lm")
        y += 28
    for title, kind, cards in groups:
        draw.text((18, y + 16), title, font=font(17, bold=True), fill=INK, anchor="lm")
        y += 36
        if not cards:
            draw.text((30, y + ROW_H // 2 - 3), "none", font=font(16), fill=INK_SOFT,
                      anchor="lm")
            y += ROW_H
            continue
        for card in cards:
            card_kind = kind if kind != "drawn" else {"B": "blessing", "T": "technology"}.get(
                card[:1], "decree")
            fill = CARD_FILL.get(card_kind, INK_SOFT)
            rounded_panel(draw, (16, y, PANEL_W - 16, y + ROW_H - 6), fill=PANEL_FILL,
                          outline=fill, radius=8, width=2)
            draw.rounded_rectangle((16, y, 92, y + ROW_H - 6), radius=8, fill=fill)
            mid = y + (ROW_H - 6) // 2
            draw.text((54, mid), card, font=font(18, bold=True), fill=WHITE, anchor="mm")
            text = CARD_TEXT.get(card, "")
            right = PANEL_W - 32
            if card in DECREE_SYMBOL:
                draw.text((right, mid), f"symbol {DECREE_SYMBOL[card]}",
                          font=font(16, bold=True), fill=INK, anchor="rm")
                right -= 100
            draw.text((106, mid), fit_text(text, font(16), right - 116), font=font(16),
                      fill=INK, anchor="lm")
            y += ROW_H
        y += 4

    y += 8
    sealed = me.get("sealed")
    rounded_panel(draw, (16, y, PANEL_W - 16, y + 70), fill=(232, 238, 250),
                  outline=CARD_FILL["technology"], radius=10, width=2)
    if sealed:
        label, sub = f"Your sealed answer: {sealed}", "secret until every seat has answered"
    else:
        label, sub = "No sealed answer pending", \
            "Decree keep (setup) and Maat Faith are sealed; answer in your DM or with /play"
    draw.text((32, y + 22), fit_text(label, font(19, bold=True), PANEL_W - 64),
              font=font(19, bold=True), fill=INK, anchor="lm")
    draw.text((32, y + 50), fit_text(sub, font(15), PANEL_W - 64), font=font(15),
              fill=INK_SOFT, anchor="lm")
    return image
