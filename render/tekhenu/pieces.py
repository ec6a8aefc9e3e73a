"""Tekhenu's small pieces, drawn once and cached: seat tokens, dice, bars, production tracks."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from render.common import (
    INK,
    INK_SOFT,
    RGB,
    WHITE,
    canvas_draw,
    fit_text,
    font,
    seat_token,
    text_on,
)
from render.tekhenu.layout import DIE, DIE_FILL, PANEL_FILL, PROD_STEP, RES_FILL, TRACK_FILL, Box
from render.tekhenu.words import RESOURCE_TEXT, die_codes, length, say
from rules.tekhenu.data import (
    RESOURCES,
    TRIANGLES,
)


@functools.lru_cache(maxsize=256)
def _token_sprite(seat: int, size: int) -> tuple[Image.Image, Image.Image, int]:
    half = size // 2 + size // 5 + 4
    sprite = Image.new("RGBA", (2 * half, 2 * half), (0, 0, 0, 0))
    seat_token(ImageDraw.Draw(sprite), (half, half), seat, size=size)
    return sprite.convert("RGB"), sprite.getchannel("A"), half


def token(
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


def die_piece(
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
    label = die_codes(loc).get(colour, "?") if code and size >= 30 else None
    sprite, mask = _die_sprite(colour, int(value), size, label)
    canvas = getattr(draw, "canvas", None)
    if canvas is not None:
        canvas.paste(sprite, (x, y), mask)
    return (x, y, x + size, y + size)


def track_bar(draw: ImageDraw.ImageDraw, xy: tuple[int, int], value: int, colour: RGB) -> None:
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


def production_track(
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
        name = say(RESOURCE_TEXT[res], loc)
        size = 14 if length(name, 14) <= 72 else 12
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
