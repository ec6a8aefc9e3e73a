"""Pure, deterministic game engines. ``rules.get(game_id)`` returns one; ``rules.ENGINES`` maps
ids to engines. Importing this package registers every game: each game package registers its
engine at the bottom of its own module."""

from rules import amunre, ankh, plagues, tekhenu  # noqa: F401
from rules.registry import ENGINES, get, register

__all__ = ["ENGINES", "get", "register"]
