"""The step registry: every open step on ``state["stack"]`` is a frame ``{"k": kind, ...}``.

A decision step has a ``DECIDE`` builder (frame -> Decision) and an ``APPLY`` handler
(frame, option id -> effects); an automatic step has an ``AUTO`` handler. Modules register
their steps with the decorators below; the engine only dispatches.

Two hook lists serve rules that cut across steps (``rules.tekhenu.turn``): a ``DECIDE_HOOKS``
entry may add or filter the options of any decision (B07/B08 "any time during your turn",
extra actions that must stay possible), an ``APPLY_HOOKS`` entry may handle an answer before
the step's own handler (returns True when it did).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

DECIDE: dict[str, Callable[..., Any]] = {}
APPLY: dict[str, Callable[..., Any]] = {}
AUTO: dict[str, Callable[..., Any]] = {}
DECIDE_HOOKS: list[Callable[..., Any]] = []
APPLY_HOOKS: list[Callable[..., Any]] = []


def decide(kind: str):
    def wrap(func):
        def run(state, frame):
            made = func(state, frame)
            for hook in DECIDE_HOOKS:
                made = hook(state, frame, made)
            return made

        run.__wrapped__ = func
        DECIDE[kind] = run
        return func

    return wrap


def apply(kind: str):
    def wrap(func):
        def run(state, frame, option, events):
            for hook in APPLY_HOOKS:
                if hook(state, frame, option, events):
                    return
            func(state, frame, option, events)

        run.__wrapped__ = func
        APPLY[kind] = run
        return func

    return wrap


def auto(kind: str):
    def wrap(func):
        AUTO[kind] = func
        return func

    return wrap
