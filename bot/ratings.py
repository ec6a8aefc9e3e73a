"""Per-game statistics and Elo ratings, recomputed from finished matches (issue 6, stats).

The rating is **Elo** (Arpad Elo's chess rating, as used by FIDE and by many board-game sites),
extended to more than two players the usual way: a match of n rated players counts as the
n·(n-1)/2 duels between them, each decided by the final places (a better place wins the duel,
an equal place is a draw), and each duel moves both ratings by ``K / (n - 1)`` times
(result - expected), expected = 1 / (1 + 10^((their rating - my rating) / 400)). Everyone
starts at 1500 with K = 32; all duels of one match use the ratings from before that match.

Fairness rules (also shown in ``/help`` and docs/architecture.md):

- AI seats have no rating. A match with AI seats counts in the humans' games played, wins and
  average score, but only the duels between humans change ratings (a human alone with AI seats
  is not rated by that match). Such matches are counted as "with AI".
- A seat the AI took over from an absent player (``seats.taken_over``) counts as a loss for that
  player: never a win, last place in every duel against a player who stayed (two absent
  players draw their duel). Their score still counts in the average, flagged as "taken over".

``compute_stats`` is a pure function over finished matches, in the order they ended, so the
whole table can be recomputed at any time; ``guild_stats`` loads a server's finished matches.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.text import msg

if TYPE_CHECKING:
    from bot.service import MatchService

START_RATING = 1500.0
K_FACTOR = 32.0

# What players read about the rules above (shown by /help and /stats).
RATING_RULE = msg(
    "Ratings are Elo (start 1500, K 32), per game and per server: each finished "
    "match counts as duels between its human players, decided by places. AI "
    "seats have no rating: games with AI seats count in games played and wins, "
    "but only human-vs-human duels are rated. A seat handed to the AI after its "
    "player ran out of time counts as a loss for that player."
)


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    seat: int
    user_id: int | None  # None: an AI seat
    score: int
    place: int  # 1 = winner
    taken_over: bool = False  # the AI played this human seat for an absent player


@dataclass(frozen=True, slots=True)
class RatedMatch:
    id: int
    game_id: str
    ended_at: float
    seats: tuple[SeatOutcome, ...]

    @property
    def with_ai(self) -> bool:
        return any(seat.user_id is None for seat in self.seats)

    @property
    def with_takeover(self) -> bool:
        return any(seat.taken_over for seat in self.seats)


@dataclass(slots=True)
class PlayerStats:
    game_id: str
    user_id: int
    played: int = 0
    wins: int = 0
    score_total: int = 0
    rating: float = START_RATING
    rated: int = 0  # matches that changed the rating (with at least one other human)
    with_ai: int = 0  # matches that had AI seats
    taken_over: int = 0  # matches the AI finished for this player

    @property
    def average_score(self) -> float:
        return self.score_total / self.played if self.played else 0.0

    @property
    def has_rating(self) -> bool:
        return self.rated > 0


def expected(rating: float, other: float) -> float:
    """Elo's expected result of a duel (1 = sure win)."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def _duel(a: SeatOutcome, b: SeatOutcome) -> float:
    """a's result against b: 1 win, 0.5 draw, 0 loss. Taken-over seats lose to the others."""
    if a.taken_over != b.taken_over:
        return 0.0 if a.taken_over else 1.0
    if a.taken_over:
        return 0.5
    if a.place == b.place:
        return 0.5
    return 1.0 if a.place < b.place else 0.0


def compute_stats(
    matches: Iterable[RatedMatch], *, k: float = K_FACTOR
) -> dict[tuple[str, int], PlayerStats]:
    """(game id, user id) -> stats, from finished matches (any order: they are sorted by the
    time they ended, then id). Pure: the same matches always give the same table."""
    table: dict[tuple[str, int], PlayerStats] = {}

    def entry(game_id: str, user_id: int) -> PlayerStats:
        key = (game_id, user_id)
        if key not in table:
            table[key] = PlayerStats(game_id, user_id)
        return table[key]

    for match in sorted(matches, key=lambda m: (m.ended_at, m.id)):
        humans = [seat for seat in match.seats if seat.user_id is not None]
        for seat in humans:
            stats = entry(match.game_id, seat.user_id)  # type: ignore[arg-type]
            stats.played += 1
            stats.score_total += seat.score
            stats.wins += seat.place == 1 and not seat.taken_over
            stats.with_ai += match.with_ai
            stats.taken_over += seat.taken_over
        if len(humans) < 2:
            continue
        before = {
            seat.seat: entry(match.game_id, seat.user_id).rating  # type: ignore[arg-type]
            for seat in humans
        }
        change = dict.fromkeys(before, 0.0)
        step = k / (len(humans) - 1)
        for a, b in itertools.combinations(humans, 2):
            delta = step * (_duel(a, b) - expected(before[a.seat], before[b.seat]))
            change[a.seat] += delta
            change[b.seat] -= delta
        for seat in humans:
            stats = entry(match.game_id, seat.user_id)  # type: ignore[arg-type]
            stats.rating = before[seat.seat] + change[seat.seat]
            stats.rated += 1
    return table


def rated_match(
    match_id: int,
    game_id: str,
    ended_at: float,
    result: Mapping[str, Any],
    seats: Iterable[tuple[int, int | None]],
    taken_over: Iterable[int] = (),
) -> RatedMatch:
    """A RatedMatch from a stored result (``{"scores": [...], "places": [...]}``) and the
    ``(seat, user id or None)`` pairs of the match."""
    scores, places = list(result["scores"]), list(result["places"])
    owners = dict(seats)
    taken = set(taken_over)
    return RatedMatch(
        match_id,
        game_id,
        ended_at,
        tuple(
            SeatOutcome(
                seat,
                owners.get(seat),
                int(scores[seat]),
                int(places[seat]),
                seat in taken and owners.get(seat) is not None,
            )
            for seat in range(len(scores))
        ),
    )


async def finished_matches(service: MatchService, guild_id: int) -> list[RatedMatch]:
    """A server's finished matches (with a result), ready for ``compute_stats``."""
    records = await service.store.list_matches(guild_id, ("finished",))
    records = [r for r in records if r.result is not None]
    taken = await service.store.taken_over_seats([r.id for r in records])
    return [
        rated_match(
            r.id,
            r.game_id,
            r.updated_at,
            r.result,
            [(s.seat, s.user_id) for s in r.seat_rows],
            taken.get(r.id, ()),
        )
        for r in records
        if r.result is not None  # (all of them: narrows the type)
    ]


async def guild_stats(service: MatchService, guild_id: int) -> dict[tuple[str, int], PlayerStats]:
    return compute_stats(await finished_matches(service, guild_id))


def user_stats(table: Mapping[tuple[str, int], PlayerStats], user_id: int) -> list[PlayerStats]:
    """One user's stats, one entry per game played, by game id."""
    return sorted((s for s in table.values() if s.user_id == user_id), key=lambda s: s.game_id)


def leaderboard(table: Mapping[tuple[str, int], PlayerStats], game_id: str) -> list[PlayerStats]:
    """A game's players: rated players by rating, then the unrated by wins and games."""
    players = [s for s in table.values() if s.game_id == game_id]
    return sorted(
        players,
        key=lambda s: (
            not s.has_rating,
            -s.rating if s.has_rating else 0,
            -s.wins,
            -s.played,
            s.user_id,
        ),
    )
