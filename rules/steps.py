"""The step machine: a game's pending work as a stack of small steps, and one table naming the
rule that handles each kind of step.

A step is a frame, a plain JSON dict stored in the game state (``{"k": "take", "s": 0}``);
``StepTable.kind_key`` names the key holding its kind (each game keeps its stored form). The top
frame of a stack is the next step:

- a ``Choice`` waits for an answer: ``decide`` poses it (one ``Decision`` or several), ``apply``
  carries an answer out, ``on_empty`` (optional) runs in its place when it has nothing to ask;
- an ``Auto`` runs as soon as it is on top.

Handlers may push more frames, so triggered effects resolve depth-first before the interrupted
step goes on. Each game lists its steps in one module-level table (``rules/<game>/steps.py``)
and its engine drives the stack through ``push``, ``pop``, ``decide``, ``apply`` and ``run``.
Handlers are called with the game's own arguments (the state and the frame, and what the game
adds: an answering seat, an option id, the event list), passed through unchanged.

Hooks serve rules that cut across steps: a decide hook gets the handler's arguments and the
decisions so far and returns them (possibly changed); an apply hook gets the handler's
arguments and returns True when it handled the answer itself (the step's own ``apply`` is then
skipped). Hooks run in the order the table lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Frame = dict[str, Any]
Stack = list[Frame]
Handler = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class Choice:
    """A step that waits for an answer."""

    decide: Handler
    apply: Handler
    on_empty: Handler | None = None


@dataclass(frozen=True, slots=True)
class Auto:
    """A step that runs as soon as it is on top of its stack."""

    run: Handler


Step = Choice | Auto


@dataclass(frozen=True, slots=True)
class StepTable:
    """One game's steps: kind -> ``Choice`` or ``Auto``, and the hooks over every choice."""

    kind_key: str
    steps: Mapping[str, Step]
    decide_hooks: tuple[Handler, ...] = ()
    apply_hooks: tuple[Handler, ...] = ()

    def kind(self, frame: Frame) -> str:
        return frame[self.kind_key]

    def step(self, frame: Frame) -> Step:
        kind = self.kind(frame)
        try:
            return self.steps[kind]
        except KeyError:
            raise KeyError(f"no step {kind!r} in the step table") from None

    def is_auto(self, frame: Frame) -> bool:
        return isinstance(self.step(frame), Auto)

    def choice(self, frame: Frame) -> Choice:
        step = self.step(frame)
        if not isinstance(step, Choice):
            raise TypeError(f"step {self.kind(frame)!r} is automatic: it asks nothing")
        return step

    def auto(self, frame: Frame) -> Auto:
        step = self.step(frame)
        if not isinstance(step, Auto):
            raise TypeError(f"step {self.kind(frame)!r} waits for an answer: it does not run")
        return step


def push(stack: Stack, *frames: Frame) -> None:
    """Put frames on the stack so that the first given runs first."""
    stack.extend(reversed(frames))


def pop(stack: Stack) -> Frame:
    return stack.pop()


def top(stack: Stack) -> Frame | None:
    return stack[-1] if stack else None


def decide(table: StepTable, frame: Frame, *args: Any) -> Any:
    """What the choice step ``frame`` asks: its ``decide(*args)``, then each decide hook."""
    made = table.choice(frame).decide(*args)
    for hook in table.decide_hooks:
        made = hook(*args, made)
    return made


def apply(table: StepTable, frame: Frame, *args: Any) -> None:
    """Carry out an answer to the choice step ``frame``: the first apply hook that handles it,
    else the step's ``apply(*args)``."""
    for hook in table.apply_hooks:
        if hook(*args):
            return
    table.choice(frame).apply(*args)


def run(table: StepTable, frame: Frame, *args: Any) -> None:
    """Run the automatic step ``frame``: its ``run(*args)``."""
    table.auto(frame).run(*args)


def on_empty(table: StepTable, frame: Frame, *args: Any) -> None:
    """A choice step left with nothing to ask: its ``on_empty(*args)``, if it has one."""
    fallback = table.choice(frame).on_empty
    if fallback is not None:
        fallback(*args)
