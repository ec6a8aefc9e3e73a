"""The Ankh engine: a task stack driven through the rules.core contract."""

from __future__ import annotations

import pickle
from typing import Any

from rules.ankh import actions, ai, conflict, events, late, setup
from rules.ankh.data import GODS
from rules.ankh.flow import pop
from rules.ankh.state import State, clone
from rules.ankh.view import build_view
from rules.core import Decision, Engine, Event, IllegalMove, Result, Variant

# task kind -> (decisions, apply)
DECIDE = {
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


class AnkhEngine(Engine):
    game_id = "ankh"
    title = "Ankh: Gods of Egypt"
    min_players = 2  # ANKH-R001
    max_players = 5
    variants = (
        Variant("scenario", "Scenario", ("random", "middle_kingdom", "old_kingdom"), "random"),
        Variant("gods", "Gods", ("random", "fixed"), "random"),
    )

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> State:
        self.check_seats(seats)
        opts = self.normalise_options(options)
        state = setup.new_state(seats, opts, seed)
        actions.start_turn(state, state["first_player"])
        progress(state, [])
        return state

    def pending(self, state: State) -> list[Decision]:
        if state["phase"] != "play" or not state["stack"]:
            return []
        task = state["stack"][-1]
        return DECIDE[task["t"]][0](state, task)

    def _apply(self, state: State, seat: int, option_id: str) -> list[Event]:
        events: list[Event] = []
        task = state["stack"][-1]
        DECIDE[task["t"]][1](state, task, seat, option_id, events)
        progress(state, events)
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        decisions = self.pending(state)
        acting = sorted({d.seat for d in decisions})
        step = decisions[0].key if decisions else None
        res = self.result(state)
        return build_view(state, seat, acting, step, res.to_json() if res else None)

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        return late.final_result(state)

    def dump(self, state: State) -> dict[str, Any]:
        return clone(state)

    def load(self, raw: dict[str, Any]) -> State:
        if raw.get("game") != self.game_id:
            raise ValueError("not an Ankh state")
        return clone(raw)

    def copy(self, state: State) -> State:
        # The state holds only JSON types (str keys, lists), so a pickle round trip is an
        # exact and faster deep copy; dump() still goes through JSON.
        return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))

    def explain_refusal(self, state: State, decision: Decision, option_id: str) -> str | None:
        """A player-facing reason for the commonest refused answers."""
        return explain(state, decision, option_id)

    def ai_choice(self, state: State, seat: int) -> str:
        decision = self.decision_for(state, seat)
        if decision is None:
            raise IllegalMove("Nothing is waiting for this seat's answer.")
        return ai.choose(state, decision)


def explain(state: State, decision: Decision, option_id: str) -> str | None:
    from rules.ankh.board import HEXES, WATER, distance

    kind, _, arg = option_id.partition(":")
    key = decision.key
    if key == "action" and option_id.startswith("act:"):
        return ("Your second action must come from a row below your first action "
                "(Move, Summon, Gain Followers, Unlock, top to bottom).")
    if key == "move_to" and kind == "to" and arg in HEXES:
        origin = state["stack"][-1].get("sel")
        if arg in WATER:
            return "A figure cannot end its move on water."
        if origin and distance(origin, arg) > 3:
            return "A figure moves at most 3 spaces."
        return "A figure must end its move on an empty space (no figure, monument or portal)."
    if key == "summon_at" and kind == "at":
        return ("Summon onto an empty land space next to one of your figures or to a monument "
                "you control (same region, no river or camel between).")
    if key == "battle_card" and kind == "card":
        return "That card is not in your hand (played cards stay face up until Cycle of Ma'at)."
    if key == "locust_bid" and kind == "bid":
        return "You can bid any number of your own followers, from 0 to all of them."
    if key == "caravan" and kind == "camel":
        return ("That camel would not fit a legal line: at most 6 camels, no river or water "
                "edge, from river/water/camel/map edge to another, splitting one region into "
                "two of at least 6 land spaces.")
    return None


ENGINE = AnkhEngine()

__all__ = ["ENGINE", "AnkhEngine", "GODS"]
