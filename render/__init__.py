"""What a match looks like: board images and private panels, drawn from views only.

``render.board(game_id, view)`` and ``render.panel(game_id, private_view)`` return PIL images;
``render.png(image, meta=...)`` turns one into compact PNG bytes for Discord, optionally with a
``scarab`` text chunk (``match=<id>;version=<n>``) that ``render.png_meta(data)`` reads back;
``render.focus(game_id, view)`` draws the region the current decision is about, readable on a
phone. Each game is a package ``render.<game_id>`` (layout, words, static, board, seats, focus,
panel; see docs/architecture.md), imported on first use; shared helpers are in render.common.
"""

from __future__ import annotations

import importlib
import io
from types import ModuleType
from typing import Any

from PIL import Image, PngImagePlugin

from render.common import PALETTE_HINT

__all__ = ["board", "board_and_focus", "focus", "meta_text", "panel", "png", "png_meta", "renderer"]

META_KEY = "scarab"  # the PNG text chunk saying which match version a picture was drawn from


def renderer(game_id: str) -> ModuleType:
    """The ``render.<game_id>`` module (imported lazily, once)."""
    if not game_id.isidentifier():
        raise KeyError(f"no renderer for {game_id!r}")
    try:
        return importlib.import_module(f"render.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"render.{game_id}":
            raise KeyError(f"no renderer for {game_id!r}") from None
        raise


def board(
    game_id: str,
    view: dict[str, Any],
    highlight: str | list[str] | None = None,
    locale: str | None = None,
) -> Image.Image:
    """The public board of ``view``; ``highlight`` outlines the named places (option ids);
    ``locale``: the language of its words (``lang.SUPPORTED``; English by default)."""
    return renderer(game_id).board(view, highlight=highlight, locale=locale or "en")


def panel(game_id: str, private_view: dict[str, Any], locale: str | None = None) -> Image.Image:
    """One seat's private panel (/hand, DMs) from its private view, in ``locale``."""
    return renderer(game_id).panel(private_view, locale=locale or "en")


def focus(
    game_id: str,
    view: dict[str, Any],
    highlight: str | list[str] | None = None,
    locale: str | None = None,
) -> Image.Image:
    """A small picture of the region the current decision is about (``render.<game>.focus``),
    readable on a phone when tapped open; sent beside the full board."""
    return renderer(game_id).focus(view, highlight=highlight, locale=locale or "en")


def board_and_focus(
    game_id: str,
    view: dict[str, Any],
    highlight: str | list[str] | None = None,
    locale: str | None = None,
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` of ``view``, the board drawn once for both (what a turn post
    shows); a game whose renderer has no ``board_and_focus`` draws them one after the other.
    Raises ``AttributeError`` when the game draws no focus image."""
    module = renderer(game_id)
    both = getattr(module, "board_and_focus", None)
    if both is not None:
        return both(view, highlight=highlight, locale=locale or "en")
    return (
        module.board(view, highlight=highlight, locale=locale or "en"),
        module.focus(view, highlight=highlight, locale=locale or "en"),
    )


def meta_text(match: int, version: int) -> str:
    """The ``scarab`` chunk's text for a picture drawn from ``version`` of ``match``."""
    return f"match={int(match)};version={int(version)}"


def png(image: Image.Image, compress_level: int = 2, meta: str | None = None) -> bytes:
    """Compact PNG bytes: a 256-colour palette image (zlib level 2: twice as fast as 6 for
    about 25 % more bytes, and a little faster than 3 for 5 % more; a board stays near 150 KB).

    A renderer may leave a "P" image in ``image.info[PALETTE_HINT]``; the picture is then mapped
    onto that palette (fast, no dithering). Otherwise an adaptive palette is computed.
    ``meta`` (e.g. ``meta_text(match, version)``) is written as a ``tEXt`` chunk ``scarab``, so a
    posted picture says from outside which match version it shows.
    """
    hint = image.info.get(PALETTE_HINT)
    if image.mode == "P":
        indexed = image
    elif hint is not None and image.mode == "RGB":
        indexed = image.quantize(palette=hint, dither=Image.Dither.NONE)
    else:
        rgb = image.convert("RGBA" if "A" in image.mode else "RGB")
        indexed = rgb.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if indexed is not image:
        indexed.info.pop(PALETTE_HINT, None)
    buffer = io.BytesIO()
    if meta is None:
        indexed.save(buffer, "PNG", compress_level=compress_level)
    else:
        info = PngImagePlugin.PngInfo()
        info.add_text(META_KEY, meta)
        indexed.save(buffer, "PNG", compress_level=compress_level, pnginfo=info)
    return buffer.getvalue()


def png_meta(data: bytes) -> dict[str, str]:
    """The ``scarab`` chunk of PNG ``data`` as a dict (``{"match": "12", "version": "7"}``);
    empty when the picture has none."""
    with Image.open(io.BytesIO(data)) as image:
        text = image.text.get(META_KEY, "") if hasattr(image, "text") else ""
    pairs = (part.partition("=") for part in text.split(";") if "=" in part)
    return {key.strip(): value.strip() for key, _, value in pairs}
