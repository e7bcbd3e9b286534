"""The piles' block of the table layout: the deck, the stock's top card, the waste, their
labels and (unless they went among the controls) «Robar» and «Otra vuelta», placed as one
block of known size for each :class:`Arrangement`; or, for a variant without a stock (Giza),
the block of its face-up columns (:class:`ColumnBlock`). Used by :mod:`game.render.layout`.

A variant with three waste piles (apophis) has no face-up stock card: the block is the deck
and the three piles side by side (in a row; or, in two rows, the deck over the three piles),
with «Descarte» written over all three. A variant with a free cell has it beside the waste, as
large as a card: between the stock and the waste in one row (so that «Descarte» written beside
the waste names the waste), right of the waste when the waste has a row of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.table_terms import DECK
from rules.moves import CELL, STOCK
from rules.stock.kind import StockKind
from rules.variant import Variant

from .metrics import Metrics

if TYPE_CHECKING:
    from .layout import TableLayout

DECK_TO_STOCK = 0.06
"""Gap between the face-down deck and the stock's face-up top card (one pile), over card width."""
STOCK_TO_WASTE = 0.3
"""Gap between the stock and the waste, over card width."""
WASTE_TO_WASTE = 0.12
"""Gap between two waste piles (three-pile variants), over card width."""
LABEL_EMS = 5.5
"""Width of a pile label placed beside its pile, over the font size."""
TIGHT_LABEL_EMS = 4.5
"""The same for a row of more than :data:`TIGHT_ROW` cards (three waste piles): labels beside
the piles are the arrangement of the smallest portrait windows, where every pixel of width
counts (the view fits the text to its place)."""
TIGHT_ROW = 3
"""The cards of the default game's row (deck, stock's top card, waste)."""
BARE_BUTTON_EMS = 6.0
"""Width of «Robar» and «Otra vuelta» side by side after the piles (``bare_row``), over the
font size (at least ``metrics.min_tap``)."""
PILE_BUTTONS = ("draw", "recycle")
"""The buttons of the piles, in their order."""
RESERVE_GAP = 0.12
"""Between the pyramid and a reserve row under it, and between two rows of a reserve beside
it, over card height (the partner border and the focus ring fit in it)."""


@dataclass(frozen=True)
class Arrangement:
    """One way of placing the piles and their buttons."""

    beside: bool
    """Piles beside the pyramid (landscape), or under it (portrait)."""
    two_rows: bool = False
    """Beside only: the deck and the stock's top card over the waste, instead of all three in a row."""
    labels_above: bool = True
    """Pile labels above the piles, or (under only) to their left and right."""
    buttons_in_grid: bool = False
    """«Robar» and «Otra vuelta» among the controls instead of next to the piles."""
    centred: bool = False
    """Beside only: the pyramid centred in the window (as much room left of it as the piles
    take on its right). Preferred unless cards get :data:`game.render.layout.UNCENTRED_GAIN` times larger."""
    bare_row: bool = False
    """The piles without their labels, «Robar» and «Otra vuelta» side by side after them on their
    line (a reserve on the smallest windows, :class:`ReserveBlock`, which drops its label too)."""
    reserve_beside: bool = False
    """A reserve row: beside the pyramid over the piles, instead of under the pyramid."""
    reserve_rows: int = 1
    """A reserve row beside the pyramid: in this many rows (the first ones fuller)."""


@dataclass(frozen=True)
class Fixed:
    """The parts of the window that do not depend on the card size."""

    margin: int
    gap: int
    font: int
    button_h: int
    label_h: int
    """Room for a pile label above its pile: the text and a gap that keeps it clear of the
    marks drawn around a card (partner border, focus ring)."""
    label_gap: int
    play: pygame.Rect
    """The room for the pyramid and the piles."""
    controls: list[tuple[str, pygame.Rect]]
    top_bar: pygame.Rect
    message: pygame.Rect
    status: pygame.Rect
    bar_controls_left: int = 0
    """Where controls moved into the top bar begin (0: none there; see
    :data:`game.render.layout.BAR_CONTROLS`): the deal chip ends a margin left of them."""


class PileBlock:
    """The deck, the stock's top card (when ``kind`` lays it face up), the waste piles, their
    labels and (unless they went to the controls) the «Robar» and «Otra vuelta» buttons, as one
    block of known size, for a stock kind with waste piles."""

    under_pyramid = (0, 0)
    """The room (width, height) a block takes right under the pyramid, apart from its own
    rectangle: none (a reserve row may, :class:`ReserveBlock`)."""

    def __init__(
        self, arrangement: Arrangement, frame: Fixed, metrics: Metrics, card: tuple[int, int], kind: StockKind
    ) -> None:
        card_w, card_h = card
        self.arrangement = arrangement
        self.frame = frame
        self.card = card
        self.piles = piles = kind.waste_piles
        self.cells = int(CELL in kind.places())
        self.places = (
            DECK,
            *((STOCK,) if kind.stock_face_up else ()),
            *kind.waste_places(),
            *(CELL,) * self.cells,
        )
        self.small = round(card_w * DECK_TO_STOCK)
        self.big = max(frame.gap, round(card_w * STOCK_TO_WASTE))
        self.between = max(frame.gap, round(card_w * WASTE_TO_WASTE))
        gap, button_h, label_h = frame.gap, frame.button_h, frame.label_h
        self.label_w = round(frame.font * LABEL_EMS)
        if len(self.places) > TIGHT_ROW and not arrangement.labels_above:
            self.label_w = round(frame.font * TIGHT_LABEL_EMS)
            self.big = self.between = gap
        self.stacked = False
        in_grid = arrangement.buttons_in_grid
        wastes_w = piles * card_w + (piles - 1) * self.between + self.cells * (self.big + card_w)
        if arrangement.bare_row:  # no labels; the two buttons side by side after the cards
            self.buttons_w = max(metrics.min_tap, round(frame.font * BARE_BUTTON_EMS))
            self.width = self._row_width() + frame.margin + 2 * self.buttons_w + gap
            self.height = max(card_h, button_h)
            return
        if arrangement.beside:
            if arrangement.two_rows:
                self.width = max(self._pile_width(), wastes_w)
                self.height = 2 * (label_h + card_h) + gap
            else:
                self.width = self._row_width()
                self.height = label_h + card_h
            narrowest = max(metrics.min_tap, round(frame.font * metrics.button_min_ems * 0.8))
            self.stacked = (self.width - gap) // 2 < narrowest
            if not in_grid:
                self.height += (gap + button_h) * (2 if self.stacked else 1)
            return
        cards_w = self._row_width()
        if arrangement.labels_above:
            self.width, self.height = cards_w, label_h + card_h
        else:
            self.width, self.height = cards_w + 2 * (self.label_w + gap), card_h
        self.buttons_w = max(metrics.min_tap * 2, round(frame.font * 7))
        if not in_grid:
            self.width += frame.margin + self.buttons_w
            self.height = max(self.height, 2 * button_h + gap)

    def _labels(self, layout: TableLayout, pile: pygame.Rect, waste: pygame.Rect, row_end: int) -> None:
        """«Mazo» over (or left of) the deck and the stock, «Descarte» over the waste piles (or
        right of the row, which ends at ``row_end``); room for «Celda» over a cell when the labels
        go above (the table view writes it there only when it keeps clear of «Descarte»)."""
        frame, card_h = self.frame, self.card[1]
        label_h, gap = frame.label_h, frame.gap
        if self.arrangement.labels_above:
            text_h = label_h - frame.label_gap
            layout.stock_label = pygame.Rect(pile.left, pile.top - label_h, pile.width, text_h)
            layout.waste_label = pygame.Rect(waste.left, waste.top - label_h, waste.width, text_h)
            if self.cells:
                cell = layout.cell
                layout.cell_label = pygame.Rect(cell.left, cell.top - label_h, cell.width, text_h)
        else:
            layout.stock_label = pygame.Rect(pile.left - gap - self.label_w, pile.top, self.label_w, card_h)
            layout.waste_label = pygame.Rect(row_end + gap, waste.top, self.label_w, card_h)

    def _bare_buttons(self, layout: TableLayout, left: int, top: int) -> None:
        """No pile labels; «Robar» and «Otra vuelta» side by side from ``left``, on the cards' line."""
        nowhere = pygame.Rect(layout.deck.topleft, (0, 0))  # moves with the piles when mirrored
        layout.stock_label, layout.waste_label = nowhere, nowhere.copy()
        button_h = self.frame.button_h
        buttons_top = top + (self.height - button_h) // 2
        for k, name in enumerate(PILE_BUTTONS):
            x = left + k * (self.buttons_w + self.frame.gap)
            layout.buttons[name] = pygame.Rect(x, buttons_top, self.buttons_w, button_h)

    def _pile_width(self) -> int:
        """The deck and the stock's top card (when it lies face up) side by side."""
        card_w = self.card[0]
        return card_w + (self.small + card_w if STOCK in self.places else 0)

    def _row_width(self) -> int:
        """The deck, the stock's top card, the cell and the waste piles in one row."""
        card_w = self.card[0]
        wastes = self.piles * card_w + (self.piles - 1) * self.between
        return self._pile_width() + self.big + wastes + self.cells * (self.big + card_w)

    def place(self, layout: TableLayout, left: int, top: int) -> None:
        arrangement, frame = self.arrangement, self.frame
        card_w, card_h = self.card
        label_h, gap, button_h = frame.label_h, frame.gap, frame.button_h
        bare = arrangement.bare_row
        above = arrangement.labels_above and not bare
        label_room = label_h if above else 0
        cards_top = top + label_room
        if (bare or not arrangement.beside) and not arrangement.buttons_in_grid:
            cards_top += (self.height - card_h - label_room) // 2
        x = left if above or bare else left + self.label_w + gap
        layout.deck = pygame.Rect(x, cards_top, card_w, card_h)
        layout.pile_places = self.places
        layout.piles = self.piles
        layout.stock = pygame.Rect(layout.deck.center, (0, 0))  # face down: no card of its own
        if STOCK in self.places:
            layout.stock = pygame.Rect(x + card_w + self.small, cards_top, card_w, card_h)
        pile = layout.deck.union(layout.stock)
        if arrangement.two_rows:
            waste_top, waste_left = cards_top + card_h + gap + label_h, x
        else:  # a cell lies between the stock and the waste, whose label stays beside it
            waste_top, waste_left = cards_top, pile.right + self.big + self.cells * (card_w + self.big)
        step = card_w + self.between
        layout.wastes = [
            pygame.Rect(waste_left + k * step, waste_top, card_w, card_h) for k in range(self.piles)
        ]
        layout.waste = layout.wastes[0]
        waste = layout.wastes[0].unionall(layout.wastes[1:])
        row_end = waste
        if self.cells:
            cell_left = waste.right + self.big if arrangement.two_rows else pile.right + self.big
            layout.cell = pygame.Rect(cell_left, waste_top, card_w, card_h)
            row_end = waste.union(layout.cell)
        if bare:  # no labels: the status bar counts the stock
            self._bare_buttons(layout, row_end.right + frame.margin, top)
            return
        self._labels(layout, pile, waste, row_end.right)
        if arrangement.buttons_in_grid:
            return
        if arrangement.beside:
            below = max(row_end.bottom, layout.deck.bottom) + gap
            if self.stacked:
                layout.buttons["draw"] = pygame.Rect(left, below, self.width, button_h)
                layout.buttons["recycle"] = pygame.Rect(left, below + button_h + gap, self.width, button_h)
                return
            half = (self.width - gap) // 2
            layout.buttons["draw"] = pygame.Rect(left, below, half, button_h)
            layout.buttons["recycle"] = pygame.Rect(left + self.width - half, below, half, button_h)
        else:
            buttons_left = row_end.right + frame.margin
            buttons_top = top + (self.height - 2 * button_h - gap) // 2
            layout.buttons["draw"] = pygame.Rect(buttons_left, buttons_top, self.buttons_w, button_h)
            layout.buttons["recycle"] = pygame.Rect(
                buttons_left, buttons_top + button_h + gap, self.buttons_w, button_h
            )


COLUMN_GAP = 0.12
"""Gap between two columns, over card width (the partner border and focus ring fit in it)."""
COLUMN_STEP = 0.3
"""How much of a covered column card shows, over card height (at least ``metrics.min_corner``)."""


class ColumnBlock:
    """The face-up columns of a variant that has them (Giza) in place of the piles: the
    variant's columns side by side, in one row (or, with ``arrangement.two_rows``, in two), each
    column's cards overlapping downwards so that every covered card shows its corner strip and
    the top card lies whole. Same interface as :class:`PileBlock`.

    A column is tapped anywhere on it (only its top card plays). ``target``: each column's tap
    rectangle is at least this wide and tall, even when its cards are drawn smaller (a phone
    too small for Giza's cards at full size): the columns are spaced so that those rectangles,
    each centred on its column, never touch."""

    under_pyramid = (0, 0)

    def __init__(
        self,
        arrangement: Arrangement,
        frame: Fixed,
        metrics: Metrics,
        card: tuple[int, int],
        variant: Variant,
        *,
        target: int = 0,
    ) -> None:
        card_w, card_h = card
        self.frame = frame
        self.card = (card_w, card_h)
        self.count = variant.columns
        self.depth = variant.column_depth
        self.per_row = -(-self.count // 2) if arrangement.two_rows else self.count
        self.rows = -(-self.count // self.per_row)
        self.gap = max(frame.gap, round(card_w * COLUMN_GAP))
        self.step = max(round(card_h * COLUMN_STEP), metrics.min_corner)
        self.column_h = card_h + (self.depth - 1) * self.step
        self.target = (max(card_w, target), max(self.column_h, target))
        self.width = self.per_row * self.target[0] + (self.per_row - 1) * self.gap
        self.height = self.rows * self.target[1] + (self.rows - 1) * self.gap

    def place(self, layout: TableLayout, left: int, top: int) -> None:
        card_w, card_h = self.card
        target_w, target_h = self.target
        layout.column_step = self.step
        layout.columns = []
        layout.column_targets = []
        for column in range(self.count):
            row, col = divmod(column, self.per_row)
            target = pygame.Rect(left + col * (target_w + self.gap), top + row * (target_h + self.gap),
                                 target_w, target_h)  # fmt: skip
            x = target.centerx - card_w // 2
            y = target.top + (target_h - self.column_h) // 2
            layout.columns.append(
                [pygame.Rect(x, y + k * self.step, card_w, card_h) for k in range(self.depth)]
            )
            layout.column_targets.append(target)
        # no piles: their rectangles stay empty, out of the way
        layout.pile_places = ()
        for name in ("deck", "stock", "waste", "cell", "stock_label", "waste_label"):
            setattr(layout, name, pygame.Rect(0, 0, 0, 0))


class ReserveBlock:
    """A reserve row (:mod:`rules.stock.reserve`) with the piles of its stock
    (:class:`PileBlock`). The row's cards lie side by side, touching as a pyramid row's do,
    each a tap target of its own: under the pyramid, centred on it (in landscape, the piles
    beside the pyramid, the row counted in :attr:`under_pyramid`; in portrait, the piles under
    the row), or with ``arrangement.reserve_beside`` over the piles beside the pyramid, in
    ``arrangement.reserve_rows`` rows; «Reserva» written over the row (not with a ``bare_row``,
    where there is no room). ``target``: each card's tap rectangle is at least this
    wide and tall, even when the cards are drawn smaller (``card``; a phone): the targets touch,
    each card centred in its own. Same interface as :class:`PileBlock`."""

    def __init__(
        self,
        arrangement: Arrangement,
        frame: Fixed,
        card: tuple[int, int],
        piles: PileBlock,
        count: int,
        *,
        target: int = 0,
    ) -> None:
        self.piles = piles
        self.frame = frame
        self.card = card
        self.count = count
        self.target = (max(card[0], target), max(card[1], target))
        rows = arrangement.reserve_rows if arrangement.reserve_beside else 1
        self.per_row = -(-count // rows)
        self.rows = -(-count // self.per_row)
        self.gap = max(frame.gap, round(self.target[1] * RESERVE_GAP))
        self.row_w = self.per_row * self.target[0]
        self.label_h = 0 if arrangement.bare_row else frame.label_h
        self.row_h = self.label_h + self.rows * self.target[1] + (self.rows - 1) * self.gap
        self.under = arrangement.beside and not arrangement.reserve_beside
        self.under_pyramid = (self.row_w, self.gap + self.row_h) if self.under else (0, 0)
        if self.under:
            self.width, self.height = piles.width, piles.height
        else:  # the row (or rows) over the piles
            self.width = max(self.row_w, piles.width)
            self.height = self.row_h + self.gap + piles.height

    def place(self, layout: TableLayout, left: int, top: int) -> None:
        """The piles and the row; under the pyramid, the row is centred on the pyramid's slots
        (already placed in ``layout``)."""
        if self.under:
            self.piles.place(layout, left, top)
            pyramid = layout.slots[0].unionall(layout.slots)
            row_left, row_top = pyramid.centerx - self.row_w // 2, pyramid.bottom + self.gap
        else:
            self.piles.place(layout, left + (self.width - self.piles.width) // 2, top + self.row_h + self.gap)
            row_left, row_top = left + (self.width - self.row_w) // 2, top
        card_w, card_h = self.card
        target_w, target_h = self.target
        text_h = max(0, self.label_h - self.frame.label_gap)
        layout.reserve_label = pygame.Rect(row_left, row_top, self.row_w if text_h else 0, text_h)
        row_top += self.label_h
        layout.reserve, layout.reserve_targets = [], []
        for index in range(self.count):
            row, col = divmod(index, self.per_row)
            in_row = min(self.per_row, self.count - row * self.per_row)
            x = row_left + (self.per_row - in_row) * target_w // 2 + col * target_w
            target = pygame.Rect(x, row_top + row * (target_h + self.gap), target_w, target_h)
            card = pygame.Rect(0, 0, card_w, card_h)
            card.center = target.center
            layout.reserve.append(card)
            layout.reserve_targets.append(target)
