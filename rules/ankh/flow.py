"""The task stack that drives a game: each task is a small dict; the top one is either
automatic (run at once) or waits for a decision. ``push`` runs tasks in the given order."""

from __future__ import annotations

from rules.ankh.state import State


def push(state: State, *tasks: dict) -> None:
    state["stack"].extend(reversed(tasks))


def top(state: State) -> dict | None:
    return state["stack"][-1] if state["stack"] else None


def pop(state: State) -> dict:
    return state["stack"].pop()
