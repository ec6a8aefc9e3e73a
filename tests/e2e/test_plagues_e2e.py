"""10 Plagues of Egypt through Discord: the real discord.py bot against the fake Discord.

- Three players open a lobby with table options (suggested by ``/game new``'s autocomplete),
  draft their provinces and play to the final scores with buttons, select menus and ``/play``.
  When several seats answer at once (the plague's losses), the turn message carries one menu
  per seat and mentions each of them; another player's menu refuses you.
- A solo match (one player against the engine's AI seat) plays to the final scores too, and
  on the way each kind of bad input typed with ``/play`` gets its reason and changes nothing.

Players choose with the engine's baseline AI (``ai_choice``) on the stored state; the test
then presses the button / menu entry, or types the ``/play`` choice, that carries it.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import rules
from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.table import MATCH_TIMEOUT, Table

GAME = "plagues"


async def open_table(fake: FakeDiscord, tmp_path: Any, players: list[FakeUser]) -> Table:
    return await Table.open(fake, GAME, players, tmp_path)


# ------------------------------------------------------------------------------ 3 seats


async def test_plagues_three_players_to_the_final_scores(fake: FakeDiscord, tmp_path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    dave = fake.add_user("dave")  # watches, never seated
    table = await open_table(fake, tmp_path, [alice, bob, carol])
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            await three_players(table, dave)
    finally:
        await table.store.close()


async def three_players(table: Table, dave: FakeUser) -> None:
    fake = table.fake
    alice, bob, carol = table.players
    # --- /game new: the options are suggested from the engine's variants and validated
    choices = await fake.autocomplete(
        alice, "game", {"game": GAME, "options": "prov"}, focused="options", subcommand="new"
    )
    assert "provinces=draft" in [c["value"] for c in choices], choices
    choices = await fake.autocomplete(
        alice,
        "game",
        {"game": GAME, "options": "short=on, dr"},
        focused="options",
        subcommand="new",
    )
    assert "short=on, provinces=draft" in [c["value"] for c in choices], choices
    r = await fake.slash(
        alice, "game", {"game": GAME, "seats": 3, "options": "speed=fast"}, subcommand="new"
    )
    assert r.ephemeral and "Unknown table option" in r.text and "provinces" in r.text, r.text
    r = await fake.slash(alice, "game", {"game": GAME, "seats": 5}, subcommand="new")
    assert r.ephemeral and "1–4 seats" in r.text, r.text
    lobby = await table.open_lobby(alice, 3, "short=on, provinces=draft")
    listed = lobby.embeds[0]["fields"]
    text = " ".join(f["value"] for f in listed)
    assert "Provinces: **draft**" in text and "Short game (8 rounds): **on**" in text, text
    await fake.click(bob, lobby, label="Join")
    r = await fake.slash(carol, "game", {}, subcommand="join")
    assert "joined" in r.text, r.text
    r = await fake.slash(alice, "game", {}, subcommand="start")
    assert "started" in r.text, r.text
    await table.started()

    # --- the province draft comes first, in turn order
    turn, state = await table.position()
    assert turn.pending[0].decision.key == "province"
    for _ in range(3):
        turn, state = await table.position()
        pending = turn.pending[0]
        assert pending.decision.key == "province"
        await table.answer(pending, table.engine.ai_choice(state, pending.seat))
    turn, state = await table.position()
    assert sorted(p["province"] is not None for p in turn.view["players"]) == [True] * 3

    # --- play; check the simultaneous loss step once, in detail
    checked_several = False
    while True:
        turn, state = await table.position()
        if turn.result is not None:
            break
        several = len(turn.pending) > 1
        pending = turn.pending[0]
        option = table.engine.ai_choice(state, pending.seat)
        if several and not checked_several:
            await check_several(table, turn, state, dave)
            checked_several = True
            continue
        await table.answer(pending, option, use_play=table.actions % 13 == 7)
    assert checked_several, "no step had several seats answering at once"

    final = await table.finished()
    scores = final.embeds[0]["description"]
    for user in table.players:
        assert f"{user.name} (" in scores, scores  # name and seat marks (issue 12)
    # phase 2's soldiers and turn order reached the turn summaries
    said = " ".join(m.content + " ".join(str(e) for e in m.embeds) for m in table.thread_messages())
    assert "Soldiers: " in said and "Turn order: " in said
    assert table.via.get("select") and table.via.get("/play"), table.via
    print(f"{table.actions} answers, by kind: {table.via}")


async def check_several(table: Table, turn: Any, state: Any, dave: FakeUser) -> None:
    """One live message: a menu per seat that must act, every one of them mentioned; a menu
    refuses anyone but its owner, and nothing changes; an answer edits that message."""
    live = table.thread_messages()[-1]
    for pending in turn.pending[:5]:
        cid = f"scarab:seat:{table.match_id}:{pending.seat}:{pending.seq}"
        assert live.component(cid) is not None, (cid, live.all_components())
        assert f"<@{pending.user_id}>" in live.content, live.content
    first, second = turn.pending[0], turn.pending[1]
    option = first.decision.options[0].id
    cid = f"scarab:seat:{table.match_id}:{first.seat}:{first.seq}"
    before = await table.stored()
    r = await table.fake.select(table.user(second.user_id), live, cid, [option])
    assert r.ephemeral and "only its owner" in r.text, r.text
    r = await table.fake.select(dave, live, cid, [option])
    assert r.ephemeral and "not seated" in r.text, r.text
    assert await table.stored() == before
    await table.answer(first, table.engine.ai_choice(state, first.seat))
    after, _ = await table.position()
    if first.seat not in {p.seat for p in after.pending} and len(after.pending) > 1:
        edited = table.fake.message(live.id)
        assert table.thread_messages()[-1].id == live.id, "a new message instead of an edit"
        assert edited.component(cid) is None and f"<@{first.user_id}>" not in edited.content
        for pending in after.pending[:5]:
            assert f"<@{pending.user_id}>" in edited.content, edited.content


# ------------------------------------------------------------------------------ solo


async def test_plagues_solo_against_the_ai_with_bad_input(fake: FakeDiscord, tmp_path) -> None:
    alice = fake.add_user("alice")
    table = await open_table(fake, tmp_path, [alice])
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            await solo(table)
    finally:
        await table.store.close()


async def solo(table: Table) -> None:
    fake = table.fake
    (alice,) = table.players
    lobby = await table.open_lobby(alice, 1, "provinces=draft")
    r = await fake.click(alice, lobby, label="Start")  # the host alone fills the only seat
    assert "started" in r.text, r.text
    await table.started()

    turn, state = await table.position()
    pending = turn.pending[0]
    assert pending.decision.key == "province" and len(pending.decision.options) == 4
    await table.answer(pending, "province:abydos")
    await bad_input(table)
    await table.play_on()
    final = await table.finished()
    scores = final.embeds[0]["description"]
    assert "alice (A, blue ●)" in scores and "points" in scores, scores  # names (issue 12)
    assert "🤖 AI (solo) (B, vermillion ■)" in scores, scores  # the engine's solo AI
    assert table.via.get("refused") == 5, table.via
    print(f"{table.actions} answers, by kind: {table.via}")


async def decide(table: Table, key: str) -> tuple[Any, Any, Any]:
    turn, state = await table.position()
    pending = turn.pending[0]
    assert pending.decision.key == key, (key, pending.decision)
    return turn, state, pending


async def bad_input(table: Table) -> None:
    """Each kind of bad input, typed with /play, is refused with its reason."""
    (alice,) = table.players
    # turn 1: die 1, the Abydos power kept for later
    _, _, pending = await decide(table, "die")
    await table.answer(pending, "die:1")
    _, _, pending = await decide(table, "abydos")
    await table.answer(pending, "abydos:keep")
    _, state, pending = await decide(table, "action")
    await table.refused(
        alice, f"hebrew:{max(state['hebrews'])}", "A die of 1 cannot free a Hebrew of value"
    )
    if "pharaoh" in pending.decision.option_ids():
        await table.answer(pending, "pharaoh")
        _, _, pending = await decide(table, "pharaoh")
        await table.refused(alice, "pay:city", "You cannot pay 1 coin")
    else:  # this round's plague is Flies: card 1 costs a coin tile
        await table.refused(alice, "pharaoh", "costs a coin tile, and you have none")
    while True:  # on to seat 1's next die card (the AI moves by itself)
        turn, state = await table.position()
        pending = turn.pending[0]
        if pending.decision.key == "die":
            break
        await table.answer(pending, table.engine.ai_choice(state, pending.seat))
    # turn 2: die 1 again; then a city/field tile through Abydos, placed in the wrong area
    await table.refused(alice, "die:1", "You have already used your die card 1 this round")
    target = None
    for space, tile in enumerate(state["dice_spaces"], start=1):
        if tile in ("sphinx", "obelisk", "plantation", "herd"):
            dice = [d for d in range(2, 7) if 0 < abs(d - space) <= 2]
            if dice:
                target = (dice[0], space, tile)
                break
    assert target is not None, state["dice_spaces"]
    die, space, tile = target
    await table.answer(pending, f"die:{die}")
    _, _, pending = await decide(table, "abydos")
    await table.answer(pending, f"abydos:{space}")
    _, _, pending = await decide(table, "action")
    await table.answer(pending, "tile")
    _, _, pending = await decide(table, "space")
    wrong = "f0" if tile in ("sphinx", "obelisk") else "c0"
    await table.refused(alice, f"space:{wrong}", "goes in your")
    await table.answer(pending, table.engine.ai_choice((await table.position())[1], 0))
    while True:
        turn, state = await table.position()
        pending = turn.pending[0]
        if pending.decision.key == "action":
            break
        await table.answer(pending, table.engine.ai_choice(state, pending.seat))
    # turn 3: Abydos once more in the same round
    await table.refused(alice, "abydos:2", "once per round and you have used it")


@pytest.fixture(autouse=True)
def _registered() -> None:
    assert GAME in rules.ENGINES
