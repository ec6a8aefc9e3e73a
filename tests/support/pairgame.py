"""A tiny three-seat game where two seats share one side (``Engine.co_seats``).

Seats 0 and 2 play side A together (``co_seats``: either owner may answer the side's
decisions); seat 1 plays side B. Each round both sides seal a number 1-3 at once (secret;
side A's decision is asked of seat 0, side B's of seat 1); the higher number scores it for its
side. Then seats 0 and 2 each say "cheer" or "boo" at the same time (public, one decision each).
"""

from __future__ import annotations

from typing import Any

from rules.core import Decision, Engine, Event, Option, Result, Variant

SIDE_A = (0, 2)


class PairEngine(Engine):
    game_id = "pair"
    title = "Pair Duel"
    min_players = 3
    max_players = 3
    variants = (Variant("rounds", "Rounds", ("2", "1"), "2"),)

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> dict[str, Any]:
        self.check_seats(seats)
        opts = self.normalise_options(options)
        return {
            "round": 1,
            "rounds": int(opts["rounds"]),
            "sealed": {},
            "said": {},
            "score": {"A": 0, "B": 0},
        }

    def pending(self, state: dict[str, Any]) -> list[Decision]:
        if state["round"] > state["rounds"]:
            return []
        if len(state["sealed"]) < 2:
            opts = tuple(Option(f"pick:{n}", f"Pick {n}") for n in (1, 2, 3))
            return [
                Decision(seat, "seal", "Seal a number", opts, secret=True)
                for seat in (0, 1)
                if str(seat) not in state["sealed"]
            ]
        opts = (Option("cheer", "Cheer"), Option("boo", "Boo"))
        return [
            Decision(seat, "say", "Cheer or boo?", opts)
            for seat in SIDE_A
            if str(seat) not in state["said"]
        ]

    def co_seats(self, state: dict[str, Any], seat: int) -> tuple[int, ...]:
        return SIDE_A if seat in SIDE_A else (seat,)

    def _apply(self, state: dict[str, Any], seat: int, option_id: str) -> list[Event]:
        events: list[Event] = []
        if len(state["sealed"]) < 2:
            state["sealed"][str(seat)] = int(option_id.split(":")[1])
            events.append(Event("sealed", f"Seat {seat + 1} has sealed.", seat=seat))
            if len(state["sealed"]) == 2:
                a, b = state["sealed"]["0"], state["sealed"]["1"]
                if a != b:
                    state["score"]["A" if a > b else "B"] += max(a, b)
                events.append(Event("reveal", f"Revealed: A {a}, B {b}."))
        else:
            state["said"][str(seat)] = option_id
            events.append(Event("say", f"Seat {seat + 1} says {option_id}.", seat=seat))
            if len(state["said"]) == 2:
                state["round"] += 1
                state["sealed"], state["said"] = {}, {}
        return events

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {
            "round": state["round"],
            "score": dict(state["score"]),
            "answered": sorted(int(s) for s in state["sealed"]),
        }

    def result(self, state: dict[str, Any]) -> Result | None:
        if self.pending(state):
            return None
        a, b = state["score"]["A"], state["score"]["B"]
        scores = (a, b, a)
        places = tuple(1 + sum(other > mine for other in scores) for mine in scores)
        return Result(scores, places)

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return {
            **state,
            "sealed": dict(state["sealed"]),
            "said": dict(state["said"]),
            "score": dict(state["score"]),
        }

    def load(self, raw: dict[str, Any]) -> dict[str, Any]:
        return self.dump(raw)

    def ai_choice(self, state: dict[str, Any], seat: int) -> str:
        decision = self.decision_for(state, seat)
        assert decision is not None
        return decision.options[-1].id


PAIR = PairEngine()
