"""The solver's compact model of a position: a few integers and per-deal lookup tables.

A search node is a tuple ``(pyr, stk, acc)``:

* ``pyr`` — mask of pyramid slots still present;
* ``stk`` — mask over stock-sequence indices of cards still in the stock or the waste;
* ``acc`` — where the player stands in the stock: ``pass << 5 | cursor``, the cursor being one
  past the waste's top card (0 when the waste is empty), as in :class:`rules.State`.

The search moves from removal to removal. Draws and recycles are not nodes: from access
``(p, c)`` the player can reach, by drawing only, every later cursor of pass ``p``, and every
cursor of a later pass. So a smaller ``acc`` *dominates* a larger one with the same ``pyr`` and
``stk``: everything possible from the larger is possible from the smaller. A removal that uses
stock card ``s`` is made at the earliest access where ``s`` is the stock's or the waste's top card,
which leaves the cursor just past the card before ``s``.

With several waste piles (apophis) the stock is face down and dealt in groups of three: which
stock cards are playable, and where, is worked out by :mod:`solver.piles`; the nodes, the
dominance and the rest of this model are the same.

The deck comes from the rule set's variant: the pair sum (13, or 12 for the Spanish deck) and the
rank that goes alone (the King, or the Rey) are read from it, never assumed. With the Spanish deck
a rank can pair with itself (6 + 6 = 12): such a *twin* rank is matched among its own cards, and
two stock cards of it make one stock pair, found once.

The goal is the variant's: the pyramid cleared, or (strict win) every card gone, which in this
model is ``pyr == 0 and stk == 0`` (:attr:`Problem.goal_shift`).

Kings (the lone rank) never need a partner, and are handled before the search starts:

* a King on the stock or the waste is deleted from the sequence (its place stays: with several
  piles the places decide the piles). Sound: a King there only hides the cards beneath it;
  when a line of the game without it draws past its place, the real game removes the King
  the moment it is the stock's or a waste pile's top card, and the two lines agree again.
  Under strict win the line ends by drawing through the stock and removing the Kings left there:
  once every other card is gone, the stock and the waste hold only Kings, and each top can go;
* a free pyramid King is removed at once (see :meth:`Problem.norm`): removing it changes nothing
  but uncovering cards, so any winning line stays winning with the King removed first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import repeat
from operator import add, or_
from typing import TYPE_CHECKING

from rules.piles import normal_cursor, residue_mask
from rules.state import State
from rules.topology import Shape as Topology
from rules.topology import iter_slots
from rules.variant import Variant

if TYPE_CHECKING:
    from solver.models import StockModelKind
    from solver.piles import PileTables

ACC_SHIFT = 5
CURSOR_MASK = (1 << ACC_SHIFT) - 1
ANY_ACCESS = 1 << ACC_SHIFT
"""Every node's access with unlimited passes (pass 1, cursor 0; see :attr:`Problem.unlimited`)."""

Node = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Shape:
    """What one set of remaining pyramid cards allows, independent of the stock.

    * ``pairs`` — the pyramid after each pyramid-only removal possible now (two free cards
      summing to the pair sum, or a half-covered card with the card lying on it under the overlap rule);
    * ``singles`` — for each free card: the rank its stock partner must have, and the pyramid
      after it goes;
    * ``needs`` — ``(q, n)``: at least ``n`` stock cards of rank ``q`` must still be reachable,
      because ``n`` pyramid cards of rank ``pair_sum − q`` cannot all be matched with pyramid partners
      (see :meth:`Problem._stock_needs`);
    * ``partnerless`` — bit ``q`` set when no pyramid card of rank ``pair_sum − q`` is left, so a stock card
      of rank ``q`` can only pair with another stock card;
    * ``pyr`` — the pyramid mask itself.
    """

    index: int
    pairs: tuple[int, ...]
    singles: tuple[tuple[int, int], ...]
    needs: tuple[tuple[int, int], ...]
    partnerless: int
    pyr: int
    need_counts: int = 0
    """:attr:`needs` packed as a front element is (``n << 4 * q``), to be met by a stock's
    counts (:attr:`Problem.counts_by_byte`) in one comparison."""


class Problem:
    """One position under one rule set, as the tables the search reads.

    ``shape(pyr)`` builds each pyramid :class:`Shape` once and caches it; a deal reaches at most
    1430 pyramid shapes (the order ideals of the seven-row triangle).
    """

    def __init__(self, state: State, blank: int = 0, like: Problem | None = None, unseen: int = 0) -> None:
        """``like``: a problem with the same pyramid cards and rules (another order of the
        stock), whose pyramid shapes (which never read the stock) this one shares. ``unseen``:
        stock places whose card the player has never seen (see :attr:`unseen`)."""
        layout = state.layout
        variant = state.rules.variant
        self._init_layout(variant, len(layout.stock))
        self.state = state
        self.passes = state.rules.passes
        self.unlimited = state.rules.unlimited
        """Unlimited passes: the pass count is no resource. From any access, draws and recycles
        alone reach every position of the same stock and waste cards (draw to the end, recycle,
        draw) and come back, so all accesses of ``(pyr, stk)`` are one: every node has
        :data:`ANY_ACCESS`, and the visited set keyed by ``(pyr, stk)`` covers the whole cycle.
        The generators read it as cursor 0 of a pass before the last (:attr:`passes` is never
        reached): every stock card ahead, every pair of neighbours playable."""
        self.overlap = state.rules.overlap
        deck = state.rules.deck
        self.pair_sum = deck.pair_sum
        self.lone = deck.lone_rank
        self.top_rank = deck.top_rank
        self.paired_ranks = tuple(r for r in range(1, deck.top_rank + 1) if deck.partner_rank(r))
        """Ranks that leave in pairs (every rank but the lone one)."""
        self.goal_shift = 0 if variant.win_all else self.stock_bits
        """A node is won when ``key >> goal_shift == 0``: the pyramid is empty (and, for
        strict win, the stock and the waste too)."""
        # waste piles: 1, or several (apophis), whose moves solver.piles generates; per stock
        # index, the stock indices that go onto the same waste pile
        self.piles, self.residue_of = _residue_masks(variant.waste_piles, self.stock_bits)
        self.unseen = unseen
        """Stock places whose card is not known to lie there (the set of their cards is known,
        not their order): :meth:`stranded` takes a card there for one that may land on any
        pile, so a loss it proves holds for every order of those cards (issue 23.4)."""
        self._init_stock_caches()
        self.prank: tuple[int, ...] = tuple(card.rank if card else 0 for card in layout.pyramid)
        self.srank: tuple[int, ...] = tuple(
            0 if blank >> index & 1 else card.rank for index, card in enumerate(layout.stock)
        )
        """Stock ranks; 0 for a *blank*: a card the search may not look at (see
        :mod:`solver.analysis`), which pairs with nothing and only takes up its place."""
        self.rank_stock: tuple[int, ...] = _by_rank(self.srank, self.top_rank, blanks=True)
        self.rank_pyr: tuple[int, ...] = _by_rank(self.prank, self.top_rank, blanks=False)
        rank_stock, rank_pyr = self.rank_stock, self.rank_pyr
        self.stock_complements: tuple[int, ...] = tuple(
            rank_stock[deck.partner_rank(r)] & ~(1 << index) if r and deck.partner_rank(r) else 0
            for index, r in enumerate(self.srank)
        )
        """Per stock index, the mask of the other stock cards that pair with it."""
        lows = [r for r in self.paired_ranks if 2 * r <= self.pair_sum]
        self.low_stock = sum(rank_stock[r] for r in lows)
        """Stock cards of the low rank of each pair (A–6; 1–6 in the Spanish deck): every stock
        pair has one of them, or two when the rank pairs with itself (6 + 6)."""
        twins = sum(rank_stock[r] for r in lows if 2 * r == self.pair_sum)
        self.complements_before: tuple[int, ...] = tuple(c & ~twins for c in self.stock_complements)
        """:attr:`stock_complements` without a twin rank's cards: a low card looks for a partner
        before it only among high cards, so a pair of twins is found once, from its first card."""
        self.counts_by_byte: tuple[tuple[int, ...], ...] = ()
        """Per byte of a stock mask and its value: those cards counted by paired rank, packed as
        :attr:`Shape.need_counts`; made on first use (:meth:`count_tables`)."""
        self.partners_by_byte: tuple[tuple[int, ...], ...] = ()
        """Per byte of a stock mask and its value: bit ``q`` set for each rank ``q`` whose partner
        rank one of those cards has (:meth:`stranded`'s test, three lookups per mask); made on
        first use (:meth:`_partner_tables`)."""
        self.crossing = variant.win_all and self.kind.neighbour_pairs and not unseen and self.passes > 1
        """Nodes are tested for crossed closed pairs (:meth:`crossed`): strict win, a stock kind
        whose stock pairs are neighbours in a fixed order (one waste pile), every stock card's
        place known, more than one pass (sound on one pass too, where
        it cost more than it saved: bench/RESULTS.md#crossed-closed-pairs)."""
        self._closed_stock: dict[int, int] = {}
        self._crossed: dict[int, bool] = {}
        self.king_slots = tuple(iter_slots(rank_pyr[self.lone]))
        self.king_mask = rank_pyr[self.lone]
        self.closed = _is_closed(self.topology, state.pyramid)
        """Every card of the start lies on present cards only, as in any dealt game. Then the
        search only meets such pyramids, and which pairs of slots can ever leave together does
        not depend on the rest of the pyramid, so it is tabled once (:attr:`partners_of`)."""
        self._init_fronts(like)
        self._init_shapes(like)
        self.start = self._start_node(state)

    def _init_layout(self, variant: Variant, stock: int) -> None:
        """The variant's pyramid shape and the width of a node's stock mask."""
        self.stock_bits = variant.stock_size
        """``key = pyr << stock_bits | stk`` packs a node's cards in one int: the variant's
        stock (24 cards with the 52-card deck and seven rows, 20 with the Spanish deck)."""
        if stock > self.stock_bits:
            raise ValueError(f"a stock of {stock} cards does not fit a node's {self.stock_bits} bits")
        self.topology: Topology = variant.shape
        """The pyramid's shape (:func:`rules.topology.shape` of the variant's rows)."""
        self.cone = self.topology.cone
        self.covered_by = self.topology.covered_by
        self._structures = _STRUCTURES.setdefault(self.topology, {})

    def _init_stock_caches(self) -> None:
        """The move generators' tables of the stock's pairs, filled as they are asked for."""
        self.pile_pairs_of: dict[int, tuple[tuple[int, int, int], ...]] = {}
        """Several piles: per stock mask, its stock pairs (:func:`solver.piles.pile_pairs`)."""
        self.stock_pairs_of: dict[int, tuple[tuple[int, int, int], ...]] = {}
        """One pile: per stock mask, its stock pair removals
        (:func:`solver.movegen.stock_pair_removals`)."""
        self.last_pass_pairs_of: dict[int, tuple[tuple[int, int], ...]] = {}
        """One pile, the last pass: per set of playable stock cards, the stock pairs among them
        (:func:`solver.movegen.last_pass_pairs`)."""
        self.pile_tables: PileTables | None = None
        """Several piles: :mod:`solver.piles`' tables of this stock, made on first use."""
        self.ranks_by_byte: tuple[tuple[int, ...], ...] = ()
        """Per byte of a stock mask and its value: bit ``q`` set for each paired rank ``q`` one
        of those cards has; made on first use (:meth:`rank_tables`)."""

    def _init_shapes(self, like: Problem | None) -> None:
        """The pyramid tables (which never read the stock): shared with ``like`` when it has the
        same pyramid cards and rules."""
        deck, rank_pyr = self.state.rules.deck, self.rank_pyr
        if like is not None and like.prank == self.prank and like.overlap == self.overlap:
            self.partners_of: tuple[int, ...] = like.partners_of
            self.shapes: dict[int, Shape] = like.shapes
            self.shape_list: list[Shape] = like.shape_list
            self.pair_needs: dict[int, tuple[int, int]] = like.pair_needs
        else:
            self.partners_of = tuple(
                sum(
                    1 << b
                    for b in iter_slots(rank_pyr[deck.partner_rank(self.prank[a])])
                    if b != a and self.compatible(self.cone, a, b)
                )
                if self.prank[a] and deck.partner_rank(self.prank[a])
                else 0
                for a in range(self.topology.slots)
            )
            self.shapes = {}
            self.shape_list = []
            self.pair_needs = {}
            """For a closed pyramid: the stock partners each side of a rank pair (r, pair_sum − r)
            needs, keyed by the cards of that pair still present (see :meth:`_stock_needs`)."""

    def _init_fronts(self, like: Problem | None) -> None:
        """The stock fronts' tables (see :meth:`front`); shared with ``like`` when it has the
        same pyramid, rules and stock cards."""
        self.fronts_apply = self.closed and (self.kind.fronts or self.unlimited)
        """Stock fronts (:meth:`front`) may be used: a dealt game (a closed pyramid, at most 1430
        shapes below it) with one waste pile, or with any stock kind on unlimited passes. The
        front's argument never reads the stock's order nor how it is dealt (the relaxed game
        may play any stock card at any time), so the test is sound for every kind; with several
        piles only the numpy engine reads it, and it pays there only where lost deals are long,
        on unlimited passes (bench/RESULTS.md#fronts_after: deal 19707 of apophis, 665 ms to 25)."""
        self.use_fronts = False
        """Test nodes by their pyramid's stock front instead of its stock needs. Off at first:
        the fronts of every pyramid below the start cost a few milliseconds, more than most
        searches take; a search turns them on (:meth:`start_fronts`) once it is not easy."""
        self.front_cap = sum(self.rank_stock[q].bit_count() << (FIELD * q) for q in self.paired_ranks)
        """Per paired rank, the stock cards of it the deal has (4-bit fields, as in a front; a
        deck has at most four cards of a rank, so every field stays below 8)."""
        self.front_lists: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}
        self.fronts: dict[int, tuple[int, ...]] = {0: (0,)}
        """Per pyramid mask, its stock front (:meth:`front`), filled as fronts are asked for."""
        if (
            like is not None
            and like.prank == self.prank
            and like.overlap == self.overlap
            and like.front_cap == self.front_cap
        ):
            self.fronts = like.fronts

    @cached_property
    def kind(self) -> StockModelKind:
        """The variant's stock kind in the registry (:mod:`solver.models`): its move generators."""
        from solver.models import stock_model_kind  # noqa: PLC0415 - the registry sits above its models

        return stock_model_kind(self.state.rules.variant)

    @property
    def win_all(self) -> bool:
        """Strict win: every card must go (see :attr:`goal_shift`)."""
        return self.goal_shift == 0

    def _start_node(self, state: State) -> Node:
        stk = state.stock & ~self.rank_stock[self.lone]
        cursor = normal_cursor(stk, state.cursor, self.piles)
        if self.unlimited:
            return self.norm(state.pyramid), stk, ANY_ACCESS
        return self.norm(state.pyramid), stk, state.pass_no << ACC_SHIFT | cursor

    def norm(self, pyr: int) -> int:
        """``pyr`` with every free King removed, repeatedly (removing one may free another)."""
        if not pyr & self.king_mask:
            return pyr
        covered_by = self.covered_by
        while True:
            free_kings = 0
            for slot in self.king_slots:
                if pyr >> slot & 1 and not covered_by[slot] & pyr:
                    free_kings |= 1 << slot
            if not free_kings:
                return pyr
            pyr &= ~free_kings

    def compatible(self, cones: Sequence[int] | dict[int, int], a: int, b: int) -> bool:
        """Can pyramid slots ``a`` and ``b`` ever be removed together? Not when one lies
        (through present cards) on the other, except a card with the card directly on it under
        the overlap rule."""
        if not (cones[a] >> b & 1 or cones[b] >> a & 1):
            return True
        return self.overlap and bool(self.covered_by[a] >> b & 1 or self.covered_by[b] >> a & 1)

    def shape(self, pyr: int) -> Shape:
        found = self.shapes.get(pyr)
        if found is None:
            found = self._build_shape(pyr)
            self.shapes[pyr] = found
            self.shape_list.append(found)
        return found

    def _build_shape(self, pyr: int) -> Shape:
        pairs, singles = self._pyramid_removals(pyr)
        partnerless = 0
        rank_pyr, pair_sum = self.rank_pyr, self.pair_sum
        for q in self.paired_ranks:
            if not pyr & rank_pyr[pair_sum - q]:
                partnerless |= 1 << q
        needs = self._stock_needs(pyr)
        packed = sum(count << (FIELD * rank) for rank, count in needs)
        return Shape(len(self.shape_list), pairs, singles, needs, partnerless, pyr, packed)

    def _pyramid_removals(self, pyr: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """:attr:`Shape.pairs` and :attr:`Shape.singles` of ``pyr``."""
        rank = self.prank
        rank_pyr = self.rank_pyr
        norm = self.norm
        pair_sum, lone = self.pair_sum, self.lone
        free_mask, free, half = self._structures.get(pyr) or _structure(self._structures, self.topology, pyr)
        pairs = []
        for a in free:  # pairs of free cards, by the first's slot, then the second's
            above = free_mask & rank_pyr[pair_sum - rank[a]] & ~((2 << a) - 1) if rank[a] != lone else 0
            while above:
                low = above & -above
                above ^= low
                pairs.append(norm(pyr & ~(1 << a) & ~low))
        if self.overlap:
            for slot, cover in half:
                if rank[slot] + rank[cover] == pair_sum:
                    pairs.append(norm(pyr & ~(1 << slot) & ~(1 << cover)))
        singles = tuple((pair_sum - rank[a], norm(pyr & ~(1 << a))) for a in free if rank[a] != lone)
        return tuple(pairs), singles

    def _present_cones(self, pyr: int) -> dict[int, int]:
        """Per present slot, the present cards that must go before it is free. For positions
        reached in play this is ``cone[s] & pyr``; positions typed as text may have gaps."""
        cones: dict[int, int] = {}
        for slot in reversed(iter_slots(pyr)):
            cone = 0
            for cover in iter_slots(self.covered_by[slot] & pyr):
                cone |= 1 << cover | cones[cover]
            cones[slot] = cone
        return cones

    def _stock_needs(self, pyr: int) -> tuple[tuple[int, int], ...]:
        """Per rank, how many stock partners the pyramid cannot do without.

        Every pyramid card of rank r must leave with a card of rank s = pair_sum − r: a compatible
        pyramid card or a stock card (any stock card fits any pyramid card of the right rank). For
        the pyramid cards of rank r, a maximum matching ``m`` into compatible pyramid cards of rank
        s leaves ``|A| − m`` of them needing stock cards of rank s (König–Ore: this is
        the Hall deficiency, and stock cards are universal neighbours). By the Mendelsohn–Dulmage
        theorem, if both sides of a rank pair can be covered separately, one matching covers
        both, so checking each rank on its own is exact for this relaxation; it ignores order
        and is therefore a sound test for a lost position. A twin rank (r = s, 6 + 6 = 12) pairs
        among its own cards: a maximum matching ``m`` of that (small, general) graph leaves
        ``|A| − 2m`` cards needing stock cards of the same rank.
        """
        if self.closed:
            return self._closed_stock_needs(pyr)
        needs = []
        cones = self._present_cones(pyr)
        partners = tuple(
            sum(
                1 << b
                for b in iter_slots(pyr & self.rank_pyr[self.pair_sum - r])
                if b != a and self.compatible(cones, a, b)
            )
            if pyr >> a & 1 and (r := self.prank[a]) and r != self.lone
            else 0
            for a in range(self.topology.slots)
        )
        for r in self.paired_ranks:
            cards = iter_slots(pyr & self.rank_pyr[r])
            if not cards:
                continue
            if 2 * r == self.pair_sum:
                missing = len(cards) - 2 * _max_twin_matching(cards, partners)
            else:
                missing = len(cards) - _max_matching([iter_slots(pyr & partners[a]) for a in cards])
            if missing:
                needs.append((self.pair_sum - r, missing))
        return tuple(needs)

    def _closed_stock_needs(self, pyr: int) -> tuple[tuple[int, int], ...]:
        """:meth:`_stock_needs` for a closed pyramid, where which cards can leave together does
        not depend on the rest of the pyramid: the matching of a rank pair depends only on the
        cards of those two ranks still present, so it is computed once per such set. Both sides
        share one matching (compatibility is symmetric), so ``|A| − m`` and ``|B| − m``."""
        found: list[tuple[int, int]] = []
        rank_pyr = self.rank_pyr
        for low in self.paired_ranks:
            high = self.pair_sum - low
            if high < low:
                break
            key = pyr & (rank_pyr[low] | rank_pyr[high])
            if not key:
                continue
            pair = self.pair_needs.get(key)
            if pair is None:
                lows = iter_slots(key & rank_pyr[low])
                if low == high:  # a twin rank: its cards pair among themselves
                    unmatched = len(lows) - 2 * _max_twin_matching(lows, self.partners_of)
                    pair = self.pair_needs[key] = (unmatched, 0)
                else:
                    highs = key & rank_pyr[high]
                    options = [iter_slots(highs & self.partners_of[a]) for a in lows]
                    matched = _max_matching(options) if lows and highs else 0
                    pair = self.pair_needs[key] = (len(lows) - matched, highs.bit_count() - matched)
            if pair[0]:
                found.append((high, pair[0]))
            if pair[1]:
                found.append((low, pair[1]))
        found.sort(reverse=True)
        return tuple(found)

    def crossed(self, stk: int, partnerless: int) -> bool:
        """Strict win, one waste pile (:attr:`crossing`): the stock and waste cards ``stk`` can
        never all go, because the cards of the *closed* rank pairs cross.

        A rank pair (r, pair_sum − r) is closed when no pyramid card of either rank is left
        (``partnerless``, :attr:`Shape.partnerless`, has both bits; a twin rank, 6 + 6: its own
        bit). Under strict win every card must go, and a stock or waste card of a closed pair
        can only go with another such card of the partner rank: two stock cards leave together
        only as neighbours, nothing left between them (the waste's top and the stock's top; the
        cards' order in the stock never changes, recycles included). Take the closed pairs' cards
        in stock order, leaving out every other card (those may leave with pyramid cards: leaving
        them out only allows more). In a won game their pairs form a non-crossing matching of
        that sequence: were ``a < b < c < d`` paired ``a``–``c`` and ``b``–``d``, ``b`` would
        have to go before ``a``–``c`` could, and ``c`` before ``b``–``d``. A non-crossing perfect
        matching has an innermost pair, next to each other in the sequence; taking it out leaves
        a non-crossing perfect matching of the rest. So the sequence must cancel to nothing by
        taking out neighbouring partners again and again, and such cancelling ends in the same
        sequence whichever neighbours go first (each rank has one partner rank, as a letter and
        its inverse in a free group, or a letter that is its own inverse), so cancelling with a
        stack decides it. When something is left, the position is lost. Kings are not in the
        sequence (:mod:`solver.model` deletes them), blanks and unseen places never
        (:attr:`crossing` is off with unseen places; a blank has rank 0, in no pair)."""
        closed = self._closed_stock.get(partnerless)
        word = stk & (self.closed_stock(partnerless) if closed is None else closed)
        if not word:
            return False
        found = self._crossed.get(word)
        return self.crossed_word(word) if found is None else found

    def closed_stock(self, partnerless: int) -> int:
        """The stock cards of the closed rank pairs of a pyramid whose :attr:`Shape.partnerless`
        is ``partnerless`` (see :meth:`crossed`)."""
        closed = self._closed_stock.get(partnerless)
        if closed is None:
            closed = 0
            for q in self.paired_ranks:
                if partnerless >> q & 1 and partnerless >> (self.pair_sum - q) & 1:
                    closed |= self.rank_stock[q]
            self._closed_stock[partnerless] = closed
        return closed

    def crossed_word(self, word: int) -> bool:
        """:meth:`crossed` of the closed pairs' stock cards ``word``."""
        found = self._crossed.get(word)
        if found is None:
            if len(self._crossed) >= CROSSED_CAP:
                self._crossed.clear()
            found = self._crossed[word] = _cancels_to_something(word, self.srank, self.pair_sum)
        return found

    def start_fronts(self) -> bool:
        """Test nodes by their stock fronts from now on (where they apply); whether they do.
        Either test is sound, so a search may switch at any time and stay exact."""
        self.use_fronts = self.fronts_apply
        return self.use_fronts

    def front(self, pyr: int) -> tuple[int, ...]:
        """The *stock front* of pyramid ``pyr``: the least stock cards, counted by rank, with
        which the pyramid could be cleared were every stock card at hand whenever wanted.

        Each element is a count per rank packed in 4-bit fields (``n << 4 * q``: ``n`` stock cards
        of rank ``q``); none is below another, and the front holds every count that is least
        (an *antichain of minimal counts*). ``()``: no stock at all would do; ``(0,)``: the
        pyramid needs no stock card. Counts above the deal's stock cards of a rank
        (:attr:`front_cap`) are dropped.

        *The relaxed game.* Take the real game and forget the stock's order: any stock card not
        yet used can be played with a free pyramid card at any time, each at most once. Every
        removal of the real game that takes pyramid cards is a move of the relaxed game (two
        free pyramid cards, or a half-covered card with the card on it under the overlap rule:
        :attr:`Shape.pairs`; a free card and a stock card: :attr:`Shape.singles`), and
        removals of stock cards only use up stock. So a line of the real game that clears the
        pyramid from a node using ``u_q`` stock cards of each rank ``q`` is a line of the relaxed
        game with those counts, and ``u`` is at least some element of the front. Hence a node
        whose reachable stock (:meth:`reachable_stock`: the stock cards it may still use) has
        fewer cards than every element of the front asks for, in some rank, cannot be won: a
        sound test for a lost position. It implies the stock-need test (every element of the
        front gives every rank at least :attr:`Shape.needs`, since each relaxed line is a
        matching of the kind :meth:`_stock_needs` counts), and is stronger: it sees the order
        in which pyramid cards of *different* ranks must go (a card whose only partners lie
        beneath cards that can only leave after it).

        *How it is computed.* Clearing ``pyr`` means a first removal and then clearing what it
        leaves, so the front of ``pyr`` is the minimal elements of the fronts of the pyramids
        after each pyramid pair, and of those after each single plus one card of the single's
        rank; the empty pyramid needs nothing. Each pyramid is computed once (a dealt game has at
        most 1430); the recursion is at most 28 deep.
        """
        found = self.fronts.get(pyr)
        return self._front(pyr) if found is None else found

    def front_steps(self, pyr: int) -> Iterator[None]:
        """:meth:`front` of ``pyr`` a pyramid at a time, pausing after each, so a search can
        spread the fronts of every pyramid below its start (a few milliseconds, up to ~20 on a
        busy machine) over its steps: the pyramids below are done first, from a stack."""
        fronts = self.fronts
        cap = self.front_cap
        stack = [pyr]
        while stack:
            top = stack[-1]
            if top in fronts:
                stack.pop()
                continue
            pairs, singles = self._pyramid_removals(top)
            onward = [*pairs, *(after for rank, after in singles if cap >> (FIELD * rank) & FIELD_MAX)]
            missing = [after for after in onward if after not in fronts]
            if missing:
                stack.extend(missing)
                continue
            self._front(top)  # every pyramid it leads to is done: no recursion
            stack.pop()
            yield

    def _front(self, pyr: int) -> tuple[int, ...]:
        """:meth:`front` of a pyramid not met yet: the removals of :meth:`_pyramid_removals`,
        written out here (this runs for every pyramid below the start, ~6 µs each)."""
        fronts = self.fronts
        rank, rank_pyr, pair_sum, lone = self.prank, self.rank_pyr, self.pair_sum, self.lone
        kings, norm = self.king_mask, self.norm
        cap, tops = self.front_cap, FIELD_TOPS
        free_mask, free, half = self._structures.get(pyr) or _structure(self._structures, self.topology, pyr)
        candidates: set[int] = set()
        for a in free:
            if rank[a] == lone:
                continue
            need = pair_sum - rank[a]
            without = pyr & ~(1 << a)
            above = free_mask & rank_pyr[need] & ~((2 << a) - 1)
            while above:  # pairs of free cards, each found from its first card
                low = above & -above
                above ^= low
                after = without & ~low
                if after & kings:
                    after = norm(after)
                found = fronts.get(after)
                candidates.update(self._front(after) if found is None else found)
            shift = FIELD * need
            if cap >> shift & FIELD_MAX:  # the free card with a stock card
                after = norm(without) if without & kings else without
                found = fronts.get(after)
                unit = 1 << shift
                for counts in self._front(after) if found is None else found:
                    more = counts + unit
                    if ((cap | tops) - more) & tops == tops:  # within the deal's stock, rank by rank
                        candidates.add(more)
        if self.overlap:
            for slot, cover in half:
                if rank[slot] + rank[cover] == pair_sum:
                    after = norm(pyr & ~(1 << slot) & ~(1 << cover))
                    found = fronts.get(after)
                    candidates.update(self._front(after) if found is None else found)
        found = fronts[pyr] = _least(candidates) if len(candidates) > 1 else tuple(candidates)
        return found

    def front_needs(self, pyr: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """:meth:`front` unpacked: per element, its ``(rank, count)`` pairs."""
        found = self.front_lists.get(pyr)
        if found is None:
            found = self.front_lists[pyr] = tuple(
                tuple((q, n) for q in self.paired_ranks if (n := counts >> (FIELD * q) & FIELD_MAX))
                for counts in self.front(pyr)
            )
        return found

    def reachable_stock(self, shape: Shape, stk: int, acc: int) -> int:
        """Stock cards that may still be used. On the last pass a waste card with no partner
        left anywhere (pyramid or the stock part) can never leave (:meth:`stranded`), so the
        waste cards beneath it are out of reach for good (the stock kind's ``reach``: all of
        them with one waste pile, those on its own pile with several); on earlier passes every
        card comes round again."""
        cursor = acc & CURSOR_MASK
        if acc >> ACC_SHIFT < self.passes or not cursor:
            return stk
        kind = self.kind  # (stranded, written out: one call fewer on the last pass's every node)
        stuck = kind.stranded(self, stk, stk & ((1 << cursor) - 1), shape.partnerless)
        return kind.reach(self, stk, stuck) if stuck else stk

    def stranded(self, shape: Shape, stk: int, acc: int) -> int:
        """The waste cards that can never leave: on the last pass, those of a rank whose
        partners are all gone from the pyramid and from the stock part, as the stock kind
        tells (:func:`one_waste_stranded`, :func:`piles_stranded`); 0 on earlier passes, when
        every card comes round again. Under strict win such a card loses the game."""
        cursor = acc & CURSOR_MASK
        if acc >> ACC_SHIFT < self.passes or not cursor:
            return 0
        return self.kind.stranded(self, stk, stk & ((1 << cursor) - 1), shape.partnerless)

    def count_tables(self) -> tuple[tuple[int, ...], ...]:
        """:attr:`counts_by_byte`, made now."""
        self.counts_by_byte = self._stock_tables(lambda rank: 1 << (FIELD * rank), add)
        return self.counts_by_byte

    def _stock_tables(
        self, value_of: Callable[[int], int], join: Callable[[int, int], int]
    ) -> tuple[tuple[int, ...], ...]:
        """:func:`stock_tables` of ``value_of(rank)`` for the paired cards of the stock."""
        paired = frozenset(self.paired_ranks)
        return stock_tables(
            [value_of(rank) if rank in paired else 0 for rank in self.srank], join, self.stock_bits
        )

    def rank_tables(self) -> tuple[tuple[int, ...], ...]:
        """:attr:`ranks_by_byte`, made now."""
        self.ranks_by_byte = self._stock_tables(lambda rank: 1 << rank, or_)
        return self.ranks_by_byte

    def _partner_tables(self) -> tuple[tuple[int, ...], ...]:
        pair_sum = self.pair_sum
        self.partners_by_byte = self._stock_tables(lambda rank: 1 << (pair_sum - rank), or_)
        return self.partners_by_byte


def one_waste_stranded(problem: Problem, stk: int, waste: int, lonely: int) -> int:
    """:meth:`Problem.stranded` with one waste pile: the ``waste`` cards of the ``lonely`` ranks
    (no partner left in the pyramid) that have no partner ahead in the stock either."""
    ahead = stk & ~waste
    bytes_ = problem.partners_by_byte or problem._partner_tables()
    lonely &= ~(bytes_[0][ahead & 255] | bytes_[1][ahead >> 8 & 255] | bytes_[2][ahead >> 16])
    stuck = 0
    while lonely:  # the ranks with no partner ahead either
        low = lonely & -lonely
        lonely ^= low
        stuck |= waste & problem.rank_stock[low.bit_length() - 1]
    return stuck


def piles_stranded(problem: Problem, stk: int, waste: int, lonely: int) -> int:
    """:meth:`Problem.stranded` with several waste piles (:mod:`solver.piles`): a waste card may
    pair with the top card of another pile, or with a stock card that lands on another pile, but
    never with a card of its own pile (the two are never on top at once): its partners are looked
    for off its own pile, in the waste as well as in the stock; a partner at an
    :attr:`~Problem.unseen` place counts wherever it lies (in another order it lands on another pile)."""
    stuck = 0
    while lonely:
        low = lonely & -lonely
        q = low.bit_length() - 1
        lonely ^= low
        mine = waste & problem.rank_stock[q]
        if not mine:
            continue
        partners = stk & problem.rank_stock[problem.pair_sum - q]
        for pile in range(problem.piles):
            same = problem.residue_of[pile]
            if mine & same and not partners & ~(same & ~problem.unseen):
                stuck |= mine & same
    return stuck


def one_waste_reach(problem: Problem, stk: int, stuck: int) -> int:
    """:meth:`Problem.reachable_stock` with one waste pile: nothing beneath the highest stuck card."""
    return stk & ~((1 << (stuck.bit_length() - 1)) - 1)


def piles_reach(problem: Problem, stk: int, stuck: int) -> int:
    """:meth:`Problem.reachable_stock` with several waste piles: nothing beneath the highest
    stuck card of each pile, on that pile."""
    reach = stk
    for pile in range(problem.piles):
        on_pile = stuck & problem.residue_of[pile]
        if on_pile:
            reach &= ~(problem.residue_of[pile] & ((1 << (on_pile.bit_length() - 1)) - 1))
    return reach


def _cancels_to_something(word: int, srank: Sequence[int], pair_sum: int) -> bool:
    """The stock cards of ``word``, in order, with neighbouring partners cancelled again and
    again (a stack): whether any is left (:meth:`Problem.crossed`)."""
    stack: list[int] = []
    while word:
        low = word & -word
        word ^= low
        rank = srank[low.bit_length() - 1]
        if stack and stack[-1] + rank == pair_sum:
            stack.pop()
        else:
            stack.append(rank)
    return bool(stack)


CROSSED_CAP = 100_000
"""Entries kept of :meth:`Problem.crossed`'s answers per stock word before the table is emptied."""
FIELD = 4
"""Bits per rank in a packed count (:meth:`Problem.front`)."""
FIELD_MAX = (1 << FIELD) - 1
FIELD_TOPS = sum(8 << (FIELD * rank) for rank in range(15))
"""The top bit of each rank's field: ``((a | FIELD_TOPS) - b) & FIELD_TOPS == FIELD_TOPS`` when every
field of ``b`` is at most ``a``'s (fields below 8: no borrows)."""


def _least(counts: set[int]) -> tuple[int, ...]:
    """The elements of ``counts`` (packed as in :meth:`Problem.front`) with no other at or below
    them in every field, in increasing order."""
    tops = FIELD_TOPS
    return tuple(
        sorted(c for c in counts if not any(o != c and ((c | tops) - o) & tops == tops for o in counts))
    )


def stock_tables(
    values: list[int], join: Callable[[int, int], int], stock_bits: int
) -> tuple[tuple[int, ...], ...]:
    """Three lookup tables of a stock mask ``x`` whose places hold ``values``: ``t[0][x & 255]``,
    ``t[1][x >> 8 & 255]`` and ``t[2][x >> 16]`` joined give the values of its set places. The
    last covers every place from 16 on (256 entries for a stock of 24, more for a larger one)."""
    chunks = ((0, 8), (8, 16), (16, max(16, stock_bits)))
    return tuple(_by_byte(values[start:stop], join) for start, stop in chunks)


def free_slots(topology: Topology, pyr: int) -> int:
    """:meth:`rules.topology.Shape.uncovered`: the present slots nothing present lies on."""
    return topology.uncovered(pyr)


def half_covered(topology: Topology, pyr: int, free_mask: int) -> list[tuple[int, int]]:
    """``(slot, cover)`` for each present card with exactly one card on it, which is free (the
    overlap rule's pairs), by slot."""
    found: list[tuple[int, int]] = []
    for slot in iter_slots(pyr):
        on = topology.covered_by[slot] & pyr
        if on and not on & (on - 1) and on & free_mask:
            found.append((slot, on.bit_length() - 1))
    return found


def _by_byte(per_card: list[int], join: Callable[[int, int], int]) -> tuple[int, ...]:
    """For the stock places whose cards give ``per_card`` (eight, or more), per value of their
    bits: the values of the cards whose bits are set, joined (``operator.add`` for packed counts,
    ``operator.or_`` for bits). Built by doubling: the values with card ``i``'s bit set are those
    without it joined to its value (2**15 entries in a few ms for the 15 places past 16 of 31)."""
    width = max(8, len(per_card))
    table = [0]
    for value in per_card + [0] * (width - len(per_card)):
        table += list(map(join, table, repeat(value, len(table))))
    return tuple(table)


def _by_rank(ranks: Sequence[int], top_rank: int, *, blanks: bool) -> tuple[int, ...]:
    """Per rank 0…``top_rank``, the mask of the places holding a card of that rank; rank 0
    (a blank stock card, an empty pyramid slot) only with ``blanks``."""
    masks = [0] * (top_rank + 1)
    for place, rank in enumerate(ranks):
        if rank or blanks:
            masks[rank] |= 1 << place
    return tuple(masks)


def _residue_masks(piles: int, stock_bits: int) -> tuple[int, tuple[int, ...]]:
    """``piles``, and per stock index the stock indices (below ``stock_bits``) on the same
    waste pile."""
    mask = (1 << stock_bits) - 1
    return piles, tuple(residue_mask(i % piles, piles) & mask for i in range(stock_bits))


Structure = tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]
_STRUCTURES: dict[Topology, dict[int, Structure]] = {}
"""Per pyramid shape, per pyramid mask: its free cards (mask and slots) and
:func:`half_covered` pairs. They do not depend on the cards, so every deal shares them: a dealt
game meets at most the order ideals of the triangle (1430 for seven rows; positions typed as
text may add others; a table is emptied past :data:`_STRUCTURE_CAP` entries)."""
_STRUCTURE_CAP = 20_000


def _structure(table: dict[int, Structure], topology: Topology, pyr: int) -> Structure:
    if len(table) >= _STRUCTURE_CAP:
        table.clear()
    free_mask = free_slots(topology, pyr)
    found = table[pyr] = (
        free_mask,
        tuple(iter_slots(free_mask)),
        tuple(half_covered(topology, pyr, free_mask)),
    )
    return found


def _is_closed(topology: Topology, pyr: int) -> bool:
    """No present card lies on an empty slot (true of every position reached in play)."""
    covered_by = topology.covered_by
    return all(
        not covered_by[t] >> s & 1 or pyr >> t & 1 for s in iter_slots(pyr) for t in range(topology.slots)
    )


def _max_twin_matching(cards: list[int], partners: Sequence[int]) -> int:
    """Size of a maximum matching among ``cards`` (slots of one twin rank, at most four), where
    ``partners[a]`` is the mask of slots ``a`` may leave with: by trying every partner of the
    first card, or leaving it out."""
    if len(cards) < 2:
        return 0
    first, rest = cards[0], cards[1:]
    best = _max_twin_matching(rest, partners)
    for other in rest:
        if partners[first] >> other & 1:
            best = max(best, 1 + _max_twin_matching([c for c in rest if c != other], partners))
    return best


def _max_matching(options: list[list[int]]) -> int:
    """Size of a maximum bipartite matching; ``options[i]`` lists the right vertices of left ``i``."""
    owner: dict[int, int] = {}

    def augment(left: int, tried: set[int]) -> bool:
        for right in options[left]:
            if right in tried:
                continue
            tried.add(right)
            if right not in owner or augment(owner[right], tried):
                owner[right] = left
                return True
        return False

    return sum(1 for left in range(len(options)) if augment(left, set()))
