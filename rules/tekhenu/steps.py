"""Every Tekhenu step (``state["stack"]`` frames ``{"k": kind, ...}``) and the rule handling it,
run by the machine (``rules/tekhenu/machine.py``; the engine installs this table there).

A ``Choice``'s ``decide(state, frame)`` returns one ``Decision`` or a list (sealed choices),
its ``apply(state, frame, option_id, events)`` carries an answer out (the frame is popped
first); an ``Auto``'s ``run(state, frame, events)`` is popped first, then runs. When the stack
is empty the flow (``rules.tekhenu.flow``) pushes the next steps.

Hooks for rules that cut across steps (``rules.tekhenu.plan``, ``rules.tekhenu.payment``):
B07/B08 "any time during your turn" add options to, and answer, several decisions; extra
actions that must stay possible filter every choice of the turn; an answer that pays with more
than one mix that can matter waits for the ``pay`` decision.
"""

from __future__ import annotations

from rules.steps import Auto, Choice, StepTable
from rules.tekhenu import actions, flow, payment, plan, scoring, setup, turn

TABLE = StepTable(
    kind_key="k",
    steps={
        # setup.py
        "decree_keep": Choice(setup.decree_keep_decisions, setup.decree_keep_apply),
        "draft": Choice(setup.draft_decision, setup.draft_apply),
        "destiny": Choice(setup.destiny_decision, setup.destiny_apply),
        "a03": Choice(setup.a03_decision, setup.a03_apply),
        "rewards": Choice(setup.rewards_decision, setup.rewards_apply),
        "gain_any": Choice(setup.gain_any_decision, setup.gain_any_apply),
        "draw_keep": Choice(setup.draw_keep_decision, setup.draw_keep_apply),
        # flow.py
        "faith": Choice(flow.faith_decisions, flow.faith_apply),
        "faith_seq": Choice(flow.faith_seq_decision, flow.faith_seq_apply),
        # turn.py
        "turn_start": Choice(turn.turn_start_decision, turn.turn_start_apply),
        "take": Choice(turn.take_decision, turn.take_apply),
        "modify": Choice(turn.modify_decision, turn.modify_apply),
        "choose_action": Choice(turn.choose_action_decision, turn.choose_action_apply),
        "extra_order": Choice(turn.extra_order_decision, turn.extra_order_apply),
        "turn_end_check": Auto(turn.turn_end_check),
        "turn_end": Choice(turn.turn_end_decision, turn.turn_end_apply),
        "t19": Choice(turn.t19_decision, turn.t19_apply),
        "end_turn": Auto(turn.end_turn),
        # plan.py
        "before_action": Choice(plan.before_action_decision, plan.before_action_apply),
        # actions.py
        "action": Auto(actions.start_action),
        "t14": Choice(actions.t14_decision, actions.t14_apply),
        "waive": Choice(actions.waive_decision, actions.waive_apply),
        "p12_value": Choice(actions.p12_decision, actions.p12_apply),
        "horus": Choice(actions.horus_decision, actions.horus_apply),
        "ra_space": Choice(actions.ra_space_decision, actions.ra_space_apply),
        "ra_rot": Choice(actions.ra_rot_decision, actions.ra_rot_apply),
        "hathor": Choice(actions.hathor_decision, actions.hathor_apply),
        "thoth": Choice(actions.thoth_decision, actions.thoth_apply),
        "thoth_take": Choice(actions.thoth_take_decision, actions.thoth_take_apply),
        "osiris": Choice(actions.osiris_decision, actions.osiris_apply),
        "osiris_any": Choice(actions.osiris_any_decision, actions.osiris_any_apply),
        "t13": Choice(actions.t13_decision, actions.t13_apply),
        "produce_bless": Choice(actions.produce_bless_decision, actions.produce_bless_apply),
        "extra_pick": Choice(actions.extra_pick_decision, actions.extra_pick_apply),
        "extra_value": Choice(actions.extra_value_decision, actions.extra_value_apply),
        # payment.py
        "pay": Choice(payment.pay_decision, payment.pay_apply),
        # scoring.py
        "bread": Choice(scoring.bread_decision, scoring.bread_apply),
        "decree_pick": Choice(scoring.decree_pick_decision, scoring.decree_pick_apply),
        "decree_pay": Choice(scoring.decree_pay_decision, scoring.decree_pay_apply),
        "d23": Choice(scoring.d23_decisions, scoring.d23_apply),
    },
    decide_hooks=(plan.b07_options, plan.keep_extras_possible),
    apply_hooks=(plan.b07_apply, payment.hold_for_payment),
)
