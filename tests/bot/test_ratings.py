"""Stats and Elo ratings: the pure computation, fairness with AI seats and take-overs, and the
numbers read from a server's finished matches."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import (
    START_RATING,
    RatedMatch,
    SeatOutcome,
    compute_stats,
    expected,
    guild_stats,
    leaderboard,
    rated_match,
    user_stats,
)
from tests.bot.conftest import ALICE, BOB, GUILD, HOST, lobby
from tests.bot.test_export import finished_toy

A, B, C = 1, 2, 3


def match(
    id_: int, *seats: tuple[int | None, int, int], taken: tuple[int, ...] = (), game: str = "amunre"
) -> RatedMatch:
    """seats: (user id or None for AI, score, place)."""
    return RatedMatch(
        id_,
        game,
        float(id_),
        tuple(
            SeatOutcome(n, user, score, place, n in taken)
            for n, (user, score, place) in enumerate(seats)
        ),
    )


def test_two_equal_players_move_by_half_k():
    table = compute_stats([match(1, (A, 40, 1), (B, 30, 2))])
    a, b = table[("amunre", A)], table[("amunre", B)]
    assert a.rating == pytest.approx(START_RATING + 16)
    assert b.rating == pytest.approx(START_RATING - 16)
    assert (a.played, a.wins, a.average_score) == (1, 1, 40)
    assert (b.played, b.wins, b.average_score) == (1, 0, 30)


def test_a_shared_place_is_a_draw():
    table = compute_stats([match(1, (A, 30, 1), (B, 30, 1))])
    assert table[("amunre", A)].rating == pytest.approx(START_RATING)
    assert table[("amunre", A)].wins == table[("amunre", B)].wins == 1


def test_an_upset_moves_ratings_more_than_an_expected_win():
    history = [match(i, (A, 40, 1), (B, 30, 2)) for i in range(1, 6)]
    strong = compute_stats(history)[("amunre", A)].rating
    expected_win = compute_stats([*history, match(9, (A, 40, 1), (B, 30, 2))])
    upset = compute_stats([*history, match(9, (A, 30, 2), (B, 40, 1))])
    gain = expected_win[("amunre", A)].rating - strong
    loss = strong - upset[("amunre", A)].rating
    assert 0 < gain < loss
    assert expected(strong, 2 * START_RATING - strong) > 0.5


def test_ai_seats_count_in_played_and_wins_but_are_not_rated():
    table = compute_stats([match(1, (A, 50, 1), (None, 20, 2))])
    a = table[("amunre", A)]
    assert (a.played, a.wins, a.with_ai, a.has_rating) == (1, 1, 1, False)
    assert a.rating == START_RATING
    assert all(user is not None for _, user in table)  # AI seats get no entry
    # With two humans and an AI, only the human duel is rated (full K between the two).
    table = compute_stats([match(2, (None, 60, 1), (A, 40, 2), (B, 30, 3))])
    assert table[("amunre", A)].rating == pytest.approx(START_RATING + 16)
    assert table[("amunre", A)].wins == 0 and table[("amunre", A)].has_rating


def test_a_taken_over_seat_is_a_loss_for_its_player():
    # B ran out of time; the AI playing B's seat still finished first.
    table = compute_stats([match(1, (A, 30, 2), (B, 50, 1), taken=(1,))])
    a, b = table[("amunre", A)], table[("amunre", B)]
    assert (b.wins, b.taken_over, b.played) == (0, 1, 1)
    assert b.rating < START_RATING < a.rating
    # Two absent players draw their duel; both lose to the one who stayed.
    table = compute_stats([match(1, (A, 10, 3), (B, 50, 1), (C, 30, 2), taken=(1, 2))])
    assert table[("amunre", B)].rating == pytest.approx(table[("amunre", C)].rating)
    assert table[("amunre", A)].rating > START_RATING


def test_games_are_rated_separately():
    table = compute_stats(
        [match(1, (A, 40, 1), (B, 30, 2)), match(2, (A, 1, 2), (B, 9, 1), game="plagues")]
    )
    assert table[("amunre", A)].rating > START_RATING > table[("plagues", A)].rating
    assert [s.game_id for s in user_stats(table, A)] == ["amunre", "plagues"]


def test_leaderboard_puts_rated_players_first_by_rating():
    table = compute_stats([match(1, (A, 40, 1), (B, 30, 2)), match(2, (C, 99, 1), (None, 1, 2))])
    assert [s.user_id for s in leaderboard(table, "amunre")] == [A, B, C]
    assert leaderboard(table, "tekhenu") == []


outcomes = st.lists(
    st.lists(
        st.tuples(st.sampled_from([A, B, C, 4, None]), st.integers(0, 60), st.booleans()),
        min_size=2,
        max_size=5,
    ),
    min_size=1,
    max_size=12,
)


@given(outcomes)
def test_ratings_are_a_pure_zero_sum_function_of_the_matches(games):
    matches = []
    for id_, seats in enumerate(games, start=1):
        seen: set[int] = set()
        rows = []
        for user, score, taken in seats:
            if user is not None and user in seen:
                user = None  # one seat per user per match
            if user is not None:
                seen.add(user)
            rows.append((user, score, taken and user is not None))
        places = [1 + sum(other[1] > row[1] for other in rows) for row in rows]
        matches.append(
            RatedMatch(
                id_,
                "amunre",
                float(id_ % 3),
                tuple(
                    SeatOutcome(n, user, score, places[n], taken)
                    for n, (user, score, taken) in enumerate(rows)
                ),
            )
        )
    table = compute_stats(matches)
    shuffled = list(matches)
    random.Random(len(matches)).shuffle(shuffled)
    again = compute_stats(shuffled)
    assert {k: v.rating for k, v in table.items()} == {k: v.rating for k, v in again.items()}
    rated = [s for s in table.values() if s.has_rating]
    assert sum(s.rating for s in rated) == pytest.approx(START_RATING * len(rated))
    assert all(s.wins <= s.played for s in table.values())


def test_rated_match_from_a_stored_result():
    m = rated_match(
        7, "toy", 1.0, {"scores": [3, 5], "places": [2, 1]}, [(0, A), (1, None)], taken_over=[0, 1]
    )
    assert m.seats == (SeatOutcome(0, A, 3, 2, True), SeatOutcome(1, None, 5, 1, False))
    assert m.with_ai and m.with_takeover


async def test_guild_stats_read_the_finished_matches_of_the_server(service, store):
    one = await finished_toy(service, players=(ALICE,), rounds="1")
    two = await finished_toy(service, players=(ALICE,), ais=1, rounds="1")
    await finished_toy(service, players=(BOB,), rounds="1")
    await store._conn.execute(
        "UPDATE seats SET taken_over = 1 WHERE match_id = ? AND seat = 1", (one.match.id,)
    )
    running = await lobby(service, 2, players=(BOB,))  # lobbies and running matches: ignored
    await service.start(running.id, HOST)

    table = await guild_stats(service, GUILD)
    host = table[("toy", HOST)]
    alice = table[("toy", ALICE)]
    assert host.played == 3 and alice.played == 2
    assert (alice.taken_over, alice.with_ai) == (1, 1)
    assert host.rated == 3 and alice.rated == 2  # the AI seat of match two is not rated
    assert alice.wins == (two.result.places[1] == 1)  # the taken-over match is no win
    scores = [one.result.scores[1], two.result.scores[1]]
    assert alice.average_score == pytest.approx(sum(scores) / 2)
    assert await guild_stats(service, GUILD + 1) == {}
