"""«¿Aún se gana?» and solver-backed hints, honest about unseen cards (SPEC §4).

While some stock card has never been face up, nothing here may depend on which card it is:

* **still winnable** is claimed only if the pyramid can be cleared with every unseen card
  replaced by a *blank* that pairs with nothing. A line that never uses those cards works
  whatever they are (a real card in a blank's place can only add options), so the claim holds
  for every order of the unseen cards;
* **lost** is claimed only from the stock-need test at the position itself (a pyramid card
  whose every partner lies beneath it, or too few partners left of some rank). That test reads
  the pyramid and *which* cards are still in the stock and the waste, never their order, except
  on the last pass, where the waste was all seen and the stock part is read as a set;
* anything else is **unknown** — which never means "no solution".

Once every stock card still in play has been seen, the full search decides: winnable with a
line, or lost from here. Either way the work runs in slices (:meth:`Analysis.step`) with a
total time budget, after which the answer is unknown and the game falls back to a plain hint.
"""

from __future__ import annotations

import enum
import time

from rules.moves import Move
from rules.state import State
from solver.hints import suggest
from solver.layered import Backend
from solver.model import Problem
from solver.movegen import successors
from solver.search import Search
from solver.search import Verdict as SearchVerdict

DEFAULT_BUDGET_MS = 3000.0
NODES_PER_CALL = 128


class Verdict(enum.Enum):
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


class Analysis:
    """Is ``state`` still winnable, knowing only the cards in ``seen_mask`` (a mask over
    ``layout.stock`` indices, e.g. ``Session.seen_mask``)?

    Call :meth:`step` each frame with a few milliseconds; when :attr:`done`, read
    :attr:`verdict`, :attr:`line` (a winning continuation when winnable) and :meth:`hint`.
    ``backend``: the search backend to use (a game makes one at start-up, so that importing
    numpy never lands in the middle of a frame).
    """

    def __init__(
        self,
        state: State,
        seen_mask: int,
        budget_ms: float = DEFAULT_BUDGET_MS,
        backend: Backend | None = None,
    ) -> None:
        self.state = state
        self.unseen = state.stock & ~seen_mask
        self.budget_ms = budget_ms
        self.verdict = Verdict.UNKNOWN
        self.line: tuple[Move, ...] = ()
        self.done = False
        self._search = Search(state, blank=self.unseen, backend=backend)
        self._spent_ms = 0.0
        if self._proven_lost():
            self.verdict, self.done = Verdict.LOST, True

    @property
    def knows_every_card(self) -> bool:
        """True when no unseen card is left in the stock or the waste."""
        return not self.unseen

    def step(self, slice_ms: float) -> bool:
        """Work for about ``slice_ms`` milliseconds; True once the answer is final."""
        began = time.perf_counter()
        while not self.done:
            result = self._search.step(NODES_PER_CALL)
            if result is not None:
                self._conclude(result.verdict, result.moves)
            elapsed = (time.perf_counter() - began) * 1000
            if elapsed >= slice_ms:
                break
        self._spent_ms += (time.perf_counter() - began) * 1000
        if not self.done and self._spent_ms >= self.budget_ms:
            self.done = True  # out of time: unknown, never a claim
        return self.done

    def hint(self) -> Move | None:
        """The first move of the winning line when there is one, else the visible-cards hint."""
        return self.line[0] if self.line else suggest(self.state)

    def _conclude(self, verdict: SearchVerdict, moves: tuple[Move, ...]) -> None:
        self.done = True
        if verdict is SearchVerdict.SOLVABLE:
            self.verdict, self.line = Verdict.WINNABLE, moves
        elif verdict is SearchVerdict.UNSOLVABLE and self.knows_every_card:
            self.verdict = Verdict.LOST

    def _proven_lost(self) -> bool:
        """The order-free test: does the stock-need test fail at this very position? It reads
        the real ranks, but only as the set of cards left (see the module docstring)."""
        problem = Problem(self.state)
        pyr, stk, acc = problem.start
        return pyr != 0 and successors(problem, pyr, stk, acc) is None
