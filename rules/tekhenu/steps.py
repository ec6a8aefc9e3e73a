"""The step registry: every open step on ``state["stack"]`` is a frame ``{"k": kind, ...}``.

A decision step has a ``DECIDE`` builder (frame -> Decision) and an ``APPLY`` handler
(frame, option id -> effects); an automatic step has an ``AUTO`` handler. Modules register
their steps with the decorators below; the engine only dispatches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

DECIDE: dict[str, Callable[..., Any]] = {}
APPLY: dict[str, Callable[..., Any]] = {}
AUTO: dict[str, Callable[..., Any]] = {}


def decide(kind: str):
    def wrap(func):
        DECIDE[kind] = func
        return func
    return wrap


def apply(kind: str):
    def wrap(func):
        APPLY[kind] = func
        return func
    return wrap


def auto(kind: str):
    def wrap(func):
        AUTO[kind] = func
        return func
    return wrap
