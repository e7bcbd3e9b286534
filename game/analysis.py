"""«¿Aún se gana?»: drive the solver's position analysis in frame slices.

The analysis lives in ``solver.analysis`` (``Analysis(state, seen_mask)`` with ``step(slice_ms)``,
``done`` and ``verdict``). This module only runs it a few milliseconds at a time and gives up
with «sin determinar» when its time budget is spent; it never blocks a frame. If the solver
does not provide the module yet, :func:`start_analysis` returns None and the game says so.
"""

from __future__ import annotations

import enum
import importlib
import time
from types import ModuleType
from typing import Any

from rules import State

MODULE = "solver.analysis"


class Outcome(enum.Enum):
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


def _module() -> ModuleType | None:
    try:
        return importlib.import_module(MODULE)
    except ModuleNotFoundError as error:
        if error.name != MODULE:
            raise
        return None


def analysis_available() -> bool:
    return _module() is not None


class AnalysisRun:
    """One analysis of one position. ``position`` is the state it is about: if the game moves
    on, the caller drops the run."""

    def __init__(self, analysis: Any, position: State, budget_ms: float) -> None:
        self._analysis = analysis
        self.position = position
        self.budget_ms = budget_ms
        self.spent_ms = 0.0

    def step(self, slice_ms: float) -> Outcome | None:
        """Work about ``slice_ms``; the outcome when finished (or out of budget), else None."""
        started = time.perf_counter()
        finished = bool(self._analysis.step(slice_ms))
        self.spent_ms += (time.perf_counter() - started) * 1000.0
        if finished or self._analysis.done:
            return Outcome(self._analysis.verdict.value)
        if self.spent_ms >= self.budget_ms:
            return Outcome.UNKNOWN
        return None


def start_analysis(state: State, seen_mask: int, budget_ms: float) -> AnalysisRun | None:
    """A run over ``state`` knowing only the stock cards in ``seen_mask``; None if unavailable."""
    module = _module()
    if module is None:
        return None
    return AnalysisRun(module.Analysis(state, seen_mask), state, budget_ms)
