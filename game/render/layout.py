"""Where everything on the table goes, computed from the window size alone.

Landscape puts the stock, its top card and the waste to the right of the pyramid; portrait
puts them under it. Cards are as large as the space allows. Every tap target is at least
:data:`MIN_TAP` pixels on its short side. Pixel positions live here and nowhere in ``rules``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.config import (
    CARD_ASPECT,
    COL_GAP,
    CONTROLS_ONE_ROW_MIN_WIDTH,
    MAX_ROW_STEP,
    MIN_TAP,
    PILE_GAP,
    ROW_STEP,
    SPARE_TO_STEP,
)
from game.play import DECK
from rules import STOCK, WASTE
from rules.topology import COL, ROW, ROWS, SLOTS

CONTROLS = ("undo", "hint", "analyse", "new", "rules", "settings")
"""The fixed controls under the table, in reading order."""
PILE_CONTROLS = ("draw", "recycle")

PYRAMID_WIDTH = ROWS + (ROWS - 1) * COL_GAP
"""Pyramid width in card widths."""
PYRAMID_HEIGHT = 1 + (ROWS - 1) * ROW_STEP
"""Pyramid height in card heights."""
PILES_WIDTH = 3 + 2 * PILE_GAP
"""Deck, stock top and waste side by side, in card widths."""


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


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
    """Distance between pyramid rows over card height: :data:`ROW_STEP`, or more when a tall
    window has height to spare (more of every covered card shows)."""
    deal_max_width: int = 0
    """The deal chip shrinks to its text (see :meth:`fit_deal_chip`) up to this width."""
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)

    @property
    def step(self) -> int:
        """Visible height of a covered card's top strip."""
        return round(self.card[1] * self.row_step)

    def place_rect(self, place: int) -> pygame.Rect:
        if place < SLOTS:
            return self.slots[place]
        return {STOCK: self.stock, WASTE: self.waste, DECK: self.deck}[place]

    def tap_point(self, place: int) -> tuple[int, int]:
        """A point that hits ``place`` whatever lies around it (the top strip of a pyramid card)."""
        rect = self.place_rect(place)
        if place < SLOTS:
            return rect.centerx, rect.top + self.step // 2
        return rect.center

    def hit_place(self, pos: tuple[int, int], pyramid: int) -> int | None:
        """The place under ``pos``: the topmost pyramid card present in mask ``pyramid``, a pile, or None."""
        for slot in range(SLOTS - 1, -1, -1):
            if pyramid >> slot & 1 and self.slots[slot].collidepoint(pos):
                return slot
        for place in (DECK, STOCK, WASTE):
            if self.place_rect(place).collidepoint(pos):
                return place
        return None

    def fit_deal_chip(self, text_width: int) -> None:
        """Make the deal chip as wide as its text (plus padding), within its maximum."""
        chip = self.buttons["deal"]
        chip.width = max(MIN_TAP, min(self.deal_max_width, text_width + 2 * self.font))

    def hit_button(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None


def compute_layout(size: tuple[int, int]) -> TableLayout:
    width, height = size
    landscape = width > height
    margin = round(clamp(min(width, height) * 0.012, 6, 16))
    font = round(clamp(min(width, height) * 0.027, 14, 24))
    bar_h = max(MIN_TAP, round(font * 2.4))
    status_h = round(font * 1.9)
    message_h = round(font * 1.9)
    button_h = max(MIN_TAP, round(font * 2.6))
    rows = 1 if width >= CONTROLS_ONE_ROW_MIN_WIDTH else 2
    controls_h = rows * button_h + (rows - 1) * margin

    status = pygame.Rect(0, height - status_h, width, status_h)
    controls = pygame.Rect(margin, status.top - margin - controls_h, width - 2 * margin, controls_h)
    message = pygame.Rect(margin, controls.top - margin - message_h, width - 2 * margin, message_h)
    top_bar = pygame.Rect(0, 0, width, bar_h)
    play = pygame.Rect(margin, bar_h + margin, width - 2 * margin, message.top - bar_h - 2 * margin)
    pass_w = round(clamp(font * 8, 100, 240))
    pass_area = pygame.Rect(width - margin - pass_w, 0, pass_w, bar_h)

    layout = TableLayout(
        size, landscape, font, (0, 0), [], pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0),
        pygame.Rect(0, 0, 0, 0), top_bar, message, status, pass_area,
    )  # fmt: skip
    if landscape:
        _landscape_table(layout, play, button_h, margin)
    else:
        _portrait_table(layout, play, button_h, margin)
    _controls(layout, controls, rows, button_h, margin)
    chip_w = min(pass_area.left - 2 * margin, round(font * 30))
    layout.buttons["deal"] = pygame.Rect(margin, (bar_h - MIN_TAP) // 2, chip_w, MIN_TAP)
    layout.deal_max_width = chip_w
    return layout


def _card_size(card_h: float) -> tuple[int, int]:
    card_h = max(card_h, MIN_TAP * CARD_ASPECT)
    return round(card_h / CARD_ASPECT), round(card_h)


def _landscape_table(layout: TableLayout, play: pygame.Rect, button_h: int, margin: int) -> None:
    between = 0.5
    by_width = play.width / (PYRAMID_WIDTH + between + PILES_WIDTH) * CARD_ASPECT
    by_height = min(play.height / PYRAMID_HEIGHT, (play.height - button_h - margin) / 1.0)
    card_w, card_h = _card_size(min(by_width, by_height))
    layout.card = (card_w, card_h)
    pyramid_w = round(card_w * PYRAMID_WIDTH)
    piles_w = round(card_w * PILES_WIDTH)
    total = pyramid_w + round(card_w * between) + piles_w
    left = play.left + (play.width - total) // 2
    pyramid_h = round(card_h * PYRAMID_HEIGHT)
    top = play.top + (play.height - pyramid_h) // 2
    layout.slots = _pyramid(left, top, layout.card, ROW_STEP)
    piles_left = left + total - piles_w
    block_h = card_h + margin + button_h
    piles_top = play.top + (play.height - block_h) // 2
    _piles(layout, piles_left, piles_top)
    half = (piles_w - margin) // 2
    below = piles_top + card_h + margin
    layout.buttons["draw"] = pygame.Rect(piles_left, below, half, button_h)
    layout.buttons["recycle"] = pygame.Rect(piles_left + piles_w - half, below, half, button_h)


def _portrait_table(layout: TableLayout, play: pygame.Rect, button_h: int, margin: int) -> None:
    gap = 0.25
    pile_buttons_h = 2 * button_h + margin
    by_width = play.width / PYRAMID_WIDTH * CARD_ASPECT
    by_height = play.height / (PYRAMID_HEIGHT + gap + 1)
    if by_height < pile_buttons_h:
        by_height = (play.height - pile_buttons_h) / (PYRAMID_HEIGHT + gap)
    card_w, card_h = _card_size(min(by_width, by_height))
    layout.card = (card_w, card_h)
    row_h = max(card_h, pile_buttons_h)
    spare = play.height - row_h - card_h * (gap + PYRAMID_HEIGHT)
    layout.row_step = clamp(ROW_STEP + spare * SPARE_TO_STEP / ((ROWS - 1) * card_h), ROW_STEP, MAX_ROW_STEP)
    pyramid_h = round(card_h * (1 + (ROWS - 1) * layout.row_step))
    total_h = pyramid_h + round(card_h * gap) + row_h
    top = play.top + (play.height - total_h) // 2
    pyramid_w = round(card_w * PYRAMID_WIDTH)
    layout.slots = _pyramid(play.left + (play.width - pyramid_w) // 2, top, layout.card, layout.row_step)
    piles_w = round(card_w * PILES_WIDTH)
    buttons_w = round(clamp(play.width - piles_w - 2 * margin, MIN_TAP * 2, card_w * 2.6))
    row_w = piles_w + 2 * margin + buttons_w
    left = play.left + (play.width - row_w) // 2
    row_top = top + pyramid_h + round(card_h * gap)
    _piles(layout, left, row_top + (row_h - card_h) // 2)
    buttons_left = left + piles_w + 2 * margin
    buttons_top = row_top + (row_h - pile_buttons_h) // 2
    layout.buttons["draw"] = pygame.Rect(buttons_left, buttons_top, buttons_w, button_h)
    layout.buttons["recycle"] = pygame.Rect(
        buttons_left, buttons_top + button_h + margin, buttons_w, button_h
    )


def _pyramid(left: int, top: int, card: tuple[int, int], row_step: float) -> list[pygame.Rect]:
    """Slot rectangles: row r is shifted half a pitch per row so each card sits on two."""
    card_w, card_h = card
    pitch = card_w * (1 + COL_GAP)
    step = round(card_h * row_step)
    rects = []
    for slot in range(SLOTS):
        row, col = ROW[slot], COL[slot]
        x = left + (ROWS - 1 - row) * pitch / 2 + col * pitch
        rects.append(pygame.Rect(round(x), top + row * step, card_w, card_h))
    return rects


def _piles(layout: TableLayout, left: int, top: int) -> None:
    card_w, card_h = layout.card
    pitch = round(card_w * (1 + PILE_GAP))
    layout.deck = pygame.Rect(left, top, card_w, card_h)
    layout.stock = pygame.Rect(left + pitch, top, card_w, card_h)
    layout.waste = pygame.Rect(left + 2 * pitch, top, card_w, card_h)


def _controls(layout: TableLayout, area: pygame.Rect, rows: int, button_h: int, margin: int) -> None:
    per_row = -(-len(CONTROLS) // rows)
    width = (area.width - (per_row - 1) * margin) // per_row
    for index, name in enumerate(CONTROLS):
        row, col = divmod(index, per_row)
        x = area.left + col * (width + margin)
        y = area.top + row * (button_h + margin)
        layout.buttons[name] = pygame.Rect(x, y, width, button_h)
