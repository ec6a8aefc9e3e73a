"""Every 10 Plagues step (``state["stacks"][seat]`` frames ``{"k": kind, ...}``, PLG-R046) and
the rule handling it, and the drivers that run them through the step machine (``rules/steps.py``).

A ``Choice``'s ``decide(state, owner, task)`` returns ``(key, prompt, options)``, its
``apply(state, owner, task, option_id, events)`` carries an answer out; an ``Auto``'s
``run(state, owner, task, events)`` is popped first, then runs. ``owner`` is the seat whose
stack holds the task. The solo AI's tasks listed in ``AI_RESOLVE`` are resolved by its rules,
except a task with ``by`` set, which another seat answers (PLG-R282's tie). Which tasks are open
(``state["simul"]``: every open stack at once) is ``rules.plagues.tasks.open_tasks``.
"""

from __future__ import annotations

from collections.abc import Callable

from rules import steps
from rules.core import Decision, Event, IllegalMove
from rules.plagues import board, dice, plague, rounds, setup, solo, territories, uses
from rules.plagues.state import State
from rules.plagues.tasks import open_tasks
from rules.steps import Auto, Choice, StepTable
from rules.text import msg

TABLE = StepTable(
    kind_key="k",
    steps={
        # setup.py
        "province": Choice(setup.province_decide, setup.province_answer),
        # dice.py
        "turn": Choice(dice.turn_decide, dice.turn_answer),
        "abydos": Choice(dice.abydos_decide, dice.abydos_answer),
        "action": Choice(dice.action_decide, dice.action_answer),
        "swap": Choice(dice.swap_decide, dice.swap_answer),
        "card1": Choice(dice.card1_decide, dice.card1_answer),
        "edfu_keep": Choice(dice.edfu_decide, dice.edfu_answer),
        # board.py
        "adv": Auto(board.advance_task),
        "occ": Auto(board.occupation),
        "dev": Choice(board.dev_decide, board.dev_answer),
        "recv": Auto(board.receive),
        "place": Choice(board.place_decide, board.place_answer),
        "take_tile": Auto(board.take_tile),
        "take_tile_pick": Choice(board.take_decide, board.take_answer),
        "take_hebrew": Auto(board.take_hebrew),
        "hebrew_pick": Choice(board.hebrew_decide, board.hebrew_answer),
        "slot": Auto(board.slot),
        "slot_pick": Choice(board.slot_decide, board.slot_answer),
        "remove": Choice(board.remove_decide, board.remove_answer),
        # territories.py
        "soldiers": Choice(territories.soldiers_decide, territories.soldiers_answer),
        "pick": Choice(territories.pick_decide, territories.pick_answer),
        "buto": Choice(territories.buto_decide, territories.buto_answer),
        "buto_keep": Choice(territories.buto_keep_decide, territories.buto_keep_answer),
        "buto_order": Choice(territories.buto_order_decide, territories.buto_order_answer),
        # plague.py
        "tribute": Choice(plague.tribute_decide, plague.tribute_answer),
        "loss": Auto(plague.loss),
        "loss_cancel": Choice(plague.cancel_decide, plague.cancel_answer),
        "loss_part": Auto(plague.loss_part),
        "loss_alt": Choice(plague.alt_decide, plague.alt_answer),
        "loss_do": Auto(plague.loss_do),
        "uses": Choice(plague.uses_decide, plague.uses_answer),
        # uses.py
        "recover_free": Choice(uses.recover_decide, uses.recover_answer),
        "turn_end": Auto(uses.turn_end),
        "turn_end_pick": Choice(uses.turn_end_decide, uses.turn_end_answer),
        # rounds.py
        "reveal": Choice(rounds.reveal_decide, rounds.reveal_answer),
        # solo.py
        "ai_dev1": Auto(solo.ai_dev1),
        "ai_tie": Choice(solo.tie_decide, solo.tie_answer),
    },
)
# the solo AI seat resolves these tasks by its own rules (PLG-R281, PLG-R282, PLG-R286)
AI_RESOLVE: dict[str, Callable[[State, int, dict, list[Event]], None]] = {
    "place": solo.ai_place,
    "dev": solo.ai_dev,
    "take_tile": solo.ai_take_any_tile,
}


def run_autos(state: State, events: list[Event]) -> None:
    """Run the automatic tasks on top of every seat's stack (and the solo AI's choices) until
    each stack is empty or waits for an answer."""
    moved = True
    while moved:
        moved = False
        for seat in state["order"]:
            stack = state["stacks"][seat]
            while stack:
                task = stack[-1]
                if state["ai"] == seat and "by" not in task and task["k"] in AI_RESOLVE:
                    steps.pop(stack)
                    AI_RESOLVE[task["k"]](state, seat, task, events)
                elif TABLE.is_auto(task):
                    steps.pop(stack)
                    steps.run(TABLE, task, state, seat, task, events)
                else:
                    break
                moved = True


def decisions(state: State) -> list[Decision]:
    out = []
    for by, owner, task in open_tasks(state):
        key, prompt, options = steps.decide(TABLE, task, state, owner, task)
        out.append(Decision(by, key, prompt, tuple(options)))
    return out


def answer(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    for by, owner, task in open_tasks(state):
        if by == seat:
            steps.pop(state["stacks"][owner])
            steps.apply(TABLE, task, state, owner, task, option_id, events)
            return
    raise IllegalMove(msg("Nothing is waiting for your answer."))  # pragma: no cover
