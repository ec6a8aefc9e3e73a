"""Settings from the environment, falling back to a ``.env`` file in the working directory."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from bot.errors import SettingsError

DEFAULT_DATABASE = "scarab.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
TOKEN_MISSING = (
    "Scarab needs a Discord bot token: set DISCORD_TOKEN in the environment or in a .env file "
    "(see .env.example)."
)


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None
    database: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    keep_finished_days: float | None = None  # None: finished matches are kept for ever
    # TURN_TIME_SECONDS: the default time per decision of new tables instead of 24 h, so tests
    # can reach deadlines, reminders and take-overs through the real bot. Never offered to
    # players (/game and /admin still offer the usual choices).
    turn_time_seconds: float | None = None
    sync_commands: bool = True  # `python -m bot run --no-sync` leaves commands as they are
    # SHARD_COUNT / SHARD_IDS (issue 15): this process serves these of ``shard_count`` shards
    # (None: all of them); several processes may share one PostgreSQL database.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    render_processes: int | None = None  # RENDER_PROCESSES; None: one per core, 0: a thread

    @property
    def holds_shard_zero(self) -> bool:
        """Shard 0 gets every DM interaction, and ``run`` syncs the commands only there."""
        return self.shard_ids is None or 0 in self.shard_ids

    @property
    def log_level_number(self) -> int:
        return logging.getLevelName(self.log_level)

    def __repr__(self) -> str:  # never print the token
        token = "set" if self.token else "missing"
        return (
            f"Settings(token={token}, database={redact(self.database)!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_level={self.log_level!r}, "
            f"keep_finished_days={self.keep_finished_days!r}, "
            f"turn_time_seconds={self.turn_time_seconds!r}, shard_count={self.shard_count!r}, "
            f"shard_ids={self.shard_ids!r})"
        )


def redact(database: str) -> str:
    """A ``DATABASE`` value without the password a PostgreSQL URL may carry."""
    hidden = re.sub(r"^(\w+://[^:/@]*):[^@]*@", r"\1:***@", database)
    return re.sub(r"([?&]password=)[^&]*", r"\1***", hidden)


def _positive_number(merged: Mapping[str, str | None], key: str, what: str) -> float | None:
    raw = _read(merged, key)
    if raw is None:
        return None
    try:
        value = float(raw)
    except ValueError:
        value = None
    if value is None or not 0 < value < 1e7:
        raise SettingsError(f"{key} must be {what} above zero (or empty), not {raw!r}.")
    return value


def _shards(merged: Mapping[str, str | None]) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS (a comma list of shard numbers below SHARD_COUNT)."""
    count_raw, ids_raw = _read(merged, "SHARD_COUNT"), _read(merged, "SHARD_IDS")
    count = None
    if count_raw is not None:
        count = int(count_raw) if count_raw.isdigit() else 0
        if not 0 < count <= 10_000:
            raise SettingsError(
                f"SHARD_COUNT must be a whole number above zero, not {count_raw!r}."
            )
    if ids_raw is None:
        return count, None
    if count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT (how many shards the bot has in all).")
    parts = [part.strip() for part in ids_raw.split(",")]
    if not all(part.isdigit() and int(part) < count for part in parts):
        raise SettingsError(
            f"SHARD_IDS must be a comma list of shard numbers from 0 to {count - 1}, "
            f"not {ids_raw!r}."
        )
    return count, tuple(sorted({int(part) for part in parts}))


def _read(environ: Mapping[str, str | None], key: str) -> str | None:
    value = environ.get(key)
    if value is None:
        return None
    value = value.strip()
    return value or None


def load_settings(
    environ: Mapping[str, str] | None = None, *, env_file: str | os.PathLike[str] | None = None
) -> Settings:
    """Read settings.

    With ``environ=None`` the process environment is used, on top of ``.env`` in the current
    directory (or ``env_file``); real environment variables win over the file. An explicit
    ``environ`` mapping is used alone (``env_file`` is still read if given), which tests use.
    Empty values count as unset. Raises ``SettingsError`` for unusable values.
    """
    merged: dict[str, str | None] = {}
    path = (
        Path(env_file)
        if env_file is not None
        else (Path.cwd() / ".env" if environ is None else None)
    )
    if path is not None and path.is_file():
        merged.update(dotenv_values(path))
    merged.update(os.environ if environ is None else environ)

    guild_raw = _read(merged, "DEV_GUILD_ID")
    dev_guild_id = None
    if guild_raw is not None:
        try:
            dev_guild_id = int(guild_raw)
        except ValueError:
            raise SettingsError(
                f"DEV_GUILD_ID must be a Discord server id (a number), not {guild_raw!r}."
            ) from None
    keep_raw = _read(merged, "KEEP_FINISHED_DAYS")
    keep_finished_days = None
    if keep_raw is not None:
        try:
            keep_finished_days = float(keep_raw)
        except ValueError:
            keep_finished_days = None
        if keep_finished_days is None or not 0 < keep_finished_days < 1e6:
            raise SettingsError(
                f"KEEP_FINISHED_DAYS must be a number of days above zero (or empty to keep "
                f"finished matches for ever), not {keep_raw!r}."
            )
    level = (_read(merged, "LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
    shard_count, shard_ids = _shards(merged)
    render_raw = _read(merged, "RENDER_PROCESSES")
    if render_raw is not None and not (render_raw.isdigit() and int(render_raw) <= 1024):
        raise SettingsError(
            f"RENDER_PROCESSES must be a whole number of processes (0: draw in a thread), "
            f"not {render_raw!r}."
        )
    return Settings(
        render_processes=int(render_raw) if render_raw is not None else None,
        shard_count=shard_count,
        shard_ids=shard_ids,
        token=_read(merged, "DISCORD_TOKEN"),
        database=_read(merged, "DATABASE") or DEFAULT_DATABASE,
        dev_guild_id=dev_guild_id,
        log_level=level,
        keep_finished_days=keep_finished_days,
        turn_time_seconds=_positive_number(merged, "TURN_TIME_SECONDS", "a number of seconds"),
    )
