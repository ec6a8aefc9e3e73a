"""10 Plagues of Egypt: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/plagues.md are read, never engine state; the printed board
data (papyrus, tracks, bonus edges, Hebrew column) comes from rules/plagues/data.py. The static
layer (collective board frames, papyrus table, every province board with its grids, tracks and
labels) is drawn once per table set-up and cached; each call copies it and draws the pieces.

Labels match the option ids (docs/notation/plagues.md): dice spaces ``tile:k``, die cards
``die:k``, cells ``c0``..``f5`` (``space:c4``), Hebrews ``hebrew:v``, discard ``recover:A``,
territory cards ``pick:<id>`` / ``card:<id>``, loss parts ``cancel:n``, tracks ``track:city``.

Modules: ``layout`` (geometry, colours, boxes), ``words`` (labels; names from the data module),
``pieces`` (boxes, labels, tiles, dice), ``static`` (the cached static layer), ``board``,
``seats`` (the province boards and the final score table), ``focus``, ``panel``.
"""

from __future__ import annotations

from render.plagues.board import board, header_band
from render.plagues.focus import board_and_focus, focus, focus_boxes
from render.plagues.layout import static_key
from render.plagues.panel import panel
from render.plagues.static import static_layer

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
