"""The table layout for every window from 320×480 to 3840×2160, either orientation, with one
waste pile or three (apophis).

A property test over hundreds of window sizes (random, plus the sizes where earlier layouts
broke) checks the real :class:`TableLayout`: nothing overlaps, nothing leaves the window,
every tap target is at least ``metrics.min_tap``, every covered card shows its corner strip
and nothing else of it (no sliver between the cards lying on it).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pygame
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.render.layout import SMALLEST_COLUMN_CARD, TableLayout, compute_layout
from game.render.metrics import DEFAULT_METRICS, Metrics
from game.table_terms import DECK
from rules import STOCK, WASTE, RuleSet, State
from rules.moves import CELL as CELL_PLACE
from rules.moves import WASTE_PILES, column_place, reserve_place
from rules.topology import ALL_SLOTS, SLOTS, Shape
from rules.variant import APOPHIS, CELL, GIZA, PYRAMID, RESERVE, RESERVE6, TRIANGLE, Variant

PILES_VARIANT = {1: PYRAMID, 3: APOPHIS}
"""The variant of each waste-pile count."""

EDGE_SIZES = [
    (320, 480), (480, 800), (720, 1280), (488, 480), (480, 480), (496, 496), (512, 512),
    (528, 528), (544, 544), (560, 560), (584, 584), (480, 584), (584, 480), (800, 480),
    (800, 600), (1024, 768), (1280, 720), (1280, 800), (1920, 1080), (1080, 1920),
    (3840, 2160), (2160, 3840), (320, 3840), (3840, 480), (600, 1024),
]  # fmt: skip
PILES = (DECK, STOCK, WASTE)
KIOSK = Metrics(min_tap=72, min_corner=40, font_range=(18, 34))


def layout_problems(layout: TableLayout, shape: Shape = PYRAMID.shape) -> list[str]:
    """Everything wrong with ``layout`` of a pyramid of ``shape``, as readable lines (empty when
    it is right)."""
    metrics, problems = layout.metrics, []
    window = pygame.Rect((0, 0), layout.size)
    regions = layout.regions()
    slots = {f"slot {i}": rect for i, rect in enumerate(layout.slots)}
    for name, rect in {**regions, **slots}.items():
        if not window.contains(rect):
            problems.append(f"{name} {rect} leaves the window")
    for (a, rect_a), (b, rect_b) in itertools.combinations(regions.items(), 2):
        if rect_a.colliderect(rect_b):
            problems.append(f"{a} overlaps {b}")
    for name, rect in regions.items():
        hit = rect.collidelist(layout.slots)
        if hit != -1:
            problems.append(f"{name} overlaps slot {hit}")
    for name, rect in layout.buttons.items():
        if min(rect.size) < metrics.min_tap:
            problems.append(f"button {name} {rect.size} is below {metrics.min_tap} px")
    if min(layout.card) < metrics.min_tap:
        problems.append(f"cards {layout.card} are below {metrics.min_tap} px")
    problems += corner_problems(layout, shape)
    chip = layout.buttons["deal"]
    layout.fit_deal_chip(10_000)  # the longest deal text: the chip stops at its maximum
    if not layout.top_bar.contains(chip) or chip.colliderect(layout.pass_area):
        problems.append(f"deal chip {chip} leaves the top bar or covers the pass")
    return problems


def corner_problems(layout: TableLayout, shape: Shape = PYRAMID.shape) -> list[str]:
    """Each pyramid card shows its top strip (``layout.step`` ≥ ``min_corner``) and no other
    part of it: the rest lies under the two cards that cover it, with no gap between them (a
    card that one card covers, at a triangle's edge, lies half under it)."""
    problems = []
    if layout.step < layout.metrics.min_corner:
        problems.append(f"covered strip {layout.step} px is below {layout.metrics.min_corner}")
    for slot, rect in enumerate(layout.slots):
        strip = pygame.Rect(rect.left, rect.top, rect.width, layout.step)
        for later in range(slot + 1, shape.slots):
            if layout.slots[later].colliderect(strip):
                problems.append(f"slot {later} hides the corner of slot {slot}")
        on_it = [layout.slots[s] for s in range(shape.slots) if shape.covered_by[slot] >> s & 1]
        covers = sorted(on_it, key=lambda r: r.x)
        if not covers:
            continue
        rest = pygame.Rect(rect.left, strip.bottom, rect.width, rect.bottom - strip.bottom)
        if len(covers) == 1:
            if covers[0].top != rest.top or abs(abs(covers[0].centerx - rest.centerx) - rect.width / 2) > 1:
                problems.append(f"slot {slot} does not lie half under the one card on it")
            continue
        left, right = covers
        whole = (
            left.left <= rest.left
            and right.right >= rest.right
            and left.right >= right.left
            and max(left.top, right.top) <= rest.top
            and min(left.bottom, right.bottom) >= rest.bottom
        )
        if not whole:
            problems.append(f"a sliver of slot {slot} shows between the cards on it")
    return problems


def orientation_problems(layout: TableLayout) -> list[str]:
    pyramid = layout.slots[0].unionall(layout.slots)
    piles = layout.deck.unionall([layout.place_rect(p) for p in layout.pile_places])
    if layout.landscape and piles.left < pyramid.right:
        return ["landscape: the piles are not beside the pyramid"]
    if not layout.landscape and piles.top < pyramid.bottom:
        return ["portrait: the piles are not under the pyramid"]
    return []


@settings(max_examples=300, deadline=None)
@given(st.integers(320, 3840), st.integers(480, 3840))
@example(320, 480)
@example(480, 800)
@example(720, 1280)
@example(488, 480)
@example(800, 480)
@example(1280, 800)
@example(1920, 1080)
@example(1080, 1920)
@example(3840, 2160)
@example(2160, 3840)
def test_any_window_gets_a_layout_without_overlaps(width: int, height: int) -> None:
    layout = compute_layout((width, height))
    assert layout_problems(layout) + orientation_problems(layout) == []


@settings(max_examples=200, deadline=None)
@given(st.integers(320, 3840), st.integers(480, 3840))
@example(320, 480)
@example(480, 800)
@example(800, 480)
@example(1280, 800)
@example(1920, 1080)
@example(3840, 2160)
@example(320, 3840)
@example(3840, 480)
def test_any_window_has_room_for_three_waste_piles(width: int, height: int) -> None:
    layout = compute_layout((width, height), variant=APOPHIS)
    assert layout.piles == 3 and len(layout.wastes) == 3
    assert layout_problems(layout) + orientation_problems(layout) == []


@pytest.mark.parametrize("piles", [1, 3])
@pytest.mark.parametrize("size", EDGE_SIZES)
def test_the_sizes_that_broke_before(size: tuple[int, int], piles: int) -> None:
    layout = compute_layout(size, variant=PILES_VARIANT[piles])
    assert layout_problems(layout) + orientation_problems(layout) == []


@pytest.mark.parametrize("piles", [1, 3])
@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (1280, 1024), (3840, 2160)])
def test_bigger_metrics_make_every_target_bigger(size: tuple[int, int], piles: int) -> None:
    layout = compute_layout(size, KIOSK, PILES_VARIANT[piles])
    assert layout.metrics is KIOSK
    assert layout_problems(layout) == []
    assert min(min(r.size) for r in layout.buttons.values()) >= 72


@pytest.mark.parametrize("piles", [1, 3])
def test_the_pyramid_is_centred_on_wide_windows(piles: int) -> None:
    for size in [(1920, 1080), (1280, 720), (3840, 2160), (1280, 800)]:
        layout = compute_layout(size, variant=PILES_VARIANT[piles])
        pyramid = layout.slots[0].unionall(layout.slots)
        group = pyramid.unionall([layout.place_rect(p) for p in layout.pile_places])
        # the pyramid centred, or (three piles: a wider block) the pyramid and the piles together
        centred = pyramid if piles == 1 else group
        assert abs(centred.centerx - size[0] / 2) <= 2 or abs(pyramid.centerx - size[0] / 2) <= 2, size
        gap = layout.deck.left - pyramid.right
        assert 0 < gap <= layout.card[0], size  # the piles sit next to it, no wide gap


def test_margins_breathe() -> None:
    for size in [(1920, 1080), (1280, 720), (1080, 1920), (3840, 2160)]:
        layout = compute_layout(size)
        cards = layout.slots[0].unionall([*layout.slots, layout.deck, layout.stock, layout.waste])
        room = min(cards.left, size[0] - cards.right)
        assert room >= 0.015 * min(size), (size, room)


@pytest.mark.parametrize("piles", [1, 3])
@pytest.mark.parametrize("size", EDGE_SIZES)
def test_every_place_is_hit_where_it_is_drawn(size: tuple[int, int], piles: int) -> None:
    layout = compute_layout(size, variant=PILES_VARIANT[piles])
    assert layout.pile_places == (PILES if piles == 1 else (DECK, *WASTE_PILES))
    for place in [*range(SLOTS), *layout.pile_places]:
        assert layout.hit_place(layout.tap_point(place), ALL_SLOTS) == place
    for name, rect in layout.buttons.items():
        assert layout.hit_button(rect.center) == name


def test_cards_grow_with_the_window() -> None:
    heights = [compute_layout(size).card[1] for size in [(480, 800), (1280, 720), (1920, 1080), (3840, 2160)]]
    assert heights == sorted(heights) and heights[-1] >= 400


# --- Giza: eight face-up columns of three in place of the piles ------------------------------------

FULL_MINIMUMS = "is below", "are below"


def giza_problems(layout: TableLayout, full: bool) -> list[str]:
    """:func:`layout_problems` for a Giza layout, plus its columns: each card of a column lies
    one ``column_step`` below the one before (a strip of at least ``min_corner`` when ``full``),
    the columns' cards all of one size, never larger than the pyramid's (smaller on a phone),
    the columns touch no pyramid card, no pile is left on the table. Without ``full`` (a window
    too small for Giza at full size) the minimum sizes are not required."""
    problems = [p for p in layout_problems(layout) if full or not any(m in p for m in FULL_MINIMUMS)]
    if len(layout.columns) != GIZA.columns:
        problems.append(f"{len(layout.columns)} columns")
    if full and layout.column_step < layout.metrics.min_corner:
        problems.append(f"column strip {layout.column_step} is below {layout.metrics.min_corner}")
    for column, rects in enumerate(layout.columns):
        for below, above in itertools.pairwise(rects):
            if (
                above.top - below.top != layout.column_step
                or above.left != below.left
                or above.size != below.size
            ):
                problems.append(f"column {column}: its cards are not stacked one strip apart")
        if rects[0].size != layout.columns[0][0].size or rects[0].width > layout.card[0]:
            problems.append(f"column {column}: its cards {rects[0].size} are not every column's, or larger "
                            f"than the pyramid's {layout.card}")  # fmt: skip
    if any(rect.width for rect in (layout.deck, layout.stock, layout.waste)):
        problems.append("a pile is drawn in Giza")
    if "draw" in layout.buttons or "recycle" in layout.buttons:
        problems.append("«Robar» or «Otra vuelta» offered in Giza")
    return problems


def full_size(size: tuple[int, int]) -> bool:
    """Windows where Giza meets every minimum: from about 400×660 in portrait (660×400 in
    landscape) up. Below, its column cards and strips get smaller (measured at 320×480: the
    pyramid's cards 44×62, the columns' 25×35 with 10 px strips, each in a 44×55 target)."""
    short, long = sorted(size)
    return short >= 400 and long >= 660


@settings(max_examples=200, deadline=None)
@given(st.integers(320, 3840), st.integers(480, 3840))
@example(320, 480)
@example(480, 800)
@example(1280, 800)
@example(1920, 1080)
@example(3840, 2160)
@example(1080, 1920)
@example(800, 480)
def test_giza_any_window_gets_a_layout_without_overlaps(width: int, height: int) -> None:
    layout = compute_layout((width, height), variant=GIZA)
    assert giza_problems(layout, full_size((width, height))) == []


@pytest.mark.parametrize("size", EDGE_SIZES)
def test_giza_sizes_that_are_hard(size: tuple[int, int]) -> None:
    layout = compute_layout(size, variant=GIZA)
    assert giza_problems(layout, full_size(size)) == []


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (3840, 2160)])
def test_giza_with_kiosk_metrics(size: tuple[int, int]) -> None:
    layout = compute_layout(size, KIOSK, GIZA)
    assert giza_problems(layout, full=True) == []


def test_giza_is_cramped_only_on_the_smallest_windows() -> None:
    small = compute_layout((320, 480), variant=GIZA)
    assert small.card[0] == 44 and small.step >= 26  # the pyramid tappable, its index whole
    assert small.columns[0][0].width >= 24 and small.column_step >= 10  # each column's rank reads
    assert compute_layout((1280, 800), variant=GIZA).card[0] >= 100


@pytest.mark.parametrize("size", EDGE_SIZES)
def test_giza_every_column_is_hit_where_it_is_drawn(size: tuple[int, int]) -> None:
    layout = compute_layout(size, variant=GIZA)
    state = State.from_deal(1, RuleSet(variant=GIZA))
    for slot in range(SLOTS):
        assert layout.hit_place(layout.tap_point(slot), ALL_SLOTS, state) == slot
    for column in range(GIZA.columns):
        place = column_place(column)
        assert layout.place_rect(place, state) == layout.columns[column][-1]  # the top card, whole
        assert layout.hit_place(layout.tap_point(place, state), ALL_SLOTS, state) == place
        strip = layout.columns[column][0]  # the bottom card's strip: the column, whose top plays
        assert layout.hit_place((strip.centerx, strip.top + 2), ALL_SLOTS, state) == place
    emptied = replace(state, columns=state.columns & ~0b111)  # column 0 empty
    assert layout.hit_place(layout.columns[0][0].center, ALL_SLOTS, emptied) is None
    assert layout.place_rect(column_place(0), emptied) == layout.columns[0][0]


# --- Giza on a phone: tap targets of at least min_tap, even where its cards are drawn smaller -------

PHONE_SIZES = [(320, 480), (360, 480), (320, 540), (350, 500), (391, 551), (375, 548), (384, 480),
               (320, 568), (360, 640), (375, 667), (360, 560), (392, 552), (384, 600), (412, 732),
               (390, 844), (480, 800), (640, 360), (568, 360), (800, 480), (1280, 720), (1920, 1080),
               (1080, 1920), (3840, 2160), (2160, 3840)]  # fmt: skip


def targets_kept(size: tuple[int, int]) -> bool:
    """Windows where every card Giza lets a player tap has a tap rectangle of at least
    ``min_tap`` on both sides: every portrait window from 320×480 up (on the smallest, narrower
    than 392 px and shorter than 552 px, «Reglas» and «Ajustes» go up into the top bar so the
    other controls make one row), and every landscape window but the lowest (under 360 px high, or
    under 528 px wide and 480 px high, like 568×320: with the top bar, one row of controls, the
    message line and the status bar there is no room for the pyramid's seven rows of 44 px cards:
    320 − 44 − 44 − 19 − 19 = 194 px, against 62 + 6 × 26 = 218)."""
    width, height = size
    if width < height:
        return height >= 480
    return height >= 480 or (height >= 360 and width >= 528)


def tap_target_problems(layout: TableLayout, state: State) -> list[str]:
    """The cards a player taps in Giza: every pyramid card once uncovered (drawn whole), and
    each column, tapped anywhere on its target (its top card plays). Each target is at least
    ``min_tap`` wide and tall, holds its column's cards, and hits that column at its corners."""
    min_tap, problems = layout.metrics.min_tap, []
    if min(layout.card) < min_tap:
        problems.append(f"pyramid cards {layout.card} are below {min_tap} px")
    problems += index_problems(layout)
    for column in range(GIZA.columns):
        target, place = layout.column_target(column), column_place(column)
        if min(target.size) < min_tap:
            problems.append(f"column {column}'s target {target.size} is below {min_tap} px")
        if not target.contains(layout.column_area(column)):
            problems.append(f"column {column}'s cards leave its target")
        inner = target.inflate(-2, -2)
        for corner in (inner.topleft, inner.topright, inner.bottomleft, inner.bottomright):
            if layout.hit_place(corner, ALL_SLOTS, state) != place:
                problems.append(f"{corner} in column {column}'s target misses it")
    return problems


def index_problems(layout: TableLayout) -> list[str]:
    """Every covered pyramid card shows its whole corner index: a strip of ``min_corner`` (26 px:
    on the large-index art scaled to 44×62 the index's ink ends on row 25), at most
    ``PHONE_STRIP_GIVE`` less on a low landscape window (640×360: the suit's last rows), never
    less in portrait; and no covered card shows a sliver besides its strip."""
    give = 2 if layout.landscape else 0
    problems = [p for p in corner_problems(layout) if "covered strip" not in p]
    if layout.step < layout.metrics.min_corner - give:
        problems.append(f"covered strip {layout.step} px hides part of the index")
    return problems


@pytest.mark.parametrize("size", PHONE_SIZES)
def test_giza_keeps_its_tap_targets_on_phones(size: tuple[int, int]) -> None:
    assert targets_kept(size)
    layout = compute_layout(size, variant=GIZA)
    state = State.from_deal(1, RuleSet(variant=GIZA))
    assert tap_target_problems(layout, state) == []
    assert giza_problems(layout, full_size(size)) == []  # nothing overlaps (the targets neither)


@settings(max_examples=150, deadline=None)
@given(st.integers(320, 1200), st.integers(320, 1400))
@example(320, 552)
@example(392, 480)
@example(480, 480)
@example(640, 360)
@example(528, 360)
@example(320, 480)
@example(391, 551)
@example(480, 320)
@example(568, 320)
def test_giza_tap_targets_over_window_sizes(width: int, height: int) -> None:
    layout = compute_layout((width, height), variant=GIZA)
    assert giza_problems(layout, full_size((width, height))) == []
    if targets_kept((width, height)):
        assert tap_target_problems(layout, State.from_deal(2, RuleSet(variant=GIZA))) == []


@settings(max_examples=120, deadline=None)
@given(st.integers(320, 400), st.integers(480, 560))
@example(320, 480)
@example(391, 480)
@example(320, 551)
def test_giza_on_the_smallest_portrait_windows(width: int, height: int) -> None:
    """320×480 and the windows near it (before: 35 px cards, 35 px column targets): the pyramid's
    cards 44 px with their whole index showing, every column's target 44 px, nothing overlapping,
    «Reglas» and «Ajustes» still offered (in the top bar when they are not under the table)."""
    layout = compute_layout((width, height), variant=GIZA)
    assert giza_problems(layout, full_size((width, height))) == []
    assert tap_target_problems(layout, State.from_deal(3, RuleSet(variant=GIZA))) == []
    assert layout.step >= layout.metrics.min_corner
    assert {"undo", "hint", "analyse", "new", "rules", "settings"} <= set(layout.buttons)
    for name in ("rules", "settings"):
        button = layout.buttons[name]
        assert button.bottom <= layout.top_bar.bottom or button.top >= layout.message.bottom


@settings(max_examples=80, deadline=None)
@given(st.integers(480, 1200), st.integers(320, 359))
@example(480, 320)
@example(568, 320)
@example(640, 352)
@example(526, 356)
def test_giza_on_low_landscape_windows(width: int, height: int) -> None:
    """Under 360 px high Giza rarely gets 44 px cards everywhere (see :func:`targets_kept`):
    nothing overlaps or leaves the window, the cards stay readable (at least 34 px), and the
    columns are drawn as large as the pyramid, unless the pyramid keeps its 44 px tap targets
    with the columns drawn smaller (the layout's second phone plan: at 526-528 x 356-359 that
    beats uniform 43 px cards)."""
    layout = compute_layout((width, height), variant=GIZA)
    assert giza_problems(layout, full=False) == []
    column = layout.columns[0][0].size
    assert layout.card[0] >= 34 and min(column) >= SMALLEST_COLUMN_CARD
    assert column == layout.card or layout.card[0] >= layout.metrics.min_tap


# --- low landscape windows (a phone held sideways): never the 16 px squeeze ----------------------


@pytest.mark.parametrize("piles", [1, 3])
@settings(max_examples=120, deadline=None)
@given(st.integers(480, 1600), st.integers(320, 479))
@example(640, 360)
@example(568, 320)
@example(480, 320)
@example(854, 400)
def test_low_landscape_windows_keep_readable_cards(piles: int, width: int, height: int) -> None:
    """Below 480 px high the pyramid's seven rows do not fit at full size: its strips give a
    little (down to 24 px) so that from about 368 px high (640×360 rounds to 45 px cards) the
    cards stay ``min_tap`` wide; lower still every card shrinks, to about 36 px at 480×320, and
    nothing overlaps or leaves the window either way (before: 16 px cards at 640×360)."""
    if height >= width:
        return
    layout = compute_layout((width, height), variant=PILES_VARIANT[piles])
    problems = [p for p in layout_problems(layout) if not any(m in p for m in FULL_MINIMUMS)]
    assert problems + orientation_problems(layout) == []
    if (height >= 368 and width >= 528) or (width, height) == (640, 360):
        assert layout.card[0] >= layout.metrics.min_tap
        assert layout.step >= layout.metrics.min_corner - 2
    assert layout.card[0] >= 34 and layout.step >= 20


# --- portrait windows use their height ---------------------------------------------------------


def empty_bands(layout: TableLayout) -> list[tuple[int, int]]:
    """The bands of the window, top to bottom, where nothing is drawn across its whole width:
    no bar, card, pile, label, control nor the message line's room."""
    rects = [layout.top_bar, layout.status, layout.message, *layout.slots, *layout.buttons.values(),
             layout.deck, layout.stock, *layout.wastes, layout.stock_label, layout.waste_label,
             *(rect for column in layout.columns for rect in column), *layout.reserve_targets,
             layout.reserve_label]  # fmt: skip
    spans = sorted((r.top, r.bottom) for r in rects if r.width and r.height)
    bands, reached = [], 0
    for top, bottom in spans:
        if top > reached:
            bands.append((reached, top))
        reached = max(reached, bottom)
    if reached < layout.size[1]:
        bands.append((reached, layout.size[1]))
    return bands


@pytest.mark.parametrize("variant", [PYRAMID, APOPHIS, GIZA, CELL, RESERVE], ids=lambda v: v.name)
@pytest.mark.parametrize(
    "size", [(1000, 1840), (390, 844), (1080, 1920), (720, 1280), (480, 800), (600, 1024)]
)
def test_a_tall_window_leaves_no_empty_band_over_five_percent(
    size: tuple[int, int], variant: Variant
) -> None:
    """The cards of a portrait window are as wide as its width allows; its spare height goes to
    bigger controls and piles, wider rows, and evenly to the gaps (it was 13 % above the apex)."""
    layout = compute_layout(size, variant=variant)
    assert layout_problems(layout) == []
    widest = max(bottom - top for top, bottom in empty_bands(layout))
    assert widest <= 0.055 * size[1], empty_bands(layout)


# --- the left-handed table ----------------------------------------------------------------------------
@pytest.mark.parametrize("variant", [PYRAMID, APOPHIS, GIZA, CELL, RESERVE], ids=lambda v: v.name)
@pytest.mark.parametrize("size", EDGE_SIZES)
def test_a_mirrored_table_keeps_every_rule_of_the_layout(size: tuple[int, int], variant: Variant) -> None:
    mirrored = compute_layout(size, variant=variant, mirrored=True)
    assert layout_problems(mirrored) == []
    plain = compute_layout(size, variant=variant)
    width = size[0]
    for place in range(SLOTS):  # the pyramid moved whole, its cards in their own order
        assert mirrored.slots[place].size == plain.slots[place].size
        assert mirrored.slots[place].x - plain.slots[place].x == mirrored.slots[0].x - plain.slots[0].x
    for name in ("undo", "hint"):  # the rows under the table stay, their main actions on the left
        assert mirrored.buttons[name] == plain.buttons[name]
    for blocks in (lambda t: t.slots, lambda t: [r for r in (t.deck, t.stock, *t.wastes, t.cell) if r.width]):
        before, after = blocks(plain), blocks(mirrored)  # each block in its mirror place
        assert not before or after[0].unionall(after).left == width - before[0].unionall(before).right


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_left_handed_in_landscape_puts_the_piles_and_their_controls_on_the_left(
    size: tuple[int, int],
) -> None:
    half = size[0] // 2
    plain, mirrored = compute_layout(size), compute_layout(size, mirrored=True)
    piles = ("deck", "stock", "waste")
    assert all(getattr(plain, name).left >= half for name in piles)
    assert all(getattr(mirrored, name).right <= half for name in piles)
    assert all(mirrored.buttons[name].right <= half for name in ("draw", "recycle", "undo"))


@pytest.mark.parametrize("size", [(390, 844), (480, 800)])
def test_left_handed_on_a_phone_puts_draw_under_the_left_thumb(size: tuple[int, int]) -> None:
    half = size[0] // 2
    plain, mirrored = compute_layout(size), compute_layout(size, mirrored=True)
    assert plain.buttons["draw"].left >= half
    assert all(mirrored.buttons[name].right <= half for name in ("draw", "recycle", "undo"))


@pytest.mark.parametrize("size", [(844, 390), (390, 844), (1920, 1080), (1280, 720)])
@pytest.mark.parametrize("variant", [PYRAMID, TRIANGLE, APOPHIS, GIZA, CELL, RESERVE], ids=lambda v: v.name)
@pytest.mark.parametrize("mirrored", [False, True])
def test_large_text_never_costs_the_cards(size: tuple[int, int], variant: Variant, mirrored: bool) -> None:
    """At 200 % text every layout is still whole (cards and targets at least 44 px, nothing
    overlapping) and its cards keep 60 % of their size at 100 %; the fonts still grow. At 844×390
    the cards were 20 px and «Mazo» ran into «Descarte»."""
    plain = compute_layout(size, DEFAULT_METRICS, variant, mirrored)
    large = compute_layout(size, DEFAULT_METRICS.with_text(200), variant, mirrored)
    assert layout_problems(large, variant.shape) == []
    assert min(large.card) >= 0.6 * min(plain.card)
    assert large.font >= plain.font


# --- the free cell (variant «Una celda») ----------------------------------------------------------
@pytest.mark.parametrize("mirrored", [False, True])
@pytest.mark.parametrize(
    "size", [*EDGE_SIZES, (390, 844), (844, 390), (1280, 800), (1920, 1080), (3840, 2160)]
)
def test_the_cell_lies_beside_the_waste_a_whole_tap_target(size: tuple[int, int], mirrored: bool) -> None:
    """The cell lies beside the waste, on its line, as large as the waste, hit where it is drawn,
    overlapping nothing, at least ``min_tap`` on both sides."""
    layout = compute_layout(size, variant=CELL, mirrored=mirrored)
    assert layout_problems(layout) + ([] if mirrored else orientation_problems(layout)) == []
    assert layout.pile_places == (*PILES, CELL_PLACE)
    cell, waste = layout.cell, layout.waste
    assert cell.size == waste.size and min(cell.size) >= layout.metrics.min_tap
    assert cell.top == waste.top and not cell.colliderect(waste)
    assert abs(cell.centerx - waste.centerx) <= 2 * layout.card[0]
    for place in [*range(SLOTS), *layout.pile_places]:
        assert layout.hit_place(layout.tap_point(place), ALL_SLOTS) == place
    assert layout.regions()["F"] == cell


@settings(max_examples=150, deadline=None)
@given(st.integers(320, 3840), st.integers(480, 3840))
def test_any_window_has_room_for_the_cell(width: int, height: int) -> None:
    layout = compute_layout((width, height), variant=CELL)
    assert layout.pile_places[-1] == CELL_PLACE and min(layout.cell.size) >= layout.metrics.min_tap
    assert layout_problems(layout) + orientation_problems(layout) == []


# --- a reserve row (variants «Reserva» and «Reserva de seis») ----------------------------------------
RESERVES = [RESERVE, RESERVE6]


def reserve_problems(layout: TableLayout, variant: Variant, full: bool) -> list[str]:
    """:func:`layout_problems` for a layout with a reserve row (nothing overlaps: the reserve's
    tap targets are regions), plus the row: one card per place, all of one size and never larger
    than the pyramid's, each inside its tap target, hit where it is drawn and anywhere on its
    target, no longer hit once emptied; the piles still there. With ``full`` (a window where
    every tap target keeps ``min_tap``, :func:`targets_kept`) each target is ``min_tap`` on both
    sides, the pyramid's cards too, with their whole index (:func:`index_problems`)."""
    relaxed = (*FULL_MINIMUMS, "covered strip")  # checked below where the window keeps them
    problems = [p for p in layout_problems(layout) if not any(m in p for m in relaxed)]
    if full:
        problems += index_problems(layout)
        if min(layout.card) < layout.metrics.min_tap:
            problems.append(f"pyramid cards {layout.card} are below {layout.metrics.min_tap} px")
    state = State.from_deal(1, RuleSet(variant=variant))
    if len(layout.reserve) != variant.columns or len(layout.reserve_targets) != variant.columns:
        problems.append(f"{len(layout.reserve)} reserve places")
    for index, (card, target) in enumerate(zip(layout.reserve, layout.reserve_targets, strict=True)):
        place = reserve_place(index)
        if card.size != layout.reserve[0].size or card.width > layout.card[0]:
            problems.append(f"X{index}: its card {card.size} differs from X0's, or is over {layout.card}")
        if not target.contains(card):
            problems.append(f"X{index}: its card leaves its tap target")
        if full and min(target.size) < layout.metrics.min_tap:
            problems.append(f"X{index}: its target {target.size} is below {layout.metrics.min_tap} px")
        inner = target.inflate(-2, -2)
        points = [layout.tap_point(place, state), inner.topleft, inner.topright, inner.bottomleft]
        points.append(inner.bottomright)
        if any(layout.hit_place(point, ALL_SLOTS, state) != place for point in points):
            problems.append(f"X{index} is not hit where it is drawn")
        emptied = replace(state, columns=state.columns & ~(1 << index))
        if layout.hit_place(layout.tap_point(place, state), ALL_SLOTS, emptied) is not None:
            problems.append(f"X{index} is hit once emptied")
    if layout.pile_places != PILES or not all(min(layout.place_rect(p).size) for p in PILES):
        problems.append(f"piles {layout.pile_places}")
    if {"draw", "recycle"} - set(layout.buttons):
        problems.append("«Robar» or «Otra vuelta» missing")
    return problems


RESERVE_SIZES = [*EDGE_SIZES, *PHONE_SIZES, (844, 390), (390, 844), (1280, 800)]


@pytest.mark.parametrize("variant", RESERVES, ids=lambda v: v.name)
@pytest.mark.parametrize("size", RESERVE_SIZES)
def test_the_reserve_row_fits_the_hard_windows(size: tuple[int, int], variant: Variant) -> None:
    layout = compute_layout(size, variant=variant)
    assert reserve_problems(layout, variant, targets_kept(size)) + orientation_problems(layout) == []


@pytest.mark.parametrize("variant", RESERVES, ids=lambda v: v.name)
@settings(max_examples=150, deadline=None)
@given(st.integers(320, 3840), st.integers(320, 3840))
@example(320, 480)
@example(480, 320)
@example(568, 360)
@example(640, 360)
@example(844, 390)
@example(3840, 2160)
@example(2160, 3840)
def test_the_reserve_row_fits_every_window(variant: Variant, width: int, height: int) -> None:
    """From 320×480 to 3840×2160 either way up, every reserve card a whole tap target of at
    least ``min_tap`` (drawn smaller in it on the smallest phones: 33×46 cards in 44 px targets
    at 320×480); below 360 px high, as for the other variants, nothing overlaps at least."""
    if height < 480 and (width < 480 or width <= height):
        return  # the windows the other variants are checked in: 480 px high, or landscape from 480×320
    layout = compute_layout((width, height), variant=variant)
    assert reserve_problems(layout, variant, targets_kept((width, height))) == []


@pytest.mark.parametrize("mirrored", [False, True])
@pytest.mark.parametrize(
    "size", [(390, 844), (844, 390), (1280, 800), (1920, 1080), (320, 480), (3840, 2160)]
)
def test_a_mirrored_reserve_keeps_its_row(size: tuple[int, int], mirrored: bool) -> None:
    """Left-handed, the reserve row moves with its block (under the pyramid: centred on it)."""
    layout = compute_layout(size, variant=RESERVE, mirrored=mirrored)
    assert reserve_problems(layout, RESERVE, targets_kept(size)) == []
    row = layout.reserve_targets[0].unionall(layout.reserve_targets)
    pyramid = layout.slots[0].unionall(layout.slots)
    if row.top > pyramid.bottom:  # under the pyramid: centred on it
        assert abs(row.centerx - pyramid.centerx) <= 1
    plain = compute_layout(size, variant=RESERVE)
    plain_row = plain.reserve_targets[0].unionall(plain.reserve_targets)
    assert row.size == plain_row.size and (not mirrored or row.left == size[0] - plain_row.right)


def test_the_reserve_row_lies_under_the_pyramid_in_portrait_and_keeps_big_cards() -> None:
    """Portrait: the row right under the pyramid, centred on it, the piles under the row; a big
    landscape window gives cards nearly as large as the default game's."""
    for size in [(390, 844), (480, 800), (1080, 1920)]:
        layout = compute_layout(size, variant=RESERVE)
        row = layout.reserve_targets[0].unionall(layout.reserve_targets)
        pyramid = layout.slots[0].unionall(layout.slots)
        assert pyramid.bottom < row.top < layout.deck.top and abs(row.centerx - pyramid.centerx) <= 1
        assert layout.reserve[0].size == layout.card
    for size in [(1280, 800), (1920, 1080)]:
        assert compute_layout(size, variant=RESERVE).card[0] >= 0.9 * compute_layout(size).card[0]


@pytest.mark.parametrize("variant", RESERVES, ids=lambda v: v.name)
@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (1280, 1024), (3840, 2160)])
def test_a_reserve_with_kiosk_metrics(size: tuple[int, int], variant: Variant) -> None:
    """A kiosk's 72 px targets: every reserve card one, the pyramid's and the piles' too."""
    layout = compute_layout(size, KIOSK, variant)
    assert reserve_problems(layout, variant, full=True) == []
    assert min(min(t.size) for t in layout.reserve_targets) >= 72


@pytest.mark.parametrize("variant", RESERVES, ids=lambda v: v.name)
@settings(max_examples=100, deadline=None)
@given(st.integers(480, 1600), st.integers(320, 479))
@example(480, 320)
@example(568, 320)
@example(640, 352)
@example(528, 351)
def test_a_reserve_on_low_landscape_windows_keeps_readable_cards(
    variant: Variant, width: int, height: int
) -> None:
    """Under 480 px high (a phone held sideways) the reserve goes beside the pyramid in two rows
    over the piles, without labels on the lowest windows, «Robar» and «Otra vuelta» beside the
    piles: nothing overlaps, and the cards stay readable, as large as the default game's from
    560 px wide (36 px at 568×320; before: 26 px), 29 px at 480×320 (the default game: 36)."""
    if height >= width:
        return
    layout = compute_layout((width, height), variant=variant)
    assert reserve_problems(layout, variant, targets_kept((width, height))) == []
    assert layout.card[0] >= (34 if width >= 560 else 29)
