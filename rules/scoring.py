"""Par scoring (seed 004, «Puntuación»): what a deal scores, and a match of six deals.

A deal scores its *base* minus the cards it leaves: 50, 35 or 20 when the pyramid was cleared
in the first, second or third pass through the stock, 0 when it was not cleared. A match is
:data:`MATCH_DEALS` deals; it is *made* («has hecho el par») when their total is zero or more.

*The cards it leaves* are counted when the deal is over. Once the pyramid is cleared the game
stops (the board is won, SPEC §1), but the stock and the waste may still hold pairs (and
Kings) that the passes left could take; :func:`stock_cleanup` finds the most of them any way
of going on could remove, and they count as removed. So a cleared deal scores exactly what
the best play to the very end would score, and the player is spared a chore with one right
answer. A deal not cleared counts every card still in the pyramid, the stock and the waste.

Par scoring changes no legality: it is a way of counting, chosen in the settings.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import STANDARD_DECK, Deck
from rules.session import Session
from rules.state import State
from rules.stock import waste_kind
from rules.topology import iter_slots

PAR_BASES = (50, 35, 20)
"""The base of a deal whose pyramid was cleared in pass 1, 2, 3 (later passes: 0)."""
MATCH_DEALS = 6


def par_base(cleared_pass: int | None) -> int:
    """The base of a deal cleared in pass ``cleared_pass`` (None: not cleared, base 0)."""
    if cleared_pass is None or not 1 <= cleared_pass <= len(PAR_BASES):
        return 0
    return PAR_BASES[cleared_pass - 1]


@dataclass(frozen=True, slots=True)
class DealScore:
    """What one deal scores: ``points = par_base(cleared_pass) - cards_left``."""

    cleared_pass: int | None
    """The pass in which the pyramid was cleared, or None."""
    cards_left: int
    """Cards not discarded at the end (after the best clean-up of the stock when cleared)."""

    @property
    def base(self) -> int:
        return par_base(self.cleared_pass)

    @property
    def points(self) -> int:
        return self.base - self.cards_left


def stock_cleanup(
    ranks: tuple[int, ...],
    stk: int,
    cursor: int,
    pass_no: int,
    passes: int,
    *,
    deck: Deck = STANDARD_DECK,
    piles: int = 1,
) -> int:
    """The most stock and waste cards that can still be removed with no pyramid left.

    ``ranks`` are the ranks of the stock sequence in draw order; ``stk`` the mask of those still
    in the stock or the waste; ``cursor`` as in :class:`rules.State`; ``pass_no`` of ``passes``;
    ``piles`` the variant's waste piles. Exact: the stock kind searches every way of going on
    (:meth:`rules.stock.kind.StockKind.cleanup`). Pairs make ``deck.pair_sum``; the King is
    ``deck.lone_rank``.
    """
    passes = _passes_needed(passes, pass_no, stk, ranks, deck)
    return waste_kind(piles).cleanup(ranks, stk, cursor, pass_no, passes, deck)


def _passes_needed(passes: int, pass_no: int, stk: int, ranks: tuple[int, ...], deck: Deck) -> int:
    """``passes``, or with unlimited passes as many as any clean-up needs: a whole cycle reaches
    every position of the stock and the waste, so one recycle before each removal at most."""
    kings = sum(1 for index in iter_slots(stk) if ranks[index] == deck.lone_rank)
    return min(passes, pass_no + (stk.bit_count() - kings) // 2 + kings)


def state_cleanup(state: State) -> int:
    """:func:`stock_cleanup` of a position's stock and waste (its pyramid is not looked at)."""
    ranks = tuple(card.rank for card in state.layout.stock)
    rules = state.rules
    passes = _passes_needed(rules.passes, state.pass_no, state.stock, ranks, rules.deck)
    return state.kind.cleanup(ranks, state.stock, state.cursor, state.pass_no, passes, rules.deck)


def cards_on_table(state: State) -> int:
    """Cards still in the pyramid, the stock and the waste."""
    return state.pyramid_left + state.stock.bit_count()


def score_position(state: State, cleared_pass: int | None) -> DealScore:
    """The score of a deal that ends at ``state``: cleared in ``cleared_pass`` (then the
    stock's best clean-up counts as made), or not cleared (every card left counts)."""
    if cleared_pass is not None and state.pyramid == 0:
        return DealScore(cleared_pass, state.stock.bit_count() - state_cleanup(state))
    return DealScore(None, cards_on_table(state))


def cleared_pass(states: list[State]) -> int | None:
    """The pass of the first state of a game's ``states`` (in the order played) with the
    pyramid cleared; None when none is."""
    for state in states:
        if state.pyramid == 0:
            return state.pass_no
    return None


@dataclass(frozen=True, slots=True)
class Match:
    """Up to :data:`MATCH_DEALS` deal scores, in the order played."""

    scores: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.scores) > MATCH_DEALS:
            raise ValueError(f"a match has at most {MATCH_DEALS} deals, not {len(self.scores)}")

    @property
    def total(self) -> int:
        return sum(self.scores)

    @property
    def complete(self) -> bool:
        return len(self.scores) == MATCH_DEALS

    @property
    def made(self) -> bool:
        """Six deals with a total of zero or more: «has hecho el par»."""
        return self.complete and self.total >= 0

    @property
    def next_deal(self) -> int:
        """The number (1–6) of the deal now being played in this match."""
        return len(self.scores) + 1

    def add(self, points: int) -> Match:
        """The match with one more deal scored. A complete match takes no more."""
        if self.complete:
            raise ValueError("the match is complete")
        return Match((*self.scores, points))


def score_session(session: Session) -> DealScore:
    """What the deal of ``session`` scores if it ends as it stands now."""
    return score_position(session.state, cleared_pass([*session.history, session.state]))
