"""The front end through which ``python -m bot`` serves players: Discord (``cogs.client``).

It is found by the package's entry point (``[project.entry-points."scarab.frontends"]`` in
pyproject.toml), so this layer starts the one above it without importing it: ``bot/`` is the
match service, storage and scheduling, and knows nothing of Discord.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Protocol

from bot.errors import SettingsError

if TYPE_CHECKING:
    from bot.settings import Settings
    from bot.storage import Storage

GROUP = "scarab.frontends"
DISCORD = "discord"


class Frontend(Protocol):
    async def run(self, settings: Settings, storage: Storage) -> None:
        """Log in and serve until the connection closes."""

    async def sync_commands(self, settings: Settings, storage: Storage) -> None:
        """Log in, register the commands once, and return."""


def load_frontend(name: str = DISCORD) -> Frontend:
    """The installed front end ``name``; a ``SettingsError`` when none is installed."""
    found = entry_points(group=GROUP, name=name)
    if not found:
        raise SettingsError(
            f"No {name!r} front end is installed: run `pip install -e .` in the checkout "
            "(pyproject.toml declares it)."
        )
    frontend: Frontend = next(iter(found)).load()
    return frontend
