"""The result post and seat names (cogs/announce.py ``_post_result``, cogs/common.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import cogs.announce as announce
from bot.model import MatchInfo, SeatInfo, Turn
from bot.service import _result_from_json
from cogs.common import score_unit, seat_name
from rules.core import Result


def match_info(seats: list[SeatInfo], seat_count: int) -> MatchInfo:
    return MatchInfo(
        id=7,
        guild_id=1,
        channel_id=2,
        thread_id=3,
        game_id="ankh",
        title="",
        options={},
        seats=seats,
        seat_count=seat_count,
        status="finished",
        version=10,
        host_id=100,
    )


ALICE = SeatInfo(0, 100, False)


def test_seat_name_uses_the_views_seat_names_for_engine_seats():
    info = match_info([ALICE], 1)
    view = {"seat_names": ["Seat 1", "Botankhamun"]}
    assert seat_name(info, 0, view) == "<@100>"
    assert seat_name(info, 1, view) == "🤖 Botankhamun"
    assert seat_name(info, 1) == "Seat 2"
    assert seat_name(info, 2, view) == "Seat 3"
    assert score_unit(None) == "points" and score_unit({"score_unit": "devotion"}) == "devotion"


def test_result_details_survive_json():
    result = Result((3, 1), (1, 2), ("tie",), ("Decrees — Seat 1: D05 +3 VP",))
    assert _result_from_json(result.to_json()) == result
    assert _result_from_json({"scores": [1], "places": [1]}) == Result((1,), (1,))


class Channel:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        self.sent.append({"content": content, **kwargs})
        return SimpleNamespace(id=99, components=[kwargs["view"]])  # as sent: the Rematch row


async def post(
    monkeypatch, result: Result, view: dict[str, Any], seats: list[SeatInfo]
) -> tuple[str, str]:
    async def no_notes(bot: Any, info: MatchInfo) -> list[str]:
        return []

    async def no_board(self: Any, turn: Turn, loc: str = "en", *, focus: bool = True) -> list:
        return []

    async def set_message(*args: Any) -> None:
        return None

    monkeypatch.setattr(announce, "takeover_notes", no_notes)
    monkeypatch.setattr(announce.Announcer, "_pictures", no_board)
    bot = SimpleNamespace(service=SimpleNamespace(set_message=set_message))
    announcer = announce.Announcer(bot)  # type: ignore[arg-type]
    turn = Turn(match_info(seats, len(result.scores)), [], [], view, result)
    channel = Channel()
    await announcer._post_result(channel, turn, [])  # type: ignore[arg-type]
    (message,) = channel.sent
    return message["content"], message["embed"].description


async def test_result_post_shows_details_tiebreaks_and_unit(monkeypatch):
    bob = SeatInfo(1, 200, False)
    result = Result(
        (9, 5),
        (1, 2),
        ("Tied: the stack decides.",),
        ("Ra has the most devotion.", "Gods: Ra; Osiris."),
    )
    content, text = await post(monkeypatch, result, {"score_unit": "devotion"}, [ALICE, bob])
    assert content == "🏁 Game over! Winner: <@100>"
    assert text.splitlines() == [
        "🥇 <@100> — 9 devotion",
        "🥈 <@200> — 5 devotion",
        "Ra has the most devotion.",
        "Gods: Ra; Osiris.",
        "_Tie-break: Tied: the stack decides._",
    ]


async def test_result_post_says_nobody_wins(monkeypatch):
    result = Result((0, 3), (2, 2), (), ("Every god was forgotten: there is no winner.",))
    content, text = await post(  # ANKH-R157: no places, each seat's devotion, highest first
        monkeypatch, result, {"score_unit": "devotion"}, [ALICE, SeatInfo(1, 200, False)]
    )
    assert content == "🏁 Game over! Nobody wins."
    assert text.splitlines()[:3] == [
        "• <@200> — 3 devotion",
        "• <@100> — 0 devotion",
        "Every god was forgotten: there is no winner.",
    ], text
    assert "2." not in text


async def test_result_post_names_the_solo_bot(monkeypatch):
    result = Result((20, 25), (2, 1))
    content, text = await post(
        monkeypatch, result, {"seat_names": ["Seat 1", "Botankhamun"]}, [ALICE]
    )
    assert content == "🏁 Game over! Winner: 🤖 Botankhamun"
    assert "🥇 🤖 Botankhamun — 25 points" in text


def test_help_mentions_absence_and_admin_commands_and_fits_a_message():
    import rules
    from cogs.help import HELP

    for command in ("/notify", "/admin", "/game rejoin", "/game vote"):
        assert command in HELP, command
    games = ", ".join(
        f"{e.title} (`{gid}`, {e.min_players}–{e.max_players})"
        for gid, e in sorted(rules.ENGINES.items())
    )
    assert len(HELP + f"\n\n**Games:** {games}") <= 2000


async def test_every_game_states_round_scores_and_a_final_breakdown(monkeypatch):
    """Issue 12 item 4: every game's public view has ``round_label`` and ``scores`` all game
    long, and once over a ``score_breakdown`` that adds up to each seat's final score; the
    result post gives it per seat, in the match's language."""
    import lang
    import rules
    from rules.text import Msg

    async def no_notes(bot: Any, info: MatchInfo) -> list[str]:
        return []

    async def no_board(self: Any, turn: Turn, loc: str = "en", *, focus: bool = True) -> list:
        return []

    monkeypatch.setattr(announce, "takeover_notes", no_notes)
    monkeypatch.setattr(announce.Announcer, "_pictures", no_board)
    for game_id, engine in sorted(rules.ENGINES.items()):
        seats = engine.min_players + 1 if engine.min_players == 1 else engine.min_players
        state = engine.new_game(seats, None, 5)
        while engine.result(state) is None:
            view = engine.view(state, None)
            assert isinstance(view["round_label"], Msg), (game_id, view.get("round_label"))
            assert len(view["scores"]) >= seats, (game_id, view["scores"])
            decision = engine.pending(state)[0]
            state, _ = engine.apply(state, decision.seat, engine.ai_choice(state, decision.seat))
        view, result = engine.view(state, None), engine.result(state)
        breakdown = view["score_breakdown"]
        assert [sum(points for _, points in parts) for parts in breakdown] == list(result.scores), (
            game_id
        )
        assert view["scores"] == list(result.scores), game_id
        info = MatchInfo(
            id=7,
            guild_id=1,
            channel_id=2,
            thread_id=3,
            game_id=game_id,
            title="",
            options={},
            status="finished",
            version=10,
            host_id=100,
            seats=[SeatInfo(s, 100 + s, False) for s in range(seats)],
            seat_count=seats,
        )
        for loc in ("en", "pt-BR"):
            channel = Channel()
            announcer = announce.Announcer(SimpleNamespace())  # type: ignore[arg-type]
            await announcer._post_result(channel, Turn(info, [], [], view, result), [], loc=loc)  # type: ignore[arg-type]
            fields = {f.name: f.value for f in channel.sent[0]["embed"].fields}
            said = fields[lang.t(loc, "Score breakdown")]
            for seat, parts in enumerate(breakdown):
                if not parts:
                    continue
                line = next(
                    ln
                    for ln in said.splitlines()
                    if ln.startswith(lang.localise(seat_name(info, seat, view), loc))
                )
                for label, points in parts:
                    assert f"{lang.localise(label, loc)} {points}" in line, (game_id, line)


async def test_a_failed_drawing_leaves_a_post_without_pictures(monkeypatch):
    """The announcer draws the pictures (the service draws nothing): a game without a
    renderer, or a renderer that fails, gives no pictures and the post goes out as text."""
    import render
    from cogs.common import pictures

    assert await pictures("nosuchgame", {}, highlight=None, locale="en", meta="m") == []

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("no fonts")

    monkeypatch.setattr(render, "board_and_focus", broken)
    assert await pictures("amunre", {}, highlight=None, locale="en", meta="m") == []


async def test_result_post_says_one_point_in_the_singular(monkeypatch):
    result = Result((1, 2), (2, 1))
    _, text = await post(monkeypatch, result, {"seat_names": ["Seat 1", "Botankhamun"]}, [ALICE])
    assert "🥈 <@100> — 1 point\n" in text + "\n" and "— 2 points" in text, text


async def test_result_post_names_several_winners_in_the_plural(monkeypatch):
    result = Result((5, 5), (1, 1))
    content, _ = await post(monkeypatch, result, {}, [ALICE, SeatInfo(1, 200, False)])
    assert content == "🏁 Game over! Winners: <@100>, <@200>", content
