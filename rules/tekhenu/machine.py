"""Tekhenu's step machine: the step table (``rules/tekhenu/steps.py``) run over
``state["stack"]`` through ``rules/steps.py``, and the flow when the stack is empty.

Some rules look ahead by running the machine on a copy of the state: a payment's dry run
(``payment.py``) and the probe that keeps declared extra actions performable (``plan.py``).
The table lists those very rules, so they cannot import it: ``steps.py`` installs the table
and the flow here when it is loaded (the package loads it through the engine), and every
rule that runs the machine imports this module instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules import steps
from rules.core import Decision, Event
from rules.steps import StepTable
from rules.tekhenu.state import State
from rules.text import msg

Flow = Callable[[State, list[Event]], None]


@dataclass(slots=True)
class _Installed:
    table: StepTable | None = None
    flow: Flow | None = None


_INSTALLED = _Installed()


def install(table: StepTable, flow: Flow) -> None:
    """Give the machine its table and the flow that refills an empty stack (steps.py)."""
    _INSTALLED.table = table
    _INSTALLED.flow = flow


def table() -> StepTable:
    if _INSTALLED.table is None:
        raise RuntimeError("the Tekhenu step table is not installed: import rules.tekhenu")
    return _INSTALLED.table


def decisions(state: State, frame: dict) -> list[Decision]:
    """What the choice step ``frame`` asks, as a list."""
    made = steps.decide(table(), frame, state, frame)
    return made if isinstance(made, list) else [made]


def apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    """Carry out ``option`` at the choice step ``frame`` (already popped from the stack)."""
    steps.apply(table(), frame, state, frame, option, events)


def advance(state: State, events: list[Event]) -> None:
    """Run automatic steps and the flow until a decision is open or the game is over."""
    rules_table = table()
    while state["phase"] != "over":
        stack = state["stack"]
        if stack:
            frame = stack[-1]
            if rules_table.is_auto(frame):
                steps.pop(stack)
                steps.run(rules_table, frame, state, frame, events)
                continue
            if all(decision.options for decision in decisions(state, frame)):
                return
            # ENG safety net: a step left without any option is skipped.
            steps.pop(stack)
            events.append(
                Event(
                    "skip",
                    msg("A step with no possible choice is skipped."),
                    {"step": rules_table.kind(frame)},
                )
            )
            continue
        assert _INSTALLED.flow is not None  # installed with the table
        _INSTALLED.flow(state, events)
