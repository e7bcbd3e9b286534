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
    MAX_INDEX_WIDTH,
    Color,
)

ART_SIZE = (250, 350)
INDEX_AREA = pygame.Rect(6, 6, 32, 74)
"""Where the art draws its corner rank and suit, in the 250×350 source pixels."""
ART_RANK_HEIGHT = 38
"""Height of the corner rank glyph in the source art (pixels)."""


def scale_face(raw: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The face ``raw`` scaled to ``size``. When the art's corner rank would be shorter than
    :data:`INDEX_MIN_RANK_PX`, the corner is repainted larger from the full-size art, so rank
    and suit stay readable on small and covered cards."""
    face = pygame.transform.smoothscale(raw, size).convert_alpha()
    width, height = size
    scale = height / ART_SIZE[1]
    zoom = min(
        INDEX_MIN_RANK_PX / (ART_RANK_HEIGHT * scale), MAX_INDEX_WIDTH * width / (INDEX_AREA.width * scale)
    )
    if zoom <= 1.0:
        return face
    target = (round(INDEX_AREA.width * scale * zoom), round(INDEX_AREA.height * scale * zoom))
    big = pygame.transform.smoothscale(raw.subsurface(INDEX_AREA), target)
    face.blit(big, (max(1, round(INDEX_AREA.x * scale)), max(1, round(INDEX_AREA.y * scale))))
    return face


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


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int, dash: int) -> None:
    """A dashed border just outside ``rect``."""
    outer = rect.inflate(width * 2, width * 2)
    edges = (
        (outer.topleft, outer.topright),
        (outer.topright, outer.bottomright),
        (outer.bottomright, outer.bottomleft),
        (outer.bottomleft, outer.topleft),
    )
    for start, end in edges:
        _dashed_line(surface, color, start, end, width=width, dash=dash)


def _dashed_line(
    surface: pygame.Surface,
    color: Color,
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
    pos = 0.0
    while pos < length:
        stop = min(pos + dash, length)
        a = (start[0] + dx * pos, start[1] + dy * pos)
        b = (start[0] + dx * stop, start[1] + dy * stop)
        pygame.draw.line(surface, color, a, b, width)
        pos += dash * 2


def ring(surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int, gap: int = 0) -> None:
    """A solid rounded ring around ``rect``, ``gap`` pixels out."""
    outer = rect.inflate(2 * (gap + width), 2 * (gap + width))
    pygame.draw.rect(surface, color, outer, width=width, border_radius=max(4, rect.width // 10))
