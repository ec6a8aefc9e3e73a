"""What a match looks like: board images and private panels, drawn from views only.

``render.board(game_id, view)`` and ``render.panel(game_id, private_view)`` return PIL images;
``render.png(image)`` turns one into compact PNG bytes for Discord. Each game lives in
``render.<game_id>`` and is imported on first use.
"""

from __future__ import annotations

import importlib
import io
from types import ModuleType
from typing import Any

from PIL import Image

from render.common import PALETTE_HINT

__all__ = ["board", "panel", "png", "renderer"]


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


def board(game_id: str, view: dict[str, Any], highlight: str | list[str] | None = None,
          locale: str | None = None) -> Image.Image:
    """The public board of ``view``; ``highlight`` outlines the named places (option ids);
    ``locale``: the language of its words (``lang.SUPPORTED``; English by default)."""
    return renderer(game_id).board(view, highlight=highlight, locale=locale or "en")


def panel(game_id: str, private_view: dict[str, Any], locale: str | None = None
          ) -> Image.Image:
    """One seat's private panel (/hand, DMs) from its private view, in ``locale``."""
    return renderer(game_id).panel(private_view, locale=locale or "en")


def png(image: Image.Image, compress_level: int = 3) -> bytes:
    """Compact PNG bytes: a 256-colour palette image (zlib level 3: twice as fast as 6 for
    about 20 % more bytes; a board stays near 100 KB).

    A renderer may leave a "P" image in ``image.info[PALETTE_HINT]``; the picture is then mapped
    onto that palette (fast, no dithering). Otherwise an adaptive palette is computed.
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
    indexed.save(buffer, "PNG", compress_level=compress_level)
    return buffer.getvalue()
