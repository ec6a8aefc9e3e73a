"""The environment of a real ``python -m bot`` process run against the fake Discord."""

from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
BOOT = Path(__file__).resolve().parent / "boot"  # sitecustomize: the kill points and fast clock
_OWN_KEYS = ("DISCORD_TOKEN", "DATABASE", "DEV_GUILD_ID", "LOG_LEVEL")


def bot_env(fake: FakeDiscord, database: str, **extra: str) -> dict[str, str]:
    """This process's environment, pointed at ``fake`` and ``database``, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in _OWN_KEYS}
    env.update(
        PYTHONPATH=f"{BOOT}{os.pathsep}{ROOT}",
        SCARAB_FAKE_DISCORD=fake.http_base,
        SCARAB_FAST="1",
        DISCORD_TOKEN="fake-token",
        DATABASE=database,
        DEV_GUILD_ID=str(fake.guild_id),
        LOG_LEVEL="ERROR",
    )
    env.update(extra)
    return env
