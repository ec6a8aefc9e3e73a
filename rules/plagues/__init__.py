"""10 Plagues of Egypt (Marcos Macri, MS Jogos 2024): 1 (solo vs. the AI seat) to 4 seats.

Modules follow the rulebook: ``setup``, ``dice`` (phase 1), ``territories`` (phase 2),
``plague`` (phase 3), ``rounds`` (Moses, end of round, game end), ``uses`` (Pharaoh tile and
territory cards), ``board`` (province board and tracks), ``solo`` (the AI seat), ``scoring``,
``data``, ``state``, ``tasks`` (decision stacks), ``steps`` (each task kind's handlers), ``view``,
``ai`` and ``engine``.
"""

from rules.plagues.engine import ENGINE, PlaguesEngine
from rules.registry import register

__all__ = ["ENGINE", "PlaguesEngine"]

register(ENGINE)
