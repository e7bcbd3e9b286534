"""Questions to the solver, answered in slices of the frame's idle time (SPEC §4).

Three questions: «¿Aún se gana?», «Pista», and — once a position is known lost — «volver al
último paso ganable». The solver side (:mod:`solver.analysis`) counts its work in nodes and is
honest about unseen stock cards; this module owns the clock: each frame it gives a question
the milliseconds the scene can spare, and when a question has had its whole budget it takes
the cut-short answer, which claims nothing unproven and says it was cut short.

The questions themselves are the solver's (:func:`solver.question`: one object per purpose);
answers are kept per position in one :class:`solver.AnswerCache` per deal, so the hint reuses
what «¿Aún se gana?» found (and the other way round), and a question asked again goes on from
where it stopped.

How many nodes fit in a slice is measured, not assumed (:class:`Pacer`): a node takes about
4 µs natively and several times that in the browser, so a fixed number of nodes between two
looks at the clock either wastes the slice or overruns the frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rules import Session
from solver import Answer, AnswerCache, Purpose, Verdict, answer_cache, question

from .config import (
    ANALYSIS_BUDGET_MS,
    PACE_FIRST_NODES,
    PACE_LOOKS_PER_SLICE,
    PACE_MAX_NODES,
    PACE_MIN_NODES,
    REWIND_BUDGET_MS,
)

HINT_WAIT_FRAMES = 54
"""«Pista» is shown at the latest on this many frames after it was asked (0.9 s at 60 fps),
with the best move found so far: a hint is a suggestion, so stopping it early costs quality,
never honesty. Its node cap (:data:`solver.analysis.HINT_TOTAL_CAP`) usually ends it sooner;
this keeps the wait short on a slow or busy machine too."""


Clock = Callable[[], float]
"""A time source in seconds (``time.perf_counter``; a fake one in tests)."""


class Pacer:
    """Fits the solver's work, counted in nodes, to slices of time, from the time its steps
    take on this machine: each step is timed with ``clock`` and teaches the pacer the time of a
    node (:attr:`ms_per_node`); the next step is sized to the time left in the slice, at most
    1/:data:`~game.config.PACE_LOOKS_PER_SLICE` of the slice so the clock is read a few times a
    slice (and never under :data:`~game.config.PACE_MIN_NODES` nodes), and the slice ends when
    what is left would not hold that many. A slice overruns by at most what one step takes
    beyond its estimate.

    A step that comes out slower than the estimate moves it half-way at once (a search that
    turned costly, a busy machine: the frame matters more than the answer's speed); a faster one
    a quarter of the way (one quick step is no reason to overrun the next slice)."""

    def __init__(self, clock: Clock = time.perf_counter) -> None:
        self.clock = clock
        self.ms_per_node: float | None = None
        """The time of a node as measured so far (None before any step was timed)."""

    def nodes_for(self, ms: float) -> int:
        """The nodes that fit in ``ms`` milliseconds, by the estimate (:data:`PACE_FIRST_NODES`
        before there is one)."""
        if self.ms_per_node is None:
            return PACE_FIRST_NODES
        return int(ms / self.ms_per_node)

    def learn(self, nodes: int, ms: float) -> None:
        """A step of ``nodes`` nodes took ``ms`` milliseconds."""
        sample = ms / nodes
        known = self.ms_per_node
        if known is None:
            self.ms_per_node = sample
        elif sample > known:
            self.ms_per_node = (known + sample) / 2
        else:
            self.ms_per_node = 0.75 * known + 0.25 * sample

    def run(self, slice_ms: float, work: Callable[[int], bool]) -> tuple[bool, float]:
        """Call ``work(nodes)`` (True once the work is done) in steps for about ``slice_ms``
        milliseconds; at least one step, of :data:`PACE_MIN_NODES` nodes or more. Returns
        whether the work is done, and the milliseconds it took."""
        began = self.clock()
        elapsed = 0.0
        steps = 0
        done = False
        while not done:
            left = slice_ms - elapsed
            if steps and self.nodes_for(left) < PACE_MIN_NODES:
                break
            nodes = self.nodes_for(min(left, slice_ms / PACE_LOOKS_PER_SLICE))
            nodes = min(max(nodes, PACE_MIN_NODES), PACE_MAX_NODES)
            before = self.clock()
            done = work(nodes)
            after = self.clock()
            if not done:  # the last step may stop short of its nodes: it teaches nothing
                self.learn(nodes, (after - before) * 1000)
            elapsed = (after - began) * 1000
            steps += 1
        return done, elapsed


class Inquiry:
    """One question about the position of ``session`` when asked. If the game moves on, the
    caller drops it (:attr:`position` tells which position it is about)."""

    def __init__(
        self,
        session: Session,
        purpose: Purpose,
        cache: AnswerCache | None = None,
        pacer: Pacer | None = None,
    ) -> None:
        self.position = session.state
        self.purpose = purpose
        self.question = question(purpose, session, cache if cache is not None else answer_cache())
        self.pacer = pacer or Pacer()
        self._spent_ms = 0.0
        self._frames = 0

    @property
    def budget_ms(self) -> float:
        return REWIND_BUDGET_MS if self.purpose is Purpose.REWIND else ANALYSIS_BUDGET_MS

    def step(self, slice_ms: float) -> Answer | None:
        """Work about ``slice_ms`` (in steps the :class:`Pacer` sizes); called once a frame.
        The answer once there is one, or the cut-short answer once the question has had its
        budget (for «Pista», also once it was asked :data:`HINT_WAIT_FRAMES` frames ago)."""
        self._frames += 1
        done = self.question.done
        if not done:
            done, spent = self.pacer.run(slice_ms, self.question.step)
            self._spent_ms += spent
        if not done and self._spent_ms < self.budget_ms and not self._hint_waited():
            return None
        return self.question.partial()

    def _hint_waited(self) -> bool:
        return self.purpose is Purpose.HINT and self._frames >= HINT_WAIT_FRAMES


def label_answer(purpose: Purpose, label: Verdict | None, at_start: bool = True) -> Answer | None:
    """«¿Aún se gana?» or «Pista» answered from the deal's ``label`` (None while the label is
    kept hidden): the label table was made in advance by the full solver and the deal chip
    already shows it, so the answer agrees with the chip and reveals nothing new. A deal proven
    unsolvable is lost at every one of its positions, so that label answers anywhere
    («ya no se puede ganar»); «solvable» answers «¿Aún se gana?» only at the deal's start
    (``at_start``). None when the label does not decide (unknown, hidden, solvable after a move)
    or for the rewind."""
    if purpose is Purpose.REWIND:
        return None
    if label is Verdict.UNSOLVABLE:
        return Answer(label, purpose=purpose, from_label=True)
    if label is Verdict.SOLVABLE and at_start and purpose is Purpose.ASK:
        return Answer(label, purpose=purpose, from_label=True)
    return None
