"""Tekhenu's focus image: the region the current decision is about, readable on a phone."""

from __future__ import annotations

from PIL import Image

from render.common import (
    band_height,
    focus_image,
    recording_texts,
)
from render.tekhenu.board import board
from render.tekhenu.layout import (
    HEADER_H,
    M_GAP,
    M_H,
    M_TITLE_H,
    M_W,
    M_Y,
    MARGIN,
    O_X,
    OB_Y,
    SEC_GAP,
    SEC_H,
    SIDE_X,
    T_H,
    T_WEST_X,
    T_Y,
    WIDTH,
    Box,
    static_key,
    strip_box,
)
from render.tekhenu.static import static_layer, static_texts
from rules.tekhenu.data import (
    GODS,
)
from rules.tekhenu.view import PrivateView

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
    view: PrivateView, *, highlight: str | list[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The region the current decision is about, enlarged to read on a phone."""
    return board_and_focus(view, highlight=highlight, locale=locale)[1]


def board_and_focus(
    view: PrivateView, *, highlight: str | list[str] | None = None, locale: str = "en"
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` from one drawing of the board (a turn post shows both)."""
    with recording_texts() as texts:
        image = board(view, highlight=highlight, locale=locale)
    printed = static_texts(static_key(view), locale or "en")
    return image, focus_image(
        image,
        focus_boxes(view, highlight, locale),
        [*printed, *texts],
        top=band_height(image.width),
    )


def focus_boxes(
    view: PrivateView, highlight: str | list[str] | None = None, locale: str = "en"
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
            strip_box(layout, index)
            for index, player in enumerate(players)
            if int(player.get("seat", index)) in acting
        ] or [(0, 0, WIDTH, HEADER_H)]
    return boxes
