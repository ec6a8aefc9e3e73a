"""A tiny game whose turns are chains of small public steps, for undo tests.

Each turn the seat to act takes steps: hire a farmer (+1), buy a camel (+2), roll a die (+1-6,
drawn from the seeded RNG), draw a face-down card (shown only to them), or end the turn. The
game ends after ``turns`` turns in all; the highest total wins.
"""

from __future__ import annotations

from typing import Any

from rules.core import Decision, Engine, Event, Option, Result, Rng, Variant


class StepsEngine(Engine):
    game_id = "steps"
    title = "Steps"
    min_players = 2
    max_players = 3
    variants = (Variant("turns", "Turns", ("4", "8"), "4"),)
    hidden_zones = ("deck",)

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> dict[str, Any]:
        opts = self.normalise_options(options)
        rng = Rng.from_seed(seed)
        deck = list(range(1, 11))
        rng.shuffle(deck)
        return {
            "seats": seats,
            "turn": 0,
            "turns_left": int(opts["turns"]),
            "totals": [0] * seats,
            "hands": [[] for _ in range(seats)],
            "deck": deck,
            "rng": rng.state,
        }

    def pending(self, state: dict[str, Any]) -> list[Decision]:
        if state["turns_left"] <= 0:
            return []
        options = [
            Option("farmer", "Hire a farmer"),
            Option("camel", "Buy a camel"),
            Option("roll", "Roll a die"),
        ]
        if state["deck"]:
            options.append(Option("draw", "Draw a card"))
        options.append(Option("end", "End the turn"))
        return [Decision(state["turn"], "step", "Take a step or end your turn", tuple(options))]

    def _apply(self, state: dict[str, Any], seat: int, option_id: str) -> list[Event]:
        name = f"Seat {seat + 1}"
        if option_id == "farmer":
            state["totals"][seat] += 1
            return [Event("farmer", f"{name} hired a farmer.", seat=seat)]
        if option_id == "camel":
            state["totals"][seat] += 2
            return [Event("camel", f"{name} bought a camel.", seat=seat)]
        if option_id == "roll":
            rng = Rng(state["rng"])
            pips = rng.randint(1, 6)
            state["rng"] = rng.state
            state["totals"][seat] += pips
            return [Event("roll", f"{name} rolled {pips}.", seat=seat)]
        if option_id == "draw":
            card = state["deck"].pop()
            state["hands"][seat].append(card)
            return [
                Event("draw", f"{name} drew a card.", seat=seat),
                Event("draw", f"You drew card {card}.", private_to=seat),
            ]
        state["turn"] = (seat + 1) % state["seats"]
        state["turns_left"] -= 1
        return [Event("end", f"{name} ended the turn.", seat=seat)]

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = {
            "turn": state["turn"],
            "totals": list(state["totals"]),
            "hand_sizes": [len(hand) for hand in state["hands"]],
        }
        if seat is not None:
            out["hand"] = list(state["hands"][seat])
        return out

    def result(self, state: dict[str, Any]) -> Result | None:
        if self.pending(state):
            return None
        totals = state["totals"]
        return Result(tuple(totals), tuple(1 + sum(o > t for o in totals) for t in totals))

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return {
            **state,
            "totals": list(state["totals"]),
            "hands": [list(hand) for hand in state["hands"]],
            "deck": list(state["deck"]),
        }

    def load(self, raw: dict[str, Any]) -> dict[str, Any]:
        return self.dump(raw)

    def ai_choice(self, state: dict[str, Any], seat: int) -> str:
        return "end" if state["totals"][seat] % 2 else "farmer"


STEPS = StepsEngine()
