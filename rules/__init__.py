"""Pure, deterministic game engines. ``rules.get(game_id)`` returns one; ``rules.ENGINES`` maps
ids to engines. Importing this package registers every game."""

from rules.registry import ENGINES, get, register

__all__ = ["ENGINES", "get", "register"]
from rules import amunre  # noqa: F401,E402
