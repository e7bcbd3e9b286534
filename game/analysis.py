"""Questions to the solver, answered a few milliseconds per frame (SPEC §4).

Three questions: «¿Aún se gana?», «Pista», and — once a position is known lost — «volver al
último paso ganable». Each runs :class:`solver.analysis.Analysis`, which is honest about stock
cards the player has never seen (it claims nothing that depends on them), inside the frame
loop: the table keeps responding and the line under it says «buscando una solución».
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules import Move, Session, State
from rules.labels import Label
from solver.analysis import Analysis, Verdict
from solver.layered import Backend, PureBackend

from .config import ANALYSIS_BUDGET_MS, REWIND_BUDGET_MS, REWIND_STEP_BUDGET_MS


class Purpose(enum.Enum):
    ASK = "ask"
    """«¿Aún se gana?»"""
    HINT = "hint"
    """«Pista»: the first move of a winning line when there is one."""
    REWIND = "rewind"
    """Back to the last position from which the deal can still be won."""


@dataclass(frozen=True)
class Answer:
    purpose: Purpose
    verdict: Verdict
    hint: Move | None = None
    """The move to highlight (a winning line's first move, or a plain suggestion)."""
    back: int = 0
    """For :attr:`Purpose.REWIND`: how many moves to undo to reach a winnable position."""
    unseen: bool = False
    """Some stock card was never seen: why an answer may be «sin determinar»."""
    from_label: bool = False
    """Answered from the deal's label (at the deal's start), not by a search."""


class Inquiry:
    """One question about the position of ``session`` when asked. If the game moves on, the
    caller drops it (:attr:`position` tells which position it is about)."""

    def __init__(self, session: Session, purpose: Purpose, backend: Backend) -> None:
        self.position = session.state
        self.purpose = purpose
        self._seen = session.seen_mask
        self._backend = backend
        self._earlier = list(reversed(session.history)) if purpose is Purpose.REWIND else []
        self._back = 0
        self._spent_ms = 0.0
        self._analysis = self._start(self._next() if purpose is Purpose.REWIND else self.position)

    def step(self, slice_ms: float) -> Answer | None:
        """Work about ``slice_ms``; the answer once there is one."""
        analysis = self._analysis
        if analysis is None:  # rewinding, and there is no earlier position to look at
            return self._rewind_answer(Verdict.LOST)
        self._spent_ms += slice_ms
        if not analysis.step(slice_ms):
            return None
        if self.purpose is not Purpose.REWIND:
            hint = analysis.hint() if analysis.verdict is not Verdict.LOST else None
            return Answer(self.purpose, analysis.verdict, hint, unseen=not analysis.knows_every_card)
        if analysis.verdict is Verdict.LOST and self._earlier and self._spent_ms < REWIND_BUDGET_MS:
            self._analysis = self._start(self._next())
            return None
        return self._rewind_answer(analysis.verdict)

    def _next(self) -> State | None:
        if not self._earlier:
            return None
        self._back += 1
        return self._earlier.pop(0)

    def _start(self, state: State | None) -> Analysis | None:
        if state is None:
            return None
        budget = REWIND_STEP_BUDGET_MS if self.purpose is Purpose.REWIND else ANALYSIS_BUDGET_MS
        return Analysis(state, self._seen, budget, self._backend)

    def _rewind_answer(self, verdict: Verdict) -> Answer:
        back = self._back if verdict is Verdict.WINNABLE else 0
        return Answer(Purpose.REWIND, verdict, back=back)


def label_answer(purpose: Purpose, label: Label | None) -> Answer | None:
    """«¿Aún se gana?» at the deal's start, answered from the deal's ``label`` (None while the
    label is kept hidden): the label table was made in advance by the full solver and the deal
    chip already shows it, so the answer agrees with the chip and reveals nothing new. None
    when the label does not decide (unknown, hidden) or the question is another one."""
    if purpose is not Purpose.ASK:
        return None
    if label is Label.SOLVABLE:
        return Answer(purpose, Verdict.WINNABLE, from_label=True)
    if label is Label.UNSOLVABLE:
        return Answer(purpose, Verdict.LOST, from_label=True)
    return None


def solver_backend() -> Backend:
    """The search backend for questions asked during play: the pure one (depth-first search
    only). Its work comes in small steps that fit a frame; the numpy engine, faster on the
    hardest deals, sorts whole layers at once, which can take a frame or two."""
    return PureBackend()
