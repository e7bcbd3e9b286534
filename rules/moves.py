"""Moves and their text notation (SPEC §6).

A *place* is where a playable card lies: pyramid slots ``0``–``27`` (``P0``…``P27``),
:data:`STOCK` (``S``, the stock's top card) or :data:`WASTE` (``W``, the waste's top card); a
variant with three waste piles (apophis) names its piles' top cards ``W1`` ``W2`` ``W3``
(:data:`WASTE_PILES`) and has no ``W``; a variant with face-up columns (Giza) names a column's
uncovered card ``C0``…``C7`` (place :func:`column_place`); a variant with a reserve row names its
cards ``X0``…``X6`` (place :func:`reserve_place`); a variant with a free cell names its card ``F``
(:data:`CELL`). Which places a position has is the
variant's business (:meth:`rules.state.State.card_at`); the notation itself is the same for
every variant.
A move is a draw (``D``), a recycle (``R``) or a removal naming one place (a King) or two
places joined by ``+`` (``P21+P27``, ``S+W``, ``W+P12``). Removal places are kept in a
canonical order (pyramid slots ascending, then ``S``, then ``W``) so equal moves compare equal
and print the same way whatever order they were typed in (columns after the piles, then the
reserve).
A *store* puts one card into the empty free cell: the place it leaves, ``>F`` (``P21>F``,
``S>F``, ``W>F``; :func:`Move.store`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.errors import NotationError
from rules.numbers import is_ascii_number, shown
from rules.topology import SLOTS

STOCK = SLOTS
"""Place number of the stock's top card."""
WASTE = SLOTS + 1
"""Place number of the waste's top card."""
WASTE_PILES = (SLOTS + 2, SLOTS + 3, SLOTS + 4)
"""Place numbers of the top cards of waste piles 1, 2 and 3 (``W1`` ``W2`` ``W3``) in a variant
with three waste piles."""
CELL = SLOTS + 7
"""Place number of the free cell's card (``F``) in a variant with a cell."""
FIRST_COLUMN = SLOTS + 8
"""Place number of column ``C0``; the numbers between the waste piles and it are kept for more piles."""
MAX_COLUMNS = 8
"""The most face-up columns a variant may have (Giza's eight)."""
FIRST_RESERVE = FIRST_COLUMN + MAX_COLUMNS
"""Place number of reserve card ``X0``."""
MAX_RESERVE = 7
"""The most reserve places a variant may have (the reserve variant's seven)."""
PLACES = FIRST_RESERVE + MAX_RESERVE


def column_place(column: int) -> int:
    """The place of column ``column``'s uncovered card (``C0`` … ``C7``)."""
    if not 0 <= column < MAX_COLUMNS:
        raise ValueError(f"no such column: {column}")
    return FIRST_COLUMN + column


def column_of(place: int) -> int | None:
    """The column a place names, or None for a pyramid slot or a pile."""
    column = place - FIRST_COLUMN
    return column if 0 <= column < MAX_COLUMNS else None


def reserve_place(index: int) -> int:
    """The place of reserve card ``index`` (``X0`` … ``X6``)."""
    if not 0 <= index < MAX_RESERVE:
        raise ValueError(f"no such reserve place: {index}")
    return FIRST_RESERVE + index


def reserve_of(place: int) -> int | None:
    """The reserve index a place names, or None for any other place."""
    index = place - FIRST_RESERVE
    return index if 0 <= index < MAX_RESERVE else None


def place_name(place: int) -> str:
    if 0 <= place < SLOTS:
        return f"P{place}"
    if place == STOCK:
        return "S"
    if place == WASTE:
        return "W"
    if place in WASTE_PILES:
        return f"W{WASTE_PILES.index(place) + 1}"
    if place == CELL:
        return "F"
    column = column_of(place)
    if column is not None:
        return f"C{column}"
    reserve = reserve_of(place)
    if reserve is not None:
        return f"X{reserve}"
    raise ValueError(f"no such place: {place}")


def parse_place(token: str) -> int:
    text = token.strip().upper()
    if text == "S":
        return STOCK
    if text == "W":
        return WASTE
    if text in ("W1", "W2", "W3"):
        return WASTE_PILES[int(text[1]) - 1]
    if text == "F":
        return CELL
    number = text[1:].lstrip("0") or "0"
    if is_ascii_number(text[1:]) and len(number) <= _PLACE_DIGITS:  # never int() of 4,300 digits
        if text[0] == "P" and int(number) < SLOTS:
            return int(number)
        if text[0] == "C" and int(number) < MAX_COLUMNS:
            return column_place(int(number))
        if text[0] == "X" and int(number) < MAX_RESERVE:
            return reserve_place(int(number))
    raise NotationError(
        f"{shown(token)} is not a place (P0…P{SLOTS - 1}, S, W, W1…W3, a column C0…C{MAX_COLUMNS - 1},"
        f" a reserve card X0…X{MAX_RESERVE - 1} or F)"
    )


_PLACE_DIGITS = 2
"""Digits of the largest place number (P27)."""


class Kind(enum.Enum):
    DRAW = "D"
    RECYCLE = "R"
    REMOVE = "+"
    STORE = ">"


@dataclass(frozen=True, slots=True)
class Move:
    """One action. For removals ``places`` holds one or two places in canonical order; for a
    store, the one place the card leaves for the cell."""

    kind: Kind
    places: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind is Kind.REMOVE:
            if not 1 <= len(self.places) <= 2 or any(not 0 <= p < PLACES for p in self.places):
                raise ValueError(f"a removal names one or two places, not {self.places!r}")
            if len(self.places) == 2 and self.places[0] >= self.places[1]:
                raise ValueError("removal places must be distinct and in order; use Move.remove()")
        elif self.kind is Kind.STORE:
            if len(self.places) != 1 or not 0 <= self.places[0] < PLACES or self.places[0] == CELL:
                raise ValueError(f"a store names one place other than the cell, not {self.places!r}")
        elif self.places:
            raise ValueError(f"{self.kind.name} takes no places")

    @staticmethod
    def remove(*places: int) -> Move:
        """A removal of the cards at ``places`` (any order)."""
        if len(set(places)) != len(places):
            raise NotationError(f"a removal names each card once, not {'+'.join(map(place_name, places))}")
        return Move(Kind.REMOVE, tuple(sorted(places)))

    @staticmethod
    def store(place: int) -> Move:
        """The card at ``place`` put into the free cell."""
        if place == CELL:
            raise NotationError("the cell's card cannot go into the cell (F>F)")
        return Move(Kind.STORE, (place,))

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``D``, ``R``, ``P5``, ``P21+P27``, ``S+W``, ``W+P12``, ``P3+C5``, ``X2+P21``, ``P21>F``
        (case-insensitive)."""
        token = text.strip()
        if token.upper() == "D":
            return DRAW
        if token.upper() == "R":
            return RECYCLE
        source, arrow, target = token.partition(">")
        if arrow:
            if target.strip().upper() != "F" or "+" in source:
                raise NotationError(f"{shown(text)} is not a move: only the cell F takes a card (P21>F)")
            return Move.store(parse_place(source))
        parts = token.split("+")
        if not token or len(parts) > 2:
            raise NotationError(f"{shown(text)} is not a move (D, R, a King like P5, or a pair like P21+P27)")
        return Move.remove(*(parse_place(part) for part in parts))

    @property
    def is_removal(self) -> bool:
        return self.kind is Kind.REMOVE

    @property
    def is_store(self) -> bool:
        return self.kind is Kind.STORE

    def __str__(self) -> str:
        if self.kind is Kind.STORE:
            return f"{place_name(self.places[0])}>F"
        if self.kind is Kind.REMOVE:
            return "+".join(place_name(p) for p in self.places)
        return "D" if self.kind is Kind.DRAW else "R"


DRAW = Move(Kind.DRAW)
RECYCLE = Move(Kind.RECYCLE)


def parse_moves(text: str) -> list[Move]:
    """Read a whitespace-separated line of moves; the error names the bad token and its place."""
    moves = []
    for number, token in enumerate(text.split(), start=1):
        try:
            moves.append(Move.parse(token))
        except NotationError as error:
            raise NotationError(f"move {number}: {error}") from None
    return moves
