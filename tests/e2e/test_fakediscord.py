"""The fake Discord works with the real, unmodified discord.py client.

The bot here is a minimal ``commands.Bot`` built for these tests only; it exercises each kind of
traffic a real bot produces (slash commands with subcommands, ephemeral replies, files, persistent
DynamicItem buttons, selects, modals, DMs to users with closed DMs, autocomplete, threads, a
deferred "thinking" reply) so the project's e2e tests can rely on the fake.
"""

from __future__ import annotations

import asyncio
import io
import struct
import time
import zlib

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.e2e.fakediscord import EPHEMERAL, FakeDiscord


def tiny_png() -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00"))
        + chunk(b"IEND", b"")
    )


PNG = tiny_png()


def bump_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DemoButton(n))
    return view


class DemoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Bump {n}", custom_id=f"demo:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):  # noqa: ANN001
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        bot.log.append(("bump", self.n, type(interaction.user).__name__))  # type: ignore[attr-defined]
        await interaction.response.edit_message(
            content=f"bumped to {self.n + 1} by {interaction.user.name}", view=bump_view(self.n + 1)
        )


class SlowButton(discord.ui.DynamicItem[discord.ui.Button], template=r"slow:(?P<n>\d+)"):
    """Acknowledges with a deferred update (type 6), then edits the message and follows up."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Slow {n}", custom_id=f"slow:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):  # noqa: ANN001
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.05)
        await interaction.edit_original_response(content=f"slowly {self.n + 1}", view=None)
        await interaction.followup.send("noted", ephemeral=True)


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.add_item(DemoButton(0))

    @discord.ui.select(
        custom_id="demo:pick",
        options=[
            discord.SelectOption(label="Alpha", value="alpha"),
            discord.SelectOption(label="Beta", value="beta"),
        ],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class AskModal(discord.ui.Modal, title="Ask"):
    answer = discord.ui.TextInput(label="Your answer", custom_id="ask:answer")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you said: {self.answer.value}", ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix="!", intents=intents)
        self.guild_id = guild_id
        self.log: list[tuple] = []
        self.synced: list[app_commands.AppCommand] = []
        add_demo_commands(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(DemoButton, SlowButton)
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        self.synced = await self.tree.sync(guild=guild)


def add_demo_commands(bot: DemoBot) -> None:
    tree = bot.tree
    game = app_commands.Group(name="game", description="Games")
    admin = app_commands.Group(name="admin", description="Admin", parent=game)

    @game.command(name="new", description="Start a game")
    async def game_new(interaction: discord.Interaction, size: int = 3) -> None:
        await interaction.response.send_message(
            f"new game of size {size} for {interaction.user.name}", ephemeral=True
        )

    @admin.command(name="reset", description="Reset")
    async def admin_reset(interaction: discord.Interaction, hard: bool) -> None:
        await interaction.response.send_message(f"reset hard={hard}", ephemeral=True)

    tree.add_command(game)

    @tree.command(name="post", description="Post a board")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
        await interaction.channel.send(  # type: ignore[union-attr]
            "the board",
            embed=embed,
            file=discord.File(io.BytesIO(PNG), "board.png"),
            view=PickView(),
        )

    @tree.command(name="dm", description="DM someone")
    async def dm(interaction: discord.Interaction, user: discord.User) -> None:
        try:
            await user.send("hi there", view=bump_view(7))
        except discord.Forbidden as exc:
            bot.log.append(("forbidden", exc.status, exc.code))
            await interaction.response.send_message(f"closed DMs ({exc.code})", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @tree.command(name="slowpost", description="Post a slow button")
    async def slowpost(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(SlowButton(1))
        await interaction.response.send_message("slow board", view=view)

    @tree.command(name="play", description="Play a choice")
    async def play(interaction: discord.Interaction, choice: str) -> None:
        await interaction.response.send_message(f"played {choice}")

    @play.autocomplete("choice")
    async def play_choices(interaction: discord.Interaction, current: str):
        names = ["alpha", "beta", "gamma"]
        return [app_commands.Choice(name=n.title(), value=n) for n in names if current in n]

    @tree.command(name="thread", description="Open a thread")
    async def thread(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await interaction.channel.send(f"match {name}")  # type: ignore[union-attr]
        th = await message.create_thread(name=name)
        await th.send("welcome to the match", view=bump_view(100))
        await interaction.followup.send(f"opened {th.mention}", ephemeral=True)

    @tree.command(name="where", description="Where am I")
    async def where(interaction: discord.Interaction) -> None:
        ch = interaction.channel
        await interaction.response.send_message(f"{type(ch).__name__}:{getattr(ch, 'name', '')}")

    @tree.command(name="slow", description="Think, then answer")
    async def slow(interaction: discord.Interaction, secret: bool = False) -> None:
        await interaction.response.defer(thinking=True, ephemeral=secret)
        await asyncio.sleep(0.05)
        await interaction.followup.send(
            "done thinking", file=discord.File(io.BytesIO(PNG), "result.png")
        )

    @tree.command(name="ask", description="Open a modal")
    async def ask(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(AskModal())

    @tree.command(name="late", description="Answer too late")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            bot.log.append(("late", exc.status, exc.code))

    @tree.command(name="toolong", description="Send an invalid message")
    async def toolong(interaction: discord.Interaction) -> None:
        try:
            await interaction.channel.send("x" * 2001)  # type: ignore[union-attr]
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"refused {exc.status} {exc.code}")


async def test_login_ready_guild_cache_and_command_sync(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice", flags=2)
    bot = DemoBot(fake.guild_id)
    started = time.monotonic()
    async with fake.run_bot(bot):
        assert time.monotonic() - started < 3  # no chunking stall, short guild_ready_timeout
        guild = bot.get_guild(fake.guild_id)
        assert guild is not None and guild.name == "Fake Guild"
        assert guild.member_count == 2 and guild.chunked
        member = guild.get_member(alice.id)
        assert member is not None and member.name == "alice" and member.flags.value == 2
        assert [c.name for c in guild.text_channels] == ["general"]
        assert guild.default_role.id == guild.id
        assert bot.user is not None and bot.user.id == fake.bot_user.id
        assert bot.application_id == fake.app_id
        names = {c.name for c in bot.synced}
        assert {"game", "post", "dm", "play", "thread", "slow"} <= names
        assert all(c.id for c in bot.synced)
        stored = fake.guild_commands[fake.guild_id]
        assert {c.id for c in bot.synced} == {int(c["id"]) for c in stored.values()}
        game = stored["game"]
        assert {o["name"]: o["type"] for o in game["options"]} == {"new": 1, "admin": 2}
    assert not fake.connected


async def test_slash_subcommand_replies_ephemerally(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with fake.run_bot(DemoBot(fake.guild_id)):
        r = await fake.slash(alice, "game", {"size": 5}, subcommand="new")
        assert r.callback_type == 4
        assert r.content == "new game of size 5 for alice"
        assert r.ephemeral and r.message is not None and r.message.flags & EPHEMERAL
        assert fake.channel_messages() == []  # ephemeral: not visible in the channel

        r = await fake.slash(alice, "game", {"hard": True}, subcommand="admin reset")
        assert r.content == "reset hard=True"
        # the nested option structure that was sent
        sent = r._inter.payload["data"]["options"]
        assert sent[0]["name"] == "admin" and sent[0]["type"] == 2
        assert sent[0]["options"][0] == {
            "name": "reset",
            "type": 1,
            "options": [{"name": "hard", "type": 5, "value": True}],
        }


async def test_message_with_file_dynamic_button_and_select(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    bot = DemoBot(fake.guild_id)
    async with fake.run_bot(bot):
        r = await fake.slash(alice, "post")
        assert r.ephemeral and r.content == "posting"
        board = fake.latest_message(with_components=True)
        assert board is not None and board.content == "the board"
        assert r.created[-1] is board  # the channel message was made while handling /post
        assert board.file_bytes("board.png") == PNG
        assert board.attachments[0]["filename"] == "board.png"
        assert board.embeds[0]["image"]["url"] == "attachment://board.png"
        assert fake.requests_matching("POST", rf"/channels/{fake.channel.id}/messages")[
            -1
        ].files == ["board.png"]
        button = board.find_button("Bump 0")
        assert button is not None and button["custom_id"] == "demo:0"

        r = await fake.click(alice, board, "demo:0")
        assert r.callback_type == 7
        assert r.updated is board and board.content == "bumped to 1 by alice"
        assert board.find_button("Bump 1") is not None and board.component("demo:0") is None
        assert board.file_bytes() == PNG  # the edit kept the attachment
        assert ("bump", 0, "Member") in bot.log

        # the select is gone after the edit replaced the view; post again and use it
        await fake.slash(alice, "post")
        board = fake.latest_message(with_components=True)
        r = await fake.select(alice, board, "demo:pick", ["beta"])
        assert r.ephemeral and r.content == "picked beta"
        with pytest.raises(AssertionError):
            await fake.select(alice, board, "demo:pick", ["nope"])
        with pytest.raises(AssertionError):
            await fake.click(alice, board, label="No such button")


async def test_dm_to_closed_user_raises_forbidden_50007(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    bob = fake.add_user("bob", dms_open=False)
    bot = DemoBot(fake.guild_id)
    async with fake.run_bot(bot):
        r = await fake.slash(alice, "dm", {"user": bob})
        assert r.content == "closed DMs (50007)"
        assert ("forbidden", 403, 50007) in bot.log
        assert [uid for uid, _ in fake.failed_dms] == [bob.id]
        assert fake.dm_messages(bob) == []

        r = await fake.slash(bob, "dm", {"user": alice})
        assert r.content == "sent"
        (dm,) = fake.dm_messages(alice)
        assert dm.content == "hi there" and dm.guild_id is None

        # a button in a DM: the interaction carries `user`, not `member`
        r = await fake.click(alice, dm, label="Bump 7")
        assert r.updated is dm and dm.content == "bumped to 8 by alice"
        assert ("bump", 7, "User") in bot.log

        # a slash command in the user's DM with the bot
        r = await fake.slash(alice, "where", channel="dm")
        assert r.content == "DMChannel:" and r.message.channel_id == fake.dm_channel(alice).id


async def test_autocomplete_then_command(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with fake.run_bot(DemoBot(fake.guild_id)):
        choices = await fake.autocomplete(alice, "play", {"choice": "ph"}, focused="choice")
        assert choices == [{"name": "Alpha", "value": "alpha"}]
        choices = await fake.autocomplete(alice, "play", {"choice": ""}, focused="choice")
        assert [c["value"] for c in choices] == ["alpha", "beta", "gamma"]

        r = await fake.slash(alice, "play", {"choice": "alpha"})
        assert r.content == "played alpha" and not r.ephemeral
        assert fake.channel_messages()[-1] is r.message


async def test_thread_from_message_and_command_inside_it(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    bot = DemoBot(fake.guild_id)
    async with fake.run_bot(bot):
        r = await fake.slash(alice, "thread", {"name": "match-1"})
        assert r.callback_type == 5 and r.ephemeral
        thread = fake.thread("match-1")
        assert r.content == f"opened <#{thread.id}>"
        starter = fake.channel_messages()[-1]
        assert starter.content == "match match-1" and thread.id == starter.id
        assert thread.parent_id == fake.channel.id
        assert [m.content for m in fake.channel_messages(thread)] == ["welcome to the match"]
        cached = await fake.wait_for(lambda: bot.get_channel(thread.id))
        assert isinstance(cached, discord.Thread) and cached.name == "match-1"

        r = await fake.slash(alice, "where", channel=thread)
        assert r.content == "Thread:match-1"
        assert r.message is not None and r.message.channel_id == thread.id

        welcome = fake.latest_message(thread, with_components=True)
        r = await fake.click(alice, welcome, "demo:100")
        assert welcome.content == "bumped to 101 by alice"


async def test_deferred_thinking_then_followup(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with fake.run_bot(DemoBot(fake.guild_id)):
        r = await fake.slash(alice, "slow")
        assert r.callback_type == 5 and r.deferred
        assert r.message is not None and not r.message.loading
        assert r.content == "done thinking" and not r.ephemeral
        assert r.file_bytes("result.png") == PNG
        assert r.followups == []  # the followup replaced the deferred message
        assert fake.channel_messages() == [r.message]

        r = await fake.slash(alice, "slow", {"secret": True})
        assert r.content == "done thinking" and r.ephemeral  # keeps the defer's visibility
        assert len(fake.channel_messages()) == 1


async def test_modal_roundtrip(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with fake.run_bot(DemoBot(fake.guild_id)):
        r = await fake.slash(alice, "ask")
        assert r.callback_type == 9 and r.modal is not None and r.modal["title"] == "Ask"
        r = await fake.submit_modal(alice, r, {"ask:answer": "hello"})
        assert r.content == "you said: hello" and r.ephemeral


async def test_restart_new_instance_handles_old_button_and_sees_threads(
    fake: FakeDiscord,
) -> None:
    alice = fake.add_user("alice")
    first = DemoBot(fake.guild_id)
    async with fake.run_bot(first):
        await fake.slash(alice, "post")
        await fake.slash(alice, "thread", {"name": "match-9"})
    board = fake.channel_messages()[0]
    thread = fake.thread("match-9")
    assert first.is_closed() and not fake.connected

    second = DemoBot(fake.guild_id)
    async with fake.run_bot(second):
        # GUILD_CREATE on the new connection lists the active thread
        cached = second.get_channel(thread.id)
        assert isinstance(cached, discord.Thread) and cached.parent_id == fake.channel.id
        r = await fake.click(alice, board, label="Bump 0")
        assert r.callback_type == 7 and board.content == "bumped to 1 by alice"
        assert ("bump", 0, "Member") in second.log and first.log == []
    assert len(fake.identify_payloads) == 2


async def test_protocol_errors_are_modelled(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    bot = DemoBot(fake.guild_id)
    async with fake.run_bot(bot):
        r = await fake.slash(alice, "toolong")
        assert r.content == "refused 400 50035"

        r = await fake.slash(alice, "play", {"choice": "beta"})
        inter = r._inter
        async with aiohttp.ClientSession() as http:
            url = f"{fake.api_base}/interactions/{inter.id}/{inter.token}/callback"
            async with http.post(url, json={"type": 4, "data": {"content": "again"}}) as resp:
                assert resp.status == 400 and (await resp.json())["code"] == 40060
            url = f"{fake.api_base}/channels/1/messages"
            async with http.post(url, json={"content": "x"}) as resp:
                assert resp.status == 404 and (await resp.json())["code"] == 10003
            url = f"{fake.api_base}/channels/{fake.channel.id}/messages"
            async with http.post(url, json={"content": ""}) as resp:
                assert resp.status == 400 and (await resp.json())["code"] == 50006


async def test_unanswered_and_late_interactions_fail_fast() -> None:
    async with FakeDiscord(ack_timeout=0.1) as fake:
        alice = fake.add_user("alice")
        bot = DemoBot(fake.guild_id)
        async with fake.run_bot(bot):
            with pytest.raises(AssertionError, match="did not answer"):
                await fake.slash(alice, "late", timeout=1.0)
            await fake.wait_for(lambda: ("late", 404, 10062) in bot.log, timeout=5)
        assert not fake.errors


async def test_deferred_update_then_edit_original_and_followup(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with fake.run_bot(DemoBot(fake.guild_id)):
        r = await fake.slash(alice, "slowpost")
        board = r.message
        assert board is not None and not r.ephemeral and board.find_button("Slow 1")
        r = await fake.click(alice, board, label="Slow 1")
        assert r.callback_type == 6 and r.deferred
        assert r.updated is board and board.content == "slowly 2" and board.components == []
        (note,) = r.followups
        assert note.content == "noted" and note.ephemeral
        assert fake.channel_messages() == [board]
        assert "noted" in r.text and "slowly 2" not in r.text


async def test_startup_failure_is_raised_and_patches_restored(fake: FakeDiscord) -> None:
    import discord.http

    class Broken(DemoBot):
        async def setup_hook(self) -> None:
            raise RuntimeError("setup failed")

    before = discord.http.Route.BASE
    with pytest.raises(RuntimeError, match="setup failed"):
        async with fake.run_bot(Broken(fake.guild_id)):
            pass
    assert discord.http.Route.BASE == before


async def test_a_request_cut_off_mid_body_is_not_acted_on(fake: FakeDiscord) -> None:
    """A bot killed mid-upload hangs up with half a body sent: Discord acts on nothing, and the
    fake records the request as cut off, not as an error of its own."""
    path = f"/api/v10/channels/{fake.channel.id}/messages"
    before = len(fake.requests_matching("POST", r"/channels/\d+/messages"))
    reader, writer = await asyncio.open_connection("127.0.0.1", fake.port)
    writer.write(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 400\r\n\r\n".encode()
        + b'{"content": "half a mess'
    )
    await writer.drain()
    for _ in range(100):
        if fake.requests_matching("POST", r"/channels/\d+/messages")[before:]:
            break
        await asyncio.sleep(0.01)
    writer.close()
    for _ in range(200):
        if fake.cut_off:
            break
        await asyncio.sleep(0.01)
    assert [(r.method, r.path, r.json) for r in fake.cut_off] == [
        ("POST", f"/channels/{fake.channel.id}/messages", None)
    ]
    assert not fake.errors
    assert not any("half a mess" in (m.content or "") for m in fake.messages.values())
