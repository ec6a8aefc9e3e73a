"""Ankh: Gods of Egypt: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/ankh.md are read, never engine state. Three layers:

- the static layer (terrain hexes with their ids, the Nile, section frames, the devotion track
  cells), cached per board + player count;
- the region layer (region outlines and camels), cached per camel/region layout, which changes
  only on a Camel Caravan;
- the pieces of the moment (monuments, figures, tokens, tracks, tables), drawn on a copy.

Every hex carries its option id (``c4``); a camel edge ``camel:c4-c5`` is the edge between the
two labelled hexes. ``highlight`` takes hex ids, region ids or option ids (``to:c4``,
``camel:c4-c5``, ``aim:g5+h5``, ``keep:west1``, ``act:move``).

Modules: ``layout`` (geometry, colours, hex grid), ``words`` (labels; names from the data module),
``pieces`` (tokens, monuments, figure sprites), ``static`` (the cached static and region layers),
``board``, ``seats`` (the player table), ``focus``, ``panel``.
"""

from __future__ import annotations

from render.ankh.board import board, header_band
from render.ankh.focus import board_and_focus, focus, focus_boxes
from render.ankh.layout import static_key
from render.ankh.panel import panel
from render.ankh.static import region_key, region_layer, static_layer

__all__ = [
    "board",
    "board_and_focus",
    "focus",
    "focus_boxes",
    "header_band",
    "panel",
    "region_key",
    "region_layer",
    "static_key",
    "static_layer",
]
