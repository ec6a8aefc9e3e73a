"""The Ankh engine: a task stack driven through the rules.core contract."""

from __future__ import annotations

from typing import Any

from rules.ankh import actions, ai, conflict, events, late, merged, setup
from rules.ankh.data import GODS
from rules.ankh.flow import pop
from rules.ankh.refusals import explain
from rules.ankh.state import State, clone
from rules.ankh.view import build_view
from rules.core import Decision, DictStateEngine, Event, IllegalMove, Result, Rng, Variant
from rules.text import msg, term

# task kind -> (decisions, apply)
DECIDE = {
    "god": (setup.god_decision, setup.apply_god),
    "guardian": (setup.guardian_decision, setup.apply_guardian),
    "action": (actions.action_decision, actions.apply_action),
    "move": (actions.move_decision, actions.apply_move),
    "push": (actions.push_decision, actions.apply_push),
    "aim": (actions.aim_decision, actions.apply_aim),
    "summon": (actions.summon_decision, actions.apply_summon),
    "sun": (actions.sun_decision, actions.apply_sun),
    "unlock": (actions.unlock_decision, actions.apply_unlock),
    "control": (events.control_decision, events.apply_control),
    "caravan": (events.caravan_decision, events.apply_caravan),
    "keep": (events.keep_decision, events.apply_keep),
    "swap": (events.swap_decision, events.apply_swap),
    "obelisk": (conflict.obelisk_decision, conflict.apply_obelisk),
    "amun": (conflict.amun_decision, conflict.apply_amun),
    "cards": (conflict.card_decisions, conflict.apply_card),
    "build": (conflict.build_decision, conflict.apply_build),
    "bids": (conflict.bid_decisions, conflict.apply_bid),
    "imprison": (conflict.imprison_decision, conflict.apply_imprison),
    "mummy": (conflict.mummy_decision, conflict.apply_mummy),
    "tiebreak": (conflict.tiebreak_decision, conflict.apply_tiebreak),
    "isis": (conflict.isis_decision, conflict.apply_isis),
    "osiris": (conflict.osiris_decision, conflict.apply_osiris),
    "worship": (conflict.worship_decision, conflict.apply_worship),
}
# automatic task kind -> run
AUTO = {
    "after_action": actions.after_action,
    "end_turn": actions.end_turn,
    "reset_marker": actions.reset_marker,
    "conflict": conflict.start_conflict,
    "next_region": conflict.next_region,
    "conflict_end": conflict.end_conflict,
    "reveal": conflict.reveal,
    "bid_start": conflict.bid_start,
    "bid_reveal": conflict.bid_reveal,
    "battle_majorities": conflict.battle_majorities,
    "strength": conflict.compute_strength,
    "resolution": conflict.resolution,
    "magnanimous": conflict.magnanimous,
    "cat_losses": conflict.cat_losses,
    "miracle": conflict.miracle,
    "worship_start": conflict.worship_start,
    "cycle": conflict.cycle,
    "battle_end": conflict.battle_end,
}
# what happens when a decision task has no legal choice left
ON_EMPTY = {"mummy": conflict.mummy_fallback}


def progress(state: State, events: list[Event]) -> None:
    """Run automatic tasks (and drop decision tasks with nothing to decide) until a decision
    is open or the game is over."""
    while state["phase"] == "play":
        if not state["stack"]:  # pragma: no cover - end_turn always pushes the next turn
            raise RuntimeError("empty task stack")
        task = state["stack"][-1]
        kind = task["t"]
        if kind in AUTO:
            pop(state)
            AUTO[kind](state, task, events)
            continue
        if DECIDE[kind][0](state, task):
            return
        pop(state)
        if kind in ON_EMPTY:
            ON_EMPTY[kind](state, task, events)
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
        ),
        Variant(
            "gods",
            msg("Gods (dealt at random, or chosen in turn order)"),
            ("random", "choose", "fixed"),
            "random",
        ),
        Variant(
            "guardians",
            msg("Guardians (one card per level, at random or chosen by the first player)"),
            ("random", "choose"),
            "random",
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
        return merged.with_proposals(state, DECIDE[task["t"]][0](state, task))  # ANKH-R153

    def _apply(self, state: State, seat: int, option_id: str) -> list[Event]:
        events: list[Event] = []
        if merged.is_proposal(state, seat):  # ANKH-R153: the lesser seat proposes
            decision = self.decision_for(state, seat)
            merged.propose(state, seat, decision.option(option_id), events)
            return events
        merged.answered(state, seat)  # the greater seat's answer decides
        task = state["stack"][-1]
        DECIDE[task["t"]][1](state, task, seat, option_id, events)
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
        return build_view(state, seat, acting, step, outcome)

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
        decision = self.decision_for(state, seat)
        if decision is None:
            raise IllegalMove(msg("Nothing is waiting for this seat's answer."))
        return ai.choose(state, decision)

    def sample_hidden(self, state: State, seat: int, rng: Rng) -> State:
        from rules.ankh.hidden import sample_hidden  # issue 13 item 2: the AI never peeks

        return sample_hidden(state, seat, rng, self.pending)


ENGINE = AnkhEngine()

__all__ = ["ENGINE", "AnkhEngine", "GODS"]
