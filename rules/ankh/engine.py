"""The Ankh engine: its task stack (``rules/ankh/steps.py``) driven through the rules.core
contract."""

from __future__ import annotations

from typing import Any

from rules import steps
from rules.ankh import actions, ai, late, merged, setup
from rules.ankh.data import GODS, SCENARIO_TITLES
from rules.ankh.flow import pop
from rules.ankh.refusals import explain
from rules.ankh.state import State, clone
from rules.ankh.steps import TABLE
from rules.ankh.view import build_view
from rules.core import (
    Decision,
    DictStateEngine,
    Event,
    Result,
    Rng,
    Variant,
    seat_marks,
)
from rules.text import msg, term


def progress(state: State, events: list[Event]) -> None:
    """Run automatic tasks (and drop decision tasks with nothing to decide) until a decision
    is open or the game is over."""
    while state["phase"] == "play":
        if not state["stack"]:  # pragma: no cover - end_turn always pushes the next turn
            raise RuntimeError("empty task stack")
        task = state["stack"][-1]
        if TABLE.is_auto(task):
            pop(state)
            steps.run(TABLE, task, state, task, events)
            continue
        if steps.decide(TABLE, task, state, task):
            return
        pop(state)
        steps.on_empty(TABLE, task, state, task, events)
    state["stack"] = []


class AnkhEngine(DictStateEngine):
    game_id = "ankh"
    title = term("Ankh: Gods of Egypt")
    min_players = 2  # ANKH-R001
    max_players = 5
    variants = (
        Variant(
            "scenario",
            msg("Scenario (random: one for the seat count)"),
            ("random", "middle_kingdom", "old_kingdom"),
            "random",
            (term("random"), SCENARIO_TITLES["middle_kingdom"], SCENARIO_TITLES["old_kingdom"]),
        ),
        Variant(
            "gods",
            msg("Gods (dealt at random, or chosen in turn order)"),
            ("random", "choose", "fixed"),
            "random",
            (term("random"), term("chosen"), term("fixed")),
        ),
        Variant(
            "guardians",
            msg("Guardians (one card per level, at random or chosen by the first player)"),
            ("random", "choose"),
            "random",
            (term("random"), term("chosen")),
        ),
    )

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> State:
        self.check_seats(seats)
        opts = self.normalise_options(options)
        state = setup.new_state(seats, opts, seed)
        if not state["stack"]:  # gods=choose / guardians=choose: those picks come first
            actions.start_turn(state, state["first_player"])
            progress(state, [])
        return state

    def pending(self, state: State) -> list[Decision]:
        if state["phase"] != "play" or not state["stack"]:
            return []
        task = state["stack"][-1]
        decisions = steps.decide(TABLE, task, state, task)
        return merged.with_proposals(state, decisions)  # ANKH-R153

    def _apply(self, state: State, seat: int, option_id: str) -> list[Event]:
        events: list[Event] = []
        if merged.is_proposal(state, seat):  # ANKH-R153: the lesser seat proposes
            decision = self.decision_for(state, seat)
            option = decision.option(option_id) if decision is not None else None
            assert option is not None, "apply() has checked the answer is offered"
            merged.propose(state, seat, option, events)
            return events
        merged.answered(state, seat)  # the greater seat's answer decides
        task = state["stack"][-1]
        steps.apply(TABLE, task, state, task, seat, option_id, events)
        if not state["stack"] and state["phase"] == "play":  # the set-up picks are done
            actions.start_turn(state, state["first_player"])
        progress(state, events)
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        decisions = self.pending(state)
        acting = sorted({d.seat for d in decisions})
        step = decisions[0].key if decisions else None
        res = self.result(state)
        outcome = (
            None
            if res is None
            else {  # texts stay texts (Result.to_json encodes them)
                "scores": list(res.scores),
                "places": list(res.places),
                "tiebreaks": list(res.tiebreaks),
                "details": list(res.details),
            }
        )
        view = build_view(state, seat, acting, step, outcome)
        seats, first = state["seats"], state["first_player"]
        order = [(first + n) % seats for n in range(seats)]  # clockwise from the first player
        return {**view, "seat_marks": seat_marks(seats), "turn_order": order}

    def estimate(self, state: State) -> list[float]:
        if state["phase"] == "over":
            return super().estimate(state)
        from rules.ankh.estimate import estimate  # the search AI's evaluation (docs/ai.md)

        return estimate(state)

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        return late.final_result(state)

    def dump(self, state: State) -> dict[str, Any]:
        return clone(state)  # through JSON text: the stored form exactly

    def explain_refusal(self, state: State, decision: Decision, option_id: str) -> str | None:
        """A player-facing reason for the commonest refused answers."""
        return explain(state, decision, option_id)

    def ai_choice(self, state: State, seat: int) -> str:
        return ai.choose(state, self.open_decision(state, seat))

    def rollout_choice(self, state: State, seat: int) -> str:
        from rules.ankh.policy import choose  # the search's rollouts (docs/ai.md)

        return choose(state, self.open_decision(state, seat))

    def navigation_options(self, state: State, decision: Decision) -> frozenset[str]:
        return actions.NAVIGATION if decision.key == "summon_at" else frozenset()

    def sample_hidden(self, state: State, seat: int, rng: Rng) -> State:
        from rules.ankh.hidden import sample_hidden  # issue 13 item 2: the AI never peeks

        return sample_hidden(state, seat, rng, self.pending)


ENGINE = AnkhEngine()

__all__ = ["ENGINE", "AnkhEngine", "GODS"]
