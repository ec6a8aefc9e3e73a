"""A whole Amun-Re match through Discord: the real discord.py bot against the fake Discord.

Three players sit down from a lobby and play to the final scores with buttons, select menus and
``/play`` (long lists), answering the sealed offering in DMs. Carol has closed DMs and answers
through the thread's "Choose privately" button. Mid-match, during a sealed offering, the bot is
stopped and a *new* bot (new ``ScarabBot``, new ``Storage`` on the same database file) goes on,
answering with components the first bot posted; it is stopped in turn in the middle of a
multi-step public turn, and a third bot finishes the match from the second one's turn message.
Along the way: a user without a seat is refused, two simultaneous presses of one button apply
once, a DM answer after the decision closed is refused as no longer current.

Players choose with the engine's baseline AI (``ai_choice``) so the game proceeds sensibly; the
test then finds the button, menu entry or ``/play`` choice that carries that option.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import rules
from tests.e2e.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.table import MATCH_TIMEOUT, Table

GAME = "amunre"
NOT_CURRENT = "no longer current"
NOT_YOUR_TURN = "It is not your turn: waiting for "


def sealed_partly_answered(turn: Any, seats: int) -> bool:
    sealed = [p for p in turn.pending if p.decision.secret]
    return bool(sealed) and len(sealed) < seats


async def test_amunre_whole_match_with_restart(fake: FakeDiscord, tmp_path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    carol = fake.add_user("carol", dms_open=False)
    dave = fake.add_user("dave")  # watches, never seated
    table = await Table.open(fake, GAME, [alice, bob, carol], tmp_path, closed_dm=carol)
    async with asyncio.timeout(MATCH_TIMEOUT):
        first_bot_until = await first_half(table, dave)
        second_bot_until = await second_half(table, first_bot_until)
        await third_half(table, second_bot_until)


async def first_half(table: Table, dave: FakeUser) -> int:
    """Lobby, refusals, a double press, play on into a sealed offering; the last message id."""
    fake = table.fake
    alice, bob, carol = table.players
    async with fake.run_bot(table.bot):
        # --- lobby: open, two join (button and command), start
        r = await fake.slash(alice, "game", {"game": GAME, "seats": 3}, subcommand="new")
        assert r.ephemeral and "Lobby #" in r.text, r.text
        lobby = fake.latest_message(with_components=True)
        assert lobby is not None and lobby.find_button("Join")
        table.read_lobby(lobby)
        await fake.click(bob, lobby, label="Join")
        r = await fake.slash(carol, "game", {}, subcommand="join")
        assert "joined" in r.text, r.text
        r = await fake.click(bob, fake.message(lobby.id), label="Start")
        assert r.ephemeral and "host" in r.text.lower(), r.text
        r = await fake.slash(alice, "game", {}, subcommand="start")
        assert "started" in r.text, r.text
        thread = fake.threads()[0]
        table.thread_id = thread.id
        first = next(m for m in table.thread_messages() if m.embeds)  # after the roster
        warning = " ".join(e.get("description", "") for e in first.embeds)
        assert carol.mention in warning and "DM" in warning, warning
        assert first.file_bytes("board.png").startswith(b"\x89PNG")

        # --- a watcher is refused, and nothing changes
        turn, state = await table.position()
        pending = turn.pending[0]
        assert not pending.decision.secret
        option = table.engine.ai_choice(state, pending.seat)
        kind, msg, cid = table.control_in(table.thread_messages(), pending.seq, option)
        before = await table.version()
        r = await table.press(dave, kind, msg, cid, option)
        assert r.ephemeral and "not seated" in r.text, r.text
        assert await table.version() == before

        # --- two simultaneous presses of the same choice apply once
        owner = table.user(pending.user_id)
        if kind == "button":
            r1, r2 = await asyncio.gather(fake.click(owner, msg, cid), fake.click(owner, msg, cid))
        else:
            r1, r2 = await asyncio.gather(
                fake.select(owner, msg, cid, [option]), fake.select(owner, msg, cid, [option])
            )
        assert await table.version() == before + 1
        # The second press finds the owner's decision answered: "no longer current" while
        # they still have one open, else whose turn it is (issue 12 item 7).
        refusals = [
            r
            for r in (r1, r2)
            if r.ephemeral and (NOT_CURRENT in r.text or NOT_YOUR_TURN in r.text)
        ]
        assert len(refusals) == 1, (r1.text, r2.text)
        table.actions += 1

        # --- play on; the first sealed round: Alice answers with /play, so her DM keeps its
        # buttons, which must then be refused once the round is over.
        stale_dm: tuple[FakeMessage, str] | None = None
        checked_stale = False
        while True:
            turn, state = await table.position()
            assert turn.result is None, "the game ended before the restart point"
            view = turn.view
            if view.get("round", 1) >= 2 and sealed_partly_answered(turn, 3):
                break  # restart in the middle of a sealed offering
            pending = turn.pending[0]
            if (
                pending.decision.secret
                and stale_dm is None
                and table.user(pending.user_id) is alice
            ):
                dm = table.control_in(
                    fake.dm_messages(alice), pending.seq, pending.decision.options[0].id
                )
                assert dm is not None, "Alice got no DM for the sealed offering"
                stale_dm = (dm[1], dm[2])
                await table.step(use_play=True)
                continue
            if (
                stale_dm is not None
                and not checked_stale
                and not any(p.decision.secret for p in turn.pending)
            ):
                msg, cid = stale_dm
                # Answered with /play: her DM menu closes (issue 15 item 2), nothing to click.
                await fake.wait_for(lambda msg=msg: not fake.message(msg.id).all_components())
                assert "Answered" in fake.message(msg.id).content
                checked_stale = True
                continue
            await table.step(use_play=table.actions % 17 == 5)
        assert checked_stale
        last_message = max(fake.messages)
    await table.store.close()
    return last_message


async def second_half(table: Table, restart_from: int) -> int:
    """A new bot finishes the sealed offering with the first bot's components, then plays on
    and stops in the middle of a multi-step public turn."""
    fake = table.fake
    old_messages = {mid for mid in fake.messages if mid <= restart_from}
    await table.reopen()
    async with fake.run_bot(table.bot):
        turn, _ = await table.position()
        while any(p.decision.secret for p in turn.pending):
            await table.step()
            turn, _ = await table.position()
        assert table.used_messages and set(table.used_messages) <= old_messages, (
            table.used_messages,
            "answered with components posted by the first bot",
        )
        assert table.via.get("private", 0) >= 1
        while True:
            turn, _ = await table.position()
            assert turn.result is None, "the game ended before the second restart"
            if turn.view.get("round", 1) >= 3 and await mid_public_turn(table, turn):
                break
            await table.step(use_play=table.actions % 17 == 5)
        last_message = max(fake.messages)
    await table.store.close()
    return last_message


async def mid_public_turn(table: Table, turn: Any) -> bool:
    """True when the open public decision continues the turn of the seat that just moved."""
    if not turn.pending or turn.pending[0].decision.secret:
        return False
    last = await table.store.recent_moves(table.match_id, 1)
    return bool(last) and last[0].seat == turn.pending[0].seat


async def third_half(table: Table, restart_from: int) -> None:
    """A third bot answers on the second bot's turn message (posting the turn anew), then
    finishes."""
    fake = table.fake
    old_messages = {mid for mid in fake.messages if mid <= restart_from}
    await table.reopen()
    async with fake.run_bot(table.bot):
        live = [m for m in table.thread_messages() if m.all_components()]
        seat = (await table.position())[0].pending[0].seat
        await table.step()
        assert table.used_messages[0] in old_messages, "the old turn message still answers"
        assert table.used_messages[0] == live[-1].id
        turn, _ = await table.position()
        now = [m for m in table.thread_messages() if m.all_components()]
        if turn.pending and turn.pending[0].seat == seat:  # still that seat's turn
            # After a restart the live turn is posted anew (a notification for the player),
            # never edited into the older message, which becomes a summary (issue 10).
            assert now[-1].id != live[-1].id, "the restarted bot posts the live turn anew"
            assert fake.message(live[-1].id).content.startswith("▸ ")
            assert not fake.message(live[-1].id).all_components()
        while True:
            turn, _ = await table.position()
            if turn.result is not None:
                break
            await table.step(use_play=table.actions % 17 == 5)

        info = await table.bot.service.get_match(table.match_id)
        assert info.status == "finished" and info.result is not None
        final = table.thread_messages()[-1]
        assert "Game over" in final.content, final
        board = final.file_bytes("board.png")
        assert board.startswith(b"\x89PNG")
        text = final.embeds[0]["description"]
        for user in table.players:
            assert f"{user.name} (" in text, text  # name and seat marks (issue 12)
        # Only the result message still shows an image; finished turns are one-line summaries.
        with_images = [m for m in table.thread_messages() if m.attachments]
        assert with_images == [final], with_images
        assert table.via.get("button") and table.via.get("select") and table.via.get("/play")
        print(f"{table.actions} answers, by kind: {table.via}")


@pytest.fixture(autouse=True)
def _registered() -> None:
    assert GAME in rules.ENGINES
