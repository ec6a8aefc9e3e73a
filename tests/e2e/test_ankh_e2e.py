"""Ankh: Gods of Egypt through Discord: the real discord.py bot against the fake Discord.

Three players open a lobby with table options (a scenario for 3 seats, gods chosen in turn
order), choose their gods, and play through Conflicts to the final scores with buttons, select
menus and ``/play``. Battle cards (and locust bids) are sealed: Alice and Bob answer them in
their DMs, Carol (DMs closed) through the thread's "Choose privately" button. Each Conflict is
announced region by region (the battle, the cards revealed, the strengths, who won). On the
way each kind of bad input typed with ``/play`` gets its reason and changes nothing.

Players choose with the engine's baseline AI (``ai_choice``) on the stored state; the driver
(``tests/e2e/table.py``) then presses the button / menu entry, or types the ``/play`` choice,
that carries it.

Both owners of a merged god take part in its battle decisions (ANKH-R153): the greater god's
seat gets the decision, the lesser god's seat the same question as an advisory proposal; the
bot mentions and DMs both owners, the thread waits only for the greater seat, and only the
greater seat's answer decides (``test_ankh_merged_god_battle_decision_by_both_owners``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import rules
from lang import localise
from rules.ankh.board import LAND, WATER, distance
from rules.ankh.data import CARD_NAMES, CARDS, POWER_LEVEL, UNLOCK_LEVELS
from rules.ankh.state import player_of
from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.table import MATCH_TIMEOUT, Table

GAME = "ankh"
OPTIONS = "scenario=old_kingdom, gods=choose, guardians=choose"


async def open_table(fake: FakeDiscord, tmp_path: Any) -> Table:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    carol = fake.add_user("carol", dms_open=False)
    return await Table.open(fake, GAME, [alice, bob, carol], tmp_path, closed_dm=carol)


async def lobby_and_start(table: Table) -> None:
    fake = table.fake
    alice, bob, carol = table.players
    # --- /game new: the game is offered; its options are suggested from the engine's
    # variants and validated
    choices = await fake.autocomplete(
        alice, "game", {"game": "ank"}, focused="game", subcommand="new"
    )
    assert GAME in [c["value"] for c in choices], choices
    choices = await fake.autocomplete(
        alice,
        "game",
        {"game": GAME, "options": "scenario=old"},
        focused="options",
        subcommand="new",
    )
    assert "scenario=old_kingdom" in [c["value"] for c in choices], choices
    choices = await fake.autocomplete(
        alice,
        "game",
        {"game": GAME, "options": "scenario=old_kingdom, go"},
        focused="options",
        subcommand="new",
    )
    assert "scenario=old_kingdom, gods=choose" in [c["value"] for c in choices], choices
    r = await fake.slash(
        alice, "game", {"game": GAME, "seats": 3, "options": "gods=pick"}, subcommand="new"
    )
    assert r.ephemeral and "choose" in r.text and "random" in r.text, r.text
    r = await fake.slash(
        alice, "game", {"game": GAME, "seats": 3, "options": OPTIONS}, subcommand="new"
    )
    assert r.ephemeral and "Lobby #" in r.text, r.text
    lobby = fake.latest_message(with_components=True)
    assert lobby is not None and lobby.find_button("Join")
    table.read_lobby(lobby)
    listed = " ".join(f["value"] for f in lobby.embeds[0]["fields"])
    assert "Scenario (random: one for the seat count): **Old Kingdom**" in listed, listed
    assert "Gods (dealt at random, or chosen in turn order): **chosen**" in listed, listed
    assert "chosen by the first player): **chosen**" in listed, listed
    await fake.click(bob, lobby, label="Join")
    r = await fake.slash(carol, "game", {}, subcommand="join")
    assert "joined" in r.text, r.text
    r = await fake.slash(alice, "game", {}, subcommand="start")
    assert "started" in r.text, r.text
    await table.started()
    first = next(m for m in table.thread_messages() if m.embeds)  # after the roster
    warning = " ".join(e.get("description", "") for e in first.embeds)
    assert carol.mention in warning and "DM" in warning, warning


async def choose_gods(table: Table) -> None:
    """Seats pick their gods in turn order, before anything else; a taken god is refused.
    Then the first player chooses the guardian card of each level (ANKH-R025)."""
    taken: list[str] = []
    takers: list[str] = []  # who took each god, by name
    for _ in range(3):
        turn, state = await table.position()
        (pending,) = turn.pending
        assert pending.decision.key == "god", pending.decision
        assert [o.label for o in pending.decision.options] == [
            g.title() for g in ("amun", "anubis", "isis", "osiris", "ra") if g not in taken
        ]
        assert state["seat_player"][pending.seat] == pending.seat
        if taken:
            await table.refused(
                table.user(pending.user_id), f"god:{taken[0]}", f"already taken by {takers[0]} ("
            )
        option = table.engine.ai_choice(state, pending.seat)
        await table.send(pending, option)
        taken.append(option[4:])
        takers.append(table.user(pending.user_id).name)
        said = table_text(table)
        name = f"{table.user(pending.user_id).name} ({'ABCDE'[pending.seat]}, "  # issue 12
        assert f"{name}" in said and f"chooses {option[4:].title()}." in said, said[-400:]
    said = table_text(table)
    assert any(f"The gods: {user.name} (A, " in said for user in table.players), said[-400:]
    for level in (1, 2, 3):
        turn, state = await table.position()
        (pending,) = turn.pending
        assert pending.decision.key == "guardian" and pending.seat == state["first_player"]
        if level == 1:
            await table.refused(
                table.user(pending.user_id),
                "guardian:androsphinx",
                "is a level-3 guardian: choose the level-1 one",
            )
        option = table.engine.ai_choice(state, pending.seat)
        await table.send(pending, option)
        assert f"Level-{level} guardian: " in table_text(table)
    turn, state = await table.position()
    assert None not in [p["god"] for p in turn.view["players"]]
    assert turn.pending[0].decision.key == "action"


def table_text(table: Table) -> str:
    return "\n".join(
        m.content + " " + " ".join(str(e) for e in m.embeds) for m in table.thread_messages()
    )


async def bad_input(table: Table, turn: Any, state: Any, tried: set[str]) -> None:
    """At the first chance for each, a bad answer typed with /play is refused with its reason."""
    pending = turn.pending[0]
    d = pending.decision
    user = table.user(pending.user_id)
    offered = set(d.option_ids())
    task = state["stack"][-1]
    if d.key == "action" and "followers" not in tried:
        pl = state["players"][player_of(state, pending.seat)]
        if pl["unlocks"] < len(UNLOCK_LEVELS) and pl["followers"] < UNLOCK_LEVELS[pl["unlocks"]]:
            level = UNLOCK_LEVELS[pl["unlocks"]]
            power = next(
                p for p, lv in sorted(POWER_LEVEL.items()) if lv == level and p not in pl["powers"]
            )
            await table.refused(user, f"power:{power}", "Not enough followers")
            tried.add("followers")
    if d.key == "move_to" and "water" not in tried:
        origin = task["sel"]
        water = [h for h in sorted(WATER) if distance(origin, h) <= 3]
        full = [
            h
            for h in sorted(state["figures"])
            if distance(origin, h) <= 3 and f"to:{h}" not in offered and h != origin
        ]
        if water and full:
            await table.refused(user, f"to:{water[0]}", "cannot end its move on water")
            await table.refused(user, f"to:{full[0]}", "is occupied by")
            tried.add("water")
    if d.key == "summon_at" and "summon" not in tried:
        mine = [h for h, f in state["figures"].items() if f["owner"] == task["p"]]
        mine += [h for h, m in state["monuments"].items() if m["owner"] == task["p"]]
        far = [
            h
            for h in sorted(LAND)
            if f"at:{h}" not in offered
            and h not in state["figures"]
            and h not in state["monuments"]
            and h not in state["underworld"]
            and all(distance(h, a) > 1 for a in mine)
        ]
        if far:
            await table.refused(user, f"at:{far[0]}", "not next to one of your figures")
            tried.add("summon")
    if d.key == "caravan" and "camel" not in tried and not task["line"]:
        from rules.ankh.board import candidate_edges, valid_lines

        camels = frozenset(tuple(e) for e in state["camels"])
        small = [
            e
            for e in candidate_edges(camels)
            if f"camel:{e[0]}-{e[1]}" not in offered
            and any(e in ln for ln in valid_lines(camels, 1))
        ]
        if small:
            a, b = small[0]
            await table.refused(user, f"camel:{a}-{b}", "fewer than 6 land spaces")
            tried.add("camel")


async def test_ankh_three_players_through_conflicts_to_the_end(fake: FakeDiscord, tmp_path) -> None:
    table = await open_table(fake, tmp_path)
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            await lobby_and_start(table)
            await choose_gods(table)
            await play_to_the_end(table)
    finally:
        await table.store.close()


async def play_to_the_end(table: Table) -> None:
    tried: set[str] = set()
    merged_seen = False
    while True:
        turn, state = await table.position()
        if turn.result is not None:
            break
        await bad_input(table, turn, state, tried)
        if not merged_seen and any(len(p["seats"]) > 1 for p in turn.view["players"]):
            merged_seen = True
            check_merge(table, turn)
        await table.step(use_play=table.actions % 17 == 5)
    assert tried == {"followers", "water", "summon", "camel"}, tried

    info = await table.bot.service.get_match(table.match_id)
    assert info.status == "finished" and info.result is not None
    said = table_text(table)
    # Conflicts, region by region: the battle, the cards revealed, the strengths, who won.
    for text in (
        "Event: Conflict.",
        "Battle in ",
        "Battle cards: ",
        "Strength: ",
        " the battle in ",
        "Conflict 1 ends.",
    ):
        assert text in said, text
    assert said.index("Battle in ") < said.index("Battle cards: ") < said.index("Strength: ")
    # Sealed battle cards went by DM (and through "Choose privately" for Carol).
    assert table.via.get("dm", 0) >= 2 and table.via.get("private", 0) >= 1, table.via
    alice = table.players[0]
    dm_text = " ".join(
        m.content + str(m.embeds) + str(m.components) for m in table.fake.dm_messages(alice)
    )
    # Each answered DM menu became a receipt; a battle card was sealed from one of them.
    cards = [f"Sealed: **{localise(CARD_NAMES[card], 'en')}**" for card in CARDS]
    assert any(card in dm_text for card in cards), dm_text[:500]
    assert "card:" not in " ".join(str(m.components) for m in table.thread_messages())
    # The final scores: every player, the reason the game ended and every god's devotion.
    final = table.thread_messages()[-1]
    assert "Game over" in final.content, final.content
    scores = final.embeds[0]["description"]
    for user in table.players:
        assert f"{user.name} (" in scores, scores  # name and seat marks (issue 12)
    assert "Gods: " in str(final.embeds) and "devotion" in str(final.embeds), final.embeds
    assert merged_seen, "the gods never merged (3 seats: after the 3rd Conflict)"
    assert table.via.get("button") and table.via.get("select") and table.via.get("/play"), table.via
    print(f"{table.actions} answers, by kind: {table.via}")


def check_merge(table: Table, turn: Any) -> None:
    """A merged god is one entity (one player in the view) with the seats of both owners."""
    said = table_text(table)
    merged = [p for p in turn.view["players"] if len(p["seats"]) > 1]
    assert len(merged) == 1 and len(merged[0]["gods"]) == 2, merged
    # The seats are named as players, "alice (A, blue ●) and carol (C, green ▲)" (issue 12).
    first, last = (table.user(turn.match.seat_info(s).user_id).name for s in merged[0]["seats"])
    assert "the lesser god, merges into" in said, said[-600:]
    assert f"is one god played by {first} (" in said and f" and {last} (" in said, said[-600:]


# ------------------------------------------------------------------------------ merged god


async def test_ankh_merged_god_battle_decision_by_both_owners(fake: FakeDiscord, tmp_path) -> None:
    """ANKH-R153: a merged god's battle decision is made by both owners, the greater god's
    deciding. The match runs through the service up to the move that opens the first battle
    decision of a merged god, which is played with /play so the bot announces it: both owners
    are mentioned, and each gets their own sealed question by DM (or the "Choose privately"
    button): the greater seat the decision, the lesser seat a proposal (advisory: the thread
    waits only for the greater seat). The lesser owner proposes, which decides nothing; the
    greater owner's question then shows the proposal, they answer otherwise, and their answer
    is the god's. The lesser owner's proposal menu is no longer current."""
    table = await open_table(fake, tmp_path)
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            await lobby_and_start(table)
            found = await fast_forward_to_merged_battle(table)
            assert found is not None, "no battle decision of a merged god in this match"
            greater, lesser = found
            owner, partner = table.user(greater.user_id), table.user(lesser.user_id)
            assert owner is not partner and greater.co_owners == lesser.co_owners == ()
            assert greater.decision.secret and lesser.decision.secret  # battle cards: sealed
            assert lesser.decision.advisory and not greater.decision.advisory
            assert [o.id for o in lesser.decision.options] == (
                greater.decision.option_ids() + ["defer"]
            )
            assert all(o.label.startswith("Propose: ") for o in lesser.decision.options[:-1])
            turn_msg = table.thread_messages()[-1]
            assert owner.mention in turn_msg.content and partner.mention in turn_msg.content
            status = str(turn_msg.embeds)
            # the thread waits for the greater (named, issue 12), never for a proposal
            assert f"⏳ {owner.name} (" in status, status
            assert f"⏳ {partner.name} (" not in status, status
            proposed, chosen = (o.id for o in greater.decision.options[:2])
            # Each owner has their own sealed question: the decision, and the proposal.
            first_ask = question_of(table, owner, greater.seq, chosen)
            proposal_menu = question_of(table, partner, lesser.seq, proposed)
            await propose(table, partner, lesser.seq, proposed, proposal_menu)
            # The proposal decided nothing: the greater seat's battle card is still open, now
            # showing the proposal (a new question, so the first one is stale).
            turn, _ = await table.position()
            (now,) = [p for p in turn.pending if p.seat == greater.seat]
            label = greater.decision.option(proposed).label
            assert now.decision.key == greater.decision.key and now.seq != greater.seq
            assert f"proposes: {label}. Your answer decides." in now.decision.prompt
            assert lesser.seat not in [p.seat for p in turn.pending]
            asked = question_of(table, owner, now.seq, chosen)
            if owner is not table.closed_dm:
                shown = " ".join(str(m.embeds) + m.content for m in fake.dm_messages(owner))
                assert f"proposes: {label}" in shown, shown[-600:]
            await decide(table, owner, now.seq, chosen, asked)
            moves = await table.bot.service.moves(table.match_id)
            assert [(m.seat, m.actor, m.option_id) for m in moves[-2:]] == [
                (lesser.seat, str(partner.id), proposed),
                (greater.seat, str(owner.id), chosen),
            ]  # the greater seat decided otherwise
            turn, _ = await table.position()
            assert (greater.seat, now.seq) not in [(p.seat, p.seq) for p in turn.pending]
            for user, menu, option in (
                (partner, proposal_menu, proposed),
                (owner, first_ask, chosen),
            ):
                if menu is None:
                    continue
                kind, msg, cid = menu  # stale now: answered, or replaced by a newer question
                if fake.message(msg.id).component(cid) is None:
                    continue  # the answered DM lost its menu
                r = await table.press(user, kind, fake.message(msg.id), cid, option)
                assert r.ephemeral and "no longer current" in r.text, r.text
            assert await table.bot.service.rebuild(table.match_id)
    finally:
        await table.store.close()


def question_of(table: Table, user: FakeUser, seq: int, option: str) -> Any:
    """The control carrying ``option`` in ``user``'s sealed question (seq ``seq``) in their DMs,
    or None for the player whose DMs are closed (they use "Choose privately" or /play)."""
    if user is table.closed_dm:
        return None
    found = table.control_in(table.fake.dm_messages(user), seq, option)
    assert found is not None, f"{user.name} got no DM for seq {seq} with {option!r}"
    return found


async def propose(table: Table, partner: FakeUser, seq: int, option: str, menu: Any) -> None:
    """The lesser seat's owner proposes: from the DM when they got one, else with /play. The
    move is logged; nothing else changes for the greater seat but its prompt."""
    before = await table.version()
    if menu is not None:
        kind, msg, cid = menu
        r = await table.press(partner, kind, msg, cid, option)
    else:
        r = await table.play(partner, option)
    assert await table.version() == before + 1, f"{partner.name} proposing {option!r}: {r}"


async def decide(table: Table, owner: FakeUser, seq: int, option: str, menu: Any) -> None:
    """The greater seat's owner answers: from the DM, else through "Choose privately", whose
    menu shows the partner's proposal."""
    before = await table.version()
    if menu is None:
        button = next(
            c["custom_id"]
            for m in reversed(table.thread_messages())
            for c in m.all_components()
            if c.get("custom_id", "").startswith(f"scarab:private:{table.match_id}:")
        )
        status = table.control_with(button)
        r = await table.fake.click(owner, status, button)
        private = r.message
        assert private is not None and private.ephemeral, r
        assert "proposes: " in private.content + str(private.embeds), private.content
        menu = table.control_in([private], seq, option)
        assert menu is not None, f"no private control for {option!r} (seq {seq})"
    kind, msg, cid = menu
    r = await table.press(owner, kind, msg, cid, option)
    assert await table.version() == before + 1, f"{owner.name} deciding {option!r}: {r}"


async def fast_forward_to_merged_battle(table: Table) -> tuple[Any, Any] | None:
    """Submit the AI's choices through the service (no Discord round trips) until the next move
    asks a merged god for a battle card; play that move with /play (so the bot announces it)
    and return the greater seat's pending decision and the lesser seat's proposal."""
    service = table.bot.service
    while True:
        turn, state = await table.position()
        if turn.result is not None:
            return None
        pending = turn.pending[0]
        option = table.engine.ai_choice(state, pending.seat)
        after, _ = table.engine.apply(state, pending.seat, option)
        if merged_battle(after, table.engine.pending(after)) is None:
            await service.submit(table.match_id, pending.user_id, option)
            continue
        await table.play(table.user(pending.user_id), option)
        turn, state = await table.position()
        decision = merged_battle(state, [p.decision for p in turn.pending])
        assert decision is not None
        greater = next(p for p in turn.pending if p.decision is decision)
        lesser = next(
            p
            for p in turn.pending
            if p.decision.advisory
            and p.decision.key == decision.key
            and state["seat_player"][p.seat] == state["seat_player"][greater.seat]
        )
        return greater, lesser


def merged_battle(state: Any, decisions: list[Any]) -> Any:
    """The open battle-card decision of a merged god (its greater seat's), if any."""
    for decision in decisions:
        seats = state["players"][state["seat_player"][decision.seat]]["seats"]
        if decision.key == "battle_card" and len(seats) > 1 and not decision.advisory:
            return decision
    return None


@pytest.fixture(autouse=True)
def _registered() -> None:
    assert GAME in rules.ENGINES


# ------------------------------------------------------------------------------ nobody wins


class NoWinnerShown(Exception):
    """The result message names no winner and does not say that nobody won."""


async def test_ankh_nobody_wins_result_message(fake: FakeDiscord, tmp_path) -> None:
    """The same match (same seed, options and choices) ends with every god forgotten: the
    moves go through the service up to the last one, which is played with /play so the bot
    posts the result. Only the missing 'nobody wins' wording is the expected failure."""
    table = await open_table(fake, tmp_path)
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            await lobby_and_start(table)
            service = table.bot.service
            while True:
                turn, state = await table.position()
                assert turn.result is None, "the match ended before its last move"
                pending = turn.pending[0]
                option = table.engine.ai_choice(state, pending.seat)
                after, _ = table.engine.apply(state, pending.seat, option)
                if table.engine.result(after) is not None:
                    break
                await service.submit(table.match_id, pending.user_id, option)
            assert table.engine.result(after).places == (3, 3, 3), "somebody won"
            r = await table.play(table.user(pending.user_id), option)
            final = table.thread_messages()[-1]
            assert "Game over" in final.content, (final.content, r.text)
            assert "nobody wins" in str(final.embeds)  # the engine's reason is shown
            if final.content.rstrip().endswith("Winner:"):
                raise NoWinnerShown(final.content)
    finally:
        await table.store.close()
