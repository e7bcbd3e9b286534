"""The best par score a deal allows (seed 004; scoring rules in :mod:`rules.scoring`).

Exact, over the whole deal, like the solver's verdicts: every card is known. The best score
is the most, over every way of playing, of ``base(p) - cards left at the end`` when the
pyramid is cleared in pass ``p`` (the stock and waste then cleaned up as well as they can
be, :func:`rules.scoring.stock_cleanup`), or ``-cards left`` when it is never cleared.

The search reuses the solver's model (:mod:`solver.model`): nodes ``(pyr, stk, acc)`` that
move from removal to removal, draws and recycles folded into the access ``acc``. It differs
from the verdict search in two ways:

* it maximises a score instead of looking for any cleared pyramid, so it keeps no stock-need
  pruning (a position that cannot be cleared still scores by the cards it removes) and
  searches every position reachable (each once per access, memoised);
* a node may also *stop*: draw to the end without removing anything more, leaving every card
  it holds. Every removal raises the score (a card fewer, or a cleared pyramid's base), so the
  best over stopping points is the best over games played to the end.

Why the model's shortcuts stay exact for a score: a smaller access dominates a larger one
with the same cards (the larger is reached from it by drawing alone, so it scores at least as
much, its pass is no later); a stock King is always removable the moment it is on top, and a
free pyramid King at once (:meth:`Problem.norm`), so they count as removed. The one case the
model cannot count is a King buried in the waste on the last pass (it may never come back on
top); :func:`best_score` refuses such a position.

Before the score search, the verdict solver (:class:`solver.Search`) is asked whether the
pyramid can be cleared within one pass, two, …: a pass within which no game from the start
clears it is a pass within which no position reached clears it either, so every bound starts
at the first pass that can, and when no pass can, no position is scored as if it might.

Unlimited passes (SPEC §12) are searched as a finite number of them, :func:`enough_passes`:
``pass_no + n + 1`` passes, ``n`` the cards still in the pyramid and the stock, and never fewer
than one past the last pass with a base. Why no game needs more: without a removal, a recycle
gives back the same stock in the same order (every stock kind turns its waste over as it lies),
so what a game reaches after two recycles with no removal between them it reaches after one,
in an earlier pass; a game can therefore be played again with its k-th removal in pass
``pass_no + k`` at the latest, every removal the same and none later than before, so it scores
at least as much (a base never grows with the pass). At most ``n`` removals are left (each takes
a card), so ``pass_no + n`` passes hold the best game. The one more pass covers the model's
one inexactness (a King buried in the waste on the last pass counts as removable): past the
last pass with a base, the extra recycle a real game needs for it costs nothing.
:func:`tests.test_solver_score` checks the result against a plain search over the rules' own
states with no pass limit at all.

The search is a generator of progress (:class:`BestScore`, ``step(nodes)``), so the game can
give it a few milliseconds a frame.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from operator import itemgetter

from rules.scoring import PAR_BASES, DealScore, par_base, stock_cleanup
from rules.state import State
from rules.topology import iter_slots
from rules.verdict import Verdict
from solver.model import ACC_SHIFT, CURSOR_MASK, Node, Problem
from solver.search import Search

STEP = 2_048
VERDICT_NODE_LIMIT = 2_000_000
"""Nodes each verdict question may take (see :meth:`BestScore._first_clearing_pass`)."""
_BY_ACCESS = itemgetter(2)


@dataclass(frozen=True, slots=True)
class Best:
    """The best a position allows: ``score`` (its points, cleared pass and cards left), the
    positions the score search expanded and the nodes its verdict questions took."""

    score: DealScore
    nodes: int
    verdict_nodes: int = 0

    @property
    def points(self) -> int:
        return self.score.points


class BestScore:
    """The best-score search, run in slices: ``step(n)`` searches about ``n`` more nodes and
    returns the :class:`Best` once the search is complete (None before: nothing is known)."""

    def __init__(self, state: State) -> None:
        if _buried_waste_king(state):
            raise ValueError("a King lies under other waste cards on the last pass")
        self.passes = enough_passes(state)
        """The passes searched: the rules' own, or enough of them when they are unlimited."""
        self.problem = Problem(_bounded(state, self.passes))
        self.nodes = 0
        """Positions the score search expanded."""
        self.verdict_nodes = 0
        """Nodes the verdict questions took."""
        self.result: Best | None = None
        pyr, stk, _ = self.problem.start
        self.best = DealScore(None, pyr.bit_count() + stk.bit_count())
        self._seen: dict[int, int] = {}
        self._cleanups: dict[tuple[int, int], int] = {}
        self._stuck_cache: dict[tuple[int, int], int] = {}
        self._pause_at = 0
        self.first_pass: int | None = state.pass_no
        """No game clears the pyramid before this pass (None: none clears it at all)."""
        self._run = self._search(state)

    @property
    def work(self) -> int:
        """All the nodes searched so far: the verdict questions' and the score search's."""
        return self.nodes + self.verdict_nodes

    def step(self, nodes: int = STEP) -> Best | None:
        if self.result is None:
            self._pause_at = self.work + nodes
            try:
                next(self._run)
            except StopIteration:
                self.result = Best(self.best, self.nodes, self.verdict_nodes)
        return self.result

    def _search(self, state: State) -> Generator[None, None, None]:
        yield from self._first_clearing_pass(state)
        yield from self._visit(self.problem.start)

    def _first_clearing_pass(self, state: State) -> Generator[None, None, None]:
        """Ask the verdict solver whether the pyramid can be cleared within pass p, for p from
        the current pass on: a pass within which no game from the start clears it is a pass
        within which no position reached clears it either, so every position's bound starts at
        the first pass that can (:meth:`_bound`). An answer the node limit cut short proves
        nothing and stops the questions there. Past the last pass with a base
        (:data:`rules.scoring.PAR_BASES`) one question is asked for all the passes left (the
        rules' own: unlimited passes are asked as such), its answer bounding from the pass
        after the bases."""
        last = len(PAR_BASES)
        rules = state.rules
        questions = [replace(rules, passes=p) for p in range(state.pass_no, min(self.passes, last) + 1)]
        if self.passes > last:  # one question for every pass after the bases: any clearing at all
            questions.append(rules)
        for rules in questions:
            search = Search(replace(state, rules=rules), node_limit=VERDICT_NODE_LIMIT, line_limit=0)
            while True:
                before = search.nodes
                found = search.step(STEP)
                self.verdict_nodes += max(1, search.nodes - before)
                if found is not None:
                    break
                if self.work >= self._pause_at:
                    yield
            if found.verdict is not Verdict.UNSOLVABLE:
                self.first_pass = min(rules.passes, max(state.pass_no, last + 1))
                return
        self.first_pass = None

    def run(self) -> Best:
        while True:
            found = self.step()
            if found is not None:
                return found

    def _cleared(self, stk: int, acc: int) -> DealScore:
        """The score of a cleared pyramid at access ``acc`` with stock cards ``stk`` left."""
        left = self._cleanups.get((stk, acc))
        if left is None:
            pass_no, cursor = acc >> ACC_SHIFT, acc & CURSOR_MASK
            deck = self.problem.state.rules.deck
            piles = self.problem.piles
            ranks = self.problem.srank
            removed = stock_cleanup(ranks, stk, cursor, pass_no, self.passes, deck=deck, piles=piles)
            left = self._cleanups[(stk, acc)] = stk.bit_count() - removed
        return DealScore(acc >> ACC_SHIFT, left)

    def _bound(self, pyr: int, stk: int, acc: int) -> int:
        """No game from ``(pyr, stk, acc)`` scores more than this. Sound tests:

        * *lost* cards stay: a pyramid card with no partner left that could ever take it (no
          compatible pyramid card of the right rank, none in the stock cards still reachable),
          every card beneath one, and the stock cards out of reach for good. With any lost
          pyramid card the pyramid cannot be cleared, and the score is at most minus the cards
          that must stay: the lost ones, and of each rank pair (r, 13 − r) as many of the others
          as one side outnumbers the other (every pair takes one of each);
        * otherwise the base of the first pass in which the stock-need test
          (:meth:`Problem._stock_needs`) lets the pyramid be cleared; when it never does,
          minus the pyramid cards that test proves must stay."""
        problem = self.problem
        pass_no, cursor = acc >> ACC_SHIFT, acc & CURSOR_MASK
        shape = problem.shape(pyr)
        reach = problem.reachable_stock(shape, stk, acc)
        lost = self._lost(pyr, reach)
        if lost:
            return -self._must_stay(pyr & ~lost, reach, lost.bit_count() + (stk & ~reach).bit_count())
        if self.first_pass is None:  # the verdict solver proved no game clears the pyramid
            return -max(1, _short(problem, shape.needs, reach))
        if pass_no < self.first_pass:
            pass_no = self.first_pass
            cursor = 0
        if not shape.needs:
            return par_base(pass_no)
        as_last = problem.passes << ACC_SHIFT | cursor  # what this pass can still reach
        if not _short(problem, shape.needs, problem.reachable_stock(shape, stk, as_last)):
            return par_base(pass_no)
        short = _short(problem, shape.needs, reach)
        return -short if short else par_base(pass_no + 1)

    def _must_stay(self, pyr: int, stk: int, lost: int) -> int:
        """``lost`` cards, and of the cards ``pyr`` and ``stk`` that may still go, the excess of
        one rank over its partner rank."""
        problem = self.problem
        pair_sum = problem.pair_sum
        counts = [(pyr & problem.rank_pyr[r]).bit_count() + (stk & problem.rank_stock[r]).bit_count()
                  for r in range(pair_sum)]  # fmt: skip
        excess = sum(abs(counts[r] - counts[pair_sum - r]) for r in range(1, (pair_sum + 1) // 2))
        if pair_sum % 2 == 0:  # a rank that pairs with itself (6 + 6 in the Spanish deck)
            excess += counts[pair_sum // 2] % 2
        return lost + excess

    def _lost(self, pyr: int, reach: int) -> int:
        """The pyramid cards that can never leave (see :meth:`_bound`), as a mask. Cached by the
        pyramid and the ranks in reach."""
        problem = self.problem
        ranks = 0
        for rank in problem.paired_ranks:
            if reach & problem.rank_stock[rank]:
                ranks |= 1 << rank
        key = (pyr, ranks)
        found = self._stuck_cache.get(key)
        if found is not None:
            return found
        stuck = 0
        for slot in iter_slots(pyr):
            rank = problem.prank[slot]
            if rank == problem.lone or ranks >> (problem.pair_sum - rank) & 1:
                continue
            mates = problem.partners_of[slot] if problem.closed else problem.rank_pyr[problem.pair_sum - rank]
            if not mates & pyr:
                stuck |= 1 << slot
        if stuck:
            for slot in iter_slots(pyr & ~stuck):
                if problem.cone[slot] & stuck:
                    stuck |= 1 << slot
        self._stuck_cache[key] = stuck
        return stuck

    def _visit(self, node: Node) -> Generator[None, None, None]:
        pyr, stk, acc = node
        key = pyr << self.problem.stock_bits | stk
        seen = self._seen.get(key)
        if seen is not None and seen <= acc:
            return
        self._seen[key] = acc
        if pyr == 0:
            score = self._cleared(stk, acc)
            if score.points > self.best.points:
                self.best = score
            return
        earliest = acc >> ACC_SHIFT if self.first_pass is None else max(acc >> ACC_SHIFT, self.first_pass)
        if par_base(earliest) <= self.best.points or self._bound(pyr, stk, acc) <= self.best.points:
            return
        self.nodes += 1
        if self.work >= self._pause_at:
            yield
        left = pyr.bit_count() + stk.bit_count()
        if -left > self.best.points:
            self.best = DealScore(None, left)
        children = _children(self.problem, pyr, stk, acc)
        children.sort(key=_BY_ACCESS)
        for child in children:
            yield from self._visit(child)


def _short(problem: Problem, needs: tuple[tuple[int, int], ...], reach: int) -> int:
    """How many stock partners the pyramid needs and ``reach`` lacks (each is a pyramid card
    that can never leave)."""
    return sum(max(0, count - (reach & problem.rank_stock[rank]).bit_count()) for rank, count in needs)


def _children(problem: Problem, pyr: int, stk: int, acc: int) -> list[Node]:
    """Every removal from ``(pyr, stk, acc)`` as the node it leads to, each at its earliest
    access (as :func:`solver.movegen.successors`, without the stock-need pruning)."""
    return problem.kind.removals(problem, problem.shape(pyr), pyr, stk, acc)


def _buried_waste_king(state: State) -> bool:
    """A King in the waste under other cards (on its pile), on the last pass: the model would
    count it removed."""
    if state.pass_no < state.rules.passes:
        return False
    lone = state.rules.deck.lone_rank
    return any(lone in [card.rank for card in state.pile_cards(k)[:-1]] for k in range(state.piles))


def enough_passes(state: State) -> int:
    """The passes the best-score search covers: the rules' own, or with unlimited passes
    ``pass_no + n + 1`` (``n`` the cards left in the pyramid and the stock, columns included),
    and at least one past the last pass with a base (the module docstring says why no game
    needs more)."""
    rules = state.rules
    if not rules.unlimited:
        return rules.passes
    left = state.pyramid_left + state.stock.bit_count() + state.column_count
    return max(state.pass_no + left + 1, len(PAR_BASES) + 1)


def _bounded(state: State, passes: int) -> State:
    """``state`` under ``passes`` passes (itself when they are its rules' own)."""
    rules = state.rules
    return state if passes == rules.passes else replace(state, rules=replace(rules, passes=passes))


def best_score(state: State) -> Best:
    """The best par score ``state`` allows, with the pass its pyramid is cleared in and the
    cards left (see the module docstring). Raises ``ValueError`` for a King buried in the waste
    on the last pass."""
    return BestScore(state).run()
