"""What may be played, why a move is refused, and what a move does (SPEC §1–§2).

Listing moves (:func:`legal_moves`) and checking one (:func:`check`) are separate: the first
answers "what can this tapped card pair with?", the second says why a given move is refused.
:func:`apply` is pure: it returns a new :class:`State`.
"""

from __future__ import annotations

import enum
from dataclasses import replace

from rules.cards import Card, Deck
from rules.errors import IllegalMoveError
from rules.moves import CELL, DRAW, PLACES, RECYCLE, STOCK, Kind, Move
from rules.state import State
from rules.topology import SLOTS, iter_slots

ALL_PLACES = (1 << PLACES) - 1


class Refusal(enum.Enum):
    """Why a move or a selection is refused. ``value`` is a stable code; ``message`` the
    Spanish line shown to the player (the game translates codes for other languages)."""

    NOT_13 = "not_13"
    COVERED = "covered"
    ONLY_WITH_COVER = "only_with_cover"
    NOTHING_TO_DRAW = "nothing_to_draw"
    STOCK_NOT_EMPTY = "stock_not_empty"
    NO_RECYCLES_LEFT = "no_recycles_left"
    WASTE_EMPTY = "waste_empty"
    NOT_A_KING = "not_a_king"
    NO_CARD = "no_card"
    FACE_DOWN = "face_down"
    GAME_WON = "game_won"
    NO_STOCK = "no_stock"
    NO_SLOT = "no_slot"
    WASTE_TOP_ONLY = "waste_top_only"
    NO_PLACE = "no_place"
    NO_CELL = "no_cell"
    CELL_FULL = "cell_full"
    KING_ALONE = "king_alone"

    @property
    def message(self) -> str:
        return MESSAGES[self]

    def message_for(self, deck: Deck) -> str:
        """:attr:`message` with the deck's pair sum (``esas dos no suman 12`` for the Spanish deck)."""
        if self is Refusal.NOT_13:
            return f"esas dos no suman {deck.pair_sum}"
        return self.message


MESSAGES: dict[Refusal, str] = {
    Refusal.NOT_13: "esas dos no suman 13",
    Refusal.COVERED: "esa carta sigue cubierta",
    Refusal.ONLY_WITH_COVER: "esa carta solo se puede quitar junto con la que tiene encima",
    Refusal.NOTHING_TO_DRAW: "no quedan cartas que dar la vuelta",
    Refusal.STOCK_NOT_EMPTY: "podrás reciclar cuando el mazo esté vacío",
    Refusal.NO_RECYCLES_LEFT: "no quedan reciclajes",
    Refusal.WASTE_EMPTY: "no hay nada en la pila de descarte para reciclar",
    Refusal.NOT_A_KING: "solo un rey se quita sin pareja",
    Refusal.NO_CARD: "ahí no queda ninguna carta",
    Refusal.FACE_DOWN: "la carta del mazo está boca abajo: roba para descubrirla",
    Refusal.GAME_WON: "la pirámide ya está despejada",
    Refusal.NO_STOCK: "aquí no hay mazo: todas las cartas están a la vista",
    Refusal.NO_SLOT: "esta pirámide no tiene esa posición",
    Refusal.WASTE_TOP_ONLY: "en la Tumba solo juega la carta de arriba del descarte",
    Refusal.NO_PLACE: "esta variante no tiene ese sitio",
    Refusal.NO_CELL: "esta variante no tiene celda",
    Refusal.CELL_FULL: "la celda ya tiene una carta: sale solo emparejada",
    Refusal.KING_ALONE: "el Rey no entra en la celda: el Rey se va solo",
}


def overlap_cover(state: State, slot: int) -> int | None:
    """Under the overlap rule, the one card a half-covered slot may pair with.

    Returns the slot of the single remaining card lying on ``slot`` when that card is itself
    uncovered (a Q lying on an A); None when the rule is off or does not apply.
    """
    if not state.rules.overlap or not state.pyramid >> slot & 1:
        return None
    covered_by = state.rules.variant.shape.covered_by
    covers = covered_by[slot] & state.pyramid
    if covers.bit_count() != 1 or covered_by[covers.bit_length() - 1] & state.pyramid:
        return None
    return covers.bit_length() - 1


def playable_places(state: State) -> list[int]:
    """Places whose card may be used now: uncovered pyramid slots, the stock's top card when it
    lies face up, the top card of each waste pile, the uncovered card of each column."""
    kind = state.kind
    return iter_slots(state.uncovered) + [p for p in kind.places() if kind.card_at(state, p) is not None]


def _face_down(state: State, place: int) -> bool:
    """``place`` holds a card the variant keeps face down (the stock's top card)."""
    return state.kind.face_down(state, place)


def _covered(state: State, place: int) -> bool:
    """``place`` is a pyramid slot that a card still lies on."""
    shape = state.rules.variant.shape
    return place < shape.slots and bool(shape.covered_by[place] & state.pyramid)


def _no_slot(state: State, place: int) -> bool:
    """``place`` names a pyramid slot beyond the variant's shape (``P25`` in six rows)."""
    return state.rules.variant.slots <= place < SLOTS


def _no_place(state: State, place: int) -> bool:
    """``place`` is none of the variant's places beside the pyramid (``X3`` without a reserve,
    ``W`` with three waste piles)."""
    return place >= SLOTS and place not in state.kind.places()


def _no_cell(state: State, place: int) -> bool:
    """``place`` is the free cell ``F`` in a variant without one."""
    return place == CELL and CELL not in state.kind.places()


def _refused_place(state: State, place: int) -> Refusal | None:
    """Why ``place`` cannot be named at all in this variant, or None (the cell said by name)."""
    if _no_slot(state, place):
        return Refusal.NO_SLOT
    if _no_cell(state, place):
        return Refusal.NO_CELL
    return Refusal.NO_PLACE if _no_place(state, place) else None


def check_select(state: State, place: int) -> Refusal | None:
    """Why the card at ``place`` cannot be selected (tapped) now, or None if it can."""
    if state.is_won:
        return Refusal.GAME_WON
    refused = _refused_place(state, place)
    if refused is not None:
        return refused
    if _face_down(state, place):
        return Refusal(state.kind.hidden_refusal)
    if state.card_at(place) is None:
        return Refusal.NO_CARD
    if _covered(state, place) and overlap_cover(state, place) is None:
        return Refusal.COVERED
    return None


def _value(state: State, place: int) -> int:
    card = state.card_at(place)
    assert card is not None
    return card.rank


def check(state: State, move: Move) -> Refusal | None:
    """Why ``move`` is refused in ``state``, or None when it is legal.

    Order of checks for a removal: a named card is missing, a card is still covered (the
    overlap rule lets a half-covered card go only with the card lying on it: paired with any
    other card it is refused as :attr:`Refusal.ONLY_WITH_COVER`, not as covered), then the sum.
    """
    if state.is_won:
        return Refusal.GAME_WON
    if move.kind in (Kind.DRAW, Kind.RECYCLE) and not state.rules.variant.has_stock:
        return Refusal.NO_STOCK
    if move.kind is Kind.DRAW:
        return None if state.stock_top_index() is not None else Refusal.NOTHING_TO_DRAW
    if move.kind is Kind.RECYCLE:
        return _check_recycle(state)
    if move.kind is Kind.STORE:
        return _check_store(state, move.places[0])
    places = move.places
    for place in places:
        refused = _refused_place(state, place)
        if refused is not None:
            return refused
    if any(_face_down(state, p) for p in places):
        return Refusal(state.kind.hidden_refusal)
    if any(state.card_at(p) is None for p in places):
        return Refusal.NO_CARD
    for place in places:
        if _covered(state, place):
            partner = [p for p in places if p != place]
            cover = overlap_cover(state, place)
            if partner and cover is not None and cover != partner[0]:
                return Refusal.ONLY_WITH_COVER
            if not partner or cover != partner[0]:
                return Refusal.COVERED
    deck = state.rules.deck
    if len(places) == 1:
        return None if _value(state, places[0]) == deck.lone_rank else Refusal.NOT_A_KING
    if _value(state, places[0]) + _value(state, places[1]) != deck.pair_sum:
        return Refusal.NOT_13
    return None


def _check_store(state: State, place: int) -> Refusal | None:
    """Why the card at ``place`` cannot go into the free cell: no cell, a full cell, then the
    card's own refusal as a tap's (missing, face down, covered: the overlap rule lets a
    half-covered card go only with its cover, never alone), then a King."""
    if CELL not in state.kind.places():
        return Refusal.NO_CELL
    if state.cell is not None:
        return Refusal.CELL_FULL
    refusal = check_select(state, place)
    if refusal is not None:
        return refusal
    if _covered(state, place):
        return Refusal.COVERED
    return Refusal.KING_ALONE if _value(state, place) == state.rules.deck.lone_rank else None


def _check_recycle(state: State) -> Refusal | None:
    if state.pass_no >= state.rules.passes and not state.rules.unlimited:
        return Refusal.NO_RECYCLES_LEFT
    if state.stock_top_index() is not None:
        return Refusal.STOCK_NOT_EMPTY
    if state.waste_top_index() is None:
        return Refusal.WASTE_EMPTY
    return None


def legal_moves(state: State, involving: int = ALL_PLACES) -> list[Move]:
    """Every legal move, in a fixed order (removals by place, then stores into the free cell
    by place, then draw, then recycle).

    ``involving`` is a mask of places (bit ``p`` = place ``p``); only moves that use one of
    them are listed (a draw uses the stock, a recycle the stock and the waste).
    ``legal_moves(s, involving=1 << p)`` gives the partners of a tapped card.
    """
    if state.is_won:
        return []
    cards: list[tuple[int, Card]] = []
    for place in playable_places(state):
        card = state.card_at(place)
        assert card is not None
        cards.append((place, card))
    found: set[Move] = set()
    lone, pair_sum = state.rules.deck.lone_rank, state.rules.deck.pair_sum
    for i, (place, card) in enumerate(cards):
        if card.rank == lone:
            found.add(Move.remove(place))
        for other, other_card in cards[i + 1 :]:
            if card.rank + other_card.rank == pair_sum:
                found.add(Move.remove(place, other))
    if state.rules.overlap:
        for slot in iter_slots(state.pyramid & ~state.uncovered):
            cover = overlap_cover(state, slot)
            if cover is not None and _value(state, slot) + _value(state, cover) == pair_sum:
                found.add(Move.remove(slot, cover))
    moves = sorted((m for m in found if any(involving >> p & 1 for p in m.places)), key=lambda m: m.places)
    if state.cell is None and CELL in state.kind.places():
        moves += [
            Move.store(place)
            for place, card in cards
            if card.rank != lone and involving & (1 << place | 1 << CELL)
        ]
    if involving >> STOCK & 1 and state.stock_top_index() is not None:
        moves.append(DRAW)
    if involving & (1 << STOCK | _waste_bits(state)) and _check_recycle(state) is None:
        moves.append(RECYCLE)
    return moves


def _waste_bits(state: State) -> int:
    return sum(1 << place for place in state.waste_places())


def partners(state: State, place: int) -> list[int]:
    """Places whose card can be removed together with the card at ``place`` right now."""
    return [
        p
        for move in legal_moves(state, involving=1 << place)
        if move.is_removal
        for p in move.places
        if p != place
    ]


def apply(state: State, move: Move) -> State:
    """The state after ``move``. Raises :class:`IllegalMoveError` (with the refusal) if refused."""
    refusal = check(state, move)
    if refusal is not None:
        raise IllegalMoveError(refusal, move)
    return apply_legal(state, move)


def apply_legal(state: State, move: Move) -> State:
    """The state after ``move``, which the caller has just found legal (:func:`check` gave None)."""
    if move.kind is Kind.DRAW:
        return replace(state, cursor=state.drawn_cursor())
    if move.kind is Kind.RECYCLE:
        return replace(state, cursor=0, pass_no=state.pass_no + 1)
    pyramid, stock, columns = state.pyramid, state.stock, state.columns
    for place in move.places:
        if place < state.rules.variant.slots:
            pyramid &= ~(1 << place)
        else:
            stock, columns = state.kind.take(state, place, stock, columns)
    cell = state.card_at(move.places[0]) if move.is_store else None if CELL in move.places else state.cell
    return replace(
        state, pyramid=pyramid, stock=stock, cursor=state.normal_cursor(stock), columns=columns, cell=cell
    )


def is_dead_end(state: State) -> bool:
    """No legal move left and the deal not won: the deal is over unless the player undoes.
    With unlimited passes draws and recycles never run out: over when a cycle removes nothing."""
    if state.is_won:
        return False
    return cycle_removes_nothing(state) if state.rules.unlimited else not legal_moves(state)


def cycle_removes_nothing(state: State) -> bool:
    """No removal (nor store) is legal anywhere on a whole cycle of draws and recycles from ``state``: the
    positions then repeat (the pass count aside), so the deal is proven over (SPEC §12)."""
    seen: set[tuple[int, int]] = set()
    while (state.stock, state.cursor) not in seen:
        seen.add((state.stock, state.cursor))
        moves = legal_moves(state)
        if any(move.kind not in (Kind.DRAW, Kind.RECYCLE) for move in moves) or not moves:
            return not moves
        state = apply_legal(state, moves[-1])  # the draw or the recycle, the only other moves
    return True


def replay(state: State, moves: list[Move]) -> State:
    """Apply a line of moves, raising :class:`IllegalMoveError` at the first refused one."""
    for move in moves:
        state = apply(state, move)
    return state
