"""«Volver al último paso ganable»: the last earlier position that wins in every order."""

from __future__ import annotations

from rules.state import State
from rules.verdict import Verdict
from solver.analysis import NODES_PER_CALL, Analysis, Answer, AnswerCache


class Rewind:
    """The last earlier position of a game that wins in every order of the unseen cards.

    ``earlier``: the game's earlier positions, most recent first (``earlier[0]`` is one move
    back). Winning in every order is monotone along a game: a position from which the next one
    wins can win by playing that move. So the search gallops back (1, 2, 4, … moves) until a
    winnable position, then bisects between it and the nearest position known not to win in
    every order. An undetermined position is passed over, never taken for a loss.

    :attr:`result` once :meth:`step` returns True: ``(back, certain)`` — moves to undo to the
    winnable position found and whether it is certainly the last one (no undetermined position
    after it) — or ``(0, …)`` when none was found; then :attr:`none_wins` says whether that is
    proven (the first position is lost in every order) and :attr:`none_in_all_orders` whether
    every earlier position is proven not to win in every order.
    """

    def __init__(
        self, earlier: list[State], seen_mask: int, cache: AnswerCache, position_nodes: int = 400_000
    ) -> None:
        self.earlier = earlier
        self.seen_mask = seen_mask
        self.cache = cache
        self.position_nodes = position_nodes
        self.win: int | None = None  # smallest back count proven winnable
        self.not_win = 0  # largest back count proven not winnable in every order (0: now)
        self.undetermined: set[int] = set()
        self.result: tuple[int, bool] | None = None
        self.none_wins = False
        self.none_in_all_orders = False
        self._galloping = True
        self._probe: int | None = 1 if earlier else None
        self._current: Analysis | None = None
        self._used = 0
        if self._probe is None:  # no earlier position at all
            self.none_wins = self.none_in_all_orders = True
            self._finish()

    @property
    def done(self) -> bool:
        return self.result is not None

    def step(self, nodes: int = NODES_PER_CALL) -> bool:
        left = nodes
        while left > 0 and self.result is None:
            assert self._probe is not None
            analysis = self._current or self.cache.get(self.earlier[self._probe - 1], self.seen_mask)
            if self._current is None:
                self._current, self._used = analysis, analysis.nodes
            before = analysis.work
            analysis.step(min(left, NODES_PER_CALL))
            left -= max(1, analysis.work - before)
            if analysis.done or analysis.nodes - self._used >= self.position_nodes:
                self._judge(self._probe, analysis.partial())
        return self.result is not None

    def partial(self) -> tuple[int, bool]:
        """Cut short: the best position proven so far (0 when none)."""
        return (self.win, False) if self.win is not None else (0, False)

    def _judge(self, back: int, answer: Answer) -> None:
        self._current = None
        if answer.verdict is Verdict.SOLVABLE:
            self.win = back if self.win is None else min(self.win, back)
            self._galloping = False
        elif answer.some_order_lost:
            self.not_win = max(self.not_win, back)
            if back == len(self.earlier):
                self.none_wins = answer.verdict is Verdict.UNSOLVABLE
                self.none_in_all_orders = True
        else:
            self.undetermined.add(back)
        self._probe = self._next_probe(back)
        if self._probe is None:
            self._finish()

    def _next_probe(self, back: int) -> int | None:
        last = len(self.earlier)
        if self._galloping:
            if back >= last:
                self._galloping = False
            else:
                return min(last, 2 * back)
        if self.win is None:
            return None
        open_ = [b for b in range(self.not_win + 1, self.win) if b not in self.undetermined]
        return open_[len(open_) // 2] if open_ else None

    def _finish(self) -> None:
        if self.win is not None:
            certain = not any(self.not_win < b < self.win for b in self.undetermined)
            self.result = (self.win, certain)
        else:
            self.result = (0, False)
