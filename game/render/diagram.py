"""A small picture of a variant's layout for the rules screen, drawn from the variant value.

Nothing here is drawn per variant: the pyramid's rows come from the variant's shape (how many
rows, how long each is: the pyramid, the six-row pyramid, the triangle with its widest row on
top), and the rows under it from the stock kind's sections (:attr:`rules.stock.StockKind.sections`):
a reserve as a row of its own of face-up cards side by side, right under the pyramid; then the
stock (face up or face down as the kind deals it), each waste pile as an empty place, the
columns as the kind deals them (face up, overlapping). A section this module does not know (a
variant added later) is drawn as one empty place, so a new variant gets a picture the day it is
registered.

:func:`diagram_boxes` is the geometry (plain rectangles, tested without drawing);
:func:`draw_diagram` paints it with the theme's colours (taken by name, so a theme change
repaints it).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

from game.config import (
    BACK_EDGE,
    BACK_MAIN,
    BUTTON,
    CARD_ASPECT,
    FELT_CENTRE,
    PANEL_TEXT,
    ROW_STEP,
    SLOT_OUTLINE,
)
from rules.variant import Variant

GAP = 0.14
"""Room between two cards side by side, in card widths."""
PILE_SHIFT = 0.08
"""How far each card under a pile's top shows, in card widths (a pile looks like a pile)."""


class Face(enum.Enum):
    UP = "up"
    DOWN = "down"
    EMPTY = "empty"
    """A place with no card at the start (a waste pile)."""


@dataclass(frozen=True)
class Box:
    """One card (or empty place) of the picture: where, and how it lies."""

    rect: pygame.Rect
    face: Face


def _card_w(variant: Variant, width: int, largest: int) -> int:
    rows = _rows(variant)
    across = max(*(variant.shape.row_length(row) for row in range(variant.rows)), *map(len, rows))
    return max(4, min(largest, int(width / (across + (across + 1) * GAP))))


@dataclass(frozen=True)
class Place:
    """A place in the row under the pyramid: how its top card lies, how many cards are shown,
    and whether they fan downwards (a column) or stack (a pile)."""

    face: Face
    depth: int = 1
    fanned: bool = False


def _rows(variant: Variant) -> list[list[Place]]:
    """The rows under the pyramid, top to bottom, each left to right (a column is one place): a
    reserve's row, then the row of the other sections."""
    kind = variant.stock_kind
    reserve: list[Place] = []
    places: list[Place] = []
    for section in kind.sections:
        if section == "reserve":  # its own row, one face-up card a place
            reserve = [Place(Face.UP)] * kind.columns
        elif section == "stock":
            if variant.has_stock:
                places.append(Place(Face.UP if kind.stock_face_up else Face.DOWN, 3))
        elif section == "columns":
            places += [Place(Face.UP, kind.column_depth, fanned=True)] * kind.columns
        else:  # a waste pile, or a section of a later kind: an empty place (the text names it)
            places.append(Place(Face.EMPTY))
    return [row for row in (reserve, places) if row]


def diagram_boxes(variant: Variant, width: int, largest: int) -> tuple[list[Box], tuple[int, int]]:
    """The picture's cards within ``width`` pixels (cards at most ``largest`` wide), from its
    top left, bottom-most last, and the picture's size. Each row of the pyramid is centred on
    the one above (so a triangle's rows narrow downwards), each card overlapping the row above
    as on the table; the row of places below it, centred."""
    card_w = _card_w(variant, width, largest)
    card_h = round(card_w * CARD_ASPECT)
    step_x = card_w + max(1, round(card_w * GAP))
    step_y = max(1, round(card_h * ROW_STEP))
    centre = width // 2
    boxes: list[Box] = []
    for row in range(variant.rows):
        length = variant.shape.row_length(row)
        for col in range(length):
            left = centre + round((col - (length - 1) / 2) * step_x) - card_w // 2
            boxes.append(Box(pygame.Rect(left, row * step_y, card_w, card_h), Face.UP))
    top = (variant.rows - 1) * step_y + card_h + max(2, card_h // 4)
    shift = max(1, round(card_w * PILE_SHIFT))
    bottom = top
    for places in _rows(variant):
        top = _place_row(boxes, places, (centre, top), (card_w, card_h), shift)
        bottom = max(bottom, top)
        top += max(2, card_h // 4)
    return boxes, (width, bottom)


def _place_row(
    boxes: list[Box], places: list[Place], at: tuple[int, int], card: tuple[int, int], shift: int
) -> int:
    """Add one row of ``places`` centred on ``at`` (its centre and top) to ``boxes``; its bottom."""
    (centre, top), (card_w, card_h) = at, card
    step_x = card_w + max(1, round(card_w * GAP))
    step_y = max(1, round(card_h * ROW_STEP))
    bottom = top
    for index, place in enumerate(places):
        left = centre + round((index - (len(places) - 1) / 2) * step_x) - card_w // 2
        if place.fanned:  # a column: its cards overlap downwards, the last on top
            for level in range(place.depth):
                boxes.append(Box(pygame.Rect(left, top + level * step_y, card_w, card_h), place.face))
            bottom = max(bottom, top + (place.depth - 1) * step_y + card_h)
            continue
        for level in reversed(range(place.depth)):  # a pile: the cards under its top peek out
            rect = pygame.Rect(left + level * shift, top - level * shift, card_w, card_h)
            boxes.append(Box(rect, place.face))
        bottom = max(bottom, top + card_h)
    return bottom


def draw_diagram(surface: pygame.Surface, area: pygame.Rect, variant: Variant, largest: int) -> pygame.Rect:
    """Paint ``variant``'s picture centred at the top of ``area`` on a piece of felt; the felt's
    rectangle."""
    pad = max(4, largest // 4)
    boxes, (_, height) = diagram_boxes(variant, area.width - 2 * pad, largest)
    used_w = max(box.rect.right for box in boxes) - min(box.rect.left for box in boxes)
    left = min(box.rect.left for box in boxes)
    felt = pygame.Rect(0, 0, used_w + 2 * pad, height + 2 * pad)
    felt.midtop = area.midtop
    pygame.draw.rect(surface, FELT_CENTRE, felt, border_radius=pad)
    dx, dy = felt.left + pad - left, felt.top + pad
    radius = max(1, boxes[0].rect.width // 8)
    for box in boxes:
        rect = box.rect.move(dx, dy)
        if box.face is Face.EMPTY:
            line = max(1, rect.width // 12)
            pygame.draw.rect(surface, SLOT_OUTLINE, rect, width=line, border_radius=radius)
            continue
        fill = BUTTON if box.face is Face.UP else BACK_MAIN
        edge = PANEL_TEXT if box.face is Face.UP else BACK_EDGE
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, width=1, border_radius=radius)
    return felt


def diagram_height(variant: Variant, width: int, largest: int) -> int:
    """The height :func:`draw_diagram` takes in an area ``width`` wide."""
    pad = max(4, largest // 4)
    return diagram_boxes(variant, width - 2 * pad, largest)[1][1] + 2 * pad
