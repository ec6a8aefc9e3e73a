"""The turn post tells the truth at a glance (issue 12, items 1, 2 and 4), through Discord.

Whole matches are played with ``/play`` (the engine's baseline AI chooses for each human):
a solo 10 Plagues match, a solo Tekhenu match (Botankhamun moves several times in a row) and a
two-seat 10 Plagues match in pt-BR. After every move the live turn message's pictures (the
board and the focus image, read back from the bytes the fake Discord stored) carry the match's
current version in their ``scarab`` PNG chunk, so no post or edit shows an older position; the
board outlines the last moves in English and in pt-BR alike (it differs from the same position
drawn without the outline); the embed states the round and every seat's score, and the open
human decision's deadline as a Discord timestamp; the Undo button names whose move it takes
back; the final post shows the final board and each seat's score by the game's scoring
categories.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image

import lang
import render
from cogs.common import board_names, score_unit, seat_name
from tests.e2e.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.table import MATCH_TIMEOUT, Table, delivered

SEED = 20261126
HIGHLIGHT_CHECKS = 8  # positions per match compared with an unhighlighted drawing


@dataclass
class Observed:
    """What the checks saw over one match."""

    locale: str | None = None
    moves: int = 0
    edits: int = 0  # deliveries that edited the live message rather than posting anew
    outlined: int = 0  # positions whose board differs from the unhighlighted drawing
    compared: int = 0
    deadlines: int = 0  # turn posts that showed a deadline as a Discord timestamp
    undo_labels: set[str] = field(default_factory=set)
    final_turn: Any = None


def picture(message: FakeMessage, name: str) -> tuple[dict[str, str], bytes]:
    data = message.file_bytes(name)
    return render.png_meta(data), data


def pixels(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGB").tobytes()


async def check_live_post(table: Table, seen: Observed, last_live: int | None) -> int:
    """The live message's pictures show the current version; returns the live message id."""
    info, live = await delivered(table)
    version = str(info.version)
    meta, board = picture(live, "board.png")
    assert meta == {"match": str(table.match_id), "version": version}, (
        f"move {seen.moves}: the board shows {meta}, the match is at version {version}"
    )
    assert live.embeds and live.embeds[0]["image"]["url"] == "attachment://board.png"
    if info.status == "finished":
        return live.id
    focus_meta, _ = picture(live, "focus.png")
    assert focus_meta == meta, (focus_meta, meta)
    if live.id == last_live:
        seen.edits += 1
    turn = await table.bot.service.snapshot(table.match_id)
    check_embed(seen, live, turn, await table.bot.service.decision_deadlines(table.match_id))
    if seen.compared < HIGHLIGHT_CHECKS and seen.moves:
        # The same position drawn without the outline, in the match's language.
        loc = await table.bot.service.match_language(table.match_id)
        named = board_names(turn.match, turn.view, loc)  # as the announcer draws it
        plain = render.png(render.board(table.game, named, locale=loc))
        seen.compared += 1
        seen.outlined += pixels(plain) != pixels(board)
    return live.id


def check_embed(seen: Observed, live: FakeMessage, turn: Any, due: dict) -> None:
    """The round line, the score line, the deadline of the open human decision, and an Undo
    button that names whose move it takes back."""
    loc = seen.locale or lang.ENGLISH
    text = live.embeds[0]["description"]
    assert lang.localise(turn.view["round_label"], loc) in text, (turn.view["round_label"], text)
    scores = lang.t(loc, "Scores ({unit}): {marks}", unit=score_unit(turn.view), marks="")
    line = next((ln for ln in text.splitlines() if ln.startswith(scores)), None)
    assert line is not None, text
    for seat, score in enumerate(turn.view["scores"]):
        assert f"{lang.localise(seat_name(turn.match, seat, turn.view), loc)} {score}" in line
    waiting = [p for p in turn.pending if p.user_id is not None and (p.seat, p.seq) in due]
    if waiting:
        assert f"<t:{int(due[(waiting[0].seat, waiting[0].seq)])}:R>" in text, text
        seen.deadlines += 1
    for button in live.buttons():
        if button.get("custom_id", "").startswith("scarab:undo:"):
            seen.undo_labels.add(button["label"])


def check_final(seen: Observed, final: FakeMessage) -> None:
    """The end-of-game post: the final board and each seat's score by category."""
    loc = seen.locale or lang.ENGLISH
    info_turn = seen.final_turn
    fields = {f["name"]: f["value"] for f in final.embeds[0].get("fields", [])}
    said = fields.get(lang.t(loc, "Score breakdown"))
    assert said, fields
    for seat, parts in enumerate(info_turn.view["score_breakdown"]):
        name = lang.localise(seat_name(info_turn.match, seat, info_turn.view), loc)
        line = next(ln for ln in said.splitlines() if ln.startswith(f"{name}:"))
        for label, points in parts:
            assert f"{lang.localise(label, loc)} {points}" in line, (label, points, line)
        assert sum(points for _, points in parts) == info_turn.result.scores[seat]


async def play_match(
    table: Table, seen: Observed, host: FakeUser, seats: int, options: str
) -> FakeMessage:
    fake, locale = table.fake, seen.locale
    r = await fake.slash(
        host,
        "game",
        {"game": table.game, "seats": seats, "options": options},
        subcommand="new",
        locale=locale,
    )
    assert r.ephemeral and "#" in r.text, r.text
    lobby = fake.latest_message(with_components=True)
    assert lobby is not None
    table.read_lobby(lobby)
    for user in table.players[1:]:
        r = await fake.slash(user, "game", {}, subcommand="join", locale=locale)
    r = await fake.slash(host, "game", {}, subcommand="start", locale=locale)
    table.thread_id = fake.threads()[-1].id
    live = await check_live_post(table, seen, None)
    while True:
        turn, state = await table.position()
        if turn.result is not None:
            break
        pending = next(p for p in turn.pending if p.user_id is not None)
        option = table.engine.ai_choice(state, pending.seat)
        before = turn.version
        r = await fake.slash(
            table.user(pending.user_id),
            "play",
            {"choice": option},
            channel=table.thread_id,
            locale=locale,
        )
        after = await table.version()
        assert after > before, f"{option!r} was not applied: {r.text}"
        seen.moves += 1
        live = await check_live_post(table, seen, live)
    final = table.fake.message(live)
    assert "🏁" in final.content, final.content
    seen.final_turn = await table.bot.service.snapshot(table.match_id)
    check_final(seen, final)
    return final


async def run(
    fake: FakeDiscord, tmp_path: Any, game: str, seats: int, options: str, locale: str | None = None
) -> tuple[Observed, FakeMessage]:
    players = [
        fake.add_user(f"player{n}", **({"locale": locale} if locale else {})) for n in range(seats)
    ]
    table = await Table.open(fake, game, players, tmp_path, seed=SEED)
    seen = Observed(locale)
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            final = await play_match(table, seen, players[0], seats, options)
    finally:
        await table.store.close()
    assert seen.compared and seen.outlined, "the board never outlined the last moves"
    assert seen.deadlines, "no turn post showed its deadline"
    # The Undo button names whose move it takes back (a seated player's display name).
    assert seen.undo_labels and all(
        any(u.name in label for u in table.players) for label in seen.undo_labels
    ), seen.undo_labels
    print(
        f"{game}: {seen.moves} answers, {seen.edits} edits of the live message, "
        f"{seen.outlined}/{seen.compared} boards outlined, {seen.deadlines} deadlines, "
        f"undo labels {sorted(seen.undo_labels)}"
    )
    return seen, final


@pytest.mark.parametrize(("game", "options"), [("plagues", "provinces=draft"), ("tekhenu", "")])
async def test_solo_match_pictures_follow_every_move(
    fake: FakeDiscord, tmp_path, game: str, options: str
) -> None:
    seen, _ = await run(fake, tmp_path, game, 1, options)
    assert seen.edits, "the solo match never edited its live message"


async def test_two_seats_in_portuguese(fake: FakeDiscord, tmp_path) -> None:
    await run(fake, tmp_path, "plagues", 2, "short=on", locale="pt-BR")
