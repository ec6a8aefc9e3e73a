"""``python -m bot``: start-up problems end with one sentence on stderr and exit code 2."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import bot.__main__ as entry
import bot.storage
from bot.errors import SettingsError
from bot.settings import TOKEN_MISSING
from bot.storage import SqliteStorage

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path, **env):
    clean = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISCORD_TOKEN", "DATABASE", "DEV_GUILD_ID", "LOG_LEVEL")
    }
    clean["PYTHONPATH"] = str(ROOT)
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_it_says_so_and_exits_2(tmp_path):
    assert not (tmp_path / ".env").exists()
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == TOKEN_MISSING
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr + done.stdout
    assert not list(tmp_path.iterdir())  # and no database was created


def test_an_empty_token_in_env_file_counts_as_missing(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    done = run_bot(tmp_path)
    assert (done.returncode, done.stderr.strip()) == (2, TOKEN_MISSING)


def test_a_bad_setting_is_one_sentence(tmp_path):
    done = run_bot(tmp_path, DISCORD_TOKEN="x", DEV_GUILD_ID="abc")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().startswith("DEV_GUILD_ID must be a Discord server id")


def test_a_read_only_database_exits_2(tmp_path):
    db = tmp_path / "scarab.sqlite3"
    sqlite3.connect(db).close()
    done = run_bot(tmp_path, DISCORD_TOKEN="x", DATABASE=f"file:{db}?mode=ro")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        f"The database file file:{db}?mode=ro is read-only: "
    )


def _prepare_main(monkeypatch, tmp_path, database):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE", str(database))
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    monkeypatch.setenv("LOG_LEVEL", "WARNING")


def test_a_locked_database_exits_2(tmp_path, monkeypatch, capsys):
    db = tmp_path / "scarab.sqlite3"
    _prepare_main(monkeypatch, tmp_path, db)
    monkeypatch.setattr(bot.storage, "DEFAULT_BUSY_TIMEOUT_MS", 50)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("CREATE TABLE other_app (x)")
    other.execute("BEGIN EXCLUSIVE")
    try:
        assert entry.main() == 2
    finally:
        other.execute("ROLLBACK")
        other.close()
    err = capsys.readouterr().err.strip()
    assert err == (
        f"The database file {db} is locked by another process: stop the other "
        "program using it (or wait for it to finish) and try again."
    )


def test_it_opens_storage_then_awaits_the_client(tmp_path, monkeypatch):
    db = tmp_path / "scarab.sqlite3"
    _prepare_main(monkeypatch, tmp_path, db)
    seen = {}

    class Frontend:
        async def run(self, settings, storage):
            seen["settings"] = settings
            seen["journal"] = await storage.pragma("journal_mode")
            seen["storage"] = storage

    monkeypatch.setattr(entry, "load_frontend", Frontend)
    assert entry.main() == 0
    assert seen["settings"].token == "x" and seen["journal"] == "wal"
    assert isinstance(seen["storage"], SqliteStorage)
    with pytest.raises(ValueError):  # closed once the client returned
        seen["storage"]._conn._conn.execute("SELECT 1")


def test_help_lists_the_commands_without_a_token(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--help"],
        cwd=ROOT,
        env={**os.environ, "DISCORD_TOKEN": ""},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    for command in ("run", "migrate-db", "sync-commands"):
        assert command in done.stdout
    assert TOKEN_MISSING not in done.stdout + done.stderr


def test_an_unknown_command_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as leaving:
        entry.main(["serve-forever"])
    assert leaving.value.code == 2
    assert "invalid choice: 'serve-forever'" in capsys.readouterr().err


def test_run_is_the_default_and_no_sync_reaches_the_client(tmp_path, monkeypatch):
    _prepare_main(monkeypatch, tmp_path, tmp_path / "scarab.sqlite3")
    seen = []

    class Frontend:
        async def run(self, settings, storage):
            seen.append(settings.sync_commands)

    monkeypatch.setattr(entry, "load_frontend", Frontend)
    assert entry.main([]) == 0
    assert entry.main(["run"]) == 0
    assert entry.main(["run", "--no-sync"]) == 0
    assert seen == [True, True, False]


def test_a_short_turn_time_reaches_the_bot(tmp_path, monkeypatch):
    """TURN_TIME_SECONDS: new tables default to seconds per decision, and the deadline scan
    runs often enough to notice them."""
    from bot.deadlines import guild_turn_time, set_default_turn_time
    from bot.settings import load_settings
    from cogs.client import create_bot

    settings = load_settings({"TURN_TIME_SECONDS": "3"})
    try:
        made = create_bot(settings, storage=None)
        assert guild_turn_time({}) == 3.0
        assert made.deadline_interval == pytest.approx(0.3)
        assert guild_turn_time({"turn_timeout": "3600.0"}) == 3600.0  # a guild's choice wins
    finally:
        set_default_turn_time(None)
    assert guild_turn_time({}) == 24 * 3600.0


def test_the_discord_front_end_is_found_by_its_entry_point():
    """``bot/`` starts the Discord side without importing it (issue 14: no import runs back up
    from bot/ to cogs/): pyproject.toml declares it, bot/frontend.py loads it."""
    from bot.frontend import load_frontend
    from cogs.client import FRONTEND

    assert load_frontend() is FRONTEND
    with pytest.raises(SettingsError, match="No 'telegram' front end is installed"):
        load_frontend("telegram")
    sources = [path.read_text() for path in (ROOT / "bot").glob("*.py")]
    assert not any(re.search(r"^\s*(from|import) cogs\b", text, re.M) for text in sources)
