"""Which store a ``DATABASE`` setting names: a PostgreSQL server for a ``postgresql://`` URL,
else an SQLite file (the default). Both stores share the ``Storage`` interface."""

from __future__ import annotations

from bot.storage import SqliteStorage, Storage
from bot.storage_pg import PgStorage, is_postgres_url


async def open_storage(database: str) -> Storage:
    """Open (and migrate) the store ``database`` names."""
    if is_postgres_url(database):
        return await PgStorage.open(database)
    return await SqliteStorage.open(database)
