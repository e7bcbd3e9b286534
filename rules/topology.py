"""The shape of the pyramid as lookup tables, built once per shape and cached.

Slots are numbered row-major from the apex: row 0 holds slot 0, row 1 slots 1–2, …, row 6
(the base of the usual 7-row pyramid) slots 21–27. Slot ``(r, c)`` is covered by ``(r+1, c)``
and ``(r+1, c+1)``. Sets of slots are ``int`` bitmasks (bit ``i`` = slot ``i``). Pixel
positions are not here: they belong to ``game/render``.

:func:`shape` builds the tables of a pyramid of any number of rows once (a variant names its
rows); the module-level names (``SLOTS``, ``COVERED_BY``, ``CONE`` …) are the 7-row tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


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
    ``row[s]``, ``col[s]``: where slot ``s`` lies; ``base_row``: the mask of the bottom row."""

    rows: int
    slots: int
    all_slots: int
    row: tuple[int, ...]
    col: tuple[int, ...]
    covered_by: tuple[int, ...]
    cone: tuple[int, ...]
    base_row: int

    def slot_of(self, row: int, col: int) -> int:
        """Slot number of row ``row`` (0 = apex), column ``col`` (0 … row)."""
        if not 0 <= col <= row < self.rows:
            raise ValueError(f"no slot at row {row}, column {col}")
        return row * (row + 1) // 2 + col

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


@cache
def shape(rows: int) -> Shape:
    """The tables of a pyramid of ``rows`` rows, built on first use and kept."""
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise ValueError(f"a pyramid has at least one row, not {rows!r}")
    slots = rows * (rows + 1) // 2
    row = tuple(r for r in range(rows) for _ in range(r + 1))
    col = tuple(c for r in range(rows) for c in range(r + 1))

    def covered_by(s: int) -> int:
        r, c = row[s], col[s]
        if r == rows - 1:
            return 0
        first = (r + 1) * (r + 2) // 2 + c
        return (1 << first) | (1 << (first + 1))

    covers = tuple(covered_by(s) for s in range(slots))

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
    return Shape(rows, slots, (1 << slots) - 1, row, col, covers, tuple(cone(s) for s in range(slots)), base)


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
