"""«¿Aún se gana?» and «Pista», honest about unseen cards (SPEC §4; the way back: :mod:`solver.rewind`).

While some stock card has never been face up, nothing here may depend on *where* that card
lies. The *set* of unseen cards is known (every card not seen elsewhere), only their order is
not, so the analysis reasons over the orders the unseen cards could be in:

* **winnable** is claimed when the pyramid can be cleared with every unseen card replaced by a
  *blank* that pairs with nothing (a line that never uses those cards works whatever they are),
  or when every possible order was tried and every one wins;
* **lost** is claimed from the stock-need test at the position itself (a test that reads which
  cards are left, never their order), or when every possible order was tried and none wins;
* otherwise the answer is **unknown** with :attr:`Answer.win_share`, the share of the orders
  *tried* that were proven to win: exact when every order was tried and decided; otherwise a
  lower bound on the orders tried (an order that ran out of nodes never counts as a win; it
  counts in :attr:`Answer.win_share_max`), from a sample when there are too many orders.
  Unknown never means "no solution".

Orders are the distinct sequences of *ranks* (suits never matter), all equally likely. When
there are at most :data:`EXHAUSTIVE_ORDERS` of them all are tried; otherwise a sample of
:data:`SAMPLE_ORDERS`, drawn by a generator seeded from what the player knows (the cards seen
and where, and the unseen cards as a sorted set), so the same knowledge always gives the same
answer and the real order is never read. Each order is decided by the exact search with a node
limit; an order that runs out of nodes counts as undecided: not a win (undecided orders are
mostly losing ones, which take more nodes to prove), so the share is then a range
``win_share`` … ``win_share_max`` over the orders tried, never an optimistic guess.

Work is counted in nodes (:meth:`Analysis.step`), never in time: the caller owns the clock,
and when it stops early it reads :meth:`Analysis.partial`, which says the answer was cut short
and claims nothing the finished work does not prove. Answers are kept per position in an
:class:`AnswerCache`, so a hint reuses the analysis and the other way round.
"""

from __future__ import annotations

import enum
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from rules.cards import Card
from rules.moves import Move
from rules.state import Layout, State
from rules.topology import iter_slots
from rules.verdict import Verdict
from solver.hints import rank_moves, suggest
from solver.judge import HintJudge, is_king
from solver.layered import Backend, PureBackend
from solver.models import lost_at_once, problem_for
from solver.search import Result, Search

EXHAUSTIVE_ORDERS = 120
"""Try every order of the unseen cards when there are at most this many."""
SAMPLE_ORDERS = 40
"""Otherwise try this many orders drawn at random (seeded by what the player knows)."""
MIN_SAMPLE = 20
"""A sample stops early, once at least this many orders were tried, when it has used
:data:`SAMPLE_NODE_CAP` nodes: the estimate is then from fewer orders, and says how many."""
SAMPLE_NODE_CAP = 80_000
ORDERS_NODE_CAP = 100_000
"""The orders stop once they have used this many nodes, however many were tried, even when all
of them would be (the share is then not exact; they were shuffled, so those tried are a fair
sample). The answers that reach it are those of 1-pass positions early in the deal, whose
orders mostly run out of nodes undecided, and of first-pass positions of three passes whose
orders each take thousands of depth-first nodes; it cut their time to answer by a quarter to a
half with about the same answer mix (bench/RESULTS.md#orders_node_cap)."""
ORDER_NODE_LIMIT = 12_000
"""Nodes one order may take before it counts as undecided."""
BLANK_NODE_LIMIT = 10_000
"""Nodes for the search with unseen cards as blanks (it usually fails, or wins, much sooner)."""
HINT_ORDERS = 12
"""A hint judges each move on at most this many of the winning orders."""
HINT_ORDER_LIMIT = 600
"""A hint searches each of its own sampled orders this many nodes at most and keeps the ones
won: winning orders are mostly proven within a few hundred nodes (median ~100, three in four
within ~500 at 1-pass positions), losing ones take thousands. With at most
:data:`EXHAUSTIVE_ORDERS` orders, each gets :data:`ORDER_NODE_LIMIT` instead."""
HINT_GATHER_CAP = 10_000
"""Nodes a hint spends gathering winning orders before it judges with those it has (when it
has one; else it goes on gathering up to :data:`HINT_TOTAL_CAP`)."""
JUDGE_NODE_LIMIT = 2_000
"""Nodes the judging gives one move in one order (more counts as not won)."""
HINT_TOTAL_CAP = 24_000
"""A hint is given once it has used this many nodes (gathering orders and judging together):
the best move judged so far, else the move winning in the most orders decided so far, else the
visible-cards judgement. A hint claims nothing (it is a suggestion), so stopping early costs
quality, never honesty; «¿Aún se gana?» asked there goes on with the answer."""
NODES_PER_CALL = 128
"""Granularity of :meth:`Analysis.step`: a search is never given more nodes at once."""
SEARCH_COST = 32
"""Nodes charged for setting up a search (its tables), so a step always ends."""


POSITION_WORDS = {Verdict.SOLVABLE: "winnable", Verdict.UNSOLVABLE: "lost", Verdict.UNKNOWN: "unknown"}
"""A position's verdict as ``python -m solver analyse`` writes it (SPEC): still winnable, or lost."""


class Purpose(enum.Enum):
    """What the player asked."""

    ASK = "ask"
    """«¿Aún se gana?»"""
    HINT = "hint"
    """«Pista»: the first move of a winning line when there is one."""
    REWIND = "rewind"
    """Back to the last position from which the deal can still be won."""


@dataclass(frozen=True)
class Answer:
    """What the analysis can say about a position.

    ``win_share``: share of the orders *tried* proven to win (1.0 or 0.0 for a proven verdict;
    None when no order was tried); undecided orders count as not won, so it is a lower bound.
    ``win_share_max``: the share if every undecided order won (equal to ``win_share`` when all
    were decided). ``exact``: every possible order was tried and decided (always true for a
    proven verdict). ``orders``: orders decided; ``orders_tried``: orders tried (decided or
    not; 0 when no order had to be tried); ``undecided`` = ``orders_tried`` − ``orders``.
    ``line``: a winning continuation valid for every order, when one is known.
    ``hint``: the move to suggest (None when lost or when no move is left). ``cut_short``: the
    caller stopped the work before it finished. ``unseen``: how many stock cards were never
    seen (why an answer may be unknown).
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
    orders_tried: int = 0
    undecided: int = 0
    purpose: Purpose = Purpose.ASK
    """The question answered (:mod:`solver.questions`): the analysis serves «¿Aún se gana?» and
    «Pista» alike; the rewind's answers say how far back instead."""
    back: int = 0
    """For :attr:`Purpose.REWIND`: how many moves to undo to reach a winnable position."""
    certain: bool = True
    """For a rewind that found a position: it is surely the last winnable one."""
    none_proven: bool = False
    """For a rewind that found none: every earlier position is proven lost."""
    none_in_all_orders: bool = False
    """For a rewind that found none: no earlier position wins in every order (some may in some)."""
    from_label: bool = False
    """Answered from the deal's label (made in advance by the full solver), not by a search."""

    @property
    def win_share_max(self) -> float | None:
        if self.win_share is None or not self.orders_tried:
            return self.win_share
        return self.win_share + self.undecided / self.orders_tried

    @property
    def some_order_lost(self) -> bool:
        """Some possible order of the unseen cards is proven lost: the position does not win in
        every order, and neither does any later position of the same game."""
        return self.verdict is Verdict.UNSOLVABLE or self.lost_orders > 0

    def to_json_dict(self) -> dict[str, object]:
        return {
            "verdict": POSITION_WORDS[self.verdict],
            "win_share": None if self.win_share is None else round(self.win_share, 4),
            "exact": self.exact,
            "orders_tried": self.orders_tried,
            "undecided": self.undecided,
            "hint": None if self.hint is None else str(self.hint),
            "cut_short": self.cut_short,
            "nodes": self.nodes,
        }


class _Searches:
    """Searches run one after another in node budgets: ``start`` gives the next one (None when
    none is left), ``finish`` takes each one's result, and they go on while ``going()`` holds.
    The answer's orders and the hint's own orders are each one of these."""

    def __init__(
        self,
        start: Callable[[], Search | None],
        finish: Callable[[Result], None],
        going: Callable[[], bool],
    ) -> None:
        self._start = start
        self._finish = finish
        self._going = going
        self.current: Search | None = None
        self.spent = 0
        """Nodes of the searches finished (not the current one's)."""
        self.worked = 0
        """Work of the searches finished, and :data:`SEARCH_COST` for each search started."""

    @property
    def nodes(self) -> int:
        return self.spent + (self.current.nodes if self.current is not None else 0)

    @property
    def work(self) -> int:
        """What the searches did (see :attr:`Analysis.work`)."""
        return self.worked + (self.current.work if self.current is not None else 0)

    def run(self, nodes: int) -> int:
        """Search about ``nodes`` nodes (never more than :data:`NODES_PER_CALL` in one search
        call, :data:`SEARCH_COST` charged for each search started, a search's stock fronts
        charged as nodes: :attr:`solver.search.Search.work`); returns the nodes left."""
        left = nodes
        while left > 0 and self._going():
            search = self.current
            if search is None:
                search = self.current = self._start()
                left -= SEARCH_COST
                self.worked += SEARCH_COST
                if search is None:
                    break
            before = search.work
            result = search.step(min(left, NODES_PER_CALL))
            left -= max(1, search.work - before)
            if result is not None:
                self.spent += search.nodes
                self.worked += search.work
                self.current = None
                self._finish(result)
        return max(left, 0)


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
        self._answers = _Searches(self._next_order_search, self._take, lambda: self.answer is None)
        """The search of the position (blank or full), then the searches of the orders."""
        self._orders: Iterator[tuple[Card, ...]] | None = None
        self._order_count = 0
        self._exhaustive = False
        self._wins = 0
        self._losses = 0
        self._undecided = 0
        self.tried: list[tuple[Card, ...]] = []
        """The orders tried so far (in stock order of the unseen places), for checking."""
        self._votes: Counter[Move] = Counter()
        self._world: State | None = None
        self._won_worlds: list[tuple[State, Move | None]] = []
        self._hint_orders: Iterator[tuple[Card, ...]] | None = None  # the hint's own orders
        self._hint_world: State | None = None
        self._hint_worlds: list[tuple[State, Move | None]] = []  # winning orders the hint found
        self._hint_limit = HINT_ORDER_LIMIT
        self._gathered = False  # the hint's orders ran out
        self._hints = _Searches(self._next_hint_search, self._keep_hint_order, self._gathering)
        self._hint_nodes = 0  # nodes spent while asked for a hint
        self._judge: HintJudge | None = None
        self._at_once: Move | None = None
        """The hint without any search (see :meth:`_obvious_move`)."""
        self._base = problem_for(state, unseen=self.unseen)
        if state.is_won:
            self._final(Verdict.SOLVABLE, 1.0, True)
        elif self._proven_lost():
            self._final(Verdict.UNSOLVABLE, 0.0, True)
        elif not self.unseen:
            self._answers.current = Search(state, backend=self.backend, like=self._base)
        elif state.rules.variant.win_all:
            self._start_orders()  # every card must go, blanks too: a blank search cannot win
        else:
            self._answers.current = Search(
                state, blank=self.unseen, node_limit=BLANK_NODE_LIMIT, backend=self.backend, like=self._base
            )
        self._at_once = self._obvious_move()

    # --- driving ----------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.answer is not None

    @property
    def nodes(self) -> int:
        """Nodes searched so far, the hint's included."""
        judged = self._judge.spent if self._judge is not None else 0
        return self._answers.nodes + self._hints.nodes + judged

    @property
    def work(self) -> int:
        """The work done so far: :attr:`nodes`, and the stock fronts worked out and the
        searches set up, counted as nodes (what a step's budget pays for). A step of ``n``
        does about ``n`` of it, so a caller that times its steps learns the time of a node."""
        judged = self._judge.work if self._judge is not None else 0
        return self._answers.work + self._hints.work + judged

    def hint_done(self) -> bool:
        """True once the hint is settled: a move obvious without search (:meth:`_obvious_move`),
        the answer final with nothing to judge, the judging (:class:`solver.judge.HintJudge`)
        done, or :data:`HINT_TOTAL_CAP` nodes used (the hint is then :meth:`partial`'s)."""
        if self._at_once is not None or self._hint_nodes >= HINT_TOTAL_CAP:
            return True
        if self._judge is not None:
            return self._judge.done
        if self.answer is not None:
            return not self._wants_judge()
        return self._gathered and not self._worlds()

    def step(self, nodes: int = NODES_PER_CALL, hint: bool = False) -> bool:
        """Search about ``nodes`` more nodes (never more than :data:`NODES_PER_CALL` in one
        search call); True once :attr:`answer` is final.

        With ``hint``, work for «Pista» instead, and return True once the hint is settled
        (:meth:`hint_done`). The hint needs winning orders, not the share: after the search
        that may find a line for every order (shared with the answer), it draws its own orders
        (seeded like the answer's, by what the player knows) and keeps those that a search of
        :data:`HINT_ORDER_LIMIT` nodes wins (winning orders are mostly quick to prove, losing
        ones slow); with :data:`HINT_ORDERS` of them, or after :data:`HINT_GATHER_CAP` nodes,
        it judges the moves on them. The answer's winning orders are used too when
        «¿Aún se gana?» ran first; the answer itself goes on only when it is asked."""
        if not hint:
            self._answers.run(nodes)
            self._settle_hint()
            return self.answer is not None
        before = self.nodes
        left = nodes
        while left > 0 and not self.hint_done():
            if self.answer is None and self._orders is None:  # the blank (or full) search
                left = self._answers.run(left)
            elif self._judge is None and not self._ready_to_judge():
                left = self._hints.run(left)
            else:
                if self._judge is None:
                    self._judge = HintJudge(
                        self.state, self._worlds()[:HINT_ORDERS], self._base, self.backend,
                        order_node_limit=JUDGE_NODE_LIMIT, node_cap=HINT_TOTAL_CAP,
                    )  # fmt: skip
                left = self._judge.step(min(left, max(1, HINT_TOTAL_CAP - self._hint_nodes)))
            self._hint_nodes += self.nodes - before
            before = self.nodes
        self._settle_hint()
        return self.hint_done()

    def _worlds(self) -> list[tuple[State, Move | None]]:
        """Winning orders known: the answer's, then the hint's own."""
        return self._won_worlds + self._hint_worlds

    def _ready_to_judge(self) -> bool:
        found = len(self._worlds())
        if self.answer is not None or found >= HINT_ORDERS:
            return True
        return found > 0 and (self._gathered or self._hint_nodes >= HINT_GATHER_CAP)

    def _wants_judge(self) -> bool:
        """Is there a choice to judge on winning orders? Not when the answer has a line for
        every order (its first move), is lost, or no order was won."""
        answer = self.answer
        lost = answer is not None and answer.verdict is Verdict.UNSOLVABLE
        return not (answer is None or lost or answer.line or not self._worlds())

    def _gathering(self) -> bool:
        """Does the hint search more of its own orders? Not once they ran out, nor with
        :data:`HINT_ORDERS` winning orders known."""
        return not self._gathered and len(self._worlds()) < HINT_ORDERS

    def _keep_hint_order(self, result: Result) -> None:
        """Keep the hint's order just searched when it was won, and vote for its first move."""
        if result.verdict is Verdict.SOLVABLE:
            self._keep_won(self._hint_world, result, self._hint_worlds)

    def _keep_won(
        self, world: State | None, result: Result, worlds: list[tuple[State, Move | None]]
    ) -> None:
        """An order won: kept in ``worlds`` with the first move of its line, which gets a vote."""
        first = result.moves[0] if result.moves else None
        if first is not None:
            self._votes[first] += 1
        if world is not None:
            worlds.append((world, first))

    def _next_hint_search(self) -> Search | None:
        if self._hint_orders is None:
            cards = sorted(self.state.layout.stock[i] for i in iter_slots(self.unseen))
            rng = random.Random("hint " + self._seed(cards))
            if _distinct_orders(cards) <= EXHAUSTIVE_ORDERS:  # few: each once, fully searched
                orders = list(_rank_orders(cards))
                rng.shuffle(orders)
                self._hint_orders, self._hint_limit = iter(orders), self.order_node_limit
            else:
                self._hint_orders = (tuple(rng.sample(cards, len(cards))) for _ in itertools.count())
        order = next(self._hint_orders, None)
        if order is None:
            self._gathered = True
            return None
        world = self._hint_world = _with_order(self.state, self.unseen, order)
        return Search(world, node_limit=self._hint_limit, backend=self.backend, like=self._base, line_limit=1)

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

    def _settle_hint(self) -> None:
        """Once judged, the final answer carries the judged hint."""
        if self.answer is not None and not self.answer.line and self.answer.verdict is not Verdict.UNSOLVABLE:
            hint = self._hint(self.answer.verdict, ())
            if hint != self.answer.hint:
                self.answer = replace(self.answer, hint=hint)

    # --- the steps ----------------------------------------------------------------------------
    def _take(self, result: Result) -> None:
        if self._orders is None and not self.unseen:  # every card known: the search decides
            if result.verdict is Verdict.SOLVABLE:
                self._final(Verdict.SOLVABLE, 1.0, True, line=result.moves)
            elif result.verdict is Verdict.UNSOLVABLE:
                self._final(Verdict.UNSOLVABLE, 0.0, True)
            return
        if self._orders is None:  # the blank search
            if result.verdict is Verdict.SOLVABLE:
                self._final(Verdict.SOLVABLE, 1.0, True, line=result.moves)
            else:
                self._start_orders()
            return
        if result.verdict is Verdict.SOLVABLE:
            self._wins += 1
            self._keep_won(self._world, result, self._won_worlds)
        elif result.verdict is Verdict.UNSOLVABLE:
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
        spent, tried = self._answers.spent, self._tried()
        sampled = not self._exhaustive and tried >= MIN_SAMPLE and spent >= SAMPLE_NODE_CAP
        early_stop = sampled or (tried > 0 and spent >= ORDERS_NODE_CAP)
        order = None if early_stop else next(self._orders, None)
        if order is None:
            self._conclude_orders()
            return None
        self.tried.append(order)
        world = self._world = _with_order(self.state, self.unseen, order)
        return Search(
            world, node_limit=self.order_node_limit, backend=self.backend, like=self._base, line_limit=1
        )

    def _tried(self) -> int:
        """Orders tried, decided or not (not the one being searched)."""
        return self._wins + self._losses + self._undecided

    def _conclude_orders(self) -> None:
        tried = self._wins + self._losses + self._undecided
        exact = self._exhaustive and tried == self._order_count and not self._undecided
        if exact and not self._losses:
            self._final(Verdict.SOLVABLE, 1.0, True)
        elif exact and not self._wins:
            self._final(Verdict.UNSOLVABLE, 0.0, True)
        else:
            self._final(Verdict.UNKNOWN, self._share(), exact)

    # --- answers ------------------------------------------------------------------------------
    def _share(self) -> float | None:
        """Orders proven won over orders tried: an undecided order is never a win."""
        tried = self._tried()
        return self._wins / tried if tried else None

    def _final(self, verdict: Verdict, share: float | None, exact: bool, line: tuple[Move, ...] = ()) -> None:
        self.answer = self._make(verdict, share, exact, line=line)
        self._answers.current = None

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
            self._tried(),
            self._undecided,
        )

    def _hint(self, verdict: Verdict, line: tuple[Move, ...]) -> Move | None:
        """The first move of a line that wins in every order; else the first move that wins in
        the most orders tried, as judged (:class:`solver.judge.HintJudge`) or else as voted by
        the lines that won them (ties to the visible-cards judgement); else that judgement."""
        if verdict is Verdict.UNSOLVABLE:
            return None
        if line:
            return line[0]
        if self._at_once is not None:
            return self._at_once
        judged = self._judge.best if self._judge is not None else None
        if judged is not None:
            return judged
        # a line of another order may begin with a move the real position lacks (its stock top
        # differs): only the legal moves' votes count
        votes = {move: self._votes[move] for move in rank_moves(self.state) if move in self._votes}
        if votes:
            best = max(votes.values())
            return next(move for move, count in votes.items() if count == best)
        return suggest(self.state)

    def _obvious_move(self) -> Move | None:
        """While too many orders are unseen for the answer to try them all (so the hint could
        only be a suggestion anyway, never «lost»): a King to remove (removing it never hurts,
        it only frees cards), or the only legal move. None otherwise, and always when every
        card is known or the orders are few (the hint then waits for the answer, which may
        prove the position lost)."""
        if self.answer is not None or not self.unseen:
            return None
        cards = [self.state.layout.stock[i] for i in iter_slots(self.unseen)]
        if _distinct_orders(cards) <= EXHAUSTIVE_ORDERS:
            return None
        moves = rank_moves(self.state)
        king = next((m for m in moves if is_king(self.state, m)), None)
        return king if king is not None or len(moves) != 1 else moves[0]

    def _seed(self, cards: list[Card]) -> str:
        """What the player knows, as text: the position with the unseen places filled in a
        fixed order (the sorted cards), so the seed never depends on their real order."""
        return _with_order(self.state, self.unseen, tuple(cards)).to_text(self.unseen)

    def _proven_lost(self) -> bool:
        """The order-free test: does the stock-need test fail at this very position? It reads
        the real ranks, but only as the set of cards left (see the module docstring)."""
        return lost_at_once(self._base)


def _with_order(state: State, unseen: int, order: tuple[Card, ...]) -> State:
    """``state`` with the unseen places holding ``order`` (in stock order)."""
    stock = list(state.layout.stock)
    for index, card in zip(iter_slots(unseen), order, strict=True):
        stock[index] = card
    layout = Layout(state.layout.pyramid, tuple(stock), state.layout.columns)
    return State(layout, state.rules, state.pyramid, state.stock, state.cursor, state.pass_no, state.columns)


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
