"""The task stacks: how a chain of effects becomes a chain of small decisions (PLG-R046).

Each seat has a stack (top = last) of tasks, plain dicts ``{"k": kind, ...}``. An *auto* task
runs as soon as it reaches the top; a *choice* task waits for an answer. Running a task may push
more tasks on top, so triggered effects resolve depth-first before the interrupted step goes
on. ``rules/plagues/steps.py`` names each kind's handlers and runs them (``rules/steps.py``).

When ``state["simul"]`` is set every open stack is asked at once (public simultaneous steps);
otherwise only the first seat in turn order with an open stack.
"""

from __future__ import annotations

from typing import Any

from rules import steps

State = dict[str, Any]
Task = dict[str, Any]


def push(state: State, seat: int, *tasks: Task) -> None:
    """Queue tasks so that the first given runs first (depth-first, PLG-R046)."""
    steps.push(state["stacks"][seat], *tasks)


def open_tasks(state: State) -> list[tuple[int, int, Task]]:
    """(answering seat, stack owner, task) for every decision open now."""
    out: list[tuple[int, int, Task]] = []
    seen: set[int] = set()
    for seat in state["order"]:
        stack = state["stacks"][seat]
        if not stack:
            continue
        task = stack[-1]
        by = task.get("by", seat)
        if by in seen:
            continue
        out.append((by, seat, task))
        seen.add(by)
        if not state["simul"]:
            break
    return out


def busy(state: State) -> bool:
    return any(state["stacks"])
