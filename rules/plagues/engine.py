"""The 10 Plagues of Egypt engine: the round's phases in order through rules.core.

Flow (PLG-R043 / PLG-R044): phase 1 dice (turns) -> phase 2 (soldiers, picks) -> phase 3
(tribute, losses, uses) -> Moses -> game-end check -> end-of-round steps (reveal).
"""

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
from rules.plagues import (
    ai,
    hidden,
    plague,
    refusals,
    rounds,
    scoring,
    setup,
    solo,
    territories,
)
from rules.plagues.board import advance, push
from rules.plagues.data import FOUR_PLAYER_LAST_PROVINCE, PROVINCE_NAMES, PROVINCES
from rules.plagues.state import State, humans, is_ai
from rules.plagues.steps import answer, decisions, run_autos
from rules.plagues.tasks import busy
from rules.plagues.uses import extras
from rules.plagues.view import build_view
from rules.text import msg, term


class PlaguesEngine(DictStateEngine):
    game_id = "plagues"
    title = term("10 Plagues of Egypt")
    min_players = 1  # PLG-R001: 1 = solo against the AI seat
    max_players = 4
    hidden_zones = ("reserve", "hebrew_reserve", "plague_deck", "loss_deck", "territory_deck")
    variants = (
        Variant("advanced", term("Advanced papyrus"), ("off", "on"), "off"),  # PLG-R225
        Variant("short", term("Short game (8 rounds)"), ("off", "on"), "off"),  # PLG-R202
        Variant(
            "province",
            term("Solo: your province"),
            ("random",) + PROVINCES,
            "random",
            (term("random"), *(PROVINCE_NAMES[p] for p in PROVINCES)),
        ),
        Variant(
            "provinces",
            term("Provinces"),
            ("random", "draft"),
            "random",
            (term("random"), term("draft")),
        ),  # PLG-R028
    )

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> State:
        self.check_seats(seats)
        options = self.normalise_options(options)
        state, events = setup.new_state(seats, options, seed)
        progress(state, events)
        return state

    def pending(self, state: State) -> list[Decision]:
        if state["phase"] == "over":
            return []
        return decisions(state)

    def _apply(self, state: State, seat: int, option_id: str) -> list[Event]:
        events: list[Event] = []
        answer(state, seat, option_id, events)
        progress(state, events)
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        acting = sorted({d.seat for d in self.pending(state)})
        return {**build_view(state, seat, acting), "seat_marks": seat_marks(len(state["players"]))}

    def estimate(self, state: State) -> list[float]:
        if state["phase"] == "over":
            return super().estimate(state)
        from rules.plagues.estimate import estimate  # the search AI's evaluation (docs/ai.md)

        return estimate(state)

    def plan_cost(self, state: State, seat: int) -> float:
        """Solo: the penalty cards the human holds (PLG-R213, every failed tribute is one,
        PLG-R295), a goal of their own (issue 13), so the planner sheds one for a little VP.
        The AI takes none (PLG-R304); tables: none, not measured there (docs/ai/plagues.md)."""
        if not state["solo"] or is_ai(state, seat):
            return 0.0
        return float(len(state["players"][seat]["penalties"]))

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        return scoring.final_result(state)

    def explain_refusal(self, state: State, decision: Decision, option_id: str) -> str | None:
        return refusals.explain(state, decision, option_id)

    def ai_choice(self, state: State, seat: int) -> str:
        return ai.choose(state, self.open_decision(state, seat))

    def sample_hidden(self, state: State, seat: int, rng: Rng) -> State:
        return hidden.sample_hidden(state, seat, rng)


def progress(state: State, events: list[Event]) -> None:
    """Run automatic steps until a decision is open or the game is over."""
    while True:
        run_autos(state, events)
        if busy(state) or state["phase"] == "over":
            return
        step(state, events)


def step(state: State, events: list[Event]) -> None:
    stage = state["step"]
    count = len(state["players"])
    if stage == "draft":  # PLG-R028: provinces=draft
        if not setup.draft_next(state):
            state["counter"] = 0
            setup.start_bonuses(state, events)
            state["step"] = "start"
    elif stage == "start":
        state["step"], state["counter"] = "turns", 0
    elif stage == "turns":  # PLG-R050 / PLG-R051
        if state["counter"] < 3 * count:
            seat = state["order"][state["counter"] % count]
            state["counter"] += 1
            if is_ai(state, seat):
                solo.ai_turn(state, seat, events)
            else:
                push(state, seat, {"k": "turn"})
            return
        state["phase"], state["step"] = "territories", "soldiers"
        for seat in humans(state):  # PLG-R118 / PLG-R048
            if extras(state, seat, "soldiers"):
                push(state, seat, {"k": "soldiers"})
        state["simul"] = True
    elif stage == "soldiers":
        state["simul"] = False
        territories.set_turn_order(state, events)  # PLG-R119 / PLG-R120
        state["step"], state["counter"] = "picks", 0
    elif stage == "picks":
        _picks(state, events)
    elif stage == "tribute":  # PLG-R127
        order = humans(state)
        if state["counter"] < len(order):
            seat = order[state["counter"]]
            state["counter"] += 1
            plague.start_tribute(state, seat, events)
            return
        plague.assign_penalty(state, events)
        state["step"] = "losses"
        for seat in humans(state):  # PLG-R136 (simultaneous)
            plague.start_losses(state, seat)
        state["simul"] = True
    elif stage == "losses":
        state["simul"] = False
        state["step"], state["counter"] = "uses", 0
    elif stage == "uses":
        order = humans(state)
        if state["counter"] < len(order):
            seat = order[state["counter"]]
            state["counter"] += 1
            if extras(state, seat, "uses"):
                push(state, seat, {"k": "uses"})
            return
        state["step"], state["counter"] = "moses", 0
    elif stage == "moses":
        if rounds.moses_next(state):
            return
        if state["round"] in rounds.moses_rounds(state) and state["counter"] < 4:
            rounds.moses_effect(state, state["counter"], events)  # PLG-R197
            state["counter"] += 1
            return
        state["step"] = "end"
    elif stage == "end":
        if rounds.game_over(state):
            state["phase"], state["step"] = "over", "over"  # PLG-R203
            result = scoring.final_result(state)
            state["final"] = result.to_json()
            state["final"]["breakdown"] = [
                scoring.breakdown(state, s) for s in range(len(state["players"]))
            ]
            events.append(Event("end", msg("The game is over."), state["final"]))
            return
        rounds.end_of_round_first(state, events)
        state["step"] = "reveal"
    elif stage == "reveal":
        rounds.end_of_round_second(state, events)
        state["phase"], state["step"], state["counter"] = "dice", "turns", 0


def _picks(state: State, events: list[Event]) -> None:
    """PLG-R121..PLG-R125, PLG-R177, PLG-R290..PLG-R293."""
    count = len(state["players"])
    if state["counter"] < count:
        index = state["counter"]
        seat = state["order"][index]
        state["counter"] += 1
        blocked = territories.darkness_blocks(state, seat)
        if count == 4 and index == 3:
            if not blocked:
                advance(state, seat, "province", FOUR_PLAYER_LAST_PROVINCE, events)
            return
        if is_ai(state, seat):
            solo.ai_pick(state, seat, events)
        elif not blocked and state["territories"]:
            push(state, seat, {"k": "pick"})
        return
    state["territory_discard"] += state["territories"]  # PLG-R122 / PLG-R177
    state["territories"] = []
    state["phase"], state["step"], state["counter"] = "plague", "tribute", 0


ENGINE = PlaguesEngine()
