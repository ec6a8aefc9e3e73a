"""Tekhenu: Obelisk of the Sun (Daniele Tascini, Dávid Turczi; 2020): 1-4 seats, 16 rounds.

Modules follow the rulebook: ``setup``, ``turn`` (taking a die), ``actions`` (the six God
actions and Production), ``tracks`` (Populace track), ``cards`` (market), ``flow`` (rounds,
Rotations, Maat phases), ``scoring``, ``solo`` (Botankhamun), the ``data`` module, ``state``
helpers, ``steps`` (each step kind's handlers, and ``advance``), ``plan`` and ``payment`` (rules
across steps), ``view``, ``ai`` and ``engine``. The engine registers itself here.
"""

from rules.registry import register
from rules.tekhenu.engine import ENGINE, TekhenuEngine

__all__ = ["ENGINE", "TekhenuEngine"]

register(ENGINE)
