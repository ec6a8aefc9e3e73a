"""Issue 10, items 4 and 5 at the bot level: the one parser for match ids and custom ids
(``cogs.ids``), the scope rule (``bot.scope``), forged component ids of every kind, and the
global error handler's answer (``cogs.guard``)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord
import pytest
from discord import app_commands

from bot.errors import ServiceError, reason
from bot.scope import check_scope
from cogs.components import DYNAMIC_ITEMS
from cogs.guard import APOLOGY, Guard, GuardedItem
from cogs.history import RematchButton
from cogs.ids import match_here, parse_id, parse_match_id
from cogs.lobby import LobbyButton
from lang import localise
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, HOST

OTHER_GUILD = GUILD + 1
ITEMS = (*DYNAMIC_ITEMS, LobbyButton, RematchButton)
BAD_NUMBERS = [
    "99999999999999999999",
    "²",
    "٣",
    "１２",
    "9" * 6000,
    "-1",
    "1e3",
    "0x1",
    "9223372036854775808",
    "",
    " ",
    "#",
    "\u0661",
]


# --- the parser ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw, expected",
    [
        ("12", 12),
        ("#12", 12),
        (" # 12 ", 12),
        ("#12 Toy Duel — lobby, 1/3 seats", 12),
        ("999999999999999999", 999_999_999_999_999_999),
    ],
)
def test_a_match_number_is_ascii_digits_that_fit_sqlite(raw, expected):
    assert parse_match_id(raw) == expected
    assert expected < 2**63


@pytest.mark.parametrize("raw", [*BAD_NUMBERS, "0", "abc", "#-3", "1234567890123456789"])
def test_anything_else_is_refused_with_a_reason(raw):
    with pytest.raises(ServiceError) as refused:
        parse_match_id(raw)
    said = reason(refused.value)
    assert "is not a match number" in said and len(said) < 100


def test_parse_id_takes_only_what_every_template_takes():
    assert parse_id("0") == 0 and parse_id("42") == 42
    for raw in [*BAD_NUMBERS, "042", "1" * 19]:
        assert parse_id(raw) is None, raw


@pytest.mark.parametrize(
    "custom_id",
    [
        "scarab:99999999999999999999:0:pick:1",
        "scarab:1:99999999999999999999:pick:1",
        "scarab:pick:²:0",
        "scarab:pick:1:٣",
        "scarab:seat:1:1:" + "9" * 6000,
        "scarab:private:9223372036854775808:0",
        "scarab:undo:1:18446744073709551616",
        "scarab:rematch:-1",
        "scarab:lobby:１２:join",
        "scarab:lobby:1:explode",
    ],
)
def test_no_template_takes_a_number_sqlite_cannot_hold(custom_id):
    matching = [
        item for item in ITEMS if item.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
    assert matching == [], (custom_id, matching)


@pytest.mark.parametrize(
    "custom_id",
    [
        "scarab:7:3:pick:1",
        "scarab:pick:7:3",
        "scarab:seat:7:1:3",
        "scarab:private:7:3",
        "scarab:undo:7:3",
        "scarab:rematch:7",
        "scarab:lobby:7:join",
    ],
)
@pytest.mark.parametrize(
    "base",
    [
        discord.ui.Button(label="forged"),
        discord.ui.Select(options=[discord.SelectOption(label="x", value="x")]),
    ],
)
async def test_a_forged_id_on_the_wrong_kind_of_component_still_builds_its_item(custom_id, base):
    """A ``scarab:seat:...`` id on a button used to raise AttributeError before anything could
    answer; now every item builds from either kind, and is guarded."""
    (item_type,) = [
        item for item in ITEMS if item.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
    found = item_type.__discord_ui_compiled_template__.fullmatch(custom_id)
    item = await item_type.from_custom_id(None, base, found)
    assert isinstance(item, GuardedItem) and item.match == 7


# --- the scope rule -----------------------------------------------------------------------------
async def running(service, guild=GUILD):
    info = await service.create_lobby(guild, CHANNEL, HOST, "toy", 2, {"rounds": "1"})
    await service.join(info.id, ALICE)
    await service.start(info.id, HOST)
    return await service.get_match(info.id)


async def test_a_match_is_used_in_its_own_server_and_by_its_players_in_a_dm(service):
    info = await running(service)
    check_scope(info, guild_id=GUILD, user_id=BOB)  # anyone may watch in the server
    check_scope(info, guild_id=None, user_id=ALICE)  # a player, in a DM
    with pytest.raises(ServiceError) as refused:
        check_scope(info, guild_id=OTHER_GUILD, user_id=ALICE)
    assert reason(refused.value) == (
        f"Match #{info.id} is played in another server: use this command there."
    )
    assert localise(reason(refused.value), "pt-BR").startswith(f"A partida #{info.id}")
    with pytest.raises(ServiceError) as refused:
        check_scope(info, guild_id=None, user_id=BOB)
    assert f"not seated in match #{info.id}" in reason(refused.value)


def interaction(service, *, guild_id, user_id, done=False):
    sent: list[tuple[str, dict]] = []

    class Response:
        def is_done(self):
            return done

        async def send_message(self, content, **kwargs):
            sent.append((content, kwargs))

        async def autocomplete(self, choices):
            sent.append(("autocomplete", {"choices": choices}))

    class Followup:
        async def send(self, content, **kwargs):
            sent.append((content, kwargs))

    return SimpleNamespace(
        client=SimpleNamespace(service=service),
        guild_id=guild_id,
        user=SimpleNamespace(id=user_id),
        locale="en-US",
        id=99,
        response=Response(),
        followup=Followup(),
        sent=sent,
        type=discord.InteractionType.application_command,
    )


async def test_match_here_refuses_other_servers_and_unknown_or_huge_ids(service):
    info = await running(service)
    assert (
        await match_here(interaction(service, guild_id=GUILD, user_id=BOB), info.id)
    ).id == info.id
    with pytest.raises(ServiceError, match="another server"):
        await match_here(interaction(service, guild_id=OTHER_GUILD, user_id=HOST), info.id)
    with pytest.raises(ServiceError, match="There is no match"):
        await match_here(interaction(service, guild_id=GUILD, user_id=BOB), 999_999_999_999_999_999)


async def test_a_guarded_component_refuses_another_servers_match_and_changes_nothing(
    service, store
):
    info = await running(service)
    before = (await store.get_match(info.id), await store.get_snapshot(info.id))
    button = LobbyButton(info.id, "cancel")
    inter = interaction(service, guild_id=OTHER_GUILD, user_id=HOST)
    assert await button.interaction_check(inter) is False
    ((text, kwargs),) = inter.sent
    assert "another server" in text and kwargs["ephemeral"] is True
    assert (await store.get_match(info.id), await store.get_snapshot(info.id)) == before


async def test_a_component_that_fails_gets_an_apology_not_silence(service):
    class Broken(GuardedItem):
        match = 1

        async def run(self, interaction):
            raise RuntimeError("boom")

    inter = interaction(service, guild_id=GUILD, user_id=ALICE)
    await Broken().callback(inter)
    ((text, kwargs),) = inter.sent
    assert text == localise(APOLOGY, "en") and kwargs["ephemeral"] is True


# --- the global app-command error handler ------------------------------------------------------
async def test_the_global_handler_answers_refusals_errors_and_deferred_commands(service):
    guard = Guard(SimpleNamespace(tree=None))
    inter = interaction(service, guild_id=GUILD, user_id=ALICE)
    refused = app_commands.CommandInvokeError(
        SimpleNamespace(name="x"), ServiceError("This table is full.")
    )
    refused.__cause__ = refused.original
    await guard.on_app_command_error(inter, refused)
    assert inter.sent[-1][0] == "⛔ This table is full."
    failed = app_commands.CommandInvokeError(
        SimpleNamespace(name="x"), OverflowError("Python int too large")
    )
    failed.__cause__ = failed.original
    await guard.on_app_command_error(inter, failed)
    assert inter.sent[-1][0] == localise(APOLOGY, "en")
    # After a "thinking…" defer the apology is the followup that replaces it.
    deferred = interaction(service, guild_id=GUILD, user_id=ALICE, done=True)
    await guard.on_app_command_error(deferred, failed)
    assert deferred.sent == [(localise(APOLOGY, "en"), {"ephemeral": True})]
    # In Portuguese for a Brazilian client.
    brazilian = interaction(service, guild_id=GUILD, user_id=BOB)
    brazilian.locale = "pt-BR"
    await guard.on_app_command_error(brazilian, failed)
    assert brazilian.sent[-1][0].startswith("⚠️ Desculpe")


async def test_the_apology_survives_a_broken_database(service, store):
    await store.close()  # every lookup now fails, the language one too
    guard = Guard(SimpleNamespace(tree=None))
    inter = interaction(service, guild_id=GUILD, user_id=ALICE)
    await asyncio.wait_for(
        guard.on_app_command_error(inter, app_commands.AppCommandError("anything")), 5
    )
    assert inter.sent == [(localise(APOLOGY, "en"), {"ephemeral": True})]
