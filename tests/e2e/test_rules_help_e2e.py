"""``/rules <game> [topic]`` end to end through the fake Discord (issue 6, item 8)."""

from __future__ import annotations

import lang
from bot.rules_pages import PAGES
from cogs.client import ScarabBot
from tests.e2e.fakediscord import FakeDiscord


async def test_rules_pages_answer(fake: FakeDiscord, storage) -> None:
    alice = fake.add_user("alice")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)):
        for game_id, pages in PAGES.items():
            for topic, entry in pages.items():
                r = await fake.slash(alice, "rules", {"game": game_id, "topic": topic})
                assert r.ephemeral, r.text
                assert r.embeds and r.embeds[0]["title"] == entry.title, r.embeds
                assert entry.text.splitlines()[0] in r.embeds[0]["description"]
        r = await fake.slash(alice, "rules", {"game": "amunre"})  # no topic: the overview
        assert r.embeds[0]["title"] == PAGES["amunre"]["overview"].title
        assert not fake.channel_messages(fake.channel)  # nothing posted in public

        r = await fake.slash(alice, "rules", {"game": "tekhenu", "topic": "combat"})
        assert r.ephemeral and "no topic 'combat'" in r.text, r.text
        for topic in ("overview", "turn", "actions", "scoring"):
            assert f"`{topic}`" in r.text
        r = await fake.slash(alice, "rules", {"game": "chess"})
        assert r.ephemeral and "no rules page for 'chess'" in r.text and "`ankh`" in r.text

        choices = await fake.autocomplete(alice, "rules", {"game": "plag"}, focused="game")
        assert [c["value"] for c in choices] == ["plagues"], choices
        choices = await fake.autocomplete(
            alice, "rules", {"game": "ankh", "topic": "sc"}, focused="topic"
        )
        assert [c["value"] for c in choices] == ["scoring"], choices
        choices = await fake.autocomplete(
            alice, "rules", {"game": "ankh", "topic": ""}, focused="topic"
        )
        assert [c["value"] for c in choices] == list(PAGES["ankh"]), choices


async def test_rules_pages_in_the_users_language(fake: FakeDiscord, storage) -> None:
    """A Brazilian client gets the Portuguese page, topic names and refusals (issue 6)."""
    bruna = fake.add_user("bruna")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)):
        entry = PAGES["tekhenu"]["scoring"]
        r = await fake.slash(
            bruna, "rules", {"game": "tekhenu", "topic": "scoring"}, locale="pt-BR"
        )
        assert r.ephemeral and r.embeds, r.text
        assert r.embeds[0]["title"] == "Tekhenu: Obelisco do Sol — pontuação"
        assert r.embeds[0]["title"] == lang.localise(entry.title, "pt-BR")
        assert r.embeds[0]["description"] == lang.localise(entry.text, "pt-BR")
        assert r.embeds[0]["description"].startswith("**Fase de Maat** — equilíbrio")
        assert "tópicos" in r.embeds[0]["footer"]["text"]

        r = await fake.slash(
            bruna, "rules", {"game": "ankh", "topic": "pontuação"}, locale="pt-BR"
        )  # a topic typed by its Portuguese name
        assert r.embeds[0]["title"] == "Ankh: Deuses do Egito — devoção e conflitos", r.embeds

        r = await fake.slash(
            bruna, "rules", {"game": "tekhenu", "topic": "combate"}, locale="pt-BR"
        )
        assert r.ephemeral and "Não existe o tópico 'combate'" in r.text, r.text

        choices = await fake.autocomplete(
            bruna, "rules", {"game": "ankh", "topic": ""}, focused="topic", locale="pt-BR"
        )
        assert [c["value"] for c in choices] == list(PAGES["ankh"]), choices
        assert [c["name"] for c in choices][2:] == ["Ações", "Pontuação"], choices
