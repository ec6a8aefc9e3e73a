"""Drawing helpers every game renderer shares: fonts, seat tokens, text, panels, tables.

Seats never depend on colour alone: each has an Okabe-Ito colour (colour-blind safe), a letter
(A-E) and a marker shape (circle, square, triangle, diamond, hexagon).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import math
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

import lang

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

# image.info key under which a renderer may leave a "P" image whose palette render.png() maps
# the picture onto (fast and deterministic, instead of an adaptive quantization per call).
PALETTE_HINT = "scarab.palette"

RGB = tuple[int, int, int]
PALETTE_GLYPHS = "Ag"  # text antialiasing samples for palette building, not a word

INK: RGB = (28, 24, 20)
INK_SOFT: RGB = (90, 80, 68)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (251, 246, 232)


@dataclass(frozen=True)
class SeatStyle:
    colour: RGB
    letter: str
    shape: str
    colour_name: str


# Okabe-Ito colours, chosen so that every pair stays apart for the common colour-vision
# deficiencies; letter and shape carry the same information without colour.
SEAT_STYLES: tuple[SeatStyle, ...] = (
    SeatStyle((0, 114, 178), "A", "circle", "blue"),
    SeatStyle((213, 94, 0), "B", "square", "vermillion"),
    SeatStyle((0, 158, 115), "C", "triangle", "green"),
    SeatStyle((204, 121, 167), "D", "diamond", "pink"),
    SeatStyle((230, 159, 0), "E", "hexagon", "orange"),
)


def seat_style(seat: int) -> SeatStyle:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def seat_letter(seat: int) -> str:
    return seat_style(seat).letter


# Characters the board's font cannot draw in a name: emoji (beyond the Basic Multilingual
# Plane, or dingbats with an emoji presentation), joiners and variation selectors that only
# glue emoji together. The name keeps every other character.
EMOJI_GLUE = {0x200D, 0xFE0E, 0xFE0F, 0x20E3}


def drawable_name(name: str) -> str:
    """A player's name as the board draws it: emoji left out (the font has none), and a
    right-to-left name (Hebrew, Arabic) in visual order, as the basic text layout, which
    does not reorder, must be given it. "" when nothing drawable is left."""
    kept = "".join(
        ch for ch in name if ord(ch) <= 0xFFFF and ord(ch) not in EMOJI_GLUE and ch.isprintable()
    )
    kept = " ".join(kept.split())
    directions = {unicodedata.bidirectional(ch) for ch in kept}
    if directions & {"R", "AL"} and not directions & {"L"}:
        kept = kept[::-1]  # a wholly right-to-left name, drawn right to left
    return kept


def seat_label(view: Mapping[str, Any], seat: int, fallback: str) -> str:
    """The name to draw for ``seat``: its player's name the bot put in the view's
    ``seat_labels`` (emoji left out, ``drawable_name``), else ``fallback`` (the seat's own
    words, "Seat C"). Fit it to its box with ``fit_font`` / ``fit_text``."""
    labels = view.get("seat_labels") or []
    if 0 <= seat < len(labels) and isinstance(labels[seat], str):
        return drawable_name(labels[seat]) or fallback
    return fallback


def named_seats(view: Mapping[str, Any]) -> dict[int, str]:
    """The seats the view's ``seat_labels`` name, for ``lang.localise(text, loc, seats=...)``:
    an engine text's "Seat 2" is drawn as the player's name ("Anubis (alice): 9 devotion")."""
    labels = view.get("seat_labels") or []
    return {
        seat: name
        for seat, label in enumerate(labels)
        if isinstance(label, str) and (name := drawable_name(label))
    }


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (Latin Extended: Portuguese and Polish names render) at ``size`` px."""
    path = FONT_BOLD if bold else FONT_REGULAR
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@functools.lru_cache(maxsize=8192)
def text_mask(fnt: ImageFont.FreeTypeFont, text: str, anchor: str) -> tuple[Any, tuple[int, int]]:
    """``text`` rasterized once: the "L" mask (a core image, as Pillow's ``getmask2`` gives it;
    ``.size`` and pasteable) and its offset from the anchor point, exactly what ImageDraw.text
    pastes at an integer position."""
    core, offset = fnt.getmask2(text, "L", anchor=anchor)
    return core, (int(offset[0]), int(offset[1]))


@functools.lru_cache(maxsize=8192)
def text_advance(fnt: ImageFont.FreeTypeFont, text: str) -> float:
    """``fnt.getlength(text)``, cached (words and separators recur)."""
    return fnt.getlength(text)


def approx_length(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    """The advance of ``text`` summed word by word (cached words; kerning across a space is
    left out, a pixel at most)."""
    words = text.split(" ")
    return sum(text_advance(fnt, word) for word in words if word) + text_advance(fnt, " ") * (
        len(words) - 1
    )


# Lines at least this long are put together word by word: FreeType rasterizes every glyph of
# a new string (~20 µs each), while words (names, numbers, "VP") recur from board to board.
WORD_SPLIT_MIN = 8


@functools.lru_cache(maxsize=4096)
def line_mask(fnt: ImageFont.FreeTypeFont, text: str, anchor: str) -> tuple[Any, tuple[int, int]]:
    """Like ``text_mask``, with lines of several words assembled from cached word masks: each
    word at its advance in the line, as FreeType places it, so the pixels are the same (kerning
    across a space aside). Anchors to the line's own ink ("t", "b", "d") keep the whole line."""
    if len(text) < WORD_SPLIT_MIN or " " not in text or anchor[1] not in "ams":
        return text_mask(fnt, text, anchor)
    words = text.split(" ")
    space = text_advance(fnt, " ")
    lengths = [text_advance(fnt, word) if word else 0.0 for word in words]
    total = sum(lengths) + space * (len(words) - 1)
    x = {"l": 0.0, "m": float(-math.floor(total / 2 + 0.5)), "r": -total}.get(anchor[0])
    if x is None:
        return text_mask(fnt, text, anchor)
    runs = []
    for word, length in zip(words, lengths, strict=True):
        if word:
            mask, (dx, dy) = text_mask(fnt, word, "l" + anchor[1])
            if mask.size[0] and mask.size[1]:
                runs.append((mask, math.floor(x + 0.5) + dx, dy))
        x += length + space
    if len(runs) == 1:
        return runs[0][0], (runs[0][1], runs[0][2])
    if not runs:
        return text_mask(fnt, text, anchor)
    left = min(dx for _m, dx, _dy in runs)
    top = min(dy for _m, _dx, dy in runs)
    right = max(dx + m.size[0] for m, dx, _dy in runs)
    bottom = max(dy + m.size[1] for m, _dx, dy in runs)
    line = Image.new("L", (right - left, bottom - top), 0)
    inked = left  # right edge of the ink placed so far
    for mask, dx, dy in runs:
        box = (dx - left, dy - top, dx - left + mask.size[0], dy - top + mask.size[1])
        if dx >= inked:
            line.im.paste(mask, box)
        else:  # a glyph overhanging the space before it: keep the stronger ink of both
            piece = Image.new("L", mask.size)
            piece.im.paste(mask, (0, 0, *mask.size))
            line.paste(ImageChops.lighter(line.crop(box), piece), box[:2])
        inked = max(inked, dx + mask.size[0])
    return line.im, (left, top)


@dataclass(frozen=True)
class DrawnText:
    """A text a renderer drew: its anchor point, its words and its font size in px."""

    x: float
    y: float
    text: str
    size: int
    canvas: tuple[int, int]  # the size of the image drawn on (a board, or a pasted tile)
    anchor: str = field(default="la", compare=False)
    font: Any = field(default=None, compare=False, repr=False)  # the FreeType font drawn with
    layer: int = field(default=0, compare=False)  # which image (id): texts of one drawing

    def box(self) -> tuple[float, float, float, float] | None:
        """The ink box on its canvas (left, top, right, bottom), when the font is known."""
        if self.font is None:
            return None
        left, top, right, bottom = self.font.getbbox(self.text, anchor=self.anchor)
        return (self.x + left, self.y + top, self.x + right, self.y + bottom)


# While set (``recording_texts``), every text drawn through ``canvas_draw`` is noted here: the
# focus image scales a region until its smallest text reads on a phone; tests measure sizes.
TEXT_LOG: contextvars.ContextVar[list[DrawnText] | None] = contextvars.ContextVar(
    "scarab_text_log", default=None
)


@contextlib.contextmanager
def recording_texts() -> Iterator[list[DrawnText]]:
    texts: list[DrawnText] = []
    token = TEXT_LOG.set(texts)
    try:
        yield texts
    finally:
        TEXT_LOG.reset(token)


class CachedTextDraw(ImageDraw.ImageDraw):
    """ImageDraw whose plain one-line ``text`` calls paste cached glyph masks.

    Boards redraw the same labels every turn; rasterizing them once makes a render several
    times faster. New lines of several words are assembled from cached words. Anything
    unusual (stroke, multiline, keyword options) goes to Pillow.
    """

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.canvas = image
        self._rgb = image.mode == "RGB"

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
        log = TEXT_LOG.get()
        if log is not None and text and isinstance(font, ImageFont.FreeTypeFont):
            log.append(
                DrawnText(
                    float(xy[0]),
                    float(xy[1]),
                    str(text),
                    int(font.size),
                    self.canvas.size,
                    anchor or "la",
                    font,
                    id(self.canvas),
                )
            )
        plain = (
            self._rgb
            and not args
            and not kwargs
            and isinstance(text, str)
            and "\n" not in text
            and isinstance(font, ImageFont.FreeTypeFont)
            and isinstance(fill, tuple)
            and len(fill) == 3
        )
        if not plain:
            return super().text(xy, text, fill, font, anchor, *args, **kwargs)
        if not text:
            return None
        mask, (dx, dy) = line_mask(font, text, anchor or "la")
        width, height = mask.size
        if width and height:
            left, top = round(xy[0]) + dx, round(xy[1]) + dy
            # a solid ink image pasted through the mask: Pillow blends an image through a
            # mask several times faster than a bare colour, with the same pixels
            self.canvas.im.paste(
                solid(fill, width, height).im, (left, top, left + width, top + height), mask
            )
        return None


@functools.lru_cache(maxsize=1024)
def ordinal(n: int, locale: str = "en") -> str:
    """``n`` as a rank in ``locale``: 1st, 2nd, 3rd, 11th, 21st; 1º in pt-BR, 1. in Polish."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    if suffix == "st":
        return lang.t(locale, "{n}st", n=n)
    if suffix == "nd":
        return lang.t(locale, "{n}nd", n=n)
    if suffix == "rd":
        return lang.t(locale, "{n}rd", n=n)
    return lang.t(locale, "{n}th", n=n)


def solid(colour: RGB, width: int, height: int) -> Image.Image:
    """A cached RGB image of one colour (the ink of a text mask; labels recur, so do sizes)."""
    return Image.new("RGB", (width, height), colour)


def canvas_draw(image: Image.Image) -> ImageDraw.ImageDraw:
    """The draw object renderers use (cached text on RGB images)."""
    return CachedTextDraw(image)


def luminance(colour: RGB) -> float:
    r, g, b = (c / 255 for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    return INK if luminance(colour) > 0.5 else WHITE


def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> int:
    return int(math.ceil(fnt.getlength(text)))


@functools.lru_cache(maxsize=4096)
def fit_font(
    text: str, sizes: Sequence[int], width: float, *, bold: bool = False
) -> tuple[str, ImageFont.FreeTypeFont]:
    """``text`` in the largest of ``sizes`` (largest first) in which it fits ``width`` px, cut
    with an ellipsis at the smallest: longer Portuguese and Polish words get a smaller font
    where needed rather than a cut."""
    for size in sizes:
        fnt = font(size, bold=bold)
        if text_advance(fnt, text) <= width:
            return text, fnt
    fnt = font(sizes[-1], bold=bold)
    return fit_text(text, fnt, int(width)), fnt


@functools.lru_cache(maxsize=4096)
def fit_text(text: str, fnt: ImageFont.FreeTypeFont, max_width: int) -> str:
    """``text`` cut with an ellipsis so it fits in ``max_width`` px."""
    if " " in text and approx_length(text, fnt) <= max_width - 2:
        return text  # clearly fits: measured word by word (cached), no new layout
    if fnt.getlength(text) <= max_width:
        return text
    while text and fnt.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_text(
    text: str, fnt: ImageFont.FreeTypeFont, max_width: int, max_lines: int | None = None
) -> list[str]:
    """Greedy word wrap; the last allowed line gets an ellipsis if text is left over."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and fnt.getlength(candidate) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    if max_lines is not None and len(lines) > max_lines:
        kept = lines[:max_lines]
        kept[-1] = fit_text(kept[-1] + " " + " ".join(lines[max_lines:]), fnt, max_width)
        if not kept[-1].endswith("…"):
            kept[-1] = fit_text(kept[-1] + "…", fnt, max_width)
        lines = kept
    return [fit_text(line, fnt, max_width) for line in lines]


def wrap_items(
    items: Sequence[str],
    fnt: ImageFont.FreeTypeFont,
    max_width: int,
    max_lines: int | None = None,
    sep: str = " · ",
    locale: str = "en",
) -> list[str]:
    """Join ``items`` with ``sep`` into lines, never splitting an item across lines; items that
    do not fit in ``max_lines`` become a final "+n more" (said in ``locale``)."""
    lines: list[str] = []
    current = ""
    width = 0.0  # of current, item by item (items recur: their lengths are cached)
    gap = text_advance(fnt, sep)
    for index, item in enumerate(items):
        candidate = f"{current}{sep}{item}" if current else item
        candidate_width = (
            width + gap + text_advance(fnt, item) if current else text_advance(fnt, item)
        )
        if current and candidate_width > max_width:
            if max_lines is not None and len(lines) + 1 == max_lines:
                rest = len(items) - index
                more = f"{current}{sep}{lang.t(locale, '+{n} more', n=rest)}"
                while fnt.getlength(more) > max_width and sep in current:
                    current, _, _dropped = current.rpartition(sep)
                    rest += 1
                    more = f"{current}{sep}{lang.t(locale, '+{n} more', n=rest)}"
                lines.append(more)
                return [fit_text(line, fnt, max_width) for line in lines]
            lines.append(current)
            current, width = item, text_advance(fnt, item)
        else:
            current, width = candidate, candidate_width
    if current:
        lines.append(current)
    return [fit_text(line, fnt, max_width) for line in lines]


def outlined_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB = INK,
    outline: RGB = WHITE,
    width: int = 2,
    anchor: str = "la",
) -> None:
    """Text with a halo so it reads on any background (maps, tokens)."""
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=width, stroke_fill=outline)


def shadow_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB = WHITE,
    shadow: RGB = (0, 0, 0),
    offset: int = 2,
    anchor: str = "la",
) -> None:
    draw.text((xy[0] + offset, xy[1] + offset), text, font=fnt, fill=shadow, anchor=anchor)
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)


def rounded_panel(
    draw: ImageDraw.ImageDraw,
    box: Sequence[float],
    fill: RGB | None = PAPER,
    outline: RGB | None = INK_SOFT,
    radius: int = 10,
    width: int = 2,
) -> None:
    draw.rounded_rectangle(tuple(box), radius=radius, fill=fill, outline=outline, width=width)


def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if shape == "triangle":
        # a touch larger than the circle so the letter fits in the body of the triangle
        r *= 1.18
        return [(cx, cy - r), (cx + r * 0.94, cy + r * 0.68), (cx - r * 0.94, cy + r * 0.68)]
    if shape == "diamond":
        r *= 1.12
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in range(0, 360, 60)
        ]
    raise ValueError(shape)


def draw_shape(
    draw: ImageDraw.ImageDraw,
    shape: str,
    center: tuple[float, float],
    r: float,
    fill: RGB,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    cx, cy = center
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    elif shape == "square":
        s = r * 0.88
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=outline, width=width)
    else:
        points = _shape_points(shape, cx, cy, r)
        draw.polygon(points, fill=fill, outline=outline, width=width)


def seat_token(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    seat: int,
    size: int = 26,
    letter: bool = True,
) -> None:
    """The seat's marker: its shape, filled with its colour, black rim, white halo, letter."""
    style = seat_style(seat)
    r = size / 2
    rim = max(1, size // 14)
    draw_shape(draw, style.shape, center, r + rim + 1, WHITE)
    draw_shape(draw, style.shape, center, r, style.colour, INK, rim)
    if letter:
        fnt = font(max(9, int(size * 0.52)), bold=True)
        cx, cy = center
        if style.shape == "triangle":
            cy += r * 0.22
        draw.text((cx, cy), style.letter, font=fnt, fill=text_on(style.colour), anchor="mm")


Cell = str | Callable[[ImageDraw.ImageDraw, tuple[int, int, int, int]], None] | None


@dataclass(frozen=True)
class Column:
    title: str
    width: int
    align: str = "left"  # left | center | right


def draw_table(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell]],
    *,
    row_height: int = 36,
    header_height: int = 30,
    body_size: int = 18,
    header_size: int = 15,
    header_fill: RGB = (70, 58, 44),
    header_ink: RGB = WHITE,
    zebra: tuple[RGB, RGB] = ((255, 251, 240), (244, 236, 218)),
    row_fills: Sequence[RGB | None] | None = None,
    padding: int = 8,
) -> int:
    """A small table. A cell is text, ``None`` or a callable drawing into its box.

    Returns the y just under the table.
    """
    x0, y = origin
    total = sum(c.width for c in columns)
    body_font, head_font = font(body_size), font(header_size, bold=True)
    draw.rectangle((x0, y, x0 + total, y + header_height), fill=header_fill)
    x = x0
    for column in columns:
        _cell_text(
            draw,
            (x, y, x + column.width, y + header_height),
            column.title,
            head_font,
            header_ink,
            column.align,
            padding,
        )
        x += column.width
    y += header_height
    for index, row in enumerate(rows):
        fill = (row_fills[index] if row_fills and row_fills[index] else None) or zebra[index % 2]
        draw.rectangle((x0, y, x0 + total, y + row_height), fill=fill)
        x = x0
        for column, cell in zip(columns, row, strict=False):
            box = (x, y, x + column.width, y + row_height)
            if callable(cell):
                cell(draw, box)
            elif cell:
                _cell_text(draw, box, cell, body_font, INK, column.align, padding)
            x += column.width
        y += row_height
    draw.rectangle((x0, origin[1], x0 + total, y), outline=header_fill, width=2)
    return y


def _cell_text(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB,
    align: str,
    padding: int,
) -> None:
    x0, y0, x1, y1 = box
    text = fit_text(text, fnt, x1 - x0 - 2 * padding)
    cy = (y0 + y1) / 2
    if align == "center":
        draw.text(((x0 + x1) / 2, cy), text, font=fnt, fill=fill, anchor="mm")
    elif align == "right":
        draw.text((x1 - padding, cy), text, font=fnt, fill=fill, anchor="rm")
    else:
        draw.text((x0 + padding, cy), text, font=fnt, fill=fill, anchor="lm")


def palette_image(*samples: Image.Image, colours: int = 256) -> Image.Image:
    """A "P" image whose palette covers ``samples`` (stacked), for ``PALETTE_HINT``."""
    width = max(s.width for s in samples)
    height = sum(s.height for s in samples)
    sheet = Image.new("RGB", (width, height), WHITE)
    y = 0
    for sample in samples:
        sheet.paste(sample.convert("RGB"), (0, y))
        y += sample.height
    return sheet.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def colour_swatch(
    colours: Sequence[RGB], backgrounds: Sequence[RGB], seats: int = 5, width: int = 600
) -> Image.Image:
    """Every foreground colour as antialiased text and shapes on every background, plus all
    seat tokens: quantizing this with the static layer gives a palette for dynamic pieces."""
    cell = 40
    per_row = max(1, width // cell)
    items = [(fg, bg) for bg in backgrounds for fg in colours] + [(None, bg) for bg in backgrounds]
    rows = (len(items) + per_row - 1) // per_row
    image = Image.new("RGB", (width, rows * cell), WHITE)
    draw = ImageDraw.Draw(image)
    fnt = font(16, bold=True)
    for index, (fg, bg) in enumerate(items):
        x, y = (index % per_row) * cell, (index // per_row) * cell
        draw.rectangle((x, y, x + cell, y + cell), fill=bg)
        if fg is None:
            seat_token(draw, (x + cell / 2, y + cell / 2), index % seats, size=28)
        else:
            draw.text((x + 3, y + 3), PALETTE_GLYPHS, font=fnt, fill=fg)
            draw.ellipse((x + 22, y + 22, x + 36, y + 36), fill=fg, outline=INK)
    return image


# --- the header band (issue 12, item 5) ---------------------------------------------------------
# Discord shows an attachment ~360 px wide on a phone: the band at the top of every board says
# the game, the round or phase, whose turn it is and every seat's score in text at least
# BAND_TEXT_PX tall on a BAND_WIDTH px board (scaled with the board's width), ~8 px on a phone.
BAND_WIDTH = 1320
BAND_TEXT_PX = 30
BAND_H = 100
BAND_BG: RGB = (40, 33, 26)
BAND_INK: RGB = (250, 240, 215)
BAND_GOLD: RGB = (232, 188, 72)
BAND_RULE: RGB = (232, 188, 72)


@dataclass(frozen=True)
class Band:
    """What a board's header band says, every word already in the reader's language."""

    title: str  # the game's name
    status: str  # round / phase
    turn_label: str  # "Turn" said in the view's language
    turn: tuple[int, ...]  # seats to act (tokens)
    turn_text: str  # e.g. "Seat C", or "—"
    score_label: str  # "VP", "Devotion"...
    scores: tuple[tuple[int, int], ...]  # (seat, score) per seat, seat order
    detail: str = ""  # the step, said after the status if it fits

    def status_line(self, fits: Callable[[str], bool]) -> str:
        """The status with its detail when that fits, else the status alone."""
        full = f"{self.status} · {self.detail}" if self.detail else self.status
        return full if fits(full) else self.status


def band_scale(width: int) -> float:
    return width / BAND_WIDTH


def band_height(width: int) -> int:
    return round(BAND_H * band_scale(width))


def band_sizes(width: int) -> tuple[int, int]:
    """(title size, text size) for a board ``width`` px wide; the text size is the smallest
    text drawn in the band."""
    scale = band_scale(width)
    return math.ceil(34 * scale), math.ceil(BAND_TEXT_PX * scale)


def draw_band(image: Image.Image, band: Band, top: int = 0) -> None:
    """Draw ``band`` across the top ``band_height`` px of ``image`` (from ``top``)."""
    width = image.width
    token = TEXT_LOG.set(None)  # the band's texts are measured by band_sizes, not recorded
    try:
        _draw_band(canvas_draw(image), band, top, width)
    finally:
        TEXT_LOG.reset(token)


def _draw_band(draw: ImageDraw.ImageDraw, band: Band, top: int, width: int) -> None:
    scale = band_scale(width)
    height = band_height(width)
    title_px, text_px = band_sizes(width)
    draw.rectangle((0, top, width, top + height), fill=BAND_BG)
    draw.line((0, top + height - 2, width, top + height - 2), fill=BAND_RULE, width=2)
    pad = round(16 * scale)
    line1, line2 = top + round(27 * scale), top + round(72 * scale)
    title_font = font(title_px, bold=True)
    draw.text((pad, line1), band.title, font=title_font, fill=BAND_GOLD, anchor="lm")
    x = pad + text_advance(title_font, band.title) + round(22 * scale)
    room = width - pad - x
    line = band.status_line(lambda text: text_advance(font(text_px), text) <= room)
    status, status_font = fit_font(line, (text_px + 2, text_px), room)
    draw.text((x, line1), status, font=status_font, fill=BAND_INK, anchor="lm")
    # line 2: whose turn (left), every seat's score (right)
    small = font(text_px)
    bold = font(text_px, bold=True)
    token = round(34 * scale)
    x = pad
    draw.text((x, line2), band.turn_label, font=small, fill=BAND_INK, anchor="lm")
    x += text_advance(small, band.turn_label) + round(10 * scale)
    draw.text((x, line2), "▶", font=small, fill=BAND_GOLD, anchor="lm")
    x += text_advance(small, "▶") + round(10 * scale)
    for seat in band.turn[:5]:
        seat_token(draw, (x + token / 2, line2), seat, size=token)
        x += token + round(8 * scale)
    score_w = token + round(8 * scale) + text_advance(bold, "00") + round(18 * scale)
    right = width - pad - len(band.scores) * score_w
    label_x = right - text_advance(small, band.score_label) - round(12 * scale)
    if band.turn_text:  # a player's name: fitted before the scores
        turn_text = fit_text(band.turn_text, bold, max(0, int(label_x - x - 12 * scale)))
        draw.text((x, line2), turn_text, font=bold, fill=BAND_INK, anchor="lm")
    x = label_x
    draw.text((x, line2), band.score_label, font=small, fill=BAND_INK, anchor="lm")
    x = right
    for seat, score in band.scores:
        seat_token(draw, (x + token / 2, line2), seat, size=token)
        draw.text(
            (x + token + round(8 * scale), line2), str(score), font=bold, fill=BAND_INK, anchor="lm"
        )
        x += score_w


def with_band(board: Image.Image, band: Band) -> Image.Image:
    """``board`` under its header band (the band adds ``band_height`` px at the top)."""
    height = band_height(board.width)
    image = Image.new(board.mode, (board.width, board.height + height), None)  # not filled:
    image.paste(board, (0, height))  # the board and the band cover every pixel
    image.info.update(board.info)
    draw_band(image, band)
    return image


BAND_COLOURS: tuple[RGB, ...] = (BAND_INK, BAND_GOLD)


# --- the focus image (issue 12, item 5) ---------------------------------------------------------
# A phone shows a tapped-open picture at its screen width (~360-430 CSS px, 2-3 device pixels
# each): the focus image is at most FOCUS_MAX_W px wide and its texts are at least
# FOCUS_TEXT_PX px tall. One- and two-letter tags (seat letters inside their coloured shape, die
# colour codes) may stay smaller: colour and shape say the same.
FOCUS_MAX_W = 720
FOCUS_TEXT_PX = 18
FOCUS_TAG_PX = 14
FOCUS_PAD = 8
FOCUS_MAX_SCALE = 2.0
Box = tuple[int, int, int, int]


def is_word(text: str) -> bool:
    """A text that must meet FOCUS_TEXT_PX: three characters or more; shorter tags (seat
    letters, hex ids, die colour codes) must meet FOCUS_TAG_PX."""
    return len(text.strip()) >= 3


def smallest_text(
    texts: Sequence[DrawnText], boxes: Sequence[Box], canvas: tuple[int, int], words: bool = True
) -> int | None:
    """The smallest font size of a word (or, ``words=False``, a tag) drawn on the board
    (``canvas``: its size under the band) and anchored inside one of ``boxes``."""
    sizes = [
        t.size
        for t in texts
        if is_word(t.text) == words
        and t.canvas == canvas
        and any(x0 <= t.x <= x1 and y0 <= t.y <= y1 for x0, y0, x1, y1 in boxes)
    ]
    return min(sizes) if sizes else None


def focus_scale(
    texts: Sequence[DrawnText],
    boxes: Sequence[Box],
    canvas: tuple[int, int],
    floor: int | None = None,
) -> float:
    """How much ``boxes`` are enlarged so their smallest word is FOCUS_TEXT_PX px tall and
    their smallest tag FOCUS_TAG_PX; ``floor``: the smallest text of pasted tiles in the boxes
    (drawn on their own images, maybe cached, so not recorded here)."""
    word = min(filter(None, (smallest_text(texts, boxes, canvas), floor)), default=None)
    tag = smallest_text(texts, boxes, canvas, words=False)
    scale = max(FOCUS_TEXT_PX / word if word else 1.0, FOCUS_TAG_PX / tag if tag else 1.0)
    return min(FOCUS_MAX_SCALE, max(1.0, scale))


def focus_image(
    board: Image.Image,
    boxes: Sequence[Box],
    texts: Sequence[DrawnText],
    top: int = 0,
    background: RGB = PAPER,
    floor: int | None = None,
) -> Image.Image:
    """The ``boxes`` of ``board`` (coordinates of the board under its band; ``top`` = the
    band's height) enlarged until their smallest word is FOCUS_TEXT_PX px, packed in rows at
    most FOCUS_MAX_W px wide. A box wider than that is cut into slices set one under the other.
    """
    width, height = board.width, board.height - top
    clipped = [
        (max(0, int(x0)), max(0, int(y0)), min(width, int(x1)), min(height, int(y1)))
        for x0, y0, x1, y1 in boxes
    ]
    clipped = [b for b in dict.fromkeys(clipped) if b[2] > b[0] and b[3] > b[1]]
    if not clipped:
        clipped = [(0, 0, width, min(height, 400))]
    scale = focus_scale(texts, clipped, (width, height), floor)
    room = FOCUS_MAX_W - 2 * FOCUS_PAD
    pieces: list[Image.Image] = []
    for x0, y0, x1, y1 in clipped:
        slices = max(1, math.ceil((x1 - x0) * scale / room))
        slice_w = math.ceil((x1 - x0) / slices)
        for left in range(x0, x1, slice_w):
            right = min(x1, left + slice_w)
            crop = board.crop((left, y0 + top, right, y1 + top))
            size = (max(1, round(crop.width * scale)), max(1, round(crop.height * scale)))
            pieces.append(crop.resize(size, Image.Resampling.LANCZOS) if scale != 1.0 else crop)
    rows: list[list[Image.Image]] = [[]]
    used = 0
    for piece in pieces:
        if rows[-1] and used + FOCUS_PAD + piece.width > room:
            rows.append([])
            used = 0
        used += piece.width + (FOCUS_PAD if rows[-1] else 0)
        rows[-1].append(piece)
    out_w = min(
        FOCUS_MAX_W, max(sum(p.width for p in row) + FOCUS_PAD * (len(row) + 1) for row in rows)
    )
    out_h = sum(max(p.height for p in row) for row in rows) + FOCUS_PAD * (len(rows) + 1)
    image = Image.new("RGB", (out_w, out_h), background)
    y = FOCUS_PAD
    for row in rows:
        x = FOCUS_PAD
        for piece in row:
            image.paste(piece, (x, y))
            x += piece.width + FOCUS_PAD
        y += max(p.height for p in row) + FOCUS_PAD
    image.info["scarab.focus_scale"] = scale
    return image
