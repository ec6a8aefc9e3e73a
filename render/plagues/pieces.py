"""10 Plagues' small pieces: rounded boxes, labels, tiles, markers and dice."""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image, ImageDraw

from lang import t
from render.common import (
    INK,
    INK_SOFT,
    PAPER,
    RGB,
    WHITE,
    font,
    seat_style,
    text_on,
)
from render.plagues.layout import TILE_FILL, USED_DIE, Box
from render.plagues.words import fit, text_px, tile_kind, tile_text


def draw_label(
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
    text, fnt = fit(str(text), size, bold, int(width), smallest)
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)
    return text_px(fnt, text)


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


def rrect(
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


def draw_tile(
    draw: ImageDraw.ImageDraw, box: Box, tile: str, size: int = 15, loc: str = "en"
) -> None:
    fill = TILE_FILL.get(tile_kind(tile), PAPER)
    rrect(draw, box, radius=6, fill=fill, outline=INK, width=2)
    text = tile_text(tile, loc)
    width = box[2] - box[0] - 6
    fnt = font(size, bold=True)
    if text_px(fnt, text) > width:
        text, fnt = fit(text, 14, False, width)
    draw.text(
        ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
        text,
        font=fnt,
        fill=text_on(fill),
        anchor="mm",
    )


def clamp(value: Any, last: int) -> int:
    try:
        return max(0, min(last, int(value)))
    except (TypeError, ValueError):
        return 0


def marker(draw: ImageDraw.ImageDraw, box: Box, seat: int, label: str) -> None:
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


def die(draw: ImageDraw.ImageDraw, box: Box, label: str, used: bool, loc: str = "en") -> None:
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    if used:
        rrect(draw, box, radius=5, fill=USED_DIE, outline=INK_SOFT, width=1)
        draw.text((cx, cy - 6), label, font=font(16, bold=True), fill=WHITE, anchor="mm")
        draw_label(
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
        rrect(draw, box, radius=5, fill=WHITE, outline=INK, width=2)
        draw.text((cx, cy), label, font=font(20, bold=True), fill=INK, anchor="mm")
