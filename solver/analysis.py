"""«¿Aún se gana?», «Pista» and the way back to a winnable step, honest about unseen cards (SPEC §4).

While some stock card has never been face up, nothing here may depend on *where* that card
lies. The *set* of unseen cards is known (every card not seen elsewhere), only their order is
not, so the analysis reasons over the orders the unseen cards could be in:

* **winnable** is claimed when the pyramid can be cleared with every unseen card replaced by a
  *blank* that pairs with nothing (a line that never uses those cards works whatever they are),
  or when every possible order was tried and every one wins;
* **lost** is claimed from the stock-need test at the position itself (a test that reads which
  cards are left, never their order), or when every possible order was tried and none wins;
* otherwise the answer is **unknown** with :attr:`Answer.win_share`, the share of orders that
  win: exact when every order was tried, an estimate from a sample of orders otherwise.
  Unknown never means "no solution".

Orders are the distinct sequences of *ranks* (suits never matter), all equally likely. When
there are at most :data:`EXHAUSTIVE_ORDERS` of them all are tried; otherwise a sample of
:data:`SAMPLE_ORDERS`, drawn by a generator seeded from what the player knows (the cards seen
and where, and the unseen cards as a sorted set), so the same knowledge always gives the same
answer and the real order is never read. Each order is decided by the exact search with a node
limit; an order that runs out of nodes counts as undecided, which makes the share inexact.

Work is counted in nodes (:meth:`Analysis.step`), never in time: the caller owns the clock,
and when it stops early it reads :meth:`Analysis.partial`, which says the answer was cut short
and claims nothing the finished work does not prove. Answers are kept per position in an
:class:`AnswerCache`, so a hint reuses the analysis and the other way round.
"""

from __future__ import annotations

import enum
import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

from rules.cards import KING, Card
from rules.legality import apply
from rules.moves import Kind, Move
from rules.state import Layout, State
from rules.topology import iter_slots
from solver.hints import rank_moves, suggest
from solver.layered import Backend, PureBackend
from solver.model import Problem
from solver.movegen import successors
from solver.search import Result, Search
from solver.search import Verdict as SearchVerdict

EXHAUSTIVE_ORDERS = 120
"""Try every order of the unseen cards when there are at most this many."""
SAMPLE_ORDERS = 24
"""Otherwise decide this many orders drawn at random (seeded by what the player knows)."""
MIN_SAMPLE = 6
"""A sample stops early, once at least this many orders are decided, when it has used
:data:`SAMPLE_NODE_CAP` nodes: the estimate is then from fewer orders, and says so."""
SAMPLE_NODE_CAP = 40_000
ORDER_NODE_LIMIT = 12_000
"""Nodes one order may take before it counts as undecided."""
BLANK_NODE_LIMIT = 10_000
"""Nodes for the search with unseen cards as blanks (it usually fails, or wins, much sooner)."""
HINT_ORDERS = 12
"""A hint judges each move on at most this many of the winning orders."""
HINT_NODE_CAP = 25_000
"""Nodes after which the judging stops with the best move judged so far (or the vote)."""
NODES_PER_CALL = 128
"""Granularity of :meth:`Analysis.step`: a search is never given more nodes at once."""
SEARCH_COST = 32
"""Nodes charged for setting up a search (its tables), so a step always ends."""


class Verdict(enum.Enum):
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Answer:
    """What the analysis can say about a position.

    ``win_share``: share of the orders of the unseen cards from which the deal is won (1.0 or
    0.0 for a proven verdict; None when nothing was decided). ``exact``: every order was tried
    and decided (always true for a proven verdict). ``orders``: orders decided (0 when no order
    had to be tried). ``line``: a winning continuation valid for every order, when one is known.
    ``hint``: the move to suggest (None when lost or when no move is left). ``cut_short``: the
    caller stopped the work before it finished.
    """

    verdict: Verdict
    win_share: float | None = None
    exact: bool = False
    hint: Move | None = None
    line: tuple[Move, ...] = ()
    unseen: int = 0
    orders: int = 0
    cut_short: bool = False
    nodes: int = 0

    @property
    def proven(self) -> bool:
        return self.verdict is not Verdict.UNKNOWN

    lost_orders: int = 0
    """Orders tried and proven lost."""

    @property
    def some_order_lost(self) -> bool:
        """Some possible order of the unseen cards is proven lost: the position does not win in
        every order, and neither does any later position of the same game."""
        return self.verdict is Verdict.LOST or self.lost_orders > 0

    def to_json_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict.value,
            "win_share": None if self.win_share is None else round(self.win_share, 4),
            "exact": self.exact,
            "hint": None if self.hint is None else str(self.hint),
            "cut_short": self.cut_short,
            "nodes": self.nodes,
        }


class Analysis:
    """Is ``state`` still winnable, knowing only the stock cards in ``seen_mask`` (a mask over
    ``layout.stock`` indices, e.g. ``Session.seen_mask``)?

    Call :meth:`step` with a node budget until it returns True, then read :attr:`answer`; or
    stop whenever the clock says so and read :meth:`partial`. ``backend``: the layered
    engine's backend (default: the pure one, whose steps are small enough for a frame).
    """

    def __init__(
        self,
        state: State,
        seen_mask: int,
        backend: Backend | None = None,
        order_node_limit: int = ORDER_NODE_LIMIT,
    ) -> None:
        self.state = state
        self.unseen = state.stock & ~seen_mask
        self.backend = backend or PureBackend()
        self.order_node_limit = order_node_limit
        self.answer: Answer | None = None
        self._spent = 0
        self._search: Search | None = None
        self._orders: Iterator[tuple[Card, ...]] | None = None
        self._order_count = 0
        self._exhaustive = False
        self._wins = 0
        self._losses = 0
        self._undecided = 0
        self._votes: Counter[Move] = Counter()
        self._world: State | None = None
        self._won_worlds: list[tuple[State, Move | None]] = []
        self._refine: _HintRefiner | None = None
        self._base = Problem(state)
        if state.is_won:
            self._final(Verdict.WINNABLE, 1.0, True)
        elif self._proven_lost():
            self._final(Verdict.LOST, 0.0, True)
        elif not self.unseen:
            self._search = Search(state, backend=self.backend, like=self._base)
        else:
            self._search = Search(
                state, blank=self.unseen, node_limit=BLANK_NODE_LIMIT, backend=self.backend, like=self._base
            )

    # --- driving ----------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.answer is not None

    @property
    def nodes(self) -> int:
        return self._spent + (self._search.nodes if self._search is not None else 0)

    @property
    def knows_every_card(self) -> bool:
        return not self.unseen

    def hint_done(self) -> bool:
        """True once the answer is final and its hint judged (see :meth:`step`)."""
        return self.answer is not None and (self._refine is None or self._refine.done)

    def step(self, nodes: int = NODES_PER_CALL, hint: bool = False) -> bool:
        """Search about ``nodes`` more nodes (never more than :data:`NODES_PER_CALL` in one
        search call); True once :attr:`answer` is final. With ``hint``, go on after that to
        judge the moves (:class:`_HintRefiner`), and return True once that is done too."""
        left = self._step_answer(nodes)
        if not hint or self.answer is None:
            return self.answer is not None
        refine = self._refine
        if refine is None or refine.done:
            return True
        finished = refine.step(max(left, 1))
        if finished and refine.best is not None:
            self.answer = replace(self.answer, hint=refine.best)
        return finished

    def _step_answer(self, nodes: int) -> int:
        left = nodes
        while left > 0 and self.answer is None:
            search = self._search
            if search is None:
                search = self._search = self._next_order_search()
                left -= SEARCH_COST
                if search is None:
                    break
            before = search.nodes
            result = search.step(min(left, NODES_PER_CALL))
            left -= max(1, search.nodes - before)
            if result is not None:
                self._spent += search.nodes
                self._search = None
                self._take(result)
        return left

    def run(self, node_limit: int | None = None) -> Answer:
        """Step to the end (or until ``node_limit`` nodes, then the cut-short answer)."""
        while not self.step(4 * NODES_PER_CALL):
            if node_limit is not None and self.nodes >= node_limit:
                return self.partial()
        assert self.answer is not None
        return self.answer

    def partial(self) -> Answer:
        """The answer now: the final one if there is one, else what the work so far proves,
        marked as cut short (never a claim of a loss)."""
        if self.answer is not None:
            return self.answer
        return self._make(Verdict.UNKNOWN, self._share(), False, cut_short=True)

    # --- the steps ----------------------------------------------------------------------------
    def _take(self, result: Result) -> None:
        if self._orders is None and not self.unseen:  # every card known: the search decides
            if result.verdict is SearchVerdict.SOLVABLE:
                self._final(Verdict.WINNABLE, 1.0, True, line=result.moves)
            elif result.verdict is SearchVerdict.UNSOLVABLE:
                self._final(Verdict.LOST, 0.0, True)
            return
        if self._orders is None:  # the blank search
            if result.verdict is SearchVerdict.SOLVABLE:
                self._final(Verdict.WINNABLE, 1.0, True, line=result.moves)
            else:
                self._start_orders()
            return
        if result.verdict is SearchVerdict.SOLVABLE:
            self._wins += 1
            first = result.moves[0] if result.moves else None
            if first is not None:
                self._votes[first] += 1
            if self._world is not None:
                self._won_worlds.append((self._world, first))
        elif result.verdict is SearchVerdict.UNSOLVABLE:
            self._losses += 1
        else:
            self._undecided += 1

    def _start_orders(self) -> None:
        cards = sorted(self.state.layout.stock[i] for i in iter_slots(self.unseen))
        rng = random.Random(self._seed(cards))
        total = _distinct_orders(cards)
        if total <= EXHAUSTIVE_ORDERS:
            orders = list(_rank_orders(cards))
            rng.shuffle(orders)  # so that a partial answer is a fair sample
            self._orders, self._order_count, self._exhaustive = iter(orders), len(orders), True
        else:
            self._orders = (tuple(rng.sample(cards, len(cards))) for _ in range(SAMPLE_ORDERS))
            self._order_count = SAMPLE_ORDERS

    def _next_order_search(self) -> Search | None:
        assert self._orders is not None
        decided = self._wins + self._losses
        early_stop = not self._exhaustive and decided >= MIN_SAMPLE and self._spent >= SAMPLE_NODE_CAP
        order = None if early_stop else next(self._orders, None)
        if order is None:
            self._conclude_orders()
            return None
        world = self._world = _with_order(self.state, self.unseen, order)
        return Search(
            world, node_limit=self.order_node_limit, backend=self.backend, like=self._base, line_limit=1
        )

    def _conclude_orders(self) -> None:
        tried = self._wins + self._losses + self._undecided
        exact = self._exhaustive and tried == self._order_count and not self._undecided
        if exact and not self._losses:
            self._final(Verdict.WINNABLE, 1.0, True)
        elif exact and not self._wins:
            self._final(Verdict.LOST, 0.0, True)
        else:
            self._final(Verdict.UNKNOWN, self._share(), exact)

    # --- answers ------------------------------------------------------------------------------
    def _share(self) -> float | None:
        decided = self._wins + self._losses
        return self._wins / decided if decided else None

    def _final(self, verdict: Verdict, share: float | None, exact: bool, line: tuple[Move, ...] = ()) -> None:
        self.answer = self._make(verdict, share, exact, line=line)
        self._search = None
        hint = self.answer.hint
        judge = verdict is not Verdict.LOST and not line and self._won_worlds
        if judge and hint is not None and not _is_king(self.state, hint):
            self._refine = _HintRefiner(self.state, self._won_worlds[:HINT_ORDERS], self._base, self.backend)

    def _make(
        self,
        verdict: Verdict,
        share: float | None,
        exact: bool,
        line: tuple[Move, ...] = (),
        cut_short: bool = False,
    ) -> Answer:
        return Answer(
            verdict,
            share,
            exact,
            self._hint(verdict, line),
            line,
            self.unseen.bit_count(),
            self._wins + self._losses,
            cut_short,
            self.nodes,
            self._losses,
        )

    def _hint(self, verdict: Verdict, line: tuple[Move, ...]) -> Move | None:
        """The first move of a line that wins in every order; else the first move that wins in
        the most orders tried (ties to the visible-cards judgement); else that judgement."""
        if verdict is Verdict.LOST:
            return None
        if line:
            return line[0]
        if self._votes:
            best = max(self._votes.values())
            ranked = rank_moves(self.state)
            return next(m for m in ranked if self._votes.get(m, 0) == best)
        return suggest(self.state)

    def _seed(self, cards: list[Card]) -> str:
        """What the player knows, as text: the position with the unseen places filled in a
        fixed order (the sorted cards), so the seed never depends on their real order."""
        return _with_order(self.state, self.unseen, tuple(cards)).to_text(self.unseen)

    def _proven_lost(self) -> bool:
        """The order-free test: does the stock-need test fail at this very position? It reads
        the real ranks, but only as the set of cards left (see the module docstring)."""
        pyr, stk, acc = self._base.start
        return pyr != 0 and successors(self._base, pyr, stk, acc) is None


def _with_order(state: State, unseen: int, order: tuple[Card, ...]) -> State:
    """``state`` with the unseen places holding ``order`` (in stock order)."""
    stock = list(state.layout.stock)
    for index, card in zip(iter_slots(unseen), order, strict=True):
        stock[index] = card
    layout = Layout(state.layout.pyramid, tuple(stock))
    return State(layout, state.rules, state.pyramid, state.stock, state.cursor, state.pass_no)


def _distinct_orders(cards: list[Card]) -> int:
    counts = Counter(card.rank for card in cards)
    total = math.factorial(len(cards))
    for count in counts.values():
        total //= math.factorial(count)
    return total


def _rank_orders(cards: list[Card]) -> Iterator[tuple[Card, ...]]:
    """Every distinct sequence of the cards' ranks, once each, as cards (suits given out in
    sorted order: they never matter)."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    left = {rank: len(group) for rank, group in by_rank.items()}
    ranks = sorted(left)
    sequence: list[int] = []

    def extend() -> Iterator[tuple[int, ...]]:
        if len(sequence) == len(cards):
            yield tuple(sequence)
            return
        for rank in ranks:
            if left[rank]:
                left[rank] -= 1
                sequence.append(rank)
                yield from extend()
                sequence.pop()
                left[rank] += 1

    for ranks_in_order in extend():
        used = dict.fromkeys(by_rank, 0)
        out = []
        for rank in ranks_in_order:
            out.append(by_rank[rank][used[rank]])
            used[rank] += 1
        yield tuple(out)


class AnswerCache:
    """One :class:`Analysis` per (position, what was seen), kept with its progress: a hint
    reuses an analysis, a question asked again goes on where it stopped, the rewind reuses both."""

    def __init__(self, backend: Backend | None = None, limit: int = 512) -> None:
        self.backend = backend or PureBackend()
        self.limit = limit
        self._entries: dict[tuple[State, int], Analysis] = {}

    def get(self, state: State, seen_mask: int) -> Analysis:
        key = (state, state.stock & ~seen_mask)
        found = self._entries.get(key)
        if found is None:
            if len(self._entries) >= self.limit:
                self._entries.pop(next(iter(self._entries)))
            found = self._entries[key] = Analysis(state, seen_mask, self.backend)
        return found

    def __len__(self) -> int:
        return len(self._entries)


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
            before = analysis.nodes
            analysis.step(min(left, NODES_PER_CALL))
            left -= max(1, analysis.nodes - before)
            if analysis.done or analysis.nodes - self._used >= self.position_nodes:
                self._judge(self._probe, analysis.partial())
        return self.result is not None

    def partial(self) -> tuple[int, bool]:
        """Cut short: the best position proven so far (0 when none)."""
        return (self.win, False) if self.win is not None else (0, False)

    def _judge(self, back: int, answer: Answer) -> None:
        self._current = None
        if answer.verdict is Verdict.WINNABLE:
            self.win = back if self.win is None else min(self.win, back)
            self._galloping = False
        elif answer.some_order_lost:
            self.not_win = max(self.not_win, back)
            if back == len(self.earlier):
                self.none_wins = answer.verdict is Verdict.LOST
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


def _is_king(state: State, move: Move) -> bool:
    """A King removal: it never hurts (it only frees cards), so it needs no judging."""
    if move.kind is not Kind.REMOVE or len(move.places) != 1:
        return False
    card = state.card_at(move.places[0])
    return card is not None and card.rank == KING


class _HintRefiner:
    """The move that wins in the most of the winning orders tried: each legal move (the most
    worthwhile on visible cards first) is played in each order and the result searched. A move
    that wins in every one of them is the best possible, and ends the judging; a move that can
    no longer beat the best so far is dropped early. Ties go to the visible-cards judgement."""

    def __init__(
        self, state: State, worlds: list[tuple[State, Move | None]], base: Problem, backend: Backend
    ) -> None:
        self.worlds = worlds
        self.base = base
        self.backend = backend
        self.candidates = rank_moves(state)
        self.best: Move | None = None
        self.best_wins = -1
        self.done = not self.candidates
        self._index = 0
        self._world = 0
        self._wins = 0
        self._search: Search | None = None
        self._spent = 0

    def step(self, nodes: int) -> bool:
        """Judge for about ``nodes`` nodes; True once done."""
        left = nodes
        while left > 0 and not self.done:
            if self._spent >= HINT_NODE_CAP:
                self.done = True
                break
            if self._search is None:
                self._search = self._next_search()
                left -= SEARCH_COST
                continue
            before = self._search.nodes
            result = self._search.step(min(left, NODES_PER_CALL))
            used = max(1, self._search.nodes - before)
            left -= used
            self._spent += used
            if result is not None:
                self._wins += result.verdict is SearchVerdict.SOLVABLE
                self._world += 1
                self._search = None
        return self.done

    def _next_search(self) -> Search | None:
        while not self.done:
            move = self.candidates[self._index]
            left = len(self.worlds) - self._world
            if left == 0 or self._wins + left <= self.best_wins:
                self._close(move)
                continue
            world, first = self.worlds[self._world]
            if first == move:
                self._wins += 1
                self._world += 1
                continue
            return Search(apply(world, move), node_limit=ORDER_NODE_LIMIT, backend=self.backend,
                          like=self.base, line_limit=1)  # fmt: skip
        return None

    def _close(self, move: Move) -> None:
        if self._wins > self.best_wins:
            self.best, self.best_wins = move, self._wins
        self._index += 1
        self._world = self._wins = 0
        self.done = self.best_wins == len(self.worlds) or self._index == len(self.candidates)
