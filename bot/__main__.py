"""``python -m bot [run | migrate-db | sync-commands]``: the program's commands.

Arguments are parsed first (``--help`` needs no token). Every start-up problem ends with one
clear sentence on stderr and exit code 2, never a traceback: a missing token, an unusable
setting, a locked or read-only database, an unreachable PostgreSQL server.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import sys
from collections.abc import Sequence

from bot.errors import SettingsError, StorageError
from bot.frontend import load_frontend
from bot.migrate_db import migrate_db
from bot.settings import DEFAULT_DATABASE, TOKEN_MISSING, Settings, load_settings
from bot.storage_pg import is_postgres_url
from bot.stores import open_storage

EXIT_CONFIG = 2

log = logging.getLogger("bot")

DESCRIPTION = """Scarab, a Discord bot for play-by-chat board games. Settings come from the
environment or a .env file: DISCORD_TOKEN, DATABASE (an SQLite file, the default
scarab.sqlite3, or a postgresql:// URL), DEV_GUILD_ID, LOG_LEVEL, KEEP_FINISHED_DAYS,
SHARD_COUNT and SHARD_IDS (several processes on one PostgreSQL: `run` syncs the commands only in
the process holding shard 0; `sync-commands` does it alone)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    run = commands.add_parser("run", help="connect to Discord and serve (the default)")
    run.add_argument(
        "--no-sync",
        action="store_true",
        help="do not sync the slash commands at start-up (see sync-commands)",
    )
    migrate = commands.add_parser(
        "migrate-db",
        help="copy an SQLite database into an empty PostgreSQL one and verify it",
        description="Copy every match, move, rating and setting from an SQLite file into an "
        "empty PostgreSQL database, then replay each match to verify the copy.",
    )
    migrate.add_argument(
        "--from",
        dest="source",
        metavar="PATH",
        help="the SQLite file (default: DATABASE when it is a file, else scarab.sqlite3)",
    )
    migrate.add_argument(
        "--to", dest="target", metavar="URL", required=True, help="postgresql://user:pw@host/db"
    )
    commands.add_parser(
        "sync-commands",
        help="register the slash commands with Discord once, then exit",
        description="Log in, sync the slash commands (to DEV_GUILD_ID if set, else globally) "
        "and exit. Useful with `run --no-sync` when several processes serve one bot.",
    )
    return parser


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_CONFIG


def setup_logging(settings: Settings) -> None:
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )


async def _serve(settings: Settings) -> int:
    return await _with_frontend(settings, "run")


async def _sync_commands(settings: Settings) -> int:
    """Log in (which runs the bot's set-up, syncing the command tree) and close."""
    return await _with_frontend(settings, "sync_commands")


async def _with_frontend(settings: Settings, action: str) -> int:
    """Open the store, let the front end (Discord, ``bot/frontend.py``) ``run`` or
    ``sync_commands`` on it, close the store."""
    try:
        frontend = load_frontend()
        storage = await open_storage(settings.database)
    except (SettingsError, StorageError) as exc:
        return _fail(str(exc))
    try:
        await getattr(frontend, action)(settings, storage)
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


async def _migrate_db(source: str, target: str) -> int:
    if not is_postgres_url(target):
        return _fail(f"--to must be a postgresql:// URL, not {target!r}.")
    try:
        report = await migrate_db(source, target, progress=print)
    except StorageError as exc:
        return _fail(str(exc))
    total = sum(report.rows.values())
    print(f"copied {total} rows; {report.replayed} started matches replay to their state")
    return 0


def _source_of(settings: Settings, given: str | None) -> str:
    if given:
        return given
    return DEFAULT_DATABASE if is_postgres_url(settings.database) else settings.database


def main(argv: Sequence[str] = ()) -> int:
    args = build_parser().parse_args(list(argv))  # exits 0 on --help, 2 on a bad argument
    try:
        settings = load_settings()
    except SettingsError as exc:
        return _fail(str(exc))
    setup_logging(settings)
    if args.command == "migrate-db":
        return asyncio.run(_migrate_db(_source_of(settings, args.source), args.target))
    if not settings.token:
        return _fail(TOKEN_MISSING)
    log.debug("starting with %r", settings)
    if args.command == "sync-commands":
        return asyncio.run(_sync_commands(settings))
    if getattr(args, "no_sync", False):
        settings = dataclasses.replace(settings, sync_commands=False)
    try:
        return asyncio.run(_serve(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
