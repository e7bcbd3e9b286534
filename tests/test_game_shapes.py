"""The shape variants in the game (SPEC §12): a pyramid of six rows and Triangle, its widest
row on top, laid out in every window from 320×480 to 3840×2160, either way up, with 44 px
targets; the settings offer them and the status counts their own cards."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_game_layout import (
    EDGE_SIZES,
    full_size,
    giza_problems,
    layout_problems,
    orientation_problems,
    reserve_problems,
    tap_target_problems,
    targets_kept,
)

from game.app import App
from game.deal_names import parse_deal_name
from game.driver import post_key, step
from game.platform import PageOptions, parse_page_query
from game.render.layout import compute_layout
from game.scenes.settings_rows import VARIANT_ROW
from rules import RuleSet, State
from rules.topology import iter_slots
from rules.variant import GIZA, PYRAMID6, REGISTERED, RESERVE, TRIANGLE, Variant

AppFactory = Callable[..., App]


@settings(max_examples=120, deadline=None)
@given(st.integers(320, 3840), st.integers(480, 3840), st.sampled_from([PYRAMID6, TRIANGLE]))
@example(320, 480, TRIANGLE)
@example(3840, 480, TRIANGLE)
@example(3840, 2160, TRIANGLE)
@example(2160, 3840, PYRAMID6)
@example(320, 480, PYRAMID6)
@example(480, 800, PYRAMID6)
def test_any_window_lays_the_shapes_out_without_overlaps(width: int, height: int, variant: Variant) -> None:
    shape = variant.shape
    layout = compute_layout((width, height), variant=variant)
    assert len(layout.slots) == shape.slots
    assert layout_problems(layout, shape) + orientation_problems(layout) == []


def test_the_triangle_has_its_widest_row_on_top_and_each_card_between_its_covers() -> None:
    layout = compute_layout((1280, 720), variant=TRIANGLE)
    shape, slots = TRIANGLE.shape, layout.slots
    assert [slots[s].top for s in (0, 7, 13, 18, 22, 25, 27)] == sorted({slot.top for slot in slots})
    top_row = pygame.Rect(slots[0]).unionall(slots[:7])
    assert top_row.width == 7 * layout.card[0] and abs(slots[27].centerx - top_row.centerx) <= 1
    for slot in range(shape.slots):
        for cover in (s for s in range(shape.slots) if shape.covered_by[slot] >> s & 1):
            assert abs(abs(slots[cover].centerx - slots[slot].centerx) - layout.card[0] / 2) <= 1


def test_six_rows_leave_bigger_cards_than_seven() -> None:
    assert compute_layout((1280, 720), variant=PYRAMID6).card[0] > compute_layout((1280, 720)).card[0]


def test_settings_offer_the_shapes_and_the_status_counts_their_cards(make_app: AppFactory) -> None:
    assert {"pyramid6", "triangle"} <= set(VARIANT_ROW.values)
    six = make_app(deal=5, variant="pyramid6")
    assert six.table.frame().status[0] == "0 de 21" and len(six.table.play.state.layout.stock) == 31
    triangle = make_app(deal=5, variant="triangle")
    assert triangle.table.frame().status[0] == "0 de 52"


def test_the_page_address_and_a_copied_deal_name_open_the_shapes() -> None:
    assert parse_page_query("?variant=triangle&deal=9") == PageOptions(deal=9, variant="triangle")
    assert parse_page_query("?variant=pyramid6") == PageOptions(variant="pyramid6")
    assert parse_deal_name("Triángulo: reparto 9") == (9, "triangle")
    assert parse_deal_name("six rows: deal 12") == (12, "pyramid6")


@pytest.mark.parametrize("variant", ["pyramid6", "triangle"])
def test_the_first_arrow_key_focuses_the_middle_of_the_base_row(make_app: AppFactory, variant: str) -> None:
    """The keyboard focus first shows at the middle of the base row of the variant's own shape
    (it looked up slot 24 of the seven-row pyramid: an IndexError with six rows, found by the fuzz)."""
    app = make_app(deal=5, variant=variant)
    post_key(pygame.K_LEFT)
    step(app)
    base = iter_slots(PYRAMID6.shape.base_row if variant == "pyramid6" else TRIANGLE.shape.base_row)
    assert app.table.focus_visible and app.table.focus in base


WINDOWS = sorted({*EDGE_SIZES, *((h, w) for w, h in EDGE_SIZES), (390, 844), (844, 390)})
"""The edge windows either way up, from 320×480 to 3840×2160 (and 320×3840)."""


@pytest.mark.parametrize("variant", REGISTERED, ids=lambda v: v.name)
def test_every_registered_variant_fits_the_edge_windows_either_way_up(variant: Variant) -> None:
    """Every variant the settings offer (a later one as soon as it is registered) on every edge
    window where the targets can be kept (:func:`targets_kept`): nothing leaves the window or
    overlaps, 44 px targets, each card's index in sight; a variant with columns by Giza's checks,
    one with a reserve row by the reserve's."""
    state = State.from_deal(1, RuleSet(variant=variant))
    for size in (size for size in WINDOWS if targets_kept(size)):
        layout = compute_layout(size, variant=variant)
        if variant.stock_kind.name == GIZA.stock_kind.name:
            problems = giza_problems(layout, full_size(size)) + tap_target_problems(layout, state)
        elif variant.stock_kind.name == RESERVE.stock_kind.name:  # a reserve row, by its own checks
            problems = reserve_problems(layout, variant, full=True) + orientation_problems(layout)
        else:
            problems = layout_problems(layout, variant.shape) + orientation_problems(layout)
        assert problems == [], (variant.name, size)
