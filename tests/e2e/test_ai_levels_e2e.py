"""AI levels end to end (issue 13 item 3): ``/game addbot level``, the lobby's Add AI button
(normal), the seat names in the lobby ("AI (hard)", in the lobby's language) and the table's
level for absent players in ``/game new`` and ``/admin defaults``."""

from __future__ import annotations

from cogs.client import ScarabBot
from tests.e2e.fakediscord import MEMBER_PERMISSIONS, FakeDiscord

MANAGE_GUILD = 1 << 5


def new_bot(store, fake: FakeDiscord) -> ScarabBot:
    return ScarabBot(store, dev_guild_id=fake.guild_id)


def lobby_text(fake: FakeDiscord, lobby) -> str:
    return fake.message(lobby.id).embeds[0]["description"]


async def test_addbot_at_each_level_names_the_seat(fake: FakeDiscord, storage, toy_engine):
    alice = fake.add_user("alice")
    async with fake.run_bot(new_bot(storage, fake)):
        r = await fake.slash(
            alice, "game", {"game": "toy", "seats": 3, "ai_level": "hard"}, subcommand="new"
        )
        assert "The AI that plays for absent players: **hard**" in r.text, r.text
        lobby = fake.latest_message(with_components=True)
        await fake.slash(alice, "game", {"level": "easy"}, subcommand="addbot")
        assert "2. 🤖 AI (easy)" in lobby_text(fake, lobby)
        await fake.slash(alice, "game", {"level": "hard"}, subcommand="addbot")
        assert "3. 🤖 AI (hard)" in lobby_text(fake, lobby)
        r = await fake.slash(alice, "game", {"level": "hard"}, subcommand="addbot")
        assert r.ephemeral and "full" in r.text.lower(), r.text


async def test_the_add_ai_button_seats_a_normal_ai_and_names_it_in_the_lobbys_language(
    fake: FakeDiscord, storage, toy_engine
):
    ana = fake.add_user("ana", locale="pt-BR")
    async with fake.run_bot(new_bot(storage, fake)):
        await fake.slash(ana, "game", {"game": "toy", "seats": 3}, subcommand="new", locale="pt-BR")
        lobby = fake.latest_message(with_components=True)
        await fake.click(ana, lobby, label="Adicionar IA")
        assert "2. 🤖 IA (normal)" in lobby_text(fake, lobby), lobby_text(fake, lobby)
        await fake.slash(ana, "game", {"level": "hard"}, subcommand="addbot", locale="pt-BR")
        assert "3. 🤖 IA (difícil)" in lobby_text(fake, lobby), lobby_text(fake, lobby)


async def test_admin_defaults_set_the_level_for_absent_players(fake: FakeDiscord, storage):
    boss = fake.add_user("boss", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    async with fake.run_bot(new_bot(storage, fake)):
        r = await fake.slash(boss, "admin", {"ai_level": "easy"}, subcommand="defaults")
        assert "The AI that plays for absent players: **easy**" in r.text, r.text
        r = await fake.slash(boss, "admin", {}, subcommand="defaults")
        assert "**easy**" in r.text, r.text
