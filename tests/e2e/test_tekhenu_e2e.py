"""Tekhenu: Obelisk of the Sun through Discord: the real discord.py bot against the fake Discord.

- Two players open a lobby (the game's table options are suggested by ``/game new`` and listed
  by their labels), keep a secret Decree by DM (Bob, whose DMs are closed, through "Choose
  privately"), see it with ``/hand``, and play to the final scores with buttons, menus and
  ``/play``. The final message reveals every Decree and what it scored.
- A solo match against Botankhamun (hard, the harder Starting-card rule) plays to the final
  scores; on the way, bad input typed with ``/play`` gets the engine's reason and changes
  nothing.

Players choose with the engine's baseline AI (``ai_choice``) on the stored state; the test then
presses the button / menu entry (thread or DM), or types the ``/play`` choice, that carries it.
The driver is ``tests/e2e/table.py``.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import rules
from rules.tekhenu.data import CARD_TEXT
from rules.tekhenu.state import die_purity, scribe_budget
from tests.e2e.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.table import MATCH_TIMEOUT, Table

GAME = "tekhenu"


async def open_table(
    fake: FakeDiscord, tmp_path: Any, players: list[FakeUser], closed_dm: FakeUser | None = None
) -> Table:
    return await Table.open(fake, GAME, players, tmp_path, closed_dm=closed_dm)


def lobby_options(lobby: FakeMessage) -> str:
    return " ".join(f["value"] for f in lobby.embeds[0]["fields"])


async def final_message(table: Table) -> tuple[FakeMessage, str, Any]:
    final = await table.finished()
    text = " ".join(
        [final.content]
        + [e.get("description", "") for e in final.embeds]
        + [f["value"] for e in final.embeds for f in e.get("fields", ())]
    )
    snap = await table.store.get_snapshot(table.match_id)
    return final, text, table.engine.load(snap.state)


def assert_decrees_revealed(text: str, state: Any) -> None:
    """Every player's Decrees are named in the final message with what they scored."""
    assert "Decrees scored" in text, text
    for player in state["players"]:
        if player["is_bot"]:
            continue
        assert player["revealed"], player
        for card in player["revealed"]:
            effect = f"“{CARD_TEXT[card]}”"  # said by its effect, not its code
            scored = [f"{effect} +", f"{effect} not scored", f"{effect} used"]
            assert any(s in text for s in scored), (card, text)


# ------------------------------------------------------------------------------ 2 seats


async def test_tekhenu_two_players_to_the_final_scores(fake: FakeDiscord, tmp_path) -> None:
    alice = fake.add_user("alice")
    bob = fake.add_user("bob", dms_open=False)
    table = await open_table(fake, tmp_path, [alice, bob], closed_dm=bob)
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            await two_players(table)
    finally:
        await table.store.close()


async def two_players(table: Table) -> None:
    fake = table.fake
    alice, bob = table.players
    # --- /game new: the game's variants are suggested, then listed by their labels
    choices = await fake.autocomplete(
        alice, "game", {"game": GAME, "options": "solo"}, focused="options", subcommand="new"
    )
    values = [c["value"] for c in choices]
    for token in ("solo_difficulty=hard", "solo_random_start=yes"):
        assert token in values, values
    r = await fake.slash(
        alice,
        "game",
        {"game": GAME, "seats": 2, "options": "solo_difficulty=brutal"},
        subcommand="new",
    )
    assert r.ephemeral and "Botankhamun difficulty" in r.text and "hard" in r.text, r.text
    lobby = await table.open_lobby(alice, 2, "printed_horus_bonuses=yes")
    text = lobby_options(lobby)
    assert "Botankhamun difficulty: **Easy**" in text, text
    assert "Solo: 2 random Starting cards: **no**" in text, text
    assert "Printed Horus bonuses (first game): **yes** ✱" in text, text
    await fake.click(bob, lobby, label="Join")
    r = await fake.slash(alice, "game", {}, subcommand="start")
    assert "started" in r.text, r.text
    await table.started()

    # --- the secret Decree: Alice by DM (the menu shows what each Decree scores), Bob,
    # whose DMs are closed, with "Choose privately"
    turn, state = await table.position()
    assert sorted(p.seat for p in turn.pending) == [0, 1]
    assert all(p.decision.secret and p.decision.key == "decree" for p in turn.pending)
    dealt = state["players"][0]["dealt"]
    dm = [m for m in fake.dm_messages(alice) if m.all_components()]
    assert dm, "Alice got no DM for her Decree"
    labels = " ".join(
        c.get("label", "") + " ".join(o.get("label", "") for o in c.get("options", ()))
        for c in dm[-1].all_components()
    )
    for card in dealt:
        assert card in labels and CARD_TEXT[card][:20] in labels, (card, labels)
    assert dm[-1].attachments, "the DM carries the private panel"
    # The DM says the truth: a kept Decree stays hidden until the final scoring.
    assert "hidden until the final scoring" in dm[-1].content, dm[-1].content
    assert "until everyone has answered" not in dm[-1].content, dm[-1].content
    warning = " ".join(
        m.content + " ".join(e.get("description", "") for e in m.embeds)
        for m in table.thread_messages()
    )
    assert bob.mention in warning and "Choose privately" in warning, warning
    await table.play_on(until=lambda turn, state: not any(p.decision.secret for p in turn.pending))
    assert table.via.get("dm") == 1 and table.via.get("private") == 1, table.via
    said = " ".join(t for t in await table.bot.service.log(table.match_id, 50))
    assert "Seat 1 has chosen a Decree" in said and "Seat 2 has chosen a Decree" in said, said

    # --- /hand shows each player their own Decree, and only theirs
    _, state = await table.position()
    for seat, user in enumerate(table.players):
        r = await fake.slash(user, "hand", {}, channel=table.thread_id)
        assert r.ephemeral, r
        mine = state["players"][seat]["decrees"]
        other = state["players"][1 - seat]["decrees"]
        for card in mine:
            assert card in r.text and CARD_TEXT[card] in r.text, (card, r.text)
        assert all(card not in r.text for card in other if card not in mine), r.text
        assert r.file_bytes("hand.png").startswith(b"\x89PNG")

    # --- play to the end
    await table.play_on()
    final, text, state = await final_message(table)
    for user in table.players:
        assert f"{user.name} (" in text, text  # name and seat marks (issue 12)
    assert "points" in text, text
    assert_decrees_revealed(text, state)
    assert table.via.get("button") and table.via.get("/play"), table.via
    print(f"{table.actions} answers, by kind: {table.via}")


# ------------------------------------------------------------------------------ solo


async def test_tekhenu_solo_against_botankhamun(fake: FakeDiscord, tmp_path) -> None:
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
    lobby = await table.open_lobby(alice, 1, "solo_difficulty=hard, solo_random_start=yes")
    text = lobby_options(lobby)
    assert "Botankhamun difficulty: **Hard** ✱" in text, text
    assert "Solo: 2 random Starting cards: **yes** ✱" in text, text
    r = await fake.click(alice, lobby, label="Start")  # the host alone fills the only seat
    assert "started" in r.text, r.text
    await table.started()
    turn, state = await table.position()
    assert state["bot"] == 1 and state["solo"]["difficulty"] == "hard"

    seen: set[str] = set()
    keys: set[str] = set()

    async def bad_input(turn: Any, state: Any, pending: Any) -> bool:
        """Type one kind of bad input when the position allows it; True if one was typed."""
        key = pending.decision.key
        keys.add(key)
        player = state["players"][0]
        if (
            key == "take"
            and "forbidden" not in seen
            and not ("T08" in player["technologies"] or {"B11", "B12"} & set(player["blessings"]))
        ):
            for god, dice in state["sections"].items():
                for colour, value in dice:
                    if die_purity(state, god, colour) == "forbidden":
                        seen.add("forbidden")
                        await table.refused(alice, f"die:{god}:{colour}{value}", "Forbidden")
                        return True
        if key == "take" and "anubis" not in seen and scribe_budget(state, 0) < 2:
            god = next(g for g, dice in state["sections"].items() if dice)
            colour, value = state["sections"][god][0]
            seen.add("anubis")
            await table.refused(
                alice, f"anubis:{god}:{colour}{value}", "An Anubis action costs 2 Scribes"
            )
            return True
        if key == "take" and "blessing" not in seen and "B13" not in player["blessings"]:
            seen.add("blessing")
            await table.refused(alice, "bless:B13", "You do not hold Blessing B13")
            return True
        if (
            key == "action"
            and "osiris" not in seen
            and player["happiness"] == 0
            and state["turn"]["src"] == "osiris"
            and not state["turn"]["anubis"]
        ):
            seen.add("osiris")
            await table.refused(alice, "act:osiris", "your Happiness is 0")
            return True
        if key == "action" and "god" not in seen and not state["turn"]["anubis"]:
            other = next(g for g in state["sections"] if g != state["turn"]["src"])
            seen.add("god")
            await table.refused(alice, f"act:{other}", "comes from")
            return True
        if key == "modify" and "scribe" not in seen and scribe_budget(state, 0) == 0:
            seen.add("scribe")
            await table.refused(alice, "sc:+1", "costs 1 Scribe, and you have none")
            return True
        return False

    await table.play_on(on_step=bad_input)
    assert {"forbidden", "blessing", "god"} <= seen, seen
    assert "draft" not in keys and {"decree", "take", "decree_pick"} <= keys, keys
    said = await table.bot.service.log(table.match_id, 1000)
    assert any(t.startswith("Seat 1 receives S") for t in said), said[:5]  # 2 random cards
    final, text, state = await final_message(table)
    assert "alice (A, blue ●)" in text and "points" in text, text  # names (issue 12)
    assert "🤖 Botankhamun (B, vermillion ■)" in text, text  # an engine seat, with its marks
    assert_decrees_revealed(text, state)
    print(f"{table.actions} answers, by kind: {table.via}; bad input: {sorted(seen)}")


async def test_tekhenu_solo_result_names_botankhamun(fake: FakeDiscord, tmp_path) -> None:
    alice = fake.add_user("alice")
    table = await open_table(fake, tmp_path, [alice])
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            lobby = await table.open_lobby(alice, 1, "")
            await fake.click(alice, lobby, label="Start")
            await table.started()
            await table.play_on()
            final, _, state = await final_message(table)
    finally:
        await table.store.close()
    scores = final.embeds[0]["description"]
    bot_vp = state["players"][1]["vp"]
    assert f"Botankhamun (B, vermillion ■) — {bot_vp} points" in scores, scores


@pytest.fixture(autouse=True)
def _registered() -> None:
    assert GAME in rules.ENGINES
