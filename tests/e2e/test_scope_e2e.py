"""Issue 10, item 4: matches stay in their server, end to end.

Two servers share one database: the fake Discord's guild, and a second server (id
``OTHER_GUILD``) whose running match sits in the same SQLite file (ids are sequential, so its
id is easy to guess). From the fake guild every command that takes ``match:`` and every
component kind carrying that match's id is refused with a reason, ephemerally, and nothing of
the other match is shown or changed. In a DM a match may be used only by its players.
"""

from __future__ import annotations

from bot.service import MatchService
from cogs.client import ScarabBot
from tests.e2e.fakediscord import FakeDiscord, FakeMessage, snowflake

OTHER_GUILD = 424242
MANAGE_GUILD = 1 << 5
ANOTHER_SERVER = "another server"


async def fingerprint(storage, match_id: int) -> tuple:
    """Everything stored about a match that a refused interaction must leave as it was."""
    record = await storage.get_match(match_id)
    snapshot = await storage.get_snapshot(match_id)
    moves = await storage.get_moves(match_id)
    return (
        record.status,
        record.version,
        record.seat_rows,
        record.host_id,
        snapshot.state if snapshot else None,
        len(moves),
        sorted(await storage.get_messages(match_id)),
    )


def forged_message(fake: FakeDiscord, channel, components: list[dict]) -> FakeMessage:
    """A bot message carrying ``components`` (what a tampered client could press)."""
    message = FakeMessage(
        snowflake(),
        channel.id,
        fake.bot_user.payload(),
        {"content": "…", "components": [{"type": 1, "components": components}]},
        guild_id=None if channel.is_dm else fake.guild_id,
    )
    fake.messages[message.id] = message
    return message


def button(custom_id: str) -> dict:
    return {"type": 2, "style": 1, "label": "Press", "custom_id": custom_id}


def select(custom_id: str, value: str) -> dict:
    return {
        "type": 3,
        "custom_id": custom_id,
        "min_values": 1,
        "max_values": 1,
        "options": [{"label": value, "value": value}],
    }


async def test_another_servers_match_is_refused_everywhere(
    fake: FakeDiscord, storage, toy_engine
) -> None:
    alice = fake.add_user("alice")  # seated in the other server's match, and a member here
    mallory = fake.add_user("mallory", permissions=MANAGE_GUILD | (1 << 11) | (1 << 10))
    service = MatchService(storage)
    other = await service.create_lobby(OTHER_GUILD, 1, alice.id, "toy", 2, {"rounds": "1"})
    await service.add_ai(other.id, alice.id)
    turn = await service.start(other.id, alice.id)
    (waiting,) = [p for p in turn.pending if not p.is_ai]
    lobby = await service.create_lobby(OTHER_GUILD, 1, alice.id, "toy", 3, {})
    before = {m: await fingerprint(storage, m) for m in (other.id, lobby.id)}

    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)):
        commands = [
            ("board", None, {"match": str(other.id)}),
            ("board", None, {"match": f"#{other.id}", "public": True}),
            ("hand", None, {"match": str(other.id)}),
            ("log", None, {"match": str(other.id)}),
            ("play", None, {"choice": "pick:1", "match": str(other.id)}),
            ("export", None, {"match": str(other.id)}),
        ]
        for user in (alice, mallory):
            for name, sub, options in commands:
                r = await fake.slash(user, name, options, subcommand=sub)
                assert r.ephemeral and ANOTHER_SERVER in r.text, (user.name, name, r.text)
                assert not r.attachments, (name, r.attachments)
        # The lobby and running-match commands look only at this server's matches.
        for sub, match_id in (
            ("join", lobby.id),
            ("leave", lobby.id),
            ("addbot", lobby.id),
            ("start", lobby.id),
            ("cancel", other.id),
            ("abandon", other.id),
            ("rejoin", other.id),
        ):
            r = await fake.slash(alice, "game", {"match": str(match_id)}, subcommand=sub)
            assert r.ephemeral and f"no open match #{match_id} in this server" in r.text, (
                sub,
                r.text,
            )
        r = await fake.slash(
            mallory, "game", {"player": alice.id, "match": str(other.id)}, subcommand="vote"
        )
        assert r.ephemeral and "in this server" in r.text, r.text
        for sub, options in (
            ("cancel", {"match": str(other.id)}),
            ("remove", {"player": alice.id, "match": str(other.id)}),
        ):
            r = await fake.slash(mallory, "admin", options, subcommand=sub)
            assert r.ephemeral and "in this server" in r.text, (sub, r.text)
        # Without match:, Alice's only running match is in the other server: not used here.
        r = await fake.slash(alice, "board")
        assert r.ephemeral and "no running match here" in r.text, r.text

        # Every component kind, with the other match's id, pressed in this server.
        seq = waiting.seq
        clicks = [
            button(f"scarab:{other.id}:{seq}:pick:1"),
            button(f"scarab:private:{other.id}:{seq}"),
            button(f"scarab:undo:{other.id}:{turn.version}"),
            button(f"scarab:rematch:{other.id}"),
            *(
                button(f"scarab:lobby:{lobby.id}:{action}")
                for action in ("join", "leave", "addbot", "start", "cancel")
            ),
        ]
        menus = [
            select(f"scarab:pick:{other.id}:{seq}", "pick:1"),
            select(f"scarab:seat:{other.id}:{waiting.seat}:{seq}", "pick:1"),
        ]
        for user in (alice, mallory):
            for component in clicks:
                message = forged_message(fake, fake.channel, [component])
                r = await fake.click(user, message, component["custom_id"])
                assert r.ephemeral and ANOTHER_SERVER in r.text, (component, r.text)
            for component in menus:
                message = forged_message(fake, fake.channel, [component])
                r = await fake.select(user, message, component["custom_id"], ["pick:1"])
                assert r.ephemeral and ANOTHER_SERVER in r.text, (component, r.text)

        # In a DM: only the match's own players.
        r = await fake.slash(mallory, "board", {"match": str(other.id)}, channel="dm")
        assert r.ephemeral and "not seated in match" in r.text, r.text
        r = await fake.slash(mallory, "log", {"match": str(other.id)}, channel="dm")
        assert r.ephemeral and "not seated in match" in r.text, r.text
        dm = forged_message(
            fake, fake._ensure_dm(mallory), [button(f"scarab:{other.id}:{seq}:pick:1")]
        )
        r = await fake.click(mallory, dm, f"scarab:{other.id}:{seq}:pick:1")
        assert r.ephemeral and "not seated in match" in r.text, r.text
        assert await fingerprint(storage, other.id) == before[other.id]
        assert await fingerprint(storage, lobby.id) == before[lobby.id]

        # Alice's own match works from her DM (where her sealed choices arrive).
        r = await fake.slash(alice, "hand", {"match": str(other.id)}, channel="dm")
        assert "Toy Duel" in r.text and f"match #{other.id}" in r.text, r.text
        dm = forged_message(
            fake, fake._ensure_dm(alice), [button(f"scarab:{other.id}:{seq}:pick:2")]
        )
        r = await fake.click(alice, dm, f"scarab:{other.id}:{seq}:pick:2")
        assert (await storage.get_match(other.id)).version > before[other.id][1]
