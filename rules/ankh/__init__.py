"""Ankh: Gods of Egypt (Eric M. Lang; 2021): 2-5 seats, gods fighting for devotion.

Modules follow the rulebook: ``setup``, ``actions`` (the turn and the four actions),
``events`` (Control Monument, Camel Caravan), ``conflict`` (Conflict, battles, cards,
powers), ``late`` (merge, forgotten gods, victory), the ``data`` and ``board`` modules,
``state`` helpers, ``flow`` (the task stack), ``steps`` (each task kind's handlers), ``view``,
``ai`` and ``engine``. The engine registers itself here.
"""

import rules.registry
from rules.ankh.engine import ENGINE, AnkhEngine

__all__ = ["ENGINE", "AnkhEngine"]

rules.registry.register(ENGINE)
