"""A long menu through Discord (issue 12, item 6): in a real 4-seat Amun-Re match the first
auction offers more bids than one select holds. The turn post's menu shows the provinces; the
bidder opens one (a step only they see), the bot restarts, and the bid beyond the 25th entry
is chosen in that step with the new bot. Another player's click on a province is refused as
not their turn, and "Back" goes up a level.
"""

from __future__ import annotations

import asyncio

from bot.service import MatchService
from bot.storage import Storage
from bot.stores import open_storage
from cogs.client import ScarabBot
from cogs.picker import BRANCH
from tests.e2e.fakediscord import FakeDiscord, FakeMessage

SEED = 20261126
TIMEOUT = 120


def make_bot(store: Storage, fake: FakeDiscord) -> ScarabBot:
    return ScarabBot(
        store, dev_guild_id=fake.guild_id, service=MatchService(store, seed_source=lambda: SEED)
    )


def select_of(message: FakeMessage, prefix: str) -> dict:
    (select,) = [s for s in message.selects() if s["custom_id"].startswith(prefix)]
    return select


async def test_a_bid_beyond_the_25th_is_two_clicks_away(fake: FakeDiscord, tmp_path) -> None:
    db = str(tmp_path / "scarab.sqlite3")
    players = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave")]
    store = await open_storage(db)
    bot = make_bot(store, fake)
    async with asyncio.timeout(TIMEOUT):
        async with fake.run_bot(bot):
            r = await fake.slash(
                players[0], "game", {"game": "amunre", "seats": 4}, subcommand="new"
            )
            lobby = fake.latest_message(with_components=True)
            match_id = int(lobby.embeds[0]["footer"]["text"].split()[1])
            for user in players[1:]:
                await fake.slash(user, "game", {}, subcommand="join")
            r = await fake.slash(players[0], "game", {}, subcommand="start")
            assert "started" in r.text, r.text
            turn = await bot.service.snapshot(match_id)
            (pending,) = turn.pending
            options = pending.decision.options
            assert len(options) > 25 and not pending.secret
            target = options[-1] if options[-1].group else next(o for o in options[25:] if o.group)
            assert options.index(target) >= 25
            bidder = next(u for u in players if u.id == pending.user_id)
            other = next(u for u in players if u.id != pending.user_id)
            thread = fake.threads()[-1].id

            post = await fake.wait_for(
                lambda: next(
                    (
                        m
                        for m in reversed(fake.channel_messages(thread))
                        if any(
                            s["custom_id"] == f"scarab:pick:{match_id}:{pending.seq}"
                            for s in m.selects()
                        )
                    ),
                    None,
                ),
                message="no turn post with the auction menu",
            )
            menu = select_of(post, "scarab:pick:")
            # The menu's prompt names the bidder as the post does, never "Seat 2".
            assert menu["placeholder"].startswith(f"{bidder.name} ("), menu["placeholder"]
            entries = {o["label"]: o["value"] for o in menu["options"]}
            assert target.id not in entries.values()  # not in the top level: a step away
            province = entries[f"▸ {target.group}"]
            assert province.startswith(BRANCH)

            r = await fake.select(other, post, menu["custom_id"], [province])
            assert r.ephemeral and "not your turn" in r.text.lower(), r.text

            r = await fake.select(bidder, post, menu["custom_id"], [province])
            (step,) = [m for m in r.messages if m.selects()]
            assert step.ephemeral and str(target.group) in step.content, step.content
            assert step.content.startswith(f"{bidder.name} ("), step.content
            step_menu = select_of(step, "scarab:step:")
            assert target.id in {o["value"] for o in step_menu["options"]}
            assert len(step_menu["options"]) <= 25

            r = await fake.select(bidder, step, step_menu["custom_id"], [BRANCH])  # Back
            top = select_of(fake.message(step.id), "scarab:step:")
            assert top["placeholder"].startswith(f"{bidder.name} ("), top["placeholder"]
            assert {o["value"] for o in top["options"]} >= set(entries.values())
            r = await fake.select(bidder, step, top["custom_id"], [province])
            step_menu = select_of(fake.message(step.id), "scarab:step:")
        await store.close()

        store = await open_storage(db)  # a new bot answers from the step the first one showed
        bot = make_bot(store, fake)
        async with fake.run_bot(bot):
            before = (await bot.service.get_match(match_id)).version
            r = await fake.select(bidder, step, step_menu["custom_id"], [target.id])
            after = await bot.service.get_match(match_id)
            assert after.version == before + 1, r.text
            moves = await store.recent_moves(match_id, 1)
            assert moves[-1].option_id == target.id
            assert "✅" in fake.message(step.id).content, fake.message(step.id).content
        await store.close()
