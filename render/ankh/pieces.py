"""Ankh's pieces: tokens, order tokens, monuments and figure sprites, drawn once and cached."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

import lang
from render.ankh.layout import GOLD, SPRITE_CY, SPRITE_H, SPRITE_W, STONE, SUN
from render.ankh.words import GUARDIAN_SHORT
from render.common import (
    INK,
    RGB,
    WHITE,
    draw_shape,
    font,
    seat_style,
    text_on,
)


# --- pieces ------------------------------------------------------------------------------------
def token(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    seat: int,
    size: int = 26,
    letter: bool = True,
) -> None:
    """``common.seat_token`` drawn with filled shapes only: Pillow builds a full-image mask for
    every polygon outlined wider than 1 px, which would cost milliseconds per piece."""
    style = seat_style(seat)
    r = size / 2
    rim = max(1, size // 14)
    draw_shape(draw, style.shape, center, r + rim + 1, WHITE)
    draw_shape(draw, style.shape, center, r + rim / 2, INK)
    draw_shape(draw, style.shape, center, r - rim / 2, style.colour)
    if letter:
        fnt = font(max(14, int(size * 0.52)), bold=True)
        cx, cy = center
        if style.shape == "triangle":
            cy += r * 0.22
        draw.text((cx, cy), style.letter, font=fnt, fill=text_on(style.colour), anchor="mm")


def outline(
    draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], fill: RGB, width: int
) -> None:
    """A closed outline drawn as lines (no full-image polygon mask)."""
    draw.line([*points, points[0], points[1]], fill=fill, width=width, joint="curve")


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt,
    fill: RGB,
    ink: RGB,
    outline: RGB | None = None,
) -> None:
    w = fnt.getlength(text) + 8
    x, y = xy
    draw.rectangle((x - w / 2, y - 9, x + w / 2, y + 9), fill=fill, outline=outline)
    draw.text((x, y), text, font=fnt, fill=ink, anchor="mm")


def sun(draw: ImageDraw.ImageDraw, xy: tuple[float, float], r: float = 7) -> None:
    x, y = xy
    for angle in range(0, 360, 45):
        dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        draw.line((x + dx * r, y + dy * r, x + dx * (r + 4), y + dy * (r + 4)), fill=INK, width=2)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=SUN, outline=INK, width=2)


def order_token(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], number: int | None, r: float = 15
) -> None:
    x, y = xy
    draw.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=WHITE)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=INK, outline=GOLD, width=2)
    label = "?" if number is None else str(number)
    draw.text((x, y), label, font=font(max(14, int(r * 1.2)), bold=True), fill=WHITE, anchor="mm")


def draw_monument_shape(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], kind: str, fill: RGB, scale: float = 1.0
) -> None:
    x, y = xy
    s = scale
    if kind == "obelisk":
        points = [
            (x - 7 * s, y + 18 * s),
            (x - 5 * s, y - 12 * s),
            (x, y - 20 * s),
            (x + 5 * s, y - 12 * s),
            (x + 7 * s, y + 18 * s),
        ]
        draw.polygon(points, fill=fill)
        outline(draw, points, INK, 2)
    elif kind == "temple":
        roof = [(x - 19 * s, y - 8 * s), (x, y - 19 * s), (x + 19 * s, y - 8 * s)]
        draw.polygon(roof, fill=fill)
        outline(draw, roof, INK, 2)
        draw.rectangle(
            (x - 17 * s, y + 13 * s, x + 17 * s, y + 18 * s), fill=fill, outline=INK, width=2
        )
        for dx in (-12, -4, 4, 12):
            draw.rectangle(
                (x + (dx - 2) * s, y - 7 * s, x + (dx + 2) * s, y + 13 * s),
                fill=fill,
                outline=INK,
                width=1,
            )
    else:  # pyramid
        body = [(x - 21 * s, y + 17 * s), (x, y - 18 * s), (x + 21 * s, y + 17 * s)]
        draw.polygon(body, fill=fill)
        outline(draw, body, INK, 2)
        draw.line((x, y - 18 * s, x + 5 * s, y + 17 * s), fill=INK, width=1)


def _owner_colour(owner: Any) -> RGB | None:
    return seat_style(int(owner)).colour if isinstance(owner, int) else None


def _draw_monument(draw, monument: dict[str, Any], xy: tuple[float, float]) -> None:
    owner = monument.get("owner")
    colour = _owner_colour(owner) or STONE
    x, y = xy
    draw_monument_shape(draw, (x - 4, y + 4), str(monument.get("type", "")), colour)
    if isinstance(owner, int):  # the controller's ankh token; neutral: grey, no token
        token(draw, (x + 19, y + 14), owner, size=18)


def _draw_figure(draw, figure: dict[str, Any], xy: tuple[float, float], locale: str = "en") -> None:
    owner = int(figure.get("owner", 0) or 0)
    kind = str(figure.get("kind", "warrior"))
    x, y = xy
    if kind == "god":
        token(draw, (x, y), owner, size=32)
        draw.ellipse((x - 23, y - 23, x + 23, y + 23), outline=INK, width=5)
        draw.ellipse((x - 22, y - 22, x + 22, y + 22), outline=GOLD, width=3)
    else:
        token(draw, (x, y), owner, size=26)
    if kind not in ("god", "warrior"):
        short = lang.localise(GUARDIAN_SHORT.get(kind, kind[:6]), locale)
        pill(draw, (x, y + 26), short, font(14, bold=True), INK, WHITE)
    if figure.get("radiant"):
        sun(draw, (x + 20, y - 15), 6)


@functools.lru_cache(maxsize=512)
def sprite(
    kind: str, owner: int | None, radiant: bool = False, monument: bool = False, locale: str = "en"
) -> tuple[Image.Image, Image.Image, int, int]:
    """A figure or monument drawn once on a transparent tile (RGB + mask), pasted per call
    (per language too: a guardian carries its name)."""
    tile = Image.new("RGBA", (SPRITE_W, SPRITE_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    xy = (SPRITE_W / 2, SPRITE_CY)
    if monument:
        _draw_monument(draw, {"type": kind, "owner": owner}, xy)
    else:
        _draw_figure(draw, {"kind": kind, "owner": owner, "radiant": radiant}, xy, locale)
    mask = tile.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
    box = mask.getbbox() or (0, 0, 1, 1)
    return tile.convert("RGB").crop(box), mask.crop(box), box[0], box[1]


def paste_sprite(
    image: Image.Image, tile: tuple[Image.Image, Image.Image, int, int], xy: tuple[float, float]
) -> None:
    rgb, mask, dx, dy = tile
    image.paste(rgb, (round(xy[0] - SPRITE_W / 2) + dx, round(xy[1] - SPRITE_CY) + dy), mask)
