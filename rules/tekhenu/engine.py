"""The Tekhenu engine: the steps on the state's stack (``rules/tekhenu/steps.py``), driven
through the rules.core contract."""

from __future__ import annotations

from typing import Any

from rules.core import (
    Decision,
    DictStateEngine,
    Event,
    Result,
    Rng,
    Variant,
    seat_marks,
)
from rules.tekhenu import ai, flow, hidden, machine, policy, refusals, scoring, setup, steps
from rules.tekhenu.state import State
from rules.tekhenu.view import build_view
from rules.text import msg, term

machine.install(steps.TABLE, flow.run_flow)

SEALED = ("decree_keep", "faith", "d23")
YES_NO = ("no", "yes")


class TekhenuEngine(DictStateEngine):
    game_id = "tekhenu"
    title = term("Tekhenu: Obelisk of the Sun")
    min_players = 1
    max_players = 4
    hidden_zones = ("pile", "decks")  # face-down tiles and card decks: drawing one is no undo
    variants = (
        Variant("printed_horus_bonuses", msg("Printed Horus bonuses (first game)"), YES_NO, "no"),
        Variant(
            "solo_difficulty",
            msg("Botankhamun difficulty"),
            ("easy", "medium", "hard"),
            "easy",
            (term("Easy"), term("Medium"), term("Hard")),
        ),
        Variant("solo_random_start", msg("Solo: 2 random Starting cards"), YES_NO, "no"),
        Variant("solo_decree_8", msg("Solo: Botankhamun's Decrees score 8 VP"), YES_NO, "no"),
        Variant(
            "maat_faith_sequential", msg("Maat: place Faith openly in turn order"), YES_NO, "no"
        ),
    )

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> State:
        self.check_seats(seats)
        opts = self.normalise_options(options)
        state = setup.new_state(seats, opts, seed)
        machine.advance(state, [])
        return state

    def pending(self, state: State) -> list[Decision]:
        if state["phase"] == "over" or not state["stack"]:
            return []
        return machine.decisions(state, state["stack"][-1])

    def _apply(self, state: State, seat: int, option_id: str) -> list[Event]:
        events: list[Event] = []
        frame = state["stack"].pop()
        if frame["k"] in SEALED:
            frame["answering"] = seat
        machine.apply(state, frame, option_id, events)
        frame.pop("answering", None)
        machine.advance(state, events)
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        decisions = self.pending(state)
        acting = sorted({d.seat for d in decisions})
        step = decisions[0].key if decisions else ""
        view = build_view(state, seat, acting, step)
        return {**view, "seat_marks": seat_marks(len(state["players"]))}

    def estimate(self, state: State) -> list[float]:
        if state["phase"] == "over":
            return super().estimate(state)
        from rules.tekhenu.estimate import estimate  # the search AI's evaluation (docs/ai.md)

        return estimate(state)

    def turns_left(self, state: State, seat: int) -> int | None:
        from rules.tekhenu.estimate import turns_left  # 16 rounds, TEK-R047

        return turns_left(state, seat)

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        return scoring.final_result(state)

    def explain_refusal(self, state: State, decision: Decision, option_id: str) -> str | None:
        return refusals.explain(state, decision, option_id)

    def ai_choice(self, state: State, seat: int) -> str:
        return ai.choose(state, self.open_decision(state, seat))

    def rollout_choice(self, state: State, seat: int) -> str:
        """``normal``/``hard``'s prior and rollouts: the goal policy (``policy.py``)."""
        return policy.choose(state, self.open_decision(state, seat))

    def search_candidates(self, state: State, seat: int) -> list[str]:
        from rules.tekhenu.candidates import propose  # the search AI's proposals (docs/ai.md)

        return propose(self, state, seat)

    def sample_hidden(self, state: State, seat: int, rng: Rng) -> State:
        return hidden.sample_hidden(state, seat, rng)


ENGINE = TekhenuEngine()
