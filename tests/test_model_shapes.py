"""The solver's model reads the pyramid's shape and the stock's size from the variant: its free
cards and overlap pairs for pyramids of other rows, and its stock lookup tables for stocks of
other sizes (a six-row pyramid leaves 31 cards of the 52 to the stock), against plain counts."""

from __future__ import annotations

import random
from operator import add, or_

import pytest

from rules.topology import iter_slots, shape
from rules.variant import GIZA, PYRAMID, SPANISH
from solver.model import free_slots, half_covered, stock_tables


def closed_pyramids(rows: int, rng: random.Random, count: int) -> list[int]:
    """Pyramids as play leaves them (no card lying on an empty slot), each a random removal
    order's prefix: cards go only once nothing lies on them."""
    topology = shape(rows)
    found = []
    for _ in range(count):
        pyr = topology.all_slots
        for _ in range(rng.randint(0, topology.slots)):
            pyr &= ~(1 << rng.choice(iter_slots(topology.uncovered(pyr))))
        found.append(pyr)
    return found


@pytest.mark.parametrize("rows", [4, 6, 7, 8])
def test_free_cards_and_overlap_pairs_follow_the_rows(rows: int) -> None:
    topology = shape(rows)
    rng = random.Random(rows)
    pairs = 0
    for pyr in closed_pyramids(rows, rng, 300):
        free = free_slots(topology, pyr)
        assert free == sum(1 << s for s in iter_slots(pyr) if not topology.covered_by[s] & pyr)
        expected = [
            (slot, cover)
            for slot in iter_slots(pyr)
            for cover in iter_slots(topology.covered_by[slot] & pyr)
            if (topology.covered_by[slot] & pyr).bit_count() == 1 and free >> cover & 1
        ]
        assert half_covered(topology, pyr, free) == expected
        pairs += len(expected)
    assert pairs > 100  # the overlap rule's pairs do come up


@pytest.mark.parametrize("stock", [PYRAMID.stock_size, SPANISH.stock_size, 31, 12])
def test_three_lookups_cover_a_stock_of_any_size(stock: int) -> None:
    assert {PYRAMID.stock_size, SPANISH.stock_size, GIZA.stock_size} == {24, 20, 0}
    rng = random.Random(stock)
    values = [1 << (4 * rng.randint(1, 13)) for _ in range(stock)]
    counts, bits = stock_tables(values, add, stock), stock_tables(values, or_, stock)
    for _ in range(500):
        x = rng.getrandbits(stock)
        assert counts[0][x & 255] + counts[1][x >> 8 & 255] + counts[2][x >> 16] == sum(
            values[i] for i in iter_slots(x)
        )
        assert bits[0][x & 255] | bits[1][x >> 8 & 255] | bits[2][x >> 16] == sum(
            set(values[i] for i in iter_slots(x))
        )
