"""A tiny game that exercises the whole engine contract, for core and bot tests.

Three rounds. Each round every seat seals a number 1-3 at once (secret). On the reveal the
highest number scores it, plus a die roll from the seeded RNG; ties score nothing. Then the
round's leader chooses in public to "bank" or "gamble" (gamble: +2 or -2 on a coin flip).
"""

from __future__ import annotations

from typing import Any

from rules.core import Decision, Engine, Event, Option, Result, Rng, Variant


class ToyEngine(Engine):
    game_id = "toy"
    title = "Toy Duel"
    min_players = 2
    max_players = 3
    variants = (Variant("rounds", "Rounds", ("3", "1"), "3"),)

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> dict[str, Any]:
        self.check_seats(seats)
        opts = self.normalise_options(options)
        return {
            "seats": seats,
            "rounds": int(opts["rounds"]),
            "round": 1,
            "scores": [0] * seats,
            "sealed": {},
            "leader": None,
            "rng": Rng.from_seed(seed).state,
        }

    def pending(self, state: dict[str, Any]) -> list[Decision]:
        if state["round"] > state["rounds"]:
            return []
        if state["leader"] is not None:
            opts = (Option("bank", "Bank"), Option("gamble", "Gamble ±2"))
            return [Decision(state["leader"], "leader", "Bank or gamble?", opts)]
        opts = tuple(Option(f"pick:{n}", f"Pick {n}") for n in (1, 2, 3))
        return [
            Decision(seat, "seal", "Seal a number", opts, secret=True)
            for seat in range(state["seats"])
            if str(seat) not in state["sealed"]
        ]

    def _apply(self, state: dict[str, Any], seat: int, option_id: str) -> list[Event]:
        rng = Rng(state["rng"])
        events: list[Event] = []
        if state["leader"] is not None:
            if option_id == "gamble":
                state["scores"][seat] += 2 if rng.randbelow(2) else -2
            events.append(Event("leader", f"Seat {seat + 1} chose {option_id}.", seat=seat))
            state["leader"] = None
            state["round"] += 1
        else:
            state["sealed"][str(seat)] = int(option_id.split(":")[1])
            events.append(Event("sealed", f"Seat {seat + 1} has sealed.", seat=seat))
            events.append(Event("sealed", f"You sealed {option_id}.", private_to=seat))
            if len(state["sealed"]) == state["seats"]:
                events.append(self._reveal(state, rng))
        state["rng"] = rng.state
        return events

    def _reveal(self, state: dict[str, Any], rng: Rng) -> Event:
        picks = {int(s): n for s, n in state["sealed"].items()}
        top = max(picks.values())
        winners = [s for s, n in picks.items() if n == top]
        state["sealed"] = {}
        if len(winners) == 1:
            state["scores"][winners[0]] += top + rng.randint(1, 6)
        state["leader"] = winners[0] if len(winners) == 1 else min(picks)
        return Event("reveal", f"Revealed: {sorted(picks.items())}.", {"picks": picks})

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = {
            "round": state["round"],
            "scores": list(state["scores"]),
            "answered": sorted(int(s) for s in state["sealed"]),
            "leader": state["leader"],
        }
        if seat is not None and str(seat) in state["sealed"]:
            out["my_pick"] = state["sealed"][str(seat)]
        return out

    def result(self, state: dict[str, Any]) -> Result | None:
        if self.pending(state):
            return None
        scores = state["scores"]
        places = tuple(1 + sum(other > mine for other in scores) for mine in scores)
        return Result(tuple(scores), places)

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return {**state, "scores": list(state["scores"]), "sealed": dict(state["sealed"])}

    def load(self, raw: dict[str, Any]) -> dict[str, Any]:
        return self.dump(raw)

    def ai_choice(self, state: dict[str, Any], seat: int) -> str:
        decision = self.decision_for(state, seat)
        assert decision is not None
        return decision.options[-1].id if decision.key == "seal" else "bank"


TOY = ToyEngine()
