"""The table layout for every window from a 480×800 phone to 1920×1080, both orientations."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.config import INDEX_MIN_RANK_PX, MIN_TAP
from game.play import DECK
from game.render.layout import TableLayout, compute_layout
from rules import STOCK, WASTE
from rules.topology import ALL_SLOTS, COVERED_BY, SLOTS

SIZES = [
    (480, 800),
    (720, 1280),
    (1080, 1920),
    (1280, 720),
    (1920, 1080),
    (800, 600),
    (1024, 768),
    (800, 480),
]
PILES = (DECK, STOCK, WASTE)


def cards(layout: TableLayout) -> list[pygame.Rect]:
    return [*layout.slots, *(layout.place_rect(p) for p in PILES)]


@pytest.mark.parametrize("size", SIZES)
def test_everything_fits_inside_the_window(size: tuple[int, int]) -> None:
    layout = compute_layout(size)
    window = pygame.Rect((0, 0), size)
    for rect in [*cards(layout), *layout.buttons.values(), layout.message, layout.status]:
        assert window.contains(rect), rect


@pytest.mark.parametrize("size", SIZES)
def test_tap_targets_are_big_enough(size: tuple[int, int]) -> None:
    layout = compute_layout(size)
    for name, rect in layout.buttons.items():
        assert rect.width >= MIN_TAP and rect.height >= MIN_TAP, name
    for rect in cards(layout):
        assert rect.width >= MIN_TAP and rect.height >= MIN_TAP


@pytest.mark.parametrize("size", SIZES)
def test_nothing_overlaps_what_it_should_not(size: tuple[int, int]) -> None:
    layout = compute_layout(size)
    controls = list(layout.buttons.values())
    for a, b in itertools.combinations(controls, 2):
        assert not a.colliderect(b), (a, b)
    piles = [layout.place_rect(p) for p in PILES]
    for rect in controls:
        assert rect.collidelist(cards(layout)) == -1, rect
    for pile in piles:
        assert pile.collidelist(layout.slots) == -1
        assert pile.collidelist([p for p in piles if p is not pile]) == -1
    for slot in layout.slots:
        assert not slot.colliderect(layout.top_bar) and not slot.colliderect(layout.message)


@pytest.mark.parametrize("size", SIZES)
def test_covered_cards_show_their_corner(size: tuple[int, int]) -> None:
    layout = compute_layout(size)
    for slot in range(SLOTS):
        covers = COVERED_BY[slot]
        for cover in (s for s in range(SLOTS) if covers >> s & 1):
            visible = layout.slots[cover].top - layout.slots[slot].top
            assert visible >= 2 * INDEX_MIN_RANK_PX  # rank and suit, one above the other
            assert visible == layout.step


@pytest.mark.parametrize("size", SIZES)
def test_every_place_is_hit_where_it_is_drawn(size: tuple[int, int]) -> None:
    layout = compute_layout(size)
    for place in [*range(SLOTS), *PILES]:
        assert layout.hit_place(layout.tap_point(place), ALL_SLOTS) == place
    for name, rect in layout.buttons.items():
        assert layout.hit_button(rect.center) == name


def test_landscape_puts_piles_beside_the_pyramid_and_portrait_under_it() -> None:
    wide, tall = compute_layout((1280, 720)), compute_layout((480, 800))
    assert wide.landscape and wide.deck.left > max(r.right for r in wide.slots)
    assert not tall.landscape and tall.deck.top > max(r.bottom for r in tall.slots)


def test_cards_grow_with_the_window() -> None:
    heights = [compute_layout(size).card[1] for size in [(480, 800), (1280, 720), (1920, 1080)]]
    assert heights == sorted(heights) and heights[-1] >= 200
