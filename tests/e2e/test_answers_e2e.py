"""Issue 10, item 5: every interaction gets an answer, whatever is typed or forged.

Hypothesis throws arbitrary text at every text option of every slash command (found in the
bot's own command tree, so a new command is covered without touching this test) and at custom
ids of every component kind (``scarab:...`` ids of each template with odd numbers, and any
text at all), as a button or a select, in the server and in a DM, through the fake Discord.
Each interaction must get an answer that says something (never "thinking…" forever, never
"This interaction failed"), and the stored state must not change.
"""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from discord import AppCommandOptionType, app_commands
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import lang
import rules
from bot.errors import ServiceError
from bot.service import MatchService
from bot.stores import open_storage
from cogs.client import ScarabBot
from cogs.common import parse_table_options
from cogs.ids import parse_match_id
from tests.e2e.fakediscord import FakeDiscord, FakeMessage, snowflake

OTHER_GUILD = 424242
TIMEOUT = 5.0  # Discord forgets an interaction after 3 s; the fake is a little kinder
ODD_TEXTS = [
    "99999999999999999999",
    "²",
    "٣",
    "１２",
    "#",
    "# 1",
    "-1",
    "0",
    "1e5",
    "1.5",
    "9" * 6000,
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "\x00",
    " ",
    "#99999999999999999999 Toy Duel",
    "@everyone",
    "<@1>",
    "scarab:1:0:pick:1",
    "NaN",
    "∞",
]
TABLES = (
    "matches",
    "seats",
    "moves",
    "snapshots",
    "messages",
    "deadlines",
    "guild_settings",
    "user_prefs",
    "takeover_votes",
    "admin_log",
)
KINDS = (
    "scarab:{m}:{n}:pick:1",
    "scarab:pick:{m}:{n}",
    "scarab:seat:{m}:{n}:{n}",
    "scarab:private:{m}:{n}",
    "scarab:undo:{m}:{n}",
    "scarab:rematch:{m}",
    "scarab:lobby:{m}:join",
    "scarab:lobby:{m}:start",
    "scarab:lobby:{m}:cancel",
    "scarab:{m}:{n}:",
    "scarab:{m}",
    "scarab:{n}:{m}:{m}:{m}",
)


@pytest.fixture
async def world(tmp_path, toy_engine):
    """The fake Discord with the bot running; a lobby of another host here, a running match
    in a second server (same database), and Mallory, who is seated nowhere."""
    path = str(tmp_path / "scarab.sqlite3")
    storage = await open_storage(path)
    service = MatchService(storage)
    async with FakeDiscord() as fake:
        alice = fake.add_user("alice")
        mallory = fake.add_user("mallory")
        host = fake.add_user("host")
        other = await service.create_lobby(OTHER_GUILD, 1, alice.id, "toy", 2, {})
        await service.add_ai(other.id, alice.id)
        await service.start(other.id, alice.id)
        await service.set_thread(other.id, 2)  # played in its own server's thread
        lobby = await service.create_lobby(fake.guild_id, fake.channel.id, host.id, "toy", 3, {})
        async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)) as bot:
            targets = command_targets(bot)
            await asyncio.sleep(0.5)  # the start-up scans (deadlines, outbox) are done
            yield {
                "fake": fake,
                "path": path,
                "mallory": mallory,
                "alice": alice,
                "lobby": lobby.id,
                "other": other.id,
                "targets": targets,
            }
        assert not fake.errors, fake.errors
    await storage.close()


def command_targets(bot: ScarabBot) -> list[tuple[str, str | None, str, dict]]:
    """(command, subcommand, fuzzed option, the other required options) for every text
    option of every slash command."""
    targets = []
    for command in bot.tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        name, _, sub = command.qualified_name.partition(" ")
        params = command.parameters
        for fuzzed in (p for p in params if p.type is AppCommandOptionType.string):
            others = {p.name: filler(p) for p in params if p.required and p.name != fuzzed.name}
            if (name, sub, fuzzed.name) == ("game", "new", "options"):
                others["game"] = "toy"
            targets.append((name, sub or None, fuzzed.name, others))
    assert len(targets) >= 15, targets
    return targets


def filler(param: app_commands.Parameter):
    if param.type is AppCommandOptionType.user:
        return "alice"
    if param.type in (AppCommandOptionType.integer, AppCommandOptionType.number):
        return 1
    if param.type is AppCommandOptionType.boolean:
        return False
    return "x"


def stored(path: str) -> dict[str, list]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in TABLES
        }
    finally:
        conn.close()


def changed(before: dict[str, list], after: dict[str, list]) -> dict[str, tuple]:
    """The tables whose rows differ: rows gone, rows new."""
    return {
        table: (
            [r for r in before[table] if r not in after[table]],
            [r for r in after[table] if r not in before[table]],
        )
        for table in TABLES
        if before[table] != after[table]
    }


def said_something(r) -> bool:
    """An answer that is not an endless "thinking…": a message with words, or an embed."""
    message = r.message
    if message is not None and message.loading:
        return False
    return bool(r.text.strip() or r.embeds)


texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(ODD_TEXTS),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
numbers = st.one_of(
    st.sampled_from(
        ["0", "²", "99999999999999999999", "9223372036854775808", "-3", "007", "1" * 19]
    ),
    st.integers(min_value=0, max_value=10**25).map(str),
)


def harmless(world: dict, text: str) -> bool:
    """Texts that would be a legitimate action (this server's own lobby, a real game or
    language) are left out: the property is about bad input."""
    try:
        if parse_match_id(text) == world["lobby"]:
            return False
    except ServiceError:
        pass
    word = text.strip().lower()
    if word in rules.ENGINES or word == "auto" or lang.resolve(text) is not None:
        return False
    try:
        rules.get("toy").normalise_options(parse_table_options(text))
    except Exception:
        return True
    return False


@settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), text=texts, in_dm=st.booleans())
async def test_every_command_option_answers_and_changes_nothing(world, data, text, in_dm):
    assume(harmless(world, text))
    fake: FakeDiscord = world["fake"]
    name, sub, option, others = data.draw(st.sampled_from(world["targets"]), label="command")
    options = {key: world["alice"] if value == "alice" else value for key, value in others.items()}
    options[option] = text
    before = stored(world["path"])
    r = await fake.slash(
        world["mallory"],
        name,
        options,
        subcommand=sub,
        channel="dm" if in_dm else None,
        timeout=TIMEOUT,
    )
    assert said_something(r), (name, sub, option, text[:80], r)
    assert not changed(before, stored(world["path"])), (name, sub, option, text[:80], r.text)


@settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), as_select=st.booleans(), in_dm=st.booleans())
async def test_every_custom_id_answers_and_changes_nothing(world, data, as_select, in_dm):
    fake: FakeDiscord = world["fake"]
    forged = data.draw(
        st.one_of(
            st.text(min_size=1, max_size=100),
            st.builds(
                lambda kind, m, n: kind.format(m=m, n=n),
                st.sampled_from(KINDS),
                st.one_of(numbers, st.just(str(world["other"]))),
                numbers,
            ),
        ),
        label="custom id",
    )
    assume(forged.strip() and len(forged) <= 100)
    assume(not forged.startswith(f"scarab:lobby:{world['lobby']}:"))
    component = (
        {
            "type": 3,
            "custom_id": forged,
            "min_values": 1,
            "max_values": 1,
            "options": [{"label": "x", "value": "pick:1"}],
        }
        if as_select
        else {"type": 2, "style": 1, "label": "x", "custom_id": forged}
    )
    channel = fake._ensure_dm(world["mallory"]) if in_dm else fake.channel
    message = FakeMessage(
        snowflake(),
        channel.id,
        fake.bot_user.payload(),
        {"content": "…", "components": [{"type": 1, "components": [component]}]},
        guild_id=None if in_dm else fake.guild_id,
    )
    fake.messages[message.id] = message
    before = stored(world["path"])
    if as_select:
        r = await fake.select(world["mallory"], message, forged, ["pick:1"], timeout=TIMEOUT)
    else:
        r = await fake.click(world["mallory"], message, forged, timeout=TIMEOUT)
    assert said_something(r), (forged, r)
    assert r.ephemeral, (forged, r.text)
    assert not changed(before, stored(world["path"])), (forged, r.text)
