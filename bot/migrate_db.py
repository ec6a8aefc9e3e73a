"""``python -m bot migrate-db``: copy an SQLite database into an empty PostgreSQL one.

Every table is copied row for row in one PostgreSQL transaction (the schemas have the same
tables and columns, bot/migrations_pg.py), the id sequences are moved past the copied ids, and
then the copy is verified: the row counts match, and each started match replays from its move
log with its engine to exactly the stored snapshot. A target that already holds rows is refused;
a copy that fails its verification is emptied again, so the target is never left half-filled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.errors import StorageError
from bot.migrations_pg import IDENTITY_TABLES, TABLES, PgConnection
from bot.storage import SqliteStorage
from bot.storage_pg import PgStorage

COPY_BATCH = 5000  # rows read from SQLite and sent to PostgreSQL at a time


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)  # table -> rows copied
    replayed: int = 0  # started matches whose replay equals the stored snapshot
    mismatched: list[int] = field(default_factory=list)  # match ids that did not replay

    @property
    def ok(self) -> bool:
        return not self.mismatched


async def migrate_db(
    source: str, target: str, *, progress: Callable[[str], Any] = lambda line: None
) -> CopyReport:
    """Copy the SQLite file ``source`` into the PostgreSQL database ``target`` and verify it.
    Raises ``StorageError`` (one sentence) when either side cannot be used, the target is not
    empty or the copy does not verify."""
    if not Path(source).is_file():
        raise StorageError(f"There is no SQLite database file at {source}.")
    sqlite = await SqliteStorage.open(source)  # brings an older file up to the current schema
    try:
        pg = await PgStorage.open(target)
        try:
            return await _copy_and_verify(sqlite, pg, progress)
        finally:
            await pg.close()
    finally:
        await sqlite.close()


async def _copy_and_verify(
    sqlite: SqliteStorage, pg: PgStorage, progress: Callable[[str], Any]
) -> CopyReport:
    report = CopyReport()
    async with pg._transaction() as conn:
        await _refuse_non_empty(conn, pg.dsn)
        for table in TABLES:
            report.rows[table] = await _copy_table(sqlite, conn, table)
            progress(f"{table}: {report.rows[table]} rows")
        for table in IDENTITY_TABLES:
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"coalesce(max(id), 0) + 1, false) FROM {table}"
            )
    try:
        await _verify(sqlite, pg, report, progress)
    except BaseException:
        await _empty(pg)
        raise
    return report


async def _refuse_non_empty(conn: PgConnection, where: str) -> None:
    for table in TABLES:
        if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
            raise StorageError(
                f"The PostgreSQL database {where} is not empty (its {table} table has rows): "
                "migrate-db only copies into an empty database, so point --to at a new one."
            )


async def _columns(conn: PgConnection, table: str) -> list[tuple[str, str]]:
    """(name, PostgreSQL type) of a table's columns, in order."""
    rows = await conn.fetch(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        table,
    )
    return [(row[0], row[1]) for row in rows]


def _convert(value: Any, pg_type: str) -> Any:
    """An SQLite value as the PostgreSQL column wants it (REAL columns may hold integers)."""
    if value is None:
        return None
    if pg_type == "double precision":
        return float(value)
    if pg_type == "bytea":
        return bytes(value)
    return value


def _record(row: Any, columns: list[tuple[str, str]]) -> tuple[Any, ...]:
    return tuple(_convert(value, pg_type) for value, (_, pg_type) in zip(row, columns, strict=True))


async def _copy_table(sqlite: SqliteStorage, conn: PgConnection, table: str) -> int:
    """Copy one table in batches (a large database never sits in memory whole)."""
    columns = await _columns(conn, table)
    names = [name for name, _ in columns]
    copied = 0
    async with (
        sqlite._read() as source,
        source.execute(f"SELECT {', '.join(names)} FROM {table}") as cursor,
    ):
        while rows := await cursor.fetchmany(COPY_BATCH):
            records = [_record(row, columns) for row in rows]
            await conn.copy_records_to_table(table, records=records, columns=names)
            copied += len(records)
    return copied


async def _count(sqlite: SqliteStorage, table: str) -> int:
    async with sqlite._read() as conn, conn.execute(f"SELECT count(*) FROM {table}") as cursor:
        row = await cursor.fetchone()
    assert row is not None  # count(*) always returns a row
    return int(row[0])


async def _verify(
    sqlite: SqliteStorage, pg: PgStorage, report: CopyReport, progress: Callable[[str], Any]
) -> None:
    import rules  # noqa: F401  (registers every game's engine)
    from bot.service import MatchService

    async with pg._read() as conn:
        for table in TABLES:
            copied = int(await conn.fetchval(f"SELECT count(*) FROM {table}"))
            if copied != await _count(sqlite, table):
                raise StorageError(f"The copy of the {table} table does not have every row.")
        started = [
            row[0] for row in await conn.fetch("SELECT match_id FROM snapshots ORDER BY match_id")
        ]
    service = MatchService(pg)
    for match_id in started:
        try:
            same = await service.rebuild(match_id)
        except Exception:  # a game this Scarab does not know, a log that does not replay
            same = False
        if same:
            report.replayed += 1
        else:
            report.mismatched.append(match_id)
    progress(f"replayed {report.replayed} of {len(started)} started matches")
    if report.mismatched:
        shown = ", ".join(f"#{match_id}" for match_id in report.mismatched[:10])
        raise StorageError(
            f"{len(report.mismatched)} match(es) ({shown}) do not replay to their stored "
            "state, so nothing was kept in PostgreSQL: check that this Scarab knows their "
            "games (or repair their logs) and migrate again."
        )


async def _empty(pg: PgStorage) -> None:
    async with pg._transaction() as conn:
        await conn.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY")
