"""``python -m bench.arena``: seeded games between AI levels and policies (docs/ai.md).

1-vs-rest: the challenger plays one seat (rotating through the seats game by game), the
field plays the others. With ``--seats 1`` (Tekhenu, 10 Plagues) the challenger is the human
seat against the game's official solo opponent. ``--challenger X --field X`` gives all-X
tables. Prints a table and, with ``--json``, writes every game and the summary.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import rules
from bench.policies import POLICIES

DECISION_SEED_STRIDE = 1_000_003


@dataclass(frozen=True)
class GameSpec:
    game: str
    seats: int
    seed: int
    challenger: str
    field: str
    challenger_seat: int
    options: tuple[tuple[str, str], ...] = ()


@dataclass
class GameRecord:
    seed: int
    challenger_seat: int
    scores: list[int]
    places: list[int]
    moves: int
    challenger_ms: list[float]
    penalties: list[int] | None = None


def play_game(spec: GameSpec) -> GameRecord:
    """One whole game; each open decision (the first the engine lists) by its seat's policy."""
    engine = rules.ENGINES[spec.game]
    state = engine.new_game(spec.seats, dict(spec.options), spec.seed)
    moves, challenger_ms = 0, []
    while decisions := engine.pending(state):
        seat = decisions[0].seat
        mine = seat == spec.challenger_seat
        policy = POLICIES[spec.challenger if mine else spec.field]
        started = time.perf_counter()
        option_id = policy(engine, state, seat, spec.seed * DECISION_SEED_STRIDE + moves)
        if mine:
            challenger_ms.append((time.perf_counter() - started) * 1000)
        state, _events = engine.apply(state, seat, option_id)
        moves += 1
    result = engine.result(state)
    assert result is not None  # no decision is open: the game is over
    return GameRecord(
        spec.seed,
        spec.challenger_seat,
        list(result.scores),
        list(result.places),
        moves,
        challenger_ms,
        _penalties(spec.game, state),
    )


def _penalties(game: str, state: Any) -> list[int] | None:
    """10 Plagues: the penalty cards each seat ends with (issue 13 counts them)."""
    if game != "plagues":
        return None
    return [len(player["penalties"]) for player in state["players"]]


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


def summarise(records: Sequence[GameRecord]) -> dict[str, Any]:
    wins = sum(r.places[r.challenger_seat] == 1 for r in records)
    low, high = wilson(wins, len(records))
    margins = [
        r.scores[r.challenger_seat]
        - max(s for i, s in enumerate(r.scores) if i != r.challenger_seat)
        for r in records
    ]
    winner_scores = [max(r.scores) for r in records if 1 in r.places]
    decision_ms = sorted(ms for r in records for ms in r.challenger_ms)
    summary = {
        "games": len(records),
        "first_share": wins / len(records),
        "first_share_95": [round(low, 3), round(high, 3)],
        "fair_share": 1 / len(records[0].scores),
        "mean_score": statistics.fmean(r.scores[r.challenger_seat] for r in records),
        "mean_margin": statistics.fmean(margins),
        "winner_share": len(winner_scores) / len(records),
        "winner_median": statistics.median(winner_scores) if winner_scores else None,
        "decision_ms_p95": _p95(decision_ms),
        "decisions": len(decision_ms),
    }
    penalties = [r.penalties[r.challenger_seat] for r in records if r.penalties is not None]
    if penalties:
        summary["challenger_penalties_per_game"] = statistics.fmean(penalties)
    return summary


def _p95(values: Sequence[float]) -> float | None:
    if not values:
        return None
    return round(values[min(len(values) - 1, int(0.95 * len(values)))], 1)


def specs(args: argparse.Namespace) -> list[GameSpec]:
    options = tuple(sorted(_parse_options(args.option)))
    return [
        GameSpec(
            args.game,
            args.seats,
            args.seed + index,
            args.challenger,
            args.field,
            index % args.seats,
            options,
        )
        for index in range(args.games)
    ]


def _parse_options(pairs: Sequence[str]) -> list[tuple[str, str]]:
    parsed = []
    for pair in pairs:
        key, _, value = pair.partition("=")
        parsed.append((key, value))
    return parsed


def run(all_specs: Sequence[GameSpec], workers: int) -> list[GameRecord]:
    if workers <= 1:
        return [play_game(spec) for spec in all_specs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play_game, all_specs))


def print_table(args: argparse.Namespace, summary: dict[str, Any]) -> None:
    low, high = summary["first_share_95"]
    print(
        f"{args.game} seats={args.seats} options={args.option or '-'} "
        f"challenger={args.challenger} field={args.field} games={summary['games']}"
    )
    rows = [
        ("first place", f"{summary['first_share']:.1%} [{low:.1%}, {high:.1%}]"),
        ("fair share", f"{summary['fair_share']:.1%}"),
        ("mean score", f"{summary['mean_score']:.1f}"),
        ("mean margin", f"{summary['mean_margin']:+.1f}"),
        ("games with a winner", f"{summary['winner_share']:.1%}"),
        ("winner median", f"{summary['winner_median']}"),
        ("decision ms p95", f"{summary['decision_ms_p95']} ({summary['decisions']} decisions)"),
    ]
    if "challenger_penalties_per_game" in summary:
        rows.append(("penalty cards/game", f"{summary['challenger_penalties_per_game']:.2f}"))
    for label, value in rows:
        print(f"  {label:<22}{value}")


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__)
    parser.add_argument("--game", required=True, choices=sorted(rules.ENGINES))
    parser.add_argument("--seats", type=int, required=True)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--challenger", default="normal", choices=sorted(POLICIES))
    parser.add_argument("--field", default="easy", choices=sorted(POLICIES))
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--workers", type=int, default=2, help="processes (at most 2 here)")
    parser.add_argument("--json", metavar="PATH", help="write the games and the summary")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    records = run(specs(args), args.workers)
    summary = summarise(records)
    summary["wall_s"] = round(time.perf_counter() - started, 1)
    print_table(args, summary)
    print(f"  {'wall time':<22}{summary['wall_s']} s")
    if args.json:
        report = {"args": vars(args), "summary": summary, "games": [asdict(r) for r in records]}
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)
    return summary


if __name__ == "__main__":
    main()
