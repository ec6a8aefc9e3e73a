"""Every Ankh step (``state["stack"]`` frames ``{"t": kind, ...}``) and the rule handling it.

A ``Choice``'s ``decide(state, task)`` returns the open decisions (an empty list: nothing to
ask, the step is dropped and its ``on_empty(state, task, events)`` runs), its
``apply(state, task, seat, option_id, events)`` carries an answer out; an ``Auto``'s
``run(state, task, events)`` is popped first, then runs. The machine is ``rules/steps.py``.
"""

from __future__ import annotations

from rules.ankh import actions, conflict, events, setup
from rules.steps import Auto, Choice, StepTable

TABLE = StepTable(
    kind_key="t",
    steps={
        # set-up picks
        "god": Choice(setup.god_decision, setup.apply_god),
        "guardian": Choice(setup.guardian_decision, setup.apply_guardian),
        # a turn's actions
        "action": Choice(actions.action_decision, actions.apply_action),
        "move": Choice(actions.move_decision, actions.apply_move),
        "push": Choice(actions.push_decision, actions.apply_push),
        "aim": Choice(actions.aim_decision, actions.apply_aim),
        "summon": Choice(actions.summon_decision, actions.apply_summon),
        "sun": Choice(actions.sun_decision, actions.apply_sun),
        "unlock": Choice(actions.unlock_decision, actions.apply_unlock),
        "after_action": Auto(actions.after_action),
        "end_turn": Auto(actions.end_turn),
        "reset_marker": Auto(actions.reset_marker),
        # events
        "control": Choice(events.control_decision, events.apply_control),
        "caravan": Choice(events.caravan_decision, events.apply_caravan),
        "keep": Choice(events.keep_decision, events.apply_keep),
        "swap": Choice(events.swap_decision, events.apply_swap),
        # conflicts
        "obelisk": Choice(conflict.obelisk_decision, conflict.apply_obelisk),
        "amun": Choice(conflict.amun_decision, conflict.apply_amun),
        "cards": Choice(conflict.card_decisions, conflict.apply_card),
        "build": Choice(conflict.build_decision, conflict.apply_build),
        "bids": Choice(conflict.bid_decisions, conflict.apply_bid),
        "imprison": Choice(conflict.imprison_decision, conflict.apply_imprison),
        "mummy": Choice(conflict.mummy_decision, conflict.apply_mummy, conflict.mummy_fallback),
        "tiebreak": Choice(conflict.tiebreak_decision, conflict.apply_tiebreak),
        "isis": Choice(conflict.isis_decision, conflict.apply_isis),
        "osiris": Choice(conflict.osiris_decision, conflict.apply_osiris),
        "worship": Choice(conflict.worship_decision, conflict.apply_worship),
        "conflict": Auto(conflict.start_conflict),
        "next_region": Auto(conflict.next_region),
        "conflict_end": Auto(conflict.end_conflict),
        "reveal": Auto(conflict.reveal),
        "bid_start": Auto(conflict.bid_start),
        "bid_reveal": Auto(conflict.bid_reveal),
        "battle_majorities": Auto(conflict.battle_majorities),
        "strength": Auto(conflict.compute_strength),
        "resolution": Auto(conflict.resolution),
        "magnanimous": Auto(conflict.magnanimous),
        "cat_losses": Auto(conflict.cat_losses),
        "miracle": Auto(conflict.miracle),
        "worship_start": Auto(conflict.worship_start),
        "cycle": Auto(conflict.cycle),
        "battle_end": Auto(conflict.battle_end),
    },
)
