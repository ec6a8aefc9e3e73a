"""Amun-Re: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/amunre.md are read, never engine state. The static layer
(Nile, banks, region bands, province frames with their permanent features) is drawn once per
province layout and language and cached; each call copies it and draws the pieces of the moment.
Every word is said in the match's language (``locale``): labels through ``lang.t`` and texts of
the view (``Msg``) through ``lang.localise``.

Modules: ``layout`` (geometry, colours), ``words`` (labels; names from the data module),
``static`` (the cached static layer), ``board``, ``seats`` (the score table), ``focus``, ``panel``.
"""

from __future__ import annotations

from render.amunre.board import board, header_band
from render.amunre.focus import board_and_focus, focus, focus_boxes
from render.amunre.layout import static_key
from render.amunre.panel import panel
from render.amunre.static import static_layer

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
