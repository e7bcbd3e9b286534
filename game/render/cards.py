"""Card images at a given size, the card back, and the marks drawn on cards.

Built once per layout change (the loader caches them), never per frame.
"""

from __future__ import annotations

import math

import pygame

from game.config import (
    BACK_EDGE,
    BACK_LINE,
    BACK_MAIN,
    BACK_OUTLINE,
    BUTTON_ON,
    CORNER_RADIUS,
    INDEX_MIN_RANK_PX,
    Color,
)

ART_SIZE = (250, 350)
ART_RANK_HEIGHT = 33
"""Height of the corner rank glyph (an "A") in the standard deck's 250×350 source pixels."""
ART_LARGE_RANK_HEIGHT = 70
"""The same in the large-index decks, whose index (rank and suit) fills the top 147 px:
the strip a covered card shows at :data:`game.config.ROW_STEP`."""


def needs_large_index(card_height: int) -> bool:
    """True when the standard corner rank would be shorter than :data:`INDEX_MIN_RANK_PX` at
    this card height: such cards are drawn from the large-index deck instead."""
    return ART_RANK_HEIGHT * card_height / ART_SIZE[1] < INDEX_MIN_RANK_PX


def deck_folder(four_colour: bool, large_index: bool) -> str:
    """The folder of ``assets/cards`` holding that deck (``""``: the standard deck itself)."""
    parts = [name for name, wanted in (("four-colour", four_colour), ("large-index", large_index)) if wanted]
    return "-".join(parts)


def scale_face(raw: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The face ``raw`` scaled to ``size`` as a whole: the art is never patched."""
    return pygame.transform.smoothscale(raw, size).convert_alpha()


def make_back(size: tuple[int, int]) -> pygame.Surface:
    """Our own card back: a red lattice in a cream frame with a small pyramid, crisp at any size."""
    width = size[0]
    back = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, round(width * CORNER_RADIUS * 2))
    pygame.draw.rect(back, BACK_EDGE, back.get_rect(), border_radius=radius)
    inset = max(3, round(width * 0.07))
    inner = back.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(back, BACK_MAIN, inner, border_radius=max(2, radius // 2))
    _lattice(back, inner, BACK_LINE, max(8, width // 6))
    _pyramid_mark(back, inner)
    pygame.draw.rect(back, BACK_LINE, inner, width=max(1, width // 60), border_radius=max(2, radius // 2))
    pygame.draw.rect(back, BACK_OUTLINE, back.get_rect(), width=1, border_radius=radius)
    return back.convert_alpha()


def _lattice(surface: pygame.Surface, area: pygame.Rect, color: Color, step: int) -> None:
    clip = surface.get_clip()
    surface.set_clip(area)
    span = area.width + area.height
    for offset in range(-span, span, step):
        start = (area.left + offset, area.top)
        pygame.draw.line(surface, color, start, (start[0] + area.height, area.bottom), 1)
        pygame.draw.line(
            surface,
            color,
            (area.right - offset, area.top),
            (area.right - offset - area.height, area.bottom),
            1,
        )
    surface.set_clip(clip)


def _pyramid_mark(surface: pygame.Surface, area: pygame.Rect) -> None:
    half = area.width * 0.28
    cx, cy = area.centerx, area.centery
    points = [(cx, cy - half), (cx + half, cy + half * 0.7), (cx - half, cy + half * 0.7)]
    pygame.draw.polygon(surface, BACK_MAIN, [(x, y) for x, y in points])
    pygame.draw.polygon(surface, BUTTON_ON, points, width=max(1, area.width // 30))


def dashed_rect(
    surface: pygame.Surface, rect: pygame.Rect, palette: tuple[Color, ...], width: int, dash: int
) -> None:
    """A dashed border just outside ``rect``: with one colour, dashes and gaps; with more,
    dashes taking turns in each colour (a border that reads on light and dark ground alike)."""
    outer = rect.inflate(width, width)
    edges = (
        (outer.topleft, outer.topright),
        (outer.topright, outer.bottomright),
        (outer.bottomright, outer.bottomleft),
        (outer.bottomleft, outer.topleft),
    )
    for start, end in edges:
        _dashed_line(surface, palette, start, end, width=width, dash=dash)


def _dashed_line(
    surface: pygame.Surface,
    palette: tuple[Color, ...],
    start: tuple[int, int],
    end: tuple[int, int],
    *,
    width: int,
    dash: int,
) -> None:
    length = math.dist(start, end)
    if length == 0:
        return
    dx, dy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    half = width // 2
    pos, index = 0.0, 0
    while pos < length:
        stop = min(pos + dash, length)
        if len(palette) > 1 or index % 2 == 0:
            a = (start[0] + dx * (pos - half), start[1] + dy * (pos - half))
            b = (start[0] + dx * (stop + half), start[1] + dy * (stop + half))
            pygame.draw.line(surface, palette[index % len(palette)], a, b, width)
        pos += dash
        index += 1


def ring(surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int, gap: int = 0) -> None:
    """A solid rounded ring around ``rect``, ``gap`` pixels out."""
    outer = rect.inflate(2 * (gap + width), 2 * (gap + width))
    pygame.draw.rect(surface, color, outer, width=width, border_radius=max(4, rect.width // 10))
