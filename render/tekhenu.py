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

import lang
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    RGB,
    WHITE,
    Band,
    DrawnText,
    band_height,
    canvas_draw,
    colour_swatch,
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
from rules.text import msg, term

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
GAME_NAME = "TEKHENU"  # the game's name, the same in every language

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
DIE_COLOURS = ("white", "black", "yellow", "brown", "grey")
EDGE_FILL: dict[str, RGB] = {"blue": (30, 96, 200), "red": (206, 48, 38), "green": (38, 150, 70)}
EDGE_CODE = {"blue": "B", "red": "R", "green": "G"}
CARD_FILL: dict[str, RGB] = {
    "blessing": (132, 84, 176),
    "technology": (30, 110, 170),
    "decree": (170, 60, 40),
}
CARD_LETTER = {"blessing": "B", "technology": "T", "decree": "D"}
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
PHASES = {
    "setup": term("Setup"),
    "turns": term("Turns"),
    "maat": term("Maat phase"),
    "scoring": term("Scoring"),
    "final": term("Final scoring"),
    "over": term("Game over"),
}
STEPS = {
    "gain_any": term("any resources"),
    "take": term("take a die"),
    "osiris": term("Osiris space"),
    "modify": term("adjust the die"),
    "destiny": term("Destiny card"),
    "rewards": term("rewards"),
    "ra_space": term("Pillar space"),
    "horus": term("Statue space"),
    "ra_rot": term("turn the Pillar"),
    "decree_pick": term("Decrees to score"),
    "draft": term("Starting card draft"),
    "produce_bless": term("Blessings to produce"),
    "action": term("choose the action"),
    "a03": term("Destiny card A03"),
    "hathor": term("building space"),
    "faith": term("Faith on the scales"),
    "thoth": term("market section"),
    "thoth_take": term("take cards"),
    "draw_keep": term("keep a drawn card"),
    "decree": term("keep a Decree"),
    "bread": term("feeding the people"),
    "extra_order": term("order of actions"),
    "osiris_any": term("any resource"),
    "turn_start": term("start of the turn"),
    "turn_end": term("end of the turn"),
    "pay": term("payment"),
    "d23": term("Decree card D23"),
    "t13": term("Technology card T13"),
}
# a step without a name here is not shown (never its id): the phase says enough
PURITIES = ("pure", "tainted", "forbidden")
PURITY_TEXT = {"pure": term("pure"), "tainted": term("tainted"), "forbidden": term("forbidden")}
# a section's light, in capitals as on the disc (section headers, Ra display, disc)
LIGHT_TEXT = {
    "sunny": term("SUNNY"),
    "shaded": term("SHADED"),
    "dark": term("DARK"),
    "none": term("no light"),
}
COLOUR_TEXT = {
    "white": term("white"),
    "black": term("black"),
    "yellow": term("yellow"),
    "brown": term("brown"),
    "grey": term("grey"),
}
RESOURCE_TEXT = {
    "papyrus": term("papyrus"),
    "bread": term("bread"),
    "limestone": term("limestone"),
    "granite": term("granite"),
    "gold": term("gold"),
    "faith": term("faith"),
    "scribe": term("scribe"),
    "vp": term("VP"),
}
KIND_TEXT = {
    "blessing": term("Blessing"),
    "technology": term("Technology"),
    "decree": term("Decree"),
}
SEAT_COLOUR = {
    "blue": term("colour blue"),
    "vermillion": term("colour vermillion"),
    "green": term("colour green"),
    "pink": term("colour pink"),
    "orange": term("colour orange"),
}
DIFFICULTY = {
    "easy": term("Solo vs Botankhamun (easy)"),
    "medium": term("Solo vs Botankhamun (medium)"),
    "hard": term("Solo vs Botankhamun (hard)"),
}
DIFFICULTY_WORD = {"easy": term("easy"), "medium": term("medium"), "hard": term("hard")}
DEBEN_TEXT = {"up": term("up"), "right": term("right")}
ACTION_HINT = {
    "horus": term("Statue (value → god)"),
    "ra": term("Pillar from the display"),
    "hathor": term("Temple building, +Population"),
    "bastet": term("Happiness (2 papyrus)"),
    "thoth": term("Cards from the market"),
    "osiris": term("Workshop/quarry (row = value)"),
}
SECTION_BOX: dict[str, tuple[int, int]] = {
    "horus": (LEFT_X, OB_Y),
    "osiris": (LEFT_X, OB_Y + SEC_H + SEC_GAP),
    "thoth": (LEFT_X, OB_Y + 2 * (SEC_H + SEC_GAP)),
    "ra": (RIGHT_X, OB_Y),
    "hathor": (RIGHT_X, OB_Y + SEC_H + SEC_GAP),
    "bastet": (RIGHT_X, OB_Y + 2 * (SEC_H + SEC_GAP)),
}
WEDGE_ANGLE = {god: -120 + 60 * ring for ring, god in enumerate(GODS)}  # PIL degrees


def _ability(ability: str, params: dict[str, Any], loc: str) -> str:
    """A Pillar tile's ability, short (Ra display)."""
    if ability == "population":
        return lang.t(loc, "+{n} Population", n=params.get("population", 0))
    if ability == "scribe":
        return lang.t(loc, "+{n} Scribe", n=params.get("scribe", 0))
    if ability == "happiness":
        return lang.t(loc, "+{n} Happiness", n=params.get("happiness", 0))
    if ability == "vp":
        return lang.t(loc, "+{n} VP", n=params.get("vp", 0))
    if ability == "gold":
        return lang.t(loc, "+{n} Gold", n=params.get("gold", 0))
    short = {
        "edge_bonus": term("+1 VP/match"),
        "building_bonus": term("+1/building"),
        "thoth": term("Thoth (1)"),
        "horus": term("Horus (1-3)"),
        "decree": term("draw Decree"),
        "osiris": term("Osiris (3)"),
        "double_reward": term("reward ×2"),
        "none": term("no ability"),
    }.get(ability)
    return lang.localise(short, loc) if short is not None else ability


OSIRIS_ROW_TEXT = {
    1: (term("+1 production"), term("+1 token")),
    2: (term("+1 production"), term("+1 token")),
    3: (term("+1 prod. & partner"), term("+1 token")),
    4: (term("+1 prod. & cross"), term("+1 token, +1 gold")),
    5: (term("+2 production"), term("+2 tokens")),
    6: (term("+2 prod., +1 any"), term("+2 tokens")),
}

Box = tuple[int, int, int, int]
PLAYER_TITLES = (
    (204, term("Happiness · Population")),
    (454, term("Production track · have")),
    (736, term("Scales · balance")),
    (1010, term("Supply · cards")),
)
BOT_TITLES = (
    (204, term("Happiness · Population")),
    (454, term("Action-tile pyramid")),
    (736, term("Progress · Deben · dice")),
    (1010, term("Supply")),
)


def _say(value: Any, loc: str) -> str:
    """A view value or a term said in ``loc`` (plain strings such as names stay)."""
    return lang.localise(value, loc)


# --- cached pieces (a board redraws the same tokens, dice and wrapped texts every turn) ---
@functools.lru_cache(maxsize=512)
def _length(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def _fit(
    text: str, width: int, sizes: tuple[int, ...] = (14, 13, 12), bold: bool = False
) -> tuple[str, Any]:
    """``fit_font`` with this board's body sizes (14, 13, 12 px) by default."""
    return fit_font(text, sizes, width, bold=bold)


@functools.lru_cache(maxsize=1024)
def _wrap(text: str, size: int, width: int, max_lines: int | None = None) -> tuple[str, ...]:
    return tuple(wrap_text(text, font(size), width, max_lines))


def _items(
    items: list[str],
    fnt: Any,
    width: int,
    max_lines: int | None = None,
    sep: str = " · ",
    loc: str = "en",
) -> list[str]:
    return list(_items_cached(tuple(items), fnt, width, max_lines, sep, loc))


@functools.lru_cache(maxsize=1024)
def _items_cached(
    items: tuple[str, ...], fnt: Any, width: int, max_lines: int | None, sep: str, loc: str
) -> tuple[str, ...]:
    return tuple(wrap_items(list(items), fnt, width, max_lines, sep, locale=loc))


@functools.lru_cache(maxsize=8)
def _die_codes(loc: str) -> dict[str, str]:
    """Two-letter colour codes printed on large dice, explained by the disc legend."""
    codes = lang.t(loc, "wh bk ye br gy").split()
    if len(codes) != len(DIE_COLOURS):
        codes = ["wh", "bk", "ye", "br", "gy"]
    return dict(zip(DIE_COLOURS, codes, strict=True))


@functools.lru_cache(maxsize=256)
def _token_sprite(seat: int, size: int) -> tuple[Image.Image, Image.Image, int]:
    half = size // 2 + size // 5 + 4
    sprite = Image.new("RGBA", (2 * half, 2 * half), (0, 0, 0, 0))
    seat_token(ImageDraw.Draw(sprite), (half, half), seat, size=size)
    return sprite.convert("RGB"), sprite.getchannel("A"), half


def _token(
    draw: ImageDraw.ImageDraw, center: tuple[float, float], seat: int, size: int = 26
) -> None:
    """``seat_token`` pasted from a cached sprite."""
    canvas = getattr(draw, "canvas", None)
    if canvas is None or canvas.mode != "RGB":
        seat_token(draw, center, seat, size=size)
        return
    rgb, mask, half = _token_sprite(seat, size)
    canvas.paste(rgb, (round(center[0]) - half, round(center[1]) - half), mask)


@functools.lru_cache(maxsize=512)
def _die_sprite(
    colour: str, value: int, size: int, code: str | None
) -> tuple[Image.Image, Image.Image]:
    fill = DIE_FILL.get(colour, (200, 0, 200))
    sprite = Image.new("RGB", (size + 1, size + 1), fill)
    mask = Image.new("L", sprite.size, 0)
    radius = max(3, size // 6)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size, size), radius=radius, fill=255)
    draw = ImageDraw.Draw(sprite)
    draw.rounded_rectangle(
        (0, 0, size, size), radius=radius, fill=fill, outline=INK, width=2 if size >= 30 else 1
    )
    ink = text_on(fill)
    if code:  # the value over its colour code (large dice, colour-blind readers)
        big = size >= 38
        draw.text(
            (size / 2, size * (0.36 if big else 0.34)),
            str(value),
            font=font(20 if big else 18, bold=True),
            fill=ink,
            anchor="mm",
        )
        draw.text(
            (size / 2, size * (0.80 if big else 0.75)),
            code,
            font=font(14 if big else 13),
            fill=ink,
            anchor="mm",
        )
    elif size >= 22:
        draw.text(
            (min(size / 2, 11), size / 2),
            str(value),
            font=font(17 if size >= 26 else 15, bold=True),
            fill=ink,
            anchor="mm",
        )
    return sprite, mask


# --- static layer ---
@dataclass
class Layout:
    height: int
    players_y: int
    boxes: dict[str, Box] = field(default_factory=dict)  # place id -> box (highlights)


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
    return (x + 1, y, x + CELL - 1, y + B_H)


def _people_box(space: str) -> Box:
    if space == "pt_n2":
        x = GX0 + 2 * CELL  # wider than its column: name, "people", gold and owner side by side
        return (x - 36, T_Y + TITLE_H, x + CELL + 36, T_Y + TITLE_H + B_H)
    if space == "pt_e2":
        y = GY0 + 2 * CELL
        return (T_EAST_X, y + 3, T_EAST_X + T_COL_W, y + CELL - 3)
    col = 0 if space == "po_work" else 2
    x = O_X + O_LABEL_W + col * O_COL_W
    return (x + 3, O_PEOPLE_Y, x + 2 * O_COL_W - 3, O_PEOPLE_Y + 48)


def _osiris_box(row: int, district: str) -> Box:
    x = O_X + O_LABEL_W + DISTRICTS.index(district) * O_COL_W
    y = O_ROWS_Y + (row - 1) * O_ROW_H
    return (x + 2, y + 2, x + O_COL_W - 2, y + O_ROW_H - 2)


def _market_box(index: int) -> Box:
    x = MARGIN + index * (M_W + M_GAP)
    y = M_Y + M_TITLE_H
    return (x, y, x + M_W, y + M_H)


def _slot_box(section: int, slot: int) -> Box:
    x0, y0, x1, _y1 = _market_box(section)
    y = y0 + M_HEAD_H + slot * SLOT_H
    return (x0 + 6, y, x1 - 6, y + SLOT_H - 4)


def _ra_slot_box(index: int) -> Box:
    y0 = OB_Y + SEC_H + SEC_GAP
    w = (SIDE_W - 16) // 3
    x = SIDE_X + 8 + index * w
    return (x, y0 + 28, x + w - 4, y0 + SEC_H - 4)


def _strip_box(layout: Layout, index: int) -> Box:
    y = layout.players_y + index * (P_H + P_GAP)
    return (MARGIN, y, WIDTH - MARGIN, y + P_H)


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
    left = MARGIN + 12 + _length(GAME_NAME, 30, True)
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
        hint, fnt = _fit(_say(ACTION_HINT[god], loc), SEC_W - 20 - 3 * 26)
        draw.text((x + 10, y + 37), hint, font=fnt, fill=INK_SOFT, anchor="lm")
        for row, purity in enumerate(PURITIES):
            ry = y + SEC_ROWS_Y + row * DIE_STEP
            draw.rectangle((x + 6, ry, x + SEC_W - 6, ry + DIE_STEP - 2), fill=PURITY_FILL[purity])
            label, fnt = _fit(_say(PURITY_TEXT[purity], loc), ROW_LABEL_W - 10, bold=True)
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
    codes = " ".join(_die_codes(loc).values())
    for index, legend in enumerate(
        (
            lang.t(loc, "dice: value + colour ({codes})", codes=codes),
            lang.t(loc, "option id die:<god>:<colour><value>"),
        )
    ):
        legend, fnt = _fit(legend, disc_w)
        draw.text(
            (DISC_CX, OB_Y + OB_H - 24 + index * 20), legend, font=fnt, fill=INK_SOFT, anchor="mb"
        )

    _static_side(draw, layout, loc)
    _static_temple(draw, layout, seats, loc)
    _static_osiris(draw, layout, loc)
    _static_market(draw, layout, loc)
    for index in range(players):
        box = _strip_box(layout, index)
        rounded_panel(draw, box, fill=PANEL_FILL, outline=INK_SOFT, radius=10, width=2)
        x0, y0 = box[0], box[1]
        titles = BOT_TITLES if solo and index == 1 else PLAYER_TITLES
        for column, (dx, title) in enumerate(titles):
            draw.line((x0 + dx - 8, y0 + 8, x0 + dx - 8, y0 + P_H - 8), fill=CREAM_SOFT)
            right = titles[column + 1][0] - 16 if column + 1 < len(titles) else P_W - 10
            draw.text(
                (x0 + dx, y0 + 13),
                fit_text(_say(title, loc), font(14, bold=True), right - dx),
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
        box = _ra_slot_box(index)
        draw.rounded_rectangle(box, radius=6, fill=(246, 240, 226), outline=CREAM_SOFT)
        width = box[2] - box[0] - 4
        draw.text(
            ((box[0] + box[2]) // 2, box[1] + 9),
            fit_text(lang.t(loc, "die {dice}", dice=dice), font(14, bold=True), width),
            font=font(14, bold=True),
            fill=INK,
            anchor="mm",
        )
        slot, fnt = _fit(lang.t(loc, "slot +{vp} VP", vp=vp), width)
        draw.text(((box[0] + box[2]) // 2, box[3] - 9), slot, font=fnt, fill=INK_SOFT, anchor="mm")
    y = OB_Y + SEC_H + SEC_GAP
    title_w = _length(titles[1], 14, True)
    cost, fnt = _fit(lang.t(loc, "cost: L limestone, G granite"), int(SIDE_W - 30 - title_w))
    draw.text((SIDE_X + SIDE_W - 10, y + 14), cost, font=fnt, fill=INK_SOFT, anchor="rm")


def _static_temple(draw: ImageDraw.ImageDraw, layout: Layout, seats: int, loc: str) -> None:
    draw.rectangle((MARGIN, T_Y, T_EAST_X + T_COL_W, T_Y + T_H), fill=TEMPLE_BG)
    title = lang.t(loc, "TEMPLE COMPLEX")
    title_size = next((size for size in (18, 17, 16) if _length(title, size, True) <= 300), 16)
    draw.text(
        (MARGIN + 8, T_Y + 12), title, font=font(title_size, bold=True), fill=INK, anchor="lm"
    )
    room = T_EAST_X + T_COL_W - 8 - (MARGIN + 16 + _length(title, title_size, True))
    draw.text(
        (T_EAST_X + T_COL_W - 8, T_Y + 12),
        fit_text(lang.t(loc, "corners: edge VP ×2"), font(14), int(room)),
        font=font(14),
        fill=INK_SOFT,
        anchor="rm",
    )
    for r in range(TEMPLE_SIZE):
        for c in range(TEMPLE_SIZE):
            box = _temple_cell(r, c)
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
            word = _reward(kind, amount, loc)
            size = next((size for size in (15, 14, 13) if _length(word, size) <= CELL - 4), 0)
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
                    part, fnt = _fit(part, CELL - 4, (14, 13, 12))
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
        box = _building_box(space)
        is_closed = seats in closed or (seats == 1 and 2 in closed)
        draw.rounded_rectangle(
            box, radius=6, fill=CLOSED_FILL if is_closed else PANEL_FILL, outline=INK_SOFT
        )
        draw.text((box[0] + 5, box[1] + 2), space, font=font(16, bold=True), fill=INK)
        label = lang.t(loc, "closed") if is_closed else lang.t(loc, "{n} bread", n=bread)
        label, fnt = _fit(label, box[2] - box[0] - 6, (14, 13, 12, 11))
        draw.text((box[0] + 5, box[1] + 22), label, font=fnt, fill=INK_SOFT if is_closed else INK)
        if is_closed:
            for x in range(box[0] + 4, box[2] - 4, 10):
                draw.line((x, box[3] - 4, x + 6, box[3] - 9), fill=INK_SOFT)
        layout.boxes[space] = box
    for space in ("pt_n2", "pt_e2"):
        box = _people_box(space)
        draw.rounded_rectangle(box, radius=6, fill=(232, 236, 250), outline=INK_SOFT)
        draw.text((box[0] + 6, box[1] + 2), space, font=font(15, bold=True), fill=INK)
        draw.text(
            (box[0] + 6, box[1] + 20),
            fit_text(lang.t(loc, "people"), font(14), box[2] - box[0] - 8),
            font=font(14),
            fill=INK_SOFT,
        )
        layout.boxes[space] = box


def _reward(kind: str, amount: int, loc: str) -> str:
    """A temple space's printed reward: "2 VP", "1 papyrus"... ("Papiro ×1" in pt-BR)."""
    if loc == "en":
        return f"{amount} {ENGLISH_REWARD.get(kind, kind)}"
    if kind == "vp":
        return f"{amount} {_say(RESOURCE_TEXT['vp'], loc)}"
    return lang.t(loc, "{amount} {what}", amount=amount, what=RESOURCE_TEXT.get(kind, kind))


ENGLISH_REWARD = {"vp": "VP", "limestone": "limest."}  # English prints the words (one fits)


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
    note_w = _length(note, 14)
    title = lang.t(loc, "OSIRIS · workshops & quarries")
    room = int(WIDTH - MARGIN - 8 - note_w - 12 - (O_X + 2))
    size = next((size for size in (18, 17, 16, 15) if _length(title, size, True) <= room), 15)
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
        box = _people_box(space)
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
            fit_text(_say(RESOURCE_TEXT[district], loc), font(15, bold=True), O_COL_W - 28),
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
            text, fnt = _fit(_say(line, loc), O_LABEL_W - 28)
            draw.text((O_X + 26, y + 18 + index * 18), text, font=fnt, fill=INK, anchor="lm")
        for district in DISTRICTS:
            box = _osiris_box(row, district)
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
        box = _market_box(index)
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
        room = int(M_W - 28 - _length(title, 17, True))
        size = 14 if _length(note, 14) <= room else 13
        draw.text(
            (box[2] - 10, box[1] + 15),
            fit_text(note, font(size), room),
            font=font(size),
            fill=INK_SOFT,
            anchor="rm",
        )
        layout.boxes[f"section:{index + 1}"] = box
        for slot, kind in enumerate(slots):
            sbox = _slot_box(index, slot)
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


# --- the board ---
def board(
    view: dict[str, Any], *, highlight: str | list[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The public board of ``view`` in ``locale`` (private keys are never read)."""
    loc = locale or "en"
    base, layout = static_layer(static_key(view), loc)
    image = base.copy()
    image.info[PALETTE_HINT] = base.info[PALETTE_HINT]
    draw = canvas_draw(image)
    places: dict[str, Box] = dict(layout.boxes)
    dice_boxes: dict[tuple[str, str], Box] = {}
    players = view.get("players") or []

    _draw_header(draw, view, loc)
    _draw_disc(draw, view, loc)
    for section in view.get("sections") or []:
        _draw_section(draw, view, section, dice_boxes, loc)
    _draw_side(draw, view, places, loc)
    _draw_temple(draw, view, places, loc)
    _draw_osiris(draw, view, loc)
    _draw_market(draw, view, places, loc)
    for index, player in enumerate(players[: static_key(view)[0]]):
        _draw_player(draw, view, player, _strip_box(layout, index), loc)
    if highlight:
        _draw_highlights(draw, highlight, places, dice_boxes)
    return with_band(image, header_band(view, loc))


# where each step's decision is made: the obelisk sections, the Ra display, the temple
# complex, the Osiris area, the market; other steps are about the acting seats' own strips
FOCUS_STEPS = {
    "take": "sections",
    "modify": "sections",
    "turn_start": "sections",
    "ra_space": "ra",
    "ra_rot": "ra",
    "hathor": "temple",
    "horus": "temple",
    "osiris": "osiris",
    "osiris_any": "osiris",
    "gain_any": "osiris",
    "thoth": "market",
    "thoth_take": "market",
    "draft": "market",
    "draw_keep": "market",
}


def focus(
    view: dict[str, Any], *, highlight: str | list[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The region the current decision is about, enlarged to read on a phone."""
    return board_and_focus(view, highlight=highlight, locale=locale)[1]


def board_and_focus(
    view: dict[str, Any], *, highlight: str | list[str] | None = None, locale: str = "en"
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` from one drawing of the board (a turn post shows both)."""
    with recording_texts() as texts:
        image = board(view, highlight=highlight, locale=locale)
    printed = _static_texts(static_key(view), locale or "en")
    return image, focus_image(
        image,
        focus_boxes(view, highlight, locale),
        [*printed, *texts],
        top=band_height(image.width),
    )


@functools.lru_cache(maxsize=16)
def _static_texts(key: tuple[int, int, bool], loc: str) -> tuple[DrawnText, ...]:
    """The texts printed on the static layer (drawn once, then cached as pixels)."""
    with recording_texts() as texts:
        static_layer.__wrapped__(key, loc)
    return tuple(texts)


def focus_boxes(
    view: dict[str, Any], highlight: str | list[str] | None = None, locale: str = "en"
) -> list[Box]:
    """Where on the board (under its band) the current decision is."""
    _base, layout = static_layer(static_key(view), locale or "en")
    items = [highlight] if isinstance(highlight, str) else list(highlight or [])
    boxes = [
        layout.boxes[part]
        for item in items
        for part in str(item).split(":")
        if part in layout.boxes and not part.startswith("section")
    ]
    region = FOCUS_STEPS.get(str(view.get("step") or ""))
    if region == "sections":
        boxes += [layout.boxes[god] for god in GODS if god in layout.boxes]
    elif region == "ra":
        y0 = OB_Y + SEC_H + SEC_GAP
        boxes.append((SIDE_X, y0, WIDTH - MARGIN, y0 + SEC_H))
    elif region == "temple":
        boxes.append((T_WEST_X, T_Y, O_X - 8, T_Y + T_H))
    elif region == "osiris":
        boxes.append((O_X, T_Y, WIDTH - MARGIN, T_Y + T_H))
    elif region == "market":
        boxes += [
            (
                MARGIN + i * (M_W + M_GAP),
                M_Y,
                MARGIN + i * (M_W + M_GAP) + M_W,
                M_Y + M_TITLE_H + M_H,
            )
            for i in range(4)
        ]
    acting = [int(seat) for seat in view.get("acting") or []]
    players = view.get("players") or []
    if region is None or not boxes:
        boxes += [
            _strip_box(layout, index)
            for index, player in enumerate(players)
            if int(player.get("seat", index)) in acting
        ] or [(0, 0, WIDTH, HEADER_H)]
    return boxes


def header_band(view: dict[str, Any], loc: str = "en") -> Band:
    """The board's header band: game, round, phase and step, whose turn, every seat's VP."""
    phase = view.get("phase", "")
    step = view.get("step") or ""
    status = " · ".join(
        (
            lang.t(loc, "Round {round}/16", round=view.get("round", "?")),
            _say(PHASES.get(phase, phase), loc),
        )
    )
    detail = _say(STEPS[step], loc) if step in STEPS and phase != "over" else ""
    acting = tuple(int(seat) for seat in view.get("acting") or [])
    waiting = (
        _name(view, acting[0], loc)
        if len(acting) == 1
        else lang.t(loc, "nobody")
        if phase == "over"
        else ""
        if acting
        else "—"
    )
    scores = tuple(
        (int(p.get("seat", i)), int(p.get("vp", 0) or 0))
        for i, p in enumerate(view.get("players") or [])
    )
    return Band(
        GAME_NAME, status, lang.t(loc, "Turn"), acting, waiting, lang.t(loc, "VP"), scores, detail
    )


def _name(view: dict[str, Any], seat: int, loc: str = "en") -> str:
    if view.get("bot_seat") == seat and view.get("solo"):
        return BOT_NAME
    return _seat_name(seat, loc)


@functools.lru_cache(maxsize=64)
def _seat_name(seat: int, loc: str) -> str:
    return lang.t(loc, "Seat {n} ({letter})", n=seat + 1, letter=seat_style(seat).letter)


BOT_NAME = "Botankhamun"  # a name, the same in every language


def _draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any], loc: str) -> None:
    text = lang.t(
        loc,
        "Round {round}/16 · Rotations {rotations}/8",
        round=view.get("round", "?"),
        rotations=view.get("rotations", 0),
    )
    draw.text(
        (MARGIN, 40), fit_text(text, font(20, bold=True), 318), font=font(20, bold=True), fill=CREAM
    )
    phase = view.get("phase", "")
    step = view.get("step") or ""
    phase_text = _say(PHASES.get(phase, phase), loc)
    if step in STEPS:
        text = lang.t(
            loc, "{phase} · step: {step}", phase=phase_text, step=_say(STEPS.get(step, step), loc)
        )
    else:
        text = phase_text
    text, fnt = _fit(text, 310, (16, 15, 14, 13))
    draw.text((MARGIN, 66), text, font=fnt, fill=CREAM)
    seats = view.get("seats", 0)
    if view.get("solo"):
        difficulty = view.get("options", {}).get("solo_difficulty", "?")
        mode = _say(DIFFICULTY.get(difficulty, difficulty), loc)
    else:
        mode = lang.t(loc, "{n} seats", n=seats)
    mode = lang.t(loc, "{mode} · Maat phases {n}/4", mode=mode, n=view.get("maat_phases", 0))
    mode, fnt = _fit(mode, 310, (15, 14, 13, 12))
    draw.text((MARGIN, 96), mode, font=fnt, fill=CREAM_SOFT, anchor="lm")

    x = 372
    for seat in (view.get("turn_order") or [])[:5]:
        _token(draw, (x, 39), seat, size=28)
        x += 40
    acting = list(view.get("acting") or [])
    x = 372
    for seat in acting[:5]:
        _token(draw, (x, 92), seat, size=28)
        x += 40
    if len(acting) == 1:
        draw.text(
            (x - 16, 92),
            fit_text(_name(view, acting[0], loc), font(16, bold=True), 700 - 8 - (x - 16)),
            font=font(16, bold=True),
            fill=CREAM,
            anchor="lm",
        )
    elif not acting:
        draw.text((358, 92), lang.t(loc, "nobody"), font=font(16), fill=CREAM, anchor="lm")

    turn = view.get("turn")
    if turn:
        seat = turn.get("seat", 0)
        _token(draw, (732, 40), seat, size=30)
        draw.text(
            (754, 40), _name(view, seat, loc), font=font(17, bold=True), fill=CREAM, anchor="lm"
        )
        held = turn.get("die")
        if held:
            _die(
                draw, (716, 62), held.get("colour", "grey"), held.get("value", 0), size=40, loc=loc
            )
            where = GOD_NAMES.get(held.get("section"), held.get("section") or "?")
            colour = held.get("colour")
            text = lang.t(
                loc,
                "{colour} {value} from {god}",
                value=held.get("value"),
                colour=COLOUR_TEXT.get(colour, colour),
                god=where,
            )
            draw.text(
                (766, 72),
                fit_text(text, font(15, bold=True), 1022 - 766),
                font=font(15, bold=True),
                fill=CREAM,
                anchor="lm",
            )
            purity = held.get("purity", "")
            kind = _say(
                term("Anubis") if turn.get("anubis") else PURITY_TEXT.get(purity, purity), loc
            )
            action = turn.get("action")
            action = _say(GOD_NAMES.get(action, action), loc) if action else lang.t(loc, "choosing")
            draw.text(
                (766, 93),
                fit_text(
                    lang.t(loc, "{kind} · action: {action}", kind=kind, action=action),
                    font(15),
                    1022 - 766,
                ),
                font=font(15),
                fill=CREAM_SOFT,
                anchor="lm",
            )
        else:
            draw.text(
                (716, 78),
                lang.t(loc, "no die taken yet"),
                font=font(15),
                fill=CREAM_SOFT,
                anchor="lm",
            )
    else:
        draw.text((716, 40), "—", font=font(17), fill=CREAM, anchor="lm")

    decks = view.get("decks") or {}
    discards = view.get("discards") or {}
    for index, kind in enumerate(("blessing", "technology", "decree")):
        y = 38 + index * 24
        draw.rectangle((1046, y - 9, 1064, y + 9), fill=CARD_FILL[kind])
        draw.text((1055, y), CARD_LETTER[kind], font=font(14, bold=True), fill=WHITE, anchor="mm")
        text = lang.t(
            loc,
            "{kind} {n} ({discarded})",
            kind=KIND_TEXT[kind],
            n=decks.get(kind, 0),
            discarded=discards.get(kind, 0),
        )
        draw.text(
            (1072, y),
            fit_text(text, font(16), WIDTH - MARGIN - 1072),
            font=font(16),
            fill=CREAM,
            anchor="lm",
        )


def _die(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    colour: str,
    value: int,
    size: int = DIE,
    code: bool = True,
    loc: str = "en",
) -> Box:
    """A die: its colour, its value and (large dice) a colour code for colour-blind readers."""
    x, y = round(xy[0]), round(xy[1])
    label = _die_codes(loc).get(colour, "?") if code and size >= 30 else None
    sprite, mask = _die_sprite(colour, int(value), size, label)
    canvas = getattr(draw, "canvas", None)
    if canvas is not None:
        canvas.paste(sprite, (x, y), mask)
    return (x, y, x + size, y + size)


def _draw_disc(draw: ImageDraw.ImageDraw, view: dict[str, Any], loc: str) -> None:
    """The obelisk disc: each section's light, the arrow (a cached sprite per disc state)."""
    lights = {s.get("god"): s.get("light", "shaded") for s in view.get("sections") or []}
    arrow = (view.get("disc") or {}).get("arrow")
    sprite, mask = _disc_sprite(tuple(lights.get(god, "shaded") for god in GODS), arrow, loc)
    canvas = getattr(draw, "canvas", None)
    if canvas is not None:
        canvas.paste(sprite, (DISC_CX - DISC_R - 6, DISC_CY - DISC_R - 6), mask)


@functools.lru_cache(maxsize=64)
def _disc_sprite(
    lights: tuple[str, ...], arrow: str | None, loc: str = "en"
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
        draw.pieslice(
            (c - r, c - r, c + r, c + r),
            angle - 30,
            angle + 30,
            fill=fill,
            outline=(80, 64, 44),
            width=2,
        )
        rad = math.radians(angle)
        tx, ty = c + r * 0.62 * math.cos(rad), c + r * 0.62 * math.sin(rad)
        ink = text_on(fill)
        word = _say(LIGHT_TEXT[light], loc) if light in LIGHT_TEXT else light.upper()
        # neighbouring wedge labels are r * 0.62 = 84 px apart: keep a gap between them
        word, fnt = _fit(word, 76, (15, 13, 12, 11, 10), bold=True)
        draw.text((tx, ty - 10), word, font=fnt, fill=ink, anchor="mm")
        draw.text((tx, ty + 10), _say(GOD_NAMES[god], loc), font=font(14), fill=ink, anchor="mm")
    if arrow in WEDGE_ANGLE:
        rad = math.radians(WEDGE_ANGLE[arrow])
        draw.arc(
            (c - r - 3, c - r - 3, c + r + 3, c + r + 3),
            WEDGE_ANGLE[arrow] - 28,
            WEDGE_ANGLE[arrow] + 28,
            fill=GOLD,
            width=8,
        )
        tip = (c + (r * 0.44) * math.cos(rad), c + (r * 0.44) * math.sin(rad))
        side = math.radians(WEDGE_ANGLE[arrow] + 90)
        base = (c + 30 * math.cos(rad), c + 30 * math.sin(rad))
        draw.polygon(
            [
                tip,
                (base[0] + 11 * math.cos(side), base[1] + 11 * math.sin(side)),
                (base[0] - 11 * math.cos(side), base[1] - 11 * math.sin(side)),
            ],
            fill=GOLD,
            outline=INK,
        )
    draw.ellipse((c - 34, c - 34, c + 34, c + 34), fill=(92, 74, 50), outline=GOLD, width=3)
    draw.text(
        (c, c - 8),
        fit_text(lang.t(loc, "arrow"), font(14), 64),
        font=font(14),
        fill=CREAM,
        anchor="mm",
    )
    draw.text(
        (c, c + 10),
        _say(GOD_NAMES.get(arrow, "?"), loc),
        font=font(14, bold=True),
        fill=GOLD,
        anchor="mm",
    )
    return sprite, mask


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


def _draw_section(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    section: dict[str, Any],
    dice_boxes: dict[tuple[str, str], Box],
    loc: str,
) -> None:
    god = section.get("god")
    if god not in SECTION_BOX:
        return
    x, y = SECTION_BOX[god]
    light = section.get("light", "shaded")
    fill = LIGHT_FILL.get(light, (200, 200, 200))
    draw.rounded_rectangle((x + 2, y + 2, x + SEC_W - 2, y + SEC_HEAD_H), radius=9, fill=fill)
    ink = text_on(fill)
    name = _say(GOD_NAMES[god], loc)
    draw.text((x + 10, y + 15), name, font=font(19, bold=True), fill=ink, anchor="lm")
    left = x + 10 + _length(name, 19, True) + 8
    draw.text(
        (left, y + 16),
        fit_text(
            f"({god}) · {_say(LIGHT_TEXT.get(light, light), loc)}",
            font(14),
            int(x + SEC_W - 40 - left),
        ),
        font=font(14),
        fill=ink,
        anchor="lm",
    )
    marker = section.get("scoring_marker")
    if marker:
        mx = x + SEC_W - 22
        draw.ellipse((mx - 13, y + 3, mx + 13, y + 27), fill=GOLD, outline=INK, width=2)
        draw.text((mx, y + 15), str(marker), font=font(15, bold=True), fill=INK, anchor="mm")
    # god statues on this god's area
    owners = list((view.get("god_statues") or {}).get(god) or [])
    spaces = max(int(view.get("god_statue_spaces") or 0), len(owners))
    sx = x + SEC_W - 14
    for index in reversed(range(spaces)):
        if index < len(owners):
            _token(draw, (sx - 9, y + 37), owners[index], size=20)
        else:
            draw.ellipse((sx - 17, y + 29, sx - 1, y + 45), outline=INK_SOFT, width=2)
        sx -= 26
    # dice by purity row
    rows: dict[str, list[dict[str, Any]]] = {p: [] for p in PURITIES}
    for die in section.get("dice") or []:
        rows.setdefault(die.get("purity", "tainted"), []).append(die)
    avail = SEC_W - ROW_LABEL_W - 14
    for row, purity in enumerate(PURITIES):
        dice = sorted(rows.get(purity, []), key=lambda d: (d.get("colour", ""), d.get("value", 0)))
        if not dice:
            continue
        ry = y + SEC_ROWS_Y + row * DIE_STEP
        n = len(dice)
        if n * DIE_X_STEP <= avail + 4:
            size, step, code = DIE, DIE_X_STEP, True
        else:
            size, code = 28, False
            step = min(size + 2, (avail - size) / max(1, n - 1))
        dx = x + ROW_LABEL_W
        for index, die in enumerate(dice):
            top = ry + (DIE_STEP - 2 - size) / 2
            box = _die(
                draw,
                (dx + index * step, top),
                die.get("colour", "grey"),
                int(die.get("value", 0)),
                size=size,
                code=code,
                loc=loc,
            )
            dice_boxes.setdefault((god, f"{die.get('colour')}{die.get('value')}"), box)


def _draw_side(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], places: dict[str, Box], loc: str
) -> None:
    # Horus track
    y = OB_Y + 28
    for slot in (view.get("horus_track") or [])[:6]:
        value = slot.get("value", 0)
        draw.rounded_rectangle((SIDE_X + 10, y, SIDE_X + 32, y + 18), radius=4, fill=INK)
        draw.text(
            (SIDE_X + 21, y + 9), str(value), font=font(14, bold=True), fill=WHITE, anchor="mm"
        )
        god = slot.get("god", "")
        draw.text(
            (SIDE_X + 40, y + 9),
            _say(GOD_NAMES.get(god, god), loc),
            font=font(15, bold=True),
            fill=INK,
            anchor="lm",
        )
        bonus = ", ".join(
            f"+{n} {_say(RESOURCE_TEXT.get(k, k), loc)}"
            for k, n in (slot.get("bonus") or {}).items()
        )
        draw.text(
            (SIDE_X + 118, y + 9),
            fit_text(bonus or "—", font(15), SIDE_W - 126),
            font=font(15),
            fill=INK,
            anchor="lm",
        )
        y += 20
    # Ra display
    for index, tile in enumerate((view.get("ra_display") or [])[:3]):
        box = _ra_slot_box(index)
        cx = (box[0] + box[2]) // 2
        if not tile:
            draw.text(
                (cx, box[1] + 50),
                fit_text(lang.t(loc, "empty"), font(15), box[2] - box[0] - 4),
                font=font(15),
                fill=INK_SOFT,
                anchor="mm",
            )
            continue
        places[tile] = box
        data = PILLARS.get(tile)
        edges = dict(zip(("N", "E", "S", "W"), data.edges, strict=True)) if data else {}
        _pillar_tile(draw, (cx - 30, box[1] + 17, cx + 30, box[1] + 57), tile, None, edges, bar=11)
        if data:
            lines = [
                (_say(LIGHT_TEXT.get(data.light, data.light), loc), True),
                (
                    lang.t(
                        loc,
                        "cost {limestone}L {granite}G",
                        limestone=data.limestone,
                        granite=data.granite,
                    ),
                    False,
                ),
                (_ability(data.ability, data.params, loc), False),
            ]
        else:
            lines = []
        for k, (line, bold) in enumerate(lines):
            line, fnt = _fit(line, box[2] - box[0], (13, 12, 11), bold)
            draw.text((cx, box[1] + 66 + k * 14), line, font=fnt, fill=INK, anchor="mm")
    # scoring markers, pile, bag, destiny
    y = OB_Y + 2 * (SEC_H + SEC_GAP) + 27
    parts = []
    for marker in view.get("scoring_markers") or []:
        where = GOD_NAMES.get(marker.get("god"), marker.get("god"))
        parts.append(
            lang.t(loc, "{id} at {god} ✓ scored", id=marker.get("id"), god=where)
            if marker.get("scored")
            else lang.t(loc, "{id} at {god}", id=marker.get("id"), god=where)
        )
    lines = _items(parts or ["—"], font(14), SIDE_W - 20, max_lines=2, sep=" · ", loc=loc)
    lines += [
        fit_text(
            lang.t(loc, "Pillar pile: {n} tiles", n=view.get("pillar_pile", 0)),
            font(14),
            SIDE_W - 20,
        )
    ]
    bag = view.get("bag") or {}
    bag_items = [
        f"{_say(COLOUR_TEXT[colour], loc)} {bag.get(colour, 0)}"
        for colour in DIE_FILL
        if colour in bag
    ]
    first = (
        lang.t(loc, "Bag: {first}", first=bag_items[0]) if bag_items else lang.t(loc, "Bag: empty")
    )
    lines += _items([first, *bag_items[1:]], font(14), SIDE_W - 20, max_lines=2, sep=" · ", loc=loc)
    destiny = [
        lang.t(loc, "{card} (ankh {ankh})", card=card, ankh=DESTINY_ANKH.get(card, "?"))
        for card in view.get("destiny_available") or []
    ]
    if destiny:
        lines += _items(
            [lang.t(loc, "Destiny: {first}", first=destiny[0]), *destiny[1:]],
            font(14),
            SIDE_W - 20,
            max_lines=2,
            sep=" · ",
            loc=loc,
        )
    for index, line in enumerate(lines[:8]):
        draw.text((SIDE_X + 10, y + index * 17), line, font=font(14), fill=INK)


def _pillar_tile(
    draw: ImageDraw.ImageDraw,
    box: Box,
    tile: str,
    owner: int | None,
    edges: dict[str, str],
    bar: int = 15,
) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=TILE_FILL, outline=INK, width=1)
    fnt = font(14, bold=True)
    bars = {
        "N": (x0, y0, x1, y0 + bar),
        "S": (x0, y1 - bar, x1, y1),
        "W": (x0, y0, x0 + bar, y1),
        "E": (x1 - bar, y0, x1, y1),
    }
    for side in ("W", "E", "N", "S"):
        colour = edges.get(side)
        if colour not in EDGE_FILL:
            continue
        bx0, by0, bx1, by1 = bars[side]
        if side in ("W", "E"):
            by0, by1 = y0 + bar, y1 - bar
        draw.rectangle((bx0, by0, bx1, by1), fill=EDGE_FILL[colour])
        draw.text(
            ((bx0 + bx1) / 2, (by0 + by1) / 2), EDGE_CODE[colour], font=fnt, fill=WHITE, anchor="mm"
        )
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if owner is not None:
        _token(draw, (cx, cy - 9), owner, size=24)
        draw.text((cx, cy + 14), tile, font=font(14, bold=True), fill=INK, anchor="mm")
    else:
        draw.text((cx, cy), tile, font=font(14, bold=True), fill=INK, anchor="mm")


def _draw_temple(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], places: dict[str, Box], loc: str
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
        if owner is not None:  # clear of the printed name and bread cost
            if space.startswith("w"):
                _token(draw, (box[2] - 16, box[3] - 15), owner, size=22)
            else:
                _token(draw, (box[2] - 14, box[1] + 13), owner, size=20)
    for space, statue in (view.get("people_statues") or {}).items():
        box = places.get(space)
        if box is None or not statue:
            continue
        owner = statue.get("owner")
        gold = int(statue.get("gold") or 0)
        if owner is not None:
            _token(draw, (box[2] - 16, box[3] - 16), owner, size=22)
        if gold and space == "pt_e2":
            _gold(draw, (box[0] + 5, box[3] - 18), gold, loc, box[2] - 4)
        elif gold:
            _gold(draw, (box[2] - 84, box[1] + 8), gold, loc, box[2] - 4)


def _gold(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], amount: int, loc: str, right: int
) -> None:
    x, y = xy
    draw.ellipse((x, y, x + 16, y + 16), fill=GOLD, outline=INK)
    text = lang.t(loc, "{amount} {what}", amount=amount, what=RESOURCE_TEXT["gold"])
    text, fnt = _fit(text, right - x - 20, (14, 13, 12), bold=True)
    if text.endswith("…"):  # a narrow space: the coin says what, the number how many
        text, fnt = str(amount), font(14, bold=True)
    draw.text((x + 20, y + 8), text, font=fnt, fill=INK, anchor="lm")


def _draw_osiris(draw: ImageDraw.ImageDraw, view: dict[str, Any], loc: str) -> None:
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
        draw.ellipse(
            (O_X + 26, y + O_ROW_H - 21, O_X + 42, y + O_ROW_H - 5), fill=GOLD, outline=INK
        )
        text = lang.t(loc, "1st: +{n} gold", n=int(view["row2_gold"]))
        draw.text(
            (O_X + 46, y + O_ROW_H - 13),
            fit_text(text, font(14, bold=True), O_LABEL_W - 48),
            font=font(14, bold=True),
            fill=INK,
            anchor="lm",
        )
    else:
        draw.text(
            (O_X + 26, y + O_ROW_H - 13),
            fit_text(lang.t(loc, "1st gold taken"), font(14), O_LABEL_W - 28),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )


def _draw_market(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], places: dict[str, Box], loc: str
) -> None:
    for index, section in enumerate((view.get("market") or [])[:4]):
        box = _market_box(index)
        if not section.get("open"):
            draw.rounded_rectangle(
                (box[0] + 4, box[1] + M_HEAD_H, box[2] - 4, box[3] - 4), radius=8, fill=CLOSED_FILL
            )
            draw.text(
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 10),
                fit_text(lang.t(loc, "not open yet"), font(18, bold=True), M_W - 16),
                font=font(18, bold=True),
                fill=INK_SOFT,
                anchor="mm",
            )
            continue
        for slot_index, slot in enumerate((section.get("slots") or [])[:4]):
            sbox = _slot_box(index, slot_index)
            card = slot.get("card")
            if not card:
                kind = slot.get("type")
                text = lang.t(loc, "empty: {kind}", kind=KIND_TEXT.get(kind, kind))
                draw.text(
                    (sbox[0] + 38, (sbox[1] + sbox[3]) / 2),
                    fit_text(text, font(14), sbox[2] - sbox[0] - 44),
                    font=font(14),
                    fill=INK_SOFT,
                    anchor="lm",
                )
                continue
            places[card] = sbox
            draw.text(
                (sbox[0] + 36, sbox[1] + 9), card, font=font(16, bold=True), fill=INK, anchor="lm"
            )
            text = _say(CARD_TEXT.get(card, ""), loc)
            if card in DECREE_SYMBOL:
                draw.text(
                    (sbox[2] - 8, sbox[1] + 9),
                    lang.t(loc, "symbol {symbol}", symbol=DECREE_SYMBOL[card]),
                    font=font(14),
                    fill=INK_SOFT,
                    anchor="rm",
                )
            lines = _wrap(text, 13, sbox[2] - sbox[0] - 44, 2)
            for k, line in enumerate(lines):
                draw.text(
                    (sbox[0] + 36, sbox[1] + 24 + k * 15),
                    line,
                    font=font(13),
                    fill=INK,
                    anchor="lm",
                )
    # below the market: Starting cards (setup draft)
    y = M_Y + M_TITLE_H + M_H + 3
    starting = view.get("starting_cards") or []
    if starting:
        items = [
            f"{c} ({STARTING_INITIATIVE.get(c, '?')}: {_say(STARTING_TEXT.get(c, ''), loc)})"
            for c in starting
        ]
        lines = _items(
            [lang.t(loc, "Starting cards: {first}", first=items[0]), *items[1:]],
            font(14),
            INNER_W,
            max_lines=3,
            sep=" · ",
            loc=loc,
        )
    else:
        lines = _log_lines(view, loc)
    for index, line in enumerate(lines):
        draw.text((MARGIN, y + index * 17), line, font=font(14), fill=INK)


def _log_lines(view: dict[str, Any], loc: str) -> list[str]:
    """The last VP changes (scoring_log), newest first."""
    log = [entry for entry in view.get("scoring_log") or [] if len(entry) >= 3]
    if not log:
        return []
    items = []
    for seat, vp, reason in reversed(log[-12:]):
        who = _name(view, int(seat), loc) if isinstance(seat, int) else str(seat)
        items.append(f"{who} {int(vp):+d} ({_say(reason, loc)})")
    return _items(
        [lang.t(loc, "Latest VP: {first}", first=items[0]), *items[1:]],
        font(14),
        INNER_W,
        max_lines=3,
        sep=" · ",
        loc=loc,
    )


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


def _production(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], levels: tuple[int, ...], loc: str = "en"
) -> None:
    """The four production tracks (resource, name, steps 2-6 with the level marked); a cached
    sprite on the strip fill when drawing on the board (levels change a few times a game)."""
    canvas = getattr(draw, "canvas", None)
    if canvas is not None and canvas.mode == "RGB":
        canvas.paste(_production_sprite(levels, loc), xy)
    else:
        _draw_production(draw, xy, levels, loc)


@functools.lru_cache(maxsize=256)
def _production_sprite(levels: tuple[int, ...], loc: str = "en") -> Image.Image:
    sprite = Image.new("RGB", (200, 4 * PROD_STEP), PANEL_FILL)
    _draw_production(canvas_draw(sprite), (0, 0), levels, loc)
    return sprite


def _draw_production(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], levels: tuple[int, ...], loc: str = "en"
) -> None:
    x0, y0 = xy
    for index, (res, level) in enumerate(zip(RESOURCES, levels, strict=True)):
        y = y0 + 9 + index * PROD_STEP
        draw.rectangle((x0, y - 8, x0 + 16, y + 8), fill=RES_FILL[res], outline=INK)
        name = _say(RESOURCE_TEXT[res], loc)
        size = 14 if _length(name, 14) <= 72 else 12
        draw.text(
            (x0 + 22, y), fit_text(name, font(size), 72), font=font(size), fill=INK, anchor="lm"
        )
        for step in range(2, 7):
            sx = x0 + 96 + (step - 2) * 20
            filled = TRACK_FILL.get(res, RES_FILL[res]) if step <= level else WHITE
            draw.rectangle((sx, y - 9, sx + 18, y + 9), fill=filled, outline=INK_SOFT)
            if step == level:
                draw.text(
                    (sx + 9, y),
                    str(step),
                    font=font(14, bold=True),
                    fill=text_on(filled),
                    anchor="mm",
                )


PROD_STEP = 23  # a production track row (strip)


def _draw_player(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], player: dict[str, Any], box: Box, loc: str
) -> None:
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
    _token(draw, (x0 + 30, y0 + 30), seat, size=36)
    bot = bool(player.get("is_bot"))
    title = BOT_NAME if bot else _seat_name(seat, loc)
    size = next((s for s in (18, 16, 15) if _length(title, s, True) <= 132), 15)
    draw.text(
        (x0 + 58, y0 + 21),
        fit_text(title, font(size, bold=True), 132),
        font=font(size, bold=True),
        fill=INK,
        anchor="lm",
    )
    colour = _say(SEAT_COLOUR.get(style.colour_name, style.colour_name), loc)
    sub = lang.t(loc, "{colour} · bot", colour=colour) if bot else colour
    draw.text(
        (x0 + 58, y0 + 42), fit_text(sub, font(14), 132), font=font(14), fill=INK_SOFT, anchor="lm"
    )
    draw.text(
        (x0 + 12, y0 + 71),
        f"{_say(RESOURCE_TEXT['vp'], loc)} {player.get('vp', 0)}",
        font=font(26, bold=True),
        fill=INK,
        anchor="lm",
    )
    order = view.get("turn_order") or []
    marks = []
    if seat in order:
        marks.append(lang.t(loc, "order {n}/{total}", n=order.index(seat) + 1, total=len(order)))
    if view.get("current") == seat:
        marks.append(lang.t(loc, "☥ turn"))
    elif acting:
        marks.append(lang.t(loc, "▶ acting"))
    if place:
        rank = ordinal(place, loc)
        marks = [
            lang.t(loc, "{place} place ★", place=rank)
            if place == 1
            else lang.t(loc, "{place} place", place=rank)
        ]
    text, fnt = fit_font(" · ".join(marks), (15, 14, 13, 12), 180, bold=True)
    draw.text((x0 + 12, y0 + 97), text, font=fnt, fill=INK, anchor="lm")
    if player.get("answered") and view.get("phase") in ("maat", "setup"):
        draw.text(
            (x0 + 12, y0 + 112),
            fit_text(lang.t(loc, "✓ answered"), font(14), 180),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )

    # populace
    px = x0 + 204
    happiness, population = int(player.get("happiness", 0)), int(player.get("population", 0))
    draw.text(
        (px, y0 + 32),
        lang.t(loc, "Happiness {n}", n=happiness),
        font=font(16, bold=True),
        fill=INK,
        anchor="lm",
    )
    _bar(draw, (px, y0 + 42), happiness, HAPPY_BAR)
    draw.text(
        (px, y0 + 71),
        lang.t(loc, "Population {n}", n=population),
        font=font(16, bold=True),
        fill=INK,
        anchor="lm",
    )
    _bar(draw, (px, y0 + 81), population, POP_BAR)
    reach = sum(1 for h in MARKET_HAPPINESS if happiness >= h)
    flags = player.get("flags") or {}
    got = [str(k[1:]) for k in ("h16", "h19", "h21") if flags.get(k)]
    line = (
        lang.t(loc, "market 1–{n}", n=reach)
        if reach > 1
        else (lang.t(loc, "market 1") if reach else lang.t(loc, "no market"))
    )
    if got:
        line = lang.t(loc, "{market} · bonus {levels} ✓", market=line, levels=", ".join(got))
    draw.text(
        (px, y0 + 111),
        fit_text(line, font(14), 454 - 204 - 12),
        font=font(14),
        fill=INK_SOFT,
        anchor="lm",
    )

    if bot:
        _draw_bot(draw, view, player, box, loc)
        return
    # production tracks and resources
    rx = x0 + 454
    production = player.get("production") or {}
    resources = player.get("resources") or {}
    _production(draw, (rx, y0 + 27), tuple(int(production.get(res, 0)) for res in RESOURCES), loc)
    for index, res in enumerate(RESOURCES):
        draw.text(
            (rx + 206, y0 + 36 + index * PROD_STEP),
            str(resources.get(res, 0)),
            font=font(17, bold=True),
            fill=INK,
            anchor="lm",
        )

    _draw_scales(draw, player, (x0 + 736, y0), loc)

    # supply and cards
    ex = x0 + 1010
    width = x1 - ex - 10
    lines = [
        (
            lang.t(
                loc,
                "Gold {gold} · Scribes {scribes} · Faith {faith}",
                gold=player.get("gold", 0),
                scribes=player.get("scribes", 0),
                faith=player.get("faith", 0),
            ),
            True,
        ),
        (
            lang.t(
                loc,
                "Left: {buildings} bldg · {pillars} pillars · {statues} statues",
                buildings=player.get("buildings_left", 0),
                pillars=player.get("pillars_left", 0),
                statues=player.get("statues_left", 0),
            ),
            False,
        ),
    ]
    destiny = player.get("destiny")
    count = player.get("decrees", 0)
    revealed = player.get("decrees_revealed")
    if revealed is not None:
        decrees = lang.t(
            loc,
            "Decrees {n} revealed: {cards}",
            n=count,
            cards=" ".join(revealed) or lang.t(loc, "none"),
        )
    elif player.get("decrees_known"):
        decrees = lang.t(
            loc, "Decrees {n} · known {cards}", n=count, cards=" ".join(player["decrees_known"])
        )
    else:
        decrees = lang.t(loc, "Decrees {n}", n=count)
    lines.append((decrees, False))
    other = []
    if destiny:
        ankh = player.get("ankh")
        ankh = DESTINY_ANKH.get(destiny, "?") if ankh is None else ankh
        other.append(lang.t(loc, "Destiny {card} (ankh {ankh})", card=destiny, ankh=ankh))
    starting = player.get("starting") or []
    if starting:
        other.append(lang.t(loc, "Starting {cards}", cards=" ".join(starting)))
    lines.append((" · ".join(other) or lang.t(loc, "Destiny —"), False))
    for key in ("blessings", "technologies"):
        cards = list(player.get(key) or [])
        if key == "blessings":
            first = (
                lang.t(loc, "Blessings {card}", card=cards[0])
                if cards
                else lang.t(loc, "Blessings —")
            )
        else:
            first = lang.t(loc, "Tech. {card}", card=cards[0]) if cards else lang.t(loc, "Tech. —")
        items = [first, *cards[1:]]
        lines += [
            (line, False) for line in _items(items, font(14), width, max_lines=1, sep=" ", loc=loc)
        ]
    for index, (line, bold) in enumerate(lines[:6]):
        line, fnt = _fit(line, width, (14, 13, 12), bold)
        draw.text((ex, y0 + 31 + index * 16), line, font=fnt, fill=INK, anchor="lm")


def _draw_scales(
    draw: ImageDraw.ImageDraw, player: dict[str, Any], origin: tuple[int, int], loc: str = "en"
) -> None:
    sx, y0 = origin
    scales = player.get("scales") or {}
    rows = (
        (lang.t(loc, "left"), scales.get("left") or [], 0),
        (lang.t(loc, "right pan"), scales.get("right") or [], int(scales.get("excess") or 0)),
        (lang.t(loc, "below"), scales.get("below") or [], 0),
    )
    label_w = max(54, max(int(_length(label, 14, True)) + 8 for label, _d, _e in rows))
    for index, (label, dice, excess) in enumerate(rows):
        y = y0 + 35 + index * 26
        draw.text((sx, y), label, font=font(14, bold=True), fill=INK_SOFT, anchor="lm")
        x = sx + label_w
        room = 204 - label_w
        step = 28 if len(dice) <= 5 and len(dice) * 28 <= room else room / max(1, len(dice))
        for k, die in enumerate(dice):
            _die(
                draw,
                (x + k * step, y - 12),
                die.get("colour", "grey"),
                int(die.get("value", 0)),
                size=24,
                code=False,
            )
        x += max(0, len(dice) - 1) * step + (30 if dice else 0)
        if excess:
            text, fnt = fit_font(
                lang.t(loc, "+{n} excess", n=excess), (14, 13, 12, 11), int(sx + 268 - x)
            )
            draw.text((x + 2, y), text, font=fnt, fill=INK, anchor="lm")
    balance = int(player.get("balance") or 0)
    text = lang.t(loc, "balance {n:+d}", n=balance)
    draw.text(
        (sx, y0 + 111),
        text,
        font=font(16, bold=True),
        fill=(170, 30, 30) if balance < 0 else INK,
        anchor="lm",
    )
    extra = []
    faith_left, faith_right = (
        int(scales.get("faith_left") or 0),
        int(scales.get("faith_right") or 0),
    )
    if faith_left or faith_right:
        extra.append(lang.t(loc, "faith {left}L/{right}R", left=faith_left, right=faith_right))
    if player.get("maat") is not None:
        extra.append(lang.t(loc, "Maat {n:+d}", n=int(player["maat"])))
    if extra:
        left = sx + 6 + _length(text, 16, True)
        draw.text(
            (left, y0 + 111),
            fit_text(" · ".join(extra), font(14), int(sx + 266 - left)),
            font=font(14),
            fill=INK,
            anchor="lm",
        )


def _draw_bot(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    player: dict[str, Any],
    box: Box,
    loc: str = "en",
) -> None:
    """Botankhamun: the action-tile pyramid (Progress marker), Deben, its dice and supply."""
    x0, y0, x1, _y1 = box
    bot = view.get("bot") or {}
    bx = x0 + 454
    pyramid = list(bot.get("pyramid") or [])
    progress = bot.get("progress")
    tile_w, tile_h = 60, 21
    index = 0
    for row, width in enumerate((4, 3, 2, 1)):
        y = y0 + 116 - row * (tile_h + 2) - tile_h
        for col in range(width):
            x = bx + row * (tile_w + 4) // 2 + col * (tile_w + 4)
            tile = pyramid[index] if index < len(pyramid) else "?"
            reached = progress is not None and index == progress
            draw.rounded_rectangle(
                (x, y, x + tile_w, y + tile_h),
                radius=4,
                fill=ACTING_FILL if reached else WHITE,
                outline=HIGHLIGHT if reached else INK_SOFT,
                width=3 if reached else 1,
            )
            draw.text(
                (x + tile_w / 2, y + tile_h / 2),
                tile,
                font=font(14, bold=reached),
                fill=INK,
                anchor="mm",
            )
            index += 1
    ix = x0 + 736
    at = pyramid[progress] if progress is not None and 0 <= progress < len(pyramid) else None
    deben = bot.get("deben")
    difficulty = bot.get("difficulty")
    lines = [
        lang.t(loc, "Progress: tile {tile}", tile=at)
        if at
        else lang.t(loc, "Progress: left of the base"),
        lang.t(
            loc, "Deben (last flip): {face}", face=DEBEN_TEXT.get(deben, deben) if deben else "—"
        ),
        lang.t(
            loc,
            "Difficulty: {level}",
            level=DIFFICULTY_WORD.get(difficulty, difficulty) if difficulty else "—",
        ),
    ]
    for k, line in enumerate(lines):
        draw.text(
            (ix, y0 + 33 + k * 20),
            fit_text(line, font(15), 260),
            font=font(15),
            fill=INK,
            anchor="lm",
        )
    dice = bot.get("dice") or []
    label = lang.t(loc, "dice:") if dice else lang.t(loc, "dice: none")
    draw.text((ix, y0 + 100), label, font=font(14, bold=True), fill=INK_SOFT, anchor="lm")
    dx = max(44, int(_length(label, 14, True)) + 10) if dice else 44
    for k, die in enumerate(dice[:6]):
        _die(
            draw,
            (ix + dx + k * 28, y0 + 88),
            die.get("colour", "grey"),
            int(die.get("value", 0)),
            size=24,
            code=False,
        )
    ex = x0 + 1010
    lines = [
        lang.t(loc, "Card pile: {n} cards", n=player.get("bot_cards", 0)),
        lang.t(
            loc,
            "Scribes {scribes} · Gold {gold}",
            scribes=player.get("scribes", 0),
            gold=player.get("gold", 0),
        ),
        lang.t(loc, "Buildings left {n}", n=player.get("buildings_left", 0)),
        lang.t(loc, "Pillars left {n}", n=player.get("pillars_left", 0)),
        lang.t(loc, "Statues left {n}", n=player.get("statues_left", 0)),
    ]
    for k, line in enumerate(lines):
        draw.text(
            (ex, y0 + 31 + k * 17),
            fit_text(line, font(14), x1 - ex - 10),
            font=font(14),
            fill=INK,
            anchor="lm",
        )


def _draw_highlights(
    draw: ImageDraw.ImageDraw,
    highlight: str | list[str],
    places: dict[str, Box],
    dice_boxes: dict[tuple[str, str], Box],
) -> None:
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
            boxes += [
                places[part] for part in parts if part in places and not part.startswith("section:")
            ]
    for box in dict.fromkeys(boxes):
        draw.rounded_rectangle(
            (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), radius=8, outline=HIGHLIGHT, width=5
        )


# --- private panel ---
PANEL_W = 900
ROW_H = 46


def panel(private_view: dict[str, Any], *, locale: str = "en") -> Image.Image:
    """One seat's cards in ``locale``: secret Decrees, Blessings, Technologies, drawn cards,
    sealed answer."""
    loc = locale or "en"
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = int(me["seat"])
    player = next((p for p in private_view.get("players", []) if p.get("seat") == seat), {})
    groups = [
        (
            lang.t(loc, "Decrees · secret, scored at game end (≤ 3, distinct symbols)"),
            "decree",
            list(me.get("decrees") or []),
        ),
        (lang.t(loc, "Blessings · one use each"), "blessing", list(player.get("blessings") or [])),
        (
            lang.t(loc, "Technologies · permanent"),
            "technology",
            list(player.get("technologies") or []),
        ),
    ]
    drawn = list(me.get("drawn") or [])
    if drawn:
        groups.append((lang.t(loc, "Drawn (Starting card S05/S06): keep one"), "drawn", drawn))
    rows = sum(max(1, len(cards)) for _t, _k, cards in groups)
    height = (
        120
        + 28 * (bool(player.get("destiny")) + bool(player.get("starting")))
        + len(groups) * 40
        + rows * ROW_H
        + 110
    )
    image = Image.new("RGB", (PANEL_W, height), BG)
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 104), fill=HEADER_BG)
    _token(draw, (44, 42), seat, size=48)
    style = seat_style(seat)
    colour = _say(SEAT_COLOUR.get(style.colour_name, style.colour_name), loc)
    title = lang.t(
        loc,
        "Your cards · Seat {n} ({letter}, {colour})",
        n=seat + 1,
        letter=style.letter,
        colour=colour,
    )
    draw.text(
        (80, 26),
        fit_text(title, font(24, bold=True), PANEL_W - 96),
        font=font(24, bold=True),
        fill=CREAM,
        anchor="lm",
    )
    phase = private_view.get("phase", "")
    sub = lang.t(
        loc,
        "Tekhenu · Round {round}/16 · {phase}",
        round=private_view.get("round", "?"),
        phase=PHASES.get(phase, phase),
    )
    draw.text(
        (80, 56), fit_text(sub, font(16), PANEL_W - 96), font=font(16), fill=CREAM_SOFT, anchor="lm"
    )
    stats = lang.t(
        loc,
        "VP {vp}   Gold {gold}   Scribes {scribes}   Faith {faith}   "
        "Happiness {happiness}   Population {population}",
        vp=player.get("vp", 0),
        gold=player.get("gold", 0),
        scribes=player.get("scribes", 0),
        faith=player.get("faith", 0),
        happiness=player.get("happiness", 0),
        population=player.get("population", 0),
    )
    size = 17 if _length(stats, 17, True) <= PANEL_W - 40 else 15
    draw.text(
        (20, 86),
        fit_text(stats, font(size, bold=True), PANEL_W - 40),
        font=font(size, bold=True),
        fill=GOLD,
        anchor="lm",
    )

    y = 118
    destiny = player.get("destiny")
    extra = []
    if destiny:
        extra.append(
            lang.t(
                loc,
                "Destiny {card} (ankh {ankh}): {text}",
                card=destiny,
                ankh=DESTINY_ANKH.get(destiny, "?"),
                text=DESTINY_TEXT.get(destiny, ""),
            )
        )
    if player.get("starting"):
        cards = [
            msg("{card} ({text})", card=card, text=STARTING_TEXT.get(card, ""))
            for card in player["starting"]
        ]
        extra.append(lang.t(loc, "Starting cards: {cards}", cards=cards))
    for line in extra:
        draw.text(
            (18, y + 12),
            fit_text(line, font(16), PANEL_W - 36),
            font=font(16),
            fill=INK,
            anchor="lm",
        )
        y += 28
    for title, kind, cards in groups:
        draw.text(
            (18, y + 16),
            fit_text(title, font(17, bold=True), PANEL_W - 36),
            font=font(17, bold=True),
            fill=INK,
            anchor="lm",
        )
        y += 36
        if not cards:
            draw.text(
                (30, y + ROW_H // 2 - 3),
                lang.t(loc, "none"),
                font=font(16),
                fill=INK_SOFT,
                anchor="lm",
            )
            y += ROW_H
            continue
        for card in cards:
            card_kind = (
                kind
                if kind != "drawn"
                else {"B": "blessing", "T": "technology"}.get(card[:1], "decree")
            )
            fill = CARD_FILL.get(card_kind, INK_SOFT)
            rounded_panel(
                draw,
                (16, y, PANEL_W - 16, y + ROW_H - 6),
                fill=PANEL_FILL,
                outline=fill,
                radius=8,
                width=2,
            )
            draw.rounded_rectangle((16, y, 92, y + ROW_H - 6), radius=8, fill=fill)
            mid = y + (ROW_H - 6) // 2
            draw.text((54, mid), card, font=font(18, bold=True), fill=WHITE, anchor="mm")
            text = _say(CARD_TEXT.get(card, ""), loc)
            right = PANEL_W - 32
            if card in DECREE_SYMBOL:
                symbol = lang.t(loc, "symbol {symbol}", symbol=DECREE_SYMBOL[card])
                draw.text((right, mid), symbol, font=font(16, bold=True), fill=INK, anchor="rm")
                right -= max(100, int(_length(symbol, 16, True)) + 16)
            draw.text(
                (106, mid),
                fit_text(text, font(16), right - 116),
                font=font(16),
                fill=INK,
                anchor="lm",
            )
            y += ROW_H
        y += 4

    y += 8
    sealed = me.get("sealed")
    rounded_panel(
        draw,
        (16, y, PANEL_W - 16, y + 70),
        fill=(232, 238, 250),
        outline=CARD_FILL["technology"],
        radius=10,
        width=2,
    )
    if sealed:
        label = lang.t(loc, "Your sealed answer: {answer}", answer=sealed)
        sub = lang.t(loc, "secret until every seat has answered")
    else:
        label = lang.t(loc, "No sealed answer pending")
        sub = lang.t(
            loc, "Decree keep (setup) and Maat Faith are sealed; answer in your DM or with /play"
        )
    draw.text(
        (32, y + 22),
        fit_text(label, font(19, bold=True), PANEL_W - 64),
        font=font(19, bold=True),
        fill=INK,
        anchor="lm",
    )
    size = 15 if _length(sub, 15) <= PANEL_W - 64 else 14
    draw.text(
        (32, y + 50),
        fit_text(sub, font(size), PANEL_W - 64),
        font=font(size),
        fill=INK_SOFT,
        anchor="lm",
    )
    return image
