"""The task stacks: how a chain of effects becomes a chain of small decisions (PLG-R046).

Each seat has a stack (top = last) of tasks, plain dicts ``{"k": kind, ...}``. An *auto* task
runs as soon as it reaches the top; a *choice* task waits for an answer. Running a task may push
more tasks on top, so triggered effects resolve depth-first before the interrupted step goes
on. The solo AI's choice tasks are resolved by its rules (``AI_RESOLVE``), except a task with
``by`` set, which another seat answers (PLG-R282's tie).

When ``state["simul"]`` is set every open stack is asked at once (public simultaneous steps);
otherwise only the first seat in turn order with an open stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Decision, Event, IllegalMove, Option
from rules.text import msg

State = dict[str, Any]
Task = dict[str, Any]
Auto = Callable[[State, int, Task, list[Event]], None]
Decide = Callable[[State, int, Task], tuple[str, str, list[Option]]]
Answer = Callable[[State, int, Task, str, list[Event]], None]

AUTO: dict[str, Auto] = {}
DECIDE: dict[str, Decide] = {}
ANSWER: dict[str, Answer] = {}
AI_RESOLVE: dict[str, Auto] = {}


def auto(kind: str) -> Callable[[Auto], Auto]:
    def register(fn: Auto) -> Auto:
        AUTO[kind] = fn
        return fn

    return register


def choice(kind: str, decide: Decide, answer: Answer) -> None:
    DECIDE[kind] = decide
    ANSWER[kind] = answer


def ai_resolve(kind: str) -> Callable[[Auto], Auto]:
    def register(fn: Auto) -> Auto:
        AI_RESOLVE[kind] = fn
        return fn

    return register


def push(state: State, seat: int, *tasks: Task) -> None:
    """Queue tasks so that the first given runs first (depth-first, PLG-R046)."""
    state["stacks"][seat].extend(reversed(tasks))


def run_autos(state: State, events: list[Event]) -> None:
    moved = True
    while moved:
        moved = False
        for seat in state["order"]:
            stack = state["stacks"][seat]
            while stack:
                task = stack[-1]
                kind = task["k"]
                if kind in AUTO:
                    stack.pop()
                    AUTO[kind](state, seat, task, events)
                elif state["ai"] == seat and "by" not in task and kind in AI_RESOLVE:
                    stack.pop()
                    AI_RESOLVE[kind](state, seat, task, events)
                else:
                    break
                moved = True


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


def decisions(state: State) -> list[Decision]:
    out = []
    for by, owner, task in open_tasks(state):
        key, prompt, options = DECIDE[task["k"]](state, owner, task)
        out.append(Decision(by, key, prompt, tuple(options)))
    return out


def answer(state: State, seat: int, option_id: str, events: list[Event]) -> None:
    for by, owner, task in open_tasks(state):
        if by == seat:
            state["stacks"][owner].pop()
            ANSWER[task["k"]](state, owner, task, option_id, events)
            return
    raise IllegalMove(msg("Nothing is waiting for your answer."))  # pragma: no cover


def busy(state: State) -> bool:
    return any(state["stacks"])
