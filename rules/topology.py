"""The shape of the pyramid as lookup tables, built once per shape and cached.

Slots are numbered row-major from the top: in the usual pyramid row 0 holds slot 0, row 1
slots 1–2, …, row 6 (the base of the 7-row pyramid) slots 21–27, and slot ``(r, c)`` is
covered by ``(r+1, c)`` and ``(r+1, c+1)``. Sets of slots are ``int`` bitmasks (bit ``i`` =
slot ``i``). Pixel positions are not here: they belong to ``game/render``.

A shape is data: a :class:`Form` says how long each row is and which cards lie on a card, and
:func:`shape` builds the tables of a form of any number of rows once (a variant names its rows
and its form). The module-level names (``SLOTS``, ``COVERED_BY``, ``CONE`` …) are the usual
7-row pyramid's tables.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache
from typing import Protocol


class Form(Hashable, Protocol):
    """How cards are laid in rows: the length of each row, and which cards lie on a card (in
    the next row down; a card nothing lies on is free)."""

    @property
    def name(self) -> str:
        """The form's stable name."""

    def row_length(self, row: int, rows: int) -> int:
        """Cards in row ``row`` (0 = the top row) of a shape of ``rows`` rows."""

    def covers(self, row: int, col: int, rows: int) -> tuple[tuple[int, int], ...]:
        """The (row, column) places of the cards lying directly on card (``row``, ``col``)."""


@dataclass(frozen=True, slots=True)
class PyramidForm:
    """The pyramid: row ``r`` holds ``r + 1`` cards, each covered by the two below it."""

    name = "pyramid"

    def row_length(self, row: int, rows: int) -> int:
        del rows  # every row of a pyramid is one card longer than the one above
        return row + 1

    def covers(self, row: int, col: int, rows: int) -> tuple[tuple[int, int], ...]:
        return () if row == rows - 1 else ((row + 1, col), (row + 1, col + 1))


PYRAMID_FORM = PyramidForm()


@dataclass(frozen=True, slots=True)
class TriangleForm:
    """The pyramid upside down (Triangle, SPEC §12): row ``r`` holds ``rows - r`` cards, card
    (``r``, ``c``) covered by the next row's cards at columns ``c - 1`` and ``c`` where they exist."""

    name = "triangle"

    def row_length(self, row: int, rows: int) -> int:
        return rows - row

    def covers(self, row: int, col: int, rows: int) -> tuple[tuple[int, int], ...]:
        below = rows - row - 1
        return tuple((row + 1, c) for c in (col - 1, col) if 0 <= c < below)


TRIANGLE_FORM = TriangleForm()


def iter_slots(mask: int) -> list[int]:
    """The slot numbers in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True, slots=True)
class Shape:
    """The tables of one pyramid shape; get one with :func:`shape`.

    ``covered_by[s]``: the (at most two) slots lying directly on slot ``s``;
    ``cone[s]``: every slot that must be gone before slot ``s`` is uncovered (transitively);
    ``row[s]``, ``col[s]``: where slot ``s`` lies; ``base_row``: the mask of the bottom row;
    ``row_start[r]``: the first slot of row ``r``."""

    rows: int
    slots: int
    all_slots: int
    row: tuple[int, ...]
    col: tuple[int, ...]
    covered_by: tuple[int, ...]
    cone: tuple[int, ...]
    base_row: int
    row_start: tuple[int, ...]

    def slot_of(self, row: int, col: int) -> int:
        """Slot number of row ``row`` (0 = the top row), column ``col`` (from 0)."""
        if not 0 <= row < self.rows or not 0 <= col < self.row_length(row):
            raise ValueError(f"no slot at row {row}, column {col}")
        return self.row_start[row] + col

    def row_length(self, row: int) -> int:
        """Cards in row ``row``."""
        return self.row.count(row)

    def uncovered(self, present: int) -> int:
        """The slots of ``present`` that nothing present lies on."""
        free = 0
        covered_by = self.covered_by
        for s in iter_slots(present):
            if not covered_by[s] & present:
                free |= 1 << s
        return free

    def comparable(self, a: int, b: int) -> bool:
        """True when one of the two slots lies (transitively) on the other, so both can never be
        free at once."""
        return bool(self.cone[a] >> b & 1 or self.cone[b] >> a & 1)


def shape(rows: int, form: Form = PYRAMID_FORM) -> Shape:
    """The tables of ``form`` with ``rows`` rows (the pyramid by default), built on first use
    and kept."""
    return _shape(rows, form)


@cache
def _shape(rows: int, form: Form) -> Shape:
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise ValueError(f"a pyramid has at least one row, not {rows!r}")
    lengths = [form.row_length(r, rows) for r in range(rows)]
    row = tuple(r for r in range(rows) for _ in range(lengths[r]))
    col = tuple(c for r in range(rows) for c in range(lengths[r]))
    starts = tuple(sum(lengths[:r]) for r in range(rows))
    slots = len(row)
    covers = tuple(
        sum(1 << (starts[r] + c) for r, c in form.covers(row[s], col[s], rows)) for s in range(slots)
    )

    def cone(s: int) -> int:
        found = 0
        frontier = covers[s]
        while frontier:
            found |= frontier
            nxt = 0
            for t in iter_slots(frontier):
                nxt |= covers[t]
            frontier = nxt & ~found
        return found

    base = sum(1 << s for s in range(slots) if row[s] == rows - 1)
    cones = tuple(cone(s) for s in range(slots))
    return Shape(rows, slots, (1 << slots) - 1, row, col, covers, cones, base, starts)


ROWS = 7
PYRAMID = shape(ROWS)
"""The usual 7-row, 28-slot pyramid."""
SLOTS = PYRAMID.slots
ALL_SLOTS = PYRAMID.all_slots
ROW: tuple[int, ...] = PYRAMID.row
COL: tuple[int, ...] = PYRAMID.col
COVERED_BY: tuple[int, ...] = PYRAMID.covered_by
"""``COVERED_BY[s]``: the (at most two) slots lying directly on slot ``s``."""
CONE: tuple[int, ...] = PYRAMID.cone
"""``CONE[s]``: every slot that must be gone before slot ``s`` is uncovered (transitively)."""
BASE_ROW = PYRAMID.base_row


def slot_of(row: int, col: int) -> int:
    """Slot number of row ``row`` (0 = apex), column ``col`` (0 … row) in the 7-row pyramid."""
    return PYRAMID.slot_of(row, col)


def uncovered(present: int) -> int:
    """The slots of ``present`` that nothing present lies on (7-row pyramid)."""
    free = 0
    for s in iter_slots(present):
        if not COVERED_BY[s] & present:
            free |= 1 << s
    return free


def comparable(a: int, b: int) -> bool:
    """True when one of the two slots lies (transitively) on the other, so both can never be free at once."""
    return bool(CONE[a] >> b & 1 or CONE[b] >> a & 1)
