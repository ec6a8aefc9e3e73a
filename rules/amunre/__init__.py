"""Amun-Re (Reiner Knizia; 2016 edition): 3-5 seats, two kingdoms of three rounds.

Modules follow the rulebook: ``setup``, one module per phase (``auction``, ``purchase``,
``offering``, ``harvest``), ``scoring``, the ``data`` module, ``state`` helpers, ``view``,
``ai`` and ``engine``. The engine registers itself here.
"""

from rules.amunre.engine import ENGINE, AmunReEngine
from rules.registry import register

__all__ = ["ENGINE", "AmunReEngine"]

register(ENGINE)
