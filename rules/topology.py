"""The shape of the pyramid as lookup tables, built once at import.

Slots are numbered row-major from the apex: row 0 holds slot 0, row 1 slots 1–2, …, row 6
(the base) slots 21–27. Slot ``(r, c)`` is covered by ``(r+1, c)`` and ``(r+1, c+1)``.
Sets of slots are ``int`` bitmasks (bit ``i`` = slot ``i``). Pixel positions are not here:
they belong to ``game/render``.
"""

from __future__ import annotations

ROWS = 7
SLOTS = ROWS * (ROWS + 1) // 2
ALL_SLOTS = (1 << SLOTS) - 1


def slot_of(row: int, col: int) -> int:
    """Slot number of row ``row`` (0 = apex), column ``col`` (0 … row)."""
    if not 0 <= col <= row < ROWS:
        raise ValueError(f"no slot at row {row}, column {col}")
    return row * (row + 1) // 2 + col


def _row_col(slot: int) -> tuple[int, int]:
    row = 0
    while slot_of(row, row) < slot:
        row += 1
    return row, slot - slot_of(row, 0)


ROW: tuple[int, ...] = tuple(_row_col(s)[0] for s in range(SLOTS))
COL: tuple[int, ...] = tuple(_row_col(s)[1] for s in range(SLOTS))


def _covered_by(slot: int) -> int:
    row, col = ROW[slot], COL[slot]
    if row == ROWS - 1:
        return 0
    return (1 << slot_of(row + 1, col)) | (1 << slot_of(row + 1, col + 1))


COVERED_BY: tuple[int, ...] = tuple(_covered_by(s) for s in range(SLOTS))
"""``COVERED_BY[s]``: the (at most two) slots lying directly on slot ``s``."""


def _cone(slot: int) -> int:
    cone = 0
    frontier = COVERED_BY[slot]
    while frontier:
        cone |= frontier
        nxt = 0
        for s in iter_slots(frontier):
            nxt |= COVERED_BY[s]
        frontier = nxt & ~cone
    return cone


def iter_slots(mask: int) -> list[int]:
    """The slot numbers in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


CONE: tuple[int, ...] = tuple(_cone(s) for s in range(SLOTS))
"""``CONE[s]``: every slot that must be gone before slot ``s`` is uncovered (transitively)."""

BASE_ROW = sum(1 << s for s in range(SLOTS) if ROW[s] == ROWS - 1)


def uncovered(present: int) -> int:
    """The slots of ``present`` that nothing present lies on."""
    free = 0
    for s in iter_slots(present):
        if not COVERED_BY[s] & present:
            free |= 1 << s
    return free


def comparable(a: int, b: int) -> bool:
    """True when one of the two slots lies (transitively) on the other, so both can never be free at once."""
    return bool(CONE[a] >> b & 1 or CONE[b] >> a & 1)
