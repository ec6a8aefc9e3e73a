"""A real PostgreSQL for the tests: one ``pgserver`` instance per test run, a fresh database per
test.

pgserver ships PostgreSQL in its wheel and listens on a Unix socket only (no port, no network);
its data folder lives in a short temporary folder (the socket path must stay under ~100 bytes).
As root it runs the server as a ``pgserver`` system user it creates.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
from urllib.parse import quote

import asyncpg

ADMIN_DATABASE = "postgres"


class PgServer:
    """One running server; ``fresh_url()`` creates an empty database and returns its URL."""

    def __init__(self) -> None:
        import pgserver  # a test dependency: imported only when a test asks for PostgreSQL

        self.folder = tempfile.mkdtemp(prefix="scarab-pg-")
        self._server = pgserver.get_server(self.folder, cleanup_mode="delete")
        self._names = itertools.count(1)

    def url(self, database: str = ADMIN_DATABASE) -> str:
        return self._server.get_uri(quote(database))

    async def fresh_url(self, prefix: str = "t") -> str:
        name = f"{prefix}{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)

    def stop(self) -> None:
        self._server.cleanup()
        shutil.rmtree(self.folder, ignore_errors=True)
