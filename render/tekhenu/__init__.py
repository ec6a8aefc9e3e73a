"""Tekhenu: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/tekhenu.md are read, never engine state; the printed board
(temple rewards and border colours, building costs, Osiris effects, market slots, pillar tiles,
card texts) comes from the rules data module. The static layer (frames, grids, printed values)
is drawn once per seat count and cached; each call copies it and draws the pieces of the moment.

Labels match the option ids: god sections by god id (``act:ra``, ``die:ra:white5`` with dice
shown as value + colour code), temple spaces ``t<r><c>``, building spaces ``w0..w4 s0..s4``,
people-statue spaces ``pt_e2 pt_n2 po_work po_quar``, Osiris spaces ``o<row>_<district>``,
market sections 1-4 (``section:<n>``) and card ids (``card:B05``).

Modules: ``layout`` (geometry, colours, boxes), ``words`` (labels; names from the data module),
``pieces`` (cached tokens, dice, bars), ``static`` (the cached static layer), ``board``,
``seats`` (the seat strips), ``focus``, ``panel``.
"""

from __future__ import annotations

from render.tekhenu.board import board, header_band
from render.tekhenu.focus import board_and_focus, focus, focus_boxes
from render.tekhenu.layout import static_key
from render.tekhenu.panel import panel
from render.tekhenu.static import static_layer

__all__ = [
    "board",
    "board_and_focus",
    "focus",
    "focus_boxes",
    "header_band",
    "panel",
    "static_key",
    "static_layer",
]
