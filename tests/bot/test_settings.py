import pytest

from bot.errors import SettingsError
from bot.settings import DEFAULT_DATABASE, load_settings, redact


def test_defaults_from_an_empty_environment():
    settings = load_settings({})
    assert settings.token is None
    assert settings.database == DEFAULT_DATABASE
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"


def test_values_and_empty_strings():
    settings = load_settings(
        {"DISCORD_TOKEN": " abc ", "DATABASE": "x.db", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug"}
    )
    assert (settings.token, settings.database, settings.dev_guild_id, settings.log_level) == (
        "abc",
        "x.db",
        123,
        "DEBUG",
    )
    assert load_settings({"DISCORD_TOKEN": "", "DEV_GUILD_ID": ""}).token is None
    assert "abc" not in repr(settings)


def test_env_file_is_read_and_environment_wins(tmp_path, monkeypatch):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-file\nDATABASE=file.db\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE", "env.db")
    settings = load_settings()
    assert settings.token == "from-file"
    assert settings.database == "env.db"


@pytest.mark.parametrize(
    "env, words",
    [
        ({"DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
    ],
)
def test_bad_values_are_one_clear_sentence(env, words):
    with pytest.raises(SettingsError, match=words):
        load_settings(env)


def test_turn_time_seconds_and_a_redacted_database_url():
    assert load_settings({}).turn_time_seconds is None
    assert load_settings({"TURN_TIME_SECONDS": "2.5"}).turn_time_seconds == 2.5
    for bad in ("0", "-1", "soon"):
        with pytest.raises(SettingsError, match="^TURN_TIME_SECONDS must be a number of seconds"):
            load_settings({"TURN_TIME_SECONDS": bad})
    settings = load_settings({"DATABASE": "postgresql://scarab:s3cret@db/scarab"})
    assert settings.database == "postgresql://scarab:s3cret@db/scarab"
    assert "s3cret" not in repr(settings) and "scarab:***@db" in repr(settings)
    assert redact("postgresql://db/x?user=a&password=s3cret&sslmode=require") == (
        "postgresql://db/x?user=a&password=***&sslmode=require"
    )


def test_shard_settings_and_which_process_syncs_the_commands():
    from cogs.client import ScarabBot, ShardedScarabBot, create_bot

    plain = load_settings({})
    assert (plain.shard_count, plain.shard_ids, plain.holds_shard_zero) == (None, None, True)
    one = load_settings({"SHARD_COUNT": "2", "SHARD_IDS": " 1 "})
    assert (one.shard_count, one.shard_ids, one.holds_shard_zero) == (2, (1,), False)
    both = load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "2,0,2"})
    assert both.shard_ids == (0, 2) and both.holds_shard_zero
    assert load_settings({"RENDER_PROCESSES": "0"}).render_processes == 0
    assert load_settings({}).render_processes is None
    for env, words in (
        ({"RENDER_PROCESSES": "many"}, "^RENDER_PROCESSES must be a whole number"),
        ({"SHARD_COUNT": "0"}, "^SHARD_COUNT must be a whole number above zero"),
        ({"SHARD_COUNT": "two"}, "^SHARD_COUNT"),
        ({"SHARD_IDS": "0"}, "^SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "^SHARD_IDS must be a comma list .* 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,,1"}, "^SHARD_IDS"),
    ):
        with pytest.raises(SettingsError, match=words):
            load_settings(env)

    store = object()
    bot = create_bot(one, store)  # type: ignore[arg-type]
    assert isinstance(bot, ShardedScarabBot)
    assert (bot.shard_count, bot.shard_ids, bot.sync_commands) == (2, [1], False)
    assert bot.process_key == "shards-1"
    first = create_bot(load_settings({"SHARD_COUNT": "2", "SHARD_IDS": "0"}), store)  # type: ignore[arg-type]
    assert first.sync_commands and first.process_key == "shards-0"
    single = create_bot(plain, store)  # type: ignore[arg-type]
    assert type(single) is ScarabBot and single.sync_commands and single.process_key == "all"
