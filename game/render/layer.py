"""A surface drawn once and then repainted only where what it shows has changed.

A :class:`Layer` is given, every frame, the list of :class:`Item` s it should show: where each
paints (its rectangle), how (a function), and a key naming everything its pixels depend on.
It compares the list with the one it shows and repaints only the rectangles of the items that
appeared, went, moved or changed: for each such rectangle the background, then every item that
touches it, in order, clipped to it. A list equal to the last one costs a comparison and no
pixel, so an idle table costs nothing to "draw"; a move repaints a few cards' worth.

The layer is rebuilt whole when its size or its ``base`` changes (the base names what every
item depends on at once: the deck's art, the card size, the theme), and when most of it changed
anyway (:data:`WHOLE_SHARE`).

Contract of an item: its ``paint`` draws nothing outside ``rect``, and draws the same pixels
whenever its ``key`` and ``rect`` are the same. Then repainting part of the layer gives exactly
the pixels that painting it whole would (``tests/test_game_frames.py`` checks this through
whole games).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

import pygame

Paint = Callable[[pygame.Surface], object]

WHOLE_SHARE = 0.6
"""When the rectangles to repaint cover more than this share of the layer, it is painted whole
(one pass over everything instead of many overlapping ones)."""


@dataclass(frozen=True, slots=True)
class Item:
    """Something the layer shows: ``paint`` draws it within ``rect``; ``key`` names what its
    pixels depend on besides the rectangle (the card, its shading, a label and its style…)."""

    key: Hashable
    rect: tuple[int, int, int, int]
    paint: Paint

    @property
    def sign(self) -> tuple[Hashable, tuple[int, int, int, int]]:
        return self.key, self.rect


def item(key: Hashable, rect: pygame.Rect, paint: Paint) -> Item:
    return Item(key, (rect.x, rect.y, rect.w, rect.h), paint)


def blitter(image: pygame.Surface, where: pygame.Rect) -> Paint:
    """A paint that blits ``image`` at ``where``."""

    def paint(surface: pygame.Surface) -> None:
        surface.blit(image, where)

    return paint


def disjoint(rects: Iterable[pygame.Rect], within: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` clipped to ``within`` and merged until no two overlap (overlapping ones become
    their union), so that nothing is painted twice: what a pass that blends (a dimmed backdrop)
    needs, and what keeps the list short."""
    pending = [r.clip(within) for r in rects]
    pending = [r for r in pending if r.width > 0 and r.height > 0]
    merged = True
    while merged:
        merged = False
        out: list[pygame.Rect] = []
        for rect in pending:
            for index, other in enumerate(out):
                if other.colliderect(rect):
                    out[index] = other.union(rect)
                    merged = True
                    break
            else:
                out.append(rect)
        pending = out
    return pending


TILES_ACROSS = 40
""":func:`cover` works on a grid of squares this many to the window's short side (27 px at
1080 px): fine enough to follow cards, coarse enough to stay a few dozen rectangles."""


def cover(rects: Iterable[pygame.Rect], within: pygame.Rect) -> list[pygame.Rect]:
    """Rectangles that do not overlap and together cover every pixel of ``rects`` (clipped to
    ``within``), a little more at their edges: the squares of a grid that ``rects`` touch, joined
    into runs along each row, and runs that repeat down the rows into one rectangle. Unlike a
    union of bounding boxes, cards spread over the window do not become the whole window; and
    since nothing overlaps, nothing is painted (or dimmed) twice."""
    tile = max(8, min(within.size) // TILES_ACROSS)
    cols = -(-within.width // tile)
    marked: dict[int, bytearray] = {}
    for each in rects:
        rect = each.clip(within)
        if not rect.width or not rect.height:
            continue
        left, right = (rect.left - within.left) // tile, (rect.right - 1 - within.left) // tile
        for row in range((rect.top - within.top) // tile, (rect.bottom - 1 - within.top) // tile + 1):
            line = marked.setdefault(row, bytearray(cols))
            line[left : right + 1] = b"\x01" * (right + 1 - left)
    found: list[pygame.Rect] = []
    growing: dict[tuple[int, int], pygame.Rect] = {}
    for row in range(max(marked, default=-1) + 2):
        marks = marked.get(row)
        runs = set(_runs(marks)) if marks is not None else set()
        for run in list(growing):
            if run not in runs:
                found.append(growing.pop(run))
        for start, stop in runs:
            if (start, stop) in growing:
                growing[(start, stop)].height += tile
            else:
                growing[(start, stop)] = pygame.Rect(start * tile, row * tile, (stop - start) * tile, tile)
    return [r.move(within.topleft).clip(within) for r in found]


def _runs(line: bytearray) -> list[tuple[int, int]]:
    """The runs of marked squares in one row: (first, one past the last)."""
    runs = []
    start = line.find(1)
    while start != -1:
        stop = line.find(0, start)
        stop = len(line) if stop == -1 else stop
        runs.append((start, stop))
        start = line.find(1, stop)
    return runs


def outside(rect: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """Up to four rectangles that together cover ``rect`` except ``hole``."""
    hole = hole.clip(rect)
    if not hole.width or not hole.height:
        return [rect.copy()]
    parts = [
        pygame.Rect(rect.left, rect.top, rect.width, hole.top - rect.top),
        pygame.Rect(rect.left, hole.bottom, rect.width, rect.bottom - hole.bottom),
        pygame.Rect(rect.left, hole.top, hole.left - rect.left, hole.height),
        pygame.Rect(hole.right, hole.top, rect.right - hole.right, hole.height),
    ]
    return [part for part in parts if part.width > 0 and part.height > 0]


def area(rects: Iterable[pygame.Rect]) -> int:
    return sum(r.width * r.height for r in rects)


class Layer:
    """A cached surface of items over a background (see the module's docstring)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.items: list[Item] = []
        self.base: Hashable = None
        self.repaints = 0
        """Times part or all of the layer was repainted (for tests and the benchmark)."""

    def invalidate(self) -> None:
        """Paint everything again next time (something outside the items changed)."""
        self.surface = None

    def update(
        self,
        size: tuple[int, int],
        base: Hashable,
        background: Callable[[pygame.Surface, pygame.Rect], None],
        items: list[Item],
    ) -> list[pygame.Rect]:
        """Show ``items`` over ``background`` (which paints the given rectangle of the surface).
        Returns the rectangles repainted: none when nothing changed, the whole layer when it was
        (re)built."""
        whole = pygame.Rect((0, 0), size)
        if self.surface is None or self.surface.get_size() != size or base != self.base:
            if self.surface is None or self.surface.get_size() != size:
                display = pygame.display.get_surface()  # made in the window's format: no conversion
                self.surface = (
                    pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)
                )
            self.base = base
            return self._paint([whole], background, items)
        before = [i.sign for i in self.items]
        after = [i.sign for i in items]
        if before == after:
            self.items = items
            return []
        old, new = set(before), set(after)
        changed = [pygame.Rect(rect) for _, rect in old ^ new]
        if [s for s in before if s in new] != [s for s in after if s in old]:
            changed = [whole]  # items kept but drawn in another order: nothing says where
        damage = disjoint(changed, whole)
        if area(damage) > WHOLE_SHARE * whole.width * whole.height:
            damage = [whole]
        return self._paint(damage, background, items)

    def _paint(
        self,
        damage: list[pygame.Rect],
        background: Callable[[pygame.Surface, pygame.Rect], None],
        items: list[Item],
    ) -> list[pygame.Rect]:
        surface = self.surface
        assert surface is not None
        for rect in damage:
            surface.set_clip(rect)
            background(surface, rect)
            for each in items:
                if rect.colliderect(each.rect):
                    each.paint(surface)
        surface.set_clip(None)
        self.items = items
        self.repaints += 1
        return damage
