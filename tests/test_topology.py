from __future__ import annotations

from rules.topology import (
    ALL_SLOTS,
    BASE_ROW,
    COL,
    CONE,
    COVERED_BY,
    ROW,
    SLOTS,
    comparable,
    iter_slots,
    slot_of,
    uncovered,
)


def test_seven_rows_one_to_seven_cards() -> None:
    assert SLOTS == 28
    assert [ROW.count(r) for r in range(7)] == [1, 2, 3, 4, 5, 6, 7]
    assert [slot_of(r, 0) for r in range(7)] == [0, 1, 3, 6, 10, 15, 21]
    assert all(slot_of(ROW[s], COL[s]) == s for s in range(SLOTS))


def test_each_card_covered_by_the_two_below_it() -> None:
    for s in range(SLOTS):
        r, c = ROW[s], COL[s]
        expected = set() if r == 6 else {slot_of(r + 1, c), slot_of(r + 1, c + 1)}
        assert set(iter_slots(COVERED_BY[s])) == expected
    assert set(iter_slots(COVERED_BY[0])) == {1, 2}
    assert set(iter_slots(COVERED_BY[12])) == {17, 18}


def test_base_row_starts_uncovered_and_only_it() -> None:
    assert uncovered(ALL_SLOTS) == BASE_ROW
    assert iter_slots(BASE_ROW) == list(range(21, 28))


def test_card_uncovered_once_both_covers_gone() -> None:
    present = ALL_SLOTS & ~(1 << 21)
    assert not uncovered(present) >> 15 & 1
    present &= ~(1 << 22)
    assert uncovered(present) >> 15 & 1


def test_cone_of_apex_is_everything_else() -> None:
    assert CONE[0] == ALL_SLOTS & ~1
    assert CONE[21] == 0
    # slot 3 (row 2, col 0) rests on a triangle reaching base slots 21..25
    assert {s for s in iter_slots(CONE[3]) if ROW[s] == 6} == {21, 22, 23, 24, 25}


def test_comparable_slots_can_never_be_free_together() -> None:
    assert comparable(0, 27) and comparable(27, 0)
    assert not comparable(21, 22)
    assert not comparable(3, 5)  # row 2, columns 0 and 2: neither lies on the other
    assert comparable(3, 7)
