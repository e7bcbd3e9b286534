"""Where everything on the table goes, computed from the window size and the :class:`Metrics`.

Top to bottom: the top bar (deal chip, pass), the table, the line under it, the controls,
the status bar. Landscape puts the piles («Mazo»: the face-down deck and the stock's face-up
top card; «Descarte»: the waste) beside the pyramid, portrait puts them under it. For each
orientation a few arrangements are tried (piles in one row or two, pile buttons next to the
piles or among the controls) and the one giving the largest cards wins; cards are as large
as fit. Every tap target is at least ``metrics.min_tap`` on its short side, and a covered
card always shows a strip of at least ``metrics.min_corner`` pixels with its corner index.
Cards of a row touch, so no sliver of a covered card shows between them. Pixel positions
live here and nowhere in ``rules``.

A variant with face-up columns (Giza) has no piles: its columns (each a few overlapping
cards, the top one whole) take their place, beside the pyramid in two rows in landscape, under
it in one row or two in portrait (:class:`~game.render.piles.ColumnBlock`), and «Robar» and
«Otra vuelta» are not offered. A variant with a reserve row has the row right under the pyramid
(a block may claim room there, ``under_pyramid``) or over the piles beside it
(:class:`~game.render.piles.ReserveBlock`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame

from game.config import CARD_ASPECT, MAX_ROW_STEP, ROW_STEP, SPARE_TO_STEP
from game.table_terms import DECK
from rules import STOCK, WASTE, State
from rules.moves import CELL, WASTE_PILES, column_of, column_place, place_name, reserve_of, reserve_place
from rules.stock import Columns, DrawThree, OneCell, OneWaste, Reserve, WastePiles
from rules.topology import SLOTS, Shape
from rules.variant import PYRAMID, Variant

from .metrics import DEFAULT_METRICS, Metrics, clamp
from .piles import Arrangement, ColumnBlock, Fixed, PileBlock, ReserveBlock

__all__ = [
    "CONTROLS",
    "DEFAULT_METRICS",
    "PILE_CONTROLS",
    "Metrics",
    "TableLayout",
    "clamp",
    "compute_layout",
]

CONTROLS = ("undo", "hint", "analyse", "new", "rules", "settings")
"""The fixed controls under the table, in reading order."""
PRIMARY_CONTROLS = ("draw", "recycle", "undo", "hint")
"""The main actions: solid controls, wider, first in their row (or a row of their own)."""
SECONDARY_CONTROLS = ("analyse", "new", "rules", "settings")
"""The others, grouped after them: quieter controls, narrower, their icon above their label."""
PILE_CONTROLS = ("draw", "recycle")
BAR_CONTROLS = ("rules", "settings")
"""The controls that go up into the top bar, right of the deal chip, on a portrait phone too small
for Giza with them under the table (320×480): Giza has no pass counter there, and the other
four controls then make one row instead of two (:func:`_giza_on_a_phone`)."""
BAR_BUTTON_EMS = 5.0
"""The width of a control in the top bar, over the font size (at least ``metrics.min_tap``)."""

PRIMARY_EMS = (8.5, 12.0)
"""The narrowest and the widest a primary control is, over the font size, when it shares its row
with the secondary ones (its icon beside its label)."""
PRIMARY_ALONE_EMS = 6.0
"""The narrowest a primary control is in a row of its own group (its icon above its label)."""
SECONDARY_EMS = (5.5, 8.0)
"""The same for a secondary control (its icon above its label: «¿Aún se gana?» in captions)."""
GROUP_GAP = 1.5
"""Between the primary and the secondary controls sharing a row, over the gap between buttons."""
SMALLEST_CARD = 16
"""Card width (px) below which no layout is tried: only windows far below 320×480 get there."""
PYRAMID_TO_PILES = 0.4
"""Gap between the pyramid and the piles, over card width (at least two margins)."""


@dataclass
class TableLayout:
    """Rectangles of one window size. Build with :func:`compute_layout`."""

    size: tuple[int, int]
    landscape: bool
    font: int
    card: tuple[int, int]
    slots: list[pygame.Rect]
    deck: pygame.Rect
    stock: pygame.Rect
    waste: pygame.Rect
    top_bar: pygame.Rect
    message: pygame.Rect
    status: pygame.Rect
    pass_area: pygame.Rect
    row_step: float = ROW_STEP
    """Distance between pyramid rows over card height: :data:`ROW_STEP`, more when the cards
    are small (the corner must show) or a tall window has height to spare."""
    deal_max_width: int = 0
    """The deal chip shrinks to its text (see :meth:`fit_deal_chip`) up to this width."""
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    stock_label: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where «Mazo» is written (above the deck and the stock's top card, or beside them)."""
    waste_label: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where «Descarte» is written."""
    margin: int = 8
    metrics: Metrics = DEFAULT_METRICS
    wastes: list[pygame.Rect] = field(default_factory=list)
    """The waste piles in pile order: one (``waste``), or three (apophis: ``W1 W2 W3``)."""
    piles: int = 1
    """How many waste piles the layout has room for."""
    pile_places: tuple[int, ...] = (DECK, STOCK, WASTE)
    """The places of the piles a tap can hit: the deck, the stock's top card when it lies face
    up (else ``stock`` is an empty rectangle and no place) and the waste piles."""
    mirrored: bool = False
    """Laid out for the left hand: see :func:`mirror`."""
    columns: list[list[pygame.Rect]] = field(default_factory=list)
    """Face-up columns (Giza): per column, the rectangle of each card, the bottom card first;
    each lies lower than the one before by :attr:`column_step`, the last one whole."""
    column_step: int = 0
    column_targets: list[pygame.Rect] = field(default_factory=list)
    """Per column, where a tap hits it: its cards' room, or a larger rectangle around them when
    its cards are drawn smaller than the smallest tap target (see :func:`compute_layout`)."""
    cell: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """The free cell beside the waste (a variant with one, :mod:`rules.stock.cell`), else empty."""
    cell_label: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where «Celda» is written over the cell, when the piles' labels go above them (empty: it is
    written in the empty cell instead, and a full cell's card says what it is)."""
    reserve: list[pygame.Rect] = field(default_factory=list)
    """A reserve row (:mod:`rules.stock.reserve`): each place's card, ``X0`` first, else none."""
    reserve_targets: list[pygame.Rect] = field(default_factory=list)
    """Per reserve place, where a tap hits it: its card, or a larger rectangle around it when the
    card is drawn smaller than the smallest tap target."""
    reserve_label: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where «Reserva» is written, over the reserve row (empty: not written)."""

    @property
    def step(self) -> int:
        """Visible height of a covered card's top strip."""
        return round(self.card[1] * self.row_step)

    def place_rect(self, place: int, state: State | None = None) -> pygame.Rect:
        """Where the card of ``place`` lies. A column's top card lies lower the more cards the
        column holds: in ``state`` (its bottom place when empty), or a full column without one."""
        if place < SLOTS:
            return self.slots[place]
        if place in WASTE_PILES:
            return self.wastes[WASTE_PILES.index(place)]
        index = reserve_of(place)
        if index is not None:
            return self.reserve[index]
        column = column_of(place)
        if column is not None:
            rects = self.columns[column]
            if state is None:
                return rects[-1]
            top = state.column_top_index(column)
            return rects[0 if top is None else top]
        return {STOCK: self.stock, WASTE: self.waste, DECK: self.deck, CELL: self.cell}[place]

    def column_area(self, column: int) -> pygame.Rect:
        """The room of a whole column (all its cards)."""
        rects = self.columns[column]
        return rects[0].unionall(rects)

    def column_target(self, column: int) -> pygame.Rect:
        """Where a tap hits column ``column``: its whole room, or more (:attr:`column_targets`)."""
        area = self.column_area(column)
        return area.union(self.column_targets[column]) if self.column_targets else area

    def tap_point(self, place: int, state: State | None = None) -> tuple[int, int]:
        """A point that hits ``place`` whatever lies around it (the top strip of a pyramid card)."""
        rect = self.place_rect(place, state)
        if place < SLOTS:
            return rect.centerx, rect.top + self.step // 2
        return rect.center

    def hit_place(self, pos: tuple[int, int], pyramid: int, state: State | None = None) -> int | None:
        """The place under ``pos``: the topmost pyramid card present in mask ``pyramid``, a pile,
        a column (anywhere on it: only its top card can be played; in ``state`` it must hold a
        card), a reserve place (anywhere on its target; in ``state``, while it holds its card),
        or None."""
        for slot in range(SLOTS - 1, -1, -1):
            if pyramid >> slot & 1 and self.slots[slot].collidepoint(pos):
                return slot
        for column in range(len(self.columns)):
            if self.column_target(column).collidepoint(pos):
                empty = state is not None and state.column_top_index(column) is None
                return None if empty else column_place(column)
        for index, target in enumerate(self.reserve_targets):
            if target.collidepoint(pos):
                place = reserve_place(index)
                return None if state is not None and state.card_at(place) is None else place
        for place in self.pile_places:
            if self.place_rect(place).collidepoint(pos):
                return place
        return None

    def fit_deal_chip(self, text_width: int) -> None:
        """Make the deal chip as wide as its text (plus padding), within its maximum."""
        chip = self.buttons["deal"]
        right = chip.right
        chip.width = max(self.metrics.min_tap, min(self.deal_max_width, text_width + 2 * self.font))
        if self.mirrored:  # the chip keeps to its margin
            chip.right = right

    def hit_button(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None

    def regions(self) -> dict[str, pygame.Rect]:
        """Every rectangle besides the pyramid's cards that nothing else may overlap: bars,
        the line under the table, piles, pile labels and every button (the deal chip and the
        pass text share the top bar, so the bar itself is not listed)."""
        regions = {
            "message": self.message,
            "status": self.status,
            "pass": self.pass_area,
            "deck": self.deck,
            "stock_label": self.stock_label,
            "waste_label": self.waste_label,
        }
        regions.update({place_name(place): self.place_rect(place) for place in self.pile_places[1:]})
        regions.update({f"button:{name}": rect for name, rect in self.buttons.items()})
        regions.update({f"column:{c}": self.column_target(c) for c in range(len(self.columns))})
        regions.update({place_name(reserve_place(k)): t for k, t in enumerate(self.reserve_targets)})
        if self.reserve_label.width:
            regions["reserve_label"] = self.reserve_label
        if self.cell_label.width:
            regions["cell_label"] = self.cell_label
        return regions


UNCENTRED_GAIN = 1.2


def column_card_key(column: int, index: int, depth: int) -> int:
    """A key for card ``index`` of column ``column`` among the places an animation hides (the
    deal hides each column card until it lands): negative, so it never names a place."""
    return -1 - (column * depth + index)


BESIDE = (
    Arrangement(True, centred=True),
    Arrangement(True, two_rows=True, centred=True),
    Arrangement(True),
    Arrangement(True, two_rows=True),
    Arrangement(True, buttons_in_grid=True),
)
UNDER = (
    Arrangement(False),
    Arrangement(False, buttons_in_grid=True),
    Arrangement(False, labels_above=False, buttons_in_grid=True),
)


COLUMNS_BESIDE = (
    Arrangement(True, two_rows=True, centred=True),
    Arrangement(True, two_rows=True),
    Arrangement(False),
    Arrangement(False, two_rows=True),
)
"""Giza in landscape: the columns in two rows beside the pyramid, or in one or two rows under it."""
COLUMNS_UNDER = (Arrangement(False), Arrangement(False, two_rows=True))
"""Giza in portrait: the columns in one row under the pyramid, or in two."""
RESERVE_BESIDE = (
    *BESIDE[:4],
    Arrangement(True, reserve_beside=True),
    Arrangement(True, reserve_beside=True, reserve_rows=2),
    Arrangement(True, two_rows=True, reserve_beside=True, reserve_rows=2),
    Arrangement(True, buttons_in_grid=True, reserve_beside=True),
    Arrangement(True, buttons_in_grid=True, reserve_beside=True, reserve_rows=2),
    Arrangement(True, bare_row=True, reserve_beside=True, reserve_rows=2),
)
"""A reserve in landscape: its row under the pyramid and the piles beside it (preferred, as the
table is dealt), or the row (or two rows) over the piles beside the pyramid (low windows); the
last, without labels and with «Robar» and «Otra vuelta» beside the piles, for windows under 360
px high (568×320: 36 px cards, as the default game's, not 26)."""
RESERVE_UNDER = (*UNDER, Arrangement(False, bare_row=True))
"""A reserve in portrait: the row under the pyramid, the piles under it (the last: without
their labels, their buttons beside them, for the smallest windows)."""


def compute_layout(
    size: tuple[int, int],
    metrics: Metrics = DEFAULT_METRICS,
    variant: Variant = PYRAMID,
    mirrored: bool = False,
) -> TableLayout:
    """The layout of a window of ``size`` for ``variant`` (:func:`_laid_out`); ``mirrored``: for
    left-handed and one-handed play, with the piles on the left (:func:`mirror`). A large text
    size steps down (by :data:`TEXT_STEP`) where it would leave cards under a tap target or under
    :data:`CARD_KEPT` of their size at 100 %: the cards are what the player reads first."""
    layout = _laid_out(size, metrics, variant)
    if metrics.text_scale > 1:
        plain = _laid_out(size, replace(metrics, text_scale=1.0), variant)
        least = max(metrics.min_tap, CARD_KEPT * min(plain.card))
        scale = metrics.text_scale
        while scale > 1 and min(layout.card) < least:
            scale = max(1.0, scale - TEXT_STEP)
            layout = plain if scale == 1 else _laid_out(size, replace(metrics, text_scale=scale), variant)
    return mirror(layout) if mirrored else layout


TEXT_STEP = 0.25
"""How much a text size too large for the window steps down at a time (a quarter of 100 %)."""
CARD_KEPT = 0.6
"""The share of their size at 100 % text that the cards keep at any text size."""


def _laid_out(size: tuple[int, int], metrics: Metrics, variant: Variant) -> TableLayout:
    """The layout of a window of ``size`` for ``variant``: the arrangement of its orientation
    that gives the largest cards (a centred pyramid wins unless the others give
    :data:`UNCENTRED_GAIN` larger ones). When nothing fits, margins and fonts shrink to their
    minimum, then the pyramid's strips a little (:func:`_low_window`, :func:`_giza_on_a_phone`);
    below about 320×480 (or 640×360) cards may get smaller than ``metrics.min_tap``. The variant's
    stock kind decides the block beside the pyramid (:data:`BLOCKS`)."""
    landscape = size[0] > size[1]
    plan = BLOCKS[variant.stock_kind.name]
    arrangements = plan.beside if landscape else plan.under
    smallest = replace(metrics, margin_share=0.0, font_share=0.0)
    for tried in (metrics, smallest):
        best: TableLayout | None = None
        best_score = 0.0
        chosen = arrangements[0]
        for arrangement in arrangements:
            layout = _largest(size, tried, arrangement, variant)
            if layout is None:
                continue
            centred = arrangement.centred or not arrangement.beside
            score = layout.card[0] * (UNCENTRED_GAIN if centred else 1.0)
            if score > best_score:
                best, best_score, chosen = layout, score, arrangement
        if best is not None:
            if not landscape:
                best = plan.grown(size, tried, chosen, best, variant)
            best.metrics = metrics
            return best
    best = plan.small_window(size, metrics, smallest, arrangements, variant)
    if best is not None:
        best.metrics = metrics
        return best
    squeezed = _build(size, smallest, arrangements[-1], SMALLEST_CARD, variant, force=True)
    assert squeezed is not None
    squeezed.metrics = metrics
    return squeezed


def _giza_on_a_phone(
    size: tuple[int, int],
    metrics: Metrics,
    smallest: Metrics,
    arrangements: tuple[Arrangement, ...],
    variant: Variant,
) -> TableLayout | None:
    """A window too small for Giza at full size (a phone below about 400×660). In turn:

    1. every card the same, as large as fits, the columns' strips thinner than
       ``metrics.min_corner`` (they are no tap targets: a column plays its top card, tapped
       anywhere on the column) — taken while the cards stay ``metrics.min_tap`` wide;
    2. the pyramid at ``metrics.min_tap`` and the columns' cards drawn smaller (down to
       :data:`SMALLEST_COLUMN_CARD`), each column's tap rectangle still ``metrics.min_tap`` on
       both sides around them (in two rows of four on a phone); margins and fonts at their
       smallest if need be, and last the pyramid's strips a little thinner (:data:`PHONE_ROW_STEP`);
    3. every card as large as fits, below ``metrics.min_tap`` (only windows like 320×480,
       where a tappable pyramid leaves no height for eight tappable columns)."""
    uniform = [_largest(size, smallest, arrangement, variant, cramped=True) for arrangement in arrangements]
    fitting = [layout for layout in uniform if layout is not None]
    best = max(fitting, key=lambda layout: layout.card[0]) if fitting else None
    if best is not None and best.card[0] >= metrics.min_tap:
        return best
    tries = (
        (metrics, False, ()), (smallest, False, ()), (metrics, False, BAR_CONTROLS),
        (smallest, False, BAR_CONTROLS), (smallest, True, ()), (smallest, True, BAR_CONTROLS),
    )  # fmt: skip
    for tried, give, in_bar in tries:
        smaller = [
            _largest(size, tried, a, variant, targets=True, give=give, in_bar=in_bar) for a in arrangements
        ]
        found = [layout for layout in smaller if layout is not None]
        if found:
            return max(found, key=_small_card_w)
    return best


def _small_card_w(layout: TableLayout) -> int:
    """The width of the cards a phone draws smaller (the columns', or the reserve's)."""
    return ([column[0] for column in layout.columns] + layout.reserve)[0].width


GROW_STEPS = 8
"""How finely :func:`_grown` tries to give a tall window's spare height away."""
CONTROLS_GROW = 0.5
"""In a tall window, controls grow up to this share taller (easier to hit on a phone)."""
BARS_GROW = 0.25
"""…the top bar, the message line and the status bar up to this share taller…"""
PILES_GROW = 0.25
"""…the stock's and the waste's cards up to this share larger than the pyramid's…"""
STEP_GROW = 0.08
"""…and the pyramid's rows up to this much farther apart (over card height, past
:data:`MAX_ROW_STEP`): more of each covered card shows."""


def _grown(
    size: tuple[int, int], metrics: Metrics, arrangement: Arrangement, layout: TableLayout, variant: Variant
) -> TableLayout:
    """A portrait window taller than its cards need (they are as wide as the window allows):
    its spare height given to bigger controls, bars and piles and to wider rows, as far as it
    all still fits (``grow`` from 0 to 1), the rest shared evenly by the gaps above the pyramid,
    under it and under the piles, so that no band of the window is left empty."""
    best = layout
    for k in range(1, GROW_STEPS + 1):
        grown = _build(size, metrics, arrangement, layout.card[0], variant, grow=k / GROW_STEPS)
        if grown is None:
            break
        best = grown
    return best


PHONE_ROW_STEP = 0.4
"""With the columns drawn smaller (:func:`_giza_on_a_phone`), the pyramid's rows step this share
of a card's height (:data:`ROW_STEP` otherwise), down to :data:`PHONE_STRIP_GIVE` pixels under
``metrics.min_corner``: what lets 44 px cards fit a 640×360 window (a strip of 25 px, not 26)."""
PHONE_STRIP_GIVE = 2


def _low_window(
    size: tuple[int, int],
    metrics: Metrics,
    smallest: Metrics,
    arrangements: tuple[Arrangement, ...],
    variant: Variant,
) -> TableLayout | None:
    """A window too low for the pyramid's seven rows at full size (a phone held sideways,
    640×360 and lower): the pyramid's strips a little thinner (:data:`PHONE_ROW_STEP`) if that
    keeps the cards ``metrics.min_tap`` wide, else every card as large as fits, below it."""
    for give, cramped in ((True, False), (False, True)):
        layouts = [_largest(size, smallest, a, variant, cramped=cramped, give=give) for a in arrangements]
        fitting = [layout for layout in layouts if layout is not None]
        if fitting:
            return max(fitting, key=lambda layout: layout.card[0])
    return None


SMALLEST_COLUMN_CARD = 28
"""The narrowest a column card is drawn (px) while its column's tap rectangle is kept at
``metrics.min_tap`` (:func:`_giza_on_a_phone`): its corner index still reads."""
SMALLEST_BAR_COLUMN_CARD = 24
"""The same with two controls moved up into the top bar (:data:`BAR_CONTROLS`, windows like
320×480 only): a 24×34 card's strip of 10 px still shows its whole corner rank."""


def _largest(
    size: tuple[int, int],
    metrics: Metrics,
    arrangement: Arrangement,
    variant: Variant,
    *,
    cramped: bool = False,
    targets: bool = False,
    give: bool = False,
    in_bar: tuple[str, ...] = (),
) -> TableLayout | None:
    """The layout with the widest card that fits (binary search: fitting is monotone in card size).
    ``cramped``: cards may be narrower than ``metrics.min_tap`` and covered strips thinner than
    ``metrics.min_corner`` (the last resort of a window too small for Giza's columns).
    ``targets``: the pyramid's cards ``metrics.min_tap`` wide, and the widest *column* card that
    fits with every column's tap rectangle ``metrics.min_tap`` on both sides. ``give``: the
    pyramid's strips as :data:`PHONE_ROW_STEP` allows."""
    if targets:
        low, high = (SMALLEST_BAR_COLUMN_CARD if in_bar else SMALLEST_COLUMN_CARD), metrics.min_tap
    else:
        low, high = (SMALLEST_CARD if cramped else metrics.min_tap), max(size)
    found = None
    while low <= high:
        middle = (low + high) // 2
        if targets:
            layout = _build(
                size, metrics, arrangement, metrics.min_tap, variant,
                column_w=middle, give=give, in_bar=in_bar,
            )  # fmt: skip
        else:
            layout = _build(size, metrics, arrangement, middle, variant, cramped=cramped, give=give)
        if layout is None:
            high = middle - 1
        else:
            found, low = layout, middle + 1
    return found


def _frame(
    size: tuple[int, int],
    metrics: Metrics,
    pile_buttons_in_grid: bool,
    in_bar: tuple[str, ...] = (),
    grow: float = 0.0,
) -> Fixed:
    """The bars, the line and the controls; ``in_bar``: these controls go in the top bar, at its
    right end, and the others make fewer rows under the table; ``grow``: see :func:`_grown`."""
    width, height = size
    margin = metrics.margin(size)
    gap = max(4, margin // 2)
    font = metrics.font(size)
    button_h = round(metrics.button_h(font) * (1 + CONTROLS_GROW * grow))
    line_h = round(max(18, round(font * 1.6)) * (1 + BARS_GROW * grow))
    bar_h = round(max(metrics.min_tap, round(font * 2.4)) * (1 + BARS_GROW * grow))
    status = pygame.Rect(0, height - line_h, width, line_h)
    every = (*PILE_CONTROLS, *CONTROLS) if pile_buttons_in_grid else CONTROLS
    names = tuple(name for name in every if name not in in_bar)
    inner = width - 2 * margin
    rows = _control_rows(names, inner, font, metrics.min_tap, gap)
    controls_top = status.top - gap - (len(rows) * button_h + (len(rows) - 1) * gap)
    controls = []
    for index, row in enumerate(rows):
        left = (width - sum(w + before for _, w, before in row)) // 2
        y = controls_top + index * (button_h + gap)
        for name, button_w, before in row:
            left += before
            controls.append((name, pygame.Rect(left, y, button_w, button_h)))
            left += button_w
    message = pygame.Rect(margin, controls_top - gap - line_h, inner, line_h)
    top_bar = pygame.Rect(0, 0, width, bar_h)
    play = pygame.Rect(margin, bar_h + margin, inner, message.top - gap - bar_h - margin)
    label_gap = max(6, round(font * 0.6))
    label_h = round(font * 1.4) + label_gap
    bar_left = 0
    if in_bar:
        bar_w = max(metrics.min_tap, round(font * BAR_BUTTON_EMS))
        bar_left = width - margin - len(in_bar) * bar_w - (len(in_bar) - 1) * gap
        button_y = (bar_h - min(bar_h, button_h)) // 2
        for k, name in enumerate(in_bar):
            x = bar_left + k * (bar_w + gap)
            controls.append((name, pygame.Rect(x, button_y, bar_w, min(bar_h, button_h))))
    return Fixed(
        margin, gap, font, button_h, label_h, label_gap, play, controls, top_bar, message, status, bar_left
    )


def _control_rows(
    names: tuple[str, ...], inner: int, font: int, min_tap: int, gap: int
) -> list[list[tuple[str, int, int]]]:
    """The controls ``names`` in rows across ``inner`` pixels: per row, each control's name, width
    and the room left before it. Primary and secondary controls share one row, parted by a wider
    gap, when both groups fit it (the primary ones wide enough for their icon beside their label,
    :data:`PRIMARY_EMS`, or else above it, :data:`PRIMARY_ALONE_EMS`); else each group takes rows
    of its own, as few as fit, its controls as wide as they may be."""
    primary = [n for n in names if n in PRIMARY_CONTROLS]
    secondary = [n for n in names if n not in PRIMARY_CONTROLS]
    second = (max(min_tap, round(font * SECONDARY_EMS[0])), max(min_tap, round(font * SECONDARY_EMS[1])))
    alone = max(min_tap, round(font * PRIMARY_ALONE_EMS))
    wide = max(min_tap, round(font * PRIMARY_EMS[1]))
    if primary and secondary:
        group_gap = round(gap * GROUP_GAP) + gap
        gaps = (len(names) - 2) * gap + group_gap
        for first in (max(min_tap, round(font * PRIMARY_EMS[0])), alone):
            least = len(primary) * first + len(secondary) * second[0] + gaps
            if least > inner:
                continue
            grow = min((inner - gaps) / (least - gaps), wide / first, second[1] / second[0])
            row = [(name, int(first * grow), gap if i else 0) for i, name in enumerate(primary)]
            narrow = int(second[0] * grow)
            row += [(name, narrow, gap if i else group_gap) for i, name in enumerate(secondary)]
            return [row]
    rows = []
    for group, narrow, widest in ((primary, alone, wide), (secondary, *second)):
        if not group:
            continue
        per_row = max(1, min(len(group), (inner + gap) // (narrow + gap)))
        lines = -(-len(group) // per_row)
        per_row = -(-len(group) // lines)
        button_w = min(widest if lines == 1 else 2 * widest, (inner - (per_row - 1) * gap) // per_row)
        for line in range(lines):
            chunk = group[line * per_row : (line + 1) * per_row]
            rows.append([(name, button_w, gap if i else 0) for i, name in enumerate(chunk)])
    return rows


def _build(
    size: tuple[int, int],
    metrics: Metrics,
    arrangement: Arrangement,
    card_w: int,
    variant: Variant = PYRAMID,
    *,
    force: bool = False,
    cramped: bool = False,
    column_w: int | None = None,
    give: bool = False,
    in_bar: tuple[str, ...] = (),
    grow: float = 0.0,
) -> TableLayout | None:
    """The layout with cards ``card_w`` wide, or None if it does not fit (``force``: even so;
    ``cramped``: see :func:`_largest`; ``column_w``: the columns' cards this wide, their strips
    as thin as they come, each column's tap rectangle at least ``metrics.min_tap``; ``give``:
    the pyramid's strips as :data:`PHONE_ROW_STEP` allows; ``in_bar``: these controls in the top
    bar, see :func:`_frame`; ``grow``: a tall window's spare height given away, see :func:`_grown`)."""
    frame = _frame(size, metrics, arrangement.buttons_in_grid and variant.has_stock, in_bar, grow)
    card_metrics = replace(metrics, min_corner=0) if cramped else metrics
    card_h = round(card_w * CARD_ASPECT)
    step = _row_step(card_h, card_metrics, give)
    if step > card_h * MAX_ROW_STEP and not force:
        return None  # cards too small to show their corners without spreading the rows apart
    if not force and not cramped and card_w < metrics.min_tap:
        return None
    sizes = BlockSizes(metrics, card_metrics, card_w, column_w, grow)
    block = BLOCKS[variant.stock_kind.name].block(arrangement, frame, sizes, variant)
    play = frame.play
    shape = variant.shape
    widest = max(map(shape.row_length, range(shape.rows))) * card_w
    below_w, below_h = block.under_pyramid  # a reserve row under the pyramid, part of its column
    pyramid_w = max(widest, below_w)
    if arrangement.beside:
        between = max(2 * frame.margin, round(card_w * PYRAMID_TO_PILES))
        group_w = pyramid_w + between + block.width
        if arrangement.centred:
            group_w += between + block.width
        fixed_h = block.height
    else:
        between = frame.gap if in_bar else max(frame.margin, round(card_h * 0.12))
        group_w = max(pyramid_w, block.width)
        fixed_h = between + block.height
    pyramid_h = card_h + (shape.rows - 1) * step + below_h
    group_h = max(pyramid_h, block.height) if arrangement.beside else pyramid_h + fixed_h
    if (group_w > play.width or group_h > play.height) and not force:
        return None
    step = _spread(step, card_h, play.height - group_h, shape.rows, MAX_ROW_STEP + STEP_GROW * grow)
    pyramid_h = card_h + (shape.rows - 1) * step + below_h
    group_h = max(pyramid_h, block.height) if arrangement.beside else pyramid_h + fixed_h
    spare = max(0, play.height - group_h)
    top = play.top + spare // 2
    if (
        not arrangement.beside and grow
    ):  # a third above the pyramid, a third under it, a third under the piles
        top = play.top + spare // 3
        between += spare // 3
    left, piles_pos = _positions(
        size[0], play, arrangement, (pyramid_w, pyramid_h), block_w=block.width, top=top, between=between
    )
    layout = _skeleton(size, metrics, frame, (card_w, card_h), step)
    layout.slots = _pyramid(shape, (left + (pyramid_w - widest) // 2, top), (card_w, card_h), step)
    block.place(layout, *piles_pos)
    return layout


def _positions(
    width: int, play: pygame.Rect, arrangement: Arrangement, pyramid: tuple[int, int], *, block_w: int,
    top: int, between: int,
) -> tuple[int, tuple[int, int]]:  # fmt: skip
    """The pyramid's left edge and the piles' top left corner. Beside: the pyramid centred in the
    window when the piles still fit to its right, else the pyramid and the piles centred together
    (the same room left and right). Under: both centred."""
    pyramid_w, pyramid_h = pyramid
    if not arrangement.beside:
        return (width - pyramid_w) // 2, ((width - block_w) // 2, top + pyramid_h + between)
    left = (width - pyramid_w) // 2
    if left + pyramid_w + between + block_w > play.right:
        left = (width - (pyramid_w + between + block_w)) // 2
    left = max(play.left, left)
    return left, (left + pyramid_w + between, top)


@dataclass(frozen=True)
class BlockSizes:
    """What :func:`_build` tells a block plan: the metrics, those of the cards (``cramped``:
    corners may be thinner), the card width, the columns' card width when they are drawn
    smaller (``column_w``, else None) and a tall window's ``grow`` (see :func:`_grown`)."""

    metrics: Metrics
    card_metrics: Metrics
    card_w: int
    column_w: int | None
    grow: float


Block = PileBlock | ColumnBlock | ReserveBlock


def _pile_block(arrangement: Arrangement, frame: Fixed, sizes: BlockSizes, variant: Variant) -> Block:
    """The piles with cards ``card_w`` wide, larger by ``grow`` (see :func:`_grown`) while
    they still fit the window's width."""
    kind = variant.stock_kind
    for scale in (1 + PILES_GROW * sizes.grow, 1.0):
        pile_w = round(sizes.card_w * scale)
        block = PileBlock(arrangement, frame, sizes.metrics, (pile_w, round(pile_w * CARD_ASPECT)), kind)
        if block.width <= frame.play.width:
            break
    return block


def _column_block(arrangement: Arrangement, frame: Fixed, sizes: BlockSizes, variant: Variant) -> Block:
    """The columns, with cards as wide as the pyramid's, or ``column_w`` wide with their strips
    as thin as they come and each column's tap rectangle ``metrics.min_tap``."""
    if sizes.column_w is None:
        card = (sizes.card_w, round(sizes.card_w * CARD_ASPECT))
        return ColumnBlock(arrangement, frame, sizes.card_metrics, card, variant)
    thin = replace(sizes.metrics, min_corner=0)
    card = (sizes.column_w, round(sizes.column_w * CARD_ASPECT))
    return ColumnBlock(arrangement, frame, thin, card, variant, target=sizes.metrics.min_tap)


def _not_grown(
    size: tuple[int, int], metrics: Metrics, arrangement: Arrangement, layout: TableLayout, variant: Variant
) -> TableLayout:
    """A block that keeps its size in a tall window (the columns): the layout as it is."""
    del size, metrics, arrangement, variant  # the signature of _grown
    return layout


@dataclass(frozen=True)
class BlockPlan:
    """How the block of one stock kind is laid out: its arrangements beside the pyramid
    (landscape) and under it (portrait), how it is built, what a tall portrait window does
    with its spare height, and what a window too small for it does."""

    beside: tuple[Arrangement, ...]
    under: tuple[Arrangement, ...]
    block: Callable[[Arrangement, Fixed, BlockSizes, Variant], Block]
    grown: Callable[[tuple[int, int], Metrics, Arrangement, TableLayout, Variant], TableLayout]
    small_window: Callable[
        [tuple[int, int], Metrics, Metrics, tuple[Arrangement, ...], Variant], TableLayout | None
    ]


def _row_step(card_h: int, metrics: Metrics, give: bool) -> int:
    """How far apart the pyramid's rows lie: :data:`ROW_STEP` of a card, at least the corner
    strip; with ``give`` (a phone, see :data:`PHONE_ROW_STEP`) a little less."""
    if give:
        return max(round(card_h * PHONE_ROW_STEP), metrics.min_corner - PHONE_STRIP_GIVE)
    return max(round(card_h * ROW_STEP), metrics.min_corner)


def _spread(step: int, card_h: int, spare: int, rows: int, widest: float = MAX_ROW_STEP) -> int:
    """A wider row step when the table has height to spare (more of every covered card shows),
    up to ``widest`` of a card."""
    if spare <= 0:
        return step
    wider = step + int(spare * SPARE_TO_STEP / max(1, rows - 1))
    return max(step, min(wider, round(card_h * widest)))


def _skeleton(
    size: tuple[int, int], metrics: Metrics, frame: Fixed, card: tuple[int, int], step: int
) -> TableLayout:
    """The layout's bars, line, controls and deal chip; the cards are placed by the caller."""
    width = size[0]
    margin, font = frame.margin, frame.font
    empty = pygame.Rect(0, 0, 0, 0)
    bar_h = frame.top_bar.height
    pass_w = max(90, font * 8)
    pass_area = pygame.Rect(width - margin - pass_w, 0, pass_w, bar_h)
    if frame.bar_controls_left:  # controls in the top bar (Giza, which counts no passes)
        pass_area = pygame.Rect(frame.bar_controls_left, 0, 0, bar_h)
    layout = TableLayout(
        size, size[0] > size[1], font, card, [], empty.copy(), empty.copy(), empty.copy(),
        frame.top_bar, frame.message, frame.status, pass_area, step / card[1],
        margin=margin, metrics=metrics,
    )  # fmt: skip
    chip_w = max(metrics.min_tap, min(pass_area.left - 2 * margin, round(font * 30)))
    chip_h = min(bar_h, max(metrics.min_tap, round(font * 1.9)))
    layout.buttons["deal"] = pygame.Rect(margin, (bar_h - chip_h) // 2, chip_w, chip_h)
    layout.deal_max_width = chip_w
    for name, rect in frame.controls:
        layout.buttons[name] = rect
    return layout


def _pyramid(shape: Shape, corner: tuple[int, int], card: tuple[int, int], step: int) -> list[pygame.Rect]:
    """Slot rectangles of ``shape``, rows centred on the widest from ``corner`` (its top left):
    a row one card shorter is shifted half a card, so each card sits on the two that cover it."""
    card_w, card_h = card
    widest = max(map(shape.row_length, range(shape.rows)))
    rects = []
    for slot in range(shape.slots):
        row, col = shape.row[slot], shape.col[slot]
        x = corner[0] + (widest - shape.row_length(row)) * card_w // 2 + col * card_w
        rects.append(pygame.Rect(x, corner[1] + row * step, card_w, card_h))
    return rects


def _reserve_block(arrangement: Arrangement, frame: Fixed, sizes: BlockSizes, variant: Variant) -> Block:
    """The reserve row, its cards as wide as the pyramid's, or ``column_w`` wide in tap
    rectangles of ``metrics.min_tap``; and the piles as :func:`_pile_block` makes them."""
    piles = _pile_block(arrangement, frame, sizes, variant)
    assert isinstance(piles, PileBlock)
    card_w = sizes.card_w if sizes.column_w is None else sizes.column_w
    target = 0 if sizes.column_w is None else sizes.metrics.min_tap
    card = (card_w, round(card_w * CARD_ASPECT))
    return ReserveBlock(arrangement, frame, card, piles, variant.columns, target=target)


PILES = BlockPlan(BESIDE, UNDER, _pile_block, _grown, _low_window)
"""The stock and its waste pile or piles (:class:`~game.render.piles.PileBlock`)."""
COLUMNS = BlockPlan(COLUMNS_BESIDE, COLUMNS_UNDER, _column_block, _not_grown, _giza_on_a_phone)
"""Face-up columns (:class:`~game.render.piles.ColumnBlock`)."""
RESERVE = BlockPlan(RESERVE_BESIDE, RESERVE_UNDER, _reserve_block, _grown, _giza_on_a_phone)
"""A reserve row and its piles (:class:`~game.render.piles.ReserveBlock`); a window too small
for it draws its cards smaller in whole tap rectangles, as Giza's columns."""
BLOCKS: dict[str, BlockPlan] = {
    OneWaste.name: PILES,
    WastePiles.name: PILES,
    DrawThree.name: PILES,
    OneCell.name: PILES,
    Columns.name: COLUMNS,
    Reserve.name: RESERVE,
}
"""The block plan of each stock kind, by the kind's name: a new kind adds its line."""


def mirror(layout: TableLayout) -> TableLayout:
    """``layout`` mirrored left to right, in place: the pyramid, the piles (or the columns), the
    pile controls beside them, the deal chip and the pass each move whole to their mirror place
    (what a right thumb reached, a left one does); the rows of controls under the table stay."""
    width = layout.size[0]
    bar = [rect for rect in layout.buttons.values() if rect.colliderect(layout.top_bar)]
    rows = {rect.top for name, rect in layout.buttons.items() if name in CONTROLS and rect not in bar}
    beside = [rect for name, rect in layout.buttons.items() if name in PILE_CONTROLS and rect.top not in rows]
    piles = [
        layout.deck,
        layout.stock,
        layout.waste,
        *layout.wastes,
        layout.cell,
        layout.cell_label,
        layout.stock_label,
        layout.waste_label,
    ]
    columns = [rect for column in layout.columns for rect in column] + layout.column_targets
    columns += [*layout.reserve, *layout.reserve_targets, layout.reserve_label]  # a reserve row, whole
    bar.remove(layout.buttons["deal"])
    for block in (layout.slots, piles, beside, columns, [layout.buttons["deal"]], [layout.pass_area], bar):
        _move_across(block, width)
    layout.mirrored = True
    return layout


def _move_across(block: list[pygame.Rect], width: int) -> None:
    """Move the rectangles of ``block`` together to the mirror place of the room they take."""
    unique = list({id(rect): rect for rect in block}.values())
    room = [rect for rect in unique if rect.width and rect.height]
    if not room:
        return
    whole = room[0].unionall(room)
    shift = width - whole.right - whole.left
    for rect in unique:
        rect.x += shift
