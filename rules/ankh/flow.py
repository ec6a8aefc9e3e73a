"""Ankh's one task stack, ``state["stack"]``, through the step machine (``rules/steps.py``):
``push`` runs tasks in the given order; ``rules/ankh/steps.py`` names each task's handlers."""

from __future__ import annotations

from rules import steps
from rules.ankh.state import State


def push(state: State, *tasks: dict) -> None:
    steps.push(state["stack"], *tasks)


def top(state: State) -> dict | None:
    return steps.top(state["stack"])


def pop(state: State) -> dict:
    return steps.pop(state["stack"])
