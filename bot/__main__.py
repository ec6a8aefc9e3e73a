"""``python -m bot``: read settings, open the database, run the Discord client.

Every start-up problem ends with one clear sentence on stderr and exit code 2, never a
traceback: a missing token, an unusable setting, a locked or read-only database.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import sys

from bot.errors import SettingsError, StorageError
from bot.settings import TOKEN_MISSING, Settings, load_settings
from bot.storage import Storage

EXIT_CONFIG = 2

log = logging.getLogger("bot")


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_CONFIG


def setup_logging(settings: Settings) -> None:
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )


async def _serve(settings: Settings) -> int:
    try:
        storage = await Storage.open(settings.database)
    except StorageError as exc:
        return _fail(str(exc))
    try:
        from cogs.client import run_bot  # the Discord side; imported only when it is needed

        outcome = run_bot(settings, storage)
        if inspect.isawaitable(outcome):
            await outcome
    except Exception as exc:
        if type(exc).__name__ == "LoginFailure":  # discord.LoginFailure: a wrong token
            return _fail(
                "Discord refused the bot token: check DISCORD_TOKEN (in the "
                "environment or .env) against the Discord developer portal."
            )
        raise
    finally:
        await storage.close()
    return 0


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        return _fail(str(exc))
    if not settings.token:
        return _fail(TOKEN_MISSING)
    setup_logging(settings)
    log.debug("starting with %r", settings)
    try:
        return asyncio.run(_serve(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
